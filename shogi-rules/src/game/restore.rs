//! Saving a [`Game`] as JSON and restoring it (feature `serde`), and the
//! checks a restored or stated ending passes ([`RestoreError`], always
//! built).
//!
//! The saved form holds the start SFEN, the moves in USI, the rules, the
//! result, the clocks and the draw-offer state. Restoring replays the moves
//! and checks everything else against the rules, in one place
//! ([`Game::restore`]), which the serde `Deserialize` of [`Game`] and
//! [`Game::from_json`] both go through, and so do the C and Python bindings:
//!
//! - the result: an ending the moves give must be the saved one; an ending
//!   the rules decide (checkmate, no legal moves, repetition, perpetual check,
//!   the move limit, the try rule) cannot be saved when the moves do not give
//!   it; an impasse declaration must be what the declaration rules give on
//!   the final position; the winner must fit the termination
//!   ([`Outcome::new`]); a draw agreement needs a draw offer to have been
//!   made, a loss on time needs a clock that shows the loser's time run out;
//! - the draw offers: no more made than the rules allow, and an open offer
//!   only in a running game, from a side that has made one and could have
//!   made it (on its own turn, before its last move at the latest);
//! - the clock: present exactly when the rules are timed, with the rules'
//!   settings, showing times that play under them can give
//!   ([`Clock::with_sides`]), and a side whose time ran out only when the game
//!   ended by that side's loss on time.

use super::{DeclarationRejection, Game, Outcome, OutcomeError, Termination};
#[cfg(feature = "serde")]
use crate::{Clock, Position, RuleSet};
use crate::{ClockSettings, ClockStateError, Color, SfenError, UsiMoveError};
#[cfg(feature = "serde")]
use board_clock::ClockParts;
use board_clock::SavedClockError;

/// The saved form of a [`Game`], as it is written; nothing in it is checked
/// until [`Game::restore`] replays it.
#[cfg(feature = "serde")]
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub(super) struct SavedGame {
    start: String,
    moves: Vec<String>,
    rules: RuleSet,
    outcome: Option<Outcome>,
    clock: Option<ClockParts>,
    draw_offers_made: [u32; 2],
    draw_offer: Option<Color>,
}

#[cfg(feature = "serde")]
impl From<&Game> for SavedGame {
    fn from(game: &Game) -> SavedGame {
        SavedGame {
            start: game.start.to_sfen(),
            moves: game.plies.iter().map(|p| p.mv.to_string()).collect(),
            rules: game.rules,
            outcome: game.outcome,
            clock: game.clock.map(ClockParts::from),
            draw_offers_made: game.draw_offers_made,
            draw_offer: game.draw_offer,
        }
    }
}

/// Why a saved game cannot be restored: the field that is wrong, and how.
///
/// Every variant names one rule of the saved form (see the module
/// documentation); the list is exhaustive, so code that maps it (the C and
/// Python bindings) must handle each variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    /// `start`: the SFEN is malformed or not a legal setup (the composed-problem
    /// exceptions of [`Position::from_sfen_composed`](crate::Position::from_sfen_composed) allowed).
    #[error("start position: {0}")]
    Start(SfenError),
    /// `moves`: a move is malformed or illegal.
    #[error("move {ply}: {source}")]
    Move {
        /// The 1-based ply.
        ply: usize,
        /// Why.
        source: UsiMoveError,
    },
    /// `moves`: a move follows the end of the game the moves before it give.
    #[error("move {ply}: the game was already over ({})", .outcome.termination.as_str())]
    MoveAfterEnd {
        /// The 1-based ply.
        ply: usize,
        /// How the moves before it ended the game.
        outcome: Outcome,
    },
    /// `outcome`: the moves end the game otherwise than the saved result says.
    #[error(
        "the moves end the game by {} ({}) but the saved result is {} ({})",
        .replayed.termination.as_str(), winner_text(.replayed.winner),
        .saved.termination.as_str(), winner_text(.saved.winner)
    )]
    OutcomeMismatch {
        /// The result the moves give.
        replayed: Outcome,
        /// The saved result.
        saved: Outcome,
    },
    /// `outcome`: the moves end the game but no result is saved.
    #[error("the moves end the game by {} but no result is saved", .replayed.termination.as_str())]
    MissingOutcome {
        /// The result the moves give.
        replayed: Outcome,
    },
    /// `outcome`: a result the rules decide from the moves (checkmate, no
    /// legal moves, repetition, perpetual check, move limit, try rule), but
    /// the moves do not end the game.
    #[error("the saved result is {} but the moves do not end the game", .saved.termination.as_str())]
    RulesDecided {
        /// The saved result.
        saved: Outcome,
    },
    /// `outcome`: the winner does not fit the termination.
    #[error("saved result: {0}")]
    Winner(OutcomeError),
    /// `outcome`: a stated ending the game could not have had: a loss on
    /// time in an untimed game, or a draw agreement without any draw offer.
    #[error(
        "the game cannot have ended by {}: {}",
        .saved.termination.as_str(), why_not(.saved.termination)
    )]
    EndingNotAllowed {
        /// The saved result.
        saved: Outcome,
    },
    /// `outcome`: an impasse declaration whose result is not what the
    /// declaration rules give on the final position.
    #[error(
        "the saved impasse declaration ({}) is not what the rules give on the final position ({})",
        winner_text(.saved.winner), declaration_text(.checked, .reason)
    )]
    Declaration {
        /// The saved result.
        saved: Outcome,
        /// What a declaration by the side to move gives there (`None`: it
        /// would be rejected).
        checked: Option<Outcome>,
        /// Why the declaration is not valid there, when it is not.
        reason: Option<DeclarationRejection>,
    },
    /// `draw_offers_made`: more draw offers than the rules allow.
    #[error("{color} made {made} draw offers, more than the {limit} the rules allow")]
    DrawOffers {
        /// The player.
        color: Color,
        /// The offers saved as made.
        made: u32,
        /// The rules' limit ([`RuleSet::draw_offers`](crate::RuleSet::draw_offers)).
        limit: u32,
    },
    /// `draw_offer`: an open draw offer that could not have been made: the
    /// game is over, the player has made no offer, or it is the opponent's
    /// turn at the start.
    #[error("the open draw offer from {color} could not have been made")]
    DrawOffer {
        /// The player the offer is from.
        color: Color,
    },
    /// `clock`: the rules are timed but no clock is saved.
    #[error("the rules are timed but no clock is saved")]
    ClockMissing,
    /// `clock`: the rules are untimed but a clock is saved.
    #[error("the rules are untimed but a clock is saved")]
    UnexpectedClock,
    /// `clock`: the clock's settings are not the rules'.
    #[error("the clock's settings are not the rules' clock settings")]
    ClockSettings {
        /// The clock's settings.
        clock: ClockSettings,
        /// The rules' settings.
        rules: ClockSettings,
    },
    /// `clock`: a time that play under the settings cannot give.
    #[error("clock: {0}")]
    ClockState(ClockStateError),
    /// `clock`: a side's time ran out but the game did not end by its loss
    /// on time.
    #[error("{color}'s time has run out, but the game did not end by {color}'s loss on time")]
    TimedOut {
        /// The player whose time ran out.
        color: Color,
    },
    /// `clock`: the result is a side's loss on time but its clock does not
    /// show its time run out.
    #[error("the result is {color}'s loss on time, but {color}'s time has not run out")]
    NotTimedOut {
        /// The player who lost on time.
        color: Color,
    },
}

/// The refusals of board-clock's saved-clock checks, as restore errors.
impl From<SavedClockError<Color>> for RestoreError {
    fn from(e: SavedClockError<Color>) -> RestoreError {
        match e {
            SavedClockError::Missing => RestoreError::ClockMissing,
            SavedClockError::Unexpected => RestoreError::UnexpectedClock,
            SavedClockError::Settings { clock, rules } => {
                RestoreError::ClockSettings { clock, rules }
            }
            SavedClockError::State(e) => RestoreError::ClockState(e),
            SavedClockError::TimedOut { color } => RestoreError::TimedOut { color },
            SavedClockError::NotTimedOut { color } => RestoreError::NotTimedOut { color },
        }
    }
}

fn winner_text(winner: Option<Color>) -> String {
    match winner {
        Some(w) => format!("{w} wins"),
        None => "no winner".to_string(),
    }
}

fn why_not(termination: Termination) -> &'static str {
    match termination {
        Termination::Timeout => "the game has no clock",
        Termination::DrawAgreement => "no draw offer was made",
        _ => "not allowed here",
    }
}

fn declaration_text(checked: &Option<Outcome>, reason: &Option<DeclarationRejection>) -> String {
    match (checked, reason) {
        (Some(o), _) => winner_text(o.winner),
        (None, Some(r)) => format!("rejected: {r}"),
        (None, None) => "rejected".to_string(),
    }
}

/// A saved game that cannot be read: malformed JSON, or JSON that does not
/// restore ([`Game::from_json`]).
#[cfg(feature = "serde")]
#[derive(Debug, thiserror::Error)]
pub enum GameJsonError {
    /// The text is not JSON of the saved form (a field missing or of the
    /// wrong type, or not JSON at all).
    #[error("not a saved game: {0}")]
    Json(serde_json::Error),
    /// The JSON has the saved form but does not restore.
    #[error(transparent)]
    Restore(RestoreError),
}

impl Game {
    #[cfg(feature = "serde")]
    /// A game from its saved form: the moves replayed under the saved rules,
    /// and the result, draw offers and clock checked against them (see the
    /// [`RestoreError`] variants).
    pub(super) fn restore(saved: SavedGame) -> Result<Game, RestoreError> {
        let start = Position::from_sfen_composed(&saved.start).map_err(RestoreError::Start)?;
        let rules = saved.rules;
        let clock = Clock::restore(saved.clock, rules.clock)?;

        let mut game = Game::from_position(start, rules);
        for (i, text) in saved.moves.iter().enumerate() {
            if let Some(outcome) = game.outcome {
                return Err(RestoreError::MoveAfterEnd {
                    ply: i + 1,
                    outcome,
                });
            }
            let m = game
                .position
                .parse_usi_move(text)
                .map_err(|source| RestoreError::Move { ply: i + 1, source })?;
            game.push(m, None);
        }

        let made = saved.draw_offers_made;
        for color in [Color::Sente, Color::Gote] {
            if made[color.index()] > rules.draw_offers {
                return Err(RestoreError::DrawOffers {
                    color,
                    made: made[color.index()],
                    limit: rules.draw_offers,
                });
            }
        }

        if let Some(saved) = saved.outcome {
            Outcome::new(saved.winner, saved.termination).map_err(RestoreError::Winner)?;
        }
        match (game.outcome, saved.outcome) {
            (Some(replayed), Some(saved)) if replayed != saved => {
                return Err(RestoreError::OutcomeMismatch { replayed, saved });
            }
            (Some(replayed), None) => return Err(RestoreError::MissingOutcome { replayed }),
            (Some(_), Some(_)) | (None, None) => {}
            (None, Some(saved)) => {
                game.check_stated_ending(saved, clock.is_some(), made)?;
                game.outcome = Some(saved);
            }
        }

        if let Some(color) = saved.draw_offer {
            let could_offer = game.outcome.is_none()
                && made[color.index()] > 0
                && (game.position.turn() == color || !game.plies.is_empty());
            if !could_offer {
                return Err(RestoreError::DrawOffer { color });
            }
        }

        if let Some(clock) = clock {
            let lost_on_time = match game.outcome {
                Some(Outcome {
                    winner: Some(winner),
                    termination: Termination::Timeout,
                }) => Some(winner.opposite()),
                _ => None,
            };
            clock.check_timeouts(lost_on_time)?;
            clock.check_earned(game.start.turn(), game.plies.len())?;
        }

        game.clock = clock;
        game.draw_offers_made = made;
        game.draw_offer = saved.draw_offer;
        Ok(game)
    }

    /// Checks a saved result that the moves do not give (the game replayed
    /// runs): only a stated ending can be, where the game could end so.
    pub(super) fn check_stated_ending(
        &self,
        saved: Outcome,
        timed: bool,
        draw_offers_made: [u32; 2],
    ) -> Result<(), RestoreError> {
        match saved.termination {
            Termination::Checkmate
            | Termination::NoLegalMoves
            | Termination::Repetition
            | Termination::PerpetualCheck
            | Termination::MoveLimit
            | Termination::TryRule => Err(RestoreError::RulesDecided { saved }),
            Termination::ImpasseDeclaration => {
                let status = self.impasse_status();
                if status.result == Some(saved) {
                    Ok(())
                } else {
                    Err(RestoreError::Declaration {
                        saved,
                        checked: status.result,
                        reason: status.reason,
                    })
                }
            }
            Termination::Timeout if !timed => Err(RestoreError::EndingNotAllowed { saved }),
            Termination::DrawAgreement if draw_offers_made == [0, 0] => {
                Err(RestoreError::EndingNotAllowed { saved })
            }
            Termination::Resignation
            | Termination::Timeout
            | Termination::DrawAgreement
            | Termination::IllegalMove
            | Termination::Interrupted => Ok(()),
        }
    }

    #[cfg(feature = "serde")]
    /// The game as JSON: start SFEN, moves in USI, rules, result, clocks and
    /// draw-offer state. [`Game::from_json`] reads it back.
    ///
    /// ```
    /// use shogi_rules::{Color, Game};
    /// let mut game = Game::new();
    /// game.play_usi("7g7f")?;
    /// game.resign(Color::Gote)?;
    /// let json = game.to_json();
    /// assert!(json.contains(r#""moves":["7g7f"]"#));
    /// assert_eq!(Game::from_json(&json)?, game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn to_json(&self) -> String {
        // Strings, numbers, sequences and structs with string keys only:
        // writing them cannot fail.
        serde_json::to_string(&SavedGame::from(self)).unwrap_or_default()
    }

    #[cfg(feature = "serde")]
    /// A game restored from [`Game::to_json`] text (or the serde form of a
    /// [`Game`]): the moves are replayed and the result, draw offers and clock
    /// are checked against them and the rules.
    ///
    /// ```
    /// use shogi_rules::{Game, GameJsonError, RestoreError, Termination};
    /// let mut game = Game::new();
    /// game.play_usi("7g7f")?;
    /// // A checkmate the moves do not give.
    /// let forged = game.to_json().replace(
    ///     r#""outcome":null"#,
    ///     r#""outcome":{"winner":"sente","termination":"checkmate"}"#,
    /// );
    /// assert!(matches!(
    ///     Game::from_json(&forged),
    ///     Err(GameJsonError::Restore(RestoreError::RulesDecided { saved }))
    ///         if saved.termination == Termination::Checkmate
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GameJsonError::Json`] for text that is not the saved form,
    /// [`GameJsonError::Restore`] for a saved form that does not restore.
    pub fn from_json(text: &str) -> Result<Game, GameJsonError> {
        let saved: SavedGame = serde_json::from_str(text).map_err(GameJsonError::Json)?;
        Game::restore(saved).map_err(GameJsonError::Restore)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SavedGame::from(self).serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let saved = SavedGame::deserialize(deserializer)?;
        Game::restore(saved).map_err(serde::de::Error::custom)
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    #[test]
    fn a_saved_game_restores_identically() {
        let mut game = Game::new();
        for usi in ["7g7f", "3c3d", "8h2b+"] {
            game.play_usi(usi).unwrap();
        }
        game.offer_draw(Color::Gote).unwrap();
        let json = serde_json::to_string(&game).unwrap();
        let restored: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(restored, game);
        assert_eq!(restored.position(), game.position());
        assert_eq!(restored.draw_offer(), Some(Color::Gote));
        assert_eq!(json, game.to_json());

        game.resign(Color::Gote).unwrap();
        let json = serde_json::to_string(&game).unwrap();
        let restored: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(restored.outcome(), game.outcome());
        assert_eq!(Game::from_json(&json).unwrap(), game);
    }

    #[test]
    fn a_saved_game_with_an_illegal_move_is_rejected() {
        let game = Game::new();
        let json = game
            .to_json()
            .replace("\"moves\":[]", "\"moves\":[\"7g7e\"]");
        let err = serde_json::from_str::<Game>(&json).unwrap_err();
        assert!(err.to_string().contains("move 1"), "{err}");
        assert!(matches!(
            Game::from_json(&json),
            Err(GameJsonError::Restore(RestoreError::Move { ply: 1, .. }))
        ));
    }

    #[test]
    fn text_that_is_not_the_saved_form_is_a_json_error() {
        assert!(matches!(
            Game::from_json("{ not json"),
            Err(GameJsonError::Json(_))
        ));
        assert!(matches!(
            Game::from_json(r#"{"start":"startpos"}"#),
            Err(GameJsonError::Json(_))
        ));
    }
}
