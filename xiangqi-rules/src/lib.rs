#![forbid(unsafe_code)]
//! Exact xiangqi (Chinese chess) rules: positions, FEN, legal move
//! generation with the reason a move is illegal, perft, and games
//! adjudicated to their end.
//!
//! - [`Position`]: FEN in and out ([`Position::from_fen`],
//!   [`Position::to_fen`]) with the setup rules ([`SetupError`]), the legal
//!   moves ([`Position::legal_moves`], into a [`MoveList`] on the stack),
//!   for a move that is not legal the reason ([`IllegalReason`]), check
//!   ([`Position::in_check`], [`Position::checkers`]), a Zobrist key;
//!   [`perft`] and [`perft_divide`].
//! - [`Game`]: a game under a [`RuleSet`], adjudicated after every move,
//!   with undo, resignation, a byo-yomi [`Clock`] and loss on time, draw
//!   offers and draw agreement; how it ended is its [`Outcome`]. Saved to JSON and restored against
//!   the rules (feature `serde`).
//! - [`notation`]: moves written and read in ICCS, the ranks-1–10 UCI form,
//!   WXF and Chinese notation; [`record`]: game records in PGN, read and
//!   written.
//!
//! # Example
//!
//! ```
//! use xiangqi_rules::{perft, Color, Game, IllegalReason, Outcome, Position, Termination};
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
//!
//! // A game ends by the rules: here by checkmate.
//! let start = Position::from_fen("3aka3/9/2n6/p1p3p1p/9/4C4/P1P3P1P/1C7/9/3K5 b - - 0 1")?;
//! let mut game = Game::from_position(start, Default::default());
//! game.play_iccs("a6a5")?;
//! game.play_iccs("b2e2")?;
//! assert_eq!(game.outcome(), Some(Outcome::win(Color::Red, Termination::Checkmate)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Coordinates and formats
//! Points are ICCS coordinates: files `a`–`i` from Red's left, ranks `0`–`9`
//! from Red's side ([`Square`]); moves are written `h2e2` ([`IccsMove`]).
//! FEN as UCCI engines write it (see [`Position::from_fen`] for the forms
//! read).
//!
//! # Notations and records
//! [`notation::Notation`] names the four move notations; each formats a
//! legal move of a position and parses text back to the legal move it
//! means, with errors that tell text that is not a move (and the column
//! where it stops being one), a move no legal move fits (with the rule
//! broken, for the coordinate forms), and an ambiguous one (with the
//! candidates). WXF and Chinese tell identical pieces on one file apart
//! (`R+.3`, 前车进三, and the forms for three to five soldiers) and read the
//! spellings of real records (`C2=5`, `+P+1`, `Ｃ２＝５`, 馬８進７, …).
//!
//! ```
//! use xiangqi_rules::notation::Notation;
//! use xiangqi_rules::Position;
//!
//! let pos = Position::from_fen(
//!     "1r1aka2r/1R2n4/4b1c2/2p1n3p/c1b1p1p2/C1P3P1P/P3P4/4B3C/9/RNBAKA1N1 b - - 0 1",
//! )?;
//! let m = Notation::Chinese.parse(&pos, "后马进３")?;
//! assert_eq!(m.to_string(), "e8c7");
//! assert_eq!(Notation::Wxf.format(&pos, m), "H-+3");
//! assert_eq!(Notation::Uci.format(&pos, m), "e9c8");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`record::read_pgn`] reads the games of a PGN file — the xqbase form
//! with Chinese, WXF or ICCS move text and the WinBoard/pychess form with
//! SAN-like move text; [`record::read_pgn_bytes`] takes UTF-8 or GBK
//! bytes — into [`record::GameRecord`]s: tags, start position, the moves
//! as a tree with comments and variations, the result. Every move is
//! checked; an error names its line and column ([`record::RecordError`]),
//! and [`record::ReadLimits`] bounds what a read accepts.
//! [`record::write_pgn`] writes a record in any notation.
//!
//! ```
//! use xiangqi_rules::notation::Notation;
//! use xiangqi_rules::record::{read_pgn_game, write_pgn, RecordErrorKind};
//!
//! let game = read_pgn_game("[Event \"中炮\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 *")?;
//! assert_eq!(game.main_line().len(), 3);
//! assert!(write_pgn(&game, Notation::Wxf).contains("1. C2.5 H8+7 2. H2+3 *"));
//!
//! let err = read_pgn_game("1. 炮二平五 马８进７\n2. 马二进九").unwrap_err();
//! assert_eq!((err.line, err.column), (2, 4));
//! assert!(matches!(err.kind, RecordErrorKind::NoSuchMove { ply: 3, .. }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Rules
//! - Board of 9 files × 10 ranks; the river lies between ranks 4 and 5
//!   (ranks 0–4 are Red's side); each palace is files d–f, ranks 0–2 (Red)
//!   or 7–9 (Black), with its diagonals. Red moves first; passing is not
//!   allowed.
//! - General: one orthogonal step inside its palace. Advisor: one diagonal
//!   step inside its palace. Elephant: exactly two diagonal steps, blocked
//!   by a piece on the midpoint (the eye), never across the river. Horse:
//!   one orthogonal step then one diagonal step outward, blocked by a piece
//!   on the first point (the leg). Chariot: any distance along a file or
//!   rank, no jumping. Cannon: moves like a chariot; captures by jumping
//!   exactly one piece of either colour (the screen). Soldier: one step
//!   forward; after crossing the river also one step sideways; never
//!   backward, no promotion.
//! - The generals may never face each other on a file with no piece
//!   between (flying general); no move may leave the mover's general
//!   attacked or the generals facing, in check or not.
//! - Checkmate wins; a side to move without a legal move loses, in check or
//!   not (no stalemate draw).
//! - The same position for the third time ends the game: a side that gave
//!   check with every one of its moves since the first occurrence loses
//!   (perpetual check); otherwise it is a draw.
//! - 300 plies (Red's and Black's moves together) is a draw; when neither
//!   side has a chariot, horse, cannon or soldier left the game is drawn at
//!   once. Resignation, loss on time and agreed draws end the game; taking
//!   moves back is the caller's policy.
//! - The clock ([`RuleSet::clock`]; the site plays 5 minutes main time and
//!   3 byo-yomi periods of 30 seconds, [`ClockSettings::SITE`]): a player's
//!   main time runs while it is their turn; once it is used up, even in the
//!   middle of a move, a period starts; a move completed within the period
//!   resets it for the next move, a period that fully elapses is spent and
//!   the next starts at once, and the player loses on time
//!   ([`Termination::Timeout`]) the instant the last period has fully
//!   elapsed. The library has no wall clock: the caller measures each
//!   move's time and passes it ([`Game::play_timed`], [`Game::check_time`]
//!   while the player thinks), or reports a flag fall ([`Game::flag`]).
//!   The clock is the `board-clock` crate's, shared with `shogi-rules`.
//!
//! # Decisions
//! Where the rules leave a point open, this crate decides:
//! 1. **Same position** = the same piece (role and colour) on each of the 90
//!    points and the same side to move. The FEN counters are not part of
//!    it; nothing else in xiangqi affects which moves are legal.
//! 2. **Which occurrences count**: the start position of the game (the
//!    initial position, or the position the game was set up from) is the
//!    first occurrence of itself; occurrences are counted over the whole
//!    game, not only consecutive cycles.
//! 3. **Perpetual checker** = a side all of whose moves, from the first
//!    occurrence of the repeated position to the move that produced the
//!    third occurrence, gave check (left the opponent in check). Which side
//!    made that last move does not matter. If both sides checked with every
//!    move (mutual perpetual check) the game is a draw.
//! 4. **Order of the end tests after a move**: (a) checkmate or no legal
//!    move for the side now to move, (b) third occurrence (perpetual check
//!    or draw), (c) bare material, (d) the 300-ply limit. A mate or a
//!    perpetual-check loss on ply 300 stands.
//! 5. **Bare material** applies only when *neither* side has a chariot,
//!    horse, cannon or soldier; a single soldier that can never reach the
//!    general keeps the game going. A game set up from a bare position is
//!    drawn before any move.
//! 6. **Counting plies**: the plies played in this game, from 0 at its
//!    start; the FEN counters of a set-up position are ignored. The game
//!    ends right after ply 300.
//! 7. **Illegal positions**: a position where the generals face each other
//!    on an open file, or where the side not to move is in check, is
//!    rejected ([`SetupError`]), as are wrong piece counts and generals,
//!    advisors or elephants on points they can never reach. Soldiers behind
//!    their start are rejected only on request ([`SetupChecks::STRICT`]).
//! 8. **Chasing** is never illegal and never decides a game: only checks
//!    count for repetition.
//! 9. **The reason of an illegal move** is the first rule it breaks, in the
//!    order given at [`IllegalReason`]: the piece's own movement rule
//!    (shape, palace, river, blocking, screens) before an own piece on the
//!    destination, and the flying-general rule before leaving the general
//!    in check.
//! 10. **Draw offers**: the site has agreed draws offered at any time and
//!     states no limit, so either side may offer ([`Game::offer_draw`]) on
//!     its own turn or the opponent's, and by default
//!     ([`RuleSet::max_draw_offers`] `None`) as often as it likes; a limit
//!     can be set. One offer is open at a time; only the opponent can
//!     accept or decline it, and it lapses when the opponent moves, when a
//!     move is taken back and when the game ends. [`Game::agree_draw`] is
//!     both sides agreeing at once: an offer by the side to move, counted,
//!     accepted by the other.
//! 11. **Restoring a saved game** (feature `serde`: `Game::to_json`,
//!     `Game::from_json`, serde for [`Game`]) replays the moves from the
//!     start FEN under the saved rules and checks every other field, each
//!     failure a [`RestoreError`] naming the field: an ending the moves give
//!     must be the saved one, and one the rules decide (checkmate, no legal
//!     moves, repetition, perpetual check, move limit, bare material) cannot
//!     be saved when the moves do not give it; a stated ending
//!     (resignation, loss on time, draw agreement) only in a game the moves
//!     leave running, with a winner that fits it; a draw agreement only
//!     after a draw offer; no more offers than the rules allow; an open
//!     offer only in a running game, from a side that has made one; a clock
//!     exactly when the rules are timed, with their settings and times play
//!     under them can give, a side's time run out only with its loss on
//!     time, and a loss on time in a timed game only with the loser's time
//!     run out (an untimed game may have been lost on time on the caller's
//!     word, [`Game::time_out`]).
//! 12. **Rules saved without a clock** (before games had one) read as
//!     untimed: [`RuleSet::clock`] `None`.
//!
//! # Features
//! - `serde`: `Serialize`/`Deserialize` for [`Color`], [`Termination`],
//!   [`Outcome`], [`RuleSet`] and [`Game`] (its saved form: start FEN,
//!   moves in ICCS, rules, outcome, clocks, the draw offers made and the
//!   open offer), the clock's settings and readings (checked when read
//!   back), and `Game::to_json`/`Game::from_json` with `GameJsonError`.
//!
//! # Names
//! [`Color`], [`Role`], [`IllegalReason`], [`Termination`],
//! [`notation::Notation`], [`record::GameResult`] and [`record::Limit`] have `ALL`,
//! every value in declaration order, and `FromStr`, the inverse of their
//! `as_str`, failing with a [`ParseNameError`].

/// The example of the crate's README, compiled and run with the
/// documentation tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

pub(crate) mod attacks;
mod color;
mod error_examples;
mod fen;
mod game;
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
mod square;
mod square_set;
mod zobrist;

pub use board_clock::{ClockReading, ClockSettings, ClockSide};
pub use color::Color;
pub use fen::{FenError, FenField};
#[cfg(feature = "serde")]
pub use game::GameJsonError;
pub use game::{Game, GameError, Outcome, Ply, RestoreError, Termination};
pub use legal::{IccsMoveError, IllegalMoveError, IllegalReason};
pub use moves::{IccsMove, MAX_LEGAL_MOVES, Move, MoveList, ParseIccsMoveError};
pub use names::ParseNameError;
pub use perft::{MAX_PERFT_DEPTH, perft, perft_divide};
pub use position::Position;
pub use role::{Piece, Role};
pub use rules::RuleSet;
pub use setup::{Setup, SetupChecks, SetupError};
pub use square::{ParseSquareError, Square};
pub use square_set::SquareSet;

/// Both players' clocks: main time plus byo-yomi periods, driven by the
/// caller's measured durations ([`board_clock::Clock`] for xiangqi's
/// [`Color`]).
///
/// ```
/// use std::time::Duration;
/// use xiangqi_rules::{Clock, ClockSettings, Color};
/// let mut clock = Clock::new(ClockSettings::SITE);
/// assert!(clock.spend(Color::Red, Duration::from_secs(300)).is_ok()); // main time gone, periods intact
/// assert!(clock.spend(Color::Red, Duration::from_millis(29_999)).is_ok());
/// assert_eq!(clock.side(Color::Red).periods, 3);
/// assert!(clock.spend(Color::Red, Duration::from_secs(90)).is_err()); // three periods elapse
/// ```
pub type Clock = board_clock::Clock<Color>;
/// A clock reading that no play under its settings can give: what
/// [`Clock::with_sides`](board_clock::Clock::with_sides) refuses.
pub type ClockStateError = board_clock::ClockStateError<Color>;
/// The player's time ran out during the move.
pub type TimeUp = board_clock::TimeUp<Color>;
