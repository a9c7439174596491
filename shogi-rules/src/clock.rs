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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Clock {
    settings: ClockSettings,
    sides: [ClockSide; 2],
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
