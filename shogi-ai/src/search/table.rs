//! The transposition table: a fixed array of 16-byte entries, allocated once
//! at the size the caller allows and never grown.
//!
//! An entry is found by the low bits of the position's Zobrist key and
//! checked against the whole key. A new result replaces the old one unless
//! the old one is from the current search, for another position or the same
//! one, and was searched deeper.

use shogi_rules::Move;

/// The kind of score an entry holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (the search failed high).
    Lower,
    /// At most this score (the search failed low).
    Upper,
}

/// One slot: 16 bytes.
#[derive(Copy, Clone, Debug, Default)]
struct Slot {
    key: u64,
    /// The best move's bits (0: none).
    mv: u32,
    score: i16,
    depth: i8,
    /// Bits 0–1: the bound (0: empty slot); bits 2–7: the search generation.
    meta: u8,
}

/// What a probe finds.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    /// The best (or refuting) move found, if any.
    pub mv: Option<Move>,
    /// The score, adjusted to the distance from the root by the caller.
    pub score: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
}

/// The transposition table.
pub(crate) struct Table {
    slots: Vec<Slot>,
    generation: u8,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("entries", &self.slots.len())
            .field("generation", &self.generation)
            .finish()
    }
}

/// The size of one entry in bytes.
pub(crate) const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

impl Table {
    /// A table of the largest power-of-two number of entries that fits in
    /// `bytes` (none when `bytes` is below one entry).
    pub(crate) fn new(bytes: usize) -> Table {
        let fit = bytes / ENTRY_BYTES;
        let len = if fit == 0 {
            0
        } else {
            1usize << (usize::BITS - 1 - fit.leading_zeros())
        };
        Table {
            slots: vec![Slot::default(); len],
            generation: 0,
        }
    }

    /// The table's size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * ENTRY_BYTES
    }

    /// Empties every slot.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.generation = 0;
    }

    /// Starts a new search: older entries become preferred for replacement.
    pub(crate) fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    fn index(&self, key: u64) -> Option<usize> {
        if self.slots.is_empty() {
            None
        } else {
            Some(key as usize & (self.slots.len() - 1))
        }
    }

    /// The entry stored for `key`, if any.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slots[self.index(key)?];
        let bound = match slot.meta & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        if slot.key != key {
            return None;
        }
        Some(Entry {
            mv: Move::from_bits(slot.mv).filter(|_| slot.mv != 0),
            score: i32::from(slot.score),
            depth: i32::from(slot.depth),
            bound,
        })
    }

    /// Stores a result for `key`.
    pub(crate) fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let Some(i) = self.index(key) else {
            return;
        };
        let generation = self.generation;
        let slot = &mut self.slots[i];
        let current = slot.meta & 3 != 0 && slot.meta >> 2 == generation;
        if current && i32::from(slot.depth) > depth && bound != Bound::Exact {
            return;
        }
        let mv_bits = match mv {
            Some(m) => m.to_bits(),
            // Keep the old move of the same position when the new result has none.
            None if slot.key == key => slot.mv,
            None => 0,
        };
        *slot = Slot {
            key,
            mv: mv_bits,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth.clamp(-1, i32::from(i8::MAX)) as i8,
            meta: (generation << 2)
                | match bound {
                    Bound::Exact => 1,
                    Bound::Lower => 2,
                    Bound::Upper => 3,
                },
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_rules::{Role, Square};

    #[test]
    fn the_table_never_exceeds_its_size() {
        for bytes in [0, 15, 16, 17, 1000, 1 << 20, (1 << 20) + 5] {
            let table = Table::new(bytes);
            assert!(table.bytes() <= bytes);
            assert!(bytes < ENTRY_BYTES || table.bytes() * 2 > bytes);
        }
        assert_eq!(ENTRY_BYTES, 16);
    }

    #[test]
    fn a_stored_entry_is_found_and_an_empty_table_finds_nothing() {
        let m = Move::drop(Role::Gold, Square::SQ_5E);
        let mut table = Table::new(1 << 10);
        table.store(0x1234_5678, Some(m), -250, 3, Bound::Lower);
        let e = table.probe(0x1234_5678).unwrap();
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (Some(m), -250, 3, Bound::Lower)
        );
        assert!(table.probe(0x1234_5679).is_none());
        let mut empty = Table::new(0);
        empty.store(1, Some(m), 0, 1, Bound::Exact);
        assert!(empty.probe(1).is_none());
    }
}
