//! Move notations, in both directions: ICCS (`h2e2`), the UCI form with
//! ranks 1–10 (`h3e3`), WXF (`C2.5`) and Chinese (`炮二平五`).
//!
//! Every notation formats a legal move of a position and parses text back
//! to the legal move it means. The coordinate notations name both points;
//! WXF and Chinese name the piece by its file, or, when two or more
//! identical pieces stand on one file, by its place on it (front/rear,
//! 前/中/后, and the forms for three to five soldiers), then the direction
//! and a number (see [`wxf`] and [`chinese`]).
//!
//! Parsers never panic, whatever the text. Their errors ([`NotationError`])
//! separate text that is not a move at all (with the 1-based character
//! column), a well-formed move that no legal move matches (with the rule it
//! breaks, where the text names both points), and text that fits several
//! legal moves (with the candidates).
//!
//! # Example
//!
//! ```
//! use xiangqi_rules::notation::{Notation, NotationError};
//! use xiangqi_rules::Position;
//!
//! let pos = Position::startpos();
//! let m = pos.parse_iccs_move("h2e2")?;
//! assert_eq!(Notation::Iccs.format(&pos, m), "h2e2");
//! assert_eq!(Notation::Uci.format(&pos, m), "h3e3");
//! assert_eq!(Notation::Wxf.format(&pos, m), "C2.5");
//! assert_eq!(Notation::Chinese.format(&pos, m), "炮二平五");
//!
//! assert_eq!(Notation::Iccs.parse(&pos, "H2-E2")?, m);
//! assert_eq!(Notation::Wxf.parse(&pos, "C2=5")?, m);
//! assert_eq!(Notation::Chinese.parse(&pos, "砲二平五")?, m);
//! assert!(matches!(
//!     Notation::Wxf.parse(&pos, "C2?5"),
//!     Err(NotationError::Syntax { column: 3, .. })
//! ));
//! assert!(matches!(
//!     Notation::Wxf.parse(&pos, "C2+9"),
//!     Err(NotationError::NoLegalMove { .. })
//! ));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{IllegalReason, Move, Position};

pub mod chinese;
pub(crate) mod describe;
pub mod iccs;
pub mod wxf;

crate::names::named_enum! {
    /// A notation to write and read moves in.
    ///
    /// ```
    /// use xiangqi_rules::notation::Notation;
    /// assert_eq!("wxf".parse::<Notation>()?, Notation::Wxf);
    /// assert_eq!(Notation::Chinese.as_str(), "chinese");
    /// # Ok::<(), xiangqi_rules::ParseNameError>(())
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub enum Notation("notation") {
        /// ICCS as UCCI engines write it: `h2e2` (ranks 0–9). Reads `H2-E2` too.
        Iccs => "iccs",
        /// The UCI form of Fairy-Stockfish, ranks 1–10: `h3e3`, `b10c8`.
        Uci => "uci",
        /// WXF: `C2.5`, `H8+7`, `R+.3` (see [`wxf`]).
        Wxf => "wxf",
        /// Chinese: `炮二平五`, `马８进７`, `前车进三` (see [`chinese`]).
        Chinese => "chinese",
    }
}

impl Notation {
    /// The legal move `m` of `pos` in this notation, in its canonical form.
    #[must_use]
    pub fn format(self, pos: &Position, m: Move) -> String {
        match self {
            Notation::Iccs => iccs::format(m),
            Notation::Uci => iccs::format_uci(m),
            Notation::Wxf => wxf::format(pos, m),
            Notation::Chinese => chinese::format(pos, m),
        }
    }

    /// The legal move of `pos` that `text` means in this notation.
    ///
    /// # Errors
    /// [`NotationError`]: not a move, no legal move, or ambiguous.
    pub fn parse(self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        match self {
            Notation::Iccs => iccs::parse(pos, text),
            Notation::Uci => iccs::parse_uci(pos, text),
            Notation::Wxf => wxf::parse(pos, text),
            Notation::Chinese => chinese::parse(pos, text),
        }
    }

    /// Each move of `moves`, legal in turn from `start`, in this notation.
    /// Formatting stops at the first move that is not legal.
    #[must_use]
    pub fn format_line(self, start: &Position, moves: &[Move]) -> Vec<String> {
        let mut pos = start.clone();
        let mut out = Vec::with_capacity(moves.len());
        for &m in moves {
            out.push(self.format(&pos, m));
            if pos.play(m).is_err() {
                break;
            }
        }
        out
    }
}

impl core::fmt::Display for Notation {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The most characters of the parsed text an error keeps.
pub(crate) const EXCERPT_CHARS: usize = 80;

/// At most [`EXCERPT_CHARS`] characters of `text`.
pub(crate) fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_owned(),
    }
}

/// Move text that could not be resolved to a legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// The text is not a move in the notation.
    #[error("{text:?} is not a {notation} move (column {column})")]
    Syntax {
        /// The notation read.
        notation: Notation,
        /// The text (at most 80 characters of it).
        text: String,
        /// The 1-based character column where the text stops being a move
        /// (one past its end when it is too short).
        column: usize,
    },
    /// The text is a well-formed move, but no legal move of the position
    /// is the move it describes.
    #[error("no legal move is {text:?}{}", Because(.reason))]
    NoLegalMove {
        /// The notation read.
        notation: Notation,
        /// The text (at most 80 characters of it).
        text: String,
        /// The rule the move breaks, for the coordinate notations, which
        /// name both points.
        reason: Option<IllegalReason>,
    },
    /// The text fits several legal moves.
    #[error("{text:?} is ambiguous: {} legal moves fit it", .candidates.len())]
    Ambiguous {
        /// The notation read.
        notation: Notation,
        /// The text (at most 80 characters of it).
        text: String,
        /// The legal moves it fits.
        candidates: Vec<Move>,
    },
}

/// `": reason"`, or nothing.
struct Because<'a>(&'a Option<IllegalReason>);

impl core::fmt::Display for Because<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            Some(reason) => write!(f, ": {}", reason.description()),
            None => Ok(()),
        }
    }
}

impl NotationError {
    pub(crate) fn syntax(notation: Notation, text: &str, column: usize) -> NotationError {
        NotationError::Syntax {
            notation,
            text: excerpt(text),
            column,
        }
    }

    /// The result of a descriptive query: one move, none, or several.
    pub(crate) fn one_of(
        notation: Notation,
        text: &str,
        found: Vec<Move>,
    ) -> Result<Move, NotationError> {
        match found.as_slice() {
            [m] => Ok(*m),
            [] => Err(NotationError::NoLegalMove {
                notation,
                text: excerpt(text),
                reason: None,
            }),
            _ => Err(NotationError::Ambiguous {
                notation,
                text: excerpt(text),
                candidates: found,
            }),
        }
    }
}
