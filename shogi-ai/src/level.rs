//! Levels, strengths and the player that picks moves for a game.
//!
//! A [`Strength`] from 1 to 10 has a row of [`LEVELS`]: a node budget (what
//! makes moves deterministic), a depth limit, a time cap as the backstop, the
//! transposition table's memory cap, and at strengths 1 to 4 the mistakes it
//! makes. [`Level`] names three of them: Easy (2), Normal (5), Hard (10).
//!
//! The [`Player`] takes a mate in one at once. Otherwise it searches; at
//! strengths 5 and up it plays the search's best move. Below, it scores the
//! root moves near the best exactly and draws its move from a softmax over
//! those scores at the strength's temperature, and with a small probability
//! overlooks its captures altogether (picking among the other moves): human
//! mistakes, never an illegal move. The draws come from a SplitMix64
//! generator seeded by the player's seed and the position, so a seed gives
//! the same game every time.

use std::time::Duration;

use shogi_rules::{Game, Move};

use crate::Stop;
use crate::mate::mate_in_one;
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
    /// limits and the transposition table's size (see [`LEVELS`] for each
    /// strength's figures).
    #[must_use]
    pub fn budget(self) -> Budget {
        self.params().budget()
    }

    /// The row of [`LEVELS`] for this strength.
    fn params(self) -> &'static LevelParams {
        let i = usize::from(self.0.clamp(1, 10)) - 1;
        &LEVELS[i]
    }
}

/// The figures of one strength: a row of [`LEVELS`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LevelParams {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// The most positions a move may visit.
    pub nodes: u64,
    /// The time cap per move, in milliseconds: the backstop when the node
    /// budget takes longer than expected on a slow machine.
    pub time_ms: u64,
    /// The memory cap of the transposition table, in bytes.
    pub table_bytes: usize,
    /// The softmax temperature, in centipawns, of the choice among the
    /// root moves (0: always the best move).
    pub temperature: i32,
    /// How often, in percent, the player overlooks its captures.
    pub overlook_percent: u64,
}

impl LevelParams {
    fn budget(&self) -> Budget {
        Budget {
            limits: SearchLimits {
                depth: Some(self.depth),
                nodes: Some(self.nodes),
                time: Some(Duration::from_millis(self.time_ms)),
            },
            table_bytes: self.table_bytes,
        }
    }
}

const KB: usize = 1 << 10;
const MB: usize = 1 << 20;

/// The figures of strengths 1 to 10 (Easy is 2, Normal 5, Hard 10; the
/// others lie between). At about a million nodes per second on one core,
/// Easy spends a few milliseconds a move, Normal about 50 ms and Hard about
/// 300 ms; the time caps (45 ms, 280 ms and 950 ms) leave room below 50 ms,
/// 300 ms and 1 s for the rest of the move's work. Table memory: 256 KiB up to
/// strength 2, 1 MiB at 3, 2 MiB at 4, 4 MiB at 5 and 6, 8 MiB at 7 and 8,
/// 16 MiB at 9 and 10.
#[rustfmt::skip]
pub const LEVELS: [LevelParams; 10] = [
    LevelParams { depth: 1, nodes: 2_000, time_ms: 45, table_bytes: 256 * KB, temperature: 250, overlook_percent: 30 },
    LevelParams { depth: 2, nodes: 8_000, time_ms: 45, table_bytes: 256 * KB, temperature: 120, overlook_percent: 15 },
    LevelParams { depth: 3, nodes: 16_000, time_ms: 100, table_bytes: MB, temperature: 60, overlook_percent: 8 },
    LevelParams { depth: 4, nodes: 30_000, time_ms: 200, table_bytes: 2 * MB, temperature: 25, overlook_percent: 3 },
    LevelParams { depth: 6, nodes: 60_000, time_ms: 280, table_bytes: 4 * MB, temperature: 0, overlook_percent: 0 },
    LevelParams { depth: 8, nodes: 90_000, time_ms: 400, table_bytes: 4 * MB, temperature: 0, overlook_percent: 0 },
    LevelParams { depth: 12, nodes: 130_000, time_ms: 600, table_bytes: 8 * MB, temperature: 0, overlook_percent: 0 },
    LevelParams { depth: 16, nodes: 180_000, time_ms: 800, table_bytes: 8 * MB, temperature: 0, overlook_percent: 0 },
    LevelParams { depth: 20, nodes: 230_000, time_ms: 950, table_bytes: 16 * MB, temperature: 0, overlook_percent: 0 },
    LevelParams { depth: 24, nodes: 280_000, time_ms: 950, table_bytes: 16 * MB, temperature: 0, overlook_percent: 0 },
];

/// The SplitMix64 generator (Steele, Lea and Flood, 2014): a 64-bit state
/// advanced by a fixed odd constant and scrambled by two multiply-xorshift
/// rounds. Its output stream is fixed by its definition, so a seed gives
/// the same choices in every build.
#[derive(Clone, Debug)]
struct SplitMix64(u64);

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number uniform in [0, 1).
    fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
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
    /// The depth of the last completed iteration, in plies (1 for a mate in
    /// one taken at once).
    pub depth: u32,
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
/// game, strength, seed and limits give the same move when the search is
/// limited by nodes or depth (a time limit that ends a search early may
/// change it). Each choice starts from an empty transposition table, so
/// earlier choices do not change later ones.
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
    /// The positions of the game before the current one count as draws if
    /// the search reaches them again.
    ///
    /// A mate in one is played at once (score `Mate(1)`, no nodes). When a
    /// low strength picks a move other than the search's best, the choice's
    /// score is that move's root score (an upper bound when it was far below
    /// the best) and its variation is the move alone.
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
        let pos = game.position();
        if let Some(mv) = mate_in_one(pos) {
            return Ok(Choice {
                mv,
                score: Score::Mate(1),
                pv: vec![mv],
                depth: 1,
                nodes: 0,
                elapsed: Duration::ZERO,
            });
        }
        let params = self.strength.params();
        let limits = params.budget().limits.narrowed(limits);
        let history = game_keys(game);
        // Each move starts from an empty table, so the move depends only on
        // the game, the strength, the seed and the limits.
        self.searcher.clear();
        let margin = (params.temperature > 0).then_some(params.temperature * 6);
        self.searcher.set_root_margin(margin);
        let result = self
            .searcher
            .search(pos, &history, &limits, stop, &mut |_| {});
        let best = result.best.ok_or(PlayError::NoLegalMoves)?;
        let mut choice = Choice {
            mv: best,
            score: result.info.score,
            pv: result.info.pv,
            depth: result.info.depth,
            nodes: result.info.nodes,
            elapsed: result.info.elapsed,
        };
        if params.temperature > 0 {
            let mut rng = SplitMix64(
                self.seed
                    ^ pos.zobrist()
                    ^ u64::from(pos.move_number()).wrapping_mul(0x2545_f491_4f6c_dd1d),
            );
            if let Some((mv, score)) = sample(self.searcher.root_scores(), params, &mut rng) {
                if mv != best {
                    choice.mv = mv;
                    choice.score = score;
                    choice.pv = vec![mv];
                }
            }
        }
        Ok(choice)
    }
}

/// The Zobrist keys of the positions of `game` before its current one,
/// oldest first.
pub(crate) fn game_keys(game: &Game) -> Vec<u64> {
    let mut keys = vec![game.start().zobrist()];
    keys.extend(game.history().iter().map(|p| p.key));
    keys.pop();
    keys
}

/// A root move drawn by a softmax over the scores at `params.temperature`;
/// with probability `params.overlook_percent` the captures are left out
/// (unless only captures are left). `None` when there are no scores.
fn sample(
    scores: &[(Move, Score)],
    params: &LevelParams,
    rng: &mut SplitMix64,
) -> Option<(Move, Score)> {
    let overlook = rng.next_u64() % 100 < params.overlook_percent;
    let mut candidates: Vec<(Move, Score)> = scores.to_vec();
    if overlook && candidates.iter().any(|(m, _)| !m.is_capture()) {
        candidates.retain(|(m, _)| !m.is_capture());
    }
    let top = candidates.iter().map(|&(_, s)| s.rank()).max()?;
    let temperature = f64::from(params.temperature.max(1));
    let weights: Vec<f64> = candidates
        .iter()
        .map(|&(_, s)| (f64::from(s.rank() - top) / temperature).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut target = rng.next_f64() * total;
    for (&candidate, w) in candidates.iter().zip(&weights) {
        if target < *w {
            return Some(candidate);
        }
        target -= w;
    }
    candidates.first().copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_rules::{Role, Square};

    fn params(temperature: i32, overlook_percent: u64) -> LevelParams {
        LevelParams {
            temperature,
            overlook_percent,
            ..LEVELS[1]
        }
    }

    #[test]
    fn the_softmax_prefers_better_moves_and_never_a_mated_one() {
        let good = Move::drop(Role::Gold, Square::SQ_5B);
        let fair = Move::drop(Role::Gold, Square::SQ_4B);
        let mated = Move::drop(Role::Gold, Square::SQ_6B);
        let scores = [
            (good, Score::Cp(200)),
            (fair, Score::Cp(100)),
            (mated, Score::Mate(-1)),
        ];
        let mut rng = SplitMix64(42);
        let mut counts = [0; 3];
        for _ in 0..2000 {
            let (m, _) = sample(&scores, &params(100, 0), &mut rng).unwrap();
            counts[scores.iter().position(|&(s, _)| s == m).unwrap()] += 1;
        }
        assert!(counts[0] > counts[1] && counts[1] > 0, "{counts:?}");
        assert_eq!(counts[2], 0);
    }

    #[test]
    fn overlooking_leaves_out_captures_unless_only_captures_remain() {
        let capture = Move::normal(
            Role::Pawn,
            Square::SQ_5G,
            Square::SQ_5F,
            Some(Role::Rook),
            false,
        );
        let quiet = Move::normal(Role::King, Square::SQ_5I, Square::SQ_4H, None, false);
        let mut rng = SplitMix64(7);
        let both = [(capture, Score::Cp(900)), (quiet, Score::Cp(-100))];
        let (m, _) = sample(&both, &params(100, 100), &mut rng).unwrap();
        assert_eq!(m, quiet);
        let only = [(capture, Score::Cp(900))];
        assert_eq!(
            sample(&only, &params(100, 100), &mut rng).unwrap().0,
            capture
        );
        assert!(sample(&[], &params(100, 0), &mut rng).is_none());
    }

    #[test]
    fn splitmix64_gives_its_published_stream() {
        // The first outputs for seed 0 of the reference implementation.
        let mut rng = SplitMix64(0);
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        let x = rng.next_f64();
        assert!((0.0..1.0).contains(&x));
    }
}
