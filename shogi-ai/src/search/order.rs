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

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_rules::{Role, Square};

    #[test]
    fn ranks_follow_tt_move_captures_killers_history() {
        let pxr = Move::normal(
            Role::Pawn,
            Square::SQ_5G,
            Square::SQ_5F,
            Some(Role::Rook),
            false,
        );
        let rxp = Move::normal(
            Role::Rook,
            Square::SQ_2H,
            Square::SQ_2C,
            Some(Role::Pawn),
            false,
        );
        let quiet = Move::normal(Role::Silver, Square::SQ_3I, Square::SQ_4H, None, false);
        let killer = Move::drop(Role::Gold, Square::SQ_5B);
        let other = Move::drop(Role::Gold, Square::SQ_4B);
        let mut order = Order::new();
        order.cutoff(killer, 3, Color::Sente, 4);
        order.cutoff(quiet, 7, Color::Sente, 2);
        let rank = |m| order.rank(m, Some(quiet), 3, Color::Sente);
        assert!(rank(quiet) > rank(pxr));
        assert!(rank(pxr) > rank(rxp));
        assert!(rank(rxp) > rank(killer));
        assert!(rank(killer) > rank(other));
        // History counts for the colour that played the move only.
        let history = |m, color| order.rank(m, None, 9, color);
        assert!(history(quiet, Color::Sente) > history(quiet, Color::Gote));
    }

    #[test]
    fn pick_brings_the_best_ranked_move_forward() {
        let a = Move::drop(Role::Pawn, Square::SQ_5E);
        let b = Move::drop(Role::Gold, Square::SQ_5E);
        let c = Move::drop(Role::Rook, Square::SQ_5E);
        let mut list = [(a, 1), (b, 7), (c, 3)];
        pick(&mut list, 0);
        assert_eq!(list[0].0, b);
        pick(&mut list, 1);
        assert_eq!(list[1].0, c);
    }
}
