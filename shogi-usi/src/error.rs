//! What can go wrong when talking to an engine.

use std::fmt;
use std::io;
use std::process::ExitStatus;

use shogi_rules::IllegalMoveError;

use crate::Limit;

/// What the client was waiting for (or doing) when something went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Waiting {
    /// `usiok`, after `usi`.
    UsiOk,
    /// `readyok`, after `isready`.
    ReadyOk,
    /// `bestmove`, after `go`.
    BestMove,
    /// `checkmate`, after `go mate`.
    Checkmate,
    /// Writing a command.
    Write,
}

impl fmt::Display for Waiting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Waiting::UsiOk => "waiting for usiok",
            Waiting::ReadyOk => "waiting for readyok",
            Waiting::BestMove => "waiting for bestmove",
            Waiting::Checkmate => "waiting for checkmate",
            Waiting::Write => "writing a command",
        })
    }
}

/// Why a value does not suit an option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionValueError {
    /// A `check` option takes `true` or `false`.
    #[error("{0:?} is not true or false")]
    NotBool(String),
    /// A `spin` option takes an integer.
    #[error("{0:?} is not an integer")]
    NotInteger(String),
    /// The integer is outside the option's `min..=max`.
    #[error("{value} is outside {min}..={max}")]
    OutOfRange {
        /// The value.
        value: i64,
        /// The option's minimum (`i64::MIN` when it states none).
        min: i64,
        /// The option's maximum (`i64::MAX` when it states none).
        max: i64,
    },
    /// A `combo` option takes one of its `var`s.
    #[error("{value:?} is not one of {vars:?}")]
    NotAVar {
        /// The value.
        value: String,
        /// The values offered.
        vars: Vec<String>,
    },
    /// A `button` takes no value.
    #[error("a button takes no value")]
    ButtonValue,
    /// Any other option needs a value.
    #[error("a value is needed")]
    MissingValue,
    /// A value with a line break would end the `setoption` line early.
    #[error("the value has a line break")]
    LineBreak,
}

/// An error of the engine client. Each variant names the program.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// The program could not be started.
    #[error("cannot start engine {program}: {source}")]
    Spawn {
        /// The program.
        program: String,
        /// Why.
        source: io::Error,
    },
    /// Writing to the engine failed while it was still running.
    #[error("engine {program}: {source}")]
    Io {
        /// The program.
        program: String,
        /// What failed.
        source: io::Error,
    },
    /// The engine exited (or closed its output). It is gone: later calls
    /// give [`EngineError::Dead`].
    #[error("engine {program} died ({}) while {waiting_for}{}", status.map_or("no exit status".into(), |s| s.to_string()), tail(stderr_tail))]
    Died {
        /// The program.
        program: String,
        /// Its exit status, when it has exited.
        status: Option<ExitStatus>,
        /// What the client was waiting for.
        waiting_for: Waiting,
        /// The last lines of its standard error.
        stderr_tail: Vec<String>,
    },
    /// The engine did not answer before the deadline (for a search: nor
    /// within the margin after `stop`, or it answered only after the
    /// deadline). An engine that did not answer at all was killed; one that
    /// answered late stays usable.
    #[error("engine {program} timed out {waiting_for}{}", limit.as_ref().map_or(String::new(), |l| format!(" (limit {l:?})")))]
    Timeout {
        /// The program.
        program: String,
        /// What the client was waiting for.
        waiting_for: Waiting,
        /// The search's limit, for a search (boxed, for the error to stay
        /// small).
        limit: Option<Box<Limit>>,
        /// Whether the engine was killed (it sent nothing after `stop`).
        killed: bool,
    },
    /// The engine was killed or has quit: it cannot be used any more.
    #[error("engine {program} is no longer running")]
    Dead {
        /// The program.
        program: String,
    },
    /// The engine's best move is not a legal move, or its `bestmove` line
    /// is malformed.
    #[error("engine {program} played {text:?} in {sfen}: {reason}")]
    IllegalMove {
        /// The program.
        program: String,
        /// The move's text (the whole line when it could not be read).
        text: String,
        /// Why it is refused.
        reason: String,
        /// The position, as SFEN.
        sfen: String,
        /// The core's reason when the move was read but is illegal.
        source: Option<IllegalMoveError>,
    },
    /// The reply to `go mate` is a malformed `checkmate` line.
    #[error("engine {program} sent a malformed line {line:?}: {reason}")]
    Protocol {
        /// The program.
        program: String,
        /// The line.
        line: String,
        /// Why it cannot be read.
        reason: String,
    },
    /// The engine declares no option of this name.
    #[error("engine {program} has no option {name:?}")]
    UnknownOption {
        /// The program.
        program: String,
        /// The name asked for.
        name: String,
    },
    /// The value does not suit the option.
    #[error("engine {program}: bad value for option {name}: {source}")]
    BadOptionValue {
        /// The program.
        program: String,
        /// The option's name.
        name: String,
        /// Why.
        source: OptionValueError,
    },
    /// More than one line was asked of an engine without a `MultiPV`
    /// option.
    #[error("engine {program} has no MultiPV option, so cannot give {requested} lines")]
    MultiPvUnsupported {
        /// The program.
        program: String,
        /// The number of lines asked for.
        requested: u32,
    },
    /// A move given to search from is not legal.
    #[error("move {} of the moves to search from is illegal: {source}", index + 1)]
    InvalidMoves {
        /// Its 0-based index.
        index: usize,
        /// Why.
        source: IllegalMoveError,
    },
}

/// `: <last stderr lines>` or nothing.
fn tail(lines: &[String]) -> String {
    if lines.is_empty() {
        String::new()
    } else {
        let from = lines.len().saturating_sub(5);
        format!("; stderr: {}", lines[from..].join(" | "))
    }
}
