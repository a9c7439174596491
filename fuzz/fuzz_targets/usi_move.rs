//! Fuzz target `usi_move`: pins down that USI move parsing never panics, that every accepted move
//! prints back to text that parses to the same `UsiMove`, and that resolving it against fixed valid
//! positions never panics and, when it succeeds, yields a legal move that prints as the same text
//! (and agrees with `parse_usi_move` on the original text).

#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use shogi_rules::{Position, UsiMove};
use shogi_rules_fuzz::all_positions;

static POSITIONS: LazyLock<Vec<Position>> = LazyLock::new(all_positions);

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(usi) = text.parse::<UsiMove>() else {
        return;
    };
    let printed = usi.to_string();
    let reparsed: UsiMove = printed
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} parses, but its Display {printed:?} does not: {e}"));
    assert_eq!(reparsed, usi, "{text:?} -> {printed:?} changes the move");

    for pos in POSITIONS.iter() {
        let resolved = pos.to_move(usi);
        assert_eq!(
            pos.parse_usi_move(&text).ok(),
            resolved.as_ref().ok().copied(),
            "parse_usi_move({text:?}) and to_move disagree at {pos}"
        );
        if let Ok(m) = resolved {
            assert!(
                pos.is_legal(m),
                "to_move({printed}) = {m:?} is not legal at {pos}"
            );
            assert_eq!(
                m.to_string(),
                printed,
                "to_move({printed}) prints differently at {pos}"
            );
        }
    }
});
