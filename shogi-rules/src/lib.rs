#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
//! Exact shogi rules: positions, SFEN and USI, and legal move generation with
//! every rule of the game — drops, nifu, uchifuzume (pawn-drop mate), dead
//! pieces, optional and forced promotion, pins, discovered and double checks;
//! games adjudicated to their end, move notations, game records and board
//! pictures.
//!
//! - [`Position`]: SFEN in and out, the legal moves ([`Position::legal_moves`]),
//!   and for a move that is not legal the reason ([`IllegalReason`]) and the
//!   promotion choice ([`Promotion`]); [`perft`].
//! - [`Game`]: a game under a [`RuleSet`], adjudicated after every move:
//!   checkmate, sennichite and perpetual check, impasse declarations (24 or
//!   27 points, or the try rule), the move limit, resignation, draw offers,
//!   a byo-yomi [`Clock`]; saved to JSON and restored (feature `serde`).
//! - [`notation`]: Western (`P-7f`), Japanese (`▲７六歩`, `７六歩(77)`) and
//!   CSA (`+7776FU`) notation, formatted and parsed.
//! - [`record`]: game records in KIF, KI2, CSA, JKF (feature `jkf`) and USI,
//!   read from bytes in any of their encodings with every move checked, and
//!   written, with variations, comments, times and the rules a record states.
//! - [`svg`]: a picture of a position.
//! - [`training`]: the binary training data formats of machine-learning
//!   programs (HCP, PackedSfen, move16, HCPE and PSV entries), byte for byte
//!   as cshogi writes them.
//! - [`usi`]: the USI protocol as typed messages, both directions, read
//!   and written; the `position` command replayed.
//!
//! # Example
//!
//! ```
//! use shogi_rules::{perft, IllegalReason, Position, Promotion, Square};
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 30);
//!
//! // Moves are resolved from USI text and know what they capture.
//! let m = pos.parse_usi_move("7g7f")?;
//! pos.play(m)?;
//! assert_eq!(pos.to_sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
//!
//! // A client can ask why a move is illegal...
//! let pos = Position::from_sfen("8k/9/6NG1/9/9/9/9/9/4K4 b P 1")?;
//! let err = pos.parse_usi_move("P*1b").unwrap_err();
//! assert_eq!(err.to_string(), "illegal move P*1b: uchifuzume: a pawn drop may not give checkmate");
//! assert_eq!(pos.illegal_reason("P*1b".parse()?), Some(IllegalReason::Uchifuzume));
//!
//! // ...and which promotion choice to offer.
//! let pos = Position::from_sfen("4k4/9/9/4S4/9/9/9/9/4K4 b - 1")?;
//! assert_eq!(pos.promotion_options(Square::SQ_5D, Square::SQ_5C), Some(Promotion::May));
//!
//! assert_eq!(perft(&Position::startpos(), 3), 25_470);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//! - `jkf` (default): JKF, the JSON kifu format, as a record format: the
//!   `record::jkf` module and the `Jkf` value of [`record::Format`].
//! - `serde`: `Serialize`/`Deserialize` for the value types, and games
//!   saved to and restored from JSON (`Game::to_json`, `Game::from_json`).
//! - `arbitrary`: `Arbitrary` for fuzzing.
//!
//! Whether JKF can be read is decided when the crate is compiled, not when a
//! record is read. Without `jkf` the format does not exist in the build:
//! `Format::Jkf` is not a value, `"jkf"` does not parse as a
//! [`record::Format`], [`record::Format::from_extension`] knows neither
//! `jkf` nor `json`, and [`record::detect_format`] takes text starting with
//! `{` for no format ([`record::RecordErrorKind::UnknownFormat`]), so no
//! read or write can ask for JKF and fail for want of it. Every other
//! format, and everything else, is the same with or without it.
//! [`record::Format`] is `#[non_exhaustive]`, so that the feature adds a
//! value without breaking a `match` in a crate built without it.
//!
//! # Types that may grow
//! The structs of a record — [`record::GameRecord`], [`record::Line`],
//! [`record::RecordMove`], [`record::LineEnd`], [`record::Header`],
//! [`record::Comment`], [`record::MoveTime`], [`record::Visit`],
//! [`record::RecordError`] — and [`record::ReadLimits`] are
//! `#[non_exhaustive]`, so that a field can be added to them in a minor
//! release. Their fields are public, to read and to set; a value is made by
//! a reader or a constructor rather than a struct literal:
//! [`record::GameRecord::new`], [`record::Line::new`],
//! [`record::RecordMove::new`] and [`record::LineEnd::new`] (each with
//! `with_*` methods), [`record::Header::new`], [`record::Comment::new`],
//! [`record::MoveTime::checked`], and for limits
//! [`ReadLimits::DEFAULT`](record::ReadLimits::DEFAULT) with
//! [`with`](record::ReadLimits::with) (struct update syntax,
//! `..ReadLimits::DEFAULT`, is not available outside the crate). Outside
//! the crate, a `match` on one of the crate's `#[non_exhaustive]` enums
//! (the error enums, [`record::Format`], [`record::SpecialMove`], …) needs a
//! wildcard arm; their `ALL` and `examples()` lists let a test see every
//! value.
//!
//! ```
//! use shogi_rules::Position;
//! use shogi_rules::record::{Comment, CommentKind, Format, GameRecord, Header, RecordMove};
//!
//! let start = Position::startpos();
//! let mut record = GameRecord::new(start.clone());
//! record.set_header(Header::new("先手", "羽生").unwrap());
//! let m = start.parse_usi_move("7g7f")?;
//! let bookmark = Comment::new(CommentKind::Bookmark, "opening").unwrap();
//! record.main.moves.push(RecordMove::new(m).with_comment(bookmark));
//! assert!(record.write(Format::Kif)?.text.contains("&opening"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Names
//! Every enum whose values have names ([`Color`], [`Role`],
//! [`Termination`], [`IllegalReason`], [`ImpasseRule`],
//! [`record::Format`], [`record::SpecialMove`], [`record::Limit`], …) has
//! `ALL`, every value in declaration order, and `FromStr`, the inverse of its
//! `as_str`, failing with a [`ParseNameError`] that lists the names accepted.
//!
//! ```
//! use shogi_rules::{Color, Termination};
//! assert_eq!("gote".parse::<Color>(), Ok(Color::Gote));
//! assert_eq!("impasse".parse::<Termination>(), Ok(Termination::ImpasseDeclaration));
//! assert!("draw".parse::<Termination>().is_err());
//! ```
//!
//! # Error examples
//! Every error enum (and every enum that is the kind of an error) has
//! `examples()`: one value of each variant, in declaration order, for tests
//! that must see every way a call can fail, such as those of bindings that
//! give each error a code or an exception class of its own. Each list is
//! written beside a `match` over its enum without a wildcard, so that a
//! variant added to an enum fails to compile until it has an example.
//!
//! ```
//! use shogi_rules::{GameError, IllegalReason, SfenError};
//! assert!(SfenError::examples().iter().any(|e| matches!(e, SfenError::Setup(_))));
//! assert!(GameError::examples().contains(&GameError::NothingToUndo));
//! assert_eq!(IllegalReason::examples(), IllegalReason::ALL);
//! ```
//!
//! # Validity
//! [`Position::from_sfen`] accepts only legal setups ([`SetupError`] lists
//! what is rejected). Positions with fewer pieces than the standard set and
//! positions where a side has no king are accepted: such a side is never in
//! check and cannot be mated. [`Position::from_sfen_with`] takes the rules
//! to check as [`SetupChecks`] (`NONE` for analysis tools); a [`Setup`]
//! (board, hands, side to move, move number, as readers and SFEN produce
//! it) lists every problem when [`validated`](Setup::validate).

/// The example of the crate's README (the crate's page on crates.io),
/// compiled and run with the documentation tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

pub mod attacks;
mod bitboard;
mod color;
mod error_examples;
mod game;
mod hand;
mod legal;
mod movegen;
mod moves;
mod names;
pub mod notation;
mod perft;
mod position;
pub mod record;
mod role;
mod rules;
mod setup;
mod sfen;
mod square;
pub mod svg;
pub mod training;
pub mod usi;
mod zobrist;

pub use bitboard::{Bitboard, IntoIter as BitboardIter};
pub use board_clock::{ClockReading, ClockSettings, ClockSide};
/// Both players' clocks: main time plus byo-yomi periods, driven by the
/// caller's measured durations ([`board_clock::Clock`] for shogi's
/// [`Color`]).
///
/// ```
/// use std::time::Duration;
/// use shogi_rules::{Clock, ClockSettings, Color};
/// let mut clock = Clock::new(ClockSettings::SITE);
/// assert!(clock.spend(Color::Sente, Duration::from_secs(300)).is_ok()); // main time gone, periods intact
/// assert!(clock.spend(Color::Sente, Duration::from_millis(29_999)).is_ok());
/// assert_eq!(clock.side(Color::Sente).periods, 3);
/// assert!(clock.spend(Color::Sente, Duration::from_secs(90)).is_err()); // three periods elapse
/// ```
pub type Clock = board_clock::Clock<Color>;
/// A clock reading that no play under its settings can give: what
/// [`Clock::with_sides`](board_clock::Clock::with_sides) refuses.
pub type ClockStateError = board_clock::ClockStateError<Color>;
/// The player's time ran out during the move.
pub type TimeUp = board_clock::TimeUp<Color>;
pub use color::Color;
#[cfg(feature = "serde")]
pub use game::GameJsonError;
pub use game::{
    DeclarationRejection, Game, GameError, GameFromUsiError, ImpasseStatus, Outcome, OutcomeError,
    Ply, RestoreError, Termination, impasse_points,
};
pub use hand::Hand;
pub use legal::{IllegalMoveError, IllegalReason, Promotion, UsiMoveError};
pub use moves::{MAX_LEGAL_MOVES, Move, MoveList, MoveListIntoIter, ParseUsiMoveError, UsiMove};
pub use names::ParseNameError;
pub use perft::{MAX_PERFT_DEPTH, perft, perft_divide, perft_full};
pub use position::Position;
pub use role::{ParsePieceError, Piece, Role};
pub use rules::{ImpasseRule, RuleSet};
pub use setup::{InvalidSetup, Setup, SetupChecks, SetupError};
pub use sfen::{SfenError, SfenField};
pub use square::{ParseSquareError, Square};
