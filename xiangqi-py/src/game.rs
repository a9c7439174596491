//! `Game` (mutable, adjudicated by a `RuleSet`), `Outcome` and `RuleSet`.

use core::time::Duration;

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use xiangqi_rules::Termination;

use crate::clock::{Clock, ClockArg, ClockSettings, duration};
use crate::errors::{self, XiangqiError};
use crate::moves::{Move, MoveArg, MoveList};
use crate::position::{Position, PositionArg, diagram, legal_moves_vec};
use crate::types::{Color, ColorArg, color_from_any, quote};

/// The result of a finished game: `winner` (`None` for a draw) and `termination`, a snake_case
/// name (`"checkmate"`, `"perpetual_check"`, `"repetition"`, `"resignation"`, …).
#[pyclass(frozen, eq, hash, from_py_object, module = "xiangqi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Outcome(pub xiangqi_rules::Outcome);

/// What `Outcome.__reduce__` returns: the class and its arguments.
type ReducedOutcome<'py> = (Bound<'py, PyAny>, (Option<Color>, &'static str));

#[pymethods]
impl Outcome {
    /// An outcome; `XiangqiError` when the winner does not fit the termination (a winner
    /// exactly for checkmate, no legal moves, perpetual check, resignation and timeout).
    #[new]
    fn py_new(winner: Option<&Bound<'_, PyAny>>, termination: &str) -> PyResult<Outcome> {
        let termination: Termination = termination.parse().map_err(|e| errors::name_error(&e))?;
        let winner = match winner {
            Some(w) if !w.is_none() => Some(color_from_any(w)?.into()),
            _ => None,
        };
        let outcome = xiangqi_rules::Outcome {
            winner,
            termination,
        };
        if !outcome.is_consistent() {
            return Err(XiangqiError::new_err(format!(
                "a game ended by {} {}",
                termination.as_str(),
                if termination.requires_winner() {
                    "has a winner"
                } else {
                    "is a draw"
                }
            )));
        }
        Ok(Outcome(outcome))
    }

    /// The winner, or `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<Color> {
        self.0.winner.map(Color::from)
    }

    /// The loser, or `None` for a draw.
    #[getter]
    fn loser(&self) -> Option<Color> {
        self.0.loser().map(Color::from)
    }

    /// How the game ended.
    #[getter]
    fn termination(&self) -> &'static str {
        self.0.termination.as_str()
    }

    /// `"1-0"` (Red won), `"0-1"` (Black won) or `"1/2-1/2"`.
    fn result(&self) -> &'static str {
        match self.0.winner {
            Some(xiangqi_rules::Color::Red) => "1-0",
            Some(xiangqi_rules::Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn __repr__(&self) -> String {
        let winner = match self.0.winner {
            Some(xiangqi_rules::Color::Red) => "Color.RED",
            Some(xiangqi_rules::Color::Black) => "Color.BLACK",
            None => "None",
        };
        format!("Outcome({winner}, {})", quote(self.0.termination.as_str()))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<ReducedOutcome<'py>> {
        Ok((
            py.get_type::<Outcome>().into_any(),
            (self.winner(), self.termination()),
        ))
    }
}

/// The rules a `Game` adjudicates by. `RuleSet()` is the site rules: the third occurrence of a
/// position ends the game, perpetual check loses, 300 plies draw, bare material draws, draw
/// offers unlimited, a clock of 5 minutes plus 3 byo-yomi periods of 30 s (`clock=None`: untimed).
#[pyclass(frozen, eq, hash, from_py_object, module = "xiangqi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct RuleSet(pub xiangqi_rules::RuleSet);

/// What `RuleSet.__reduce__` returns: the class and its arguments.
type ReducedRules<'py> = (
    Bound<'py, PyAny>,
    (u32, bool, u32, bool, Option<u32>, Option<ClockSettings>),
);

#[pymethods]
impl RuleSet {
    /// The site rules, with any of them changed by keyword.
    #[new]
    #[pyo3(signature = (
        repetitions=3,
        perpetual_check_loses=true,
        move_limit=300,
        bare_material_draw=true,
        max_draw_offers=None,
        clock=ClockArg::Site,
    ))]
    fn py_new(
        repetitions: u32,
        perpetual_check_loses: bool,
        move_limit: u32,
        bare_material_draw: bool,
        max_draw_offers: Option<u32>,
        clock: ClockArg,
    ) -> RuleSet {
        RuleSet(xiangqi_rules::RuleSet {
            repetitions,
            perpetual_check_loses,
            move_limit,
            bare_material_draw,
            max_draw_offers,
            clock: clock.settings(),
        })
    }

    /// How many occurrences of one position (board and side to move) end the game (values
    /// below 2 are read as 2).
    #[getter]
    fn repetitions(&self) -> u32 {
        self.0.repetitions
    }

    /// Whether, at the repetition, a side that gave check with every one of its moves since the
    /// first occurrence loses (else the game is a plain draw).
    #[getter]
    fn perpetual_check_loses(&self) -> bool {
        self.0.perpetual_check_loses
    }

    /// The game is drawn after this many plies unless the last one ends it otherwise; 0 means
    /// no limit.
    #[getter]
    fn move_limit(&self) -> u32 {
        self.0.move_limit
    }

    /// Whether the game is drawn at once when neither side has a chariot, horse, cannon or
    /// soldier.
    #[getter]
    fn bare_material_draw(&self) -> bool {
        self.0.bare_material_draw
    }

    /// How many draw offers each player may make in a game (`Game.offer_draw`); `None` is no
    /// limit.
    #[getter]
    fn max_draw_offers(&self) -> Option<u32> {
        self.0.max_draw_offers
    }

    /// The clock settings, or `None` for untimed games.
    #[getter]
    fn clock(&self) -> Option<ClockSettings> {
        self.0.clock.map(ClockSettings)
    }

    fn __repr__(&self) -> String {
        let b = |v: bool| if v { "True" } else { "False" };
        let max = self
            .0
            .max_draw_offers
            .map_or_else(|| "None".to_string(), |m| m.to_string());
        let clock = self
            .clock()
            .map_or_else(|| "None".to_string(), |c| c.__repr__());
        format!(
            "RuleSet(repetitions={}, perpetual_check_loses={}, move_limit={}, \
             bare_material_draw={}, max_draw_offers={max}, clock={clock})",
            self.0.repetitions,
            b(self.0.perpetual_check_loses),
            self.0.move_limit,
            b(self.0.bare_material_draw),
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<ReducedRules<'py>> {
        Ok((
            py.get_type::<RuleSet>().into_any(),
            (
                self.0.repetitions,
                self.0.perpetual_check_loses,
                self.0.move_limit,
                self.0.bare_material_draw,
                self.0.max_draw_offers,
                self.clock(),
            ),
        ))
    }
}

/// What `Game.__reduce__` returns: `Game._restore` and the game as JSON (`Game.to_json`).
type ReducedGame<'py> = (Bound<'py, PyAny>, (String,));

/// A game: start position, moves, and the result under its rules, adjudicated after every
/// move. Mutable; not hashable.
// pyo3 checks the borrows of each call: a method that changes the game borrows it exclusively,
// and a conflicting call (from another thread, or re-entered from Python code a method calls)
// raises `RuntimeError` instead of waiting.
#[pyclass(module = "xiangqi_rules._core")]
pub struct Game {
    pub inner: xiangqi_rules::Game,
}

impl Game {
    fn color_or_turn(&self, color: Option<ColorArg>) -> xiangqi_rules::Color {
        color.map_or_else(|| self.inner.position().turn(), |c| c.0)
    }

    fn ended(&self) -> PyResult<Outcome> {
        self.inner
            .outcome()
            .map(Outcome)
            .ok_or_else(|| XiangqiError::new_err("the game did not end"))
    }

    /// Plays `m` charged `elapsed` on the mover's clock; ICCS text that is no legal move
    /// raises as `push` does.
    fn play_timed(
        &mut self,
        py: Python<'_>,
        m: MoveArg,
        elapsed: Duration,
    ) -> PyResult<Result<(), xiangqi_rules::GameError>> {
        let m = match m {
            MoveArg::Move(m) => m,
            MoveArg::Iccs(text) => {
                if let Some(outcome) = self.inner.outcome() {
                    return Ok(Err(xiangqi_rules::GameError::GameOver(outcome)));
                }
                self.inner
                    .position()
                    .parse_iccs_move(&text)
                    .map_err(|e| errors::iccs_move_error(py, &e))?
            }
        };
        Ok(self.inner.play_timed(m, elapsed).map(|_| ()))
    }

    fn from_json_text(py: Python<'_>, text: &str) -> PyResult<Game> {
        xiangqi_rules::Game::from_json(text)
            .map(|inner| Game { inner })
            .map_err(|e| errors::game_json_error(py, &e))
    }
}

#[pymethods]
impl Game {
    /// A game from `start` (a `Position` or FEN; the start position by default) under `rules`
    /// (the site rules by default). Plies are counted from 0 whatever the FEN counters say; a
    /// start that is already decided (no legal move, bare material) ends the game at once.
    #[new]
    #[pyo3(signature = (start=None, rules=None))]
    fn py_new(start: Option<PositionArg>, rules: Option<RuleSet>) -> Game {
        let start = start.map_or_else(xiangqi_rules::Position::startpos, |p| p.0);
        let rules = rules.map_or_else(xiangqi_rules::RuleSet::site, |r| r.0);
        Game {
            inner: xiangqi_rules::Game::from_position(start, rules),
        }
    }

    /// Plays a legal move (a `Move`, ICCS text or a move code); returns the `Outcome` when the
    /// move ends the game, else `None`. `GameOverError` once the game is over; the game is
    /// unchanged by a move that fails. With `elapsed` (seconds the move took), the clock is
    /// charged first; if time ran out the move is not played and the mover loses on time
    /// (`GameActionError` of kind `"no_clock"` for an untimed game).
    #[pyo3(signature = (r#move, elapsed=None))]
    fn push(
        &mut self,
        py: Python<'_>,
        r#move: MoveArg,
        elapsed: Option<f64>,
    ) -> PyResult<Option<Outcome>> {
        let result = match (r#move, elapsed.map(duration).transpose()?) {
            (MoveArg::Move(m), None) => self.inner.play(m),
            (MoveArg::Iccs(text), None) => self.inner.play_iccs(&text).map(|_| ()),
            (m, Some(elapsed)) => self.play_timed(py, m, elapsed)?,
        };
        result.map_err(|e| errors::game_error(py, &e))?;
        Ok(self.inner.outcome().map(Outcome))
    }

    /// Plays a legal move given as ICCS text, as `push` does, and returns it as a `Move`.
    fn push_iccs(&mut self, py: Python<'_>, iccs: &Bound<'_, PyString>) -> PyResult<Move> {
        self.inner
            .play_iccs(&iccs.to_cow()?)
            .map(Move)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// Takes back the last move and returns it, with the end of the game if that move ended
    /// it. `GameActionError` (kind `"nothing_to_undo"`) without a move; `GameOverError` after
    /// a resignation, a timeout or an agreed draw.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Move> {
        self.inner
            .undo()
            .map(Move)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// The last move; `IndexError` when no move has been played.
    fn peek(&self) -> PyResult<Move> {
        self.inner
            .plies()
            .last()
            .map(|p| Move(p.mv))
            .ok_or_else(|| PyIndexError::new_err("peek at a game without moves"))
    }

    /// The current position.
    #[getter]
    fn position(&self) -> Position {
        self.inner.position().clone().into()
    }

    /// The start position.
    #[getter]
    fn start(&self) -> Position {
        self.inner.start().clone().into()
    }

    /// The rules.
    #[getter]
    fn rules(&self) -> RuleSet {
        RuleSet(*self.inner.rules())
    }

    /// The moves `push` accepts now, as a `MoveList`: the legal moves of the current position
    /// while the game runs, none once it is over.
    #[getter]
    fn legal_moves(&self) -> MoveList {
        MoveList::new(match self.inner.outcome() {
            Some(_) => Vec::new(),
            None => legal_moves_vec(self.inner.position()),
        })
    }

    /// The moves played, in order, as a `MoveList`.
    #[getter]
    fn moves(&self) -> MoveList {
        MoveList::new(self.inner.moves().collect())
    }

    /// The moves played as ICCS text.
    fn moves_iccs(&self) -> Vec<String> {
        self.inner.moves().map(|m| m.to_string()).collect()
    }

    /// For each move played, whether it gave check.
    fn checks(&self) -> Vec<bool> {
        self.inner.plies().iter().map(|p| p.check).collect()
    }

    /// The number of moves played.
    fn __len__(&self) -> usize {
        self.inner.ply_count()
    }

    /// The result, or `None` while the game goes on.
    #[getter]
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome().map(Outcome)
    }

    /// Whether the game is over.
    fn is_game_over(&self) -> bool {
        self.inner.is_over()
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.inner.position().in_check()
    }

    /// How many times the current position (board and side to move) has occurred in the game,
    /// this time included.
    fn occurrences(&self) -> usize {
        self.inner.occurrences()
    }

    /// `color` (the side to move by default) resigns: the other side wins. Returns the
    /// `Outcome`; `GameOverError` once the game is over.
    #[pyo3(signature = (color=None))]
    fn resign(&mut self, py: Python<'_>, color: Option<ColorArg>) -> PyResult<Outcome> {
        let color = self.color_or_turn(color);
        self.inner
            .resign(color)
            .map_err(|e| errors::game_error(py, &e))?;
        self.ended()
    }

    /// `color` (the side to move by default) ran out of time: the other side wins (a timed
    /// game's clock marks `color` as timed out; an untimed game may end so too, see `flag`).
    /// Returns the `Outcome`; `GameOverError` once the game is over.
    #[pyo3(signature = (color=None))]
    fn time_out(&mut self, py: Python<'_>, color: Option<ColorArg>) -> PyResult<Outcome> {
        let color = self.color_or_turn(color);
        self.inner
            .time_out(color)
            .map_err(|e| errors::game_error(py, &e))?;
        self.ended()
    }

    /// `color` (the side to move by default) loses on time, as reported by a clock outside the
    /// game; the game's clock marks `color` as timed out. Returns the `Outcome`;
    /// `GameOverError` once the game is over, `GameActionError` (kind `"no_clock"`) for an
    /// untimed game.
    #[pyo3(signature = (color=None))]
    fn flag(&mut self, py: Python<'_>, color: Option<ColorArg>) -> PyResult<Outcome> {
        let color = self.color_or_turn(color);
        self.inner
            .flag(color)
            .map(Outcome)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// Checks the side to move's clock `elapsed` seconds into its turn: ends the game on
    /// time if it ran out, and returns the outcome (or `None`). `GameOverError` once the game
    /// is over, `GameActionError` (kind `"no_clock"`) for an untimed game.
    fn check_time(&mut self, py: Python<'_>, elapsed: f64) -> PyResult<Option<Outcome>> {
        self.inner
            .check_time(duration(elapsed)?)
            .map(|o| o.map(Outcome))
            .map_err(|e| errors::game_error(py, &e))
    }

    /// A copy of the clocks, or `None` for an untimed game.
    #[getter]
    fn clock(&self) -> Option<Clock> {
        self.inner.clock().copied().map(Clock)
    }

    /// The players agree to a draw at once: an open draw offer is accepted; with none open,
    /// this is an offer by the side to move (counted by `draw_offers_made`) accepted by the
    /// other side. Returns the `Outcome`; `GameOverError` once the game is over,
    /// `GameActionError` (kind `"no_draw_offers_left"`) when no offer is open and the side to
    /// move has made all the offers the rules allow.
    fn agree_draw(&mut self, py: Python<'_>) -> PyResult<Outcome> {
        self.inner
            .agree_draw()
            .map_err(|e| errors::game_error(py, &e))?;
        self.ended()
    }

    /// `color` (the side to move by default) offers a draw: either side may, on its own turn
    /// or not, while no offer is open, up to `RuleSet.max_draw_offers` offers. The offer stays
    /// open until the opponent accepts or declines it, the opponent moves, a move is taken
    /// back, or the game ends. `GameOverError`; `GameActionError` of kind
    /// `"draw_offer_pending"` or `"no_draw_offers_left"`.
    #[pyo3(signature = (color=None))]
    fn offer_draw(&mut self, py: Python<'_>, color: Option<ColorArg>) -> PyResult<()> {
        let color = self.color_or_turn(color);
        self.inner
            .offer_draw(color)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// `color` (the side to move by default) accepts the opponent's open offer: the game is
    /// drawn by agreement; returns the `Outcome`. `GameOverError`; `GameActionError` of kind
    /// `"no_draw_offer"` when no offer of the opponent is open.
    #[pyo3(signature = (color=None))]
    fn accept_draw(&mut self, py: Python<'_>, color: Option<ColorArg>) -> PyResult<Outcome> {
        let color = self.color_or_turn(color);
        self.inner
            .accept_draw(color)
            .map_err(|e| errors::game_error(py, &e))?;
        self.ended()
    }

    /// `color` (the side to move by default) declines the opponent's open offer. Errors as
    /// `accept_draw`.
    #[pyo3(signature = (color=None))]
    fn decline_draw(&mut self, py: Python<'_>, color: Option<ColorArg>) -> PyResult<()> {
        let color = self.color_or_turn(color);
        self.inner
            .decline_draw(color)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// The side whose draw offer is open, or `None`.
    #[getter]
    fn draw_offer(&self) -> Option<Color> {
        self.inner.draw_offer().map(Color::from)
    }

    /// The draw offers `color` has made in this game.
    fn draw_offers_made(&self, color: ColorArg) -> u32 {
        self.inner.draw_offers_made(color.0)
    }

    /// The game as JSON: start FEN, moves in ICCS, rules, result, the clocks, the draw offers
    /// made and the open offer. `Game.from_json` reads it back.
    fn to_json(&self) -> String {
        self.inner.to_json()
    }

    /// A game restored from `to_json()` text: the moves are replayed under the saved rules and
    /// the result, draw offers and clock checked against them; `RestoreError` (with `.kind`) when the
    /// text is not a saved game or does not restore.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<Game> {
        Game::from_json_text(py, &text.to_cow()?)
    }

    /// Equal games: the same rules, start, moves and result.
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> bool {
        if slf.is(other) {
            return true;
        }
        let Ok(other) = other.cast::<Game>() else {
            return false;
        };
        match (slf.try_borrow(), other.try_borrow()) {
            (Ok(a), Ok(b)) => a.inner == b.inner,
            // Being changed at this moment (by another thread): not comparable now.
            _ => false,
        }
    }

    /// The board diagram of the current position (as `str(game.position)`).
    fn __str__(&self) -> String {
        diagram(self.inner.position())
    }

    fn __repr__(&self) -> String {
        let status = match self.inner.outcome() {
            Some(o) => Outcome(o).__repr__(),
            None => "ongoing".to_string(),
        };
        format!(
            "<Game {} moves, {status}, {}>",
            self.inner.ply_count(),
            quote(&self.inner.position().to_fen())
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<ReducedGame<'py>> {
        Ok((
            py.get_type::<Game>().getattr("_restore")?,
            (self.inner.to_json(),),
        ))
    }

    /// The game of a `__reduce__` state, its JSON (`to_json`), restored as `from_json` does:
    /// replayed move by move and its result, draw offers and clock checked, so that a forged state
    /// raises `RestoreError`.
    #[staticmethod]
    fn _restore(py: Python<'_>, state: &Bound<'_, PyString>) -> PyResult<Game> {
        Game::from_json_text(py, &state.to_cow()?)
    }

    fn __copy__(&self) -> Game {
        Game {
            inner: self.inner.clone(),
        }
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.__copy__()
    }
}
