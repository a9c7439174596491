//! The Python exception classes and the translation of every error of the core into one of them.
//!
//! Each core error type has one function here with a `match` over its variants, so a variant
//! added to the core fails this build instead of silently becoming a generic exception. For the
//! core's `#[non_exhaustive]` enums a wildcard arm is required by the compiler; it maps to the
//! base class [`ShogiError`], which no variant of today reaches: [`error_examples`] gives the
//! exception of every variant of every core error enum, and a test checks each is a subclass.

use board_py::errors::{obj, raise};
use pyo3::prelude::*;
use pyo3::types::PyList;
use pyo3::{create_exception, exceptions::PyValueError};
use shogi_rules::notation::{csa::CsaError, japanese::JapaneseError, western::WesternError};
use shogi_rules::record::{
    EditError, Format, Limit, RecordError as CoreRecordError, RecordErrorKind,
};
use shogi_rules::usi::UsiCommandError;
use shogi_rules::{
    GameError, GameFromUsiError, GameJsonError, IllegalMoveError as CoreIllegalMove,
    OutcomeError as CoreOutcomeError, ParseUsiMoveError, RestoreError as CoreRestoreError,
    SfenError as CoreSfenError, UsiMoveError,
};

use crate::game::Outcome;
use crate::moves::Move;

create_exception!(
    shogi_rules,
    ShogiError,
    PyValueError,
    "Base class of every error of shogi_rules (a ValueError)."
);
create_exception!(
    shogi_rules,
    SfenError,
    ShogiError,
    "An SFEN string that is malformed or describes an illegal setup."
);
create_exception!(
    shogi_rules,
    InvalidMoveError,
    ShogiError,
    "Move text that is malformed in its notation."
);
create_exception!(
    shogi_rules,
    IllegalMoveError,
    ShogiError,
    "A well-formed move that is illegal in the position; `.reason` says why."
);
create_exception!(
    shogi_rules,
    AmbiguousMoveError,
    ShogiError,
    "Move text that fits several legal moves; `.candidates` lists them."
);
create_exception!(
    shogi_rules,
    RecordError,
    ShogiError,
    "A game record that cannot be read; `.line`, `.column` and `.kind` say where and why."
);
create_exception!(
    shogi_rules,
    RestoreError,
    ShogiError,
    "A saved game (`Game.from_json`, unpickling) that does not restore; `.kind` names what is \
     wrong and `.ply` the move of a move error."
);
create_exception!(
    shogi_rules,
    GameOverError,
    ShogiError,
    "An action on a game that is over; `.outcome` is its result."
);
create_exception!(
    shogi_rules,
    GameActionError,
    ShogiError,
    "An action a running game refuses; `.kind` names why (`\"nothing_to_undo\"`, \
     `\"not_your_turn\"`, `\"declaration_rejected\"`, ...) and `.reason` why a declaration is \
     rejected."
);
create_exception!(
    shogi_rules,
    OutcomeError,
    ShogiError,
    "A winner and a termination that cannot go together (`Outcome(winner, termination)`)."
);

fn none(py: Python<'_>) -> Py<PyAny> {
    py.None()
}

/// A name that names no value of a core enum (a termination, a record format, a mark, …):
/// `ShogiError` with the core's message, which lists the names accepted.
pub fn name_error(e: &shogi_rules::ParseNameError) -> PyErr {
    ShogiError::new_err(e.to_string())
}

/// `SfenError` with `.column` (1-based, or `None` for an illegal setup).
pub fn sfen_error(py: Python<'_>, e: &CoreSfenError) -> PyErr {
    raise::<SfenError>(py, e.to_string(), &[("column", obj(py, e.column()))])
}

/// Malformed USI move text.
pub fn usi_syntax_error(py: Python<'_>, e: &ParseUsiMoveError) -> PyErr {
    let column = match e {
        ParseUsiMoveError::Empty | ParseUsiMoveError::BadLength(_) => None,
        ParseUsiMoveError::BadSquare { column } => Some(*column),
        ParseUsiMoveError::BadDropPiece(_) => Some(1),
        ParseUsiMoveError::BadSuffix(_) => Some(5),
        _ => None,
    };
    raise::<InvalidMoveError>(py, e.to_string(), &[("column", obj(py, column))])
}

/// `IllegalMoveError` with `.reason` (the snake_case reason) and `.move` (the USI text).
pub fn illegal_move_error(py: Python<'_>, e: &CoreIllegalMove) -> PyErr {
    raise::<IllegalMoveError>(
        py,
        e.to_string(),
        &[
            ("reason", obj(py, e.reason.as_str())),
            ("move", obj(py, e.usi.to_string())),
            ("ply", none(py)),
        ],
    )
}

/// A move that fits no legal move: illegal, without one rule to blame (`.reason` is `None`).
fn no_such_move(py: Python<'_>, message: String) -> PyErr {
    raise::<IllegalMoveError>(
        py,
        message,
        &[("reason", none(py)), ("move", none(py)), ("ply", none(py))],
    )
}

fn ambiguous(py: Python<'_>, message: String, candidates: &[shogi_rules::Move]) -> PyErr {
    let list = PyList::new(py, candidates.iter().map(|&m| Move::from(m)))
        .map(|l| l.into_any().unbind())
        .unwrap_or_else(|_| py.None());
    raise::<AmbiguousMoveError>(py, message, &[("candidates", list)])
}

pub fn usi_move_error(py: Python<'_>, e: &UsiMoveError) -> PyErr {
    match e {
        UsiMoveError::Syntax(s) => usi_syntax_error(py, s),
        UsiMoveError::Illegal(i) => illegal_move_error(py, i),
        _ => ShogiError::new_err(e.to_string()),
    }
}

fn syntax(py: Python<'_>, message: String, column: usize) -> PyErr {
    raise::<InvalidMoveError>(py, message, &[("column", obj(py, column))])
}

pub fn western_error(py: Python<'_>, e: &WesternError) -> PyErr {
    match e {
        WesternError::Syntax { column, .. } => syntax(py, e.to_string(), *column),
        WesternError::Illegal(i) => illegal_move_error(py, i),
        WesternError::NoSuchMove { .. } => no_such_move(py, e.to_string()),
        WesternError::Ambiguous { candidates, .. } => ambiguous(py, e.to_string(), candidates),
        _ => ShogiError::new_err(e.to_string()),
    }
}

pub fn japanese_error(py: Python<'_>, e: &JapaneseError) -> PyErr {
    match e {
        JapaneseError::Syntax { column, .. } => syntax(py, e.to_string(), *column),
        JapaneseError::NoPreviousMove { column } => syntax(py, e.to_string(), *column),
        JapaneseError::WrongSide { .. } | JapaneseError::NoSuchMove { .. } => {
            no_such_move(py, e.to_string())
        }
        JapaneseError::Illegal(i) => illegal_move_error(py, i),
        JapaneseError::Ambiguous { candidates, .. } => ambiguous(py, e.to_string(), candidates),
        _ => ShogiError::new_err(e.to_string()),
    }
}

pub fn csa_error(py: Python<'_>, e: &CsaError) -> PyErr {
    match e {
        CsaError::Syntax { column, .. } => syntax(py, e.to_string(), *column),
        CsaError::WrongSide { .. } | CsaError::NoSuchMove { .. } => no_such_move(py, e.to_string()),
        CsaError::Illegal(i) => illegal_move_error(py, i),
        _ => ShogiError::new_err(e.to_string()),
    }
}

/// `GameOverError` with `.outcome`.
fn game_over(py: Python<'_>, message: String, outcome: shogi_rules::Outcome) -> PyErr {
    raise::<GameOverError>(py, message, &[("outcome", obj(py, Outcome::from(outcome)))])
}

/// `GameActionError` with `.kind` (the core's name of the variant) and `.reason` (the rejection
/// of an impasse declaration, else `None`).
fn game_action(py: Python<'_>, e: &GameError, reason: Option<&'static str>) -> PyErr {
    raise::<GameActionError>(
        py,
        e.to_string(),
        &[("kind", obj(py, e.name())), ("reason", obj(py, reason))],
    )
}

pub fn game_error(py: Python<'_>, e: &GameError) -> PyErr {
    match e {
        GameError::GameOver(outcome) => game_over(py, e.to_string(), *outcome),
        GameError::IllegalMove(i) => illegal_move_error(py, i),
        GameError::BadMoveText(s) => usi_syntax_error(py, s),
        GameError::DeclarationRejected(reason) => game_action(py, e, Some(reason.as_str())),
        GameError::NothingToUndo
        | GameError::NotYourTurn(_)
        | GameError::NoDrawOffersLeft(_)
        | GameError::DrawOfferPending
        | GameError::NoDrawOffer
        | GameError::NoClock => game_action(py, e, None),
        GameError::NotStatable(r) => restore_error(py, e.to_string(), r),
        _ => ShogiError::new_err(e.to_string()),
    }
}

/// A winner and a termination that cannot go together.
pub fn outcome_error(e: &CoreOutcomeError) -> PyErr {
    OutcomeError::new_err(e.to_string())
}

pub fn usi_command_error(py: Python<'_>, e: &UsiCommandError) -> PyErr {
    match e {
        // The line is a USI record whose form is wrong: `RecordError` as `read_record` gives it.
        UsiCommandError::MissingStart { column } | UsiCommandError::ExpectedMoves { column } => {
            raise::<RecordError>(
                py,
                format!("usi line 1, column {column}: {e}"),
                &[
                    ("line", obj(py, 1)),
                    ("column", obj(py, *column)),
                    ("kind", obj(py, "unexpected_line")),
                    ("format", obj(py, Format::Usi.as_str())),
                    ("reason", none(py)),
                    ("ply", none(py)),
                    ("limit", none(py)),
                    ("max", none(py)),
                    ("path", none(py)),
                ],
            )
        }
        UsiCommandError::Sfen(s) => sfen_error(py, s),
        UsiCommandError::BadMove { column, .. } => syntax(py, e.to_string(), *column),
        UsiCommandError::IllegalMove { ply, source, .. } => {
            let err = illegal_move_error(py, source);
            let _ = err.value(py).setattr("ply", *ply);
            err
        }
        _ => ShogiError::new_err(e.to_string()),
    }
}

pub fn game_from_usi_error(py: Python<'_>, e: &GameFromUsiError) -> PyErr {
    match e {
        GameFromUsiError::Command(c) => usi_command_error(py, c),
        GameFromUsiError::IllegalMove { ply, source } => raise::<IllegalMoveError>(
            py,
            e.to_string(),
            &[
                ("reason", obj(py, source.reason.as_str())),
                ("move", obj(py, source.usi.to_string())),
                ("ply", obj(py, *ply)),
            ],
        ),
        GameFromUsiError::AfterEnd { outcome, .. } => game_over(py, e.to_string(), *outcome),
        // The text is a USI record: beyond a limit it fails as `read_record` would.
        GameFromUsiError::LimitExceeded { limit, max } => {
            let line = usize::from(*limit != Limit::InputBytes);
            let record = CoreRecordError::new(
                Format::Usi,
                line,
                line,
                RecordErrorKind::LimitExceeded {
                    limit: *limit,
                    max: *max,
                },
            );
            record_error(py, &record, None)
        }
        _ => ShogiError::new_err(e.to_string()),
    }
}

/// `RecordError` with `.line`, `.column`, `.kind`, `.format`, `.reason` (the illegal-move
/// reason, else `None`), `.ply` (for move errors, else `None`), `.limit` (the name of the
/// exceeded limit, else `None`), `.max` (the exceeded limit's value or the largest number
/// allowed, else `None`), `.count` (the records of a collection read as one, else `None`) and
/// `.path` (set by the readers of files).
pub fn record_error(py: Python<'_>, e: &CoreRecordError, path: Option<&str>) -> PyErr {
    let message = match path {
        Some(p) => format!("{p}: {e}"),
        None => e.to_string(),
    };
    record_error_saying(py, e, path, message)
}

/// `RecordError` for `e`, with `message` as its text.
pub fn record_error_saying(
    py: Python<'_>,
    e: &CoreRecordError,
    path: Option<&str>,
    message: String,
) -> PyErr {
    let (reason, ply) = match &e.kind {
        RecordErrorKind::IllegalMove { ply, reason } => (Some(reason.as_str()), Some(*ply)),
        RecordErrorKind::NoSuchMove { ply } | RecordErrorKind::AmbiguousMove { ply } => {
            (None, Some(*ply))
        }
        _ => (None, None),
    };
    let (limit, max) = match &e.kind {
        RecordErrorKind::LimitExceeded { limit, max } => {
            (Some(limit.as_str()), Some(obj(py, *max)))
        }
        RecordErrorKind::NumberTooLarge { max } => (None, Some(obj(py, *max))),
        _ => (None, None),
    };
    let count = match &e.kind {
        RecordErrorKind::Collection { count } => Some(*count),
        _ => None,
    };
    raise::<RecordError>(
        py,
        message,
        &[
            ("line", obj(py, e.line)),
            ("column", obj(py, e.column)),
            ("kind", obj(py, e.kind.name())),
            ("format", obj(py, e.format.map(Format::as_str))),
            ("reason", obj(py, reason)),
            ("ply", obj(py, ply)),
            ("limit", obj(py, limit)),
            ("max", max.unwrap_or_else(|| py.None())),
            ("count", obj(py, count)),
            ("path", obj(py, path)),
        ],
    )
}

/// `RestoreError` with `message`, `.kind` (the core's name of the variant) and `.ply` (the
/// 1-based ply of a move error, else `None`).
fn restore_error(py: Python<'_>, message: String, e: &CoreRestoreError) -> PyErr {
    let ply = match e {
        CoreRestoreError::Move { ply, .. } | CoreRestoreError::MoveAfterEnd { ply, .. } => {
            Some(*ply)
        }
        _ => None,
    };
    raise::<RestoreError>(
        py,
        message,
        &[("kind", obj(py, e.name())), ("ply", obj(py, ply))],
    )
}

/// `RestoreError` with `.kind` (`"json"` for text that is not a saved game, else the restore
/// error's name) and `.ply` (for move errors, else `None`).
pub fn game_json_error(py: Python<'_>, e: &GameJsonError) -> PyErr {
    let message = format!("not a valid saved game: {e}");
    match e {
        GameJsonError::Json(_) => {
            raise::<RestoreError>(py, message, &[("kind", obj(py, "json")), ("ply", none(py))])
        }
        GameJsonError::Restore(r) => restore_error(py, message, r),
    }
}

/// For the tests: every example of every error enum of the core (`examples()`, one value a
/// variant) with the exception this module makes of it, as `(enum, example, exception)`, so that
/// a test can check that none is a plain `ShogiError`. The enums that no call raises alone are
/// walked inside the error that carries them: `SetupError` in `SfenError`, `ClockStateError` in a
/// saved game's `RestoreError`, `DeclarationRejection` in `GameError`, `Limit` in
/// `RecordErrorKind`.
#[pyfunction(name = "_error_examples")]
pub fn error_examples(py: Python<'_>) -> Vec<(&'static str, String, Py<PyAny>)> {
    use shogi_rules::{ClockStateError, DeclarationRejection, IllegalReason, SetupError, Square};

    let mut out = Vec::new();
    macro_rules! walk {
        ($ty:ident, $to_err:expr) => {
            for e in $ty::examples() {
                let err: PyErr = $to_err(&e);
                out.push((
                    stringify!($ty),
                    format!("{e:?}"),
                    err.into_value(py).into_any(),
                ));
            }
        };
    }
    let in_record = |kind: RecordErrorKind| CoreRecordError::new(Format::Kif, 1, 1, kind);
    let saved = |e: CoreRestoreError| GameJsonError::Restore(e);
    walk!(ParseUsiMoveError, |e| usi_syntax_error(py, e));
    walk!(IllegalReason, |&reason| illegal_move_error(
        py,
        &CoreIllegalMove {
            usi: shogi_rules::UsiMove::Normal {
                from: Square::SQ_7G,
                to: Square::SQ_7E,
                promote: false,
            },
            reason,
        }
    ));
    walk!(UsiMoveError, |e| usi_move_error(py, e));
    walk!(CoreSfenError, |e| sfen_error(py, e));
    walk!(SetupError, |e: &SetupError| sfen_error(
        py,
        &CoreSfenError::Setup(e.clone())
    ));
    walk!(ClockStateError, |e: &ClockStateError| game_json_error(
        py,
        &saved(CoreRestoreError::ClockState(*e))
    ));
    walk!(UsiCommandError, |e| usi_command_error(py, e));
    walk!(CoreOutcomeError, outcome_error);
    walk!(DeclarationRejection, |&r| game_error(
        py,
        &GameError::DeclarationRejected(r)
    ));
    walk!(GameError, |e| game_error(py, e));
    walk!(GameFromUsiError, |e| game_from_usi_error(py, e));
    walk!(CoreRestoreError, |e: &CoreRestoreError| game_json_error(
        py,
        &saved(e.clone())
    ));
    walk!(GameJsonError, |e| game_json_error(py, e));
    walk!(WesternError, |e| western_error(py, e));
    walk!(JapaneseError, |e| japanese_error(py, e));
    walk!(CsaError, |e| csa_error(py, e));
    walk!(RecordErrorKind, |e: &RecordErrorKind| record_error(
        py,
        &in_record(e.clone()),
        None
    ));
    walk!(EditError, |e: &EditError| crate::variation::edit_error(
        py,
        e.clone()
    ));
    walk!(Limit, |&limit| record_error(
        py,
        &in_record(RecordErrorKind::LimitExceeded { limit, max: 0 }),
        None
    ));
    out
}
