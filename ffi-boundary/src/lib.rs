//! The boundary between C and Rust shared by the C APIs (`shogi-ffi`,
//! `xiangqi-ffi`), generic over the result code of each API (a
//! [`ResultCode`]): [`guard`], which runs the body of an export and catches
//! panics, the helpers that turn C arguments into Rust values (NULL pointers
//! become [`ResultCode::NULL_PARAMETER`], bad UTF-8
//! [`ResultCode::INVALID_UTF8`]) and write results into caller memory, and the
//! bodies most exports share, built on both: [`read_value`], [`read_text`] and
//! [`read_array`] (a handle read into an out-parameter, a text buffer or an
//! array), [`write_value`], [`new_handle`] and [`write_text`] (a value made
//! without a handle) and [`update`] (a handle changed). Each catches panics as
//! [`guard`] does, checks every pointer it is given before the work (a NULL
//! one is [`ResultCode::NULL_PARAMETER`], whichever it is) and writes its
//! output only on success.
//!
//! The helpers are the only places that dereference pointers from C. They rely
//! on the contract stated in the headers: every non-NULL pointer points to a
//! live, properly aligned object of the declared type (or array of `len`
//! elements), handles were made by this library and not yet freed, and
//! nothing else accesses an object while this library mutates it.
//!
//! The functions take the result code as a type parameter, which `?` cannot
//! infer; [`boundary!`] defines, in the crate of an API, the same functions
//! for its one result code.
//!
//! The functions are safe to call although they dereference raw pointers:
//! like the exports that call them, they take the headers' contract as given,
//! and they are meant for those exports only.
//!
//! Beyond the boundary: [`ResultTable`], the table of an API's codes behind
//! its `_result_message` and `_result_name` exports ([`result_message`],
//! [`result_name`]); the macros [`ffi_fn!`] (the body of every export) and
//! [`result_code!`]; and [`testing`], the helpers of the APIs' unit tests.

// The pointer-taking functions rely on the headers' contract (above) instead of being `unsafe fn`,
// as the exports that call them do.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

pub mod testing;

use core::ffi::c_char;
use core::marker::PhantomData;
use core::ptr::NonNull;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The result code of a C API: the codes the boundary itself returns.
pub trait ResultCode: Copy {
    /// Success.
    const OK: Self;
    /// A pointer argument that must not be NULL was NULL.
    const NULL_PARAMETER: Self;
    /// An argument out of range (here: a length over `isize::MAX`).
    const INVALID_ARGUMENT: Self;
    /// Text in that is not UTF-8.
    const INVALID_UTF8: Self;
    /// A caller buffer or array too small for the output.
    const BUFFER_TOO_SMALL: Self;
    /// A panic caught at the boundary (an internal error).
    const PANIC: Self;
}

/// Runs `f`, mapping its result to a code and a panic to
/// [`ResultCode::PANIC`].
pub fn guard<R: ResultCode>(f: impl FnOnce() -> Result<(), R>) -> R {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => R::OK,
        Ok(Err(code)) => code,
        Err(_) => R::PANIC,
    }
}

/// Runs `f`, returning `fallback` if it panics.
pub fn guard_value<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(fallback)
}

/// The body of an export that writes one value computed from the handle
/// `handle` to `*out`.
pub fn read_value<R: ResultCode, H, T>(
    handle: *const H,
    out: *mut T,
    value: impl FnOnce(&H) -> Result<T, R>,
) -> R {
    write_value(out, || value(arg_ref(handle)?))
}

/// The body of an export that makes a value and writes it to `*out`.
pub fn write_value<R: ResultCode, T>(out: *mut T, value: impl FnOnce() -> Result<T, R>) -> R {
    guard(|| {
        let out = arg_out(out)?;
        out.write(value()?);
        Ok(())
    })
}

/// The body of an export that makes a new handle and writes it to `*out`
/// (the caller frees it with the handle's `_free` function).
pub fn new_handle<R: ResultCode, H>(out: *mut *mut H, value: impl FnOnce() -> Result<H, R>) -> R {
    write_value(out, || value().map(into_handle))
}

/// The body of an export that writes text computed from the handle `handle`
/// into the caller's buffer `(buf, buf_len, out_len)` (see [`TextOut`]).
pub fn read_text<R: ResultCode, H, S: AsRef<str>>(
    handle: *const H,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
    text: impl FnOnce(&H) -> Result<S, R>,
) -> R {
    write_text(buf, buf_len, out_len, || text(arg_ref(handle)?))
}

/// The body of an export that makes text and writes it into the caller's
/// buffer `(buf, buf_len, out_len)` (see [`TextOut`]).
pub fn write_text<R: ResultCode, S: AsRef<str>>(
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
    text: impl FnOnce() -> Result<S, R>,
) -> R {
    guard(|| {
        let out = arg_text_out(buf, buf_len, out_len)?;
        out.write(text()?.as_ref())
    })
}

/// The body of an export that writes values of the handle `handle` (moves,
/// points) into the caller's array `(buf, cap, out_len)`: `write` gets the
/// checked array (see [`ArrayOut`]).
pub fn read_array<R: ResultCode, H, T>(
    handle: *const H,
    buf: *mut T,
    cap: usize,
    out_len: *mut usize,
    write: impl FnOnce(&H, ArrayOut<T, R>) -> Result<(), R>,
) -> R {
    guard(|| {
        let out = arg_array_out(buf, cap, out_len)?;
        write(arg_ref(handle)?, out)
    })
}

/// The body of an export that changes the handle `handle`.
pub fn update<R: ResultCode, H>(handle: *mut H, change: impl FnOnce(&mut H) -> Result<(), R>) -> R {
    guard(|| change(arg_mut(handle)?))
}

/// The object behind a `const` pointer from C.
pub fn arg_ref<'a, R: ResultCode, T>(ptr: *const T) -> Result<&'a T, R> {
    // SAFETY: the header's contract: a non-NULL pointer points to a live,
    // aligned `T` that no one mutates during the call.
    unsafe { ptr.as_ref() }.ok_or(R::NULL_PARAMETER)
}

/// The object behind a mutable pointer from C (a handle the caller owns).
pub fn arg_mut<'a, R: ResultCode, T>(ptr: *mut T) -> Result<&'a mut T, R> {
    // SAFETY: the header's contract: a non-NULL pointer points to a live,
    // aligned `T` that nothing else accesses during the call.
    unsafe { ptr.as_mut() }.ok_or(R::NULL_PARAMETER)
}

/// An optional `const` argument: `None` for NULL.
pub fn arg_opt<'a, T>(ptr: *const T) -> Option<&'a T> {
    // SAFETY: as for `arg_ref`.
    unsafe { ptr.as_ref() }
}

/// Bytes passed as `(ptr, len)`.
pub fn arg_bytes<'a, R: ResultCode>(ptr: *const u8, len: usize) -> Result<&'a [u8], R> {
    if ptr.is_null() {
        return Err(R::NULL_PARAMETER);
    }
    if len > isize::MAX as usize {
        return Err(R::INVALID_ARGUMENT);
    }
    // SAFETY: the header's contract: `ptr` points to `len` readable bytes that
    // stay unchanged during the call; `ptr` is non-NULL and `len` fits `isize`.
    Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
}

/// UTF-8 text passed as `(ptr, len)`.
pub fn arg_str<'a, R: ResultCode>(ptr: *const c_char, len: usize) -> Result<&'a str, R> {
    let bytes = arg_bytes(ptr.cast::<u8>(), len)?;
    core::str::from_utf8(bytes).map_err(|_| R::INVALID_UTF8)
}

/// An out-parameter, checked for NULL before any work is done and written
/// only on success.
pub struct Out<T>(NonNull<T>);

/// Checks an out-parameter.
pub fn arg_out<R: ResultCode, T>(ptr: *mut T) -> Result<Out<T>, R> {
    NonNull::new(ptr).map(Out).ok_or(R::NULL_PARAMETER)
}

/// An optional out-parameter: `None` for NULL.
pub fn arg_out_opt<T>(ptr: *mut T) -> Option<Out<T>> {
    NonNull::new(ptr).map(Out)
}

impl<T> Out<T> {
    /// Stores `value` without reading or dropping what was there (the caller's
    /// memory may be uninitialised).
    pub fn write(self, value: T) {
        // SAFETY: the header's contract: a non-NULL out pointer points to
        // writable, aligned memory for a `T`.
        unsafe { self.0.as_ptr().write(value) }
    }
}

/// A caller buffer for text: `(buf, buf_len, out_len)`, whose writes fail
/// with the code `R`.
pub struct TextOut<R> {
    buf: *mut c_char,
    len: usize,
    out_len: Out<usize>,
    code: PhantomData<R>,
}

/// Checks a text buffer: `out_len` must not be NULL; `buf` may be NULL only
/// when `len` is 0 (a size query).
pub fn arg_text_out<R: ResultCode>(
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> Result<TextOut<R>, R> {
    let out_len = arg_out(out_len)?;
    if buf.is_null() && len > 0 {
        return Err(R::NULL_PARAMETER);
    }
    Ok(TextOut {
        buf,
        len,
        out_len,
        code: PhantomData,
    })
}

impl<R: ResultCode> TextOut<R> {
    /// Writes `text` and a NUL and sets `*out_len` to the text's length; when
    /// the buffer is too small, writes an empty string (if it holds a byte),
    /// sets `*out_len` to the length needed (without the NUL) and fails with
    /// [`ResultCode::BUFFER_TOO_SMALL`].
    pub fn write(self, text: &str) -> Result<(), R> {
        let needed = text.len();
        if needed >= self.len {
            if self.len > 0 {
                // SAFETY: `buf` is non-NULL (checked with `len > 0`) and holds
                // `len` writable bytes by the header's contract.
                unsafe { self.buf.write(0) };
            }
            self.out_len.write(needed);
            return Err(R::BUFFER_TOO_SMALL);
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

/// A caller array of `T` (moves, points): `(buf, cap, out_len)`, whose writes
/// fail with the code `R`.
pub struct ArrayOut<T, R> {
    buf: *mut T,
    cap: usize,
    out_len: Out<usize>,
    code: PhantomData<R>,
}

/// Checks a caller array: `out_len` must not be NULL; `buf` may be NULL only
/// when `cap` is 0 (a size query).
pub fn arg_array_out<R: ResultCode, T>(
    buf: *mut T,
    cap: usize,
    out_len: *mut usize,
) -> Result<ArrayOut<T, R>, R> {
    let out_len = arg_out(out_len)?;
    if buf.is_null() && cap > 0 {
        return Err(R::NULL_PARAMETER);
    }
    Ok(ArrayOut {
        buf,
        cap,
        out_len,
        code: PhantomData,
    })
}

impl<T, R: ResultCode> ArrayOut<T, R> {
    /// Writes the values and sets `*out_len` to their number; when they do
    /// not fit, writes nothing, sets `*out_len` to the number and fails with
    /// [`ResultCode::BUFFER_TOO_SMALL`].
    pub fn write(self, values: impl ExactSizeIterator<Item = T>) -> Result<(), R> {
        let n = values.len();
        if n > self.cap {
            self.out_len.write(n);
            return Err(R::BUFFER_TOO_SMALL);
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
pub fn into_handle<T>(value: T) -> *mut T {
    Box::into_raw(Box::new(value))
}

/// Frees a handle made by [`into_handle`]; NULL is ignored.
pub fn free_handle<T>(ptr: *mut T) {
    if !ptr.is_null() {
        // SAFETY: the header's contract: a non-NULL handle passed to a `_free`
        // function was made by this library (`Box::into_raw`) and is not used
        // again.
        drop(unsafe { Box::from_raw(ptr) });
    }
}

/// The table of a C API's result codes: every code, its value, its C name and
/// its English description, behind the API's `_result_message` and
/// `_result_name` exports ([`result_message`], [`result_name`]).
pub trait ResultTable: ResultCode + PartialEq + 'static {
    /// Every code, in increasing order of value.
    fn all() -> &'static [Self];
    /// The numeric value of the code, as C sees it.
    fn value(self) -> u32;
    /// The C name, NUL-terminated (`"SHOGI_RESULT_OK\0"`).
    fn name(self) -> &'static str;
    /// The English description.
    fn message(self) -> &'static str;
}

/// The code with numeric value `value`, if there is one.
pub fn result_of<R: ResultTable>(value: u32) -> Option<R> {
    R::all().iter().copied().find(|r| r.value() == value)
}

/// The body of an API's `_result_message` export: the description of the
/// code with value `result` (`unknown result code` for a value that is not a
/// code) into the caller's buffer `(buf, buf_len, out_len)` (see
/// [`TextOut`]).
pub fn result_message<R: ResultTable>(
    result: u32,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> R {
    write_text(buf, buf_len, out_len, || {
        Ok(result_of::<R>(result).map_or("unknown result code", R::message))
    })
}

/// The body of an API's `_result_name` export: the static NUL-terminated C
/// name of the code with value `result`, or NULL for a value that is not a
/// code (also if it panics).
pub fn result_name<R: ResultTable>(result: u32) -> *const c_char {
    guard_value(core::ptr::null(), || {
        result_of::<R>(result).map_or(core::ptr::null(), |r| r.name().as_ptr().cast())
    })
}

/// The result codes a generated header declares: each line
/// `PREFIXNAME = VALUE,` of `header` as the NUL-terminated name and the value,
/// in the order of the header. For the tests of an API, which compare them
/// with its [`ResultTable`] ([`table_codes`]): a stale header would lie.
pub fn header_codes(header: &str, prefix: &str) -> Vec<(String, u32)> {
    let mut listed = Vec::new();
    for line in header.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix(prefix) {
            let Some((name, value)) = rest.trim_end_matches(',').split_once(" = ") else {
                continue;
            };
            if let Ok(value) = value.parse::<u32>() {
                listed.push((format!("{prefix}{name}\0"), value));
            }
        }
    }
    listed
}

/// Every code of a [`ResultTable`] as its NUL-terminated C name and its value,
/// in increasing order (to compare with [`header_codes`]).
pub fn table_codes<R: ResultTable>() -> Vec<(String, u32)> {
    R::all()
        .iter()
        .map(|&r| (r.name().to_owned(), r.value()))
        .collect()
}

/// Implements [`ResultCode`] for the result enum of a C API whose variants
/// for the boundary's own codes are named `Ok`, `NullParameter`,
/// `InvalidArgument`, `InvalidUtf8`, `BufferTooSmall` and `Panic`; with a
/// second argument, [`ResultTable`] too.
///
/// `result_code!(R)`: [`ResultCode`] only.
///
/// `result_code!(R, ALL)`: also [`ResultTable`], where `ALL` is a function
/// that gives every code in increasing order (`fn() -> &'static [R]`), the
/// value is `code as u32`, and `R` has the inherent methods
/// `const fn name(self) -> &'static str` (NUL-terminated) and
/// `const fn message(self) -> &'static str`.
///
/// (cbindgen does not expand macros, so the header never sees these impls.)
#[macro_export]
macro_rules! result_code {
    ($r:ty, $all:path) => {
        $crate::result_code!($r);

        impl $crate::ResultTable for $r {
            fn all() -> &'static [$r] {
                $all()
            }

            fn value(self) -> u32 {
                self as u32
            }

            fn name(self) -> &'static str {
                <$r>::name(self)
            }

            fn message(self) -> &'static str {
                <$r>::message(self)
            }
        }
    };
    ($r:ty) => {
        impl $crate::ResultCode for $r {
            const OK: Self = Self::Ok;
            const NULL_PARAMETER: Self = Self::NullParameter;
            const INVALID_ARGUMENT: Self = Self::InvalidArgument;
            const INVALID_UTF8: Self = Self::InvalidUtf8;
            const BUFFER_TOO_SMALL: Self = Self::BufferTooSmall;
            const PANIC: Self = Self::Panic;
        }
    };
}

/// Runs the body of an exported function and catches any panic.
///
/// `ffi_fn!({ ... })`: the body evaluates to `Result<(), R>`, where `R` is the
/// result code the export returns (a [`ResultCode`]); the export returns its
/// `OK`, the error code, or its `PANIC` (see [`guard`]).
///
/// `ffi_fn!(infallible FALLBACK, { ... })`: the body evaluates to a plain value
/// returned as is; `FALLBACK` is returned if it panics (see [`guard_value`]).
#[macro_export]
macro_rules! ffi_fn {
    ($body:block) => {
        $crate::guard(move || $body)
    };
    (infallible $fallback:expr, $body:block) => {
        $crate::guard_value($fallback, move || $body)
    };
}

/// Defines, in the module it is called in, the functions and types of this
/// crate for one result code `R`, as `pub(crate)` items (`guard`,
/// `guard_value`, `read_value`, `write_value`, `new_handle`, `read_text`,
/// `write_text`, `read_array`, `update`, `arg_ref`, `arg_mut`, `arg_opt`,
/// `arg_bytes`, `arg_str`, `arg_out`, `arg_out_opt`, `arg_text_out`,
/// `arg_array_out`, `into_handle`, `free_handle`, and the types `Out`,
/// `TextOut` and `ArrayOut`), so that `?` in the bodies of the exports knows
/// the code.
///
/// `boundary!(R)`: `R` implements [`ResultCode`].
#[macro_export]
macro_rules! boundary {
    ($r:ty) => {
        /// An out-parameter (see [`ffi_boundary::Out`]).
        #[allow(unused_imports)]
        pub(crate) use $crate::Out;
        #[allow(unused_imports)]
        pub(crate) use $crate::{arg_opt, arg_out_opt, free_handle, guard_value, into_handle};

        /// A caller buffer for text (see [`ffi_boundary::TextOut`]).
        #[allow(dead_code)]
        pub(crate) type TextOut = $crate::TextOut<$r>;

        /// A caller array of `T` (see [`ffi_boundary::ArrayOut`]).
        #[allow(dead_code)]
        pub(crate) type ArrayOut<T> = $crate::ArrayOut<T, $r>;

        /// Runs `f`, mapping its result to a code and a panic to the panic
        /// code (see [`ffi_boundary::guard`]).
        #[allow(dead_code)]
        pub(crate) fn guard(f: impl FnOnce() -> Result<(), $r>) -> $r {
            $crate::guard(f)
        }

        /// The body of an export that writes one value computed from the
        /// handle `handle` to `*out` (see [`ffi_boundary::read_value`]).
        #[allow(dead_code)]
        pub(crate) fn read_value<H, T>(
            handle: *const H,
            out: *mut T,
            value: impl FnOnce(&H) -> Result<T, $r>,
        ) -> $r {
            $crate::read_value(handle, out, value)
        }

        /// The body of an export that makes a value and writes it to `*out`
        /// (see [`ffi_boundary::write_value`]).
        #[allow(dead_code)]
        pub(crate) fn write_value<T>(out: *mut T, value: impl FnOnce() -> Result<T, $r>) -> $r {
            $crate::write_value(out, value)
        }

        /// The body of an export that makes a new handle and writes it to
        /// `*out` (see [`ffi_boundary::new_handle`]).
        #[allow(dead_code)]
        pub(crate) fn new_handle<H>(out: *mut *mut H, value: impl FnOnce() -> Result<H, $r>) -> $r {
            $crate::new_handle(out, value)
        }

        /// The body of an export that writes text computed from the handle
        /// `handle` into the caller's buffer (see [`ffi_boundary::read_text`]).
        #[allow(dead_code)]
        pub(crate) fn read_text<H, S: AsRef<str>>(
            handle: *const H,
            buf: *mut ::core::ffi::c_char,
            buf_len: usize,
            out_len: *mut usize,
            text: impl FnOnce(&H) -> Result<S, $r>,
        ) -> $r {
            $crate::read_text(handle, buf, buf_len, out_len, text)
        }

        /// The body of an export that makes text and writes it into the
        /// caller's buffer (see [`ffi_boundary::write_text`]).
        #[allow(dead_code)]
        pub(crate) fn write_text<S: AsRef<str>>(
            buf: *mut ::core::ffi::c_char,
            buf_len: usize,
            out_len: *mut usize,
            text: impl FnOnce() -> Result<S, $r>,
        ) -> $r {
            $crate::write_text(buf, buf_len, out_len, text)
        }

        /// The body of an export that writes values of the handle `handle`
        /// into the caller's array (see [`ffi_boundary::read_array`]).
        #[allow(dead_code)]
        pub(crate) fn read_array<H, T>(
            handle: *const H,
            buf: *mut T,
            cap: usize,
            out_len: *mut usize,
            write: impl FnOnce(&H, ArrayOut<T>) -> Result<(), $r>,
        ) -> $r {
            $crate::read_array(handle, buf, cap, out_len, write)
        }

        /// The body of an export that changes the handle `handle` (see
        /// [`ffi_boundary::update`]).
        #[allow(dead_code)]
        pub(crate) fn update<H>(
            handle: *mut H,
            change: impl FnOnce(&mut H) -> Result<(), $r>,
        ) -> $r {
            $crate::update(handle, change)
        }

        /// The object behind a `const` pointer from C (see
        /// [`ffi_boundary::arg_ref`]).
        #[allow(dead_code)]
        pub(crate) fn arg_ref<'a, T>(ptr: *const T) -> Result<&'a T, $r> {
            $crate::arg_ref(ptr)
        }

        /// The object behind a mutable pointer from C (see
        /// [`ffi_boundary::arg_mut`]).
        #[allow(dead_code)]
        pub(crate) fn arg_mut<'a, T>(ptr: *mut T) -> Result<&'a mut T, $r> {
            $crate::arg_mut(ptr)
        }

        /// Bytes passed as `(ptr, len)` (see [`ffi_boundary::arg_bytes`]).
        #[allow(dead_code)]
        pub(crate) fn arg_bytes<'a>(ptr: *const u8, len: usize) -> Result<&'a [u8], $r> {
            $crate::arg_bytes(ptr, len)
        }

        /// UTF-8 text passed as `(ptr, len)` (see [`ffi_boundary::arg_str`]).
        #[allow(dead_code)]
        pub(crate) fn arg_str<'a>(
            ptr: *const ::core::ffi::c_char,
            len: usize,
        ) -> Result<&'a str, $r> {
            $crate::arg_str(ptr, len)
        }

        /// Checks an out-parameter (see [`ffi_boundary::arg_out`]).
        #[allow(dead_code)]
        pub(crate) fn arg_out<T>(ptr: *mut T) -> Result<Out<T>, $r> {
            $crate::arg_out(ptr)
        }

        /// Checks a text buffer (see [`ffi_boundary::arg_text_out`]).
        #[allow(dead_code)]
        pub(crate) fn arg_text_out(
            buf: *mut ::core::ffi::c_char,
            len: usize,
            out_len: *mut usize,
        ) -> Result<TextOut, $r> {
            $crate::arg_text_out(buf, len, out_len)
        }

        /// Checks a caller array (see [`ffi_boundary::arg_array_out`]).
        #[allow(dead_code)]
        pub(crate) fn arg_array_out<T>(
            buf: *mut T,
            cap: usize,
            out_len: *mut usize,
        ) -> Result<ArrayOut<T>, $r> {
            $crate::arg_array_out(buf, cap, out_len)
        }
    };
}

#[cfg(test)]
mod tests {
    /// A result code for the tests.
    #[derive(Copy, Clone, Debug, PartialEq, Eq)]
    pub(crate) enum Code {
        Ok,
        BufferTooSmall,
        InvalidArgument,
        InvalidUtf8,
        NullParameter,
        Panic,
    }

    crate::result_code!(Code);

    crate::boundary!(Code);

    #[test]
    fn a_panicking_body_returns_panic_and_an_error_is_returned_as_is() {
        assert_eq!(guard(|| panic!("a bug in a body")), Code::Panic);
        assert_eq!(guard(|| Err(Code::InvalidArgument)), Code::InvalidArgument);
        assert_eq!(guard(|| Ok(())), Code::Ok);
    }

    #[test]
    fn a_panicking_infallible_body_returns_its_fallback() {
        let getter = || {
            let v: Vec<u8> = Vec::new();
            v[3]
        };
        assert_eq!(guard_value(0xFF, getter), 0xFF);
    }

    #[test]
    fn null_pointers_are_null_parameter() {
        assert_eq!(
            arg_ref::<u32>(core::ptr::null()).err(),
            Some(Code::NullParameter)
        );
        assert_eq!(
            arg_mut::<u32>(core::ptr::null_mut()).err(),
            Some(Code::NullParameter)
        );
        assert!(arg_out::<u32>(core::ptr::null_mut()).is_err());
        assert_eq!(
            arg_str(core::ptr::null(), 0).err(),
            Some(Code::NullParameter)
        );
        assert!(arg_text_out(core::ptr::null_mut(), 0, core::ptr::null_mut()).is_err());
        assert!(arg_text_out(core::ptr::null_mut(), 4, &mut 0).is_err());
        assert!(arg_array_out::<u32>(core::ptr::null_mut(), 4, &mut 0).is_err());
    }

    #[test]
    fn text_that_is_not_utf8_is_invalid_utf8() {
        let bytes = [b'7', 0xFF, b'7', b'f'];
        assert_eq!(
            arg_str(bytes.as_ptr().cast(), bytes.len()).err(),
            Some(Code::InvalidUtf8)
        );
        assert_eq!(arg_str(bytes.as_ptr().cast(), 1), Ok("7"));
    }

    #[test]
    fn a_length_over_isize_max_is_invalid_argument() {
        let byte = 0u8;
        assert_eq!(
            arg_bytes(&byte, isize::MAX as usize + 1).err(),
            Some(Code::InvalidArgument)
        );
    }

    /// Writes `text` through a buffer of `len` bytes prefilled with `#`.
    fn write_text_to(text: &str, len: usize) -> (Code, Vec<u8>, usize) {
        let mut buf = vec![b'#'; len];
        let mut out_len = usize::MAX;
        let r = guard(|| arg_text_out(buf.as_mut_ptr().cast(), len, &mut out_len)?.write(text));
        (r, buf, out_len)
    }

    #[test]
    fn text_that_fits_is_written_with_a_nul_and_its_length() {
        let (r, buf, n) = write_text_to("7g7f", 5);
        assert_eq!((r, n), (Code::Ok, 4));
        assert_eq!(buf, b"7g7f\0");
        let (r, buf, n) = write_text_to("", 1);
        assert_eq!((r, n, buf), (Code::Ok, 0, vec![0]));
    }

    #[test]
    fn text_without_room_for_its_nul_is_too_small_and_reports_the_needed_length() {
        let (r, buf, n) = write_text_to("7g7f", 4);
        assert_eq!((r, n), (Code::BufferTooSmall, 4));
        assert_eq!(buf, b"\0###", "an empty string, nothing more");
    }

    #[test]
    fn a_size_query_takes_a_null_buffer_of_length_zero() {
        let mut out_len = 0;
        let r = guard(|| arg_text_out(core::ptr::null_mut(), 0, &mut out_len)?.write("P*5e"));
        assert_eq!((r, out_len), (Code::BufferTooSmall, 4));
    }

    fn write_values(n: usize, cap: usize) -> (Code, Vec<u32>, usize) {
        let mut buf = vec![7u32; cap];
        let mut out_len = usize::MAX;
        let r = guard(|| {
            arg_array_out(buf.as_mut_ptr(), cap, &mut out_len)?.write(core::iter::repeat_n(9, n))
        });
        (r, buf, out_len)
    }

    #[test]
    fn values_that_fit_are_written_with_their_number() {
        let (r, buf, n) = write_values(2, 3);
        assert_eq!((r, n), (Code::Ok, 2));
        assert_eq!(buf, vec![9, 9, 7]);
        let (r, _, n) = write_values(3, 3);
        assert_eq!((r, n), (Code::Ok, 3));
    }

    #[test]
    fn values_that_do_not_fit_write_nothing_and_report_their_number() {
        let (r, buf, n) = write_values(3, 2);
        assert_eq!((r, n), (Code::BufferTooSmall, 3));
        assert_eq!(buf, vec![7, 7]);
        let mut out_len = 0;
        let r = guard(|| {
            arg_array_out::<u32>(core::ptr::null_mut(), 0, &mut out_len)?.write(core::iter::empty())
        });
        assert_eq!((r, out_len), (Code::Ok, 0));
    }

    #[test]
    fn the_shared_bodies_check_their_pointers_and_write_only_on_success() {
        let handle = 7u32;
        let mut out = 0u64;
        let double = |h: &u32| Ok(u64::from(*h) * 2);
        assert_eq!(read_value(&handle, &mut out, double), Code::Ok);
        assert_eq!(out, 14);
        assert_eq!(
            read_value(core::ptr::null::<u32>(), &mut out, double),
            Code::NullParameter
        );
        assert_eq!(
            read_value(&handle, core::ptr::null_mut(), double),
            Code::NullParameter
        );
        let fail = |_: &u32| -> Result<u64, Code> { Err(Code::InvalidArgument) };
        assert_eq!(read_value(&handle, &mut out, fail), Code::InvalidArgument);
        assert_eq!(out, 14, "untouched on error");
        let mut value = 1u32;
        let bump = |v: &mut u32| {
            *v += 1;
            Ok(())
        };
        assert_eq!(update(&mut value, bump), Code::Ok);
        assert_eq!(value, 2);
        assert_eq!(
            update(core::ptr::null_mut::<u32>(), bump),
            Code::NullParameter
        );
        let mut made = core::ptr::null_mut();
        assert_eq!(new_handle(&mut made, || Ok(5u32)), Code::Ok);
        // SAFETY: `new_handle` wrote a live handle made by `into_handle`.
        assert_eq!(unsafe { *made }, 5);
        free_handle(made);
        let mut len = 0;
        let mut buf = [0u8; 8];
        let r = read_text(&handle, buf.as_mut_ptr().cast(), 8, &mut len, |h| {
            Ok(h.to_string())
        });
        assert_eq!((r, len, &buf[..2]), (Code::Ok, 1, &b"7\0"[..]));
        let mut bits = [0u32; 2];
        let r = read_array(&handle, bits.as_mut_ptr(), 2, &mut len, |h, out| {
            out.write([*h, *h + 1].into_iter())
        });
        assert_eq!((r, len, bits), (Code::Ok, 2, [7, 8]));
    }

    #[test]
    fn a_panicking_shared_body_returns_panic() {
        let mut out = 0u8;
        let panics = || -> Result<u8, Code> {
            let v: Vec<u8> = Vec::new();
            Ok(v[3])
        };
        assert_eq!(write_value(&mut out, panics), Code::Panic);
        let mut len = 0;
        let text = || -> Result<String, Code> { panic!("a bug in a body") };
        assert_eq!(
            write_text(core::ptr::null_mut(), 0, &mut len, text),
            Code::Panic
        );
    }

    #[test]
    fn freeing_null_is_a_no_op() {
        free_handle::<u32>(core::ptr::null_mut());
        free_handle(into_handle(5u32));
    }

    // The exports of an API, as `ffi_fn!` makes them: the code comes from the
    // export's return type.
    fn panicking_export() -> Code {
        ffi_fn!({
            if Code::Ok as u32 == 0 {
                panic!("a bug in a body");
            }
            Ok(())
        })
    }

    fn failing_export() -> Code {
        ffi_fn!({ Err(Code::InvalidArgument) })
    }

    fn checking_export(ptr: *const u32) -> Code {
        ffi_fn!({
            arg_ref(ptr)?;
            Ok(())
        })
    }

    fn panicking_getter() -> u8 {
        ffi_fn!(infallible 0xFF, {
            let v: Vec<u8> = Vec::new();
            v[3]
        })
    }

    #[test]
    fn an_export_returns_panic_its_error_or_ok() {
        assert_eq!(panicking_export(), Code::Panic);
        assert_eq!(failing_export(), Code::InvalidArgument);
        assert_eq!(checking_export(core::ptr::null()), Code::NullParameter);
        assert_eq!(checking_export(&7), Code::Ok);
    }

    #[test]
    fn an_infallible_export_returns_its_fallback_when_it_panics() {
        assert_eq!(panicking_getter(), 0xFF);
    }

    /// The table of the test code (values with a gap, as an API's ranges have).
    impl crate::ResultTable for Code {
        fn all() -> &'static [Code] {
            use Code::*;
            &[
                Ok,
                NullParameter,
                InvalidArgument,
                InvalidUtf8,
                BufferTooSmall,
                Panic,
            ]
        }

        fn value(self) -> u32 {
            match self {
                Code::Ok => 0,
                Code::NullParameter => 1,
                Code::InvalidArgument => 2,
                Code::InvalidUtf8 => 3,
                Code::BufferTooSmall => 4,
                Code::Panic => 99,
            }
        }

        fn name(self) -> &'static str {
            match self {
                Code::Ok => "CODE_OK\0",
                Code::NullParameter => "CODE_NULL_PARAMETER\0",
                Code::InvalidArgument => "CODE_INVALID_ARGUMENT\0",
                Code::InvalidUtf8 => "CODE_INVALID_UTF8\0",
                Code::BufferTooSmall => "CODE_BUFFER_TOO_SMALL\0",
                Code::Panic => "CODE_PANIC\0",
            }
        }

        fn message(self) -> &'static str {
            match self {
                Code::Ok => "success",
                _ => "failure",
            }
        }
    }

    #[test]
    fn codes_read_back_from_their_values_with_their_names_and_messages() {
        use crate::{result_message, result_name, result_of};
        use core::ffi::CStr;
        assert_eq!(result_of::<Code>(99), Some(Code::Panic));
        assert_eq!(result_of::<Code>(5), None);
        let name = result_name::<Code>(99);
        // SAFETY: `result_name` gives a static NUL-terminated string or NULL,
        // and 99 is a code.
        assert_eq!(unsafe { CStr::from_ptr(name) }.to_str(), Ok("CODE_PANIC"));
        assert!(result_name::<Code>(5).is_null());
        let mut buf = [0 as core::ffi::c_char; 32];
        let mut len = 0;
        let r: Code = result_message(0, buf.as_mut_ptr(), buf.len(), &mut len);
        assert_eq!((r, len), (Code::Ok, 7));
        let r: Code = result_message(5, buf.as_mut_ptr(), buf.len(), &mut len);
        assert_eq!((r, len), (Code::Ok, "unknown result code".len()));
        let r: Code = result_message(0, buf.as_mut_ptr(), 3, &mut len);
        assert_eq!((r, len), (Code::BufferTooSmall, 7));
    }

    #[test]
    fn the_codes_of_a_header_are_read_in_its_order() {
        let header = "typedef enum code {\n  /**\n   * CODE_OK = 0 in a comment\n   */\n  \
                      CODE_OK = 0,\n  CODE_PANIC = 99,\n} code;\n";
        assert_eq!(
            crate::header_codes(header, "CODE_"),
            vec![("CODE_OK\0".to_owned(), 0), ("CODE_PANIC\0".to_owned(), 99)]
        );
        assert_eq!(
            crate::table_codes::<Code>()[5],
            ("CODE_PANIC\0".to_owned(), 99)
        );
    }
}
