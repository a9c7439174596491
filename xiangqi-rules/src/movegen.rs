//! Legal move generation.
//!
//! Moves are generated piece by piece from the step tables and the rays,
//! and each is kept only if, after it, the mover's general is not attacked
//! and the generals do not face each other. That test (four rays, eight
//! horse points and the soldiers around the general, on a copy of the
//! board) runs in full when the side to move is in check or the general
//! moves. Otherwise only what the move can change is looked at: no enemy
//! piece moves, so an attack can only open on the general's file or rank
//! through the origin (a line unblocked, or a cannon's screen taken away)
//! or through the destination (a new screen for a cannon), or from a horse
//! whose leg the origin was (a point diagonally next to the general). A
//! move that touches none of these is legal without a look; one that does
//! has the one or two rays concerned, and the horses if need be, looked at.

use crate::attacks::{ADVISOR, ELEPHANT, GENERAL, HORSE, HORSE_ATTACKERS, RAYS, SOLDIER};
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
    /// Every move is tested (the side to move is in check).
    test_all: bool,
    /// Origins whose piece, once gone, could open an attack on the general.
    danger_from: u128,
    /// Destinations where a piece could become a cannon's screen.
    danger_to: u128,
}

impl Generator<'_> {
    /// Whether the move of the piece `code` from `from` to `to` leaves the
    /// mover's general safe.
    #[inline]
    fn safe(&mut self, from: usize, to: usize, code: u8) -> bool {
        if from != self.general
            && !self.test_all
            && (self.danger_from >> from) & 1 == 0
            && (self.danger_to >> to) & 1 == 0
        {
            return true;
        }
        self.test(from, to, code)
    }

    /// The test of [`Generator::safe`]: on a copy of the board with the
    /// move made, whether the general is attacked.
    #[inline(never)]
    fn test(&mut self, from: usize, to: usize, code: u8) -> bool {
        let saved = self.scratch[to];
        self.scratch[to] = code;
        self.scratch[from] = 0;
        let at = if from == self.general {
            to
        } else {
            self.general
        };
        let ok = !attacked(&self.scratch, at, self.them);
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
        let them = us.opposite();
        let test_all = self.in_check();
        let (danger_from, danger_to) = if test_all {
            (u128::MAX, u128::MAX)
        } else {
            self.dangers(general, them)
        };
        let mut g = Generator {
            board: &self.board,
            scratch: self.board,
            us: us.index(),
            them,
            general,
            test_all,
            danger_from,
            danger_to,
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

    /// Where a move of a piece other than the general can expose the
    /// general of the side to move, which is not in check: the origins
    /// (`from`) and destinations (`to`) of the moves that need the test.
    ///
    /// No enemy piece moves, so an attack can only open along the general's
    /// four rays or from a horse. Along a ray, with its first pieces p0, p1,
    /// p2 (nearest first; p0 is no enemy chariot, p1 no enemy cannon, since
    /// the general is not attacked): taking p0 away makes p1 first and p2
    /// second, taking p1 away makes p2 second, so p0 is an origin when p1 is
    /// an enemy chariot (or, along the file, the enemy general) or p2 an
    /// enemy cannon, and p1 when p2 is an enemy cannon. A piece put before
    /// p0 makes p0 second, and one that takes p0 makes p1 second: the empty
    /// points before an enemy cannon p0, and an enemy p0 followed by an
    /// enemy cannon, are destinations. A piece that moves along the ray is
    /// covered by the same cases. A horse attacks once its leg is empty:
    /// the legs of enemy horses around the general are origins. Any other
    /// move leaves every ray's first two pieces and every horse leg as they
    /// were.
    fn dangers(&self, general: usize, them: Color) -> (u128, u128) {
        let chariot = crate::position::code(them, Role::Chariot);
        let cannon = crate::position::code(them, Role::Cannon);
        let enemy_general = crate::position::code(them, Role::General);
        let (mut from, mut to) = (0u128, 0u128);
        for (d, ray) in RAYS[general].iter().enumerate() {
            let mut at = [0usize; 3];
            let mut code = [0u8; 3];
            let mut n = 0;
            let mut before = 0u128;
            for &p in ray.points() {
                let c = self.board[p as usize];
                if c == 0 {
                    if n == 0 {
                        before |= 1 << p;
                    }
                    continue;
                }
                at[n] = p as usize;
                code[n] = c;
                n += 1;
                if n == 3 {
                    break;
                }
            }
            let slider = |c: u8| c == chariot || (d % 2 == 0 && c == enemy_general);
            if n >= 2 && (slider(code[1]) || (n == 3 && code[2] == cannon)) {
                from |= 1 << at[0];
            }
            if n == 3 && code[2] == cannon {
                from |= 1 << at[1];
            }
            if n >= 1 && code[0] == cannon {
                to |= before;
            }
            if n >= 2 && code_color(code[0]) == them.index() && code[1] == cannon {
                to |= 1 << at[0];
            }
        }
        let horse = crate::position::code(them, Role::Horse);
        for (h, leg) in HORSE_ATTACKERS[general].iter() {
            if self.board[h] == horse {
                from |= 1 << leg;
            }
        }
        (from, to)
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
