//! Iterative-deepening alpha-beta search.
//!
//! [`Searcher::search`] deepens one ply at a time. Each iteration is a
//! principal-variation search (negamax alpha-beta: the first move with the
//! full window, the others with a null window and a re-search when they beat
//! it), with late quiet moves reduced by a ply, quiet moves pruned near the
//! horizon when the static evaluation is far below alpha (futility), a ply
//! more for a side in check, and a quiescence search over captures and promotions (every
//! evasion when in check) at the horizon. Moves are ordered by
//! `order`: the transposition table's move, captures by MVV-LVA, killers,
//! history. The transposition table (`table`) is allocated once at the
//! size given to [`Searcher::new`].
//!
//! A side with no legal move has lost (pawn-drop mate never arises: the
//! move generation of [`shogi_rules`] does not allow it). A position that
//! occurred earlier in the game or on the search path scores 0 (a draw).
//! The search never goes deeper than [`MAX_PLY`] plies, so its recursion is
//! bounded whatever the position; it runs on a 256 KiB thread stack.
//!
//! Limits: the depth and node limits are exact (the same search visits the
//! same nodes), so a search limited by them is deterministic; the time
//! limit and the [`Stop`] flag are polled every [`POLL_NODES`] nodes. A
//! search that ends early answers with the best move of its last completed
//! iteration, or the best move found so far in the first one.

mod node;
mod order;
mod table;

use std::time::{Duration, Instant};

use shogi_rules::{Move, Position};

use crate::Stop;
use order::Order;
use table::Table;

/// The deepest the search goes, in plies from the root, quiescence
/// included. Iterations stop below it.
pub const MAX_PLY: usize = 128;

/// The time limit and the stop flag are checked every this many nodes.
pub const POLL_NODES: u64 = 1024;

/// The internal score of a mate at the root; a mate `n` plies away scores
/// `MATE - n`.
const MATE: i32 = 32_000;
/// Scores at least this far from 0 are mates.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32 - 1;
/// Above every score.
const INFINITY: i32 = MATE + 1;

/// A search score from the side to move's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// An evaluation in centipawns (100: about a pawn).
    Cp(i32),
    /// A forced mate in this many plies: positive when the side to move
    /// mates, negative when it is mated.
    Mate(i32),
}

impl Score {
    /// The score of an internal value.
    fn from_internal(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::Mate(MATE - v)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE + v))
        } else {
            Score::Cp(v)
        }
    }

    /// A comparable number: mates rank above (or, when mated, below) every
    /// centipawn score, shorter mates first.
    #[must_use]
    pub fn rank(self) -> i32 {
        match self {
            Score::Cp(cp) => cp.clamp(-MATE_BOUND + 1, MATE_BOUND - 1),
            Score::Mate(n) if n > 0 => MATE - n.min(MATE - MATE_BOUND),
            Score::Mate(n) => -MATE + n.saturating_neg().min(MATE - MATE_BOUND),
        }
    }
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

impl SearchLimits {
    /// The limits of both `self` and `other`: each field the narrower of
    /// the two (a `None` adds nothing).
    #[must_use]
    pub fn narrowed(&self, other: &SearchLimits) -> SearchLimits {
        fn min<T: Ord + Copy>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        SearchLimits {
            depth: min(self.depth, other.depth),
            nodes: min(self.nodes, other.nodes),
            time: min(self.time, other.time),
        }
    }
}

/// The deepest iteration when no depth limit is given.
const DEFAULT_DEPTH: u32 = 64;

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
    table: Table,
    order: Order,
    /// Positions visited in the current search.
    nodes: u64,
    /// The game's keys before the root, then the keys on the search path.
    keys: Vec<u64>,
    /// One move buffer per ply, reused.
    lists: Vec<Vec<(Move, i32)>>,
    /// The principal variation from each ply.
    pv: Vec<Vec<Move>>,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: Stop,
    aborted: bool,
    /// Evaluate by material alone (to settle exchanges).
    material_only: bool,
    /// Root moves scored within this margin of the best get exact scores.
    root_margin: Option<i32>,
    /// The root moves with the scores of the last completed iteration.
    root_scores: Vec<(Move, Score)>,
}

impl Searcher {
    /// A searcher whose transposition table takes at most `table_bytes`
    /// (allocated here, never grown; below 16 bytes there is no table).
    #[must_use]
    pub fn new(table_bytes: usize) -> Searcher {
        Searcher {
            table: Table::new(table_bytes),
            order: Order::new(),
            nodes: 0,
            keys: Vec::new(),
            lists: vec![Vec::new(); MAX_PLY + 1],
            pv: vec![Vec::new(); MAX_PLY + 2],
            node_limit: u64::MAX,
            deadline: None,
            stop: Stop::new(),
            aborted: false,
            material_only: false,
            root_margin: None,
            root_scores: Vec::new(),
        }
    }

    /// The transposition table's size in bytes.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets what earlier searches stored.
    pub fn clear(&mut self) {
        self.table.clear();
        self.order.clear();
        self.nodes = 0;
    }

    /// Makes later searches score every root move within `margin` of the
    /// best exactly (`None`: only the best), for [`root_scores`](Self::root_scores).
    pub(crate) fn set_root_margin(&mut self, margin: Option<i32>) {
        self.root_margin = margin;
    }

    /// The root moves and their scores in the last completed iteration,
    /// best first. A score more than the root margin below the best is an
    /// upper bound.
    pub(crate) fn root_scores(&self) -> &[(Move, Score)] {
        &self.root_scores
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
        let start = Instant::now();
        self.nodes = 0;
        self.aborted = false;
        self.stop = stop.clone();
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.time.and_then(|t| start.checked_add(t));
        self.keys.clear();
        self.keys.extend_from_slice(history);
        self.table.new_search();
        self.order.new_search();
        self.root_scores.clear();

        let mut work = pos.clone();
        let mut root: Vec<(Move, i32)> = Vec::new();
        let tt_move = self.table.probe(pos.zobrist()).and_then(|e| e.mv);
        pos.for_each_legal_move(|m| {
            root.push((m, self.order.rank(m, tt_move, 0, pos.turn())));
        });
        root.sort_by_key(|&(_, rank)| std::cmp::Reverse(rank));
        let mut info = SearchInfo {
            depth: 0,
            score: Score::Cp(0),
            nodes: 0,
            pv: Vec::new(),
            elapsed: Duration::ZERO,
        };
        let Some(&(first, _)) = root.first() else {
            info.score = Score::Mate(0);
            return SearchResult { best: None, info };
        };
        let mut best = first;
        let max_depth = limits
            .depth
            .unwrap_or(DEFAULT_DEPTH)
            .clamp(1, DEFAULT_DEPTH);
        for depth in 1..=max_depth {
            let (value, partial_best) = self.root(&mut work, depth as i32, &mut root);
            if self.aborted {
                if info.depth == 0 {
                    if let Some(m) = partial_best {
                        best = m;
                    }
                }
                break;
            }
            best = root[0].0;
            let pv = self.pv[0].clone();
            info = SearchInfo {
                depth,
                score: Score::from_internal(value),
                nodes: self.nodes,
                pv,
                elapsed: start.elapsed(),
            };
            self.root_scores = root
                .iter()
                .map(|&(m, v)| (m, Score::from_internal(v)))
                .collect();
            on_iteration(&info);
            // A mate found needs no deeper look; nor does a single legal move.
            if value.abs() >= MATE_BOUND && MATE - value.abs() <= depth as i32 || root.len() == 1 {
                break;
            }
            if self.poll() {
                break;
            }
        }
        info.nodes = self.nodes;
        info.elapsed = start.elapsed();
        SearchResult {
            best: Some(best),
            info,
        }
    }

    /// Evaluates `pos` by material after its captures settle (a quiescence
    /// search with a material-only evaluation), for the side to move.
    pub(crate) fn settled_material(&mut self, pos: &Position, node_limit: u64) -> i32 {
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = node_limit;
        self.deadline = None;
        self.stop = Stop::new();
        self.keys.clear();
        self.material_only = true;
        let mut work = pos.clone();
        let value = self.quiesce(&mut work, -INFINITY, INFINITY, 0);
        self.material_only = false;
        if self.aborted {
            crate::eval::material(pos)
        } else {
            value
        }
    }

    /// Whether the search must end now: the node limit (checked at every
    /// node), and every [`POLL_NODES`] nodes the stop flag and the clock.
    fn poll(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes % POLL_NODES == 0 {
            self.aborted =
                self.stop.is_stopped() || self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.aborted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_rank_above_centipawns_and_shorter_mates_first() {
        let scores = [
            Score::Mate(-2),
            Score::Mate(-6),
            Score::Cp(-5000),
            Score::Cp(0),
            Score::Cp(5000),
            Score::Mate(7),
            Score::Mate(1),
        ];
        for pair in scores.windows(2) {
            assert!(pair[0].rank() < pair[1].rank(), "{pair:?}");
        }
        assert!(Score::Mate(i32::MIN).rank() < Score::Cp(i32::MIN).rank());
        assert!(Score::Mate(i32::MAX).rank() > Score::Cp(i32::MAX).rank());
    }

    #[test]
    fn internal_mate_values_convert_to_plies() {
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(3));
        assert_eq!(Score::from_internal(-MATE + 2), Score::Mate(-2));
        assert_eq!(Score::from_internal(123), Score::Cp(123));
    }

    #[test]
    fn narrowed_limits_take_the_smaller_of_each() {
        let a = SearchLimits {
            depth: Some(4),
            nodes: None,
            time: Some(Duration::from_millis(50)),
        };
        let b = SearchLimits {
            depth: Some(6),
            nodes: Some(100),
            time: None,
        };
        let n = a.narrowed(&b);
        assert_eq!(n.depth, Some(4));
        assert_eq!(n.nodes, Some(100));
        assert_eq!(n.time, Some(Duration::from_millis(50)));
    }
}
