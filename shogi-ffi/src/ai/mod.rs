//! The built-in opponent of the `shogi-ai` crate: a stop flag another thread
//! may raise (`shogi_ai_stop`), a player at a strength from 1 to 10 that picks
//! a move for a game (`shogi_ai_player`), the best move for a bare position, a
//! hint with why it is given, and the checkmate solver (`mate`).
//!
//! Every search takes an optional stop handle: raised from another thread, it
//! ends the search soon, which then answers with the best it has. Searches are
//! single-threaded and run on the caller's thread; they are deterministic when
//! limited by depth or nodes (a time limit, or a stop, may change the answer).

use core::time::Duration;

use shogi::Move;
use shogi_ai::Stop;
use shogi_ai::hint::{Why, hint};
use shogi_ai::level::{PlayError, Player, Strength};
use shogi_ai::search::{Score, SearchLimits, SearchResult, Searcher};

use crate::boundary::{
    arg_mut, arg_opt, arg_out, arg_out_opt, arg_ref, free_handle, new_handle, read_moves,
    read_value,
};
use crate::game::shogi_game;
use crate::position::shogi_position;
use crate::result::shogi_result;
use crate::types::shogi_move;

mod mate;

pub use mate::*;

/// A flag that ends searches early: made by `shogi_ai_stop_new`, freed with
/// `shogi_ai_stop_free`.
///
/// Thread safety: unlike the other handles, a stop is meant to be used from
/// several threads at once: `shogi_ai_stop_raise`, `shogi_ai_stop_reset` and
/// `shogi_ai_stop_is_raised` may run on one handle from any thread while a
/// search on another thread polls it. Free it only once no search uses it and
/// no other thread can touch it.
#[allow(non_camel_case_types)]
pub struct shogi_ai_stop {
    inner: Stop,
}

/// The strength of the Easy level (shallow, with seeded human-like mistakes),
/// for `shogi_ai_player_new`.
pub const SHOGI_AI_LEVEL_EASY: u32 = 2;
/// The strength of the Normal level (a club player's opponent).
pub const SHOGI_AI_LEVEL_NORMAL: u32 = 5;
/// The strength of the Hard level (the strongest).
pub const SHOGI_AI_LEVEL_HARD: u32 = 10;
/// The weakest strength.
pub const SHOGI_AI_STRENGTH_MIN: u32 = 1;
/// The strongest strength.
pub const SHOGI_AI_STRENGTH_MAX: u32 = 10;

/// What a search may spend; 0 in a field means no limit from that field. A
/// search with no limit at all runs to depth 64 or until its stop is raised.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct shogi_ai_limits {
    /// The deepest iteration, in plies (0: none).
    pub depth: u32,
    /// The most positions to visit (0: none); deterministic, unlike `time_ms`.
    pub nodes: u64,
    /// The most time to spend, in milliseconds (0: none).
    pub time_ms: u64,
}

impl shogi_ai_limits {
    /// The search limits of the C struct.
    fn to_limits(self) -> SearchLimits {
        SearchLimits {
            depth: (self.depth > 0).then_some(self.depth),
            nodes: (self.nodes > 0).then_some(self.nodes),
            time: (self.time_ms > 0).then(|| Duration::from_millis(self.time_ms)),
        }
    }
}

/// The search limits of an optional C argument (none for NULL).
fn limits_arg(limits_or_null: *const shogi_ai_limits) -> SearchLimits {
    arg_opt(limits_or_null)
        .copied()
        .unwrap_or_default()
        .to_limits()
}

/// The stop of an optional C argument: its flag, or a flag no one raises.
fn stop_arg(stop_or_null: *const shogi_ai_stop) -> Stop {
    arg_opt(stop_or_null).map_or_else(Stop::new, |s| s.inner.clone())
}

/// Milliseconds of a duration, saturated.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// The kind of a search score.
#[allow(non_camel_case_types)]
pub type shogi_ai_score_kind = u8;
/// An evaluation in centipawns (100: about a pawn).
pub const SHOGI_AI_SCORE_CP: shogi_ai_score_kind = 0;
/// A forced mate in `value` plies: positive when the side to move mates,
/// negative when it is mated.
pub const SHOGI_AI_SCORE_MATE: shogi_ai_score_kind = 1;

/// The C kind and value of a score.
fn score_out(score: Score) -> (shogi_ai_score_kind, i32) {
    match score {
        Score::Cp(cp) => (SHOGI_AI_SCORE_CP, cp),
        Score::Mate(plies) => (SHOGI_AI_SCORE_MATE, plies),
    }
}

/// A move chosen by a search, with what the search found.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct shogi_ai_choice {
    /// The move (the same as the function's `*out_move`).
    pub mv: shogi_move,
    /// The kind of `score`: `SHOGI_AI_SCORE_CP` or `SHOGI_AI_SCORE_MATE`.
    pub score_kind: shogi_ai_score_kind,
    /// The score from the mover's point of view: centipawns, or plies to mate.
    pub score: i32,
    /// The depth of the last completed iteration, in plies.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent, in milliseconds.
    pub elapsed_ms: u64,
    /// The number of moves of the principal variation, the move first: read
    /// them with `shogi_ai_player_pv` (after `shogi_ai_player_choose`).
    pub pv_len: usize,
}

/// A player at a strength, deterministic for its seed, with the
/// transposition table it keeps between the moves of a game: made by
/// `shogi_ai_player_new`, freed with `shogi_ai_player_free`.
///
/// Thread safety: `shogi_ai_player_choose` needs exclusive access for its
/// duration (it is a `shogi_ai_player *`); a `const shogi_ai_player *` may be
/// read from several threads at once. A handle may be moved between threads.
#[allow(non_camel_case_types)]
pub struct shogi_ai_player {
    inner: Player,
    /// The principal variation of the last choice.
    pv: Vec<Move>,
}

/// The strength of a C argument.
fn strength_arg(strength: u32) -> Result<Strength, shogi_result> {
    Strength::new(strength).map_err(shogi_result::from)
}

/// Makes a new stop handle, not raised, and writes it to `*out`; the caller
/// frees it with `shogi_ai_stop_free`. `SHOGI_RESULT_NULL_PARAMETER` if `out`
/// is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_stop_new(out: *mut *mut shogi_ai_stop) -> shogi_result {
    new_handle(out, || Ok(shogi_ai_stop { inner: Stop::new() }))
}

/// Frees a stop handle. NULL is ignored. No search may be using it and no
/// other thread may touch it any more. Infallible.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_stop_free(stop: *mut shogi_ai_stop) {
    ffi_fn!(infallible(), { free_handle(stop) })
}

/// Raises the flag: every search polling it ends soon and answers with the
/// best it has; later searches with it end at once until it is reset.
/// `SHOGI_RESULT_NULL_PARAMETER` if `stop` is NULL. Thread-safe: may be called
/// from any thread while a search runs.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_stop_raise(stop: *const shogi_ai_stop) -> shogi_result {
    ffi_fn!({
        arg_ref(stop)?.inner.stop();
        Ok(())
    })
}

/// Lowers the flag, so the next search with it runs.
/// `SHOGI_RESULT_NULL_PARAMETER` if `stop` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_stop_reset(stop: *const shogi_ai_stop) -> shogi_result {
    ffi_fn!({
        arg_ref(stop)?.inner.reset();
        Ok(())
    })
}

/// Writes whether the flag is raised to `*out`.
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_stop_is_raised(
    stop: *const shogi_ai_stop,
    out: *mut bool,
) -> shogi_result {
    read_value(stop, out, |stop| Ok(stop.inner.is_stopped()))
}

/// Makes a player at `strength` (1 to 10; `SHOGI_AI_LEVEL_EASY`,
/// `SHOGI_AI_LEVEL_NORMAL` and `SHOGI_AI_LEVEL_HARD` are the levels'
/// strengths) whose choices among near-equal moves and whose mistakes (at low
/// strengths) follow `seed`, and writes it to `*out`; the caller frees it with
/// `shogi_ai_player_free`.
///
/// Errors (`*out` untouched): `SHOGI_RESULT_AI_STRENGTH` for a strength
/// outside 1–10, `SHOGI_RESULT_NULL_PARAMETER` if `out` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_player_new(
    strength: u32,
    seed: u64,
    out: *mut *mut shogi_ai_player,
) -> shogi_result {
    new_handle(out, || {
        Ok(shogi_ai_player {
            inner: Player::new(strength_arg(strength)?, seed),
            pv: Vec::new(),
        })
    })
}

/// Frees a player handle. NULL is ignored. The handle must not be used
/// afterwards. Infallible.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_player_free(player: *mut shogi_ai_player) {
    ffi_fn!(infallible(), { free_handle(player) })
}

/// Picks a move for the side to move in `game` within the player's strength,
/// further narrowed by `limits_or_null` (NULL or zero fields: nothing more),
/// ending early when `stop_or_null` is raised (NULL: never). Writes the move
/// to `*out_move` and, unless `info_or_null` is NULL, what the search found to
/// `*info_or_null`; the principal variation is kept in the player for
/// `shogi_ai_player_pv`. The same game, strength, seed and limits give the
/// same move when no time limit or stop ends the search.
///
/// Errors (outputs untouched): `SHOGI_RESULT_AI_GAME_OVER` when the game is
/// over, `SHOGI_RESULT_AI_NO_LEGAL_MOVES` when the side to move has no move,
/// `SHOGI_RESULT_NULL_PARAMETER` if `player`, `game` or `out_move` is NULL.
/// Needs exclusive access to `player`; `game` is only read. Blocks until the
/// search ends.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_player_choose(
    player: *mut shogi_ai_player,
    game: *const shogi_game,
    limits_or_null: *const shogi_ai_limits,
    stop_or_null: *const shogi_ai_stop,
    out_move: *mut shogi_move,
    info_or_null: *mut shogi_ai_choice,
) -> shogi_result {
    ffi_fn!({
        let player = arg_mut(player)?;
        let game = arg_ref(game)?;
        let out_move = arg_out(out_move)?;
        let info_out = arg_out_opt(info_or_null);
        let limits = limits_arg(limits_or_null);
        let stop = stop_arg(stop_or_null);
        let choice = player
            .inner
            .choose(&game.inner, &limits, &stop)
            .map_err(shogi_result::from)?;
        let (score_kind, score) = score_out(choice.score);
        let info = shogi_ai_choice {
            mv: choice.mv.to_bits(),
            score_kind,
            score,
            depth: choice.depth,
            nodes: choice.nodes,
            elapsed_ms: millis(choice.elapsed),
            pv_len: choice.pv.len(),
        };
        player.pv = choice.pv;
        out_move.write(info.mv);
        if let Some(info_out) = info_out {
            info_out.write(info);
        }
        Ok(())
    })
}

/// Writes the principal variation of the player's last choice (its move
/// first; empty before the first) into `buf` (capacity `cap` moves) and their
/// number to `*out_len`. Buffer rules as for `shogi_position_legal_moves`
/// (`SHOGI_RESULT_BUFFER_TOO_SMALL` when they do not fit, `buf` may be NULL
/// when `cap` is 0). `SHOGI_RESULT_NULL_PARAMETER` if `player` or `out_len`
/// is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_player_pv(
    player: *const shogi_ai_player,
    buf: *mut shogi_move,
    cap: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_moves(player, buf, cap, out_len, |player, out| {
        out.write(player.pv.iter().copied())
    })
}

/// Searches `pos` at full strength, limited only by `limits_or_null` (NULL
/// or all fields 0: no limit, so the search runs to depth 64 or until
/// `stop_or_null` is raised), with a new transposition table and no earlier
/// positions (no repetition), and writes the best move to `*out_move` and,
/// unless `info_or_null` is NULL, what the search found to `*info_or_null`
/// (its `pv_len` counts the moves written to `pv_or_null`, below).
/// `pv_or_null`, with capacity `pv_cap`, receives the principal variation, cut
/// to fit. Deterministic when no time limit or stop ends the search.
///
/// Errors (outputs untouched): `SHOGI_RESULT_AI_NO_LEGAL_MOVES` when the side
/// to move has no legal move, `SHOGI_RESULT_NULL_PARAMETER` if `pos` or
/// `out_move` is NULL, or `pv_or_null` is NULL while `pv_cap` is not 0.
/// Thread-safe (`pos` is only read). Blocks until the search ends.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_best_move(
    pos: *const shogi_position,
    limits_or_null: *const shogi_ai_limits,
    stop_or_null: *const shogi_ai_stop,
    out_move: *mut shogi_move,
    info_or_null: *mut shogi_ai_choice,
    pv_or_null: *mut shogi_move,
    pv_cap: usize,
) -> shogi_result {
    ffi_fn!({
        let pos = arg_ref(pos)?;
        let out_move = arg_out(out_move)?;
        let info_out = arg_out_opt(info_or_null);
        if pv_or_null.is_null() && pv_cap > 0 {
            return Err(shogi_result::NullParameter);
        }
        let limits = limits_arg(limits_or_null);
        let stop = stop_arg(stop_or_null);
        let mut searcher = Searcher::new(Strength::MAX.budget().table_bytes);
        let SearchResult { best, info } =
            searcher.search(&pos.inner, &[], &limits, &stop, &mut |_| {});
        let best = best.ok_or(shogi_result::from(PlayError::NoLegalMoves))?;
        let written = info.pv.len().min(pv_cap);
        for (i, m) in info.pv.iter().take(written).enumerate() {
            let slot = arg_out(pv_or_null.wrapping_add(i))?;
            slot.write(m.to_bits());
        }
        let (score_kind, score) = score_out(info.score);
        out_move.write(best.to_bits());
        if let Some(info_out) = info_out {
            info_out.write(shogi_ai_choice {
                mv: best.to_bits(),
                score_kind,
                score,
                depth: info.depth,
                nodes: info.nodes,
                elapsed_ms: millis(info.elapsed),
                pv_len: written,
            });
        }
        Ok(())
    })
}

/// Why a hint suggests its move.
#[allow(non_camel_case_types)]
pub type shogi_ai_why = u8;
/// It starts a forced mate in `value` plies.
pub const SHOGI_AI_WHY_MATES: shogi_ai_why = 0;
/// The opponent threatens mate and this move stops it (`value` 0).
pub const SHOGI_AI_WHY_STOPS_MATE: shogi_ai_why = 1;
/// It wins about `value` centipawns of material.
pub const SHOGI_AI_WHY_WINS_MATERIAL: shogi_ai_why = 2;
/// The search prefers it; nothing more specific to say (`value` 0).
pub const SHOGI_AI_WHY_BEST_POSITION: shogi_ai_why = 3;
/// A reason this version does not name (`value` 0).
pub const SHOGI_AI_WHY_OTHER: shogi_ai_why = 255;

/// A suggested move and why, written by `shogi_ai_hint`.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct shogi_ai_hint_info {
    /// The move.
    pub mv: shogi_move,
    /// Why it is suggested: a `SHOGI_AI_WHY_*` value.
    pub why: shogi_ai_why,
    /// The number that goes with `why`: plies to mate for
    /// `SHOGI_AI_WHY_MATES`, centipawns for `SHOGI_AI_WHY_WINS_MATERIAL`, else 0.
    pub value: i32,
    /// The kind of `score`: `SHOGI_AI_SCORE_CP` or `SHOGI_AI_SCORE_MATE`.
    pub score_kind: shogi_ai_score_kind,
    /// The move's score from the mover's point of view.
    pub score: i32,
}

/// The C kind and value of a hint's reason.
fn why_out(why: Why) -> (shogi_ai_why, i32) {
    match why {
        Why::Mates(plies) => (SHOGI_AI_WHY_MATES, i32::try_from(plies).unwrap_or(i32::MAX)),
        Why::StopsMate => (SHOGI_AI_WHY_STOPS_MATE, 0),
        Why::WinsMaterial(cp) => (SHOGI_AI_WHY_WINS_MATERIAL, cp),
        Why::BestPosition => (SHOGI_AI_WHY_BEST_POSITION, 0),
        _ => (SHOGI_AI_WHY_OTHER, 0),
    }
}

/// Writes the move the strongest level would play in `game`, and why, to
/// `*out`, ending early when `stop_or_null` is raised (NULL: never).
///
/// Errors (`*out` untouched): `SHOGI_RESULT_AI_GAME_OVER` when the game is
/// over, `SHOGI_RESULT_AI_NO_LEGAL_MOVES` when the side to move has no move,
/// `SHOGI_RESULT_NULL_PARAMETER` if `game` or `out` is NULL. Thread-safe
/// (`game` is only read). Blocks until the search ends.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_hint(
    game: *const shogi_game,
    stop_or_null: *const shogi_ai_stop,
    out: *mut shogi_ai_hint_info,
) -> shogi_result {
    read_value(game, out, |game| {
        let found = hint(&game.inner, &stop_arg(stop_or_null)).map_err(shogi_result::from)?;
        let (why, value) = why_out(found.why);
        let (score_kind, score) = score_out(found.score);
        Ok(shogi_ai_hint_info {
            mv: found.mv.to_bits(),
            why,
            value,
            score_kind,
            score,
        })
    })
}

/// Writes the strength of the player to `*out` (1 to 10).
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_player_strength(
    player: *const shogi_ai_player,
    out: *mut u32,
) -> shogi_result {
    read_value(player, out, |player| {
        Ok(u32::from(player.inner.strength().get()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_ai::level::Level;

    #[test]
    fn the_level_constants_are_the_levels_strengths() {
        let strength = |level: Level| u32::from(level.strength().get());
        assert_eq!(SHOGI_AI_LEVEL_EASY, strength(Level::Easy));
        assert_eq!(SHOGI_AI_LEVEL_NORMAL, strength(Level::Normal));
        assert_eq!(SHOGI_AI_LEVEL_HARD, strength(Level::Hard));
        assert_eq!(SHOGI_AI_STRENGTH_MIN, u32::from(Strength::MIN.get()));
        assert_eq!(SHOGI_AI_STRENGTH_MAX, u32::from(Strength::MAX.get()));
    }

    #[test]
    fn limits_of_zero_are_no_limits() {
        assert_eq!(
            shogi_ai_limits::default().to_limits(),
            SearchLimits::default()
        );
        let limits = shogi_ai_limits {
            depth: 3,
            nodes: 1000,
            time_ms: 250,
        };
        assert_eq!(
            limits.to_limits(),
            SearchLimits {
                depth: Some(3),
                nodes: Some(1000),
                time: Some(Duration::from_millis(250)),
            }
        );
    }

    #[test]
    fn every_reason_and_score_has_its_own_value() {
        let whys = [
            Why::Mates(3),
            Why::StopsMate,
            Why::WinsMaterial(500),
            Why::BestPosition,
        ];
        let kinds: Vec<shogi_ai_why> = whys.iter().map(|&w| why_out(w).0).collect();
        assert_eq!(
            kinds,
            [
                SHOGI_AI_WHY_MATES,
                SHOGI_AI_WHY_STOPS_MATE,
                SHOGI_AI_WHY_WINS_MATERIAL,
                SHOGI_AI_WHY_BEST_POSITION
            ]
        );
        assert_eq!(why_out(Why::Mates(3)).1, 3);
        assert_eq!(why_out(Why::WinsMaterial(500)).1, 500);
        assert_eq!(score_out(Score::Cp(-40)), (SHOGI_AI_SCORE_CP, -40));
        assert_eq!(score_out(Score::Mate(-2)), (SHOGI_AI_SCORE_MATE, -2));
    }

    #[test]
    fn a_stop_raised_on_one_handle_is_seen_through_it() {
        let mut stop = core::ptr::null_mut();
        assert_eq!(shogi_ai_stop_new(&mut stop), shogi_result::Ok);
        let mut raised = true;
        assert_eq!(shogi_ai_stop_is_raised(stop, &mut raised), shogi_result::Ok);
        assert!(!raised);
        let flag = stop_arg(stop);
        assert_eq!(shogi_ai_stop_raise(stop), shogi_result::Ok);
        assert!(flag.is_stopped());
        assert_eq!(shogi_ai_stop_reset(stop), shogi_result::Ok);
        assert!(!flag.is_stopped());
        assert!(!stop_arg(core::ptr::null()).is_stopped());
        shogi_ai_stop_free(stop);
    }
}
