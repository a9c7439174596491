//! C API for the `shogi-rules` crate. The header is `include/shogi_rules.h`,
//! generated from this crate by cbindgen (`make header`).
//!
//! Conventions, stated once here and in the header:
//! - Every fallible function returns a [`shogi_result`]; out-parameters are
//!   written only on success. Infallible functions say so.
//! - Every export runs its body through the `ffi_fn!` macro or one of the
//!   shared bodies of `boundary` built on it (`read_value`, `read_text`,
//!   `read_moves`, `write_value`, `write_text`, `new_handle`, `update`),
//!   which catch panics (`SHOGI_RESULT_PANIC`); NULL pointers give
//!   `SHOGI_RESULT_NULL_PARAMETER` unless a parameter is documented as
//!   optional (`_or_null`). The shared bodies and the argument helpers come
//!   from the `ffi-boundary` crate, defined for `shogi_result`, except
//!   `read_moves` (moves written as their bits), which is this crate's.
//! - Text in is `(const char *ptr, size_t len)` UTF-8, not NUL-terminated;
//!   text out goes to a caller buffer `(char *buf, size_t buf_len, size_t
//!   *out_len)`; moves are `uint32_t` bits with accessor functions.
//! - Handles (`shogi_position`, `shogi_game`, `shogi_record`,
//!   `shogi_record_list`, `shogi_usi_engine_message`, `shogi_usi_gui_command`,
//!   `shogi_ai_stop`, `shogi_ai_player`, `shogi_ai_mate_report`) are owned by
//!   the caller and freed with their one `_free` function.

// `ffi_fn!`, which every export runs its body through.
#[macro_use]
extern crate ffi_boundary;

// The order of the modules is the order of the header: cbindgen follows it.
mod boundary;

mod result;

mod types;

mod position;

mod training;

mod notation;

mod game;

mod record;

mod record_tree;

mod record_edit;
mod record_rules;

mod collection;

mod usi;

mod ai;

#[cfg(test)]
mod testing;

use core::ffi::c_char;

pub use ai::*;
pub use collection::*;
pub use game::*;
pub use notation::*;
pub use position::*;
pub use record::*;
pub use record_edit::*;
pub use record_rules::*;
pub use record_tree::*;
pub use result::*;
pub use training::*;
pub use types::*;
pub use usi::*;

/// Major version of this library (the `MAJOR` of `MAJOR.MINOR.PATCH`).
pub const SHOGI_RULES_VERSION_MAJOR: u32 = 0;
/// Minor version of this library.
pub const SHOGI_RULES_VERSION_MINOR: u32 = 1;
/// Patch version of this library.
pub const SHOGI_RULES_VERSION_PATCH: u32 = 0;
/// The version as one number, `MAJOR * 1000000 + MINOR * 1000 + PATCH`, for
/// comparisons in the preprocessor; `shogi_version_number()` gives the
/// version of the library linked at run time.
pub const SHOGI_RULES_VERSION_NUMBER: u32 = 1000;

/// The version of the linked library as a static NUL-terminated string
/// (`"0.1.0"`). Infallible; the string must not be freed. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_version() -> *const c_char {
    ffi_fn!(infallible core::ptr::null(), {
        concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
    })
}

/// The version of the linked library as `MAJOR * 1000000 + MINOR * 1000 +
/// PATCH`, to compare with `SHOGI_RULES_VERSION_NUMBER` from the header the
/// program was compiled with. Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_version_number() -> u32 {
    ffi_fn!(infallible 0, {
        SHOGI_RULES_VERSION_MAJOR * 1_000_000
            + SHOGI_RULES_VERSION_MINOR * 1_000
            + SHOGI_RULES_VERSION_PATCH
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
            SHOGI_RULES_VERSION_MAJOR,
            parse(env!("CARGO_PKG_VERSION_MAJOR"))
        );
        assert_eq!(
            SHOGI_RULES_VERSION_MINOR,
            parse(env!("CARGO_PKG_VERSION_MINOR"))
        );
        assert_eq!(
            SHOGI_RULES_VERSION_PATCH,
            parse(env!("CARGO_PKG_VERSION_PATCH"))
        );
        assert_eq!(SHOGI_RULES_VERSION_NUMBER, shogi_version_number());
        // SAFETY: `shogi_version` returns a static NUL-terminated string.
        let version = unsafe { CStr::from_ptr(shogi_version()) };
        assert_eq!(version.to_str(), Ok(env!("CARGO_PKG_VERSION")));
    }

    #[test]
    fn handles_may_be_shared_and_sent_between_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<shogi_position>();
        send_sync::<shogi_game>();
        send_sync::<shogi_record>();
        send_sync::<shogi_record_list>();
        send_sync::<shogi_usi_engine_message>();
        send_sync::<shogi_usi_gui_command>();
        send_sync::<shogi_ai_stop>();
        send_sync::<shogi_ai_player>();
        send_sync::<shogi_ai_mate_report>();
    }
}
