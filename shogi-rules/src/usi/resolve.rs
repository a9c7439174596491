//! Moves an engine sent, checked against the position they are played
//! from: a principal variation, a best move and its ponder move, a mating
//! sequence.

use super::{BestMove, CheckmateReply, Info};
use crate::{IllegalMoveError, Move, Position, UsiMove};

/// The first move of a line that is not legal where it is played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {} ({text}) of the line: {source}", .index + 1)]
pub struct IllegalLineMove {
    /// Its 0-based index in the line.
    pub index: usize,
    /// Its USI text.
    pub text: String,
    /// Why it is illegal.
    pub source: IllegalMoveError,
}

/// A line of moves checked from a position: its legal prefix, the position
/// after it, and the first illegal move if there is one (the moves after it
/// are not checked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolvedLine {
    /// The legal moves, from the start of the line.
    pub moves: Vec<Move>,
    /// The position after [`moves`](ResolvedLine::moves).
    pub position: Position,
    /// The first move that is not legal, if any.
    pub illegal: Option<IllegalLineMove>,
}

impl ResolvedLine {
    /// Whether every move of the line is legal.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.illegal.is_none()
    }
}

/// Plays `moves` from `position` while they are legal: an engine's line is
/// checked, not trusted.
///
/// ```
/// use shogi_rules::Position;
/// use shogi_rules::usi::resolve_line;
/// let moves = ["7g7f", "3c3d", "7f7e", "8h2b"].map(|m| m.parse().unwrap());
/// let line = resolve_line(&Position::startpos(), &moves);
/// assert_eq!(line.moves.len(), 3);
/// let illegal = line.illegal.unwrap();
/// assert_eq!((illegal.index, illegal.text.as_str()), (3, "8h2b"));
/// ```
#[must_use]
pub fn resolve_line(position: &Position, moves: &[UsiMove]) -> ResolvedLine {
    let mut position = position.clone();
    let mut legal = Vec::with_capacity(moves.len());
    for (index, &usi) in moves.iter().enumerate() {
        match position.to_move(usi) {
            Ok(m) => {
                position.play_unchecked(m);
                legal.push(m);
            }
            Err(source) => {
                return ResolvedLine {
                    moves: legal,
                    position,
                    illegal: Some(IllegalLineMove {
                        index,
                        text: usi.to_string(),
                        source,
                    }),
                };
            }
        }
    }
    ResolvedLine {
        moves: legal,
        position,
        illegal: None,
    }
}

impl Info {
    /// The principal variation checked from `position` (empty without
    /// `pv`).
    #[must_use]
    pub fn resolve_pv(&self, position: &Position) -> ResolvedLine {
        resolve_line(position, self.pv.as_deref().unwrap_or_default())
    }
}

impl BestMove {
    /// The best move and the ponder move, a line of at most two moves,
    /// checked from `position` (empty for `resign` and `win`).
    #[must_use]
    pub fn resolve(&self, position: &Position) -> ResolvedLine {
        match *self {
            BestMove::Move { best, ponder } => {
                let line: Vec<UsiMove> = core::iter::once(best).chain(ponder).collect();
                resolve_line(position, &line)
            }
            BestMove::Resign | BestMove::Win => resolve_line(position, &[]),
        }
    }
}

impl CheckmateReply {
    /// The mating sequence checked from `position` (empty for the other
    /// replies).
    #[must_use]
    pub fn resolve(&self, position: &Position) -> ResolvedLine {
        match self {
            CheckmateReply::Mate(moves) => resolve_line(position, moves),
            _ => resolve_line(position, &[]),
        }
    }
}
