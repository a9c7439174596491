//! The clock settings, the clock and what it shows: `ClockSettings`, `ClockSide`,
//! `ClockReading` and `Clock`, as shogi-py has them. Durations are `float` seconds in Python.

use core::time::Duration;

use pyo3::prelude::*;

use crate::errors::XiangqiError;
use crate::types::ColorArg;

/// Seconds as a `Duration`, refusing negative and non-finite values.
pub fn duration(seconds: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| XiangqiError::new_err(format!("not a duration in seconds: {seconds}")))
}

fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// A value as JSON, for a `__reduce__` state.
fn to_state<T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| XiangqiError::new_err(e.to_string()))
}

/// A value of a `__reduce__` state, checked as the core checks saved values.
fn from_state<T: serde::de::DeserializeOwned>(state: &str, what: &str) -> PyResult<T> {
    serde_json::from_str(state).map_err(|e| XiangqiError::new_err(format!("not {what}: {e}")))
}

/// Main time plus byo-yomi periods.
#[pyclass(frozen, eq, hash, from_py_object, module = "xiangqi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct ClockSettings(pub xiangqi_rules::ClockSettings);

#[pymethods]
impl ClockSettings {
    /// `main_time` and `byoyomi` in seconds; the defaults are the site's (5 min + 3 × 30 s).
    #[new]
    #[pyo3(signature = (main_time=300.0, byoyomi=30.0, periods=3))]
    fn py_new(main_time: f64, byoyomi: f64, periods: u32) -> PyResult<ClockSettings> {
        Ok(ClockSettings(xiangqi_rules::ClockSettings {
            main_time: duration(main_time)?,
            byoyomi: duration(byoyomi)?,
            periods,
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

    pub fn __repr__(&self) -> String {
        format!(
            "ClockSettings(main_time={:?}, byoyomi={:?}, periods={})",
            self.main_time(),
            self.byoyomi(),
            self.0.periods
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        // Through the exact durations: float seconds could round off a nanosecond.
        Ok((
            py.get_type::<ClockSettings>().getattr("_restore")?,
            (to_state(&self.0)?,),
        ))
    }

    /// The settings of a `__reduce__` state.
    #[staticmethod]
    fn _restore(state: &str) -> PyResult<ClockSettings> {
        from_state(state, "saved clock settings").map(ClockSettings)
    }
}

/// The `clock` argument of `RuleSet`: left out means the site clock, `None` an untimed game.
pub enum ClockArg {
    Site,
    Untimed,
    Timed(xiangqi_rules::ClockSettings),
}

impl ClockArg {
    /// The rules' clock settings.
    pub fn settings(self) -> Option<xiangqi_rules::ClockSettings> {
        match self {
            ClockArg::Site => Some(xiangqi_rules::ClockSettings::SITE),
            ClockArg::Untimed => None,
            ClockArg::Timed(c) => Some(c),
        }
    }
}

impl<'py> FromPyObject<'_, 'py> for ClockArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_none() {
            return Ok(ClockArg::Untimed);
        }
        match obj.cast::<ClockSettings>() {
            Ok(c) => Ok(ClockArg::Timed(c.get().0)),
            Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(
                "clock must be a ClockSettings or None",
            )),
        }
    }
}

/// One player's remaining time.
#[pyclass(frozen, eq, hash, module = "xiangqi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct ClockSide(xiangqi_rules::ClockSide);

#[pymethods]
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
            py_bool(self.0.timed_out)
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((
            py.get_type::<ClockSide>().getattr("_restore")?,
            (to_state(&self.0)?,),
        ))
    }

    /// The value of a `__reduce__` state.
    #[staticmethod]
    fn _restore(state: &str) -> PyResult<ClockSide> {
        from_state(state, "a saved ClockSide").map(ClockSide)
    }
}

/// What a player's clock shows some time into the current turn.
#[pyclass(frozen, eq, hash, module = "xiangqi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct ClockReading(xiangqi_rules::ClockReading);

#[pymethods]
impl ClockReading {
    /// Main time left, in seconds.
    #[getter]
    fn main(&self) -> f64 {
        self.0.main.as_secs_f64()
    }

    /// Seconds left in the current byo-yomi period once main time is used up, else `None`.
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
            py_bool(self.0.timed_out)
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((
            py.get_type::<ClockReading>().getattr("_restore")?,
            (to_state(&self.0)?,),
        ))
    }

    /// The value of a `__reduce__` state.
    #[staticmethod]
    fn _restore(state: &str) -> PyResult<ClockReading> {
        from_state(state, "a saved ClockReading").map(ClockReading)
    }
}

/// Both players' clocks (main time and byo-yomi), driven by the durations the caller
/// measures. `Game.clock` gives a copy: changing it does not change the game.
#[pyclass(eq, module = "xiangqi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct Clock(pub xiangqi_rules::Clock);

#[pymethods]
impl Clock {
    /// Fresh clocks; the site settings by default.
    #[new]
    #[pyo3(signature = (settings=None))]
    fn py_new(settings: Option<ClockSettings>) -> Clock {
        Clock(xiangqi_rules::Clock::new(
            settings.map_or(xiangqi_rules::ClockSettings::SITE, |s| s.0),
        ))
    }

    /// The settings.
    #[getter]
    fn settings(&self) -> ClockSettings {
        ClockSettings(self.0.settings())
    }

    /// One player's remaining time.
    fn side(&self, color: ColorArg) -> ClockSide {
        ClockSide(self.0.side(color.0))
    }

    /// What `color`'s clock shows `elapsed` seconds into its turn, changing nothing.
    #[pyo3(signature = (color, elapsed=0.0))]
    fn remaining(&self, color: ColorArg, elapsed: f64) -> PyResult<ClockReading> {
        Ok(ClockReading(self.0.remaining(color.0, duration(elapsed)?)))
    }

    /// Charges `elapsed` seconds to `color` for a completed move; `False` when the time ran
    /// out before it (the player is then marked as timed out).
    fn spend(&mut self, color: ColorArg, elapsed: f64) -> PyResult<bool> {
        Ok(self.0.spend(color.0, duration(elapsed)?).is_ok())
    }

    fn __repr__(&self) -> String {
        format!(
            "<Clock red={} black={}>",
            self.side(ColorArg(xiangqi_rules::Color::Red)).__repr__(),
            self.side(ColorArg(xiangqi_rules::Color::Black)).__repr__()
        )
    }

    fn __getstate__(&self) -> PyResult<String> {
        to_state(&self.0)
    }

    /// The clocks of a `__getstate__` state, checked as a saved clock is: times that play
    /// under the settings cannot give raise `XiangqiError`.
    fn __setstate__(&mut self, state: &str) -> PyResult<()> {
        self.0 = from_state(state, "a saved clock")?;
        Ok(())
    }

    fn __copy__(&self) -> Clock {
        *self
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Clock {
        *self
    }
}
