//! Checking one move: resolving USI text against a position and saying
//! exactly why a move is illegal.

use core::fmt;

use crate::attacks::{attacks, between, bishop_pseudo, line, near, rook_pseudo};
use crate::movegen::dead_squares;
use crate::{Bitboard, Move, ParseUsiMoveError, Piece, Position, Role, Square, UsiMove};

/// The lines of a position that the tests of all its moves share (see
/// [`Position::move_lines`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct MoveLines {
    /// The side to move's pieces that alone stand between its king and an
    /// enemy slider aimed at it.
    pinned: Bitboard,
    /// The side to move's pieces that alone stand between one of its own
    /// sliders and the enemy king: leaving the line gives check.
    discoverers: Bitboard,
}

crate::names::named_enum! {
    /// Why a move is illegal, in the order of precedence used to classify a move
    /// that breaks several rules: for a drop `not_in_hand`, `occupied`,
    /// `dead_piece`, `nifu`, `leaves_king_in_check`, `uchifuzume`; for a board move
    /// `not_a_piece_move` (nothing of the side to move on the origin), `occupied`
    /// (own piece on the destination), `not_a_piece_move` (the piece cannot reach
    /// the destination), `cannot_promote`, `must_promote`, `leaves_king_in_check`.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    #[non_exhaustive]
    pub enum IllegalReason("illegal-move reason") {
        /// The side to move holds no such piece in hand.
        NotInHand => "not_in_hand",
        /// The destination holds a piece that cannot be captured: any piece for a
        /// drop, an own piece or a king for a board move.
        Occupied => "occupied",
        /// The dropped piece could never move from its square (pawn or lance on
        /// the last rank, knight on the last two).
        DeadPiece => "dead_piece",
        /// Nifu: a pawn dropped on a file that already holds an unpromoted pawn of
        /// the same side.
        Nifu => "nifu",
        /// The move leaves (or puts) the mover's king in check.
        LeavesKingInCheck => "leaves_king_in_check",
        /// Uchifuzume: a pawn drop that checkmates.
        Uchifuzume => "uchifuzume",
        /// No piece of the side to move stands on the origin, or it cannot reach
        /// the destination.
        NotAPieceMove => "not_a_piece_move",
        /// Promotion was asked for a piece that cannot promote, or outside the zone.
        CannotPromote => "cannot_promote",
        /// The piece would never be able to move again unpromoted.
        MustPromote => "must_promote",
    }
}

impl IllegalReason {
    /// A sentence for players.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            IllegalReason::NotInHand => "that piece is not in hand",
            IllegalReason::Occupied => "the destination square is occupied",
            IllegalReason::DeadPiece => "the piece could never move from that square",
            IllegalReason::Nifu => {
                "nifu: there is already an unpromoted pawn of the same side on this file"
            }
            IllegalReason::LeavesKingInCheck => "the move leaves the king in check",
            IllegalReason::Uchifuzume => "uchifuzume: a pawn drop may not give checkmate",
            IllegalReason::NotAPieceMove => "no piece of the side to move can make that move",
            IllegalReason::CannotPromote => "this piece cannot promote on this move",
            IllegalReason::MustPromote => "the piece must promote: it could never move again",
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A move that is well formed but illegal in the position, with the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {usi}: {}", .reason.description())]
pub struct IllegalMoveError {
    /// The move as given.
    pub usi: UsiMove,
    /// Why it is illegal.
    pub reason: IllegalReason,
}

impl IllegalMoveError {
    /// Why the move is illegal.
    #[must_use]
    pub fn reason(&self) -> IllegalReason {
        self.reason
    }
}

/// A USI move text that is malformed or illegal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UsiMoveError {
    /// The text is not a USI move.
    #[error(transparent)]
    Syntax(#[from] ParseUsiMoveError),
    /// The move is well formed but illegal here.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
}

crate::names::named_enum! {
    /// Whether a legal board move from one square to another must, may or cannot promote.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    pub enum Promotion("promotion") {
        /// Only the promoting move is legal.
        Must => "must",
        /// Both are legal: the player chooses.
        May => "may",
        /// Only the non-promoting move is legal.
        Never => "never",
    }
}

impl Position {
    /// Resolves a USI move against this position: the legal [`Move`] it
    /// means, or the reason it is illegal.
    ///
    /// # Errors
    /// [`IllegalMoveError`] with the first [`IllegalReason`] that applies.
    ///
    /// ```
    /// use shogi_rules::{IllegalReason, Position, UsiMove};
    /// let pos = Position::from_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1").unwrap();
    /// let err = pos.to_move("P*5d".parse::<UsiMove>().unwrap()).unwrap_err();
    /// assert_eq!(err.reason(), IllegalReason::Nifu);
    /// ```
    pub fn to_move(&self, usi: UsiMove) -> Result<Move, IllegalMoveError> {
        self.resolve(usi)
            .map_err(|reason| IllegalMoveError { usi, reason })
    }

    /// Parses USI text and resolves it against this position.
    ///
    /// # Errors
    /// [`UsiMoveError::Syntax`] for malformed text, [`UsiMoveError::Illegal`]
    /// for a move this position does not allow.
    pub fn parse_usi_move(&self, text: &str) -> Result<Move, UsiMoveError> {
        let usi: UsiMove = text.parse()?;
        Ok(self.to_move(usi)?)
    }

    /// Whether `m` is legal here exactly as described, and if not, why: the
    /// one legality test of a [`Move`], which [`Position::play`],
    /// [`Position::is_legal`], [`Game`](crate::Game) and the bindings use.
    ///
    /// A move whose squares make a legal move but whose role, capture or
    /// promotion does not match the position is
    /// [`IllegalReason::NotAPieceMove`].
    ///
    /// ```
    /// use shogi_rules::{IllegalReason, Move, Position, Role, Square};
    /// let pos = Position::from_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1")?;
    /// assert_eq!(pos.check(pos.parse_usi_move("5g5f")?), Ok(()));
    /// let nifu = Move::drop(Role::Pawn, Square::SQ_5D);
    /// assert_eq!(pos.check(nifu).unwrap_err().reason(), IllegalReason::Nifu);
    /// // Right squares, wrong piece.
    /// let gold = Move::normal(Role::Gold, Square::SQ_5G, Square::SQ_5F, None, false);
    /// assert_eq!(pos.check(gold).unwrap_err().reason(), IllegalReason::NotAPieceMove);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`IllegalMoveError`] with the first [`IllegalReason`] that applies.
    pub fn check(&self, m: Move) -> Result<(), IllegalMoveError> {
        self.check_described(m, None)
    }

    /// As [`Position::check`], for a caller that already knows whether the
    /// side to move is in check (see [`Position::to_move_knowing_check`]).
    pub(crate) fn check_knowing_check(
        &self,
        m: Move,
        in_check: bool,
    ) -> Result<(), IllegalMoveError> {
        self.check_described(m, Some(in_check))
    }

    /// The test behind [`Position::check`]: the move the squares of `m`
    /// resolve to must be `m`.
    #[inline]
    fn check_described(&self, m: Move, in_check: Option<bool>) -> Result<(), IllegalMoveError> {
        let usi = m.to_usi();
        let reason = match self.check_with(usi, in_check) {
            Ok(legal) if legal == m => return Ok(()),
            // Right squares, wrong description of the piece or capture.
            Ok(_) => IllegalReason::NotAPieceMove,
            Err(reason) => reason,
        };
        Err(IllegalMoveError { usi, reason })
    }

    /// Whether `m` is a legal move here (its role, capture and promotion must
    /// match the position too): [`Position::check`] succeeds.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// Why `usi` is illegal here, or `None` if it is legal.
    #[must_use]
    pub fn illegal_reason(&self, usi: UsiMove) -> Option<IllegalReason> {
        self.resolve(usi).err()
    }

    /// Plays a move after checking that it is legal ([`Position::check`]).
    ///
    /// # Errors
    /// The move is not legal here; the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        self.check(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// For a board move from `from` to `to`: whether it must, may or cannot
    /// promote, or `None` if neither form is legal.
    #[must_use]
    pub fn promotion_options(&self, from: Square, to: Square) -> Option<Promotion> {
        let plain = self
            .resolve(UsiMove::Normal {
                from,
                to,
                promote: false,
            })
            .is_ok();
        let promoted = self
            .resolve(UsiMove::Normal {
                from,
                to,
                promote: true,
            })
            .is_ok();
        match (plain, promoted) {
            (true, true) => Some(Promotion::May),
            (true, false) => Some(Promotion::Never),
            (false, true) => Some(Promotion::Must),
            (false, false) => None,
        }
    }

    /// The legal move `usi` means here, or why there is none.
    fn resolve(&self, usi: UsiMove) -> Result<Move, IllegalReason> {
        self.check_with(usi, None)
    }

    /// As [`Position::to_move`], for a caller that already knows whether the
    /// side to move is in check (a game knows it from the move that led
    /// here): out of check, a move of a piece other than the king is tested
    /// only for the line its departure could open, not for every attacker.
    pub(crate) fn to_move_knowing_check(
        &self,
        usi: UsiMove,
        in_check: bool,
    ) -> Result<Move, IllegalMoveError> {
        self.check_with(usi, Some(in_check))
            .map_err(|reason| IllegalMoveError { usi, reason })
    }

    /// The legality test; `in_check`, when given, must be whether the side
    /// to move is in check.
    #[inline]
    fn check_with(&self, usi: UsiMove, in_check: Option<bool>) -> Result<Move, IllegalReason> {
        let us = self.turn;
        match usi {
            UsiMove::Drop { role, to } => {
                if !role.is_hand_role() || self.hand(us).get(role) == 0 {
                    return Err(IllegalReason::NotInHand);
                }
                if self.occupied().contains(to) {
                    return Err(IllegalReason::Occupied);
                }
                if dead_squares(us, role).contains(to) {
                    return Err(IllegalReason::DeadPiece);
                }
                if role == Role::Pawn
                    && self
                        .by_piece_role(us, Role::Pawn)
                        .occupied_files()
                        .contains(to)
                {
                    return Err(IllegalReason::Nifu);
                }
                if in_check == Some(false) {
                    // Not in check: a drop can neither expose nor leave a check.
                } else if let Some(k) = self.king_of(us) {
                    let checkers = self.checkers();
                    let blocks = match checkers.single_square() {
                        Some(c) => between(k, c).contains(to),
                        None => checkers.is_empty(),
                    };
                    if !blocks {
                        return Err(IllegalReason::LeavesKingInCheck);
                    }
                }
                if role == Role::Pawn && self.drop_checks(to) && self.is_pawn_drop_mate(us, to) {
                    return Err(IllegalReason::Uchifuzume);
                }
                Ok(Move::drop(role, to))
            }
            UsiMove::Normal { from, to, promote } => {
                let piece = match self.piece_at(from) {
                    Some(p) if p.color == us => p,
                    _ => return Err(IllegalReason::NotAPieceMove),
                };
                // A king is never captured (only a position read without checks can offer
                // one).
                if (self.by_color(us) | self.by_role(Role::King)).contains(to) {
                    return Err(IllegalReason::Occupied);
                }
                if !attacks(us, piece.role, from, self.occupied()).contains(to) {
                    return Err(IllegalReason::NotAPieceMove);
                }
                let zone = Bitboard::zone(us);
                if promote
                    && !(piece.role.can_promote() && (zone.contains(from) || zone.contains(to)))
                {
                    return Err(IllegalReason::CannotPromote);
                }
                if !promote && dead_squares(us, piece.role).contains(to) {
                    return Err(IllegalReason::MustPromote);
                }
                let m = Move::normal(piece.role, from, to, self.role_at(to), promote);
                // Our king must not be attacked once the piece has moved
                // (and whatever it captured is gone).
                let to_bb = Bitboard::from_square(to);
                let occupied = (self.occupied() ^ Bitboard::from_square(from)) | to_bb;
                let king = if piece.role == Role::King {
                    Some(to)
                } else {
                    self.king_of(us)
                };
                if let Some(k) = king {
                    let exposed = if in_check == Some(false) && piece.role != Role::King {
                        // Out of check only a line opened by leaving `from`
                        // can attack the king; moving along that line keeps
                        // it closed.
                        let ray = line(k, from);
                        !ray.contains(to) && self.line_opened(k, us, ray, occupied)
                    } else {
                        self.is_attacked_with(k, us.opposite(), occupied, to_bb)
                    };
                    if exposed {
                        return Err(IllegalReason::LeavesKingInCheck);
                    }
                }
                Ok(m)
            }
        }
    }

    /// The pin and discovery lines that the quick test of every move from
    /// this position shares.
    pub(crate) fn move_lines(&self) -> MoveLines {
        let us = self.turn;
        let them = us.opposite();
        MoveLines {
            pinned: self
                .king_of(us)
                .map_or(Bitboard::EMPTY, |k| self.line_blockers(us, k, us)),
            discoverers: self
                .king_of(them)
                .map_or(Bitboard::EMPTY, |k| self.line_blockers(them, k, us)),
        }
    }

    /// The quick legality test of a described move, for a game that knows
    /// more than a lone position: the side to move is not in check, the
    /// other side's king is not attacked, and `lines`, if given, are this
    /// position's [`move_lines`](Self::move_lines) (worth computing for a
    /// position whose moves are tried one after another).
    ///
    /// `Some(gives_check)` when `m` is legal exactly as described (what
    /// [`Position::is_legal`] says); `None` when it is not, and the full test
    /// gives the reason.
    #[inline(always)]
    pub(crate) fn quick_test(&self, m: Move, lines: Option<&MoveLines>) -> Option<bool> {
        let us = self.turn;
        let them = us.opposite();
        let to = m.to();
        let to_bb = Bitboard::from_square(to);
        let occupied = self.occupied();
        let role = m.role();
        let (after, occupied_after) = match m.from() {
            None => {
                if !role.is_hand_role()
                    || self.hand(us).get(role) == 0
                    || occupied.contains(to)
                    || dead_squares(us, role).contains(to)
                {
                    return None;
                }
                if role == Role::Pawn
                    && (self
                        .by_piece_role(us, Role::Pawn)
                        .occupied_files()
                        .contains(to)
                        || (self.drop_checks(to) && self.is_pawn_drop_mate(us, to)))
                {
                    return None;
                }
                (role, occupied | to_bb)
            }
            Some(from) => {
                // The piece as described stands on `from`, and the capture as
                // described (never a king) on `to`.
                if self.board[from.index()] != Piece::new(us, role).code() {
                    return None;
                }
                let target = match m.capture() {
                    None => 0,
                    Some(Role::King) => return None,
                    Some(captured) => Piece::new(them, captured).code(),
                };
                if self.board[to.index()] != target
                    || !attacks(us, role, from, occupied).contains(to)
                {
                    return None;
                }
                if m.is_promotion() {
                    let zone = Bitboard::zone(us);
                    if !(role.can_promote() && (zone.contains(from) || zone.contains(to))) {
                        return None;
                    }
                } else if dead_squares(us, role).contains(to) {
                    return None;
                }
                let occupied_after = (occupied ^ Bitboard::from_square(from)) | to_bb;
                if role == Role::King {
                    if self.is_attacked_with(to, them, occupied_after, to_bb) {
                        return None;
                    }
                } else if let Some(k) = self.king_of(us) {
                    // A pinned piece may move only along its line.
                    let exposed = match lines {
                        Some(lines) => lines.pinned.contains(from) && !line(k, from).contains(to),
                        None => {
                            let ray = line(k, from);
                            !ray.contains(to) && self.line_opened(k, us, ray, occupied_after)
                        }
                    };
                    if exposed {
                        return None;
                    }
                }
                let Some(king) = self.king_of(them) else {
                    return Some(false);
                };
                // A check uncovered by leaving `from`.
                let uncovered = match lines {
                    Some(lines) => {
                        lines.discoverers.contains(from) && !line(king, from).contains(to)
                    }
                    None => self.line_opened(king, them, line(king, from), occupied_after),
                };
                if uncovered {
                    return Some(true);
                }
                (m.role_after(), occupied_after)
            }
        };
        let Some(king) = self.king_of(them) else {
            return Some(false);
        };
        let reach = if after.is_slider() {
            rook_pseudo(king) | bishop_pseudo(king)
        } else {
            near(king)
        };
        Some(reach.contains(to) && attacks(us, after, to, occupied_after).contains(king))
    }

    /// Whether a pawn of the side to move dropped on `to` gives check.
    fn drop_checks(&self, to: Square) -> bool {
        let us = self.turn;
        match self.king_of(us.opposite()) {
            Some(k) => crate::attacks::pawn_attacks(us, to).contains(k),
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Move, Position, Role, Square, UsiMove};

    /// Every candidate text a move could have in any position: all board
    /// moves with and without promotion, and all drops.
    fn candidates() -> Vec<UsiMove> {
        let squares: Vec<Square> = (0..81).filter_map(Square::from_index).collect();
        let mut all = Vec::new();
        for &from in &squares {
            for &to in &squares {
                if from != to {
                    for promote in [false, true] {
                        all.push(UsiMove::Normal { from, to, promote });
                    }
                }
            }
        }
        for role in Role::HAND {
            for &to in &squares {
                all.push(UsiMove::Drop { role, to });
            }
        }
        all
    }

    /// The shortcuts taken when the caller knows whether the side to move is
    /// in check give the same answers, reasons included, as the full tests,
    /// over random games with checks, pins and drops; so does the test of
    /// whether a move gave check, for every legal move of those positions.
    #[test]
    fn knowing_check_agrees_with_full_test() {
        let candidates = candidates();
        let positions = playout_positions(
            &[
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
                "4k4/9/4r4/9/4B4/9/4S4/9/4K4 b GSNLPrbgsnl2p 1",
            ],
            6,
            0x2545_f491_4f6c_dd1d,
        );
        for pos in &positions {
            let in_check = pos.in_check();
            for &usi in &candidates {
                assert_eq!(
                    pos.check_with(usi, Some(in_check)),
                    pos.resolve(usi),
                    "{usi} in {}",
                    pos.to_sfen()
                );
            }
            let mobile = pos.has_legal_moves();
            if in_check {
                assert_eq!(pos.has_legal_moves_in_check(), mobile, "{}", pos.to_sfen());
            } else {
                assert_eq!(
                    pos.has_legal_moves_unchecked_side(),
                    mobile,
                    "{}",
                    pos.to_sfen()
                );
            }
            for &m in pos.legal_moves().iter() {
                let mut after = pos.clone();
                after.play_unchecked(m);
                assert_eq!(
                    after.checked_by(m),
                    after.in_check(),
                    "{m} in {}",
                    pos.to_sfen()
                );
            }
        }
        assert!(positions.len() > 300);
    }

    /// The positions of `games` random playouts of up to 40 plies from each
    /// start (every position before each move, and the last).
    fn playout_positions(starts: &[&str], games: usize, seed: u64) -> Vec<Position> {
        let mut positions = Vec::new();
        let mut state = seed;
        for sfen in starts {
            for _game in 0..games {
                let mut pos = Position::from_sfen(sfen).unwrap();
                for _ply in 0..40 {
                    positions.push(pos.clone());
                    let legal = pos.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    pos.play_unchecked(legal[(state % legal.len() as u64) as usize]);
                }
            }
        }
        positions
    }

    /// The moves a game might be handed in `pos`: every candidate text read
    /// with the roles on its squares, and each legal move described wrongly
    /// (another role, another capture, the other promotion).
    fn described_moves(pos: &Position, candidates: &[UsiMove]) -> Vec<Move> {
        let mut all: Vec<Move> = candidates
            .iter()
            .filter_map(|&usi| match usi {
                UsiMove::Drop { role, to } => Some(Move::drop(role, to)),
                UsiMove::Normal { from, to, promote } => pos
                    .piece_at(from)
                    .map(|p| Move::normal(p.role, from, to, pos.role_at(to), promote)),
            })
            .collect();
        for m in pos.legal_moves() {
            let Some(from) = m.from() else { continue };
            for role in [
                Role::Pawn,
                Role::Silver,
                Role::Rook,
                Role::Dragon,
                Role::King,
            ] {
                all.push(Move::normal(
                    role,
                    from,
                    m.to(),
                    m.capture(),
                    m.is_promotion(),
                ));
            }
            for capture in [None, Some(Role::Pawn), Some(Role::Gold), Some(Role::King)] {
                all.push(Move::normal(
                    m.role(),
                    from,
                    m.to(),
                    capture,
                    m.is_promotion(),
                ));
            }
            all.push(Move::normal(
                m.role(),
                from,
                m.to(),
                m.capture(),
                !m.is_promotion(),
            ));
        }
        all
    }

    /// Where a game uses the quick test (the side to move not in check, the
    /// other king not attacked) it accepts exactly the legal moves, as
    /// described, and says exactly which of them give check: over random
    /// games and over positions read without setup checks (no king, two
    /// kings, pieces that could never move).
    #[test]
    fn quick_test_agrees_with_full_test() {
        let candidates = candidates();
        let mut positions = playout_positions(
            &[
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
                "4k4/9/4r4/9/4B4/9/4S4/9/4K4 b GSNLPrbgsnl2p 1",
                "k8/1P7/2L6/9/4b4/9/6R2/7l1/4K3+B b GSNLPgsn2p 1",
            ],
            4,
            0x9e37_79b9_7f4a_7c15,
        );
        for sfen in [
            // No gote king; two sente kings; pieces on squares they can never leave.
            "9/9/9/4r4/9/9/4S4/9/4K4 b GP 1",
            "4k4/9/9/9/1b2K4/9/9/4R4/4K4 b P 1",
            "P3k3N/L8/9/9/4b4/9/9/4S4/4K4 b Pl 1",
            "4k4/9/9/9/9/9/9/9/8K w 3p 1",
        ] {
            positions.push(Position::from_sfen_unvalidated(sfen).unwrap());
        }
        let mut tested = 0;
        for pos in &positions {
            let them = pos.turn().opposite();
            if pos.in_check()
                || pos
                    .king_of(them)
                    .is_some_and(|k| pos.is_attacked(k, pos.turn()))
            {
                continue;
            }
            tested += 1;
            let lines = pos.move_lines();
            for m in described_moves(pos, &candidates) {
                let quick = pos.quick_test(m, Some(&lines));
                assert_eq!(pos.quick_test(m, None), quick, "{m:?} in {}", pos.to_sfen());
                assert_eq!(
                    quick.is_some(),
                    pos.is_legal(m),
                    "{m:?} in {}",
                    pos.to_sfen()
                );
                if let Some(gives_check) = quick {
                    let mut after = pos.clone();
                    after.play_unchecked(m);
                    assert_eq!(gives_check, after.in_check(), "{m} in {}", pos.to_sfen());
                }
            }
        }
        assert!(tested > 400, "{tested}");
    }

    /// The quick mobility tests agree with generation on positions read without setup
    /// checks: hands of up to 255 pieces, a board with no empty square.
    #[test]
    fn quick_mobility_tests_hold_on_unchecked_positions() {
        // Every square taken: Sente's king on 9a among its own lances, Gote's pawn and golds
        // guarding rank b. Sente is not in check and has a gold in hand but no move at all.
        let full_board = format!(
            "KLLLLLLLL/pgggggggg/{}llllkllll b G 1",
            "lllllllll/".repeat(6)
        );
        for sfen in [
            "9/9/9/3k5/9/5K3/9/9/9 b RBrbL46g2g22G2S23s222s22l9L2l9p 1",
            "9/9/9/3k5/9/5K3/9/9/9 b 255G255S255B255R 1",
            full_board.as_str(),
        ] {
            let pos = Position::from_sfen_unvalidated(sfen).unwrap();
            let mobile = !pos.legal_moves().is_empty();
            assert_eq!(pos.has_legal_moves(), mobile, "{sfen}");
            if !pos.in_check() {
                assert_eq!(pos.has_legal_moves_unchecked_side(), mobile, "{sfen}");
            } else {
                assert_eq!(pos.has_legal_moves_in_check(), mobile, "{sfen}");
            }
        }
        let stuck = Position::from_sfen_unvalidated(&full_board).unwrap();
        assert!(!stuck.in_check() && stuck.legal_moves().is_empty());
    }
}
