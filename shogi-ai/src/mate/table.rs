//! The solver's transposition table: proof and disproof numbers by Zobrist
//! key, in buckets of four, within a memory cap.

/// No ancestor: a disproof that holds whatever the path to the position.
pub(crate) const NO_PLY: u16 = u16::MAX;

/// What the table knows of one position.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The position's Zobrist key (0: an empty slot).
    pub key: u64,
    /// Proof number (0: proven).
    pub pn: u32,
    /// Disproof number (0: disproven).
    pub dn: u32,
    /// For a disproof that rests on a repetition of an earlier position of
    /// the path: that position's key.
    pub rep_key: u64,
    /// Positions visited below this one, for replacement.
    pub work: u32,
    /// For a proof: plies to checkmate.
    pub len: u16,
    /// For a disproof that rests on a repetition: the ply of the repeated
    /// position on the path ([`NO_PLY`] when it rests on none).
    pub rep_ply: u16,
    /// For a disproof: the most plies it holds for ([`u16::MAX`]: any
    /// number; smaller when it came from the length cap).
    pub dis_depth: u16,
}

impl Entry {
    /// Whether the entry holds a proof or a disproof.
    fn is_final(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// Entries per bucket.
const WAYS: usize = 4;

/// Buckets of a new table: small, so that a small problem costs little.
const FIRST_BUCKETS: usize = 1 << 10;

/// A table of [`Entry`] that starts small and doubles as it fills, up to
/// its cap.
pub(crate) struct Table {
    entries: Vec<Entry>,
    /// Buckets minus one (their count is a power of two).
    mask: usize,
    /// Occupied slots.
    used: usize,
    /// The most buckets the cap allows.
    max_buckets: usize,
}

impl Table {
    /// A table of at most `bytes` (at least one bucket).
    pub(crate) fn new(bytes: usize) -> Table {
        let per_bucket = WAYS * size_of::<Entry>();
        let buckets = (bytes / per_bucket).max(1);
        // The largest power of two not above `buckets`.
        let max_buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        let buckets = FIRST_BUCKETS.min(max_buckets);
        Table {
            entries: vec![Entry::default(); buckets * WAYS],
            mask: buckets - 1,
            used: 0,
            max_buckets,
        }
    }

    /// Doubles the buckets and stores the entries again.
    fn grow(&mut self) {
        let buckets = (self.mask + 1) * 2;
        let old = std::mem::replace(&mut self.entries, vec![Entry::default(); buckets * WAYS]);
        self.mask = buckets - 1;
        self.used = 0;
        for e in old.into_iter().filter(|e| e.key != 0) {
            self.put(e);
        }
    }

    /// The first slot of `key`'s bucket.
    fn bucket(&self, key: u64) -> usize {
        // The low bits of a Zobrist key are as random as the high ones.
        (key as usize & self.mask) * WAYS
    }

    /// The entry of `key`, if the table holds one.
    pub(crate) fn get(&self, key: u64) -> Option<&Entry> {
        let start = self.bucket(key);
        self.entries
            .get(start..start + WAYS)?
            .iter()
            .find(|e| e.key == key && key != 0)
    }

    /// Stores `entry`, replacing the entry of the same key, an empty slot,
    /// or else the entry that cost the least work (open entries before
    /// proofs and disproofs).
    pub(crate) fn put(&mut self, entry: Entry) {
        if self.used * 4 >= self.entries.len() * 3 && self.mask < self.max_buckets - 1 {
            self.grow();
        }
        let start = self.bucket(entry.key);
        let Some(bucket) = self.entries.get_mut(start..start + WAYS) else {
            return;
        };
        let slot = match bucket.iter().position(|e| e.key == entry.key) {
            Some(i) => i,
            None => match bucket.iter().position(|e| e.key == 0) {
                Some(i) => {
                    self.used += 1;
                    i
                }
                None => {
                    let mut victim = 0;
                    let rank = |e: &Entry| (e.is_final(), e.work);
                    for (i, e) in bucket.iter().enumerate() {
                        if rank(e) < rank(&bucket[victim]) {
                            victim = i;
                        }
                    }
                    victim
                }
            },
        };
        bucket[slot] = entry;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_costly_and_final_entries_when_a_bucket_is_full() {
        let mut table = Table::new(4 * size_of::<Entry>());
        let open = |key, work| Entry {
            key,
            pn: 1,
            dn: 1,
            work,
            ..Entry::default()
        };
        for (key, work) in [(1, 5), (2, 1), (3, 9), (4, 7)] {
            table.put(open(key, work));
        }
        table.put(Entry {
            key: 5,
            pn: 0,
            dn: u32::MAX,
            ..Entry::default()
        });
        assert!(table.get(2).is_none());
        assert!(table.get(5).is_some());
        table.put(open(6, 100));
        assert!(table.get(1).is_none());
        assert_eq!(table.get(5).map(|e| e.pn), Some(0));
    }
}
