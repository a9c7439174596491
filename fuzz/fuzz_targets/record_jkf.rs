//! Fuzz target `record_jkf`: pins down that reading arbitrary bytes as a JKF record never panics,
//! and that every record read is written as JKF and read back as the same record.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_rules::record::{self, Format};
use shogi_rules_fuzz::check_record_round_trip;

fuzz_target!(|data: &[u8]| {
    let Ok((text, _)) = record::decode(data) else {
        return;
    };
    check_record_round_trip(&text, Format::Jkf);
});
