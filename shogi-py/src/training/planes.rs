//! The arrays a network learns from: move labels (the policy's classes)
//! and input feature planes, both seen from the side to move.
//!
//! Squares are numbered `(file - 1) * 9 + (rank - 1)` (1a = 0, 1b = 1, …,
//! 9i = 80), from the side to move's point of view: for Gote the board is
//! turned round, square `s` becoming `80 - s`, so that the mover always
//! plays "up", towards rank a.
//!
//! # Move labels
//!
//! [`LABELS`] = 27 × 81 classes, `label = kind * 81 + to`, `to` the
//! destination square as above. For a board move, with `df` = the change
//! of file and `dr` = the change of rank (negative `dr` is forwards),
//! `kind` is its direction:
//!
//! | kind | direction | `df`, `dr` |
//! |---|---|---|
//! | 0 | forwards | 0, < 0 |
//! | 1 | forwards towards file 1 | < 0, < 0 (diagonal) |
//! | 2 | forwards towards file 9 | > 0, < 0 (diagonal) |
//! | 3 | sideways towards file 1 | < 0, 0 |
//! | 4 | sideways towards file 9 | > 0, 0 |
//! | 5 | backwards | 0, > 0 |
//! | 6 | backwards towards file 1 | < 0, > 0 (diagonal) |
//! | 7 | backwards towards file 9 | > 0, > 0 (diagonal) |
//! | 8 | knight's jump towards file 1 | -1, -2 |
//! | 9 | knight's jump towards file 9 | +1, -2 |
//!
//! plus 10 for a promotion (kinds 10–19); a drop is kind `20 + i`, `i`
//! the piece dropped: pawn, lance, knight, silver, gold, bishop, rook.
//!
//! # Feature planes
//!
//! [`PLANES`] = 42 planes of 81 bytes (`u8`), a plane's byte `s` the
//! square `s` as above (so a plane reshapes to `[file - 1][rank - 1]`):
//! planes 0–13 the side to move's pieces, 14–27 the opponent's, one plane
//! per kind in the order of [`BOARD_ROLES`] (1 where such a piece stands);
//! planes 28–34 the side to move's hand, 35–41 the opponent's, one plane
//! per kind in the order of [`HAND_ROLES`], every byte the number held.

use shogi_rules::{Color, Move, Position, Role, Square};

/// The number of move labels: 27 kinds × 81 squares.
pub const LABELS: usize = 27 * 81;

/// The number of feature planes of a position.
pub const PLANES: usize = 42;

/// The bytes of one position's features: [`PLANES`] × 81.
pub const FEATURE_BYTES: usize = PLANES * 81;

/// The kinds of pieces on the board, in plane order.
pub const BOARD_ROLES: [Role; 14] = [
    Role::Pawn,
    Role::Lance,
    Role::Knight,
    Role::Silver,
    Role::Gold,
    Role::Bishop,
    Role::Rook,
    Role::King,
    Role::Tokin,
    Role::PromotedLance,
    Role::PromotedKnight,
    Role::PromotedSilver,
    Role::Horse,
    Role::Dragon,
];

/// The kinds of pieces in hand, in plane and drop-label order.
pub const HAND_ROLES: [Role; 7] = [
    Role::Pawn,
    Role::Lance,
    Role::Knight,
    Role::Silver,
    Role::Gold,
    Role::Bishop,
    Role::Rook,
];

/// The index of `sq` seen by `side`.
fn seen(sq: Square, side: Color) -> usize {
    match side {
        Color::Sente => sq.index(),
        Color::Gote => 80 - sq.index(),
    }
}

/// The label of `mv` played by `side` (see the module's documentation).
#[must_use]
pub fn move_label(mv: Move, side: Color) -> usize {
    let to = seen(mv.to(), side);
    let kind = match mv.from() {
        None => {
            let role = mv.role();
            20 + HAND_ROLES.iter().position(|&r| r == role).unwrap_or(0)
        }
        Some(from) => {
            let from = seen(from, side);
            // Files and ranks from 0, as seen by the mover.
            let df = (to / 9) as i32 - (from / 9) as i32;
            let dr = (to % 9) as i32 - (from % 9) as i32;
            let direction = match (df.signum(), dr.signum()) {
                _ if dr == -2 && df.abs() == 1 => {
                    if df < 0 {
                        8
                    } else {
                        9
                    }
                }
                (0, -1) => 0,
                (-1, -1) => 1,
                (1, -1) => 2,
                (-1, 0) => 3,
                (1, 0) => 4,
                (0, 1) => 5,
                (-1, 1) => 6,
                _ => 7,
            };
            direction + if mv.is_promotion() { 10 } else { 0 }
        }
    };
    kind * 81 + to
}

/// Sets to 1 the byte of each legal move's label in `mask` ([`LABELS`]
/// bytes, zeroed by the caller).
pub fn legal_move_mask(position: &Position, mask: &mut [u8]) {
    let side = position.turn();
    position.for_each_legal_move(|mv| {
        if let Some(byte) = mask.get_mut(move_label(mv, side)) {
            *byte = 1;
        }
    });
}

/// Writes the feature planes of `position` into `out` ([`FEATURE_BYTES`]
/// bytes, zeroed by the caller).
pub fn features(position: &Position, out: &mut [u8]) {
    let side = position.turn();
    for index in 0..81u8 {
        let Some(sq) = Square::from_index(index) else {
            continue;
        };
        let Some(piece) = position.piece_at(sq) else {
            continue;
        };
        let Some(kind) = BOARD_ROLES.iter().position(|&r| r == piece.role) else {
            continue;
        };
        let colour = usize::from(piece.color != side);
        let at = (colour * 14 + kind) * 81 + seen(sq, side);
        if let Some(byte) = out.get_mut(at) {
            *byte = 1;
        }
    }
    for (colour, color) in [side, side.opposite()].into_iter().enumerate() {
        let hand = position.hand(color);
        for (kind, &role) in HAND_ROLES.iter().enumerate() {
            let count = hand.get(role);
            let start = (28 + colour * 7 + kind) * 81;
            if let Some(plane) = out.get_mut(start..start + 81) {
                plane.fill(count);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_directions_and_drops_seen_from_the_mover() {
        let start = Position::startpos();
        let mv = start.parse_usi_move("7g7f").expect("legal");
        // Forwards, to 7f: file 7, rank f.
        assert_eq!(move_label(mv, Color::Sente), 6 * 9 + 5);
        let mut after = start.clone();
        after.play_unchecked(mv);
        let reply = after.parse_usi_move("3c3d").expect("legal");
        // Gote's 3c3d is Sente's 7g7f turned round.
        assert_eq!(move_label(reply, Color::Gote), 6 * 9 + 5);
        let knight: Position = Position::from_sfen("4k4/9/9/9/9/9/9/9/1N2K4 b - 1").expect("sfen");
        let jump = knight.parse_usi_move("8i7g").expect("legal");
        // Towards file 7 from 8: towards file 1.
        assert_eq!(move_label(jump, Color::Sente), 8 * 81 + 6 * 9 + 6);
        let drop: Position = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b R 1").expect("sfen");
        let mv = drop.parse_usi_move("R*5e").expect("legal");
        assert_eq!(move_label(mv, Color::Sente), 26 * 81 + 4 * 9 + 4);
        let rook: Position = Position::from_sfen("4k4/9/9/9/9/9/9/9/R3K4 b - 1").expect("sfen");
        let mv = rook.parse_usi_move("9i9c+").expect("legal");
        assert_eq!(move_label(mv, Color::Sente), 10 * 81 + 8 * 9 + 2);
    }

    #[test]
    fn masks_mark_each_legal_move_once() {
        let start = Position::startpos();
        let mut mask = vec![0; LABELS];
        legal_move_mask(&start, &mut mask);
        assert_eq!(mask.iter().filter(|&&b| b == 1).count(), 30);
        let mut after = start.clone();
        after.play_unchecked(start.parse_usi_move("7g7f").expect("legal"));
        let mut turned = vec![0; LABELS];
        legal_move_mask(&after, &mut turned);
        // The position is symmetric but for 7g7f: Gote has Sente's moves
        // at the start, turned round.
        assert_eq!(turned, mask);
    }

    #[test]
    fn planes_hold_pieces_and_hand_counts() {
        let position: Position =
            Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2Pr 1").expect("sfen");
        let mut out = vec![0; FEATURE_BYTES];
        features(&position, &mut out);
        let king = 7;
        // Sente's king on 5i: square 4 * 9 + 8.
        assert_eq!(out[king * 81 + 44], 1);
        // Gote's king on 5a: square 4 * 9.
        assert_eq!(out[(14 + king) * 81 + 36], 1);
        assert_eq!(out.iter().take(28 * 81).filter(|&&b| b == 1).count(), 2);
        assert!(out[28 * 81..29 * 81].iter().all(|&b| b == 2));
        assert!(out[(35 + 6) * 81..42 * 81].iter().all(|&b| b == 1));
        assert_eq!(
            out[29 * 81..41 * 81]
                .iter()
                .map(|&b| usize::from(b))
                .sum::<usize>(),
            0
        );
    }
}
