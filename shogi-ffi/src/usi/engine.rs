//! An engine's lines: `shogi_usi_engine_message` and its accessors, and the
//! moves of a line checked against a position.

use core::ffi::c_char;

use shogi::UsiMove;
use shogi::usi::{
    BestMove, CheckmateReply, EngineMessage, MateSign, ResolvedLine, Score, ScoreBound,
    UsiOptionKind, resolve_line,
};

use crate::boundary::{arg_array_out, arg_out, arg_ref, free_handle, read_text, read_value};
use crate::position::shogi_position;
use crate::result::shogi_result;
use crate::types::shogi_move;

use super::*;

/// An opaque message from an engine, read from one line by
/// `shogi_usi_engine_message_parse`; the caller frees it with
/// `shogi_usi_engine_message_free`, exactly once. It is only read after it is
/// made: it may be read from several threads at once, and moved between
/// threads.
#[allow(non_camel_case_types)]
pub struct shogi_usi_engine_message {
    inner: EngineMessage,
}

/// The kind of an engine message (`shogi_usi_engine_message_kind`).
#[allow(non_camel_case_types)]
pub type shogi_usi_engine_kind = u8;
/// `id name <text>`.
pub const SHOGI_USI_ENGINE_ID_NAME: shogi_usi_engine_kind = 0;
/// `id author <text>`.
pub const SHOGI_USI_ENGINE_ID_AUTHOR: shogi_usi_engine_kind = 1;
/// `option name … type …`.
pub const SHOGI_USI_ENGINE_OPTION: shogi_usi_engine_kind = 2;
/// `usiok`.
pub const SHOGI_USI_ENGINE_USIOK: shogi_usi_engine_kind = 3;
/// `readyok`.
pub const SHOGI_USI_ENGINE_READYOK: shogi_usi_engine_kind = 4;
/// `info …`.
pub const SHOGI_USI_ENGINE_INFO: shogi_usi_engine_kind = 5;
/// `bestmove …`.
pub const SHOGI_USI_ENGINE_BESTMOVE: shogi_usi_engine_kind = 6;
/// `checkmate …`.
pub const SHOGI_USI_ENGINE_CHECKMATE: shogi_usi_engine_kind = 7;
/// A line whose first word is none of the above (engines extend the
/// protocol): kept as text.
pub const SHOGI_USI_ENGINE_UNKNOWN: shogi_usi_engine_kind = 8;

/// The kind of the score of an `info` line.
#[allow(non_camel_case_types)]
pub type shogi_usi_score_kind = u8;
/// No `score`.
pub const SHOGI_USI_SCORE_NONE: shogi_usi_score_kind = 0;
/// `score cp <n>`: centipawns, from the side to move's point of view.
pub const SHOGI_USI_SCORE_CP: shogi_usi_score_kind = 1;
/// `score mate <n>`: mate in `n` plies, the side to move mating when
/// positive, mated when negative.
pub const SHOGI_USI_SCORE_MATE: shogi_usi_score_kind = 2;
/// `score mate +`: the side to move mates, distance not given.
pub const SHOGI_USI_SCORE_MATE_PLUS: shogi_usi_score_kind = 3;
/// `score mate -`: the side to move is mated, distance not given.
pub const SHOGI_USI_SCORE_MATE_MINUS: shogi_usi_score_kind = 4;

/// Whether a score is exact or a bound.
#[allow(non_camel_case_types)]
pub type shogi_usi_score_bound = u8;
/// No bound word: the score is exact.
pub const SHOGI_USI_BOUND_EXACT: shogi_usi_score_bound = 0;
/// `lowerbound`: the score is at least this.
pub const SHOGI_USI_BOUND_LOWER: shogi_usi_score_bound = 1;
/// `upperbound`: the score is at most this.
pub const SHOGI_USI_BOUND_UPPER: shogi_usi_score_bound = 2;

/// The numeric fields of an `info` line (`shogi_usi_engine_message_info`):
/// each with a flag saying whether the line gives it (a value not given is
/// 0). `currmove`, `pv`, `string` and the unknown fields have accessors of
/// their own.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct shogi_usi_info {
    /// Whether `depth` is given.
    pub has_depth: bool,
    /// `depth`: the search depth in plies.
    pub depth: u32,
    /// Whether `seldepth` is given.
    pub has_seldepth: bool,
    /// `seldepth`: the selective search depth in plies.
    pub seldepth: u32,
    /// Whether `time` is given.
    pub has_time_ms: bool,
    /// `time`: the time searched in milliseconds.
    pub time_ms: u64,
    /// Whether `nodes` is given.
    pub has_nodes: bool,
    /// `nodes`: the nodes searched.
    pub nodes: u64,
    /// Whether `nps` is given.
    pub has_nps: bool,
    /// `nps`: nodes per second.
    pub nps: u64,
    /// Whether `hashfull` is given.
    pub has_hashfull: bool,
    /// `hashfull`: the hash table's fill in permille.
    pub hashfull: u32,
    /// Whether `multipv` is given.
    pub has_multipv: bool,
    /// `multipv`: the rank of this line among several.
    pub multipv: u32,
    /// Whether `currmove` is given (its text:
    /// `shogi_usi_engine_message_info_currmove`).
    pub has_currmove: bool,
    /// The kind of `score` (`SHOGI_USI_SCORE_NONE` without one).
    pub score_kind: shogi_usi_score_kind,
    /// The centipawns of `SHOGI_USI_SCORE_CP`, the plies of
    /// `SHOGI_USI_SCORE_MATE`, otherwise 0.
    pub score_value: i32,
    /// The bound of the score (`SHOGI_USI_BOUND_EXACT` without a score).
    pub score_bound: shogi_usi_score_bound,
    /// Whether `pv` is given (a bare `pv` is given, with no move).
    pub has_pv: bool,
    /// The number of moves of `pv`.
    pub pv_len: usize,
    /// Whether `string` is given (`shogi_usi_engine_message_info_string`).
    pub has_string: bool,
    /// The number of unknown fields (`shogi_usi_engine_message_info_extra`).
    pub extra_count: usize,
}

/// The kind of a `bestmove`.
#[allow(non_camel_case_types)]
pub type shogi_usi_bestmove_kind = u8;
/// `bestmove <move> [ponder <move>]`.
pub const SHOGI_USI_BESTMOVE_MOVE: shogi_usi_bestmove_kind = 0;
/// `bestmove resign`.
pub const SHOGI_USI_BESTMOVE_RESIGN: shogi_usi_bestmove_kind = 1;
/// `bestmove win`: the engine declares a win (impasse).
pub const SHOGI_USI_BESTMOVE_WIN: shogi_usi_bestmove_kind = 2;

/// A `bestmove` resolved against a position
/// (`shogi_usi_engine_message_bestmove`).
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct shogi_usi_bestmove {
    /// Move, resign or win.
    pub kind: shogi_usi_bestmove_kind,
    /// The best move (0 unless `kind` is `SHOGI_USI_BESTMOVE_MOVE`).
    pub best: shogi_move,
    /// Whether a ponder move is given.
    pub has_ponder: bool,
    /// The ponder move, legal after `best` (0 without one).
    pub ponder: shogi_move,
}

/// The kind of a `checkmate` reply.
#[allow(non_camel_case_types)]
pub type shogi_usi_checkmate_kind = u8;
/// `checkmate <moves…>`: the mating sequence
/// (`shogi_usi_engine_message_resolve_line`).
pub const SHOGI_USI_CHECKMATE_MATE: shogi_usi_checkmate_kind = 0;
/// `checkmate nomate`.
pub const SHOGI_USI_CHECKMATE_NOMATE: shogi_usi_checkmate_kind = 1;
/// `checkmate timeout`.
pub const SHOGI_USI_CHECKMATE_TIMEOUT: shogi_usi_checkmate_kind = 2;
/// `checkmate notimplemented`.
pub const SHOGI_USI_CHECKMATE_NOTIMPLEMENTED: shogi_usi_checkmate_kind = 3;

/// The type of an engine's `option`.
#[allow(non_camel_case_types)]
pub type shogi_usi_option_type = u8;
/// `type check`: a boolean.
pub const SHOGI_USI_OPTION_CHECK: shogi_usi_option_type = 0;
/// `type spin`: an integer, with `min` and `max`.
pub const SHOGI_USI_OPTION_SPIN: shogi_usi_option_type = 1;
/// `type combo`: one of its `var`s.
pub const SHOGI_USI_OPTION_COMBO: shogi_usi_option_type = 2;
/// `type button`: no value.
pub const SHOGI_USI_OPTION_BUTTON: shogi_usi_option_type = 3;
/// `type string`: text.
pub const SHOGI_USI_OPTION_STRING: shogi_usi_option_type = 4;
/// `type filename`: a file name.
pub const SHOGI_USI_OPTION_FILENAME: shogi_usi_option_type = 5;

/// An engine's `option` (`shogi_usi_engine_message_option`); its name, its
/// default as text and its `var`s have accessors of their own.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct shogi_usi_option {
    /// The option's type.
    pub option_type: shogi_usi_option_type,
    /// Whether a `default` is given
    /// (`shogi_usi_engine_message_option_default` gives it as text).
    pub has_default: bool,
    /// A check's default (false otherwise).
    pub default_check: bool,
    /// A spin's default (0 otherwise).
    pub default_spin: i64,
    /// Whether a spin's `min` is given.
    pub has_min: bool,
    /// A spin's `min`.
    pub min: i64,
    /// Whether a spin's `max` is given.
    pub has_max: bool,
    /// A spin's `max`.
    pub max: i64,
    /// The number of a combo's `var`s (`shogi_usi_engine_message_option_var`).
    pub var_count: usize,
}

/// A line of moves an engine sent (`pv`, `bestmove` and `ponder`,
/// `checkmate`) checked against a position
/// (`shogi_usi_engine_message_resolve_line`).
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct shogi_usi_line {
    /// The number of moves of the line.
    pub len: usize,
    /// The number of legal moves from its start (`len` when every move is
    /// legal).
    pub legal: usize,
    /// Whether a move is illegal: the one at index `legal` (the moves after
    /// it are not checked).
    pub has_illegal: bool,
    /// Why that move is illegal: a `SHOGI_RESULT_ILLEGAL_*` code
    /// (`SHOGI_RESULT_OK` when every move is legal).
    pub illegal_reason: shogi_result,
}

/// Reads one line an engine sent (without its line break: whitespace
/// around the line is ignored) into a new handle written to `*out`; the
/// caller frees it with `shogi_usi_engine_message_free`. A line whose first
/// word is unknown reads as `SHOGI_USI_ENGINE_UNKNOWN`, an unknown field of
/// `info` is kept (`shogi_usi_engine_message_info_extra`).
///
/// On error `*out` is untouched and, unless `err_or_null` is NULL,
/// `*err_or_null` is filled in (for every error, the general ones
/// included): `SHOGI_RESULT_USI_MESSAGE_*` with the column, the field and the
/// message for a malformed known field, `SHOGI_RESULT_INVALID_UTF8`,
/// `SHOGI_RESULT_NULL_PARAMETER` if `line` or `out` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_parse(
    line: *const c_char,
    line_len: usize,
    out: *mut *mut shogi_usi_engine_message,
    err_or_null: *mut shogi_usi_error,
) -> shogi_result {
    parse_into(line, line_len, out, err_or_null, |text| {
        EngineMessage::parse(text).map(|inner| shogi_usi_engine_message { inner })
    })
}

/// Frees an engine message. NULL is ignored. Infallible.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_free(msg: *mut shogi_usi_engine_message) {
    ffi_fn!(infallible(), { free_handle(msg) })
}

/// Writes the kind of `msg` to `*out`. `SHOGI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_kind(
    msg: *const shogi_usi_engine_message,
    out: *mut shogi_usi_engine_kind,
) -> shogi_result {
    read_value(msg, out, |msg| {
        Ok(match &msg.inner {
            EngineMessage::IdName(_) => SHOGI_USI_ENGINE_ID_NAME,
            EngineMessage::IdAuthor(_) => SHOGI_USI_ENGINE_ID_AUTHOR,
            EngineMessage::Option(_) => SHOGI_USI_ENGINE_OPTION,
            EngineMessage::UsiOk => SHOGI_USI_ENGINE_USIOK,
            EngineMessage::ReadyOk => SHOGI_USI_ENGINE_READYOK,
            EngineMessage::Info(_) => SHOGI_USI_ENGINE_INFO,
            EngineMessage::BestMove(_) => SHOGI_USI_ENGINE_BESTMOVE,
            EngineMessage::Checkmate(_) => SHOGI_USI_ENGINE_CHECKMATE,
            _ => SHOGI_USI_ENGINE_UNKNOWN,
        })
    })
}

/// Writes the canonical line of `msg` (single-spaced, known fields in a
/// fixed order, no line break; reading it gives the same message) into `buf`
/// (buffer convention as for `shogi_position_to_sfen`). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_to_text(
    msg: *const shogi_usi_engine_message,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(msg, buf, buf_len, out_len, |msg| Ok(msg.inner.to_string()))
}

/// Writes the text of an `id name` or `id author` message (the rest of the
/// line), or the whole line of an unknown message, into `buf` (buffer
/// convention as for `shogi_position_to_sfen`). `SHOGI_RESULT_INVALID_ARGUMENT`
/// for a message of another kind. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_text(
    msg: *const shogi_usi_engine_message,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(msg, buf, buf_len, out_len, |msg| match &msg.inner {
        EngineMessage::IdName(text) | EngineMessage::IdAuthor(text) => Ok(text.clone()),
        EngineMessage::Unknown(text) => Ok(text.clone()),
        _ => Err(shogi_result::InvalidArgument),
    })
}

/// The `info` of `msg`, or `SHOGI_RESULT_INVALID_ARGUMENT`.
fn info_of(msg: &shogi_usi_engine_message) -> Result<&shogi::usi::Info, shogi_result> {
    match &msg.inner {
        EngineMessage::Info(info) => Ok(info),
        _ => Err(shogi_result::InvalidArgument),
    }
}

/// Writes the numeric fields of an `info` message, and which fields it
/// gives, to `*out`. `SHOGI_RESULT_INVALID_ARGUMENT` for a message of another
/// kind, `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_info(
    msg: *const shogi_usi_engine_message,
    out: *mut shogi_usi_info,
) -> shogi_result {
    read_value(msg, out, |msg| {
        let info = info_of(msg)?;
        let (score_kind, score_value) = match info.score.map(|s| s.score) {
            None => (SHOGI_USI_SCORE_NONE, 0),
            Some(Score::Cp(n)) => (SHOGI_USI_SCORE_CP, n),
            Some(Score::Mate(n)) => (SHOGI_USI_SCORE_MATE, n),
            Some(Score::MateUnknown(MateSign::Plus)) => (SHOGI_USI_SCORE_MATE_PLUS, 0),
            Some(Score::MateUnknown(MateSign::Minus)) => (SHOGI_USI_SCORE_MATE_MINUS, 0),
        };
        let score_bound = match info.score.map(|s| s.bound) {
            Some(ScoreBound::Lower) => SHOGI_USI_BOUND_LOWER,
            Some(ScoreBound::Upper) => SHOGI_USI_BOUND_UPPER,
            _ => SHOGI_USI_BOUND_EXACT,
        };
        Ok(shogi_usi_info {
            has_depth: info.depth.is_some(),
            depth: info.depth.unwrap_or(0),
            has_seldepth: info.seldepth.is_some(),
            seldepth: info.seldepth.unwrap_or(0),
            has_time_ms: info.time_ms.is_some(),
            time_ms: info.time_ms.unwrap_or(0),
            has_nodes: info.nodes.is_some(),
            nodes: info.nodes.unwrap_or(0),
            has_nps: info.nps.is_some(),
            nps: info.nps.unwrap_or(0),
            has_hashfull: info.hashfull.is_some(),
            hashfull: info.hashfull.unwrap_or(0),
            has_multipv: info.multipv.is_some(),
            multipv: info.multipv.unwrap_or(0),
            has_currmove: info.currmove.is_some(),
            score_kind,
            score_value,
            score_bound,
            has_pv: info.pv.is_some(),
            pv_len: info.pv.as_ref().map_or(0, Vec::len),
            has_string: info.string.is_some(),
            extra_count: info.extra.len(),
        })
    })
}

/// Writes the `currmove` of an `info` message as USI text (`7g7f`) into
/// `buf` (buffer convention as for `shogi_position_to_sfen`).
/// `SHOGI_RESULT_NOT_FOUND` when the line gives none,
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a message of another kind. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_info_currmove(
    msg: *const shogi_usi_engine_message,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(msg, buf, buf_len, out_len, |msg| {
        let m = info_of(msg)?.currmove.ok_or(shogi_result::NotFound)?;
        Ok(m.to_string())
    })
}

/// Writes the `string` of an `info` message (the rest of the line, its
/// inner spacing kept) into `buf` (buffer convention as for
/// `shogi_position_to_sfen`). `SHOGI_RESULT_NOT_FOUND` when the line gives
/// none, `SHOGI_RESULT_INVALID_ARGUMENT` for a message of another kind.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_info_string(
    msg: *const shogi_usi_engine_message,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(msg, buf, buf_len, out_len, |msg| {
        info_of(msg)?.string.clone().ok_or(shogi_result::NotFound)
    })
}

/// Writes the unknown field `index` (0-based, below
/// `shogi_usi_info.extra_count`) of an `info` message into `buf` as it is
/// written: its key, then a space and its words if it has any (`tbhits 0`)
/// (buffer convention as for `shogi_position_to_sfen`).
/// `SHOGI_RESULT_NOT_FOUND` for an index out of range,
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a message of another kind. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_info_extra(
    msg: *const shogi_usi_engine_message,
    index: usize,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(msg, buf, buf_len, out_len, |msg| {
        let (key, value) = info_of(msg)?
            .extra
            .get(index)
            .ok_or(shogi_result::NotFound)?;
        Ok(if value.is_empty() {
            key.clone()
        } else {
            format!("{key} {value}")
        })
    })
}

/// The moves of the line of `msg`: the `pv` of an `info` (none without
/// one), the best and ponder moves of a `bestmove`, the mating sequence of a
/// `checkmate`.
fn line_of(msg: &shogi_usi_engine_message) -> Result<Vec<UsiMove>, shogi_result> {
    Ok(match &msg.inner {
        EngineMessage::Info(info) => info.pv.clone().unwrap_or_default(),
        EngineMessage::BestMove(BestMove::Move { best, ponder }) => {
            core::iter::once(*best).chain(*ponder).collect()
        }
        EngineMessage::BestMove(_) => Vec::new(),
        EngineMessage::Checkmate(CheckmateReply::Mate(moves)) => moves.clone(),
        EngineMessage::Checkmate(_) => Vec::new(),
        _ => return Err(shogi_result::InvalidArgument),
    })
}

/// Writes the line of moves of `msg` as USI text, the moves separated by
/// single spaces (`7g7f 3c3d`; empty for no move) into `buf` (buffer
/// convention as for `shogi_position_to_sfen`): the `pv` of an `info`, the
/// best and ponder moves of a `bestmove`, the mating sequence of a
/// `checkmate`. The moves are not checked (see
/// `shogi_usi_engine_message_resolve_line`). `SHOGI_RESULT_INVALID_ARGUMENT`
/// for a message of another kind. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_line_text(
    msg: *const shogi_usi_engine_message,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(msg, buf, buf_len, out_len, |msg| {
        let words: Vec<String> = line_of(msg)?.iter().map(ToString::to_string).collect();
        Ok(words.join(" "))
    })
}

/// Checks the line of moves of `msg` (as for
/// `shogi_usi_engine_message_line_text`) from `pos`, playing each legal move
/// in turn: an engine's line is checked, not trusted. Writes the legal moves
/// from the start of the line into `buf` (capacity `cap`, their number in
/// `*out_len`; move-list convention) and the outcome to `*line`: the line's
/// length, the number of legal moves, and the first illegal move's reason.
/// An illegal move is not an error of the call: the result is
/// `SHOGI_RESULT_OK` and `*line` names it.
///
/// `SHOGI_RESULT_BUFFER_TOO_SMALL` (the legal count in `*out_len`, `*line`
/// untouched) when the moves do not fit; `SHOGI_RESULT_INVALID_ARGUMENT` for
/// a message that is not `info`, `bestmove` or `checkmate`;
/// `SHOGI_RESULT_NULL_PARAMETER` if `msg`, `pos`, `out_len` or `line` is NULL
/// (or `buf` with `cap > 0`). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_resolve_line(
    msg: *const shogi_usi_engine_message,
    pos: *const shogi_position,
    buf: *mut shogi_move,
    cap: usize,
    out_len: *mut usize,
    line: *mut shogi_usi_line,
) -> shogi_result {
    ffi_fn!({
        let msg = arg_ref(msg)?;
        let pos = arg_ref(pos)?;
        let moves_out = arg_array_out(buf, cap, out_len)?;
        let line_out = arg_out(line)?;
        let moves = line_of(msg)?;
        let resolved = resolve_line(&pos.inner, &moves);
        let status = line_status(moves.len(), &resolved);
        moves_out.write(resolved.moves.iter().map(|m| m.to_bits()))?;
        line_out.write(status);
        Ok(())
    })
}

/// The C outcome of a resolved line of `len` moves.
fn line_status(len: usize, resolved: &ResolvedLine) -> shogi_usi_line {
    shogi_usi_line {
        len,
        legal: resolved.moves.len(),
        has_illegal: resolved.illegal.is_some(),
        illegal_reason: resolved
            .illegal
            .as_ref()
            .map_or(shogi_result::Ok, |e| e.source.clone().into()),
    }
}

/// Writes the `bestmove` of `msg` resolved against `pos` to `*out`: its
/// kind, and for a move the best move and the ponder move (played after the
/// best one) as move values.
///
/// Errors (`*out` untouched): `SHOGI_RESULT_ILLEGAL_*` with the reason when
/// the best move, or the ponder move after it, is not legal (which of them:
/// `shogi_usi_engine_message_resolve_line`); `SHOGI_RESULT_INVALID_ARGUMENT`
/// for a message that is not `bestmove`; `SHOGI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_bestmove(
    msg: *const shogi_usi_engine_message,
    pos: *const shogi_position,
    out: *mut shogi_usi_bestmove,
) -> shogi_result {
    read_value(msg, out, |msg| {
        let pos = arg_ref(pos)?;
        let EngineMessage::BestMove(best) = &msg.inner else {
            return Err(shogi_result::InvalidArgument);
        };
        match best {
            BestMove::Resign => Ok(shogi_usi_bestmove {
                kind: SHOGI_USI_BESTMOVE_RESIGN,
                ..Default::default()
            }),
            BestMove::Win => Ok(shogi_usi_bestmove {
                kind: SHOGI_USI_BESTMOVE_WIN,
                ..Default::default()
            }),
            BestMove::Move { ponder, .. } => {
                let line = best.resolve(&pos.inner);
                if let Some(illegal) = line.illegal {
                    return Err(illegal.source.into());
                }
                Ok(shogi_usi_bestmove {
                    kind: SHOGI_USI_BESTMOVE_MOVE,
                    best: line.moves[0].to_bits(),
                    has_ponder: ponder.is_some(),
                    ponder: line.moves.get(1).map_or(0, |m| m.to_bits()),
                })
            }
        }
    })
}

/// Writes the kind of a `checkmate` reply to `*out` (its moves:
/// `shogi_usi_engine_message_resolve_line` and
/// `shogi_usi_engine_message_line_text`). `SHOGI_RESULT_INVALID_ARGUMENT` for
/// a message of another kind, `SHOGI_RESULT_NULL_PARAMETER` if a pointer is
/// NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_checkmate(
    msg: *const shogi_usi_engine_message,
    out: *mut shogi_usi_checkmate_kind,
) -> shogi_result {
    read_value(msg, out, |msg| match &msg.inner {
        EngineMessage::Checkmate(CheckmateReply::Mate(_)) => Ok(SHOGI_USI_CHECKMATE_MATE),
        EngineMessage::Checkmate(CheckmateReply::NoMate) => Ok(SHOGI_USI_CHECKMATE_NOMATE),
        EngineMessage::Checkmate(CheckmateReply::Timeout) => Ok(SHOGI_USI_CHECKMATE_TIMEOUT),
        EngineMessage::Checkmate(CheckmateReply::NotImplemented) => {
            Ok(SHOGI_USI_CHECKMATE_NOTIMPLEMENTED)
        }
        _ => Err(shogi_result::InvalidArgument),
    })
}

/// The `option` of `msg`, or `SHOGI_RESULT_INVALID_ARGUMENT`.
fn option_of(msg: &shogi_usi_engine_message) -> Result<&shogi::usi::UsiOption, shogi_result> {
    match &msg.inner {
        EngineMessage::Option(option) => Ok(option),
        _ => Err(shogi_result::InvalidArgument),
    }
}

/// Writes the type of an `option` message and its values but text to
/// `*out`. `SHOGI_RESULT_INVALID_ARGUMENT` for a message of another kind (or
/// an option type this version does not name), `SHOGI_RESULT_NULL_PARAMETER`
/// if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_option(
    msg: *const shogi_usi_engine_message,
    out: *mut shogi_usi_option,
) -> shogi_result {
    read_value(msg, out, |msg| {
        let mut out = shogi_usi_option::default();
        match &option_of(msg)?.kind {
            UsiOptionKind::Check { default } => {
                out.option_type = SHOGI_USI_OPTION_CHECK;
                out.has_default = default.is_some();
                out.default_check = default.unwrap_or(false);
            }
            UsiOptionKind::Spin { default, min, max } => {
                out.option_type = SHOGI_USI_OPTION_SPIN;
                out.has_default = default.is_some();
                out.default_spin = default.unwrap_or(0);
                out.has_min = min.is_some();
                out.min = min.unwrap_or(0);
                out.has_max = max.is_some();
                out.max = max.unwrap_or(0);
            }
            UsiOptionKind::Combo { default, vars } => {
                out.option_type = SHOGI_USI_OPTION_COMBO;
                out.has_default = default.is_some();
                out.var_count = vars.len();
            }
            UsiOptionKind::Button => out.option_type = SHOGI_USI_OPTION_BUTTON,
            UsiOptionKind::String { default } => {
                out.option_type = SHOGI_USI_OPTION_STRING;
                out.has_default = default.is_some();
            }
            UsiOptionKind::Filename { default } => {
                out.option_type = SHOGI_USI_OPTION_FILENAME;
                out.has_default = default.is_some();
            }
            _ => return Err(shogi_result::InvalidArgument),
        }
        Ok(out)
    })
}

/// Writes the name of an `option` message (its words joined by single
/// spaces) into `buf` (buffer convention as for `shogi_position_to_sfen`).
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a message of another kind.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_option_name(
    msg: *const shogi_usi_engine_message,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(msg, buf, buf_len, out_len, |msg| {
        Ok(option_of(msg)?.name.clone())
    })
}

/// Writes the default of an `option` message as text into `buf` (buffer
/// convention as for `shogi_position_to_sfen`): `true` or `false` for a
/// check, the number for a spin, the text for a combo, string or filename
/// (empty for `<empty>`). `SHOGI_RESULT_NOT_FOUND` when the option gives no
/// default (a button never does), `SHOGI_RESULT_INVALID_ARGUMENT` for a
/// message of another kind. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_option_default(
    msg: *const shogi_usi_engine_message,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(msg, buf, buf_len, out_len, |msg| {
        let text = match &option_of(msg)?.kind {
            UsiOptionKind::Check { default } => default.map(|d| d.to_string()),
            UsiOptionKind::Spin { default, .. } => default.map(|d| d.to_string()),
            UsiOptionKind::Combo { default, .. }
            | UsiOptionKind::String { default }
            | UsiOptionKind::Filename { default } => default.clone(),
            _ => None,
        };
        text.ok_or(shogi_result::NotFound)
    })
}

/// Writes the `var` `index` (0-based, below `shogi_usi_option.var_count`) of
/// a combo `option` into `buf` (buffer convention as for
/// `shogi_position_to_sfen`). `SHOGI_RESULT_NOT_FOUND` for an index out of
/// range (any index of an option that is not a combo),
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a message that is not an option.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_engine_message_option_var(
    msg: *const shogi_usi_engine_message,
    index: usize,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(msg, buf, buf_len, out_len, |msg| {
        match &option_of(msg)?.kind {
            UsiOptionKind::Combo { vars, .. } => {
                vars.get(index).cloned().ok_or(shogi_result::NotFound)
            }
            _ => Err(shogi_result::NotFound),
        }
    })
}

// ---------------------------------------------------------------------------
// GUI commands.
