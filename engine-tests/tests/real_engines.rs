//! The engine client against real engines: Fairy-Stockfish (USI, shogi by
//! default) and gpsshogi's `gpsusi` (which aborts on `go depth`, so it gets
//! time limits). Without an engine a test says so and passes, unless
//! `REQUIRE_ENGINES` is set (as `make test` sets it): then it fails.

use std::time::Duration;

use engine_tests::require_engine;
use shogi_rules::{Game, Position, RuleSet, Termination};
use shogi_usi::matches::{MatchSettings, TimeControl, play_game};
use shogi_usi::{Engine, EngineConfig, Limit, Played};

fn config() -> EngineConfig {
    EngineConfig {
        handshake_timeout: Duration::from_secs(30),
        margin: Duration::from_secs(3),
        ..EngineConfig::default()
    }
}

fn fairy() -> Option<Engine> {
    let program = require_engine("fairy-stockfish")?;
    Some(Engine::spawn(&program, &[] as &[&str], config()).expect("fairy-stockfish starts"))
}

fn gps() -> Option<Engine> {
    let program = require_engine("gpsusi")?;
    Some(Engine::spawn(&program, &[] as &[&str], config()).expect("gpsusi starts"))
}

fn byoyomi(ms: u64) -> Limit {
    Limit::byoyomi(Duration::from_millis(ms))
}

#[test]
fn fairy_stockfish_handshake_analyse_and_play() {
    let Some(mut engine) = fairy() else { return };
    assert!(
        engine.name().contains("Fairy-Stockfish"),
        "{}",
        engine.name()
    );
    assert!(engine.options().iter().any(|o| o.name == "MultiPV"));
    engine.configure("USI_Hash", "16").expect("hash");
    engine.new_game().expect("new game");
    let start = Position::startpos();
    let lines = engine
        .analyse(&start, &[], &Limit::depth(8), 3)
        .expect("analysis");
    assert_eq!(lines.len(), 3, "{lines:?}");
    for line in &lines {
        assert!(line.score.is_some());
        assert!(!line.pv.is_empty());
        assert!(line.illegal_pv_move.is_none(), "{:?}", line.illegal_pv_move);
    }
    let result = engine.play(&start, &[], &byoyomi(200)).expect("a move");
    let Played::Move(m) = result.best else {
        panic!("{:?}", result.best)
    };
    assert!(start.legal_moves().contains(&m));
    engine.quit();
}

#[test]
fn gpsusi_handshake_and_play() {
    let Some(mut engine) = gps() else { return };
    assert!(!engine.name().is_empty());
    engine.new_game().expect("new game");
    let start = Position::startpos();
    let result = engine.play(&start, &[], &byoyomi(300)).expect("a move");
    let Played::Move(m) = result.best else {
        panic!("{:?}", result.best)
    };
    assert!(start.legal_moves().contains(&m));
    let result = engine
        .play(
            &start,
            &[m],
            &Limit::time(Duration::from_secs(2), Duration::from_secs(2)),
        )
        .expect("a second move");
    assert!(matches!(result.best, Played::Move(_)));
    engine.quit();
}

#[test]
fn fairy_stockfish_against_gpsusi() {
    let (Some(mut fairy), Some(mut gps)) = (fairy(), gps()) else {
        return;
    };
    let mut rules = RuleSet::site();
    rules.move_limit = 12;
    let settings = MatchSettings {
        rules,
        // gpsusi thinks for most of a second whatever the byo-yomi, so the
        // margin is wide.
        time: TimeControl::Byoyomi(Duration::from_millis(200)),
        margin: Duration::from_secs(3),
    };
    for game in 0..2 {
        let engines = if game == 0 {
            [&mut fairy, &mut gps]
        } else {
            [&mut gps, &mut fairy]
        };
        let report = play_game(engines, Position::startpos(), &[], &settings).expect("game");
        assert!(
            report.engine_errors.is_empty(),
            "{:?}",
            report.engine_errors
        );
        // The record replays to the same result.
        let mut replay = Game::from_position(Position::startpos(), rules);
        for m in report.moves.iter().map(|r| r.mv) {
            replay.play(m).expect("legal");
        }
        assert_eq!(replay.moves(), report.game.moves());
        match report.termination {
            Termination::Resignation => assert!(replay.outcome().is_none()),
            _ => assert_eq!(
                replay.outcome().map(|o| (o.winner, o.termination)),
                Some((report.winner, report.termination))
            ),
        }
    }
}
