//! Hints and their reasons.

use shogi_ai::Stop;
use shogi_ai::hint::{Hint, Why, hint, hint_with};
use shogi_ai::level::PlayError;
use shogi_ai::mate::mate_in_one;
use shogi_ai::search::{Score, SearchLimits};
use shogi_rules::{Color, Game, Position, RuleSet};

fn game(sfen: &str) -> Game {
    Game::from_position(
        Position::from_sfen(sfen).expect("a valid SFEN"),
        RuleSet::default(),
    )
}

/// A hint within a node budget that keeps the test quick unoptimised.
fn quick_hint(g: &Game) -> Hint {
    let limits = SearchLimits {
        nodes: Some(60_000),
        ..SearchLimits::default()
    };
    let h = hint_with(g, &limits, &Stop::new()).expect("a game in progress");
    assert!(g.position().is_legal(h.mv));
    h
}

#[test]
fn a_mate_in_one_is_explained_as_a_mate() {
    let g = game("7kl/9/7PP/9/9/9/9/9/K8 b GG 1");
    let h = quick_hint(&g);
    assert_eq!(h.why, Why::Mates(1));
    assert_eq!(h.score, Score::Mate(1));
    let mut after = g.position().clone();
    after.play_unchecked(h.mv);
    assert!(after.is_checkmate());
}

#[test]
fn a_mate_in_three_is_explained_as_a_mate() {
    let g = game("4k4/9/9/9/9/9/9/9/4K4 b RGG 1");
    let h = quick_hint(&g);
    assert_eq!(h.why, Why::Mates(3));
    assert_eq!(h.score, Score::Mate(3));
}

#[test]
fn a_move_that_stops_a_mate_is_explained() {
    // Gote threatens G*1h, mate (the knight on 2f guards 1h); Sente has a
    // silver in hand and no attack of its own.
    let g = game("4k4/9/9/9/9/7n1/9/9/8K b Sg 1");
    let mut passed = Position::from_sfen("4k4/9/9/9/9/7n1/9/9/8K w Sg 1").unwrap();
    let threat = mate_in_one(&passed).expect("the threat");
    passed.play_unchecked(threat);
    assert!(passed.is_checkmate());
    let h = quick_hint(&g);
    assert_eq!(h.why, Why::StopsMate, "{}", h.mv);
    let mut after = g.position().clone();
    after.play_unchecked(h.mv);
    assert!(mate_in_one(&after).is_none());
}

#[test]
fn winning_a_rook_is_explained_as_material() {
    let g = game("4k4/9/9/9/9/4r4/4P4/9/4K4 b - 1");
    let h = quick_hint(&g);
    assert_eq!(h.mv.to_string(), "5g5f");
    match h.why {
        Why::WinsMaterial(cp) => assert!(cp >= 900, "{cp}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_quiet_opening_move_is_the_best_position() {
    let h = quick_hint(&Game::new());
    assert_eq!(h.why, Why::BestPosition);
}

#[test]
fn a_finished_game_has_no_hint() {
    let mut g = Game::new();
    g.resign(Color::Gote).unwrap();
    assert_eq!(hint(&g, &Stop::new()), Err(PlayError::GameOver));
}

#[test]
fn a_raised_stop_still_gives_a_legal_hint() {
    let g = Game::new();
    let stop = Stop::new();
    stop.stop();
    let h = hint(&g, &stop).unwrap();
    assert!(g.position().is_legal(h.mv));
}
