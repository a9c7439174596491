//! Setups: positions as written down (board, hands, side to move, move
//! number) before the setup rules are checked, the rules themselves, and
//! the check that turns a setup into a [`Position`].
//!
//! Every way into a position goes through here: SFEN text
//! ([`Setup::from_sfen`]), record readers (board diagrams, CSA `P` lines,
//! JKF `initial`) and code that places pieces one by one. Which rules are
//! checked is a [`SetupChecks`] value, not a separate path.
//!
//! ```
//! use shogi_rules::{Color, Piece, Role, Setup, SetupChecks, SetupError, Square};
//!
//! let mut setup = Setup::empty();
//! setup.set_piece(Square::SQ_5I, Some(Piece::new(Color::Sente, Role::King)));
//! setup.set_piece(Square::SQ_5A, Some(Piece::new(Color::Gote, Role::King)));
//! setup.set_piece(Square::SQ_1A, Some(Piece::new(Color::Sente, Role::Pawn)));
//! setup.set_piece(Square::SQ_1B, Some(Piece::new(Color::Sente, Role::Pawn)));
//!
//! // Every problem is listed, and the setup is handed back to be fixed.
//! let invalid = setup.validate(SetupChecks::ALL).unwrap_err();
//! assert_eq!(invalid.problems(), &[
//!     SetupError::TwoPawnsOnFile { color: Color::Sente, file: 1 },
//!     SetupError::DeadPiece { square: Square::SQ_1A },
//! ]);
//! let mut setup = invalid.into_setup();
//! setup.set_piece(Square::SQ_1A, None);
//! let pos = setup.validate(SetupChecks::ALL)?;
//! assert_eq!(pos.to_sfen(), "4k4/8P/9/9/9/9/9/9/4K4 b - 1");
//! # Ok::<(), shogi_rules::InvalidSetup>(())
//! ```

use core::fmt;

use crate::movegen::dead_squares;
use crate::{Bitboard, Color, Hand, Piece, Position, Role, SfenError, Square};

/// Which setup rules [`Setup::validate`] checks (see [`SetupError`] for each
/// rule). [`ALL`](Self::ALL) is what a legal game position obeys;
/// [`COMPOSED`](Self::COMPOSED) what composed problems in the wild keep;
/// [`NONE`](Self::NONE) checks nothing (for analysis tools: move generation
/// never panics on such a position, but follows the rules only as far as
/// the position allows).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SetupChecks {
    kings: bool,
    piece_counts: bool,
    two_pawns_on_a_file: bool,
    dead_pieces: bool,
    opponent_in_check: bool,
}

impl SetupChecks {
    /// Every rule.
    pub const ALL: SetupChecks = SetupChecks {
        kings: true,
        piece_counts: true,
        two_pawns_on_a_file: true,
        dead_pieces: true,
        opponent_in_check: true,
    };
    /// Every rule but two unpromoted pawns of a side on a file and pieces
    /// that could never move (problems such as "nine pawns on one file" have
    /// them). Record readers check these.
    pub const COMPOSED: SetupChecks = SetupChecks {
        two_pawns_on_a_file: false,
        dead_pieces: false,
        ..SetupChecks::ALL
    };
    /// No rule.
    pub const NONE: SetupChecks = SetupChecks {
        kings: false,
        piece_counts: false,
        two_pawns_on_a_file: false,
        dead_pieces: false,
        opponent_in_check: false,
    };

    /// These checks with the two-pawns rule ([`SetupError::TwoPawnsOnFile`])
    /// on or off.
    #[must_use]
    pub const fn two_pawns_on_a_file(self, on: bool) -> SetupChecks {
        SetupChecks {
            two_pawns_on_a_file: on,
            ..self
        }
    }

    /// These checks with the dead-piece rule ([`SetupError::DeadPiece`]) on
    /// or off.
    #[must_use]
    pub const fn dead_pieces(self, on: bool) -> SetupChecks {
        SetupChecks {
            dead_pieces: on,
            ..self
        }
    }
}

/// Why a well-formed setup is not a legal shogi position.
///
/// Positions with fewer pieces than the standard set, and positions where a
/// Positions with fewer pieces than the standard set, and positions where a
/// side has no king (composed problems), are legal setups.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A side has more than one king.
    #[error("{color} has more than one king")]
    TooManyKings {
        /// The side.
        color: Color,
    },
    /// More pieces of a kind (board and both hands, promoted ones under their
    /// base kind) than the standard set holds, e.g. a third rook.
    #[error("there are {count} pieces of kind {role:?}; the standard set has {max}")]
    TooManyPieces {
        /// The unpromoted kind.
        role: Role,
        /// How many there are.
        count: u32,
        /// How many the standard set has.
        max: u8,
    },
    /// Two unpromoted pawns of one side on a file.
    #[error("{color} has two unpromoted pawns on file {file}")]
    TwoPawnsOnFile {
        /// The side.
        color: Color,
        /// The file, 1–9.
        file: u8,
    },
    /// A piece that could never move: a pawn or lance on its last rank, a
    /// knight on its last two.
    #[error("the piece on {square} could never move")]
    DeadPiece {
        /// Where it stands.
        square: Square,
    },
    /// The side that is not to move is in check (its king could be captured).
    #[error("the side not to move ({color}) is in check")]
    OpponentInCheck {
        /// The side in check.
        color: Color,
    },
}

/// A position as written down: the pieces on the board, both hands, the
/// side to move and the move number, with no rule checked yet. Any board is
/// a setup (three kings, a pawn on its last rank, 255 rooks in hand);
/// [`validate`](Self::validate) turns it into a [`Position`] or lists every
/// problem.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The setup, held as a position that no rule has been checked on.
    pos: Position,
}

impl Default for Setup {
    /// The empty setup ([`Setup::empty`]).
    fn default() -> Setup {
        Setup::empty()
    }
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup({})", self.pos.to_sfen())
    }
}

impl From<Position> for Setup {
    fn from(pos: Position) -> Setup {
        Setup { pos }
    }
}

impl From<&Position> for Setup {
    fn from(pos: &Position) -> Setup {
        Setup { pos: pos.clone() }
    }
}

impl Setup {
    /// An empty board, both hands empty, Sente to move, move number 1.
    #[must_use]
    pub fn empty() -> Setup {
        Setup {
            pos: Position::empty(),
        }
    }

    /// Reads the text of an SFEN string (see [`Position::from_sfen`] for
    /// what is accepted); no setup rule is checked.
    ///
    /// # Errors
    /// Text errors only, never [`SfenError::Setup`].
    pub fn from_sfen(sfen: &str) -> Result<Setup, SfenError> {
        Position::parse_sfen(sfen).map(Setup::from)
    }

    /// The SFEN of the setup (as [`Position::to_sfen`]).
    #[must_use]
    pub fn to_sfen(&self) -> String {
        self.pos.to_sfen()
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.pos.piece_at(sq)
    }

    /// Puts `piece` on `sq` (replacing what stood there), or empties `sq`.
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        self.pos.clear_square(sq);
        if let Some(piece) = piece {
            self.pos.put(sq, piece);
        }
    }

    /// The pieces `color` holds.
    #[must_use]
    pub fn hand(&self, color: Color) -> Hand {
        self.pos.hand(color)
    }

    /// Sets the pieces `color` holds.
    pub fn set_hand(&mut self, color: Color, hand: Hand) {
        for role in Role::HAND {
            while self.pos.hand(color).get(role) > 0 {
                self.pos.hand_remove(color, role);
            }
            for _ in 0..hand.get(role) {
                self.pos.hand_add(color, role);
            }
        }
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.pos.turn()
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, color: Color) {
        self.pos.set_turn(color);
    }

    /// The move number (SFEN's fourth field).
    #[must_use]
    pub fn move_number(&self) -> u32 {
        self.pos.move_number()
    }

    /// Sets the move number.
    pub fn set_move_number(&mut self, number: u32) {
        self.pos.move_number = number;
    }

    /// Every problem of the setup under `checks`, in a fixed order: kings,
    /// piece counts, then for Sente and Gote two pawns on a file and dead
    /// pieces, then the side not to move in check. Empty when it is legal.
    #[must_use]
    pub fn problems(&self, checks: SetupChecks) -> Vec<SetupError> {
        self.pos.setup_problems(checks)
    }

    /// The position, when the setup obeys the rules `checks` selects.
    ///
    /// # Errors
    /// [`InvalidSetup`]: every problem found, and the setup handed back.
    pub fn validate(self, checks: SetupChecks) -> Result<Position, InvalidSetup> {
        let problems = self.problems(checks);
        if problems.is_empty() {
            Ok(self.pos)
        } else {
            Err(InvalidSetup {
                setup: Box::new(self),
                problems,
            })
        }
    }
}

/// A setup that breaks the rules it was checked against: every problem
/// found (at least one), and the setup itself, to fix or show.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", describe(problems))]
pub struct InvalidSetup {
    setup: Box<Setup>,
    problems: Vec<SetupError>,
}

fn describe(problems: &[SetupError]) -> String {
    let mut out = String::new();
    for (i, p) in problems.iter().enumerate() {
        if i > 0 {
            out.push_str("; ");
        }
        out.push_str(&p.to_string());
    }
    out
}

impl InvalidSetup {
    /// Every problem found, in the order of [`Setup::problems`].
    #[must_use]
    pub fn problems(&self) -> &[SetupError] {
        &self.problems
    }

    /// The setup that was checked.
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The setup that was checked, handed back.
    #[must_use]
    pub fn into_setup(self) -> Setup {
        *self.setup
    }
}

impl Position {
    /// Checks that the position is a legal setup (see [`SetupError`]).
    ///
    /// # Errors
    /// The first problem found.
    pub fn validate(&self) -> Result<(), SetupError> {
        self.validate_with(SetupChecks::ALL)
    }

    /// Checks the setup rules `checks` selects.
    ///
    /// # Errors
    /// The first problem found (all of them: [`Setup::problems`]).
    pub fn validate_with(&self, checks: SetupChecks) -> Result<(), SetupError> {
        match self.setup_problems(checks).into_iter().next() {
            Some(problem) => Err(problem),
            None => Ok(()),
        }
    }

    /// Every problem of the position as a setup under `checks`.
    pub(crate) fn setup_problems(&self, checks: SetupChecks) -> Vec<SetupError> {
        let mut problems = Vec::new();
        if checks.kings {
            for color in Color::ALL {
                if self.by_piece(Piece::new(color, Role::King)).more_than_one() {
                    problems.push(SetupError::TooManyKings { color });
                }
            }
        }
        if checks.piece_counts {
            for role in Role::HAND {
                let on_board = self.by_role(role).count()
                    + role.promote().map_or(0, |p| self.by_role(p).count());
                let count = on_board
                    + u32::from(self.hand(Color::Sente).get(role))
                    + u32::from(self.hand(Color::Gote).get(role));
                if count > u32::from(role.standard_count()) {
                    problems.push(SetupError::TooManyPieces {
                        role,
                        count,
                        max: role.standard_count(),
                    });
                }
            }
        }
        for color in Color::ALL {
            if checks.two_pawns_on_a_file {
                let pawns = self.by_piece(Piece::new(color, Role::Pawn));
                for file in 1..=9 {
                    if (pawns & Bitboard::file(file)).more_than_one() {
                        problems.push(SetupError::TwoPawnsOnFile { color, file });
                    }
                }
            }
            if checks.dead_pieces {
                for role in [Role::Pawn, Role::Lance, Role::Knight] {
                    let dead = self.by_piece(Piece::new(color, role)) & dead_squares(color, role);
                    problems.extend(
                        dead.into_iter()
                            .map(|square| SetupError::DeadPiece { square }),
                    );
                }
            }
        }
        if checks.opponent_in_check {
            let waiting = self.turn.opposite();
            if let Some(k) = self.king_of(waiting) {
                if self.is_attacked(k, self.turn) {
                    problems.push(SetupError::OpponentInCheck { color: waiting });
                }
            }
        }
        problems
    }
}
