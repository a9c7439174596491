//! Hand-written SFEN tests: the output format (canonical hand order, counts), what the
//! validated parser accepts (move number 0, counts up to the standard set, positions without a
//! king) and the rejected setups, each with its own [`SetupError`] kind.

use shogi_rules::{
    Color, IllegalReason, Move, Position, Role, SetupError, SfenError, Square, UsiMove,
};

/// An otherwise empty board with the two kings on 5a and 5i.
fn kings_only(hands: &str) -> String {
    format!("4k4/9/9/9/9/9/9/9/4K4 b {hands} 1")
}

fn load(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|err| panic!("`{sfen}` rejected: {err}"))
}

/// The setup error of a position that must be rejected.
fn reject(sfen: &str) -> SetupError {
    match Position::from_sfen(sfen) {
        Ok(pos) => panic!("`{sfen}` accepted as `{pos}`"),
        Err(SfenError::Setup(err)) => err,
        Err(err) => panic!("`{sfen}`: expected a setup error, got {err:?}"),
    }
}

#[test]
fn hands_are_written_in_canonical_order() {
    let pos = load(&kings_only("ppppRG"));
    assert_eq!(pos.to_sfen(), kings_only("RG4p"));
    let pos = load(&kings_only("7P2Rpb"));
    assert_eq!(pos.to_sfen(), kings_only("2R7Pbp"));
}

#[test]
fn repeated_letters_and_counts_are_the_same_hand() {
    assert_eq!(load(&kings_only("PPPPbgsnp")), load(&kings_only("4Pbgsnp")));
}

#[test]
fn counts_up_to_the_standard_set() {
    let pos = load(&kings_only("18p"));
    assert_eq!(pos.hand(Color::Gote).get(Role::Pawn), 18);
    assert_eq!(pos.to_sfen(), kings_only("18p"));
    let pos = load(&kings_only("10P8p"));
    assert_eq!(pos.hand(Color::Sente).get(Role::Pawn), 10);
    assert_eq!(pos.to_sfen(), kings_only("10P8p"));
}

#[test]
fn move_number_zero_is_accepted() {
    load("4k4/9/9/9/9/9/9/9/4K4 b - 0");
}

#[test]
fn positions_without_a_king_are_accepted() {
    let tsume = load("8k/9/9/9/9/9/9/9/9 b 2G 1");
    assert_eq!(tsume.king_of(Color::Sente), None);
    assert_eq!(tsume.king_of(Color::Gote), Some(Square::SQ_1A));
    assert!(!tsume.in_check());

    // No king at all: nobody is in check, whatever the rooks attack.
    let no_kings = load("4r4/9/9/9/9/9/9/9/4R4 b - 1");
    assert_eq!(no_kings.king_of(Color::Sente), None);
    assert_eq!(no_kings.king_of(Color::Gote), None);
    assert!(!no_kings.in_check());
}

#[test]
fn fewer_pieces_than_the_standard_set_are_accepted() {
    load(&kings_only("-"));
    load("4k4/9/9/9/9/9/9/9/4K4 w r 1");
}

#[test]
fn two_kings_of_one_colour_are_rejected() {
    let err = reject("4k4/9/9/9/9/9/9/9/3KK4 b - 1");
    assert!(
        matches!(
            err,
            SetupError::TooManyKings {
                color: Color::Sente
            }
        ),
        "{err:?}"
    );
    let err = reject("3kk4/9/9/9/9/9/9/9/4K4 b - 1");
    assert!(
        matches!(err, SetupError::TooManyKings { color: Color::Gote }),
        "{err:?}"
    );
}

#[test]
fn more_pieces_than_the_standard_set_are_rejected() {
    // Third rook: two on the board (one promoted) and one in hand.
    let err = reject("4k4/9/9/9/9/9/9/1+R5R1/4K4 b R 1");
    assert!(
        matches!(
            err,
            SetupError::TooManyPieces {
                role: Role::Rook,
                count: 3,
                max: 2
            }
        ),
        "{err:?}"
    );
    // 19 pawns.
    let err = reject(&kings_only("19p"));
    assert!(
        matches!(
            err,
            SetupError::TooManyPieces {
                role: Role::Pawn,
                count: 19,
                max: 18
            }
        ),
        "{err:?}"
    );
    // Third bishop, split between the colours.
    let err = reject("4k4/9/9/9/9/9/9/9/4K4 b 2Bb 1");
    assert!(
        matches!(
            err,
            SetupError::TooManyPieces {
                role: Role::Bishop,
                count: 3,
                max: 2
            }
        ),
        "{err:?}"
    );
}

#[test]
fn two_unpromoted_pawns_on_a_file_are_rejected() {
    let err = reject("4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1");
    assert!(
        matches!(
            err,
            SetupError::TwoPawnsOnFile {
                color: Color::Sente,
                file: 5
            }
        ),
        "{err:?}"
    );
    let err = reject("4k4/9/4p4/9/9/4p4/9/9/4K4 b - 1");
    assert!(
        matches!(
            err,
            SetupError::TwoPawnsOnFile {
                color: Color::Gote,
                file: 5
            }
        ),
        "{err:?}"
    );
    // A tokin or an opponent pawn on the file is not nifu.
    load("4k4/9/4+P4/9/4P4/9/9/9/4K4 b - 1");
    load("4k4/9/4p4/9/4P4/9/9/9/4K4 b - 1");
}

#[test]
fn pieces_that_could_never_move_are_rejected() {
    for (sfen, square) in [
        ("P3k4/9/9/9/9/9/9/9/4K4 b - 1", Square::SQ_9A), // Sente pawn on rank a
        ("L3k4/9/9/9/9/9/9/9/4K4 b - 1", Square::SQ_9A), // Sente lance on rank a
        ("N3k4/9/9/9/9/9/9/9/4K4 b - 1", Square::SQ_9A), // Sente knight on rank a
        ("4k4/N8/9/9/9/9/9/9/4K4 b - 1", Square::SQ_9B), // Sente knight on rank b
        ("4k4/9/9/9/9/9/9/9/p3K4 b - 1", Square::SQ_9I), // Gote pawn on rank i
        ("4k4/9/9/9/9/9/9/9/l3K4 b - 1", Square::SQ_9I), // Gote lance on rank i
        ("4k4/9/9/9/9/9/9/9/n3K4 b - 1", Square::SQ_9I), // Gote knight on rank i
        ("4k4/9/9/9/9/9/9/n8/4K4 b - 1", Square::SQ_9H), // Gote knight on rank h
    ] {
        let err = reject(sfen);
        assert_eq!(err, SetupError::DeadPiece { square }, "{sfen}");
    }
    // Promoted, or one rank further back: fine.
    load("+P+L+N1k4/9/9/9/9/9/9/9/4K4 b - 1");
    load("4k4/9/N8/9/9/9/9/9/4K4 b - 1");
    load("4k4/9/9/9/9/9/n8/9/4K4 b - 1");
}

#[test]
fn side_not_to_move_in_check_is_rejected() {
    // Gote's king on 5a is attacked by the rook on 5e, and Sente is to move.
    let err = reject("4k4/9/9/9/4R4/9/9/9/K8 b - 1");
    assert_eq!(err, SetupError::OpponentInCheck { color: Color::Gote });
    // Same board with Gote to move: Gote is simply in check.
    assert!(load("4k4/9/9/9/4R4/9/9/9/K8 w - 1").in_check());
}

/// Text errors name the 1-based column (in characters) where the problem is: the bad
/// character, the start of the bad field, or just past the end for a missing one.
#[test]
fn text_errors_point_at_their_column() {
    // (text, column; 0 where the error has none)
    let cases: &[(&str, usize)] = &[
        ("", 0),
        ("   ", 0),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
            59,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL  ",
            59,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b",
            61,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
            59,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - x",
            63,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 z",
            65,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b X 1",
            61,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 0P 1",
            61,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2 1",
            61,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 999P 1",
            61,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGS+K b - 1",
            56,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+ b - 1",
            57,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1",
            58,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
            57,
        ),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", 48),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL/9 b - 1",
            58,
        ),
        (
            "lnsgkgsnl/1r5b1/pppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            25,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN9 b - 1",
            57,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppxpppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            21,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppéppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            21,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL é - 1",
            59,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b é 1",
            61,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b Pé 1",
            62,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL é",
            59,
        ),
        (
            "  lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - é",
            65,
        ),
        (
            "  lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
            61,
        ),
    ];
    for &(sfen, column) in cases {
        let err = Position::from_sfen(sfen).expect_err(sfen);
        assert_eq!(err.column().unwrap_or(0), column, "{sfen:?}: {err}");
    }
}

/// A position read without checks may leave a king attacked by the side to move. A king is
/// never captured: no such move is generated or accepted, counting moves does not fail, and a
/// mis-described move that takes a king is played and taken back without harm.
#[test]
fn a_king_is_never_captured_in_an_unchecked_position() {
    let attacked = Position::from_sfen_unvalidated("4k4/9/9/9/4R4/9/9/9/4K4 b - 1").unwrap();
    let side_by_side = Position::from_sfen_unvalidated("9/9/9/9/4k4/4K4/9/9/9 b - 1").unwrap();
    for pos in [&attacked, &side_by_side] {
        let legal = pos.legal_moves();
        assert!(!legal.is_empty(), "{}", pos.to_sfen());
        assert!(legal.iter().all(|m| m.capture() != Some(Role::King)));
        for &m in legal.iter() {
            assert!(pos.is_legal(m), "{m} at {}", pos.to_sfen());
        }
        assert!(pos.has_legal_moves());
        assert!(shogi_rules::perft(pos, 3) > 0);
    }
    let take: UsiMove = "5e5a".parse().unwrap();
    assert_eq!(
        attacked.to_move(take).unwrap_err().reason(),
        IllegalReason::Occupied
    );
    let take: UsiMove = "5f5e".parse().unwrap();
    assert_eq!(
        side_by_side.to_move(take).unwrap_err().reason(),
        IllegalReason::Occupied
    );
    let m = Move::normal(
        Role::Rook,
        Square::SQ_5E,
        Square::SQ_5A,
        Some(Role::King),
        false,
    );
    let mut pos = attacked.clone();
    pos.play_unchecked(m);
    assert_eq!(pos.hand(Color::Sente).total(), 0);
    pos.undo(m);
    assert_eq!(pos, attacked);
    assert_eq!(pos.zobrist(), attacked.zobrist());
}
