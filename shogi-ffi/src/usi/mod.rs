//! The USI protocol as typed messages: an engine's line read into a
//! `shogi_usi_engine_message`, a GUI's command into a `shogi_usi_gui_command`
//! (each with accessors), the moves an engine sends checked against a
//! position, and the GUI's commands written as text. No input or output: the
//! caller reads and writes the lines.

use core::ffi::c_char;

use shogi::usi::UsiMessageError;

use crate::boundary::{arg_out, arg_out_opt, arg_str, into_handle};
use crate::result::shogi_result;
mod engine;
mod gui;

pub use engine::*;
pub use gui::*;

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
