//! `shogi_rules.usi`'s Rust half: USI protocol lines read into dicts (`EngineMessage::parse`,
//! `GuiCommand::parse`), the commands the engine client writes, and `UsiMessageError` as an
//! exception with `.kind`, `.field` and `.column`.

use pyo3::IntoPyObjectExt;
use pyo3::create_exception;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use shogi_rules::usi::{
    BestMove, CheckmateReply, EngineMessage, GuiCommand, Info, InfoScore, MateLimit, MateSign,
    PositionStart, Score, ScoreBound, UsiCommandError, UsiMessageError as CoreError, UsiOptionKind,
    position_command,
};

use crate::errors::ShogiError;

create_exception!(
    shogi_rules,
    UsiMessageError,
    ShogiError,
    "A USI protocol line whose known fields are malformed; `.kind` names the error, `.field` \
     the field (its keyword, or None) and `.column` where (1-based, or None)."
);

fn obj<'py, T: IntoPyObject<'py>>(py: Python<'py>, value: T) -> Py<PyAny> {
    value.into_py_any(py).unwrap_or_else(|_| py.None())
}

/// The exception of each variant of `UsiMessageError`.
pub fn message_error(py: Python<'_>, e: &CoreError) -> PyErr {
    let (kind, field, column, found) = match e {
        CoreError::Empty => ("empty", None, None, None),
        CoreError::MissingValue { field, column } => {
            ("missing_value", Some(*field), Some(*column), None)
        }
        CoreError::BadNumber {
            field,
            column,
            found,
        } => (
            "bad_number",
            Some(*field),
            Some(*column),
            Some(found.clone()),
        ),
        CoreError::BadMove { field, column, .. } => ("bad_move", Some(*field), Some(*column), None),
        CoreError::BadWord {
            field,
            column,
            found,
        } => ("bad_word", Some(*field), Some(*column), Some(found.clone())),
        CoreError::Unexpected {
            field,
            column,
            found,
        } => (
            "unexpected",
            Some(*field),
            Some(*column),
            Some(found.clone()),
        ),
        CoreError::Position(p) => {
            let column = match p {
                UsiCommandError::MissingStart { column }
                | UsiCommandError::ExpectedMoves { column }
                | UsiCommandError::BadMove { column, .. }
                | UsiCommandError::IllegalMove { column, .. } => Some(*column),
                _ => None,
            };
            ("position", None, column, None)
        }
        // `UsiMessageError` is non-exhaustive; no variant of today reaches this arm.
        _ => ("other", None, None, None),
    };
    let err = UsiMessageError::new_err(e.to_string());
    let value = err.value(py);
    // Setting an attribute on a fresh exception instance cannot fail.
    let _ = value.setattr("kind", kind);
    let _ = value.setattr("field", field.map(|f| f.as_str()));
    let _ = value.setattr("column", column);
    let _ = value.setattr("found", found);
    err
}

/// For the tests: every example of `UsiMessageError` with its exception.
#[pyfunction(name = "_usi_message_error_examples")]
pub fn message_error_examples(py: Python<'_>) -> Vec<(String, Py<PyAny>)> {
    CoreError::examples()
        .iter()
        .map(|e| {
            (
                format!("{e:?}"),
                message_error(py, e).into_value(py).into_any(),
            )
        })
        .collect()
}

fn score_tuple(py: Python<'_>, score: &InfoScore) -> Py<PyAny> {
    let bound = match score.bound {
        ScoreBound::Exact => "exact",
        ScoreBound::Lower => "lowerbound",
        ScoreBound::Upper => "upperbound",
    };
    let (kind, value) = match score.score {
        Score::Cp(n) => ("cp", obj(py, n)),
        Score::Mate(n) => ("mate", obj(py, n)),
        Score::MateUnknown(MateSign::Plus) => ("mate", obj(py, "+")),
        Score::MateUnknown(MateSign::Minus) => ("mate", obj(py, "-")),
    };
    obj(py, (kind, value, bound))
}

/// The fields of an `info` line both dicts share (an engine's line read by
/// [`parse_engine_message`] and an analysis line of the engine client): the
/// numbers, `currmove` as text, `score` as [`score_tuple`] and `string`; each
/// caller adds `pv` in its own form.
pub(crate) fn info_fields_into(d: &Bound<'_, PyDict>, info: &Info) -> PyResult<()> {
    let py = d.py();
    macro_rules! put {
        ($key:literal, $value:expr) => {
            if let Some(v) = $value {
                d.set_item($key, v)?;
            }
        };
    }
    put!("depth", info.depth);
    put!("seldepth", info.seldepth);
    put!("time", info.time_ms.map(|ms| ms as f64 / 1000.0));
    put!("nodes", info.nodes);
    put!("nps", info.nps);
    put!("hashfull", info.hashfull);
    put!("multipv", info.multipv);
    put!("currmove", info.currmove.map(|m| m.to_string()));
    put!("score", info.score.as_ref().map(|s| score_tuple(py, s)));
    put!("string", info.string.as_deref());
    Ok(())
}

fn info_into(d: &Bound<'_, PyDict>, info: &Info) -> PyResult<()> {
    info_fields_into(d, info)?;
    if let Some(pv) = &info.pv {
        d.set_item("pv", pv.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    }
    if !info.extra.is_empty() {
        d.set_item("extra", info.extra.clone())?;
    }
    Ok(())
}

/// An engine's line as a dict: `type` (the message's first word, or `id_name`, `id_author`,
/// `unknown`), its fields, and `line`, the message as the protocol writes it.
#[pyfunction(name = "_parse_engine_message")]
pub fn parse_engine_message<'py>(py: Python<'py>, line: &str) -> PyResult<Bound<'py, PyDict>> {
    let message = EngineMessage::parse(line).map_err(|e| message_error(py, &e))?;
    let d = PyDict::new(py);
    let kind = match &message {
        EngineMessage::IdName(name) => {
            d.set_item("name", name)?;
            "id_name"
        }
        EngineMessage::IdAuthor(author) => {
            d.set_item("author", author)?;
            "id_author"
        }
        EngineMessage::Option(option) => {
            d.set_item("name", &option.name)?;
            d.set_item("option_type", option.kind.as_str())?;
            match &option.kind {
                UsiOptionKind::Check { default } => d.set_item("default", *default)?,
                UsiOptionKind::Spin { default, min, max } => {
                    d.set_item("default", *default)?;
                    d.set_item("min", *min)?;
                    d.set_item("max", *max)?;
                }
                UsiOptionKind::Combo { default, vars } => {
                    d.set_item("default", default)?;
                    d.set_item("var", vars.clone())?;
                }
                UsiOptionKind::String { default } | UsiOptionKind::Filename { default } => {
                    d.set_item("default", default)?;
                }
                _ => {}
            }
            "option"
        }
        EngineMessage::UsiOk => "usiok",
        EngineMessage::ReadyOk => "readyok",
        EngineMessage::Info(info) => {
            info_into(&d, info)?;
            "info"
        }
        EngineMessage::BestMove(best) => {
            match best {
                BestMove::Move { best, ponder } => {
                    d.set_item("move", best.to_string())?;
                    d.set_item("ponder", ponder.map(|p| p.to_string()))?;
                }
                BestMove::Resign => d.set_item("move", "resign")?,
                BestMove::Win => d.set_item("move", "win")?,
            }
            "bestmove"
        }
        EngineMessage::Checkmate(reply) => {
            let (result, moves) = match reply {
                CheckmateReply::Mate(moves) => ("mate", moves.clone()),
                CheckmateReply::NoMate => ("nomate", vec![]),
                CheckmateReply::Timeout => ("timeout", vec![]),
                CheckmateReply::NotImplemented => ("notimplemented", vec![]),
            };
            d.set_item("result", result)?;
            d.set_item(
                "moves",
                moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
            )?;
            "checkmate"
        }
        EngineMessage::Unknown(text) => {
            d.set_item("text", text)?;
            "unknown"
        }
        // `EngineMessage` is non-exhaustive: a message of a later core is kept as its text.
        _ => {
            d.set_item("text", message.to_string())?;
            "unknown"
        }
    };
    d.set_item("type", kind)?;
    d.set_item("line", message.to_string())?;
    Ok(d)
}

/// A GUI's command as a dict: `type` (the command's first word, or `unknown`), its fields, and
/// `line`, the command as the protocol writes it.
#[pyfunction(name = "_parse_gui_command")]
pub fn parse_gui_command<'py>(py: Python<'py>, line: &str) -> PyResult<Bound<'py, PyDict>> {
    let command = GuiCommand::parse(line).map_err(|e| message_error(py, &e))?;
    let d = PyDict::new(py);
    let kind = match &command {
        GuiCommand::Usi => "usi",
        GuiCommand::IsReady => "isready",
        GuiCommand::SetOption { name, value } => {
            d.set_item("name", name)?;
            d.set_item("value", value)?;
            "setoption"
        }
        GuiCommand::UsiNewGame => "usinewgame",
        GuiCommand::Position(position) => {
            let sfen = match &position.start {
                PositionStart::Startpos => "startpos".to_owned(),
                PositionStart::Sfen(p) => p.to_sfen(),
            };
            d.set_item("sfen", sfen)?;
            d.set_item(
                "moves",
                position
                    .moves
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>(),
            )?;
            "position"
        }
        GuiCommand::Go(go) => {
            let ms = |v: Option<u64>| v.map(|ms| ms as f64 / 1000.0);
            d.set_item("btime", ms(go.btime))?;
            d.set_item("wtime", ms(go.wtime))?;
            d.set_item("byoyomi", ms(go.byoyomi))?;
            d.set_item("binc", ms(go.binc))?;
            d.set_item("winc", ms(go.winc))?;
            d.set_item("movetime", ms(go.movetime))?;
            d.set_item("depth", go.depth)?;
            d.set_item("nodes", go.nodes)?;
            d.set_item("ponder", go.ponder)?;
            d.set_item("infinite", go.infinite)?;
            match go.mate {
                Some(MateLimit::Millis(n)) => d.set_item("mate", n as f64 / 1000.0)?,
                Some(MateLimit::Infinite) => d.set_item("mate", "infinite")?,
                None => d.set_item("mate", py.None())?,
            }
            "go"
        }
        GuiCommand::Stop => "stop",
        GuiCommand::PonderHit => "ponderhit",
        GuiCommand::GameOver(result) => {
            d.set_item("result", result.as_str())?;
            "gameover"
        }
        GuiCommand::Quit => "quit",
        GuiCommand::Unknown(text) => {
            d.set_item("text", text)?;
            "unknown"
        }
        _ => {
            d.set_item("text", command.to_string())?;
            "unknown"
        }
    };
    d.set_item("type", kind)?;
    d.set_item("line", command.to_string())?;
    Ok(d)
}

/// The `position` command of a game (its start and moves) or a position.
#[pyfunction(name = "_format_position")]
pub fn format_position(board: &Bound<'_, PyAny>) -> PyResult<String> {
    let (start, moves) = crate::engine::board_of(board)?;
    Ok(position_command(&start, &moves))
}

/// Adds the protocol functions and the exception to the module.
pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("UsiMessageError", m.py().get_type::<UsiMessageError>())?;
    m.add_function(wrap_pyfunction!(parse_engine_message, m)?)?;
    m.add_function(wrap_pyfunction!(parse_gui_command, m)?)?;
    m.add_function(wrap_pyfunction!(format_position, m)?)?;
    m.add_function(wrap_pyfunction!(message_error_examples, m)?)?;
    Ok(())
}
