//! How much a record reader accepts.
//!
//! Records come from people and programs a host does not control. The
//! readers check their input against a [`ReadLimits`] before and while they
//! parse, so that no input costs more than the caller allowed: a read's
//! work and memory are linear in the input size and bounded by these
//! numbers. Exceeding one fails with
//! [`RecordErrorKind::LimitExceeded`](super::RecordErrorKind::LimitExceeded),
//! naming the [`Limit`] and its value, at the place where it was exceeded.
//!
//! ```
//! use xiangqi_rules::record::{read_pgn_with, Limit, ReadLimits, RecordErrorKind};
//! let limits = ReadLimits { max_moves: 2, ..ReadLimits::DEFAULT };
//! let err = read_pgn_with("1. h2e2 h9g7 2. h0g2 *", &limits).unwrap_err();
//! assert_eq!((err.line, err.column), (1, 17));
//! assert!(matches!(err.kind, RecordErrorKind::LimitExceeded { limit: Limit::Moves, max: 2 }));
//! ```

crate::names::named_enum! {
    /// One of the limits of [`ReadLimits`].
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub enum Limit("limit") {
        /// The size of the input in bytes ([`ReadLimits::max_input_bytes`]).
        InputBytes => "input_bytes",
        /// The length of one line in bytes ([`ReadLimits::max_line_bytes`]).
        LineBytes => "line_bytes",
        /// The moves of one game, variations included ([`ReadLimits::max_moves`]).
        Moves => "moves",
        /// The variations of one game ([`ReadLimits::max_variations`]).
        Variations => "variations",
        /// How deep variations nest ([`ReadLimits::max_depth`]).
        Depth => "depth",
        /// The games of one file ([`ReadLimits::max_games`]).
        Games => "games",
    }
}

impl Limit {
    /// What the limit counts, for messages.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Limit::InputBytes => "input size in bytes",
            Limit::LineBytes => "line length in bytes",
            Limit::Moves => "number of moves in a game",
            Limit::Variations => "number of variations in a game",
            Limit::Depth => "nesting depth of variations",
            Limit::Games => "number of games in the file",
        }
    }
}

/// The most a read accepts; [`ReadLimits::DEFAULT`] holds every real
/// record by a wide margin.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReadLimits {
    /// The input size in bytes (default 64 MiB).
    pub max_input_bytes: usize,
    /// The length of one line in bytes (default 1 MiB: some writers put a
    /// whole game, or a long comment, on one line).
    pub max_line_bytes: usize,
    /// The moves of one game, variations included (default 100,000; the
    /// longest games have a few hundred).
    pub max_moves: usize,
    /// The variations of one game (default 10,000).
    pub max_variations: usize,
    /// How deep variations nest (default 64).
    pub max_depth: usize,
    /// The games of one file (default 100,000).
    pub max_games: usize,
}

impl ReadLimits {
    /// The defaults.
    pub const DEFAULT: ReadLimits = ReadLimits {
        max_input_bytes: 64 << 20,
        max_line_bytes: 1 << 20,
        max_moves: 100_000,
        max_variations: 10_000,
        max_depth: 64,
        max_games: 100_000,
    };
}

impl Default for ReadLimits {
    fn default() -> ReadLimits {
        ReadLimits::DEFAULT
    }
}
