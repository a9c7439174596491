//! Timed games: the byo-yomi clock of the rules (5 minutes + 3 × 30 s by
//! default) driven by the caller's durations, losses on time, and saved
//! games with a clock (feature `serde` for those).

use std::time::Duration;

use xiangqi_rules::{
    ClockReading, ClockSettings, ClockSide, Color, Game, GameError, Outcome, Position, RuleSet,
    Termination,
};

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn untimed() -> RuleSet {
    RuleSet {
        clock: None,
        ..RuleSet::site()
    }
}

/// Plays `iccs` in `game` after `elapsed`.
fn play(game: &mut Game, iccs: &str, elapsed: Duration) -> Result<Option<Outcome>, GameError> {
    let m = game.position().parse_iccs_move(iccs).unwrap();
    game.play_timed(m, elapsed)
}

#[test]
fn the_site_rules_are_timed() {
    assert_eq!(RuleSet::site().clock, Some(ClockSettings::SITE));
    assert_eq!(RuleSet::default().clock, Some(ClockSettings::SITE));
    let game = Game::new();
    let clock = game.clock().unwrap();
    assert_eq!(clock.settings(), ClockSettings::SITE);
    for color in Color::ALL {
        assert_eq!(
            clock.side(color),
            ClockSide {
                main: secs(300),
                periods: 3,
                timed_out: false
            }
        );
    }
    assert!(
        Game::from_position(Position::startpos(), untimed())
            .clock()
            .is_none()
    );
}

#[test]
fn timed_moves_spend_main_time_then_periods() {
    let mut game = Game::new();
    assert_eq!(play(&mut game, "h2e2", secs(100)), Ok(None));
    assert_eq!(play(&mut game, "h9g7", secs(10)), Ok(None));
    let clock = game.clock().unwrap();
    assert_eq!(clock.side(Color::Red).main, secs(200));
    assert_eq!(clock.side(Color::Black).main, secs(290));
    // Red's main time runs out during the move: a period starts, and the
    // move completed within it keeps all three.
    assert_eq!(play(&mut game, "h0g2", secs(229)), Ok(None));
    let red = game.clock().unwrap().side(Color::Red);
    assert_eq!((red.main, red.periods), (Duration::ZERO, 3));
    // A move at exactly 30 s spends the period.
    assert_eq!(play(&mut game, "i9h9", secs(1)), Ok(None));
    assert_eq!(play(&mut game, "i0h0", secs(30)), Ok(None));
    assert_eq!(game.clock().unwrap().side(Color::Red).periods, 2);
    // One long think spends several.
    assert_eq!(play(&mut game, "c6c5", secs(1)), Ok(None));
    assert_eq!(play(&mut game, "g3g4", secs(45)), Ok(None));
    assert_eq!(game.clock().unwrap().side(Color::Red).periods, 1);
    assert_eq!(game.ply_count(), 7);
    assert!(game.outcome().is_none());
}

#[test]
fn running_out_of_time_on_a_move_loses_without_the_move() {
    let mut game = Game::new();
    play(&mut game, "h2e2", secs(1)).unwrap();
    let before = game.position().clone();
    let outcome = play(&mut game, "h9g7", secs(390)).unwrap();
    let timeout = Outcome::win(Color::Red, Termination::Timeout);
    assert_eq!(outcome, Some(timeout));
    assert_eq!(game.outcome(), Some(timeout));
    assert_eq!(game.position(), &before);
    assert_eq!(game.ply_count(), 1);
    assert!(game.clock().unwrap().side(Color::Black).timed_out);
    assert_eq!(game.clock().unwrap().timed_out(), Some(Color::Black));
    assert_eq!(
        play(&mut game, "h9g7", secs(1)),
        Err(GameError::GameOver(timeout))
    );
    // A loss on time is not taken back.
    assert_eq!(game.undo(), Err(GameError::GameOver(timeout)));
}

#[test]
fn an_illegal_timed_move_changes_nothing() {
    let mut game = Game::new();
    let before = game.clone();
    let m = game.position().parse_iccs_move("h2e2").unwrap();
    play(&mut game, "h2e2", secs(1)).unwrap();
    // The same move again is Black's turn: illegal, the clock untouched.
    let after = game.clone();
    assert!(matches!(
        game.play_timed(m, secs(1_000)),
        Err(GameError::IllegalMove(_))
    ));
    assert_eq!(game, after);
    assert_ne!(game, before);
}

#[test]
fn huge_durations_do_not_panic() {
    let mut game = Game::new();
    assert_eq!(
        play(&mut game, "h2e2", Duration::MAX),
        Ok(Some(Outcome::win(Color::Black, Termination::Timeout)))
    );
    let mut game = Game::new();
    assert_eq!(
        game.check_time(Duration::MAX),
        Ok(Some(Outcome::win(Color::Black, Termination::Timeout)))
    );
}

#[test]
fn check_time_ends_the_game_once_time_is_up() {
    let mut game = Game::new();
    play(&mut game, "h2e2", secs(5)).unwrap();
    assert_eq!(game.check_time(secs(389)), Ok(None));
    assert_eq!(
        game.clock().unwrap().remaining(Color::Black, secs(389)),
        ClockReading {
            main: Duration::ZERO,
            period_left: Some(secs(1)),
            periods: 1,
            timed_out: false,
        }
    );
    // Nothing was charged by looking.
    assert_eq!(game.clock().unwrap().side(Color::Black).main, secs(300));
    let timeout = Outcome::win(Color::Red, Termination::Timeout);
    assert_eq!(game.check_time(secs(390)), Ok(Some(timeout)));
    assert!(game.clock().unwrap().side(Color::Black).timed_out);
    assert_eq!(game.check_time(secs(1)), Err(GameError::GameOver(timeout)));
}

#[test]
fn flag_and_time_out() {
    let mut game = Game::new();
    assert_eq!(
        game.flag(Color::Red),
        Ok(Outcome::win(Color::Black, Termination::Timeout))
    );
    assert!(game.clock().unwrap().side(Color::Red).timed_out);
    assert!(matches!(
        game.flag(Color::Black),
        Err(GameError::GameOver(_))
    ));

    // `time_out` marks the clock of a timed game as `flag` does.
    let mut game = Game::new();
    game.time_out(Color::Black).unwrap();
    let mut flagged = Game::new();
    flagged.flag(Color::Black).unwrap();
    assert_eq!(game, flagged);

    // An untimed game has no clock to flag, but can be lost on time.
    let mut game = Game::from_position(Position::startpos(), untimed());
    assert_eq!(game.flag(Color::Red), Err(GameError::NoClock));
    assert_eq!(game.check_time(secs(1)), Err(GameError::NoClock));
    let m = game.position().parse_iccs_move("h2e2").unwrap();
    assert_eq!(game.play_timed(m, secs(1)), Err(GameError::NoClock));
    assert!(game.outcome().is_none());
    game.time_out(Color::Red).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Black, Termination::Timeout))
    );
}

#[test]
fn equality_includes_the_clock() {
    let mut a = Game::new();
    let mut b = Game::new();
    play(&mut a, "h2e2", secs(10)).unwrap();
    play(&mut b, "h2e2", secs(20)).unwrap();
    assert_ne!(a, b);
    b = Game::new();
    play(&mut b, "h2e2", secs(10)).unwrap();
    assert_eq!(a, b);
}

#[cfg(feature = "serde")]
mod saved {
    use super::*;
    use serde_json::{Value, json};
    use xiangqi_rules::{ClockStateError, GameJsonError, RestoreError};

    fn restore_error(json: &str) -> RestoreError {
        let serde_err = serde_json::from_str::<Game>(json).unwrap_err();
        match Game::from_json(json) {
            Err(GameJsonError::Restore(e)) => {
                assert!(
                    serde_err.to_string().contains(&e.to_string()),
                    "{serde_err}"
                );
                e
            }
            other => panic!("not a restore error: {other:?}"),
        }
    }

    fn edit(game: &Game, f: impl FnOnce(&mut Value)) -> String {
        let mut json: Value = serde_json::from_str(&game.to_json()).unwrap();
        f(&mut json);
        json.to_string()
    }

    fn timed_game() -> Game {
        let mut game = Game::new();
        play(&mut game, "h2e2", secs(310)).unwrap();
        play(&mut game, "h9g7", secs(12)).unwrap();
        game
    }

    #[test]
    fn a_timed_game_round_trips() {
        let game = timed_game();
        let json = game.to_json();
        assert!(json.contains(r#""clock":{"settings":"#), "{json}");
        let restored = Game::from_json(&json).unwrap();
        assert_eq!(restored, game);
        assert_eq!(restored.clock(), game.clock());
        let via_serde: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        assert_eq!(via_serde, game);

        // Ended on time, by a move and by a flag.
        let mut game = timed_game();
        play(&mut game, "h0g2", secs(400)).unwrap();
        assert_eq!(Game::from_json(&game.to_json()).unwrap(), game);
        let mut game = timed_game();
        game.flag(Color::Black).unwrap();
        assert_eq!(Game::from_json(&game.to_json()).unwrap(), game);

        // An untimed game saves no clock.
        let game = Game::from_position(Position::startpos(), untimed());
        let json = game.to_json();
        assert!(json.contains(r#""clock":null"#), "{json}");
        assert_eq!(Game::from_json(&json).unwrap(), game);
    }

    #[test]
    fn a_game_saved_without_a_clock_field_is_untimed() {
        let game = Game::from_position(Position::startpos(), untimed());
        let json = edit(&game, |j| {
            j.as_object_mut().unwrap().remove("clock");
            j["rules"].as_object_mut().unwrap().remove("clock");
        });
        assert_eq!(Game::from_json(&json).unwrap(), game);
    }

    #[test]
    fn a_missing_or_unexpected_clock_is_rejected() {
        let json = edit(&timed_game(), |j| j["clock"] = Value::Null);
        assert_eq!(restore_error(&json), RestoreError::ClockMissing);
        let json = edit(&timed_game(), |j| j["rules"]["clock"] = Value::Null);
        assert_eq!(restore_error(&json), RestoreError::UnexpectedClock);
    }

    #[test]
    fn clock_settings_other_than_the_rules_are_rejected() {
        let json = edit(&timed_game(), |j| {
            j["clock"]["settings"]["periods"] = json!(5)
        });
        assert_eq!(
            restore_error(&json),
            RestoreError::ClockSettings {
                clock: ClockSettings {
                    periods: 5,
                    ..ClockSettings::SITE
                },
                rules: ClockSettings::SITE,
            }
        );
    }

    #[test]
    fn main_time_grows_only_by_the_increments_earned() {
        let rules = RuleSet {
            clock: Some(ClockSettings {
                increment: secs(5),
                ..ClockSettings::SITE
            }),
            ..RuleSet::site()
        };
        let mut game = Game::from_position(Position::startpos(), rules);
        play(&mut game, "h2e2", secs(1)).unwrap();
        play(&mut game, "h9g7", secs(1)).unwrap();
        // Red has earned one increment: 304 s is a time play gives, 306 s is not.
        assert_eq!(game.clock().unwrap().side(Color::Red).main, secs(304));
        let json = edit(&game, |j| {
            j["clock"]["sides"][0]["main"] = json!({"secs": 305, "nanos": 0});
        });
        assert!(Game::from_json(&json).is_ok());
        let json = edit(&game, |j| {
            j["clock"]["sides"][0]["main"] = json!({"secs": 306, "nanos": 0});
        });
        assert_eq!(
            restore_error(&json),
            RestoreError::ClockState(ClockStateError::MainTime {
                color: Color::Red,
                main: secs(306),
                limit: secs(305),
            })
        );
    }

    #[test]
    fn an_impossible_time_is_rejected() {
        let json = edit(&timed_game(), |j| {
            j["clock"]["sides"][1]["main"] = json!({"secs": 301, "nanos": 0});
        });
        assert_eq!(
            restore_error(&json),
            RestoreError::ClockState(ClockStateError::MainTime {
                color: Color::Black,
                main: secs(301),
                limit: secs(300),
            })
        );
        // Red is in byo-yomi with all three periods: two left is possible,
        // but periods spent while main time is left are not.
        let json = edit(&timed_game(), |j| {
            j["clock"]["sides"][1]["periods"] = json!(2)
        });
        assert_eq!(
            restore_error(&json),
            RestoreError::ClockState(ClockStateError::PeriodsBeforeMainTime {
                color: Color::Black
            })
        );
    }

    #[test]
    fn a_timed_out_side_needs_its_loss_on_time() {
        // Black's clock run out in a game that runs.
        let mut flagged = timed_game();
        flagged.flag(Color::Black).unwrap();
        let clock = serde_json::from_str::<Value>(&flagged.to_json()).unwrap()["clock"].clone();
        let json = edit(&timed_game(), |j| j["clock"] = clock.clone());
        assert_eq!(
            restore_error(&json),
            RestoreError::TimedOut {
                color: Color::Black
            }
        );
        // ... or in a game Black resigned.
        let mut resigned = timed_game();
        resigned.resign(Color::Black).unwrap();
        let json = edit(&resigned, |j| j["clock"] = clock.clone());
        assert_eq!(
            restore_error(&json),
            RestoreError::TimedOut {
                color: Color::Black
            }
        );
    }

    #[test]
    fn a_loss_on_time_needs_the_losers_clock_run_out() {
        let json = edit(&timed_game(), |j| {
            j["outcome"] = json!({"winner": "red", "termination": "timeout"});
        });
        assert_eq!(
            restore_error(&json),
            RestoreError::NotTimedOut {
                color: Color::Black
            }
        );
        // Untimed, a loss on time stands on the saved word.
        let mut game = Game::from_position(Position::startpos(), untimed());
        game.time_out(Color::Black).unwrap();
        assert_eq!(Game::from_json(&game.to_json()).unwrap(), game);
    }
}
