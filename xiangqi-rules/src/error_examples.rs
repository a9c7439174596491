//! `examples()` of every error enum of the crate: one value of each variant,
//! so that a binding can prove that it maps every variant to its own code or
//! class.
//!
//! Each list is made by `examples!` (of the `enum-names` crate) from
//! `Variant => example` lines, which also make a `match` over the enum
//! without a wildcard: a variant added to one of these enums fails to
//! compile here until it is given an example, and a test checks that each
//! example is of the variant it is listed for. The fieldless enums
//! ([`IllegalReason`], [`Limit`]) return their `ALL`.
//!
//! ```
//! use xiangqi_rules::{FenError, IllegalReason, SetupError};
//! assert_eq!(FenError::examples().len(), 8);
//! assert_eq!(SetupError::examples().len(), 5);
//! assert_eq!(IllegalReason::examples(), IllegalReason::ALL);
//! ```

use enum_names::{examples, examples_from_all};

#[cfg(feature = "serde")]
use crate::GameJsonError;
use crate::notation::{Notation, NotationError};
use crate::record::{Limit, RecordErrorKind};
use crate::{
    ClockSettings, ClockStateError, Color, FenError, FenField, GameError, IccsMove, IccsMoveError,
    IllegalMoveError, IllegalReason, Move, Outcome, ParseIccsMoveError, Piece, RestoreError, Role,
    SetupError, Square, Termination,
};

examples_from_all!(IllegalReason, Limit);

/// A point of the examples (known to be on the board).
const fn point(file: u8, rank: u8) -> Square {
    match Square::new(file, rank) {
        Some(sq) => sq,
        None => panic!("a point of the examples is off the board"),
    }
}

/// The illegal move of the examples: a horse whose leg is blocked.
fn illegal_move() -> IllegalMoveError {
    IllegalMoveError {
        iccs: IccsMove {
            from: point(1, 0),
            to: point(2, 2),
        },
        reason: IllegalReason::HorseHobbled,
    }
}

examples!(SetupError {
    GeneralCount => SetupError::GeneralCount { color: Color::Red, count: 0 },
    TooManyPieces => SetupError::TooManyPieces {
        color: Color::Black,
        role: Role::Chariot,
        count: 3,
        max: 2,
    },
    ImpossiblePoint => SetupError::ImpossiblePoint {
        square: point(0, 0),
        piece: Piece::new(Color::Red, Role::Advisor),
    },
    GeneralsFacing => SetupError::GeneralsFacing,
    OpponentInCheck => SetupError::OpponentInCheck(Color::Black),
});

examples!(FenError {
    Empty => FenError::Empty,
    MissingField => FenError::MissingField { field: FenField::SideToMove, column: 45 },
    PlacementCharacter => FenError::PlacementCharacter { found: 'x', column: 1 },
    RankLength => FenError::RankLength { rank: 0, points: 8, column: 1 },
    RankCount => FenError::RankCount { ranks: 9, column: 1 },
    BadField => FenError::BadField {
        field: FenField::SideToMove,
        text: "x".into(),
        column: 45,
    },
    TrailingText => FenError::TrailingText { column: 60 },
    Setup => FenError::Setup(SetupError::GeneralsFacing),
});

examples!(GameError {
    GameOver => GameError::GameOver(Outcome::win(Color::Red, Termination::Checkmate)),
    IllegalMove => GameError::IllegalMove(illegal_move()),
    BadMoveText => GameError::BadMoveText(ParseIccsMoveError("h2".into())),
    NothingToUndo => GameError::NothingToUndo,
    NoDrawOffersLeft => GameError::NoDrawOffersLeft(Color::Black),
    DrawOfferPending => GameError::DrawOfferPending,
    NoDrawOffer => GameError::NoDrawOffer,
    NoClock => GameError::NoClock,
});

examples!(RestoreError {
    Start => RestoreError::Start(FenError::Empty),
    Move => RestoreError::Move {
        ply: 1,
        source: IccsMoveError::Illegal(illegal_move()),
    },
    MoveAfterEnd => RestoreError::MoveAfterEnd {
        ply: 3,
        outcome: Outcome::win(Color::Red, Termination::Checkmate),
    },
    OutcomeMismatch => RestoreError::OutcomeMismatch {
        replayed: Outcome::win(Color::Red, Termination::Checkmate),
        saved: Outcome::win(Color::Black, Termination::Checkmate),
    },
    MissingOutcome => RestoreError::MissingOutcome {
        replayed: Outcome::draw(Termination::Repetition),
    },
    RulesDecided => RestoreError::RulesDecided {
        saved: Outcome::draw(Termination::MoveLimit),
    },
    Winner => RestoreError::Winner {
        saved: Outcome::win(Color::Red, Termination::DrawAgreement),
    },
    AgreementWithoutOffer => RestoreError::AgreementWithoutOffer,
    DrawOffers => RestoreError::DrawOffers { color: Color::Red, made: 3, limit: 2 },
    DrawOffer => RestoreError::DrawOffer { color: Color::Black },
    ClockMissing => RestoreError::ClockMissing,
    UnexpectedClock => RestoreError::UnexpectedClock,
    ClockSettings => RestoreError::ClockSettings {
        clock: ClockSettings { periods: 2, ..ClockSettings::SITE },
        rules: ClockSettings::SITE,
    },
    ClockState => RestoreError::ClockState(ClockStateError::TimedOutWithTimeLeft {
        color: Color::Black,
    }),
    TimedOut => RestoreError::TimedOut { color: Color::Black },
    NotTimedOut => RestoreError::NotTimedOut { color: Color::Red },
});

#[cfg(feature = "serde")]
examples!(GameJsonError {
    Json => GameJsonError::Json(<serde_json::Error as serde::de::Error>::custom(
        "not a saved game",
    )),
    Restore => GameJsonError::Restore(RestoreError::AgreementWithoutOffer),
});

examples!(IccsMoveError {
    Syntax => IccsMoveError::Syntax(ParseIccsMoveError("h2".into())),
    Illegal => IccsMoveError::Illegal(illegal_move()),
});

examples!(NotationError {
    Syntax => NotationError::Syntax {
        notation: Notation::Wxf,
        text: "Q2.5".into(),
        column: 1,
    },
    NoLegalMove => NotationError::NoLegalMove {
        notation: Notation::Iccs,
        text: "b0c2".into(),
        reason: Some(IllegalReason::HorseHobbled),
    },
    Ambiguous => NotationError::Ambiguous {
        notation: Notation::Wxf,
        text: "R1+1".into(),
        candidates: vec![
            Move::new(Role::Chariot, point(8, 0), point(8, 1), None),
            Move::new(Role::Chariot, point(8, 3), point(8, 4), None),
        ],
    },
});

examples!(RecordErrorKind {
    Encoding => RecordErrorKind::Encoding,
    BadTag => RecordErrorKind::BadTag("[Event".into()),
    BadFen => RecordErrorKind::BadFen(FenError::Empty),
    BadMoveText => RecordErrorKind::BadMoveText("Q2.5".into()),
    IllegalMove => RecordErrorKind::IllegalMove {
        ply: 1,
        text: "b0c2".into(),
        reason: IllegalReason::HorseHobbled,
    },
    NoSuchMove => RecordErrorKind::NoSuchMove { ply: 1, text: "R9+1".into() },
    AmbiguousMove => RecordErrorKind::AmbiguousMove {
        ply: 1,
        text: "R1+1".into(),
        candidates: vec!["i0i1".into(), "i3i4".into()],
    },
    UnexpectedToken => RecordErrorKind::UnexpectedToken(")".into()),
    UnterminatedComment => RecordErrorKind::UnterminatedComment,
    UnterminatedVariation => RecordErrorKind::UnterminatedVariation,
    LimitExceeded => RecordErrorKind::LimitExceeded { limit: Limit::Depth, max: 1000 },
    GameCount => RecordErrorKind::GameCount(2),
});

#[cfg(test)]
mod tests {
    use super::*;

    /// Each example is of the variant it is listed for: with the
    /// exhaustive `match`, every variant has exactly one example.
    #[test]
    fn each_example_is_of_its_variant() {
        let lists = [
            SetupError::example_variants(),
            FenError::example_variants(),
            GameError::example_variants(),
            RestoreError::example_variants(),
            #[cfg(feature = "serde")]
            GameJsonError::example_variants(),
            IccsMoveError::example_variants(),
            NotationError::example_variants(),
            RecordErrorKind::example_variants(),
        ];
        for (listed, found) in lists {
            assert_eq!(listed, found);
        }
    }

    /// The messages of the examples are distinct within each enum: each
    /// variant says something of its own.
    #[test]
    fn messages_differ() {
        fn distinct<T: ToString>(examples: Vec<T>) {
            let mut texts: Vec<String> = examples.iter().map(ToString::to_string).collect();
            let n = texts.len();
            texts.sort();
            texts.dedup();
            assert_eq!(texts.len(), n);
        }
        distinct(SetupError::examples());
        distinct(FenError::examples());
        distinct(GameError::examples());
        distinct(RestoreError::examples());
        #[cfg(feature = "serde")]
        distinct(GameJsonError::examples());
        distinct(IccsMoveError::examples());
        distinct(NotationError::examples());
        distinct(RecordErrorKind::examples());
    }
}
