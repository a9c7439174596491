//! Fuzz target `record_read`: pins down that reading arbitrary bytes as a game record (encoding and
//! format detected) never panics, that every record read is written in its format and read
//! back as the same record, and that reading every record of the bytes (`read_all`) gives that
//! one record when a single read succeeds.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_rules::record;
use shogi_rules_fuzz::check_record_round_trip;

fuzz_target!(|data: &[u8]| {
    let all = record::read_all(data);
    let Ok(single) = record::read(data) else {
        return;
    };
    assert_eq!(
        all.as_deref().ok(),
        Some(std::slice::from_ref(&single)),
        "read_all differs from read"
    );
    let (text, _) = record::decode(data).expect("read decodes it");
    let format = record::detect_format(&text).expect("read detects it");
    check_record_round_trip(&text, format);
});
