//! The two players.

use core::fmt;
use core::ops::Not;

crate::names::named_enum! {
    /// A side: Sente (black, moves first, upper-case in SFEN) or Gote (white).
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    #[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
    pub enum Color("color") {
        /// The first player (black, ☗, `b` in SFEN).
        Sente = 0 => "sente",
        /// The second player (white, ☖, `w` in SFEN).
        Gote = 1 => "gote",
    }
}

impl Color {
    /// The other side.
    #[inline]
    #[must_use]
    pub const fn opposite(self) -> Color {
        match self {
            Color::Sente => Color::Gote,
            Color::Gote => Color::Sente,
        }
    }

    /// `0` for Sente, `1` for Gote.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The SFEN side-to-move letter: `b` or `w`.
    #[must_use]
    pub const fn sfen_char(self) -> char {
        match self {
            Color::Sente => 'b',
            Color::Gote => 'w',
        }
    }

    /// Parses the SFEN side-to-move letter.
    #[must_use]
    pub const fn from_sfen_char(c: char) -> Option<Color> {
        match c {
            'b' => Some(Color::Sente),
            'w' => Some(Color::Gote),
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

/// The clock tells the players apart by their [`Color::index`], Sente first.
impl board_clock::ClockColor for Color {
    const SIDES: [Color; 2] = [Color::Sente, Color::Gote];

    fn index(self) -> usize {
        Color::index(self)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
