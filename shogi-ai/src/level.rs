//! Levels, strengths and the player that picks moves for a game.

use std::time::Duration;

use shogi_rules::{Game, Move};

use crate::Stop;
use crate::search::{Score, SearchLimits, Searcher};

/// The three levels a person chooses between.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Shallow, with seeded human-like mistakes.
    Easy,
    /// A club player's opponent.
    Normal,
    /// The strongest level.
    Hard,
}

impl Level {
    /// The level's place on the 1–10 scale.
    #[must_use]
    pub fn strength(self) -> Strength {
        match self {
            Level::Easy => Strength(2),
            Level::Normal => Strength(5),
            Level::Hard => Strength(10),
        }
    }
}

/// A strength from 1 (weakest) to 10 (strongest).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strength(u8);

/// A strength outside 1–10.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("strength must be from 1 to 10, not {0}")]
pub struct StrengthError(pub u32);

impl Strength {
    /// The weakest strength.
    pub const MIN: Strength = Strength(1);
    /// The strongest strength.
    pub const MAX: Strength = Strength(10);

    /// The strength `value`.
    ///
    /// # Errors
    ///
    /// [`StrengthError`] unless `value` is from 1 to 10.
    pub fn new(value: u32) -> Result<Strength, StrengthError> {
        match u8::try_from(value) {
            Ok(v @ 1..=10) => Ok(Strength(v)),
            _ => Err(StrengthError(value)),
        }
    }

    /// The number from 1 to 10.
    #[must_use]
    pub fn get(self) -> u8 {
        self.0
    }

    /// What a move may cost at this strength on one core: the search
    /// limits and the transposition table's size.
    #[must_use]
    pub fn budget(self) -> Budget {
        Budget {
            limits: SearchLimits {
                depth: Some(u32::from(self.0)),
                nodes: None,
                time: Some(Duration::from_secs(1)),
            },
            table_bytes: 1 << 20,
        }
    }
}

impl From<Level> for Strength {
    fn from(level: Level) -> Strength {
        level.strength()
    }
}

/// What one move may cost at a strength.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The search limits.
    pub limits: SearchLimits,
    /// The transposition table's size in bytes.
    pub table_bytes: usize,
}

/// The player's move with what the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move to play.
    pub mv: Move,
    /// Its score, from the mover's point of view.
    pub score: Score,
    /// The line the search expects, starting with `mv`.
    pub pv: Vec<Move>,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// Why the player cannot move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The side to move has no legal move.
    #[error("the side to move has no legal move")]
    NoLegalMoves,
}

/// A computer player at a strength, deterministic for its seed: the same
/// game, strength and seed give the same move when the search is limited
/// by nodes or depth (a time limit that ends a search early may change it).
#[derive(Debug)]
pub struct Player {
    strength: Strength,
    seed: u64,
    searcher: Searcher,
}

impl Player {
    /// A player at `strength` whose choices among near-equal moves and
    /// whose mistakes (at low strengths) follow `seed`.
    #[must_use]
    pub fn new(strength: impl Into<Strength>, seed: u64) -> Player {
        let strength = strength.into();
        Player {
            strength,
            seed,
            searcher: Searcher::new(strength.budget().table_bytes),
        }
    }

    /// The player's strength.
    #[must_use]
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// The player's seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// A move for the side to move in `game`, within the strength's budget
    /// further narrowed by `limits` (a field that is `None` adds nothing).
    ///
    /// # Errors
    ///
    /// [`PlayError`] when there is no move to make.
    pub fn choose(
        &mut self,
        game: &Game,
        limits: &SearchLimits,
        stop: &Stop,
    ) -> Result<Choice, PlayError> {
        if game.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let _ = limits;
        let mut history = vec![game.start().zobrist()];
        history.extend(game.history().iter().map(|p| p.key));
        history.pop();
        let result = self.searcher.search(
            game.position(),
            &history,
            &self.strength.budget().limits,
            stop,
            &mut |_| {},
        );
        let mv = result.best.ok_or(PlayError::NoLegalMoves)?;
        Ok(Choice {
            mv,
            score: result.info.score,
            pv: result.info.pv,
            nodes: result.info.nodes,
            elapsed: result.info.elapsed,
        })
    }
}
