//! The single-move API: resolving ICCS text, the reasons that no rule case
//! covers, playing and taking back, check and checkers.

use xiangqi_rules::{
    Color, IccsMove, IccsMoveError, IllegalReason, Move, Position, Role, Square, SquareSet,
};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn iccs(s: &str) -> IccsMove {
    s.parse().unwrap()
}

#[test]
fn iccs_text() {
    assert_eq!(iccs("H2-E2"), iccs("h2e2"));
    for bad in ["", "h2e", "h2e2e", "j2e2", "h2-e", "h2+e2", "ｈ2e2", "h2ee"] {
        assert!(bad.parse::<IccsMove>().is_err(), "{bad}");
    }
    let pos = Position::startpos();
    assert!(matches!(
        pos.parse_iccs_move("x"),
        Err(IccsMoveError::Syntax(_))
    ));
    let err = pos.parse_iccs_move("h2h7").unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal move h2h7: a cannon captures only by jumping over one piece"
    );
}

#[test]
fn reasons_outside_the_rule_cases() {
    let pos = Position::startpos();
    let why = |s: &str| pos.why_illegal_iccs(iccs(s));
    assert_eq!(why("e4e5"), Some(IllegalReason::NoPiece));
    assert_eq!(why("h7h0"), Some(IllegalReason::NotYourPiece));
    assert_eq!(why("e0e0"), Some(IllegalReason::NotAMove));
    assert_eq!(why("a0b1"), Some(IllegalReason::NotAMove));
    assert_eq!(why("b0c3"), Some(IllegalReason::NotAMove));
    assert_eq!(why("e3e5"), Some(IllegalReason::NotAMove));
    assert_eq!(why("b2b9"), None);
    // For a cannon any piece on the destination makes the move a capture,
    // and the movement rule comes before the own piece there.
    assert_eq!(why("b2b0"), Some(IllegalReason::CannonNoScreen));

    // A move that names the wrong role or capture.
    let m = pos.parse_iccs_move("h2e2").unwrap();
    assert!(pos.is_legal(m));
    let wrong_role = Move::new(Role::Chariot, m.from, m.to, None);
    assert_eq!(
        pos.why_illegal(wrong_role),
        Some(IllegalReason::MoveMismatch)
    );
    let wrong_capture = Move::new(Role::Cannon, m.from, m.to, Some(Role::Soldier));
    assert!(!pos.is_legal(wrong_capture));
    let mut copy = pos.clone();
    assert!(copy.play(wrong_capture).is_err());
    assert_eq!(copy, pos);
}

#[test]
fn captures_describe_themselves_and_undo_restores() {
    let mut pos = Position::startpos();
    let m = pos.parse_iccs_move("h2h9").unwrap();
    assert_eq!(
        m,
        Move::new(Role::Cannon, sq("h2"), sq("h9"), Some(Role::Horse))
    );
    let before = pos.clone();
    pos.play(m).unwrap();
    assert_eq!(pos.turn(), Color::Black);
    assert_eq!(pos.piece_at(sq("h9")).map(|p| p.role), Some(Role::Cannon));
    pos.undo(m);
    assert!(pos.same_position(&before));
    assert_eq!(pos.zobrist(), before.zobrist());
}

#[test]
fn double_check_and_checkers() {
    // Horse g8 and cannon e5 (screen e8) both check the black general on e9.
    let pos =
        Position::from_fen("3ak4/4a1N2/2n6/p1p3p1p/4C4/9/P5P1P/9/4A4/3K1A3 b - - 0 1").unwrap();
    assert!(pos.in_check());
    let expected: SquareSet = [sq("g8"), sq("e5")].into_iter().collect();
    assert_eq!(pos.checkers(), expected);
    let moves: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["e9f9"]);
    assert!(!pos.is_checkmate());
}

#[test]
fn flying_general_attacks_along_the_file_only() {
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
    // Each general controls its open file, not its rank.
    assert!(pos.is_attacked(sq("e9"), Color::Red));
    assert!(pos.is_attacked(sq("d0"), Color::Black));
    assert!(!pos.is_attacked(sq("f0"), Color::Black));
    assert!(!pos.is_attacked(sq("f9"), Color::Black));
    assert!(!pos.generals_face());
    assert_eq!(
        pos.why_illegal_iccs(iccs("e0d0")),
        Some(IllegalReason::FlyingGeneral)
    );
}
