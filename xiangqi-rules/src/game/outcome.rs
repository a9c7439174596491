//! How a game ends: the [`Termination`] and the [`Outcome`] (a winner, or
//! none, and the termination).

use crate::Color;

crate::names::named_enum! {
    /// How a game ended.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    #[non_exhaustive]
    pub enum Termination("termination") {
        /// The side to move is in check and has no legal move: it loses.
        Checkmate => "checkmate",
        /// The side to move is not in check but has no legal move: it loses
        /// (there is no stalemate draw).
        NoLegalMoves => "no_legal_moves",
        /// The same position for the third time, no side having checked
        /// throughout (or both): a draw.
        Repetition => "repetition",
        /// The same position for the third time, one side having given check
        /// with every one of its moves since the first occurrence: it loses.
        PerpetualCheck => "perpetual_check",
        /// The ply limit was reached: a draw.
        MoveLimit => "move_limit",
        /// Neither side has a chariot, horse, cannon or soldier: a draw.
        BareMaterial => "bare_material",
        /// A player resigned.
        Resignation => "resignation",
        /// A player ran out of time.
        Timeout => "timeout",
        /// The players agreed to a draw.
        DrawAgreement => "draw_agreement",
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
                | Termination::BareMaterial
        )
    }

    /// Whether a game that ends so always has a winner.
    ///
    /// ```
    /// use xiangqi_rules::Termination;
    /// assert!(Termination::PerpetualCheck.requires_winner());
    /// assert!(!Termination::Repetition.requires_winner());
    /// ```
    #[must_use]
    pub const fn requires_winner(self) -> bool {
        matches!(
            self,
            Termination::Checkmate
                | Termination::NoLegalMoves
                | Termination::PerpetualCheck
                | Termination::Resignation
                | Termination::Timeout
        )
    }
}

/// The result of a finished game: the winner (`None` for a draw) and how
/// it ended. The single source of truth for how a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// How the game ended.
    pub termination: Termination,
}

impl Outcome {
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

    /// The loser, if there is a winner.
    #[must_use]
    pub const fn loser(&self) -> Option<Color> {
        match self.winner {
            Some(c) => Some(c.opposite()),
            None => None,
        }
    }

    /// Whether the winner fits the termination: a winner exactly for the
    /// terminations that [require one](Termination::requires_winner).
    #[must_use]
    pub const fn is_consistent(&self) -> bool {
        self.winner.is_some() == self.termination.requires_winner()
    }
}
