//! How a game ends: the [`Termination`], the [`Outcome`] (a winner, or none,
//! and the termination) and the pairs of the two that cannot go together.

use crate::Color;

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check but has no legal move (a loss).
    NoLegalMoves,
    /// Sennichite: fourfold repetition, a draw.
    Repetition,
    /// Sennichite where one side checked throughout: that side loses.
    PerpetualCheck,
    /// An impasse declaration (or the automatic count at the move limit is
    /// [`Termination::MoveLimit`]).
    ImpasseDeclaration,
    /// The move limit was reached.
    MoveLimit,
    /// A king reached the enemy king's start square under the try rule.
    TryRule,
    /// A player resigned.
    Resignation,
    /// A player ran out of time.
    Timeout,
    /// The players agreed to a draw.
    DrawAgreement,
    /// A foul decided the game (as a record states it; never produced by play).
    IllegalMove,
    /// The game was stopped without a result.
    Interrupted,
}

impl Termination {
    /// Every termination, in declaration order.
    pub const ALL: [Termination; 12] = [
        Termination::Checkmate,
        Termination::NoLegalMoves,
        Termination::Repetition,
        Termination::PerpetualCheck,
        Termination::ImpasseDeclaration,
        Termination::MoveLimit,
        Termination::TryRule,
        Termination::Resignation,
        Termination::Timeout,
        Termination::DrawAgreement,
        Termination::IllegalMove,
        Termination::Interrupted,
    ];

    /// The snake_case name; the impasse declaration is `"impasse"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::NoLegalMoves => "no_legal_moves",
            Termination::Repetition => "repetition",
            Termination::PerpetualCheck => "perpetual_check",
            Termination::ImpasseDeclaration => "impasse",
            Termination::MoveLimit => "move_limit",
            Termination::TryRule => "try_rule",
            Termination::Resignation => "resignation",
            Termination::Timeout => "timeout",
            Termination::DrawAgreement => "draw_agreement",
            Termination::IllegalMove => "illegal_move",
            Termination::Interrupted => "interrupted",
        }
    }

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
