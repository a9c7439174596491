//! The messages an engine sends to the GUI.

use core::fmt;
use core::str::FromStr;

use super::words::{Words, end, usi_move, usi_moves};
use super::{Info, UsiField, UsiMessageError, UsiOption};
use crate::UsiMove;

/// A message from an engine to the GUI, read from one line.
///
/// ```
/// use shogi_rules::usi::{BestMove, EngineMessage};
/// let msg: EngineMessage = "bestmove 7g7f ponder 3c3d".parse()?;
/// let EngineMessage::BestMove(BestMove::Move { best, ponder }) = &msg else { unreachable!() };
/// assert_eq!(best.to_string(), "7g7f");
/// assert_eq!(ponder.map(|m| m.to_string()).as_deref(), Some("3c3d"));
/// assert_eq!(msg.to_string(), "bestmove 7g7f ponder 3c3d");
/// assert_eq!("x-my-extension 1".parse(), Ok(EngineMessage::Unknown("x-my-extension 1".into())));
/// # Ok::<(), shogi_rules::usi::UsiMessageError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EngineMessage {
    /// `id name <text>`: the engine's name (the rest of the line).
    IdName(String),
    /// `id author <text>`: its author (the rest of the line).
    IdAuthor(String),
    /// `option ...`: a setting the engine offers.
    Option(UsiOption),
    /// `usiok`: the end of the engine's `id` and `option` lines.
    UsiOk,
    /// `readyok`: the reply to `isready`.
    ReadyOk,
    /// `info ...`: search information.
    Info(Info),
    /// `bestmove ...`: the result of a search.
    BestMove(BestMove),
    /// `checkmate ...`: the result of a `go mate` search.
    Checkmate(CheckmateReply),
    /// A line whose first word is none of the above (or `id` followed by
    /// neither `name` nor `author`): kept, without its outer whitespace,
    /// for engines extend the protocol.
    Unknown(String),
}

/// The engine's move after a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BestMove {
    /// `bestmove <move> [ponder <move>]`.
    Move {
        /// The move to play.
        best: UsiMove,
        /// The reply the engine expects, to ponder on.
        ponder: Option<UsiMove>,
    },
    /// `bestmove resign`.
    Resign,
    /// `bestmove win`: the engine declares a win (impasse).
    Win,
}

/// The reply to `go mate`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckmateReply {
    /// `checkmate <moves...>`: the mating sequence.
    Mate(Vec<UsiMove>),
    /// `checkmate nomate`: there is no mate.
    NoMate,
    /// `checkmate timeout`: the search ran out of time.
    Timeout,
    /// `checkmate notimplemented`: the engine does not search mates.
    NotImplemented,
}

impl EngineMessage {
    /// Reads one line. Words are separated by any run of ASCII whitespace;
    /// whitespace around the line is ignored.
    ///
    /// # Errors
    /// [`UsiMessageError`] for an empty line or a malformed known field.
    pub fn parse(line: &str) -> Result<EngineMessage, UsiMessageError> {
        let words = Words::new(line);
        let Some(first) = words.text(0) else {
            return Err(UsiMessageError::Empty);
        };
        let unknown = || EngineMessage::Unknown(words.rest(0).into());
        Ok(match first {
            "id" => match words.text(1) {
                Some("name") => EngineMessage::IdName(words.rest(2).into()),
                Some("author") => EngineMessage::IdAuthor(words.rest(2).into()),
                Some(_) => unknown(),
                None => {
                    return Err(UsiMessageError::MissingValue {
                        field: UsiField::Id,
                        column: words.column(1),
                    });
                }
            },
            "option" => EngineMessage::Option(UsiOption::read(&words, 1)?),
            "usiok" => {
                end(&words, 1, UsiField::Command)?;
                EngineMessage::UsiOk
            }
            "readyok" => {
                end(&words, 1, UsiField::Command)?;
                EngineMessage::ReadyOk
            }
            "info" => EngineMessage::Info(Info::read(&words, 1)?),
            "bestmove" => EngineMessage::BestMove(read_best_move(&words)?),
            "checkmate" => EngineMessage::Checkmate(read_checkmate(&words)?),
            _ => unknown(),
        })
    }
}

/// `bestmove <move>|resign|win [ponder <move>]`.
fn read_best_move(words: &Words<'_>) -> Result<BestMove, UsiMessageError> {
    let best = match words.text(1) {
        Some("resign") => BestMove::Resign,
        Some("win") => BestMove::Win,
        _ => {
            let best = usi_move(words, 1, UsiField::BestMove)?;
            if words.text(2) == Some("ponder") {
                let ponder = usi_move(words, 3, UsiField::Ponder)?;
                end(words, 4, UsiField::Ponder)?;
                return Ok(BestMove::Move {
                    best,
                    ponder: Some(ponder),
                });
            }
            BestMove::Move { best, ponder: None }
        }
    };
    end(words, 2, UsiField::BestMove)?;
    Ok(best)
}

/// `checkmate <moves...>|nomate|timeout|notimplemented`.
fn read_checkmate(words: &Words<'_>) -> Result<CheckmateReply, UsiMessageError> {
    let reply = match words.text(1) {
        Some("nomate") => CheckmateReply::NoMate,
        Some("timeout") => CheckmateReply::Timeout,
        Some("notimplemented") => CheckmateReply::NotImplemented,
        Some(_) => {
            return Ok(CheckmateReply::Mate(usi_moves(
                words,
                1,
                words.len(),
                UsiField::Checkmate,
            )?));
        }
        None => {
            return Err(UsiMessageError::MissingValue {
                field: UsiField::Checkmate,
                column: words.column(1),
            });
        }
    };
    end(words, 2, UsiField::Checkmate)?;
    Ok(reply)
}

impl FromStr for EngineMessage {
    type Err = UsiMessageError;

    /// As [`EngineMessage::parse`].
    fn from_str(line: &str) -> Result<EngineMessage, UsiMessageError> {
        EngineMessage::parse(line)
    }
}

/// `<key>` alone when `text` is empty, else `<key> <text>`.
fn keyed(f: &mut fmt::Formatter<'_>, key: &str, text: &str) -> fmt::Result {
    f.write_str(key)?;
    if text.is_empty() {
        Ok(())
    } else {
        write!(f, " {text}")
    }
}

impl fmt::Display for EngineMessage {
    /// The line, single-spaced, without a line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineMessage::IdName(name) => keyed(f, "id name", name),
            EngineMessage::IdAuthor(author) => keyed(f, "id author", author),
            EngineMessage::Option(option) => write!(f, "{option}"),
            EngineMessage::UsiOk => f.write_str("usiok"),
            EngineMessage::ReadyOk => f.write_str("readyok"),
            EngineMessage::Info(info) => write!(f, "{info}"),
            EngineMessage::BestMove(best) => write!(f, "{best}"),
            EngineMessage::Checkmate(reply) => write!(f, "{reply}"),
            EngineMessage::Unknown(line) => f.write_str(line),
        }
    }
}

impl fmt::Display for BestMove {
    /// `bestmove ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BestMove::Move { best, ponder } => {
                write!(f, "bestmove {best}")?;
                if let Some(p) = ponder {
                    write!(f, " ponder {p}")?;
                }
                Ok(())
            }
            BestMove::Resign => f.write_str("bestmove resign"),
            BestMove::Win => f.write_str("bestmove win"),
        }
    }
}

impl fmt::Display for CheckmateReply {
    /// `checkmate ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckmateReply::Mate(moves) => {
                f.write_str("checkmate")?;
                for m in moves {
                    write!(f, " {m}")?;
                }
                Ok(())
            }
            CheckmateReply::NoMate => f.write_str("checkmate nomate"),
            CheckmateReply::Timeout => f.write_str("checkmate timeout"),
            CheckmateReply::NotImplemented => f.write_str("checkmate notimplemented"),
        }
    }
}
