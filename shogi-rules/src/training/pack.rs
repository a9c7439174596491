//! Packing a position into 256 bits and back, for either code table
//! ([`HCP`](super::codes::HCP) or [`PACKED_SFEN`](super::codes::PACKED_SFEN)).
//!
//! The stream: the side to move (1 bit, 1 for Gote), Sente's king square
//! and Gote's (7 bits each, the square's index: 1a = 0, 1b = 1, …, 9i =
//! 80), every other square from index 0 to 80 (an empty square `0`, a
//! piece its board code), then Sente's hand and Gote's hand (each in the
//! order P L N S G B R, one code per piece), then the pieces of the set
//! that are nowhere, in the same order. A full set takes exactly 256 bits.

use super::PackError;
use super::bits::{BitReader, BitWriter, Code, STREAM_BITS, mask};
use super::codes::{DecodeTable, EMPTY, KINDS, Layout, Spare, kind_index};
use crate::{Color, Piece, Position, Role, SetupChecks, Square};

/// The number of squares.
const SQUARES: u8 = 81;

/// The pieces of each kind of [`KINDS`] in the position (board and hands,
/// promoted ones under their kind), checked against the set.
fn piece_counts(pos: &Position) -> Result<[u32; 7], PackError> {
    let mut counts = [0u32; 7];
    for color in Color::ALL {
        let kings = pos.by_piece(Piece::new(color, Role::King)).count();
        if kings != 1 {
            return Err(PackError::Kings {
                color,
                count: kings,
            });
        }
        for (role, n) in pos.hand(color).iter() {
            if let Some(k) = kind_index(role) {
                counts[k] += u32::from(n);
            }
        }
    }
    for sq in pos.occupied() {
        if let Some(k) = pos
            .piece_at(sq)
            .and_then(|p| kind_index(p.role.unpromote()))
        {
            counts[k] += 1;
        }
    }
    check_not_above_set(&counts)?;
    Ok(counts)
}

/// [`PackError::PieceCount`] for the first kind with more pieces than the
/// set has.
fn check_not_above_set(counts: &[u32; 7]) -> Result<(), PackError> {
    for (k, role) in KINDS.iter().enumerate() {
        if counts[k] > u32::from(role.standard_count()) {
            return Err(PackError::PieceCount {
                role: *role,
                count: counts[k],
                expected: role.standard_count(),
            });
        }
    }
    Ok(())
}

/// The position's 256 bits under `layout`.
pub(super) fn encode(pos: &Position, layout: &Layout) -> Result<[u8; 32], PackError> {
    let counts = piece_counts(pos)?;
    let mut w = BitWriter::new();
    w.write(u32::from(pos.turn() == Color::Gote), 1);
    let mut kings = [0u8; 2];
    for color in Color::ALL {
        // `piece_counts` checked that each side has one king.
        let sq = pos.king_of(color).map_or(0, |sq| sq.index() as u8);
        kings[color.index()] = sq;
        w.write(u32::from(sq), 7);
    }
    for index in 0..SQUARES {
        if kings.contains(&index) {
            continue;
        }
        let piece = Square::from_index(index).and_then(|sq| pos.piece_at(sq));
        let code = match piece {
            None => EMPTY,
            Some(p) => match kind_index(p.role.unpromote()) {
                Some(k) => layout.board_code(k, p.color, p.role.is_promoted()),
                None => EMPTY,
            },
        };
        w.code(code);
    }
    for color in Color::ALL {
        let hand = pos.hand(color);
        for (k, role) in KINDS.iter().enumerate() {
            for _ in 0..hand.get(*role) {
                w.code(layout.hand_code(k, color));
            }
        }
    }
    for (k, role) in KINDS.iter().enumerate() {
        for _ in counts[k]..u32::from(role.standard_count()) {
            w.code(layout.box_code(k));
        }
    }
    debug_assert_eq!(w.position(), STREAM_BITS);
    Ok(w.finish())
}

/// The entry of `entries` whose code the stream continues with.
fn next_code<'t, T>(
    r: &BitReader<'_>,
    entries: &'t [(Code, T)],
) -> Result<&'t (Code, T), PackError> {
    let bit = r.position();
    let ahead = r.peek16();
    let entry = entries
        .iter()
        .find(|(code, _)| ahead & mask(code.len) == code.bits)
        .ok_or(PackError::BadCode { bit })?;
    if bit + usize::from(entry.0.len) > STREAM_BITS {
        return Err(PackError::Truncated { bit });
    }
    Ok(entry)
}

/// Counts one more piece of `role` (any form), failing when the set has
/// fewer.
fn count_piece(counts: &mut [u32; 7], role: Role) -> Result<(), PackError> {
    if let Some(k) = kind_index(role.unpromote()) {
        counts[k] += 1;
    }
    check_not_above_set(counts)
}

/// The position of 256 bits under `layout`'s codes.
pub(super) fn decode(bytes: &[u8; 32], table: &DecodeTable) -> Result<Position, PackError> {
    let mut r = BitReader::new(bytes);
    let mut pos = Position::empty();
    pos.set_turn(if r.read(1) == 1 {
        Color::Gote
    } else {
        Color::Sente
    });
    let mut kings = [0u8; 2];
    for color in Color::ALL {
        let value = r.read(7) as u8;
        let sq = Square::from_index(value).ok_or(PackError::KingSquare { color, value })?;
        if color == Color::Gote && value == kings[0] {
            return Err(PackError::KingSquare { color, value });
        }
        kings[color.index()] = value;
        pos.put(sq, Piece::new(color, Role::King));
    }
    let mut counts = [0u32; 7];
    for index in 0..SQUARES {
        if kings.contains(&index) {
            continue;
        }
        let (code, piece) = next_code(&r, &table.board)?;
        if let (Some(piece), Some(sq)) = (piece, Square::from_index(index)) {
            count_piece(&mut counts, piece.role)?;
            pos.put(sq, *piece);
        }
        r.skip(code.len);
    }
    while r.position() < STREAM_BITS {
        let (code, spare) = next_code(&r, &table.spare)?;
        match *spare {
            Spare::Hand(color, role) => {
                count_piece(&mut counts, role)?;
                pos.hand_add(color, role);
            }
            Spare::Box(role) => count_piece(&mut counts, role)?,
        }
        r.skip(code.len);
    }
    for (k, role) in KINDS.iter().enumerate() {
        if counts[k] != u32::from(role.standard_count()) {
            return Err(PackError::PieceCount {
                role: *role,
                count: counts[k],
                expected: role.standard_count(),
            });
        }
    }
    // The checks of `Position::from_sfen`.
    match pos.setup_problems(SetupChecks::ALL).into_iter().next() {
        Some(problem) => Err(PackError::Setup(problem)),
        None => Ok(pos),
    }
}

#[cfg(test)]
mod tests {
    use super::super::codes::{HCP, HCP_TABLE};
    use super::*;

    /// Sente to move, kings on 5i and 5a, an empty board, then `spare`.
    fn kings_then(spare: &[Code]) -> [u8; 32] {
        let mut w = BitWriter::new();
        w.write(0, 1);
        w.write(44, 7);
        w.write(36, 7);
        for _ in 0..79 {
            w.code(EMPTY);
        }
        for &code in spare {
            w.code(code);
        }
        w.finish()
    }

    fn full_box() -> Vec<Code> {
        let mut codes = Vec::new();
        for (k, role) in KINDS.iter().enumerate() {
            for _ in 0..role.standard_count() {
                codes.push(HCP.box_code(k));
            }
        }
        codes
    }

    #[test]
    fn a_code_past_the_end_is_truncated() {
        // One pawn fewer leaves 3 bits, `111`: the start of a 5-bit code at
        // bit 253.
        let mut codes = full_box();
        codes.remove(0);
        codes.push(Code::parse("111"));
        assert_eq!(
            decode(&kings_then(&codes), &HCP_TABLE),
            Err(PackError::Truncated { bit: 253 })
        );
    }

    #[test]
    fn the_set_must_be_complete() {
        // A rook fewer: the last 7 bits are zeros, read as Sente pawns in hand.
        let mut codes = full_box();
        codes.pop();
        assert!(matches!(
            decode(&kings_then(&codes), &HCP_TABLE),
            Err(PackError::PieceCount {
                role: Role::Pawn,
                count: 19,
                expected: 18
            })
        ));
        // A pawn fewer and 3 zero bits left: a Sente pawn in hand, as the set has it.
        let mut codes = full_box();
        codes.remove(0);
        let pos = decode(&kings_then(&codes), &HCP_TABLE).unwrap();
        assert_eq!(pos.hand(Color::Sente).get(Role::Pawn), 1);
    }

    #[test]
    fn hand_and_box_codes_are_read_in_any_order() {
        let mut codes = full_box();
        let pawn = codes.remove(0);
        codes.push(pawn);
        codes.swap(20, 30);
        let pos = decode(&kings_then(&codes), &HCP_TABLE).unwrap();
        assert_eq!(pos.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 b - 1");
        assert_eq!(encode(&pos, &HCP).unwrap(), kings_then(&full_box()));
    }
}
