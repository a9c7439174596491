//! A suggested move and why.
//!
//! [`hint`] searches with the strongest level's budget and explains its
//! move, checking in this order:
//!
//! 1. [`Why::Mates`]: the search (or [`mate_in_one`]) found a forced mate.
//! 2. [`Why::StopsMate`]: were the opponent to move now, it would mate
//!    ([`mate_in_one`], or [`solve_mate`] within [`THREAT_PLIES`] plies and
//!    [`THREAT_NODES`] positions), and after the move it cannot.
//! 3. [`Why::WinsMaterial`]: the material balance at the end of the
//!    principal variation, once its captures settle (a quiescence search
//!    counting material only), is at least [`MATERIAL_WIN`] above the
//!    balance now.
//! 4. [`Why::BestPosition`] otherwise.

use shogi_rules::{Game, Move, Position, Setup, SetupChecks};

use crate::Stop;
use crate::eval::material;
use crate::level::{PlayError, Strength, game_keys};
use crate::mate::{MateAnswer, MateLimits, mate_in_one, solve_mate};
use crate::search::{Score, SearchLimits, Searcher};

/// The longest mate threat looked for, in plies.
pub const THREAT_PLIES: u32 = 5;
/// The most positions a threat search visits.
pub const THREAT_NODES: u64 = 20_000;
/// The least gain, in centipawns, called winning material.
pub const MATERIAL_WIN: i32 = 100;
/// The most positions the settling of the final captures visits.
const SETTLE_NODES: u64 = 20_000;

/// Why a move is suggested.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Why {
    /// It starts a forced mate in this many plies.
    Mates(u32),
    /// The opponent threatens mate and this move stops it.
    StopsMate,
    /// It wins about this much material, in centipawns.
    WinsMaterial(i32),
    /// The search prefers it; nothing more specific to say.
    BestPosition,
}

/// A suggested move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// Why it is suggested.
    pub why: Why,
    /// Its score, from the mover's point of view.
    pub score: Score,
}

/// The move the strongest level would play in `game`, and why.
///
/// # Errors
///
/// [`PlayError`] when there is no move to suggest.
pub fn hint(game: &Game, stop: &Stop) -> Result<Hint, PlayError> {
    hint_with(game, &SearchLimits::default(), stop)
}

/// [`hint`] within the strongest level's budget further narrowed by
/// `limits` (a field that is `None` adds nothing).
///
/// # Errors
///
/// [`PlayError`] when there is no move to suggest.
pub fn hint_with(game: &Game, limits: &SearchLimits, stop: &Stop) -> Result<Hint, PlayError> {
    if game.outcome().is_some() {
        return Err(PlayError::GameOver);
    }
    let pos = game.position();
    if let Some(mv) = mate_in_one(pos) {
        return Ok(Hint {
            mv,
            why: Why::Mates(1),
            score: Score::Mate(1),
        });
    }
    let budget = Strength::MAX.budget();
    let mut searcher = Searcher::new(budget.table_bytes);
    let result = searcher.search(
        pos,
        &game_keys(game),
        &budget.limits.narrowed(limits),
        stop,
        &mut |_| {},
    );
    let mv = result.best.ok_or(PlayError::NoLegalMoves)?;
    let score = result.info.score;
    let why = explain(pos, mv, score, &result.info.pv, &mut searcher, stop);
    Ok(Hint { mv, why, score })
}

/// Why `mv`, scored `score` with the principal variation `pv`, is the move.
fn explain(
    pos: &Position,
    mv: Move,
    score: Score,
    pv: &[Move],
    searcher: &mut Searcher,
    stop: &Stop,
) -> Why {
    if let Score::Mate(n) = score {
        if n > 0 {
            return Why::Mates(n.unsigned_abs());
        }
    }
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let threatened = with_turn_passed(pos).is_some_and(|p| threatens_mate(&p, stop));
    if threatened && !threatens_mate(&after, stop) {
        return Why::StopsMate;
    }
    // Play the variation (as far as it stays legal), then settle captures.
    let mut end = pos.clone();
    let mut plies = 0;
    for &m in pv.iter().take(64) {
        if !end.is_legal(m) {
            break;
        }
        end.play_unchecked(m);
        plies += 1;
    }
    if plies == 0 {
        end.play_unchecked(mv);
        plies = 1;
    }
    let settled = searcher.settled_material(&end, SETTLE_NODES);
    let settled = if plies % 2 == 0 { settled } else { -settled };
    let gain = settled - material(pos);
    if gain >= MATERIAL_WIN {
        Why::WinsMaterial(gain)
    } else {
        Why::BestPosition
    }
}

/// `pos` with the other side to move, if that is a legal setup (it is not
/// when the side to move is in check).
fn with_turn_passed(pos: &Position) -> Option<Position> {
    if pos.in_check() {
        return None;
    }
    let mut setup = Setup::from(pos);
    setup.set_turn(pos.turn().opposite());
    setup.validate(SetupChecks::ALL).ok()
}

/// Whether the side to move in `pos` mates within [`THREAT_PLIES`] plies,
/// as far as a short search finds.
fn threatens_mate(pos: &Position, stop: &Stop) -> bool {
    if mate_in_one(pos).is_some() {
        return true;
    }
    let limits = MateLimits {
        nodes: Some(THREAT_NODES),
        time: None,
        max_plies: Some(THREAT_PLIES),
        defender_holds_remaining: false,
    };
    matches!(
        solve_mate(pos, &limits, stop).map(|r| r.answer),
        Ok(MateAnswer::Mate(_))
    )
}
