//! The df-pn search: proof and disproof numbers over the tree of checks and
//! evasions, with a transposition table, repetition and length cap.

use std::time::Instant;

use shogi_rules::{Move, Position};

use super::checks::{checking_moves, mate_in_one_with};
use super::table::{Entry, NO_PLY, Table};
use super::{Exhausted, MAX_PLIES};
use crate::Stop;

/// An infinite proof or disproof number.
const INF: u32 = u32::MAX;
/// The largest finite proof or disproof number.
const BIG: u32 = INF - 1;
/// A disproof that holds for any number of plies.
const ANY_DEPTH: u16 = u16::MAX;

/// The value of a node as the search sees it from the current path.
#[derive(Copy, Clone, Debug)]
struct Val {
    pn: u32,
    dn: u32,
    /// For a proof: plies to checkmate.
    len: u16,
    /// For a disproof: the most plies it holds for.
    dis: u16,
    /// For a disproof resting on a repetition: the ply of the repeated
    /// position on the path, and its key.
    rep_ply: u16,
    rep_key: u64,
}

impl Val {
    /// A node nothing is known of.
    const UNKNOWN: Val = Val {
        pn: 1,
        dn: 1,
        len: 0,
        dis: 0,
        rep_ply: NO_PLY,
        rep_key: 0,
    };

    /// Checkmate in `len` plies.
    fn proven(len: u16) -> Val {
        Val {
            pn: 0,
            dn: INF,
            len,
            ..Val::UNKNOWN
        }
    }

    /// No mate within `dis` plies, resting on the repetition of the path's
    /// position `rep_ply` (key `rep_key`) unless that is [`NO_PLY`].
    fn disproven(dis: u16, rep_ply: u16, rep_key: u64) -> Val {
        Val {
            pn: INF,
            dn: 0,
            dis,
            rep_ply,
            rep_key,
            ..Val::UNKNOWN
        }
    }
}

/// A move of a node being searched, with what is known of its result.
#[derive(Copy, Clone, Debug)]
struct Child {
    mv: Move,
    key: u64,
    val: Val,
    /// The ply of the path position this move repeats ([`NO_PLY`]: none).
    rep: u16,
}

/// One solve: the position being searched, the table, and the limits.
pub(crate) struct Solver<'a> {
    /// The position of the node being searched (moves are played and taken
    /// back on it).
    pos: Position,
    table: Table,
    /// The children of the nodes on the current path, each node's after its
    /// parent's, so that a frame of the recursion holds only indices.
    arena: Vec<Child>,
    /// The keys of the positions from the root to the current node.
    path: Vec<u64>,
    buf: Vec<Move>,
    /// Positions expanded so far.
    pub nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: &'a Stop,
    /// The length cap in plies for the current search.
    max_plies: u16,
    /// Why the search ended early, once it has.
    pub aborted: Option<Exhausted>,
}

/// How a search of the root ended.
pub(crate) enum RootResult {
    /// Mate in this many plies.
    Proven,
    /// No mate within this many plies ([`u16::MAX`]: any).
    Disproven(u16),
    /// Undecided.
    Open,
}

impl<'a> Solver<'a> {
    /// A solver of `pos` with a table of `table_bytes`.
    pub(crate) fn new(
        pos: Position,
        table_bytes: usize,
        node_limit: u64,
        deadline: Option<Instant>,
        stop: &'a Stop,
    ) -> Solver<'a> {
        Solver {
            path: vec![pos.zobrist()],
            pos,
            table: Table::new(table_bytes),
            arena: Vec::with_capacity(4096),
            buf: Vec::with_capacity(128),
            nodes: 0,
            node_limit,
            deadline,
            stop,
            max_plies: MAX_PLIES as u16,
            aborted: None,
        }
    }

    /// Sets the node limit (positions expanded, counted from the start of
    /// the solve) and clears an earlier abort.
    pub(crate) fn set_node_limit(&mut self, limit: u64) {
        self.node_limit = limit;
        self.aborted = None;
    }

    /// Searches the root for a mate of at most `max_plies`.
    pub(crate) fn search_root(&mut self, max_plies: u16) -> RootResult {
        self.max_plies = max_plies;
        let val = self.mid(0, INF, INF);
        if val.pn == 0 {
            RootResult::Proven
        } else if val.dn == 0 {
            RootResult::Disproven(val.dis)
        } else {
            RootResult::Open
        }
    }

    /// Counts a node and notes a limit that is reached (the time and the
    /// flag at the first node and every 1024th after).
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.aborted.get_or_insert(Exhausted::Nodes);
        }
        if self.nodes % 1024 == 1 {
            if self.stop.is_stopped() {
                self.aborted.get_or_insert(Exhausted::Stopped);
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted.get_or_insert(Exhausted::Time);
            }
        }
    }

    /// Multiple-iterative deepening at the node of `ply` (the current
    /// position): searches until its proof number reaches `thpn` or its
    /// disproof number `thdn`, or it is decided, and stores and returns
    /// its value. The recursion is at most `max_plies` deep.
    fn mid(&mut self, ply: usize, thpn: u32, thdn: u32) -> Val {
        let start_nodes = self.nodes;
        self.tick();
        if self.aborted.is_some() {
            return Val::UNKNOWN;
        }
        let or = ply % 2 == 0;
        let remaining = usize::from(self.max_plies).saturating_sub(ply);
        if or {
            let val = if remaining == 0 {
                Some(Val::disproven(0, NO_PLY, 0))
            } else if mate_in_one_with(&mut self.pos).is_some() {
                Some(Val::proven(1))
            } else if remaining < 3 {
                Some(Val::disproven(remaining as u16, NO_PLY, 0))
            } else {
                None
            };
            if let Some(val) = val {
                self.store(val, start_nodes);
                return val;
            }
        }
        let first = self.arena.len();
        self.expand(or, remaining);
        if self.arena.len() == first {
            // No check: no mate. No evasion: checkmate.
            let val = if or {
                Val::disproven(ANY_DEPTH, NO_PLY, 0)
            } else {
                Val::proven(0)
            };
            self.store(val, start_nodes);
            return val;
        }
        let val = loop {
            let (val, best, second) = self.summarize(first, or, ply);
            if val.pn == 0
                || val.dn == 0
                || val.pn >= thpn
                || val.dn >= thdn
                || self.aborted.is_some()
            {
                break val;
            }
            let Some(child) = self.arena.get(best).copied() else {
                break val;
            };
            // The child may search until it is no longer the best, with a
            // margin of a quarter (the 1 + ε trick) against thrashing.
            let margin = |v: u32| v.saturating_add(v / 4).saturating_add(1).min(BIG);
            let (cthpn, cthdn) = if or {
                (
                    thpn.min(margin(second)),
                    thdn.saturating_sub(val.dn).saturating_add(child.val.dn),
                )
            } else {
                (
                    thpn.saturating_sub(val.pn).saturating_add(child.val.pn),
                    thdn.min(margin(second)),
                )
            };
            self.pos.play_unchecked(child.mv);
            self.path.push(child.key);
            let v = self.mid(ply + 1, cthpn, cthdn);
            self.path.pop();
            self.pos.undo(child.mv);
            if let Some(c) = self.arena.get_mut(best) {
                c.val = v;
            }
        };
        self.arena.truncate(first);
        self.store(val, start_nodes);
        val
    }

    /// Pushes the children of the current node on the arena: the checks at
    /// an attacker's node, every evasion at a defender's.
    #[inline(never)]
    fn expand(&mut self, or: bool, remaining: usize) {
        if or {
            let mut moves = std::mem::take(&mut self.buf);
            moves.clear();
            checking_moves(&self.pos, &mut moves);
            for &mv in &moves {
                self.pos.play_unchecked(mv);
                let key = self.pos.zobrist();
                // Fewer evasions, sooner proven: the count is the first
                // proof number.
                let evasions = self.pos.count_legal_moves();
                self.pos.undo(mv);
                let rep = self.repeats(key);
                let val = Val {
                    pn: u32::try_from(evasions).unwrap_or(BIG).clamp(1, BIG),
                    ..Val::UNKNOWN
                };
                self.arena.push(Child { mv, key, val, rep });
            }
            self.buf = moves;
        } else {
            let moves = self.pos.legal_moves();
            for &mv in moves.iter() {
                self.pos.play_unchecked(mv);
                let key = self.pos.zobrist();
                let rep = self.repeats(key);
                let mut val = Val::UNKNOWN;
                if rep == NO_PLY
                    && remaining >= 2
                    && self.table.get(key).is_none()
                    && mate_in_one_with(&mut self.pos).is_some()
                {
                    val = Val::proven(1);
                    self.table.put(entry(key, val, 1));
                }
                self.pos.undo(mv);
                self.arena.push(Child { mv, key, val, rep });
            }
        }
    }

    /// The ply of the path position whose key is `key`, or [`NO_PLY`].
    fn repeats(&self, key: u64) -> u16 {
        self.path
            .iter()
            .position(|&k| k == key)
            .map_or(NO_PLY, |i| i as u16)
    }

    /// The value of a child at `ply + 1` from what the table holds, valid
    /// for the current path.
    fn child_value(&self, c: &Child, ply: usize) -> Val {
        if c.rep != NO_PLY {
            return Val::disproven(ANY_DEPTH, c.rep, self.path[usize::from(c.rep)]);
        }
        let Some(e) = self.table.get(c.key) else {
            return c.val;
        };
        let remaining = usize::from(self.max_plies).saturating_sub(ply + 1);
        if e.pn == 0 {
            if usize::from(e.len) <= remaining {
                return Val::proven(e.len);
            }
            return Val::UNKNOWN;
        }
        if e.dn == 0 {
            let deep_enough = remaining <= usize::from(e.dis_depth);
            let same_path = e.rep_ply == NO_PLY
                || (usize::from(e.rep_ply) <= ply
                    && self.path.get(usize::from(e.rep_ply)) == Some(&e.rep_key));
            if deep_enough && same_path {
                return Val::disproven(e.dis_depth, e.rep_ply, e.rep_key);
            }
            return Val::UNKNOWN;
        }
        Val {
            pn: e.pn,
            dn: e.dn,
            ..Val::UNKNOWN
        }
    }

    /// The node's value from its children's (refreshed from the table), the
    /// index of the child to search next and the second-best child's number.
    fn summarize(&mut self, first: usize, or: bool, ply: usize) -> (Val, usize, u32) {
        let mut best = first;
        let mut best_num = INF;
        let mut second = INF;
        let mut sum: u32 = 0;
        // Proofs: shortest (attacker) or longest (defender) mate.
        let mut len: Option<u16> = None;
        // Disproofs: the weakest (attacker: all must hold) or the strongest
        // (defender: one suffices) length and repetition.
        let mut dis = ANY_DEPTH;
        let mut rep_ply = NO_PLY;
        let mut rep_key = 0;
        let mut and_disproof: Option<Val> = None;
        for i in first..self.arena.len() {
            let c = self.arena[i];
            let v = self.child_value(&c, ply);
            self.arena[i].val = v;
            // The number minimised (pn for the attacker, dn for the
            // defender) and the number summed.
            let (num, summed) = if or { (v.pn, v.dn) } else { (v.dn, v.pn) };
            if num < best_num {
                second = best_num;
                best_num = num;
                best = i;
            } else if num < second {
                second = num;
            }
            sum = sum.saturating_add(summed).min(BIG);
            if v.pn == 0 {
                len = Some(match len {
                    None => v.len,
                    Some(l) if or => l.min(v.len),
                    Some(l) => l.max(v.len),
                });
            }
            if v.dn == 0 {
                if or {
                    dis = dis.min(v.dis);
                    if v.rep_ply < rep_ply {
                        rep_ply = v.rep_ply;
                        rep_key = v.rep_key;
                    }
                } else {
                    let better = match and_disproof {
                        None => true,
                        Some(b) => (v.rep_ply == NO_PLY, v.dis) > (b.rep_ply == NO_PLY, b.dis),
                    };
                    if better {
                        and_disproof = Some(v);
                    }
                }
            }
        }
        let (pn, dn) = if or { (best_num, sum) } else { (sum, best_num) };
        let val = if pn == 0 {
            Val::proven(len.unwrap_or(0).saturating_add(1))
        } else if dn == 0 {
            let (d, rp, rk) = if or {
                (dis, rep_ply, rep_key)
            } else {
                and_disproof.map_or((0, NO_PLY, 0), |b| (b.dis, b.rep_ply, b.rep_key))
            };
            let d = if d == ANY_DEPTH {
                d
            } else {
                d.saturating_add(1)
            };
            // A repetition of this very node holds on any path to it.
            let (rp, rk) = if usize::from(rp) >= ply {
                (NO_PLY, 0)
            } else {
                (rp, rk)
            };
            Val::disproven(d, rp, rk)
        } else {
            Val {
                pn,
                dn,
                ..Val::UNKNOWN
            }
        };
        (val, best, second)
    }

    /// Stores the current node's value.
    fn store(&mut self, val: Val, start_nodes: u64) {
        let work = u32::try_from(self.nodes - start_nodes).unwrap_or(u32::MAX);
        self.table.put(entry(self.pos.zobrist(), val, work));
    }

    /// The proven line from the root: the attacker's shortest mate, the
    /// defender's longest defence as far as the table knows them. Searches
    /// again where the table lost a proof. `None` when it cannot be
    /// completed within the limits.
    pub(crate) fn principal_variation(&mut self) -> Option<Vec<Move>> {
        let mut line = Vec::new();
        let result = self.follow(&mut line);
        for &m in line.iter().rev() {
            self.pos.undo(m);
            self.path.pop();
        }
        result.then_some(line)
    }

    /// Plays the proven line on the position, appending it to `line`.
    fn follow(&mut self, line: &mut Vec<Move>) -> bool {
        let mut retried = false;
        while line.len() <= usize::from(self.max_plies) {
            let ply = line.len();
            let or = ply % 2 == 0;
            if !or && !self.pos.has_legal_moves() {
                return true;
            }
            let next = if or {
                self.attacker_move(ply)
            } else {
                self.defender_move(ply)
            };
            let mv = match next {
                Some(mv) => mv,
                None if !retried && self.aborted.is_none() => {
                    // The table lost part of the proof: prove this node again.
                    retried = true;
                    let val = self.mid(ply, INF, INF);
                    if val.pn != 0 {
                        return false;
                    }
                    continue;
                }
                None => return false,
            };
            retried = false;
            self.pos.play_unchecked(mv);
            self.path.push(self.pos.zobrist());
            line.push(mv);
        }
        false
    }

    /// The attacker's move of the shortest proven mate.
    fn attacker_move(&mut self, ply: usize) -> Option<Move> {
        if let Some(m) = mate_in_one_with(&mut self.pos) {
            return Some(m);
        }
        let mut moves = std::mem::take(&mut self.buf);
        moves.clear();
        checking_moves(&self.pos, &mut moves);
        let found = self.pick(&moves, ply, true);
        self.buf = moves;
        found
    }

    /// The defender's longest-resisting evasion, if every evasion is
    /// proven lost.
    fn defender_move(&mut self, ply: usize) -> Option<Move> {
        let moves = self.pos.legal_moves();
        self.pick(&moves, ply, false)
    }

    /// Among `moves` of the node at `ply`, the proven one with the shortest
    /// (`shortest`) or longest mate; for the defender, only if all are
    /// proven.
    fn pick(&mut self, moves: &[Move], ply: usize, shortest: bool) -> Option<Move> {
        let mut best: Option<(Move, u16)> = None;
        for &mv in moves {
            self.pos.play_unchecked(mv);
            let key = self.pos.zobrist();
            self.pos.undo(mv);
            let child = Child {
                mv,
                key,
                val: Val::UNKNOWN,
                rep: self.repeats(key),
            };
            let v = self.child_value(&child, ply);
            if v.pn != 0 {
                if shortest {
                    continue;
                }
                return None;
            }
            let better = match best {
                None => true,
                Some((_, l)) if shortest => v.len < l,
                Some((_, l)) => v.len > l,
            };
            if better {
                best = Some((mv, v.len));
            }
        }
        best.map(|(mv, _)| mv)
    }
}

/// The table entry of a value.
fn entry(key: u64, val: Val, work: u32) -> Entry {
    Entry {
        key,
        pn: val.pn,
        dn: val.dn,
        rep_key: val.rep_key,
        work,
        len: val.len,
        rep_ply: val.rep_ply,
        dis_depth: val.dis,
    }
}
