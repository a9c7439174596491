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
