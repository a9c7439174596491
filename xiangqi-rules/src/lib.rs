#![forbid(unsafe_code)]
//! Exact xiangqi (Chinese chess) rules: positions, FEN, legal move
//! generation with the reason a move is illegal, perft, and games
//! adjudicated to their end.
//!
//! - [`Position`]: FEN in and out ([`Position::from_fen`],
//!   [`Position::to_fen`]), the legal moves ([`Position::legal_moves`]),
//!   for a move that is not legal the reason ([`IllegalReason`]), check
//!   ([`Position::in_check`], [`Position::checkers`]), a Zobrist key;
//!   [`perft`].
//!
//! # Example
//!
//! ```
//! use xiangqi_rules::{perft, IllegalReason, Position};
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 44);
//!
//! // Moves are resolved from ICCS text and know what they capture.
//! let m = pos.parse_iccs_move("h2e2")?;
//! pos.play(m)?;
//! assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//!
//! // A client can ask why a move is illegal.
//! let reason = pos.why_illegal_iccs("h7h0".parse()?);
//! assert_eq!(reason, Some(IllegalReason::CannonNoScreen));
//!
//! assert_eq!(perft(&Position::startpos(), 2), 1_920);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod attacks;
mod color;
mod fen;
mod legal;
mod movegen;
mod moves;
mod names;
mod perft;
mod position;
mod role;
mod setup;
mod square;
mod square_set;
mod zobrist;

pub use color::Color;
pub use fen::{FenError, FenField};
pub use legal::{IccsMoveError, IllegalMoveError, IllegalReason};
pub use moves::{IccsMove, MAX_LEGAL_MOVES, Move, MoveList, ParseIccsMoveError};
pub use names::ParseNameError;
pub use perft::{MAX_PERFT_DEPTH, perft, perft_divide};
pub use position::Position;
pub use role::{Piece, Role};
pub use setup::{Setup, SetupChecks, SetupError};
pub use square::{ParseSquareError, Square};
pub use square_set::SquareSet;
