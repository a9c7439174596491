//! C API for the `shogi-rules` crate. The header is `include/shogi_rules.h`.
