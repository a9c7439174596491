//! The 90 points of the board, named in ICCS coordinates.

use core::fmt;
use core::str::FromStr;

use crate::Color;

/// A point of the board: file `a`–`i` from Red's left, rank `0`–`9` from
/// Red's side (ICCS coordinates; Red's back rank is rank 0).
///
/// The index is `rank * 9 + file`, 0 (`a0`) to 89 (`i9`).
///
/// ```
/// use xiangqi_rules::{Color, Square};
/// let sq: Square = "e0".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank()), (4, 0));
/// assert_eq!(sq.index(), 4);
/// assert!(sq.in_palace(Color::Red));
/// assert_eq!(Square::new(7, 2).unwrap().to_string(), "h2");
/// assert!(Square::new(9, 0).is_none());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Text that is not an ICCS point such as `e0` or `h9`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a point: expected a file a-i and a rank 0-9, such as e0")]
pub struct ParseSquareError(pub String);

impl Square {
    /// The number of points.
    pub const COUNT: usize = 90;

    /// The point on `file` (0–8, `a`–`i`) and `rank` (0–9), if both are on the board.
    #[inline]
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// The point with index `i` (0–89), if any.
    #[inline]
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < Square::COUNT {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// A point from an index known to be below 90 (tables and loops of the crate).
    #[inline]
    pub(crate) const fn from_index_unchecked(i: usize) -> Square {
        Square(i as u8)
    }

    /// `rank * 9 + file`, 0–89.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) to 8 (`i`).
    #[inline]
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// The rank, 0 (Red's back rank) to 9 (Black's back rank).
    #[inline]
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The side of the river the point is on: ranks 0–4 are Red's, 5–9 Black's.
    #[inline]
    #[must_use]
    pub const fn side(self) -> Color {
        if self.rank() < 5 {
            Color::Red
        } else {
            Color::Black
        }
    }

    /// Whether the point is inside `color`'s palace (files d–f; ranks 0–2
    /// for Red, 7–9 for Black).
    #[must_use]
    pub const fn in_palace(self, color: Color) -> bool {
        let (file, rank) = (self.file(), self.rank());
        file >= 3
            && file <= 5
            && match color {
                Color::Red => rank <= 2,
                Color::Black => rank >= 7,
            }
    }

    /// The point `df` files and `dr` ranks away, if it is on the board.
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
            Some(Square((rank * 9 + file) as u8))
        } else {
            None
        }
    }

    /// Every point, `a0` to `i9` in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }
}

impl fmt::Display for Square {
    /// ICCS: file letter and rank digit, `e0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `e0` (either case).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            &[f, r] => {
                let f = f.to_ascii_lowercase();
                if (b'a'..=b'i').contains(&f) && r.is_ascii_digit() {
                    Square::new(f - b'a', r - b'0').ok_or_else(|| ParseSquareError(s.to_owned()))
                } else {
                    Err(ParseSquareError(s.to_owned()))
                }
            }
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}
