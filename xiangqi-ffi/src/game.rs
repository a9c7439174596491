//! `xiangqi_game`: a game under a rule set, adjudicated after every move, with
//! undo, resignation, loss on time, draw offers and draw agreement, a
//! byo-yomi clock, its outcome, and its saved form as JSON.

use core::ffi::c_char;
use core::time::Duration;

use xq::{ClockSettings, Game, Outcome, RuleSet, Termination};

use crate::boundary::{
    arg_opt, arg_out_opt, arg_str, free_handle, into_handle, new_handle, read_array, read_text,
    read_value, update, write_value,
};
use crate::position::xiangqi_position;
use crate::result::xiangqi_result;
use crate::types::{
    XIANGQI_COLOR_NONE, color_arg, color_opt_out, move_arg, move_bits, xiangqi_color, xiangqi_move,
};

/// An opaque game: the start position, the rules, the moves played and how
/// the game ended, if it has.
///
/// Made by `xiangqi_game_new`, `xiangqi_game_from_position` and
/// `xiangqi_game_clone`; the caller owns it and frees it with
/// `xiangqi_game_free`, exactly once.
///
/// Made also by `xiangqi_game_from_json`.
///
/// Thread safety: a `const xiangqi_game *` may be read from several threads
/// at once; a function that takes `xiangqi_game *` (play, undo, resign, time
/// out, offer, answer or agree to a draw) needs exclusive access for its
/// duration. A handle may be moved between threads.
#[allow(non_camel_case_types)]
pub struct xiangqi_game {
    pub(crate) inner: Game,
}

/// The rules a game is adjudicated by. `xiangqi_rules_default` gives the
/// site rules (3 occurrences, perpetual check loses, 300 plies, bare material
/// draws, draw offers unlimited, a clock of 5 minutes plus 3 byo-yomi periods
/// of 30 s; set `has_clock` to false for an untimed game).
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct xiangqi_rules {
    /// How many occurrences of one position (board and side to move) end the
    /// game; values below 2 are read as 2.
    pub repetitions: u32,
    /// Whether, at the repetition, a side that gave check with every one of
    /// its moves since the first occurrence loses (true), or the game is a
    /// plain draw.
    pub perpetual_check_loses: bool,
    /// The game is drawn after this many plies unless the last one ends it
    /// otherwise; 0 means no limit.
    pub move_limit: u32,
    /// Whether the game is drawn at once when neither side has a chariot,
    /// horse, cannon or soldier.
    pub bare_material_draw: bool,
    /// How many draw offers each player may make in a game
    /// (`xiangqi_game_offer_draw`); `XIANGQI_DRAW_OFFERS_UNLIMITED` (the site
    /// rules) is no limit.
    pub max_draw_offers: u32,
    /// Whether the game is timed; the `clock_*` fields apply only then.
    pub has_clock: bool,
    /// Main time per player, in milliseconds.
    pub clock_main_ms: u64,
    /// Length of one byo-yomi period, in milliseconds (0: none).
    pub clock_byoyomi_ms: u64,
    /// Number of byo-yomi periods per player.
    pub clock_periods: u32,
    /// Fischer increment, in milliseconds: added to the mover's main time
    /// after each move completed in time (0: none).
    pub clock_increment_ms: u64,
}

/// `xiangqi_rules.max_draw_offers` for no limit on draw offers.
pub const XIANGQI_DRAW_OFFERS_UNLIMITED: u32 = 0xFFFF_FFFF;

impl From<xiangqi_rules> for RuleSet {
    fn from(rules: xiangqi_rules) -> RuleSet {
        RuleSet {
            repetitions: rules.repetitions,
            perpetual_check_loses: rules.perpetual_check_loses,
            move_limit: rules.move_limit,
            bare_material_draw: rules.bare_material_draw,
            max_draw_offers: match rules.max_draw_offers {
                XIANGQI_DRAW_OFFERS_UNLIMITED => None,
                max => Some(max),
            },
            clock: rules.has_clock.then(|| ClockSettings {
                main_time: Duration::from_millis(rules.clock_main_ms),
                byoyomi: Duration::from_millis(rules.clock_byoyomi_ms),
                periods: rules.clock_periods,
                increment: Duration::from_millis(rules.clock_increment_ms),
            }),
        }
    }
}

impl From<RuleSet> for xiangqi_rules {
    fn from(rules: RuleSet) -> xiangqi_rules {
        // The fields of an untimed game still hold the site clock, for a
        // caller that turns `has_clock` on.
        let clock = rules.clock.unwrap_or(ClockSettings::SITE);
        xiangqi_rules {
            repetitions: rules.repetitions,
            perpetual_check_loses: rules.perpetual_check_loses,
            move_limit: rules.move_limit,
            bare_material_draw: rules.bare_material_draw,
            // A limit of u32::MAX offers is no limit in practice.
            max_draw_offers: rules
                .max_draw_offers
                .unwrap_or(XIANGQI_DRAW_OFFERS_UNLIMITED),
            has_clock: rules.clock.is_some(),
            clock_main_ms: millis(clock.main_time),
            clock_byoyomi_ms: millis(clock.byoyomi),
            clock_periods: clock.periods,
            clock_increment_ms: millis(clock.increment),
        }
    }
}

/// Whole milliseconds of a duration, saturating at `u64::MAX`.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// What a player's clock shows after some time of the current turn.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct xiangqi_clock_reading {
    /// Main time left, in milliseconds.
    pub main_ms: u64,
    /// Whether main time is used up and a byo-yomi period is running.
    pub in_byoyomi: bool,
    /// Time left in the current byo-yomi period, in milliseconds (0 unless
    /// `in_byoyomi`).
    pub period_left_ms: u64,
    /// Byo-yomi periods left, counting the current one.
    pub periods: u32,
    /// Whether time is up.
    pub timed_out: bool,
}

/// How a game ended, in `xiangqi_outcome`. The values are stable.
#[allow(non_camel_case_types)]
pub type xiangqi_termination = u8;
/// The game is not over.
pub const XIANGQI_TERMINATION_NONE: xiangqi_termination = 0;
/// The side to move is in check and has no legal move: it loses.
pub const XIANGQI_TERMINATION_CHECKMATE: xiangqi_termination = 1;
/// The side to move is not in check but has no legal move: it loses (there
/// is no stalemate draw).
pub const XIANGQI_TERMINATION_NO_LEGAL_MOVES: xiangqi_termination = 2;
/// The same position for the set number of times, no side (or both) having
/// checked throughout: a draw.
pub const XIANGQI_TERMINATION_REPETITION: xiangqi_termination = 3;
/// The same position for the set number of times, one side having given
/// check with every one of its moves since the first occurrence: it loses.
pub const XIANGQI_TERMINATION_PERPETUAL_CHECK: xiangqi_termination = 4;
/// The ply limit was reached: a draw.
pub const XIANGQI_TERMINATION_MOVE_LIMIT: xiangqi_termination = 5;
/// Neither side has a chariot, horse, cannon or soldier: a draw.
pub const XIANGQI_TERMINATION_BARE_MATERIAL: xiangqi_termination = 6;
/// A player resigned (`xiangqi_game_resign`).
pub const XIANGQI_TERMINATION_RESIGNATION: xiangqi_termination = 7;
/// A player ran out of time (`xiangqi_game_time_out`).
pub const XIANGQI_TERMINATION_TIMEOUT: xiangqi_termination = 8;
/// The players agreed to a draw (`xiangqi_game_agree_draw`).
pub const XIANGQI_TERMINATION_DRAW_AGREEMENT: xiangqi_termination = 9;
/// An ending this version does not name.
pub const XIANGQI_TERMINATION_OTHER: xiangqi_termination = 255;

/// The C value of a termination.
pub(crate) fn termination_out(termination: Termination) -> xiangqi_termination {
    match termination {
        Termination::Checkmate => XIANGQI_TERMINATION_CHECKMATE,
        Termination::NoLegalMoves => XIANGQI_TERMINATION_NO_LEGAL_MOVES,
        Termination::Repetition => XIANGQI_TERMINATION_REPETITION,
        Termination::PerpetualCheck => XIANGQI_TERMINATION_PERPETUAL_CHECK,
        Termination::MoveLimit => XIANGQI_TERMINATION_MOVE_LIMIT,
        Termination::BareMaterial => XIANGQI_TERMINATION_BARE_MATERIAL,
        Termination::Resignation => XIANGQI_TERMINATION_RESIGNATION,
        Termination::Timeout => XIANGQI_TERMINATION_TIMEOUT,
        Termination::DrawAgreement => XIANGQI_TERMINATION_DRAW_AGREEMENT,
        _ => XIANGQI_TERMINATION_OTHER,
    }
}

/// How a game stands: `{XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_NONE}` while
/// it goes on; once over, the winner (`XIANGQI_COLOR_NONE` for a draw) and how
/// it ended.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct xiangqi_outcome {
    /// The winner, or `XIANGQI_COLOR_NONE` for a draw or a game not over.
    pub winner: xiangqi_color,
    /// How the game ended, or `XIANGQI_TERMINATION_NONE`.
    pub termination: xiangqi_termination,
}

impl xiangqi_outcome {
    /// The C form of an optional outcome.
    fn of(outcome: Option<Outcome>) -> xiangqi_outcome {
        match outcome {
            Some(o) => xiangqi_outcome {
                winner: color_opt_out(o.winner),
                termination: termination_out(o.termination),
            },
            None => xiangqi_outcome {
                winner: XIANGQI_COLOR_NONE,
                termination: XIANGQI_TERMINATION_NONE,
            },
        }
    }
}

/// Writes the site rules (3 occurrences, perpetual check loses, 300 plies,
/// bare material draws, draw offers unlimited, a clock of 5 minutes plus 3
/// byo-yomi periods of 30 s) to `*out`, for the caller to change before
/// `xiangqi_game_new`. `XIANGQI_RESULT_NULL_PARAMETER` if `out` is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_rules_default(out: *mut xiangqi_rules) -> xiangqi_result {
    write_value(out, || Ok(RuleSet::site().into()))
}

/// The rules of an optional argument: the site rules for NULL.
pub(crate) fn rules_arg(rules_or_null: *const xiangqi_rules) -> RuleSet {
    arg_opt(rules_or_null).map_or_else(RuleSet::site, |r| (*r).into())
}

/// Makes a new game from the start position under `*rules_or_null` (the site
/// rules when NULL) and writes it to `*out`; the caller frees it with
/// `xiangqi_game_free`. `XIANGQI_RESULT_NULL_PARAMETER` if `out` is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_new(
    rules_or_null: *const xiangqi_rules,
    out: *mut *mut xiangqi_game,
) -> xiangqi_result {
    new_handle(out, || {
        let start = xq::Position::startpos();
        Ok(xiangqi_game {
            inner: Game::from_position(start, rules_arg(rules_or_null)),
        })
    })
}

/// Makes a new game starting from `start` (copied; the handle stays the
/// caller's) under `*rules_or_null` (the site rules when NULL) and writes it
/// to `*out`; the caller frees it with `xiangqi_game_free`. A start where the
/// side to move has no legal move, or bare material under rules that draw it,
/// makes a game already over. `XIANGQI_RESULT_NULL_PARAMETER` if `start` or
/// `out` is NULL. Thread-safe for a `start` only read meanwhile.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_from_position(
    start: *const xiangqi_position,
    rules_or_null: *const xiangqi_rules,
    out: *mut *mut xiangqi_game,
) -> xiangqi_result {
    read_value(start, out, |start| {
        let game = Game::from_position(start.inner.clone(), rules_arg(rules_or_null));
        Ok(into_handle(xiangqi_game { inner: game }))
    })
}

/// Copies `game` into a new handle written to `*out`; the caller frees it
/// with `xiangqi_game_free`. `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is
/// NULL. Thread-safe for a `game` only read meanwhile.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_clone(
    game: *const xiangqi_game,
    out: *mut *mut xiangqi_game,
) -> xiangqi_result {
    read_value(game, out, |game| {
        Ok(into_handle(xiangqi_game {
            inner: game.inner.clone(),
        }))
    })
}

/// Frees a game handle. NULL is ignored. The handle must not be used
/// afterwards. Infallible.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_free(game: *mut xiangqi_game) {
    ffi_fn!(infallible(), { free_handle(game) })
}

/// Writes the rules of `game` to `*out`. `XIANGQI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_rules(
    game: *const xiangqi_game,
    out: *mut xiangqi_rules,
) -> xiangqi_result {
    read_value(game, out, |game| Ok((*game.inner.rules()).into()))
}

/// Plays the legal move `m`, then adjudicates the game (checkmate, no legal
/// move, repetition or perpetual check, bare material, the move limit).
/// Errors (the game unchanged): `XIANGQI_RESULT_GAME_OVER` once the game is
/// over, `XIANGQI_RESULT_ILLEGAL_*` with the reason for an illegal move,
/// `XIANGQI_RESULT_INVALID_ARGUMENT` for invalid move bits,
/// `XIANGQI_RESULT_NULL_PARAMETER`. The clock is not charged (see
/// `xiangqi_game_play_timed`). Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_play(game: *mut xiangqi_game, m: xiangqi_move) -> xiangqi_result {
    update(game, |game| {
        let m = move_arg(m)?;
        Ok(game.inner.play(m)?)
    })
}

/// Reads ICCS move text (`h2e2`) and plays it as `xiangqi_game_play` does;
/// writes the move played to `*out_move_or_null` unless it is NULL. Errors as
/// `xiangqi_game_play`, and `XIANGQI_RESULT_ICCS_SYNTAX` for text that is not
/// a move, `XIANGQI_RESULT_INVALID_UTF8`. Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_play_iccs(
    game: *mut xiangqi_game,
    iccs: *const c_char,
    iccs_len: usize,
    out_move_or_null: *mut xiangqi_move,
) -> xiangqi_result {
    update(game, |game| {
        let text = arg_str(iccs, iccs_len)?;
        let m = game.inner.play_iccs(text)?;
        if let Some(out) = arg_out_opt(out_move_or_null) {
            out.write(move_bits(m));
        }
        Ok(())
    })
}

/// Plays `m`, which took `elapsed_ms` milliseconds on the mover's clock. If
/// the time ran out first, the move is not played, the mover loses on time
/// (`XIANGQI_TERMINATION_TIMEOUT`) and the result is still
/// `XIANGQI_RESULT_OK`: check `xiangqi_game_outcome`. Errors as
/// `xiangqi_game_play`, and `XIANGQI_RESULT_NO_CLOCK` for an untimed game.
/// Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_play_timed(
    game: *mut xiangqi_game,
    m: xiangqi_move,
    elapsed_ms: u64,
) -> xiangqi_result {
    update(game, |game| {
        let m = move_arg(m)?;
        game.inner
            .play_timed(m, Duration::from_millis(elapsed_ms))?;
        Ok(())
    })
}

/// Checks the side to move's clock after `elapsed_ms` milliseconds of
/// thinking: if its time is up the game ends on time (`XIANGQI_RESULT_OK`;
/// check `xiangqi_game_outcome`). Errors: `XIANGQI_RESULT_GAME_OVER`,
/// `XIANGQI_RESULT_NO_CLOCK`, `XIANGQI_RESULT_NULL_PARAMETER`. Needs
/// exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_check_time(
    game: *mut xiangqi_game,
    elapsed_ms: u64,
) -> xiangqi_result {
    update(game, |game| {
        game.inner.check_time(Duration::from_millis(elapsed_ms))?;
        Ok(())
    })
}

/// Takes back the last move, and the end of the game if that move ended it;
/// writes the move taken back to `*out_move_or_null` unless it is NULL.
/// `XIANGQI_RESULT_NOTHING_TO_UNDO` when no move was played,
/// `XIANGQI_RESULT_GAME_OVER` when the game ended otherwise than by a move
/// (resignation, time, agreement), `XIANGQI_RESULT_NULL_PARAMETER` if `game`
/// is NULL. Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_undo(
    game: *mut xiangqi_game,
    out_move_or_null: *mut xiangqi_move,
) -> xiangqi_result {
    update(game, |game| {
        let m = game.inner.undo()?;
        if let Some(out) = arg_out_opt(out_move_or_null) {
            out.write(move_bits(m));
        }
        Ok(())
    })
}

/// `color` resigns: the other side wins. `XIANGQI_RESULT_GAME_OVER` once the
/// game is over, `XIANGQI_RESULT_INVALID_ARGUMENT` for a color out of range,
/// `XIANGQI_RESULT_NULL_PARAMETER`. Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_resign(
    game: *mut xiangqi_game,
    color: xiangqi_color,
) -> xiangqi_result {
    update(game, |game| Ok(game.inner.resign(color_arg(color)?)?))
}

/// `color` ran out of time: the other side wins; a timed game's clock shows
/// `color`'s time run out. Errors as `xiangqi_game_resign`; an untimed game
/// may end so too (compare `xiangqi_game_flag`). Needs exclusive access to
/// `game`.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_time_out(
    game: *mut xiangqi_game,
    color: xiangqi_color,
) -> xiangqi_result {
    update(game, |game| Ok(game.inner.time_out(color_arg(color)?)?))
}

/// `color` loses on time, as reported by a clock outside the library; its
/// clock shows its time run out. Errors as `xiangqi_game_resign`, and
/// `XIANGQI_RESULT_NO_CLOCK` for an untimed game. Needs exclusive access to
/// `game`.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_flag(
    game: *mut xiangqi_game,
    color: xiangqi_color,
) -> xiangqi_result {
    update(game, |game| {
        game.inner.flag(color_arg(color)?)?;
        Ok(())
    })
}

/// Both players agree to a draw at once: an open draw offer is accepted; with
/// none open, this is an offer by the side to move (counted by
/// `xiangqi_game_draw_offers_made`) accepted by the other side.
/// `XIANGQI_RESULT_GAME_OVER` once the game is over,
/// `XIANGQI_RESULT_NO_DRAW_OFFERS_LEFT` when no offer is open and the side to
/// move has made all the offers the rules allow,
/// `XIANGQI_RESULT_NULL_PARAMETER`. Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_agree_draw(game: *mut xiangqi_game) -> xiangqi_result {
    update(game, |game| Ok(game.inner.agree_draw()?))
}

/// `color` offers a draw: either side may, on its own turn or not, while the
/// game runs and no offer is open, up to `max_draw_offers` of the rules (an
/// offer counts when made). The offer stays open until the opponent accepts
/// or declines it, the opponent moves, a move is taken back, or the game
/// ends. Errors (the game unchanged): `XIANGQI_RESULT_GAME_OVER`,
/// `XIANGQI_RESULT_DRAW_OFFER_PENDING`, `XIANGQI_RESULT_NO_DRAW_OFFERS_LEFT`,
/// `XIANGQI_RESULT_INVALID_ARGUMENT` for a color out of range,
/// `XIANGQI_RESULT_NULL_PARAMETER`. Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_offer_draw(
    game: *mut xiangqi_game,
    color: xiangqi_color,
) -> xiangqi_result {
    update(game, |game| Ok(game.inner.offer_draw(color_arg(color)?)?))
}

/// `color` accepts the opponent's open draw offer: the game is drawn
/// (`XIANGQI_TERMINATION_DRAW_AGREEMENT`). Errors: `XIANGQI_RESULT_GAME_OVER`,
/// `XIANGQI_RESULT_NO_DRAW_OFFER` when no offer of the opponent is open (a
/// player cannot accept its own), `XIANGQI_RESULT_INVALID_ARGUMENT`,
/// `XIANGQI_RESULT_NULL_PARAMETER`. Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_accept_draw(
    game: *mut xiangqi_game,
    color: xiangqi_color,
) -> xiangqi_result {
    update(game, |game| {
        Ok(game.inner.accept_draw(color_arg(color)?)?)
    })
}

/// `color` declines the opponent's open draw offer; the game goes on. Errors
/// as `xiangqi_game_accept_draw`. Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_decline_draw(
    game: *mut xiangqi_game,
    color: xiangqi_color,
) -> xiangqi_result {
    update(game, |game| {
        Ok(game.inner.decline_draw(color_arg(color)?)?)
    })
}

/// Writes the side whose draw offer is open to `*out`, or
/// `XIANGQI_COLOR_NONE`. `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_draw_offer(
    game: *const xiangqi_game,
    out: *mut xiangqi_color,
) -> xiangqi_result {
    read_value(game, out, |game| Ok(color_opt_out(game.inner.draw_offer())))
}

/// Writes how many draw offers `color` has made in the game to `*out`.
/// `XIANGQI_RESULT_INVALID_ARGUMENT` for a color out of range,
/// `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_draw_offers_made(
    game: *const xiangqi_game,
    color: xiangqi_color,
    out: *mut u32,
) -> xiangqi_result {
    read_value(game, out, |game| {
        Ok(game.inner.draw_offers_made(color_arg(color)?))
    })
}

/// Writes what `color`'s clock shows after `elapsed_ms` milliseconds of the
/// current turn (pass 0 for the side not to move) to `*out`, changing
/// nothing; use it for display and to notice a flag fall while a player
/// thinks. Errors: `XIANGQI_RESULT_NO_CLOCK` for an untimed game,
/// `XIANGQI_RESULT_INVALID_ARGUMENT`, `XIANGQI_RESULT_NULL_PARAMETER`.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_clock_remaining(
    game: *const xiangqi_game,
    color: xiangqi_color,
    elapsed_ms: u64,
    out: *mut xiangqi_clock_reading,
) -> xiangqi_result {
    read_value(game, out, |game| {
        let color = color_arg(color)?;
        let clock = game.inner.clock().ok_or(xiangqi_result::NoClock)?;
        let reading = clock.remaining(color, Duration::from_millis(elapsed_ms));
        Ok(xiangqi_clock_reading {
            main_ms: millis(reading.main),
            in_byoyomi: reading.period_left.is_some(),
            period_left_ms: reading.period_left.map_or(0, millis),
            periods: reading.periods,
            timed_out: reading.timed_out,
        })
    })
}

/// Writes how the game stands to `*out` (see `xiangqi_outcome`).
/// `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_outcome(
    game: *const xiangqi_game,
    out: *mut xiangqi_outcome,
) -> xiangqi_result {
    read_value(game, out, |game| {
        Ok(xiangqi_outcome::of(game.inner.outcome()))
    })
}

/// Writes the legal moves of the current position into `buf` (none once the
/// game is over), with the convention of `xiangqi_position_legal_moves`.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_legal_moves(
    game: *const xiangqi_game,
    buf: *mut xiangqi_move,
    cap: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_array(game, buf, cap, out_len, |game, out| {
        out.write(game.inner.legal_moves().iter().map(|m| move_bits(*m)))
    })
}

/// Writes the moves played, first to last, into `buf`, with the convention
/// of `xiangqi_position_legal_moves` (their number is
/// `xiangqi_game_ply_count`). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_moves(
    game: *const xiangqi_game,
    buf: *mut xiangqi_move,
    cap: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_array(game, buf, cap, out_len, |game, out| {
        let moves: Vec<xiangqi_move> = game.inner.moves().map(move_bits).collect();
        out.write(moves.into_iter())
    })
}

/// Writes the number of moves (plies) played to `*out`.
/// `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_ply_count(
    game: *const xiangqi_game,
    out: *mut usize,
) -> xiangqi_result {
    read_value(game, out, |game| Ok(game.inner.ply_count()))
}

/// Writes a new handle holding the current position to `*out`; the caller
/// frees it with `xiangqi_position_free`. `XIANGQI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_position(
    game: *const xiangqi_game,
    out: *mut *mut xiangqi_position,
) -> xiangqi_result {
    read_value(game, out, |game| {
        Ok(into_handle(xiangqi_position {
            inner: game.inner.position().clone(),
        }))
    })
}

/// Writes a new handle holding the start position to `*out`; the caller frees
/// it with `xiangqi_position_free`. `XIANGQI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_start_position(
    game: *const xiangqi_game,
    out: *mut *mut xiangqi_position,
) -> xiangqi_result {
    read_value(game, out, |game| {
        Ok(into_handle(xiangqi_position {
            inner: game.inner.start().clone(),
        }))
    })
}

/// Writes the FEN of the current position into `buf` (buffer convention as
/// for `xiangqi_position_to_fen`). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_to_fen(
    game: *const xiangqi_game,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_text(game, buf, buf_len, out_len, |game| {
        Ok(game.inner.position().to_fen())
    })
}

/// Writes the game as JSON (start FEN, moves in ICCS, rules, result, the
/// clocks, the draw offers made and the open offer) into `buf` (buffer convention as for
/// `xiangqi_position_to_fen`). `xiangqi_game_from_json` restores it.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_to_json(
    game: *const xiangqi_game,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_text(game, buf, buf_len, out_len, |game| Ok(game.inner.to_json()))
}

/// Restores a game saved by `xiangqi_game_to_json` (UTF-8 text `json`,
/// `json_len` bytes, not NUL-terminated) into a new handle written to `*out`;
/// the caller frees it with `xiangqi_game_free`. The moves are replayed under
/// the saved rules, and the result, the draw offers and the clock are checked
/// against them, so forged state is refused. Errors (`*out` untouched):
/// `XIANGQI_RESULT_GAME_JSON` (not the saved form), one
/// `XIANGQI_RESULT_RESTORE_*` code per reason a saved form does not restore
/// (start position, move, move after the end, result mismatch or missing, a
/// result the rules decide, winner, agreement without offer, draw offers, open
/// draw offer, clock missing or unexpected, clock settings, remaining time,
/// timed-out side), `XIANGQI_RESULT_INVALID_UTF8`,
/// `XIANGQI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_game_from_json(
    json: *const c_char,
    json_len: usize,
    out: *mut *mut xiangqi_game,
) -> xiangqi_result {
    new_handle(out, || {
        let text = arg_str(json, json_len)?;
        let game = Game::from_json(text).map_err(|e| xiangqi_result::from(&e))?;
        Ok(xiangqi_game { inner: game })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{moves, out, s, text};
    use crate::types::{XIANGQI_COLOR_BLACK, XIANGQI_COLOR_RED};

    fn play(game: *mut xiangqi_game, iccs: &str) -> xiangqi_result {
        let (p, n) = s(iccs);
        xiangqi_game_play_iccs(game, p, n, core::ptr::null_mut())
    }

    #[test]
    fn each_termination_has_its_own_value() {
        let mut values: Vec<xiangqi_termination> =
            Termination::ALL.into_iter().map(termination_out).collect();
        assert!(!values.contains(&XIANGQI_TERMINATION_OTHER));
        assert!(!values.contains(&XIANGQI_TERMINATION_NONE));
        values.sort_unstable();
        values.dedup();
        assert_eq!(values.len(), Termination::ALL.len());
        assert_eq!(termination_out(Termination::DrawAgreement), 9);
    }

    #[test]
    fn the_default_rules_are_the_site_rules() {
        let rules = out(|o| xiangqi_rules_default(o));
        assert_eq!(RuleSet::from(rules), RuleSet::site());
        let game = out(|o| xiangqi_game_new(core::ptr::null(), o));
        assert_eq!(out(|o| xiangqi_game_rules(game, o)), rules);
        xiangqi_game_free(game);
    }

    #[test]
    fn a_game_ends_by_checkmate_and_the_mate_can_be_taken_back() {
        let (p, n) = s("3aka3/9/2n6/p1p3p1p/9/4C4/P1P3P1P/1C7/9/3K5 b - - 0 1");
        let start = out(|o| crate::position::xiangqi_position_from_fen(p, n, o));
        let game = out(|o| xiangqi_game_from_position(start, core::ptr::null(), o));
        assert_eq!(play(game, "a6a5"), xiangqi_result::Ok);
        assert_eq!(play(game, "b2e2"), xiangqi_result::Ok);
        let outcome = out(|o| xiangqi_game_outcome(game, o));
        assert_eq!(outcome.winner, XIANGQI_COLOR_RED);
        assert_eq!(outcome.termination, XIANGQI_TERMINATION_CHECKMATE);
        assert_eq!(play(game, "e9e8"), xiangqi_result::GameOver);
        assert!(moves(|b, c, l| xiangqi_game_legal_moves(game, b, c, l)).is_empty());
        assert_eq!(moves(|b, c, l| xiangqi_game_moves(game, b, c, l)).len(), 2);
        let taken = out(|o| xiangqi_game_undo(game, o));
        assert_eq!(
            text(|b, l, n| crate::types::xiangqi_move_to_iccs(taken, b, l, n)),
            "b2e2"
        );
        let outcome = out(|o| xiangqi_game_outcome(game, o));
        assert_eq!(
            (outcome.winner, outcome.termination),
            (XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_NONE)
        );
        assert_eq!(out(|o| xiangqi_game_ply_count(game, o)), 1);
        crate::position::xiangqi_position_free(start);
        xiangqi_game_free(game);
    }

    #[test]
    fn the_draw_offer_limit_crosses_the_boundary() {
        let mut rules = out(|o| xiangqi_rules_default(o));
        assert_eq!(rules.max_draw_offers, XIANGQI_DRAW_OFFERS_UNLIMITED);
        assert_eq!(RuleSet::from(rules).max_draw_offers, None);
        rules.max_draw_offers = 0;
        assert_eq!(RuleSet::from(rules).max_draw_offers, Some(0));
        assert_eq!(xiangqi_rules::from(RuleSet::from(rules)), rules);
    }

    #[test]
    fn draw_offers_and_their_refusals() {
        let mut rules = out(|o| xiangqi_rules_default(o));
        rules.max_draw_offers = 1;
        let game = out(|o| xiangqi_game_new(&rules, o));
        assert_eq!(
            out(|o| xiangqi_game_draw_offer(game, o)),
            XIANGQI_COLOR_NONE
        );
        assert_eq!(
            xiangqi_game_accept_draw(game, XIANGQI_COLOR_BLACK),
            xiangqi_result::NoDrawOffer
        );
        assert_eq!(
            xiangqi_game_offer_draw(game, 7),
            xiangqi_result::InvalidArgument
        );
        // Black may offer on Red's turn.
        assert_eq!(
            xiangqi_game_offer_draw(game, XIANGQI_COLOR_BLACK),
            xiangqi_result::Ok
        );
        assert_eq!(
            out(|o| xiangqi_game_draw_offer(game, o)),
            XIANGQI_COLOR_BLACK
        );
        assert_eq!(
            xiangqi_game_offer_draw(game, XIANGQI_COLOR_RED),
            xiangqi_result::DrawOfferPending
        );
        assert_eq!(
            xiangqi_game_accept_draw(game, XIANGQI_COLOR_BLACK),
            xiangqi_result::NoDrawOffer
        );
        assert_eq!(
            xiangqi_game_decline_draw(game, XIANGQI_COLOR_RED),
            xiangqi_result::Ok
        );
        assert_eq!(
            out(|o| xiangqi_game_draw_offer(game, o)),
            XIANGQI_COLOR_NONE
        );
        assert_eq!(
            out(|o| xiangqi_game_draw_offers_made(game, XIANGQI_COLOR_BLACK, o)),
            1
        );
        assert_eq!(
            out(|o| xiangqi_game_draw_offers_made(game, XIANGQI_COLOR_RED, o)),
            0
        );
        let mut made = 99;
        assert_eq!(
            xiangqi_game_draw_offers_made(game, 2, &mut made),
            xiangqi_result::InvalidArgument
        );
        assert_eq!(made, 99);
        assert_eq!(
            xiangqi_game_offer_draw(game, XIANGQI_COLOR_BLACK),
            xiangqi_result::NoDrawOffersLeft
        );
        assert_eq!(
            xiangqi_game_offer_draw(game, XIANGQI_COLOR_RED),
            xiangqi_result::Ok
        );
        assert_eq!(
            xiangqi_game_accept_draw(game, XIANGQI_COLOR_BLACK),
            xiangqi_result::Ok
        );
        let outcome = out(|o| xiangqi_game_outcome(game, o));
        assert_eq!(
            (outcome.winner, outcome.termination),
            (XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_DRAW_AGREEMENT)
        );
        assert_eq!(
            xiangqi_game_offer_draw(game, XIANGQI_COLOR_RED),
            xiangqi_result::GameOver
        );
        xiangqi_game_free(game);
    }

    #[test]
    fn json_round_trip_keeps_the_draw_offers_and_refuses_forgeries() {
        let mut rules = out(|o| xiangqi_rules_default(o));
        rules.max_draw_offers = 2;
        let game = out(|o| xiangqi_game_new(&rules, o));
        assert_eq!(play(game, "h2e2"), xiangqi_result::Ok);
        assert_eq!(
            xiangqi_game_offer_draw(game, XIANGQI_COLOR_RED),
            xiangqi_result::Ok
        );
        let json = text(|b, l, n| xiangqi_game_to_json(game, b, l, n));
        let (p, n) = s(&json);
        let back = out(|o| xiangqi_game_from_json(p, n, o));
        assert_eq!(text(|b, l, n| xiangqi_game_to_json(back, b, l, n)), json);
        assert_eq!(out(|o| xiangqi_game_draw_offer(back, o)), XIANGQI_COLOR_RED);
        assert_eq!(
            out(|o| xiangqi_game_draw_offers_made(back, XIANGQI_COLOR_RED, o)),
            1
        );
        assert_eq!(out(|o| xiangqi_game_rules(back, o)), rules);
        assert_eq!(out(|o| xiangqi_game_ply_count(back, o)), 1);
        xiangqi_game_free(back);

        let mut handle = core::ptr::null_mut();
        let forged = json.replace(r#""draw_offers_made":[1,0]"#, r#""draw_offers_made":[3,0]"#);
        assert_ne!(forged, json);
        let (p, n) = s(&forged);
        assert_eq!(
            xiangqi_game_from_json(p, n, &mut handle),
            xiangqi_result::RestoreDrawOffers
        );
        let (p, n) = s("{}");
        assert_eq!(
            xiangqi_game_from_json(p, n, &mut handle),
            xiangqi_result::GameJson
        );
        let bad = [b'{', 0xFF, b'}'];
        assert_eq!(
            xiangqi_game_from_json(bad.as_ptr().cast(), bad.len(), &mut handle),
            xiangqi_result::InvalidUtf8
        );
        assert_eq!(
            xiangqi_game_from_json(core::ptr::null(), 2, &mut handle),
            xiangqi_result::NullParameter
        );
        assert!(handle.is_null());
        let (p, n) = s(&json);
        assert_eq!(
            xiangqi_game_from_json(p, n, core::ptr::null_mut()),
            xiangqi_result::NullParameter
        );
        xiangqi_game_free(game);
    }

    #[test]
    fn the_site_rules_have_the_site_clock_and_untimed_rules_none() {
        let mut rules = out(|o| xiangqi_rules_default(o));
        assert!(rules.has_clock);
        assert_eq!(
            (
                rules.clock_main_ms,
                rules.clock_byoyomi_ms,
                rules.clock_periods
            ),
            (300_000, 30_000, 3)
        );
        rules.has_clock = false;
        assert_eq!(RuleSet::from(rules).clock, None);
        assert_eq!(xiangqi_rules::from(RuleSet::from(rules)), rules);
        rules.has_clock = true;
        rules.clock_main_ms = 1_500;
        rules.clock_periods = 0;
        let back = RuleSet::from(rules);
        assert_eq!(
            back.clock,
            Some(ClockSettings {
                main_time: Duration::from_millis(1_500),
                byoyomi: Duration::from_secs(30),
                periods: 0,
                increment: Duration::ZERO,
            })
        );
        assert_eq!(xiangqi_rules::from(back), rules);
    }

    #[test]
    fn the_clock_counts_down_and_flags() {
        let game = out(|o| xiangqi_game_new(core::ptr::null(), o));
        let reading = out(|o| xiangqi_game_clock_remaining(game, XIANGQI_COLOR_RED, 310_000, o));
        assert_eq!(reading.main_ms, 0);
        assert!(reading.in_byoyomi && !reading.timed_out);
        assert_eq!((reading.period_left_ms, reading.periods), (20_000, 3));
        let m = move_bits(xq::Position::startpos().parse_iccs_move("h2e2").unwrap());
        assert_eq!(xiangqi_game_play_timed(game, m, 1_000), xiangqi_result::Ok);
        let red = out(|o| xiangqi_game_clock_remaining(game, XIANGQI_COLOR_RED, 0, o));
        assert_eq!((red.main_ms, red.in_byoyomi), (299_000, false));
        assert_eq!(
            xiangqi_game_clock_remaining(game, 2, 0, &mut { red }),
            xiangqi_result::InvalidArgument
        );
        assert_eq!(xiangqi_game_check_time(game, 400_000), xiangqi_result::Ok);
        let outcome = out(|o| xiangqi_game_outcome(game, o));
        assert_eq!(
            (outcome.winner, outcome.termination),
            (XIANGQI_COLOR_RED, XIANGQI_TERMINATION_TIMEOUT)
        );
        assert_eq!(xiangqi_game_check_time(game, 0), xiangqi_result::GameOver);
        xiangqi_game_free(game);

        let mut untimed = out(|o| xiangqi_rules_default(o));
        untimed.has_clock = false;
        let game = out(|o| xiangqi_game_new(&untimed, o));
        assert_eq!(xiangqi_game_check_time(game, 1), xiangqi_result::NoClock);
        assert_eq!(
            xiangqi_game_flag(game, XIANGQI_COLOR_RED),
            xiangqi_result::NoClock
        );
        let mut r = core::mem::MaybeUninit::<xiangqi_clock_reading>::uninit();
        assert_eq!(
            xiangqi_game_clock_remaining(game, XIANGQI_COLOR_RED, 0, r.as_mut_ptr()),
            xiangqi_result::NoClock
        );
        assert_eq!(
            xiangqi_game_time_out(game, XIANGQI_COLOR_RED),
            xiangqi_result::Ok
        );
        xiangqi_game_free(game);
    }

    #[test]
    fn resignation_ends_the_game_for_good() {
        let game = out(|o| xiangqi_game_new(core::ptr::null(), o));
        assert_eq!(
            xiangqi_game_resign(game, 7),
            xiangqi_result::InvalidArgument
        );
        assert_eq!(
            xiangqi_game_resign(game, XIANGQI_COLOR_BLACK),
            xiangqi_result::Ok
        );
        let outcome = out(|o| xiangqi_game_outcome(game, o));
        assert_eq!(
            (outcome.winner, outcome.termination),
            (XIANGQI_COLOR_RED, XIANGQI_TERMINATION_RESIGNATION)
        );
        assert_eq!(xiangqi_game_agree_draw(game), xiangqi_result::GameOver);
        assert_eq!(
            xiangqi_game_undo(game, core::ptr::null_mut()),
            xiangqi_result::GameOver
        );
        xiangqi_game_free(game);
    }
}
