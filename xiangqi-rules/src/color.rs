//! The two sides.

use core::fmt;
use core::ops::Not;

crate::names::named_enum! {
    /// A side: Red (moves first, upper case in FEN) or Black.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    pub enum Color("color") {
        /// The first player (帥, `w` in FEN).
        Red = 0 => "red",
        /// The second player (將, `b` in FEN).
        Black = 1 => "black",
    }
}

impl Color {
    /// The other side.
    #[inline]
    #[must_use]
    pub const fn opposite(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// `0` for Red, `1` for Black.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN side-to-move letter this crate writes: `w` for Red, `b` for Black.
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }

    /// Reads a FEN side-to-move letter: `w` or `r` for Red, `b` for Black.
    #[must_use]
    pub const fn from_fen_char(c: char) -> Option<Color> {
        match c {
            'w' | 'r' => Some(Color::Red),
            'b' => Some(Color::Black),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opposite()
    }
}

/// The clock tells the players apart by their [`Color::index`], Red first.
impl board_clock::ClockColor for Color {
    const SIDES: [Color; 2] = [Color::Red, Color::Black];

    fn index(self) -> usize {
        Color::index(self)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
