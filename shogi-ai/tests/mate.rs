//! Mate in one against its brute-force definition, and the df-pn solver on
//! composed problems: mates replayed to checkmate, proven refutations,
//! uchifuzume, limits, the defender's hand and errors.

use std::time::Duration;

use shogi_ai::Stop;
use shogi_ai::mate::{
    Exhausted, MAX_PLIES, MateAnswer, MateError, MateLimits, MateReport, mate_in_one, solve_mate,
};
use shogi_rules::{Game, Move, Position, RuleSet, SetupChecks};

/// A small xorshift generator, so that the tests need no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// The moves that checkmate at once, by the definition: every legal move,
/// played, and the position after it tested for checkmate.
fn brute_force_mates(pos: &Position) -> Vec<Move> {
    let mut work = pos.clone();
    pos.legal_moves()
        .into_iter()
        .filter(|&m| {
            work.play_unchecked(m);
            let mate = work.is_checkmate();
            work.undo(m);
            mate
        })
        .collect()
}

fn solve(pos: &Position, limits: &MateLimits) -> MateReport {
    solve_mate(pos, limits, &Stop::new()).unwrap_or_else(|e| panic!("{pos}: {e}"))
}

/// Replays `line` from `start` with the checked `Position::play` and in a
/// `Game`: every attacker's move gives check and the last position is
/// checkmate.
fn assert_mates(start: &Position, line: &[Move]) {
    assert_eq!(line.len() % 2, 1, "a mate ends with the attacker's move");
    let mut after = start.clone();
    for (i, &m) in line.iter().enumerate() {
        after
            .play(m)
            .unwrap_or_else(|e| panic!("{start}: move {i} {m}: {e}"));
        if i % 2 == 0 {
            assert!(after.in_check(), "{start}: move {i} {m} gives no check");
        }
    }
    assert!(after.is_checkmate(), "{start}: {line:?} does not mate");
    let mut game = Game::from_position(start.clone(), RuleSet::default());
    for &m in line {
        game.play(m).unwrap_or_else(|e| panic!("{start}: {m}: {e}"));
    }
    assert!(game.outcome().is_some(), "{start}: the game goes on");
}

/// The mate `solve_mate` finds, checked by replay.
fn mate_line(sfen: &str) -> Vec<Move> {
    let start = pos(sfen);
    let report = solve(&start, &MateLimits::default());
    let MateAnswer::Mate(line) = report.answer else {
        panic!("{sfen}: {:?}", report.answer)
    };
    assert_mates(&start, &line);
    line
}

/// The positions of seeded random playouts from `starts`.
fn random_positions(starts: &[&str], games: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut all = Vec::new();
    for sfen in starts {
        for _ in 0..games {
            let mut p = pos(sfen);
            for _ in 0..plies {
                all.push(p.clone());
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                p.play_unchecked(legal[rng.below(legal.len())]);
            }
        }
    }
    all
}

#[test]
fn mate_in_one_agrees_with_brute_force_on_random_positions() {
    let positions = random_positions(
        &[
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "4k4/9/4r4/9/4B4/9/4S4/9/4K4 b GSNLPrbgsnl2p 1",
            "3gkg3/9/4P4/9/9/9/9/9/4K4 b RBGSNLPrbsnl2p 1",
            "8k/9/6NG1/9/9/9/9/9/4K4 b RBGSNLPrbgsnl2p 1",
            "7nl/6gk1/5s1pp/9/7N1/9/9/9/K8 b RBGSLPrbgsnl2p 1",
        ],
        12,
        60,
        0x5eed_1234_abcd_0001,
    );
    let mut mates = 0;
    for p in &positions {
        let expected = brute_force_mates(p);
        match mate_in_one(p) {
            Some(m) => {
                assert!(expected.contains(&m), "{p}: {m} is not a mate in one");
                mates += 1;
            }
            None => assert!(expected.is_empty(), "{p}: missed {expected:?}"),
        }
    }
    assert!(positions.len() > 3000, "{}", positions.len());
    assert!(mates > 30, "only {mates} positions with a mate in one");
}

#[test]
fn mate_in_one_never_drops_a_pawn_to_mate() {
    // P*1b would mate but is uchifuzume; nothing else mates.
    let p = pos("8k/9/6NG1/9/9/9/9/9/4K4 b P 1");
    assert_eq!(mate_in_one(&p), None);
    assert!(brute_force_mates(&p).is_empty());
    // With a gold as well, the gold drop on the same square mates.
    let p = pos("8k/9/6NG1/9/9/9/9/9/4K4 b GP 1");
    let m = mate_in_one(&p).expect("a mate");
    assert_eq!(m.to_string(), "G*1b");
}

#[test]
fn mate_in_one_finds_discovered_and_promoting_checks() {
    // The knight leaves the bishop's diagonal: the discovered check mates.
    let p = pos("6gkl/6pp1/7N1/9/9/9/2B6/9/9 b - 1");
    let expected = brute_force_mates(&p);
    let found = mate_in_one(&p);
    assert_eq!(found.is_some(), !expected.is_empty(), "{expected:?}");
    // A pawn that promotes onto the king's neighbour, guarded by the gold.
    let p = pos("8k/9/7GP/9/9/9/9/9/9 b - 1");
    assert_eq!(mate_in_one(&p).map(|m| m.to_string()), Some("1c1b+".into()));
}

#[test]
fn mate_in_one_gold_drop() {
    let line = mate_line("4k4/9/4P4/9/9/9/9/9/9 b G 1");
    assert_eq!(line.len(), 1);
}

/// Composed problems with the length of their shortest mate (the length of
/// cshogi's DfPn line too): the solver's mate replays to checkmate, is that
/// long, and with the length capped two plies shorter the solver proves
/// there is none.
#[test]
fn composed_mates_of_three_to_nine_plies() {
    for (sfen, plies) in [
        ("3sks3/9/4S4/9/9/9/9/9/9 b 2G 1", 3),
        ("8k/7L1/6+B+P1/9/9/9/9/9/9 b 2rb4g4s4n3l17p 115", 3),
        ("b3R4/2k6/9/9/2P6/9/9/9/9 b BGL 1", 5),
        ("9/7k1/5PPB1/8G/5G3/7P1/9/9/9 b P2rb2g4s4n4l14p 53", 7),
        ("3k5/9/9/5+R3/9/9/9/9/9 b SL 1", 9),
        // Gote attacks.
        ("4K4/9/9/9/9/9/+r+bgggg+b+r1/ssssk4/9 w - 1", 9),
    ] {
        let line = mate_line(sfen);
        assert_eq!(line.len(), plies, "{sfen}: {line:?}");
        let shorter = MateLimits {
            max_plies: Some(plies as u32 - 2),
            ..MateLimits::default()
        };
        assert_eq!(
            solve(&pos(sfen), &shorter).answer,
            MateAnswer::NoMate,
            "{sfen}"
        );
    }
}

#[test]
fn long_mates_replay_to_checkmate() {
    for (sfen, plies) in [
        ("5n3/6k2/5p3/3B5/5S3/9/9/9/9 b RGN 1", 11),
        ("9/p8/2k6/9/4L4/9/9/9/9 b R2G 1", 17),
        ("9/4bR3/2kpp4/1p7/9/9/9/9/9 b RSN 1", 19),
    ] {
        let line = mate_line(sfen);
        assert!(line.len() <= plies, "{sfen}: {line:?}");
        assert!(line.len() >= 9, "{sfen}: {line:?}");
    }
}

#[test]
fn proven_refutations() {
    // No check at all.
    let r = solve(&Position::startpos(), &MateLimits::default());
    assert_eq!(r.answer, MateAnswer::NoMate);
    // The one check is a gold drop the king takes.
    let r = solve(&pos("9/9/9/9/4k4/9/9/9/9 b G 1"), &MateLimits::default());
    assert_eq!(r.answer, MateAnswer::NoMate);
    assert!(r.nodes >= 2);
    // The only mate in one would be a pawn drop: no mate at all.
    let r = solve(
        &pos("8k/9/6NG1/9/9/9/9/9/4K4 b P 1"),
        &MateLimits::default(),
    );
    assert_eq!(r.answer, MateAnswer::NoMate);
}

#[test]
fn the_solver_plays_around_a_pawn_drop_mate() {
    // P*1b mates but is illegal; the gold must do it.
    let line = mate_line("8k/9/6NG1/9/9/9/9/9/4K4 b GP 1");
    assert_eq!(line.len(), 1);
    assert!(line[0].to_string().starts_with('G'));
    // A pawn drop that checks without mating may be part of a mate.
    let start = pos("7nk/9/6G2/9/9/9/9/9/9 b PG 1");
    if let MateAnswer::Mate(line) = solve(&start, &MateLimits::default()).answer {
        assert_mates(&start, &line);
    }
}

#[test]
fn limits_end_the_search_with_the_reason() {
    let deep = pos("5n3/6k2/5p3/3B5/5S3/9/9/9/9 b RGN 1");
    let few = MateLimits {
        nodes: Some(5),
        ..MateLimits::default()
    };
    let r = solve(&deep, &few);
    assert_eq!(r.answer, MateAnswer::Unknown(Exhausted::Nodes));
    assert_eq!(r.nodes, 5);

    let stop = Stop::new();
    stop.stop();
    let r = solve_mate(&deep, &MateLimits::default(), &stop).unwrap();
    assert_eq!(r.answer, MateAnswer::Unknown(Exhausted::Stopped));

    let none = MateLimits {
        time: Some(Duration::ZERO),
        ..MateLimits::default()
    };
    let r = solve(&deep, &none);
    assert_eq!(r.answer, MateAnswer::Unknown(Exhausted::Time));

    // Enough of everything: the same problem is solved.
    let plenty = MateLimits {
        time: Some(Duration::from_secs(60)),
        ..MateLimits::default()
    };
    assert!(matches!(solve(&deep, &plenty).answer, MateAnswer::Mate(_)));
}

#[test]
fn the_remaining_pieces_in_the_defenders_hand_allow_an_interposition() {
    // A lance from afar mates when the defender has nothing to drop on 1b.
    let sfen = "7lk/7p1/9/9/9/9/9/9/9 b L 1";
    let line = mate_line(sfen);
    assert_eq!(line.len(), 1);
    let tsume = MateLimits {
        defender_holds_remaining: true,
        ..MateLimits::default()
    };
    let r = solve(&pos(sfen), &tsume);
    match r.answer {
        MateAnswer::Mate(line) => {
            assert!(line.len() > 1, "{line:?}");
            // The line replays from the position with the defender's hand
            // filled.
            let filled = Position::from_sfen_with(
                "7lk/7p1/9/9/9/9/9/9/9 b L2r2b4g4s4n2l16p 1",
                SetupChecks::NONE,
            )
            .unwrap();
            assert_mates(&filled, &line);
        }
        other => assert_eq!(other, MateAnswer::NoMate),
    }
}

#[test]
fn positions_that_cannot_be_searched() {
    let no_king = pos("9/9/9/9/9/9/9/9/4K4 b G 1");
    assert_eq!(
        solve_mate(&no_king, &MateLimits::default(), &Stop::new()),
        Err(MateError::NoDefendingKing)
    );
    let in_check =
        Position::from_sfen_with("4k4/4R4/9/9/9/9/9/9/4K4 b - 1", SetupChecks::NONE).unwrap();
    assert_eq!(
        solve_mate(&in_check, &MateLimits::default(), &Stop::new()),
        Err(MateError::OpponentInCheck)
    );
}

#[test]
fn the_length_cap_is_respected() {
    let sfen = "5n3/6k2/5p3/3B5/5S3/9/9/9/9 b RGN 1";
    // The solver's first line is 11 plies long; a 9-ply mate exists.
    let capped = MateLimits {
        max_plies: Some(9),
        ..MateLimits::default()
    };
    let MateAnswer::Mate(line) = solve(&pos(sfen), &capped).answer else {
        panic!()
    };
    assert!(line.len() <= 9, "{line:?}");
    assert_mates(&pos(sfen), &line);
    let capped = MateLimits {
        max_plies: Some(3),
        ..MateLimits::default()
    };
    assert_eq!(solve(&pos(sfen), &capped).answer, MateAnswer::NoMate);
    let huge = MateLimits {
        max_plies: Some(10_000),
        ..MateLimits::default()
    };
    let MateAnswer::Mate(line) = solve(&pos(sfen), &huge).answer else {
        panic!()
    };
    assert!(line.len() as u32 <= MAX_PLIES);
}

#[test]
fn solves_on_a_small_thread_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let start = pos("9/4bR3/2kpp4/1p7/9/9/9/9/9 b RSN 1");
            let line = match solve(&start, &MateLimits::default()).answer {
                MateAnswer::Mate(line) => line,
                other => panic!("{other:?}"),
            };
            // A search that goes as deep as it may: perpetual checks with
            // nothing to show for them.
            let wide = pos("4k4/9/9/9/9/9/9/9/R8 b R 1");
            let r = solve(
                &wide,
                &MateLimits {
                    nodes: Some(200_000),
                    ..MateLimits::default()
                },
            );
            (line, r.answer)
        })
        .unwrap();
    let (line, _) = handle.join().expect("no stack overflow");
    assert_mates(&pos("9/4bR3/2kpp4/1p7/9/9/9/9/9 b RSN 1"), &line);
}

#[test]
fn the_report_counts_nodes_and_time() {
    let r = solve(
        &pos("5n3/6k2/5p3/3B5/5S3/9/9/9/9 b RGN 1"),
        &MateLimits::default(),
    );
    assert!(r.nodes > 7, "{}", r.nodes);
    assert!(r.elapsed > Duration::ZERO);
}

#[test]
fn perpetual_check_is_no_mate() {
    // A lone rook can check the bare king for ever but never mate it: the
    // checks repeat positions, and a repetition fails for the attacker, so
    // the refutation is proven rather than left to the node limit.
    for sfen in ["4k4/9/9/9/9/9/9/9/R8 b - 1", "8k/9/9/9/9/9/9/9/R8 b - 1"] {
        let limits = MateLimits {
            nodes: Some(100_000),
            ..MateLimits::default()
        };
        let r = solve(&pos(sfen), &limits);
        assert_eq!(r.answer, MateAnswer::NoMate, "{sfen}");
        assert!(r.nodes > 10, "{sfen}: {}", r.nodes);
    }
}
