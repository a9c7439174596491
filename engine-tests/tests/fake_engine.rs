//! The engine client against the scripted fake engine (`fake-usi`): each
//! misbehaviour gives its typed error within the deadline, and none hangs.

use std::time::{Duration, Instant};

use shogi_rules::usi::{CheckmateReply, Score};
use shogi_rules::{Color, Position, RuleSet, Termination};
use shogi_usi::matches::{MatchSettings, TimeControl, play_game};
use shogi_usi::{Engine, EngineConfig, EngineError, Limit, OptionValueError, Played, Waiting};

const FAKE: &str = env!("CARGO_BIN_EXE_fake-usi");
/// The slack allowed past a deadline and its margin.
const SLACK: Duration = Duration::from_secs(2);

fn config() -> EngineConfig {
    EngineConfig {
        handshake_timeout: Duration::from_millis(1500),
        margin: Duration::from_millis(300),
        untimed_timeout: Some(Duration::from_secs(5)),
    }
}

fn spawn(args: &[&str]) -> Result<Engine, EngineError> {
    Engine::spawn(FAKE, args, config())
}

fn byoyomi() -> Limit {
    Limit::byoyomi(Duration::from_millis(200))
}

#[test]
fn handshake_and_options() {
    let mut engine = spawn(&["good"]).expect("good engine");
    assert_eq!(engine.name(), "Fake USI good");
    assert_eq!(engine.author(), "shogi-usi tests");
    assert_eq!(engine.options().len(), 5);
    engine.configure("multipv", "2").expect("a spin in range");
    engine.configure("Style", "Risky").expect("a combo var");
    engine
        .configure("USI_Hash", "16")
        .expect("USI_Hash is always allowed");
    engine.press("clear hash").expect("a button");
    assert!(matches!(
        engine.configure("Threads", "2"),
        Err(EngineError::UnknownOption { name, .. }) if name == "Threads"
    ));
    assert!(matches!(
        engine.configure("MultiPV", "0"),
        Err(EngineError::BadOptionValue {
            source: OptionValueError::OutOfRange { .. },
            ..
        })
    ));
    assert!(matches!(
        engine.configure("Style", "Wild"),
        Err(EngineError::BadOptionValue {
            source: OptionValueError::NotAVar { .. },
            ..
        })
    ));
    assert!(matches!(
        engine.configure("USI_Ponder", "1"),
        Err(EngineError::BadOptionValue {
            source: OptionValueError::NotBool(_),
            ..
        })
    ));
    engine.new_game().expect("usinewgame");
    engine.quit();
}

#[test]
fn good_engine_plays_and_analyses() {
    let mut engine = spawn(&["good"]).expect("good engine");
    let start = Position::startpos();
    let result = engine.play(&start, &[], &byoyomi()).expect("a move");
    let Played::Move(m) = result.best else {
        panic!("{:?}", result.best)
    };
    assert!(start.legal_moves().contains(&m));
    assert!(result.ponder.is_some());
    let info = result.info.expect("an info line");
    assert_eq!(info.score.map(|s| s.score), Some(Score::Cp(100)));
    assert_eq!(info.pv.len(), 2);
    assert_eq!(info.turn, Color::Sente);
    let lines = engine
        .analyse(&start, &[m], &Limit::depth(2), 3)
        .expect("analysis");
    assert_eq!(
        lines.iter().map(|l| l.multipv).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert!(
        lines
            .iter()
            .all(|l| l.illegal_pv_move.is_none() && !l.pv.is_empty())
    );
    assert!(lines[0].score.map(|s| s.score) > lines[2].score.map(|s| s.score));
    assert_eq!(lines[0].turn, Color::Gote);
    let mate = engine
        .mate(&start, &[], &Limit::mate(Duration::from_millis(100)))
        .expect("mate");
    assert_eq!(mate.reply, CheckmateReply::NoMate);
    assert!(engine.warnings().is_empty(), "{:?}", engine.warnings());
}

#[test]
fn missing_usiok_times_out() {
    let started = Instant::now();
    let err = spawn(&["no-usiok"]).expect_err("no usiok");
    assert!(
        matches!(
            err,
            EngineError::Timeout {
                waiting_for: Waiting::UsiOk,
                killed: true,
                ..
            }
        ),
        "{err}"
    );
    assert!(started.elapsed() < config().handshake_timeout + SLACK);
}

#[test]
fn missing_readyok_times_out() {
    let started = Instant::now();
    let err = spawn(&["no-readyok"]).expect_err("no readyok");
    assert!(
        matches!(
            err,
            EngineError::Timeout {
                waiting_for: Waiting::ReadyOk,
                ..
            }
        ),
        "{err}"
    );
    assert!(started.elapsed() < config().handshake_timeout + SLACK);
}

#[test]
fn program_that_does_not_exist() {
    let err = Engine::spawn("/nonexistent/engine", &[] as &[&str], config()).expect_err("spawn");
    assert!(matches!(err, EngineError::Spawn { .. }), "{err}");
}

#[test]
fn crash_is_died_with_stderr_then_dead() {
    let mut engine = spawn(&["crash-after", "1"]).expect("engine");
    let start = Position::startpos();
    let first = engine.play(&start, &[], &byoyomi()).expect("first move");
    let Played::Move(m) = first.best else {
        panic!()
    };
    let started = Instant::now();
    let err = engine.play(&start, &[m], &byoyomi()).expect_err("crash");
    match &err {
        EngineError::Died {
            status,
            waiting_for,
            stderr_tail,
            ..
        } => {
            assert_eq!(status.and_then(|s| s.code()), Some(3));
            assert_eq!(*waiting_for, Waiting::BestMove);
            assert!(
                stderr_tail.iter().any(|l| l.contains("crashing")),
                "{stderr_tail:?}"
            );
        }
        other => panic!("{other}"),
    }
    assert!(started.elapsed() < Duration::from_millis(500) + SLACK);
    assert!(!engine.is_alive());
    assert!(matches!(
        engine.play(&start, &[], &byoyomi()),
        Err(EngineError::Dead { .. })
    ));
    assert!(matches!(engine.new_game(), Err(EngineError::Dead { .. })));
}

#[test]
fn illegal_bestmove_is_typed() {
    let mut engine = spawn(&["illegal-bestmove"]).expect("engine");
    let err = engine
        .play(&Position::startpos(), &[], &byoyomi())
        .expect_err("illegal");
    match err {
        EngineError::IllegalMove {
            text, sfen, source, ..
        } => {
            assert_eq!(text, "5e5d");
            assert_eq!(sfen, Position::startpos().to_sfen());
            assert!(source.is_some());
        }
        other => panic!("{other}"),
    }
    assert!(engine.is_alive());
}

#[test]
fn malformed_bestmove_is_an_illegal_move_without_source() {
    let mut engine = spawn(&["bad-bestmove"]).expect("engine");
    let err = engine
        .play(&Position::startpos(), &[], &byoyomi())
        .expect_err("malformed");
    assert!(
        matches!(err, EngineError::IllegalMove { source: None, .. }),
        "{err}"
    );
}

#[test]
fn illegal_ponder_is_dropped() {
    let mut engine = spawn(&["illegal-ponder"]).expect("engine");
    let result = engine
        .play(&Position::startpos(), &[], &byoyomi())
        .expect("a move");
    assert!(matches!(result.best, Played::Move(_)));
    assert_eq!(result.ponder, None);
    assert_eq!(
        result.illegal_ponder.map(|p| p.text),
        Some("5e5d".to_owned())
    );
    assert_eq!(engine.warnings().len(), 1);
}

#[test]
fn garbage_is_skipped_and_counted() {
    let mut engine = spawn(&["garbage"]).expect("engine");
    // The malformed option line is skipped.
    assert_eq!(engine.options().len(), 5);
    assert_eq!(engine.warnings().len(), 1, "{:?}", engine.warnings());
    let start = Position::startpos();
    let result = engine.play(&start, &[], &byoyomi()).expect("a move");
    let Played::Move(m) = result.best else {
        panic!()
    };
    assert!(start.legal_moves().contains(&m));
    // `info depth x`, `info score cp`, `id` and `info pv 9z9z`.
    assert_eq!(engine.warnings().len(), 5, "{:?}", engine.warnings());
}

#[test]
fn illegal_pv_is_cut_and_reported() {
    let mut engine = spawn(&["illegal-pv"]).expect("engine");
    let start = Position::startpos();
    let lines = engine
        .analyse(&start, &[], &Limit::depth(2), 2)
        .expect("analysis");
    assert_eq!(lines.len(), 2);
    for line in &lines {
        assert_eq!(line.pv.len(), 1);
        let bad = line.illegal_pv_move.as_ref().expect("reported");
        assert_eq!((bad.index, bad.text.as_str()), (1, "5e5d"));
    }
    let played = engine
        .play(&start, &[], &byoyomi())
        .expect("legal best move");
    assert!(played.info.expect("info").illegal_pv_move.is_some());
}

#[test]
fn slow_engine_times_out_and_is_killed() {
    let mut engine = spawn(&["slow"]).expect("engine");
    let limit = byoyomi();
    let started = Instant::now();
    let err = engine
        .play(&Position::startpos(), &[], &limit)
        .expect_err("timeout");
    let bound = Duration::from_millis(200) + config().margin * 2 + SLACK;
    assert!(started.elapsed() < bound, "{:?}", started.elapsed());
    assert!(
        matches!(&err, EngineError::Timeout { waiting_for: Waiting::BestMove, killed: true, limit: Some(l), .. } if **l == limit),
        "{err}"
    );
    assert!(matches!(engine.new_game(), Err(EngineError::Dead { .. })));
}

#[test]
fn late_bestmove_is_a_timeout_not_an_illegal_move() {
    // Deadline 200 + 300 ms; the answer comes at 650 ms, within the margin after stop.
    let mut engine = spawn_with_delay(650);
    let started = Instant::now();
    let err = engine
        .play(&Position::startpos(), &[], &byoyomi())
        .expect_err("late");
    assert!(
        matches!(err, EngineError::Timeout { killed: false, .. }),
        "{err}"
    );
    assert!(started.elapsed() < Duration::from_millis(800) + SLACK);
    assert!(engine.is_alive());
    engine.ready().expect("still answers");
}

/// `fake-usi slow` answering after `delay` ms, started through a shell so
/// that the variable is the child's alone.
fn spawn_with_delay(delay: u64) -> Engine {
    Engine::spawn(
        "/bin/sh",
        &["-c", &format!("FAKE_USI_DELAY_MS={delay} exec {FAKE} slow")],
        config(),
    )
    .expect("engine")
}

#[test]
fn untimed_search_has_a_deadline() {
    let mut engine = spawn_with_delay(60_000);
    let started = Instant::now();
    let err = engine
        .play(&Position::startpos(), &[], &Limit::depth(30))
        .expect_err("timeout");
    assert!(
        matches!(err, EngineError::Timeout { killed: true, .. }),
        "{err}"
    );
    let bound = config().untimed_timeout.unwrap_or_default() + config().margin + SLACK;
    assert!(started.elapsed() < bound);
}

#[test]
fn multipv_without_option_is_refused() {
    let mut engine = spawn(&["no-options"]).expect("engine");
    let err = engine
        .analyse(&Position::startpos(), &[], &Limit::depth(1), 2)
        .expect_err("refused");
    assert!(
        matches!(err, EngineError::MultiPvUnsupported { requested: 2, .. }),
        "{err}"
    );
    assert_eq!(
        engine
            .analyse(&Position::startpos(), &[], &Limit::depth(1), 1)
            .map(|l| l.len())
            .ok(),
        Some(1)
    );
    engine
        .configure("USI_Hash", "16")
        .expect("USI_Hash needs no declaration");
}

#[test]
fn writing_to_a_dead_engine_is_an_error_not_a_signal() {
    let mut engine = spawn(&["exit-soon"]).expect("engine");
    std::thread::sleep(Duration::from_millis(500));
    // The engine has exited: writing `position` fails with a broken pipe
    // (SIGPIPE is ignored), reported as its death.
    let err = engine
        .play(&Position::startpos(), &[], &byoyomi())
        .expect_err("gone");
    assert!(
        matches!(err, EngineError::Died { waiting_for: Waiting::Write, status: Some(s), .. } if s.success()),
        "{err}"
    );
    assert!(matches!(engine.ready(), Err(EngineError::Dead { .. })));
}

#[test]
fn match_game_between_fakes() {
    let mut sente = spawn(&["good"]).expect("sente");
    let mut gote = spawn(&["good"]).expect("gote");
    let mut rules = RuleSet::site();
    rules.move_limit = 12;
    let settings = MatchSettings {
        rules,
        time: TimeControl::Byoyomi(Duration::from_millis(200)),
        margin: Duration::from_millis(300),
    };
    let report = play_game(
        [&mut sente, &mut gote],
        Position::startpos(),
        &[],
        &settings,
    )
    .expect("game");
    assert_eq!(report.termination, Termination::MoveLimit);
    assert_eq!(report.moves.len(), 12);
    assert!(report.engine_errors.is_empty());
    assert!(
        report
            .moves
            .iter()
            .all(|m| m.score.is_some() && !m.pv.is_empty())
    );
    assert_eq!(
        report.game.outcome().map(|o| o.termination),
        Some(Termination::MoveLimit)
    );
}

#[test]
fn match_losses_by_crash_illegal_move_resignation_and_timeout() {
    let settings = MatchSettings {
        rules: RuleSet::site(),
        time: TimeControl::Byoyomi(Duration::from_millis(200)),
        margin: Duration::from_millis(300),
    };
    let cases: [(&[&str], Termination); 4] = [
        (&["crash-after", "2"], Termination::Interrupted),
        (&["illegal-bestmove"], Termination::IllegalMove),
        (&["resign"], Termination::Resignation),
        (&["slow"], Termination::Timeout),
    ];
    for (args, termination) in cases {
        let mut sente = spawn(&["good"]).expect("sente");
        let mut gote = spawn(args).expect("gote");
        let report = play_game(
            [&mut sente, &mut gote],
            Position::startpos(),
            &[],
            &settings,
        )
        .expect("game");
        assert_eq!(report.termination, termination, "{args:?}");
        assert_eq!(report.winner, Some(Color::Sente), "{args:?}");
        let recorded = report.game.outcome();
        // An untimed game cannot record a loss on time, nor a crash: the report has them.
        if ![Termination::Interrupted, Termination::Timeout].contains(&termination) {
            assert_eq!(
                recorded.map(|o| o.termination),
                Some(termination),
                "{args:?}"
            );
        }
    }
    // A false impasse declaration loses.
    let mut sente = spawn(&["win"]).expect("sente");
    let mut gote = spawn(&["good"]).expect("gote");
    let report = play_game(
        [&mut sente, &mut gote],
        Position::startpos(),
        &[],
        &settings,
    )
    .expect("game");
    assert_eq!(
        (report.winner, report.termination),
        (Some(Color::Gote), Termination::IllegalMove)
    );
}

#[test]
fn a_flood_of_ranks_and_an_overlong_line_keep_memory_bounded() {
    let mut engine = spawn(&["flood"]).expect("engine");
    let start = Position::startpos();
    let result = engine.play(&start, &[], &Limit::depth(1)).expect("a move");
    assert!(matches!(result.best, Played::Move(_)));
    let rank_one = result.info.expect("the line of rank 1");
    assert_eq!(rank_one.multipv, 1);
    let lines = engine
        .analyse(&start, &[], &Limit::depth(1), 3)
        .expect("analysis");
    assert!(
        lines.len() <= shogi_rules::MAX_LEGAL_MOVES,
        "{}",
        lines.len()
    );
    assert!(lines.windows(2).all(|w| w[0].multipv < w[1].multipv));
}
