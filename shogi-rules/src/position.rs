//! The position: board, hands, side to move, move number and Zobrist key.

use core::fmt;

use crate::attacks::{
    bishop_attacks, bishop_pseudo, gold_attacks, king_attacks, knight_attacks, lance_attacks,
    lance_pseudo, pawn_attacks, rook_attacks, rook_pseudo, silver_attacks,
};
use crate::zobrist;
use crate::{Bitboard, Color, Hand, Move, Piece, Role, Square};

/// A shogi position: the pieces on the board, both hands, the side to move and
/// the SFEN move number.
///
/// A `Position` built by [`Position::from_sfen`] or [`Position::startpos`] and
/// changed only by legal moves is always a legal setup (see
/// [`crate::SetupError`] for what that means). Its 64-bit [`zobrist`](Position::zobrist)
/// key is kept up to date on every move.
///
/// Moves are applied in place ([`play`](Position::play)) and taken back with
/// [`undo`](Position::undo), which needs nothing but the [`Move`] itself because
/// a move records its role, capture and promotion. Copying a `Position` is also
/// cheap (about 400 bytes), so search code may just as well clone.
///
/// ```
/// use shogi_rules::Position;
/// let mut pos = Position::startpos();
/// let m = pos.parse_usi_move("7g7f").unwrap();
/// pos.play(m).unwrap();
/// assert_eq!(pos.to_sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
/// pos.undo(m);
/// assert_eq!(pos, Position::startpos());
/// ```
#[derive(Clone)]
pub struct Position {
    pub(crate) board: [u8; 81],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 14],
    pub(crate) hands: [Hand; 2],
    pub(crate) turn: Color,
    pub(crate) move_number: u32,
    /// XOR of the board keys and the side-to-move key.
    pub(crate) key: u64,
    /// Sum of the hand keys, kept apart because additions and XORs do not
    /// commute: the combined key must not depend on the order of updates.
    pub(crate) hand_key: u64,
}

impl PartialEq for Position {
    /// Positions are equal when board, hands, side to move and move number agree.
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.hands == other.hands
            && self.turn == other.turn
            && self.move_number == other.move_number
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.zobrist().hash(state);
        self.move_number.hash(state);
    }
}

impl Default for Position {
    /// The standard start position.
    fn default() -> Position {
        Position::startpos()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_sfen())
    }
}

impl fmt::Display for Position {
    /// The SFEN of the position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sfen())
    }
}

impl Position {
    /// An empty board, both hands empty, Sente to move, move number 1.
    pub(crate) fn empty() -> Position {
        Position {
            board: [0; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 14],
            hands: [Hand::EMPTY; 2],
            turn: Color::Sente,
            move_number: 1,
            key: 0,
            hand_key: 0,
        }
    }

    /// The standard start position (平手).
    #[must_use]
    pub fn startpos() -> Position {
        let mut pos = Position::empty();
        let back = [
            Role::Lance,
            Role::Knight,
            Role::Silver,
            Role::Gold,
            Role::King,
            Role::Gold,
            Role::Silver,
            Role::Knight,
            Role::Lance,
        ];
        for (i, &role) in back.iter().enumerate() {
            let file = i as u8 + 1;
            pos.put(
                Square::new(file, 9).unwrap_or(Square::SQ_1I),
                Piece::new(Color::Sente, role),
            );
            pos.put(
                Square::new(file, 1).unwrap_or(Square::SQ_1A),
                Piece::new(Color::Gote, role),
            );
            pos.put(
                Square::new(file, 7).unwrap_or(Square::SQ_1G),
                Piece::new(Color::Sente, Role::Pawn),
            );
            pos.put(
                Square::new(file, 3).unwrap_or(Square::SQ_1C),
                Piece::new(Color::Gote, Role::Pawn),
            );
        }
        pos.put(Square::SQ_8H, Piece::new(Color::Sente, Role::Bishop));
        pos.put(Square::SQ_2H, Piece::new(Color::Sente, Role::Rook));
        pos.put(Square::SQ_2B, Piece::new(Color::Gote, Role::Bishop));
        pos.put(Square::SQ_8B, Piece::new(Color::Gote, Role::Rook));
        pos
    }

    /// Places a piece on an empty square, updating bitboards and key.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.board[sq.index()] = piece.code();
        self.by_color[piece.color.index()].insert(sq);
        self.by_role[piece.role.index()].insert(sq);
        self.key ^= zobrist::board_key(piece.color, piece.role, sq);
    }

    /// Empties `sq`, updating bitboards and key.
    pub(crate) fn clear_square(&mut self, sq: Square) {
        if let Some(piece) = self.piece_at(sq) {
            self.board[sq.index()] = 0;
            self.by_color[piece.color.index()] ^= Bitboard::from_square(sq);
            self.by_role[piece.role.index()] ^= Bitboard::from_square(sq);
            self.key ^= zobrist::board_key(piece.color, piece.role, sq);
        }
    }

    /// One more `role` in `color`'s hand. Only hand roles are held: a king (which only a
    /// mis-described move could capture) is not.
    #[inline]
    pub(crate) fn hand_add(&mut self, color: Color, role: Role) {
        if role.is_hand_role() {
            self.hands[color.index()].add(role);
            self.hand_key = self.hand_key.wrapping_add(zobrist::hand_key(color, role));
        }
    }

    /// One fewer `role` in `color`'s hand (ignored for a role that is not a hand role).
    #[inline]
    pub(crate) fn hand_remove(&mut self, color: Color, role: Role) {
        if role.is_hand_role() {
            self.hands[color.index()].remove(role);
            self.hand_key = self.hand_key.wrapping_sub(zobrist::hand_key(color, role));
        }
    }

    /// Sets the side to move, keeping the key in step.
    pub(crate) fn set_turn(&mut self, color: Color) {
        if self.turn != color {
            self.key ^= zobrist::gote_key();
        }
        self.turn = color;
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The SFEN move number: the number of the next ply, 1 in the start position.
    #[inline]
    #[must_use]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// The pieces `color` holds in hand.
    #[inline]
    #[must_use]
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }

    /// The square of `color`'s king, if it has one.
    #[inline]
    #[must_use]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.by_role[Role::King.index()] & self.by_color[color.index()]).first()
    }

    /// The 64-bit Zobrist key of board, hands and side to move (not the move
    /// number): the identity of a position for repetition.
    #[inline]
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        self.key ^ self.hand_key
    }

    /// All occupied squares.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares holding pieces of `color`.
    #[inline]
    #[must_use]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares holding pieces of `role` (either colour).
    #[inline]
    #[must_use]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares holding `piece`.
    #[inline]
    #[must_use]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role[piece.role.index()] & self.by_color[piece.color.index()]
    }

    #[inline]
    pub(crate) fn roles(&self, a: Role, b: Role) -> Bitboard {
        self.by_role[a.index()] | self.by_role[b.index()]
    }

    /// Gold and the four roles that move like it.
    #[inline]
    pub(crate) fn gold_movers(&self) -> Bitboard {
        self.by_role[Role::Gold.index()]
            | self.by_role[Role::Tokin.index()]
            | self.by_role[Role::PromotedLance.index()]
            | self.by_role[Role::PromotedKnight.index()]
            | self.by_role[Role::PromotedSilver.index()]
    }

    /// Pieces of `attacker` that attack `sq` when the occupied squares are
    /// `occupied`. Pinned pieces count: a pinned piece still attacks.
    #[inline]
    #[must_use]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let defender = attacker.opposite();
        let sliders = (rook_attacks(sq, occupied) & self.roles(Role::Rook, Role::Dragon))
            | (bishop_attacks(sq, occupied) & self.roles(Role::Bishop, Role::Horse))
            | (lance_attacks(defender, sq, occupied) & self.by_role[Role::Lance.index()]);
        self.step_attackers_to(sq, attacker) | (sliders & self.by_color[attacker.index()])
    }

    /// Attackers of `sq` other than sliders: pawns, knights, silvers,
    /// gold-movers, and kings, dragons and horses by their one-square steps
    /// (dragon and horse both reach all eight neighbours).
    #[inline]
    pub(crate) fn step_attackers_to(&self, sq: Square, attacker: Color) -> Bitboard {
        let defender = attacker.opposite();
        ((pawn_attacks(defender, sq) & self.by_role[Role::Pawn.index()])
            | (knight_attacks(defender, sq) & self.by_role[Role::Knight.index()])
            | (silver_attacks(defender, sq) & self.by_role[Role::Silver.index()])
            | (gold_attacks(defender, sq) & self.gold_movers())
            | (king_attacks(sq)
                & (self.roles(Role::King, Role::Dragon) | self.by_role[Role::Horse.index()])))
            & self.by_color[attacker.index()]
    }

    /// Whether `attacker` attacks `sq` (with the current occupancy).
    #[inline]
    #[must_use]
    pub fn is_attacked(&self, sq: Square, attacker: Color) -> bool {
        self.is_attacked_with(sq, attacker, self.occupied(), Bitboard::EMPTY)
    }

    /// Whether `attacker` attacks `sq` when the occupied squares are
    /// `occupied` and the attacker's pieces on `captured` are gone. Same
    /// answer as [`attackers_to`](Self::attackers_to), but a slider's lookup
    /// is skipped unless one stands on a line through `sq`.
    #[inline]
    pub(crate) fn is_attacked_with(
        &self,
        sq: Square,
        attacker: Color,
        occupied: Bitboard,
        captured: Bitboard,
    ) -> bool {
        let defender = attacker.opposite();
        if (self.step_attackers_to(sq, attacker) - captured).any() {
            return true;
        }
        let them = self.by_color[attacker.index()] - captured;
        let rooks = self.roles(Role::Rook, Role::Dragon) & them;
        if (rook_pseudo(sq) & rooks).any() && (rook_attacks(sq, occupied) & rooks).any() {
            return true;
        }
        let bishops = self.roles(Role::Bishop, Role::Horse) & them;
        if (bishop_pseudo(sq) & bishops).any() && (bishop_attacks(sq, occupied) & bishops).any() {
            return true;
        }
        let lances = self.by_role[Role::Lance.index()] & them;
        (lance_pseudo(defender, sq) & lances).any()
            && (lance_attacks(defender, sq, occupied) & lances).any()
    }

    /// The pieces giving check to the side to move.
    #[inline]
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        match self.king_of(self.turn) {
            Some(k) => self.attackers_to(k, self.turn.opposite(), self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    #[inline]
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// The enemy sliders aimed at `king` (of `king_color`) along a line,
    /// whatever stands between.
    #[inline]
    fn snipers(&self, king_color: Color, king: Square) -> Bitboard {
        ((rook_pseudo(king) & self.roles(Role::Rook, Role::Dragon))
            | (bishop_pseudo(king) & self.roles(Role::Bishop, Role::Horse))
            | (lance_pseudo(king_color, king) & self.by_role[Role::Lance.index()]))
            & self.by_color[king_color.opposite().index()]
    }

    /// Pieces of `blockers` that stand alone between `king` (of
    /// `king_color`) and an enemy slider aimed at it.
    #[inline]
    pub(crate) fn line_blockers(
        &self,
        king_color: Color,
        king: Square,
        blockers: Color,
    ) -> Bitboard {
        let occupied = self.occupied();
        let mut found = Bitboard::EMPTY;
        for sniper in self.snipers(king_color, king) {
            let between = crate::attacks::between(king, sniper) & occupied;
            if !between.more_than_one() {
                found |= between;
            }
        }
        found & self.by_color[blockers.index()]
    }

    /// Pieces of `color` that stand alone between `color`'s king and an enemy
    /// slider aimed at it (they may move only along that line), and the
    /// sliders that give check along a line.
    #[inline]
    pub(crate) fn pins_and_slider_checks(
        &self,
        color: Color,
        king: Square,
    ) -> (Bitboard, Bitboard) {
        let occupied = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        let mut checks = Bitboard::EMPTY;
        for sniper in self.snipers(color, king) {
            let blockers = crate::attacks::between(king, sniper) & occupied;
            if blockers.is_empty() {
                checks.insert(sniper);
            } else if !blockers.more_than_one() {
                pinned |= blockers & self.by_color[color.index()];
            }
        }
        (pinned, checks)
    }

    /// Applies a move without checking that it is legal: the caller
    /// guarantees it is (for example, it came from the legal move list).
    ///
    /// The move is trusted to describe itself correctly (role, capture); an
    /// illegal or mis-described move leaves the position inconsistent but
    /// never panics.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        self.play_unchecked_inline(m);
    }

    /// [`play_unchecked`](Self::play_unchecked), always inlined: for the
    /// game's move, played once per call.
    #[inline(always)]
    pub(crate) fn play_unchecked_inline(&mut self, m: Move) {
        let us = self.turn;
        let to = m.to();
        let to_bb = Bitboard::from_square(to);
        let role = m.role();
        match m.from() {
            None => {
                self.hand_remove(us, role);
                self.board[to.index()] = Piece::new(us, role).code();
                self.by_color[us.index()] ^= to_bb;
                self.by_role[role.index()] ^= to_bb;
                self.key ^= zobrist::board_key(us, role, to);
            }
            Some(from) => {
                if let Some(captured) = m.capture() {
                    let them = us.opposite();
                    self.by_color[them.index()] ^= to_bb;
                    self.by_role[captured.index()] ^= to_bb;
                    self.key ^= zobrist::board_key(them, captured, to);
                    self.hand_add(us, captured.unpromote());
                }
                let after = m.role_after();
                let from_bb = Bitboard::from_square(from);
                self.board[from.index()] = 0;
                self.board[to.index()] = Piece::new(us, after).code();
                self.by_color[us.index()] ^= from_bb | to_bb;
                self.by_role[role.index()] ^= from_bb;
                self.by_role[after.index()] ^= to_bb;
                self.key ^= zobrist::board_key(us, role, from) ^ zobrist::board_key(us, after, to);
            }
        }
        self.turn = us.opposite();
        self.key ^= zobrist::gote_key();
        self.move_number = self.move_number.saturating_add(1);
    }

    /// Takes back `m`, which must be the last move played on this position.
    /// Restores the position exactly, key and move number included.
    ///
    /// Any other move leaves the position inconsistent but never panics.
    #[inline]
    pub fn undo(&mut self, m: Move) {
        // Each step of `play_unchecked`, undone.
        let us = self.turn.opposite();
        self.turn = us;
        self.key ^= zobrist::gote_key();
        self.move_number = self.move_number.saturating_sub(1);
        let to = m.to();
        let to_bb = Bitboard::from_square(to);
        let role = m.role();
        match m.from() {
            None => {
                self.board[to.index()] = 0;
                self.by_color[us.index()] ^= to_bb;
                self.by_role[role.index()] ^= to_bb;
                self.key ^= zobrist::board_key(us, role, to);
                self.hand_add(us, role);
            }
            Some(from) => {
                let after = m.role_after();
                let from_bb = Bitboard::from_square(from);
                self.board[from.index()] = Piece::new(us, role).code();
                self.board[to.index()] = 0;
                self.by_color[us.index()] ^= from_bb | to_bb;
                self.by_role[role.index()] ^= from_bb;
                self.by_role[after.index()] ^= to_bb;
                self.key ^= zobrist::board_key(us, role, from) ^ zobrist::board_key(us, after, to);
                if let Some(captured) = m.capture() {
                    let them = us.opposite();
                    self.board[to.index()] = Piece::new(them, captured).code();
                    self.by_color[them.index()] ^= to_bb;
                    self.by_role[captured.index()] ^= to_bb;
                    self.key ^= zobrist::board_key(them, captured, to);
                    self.hand_remove(us, captured.unpromote());
                }
            }
        }
    }

    /// Recomputes the Zobrist key from scratch (the same value as
    /// [`zobrist`](Self::zobrist) keeps up to date move by move).
    #[cfg(test)]
    pub(crate) fn compute_key(&self) -> u64 {
        let mut key = 0u64;
        for sq in self.occupied() {
            if let Some(p) = self.piece_at(sq) {
                key ^= zobrist::board_key(p.color, p.role, sq);
            }
        }
        if self.turn == Color::Gote {
            key ^= zobrist::gote_key();
        }
        let mut hand = 0u64;
        for color in Color::ALL {
            for (role, n) in self.hands[color.index()].iter() {
                hand = hand.wrapping_add(zobrist::hand_key(color, role).wrapping_mul(u64::from(n)));
            }
        }
        key ^ hand
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_key_matches_a_fresh_one_through_captures_and_drops() {
        let mut pos = Position::startpos();
        for usi in [
            "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "B*6e", "4e3d", "6e7f", "3d2c+", "7f8g+",
            "2c2b",
        ] {
            let m = pos.parse_usi_move(usi).unwrap();
            pos.play(m).unwrap();
            assert_eq!(pos.zobrist(), pos.compute_key(), "after {usi}");
        }
    }
}
