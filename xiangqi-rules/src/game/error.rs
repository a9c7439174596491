//! What a [`Game`](super::Game) refuses.

use super::Outcome;
use crate::{Color, IllegalMoveError, ParseIccsMoveError};

/// An action the game refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// The game is over.
    #[error("the game is over ({})", .0.termination.as_str())]
    GameOver(Outcome),
    /// The move is illegal.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMoveError),
    /// The move text is not an ICCS move.
    #[error(transparent)]
    BadMoveText(#[from] ParseIccsMoveError),
    /// There is no move to take back (none was played, or the game ended
    /// otherwise than by a move).
    #[error("there is no move to take back")]
    NothingToUndo,
    /// The player has made all the draw offers the rules allow
    /// ([`RuleSet::max_draw_offers`](crate::RuleSet::max_draw_offers)).
    #[error("{0} has no draw offers left")]
    NoDrawOffersLeft(Color),
    /// A draw offer is already open.
    #[error("a draw offer is already open")]
    DrawOfferPending,
    /// There is no open draw offer from the opponent to answer.
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
    /// The game has no clock.
    #[error("the game has no clock")]
    NoClock,
}
