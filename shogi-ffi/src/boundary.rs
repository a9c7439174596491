//! The boundary between C and Rust: the helpers and shared bodies of the
//! `ffi-boundary` crate for [`shogi_result`] (see that crate for the
//! conventions, and for `ffi_fn!`, the macro every export runs its body
//! through, which catches panics), and what is shogi's own: move arrays, written as the moves'
//! bits ([`MovesOut`], [`read_moves`]). NULL pointers become
//! [`shogi_result::NullParameter`], bad UTF-8 [`shogi_result::InvalidUtf8`],
//! a caller buffer too small [`shogi_result::BufferTooSmall`], a panic
//! [`shogi_result::Panic`]. The shared bodies ([`read_value`], [`read_text`],
//! [`read_moves`], [`write_value`], [`new_handle`], [`write_text`],
//! [`update`]) catch panics as `ffi_fn!` does, check every pointer they are
//! given before the work (a NULL one is `SHOGI_RESULT_NULL_PARAMETER`,
//! whichever it is) and write their output only on success.

use crate::result::shogi_result;

ffi_boundary::result_code!(shogi_result, crate::result::all_results);
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
