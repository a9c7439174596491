//! Sets of points, as a 90-bit mask.

use core::fmt;

use crate::Square;

/// A set of points (bit `i` = the point with index `i`).
///
/// ```
/// use xiangqi_rules::{Position, Square};
/// let pos = Position::from_fen("1n3k3/7r1/R3c4/9/9/9/4p4/2N5B/9/3AKA3 w - - 0 1").unwrap();
/// let checkers = pos.checkers();
/// assert_eq!(checkers.len(), 1);
/// assert!(checkers.contains("e7".parse::<Square>().unwrap()));
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub(crate) u128);

impl SquareSet {
    /// No point.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// The number of points.
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The points in index order (`a0`, `b0`, …).
    pub fn iter(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        core::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(Square::from_index_unchecked(i))
            }
        })
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.to_string()))
            .finish()
    }
}
