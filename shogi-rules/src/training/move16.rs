//! 16-bit move codes (move16), as Apery, dlshogi, YaneuraOu and cshogi
//! write them: bits 0–6 the destination square's index (1a = 0, 1b = 1,
//! …, 9i = 80), bits 7–13 the origin square's index, or for a drop 81 plus
//! the dropped kind (pawn 0, lance 1, knight 2, silver 3, bishop 4, rook 5,
//! gold 6), bit 14 set for a promotion, bit 15 clear.

use super::PackError;
use crate::{Move, Position};

/// The origin field of a drop of the kind with [`Role`](crate::Role)
/// discriminant 0.
const DROP_BASE: u16 = 81;
/// The promotion bit.
const PROMOTION: u16 = 1 << 14;

pub(super) fn to_move16(m: Move) -> u16 {
    let to = m.to().index() as u16;
    let from = match m.from() {
        Some(from) => from.index() as u16,
        // Drop roles are pawn to gold: discriminants 0–6, move16's order.
        None => DROP_BASE + m.role().index() as u16,
    };
    to | from << 7 | if m.is_promotion() { PROMOTION } else { 0 }
}

pub(super) fn move_from_move16(pos: &Position, move16: u16) -> Result<Move, PackError> {
    pos.legal_moves()
        .into_iter()
        .find(|m| to_move16(*m) == move16)
        .ok_or(PackError::NoSuchMove { move16 })
}
