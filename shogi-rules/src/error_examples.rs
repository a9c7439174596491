//! `examples()` of every error enum of the crate: one value of each variant
//! (the convention is stated in the crate documentation, *Error examples*).
//!
//! Each list below is made by `examples!` (of the `enum-names` crate) from
//! `Variant => example` lines,
//! which also make a `match` over the enum without a wildcard: a variant
//! added to one of these enums fails to compile here until it is given an
//! example, and a test checks that each example is of the variant it is
//! listed for. The fieldless enums ([`IllegalReason`],
//! [`DeclarationRejection`], [`Limit`]) return their `ALL`, which
//! [`names`](crate::names) checks likewise. [`ClockStateError`]'s
//! `examples()` come with the clock, from the `board-clock` crate.

#[cfg(feature = "serde")]
use crate::GameJsonError;
use crate::RestoreError;
use crate::notation::csa::CsaError;
use crate::notation::japanese::JapaneseError;
use crate::notation::western::WesternError;
use crate::record::{EditError, Limit, LineId, MAX_MOVE_NUMBER, RecordErrorKind};
use crate::training::PackError;
use crate::usi::{UsiCommandError, UsiField, UsiMessageError};
use crate::{
    ClockSettings, ClockStateError, Color, DeclarationRejection, GameError, GameFromUsiError,
    IllegalMoveError, IllegalReason, Move, Outcome, OutcomeError, ParseUsiMoveError, Role,
    SetupError, SfenError, SfenField, Square, Termination, UsiMove, UsiMoveError,
};

use enum_names::{examples, examples_from_all};

examples_from_all!(IllegalReason, DeclarationRejection, Limit);

/// The illegal move of the examples: a pawn dropped without one in hand.
fn illegal_move() -> IllegalMoveError {
    IllegalMoveError {
        usi: UsiMove::Drop {
            role: Role::Pawn,
            to: Square::SQ_5E,
        },
        reason: IllegalReason::NotInHand,
    }
}

/// A move, for the lists of candidates of ambiguous text.
fn a_move() -> Move {
    Move::normal(Role::Gold, Square::SQ_6I, Square::SQ_5H, None, false)
}

examples!(ParseUsiMoveError {
    Empty => ParseUsiMoveError::Empty,
    BadLength => ParseUsiMoveError::BadLength(3),
    BadSquare => ParseUsiMoveError::BadSquare { column: 1 },
    BadDropPiece => ParseUsiMoveError::BadDropPiece('K'),
    BadSuffix => ParseUsiMoveError::BadSuffix('='),
});

examples!(UsiMoveError {
    Syntax => UsiMoveError::Syntax(ParseUsiMoveError::Empty),
    Illegal => UsiMoveError::Illegal(illegal_move()),
});

examples!(SetupError {
    TooManyKings => SetupError::TooManyKings { color: Color::Sente },
    TooManyPieces => SetupError::TooManyPieces { role: Role::Rook, count: 3, max: 2 },
    TwoPawnsOnFile => SetupError::TwoPawnsOnFile { color: Color::Gote, file: 5 },
    DeadPiece => SetupError::DeadPiece { square: Square::SQ_1A },
    OpponentInCheck => SetupError::OpponentInCheck { color: Color::Gote },
});

examples!(PackError {
    BadCode => PackError::BadCode { bit: 15 },
    Truncated => PackError::Truncated { bit: 250 },
    KingSquare => PackError::KingSquare { color: Color::Sente, value: 81 },
    Kings => PackError::Kings { color: Color::Gote, count: 0 },
    PieceCount => PackError::PieceCount { role: Role::Pawn, count: 19, expected: 18 },
    Setup => PackError::Setup(SetupError::TwoPawnsOnFile { color: Color::Sente, file: 5 }),
    NoSuchMove => PackError::NoSuchMove { move16: 0 },
    Length => PackError::Length { len: 39, entry_size: 38 },
});

examples!(SfenError {
    Empty => SfenError::Empty,
    MissingField => SfenError::MissingField { field: SfenField::SideToMove, column: 18 },
    BoardCharacter => SfenError::BoardCharacter { found: 'x', column: 1 },
    BadPromotion => SfenError::BadPromotion { column: 1 },
    RowLength => SfenError::RowLength { row: 1, squares: 8, column: 1 },
    RowCount => SfenError::RowCount { rows: 8, column: 1 },
    SideToMove => SfenError::SideToMove { column: 19 },
    HandCharacter => SfenError::HandCharacter { found: 'x', column: 21 },
    HandCount => SfenError::HandCount { column: 21 },
    MoveNumber => SfenError::MoveNumber { column: 23 },
    TrailingText => SfenError::TrailingText { column: 25 },
    Setup => SfenError::Setup(SetupError::DeadPiece { square: Square::SQ_1A }),
});

examples!(UsiCommandError {
    MissingStart => UsiCommandError::MissingStart { column: 10 },
    Sfen => UsiCommandError::Sfen(SfenError::Empty),
    ExpectedMoves => UsiCommandError::ExpectedMoves { column: 19 },
    BadMove => UsiCommandError::BadMove {
        ply: 1,
        column: 25,
        source: ParseUsiMoveError::BadLength(3),
    },
    IllegalMove => UsiCommandError::IllegalMove { ply: 1, column: 25, source: illegal_move() },
});

examples!(UsiMessageError {
    Empty => UsiMessageError::Empty,
    MissingValue => UsiMessageError::MissingValue { field: UsiField::BestMove, column: 9 },
    BadNumber => UsiMessageError::BadNumber {
        field: UsiField::Depth,
        column: 12,
        found: "x".into(),
    },
    BadMove => UsiMessageError::BadMove {
        field: UsiField::Pv,
        column: 9,
        source: ParseUsiMoveError::BadLength(3),
    },
    BadWord => UsiMessageError::BadWord { field: UsiField::Type, column: 20, found: "int".into() },
    Unexpected => UsiMessageError::Unexpected {
        field: UsiField::Command,
        column: 7,
        found: "now".into(),
    },
    Position => UsiMessageError::Position(UsiCommandError::MissingStart { column: 10 }),
});

examples!(OutcomeError {
    MissingWinner => OutcomeError::MissingWinner(Termination::Checkmate),
    UnexpectedWinner => OutcomeError::UnexpectedWinner {
        winner: Color::Sente,
        termination: Termination::DrawAgreement,
    },
});

examples!(GameError {
    GameOver => GameError::GameOver(Outcome::win(Color::Sente, Termination::Resignation)),
    IllegalMove => GameError::IllegalMove(illegal_move()),
    BadMoveText => GameError::BadMoveText(ParseUsiMoveError::Empty),
    NothingToUndo => GameError::NothingToUndo,
    DeclarationRejected => GameError::DeclarationRejected(DeclarationRejection::KingsNotInZone),
    NotYourTurn => GameError::NotYourTurn(Color::Gote),
    NoDrawOffersLeft => GameError::NoDrawOffersLeft(Color::Sente),
    DrawOfferPending => GameError::DrawOfferPending,
    NoDrawOffer => GameError::NoDrawOffer,
    NoClock => GameError::NoClock,
    NotStatable => GameError::NotStatable(RestoreError::RulesDecided {
        saved: Outcome::win(Color::Sente, Termination::Checkmate),
    }),
});

examples!(GameFromUsiError {
    Command => GameFromUsiError::Command(UsiCommandError::MissingStart { column: 10 }),
    IllegalMove => GameFromUsiError::IllegalMove { ply: 1, source: illegal_move() },
    AfterEnd => GameFromUsiError::AfterEnd {
        ply: 2,
        outcome: Outcome::win(Color::Sente, Termination::Checkmate),
    },
    LimitExceeded => GameFromUsiError::LimitExceeded { limit: Limit::MovesPerLine, max: 1 },
});

examples!(RestoreError {
    Start => RestoreError::Start(SfenError::Empty),
    Move => RestoreError::Move {
        ply: 1,
        source: UsiMoveError::Syntax(ParseUsiMoveError::Empty),
    },
    MoveAfterEnd => RestoreError::MoveAfterEnd {
        ply: 2,
        outcome: Outcome::win(Color::Sente, Termination::Checkmate),
    },
    OutcomeMismatch => RestoreError::OutcomeMismatch {
        replayed: Outcome::win(Color::Sente, Termination::Checkmate),
        saved: Outcome::win(Color::Gote, Termination::Resignation),
    },
    MissingOutcome => RestoreError::MissingOutcome {
        replayed: Outcome::win(Color::Sente, Termination::Checkmate),
    },
    RulesDecided => RestoreError::RulesDecided {
        saved: Outcome::win(Color::Sente, Termination::Checkmate),
    },
    Winner => RestoreError::Winner(OutcomeError::MissingWinner(Termination::Checkmate)),
    EndingNotAllowed => RestoreError::EndingNotAllowed {
        saved: Outcome::draw(Termination::DrawAgreement),
    },
    Declaration => RestoreError::Declaration {
        saved: Outcome::win(Color::Gote, Termination::ImpasseDeclaration),
        checked: None,
        reason: Some(DeclarationRejection::KingsNotInZone),
    },
    DrawOffers => RestoreError::DrawOffers { color: Color::Sente, made: 4, limit: 3 },
    DrawOffer => RestoreError::DrawOffer { color: Color::Gote },
    ClockMissing => RestoreError::ClockMissing,
    UnexpectedClock => RestoreError::UnexpectedClock,
    ClockSettings => RestoreError::ClockSettings {
        clock: ClockSettings { periods: 2, ..ClockSettings::SITE },
        rules: ClockSettings::SITE,
    },
    ClockState => RestoreError::ClockState(ClockStateError::TimedOutWithTimeLeft {
        color: Color::Gote,
    }),
    TimedOut => RestoreError::TimedOut { color: Color::Gote },
    NotTimedOut => RestoreError::NotTimedOut { color: Color::Sente },
});

#[cfg(feature = "serde")]
examples!(GameJsonError {
    Json => GameJsonError::Json(<serde_json::Error as serde::de::Error>::custom(
        "not a saved game",
    )),
    Restore => GameJsonError::Restore(RestoreError::ClockMissing),
});

examples!(WesternError {
    Syntax => WesternError::Syntax { column: 1, expected: "a piece letter" },
    Illegal => WesternError::Illegal(illegal_move()),
    NoSuchMove => WesternError::NoSuchMove { text: "R-5h".into() },
    Ambiguous => WesternError::Ambiguous { text: "G-5h".into(), candidates: vec![a_move()] },
});

examples!(JapaneseError {
    Syntax => JapaneseError::Syntax { column: 1, expected: "a square" },
    WrongSide => JapaneseError::WrongSide { written: Color::Gote },
    NoPreviousMove => JapaneseError::NoPreviousMove { column: 2 },
    Illegal => JapaneseError::Illegal(illegal_move()),
    NoSuchMove => JapaneseError::NoSuchMove { text: "▲５五銀".into() },
    Ambiguous => JapaneseError::Ambiguous { text: "▲５八金".into(), candidates: vec![a_move()] },
});

examples!(CsaError {
    Syntax => CsaError::Syntax { column: 1, expected: "+ or -" },
    WrongSide => CsaError::WrongSide { written: Color::Gote },
    Illegal => CsaError::Illegal(illegal_move()),
    NoSuchMove => CsaError::NoSuchMove { text: "+6858HI".into() },
});

examples!(EditError {
    NoLine => EditError::NoLine(LineId::MAIN),
    NoMove => EditError::NoMove { index: 3 },
    LineEnded => EditError::LineEnded,
    Illegal => EditError::Illegal(IllegalMoveError {
        usi: UsiMove::Drop {
            role: Role::Pawn,
            to: Square::SQ_5E,
        },
        reason: IllegalReason::NotInHand,
    }),
    NumberTooLarge => EditError::NumberTooLarge {
        max: MAX_MOVE_NUMBER,
    },
});

examples!(RecordErrorKind {
    Encoding => RecordErrorKind::Encoding("Shift_JIS"),
    UnknownFormat => RecordErrorKind::UnknownFormat,
    UnknownHandicap => RecordErrorKind::UnknownHandicap("七色落ち".into()),
    BadHeader => RecordErrorKind::BadHeader("手合割".into()),
    BadPosition => RecordErrorKind::BadPosition("P1".into()),
    IllegalPosition => RecordErrorKind::IllegalPosition(SetupError::DeadPiece {
        square: Square::SQ_1A,
    }),
    BadMoveText => RecordErrorKind::BadMoveText("７六歩(7)".into()),
    IllegalMove => RecordErrorKind::IllegalMove { ply: 2, reason: IllegalReason::NotAPieceMove },
    NoSuchMove => RecordErrorKind::NoSuchMove { ply: 2 },
    AmbiguousMove => RecordErrorKind::AmbiguousMove { ply: 2 },
    MoveNumber => RecordErrorKind::MoveNumber { expected: 2, found: 3 },
    MoveAfterEnd => RecordErrorKind::MoveAfterEnd,
    BadTime => RecordErrorKind::BadTime("(0:x/)".into()),
    BadVariation => RecordErrorKind::BadVariation(5),
    #[cfg(feature = "jkf")]
    Json => RecordErrorKind::Json("expected value".into()),
    UnexpectedLine => RecordErrorKind::UnexpectedLine("?".into()),
    LimitExceeded => RecordErrorKind::LimitExceeded { limit: Limit::Depth, max: 1000 },
    NumberTooLarge => RecordErrorKind::NumberTooLarge { max: 100_000_000 },
    Collection => RecordErrorKind::Collection { count: 2 },
});

#[cfg(test)]
mod tests {
    use super::*;

    /// Each example is of the variant it is listed for: with the
    /// exhaustive `match`, every variant has exactly one example.
    #[test]
    fn each_example_is_of_its_variant() {
        let lists = [
            ParseUsiMoveError::example_variants(),
            UsiMoveError::example_variants(),
            SetupError::example_variants(),
            SfenError::example_variants(),
            UsiCommandError::example_variants(),
            UsiMessageError::example_variants(),
            OutcomeError::example_variants(),
            GameError::example_variants(),
            GameFromUsiError::example_variants(),
            RestoreError::example_variants(),
            #[cfg(feature = "serde")]
            GameJsonError::example_variants(),
            WesternError::example_variants(),
            JapaneseError::example_variants(),
            CsaError::example_variants(),
            RecordErrorKind::example_variants(),
            EditError::example_variants(),
        ];
        for (listed, found) in lists {
            assert_eq!(listed, found);
        }
    }

    /// The examples make messages, as errors of their kinds do.
    #[test]
    fn every_example_has_a_message() {
        let messages = GameError::examples()
            .into_iter()
            .map(|e| e.to_string())
            .chain(
                RecordErrorKind::examples()
                    .into_iter()
                    .map(|e| e.to_string()),
            )
            .chain(SfenError::examples().into_iter().map(|e| e.to_string()));
        for message in messages {
            assert!(!message.is_empty());
        }
    }
}
