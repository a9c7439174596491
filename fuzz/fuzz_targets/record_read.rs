//! Fuzz target `record_read`: pins down that reading arbitrary bytes as a game record (encoding and
//! format detected) never panics, and that every record read is written in its format and read
//! back as the same record.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_rules::record;
use shogi_rules_fuzz::check_record_round_trip;

fuzz_target!(|data: &[u8]| {
    if record::read(data).is_err() {
        return;
    }
    let (text, _) = record::decode(data).expect("read decodes it");
    let format = record::detect_format(&text).expect("read detects it");
    check_record_round_trip(&text, format);
});
