//! Levels and the player: budgets, determinism, seeded variety, mates.

use std::collections::HashSet;

use shogi_ai::Stop;
use shogi_ai::level::{LEVELS, Level, PlayError, Player, Strength};
use shogi_ai::search::{Score, SearchLimits};
use shogi_rules::{Color, Game, Position, RuleSet};

fn game(sfen: &str) -> Game {
    Game::from_position(
        Position::from_sfen(sfen).expect("a valid SFEN"),
        RuleSet::default(),
    )
}

fn game_after(moves: &[&str]) -> Game {
    let mut game = Game::new();
    for m in moves {
        game.play_usi(m).expect("a legal move");
    }
    game
}

/// A node cap that keeps every level's choice fast and far from its time
/// cap, even without optimisation.
fn capped(nodes: u64) -> SearchLimits {
    SearchLimits {
        nodes: Some(nodes),
        ..SearchLimits::default()
    }
}

fn positions() -> Vec<Game> {
    vec![
        Game::new(),
        game_after(&["7g7f", "3c3d"]),
        game_after(&["2g2f", "8c8d", "2f2e", "8d8e"]),
        game_after(&["7g7f", "8c8d", "7i6h", "3c3d", "6h7g"]),
        game("ln1g3nl/1r1sk1gb1/p1ppppspp/1p4p2/9/2P4P1/PPSPPPP1P/1BK1G2R1/LN1G2SNL b - 21"),
    ]
}

#[test]
fn budgets_grow_with_strength_and_respect_the_caps() {
    for pair in LEVELS.windows(2) {
        assert!(pair[0].nodes < pair[1].nodes);
        assert!(pair[0].depth <= pair[1].depth);
        assert!(pair[0].table_bytes <= pair[1].table_bytes);
    }
    let cap = |level: Level| {
        let budget = level.strength().budget();
        (budget.limits.time.unwrap().as_millis(), budget.table_bytes)
    };
    assert!(cap(Level::Easy).0 <= 50);
    assert!(cap(Level::Normal).0 <= 300);
    assert!(cap(Level::Hard).0 <= 1000);
    assert!(cap(Level::Hard).1 <= 16 << 20);
    assert!(Strength::new(0).is_err());
    assert!(Strength::new(11).is_err());
    assert_eq!(Strength::new(7).unwrap().get(), 7);
}

#[test]
fn the_same_seed_gives_the_same_move_at_every_level() {
    let stop = Stop::new();
    // Node caps far below what the time caps allow, even unoptimised.
    for (level, nodes) in [
        (Level::Easy, 2_000),
        (Level::Normal, 10_000),
        (Level::Hard, 10_000),
    ] {
        for (i, g) in positions().iter().enumerate() {
            let seed = 7 + i as u64;
            let a = Player::new(level, seed).choose(g, &capped(nodes), &stop);
            let mut reused = Player::new(level, seed);
            // A player that searched something else first still agrees.
            reused.choose(&Game::new(), &capped(5_000), &stop).unwrap();
            let b = reused.choose(g, &capped(nodes), &stop);
            let (a, b) = (a.unwrap(), b.unwrap());
            assert_eq!(a.mv, b.mv, "{level:?} position {i}");
            assert_eq!(a.score, b.score, "{level:?} position {i}");
            assert!(g.position().is_legal(a.mv));
        }
    }
}

#[test]
fn easy_varies_with_the_seed() {
    let stop = Stop::new();
    let mut varied = 0;
    for g in positions() {
        let moves: HashSet<_> = (0..8)
            .map(|seed| {
                let choice = Player::new(Level::Easy, seed)
                    .choose(&g, &SearchLimits::default(), &stop)
                    .unwrap();
                assert!(g.position().is_legal(choice.mv));
                choice.mv
            })
            .collect();
        if moves.len() > 1 {
            varied += 1;
        }
    }
    assert!(varied >= 3, "Easy varied in {varied} positions");
}

#[test]
fn hard_does_not_vary_with_the_seed() {
    let stop = Stop::new();
    let g = game_after(&["7g7f", "3c3d"]);
    let first = Player::new(Level::Hard, 1).choose(&g, &capped(20_000), &stop);
    let second = Player::new(Level::Hard, 2).choose(&g, &capped(20_000), &stop);
    assert_eq!(first.unwrap().mv, second.unwrap().mv);
}

#[test]
fn every_level_takes_a_mate_in_one() {
    let g = game("7kl/9/7PP/9/9/9/9/9/K8 b GG 1");
    for strength in 1..=10 {
        for seed in 0..4 {
            let choice = Player::new(Strength::new(strength).unwrap(), seed)
                .choose(&g, &SearchLimits::default(), &Stop::new())
                .unwrap();
            let mut after = g.position().clone();
            after.play_unchecked(choice.mv);
            assert!(after.is_checkmate(), "strength {strength} seed {seed}");
            assert_eq!(choice.score, Score::Mate(1));
        }
    }
}

#[test]
fn normal_and_hard_take_a_hanging_rook() {
    let g = game("4k4/9/9/9/9/4r4/4P4/9/4K4 b - 1");
    for level in [Level::Normal, Level::Hard] {
        let choice = Player::new(level, 3)
            .choose(&g, &capped(20_000), &Stop::new())
            .unwrap();
        assert_eq!(choice.mv.to_string(), "5g5f", "{level:?}");
    }
}

#[test]
fn the_narrower_limit_wins() {
    let g = Game::new();
    let choice = Player::new(Level::Hard, 0)
        .choose(&g, &capped(500), &Stop::new())
        .unwrap();
    assert!(choice.nodes <= 501, "{}", choice.nodes);
}

#[test]
fn a_finished_game_has_no_move() {
    let mut g = Game::new();
    g.resign(Color::Sente).unwrap();
    let err = Player::new(Level::Normal, 0).choose(&g, &SearchLimits::default(), &Stop::new());
    assert_eq!(err, Err(PlayError::GameOver));
}

#[test]
fn hard_beats_easy() {
    // One short game each way, with Hard held to a small node budget so the
    // test stays quick; the game is adjudicated on material after 80 plies.
    let stop = Stop::new();
    for hard_color in [Color::Sente, Color::Gote] {
        let mut hard = Player::new(Level::Hard, 11);
        let mut easy = Player::new(Level::Easy, 12);
        let mut g = Game::new();
        while g.outcome().is_none() && g.history().len() < 80 {
            let player = if g.position().turn() == hard_color {
                &mut hard
            } else {
                &mut easy
            };
            let choice = player.choose(&g, &capped(8_000), &stop).unwrap();
            g.play(choice.mv).unwrap();
        }
        let hard_won = match g.outcome() {
            Some(outcome) => outcome.winner == Some(hard_color),
            None => {
                let balance = shogi_ai::eval::material(g.position());
                let balance = if g.position().turn() == hard_color {
                    balance
                } else {
                    -balance
                };
                balance > 0
            }
        };
        assert!(hard_won, "Hard as {hard_color:?}: {g:?}");
    }
}
