//! The Python classes of the byo-yomi clock (`ClockSettings`, `ClockSide`, `ClockReading`,
//! `Clock`), made by [`clock_classes!`](crate::clock_classes), and the helpers they call:
//! durations from `float` seconds and the JSON states their pickling goes through.

use core::time::Duration;

use pyo3::{PyErr, PyResult, PyTypeInfo};

/// Seconds as a `Duration`, refusing negative and non-finite values with the exception `E`
/// (the game's error class).
pub fn duration<E: PyTypeInfo>(seconds: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| PyErr::new::<E, _>(format!("not a duration in seconds: {seconds}")))
}

/// `True` or `False`, as Python's `repr` writes a bool.
pub fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// A value as JSON, for a pickling state; a failure raises `E`.
pub fn to_state<E: PyTypeInfo, T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| PyErr::new::<E, _>(e.to_string()))
}

/// The value of a pickling state, checked as the core checks saved values; a state that is not
/// one raises `E` with "not {what}: " and the reason.
pub fn from_state<E: PyTypeInfo, T: serde::de::DeserializeOwned>(
    state: &str,
    what: &str,
) -> PyResult<T> {
    serde_json::from_str(state).map_err(|e| PyErr::new::<E, _>(format!("not {what}: {e}")))
}

/// Defines a game's clock classes, as both bindings have them, in the module that invokes it:
///
/// - `ClockSettings`: main time plus byo-yomi periods and an increment (frozen, hashable);
/// - `ClockArg`: the `clock` argument of `RuleSet` (left out: the site clock; `None`: untimed);
/// - `ClockSide`: one player's remaining time; `ClockReading`: what a clock shows some time
///   into a turn (both frozen, hashable);
/// - `Clock`: both players' clocks, mutable, copied by `copy` and pickled by its state;
/// - `duration(seconds)`: seconds as a `Duration`, raising the game's error.
///
/// Durations are `float` seconds in Python. The frozen classes pickle through
/// `Class._restore(json)` and the clock through `__getstate__`/`__setstate__`, all with the
/// core's JSON (exact durations), checked as the core checks saved values; a bad state or a
/// bad duration raises `error`.
///
/// ```ignore
/// board_py::clock_classes! {
///     module = "shogi_rules._core",
///     core = shogi_rules,
///     error = crate::errors::ShogiError,
///     color = crate::types::ColorArg,
///     sides = (sente = Sente, gote = Gote),
/// }
/// ```
///
/// `core` names the crate with `ClockSettings` (and its `SITE`), `ClockSide`, `ClockReading`,
/// `Clock` and `Color`; `color` is the binding's argument type for a side, a tuple struct of the
/// core's colour; `sides` gives the names in `Clock`'s repr and the core's colours, in order.
#[macro_export]
macro_rules! clock_classes {
    (
        module = $module:literal,
        core = $core:ident,
        error = $error:ty,
        color = $color:ty,
        sides = ($first:ident = $core_first:ident, $second:ident = $core_second:ident $(,)?) $(,)?
    ) => {
        /// Seconds as a `Duration`, refusing negative and non-finite values.
        pub fn duration(seconds: f64) -> ::pyo3::PyResult<::core::time::Duration> {
            $crate::clock::duration::<$error>(seconds)
        }

        /// Main time plus byo-yomi periods, and a Fischer increment per move.
        #[::pyo3::pyclass(frozen, eq, hash, from_py_object, module = $module)]
        #[derive(Copy, Clone, PartialEq, Eq, Hash)]
        pub struct ClockSettings(pub $core::ClockSettings);

        #[::pyo3::pymethods]
        impl ClockSettings {
            /// `main_time`, `byoyomi` and `increment` in seconds; the defaults are the site's
            /// (5 min + 3 × 30 s, no increment).
            #[new]
            #[pyo3(signature = (main_time=300.0, byoyomi=30.0, periods=3, increment=0.0))]
            fn py_new(
                main_time: f64,
                byoyomi: f64,
                periods: u32,
                increment: f64,
            ) -> ::pyo3::PyResult<ClockSettings> {
                Ok(ClockSettings($core::ClockSettings {
                    main_time: duration(main_time)?,
                    byoyomi: duration(byoyomi)?,
                    periods,
                    increment: duration(increment)?,
                }))
            }

            /// Main time per player, in seconds.
            #[getter]
            fn main_time(&self) -> f64 {
                self.0.main_time.as_secs_f64()
            }

            /// One byo-yomi period, in seconds.
            #[getter]
            fn byoyomi(&self) -> f64 {
                self.0.byoyomi.as_secs_f64()
            }

            /// Byo-yomi periods per player.
            #[getter]
            fn periods(&self) -> u32 {
                self.0.periods
            }

            /// Fischer increment per move, in seconds (0 for none).
            #[getter]
            fn increment(&self) -> f64 {
                self.0.increment.as_secs_f64()
            }

            /// The increment is written only when it is not zero.
            pub fn __repr__(&self) -> String {
                let increment = if self.0.increment.is_zero() {
                    String::new()
                } else {
                    format!(", increment={:?}", self.increment())
                };
                format!(
                    "ClockSettings(main_time={:?}, byoyomi={:?}, periods={}{increment})",
                    self.main_time(),
                    self.byoyomi(),
                    self.0.periods
                )
            }

            fn __reduce__<'py>(
                &self,
                py: ::pyo3::Python<'py>,
            ) -> ::pyo3::PyResult<(::pyo3::Bound<'py, ::pyo3::PyAny>, (String,))> {
                use ::pyo3::types::PyAnyMethods as _;
                // Through the exact durations: float seconds could round off a nanosecond.
                Ok((
                    py.get_type::<ClockSettings>().getattr("_restore")?,
                    ($crate::clock::to_state::<$error, _>(&self.0)?,),
                ))
            }

            /// The settings of a `__reduce__` state.
            #[staticmethod]
            fn _restore(state: &str) -> ::pyo3::PyResult<ClockSettings> {
                $crate::clock::from_state::<$error, _>(state, "saved clock settings")
                    .map(ClockSettings)
            }
        }

        /// The `clock` argument of `RuleSet`: left out means the site clock, `None` an
        /// untimed game.
        pub enum ClockArg {
            Site,
            Untimed,
            Timed($core::ClockSettings),
        }

        impl ClockArg {
            /// The rules' clock settings.
            pub fn settings(self) -> Option<$core::ClockSettings> {
                match self {
                    ClockArg::Site => Some($core::ClockSettings::SITE),
                    ClockArg::Untimed => None,
                    ClockArg::Timed(c) => Some(c),
                }
            }
        }

        impl<'py> ::pyo3::FromPyObject<'_, 'py> for ClockArg {
            type Error = ::pyo3::PyErr;

            fn extract(obj: ::pyo3::Borrowed<'_, 'py, ::pyo3::PyAny>) -> ::pyo3::PyResult<Self> {
                use ::pyo3::types::PyAnyMethods as _;
                if obj.is_none() {
                    return Ok(ClockArg::Untimed);
                }
                match obj.cast::<ClockSettings>() {
                    Ok(c) => Ok(ClockArg::Timed(c.get().0)),
                    Err(_) => Err(::pyo3::exceptions::PyTypeError::new_err(
                        "clock must be a ClockSettings or None",
                    )),
                }
            }
        }

        /// One player's remaining time.
        #[::pyo3::pyclass(frozen, eq, hash, module = $module)]
        #[derive(Copy, Clone, PartialEq, Eq, Hash)]
        pub struct ClockSide($core::ClockSide);

        #[::pyo3::pymethods]
        impl ClockSide {
            /// Main time left, in seconds.
            #[getter]
            fn main(&self) -> f64 {
                self.0.main.as_secs_f64()
            }

            /// Byo-yomi periods left.
            #[getter]
            fn periods(&self) -> u32 {
                self.0.periods
            }

            /// Whether this player's time has run out.
            #[getter]
            fn timed_out(&self) -> bool {
                self.0.timed_out
            }

            fn __repr__(&self) -> String {
                format!(
                    "ClockSide(main={:?}, periods={}, timed_out={})",
                    self.main(),
                    self.0.periods,
                    $crate::clock::py_bool(self.0.timed_out)
                )
            }

            fn __reduce__<'py>(
                &self,
                py: ::pyo3::Python<'py>,
            ) -> ::pyo3::PyResult<(::pyo3::Bound<'py, ::pyo3::PyAny>, (String,))> {
                use ::pyo3::types::PyAnyMethods as _;
                Ok((
                    py.get_type::<ClockSide>().getattr("_restore")?,
                    ($crate::clock::to_state::<$error, _>(&self.0)?,),
                ))
            }

            /// The value of a `__reduce__` state.
            #[staticmethod]
            fn _restore(state: &str) -> ::pyo3::PyResult<ClockSide> {
                $crate::clock::from_state::<$error, _>(state, "a saved ClockSide").map(ClockSide)
            }
        }

        /// What a player's clock shows some time into the current turn.
        #[::pyo3::pyclass(frozen, eq, hash, module = $module)]
        #[derive(Copy, Clone, PartialEq, Eq, Hash)]
        pub struct ClockReading($core::ClockReading);

        #[::pyo3::pymethods]
        impl ClockReading {
            /// Main time left, in seconds.
            #[getter]
            fn main(&self) -> f64 {
                self.0.main.as_secs_f64()
            }

            /// Seconds left in the current byo-yomi period once main time is used up, else
            /// `None`.
            #[getter]
            fn period_left(&self) -> Option<f64> {
                self.0.period_left.map(|d| d.as_secs_f64())
            }

            /// Periods left, the current one included.
            #[getter]
            fn periods(&self) -> u32 {
                self.0.periods
            }

            /// Whether time is up.
            #[getter]
            fn timed_out(&self) -> bool {
                self.0.timed_out
            }

            fn __repr__(&self) -> String {
                format!(
                    "ClockReading(main={:?}, period_left={}, periods={}, timed_out={})",
                    self.main(),
                    self.period_left()
                        .map_or_else(|| "None".to_string(), |s| format!("{s:?}")),
                    self.0.periods,
                    $crate::clock::py_bool(self.0.timed_out)
                )
            }

            fn __reduce__<'py>(
                &self,
                py: ::pyo3::Python<'py>,
            ) -> ::pyo3::PyResult<(::pyo3::Bound<'py, ::pyo3::PyAny>, (String,))> {
                use ::pyo3::types::PyAnyMethods as _;
                Ok((
                    py.get_type::<ClockReading>().getattr("_restore")?,
                    ($crate::clock::to_state::<$error, _>(&self.0)?,),
                ))
            }

            /// The value of a `__reduce__` state.
            #[staticmethod]
            fn _restore(state: &str) -> ::pyo3::PyResult<ClockReading> {
                $crate::clock::from_state::<$error, _>(state, "a saved ClockReading")
                    .map(ClockReading)
            }
        }

        /// Both players' clocks (main time and byo-yomi), driven by the durations the caller
        /// measures. `Game.clock` gives a copy: changing it does not change the game.
        #[::pyo3::pyclass(eq, module = $module)]
        #[derive(Copy, Clone, PartialEq, Eq)]
        pub struct Clock(pub $core::Clock);

        #[::pyo3::pymethods]
        impl Clock {
            /// Fresh clocks; the site settings by default.
            #[new]
            #[pyo3(signature = (settings=None))]
            fn py_new(settings: Option<ClockSettings>) -> Clock {
                Clock($core::Clock::new(
                    settings.map_or($core::ClockSettings::SITE, |s| s.0),
                ))
            }

            /// The settings.
            #[getter]
            fn settings(&self) -> ClockSettings {
                ClockSettings(self.0.settings())
            }

            /// One player's remaining time.
            fn side(&self, color: $color) -> ClockSide {
                ClockSide(self.0.side(color.0))
            }

            /// What `color`'s clock shows `elapsed` seconds into its turn, changing nothing.
            #[pyo3(signature = (color, elapsed=0.0))]
            fn remaining(&self, color: $color, elapsed: f64) -> ::pyo3::PyResult<ClockReading> {
                Ok(ClockReading(self.0.remaining(color.0, duration(elapsed)?)))
            }

            /// Charges `elapsed` seconds to `color` for a completed move; `False` when the time
            /// ran out before it (the player is then marked as timed out).
            fn spend(&mut self, color: $color, elapsed: f64) -> ::pyo3::PyResult<bool> {
                Ok(self.0.spend(color.0, duration(elapsed)?).is_ok())
            }

            fn __repr__(&self) -> String {
                format!(
                    concat!(
                        "<Clock ",
                        stringify!($first),
                        "={} ",
                        stringify!($second),
                        "={}>"
                    ),
                    ClockSide(self.0.side($core::Color::$core_first)).__repr__(),
                    ClockSide(self.0.side($core::Color::$core_second)).__repr__()
                )
            }

            fn __getstate__(&self) -> ::pyo3::PyResult<String> {
                $crate::clock::to_state::<$error, _>(&self.0)
            }

            /// The clocks of a `__getstate__` state, checked as a saved clock is: times that
            /// play under the settings cannot give raise the package's error.
            fn __setstate__(&mut self, state: &str) -> ::pyo3::PyResult<()> {
                self.0 = $crate::clock::from_state::<$error, _>(state, "a saved clock")?;
                Ok(())
            }

            fn __copy__(&self) -> Clock {
                *self
            }

            fn __deepcopy__(&self, _memo: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> Clock {
                *self
            }
        }
    };
}
