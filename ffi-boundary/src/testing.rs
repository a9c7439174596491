//! Helpers for the unit tests of a C API: calling its exports the way a C
//! client does. Generic over the API's result code, which each helper takes
//! from the export it calls.

use core::ffi::c_char;
use core::fmt::Debug;

use crate::ResultCode;

/// Calls a text-out function the C way: a size query, then a buffer of the
/// reported size plus the NUL. Panics unless both calls behave.
pub fn text<R: ResultCode + PartialEq + Debug>(
    f: impl Fn(*mut c_char, usize, *mut usize) -> R,
) -> String {
    let mut needed = usize::MAX;
    let first = f(core::ptr::null_mut(), 0, &mut needed);
    assert!(first == R::BUFFER_TOO_SMALL, "size query gave {first:?}");
    let mut buf = vec![0xAAu8; needed + 1];
    let mut len = usize::MAX;
    assert_eq!(f(buf.as_mut_ptr().cast(), buf.len(), &mut len), R::OK);
    assert_eq!(len, needed);
    assert_eq!(buf[len], 0, "NUL-terminated");
    buf.truncate(len);
    String::from_utf8(buf).unwrap()
}

/// Calls a move-list function the C way: a count query, then a full array.
pub fn moves<R: ResultCode + PartialEq + Debug>(
    f: impl Fn(*mut u32, usize, *mut usize) -> R,
) -> Vec<u32> {
    let mut n = usize::MAX;
    let first = f(core::ptr::null_mut(), 0, &mut n);
    assert!(
        first == R::OK || first == R::BUFFER_TOO_SMALL,
        "count query gave {first:?}"
    );
    let mut buf = vec![0u32; n];
    let mut len = usize::MAX;
    assert_eq!(f(buf.as_mut_ptr(), buf.len(), &mut len), R::OK);
    assert_eq!(len, n);
    buf
}

/// A value written through an out-parameter by `f`, which must succeed (the
/// memory starts uninitialised, as in C).
pub fn out<R: ResultCode + PartialEq + Debug, T>(f: impl FnOnce(*mut T) -> R) -> T {
    let mut value = core::mem::MaybeUninit::<T>::uninit();
    assert_eq!(f(value.as_mut_ptr()), R::OK);
    // SAFETY: a successful call writes its out-parameter (the boundary's
    // contract: out-parameters are written on success).
    unsafe { value.assume_init() }
}

/// Passes a Rust string as `(ptr, len)`.
pub fn s(text: &str) -> (*const c_char, usize) {
    (text.as_ptr().cast(), text.len())
}
