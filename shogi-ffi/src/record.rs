//! `shogi_record`: game records read from bytes in any format (KIF, KI2, CSA,
//! JKF, USI; UTF-8, CP932 or EUC-JP) and written in any format.

use core::ffi::c_char;

use shogi::record::{self, Format, GameRecord, ReadLimits, RecordError, RecordErrorKind};

use crate::boundary::{
    arg_bytes, arg_moves_out, arg_opt, arg_out, arg_out_opt, arg_ref, arg_str, arg_text_out,
    free_handle, into_handle,
};
use crate::game::{rules_arg, shogi_game, shogi_outcome, shogi_rules_config};
use crate::position::shogi_position;
use crate::result::shogi_result;
use crate::types::shogi_move;

/// An opaque game record: headers in file order, the start position (and its
/// handicap), comments on the start, and lines of play as a tree (the main
/// line and nested variations; see `shogi_line_id`), each move with its time
/// and comments, each line with the end the record states.
///
/// Made by `shogi_record_read`, `shogi_record_read_with_limits`,
/// `shogi_record_new`, `shogi_record_from_game` and `shogi_record_clone`; the
/// caller owns it and frees it with `shogi_record_free`, exactly once.
///
/// Thread safety: a `const shogi_record *` may be read from several threads
/// at once; a function that takes `shogi_record *` (the `shogi_record_set_*`,
/// `_add_*`, `_remove_*`, `_clear_*`, `_push_move` and `_truncate_line`
/// functions) needs exclusive access for its duration. A handle may be moved
/// between threads.
#[allow(non_camel_case_types)]
pub struct shogi_record {
    pub(crate) inner: GameRecord,
}

/// A record file format.
#[allow(non_camel_case_types)]
pub type shogi_record_format = u8;
/// Detect the format from the content (reading only).
pub const SHOGI_RECORD_FORMAT_AUTO: shogi_record_format = 0;
/// Kakinoki KIF: moves with origins (`７六歩(77)`).
pub const SHOGI_RECORD_FORMAT_KIF: shogi_record_format = 1;
/// KI2: moves in Japanese notation without origins.
pub const SHOGI_RECORD_FORMAT_KI2: shogi_record_format = 2;
/// CSA standard record format (V2.2 or V3.0 when reading; V3.0 written).
pub const SHOGI_RECORD_FORMAT_CSA: shogi_record_format = 3;
/// JSON kifu format.
pub const SHOGI_RECORD_FORMAT_JKF: shogi_record_format = 4;
/// A USI `position … moves …` line.
pub const SHOGI_RECORD_FORMAT_USI: shogi_record_format = 5;

/// How much a record reader accepts, so that no input costs more than the
/// caller allows: the work and memory of a read are linear in the input size
/// and bounded by these numbers. Exceeding one fails with
/// `SHOGI_RESULT_RECORD_LIMIT_EXCEEDED`, the line where it was exceeded, and
/// the limit's name in the message (`(limit: depth)` for `max_depth`).
///
/// Start from `shogi_read_limits_default` and change fields: the defaults
/// hold every real record by a wide margin. A field is a plain count (0
/// allows nothing); `SIZE_MAX` removes that limit (for trusted input only).
/// Used by `shogi_record_read_with_limits` and
/// `shogi_game_from_usi_with_limits`.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct shogi_read_limits {
    /// Bytes of input, before decoding (default 64 MiB).
    pub max_input_bytes: usize,
    /// Bytes in one line of text after decoding (default 16 MiB: a CSA file
    /// may hold every move on one line).
    pub max_line_bytes: usize,
    /// Bytes in one header value or one comment (default 64 KiB).
    pub max_header_bytes: usize,
    /// Moves in one line of play, the main line or a variation (default
    /// 1,000,000).
    pub max_moves_per_line: usize,
    /// Variations in the whole record (default 100,000).
    pub max_variations: usize,
    /// Variations inside variations: a variation of the main line is at
    /// depth 1 (default 1,000).
    pub max_depth: usize,
    /// Records in one file: games of a CSA file separated by `/` lines, lines
    /// of a USI file (default 1,000,000). `shogi_record_read` counts them
    /// too, to refuse a file of several with `SHOGI_RESULT_RECORD_COLLECTION`.
    pub max_records: usize,
}

impl shogi_read_limits {
    pub(crate) fn of(limits: &ReadLimits) -> shogi_read_limits {
        shogi_read_limits {
            max_input_bytes: limits.max_input_bytes,
            max_line_bytes: limits.max_line_bytes,
            max_header_bytes: limits.max_header_bytes,
            max_moves_per_line: limits.max_moves_per_line,
            max_variations: limits.max_variations,
            max_depth: limits.max_depth,
            max_records: limits.max_records,
        }
    }

    /// The core's limits. `ReadLimits` is `#[non_exhaustive]`: a limit a
    /// later core adds and this struct does not have keeps its default. The
    /// test `the_default_read_limits_are_the_core_defaults` walks `Limit::ALL`, so
    /// each limit of the core this library is built with is set from here.
    pub(crate) fn to_limits(self) -> ReadLimits {
        let mut limits = ReadLimits::DEFAULT;
        limits.max_input_bytes = self.max_input_bytes;
        limits.max_line_bytes = self.max_line_bytes;
        limits.max_header_bytes = self.max_header_bytes;
        limits.max_moves_per_line = self.max_moves_per_line;
        limits.max_variations = self.max_variations;
        limits.max_depth = self.max_depth;
        limits.max_records = self.max_records;
        limits
    }
}

/// The limits of an optional `const shogi_read_limits *` argument: the
/// defaults for NULL.
pub(crate) fn limits_arg(limits: *const shogi_read_limits) -> ReadLimits {
    arg_opt(limits).map_or(ReadLimits::DEFAULT, |l| l.to_limits())
}

/// Writes the default read limits to `*out` (the limits of
/// `shogi_record_read` and `shogi_game_from_usi`).
/// `SHOGI_RESULT_NULL_PARAMETER` if `out` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_read_limits_default(out: *mut shogi_read_limits) -> shogi_result {
    ffi_fn!({
        arg_out(out)?.write(shogi_read_limits::of(&ReadLimits::DEFAULT));
        Ok(())
    })
}

/// Capacity of `shogi_record_error.message`, NUL included.
pub const SHOGI_RECORD_ERROR_MESSAGE_LEN: usize = 256;

/// Why a record could not be read, and where.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct shogi_record_error {
    /// The code `shogi_record_read` returned: a `SHOGI_RESULT_RECORD_*` code,
    /// or a general one (`SHOGI_RESULT_INVALID_ARGUMENT`, …).
    pub result: shogi_result,
    /// A finer reason: the `SHOGI_RESULT_ILLEGAL_*` reason for
    /// `SHOGI_RESULT_RECORD_ILLEGAL_MOVE`, the `SHOGI_RESULT_SETUP_*` reason
    /// for `SHOGI_RESULT_RECORD_ILLEGAL_POSITION`, otherwise the same as
    /// `result`.
    pub reason: shogi_result,
    /// The format being read (`SHOGI_RECORD_FORMAT_AUTO` when it could not be
    /// recognised).
    pub format: shogi_record_format,
    /// The 1-based ply of the move at fault, or 0.
    pub ply: u32,
    /// The 1-based line in the text, or 0 when unknown (an encoding error
    /// before any line).
    pub line: usize,
    /// The 1-based column in characters, or 0 when unknown.
    pub column: usize,
    /// The full message (`"kif line 12, column 1: move 5 is illegal: …"`),
    /// NUL-terminated, cut at a character boundary to fit. For
    /// `SHOGI_RESULT_RECORD_LIMIT_EXCEEDED` it ends with the name of the limit,
    /// the `shogi_read_limits` field without `max_`:
    /// `"… nesting depth of variations exceeds the limit of 1000 (limit: depth)"`.
    pub message: [c_char; SHOGI_RECORD_ERROR_MESSAGE_LEN],
}

impl shogi_record_error {
    pub(crate) fn new(
        result: shogi_result,
        format: shogi_record_format,
        message: &str,
    ) -> shogi_record_error {
        let mut err = shogi_record_error {
            result,
            reason: result,
            format,
            ply: 0,
            line: 0,
            column: 0,
            message: [0; SHOGI_RECORD_ERROR_MESSAGE_LEN],
        };
        let mut end = message.len().min(SHOGI_RECORD_ERROR_MESSAGE_LEN - 1);
        while !message.is_char_boundary(end) {
            end -= 1;
        }
        for (dst, src) in err.message.iter_mut().zip(&message.as_bytes()[..end]) {
            *dst = *src as c_char;
        }
        err
    }

    /// The error of a read.
    pub(crate) fn of(e: &RecordError) -> shogi_record_error {
        let result = shogi_result::from(&e.kind);
        // `None`: no format was asked for and none was detected.
        let undetected = e.format.is_none();
        let format = e.format.map_or(SHOGI_RECORD_FORMAT_AUTO, format_out);
        let message = match &e.kind {
            RecordErrorKind::LimitExceeded { limit, .. } if undetected => {
                format!("{} (limit: {})", e.kind, limit.as_str())
            }
            RecordErrorKind::LimitExceeded { limit, .. } => {
                format!("{e} (limit: {})", limit.as_str())
            }
            _ => e.to_string(),
        };
        let mut err = shogi_record_error::new(result, format, &message);
        err.line = e.line;
        err.column = e.column;
        match &e.kind {
            RecordErrorKind::IllegalMove { ply, reason } => {
                err.ply = *ply;
                err.reason = shogi_result::from(*reason);
            }
            RecordErrorKind::NoSuchMove { ply } | RecordErrorKind::AmbiguousMove { ply } => {
                err.ply = *ply;
            }
            RecordErrorKind::IllegalPosition(setup) => {
                err.reason = shogi_result::from(setup.clone());
            }
            _ => {}
        }
        err
    }
}

/// The C value of a format. `Format` is `#[non_exhaustive]`: a format a
/// later core adds and this library does not name yet is given as
/// `SHOGI_RECORD_FORMAT_AUTO` (no format named). The test
/// `every_core_format_has_its_own_value` walks `Format::ALL`, so each format
/// of the core this library is built with has a value of its own.
fn format_out(format: Format) -> shogi_record_format {
    match format {
        Format::Kif => SHOGI_RECORD_FORMAT_KIF,
        Format::Ki2 => SHOGI_RECORD_FORMAT_KI2,
        Format::Csa => SHOGI_RECORD_FORMAT_CSA,
        Format::Jkf => SHOGI_RECORD_FORMAT_JKF,
        Format::Usi => SHOGI_RECORD_FORMAT_USI,
        _ => SHOGI_RECORD_FORMAT_AUTO,
    }
}

/// A format argument; `None` for `SHOGI_RECORD_FORMAT_AUTO`.
pub(crate) fn format_arg(format: shogi_record_format) -> Result<Option<Format>, shogi_result> {
    match format {
        SHOGI_RECORD_FORMAT_AUTO => Ok(None),
        SHOGI_RECORD_FORMAT_KIF => Ok(Some(Format::Kif)),
        SHOGI_RECORD_FORMAT_KI2 => Ok(Some(Format::Ki2)),
        SHOGI_RECORD_FORMAT_CSA => Ok(Some(Format::Csa)),
        SHOGI_RECORD_FORMAT_JKF => Ok(Some(Format::Jkf)),
        SHOGI_RECORD_FORMAT_USI => Ok(Some(Format::Usi)),
        _ => Err(shogi_result::InvalidArgument),
    }
}

/// Reads a record from `bytes` (`len` bytes; UTF-8 with or without BOM, CP932
/// or EUC-JP, detected or as declared in the file; any line ending) in
/// `format`, or the format detected from the content with
/// `SHOGI_RECORD_FORMAT_AUTO`. Every move is checked against the rules. The
/// new handle is written to `*out`; the caller frees it with
/// `shogi_record_free`.
///
/// On error `*out` is untouched and, unless `err_or_null` is NULL, `*err_or_null`
/// is filled in (for every error, the general ones included): a
/// `SHOGI_RESULT_RECORD_*` code with line, column and message for a record that
/// does not read, `SHOGI_RESULT_INVALID_ARGUMENT` for an unknown format value,
/// `SHOGI_RESULT_NULL_PARAMETER` if `bytes` or `out` is NULL. On success
/// `*err_or_null` is untouched. The input must fit the default read limits
/// (`shogi_read_limits_default`; `SHOGI_RESULT_RECORD_LIMIT_EXCEEDED`
/// otherwise): `shogi_record_read_with_limits` takes others. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_read(
    bytes: *const u8,
    len: usize,
    format: shogi_record_format,
    out: *mut *mut shogi_record,
    err_or_null: *mut shogi_record_error,
) -> shogi_result {
    ffi_fn!({ read_reporting(bytes, len, format, &ReadLimits::DEFAULT, out, err_or_null) })
}

/// As `shogi_record_read`, within `limits_or_null` (the defaults of
/// `shogi_read_limits_default` if NULL; the struct is only read, during the
/// call). Input beyond a limit fails with `SHOGI_RESULT_RECORD_LIMIT_EXCEEDED`
/// before it costs more than the limits allow, and `*err_or_null` gives the
/// line where the limit was exceeded (0 for the input size) and names the
/// limit at the end of its message (`(limit: moves_per_line)`). Ownership
/// and the other errors as for `shogi_record_read`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_read_with_limits(
    bytes: *const u8,
    len: usize,
    format: shogi_record_format,
    limits_or_null: *const shogi_read_limits,
    out: *mut *mut shogi_record,
    err_or_null: *mut shogi_record_error,
) -> shogi_result {
    ffi_fn!({
        let limits = limits_arg(limits_or_null);
        read_reporting(bytes, len, format, &limits, out, err_or_null)
    })
}

/// The body of the two read functions: reads, and fills `*err_or_null` on
/// failure.
fn read_reporting(
    bytes: *const u8,
    len: usize,
    format: shogi_record_format,
    limits: &ReadLimits,
    out: *mut *mut shogi_record,
    err_or_null: *mut shogi_record_error,
) -> Result<(), shogi_result> {
    let args = ReadArgs {
        bytes,
        len,
        format,
        err_or_null,
    };
    args.read_into(out, |bytes, requested| {
        record::read_with(bytes, requested, limits).map(|inner| shogi_record { inner })
    })
}

/// The arguments every reading function takes: the bytes, the format asked
/// for, and where to report an error.
pub(crate) struct ReadArgs {
    pub(crate) bytes: *const u8,
    pub(crate) len: usize,
    pub(crate) format: shogi_record_format,
    pub(crate) err_or_null: *mut shogi_record_error,
}

impl ReadArgs {
    /// Reads the bytes with `read` (given them and the format asked for, or
    /// `None` for detection) into a new handle written to `*out`. On failure
    /// `*out` is untouched and the error, the general ones included, goes to
    /// `*err_or_null` unless it is NULL.
    pub(crate) fn read_into<T>(
        self,
        out: *mut *mut T,
        read: impl FnOnce(&[u8], Option<Format>) -> Result<T, RecordError>,
    ) -> Result<(), shogi_result> {
        let format = self.format;
        let general =
            |code: shogi_result| Box::new(shogi_record_error::new(code, format, code.message()));
        let read = || -> Result<(), Box<shogi_record_error>> {
            let bytes = arg_bytes(self.bytes, self.len).map_err(general)?;
            let out = arg_out(out).map_err(general)?;
            let requested = format_arg(format).map_err(general)?;
            let value = read(bytes, requested).map_err(|e| Box::new(shogi_record_error::of(&e)))?;
            out.write(into_handle(value));
            Ok(())
        };
        let err_out = arg_out_opt(self.err_or_null);
        read().map_err(|err| {
            let code = err.result;
            if let Some(err_out) = err_out {
                err_out.write(*err);
            }
            code
        })
    }
}

/// Copies `rec` into a new handle written to `*out`; the caller frees it with
/// `shogi_record_free`. `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_clone(
    rec: *const shogi_record,
    out: *mut *mut shogi_record,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_out(out)?;
        out.write(into_handle(shogi_record {
            inner: rec.inner.clone(),
        }));
        Ok(())
    })
}

/// Frees a record handle. NULL is ignored. The handle must not be used
/// afterwards. Infallible.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_free(rec: *mut shogi_record) {
    ffi_fn!(infallible(), { free_handle(rec) })
}

/// Makes a record of `game` (its start position, its moves, and its result as
/// the ending, with no headers) and writes the new handle to `*out`; the
/// caller frees it with `shogi_record_free`. `SHOGI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_from_game(
    game: *const shogi_game,
    out: *mut *mut shogi_record,
) -> shogi_result {
    ffi_fn!({
        let game = arg_ref(game)?;
        let out = arg_out(out)?;
        out.write(into_handle(shogi_record {
            inner: GameRecord::from_game(&game.inner),
        }));
        Ok(())
    })
}

/// Copies the record's start position into a new handle written to `*out`;
/// the caller frees it with `shogi_position_free`.
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_start_position(
    rec: *const shogi_record,
    out: *mut *mut shogi_position,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_out(out)?;
        out.write(into_handle(shogi_position::new(rec.inner.start.clone())));
        Ok(())
    })
}

/// Writes the moves of the main line into `buf` (capacity `cap`) and their
/// number to `*out_len`; buffer convention as for `shogi_game_moves`.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_moves(
    rec: *const shogi_record,
    buf: *mut shogi_move,
    cap: usize,
    out_len: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_moves_out(buf, cap, out_len)?;
        out.write(rec.inner.main.moves.iter().map(|m| m.mv))
    })
}

/// Writes the value of the first header whose key, as written in the file
/// (`先手`, `$EVENT`, `N+`, …), equals `key` into `buf` (buffer convention as
/// for `shogi_position_to_sfen`). `SHOGI_RESULT_NOT_FOUND` when there is no
/// such header, `SHOGI_RESULT_INVALID_UTF8`, `SHOGI_RESULT_NULL_PARAMETER`.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_header(
    rec: *const shogi_record,
    key: *const c_char,
    key_len: usize,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_text_out(buf, buf_len, out_len)?;
        let key = arg_str(key, key_len)?;
        let header = rec.inner.headers.iter().find(|h| h.name == key);
        out.write(&header.ok_or(shogi_result::NotFound)?.value)
    })
}

/// Writes the number of headers to `*out`. `SHOGI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_header_count(
    rec: *const shogi_record,
    out: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        arg_out(out)?.write(rec.inner.headers.len());
        Ok(())
    })
}

/// Writes the key, as written in the file, of header number `index` (0-based,
/// file order) into `buf` (buffer convention as for `shogi_position_to_sfen`).
/// `SHOGI_RESULT_NOT_FOUND` when `index` is not below the header count.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_header_key_at(
    rec: *const shogi_record,
    index: usize,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_text_out(buf, buf_len, out_len)?;
        let header = rec.inner.headers.get(index).ok_or(shogi_result::NotFound)?;
        out.write(&header.name)
    })
}

/// Writes the value of header number `index` (0-based, file order) into
/// `buf`, as `shogi_record_header_key_at`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_header_value_at(
    rec: *const shogi_record,
    index: usize,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_text_out(buf, buf_len, out_len)?;
        let header = rec.inner.headers.get(index).ok_or(shogi_result::NotFound)?;
        out.write(&header.value)
    })
}

/// Writes the result the record states for its main line to `*out` (`is_over`
/// false when it states none, or states an ending without a result such as a
/// suspension). This is what the file says, not what the rules give: for that,
/// replay it with `shogi_record_game`. `SHOGI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_stated_outcome(
    rec: *const shogi_record,
    out: *mut shogi_outcome,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        arg_out(out)?.write(shogi_outcome::of(rec.inner.stated_result()));
        Ok(())
    })
}

/// Replays the main line as a game under `rules_or_null` (if NULL, the rules
/// the record states: `shogi_record_rules`) and writes the new handle to
/// `*out`; the caller frees it with `shogi_game_free`. Endings that are not
/// moves (resignation, time loss, suspension, a declaration, a foul) are
/// applied as the record states them; checkmate, repetition and the move
/// limit come from the rules.
///
/// Errors (`*out` untouched): `SHOGI_RESULT_GAME_OVER` when the rules end the
/// game before the record's last move, `SHOGI_RESULT_INVALID_ARGUMENT` for an
/// unknown impasse rule, `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_game(
    rec: *const shogi_record,
    rules_or_null: *const shogi_rules_config,
    out: *mut *mut shogi_game,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_out(out)?;
        let rules = match arg_opt(rules_or_null) {
            Some(_) => rules_arg(rules_or_null)?,
            None => rec.inner.rules(),
        };
        let game = rec.inner.game_with(rules)?;
        out.write(into_handle(shogi_game { inner: game }));
        Ok(())
    })
}

/// The record written in `format` (not AUTO), with what the format drops.
fn write_record(
    rec: &shogi_record,
    format: shogi_record_format,
) -> Result<shogi::record::Written, shogi_result> {
    let format = format_arg(format)?.ok_or(shogi_result::InvalidArgument)?;
    rec.inner
        .write(format)
        .map_err(|e| shogi_result::from(&e.kind))
}

/// Writes the record as UTF-8 text in `format` (not `SHOGI_RECORD_FORMAT_AUTO`)
/// into `buf` (buffer convention as for `shogi_position_to_sfen`).
/// `SHOGI_RESULT_INVALID_ARGUMENT` for an unknown format
/// or AUTO, `SHOGI_RESULT_NULL_PARAMETER`. Every format writes variations
/// of any depth. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_write(
    rec: *const shogi_record,
    format: shogi_record_format,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_text_out(buf, buf_len, out_len)?;
        let written = write_record(rec, format)?;
        out.write(&written.text)
    })
}

/// Writes into `buf` what writing the record in `format` would leave out,
/// because the format cannot hold it: one line each, `kind: description`,
/// with `kind` one of `variations`, `times`, `time_fractions`,
/// `total_times`, `comments`, `header`, `header_value`, `move_number`,
/// `ending` (e.g. `variations: 3 variations left out`). An empty text when
/// reading the written record back gives it again. Buffer convention as for
/// `shogi_position_to_sfen`; errors as `shogi_record_write`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_dropped(
    rec: *const shogi_record,
    format: shogi_record_format,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_text_out(buf, buf_len, out_len)?;
        let written = write_record(rec, format)?;
        let mut text = String::new();
        for d in &written.dropped {
            text.push_str(d.kind());
            text.push_str(": ");
            text.push_str(&d.to_string());
            text.push('\n');
        }
        out.write(&text)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{shogi_game_free, shogi_game_new, shogi_game_outcome, shogi_game_play_usi};
    use crate::testing::{moves, out, s, text};
    use crate::types::{SHOGI_COLOR_GOTE, SHOGI_COLOR_SENTE};
    use shogi::record::Limit;

    const SAMPLE: &[u8] = include_bytes!("../../shogi-cli/data/sample.kif");

    fn read(bytes: &[u8], format: u8) -> Result<*mut shogi_record, Box<shogi_record_error>> {
        let mut rec = core::ptr::null_mut();
        let mut err = shogi_record_error::new(shogi_result::Ok, 0, "");
        match shogi_record_read(bytes.as_ptr(), bytes.len(), format, &mut rec, &mut err) {
            shogi_result::Ok => Ok(rec),
            code => {
                assert_eq!(code, err.result);
                assert!(rec.is_null());
                Err(Box::new(err))
            }
        }
    }

    #[test]
    fn the_sample_record_reads_with_its_headers_moves_and_result() {
        let rec = read(SAMPLE, SHOGI_RECORD_FORMAT_AUTO).unwrap();
        assert_eq!(moves(|b, c, n| shogi_record_moves(rec, b, c, n)).len(), 107);
        let count = out(|o| shogi_record_header_count(rec, o));
        assert!(count > 0);
        let key = text(|b, l, n| shogi_record_header_key_at(rec, 0, b, l, n));
        let value = text(|b, l, n| shogi_record_header_value_at(rec, 0, b, l, n));
        let (k, kn) = s(&key);
        assert_eq!(
            text(|b, l, n| shogi_record_header(rec, k, kn, b, l, n)),
            value
        );
        let (k, kn) = s("no such key");
        let mut len = 0;
        assert_eq!(
            shogi_record_header(rec, k, kn, core::ptr::null_mut(), 0, &mut len),
            shogi_result::NotFound
        );
        let stated = out(|o| shogi_record_stated_outcome(rec, o));
        assert!(stated.is_over);
        let game = out(|o| shogi_record_game(rec, core::ptr::null(), o));
        let replayed = out(|o| shogi_game_outcome(game, o));
        assert_eq!(replayed, stated);
        shogi_game_free(game);
        shogi_record_free(rec);
    }

    #[test]
    fn what_a_format_cannot_hold_is_listed() {
        let rec = read(SAMPLE, SHOGI_RECORD_FORMAT_KIF).unwrap();
        let dropped = |format| text(|b, l, n| shogi_record_dropped(rec, format, b, l, n));
        assert_eq!(dropped(SHOGI_RECORD_FORMAT_KIF), "");
        let usi = dropped(SHOGI_RECORD_FORMAT_USI);
        assert!(usi.lines().any(|l| l.starts_with("header: ")), "{usi}");
        assert!(usi.lines().all(|l| l.contains(": ")), "{usi}");
        let mut len = 0;
        assert_eq!(
            shogi_record_dropped(
                rec,
                SHOGI_RECORD_FORMAT_AUTO,
                core::ptr::null_mut(),
                0,
                &mut len
            ),
            shogi_result::InvalidArgument
        );
        shogi_record_free(rec);
    }

    #[test]
    fn every_format_writes_a_record_that_reads_back_the_same() {
        let rec = read(SAMPLE, SHOGI_RECORD_FORMAT_KIF).unwrap();
        let expected = moves(|b, c, n| shogi_record_moves(rec, b, c, n));
        for format in [
            SHOGI_RECORD_FORMAT_KIF,
            SHOGI_RECORD_FORMAT_KI2,
            SHOGI_RECORD_FORMAT_CSA,
            SHOGI_RECORD_FORMAT_JKF,
            SHOGI_RECORD_FORMAT_USI,
        ] {
            let written = text(|b, l, n| shogi_record_write(rec, format, b, l, n));
            let back = read(written.as_bytes(), format).unwrap();
            assert_eq!(
                moves(|b, c, n| shogi_record_moves(back, b, c, n)),
                expected,
                "{format}"
            );
            shogi_record_free(back);
        }
        let mut len = 0;
        assert_eq!(
            shogi_record_write(
                rec,
                SHOGI_RECORD_FORMAT_AUTO,
                core::ptr::null_mut(),
                0,
                &mut len
            ),
            shogi_result::InvalidArgument
        );
        shogi_record_free(rec);
    }

    #[test]
    fn an_illegal_move_is_reported_with_its_reason_line_and_ply() {
        let err = read(
            b"position startpos moves 7g7f 3c3d 7f7f",
            SHOGI_RECORD_FORMAT_AUTO,
        )
        .unwrap_err();
        assert_eq!(err.result, shogi_result::RecordIllegalMove);
        assert_eq!(err.format, SHOGI_RECORD_FORMAT_USI);
        assert_eq!((err.ply, err.line), (3, 1));
        assert!(err.column > 0);
        assert_ne!(err.reason, err.result);
        // SAFETY: the message is NUL-terminated inside the array.
        let message = unsafe { core::ffi::CStr::from_ptr(err.message.as_ptr()) };
        assert!(message.to_str().unwrap().contains("illegal"));
    }

    #[test]
    fn unreadable_input_fills_the_error() {
        let err = read(b"hello", SHOGI_RECORD_FORMAT_AUTO).unwrap_err();
        assert_eq!(err.result, shogi_result::RecordUnknownFormat);
        assert_eq!(err.format, SHOGI_RECORD_FORMAT_AUTO);
        let err = read(b"hello", 42).unwrap_err();
        assert_eq!(err.result, shogi_result::InvalidArgument);
        let mut rec = core::ptr::null_mut();
        assert_eq!(
            shogi_record_read(core::ptr::null(), 0, 0, &mut rec, core::ptr::null_mut()),
            shogi_result::NullParameter
        );
    }

    #[test]
    fn a_long_message_is_cut_at_a_character_boundary() {
        let err = shogi_record_error::new(shogi_result::RecordOther, 0, &"歩".repeat(200));
        let bytes: Vec<u8> = err
            .message
            .iter()
            .map(|&c| c as u8)
            .take_while(|&b| b != 0)
            .collect();
        assert_eq!(bytes.len(), 255 / 3 * 3);
        assert!(String::from_utf8(bytes).is_ok());
    }

    /// A KIF record whose variations nest `depth` deep, each `変化` block
    /// branching off the one before at its second move (as
    /// `shogi-rules/tests/hostile.rs` builds it).
    fn deep_kif(depth: usize) -> String {
        use core::fmt::Write as _;
        let mut out = String::from("手数----指手---------消費時間--\n");
        for (i, m) in ["５八玉(59)", "５二玉(51)", "５九玉(58)", "５一玉(52)"]
            .iter()
            .enumerate()
        {
            let _ = writeln!(out, "{:>4} {m}", i + 1);
        }
        for k in 1..=depth {
            let ply = k + 1;
            let _ = write!(out, "\n変化：{ply}手\n");
            for p in ply..ply + 3 {
                let i = p - 1;
                let m = if i % 2 == 0 {
                    ["５八玉(59)", "５九玉(58)"][i / 2 % 2]
                } else {
                    ["４二玉(51)", "５一玉(42)"][i / 2 % 2]
                };
                let _ = writeln!(out, "{p:>4} {m}");
            }
        }
        out
    }

    fn message(err: &shogi_record_error) -> String {
        // SAFETY: the message is NUL-terminated inside the array.
        let message = unsafe { core::ffi::CStr::from_ptr(err.message.as_ptr()) };
        message.to_str().unwrap().to_string()
    }

    fn read_limited(
        bytes: &[u8],
        format: u8,
        limits: *const shogi_read_limits,
    ) -> Result<*mut shogi_record, Box<shogi_record_error>> {
        let mut rec = core::ptr::null_mut();
        let mut err = shogi_record_error::new(shogi_result::Ok, 0, "");
        let code = shogi_record_read_with_limits(
            bytes.as_ptr(),
            bytes.len(),
            format,
            limits,
            &mut rec,
            &mut err,
        );
        match code {
            shogi_result::Ok => Ok(rec),
            code => {
                assert_eq!(code, err.result);
                assert!(rec.is_null());
                Err(Box::new(err))
            }
        }
    }

    #[test]
    fn the_default_read_limits_are_the_core_defaults() {
        let limits = out(|o| shogi_read_limits_default(o));
        assert_eq!(limits.to_limits(), ReadLimits::DEFAULT);
        assert_eq!(limits.max_depth, 1000);
        for limit in Limit::ALL {
            let changed = shogi_read_limits::of(&ReadLimits::DEFAULT.with(limit, 3));
            assert_eq!(limit.of(&changed.to_limits()), 3, "{limit}");
        }
        assert_eq!(
            shogi_read_limits_default(core::ptr::null_mut()),
            shogi_result::NullParameter
        );
    }

    #[test]
    fn null_limits_are_the_defaults() {
        let rec = read_limited(SAMPLE, SHOGI_RECORD_FORMAT_AUTO, core::ptr::null()).unwrap();
        assert_eq!(moves(|b, c, n| shogi_record_moves(rec, b, c, n)).len(), 107);
        shogi_record_free(rec);
        let defaults = out(|o| shogi_read_limits_default(o));
        let rec = read_limited(SAMPLE, SHOGI_RECORD_FORMAT_KIF, &defaults).unwrap();
        shogi_record_free(rec);
        let deep = deep_kif(1000);
        let rec =
            read_limited(deep.as_bytes(), SHOGI_RECORD_FORMAT_KIF, core::ptr::null()).unwrap();
        shogi_record_free(rec);
        let err = read(deep_kif(1001).as_bytes(), SHOGI_RECORD_FORMAT_KIF).unwrap_err();
        assert_eq!(err.result, shogi_result::RecordLimitExceeded);
        assert!(
            message(&err).ends_with("(limit: depth)"),
            "{}",
            message(&err)
        );
    }

    #[test]
    fn each_limit_exceeded_is_reported_with_its_code_line_and_name() {
        let kif = deep_kif(3);
        let cases: [(Limit, usize, String); 6] = [
            (Limit::InputBytes, 10, kif.clone()),
            (Limit::LineBytes, 20, kif.clone()),
            (
                Limit::HeaderBytes,
                3,
                format!("棋戦：長い名前の棋戦\n{kif}"),
            ),
            (Limit::MovesPerLine, 2, kif.clone()),
            (Limit::Variations, 2, kif.clone()),
            (Limit::Depth, 2, kif),
        ];
        for (limit, value, text) in cases {
            let limits = shogi_read_limits::of(&ReadLimits::DEFAULT.with(limit, value));
            for format in [SHOGI_RECORD_FORMAT_KIF, SHOGI_RECORD_FORMAT_AUTO] {
                let err = read_limited(text.as_bytes(), format, &limits).unwrap_err();
                let msg = message(&err);
                assert_eq!(
                    err.result,
                    shogi_result::RecordLimitExceeded,
                    "{limit}: {msg}"
                );
                assert_eq!(err.reason, err.result);
                assert!(
                    msg.ends_with(&format!("(limit: {})", limit.as_str())),
                    "{limit}: {msg}"
                );
                assert!(msg.contains(&format!("limit of {value}")), "{msg}");
                if limit == Limit::InputBytes {
                    assert_eq!(err.line, 0);
                } else {
                    assert!(err.line > 0, "{limit}: {msg}");
                }
                // Before detection the format is not known.
                let early = matches!(limit, Limit::InputBytes | Limit::LineBytes);
                let expected = if early && format == SHOGI_RECORD_FORMAT_AUTO {
                    SHOGI_RECORD_FORMAT_AUTO
                } else {
                    SHOGI_RECORD_FORMAT_KIF
                };
                assert_eq!(err.format, expected, "{limit}: {msg}");
            }
            // The same text within the default limits reads.
            let rec =
                read_limited(text.as_bytes(), SHOGI_RECORD_FORMAT_KIF, core::ptr::null()).unwrap();
            shogi_record_free(rec);
        }
    }

    #[test]
    fn read_with_limits_checks_its_arguments_as_read_does() {
        let limits = out(|o| shogi_read_limits_default(o));
        let err = read_limited(b"hello", 42, &limits).unwrap_err();
        assert_eq!(err.result, shogi_result::InvalidArgument);
        let mut rec = core::ptr::null_mut();
        assert_eq!(
            shogi_record_read_with_limits(
                core::ptr::null(),
                0,
                0,
                &limits,
                &mut rec,
                core::ptr::null_mut()
            ),
            shogi_result::NullParameter
        );
        assert_eq!(
            shogi_record_read_with_limits(
                SAMPLE.as_ptr(),
                SAMPLE.len(),
                0,
                &limits,
                core::ptr::null_mut(),
                core::ptr::null_mut()
            ),
            shogi_result::NullParameter
        );
    }

    #[test]
    fn every_core_format_has_its_own_value() {
        let mut values = Vec::new();
        for format in Format::ALL {
            let value = format_out(format);
            assert_ne!(value, SHOGI_RECORD_FORMAT_AUTO, "{format}");
            assert_eq!(format_arg(value), Ok(Some(format)), "{format}");
            values.push(value);
        }
        values.dedup();
        assert_eq!(values.len(), Format::ALL.len());
    }

    #[test]
    fn a_number_too_large_has_its_own_code() {
        let err = read(
            b"position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 100000001",
            SHOGI_RECORD_FORMAT_AUTO,
        )
        .unwrap_err();
        assert_eq!(err.result, shogi_result::RecordNumberTooLarge);
        assert_eq!(err.format, SHOGI_RECORD_FORMAT_USI);
    }

    /// Every format, JKF included, writes a record whose variations nest as
    /// deep as the readers accept, and reads it back.
    #[test]
    fn a_record_as_deep_as_the_limit_writes_and_reads_back_in_every_format() {
        let rec = read(deep_kif(1000).as_bytes(), SHOGI_RECORD_FORMAT_KIF).unwrap();
        let expected = moves(|b, c, n| shogi_record_moves(rec, b, c, n));
        for format in [
            SHOGI_RECORD_FORMAT_KIF,
            SHOGI_RECORD_FORMAT_KI2,
            SHOGI_RECORD_FORMAT_CSA,
            SHOGI_RECORD_FORMAT_JKF,
            SHOGI_RECORD_FORMAT_USI,
        ] {
            let written = text(|b, l, n| shogi_record_write(rec, format, b, l, n));
            let back = read(written.as_bytes(), format).unwrap();
            assert_eq!(moves(|b, c, n| shogi_record_moves(back, b, c, n)), expected);
            if format == SHOGI_RECORD_FORMAT_JKF {
                // JKF holds every variation: written again, the text is the same.
                let again = text(|b, l, n| shogi_record_write(back, format, b, l, n));
                assert_eq!(again, written);
            }
            shogi_record_free(back);
        }
        shogi_record_free(rec);
    }

    #[test]
    fn a_game_becomes_a_record_with_its_result() {
        let game = out(|o| shogi_game_new(core::ptr::null(), core::ptr::null(), o));
        let (p, n) = s("7g7f");
        assert_eq!(shogi_game_play_usi(game, p, n), shogi_result::Ok);
        assert_eq!(
            crate::game::shogi_game_resign(game, SHOGI_COLOR_GOTE),
            shogi_result::Ok
        );
        let rec = out(|o| shogi_record_from_game(game, o));
        let copy = out(|o| shogi_record_clone(rec, o));
        let stated = out(|o| shogi_record_stated_outcome(copy, o));
        assert_eq!(stated.winner, SHOGI_COLOR_SENTE);
        let start = out(|o| shogi_record_start_position(copy, o));
        crate::position::shogi_position_free(start);
        let csa = text(|b, l, n| shogi_record_write(copy, SHOGI_RECORD_FORMAT_CSA, b, l, n));
        assert!(csa.contains("%TORYO"));
        shogi_record_free(copy);
        shogi_record_free(rec);
        shogi_game_free(game);
    }
}
