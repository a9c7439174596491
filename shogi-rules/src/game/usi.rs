//! A game as a USI `position` line, and replayed from one.

use super::{Game, GameFromUsiError};
use crate::RuleSet;

impl Game {
    /// The game as a USI `position` command.
    #[must_use]
    pub fn to_usi(&self) -> String {
        crate::usi::position_command(&self.start, &self.moves())
    }

    /// A game replayed from a USI `position` command (`position` optional),
    /// under `rules`. Replaying stops at the move that ends the game; a move
    /// after the end is an error.
    ///
    /// # Errors
    /// [`GameFromUsiError`] naming the problem and the ply.
    pub fn from_usi(text: &str, rules: RuleSet) -> Result<Game, GameFromUsiError> {
        Game::from_usi_with(text, rules, &crate::record::ReadLimits::DEFAULT)
    }

    /// As [`Game::from_usi`], within `limits`: the text's length (input and
    /// line bytes) and the number of moves are checked before any move is
    /// played.
    ///
    /// # Errors
    /// [`GameFromUsiError::LimitExceeded`] beyond a limit, else as
    /// [`Game::from_usi`].
    pub fn from_usi_with(
        text: &str,
        rules: RuleSet,
        limits: &crate::record::ReadLimits,
    ) -> Result<Game, GameFromUsiError> {
        use crate::record::Limit;
        let too_long = |limit: Limit| GameFromUsiError::LimitExceeded {
            limit,
            max: limit.of(limits),
        };
        if text.len() > limits.max_input_bytes {
            return Err(too_long(Limit::InputBytes));
        }
        if text.len() > limits.max_line_bytes {
            return Err(too_long(Limit::LineBytes));
        }
        let (start, moves) = crate::usi::parse_position_words(text)?;
        if moves.len() > limits.max_moves_per_line {
            return Err(too_long(Limit::MovesPerLine));
        }
        let mut game = Game::from_position(start, rules);
        for (i, usi) in moves.into_iter().enumerate() {
            // A move after the end is that, whether or not the final position
            // would allow it (after checkmate none would).
            if let Some(outcome) = game.outcome {
                return Err(GameFromUsiError::AfterEnd {
                    ply: i + 1,
                    outcome,
                });
            }
            let (m, gives_check) = match game.resolve_usi(usi) {
                Ok(resolved) => resolved,
                Err(source) => {
                    return Err(GameFromUsiError::IllegalMove { ply: i + 1, source });
                }
            };
            game.push(m, gives_check);
        }
        Ok(game)
    }
}
