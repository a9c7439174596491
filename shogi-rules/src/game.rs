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
//! the game, and with [`ImpasseRule::Disabled`] there is no count). Under the
//! try rule a king reaching the enemy king's start square wins before anything
//! else is looked at.
//!
//! Legality depends on the position alone: repetition, clocks and history
//! never make a move illegal. Illegal moves are rejected with the reason and
//! the game is unchanged. Once the game is over every action is rejected with
//! [`GameError::GameOver`].

use core::time::Duration;

#[cfg(feature = "serde")]
mod restore;
#[cfg(feature = "serde")]
pub use restore::{GameJsonError, RestoreError};

use crate::legal::MoveLines;
use crate::rules::DeclarationRejection;
use crate::{
    Clock, Color, IllegalMoveError, ImpasseRule, Move, MoveList, Position, RuleSet, Square, UsiMove,
};

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
    /// taken back with [`Game::undo`]).
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
    /// [`Game::set_stated_outcome`]: the result is one the game could not
    /// be restored with (see [`RestoreError`]): a result the rules decide,
    /// a winner that does not fit, a declaration the rules do not give, a
    /// time loss (a game with a clock ends on time through [`Game::flag`]),
    /// a draw agreement without an offer.
    #[error("this result cannot be stated: {0}")]
    NotStatable(RestoreError),
}

/// What an impasse declaration by the side to move would give now.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ImpasseStatus {
    /// The rule that applies.
    pub rule: ImpasseRule,
    /// Sente's count under that rule (the whole-board count for the 24-point
    /// rule, the try rule and no rule; hand plus pieces in the enemy camp for
    /// the CSA rule).
    pub sente_points: u32,
    /// Gote's count, likewise.
    pub gote_points: u32,
    /// Whether the side to move may declare validly now.
    pub allowed: bool,
    /// Why not, when it may not.
    pub reason: Option<DeclarationRejection>,
    /// The result declaring now would give: the outcome of a valid
    /// declaration, the declarer's loss when invalid declarations lose, or
    /// `None` when the declaration would be rejected.
    pub result: Option<Outcome>,
}

/// One ply of the history.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move.
    pub mv: Move,
    /// The Zobrist key of the position after the move.
    pub key: u64,
    /// Whether the move gave check.
    pub gave_check: bool,
    /// Consecutive checking moves of the mover ending here.
    check_streak: u32,
    /// Occurrences of this ply's key so far, this one included.
    key_count: u32,
    /// The previous ply whose position had the same key (`NONE`: none).
    previous_same_key: u32,
}

/// Board, hands and side to move: what makes two positions "the same" for
/// sennichite (the move number does not count).
fn same_position(a: &Position, b: &Position) -> bool {
    a.board == b.board && a.hands == b.hands && a.turn == b.turn
}

/// The last ply at which each position key occurred: an open-addressing
/// table with linear probing whose slots hold that ply plus one (0: vacant).
/// Keys are not stored: a slot's key is the key after its ply, read from the
/// game's history, so a slot is four bytes. Zobrist keys are uniformly
/// random, so their low bits index it directly.
///
/// Plies are added and taken back in stack order, and the table grows by
/// reinserting keys in the order of their first occurrence, so taking back
/// the ply that first had a key can empty its slot without breaking any
/// probe sequence: every key inserted after it is gone already.
#[derive(Clone, Debug)]
struct KeyTable {
    slots: Vec<u32>,
    /// The key of the start position (ply 0), kept here beside the slots.
    start_key: u64,
    used: usize,
    /// The slot written last: taking back the last ply finds its slot there
    /// without probing.
    last: usize,
}

/// The key after `ply` plies of a game that started from `start_key`.
#[inline]
fn key_after(plies: &[Ply], start_key: u64, ply: u32) -> u64 {
    match ply {
        0 => start_key,
        n => plies[n as usize - 1].key,
    }
}

impl KeyTable {
    /// A table for the start position alone (ply 0).
    fn new(start_key: u64) -> KeyTable {
        let mut table = KeyTable {
            start_key,
            // One cache line: a program that keeps many games in play (a search, an analysis,
            // a batch of self-play games) touches one line per game for it, not sixteen. It
            // grows fourfold at half full: three times on the way to the 400-ply limit.
            slots: vec![0; 16],
            used: 0,
            last: 0,
        };
        let (i, _) = table.find(&[], start_key);
        table.slots[i] = 1;
        table.used = 1;
        table
    }

    /// The slot where `key` is or would go, and the last ply that had it.
    #[inline]
    fn find(&self, plies: &[Ply], key: u64) -> (usize, Option<u32>) {
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            match self.slots[i] {
                0 => return (i, None),
                s if key_after(plies, self.start_key, s - 1) == key => return (i, Some(s - 1)),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Records that `ply` (the last of `plies`) has `key`; returns the
    /// previous ply that had it.
    #[inline(always)]
    fn record(&mut self, plies: &[Ply], key: u64, ply: u32) -> Option<u32> {
        if 2 * (self.used + 1) > self.slots.len() {
            self.grow(plies);
        }
        let (i, previous) = self.find(plies, key);
        if previous.is_none() {
            self.used += 1;
        }
        self.slots[i] = ply + 1;
        self.last = i;
        previous
    }

    /// Takes back the last ply (the last of `plies`), which had `key`;
    /// `previous` is the ply that had it before.
    #[inline]
    fn forget(&mut self, plies: &[Ply], key: u64, previous: Option<u32>) {
        // A slot holds one ply, so the slot written last is this ply's if it
        // still holds it.
        let i = match self.slots.get(self.last) {
            Some(&s) if s as usize == plies.len() + 1 => self.last,
            _ => self.find(plies, key).0,
        };
        match previous {
            Some(p) => self.slots[i] = p + 1,
            None => {
                self.slots[i] = 0;
                self.used -= 1;
            }
        }
    }

    /// Four times the slots, refilled in the order of the plies (so keys go
    /// in in the order of their first occurrence).
    #[cold]
    fn grow(&mut self, plies: &[Ply]) {
        let mut bigger = KeyTable {
            start_key: self.start_key,
            slots: vec![0; self.slots.len() * 4],
            used: 0,
            last: 0,
        };
        for ply in 0..=plies.len() as u32 {
            let key = key_after(plies, self.start_key, ply);
            let (i, previous) = bigger.find(plies, key);
            if previous.is_none() {
                bigger.used += 1;
            }
            bigger.slots[i] = ply + 1;
        }
        *self = bigger;
    }
}

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

const NONE: u32 = u32::MAX;

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

    /// How many times the current position (board, hands, side to move) has
    /// occurred in this game, the current occurrence included.
    #[must_use]
    pub fn repetition_count(&self) -> u32 {
        self.occurrence_plies(self.plies.len()).len() as u32
    }

    /// The plies (0 = the start) at which the current position occurred,
    /// oldest first, the current one included.
    #[must_use]
    pub fn repetition_plies(&self) -> Vec<u32> {
        self.occurrence_plies(self.plies.len())
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
        let legal = self
            .position
            .to_move_knowing_check(m.to_usi(), self.in_check)?;
        if legal != m {
            return Err(GameError::IllegalMove(IllegalMoveError {
                usi: m.to_usi(),
                reason: crate::IllegalReason::NotAPieceMove,
            }));
        }
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
        let ply = self.plies.len() as u32 + 1;
        let key = self.position.zobrist();
        let check_streak = if gave_check {
            let previous = self
                .plies
                .len()
                .checked_sub(2)
                .map_or(0, |i| self.plies[i].check_streak);
            previous + 1
        } else {
            0
        };
        let previous = self.occurrences.record(&self.plies, key, ply);
        let key_count = match previous {
            None => 1,
            Some(0) => 2,
            Some(p) => self.plies[p as usize - 1].key_count + 1,
        };
        self.plies.push(Ply {
            mv: m,
            key,
            gave_check,
            check_streak,
            key_count,
            previous_same_key: previous.unwrap_or(NONE),
        });
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

    #[inline(always)]
    fn adjudicate(
        &self,
        mover: Color,
        m: Move,
        key_count: u32,
        in_check: bool,
        mobile: bool,
    ) -> Option<Outcome> {
        if self.rules.impasse == ImpasseRule::TryRule && m.role() == crate::Role::King {
            let target = match mover {
                Color::Sente => Square::SQ_5A,
                Color::Gote => Square::SQ_5I,
            };
            if m.to() == target {
                return Some(Outcome::win(mover, Termination::TryRule));
            }
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

    /// Plies (oldest first) at which the position after `ply` moves
    /// occurred. Keys only point at candidates: the positions are rebuilt and
    /// compared in full, so a key collision can never make a false
    /// repetition. The rebuild replays the game once; it runs only when a key
    /// has been seen as often as a repetition needs.
    fn occurrence_plies(&self, ply: usize) -> Vec<u32> {
        let mut candidates = Vec::new();
        let mut at = ply as u32;
        while at != NONE {
            candidates.push(at);
            at = match at {
                0 => NONE,
                _ => self.plies[at as usize - 1].previous_same_key,
            };
        }
        if candidates.len() == 1 {
            return candidates;
        }
        candidates.reverse();
        let mut positions = Vec::with_capacity(candidates.len());
        let mut pos = self.start.clone();
        let mut next = candidates.iter().peekable();
        for i in 0..=ply {
            if next.peek().is_some_and(|&&c| c as usize == i) {
                next.next();
                positions.push((i as u32, pos.clone()));
            }
            if let Some(p) = self.plies.get(i) {
                pos.play_unchecked(p.mv);
            }
        }
        let current = match positions.last() {
            Some((_, p)) => p.clone(),
            None => return Vec::new(),
        };
        positions
            .into_iter()
            .filter(|(_, p)| same_position(p, &current))
            .map(|(i, _)| i)
            .collect()
    }

    fn repetition(&self) -> Option<Outcome> {
        let now = self.plies.len();
        let plies = self.occurrence_plies(now);
        if (plies.len() as u32) < self.rules.repetitions.max(1) {
            return None;
        }
        let first = plies[0] as usize;
        let moves_each = ((now - first) / 2) as u32;
        if self.rules.perpetual_check_loses && moves_each > 0 {
            let mover = self.position.turn().opposite();
            let mover_checked = self.plies[now - 1].check_streak >= moves_each;
            let other_checked = now >= 2 && self.plies[now - 2].check_streak >= moves_each;
            match (mover_checked, other_checked) {
                (true, false) => {
                    return Some(Outcome::win(mover.opposite(), Termination::PerpetualCheck));
                }
                (false, true) => return Some(Outcome::win(mover, Termination::PerpetualCheck)),
                _ => {}
            }
        }
        Some(Outcome::draw(Termination::Repetition))
    }

    #[inline]
    fn move_limit(&self) -> Option<Outcome> {
        let limit = self.rules.move_limit;
        if limit == 0 || self.position.move_number() <= limit {
            return None;
        }
        self.move_limit_reached()
    }

    /// The outcome at the move limit (`docs/rules.md D5`).
    #[cold]
    fn move_limit_reached(&self) -> Option<Outcome> {
        let pos = &self.position;
        if self.rules.impasse != ImpasseRule::Disabled
            && pos.king_in_zone(Color::Sente)
            && pos.king_in_zone(Color::Gote)
        {
            let winner = points24_winner(
                pos.impasse_points(Color::Sente),
                pos.impasse_points(Color::Gote),
            );
            return Some(Outcome {
                winner,
                termination: Termination::MoveLimit,
            });
        }
        Some(Outcome::draw(Termination::MoveLimit))
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
        let ply = *self.plies.last().ok_or(GameError::NothingToUndo)?;
        let previous = (ply.previous_same_key != NONE).then_some(ply.previous_same_key);
        self.occurrences.forget(&self.plies, ply.key, previous);
        self.plies.pop();
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

    /// What an impasse declaration by the side to move would give now,
    /// without declaring.
    #[must_use]
    pub fn impasse_status(&self) -> ImpasseStatus {
        let pos = &self.position;
        let declarer = pos.turn();
        let rule = self.rules.impasse;
        let (sente_points, gote_points) = match rule {
            ImpasseRule::Csa27Declaration => (
                pos.csa_declaration_count(Color::Sente).0,
                pos.csa_declaration_count(Color::Gote).0,
            ),
            _ => (
                pos.impasse_points(Color::Sente),
                pos.impasse_points(Color::Gote),
            ),
        };
        let check = || -> Result<Outcome, DeclarationRejection> {
            match rule {
                ImpasseRule::TryRule | ImpasseRule::Disabled => {
                    Err(DeclarationRejection::NotOffered)
                }
                ImpasseRule::Points24 => {
                    if pos.king_of(declarer).is_none() {
                        return Err(DeclarationRejection::NoKing);
                    }
                    if !(pos.king_in_zone(Color::Sente) && pos.king_in_zone(Color::Gote)) {
                        return Err(DeclarationRejection::KingsNotInZone);
                    }
                    if pos.in_check() {
                        return Err(DeclarationRejection::InCheck);
                    }
                    Ok(Outcome {
                        winner: points24_winner(sente_points, gote_points),
                        termination: Termination::ImpasseDeclaration,
                    })
                }
                ImpasseRule::Csa27Declaration => {
                    if pos.king_of(declarer).is_none() {
                        return Err(DeclarationRejection::NoKing);
                    }
                    if !pos.king_in_zone(declarer) {
                        return Err(DeclarationRejection::KingsNotInZone);
                    }
                    if pos.in_check() {
                        return Err(DeclarationRejection::InCheck);
                    }
                    let (points, pieces) = pos.csa_declaration_count(declarer);
                    if pieces < 10 {
                        return Err(DeclarationRejection::TooFewPieces);
                    }
                    let needed = match declarer {
                        Color::Sente => 28,
                        Color::Gote => 27,
                    };
                    if points < needed {
                        return Err(DeclarationRejection::TooFewPoints);
                    }
                    Ok(Outcome::win(declarer, Termination::ImpasseDeclaration))
                }
            }
        };
        match check() {
            Ok(outcome) => ImpasseStatus {
                rule,
                sente_points,
                gote_points,
                allowed: true,
                reason: None,
                result: Some(outcome),
            },
            Err(reason) => ImpasseStatus {
                rule,
                sente_points,
                gote_points,
                allowed: false,
                reason: Some(reason),
                result: (self.rules.invalid_declaration_loses
                    && reason != DeclarationRejection::NotOffered)
                    .then(|| Outcome::win(declarer.opposite(), Termination::ImpasseDeclaration)),
            },
        }
    }

    /// The side to move declares impasse.
    ///
    /// # Errors
    /// [`GameError::GameOver`], or [`GameError::DeclarationRejected`] when
    /// the conditions do not hold and the rules reject (rather than score)
    /// invalid declarations; the game then goes on.
    pub fn declare_impasse(&mut self) -> Result<Outcome, GameError> {
        self.ensure_running()?;
        let status = self.impasse_status();
        match (status.result, status.reason) {
            (Some(outcome), _) => Ok(self.end(outcome)),
            (None, reason) => Err(GameError::DeclarationRejected(
                reason.unwrap_or(DeclarationRejection::NotOffered),
            )),
        }
    }

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

/// The 24-point count's winner: a side under 24 loses; both at 24 or more,
/// or both under 24, is a draw.
fn points24_winner(sente: u32, gote: u32) -> Option<Color> {
    match (sente >= 24, gote >= 24) {
        (true, false) => Some(Color::Sente),
        (false, true) => Some(Color::Gote),
        _ => None,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Plies (0 = start) whose position equals the one after `upto` plies,
    /// found by replaying and comparing every position.
    fn brute_force_occurrences(game: &Game, upto: usize) -> Vec<u32> {
        let mut positions = vec![game.start.clone()];
        let mut pos = game.start.clone();
        for p in &game.plies[..upto] {
            pos.play_unchecked(p.mv);
            positions.push(pos.clone());
        }
        let current = positions[upto].clone();
        (0..=upto as u32)
            .filter(|&i| same_position(&positions[i as usize], &current))
            .collect()
    }

    /// Long games with many repeated positions grow the key table several
    /// times; taking every move back afterwards must restore it exactly.
    #[test]
    fn key_table_survives_growth_and_full_undo() {
        let mut rules = RuleSet::site();
        rules.move_limit = 0;
        rules.repetitions = u32::MAX;
        rules.clock = None;
        let mut game = Game::from_position(Position::startpos(), rules);
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        // Rook shuffles repeat positions; random moves add new ones.
        let shuffle = ["2h3h", "8b7b", "3h2h", "7b8b"];
        for i in 0..1500usize {
            let played = if (i / 40) % 2 == 0 {
                game.play_usi(shuffle[i % 4]).is_ok()
            } else {
                false
            };
            if !played {
                let legal = game.position().legal_moves();
                if legal.is_empty() {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if game
                    .play(legal[(state % legal.len() as u64) as usize])
                    .unwrap()
                    .is_some()
                {
                    break;
                }
            }
            if i % 97 == 0 {
                assert_eq!(
                    game.repetition_plies(),
                    brute_force_occurrences(&game, game.plies.len())
                );
            }
        }
        assert!(game.plies.len() > 300, "only {} plies", game.plies.len());
        assert!(game.occurrences.slots.len() > 256, "the table grew");
        while !game.plies.is_empty() {
            if game.plies.len() % 53 == 0 {
                assert_eq!(
                    game.repetition_plies(),
                    brute_force_occurrences(&game, game.plies.len())
                );
            }
            game.undo().unwrap();
        }
        assert_eq!(game.occurrences.used, 1);
        assert_eq!(
            game.occurrences.slots.iter().filter(|&&s| s != 0).count(),
            1
        );
        assert_eq!(game.repetition_count(), 1);
    }
}
