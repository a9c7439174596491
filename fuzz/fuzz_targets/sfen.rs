//! Fuzz target `sfen`: pins down that SFEN parsing never panics on any input, that every position
//! `Position::from_sfen` accepts round-trips through `to_sfen` to an equal position (same Zobrist
//! key) and the same string, and that move generation is safe on every accepted position, also
//! on those the lenient `Position::from_sfen_unvalidated` accepts.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_rules::notation::{csa, japanese, western};
use shogi_rules::{Game, Position, RuleSet};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);

    // The lenient constructor only checks syntax; it must not panic either, and neither may
    // move generation, play and undo on what it accepts (a king attacked by the side to move,
    // too many pieces, no king at all...).
    if let Ok(any) = Position::from_sfen_unvalidated(&text) {
        let legal = any.legal_moves();
        let _ = (any.in_check(), any.has_legal_moves(), any.to_sfen());
        let _ = shogi_rules::svg::render(&any, legal.iter().next().copied());
        let mut game = Game::from_position(any.clone(), RuleSet::site());
        let _ = (game.impasse_status(), game.declare_impasse());
        // One game tries every move in turn, as a search does; each move's check must be that
        // of the position it leads to, whatever stood attacked before.
        let mut trying = Game::from_position(any.clone(), RuleSet::site());
        for &m in legal.iter().take(64) {
            if trying.play(m).is_ok() {
                assert_eq!(
                    trying.history()[0].gave_check,
                    trying.position().in_check(),
                    "check by {m} from {text:?}"
                );
                let _ = trying.undo();
            }
            let _ = any.is_legal(m);
            let _ = western::format(&any, m);
            let _ = japanese::format(&any, m, None, japanese::Mark::Triangle);
            let _ = csa::format(&any, m);
            let mut after = any.clone();
            after.play_unchecked(m);
            let _ = after.count_legal_moves();
            // Not compared with `any`: a hand count held at its limit of 255 cannot grow.
            after.undo(m);
            let mut game = Game::from_position(any.clone(), RuleSet::site());
            if game.play(m).is_ok() {
                let _ = (game.impasse_status(), game.undo());
            }
        }
    }

    let Ok(pos) = Position::from_sfen(&text) else {
        return;
    };
    let sfen = pos.to_sfen();
    let again = Position::from_sfen(&sfen)
        .unwrap_or_else(|e| panic!("to_sfen output {sfen:?} of {text:?} is rejected: {e}"));
    assert_eq!(
        again, pos,
        "{text:?} -> {sfen:?} parses to a different position"
    );
    assert_eq!(
        again.zobrist(),
        pos.zobrist(),
        "Zobrist key changed over {sfen:?}"
    );
    assert_eq!(
        again.to_sfen(),
        sfen,
        "to_sfen is not a fixed point for {text:?}"
    );

    // A validated position is one the generators must handle.
    let legal = pos.legal_moves();
    assert_eq!(
        pos.has_legal_moves(),
        !legal.is_empty(),
        "has_legal_moves at {sfen:?}"
    );
    assert_eq!(
        pos.is_checkmate(),
        pos.in_check() && legal.is_empty(),
        "is_checkmate at {sfen:?}"
    );
    for &m in legal.iter() {
        assert!(
            pos.is_legal(m),
            "{m} is generated but not legal at {sfen:?}"
        );
    }
});
