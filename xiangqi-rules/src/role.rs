//! Piece kinds, and pieces (a kind with a colour).

use core::fmt;

use crate::Color;

crate::names::named_enum! {
    /// The seven kinds of piece.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Role("role") {
        /// General (帥/將, `K`): one orthogonal step inside its palace.
        General = 0 => "general",
        /// Advisor (仕/士, `A`): one diagonal step inside its palace.
        Advisor = 1 => "advisor",
        /// Elephant (相/象, `B`): two diagonal steps, blocked at the midpoint,
        /// never across the river.
        Elephant = 2 => "elephant",
        /// Horse (馬, `N`): one orthogonal then one diagonal step outward,
        /// blocked at the first point.
        Horse = 3 => "horse",
        /// Chariot (車, `R`): any distance orthogonally.
        Chariot = 4 => "chariot",
        /// Cannon (炮/砲, `C`): moves like a chariot, captures by jumping
        /// exactly one piece.
        Cannon = 5 => "cannon",
        /// Soldier (兵/卒, `P`): one step forward, also sideways after
        /// crossing the river.
        Soldier = 6 => "soldier",
    }
}

impl Role {
    /// The discriminant, 0–6.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role with discriminant `i`, if any.
    #[inline]
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Role> {
        if i < Role::ALL.len() {
            Some(Role::ALL[i])
        } else {
            None
        }
    }

    /// The upper-case FEN letter this crate writes: `K A B N R C P`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// Reads a FEN letter in either case: `K A B N R C P`, and the
    /// alternatives `E` (elephant) and `H` (horse).
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'K' => Some(Role::General),
            'A' => Some(Role::Advisor),
            'B' | 'E' => Some(Role::Elephant),
            'N' | 'H' => Some(Role::Horse),
            'R' => Some(Role::Chariot),
            'C' => Some(Role::Cannon),
            'P' => Some(Role::Soldier),
            _ => None,
        }
    }

    /// Whether this is a chariot, horse, cannon or soldier: the roles whose
    /// absence on both sides draws the game at once (bare material).
    #[must_use]
    pub const fn is_attacker(self) -> bool {
        matches!(
            self,
            Role::Chariot | Role::Horse | Role::Cannon | Role::Soldier
        )
    }

    /// How many pieces of this role each side has at the start.
    #[must_use]
    pub const fn start_count(self) -> u32 {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A piece: a role and a colour.
///
/// ```
/// use xiangqi_rules::{Color, Piece, Role};
/// let p = Piece::from_char('c').unwrap();
/// assert_eq!(p, Piece::new(Color::Black, Role::Cannon));
/// assert_eq!(p.char(), 'c');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// The side that owns it.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    #[inline]
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::Red => self.role.char(),
            Color::Black => self.role.char().to_ascii_lowercase(),
        }
    }

    /// Reads a FEN letter (see [`Role::from_char`]); the case gives the colour.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::Red
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }

    /// The compact code used by the board: 1–7 Red, 9–15 Black, never 0.
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        (self.color.index() as u8) << 3 | (self.role.index() as u8 + 1)
    }

    /// The piece of a board code (0 = empty).
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        let color = if code & 8 == 0 {
            Color::Red
        } else {
            Color::Black
        };
        match (code & 7).checked_sub(1) {
            Some(r) => match Role::from_index(r as usize) {
                Some(role) => Some(Piece { color, role }),
                None => None,
            },
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    /// The FEN letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
