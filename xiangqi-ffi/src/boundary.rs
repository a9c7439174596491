//! The boundary between C and Rust: the helpers and shared bodies of the
//! `ffi-boundary` crate for [`xiangqi_result`] (see that crate for the
//! conventions, and for `ffi_fn!`, the macro every export runs its body
//! through, which catches panics): NULL pointers become [`xiangqi_result::NullParameter`], bad
//! UTF-8 [`xiangqi_result::InvalidUtf8`], a caller buffer too small
//! [`xiangqi_result::BufferTooSmall`], a panic [`xiangqi_result::Panic`].
//! The shared bodies ([`read_value`], [`read_text`], [`read_array`],
//! [`write_value`], [`new_handle`], [`write_text`], [`update`]) catch panics
//! as `ffi_fn!` does, check every pointer they are given before the work (a
//! NULL one is `XIANGQI_RESULT_NULL_PARAMETER`, whichever it is) and write
//! their output only on success.

use crate::result::xiangqi_result;

ffi_boundary::result_code!(xiangqi_result, crate::result::all_results);
ffi_boundary::boundary!(xiangqi_result);
