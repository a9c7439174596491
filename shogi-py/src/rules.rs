//! `RuleSet`, the clock settings and the clock. Durations are `float` seconds in Python.

use core::time::Duration;

use pyo3::prelude::*;
use shogi_rules::ImpasseRule;

use crate::errors::{self, ShogiError};
use crate::types::{ColorArg, quote};

fn impasse_rule(name: &str) -> PyResult<ImpasseRule> {
    name.parse().map_err(|e| errors::name_error(&e))
}

/// Seconds as a `Duration`, refusing negative and non-finite values.
pub fn duration(seconds: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| ShogiError::new_err(format!("not a duration in seconds: {seconds}")))
}

/// Main time plus byo-yomi periods.
#[pyclass(frozen, eq, hash, from_py_object, module = "shogi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct ClockSettings(pub shogi_rules::ClockSettings);

#[pymethods]
impl ClockSettings {
    /// `main_time` and `byoyomi` in seconds; the defaults are the site's (5 min + 3 × 30 s).
    #[new]
    #[pyo3(signature = (main_time=300.0, byoyomi=30.0, periods=3))]
    fn py_new(main_time: f64, byoyomi: f64, periods: u32) -> PyResult<ClockSettings> {
        Ok(ClockSettings(shogi_rules::ClockSettings {
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

    fn __repr__(&self) -> String {
        format!(
            "ClockSettings(main_time={:?}, byoyomi={:?}, periods={})",
            self.main_time(),
            self.byoyomi(),
            self.0.periods
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        // Through the exact durations: float seconds could round off a nanosecond.
        let state =
            serde_json::to_string(&self.0).map_err(|e| ShogiError::new_err(e.to_string()))?;
        Ok((
            py.get_type::<ClockSettings>().getattr("_restore")?,
            (state,),
        ))
    }

    /// The settings of a `__reduce__` state.
    #[staticmethod]
    fn _restore(state: &str) -> PyResult<ClockSettings> {
        serde_json::from_str(state)
            .map(ClockSettings)
            .map_err(|e| ShogiError::new_err(format!("not saved clock settings: {e}")))
    }
}

/// The `clock` argument of `RuleSet`: left out means the site clock, `None` an untimed game.
pub enum ClockArg {
    Site,
    Untimed,
    Timed(shogi_rules::ClockSettings),
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

/// The rules a `Game` is adjudicated by. The defaults are the site rules.
#[pyclass(frozen, eq, hash, from_py_object, module = "shogi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct RuleSet(pub shogi_rules::RuleSet);

#[pymethods]
impl RuleSet {
    /// Every argument defaults to the site rules; `clock=None` makes the games untimed.
    #[new]
    #[pyo3(signature = (
        *,
        impasse="points24",
        repetitions=4,
        perpetual_check_loses=true,
        move_limit=400,
        draw_offers=3,
        invalid_declaration_loses=false,
        clock=ClockArg::Site,
    ))]
    fn py_new(
        impasse: &str,
        repetitions: u32,
        perpetual_check_loses: bool,
        move_limit: u32,
        draw_offers: u32,
        invalid_declaration_loses: bool,
        clock: ClockArg,
    ) -> PyResult<RuleSet> {
        if repetitions < 2 {
            return Err(ShogiError::new_err("repetitions must be at least 2"));
        }
        Ok(RuleSet(shogi_rules::RuleSet {
            impasse: impasse_rule(impasse)?,
            repetitions,
            perpetual_check_loses,
            move_limit,
            draw_offers,
            invalid_declaration_loses,
            clock: match clock {
                ClockArg::Site => Some(shogi_rules::ClockSettings::SITE),
                ClockArg::Untimed => None,
                ClockArg::Timed(c) => Some(c),
            },
        }))
    }

    /// The site rules: 24-point declaration, fourfold repetition with perpetual check losing,
    /// 400-move limit, 3 draw offers, 5 min + 3 × 30 s.
    #[staticmethod]
    fn site() -> RuleSet {
        RuleSet(shogi_rules::RuleSet::site())
    }

    /// The site rules with the CSA 27-point declaration (an invalid declaration loses).
    #[staticmethod]
    fn csa27() -> RuleSet {
        RuleSet(shogi_rules::RuleSet::csa27())
    }

    /// The site rules with the try rule instead of a declaration.
    #[staticmethod]
    fn try_rule() -> RuleSet {
        RuleSet(shogi_rules::RuleSet::try_rule())
    }

    /// `"points24"`, `"csa27_declaration"`, `"try_rule"` or `"disabled"`.
    #[getter]
    fn impasse(&self) -> &'static str {
        self.0.impasse.as_str()
    }

    /// Occurrences of one position that make sennichite.
    #[getter]
    fn repetitions(&self) -> u32 {
        self.0.repetitions
    }

    /// Whether the side that checked throughout a repetition loses it.
    #[getter]
    fn perpetual_check_loses(&self) -> bool {
        self.0.perpetual_check_loses
    }

    /// The game ends when the move number would exceed this; 0 means no limit.
    #[getter]
    fn move_limit(&self) -> u32 {
        self.0.move_limit
    }

    /// Draw offers each player may make.
    #[getter]
    fn draw_offers(&self) -> u32 {
        self.0.draw_offers
    }

    /// Whether an invalid impasse declaration loses instead of being rejected.
    #[getter]
    fn invalid_declaration_loses(&self) -> bool {
        self.0.invalid_declaration_loses
    }

    /// The clock settings, or `None` for untimed games.
    #[getter]
    fn clock(&self) -> Option<ClockSettings> {
        self.0.clock.map(ClockSettings)
    }

    /// A copy with the given fields changed (the same keywords as the constructor).
    #[pyo3(signature = (**changes))]
    fn replace(&self, changes: Option<&Bound<'_, pyo3::types::PyDict>>) -> PyResult<RuleSet> {
        let mut rules = self.0;
        let Some(changes) = changes else {
            return Ok(*self);
        };
        for (key, value) in changes.iter() {
            let key: String = key.extract()?;
            match key.as_str() {
                "impasse" => rules.impasse = impasse_rule(&value.extract::<String>()?)?,
                "repetitions" => rules.repetitions = value.extract()?,
                "perpetual_check_loses" => rules.perpetual_check_loses = value.extract()?,
                "move_limit" => rules.move_limit = value.extract()?,
                "draw_offers" => rules.draw_offers = value.extract()?,
                "invalid_declaration_loses" => {
                    rules.invalid_declaration_loses = value.extract()?;
                }
                "clock" => {
                    rules.clock = match value.extract::<ClockArg>()? {
                        ClockArg::Site => Some(shogi_rules::ClockSettings::SITE),
                        ClockArg::Untimed => None,
                        ClockArg::Timed(c) => Some(c),
                    }
                }
                other => {
                    return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                        "RuleSet has no field {other:?}"
                    )));
                }
            }
        }
        Ok(RuleSet(rules))
    }

    fn __repr__(&self) -> String {
        let r = &self.0;
        let clock = match self.clock() {
            Some(c) => c.__repr__(),
            None => "None".to_string(),
        };
        format!(
            "RuleSet(impasse={}, repetitions={}, perpetual_check_loses={}, move_limit={}, \
             draw_offers={}, invalid_declaration_loses={}, clock={clock})",
            quote(r.impasse.as_str()),
            r.repetitions,
            py_bool(r.perpetual_check_loses),
            r.move_limit,
            r.draw_offers,
            py_bool(r.invalid_declaration_loses),
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        // RuleSet takes keywords only: `functools.partial(RuleSet, **fields)()` rebuilds it.
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("impasse", self.impasse())?;
        kwargs.set_item("repetitions", self.0.repetitions)?;
        kwargs.set_item("perpetual_check_loses", self.0.perpetual_check_loses)?;
        kwargs.set_item("move_limit", self.0.move_limit)?;
        kwargs.set_item("draw_offers", self.0.draw_offers)?;
        kwargs.set_item(
            "invalid_declaration_loses",
            self.0.invalid_declaration_loses,
        )?;
        kwargs.set_item("clock", self.clock())?;
        let functools = py.import("functools")?;
        let partial = functools
            .getattr("partial")?
            .call((py.get_type::<RuleSet>(),), Some(&kwargs))?;
        Ok((partial, pyo3::types::PyTuple::empty(py).into_any()))
    }
}

fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// One player's remaining time.
#[pyclass(frozen, eq, hash, module = "shogi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct ClockSide(shogi_rules::ClockSide);

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
        let state =
            serde_json::to_string(&self.0).map_err(|e| ShogiError::new_err(e.to_string()))?;
        Ok((py.get_type::<ClockSide>().getattr("_restore")?, (state,)))
    }

    /// The value of a `__reduce__` state.
    #[staticmethod]
    fn _restore(state: &str) -> PyResult<ClockSide> {
        serde_json::from_str(state)
            .map(ClockSide)
            .map_err(|e| ShogiError::new_err(format!("not a saved ClockSide: {e}")))
    }
}

/// What a player's clock shows some time into the current turn.
#[pyclass(frozen, eq, hash, module = "shogi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct ClockReading(shogi_rules::ClockReading);

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
        let state =
            serde_json::to_string(&self.0).map_err(|e| ShogiError::new_err(e.to_string()))?;
        Ok((py.get_type::<ClockReading>().getattr("_restore")?, (state,)))
    }

    /// The value of a `__reduce__` state.
    #[staticmethod]
    fn _restore(state: &str) -> PyResult<ClockReading> {
        serde_json::from_str(state)
            .map(ClockReading)
            .map_err(|e| ShogiError::new_err(format!("not a saved ClockReading: {e}")))
    }
}

/// Both players' clocks (main time and byo-yomi), driven by the durations the caller
/// measures. `Game.clock` gives a copy: changing it does not change the game.
#[pyclass(eq, module = "shogi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct Clock(pub shogi_rules::Clock);

#[pymethods]
impl Clock {
    /// Fresh clocks; the site settings by default.
    #[new]
    #[pyo3(signature = (settings=None))]
    fn py_new(settings: Option<ClockSettings>) -> Clock {
        Clock(shogi_rules::Clock::new(
            settings.map_or(shogi_rules::ClockSettings::SITE, |s| s.0),
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
            "<Clock sente={} gote={}>",
            self.side(ColorArg(shogi_rules::Color::Sente)).__repr__(),
            self.side(ColorArg(shogi_rules::Color::Gote)).__repr__()
        )
    }

    fn __getstate__(&self) -> PyResult<String> {
        serde_json::to_string(&self.0).map_err(|e| ShogiError::new_err(e.to_string()))
    }

    fn __setstate__(&mut self, state: &str) -> PyResult<()> {
        self.0 = serde_json::from_str(state)
            .map_err(|e| ShogiError::new_err(format!("not a saved clock: {e}")))?;
        Ok(())
    }

    fn __copy__(&self) -> Clock {
        *self
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Clock {
        *self
    }
}
