//! `shogi_record`: game records read from bytes in any format (KIF, KI2, CSA,
//! JKF, USI; UTF-8, CP932 or EUC-JP) and written in any format.

use core::ffi::c_char;

use shogi::record::{self, Format, GameRecord, RecordError, RecordErrorKind};

use crate::boundary::{
    arg_bytes, arg_moves_out, arg_out, arg_out_opt, arg_ref, arg_str, arg_text_out, free_handle,
    into_handle,
};
use crate::game::{rules_arg, shogi_game, shogi_outcome, shogi_rules_config};
use crate::position::shogi_position;
use crate::result::shogi_result;
use crate::types::shogi_move;

/// An opaque game record: headers, start position, the main line of moves and
/// the ending the record states (comments, times and variations are kept for
/// writing but not exposed).
///
/// Made by `shogi_record_read`, `shogi_record_from_game` and
/// `shogi_record_clone`; the caller owns it and frees it with
/// `shogi_record_free`, exactly once.
///
/// Thread safety: every function takes a `const shogi_record *`; a record
/// may be read from several threads at once and moved between threads.
#[allow(non_camel_case_types)]
pub struct shogi_record {
    inner: GameRecord,
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
    /// NUL-terminated, cut at a character boundary to fit.
    pub message: [c_char; SHOGI_RECORD_ERROR_MESSAGE_LEN],
}

impl shogi_record_error {
    fn new(result: shogi_result, format: shogi_record_format, message: &str) -> shogi_record_error {
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

    fn of(e: &RecordError) -> shogi_record_error {
        let result = shogi_result::from(&e.kind);
        let format = match e.kind {
            RecordErrorKind::UnknownFormat => SHOGI_RECORD_FORMAT_AUTO,
            _ => format_out(e.format),
        };
        let mut err = shogi_record_error::new(result, format, &e.to_string());
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

fn format_out(format: Format) -> shogi_record_format {
    match format {
        Format::Kif => SHOGI_RECORD_FORMAT_KIF,
        Format::Ki2 => SHOGI_RECORD_FORMAT_KI2,
        Format::Csa => SHOGI_RECORD_FORMAT_CSA,
        Format::Jkf => SHOGI_RECORD_FORMAT_JKF,
        Format::Usi => SHOGI_RECORD_FORMAT_USI,
    }
}

/// A format argument; `None` for `SHOGI_RECORD_FORMAT_AUTO`.
fn format_arg(format: shogi_record_format) -> Result<Option<Format>, shogi_result> {
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
/// `*err_or_null` is untouched. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_read(
    bytes: *const u8,
    len: usize,
    format: shogi_record_format,
    out: *mut *mut shogi_record,
    err_or_null: *mut shogi_record_error,
) -> shogi_result {
    ffi_fn!({
        let err_out = arg_out_opt(err_or_null);
        read_into(bytes, len, format, out).map_err(|err| {
            let code = err.result;
            if let Some(err_out) = err_out {
                err_out.write(*err);
            }
            code
        })
    })
}

/// The body of `shogi_record_read`, failing with the error to report.
fn read_into(
    bytes: *const u8,
    len: usize,
    format: shogi_record_format,
    out: *mut *mut shogi_record,
) -> Result<(), Box<shogi_record_error>> {
    let general =
        |code: shogi_result| Box::new(shogi_record_error::new(code, format, code.message()));
    let bytes = arg_bytes(bytes, len).map_err(general)?;
    let out = arg_out(out).map_err(general)?;
    let parsed = match format_arg(format).map_err(general)? {
        Some(f) => record::read_as(bytes, f),
        None => record::read(bytes),
    };
    let rec = parsed.map_err(|e| Box::new(shogi_record_error::of(&e)))?;
    out.write(into_handle(shogi_record { inner: rec }));
    Ok(())
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

/// Replays the main line as a game under `rules_or_null` (the site rules if
/// NULL) and writes the new handle to `*out`; the caller frees it with
/// `shogi_game_free`. Endings that are not moves (resignation, time loss,
/// suspension, a declaration, a foul) are applied as the record states them;
/// checkmate, repetition and the move limit come from the rules.
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
        let rules = rules_arg(rules_or_null)?;
        let game = rec.inner.game(rules)?;
        out.write(into_handle(shogi_game { inner: game }));
        Ok(())
    })
}

/// Writes the record as UTF-8 text in `format` (not `SHOGI_RECORD_FORMAT_AUTO`)
/// into `buf` (buffer convention as for `shogi_position_to_sfen`).
/// `SHOGI_RESULT_INVALID_ARGUMENT` for an unknown format
/// or AUTO, `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
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
        let format = format_arg(format)?.ok_or(shogi_result::InvalidArgument)?;
        let text = rec
            .inner
            .write(format)
            .map_err(|e| shogi_result::from(&e.kind))?;
        out.write(&text)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{shogi_game_free, shogi_game_new, shogi_game_outcome, shogi_game_play_usi};
    use crate::testing::{moves, out, s, text};
    use crate::types::{SHOGI_COLOR_GOTE, SHOGI_COLOR_SENTE};

    const SAMPLE: &[u8] = include_bytes!("../../shogi-rules/examples/data/sample.kif");

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
