//! The whole of a `shogi_record` read from C: its lines of play as a tree
//! (the main line and the variations, each a `shogi_line_id`), every move
//! with its time and comments, the comments on the start position, how each
//! line ends, the position anywhere in the tree, and the handicap.
//!
//! The record keeps its lines in a flat table, so a client walks the tree
//! with a loop over ids or an explicit stack, never by recursion (see
//! `shogi_line_id`).

use core::ffi::c_char;
use core::time::Duration;

use shogi::record::{
    Comment, CommentKind, GameRecord, Line, LineId, MoveTime, RecordMove, SpecialMove,
};

use crate::boundary::{
    TextOut, arg_moves_out, arg_out, arg_out_opt, arg_ref, arg_text_out, into_handle,
};
use crate::position::shogi_position;
use crate::record::shogi_record;
use crate::result::shogi_result;
use crate::types::shogi_move;

/// A line of play of a record: `SHOGI_LINE_MAIN` (0) for the main line, and
/// 1 to `count - 1` for the variations (`shogi_record_line_count` gives
/// `count`), in the order they were read or added. A variation replaces one
/// move of its parent line (its *branch point*) and starts from the position
/// before that move; variations nest.
///
/// Every line is reached by a plain loop over ids, in table order:
///
/// ```c
/// size_t count = 0;
/// shogi_record_line_count(rec, &count);
/// for (shogi_line_id line = 0; line < count; line++) {
///     shogi_line_info info;
///     shogi_record_line_info(rec, line, &info);
///     for (size_t i = 0; i < info.move_count; i++) {
///         shogi_move m;
///         shogi_record_move_at(rec, line, i, &m);
///     }
/// }
/// ```
///
/// Depth first (each line before the variations of its moves, earliest
/// branch point first, the variations of one move in their order), a walk
/// keeps its own stack of at most `count` ids, however deep the variations
/// nest; pushing the branch points first to last instead visits the latest
/// first, the order of KIF and KI2 files:
///
/// ```c
/// shogi_line_id *stack = malloc(count * sizeof *stack);
/// size_t top = 0;
/// stack[top++] = SHOGI_LINE_MAIN;
/// while (top > 0) {
///     shogi_line_id line = stack[--top];
///     shogi_line_info info;
///     shogi_record_line_info(rec, line, &info);
///     visit(rec, line, &info);   // its moves, times, comments, end
///     // Pushed last move first, last variation first: popped in order.
///     for (size_t i = info.move_count; i-- > 0;) {
///         size_t n = 0;
///         shogi_record_variation_count(rec, line, i, &n);
///         while (n-- > 0) {
///             shogi_record_variation_at(rec, line, i, n, &stack[top++]);
///         }
///     }
/// }
/// free(stack);
/// ```
///
/// Ids stay valid while a record only grows; `shogi_record_remove_variation`
/// and `shogi_record_truncate_line` number the remaining variations again.
#[allow(non_camel_case_types)]
pub type shogi_line_id = u32;
/// The main line.
pub const SHOGI_LINE_MAIN: shogi_line_id = 0;

/// What kind of comment a comment line is.
#[allow(non_camel_case_types)]
pub type shogi_comment_kind = u8;
/// A comment for people (KIF `*`, CSA `'` or `'*`).
pub const SHOGI_COMMENT_NORMAL: shogi_comment_kind = 0;
/// Engine output (KIF `**`, CSA `'**`).
pub const SHOGI_COMMENT_ENGINE: shogi_comment_kind = 1;
/// A bookmark (KIF `&`): a name for the position.
pub const SHOGI_COMMENT_BOOKMARK: shogi_comment_kind = 2;

/// How a record says a line of play ends. `shogi_special_move_name` gives
/// its snake_case name (`"resign"`, `"time_up"`, …), the name the Python
/// binding uses.
#[allow(non_camel_case_types)]
pub type shogi_special_move = u8;
/// The side to move resigns (投了, `%TORYO`).
pub const SHOGI_SPECIAL_RESIGN: shogi_special_move = 0;
/// The game is suspended (中断, `%CHUDAN`).
pub const SHOGI_SPECIAL_SUSPEND: shogi_special_move = 1;
/// Repetition draw (千日手, `%SENNICHITE`).
pub const SHOGI_SPECIAL_REPETITION: shogi_special_move = 2;
/// Impasse (持将棋, `%JISHOGI`).
pub const SHOGI_SPECIAL_IMPASSE: shogi_special_move = 3;
/// The side to move lost on time (切れ負け, `%TIME_UP`).
pub const SHOGI_SPECIAL_TIME_UP: shogi_special_move = 4;
/// The side to move fouled and loses (反則負け, `%ILLEGAL_MOVE`).
pub const SHOGI_SPECIAL_ILLEGAL_LOSS: shogi_special_move = 5;
/// The previous mover fouled: the side to move wins (反則勝ち).
pub const SHOGI_SPECIAL_ILLEGAL_WIN: shogi_special_move = 6;
/// The side to move declares an entering-king win (入玉勝ち, `%KACHI`).
pub const SHOGI_SPECIAL_DECLARE_WIN: shogi_special_move = 7;
/// The side to move declares a draw (`%HIKIWAKE`).
pub const SHOGI_SPECIAL_DECLARE_DRAW: shogi_special_move = 8;
/// The side to move is checkmated (詰み, `%TSUMI`).
pub const SHOGI_SPECIAL_CHECKMATE: shogi_special_move = 9;
/// No mate (不詰, `%FUZUMI`; tsume problems).
pub const SHOGI_SPECIAL_NO_MATE: shogi_special_move = 10;
/// The move limit was reached (`%MAX_MOVES`).
pub const SHOGI_SPECIAL_MAX_MOVES: shogi_special_move = 11;
/// Sealed move: the game is adjourned (封じ手).
pub const SHOGI_SPECIAL_SEALED: shogi_special_move = 12;
/// Win by default (不戦勝).
pub const SHOGI_SPECIAL_FORFEIT_WIN: shogi_special_move = 13;
/// Loss by default (不戦敗).
pub const SHOGI_SPECIAL_FORFEIT_LOSS: shogi_special_move = 14;
/// A take-back (`%MATTA`).
pub const SHOGI_SPECIAL_TAKE_BACK: shogi_special_move = 15;
/// An error (`%ERROR`).
pub const SHOGI_SPECIAL_ERROR: shogi_special_move = 16;
/// No stated end.
pub const SHOGI_SPECIAL_NONE: shogi_special_move = 255;

/// The time a move (or the end of a line) took, in milliseconds. Records give
/// whole seconds; a time is at most 100,000,000 seconds.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct shogi_record_time {
    /// Whether the record gives a time; the other fields are 0 when it does
    /// not.
    pub has_time: bool,
    /// The time spent on the move.
    pub used_ms: u64,
    /// Whether the record gives the mover's running total.
    pub has_total: bool,
    /// The mover's total time used so far, this move included.
    pub total_ms: u64,
}

/// Where a line of play sits in its record's tree.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct shogi_line_info {
    /// The line it branches from (`SHOGI_LINE_MAIN` for the main line itself).
    pub parent: shogi_line_id,
    /// The 0-based index in `parent` of the move it replaces (0 for the main
    /// line).
    pub branch_index: usize,
    /// How deep it nests: 0 for the main line, 1 for its variations, ….
    pub depth: usize,
    /// The number of its moves.
    pub move_count: usize,
    /// The number of its first move as KIF numbers it: the start position's
    /// move number (at least 1) for the main line, the number of the move it
    /// replaces for a variation. Move `i` of the line is number
    /// `first_ply + i`.
    pub first_ply: u32,
}

/// How a line of play ends, as its record states it.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct shogi_line_end {
    /// What happened, or `SHOGI_SPECIAL_NONE` when the record states no end.
    pub special: shogi_special_move,
    /// The time taken before it, when the record gives one.
    pub time: shogi_record_time,
}

impl shogi_record_time {
    /// The C form of an optional time.
    pub(crate) fn of(time: Option<MoveTime>) -> shogi_record_time {
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        shogi_record_time {
            has_time: time.is_some(),
            used_ms: time.map_or(0, |t| ms(t.used)),
            has_total: time.is_some_and(|t| t.total.is_some()),
            total_ms: time.and_then(|t| t.total).map_or(0, ms),
        }
    }

    /// The time this argument gives; `SHOGI_RESULT_RECORD_NUMBER_TOO_LARGE`
    /// beyond what a record holds.
    pub(crate) fn to_time(self) -> Result<Option<MoveTime>, shogi_result> {
        if !self.has_time {
            return Ok(None);
        }
        let total = self.has_total.then(|| Duration::from_millis(self.total_ms));
        MoveTime::checked(Duration::from_millis(self.used_ms), total)
            .map(Some)
            .ok_or(shogi_result::RecordNumberTooLarge)
    }
}

/// The C value of a special move: its place in [`SpecialMove::ALL`].
pub(crate) fn special_out(special: Option<SpecialMove>) -> shogi_special_move {
    special
        .and_then(|s| SpecialMove::ALL.iter().position(|&a| a == s))
        .and_then(|i| u8::try_from(i).ok())
        .unwrap_or(SHOGI_SPECIAL_NONE)
}

/// A special move argument; `None` for `SHOGI_SPECIAL_NONE`.
pub(crate) fn special_arg(
    special: shogi_special_move,
) -> Result<Option<SpecialMove>, shogi_result> {
    if special == SHOGI_SPECIAL_NONE {
        return Ok(None);
    }
    SpecialMove::ALL
        .get(usize::from(special))
        .copied()
        .map(Some)
        .ok_or(shogi_result::InvalidArgument)
}

/// The C value of a comment kind: its place in [`CommentKind::ALL`].
fn kind_out(kind: CommentKind) -> shogi_comment_kind {
    CommentKind::ALL
        .iter()
        .position(|&k| k == kind)
        .and_then(|i| u8::try_from(i).ok())
        .unwrap_or(SHOGI_COMMENT_NORMAL)
}

/// A comment kind argument.
pub(crate) fn kind_arg(kind: shogi_comment_kind) -> Result<CommentKind, shogi_result> {
    CommentKind::ALL
        .get(usize::from(kind))
        .copied()
        .ok_or(shogi_result::InvalidArgument)
}

/// A line id argument that the record has.
pub(crate) fn line_arg(record: &GameRecord, line: shogi_line_id) -> Result<LineId, shogi_result> {
    LineId::from_index(line as usize)
        .filter(|&id| record.line(id).is_some())
        .ok_or(shogi_result::NotFound)
}

/// The line `line` of `record`.
fn line_of(record: &GameRecord, line: shogi_line_id) -> Result<&Line, shogi_result> {
    record
        .line(line_arg(record, line)?)
        .ok_or(shogi_result::NotFound)
}

/// Move `index` of line `line`; `SHOGI_RESULT_NOT_FOUND` for a line the
/// record does not have or an index not below its move count.
fn move_of(
    record: &GameRecord,
    line: shogi_line_id,
    index: usize,
) -> Result<&RecordMove, shogi_result> {
    line_of(record, line)?
        .moves
        .get(index)
        .ok_or(shogi_result::NotFound)
}

/// The C value of a line id.
pub(crate) fn line_out(id: LineId) -> shogi_line_id {
    u32::try_from(id.index()).unwrap_or(u32::MAX)
}

/// Writes comment `i` of `comments`: its text into `out`, then its kind to
/// `*kind_or_null`.
fn comment_out(
    comments: &[Comment],
    i: usize,
    kind_or_null: *mut shogi_comment_kind,
    out: TextOut,
) -> Result<(), shogi_result> {
    let comment = comments.get(i).ok_or(shogi_result::NotFound)?;
    out.write(&comment.text)?;
    if let Some(kind) = arg_out_opt(kind_or_null) {
        kind.write(kind_out(comment.kind));
    }
    Ok(())
}

/// Writes the snake_case name of `special` (`"resign"`, `"time_up"`,
/// `"illegal_win"`, …) into `buf` (buffer convention as for
/// `shogi_position_to_sfen`). `SHOGI_RESULT_INVALID_ARGUMENT` for a value that
/// is not a special move (`SHOGI_SPECIAL_NONE` included). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_special_move_name(
    special: shogi_special_move,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let out = arg_text_out(buf, buf_len, out_len)?;
        let special = special_arg(special)?.ok_or(shogi_result::InvalidArgument)?;
        out.write(special.as_str())
    })
}

/// Writes the number of lines of play to `*out`: the main line and every
/// variation, nested ones included. Line ids run from `SHOGI_LINE_MAIN` (0)
/// to that number minus 1. `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_line_count(
    rec: *const shogi_record,
    out: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        arg_out(out)?.write(rec.inner.variation_count() + 1);
        Ok(())
    })
}

/// Writes where line `line` sits in the tree (parent, branch point, depth,
/// number of moves, number of its first move) to `*out`.
/// `SHOGI_RESULT_NOT_FOUND` for a line the record does not have,
/// `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_line_info(
    rec: *const shogi_record,
    line: shogi_line_id,
    out: *mut shogi_line_info,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_out(out)?;
        let record = &rec.inner;
        let id = line_arg(record, line)?;
        let (parent, branch_index) = record.branch_point(id).unwrap_or((LineId::MAIN, 0));
        out.write(shogi_line_info {
            parent: line_out(parent),
            branch_index,
            depth: record.depth(id),
            move_count: line_of(record, line)?.moves.len(),
            first_ply: record.first_ply(id).ok_or(shogi_result::NotFound)?,
        });
        Ok(())
    })
}

/// Writes the number of variations that replace move `index` (0-based) of
/// line `line` to `*out` (0 when it has none). `SHOGI_RESULT_NOT_FOUND` for a
/// line the record does not have or an index not below its move count,
/// `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_variation_count(
    rec: *const shogi_record,
    line: shogi_line_id,
    index: usize,
    out: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_out(out)?;
        let id = move_arg_of(&rec.inner, line, index)?;
        out.write(rec.inner.variations(id, index).count());
        Ok(())
    })
}

/// Writes the id of variation number `i` (0-based, in the order they were
/// read or added) of those replacing move `index` of line `line` to `*out`.
/// `SHOGI_RESULT_NOT_FOUND` when `i` is not below
/// `shogi_record_variation_count`, for an unknown line or a move index past
/// its end; `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_variation_at(
    rec: *const shogi_record,
    line: shogi_line_id,
    index: usize,
    i: usize,
    out: *mut shogi_line_id,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_out(out)?;
        let id = move_arg_of(&rec.inner, line, index)?;
        let variation = rec.inner.variations(id, index).nth(i);
        out.write(line_out(variation.ok_or(shogi_result::NotFound)?));
        Ok(())
    })
}

/// Line `line`, which must have a move `index`.
pub(crate) fn move_arg_of(
    record: &GameRecord,
    line: shogi_line_id,
    index: usize,
) -> Result<LineId, shogi_result> {
    let id = line_arg(record, line)?;
    if index >= line_of(record, line)?.moves.len() {
        return Err(shogi_result::NotFound);
    }
    Ok(id)
}

/// Writes the moves of line `line` into `buf` (capacity `cap`) and their
/// number to `*out_len`; buffer convention as for `shogi_game_moves`.
/// `SHOGI_RESULT_NOT_FOUND` for a line the record does not have. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_line_moves(
    rec: *const shogi_record,
    line: shogi_line_id,
    buf: *mut shogi_move,
    cap: usize,
    out_len: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_moves_out(buf, cap, out_len)?;
        out.write(line_of(&rec.inner, line)?.moves.iter().map(|m| m.mv))
    })
}

/// Writes move `index` (0-based) of line `line` to `*out`.
/// `SHOGI_RESULT_NOT_FOUND` for a line the record does not have or an index
/// not below its move count, `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_move_at(
    rec: *const shogi_record,
    line: shogi_line_id,
    index: usize,
    out: *mut shogi_move,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_out(out)?;
        out.write(move_of(&rec.inner, line, index)?.mv.to_bits());
        Ok(())
    })
}

/// Writes the time move `index` of line `line` took to `*out` (`has_time`
/// false when the record gives none). Errors as for `shogi_record_move_at`.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_move_time(
    rec: *const shogi_record,
    line: shogi_line_id,
    index: usize,
    out: *mut shogi_record_time,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_out(out)?;
        out.write(shogi_record_time::of(
            move_of(&rec.inner, line, index)?.time,
        ));
        Ok(())
    })
}

/// Writes the number of comments after move `index` of line `line` to
/// `*out`. Errors as for `shogi_record_move_at`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_move_comment_count(
    rec: *const shogi_record,
    line: shogi_line_id,
    index: usize,
    out: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_out(out)?;
        out.write(move_of(&rec.inner, line, index)?.comments.len());
        Ok(())
    })
}

/// Writes comment `i` (0-based, in file order) after move `index` of line
/// `line`: its text, without its marker, into `buf` (buffer convention as for
/// `shogi_position_to_sfen`) and, on success, its kind to `*kind_or_null`
/// unless that is NULL. `SHOGI_RESULT_NOT_FOUND` for an unknown line, move or
/// comment, `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_move_comment(
    rec: *const shogi_record,
    line: shogi_line_id,
    index: usize,
    i: usize,
    kind_or_null: *mut shogi_comment_kind,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_text_out(buf, buf_len, out_len)?;
        let comments = &move_of(&rec.inner, line, index)?.comments;
        comment_out(comments, i, kind_or_null, out)
    })
}

/// Writes the number of comments on the start position (before the first
/// move of the main line) to `*out`. `SHOGI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_start_comment_count(
    rec: *const shogi_record,
    out: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        arg_out(out)?.write(rec.inner.start_comments.len());
        Ok(())
    })
}

/// Writes comment `i` on the start position, as
/// `shogi_record_move_comment`. `SHOGI_RESULT_NOT_FOUND` when `i` is not
/// below `shogi_record_start_comment_count`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_start_comment(
    rec: *const shogi_record,
    i: usize,
    kind_or_null: *mut shogi_comment_kind,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_text_out(buf, buf_len, out_len)?;
        comment_out(&rec.inner.start_comments, i, kind_or_null, out)
    })
}

/// Writes how line `line` ends to `*out`: `special` is `SHOGI_SPECIAL_NONE`
/// (and `time.has_time` false) when the record states no end.
/// `SHOGI_RESULT_NOT_FOUND` for a line the record does not have,
/// `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_line_end(
    rec: *const shogi_record,
    line: shogi_line_id,
    out: *mut shogi_line_end,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_out(out)?;
        let end = line_of(&rec.inner, line)?.end.as_ref();
        out.write(shogi_line_end {
            special: special_out(end.map(|e| e.special)),
            time: shogi_record_time::of(end.and_then(|e| e.time)),
        });
        Ok(())
    })
}

/// Writes the number of comments after the end of line `line` to `*out` (0
/// when the line states no end). `SHOGI_RESULT_NOT_FOUND` for a line the
/// record does not have, `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_end_comment_count(
    rec: *const shogi_record,
    line: shogi_line_id,
    out: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_out(out)?;
        let end = line_of(&rec.inner, line)?.end.as_ref();
        out.write(end.map_or(0, |e| e.comments.len()));
        Ok(())
    })
}

/// Writes comment `i` after the end of line `line`, as
/// `shogi_record_move_comment`. `SHOGI_RESULT_NOT_FOUND` for an unknown
/// line, a line without an end, or `i` not below
/// `shogi_record_end_comment_count`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_end_comment(
    rec: *const shogi_record,
    line: shogi_line_id,
    i: usize,
    kind_or_null: *mut shogi_comment_kind,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_text_out(buf, buf_len, out_len)?;
        let end = line_of(&rec.inner, line)?.end.as_ref();
        let comments = end.ok_or(shogi_result::NotFound)?;
        comment_out(&comments.comments, i, kind_or_null, out)
    })
}

/// Copies the position before move `index` of line `line` into a new handle
/// written to `*out` (`index` may be the line's move count, for the position
/// after its last move); the caller frees it with `shogi_position_free`. The
/// handle's history starts there: `shogi_position_undo` has nothing to undo.
/// Costs a replay of the moves from the start to there.
/// `SHOGI_RESULT_NOT_FOUND` for a line the record does not have or an index
/// past its move count, `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_position_at(
    rec: *const shogi_record,
    line: shogi_line_id,
    index: usize,
    out: *mut *mut shogi_position,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_out(out)?;
        let id = line_arg(&rec.inner, line)?;
        let pos = rec
            .inner
            .position_before(id, index)
            .ok_or(shogi_result::NotFound)?;
        out.write(into_handle(shogi_position::new(pos)));
        Ok(())
    })
}

/// Writes the KIF name of the start position's handicap (`平手`, `香落ち`,
/// `角落ち`, …) into `buf` (buffer convention as for
/// `shogi_position_to_sfen`). `SHOGI_RESULT_NOT_FOUND` when the start is not
/// a standard handicap position, `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_handicap(
    rec: *const shogi_record,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        let out = arg_text_out(buf, buf_len, out_len)?;
        let handicap = rec.inner.handicap.ok_or(shogi_result::NotFound)?;
        out.write(handicap.kif_name())
    })
}

/// Writes to `*out` whether `a` and `b` hold the same record: the same
/// headers in the same order, start position, start comments, and lines
/// with the same moves, times, comments and ends, the same variations
/// branching at the same moves in the same order (line ids may differ).
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_equal(
    a: *const shogi_record,
    b: *const shogi_record,
    out: *mut bool,
) -> shogi_result {
    ffi_fn!({
        let a = arg_ref(a)?;
        let b = arg_ref(b)?;
        arg_out(out)?.write(a.inner == b.inner);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{
        SHOGI_RECORD_FORMAT_AUTO, shogi_record_free, shogi_record_moves, shogi_record_read,
    };
    use crate::testing::{moves, out, text};

    const HENKA: &[u8] = include_bytes!("../../tests/data/corpus/kif/kifu-for-js/henka.kif");

    fn read(bytes: &[u8]) -> *mut shogi_record {
        out(|o| {
            shogi_record_read(
                bytes.as_ptr(),
                bytes.len(),
                SHOGI_RECORD_FORMAT_AUTO,
                o,
                core::ptr::null_mut(),
            )
        })
    }

    #[test]
    fn special_moves_and_comment_kinds_are_numbered_as_in_the_core() {
        assert_eq!(SpecialMove::ALL.len(), 17);
        let named = [
            SHOGI_SPECIAL_RESIGN,
            SHOGI_SPECIAL_SUSPEND,
            SHOGI_SPECIAL_REPETITION,
            SHOGI_SPECIAL_IMPASSE,
            SHOGI_SPECIAL_TIME_UP,
            SHOGI_SPECIAL_ILLEGAL_LOSS,
            SHOGI_SPECIAL_ILLEGAL_WIN,
            SHOGI_SPECIAL_DECLARE_WIN,
            SHOGI_SPECIAL_DECLARE_DRAW,
            SHOGI_SPECIAL_CHECKMATE,
            SHOGI_SPECIAL_NO_MATE,
            SHOGI_SPECIAL_MAX_MOVES,
            SHOGI_SPECIAL_SEALED,
            SHOGI_SPECIAL_FORFEIT_WIN,
            SHOGI_SPECIAL_FORFEIT_LOSS,
            SHOGI_SPECIAL_TAKE_BACK,
            SHOGI_SPECIAL_ERROR,
        ];
        for (value, special) in named.into_iter().zip(SpecialMove::ALL) {
            assert_eq!(special_out(Some(special)), value);
            assert_eq!(special_arg(value), Ok(Some(special)));
            let name = text(|b, l, n| shogi_special_move_name(value, b, l, n));
            assert_eq!(name, special.as_str());
        }
        assert_eq!(special_out(None), SHOGI_SPECIAL_NONE);
        assert_eq!(special_arg(SHOGI_SPECIAL_NONE), Ok(None));
        assert_eq!(special_arg(17), Err(shogi_result::InvalidArgument));
        let mut len = 0;
        assert_eq!(
            shogi_special_move_name(SHOGI_SPECIAL_NONE, core::ptr::null_mut(), 0, &mut len),
            shogi_result::InvalidArgument
        );
        let kinds = [
            SHOGI_COMMENT_NORMAL,
            SHOGI_COMMENT_ENGINE,
            SHOGI_COMMENT_BOOKMARK,
        ];
        for (value, kind) in kinds.into_iter().zip(CommentKind::ALL) {
            assert_eq!(kind_out(kind), value);
            assert_eq!(kind_arg(value), Ok(kind));
        }
        assert_eq!(kind_arg(3), Err(shogi_result::InvalidArgument));
    }

    #[test]
    fn times_are_milliseconds_within_the_largest_a_record_holds() {
        let t = MoveTime::checked(Duration::from_secs(2), Some(Duration::from_secs(7))).unwrap();
        let c = shogi_record_time::of(Some(t));
        assert_eq!(
            (c.has_time, c.used_ms, c.has_total, c.total_ms),
            (true, 2000, true, 7000)
        );
        assert_eq!(c.to_time(), Ok(Some(t)));
        let none = shogi_record_time::of(None);
        assert!(!none.has_time && none.used_ms == 0 && !none.has_total);
        assert_eq!(none.to_time(), Ok(None));
        let huge = shogi_record_time {
            has_time: true,
            used_ms: 100_000_000_001_u64 * 1000,
            has_total: false,
            total_ms: 0,
        };
        assert_eq!(huge.to_time(), Err(shogi_result::RecordNumberTooLarge));
    }

    #[test]
    fn the_tree_of_a_kif_record_reads_line_by_line() {
        let rec = read(HENKA);
        assert_eq!(out(|o| shogi_record_line_count(rec, o)), 6);
        let main = out(|o| shogi_record_line_info(rec, SHOGI_LINE_MAIN, o));
        assert_eq!((main.depth, main.move_count, main.first_ply), (0, 12, 1));
        let all = moves(|b, c, n| shogi_record_moves(rec, b, c, n));
        let line = moves(|b, c, n| shogi_record_line_moves(rec, SHOGI_LINE_MAIN, b, c, n));
        assert_eq!(all, line);
        // Two variations of move 3, in file order.
        assert_eq!(out(|o| shogi_record_variation_count(rec, 0, 2, o)), 2);
        let second = out(|o| shogi_record_variation_at(rec, 0, 2, 1, o));
        let info = out(|o| shogi_record_line_info(rec, second, o));
        assert_eq!((info.parent, info.branch_index, info.depth), (0, 2, 1));
        assert_eq!((info.move_count, info.first_ply), (3, 3));
        let m = out(|o| shogi_record_move_at(rec, second, 0, o));
        assert_eq!(
            text(|b, l, n| crate::types::shogi_move_to_usi(m, b, l, n)),
            "2h6h"
        );
        let mut id = 0;
        assert_eq!(
            shogi_record_variation_at(rec, 0, 2, 2, &mut id),
            shogi_result::NotFound
        );
        assert_eq!(
            shogi_record_variation_count(rec, 0, 12, &mut 0),
            shogi_result::NotFound
        );
        // Times, comments, the bookmark on the start and the end.
        let time = out(|o| shogi_record_move_time(rec, 0, 0, o));
        assert_eq!((time.used_ms, time.total_ms), (2000, 2000));
        assert_eq!(out(|o| shogi_record_move_comment_count(rec, 0, 0, o)), 1);
        let mut kind = 9;
        let k: *mut shogi_comment_kind = &mut kind;
        let comment = text(|b, l, n| shogi_record_move_comment(rec, 0, 0, 0, k, b, l, n));
        assert_eq!(
            (comment.as_str(), kind),
            ("初手のコメント", SHOGI_COMMENT_NORMAL)
        );
        assert_eq!(out(|o| shogi_record_start_comment_count(rec, o)), 11);
        let bookmark = text(|b, l, n| shogi_record_start_comment(rec, 10, k, b, l, n));
        assert_eq!(
            (bookmark.as_str(), kind),
            ("読み込み時表示", SHOGI_COMMENT_BOOKMARK)
        );
        let end = out(|o| shogi_record_line_end(rec, 0, o));
        assert_eq!(end.special, SHOGI_SPECIAL_SUSPEND);
        assert_eq!((end.time.used_ms, end.time.total_ms), (0, 7000));
        assert_eq!(out(|o| shogi_record_end_comment_count(rec, 0, o)), 0);
        let mut len = 0;
        assert_eq!(
            shogi_record_end_comment(rec, 0, 0, k, core::ptr::null_mut(), 0, &mut len),
            shogi_result::NotFound
        );
        assert_eq!(text(|b, l, n| shogi_record_handicap(rec, b, l, n)), "平手");
        // Unknown lines.
        let mut info = main;
        assert_eq!(
            shogi_record_line_info(rec, 6, &mut info),
            shogi_result::NotFound
        );
        assert_eq!(
            shogi_record_line_info(rec, u32::MAX, &mut info),
            shogi_result::NotFound
        );
        shogi_record_free(rec);
    }

    #[test]
    fn the_position_anywhere_in_the_tree_is_the_walk_s() {
        let rec = read(HENKA);
        // SAFETY: `rec` is a live handle this test made.
        let record = unsafe { &(*rec).inner };
        for visit in record.walk(shogi::record::WalkOrder::EarliestFirst) {
            let line = line_out(visit.id);
            let pos = out(|o| shogi_record_position_at(rec, line, 0, o));
            // SAFETY: `pos` is a live handle just made.
            assert_eq!(unsafe { &(*pos).inner }, &visit.position);
            crate::position::shogi_position_free(pos);
            let n = visit.line.moves.len();
            let after = out(|o| shogi_record_position_at(rec, line, n, o));
            crate::position::shogi_position_free(after);
            let mut p = core::ptr::null_mut();
            assert_eq!(
                shogi_record_position_at(rec, line, n + 1, &mut p),
                shogi_result::NotFound
            );
        }
        shogi_record_free(rec);
    }

    #[test]
    fn equal_records_may_number_their_lines_differently() {
        let a = read(HENKA);
        let b = read(HENKA);
        assert!(out(|o| shogi_record_equal(a, b, o)));
        let c = read(b"position startpos moves 7g7f");
        assert!(!out(|o| shogi_record_equal(a, c, o)));
        for r in [a, b, c] {
            shogi_record_free(r);
        }
    }
}
