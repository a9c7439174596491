//! The USI protocol as typed messages: an engine's line read into a
//! `shogi_usi_engine_message`, a GUI's command into a `shogi_usi_gui_command`
//! (each with accessors), the moves an engine sends checked against a
//! position, and the GUI's commands written as text. No input or output: the
//! caller reads and writes the lines.

use core::ffi::c_char;

use shogi::UsiMove;
use shogi::usi::{
    BestMove, CheckmateReply, EngineMessage, GameResult, GoParams, GuiCommand, MateLimit, MateSign,
    PositionStart, ResolvedLine, Score, ScoreBound, UsiMessageError, UsiOptionKind, resolve_line,
};

use crate::boundary::{
    arg_array_out, arg_opt, arg_out, arg_out_opt, arg_ref, arg_str, free_handle, into_handle,
    read_text, read_value, write_text,
};
use crate::game::{rules_arg, shogi_game, shogi_rules_config};
use crate::position::shogi_position;
use crate::result::shogi_result;
use crate::types::shogi_move;

/// The size of `shogi_usi_error.message`, its NUL included.
pub const SHOGI_USI_ERROR_MESSAGE_LEN: usize = 256;
/// The size of `shogi_usi_error.field`, its NUL included.
pub const SHOGI_USI_FIELD_LEN: usize = 16;

/// Why a USI line could not be read: filled in by
/// `shogi_usi_engine_message_parse` and `shogi_usi_gui_command_parse` when
/// they fail and their `err_or_null` is not NULL.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct shogi_usi_error {
    /// The code the function returned: a `SHOGI_RESULT_USI_MESSAGE_*` code,
    /// or a general one (`SHOGI_RESULT_INVALID_UTF8`, …).
    pub result: shogi_result,
    /// A finer reason: the `SHOGI_RESULT_USI_*` move-text code for
    /// `SHOGI_RESULT_USI_MESSAGE_BAD_MOVE`; for
    /// `SHOGI_RESULT_USI_MESSAGE_POSITION` the code of the `position` command's
    /// error (`SHOGI_RESULT_USI_COMMAND_*`, `SHOGI_RESULT_SFEN_*`,
    /// `SHOGI_RESULT_SETUP_*`, `SHOGI_RESULT_USI_*`); otherwise the same as
    /// `result`.
    pub reason: shogi_result,
    /// The 1-based column (in characters) where the line is at fault, or 0
    /// when there is none (an empty line, an invalid SFEN).
    pub column: usize,
    /// The field at fault as the protocol spells its keyword (`"depth"`,
    /// `"pv"`, `"bestmove"`, `"command"` …), NUL-terminated; empty when the
    /// error names no field.
    pub field: [c_char; SHOGI_USI_FIELD_LEN],
    /// The full message (`"'depth' at column 12: \"x\" is not a number in
    /// range"`), NUL-terminated, cut at a character boundary to fit.
    pub message: [c_char; SHOGI_USI_ERROR_MESSAGE_LEN],
}

/// Copies `text` into `dst` with a NUL, cut at a character boundary to fit.
fn copy_text<const N: usize>(dst: &mut [c_char; N], text: &str) {
    let mut end = text.len().min(N - 1);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    for (d, s) in dst.iter_mut().zip(&text.as_bytes()[..end]) {
        *d = *s as c_char;
    }
    dst[end] = 0;
}

impl shogi_usi_error {
    /// An error with the code `result` and `message`, no column and no field.
    fn new(result: shogi_result, message: &str) -> shogi_usi_error {
        let mut err = shogi_usi_error {
            result,
            reason: result,
            column: 0,
            field: [0; SHOGI_USI_FIELD_LEN],
            message: [0; SHOGI_USI_ERROR_MESSAGE_LEN],
        };
        copy_text(&mut err.message, message);
        err
    }

    /// The error of a line that does not read.
    pub(crate) fn of(e: &UsiMessageError) -> shogi_usi_error {
        let mut err = shogi_usi_error::new(shogi_result::from(e), &e.to_string());
        err.reason = usi_error_reason(e);
        let (field, column) = match e {
            UsiMessageError::MissingValue { field, column }
            | UsiMessageError::BadNumber { field, column, .. }
            | UsiMessageError::BadMove { field, column, .. }
            | UsiMessageError::BadWord { field, column, .. }
            | UsiMessageError::Unexpected { field, column, .. } => (Some(*field), *column),
            UsiMessageError::Position(e) => (None, usi_command_column(e)),
            _ => (None, 0),
        };
        err.column = column;
        if let Some(field) = field {
            copy_text(&mut err.field, field.as_str());
        }
        err
    }
}

/// The column of a `position` command's error, 0 when it has none.
fn usi_command_column(e: &shogi::usi::UsiCommandError) -> usize {
    use shogi::usi::UsiCommandError as E;
    match e {
        E::MissingStart { column }
        | E::ExpectedMoves { column }
        | E::BadMove { column, .. }
        | E::IllegalMove { column, .. } => *column,
        _ => 0,
    }
}

/// The finer reason of `shogi_usi_error.reason`.
fn usi_error_reason(e: &UsiMessageError) -> shogi_result {
    match e {
        UsiMessageError::BadMove { source, .. } => source.clone().into(),
        UsiMessageError::Position(e) => e.clone().into(),
        _ => shogi_result::from(e),
    }
}

/// Reads `line` with `parse` into a new handle written to `*out`; on failure
/// `*out` is untouched and the error, the general ones included, goes to
/// `*err_or_null` unless it is NULL.
fn parse_into<T>(
    line: *const c_char,
    line_len: usize,
    out: *mut *mut T,
    err_or_null: *mut shogi_usi_error,
    parse: impl FnOnce(&str) -> Result<T, UsiMessageError>,
) -> shogi_result {
    ffi_fn!({
        let general = |code: shogi_result| Box::new(shogi_usi_error::new(code, code.message()));
        let read = || -> Result<(), Box<shogi_usi_error>> {
            let text = arg_str(line, line_len).map_err(general)?;
            let out = arg_out(out).map_err(general)?;
            let value = parse(text).map_err(|e| Box::new(shogi_usi_error::of(&e)))?;
            out.write(into_handle(value));
            Ok(())
        };
        let err_out = arg_out_opt(err_or_null);
        read().map_err(|err| {
            let code = err.result;
            if let Some(err_out) = err_out {
                err_out.write(*err);
            }
            code
        })
    })
}

// ---------------------------------------------------------------------------
// Engine messages.

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

/// An opaque command from a GUI, read from one line by
/// `shogi_usi_gui_command_parse`; the caller frees it with
/// `shogi_usi_gui_command_free`, exactly once. It is only read after it is
/// made: it may be read from several threads at once, and moved between
/// threads.
#[allow(non_camel_case_types)]
pub struct shogi_usi_gui_command {
    inner: GuiCommand,
}

/// The kind of a GUI command (`shogi_usi_gui_command_kind`,
/// `shogi_usi_format_command`).
#[allow(non_camel_case_types)]
pub type shogi_usi_gui_kind = u8;
/// `usi`.
pub const SHOGI_USI_GUI_USI: shogi_usi_gui_kind = 0;
/// `isready`.
pub const SHOGI_USI_GUI_ISREADY: shogi_usi_gui_kind = 1;
/// `setoption name <name> [value <value>]`.
pub const SHOGI_USI_GUI_SETOPTION: shogi_usi_gui_kind = 2;
/// `usinewgame`.
pub const SHOGI_USI_GUI_USINEWGAME: shogi_usi_gui_kind = 3;
/// `position startpos|sfen <SFEN> [moves …]`.
pub const SHOGI_USI_GUI_POSITION: shogi_usi_gui_kind = 4;
/// `go …`.
pub const SHOGI_USI_GUI_GO: shogi_usi_gui_kind = 5;
/// `stop`.
pub const SHOGI_USI_GUI_STOP: shogi_usi_gui_kind = 6;
/// `ponderhit`.
pub const SHOGI_USI_GUI_PONDERHIT: shogi_usi_gui_kind = 7;
/// `gameover win|lose|draw`.
pub const SHOGI_USI_GUI_GAMEOVER: shogi_usi_gui_kind = 8;
/// `quit`.
pub const SHOGI_USI_GUI_QUIT: shogi_usi_gui_kind = 9;
/// A line whose first word is none of the above: kept as text.
pub const SHOGI_USI_GUI_UNKNOWN: shogi_usi_gui_kind = 10;

/// The result a `gameover` command tells the engine.
#[allow(non_camel_case_types)]
pub type shogi_usi_game_result = u8;
/// `gameover win`: the engine won.
pub const SHOGI_USI_GAME_WIN: shogi_usi_game_result = 0;
/// `gameover lose`: the engine lost.
pub const SHOGI_USI_GAME_LOSE: shogi_usi_game_result = 1;
/// `gameover draw`.
pub const SHOGI_USI_GAME_DRAW: shogi_usi_game_result = 2;

/// The mate search limit of `go mate`.
#[allow(non_camel_case_types)]
pub type shogi_usi_mate_limit = u8;
/// No `mate`: an ordinary search.
pub const SHOGI_USI_MATE_NONE: shogi_usi_mate_limit = 0;
/// `go mate <ms>`: a mate search of `mate_ms` milliseconds.
pub const SHOGI_USI_MATE_MILLIS: shogi_usi_mate_limit = 1;
/// `go mate infinite`.
pub const SHOGI_USI_MATE_INFINITE: shogi_usi_mate_limit = 2;

/// The parameters of `go` (`shogi_usi_gui_command_go`,
/// `shogi_usi_format_go`): each with a flag saying whether it is given (a
/// value not given is 0 and not written). Times are in milliseconds.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct shogi_usi_go {
    /// Whether `btime` is given.
    pub has_btime: bool,
    /// `btime`: Sente's remaining time.
    pub btime: u64,
    /// Whether `wtime` is given.
    pub has_wtime: bool,
    /// `wtime`: Gote's remaining time.
    pub wtime: u64,
    /// Whether `byoyomi` is given.
    pub has_byoyomi: bool,
    /// `byoyomi`: the time per move after the main time.
    pub byoyomi: u64,
    /// Whether `binc` is given.
    pub has_binc: bool,
    /// `binc`: Sente's increment per move.
    pub binc: u64,
    /// Whether `winc` is given.
    pub has_winc: bool,
    /// `winc`: Gote's increment per move.
    pub winc: u64,
    /// `ponder`: search in the opponent's time.
    pub ponder: bool,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `mate`: none, a time limit, or infinite.
    pub mate: shogi_usi_mate_limit,
    /// The time limit of `SHOGI_USI_MATE_MILLIS` (0 otherwise).
    pub mate_ms: u64,
    /// Whether `depth` is given.
    pub has_depth: bool,
    /// `depth`: the depth limit in plies.
    pub depth: u32,
    /// Whether `nodes` is given.
    pub has_nodes: bool,
    /// `nodes`: the node limit.
    pub nodes: u64,
    /// Whether `movetime` is given.
    pub has_movetime: bool,
    /// `movetime`: the time to search.
    pub movetime: u64,
}

/// Reads one line a GUI sent (without its line break: whitespace around the
/// line is ignored) into a new handle written to `*out`; the caller frees it
/// with `shogi_usi_gui_command_free`. A line whose first word is unknown
/// reads as `SHOGI_USI_GUI_UNKNOWN`. A `position` command's moves are read
/// as USI moves but not played (`shogi_usi_gui_command_position_replay`
/// plays them).
///
/// Errors, and `*err_or_null`, as for `shogi_usi_engine_message_parse`; a
/// malformed `position` command is `SHOGI_RESULT_USI_MESSAGE_POSITION`, with
/// the reason in `err_or_null->reason`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_parse(
    line: *const c_char,
    line_len: usize,
    out: *mut *mut shogi_usi_gui_command,
    err_or_null: *mut shogi_usi_error,
) -> shogi_result {
    parse_into(line, line_len, out, err_or_null, |text| {
        GuiCommand::parse(text).map(|inner| shogi_usi_gui_command { inner })
    })
}

/// Frees a GUI command. NULL is ignored. Infallible.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_free(cmd: *mut shogi_usi_gui_command) {
    ffi_fn!(infallible(), { free_handle(cmd) })
}

/// Writes the kind of `cmd` to `*out`. `SHOGI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_kind(
    cmd: *const shogi_usi_gui_command,
    out: *mut shogi_usi_gui_kind,
) -> shogi_result {
    read_value(cmd, out, |cmd| {
        Ok(match &cmd.inner {
            GuiCommand::Usi => SHOGI_USI_GUI_USI,
            GuiCommand::IsReady => SHOGI_USI_GUI_ISREADY,
            GuiCommand::SetOption { .. } => SHOGI_USI_GUI_SETOPTION,
            GuiCommand::UsiNewGame => SHOGI_USI_GUI_USINEWGAME,
            GuiCommand::Position(_) => SHOGI_USI_GUI_POSITION,
            GuiCommand::Go(_) => SHOGI_USI_GUI_GO,
            GuiCommand::Stop => SHOGI_USI_GUI_STOP,
            GuiCommand::PonderHit => SHOGI_USI_GUI_PONDERHIT,
            GuiCommand::GameOver(_) => SHOGI_USI_GUI_GAMEOVER,
            GuiCommand::Quit => SHOGI_USI_GUI_QUIT,
            _ => SHOGI_USI_GUI_UNKNOWN,
        })
    })
}

/// Writes the canonical line of `cmd` (single-spaced, no line break; reading
/// it gives the same command) into `buf` (buffer convention as for
/// `shogi_position_to_sfen`). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_to_text(
    cmd: *const shogi_usi_gui_command,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(cmd, buf, buf_len, out_len, |cmd| Ok(cmd.inner.to_string()))
}

/// Writes the name of a `setoption` command into `buf` (buffer convention as
/// for `shogi_position_to_sfen`). `SHOGI_RESULT_INVALID_ARGUMENT` for a
/// command of another kind. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_setoption_name(
    cmd: *const shogi_usi_gui_command,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(cmd, buf, buf_len, out_len, |cmd| match &cmd.inner {
        GuiCommand::SetOption { name, .. } => Ok(name.clone()),
        _ => Err(shogi_result::InvalidArgument),
    })
}

/// Writes the value of a `setoption` command (empty for `<empty>`) into
/// `buf` (buffer convention as for `shogi_position_to_sfen`).
/// `SHOGI_RESULT_NOT_FOUND` when the command has no `value` (a button),
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a command of another kind. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_setoption_value(
    cmd: *const shogi_usi_gui_command,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(cmd, buf, buf_len, out_len, |cmd| match &cmd.inner {
        GuiCommand::SetOption { value, .. } => value.clone().ok_or(shogi_result::NotFound),
        _ => Err(shogi_result::InvalidArgument),
    })
}

/// Writes the parameters of a `go` command to `*out` (its unknown fields are
/// kept in the command's text, `shogi_usi_gui_command_to_text`).
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a command of another kind,
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_go(
    cmd: *const shogi_usi_gui_command,
    out: *mut shogi_usi_go,
) -> shogi_result {
    read_value(cmd, out, |cmd| {
        let GuiCommand::Go(go) = &cmd.inner else {
            return Err(shogi_result::InvalidArgument);
        };
        let (mate, mate_ms) = match go.mate {
            None => (SHOGI_USI_MATE_NONE, 0),
            Some(MateLimit::Millis(ms)) => (SHOGI_USI_MATE_MILLIS, ms),
            Some(MateLimit::Infinite) => (SHOGI_USI_MATE_INFINITE, 0),
        };
        Ok(shogi_usi_go {
            has_btime: go.btime.is_some(),
            btime: go.btime.unwrap_or(0),
            has_wtime: go.wtime.is_some(),
            wtime: go.wtime.unwrap_or(0),
            has_byoyomi: go.byoyomi.is_some(),
            byoyomi: go.byoyomi.unwrap_or(0),
            has_binc: go.binc.is_some(),
            binc: go.binc.unwrap_or(0),
            has_winc: go.winc.is_some(),
            winc: go.winc.unwrap_or(0),
            ponder: go.ponder,
            infinite: go.infinite,
            mate,
            mate_ms,
            has_depth: go.depth.is_some(),
            depth: go.depth.unwrap_or(0),
            has_nodes: go.nodes.is_some(),
            nodes: go.nodes.unwrap_or(0),
            has_movetime: go.movetime.is_some(),
            movetime: go.movetime.unwrap_or(0),
        })
    })
}

/// The `position` of `cmd`, or `SHOGI_RESULT_INVALID_ARGUMENT`.
fn position_of(cmd: &shogi_usi_gui_command) -> Result<&shogi::usi::GuiPosition, shogi_result> {
    match &cmd.inner {
        GuiCommand::Position(position) => Ok(position),
        _ => Err(shogi_result::InvalidArgument),
    }
}

/// Writes whether a `position` command starts from `startpos` (rather than
/// `sfen …`) to `*out`. `SHOGI_RESULT_INVALID_ARGUMENT` for a command of
/// another kind, `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_position_is_startpos(
    cmd: *const shogi_usi_gui_command,
    out: *mut bool,
) -> shogi_result {
    read_value(cmd, out, |cmd| {
        Ok(matches!(position_of(cmd)?.start, PositionStart::Startpos))
    })
}

/// Makes a new position handle holding the start position of a `position`
/// command (before its moves) and writes it to `*out`; the caller frees it
/// with `shogi_position_free`. `SHOGI_RESULT_INVALID_ARGUMENT` for a command
/// of another kind, `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_position_start(
    cmd: *const shogi_usi_gui_command,
    out: *mut *mut shogi_position,
) -> shogi_result {
    read_value(cmd, out, |cmd| {
        let start = position_of(cmd)?.start_position();
        Ok(into_handle(shogi_position::new(start)))
    })
}

/// Writes the number of moves of a `position` command to `*out`.
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a command of another kind,
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_position_move_count(
    cmd: *const shogi_usi_gui_command,
    out: *mut usize,
) -> shogi_result {
    read_value(cmd, out, |cmd| Ok(position_of(cmd)?.moves.len()))
}

/// Writes the move `index` (0-based) of a `position` command as USI text into
/// `buf` (buffer convention as for `shogi_position_to_sfen`).
/// `SHOGI_RESULT_NOT_FOUND` for an index out of range,
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a command of another kind. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_position_move(
    cmd: *const shogi_usi_gui_command,
    index: usize,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(cmd, buf, buf_len, out_len, |cmd| {
        let m = position_of(cmd)?
            .moves
            .get(index)
            .ok_or(shogi_result::NotFound)?;
        Ok(m.to_string())
    })
}

/// Plays the moves of a `position` command from its start and writes a new
/// position handle holding the position after them to `*out` (its moves may
/// be taken back with `shogi_position_undo`); the caller frees it with
/// `shogi_position_free`.
///
/// Errors (`*out` untouched): `SHOGI_RESULT_ILLEGAL_*` with the reason for an
/// illegal move, `SHOGI_RESULT_INVALID_ARGUMENT` for a command of another
/// kind, `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_position_replay(
    cmd: *const shogi_usi_gui_command,
    out: *mut *mut shogi_position,
) -> shogi_result {
    read_value(cmd, out, |cmd| {
        let position = position_of(cmd)?;
        let mut handle = shogi_position::new(position.start_position());
        for &usi in &position.moves {
            let m = handle.inner.to_move(usi)?;
            handle.play(m);
        }
        Ok(into_handle(handle))
    })
}

/// Replays a `position` command as a game under `rules_or_null` (the site
/// rules if NULL), as `shogi_game_from_usi` does with its text, and writes
/// the new handle to `*out`; the caller frees it with `shogi_game_free`.
/// Errors (`*out` untouched): those of `shogi_game_from_usi`, and
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a command of another kind. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_position_game(
    cmd: *const shogi_usi_gui_command,
    rules_or_null: *const shogi_rules_config,
    out: *mut *mut shogi_game,
) -> shogi_result {
    read_value(cmd, out, |cmd| {
        let position = position_of(cmd)?;
        let rules = rules_arg(rules_or_null)?;
        let game = position.to_game(rules)?;
        Ok(into_handle(shogi_game { inner: game }))
    })
}

/// Writes the result of a `gameover` command to `*out`.
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a command of another kind (or a result
/// this version does not name), `SHOGI_RESULT_NULL_PARAMETER` if a pointer
/// is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_gameover(
    cmd: *const shogi_usi_gui_command,
    out: *mut shogi_usi_game_result,
) -> shogi_result {
    read_value(cmd, out, |cmd| match &cmd.inner {
        GuiCommand::GameOver(GameResult::Win) => Ok(SHOGI_USI_GAME_WIN),
        GuiCommand::GameOver(GameResult::Lose) => Ok(SHOGI_USI_GAME_LOSE),
        GuiCommand::GameOver(GameResult::Draw) => Ok(SHOGI_USI_GAME_DRAW),
        _ => Err(shogi_result::InvalidArgument),
    })
}

// ---------------------------------------------------------------------------
// Writing commands.

/// Writes a command without arguments (`SHOGI_USI_GUI_USI`, `_ISREADY`,
/// `_USINEWGAME`, `_STOP`, `_PONDERHIT`, `_QUIT`) as its line (`isready`, no
/// line break) into `buf` (buffer convention as for
/// `shogi_position_to_sfen`). `SHOGI_RESULT_INVALID_ARGUMENT` for any other
/// kind (`shogi_usi_format_setoption`, `shogi_game_to_usi`,
/// `shogi_usi_format_go` and `shogi_usi_format_gameover` write those).
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_format_command(
    kind: shogi_usi_gui_kind,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    write_text(buf, buf_len, out_len, || {
        let cmd = match kind {
            SHOGI_USI_GUI_USI => GuiCommand::Usi,
            SHOGI_USI_GUI_ISREADY => GuiCommand::IsReady,
            SHOGI_USI_GUI_USINEWGAME => GuiCommand::UsiNewGame,
            SHOGI_USI_GUI_STOP => GuiCommand::Stop,
            SHOGI_USI_GUI_PONDERHIT => GuiCommand::PonderHit,
            SHOGI_USI_GUI_QUIT => GuiCommand::Quit,
            _ => return Err(shogi_result::InvalidArgument),
        };
        Ok(cmd.to_string())
    })
}

/// Writes `gameover win|lose|draw` into `buf` (buffer convention as for
/// `shogi_position_to_sfen`). `SHOGI_RESULT_INVALID_ARGUMENT` for a `result`
/// that is not a `SHOGI_USI_GAME_*` value. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_format_gameover(
    result: shogi_usi_game_result,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    write_text(buf, buf_len, out_len, || {
        let result = match result {
            SHOGI_USI_GAME_WIN => GameResult::Win,
            SHOGI_USI_GAME_LOSE => GameResult::Lose,
            SHOGI_USI_GAME_DRAW => GameResult::Draw,
            _ => return Err(shogi_result::InvalidArgument),
        };
        Ok(GuiCommand::GameOver(result).to_string())
    })
}

/// Writes the `go` command of `params` into `buf` (buffer convention as for
/// `shogi_position_to_sfen`): the fields whose flag is set, in the canonical
/// order (`go btime 1000 wtime 1000 byoyomi 3000`); reading it gives the same
/// parameters. `SHOGI_RESULT_INVALID_ARGUMENT` for a `mate` that is not a
/// `SHOGI_USI_MATE_*` value, `SHOGI_RESULT_NULL_PARAMETER` if `params` or
/// `out_len` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_format_go(
    params: *const shogi_usi_go,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(params, buf, buf_len, out_len, |p| {
        let given = |has: bool, value: u64| has.then_some(value);
        let mate = match p.mate {
            SHOGI_USI_MATE_NONE => None,
            SHOGI_USI_MATE_MILLIS => Some(MateLimit::Millis(p.mate_ms)),
            SHOGI_USI_MATE_INFINITE => Some(MateLimit::Infinite),
            _ => return Err(shogi_result::InvalidArgument),
        };
        let go = GoParams {
            btime: given(p.has_btime, p.btime),
            wtime: given(p.has_wtime, p.wtime),
            byoyomi: given(p.has_byoyomi, p.byoyomi),
            binc: given(p.has_binc, p.binc),
            winc: given(p.has_winc, p.winc),
            ponder: p.ponder,
            infinite: p.infinite,
            mate,
            depth: p.has_depth.then_some(p.depth),
            nodes: given(p.has_nodes, p.nodes),
            movetime: given(p.has_movetime, p.movetime),
            extra: Vec::new(),
        };
        Ok(GuiCommand::Go(go).to_string())
    })
}

/// Writes `setoption name <name> [value <value>]` into `buf` (buffer
/// convention as for `shogi_position_to_sfen`); without `value` when
/// `value_or_null` is NULL (a button), `value <empty>` for an empty value.
/// Reading it gives the same name and value when the name is its words
/// joined by single spaces and holds no word `value`.
///
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a name without a word, or a name or
/// value holding a line break; `SHOGI_RESULT_INVALID_UTF8`;
/// `SHOGI_RESULT_NULL_PARAMETER` if `name` or `out_len` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_format_setoption(
    name: *const c_char,
    name_len: usize,
    value_or_null: *const c_char,
    value_len: usize,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    write_text(buf, buf_len, out_len, || {
        let name = arg_str(name, name_len)?;
        let value = match arg_opt(value_or_null) {
            Some(_) => Some(arg_str(value_or_null, value_len)?),
            None => None,
        };
        let breaks = |t: &str| t.contains(['\n', '\r']);
        if name.trim().is_empty() || breaks(name) || value.is_some_and(breaks) {
            return Err(shogi_result::InvalidArgument);
        }
        let cmd = GuiCommand::SetOption {
            name: name.into(),
            value: value.map(Into::into),
        };
        Ok(cmd.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    fn field_of(err: &shogi_usi_error) -> String {
        // SAFETY: `field` is NUL-terminated (`copy_text`).
        unsafe { CStr::from_ptr(err.field.as_ptr()) }
            .to_string_lossy()
            .into_owned()
    }

    #[test]
    fn every_usi_message_error_gives_its_code_column_and_field() {
        for e in UsiMessageError::examples() {
            let err = shogi_usi_error::of(&e);
            assert_eq!(err.result, shogi_result::from(&e), "{e:?}");
            match &e {
                UsiMessageError::Empty => {
                    assert_eq!((err.column, field_of(&err).as_str()), (0, ""));
                }
                UsiMessageError::Position(_) => {
                    assert_eq!(err.column, 10);
                    assert_eq!(err.reason, shogi_result::UsiCommandMissingStart);
                }
                UsiMessageError::BadMove { .. } => {
                    assert_eq!(err.reason, shogi_result::UsiBadLength);
                    assert_eq!(field_of(&err), "pv");
                }
                _ => {
                    assert!(err.column > 0, "{e:?}");
                    assert!(!field_of(&err).is_empty(), "{e:?}");
                    assert_eq!(err.reason, err.result);
                }
            }
        }
    }

    #[test]
    fn every_field_name_fits_the_error() {
        for field in shogi::usi::UsiField::ALL {
            assert!(field.as_str().len() < SHOGI_USI_FIELD_LEN, "{field}");
        }
    }

    #[test]
    fn a_long_message_is_cut_at_a_character_boundary() {
        let mut buf = [1 as c_char; 8];
        copy_text(&mut buf, "ab王王");
        // SAFETY: `copy_text` wrote a NUL.
        let text = unsafe { CStr::from_ptr(buf.as_ptr()) };
        assert_eq!(text.to_str(), Ok("ab王"));
    }
}
