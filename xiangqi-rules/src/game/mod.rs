//! A game in progress: moves with undo, and adjudication of every way a
//! game of xiangqi ends.
//!
//! After each move, in this order (the first that applies ends the game):
//! 1. the side to move has no legal move: it loses,
//!    [`Termination::Checkmate`] if it is in check, else
//!    [`Termination::NoLegalMoves`] (there is no stalemate draw);
//! 2. the position (board and side to move) occurs for the third time
//!    ([`RuleSet::repetitions`]): a side that gave check with every one of
//!    its moves since the first occurrence loses
//!    ([`Termination::PerpetualCheck`]); if neither or both did, a draw
//!    ([`Termination::Repetition`]);
//! 3. neither side has a chariot, horse, cannon or soldier: a draw
//!    ([`Termination::BareMaterial`]);
//! 4. the ply limit ([`RuleSet::move_limit`], 300 plies of both sides
//!    together) is reached: a draw ([`Termination::MoveLimit`]) — a mate or
//!    a perpetual-check loss on the last ply stands.
//!
//! A game set up from a position that is already decided (no legal move,
//! or bare material) is over before any move. Resignation, loss on time
//! and a draw agreement end the game when the caller says so; taking moves
//! back ([`Game::undo`]) is the caller's policy.
//!
//! A timed game ([`RuleSet::clock`], the site's 5 minutes + 3 × 30 s
//! byo-yomi by default) has a [`Clock`] for both sides, driven by the
//! durations the caller measures: [`Game::play_timed`] charges a move's
//! time to the mover (whose time running out first loses the game,
//! [`Termination::Timeout`], without the move), [`Game::check_time`] looks
//! at the side to move's clock while it thinks, and [`Game::flag`] reports
//! a flag fall seen by a clock outside the library. Taking a move back does
//! not wind the clocks back.
//!
//! Draws are agreed through offers ([`Game::offer_draw`],
//! [`Game::accept_draw`], [`Game::decline_draw`]): the site has agreed
//! draws offered at any time and states no limit, so a player may offer on
//! either side's turn and, by default ([`RuleSet::max_draw_offers`] `None`),
//! as often as it likes. One offer is open at a time; it lapses when the
//! opponent moves, when the game ends, and when a move is taken back.
//!
//! Legality depends on the position alone: repetition, clocks and history never
//! make a move illegal. Illegal moves are rejected with the reason and the
//! game is unchanged; once the game is over, every action is rejected with
//! [`GameError::GameOver`].

use core::time::Duration;

mod error;
mod outcome;
mod repetition;
mod restore;

pub use error::GameError;
pub use outcome::{Outcome, Termination};
#[cfg(feature = "serde")]
pub use restore::GameJsonError;
pub use restore::RestoreError;

use crate::{Clock, Color, Move, MoveList, Position, RuleSet};

/// A move played in a game, with whether it gave check.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ply {
    /// The move.
    pub mv: Move,
    /// Whether it left the opponent in check.
    pub check: bool,
}

/// A game: a start position, the moves played, and the result once it ends.
/// Games are equal when start, moves, rules, result, clocks and draw
/// offers are.
///
/// ```
/// use xiangqi_rules::{Color, Game, Outcome, Termination};
/// let mut game = Game::new();
/// for m in ["h2e2", "h9g7", "h0g2"] {
///     game.play_iccs(m)?;
/// }
/// assert!(game.outcome().is_none());
/// game.undo()?;
/// game.resign(Color::Black)?;
/// assert_eq!(game.outcome(), Some(Outcome::win(Color::Red, Termination::Resignation)));
/// assert!(game.play_iccs("h0g2").is_err()); // the game is over
/// # Ok::<(), xiangqi_rules::GameError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: RuleSet,
    start: Position,
    position: Position,
    plies: Vec<Ply>,
    /// The key of the position after each number of plies, the start's first.
    keys: Vec<u64>,
    /// The FEN halfmove clock before each ply, which taking a capture back
    /// cannot recompute.
    clocks: Vec<u32>,
    outcome: Option<Outcome>,
    /// Both sides' clocks, when the rules are timed.
    clock: Option<Clock>,
    /// The draw offers each side has made, Red's first.
    draw_offers_made: [u32; 2],
    /// The side whose draw offer is open.
    draw_offer: Option<Color>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the start position under the site rules.
    #[must_use]
    pub fn new() -> Game {
        Game::from_position(Position::startpos(), RuleSet::site())
    }

    /// A game from `start` under `rules`. The FEN counters of `start` play
    /// no part: plies are counted from 0. The start position is the first
    /// occurrence of itself. If it is already decided (no legal move, or
    /// bare material) the game is over at once.
    #[must_use]
    pub fn from_position(start: Position, rules: RuleSet) -> Game {
        let mut game = Game {
            rules,
            position: start.clone(),
            keys: vec![start.zobrist()],
            start,
            plies: Vec::new(),
            clocks: Vec::new(),
            outcome: None,
            clock: rules.clock.map(Clock::new),
            draw_offers_made: [0; 2],
            draw_offer: None,
        };
        game.outcome = game.no_legal_moves().or_else(|| game.bare_material());
        game
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, with whether each gave check.
    #[must_use]
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The moves played.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.plies.iter().map(|p| p.mv)
    }

    /// The number of plies played.
    #[must_use]
    pub fn ply_count(&self) -> usize {
        self.plies.len()
    }

    /// How the game ended, or `None` while it runs.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The clocks, if the game is timed.
    #[must_use]
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The draw offers `color` has made in this game.
    #[must_use]
    pub fn draw_offers_made(&self, color: Color) -> u32 {
        self.draw_offers_made[color.index()]
    }

    /// The side whose draw offer is open, if any.
    #[must_use]
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The moves [`Game::play`] accepts now: the legal moves while the game
    /// runs, none once it is over.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        match self.outcome {
            None => self.position.legal_moves(),
            Some(_) => MoveList::new(),
        }
    }

    /// How many times the current position (board and side to move) has
    /// occurred in this game, this time included.
    #[must_use]
    pub fn occurrences(&self) -> usize {
        let key = self.position.zobrist();
        self.keys
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&k| k == key)
            .count()
    }

    /// Plays a legal move and adjudicates the position it leads to.
    ///
    /// # Errors
    /// [`GameError::GameOver`] once the game is over,
    /// [`GameError::IllegalMove`] for an illegal move; the game is then
    /// unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        self.check_running()?;
        self.play_running(m)?;
        Ok(())
    }

    /// Plays a legal move in a running game and adjudicates.
    fn play_running(&mut self, m: Move) -> Result<(), crate::IllegalMoveError> {
        let clock = self.position.halfmove_clock();
        let mover = self.position.turn();
        self.position.play(m)?;
        self.clocks.push(clock);
        if self.draw_offer == Some(mover.opposite()) {
            // The opponent of the offerer moved: the offer lapses.
            self.draw_offer = None;
        }
        let check = self.position.in_check();
        self.plies.push(Ply { mv: m, check });
        self.keys.push(self.position.zobrist());
        self.outcome = self.adjudicate();
        if self.outcome.is_some() {
            // An open offer lapses when the game ends.
            self.draw_offer = None;
        }
        Ok(())
    }

    /// Reads an ICCS move (`h2e2`) and plays it.
    ///
    /// # Errors
    /// As [`Game::play`], and [`GameError::BadMoveText`] for text that is
    /// not a move.
    pub fn play_iccs(&mut self, text: &str) -> Result<Move, GameError> {
        self.check_running()?;
        let m = self.position.to_move(text.parse()?)?;
        self.play(m)?;
        Ok(m)
    }

    /// Plays a move that took `elapsed` on the mover's clock. If the time ran
    /// out first, the move is not played and the mover loses on time
    /// ([`Termination::Timeout`]). Returns the result when the game is over.
    ///
    /// ```
    /// use std::time::Duration;
    /// use xiangqi_rules::{Color, Game, Outcome, Termination};
    /// let mut game = Game::new(); // 5 minutes + 3 × 30 s
    /// let m = game.position().parse_iccs_move("h2e2")?;
    /// assert_eq!(game.play_timed(m, Duration::from_secs(310))?, None);
    /// assert_eq!(game.clock().unwrap().side(Color::Red).periods, 3);
    /// let m = game.position().parse_iccs_move("h9g7")?;
    /// let outcome = game.play_timed(m, Duration::from_secs(400))?; // Black's time runs out
    /// assert_eq!(outcome, Some(Outcome::win(Color::Red, Termination::Timeout)));
    /// assert_eq!(game.ply_count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Game::play`] (the game and its clocks are then unchanged), and
    /// [`GameError::NoClock`] for an untimed game.
    pub fn play_timed(&mut self, m: Move, elapsed: Duration) -> Result<Option<Outcome>, GameError> {
        self.check_running()?;
        let mover = self.position.turn();
        if self.clock.is_none() {
            return Err(GameError::NoClock);
        }
        if let Some(reason) = self.position.why_illegal(m) {
            return Err(GameError::IllegalMove(crate::IllegalMoveError {
                iccs: m.iccs(),
                reason,
            }));
        }
        if let Some(clock) = self.clock.as_mut() {
            if clock.spend(mover, elapsed).is_err() {
                let outcome = Outcome::win(mover.opposite(), Termination::Timeout);
                self.end(outcome)?;
                return Ok(Some(outcome));
            }
        }
        self.play_running(m)?;
        Ok(self.outcome)
    }

    /// Checks the side to move's clock after `elapsed` of thinking: if its
    /// time is up, its clock is marked as run out and the game ends with
    /// [`Termination::Timeout`]. Returns the result when the game is over.
    ///
    /// # Errors
    /// [`GameError::GameOver`] or [`GameError::NoClock`].
    pub fn check_time(&mut self, elapsed: Duration) -> Result<Option<Outcome>, GameError> {
        self.check_running()?;
        let mover = self.position.turn();
        let clock = self.clock.as_mut().ok_or(GameError::NoClock)?;
        if clock.remaining(mover, elapsed).timed_out {
            // Mark the clock as run out.
            let _ = clock.spend(mover, elapsed);
            self.end(Outcome::win(mover.opposite(), Termination::Timeout))?;
        }
        Ok(self.outcome)
    }

    /// Takes back the last move, and the end of the game if that move ended
    /// it. An open draw offer is withdrawn; the offers made still count.
    /// The clocks are not wound back.
    ///
    /// # Errors
    /// [`GameError::NothingToUndo`] if no move was played;
    /// [`GameError::GameOver`] if the game ended otherwise than by a move
    /// (resignation, time, agreement).
    pub fn undo(&mut self) -> Result<Move, GameError> {
        if let Some(outcome) = self.outcome {
            if !outcome.termination.is_by_move() {
                return Err(GameError::GameOver(outcome));
            }
        }
        let ply = self.plies.pop().ok_or(GameError::NothingToUndo)?;
        self.keys.pop();
        self.position.undo(ply.mv);
        if let Some(clock) = self.clocks.pop() {
            self.position.halfmoves = clock;
        }
        // The position before a move that was played was not decided.
        self.outcome = None;
        self.draw_offer = None;
        Ok(ply.mv)
    }

    /// `color` resigns: the other side wins.
    ///
    /// # Errors
    /// [`GameError::GameOver`] once the game is over.
    pub fn resign(&mut self, color: Color) -> Result<(), GameError> {
        self.end(Outcome::win(color.opposite(), Termination::Resignation))
    }

    /// `color` ran out of time: the other side wins. In a timed game the
    /// game's clock marks `color` as timed out, as [`Game::flag`] does; an
    /// untimed game can be lost on time too, on the caller's word.
    ///
    /// # Errors
    /// [`GameError::GameOver`] once the game is over.
    pub fn time_out(&mut self, color: Color) -> Result<(), GameError> {
        self.check_running()?;
        if let Some(clock) = self.clock.as_mut() {
            clock.run_out(color);
        }
        self.end(Outcome::win(color.opposite(), Termination::Timeout))
    }

    /// `color` loses on time, as reported by a clock outside the library:
    /// the game's clock marks `color` as timed out. Only a timed game can be
    /// flagged (see [`Game::time_out`] for an untimed one).
    ///
    /// ```
    /// use xiangqi_rules::{Color, Game, GameError, Outcome, RuleSet, Termination};
    /// let mut game = Game::new();
    /// assert_eq!(game.flag(Color::Black)?, Outcome::win(Color::Red, Termination::Timeout));
    /// assert!(game.clock().unwrap().side(Color::Black).timed_out);
    ///
    /// let untimed = RuleSet { clock: None, ..RuleSet::site() };
    /// let mut game = Game::from_position(Default::default(), untimed);
    /// assert_eq!(game.flag(Color::Red), Err(GameError::NoClock));
    /// # Ok::<(), GameError>(())
    /// ```
    ///
    /// # Errors
    /// [`GameError::GameOver`], or [`GameError::NoClock`] for an untimed game.
    pub fn flag(&mut self, color: Color) -> Result<Outcome, GameError> {
        self.check_running()?;
        let clock = self.clock.as_mut().ok_or(GameError::NoClock)?;
        clock.run_out(color);
        let outcome = Outcome::win(color.opposite(), Termination::Timeout);
        self.end(outcome)?;
        Ok(outcome)
    }

    /// Both players agree to a draw at once. If no offer is open, this is
    /// an offer by the side to move (counted in
    /// [`Game::draw_offers_made`]) accepted by the other side; if one is
    /// open, it is accepted.
    ///
    /// # Errors
    /// [`GameError::GameOver`] once the game is over;
    /// [`GameError::NoDrawOffersLeft`] when no offer is open and the side to
    /// move has made all the offers the rules allow.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.check_running()?;
        if self.draw_offer.is_none() {
            self.offer_draw(self.position.turn())?;
        }
        self.end(Outcome::draw(Termination::DrawAgreement))
    }

    /// `color` offers a draw. Either side may offer at any time while the
    /// game runs, on its own turn or not, while no offer is open, up to
    /// [`RuleSet::max_draw_offers`] offers (an offer counts when made). The
    /// offer stays open until the opponent accepts or declines it, the
    /// opponent moves, a move is taken back, or the game ends.
    ///
    /// ```
    /// use xiangqi_rules::{Color, Game, Outcome, Termination};
    /// let mut game = Game::new();
    /// game.offer_draw(Color::Red)?;
    /// game.play_iccs("h2e2")?; // Red's own move keeps the offer open
    /// assert_eq!(game.draw_offer(), Some(Color::Red));
    /// game.accept_draw(Color::Black)?;
    /// assert_eq!(game.outcome(), Some(Outcome::draw(Termination::DrawAgreement)));
    /// # Ok::<(), xiangqi_rules::GameError>(())
    /// ```
    ///
    /// # Errors
    /// [`GameError::GameOver`], [`GameError::DrawOfferPending`],
    /// [`GameError::NoDrawOffersLeft`]; the game is then unchanged.
    pub fn offer_draw(&mut self, color: Color) -> Result<(), GameError> {
        self.check_running()?;
        if self.draw_offer.is_some() {
            return Err(GameError::DrawOfferPending);
        }
        let made = self.draw_offers_made[color.index()];
        if self.rules.max_draw_offers.is_some_and(|max| made >= max) {
            return Err(GameError::NoDrawOffersLeft(color));
        }
        self.draw_offers_made[color.index()] = made.saturating_add(1);
        self.draw_offer = Some(color);
        Ok(())
    }

    /// `color` accepts the opponent's open draw offer: the game is drawn
    /// ([`Termination::DrawAgreement`]).
    ///
    /// # Errors
    /// [`GameError::GameOver`]; [`GameError::NoDrawOffer`] when no offer
    /// from the opponent is open (a player cannot accept its own).
    pub fn accept_draw(&mut self, color: Color) -> Result<(), GameError> {
        self.check_running()?;
        if self.draw_offer != Some(color.opposite()) {
            return Err(GameError::NoDrawOffer);
        }
        self.end(Outcome::draw(Termination::DrawAgreement))
    }

    /// `color` declines the opponent's open draw offer.
    ///
    /// # Errors
    /// [`GameError::GameOver`]; [`GameError::NoDrawOffer`] when no offer
    /// from the opponent is open.
    pub fn decline_draw(&mut self, color: Color) -> Result<(), GameError> {
        self.check_running()?;
        if self.draw_offer != Some(color.opposite()) {
            return Err(GameError::NoDrawOffer);
        }
        self.draw_offer = None;
        Ok(())
    }

    /// Ends the game with `outcome`; an open draw offer lapses.
    fn end(&mut self, outcome: Outcome) -> Result<(), GameError> {
        self.check_running()?;
        self.outcome = Some(outcome);
        self.draw_offer = None;
        Ok(())
    }

    fn check_running(&self) -> Result<(), GameError> {
        match self.outcome {
            Some(outcome) => Err(GameError::GameOver(outcome)),
            None => Ok(()),
        }
    }

    /// The end tests after a move, in the order of the module documentation.
    fn adjudicate(&self) -> Option<Outcome> {
        self.no_legal_moves()
            .or_else(|| {
                repetition::adjudicate(&self.keys, &self.plies, self.start.turn(), &self.rules)
            })
            .or_else(|| self.bare_material())
            .or_else(|| self.move_limit())
    }

    fn no_legal_moves(&self) -> Option<Outcome> {
        let pos = &self.position;
        if pos.has_legal_move() {
            return None;
        }
        let winner = pos.turn().opposite();
        Some(if pos.in_check() {
            Outcome::win(winner, Termination::Checkmate)
        } else {
            Outcome::win(winner, Termination::NoLegalMoves)
        })
    }

    fn bare_material(&self) -> Option<Outcome> {
        (self.rules.bare_material_draw && self.position.is_bare_material())
            .then_some(Outcome::draw(Termination::BareMaterial))
    }

    fn move_limit(&self) -> Option<Outcome> {
        let limit = self.rules.move_limit as usize;
        (limit > 0 && self.plies.len() >= limit).then_some(Outcome::draw(Termination::MoveLimit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iccs(game: &Game, text: &str) -> Move {
        game.position().parse_iccs_move(text).unwrap()
    }

    #[test]
    fn a_timed_game_charges_the_mover_only() {
        let mut game = Game::new();
        let m = iccs(&game, "h2e2");
        assert_eq!(game.play_timed(m, Duration::from_secs(40)), Ok(None));
        let clock = game.clock().unwrap();
        assert_eq!(clock.side(Color::Red).main, Duration::from_secs(260));
        assert_eq!(clock.side(Color::Black).main, Duration::from_secs(300));
    }

    #[test]
    fn undo_does_not_wind_the_clock_back() {
        let mut game = Game::new();
        let m = iccs(&game, "h2e2");
        game.play_timed(m, Duration::from_secs(320)).unwrap();
        let clock = *game.clock().unwrap();
        game.undo().unwrap();
        assert_eq!(game.clock(), Some(&clock));
        assert_eq!(clock.side(Color::Red).main, Duration::ZERO);
    }

    #[test]
    fn the_last_period_running_out_is_a_timeout() {
        let mut game = Game::new();
        let m = iccs(&game, "h2e2");
        // 300 s of main time and three 30 s periods: 390 s is the end.
        let outcome = game.play_timed(m, Duration::from_secs(390)).unwrap();
        assert_eq!(
            outcome,
            Some(Outcome::win(Color::Black, Termination::Timeout))
        );
        assert_eq!(game.clock().unwrap().timed_out(), Some(Color::Red));
        assert_eq!(game.ply_count(), 0);
    }
}
