//! JKF records: the JSON kifu format of the `json-kifu-format` package
//! (schema in `docs/jkf.schema.json`), read with a
//! streaming JSON reader and written as a stream of text, so that forks nest
//! as deep as [`ReadLimits::max_depth`] allows, in both directions, on a
//! small thread stack.
//!
//! # Reading
//! The text is read with `struson`'s pull parser, in document order and
//! without recursion: the record object, `moves`, each entry, its `forks`,
//! each fork and its entries are walked with an explicit stack, and each
//! line of play goes into the record's flat variation table as it is met.
//! Only values of a fixed shape (a `move` object, `time`, `comments`,
//! `initial`, `header`) are taken whole, through serde. The keys of an
//! object may come in any order: an entry's `forks` may come before its
//! `move`, and `moves` before `initial` (the moves are then read again from
//! the start position `initial` gives, unless it is the even game's).
//!
//! Every move is resolved against the position it is played in: `from`
//! absent means a drop, `piece` is the kind before the move and must match
//! the board, `promote: true` promotes (absent or `false` does not), `same`
//! stands in for a missing `to`, and `capture`, when given, must name the
//! captured kind. `relative` is not needed to resolve a move and is not
//! checked. Comments come from `comments` (an array) or `comment` (a string,
//! as the schema's initial-comment definition has it). A comment string
//! starting with `*` is an engine comment ([`CommentKind::Engine`], the text
//! after the `*`; a KIF `**` line becomes `*…` in JKF), one starting with `&`
//! a bookmark ([`CommentKind::Bookmark`]). `special` accepts every value of
//! the schema and also `MAX_MOVES`; `+ILLEGAL_ACTION` / `-ILLEGAL_ACTION`
//! name the side that fouled, which becomes [`SpecialMove::IllegalLoss`] or
//! [`SpecialMove::IllegalWin`] depending on who is to move. `forks` are
//! alternative lines whose first element replaces the move that carries
//! them: they start from the position before that move, and nest. `initial`
//! is optional (absent or `null` is the even game); a preset names a
//! standard position and `OTHER` takes the board, hands and side to move
//! from `data`. A `time` whose `total` is missing gets the mover's running
//! total, so that what is read always writes back the same.
//!
//! Header keys keep their file order; the KIF names (`先手`, `開始日時`, …)
//! are recognised as [`HeaderKey`](super::HeaderKey)s. A key that occurs twice keeps its first
//! value.
//!
//! # Limits
//! Forks nest at most [`ReadLimits::max_depth`] deep, as variations do in
//! every format: a deeper fork fails with [`RecordErrorKind::LimitExceeded`]
//! ([`Limit::Depth`]) where it starts. The JSON reader's own nesting limit
//! is set from the same number (three levels a fork, and the few the schema
//! needs around them): JSON nested deeper than that anywhere, under a key
//! the reader does not know say, fails with the same error, and nesting
//! where the schema wants a string, a number or an object of known shape
//! fails where it starts; neither costs stack. The other limits (input size,
//! line length, header and comment length, moves a line, variations) apply
//! as in the other formats.
//!
//! # Errors
//! Malformed JSON, and JSON that does not fit the schema's types, fail with
//! [`RecordErrorKind::Json`] at the line and column where the reader found
//! the problem (columns count characters, from 1). Errors about an object
//! (an illegal move, a bad board, a fork where none can be) point at its
//! start: the element of `moves` or of a fork, or `initial`. Plies in the
//! error kinds count from the start position, in forks as in the main line.
//!
//! # Writing
//! [`write()`] produces JSON valid against the schema: `initial.preset` for a
//! standard position, `OTHER` with `data` otherwise; `relative` only when
//! the JSA rules need words to tell the move apart (see
//! [`crate::notation::japanese::disambiguation`]); `promote` only for moves
//! that could have promoted; `capture`, `same`, times (whole seconds; the
//! running total when the record has none), comments, forks and specials.
//! Endings the schema has no value for are written as the nearest one with
//! the same kind of result: a sealed move as `CHUDAN`, the move limit as
//! `HIKIWAKE`, a forfeit win as the `±ILLEGAL_ACTION` of the other side, a
//! forfeit loss as `ILLEGAL_MOVE`. A header key that occurs twice is written
//! once, with its first value (JSON object keys should be unique). The start
//! position's move number is not kept (JKF has none). The text is written
//! with a stack of its own, whatever the nesting: each element of an array
//! on a line, objects on one line, the indentation capped at eight levels,
//! so that its size is proportional to the record's.

use core::time::Duration;

use serde::{Deserialize, Serialize};

use super::{Format, RecordError, RecordErrorKind, SpecialMove};
use crate::notation::csa::role_from_code;
use crate::{Color, Move, Position, Role};

#[cfg(doc)]
use super::{CommentKind, Limit, ReadLimits};

mod initial;
mod read;
mod write;

pub use read::{read, read_with};
pub use write::write;

/// A `move` object, as read.
#[derive(Debug, Deserialize)]
struct JkfMove {
    color: u8,
    #[serde(default)]
    from: Option<Place>,
    #[serde(default)]
    to: Option<Place>,
    piece: PieceCode,
    #[serde(default)]
    same: Option<bool>,
    #[serde(default)]
    promote: Option<bool>,
    #[serde(default)]
    capture: Option<PieceCode>,
    /// Not needed to resolve a move; read for its type only.
    #[serde(default, rename = "relative")]
    _relative: Option<String>,
}

/// A CSA piece code as read: its kind, or the text when it names none
/// (kept for the error message; no allocation for a valid code).
#[derive(Debug)]
enum PieceCode {
    Known(Role),
    Unknown(String),
}

impl<'de> Deserialize<'de> for PieceCode {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<PieceCode, D::Error> {
        struct CodeVisitor;
        impl serde::de::Visitor<'_> for CodeVisitor {
            type Value = PieceCode;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a piece code")
            }
            fn visit_str<E: serde::de::Error>(self, code: &str) -> Result<PieceCode, E> {
                Ok(role_from_code(code)
                    .map_or_else(|| PieceCode::Unknown(code.into()), PieceCode::Known))
            }
        }
        deserializer.deserialize_str(CodeVisitor)
    }
}

/// A square: `x` is the file, `y` the rank, both from 1.
#[derive(Copy, Clone, Debug, Deserialize, Serialize)]
struct Place {
    x: u8,
    y: u8,
}

/// A `time` object.
#[derive(Debug, Deserialize, Serialize)]
struct Consumption {
    now: Clock,
    #[serde(default)]
    total: Option<Clock>,
}

/// A time of `now` or `total`.
#[derive(Debug, Deserialize, Serialize)]
struct Clock {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    h: Option<u64>,
    m: u64,
    s: u64,
}

impl Clock {
    fn duration(&self) -> Option<Duration> {
        let seconds = self
            .h
            .unwrap_or(0)
            .checked_mul(3600)?
            .checked_add(self.m.checked_mul(60)?)?
            .checked_add(self.s)?;
        Some(Duration::from_secs(seconds))
    }
}

/// The JKF `special` values and their endings, the ones written first.
const SPECIALS: [(&str, SpecialMove); 13] = [
    ("TORYO", SpecialMove::Resign),
    ("CHUDAN", SpecialMove::Suspend),
    ("SENNICHITE", SpecialMove::Repetition),
    ("TIME_UP", SpecialMove::TimeUp),
    ("ILLEGAL_MOVE", SpecialMove::IllegalLoss),
    ("JISHOGI", SpecialMove::Impasse),
    ("KACHI", SpecialMove::DeclareWin),
    ("HIKIWAKE", SpecialMove::DeclareDraw),
    ("MATTA", SpecialMove::TakeBack),
    ("TSUMI", SpecialMove::Checkmate),
    ("FUZUMI", SpecialMove::NoMate),
    ("ERROR", SpecialMove::Error),
    ("MAX_MOVES", SpecialMove::MaxMoves),
];

/// An error of `kind` with no place yet.
fn error(kind: RecordErrorKind) -> RecordError {
    RecordError::new(Format::Jkf, 0, 0, kind)
}

/// A [`RecordErrorKind::Json`] error with no place yet.
fn json_error(message: impl Into<String>) -> RecordError {
    error(RecordErrorKind::Json(message.into()))
}

fn color_of(c: u8) -> Option<Color> {
    match c {
        0 => Some(Color::Sente),
        1 => Some(Color::Gote),
        _ => None,
    }
}

/// Where a line of play stands while it is read or written.
#[derive(Clone, Debug)]
struct LineState {
    pos: Position,
    previous: Option<Move>,
    /// Time used so far by Sente and Gote.
    totals: [Duration; 2],
    /// Plies played from the start position.
    ply: u32,
}

impl LineState {
    /// The state at the start of a record from `pos`.
    fn start(pos: Position) -> LineState {
        LineState {
            pos,
            previous: None,
            totals: [Duration::ZERO; 2],
            ply: 0,
        }
    }

    /// Plays `m` (legal in `pos`).
    fn play(&mut self, m: Move) {
        self.pos.play_unchecked(m);
        self.previous = Some(m);
        self.ply += 1;
    }
}

/// What reading the ending `special`, written in JKF, back gives.
pub(super) fn ending_read_back(special: SpecialMove, to_move: Color) -> Option<SpecialMove> {
    read::special_of(write::special_text(special, to_move), to_move)
}
