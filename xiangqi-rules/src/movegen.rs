//! Legal move generation.
//!
//! Moves are generated piece by piece from the step tables and the rays,
//! and each is kept only if, after it, the mover's general is not attacked
//! and the generals do not face each other. That test (four rays, eight
//! horse points and the soldiers around the general, on a copy of the
//! board) is skipped where it cannot fail: when the side to move is not in
//! check, the general does not move, the origin is neither on the
//! general's file or rank nor diagonally next to it (the leg of any horse
//! that attacks it), and the destination is not on the general's file or
//! rank (where the piece could become a cannon's screen). Any other move
//! changes nothing on a line or a horse leg that reaches the general.

use crate::attacks::{
    ADVISOR, DIAGONAL_NEIGHBOURS, ELEPHANT, GENERAL, HORSE, LINES, RAYS, SOLDIER,
};
use crate::position::{attacked, code_color};
use crate::{Color, Move, MoveList, Position, Role, Square};

/// The generator of one position: the board, a scratch copy for the
/// legality test, and which origins and destinations need that test.
struct Generator<'a> {
    board: &'a [u8; 90],
    scratch: [u8; 90],
    us: usize,
    them: Color,
    general: usize,
    test_from: u128,
    test_to: u128,
}

impl Generator<'_> {
    /// Whether the move of the piece `code` from `from` to `to` leaves the
    /// mover's general safe.
    #[inline]
    fn safe(&mut self, from: usize, to: usize, code: u8) -> bool {
        let general_moves = from == self.general;
        if !general_moves && (self.test_from >> from) & 1 == 0 && (self.test_to >> to) & 1 == 0 {
            return true;
        }
        let saved = self.scratch[to];
        self.scratch[to] = code;
        self.scratch[from] = 0;
        let g = if general_moves { to } else { self.general };
        let ok = !attacked(&self.scratch, g, self.them);
        self.scratch[from] = code;
        self.scratch[to] = saved;
        ok
    }

    /// Offers the move to `f` if the destination holds no own piece and the
    /// move is legal; false when `f` asks to stop.
    #[inline]
    fn emit<F: FnMut(Move) -> bool>(
        &mut self,
        from: usize,
        to: usize,
        code: u8,
        role: Role,
        f: &mut F,
    ) -> bool {
        let target = self.board[to];
        if target != 0 && code_color(target) == self.us {
            return true;
        }
        if !self.safe(from, to, code) {
            return true;
        }
        let capture = if target == 0 {
            None
        } else {
            Role::from_index(((target & 7) - 1) as usize)
        };
        f(Move::new(
            role,
            Square::from_index_unchecked(from),
            Square::from_index_unchecked(to),
            capture,
        ))
    }
}

impl Position {
    /// Calls `f` with each legal move until it returns false; false if it
    /// was stopped.
    pub(crate) fn generate<F: FnMut(Move) -> bool>(&self, mut f: F) -> bool {
        let us = self.turn;
        let general = self.generals[us.index()] as usize;
        let (test_from, test_to) = if self.in_check() {
            (u128::MAX, u128::MAX)
        } else {
            (
                LINES[general] | DIAGONAL_NEIGHBOURS[general],
                LINES[general],
            )
        };
        let mut g = Generator {
            board: &self.board,
            scratch: self.board,
            us: us.index(),
            them: us.opposite(),
            general,
            test_from,
            test_to,
        };
        let board = &self.board;
        let mut bits = self.occupied[us.index()];
        while bits != 0 {
            let from = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let code = board[from];
            let Some(role) = Role::from_index(((code & 7).wrapping_sub(1)) as usize) else {
                continue;
            };
            let go_on = match role {
                Role::General => GENERAL[from]
                    .iter()
                    .all(|(to, _)| g.emit(from, to, code, role, &mut f)),
                Role::Advisor => ADVISOR[from]
                    .iter()
                    .all(|(to, _)| g.emit(from, to, code, role, &mut f)),
                Role::Elephant => ELEPHANT[from]
                    .iter()
                    .all(|(to, eye)| board[eye] != 0 || g.emit(from, to, code, role, &mut f)),
                Role::Horse => HORSE[from]
                    .iter()
                    .all(|(to, leg)| board[leg] != 0 || g.emit(from, to, code, role, &mut f)),
                Role::Soldier => SOLDIER[us.index()][from]
                    .iter()
                    .all(|(to, _)| g.emit(from, to, code, role, &mut f)),
                Role::Chariot => RAYS[from].iter().all(|ray| {
                    for &to in ray.points() {
                        let to = to as usize;
                        if !g.emit(from, to, code, role, &mut f) {
                            return false;
                        }
                        if board[to] != 0 {
                            break;
                        }
                    }
                    true
                }),
                Role::Cannon => RAYS[from].iter().all(|ray| {
                    let mut screen = false;
                    for &to in ray.points() {
                        let to = to as usize;
                        let target = board[to];
                        if !screen {
                            if target == 0 {
                                if !g.emit(from, to, code, role, &mut f) {
                                    return false;
                                }
                            } else {
                                screen = true;
                            }
                        } else if target != 0 {
                            return g.emit(from, to, code, role, &mut f);
                        }
                    }
                    true
                }),
            };
            if !go_on {
                return false;
            }
        }
        true
    }

    /// The legal moves, in a list on the stack.
    ///
    /// ```
    /// use xiangqi_rules::Position;
    /// assert_eq!(Position::startpos().legal_moves().len(), 44);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(|m| {
            list.push(m);
            true
        });
        list
    }

    /// The number of legal moves.
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        let mut n = 0;
        self.generate(|_| {
            n += 1;
            true
        });
        n
    }

    /// Whether the side to move has a legal move (stops at the first).
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        !self.generate(|_| false)
    }

    /// Whether the side to move is in check and has no legal move: it has lost.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_move()
    }
}
