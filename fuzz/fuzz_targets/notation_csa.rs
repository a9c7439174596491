//! Fuzz target `notation_csa`: pins down that parsing CSA moves never panics, and that every move
//! it accepts is legal and is written back as the same text, up to the optional sign.

#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use shogi_rules::notation::csa;
use shogi_rules::Position;
use shogi_rules_fuzz::all_positions;

static POSITIONS: LazyLock<Vec<Position>> = LazyLock::new(all_positions);

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for pos in POSITIONS.iter() {
        let Ok(m) = csa::parse(pos, &text) else {
            continue;
        };
        assert!(
            pos.is_legal(m),
            "{text:?} parses to {m:?}, illegal at {pos}"
        );
        let written = csa::format(pos, m);
        assert!(
            written.ends_with(text.trim()),
            "{text:?} -> {m} is written {written:?} at {pos}"
        );
        assert_eq!(
            csa::parse(pos, &written).ok(),
            Some(m),
            "{written:?} does not parse back at {pos}"
        );
    }
});
