//! The boundary between C and Rust: the one macro every export runs its body
//! through (it catches panics), the helpers and shared bodies of the
//! `ffi-boundary` crate for [`shogi_result`] (see that crate for the
//! conventions), and what is shogi's own: move arrays, written as the moves'
//! bits ([`MovesOut`], [`read_moves`]). NULL pointers become
//! [`shogi_result::NullParameter`], bad UTF-8 [`shogi_result::InvalidUtf8`],
//! a caller buffer too small [`shogi_result::BufferTooSmall`], a panic
//! [`shogi_result::Panic`]. The shared bodies ([`read_value`], [`read_text`],
//! [`read_moves`], [`write_value`], [`new_handle`], [`write_text`],
//! [`update`]) catch panics as `ffi_fn!` does, check every pointer they are
//! given before the work (a NULL one is `SHOGI_RESULT_NULL_PARAMETER`,
//! whichever it is) and write their output only on success.

use ffi_boundary::ResultCode;

use crate::result::shogi_result;

/// Runs the body of an exported function and catches any panic.
///
/// `ffi_fn!({ ... })`: the body evaluates to `Result<(), shogi_result>`; the
/// export returns `SHOGI_RESULT_OK`, the error code, or `SHOGI_RESULT_PANIC`.
///
/// `ffi_fn!(infallible FALLBACK, { ... })`: the body evaluates to a plain value
/// returned as is; `FALLBACK` is returned if it panics.
macro_rules! ffi_fn {
    ($body:block) => {
        $crate::boundary::guard(
            move || -> ::core::result::Result<(), $crate::result::shogi_result> { $body },
        )
    };
    (infallible $fallback:expr, $body:block) => {
        $crate::boundary::guard_value($fallback, move || $body)
    };
}

impl ResultCode for shogi_result {
    const OK: Self = Self::Ok;
    const NULL_PARAMETER: Self = Self::NullParameter;
    const INVALID_ARGUMENT: Self = Self::InvalidArgument;
    const INVALID_UTF8: Self = Self::InvalidUtf8;
    const BUFFER_TOO_SMALL: Self = Self::BufferTooSmall;
    const PANIC: Self = Self::Panic;
}

ffi_boundary::boundary!(shogi_result);

/// The body of an export that writes moves of the handle `handle` into the
/// caller's array `(buf, cap, out_len)`: `write` gets the checked array (see
/// [`MovesOut`]).
pub(crate) fn read_moves<H>(
    handle: *const H,
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
    write: impl FnOnce(&H, MovesOut) -> Result<(), shogi_result>,
) -> shogi_result {
    read_array(handle, buf, cap, out_len, |h, out| write(h, MovesOut(out)))
}

/// A caller array for moves: `(buf, cap, out_len)` of `uint32_t` move bits.
pub(crate) struct MovesOut(ArrayOut<u32>);

/// Checks a move array: `out_len` must not be NULL; `buf` may be NULL only
/// when `cap` is 0 (a size query).
pub(crate) fn arg_moves_out(
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
) -> Result<MovesOut, shogi_result> {
    arg_array_out(buf, cap, out_len).map(MovesOut)
}

impl MovesOut {
    /// Writes the moves' bits and sets `*out_len` to their number; when they do
    /// not fit, writes nothing, sets `*out_len` to the number and fails with
    /// [`shogi_result::BufferTooSmall`].
    pub(crate) fn write(
        self,
        moves: impl ExactSizeIterator<Item = shogi::Move>,
    ) -> Result<(), shogi_result> {
        self.0.write(moves.map(shogi::Move::to_bits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn panicking_export() -> shogi_result {
        ffi_fn!({
            if shogi_result::Ok as u32 == 0 {
                panic!("a bug in a body");
            }
            Ok(())
        })
    }

    fn failing_export() -> shogi_result {
        ffi_fn!({ Err(shogi_result::InvalidArgument) })
    }

    fn panicking_getter() -> u8 {
        ffi_fn!(infallible 0xFF, {
            let v: Vec<u8> = Vec::new();
            v[3]
        })
    }

    #[test]
    fn a_panicking_body_returns_panic() {
        assert_eq!(panicking_export(), shogi_result::Panic);
    }

    #[test]
    fn an_error_of_the_body_is_returned_as_is() {
        assert_eq!(failing_export(), shogi_result::InvalidArgument);
    }

    #[test]
    fn a_panicking_infallible_body_returns_its_fallback() {
        assert_eq!(panicking_getter(), 0xFF);
    }

    #[test]
    fn null_pointers_are_null_parameter() {
        assert_eq!(
            arg_ref::<u32>(core::ptr::null()).err(),
            Some(shogi_result::NullParameter)
        );
        assert_eq!(
            arg_mut::<u32>(core::ptr::null_mut()).err(),
            Some(shogi_result::NullParameter)
        );
        assert!(arg_out::<u32>(core::ptr::null_mut()).is_err());
        assert_eq!(
            arg_str(core::ptr::null(), 0).err(),
            Some(shogi_result::NullParameter)
        );
        assert!(arg_text_out(core::ptr::null_mut(), 0, core::ptr::null_mut()).is_err());
        assert!(arg_text_out(core::ptr::null_mut(), 4, &mut 0).is_err());
        assert!(arg_moves_out(core::ptr::null_mut(), 4, &mut 0).is_err());
    }

    #[test]
    fn text_that_is_not_utf8_is_invalid_utf8() {
        let bytes = [b'7', 0xFF, b'7', b'f'];
        assert_eq!(
            arg_str(bytes.as_ptr().cast(), bytes.len()).err(),
            Some(shogi_result::InvalidUtf8)
        );
        assert_eq!(arg_str(bytes.as_ptr().cast(), 1), Ok("7"));
    }

    /// Writes `text` through a buffer of `len` bytes prefilled with `#`.
    fn write_text(text: &str, len: usize) -> (shogi_result, Vec<u8>, usize) {
        let mut buf = vec![b'#'; len];
        let mut out_len = usize::MAX;
        let r = guard(|| arg_text_out(buf.as_mut_ptr().cast(), len, &mut out_len)?.write(text));
        (r, buf, out_len)
    }

    #[test]
    fn text_that_fits_is_written_with_a_nul_and_its_length() {
        let (r, buf, n) = write_text("7g7f", 5);
        assert_eq!((r, n), (shogi_result::Ok, 4));
        assert_eq!(buf, b"7g7f\0");
        let (r, buf, n) = write_text("", 1);
        assert_eq!((r, n, buf), (shogi_result::Ok, 0, vec![0]));
    }

    #[test]
    fn text_without_room_for_its_nul_is_too_small_and_reports_the_needed_length() {
        let (r, buf, n) = write_text("7g7f", 4);
        assert_eq!((r, n), (shogi_result::BufferTooSmall, 4));
        assert_eq!(buf, b"\0###", "an empty string, nothing more");
    }

    #[test]
    fn a_size_query_takes_a_null_buffer_of_length_zero() {
        let mut out_len = 0;
        let r = guard(|| arg_text_out(core::ptr::null_mut(), 0, &mut out_len)?.write("P*5e"));
        assert_eq!((r, out_len), (shogi_result::BufferTooSmall, 4));
    }

    fn write_moves(n: usize, cap: usize) -> (shogi_result, Vec<u32>, usize) {
        let m = shogi::Move::drop(shogi::Role::Pawn, shogi::Square::SQ_5E);
        let mut buf = vec![7u32; cap];
        let mut out_len = usize::MAX;
        let r = guard(|| {
            arg_moves_out(buf.as_mut_ptr(), cap, &mut out_len)?.write(core::iter::repeat_n(m, n))
        });
        (r, buf, out_len)
    }

    #[test]
    fn moves_that_fit_are_written_with_their_number() {
        let (r, buf, n) = write_moves(2, 3);
        assert_eq!((r, n), (shogi_result::Ok, 2));
        assert_ne!(buf[0], 7);
        assert_eq!(buf[2], 7);
        let (r, _, n) = write_moves(3, 3);
        assert_eq!((r, n), (shogi_result::Ok, 3));
    }

    #[test]
    fn moves_that_do_not_fit_write_nothing_and_report_their_number() {
        let (r, buf, n) = write_moves(3, 2);
        assert_eq!((r, n), (shogi_result::BufferTooSmall, 3));
        assert_eq!(buf, vec![7, 7]);
        let mut out_len = 0;
        let r = guard(|| {
            arg_moves_out(core::ptr::null_mut(), 0, &mut out_len)?.write(core::iter::empty())
        });
        assert_eq!((r, out_len), (shogi_result::Ok, 0));
    }

    #[test]
    fn the_shared_bodies_check_their_pointers_and_write_only_on_success() {
        let handle = 7u32;
        let mut out = 0u64;
        let double = |h: &u32| Ok(u64::from(*h) * 2);
        assert_eq!(read_value(&handle, &mut out, double), shogi_result::Ok);
        assert_eq!(out, 14);
        assert_eq!(
            read_value(core::ptr::null::<u32>(), &mut out, double),
            shogi_result::NullParameter
        );
        assert_eq!(
            read_value(&handle, core::ptr::null_mut(), double),
            shogi_result::NullParameter
        );
        let fail = |_: &u32| -> Result<u64, shogi_result> { Err(shogi_result::InvalidArgument) };
        assert_eq!(
            read_value(&handle, &mut out, fail),
            shogi_result::InvalidArgument
        );
        assert_eq!(out, 14, "untouched on error");
        let mut value = 1u32;
        let bump = |v: &mut u32| {
            *v += 1;
            Ok(())
        };
        assert_eq!(update(&mut value, bump), shogi_result::Ok);
        assert_eq!(value, 2);
        assert_eq!(
            update(core::ptr::null_mut::<u32>(), bump),
            shogi_result::NullParameter
        );
        let mut made = core::ptr::null_mut();
        assert_eq!(new_handle(&mut made, || Ok(5u32)), shogi_result::Ok);
        // SAFETY: `new_handle` wrote a live handle made by `into_handle`.
        assert_eq!(unsafe { *made }, 5);
        free_handle(made);
    }

    #[test]
    fn a_panicking_shared_body_returns_panic() {
        let mut out = 0u8;
        let panics = || -> Result<u8, shogi_result> {
            let v: Vec<u8> = Vec::new();
            Ok(v[3])
        };
        assert_eq!(write_value(&mut out, panics), shogi_result::Panic);
        let mut len = 0;
        let text = || -> Result<String, shogi_result> { panic!("a bug in a body") };
        assert_eq!(
            super::write_text(core::ptr::null_mut(), 0, &mut len, text),
            shogi_result::Panic
        );
    }

    #[test]
    fn freeing_null_is_a_no_op() {
        free_handle::<u32>(core::ptr::null_mut());
        free_handle(into_handle(5u32));
    }
}
