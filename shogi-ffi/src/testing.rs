//! Helpers for the unit tests: calling exports the way a C client does
//! (`ffi_boundary::testing`, whose helpers take `shogi_result` from the
//! exports they call).

pub(crate) use ffi_boundary::testing::{moves, out, s, text};
