//! Why a record could not be read: [`RecordError`], with its place, and
//! [`RecordErrorKind`], what a program matches on.

use super::Limit;
use crate::{FenError, IllegalReason};

/// What is wrong in a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The bytes are neither UTF-8 nor GB18030 (GBK) text.
    #[error("the bytes are neither UTF-8 nor GBK/GB18030 text")]
    Encoding,
    /// A tag pair is malformed: `[Name "value"]`.
    #[error("malformed tag pair: {0}")]
    BadTag(String),
    /// The `[FEN]` tag is not a legal position.
    #[error("bad FEN tag: {0}")]
    BadFen(FenError),
    /// A token in the move text is not a move in any notation read.
    #[error("{0:?} is not a move")]
    BadMoveText(String),
    /// A move names both points, but is illegal in its position.
    #[error("move {ply} {text:?} is illegal: {}", .reason.description())]
    IllegalMove {
        /// 1-based ply from the start of the game.
        ply: u32,
        /// The move as written.
        text: String,
        /// The rule it breaks.
        reason: IllegalReason,
    },
    /// A descriptive move (WXF, Chinese, SAN) fits no legal move.
    #[error("move {ply} {text:?} fits no legal move")]
    NoSuchMove {
        /// 1-based ply from the start of the game.
        ply: u32,
        /// The move as written.
        text: String,
    },
    /// A move fits several legal moves.
    #[error("move {ply} {text:?} is ambiguous: {}", .candidates.join(", "))]
    AmbiguousMove {
        /// 1-based ply from the start of the game.
        ply: u32,
        /// The move as written.
        text: String,
        /// The legal moves it fits, in ICCS.
        candidates: Vec<String>,
    },
    /// A token that cannot stand where it does: a `)` without `(`, a
    /// variation before any move, a result inside a variation.
    #[error("unexpected {0:?}")]
    UnexpectedToken(String),
    /// A `{` comment that is never closed.
    #[error("comment not closed")]
    UnterminatedComment,
    /// A `(` variation that is never closed.
    #[error("variation not closed")]
    UnterminatedVariation,
    /// The input exceeds one of the [`ReadLimits`](super::ReadLimits).
    #[error("{} exceeds the limit of {max}", .limit.description())]
    LimitExceeded {
        /// Which limit.
        limit: Limit,
        /// Its value.
        max: usize,
    },
    /// A one-game read of text that holds no game, or more than one.
    #[error("expected one game, found {0}")]
    GameCount(usize),
}

/// A record that could not be read: where, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct RecordError {
    /// 1-based line (0 when the problem is not on a line, such as the
    /// encoding or the size of the input).
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

impl RecordError {
    /// An error at `line` and `column`.
    #[must_use]
    pub const fn new(line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { line, column, kind }
    }
}
