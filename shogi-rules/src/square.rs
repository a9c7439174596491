//! Board squares in USI coordinates.

use core::fmt;
use core::str::FromStr;

use crate::Color;

/// One of the 81 squares, named as in USI: file digit `1`–`9` (file 1 is on
/// Sente's right), rank letter `a`–`i` (rank `a` is Gote's back rank).
///
/// The index is `(file - 1) * 9 + (rank - 1)`, so the squares of one file are
/// consecutive.
///
/// ```
/// use shogi_rules::Square;
/// let sq: Square = "7g".parse().unwrap();
/// assert_eq!(sq, Square::SQ_7G);
/// assert_eq!((sq.file(), sq.rank()), (7, 7));
/// assert_eq!(sq.to_string(), "7g");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square `1a`.
    pub const SQ_1A: Square = Square(0);
    /// The square `1b`.
    pub const SQ_1B: Square = Square(1);
    /// The square `1c`.
    pub const SQ_1C: Square = Square(2);
    /// The square `1d`.
    pub const SQ_1D: Square = Square(3);
    /// The square `1e`.
    pub const SQ_1E: Square = Square(4);
    /// The square `1f`.
    pub const SQ_1F: Square = Square(5);
    /// The square `1g`.
    pub const SQ_1G: Square = Square(6);
    /// The square `1h`.
    pub const SQ_1H: Square = Square(7);
    /// The square `1i`.
    pub const SQ_1I: Square = Square(8);
    /// The square `2a`.
    pub const SQ_2A: Square = Square(9);
    /// The square `2b`.
    pub const SQ_2B: Square = Square(10);
    /// The square `2c`.
    pub const SQ_2C: Square = Square(11);
    /// The square `2d`.
    pub const SQ_2D: Square = Square(12);
    /// The square `2e`.
    pub const SQ_2E: Square = Square(13);
    /// The square `2f`.
    pub const SQ_2F: Square = Square(14);
    /// The square `2g`.
    pub const SQ_2G: Square = Square(15);
    /// The square `2h`.
    pub const SQ_2H: Square = Square(16);
    /// The square `2i`.
    pub const SQ_2I: Square = Square(17);
    /// The square `3a`.
    pub const SQ_3A: Square = Square(18);
    /// The square `3b`.
    pub const SQ_3B: Square = Square(19);
    /// The square `3c`.
    pub const SQ_3C: Square = Square(20);
    /// The square `3d`.
    pub const SQ_3D: Square = Square(21);
    /// The square `3e`.
    pub const SQ_3E: Square = Square(22);
    /// The square `3f`.
    pub const SQ_3F: Square = Square(23);
    /// The square `3g`.
    pub const SQ_3G: Square = Square(24);
    /// The square `3h`.
    pub const SQ_3H: Square = Square(25);
    /// The square `3i`.
    pub const SQ_3I: Square = Square(26);
    /// The square `4a`.
    pub const SQ_4A: Square = Square(27);
    /// The square `4b`.
    pub const SQ_4B: Square = Square(28);
    /// The square `4c`.
    pub const SQ_4C: Square = Square(29);
    /// The square `4d`.
    pub const SQ_4D: Square = Square(30);
    /// The square `4e`.
    pub const SQ_4E: Square = Square(31);
    /// The square `4f`.
    pub const SQ_4F: Square = Square(32);
    /// The square `4g`.
    pub const SQ_4G: Square = Square(33);
    /// The square `4h`.
    pub const SQ_4H: Square = Square(34);
    /// The square `4i`.
    pub const SQ_4I: Square = Square(35);
    /// The square `5a`.
    pub const SQ_5A: Square = Square(36);
    /// The square `5b`.
    pub const SQ_5B: Square = Square(37);
    /// The square `5c`.
    pub const SQ_5C: Square = Square(38);
    /// The square `5d`.
    pub const SQ_5D: Square = Square(39);
    /// The square `5e`.
    pub const SQ_5E: Square = Square(40);
    /// The square `5f`.
    pub const SQ_5F: Square = Square(41);
    /// The square `5g`.
    pub const SQ_5G: Square = Square(42);
    /// The square `5h`.
    pub const SQ_5H: Square = Square(43);
    /// The square `5i`.
    pub const SQ_5I: Square = Square(44);
    /// The square `6a`.
    pub const SQ_6A: Square = Square(45);
    /// The square `6b`.
    pub const SQ_6B: Square = Square(46);
    /// The square `6c`.
    pub const SQ_6C: Square = Square(47);
    /// The square `6d`.
    pub const SQ_6D: Square = Square(48);
    /// The square `6e`.
    pub const SQ_6E: Square = Square(49);
    /// The square `6f`.
    pub const SQ_6F: Square = Square(50);
    /// The square `6g`.
    pub const SQ_6G: Square = Square(51);
    /// The square `6h`.
    pub const SQ_6H: Square = Square(52);
    /// The square `6i`.
    pub const SQ_6I: Square = Square(53);
    /// The square `7a`.
    pub const SQ_7A: Square = Square(54);
    /// The square `7b`.
    pub const SQ_7B: Square = Square(55);
    /// The square `7c`.
    pub const SQ_7C: Square = Square(56);
    /// The square `7d`.
    pub const SQ_7D: Square = Square(57);
    /// The square `7e`.
    pub const SQ_7E: Square = Square(58);
    /// The square `7f`.
    pub const SQ_7F: Square = Square(59);
    /// The square `7g`.
    pub const SQ_7G: Square = Square(60);
    /// The square `7h`.
    pub const SQ_7H: Square = Square(61);
    /// The square `7i`.
    pub const SQ_7I: Square = Square(62);
    /// The square `8a`.
    pub const SQ_8A: Square = Square(63);
    /// The square `8b`.
    pub const SQ_8B: Square = Square(64);
    /// The square `8c`.
    pub const SQ_8C: Square = Square(65);
    /// The square `8d`.
    pub const SQ_8D: Square = Square(66);
    /// The square `8e`.
    pub const SQ_8E: Square = Square(67);
    /// The square `8f`.
    pub const SQ_8F: Square = Square(68);
    /// The square `8g`.
    pub const SQ_8G: Square = Square(69);
    /// The square `8h`.
    pub const SQ_8H: Square = Square(70);
    /// The square `8i`.
    pub const SQ_8I: Square = Square(71);
    /// The square `9a`.
    pub const SQ_9A: Square = Square(72);
    /// The square `9b`.
    pub const SQ_9B: Square = Square(73);
    /// The square `9c`.
    pub const SQ_9C: Square = Square(74);
    /// The square `9d`.
    pub const SQ_9D: Square = Square(75);
    /// The square `9e`.
    pub const SQ_9E: Square = Square(76);
    /// The square `9f`.
    pub const SQ_9F: Square = Square(77);
    /// The square `9g`.
    pub const SQ_9G: Square = Square(78);
    /// The square `9h`.
    pub const SQ_9H: Square = Square(79);
    /// The square `9i`.
    pub const SQ_9I: Square = Square(80);

    /// All squares in index order (file 1 rank a, file 1 rank b, …, file 9 rank i).
    pub const ALL: [Square; 81] = [
        Square(0),
        Square(1),
        Square(2),
        Square(3),
        Square(4),
        Square(5),
        Square(6),
        Square(7),
        Square(8),
        Square(9),
        Square(10),
        Square(11),
        Square(12),
        Square(13),
        Square(14),
        Square(15),
        Square(16),
        Square(17),
        Square(18),
        Square(19),
        Square(20),
        Square(21),
        Square(22),
        Square(23),
        Square(24),
        Square(25),
        Square(26),
        Square(27),
        Square(28),
        Square(29),
        Square(30),
        Square(31),
        Square(32),
        Square(33),
        Square(34),
        Square(35),
        Square(36),
        Square(37),
        Square(38),
        Square(39),
        Square(40),
        Square(41),
        Square(42),
        Square(43),
        Square(44),
        Square(45),
        Square(46),
        Square(47),
        Square(48),
        Square(49),
        Square(50),
        Square(51),
        Square(52),
        Square(53),
        Square(54),
        Square(55),
        Square(56),
        Square(57),
        Square(58),
        Square(59),
        Square(60),
        Square(61),
        Square(62),
        Square(63),
        Square(64),
        Square(65),
        Square(66),
        Square(67),
        Square(68),
        Square(69),
        Square(70),
        Square(71),
        Square(72),
        Square(73),
        Square(74),
        Square(75),
        Square(76),
        Square(77),
        Square(78),
        Square(79),
        Square(80),
    ];

    /// The square at `file` (1–9) and `rank` (1–9, 1 = `a`).
    #[inline]
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((file - 1) * 9 + (rank - 1)))
        } else {
            None
        }
    }

    /// The square with the given index (0–80).
    #[inline]
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 81 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Builds a square from an index already known to be below 81.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 81);
        Square(index)
    }

    /// The index, 0–80.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 1–9.
    #[inline]
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// The rank, 1–9 (1 = `a`, Gote's back rank).
    #[inline]
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// The rank as seen by `color`: 1 is that player's far rank (the last rank a
    /// piece moving forward can reach), 9 its own back rank.
    #[inline]
    #[must_use]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Sente => self.rank(),
            Color::Gote => 10 - self.rank(),
        }
    }

    /// Whether the square is in `color`'s promotion zone (its three far ranks).
    #[inline]
    #[must_use]
    pub const fn in_zone(self, color: Color) -> bool {
        self.relative_rank(color) <= 3
    }

    /// The same square seen from the other side (`7g` ↔ `3c`).
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Square {
        Square(80 - self.0)
    }

    /// The rank letter, `a`–`i`.
    #[must_use]
    pub const fn rank_char(self) -> char {
        (b'a' + self.0 % 9) as char
    }

    /// The file digit, `1`–`9`.
    #[must_use]
    pub const fn file_char(self) -> char {
        (b'1' + self.0 / 9) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The text is not a USI square such as `7g`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a square: expected a file digit 1-9 and a rank letter a-i, like 7g")]
pub struct ParseSquareError;

impl Square {
    /// Parses the two bytes of a USI square.
    pub(crate) fn from_usi_bytes(file: u8, rank: u8) -> Option<Square> {
        if (b'1'..=b'9').contains(&file) && (b'a'..=b'i').contains(&rank) {
            Square::new(file - b'0', rank - b'a' + 1)
        } else {
            None
        }
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f, r] => Square::from_usi_bytes(*f, *r).ok_or(ParseSquareError),
            _ => Err(ParseSquareError),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Square {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Square> {
        Ok(Square(u.int_in_range(0..=80)?))
    }
}
