//! Attack tables, all computed at compile time by `const fn`.
//!
//! Step pieces use one table per colour and square. Sliders look up the
//! occupancy of each line through the square: the seven inner squares of the
//! line are gathered into a 7-bit index (a shift for files; a shift, a mask and
//! one multiplication for ranks and diagonals, whose squares lie 9, 10 or 8
//! bits apart), and a small table per position on the line gives the attacked
//! squares. No table depends on a square's line length, so all of them
//! together take about 60 KiB.

use crate::{Bitboard, Color, Role, Square};

const fn bb_of(sq: i32) -> u128 {
    1u128 << sq
}

/// Squares reached by single steps `(file delta, rank delta)` given from
/// Sente's side (rank delta -1 is forward); mirrored for Gote.
const fn step_table(steps: &[(i32, i32)], color: Color) -> [Bitboard; 81] {
    let mut table = [Bitboard::EMPTY; 81];
    let mut sq = 0;
    while sq < 81 {
        let f = sq / 9;
        let r = sq % 9;
        let mut bb = 0u128;
        let mut i = 0;
        while i < steps.len() {
            let (df, dr) = steps[i];
            let (df, dr) = match color {
                Color::Sente => (df, dr),
                Color::Gote => (-df, -dr),
            };
            let nf = f + df;
            let nr = r + dr;
            if nf >= 0 && nf < 9 && nr >= 0 && nr < 9 {
                bb |= bb_of(nf * 9 + nr);
            }
            i += 1;
        }
        table[sq as usize] = Bitboard(bb);
        sq += 1;
    }
    table
}

const PAWN_STEPS: [(i32, i32); 1] = [(0, -1)];
const KNIGHT_STEPS: [(i32, i32); 2] = [(-1, -2), (1, -2)];
const SILVER_STEPS: [(i32, i32); 5] = [(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)];
const GOLD_STEPS: [(i32, i32); 6] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
const KING_STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

static PAWN: [[Bitboard; 81]; 2] = [
    step_table(&PAWN_STEPS, Color::Sente),
    step_table(&PAWN_STEPS, Color::Gote),
];
static KNIGHT: [[Bitboard; 81]; 2] = [
    step_table(&KNIGHT_STEPS, Color::Sente),
    step_table(&KNIGHT_STEPS, Color::Gote),
];
static SILVER: [[Bitboard; 81]; 2] = [
    step_table(&SILVER_STEPS, Color::Sente),
    step_table(&SILVER_STEPS, Color::Gote),
];
static GOLD: [[Bitboard; 81]; 2] = [
    step_table(&GOLD_STEPS, Color::Sente),
    step_table(&GOLD_STEPS, Color::Gote),
];
static KING: [Bitboard; 81] = step_table(&KING_STEPS, Color::Sente);

/// The king's steps and the knight's jumps of either side, square by square.
const fn near_table() -> [Bitboard; 81] {
    let king = step_table(&KING_STEPS, Color::Sente);
    let sente = step_table(&KNIGHT_STEPS, Color::Sente);
    let gote = step_table(&KNIGHT_STEPS, Color::Gote);
    let mut table = [Bitboard::EMPTY; 81];
    let mut sq = 0;
    while sq < 81 {
        table[sq] = Bitboard(king[sq].0 | sente[sq].0 | gote[sq].0);
        sq += 1;
    }
    table
}
static NEAR: [Bitboard; 81] = near_table();

/// The squares from which a piece that does not slide, of either side, could
/// attack `sq`: its neighbours and the knight's squares.
#[inline]
pub(crate) fn near(sq: Square) -> Bitboard {
    NEAR[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline]
#[must_use]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

/// Squares a knight of `color` on `sq` attacks.
#[inline]
#[must_use]
pub fn knight_attacks(color: Color, sq: Square) -> Bitboard {
    KNIGHT[color.index()][sq.index()]
}

/// Squares a silver of `color` on `sq` attacks.
#[inline]
#[must_use]
pub fn silver_attacks(color: Color, sq: Square) -> Bitboard {
    SILVER[color.index()][sq.index()]
}

/// Squares a gold (or tokin, promoted lance, knight or silver) of `color` on `sq` attacks.
#[inline]
#[must_use]
pub fn gold_attacks(color: Color, sq: Square) -> Bitboard {
    GOLD[color.index()][sq.index()]
}

/// Squares a king on `sq` attacks.
#[inline]
#[must_use]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

// ---------------------------------------------------------------------------
// Sliders.

/// Slides from `pos` along a 9-square line in both directions, where bit
/// `j` of `inner` says whether line square `j + 1` is occupied (the two end
/// squares never matter). Returns the attacked line positions as bits.
const fn line_slide(pos: i32, inner: u32, forward: bool, backward: bool) -> u32 {
    let occupied = inner << 1;
    let mut out = 0u32;
    if forward {
        let mut p = pos + 1;
        while p < 9 {
            out |= 1 << p;
            if occupied & (1 << p) != 0 {
                break;
            }
            p += 1;
        }
    }
    if backward {
        let mut p = pos - 1;
        while p >= 0 {
            out |= 1 << p;
            if occupied & (1 << p) != 0 {
                break;
            }
            p -= 1;
        }
    }
    out
}

/// `[position][inner occupancy]` → attacked line positions, laid out on a
/// line whose consecutive squares are `stride` bits apart.
const fn line_table(stride: i32) -> [[Bitboard; 128]; 9] {
    let mut table = [[Bitboard::EMPTY; 128]; 9];
    let mut pos = 0;
    while pos < 9 {
        let mut inner = 0;
        while inner < 128 {
            let bits = line_slide(pos, inner, true, true);
            let mut bb = 0u128;
            let mut p = 0;
            while p < 9 {
                if bits & (1 << p) != 0 {
                    bb |= 1u128 << (p * stride);
                }
                p += 1;
            }
            table[pos as usize][inner as usize] = Bitboard(bb);
            inner += 1;
        }
        pos += 1;
    }
    table
}

/// File attacks as 9-bit rank masks: `[rank][inner occupancy]`. The
/// `forward`/`backward` switches give lance tables.
const fn file_table(forward: bool, backward: bool) -> [[u16; 128]; 9] {
    let mut table = [[0u16; 128]; 9];
    let mut pos = 0;
    while pos < 9 {
        let mut inner = 0;
        while inner < 128 {
            table[pos as usize][inner as usize] = line_slide(pos, inner, forward, backward) as u16;
            inner += 1;
        }
        pos += 1;
    }
    table
}

static FILE_ATTACKS: [[u16; 128]; 9] = file_table(true, true);
/// Lances: Sente moves toward rank `a` (decreasing index), Gote toward `i`.
static LANCE_ATTACKS: [[[u16; 128]; 9]; 2] = [file_table(false, true), file_table(true, false)];
static RANK_ATTACKS: [[Bitboard; 128]; 9] = line_table(9);
static DIAG_A_ATTACKS: [[Bitboard; 128]; 9] = line_table(10);
static DIAG_B_ATTACKS: [[Bitboard; 128]; 9] = line_table(8);

/// Gathers bits spaced `stride` apart (bits 0, stride, …, 6·stride) into the
/// top seven bits: with every partial product on its own bit there are no
/// carries, so bit `57 + k` is exactly input bit `k · stride`.
const fn gather_magic(stride: u32) -> u64 {
    let mut m = 0u64;
    let mut j = 0;
    while j < 7 {
        m |= 1u64 << (57 - (stride - 1) * j);
        j += 1;
    }
    m
}

const MAGIC_RANK: u64 = gather_magic(9);
const MAGIC_DIAG_A: u64 = gather_magic(10);
const MAGIC_DIAG_B: u64 = gather_magic(8);

/// Where a diagonal through a square starts, where the square sits on it, the
/// inner-square mask (relative to the first inner square) and the line itself.
#[derive(Copy, Clone)]
struct Diagonal {
    start: u32,
    pos: u8,
    inner: u64,
    line: Bitboard,
}

const fn diagonals(stride: i32) -> [Diagonal; 81] {
    let empty = Diagonal {
        start: 0,
        pos: 0,
        inner: 0,
        line: Bitboard::EMPTY,
    };
    let mut table = [empty; 81];
    let mut sq = 0;
    while sq < 81 {
        let f = sq / 9;
        let r = sq % 9;
        // Stride 10 runs (file+1, rank+1); stride 8 runs (file+1, rank-1).
        let dr = if stride == 10 { 1 } else { -1 };
        let mut m = 0;
        while f - m > 0 && r - (m + 1) * dr >= 0 && r - (m + 1) * dr < 9 {
            m += 1;
        }
        let sf = f - m;
        let sr = r - m * dr;
        let mut len = 0;
        let mut line = 0u128;
        while sf + len < 9 && sr + len * dr >= 0 && sr + len * dr < 9 {
            line |= 1u128 << ((sf + len) * 9 + sr + len * dr);
            len += 1;
        }
        let mut inner = 0u64;
        let mut t = 0;
        while t + 3 <= len {
            inner |= 1u64 << (t * stride);
            t += 1;
        }
        table[sq as usize] = Diagonal {
            start: (sf * 9 + sr) as u32,
            pos: m as u8,
            inner,
            line: Bitboard(line & !(1u128 << sq)),
        };
        sq += 1;
    }
    table
}

static DIAG_A: [Diagonal; 81] = diagonals(10);
static DIAG_B: [Diagonal; 81] = diagonals(8);

#[inline]
fn file_index(sq: Square, occupied: Bitboard) -> (u32, usize) {
    let base = (sq.index() / 9 * 9) as u32;
    let inner = ((occupied.0 >> (base + 1)) as u32 & 0x7f) as usize;
    (base, inner)
}

/// Squares a rook on `sq` attacks along its file.
#[inline]
fn file_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let (base, inner) = file_index(sq, occupied);
    Bitboard(u128::from(FILE_ATTACKS[sq.index() % 9][inner]) << base)
}

/// Squares a rook on `sq` attacks along its rank.
#[inline]
fn rank_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let r = (sq.index() % 9) as u32;
    let bits = (occupied.0 >> (r + 9)) as u64 & 0x0040_2010_0804_0201;
    let inner = (bits.wrapping_mul(MAGIC_RANK) >> 57) as usize;
    Bitboard(RANK_ATTACKS[sq.index() / 9][inner].0 << r)
}

#[inline]
fn diagonal_attacks(
    diag: &Diagonal,
    table: &[[Bitboard; 128]; 9],
    magic: u64,
    stride: u32,
    occupied: Bitboard,
) -> Bitboard {
    let bits = (occupied.0 >> (diag.start + stride)) as u64 & diag.inner;
    let inner = (bits.wrapping_mul(magic) >> 57) as usize;
    Bitboard((table[diag.pos as usize][inner].0 << diag.start) & diag.line.0)
}

/// Squares a lance of `color` on `sq` attacks, given the occupied squares.
#[inline]
#[must_use]
pub fn lance_attacks(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    let (base, inner) = file_index(sq, occupied);
    Bitboard(u128::from(LANCE_ATTACKS[color.index()][sq.index() % 9][inner]) << base)
}

/// Squares a rook on `sq` attacks, given the occupied squares.
#[inline]
#[must_use]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    file_attacks(sq, occupied) | rank_attacks(sq, occupied)
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
#[must_use]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let a = &DIAG_A[sq.index()];
    let b = &DIAG_B[sq.index()];
    diagonal_attacks(a, &DIAG_A_ATTACKS, MAGIC_DIAG_A, 10, occupied)
        | diagonal_attacks(b, &DIAG_B_ATTACKS, MAGIC_DIAG_B, 8, occupied)
}

/// Squares a piece of `color` and `role` on `sq` attacks, given the occupied squares.
#[must_use]
pub fn attacks(color: Color, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Lance => lance_attacks(color, sq, occupied),
        Role::Knight => knight_attacks(color, sq),
        Role::Silver => silver_attacks(color, sq),
        Role::Gold
        | Role::Tokin
        | Role::PromotedLance
        | Role::PromotedKnight
        | Role::PromotedSilver => gold_attacks(color, sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::King => king_attacks(sq),
        Role::Horse => bishop_attacks(sq, occupied) | king_attacks(sq),
        Role::Dragon => rook_attacks(sq, occupied) | king_attacks(sq),
    }
}

// ---------------------------------------------------------------------------
// Lines between squares.

/// The eight directions as (file, rank) steps; direction `d ^ 7` is the
/// opposite of `d`.
const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// `RAYS[d][sq]`: the squares from `sq` (excluded) to the board edge in
/// direction `d`.
const fn ray_table() -> [[Bitboard; 81]; 8] {
    let mut rays = [[Bitboard::EMPTY; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = DIRECTIONS[d];
        let mut sq = 0;
        while sq < 81 {
            let (mut f, mut r) = (sq / 9 + df, sq % 9 + dr);
            let mut bb = 0u128;
            while f >= 0 && f < 9 && r >= 0 && r < 9 {
                bb |= 1u128 << (f * 9 + r);
                f += df;
                r += dr;
            }
            rays[d][sq as usize] = Bitboard(bb);
            sq += 1;
        }
        d += 1;
    }
    rays
}

/// `DIRECTION_TO[a][b]`: the direction from `a` to `b` if they are aligned, else 8.
const fn direction_table() -> [[u8; 81]; 81] {
    let rays = ray_table();
    let mut table = [[8u8; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let mut b = 0;
            while b < 81 {
                if rays[d][a].0 & (1u128 << b) != 0 {
                    table[a][b] = d as u8;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

static RAYS: [[Bitboard; 81]; 8] = ray_table();
static DIRECTION_TO: [[u8; 81]; 81] = direction_table();

/// The squares strictly between `a` and `b` if they share a rank, file or
/// diagonal; otherwise empty.
#[inline]
#[must_use]
pub fn between(a: Square, b: Square) -> Bitboard {
    match DIRECTION_TO[a.index()][b.index()] {
        8 => Bitboard::EMPTY,
        d => RAYS[d as usize][a.index()] & RAYS[d as usize ^ 7][b.index()],
    }
}

/// The whole rank, file or diagonal through `a` and `b` (both included) if
/// they share one; otherwise empty.
#[inline]
#[must_use]
pub fn line(a: Square, b: Square) -> Bitboard {
    match DIRECTION_TO[a.index()][b.index()] {
        8 => Bitboard::EMPTY,
        d => {
            RAYS[d as usize][a.index()] | RAYS[d as usize ^ 7][a.index()] | Bitboard::from_square(a)
        }
    }
}

/// Squares a rook on `sq` would attack on an empty board.
#[inline]
pub(crate) fn rook_pseudo(sq: Square) -> Bitboard {
    ROOK_PSEUDO[sq.index()]
}

/// Squares a bishop on `sq` would attack on an empty board.
#[inline]
pub(crate) fn bishop_pseudo(sq: Square) -> Bitboard {
    BISHOP_PSEUDO[sq.index()]
}

/// Squares a lance of `color` on `sq` would attack on an empty board.
#[inline]
pub(crate) fn lance_pseudo(color: Color, sq: Square) -> Bitboard {
    LANCE_PSEUDO[color.index()][sq.index()]
}

const fn pseudo_tables() -> ([Bitboard; 81], [Bitboard; 81], [[Bitboard; 81]; 2]) {
    let mut rook = [Bitboard::EMPTY; 81];
    let mut bishop = [Bitboard::EMPTY; 81];
    let mut lance = [[Bitboard::EMPTY; 81]; 2];
    let mut a = 0;
    while a < 81 {
        let (af, ar) = (a / 9, a % 9);
        let mut b = 0;
        while b < 81 {
            let (bf, br) = (b / 9, b % 9);
            if a != b {
                if af == bf || ar == br {
                    rook[a as usize].0 |= 1u128 << b;
                }
                if af - bf == ar - br || af - bf == br - ar {
                    bishop[a as usize].0 |= 1u128 << b;
                }
                if af == bf && br < ar {
                    lance[0][a as usize].0 |= 1u128 << b;
                }
                if af == bf && br > ar {
                    lance[1][a as usize].0 |= 1u128 << b;
                }
            }
            b += 1;
        }
        a += 1;
    }
    (rook, bishop, lance)
}

const PSEUDO: ([Bitboard; 81], [Bitboard; 81], [[Bitboard; 81]; 2]) = pseudo_tables();
static ROOK_PSEUDO: [Bitboard; 81] = PSEUDO.0;
static BISHOP_PSEUDO: [Bitboard; 81] = PSEUDO.1;
static LANCE_PSEUDO: [[Bitboard; 81]; 2] = PSEUDO.2;

#[cfg(test)]
mod tests {
    use super::*;

    /// Slow reference: walk each direction square by square.
    fn slide(sq: Square, occupied: Bitboard, dirs: &[(i32, i32)]) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let (mut f, mut r) = (i32::from(sq.file()), i32::from(sq.rank()));
            loop {
                f += df;
                r += dr;
                let Some(t) = Square::new(f as u8, r as u8).filter(|_| f >= 1 && r >= 1) else {
                    break;
                };
                bb.insert(t);
                if occupied.contains(t) {
                    break;
                }
            }
        }
        bb
    }

    fn pseudo_random(seed: &mut u64) -> Bitboard {
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        let a = u128::from(next() & next());
        let b = u128::from(next() & next());
        Bitboard(a | (b << 64)) & Bitboard::FULL
    }

    #[test]
    fn sliders_match_a_square_by_square_walk() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..300 {
            let occ = pseudo_random(&mut seed);
            for sq in Square::ALL {
                let rook = slide(sq, occ, &[(0, 1), (0, -1), (1, 0), (-1, 0)]);
                let bishop = slide(sq, occ, &[(1, 1), (1, -1), (-1, 1), (-1, -1)]);
                assert_eq!(rook_attacks(sq, occ), rook, "rook {sq}");
                assert_eq!(bishop_attacks(sq, occ), bishop, "bishop {sq}");
                assert_eq!(
                    lance_attacks(Color::Sente, sq, occ),
                    slide(sq, occ, &[(0, -1)])
                );
                assert_eq!(
                    lance_attacks(Color::Gote, sq, occ),
                    slide(sq, occ, &[(0, 1)])
                );
            }
        }
    }

    #[test]
    fn between_and_line() {
        assert_eq!(
            between(Square::SQ_1A, Square::SQ_1D),
            Bitboard::from_square(Square::SQ_1B) | Bitboard::from_square(Square::SQ_1C)
        );
        assert_eq!(between(Square::SQ_1A, Square::SQ_2C), Bitboard::EMPTY);
        assert_eq!(line(Square::SQ_5E, Square::SQ_9A).count(), 9);
        assert_eq!(line(Square::SQ_1A, Square::SQ_2C), Bitboard::EMPTY);
        assert_eq!(rook_pseudo(Square::SQ_5E).count(), 16);
        assert_eq!(bishop_pseudo(Square::SQ_5E).count(), 16);
        assert_eq!(lance_pseudo(Color::Sente, Square::SQ_5E).count(), 4);
    }

    #[test]
    fn step_patterns() {
        assert_eq!(
            pawn_attacks(Color::Sente, Square::SQ_7G),
            Bitboard::from_square(Square::SQ_7F)
        );
        assert_eq!(
            pawn_attacks(Color::Gote, Square::SQ_3C),
            Bitboard::from_square(Square::SQ_3D)
        );
        assert_eq!(knight_attacks(Color::Sente, Square::SQ_8I).count(), 2);
        assert_eq!(gold_attacks(Color::Gote, Square::SQ_5E).count(), 6);
        assert!(!gold_attacks(Color::Gote, Square::SQ_5E).contains(Square::SQ_4D));
        assert!(silver_attacks(Color::Gote, Square::SQ_5E).contains(Square::SQ_4D));
        assert_eq!(king_attacks(Square::SQ_1A).count(), 3);
    }
}
