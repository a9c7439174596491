//! Fuzz target `xiangqi_pgn`: reading PGN bytes (UTF-8 or GBK) never panics and stays within
//! small limits; every game it accepts is written in every notation and read back as the same
//! game.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::{read_pgn_bytes_with, read_pgn_with, write_pgn, ReadLimits};

const LIMITS: ReadLimits = ReadLimits {
    max_input_bytes: 1 << 16,
    max_line_bytes: 1 << 12,
    max_moves: 2_000,
    max_variations: 200,
    max_depth: 16,
    max_games: 50,
};

fuzz_target!(|data: &[u8]| {
    let Ok(games) = read_pgn_bytes_with(data, &LIMITS) else {
        return;
    };
    for game in &games {
        for n in Notation::ALL {
            let text = write_pgn(game, n);
            let limits = ReadLimits {
                max_line_bytes: usize::MAX,
                max_input_bytes: usize::MAX,
                ..LIMITS
            };
            let mut back = read_pgn_with(&text, &limits)
                .unwrap_or_else(|e| panic!("{n}: the written game does not read: {e}\n{text}"));
            assert_eq!(back.len(), 1, "{n}: {text}");
            let mut back = back.remove(0);
            let mut expected = game.clone();
            back.set_tag("Format", "");
            expected.set_tag("Format", "");
            assert!(
                back == expected,
                "{n}: the game reads back differently\n{text}"
            );
        }
    }
});
