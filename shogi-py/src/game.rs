//! `Game` (mutable, adjudicated by a `RuleSet`), `Outcome` and `ImpasseStatus`.

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use shogi_rules::Termination;

use crate::errors::{self, ShogiError};
use crate::moves::{Move, MoveArg, MoveList, move_list};
use crate::position::{Position, PositionArg, legal_moves_vec};
use crate::rules::{Clock, RuleSet, duration};
use crate::types::{Color, ColorArg, color_from_any, quote, quote_opt};

/// What `Outcome.__reduce__` returns: the class and its arguments.
type Reduced<'py> = (Bound<'py, PyAny>, (Option<Color>, &'static str));

/// The result of a finished game: `winner` (`None` for a draw or no result) and
/// `termination`, a snake_case name (`"checkmate"`, `"repetition"`, `"impasse"`, …).
#[pyclass(frozen, eq, hash, from_py_object, module = "shogi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Outcome(pub shogi_rules::Outcome);

impl From<shogi_rules::Outcome> for Outcome {
    fn from(o: shogi_rules::Outcome) -> Outcome {
        Outcome(o)
    }
}

#[pymethods]
impl Outcome {
    #[new]
    fn py_new(winner: Option<&Bound<'_, PyAny>>, termination: &str) -> PyResult<Outcome> {
        let termination: Termination = termination.parse().map_err(|e| errors::name_error(&e))?;
        let winner = match winner {
            Some(w) if !w.is_none() => Some(color_from_any(w)?.into()),
            _ => None,
        };
        shogi_rules::Outcome::new(winner, termination)
            .map(Outcome)
            .map_err(|e| errors::outcome_error(&e))
    }

    /// The winner, or `None` for a draw (or a game stopped without result).
    #[getter]
    fn winner(&self) -> Option<Color> {
        self.0.winner.map(Color::from)
    }

    /// How the game ended.
    #[getter]
    fn termination(&self) -> &'static str {
        self.0.termination.as_str()
    }

    /// `"1-0"` (sente won), `"0-1"` (gote won) or `"1/2-1/2"`.
    fn result(&self) -> &'static str {
        match self.0.winner {
            Some(shogi_rules::Color::Sente) => "1-0",
            Some(shogi_rules::Color::Gote) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn __repr__(&self) -> String {
        let winner = match self.0.winner {
            Some(shogi_rules::Color::Sente) => "Color.SENTE",
            Some(shogi_rules::Color::Gote) => "Color.GOTE",
            None => "None",
        };
        format!("Outcome({winner}, {})", quote(self.0.termination.as_str()))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        Ok((
            py.get_type::<Outcome>().into_any(),
            (self.winner(), self.termination()),
        ))
    }
}

/// What an impasse declaration by the side to move would give now.
#[pyclass(frozen, eq, hash, module = "shogi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct ImpasseStatus(shogi_rules::ImpasseStatus);

#[pymethods]
impl ImpasseStatus {
    /// The impasse rule that applies (`RuleSet.impasse`).
    #[getter]
    fn rule(&self) -> &'static str {
        self.0.rule.as_str()
    }

    /// Sente's count under that rule.
    #[getter]
    fn sente_points(&self) -> u32 {
        self.0.sente_points
    }

    /// Gote's count under that rule.
    #[getter]
    fn gote_points(&self) -> u32 {
        self.0.gote_points
    }

    /// Whether the side to move may declare validly now.
    #[getter]
    fn allowed(&self) -> bool {
        self.0.allowed
    }

    /// Why not (`"kings_not_in_zone"`, `"in_check"`, …), or `None` when allowed.
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        self.0.reason.map(|r| r.as_str())
    }

    /// The outcome declaring now would give, or `None` when it would be rejected.
    #[getter]
    fn result(&self) -> Option<Outcome> {
        self.0.result.map(Outcome)
    }

    fn __repr__(&self) -> String {
        format!(
            "ImpasseStatus(rule={}, sente_points={}, gote_points={}, allowed={}, reason={})",
            quote(self.rule()),
            self.0.sente_points,
            self.0.gote_points,
            if self.0.allowed { "True" } else { "False" },
            quote_opt(self.reason())
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let state =
            serde_json::to_string(&self.0).map_err(|e| ShogiError::new_err(e.to_string()))?;
        Ok((
            py.get_type::<ImpasseStatus>().getattr("_restore")?,
            (state,),
        ))
    }

    /// The value of a `__reduce__` state.
    #[staticmethod]
    fn _restore(state: &str) -> PyResult<ImpasseStatus> {
        serde_json::from_str(state)
            .map(ImpasseStatus)
            .map_err(|e| ShogiError::new_err(format!("not a saved ImpasseStatus: {e}")))
    }
}

/// A game: start position, moves, and the result under its rules. Mutable; not hashable.
// pyo3 checks the borrows of each call: a method that changes the game borrows it exclusively,
// and a conflicting call (from another thread, or re-entered from Python code a method calls)
// raises `RuntimeError` instead of waiting.
#[pyclass(module = "shogi_rules._core")]
pub struct Game {
    pub inner: shogi_rules::Game,
    /// The `Move` objects pushed, by ply (`None` where the move came as text), so that `pop`
    /// hands back the object that was pushed instead of making one. Only a hint: `pop` uses an
    /// entry only if it stands at the ply taken back and holds the move taken back. Never
    /// longer than the history: only `push` and `pop` change either's length.
    pushed: Vec<Option<Py<Move>>>,
}

impl From<shogi_rules::Game> for Game {
    fn from(inner: shogi_rules::Game) -> Game {
        Game {
            inner,
            pushed: Vec::new(),
        }
    }
}

impl Game {
    fn from_json_text(py: Python<'_>, text: &str) -> PyResult<shogi_rules::Game> {
        shogi_rules::Game::from_json(text).map_err(|e| errors::game_json_error(py, &e))
    }

    fn to_json_text(&self) -> PyResult<String> {
        Ok(self.inner.to_json())
    }

    /// `Game.push`, for pyo3's method and the direct entry point (`crate::fastcall`).
    pub fn push_impl(
        &mut self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        elapsed: Option<f64>,
    ) -> PyResult<Option<Outcome>> {
        let before = self.inner.history().len();
        let (arg, object) = match r#move.cast::<Move>() {
            Ok(m) => (MoveArg::Move(m.get().0), Some(m)),
            Err(_) => (r#move.extract::<MoveArg>()?, None),
        };
        let result = match (arg, elapsed) {
            (MoveArg::Move(m), None) => self.inner.play(m),
            (MoveArg::Usi(text), None) => self.inner.play_usi(&text),
            (m, Some(seconds)) => {
                let elapsed = duration(seconds)?;
                let m = match m {
                    MoveArg::Move(m) => m,
                    MoveArg::Usi(text) => {
                        if let Some(outcome) = self.inner.outcome() {
                            return Err(errors::game_error(
                                py,
                                &shogi_rules::GameError::GameOver(outcome),
                            ));
                        }
                        self.inner
                            .position()
                            .parse_usi_move(&text)
                            .map_err(|e| errors::usi_move_error(py, &e))?
                    }
                };
                self.inner.play_timed(m, elapsed)
            }
        };
        let outcome = result.map_err(|e| errors::game_error(py, &e))?;
        // A move made after the time ran out is not played.
        if self.inner.history().len() == before + 1 {
            self.remember(before, object.map(|m| m.clone().unbind()));
        }
        Ok(outcome.map(Outcome))
    }

    /// `Game.pop`, for pyo3's method and the direct entry point (`crate::fastcall`).
    pub fn pop_impl<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
        let m = self.inner.undo().map_err(|e| errors::game_error(py, &e))?;
        self.taken_back(py, m)
    }

    /// Records the object of the move just played at ply `before` (`None`: it came as text).
    #[inline(always)]
    fn remember(&mut self, before: usize, object: Option<Py<Move>>) {
        self.pushed.truncate(before);
        if self.pushed.len() < before {
            // Plies played before any was kept (a game read from text or restored).
            self.pushed.resize_with(before, || None);
        }
        self.pushed.push(object);
    }

    /// The object pushed for `m`, the move just taken back, if it is kept.
    #[inline(always)]
    fn kept_object<'py>(
        &mut self,
        py: Python<'py>,
        m: shogi_rules::Move,
    ) -> Option<Bound<'py, Move>> {
        if self.pushed.len() != self.inner.history().len() + 1 {
            return None;
        }
        let object = self.pushed.pop().flatten()?.into_bound(py);
        (object.get().0 == m).then_some(object)
    }

    /// The object for `m`, the move just taken back: the one pushed if it is kept, else a new
    /// one.
    fn taken_back<'py>(
        &mut self,
        py: Python<'py>,
        m: shogi_rules::Move,
    ) -> PyResult<Bound<'py, Move>> {
        match self.kept_object(py, m) {
            Some(object) => Ok(object),
            None => Bound::new(py, Move(m)),
        }
    }

    /// The given colour, or the side to move.
    fn color_or_turn(&self, color: Option<ColorArg>) -> shogi_rules::Color {
        color.map_or_else(|| self.inner.position().turn(), |c| c.0)
    }
}

#[pymethods]
impl Game {
    /// A game from `start` (a `Position` or SFEN; the start position by default) under `rules`
    /// (the site rules by default).
    #[new]
    #[pyo3(signature = (start=None, rules=None))]
    fn py_new(start: Option<PositionArg>, rules: Option<RuleSet>) -> Game {
        let start = start.map_or_else(shogi_rules::Position::startpos, |p| p.0);
        let rules = rules.map_or_else(shogi_rules::RuleSet::site, |r| r.0);
        shogi_rules::Game::from_position(start, rules).into()
    }

    /// A game replayed from a USI `position` command (`"position startpos moves 7g7f"`, the
    /// word `position` optional), within `limits` (`ReadLimits()` by default).
    #[staticmethod]
    #[pyo3(signature = (text, rules=None, *, limits=None))]
    fn from_usi(
        py: Python<'_>,
        text: &str,
        rules: Option<RuleSet>,
        limits: Option<crate::read::ReadLimits>,
    ) -> PyResult<Game> {
        let rules = rules.map_or_else(shogi_rules::RuleSet::site, |r| r.0);
        let limits = limits.map_or(shogi_rules::record::ReadLimits::DEFAULT, |l| l.0);
        shogi_rules::Game::from_usi_with(text, rules, &limits)
            .map(Game::from)
            .map_err(|e| errors::game_from_usi_error(py, &e))
    }

    /// The game as a USI `position` command.
    fn to_usi(&self) -> PyResult<String> {
        Ok(self.inner.to_usi())
    }

    /// The game as JSON: start, moves, rules, result, clocks and draw offers.
    fn to_json(&self) -> PyResult<String> {
        self.to_json_text()
    }

    /// A game restored from `to_json()` text; the moves are replayed and the result, draw offers
    /// and clock checked against them and the rules (`RestoreError` names what is wrong).
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> PyResult<Game> {
        Game::from_json_text(py, text).map(Game::from)
    }

    /// Plays a legal move (a `Move` or USI text) and returns the outcome if it ends the game.
    /// With `elapsed` (seconds the move took), the clock is charged first; if time ran out the
    /// move is not played and the mover loses on time.
    #[pyo3(signature = (r#move, elapsed=None))]
    fn push(
        &mut self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        elapsed: Option<f64>,
    ) -> PyResult<Option<Outcome>> {
        self.push_impl(py, r#move, elapsed)
    }

    /// Takes back the last move and returns it (also after a move that ended the game).
    fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
        self.pop_impl(py)
    }

    /// The current position.
    #[getter]
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, Position>> {
        Bound::new(py, Position::from(self.inner.position().clone()))
    }

    /// The start position.
    #[getter]
    fn start(&self) -> PyResult<Position> {
        Ok(self.inner.start().clone().into())
    }

    /// The moves `push` accepts now, as a `MoveList` (usable with `len`, `in`, indexing and
    /// iteration): the legal moves of the current position while the game runs, none once it
    /// is over.
    #[getter]
    fn legal_moves(&self) -> MoveList {
        MoveList::new(match self.inner.outcome() {
            Some(_) => Vec::new(),
            None => legal_moves_vec(self.inner.position()),
        })
    }

    /// The move of the built-in opponent (`shogi_rules.ai`) for the side to move: a player at
    /// `level` (or at `strength`, a `Level` or an int from 1 to 10, when given) with `seed`,
    /// within the level's budget narrowed by `depth` (plies), `nodes` and `time` (seconds);
    /// `stop` (an `ai.Stop`) ends the search early. Runs without the GIL; Ctrl-C ends it with
    /// `KeyboardInterrupt`. `ai.NoMoveError` when the game is over.
    #[pyo3(signature = (
        level=crate::ai::Level::NORMAL, strength=None, seed=0, depth=None, nodes=None, time=None,
        stop=None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn best_move(
        &self,
        py: Python<'_>,
        level: crate::ai::Level,
        strength: Option<&Bound<'_, PyAny>>,
        seed: u64,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        stop: Option<PyRef<'_, crate::ai::Stop>>,
    ) -> PyResult<Move> {
        crate::ai::best_move(
            py,
            &self.inner,
            level,
            strength,
            seed,
            (depth, nodes, time),
            stop.as_deref(),
        )
    }

    /// The number of moves `legal_moves` lists, counted without making them: 0 once the game
    /// is over.
    fn count_legal_moves(&self) -> PyResult<u64> {
        Ok(self.inner.count_legal_moves())
    }

    /// The moves played, in order.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, &self.inner.moves())
    }

    /// The moves played as USI text.
    fn moves_usi<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(
            py,
            self.inner
                .history()
                .iter()
                .map(|p| crate::moves::usi_string(py, p.mv)),
        )
    }

    /// The last move, or `None`.
    #[getter]
    fn last_move(&self) -> PyResult<Option<Move>> {
        Ok(self.inner.history().last().map(|p| Move(p.mv)))
    }

    /// The number of moves played.
    fn __len__(&self) -> PyResult<usize> {
        Ok(self.inner.history().len())
    }

    /// The result, or `None` while the game goes on.
    #[getter]
    fn outcome(&self) -> PyResult<Option<Outcome>> {
        Ok(self.inner.outcome().map(Outcome))
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> PyResult<bool> {
        Ok(self.inner.outcome().is_some())
    }

    /// Whether the game is over (python-shogi's and cshogi's name; `is_over` as a method).
    fn is_game_over(&self) -> bool {
        self.inner.outcome().is_some()
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.inner.position().in_check()
    }

    /// The last move; `IndexError` when no move has been played.
    fn peek(&self) -> PyResult<Move> {
        self.inner
            .history()
            .last()
            .map(|p| Move(p.mv))
            .ok_or_else(|| PyIndexError::new_err("peek at a game without moves"))
    }

    /// Plays a legal move given as USI text, as `push` does, and returns it as a `Move`.
    fn push_usi(&mut self, py: Python<'_>, usi: &Bound<'_, PyString>) -> PyResult<Move> {
        self.push_impl(py, usi.as_any(), None)?;
        self.peek()
    }

    /// The rules.
    #[getter]
    fn rules(&self) -> PyResult<RuleSet> {
        Ok(RuleSet(*self.inner.rules()))
    }

    /// A copy of the clocks, or `None` for an untimed game.
    #[getter]
    fn clock(&self) -> PyResult<Option<Clock>> {
        Ok(self.inner.clock().copied().map(Clock))
    }

    /// How many times the current position has occurred, this time included.
    fn repetition_count(&self) -> PyResult<u32> {
        Ok(self.inner.repetition_count())
    }

    /// What an impasse declaration by the side to move would give now.
    fn impasse_status(&self) -> PyResult<ImpasseStatus> {
        Ok(ImpasseStatus(self.inner.impasse_status()))
    }

    /// The side to move declares impasse; returns the outcome.
    fn declare_impasse(&mut self, py: Python<'_>) -> PyResult<Outcome> {
        self.inner
            .declare_impasse()
            .map(Outcome)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// `color` (the side to move by default) resigns.
    #[pyo3(signature = (color=None))]
    fn resign(&mut self, py: Python<'_>, color: Option<ColorArg>) -> PyResult<Outcome> {
        let color = self.color_or_turn(color);
        self.inner
            .resign(color)
            .map(Outcome)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// `color` (the side to move by default) loses on time.
    #[pyo3(signature = (color=None))]
    fn flag(&mut self, py: Python<'_>, color: Option<ColorArg>) -> PyResult<Outcome> {
        let color = self.color_or_turn(color);
        self.inner
            .flag(color)
            .map(Outcome)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// Stops the game without a result.
    fn interrupt(&mut self, py: Python<'_>) -> PyResult<Outcome> {
        self.inner
            .interrupt()
            .map(Outcome)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// Checks the side to move's clock `elapsed` seconds into its turn: ends the game on
    /// time if it ran out, and returns the outcome (or `None`).
    fn check_time(&mut self, py: Python<'_>, elapsed: f64) -> PyResult<Option<Outcome>> {
        self.inner
            .check_time(duration(elapsed)?)
            .map(|o| o.map(Outcome))
            .map_err(|e| errors::game_error(py, &e))
    }

    /// `color` (the side to move by default) offers a draw.
    #[pyo3(signature = (color=None))]
    fn offer_draw(&mut self, py: Python<'_>, color: Option<ColorArg>) -> PyResult<()> {
        let color = self.color_or_turn(color);
        self.inner
            .offer_draw(color)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// `color` (the side to move by default) accepts the opponent's offer: a draw.
    #[pyo3(signature = (color=None))]
    fn accept_draw(&mut self, py: Python<'_>, color: Option<ColorArg>) -> PyResult<Outcome> {
        let color = self.color_or_turn(color);
        self.inner
            .accept_draw(color)
            .map(Outcome)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// `color` (the side to move by default) declines the opponent's offer.
    #[pyo3(signature = (color=None))]
    fn decline_draw(&mut self, py: Python<'_>, color: Option<ColorArg>) -> PyResult<()> {
        let color = self.color_or_turn(color);
        self.inner
            .decline_draw(color)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// The player whose draw offer is open, or `None`.
    #[getter]
    fn draw_offer(&self) -> PyResult<Option<Color>> {
        Ok(self.inner.draw_offer().map(Color::from))
    }

    /// Draw offers `color` has made.
    fn draw_offers_made(&self, color: ColorArg) -> PyResult<u32> {
        Ok(self.inner.draw_offers_made(color.0))
    }

    /// The game as a `GameRecord` (start, moves and result), ready to `write`.
    fn record(&self) -> PyResult<crate::record::GameRecord> {
        Ok(shogi_rules::record::GameRecord::from_game(&self.inner).into())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.cast::<Game>() else {
            return false;
        };
        match other.try_borrow() {
            Ok(other) => self.inner == other.inner,
            // Being changed at this moment (by a method that called back into Python): not
            // comparable now.
            _ => false,
        }
    }

    /// The current position as SVG, the last move shaded (as `Position.svg`).
    fn svg(&self) -> String {
        shogi_rules::svg::render(
            self.inner.position(),
            self.inner.history().last().map(|p| p.mv),
        )
    }

    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    /// The board diagram of the current position (as `str(game.position)`).
    fn __str__(&self) -> String {
        shogi_rules::record::bod(self.inner.position())
    }

    fn __repr__(&self) -> PyResult<String> {
        let status = match self.inner.outcome() {
            Some(o) => Outcome(o).__repr__(),
            None => "ongoing".to_string(),
        };
        Ok(format!(
            "<Game {} moves, {status}, {}>",
            self.inner.history().len(),
            quote(&self.inner.position().to_sfen())
        ))
    }

    fn __getstate__(&self) -> PyResult<String> {
        self.to_json_text()
    }

    fn __setstate__(&mut self, py: Python<'_>, state: &Bound<'_, PyString>) -> PyResult<()> {
        let inner = Game::from_json_text(py, &state.to_cow()?)?;
        self.inner = inner;
        // The objects kept belong to the moves replaced.
        self.pushed.clear();
        Ok(())
    }

    fn __copy__(&self) -> PyResult<Game> {
        Ok(self.inner.clone().into())
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<Game> {
        Ok(self.inner.clone().into())
    }
}
