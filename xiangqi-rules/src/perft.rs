//! Perft: counting the leaves of the legal move tree, the standard check of
//! a move generator.
//!
//! Children are made by copy-make (a position is about 140 bytes). At the
//! last ply the moves are counted, not played (bulk counting).

use crate::{Move, Position};

/// The deepest perft counted. Each ply of depth is a level of recursion,
/// and no count this deep could finish: a deeper request counts nothing,
/// so that no depth a caller passes can exhaust the stack.
pub const MAX_PERFT_DEPTH: u32 = 32;

/// The number of legal move sequences of length `depth` from `pos`; 0 when
/// `depth` is above [`MAX_PERFT_DEPTH`].
///
/// ```
/// use xiangqi_rules::{perft, Position};
/// assert_eq!(perft(&Position::startpos(), 2), 1_920);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth > MAX_PERFT_DEPTH {
        return 0;
    }
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            pos.generate(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                nodes += perft(&child, depth - 1);
                true
            });
            nodes
        }
    }
}

/// The perft count below each legal move, in generation order, for finding
/// where two generators disagree; empty when `depth` is 0 or above
/// [`MAX_PERFT_DEPTH`].
///
/// ```
/// use xiangqi_rules::{perft_divide, Position};
/// let divide = perft_divide(&Position::startpos(), 2);
/// assert_eq!(divide.len(), 44);
/// assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 1_920);
/// ```
#[must_use]
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out = Vec::new();
    if depth == 0 || depth > MAX_PERFT_DEPTH {
        return out;
    }
    pos.generate(|m| {
        let mut child = pos.clone();
        child.play_unchecked(m);
        out.push((m, perft(&child, depth - 1)));
        true
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_depth_no_count_could_reach_counts_nothing_at_once() {
        let start = Position::startpos();
        assert_eq!(perft(&start, u32::MAX), 0);
        assert!(perft_divide(&start, MAX_PERFT_DEPTH + 1).is_empty());
    }
}
