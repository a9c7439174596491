//! Checking one move: resolving ICCS coordinates against a position and
//! saying exactly why a move is illegal.

use core::fmt;

use crate::attacks::{ELEPHANT, HORSE};
use crate::position::{attacked, generals_face};
use crate::{IccsMove, Move, ParseIccsMoveError, Piece, Position, Role, Square};

crate::names::named_enum! {
    /// Why a move is illegal: the first rule it breaks, tested in this order:
    /// `no_piece`, `not_your_piece`, then the movement rule of the role
    /// (`wrong_direction` for a shape the role never makes, a move to the
    /// origin included, then `outside_palace`, `crosses_river`,
    /// `soldier_backward`, `soldier_sideways_before_river`,
    /// `elephant_blocked`, `horse_blocked`, `path_blocked`, `no_screen`,
    /// `too_many_screens`; for a cannon any piece on the destination makes
    /// the move a capture), then `own_piece`, then the rules about the
    /// generals: `flying_general` before `leaves_general_in_check`.
    /// A [`Move`] whose points make a legal move but whose role or capture
    /// is not what stands on the board is `move_mismatch`.
    ///
    /// The names are those of the rule cases of the reference material
    /// (`elephant_blocked`, `horse_blocked`, …), plus `no_piece`,
    /// `not_your_piece` and `move_mismatch`.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum IllegalReason("illegal-move reason") {
        /// No piece stands on the origin.
        NoPiece => "no_piece",
        /// The piece on the origin belongs to the side not to move.
        NotYourPiece => "not_your_piece",
        /// A piece of the mover's own side stands on the destination.
        OwnPieceOnTarget => "own_piece",
        /// The role never moves that way (a general or advisor moving more
        /// than one point or the wrong way, an elephant not moving two points
        /// diagonally, a horse not jumping 2+1, a chariot or cannon leaving its
        /// lines, a soldier moving more than one point or diagonally).
        NotAMove => "wrong_direction",
        /// A general or advisor would leave its palace.
        LeavesPalace => "outside_palace",
        /// An elephant would cross the river.
        ElephantCrossesRiver => "crosses_river",
        /// A soldier would move backward.
        SoldierBackward => "soldier_backward",
        /// A soldier would move sideways before crossing the river.
        SoldierSidewaysBeforeRiver => "soldier_sideways_before_river",
        /// The elephant's eye (the midpoint of its move) is occupied.
        ElephantEyeBlocked => "elephant_blocked",
        /// The horse's leg (the first point of its move) is occupied.
        HorseHobbled => "horse_blocked",
        /// A chariot, or a cannon not capturing, would pass over a piece.
        PathBlocked => "path_blocked",
        /// A cannon would capture with no piece to jump over.
        CannonNoScreen => "no_screen",
        /// A cannon would capture over two or more pieces.
        CannonMoreThanOneScreen => "too_many_screens",
        /// The [`Move`] names a role or a capture other than the pieces on
        /// its points.
        MoveMismatch => "move_mismatch",
        /// After the move the two generals would face each other on an open file.
        FlyingGeneral => "flying_general",
        /// After the move the mover's general would be attacked.
        LeavesGeneralInCheck => "leaves_general_in_check",
    }
}

impl IllegalReason {
    /// A sentence for players.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            IllegalReason::NoPiece => "there is no piece on that point",
            IllegalReason::NotYourPiece => "that piece belongs to the other side",
            IllegalReason::OwnPieceOnTarget => "a piece of the same side stands on the destination",
            IllegalReason::NotAMove => "the piece does not move that way",
            IllegalReason::LeavesPalace => "the general and the advisors stay inside the palace",
            IllegalReason::ElephantCrossesRiver => "an elephant may not cross the river",
            IllegalReason::SoldierBackward => "a soldier never moves backward",
            IllegalReason::SoldierSidewaysBeforeRiver => {
                "a soldier moves sideways only after crossing the river"
            }
            IllegalReason::ElephantEyeBlocked => "the elephant's eye is blocked",
            IllegalReason::HorseHobbled => "the horse's leg is blocked",
            IllegalReason::PathBlocked => "a piece stands in the way",
            IllegalReason::CannonNoScreen => "a cannon captures only by jumping over one piece",
            IllegalReason::CannonMoreThanOneScreen => {
                "a cannon captures by jumping over exactly one piece"
            }
            IllegalReason::MoveMismatch => {
                "the move names a role or capture other than the pieces on the board"
            }
            IllegalReason::FlyingGeneral => "the generals may not face each other on an open file",
            IllegalReason::LeavesGeneralInCheck => "the move leaves the general in check",
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A move that is illegal in the position, with the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {iccs}: {}", .reason.description())]
pub struct IllegalMoveError {
    /// The move's coordinates.
    pub iccs: IccsMove,
    /// Why it is illegal.
    pub reason: IllegalReason,
}

/// ICCS move text that is malformed or illegal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IccsMoveError {
    /// The text is not an ICCS move.
    #[error(transparent)]
    Syntax(#[from] ParseIccsMoveError),
    /// The move is well formed but illegal here.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
}

impl Position {
    /// Why moving from `from` to `to` is illegal, or `None` if it is legal.
    ///
    /// ```
    /// use xiangqi_rules::{IllegalReason, Position};
    /// let pos = Position::startpos();
    /// let reason = |s: &str| pos.why_illegal_iccs(s.parse().unwrap());
    /// assert_eq!(reason("h2e2"), None);
    /// assert_eq!(reason("h2h7"), Some(IllegalReason::CannonNoScreen));
    /// assert_eq!(reason("b0d1"), Some(IllegalReason::HorseHobbled));
    /// assert_eq!(reason("a0a3"), Some(IllegalReason::OwnPieceOnTarget));
    /// ```
    #[must_use]
    pub fn why_illegal_iccs(&self, mv: IccsMove) -> Option<IllegalReason> {
        self.resolve(mv).err()
    }

    /// Why `m` is illegal, or `None` if it is legal. Besides the rules of
    /// play, the move's role and capture must be what stands on its points
    /// ([`IllegalReason::MoveMismatch`]).
    #[must_use]
    pub fn why_illegal(&self, m: Move) -> Option<IllegalReason> {
        match self.resolve(m.iccs()) {
            Ok(resolved) if resolved == m => None,
            Ok(_) => Some(IllegalReason::MoveMismatch),
            Err(reason) => Some(reason),
        }
    }

    /// Whether `m` is legal here (its role and capture included).
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.why_illegal(m).is_none()
    }

    /// The legal [`Move`] the coordinates mean here.
    ///
    /// # Errors
    /// [`IllegalMoveError`] with the first [`IllegalReason`] that applies.
    pub fn to_move(&self, mv: IccsMove) -> Result<Move, IllegalMoveError> {
        self.resolve(mv)
            .map_err(|reason| IllegalMoveError { iccs: mv, reason })
    }

    /// Reads an ICCS move (`h2e2`, `H2-E2`) and resolves it here.
    ///
    /// # Errors
    /// [`IccsMoveError::Syntax`] for text that is not a move,
    /// [`IccsMoveError::Illegal`] for an illegal one.
    pub fn parse_iccs_move(&self, text: &str) -> Result<Move, IccsMoveError> {
        let mv: IccsMove = text.parse()?;
        Ok(self.to_move(mv)?)
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`IllegalMoveError`] if `m` is not legal (see [`Position::why_illegal`]);
    /// the position is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        match self.why_illegal(m) {
            None => {
                self.play_unchecked(m);
                Ok(())
            }
            Some(reason) => Err(IllegalMoveError {
                iccs: m.iccs(),
                reason,
            }),
        }
    }

    /// The legal move from `mv.from` to `mv.to`, or the first rule it breaks.
    fn resolve(&self, mv: IccsMove) -> Result<Move, IllegalReason> {
        let us = self.turn;
        let piece = self.piece_at(mv.from).ok_or(IllegalReason::NoPiece)?;
        if piece.color != us {
            return Err(IllegalReason::NotYourPiece);
        }
        if mv.from == mv.to {
            return Err(IllegalReason::NotAMove);
        }
        let target = self.piece_at(mv.to);
        // The movement rule comes first: a horse whose leg is blocked is
        // hobbled whatever stands on its destination.
        self.movement_rule(piece, mv.from, mv.to, target.is_some())?;
        if target.is_some_and(|t| t.color == us) {
            return Err(IllegalReason::OwnPieceOnTarget);
        }
        let m = Move::new(piece.role, mv.from, mv.to, target.map(|t| t.role));
        let mut board = self.board;
        board[mv.to.index()] = board[mv.from.index()];
        board[mv.from.index()] = 0;
        let own = if piece.role == Role::General {
            mv.to.index()
        } else {
            self.generals[us.index()] as usize
        };
        let enemy = self.generals[us.opposite().index()] as usize;
        if generals_face(&board, own, enemy) {
            return Err(IllegalReason::FlyingGeneral);
        }
        if attacked(&board, own, us.opposite()) {
            return Err(IllegalReason::LeavesGeneralInCheck);
        }
        Ok(m)
    }

    /// Whether `piece` may move from `from` to `to` by its own movement rule
    /// (blocking included), the destination being empty or an enemy piece.
    fn movement_rule(
        &self,
        piece: Piece,
        from: Square,
        to: Square,
        capture: bool,
    ) -> Result<(), IllegalReason> {
        let df = i32::from(to.file()) - i32::from(from.file());
        let dr = i32::from(to.rank()) - i32::from(from.rank());
        let (adf, adr) = (df.abs(), dr.abs());
        match piece.role {
            Role::General | Role::Advisor => {
                let shape = if piece.role == Role::General {
                    adf + adr == 1
                } else {
                    adf == 1 && adr == 1
                };
                if !shape {
                    Err(IllegalReason::NotAMove)
                } else if !to.in_palace(piece.color) {
                    Err(IllegalReason::LeavesPalace)
                } else {
                    Ok(())
                }
            }
            Role::Elephant => {
                if adf != 2 || adr != 2 {
                    return Err(IllegalReason::NotAMove);
                }
                if to.side() != piece.color {
                    return Err(IllegalReason::ElephantCrossesRiver);
                }
                match ELEPHANT[from.index()]
                    .iter()
                    .find(|&(t, _)| t == to.index())
                {
                    Some((_, eye)) if self.board[eye] != 0 => {
                        Err(IllegalReason::ElephantEyeBlocked)
                    }
                    Some(_) => Ok(()),
                    // An elephant off its own side (never in a legal position)
                    // has no steps in the table.
                    None => Err(IllegalReason::ElephantCrossesRiver),
                }
            }
            Role::Horse => match HORSE[from.index()].iter().find(|&(t, _)| t == to.index()) {
                Some((_, leg)) if self.board[leg] != 0 => Err(IllegalReason::HorseHobbled),
                Some(_) => Ok(()),
                None => Err(IllegalReason::NotAMove),
            },
            Role::Chariot | Role::Cannon => {
                if df != 0 && dr != 0 {
                    return Err(IllegalReason::NotAMove);
                }
                let between = self.pieces_between(from, to);
                match (piece.role, capture, between) {
                    (Role::Chariot, _, 0) | (Role::Cannon, false, 0) | (Role::Cannon, true, 1) => {
                        Ok(())
                    }
                    (Role::Cannon, true, 0) => Err(IllegalReason::CannonNoScreen),
                    (Role::Cannon, true, _) => Err(IllegalReason::CannonMoreThanOneScreen),
                    _ => Err(IllegalReason::PathBlocked),
                }
            }
            Role::Soldier => {
                let forward = match piece.color {
                    crate::Color::Red => 1,
                    crate::Color::Black => -1,
                };
                if adf + adr != 1 {
                    Err(IllegalReason::NotAMove)
                } else if dr == forward {
                    Ok(())
                } else if dr == -forward {
                    Err(IllegalReason::SoldierBackward)
                } else if from.side() == piece.color {
                    Err(IllegalReason::SoldierSidewaysBeforeRiver)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// The number of pieces strictly between two points of one line.
    fn pieces_between(&self, from: Square, to: Square) -> usize {
        let (a, b) = (from.index(), to.index());
        let (low, high) = if a < b { (a, b) } else { (b, a) };
        let step = if from.rank() == to.rank() { 1 } else { 9 };
        (low + step..high)
            .step_by(step)
            .filter(|&i| self.board[i] != 0)
            .count()
    }
}
