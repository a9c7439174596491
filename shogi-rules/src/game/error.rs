//! What a [`Game`](super::Game) refuses, and why a USI `position` line does
//! not replay as one.

use super::RestoreError;
use super::{DeclarationRejection, Outcome};
use crate::{Color, IllegalMoveError};

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
    /// The move text is not a USI move.
    #[error(transparent)]
    BadMoveText(crate::ParseUsiMoveError),
    /// There is no move to take back.
    #[error("there is no move to take back")]
    NothingToUndo,
    /// The impasse declaration is not valid (and the rules reject rather than
    /// score invalid declarations).
    #[error("impasse declaration rejected: {0}")]
    DeclarationRejected(DeclarationRejection),
    /// The action needs it to be this player's turn.
    #[error("it is not {0}'s turn")]
    NotYourTurn(Color),
    /// The player has made all the draw offers the rules allow.
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
    /// [`Game::set_stated_outcome`](crate::Game::set_stated_outcome): the result is one the game could not
    /// be restored with (see [`RestoreError`]): a result the rules decide,
    /// a winner that does not fit, a declaration the rules do not give, a
    /// time loss (a game with a clock ends on time through [`Game::flag`](crate::Game::flag)),
    /// a draw agreement without an offer.
    #[error("this result cannot be stated: {0}")]
    NotStatable(RestoreError),
}

/// A USI `position` line that cannot be replayed as a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameFromUsiError {
    /// The line itself is malformed.
    #[error(transparent)]
    Command(#[from] crate::usi::UsiCommandError),
    /// A move is illegal.
    #[error("ply {ply}: {source}")]
    IllegalMove {
        /// 1-based ply.
        ply: usize,
        /// The reason.
        source: IllegalMoveError,
    },
    /// A move follows the end of the game.
    #[error("ply {ply}: the game was already over ({})", .outcome.termination.as_str())]
    AfterEnd {
        /// 1-based ply.
        ply: usize,
        /// How it had ended.
        outcome: Outcome,
    },
    /// The text exceeds one of the [`crate::record::ReadLimits`].
    #[error("{} exceeds the limit of {max}", .limit.description())]
    LimitExceeded {
        /// Which limit.
        limit: crate::record::Limit,
        /// Its value.
        max: usize,
    },
}
