//! Sets of squares as 81-bit masks.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::{Color, Square};

const FULL_MASK: u128 = (1u128 << 81) - 1;

/// A set of squares: bit `i` stands for the square with index `i`
/// (see [`Square`]). Bits 81–127 are not squares: the library never sets
/// them, and ignores them when counting or iterating.
///
/// ```
/// use shogi_rules::{Bitboard, Square};
/// let bb = Bitboard::from_square(Square::SQ_7G) | Bitboard::from_square(Square::SQ_5E);
/// assert_eq!(bb.count(), 2);
/// assert!(bb.contains(Square::SQ_5E));
/// assert_eq!(bb.into_iter().collect::<Vec<_>>(), [Square::SQ_5E, Square::SQ_7G]);
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 81 squares.
    pub const FULL: Bitboard = Bitboard(FULL_MASK);

    /// The set holding only `sq`.
    #[inline]
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        // A table load is cheaper than a variable 128-bit shift.
        Bitboard(SQUARE_BITS[sq.index()])
    }

    /// The squares of one file (1–9); empty for any other number.
    #[must_use]
    pub const fn file(file: u8) -> Bitboard {
        if file >= 1 && file <= 9 {
            Bitboard(0x1ff << ((file as u32 - 1) * 9))
        } else {
            Bitboard::EMPTY
        }
    }

    /// The squares of one rank (1–9, 1 = `a`); empty for any other number.
    #[must_use]
    pub const fn rank(rank: u8) -> Bitboard {
        if rank >= 1 && rank <= 9 {
            Bitboard(RANK_A.0 << (rank - 1))
        } else {
            Bitboard::EMPTY
        }
    }

    /// The promotion zone of `color`: its three far ranks.
    #[inline]
    #[must_use]
    pub const fn zone(color: Color) -> Bitboard {
        match color {
            Color::Sente => Bitboard(RANK_A.0 * 0b111),
            Color::Gote => Bitboard(RANK_A.0 * 0b111_000_000),
        }
    }

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & SQUARE_BITS[sq.index()] != 0
    }

    /// The number of squares in the set.
    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        (self.0 & FULL_MASK).count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether the set has two or more squares.
    #[inline]
    #[must_use]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The square with the lowest index, if any.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        // Bits above 80 are not squares (a caller may set them through the
        // public field): ignore them.
        let bits = self.0 & FULL_MASK;
        if bits == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(bits.trailing_zeros() as u8))
        }
    }

    /// The only square of a one-square set; `None` if the set is empty or has more.
    #[inline]
    #[must_use]
    pub const fn single_square(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= SQUARE_BITS[sq.index()];
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !SQUARE_BITS[sq.index()];
    }

    /// Toggles `sq`.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= SQUARE_BITS[sq.index()];
    }

    /// Whether the two sets share a square.
    #[inline]
    #[must_use]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// For every file that holds at least one square of the set, the whole file.
    #[inline]
    #[must_use]
    pub const fn occupied_files(self) -> Bitboard {
        // Fold each 9-bit file onto its rank-a bit, then spread it back out.
        let s = self.0 | (self.0 >> 1);
        let s = s | (s >> 2);
        let s = s | (s >> 4);
        let s = s | (self.0 >> 8);
        Bitboard((s & RANK_A.0) * 0x1ff)
    }
}

// One entry per value of a square's `u8` index, so that no lookup needs a range check; the
// entries past 80 are never read (a square's index is below 81).
const SQUARE_BITS: [u128; 256] = {
    let mut table = [0u128; 256];
    let mut i = 0;
    while i < 81 {
        table[i] = 1u128 << i;
        i += 1;
    }
    table
};

/// Rank `a` (index `9 * file`).
pub(crate) const RANK_A: Bitboard = {
    let mut bb = 0u128;
    let mut f = 0;
    while f < 9 {
        bb |= 1u128 << (9 * f);
        f += 1;
    }
    Bitboard(bb)
};

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Bitboard(")?;
        f.debug_list().entries(*self).finish()?;
        f.write_str(")")
    }
}

/// Iterates the squares of a [`Bitboard`] in index order.
#[derive(Clone, Debug)]
pub struct IntoIter(u128);

impl Iterator for IntoIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index_unchecked(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for IntoIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = IntoIter;

    #[inline]
    fn into_iter(self) -> IntoIter {
        IntoIter(self.0 & FULL_MASK)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.insert(sq);
        }
        bb
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! binop {
    ($trait:ident, $fn:ident, $assign_trait:ident, $assign_fn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_fn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// Complement within the 81 squares.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & FULL_MASK)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_beyond_the_board_are_ignored() {
        let bb = Bitboard(u128::MAX);
        assert_eq!(bb.count(), 81);
        assert_eq!(bb.into_iter().count(), 81);
        assert_eq!(Bitboard(1 << 100).first(), None);
    }

    #[test]
    fn occupied_files_covers_whole_files() {
        let bb = Bitboard::from_square(Square::SQ_7G) | Bitboard::from_square(Square::SQ_1A);
        assert_eq!(bb.occupied_files(), Bitboard::file(7) | Bitboard::file(1));
        assert_eq!(
            Bitboard::from_square(Square::SQ_9I).occupied_files(),
            Bitboard::file(9)
        );
    }
}
