//! Move ordering: the transposition table's move first, then captures and
//! promotions by most valuable victim, least valuable attacker (MVV-LVA),
//! then the two killer moves of the ply, then the other moves by their
//! history (how often they refuted a position earlier in the search).

use shogi_rules::{Color, Move};

use super::MAX_PLY;
use crate::eval::piece_value;

/// The rank of the transposition table's move.
const TT_MOVE: i32 = 1 << 28;
/// The base rank of captures and promotions.
const TACTICAL: i32 = 1 << 26;
/// The rank of the first killer (the second is one below).
const KILLER: i32 = 1 << 24;
/// History scores stay below this.
const HISTORY_MAX: i32 = 1 << 20;

/// Killer moves and history scores, kept between searches of one game.
#[derive(Clone, Debug)]
pub(crate) struct Order {
    killers: Vec<[Option<Move>; 2]>,
    /// Indexed by [`history_index`].
    history: Vec<i32>,
}

/// The history slot of `m` for `color`: colour, drop or board move, role, square.
fn history_index(color: Color, m: Move) -> usize {
    ((color.index() * 2 + usize::from(m.is_drop())) * 14 + m.role().index()) * 81 + m.to().index()
}

/// Whether `m` is searched as a tactical move (capture or promotion).
pub(crate) fn is_tactical(m: Move) -> bool {
    m.is_capture() || m.is_promotion()
}

/// The MVV-LVA rank of a capture or promotion (higher first).
pub(crate) fn tactical_rank(m: Move) -> i32 {
    let victim = m.capture().map_or(0, piece_value);
    let gain = piece_value(m.role_after()) - piece_value(m.role());
    TACTICAL + (victim + gain) * 16 - piece_value(m.role()) / 8
}

impl Order {
    /// Empty killers and history.
    pub(crate) fn new() -> Order {
        Order {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * 2 * 14 * 81],
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill(0);
    }

    /// Starts a new search: killers are forgotten and history fades.
    pub(crate) fn new_search(&mut self) {
        self.killers.fill([None; 2]);
        for h in &mut self.history {
            *h /= 4;
        }
    }

    /// The ordering rank of `m` (higher first) at `ply` for `color`.
    pub(crate) fn rank(&self, m: Move, tt_move: Option<Move>, ply: usize, color: Color) -> i32 {
        if Some(m) == tt_move {
            TT_MOVE
        } else if is_tactical(m) {
            tactical_rank(m)
        } else {
            let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
            if Some(m) == killers[0] {
                KILLER
            } else if Some(m) == killers[1] {
                KILLER - 1
            } else {
                self.history[history_index(color, m)]
            }
        }
    }

    /// Records that the quiet move `m` refuted the position at `ply`,
    /// searched to `depth`.
    pub(crate) fn cutoff(&mut self, m: Move, ply: usize, color: Color, depth: i32) {
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
        }
        let h = &mut self.history[history_index(color, m)];
        *h = (*h + depth * depth).min(HISTORY_MAX);
    }
}

/// Moves the best-ranked move of `list[from..]` to `list[from]`.
pub(crate) fn pick(list: &mut [(Move, i32)], from: usize) {
    let mut best = from;
    for i in from + 1..list.len() {
        if list[i].1 > list[best].1 {
            best = i;
        }
    }
    list.swap(from, best);
}
