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

/// The codes the boundary itself returns; cbindgen skips this impl (no
/// warning about its constants):
///
/// cbindgen:ignore
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
}
