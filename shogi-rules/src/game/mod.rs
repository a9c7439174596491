//! A game in progress: moves, history, and adjudication of every way a game
//! of shogi ends.
//!
//! After each move, in this order: the side to move has no legal move (it
//! loses: [`Termination::Checkmate`] if in check, else
//! [`Termination::NoLegalMoves`]); sennichite (the same board, hands and side
//! to move for the fourth time: a draw, unless one side gave check with every
//! one of its moves since the first occurrence, which then loses; if both did,
//! a draw); the move limit (when the SFEN move number would exceed it: a draw,
//! or the 24-point count when both kings are in their zones — the in-check
//! condition of a declaration does not apply, a pending check does not extend
//! the game, and with [`ImpasseRule::Disabled`](crate::ImpasseRule::Disabled)
//! there is no count). Under the try rule a king reaching the enemy king's
//! start square wins before anything else is looked at.
//!
//! Legality depends on the position alone: repetition, clocks and history
//! never make a move illegal. Illegal moves are rejected with the reason and
//! the game is unchanged. Once the game is over every action is rejected with
//! [`GameError::GameOver`].
//!
//! [`Game`] coordinates; each rule has its own file: `outcome` (how a game
//! ends), `repetition` (the key table and sennichite), `impasse` (points,
//! declarations, the try rule and the count at the move limit), `usi` (USI
//! `position` lines), `restore` (saved games) and `error`.

use core::time::Duration;

mod error;
mod impasse;
mod outcome;
mod repetition;
mod restore;
mod usi;

pub use error::{GameError, GameFromUsiError};
pub use impasse::{DeclarationRejection, ImpasseStatus, impasse_points};
pub use outcome::{Outcome, OutcomeError, Termination};
pub use repetition::Ply;
#[cfg(feature = "serde")]
pub use restore::GameJsonError;
pub use restore::RestoreError;

use crate::legal::MoveLines;
use crate::{Clock, Color, IllegalMoveError, Move, MoveList, Position, RuleSet, UsiMove};
use repetition::{KeyTable, NONE};

/// A game: a start position, the moves played, and the result once it ends.
///
/// ```
/// use shogi_rules::{Game, Termination, Color};
/// let mut game = Game::new();
/// for usi in ["7g7f", "5a4b", "8h3c+", "4b5b", "3c4b"] {
///     game.play_usi(usi).unwrap();
/// }
/// assert!(game.outcome().is_none());
/// game.resign(Color::Gote).unwrap();
/// assert_eq!(game.outcome().unwrap().winner, Some(Color::Sente));
/// assert_eq!(game.outcome().unwrap().termination, Termination::Resignation);
/// assert!(game.play_usi("2g2f").is_err()); // the game is over
/// ```
#[derive(Clone)]
pub struct Game {
    rules: RuleSet,
    start: Position,
    position: Position,
    plies: Vec<Ply>,
    occurrences: KeyTable,
    /// Whether the side to move is in check (from the last move, or the start).
    in_check: bool,
    /// Whether the side to move at the start is in check.
    start_in_check: bool,
    /// Whether the king of the side not to move is attacked at the start
    /// (only a position read without setup checks allows it).
    start_exposed: bool,
    /// Pin and discovery lines of the positions after an even and an odd
    /// number of plies, each valid while `lines_ply` holds that number:
    /// taking a move back finds the lines of the position it returns to.
    lines: [MoveLines; 2],
    lines_ply: [u32; 2],
    /// The last ply whose position had a move tested without lines: the
    /// lines are computed when a second move is tried there.
    tested_ply: u32,
    outcome: Option<Outcome>,
    clock: Option<Clock>,
    draw_offers_made: [u32; 2],
    draw_offer: Option<Color>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl core::fmt::Debug for Game {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Game")
            .field("start", &self.start)
            .field(
                "moves",
                &self
                    .moves()
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>(),
            )
            .field("outcome", &self.outcome)
            .finish()
    }
}

impl PartialEq for Game {
    /// Games are equal when start, moves, rules, outcome, clocks and draw
    /// offers are.
    fn eq(&self, other: &Game) -> bool {
        self.start == other.start
            && self.plies == other.plies
            && self.rules == other.rules
            && self.outcome == other.outcome
            && self.clock == other.clock
            && self.draw_offers_made == other.draw_offers_made
            && self.draw_offer == other.draw_offer
    }
}

impl Eq for Game {}

impl Game {
    /// A game from the standard start position under the site rules.
    #[must_use]
    pub fn new() -> Game {
        Game::from_position(Position::startpos(), RuleSet::site())
    }

    /// A game from `start` under `rules`. The start position is the first
    /// occurrence of its key; if it is already decided (no legal move, or
    /// past the move limit) the game is over at once.
    #[must_use]
    pub fn from_position(start: Position, rules: RuleSet) -> Game {
        let occurrences = KeyTable::new(start.zobrist());
        let in_check = start.in_check();
        let start_exposed = start
            .king_of(start.turn().opposite())
            .is_some_and(|k| start.is_attacked(k, start.turn()));
        let mut game = Game {
            rules,
            position: start.clone(),
            start,
            // Room for the opening; longer games grow it. (512 plies reserved up front made
            // every game about 16 KiB, most of it never used.)
            plies: Vec::with_capacity(16),
            occurrences,
            in_check,
            start_in_check: in_check,
            start_exposed,
            lines: [MoveLines::default(); 2],
            lines_ply: [NONE; 2],
            tested_ply: NONE,
            outcome: None,
            clock: rules.clock.map(Clock::new),
            draw_offers_made: [0; 2],
            draw_offer: None,
        };
        game.outcome = game.no_legal_moves().or_else(|| game.move_limit());
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

    /// The moves [`Game::play`] accepts now: the legal moves of the current
    /// position while the game runs, none once it is over.
    ///
    /// ```
    /// use shogi_rules::{Game, Position, RuleSet};
    /// let mut game = Game::new();
    /// assert_eq!(game.legal_moves().len(), 30);
    /// // Gote to move and mated: the game is over, and no move is accepted.
    /// let mated = Position::from_sfen("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1").unwrap();
    /// assert!(Game::from_position(mated, RuleSet::site()).legal_moves().is_empty());
    /// game.resign(shogi_rules::Color::Sente).unwrap();
    /// assert!(game.legal_moves().is_empty());
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        match self.outcome {
            Some(_) => MoveList::new(),
            None => self.position.legal_moves(),
        }
    }

    /// The number of moves [`legal_moves`](Self::legal_moves) lists, counted
    /// without building them: 0 once the game is over.
    ///
    /// ```
    /// let mut game = shogi_rules::Game::new();
    /// assert_eq!(game.count_legal_moves(), 30);
    /// game.resign(shogi_rules::Color::Sente).unwrap();
    /// assert_eq!(game.count_legal_moves(), 0);
    /// ```
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        match self.outcome {
            Some(_) => 0,
            None => self.position.count_legal_moves(),
        }
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        self.plies.iter().map(|p| p.mv).collect()
    }

    /// The history: each move with the key after it and whether it gave check.
    #[must_use]
    pub fn history(&self) -> &[Ply] {
        &self.plies
    }

    /// The result, or `None` while the game runs.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The clocks, if the game is timed.
    #[must_use]
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// Draw offers `color` has made.
    #[must_use]
    pub fn draw_offers_made(&self, color: Color) -> u32 {
        self.draw_offers_made[color.index()]
    }

    /// The player whose draw offer is open, if any.
    #[must_use]
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    fn ensure_running(&self) -> Result<(), GameError> {
        match self.outcome {
            Some(outcome) => Err(GameError::GameOver(outcome)),
            None => Ok(()),
        }
    }

    /// Plays a legal move and adjudicates the position it leads to.
    ///
    /// # Errors
    /// [`GameError::GameOver`], or [`GameError::IllegalMove`] with the reason;
    /// the game is unchanged.
    pub fn play(&mut self, m: Move) -> Result<Option<Outcome>, GameError> {
        self.ensure_running()?;
        let gives_check = self.test_move(m)?;
        self.push(m, gives_check);
        Ok(self.outcome)
    }

    /// Tests a described move: `Some(gives_check)` from the quick test,
    /// `None` when only the full test could tell it legal.
    #[inline(always)]
    fn test_move(&mut self, m: Move) -> Result<Option<bool>, GameError> {
        if let Some(gives_check) = self.quick_test(m) {
            return Ok(Some(gives_check));
        }
        self.position.check_knowing_check(m, self.in_check)?;
        Ok(None)
    }

    /// The quick test, where it applies: the side to move is not in check
    /// and the other king is not attacked.
    #[inline(always)]
    fn quick_test(&mut self, m: Move) -> Option<bool> {
        let ply = self.plies.len();
        if self.in_check || (self.start_exposed && ply == 0) {
            return None;
        }
        let slot = ply & 1;
        let ply = ply as u32;
        if self.lines_ply[slot] != ply {
            if self.tested_ply != ply {
                // A game played forward tries one move per position.
                self.tested_ply = ply;
                return self.position.quick_test(m, None);
            }
            self.lines[slot] = self.position.move_lines();
            self.lines_ply[slot] = ply;
        }
        self.position.quick_test(m, Some(&self.lines[slot]))
    }

    /// Resolves USI text: the move with the roles on its squares, and
    /// whether it gives check when the quick test told.
    fn resolve_usi(&mut self, usi: UsiMove) -> Result<(Move, Option<bool>), IllegalMoveError> {
        let described = match usi {
            UsiMove::Drop { role, to } => Some(Move::drop(role, to)),
            UsiMove::Normal { from, to, promote } => self
                .position
                .piece_at(from)
                .map(|p| Move::normal(p.role, from, to, self.position.role_at(to), promote)),
        };
        if let Some(m) = described {
            if let Some(gives_check) = self.quick_test(m) {
                return Ok((m, Some(gives_check)));
            }
        }
        let m = self.position.to_move_knowing_check(usi, self.in_check)?;
        Ok((m, None))
    }

    /// Resolves a USI move and plays it.
    ///
    /// # Errors
    /// As [`Game::play`], and [`GameError::BadMoveText`] for text that is not
    /// a USI move.
    pub fn play_usi(&mut self, usi: &str) -> Result<Option<Outcome>, GameError> {
        self.ensure_running()?;
        let usi: UsiMove = usi.parse().map_err(GameError::BadMoveText)?;
        let (m, gives_check) = self.resolve_usi(usi)?;
        self.push(m, gives_check);
        Ok(self.outcome)
    }

    /// Plays a move that took `elapsed` on the mover's clock. If the time ran
    /// out first, the move is not played and the mover loses on time.
    ///
    /// # Errors
    /// As [`Game::play`], and [`GameError::NoClock`] for an untimed game.
    pub fn play_timed(&mut self, m: Move, elapsed: Duration) -> Result<Option<Outcome>, GameError> {
        self.ensure_running()?;
        let mover = self.position.turn();
        if self.clock.is_none() {
            return Err(GameError::NoClock);
        }
        let gives_check = self.test_move(m)?;
        if let Some(clock) = self.clock.as_mut() {
            if clock.spend(mover, elapsed).is_err() {
                return Ok(Some(
                    self.end(Outcome::win(mover.opposite(), Termination::Timeout)),
                ));
            }
        }
        self.push(m, gives_check);
        Ok(self.outcome)
    }

    /// Checks the side to move's clock after `elapsed` of thinking: if its
    /// time is up the game ends with [`Termination::Timeout`].
    ///
    /// # Errors
    /// [`GameError::GameOver`] or [`GameError::NoClock`].
    pub fn check_time(&mut self, elapsed: Duration) -> Result<Option<Outcome>, GameError> {
        self.ensure_running()?;
        let mover = self.position.turn();
        let clock = self.clock.as_mut().ok_or(GameError::NoClock)?;
        if clock.remaining(mover, elapsed).timed_out {
            // Mark the clock as run out.
            let _ = clock.spend(mover, elapsed);
            self.end(Outcome::win(mover.opposite(), Termination::Timeout));
        }
        Ok(self.outcome)
    }

    /// Plays a legal move; `gives_check` is whether it checks, when the
    /// quick test told.
    #[inline(always)]
    fn push(&mut self, m: Move, gives_check: Option<bool>) {
        let mover = self.position.turn();
        self.position.play_unchecked_inline(m);
        let gave_check = match gives_check {
            Some(gives_check) => gives_check,
            // The other king may have been attacked before the move.
            None if self.start_exposed && self.plies.is_empty() => self.position.in_check(),
            None => self.position.checked_by(m),
        };
        // The position after this move is new: lines kept for that ply
        // belong to another.
        self.lines_ply[(self.plies.len() + 1) & 1] = NONE;
        let mobile = if gave_check {
            self.position.has_legal_moves_in_check()
        } else {
            self.position.has_legal_moves_unchecked_side()
        };
        let key = self.position.zobrist();
        let key_count = self.record_ply(m, key, gave_check);
        self.in_check = gave_check;
        if self.draw_offer == Some(mover.opposite()) {
            // The opponent of the offerer moved: the offer is declined.
            self.draw_offer = None;
        }
        self.outcome = self.adjudicate(mover, m, key_count, gave_check, mobile);
        if self.outcome.is_some() {
            // An open offer lapses when the game ends.
            self.draw_offer = None;
        }
    }

    /// Ends the game with `outcome`; an open draw offer lapses.
    fn end(&mut self, outcome: Outcome) -> Outcome {
        self.outcome = Some(outcome);
        self.draw_offer = None;
        outcome
    }

    /// The ending the move `m` by `mover` gives, in the order the rules look
    /// at them: the try rule, no legal move for the side to move, sennichite
    /// (`key_count` is how often the position has now occurred), the move
    /// limit.
    #[inline(always)]
    fn adjudicate(
        &self,
        mover: Color,
        m: Move,
        key_count: u32,
        in_check: bool,
        mobile: bool,
    ) -> Option<Outcome> {
        if let Some(outcome) = self.try_rule(mover, m) {
            return Some(outcome);
        }
        if !mobile {
            let termination = if in_check {
                Termination::Checkmate
            } else {
                Termination::NoLegalMoves
            };
            return Some(Outcome::win(mover, termination));
        }
        if key_count >= self.rules.repetitions.max(1) {
            if let Some(outcome) = self.repetition() {
                return Some(outcome);
            }
        }
        self.move_limit()
    }

    fn no_legal_moves(&self) -> Option<Outcome> {
        let (checkers, mobile) = self.position.checkers_and_mobility();
        if mobile {
            return None;
        }
        let termination = if checkers.any() {
            Termination::Checkmate
        } else {
            Termination::NoLegalMoves
        };
        Some(Outcome::win(self.position.turn().opposite(), termination))
    }

    /// Takes back the last move. A move that ended the game (checkmate,
    /// repetition, move limit, try rule) can be taken back, and the game runs
    /// again; an open draw offer is withdrawn. The clocks are not wound back.
    ///
    /// # Errors
    /// [`GameError::NothingToUndo`], or [`GameError::GameOver`] when the game
    /// ended otherwise than by a move.
    pub fn undo(&mut self) -> Result<Move, GameError> {
        if let Some(outcome) = self.outcome {
            if !outcome.termination.is_by_move() || self.plies.is_empty() {
                return Err(GameError::GameOver(outcome));
            }
        }
        let ply = self.forget_last_ply().ok_or(GameError::NothingToUndo)?;
        self.position.undo(ply.mv);
        self.in_check = match self.plies.last() {
            Some(p) => p.gave_check,
            None => self.start_in_check,
        };
        self.outcome = None;
        self.draw_offer = None;
        Ok(ply.mv)
    }

    /// `color` resigns. Either side may resign at any time while the game
    /// runs, on its own turn or not. An open draw offer lapses (as it does
    /// whenever the game ends).
    ///
    /// # Errors
    /// [`GameError::GameOver`].
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameError> {
        self.ensure_running()?;
        Ok(self.end(Outcome::win(color.opposite(), Termination::Resignation)))
    }

    /// `color` loses on time, as reported by a clock outside the library:
    /// the game's clock marks `color` as timed out. Only a timed game can be
    /// lost on time.
    ///
    /// # Errors
    /// [`GameError::GameOver`], or [`GameError::NoClock`] for an untimed game.
    pub fn flag(&mut self, color: Color) -> Result<Outcome, GameError> {
        self.ensure_running()?;
        let clock = self.clock.as_mut().ok_or(GameError::NoClock)?;
        clock.run_out(color);
        Ok(self.end(Outcome::win(color.opposite(), Termination::Timeout)))
    }

    /// Ends the game without a result.
    ///
    /// # Errors
    /// [`GameError::GameOver`].
    pub fn interrupt(&mut self) -> Result<Outcome, GameError> {
        self.ensure_running()?;
        Ok(self.end(Outcome::draw(Termination::Interrupted)))
    }

    /// Ends the game with a result decided outside the rules engine, as a
    /// record states it (a foul, a declaration, an agreed draw,
    /// resignation, interruption). The result must be one a saved game can
    /// be restored with, so that what this makes saves and restores.
    ///
    /// # Errors
    /// [`GameError::GameOver`]; [`GameError::NotStatable`] for a result the
    /// rules decide from the moves, a winner that does not fit the
    /// termination, an impasse declaration other than the one the rules
    /// give, a loss on time, or a draw agreement without a draw offer.
    pub fn set_stated_outcome(&mut self, outcome: Outcome) -> Result<(), GameError> {
        self.ensure_running()?;
        Outcome::new(outcome.winner, outcome.termination)
            .map_err(|e| GameError::NotStatable(RestoreError::Winner(e)))?;
        if outcome.termination == Termination::Timeout && self.clock.is_some() {
            let color = outcome.winner.map_or(Color::Sente, Color::opposite);
            return Err(GameError::NotStatable(RestoreError::NotTimedOut { color }));
        }
        self.check_stated_ending(outcome, self.clock.is_some(), self.draw_offers_made)
            .map_err(GameError::NotStatable)?;
        self.end(outcome);
        Ok(())
    }

    /// `color` offers a draw. Allowed on the player's own turn, while no
    /// offer is open, up to the rule set's number of offers (an offer counts
    /// when made). The offer stays open until the opponent accepts, declines
    /// or moves.
    ///
    /// # Errors
    /// [`GameError::GameOver`], [`GameError::NotYourTurn`],
    /// [`GameError::DrawOfferPending`], [`GameError::NoDrawOffersLeft`].
    pub fn offer_draw(&mut self, color: Color) -> Result<(), GameError> {
        self.ensure_running()?;
        if self.position.turn() != color {
            return Err(GameError::NotYourTurn(color));
        }
        if self.draw_offer.is_some() {
            return Err(GameError::DrawOfferPending);
        }
        if self.draw_offers_made[color.index()] >= self.rules.draw_offers {
            return Err(GameError::NoDrawOffersLeft(color));
        }
        self.draw_offers_made[color.index()] += 1;
        self.draw_offer = Some(color);
        Ok(())
    }

    /// `color` accepts the opponent's open draw offer: the game is drawn.
    ///
    /// # Errors
    /// [`GameError::GameOver`], [`GameError::NoDrawOffer`].
    pub fn accept_draw(&mut self, color: Color) -> Result<Outcome, GameError> {
        self.ensure_running()?;
        if self.draw_offer != Some(color.opposite()) {
            return Err(GameError::NoDrawOffer);
        }
        Ok(self.end(Outcome::draw(Termination::DrawAgreement)))
    }

    /// `color` declines the opponent's open draw offer.
    ///
    /// # Errors
    /// [`GameError::GameOver`], [`GameError::NoDrawOffer`].
    pub fn decline_draw(&mut self, color: Color) -> Result<(), GameError> {
        self.ensure_running()?;
        if self.draw_offer != Some(color.opposite()) {
            return Err(GameError::NoDrawOffer);
        }
        self.draw_offer = None;
        Ok(())
    }
}
