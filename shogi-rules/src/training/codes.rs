//! The code tables of HCP and PackedSfen, as facts of the two formats.
//!
//! Codes are written as `0`/`1` in the order the bits are stored (see
//! [`bits`](super::bits)). A piece on the board is its kind's board code
//! followed by a colour bit (1 for Gote) and a promotion bit, in an order
//! that differs between the formats; a gold has no promotion bit. A piece in
//! a hand is its kind's hand code followed by the colour bit. A piece of the
//! set that is nowhere (the "piece box", in positions with fewer pieces than
//! the set) has a code of its own.

use super::bits::Code;
use crate::{Color, Piece, Role};

/// The seven kinds of the set, in the order hands and the piece box are
/// written.
pub(super) const KINDS: [Role; 7] = [
    Role::Pawn,
    Role::Lance,
    Role::Knight,
    Role::Silver,
    Role::Gold,
    Role::Bishop,
    Role::Rook,
];

/// The index in [`KINDS`] of an unpromoted kind other than the king.
pub(super) const fn kind_index(role: Role) -> Option<usize> {
    match role {
        Role::Pawn => Some(0),
        Role::Lance => Some(1),
        Role::Knight => Some(2),
        Role::Silver => Some(3),
        Role::Gold => Some(4),
        Role::Bishop => Some(5),
        Role::Rook => Some(6),
        _ => None,
    }
}

/// The codes of one format.
pub(super) struct Layout {
    /// The board code of each kind of [`KINDS`], before its colour and
    /// promotion bits.
    board: [Code; 7],
    /// Whether the colour bit comes before the promotion bit on the board.
    colour_first: bool,
    /// The hand code of each kind, before its colour bit.
    hand: [Code; 7],
    /// The code of a piece of each kind in the piece box.
    piece_box: [Code; 7],
}

const fn codes(texts: [&str; 7]) -> [Code; 7] {
    let mut out = [Code { bits: 0, len: 0 }; 7];
    let mut i = 0;
    while i < 7 {
        out[i] = Code::parse(texts[i]);
        i += 1;
    }
    out
}

/// HuffmanCodedPos (Apery's format, also written by cshogi and dlshogi).
pub(super) const HCP: Layout = Layout {
    board: codes(["10", "1100", "1110", "1101", "11110", "111110", "111111"]),
    colour_first: true,
    hand: codes(["00", "1000", "1100", "1010", "1110", "111110", "111111"]),
    piece_box: codes([
        "010", "10010", "11010", "10110", "10111", "1111000", "1111010",
    ]),
};

/// PackedSfen (YaneuraOu's format, also written by cshogi).
pub(super) const PACKED_SFEN: Layout = Layout {
    board: codes(["10", "1100", "1101", "1110", "11110", "111110", "111111"]),
    colour_first: false,
    hand: codes(["00", "1000", "1010", "1100", "1110", "111100", "111110"]),
    piece_box: codes([
        "010", "10010", "10110", "11010", "11011", "1111010", "1111110",
    ]),
};

/// The code of an empty square.
pub(super) const EMPTY: Code = Code::parse("0");

/// What a code of the hand section stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Spare {
    /// A piece in a side's hand.
    Hand(Color, Role),
    /// A piece of the set that is in no hand and not on the board.
    Box(Role),
}

/// Every code of a board square and of the hand section.
pub(super) struct DecodeTable {
    pub(super) board: [(Code, Option<Piece>); 27],
    pub(super) spare: [(Code, Spare); 21],
}

impl Layout {
    /// The board code of `piece` (not a king).
    pub(super) const fn board_code(&self, kind: usize, color: Color, promoted: bool) -> Code {
        let base = self.board[kind];
        let gote = matches!(color, Color::Gote);
        if kind == 4 {
            base.then(gote)
        } else if self.colour_first {
            base.then(gote).then(promoted)
        } else {
            base.then(promoted).then(gote)
        }
    }

    /// The hand code of a piece of `kind` in `color`'s hand.
    pub(super) const fn hand_code(&self, kind: usize, color: Color) -> Code {
        self.hand[kind].then(matches!(color, Color::Gote))
    }

    /// The code of a piece of `kind` in the piece box.
    pub(super) const fn box_code(&self, kind: usize) -> Code {
        self.piece_box[kind]
    }

    /// Every code the format's decoder accepts, with its meaning.
    pub(super) const fn decode_table(&self) -> DecodeTable {
        let mut board = [(EMPTY, None); 27];
        let mut spare = [(EMPTY, Spare::Box(Role::Pawn)); 21];
        let mut n = 1;
        let mut s = 0;
        let mut kind = 0;
        while kind < 7 {
            let role = KINDS[kind];
            let mut c = 0;
            while c < 2 {
                let color = Color::ALL[c];
                board[n] = (
                    self.board_code(kind, color, false),
                    Some(Piece::new(color, role)),
                );
                n += 1;
                if let Some(promoted) = role.promote() {
                    board[n] = (
                        self.board_code(kind, color, true),
                        Some(Piece::new(color, promoted)),
                    );
                    n += 1;
                }
                spare[s] = (self.hand_code(kind, color), Spare::Hand(color, role));
                s += 1;
                c += 1;
            }
            spare[s] = (self.box_code(kind), Spare::Box(role));
            s += 1;
            kind += 1;
        }
        DecodeTable { board, spare }
    }
}

pub(super) const HCP_TABLE: DecodeTable = HCP.decode_table();
pub(super) const PACKED_SFEN_TABLE: DecodeTable = PACKED_SFEN.decode_table();

#[cfg(test)]
mod tests {
    use super::*;

    fn is_prefix(a: Code, b: Code) -> bool {
        a.len <= b.len && (b.bits & super::super::bits::mask(a.len)) == a.bits
    }

    fn prefix_free(codes: &[Code]) -> bool {
        codes.iter().enumerate().all(|(i, &a)| {
            codes
                .iter()
                .enumerate()
                .all(|(j, &b)| i == j || !is_prefix(a, b))
        })
    }

    #[test]
    fn each_section_is_a_prefix_code() {
        for table in [&HCP_TABLE, &PACKED_SFEN_TABLE] {
            let board: Vec<Code> = table.board.iter().map(|e| e.0).collect();
            let spare: Vec<Code> = table.spare.iter().map(|e| e.0).collect();
            assert!(prefix_free(&board));
            assert!(prefix_free(&spare));
        }
    }

    /// A piece costs as many bits off the board as it does on it, less the
    /// bit of the square it leaves empty: a full set always fills 256 bits.
    #[test]
    fn a_piece_costs_the_same_anywhere() {
        for layout in [&HCP, &PACKED_SFEN] {
            for kind in 0..7 {
                let on_board = layout.board_code(kind, Color::Gote, false).len;
                assert_eq!(layout.hand_code(kind, Color::Sente).len, on_board - 1);
                assert_eq!(layout.box_code(kind).len, on_board - 1);
            }
        }
    }

    #[test]
    fn the_full_set_fills_the_stream() {
        let bits: u32 = KINDS
            .iter()
            .enumerate()
            .map(|(k, r)| {
                u32::from(r.standard_count()) * u32::from(HCP.hand_code(k, Color::Sente).len)
            })
            .sum();
        assert_eq!(1 + 7 + 7 + 79 + bits, 256);
    }
}
