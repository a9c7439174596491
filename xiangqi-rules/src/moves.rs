//! Moves: the self-describing [`Move`], the allocation-free [`MoveList`] and
//! the syntax-only [`IccsMove`].

use core::fmt;
use core::str::FromStr;

use crate::{Role, Square};

/// A move that describes itself: the role that moves, from where to where,
/// and the role it captures. No board is needed to print or undo it.
///
/// `Display` writes ICCS in the UCCI form: `h2e2`.
///
/// ```
/// use xiangqi_rules::{Move, Role, Square};
/// let m = Move::new(Role::Cannon, "h2".parse()?, "h9".parse()?, Some(Role::Horse));
/// assert_eq!(m.to_string(), "h2h9");
/// assert_eq!(m.capture, Some(Role::Horse));
/// # Ok::<(), xiangqi_rules::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The role of the moving piece.
    pub role: Role,
    /// Where it stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// The role of the enemy piece on `to`, if any.
    pub capture: Option<Role>,
}

impl Move {
    /// A move of a piece of `role` from `from` to `to`, capturing `capture`.
    #[inline]
    #[must_use]
    pub const fn new(role: Role, from: Square, to: Square, capture: Option<Role>) -> Move {
        Move {
            role,
            from,
            to,
            capture,
        }
    }

    /// The coordinates alone.
    #[must_use]
    pub const fn iccs(self) -> IccsMove {
        IccsMove {
            from: self.from,
            to: self.to,
        }
    }
}

impl fmt::Display for Move {
    /// ICCS in the UCCI form, `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// A move as coordinates only, before it is resolved against a position
/// ([`Position::to_move`](crate::Position::to_move)).
///
/// Reads ICCS: `h2e2`, and the original upper-case form with a hyphen, `H2-E2`.
///
/// ```
/// use xiangqi_rules::IccsMove;
/// let m: IccsMove = "H2-E2".parse().unwrap();
/// assert_eq!(m.to_string(), "h2e2");
/// assert!("h2e".parse::<IccsMove>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IccsMove {
    /// The origin.
    pub from: Square,
    /// The destination.
    pub to: Square,
}

/// Text that is not an ICCS move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not an ICCS move: expected two points such as h2e2 or H2-E2")]
pub struct ParseIccsMoveError(pub String);

impl FromStr for IccsMove {
    type Err = ParseIccsMoveError;

    fn from_str(s: &str) -> Result<IccsMove, ParseIccsMoveError> {
        let err = || ParseIccsMoveError(s.to_owned());
        let (a, b) = match (s.len(), s.get(..2), s.get(2..3)) {
            (4, Some(a), _) => (a, s.get(2..).ok_or_else(err)?),
            (5, Some(a), Some("-")) => (a, s.get(3..).ok_or_else(err)?),
            _ => return Err(err()),
        };
        Ok(IccsMove {
            from: a.parse().map_err(|_| err())?,
            to: b.parse().map_err(|_| err())?,
        })
    }
}

impl fmt::Display for IccsMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// The capacity of a [`MoveList`]: more than the moves any position with
/// at most the standard set of pieces has (2 chariots and 2 cannons 17
/// each, 2 horses 8 each, 5 soldiers 3 each, advisors, elephants and the
/// general 17 together: 118).
pub const MAX_LEGAL_MOVES: usize = 128;

/// A list of moves on the stack (no heap allocation).
///
/// ```
/// use xiangqi_rules::Position;
/// let moves = Position::startpos().legal_moves();
/// assert_eq!(moves.len(), 44);
/// assert!(moves.iter().any(|m| m.to_string() == "h2e2"));
/// ```
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_LEGAL_MOVES],
    len: usize,
}

const PLACEHOLDER: Move = Move::new(
    Role::General,
    Square::from_index_unchecked(0),
    Square::from_index_unchecked(0),
    None,
);

impl MoveList {
    /// An empty list.
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [PLACEHOLDER; MAX_LEGAL_MOVES],
            len: 0,
        }
    }

    /// Adds a move. A list that is full (which no position with at most the
    /// standard set of pieces can fill) keeps its moves and drops this one.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// The number of moves.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Whether `m` is in the list.
    #[must_use]
    pub fn contains(&self, m: &Move) -> bool {
        self.as_slice().contains(m)
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
