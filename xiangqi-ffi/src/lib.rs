//! C API for the `xiangqi-rules` crate. The header is
//! `include/xiangqi_rules.h`, generated from this crate by cbindgen
//! (`make xiangqi-header`).
//!
//! Conventions, stated once here and in the header (they are those of the
//! shogi C API, `shogi-ffi`):
//! - Every fallible function returns a [`xiangqi_result`]; out-parameters are
//!   written only on success. Infallible functions say so.
//! - Every export runs its body through the `ffi_fn!` macro or one of the
//!   shared bodies of `boundary` built on it (`read_value`, `read_text`,
//!   `read_array`, `write_value`, `write_text`, `new_handle`, `update`),
//!   which catch panics (`XIANGQI_RESULT_PANIC`); NULL pointers give
//!   `XIANGQI_RESULT_NULL_PARAMETER` unless a parameter is documented as
//!   optional (`_or_null`). The shared bodies and the argument helpers come
//!   from the `ffi-boundary` crate, defined for `xiangqi_result`.
//! - Text in is `(const char *ptr, size_t len)` UTF-8, not NUL-terminated;
//!   text out goes to a caller buffer `(char *buf, size_t buf_len, size_t
//!   *out_len)`; moves are `uint32_t` bits with accessor functions.
//! - Handles (`xiangqi_position`, `xiangqi_game`, `xiangqi_record`,
//!   `xiangqi_record_list`) are owned by the caller and
//!   freed with their one `_free` function.

// `ffi_fn!`, which every export runs its body through.
#[macro_use]
extern crate ffi_boundary;

// The order of the modules is the order of the header: cbindgen follows it.
mod boundary;

mod result;

mod types;

mod position;

mod game;

mod notation;

mod record;

#[cfg(test)]
mod testing;

use core::ffi::c_char;

pub use game::*;
pub use notation::*;
pub use position::*;
pub use record::*;
pub use result::*;
pub use types::*;

/// Major version of this library (the `MAJOR` of `MAJOR.MINOR.PATCH`).
pub const XIANGQI_RULES_VERSION_MAJOR: u32 = 0;
/// Minor version of this library.
pub const XIANGQI_RULES_VERSION_MINOR: u32 = 1;
/// Patch version of this library.
pub const XIANGQI_RULES_VERSION_PATCH: u32 = 0;
/// The version as one number, `MAJOR * 1000000 + MINOR * 1000 + PATCH`, for
/// comparisons in the preprocessor; `xiangqi_version_number()` gives the
/// version of the library linked at run time.
pub const XIANGQI_RULES_VERSION_NUMBER: u32 = 1000;

/// The version of the linked library as a static NUL-terminated string
/// (`"0.1.0"`). Infallible; the string must not be freed. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_version() -> *const c_char {
    ffi_fn!(infallible core::ptr::null(), {
        concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
    })
}

/// The version of the linked library as `MAJOR * 1000000 + MINOR * 1000 +
/// PATCH`, to compare with `XIANGQI_RULES_VERSION_NUMBER` from the header the
/// program was compiled with. Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_version_number() -> u32 {
    ffi_fn!(infallible 0, {
        XIANGQI_RULES_VERSION_MAJOR * 1_000_000
            + XIANGQI_RULES_VERSION_MINOR * 1_000
            + XIANGQI_RULES_VERSION_PATCH
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    #[test]
    fn version_macros_match_the_package_version() {
        let parse = |s: &str| s.parse::<u32>().unwrap();
        assert_eq!(
            XIANGQI_RULES_VERSION_MAJOR,
            parse(env!("CARGO_PKG_VERSION_MAJOR"))
        );
        assert_eq!(
            XIANGQI_RULES_VERSION_MINOR,
            parse(env!("CARGO_PKG_VERSION_MINOR"))
        );
        assert_eq!(
            XIANGQI_RULES_VERSION_PATCH,
            parse(env!("CARGO_PKG_VERSION_PATCH"))
        );
        assert_eq!(XIANGQI_RULES_VERSION_NUMBER, xiangqi_version_number());
        // SAFETY: `xiangqi_version` returns a static NUL-terminated string.
        let version = unsafe { CStr::from_ptr(xiangqi_version()) };
        assert_eq!(version.to_str(), Ok(env!("CARGO_PKG_VERSION")));
    }

    /// Every function of the committed header comes with its documentation
    /// (cbindgen copies the doc comment; a function without one would be a
    /// bare declaration), and names its thread safety or its infallibility.
    #[test]
    fn every_function_of_the_header_is_documented() {
        let header = include_str!("../../include/xiangqi_rules.h");
        let lines: Vec<&str> = header.lines().collect();
        let mut functions = 0;
        let mut doc: Vec<&str> = Vec::new();
        for line in &lines {
            if line.starts_with("/**") {
                doc.clear();
            }
            doc.push(line);
            let declares = !line.starts_with(' ')
                && !line.starts_with('#')
                && !line.starts_with("typedef")
                && line.contains("xiangqi_")
                && line.contains('(');
            if declares {
                functions += 1;
                let text = doc.join("\n");
                assert!(
                    doc.len() > 2 && doc[doc.len() - 2].trim() == "*/",
                    "{line} has no documentation"
                );
                assert!(
                    ["hread", "Infallible", "exclusive access"]
                        .iter()
                        .any(|word| text.contains(word)),
                    "{line}: the documentation does not say whether it is thread-safe"
                );
                doc.clear();
            }
        }
        assert!(functions > 50, "found {functions} functions in the header");
    }

    #[test]
    fn handles_may_be_shared_and_sent_between_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<xiangqi_position>();
        send_sync::<xiangqi_game>();
        send_sync::<xiangqi_record>();
        send_sync::<xiangqi_record_list>();
    }
}
