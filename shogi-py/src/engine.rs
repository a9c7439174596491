//! `shogi_rules.engine`'s Rust half: a USI engine (the `shogi-usi` client) as the class
//! `_UsiEngine`, and the translation of every `shogi_usi::EngineError` into an exception.
//!
//! The Python module `shogi_rules/engine.py` builds python-chess's `SimpleEngine` API on top of
//! this class: limits, scores and result objects are plain Python there; every exchange with
//! the engine happens here, with the interpreter detached while the engine is waited for.

use std::sync::Mutex;
use std::time::Duration;

use pyo3::IntoPyObjectExt;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use shogi_rules::usi::{CheckmateReply, UsiOptionKind};
use shogi_usi::{
    AnalysisLine, Engine, EngineConfig, EngineError as CoreEngineError, Limit, OptionValueError,
    Played, Waiting,
};

use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::usi::info_fields_into;

create_exception!(
    shogi_rules,
    EngineError,
    PyRuntimeError,
    "Base class of the errors of a USI engine (a RuntimeError); `.kind` names the error and \
     `.program` the engine."
);
create_exception!(
    shogi_rules,
    EngineStartError,
    EngineError,
    "The engine program could not be started (`kind` \"spawn\"; `.errno` is the OS error)."
);
create_exception!(
    shogi_rules,
    EngineTerminatedError,
    EngineError,
    "The engine exited (`kind` \"died\", with `.status` and `.stderr_tail`) or was already \
     gone (`kind` \"dead\")."
);
create_exception!(
    shogi_rules,
    EngineIoError,
    EngineError,
    "Writing to the engine failed while it was running (`kind` \"io\")."
);
create_exception!(
    shogi_rules,
    EngineTimeoutError,
    EngineError,
    "The engine did not answer in time (`kind` \"timeout\"); `.killed` tells whether it was \
     killed (it stays usable when it answered late)."
);
create_exception!(
    shogi_rules,
    IllegalEngineMoveError,
    EngineError,
    "The engine's best move is illegal or malformed (`kind` \"illegal_move\"; `.text`, \
     `.reason`, `.sfen`)."
);
create_exception!(
    shogi_rules,
    EngineProtocolError,
    EngineError,
    "The engine sent a malformed reply (`kind` \"protocol\"; `.line`, `.reason`)."
);
create_exception!(
    shogi_rules,
    EngineOptionError,
    EngineError,
    "An option the engine does not declare (`kind` \"unknown_option\"), a value that does not \
     suit it (\"bad_option_value\", `.reason`), or more lines than it can give \
     (\"multipv_unsupported\")."
);

/// The exception of class `T` with `kind`, `program` and the given attributes.
fn raise<T: pyo3::PyTypeInfo>(
    py: Python<'_>,
    e: &CoreEngineError,
    kind: &str,
    program: Option<&str>,
    attributes: Vec<(&str, Py<PyAny>)>,
) -> PyErr {
    let err = PyErr::new::<T, _>(e.to_string());
    let value = err.value(py);
    // Setting an attribute on a fresh exception instance cannot fail.
    let _ = value.setattr("kind", kind);
    let _ = value.setattr("program", program);
    for (name, attribute) in attributes {
        let _ = value.setattr(name, attribute.bind(py));
    }
    err
}

fn obj<'py, T: IntoPyObject<'py>>(py: Python<'py>, value: T) -> Py<PyAny> {
    value.into_py_any(py).unwrap_or_else(|_| py.None())
}

fn waiting_name(waiting: Waiting) -> &'static str {
    match waiting {
        Waiting::UsiOk => "usiok",
        Waiting::ReadyOk => "readyok",
        Waiting::BestMove => "bestmove",
        Waiting::Checkmate => "checkmate",
        Waiting::Write => "write",
    }
}

fn option_value_reason(e: &OptionValueError) -> &'static str {
    match e {
        OptionValueError::NotBool(_) => "not_bool",
        OptionValueError::NotInteger(_) => "not_integer",
        OptionValueError::OutOfRange { .. } => "out_of_range",
        OptionValueError::NotAVar { .. } => "not_a_var",
        OptionValueError::ButtonValue => "button_value",
        OptionValueError::MissingValue => "missing_value",
        OptionValueError::LineBreak => "line_break",
    }
}

/// The exception of each variant of `shogi_usi::EngineError`.
pub fn engine_error(py: Python<'_>, e: &CoreEngineError) -> PyErr {
    match e {
        CoreEngineError::Spawn { program, source } => raise::<EngineStartError>(
            py,
            e,
            "spawn",
            Some(program),
            vec![("errno", obj(py, source.raw_os_error()))],
        ),
        CoreEngineError::Io { program, .. } => {
            raise::<EngineIoError>(py, e, "io", Some(program), vec![])
        }
        CoreEngineError::Died {
            program,
            status,
            waiting_for,
            stderr_tail,
        } => raise::<EngineTerminatedError>(
            py,
            e,
            "died",
            Some(program),
            vec![
                ("status", obj(py, status.and_then(|s| s.code()))),
                ("waiting_for", obj(py, waiting_name(*waiting_for))),
                ("stderr_tail", obj(py, stderr_tail.clone())),
            ],
        ),
        CoreEngineError::Timeout {
            program,
            waiting_for,
            killed,
            ..
        } => raise::<EngineTimeoutError>(
            py,
            e,
            "timeout",
            Some(program),
            vec![
                ("waiting_for", obj(py, waiting_name(*waiting_for))),
                ("killed", obj(py, *killed)),
            ],
        ),
        CoreEngineError::Dead { program } => {
            raise::<EngineTerminatedError>(py, e, "dead", Some(program), vec![])
        }
        CoreEngineError::IllegalMove {
            program,
            text,
            reason,
            sfen,
            ..
        } => raise::<IllegalEngineMoveError>(
            py,
            e,
            "illegal_move",
            Some(program),
            vec![
                ("text", obj(py, text.as_str())),
                ("reason", obj(py, reason.as_str())),
                ("sfen", obj(py, sfen.as_str())),
            ],
        ),
        CoreEngineError::Protocol {
            program,
            line,
            reason,
        } => raise::<EngineProtocolError>(
            py,
            e,
            "protocol",
            Some(program),
            vec![
                ("line", obj(py, line.as_str())),
                ("reason", obj(py, reason.as_str())),
            ],
        ),
        CoreEngineError::UnknownOption { program, name } => raise::<EngineOptionError>(
            py,
            e,
            "unknown_option",
            Some(program),
            vec![("name", obj(py, name.as_str()))],
        ),
        CoreEngineError::BadOptionValue {
            program,
            name,
            source,
        } => raise::<EngineOptionError>(
            py,
            e,
            "bad_option_value",
            Some(program),
            vec![
                ("name", obj(py, name.as_str())),
                ("reason", obj(py, option_value_reason(source))),
            ],
        ),
        CoreEngineError::MultiPvUnsupported { program, .. } => {
            raise::<EngineOptionError>(py, e, "multipv_unsupported", Some(program), vec![])
        }
        // Cannot come from Python (a Game or Position holds legal moves only): the base class.
        CoreEngineError::InvalidMoves { index, .. } => raise::<EngineError>(
            py,
            e,
            "invalid_moves",
            None,
            vec![("index", obj(py, *index))],
        ),
        // `EngineError` is non-exhaustive; no variant of today reaches this arm.
        _ => raise::<EngineError>(py, e, "other", None, vec![]),
    }
}

/// For the tests: one value of every variant of `shogi_usi::EngineError` with its exception,
/// as `(variant, exception)`.
#[pyfunction(name = "_engine_error_examples")]
pub fn engine_error_examples(py: Python<'_>) -> Vec<(&'static str, Py<PyAny>)> {
    let program = || "engine".to_owned();
    let illegal = shogi_rules::IllegalMoveError {
        usi: shogi_rules::UsiMove::Normal {
            from: shogi_rules::Square::SQ_7G,
            to: shogi_rules::Square::SQ_7E,
            promote: false,
        },
        reason: shogi_rules::IllegalReason::Occupied,
    };
    let examples = vec![
        (
            "Spawn",
            CoreEngineError::Spawn {
                program: program(),
                source: std::io::Error::from(std::io::ErrorKind::NotFound),
            },
        ),
        (
            "Io",
            CoreEngineError::Io {
                program: program(),
                source: std::io::Error::from(std::io::ErrorKind::BrokenPipe),
            },
        ),
        (
            "Died",
            CoreEngineError::Died {
                program: program(),
                status: None,
                waiting_for: Waiting::BestMove,
                stderr_tail: vec!["panic".to_owned()],
            },
        ),
        (
            "Timeout",
            CoreEngineError::Timeout {
                program: program(),
                waiting_for: Waiting::ReadyOk,
                limit: None,
                killed: true,
            },
        ),
        ("Dead", CoreEngineError::Dead { program: program() }),
        (
            "IllegalMove",
            CoreEngineError::IllegalMove {
                program: program(),
                text: "7g7e".to_owned(),
                reason: "illegal".to_owned(),
                sfen: shogi_rules::Position::startpos().to_sfen(),
                source: Some(illegal.clone()),
            },
        ),
        (
            "Protocol",
            CoreEngineError::Protocol {
                program: program(),
                line: "checkmate 9z".to_owned(),
                reason: "bad move".to_owned(),
            },
        ),
        (
            "UnknownOption",
            CoreEngineError::UnknownOption {
                program: program(),
                name: "Nope".to_owned(),
            },
        ),
        (
            "BadOptionValue",
            CoreEngineError::BadOptionValue {
                program: program(),
                name: "Threads".to_owned(),
                source: OptionValueError::NotInteger("x".to_owned()),
            },
        ),
        (
            "MultiPvUnsupported",
            CoreEngineError::MultiPvUnsupported {
                program: program(),
                requested: 3,
            },
        ),
        (
            "InvalidMoves",
            CoreEngineError::InvalidMoves {
                index: 0,
                source: illegal,
            },
        ),
    ];
    // A variant added to shogi-usi must be added above: this match has no wildcard arm but
    // the one the compiler requires for a non-exhaustive enum.
    for (name, e) in &examples {
        let expected = match e {
            CoreEngineError::Spawn { .. } => "Spawn",
            CoreEngineError::Io { .. } => "Io",
            CoreEngineError::Died { .. } => "Died",
            CoreEngineError::Timeout { .. } => "Timeout",
            CoreEngineError::Dead { .. } => "Dead",
            CoreEngineError::IllegalMove { .. } => "IllegalMove",
            CoreEngineError::Protocol { .. } => "Protocol",
            CoreEngineError::UnknownOption { .. } => "UnknownOption",
            CoreEngineError::BadOptionValue { .. } => "BadOptionValue",
            CoreEngineError::MultiPvUnsupported { .. } => "MultiPvUnsupported",
            CoreEngineError::InvalidMoves { .. } => "InvalidMoves",
            _ => "?",
        };
        assert_eq!(*name, expected);
    }
    examples
        .into_iter()
        .map(|(name, e)| (name, engine_error(py, &e).into_value(py).into_any()))
        .collect()
}

/// A time in seconds, if given; `ValueError` naming `what` for one that is negative or not
/// finite.
pub(crate) fn seconds(value: Option<f64>, what: &str) -> PyResult<Option<Duration>> {
    value
        .map(|s| {
            Duration::try_from_secs_f64(s)
                .map_err(|_| PyValueError::new_err(format!("{what}: {s} is not a time in seconds")))
        })
        .transpose()
}

/// The limit of `Limit(...)`'s fields, times in seconds.
#[allow(clippy::too_many_arguments)]
fn make_limit(
    byoyomi: Option<f64>,
    btime: Option<f64>,
    wtime: Option<f64>,
    binc: Option<f64>,
    winc: Option<f64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<f64>,
    mate: Option<f64>,
) -> PyResult<Limit> {
    let mut limit = Limit {
        byoyomi: seconds(byoyomi, "byoyomi")?,
        btime: seconds(btime, "btime")?,
        wtime: seconds(wtime, "wtime")?,
        binc: seconds(binc, "binc")?,
        winc: seconds(winc, "winc")?,
        movetime: seconds(movetime, "movetime")?,
        depth,
        nodes,
        mate: seconds(mate, "mate")?,
        ..Limit::default()
    };
    // A limit without anything is an infinite search, which `play` would wait on for ever.
    if limit == Limit::default() {
        limit.infinite = true;
    }
    Ok(limit)
}

/// The start position and moves of a `Game` or a `Position`.
pub fn board_of(
    board: &Bound<'_, PyAny>,
) -> PyResult<(shogi_rules::Position, Vec<shogi_rules::Move>)> {
    if let Ok(game) = board.cast::<Game>() {
        let game = game.try_borrow()?;
        return Ok((game.inner.start().clone(), game.inner.moves()));
    }
    if let Ok(position) = board.cast::<Position>() {
        return Ok((position.get().inner.clone(), Vec::new()));
    }
    Err(PyTypeError::new_err("expected a Game or a Position"))
}

/// An analysis line as a dict of the `InfoDict` keys (the score as
/// `shogi_rules.usi`'s score tuple).
fn line_dict<'py>(py: Python<'py>, line: &AnalysisLine) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    info_fields_into(&d, &line.info)?;
    if line.info.pv.is_some() {
        d.set_item(
            "pv",
            PyList::new(py, line.pv.iter().map(|&m| Move::from(m)))?,
        )?;
    }
    if let Some(bad) = &line.illegal_pv_move {
        d.set_item("illegal_pv_move", bad.to_string())?;
    }
    Ok(d)
}

/// `(name, type, default, min, max, vars)` of a declared option.
type OptionTuple = (
    String,
    &'static str,
    Option<String>,
    Option<i64>,
    Option<i64>,
    Vec<String>,
);

/// `(played, move, ponder, info)` of a search.
type PlayTuple<'py> = (
    &'static str,
    Option<Move>,
    Option<Move>,
    Option<Bound<'py, PyDict>>,
);

/// A running USI engine. Frozen: the engine sits behind a mutex, which a call holds (with the
/// interpreter detached) for its whole exchange, so that calls from several threads take turns.
#[pyclass(frozen, module = "shogi_rules._core", name = "_UsiEngine")]
pub struct UsiEngine {
    engine: Mutex<Option<Engine>>,
    program: String,
    name: String,
    author: String,
    /// `(name, type, default, min, max, vars)` of each declared option.
    options: Vec<OptionTuple>,
}

impl UsiEngine {
    /// Runs `f` on the engine with the interpreter detached; a closed engine is `Dead`.
    fn with<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Engine) -> Result<T, CoreEngineError> + Send,
    ) -> PyResult<T> {
        let result = py.detach(|| {
            let mut guard = self.engine.lock().unwrap_or_else(|p| p.into_inner());
            match guard.as_mut() {
                Some(engine) => f(engine),
                None => Err(CoreEngineError::Dead {
                    program: self.program.clone(),
                }),
            }
        });
        result.map_err(|e| engine_error(py, &e))
    }
}

#[pymethods]
impl UsiEngine {
    /// Starts `args[0]` with the other arguments and does the handshake.
    #[staticmethod]
    fn spawn(py: Python<'_>, args: Vec<String>, timeout: f64, margin: f64) -> PyResult<UsiEngine> {
        let Some((program, rest)) = args.split_first() else {
            return Err(PyValueError::new_err("an engine command is needed"));
        };
        let config = EngineConfig {
            handshake_timeout: seconds(Some(timeout), "timeout")?.unwrap_or_default(),
            margin: seconds(Some(margin), "margin")?.unwrap_or_default(),
            ..EngineConfig::default()
        };
        let engine = py
            .detach(|| Engine::spawn(program, rest, config))
            .map_err(|e| engine_error(py, &e))?;
        let options = engine
            .options()
            .iter()
            .map(|o| {
                let (kind, default, min, max, vars) = match &o.kind {
                    UsiOptionKind::Check { default } => {
                        ("check", default.map(|b| b.to_string()), None, None, vec![])
                    }
                    UsiOptionKind::Spin { default, min, max } => {
                        ("spin", default.map(|n| n.to_string()), *min, *max, vec![])
                    }
                    UsiOptionKind::Combo { default, vars } => {
                        ("combo", default.clone(), None, None, vars.clone())
                    }
                    UsiOptionKind::Button => ("button", None, None, None, vec![]),
                    UsiOptionKind::String { default } => {
                        ("string", default.clone(), None, None, vec![])
                    }
                    UsiOptionKind::Filename { default } => {
                        ("filename", default.clone(), None, None, vec![])
                    }
                    _ => ("unknown", None, None, None, vec![]),
                };
                (o.name.clone(), kind, default, min, max, vars)
            })
            .collect();
        Ok(UsiEngine {
            program: program.clone(),
            name: engine.name().to_owned(),
            author: engine.author().to_owned(),
            options,
            engine: Mutex::new(Some(engine)),
        })
    }

    #[getter]
    fn program(&self) -> &str {
        &self.program
    }

    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    #[getter]
    fn author(&self) -> &str {
        &self.author
    }

    fn options(&self) -> Vec<OptionTuple> {
        self.options.clone()
    }

    /// Whether the engine is running as far as the client knows (waits for a call of another
    /// thread to end, detached).
    fn is_alive(&self, py: Python<'_>) -> bool {
        py.detach(|| {
            self.engine
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .as_ref()
                .is_some_and(Engine::is_alive)
        })
    }

    /// The lines the client skipped, each with the reason.
    fn warnings(&self, py: Python<'_>) -> Vec<String> {
        py.detach(|| {
            self.engine
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .as_ref()
                .map(|e| e.warnings().to_vec())
                .unwrap_or_default()
        })
    }

    /// `setoption` (a value of `None` presses a button), then `isready`.
    #[pyo3(signature = (name, value))]
    fn configure(&self, py: Python<'_>, name: String, value: Option<String>) -> PyResult<()> {
        self.with(py, |e| match &value {
            Some(v) => e.configure(&name, v),
            None => e.press(&name),
        })
    }

    fn new_game(&self, py: Python<'_>) -> PyResult<()> {
        self.with(py, Engine::new_game)
    }

    /// `(played, move, ponder, info)`: played is "move", "resign" or "win".
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (board, byoyomi, btime, wtime, binc, winc, depth, nodes, movetime, mate))]
    fn play<'py>(
        &self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
        byoyomi: Option<f64>,
        btime: Option<f64>,
        wtime: Option<f64>,
        binc: Option<f64>,
        winc: Option<f64>,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<f64>,
        mate: Option<f64>,
    ) -> PyResult<PlayTuple<'py>> {
        let limit = make_limit(
            byoyomi, btime, wtime, binc, winc, depth, nodes, movetime, mate,
        )?;
        let (start, moves) = board_of(board)?;
        let result = self.with(py, |e| e.play(&start, &moves, &limit))?;
        let (played, best) = match result.best {
            Played::Move(m) => ("move", Some(Move::from(m))),
            Played::Resign => ("resign", None),
            Played::Win => ("win", None),
        };
        let info = result.info.as_ref().map(|l| line_dict(py, l)).transpose()?;
        Ok((played, best, result.ponder.map(Move::from), info))
    }

    /// The last line of each multipv rank, as dicts.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (board, multipv, byoyomi, btime, wtime, binc, winc, depth, nodes, movetime, mate))]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
        multipv: u32,
        byoyomi: Option<f64>,
        btime: Option<f64>,
        wtime: Option<f64>,
        binc: Option<f64>,
        winc: Option<f64>,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<f64>,
        mate: Option<f64>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let limit = make_limit(
            byoyomi, btime, wtime, binc, winc, depth, nodes, movetime, mate,
        )?;
        let (start, moves) = board_of(board)?;
        let lines = self.with(py, |e| e.analyse(&start, &moves, &limit, multipv))?;
        lines.iter().map(|l| line_dict(py, l)).collect()
    }

    /// `go mate`: `(reply, moves)`, reply "mate", "nomate", "timeout" or "notimplemented";
    /// the mating line's legal prefix.
    #[pyo3(signature = (board, mate))]
    fn mate(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        mate: Option<f64>,
    ) -> PyResult<(&'static str, Vec<Move>)> {
        let limit = Limit {
            mate: seconds(mate, "mate")?,
            ..Limit::default()
        };
        let (start, moves) = board_of(board)?;
        let result = self.with(py, |e| e.mate(&start, &moves, &limit))?;
        let reply = match result.reply {
            CheckmateReply::Mate(_) => "mate",
            CheckmateReply::NoMate => "nomate",
            CheckmateReply::Timeout => "timeout",
            CheckmateReply::NotImplemented => "notimplemented",
        };
        Ok((
            reply,
            result.line.moves.into_iter().map(Move::from).collect(),
        ))
    }

    /// `quit`; the engine is killed if it does not exit within a second. Idempotent.
    fn quit(&self, py: Python<'_>) {
        py.detach(|| {
            let engine = self.engine.lock().unwrap_or_else(|p| p.into_inner()).take();
            if let Some(engine) = engine {
                engine.quit();
            }
        });
    }
}

/// Adds the engine's class, exceptions and test hook to the module.
pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("EngineError", py.get_type::<EngineError>())?;
    m.add("EngineStartError", py.get_type::<EngineStartError>())?;
    m.add(
        "EngineTerminatedError",
        py.get_type::<EngineTerminatedError>(),
    )?;
    m.add("EngineIoError", py.get_type::<EngineIoError>())?;
    m.add("EngineTimeoutError", py.get_type::<EngineTimeoutError>())?;
    m.add(
        "IllegalEngineMoveError",
        py.get_type::<IllegalEngineMoveError>(),
    )?;
    m.add("EngineProtocolError", py.get_type::<EngineProtocolError>())?;
    m.add("EngineOptionError", py.get_type::<EngineOptionError>())?;
    m.add_class::<UsiEngine>()?;
    m.add_function(wrap_pyfunction!(engine_error_examples, m)?)?;
    Ok(())
}
