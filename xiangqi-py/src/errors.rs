//! The Python exception classes and the translation of every error of the core into one of them.
//!
//! Each core error type has one function here with a `match` over its variants, so that a
//! variant added to the core is seen here. The core's enums are `#[non_exhaustive]`, so the
//! compiler requires a wildcard arm; it maps to the base class [`XiangqiError`] with the kind
//! `"unknown"`, which no variant of today reaches: [`error_examples`] gives the exception of an
//! example of every variant of every core error enum, and a test checks that each is one of the
//! specific classes with a known kind.

use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::{create_exception, exceptions::PyValueError};
use xiangqi_rules::{
    Color as CoreColor, FenError as CoreFenError, FenField, GameError, IccsMove, IccsMoveError,
    IllegalMoveError as CoreIllegalMove, IllegalReason, ParseIccsMoveError, Piece, Role,
    SetupError as CoreSetupError, Square, Termination,
};

use crate::game::Outcome;

create_exception!(
    xiangqi_rules,
    XiangqiError,
    PyValueError,
    "Base class of every error of xiangqi_rules (a ValueError)."
);
create_exception!(
    xiangqi_rules,
    FenError,
    XiangqiError,
    "A FEN string that is malformed; `.kind` names what is wrong (`\"empty\"`, \
     `\"missing_field\"`, `\"placement_character\"`, `\"rank_length\"`, `\"rank_count\"`, \
     `\"bad_field\"`, `\"trailing_text\"`), `.column` where (1-based) and `.field` which field \
     (or `None`)."
);
create_exception!(
    xiangqi_rules,
    SetupError,
    FenError,
    "A well-formed FEN of an illegal setup; `.kind` names the rule (`\"general_count\"`, \
     `\"too_many_pieces\"`, `\"impossible_point\"`, `\"generals_facing\"`, \
     `\"opponent_in_check\"`); `.column` and `.field` are `None`."
);
create_exception!(
    xiangqi_rules,
    InvalidMoveError,
    XiangqiError,
    "Move text that is not an ICCS move (such as `h2e2` or `H2-E2`), or an int that is no move \
     code; `.text` is the text."
);
create_exception!(
    xiangqi_rules,
    IllegalMoveError,
    XiangqiError,
    "A well-formed move that is illegal in the position; `.reason` names the first rule it \
     breaks (`\"horse_blocked\"`, `\"flying_general\"`, ...) and `.move` is its ICCS text."
);
create_exception!(
    xiangqi_rules,
    GameOverError,
    XiangqiError,
    "An action on a game that is over; `.outcome` is its result."
);
create_exception!(
    xiangqi_rules,
    GameActionError,
    XiangqiError,
    "An action a game refuses otherwise; `.kind` names why (`\"nothing_to_undo\"`: `pop` with \
     no move to take back)."
);

/// An exception of class `T` with `message` and the given attributes set on the instance.
fn raise<T: pyo3::PyTypeInfo>(
    py: Python<'_>,
    message: String,
    attributes: &[(&str, Py<PyAny>)],
) -> PyErr {
    let err = PyErr::new::<T, _>(message);
    let value = err.value(py);
    for (name, attribute) in attributes {
        // Setting an attribute on a fresh exception instance cannot fail.
        let _ = value.setattr(*name, attribute.bind(py));
    }
    err
}

fn obj<'py, T>(py: Python<'py>, value: T) -> Py<PyAny>
where
    T: IntoPyObject<'py>,
{
    value.into_py_any(py).unwrap_or_else(|_| py.None())
}

/// A name that names no value of a core enum (a colour, a role, a termination): `XiangqiError`
/// with the core's message, which lists the names accepted.
pub fn name_error(e: &xiangqi_rules::ParseNameError) -> PyErr {
    XiangqiError::new_err(e.to_string())
}

/// The snake_case name of a FEN field.
fn field_name(field: FenField) -> &'static str {
    match field {
        FenField::Placement => "placement",
        FenField::SideToMove => "side_to_move",
        FenField::Castling => "castling",
        FenField::EnPassant => "en_passant",
        FenField::HalfmoveClock => "halfmove_clock",
        FenField::FullmoveNumber => "fullmove_number",
    }
}

/// The kind of a setup error.
fn setup_kind(e: &CoreSetupError) -> &'static str {
    match e {
        CoreSetupError::GeneralCount { .. } => "general_count",
        CoreSetupError::TooManyPieces { .. } => "too_many_pieces",
        CoreSetupError::ImpossiblePoint { .. } => "impossible_point",
        CoreSetupError::GeneralsFacing => "generals_facing",
        CoreSetupError::OpponentInCheck(_) => "opponent_in_check",
        _ => "unknown",
    }
}

/// `SetupError` (a `FenError`) with `.kind`, and `.column` and `.field` `None`.
pub fn setup_error(py: Python<'_>, message: String, e: &CoreSetupError) -> PyErr {
    let kind = setup_kind(e);
    let attributes = [
        ("kind", obj(py, kind)),
        ("column", py.None()),
        ("field", py.None()),
    ];
    if kind == "unknown" {
        return raise::<XiangqiError>(py, message, &attributes);
    }
    raise::<SetupError>(py, message, &attributes)
}

/// `FenError` with `.kind`, `.column` and `.field`; `SetupError` for an illegal setup.
pub fn fen_error(py: Python<'_>, e: &CoreFenError) -> PyErr {
    let (kind, column, field) = match e {
        CoreFenError::Empty => ("empty", None, None),
        CoreFenError::MissingField { field, column } => {
            ("missing_field", Some(*column), Some(*field))
        }
        CoreFenError::PlacementCharacter { column, .. } => (
            "placement_character",
            Some(*column),
            Some(FenField::Placement),
        ),
        CoreFenError::RankLength { column, .. } => {
            ("rank_length", Some(*column), Some(FenField::Placement))
        }
        CoreFenError::RankCount { column, .. } => {
            ("rank_count", Some(*column), Some(FenField::Placement))
        }
        CoreFenError::BadField { field, column, .. } => ("bad_field", Some(*column), Some(*field)),
        CoreFenError::TrailingText { column } => ("trailing_text", Some(*column), None),
        CoreFenError::Setup(s) => return setup_error(py, e.to_string(), s),
        _ => {
            return raise::<XiangqiError>(py, e.to_string(), &[("kind", obj(py, "unknown"))]);
        }
    };
    raise::<FenError>(
        py,
        e.to_string(),
        &[
            ("kind", obj(py, kind)),
            ("column", obj(py, column)),
            ("field", obj(py, field.map(field_name))),
        ],
    )
}

/// Text that is not an ICCS move: `InvalidMoveError` with `.text`.
pub fn iccs_syntax_error(py: Python<'_>, e: &ParseIccsMoveError) -> PyErr {
    raise::<InvalidMoveError>(py, e.to_string(), &[("text", obj(py, e.0.as_str()))])
}

/// `IllegalMoveError` with `.reason` (the snake_case reason) and `.move` (the ICCS text).
pub fn illegal_move_error(py: Python<'_>, e: &CoreIllegalMove) -> PyErr {
    raise::<IllegalMoveError>(
        py,
        e.to_string(),
        &[
            ("reason", obj(py, e.reason.as_str())),
            ("move", obj(py, e.iccs.to_string())),
        ],
    )
}

pub fn iccs_move_error(py: Python<'_>, e: &IccsMoveError) -> PyErr {
    match e {
        IccsMoveError::Syntax(s) => iccs_syntax_error(py, s),
        IccsMoveError::Illegal(i) => illegal_move_error(py, i),
        _ => raise::<XiangqiError>(py, e.to_string(), &[("kind", obj(py, "unknown"))]),
    }
}

/// `GameOverError` with `.outcome`.
pub fn game_over(py: Python<'_>, message: String, outcome: xiangqi_rules::Outcome) -> PyErr {
    raise::<GameOverError>(py, message, &[("outcome", obj(py, Outcome(outcome)))])
}

pub fn game_error(py: Python<'_>, e: &GameError) -> PyErr {
    match e {
        GameError::GameOver(outcome) => game_over(py, e.to_string(), *outcome),
        GameError::IllegalMove(i) => illegal_move_error(py, i),
        GameError::BadMoveText(s) => iccs_syntax_error(py, s),
        GameError::NothingToUndo => {
            raise::<GameActionError>(py, e.to_string(), &[("kind", obj(py, "nothing_to_undo"))])
        }
        _ => raise::<XiangqiError>(py, e.to_string(), &[("kind", obj(py, "unknown"))]),
    }
}

/// For the tests: an example of every variant of every error enum of the core, with the
/// exception this module makes of it, as `(enum, example, exception)`, so that a test can check
/// that none is a plain `XiangqiError`. `SetupError` is walked both alone and inside the
/// `FenError` that carries it; `IllegalReason` inside an `IllegalMoveError`.
#[pyfunction(name = "_error_examples")]
pub fn error_examples(py: Python<'_>) -> Vec<(&'static str, String, Py<PyAny>)> {
    let e2 = Square::new(4, 2).unwrap_or_else(|| unreachable!());
    let e0 = Square::new(4, 0).unwrap_or_else(|| unreachable!());
    let e2e0 = IccsMove { from: e2, to: e0 };
    let setups = [
        CoreSetupError::GeneralCount {
            color: CoreColor::Red,
            count: 0,
        },
        CoreSetupError::TooManyPieces {
            color: CoreColor::Black,
            role: Role::Chariot,
            count: 3,
            max: 2,
        },
        CoreSetupError::ImpossiblePoint {
            square: e2,
            piece: Piece::new(CoreColor::Red, Role::Elephant),
        },
        CoreSetupError::GeneralsFacing,
        CoreSetupError::OpponentInCheck(CoreColor::Black),
    ];
    let mut fens = vec![
        CoreFenError::Empty,
        CoreFenError::MissingField {
            field: FenField::SideToMove,
            column: 12,
        },
        CoreFenError::PlacementCharacter {
            found: 'x',
            column: 3,
        },
        CoreFenError::RankLength {
            rank: 9,
            points: 8,
            column: 9,
        },
        CoreFenError::RankCount {
            ranks: 9,
            column: 20,
        },
        CoreFenError::BadField {
            field: FenField::HalfmoveClock,
            text: "x".to_owned(),
            column: 30,
        },
        CoreFenError::TrailingText { column: 40 },
    ];
    fens.extend(setups.iter().cloned().map(CoreFenError::Setup));
    let syntax = ParseIccsMoveError("h2e".to_owned());
    let illegal = |reason| CoreIllegalMove { iccs: e2e0, reason };
    let games = [
        GameError::GameOver(xiangqi_rules::Outcome::win(
            CoreColor::Red,
            Termination::Checkmate,
        )),
        GameError::IllegalMove(illegal(IllegalReason::NoPiece)),
        GameError::BadMoveText(syntax.clone()),
        GameError::NothingToUndo,
    ];

    let mut out = Vec::new();
    let mut push = |name: &'static str, example: String, err: PyErr| {
        out.push((name, example, err.into_value(py).into_any()));
    };
    for e in &setups {
        push(
            "SetupError",
            format!("{e:?}"),
            setup_error(py, e.to_string(), e),
        );
    }
    for e in &fens {
        push("FenError", format!("{e:?}"), fen_error(py, e));
    }
    for reason in IllegalReason::ALL {
        let e = illegal(reason);
        push(
            "IllegalReason",
            format!("{reason:?}"),
            illegal_move_error(py, &e),
        );
    }
    push(
        "ParseIccsMoveError",
        format!("{syntax:?}"),
        iccs_syntax_error(py, &syntax),
    );
    for e in [
        IccsMoveError::Syntax(syntax.clone()),
        IccsMoveError::Illegal(illegal(IllegalReason::FlyingGeneral)),
    ] {
        push("IccsMoveError", format!("{e:?}"), iccs_move_error(py, &e));
    }
    for e in &games {
        push("GameError", format!("{e:?}"), game_error(py, e));
    }
    out
}
