//! Shared fixtures for the fuzz targets: the fixed list of valid start positions that the
//! `usi_move` and `legality` targets resolve moves against, and small helpers.
//!
//! Every SFEN here must be accepted by `Position::from_sfen`; the helpers panic otherwise, which
//! libFuzzer reports as a crash on the first input.

use shogi_rules::{Move, Position, UsiMove};

/// Valid positions with many kinds of legal and illegal moves: the start position, perft
/// reference positions (207 and 593 legal moves, two middle games, full hands), and rule cases
/// for uchifuzume, nifu, pins, check evasion by drops and moves into attacked squares.
pub const POSITIONS: &[&str] = &[
    // Start position.
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    // "Matsuri": 207 legal moves, promotions and drops everywhere.
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    // The 593-move position.
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    // Middle games from published perft tables (move 124 and move 91).
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b SBG3ps 91",
    // Both hands full, kings in the open.
    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    // Uchifuzume: P*1b mates and is illegal.
    "8k/9/6NG1/9/9/9/9/9/4K4 b P 1",
    // Uchifuzume through a pinned defender.
    "7nk/7g1/8G/9/4B4/9/9/9/K8 b P 1",
    // Gote in check from a knight, a gold to drop.
    "4k4/6s2/5N3/9/9/9/9/9/K3R4 w g 1",
    // Gote to move with pins on both sides and a pawn in hand.
    "r7r/4K4/3N5/1b2gg1b1/9/9/9/9/8k w p 1",
    // Sente king near a Gote tokin: stepping into its reach is illegal.
    "k8/9/9/9/4+p1K2/9/9/9/9 b - 1",
    // Sente king on a rook's line, a gold in hand to interpose.
    "4k4/9/9/9/9/9/9/9/r3K4 b G 1",
    // Nifu: Gote already has a pawn on file 5.
    "4k4/9/4p4/9/9/9/9/9/4K4 w p 1",
];

/// Parses entry `index` (taken modulo the list length) of [`POSITIONS`].
///
/// # Panics
/// If the SFEN is rejected: the fixture list itself is then wrong.
pub fn position(index: usize) -> Position {
    let sfen = POSITIONS[index % POSITIONS.len()];
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("fixture SFEN {sfen:?} rejected: {e}"))
}

/// All fixture positions, parsed.
pub fn all_positions() -> Vec<Position> {
    (0..POSITIONS.len()).map(position).collect()
}

/// The USI syntax of a move, as `UsiMove`, through its text form.
///
/// # Panics
/// If the text that `Move` prints does not parse back as a `UsiMove`.
pub fn usi_of(m: Move) -> UsiMove {
    let text = m.to_string();
    text.parse()
        .unwrap_or_else(|e| panic!("Move displays as {text:?}, which does not parse: {e}"))
}

/// Whether a line of `record` ends in a way `format` has no word for, so
/// that writing it cannot give the same record back (JKF writes a sealed
/// move, the move limit and forfeits as the nearest schema value).
fn has_unwritable_end(
    record: &shogi_rules::record::GameRecord,
    format: shogi_rules::record::Format,
) -> bool {
    use shogi_rules::record::{Format, SpecialMove, WalkOrder};
    format == Format::Jkf
        && record.walk(WalkOrder::EarliestFirst).any(|visit| {
            visit.line.end.as_ref().is_some_and(|end| {
                matches!(
                    end.special,
                    SpecialMove::Sealed
                        | SpecialMove::MaxMoves
                        | SpecialMove::ForfeitWin
                        | SpecialMove::ForfeitLoss
                )
            })
        })
}

/// Reads `text` as a record of `format`; when that succeeds, writes the
/// record in the same format and reads it back.
///
/// # Panics
/// If the written text does not read, if it gives other moves, if it gives
/// another record (apart from endings the format cannot write), or if
/// writing the record read back and reading again changes it.
pub fn check_record_round_trip(text: &str, format: shogi_rules::record::Format) {
    use shogi_rules::record;
    let Ok(first) = record::read_str_as(text, format) else {
        return;
    };
    let written = first
        .write(format)
        .expect("this build writes every format")
        .text;
    let second = record::read_str_as(&written, format).unwrap_or_else(|e| {
        panic!("{format} text written from {text:?} does not read: {e}\n{written}")
    });
    assert_eq!(
        first.moves(),
        second.moves(),
        "{format}: moves change through {written:?}"
    );
    if !has_unwritable_end(&first, format) {
        assert_eq!(
            first, second,
            "{format}: the record changes through {written:?}"
        );
    }
    let again = second
        .write(format)
        .expect("this build writes every format")
        .text;
    let third = record::read_str_as(&again, format)
        .unwrap_or_else(|e| panic!("{format} text written twice does not read: {e}\n{again}"));
    assert_eq!(second, third, "{format}: writing is not stable: {again:?}");
}

pub mod hostile;
