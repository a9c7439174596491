#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

use core::fmt;
use core::marker::PhantomData;
use core::time::Duration;

/// The two sides of a game, as the clock tells them apart: a small `Copy`
/// type (a color) with the two sides in order, each with its index.
///
/// ```
/// use core::fmt;
/// use board_clock::ClockColor;
///
/// #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
/// enum Color {
///     Red,
///     Black,
/// }
///
/// impl fmt::Display for Color {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         f.write_str(match self {
///             Color::Red => "red",
///             Color::Black => "black",
///         })
///     }
/// }
///
/// impl ClockColor for Color {
///     const SIDES: [Color; 2] = [Color::Red, Color::Black];
///     fn index(self) -> usize {
///         self as usize
///     }
/// }
/// assert_eq!(Color::SIDES[Color::Black.index()], Color::Black);
/// ```
pub trait ClockColor: Copy + Eq + fmt::Debug + fmt::Display {
    /// Both sides, the first to move first: `SIDES[c.index()] == c`.
    const SIDES: [Self; 2];

    /// `0` for the first side of [`ClockColor::SIDES`], `1` for the second.
    fn index(self) -> usize;
}

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
    /// Fischer increment: added to the mover's main time after each move
    /// completed in time (zero: none). With the feature `serde`, a zero
    /// increment is left out of the saved form, and saved settings without
    /// it read with a zero increment.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Duration::is_zero")
    )]
    pub increment: Duration,
}

impl ClockSettings {
    /// The site default: 5 minutes main time and 3 periods of 30 seconds,
    /// without increment.
    pub const SITE: ClockSettings = ClockSettings {
        main_time: Duration::from_secs(300),
        byoyomi: Duration::from_secs(30),
        periods: 3,
        increment: Duration::ZERO,
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
/// use board_clock::ClockSettings;
/// # use core::fmt;
/// # #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
/// # enum Color { Sente, Gote }
/// # impl fmt::Display for Color {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
/// #         f.write_str(match self { Color::Sente => "sente", Color::Gote => "gote" })
/// #     }
/// # }
/// # impl board_clock::ClockColor for Color {
/// #     const SIDES: [Color; 2] = [Color::Sente, Color::Gote];
/// #     fn index(self) -> usize { self as usize }
/// # }
/// # type Clock = board_clock::Clock<Color>;
/// # type ClockStateError = board_clock::ClockStateError<Color>;
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
pub struct Clock<C> {
    settings: ClockSettings,
    sides: [ClockSide; 2],
    color: PhantomData<C>,
}

/// The fields of a saved [`Clock`], before they are checked: the form a
/// clock is saved in (feature `serde`), which [`Clock::with_sides`] checks
/// through `TryFrom`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClockParts {
    /// The settings.
    pub settings: ClockSettings,
    /// Each side's remaining time, in the order of [`ClockColor::SIDES`].
    pub sides: [ClockSide; 2],
}

impl<C: ClockColor> From<Clock<C>> for ClockParts {
    fn from(clock: Clock<C>) -> ClockParts {
        ClockParts {
            settings: clock.settings,
            sides: clock.sides,
        }
    }
}

impl<C: ClockColor> TryFrom<ClockParts> for Clock<C> {
    type Error = ClockStateError<C>;

    fn try_from(parts: ClockParts) -> Result<Clock<C>, ClockStateError<C>> {
        let [first, second] = parts.sides;
        Clock::with_sides(parts.settings, first, second)
    }
}

#[cfg(feature = "serde")]
impl<C: ClockColor> serde::Serialize for Clock<C> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ClockParts::from(*self).serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de, C: ClockColor> serde::Deserialize<'de> for Clock<C> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Clock<C>, D::Error> {
        let parts = ClockParts::deserialize(deserializer)?;
        Clock::try_from(parts).map_err(serde::de::Error::custom)
    }
}

/// A clock reading that no play under its settings can give: what
/// [`Clock::with_sides`] refuses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ClockStateError<C> {
    /// More main time left than the settings give.
    #[error("{color} has {main:?} of main time left, more than the {limit:?} of the settings")]
    MainTime {
        /// The player.
        color: C,
        /// The main time left.
        main: Duration,
        /// The main time of the settings.
        limit: Duration,
    },
    /// More byo-yomi periods left than the settings give.
    #[error("{color} has {periods} byo-yomi periods left, more than the {limit} of the settings")]
    Periods {
        /// The player.
        color: C,
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
        color: C,
    },
    /// The player is marked as timed out but has time left.
    #[error("{color} is marked as timed out but has time left")]
    TimedOutWithTimeLeft {
        /// The player.
        color: C,
    },
    /// The player has no time left (no main time, no period) but is not
    /// marked as timed out, which only fresh clocks without any time allow.
    #[error("{color} has no time left but is not marked as timed out")]
    OutOfTimeNotMarked {
        /// The player.
        color: C,
    },
}

/// The player's time ran out during the move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{color} ran out of time")]
pub struct TimeUp<C> {
    /// The player whose time ran out.
    pub color: C,
}

impl<C: ClockColor> Clock<C> {
    /// Fresh clocks for both players.
    #[must_use]
    pub fn new(settings: ClockSettings) -> Clock<C> {
        let side = ClockSide {
            main: settings.main_time,
            periods: settings.periods,
            timed_out: false,
        };
        Clock {
            settings,
            sides: [side; 2],
            color: PhantomData,
        }
    }

    /// Clocks showing `first` and `second` (the sides of
    /// [`ClockColor::SIDES`], in order) under `settings`, as a saved clock
    /// is read back: each side's reading must be one that play under the
    /// settings can give.
    ///
    /// ```
    /// use std::time::Duration;
    /// use board_clock::{ClockSettings, ClockSide};
    /// # use core::fmt;
    /// # #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    /// # enum Color { Sente, Gote }
    /// # impl fmt::Display for Color {
    /// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    /// #         f.write_str(match self { Color::Sente => "sente", Color::Gote => "gote" })
    /// #     }
    /// # }
    /// # impl board_clock::ClockColor for Color {
    /// #     const SIDES: [Color; 2] = [Color::Sente, Color::Gote];
    /// #     fn index(self) -> usize { self as usize }
    /// # }
    /// # type Clock = board_clock::Clock<Color>;
    /// # type ClockStateError = board_clock::ClockStateError<Color>;
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
    /// no time at all). With a non-zero [`ClockSettings::increment`], main
    /// time above the settings' and periods spent while main time is left
    /// are possible (increments earned), so those two checks are left out.
    pub fn with_sides(
        settings: ClockSettings,
        first: ClockSide,
        second: ClockSide,
    ) -> Result<Clock<C>, ClockStateError<C>> {
        let increment = settings.increment > Duration::ZERO;
        for (color, side) in C::SIDES.into_iter().zip([first, second]) {
            if !increment && side.main > settings.main_time {
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
            if !increment && side.main > Duration::ZERO && side.periods != settings.periods {
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
            sides: [first, second],
            color: PhantomData,
        })
    }

    /// Marks `color` as timed out (a flag fall reported from outside): no
    /// main time, no period left, and [`ClockSide::timed_out`] set.
    pub fn run_out(&mut self, color: C) {
        self.sides[color.index()] = ClockSide {
            main: Duration::ZERO,
            periods: 0,
            timed_out: true,
        };
    }

    /// The color whose time has run out, if any (the first of
    /// [`ClockColor::SIDES`] first).
    #[must_use]
    pub fn timed_out(&self) -> Option<C> {
        C::SIDES
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
    pub fn side(&self, color: C) -> ClockSide {
        self.sides[color.index()]
    }

    /// What `color`'s clock would show (and whether time is up) after
    /// `elapsed` of the current turn, without changing anything. Use it for
    /// display and to detect a flag fall while the player thinks.
    #[must_use]
    pub fn remaining(&self, color: C, elapsed: Duration) -> ClockReading {
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

    /// Charges `elapsed` to `color` for a completed move, then adds the
    /// settings' increment to the main time if the move was completed in
    /// time.
    ///
    /// # Errors
    /// [`TimeUp`] if the time ran out before the move was completed; the
    /// player is then marked as timed out.
    pub fn spend(&mut self, color: C, elapsed: Duration) -> Result<(), TimeUp<C>> {
        let reading = self.remaining(color, elapsed);
        let side = &mut self.sides[color.index()];
        if reading.timed_out {
            side.main = Duration::ZERO;
            side.periods = 0;
            side.timed_out = true;
            return Err(TimeUp { color });
        }
        side.main = reading.main.saturating_add(self.settings.increment);
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

impl<C: ClockColor> ClockStateError<C> {
    /// One value of each variant, in declaration order, so that a binding
    /// can prove it maps every variant.
    #[must_use]
    pub fn examples() -> Vec<ClockStateError<C>> {
        let [first, second] = C::SIDES;
        vec![
            ClockStateError::MainTime {
                color: first,
                main: Duration::from_secs(301),
                limit: Duration::from_secs(300),
            },
            ClockStateError::Periods {
                color: first,
                periods: 4,
                limit: 3,
            },
            ClockStateError::PeriodsBeforeMainTime { color: second },
            ClockStateError::TimedOutWithTimeLeft { color: second },
            ClockStateError::OutOfTimeNotMarked { color: first },
        ]
    }
}

/// Why a saved clock does not fit the game it is restored with: what
/// [`Clock::restore`] and [`Clock::check_timeouts`] refuse. Each game's
/// restore error has one variant for each of these.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum SavedClockError<C> {
    /// The rules are timed but no clock is saved.
    #[error("the rules are timed but no clock is saved")]
    Missing,
    /// The rules are untimed but a clock is saved.
    #[error("the rules are untimed but a clock is saved")]
    Unexpected,
    /// The clock's settings are not the rules'.
    #[error("the clock's settings are not the rules' clock settings")]
    Settings {
        /// The clock's settings.
        clock: ClockSettings,
        /// The rules' settings.
        rules: ClockSettings,
    },
    /// A time that play under the settings cannot give.
    #[error("clock: {0}")]
    State(ClockStateError<C>),
    /// A side's time ran out but the game did not end by its loss on time.
    #[error("{color}'s time has run out, but the game did not end by {color}'s loss on time")]
    TimedOut {
        /// The player whose time ran out.
        color: C,
    },
    /// The result is a side's loss on time but its clock does not show its
    /// time run out.
    #[error("the result is {color}'s loss on time, but {color}'s time has not run out")]
    NotTimedOut {
        /// The player who lost on time.
        color: C,
    },
}

impl<C: ClockColor> Clock<C> {
    /// The clock of a saved game, checked against the game's rules: saved
    /// exactly when the rules are timed (`rules` is their clock settings),
    /// with the rules' settings, and showing times that play under them can
    /// give ([`Clock::with_sides`]). `None` for an untimed game.
    pub fn restore(
        saved: Option<ClockParts>,
        rules: Option<ClockSettings>,
    ) -> Result<Option<Clock<C>>, SavedClockError<C>> {
        match (saved, rules) {
            (None, None) => Ok(None),
            (None, Some(_)) => Err(SavedClockError::Missing),
            (Some(_), None) => Err(SavedClockError::Unexpected),
            (Some(parts), Some(settings)) => {
                if parts.settings != settings {
                    return Err(SavedClockError::Settings {
                        clock: parts.settings,
                        rules: settings,
                    });
                }
                Clock::try_from(parts)
                    .map(Some)
                    .map_err(SavedClockError::State)
            }
        }
    }

    /// Checks a restored clock against the moves of its game (`plies`
    /// moves, the first made by `first`, the sides alternating): with an
    /// increment, a side's main time can grow past the settings' only by the
    /// increments its moves earned, `main_time + increment × moves`. Without
    /// an increment, [`Clock::with_sides`] has already bounded it by
    /// `main_time`.
    ///
    /// # Errors
    /// [`SavedClockError::State`] with [`ClockStateError::MainTime`] naming
    /// the first side whose main time is beyond that bound.
    pub fn check_earned(&self, first: C, plies: usize) -> Result<(), SavedClockError<C>> {
        let plies = u32::try_from(plies).unwrap_or(u32::MAX);
        for color in C::SIDES {
            let moves = if color == first {
                plies - plies / 2
            } else {
                plies / 2
            };
            let main = self.side(color).main;
            let limit = self
                .settings
                .main_time
                .saturating_add(self.settings.increment.saturating_mul(moves));
            if main > limit {
                return Err(SavedClockError::State(ClockStateError::MainTime {
                    color,
                    main,
                    limit,
                }));
            }
        }
        Ok(())
    }

    /// Checks a restored clock against the saved result: a side's time has
    /// run out exactly when the game ended by that side's loss on time
    /// (`lost_on_time`, the loser), checking the sides in order.
    pub fn check_timeouts(&self, lost_on_time: Option<C>) -> Result<(), SavedClockError<C>> {
        for color in C::SIDES {
            let timed_out = self.side(color).timed_out;
            if timed_out && lost_on_time != Some(color) {
                return Err(SavedClockError::TimedOut { color });
            }
            if !timed_out && lost_on_time == Some(color) {
                return Err(SavedClockError::NotTimedOut { color });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
