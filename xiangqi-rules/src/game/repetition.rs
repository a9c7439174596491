//! The repetition rule: counting occurrences of a position and deciding
//! between a draw and a loss by perpetual check.

use super::{Outcome, Ply, Termination};
use crate::{Color, RuleSet};

/// The outcome if the position after the last ply (key `keys[n]`, where
/// `keys[k]` is the key after `k` plies) occurs for the `rules.repetitions`-th
/// time; `start_turn` is the side to move at ply 0.
///
/// Occurrences are counted over the whole game, the start position being
/// the first occurrence of itself. At the repetition, a side all of whose
/// moves from the first occurrence to the last ply gave check loses by
/// perpetual check (if the rules say so); if both sides or neither did, the
/// game is drawn.
pub(crate) fn adjudicate(
    keys: &[u64],
    plies: &[Ply],
    start_turn: Color,
    rules: &RuleSet,
) -> Option<Outcome> {
    let (&key, _) = keys.split_last()?;
    let needed = rules.repetitions.max(2) as usize;
    // Only positions with the same side to move can be the same: every
    // second one back.
    let mut occurrences = 1;
    let mut first = keys.len() - 1;
    let mut i = first;
    while i >= 2 {
        i -= 2;
        if keys[i] == key {
            occurrences += 1;
            first = i;
        }
    }
    if occurrences < needed {
        return None;
    }
    if rules.perpetual_check_loses {
        let mut all_checks = [true; 2];
        for (j, ply) in plies.iter().enumerate().skip(first) {
            let mover = if j % 2 == 0 {
                start_turn
            } else {
                start_turn.opposite()
            };
            all_checks[mover.index()] &= ply.check;
        }
        match all_checks {
            [true, false] => return Some(Outcome::win(Color::Black, Termination::PerpetualCheck)),
            [false, true] => return Some(Outcome::win(Color::Red, Termination::PerpetualCheck)),
            _ => {}
        }
    }
    Some(Outcome::draw(Termination::Repetition))
}
