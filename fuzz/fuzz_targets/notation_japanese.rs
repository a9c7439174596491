//! Fuzz target `notation_japanese`: pins down that parsing Japanese move text (KI2 and KIF forms)
//! never panics, with and without a previous move for 同, and that every move it accepts is legal
//! and is written back, in both forms, as text that parses to the same move.

#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use shogi_rules::notation::japanese::{self, Mark};
use shogi_rules::{Move, Position};
use shogi_rules_fuzz::all_positions;

/// The fixture positions, each with the first of its legal moves as a stand-in previous move
/// (only its destination matters).
static POSITIONS: LazyLock<Vec<(Position, Option<Move>)>> = LazyLock::new(|| {
    all_positions()
        .into_iter()
        .map(|pos| {
            let previous = pos.legal_moves().first().copied();
            (pos, previous)
        })
        .collect()
});

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for (pos, last) in POSITIONS.iter() {
        for previous in [None, *last] {
            let Ok(m) = japanese::parse(pos, &text, previous) else {
                continue;
            };
            assert!(
                pos.is_legal(m),
                "{text:?} parses to {m:?}, illegal at {pos}"
            );
            for written in [
                japanese::format(pos, m, previous, Mark::Triangle),
                japanese::format(pos, m, previous, Mark::None),
                japanese::format_kif(m, previous),
            ] {
                assert_eq!(
                    japanese::parse(pos, &written, previous).ok(),
                    Some(m),
                    "{text:?} -> {m} is written {written:?}, which does not parse back at {pos}"
                );
            }
        }
    }
});
