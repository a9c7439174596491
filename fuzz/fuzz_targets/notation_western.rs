//! Fuzz target `notation_western`: pins down that parsing Western notation never panics, and that
//! every move it accepts is legal and is written back as text that parses to the same move.

#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use shogi_rules::notation::western;
use shogi_rules::Position;
use shogi_rules_fuzz::all_positions;

static POSITIONS: LazyLock<Vec<Position>> = LazyLock::new(all_positions);

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for pos in POSITIONS.iter() {
        let Ok(m) = western::parse(pos, &text) else {
            continue;
        };
        assert!(
            pos.is_legal(m),
            "{text:?} parses to {m:?}, illegal at {pos}"
        );
        let written = western::format(pos, m);
        assert_eq!(
            western::parse(pos, &written).ok(),
            Some(m),
            "{text:?} -> {m} is written {written:?}, which does not parse back at {pos}"
        );
    }
});
