//! The position: board, side to move, FEN counters and Zobrist key, with
//! making moves and asking what attacks a point.
//!
//! # Board representation
//! A 90-point mailbox (`[u8; 90]`, one byte per point, 0 = empty) with
//! step tables computed at compile time ([`crate::attacks`]: general,
//! advisor, elephant with its eye, horse with its leg, soldier, the four
//! rays of every point), plus one 90-bit occupancy mask per side, so that
//! the pieces of a side are found with `trailing_zeros` rather than by
//! scanning the board. Sliding pieces (chariot, cannon) walk their rays.
//!
//! Chosen by measurement against a `u128` bitboard generator
//! (`examples/bitboard_perft.rs`: per-side and per-role 90-bit masks,
//! rank and file occupancy kept per line, lookup tables for chariot and
//! cannon moves along a line, the same legality test and fast path), both
//! counting perft with bulk counting at the last ply. Release profile of
//! the workspace, on a 2-core machine shared with another build (the
//! figures vary by about 15 %); `cargo run --release -p xiangqi-rules
//! --example bitboard_perft -- <depth> [<fen>]` prints both:
//!
//! | position, depth | leaves | mailbox | bitboard |
//! |---|---:|---:|---:|
//! | start, 5 | 133,312,995 | 107–121 M/s | 52–54 M/s |
//! | cpw-2, 5 | 53,112,976 | 116 M/s | 58 M/s |
//! | cpw-4, 6 | 100,055,401 | 66 M/s | 39 M/s |
//!
//! Shifting and masking 128-bit words costs two machine words per
//! operation, and a xiangqi board is small enough that walking a ray of
//! bytes is as quick as looking its moves up. Running the mailbox's
//! legality test on every move, instead of skipping it where it cannot
//! fail (see the `movegen` module), gives 78–83 M leaves/s from the start
//! position. Deciding which moves need the test from the first pieces on
//! the general's rays and the horses around it, rather than from the
//! general's whole file and rank, took the count of perft 5 from the start
//! from 24.7 to 15.6 billion instructions (callgrind): 120 to about 160 M
//! leaves/s.

use core::fmt;

use crate::attacks::{HORSE_ATTACKERS, RAYS, SOLDIER_ATTACKERS};
use crate::zobrist;
use crate::{Color, Move, Piece, Role, Square, SquareSet};

/// Board code of a piece (see [`Piece::code`]).
pub(crate) const fn code(color: Color, role: Role) -> u8 {
    Piece::new(color, role).code()
}

/// The colour index (0 Red, 1 Black) of a non-empty board code.
#[inline]
pub(crate) const fn code_color(code: u8) -> usize {
    (code >> 3) as usize
}

/// A xiangqi position: the pieces on the 90 points, the side to move, and
/// the two FEN counters (which no rule uses).
///
/// A `Position` is built from a FEN ([`Position::from_fen`]), a
/// [`Setup`](crate::Setup) ([`Position::from_setup`]) or
/// [`Position::startpos`], all of which check the setup rules
/// ([`SetupError`](crate::SetupError)); changed only by legal moves it
/// stays a legal position. It is about 140 bytes and cheap to copy.
///
/// ```
/// use xiangqi_rules::Position;
/// let mut pos = Position::startpos();
/// let m = pos.parse_iccs_move("h2e2").unwrap();
/// pos.play(m).unwrap();
/// assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
/// pos.undo(m);
/// assert_eq!(pos, Position::startpos());
/// ```
#[derive(Clone)]
pub struct Position {
    pub(crate) board: [u8; 90],
    pub(crate) occupied: [u128; 2],
    pub(crate) generals: [u8; 2],
    pub(crate) turn: Color,
    pub(crate) key: u64,
    /// FEN field 5: plies since the last capture.
    pub(crate) halfmoves: u32,
    /// FEN field 6: the move number, 1 at the start, incremented after Black's move.
    pub(crate) fullmoves: u32,
}

impl PartialEq for Position {
    /// Positions are equal when the board, the side to move and the FEN
    /// counters agree. [`Position::same_position`] leaves the counters out.
    fn eq(&self, other: &Position) -> bool {
        self.same_position(other)
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.key.hash(state);
        self.halfmoves.hash(state);
        self.fullmoves.hash(state);
    }
}

impl Default for Position {
    /// The start position.
    fn default() -> Position {
        Position::startpos()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl fmt::Display for Position {
    /// The FEN of the position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

impl Position {
    /// An empty board, Red to move, counters `0 1`.
    pub(crate) fn empty() -> Position {
        Position {
            board: [0; 90],
            occupied: [0; 2],
            generals: [0; 2],
            turn: Color::Red,
            key: 0,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The start position.
    #[must_use]
    pub fn startpos() -> Position {
        let mut pos = Position::empty();
        let back = [
            Role::Chariot,
            Role::Horse,
            Role::Elephant,
            Role::Advisor,
            Role::General,
            Role::Advisor,
            Role::Elephant,
            Role::Horse,
            Role::Chariot,
        ];
        for (file, &role) in (0u8..).zip(back.iter()) {
            for (color, rank) in [(Color::Red, 0), (Color::Black, 9)] {
                if let Some(sq) = Square::new(file, rank) {
                    pos.put(sq, Piece::new(color, role));
                }
            }
        }
        for file in [0u8, 2, 4, 6, 8] {
            for (color, rank) in [(Color::Red, 3), (Color::Black, 6)] {
                if let Some(sq) = Square::new(file, rank) {
                    pos.put(sq, Piece::new(color, Role::Soldier));
                }
            }
        }
        for file in [1u8, 7] {
            for (color, rank) in [(Color::Red, 2), (Color::Black, 7)] {
                if let Some(sq) = Square::new(file, rank) {
                    pos.put(sq, Piece::new(color, Role::Cannon));
                }
            }
        }
        pos
    }

    /// Places `piece` on the empty point `sq`, keeping masks, general and key in step.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let i = sq.index();
        self.board[i] = piece.code();
        self.occupied[piece.color.index()] |= 1 << i;
        if piece.role == Role::General {
            self.generals[piece.color.index()] = i as u8;
        }
        self.key ^= zobrist::piece_key(piece.color, piece.role, i);
    }

    /// Empties `sq`, keeping masks and key in step.
    #[inline]
    pub(crate) fn remove(&mut self, sq: Square) {
        let i = sq.index();
        if let Some(piece) = Piece::from_code(self.board[i]) {
            self.board[i] = 0;
            self.occupied[piece.color.index()] &= !(1 << i);
            self.key ^= zobrist::piece_key(piece.color, piece.role, i);
        }
    }

    /// Sets the side to move, keeping the key in step.
    pub(crate) fn set_turn(&mut self, color: Color) {
        if self.turn != color {
            self.key ^= zobrist::black_key();
        }
        self.turn = color;
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// The point of `color`'s general.
    #[inline]
    #[must_use]
    pub fn general(&self, color: Color) -> Square {
        Square::from_index_unchecked(self.generals[color.index()] as usize)
    }

    /// The points occupied by `color`'s pieces.
    #[must_use]
    pub fn pieces_of(&self, color: Color) -> SquareSet {
        SquareSet(self.occupied[color.index()])
    }

    /// Every piece with its point, in index order (`a0`, `b0`, …).
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        SquareSet(self.occupied[0] | self.occupied[1])
            .iter()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// FEN field 5: plies since the last capture, as this position counts
    /// them (no rule uses it).
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    /// FEN field 6: the move number, incremented after each Black move (no
    /// rule uses it).
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// The 64-bit Zobrist key of the board and side to move (the counters
    /// are not part of it): equal for positions that are the same in the
    /// sense of the repetition rule.
    #[inline]
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        self.key
    }

    /// Whether the board and the side to move are the same (the FEN
    /// counters may differ): the "same position" of the repetition rule.
    #[must_use]
    pub fn same_position(&self, other: &Position) -> bool {
        self.board == other.board && self.turn == other.turn
    }

    /// Whether neither side has a chariot, horse, cannon or soldier: the
    /// game is drawn at once (bare material).
    ///
    /// ```
    /// use xiangqi_rules::Position;
    /// let pos = Position::from_fen("2b1k4/4a4/9/9/9/9/9/4B4/4A4/3K5 w - - 0 1").unwrap();
    /// assert!(pos.is_bare_material());
    /// assert!(!Position::startpos().is_bare_material());
    /// ```
    #[must_use]
    pub fn is_bare_material(&self) -> bool {
        !self.pieces().any(|(_, p)| p.role.is_attacker())
    }

    /// Whether the side to move's general is attacked.
    #[must_use]
    pub fn in_check(&self) -> bool {
        let us = self.turn;
        attacked(
            &self.board,
            self.generals[us.index()] as usize,
            us.opposite(),
        )
    }

    /// The enemy pieces that attack the side to move's general.
    #[must_use]
    pub fn checkers(&self) -> SquareSet {
        let us = self.turn;
        attackers(
            &self.board,
            self.generals[us.index()] as usize,
            us.opposite(),
        )
    }

    /// Whether `sq` is attacked by `by` as a general standing there would
    /// be: by a chariot, cannon (over one screen), horse (leg empty) or
    /// soldier of `by`, or by `by`'s general along an open file (flying
    /// general). Advisors and elephants, which can never reach the enemy
    /// general, are not counted.
    #[must_use]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        attacked(&self.board, sq.index(), by)
    }

    /// Whether the two generals stand on one file with no piece between them.
    #[must_use]
    pub fn generals_face(&self) -> bool {
        generals_face(
            &self.board,
            self.generals[0] as usize,
            self.generals[1] as usize,
        )
    }

    /// Plays `m`, which must be legal here (checked by callers).
    pub(crate) fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        if m.capture.is_some() {
            self.remove(m.to);
            self.halfmoves = 0;
        } else {
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        self.remove(m.from);
        self.put(m.to, Piece::new(us, m.role));
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.set_turn(us.opposite());
    }

    /// Takes back `m`, the last move played on this position: the piece goes
    /// back and the captured piece returns. The FEN halfmove clock cannot be
    /// restored after a capture (it is set to 0); nothing else is lost.
    /// Taking back a move that was not the last one played leaves a position
    /// that may break the setup rules, but never panics.
    pub fn undo(&mut self, m: Move) {
        let them = self.turn;
        let us = them.opposite();
        self.remove(m.to);
        self.remove(m.from);
        self.put(m.from, Piece::new(us, m.role));
        if let Some(role) = m.capture {
            self.put(m.to, Piece::new(them, role));
        } else {
            self.halfmoves = self.halfmoves.saturating_sub(1);
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_sub(1).max(1);
        }
        self.set_turn(us);
    }
}

/// Whether a piece of colour `by` attacks point `sq` on `board`: a chariot
/// or general first on a ray (a general only along a file), a cannon second
/// on a ray, a horse whose leg is empty, a soldier.
pub(crate) fn attacked(board: &[u8; 90], sq: usize, by: Color) -> bool {
    let chariot = code(by, Role::Chariot);
    let cannon = code(by, Role::Cannon);
    let general = code(by, Role::General);
    for (d, ray) in RAYS[sq].iter().enumerate() {
        // Rays 0 and 2 run along the file: only there does a general attack.
        let general = if d % 2 == 0 { general } else { chariot };
        let mut screens = 0;
        for &p in ray.points() {
            let c = board[p as usize];
            if c == 0 {
                continue;
            }
            if screens == 0 {
                if c == chariot || c == general {
                    return true;
                }
                screens = 1;
            } else {
                if c == cannon {
                    return true;
                }
                break;
            }
        }
    }
    if attacked_by_horse(board, sq, by) {
        return true;
    }
    let soldier = code(by, Role::Soldier);
    SOLDIER_ATTACKERS[by.index()][sq]
        .iter()
        .any(|(from, _)| board[from] == soldier)
}

/// Whether a horse of colour `by` attacks `sq` (its leg empty).
#[inline]
pub(crate) fn attacked_by_horse(board: &[u8; 90], sq: usize, by: Color) -> bool {
    let horse = code(by, Role::Horse);
    HORSE_ATTACKERS[sq]
        .iter()
        .any(|(from, leg)| board[from] == horse && board[leg] == 0)
}

/// The pieces of colour `by` that attack `sq` (a general facing it included).
pub(crate) fn attackers(board: &[u8; 90], sq: usize, by: Color) -> SquareSet {
    let mut set = 0u128;
    let chariot = code(by, Role::Chariot);
    let cannon = code(by, Role::Cannon);
    let general = code(by, Role::General);
    for (d, ray) in RAYS[sq].iter().enumerate() {
        let general = if d % 2 == 0 { general } else { chariot };
        let mut screens = 0;
        for &p in ray.points() {
            let c = board[p as usize];
            if c == 0 {
                continue;
            }
            if screens == 0 {
                if c == chariot || c == general {
                    set |= 1 << p;
                }
                screens = 1;
            } else {
                if c == cannon {
                    set |= 1 << p;
                }
                break;
            }
        }
    }
    let horse = code(by, Role::Horse);
    for (from, leg) in HORSE_ATTACKERS[sq].iter() {
        if board[from] == horse && board[leg] == 0 {
            set |= 1 << from;
        }
    }
    let soldier = code(by, Role::Soldier);
    for (from, _) in SOLDIER_ATTACKERS[by.index()][sq].iter() {
        if board[from] == soldier {
            set |= 1 << from;
        }
    }
    SquareSet(set)
}

/// Whether generals on `a` and `b` stand on one file with nothing between.
pub(crate) fn generals_face(board: &[u8; 90], a: usize, b: usize) -> bool {
    if a % 9 != b % 9 {
        return false;
    }
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    (low + 9..high).step_by(9).all(|i| board[i] == 0)
}
