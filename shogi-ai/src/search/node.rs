//! The recursive part of the search: the root iteration, the
//! principal-variation search below it and the quiescence search at the
//! horizon.

use shogi_rules::{Move, Position};

use super::order::{is_tactical, pick, tactical_rank};
use super::table::Bound;
use super::{INFINITY, MATE, MATE_BOUND, MAX_PLY, Searcher};
use crate::eval::{evaluate, material, piece_value};

/// A capture in quiescence is skipped when even winning its victim leaves
/// the score this far below alpha.
const DELTA_MARGIN: i32 = 200;

/// A quiet move that gives no check is not searched `d` plies (1 or 2)
/// from the horizon when the static evaluation is this much times `d`
/// below alpha.
const FUTILITY_MARGIN: i32 = 250;

/// The value stored in the table for `value` found `ply` plies from the
/// root: mates count from the stored position.
fn to_table(value: i32, ply: usize) -> i32 {
    if value >= MATE_BOUND {
        value + ply as i32
    } else if value <= -MATE_BOUND {
        value - ply as i32
    } else {
        value
    }
}

/// The value at `ply` of a table value.
fn from_table(value: i32, ply: usize) -> i32 {
    if value >= MATE_BOUND {
        value - ply as i32
    } else if value <= -MATE_BOUND {
        value + ply as i32
    } else {
        value
    }
}

impl Searcher {
    /// One iteration at the root to `depth`: searches the moves of `root`
    /// in order, then sorts them best first with their scores. Returns the
    /// best value and the best move among those searched completely
    /// (meaningful when the search was aborted).
    pub(super) fn root(
        &mut self,
        pos: &mut Position,
        depth: i32,
        root: &mut [(Move, i32)],
    ) -> (i32, Option<Move>) {
        let key = pos.zobrist();
        let beta = INFINITY;
        let mut alpha = -INFINITY;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut scores = vec![-INFINITY; root.len()];
        for i in 0..root.len() {
            let m = root[i].0;
            self.keys.push(key);
            pos.play_unchecked(m);
            let value = if i == 0 {
                -self.negamax(pos, depth - 1, -beta, -alpha, 1)
            } else {
                let floor = match self.root_margin {
                    Some(margin) => (best - margin).max(-INFINITY + 1),
                    None => alpha,
                };
                let mut v = -self.negamax(pos, depth - 1, -floor - 1, -floor, 1);
                if v > floor && !self.aborted {
                    v = -self.negamax(pos, depth - 1, -beta, -floor, 1);
                }
                v
            };
            pos.undo(m);
            self.keys.pop();
            if self.aborted {
                break;
            }
            scores[i] = value;
            if value > best {
                best = value;
                best_move = Some(m);
                alpha = alpha.max(value);
                self.set_pv(0, m);
            }
        }
        if !self.aborted {
            for (entry, &value) in root.iter_mut().zip(&scores) {
                entry.1 = value;
            }
            root.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
            self.table
                .store(key, best_move, to_table(best, 0), depth, Bound::Exact);
        }
        (best, best_move)
    }

    /// The principal variation at `ply` becomes `m` followed by the one
    /// at `ply + 1`.
    fn set_pv(&mut self, ply: usize, m: Move) {
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(m);
        if let Some(rest) = below.first() {
            line.extend_from_slice(rest);
        }
    }

    /// Whether the position with `key` occurred before with the same side
    /// to move, in the game or on the search path.
    fn repeated(&self, key: u64) -> bool {
        self.keys.iter().rev().skip(1).step_by(2).any(|&k| k == key)
    }

    /// The static evaluation used at the horizon, kept below the mate
    /// scores.
    fn static_eval(&self, pos: &Position) -> i32 {
        let value = if self.material_only {
            material(pos)
        } else {
            evaluate(pos)
        };
        value.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Principal-variation search of `pos` to `depth` within
    /// (`alpha`, `beta`), `ply` plies from the root.
    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        let in_check = pos.in_check();
        // A side in check looks a ply further.
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        self.pv[ply].clear();
        self.nodes += 1;
        if self.poll() {
            return 0;
        }
        let key = pos.zobrist();
        if self.repeated(key) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos);
        }
        // No mate found here can be shorter than one already found.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let entry = self.table.probe(key);
        let tt_move = entry.and_then(|e| e.mv);
        if let Some(e) = entry {
            if !pv_node && e.depth >= depth {
                let v = from_table(e.score, ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if usable {
                    return v;
                }
            }
        }

        let us = pos.turn();
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        pos.for_each_legal_move(|m| list.push((m, 0)));
        if list.is_empty() {
            self.lists[ply] = list;
            // No legal move: lost (checkmate, or a side with nothing to move).
            return -MATE + ply as i32;
        }
        for entry in &mut list {
            entry.1 = self.order.rank(entry.0, tt_move, ply, us);
        }

        // Futility: near the horizon, quiet moves that give no check cannot
        // lift a position far below alpha.
        let futile = !pv_node
            && !in_check
            && depth <= 2
            && alpha.abs() < MATE_BOUND
            && self.static_eval(pos) + FUTILITY_MARGIN * depth <= alpha;
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0..list.len() {
            pick(&mut list, i);
            let m = list[i].0;
            let quiet = !is_tactical(m);
            self.keys.push(key);
            pos.play_unchecked(m);
            let gives_check = pos.in_check();
            if futile && quiet && !gives_check && best_move.is_some() {
                pos.undo(m);
                self.keys.pop();
                continue;
            }
            let value = if i == 0 {
                -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let reduction = if depth >= 3 && i >= 3 && quiet && !in_check && !gives_check {
                    if i >= 12 && depth >= 5 { 2 } else { 1 }
                } else {
                    0
                };
                let mut v = -self.negamax(pos, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
                if v > alpha && reduction > 0 && !self.aborted {
                    v = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if v > alpha && v < beta && !self.aborted {
                    v = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1);
                }
                v
            };
            pos.undo(m);
            self.keys.pop();
            if self.aborted {
                self.lists[ply] = list;
                return 0;
            }
            if value > best {
                best = value;
                best_move = Some(m);
                if value > alpha {
                    alpha = value;
                    self.set_pv(ply, m);
                    if value >= beta {
                        if quiet {
                            self.order.cutoff(m, ply, us, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .store(key, best_move, to_table(best, ply), depth, bound);
        best
    }

    /// Quiescence search: the side to move may stand on the static
    /// evaluation or try its captures and promotions; a side in check
    /// tries every evasion.
    pub(super) fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        if self.poll() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos);
        }
        let in_check = pos.in_check();
        let mut best = -INFINITY;
        let mut stand = -INFINITY;
        if !in_check {
            stand = self.static_eval(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        let mut any = false;
        pos.for_each_legal_move(|m| {
            any = true;
            if in_check {
                let rank = if is_tactical(m) { tactical_rank(m) } else { 0 };
                list.push((m, rank));
            } else if is_tactical(m) {
                let gain = m.capture().map_or(0, piece_value) + piece_value(m.role_after())
                    - piece_value(m.role());
                if stand + gain + DELTA_MARGIN > alpha {
                    list.push((m, tactical_rank(m)));
                }
            }
        });
        if !any {
            self.lists[ply] = list;
            return -MATE + ply as i32;
        }
        for i in 0..list.len() {
            pick(&mut list, i);
            let m = list[i].0;
            pos.play_unchecked(m);
            let value = -self.quiesce(pos, -beta, -alpha, ply + 1);
            pos.undo(m);
            if self.aborted {
                self.lists[ply] = list;
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    self.set_pv(ply, m);
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        best
    }
}
