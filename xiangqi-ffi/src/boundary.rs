//! The boundary between C and Rust: the one macro every export runs its body
//! through (it catches panics), and the helpers and shared bodies of the
//! `ffi-boundary` crate for [`xiangqi_result`] (see that crate for the
//! conventions): NULL pointers become [`xiangqi_result::NullParameter`], bad
//! UTF-8 [`xiangqi_result::InvalidUtf8`], a caller buffer too small
//! [`xiangqi_result::BufferTooSmall`], a panic [`xiangqi_result::Panic`].
//! The shared bodies ([`read_value`], [`read_text`], [`read_array`],
//! [`write_value`], [`new_handle`], [`write_text`], [`update`]) catch panics
//! as `ffi_fn!` does, check every pointer they are given before the work (a
//! NULL one is `XIANGQI_RESULT_NULL_PARAMETER`, whichever it is) and write
//! their output only on success.

use ffi_boundary::ResultCode;

use crate::result::xiangqi_result;

/// Runs the body of an exported function and catches any panic.
///
/// `ffi_fn!({ ... })`: the body evaluates to `Result<(), xiangqi_result>`; the
/// export returns `XIANGQI_RESULT_OK`, the error code, or `XIANGQI_RESULT_PANIC`.
///
/// `ffi_fn!(infallible FALLBACK, { ... })`: the body evaluates to a plain value
/// returned as is; `FALLBACK` is returned if it panics.
macro_rules! ffi_fn {
    ($body:block) => {
        $crate::boundary::guard(
            move || -> ::core::result::Result<(), $crate::result::xiangqi_result> { $body },
        )
    };
    (infallible $fallback:expr, $body:block) => {
        $crate::boundary::guard_value($fallback, move || $body)
    };
}

impl ResultCode for xiangqi_result {
    const OK: Self = Self::Ok;
    const NULL_PARAMETER: Self = Self::NullParameter;
    const INVALID_ARGUMENT: Self = Self::InvalidArgument;
    const INVALID_UTF8: Self = Self::InvalidUtf8;
    const BUFFER_TOO_SMALL: Self = Self::BufferTooSmall;
    const PANIC: Self = Self::Panic;
}

ffi_boundary::boundary!(xiangqi_result);

#[cfg(test)]
mod tests {
    use super::*;

    fn panicking_export() -> xiangqi_result {
        ffi_fn!({
            if xiangqi_result::Ok as u32 == 0 {
                panic!("a bug in a body");
            }
            Ok(())
        })
    }

    fn failing_export() -> xiangqi_result {
        ffi_fn!({ Err(xiangqi_result::InvalidArgument) })
    }

    fn panicking_getter() -> u8 {
        ffi_fn!(infallible 0xFF, {
            let v: Vec<u8> = Vec::new();
            v[3]
        })
    }

    #[test]
    fn a_panicking_body_returns_panic() {
        assert_eq!(panicking_export(), xiangqi_result::Panic);
    }

    #[test]
    fn an_error_of_the_body_is_returned_as_is() {
        assert_eq!(failing_export(), xiangqi_result::InvalidArgument);
    }

    #[test]
    fn a_panicking_infallible_body_returns_its_fallback() {
        assert_eq!(panicking_getter(), 0xFF);
    }

    #[test]
    fn null_pointers_are_null_parameter() {
        assert_eq!(
            arg_ref::<u32>(core::ptr::null()).err(),
            Some(xiangqi_result::NullParameter)
        );
        assert_eq!(
            arg_mut::<u32>(core::ptr::null_mut()).err(),
            Some(xiangqi_result::NullParameter)
        );
        assert!(arg_out::<u32>(core::ptr::null_mut()).is_err());
        assert_eq!(
            arg_str(core::ptr::null(), 0).err(),
            Some(xiangqi_result::NullParameter)
        );
        assert!(arg_text_out(core::ptr::null_mut(), 0, core::ptr::null_mut()).is_err());
        assert!(arg_text_out(core::ptr::null_mut(), 4, &mut 0).is_err());
        assert!(arg_array_out::<u32>(core::ptr::null_mut(), 4, &mut 0).is_err());
    }

    #[test]
    fn text_that_is_not_utf8_is_invalid_utf8() {
        let bytes = [b'h', 0xFF, b'e', b'2'];
        assert_eq!(
            arg_str(bytes.as_ptr().cast(), bytes.len()).err(),
            Some(xiangqi_result::InvalidUtf8)
        );
        assert_eq!(arg_str(bytes.as_ptr().cast(), 1), Ok("h"));
    }

    /// Writes `text` through a buffer of `len` bytes prefilled with `#`.
    fn write_text(text: &str, len: usize) -> (xiangqi_result, Vec<u8>, usize) {
        let mut buf = vec![b'#'; len];
        let mut out_len = usize::MAX;
        let r = guard(|| arg_text_out(buf.as_mut_ptr().cast(), len, &mut out_len)?.write(text));
        (r, buf, out_len)
    }

    #[test]
    fn text_that_fits_is_written_with_a_nul_and_its_length() {
        let (r, buf, n) = write_text("h2e2", 5);
        assert_eq!((r, n), (xiangqi_result::Ok, 4));
        assert_eq!(buf, b"h2e2\0");
        let (r, buf, n) = write_text("", 1);
        assert_eq!((r, n, buf), (xiangqi_result::Ok, 0, vec![0]));
    }

    #[test]
    fn text_without_room_for_its_nul_is_too_small_and_reports_the_needed_length() {
        let (r, buf, n) = write_text("h2e2", 4);
        assert_eq!((r, n), (xiangqi_result::BufferTooSmall, 4));
        assert_eq!(buf, b"\0###", "an empty string, nothing more");
    }

    #[test]
    fn a_size_query_takes_a_null_buffer_of_length_zero() {
        let mut out_len = 0;
        let r = guard(|| arg_text_out(core::ptr::null_mut(), 0, &mut out_len)?.write("h2e2"));
        assert_eq!((r, out_len), (xiangqi_result::BufferTooSmall, 4));
    }

    fn write_moves(n: usize, cap: usize) -> (xiangqi_result, Vec<u32>, usize) {
        let sq = |s: &str| s.parse::<xq::Square>().unwrap();
        let m = crate::types::move_bits(xq::Move::new(xq::Role::Cannon, sq("h2"), sq("e2"), None));
        let mut buf = vec![7u32; cap];
        let mut out_len = usize::MAX;
        let r = guard(|| {
            arg_array_out(buf.as_mut_ptr(), cap, &mut out_len)?.write(core::iter::repeat_n(m, n))
        });
        (r, buf, out_len)
    }

    #[test]
    fn moves_that_fit_are_written_with_their_number() {
        let (r, buf, n) = write_moves(2, 3);
        assert_eq!((r, n), (xiangqi_result::Ok, 2));
        assert_ne!(buf[0], 7);
        assert_eq!(buf[2], 7);
        let (r, _, n) = write_moves(3, 3);
        assert_eq!((r, n), (xiangqi_result::Ok, 3));
    }

    #[test]
    fn moves_that_do_not_fit_write_nothing_and_report_their_number() {
        let (r, buf, n) = write_moves(3, 2);
        assert_eq!((r, n), (xiangqi_result::BufferTooSmall, 3));
        assert_eq!(buf, vec![7, 7]);
        let mut out_len = 0;
        let r = guard(|| {
            arg_array_out::<u32>(core::ptr::null_mut(), 0, &mut out_len)?.write(core::iter::empty())
        });
        assert_eq!((r, out_len), (xiangqi_result::Ok, 0));
    }

    #[test]
    fn the_shared_bodies_check_their_pointers_and_write_only_on_success() {
        let handle = 7u32;
        let mut out = 0u64;
        let double = |h: &u32| Ok(u64::from(*h) * 2);
        assert_eq!(read_value(&handle, &mut out, double), xiangqi_result::Ok);
        assert_eq!(out, 14);
        assert_eq!(
            read_value(core::ptr::null::<u32>(), &mut out, double),
            xiangqi_result::NullParameter
        );
        assert_eq!(
            read_value(&handle, core::ptr::null_mut(), double),
            xiangqi_result::NullParameter
        );
        let fail =
            |_: &u32| -> Result<u64, xiangqi_result> { Err(xiangqi_result::InvalidArgument) };
        assert_eq!(
            read_value(&handle, &mut out, fail),
            xiangqi_result::InvalidArgument
        );
        assert_eq!(out, 14, "untouched on error");
        let mut value = 1u32;
        let bump = |v: &mut u32| {
            *v += 1;
            Ok(())
        };
        assert_eq!(update(&mut value, bump), xiangqi_result::Ok);
        assert_eq!(value, 2);
        assert_eq!(
            update(core::ptr::null_mut::<u32>(), bump),
            xiangqi_result::NullParameter
        );
        let mut made = core::ptr::null_mut();
        assert_eq!(new_handle(&mut made, || Ok(5u32)), xiangqi_result::Ok);
        // SAFETY: `new_handle` wrote a live handle made by `into_handle`.
        assert_eq!(unsafe { *made }, 5);
        free_handle(made);
    }

    #[test]
    fn a_panicking_shared_body_returns_panic() {
        let mut out = 0u8;
        let panics = || -> Result<u8, xiangqi_result> {
            let v: Vec<u8> = Vec::new();
            Ok(v[3])
        };
        assert_eq!(write_value(&mut out, panics), xiangqi_result::Panic);
        let mut len = 0;
        let text = || -> Result<String, xiangqi_result> { panic!("a bug in a body") };
        assert_eq!(
            super::write_text(core::ptr::null_mut(), 0, &mut len, text),
            xiangqi_result::Panic
        );
    }

    #[test]
    fn freeing_null_is_a_no_op() {
        free_handle::<u32>(core::ptr::null_mut());
        free_handle(into_handle(5u32));
    }
}
