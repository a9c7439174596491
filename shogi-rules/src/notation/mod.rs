//! Move notations for people and programs, in both directions: Western
//! (`P-7f`), Japanese (`▲７六歩`, and the KIF form `７六歩(77)`) and CSA
//! (`+7776FU`).
//!
//! Every notation formats a legal move of a position and parses text back to
//! the legal move it means. The notations differ in what they leave to the
//! position: CSA names both squares; Western names the origin only when
//! another piece of the same kind could reach the destination; Japanese tells
//! such pieces apart with the words of the JSA rules (右 左 直, 上 引 寄, 打;
//! see [`japanese`]).
//!
//! Parsers never panic, whatever the text. Their errors separate three
//! things a caller handles differently: text that is not a move at all (with
//! the 1-based character column), a well-formed move that no legal move
//! matches, and text that fits several legal moves (with the candidates).
//!
//! # Example
//!
//! ```
//! use shogi_rules::notation::{csa, japanese, western};
//! use shogi_rules::Position;
//!
//! let pos = Position::from_sfen("4k4/9/9/9/9/9/9/3G1G3/4K4 b - 1")?;
//! let m = pos.parse_usi_move("6h5h")?;
//! assert_eq!(western::format(&pos, m), "G6h-5h");
//! assert_eq!(japanese::format(&pos, m, None, japanese::Mark::Triangle), "▲５八金左");
//! assert_eq!(japanese::format_kif(m, None), "５八金(68)");
//! assert_eq!(csa::format(&pos, m), "+6858KI");
//!
//! assert_eq!(western::parse(&pos, "G6h-5h")?, m);
//! assert_eq!(japanese::parse(&pos, "▲５八金左", None)?, m);
//! assert_eq!(csa::parse(&pos, "+6858KI")?, m);
//!
//! // Both golds can go to 5h: the Japanese text needs its word.
//! assert!(matches!(
//!     japanese::parse(&pos, "▲５八金", None),
//!     Err(japanese::JapaneseError::Ambiguous { .. })
//! ));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Bitboard, Color, Move, Position, Role, Square};

pub mod csa;
pub mod japanese;
pub mod western;

crate::names::named_enum! {
    /// A notation to write moves in: what record viewers, move lists and the
    /// bindings offer as a choice.
    ///
    /// ```
    /// use shogi_rules::notation::Notation;
    /// use shogi_rules::Position;
    ///
    /// let start = Position::startpos();
    /// let mut pos = start.clone();
    /// let mut moves = Vec::new();
    /// for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
    ///     let m = pos.parse_usi_move(usi)?;
    ///     pos.play_unchecked(m);
    ///     moves.push(m);
    /// }
    /// assert_eq!(
    ///     Notation::Japanese.format_line(&start, &moves),
    ///     ["▲７六歩", "△３四歩", "▲２二角成", "△同　銀"]
    /// );
    /// assert_eq!(Notation::Western.format_line(&start, &moves)[2], "Bx2b+");
    /// assert_eq!("csa".parse::<Notation>()?, Notation::Csa);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub enum Notation("notation") {
        /// USI: `7g7f`, `8h2b+`, `P*5e`.
        Usi => "usi",
        /// Western: `P-7f`, `Bx2b+`, `G6h-5h` (the origin only when needed).
        Western => "western",
        /// Japanese as in KI2 files, with the side mark and the JSA words:
        /// `▲７六歩`, `△同　銀`, `▲５八金左`.
        Japanese => "japanese",
        /// Japanese as in KIF files: `７六歩(77)`, `同　銀(68)`, `５五角打`.
        Kif => "kif",
        /// CSA: `+7776FU`.
        Csa => "csa",
    }
}

impl Notation {
    /// The legal move `m` of `pos` in this notation; `previous` is the move
    /// played just before, which the Japanese forms write as `同` when `m`
    /// goes to the same square.
    #[must_use]
    pub fn format(self, pos: &Position, m: Move, previous: Option<Move>) -> String {
        match self {
            Notation::Usi => m.to_string(),
            Notation::Western => western::format(pos, m),
            Notation::Japanese => japanese::format(pos, m, previous, japanese::Mark::Triangle),
            Notation::Kif => japanese::format_kif(m, previous),
            Notation::Csa => csa::format(pos, m),
        }
    }

    /// Each move of `moves`, legal in turn from `start`, in this notation.
    #[must_use]
    pub fn format_line(self, start: &Position, moves: &[Move]) -> Vec<String> {
        let mut pos = start.clone();
        let mut previous = None;
        let mut out = Vec::with_capacity(moves.len());
        for &m in moves {
            out.push(self.format(&pos, m, previous));
            pos.play_unchecked(m);
            previous = Some(m);
        }
        out
    }
}

/// The squares of the pieces of the side to move with exactly `role` whose
/// movement reaches `to`, whether or not the move would leave the own king in
/// check: the pieces a reader of a record could think of for a move to `to`.
///
/// Writers of records count a pinned piece as a candidate (a KI2 file in the
/// wild writes `▲５九銀左` beside a silver pinned to its king), so the
/// notations that name a piece only when it is not the only candidate use
/// this set, not the legal moves.
pub(crate) fn reachers(pos: &Position, role: Role, to: Square) -> Bitboard {
    let us = pos.turn();
    pos.attackers_to(to, us, pos.occupied()) & pos.by_role(role) & pos.by_color(us)
}

/// The squares of [`reachers`] that have a legal move to `to`.
pub(crate) fn legal_origins(pos: &Position, role: Role, to: Square) -> Bitboard {
    let mut found = Bitboard::EMPTY;
    for from in reachers(pos, role, to) {
        if pos.promotion_options(from, to).is_some() {
            found.insert(from);
        }
    }
    found
}

/// Whether a legal board move could have been played either promoted or not:
/// a promotable piece entering, leaving or moving inside the mover's zone.
pub(crate) fn had_promotion_choice(color: Color, m: Move) -> bool {
    match m.from() {
        Some(from) => m.role().can_promote() && (from.in_zone(color) || m.to().in_zone(color)),
        None => false,
    }
}

/// Whether `sq` is on `color`'s right of file `file`: a smaller file for
/// Sente, a larger one for Gote.
pub(crate) fn is_right_of(color: Color, sq: Square, file: u8) -> bool {
    match color {
        Color::Sente => sq.file() < file,
        Color::Gote => sq.file() > file,
    }
}

/// Whether moving from `from` to `to` goes forward for `color`.
pub(crate) fn is_forward(color: Color, from: Square, to: Square) -> bool {
    to.relative_rank(color) < from.relative_rank(color)
}

/// Whether moving from `from` to `to` goes backward for `color`.
pub(crate) fn is_backward(color: Color, from: Square, to: Square) -> bool {
    to.relative_rank(color) > from.relative_rank(color)
}

/// A character cursor over move text with surrounding whitespace skipped,
/// counting 1-based character columns of the original text.
pub(crate) struct Cursor {
    chars: Vec<char>,
    pos: usize,
    end: usize,
}

impl Cursor {
    /// A cursor over `text`, skipping leading and trailing ASCII whitespace and
    /// ideographic spaces (U+3000).
    pub(crate) fn new(text: &str) -> Cursor {
        let chars: Vec<char> = text.chars().collect();
        let is_space = |c: &char| c.is_ascii_whitespace() || *c == '\u{3000}';
        let pos = chars
            .iter()
            .position(|c| !is_space(c))
            .unwrap_or(chars.len());
        let end = chars
            .iter()
            .rposition(|c| !is_space(c))
            .map_or(pos, |i| i + 1);
        Cursor { chars, pos, end }
    }

    /// The next character, if any.
    pub(crate) fn peek(&self) -> Option<char> {
        self.peek_at(0)
    }

    /// The character `k` places ahead, if any.
    pub(crate) fn peek_at(&self, k: usize) -> Option<char> {
        let i = self.pos.checked_add(k)?;
        if i < self.end {
            self.chars.get(i).copied()
        } else {
            None
        }
    }

    /// Consumes and returns the next character.
    pub(crate) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    /// Consumes `c` if it is next.
    pub(crate) fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Consumes the next character if `pred` accepts it.
    pub(crate) fn eat_if(&mut self, pred: impl Fn(char) -> bool) -> Option<char> {
        match self.peek() {
            Some(c) if pred(c) => {
                self.pos += 1;
                Some(c)
            }
            _ => None,
        }
    }

    /// The 1-based column of the next character (one past the end at the end).
    pub(crate) fn column(&self) -> usize {
        self.pos + 1
    }

    /// Whether everything but trailing whitespace has been consumed.
    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.end
    }
}

/// The moves in USI, separated by commas, for error messages.
pub(crate) fn usi_list(moves: &[Move]) -> String {
    let mut s = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&m.to_string());
    }
    s
}
