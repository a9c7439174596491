//! Why a record could not be read: [`RecordError`], with its place, and
//! [`RecordErrorKind`], what a program matches on.

use core::fmt;

use super::{Format, Limit};
use crate::IllegalReason;

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The bytes are not valid in the detected or declared encoding.
    #[error("the text is not valid {0}")]
    Encoding(&'static str),
    /// The format could not be recognised.
    #[cfg_attr(feature = "jkf", error("not a KIF, KI2, CSA, JKF or USI record"))]
    #[cfg_attr(not(feature = "jkf"), error("not a KIF, KI2, CSA or USI record"))]
    UnknownFormat,
    /// The handicap name is not known and no board diagram gives the position.
    #[error("unknown handicap {0:?} and no board diagram")]
    UnknownHandicap(String),
    /// A header line is malformed.
    #[error("malformed header: {0}")]
    BadHeader(String),
    /// The start position (board diagram, CSA rows, SFEN, JKF data) is malformed.
    #[error("malformed position: {0}")]
    BadPosition(String),
    /// The start position is well formed but not a legal setup.
    #[error("illegal start position: {0}")]
    IllegalPosition(crate::SetupError),
    /// A move is not written as the format requires.
    #[error("malformed move {0:?}")]
    BadMoveText(String),
    /// A move is well formed but illegal in its position.
    #[error("move {ply} is illegal: {}", .reason.description())]
    IllegalMove {
        /// 1-based ply in the record.
        ply: u32,
        /// Why.
        reason: IllegalReason,
    },
    /// A move fits no legal move of its position (KI2, Japanese text).
    #[error("move {ply} matches no legal move")]
    NoSuchMove {
        /// 1-based ply.
        ply: u32,
    },
    /// A move fits several legal moves (KI2 without the needed word).
    #[error("move {ply} is ambiguous")]
    AmbiguousMove {
        /// 1-based ply.
        ply: u32,
    },
    /// A move number is out of sequence.
    #[error("expected move number {expected}, found {found}")]
    MoveNumber {
        /// The number expected.
        expected: u32,
        /// The number written.
        found: u32,
    },
    /// A move after the end of its line.
    #[error("a move follows the end of the line")]
    MoveAfterEnd,
    /// A time field is malformed.
    #[error("malformed time {0:?}")]
    BadTime(String),
    /// A variation refers to a ply that the line it branches from lacks.
    #[error("variation at move {0} has no move to branch from")]
    BadVariation(u32),
    /// The JSON is malformed or does not follow the JKF schema (feature
    /// `jkf`).
    #[cfg(feature = "jkf")]
    #[error("JKF: {0}")]
    Json(String),
    /// A line that is not understood.
    #[error("unexpected line {0:?}")]
    UnexpectedLine(String),
    /// The input exceeds one of the [`ReadLimits`](super::ReadLimits).
    #[error("{} exceeds the limit of {max}", .limit.description())]
    LimitExceeded {
        /// Which limit.
        limit: Limit,
        /// Its value.
        max: usize,
    },
    /// A number (a move number, a time, a count) is larger than the format
    /// or the library allows.
    #[error("number too large (the limit is {max})")]
    NumberTooLarge {
        /// The largest number accepted there.
        max: u64,
    },
    /// A single-record read of a file that holds several records (a CSA
    /// file with games separated by `/` lines, a USI file of several lines):
    /// [`read_all`](super::read_all) reads them. The error stands at the first line of the
    /// second record.
    #[error("the file holds {count} records; read them with read_all")]
    Collection {
        /// How many records the file holds.
        count: usize,
    },
}

/// A record that could not be read: where, and why. Made by
/// [`RecordError::new`] or [`RecordError::without_format`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}line {line}, column {column}: {kind}", FormatPrefix(.format))]
#[non_exhaustive]
pub struct RecordError {
    /// The format being read: `None` when it is not known, because none was
    /// asked for and the text is not (or not yet) detected as one (an
    /// undecodable or oversized input, [`RecordErrorKind::UnknownFormat`]).
    pub format: Option<Format>,
    /// 1-based line in the original text (0 when the problem is not on a line,
    /// like an encoding error before any line).
    pub line: usize,
    /// 1-based column in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

impl RecordError {
    /// An error at `line` and `column`.
    #[must_use]
    pub fn new(format: Format, line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
        RecordError {
            format: Some(format),
            line,
            column,
            kind,
        }
    }

    /// An error at `line` and `column` of a text whose format is not known.
    #[must_use]
    pub fn without_format(line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
        RecordError {
            format: None,
            line,
            column,
            kind,
        }
    }
}

/// The format of a [`RecordError`] before its place: `"kif "`, or nothing.
struct FormatPrefix<'a>(&'a Option<Format>);

impl fmt::Display for FormatPrefix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(format) => write!(f, "{format} "),
            None => Ok(()),
        }
    }
}
