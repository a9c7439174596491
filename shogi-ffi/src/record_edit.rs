//! Building and changing a `shogi_record` from C: a new record from a start
//! position, headers, moves pushed to any line (checked legal by the core),
//! times, comments, line ends, and variations added and removed.
//!
//! Every function here takes `shogi_record *` and needs exclusive access to
//! it; on any error the record is unchanged.

use core::ffi::c_char;

use shogi::record::{Comment, EditError, GameRecord, Header, LineEnd, MAX_MOVE_NUMBER, RecordMove};

use crate::boundary::{arg_mut, arg_out, arg_ref, arg_str, into_handle};
use crate::position::shogi_position;
use crate::record::shogi_record;
use crate::record_tree::{
    kind_arg, line_arg, line_out, move_arg_of, shogi_comment_kind, shogi_line_end, shogi_line_id,
    shogi_record_time, special_arg,
};
use crate::result::shogi_result;
use crate::types::{SHOGI_MOVE_NONE, move_arg, shogi_move};

/// The code of a refused edit.
pub(crate) fn edit_result(e: EditError) -> shogi_result {
    match e {
        EditError::NoLine(_) | EditError::NoMove { .. } => shogi_result::NotFound,
        EditError::LineEnded => shogi_result::RecordMoveAfterEnd,
        EditError::Illegal(e) => shogi_result::from(e),
        EditError::NumberTooLarge { .. } => shogi_result::RecordNumberTooLarge,
        _ => shogi_result::RecordOther,
    }
}

/// A comment argument: a kind and one line of UTF-8 text.
fn comment_arg(
    kind: shogi_comment_kind,
    text: *const c_char,
    text_len: usize,
) -> Result<Comment, shogi_result> {
    let text = arg_str(text, text_len)?;
    let kind = kind_arg(kind)?;
    Comment::new(kind, text).ok_or(shogi_result::InvalidArgument)
}

/// A header argument.
fn header_arg(
    name: *const c_char,
    name_len: usize,
    value: *const c_char,
    value_len: usize,
) -> Result<Header, shogi_result> {
    let name = arg_str(name, name_len)?;
    let value = arg_str(value, value_len)?;
    Header::new(name, value).ok_or(shogi_result::InvalidArgument)
}

/// Makes an empty record (no headers, comments or moves) from a copy of
/// `start` and writes the new handle to `*out`; the caller frees it with
/// `shogi_record_free`. The handicap is the standard one `start` is, if any
/// (`shogi_record_handicap`). `SHOGI_RESULT_RECORD_NUMBER_TOO_LARGE` when the
/// start's move number is above 100,000,000 (no record file holds it),
/// `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_new(
    start: *const shogi_position,
    out: *mut *mut shogi_record,
) -> shogi_result {
    ffi_fn!({
        let start = arg_ref(start)?;
        let out = arg_out(out)?;
        if start.inner.move_number() > MAX_MOVE_NUMBER {
            return Err(shogi_result::RecordNumberTooLarge);
        }
        out.write(into_handle(shogi_record {
            inner: GameRecord::new(start.inner.clone()),
        }));
        Ok(())
    })
}

/// Sets header `name` (the key as a file writes it: `先手`, `棋戦`,
/// `$EVENT`, `N+`, …) to `value`: the first header of that name takes the
/// value and keeps its place (later ones of that name are removed), or a new
/// header is appended. The recognised key follows from the name as the
/// readers give it. `SHOGI_RESULT_INVALID_ARGUMENT` for a name no record file
/// could hold (empty, or with a line break or a colon, `:` or `：`);
/// `SHOGI_RESULT_INVALID_UTF8`, `SHOGI_RESULT_NULL_PARAMETER`. A line break
/// in the value is written as a space. Needs exclusive access to `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_set_header(
    rec: *mut shogi_record,
    name: *const c_char,
    name_len: usize,
    value: *const c_char,
    value_len: usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_mut(rec)?;
        let header = header_arg(name, name_len, value, value_len)?;
        rec.inner.set_header(header);
        Ok(())
    })
}

/// Appends header `name` with `value` after the others, even when a header
/// of that name exists (files may repeat a key). Errors as for
/// `shogi_record_set_header`. Needs exclusive access to `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_add_header(
    rec: *mut shogi_record,
    name: *const c_char,
    name_len: usize,
    value: *const c_char,
    value_len: usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_mut(rec)?;
        let header = header_arg(name, name_len, value, value_len)?;
        rec.inner.headers.push(header);
        Ok(())
    })
}

/// Removes every header named `name`; the others keep their order.
/// `SHOGI_RESULT_NOT_FOUND` when there is none, `SHOGI_RESULT_INVALID_UTF8`,
/// `SHOGI_RESULT_NULL_PARAMETER`. Needs exclusive access to `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_remove_header(
    rec: *mut shogi_record,
    name: *const c_char,
    name_len: usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_mut(rec)?;
        let name = arg_str(name, name_len)?;
        match rec.inner.remove_header(name) {
            0 => Err(shogi_result::NotFound),
            _ => Ok(()),
        }
    })
}

/// Appends `m` to line `line`, after checking that it is legal at the end of
/// the line. Costs a replay of the moves from the start to there, so building
/// a line move by move grows with the square of its length (300 moves take
/// about a millisecond). Errors (the record
/// unchanged): `SHOGI_RESULT_ILLEGAL_*` with the reason,
/// `SHOGI_RESULT_RECORD_MOVE_AFTER_END` when the line states its end (remove
/// it first with `shogi_record_set_line_end`),
/// `SHOGI_RESULT_RECORD_NUMBER_TOO_LARGE` when the move would be numbered
/// above 100,000,000, `SHOGI_RESULT_NOT_FOUND` for a line the record does not
/// have, `SHOGI_RESULT_INVALID_ARGUMENT` for invalid move bits,
/// `SHOGI_RESULT_NULL_PARAMETER`. Needs exclusive access to `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_push_move(
    rec: *mut shogi_record,
    line: shogi_line_id,
    m: shogi_move,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_mut(rec)?;
        let m = move_arg(m)?;
        let id = line_arg(&rec.inner, line)?;
        rec.inner.push(id, RecordMove::new(m)).map_err(edit_result)
    })
}

/// Keeps the first `len` moves of line `line`: the moves after them, the
/// variations replacing any of those moves (with the variations below them)
/// and, when a move is removed, the line's end and its comments are removed.
/// The remaining variations are numbered again, as
/// `shogi_record_remove_variation` numbers them. Nothing changes when `len`
/// is at least the move count. `SHOGI_RESULT_NOT_FOUND` for a line the record
/// does not have, `SHOGI_RESULT_NULL_PARAMETER`. Needs exclusive access to
/// `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_truncate_line(
    rec: *mut shogi_record,
    line: shogi_line_id,
    len: usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_mut(rec)?;
        let id = line_arg(&rec.inner, line)?;
        if rec.inner.truncate(id, len) {
            Ok(())
        } else {
            Err(shogi_result::NotFound)
        }
    })
}

/// Sets the time move `index` of line `line` took to `*time` (`has_time`
/// false removes it; `total_ms` is ignored unless `has_total`). Times are
/// kept in milliseconds; the record formats write whole seconds.
/// `SHOGI_RESULT_RECORD_NUMBER_TOO_LARGE` for a time above 100,000,000
/// seconds, `SHOGI_RESULT_NOT_FOUND` for an unknown line or a move index not
/// below its move count, `SHOGI_RESULT_NULL_PARAMETER`. Needs exclusive
/// access to `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_set_move_time(
    rec: *mut shogi_record,
    line: shogi_line_id,
    index: usize,
    time: *const shogi_record_time,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_mut(rec)?;
        let time = arg_ref(time)?.to_time()?;
        let m = move_mut(&mut rec.inner, line, index)?;
        m.time = time;
        Ok(())
    })
}

/// Move `index` of line `line`, to change.
fn move_mut(
    record: &mut GameRecord,
    line: shogi_line_id,
    index: usize,
) -> Result<&mut RecordMove, shogi_result> {
    let id = move_arg_of(record, line, index)?;
    record
        .line_mut(id)
        .and_then(|l| l.moves.get_mut(index))
        .ok_or(shogi_result::NotFound)
}

/// The end of line `line`, to change; `SHOGI_RESULT_NOT_FOUND` when it has
/// none.
fn end_mut(record: &mut GameRecord, line: shogi_line_id) -> Result<&mut LineEnd, shogi_result> {
    let id = line_arg(record, line)?;
    record
        .line_mut(id)
        .and_then(|l| l.end.as_mut())
        .ok_or(shogi_result::NotFound)
}

/// Appends a comment of `kind` with `text` (one line: UTF-8 without line
/// breaks; a marker such as `*` is not part of it) after move `index` of line
/// `line`. `SHOGI_RESULT_INVALID_ARGUMENT` for text with a line break (add
/// one comment per line) or an unknown kind, `SHOGI_RESULT_NOT_FOUND` for an
/// unknown line or a move index not below its move count,
/// `SHOGI_RESULT_INVALID_UTF8`, `SHOGI_RESULT_NULL_PARAMETER`. Needs
/// exclusive access to `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_add_move_comment(
    rec: *mut shogi_record,
    line: shogi_line_id,
    index: usize,
    kind: shogi_comment_kind,
    text: *const c_char,
    text_len: usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_mut(rec)?;
        let comment = comment_arg(kind, text, text_len)?;
        move_mut(&mut rec.inner, line, index)?
            .comments
            .push(comment);
        Ok(())
    })
}

/// Removes every comment after move `index` of line `line`.
/// `SHOGI_RESULT_NOT_FOUND` for an unknown line or a move index not below its
/// move count, `SHOGI_RESULT_NULL_PARAMETER`. Needs exclusive access to `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_clear_move_comments(
    rec: *mut shogi_record,
    line: shogi_line_id,
    index: usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_mut(rec)?;
        move_mut(&mut rec.inner, line, index)?.comments.clear();
        Ok(())
    })
}

/// Appends a comment on the start position (before the first move), as
/// `shogi_record_add_move_comment`. Needs exclusive access to `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_add_start_comment(
    rec: *mut shogi_record,
    kind: shogi_comment_kind,
    text: *const c_char,
    text_len: usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_mut(rec)?;
        let comment = comment_arg(kind, text, text_len)?;
        rec.inner.start_comments.push(comment);
        Ok(())
    })
}

/// Removes every comment on the start position. `SHOGI_RESULT_NULL_PARAMETER`
/// if `rec` is NULL. Needs exclusive access to `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_clear_start_comments(rec: *mut shogi_record) -> shogi_result {
    ffi_fn!({
        arg_mut(rec)?.inner.start_comments.clear();
        Ok(())
    })
}

/// Sets how line `line` ends to `*end`: its special move and time replace
/// those stated (the comments after the end are kept);
/// `SHOGI_SPECIAL_NONE` removes the end with its comments. The end is what
/// the record states and is not checked against the position (a stated
/// checkmate need not be one). `SHOGI_RESULT_INVALID_ARGUMENT` for an unknown
/// special move, `SHOGI_RESULT_RECORD_NUMBER_TOO_LARGE` for a time above
/// 100,000,000 seconds, `SHOGI_RESULT_NOT_FOUND` for a line the record does
/// not have, `SHOGI_RESULT_NULL_PARAMETER`. Needs exclusive access to `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_set_line_end(
    rec: *mut shogi_record,
    line: shogi_line_id,
    end: *const shogi_line_end,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_mut(rec)?;
        let end = arg_ref(end)?;
        let special = special_arg(end.special)?;
        let time = end.time.to_time()?;
        let id = line_arg(&rec.inner, line)?;
        let line = rec.inner.line_mut(id).ok_or(shogi_result::NotFound)?;
        line.end = special.map(|special| {
            let mut end = LineEnd::new(special);
            end.time = time;
            end.comments = line.end.take().map(|e| e.comments).unwrap_or_default();
            end
        });
        Ok(())
    })
}

/// Appends a comment after the end of line `line`, as
/// `shogi_record_add_move_comment`. `SHOGI_RESULT_NOT_FOUND` for an unknown
/// line or one without an end (set it first with
/// `shogi_record_set_line_end`). Needs exclusive access to `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_add_end_comment(
    rec: *mut shogi_record,
    line: shogi_line_id,
    kind: shogi_comment_kind,
    text: *const c_char,
    text_len: usize,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_mut(rec)?;
        let comment = comment_arg(kind, text, text_len)?;
        end_mut(&mut rec.inner, line)?.comments.push(comment);
        Ok(())
    })
}

/// Removes every comment after the end of line `line`.
/// `SHOGI_RESULT_NOT_FOUND` for an unknown line or one without an end,
/// `SHOGI_RESULT_NULL_PARAMETER`. Needs exclusive access to `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_clear_end_comments(
    rec: *mut shogi_record,
    line: shogi_line_id,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_mut(rec)?;
        end_mut(&mut rec.inner, line)?.comments.clear();
        Ok(())
    })
}

/// Adds a variation replacing move `index` of line `line` (after the
/// variations that move has), with `first` as its first move, checked legal
/// in the position before move `index`; writes the new line's id (the line
/// count before the call) to `*out`. `first` may be `SHOGI_MOVE_NONE` for a
/// variation without moves (one that only states an end). Errors (the record
/// unchanged): `SHOGI_RESULT_ILLEGAL_*` with the reason,
/// `SHOGI_RESULT_NOT_FOUND` for an unknown line or a move index not below its
/// move count, `SHOGI_RESULT_INVALID_ARGUMENT` for invalid move bits,
/// `SHOGI_RESULT_NULL_PARAMETER`. Needs exclusive access to `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_add_variation(
    rec: *mut shogi_record,
    line: shogi_line_id,
    index: usize,
    first: shogi_move,
    out: *mut shogi_line_id,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_mut(rec)?;
        let out = arg_out(out)?;
        let first = match first {
            SHOGI_MOVE_NONE => None,
            bits => Some(move_arg(bits)?),
        };
        let id = move_arg_of(&rec.inner, line, index)?;
        let variation = match first {
            Some(m) => rec
                .inner
                .branch(id, index, RecordMove::new(m))
                .map_err(edit_result)?,
            None => rec
                .inner
                .add_variation(id, index, shogi::record::Line::default())
                .ok_or(shogi_result::NotFound)?,
        };
        out.write(line_out(variation));
        Ok(())
    })
}

/// Removes variation `line` and every variation below it. The other
/// variations keep their order and are numbered again from 1: the id of a
/// variation after `line` names another line (or none) afterwards.
/// `SHOGI_RESULT_NOT_FOUND` for a line the record does not have,
/// `SHOGI_RESULT_INVALID_ARGUMENT` for `SHOGI_LINE_MAIN` (clear it with
/// `shogi_record_truncate_line`), `SHOGI_RESULT_NULL_PARAMETER`. Needs
/// exclusive access to `rec`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_remove_variation(
    rec: *mut shogi_record,
    line: shogi_line_id,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_mut(rec)?;
        let id = line_arg(&rec.inner, line)?;
        if id == shogi::record::LineId::MAIN {
            return Err(shogi_result::InvalidArgument);
        }
        rec.inner.remove_variation(id);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{shogi_position_free, shogi_position_new, shogi_position_parse_usi};
    use crate::record::{
        SHOGI_RECORD_FORMAT_KIF, shogi_record_free, shogi_record_header_count,
        shogi_record_header_key_at, shogi_record_header_value_at, shogi_record_read,
        shogi_record_write,
    };
    use crate::record_tree::{
        SHOGI_COMMENT_BOOKMARK, SHOGI_COMMENT_NORMAL, SHOGI_LINE_MAIN, SHOGI_SPECIAL_NONE,
        SHOGI_SPECIAL_RESIGN, shogi_record_end_comment_count, shogi_record_equal,
        shogi_record_line_count, shogi_record_line_end, shogi_record_line_info,
        shogi_record_move_comment_count, shogi_record_move_time, shogi_record_position_at,
        shogi_record_start_comment_count,
    };
    use crate::testing::{out, s, text};

    /// The legal move `usi` before move `index` of line `line`.
    fn mv(rec: *const shogi_record, line: shogi_line_id, index: usize, usi: &str) -> shogi_move {
        let pos = out(|o| shogi_record_position_at(rec, line, index, o));
        let (p, n) = s(usi);
        let m = out(|o| shogi_position_parse_usi(pos, p, n, o));
        shogi_position_free(pos);
        m
    }

    fn push(rec: *mut shogi_record, line: shogi_line_id, usi: &str) -> shogi_result {
        let len = out(|o| shogi_record_line_info(rec, line, o)).move_count;
        shogi_record_push_move(rec, line, mv(rec, line, len, usi))
    }

    fn new_record() -> *mut shogi_record {
        let start = out(|o| shogi_position_new(o));
        let rec = out(|o| shogi_record_new(start, o));
        shogi_position_free(start);
        rec
    }

    fn comment(rec: *mut shogi_record, line: shogi_line_id, index: usize, kind: u8, t: &str) {
        let (p, n) = s(t);
        assert_eq!(
            shogi_record_add_move_comment(rec, line, index, kind, p, n),
            shogi_result::Ok
        );
    }

    fn time(used_s: u64, total_s: u64) -> shogi_record_time {
        shogi_record_time {
            has_time: true,
            used_ms: used_s * 1000,
            has_total: true,
            total_ms: total_s * 1000,
        }
    }

    /// A record built call by call writes the KIF that reads back as it.
    #[test]
    fn a_record_built_from_c_writes_kif_that_reads_back_the_same() {
        let rec = new_record();
        for (name, value) in [("先手", "羽生"), ("後手", "谷川"), ("棋戦", "練習")] {
            let (n, nl) = s(name);
            let (v, vl) = s(value);
            assert_eq!(shogi_record_add_header(rec, n, nl, v, vl), shogi_result::Ok);
        }
        let (c, cl) = s("開始局面");
        assert_eq!(
            shogi_record_add_start_comment(rec, SHOGI_COMMENT_NORMAL, c, cl),
            shogi_result::Ok
        );
        for (i, usi) in ["7g7f", "3c3d", "2g2f"].iter().enumerate() {
            assert_eq!(push(rec, SHOGI_LINE_MAIN, usi), shogi_result::Ok);
            let t = time(i as u64 + 1, i as u64 / 2 * 2 + 1);
            assert_eq!(shogi_record_set_move_time(rec, 0, i, &t), shogi_result::Ok);
        }
        comment(rec, 0, 1, SHOGI_COMMENT_BOOKMARK, "序盤");
        let end = shogi_line_end {
            special: SHOGI_SPECIAL_RESIGN,
            time: time(3, 4),
        };
        assert_eq!(shogi_record_set_line_end(rec, 0, &end), shogi_result::Ok);
        let (c, cl) = s("まで");
        assert_eq!(
            shogi_record_add_end_comment(rec, 0, SHOGI_COMMENT_NORMAL, c, cl),
            shogi_result::Ok
        );
        let first = mv(rec, 0, 1, "8c8d");
        let v = out(|o| shogi_record_add_variation(rec, 0, 1, first, o));
        assert_eq!(v, 1);
        assert_eq!(push(rec, v, "2g2f"), shogi_result::Ok);
        let kif = text(|b, l, n| shogi_record_write(rec, SHOGI_RECORD_FORMAT_KIF, b, l, n));
        let back = out(|o| {
            shogi_record_read(
                kif.as_ptr(),
                kif.len(),
                SHOGI_RECORD_FORMAT_KIF,
                o,
                core::ptr::null_mut(),
            )
        });
        assert!(out(|o| shogi_record_equal(rec, back, o)), "{kif}");
        shogi_record_free(back);
        shogi_record_free(rec);
    }

    fn headers(rec: *const shogi_record) -> Vec<(String, String)> {
        (0..out(|o| shogi_record_header_count(rec, o)))
            .map(|i| {
                (
                    text(|b, l, n| shogi_record_header_key_at(rec, i, b, l, n)),
                    text(|b, l, n| shogi_record_header_value_at(rec, i, b, l, n)),
                )
            })
            .collect()
    }

    #[test]
    fn headers_are_set_added_and_removed_by_name_in_order() {
        let rec = new_record();
        let set = |name: &str, value: &str| {
            let (n, nl) = s(name);
            let (v, vl) = s(value);
            shogi_record_set_header(rec, n, nl, v, vl)
        };
        let add = |name: &str, value: &str| {
            let (n, nl) = s(name);
            let (v, vl) = s(value);
            shogi_record_add_header(rec, n, nl, v, vl)
        };
        assert_eq!(add("先手", "a"), shogi_result::Ok);
        assert_eq!(add("棋戦", "b"), shogi_result::Ok);
        assert_eq!(add("先手", "c"), shogi_result::Ok);
        assert_eq!(set("先手", "d"), shogi_result::Ok);
        assert_eq!(set("$SITE", "e"), shogi_result::Ok);
        let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
            v.iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect()
        };
        assert_eq!(
            headers(rec),
            pairs(&[("先手", "d"), ("棋戦", "b"), ("$SITE", "e")])
        );
        // SAFETY: `rec` is a live handle this test made.
        let keys: Vec<_> = unsafe { &(*rec).inner }
            .headers
            .iter()
            .map(|h| h.key)
            .collect();
        use shogi::record::HeaderKey;
        assert_eq!(keys, [HeaderKey::Sente, HeaderKey::Event, HeaderKey::Site]);
        for bad in ["", "a:b", "先手：", "x\ny"] {
            assert_eq!(set(bad, "v"), shogi_result::InvalidArgument, "{bad:?}");
            assert_eq!(add(bad, "v"), shogi_result::InvalidArgument, "{bad:?}");
        }
        let bytes = [b'a', 0xFF];
        assert_eq!(
            shogi_record_set_header(rec, bytes.as_ptr().cast(), 2, bytes.as_ptr().cast(), 1),
            shogi_result::InvalidUtf8
        );
        let (n, nl) = s("棋戦");
        assert_eq!(shogi_record_remove_header(rec, n, nl), shogi_result::Ok);
        assert_eq!(
            shogi_record_remove_header(rec, n, nl),
            shogi_result::NotFound
        );
        assert_eq!(headers(rec), pairs(&[("先手", "d"), ("$SITE", "e")]));
        shogi_record_free(rec);
    }

    #[test]
    fn moves_are_pushed_only_where_they_are_legal() {
        let rec = new_record();
        let m = mv(rec, 0, 0, "7g7f");
        assert_eq!(shogi_record_push_move(rec, 1, m), shogi_result::NotFound);
        assert_eq!(
            shogi_record_push_move(rec, 0, 0),
            shogi_result::InvalidArgument
        );
        assert_eq!(shogi_record_push_move(rec, 0, m), shogi_result::Ok);
        assert_eq!(
            shogi_record_push_move(rec, 0, m),
            shogi_result::IllegalNotAPieceMove
        );
        let end = shogi_line_end {
            special: SHOGI_SPECIAL_RESIGN,
            time: shogi_record_time::of(None),
        };
        assert_eq!(shogi_record_set_line_end(rec, 0, &end), shogi_result::Ok);
        assert_eq!(push(rec, 0, "3c3d"), shogi_result::RecordMoveAfterEnd);
        let none = shogi_line_end {
            special: SHOGI_SPECIAL_NONE,
            ..end
        };
        assert_eq!(shogi_record_set_line_end(rec, 0, &none), shogi_result::Ok);
        assert_eq!(push(rec, 0, "3c3d"), shogi_result::Ok);
        let bad = shogi_line_end { special: 17, ..end };
        assert_eq!(
            shogi_record_set_line_end(rec, 0, &bad),
            shogi_result::InvalidArgument
        );
        assert_eq!(
            out(|o| shogi_record_line_end(rec, 0, o)).special,
            SHOGI_SPECIAL_NONE
        );
        // A move number past the largest a record holds.
        let at = |number: u32| {
            let sfen =
                format!("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - {number}");
            crate::position::shogi_position::new(shogi::Position::from_sfen(&sfen).unwrap())
        };
        let far = out(|o| shogi_record_new(&at(MAX_MOVE_NUMBER), o));
        assert_eq!(push(far, 0, "7g7f"), shogi_result::RecordNumberTooLarge);
        shogi_record_free(far);
        let start = at(MAX_MOVE_NUMBER + 1);
        let mut none_made = core::ptr::null_mut();
        assert_eq!(
            shogi_record_new(&start, &mut none_made),
            shogi_result::RecordNumberTooLarge
        );
        assert!(none_made.is_null());
        shogi_record_free(rec);
    }

    #[test]
    fn comments_and_times_are_checked_and_cleared() {
        let rec = new_record();
        assert_eq!(push(rec, 0, "7g7f"), shogi_result::Ok);
        let (p, n) = s("two\nlines");
        assert_eq!(
            shogi_record_add_move_comment(rec, 0, 0, SHOGI_COMMENT_NORMAL, p, n),
            shogi_result::InvalidArgument
        );
        let (p, n) = s("one line");
        assert_eq!(
            shogi_record_add_move_comment(rec, 0, 0, 3, p, n),
            shogi_result::InvalidArgument
        );
        assert_eq!(
            shogi_record_add_move_comment(rec, 0, 1, SHOGI_COMMENT_NORMAL, p, n),
            shogi_result::NotFound
        );
        assert_eq!(
            shogi_record_add_end_comment(rec, 0, SHOGI_COMMENT_NORMAL, p, n),
            shogi_result::NotFound
        );
        comment(rec, 0, 0, SHOGI_COMMENT_NORMAL, "one line");
        assert_eq!(out(|o| shogi_record_move_comment_count(rec, 0, 0, o)), 1);
        assert_eq!(
            shogi_record_clear_move_comments(rec, 0, 0),
            shogi_result::Ok
        );
        assert_eq!(out(|o| shogi_record_move_comment_count(rec, 0, 0, o)), 0);
        assert_eq!(
            shogi_record_add_start_comment(rec, SHOGI_COMMENT_BOOKMARK, p, n),
            shogi_result::Ok
        );
        assert_eq!(shogi_record_clear_start_comments(rec), shogi_result::Ok);
        assert_eq!(out(|o| shogi_record_start_comment_count(rec, o)), 0);
        let end = shogi_line_end {
            special: SHOGI_SPECIAL_RESIGN,
            time: shogi_record_time::of(None),
        };
        assert_eq!(shogi_record_set_line_end(rec, 0, &end), shogi_result::Ok);
        assert_eq!(
            shogi_record_add_end_comment(rec, 0, SHOGI_COMMENT_NORMAL, p, n),
            shogi_result::Ok
        );
        // A new special move keeps the comments; clearing removes them.
        assert_eq!(shogi_record_set_line_end(rec, 0, &end), shogi_result::Ok);
        assert_eq!(out(|o| shogi_record_end_comment_count(rec, 0, o)), 1);
        assert_eq!(shogi_record_clear_end_comments(rec, 0), shogi_result::Ok);
        assert_eq!(out(|o| shogi_record_end_comment_count(rec, 0, o)), 0);
        let too_long = shogi_record_time {
            has_time: true,
            used_ms: 0,
            has_total: true,
            total_ms: u64::MAX,
        };
        assert_eq!(
            shogi_record_set_move_time(rec, 0, 0, &too_long),
            shogi_result::RecordNumberTooLarge
        );
        let t = time(1, 1);
        assert_eq!(shogi_record_set_move_time(rec, 0, 0, &t), shogi_result::Ok);
        assert_eq!(out(|o| shogi_record_move_time(rec, 0, 0, o)), t);
        let cleared = shogi_record_time::of(None);
        assert_eq!(
            shogi_record_set_move_time(rec, 0, 0, &cleared),
            shogi_result::Ok
        );
        assert!(!out(|o| shogi_record_move_time(rec, 0, 0, o)).has_time);
        assert_eq!(
            shogi_record_set_move_time(rec, 0, 1, &t),
            shogi_result::NotFound
        );
        shogi_record_free(rec);
    }

    #[test]
    fn variations_are_added_checked_and_removed_with_those_below() {
        let rec = new_record();
        for usi in ["7g7f", "3c3d", "2g2f"] {
            assert_eq!(push(rec, 0, usi), shogi_result::Ok);
        }
        let mut id = 99;
        let illegal = mv(rec, 0, 1, "8c8d");
        assert_eq!(
            shogi_record_add_variation(rec, 0, 0, illegal, &mut id),
            shogi_result::IllegalNotAPieceMove
        );
        assert_eq!(
            shogi_record_add_variation(rec, 0, 3, illegal, &mut id),
            shogi_result::NotFound
        );
        assert_eq!(
            shogi_record_add_variation(rec, 4, 0, illegal, &mut id),
            shogi_result::NotFound
        );
        assert_eq!(id, 99);
        let a = out(|o| shogi_record_add_variation(rec, 0, 1, illegal, o));
        assert_eq!(push(rec, a, "2g2f"), shogi_result::Ok);
        let b = out(|o| shogi_record_add_variation(rec, a, 1, mv(rec, a, 1, "6i7h"), o));
        // A variation without moves, that only states an end.
        let c = out(|o| shogi_record_add_variation(rec, 0, 2, SHOGI_MOVE_NONE, o));
        assert_eq!((a, b, c), (1, 2, 3));
        assert_eq!(out(|o| shogi_record_line_info(rec, c, o)).move_count, 0);
        assert_eq!(out(|o| shogi_record_line_info(rec, b, o)).depth, 2);
        assert_eq!(
            shogi_record_remove_variation(rec, 0),
            shogi_result::InvalidArgument
        );
        assert_eq!(
            shogi_record_remove_variation(rec, 4),
            shogi_result::NotFound
        );
        assert_eq!(shogi_record_remove_variation(rec, a), shogi_result::Ok);
        // `b` went with `a`; `c` is now line 1.
        assert_eq!(out(|o| shogi_record_line_count(rec, o)), 2);
        let info = out(|o| shogi_record_line_info(rec, 1, o));
        assert_eq!((info.parent, info.branch_index, info.move_count), (0, 2, 0));
        // Truncating removes the variations of the moves removed.
        assert_eq!(shogi_record_truncate_line(rec, 0, 2), shogi_result::Ok);
        assert_eq!(out(|o| shogi_record_line_count(rec, o)), 1);
        assert_eq!(
            shogi_record_truncate_line(rec, 1, 0),
            shogi_result::NotFound
        );
        assert_eq!(shogi_record_truncate_line(rec, 0, 0), shogi_result::Ok);
        let empty = new_record();
        assert!(out(|o| shogi_record_equal(rec, empty, o)));
        shogi_record_free(empty);
        shogi_record_free(rec);
    }
}
