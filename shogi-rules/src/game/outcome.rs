//! How a game ends: the [`Termination`], the [`Outcome`] (a winner, or none,
//! and the termination) and the pairs of the two that cannot go together.

use crate::Color;

crate::names::named_enum! {
    /// How a game ended.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    #[non_exhaustive]
    pub enum Termination("termination") {
        /// The side to move is in check and has no legal move.
        Checkmate => "checkmate",
        /// The side to move is not in check but has no legal move (a loss).
        NoLegalMoves => "no_legal_moves",
        /// Sennichite: fourfold repetition, a draw.
        Repetition => "repetition",
        /// Sennichite where one side checked throughout: that side loses.
        PerpetualCheck => "perpetual_check",
        /// An impasse declaration (or the automatic count at the move limit is
        /// [`Termination::MoveLimit`]).
        ImpasseDeclaration => "impasse",
        /// The move limit was reached.
        MoveLimit => "move_limit",
        /// A king reached the enemy king's start square under the try rule.
        TryRule => "try_rule",
        /// A player resigned.
        Resignation => "resignation",
        /// A player ran out of time.
        Timeout => "timeout",
        /// The players agreed to a draw.
        DrawAgreement => "draw_agreement",
        /// A foul decided the game (as a record states it; never produced by play).
        IllegalMove => "illegal_move",
        /// The game was stopped without a result.
        Interrupted => "interrupted",
    }
}

impl Termination {
    /// Whether the game was ended by the move just played (and so can be
    /// taken back with [`Game::undo`](crate::Game::undo)).
    #[must_use]
    pub const fn is_by_move(self) -> bool {
        matches!(
            self,
            Termination::Checkmate
                | Termination::NoLegalMoves
                | Termination::Repetition
                | Termination::PerpetualCheck
                | Termination::MoveLimit
                | Termination::TryRule
        )
    }

    /// Whether a game that ends so always has a winner: checkmate, no legal
    /// moves, perpetual check, the try rule, resignation, timeout and a
    /// foul.
    ///
    /// ```
    /// use shogi_rules::Termination;
    /// assert!(Termination::Checkmate.requires_winner());
    /// assert!(!Termination::MoveLimit.requires_winner()); // a draw unless the 24-point count decides
    /// ```
    #[must_use]
    pub const fn requires_winner(self) -> bool {
        matches!(
            self,
            Termination::Checkmate
                | Termination::NoLegalMoves
                | Termination::PerpetualCheck
                | Termination::TryRule
                | Termination::Resignation
                | Termination::Timeout
                | Termination::IllegalMove
        )
    }

    /// Whether a game that ends so can have a winner: every ending but
    /// repetition, a draw agreement and an interruption. The impasse
    /// declaration and the move limit may end either way.
    ///
    /// ```
    /// use shogi_rules::Termination;
    /// assert!(!Termination::DrawAgreement.allows_winner());
    /// assert!(Termination::ImpasseDeclaration.allows_winner());
    /// ```
    #[must_use]
    pub const fn allows_winner(self) -> bool {
        !matches!(
            self,
            Termination::Repetition | Termination::DrawAgreement | Termination::Interrupted
        )
    }
}

/// A winner and a termination that cannot go together: what
/// [`Outcome::new`] refuses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum OutcomeError {
    /// The termination always has a winner, and none is given.
    #[error("a game ended by {} has a winner", .0.as_str())]
    MissingWinner(Termination),
    /// The termination never has a winner, and one is given.
    #[error("a game ended by {} has no winner, but {winner} is given", .termination.as_str())]
    UnexpectedWinner {
        /// The winner given.
        winner: Color,
        /// The termination.
        termination: Termination,
    },
}

/// The result of a finished game: the winner (`None` for a draw or no
/// result) and how it ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// How the game ended.
    pub termination: Termination,
}

impl Outcome {
    /// The outcome with `winner` and `termination`, if they can go together
    /// ([`Termination::requires_winner`], [`Termination::allows_winner`]).
    ///
    /// ```
    /// use shogi_rules::{Color, Outcome, OutcomeError, Termination};
    /// assert_eq!(
    ///     Outcome::new(Some(Color::Sente), Termination::Checkmate),
    ///     Ok(Outcome::win(Color::Sente, Termination::Checkmate))
    /// );
    /// assert_eq!(
    ///     Outcome::new(None, Termination::Checkmate),
    ///     Err(OutcomeError::MissingWinner(Termination::Checkmate))
    /// );
    /// assert!(Outcome::new(Some(Color::Gote), Termination::DrawAgreement).is_err());
    /// ```
    ///
    /// # Errors
    /// [`OutcomeError::MissingWinner`] for a decisive termination without a
    /// winner, [`OutcomeError::UnexpectedWinner`] for a drawn (or
    /// interrupted) one with a winner.
    pub const fn new(
        winner: Option<Color>,
        termination: Termination,
    ) -> Result<Outcome, OutcomeError> {
        match winner {
            None if termination.requires_winner() => Err(OutcomeError::MissingWinner(termination)),
            Some(winner) if !termination.allows_winner() => Err(OutcomeError::UnexpectedWinner {
                winner,
                termination,
            }),
            _ => Ok(Outcome {
                winner,
                termination,
            }),
        }
    }

    /// Whether the winner fits the termination (see [`Outcome::new`]).
    #[must_use]
    pub const fn is_consistent(&self) -> bool {
        Outcome::new(self.winner, self.termination).is_ok()
    }

    /// A win for `winner`.
    #[must_use]
    pub const fn win(winner: Color, termination: Termination) -> Outcome {
        Outcome {
            winner: Some(winner),
            termination,
        }
    }

    /// A draw.
    #[must_use]
    pub const fn draw(termination: Termination) -> Outcome {
        Outcome {
            winner: None,
            termination,
        }
    }
}
