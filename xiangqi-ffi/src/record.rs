//! `xiangqi_record`: game records in PGN (UTF-8 or GBK), read under limits,
//! with their tags, start, main line, comments and variations, written back
//! in a notation, and replayed as a game; `xiangqi_record_list` for files of
//! several games.

use core::ffi::c_char;

use xq::record::{
    GameRecord, NodeId, ReadLimits, RecordError, RecordErrorKind, read_pgn_bytes_with, write_pgn,
    write_pgn_all,
};

use crate::boundary::{
    arg_bytes, arg_opt, arg_out, arg_out_opt, free_handle, guard, into_handle, read_text,
    read_value, write_value,
};
use crate::game::{rules_arg, xiangqi_game, xiangqi_rules};
use crate::notation::{notation_arg, xiangqi_notation};
use crate::position::xiangqi_position;
use crate::result::xiangqi_result;
use crate::types::{move_bits, xiangqi_move};

/// An opaque game record: tag pairs in their order, the start position, the
/// moves as a tree (the main line and its variations, each move with its
/// comments) and the result.
///
/// Made by `xiangqi_record_read` and `xiangqi_record_list_get`; the caller
/// owns it and frees it with `xiangqi_record_free`, exactly once.
///
/// Thread safety: a `const xiangqi_record *` may be read from several threads
/// at once. A handle may be moved between threads.
#[allow(non_camel_case_types)]
pub struct xiangqi_record {
    inner: GameRecord,
    /// The nodes of the main line, the root first (the API never changes a
    /// record, so they are found once: index access stays constant time).
    main: Vec<NodeId>,
}

impl xiangqi_record {
    fn new(inner: GameRecord) -> xiangqi_record {
        let main = main_nodes(&inner);
        xiangqi_record { inner, main }
    }
}

/// An opaque list of game records, as read from a file of several games by
/// `xiangqi_records_read`; freed with `xiangqi_record_list_free`. Thread
/// safety as for `xiangqi_record`.
#[allow(non_camel_case_types)]
pub struct xiangqi_record_list {
    records: Vec<GameRecord>,
}

/// The most a read accepts. `xiangqi_read_limits_default` gives defaults that
/// hold every real record by a wide margin; a read that exceeds one fails with
/// `XIANGQI_RESULT_RECORD_LIMIT_EXCEEDED` at the place where it was exceeded.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct xiangqi_read_limits {
    /// The input size in bytes (default 64 MiB).
    pub max_input_bytes: usize,
    /// The length of one line in bytes (default 1 MiB).
    pub max_line_bytes: usize,
    /// The moves of one game, variations included (default 100000).
    pub max_moves: usize,
    /// The variations of one game (default 10000).
    pub max_variations: usize,
    /// How deep variations nest (default 64).
    pub max_depth: usize,
    /// The games of one file (default 100000).
    pub max_games: usize,
}

impl From<xiangqi_read_limits> for ReadLimits {
    fn from(l: xiangqi_read_limits) -> ReadLimits {
        ReadLimits {
            max_input_bytes: l.max_input_bytes,
            max_line_bytes: l.max_line_bytes,
            max_moves: l.max_moves,
            max_variations: l.max_variations,
            max_depth: l.max_depth,
            max_games: l.max_games,
        }
    }
}

impl From<ReadLimits> for xiangqi_read_limits {
    fn from(l: ReadLimits) -> xiangqi_read_limits {
        xiangqi_read_limits {
            max_input_bytes: l.max_input_bytes,
            max_line_bytes: l.max_line_bytes,
            max_moves: l.max_moves,
            max_variations: l.max_variations,
            max_depth: l.max_depth,
            max_games: l.max_games,
        }
    }
}

/// Writes the default read limits to `*out`, for the caller to change before
/// a read. `XIANGQI_RESULT_NULL_PARAMETER` if `out` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_read_limits_default(out: *mut xiangqi_read_limits) -> xiangqi_result {
    write_value(out, || Ok(ReadLimits::DEFAULT.into()))
}

/// Reads every game of `(bytes, len)` under the limits, the place of an error
/// going to the optional out-parameters.
fn read_records(
    bytes: *const u8,
    len: usize,
    limits_or_null: *const xiangqi_read_limits,
    err_line_or_null: *mut usize,
    err_column_or_null: *mut usize,
    one: bool,
) -> Result<Vec<GameRecord>, xiangqi_result> {
    let bytes = arg_bytes(bytes, len)?;
    let limits: ReadLimits = arg_opt(limits_or_null).map_or(ReadLimits::DEFAULT, |l| (*l).into());
    let result = read_pgn_bytes_with(bytes, &limits).and_then(|records| {
        if !one || records.len() == 1 {
            return Ok(records);
        }
        // Where the second game starts: a read limited to one game stops there.
        let (line, column) = if records.is_empty() {
            (1, 1)
        } else {
            let first_only = ReadLimits {
                max_games: 1,
                ..limits
            };
            read_pgn_bytes_with(bytes, &first_only)
                .err()
                .map_or((0, 0), |e| (e.line, e.column))
        };
        Err(RecordError::new(
            line,
            column,
            RecordErrorKind::GameCount(records.len()),
        ))
    });
    result.map_err(|e| {
        if let Some(out) = arg_out_opt(err_line_or_null) {
            out.write(e.line);
        }
        if let Some(out) = arg_out_opt(err_column_or_null) {
            out.write(e.column);
        }
        xiangqi_result::from(&e)
    })
}

/// Reads the one game of PGN bytes `(bytes, len)` (UTF-8, with or without a
/// byte-order mark, else GBK/GB18030) under `*limits_or_null` (the defaults
/// when NULL) and writes a new record to `*out`; the caller frees it with
/// `xiangqi_record_free`. Every move is checked against the rules as it is
/// read; move text may be ICCS, WXF, Chinese or SAN-like, whatever the
/// `[Format]` tag says.
///
/// Errors (`*out` untouched): the `XIANGQI_RESULT_RECORD_*` code of what is
/// wrong — `XIANGQI_RESULT_RECORD_GAME_COUNT` when the bytes hold no game or
/// several — with its 1-based line and column (in characters; 0 when the
/// problem is not on a line, such as the encoding or the input size) written
/// to `*err_line_or_null` and `*err_column_or_null` unless they are NULL
/// (they are not written on success or on other errors);
/// `XIANGQI_RESULT_NULL_PARAMETER` if `bytes` or `out` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_read(
    bytes: *const u8,
    len: usize,
    limits_or_null: *const xiangqi_read_limits,
    out: *mut *mut xiangqi_record,
    err_line_or_null: *mut usize,
    err_column_or_null: *mut usize,
) -> xiangqi_result {
    guard(|| {
        let out = arg_out(out)?;
        let mut records = read_records(
            bytes,
            len,
            limits_or_null,
            err_line_or_null,
            err_column_or_null,
            true,
        )?;
        let inner = records.pop().ok_or(xiangqi_result::Panic)?;
        out.write(into_handle(xiangqi_record::new(inner)));
        Ok(())
    })
}

/// Reads every game of PGN bytes (as `xiangqi_record_read` does; a tag pair
/// after move text starts the next game) and writes a new list to `*out`; the
/// caller frees it with `xiangqi_record_list_free`. Bytes with no game make an
/// empty list. Errors as `xiangqi_record_read` (never
/// `XIANGQI_RESULT_RECORD_GAME_COUNT`; `max_games` of the limits bounds the
/// count). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_records_read(
    bytes: *const u8,
    len: usize,
    limits_or_null: *const xiangqi_read_limits,
    out: *mut *mut xiangqi_record_list,
    err_line_or_null: *mut usize,
    err_column_or_null: *mut usize,
) -> xiangqi_result {
    guard(|| {
        let out = arg_out(out)?;
        let records = read_records(
            bytes,
            len,
            limits_or_null,
            err_line_or_null,
            err_column_or_null,
            false,
        )?;
        out.write(into_handle(xiangqi_record_list { records }));
        Ok(())
    })
}

/// Writes the number of records of `list` to `*out`.
/// `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_list_count(
    list: *const xiangqi_record_list,
    out: *mut usize,
) -> xiangqi_result {
    read_value(list, out, |list| Ok(list.records.len()))
}

/// Copies record `index` (from 0) of `list` into a new handle written to
/// `*out`; the caller frees it with `xiangqi_record_free`.
/// `XIANGQI_RESULT_INVALID_ARGUMENT` if `index` is not below the count,
/// `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_list_get(
    list: *const xiangqi_record_list,
    index: usize,
    out: *mut *mut xiangqi_record,
) -> xiangqi_result {
    read_value(list, out, |list| {
        let inner = list
            .records
            .get(index)
            .ok_or(xiangqi_result::InvalidArgument)?
            .clone();
        Ok(into_handle(xiangqi_record::new(inner)))
    })
}

/// Writes every record of `list` as PGN in `notation`, one game after the
/// other, into `buf` (UTF-8; the buffer convention of
/// `xiangqi_position_to_fen`). `XIANGQI_RESULT_INVALID_ARGUMENT` for an
/// unknown notation, `XIANGQI_RESULT_BUFFER_TOO_SMALL` (with the needed
/// length), `XIANGQI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_list_write(
    list: *const xiangqi_record_list,
    notation: xiangqi_notation,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_text(list, buf, buf_len, out_len, |list| {
        Ok(write_pgn_all(&list.records, notation_arg(notation)?))
    })
}

/// Frees a record list (records copied out by `xiangqi_record_list_get` stay
/// the caller's). NULL is ignored. The list must not be used afterwards.
/// Infallible.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_list_free(list: *mut xiangqi_record_list) {
    ffi_fn!(infallible(), { free_handle(list) })
}

/// Frees a record handle. NULL is ignored. The handle must not be used
/// afterwards. Infallible.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_free(rec: *mut xiangqi_record) {
    ffi_fn!(infallible(), { free_handle(rec) })
}

/// Writes the number of tag pairs of `rec` to `*out`.
/// `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_tag_count(
    rec: *const xiangqi_record,
    out: *mut usize,
) -> xiangqi_result {
    read_value(rec, out, |rec| Ok(rec.inner.tags().len()))
}

/// Writes the name of tag pair `index` (from 0, in the record's order) into
/// `buf` (buffer convention of `xiangqi_position_to_fen`).
/// `XIANGQI_RESULT_INVALID_ARGUMENT` if `index` is not below the count,
/// `XIANGQI_RESULT_BUFFER_TOO_SMALL`, `XIANGQI_RESULT_NULL_PARAMETER`.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_tag_name_at(
    rec: *const xiangqi_record,
    index: usize,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_text(rec, buf, buf_len, out_len, |rec| {
        let (name, _) = rec
            .inner
            .tags()
            .get(index)
            .ok_or(xiangqi_result::InvalidArgument)?;
        Ok(name.clone())
    })
}

/// Writes the value of tag pair `index` (from 0) into `buf`, as
/// `xiangqi_record_tag_name_at` writes its name. Errors as that function.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_tag_value_at(
    rec: *const xiangqi_record,
    index: usize,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_text(rec, buf, buf_len, out_len, |rec| {
        let (_, value) = rec
            .inner
            .tags()
            .get(index)
            .ok_or(xiangqi_result::InvalidArgument)?;
        Ok(value.clone())
    })
}

/// Writes the value of the tag pair named `(name, name_len)` (the first one,
/// names compared exactly) into `buf`. `XIANGQI_RESULT_INVALID_ARGUMENT` if
/// the record has no such tag, `XIANGQI_RESULT_INVALID_UTF8`,
/// `XIANGQI_RESULT_BUFFER_TOO_SMALL`, `XIANGQI_RESULT_NULL_PARAMETER`.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_tag(
    rec: *const xiangqi_record,
    name: *const c_char,
    name_len: usize,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_text(rec, buf, buf_len, out_len, |rec| {
        let name = crate::boundary::arg_str(name, name_len)?;
        rec.inner
            .tag(name)
            .map(str::to_owned)
            .ok_or(xiangqi_result::InvalidArgument)
    })
}

/// Writes the FEN of the start position of `rec` (the `[FEN]` tag, or the
/// standard start) into `buf` (buffer convention of
/// `xiangqi_position_to_fen`). `XIANGQI_RESULT_BUFFER_TOO_SMALL`,
/// `XIANGQI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_start_fen(
    rec: *const xiangqi_record,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_text(rec, buf, buf_len, out_len, |rec| {
        Ok(rec.inner.start().to_fen())
    })
}

/// Writes a new position handle with the start position of `rec` to `*out`;
/// the caller frees it with `xiangqi_position_free`.
/// `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_start_position(
    rec: *const xiangqi_record,
    out: *mut *mut xiangqi_position,
) -> xiangqi_result {
    read_value(rec, out, |rec| {
        Ok(into_handle(xiangqi_position {
            inner: rec.inner.start().clone(),
        }))
    })
}

/// The nodes of the main line, the root first.
fn main_nodes(rec: &GameRecord) -> Vec<NodeId> {
    let mut out = vec![rec.root()];
    while let Some(&next) = out
        .last()
        .and_then(|&id| rec.node(id))
        .and_then(|n| n.children().first())
    {
        out.push(next);
    }
    out
}

/// Writes the number of moves of the main line of `rec` (the first
/// continuation at every move; variations not counted) to `*out`.
/// `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_move_count(
    rec: *const xiangqi_record,
    out: *mut usize,
) -> xiangqi_result {
    read_value(rec, out, |rec| Ok(rec.main.len() - 1))
}

/// Writes move `index` (from 0) of the main line of `rec` to `*out`.
/// `XIANGQI_RESULT_INVALID_ARGUMENT` if `index` is not below the move count,
/// `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_move_at(
    rec: *const xiangqi_record,
    index: usize,
    out: *mut xiangqi_move,
) -> xiangqi_result {
    read_value(rec, out, |rec| {
        let m = index
            .checked_add(1)
            .and_then(|i| rec.main.get(i))
            .and_then(|&id| rec.inner.node(id))
            .and_then(|n| n.mv())
            .ok_or(xiangqi_result::InvalidArgument)?;
        Ok(move_bits(m))
    })
}

/// The comments after main-line ply `ply` (0: before the first move).
fn comments_at(rec: &xiangqi_record, ply: usize) -> Result<&[String], xiangqi_result> {
    let id = *rec.main.get(ply).ok_or(xiangqi_result::InvalidArgument)?;
    Ok(rec.inner.node(id).map_or(&[], |n| n.comments()))
}

/// Writes the number of comments written after main-line move `ply` of `rec`
/// (1 for the first move; 0 for the comments before the first move) to
/// `*out`. `XIANGQI_RESULT_INVALID_ARGUMENT` if `ply` is above the move
/// count, `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_comment_count(
    rec: *const xiangqi_record,
    ply: usize,
    out: *mut usize,
) -> xiangqi_result {
    read_value(rec, out, |rec| Ok(comments_at(rec, ply)?.len()))
}

/// Writes comment `index` (from 0) after main-line move `ply` (as for
/// `xiangqi_record_comment_count`) into `buf`, without its braces (buffer
/// convention of `xiangqi_position_to_fen`). `XIANGQI_RESULT_INVALID_ARGUMENT`
/// if `ply` or `index` is out of range, `XIANGQI_RESULT_BUFFER_TOO_SMALL`,
/// `XIANGQI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_comment_at(
    rec: *const xiangqi_record,
    ply: usize,
    index: usize,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_text(rec, buf, buf_len, out_len, |rec| {
        comments_at(rec, ply)?
            .get(index)
            .cloned()
            .ok_or(xiangqi_result::InvalidArgument)
    })
}

/// Writes the number of variations of `rec` that replace main-line move
/// `index` (from 0: alternatives to it, from the same position) to `*out`.
/// `XIANGQI_RESULT_INVALID_ARGUMENT` if `index` is not below the move count,
/// `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_variation_count(
    rec: *const xiangqi_record,
    index: usize,
    out: *mut usize,
) -> xiangqi_result {
    read_value(rec, out, |rec| {
        if index >= rec.main.len() - 1 {
            return Err(xiangqi_result::InvalidArgument);
        }
        let parent = rec.inner.node(rec.main[index]);
        Ok(parent.map_or(0, |n| n.children().len().saturating_sub(1)))
    })
}

/// Writes the number of moves of `rec`, variations included, to `*out`.
/// `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_node_move_count(
    rec: *const xiangqi_record,
    out: *mut usize,
) -> xiangqi_result {
    read_value(rec, out, |rec| Ok(rec.inner.node_count() - 1))
}

/// Writes the result of `rec` as PGN writes it (`1-0`, `0-1`, `1/2-1/2` or
/// `*`) into `buf` (buffer convention of `xiangqi_position_to_fen`).
/// `XIANGQI_RESULT_BUFFER_TOO_SMALL`, `XIANGQI_RESULT_NULL_PARAMETER`.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_result(
    rec: *const xiangqi_record,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_text(rec, buf, buf_len, out_len, |rec| {
        Ok(rec.inner.result().as_str())
    })
}

/// Writes `rec` as PGN with its moves in `notation` into `buf` (UTF-8; buffer
/// convention of `xiangqi_position_to_fen`); the `[Format]` tag names the
/// notation. Read again, the text gives the same record (but for that tag).
/// `XIANGQI_RESULT_INVALID_ARGUMENT` for an unknown notation,
/// `XIANGQI_RESULT_BUFFER_TOO_SMALL` (with the needed length),
/// `XIANGQI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_write(
    rec: *const xiangqi_record,
    notation: xiangqi_notation,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_text(rec, buf, buf_len, out_len, |rec| {
        Ok(write_pgn(&rec.inner, notation_arg(notation)?))
    })
}

/// Replays the main line of `rec` as a game under `*rules_or_null` (the site
/// rules when NULL), adjudicated after every move, and writes the new game to
/// `*out`; the caller frees it with `xiangqi_game_free`.
/// `XIANGQI_RESULT_GAME_OVER` when a move is recorded after the game ended by
/// the rules (a repetition or the move limit the players did not claim),
/// `XIANGQI_RESULT_NULL_PARAMETER` if `rec` or `out` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_record_game(
    rec: *const xiangqi_record,
    rules_or_null: *const xiangqi_rules,
    out: *mut *mut xiangqi_game,
) -> xiangqi_result {
    read_value(rec, out, |rec| {
        let game = rec.inner.main_game(rules_arg(rules_or_null))?;
        Ok(into_handle(xiangqi_game { inner: game }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::text;

    const TWO_GAMES: &str = "[Event \"a\"]\n\n1. h2e2 h9g7 *\n\n[Event \"b\"]\n\n1. b2e2 *\n";

    #[test]
    fn a_one_game_read_of_two_games_names_where_the_second_starts() {
        let mut rec = core::ptr::null_mut();
        let (mut line, mut column) = (0, 0);
        let r = xiangqi_record_read(
            TWO_GAMES.as_ptr(),
            TWO_GAMES.len(),
            core::ptr::null(),
            &mut rec,
            &mut line,
            &mut column,
        );
        assert_eq!(r, xiangqi_result::RecordGameCount);
        assert_eq!((line, column), (5, 1));
        assert!(rec.is_null());
    }

    #[test]
    fn reads_a_game_and_its_parts() {
        let pgn = "[Event \"x\"]\n{start} 1. h2e2 {open} (1. b2e2) h9g7 1-0\n";
        let mut rec = core::ptr::null_mut();
        let r = xiangqi_record_read(
            pgn.as_ptr(),
            pgn.len(),
            core::ptr::null(),
            &mut rec,
            core::ptr::null_mut(),
            core::ptr::null_mut(),
        );
        assert_eq!(r, xiangqi_result::Ok);
        let rec_ref = rec.cast_const();
        let mut n = 0;
        assert_eq!(
            xiangqi_record_move_count(rec_ref, &mut n),
            xiangqi_result::Ok
        );
        assert_eq!(n, 2);
        assert_eq!(
            xiangqi_record_variation_count(rec_ref, 0, &mut n),
            xiangqi_result::Ok
        );
        assert_eq!(n, 1);
        assert_eq!(
            xiangqi_record_node_move_count(rec_ref, &mut n),
            xiangqi_result::Ok
        );
        assert_eq!(n, 3);
        let comment = text(|b, l, o| xiangqi_record_comment_at(rec_ref, 1, 0, b, l, o));
        assert_eq!(comment, "open");
        let start = text(|b, l, o| xiangqi_record_comment_at(rec_ref, 0, 0, b, l, o));
        assert_eq!(start, "start");
        let result = text(|b, l, o| xiangqi_record_result(rec_ref, b, l, o));
        assert_eq!(result, "1-0");
        xiangqi_record_free(rec);
    }
}
