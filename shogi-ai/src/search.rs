//! Iterative-deepening alpha-beta search.

use std::time::Duration;

use shogi_rules::{Move, Position};

use crate::Stop;

/// A search score from the side to move's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// An evaluation in centipawns (100: about a pawn).
    Cp(i32),
    /// A forced mate in this many plies: positive when the side to move
    /// mates, negative when it is mated.
    Mate(i32),
}

/// What a search may spend. A search that has none of them set stops at
/// depth 64 or when its [`Stop`] is raised.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The most positions to visit: deterministic, unlike `time`.
    pub nodes: Option<u64>,
    /// The most time to spend.
    pub time: Option<Duration>,
}

/// What the search knows after a completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// The iteration's depth, in plies.
    pub depth: u32,
    /// The score of the best move.
    pub score: Score,
    /// Positions visited so far.
    pub nodes: u64,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
    /// Time spent so far.
    pub elapsed: Duration,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move (`None`: the side to move has no legal move).
    pub best: Option<Move>,
    /// The last completed iteration (depth 0 and an empty variation when
    /// none completed).
    pub info: SearchInfo,
}

/// A search with its transposition table, kept between searches of one
/// game.
#[derive(Debug)]
pub struct Searcher {
    nodes: u64,
}

impl Searcher {
    /// A searcher whose transposition table takes at most `table_bytes`.
    #[must_use]
    pub fn new(table_bytes: usize) -> Searcher {
        let _ = table_bytes;
        Searcher { nodes: 0 }
    }

    /// Forgets what earlier searches stored.
    pub fn clear(&mut self) {
        self.nodes = 0;
    }

    /// Searches `pos`. `history` holds the Zobrist keys of the positions
    /// of the game before `pos`, oldest first (for repetition); `on_iteration`
    /// is called after each completed iteration.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &SearchLimits,
        stop: &Stop,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let _ = (history, limits, stop);
        let mut work = pos.clone();
        let mut best: Option<(Move, i32)> = None;
        for m in pos.legal_moves() {
            work.play_unchecked(m);
            let score = -crate::eval::evaluate(&work);
            work.undo(m);
            self.nodes += 1;
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((m, score));
            }
        }
        let info = SearchInfo {
            depth: 1,
            score: Score::Cp(best.map_or(0, |(_, s)| s)),
            nodes: self.nodes,
            pv: best.iter().map(|&(m, _)| m).collect(),
            elapsed: Duration::ZERO,
        };
        on_iteration(&info);
        SearchResult {
            best: best.map(|(m, _)| m),
            info,
        }
    }
}
