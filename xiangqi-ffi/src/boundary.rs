//! The boundary between C and Rust (modelled on the shogi C API's): the one macro every export runs its body
//! through (it catches panics), the helpers that turn C arguments into Rust
//! values (NULL pointers become [`xiangqi_result::NullParameter`], bad UTF-8
//! [`xiangqi_result::InvalidUtf8`]) and write results into caller memory, and
//! the bodies most exports share, built on both: [`read_value`],
//! [`read_text`] and [`read_array`] (a handle read into an out-parameter,
//! a text buffer or a move array), [`write_value`], [`new_handle`] and
//! [`write_text`] (a value made without a handle) and [`update`] (a handle
//! changed). Each catches panics as `ffi_fn!` does, checks every pointer it
//! is given before the work (a NULL one is `XIANGQI_RESULT_NULL_PARAMETER`,
//! whichever it is) and writes its output only on success.
//!
//! The helpers are the only places that dereference pointers from C. They rely
//! on the contract stated in the header: every non-NULL pointer points to a
//! live, properly aligned object of the declared type (or array of `len`
//! elements), handles were made by this library and not yet freed, and
//! nothing else accesses an object while this library mutates it.

use core::ffi::c_char;
use core::ptr::NonNull;
use std::panic::{AssertUnwindSafe, catch_unwind};

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

/// Runs `f`, mapping its result to a code and a panic to
/// [`xiangqi_result::Panic`].
pub(crate) fn guard(f: impl FnOnce() -> Result<(), xiangqi_result>) -> xiangqi_result {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => xiangqi_result::Ok,
        Ok(Err(code)) => code,
        Err(_) => xiangqi_result::Panic,
    }
}

/// Runs `f`, returning `fallback` if it panics.
pub(crate) fn guard_value<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(fallback)
}

/// The body of an export that writes one value computed from the handle
/// `handle` to `*out`.
pub(crate) fn read_value<H, T>(
    handle: *const H,
    out: *mut T,
    value: impl FnOnce(&H) -> Result<T, xiangqi_result>,
) -> xiangqi_result {
    write_value(out, || value(arg_ref(handle)?))
}

/// The body of an export that makes a value and writes it to `*out`.
pub(crate) fn write_value<T>(
    out: *mut T,
    value: impl FnOnce() -> Result<T, xiangqi_result>,
) -> xiangqi_result {
    guard(|| {
        let out = arg_out(out)?;
        out.write(value()?);
        Ok(())
    })
}

/// The body of an export that makes a new handle and writes it to `*out`
/// (the caller frees it with the handle's `_free` function).
pub(crate) fn new_handle<H>(
    out: *mut *mut H,
    value: impl FnOnce() -> Result<H, xiangqi_result>,
) -> xiangqi_result {
    write_value(out, || value().map(into_handle))
}

/// The body of an export that writes text computed from the handle `handle`
/// into the caller's buffer `(buf, buf_len, out_len)` (see [`TextOut`]).
pub(crate) fn read_text<H, S: AsRef<str>>(
    handle: *const H,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
    text: impl FnOnce(&H) -> Result<S, xiangqi_result>,
) -> xiangqi_result {
    write_text(buf, buf_len, out_len, || text(arg_ref(handle)?))
}

/// The body of an export that makes text and writes it into the caller's
/// buffer `(buf, buf_len, out_len)` (see [`TextOut`]).
pub(crate) fn write_text<S: AsRef<str>>(
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
    text: impl FnOnce() -> Result<S, xiangqi_result>,
) -> xiangqi_result {
    guard(|| {
        let out = arg_text_out(buf, buf_len, out_len)?;
        out.write(text()?.as_ref())
    })
}

/// The body of an export that writes values of the handle `handle` (moves,
/// points) into the caller's array `(buf, cap, out_len)`: `write` gets the
/// checked array (see [`ArrayOut`]).
pub(crate) fn read_array<H, T>(
    handle: *const H,
    buf: *mut T,
    cap: usize,
    out_len: *mut usize,
    write: impl FnOnce(&H, ArrayOut<T>) -> Result<(), xiangqi_result>,
) -> xiangqi_result {
    guard(|| {
        let out = arg_array_out(buf, cap, out_len)?;
        write(arg_ref(handle)?, out)
    })
}

/// The body of an export that changes the handle `handle`.
pub(crate) fn update<H>(
    handle: *mut H,
    change: impl FnOnce(&mut H) -> Result<(), xiangqi_result>,
) -> xiangqi_result {
    guard(|| change(arg_mut(handle)?))
}

/// The object behind a `const` pointer from C.
pub(crate) fn arg_ref<'a, T>(ptr: *const T) -> Result<&'a T, xiangqi_result> {
    // SAFETY: the header's contract: a non-NULL pointer points to a live,
    // aligned `T` that no one mutates during the call.
    unsafe { ptr.as_ref() }.ok_or(xiangqi_result::NullParameter)
}

/// The object behind a mutable pointer from C (a handle the caller owns).
pub(crate) fn arg_mut<'a, T>(ptr: *mut T) -> Result<&'a mut T, xiangqi_result> {
    // SAFETY: the header's contract: a non-NULL pointer points to a live,
    // aligned `T` that nothing else accesses during the call.
    unsafe { ptr.as_mut() }.ok_or(xiangqi_result::NullParameter)
}

/// An optional `const` argument: `None` for NULL.
pub(crate) fn arg_opt<'a, T>(ptr: *const T) -> Option<&'a T> {
    // SAFETY: as for `arg_ref`.
    unsafe { ptr.as_ref() }
}

/// Bytes passed as `(ptr, len)`.
pub(crate) fn arg_bytes<'a>(ptr: *const u8, len: usize) -> Result<&'a [u8], xiangqi_result> {
    if ptr.is_null() {
        return Err(xiangqi_result::NullParameter);
    }
    if len > isize::MAX as usize {
        return Err(xiangqi_result::InvalidArgument);
    }
    // SAFETY: the header's contract: `ptr` points to `len` readable bytes that
    // stay unchanged during the call; `ptr` is non-NULL and `len` fits `isize`.
    Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
}

/// UTF-8 text passed as `(ptr, len)`.
pub(crate) fn arg_str<'a>(ptr: *const c_char, len: usize) -> Result<&'a str, xiangqi_result> {
    let bytes = arg_bytes(ptr.cast::<u8>(), len)?;
    core::str::from_utf8(bytes).map_err(|_| xiangqi_result::InvalidUtf8)
}

/// An out-parameter, checked for NULL before any work is done and written
/// only on success.
pub(crate) struct Out<T>(NonNull<T>);

/// Checks an out-parameter.
pub(crate) fn arg_out<T>(ptr: *mut T) -> Result<Out<T>, xiangqi_result> {
    NonNull::new(ptr)
        .map(Out)
        .ok_or(xiangqi_result::NullParameter)
}

/// An optional out-parameter: `None` for NULL.
pub(crate) fn arg_out_opt<T>(ptr: *mut T) -> Option<Out<T>> {
    NonNull::new(ptr).map(Out)
}

impl<T> Out<T> {
    /// Stores `value` without reading or dropping what was there (the caller's
    /// memory may be uninitialised).
    pub(crate) fn write(self, value: T) {
        // SAFETY: the header's contract: a non-NULL out pointer points to
        // writable, aligned memory for a `T`.
        unsafe { self.0.as_ptr().write(value) }
    }
}

/// A caller buffer for text: `(buf, buf_len, out_len)`.
pub(crate) struct TextOut {
    buf: *mut c_char,
    len: usize,
    out_len: Out<usize>,
}

/// Checks a text buffer: `out_len` must not be NULL; `buf` may be NULL only
/// when `len` is 0 (a size query).
pub(crate) fn arg_text_out(
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> Result<TextOut, xiangqi_result> {
    let out_len = arg_out(out_len)?;
    if buf.is_null() && len > 0 {
        return Err(xiangqi_result::NullParameter);
    }
    Ok(TextOut { buf, len, out_len })
}

impl TextOut {
    /// Writes `text` and a NUL and sets `*out_len` to the text's length; when
    /// the buffer is too small, writes an empty string (if it holds a byte),
    /// sets `*out_len` to the length needed (without the NUL) and fails with
    /// [`xiangqi_result::BufferTooSmall`].
    pub(crate) fn write(self, text: &str) -> Result<(), xiangqi_result> {
        let needed = text.len();
        if needed >= self.len {
            if self.len > 0 {
                // SAFETY: `buf` is non-NULL (checked with `len > 0`) and holds
                // `len` writable bytes by the header's contract.
                unsafe { self.buf.write(0) };
            }
            self.out_len.write(needed);
            return Err(xiangqi_result::BufferTooSmall);
        }
        // SAFETY: `buf` holds `len > needed` writable bytes (header contract);
        // the source is a distinct Rust string, so the ranges do not overlap.
        unsafe {
            core::ptr::copy_nonoverlapping(text.as_ptr(), self.buf.cast::<u8>(), needed);
            self.buf.add(needed).write(0);
        }
        self.out_len.write(needed);
        Ok(())
    }
}

/// A caller array of `T` (moves, points): `(buf, cap, out_len)`.
pub(crate) struct ArrayOut<T> {
    buf: *mut T,
    cap: usize,
    out_len: Out<usize>,
}

/// Checks a caller array: `out_len` must not be NULL; `buf` may be NULL only
/// when `cap` is 0 (a size query).
pub(crate) fn arg_array_out<T>(
    buf: *mut T,
    cap: usize,
    out_len: *mut usize,
) -> Result<ArrayOut<T>, xiangqi_result> {
    let out_len = arg_out(out_len)?;
    if buf.is_null() && cap > 0 {
        return Err(xiangqi_result::NullParameter);
    }
    Ok(ArrayOut { buf, cap, out_len })
}

impl<T> ArrayOut<T> {
    /// Writes the values and sets `*out_len` to their number; when they do
    /// not fit, writes nothing, sets `*out_len` to the number and fails with
    /// [`xiangqi_result::BufferTooSmall`].
    pub(crate) fn write(
        self,
        values: impl ExactSizeIterator<Item = T>,
    ) -> Result<(), xiangqi_result> {
        let n = values.len();
        if n > self.cap {
            self.out_len.write(n);
            return Err(xiangqi_result::BufferTooSmall);
        }
        for (i, value) in values.enumerate() {
            // SAFETY: `i < n <= cap`, and `buf` holds `cap` writable, aligned
            // `T` (header contract; non-NULL because `cap >= n > i`).
            unsafe { self.buf.add(i).write(value) };
        }
        self.out_len.write(n);
        Ok(())
    }
}

/// Moves a Rust value into a new handle for C.
pub(crate) fn into_handle<T>(value: T) -> *mut T {
    Box::into_raw(Box::new(value))
}

/// Frees a handle made by [`into_handle`]; NULL is ignored.
pub(crate) fn free_handle<T>(ptr: *mut T) {
    if !ptr.is_null() {
        // SAFETY: the header's contract: a non-NULL handle passed to a `_free`
        // function was made by this library (`Box::into_raw`) and is not used
        // again.
        drop(unsafe { Box::from_raw(ptr) });
    }
}

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
