//! `RuleSet`, and the clock settings and the clock (defined in board-py). Durations are
//! `float` seconds in Python.

use pyo3::prelude::*;
use shogi_rules::ImpasseRule;

use crate::errors::{self, ShogiError};
use crate::types::quote;

fn impasse_rule(name: &str) -> PyResult<ImpasseRule> {
    name.parse().map_err(|e| errors::name_error(&e))
}

board_py::clock_classes! {
    module = "shogi_rules._core",
    core = shogi_rules,
    error = crate::errors::ShogiError,
    color = crate::types::ColorArg,
    sides = (sente = Sente, gote = Gote),
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
            clock: clock.settings(),
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
                    rules.clock = value.extract::<ClockArg>()?.settings();
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
            board_py::clock::py_bool(r.perpetual_check_loses),
            r.move_limit,
            r.draw_offers,
            board_py::clock::py_bool(r.invalid_declaration_loses),
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
