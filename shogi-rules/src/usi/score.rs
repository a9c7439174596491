//! The score of an `info` line, and its ordering from the mover's point of
//! view.

use core::cmp::Ordering;
use core::fmt;

/// The sign of a mate whose distance the engine does not give
/// (`score mate +` and `score mate -`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MateSign {
    /// `+`: the side to move mates.
    Plus,
    /// `-`: the side to move is mated.
    Minus,
}

/// An engine's evaluation, from the side to move's point of view.
///
/// `Ord` orders scores from worst to best for the side to move, as
/// python-chess orders its scores: being mated sooner is worse than being
/// mated later, which is worse than any centipawn score, and mating sooner is
/// better than mating later. A mate of unknown distance comes between the
/// known mates of its sign and the centipawn scores. `Mate(0)` is the side
/// to move already mated, the worst score.
///
/// ```
/// use shogi_rules::usi::{MateSign, Score};
/// let mut scores = vec![Score::Cp(300), Score::Mate(-2), Score::Mate(5), Score::Mate(1),
///     Score::Cp(-50), Score::Mate(-9), Score::MateUnknown(MateSign::Plus)];
/// scores.sort();
/// assert_eq!(scores, vec![Score::Mate(-2), Score::Mate(-9), Score::Cp(-50), Score::Cp(300),
///     Score::MateUnknown(MateSign::Plus), Score::Mate(5), Score::Mate(1)]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// `score cp <n>`: centipawns.
    Cp(i32),
    /// `score mate <n>`: mate in `n` plies, the side to move mating when
    /// positive and mated when negative.
    Mate(i32),
    /// `score mate +` or `score mate -`: a mate of unknown distance.
    MateUnknown(MateSign),
}

impl Score {
    /// The key `Ord` compares: a tier, then a value within it.
    fn key(self) -> (u8, i64) {
        match self {
            Score::Mate(n) if n > 0 => (4, -i64::from(n)),
            Score::MateUnknown(MateSign::Plus) => (3, 0),
            Score::Cp(cp) => (2, i64::from(cp)),
            Score::MateUnknown(MateSign::Minus) => (1, 0),
            Score::Mate(n) => (0, -i64::from(n)),
        }
    }

    /// Whether the score is a mate, of known distance or not.
    #[must_use]
    pub fn is_mate(self) -> bool {
        !matches!(self, Score::Cp(_))
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Score) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Whether a score is exact or a bound (`lowerbound`, `upperbound`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum ScoreBound {
    /// The score is exact (no bound word).
    #[default]
    Exact,
    /// `lowerbound`: the score is at least this.
    Lower,
    /// `upperbound`: the score is at most this.
    Upper,
}

/// The `score` field of an `info` line: the score and its bound.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct InfoScore {
    /// The score.
    pub score: Score,
    /// Whether it is exact.
    pub bound: ScoreBound,
}

impl fmt::Display for Score {
    /// `cp <n>`, `mate <n>`, `mate +` or `mate -`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(n) => write!(f, "cp {n}"),
            Score::Mate(n) => write!(f, "mate {n}"),
            Score::MateUnknown(MateSign::Plus) => f.write_str("mate +"),
            Score::MateUnknown(MateSign::Minus) => f.write_str("mate -"),
        }
    }
}

impl fmt::Display for InfoScore {
    /// The score, then ` lowerbound` or ` upperbound`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.score)?;
        match self.bound {
            ScoreBound::Exact => Ok(()),
            ScoreBound::Lower => f.write_str(" lowerbound"),
            ScoreBound::Upper => f.write_str(" upperbound"),
        }
    }
}
