//! Pieces in hand.

use crate::Role;

/// The pieces one player holds in hand: a count for each of the seven hand
/// roles (pawn, lance, knight, silver, bishop, rook, gold).
///
/// ```
/// use shogi_rules::{Hand, Role};
/// let mut hand = Hand::default();
/// hand.set(Role::Pawn, 18);
/// assert_eq!(hand.get(Role::Pawn), 18);
/// assert_eq!(hand.get(Role::Rook), 0);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Hand {
    counts: [u8; 7],
}

impl Hand {
    /// An empty hand.
    pub const EMPTY: Hand = Hand { counts: [0; 7] };

    /// How many pieces of `role` (its unpromoted form) are held. Always 0 for the king.
    #[inline]
    #[must_use]
    pub const fn get(&self, role: Role) -> u8 {
        let r = role.unpromote();
        if r.is_hand_role() {
            self.counts[r as usize]
        } else {
            0
        }
    }

    /// Sets the count of `role` (its unpromoted form). Ignored for the king,
    /// which can never be held.
    #[inline]
    pub fn set(&mut self, role: Role, count: u8) {
        let r = role.unpromote();
        if r.is_hand_role() {
            self.counts[r as usize] = count;
        }
    }

    /// One more of `role`, a hand role (anything else is ignored).
    #[inline]
    pub(crate) fn add(&mut self, role: Role) {
        if let Some(c) = self.counts.get_mut(role as usize) {
            *c = c.saturating_add(1);
        }
    }

    /// One fewer of `role`, a hand role (anything else is ignored).
    #[inline]
    pub(crate) fn remove(&mut self, role: Role) {
        if let Some(c) = self.counts.get_mut(role as usize) {
            *c = c.saturating_sub(1);
        }
    }

    /// Whether the hand holds nothing.
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        u64::from_le_bytes([
            self.counts[0],
            self.counts[1],
            self.counts[2],
            self.counts[3],
            self.counts[4],
            self.counts[5],
            self.counts[6],
            0,
        ]) == 0
    }

    /// The total number of pieces held.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }

    /// The held roles with their counts, in canonical SFEN order (R B G S N L P),
    /// skipping roles with a count of zero.
    pub fn iter(&self) -> impl Iterator<Item = (Role, u8)> + '_ {
        Role::HAND
            .iter()
            .map(move |&r| (r, self.get(r)))
            .filter(|&(_, n)| n > 0)
    }
}
