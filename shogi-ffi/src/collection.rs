//! `shogi_record_list`: every record of a file that holds several (the games
//! of a CSA file separated by `/` lines, the lines of a USI file of
//! `position` or SFEN lines), read at once.

use shogi::record::{self, GameRecord};

use crate::boundary::{arg_out, arg_ref, free_handle, into_handle};
use crate::record::{
    ReadArgs, limits_arg, shogi_read_limits, shogi_record, shogi_record_error, shogi_record_format,
};
use crate::result::shogi_result;

/// An opaque list of records read from one file, in file order.
///
/// Made by `shogi_records_read`; the caller owns it and frees it with
/// `shogi_record_list_free`, exactly once. `shogi_record_list_get` copies a
/// record out of it into a handle of its own.
///
/// Thread safety: the functions that read a list take a
/// `const shogi_record_list *`; a list may be read from several threads at
/// once and moved between threads.
#[allow(non_camel_case_types)]
pub struct shogi_record_list {
    records: Vec<GameRecord>,
}

/// Reads every record of `bytes` (`len` bytes; encodings and line endings as
/// for `shogi_record_read`) in `format`, or the format detected from the
/// content with `SHOGI_RECORD_FORMAT_AUTO`: one record per game of a CSA
/// file (games separated by a `/` line), one per line of a USI file
/// (`position …` lines or bare SFEN lines), and the one record of a KIF, KI2
/// or JKF file. A file of one record gives a list of one. Every move is
/// checked against the rules. Within `limits_or_null` (the defaults if
/// NULL): the input size counts the whole file, `max_records` the records,
/// the other limits each record.
///
/// The new list is written to `*out`; the caller frees it with
/// `shogi_record_list_free`. On error `*out` is untouched and, unless
/// `err_or_null` is NULL, `*err_or_null` is filled in as by
/// `shogi_record_read`, its line counted in the whole file (the first record
/// that does not read; `SHOGI_RESULT_RECORD_LIMIT_EXCEEDED` with
/// `(limit: records)` beyond `max_records`). `SHOGI_RESULT_NULL_PARAMETER`
/// if `bytes` or `out` is NULL, `SHOGI_RESULT_INVALID_ARGUMENT` for an
/// unknown format. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_records_read(
    bytes: *const u8,
    len: usize,
    format: shogi_record_format,
    limits_or_null: *const shogi_read_limits,
    out: *mut *mut shogi_record_list,
    err_or_null: *mut shogi_record_error,
) -> shogi_result {
    ffi_fn!({
        let limits = limits_arg(limits_or_null);
        let args = ReadArgs {
            bytes,
            len,
            format,
            err_or_null,
        };
        args.read_into(out, |bytes, requested| {
            record::read_all_with(bytes, requested, &limits)
                .map(|records| shogi_record_list { records })
        })
    })
}

/// Writes the number of records of `list` to `*out`.
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_list_count(
    list: *const shogi_record_list,
    out: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let list = arg_ref(list)?;
        arg_out(out)?.write(list.records.len());
        Ok(())
    })
}

/// Copies record number `index` (0-based, file order) of `list` into a new
/// handle written to `*out`; the caller frees it with `shogi_record_free`
/// (freeing the list does not free it). `SHOGI_RESULT_NOT_FOUND` when
/// `index` is not below the count, `SHOGI_RESULT_NULL_PARAMETER` if a pointer
/// is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_list_get(
    list: *const shogi_record_list,
    index: usize,
    out: *mut *mut shogi_record,
) -> shogi_result {
    ffi_fn!({
        let list = arg_ref(list)?;
        let out = arg_out(out)?;
        let record = list.records.get(index).ok_or(shogi_result::NotFound)?;
        out.write(into_handle(shogi_record {
            inner: record.clone(),
        }));
        Ok(())
    })
}

/// Frees a list made by `shogi_records_read`, with the records it holds
/// (copies made by `shogi_record_list_get` stay the caller's). NULL is
/// ignored. The list must not be used afterwards. Infallible.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_list_free(list: *mut shogi_record_list) {
    ffi_fn!(infallible(), { free_handle(list) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{
        SHOGI_RECORD_FORMAT_AUTO, SHOGI_RECORD_FORMAT_CSA, SHOGI_RECORD_FORMAT_USI,
        shogi_read_limits_default, shogi_record_free, shogi_record_moves, shogi_record_read,
    };
    use crate::testing::{moves, out};

    fn read_list(
        bytes: &[u8],
        format: shogi_record_format,
        limits: *const shogi_read_limits,
    ) -> Result<*mut shogi_record_list, Box<shogi_record_error>> {
        let mut list = core::ptr::null_mut();
        let mut err = shogi_record_error::new(shogi_result::Ok, 0, "");
        let code = shogi_records_read(
            bytes.as_ptr(),
            bytes.len(),
            format,
            limits,
            &mut list,
            &mut err,
        );
        match code {
            shogi_result::Ok => Ok(list),
            code => {
                assert_eq!(code, err.result);
                assert!(list.is_null());
                Err(Box::new(err))
            }
        }
    }

    #[test]
    fn every_record_of_a_file_is_read_in_order() {
        let usi = b"position startpos moves 7g7f\n\nlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f 8c8d resign\n";
        let list = read_list(usi, SHOGI_RECORD_FORMAT_AUTO, core::ptr::null()).unwrap();
        assert_eq!(out(|o| shogi_record_list_count(list, o)), 2);
        let second = out(|o| shogi_record_list_get(list, 1, o));
        shogi_record_list_free(list);
        // The copy outlives the list.
        assert_eq!(
            moves(|b, c, n| shogi_record_moves(second, b, c, n)).len(),
            2
        );
        shogi_record_free(second);
        // A single read says it is a collection.
        let mut rec = core::ptr::null_mut();
        let mut err = shogi_record_error::new(shogi_result::Ok, 0, "");
        let code = shogi_record_read(usi.as_ptr(), usi.len(), 0, &mut rec, &mut err);
        assert_eq!(code, shogi_result::RecordCollection);
        assert_eq!((err.line, err.format), (3, SHOGI_RECORD_FORMAT_USI));
        // CSA games separated by '/'.
        let csa = b"PI\n+\n+7776FU\n/\nPI\n+\n+2726FU\n-8384FU\n";
        let list = read_list(csa, SHOGI_RECORD_FORMAT_CSA, core::ptr::null()).unwrap();
        assert_eq!(out(|o| shogi_record_list_count(list, o)), 2);
        let mut rec = core::ptr::null_mut();
        assert_eq!(
            shogi_record_list_get(list, 2, &mut rec),
            shogi_result::NotFound
        );
        assert!(rec.is_null());
        shogi_record_list_free(list);
    }

    #[test]
    fn errors_name_their_line_in_the_whole_file_and_the_record_limit() {
        let usi = b"startpos\nstartpos moves 7g7f 7g7f\n";
        let err = read_list(usi, SHOGI_RECORD_FORMAT_AUTO, core::ptr::null()).unwrap_err();
        assert_eq!(err.result, shogi_result::RecordIllegalMove);
        assert_eq!((err.line, err.ply), (2, 2));
        let mut limits = out(|o| shogi_read_limits_default(o));
        assert_eq!(limits.max_records, 1_000_000);
        limits.max_records = 1;
        let err = read_list(b"startpos\nstartpos\n", 0, &limits).unwrap_err();
        assert_eq!(err.result, shogi_result::RecordLimitExceeded);
        assert_eq!(err.line, 2);
        let err = read_list(b"startpos", 42, &limits).unwrap_err();
        assert_eq!(err.result, shogi_result::InvalidArgument);
        let mut list = core::ptr::null_mut();
        assert_eq!(
            shogi_records_read(
                core::ptr::null(),
                0,
                0,
                core::ptr::null(),
                &mut list,
                core::ptr::null_mut()
            ),
            shogi_result::NullParameter
        );
        let mut n = 0;
        assert_eq!(
            shogi_record_list_count(core::ptr::null(), &mut n),
            shogi_result::NullParameter
        );
        shogi_record_list_free(core::ptr::null_mut());
    }
}
