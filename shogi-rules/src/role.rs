//! Piece kinds, promotion, and pieces (a kind with a colour).

use core::fmt;

use crate::Color;

crate::names::named_enum! {
    /// The 14 kinds of piece: the eight unpromoted ones and the six promoted ones.
    ///
    /// The discriminants are stable: the six promotable roles are 0–5 and their
    /// promoted forms are the same number plus 8.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    #[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
    pub enum Role("role") {
        /// Pawn (歩, `P`).
        Pawn = 0 => "pawn",
        /// Lance (香, `L`).
        Lance = 1 => "lance",
        /// Knight (桂, `N`).
        Knight = 2 => "knight",
        /// Silver general (銀, `S`).
        Silver = 3 => "silver",
        /// Bishop (角, `B`).
        Bishop = 4 => "bishop",
        /// Rook (飛, `R`).
        Rook = 5 => "rook",
        /// Gold general (金, `G`).
        Gold = 6 => "gold",
        /// King (玉/王, `K`).
        King = 7 => "king",
        /// Promoted pawn (と, `+P`).
        Tokin = 8 => "tokin",
        /// Promoted lance (成香, `+L`).
        PromotedLance = 9 => "promoted_lance",
        /// Promoted knight (成桂, `+N`).
        PromotedKnight = 10 => "promoted_knight",
        /// Promoted silver (成銀, `+S`).
        PromotedSilver = 11 => "promoted_silver",
        /// Promoted bishop (馬, `+B`).
        Horse = 12 => "horse",
        /// Promoted rook (竜, `+R`).
        Dragon = 13 => "dragon",
    }
}

impl Role {
    /// The seven roles a hand can hold, in canonical SFEN order (R B G S N L P).
    pub const HAND: [Role; 7] = [
        Role::Rook,
        Role::Bishop,
        Role::Gold,
        Role::Silver,
        Role::Knight,
        Role::Lance,
        Role::Pawn,
    ];

    /// The discriminant, 0–13.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role with discriminant `index`.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Role> {
        if index < 14 {
            Some(Role::ALL[index])
        } else {
            None
        }
    }

    /// The promoted form, if this role can promote.
    #[inline]
    #[must_use]
    pub const fn promote(self) -> Option<Role> {
        if (self as u8) < 6 {
            Some(Role::ALL[self as usize + 8])
        } else {
            None
        }
    }

    /// The unpromoted form (the role itself if it is not promoted). This is also
    /// what a capture puts in the capturer's hand.
    #[inline]
    #[must_use]
    pub const fn unpromote(self) -> Role {
        if (self as u8) >= 8 {
            Role::ALL[self as usize - 8]
        } else {
            self
        }
    }

    /// Whether this is a promoted role.
    #[inline]
    #[must_use]
    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 8
    }

    /// Whether this role can promote (pawn, lance, knight, silver, bishop, rook).
    #[inline]
    #[must_use]
    pub const fn can_promote(self) -> bool {
        (self as u8) < 6
    }

    /// Whether a piece of this role slides (lance, bishop, rook, horse, dragon).
    #[inline]
    pub(crate) const fn is_slider(self) -> bool {
        const SLIDERS: u32 = 1 << Role::Lance as u32
            | 1 << Role::Bishop as u32
            | 1 << Role::Rook as u32
            | 1 << Role::Horse as u32
            | 1 << Role::Dragon as u32;
        SLIDERS & 1 << self as u32 != 0
    }

    /// Whether a piece of this role can be held in hand (any unpromoted role but the king).
    #[inline]
    #[must_use]
    pub const fn is_hand_role(self) -> bool {
        (self as u8) < 7
    }

    /// The upper-case SFEN letter of the unpromoted role (`P L N S B R G K`).
    #[must_use]
    pub const fn sfen_char(self) -> char {
        match self.unpromote() {
            Role::Pawn => 'P',
            Role::Lance => 'L',
            Role::Knight => 'N',
            Role::Silver => 'S',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Gold => 'G',
            _ => 'K',
        }
    }

    /// The unpromoted role of an SFEN letter, either case.
    #[must_use]
    pub const fn from_sfen_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'L' => Role::Lance,
            'N' => Role::Knight,
            'S' => Role::Silver,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'G' => Role::Gold,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// The number of pieces of this unpromoted kind in the standard set (both
    /// sides together, promoted ones counted under their base kind).
    #[must_use]
    pub const fn standard_count(self) -> u8 {
        match self.unpromote() {
            Role::Pawn => 18,
            Role::Lance | Role::Knight | Role::Silver | Role::Gold => 4,
            _ => 2,
        }
    }
}

/// A piece: a role and the colour that owns it.
///
/// `Display` and `FromStr` use the SFEN form: `P`, `+p`, `K`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Piece {
    /// The owner.
    pub color: Color,
    /// The kind.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// Compact code used by the board: `1 + color * 16 + role`; 0 is an empty square.
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        1 + (self.color as u8) * 16 + self.role as u8
    }

    /// Inverse of [`Piece::code`] for non-zero codes.
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 {
            return None;
        }
        let c = code - 1;
        let color = if c >= 16 { Color::Gote } else { Color::Sente };
        match Role::from_index((c % 16) as usize) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.role.is_promoted() {
            f.write_str("+")?;
        }
        let c = self.role.sfen_char();
        let c = match self.color {
            Color::Sente => c,
            Color::Gote => c.to_ascii_lowercase(),
        };
        write!(f, "{c}")
    }
}

/// The text is not an SFEN piece such as `P`, `+p` or `K`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a piece: expected an SFEN piece letter such as P, +p or K")]
pub struct ParsePieceError;

impl core::str::FromStr for Piece {
    type Err = ParsePieceError;

    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        let (promoted, rest) = match s.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let mut chars = rest.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(ParsePieceError);
        };
        let role = Role::from_sfen_char(c).ok_or(ParsePieceError)?;
        let role = if promoted {
            role.promote().ok_or(ParsePieceError)?
        } else {
            role
        };
        let color = if c.is_ascii_uppercase() {
            Color::Sente
        } else {
            Color::Gote
        };
        Ok(Piece { color, role })
    }
}
