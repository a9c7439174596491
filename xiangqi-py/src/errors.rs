//! The Python exception classes and the translation of every error of the core into one of them.
//!
//! Each core error type has one function here with a `match` over its variants, so that a
//! variant added to the core is seen here. The core's enums are `#[non_exhaustive]`, so the
//! compiler requires a wildcard arm; it maps to the base class [`XiangqiError`] with the kind
//! `"unknown"`, which no variant of today reaches: [`error_examples`] gives the exception of an
//! example of every variant of every core error enum, and a test checks that each is one of the
//! specific classes with a known kind.

use board_py::errors::{obj, raise};
use pyo3::prelude::*;
use pyo3::{create_exception, exceptions::PyValueError};
use xiangqi_rules::{
    Color as CoreColor, FenError as CoreFenError, FenField, GameError, GameJsonError, IccsMove,
    IccsMoveError, IllegalMoveError as CoreIllegalMove, IllegalReason, ParseIccsMoveError, Piece,
    RestoreError as CoreRestoreError, Role, SetupError as CoreSetupError, Square,
};

use xiangqi_rules::notation::{Notation, NotationError as CoreNotationError};
use xiangqi_rules::record::{Limit, RecordError as CoreRecordError, RecordErrorKind};

use crate::game::Outcome;
use crate::moves::Move;

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
    NotationError,
    XiangqiError,
    "Move text in a notation (ICCS, UCI, WXF, Chinese) that names no legal move of the position; \
     `.kind` says why (`\"syntax\"`: not a move in the notation, `.column` the 1-based \
     character where it stops being one; `\"no_legal_move\"`: a well-formed move that no legal \
     move is, `.reason` the rule it breaks when the text names both points; `\"ambiguous\"`: \
     several legal moves fit, `.candidates` lists them), `.notation` the notation read and \
     `.text` the text."
);
create_exception!(
    xiangqi_rules,
    RecordError,
    XiangqiError,
    "A game record (PGN) that could not be read: `.line` and `.column` (1-based; 0 when the \
     problem is not on a line, such as the encoding or the input size), `.kind` what is wrong \
     (`\"encoding\"`, `\"bad_tag\"`, `\"bad_fen\"`, `\"bad_move_text\"`, \
     `\"illegal_move\"`, `\"no_such_move\"`, `\"ambiguous_move\"`, \
     `\"unexpected_token\"`, `\"unterminated_comment\"`, `\"unterminated_variation\"`, \
     `\"limit_exceeded\"`, `\"game_count\"`), `.ply` the 1-based ply of a move error (else \
     `None`), `.limit` the limit exceeded (such as `\"moves\"`, else `None`) and `.path` the \
     file read (or `None`)."
);
create_exception!(
    xiangqi_rules,
    RestoreError,
    XiangqiError,
    "A saved game (`Game.from_json`, unpickling) that does not restore; `.kind` names what is \
     wrong (`\"json\"`: not the saved form of a game; `\"start\"`, `\"move\"`, \
     `\"move_after_end\"`, `\"outcome_mismatch\"`, `\"missing_outcome\"`, \
     `\"rules_decided\"`, `\"winner\"`, `\"agreement_without_offer\"`, `\"draw_offers\"`, \
     `\"draw_offer\"`: saved state the moves and rules contradict) and `.ply` the 1-based ply \
     of a move error (else `None`)."
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
     no move to take back; `\"no_draw_offers_left\"`: the side has made all the draw offers \
     the rules allow; `\"draw_offer_pending\"`: an offer is open already; \
     `\"no_draw_offer\"`: no offer of the opponent to answer)."
);

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
        GameError::NoDrawOffersLeft(_) => raise::<GameActionError>(
            py,
            e.to_string(),
            &[("kind", obj(py, "no_draw_offers_left"))],
        ),
        GameError::DrawOfferPending => raise::<GameActionError>(
            py,
            e.to_string(),
            &[("kind", obj(py, "draw_offer_pending"))],
        ),
        GameError::NoDrawOffer => {
            raise::<GameActionError>(py, e.to_string(), &[("kind", obj(py, "no_draw_offer"))])
        }
        GameError::NoClock => {
            raise::<GameActionError>(py, e.to_string(), &[("kind", obj(py, "no_clock"))])
        }
        _ => raise::<XiangqiError>(py, e.to_string(), &[("kind", obj(py, "unknown"))]),
    }
}

/// The kind of a restore error (the snake_case name of its variant) and its ply (for a move).
fn restore_kind(e: &CoreRestoreError) -> (&'static str, Option<usize>) {
    match e {
        CoreRestoreError::Start(_) => ("start", None),
        CoreRestoreError::Move { ply, .. } => ("move", Some(*ply)),
        CoreRestoreError::MoveAfterEnd { ply, .. } => ("move_after_end", Some(*ply)),
        CoreRestoreError::OutcomeMismatch { .. } => ("outcome_mismatch", None),
        CoreRestoreError::MissingOutcome { .. } => ("missing_outcome", None),
        CoreRestoreError::RulesDecided { .. } => ("rules_decided", None),
        CoreRestoreError::Winner { .. } => ("winner", None),
        CoreRestoreError::AgreementWithoutOffer => ("agreement_without_offer", None),
        CoreRestoreError::DrawOffers { .. } => ("draw_offers", None),
        CoreRestoreError::DrawOffer { .. } => ("draw_offer", None),
        CoreRestoreError::ClockMissing => ("clock_missing", None),
        CoreRestoreError::UnexpectedClock => ("unexpected_clock", None),
        CoreRestoreError::ClockSettings { .. } => ("clock_settings", None),
        CoreRestoreError::ClockState(_) => ("clock_state", None),
        CoreRestoreError::TimedOut { .. } => ("timed_out", None),
        CoreRestoreError::NotTimedOut { .. } => ("not_timed_out", None),
        _ => ("unknown", None),
    }
}

/// `RestoreError` with `.kind` (`"json"` for text that is not a saved game, else the snake_case
/// name of the restore error) and `.ply` (for move errors, else `None`).
pub fn game_json_error(py: Python<'_>, e: &GameJsonError) -> PyErr {
    let message = format!("not a valid saved game: {e}");
    let (kind, ply) = match e {
        GameJsonError::Json(_) => ("json", None),
        GameJsonError::Restore(r) => restore_kind(r),
        _ => ("unknown", None),
    };
    let attributes = [("kind", obj(py, kind)), ("ply", obj(py, ply))];
    if kind == "unknown" {
        return raise::<XiangqiError>(py, message, &attributes);
    }
    raise::<RestoreError>(py, message, &attributes)
}

/// `NotationError` with `.kind`, `.notation`, `.text`, `.column`, `.reason` and `.candidates`.
pub fn notation_error(py: Python<'_>, e: &CoreNotationError) -> PyErr {
    let (kind, notation, text, column, reason, candidates) = match e {
        CoreNotationError::Syntax {
            notation,
            text,
            column,
        } => ("syntax", *notation, text, Some(*column), None, Vec::new()),
        CoreNotationError::NoLegalMove {
            notation,
            text,
            reason,
        } => ("no_legal_move", *notation, text, None, *reason, Vec::new()),
        CoreNotationError::Ambiguous {
            notation,
            text,
            candidates,
        } => ("ambiguous", *notation, text, None, None, candidates.clone()),
        _ => {
            return raise::<XiangqiError>(py, e.to_string(), &[("kind", obj(py, "unknown"))]);
        }
    };
    let candidates: Vec<Move> = candidates.into_iter().map(Move).collect();
    raise::<NotationError>(
        py,
        e.to_string(),
        &[
            ("kind", obj(py, kind)),
            ("notation", obj(py, notation.as_str())),
            ("text", obj(py, text.as_str())),
            ("column", obj(py, column)),
            ("reason", obj(py, reason.map(|r| r.as_str()))),
            ("candidates", obj(py, candidates)),
        ],
    )
}

/// The kind of a record error, its ply (for a move) and its limit (for a limit exceeded).
fn record_kind(kind: &RecordErrorKind) -> (&'static str, Option<u32>, Option<&'static str>) {
    match kind {
        RecordErrorKind::Encoding => ("encoding", None, None),
        RecordErrorKind::BadTag(_) => ("bad_tag", None, None),
        RecordErrorKind::BadFen(_) => ("bad_fen", None, None),
        RecordErrorKind::BadMoveText(_) => ("bad_move_text", None, None),
        RecordErrorKind::IllegalMove { ply, .. } => ("illegal_move", Some(*ply), None),
        RecordErrorKind::NoSuchMove { ply, .. } => ("no_such_move", Some(*ply), None),
        RecordErrorKind::AmbiguousMove { ply, .. } => ("ambiguous_move", Some(*ply), None),
        RecordErrorKind::UnexpectedToken(_) => ("unexpected_token", None, None),
        RecordErrorKind::UnterminatedComment => ("unterminated_comment", None, None),
        RecordErrorKind::UnterminatedVariation => ("unterminated_variation", None, None),
        RecordErrorKind::LimitExceeded { limit, .. } => {
            ("limit_exceeded", None, Some(limit.as_str()))
        }
        RecordErrorKind::GameCount(_) => ("game_count", None, None),
        _ => ("unknown", None, None),
    }
}

/// `RecordError` with `.line`, `.column`, `.kind`, `.ply`, `.limit` and `.path` (the file
/// read, named in the message too); `message` replaces the core's message when given.
pub fn record_error(
    py: Python<'_>,
    e: &CoreRecordError,
    path: Option<&str>,
    message: Option<String>,
) -> PyErr {
    let (kind, ply, limit) = record_kind(&e.kind);
    let message = message.unwrap_or_else(|| match path {
        Some(p) => format!("{p}: {e}"),
        None => e.to_string(),
    });
    let attributes = [
        ("kind", obj(py, kind)),
        ("line", obj(py, e.line)),
        ("column", obj(py, e.column)),
        ("ply", obj(py, ply)),
        ("limit", obj(py, limit)),
        ("path", obj(py, path)),
    ];
    if kind == "unknown" {
        return raise::<XiangqiError>(py, message, &attributes);
    }
    raise::<RecordError>(py, message, &attributes)
}

/// For the tests: an example of every variant of every error enum of the core, with the
/// exception this module makes of it, as `(enum, example, exception)`, so that a test can check
/// that none is a plain `XiangqiError`. `SetupError` is walked both alone and inside the
/// `FenError` that carries it; `IllegalReason` inside an `IllegalMoveError`; `RestoreError`
/// inside the `GameJsonError` that carries it.
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
    // The core's examples: one value of each variant, a new variant included.
    let games = GameError::examples();

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
    // The core's examples of the saved-game errors: a new variant is walked too.
    for e in CoreRestoreError::examples() {
        let carried = GameJsonError::Restore(e.clone());
        push(
            "RestoreError",
            format!("{e:?}"),
            game_json_error(py, &carried),
        );
    }
    for e in &GameJsonError::examples() {
        push("GameJsonError", format!("{e:?}"), game_json_error(py, e));
    }
    let m = xiangqi_rules::Position::startpos()
        .parse_iccs_move("h2e2")
        .unwrap_or_else(|_| unreachable!());
    let notations = [
        CoreNotationError::Syntax {
            notation: Notation::Wxf,
            text: "C2?5".to_owned(),
            column: 3,
        },
        CoreNotationError::NoLegalMove {
            notation: Notation::Iccs,
            text: "h2h9".to_owned(),
            reason: Some(IllegalReason::CannonNoScreen),
        },
        CoreNotationError::Ambiguous {
            notation: Notation::Wxf,
            text: "P5+1".to_owned(),
            candidates: vec![m, m],
        },
    ];
    for e in &notations {
        push("NotationError", format!("{e:?}"), notation_error(py, e));
    }
    let fen_error = CoreFenError::Empty;
    let kinds = [
        RecordErrorKind::Encoding,
        RecordErrorKind::BadTag("[Event".to_owned()),
        RecordErrorKind::BadFen(fen_error),
        RecordErrorKind::BadMoveText("zz".to_owned()),
        RecordErrorKind::IllegalMove {
            ply: 1,
            text: "h2h9".to_owned(),
            reason: IllegalReason::CannonNoScreen,
        },
        RecordErrorKind::NoSuchMove {
            ply: 2,
            text: "C2+9".to_owned(),
        },
        RecordErrorKind::AmbiguousMove {
            ply: 3,
            text: "P5+1".to_owned(),
            candidates: vec!["e3e4".to_owned(), "e5e6".to_owned()],
        },
        RecordErrorKind::UnexpectedToken(")".to_owned()),
        RecordErrorKind::UnterminatedComment,
        RecordErrorKind::UnterminatedVariation,
        RecordErrorKind::LimitExceeded {
            limit: Limit::Moves,
            max: 2,
        },
        RecordErrorKind::GameCount(2),
    ];
    for kind in kinds {
        let e = CoreRecordError::new(1, 2, kind);
        push(
            "RecordError",
            format!("{e:?}"),
            record_error(py, &e, None, None),
        );
    }
    for limit in Limit::ALL {
        let e = CoreRecordError::new(0, 0, RecordErrorKind::LimitExceeded { limit, max: 1 });
        push(
            "Limit",
            format!("{limit:?}"),
            record_error(py, &e, None, None),
        );
    }
    out
}
