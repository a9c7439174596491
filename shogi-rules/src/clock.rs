//! A pure game clock: main time plus byo-yomi periods, driven by the
//! caller's measured durations (no wall clock inside).
//!
//! Semantics (standard Japanese byo-yomi with periods):
//! - a player's main time runs while it is their turn; when it reaches zero,
//!   even in the middle of a move, a fresh byo-yomi period starts;
//! - a move completed before its period has fully elapsed resets the period
//!   for the next move (unused time is lost);
//! - a period that fully elapses is spent, and the next one starts at once;
//!   one long think can spend several;
//! - time is up the instant the last period has fully elapsed (or, without
//!   byo-yomi, the instant main time reaches zero): a move completed at
//!   exactly 30 s in a 30 s period has spent that period.

use core::time::Duration;

use crate::Color;

/// Time control settings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClockSettings {
    /// Main time per player.
    pub main_time: Duration,
    /// Length of one byo-yomi period.
    pub byoyomi: Duration,
    /// Number of byo-yomi periods per player.
    pub periods: u32,
}

impl ClockSettings {
    /// The site default: 5 minutes main time and 3 periods of 30 seconds.
    pub const SITE: ClockSettings = ClockSettings {
        main_time: Duration::from_secs(300),
        byoyomi: Duration::from_secs(30),
        periods: 3,
    };
}

impl Default for ClockSettings {
    fn default() -> ClockSettings {
        ClockSettings::SITE
    }
}

/// One player's remaining time.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClockSide {
    /// Main time left.
    pub main: Duration,
    /// Byo-yomi periods left (each a full period).
    pub periods: u32,
    /// Whether this player's time has run out.
    pub timed_out: bool,
}

/// What a player's clock shows after some time of the current turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClockReading {
    /// Main time left.
    pub main: Duration,
    /// Time left in the current byo-yomi period, once main time is used up
    /// (`None` while main time remains or when there is no byo-yomi).
    pub period_left: Option<Duration>,
    /// Periods left, counting the current one.
    pub periods: u32,
    /// Whether time is up.
    pub timed_out: bool,
}

/// Both players' clocks.
///
/// ```
/// use std::time::Duration;
/// use shogi_rules::{Clock, ClockSettings, Color};
/// let mut clock = Clock::new(ClockSettings::SITE);
/// assert!(clock.spend(Color::Sente, Duration::from_secs(300)).is_ok()); // main time gone, periods intact
/// assert!(clock.spend(Color::Sente, Duration::from_millis(29_999)).is_ok());
/// assert_eq!(clock.side(Color::Sente).periods, 3);
/// assert!(clock.spend(Color::Sente, Duration::from_secs(90)).is_err()); // three periods elapse
/// ```
///
/// Read back from JSON (feature `serde`), a clock is checked as
/// [`Clock::with_sides`] checks it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ClockParts"))]
pub struct Clock {
    settings: ClockSettings,
    sides: [ClockSide; 2],
}

/// The fields of a saved [`Clock`], before they are checked.
#[cfg(feature = "serde")]
#[derive(Copy, Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct ClockParts {
    pub(crate) settings: ClockSettings,
    pub(crate) sides: [ClockSide; 2],
}

#[cfg(feature = "serde")]
impl TryFrom<ClockParts> for Clock {
    type Error = ClockStateError;

    fn try_from(parts: ClockParts) -> Result<Clock, ClockStateError> {
        let [sente, gote] = parts.sides;
        Clock::with_sides(parts.settings, sente, gote)
    }
}

/// A clock reading that no play under its settings can give: what
/// [`Clock::with_sides`] refuses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ClockStateError {
    /// More main time left than the settings give.
    #[error("{color} has {main:?} of main time left, more than the {limit:?} of the settings")]
    MainTime {
        /// The player.
        color: Color,
        /// The main time left.
        main: Duration,
        /// The main time of the settings.
        limit: Duration,
    },
    /// More byo-yomi periods left than the settings give.
    #[error("{color} has {periods} byo-yomi periods left, more than the {limit} of the settings")]
    Periods {
        /// The player.
        color: Color,
        /// The periods left.
        periods: u32,
        /// The periods of the settings.
        limit: u32,
    },
    /// Byo-yomi periods are spent while main time is left (periods start
    /// only once main time is used up).
    #[error("{color} has spent byo-yomi periods while main time is left")]
    PeriodsBeforeMainTime {
        /// The player.
        color: Color,
    },
    /// The player is marked as timed out but has time left.
    #[error("{color} is marked as timed out but has time left")]
    TimedOutWithTimeLeft {
        /// The player.
        color: Color,
    },
    /// The player has no time left (no main time, no period) but is not
    /// marked as timed out, which only fresh clocks without any time allow.
    #[error("{color} has no time left but is not marked as timed out")]
    OutOfTimeNotMarked {
        /// The player.
        color: Color,
    },
}

/// The player's time ran out during the move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{color} ran out of time")]
pub struct TimeUp {
    /// The player whose time ran out.
    pub color: Color,
}

impl Clock {
    /// Fresh clocks for both players.
    #[must_use]
    pub fn new(settings: ClockSettings) -> Clock {
        let side = ClockSide {
            main: settings.main_time,
            periods: settings.periods,
            timed_out: false,
        };
        Clock {
            settings,
            sides: [side; 2],
        }
    }

    /// Clocks showing `sente` and `gote` under `settings`, as a saved clock
    /// is read back: each side's reading must be one that play under the
    /// settings can give.
    ///
    /// ```
    /// use std::time::Duration;
    /// use shogi_rules::{Clock, ClockSettings, ClockSide, ClockStateError, Color};
    /// let side = |secs, periods| ClockSide { main: Duration::from_secs(secs), periods, timed_out: false };
    /// let clock = Clock::with_sides(ClockSettings::SITE, side(120, 3), side(0, 2)).unwrap();
    /// assert_eq!(clock.side(Color::Gote).periods, 2);
    /// assert!(matches!(
    ///     Clock::with_sides(ClockSettings::SITE, side(99_999, 3), side(300, 3)),
    ///     Err(ClockStateError::MainTime { color: Color::Sente, .. })
    /// ));
    /// ```
    ///
    /// # Errors
    /// [`ClockStateError`] naming the first side and rule broken: more main
    /// time or periods than the settings give, periods spent while main time
    /// is left, a timed-out side with time left, or a side without time that
    /// is not marked as timed out (except on a fresh clock whose settings give
    /// no time at all).
    pub fn with_sides(
        settings: ClockSettings,
        sente: ClockSide,
        gote: ClockSide,
    ) -> Result<Clock, ClockStateError> {
        for (color, side) in [(Color::Sente, sente), (Color::Gote, gote)] {
            if side.main > settings.main_time {
                return Err(ClockStateError::MainTime {
                    color,
                    main: side.main,
                    limit: settings.main_time,
                });
            }
            if side.periods > settings.periods {
                return Err(ClockStateError::Periods {
                    color,
                    periods: side.periods,
                    limit: settings.periods,
                });
            }
            if side.main > Duration::ZERO && side.periods != settings.periods {
                return Err(ClockStateError::PeriodsBeforeMainTime { color });
            }
            let time_left = side.main > Duration::ZERO || side.periods > 0;
            if side.timed_out && time_left {
                return Err(ClockStateError::TimedOutWithTimeLeft { color });
            }
            let fresh_without_time = settings.main_time == Duration::ZERO && settings.periods == 0;
            if !side.timed_out && !time_left && !fresh_without_time {
                return Err(ClockStateError::OutOfTimeNotMarked { color });
            }
        }
        Ok(Clock {
            settings,
            sides: [sente, gote],
        })
    }

    /// Marks `color` as timed out (a flag fall reported from outside).
    pub(crate) fn run_out(&mut self, color: Color) {
        self.sides[color.index()] = ClockSide {
            main: Duration::ZERO,
            periods: 0,
            timed_out: true,
        };
    }

    /// The color whose time has run out, if any (Sente first).
    #[must_use]
    pub fn timed_out(&self) -> Option<Color> {
        [Color::Sente, Color::Gote]
            .into_iter()
            .find(|&c| self.sides[c.index()].timed_out)
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> ClockSettings {
        self.settings
    }

    /// One player's remaining time.
    #[must_use]
    pub fn side(&self, color: Color) -> ClockSide {
        self.sides[color.index()]
    }

    /// What `color`'s clock would show (and whether time is up) after
    /// `elapsed` of the current turn, without changing anything. Use it for
    /// display and to detect a flag fall while the player thinks.
    #[must_use]
    pub fn remaining(&self, color: Color, elapsed: Duration) -> ClockReading {
        let side = self.sides[color.index()];
        if side.timed_out {
            return ClockReading {
                main: Duration::ZERO,
                period_left: None,
                periods: 0,
                timed_out: true,
            };
        }
        if elapsed < side.main {
            return ClockReading {
                main: side.main - elapsed,
                period_left: None,
                periods: side.periods,
                timed_out: false,
            };
        }
        let over = elapsed - side.main;
        let (spent, into_period) = self.periods_spent(over);
        if spent >= u64::from(side.periods) {
            return ClockReading {
                main: Duration::ZERO,
                period_left: None,
                periods: 0,
                timed_out: true,
            };
        }
        ClockReading {
            main: Duration::ZERO,
            period_left: Some(self.settings.byoyomi - into_period),
            periods: side.periods - spent as u32,
            timed_out: false,
        }
    }

    /// Charges `elapsed` to `color` for a completed move.
    ///
    /// # Errors
    /// [`TimeUp`] if the time ran out before the move was completed; the
    /// player is then marked as timed out.
    pub fn spend(&mut self, color: Color, elapsed: Duration) -> Result<(), TimeUp> {
        let reading = self.remaining(color, elapsed);
        let side = &mut self.sides[color.index()];
        if reading.timed_out {
            side.main = Duration::ZERO;
            side.periods = 0;
            side.timed_out = true;
            return Err(TimeUp { color });
        }
        side.main = reading.main;
        side.periods = reading.periods;
        Ok(())
    }

    /// Whole periods spent by `over` of byo-yomi time, and the time already
    /// used in the current one.
    fn periods_spent(&self, over: Duration) -> (u64, Duration) {
        let period = self.settings.byoyomi.as_nanos();
        if period == 0 {
            // No byo-yomi: reaching zero main time is the end.
            return (u64::MAX, Duration::ZERO);
        }
        let over = over.as_nanos();
        let spent = over / period;
        let into = over % period;
        (
            u64::try_from(spent).unwrap_or(u64::MAX),
            Duration::from_nanos(u64::try_from(into).unwrap_or(0)),
        )
    }
}
