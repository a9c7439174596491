//! Fuzz target `xiangqi_fen`: reading a xiangqi FEN never panics, and a position it accepts is
//! written back as a FEN that reads to the same position, whose legal moves all play and undo.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_rules::Position;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(pos) = Position::from_fen(&text) else {
        return;
    };
    let fen = pos.to_fen();
    let again = Position::from_fen(&fen)
        .unwrap_or_else(|e| panic!("{text:?} reads, but its FEN {fen:?} does not: {e}"));
    assert!(again.same_position(&pos), "{text:?} -> {fen:?}");
    for &m in pos.legal_moves().iter() {
        let mut after = pos.clone();
        after
            .play(m)
            .unwrap_or_else(|e| panic!("{m} is listed but illegal at {fen}: {e}"));
        after.undo(m);
        assert!(after.same_position(&pos), "{m} does not undo at {fen}");
    }
});
