//! The USI protocol, both directions, as typed messages read from and
//! written to lines of text (no input or output here).
//!
//! - [`EngineMessage`]: what an engine sends — `id name|author`,
//!   `option` ([`UsiOption`]), `usiok`, `readyok`, `info` ([`Info`], with
//!   its [`Score`]), `bestmove` ([`BestMove`]) and `checkmate`
//!   ([`CheckmateReply`]).
//! - [`GuiCommand`]: what a GUI sends — `usi`, `isready`, `setoption`,
//!   `usinewgame`, `position` ([`GuiPosition`]), `go` ([`GoParams`]),
//!   `stop`, `ponderhit`, `gameover` and `quit`.
//! - [`resolve_line`]: the moves of a `pv`, a `bestmove` or a `checkmate`
//!   checked against a position, the first illegal one reported.
//! - The `position` command read and replayed in one step
//!   ([`parse_position_command`]) and written ([`position_command`]).
//!
//! # What is accepted
//! One message is one line. Words are separated by any run of ASCII
//! whitespace, and whitespace around the line is ignored; `Display` writes
//! single spaces and no line break. Text that runs to the end of the line
//! (`id name`, `info string`, the value of `setoption`) keeps its inner
//! spacing; an option's name (up to `type`, or to `value` in `setoption`),
//! an option's default (up to `min`, `max`, `var` or `default`) and each
//! `var` are their words joined by single spaces. `<empty>` is the empty
//! string as a default or a value, and is written so. `info pv` runs to the
//! end of the line or to `string`; `info string` to the end of the line.
//! A field given twice keeps its last value.
//!
//! Engines and GUIs extend the protocol, so unknown text is kept, not
//! refused: a line whose first word is unknown is
//! [`EngineMessage::Unknown`] or [`GuiCommand::Unknown`], and an unknown
//! word in `info` or `go` starts a field kept in [`Info::extra`] or
//! [`GoParams::extra`] with the words up to the next known key. A known
//! field that is malformed (`depth x`, `score cp` without its number,
//! `bestmove` without a move, a move that is not a USI move, a word after
//! `usiok`) is a [`UsiMessageError`] naming the field and the column.
//! Reading takes time linear in the line's length, whatever the input.
//!
//! Writing a message read from a line gives the line's canonical form, and
//! reading that gives the same message. The canonical form writes the
//! known fields of `info` and `go` in a fixed order, with the unknown
//! fields between them so that each reads back as itself ([`Info::extra`]).
//! `lowerbound` and `upperbound` belong to the score they follow; elsewhere
//! they are an error.
//!
//! ```
//! use shogi_rules::usi::{EngineMessage, GuiCommand};
//! let line = "info  depth 3 wdl 300 400 300 score mate + lowerbound  pv 7g7f";
//! let msg: EngineMessage = line.parse()?;
//! assert_eq!(msg.to_string(), "info wdl 300 400 300 depth 3 score mate + lowerbound pv 7g7f");
//! assert_eq!(msg.to_string().parse::<EngineMessage>()?, msg);
//! let cmd: GuiCommand = "setoption name USI_Hash value 256".parse()?;
//! assert_eq!(cmd, GuiCommand::SetOption { name: "USI_Hash".into(), value: Some("256".into()) });
//! # Ok::<(), shogi_rules::usi::UsiMessageError>(())
//! ```

mod engine;
mod error;
mod gui;
mod info;
mod option;
mod position;
mod resolve;
mod score;
mod words;

pub use engine::{BestMove, CheckmateReply, EngineMessage};
pub use error::{UsiField, UsiMessageError};
pub use gui::{GameResult, GoParams, GuiCommand, GuiPosition, MateLimit, PositionStart};
pub use info::Info;
pub use option::{UsiOption, UsiOptionKind};
pub(crate) use position::parse_record_start;
pub use position::{
    PositionCommand, UsiCommandError, parse_position_command, parse_position_words,
    position_command,
};
pub use resolve::{IllegalLineMove, ResolvedLine, resolve_line};
pub use score::{InfoScore, MateSign, Score, ScoreBound};
