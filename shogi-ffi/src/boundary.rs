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

/// The codes the boundary itself returns; cbindgen skips this impl (no
/// warning about its constants):
///
/// cbindgen:ignore
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
    fn a_null_move_array_is_null_parameter() {
        assert!(arg_moves_out(core::ptr::null_mut(), 4, &mut 0).is_err());
        assert!(arg_moves_out(core::ptr::null_mut(), 0, core::ptr::null_mut()).is_err());
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
    fn moves_that_fit_are_written_as_their_bits_with_their_number() {
        let (r, buf, n) = write_moves(2, 3);
        let bits = shogi::Move::drop(shogi::Role::Pawn, shogi::Square::SQ_5E).to_bits();
        assert_eq!((r, n), (shogi_result::Ok, 2));
        assert_eq!(buf, vec![bits, bits, 7]);
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
}
