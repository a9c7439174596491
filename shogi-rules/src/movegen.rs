//! Legal move generation.
//!
//! Moves are generated legal from the start, never filtered after the fact:
//! the checkers and the pinned pieces of the side to move are found first;
//! in double check only the king moves; in single check the other pieces may
//! only capture the checker or block its line, and drops may only block; a
//! pinned piece moves only along its pin line; the king steps only to
//! squares the opponent does not attack once the king has left its square.
//! Drops exclude dead squares and nifu files, and a pawn drop in front of the
//! enemy king is tested for uchifuzume with the pawn on the board.
//!
//! Generation feeds a [`Sink`], so the same code fills a [`MoveList`], calls a
//! closure, or only counts (perft's bulk counting, which never builds moves).

use crate::attacks::{
    attacks, between, bishop_attacks, bishop_pseudo, gold_attacks, king_attacks, knight_attacks,
    lance_attacks, lance_pseudo, line, near, pawn_attacks, rook_attacks, rook_pseudo,
    silver_attacks,
};
use crate::bitboard::RANK_A;
use crate::{Bitboard, Color, Move, MoveList, Position, Role, Square};

/// Receives generated moves.
pub(crate) trait Sink {
    /// One move.
    fn push(&mut self, m: Move);

    /// All legal moves of the piece of `role` on `from` to `targets`,
    /// each in every legal promotion form.
    #[inline]
    fn board_moves(
        &mut self,
        pos: &Position,
        us: Color,
        role: Role,
        from: Square,
        targets: Bitboard,
    ) {
        let (plain, promoted) = promotion_split(us, role, from, targets);
        for to in plain {
            self.push(Move::normal(role, from, to, pos.role_at(to), false));
        }
        for to in promoted {
            self.push(Move::normal(role, from, to, pos.role_at(to), true));
        }
    }

    /// Pawn moves of the unpinned pawns, given by destination: each pawn
    /// comes from the square behind its destination.
    #[inline]
    fn pawn_pushes(&mut self, pos: &Position, us: Color, dests: Bitboard) {
        for to in dests {
            let from_index = match us {
                Color::Sente => to.index() + 1,
                Color::Gote => to.index() - 1,
            };
            let from = Square::from_index_unchecked(from_index as u8);
            self.board_moves(pos, us, Role::Pawn, from, Bitboard::from_square(to));
        }
    }

    /// Whether the sink needs no more moves (generation may stop early).
    #[inline]
    fn satisfied(&self) -> bool {
        false
    }

    /// Drops of `role` on each of `targets`.
    #[inline]
    fn drops(&mut self, role: Role, targets: Bitboard) {
        for to in targets {
            self.push(Move::drop(role, to));
        }
    }
}

/// Squares where an unpromoted piece of `role` and `color` could never move
/// again (where it must promote, and may not be dropped).
#[inline]
pub(crate) fn dead_squares(color: Color, role: Role) -> Bitboard {
    let last = match color {
        Color::Sente => RANK_A.0,
        Color::Gote => RANK_A.0 << 8,
    };
    match role {
        Role::Pawn | Role::Lance => Bitboard(last),
        Role::Knight => match color {
            Color::Sente => Bitboard(last | last << 1),
            Color::Gote => Bitboard(last | last >> 1),
        },
        _ => Bitboard::EMPTY,
    }
}

/// Splits legal destinations into those reached without and with promotion.
#[inline]
fn promotion_split(us: Color, role: Role, from: Square, targets: Bitboard) -> (Bitboard, Bitboard) {
    if !role.can_promote() {
        return (targets, Bitboard::EMPTY);
    }
    let zone = Bitboard::zone(us);
    let promoted = if zone.contains(from) {
        targets
    } else {
        targets & zone
    };
    (targets - dead_squares(us, role), promoted)
}

impl Sink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
}

/// Counts moves without building them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline]
    fn board_moves(
        &mut self,
        _: &Position,
        us: Color,
        role: Role,
        from: Square,
        targets: Bitboard,
    ) {
        // Popcount is not a single instruction on the baseline target: skip
        // the empty sets.
        if targets.is_empty() {
            return;
        }
        let (plain, promoted) = promotion_split(us, role, from, targets);
        self.0 += u64::from(plain.count());
        if promoted.any() {
            self.0 += u64::from(promoted.count());
        }
    }

    #[inline]
    fn pawn_pushes(&mut self, _: &Position, us: Color, dests: Bitboard) {
        let zone = Bitboard::zone(us);
        let plain = dests - dead_squares(us, Role::Pawn);
        // A pawn can only enter or stay in the zone by moving forward, so the
        // destination decides.
        let promoted = dests & zone;
        self.0 += u64::from(plain.count());
        if promoted.any() {
            self.0 += u64::from(promoted.count());
        }
    }

    #[inline]
    fn drops(&mut self, _: Role, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }
}

/// Only notes whether any legal move exists.
struct Exists(bool);

impl Sink for Exists {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 = true;
    }

    #[inline]
    fn board_moves(&mut self, _: &Position, _: Color, _: Role, _: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }

    #[inline]
    fn pawn_pushes(&mut self, _: &Position, _: Color, dests: Bitboard) {
        self.0 |= dests.any();
    }

    #[inline]
    fn drops(&mut self, _: Role, targets: Bitboard) {
        self.0 |= targets.any();
    }

    #[inline]
    fn satisfied(&self) -> bool {
        self.0
    }
}

/// Passes each move to a closure.
pub(crate) struct Visit<F>(pub F);

impl<F: FnMut(Move)> Sink for Visit<F> {
    #[inline]
    fn push(&mut self, m: Move) {
        (self.0)(m);
    }
}

impl Position {
    /// The role on `sq`, if any.
    #[inline]
    pub(crate) fn role_at(&self, sq: Square) -> Option<Role> {
        self.piece_at(sq).map(|p| p.role)
    }

    /// Generates every legal move into `sink` and returns the checkers.
    ///
    /// King moves come last: they are the only ones that need attack tests
    /// per square, so a sink that stops at the first move rarely pays for them.
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) -> Bitboard {
        let us = self.turn;
        let them = us.opposite();
        let own = self.by_color(us);
        // A king is never captured: in a legal setup the enemy king cannot be attacked, and in
        // one read without checks (`Position::from_sfen_unvalidated`) it is not a target.
        let blocked = own | self.by_role(Role::King);
        let occupied = self.occupied();
        let Some(king) = self.king_of(us) else {
            self.generate_pieces(sink, Bitboard::EMPTY, None, !blocked);
            if !sink.satisfied() {
                self.generate_drops(sink, !occupied);
            }
            return Bitboard::EMPTY;
        };
        let (pinned, slider_checks) = self.pins_and_slider_checks(us, king);
        let checkers = slider_checks | self.step_attackers_to(king, them);
        if !checkers.more_than_one() {
            let (target, drop_target) = match checkers.first() {
                Some(checker) => {
                    let gap = between(king, checker);
                    ((gap | Bitboard::from_square(checker)) - blocked, gap)
                }
                None => (!blocked, !occupied),
            };
            self.generate_pieces(sink, pinned, Some(king), target);
            if sink.satisfied() {
                return checkers;
            }
            self.generate_drops(sink, drop_target);
            if sink.satisfied() {
                return checkers;
            }
        }
        let without_king = occupied ^ Bitboard::from_square(king);
        let mut safe = Bitboard::EMPTY;
        for to in king_attacks(king) - blocked {
            if !self.is_attacked_with(to, them, without_king, Bitboard::EMPTY) {
                safe.insert(to);
            }
        }
        sink.board_moves(self, us, Role::King, king, safe);
        checkers
    }

    /// Moves of every piece but the king to `target` (which excludes own
    /// pieces), pinned pieces only along their pin line.
    #[inline]
    fn generate_pieces<S: Sink>(
        &self,
        sink: &mut S,
        pinned: Bitboard,
        king: Option<Square>,
        target: Bitboard,
    ) {
        let us = self.turn;
        let occupied = self.occupied();

        // Pawns that are not pinned move all at once.
        let pawns = self.by_piece_role(us, Role::Pawn);
        let free_pawns = pawns - pinned;
        let pushed = match us {
            Color::Sente => Bitboard((free_pawns - Bitboard(RANK_A.0)).0 >> 1),
            Color::Gote => Bitboard((free_pawns - Bitboard(RANK_A.0 << 8)).0 << 1),
        };
        sink.pawn_pushes(self, us, pushed & target);
        if sink.satisfied() {
            return;
        }

        let pin_line = |from: Square| match king {
            Some(k) if pinned.contains(from) => line(k, from),
            _ => Bitboard::FULL,
        };

        for from in pawns & pinned {
            let t = pawn_attacks(us, from) & target & pin_line(from);
            sink.board_moves(self, us, Role::Pawn, from, t);
        }
        for from in self.by_piece_role(us, Role::Lance) {
            let t = lance_attacks(us, from, occupied) & target & pin_line(from);
            sink.board_moves(self, us, Role::Lance, from, t);
        }
        for from in self.by_piece_role(us, Role::Knight) - pinned {
            // A pinned knight can never move: its jump always leaves the line.
            let t = knight_attacks(us, from) & target;
            sink.board_moves(self, us, Role::Knight, from, t);
        }
        for from in self.by_piece_role(us, Role::Silver) {
            let t = silver_attacks(us, from) & target & pin_line(from);
            sink.board_moves(self, us, Role::Silver, from, t);
        }
        for role in [
            Role::Gold,
            Role::Tokin,
            Role::PromotedLance,
            Role::PromotedKnight,
            Role::PromotedSilver,
        ] {
            for from in self.by_piece_role(us, role) {
                let t = gold_attacks(us, from) & target & pin_line(from);
                sink.board_moves(self, us, role, from, t);
            }
        }
        if sink.satisfied() {
            return;
        }
        for from in self.by_piece_role(us, Role::Bishop) {
            let t = bishop_attacks(from, occupied) & target & pin_line(from);
            sink.board_moves(self, us, Role::Bishop, from, t);
        }
        for from in self.by_piece_role(us, Role::Rook) {
            let t = rook_attacks(from, occupied) & target & pin_line(from);
            sink.board_moves(self, us, Role::Rook, from, t);
        }
        for from in self.by_piece_role(us, Role::Horse) {
            let t = (bishop_attacks(from, occupied) | king_attacks(from)) & target & pin_line(from);
            sink.board_moves(self, us, Role::Horse, from, t);
        }
        for from in self.by_piece_role(us, Role::Dragon) {
            let t = (rook_attacks(from, occupied) | king_attacks(from)) & target & pin_line(from);
            sink.board_moves(self, us, Role::Dragon, from, t);
        }
    }

    /// Drops onto `drop_target` (empty squares, or the squares between the
    /// king and a slider that checks it).
    #[inline]
    fn generate_drops<S: Sink>(&self, sink: &mut S, drop_target: Bitboard) {
        let us = self.turn;
        let hand = self.hand(us);
        if hand.is_empty() || drop_target.is_empty() {
            return;
        }
        for role in Role::HAND {
            if hand.get(role) == 0 {
                continue;
            }
            let mut t = drop_target - dead_squares(us, role);
            if role == Role::Pawn {
                t = t - self.by_piece_role(us, Role::Pawn).occupied_files();
                if let Some(d) = self.pawn_drop_mate_square(us) {
                    if t.contains(d) && self.is_pawn_drop_mate(us, d) {
                        t.remove(d);
                    }
                }
            }
            sink.drops(role, t);
        }
    }

    #[inline]
    pub(crate) fn by_piece_role(&self, color: Color, role: Role) -> Bitboard {
        self.by_role(role) & self.by_color(color)
    }

    /// The square where a pawn of `us` would check the enemy king.
    #[inline]
    fn pawn_drop_mate_square(&self, us: Color) -> Option<Square> {
        let their_king = self.king_of(us.opposite())?;
        pawn_attacks(us.opposite(), their_king).first()
    }

    /// Whether a pawn of `us` dropped on `d` (in front of the enemy king)
    /// would leave the opponent without a legal move. The opponent can only
    /// capture the pawn or move the king: a contact check cannot be blocked.
    pub(crate) fn is_pawn_drop_mate(&self, us: Color, d: Square) -> bool {
        let them = us.opposite();
        let Some(their_king) = self.king_of(them) else {
            return false;
        };
        let occupied = self.occupied() | Bitboard::from_square(d);
        // Captures by pieces other than the king, each legal unless it
        // exposes the king (our pieces do not include the pawn, which is gone).
        let capturers = self.attackers_to(d, them, occupied) - Bitboard::from_square(their_king);
        for from in capturers {
            let after = occupied ^ Bitboard::from_square(from);
            if !self.is_attacked_with(their_king, us, after, Bitboard::EMPTY) {
                return false;
            }
        }
        // King steps, including capturing the pawn; the pawn stays on the
        // board while the other escape squares are tested, so it blocks lines.
        let without_king = occupied ^ Bitboard::from_square(their_king);
        for to in king_attacks(their_king) - self.by_color(them) {
            if !self.is_attacked_with(to, us, without_king, Bitboard::EMPTY) {
                return false;
            }
        }
        true
    }

    /// Whether the side to move is in check, decided from the move `m` that
    /// led here: only the moved (or dropped) piece and the sliders behind the
    /// square it left can give check.
    pub(crate) fn checked_by(&self, m: Move) -> bool {
        let us = self.turn;
        let Some(king) = self.king_of(us) else {
            return false;
        };
        let mover = us.opposite();
        let occupied = self.occupied();
        let role = m.role_after();
        // Only a square on one of the king's lines (for a slider) or next to
        // it or a knight's jump away (for any other piece) can give check: most
        // moves are told apart by one lookup.
        let reach = if role.is_slider() {
            rook_pseudo(king) | bishop_pseudo(king)
        } else {
            near(king)
        };
        if reach.contains(m.to()) && attacks(mover, role, m.to(), occupied).contains(king) {
            return true;
        }
        let Some(from) = m.from() else {
            return false;
        };
        self.line_opened(king, us, line(king, from), occupied)
    }

    /// Whether, with `occupied` as the board's occupancy, a slider of the
    /// side opposing `king_color` attacks `king` along `ray`, the line through
    /// the king and a square a piece leaves (empty when they are not aligned):
    /// the attack that departure can uncover. Pieces on the line are taken
    /// from the board as it stands, so the moved piece must not land on the
    /// line unless it already stands there.
    #[inline]
    pub(crate) fn line_opened(
        &self,
        king: Square,
        king_color: Color,
        ray: Bitboard,
        occupied: Bitboard,
    ) -> bool {
        let theirs = self.by_color(king_color.opposite()) & ray;
        if theirs.is_empty() {
            return false;
        }
        // Only a slider on that line, aimed at the king, can attack through
        // the square left.
        let rooks = theirs & rook_pseudo(king) & self.roles(Role::Rook, Role::Dragon);
        let bishops = theirs & bishop_pseudo(king) & self.roles(Role::Bishop, Role::Horse);
        let lances = theirs & lance_pseudo(king_color, king) & self.by_role(Role::Lance);
        (rooks.any() && rook_attacks(king, occupied).intersects(rooks))
            || (bishops.any() && bishop_attacks(king, occupied).intersects(bishops))
            || (lances.any() && lance_attacks(king_color, king, occupied).intersects(lances))
    }

    /// Whether the side to move, known to be in check, has a legal move,
    /// trying the king's steps first (most checks can be walked away from)
    /// and falling back to generating evasions.
    pub(crate) fn has_legal_moves_in_check(&self) -> bool {
        let us = self.turn;
        if let Some(king) = self.king_of(us) {
            let without_king = self.occupied() ^ Bitboard::from_square(king);
            for to in king_attacks(king) - self.by_color(us) - self.by_role(Role::King) {
                if !self.is_attacked_with(
                    to,
                    us.opposite(),
                    without_king,
                    Bitboard::from_square(to),
                ) {
                    return true;
                }
            }
        }
        self.has_legal_moves()
    }

    /// Whether the side to move, known not to be in check, has a legal move,
    /// found cheaply where possible: a drop of a gold, silver, bishop or rook
    /// (legal on any empty square when not in check, if there is one), or a move of a piece
    /// other than the king that stands on no line through its king (so it
    /// cannot be pinned). Falls back to generation otherwise.
    #[inline(always)]
    pub(crate) fn has_legal_moves_unchecked_side(&self) -> bool {
        let us = self.turn;
        let hand = self.hand(us);
        // (Or-ed, not added: a hand read without setup checks may hold up to 255 of each.
        // Only such a position can also have no empty square.)
        if hand.get(Role::Gold)
            | hand.get(Role::Silver)
            | hand.get(Role::Bishop)
            | hand.get(Role::Rook)
            > 0
            && self.occupied() != Bitboard::FULL
        {
            return true;
        }
        if let Some(king) = self.king_of(us) {
            let own = self.by_color(us);
            // Squares no move may go to: own pieces, and kings (never captured).
            let blocked = own | self.by_role(Role::King);
            let free = own - rook_pseudo(king) - bishop_pseudo(king);
            let pawns = self.by_piece_role(us, Role::Pawn) & free;
            let pushed = match us {
                Color::Sente => Bitboard((pawns - Bitboard(RANK_A.0)).0 >> 1),
                Color::Gote => Bitboard((pawns - Bitboard(RANK_A.0 << 8)).0 << 1),
            };
            if (pushed - blocked).any() {
                return true;
            }
        }
        self.has_legal_moves_unchecked_side_rest()
    }

    /// The rest of [`has_legal_moves_unchecked_side`](Self::has_legal_moves_unchecked_side),
    /// out of line: most positions are found mobile before it.
    #[inline(never)]
    fn has_legal_moves_unchecked_side_rest(&self) -> bool {
        let us = self.turn;
        if let Some(king) = self.king_of(us) {
            let own = self.by_color(us);
            let blocked = own | self.by_role(Role::King);
            let free = own - rook_pseudo(king) - bishop_pseudo(king);
            for from in self.gold_movers() & free {
                if (gold_attacks(us, from) - blocked).any() {
                    return true;
                }
            }
            for from in self.by_piece_role(us, Role::Silver) & free {
                if (silver_attacks(us, from) - blocked).any() {
                    return true;
                }
            }
            for from in self.by_piece_role(us, Role::Knight) & free {
                if (knight_attacks(us, from) - blocked).any() {
                    return true;
                }
            }
            // Sliders off the king's lines; a move into the last ranks is
            // still a move (promoting where it must).
            let occupied = self.occupied();
            for from in own
                & free
                & (self.roles(Role::Rook, Role::Dragon)
                    | self.roles(Role::Bishop, Role::Horse)
                    | self.by_role(Role::Lance))
            {
                if let Some(role) = self.role_at(from) {
                    if (attacks(us, role, from, occupied) - blocked).any() {
                        return true;
                    }
                }
            }
        }
        self.has_legal_moves()
    }

    /// All legal moves.
    ///
    /// ```
    /// use shogi_rules::Position;
    /// assert_eq!(Position::startpos().legal_moves().len(), 30);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// Calls `f` with every legal move, without building a list.
    pub fn for_each_legal_move(&self, f: impl FnMut(Move)) {
        self.generate(&mut Visit(f));
    }

    /// The number of legal moves, counted without building them.
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Whether the side to move has any legal move.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        self.checkers_and_mobility().1
    }

    /// The checkers of the side to move and whether it has a legal move,
    /// computed together.
    pub(crate) fn checkers_and_mobility(&self) -> (Bitboard, bool) {
        let mut exists = Exists(false);
        let checkers = self.generate(&mut exists);
        (checkers, exists.0)
    }

    /// Whether the side to move is in check and has no legal move.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        let (checkers, mobile) = self.checkers_and_mobility();
        checkers.any() && !mobile
    }

    /// The legal moves of the piece on `from` (empty if there is none of the
    /// side to move).
    #[must_use]
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = self.legal_moves();
        list.retain(|m| m.from() == Some(from));
        list
    }

    /// The squares where the side to move may legally drop `role` (empty if
    /// it holds none).
    #[must_use]
    pub fn legal_drops(&self, role: Role) -> Bitboard {
        let mut squares = Bitboard::EMPTY;
        self.for_each_legal_move(|m| {
            if m.is_drop() && m.role() == role {
                squares.insert(m.to());
            }
        });
        squares
    }

    /// Squares attacked by the piece on `sq` (empty if the square is empty),
    /// with the current occupancy.
    #[must_use]
    pub fn attacks_from(&self, sq: Square) -> Bitboard {
        match self.piece_at(sq) {
            Some(p) => attacks(p.color, p.role, sq, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }
}
