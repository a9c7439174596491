//! The clock's semantics, with a two-sided color of the tests.

use super::*;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Side {
    A,
    B,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "a",
            Side::B => "b",
        })
    }
}

impl ClockColor for Side {
    const SIDES: [Side; 2] = [Side::A, Side::B];
    fn index(self) -> usize {
        self as usize
    }
}

type TestClock = Clock<Side>;

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn side(main: u64, periods: u32, timed_out: bool) -> ClockSide {
    ClockSide {
        main: secs(main),
        periods,
        timed_out,
    }
}

#[test]
fn main_time_then_periods() {
    let mut clock = TestClock::new(ClockSettings::SITE);
    clock.spend(Side::A, secs(100)).unwrap();
    assert_eq!(clock.side(Side::A), side(200, 3, false));
    assert_eq!(clock.side(Side::B), side(300, 3, false));
    // Main time runs out in the middle of the move: a period starts.
    clock.spend(Side::A, secs(210)).unwrap();
    assert_eq!(clock.side(Side::A), side(0, 3, false));
    // A move inside the period resets it.
    clock.spend(Side::A, Duration::from_millis(29_999)).unwrap();
    assert_eq!(clock.side(Side::A).periods, 3);
    // A move at exactly 30 s spends the period.
    clock.spend(Side::A, secs(30)).unwrap();
    assert_eq!(clock.side(Side::A).periods, 2);
    // Two full periods: time is up.
    assert_eq!(
        clock.spend(Side::A, secs(60)),
        Err(TimeUp { color: Side::A })
    );
    assert_eq!(clock.side(Side::A), side(0, 0, true));
    assert_eq!(clock.timed_out(), Some(Side::A));
}

#[test]
fn remaining_reads_without_changing() {
    let clock = TestClock::new(ClockSettings::SITE);
    let reading = clock.remaining(Side::B, secs(310));
    assert_eq!(
        reading,
        ClockReading {
            main: Duration::ZERO,
            period_left: Some(secs(20)),
            periods: 3,
            timed_out: false,
        }
    );
    assert!(clock.remaining(Side::B, secs(390)).timed_out);
    assert_eq!(clock, TestClock::new(ClockSettings::SITE));
    // Huge durations saturate instead of overflowing.
    assert!(clock.remaining(Side::A, Duration::MAX).timed_out);
}

#[test]
fn without_byoyomi_main_time_is_all() {
    let settings = ClockSettings {
        main_time: secs(10),
        byoyomi: Duration::ZERO,
        periods: 0,
        increment: Duration::ZERO,
    };
    let mut clock = TestClock::new(settings);
    assert!(clock.spend(Side::B, secs(9)).is_ok());
    assert!(clock.spend(Side::B, secs(1)).is_err());
    assert_eq!(clock.timed_out(), Some(Side::B));
}

#[test]
fn run_out_marks_a_flag_fall() {
    let mut clock = TestClock::new(ClockSettings::SITE);
    clock.run_out(Side::B);
    assert_eq!(clock.side(Side::B), side(0, 0, true));
    assert!(clock.remaining(Side::B, Duration::ZERO).timed_out);
    assert_eq!(clock.timed_out(), Some(Side::B));
}

#[test]
fn with_sides_checks_each_side() {
    let s = ClockSettings::SITE;
    assert!(TestClock::with_sides(s, side(120, 3, false), side(0, 2, false)).is_ok());
    assert!(TestClock::with_sides(s, side(0, 0, true), side(300, 3, false)).is_ok());
    assert_eq!(
        TestClock::with_sides(s, side(300, 3, false), side(301, 3, false)),
        Err(ClockStateError::MainTime {
            color: Side::B,
            main: secs(301),
            limit: secs(300),
        })
    );
    assert_eq!(
        TestClock::with_sides(s, side(300, 4, false), side(300, 3, false)),
        Err(ClockStateError::Periods {
            color: Side::A,
            periods: 4,
            limit: 3,
        })
    );
    assert_eq!(
        TestClock::with_sides(s, side(10, 2, false), side(300, 3, false)),
        Err(ClockStateError::PeriodsBeforeMainTime { color: Side::A })
    );
    assert_eq!(
        TestClock::with_sides(s, side(300, 3, false), side(0, 1, true)),
        Err(ClockStateError::TimedOutWithTimeLeft { color: Side::B })
    );
    assert_eq!(
        TestClock::with_sides(s, side(0, 0, false), side(300, 3, false)),
        Err(ClockStateError::OutOfTimeNotMarked { color: Side::A })
    );
    // A fresh clock whose settings give no time.
    let none = ClockSettings {
        main_time: Duration::ZERO,
        byoyomi: Duration::ZERO,
        periods: 0,
        increment: Duration::ZERO,
    };
    assert_eq!(
        TestClock::with_sides(none, side(0, 0, false), side(0, 0, false)),
        Ok(TestClock::new(none))
    );
}

/// The name of the variant, in a `match` without a wildcard: a variant
/// added to the enum fails to compile here until it has an example.
fn variant(e: &ClockStateError<Side>) -> &'static str {
    match e {
        ClockStateError::MainTime { .. } => "MainTime",
        ClockStateError::Periods { .. } => "Periods",
        ClockStateError::PeriodsBeforeMainTime { .. } => "PeriodsBeforeMainTime",
        ClockStateError::TimedOutWithTimeLeft { .. } => "TimedOutWithTimeLeft",
        ClockStateError::OutOfTimeNotMarked { .. } => "OutOfTimeNotMarked",
    }
}

#[test]
fn examples_list_each_variant_once() {
    let found: Vec<&str> = ClockStateError::<Side>::examples()
        .iter()
        .map(variant)
        .collect();
    assert_eq!(
        found,
        [
            "MainTime",
            "Periods",
            "PeriodsBeforeMainTime",
            "TimedOutWithTimeLeft",
            "OutOfTimeNotMarked"
        ]
    );
    for e in ClockStateError::<Side>::examples() {
        assert!(!e.to_string().is_empty());
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trip_and_checked_read() {
    let mut clock = TestClock::new(ClockSettings::SITE);
    clock.spend(Side::A, secs(305)).unwrap();
    let json = serde_json::to_string(&clock).unwrap();
    assert!(json.starts_with(r#"{"settings":"#), "{json}");
    assert_eq!(serde_json::from_str::<TestClock>(&json).unwrap(), clock);
    let forged = json.replacen(
        r#""periods":3,"timed_out":false"#,
        r#""periods":3,"timed_out":true"#,
        1,
    );
    let err = serde_json::from_str::<TestClock>(&forged).unwrap_err();
    assert!(err.to_string().contains("timed out"), "{err}");
}

#[test]
fn a_saved_clock_is_restored_only_when_it_fits_the_rules() {
    let site = ClockSettings::SITE;
    let fresh = ClockParts::from(TestClock::new(site));
    assert_eq!(TestClock::restore(None, None), Ok(None));
    assert_eq!(
        TestClock::restore(None, Some(site)),
        Err(SavedClockError::Missing)
    );
    assert_eq!(
        TestClock::restore(Some(fresh), None),
        Err(SavedClockError::Unexpected)
    );
    let other = ClockSettings { periods: 1, ..site };
    assert_eq!(
        TestClock::restore(Some(fresh), Some(other)),
        Err(SavedClockError::Settings {
            clock: site,
            rules: other
        })
    );
    let too_much = ClockParts {
        settings: site,
        sides: [side(301, 3, false), side(300, 3, false)],
    };
    assert!(matches!(
        TestClock::restore(Some(too_much), Some(site)),
        Err(SavedClockError::State(ClockStateError::MainTime {
            color: Side::A,
            ..
        }))
    ));
    assert_eq!(
        TestClock::restore(Some(fresh), Some(site)),
        Ok(Some(TestClock::new(site)))
    );
}

#[test]
fn only_the_side_that_lost_on_time_is_timed_out() {
    let mut clock = TestClock::new(ClockSettings::SITE);
    assert_eq!(clock.check_timeouts(None), Ok(()));
    assert_eq!(
        clock.check_timeouts(Some(Side::B)),
        Err(SavedClockError::NotTimedOut { color: Side::B })
    );
    assert!(clock.spend(Side::B, secs(1000)).is_err());
    assert_eq!(clock.check_timeouts(Some(Side::B)), Ok(()));
    assert_eq!(
        clock.check_timeouts(None),
        Err(SavedClockError::TimedOut { color: Side::B })
    );
    assert_eq!(
        clock.check_timeouts(Some(Side::A)),
        Err(SavedClockError::NotTimedOut { color: Side::A })
    );
}

#[test]
fn increments_add_up_after_moves_in_time() {
    let settings = ClockSettings {
        increment: secs(5),
        ..ClockSettings::SITE
    };
    let mut clock = TestClock::new(settings);
    assert!(clock.spend(Side::A, secs(2)).is_ok());
    assert_eq!(clock.side(Side::A), side(303, 3, false));
    assert!(clock.spend(Side::A, secs(1)).is_ok());
    assert_eq!(clock.side(Side::A), side(307, 3, false));
    assert_eq!(clock.side(Side::B), side(300, 3, false));
    // Into byo-yomi: one period spent, then the increment goes to main time.
    assert!(clock.spend(Side::A, secs(307 + 40)).is_ok());
    assert_eq!(clock.side(Side::A), side(5, 2, false));
    let reading = clock.remaining(Side::A, secs(7));
    assert_eq!(reading.main, Duration::ZERO);
    assert_eq!(reading.period_left, Some(secs(28)));
    assert_eq!(reading.periods, 2);
    // A saved clock with more main time than the settings, or main time
    // left after spent periods, reads back with an increment.
    let parts = ClockParts::from(clock);
    assert_eq!(TestClock::try_from(parts), Ok(clock));
    assert_eq!(
        TestClock::restore(Some(parts), Some(settings)),
        Ok(Some(clock))
    );
}

#[test]
fn a_move_completed_too_late_earns_no_increment() {
    let settings = ClockSettings {
        main_time: secs(10),
        byoyomi: Duration::ZERO,
        periods: 0,
        increment: secs(3),
    };
    let mut clock = TestClock::new(settings);
    assert!(clock.spend(Side::B, secs(9)).is_ok());
    assert_eq!(clock.side(Side::B), side(4, 0, false));
    assert_eq!(
        clock.spend(Side::B, secs(4)),
        Err(TimeUp { color: Side::B })
    );
    assert_eq!(clock.side(Side::B), side(0, 0, true));
}

#[test]
fn validation_is_unchanged_without_increment() {
    let s = ClockSettings::SITE;
    assert!(matches!(
        TestClock::with_sides(s, side(301, 3, false), side(300, 3, false)),
        Err(ClockStateError::MainTime { .. })
    ));
    assert!(matches!(
        TestClock::with_sides(s, side(10, 2, false), side(300, 3, false)),
        Err(ClockStateError::PeriodsBeforeMainTime { .. })
    ));
    let inc = ClockSettings {
        increment: secs(1),
        ..s
    };
    assert!(TestClock::with_sides(inc, side(301, 3, false), side(10, 2, false)).is_ok());
    // The other checks stay.
    assert!(matches!(
        TestClock::with_sides(inc, side(300, 4, false), side(300, 3, false)),
        Err(ClockStateError::Periods { .. })
    ));
    assert!(matches!(
        TestClock::with_sides(inc, side(300, 3, false), side(1, 0, true)),
        Err(ClockStateError::TimedOutWithTimeLeft { .. })
    ));
}

#[cfg(feature = "serde")]
#[test]
fn saved_settings_without_increment_read_with_zero() {
    let json =
        r#"{"main_time":{"secs":300,"nanos":0},"byoyomi":{"secs":30,"nanos":0},"periods":3}"#;
    let settings: ClockSettings = serde_json::from_str(json).unwrap();
    assert_eq!(settings, ClockSettings::SITE);
    assert_eq!(serde_json::to_string(&settings).unwrap(), json);
    let with = ClockSettings {
        increment: Duration::from_millis(100),
        ..settings
    };
    let saved = serde_json::to_string(&with).unwrap();
    assert!(saved.contains(r#""increment":{"secs":0,"nanos":100000000}"#));
    assert_eq!(serde_json::from_str::<ClockSettings>(&saved).unwrap(), with);
}

#[test]
fn earned_increments_bound_the_main_time() {
    let settings = ClockSettings {
        increment: secs(5),
        ..ClockSettings::SITE
    };
    let clock = TestClock::with_sides(settings, side(310, 3, false), side(300, 3, false)).unwrap();
    // A, moving first, has made two of three moves; B one.
    assert_eq!(clock.check_earned(Side::A, 3), Ok(()));
    // B moving first: A has made one of three.
    assert_eq!(
        clock.check_earned(Side::B, 3),
        Err(SavedClockError::State(ClockStateError::MainTime {
            color: Side::A,
            main: secs(310),
            limit: secs(305)
        }))
    );
    // Huge counts saturate instead of overflowing.
    assert_eq!(clock.check_earned(Side::B, usize::MAX), Ok(()));
}
