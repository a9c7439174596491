//! `shogi_game`: a game under a rule set, with adjudication of every ending,
//! impasse declarations, resignation, draw offers and a byo-yomi clock; saved
//! and restored as a USI `position` line or as JSON.

use core::ffi::{CStr, c_char};
use core::time::Duration;

use shogi::{
    ClockSettings, Game, ImpasseRule, ImpasseStatus, Outcome, Position, RuleSet, Termination,
};

use crate::boundary::{
    arg_opt, arg_out_opt, arg_str, free_handle, into_handle, new_handle, read_moves, read_text,
    read_value, update, write_value,
};
use crate::position::shogi_position;
use crate::record::{limits_arg, shogi_read_limits};
use crate::result::shogi_result;
use crate::types::{color_arg, color_opt_out, move_arg, shogi_color, shogi_move};

/// An opaque game: the start position, the moves, the rules, the result, the
/// clocks and the draw-offer state.
///
/// Made by `shogi_game_new`, `shogi_game_clone`, `shogi_game_from_usi`,
/// `shogi_game_from_usi_with_limits`, `shogi_game_from_json` and
/// `shogi_record_game`; the caller owns it and frees it with
/// `shogi_game_free`, exactly once.
///
/// Thread safety: a `const shogi_game *` may be read from several threads at
/// once; a function that takes `shogi_game *` needs exclusive access for its
/// duration. A handle may be moved between threads.
#[allow(non_camel_case_types)]
pub struct shogi_game {
    pub(crate) inner: Game,
}

/// How impasse (entering kings, 持将棋) is settled.
#[allow(non_camel_case_types)]
pub type shogi_impasse_rule = u8;
/// The site rule (default): the side to move may declare when both kings are
/// in their promotion zones and it is not in check; every piece on the board
/// and in hand counts (rook, bishop, dragon, horse 5; others 1; kings 0); a
/// side under 24 points loses, otherwise the game is drawn.
pub const SHOGI_IMPASSE_POINTS24: shogi_impasse_rule = 0;
/// The CSA 27-point declaration: the declarer wins if its king is in the enemy
/// camp, it is not in check, at least 10 of its other pieces are in the enemy
/// camp, and its hand plus those pieces count at least 28 (Sente) or 27 (Gote).
pub const SHOGI_IMPASSE_CSA27: shogi_impasse_rule = 1;
/// Try rule: moving the king onto the enemy king's start square wins; no
/// declaration.
pub const SHOGI_IMPASSE_TRY_RULE: shogi_impasse_rule = 2;
/// No impasse rule: declarations are rejected.
pub const SHOGI_IMPASSE_DISABLED: shogi_impasse_rule = 3;
/// A rule this version does not name (outputs only).
pub const SHOGI_IMPASSE_OTHER: shogi_impasse_rule = 255;

/// The rules a game is adjudicated by, as a plain struct the caller fills
/// (start from `shogi_rules_default`, `shogi_rules_csa27` or
/// `shogi_rules_try_rule` and change fields).
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct shogi_rules_config {
    /// How impasse is settled: one of `SHOGI_IMPASSE_*`.
    pub impasse: shogi_impasse_rule,
    /// How many occurrences of one position make sennichite (4).
    pub repetitions: u32,
    /// Whether the side that gave check with every move since the first
    /// occurrence loses the repetition (true) instead of a plain draw.
    pub perpetual_check_loses: bool,
    /// The game ends when the SFEN move number would exceed this (400); 0
    /// means no limit.
    pub move_limit: u32,
    /// Draw offers each player may make (3).
    pub draw_offers: u32,
    /// Whether an impasse declaration whose conditions do not hold loses
    /// instead of being rejected.
    pub invalid_declaration_loses: bool,
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

/// What a game client shows for "how did it end".
#[allow(non_camel_case_types)]
pub type shogi_termination = u8;
/// The game is not over.
pub const SHOGI_TERMINATION_NONE: shogi_termination = 0;
/// The side to move is in check and has no legal move.
pub const SHOGI_TERMINATION_CHECKMATE: shogi_termination = 1;
/// The side to move is not in check but has no legal move (a loss).
pub const SHOGI_TERMINATION_NO_LEGAL_MOVES: shogi_termination = 2;
/// Sennichite: fourfold repetition, a draw.
pub const SHOGI_TERMINATION_REPETITION: shogi_termination = 3;
/// Sennichite with one side checking throughout: that side loses.
pub const SHOGI_TERMINATION_PERPETUAL_CHECK: shogi_termination = 4;
/// An impasse declaration.
pub const SHOGI_TERMINATION_IMPASSE_DECLARATION: shogi_termination = 5;
/// The move limit was reached.
pub const SHOGI_TERMINATION_MOVE_LIMIT: shogi_termination = 6;
/// A king reached the enemy king's start square under the try rule.
pub const SHOGI_TERMINATION_TRY_RULE: shogi_termination = 7;
/// A player resigned.
pub const SHOGI_TERMINATION_RESIGNATION: shogi_termination = 8;
/// A player ran out of time.
pub const SHOGI_TERMINATION_TIMEOUT: shogi_termination = 9;
/// The players agreed to a draw.
pub const SHOGI_TERMINATION_DRAW_AGREEMENT: shogi_termination = 10;
/// A foul decided the game (as a record states it; never produced by play).
pub const SHOGI_TERMINATION_ILLEGAL_MOVE: shogi_termination = 11;
/// The game was stopped without a result.
pub const SHOGI_TERMINATION_INTERRUPTED: shogi_termination = 12;
/// An ending this version does not name.
pub const SHOGI_TERMINATION_OTHER: shogi_termination = 255;

/// The result of a game: whether it is over, the winner (`SHOGI_COLOR_NONE`
/// for a draw, a result-less end, or a game still running) and how it ended
/// (`SHOGI_TERMINATION_NONE` while it runs).
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct shogi_outcome {
    /// Whether the game is over.
    pub is_over: bool,
    /// The winner, or `SHOGI_COLOR_NONE`.
    pub winner: shogi_color,
    /// How it ended: one of `SHOGI_TERMINATION_*`.
    pub termination: shogi_termination,
}

/// What an impasse declaration by the side to move would give now.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct shogi_impasse_status {
    /// The rule that applies: one of `SHOGI_IMPASSE_*`.
    pub rule: shogi_impasse_rule,
    /// Sente's count under that rule (the whole-board count for the 24-point
    /// rule, the try rule and no rule; hand plus pieces in the enemy camp for
    /// the CSA rule).
    pub sente_points: u32,
    /// Gote's count, likewise.
    pub gote_points: u32,
    /// Whether the side to move may declare validly now.
    pub allowed: bool,
    /// Why not, as `SHOGI_RESULT_IMPASSE_*`; `SHOGI_RESULT_OK` when allowed.
    pub rejection: shogi_result,
    /// The result declaring now would give (`is_over` false when the
    /// declaration would be rejected).
    pub result: shogi_outcome,
}

/// What a player's clock shows after some time of the current turn.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct shogi_clock_reading {
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

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn impasse_out(rule: ImpasseRule) -> shogi_impasse_rule {
    match rule {
        ImpasseRule::Points24 => SHOGI_IMPASSE_POINTS24,
        ImpasseRule::Csa27Declaration => SHOGI_IMPASSE_CSA27,
        ImpasseRule::TryRule => SHOGI_IMPASSE_TRY_RULE,
        ImpasseRule::Disabled => SHOGI_IMPASSE_DISABLED,
        _ => SHOGI_IMPASSE_OTHER,
    }
}

impl shogi_rules_config {
    /// The C form of a rule set.
    pub(crate) fn of(rules: &RuleSet) -> shogi_rules_config {
        let clock = rules.clock.unwrap_or(ClockSettings::SITE);
        shogi_rules_config {
            impasse: impasse_out(rules.impasse),
            repetitions: rules.repetitions,
            perpetual_check_loses: rules.perpetual_check_loses,
            move_limit: rules.move_limit,
            draw_offers: rules.draw_offers,
            invalid_declaration_loses: rules.invalid_declaration_loses,
            has_clock: rules.clock.is_some(),
            clock_main_ms: millis(clock.main_time),
            clock_byoyomi_ms: millis(clock.byoyomi),
            clock_periods: clock.periods,
            clock_increment_ms: millis(clock.increment),
        }
    }

    /// The rule set, checking the enumerated fields.
    fn to_rules(self) -> Result<RuleSet, shogi_result> {
        // The rule whose code this is (`SHOGI_IMPASSE_OTHER` is no rule's).
        let impasse = ImpasseRule::ALL
            .into_iter()
            .find(|&rule| impasse_out(rule) == self.impasse && self.impasse != SHOGI_IMPASSE_OTHER)
            .ok_or(shogi_result::InvalidArgument)?;
        let mut rules = RuleSet::site();
        rules.impasse = impasse;
        rules.repetitions = self.repetitions;
        rules.perpetual_check_loses = self.perpetual_check_loses;
        rules.move_limit = self.move_limit;
        rules.draw_offers = self.draw_offers;
        rules.invalid_declaration_loses = self.invalid_declaration_loses;
        rules.clock = self.has_clock.then(|| ClockSettings {
            main_time: Duration::from_millis(self.clock_main_ms),
            byoyomi: Duration::from_millis(self.clock_byoyomi_ms),
            periods: self.clock_periods,
            increment: Duration::from_millis(self.clock_increment_ms),
        });
        Ok(rules)
    }
}

/// The rule set behind an optional C pointer (the site rules for NULL).
pub(crate) fn rules_arg(rules: *const shogi_rules_config) -> Result<RuleSet, shogi_result> {
    match arg_opt(rules) {
        Some(config) => config.to_rules(),
        None => Ok(RuleSet::site()),
    }
}

fn termination_out(t: Termination) -> shogi_termination {
    match t {
        Termination::Checkmate => SHOGI_TERMINATION_CHECKMATE,
        Termination::NoLegalMoves => SHOGI_TERMINATION_NO_LEGAL_MOVES,
        Termination::Repetition => SHOGI_TERMINATION_REPETITION,
        Termination::PerpetualCheck => SHOGI_TERMINATION_PERPETUAL_CHECK,
        Termination::ImpasseDeclaration => SHOGI_TERMINATION_IMPASSE_DECLARATION,
        Termination::MoveLimit => SHOGI_TERMINATION_MOVE_LIMIT,
        Termination::TryRule => SHOGI_TERMINATION_TRY_RULE,
        Termination::Resignation => SHOGI_TERMINATION_RESIGNATION,
        Termination::Timeout => SHOGI_TERMINATION_TIMEOUT,
        Termination::DrawAgreement => SHOGI_TERMINATION_DRAW_AGREEMENT,
        Termination::IllegalMove => SHOGI_TERMINATION_ILLEGAL_MOVE,
        Termination::Interrupted => SHOGI_TERMINATION_INTERRUPTED,
        _ => SHOGI_TERMINATION_OTHER,
    }
}

impl shogi_outcome {
    /// The C form of an optional outcome.
    pub(crate) fn of(outcome: Option<Outcome>) -> shogi_outcome {
        match outcome {
            Some(o) => shogi_outcome {
                is_over: true,
                winner: color_opt_out(o.winner),
                termination: termination_out(o.termination),
            },
            None => shogi_outcome {
                is_over: false,
                winner: color_opt_out(None),
                termination: SHOGI_TERMINATION_NONE,
            },
        }
    }
}

impl shogi_impasse_status {
    fn of(status: &ImpasseStatus) -> shogi_impasse_status {
        shogi_impasse_status {
            rule: impasse_out(status.rule),
            sente_points: status.sente_points,
            gote_points: status.gote_points,
            allowed: status.allowed,
            rejection: status.reason.map_or(shogi_result::Ok, shogi_result::from),
            result: shogi_outcome::of(status.result),
        }
    }
}

/// The snake_case name of a termination (`"checkmate"`, `"impasse"`,
/// `"draw_agreement"`, …; `"none"` for `SHOGI_TERMINATION_NONE`) as a static
/// NUL-terminated string, or NULL for a value that is not a termination.
/// Infallible; the string must not be freed. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_termination_name(termination: shogi_termination) -> *const c_char {
    ffi_fn!(infallible core::ptr::null(), {
        let name = match termination {
            SHOGI_TERMINATION_NONE => c"none",
            SHOGI_TERMINATION_OTHER => c"other",
            code => match Termination::ALL.iter().position(|&t| termination_out(t) == code) {
                Some(i) => termination_c_name(i),
                None => return core::ptr::null(),
            },
        };
        name.as_ptr()
    })
}

/// The number of `Termination::ALL`.
const TERMINATIONS: usize = Termination::ALL.len();

/// The bytes of the names of `Termination::ALL` (the core's `as_str`), each
/// followed by a NUL.
const TERMINATION_NAMES_LEN: usize = {
    let mut len = 0;
    let mut i = 0;
    while i < TERMINATIONS {
        len += Termination::ALL[i].as_str().len() + 1;
        i += 1;
    }
    len
};

/// The names of `Termination::ALL` one after another, each NUL-terminated,
/// and where each starts: made at compile time from the core's names.
static TERMINATION_NAMES: ([u8; TERMINATION_NAMES_LEN], [usize; TERMINATIONS]) = {
    let mut bytes = [0; TERMINATION_NAMES_LEN];
    let mut starts = [0; TERMINATIONS];
    let mut at = 0;
    let mut i = 0;
    while i < TERMINATIONS {
        starts[i] = at;
        let name = Termination::ALL[i].as_str().as_bytes();
        let mut j = 0;
        while j < name.len() {
            bytes[at] = name[j];
            at += 1;
            j += 1;
        }
        // The NUL is the zero already there.
        at += 1;
        i += 1;
    }
    (bytes, starts)
};

/// The name of `Termination::ALL[i]` as a static C string.
fn termination_c_name(i: usize) -> &'static CStr {
    let (bytes, starts) = &TERMINATION_NAMES;
    starts
        .get(i)
        .and_then(|&start| bytes.get(start..))
        .and_then(|name| CStr::from_bytes_until_nul(name).ok())
        .unwrap_or(c"other")
}

/// Writes the site rules to `*out`: 24-point impasse declaration, fourfold
/// repetition with perpetual check losing, a 400-move limit, 3 draw offers
/// each, invalid declarations rejected, and a clock of 5 minutes plus 3
/// byo-yomi periods of 30 s (set `has_clock` to false for an untimed game).
/// `SHOGI_RESULT_NULL_PARAMETER` if `out` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_rules_default(out: *mut shogi_rules_config) -> shogi_result {
    write_value(out, || Ok(shogi_rules_config::of(&RuleSet::site())))
}

/// Writes the CSA rules to `*out`: the site rules with the CSA 27-point
/// declaration, invalid declarations losing. `SHOGI_RESULT_NULL_PARAMETER` if
/// `out` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_rules_csa27(out: *mut shogi_rules_config) -> shogi_result {
    write_value(out, || Ok(shogi_rules_config::of(&RuleSet::csa27())))
}

/// Writes the try-rule rules to `*out`: the site rules with the try rule
/// instead of a declaration. `SHOGI_RESULT_NULL_PARAMETER` if `out` is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_rules_try_rule(out: *mut shogi_rules_config) -> shogi_result {
    write_value(out, || Ok(shogi_rules_config::of(&RuleSet::try_rule())))
}

/// Starts a game from `start_or_null` (copied; the standard start position if
/// NULL) under `rules_or_null` (copied; the site rules if NULL) and writes the
/// new handle to `*out`; the caller frees it with `shogi_game_free`. A start
/// position that is already decided (no legal move, past the move limit)
/// gives a game that is over at once.
///
/// Errors (`*out` untouched): `SHOGI_RESULT_INVALID_ARGUMENT` for an unknown
/// impasse rule in the config, `SHOGI_RESULT_NULL_PARAMETER` if `out` is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_new(
    start_or_null: *const shogi_position,
    rules_or_null: *const shogi_rules_config,
    out: *mut *mut shogi_game,
) -> shogi_result {
    new_handle(out, || {
        let rules = rules_arg(rules_or_null)?;
        let start = arg_opt(start_or_null).map_or_else(Position::startpos, |p| p.inner.clone());
        Ok(shogi_game {
            inner: Game::from_position(start, rules),
        })
    })
}

/// Copies `game` into a new handle written to `*out`; the caller frees it with
/// `shogi_game_free`. `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_clone(
    game: *const shogi_game,
    out: *mut *mut shogi_game,
) -> shogi_result {
    read_value(game, out, |game| {
        Ok(into_handle(shogi_game {
            inner: game.inner.clone(),
        }))
    })
}

/// Frees a game handle. NULL is ignored. The handle must not be used
/// afterwards. Infallible.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_free(game: *mut shogi_game) {
    ffi_fn!(infallible(), { free_handle(game) })
}

/// Writes the game's rules to `*out`. `SHOGI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_rules(
    game: *const shogi_game,
    out: *mut shogi_rules_config,
) -> shogi_result {
    read_value(game, out, |game| {
        Ok(shogi_rules_config::of(game.inner.rules()))
    })
}

/// Writes the moves `shogi_game_play` accepts now into `buf` (capacity `cap`
/// moves) and their number to `*out_len`: the legal moves of the current
/// position while the game runs, none once it is over. Buffer rules as for
/// `shogi_position_legal_moves` (`SHOGI_RESULT_BUFFER_TOO_SMALL` when they do
/// not fit, `buf` may be NULL when `cap` is 0). `SHOGI_RESULT_NULL_PARAMETER`
/// if `game` or `out_len` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_legal_moves(
    game: *const shogi_game,
    buf: *mut shogi_move,
    cap: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_moves(game, buf, cap, out_len, |game, out| {
        out.write(game.inner.legal_moves().iter().copied())
    })
}

/// Copies the current position into a new handle written to `*out` (with no
/// moves to undo); the caller frees it with `shogi_position_free`.
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_position(
    game: *const shogi_game,
    out: *mut *mut shogi_position,
) -> shogi_result {
    read_value(game, out, |game| {
        Ok(into_handle(shogi_position::new(
            game.inner.position().clone(),
        )))
    })
}

/// Copies the start position into a new handle written to `*out`; the caller
/// frees it with `shogi_position_free`. `SHOGI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_start_position(
    game: *const shogi_game,
    out: *mut *mut shogi_position,
) -> shogi_result {
    read_value(game, out, |game| {
        Ok(into_handle(shogi_position::new(game.inner.start().clone())))
    })
}

/// Writes the moves played, in order, into `buf` (capacity `cap`) and their
/// number to `*out_len`. If they do not fit, nothing is written to `buf`,
/// `*out_len` gets their number and the result is
/// `SHOGI_RESULT_BUFFER_TOO_SMALL`; `buf` may be NULL when `cap` is 0 (a count
/// query, the same as `shogi_game_ply_count`). `SHOGI_RESULT_NULL_PARAMETER`
/// if `game` or `out_len` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_moves(
    game: *const shogi_game,
    buf: *mut shogi_move,
    cap: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_moves(game, buf, cap, out_len, |game, out| {
        out.write(game.inner.history().iter().map(|ply| ply.mv))
    })
}

/// Writes the number of moves played to `*out`. `SHOGI_RESULT_NULL_PARAMETER`
/// if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_ply_count(game: *const shogi_game, out: *mut usize) -> shogi_result {
    read_value(game, out, |game| Ok(game.inner.history().len()))
}

/// Plays the legal move `m` and adjudicates the position it leads to (read the
/// result with `shogi_game_outcome`). Errors (the game unchanged):
/// `SHOGI_RESULT_GAME_OVER`, `SHOGI_RESULT_ILLEGAL_*` with the reason,
/// `SHOGI_RESULT_INVALID_ARGUMENT` for invalid move bits,
/// `SHOGI_RESULT_NULL_PARAMETER`. The clock is not charged (see
/// `shogi_game_play_timed`). Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_play(game: *mut shogi_game, m: shogi_move) -> shogi_result {
    update(game, |game| {
        let m = move_arg(m)?;
        game.inner.play(m)?;
        Ok(())
    })
}

/// Resolves USI move text and plays it, as `shogi_game_play`; malformed text
/// is `SHOGI_RESULT_USI_*`, text that is not UTF-8 `SHOGI_RESULT_INVALID_UTF8`.
/// Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_play_usi(
    game: *mut shogi_game,
    usi: *const c_char,
    usi_len: usize,
) -> shogi_result {
    update(game, |game| {
        let text = arg_str(usi, usi_len)?;
        game.inner.play_usi(text)?;
        Ok(())
    })
}

/// Plays `m`, which took `elapsed_ms` milliseconds on the mover's clock. If the
/// time ran out first, the move is not played, the mover loses on time
/// (`SHOGI_TERMINATION_TIMEOUT`) and the result is still `SHOGI_RESULT_OK`:
/// check `shogi_game_outcome`. Errors as `shogi_game_play`, and
/// `SHOGI_RESULT_NO_CLOCK` for an untimed game. Needs exclusive access to
/// `game`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_play_timed(
    game: *mut shogi_game,
    m: shogi_move,
    elapsed_ms: u64,
) -> shogi_result {
    update(game, |game| {
        let m = move_arg(m)?;
        game.inner
            .play_timed(m, Duration::from_millis(elapsed_ms))?;
        Ok(())
    })
}

/// Checks the side to move's clock after `elapsed_ms` milliseconds of
/// thinking: if its time is up the game ends on time (`SHOGI_RESULT_OK`; check
/// `shogi_game_outcome`). Errors: `SHOGI_RESULT_GAME_OVER`,
/// `SHOGI_RESULT_NO_CLOCK`, `SHOGI_RESULT_NULL_PARAMETER`. Needs exclusive
/// access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_check_time(game: *mut shogi_game, elapsed_ms: u64) -> shogi_result {
    update(game, |game| {
        game.inner.check_time(Duration::from_millis(elapsed_ms))?;
        Ok(())
    })
}

/// Takes back the last move (also after a checkmate, repetition, move limit
/// or try-rule ending, which the move made: the game then runs again) and
/// writes it to `*out_move_or_null` unless that is NULL. An open draw offer is
/// withdrawn; clocks are not wound back. Errors (the game unchanged):
/// `SHOGI_RESULT_NOTHING_TO_UNDO`, `SHOGI_RESULT_GAME_OVER` when the game ended
/// otherwise than by a move, `SHOGI_RESULT_NULL_PARAMETER` if `game` is NULL.
/// Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_undo(
    game: *mut shogi_game,
    out_move_or_null: *mut shogi_move,
) -> shogi_result {
    update(game, |game| {
        let m = game.inner.undo()?;
        if let Some(out) = arg_out_opt(out_move_or_null) {
            out.write(m.to_bits());
        }
        Ok(())
    })
}

/// Writes the result to `*out` (`is_over` false while the game runs).
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_outcome(
    game: *const shogi_game,
    out: *mut shogi_outcome,
) -> shogi_result {
    read_value(game, out, |game| {
        Ok(shogi_outcome::of(game.inner.outcome()))
    })
}

/// Writes how many times the current position (board, hands, side to move)
/// has occurred in this game, the current occurrence included, to `*out`.
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_repetition_count(
    game: *const shogi_game,
    out: *mut u32,
) -> shogi_result {
    read_value(game, out, |game| Ok(game.inner.repetition_count()))
}

/// Writes what an impasse declaration by the side to move would give now,
/// without declaring, to `*out`. `SHOGI_RESULT_NULL_PARAMETER` if a pointer is
/// NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_impasse_status(
    game: *const shogi_game,
    out: *mut shogi_impasse_status,
) -> shogi_result {
    read_value(game, out, |game| {
        Ok(shogi_impasse_status::of(&game.inner.impasse_status()))
    })
}

/// The side to move declares impasse. When the declaration is valid (or
/// invalid declarations lose under the rules) the game ends
/// (`SHOGI_TERMINATION_IMPASSE_DECLARATION`; read `shogi_game_outcome`).
/// Errors (the game goes on): `SHOGI_RESULT_IMPASSE_*` with the reason the
/// declaration is rejected, `SHOGI_RESULT_GAME_OVER`,
/// `SHOGI_RESULT_NULL_PARAMETER`. Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_declare_impasse(game: *mut shogi_game) -> shogi_result {
    update(game, |game| {
        game.inner.declare_impasse()?;
        Ok(())
    })
}

/// `color` resigns (on its turn or not). Errors: `SHOGI_RESULT_GAME_OVER`,
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a color out of range,
/// `SHOGI_RESULT_NULL_PARAMETER`. Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_resign(game: *mut shogi_game, color: shogi_color) -> shogi_result {
    update(game, |game| {
        game.inner.resign(color_arg(color)?)?;
        Ok(())
    })
}

/// `color` loses on time, as reported by a clock outside the library. Errors
/// as `shogi_game_resign`. Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_flag(game: *mut shogi_game, color: shogi_color) -> shogi_result {
    update(game, |game| {
        game.inner.flag(color_arg(color)?)?;
        Ok(())
    })
}

/// Ends the game without a result (`SHOGI_TERMINATION_INTERRUPTED`). Errors:
/// `SHOGI_RESULT_GAME_OVER`, `SHOGI_RESULT_NULL_PARAMETER`. Needs exclusive
/// access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_interrupt(game: *mut shogi_game) -> shogi_result {
    update(game, |game| {
        game.inner.interrupt()?;
        Ok(())
    })
}

/// `color` offers a draw: allowed on its own turn, while no offer is open, up
/// to the rules' number of offers (an offer counts when made). The offer stays
/// open until the opponent accepts, declines or moves. Errors:
/// `SHOGI_RESULT_GAME_OVER`, `SHOGI_RESULT_NOT_YOUR_TURN`,
/// `SHOGI_RESULT_DRAW_OFFER_PENDING`, `SHOGI_RESULT_DRAW_OFFERS_EXHAUSTED`,
/// `SHOGI_RESULT_INVALID_ARGUMENT`, `SHOGI_RESULT_NULL_PARAMETER`. Needs
/// exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_offer_draw(game: *mut shogi_game, color: shogi_color) -> shogi_result {
    update(game, |game| {
        game.inner.offer_draw(color_arg(color)?)?;
        Ok(())
    })
}

/// `color` accepts the opponent's open draw offer: the game is drawn
/// (`SHOGI_TERMINATION_DRAW_AGREEMENT`). Errors: `SHOGI_RESULT_GAME_OVER`,
/// `SHOGI_RESULT_NO_DRAW_OFFER`, `SHOGI_RESULT_INVALID_ARGUMENT`,
/// `SHOGI_RESULT_NULL_PARAMETER`. Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_accept_draw(
    game: *mut shogi_game,
    color: shogi_color,
) -> shogi_result {
    update(game, |game| {
        game.inner.accept_draw(color_arg(color)?)?;
        Ok(())
    })
}

/// `color` declines the opponent's open draw offer. Errors as
/// `shogi_game_accept_draw`. Needs exclusive access to `game`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_decline_draw(
    game: *mut shogi_game,
    color: shogi_color,
) -> shogi_result {
    update(game, |game| {
        game.inner.decline_draw(color_arg(color)?)?;
        Ok(())
    })
}

/// Writes the player whose draw offer is open to `*out`, or
/// `SHOGI_COLOR_NONE`. `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_draw_offer(
    game: *const shogi_game,
    out: *mut shogi_color,
) -> shogi_result {
    read_value(game, out, |game| Ok(color_opt_out(game.inner.draw_offer())))
}

/// Writes how many draw offers `color` has made to `*out`.
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a color out of range,
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_draw_offers_made(
    game: *const shogi_game,
    color: shogi_color,
    out: *mut u32,
) -> shogi_result {
    read_value(game, out, |game| {
        Ok(game.inner.draw_offers_made(color_arg(color)?))
    })
}

/// Writes what `color`'s clock shows after `elapsed_ms` milliseconds of the
/// current turn (pass 0 for the side not to move) to `*out`, changing nothing;
/// use it for display and to notice a flag fall while a player thinks.
/// Errors: `SHOGI_RESULT_NO_CLOCK` for an untimed game,
/// `SHOGI_RESULT_INVALID_ARGUMENT`, `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_clock_remaining(
    game: *const shogi_game,
    color: shogi_color,
    elapsed_ms: u64,
    out: *mut shogi_clock_reading,
) -> shogi_result {
    read_value(game, out, |game| {
        let color = color_arg(color)?;
        let clock = game.inner.clock().ok_or(shogi_result::NoClock)?;
        let reading = clock.remaining(color, Duration::from_millis(elapsed_ms));
        Ok(shogi_clock_reading {
            main_ms: millis(reading.main),
            in_byoyomi: reading.period_left.is_some(),
            period_left_ms: reading.period_left.map_or(0, millis),
            periods: reading.periods,
            timed_out: reading.timed_out,
        })
    })
}

/// Writes the game as a USI `position` command (`position startpos moves 7g7f
/// 3c3d`) into `buf` (buffer convention as for `shogi_position_to_sfen`).
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_to_usi(
    game: *const shogi_game,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(game, buf, buf_len, out_len, |game| Ok(game.inner.to_usi()))
}

/// Replays a USI `position` command (the word `position` optional) as a game
/// under `rules_or_null` (the site rules if NULL) and writes the new handle to
/// `*out`; the caller frees it with `shogi_game_free`. Replaying stops at the
/// move that ends the game; a move after it is an error.
///
/// Errors (`*out` untouched): `SHOGI_RESULT_USI_COMMAND_*`, `SHOGI_RESULT_SFEN_*`
/// / `SHOGI_RESULT_SETUP_*`, `SHOGI_RESULT_USI_*`, `SHOGI_RESULT_ILLEGAL_*`,
/// `SHOGI_RESULT_MOVE_AFTER_END`, `SHOGI_RESULT_INVALID_ARGUMENT` (rules),
/// `SHOGI_RESULT_INVALID_UTF8`, `SHOGI_RESULT_NULL_PARAMETER`,
/// `SHOGI_RESULT_RECORD_LIMIT_EXCEEDED` beyond the default read limits
/// (`shogi_game_from_usi_with_limits` takes others). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_from_usi(
    text: *const c_char,
    text_len: usize,
    rules_or_null: *const shogi_rules_config,
    out: *mut *mut shogi_game,
) -> shogi_result {
    new_handle(out, || {
        let text = arg_str(text, text_len)?;
        let rules = rules_arg(rules_or_null)?;
        let game = Game::from_usi(text, rules)?;
        Ok(shogi_game { inner: game })
    })
}

/// As `shogi_game_from_usi`, within `limits_or_null` (the defaults of
/// `shogi_read_limits_default` if NULL; the struct is only read, during the
/// call). Of the limits, a USI line has three: its length in bytes
/// (`max_input_bytes` and `max_line_bytes`) and its number of moves
/// (`max_moves_per_line`), checked before any move is played; beyond one the
/// result is `SHOGI_RESULT_RECORD_LIMIT_EXCEEDED`. Ownership and the other
/// errors as for `shogi_game_from_usi` (which applies the defaults).
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_from_usi_with_limits(
    text: *const c_char,
    text_len: usize,
    rules_or_null: *const shogi_rules_config,
    limits_or_null: *const shogi_read_limits,
    out: *mut *mut shogi_game,
) -> shogi_result {
    new_handle(out, || {
        let text = arg_str(text, text_len)?;
        let rules = rules_arg(rules_or_null)?;
        let limits = limits_arg(limits_or_null);
        let game = Game::from_usi_with(text, rules, &limits)?;
        Ok(shogi_game { inner: game })
    })
}

/// Writes the game as JSON (start position, moves in USI, rules, result,
/// clocks and draw-offer state) into `buf` (buffer convention as for
/// `shogi_position_to_sfen`). `shogi_game_from_json` restores it. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_to_json(
    game: *const shogi_game,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(game, buf, buf_len, out_len, |game| Ok(game.inner.to_json()))
}

/// Restores a game saved by `shogi_game_to_json` into a new handle written to
/// `*out`; the caller frees it with `shogi_game_free`. The moves are
/// replayed, and the result, draw offers and clock are checked against them
/// and the rules, so forged state is rejected. Errors (`*out` untouched):
/// `SHOGI_RESULT_GAME_JSON` (not the saved form), one `SHOGI_RESULT_RESTORE_*`
/// code per reason a saved form does not restore (start position, move,
/// result, winner, ending, declaration, draw offers, open draw offer, clock
/// missing or unexpected, clock settings, remaining time, timed-out side),
/// `SHOGI_RESULT_MOVE_AFTER_END`, `SHOGI_RESULT_INVALID_UTF8`,
/// `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_game_from_json(
    json: *const c_char,
    json_len: usize,
    out: *mut *mut shogi_game,
) -> shogi_result {
    new_handle(out, || {
        let text = arg_str(json, json_len)?;
        let game = Game::from_json(text).map_err(|e| shogi_result::from(&e))?;
        Ok(shogi_game { inner: game })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{shogi_position_free, shogi_position_from_sfen, shogi_position_to_sfen};
    use crate::testing::{moves, out, s, text};
    use crate::types::{SHOGI_COLOR_GOTE, SHOGI_COLOR_NONE, SHOGI_COLOR_SENTE};

    struct G(*mut shogi_game);

    impl Drop for G {
        fn drop(&mut self) {
            shogi_game_free(self.0);
        }
    }

    impl G {
        fn new(rules: Option<&shogi_rules_config>) -> G {
            let rules = rules.map_or(core::ptr::null(), |r| r as *const _);
            G(out(|o| shogi_game_new(core::ptr::null(), rules, o)))
        }

        fn play(&self, usi: &str) -> shogi_result {
            let (p, n) = s(usi);
            shogi_game_play_usi(self.0, p, n)
        }

        fn outcome(&self) -> shogi_outcome {
            let mut o = shogi_outcome::of(None);
            assert_eq!(shogi_game_outcome(self.0, &mut o), shogi_result::Ok);
            o
        }
    }

    fn rules() -> shogi_rules_config {
        let mut r = shogi_rules_config::of(&RuleSet::site());
        assert_eq!(shogi_rules_default(&mut r), shogi_result::Ok);
        r
    }

    #[test]
    fn the_default_rules_are_the_site_rules_and_round_trip() {
        let r = rules();
        assert_eq!(r.to_rules(), Ok(RuleSet::site()));
        assert!(r.has_clock);
        assert_eq!(
            (r.clock_main_ms, r.clock_byoyomi_ms, r.clock_periods),
            (300_000, 30_000, 3)
        );
        let mut bad = r;
        bad.impasse = 9;
        let mut handle = core::ptr::null_mut();
        assert_eq!(
            shogi_game_new(core::ptr::null(), &bad, &mut handle),
            shogi_result::InvalidArgument
        );
        assert!(handle.is_null());
        let mut csa = r;
        assert_eq!(shogi_rules_csa27(&mut csa), shogi_result::Ok);
        assert_eq!(csa.impasse, SHOGI_IMPASSE_CSA27);
        assert!(csa.invalid_declaration_loses);
    }

    #[test]
    fn a_checkmate_ends_the_game_and_can_be_taken_back() {
        let game = G::new(None);
        for usi in ["7g7f", "3c3d", "2g2f", "4a3b"] {
            assert_eq!(game.play(usi), shogi_result::Ok, "{usi}");
        }
        let (p, n) = s("position sfen 4k4/9/4G4/9/9/9/9/9/4K4 b G 1 moves G*5b");
        let mate = G(out(|o| shogi_game_from_usi(p, n, core::ptr::null(), o)));
        let o = mate.outcome();
        assert!(o.is_over);
        assert_eq!(
            (o.winner, o.termination),
            (SHOGI_COLOR_SENTE, SHOGI_TERMINATION_CHECKMATE)
        );
        assert_eq!(mate.play("5a4a"), shogi_result::GameOver);
        let taken: u32 = out(|o| shogi_game_undo(mate.0, o));
        assert!(crate::types::shogi_move_is_drop(taken));
        assert!(!mate.outcome().is_over);
        assert_eq!(out(|o| shogi_game_ply_count(game.0, o)), 4);
        assert_eq!(moves(|b, c, n| shogi_game_moves(game.0, b, c, n)).len(), 4);
    }

    #[test]
    fn resignation_draw_offers_and_their_refusals() {
        let game = G::new(None);
        assert_eq!(
            shogi_game_offer_draw(game.0, SHOGI_COLOR_GOTE),
            shogi_result::NotYourTurn
        );
        assert_eq!(
            shogi_game_offer_draw(game.0, SHOGI_COLOR_SENTE),
            shogi_result::Ok
        );
        assert_eq!(out(|o| shogi_game_draw_offer(game.0, o)), SHOGI_COLOR_SENTE);
        assert_eq!(
            out(|o| shogi_game_draw_offers_made(game.0, SHOGI_COLOR_SENTE, o)),
            1
        );
        assert_eq!(
            shogi_game_accept_draw(game.0, SHOGI_COLOR_SENTE),
            shogi_result::NoDrawOffer
        );
        assert_eq!(
            shogi_game_decline_draw(game.0, SHOGI_COLOR_GOTE),
            shogi_result::Ok
        );
        assert_eq!(out(|o| shogi_game_draw_offer(game.0, o)), SHOGI_COLOR_NONE);
        assert_eq!(shogi_game_resign(game.0, 2), shogi_result::InvalidArgument);
        assert_eq!(
            shogi_game_resign(game.0, SHOGI_COLOR_SENTE),
            shogi_result::Ok
        );
        let o = game.outcome();
        assert_eq!(
            (o.winner, o.termination),
            (SHOGI_COLOR_GOTE, SHOGI_TERMINATION_RESIGNATION)
        );
        assert_eq!(game.play("7g7f"), shogi_result::GameOver);
        assert_eq!(
            shogi_game_undo(game.0, core::ptr::null_mut()),
            shogi_result::GameOver
        );
    }

    #[test]
    fn the_clock_counts_down_and_flags() {
        let game = G::new(None);
        let reading: shogi_clock_reading = {
            let mut r = core::mem::MaybeUninit::<shogi_clock_reading>::uninit();
            assert_eq!(
                shogi_game_clock_remaining(game.0, SHOGI_COLOR_SENTE, 310_000, r.as_mut_ptr()),
                shogi_result::Ok
            );
            // SAFETY: written by the successful call above.
            unsafe { r.assume_init() }
        };
        assert_eq!(reading.main_ms, 0);
        assert!(reading.in_byoyomi && !reading.timed_out);
        assert_eq!((reading.period_left_ms, reading.periods), (20_000, 3));
        assert_eq!(shogi_game_check_time(game.0, 400_000), shogi_result::Ok);
        let o = game.outcome();
        assert_eq!(
            (o.winner, o.termination),
            (SHOGI_COLOR_GOTE, SHOGI_TERMINATION_TIMEOUT)
        );

        let mut untimed = rules();
        untimed.has_clock = false;
        let game = G::new(Some(&untimed));
        assert_eq!(shogi_game_check_time(game.0, 1), shogi_result::NoClock);
        let mut r = core::mem::MaybeUninit::<shogi_clock_reading>::uninit();
        assert_eq!(
            shogi_game_clock_remaining(game.0, SHOGI_COLOR_SENTE, 0, r.as_mut_ptr()),
            shogi_result::NoClock
        );
    }

    #[test]
    fn impasse_status_and_declaration() {
        let game = G::new(None);
        let mut status = core::mem::MaybeUninit::<shogi_impasse_status>::uninit();
        assert_eq!(
            shogi_game_impasse_status(game.0, status.as_mut_ptr()),
            shogi_result::Ok
        );
        // SAFETY: written by the successful call above.
        let status = unsafe { status.assume_init() };
        assert_eq!(status.rule, SHOGI_IMPASSE_POINTS24);
        assert_eq!((status.sente_points, status.gote_points), (27, 27));
        assert!(!status.allowed && !status.result.is_over);
        assert_eq!(status.rejection, shogi_result::ImpasseKingsNotInZone);
        assert_eq!(
            shogi_game_declare_impasse(game.0),
            shogi_result::ImpasseKingsNotInZone
        );
        let (p, n) = s("4K4/9/9/9/9/9/9/9/4k4 b RB2G 1");
        let start = out(|o| shogi_position_from_sfen(p, n, o));
        let game = G(out(|o| shogi_game_new(start, core::ptr::null(), o)));
        shogi_position_free(start);
        assert_eq!(shogi_game_declare_impasse(game.0), shogi_result::Ok);
        let o = game.outcome();
        assert_eq!(o.termination, SHOGI_TERMINATION_IMPASSE_DECLARATION);
    }

    #[test]
    fn usi_and_json_round_trip() {
        let game = G::new(None);
        for usi in ["7g7f", "3c3d", "8h2b+"] {
            assert_eq!(game.play(usi), shogi_result::Ok);
        }
        let line = text(|b, l, n| shogi_game_to_usi(game.0, b, l, n));
        assert_eq!(line, "position startpos moves 7g7f 3c3d 8h2b+");
        let json = text(|b, l, n| shogi_game_to_json(game.0, b, l, n));
        let (p, n) = s(&json);
        let back = G(out(|o| shogi_game_from_json(p, n, o)));
        assert_eq!(text(|b, l, n| shogi_game_to_usi(back.0, b, l, n)), line);
        let pos = out(|o| shogi_game_position(back.0, o));
        assert_eq!(
            text(|b, l, n| shogi_position_to_sfen(pos, b, l, n)),
            "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"
        );
        shogi_position_free(pos);
        let (p, n) = s("{}");
        let mut handle = core::ptr::null_mut();
        assert_eq!(
            shogi_game_from_json(p, n, &mut handle),
            shogi_result::GameJson
        );
        let (p, n) = s("position startpos moves 7g7f 7g7f");
        assert_eq!(
            shogi_game_from_usi(p, n, core::ptr::null(), &mut handle),
            shogi_result::IllegalNotAPieceMove
        );
        assert!(handle.is_null());
    }

    #[test]
    fn a_usi_line_is_read_within_the_limits_given() {
        use crate::record::shogi_read_limits_default;
        use shogi::record::{Limit, ReadLimits};
        let line = "position startpos moves 7g7f 3c3d 2g2f";
        let (p, n) = s(line);
        // NULL limits are the defaults; the defaults read the line.
        let game = G(out(|o| {
            shogi_game_from_usi_with_limits(p, n, core::ptr::null(), core::ptr::null(), o)
        }));
        assert_eq!(text(|b, l, n| shogi_game_to_usi(game.0, b, l, n)), line);
        let defaults = out(|o| shogi_read_limits_default(o));
        let game = G(out(|o| {
            shogi_game_from_usi_with_limits(p, n, core::ptr::null(), &defaults, o)
        }));
        assert_eq!(text(|b, l, n| shogi_game_to_usi(game.0, b, l, n)), line);
        // The three limits of a USI line, each just below and at what the line needs.
        for (limit, needed) in [
            (Limit::InputBytes, line.len()),
            (Limit::LineBytes, line.len()),
            (Limit::MovesPerLine, 3),
        ] {
            let mut handle = core::ptr::null_mut();
            let below = shogi_read_limits::of(&ReadLimits::DEFAULT.with(limit, needed - 1));
            assert_eq!(
                shogi_game_from_usi_with_limits(p, n, core::ptr::null(), &below, &mut handle),
                shogi_result::RecordLimitExceeded,
                "{limit}"
            );
            assert!(handle.is_null());
            let at = shogi_read_limits::of(&ReadLimits::DEFAULT.with(limit, needed));
            let game = G(out(|o| {
                shogi_game_from_usi_with_limits(p, n, core::ptr::null(), &at, o)
            }));
            assert_eq!(text(|b, l, n| shogi_game_to_usi(game.0, b, l, n)), line);
        }
        // The limits of records only do not apply to a USI line.
        for limit in [Limit::HeaderBytes, Limit::Variations, Limit::Depth] {
            let zero = shogi_read_limits::of(&ReadLimits::DEFAULT.with(limit, 0));
            drop(G(out(|o| {
                shogi_game_from_usi_with_limits(p, n, core::ptr::null(), &zero, o)
            })));
        }
        // The other errors are those of shogi_game_from_usi.
        let mut handle = core::ptr::null_mut();
        let mut bad_rules = shogi_rules_config::of(&RuleSet::site());
        bad_rules.impasse = 42;
        assert_eq!(
            shogi_game_from_usi_with_limits(p, n, &bad_rules, &defaults, &mut handle),
            shogi_result::InvalidArgument
        );
        let (bp, bn) = s("position startpos moves 7g7f 7g7f");
        assert_eq!(
            shogi_game_from_usi_with_limits(bp, bn, core::ptr::null(), &defaults, &mut handle),
            shogi_result::IllegalNotAPieceMove
        );
        assert_eq!(
            shogi_game_from_usi_with_limits(
                p,
                n,
                core::ptr::null(),
                &defaults,
                core::ptr::null_mut()
            ),
            shogi_result::NullParameter
        );
        assert!(handle.is_null());
        // shogi_game_from_usi applies the defaults.
        let long = format!(
            "position startpos moves{}",
            " 5i5h 5a5b 5h5i 5b5a".repeat(250_001)
        );
        let (lp, ln) = s(&long);
        assert_eq!(
            shogi_game_from_usi(lp, ln, core::ptr::null(), &mut handle),
            shogi_result::RecordLimitExceeded
        );
        assert!(handle.is_null());
    }

    #[test]
    fn every_impasse_rule_has_a_code_that_reads_back() {
        for rule in ImpasseRule::ALL {
            let mut rules = RuleSet::site();
            rules.impasse = rule;
            let config = shogi_rules_config::of(&rules);
            assert_ne!(config.impasse, SHOGI_IMPASSE_OTHER, "{rule:?}");
            assert_eq!(config.to_rules(), Ok(rules), "{rule:?}");
        }
        let mut config = shogi_rules_config::of(&RuleSet::site());
        for code in [SHOGI_IMPASSE_DISABLED + 1, SHOGI_IMPASSE_OTHER] {
            config.impasse = code;
            assert_eq!(config.to_rules(), Err(shogi_result::InvalidArgument));
        }
    }

    #[test]
    fn every_termination_has_a_name() {
        for t in 0..=12 {
            assert!(!shogi_termination_name(t).is_null(), "{t}");
        }
        assert!(!shogi_termination_name(SHOGI_TERMINATION_OTHER).is_null());
        assert!(shogi_termination_name(13).is_null());
        for t in Termination::ALL {
            let code = termination_out(t);
            assert_ne!(code, SHOGI_TERMINATION_OTHER, "{t:?}");
            // SAFETY: the name of a termination's code is a static NUL-terminated string.
            let name = unsafe { core::ffi::CStr::from_ptr(shogi_termination_name(code)) };
            assert_eq!(name.to_str(), Ok(t.as_str()));
        }
    }
}
