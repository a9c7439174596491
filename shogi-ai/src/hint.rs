//! A suggested move and why.

use shogi_rules::{Game, Move};

use crate::Stop;
use crate::level::{PlayError, Player, Strength};
use crate::search::{Score, SearchLimits};

/// Why a move is suggested.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Why {
    /// It starts a forced mate in this many plies.
    Mates(u32),
    /// The opponent threatens mate and this move stops it.
    StopsMate,
    /// It wins about this much material, in centipawns.
    WinsMaterial(i32),
    /// The search prefers it; nothing more specific to say.
    BestPosition,
}

/// A suggested move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// Why it is suggested.
    pub why: Why,
    /// Its score, from the mover's point of view.
    pub score: Score,
}

/// The move the strongest level would play in `game`, and why.
///
/// # Errors
///
/// [`PlayError`] when there is no move to suggest.
pub fn hint(game: &Game, stop: &Stop) -> Result<Hint, PlayError> {
    let choice = Player::new(Strength::MAX, 0).choose(game, &SearchLimits::default(), stop)?;
    Ok(Hint {
        mv: choice.mv,
        why: Why::BestPosition,
        score: choice.score,
    })
}
