//! `shogi_rules.ai`'s Rust half: the built-in opponent of the `shogi-ai` crate as the classes
//! `Level`, `Stop`, `Player`, `Choice`, `MateReport` and `Hint`, the functions `mate_in_one`,
//! `solve_mate`, `hint` and `search`, and its errors as exceptions.
//!
//! Every search runs with the interpreter detached, on a thread of its own, while the calling
//! thread polls: a `Stop` raised from another Python thread ends it, and so does Ctrl-C when
//! the call comes from the main thread (the search ends, then `KeyboardInterrupt` is raised).

use std::sync::Mutex;
use std::sync::mpsc::{RecvTimeoutError, sync_channel};

use board_py::errors::{obj, raise};
use pyo3::create_exception;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use shogi_ai::Stop as CoreStop;
use shogi_ai::hint::{Hint as CoreHint, Why};
use shogi_ai::level::{
    Choice as CoreChoice, Level as CoreLevel, PlayError, Player as CorePlayer, Strength,
    StrengthError as CoreStrengthError,
};
use shogi_ai::mate::{Exhausted, MateAnswer, MateError, MateLimits, MateReport as CoreReport};
use shogi_ai::search::{Score, SearchLimits, Searcher};

use crate::engine::seconds;
use crate::errors::ShogiError;
use crate::game::Game;
use crate::interrupt::{INTERVAL, Signals};
use crate::moves::{Move, move_list};
use crate::position::PositionArg;

create_exception!(
    shogi_rules,
    AiError,
    ShogiError,
    "Base class of the errors of the built-in opponent (a ShogiError); `.kind` names the error."
);
create_exception!(
    shogi_rules,
    StrengthError,
    AiError,
    "A strength outside 1-10 (`kind` \"strength\"; `.value` is the strength given)."
);
create_exception!(
    shogi_rules,
    MateSearchError,
    AiError,
    "A position a checkmate search cannot start from: `kind` \"opponent_in_check\" (the side \
     not to move is in check) or \"no_defending_king\" (it has no king)."
);
create_exception!(
    shogi_rules,
    NoMoveError,
    AiError,
    "There is no move to choose: `kind` \"game_over\" (the game is over; `.outcome` is its \
     result) or \"no_legal_moves\" (the side to move has none)."
);

/// `StrengthError` for a strength outside 1–10.
fn strength_error(py: Python<'_>, e: &CoreStrengthError) -> PyErr {
    raise::<StrengthError>(
        py,
        e.to_string(),
        &[("kind", obj(py, "strength")), ("value", obj(py, e.0))],
    )
}

/// `MateSearchError` with the kind of each variant.
fn mate_error(py: Python<'_>, e: &MateError) -> PyErr {
    let kind = match e {
        MateError::OpponentInCheck => "opponent_in_check",
        MateError::NoDefendingKing => "no_defending_king",
        // `MateError` is non-exhaustive; no variant of today reaches this arm.
        _ => "other",
    };
    raise::<MateSearchError>(py, e.to_string(), &[("kind", obj(py, kind))])
}

/// `NoMoveError` with the kind of each variant and the game's outcome, if any.
fn play_error(py: Python<'_>, e: &PlayError, game: Option<&shogi_rules::Game>) -> PyErr {
    let kind = match e {
        PlayError::GameOver => "game_over",
        PlayError::NoLegalMoves => "no_legal_moves",
        // `PlayError` is non-exhaustive; no variant of today reaches this arm.
        _ => "other",
    };
    let outcome = game
        .and_then(shogi_rules::Game::outcome)
        .map(crate::game::Outcome::from);
    raise::<NoMoveError>(
        py,
        e.to_string(),
        &[("kind", obj(py, kind)), ("outcome", obj(py, outcome))],
    )
}

/// For the tests: every example of every error of the built-in opponent with its exception, as
/// `(enum, example, exception)`.
#[pyfunction(name = "_ai_error_examples")]
pub fn ai_error_examples(py: Python<'_>) -> Vec<(&'static str, String, Py<PyAny>)> {
    let mut out = Vec::new();
    for e in MateError::examples() {
        let err = mate_error(py, &e);
        out.push(("MateError", format!("{e:?}"), err.into_value(py).into_any()));
    }
    for e in PlayError::examples() {
        let err = play_error(py, &e, None);
        out.push(("PlayError", format!("{e:?}"), err.into_value(py).into_any()));
    }
    for e in CoreStrengthError::examples() {
        let err = strength_error(py, &e);
        out.push((
            "StrengthError",
            format!("{e:?}"),
            err.into_value(py).into_any(),
        ));
    }
    out
}

/// The three levels a person chooses between; `strength` is each one's place on the 1-10
/// scale.
#[pyclass(eq, eq_int, frozen, hash, from_py_object, module = "shogi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[allow(clippy::upper_case_acronyms)]
pub enum Level {
    EASY = 0,
    NORMAL = 1,
    HARD = 2,
}

impl From<Level> for CoreLevel {
    fn from(level: Level) -> CoreLevel {
        match level {
            Level::EASY => CoreLevel::Easy,
            Level::NORMAL => CoreLevel::Normal,
            Level::HARD => CoreLevel::Hard,
        }
    }
}

#[pymethods]
impl Level {
    /// The level's strength, from 1 to 10.
    #[getter]
    fn strength(&self) -> u8 {
        CoreLevel::from(*self).strength().get()
    }
}

/// A strength given as a `Level` or an int from 1 to 10.
fn strength_arg(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Strength> {
    if let Ok(level) = value.extract::<Level>() {
        return Ok(CoreLevel::from(level).strength());
    }
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(
            "a strength is a Level or an int from 1 to 10",
        ));
    }
    let Ok(n) = value.extract::<i64>() else {
        return Err(PyTypeError::new_err(
            "a strength is a Level or an int from 1 to 10",
        ));
    };
    let n = u32::try_from(n).unwrap_or(u32::MAX);
    Strength::new(n).map_err(|e| strength_error(py, &e))
}

/// A flag that ends searches early: hand it to a search, and call `stop()` from another thread
/// (or a signal handler); the search returns the best answer it has. It stays raised until
/// `reset()`.
#[pyclass(frozen, module = "shogi_rules._core")]
#[derive(Default)]
pub struct Stop {
    inner: CoreStop,
}

#[pymethods]
impl Stop {
    /// A flag that is not raised.
    #[new]
    fn py_new() -> Stop {
        Stop::default()
    }

    /// Raises the flag: every search polling it ends soon.
    fn stop(&self) {
        self.inner.stop();
    }

    /// Whether the flag is raised.
    #[getter]
    fn is_stopped(&self) -> bool {
        self.inner.is_stopped()
    }

    /// Lowers the flag, so the next search runs.
    fn reset(&self) {
        self.inner.reset();
    }

    fn __repr__(&self) -> String {
        format!("Stop(is_stopped={})", self.is_stopped())
    }
}

/// Runs `search` with the interpreter detached on a thread of its own, with a flag of its own
/// that the calling thread raises when `stop` is raised or when Python's signal handlers raise
/// an error (Ctrl-C, in the main thread): then the search ends and the error is returned.
fn run_search<T: Send>(
    py: Python<'_>,
    stop: Option<&Stop>,
    search: impl FnOnce(&CoreStop) -> T + Send,
) -> PyResult<T> {
    let mut signals = Signals::new(py);
    let given = stop.map(|s| s.inner.clone());
    py.detach(move || {
        let own = CoreStop::new();
        std::thread::scope(|scope| {
            let (send, receive) = sync_channel(1);
            let flag = &own;
            let worker = scope.spawn(move || {
                let _ = send.send(search(flag));
            });
            loop {
                if given.as_ref().is_some_and(CoreStop::is_stopped) {
                    own.stop();
                }
                match receive.recv_timeout(INTERVAL) {
                    Ok(value) => return Ok(value),
                    Err(RecvTimeoutError::Timeout) => {
                        if let Err(e) = signals.check() {
                            own.stop();
                            let _ = receive.recv();
                            return Err(e);
                        }
                    }
                    // The search panicked before sending: resume its panic here.
                    Err(RecvTimeoutError::Disconnected) => match worker.join() {
                        Ok(()) => unreachable!("the search sends before it ends"),
                        Err(panic) => std::panic::resume_unwind(panic),
                    },
                }
            }
        })
    })
}

/// The search limits of the keyword arguments (`time` in seconds).
fn search_limits(
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<f64>,
) -> PyResult<SearchLimits> {
    Ok(SearchLimits {
        depth,
        nodes,
        time: seconds(time, "time")?,
    })
}

/// A score as `shogi_rules.engine`'s `Cp` or `Mate` (plies).
fn score_object(py: Python<'_>, score: Score) -> PyResult<Py<PyAny>> {
    let engine = py.import("shogi_rules.engine")?;
    let object = match score {
        Score::Cp(cp) => engine.getattr("Cp")?.call1((cp,))?,
        Score::Mate(plies) => engine.getattr("Mate")?.call1((plies,))?,
    };
    Ok(object.unbind())
}

/// A move chosen by a search, with what the search found.
#[pyclass(frozen, module = "shogi_rules._core")]
pub struct Choice {
    inner: CoreChoice,
}

#[pymethods]
impl Choice {
    /// The move to play.
    #[getter]
    fn r#move(&self) -> Move {
        Move::from(self.inner.mv)
    }

    /// Its score from the mover's point of view: `shogi_rules.engine.Cp` (centipawns) or
    /// `Mate` (plies; negative when the mover is mated).
    #[getter]
    fn score(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        score_object(py, self.inner.score)
    }

    /// The line the search expects, starting with `move`.
    #[getter]
    fn pv<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, &self.inner.pv)
    }

    /// The depth of the last completed iteration, in plies.
    #[getter]
    fn depth(&self) -> u32 {
        self.inner.depth
    }

    /// Positions visited.
    #[getter]
    fn nodes(&self) -> u64 {
        self.inner.nodes
    }

    /// Seconds spent.
    #[getter]
    fn elapsed(&self) -> f64 {
        self.inner.elapsed.as_secs_f64()
    }

    fn __repr__(&self) -> String {
        format!(
            "Choice(move={}, score={:?}, depth={}, nodes={})",
            self.inner.mv, self.inner.score, self.inner.depth, self.inner.nodes
        )
    }
}

/// A computer player at a strength (a `Level` or an int from 1 to 10), deterministic for its
/// seed: the same game, strength, seed and limits give the same move unless a time limit or a
/// stop ends the search. It keeps its transposition table between the moves of a game. Calls
/// from several threads take turns.
#[pyclass(frozen, module = "shogi_rules._core")]
pub struct Player {
    inner: Mutex<CorePlayer>,
    strength: Strength,
    seed: u64,
}

/// The move `player` chooses for `game`, with the interpreter detached.
fn choose(
    py: Python<'_>,
    player: &Mutex<CorePlayer>,
    game: shogi_rules::Game,
    limits: SearchLimits,
    stop: Option<&Stop>,
) -> PyResult<CoreChoice> {
    let chosen = run_search(py, stop, |flag| {
        let mut player = player.lock().unwrap_or_else(|p| p.into_inner());
        player.choose(&game, &limits, flag)
    })?;
    chosen.map_err(|e| play_error(py, &e, Some(&game)))
}

#[pymethods]
impl Player {
    /// A player at `level_or_strength` whose choices among near-equal moves and whose mistakes
    /// (at low strengths) follow `seed`. `StrengthError` for a strength outside 1-10.
    #[new]
    #[pyo3(signature = (level_or_strength, seed=0))]
    fn py_new(py: Python<'_>, level_or_strength: &Bound<'_, PyAny>, seed: u64) -> PyResult<Player> {
        let strength = strength_arg(py, level_or_strength)?;
        Ok(Player {
            inner: Mutex::new(CorePlayer::new(strength, seed)),
            strength,
            seed,
        })
    }

    /// The strength, from 1 to 10.
    #[getter]
    fn strength(&self) -> u8 {
        self.strength.get()
    }

    /// The seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// A move for the side to move in `game`, within the strength's budget further narrowed by
    /// `depth` (plies), `nodes` and `time` (seconds); `stop` ends the search early. Runs
    /// without the GIL; Ctrl-C ends it with `KeyboardInterrupt`. `NoMoveError` when the game is
    /// over or the side to move has no move.
    #[pyo3(signature = (game, *, depth=None, nodes=None, time=None, stop=None))]
    fn choose(
        &self,
        py: Python<'_>,
        game: PyRef<'_, Game>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        stop: Option<PyRef<'_, Stop>>,
    ) -> PyResult<Choice> {
        let limits = search_limits(depth, nodes, time)?;
        let game = game.inner.clone();
        let inner = choose(py, &self.inner, game, limits, stop.as_deref())?;
        Ok(Choice { inner })
    }

    fn __repr__(&self) -> String {
        format!("Player({}, seed={})", self.strength.get(), self.seed)
    }
}

/// `Game.best_move`: the move of a new player at `level` (or `strength`, when given) and
/// `seed`, within the limits.
#[allow(clippy::too_many_arguments)]
pub fn best_move(
    py: Python<'_>,
    game: &shogi_rules::Game,
    level: Level,
    strength: Option<&Bound<'_, PyAny>>,
    seed: u64,
    limits: (Option<u32>, Option<u64>, Option<f64>),
    stop: Option<&Stop>,
) -> PyResult<Move> {
    let strength = match strength {
        Some(s) => strength_arg(py, s)?,
        None => CoreLevel::from(level).strength(),
    };
    let limits = search_limits(limits.0, limits.1, limits.2)?;
    let player = Mutex::new(CorePlayer::new(strength, seed));
    let chosen = choose(py, &player, game.clone(), limits, stop)?;
    Ok(Move::from(chosen.mv))
}

/// The best move of `position` at full strength, limited only by `depth` (plies), `nodes` and
/// `time` (seconds): with none of them it runs to depth 64 or until `stop` is raised. A new
/// transposition table and no earlier positions (no repetition). Runs without the GIL; Ctrl-C
/// ends it with `KeyboardInterrupt`. `NoMoveError` when the side to move has no legal move.
#[pyfunction]
#[pyo3(signature = (position, *, depth=None, nodes=None, time=None, stop=None))]
pub fn search(
    py: Python<'_>,
    position: PositionArg,
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<f64>,
    stop: Option<PyRef<'_, Stop>>,
) -> PyResult<Choice> {
    let limits = search_limits(depth, nodes, time)?;
    let pos = position.0;
    let result = run_search(py, stop.as_deref(), |flag| {
        let mut searcher = Searcher::new(Strength::MAX.budget().table_bytes);
        searcher.search(&pos, &[], &limits, flag, &mut |_| {})
    })?;
    let Some(mv) = result.best else {
        return Err(play_error(py, &PlayError::NoLegalMoves, None));
    };
    Ok(Choice {
        inner: CoreChoice {
            mv,
            score: result.info.score,
            pv: result.info.pv,
            depth: result.info.depth,
            nodes: result.info.nodes,
            elapsed: result.info.elapsed,
        },
    })
}

/// A move of the side to move that checkmates at once, or None. Pawn drops that would
/// checkmate are illegal (uchifuzume) and never returned.
#[pyfunction]
pub fn mate_in_one(position: PositionArg) -> Option<Move> {
    shogi_ai::mate::mate_in_one(&position.0).map(Move::from)
}

/// The answer of a checkmate search with what it cost.
#[pyclass(frozen, module = "shogi_rules._core")]
pub struct MateReport {
    inner: CoreReport,
}

#[pymethods]
impl MateReport {
    /// `"mate"` (a forced mate, in `moves`), `"no_mate"` (proven: no sequence of checks forces
    /// mate within the limit of plies) or `"unknown"` (the search ended first; see `reason`).
    #[getter]
    fn kind(&self) -> &'static str {
        match self.inner.answer {
            MateAnswer::Mate(_) => "mate",
            MateAnswer::NoMate => "no_mate",
            MateAnswer::Unknown(_) => "unknown",
        }
    }

    /// The mate: the attacker's and the defender's moves, ending in checkmate (empty unless
    /// `kind` is `"mate"`).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        match &self.inner.answer {
            MateAnswer::Mate(moves) => move_list(py, moves),
            _ => move_list(py, &[]),
        }
    }

    /// Why the search ended undecided: `"nodes"`, `"time"`, `"stopped"` or `"depth"` (a line
    /// was refuted only for being longer than the solver's longest line); None unless `kind` is
    /// `"unknown"`.
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        match self.inner.answer {
            MateAnswer::Unknown(why) => Some(match why {
                Exhausted::Nodes => "nodes",
                Exhausted::Time => "time",
                Exhausted::Stopped => "stopped",
                Exhausted::Depth => "depth",
            }),
            MateAnswer::Mate(_) | MateAnswer::NoMate => None,
        }
    }

    /// Positions visited.
    #[getter]
    fn nodes(&self) -> u64 {
        self.inner.nodes
    }

    /// Seconds spent.
    #[getter]
    fn elapsed(&self) -> f64 {
        self.inner.elapsed.as_secs_f64()
    }

    fn __repr__(&self) -> String {
        format!(
            "MateReport(kind={:?}, moves={}, reason={:?}, nodes={})",
            self.kind(),
            match &self.inner.answer {
                MateAnswer::Mate(moves) => moves.len(),
                _ => 0,
            },
            self.reason(),
            self.inner.nodes
        )
    }
}

/// Searches `position` for a forced checkmate by the side to move (the attacker plays only
/// checks, the defender every legal evasion) within `nodes` (None: no limit), `time` (seconds)
/// and `max_plies`; with `defender_holds_remaining`, the defender holds every piece that is
/// neither on the board nor in the attacker's hand (the tsume convention). A mate found replays
/// to checkmate with `Game`. Runs without the GIL; `stop` or Ctrl-C ends it.
/// `MateSearchError` for a position a search cannot start from.
#[pyfunction]
#[pyo3(
    signature = (
        position, *, nodes=Some(1_000_000), time=None, max_plies=None,
        defender_holds_remaining=false, stop=None
    ),
    text_signature = "(position, *, nodes=1000000, time=None, max_plies=None, \
                      defender_holds_remaining=False, stop=None)"
)]
pub fn solve_mate(
    py: Python<'_>,
    position: PositionArg,
    nodes: Option<u64>,
    time: Option<f64>,
    max_plies: Option<u32>,
    defender_holds_remaining: bool,
    stop: Option<PyRef<'_, Stop>>,
) -> PyResult<MateReport> {
    let limits = MateLimits {
        nodes,
        time: seconds(time, "time")?,
        max_plies,
        defender_holds_remaining,
    };
    let pos = position.0;
    let report = run_search(py, stop.as_deref(), |flag| {
        shogi_ai::mate::solve_mate(&pos, &limits, flag)
    })?;
    report
        .map(|inner| MateReport { inner })
        .map_err(|e| mate_error(py, &e))
}

/// A suggested move and why.
#[pyclass(frozen, module = "shogi_rules._core")]
pub struct Hint {
    inner: CoreHint,
}

#[pymethods]
impl Hint {
    /// The move.
    #[getter]
    fn r#move(&self) -> Move {
        Move::from(self.inner.mv)
    }

    /// Why it is suggested: `"mates"` (it starts a forced mate in `value` plies),
    /// `"stops_mate"` (the opponent threatens mate and it stops it), `"wins_material"` (it wins
    /// about `value` centipawns) or `"best_position"` (the search prefers it).
    #[getter]
    fn why(&self) -> &'static str {
        match self.inner.why {
            Why::Mates(_) => "mates",
            Why::StopsMate => "stops_mate",
            Why::WinsMaterial(_) => "wins_material",
            Why::BestPosition => "best_position",
            // `Why` is non-exhaustive; no variant of today reaches this arm.
            _ => "other",
        }
    }

    /// The number that goes with `why`: plies to mate, or centipawns won; None for the others.
    #[getter]
    fn value(&self) -> Option<i64> {
        match self.inner.why {
            Why::Mates(plies) => Some(i64::from(plies)),
            Why::WinsMaterial(cp) => Some(i64::from(cp)),
            _ => None,
        }
    }

    /// The move's score from the mover's point of view (`Cp` or `Mate`, as `Choice.score`).
    #[getter]
    fn score(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        score_object(py, self.inner.score)
    }

    fn __repr__(&self) -> String {
        format!(
            "Hint(move={}, why={:?}, value={:?})",
            self.inner.mv,
            self.why(),
            self.value()
        )
    }
}

/// The move the strongest level would play in `game`, and why. Runs without the GIL; `stop`
/// or Ctrl-C ends it. `NoMoveError` when there is no move to suggest.
#[pyfunction]
#[pyo3(signature = (game, stop=None))]
pub fn hint(
    py: Python<'_>,
    game: PyRef<'_, Game>,
    stop: Option<PyRef<'_, Stop>>,
) -> PyResult<Hint> {
    let game = game.inner.clone();
    let found = run_search(py, stop.as_deref(), |flag| {
        shogi_ai::hint::hint(&game, flag)
    })?;
    found
        .map(|inner| Hint { inner })
        .map_err(|e| play_error(py, &e, Some(&game)))
}

/// Adds the classes, functions and exceptions of the built-in opponent to the module.
pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("AiError", py.get_type::<AiError>())?;
    m.add("StrengthError", py.get_type::<StrengthError>())?;
    m.add("MateSearchError", py.get_type::<MateSearchError>())?;
    m.add("NoMoveError", py.get_type::<NoMoveError>())?;
    m.add_class::<Level>()?;
    m.add_class::<Stop>()?;
    m.add_class::<Player>()?;
    m.add_class::<Choice>()?;
    m.add_class::<MateReport>()?;
    m.add_class::<Hint>()?;
    m.add_function(wrap_pyfunction!(search, m)?)?;
    m.add_function(wrap_pyfunction!(mate_in_one, m)?)?;
    m.add_function(wrap_pyfunction!(solve_mate, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(ai_error_examples, m)?)?;
    Ok(())
}
