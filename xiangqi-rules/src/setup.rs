//! Setups: positions as written down (board, side to move, FEN counters)
//! before the setup rules are checked, and the check that turns a setup
//! into a [`Position`].
//!
//! The rules ([`SetupError`], in the order they are tested):
//! - each side has exactly one general, and at most 2 advisors, 2
//!   elephants, 2 horses, 2 chariots, 2 cannons and 5 soldiers;
//! - every general, advisor and elephant stands on a point it can reach: a
//!   general in its palace, an advisor on one of the 5 points of its
//!   palace's diagonals, an elephant on one of the 7 elephant points of its
//!   side of the river;
//! - with [`SetupChecks::STRICT`] only: no soldier stands behind its start
//!   (a Red soldier stands on rank 3 or above, and on ranks 3–4 only on
//!   files a, c, e, g, i; Black mirrored). [`SetupChecks::DEFAULT`] allows
//!   it, as composed positions and rule tests place soldiers there (a
//!   soldier behind its start moves by the same rules as anywhere on its
//!   side of the river);
//! - the generals do not face each other on an open file;
//! - the side not to move is not in check.
//!
//! The counts, the generals and the last two rules are always checked: the
//! move generator relies on them (one general a side, at most
//! [`MAX_LEGAL_MOVES`](crate::MAX_LEGAL_MOVES) moves), and a position
//! breaking the last two cannot arise in a game.
//!
//! ```
//! use xiangqi_rules::{Color, Piece, Position, Role, Setup, SetupError, Square};
//!
//! let sq = |s: &str| s.parse::<Square>().unwrap();
//! let mut setup = Setup::empty();
//! setup.set_piece(sq("e0"), Some(Piece::new(Color::Red, Role::General)));
//! setup.set_piece(sq("e9"), Some(Piece::new(Color::Black, Role::General)));
//! assert_eq!(Position::from_setup(&setup).unwrap_err(), SetupError::GeneralsFacing);
//! setup.set_piece(sq("d9"), setup.piece(sq("e9")));
//! setup.set_piece(sq("e9"), None);
//! assert!(Position::from_setup(&setup).is_ok());
//! ```

use crate::position::attacked;
use crate::{Color, Piece, Position, Role, Square};

/// Which of the optional setup rules [`Position::from_setup_with`] checks
/// (see the [`Setup`] documentation for the rules that are always checked).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SetupChecks {
    soldiers_behind_start: bool,
}

impl SetupChecks {
    /// What [`Position::from_fen`] and [`Position::from_setup`] check: every
    /// rule but soldiers behind their start.
    pub const DEFAULT: SetupChecks = SetupChecks {
        soldiers_behind_start: false,
    };
    /// Every rule: also no soldier behind its start.
    pub const STRICT: SetupChecks = SetupChecks {
        soldiers_behind_start: true,
    };
}

impl Default for SetupChecks {
    fn default() -> SetupChecks {
        SetupChecks::DEFAULT
    }
}

/// Why a setup is not a legal xiangqi position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A side has no general, or more than one.
    #[error("{color} has {count} generals instead of 1")]
    GeneralCount {
        /// The side.
        color: Color,
        /// How many it has.
        count: u32,
    },
    /// A side has more pieces of a role than the standard set.
    #[error("{color} has {count} pieces of role {role}; the standard set has {max}")]
    TooManyPieces {
        /// The side.
        color: Color,
        /// The role.
        role: Role,
        /// How many there are.
        count: u32,
        /// How many the set has.
        max: u32,
    },
    /// A general outside its palace, an advisor off its palace's diagonals,
    /// an elephant off the elephant points of its side, or (with
    /// [`SetupChecks::STRICT`]) a soldier behind its start.
    #[error("a {} {} cannot stand on {square}", .piece.color, .piece.role)]
    ImpossiblePoint {
        /// The point.
        square: Square,
        /// The piece.
        piece: Piece,
    },
    /// The generals face each other on an open file.
    #[error("the generals face each other on an open file")]
    GeneralsFacing,
    /// The side not to move is in check (it could be captured).
    #[error("{0}, not to move, is in check")]
    OpponentInCheck(Color),
}

/// A position as written down, before the setup rules are checked: what
/// [`Setup::from_fen`] reads, and what code placing pieces one by one builds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each point, by [`Square::index`].
    pub board: [Option<Piece>; 90],
    /// The side to move.
    pub turn: Color,
    /// FEN field 5 (no rule uses it).
    pub halfmoves: u32,
    /// FEN field 6 (no rule uses it).
    pub fullmoves: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

impl Setup {
    /// An empty board, Red to move, counters `0 1`.
    #[must_use]
    pub const fn empty() -> Setup {
        Setup {
            board: [None; 90],
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The piece on `sq`.
    #[must_use]
    pub fn piece(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Puts `piece` on `sq` (or empties it).
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    /// The setup of `pos`.
    #[must_use]
    pub fn from_position(pos: &Position) -> Setup {
        let mut setup = Setup::empty();
        for (sq, piece) in pos.pieces() {
            setup.set_piece(sq, Some(piece));
        }
        setup.turn = pos.turn();
        setup.halfmoves = pos.halfmove_clock();
        setup.fullmoves = pos.fullmove_number();
        setup
    }

    /// The first setup rule this setup breaks, in the order of [`SetupError`].
    fn check(&self, pos: &Position, checks: SetupChecks) -> Result<(), SetupError> {
        let mut counts = [[0u32; 7]; 2];
        for piece in self.board.iter().flatten() {
            counts[piece.color.index()][piece.role.index()] += 1;
        }
        for color in Color::ALL {
            let count = counts[color.index()][Role::General.index()];
            if count != 1 {
                return Err(SetupError::GeneralCount { color, count });
            }
        }
        for color in Color::ALL {
            for role in Role::ALL {
                let count = counts[color.index()][role.index()];
                if count > role.start_count() {
                    return Err(SetupError::TooManyPieces {
                        color,
                        role,
                        count,
                        max: role.start_count(),
                    });
                }
            }
        }
        for (i, slot) in self.board.iter().enumerate() {
            let (Some(piece), Some(square)) = (slot, Square::from_index(i)) else {
                continue;
            };
            let soldier = piece.role == Role::Soldier;
            if (!soldier || checks.soldiers_behind_start) && !possible_point(*piece, square) {
                return Err(SetupError::ImpossiblePoint {
                    square,
                    piece: *piece,
                });
            }
        }
        if pos.generals_face() {
            return Err(SetupError::GeneralsFacing);
        }
        let them = self.turn.opposite();
        if attacked(&pos.board, pos.generals[them.index()] as usize, self.turn) {
            return Err(SetupError::OpponentInCheck(them));
        }
        Ok(())
    }
}

/// Whether `piece` can ever stand on `sq` in a game.
fn possible_point(piece: Piece, sq: Square) -> bool {
    // Ranks seen from the piece's own side: 0 = its back rank.
    let rank = match piece.color {
        Color::Red => sq.rank(),
        Color::Black => 9 - sq.rank(),
    };
    let file = sq.file();
    match piece.role {
        Role::General => sq.in_palace(piece.color),
        Role::Advisor => matches!((file, rank), (3 | 5, 0 | 2) | (4, 1)),
        Role::Elephant => matches!((file, rank), (2 | 6, 0 | 4) | (0 | 4 | 8, 2)),
        Role::Soldier => rank >= 5 || (rank >= 3 && file % 2 == 0),
        Role::Horse | Role::Chariot | Role::Cannon => true,
    }
}

impl Position {
    /// The position of a setup that obeys the setup rules (see
    /// [`SetupError`]), checked with [`SetupChecks::DEFAULT`].
    ///
    /// # Errors
    /// The first [`SetupError`] that applies.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        Position::from_setup_with(setup, SetupChecks::DEFAULT)
    }

    /// The position of a setup that obeys the setup rules, with the
    /// optional rules `checks` asks for.
    ///
    /// ```
    /// use xiangqi_rules::{Position, Setup, SetupChecks, SetupError};
    /// // A black soldier on e7, behind its start.
    /// let setup = Setup::from_fen("4k4/9/4p4/4p4/9/9/4P4/4C4/9/3K5 w - - 0 1").unwrap();
    /// assert!(Position::from_setup(&setup).is_ok());
    /// assert!(matches!(
    ///     Position::from_setup_with(&setup, SetupChecks::STRICT),
    ///     Err(SetupError::ImpossiblePoint { .. })
    /// ));
    /// ```
    ///
    /// # Errors
    /// The first [`SetupError`] that applies.
    pub fn from_setup_with(setup: &Setup, checks: SetupChecks) -> Result<Position, SetupError> {
        let mut pos = Position::empty();
        for (i, slot) in setup.board.iter().enumerate() {
            if let (Some(piece), Some(sq)) = (slot, Square::from_index(i)) {
                pos.put(sq, *piece);
            }
        }
        pos.set_turn(setup.turn);
        pos.halfmoves = setup.halfmoves;
        pos.fullmoves = setup.fullmoves;
        setup.check(&pos, checks)?;
        Ok(pos)
    }
}
