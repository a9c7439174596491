//! FEN reading and writing, and the setup rules: each [`FenError`] and
//! [`SetupError`] variant from a text that shows it.

use xiangqi_rules::{
    Color, FenError, FenField, Piece, Position, Role, Setup, SetupChecks, SetupError, Square,
};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn round_trips_and_accepted_forms() {
    assert_eq!(Position::from_fen(START).unwrap().to_fen(), START);
    assert_eq!(Position::startpos().to_fen(), START);
    for (text, fen) in [
        // `r` for Red, E/H letters, missing trailing fields, extra spaces.
        (
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r",
            START,
        ),
        (
            "  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR   w - -  ",
            START,
        ),
        (
            "3aka3/2c1n4/4bP3/9/4N4/9/9/9/9/4K4 w",
            "3aka3/2c1n4/4bP3/9/4N4/9/9/9/9/4K4 w - - 0 1",
        ),
        (
            "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 8 5",
            "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 8 5",
        ),
    ] {
        let pos = Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(pos.to_fen(), fen);
    }
}

#[test]
fn text_errors_name_the_field_and_column() {
    let cases: [(&str, FenError); 10] = [
        ("", FenError::Empty),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
            FenError::MissingField {
                field: FenField::SideToMove,
                column: 60,
            },
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
            FenError::PlacementCharacter {
                found: 'X',
                column: 59,
            },
        ),
        (
            "rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            FenError::RankLength {
                rank: 8,
                points: 8,
                column: 12,
            },
        ),
        (
            "rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            FenError::RankLength {
                rank: 9,
                points: 10,
                column: 10,
            },
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w",
            FenError::RankCount {
                ranks: 9,
                column: 58,
            },
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w",
            FenError::RankCount {
                ranks: 11,
                column: 62,
            },
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w K - 0 1",
            FenError::BadField {
                field: FenField::Castling,
                text: "K".into(),
                column: 63,
            },
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
            FenError::BadField {
                field: FenField::HalfmoveClock,
                text: "x".into(),
                column: 67,
            },
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 z",
            FenError::TrailingText { column: 71 },
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(Position::from_fen(text), Err(expected.clone()), "{text}");
        // The message names the column.
        let message = expected.to_string();
        assert!(
            matches!(expected, FenError::Empty) || message.contains("column"),
            "{message}"
        );
    }
}

#[test]
fn setup_errors() {
    let setup = |fen: &str| Position::from_fen(fen).unwrap_err();
    assert_eq!(
        setup("3k5/9/9/9/9/9/9/9/9/9 w"),
        FenError::Setup(SetupError::GeneralCount {
            color: Color::Red,
            count: 0
        })
    );
    assert_eq!(
        setup("3k1k3/9/9/9/9/9/9/9/9/4K4 w"),
        FenError::Setup(SetupError::GeneralCount {
            color: Color::Black,
            count: 2
        })
    );
    assert_eq!(
        setup("3k5/9/9/9/9/9/9/RRR6/9/4K4 w"),
        FenError::Setup(SetupError::TooManyPieces {
            color: Color::Red,
            role: Role::Chariot,
            count: 3,
            max: 2
        })
    );
    for (fen, square, piece) in [
        ("3k5/9/9/9/9/9/9/9/9/2K6 w", "c0", 'K'),
        ("3k5/9/9/9/9/9/9/9/3A5/4K4 w", "d1", 'A'),
        ("3k5/9/9/9/9/9/9/9/2B6/4K4 w", "c1", 'B'),
        // A black elephant on a red elephant point: across the river.
        ("3k5/9/9/9/9/9/9/9/9/2b1K4 w", "c0", 'b'),
        ("3k5/9/9/9/9/9/9/4a4/9/4K4 w", "e2", 'a'),
    ] {
        assert_eq!(
            setup(fen),
            FenError::Setup(SetupError::ImpossiblePoint {
                square: sq(square),
                piece: Piece::from_char(piece).unwrap()
            }),
            "{fen}"
        );
    }
    assert_eq!(
        setup("4k4/9/9/9/9/9/9/9/9/4K4 b"),
        FenError::Setup(SetupError::GeneralsFacing)
    );
    // Black to move, Red in check from the black chariot: Red could not
    // have moved into it.
    assert_eq!(
        setup("3k5/9/9/9/9/9/9/9/9/4K3r b"),
        FenError::Setup(SetupError::OpponentInCheck(Color::Red))
    );
    // The same position with Red to move is a check to answer.
    assert!(
        Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K3r w")
            .unwrap()
            .in_check()
    );
}

#[test]
fn soldiers_behind_their_start_only_under_strict_checks() {
    for (fen, square) in [
        ("3k5/9/9/9/9/9/9/P8/9/4K4 w", "a2"),
        ("3k5/9/9/9/9/9/1P7/9/9/4K4 w", "b3"),
        ("3k5/9/9/1p7/9/9/9/9/9/4K4 w", "b6"),
    ] {
        let setup = Setup::from_fen(fen).unwrap();
        assert!(Position::from_setup(&setup).is_ok(), "{fen}");
        assert!(
            matches!(
                Position::from_setup_with(&setup, SetupChecks::STRICT),
                Err(SetupError::ImpossiblePoint { square: s, .. }) if s == sq(square)
            ),
            "{fen}"
        );
    }
    // Soldiers on their start points and across the river are fine either way.
    let setup = Setup::from_fen(START).unwrap();
    assert!(Position::from_setup_with(&setup, SetupChecks::STRICT).is_ok());
}

#[test]
fn setup_round_trip() {
    let pos = Position::startpos();
    let setup = Setup::from_position(&pos);
    assert_eq!(setup.to_fen(), START);
    assert_eq!(Position::from_setup(&setup).unwrap(), pos);
    assert_eq!(
        setup.piece(sq("e0")),
        Some(Piece::new(Color::Red, Role::General))
    );
}
