//! Sennichite: the table of position keys a game keeps, the search for the
//! earlier occurrences of a position, and the verdict when one occurs often
//! enough (a draw, or a loss for the side that gave check with every move).
//!
//! Each ply records the key of the position after it, the previous ply with
//! the same key, how often that key has occurred and how many checks in a
//! row its mover has given; a [`KeyTable`] finds the previous ply of a key in
//! constant time. Keys only point at candidates: a repetition is confirmed by
//! comparing the positions themselves.

use super::{Game, Outcome, Termination};
use crate::{Move, Position};

/// "No ply": the end of a chain of plies with the same key.
pub(super) const NONE: u32 = u32::MAX;

/// One ply of the history.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move.
    pub mv: Move,
    /// The Zobrist key of the position after the move.
    pub key: u64,
    /// Whether the move gave check.
    pub gave_check: bool,
    /// Consecutive checking moves of the mover ending here.
    check_streak: u32,
    /// Occurrences of this ply's key so far, this one included.
    key_count: u32,
    /// The previous ply whose position had the same key (`NONE`: none).
    previous_same_key: u32,
}

/// Board, hands and side to move: what makes two positions "the same" for
/// sennichite (the move number does not count).
fn same_position(a: &Position, b: &Position) -> bool {
    a.board == b.board && a.hands == b.hands && a.turn == b.turn
}

/// The last ply at which each position key occurred: an open-addressing
/// table with linear probing whose slots hold that ply plus one (0: vacant).
/// Keys are not stored: a slot's key is the key after its ply, read from the
/// game's history, so a slot is four bytes. Zobrist keys are uniformly
/// random, so their low bits index it directly.
///
/// Plies are added and taken back in stack order, and the table grows by
/// reinserting keys in the order of their first occurrence, so taking back
/// the ply that first had a key can empty its slot without breaking any
/// probe sequence: every key inserted after it is gone already.
#[derive(Clone, Debug)]
pub(super) struct KeyTable {
    slots: Vec<u32>,
    /// The key of the start position (ply 0), kept here beside the slots.
    start_key: u64,
    used: usize,
    /// The slot written last: taking back the last ply finds its slot there
    /// without probing.
    last: usize,
}

/// The key after `ply` plies of a game that started from `start_key`.
#[inline]
fn key_after(plies: &[Ply], start_key: u64, ply: u32) -> u64 {
    match ply {
        0 => start_key,
        n => plies[n as usize - 1].key,
    }
}

impl KeyTable {
    /// A table for the start position alone (ply 0).
    pub(super) fn new(start_key: u64) -> KeyTable {
        let mut table = KeyTable {
            start_key,
            // One cache line: a program that keeps many games in play (a search, an analysis,
            // a batch of self-play games) touches one line per game for it, not sixteen. It
            // grows fourfold at half full: three times on the way to the 400-ply limit.
            slots: vec![0; 16],
            used: 0,
            last: 0,
        };
        let (i, _) = table.find(&[], start_key);
        table.slots[i] = 1;
        table.used = 1;
        table
    }

    /// The slot where `key` is or would go, and the last ply that had it.
    #[inline]
    fn find(&self, plies: &[Ply], key: u64) -> (usize, Option<u32>) {
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            match self.slots[i] {
                0 => return (i, None),
                s if key_after(plies, self.start_key, s - 1) == key => return (i, Some(s - 1)),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Records that `ply` (the last of `plies`) has `key`; returns the
    /// previous ply that had it.
    #[inline(always)]
    fn record(&mut self, plies: &[Ply], key: u64, ply: u32) -> Option<u32> {
        if 2 * (self.used + 1) > self.slots.len() {
            self.grow(plies);
        }
        let (i, previous) = self.find(plies, key);
        if previous.is_none() {
            self.used += 1;
        }
        self.slots[i] = ply + 1;
        self.last = i;
        previous
    }

    /// Takes back the last ply (the last of `plies`), which had `key`;
    /// `previous` is the ply that had it before.
    #[inline]
    fn forget(&mut self, plies: &[Ply], key: u64, previous: Option<u32>) {
        // A slot holds one ply, so the slot written last is this ply's if it
        // still holds it.
        let i = match self.slots.get(self.last) {
            Some(&s) if s as usize == plies.len() + 1 => self.last,
            _ => self.find(plies, key).0,
        };
        match previous {
            Some(p) => self.slots[i] = p + 1,
            None => {
                self.slots[i] = 0;
                self.used -= 1;
            }
        }
    }

    /// Four times the slots, refilled in the order of the plies (so keys go
    /// in in the order of their first occurrence).
    #[cold]
    fn grow(&mut self, plies: &[Ply]) {
        let mut bigger = KeyTable {
            start_key: self.start_key,
            slots: vec![0; self.slots.len() * 4],
            used: 0,
            last: 0,
        };
        for ply in 0..=plies.len() as u32 {
            let key = key_after(plies, self.start_key, ply);
            let (i, previous) = bigger.find(plies, key);
            if previous.is_none() {
                bigger.used += 1;
            }
            bigger.slots[i] = ply + 1;
        }
        *self = bigger;
    }
}

impl Game {
    /// How many times the current position (board, hands, side to move) has
    /// occurred in this game, the current occurrence included.
    #[must_use]
    pub fn repetition_count(&self) -> u32 {
        self.occurrence_plies(self.plies.len()).len() as u32
    }

    /// The plies (0 = the start) at which the current position occurred,
    /// oldest first, the current one included.
    #[must_use]
    pub fn repetition_plies(&self) -> Vec<u32> {
        self.occurrence_plies(self.plies.len())
    }

    /// Adds the ply `m`, after which the position has `key`, to the history
    /// and the key table; returns how often `key` has occurred, this time
    /// included.
    #[inline(always)]
    pub(super) fn record_ply(&mut self, m: Move, key: u64, gave_check: bool) -> u32 {
        let ply = self.plies.len() as u32 + 1;
        let check_streak = if gave_check {
            let previous = self
                .plies
                .len()
                .checked_sub(2)
                .map_or(0, |i| self.plies[i].check_streak);
            previous + 1
        } else {
            0
        };
        let previous = self.occurrences.record(&self.plies, key, ply);
        let key_count = match previous {
            None => 1,
            Some(0) => 2,
            Some(p) => self.plies[p as usize - 1].key_count + 1,
        };
        self.plies.push(Ply {
            mv: m,
            key,
            gave_check,
            check_streak,
            key_count,
            previous_same_key: previous.unwrap_or(NONE),
        });
        key_count
    }

    /// Takes the last ply out of the history and the key table.
    pub(super) fn forget_last_ply(&mut self) -> Option<Ply> {
        let ply = *self.plies.last()?;
        let previous = (ply.previous_same_key != NONE).then_some(ply.previous_same_key);
        self.occurrences.forget(&self.plies, ply.key, previous);
        self.plies.pop();
        Some(ply)
    }

    /// Plies (oldest first) at which the position after `ply` moves
    /// occurred. Keys only point at candidates: the positions are rebuilt and
    /// compared in full, so a key collision can never make a false
    /// repetition. The rebuild replays the game once; it runs only when a key
    /// has been seen as often as a repetition needs.
    fn occurrence_plies(&self, ply: usize) -> Vec<u32> {
        let mut candidates = Vec::new();
        let mut at = ply as u32;
        while at != NONE {
            candidates.push(at);
            at = match at {
                0 => NONE,
                _ => self.plies[at as usize - 1].previous_same_key,
            };
        }
        if candidates.len() == 1 {
            return candidates;
        }
        candidates.reverse();
        let mut positions = Vec::with_capacity(candidates.len());
        let mut pos = self.start.clone();
        let mut next = candidates.iter().peekable();
        for i in 0..=ply {
            if next.peek().is_some_and(|&&c| c as usize == i) {
                next.next();
                positions.push((i as u32, pos.clone()));
            }
            if let Some(p) = self.plies.get(i) {
                pos.play_unchecked(p.mv);
            }
        }
        let current = match positions.last() {
            Some((_, p)) => p.clone(),
            None => return Vec::new(),
        };
        positions
            .into_iter()
            .filter(|(_, p)| same_position(p, &current))
            .map(|(i, _)| i)
            .collect()
    }

    /// The verdict when the current position has occurred as often as
    /// sennichite needs: a draw, or a loss for the side that gave check with
    /// every one of its moves since the first occurrence (when the rules say
    /// so; if both sides did, a draw). `None` when it has not.
    pub(super) fn repetition(&self) -> Option<Outcome> {
        let now = self.plies.len();
        let plies = self.occurrence_plies(now);
        if (plies.len() as u32) < self.rules.repetitions.max(1) {
            return None;
        }
        let first = plies[0] as usize;
        let moves_each = ((now - first) / 2) as u32;
        if self.rules.perpetual_check_loses && moves_each > 0 {
            let mover = self.position.turn().opposite();
            let mover_checked = self.plies[now - 1].check_streak >= moves_each;
            let other_checked = now >= 2 && self.plies[now - 2].check_streak >= moves_each;
            match (mover_checked, other_checked) {
                (true, false) => {
                    return Some(Outcome::win(mover.opposite(), Termination::PerpetualCheck));
                }
                (false, true) => return Some(Outcome::win(mover, Termination::PerpetualCheck)),
                _ => {}
            }
        }
        Some(Outcome::draw(Termination::Repetition))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleSet;

    /// Plies (0 = start) whose position equals the one after `upto` plies,
    /// found by replaying and comparing every position.
    fn brute_force_occurrences(game: &Game, upto: usize) -> Vec<u32> {
        let mut positions = vec![game.start.clone()];
        let mut pos = game.start.clone();
        for p in &game.plies[..upto] {
            pos.play_unchecked(p.mv);
            positions.push(pos.clone());
        }
        let current = positions[upto].clone();
        (0..=upto as u32)
            .filter(|&i| same_position(&positions[i as usize], &current))
            .collect()
    }

    /// Long games with many repeated positions grow the key table several
    /// times; taking every move back afterwards must restore it exactly.
    #[test]
    fn key_table_survives_growth_and_full_undo() {
        let mut rules = RuleSet::site();
        rules.move_limit = 0;
        rules.repetitions = u32::MAX;
        rules.clock = None;
        let mut game = Game::from_position(Position::startpos(), rules);
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        // Rook shuffles repeat positions; random moves add new ones.
        let shuffle = ["2h3h", "8b7b", "3h2h", "7b8b"];
        for i in 0..1500usize {
            let played = if (i / 40) % 2 == 0 {
                game.play_usi(shuffle[i % 4]).is_ok()
            } else {
                false
            };
            if !played {
                let legal = game.position().legal_moves();
                if legal.is_empty() {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if game
                    .play(legal[(state % legal.len() as u64) as usize])
                    .unwrap()
                    .is_some()
                {
                    break;
                }
            }
            if i % 97 == 0 {
                assert_eq!(
                    game.repetition_plies(),
                    brute_force_occurrences(&game, game.plies.len())
                );
            }
        }
        assert!(game.plies.len() > 300, "only {} plies", game.plies.len());
        assert!(game.occurrences.slots.len() > 256, "the table grew");
        while !game.plies.is_empty() {
            if game.plies.len() % 53 == 0 {
                assert_eq!(
                    game.repetition_plies(),
                    brute_force_occurrences(&game, game.plies.len())
                );
            }
            game.undo().unwrap();
        }
        assert_eq!(game.occurrences.used, 1);
        assert_eq!(
            game.occurrences.slots.iter().filter(|&&s| s != 0).count(),
            1
        );
        assert_eq!(game.repetition_count(), 1);
    }
}
