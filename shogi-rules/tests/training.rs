//! The training formats: round trips of HCP, PackedSfen and move16 over
//! random play, arbitrary bytes decoded without a panic (what decodes
//! re-encodes to bytes that decode to the same position), and the errors
//! of positions the formats cannot hold.

use proptest::prelude::*;
use shogi_rules::training::PackError;
use shogi_rules::{Color, Position, Role, SetupError};

/// Positions with few pieces (the piece box), full hands, promoted pieces.
const STARTS: [&str; 5] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "4k4/9/9/9/9/9/9/9/4K4 b - 1",
    "4k4/9/9/9/9/9/9/9/4K4 w 2R2B4G4S4N4L9P9p 1",
    "+Rn2k3+P/9/2+B6/9/4P4/9/9/9/4K4 w Gs2p 1",
    "8k/9/9/9/9/9/9/9/K8 w rb 1",
];

fn check_round_trips(pos: &Position) -> Result<(), TestCaseError> {
    let at_one = {
        let sfen = pos.to_sfen();
        let cut = sfen.rfind(' ').unwrap();
        format!("{} 1", &sfen[..cut])
    };
    let hcp = pos.to_hcp().unwrap();
    prop_assert_eq!(Position::from_hcp(&hcp).unwrap().to_sfen(), at_one.clone());
    let psfen = pos.to_packed_sfen().unwrap();
    prop_assert_eq!(
        Position::from_packed_sfen(&psfen).unwrap().to_sfen(),
        at_one
    );
    for m in pos.legal_moves() {
        let code = m.to_move16();
        prop_assert!(code < 0x8000);
        prop_assert_eq!(pos.move_from_move16(code), Ok(m));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_play_round_trips(start in 0..STARTS.len(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let mut pos = Position::from_sfen(STARTS[start]).unwrap();
        check_round_trips(&pos)?;
        for choice in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves.as_slice()[usize::from(choice) % moves.len()];
            pos.play(m).unwrap();
            check_round_trips(&pos)?;
        }
    }
}

/// Decodes `bytes` in both formats; what decodes must encode to bytes that
/// decode to the same position.
fn decode_any(bytes: &[u8; 32]) -> Result<(), TestCaseError> {
    type Pair = (
        fn(&[u8; 32]) -> Result<Position, PackError>,
        fn(&Position) -> Result<[u8; 32], PackError>,
    );
    let formats: [Pair; 2] = [
        (Position::from_hcp, Position::to_hcp),
        (Position::from_packed_sfen, Position::to_packed_sfen),
    ];
    for (decode, encode) in formats {
        if let Ok(pos) = decode(bytes) {
            let again = encode(&pos).unwrap();
            prop_assert_eq!(decode(&again).unwrap(), pos.clone());
            prop_assert_eq!(encode(&decode(&again).unwrap()).unwrap(), again);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in any::<[u8; 32]>()) {
        decode_any(&bytes)?;
    }

    /// Valid bytes with a few bits flipped.
    #[test]
    fn flipped_bits_never_panic(start in 0..STARTS.len(), flips in prop::collection::vec(0usize..256, 1..4)) {
        let pos = Position::from_sfen(STARTS[start]).unwrap();
        for mut bytes in [pos.to_hcp().unwrap(), pos.to_packed_sfen().unwrap()] {
            for &bit in &flips {
                bytes[bit / 8] ^= 1 << (bit % 8);
            }
            decode_any(&bytes)?;
        }
    }

    #[test]
    fn arbitrary_move16_is_a_legal_move_or_an_error(code in any::<u16>()) {
        let pos = Position::startpos();
        match pos.move_from_move16(code) {
            Ok(m) => prop_assert_eq!(m.to_move16(), code),
            Err(e) => prop_assert_eq!(e, PackError::NoSuchMove { move16: code }),
        }
    }
}

#[test]
fn move16_codes_are_apery_s() {
    let pos = Position::from_sfen("4k4/9/9/4P4/9/9/9/9/4K4 b RBGSNLP 1").unwrap();
    let code = |usi: &str| pos.parse_usi_move(usi).unwrap().to_move16();
    // To 5c (38) from 5d (39); promotion is bit 14; drops come from 81 + kind.
    assert_eq!(code("5d5c"), 38 | 39 << 7);
    assert_eq!(code("5d5c+"), 38 | 39 << 7 | 1 << 14);
    assert_eq!(code("P*1b"), 1 | 81 << 7);
    assert_eq!(code("R*1a"), 86 << 7);
    assert_eq!(code("G*3g"), 24 | 87 << 7);
}

#[test]
fn the_formats_hold_both_kings_and_at_most_the_set() {
    let no_king = Position::from_sfen("9/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
    let err = PackError::Kings {
        color: Color::Gote,
        count: 0,
    };
    assert_eq!(no_king.to_hcp(), Err(err.clone()));
    assert_eq!(no_king.to_packed_sfen(), Err(err));
    let two = Position::from_sfen_unvalidated("4k4/9/9/9/9/9/9/9/K3K4 b - 1").unwrap();
    assert_eq!(
        two.to_hcp(),
        Err(PackError::Kings {
            color: Color::Sente,
            count: 2
        })
    );
    let pawns = Position::from_sfen_unvalidated("4k4/9/9/9/9/9/9/9/4K4 b 19P 1").unwrap();
    assert_eq!(
        pawns.to_hcp(),
        Err(PackError::PieceCount {
            role: Role::Pawn,
            count: 19,
            expected: 18
        })
    );
}

#[test]
fn decoding_checks_the_setup_rules() {
    // Two unpromoted Sente pawns on file 5: written (the encoder checks no
    // rule of play), refused when read, as `Position::from_sfen` refuses it.
    let nifu = Position::from_sfen_unvalidated("4k4/9/9/4P4/4P4/9/9/9/4K4 b - 1").unwrap();
    let want = PackError::Setup(SetupError::TwoPawnsOnFile {
        color: Color::Sente,
        file: 5,
    });
    assert_eq!(
        Position::from_hcp(&nifu.to_hcp().unwrap()),
        Err(want.clone())
    );
    assert_eq!(
        Position::from_packed_sfen(&nifu.to_packed_sfen().unwrap()),
        Err(want)
    );
}

#[test]
fn corrupt_bytes_give_typed_errors() {
    let start = Position::startpos().to_hcp().unwrap();
    // Sente's king square (bits 1-7) set to 81 and to 127.
    for value in [81u8, 127] {
        let mut bytes = start;
        bytes[0] = (bytes[0] & 0x01) | value << 1;
        assert_eq!(
            Position::from_hcp(&bytes),
            Err(PackError::KingSquare {
                color: Color::Sente,
                value
            })
        );
    }
    // Both kings on 5i.
    let mut bytes = start;
    let sente = (bytes[0] >> 1) & 0x7f;
    bytes[1] = (bytes[1] & 0x80) | sente;
    assert!(matches!(
        Position::from_hcp(&bytes),
        Err(PackError::KingSquare {
            color: Color::Gote,
            ..
        })
    ));
    // Kings only: the hand section starts at bit 94 with a box pawn `010`;
    // `011` is no code.
    let kings = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
    for mut bytes in [kings.to_hcp().unwrap(), kings.to_packed_sfen().unwrap()] {
        bytes[96 / 8] |= 1 << (96 % 8);
        assert_eq!(
            Position::from_hcp(&bytes).or(Position::from_packed_sfen(&bytes)),
            Err(PackError::BadCode { bit: 94 })
        );
    }
    // All zeros: Sente to move, both kings on 1a.
    assert_eq!(
        Position::from_hcp(&[0; 32]),
        Err(PackError::KingSquare {
            color: Color::Gote,
            value: 0
        })
    );
    // Empty squares where pieces were: the set is short.
    let mut bytes = start;
    bytes[31] = 0;
    assert!(matches!(
        Position::from_hcp(&bytes),
        Err(PackError::PieceCount { .. } | PackError::BadCode { .. } | PackError::Truncated { .. })
    ));
}
