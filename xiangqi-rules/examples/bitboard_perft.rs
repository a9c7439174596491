//! The measured alternative to the crate's board: a self-contained `u128`
//! bitboard move generator (rank and file occupancy kept per line, lookup
//! tables for chariot and cannon moves along a line, the same legality
//! test and fast path as the crate), counting perft the same way. It reads
//! its position through the crate and checks its count against the
//! crate's.
//!
//! ```text
//! cargo run --release -p xiangqi-rules --example bitboard_perft -- 5
//! ```

use std::time::Instant;

use xiangqi_rules::{Position, Role, perft};

const GENERAL: usize = 0;
const ADVISOR: usize = 1;
const ELEPHANT: usize = 2;
const HORSE: usize = 3;
const CHARIOT: usize = 4;
const CANNON: usize = 5;
const SOLDIER: usize = 6;

fn at(file: i32, rank: i32) -> Option<usize> {
    ((0..9).contains(&file) && (0..10).contains(&rank)).then(|| (rank * 9 + file) as usize)
}

fn bit(sq: usize) -> u128 {
    1u128 << sq
}

/// Lookup tables, built once.
struct Tables {
    /// [file][rank occupancy (9 bits)] -> chariot targets on the rank (first blocker included).
    rank_slide: Vec<[u16; 512]>,
    /// [file][rank occupancy] -> cannon capture targets on the rank.
    rank_cannon: Vec<[u16; 512]>,
    /// [rank][file occupancy (10 bits)] -> chariot targets on the file.
    file_slide: Vec<[u16; 1024]>,
    /// [rank][file occupancy] -> cannon capture targets on the file.
    file_cannon: Vec<[u16; 1024]>,
    /// 10-bit file mask -> the points of file a.
    spread: Vec<u128>,
    general: Vec<u128>,
    advisor: Vec<u128>,
    /// (eye, destination) per point.
    elephant: Vec<Vec<(usize, usize)>>,
    /// (leg, destinations) per point.
    horse: Vec<Vec<(usize, u128)>>,
    /// (leg, origins of horses attacking the point through it) per point.
    horse_attackers: Vec<Vec<(usize, u128)>>,
    soldier: [Vec<u128>; 2],
    soldier_attackers: [Vec<u128>; 2],
}

fn line_tables(len: usize) -> (Vec<Vec<u16>>, Vec<Vec<u16>>) {
    let mut slide = vec![vec![0u16; 1 << len]; len];
    let mut cannon = vec![vec![0u16; 1 << len]; len];
    for pos in 0..len {
        for occ in 0..(1usize << len) {
            for dir in [-1i32, 1] {
                let mut i = pos as i32 + dir;
                let mut screen = false;
                while (0..len as i32).contains(&i) {
                    let occupied = occ >> i & 1 != 0;
                    if !screen {
                        slide[pos][occ] |= 1 << i;
                        if occupied {
                            screen = true;
                        }
                    } else if occupied {
                        cannon[pos][occ] |= 1 << i;
                        break;
                    }
                    i += dir;
                }
            }
        }
    }
    (slide, cannon)
}

fn in_palace(sq: usize) -> bool {
    let (f, r) = (sq % 9, sq / 9);
    (3..=5).contains(&f) && (r <= 2 || r >= 7)
}

impl Tables {
    fn new() -> Tables {
        let (rs, rc) = line_tables(9);
        let (fs, fc) = line_tables(10);
        let to512 = |v: Vec<Vec<u16>>| {
            v.into_iter()
                .map(|x| <[u16; 512]>::try_from(x).unwrap())
                .collect()
        };
        let to1024 = |v: Vec<Vec<u16>>| {
            v.into_iter()
                .map(|x| <[u16; 1024]>::try_from(x).unwrap())
                .collect()
        };
        let spread = (0..1024u32)
            .map(|m| {
                (0..10)
                    .filter(|r| m >> r & 1 != 0)
                    .map(|r| bit(r * 9))
                    .sum()
            })
            .collect();
        let mut t = Tables {
            rank_slide: to512(rs),
            rank_cannon: to512(rc),
            file_slide: to1024(fs),
            file_cannon: to1024(fc),
            spread,
            general: vec![0; 90],
            advisor: vec![0; 90],
            elephant: vec![Vec::new(); 90],
            horse: vec![Vec::new(); 90],
            horse_attackers: vec![Vec::new(); 90],
            soldier: [vec![0; 90], vec![0; 90]],
            soldier_attackers: [vec![0; 90], vec![0; 90]],
        };
        for sq in 0..90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let same_palace = |to: usize| in_palace(to) && (to / 9 < 5) == (sq / 9 < 5);
            if in_palace(sq) {
                for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    if let Some(to) = at(f + df, r + dr).filter(|&to| same_palace(to)) {
                        t.general[sq] |= bit(to);
                    }
                }
                for (df, dr) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
                    if let Some(to) = at(f + df, r + dr).filter(|&to| same_palace(to)) {
                        t.advisor[sq] |= bit(to);
                    }
                }
            }
            for (df, dr) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
                if let (Some(eye), Some(to)) = (at(f + df, r + dr), at(f + 2 * df, r + 2 * dr)) {
                    if (to / 9 < 5) == (sq / 9 < 5) {
                        t.elephant[sq].push((eye, to));
                    }
                }
            }
            for (lf, lr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let Some(leg) = at(f + lf, r + lr) else {
                    continue;
                };
                let mut targets = 0;
                for side in [-1, 1] {
                    let (jf, jr) = if lf == 0 {
                        (side, 2 * lr)
                    } else {
                        (2 * lf, side)
                    };
                    if let Some(to) = at(f + jf, r + jr) {
                        targets |= bit(to);
                    }
                }
                t.horse[sq].push((leg, targets));
            }
            for (df, dr) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
                let Some(leg) = at(f + df, r + dr) else {
                    continue;
                };
                let mut origins = 0;
                for from in [at(f + 2 * df, r + dr), at(f + df, r + 2 * dr)]
                    .into_iter()
                    .flatten()
                {
                    origins |= bit(from);
                }
                t.horse_attackers[sq].push((leg, origins));
            }
            for c in 0..2 {
                let forward = if c == 0 { 1 } else { -1 };
                let crossed = if c == 0 { r >= 5 } else { r <= 4 };
                let mut m = at(f, r + forward).map_or(0, bit);
                if crossed {
                    m |= at(f - 1, r).map_or(0, bit) | at(f + 1, r).map_or(0, bit);
                }
                t.soldier[c][sq] = m;
            }
        }
        for c in 0..2 {
            for from in 0..90 {
                let mut m = t.soldier[c][from];
                while m != 0 {
                    let to = m.trailing_zeros() as usize;
                    m &= m - 1;
                    t.soldier_attackers[c][to] |= bit(from);
                }
            }
        }
        t
    }
}

#[derive(Clone)]
struct Board {
    pieces: [[u128; 7]; 2],
    color: [u128; 2],
    rank_occ: [u16; 10],
    file_occ: [u16; 9],
    /// Role + 1 of the piece on each point, 0 empty.
    roles: [u8; 90],
    generals: [usize; 2],
    turn: usize,
}

impl Board {
    fn from_position(pos: &Position) -> Board {
        let mut b = Board {
            pieces: [[0; 7]; 2],
            color: [0; 2],
            rank_occ: [0; 10],
            file_occ: [0; 9],
            roles: [0; 90],
            generals: [0; 2],
            turn: pos.turn().index(),
        };
        for (sq, piece) in pos.pieces() {
            let role = match piece.role {
                Role::General => GENERAL,
                Role::Advisor => ADVISOR,
                Role::Elephant => ELEPHANT,
                Role::Horse => HORSE,
                Role::Chariot => CHARIOT,
                Role::Cannon => CANNON,
                Role::Soldier => SOLDIER,
            };
            b.put(sq.index(), piece.color.index(), role);
        }
        b
    }

    fn put(&mut self, sq: usize, c: usize, role: usize) {
        self.pieces[c][role] |= bit(sq);
        self.color[c] |= bit(sq);
        self.rank_occ[sq / 9] |= 1 << (sq % 9);
        self.file_occ[sq % 9] |= 1 << (sq / 9);
        self.roles[sq] = role as u8 + 1;
        if role == GENERAL {
            self.generals[c] = sq;
        }
    }

    fn remove(&mut self, sq: usize, c: usize, role: usize) {
        self.pieces[c][role] &= !bit(sq);
        self.color[c] &= !bit(sq);
        self.rank_occ[sq / 9] &= !(1 << (sq % 9));
        self.file_occ[sq % 9] &= !(1 << (sq / 9));
        self.roles[sq] = 0;
    }

    /// Moves the side to move's piece; returns the captured role + 1 (0 none).
    fn make(&mut self, from: usize, to: usize) -> u8 {
        let us = self.turn;
        let role = self.roles[from] as usize - 1;
        let captured = self.roles[to];
        if captured != 0 {
            self.remove(to, 1 - us, captured as usize - 1);
        }
        self.remove(from, us, role);
        self.put(to, us, role);
        self.turn = 1 - us;
        captured
    }

    fn unmake(&mut self, from: usize, to: usize, captured: u8) {
        self.turn = 1 - self.turn;
        let us = self.turn;
        let role = self.roles[to] as usize - 1;
        self.remove(to, us, role);
        self.put(from, us, role);
        if captured != 0 {
            self.put(to, 1 - us, captured as usize - 1);
        }
    }

    fn slide(&self, t: &Tables, sq: usize) -> (u128, u128) {
        let (f, r) = (sq % 9, sq / 9);
        let rank = (t.rank_slide[f][self.rank_occ[r] as usize] as u128) << (r * 9);
        let file = t.spread[t.file_slide[r][self.file_occ[f] as usize] as usize] << f;
        (rank, file)
    }

    fn cannon(&self, t: &Tables, sq: usize) -> u128 {
        let (f, r) = (sq % 9, sq / 9);
        (t.rank_cannon[f][self.rank_occ[r] as usize] as u128) << (r * 9)
            | t.spread[t.file_cannon[r][self.file_occ[f] as usize] as usize] << f
    }

    fn attacked(&self, t: &Tables, sq: usize, them: usize) -> bool {
        let p = &self.pieces[them];
        let (rank, file) = self.slide(t, sq);
        if (rank | file) & p[CHARIOT] != 0 || file & p[GENERAL] != 0 {
            return true;
        }
        if self.cannon(t, sq) & p[CANNON] != 0 {
            return true;
        }
        let occ = self.color[0] | self.color[1];
        for &(leg, origins) in &t.horse_attackers[sq] {
            if occ & bit(leg) == 0 && origins & p[HORSE] != 0 {
                return true;
            }
        }
        t.soldier_attackers[them][sq] & p[SOLDIER] != 0
    }

    /// Counts the legal moves.
    fn count(&mut self, t: &Tables) -> u64 {
        let mut n = 0;
        self.each_legal(t, |_, _, _| n += 1);
        n
    }

    fn each_legal(&mut self, t: &Tables, mut f: impl FnMut(&mut Board, usize, usize)) {
        let us = self.turn;
        let them = 1 - us;
        let g = self.generals[us];
        let occ = self.color[0] | self.color[1];
        let own = self.color[us];
        // The general's lines (up to the edge) and diagonal neighbours.
        let lines = {
            let (f, r) = (g % 9, g / 9);
            (0x1ffu128 << (r * 9)) | (t.spread[0x3ff] << f)
        };
        let diag: u128 = t.horse_attackers[g].iter().map(|&(leg, _)| bit(leg)).sum();
        let in_check = self.attacked(t, g, them);
        let (test_from, test_to) = if in_check {
            (u128::MAX, u128::MAX)
        } else {
            (lines | diag, lines)
        };
        // On the stack, as the crate's move list.
        let mut moves = [(0u8, 0u8); 128];
        let mut len = 0;
        let mut push = |from: usize, mut targets: u128| {
            targets &= !own;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                if len < moves.len() {
                    moves[len] = (from as u8, to as u8);
                    len += 1;
                }
            }
        };
        let p = self.pieces[us];
        for (role, &pieces) in p.iter().enumerate() {
            let mut bits = pieces;
            while bits != 0 {
                let from = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let targets = match role {
                    GENERAL => t.general[from],
                    ADVISOR => t.advisor[from],
                    ELEPHANT => t.elephant[from]
                        .iter()
                        .filter(|&&(eye, _)| occ & bit(eye) == 0)
                        .map(|&(_, to)| bit(to))
                        .sum(),
                    HORSE => t.horse[from]
                        .iter()
                        .filter(|&&(leg, _)| occ & bit(leg) == 0)
                        .map(|&(_, m)| m)
                        .sum::<u128>(),
                    CHARIOT => {
                        let (r, f) = self.slide(t, from);
                        r | f
                    }
                    CANNON => {
                        let (r, f) = self.slide(t, from);
                        ((r | f) & !occ) | (self.cannon(t, from) & self.color[them])
                    }
                    _ => t.soldier[us][from],
                };
                push(from, targets);
            }
        }
        for &(from, to) in &moves[..len] {
            let (from, to) = (from as usize, to as usize);
            let needs_test = from == g || test_from & bit(from) != 0 || test_to & bit(to) != 0;
            if needs_test {
                let captured = self.make(from, to);
                let king = if from == g { to } else { g };
                let ok = !self.attacked(t, king, them);
                self.unmake(from, to, captured);
                if !ok {
                    continue;
                }
            }
            f(self, from, to);
        }
    }
}

fn bb_perft(b: &mut Board, t: &Tables, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 { 1 } else { b.count(t) };
    }
    let mut n = 0;
    b.each_legal(t, |b, from, to| {
        let captured = b.make(from, to);
        n += bb_perft(b, t, depth - 1);
        b.unmake(from, to, captured);
    });
    n
}

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let pos = match args.next() {
        Some(fen) => Position::from_fen(&fen).unwrap_or_else(|e| {
            eprintln!("bad FEN: {e}");
            std::process::exit(2)
        }),
        None => Position::startpos(),
    };
    let tables = Tables::new();
    let mut board = Board::from_position(&pos);
    assert_eq!(board.turn, pos.turn().index());
    let start = Instant::now();
    let leaves = bb_perft(&mut board, &tables, depth);
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "bitboard perft {depth}: {leaves} leaves in {seconds:.3} s, {:.1} M leaves/s",
        leaves as f64 / seconds / 1e6
    );
    let start = Instant::now();
    let expected = perft(&pos, depth);
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "mailbox  perft {depth}: {expected} leaves in {seconds:.3} s, {:.1} M leaves/s",
        expected as f64 / seconds / 1e6
    );
    if leaves != expected {
        eprintln!("the counts differ");
        std::process::exit(1);
    }
}
