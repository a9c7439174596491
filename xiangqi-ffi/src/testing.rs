//! Helpers for the unit tests: calling exports the way a C client does.

use core::ffi::c_char;

use crate::result::xiangqi_result;

/// Calls a text-out function the C way: a size query, then a buffer of the
/// reported size plus the NUL. Panics unless both calls behave.
pub(crate) fn text(f: impl Fn(*mut c_char, usize, *mut usize) -> xiangqi_result) -> String {
    let mut needed = usize::MAX;
    let first = f(core::ptr::null_mut(), 0, &mut needed);
    assert!(
        first == xiangqi_result::BufferTooSmall,
        "size query gave {first:?}"
    );
    let mut buf = vec![0xAAu8; needed + 1];
    let mut len = usize::MAX;
    assert_eq!(
        f(buf.as_mut_ptr().cast(), buf.len(), &mut len),
        xiangqi_result::Ok
    );
    assert_eq!(len, needed);
    assert_eq!(buf[len], 0, "NUL-terminated");
    buf.truncate(len);
    String::from_utf8(buf).unwrap()
}

/// Calls a move-list function the C way: a count query, then a full array.
pub(crate) fn moves(f: impl Fn(*mut u32, usize, *mut usize) -> xiangqi_result) -> Vec<u32> {
    let mut n = usize::MAX;
    let first = f(core::ptr::null_mut(), 0, &mut n);
    assert!(
        first == xiangqi_result::Ok || first == xiangqi_result::BufferTooSmall,
        "count query gave {first:?}"
    );
    let mut buf = vec![0u32; n];
    let mut len = usize::MAX;
    assert_eq!(f(buf.as_mut_ptr(), buf.len(), &mut len), xiangqi_result::Ok);
    assert_eq!(len, n);
    buf
}

/// A value written through an out-parameter by `f`, which must succeed (the
/// memory starts uninitialised, as in C).
pub(crate) fn out<T>(f: impl FnOnce(*mut T) -> xiangqi_result) -> T {
    let mut value = core::mem::MaybeUninit::<T>::uninit();
    assert_eq!(f(value.as_mut_ptr()), xiangqi_result::Ok);
    // SAFETY: a successful call writes its out-parameter.
    unsafe { value.assume_init() }
}

/// Passes a Rust string as `(ptr, len)`.
pub(crate) fn s(text: &str) -> (*const c_char, usize) {
    (text.as_ptr().cast(), text.len())
}
