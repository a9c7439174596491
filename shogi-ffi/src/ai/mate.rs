//! Checkmate search: `shogi_ai_mate_in_one` and the df-pn solver
//! `shogi_ai_solve_mate`, whose answer is a `shogi_ai_mate_report` handle.

use core::time::Duration;

use shogi_ai::mate::{Exhausted, MateAnswer, MateLimits, MateReport, mate_in_one, solve_mate};

use super::{millis, shogi_ai_stop, stop_arg};
use crate::boundary::{
    arg_opt, arg_out, arg_ref, free_handle, new_handle, read_moves, read_value, write_value,
};
use crate::position::shogi_position;
use crate::result::shogi_result;
use crate::types::{SHOGI_MOVE_NONE, shogi_move};

/// What a checkmate search may spend, and the problem's conventions; 0 in a
/// number means no limit from it. Start from `shogi_ai_mate_limits_default`.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct shogi_ai_mate_limits {
    /// The most positions to visit (0: none).
    pub nodes: u64,
    /// The most time to spend, in milliseconds (0: none).
    pub time_ms: u64,
    /// The longest mate to look for, in plies (0: any length).
    pub max_plies: u32,
    /// The tsume convention: the defender holds every piece that is neither
    /// on the board nor in the attacker's hand.
    pub defender_holds_remaining: bool,
}

impl shogi_ai_mate_limits {
    /// The C struct of `limits`.
    pub(crate) fn of(limits: &MateLimits) -> shogi_ai_mate_limits {
        shogi_ai_mate_limits {
            nodes: limits.nodes.unwrap_or(0),
            time_ms: limits.time.map_or(0, millis),
            max_plies: limits.max_plies.unwrap_or(0),
            defender_holds_remaining: limits.defender_holds_remaining,
        }
    }

    /// The limits of the C struct.
    fn to_limits(self) -> MateLimits {
        MateLimits {
            nodes: (self.nodes > 0).then_some(self.nodes),
            time: (self.time_ms > 0).then(|| Duration::from_millis(self.time_ms)),
            max_plies: (self.max_plies > 0).then_some(self.max_plies),
            defender_holds_remaining: self.defender_holds_remaining,
        }
    }
}

/// The answer of a checkmate search: made by `shogi_ai_solve_mate`, freed with
/// `shogi_ai_mate_report_free`; read with `shogi_ai_mate_report_summary` and
/// `shogi_ai_mate_report_moves`.
///
/// Thread safety: it is never changed, so it may be read from several
/// threads at once and moved between threads.
#[allow(non_camel_case_types)]
pub struct shogi_ai_mate_report {
    inner: MateReport,
}

/// The kind of a checkmate search's answer.
#[allow(non_camel_case_types)]
pub type shogi_ai_mate_answer = u8;
/// A forced mate: its moves (the attacker's and the defender's, ending in
/// checkmate) are read with `shogi_ai_mate_report_moves`.
pub const SHOGI_AI_MATE_FOUND: shogi_ai_mate_answer = 0;
/// Proven: no sequence of checks forces mate (within `max_plies`, if set).
pub const SHOGI_AI_MATE_NONE: shogi_ai_mate_answer = 1;
/// The search ended before it could decide; `exhausted` says why.
pub const SHOGI_AI_MATE_UNKNOWN: shogi_ai_mate_answer = 2;

/// Why a checkmate search ended without an answer.
#[allow(non_camel_case_types)]
pub type shogi_ai_exhausted = u8;
/// The search decided (the answer is not `SHOGI_AI_MATE_UNKNOWN`).
pub const SHOGI_AI_EXHAUSTED_NONE: shogi_ai_exhausted = 0;
/// The node limit was reached.
pub const SHOGI_AI_EXHAUSTED_NODES: shogi_ai_exhausted = 1;
/// The time limit was reached.
pub const SHOGI_AI_EXHAUSTED_TIME: shogi_ai_exhausted = 2;
/// The stop was raised.
pub const SHOGI_AI_EXHAUSTED_STOPPED: shogi_ai_exhausted = 3;
/// A line was refuted only for being longer than the solver's longest
/// line: no mate was found, and none is ruled out.
pub const SHOGI_AI_EXHAUSTED_DEPTH: shogi_ai_exhausted = 4;

/// A checkmate search's answer with what it cost, written by
/// `shogi_ai_mate_report_summary`.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct shogi_ai_mate_summary {
    /// `SHOGI_AI_MATE_FOUND`, `SHOGI_AI_MATE_NONE` or `SHOGI_AI_MATE_UNKNOWN`.
    pub answer: shogi_ai_mate_answer,
    /// Why the search ended undecided (`SHOGI_AI_EXHAUSTED_NONE` unless the
    /// answer is `SHOGI_AI_MATE_UNKNOWN`).
    pub exhausted: shogi_ai_exhausted,
    /// The number of moves of the mate (0 unless it is `SHOGI_AI_MATE_FOUND`).
    pub moves_len: usize,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent, in milliseconds.
    pub elapsed_ms: u64,
}

impl shogi_ai_mate_summary {
    /// The summary of `report`.
    fn of(report: &MateReport) -> shogi_ai_mate_summary {
        let (answer, exhausted, moves_len) = match &report.answer {
            MateAnswer::Mate(moves) => (SHOGI_AI_MATE_FOUND, SHOGI_AI_EXHAUSTED_NONE, moves.len()),
            MateAnswer::NoMate => (SHOGI_AI_MATE_NONE, SHOGI_AI_EXHAUSTED_NONE, 0),
            MateAnswer::Unknown(why) => {
                let exhausted = match why {
                    Exhausted::Nodes => SHOGI_AI_EXHAUSTED_NODES,
                    Exhausted::Time => SHOGI_AI_EXHAUSTED_TIME,
                    Exhausted::Stopped => SHOGI_AI_EXHAUSTED_STOPPED,
                    Exhausted::Depth => SHOGI_AI_EXHAUSTED_DEPTH,
                };
                (SHOGI_AI_MATE_UNKNOWN, exhausted, 0)
            }
        };
        shogi_ai_mate_summary {
            answer,
            exhausted,
            moves_len,
            nodes: report.nodes,
            elapsed_ms: millis(report.elapsed),
        }
    }
}

/// Writes the default limits of a checkmate search to `*out`: one million
/// positions, no time limit, any length, the hands as given.
/// `SHOGI_RESULT_NULL_PARAMETER` if `out` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_mate_limits_default(out: *mut shogi_ai_mate_limits) -> shogi_result {
    write_value(out, || Ok(shogi_ai_mate_limits::of(&Default::default())))
}

/// Writes a move of the side to move of `pos` that checkmates at once to
/// `*out_move` and true to `*out_found`, or `SHOGI_MOVE_NONE` and false when
/// there is none. Pawn drops that would checkmate are illegal (uchifuzume)
/// and never given. `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL
/// (nothing written). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_mate_in_one(
    pos: *const shogi_position,
    out_move: *mut shogi_move,
    out_found: *mut bool,
) -> shogi_result {
    ffi_fn!({
        let pos = arg_ref(pos)?;
        let out_move = arg_out(out_move)?;
        let out_found = arg_out(out_found)?;
        let found = mate_in_one(&pos.inner);
        out_move.write(found.map_or(SHOGI_MOVE_NONE, |m| m.to_bits()));
        out_found.write(found.is_some());
        Ok(())
    })
}

/// Searches `pos` for a forced checkmate by the side to move (the attacker
/// plays only checks, the defender every legal evasion) within
/// `limits_or_null` (NULL: the defaults of `shogi_ai_mate_limits_default`),
/// ending early when `stop_or_null` is raised (NULL: never), and writes the
/// report to `*out`; the caller frees it with `shogi_ai_mate_report_free`.
/// A mate found replays to checkmate under the rules of this library.
///
/// Errors (`*out` untouched): `SHOGI_RESULT_AI_MATE_OPPONENT_IN_CHECK` when
/// the side not to move is in check, `SHOGI_RESULT_AI_MATE_NO_DEFENDING_KING`
/// when it has no king, `SHOGI_RESULT_NULL_PARAMETER` if `pos` or `out` is
/// NULL. Thread-safe (`pos` is only read). Blocks until the search ends.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_solve_mate(
    pos: *const shogi_position,
    limits_or_null: *const shogi_ai_mate_limits,
    stop_or_null: *const shogi_ai_stop,
    out: *mut *mut shogi_ai_mate_report,
) -> shogi_result {
    new_handle(out, || {
        let pos = arg_ref(pos)?;
        let limits = arg_opt(limits_or_null).map_or_else(MateLimits::default, |l| l.to_limits());
        let report = solve_mate(&pos.inner, &limits, &stop_arg(stop_or_null))
            .map_err(|e| shogi_result::from(&e))?;
        Ok(shogi_ai_mate_report { inner: report })
    })
}

/// Frees a report handle. NULL is ignored. The handle must not be used
/// afterwards. Infallible.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_mate_report_free(report: *mut shogi_ai_mate_report) {
    ffi_fn!(infallible(), { free_handle(report) })
}

/// Writes the report's answer, why it is undecided, the number of moves of
/// the mate, the positions visited and the time spent to `*out`.
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_mate_report_summary(
    report: *const shogi_ai_mate_report,
    out: *mut shogi_ai_mate_summary,
) -> shogi_result {
    read_value(report, out, |report| {
        Ok(shogi_ai_mate_summary::of(&report.inner))
    })
}

/// Writes the moves of the mate found (the attacker's first, ending in
/// checkmate; none unless the answer is `SHOGI_AI_MATE_FOUND`) into `buf`
/// (capacity `cap` moves) and their number to `*out_len`. Buffer rules as for
/// `shogi_position_legal_moves` (`SHOGI_RESULT_BUFFER_TOO_SMALL` when they do
/// not fit, `buf` may be NULL when `cap` is 0). `SHOGI_RESULT_NULL_PARAMETER`
/// if `report` or `out_len` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_ai_mate_report_moves(
    report: *const shogi_ai_mate_report,
    buf: *mut shogi_move,
    cap: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_moves(report, buf, cap, out_len, |report, out| {
        match &report.inner.answer {
            MateAnswer::Mate(moves) => out.write(moves.iter().copied()),
            _ => out.write(core::iter::empty()),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_limits_read_back_through_the_c_struct() {
        let limits = MateLimits {
            nodes: Some(5),
            time: Some(Duration::from_millis(7)),
            max_plies: Some(9),
            defender_holds_remaining: true,
        };
        assert_eq!(shogi_ai_mate_limits::of(&limits).to_limits(), limits);
        let none = MateLimits {
            nodes: None,
            time: None,
            max_plies: None,
            defender_holds_remaining: false,
        };
        let c = shogi_ai_mate_limits::of(&none);
        assert_eq!((c.nodes, c.time_ms, c.max_plies), (0, 0, 0));
        assert_eq!(c.to_limits(), none);
    }

    #[test]
    fn each_answer_has_its_own_summary() {
        let report = |answer| MateReport {
            answer,
            nodes: 42,
            elapsed: Duration::from_millis(1500),
        };
        let m = shogi::Move::drop(shogi::Role::Gold, shogi::Square::SQ_5B);
        let cases = [
            (
                MateAnswer::Mate(vec![m]),
                SHOGI_AI_MATE_FOUND,
                SHOGI_AI_EXHAUSTED_NONE,
                1,
            ),
            (
                MateAnswer::NoMate,
                SHOGI_AI_MATE_NONE,
                SHOGI_AI_EXHAUSTED_NONE,
                0,
            ),
            (
                MateAnswer::Unknown(Exhausted::Nodes),
                SHOGI_AI_MATE_UNKNOWN,
                SHOGI_AI_EXHAUSTED_NODES,
                0,
            ),
            (
                MateAnswer::Unknown(Exhausted::Time),
                SHOGI_AI_MATE_UNKNOWN,
                SHOGI_AI_EXHAUSTED_TIME,
                0,
            ),
            (
                MateAnswer::Unknown(Exhausted::Stopped),
                SHOGI_AI_MATE_UNKNOWN,
                SHOGI_AI_EXHAUSTED_STOPPED,
                0,
            ),
            (
                MateAnswer::Unknown(Exhausted::Depth),
                SHOGI_AI_MATE_UNKNOWN,
                SHOGI_AI_EXHAUSTED_DEPTH,
                0,
            ),
        ];
        for (answer, kind, exhausted, len) in cases {
            let s = shogi_ai_mate_summary::of(&report(answer));
            assert_eq!((s.answer, s.exhausted, s.moves_len), (kind, exhausted, len));
            assert_eq!((s.nodes, s.elapsed_ms), (42, 1500));
        }
    }
}
