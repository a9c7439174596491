//! Fuzz target `hostile_ki2`: KI2 text generated from an arbitrary plan (see
//! `shogi_rules_fuzz::hostile`): legal lines of play in hostile shapes and sizes, near misses
//! and junk. Reading it within the default limits must not panic; a record read must write in
//! every format without panicking, and each text written must read back with the same main
//! line (the same record when written as KI2) and be stable when written again.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_rules::record::Format;
use shogi_rules_fuzz::hostile::{self, Plan};

fuzz_target!(|plan: Plan| {
    let text = hostile::ki2::text(&plan);
    hostile::check(&text, Format::Ki2);
});
