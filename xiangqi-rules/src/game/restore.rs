//! Saving a [`Game`] as JSON and restoring it (feature `serde`), and the
//! checks a restored game passes ([`RestoreError`], always built).
//!
//! The saved form holds the start FEN, the moves in ICCS, the rules, the
//! result, the clocks, the draw offers each side has made and the open
//! offer.
//! Restoring replays the moves and checks everything else against the
//! rules, in one place (`Game::restore`), which the serde `Deserialize` of
//! [`Game`] and [`Game::from_json`] both go through:
//!
//! - the start: a FEN of a legal setup;
//! - the moves: each legal, none after the end the moves before it give;
//! - the result: an ending the moves give must be the saved one; an ending
//!   the rules decide (checkmate, no legal moves, repetition, perpetual
//!   check, the move limit, bare material) cannot be saved when the moves do
//!   not give it; the winner must fit the termination
//!   ([`Outcome::is_consistent`]); a stated ending (resignation, loss on
//!   time, draw agreement) only in a game the moves leave running, and a
//!   draw agreement only when a draw offer was made;
//! - the draw offers: no more made than [`RuleSet::max_draw_offers`]
//!   allows, and an open offer only in a running game, from a side that has
//!   made one;
//! - the clock: present exactly when the rules are timed, with the rules'
//!   settings, showing times that play under them can give
//!   ([`Clock::with_sides`](board_clock::Clock::with_sides)), a side whose
//!   time ran out only when the game ended by that side's loss on time, and
//!   a loss on time in a timed game only with the loser's time run out.

use super::Outcome;
#[cfg(feature = "serde")]
use super::{Game, Termination};
#[cfg(feature = "serde")]
use crate::{Clock, Position, RuleSet};
use crate::{ClockSettings, ClockStateError, Color, FenError, IccsMoveError};
#[cfg(feature = "serde")]
use board_clock::ClockParts;
use board_clock::SavedClockError;

/// The saved form of a [`Game`], as it is written; nothing in it is checked
/// until `Game::restore` replays it.
#[cfg(feature = "serde")]
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub(super) struct SavedGame {
    start: String,
    moves: Vec<String>,
    rules: RuleSet,
    outcome: Option<Outcome>,
    /// Absent in games saved before the clock: untimed.
    #[serde(default)]
    clock: Option<ClockParts>,
    draw_offers_made: [u32; 2],
    draw_offer: Option<Color>,
}

#[cfg(feature = "serde")]
impl From<&Game> for SavedGame {
    fn from(game: &Game) -> SavedGame {
        SavedGame {
            start: game.start.to_fen(),
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
/// Every variant names one rule of the saved form (the list is in the
/// crate documentation, and at `Game::from_json` with feature `serde`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RestoreError {
    /// `start`: the FEN is malformed or not a legal setup.
    #[error("start position: {0}")]
    Start(FenError),
    /// `moves`: a move is malformed or illegal.
    #[error("move {ply}: {source}")]
    Move {
        /// The 1-based ply.
        ply: usize,
        /// Why.
        source: IccsMoveError,
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
    /// legal moves, repetition, perpetual check, move limit, bare
    /// material), but the moves do not end the game.
    #[error("the saved result is {} but the moves do not end the game", .saved.termination.as_str())]
    RulesDecided {
        /// The saved result.
        saved: Outcome,
    },
    /// `outcome`: the winner does not fit the termination (a winner on a
    /// draw, or none where the termination needs one).
    #[error(
        "the saved result {} with {} does not fit",
        .saved.termination.as_str(), winner_text(.saved.winner)
    )]
    Winner {
        /// The saved result.
        saved: Outcome,
    },
    /// `outcome`: a draw agreement, but no draw offer was made.
    #[error("the game cannot have ended by draw agreement: no draw offer was made")]
    AgreementWithoutOffer,
    /// `draw_offers_made`: more draw offers than the rules allow.
    #[error("{color} made {made} draw offers, more than the {limit} the rules allow")]
    DrawOffers {
        /// The player.
        color: Color,
        /// The offers saved as made.
        made: u32,
        /// The rules' limit ([`RuleSet::max_draw_offers`](crate::RuleSet::max_draw_offers)).
        limit: u32,
    },
    /// `draw_offer`: an open draw offer that could not be open: the game is
    /// over, or the player has made no offer.
    #[error("the open draw offer from {color} could not be open")]
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
        Some(w) => format!("{} wins", w.as_str()),
        None => "no winner".to_string(),
    }
}

/// A saved game that cannot be read: malformed JSON, or JSON that does not
/// restore ([`Game::from_json`]).
#[cfg(feature = "serde")]
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GameJsonError {
    /// The text is not JSON of the saved form (a field missing or of the
    /// wrong type, or not JSON at all).
    #[error("not a saved game: {0}")]
    Json(serde_json::Error),
    /// The JSON has the saved form but does not restore.
    #[error(transparent)]
    Restore(RestoreError),
}

#[cfg(feature = "serde")]
impl Game {
    /// A game from its saved form: the moves replayed under the saved rules,
    /// and the result, draw offers and clock checked against them (see the
    /// [`RestoreError`] variants).
    pub(super) fn restore(saved: SavedGame) -> Result<Game, RestoreError> {
        let start = Position::from_fen(&saved.start).map_err(RestoreError::Start)?;
        let rules = saved.rules;
        let clock = Clock::restore(saved.clock, rules.clock)?;
        let mut game = Game::from_position(start, rules);
        for (i, text) in saved.moves.iter().enumerate() {
            let ply = i + 1;
            if let Some(outcome) = game.outcome {
                return Err(RestoreError::MoveAfterEnd { ply, outcome });
            }
            let m = game
                .position
                .parse_iccs_move(text)
                .map_err(|source| RestoreError::Move { ply, source })?;
            game.play_running(m).map_err(|e| RestoreError::Move {
                ply,
                source: IccsMoveError::Illegal(e),
            })?;
        }

        let made = saved.draw_offers_made;
        if let Some(limit) = rules.max_draw_offers {
            for color in Color::ALL {
                if made[color.index()] > limit {
                    return Err(RestoreError::DrawOffers {
                        color,
                        made: made[color.index()],
                        limit,
                    });
                }
            }
        }

        if let Some(saved) = saved.outcome {
            if !saved.is_consistent() {
                return Err(RestoreError::Winner { saved });
            }
        }
        match (game.outcome, saved.outcome) {
            (Some(replayed), Some(saved)) if replayed != saved => {
                return Err(RestoreError::OutcomeMismatch { replayed, saved });
            }
            (Some(replayed), None) => return Err(RestoreError::MissingOutcome { replayed }),
            (Some(_), Some(_)) | (None, None) => {}
            (None, Some(saved)) => {
                check_stated_ending(saved, made)?;
                game.outcome = Some(saved);
            }
        }

        if let Some(color) = saved.draw_offer {
            if game.outcome.is_some() || made[color.index()] == 0 {
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

    /// The game as JSON: start FEN, moves in ICCS, rules, result, clocks,
    /// the draw offers made and the open offer. [`Game::from_json`] reads it back.
    ///
    /// ```
    /// use xiangqi_rules::{Color, Game};
    /// let mut game = Game::new();
    /// game.play_iccs("h2e2")?;
    /// game.resign(Color::Black)?;
    /// let json = game.to_json();
    /// assert!(json.contains(r#""moves":["h2e2"]"#));
    /// assert_eq!(Game::from_json(&json)?, game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn to_json(&self) -> String {
        // Strings, numbers, sequences and structs with string keys only:
        // writing them cannot fail.
        serde_json::to_string(&SavedGame::from(self)).unwrap_or_default()
    }

    /// A game restored from [`Game::to_json`] text (or the serde form of a
    /// [`Game`]): the start FEN is read, the moves are replayed under the
    /// saved rules, and the result and draw offers are checked against them:
    ///
    /// - an ending the moves give must be the saved one
    ///   ([`RestoreError::OutcomeMismatch`], [`RestoreError::MissingOutcome`]);
    /// - an ending the rules decide cannot be saved when the moves do not
    ///   give it ([`RestoreError::RulesDecided`]);
    /// - the winner must fit the termination ([`RestoreError::Winner`]);
    /// - a draw agreement needs a draw offer to have been made
    ///   ([`RestoreError::AgreementWithoutOffer`]); resignation and loss on
    ///   time may end any game the moves leave running;
    /// - no side may have made more offers than the rules allow
    ///   ([`RestoreError::DrawOffers`]);
    /// - an open offer only in a running game, from a side that has made an
    ///   offer ([`RestoreError::DrawOffer`]);
    /// - a clock exactly when the rules are timed
    ///   ([`RestoreError::ClockMissing`], [`RestoreError::UnexpectedClock`]),
    ///   with the rules' settings ([`RestoreError::ClockSettings`]), showing
    ///   times play under them can give ([`RestoreError::ClockState`]); a
    ///   side's time run out only when the game ended by its loss on time
    ///   ([`RestoreError::TimedOut`]), and in a timed game a loss on time
    ///   only with the loser's time run out ([`RestoreError::NotTimedOut`]).
    ///
    /// ```
    /// use xiangqi_rules::{Game, GameJsonError, RestoreError, Termination};
    /// let mut game = Game::new();
    /// game.play_iccs("h2e2")?;
    /// // A checkmate the moves do not give.
    /// let forged = game.to_json().replace(
    ///     r#""outcome":null"#,
    ///     r#""outcome":{"winner":"red","termination":"checkmate"}"#,
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

/// Checks a saved result that the moves do not give (the game replayed
/// runs): only a stated ending can be, where the game could end so.
#[cfg(feature = "serde")]
fn check_stated_ending(saved: Outcome, draw_offers_made: [u32; 2]) -> Result<(), RestoreError> {
    match saved.termination {
        Termination::Checkmate
        | Termination::NoLegalMoves
        | Termination::Repetition
        | Termination::PerpetualCheck
        | Termination::MoveLimit
        | Termination::BareMaterial => Err(RestoreError::RulesDecided { saved }),
        Termination::DrawAgreement if draw_offers_made == [0, 0] => {
            Err(RestoreError::AgreementWithoutOffer)
        }
        Termination::Resignation | Termination::Timeout | Termination::DrawAgreement => Ok(()),
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
