//! Checkmate search: [`mate_in_one`] and the df-pn solver [`solve_mate`].
//!
//! # Conventions
//!
//! The problems are those of tsume shogi, under the exact rules of
//! [`shogi_rules`]:
//!
//! - **Mate.** The side to move (the attacker) gives check with every one of
//!   its moves; the other side (the defender) may answer with any legal
//!   evasion. A line is a mate when it ends in a position where the
//!   defender is in check and has no legal move. A pawn drop may not give
//!   that final checkmate (uchifuzume): such a drop is not a legal move and
//!   is never part of an answer, though a pawn drop that checks without
//!   mating is. [`MateAnswer::Mate`] holds the whole line, attacker's
//!   moves and defender's alternately, ending in checkmate, so it has an odd
//!   number of moves; it replays with [`Position::play`].
//! - **Length.** The solver prefers shorter mates: at each attacker's node
//!   it follows the shortest proof it knows, and once a mate is found it
//!   spends at most as many positions again as the first proof cost looking
//!   for a shorter one. At the defender's nodes the line takes the evasion
//!   whose proof is longest. The answer is therefore a mate, not always the
//!   shortest; [`MateLimits::max_plies`] caps its length. No line is longer
//!   than [`MAX_PLIES`] plies, so the recursion has a fixed bound.
//! - **Repetition.** A position that repeats one earlier on the line being
//!   searched is a failure for the attacker: perpetual check is not mate,
//!   and neither is a defence that goes round in a circle, since the
//!   attacker cannot force progress. A disproof that rests on such a
//!   repetition is reused only on lines that pass through the repeated
//!   position.
//! - **Hands.** By default each side holds what the position says. With
//!   [`MateLimits::defender_holds_remaining`] the defender holds, in
//!   addition, every piece that is neither on the board nor in the
//!   attacker's hand (kings excluded), the usual convention of printed
//!   problems: interposing drops then become possible.
//! - **Limits.** The search counts positions expanded ([`MateReport::nodes`])
//!   and checks the node limit at each; it polls the time limit and the
//!   [`Stop`] flag every 1024 positions. A search that ends without an
//!   answer says why ([`Exhausted`]). [`MateAnswer::NoMate`] is returned
//!   only when every line of checks is refuted (within
//!   [`MateLimits::max_plies`] when it is set); when the refutation of some
//!   line rests only on the cap of [`MAX_PLIES`] the answer is
//!   [`MateAnswer::Unknown`] with [`Exhausted::Depth`].
//! - **Memory.** The transposition table, keyed by the Zobrist key, takes at
//!   most [`TABLE_BYTES`], and less for a small node limit.

use std::time::{Duration, Instant};

use shogi_rules::{Color, Move, Position, Role, Setup, SetupChecks};

use crate::Stop;

mod checks;
mod dfpn;
mod table;

/// The longest line the solver follows, in plies: the bound of its
/// recursion.
pub const MAX_PLIES: u32 = 127;

/// The most memory the solver's transposition table takes, in bytes.
pub const TABLE_BYTES: usize = 64 << 20;

/// A move of the side to move that checkmates at once, if there is one.
///
/// Only the moves that give check are tried (drops and moves onto the
/// squares from which the piece attacks the enemy king, and moves that
/// uncover a slider's check). A check after which the king surely keeps a
/// free neighbour (one the attacker does not attack now, that the moved
/// piece does not attack and that no line through the emptied square
/// reaches) is passed over at once; the others are confirmed legal, played
/// and tested for checkmate. Pawn drops that would checkmate are illegal (uchifuzume) and
/// never returned.
///
/// ```
/// use shogi_ai::mate::mate_in_one;
/// use shogi_rules::Position;
/// let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1")?;
/// assert_eq!(mate_in_one(&pos).map(|m| m.to_string()), Some("G*5b".to_string()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn mate_in_one(pos: &Position) -> Option<Move> {
    let mut work = pos.clone();
    checks::mate_in_one_at(pos, &mut work)
}

/// What a checkmate search may spend, and the problem's conventions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateLimits {
    /// The most positions to visit (`None`: no limit).
    pub nodes: Option<u64>,
    /// The most time to spend (`None`: no limit).
    pub time: Option<Duration>,
    /// The longest mate to look for, in plies (`None`: any length).
    pub max_plies: Option<u32>,
    /// The tsume convention: the defender holds every piece that is
    /// neither on the board nor in the attacker's hand.
    pub defender_holds_remaining: bool,
}

impl Default for MateLimits {
    /// One million positions, no time limit, any length, hands as given.
    fn default() -> MateLimits {
        MateLimits {
            nodes: Some(1_000_000),
            time: None,
            max_plies: None,
            defender_holds_remaining: false,
        }
    }
}

/// Why a search ended without an answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Exhausted {
    /// The node limit was reached.
    Nodes,
    /// The time limit was reached.
    Time,
    /// The [`Stop`] flag was raised.
    Stopped,
    /// Some line was refuted only because it would be longer than
    /// [`MAX_PLIES`]: no mate was found, but none is ruled out.
    Depth,
}

/// The answer of a checkmate search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateAnswer {
    /// A forced mate: the attacker's and the defender's moves, ending in
    /// checkmate; every defence the defender has is answered, and this is
    /// the longest-resisting line the search found.
    Mate(Vec<Move>),
    /// Proven: no sequence of checks forces mate (within `max_plies`, if
    /// set).
    NoMate,
    /// The search ended before it could decide.
    Unknown(Exhausted),
}

/// A checkmate search's answer with what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateReport {
    /// The answer.
    pub answer: MateAnswer,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// A position a checkmate search cannot start from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MateError {
    /// The side not to move is in check: the position cannot arise in play.
    #[error("the side not to move is in check")]
    OpponentInCheck,
    /// The side not to move has no king to mate.
    #[error("the side not to move has no king")]
    NoDefendingKing,
}

/// Searches for a forced checkmate by the side to move: the attacker plays
/// only checks, the defender every legal evasion (see the module's
/// conventions).
///
/// ```
/// use shogi_ai::mate::{solve_mate, MateAnswer, MateLimits};
/// use shogi_ai::Stop;
/// use shogi_rules::Position;
/// // Two golds in hand against a king between two silvers: mate in three.
/// let pos = Position::from_sfen("3sks3/9/4S4/9/9/9/9/9/9 b 2G 1")?;
/// let report = solve_mate(&pos, &MateLimits::default(), &Stop::new())?;
/// let MateAnswer::Mate(line) = report.answer else { panic!("{:?}", report.answer) };
/// let mut after = pos.clone();
/// for m in &line {
///     after.play(*m)?;
/// }
/// assert!(after.is_checkmate());
/// assert_eq!(line.len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`MateError`] when the position cannot be searched.
pub fn solve_mate(
    pos: &Position,
    limits: &MateLimits,
    stop: &Stop,
) -> Result<MateReport, MateError> {
    let started = Instant::now();
    let attacker = pos.turn();
    let Some(king) = pos.king_of(attacker.opposite()) else {
        return Err(MateError::NoDefendingKing);
    };
    if pos.is_attacked(king, attacker) {
        return Err(MateError::OpponentInCheck);
    }
    let root = if limits.defender_holds_remaining {
        with_remaining_pieces_in_hand(pos)
    } else {
        pos.clone()
    };
    let node_limit = limits.nodes.unwrap_or(u64::MAX).max(1);
    let table_bytes = usize::try_from(node_limit)
        .unwrap_or(usize::MAX)
        .saturating_mul(64)
        .clamp(1 << 16, TABLE_BYTES);
    let deadline = limits.time.and_then(|t| started.checked_add(t));
    let cap = limits.max_plies.map_or(MAX_PLIES, |m| m.min(MAX_PLIES)) as u16;
    let capped_by_us = limits.max_plies.is_none_or(|m| m > MAX_PLIES);
    let mut solver = dfpn::Solver::new(root, table_bytes, node_limit, deadline, stop);
    let answer = match solver.search_root(cap) {
        dfpn::RootResult::Proven => match solver.principal_variation() {
            Some(line) => MateAnswer::Mate(shorten(&mut solver, line, node_limit)),
            None => MateAnswer::Unknown(solver.aborted.unwrap_or(Exhausted::Nodes)),
        },
        dfpn::RootResult::Disproven(depth) if depth < u16::MAX && capped_by_us => {
            MateAnswer::Unknown(Exhausted::Depth)
        }
        dfpn::RootResult::Disproven(_) => MateAnswer::NoMate,
        dfpn::RootResult::Open => MateAnswer::Unknown(solver.aborted.unwrap_or(Exhausted::Nodes)),
    };
    Ok(MateReport {
        answer,
        nodes: solver.nodes,
        elapsed: started.elapsed(),
    })
}

/// Looks for mates shorter than `line` while that costs no more positions
/// than the first proof did, and returns the shortest line found.
fn shorten(solver: &mut dfpn::Solver<'_>, mut line: Vec<Move>, node_limit: u64) -> Vec<Move> {
    let budget = solver.nodes.max(1000);
    let limit = solver.nodes.saturating_add(budget).min(node_limit);
    while line.len() > 1 && solver.aborted.is_none() {
        solver.set_node_limit(limit);
        let shorter = (line.len() - 2) as u16;
        if !matches!(solver.search_root(shorter), dfpn::RootResult::Proven) {
            break;
        }
        match solver.principal_variation() {
            Some(found) if found.len() < line.len() => line = found,
            _ => break,
        }
    }
    line
}

/// `pos` with the defender holding every piece that is neither on the board
/// nor in the attacker's hand.
fn with_remaining_pieces_in_hand(pos: &Position) -> Position {
    let attacker = pos.turn();
    let defender = attacker.opposite();
    let mut hand = pos.hand(defender);
    for role in Role::HAND {
        let on_board = (pos.by_role(role)
            | role
                .promote()
                .map_or(shogi_rules::Bitboard::EMPTY, |p| pos.by_role(p)))
        .count();
        let held = u32::from(pos.hand(Color::Sente).get(role))
            + u32::from(pos.hand(Color::Gote).get(role));
        let missing = u32::from(role.standard_count()).saturating_sub(on_board + held);
        let count = u32::from(hand.get(role)) + missing;
        hand.set(role, u8::try_from(count).unwrap_or(u8::MAX));
    }
    let mut setup = match Setup::from_sfen(&pos.to_sfen()) {
        Ok(setup) => setup,
        Err(_) => return pos.clone(),
    };
    setup.set_hand(defender, hand);
    setup
        .validate(SetupChecks::NONE)
        .unwrap_or_else(|_| pos.clone())
}
