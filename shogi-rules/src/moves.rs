//! Moves: the self-describing [`Move`], the allocation-free [`MoveList`] and
//! the syntax-only [`UsiMove`].

use core::fmt;
use core::str::FromStr;

use crate::{Role, Square};

/// A legal-move candidate that describes itself: a board move knows its role,
/// origin, destination, captured role and whether it promotes; a drop knows
/// its role and square. No board is needed to print it.
///
/// `Display` writes USI: `7g7f`, `8h2b+`, `P*5e`.
///
/// ```
/// use shogi_rules::{Move, Role, Square};
/// let m = Move::normal(Role::Bishop, Square::SQ_8H, Square::SQ_2B, Some(Role::Bishop), true);
/// assert_eq!(m.to_string(), "8h2b+");
/// assert_eq!(m.capture(), Some(Role::Bishop));
/// assert_eq!(Move::drop(Role::Pawn, Square::SQ_5E).to_string(), "P*5e");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u32);

// Layout: bits 0-6 destination, 7-13 origin, 14-17 role, 18 promotion,
// 19-22 captured role + 1 (0 = none), 23 drop.
const TO_MASK: u32 = 0x7f;
const FROM_SHIFT: u32 = 7;
const ROLE_SHIFT: u32 = 14;
const PROMOTE_BIT: u32 = 1 << 18;
const CAPTURE_SHIFT: u32 = 19;
const DROP_BIT: u32 = 1 << 23;

/// The role of each 4-bit role code: the roles in order, then two codes no move has (read
/// as a pawn). Indexing by a masked code needs no range check.
const ROLE_OF_CODE: [Role; 16] = {
    let mut table = [Role::Pawn; 16];
    let mut i = 0;
    while i < 14 {
        table[i] = Role::ALL[i];
        i += 1;
    }
    table
};

/// The role after promotion of each role code: the promoted role where it has one, the role
/// itself otherwise.
const PROMOTED_OF_CODE: [Role; 16] = {
    let mut table = ROLE_OF_CODE;
    let mut i = 0;
    while i < 16 {
        if let Some(promoted) = ROLE_OF_CODE[i].promote() {
            table[i] = promoted;
        }
        i += 1;
    }
    table
};

/// The captured role of each 4-bit capture code: none for 0, the roles in order from 1.
const CAPTURE_OF_CODE: [Option<Role>; 16] = {
    let mut table = [None; 16];
    let mut i = 0;
    while i < 14 {
        table[i + 1] = Some(Role::ALL[i]);
        i += 1;
    }
    table
};

impl Move {
    /// A board move of a piece of `role` (its role before the move) from `from`
    /// to `to`, capturing `capture` (the role standing on `to`), promoting if
    /// `promote`.
    #[inline]
    #[must_use]
    pub const fn normal(
        role: Role,
        from: Square,
        to: Square,
        capture: Option<Role>,
        promote: bool,
    ) -> Move {
        let cap = match capture {
            Some(r) => r as u32 + 1,
            None => 0,
        };
        Move(
            to.index() as u32
                | (from.index() as u32) << FROM_SHIFT
                | (role as u32) << ROLE_SHIFT
                | if promote { PROMOTE_BIT } else { 0 }
                | cap << CAPTURE_SHIFT,
        )
    }

    /// A drop of a piece of `role` from the hand onto `to`.
    #[inline]
    #[must_use]
    pub const fn drop(role: Role, to: Square) -> Move {
        Move(to.index() as u32 | (role as u32) << ROLE_SHIFT | DROP_BIT)
    }

    /// The destination square.
    #[inline]
    #[must_use]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 & TO_MASK) as u8)
    }

    /// The origin square; `None` for a drop.
    #[inline]
    #[must_use]
    pub const fn from(self) -> Option<Square> {
        if self.is_drop() {
            None
        } else {
            Some(Square::from_index_unchecked(
                ((self.0 >> FROM_SHIFT) & 0x7f) as u8,
            ))
        }
    }

    /// The role of the moving (or dropped) piece before any promotion.
    #[inline]
    #[must_use]
    pub const fn role(self) -> Role {
        ROLE_OF_CODE[((self.0 >> ROLE_SHIFT) & 0xf) as usize]
    }

    /// The role of the piece on the destination after the move.
    #[inline]
    #[must_use]
    pub const fn role_after(self) -> Role {
        let code = ((self.0 >> ROLE_SHIFT) & 0xf) as usize;
        if self.is_promotion() {
            PROMOTED_OF_CODE[code]
        } else {
            ROLE_OF_CODE[code]
        }
    }

    /// The captured role as it stood on the board (a dragon, not a rook), if any.
    #[inline]
    #[must_use]
    pub const fn capture(self) -> Option<Role> {
        CAPTURE_OF_CODE[((self.0 >> CAPTURE_SHIFT) & 0xf) as usize]
    }

    /// Whether the move promotes.
    #[inline]
    #[must_use]
    pub const fn is_promotion(self) -> bool {
        self.0 & PROMOTE_BIT != 0
    }

    /// Whether the move is a drop.
    #[inline]
    #[must_use]
    pub const fn is_drop(self) -> bool {
        self.0 & DROP_BIT != 0
    }

    /// Whether the move captures.
    #[inline]
    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.capture().is_some()
    }

    /// The USI syntax of the move (forgetting role and capture).
    #[must_use]
    pub const fn to_usi(self) -> UsiMove {
        match self.from() {
            Some(from) => UsiMove::Normal {
                from,
                to: self.to(),
                promote: self.is_promotion(),
            },
            None => UsiMove::Drop {
                role: self.role(),
                to: self.to(),
            },
        }
    }

    /// The packed representation (stable within a version; used by the bindings).
    #[must_use]
    pub const fn to_bits(self) -> u32 {
        self.0
    }

    /// The move whose packed representation is `bits`, or `None` when `bits`
    /// is not one [`Move::to_bits`] can produce: squares out of range, an
    /// unknown role, a drop of a promoted piece or a king, a drop that names an
    /// origin, promotes or captures, a promotion of a piece that cannot promote,
    /// a capture of a king, or bits set beyond the layout.
    ///
    /// Whether the move is legal in some position is a separate question
    /// ([`Position::is_legal`](crate::Position::is_legal)).
    ///
    /// ```
    /// use shogi_rules::{Move, Role, Square};
    /// let m = Move::drop(Role::Pawn, Square::SQ_5E);
    /// assert_eq!(Move::from_bits(m.to_bits()), Some(m));
    /// assert_eq!(Move::from_bits(u32::MAX), None);
    /// ```
    #[must_use]
    pub const fn from_bits(bits: u32) -> Option<Move> {
        if bits >> 24 != 0 || (bits & TO_MASK) >= 81 {
            return None;
        }
        let from = (bits >> FROM_SHIFT) & 0x7f;
        let role = match Role::from_index(((bits >> ROLE_SHIFT) & 0xf) as usize) {
            Some(r) => r,
            None => return None,
        };
        let cap = (bits >> CAPTURE_SHIFT) & 0xf;
        let promote = bits & PROMOTE_BIT != 0;
        if bits & DROP_BIT != 0 {
            let droppable = (role as u32) < 8 && !matches!(role, Role::King);
            if from != 0 || promote || cap != 0 || !droppable {
                return None;
            }
        } else {
            if from >= 81 || from == bits & TO_MASK {
                return None;
            }
            if cap != 0 {
                match Role::from_index(cap as usize - 1) {
                    Some(Role::King) | None => return None,
                    Some(_) => {}
                }
            }
            if promote && role.promote().is_none() {
                return None;
            }
        }
        Some(Move(bits))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_usi(), f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self} {:?}", self.role())?;
        if let Some(c) = self.capture() {
            write!(f, " x{c:?}")?;
        }
        f.write_str(")")
    }
}

/// The largest number of legal moves any shogi position has is 593; the list
/// holds a few more.
pub const MAX_LEGAL_MOVES: usize = 600;

/// A list of moves with a fixed capacity of [`MAX_LEGAL_MOVES`], living on the
/// stack, so move generation never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_LEGAL_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[must_use]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move(0); MAX_LEGAL_MOVES],
            len: 0,
        }
    }

    /// Appends a move. A full list ignores further moves (no legal position
    /// produces that many).
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Removes all moves.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(&m) {
                self.moves[n] = m;
                n += 1;
            }
        }
        self.len = n;
    }

    /// The moves as a slice.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for sorting).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl core::ops::DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MoveList {}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// An owning iterator over a [`MoveList`].
#[derive(Clone, Debug)]
pub struct MoveListIntoIter {
    list: MoveList,
    next: usize,
}

impl Iterator for MoveListIntoIter {
    type Item = Move;
    fn next(&mut self) -> Option<Move> {
        let m = self.list.as_slice().get(self.next).copied();
        self.next += 1;
        m
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.list.len.saturating_sub(self.next);
        (n, Some(n))
    }
}

impl ExactSizeIterator for MoveListIntoIter {}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;
    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter {
            list: self,
            next: 0,
        }
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for m in iter {
            self.push(m);
        }
    }
}

/// A move as USI writes it, before it is checked against a position:
/// `7g7f`, `8h2b+`, `P*5e`.
///
/// ```
/// use shogi_rules::{Role, Square, UsiMove};
/// let m: UsiMove = "P*5e".parse().unwrap();
/// assert_eq!(m, UsiMove::Drop { role: Role::Pawn, to: Square::SQ_5E });
/// assert!("7g7".parse::<UsiMove>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum UsiMove {
    /// A board move.
    Normal {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
        /// Whether `+` was written.
        promote: bool,
    },
    /// A drop.
    Drop {
        /// The dropped role (any role parses; only hand roles can be legal).
        role: Role,
        /// Destination.
        to: Square,
    },
}

impl UsiMove {
    /// The destination square.
    #[must_use]
    pub const fn to(self) -> Square {
        match self {
            UsiMove::Normal { to, .. } | UsiMove::Drop { to, .. } => to,
        }
    }
}

impl fmt::Display for UsiMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            UsiMove::Normal { from, to, promote } => {
                write!(f, "{from}{to}{}", if promote { "+" } else { "" })
            }
            UsiMove::Drop { role, to } => write!(f, "{}*{to}", role.sfen_char()),
        }
    }
}

/// Why a text is not a USI move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseUsiMoveError {
    /// Empty text.
    #[error("empty move text")]
    Empty,
    /// The text has the wrong length: USI moves have 4 or 5 characters.
    #[error("a USI move has 4 or 5 characters (7g7f, 8h2b+, P*5e), got {0}")]
    BadLength(usize),
    /// A square is malformed; `column` is 1-based.
    #[error("bad square at column {column}: expected a file 1-9 and a rank a-i")]
    BadSquare {
        /// 1-based column of the square's first character.
        column: usize,
    },
    /// The drop piece letter is not one of `P L N S G B R`.
    #[error("bad drop piece {0:?}: expected one of P L N S G B R")]
    BadDropPiece(char),
    /// The fifth character is not `+`.
    #[error("unexpected {0:?} after the move: only + may follow")]
    BadSuffix(char),
}

impl FromStr for UsiMove {
    type Err = ParseUsiMoveError;

    fn from_str(s: &str) -> Result<UsiMove, ParseUsiMoveError> {
        let b = s.as_bytes();
        if b.is_empty() {
            return Err(ParseUsiMoveError::Empty);
        }
        if !s.is_ascii() || !(4..=5).contains(&b.len()) {
            return Err(ParseUsiMoveError::BadLength(s.chars().count()));
        }
        let to =
            Square::from_usi_bytes(b[2], b[3]).ok_or(ParseUsiMoveError::BadSquare { column: 3 })?;
        if b[1] == b'*' {
            if b.len() == 5 {
                return Err(ParseUsiMoveError::BadSuffix(b[4] as char));
            }
            let role = match b[0] {
                b'P' => Role::Pawn,
                b'L' => Role::Lance,
                b'N' => Role::Knight,
                b'S' => Role::Silver,
                b'G' => Role::Gold,
                b'B' => Role::Bishop,
                b'R' => Role::Rook,
                other => return Err(ParseUsiMoveError::BadDropPiece(other as char)),
            };
            return Ok(UsiMove::Drop { role, to });
        }
        let from =
            Square::from_usi_bytes(b[0], b[1]).ok_or(ParseUsiMoveError::BadSquare { column: 1 })?;
        let promote = match b.get(4) {
            None => false,
            Some(b'+') => true,
            Some(&other) => return Err(ParseUsiMoveError::BadSuffix(other as char)),
        };
        Ok(UsiMove::Normal { from, to, promote })
    }
}
