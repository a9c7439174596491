//! The game sequences of `tests/data/cases.json` (see
//! `tests/data/PROVENANCE.md`), replayed move by move with the expected
//! ending, and the game actions that no sequence covers.

use serde_json::Value;
use xiangqi_rules::{Color, Game, GameError, Outcome, Position, RuleSet, Termination};

fn termination(name: &str) -> Termination {
    match name {
        "checkmate" => Termination::Checkmate,
        "no_legal_moves" => Termination::NoLegalMoves,
        "perpetual_check" => Termination::PerpetualCheck,
        "repetition" => Termination::Repetition,
        "bare_material" => Termination::BareMaterial,
        "ply_limit" => Termination::MoveLimit,
        other => panic!("unknown game result reason {other:?}"),
    }
}

fn winner(result: &str) -> Option<Color> {
    match result {
        "1-0" => Some(Color::Red),
        "0-1" => Some(Color::Black),
        "1/2-1/2" => None,
        other => panic!("unknown result {other:?}"),
    }
}

#[test]
fn every_game_sequence() {
    let json: Value =
        serde_json::from_str(include_str!("data/cases.json")).expect("cases.json is JSON");
    let games = json["games"].as_array().expect("a games list");
    assert_eq!(games.len(), 11, "cases.json should hold 11 games");
    for g in games {
        let name = g["name"].as_str().expect("a name");
        let fen = g["fen"].as_str().expect("a fen");
        let start = Position::from_fen(fen).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut game = Game::from_position(start, RuleSet::site());
        let moves = g["moves"].as_array().expect("moves");
        for (i, m) in moves.iter().enumerate() {
            let m = m.as_str().expect("a move");
            assert!(
                game.outcome().is_none(),
                "{name}: over before ply {}: {:?}",
                i + 1,
                game.outcome()
            );
            game.play_iccs(m)
                .unwrap_or_else(|e| panic!("{name}: ply {}: {m}: {e}", i + 1));
        }
        let expected = &g["expected"];
        if expected.is_null() {
            assert_eq!(game.outcome(), None, "{name}");
        } else {
            let outcome = Outcome {
                winner: winner(expected["result"].as_str().expect("a result")),
                termination: termination(expected["reason"].as_str().expect("a reason")),
            };
            assert_eq!(game.outcome(), Some(outcome), "{name}");
            assert!(outcome.is_consistent(), "{name}");
            if let Some(loser) = expected["loser"].as_str() {
                assert_eq!(
                    outcome.loser(),
                    Some(loser.parse().expect("a colour")),
                    "{name}"
                );
            }
            let end_ply = expected["end_ply"].as_u64().expect("end_ply");
            assert_eq!(game.ply_count() as u64, end_ply, "{name}: end ply");
        }
        if let Some(final_fen) = g["final_fen"].as_str() {
            assert_eq!(game.position().to_fen(), final_fen, "{name}: final FEN");
        }
        // Taking every move back returns to the start.
        if game.outcome().is_none_or(|o| o.termination.is_by_move()) {
            while game.undo().is_ok() {}
            assert_eq!(game.position(), game.start(), "{name}: undo to the start");
            assert_eq!(game.outcome(), None, "{name}");
        }
    }
}

#[test]
fn a_bare_start_is_drawn_before_any_move() {
    let start = Position::from_fen("2b1k4/4a4/9/9/9/9/9/4B4/4A4/3K5 w - - 0 1").unwrap();
    let game = Game::from_position(start, RuleSet::site());
    assert_eq!(
        game.outcome(),
        Some(Outcome::draw(Termination::BareMaterial))
    );
    assert!(game.legal_moves().is_empty());
}

#[test]
fn a_mated_start_is_over() {
    let start =
        Position::from_fen("3aka3/9/2n6/p1p3p1p/4C4/4C4/P1P3P1P/9/9/3K5 b - - 0 1").unwrap();
    let game = Game::from_position(start, RuleSet::site());
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Red, Termination::Checkmate))
    );
}

#[test]
fn resignation_timeout_and_agreement() {
    let mut game = Game::new();
    game.time_out(Color::Red).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Black, Termination::Timeout))
    );
    assert!(matches!(game.agree_draw(), Err(GameError::GameOver(_))));
    assert!(matches!(game.undo(), Err(GameError::GameOver(_))));

    let mut game = Game::new();
    game.play_iccs("h2e2").unwrap();
    game.agree_draw().unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::draw(Termination::DrawAgreement))
    );
    assert!(matches!(
        game.resign(Color::Red),
        Err(GameError::GameOver(_))
    ));
}

#[test]
fn illegal_moves_and_bad_text_leave_the_game_unchanged() {
    let mut game = Game::new();
    assert!(matches!(
        game.play_iccs("h2h7"),
        Err(GameError::IllegalMove(_))
    ));
    assert!(matches!(
        game.play_iccs("h2"),
        Err(GameError::BadMoveText(_))
    ));
    assert!(matches!(game.undo(), Err(GameError::NothingToUndo)));
    assert_eq!(game.ply_count(), 0);
}

#[test]
fn perpetual_check_and_the_repetition_count_are_rules() {
    let fen = "3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1";
    let moves = [
        "a8a9", "d9d8", "a9a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9",
    ];
    let rules = RuleSet {
        perpetual_check_loses: false,
        ..RuleSet::site()
    };
    let mut game = Game::from_position(Position::from_fen(fen).unwrap(), rules);
    for m in moves {
        game.play_iccs(m).unwrap();
    }
    assert_eq!(game.outcome(), Some(Outcome::draw(Termination::Repetition)));
    assert_eq!(game.occurrences(), 3);

    // Four occurrences wanted: the game goes on.
    let rules = RuleSet {
        repetitions: 4,
        ..RuleSet::site()
    };
    let mut game = Game::from_position(Position::from_fen(fen).unwrap(), rules);
    for m in moves {
        game.play_iccs(m).unwrap();
    }
    assert_eq!(game.outcome(), None);
}

#[test]
fn the_capture_clock_comes_back_with_undo() {
    let mut game = Game::new();
    for m in ["h2e2", "h9g7", "e2e6"] {
        game.play_iccs(m).unwrap();
    }
    assert_eq!(game.position().halfmove_clock(), 0);
    game.undo().unwrap();
    assert_eq!(game.position().halfmove_clock(), 2);
}

/// xorshift64*: a small deterministic generator.
fn next(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_f491_4f6c_dd1d)
}

#[test]
fn random_games_end_consistently_and_undo_to_the_start() {
    let mut state = 0x0ddb_a11c_0ffe_e000_u64;
    let mut endings = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let mut game = Game::new();
        while game.outcome().is_none() {
            let moves = game.legal_moves();
            assert!(!moves.is_empty());
            let m = moves[(next(&mut state) % moves.len() as u64) as usize];
            game.play(m).unwrap();
            assert!(game.ply_count() <= 300);
        }
        let outcome = game.outcome().unwrap();
        assert!(outcome.is_consistent(), "{outcome:?}");
        assert!(game.legal_moves().is_empty());
        endings.insert(outcome.termination.as_str());
        let plies = game.ply_count();
        for _ in 0..plies {
            game.undo().unwrap();
        }
        assert_eq!(game.position(), &Position::startpos());
        assert!(matches!(game.undo(), Err(GameError::NothingToUndo)));
    }
    // Random play reaches more than one kind of ending.
    assert!(endings.len() >= 2, "{endings:?}");
}
