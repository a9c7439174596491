//! The error of a protocol message that could not be read, and the fields
//! it names.

use core::fmt;

use super::UsiCommandError;
use crate::ParseUsiMoveError;

enum_names::named_enum! {
    /// A field of a protocol message, named as the protocol spells its
    /// keyword: where a message could not be read.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum UsiField("USI field") {
        /// `id name|author`.
        Id => "id",
        /// The name of an `option` or a `setoption`.
        Name => "name",
        /// The `type` of an `option`.
        Type => "type",
        /// The `default` of an `option`.
        Default => "default",
        /// The `min` of a spin `option`.
        Min => "min",
        /// The `max` of a spin `option`.
        Max => "max",
        /// A `var` of a combo `option`.
        Var => "var",
        /// `info depth`, `go depth`.
        Depth => "depth",
        /// `info seldepth`.
        SelDepth => "seldepth",
        /// `info time`.
        Time => "time",
        /// `info nodes`, `go nodes`.
        Nodes => "nodes",
        /// `info nps`.
        Nps => "nps",
        /// `info hashfull`.
        Hashfull => "hashfull",
        /// `info multipv`.
        MultiPv => "multipv",
        /// `info currmove`.
        CurrMove => "currmove",
        /// `info score`.
        Score => "score",
        /// `info pv`.
        Pv => "pv",
        /// `bestmove`.
        BestMove => "bestmove",
        /// `ponder` after `bestmove`.
        Ponder => "ponder",
        /// `checkmate`, the reply to `go mate`.
        Checkmate => "checkmate",
        /// `usiok`, `readyok` and the GUI's commands without arguments.
        Command => "command",
        /// The `value` of a `setoption`.
        Value => "value",
        /// `go btime`.
        BTime => "btime",
        /// `go wtime`.
        WTime => "wtime",
        /// `go byoyomi`.
        Byoyomi => "byoyomi",
        /// `go binc`.
        BInc => "binc",
        /// `go winc`.
        WInc => "winc",
        /// `go mate`.
        Mate => "mate",
        /// `go movetime`.
        MoveTime => "movetime",
        /// `gameover`.
        GameOver => "gameover",
    }
}

impl fmt::Display for UsiField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A protocol line ([`EngineMessage`](super::EngineMessage) or
/// [`GuiCommand`](super::GuiCommand)) whose known fields are malformed.
/// Columns are 1-based, in characters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UsiMessageError {
    /// The line holds no word.
    #[error("empty line")]
    Empty,
    /// A field's value is missing (the column is where it should be).
    #[error("'{field}' at column {column}: missing value")]
    MissingValue {
        /// The field.
        field: UsiField,
        /// 1-based column.
        column: usize,
    },
    /// A number is not a number, or out of range.
    #[error("'{field}' at column {column}: {found:?} is not a number in range")]
    BadNumber {
        /// The field.
        field: UsiField,
        /// 1-based column.
        column: usize,
        /// The text read.
        found: String,
    },
    /// A move is not a USI move.
    #[error("'{field}' at column {column}: {source}")]
    BadMove {
        /// The field.
        field: UsiField,
        /// 1-based column.
        column: usize,
        /// The syntax problem.
        source: ParseUsiMoveError,
    },
    /// A word is none of the words the field takes (an option type, a
    /// score kind, a check default, a game result).
    #[error("'{field}' at column {column}: unexpected {found:?}")]
    BadWord {
        /// The field.
        field: UsiField,
        /// 1-based column.
        column: usize,
        /// The word read.
        found: String,
    },
    /// A word follows a message or field that takes no more.
    #[error("unexpected {found:?} at column {column} after '{field}'")]
    Unexpected {
        /// The field after which the word comes.
        field: UsiField,
        /// 1-based column.
        column: usize,
        /// The word read.
        found: String,
    },
    /// A `position` command is malformed.
    #[error(transparent)]
    Position(#[from] UsiCommandError),
}
