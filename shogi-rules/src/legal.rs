//! Checking one move: resolving USI text against a position and saying
//! exactly why a move is illegal.

use core::fmt;

use crate::attacks::{attacks, between};
use crate::movegen::dead_squares;
use crate::{Bitboard, Move, ParseUsiMoveError, Position, Role, Square, UsiMove};

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
pub enum IllegalReason {
    /// The side to move holds no such piece in hand.
    NotInHand,
    /// The destination holds a piece that cannot be captured: any piece for a
    /// drop, an own piece for a board move.
    Occupied,
    /// The dropped piece could never move from its square (pawn or lance on
    /// the last rank, knight on the last two).
    DeadPiece,
    /// Nifu: a pawn dropped on a file that already holds an unpromoted pawn of
    /// the same side.
    Nifu,
    /// The move leaves (or puts) the mover's king in check.
    LeavesKingInCheck,
    /// Uchifuzume: a pawn drop that checkmates.
    Uchifuzume,
    /// No piece of the side to move stands on the origin, or it cannot reach
    /// the destination.
    NotAPieceMove,
    /// Promotion was asked for a piece that cannot promote, or outside the zone.
    CannotPromote,
    /// The piece would never be able to move again unpromoted.
    MustPromote,
}

impl IllegalReason {
    /// The snake_case name: `"nifu"`, `"dead_piece"`, `"leaves_king_in_check"`, …
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            IllegalReason::NotInHand => "not_in_hand",
            IllegalReason::Occupied => "occupied",
            IllegalReason::DeadPiece => "dead_piece",
            IllegalReason::Nifu => "nifu",
            IllegalReason::LeavesKingInCheck => "leaves_king_in_check",
            IllegalReason::Uchifuzume => "uchifuzume",
            IllegalReason::NotAPieceMove => "not_a_piece_move",
            IllegalReason::CannotPromote => "cannot_promote",
            IllegalReason::MustPromote => "must_promote",
        }
    }

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

/// Whether a legal board move from one square to another must, may or cannot promote.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Promotion {
    /// Only the promoting move is legal.
    Must,
    /// Both are legal: the player chooses.
    May,
    /// Only the non-promoting move is legal.
    Never,
}

impl Promotion {
    /// `"must"`, `"may"` or `"never"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Promotion::Must => "must",
            Promotion::May => "may",
            Promotion::Never => "never",
        }
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
        self.check(usi)
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

    /// Whether `m` is a legal move here (its role, capture and promotion must
    /// match the position too).
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.to_move(m.to_usi()) == Ok(m)
    }

    /// Why `usi` is illegal here, or `None` if it is legal.
    #[must_use]
    pub fn illegal_reason(&self, usi: UsiMove) -> Option<IllegalReason> {
        self.check(usi).err()
    }

    /// Plays a move after checking that it is legal.
    ///
    /// # Errors
    /// The move is not legal here; the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        let legal = self.to_move(m.to_usi())?;
        if legal != m {
            // Right squares, wrong description of the piece or capture.
            return Err(IllegalMoveError {
                usi: m.to_usi(),
                reason: IllegalReason::NotAPieceMove,
            });
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// For a board move from `from` to `to`: whether it must, may or cannot
    /// promote, or `None` if neither form is legal.
    #[must_use]
    pub fn promotion_options(&self, from: Square, to: Square) -> Option<Promotion> {
        let plain = self
            .check(UsiMove::Normal {
                from,
                to,
                promote: false,
            })
            .is_ok();
        let promoted = self
            .check(UsiMove::Normal {
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

    fn check(&self, usi: UsiMove) -> Result<Move, IllegalReason> {
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
                if let Some(k) = self.king_of(us) {
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
                if self.by_color(us).contains(to) {
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
                    if self.is_attacked_with(k, us.opposite(), occupied, to_bb) {
                        return Err(IllegalReason::LeavesKingInCheck);
                    }
                }
                Ok(m)
            }
        }
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
