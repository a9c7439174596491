//! `xiangqi_position`: a position handle, with FEN in and out, the board, the
//! legal moves, moves from and to ICCS text, the reason a move is illegal,
//! play, the Zobrist key and perft.

use core::ffi::c_char;

use xq::{IccsMove, Position};

use crate::boundary::{
    arg_ref, arg_str, free_handle, into_handle, new_handle, read_array, read_text, read_value,
    update,
};
use crate::result::xiangqi_result;
use crate::types::{
    color_arg, color_out, move_arg, move_bits, square_arg, square_out, xiangqi_color, xiangqi_move,
    xiangqi_piece, xiangqi_square,
};

/// An opaque position: the 90 points, the side to move and the FEN counters.
///
/// Made by `xiangqi_position_new`, `xiangqi_position_from_fen`,
/// `xiangqi_position_clone`, `xiangqi_position_play_new`,
/// `xiangqi_game_position` and `xiangqi_game_start_position`; the caller owns
/// it and frees it with `xiangqi_position_free`, exactly once.
///
/// Thread safety: a `const xiangqi_position *` may be read from several
/// threads at once; a function that takes `xiangqi_position *`
/// (`xiangqi_position_play`) needs exclusive access for its duration. A handle
/// may be moved between threads.
#[allow(non_camel_case_types)]
pub struct xiangqi_position {
    pub(crate) inner: Position,
}

/// The deepest perft `xiangqi_position_perft` counts (each ply is a level of
/// recursion).
pub const XIANGQI_MAX_PERFT_DEPTH: u32 = 32;

/// Makes a new handle holding the standard start position and writes it to
/// `*out`. The caller frees it with `xiangqi_position_free`.
///
/// `XIANGQI_RESULT_NULL_PARAMETER` if `out` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_new(out: *mut *mut xiangqi_position) -> xiangqi_result {
    new_handle(out, || {
        Ok(xiangqi_position {
            inner: Position::startpos(),
        })
    })
}

/// Parses a FEN (`rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`;
/// Red is upper case, `w` or `r` is Red to move; the last four fields may be
/// omitted) into a new handle written to `*out`; the caller frees it with
/// `xiangqi_position_free`.
///
/// Only legal setups are accepted. Errors: `XIANGQI_RESULT_FEN_*` for
/// malformed text, `XIANGQI_RESULT_SETUP_*` for an illegal setup,
/// `XIANGQI_RESULT_INVALID_UTF8`, `XIANGQI_RESULT_NULL_PARAMETER`; `*out` is
/// untouched on error. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_from_fen(
    fen: *const c_char,
    fen_len: usize,
    out: *mut *mut xiangqi_position,
) -> xiangqi_result {
    new_handle(out, || {
        let text = arg_str(fen, fen_len)?;
        Ok(xiangqi_position {
            inner: Position::from_fen(text)?,
        })
    })
}

/// Copies `pos` into a new handle written to `*out`; the caller frees it with
/// `xiangqi_position_free`.
///
/// `XIANGQI_RESULT_NULL_PARAMETER` if either pointer is NULL. Thread-safe for
/// a `pos` only read meanwhile.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_clone(
    pos: *const xiangqi_position,
    out: *mut *mut xiangqi_position,
) -> xiangqi_result {
    read_value(pos, out, |pos| {
        Ok(into_handle(xiangqi_position {
            inner: pos.inner.clone(),
        }))
    })
}

/// Frees a position handle. NULL is ignored. The handle must not be used
/// afterwards. Infallible.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_free(pos: *mut xiangqi_position) {
    ffi_fn!(infallible(), { free_handle(pos) })
}

/// Writes the FEN of `pos` (all six fields) into `buf`: the text plus a NUL,
/// its length in `*out_len`. When `buf_len` is too small:
/// `XIANGQI_RESULT_BUFFER_TOO_SMALL`, the needed length (without the NUL) in
/// `*out_len`, and an empty string in `buf` if `buf_len > 0`; `buf` may be
/// NULL when `buf_len` is 0. `XIANGQI_RESULT_NULL_PARAMETER` if `pos` or
/// `out_len` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_to_fen(
    pos: *const xiangqi_position,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_text(pos, buf, buf_len, out_len, |pos| Ok(pos.inner.to_fen()))
}

/// Writes the side to move to `*out`. `XIANGQI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_turn(
    pos: *const xiangqi_position,
    out: *mut xiangqi_color,
) -> xiangqi_result {
    read_value(pos, out, |pos| Ok(color_out(pos.inner.turn())))
}

/// Writes the piece on `sq` to `*out` (`{XIANGQI_COLOR_NONE,
/// XIANGQI_ROLE_NONE}` for an empty point). `XIANGQI_RESULT_INVALID_ARGUMENT`
/// for a point out of range, `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is
/// NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_piece_at(
    pos: *const xiangqi_position,
    sq: xiangqi_square,
    out: *mut xiangqi_piece,
) -> xiangqi_result {
    read_value(pos, out, |pos| {
        let sq = square_arg(sq)?;
        Ok(xiangqi_piece::of(pos.inner.piece_at(sq)))
    })
}

/// Writes the point of `color`'s general to `*out`.
/// `XIANGQI_RESULT_INVALID_ARGUMENT` for a color out of range,
/// `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_general(
    pos: *const xiangqi_position,
    color: xiangqi_color,
    out: *mut xiangqi_square,
) -> xiangqi_result {
    read_value(pos, out, |pos| {
        Ok(square_out(pos.inner.general(color_arg(color)?)))
    })
}

/// Writes FEN field 5, the plies since the last capture (no rule uses it),
/// to `*out`. `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_halfmove_clock(
    pos: *const xiangqi_position,
    out: *mut u32,
) -> xiangqi_result {
    read_value(pos, out, |pos| Ok(pos.inner.halfmove_clock()))
}

/// Writes FEN field 6, the move number (1 at the start, incremented after
/// each Black move), to `*out`. `XIANGQI_RESULT_NULL_PARAMETER` if a pointer
/// is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_fullmove_number(
    pos: *const xiangqi_position,
    out: *mut u32,
) -> xiangqi_result {
    read_value(pos, out, |pos| Ok(pos.inner.fullmove_number()))
}

/// Writes whether the side to move is in check to `*out`.
/// `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_in_check(
    pos: *const xiangqi_position,
    out: *mut bool,
) -> xiangqi_result {
    read_value(pos, out, |pos| Ok(pos.inner.in_check()))
}

/// Writes the points of the pieces giving check to the side to move into
/// `buf` (capacity `cap` points, in increasing order) and their number to
/// `*out_len` (0 when not in check; two for a double check). Buffer
/// convention as for `xiangqi_position_legal_moves`; a capacity of 16 always
/// suffices. `XIANGQI_RESULT_NULL_PARAMETER` if `pos` or `out_len` is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_checkers(
    pos: *const xiangqi_position,
    buf: *mut xiangqi_square,
    cap: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_array(pos, buf, cap, out_len, |pos, out| {
        let points: Vec<xiangqi_square> = pos.inner.checkers().iter().map(square_out).collect();
        out.write(points.into_iter())
    })
}

/// Writes the legal moves of the side to move into `buf` (capacity `cap`
/// moves) and their number to `*out_len`. If they do not fit, nothing is
/// written to `buf`, `*out_len` gets their number and the result is
/// `XIANGQI_RESULT_BUFFER_TOO_SMALL`; `buf` may be NULL when `cap` is 0 (a
/// count query). A capacity of `XIANGQI_MAX_LEGAL_MOVES` always suffices.
/// `XIANGQI_RESULT_NULL_PARAMETER` if `pos` or `out_len` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_legal_moves(
    pos: *const xiangqi_position,
    buf: *mut xiangqi_move,
    cap: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_array(pos, buf, cap, out_len, |pos, out| {
        out.write(pos.inner.legal_moves().iter().map(|m| move_bits(*m)))
    })
}

/// Writes the number of legal moves of the side to move to `*out` (0: the
/// side to move has lost, checkmated or without a move).
/// `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_legal_move_count(
    pos: *const xiangqi_position,
    out: *mut usize,
) -> xiangqi_result {
    read_value(pos, out, |pos| Ok(pos.inner.legal_moves().len()))
}

/// Resolves ICCS move text (`h2e2`, `H2-E2`) against `pos` and writes the
/// legal move it means (with its role and capture) to `*out`.
///
/// Errors (`*out` untouched): `XIANGQI_RESULT_ICCS_SYNTAX` for text that is
/// not a move, `XIANGQI_RESULT_ILLEGAL_*` with the reason for an illegal move,
/// `XIANGQI_RESULT_INVALID_UTF8`, `XIANGQI_RESULT_NULL_PARAMETER`.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_parse_iccs(
    pos: *const xiangqi_position,
    iccs: *const c_char,
    iccs_len: usize,
    out: *mut xiangqi_move,
) -> xiangqi_result {
    read_value(pos, out, |pos| {
        let text = arg_str(iccs, iccs_len)?;
        Ok(move_bits(pos.inner.parse_iccs_move(text)?))
    })
}

/// Checks whether `m` is legal in `pos`: `XIANGQI_RESULT_OK` if it is,
/// otherwise the first rule it breaks as `XIANGQI_RESULT_ILLEGAL_*` (a move
/// whose points make a legal move but whose role or capture does not match the
/// board is `XIANGQI_RESULT_ILLEGAL_MOVE_MISMATCH`).
/// `XIANGQI_RESULT_INVALID_ARGUMENT` if `m` is not a valid move,
/// `XIANGQI_RESULT_NULL_PARAMETER` if `pos` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_why_illegal(
    pos: *const xiangqi_position,
    m: xiangqi_move,
) -> xiangqi_result {
    ffi_fn!({
        let pos = arg_ref(pos)?;
        let m = move_arg(m)?;
        match pos.inner.why_illegal(m) {
            None => Ok(()),
            Some(reason) => Err(reason.into()),
        }
    })
}

/// Checks whether moving from `from` to `to` is legal in `pos` (whatever
/// stands there): `XIANGQI_RESULT_OK` if it is, otherwise the first rule it
/// breaks as `XIANGQI_RESULT_ILLEGAL_*` (`XIANGQI_RESULT_ILLEGAL_NO_PIECE` for
/// an empty origin). `XIANGQI_RESULT_INVALID_ARGUMENT` for points out of range
/// or equal, `XIANGQI_RESULT_NULL_PARAMETER` if `pos` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_why_illegal_points(
    pos: *const xiangqi_position,
    from: xiangqi_square,
    to: xiangqi_square,
) -> xiangqi_result {
    ffi_fn!({
        let pos = arg_ref(pos)?;
        let from = square_arg(from)?;
        let to = square_arg(to)?;
        if from == to {
            return Err(xiangqi_result::InvalidArgument);
        }
        match pos.inner.why_illegal_iccs(IccsMove { from, to }) {
            None => Ok(()),
            Some(reason) => Err(reason.into()),
        }
    })
}

/// Plays `m` on `pos` after checking that it is legal. On error the position
/// is unchanged: the `XIANGQI_RESULT_ILLEGAL_*` reason (as
/// `xiangqi_position_why_illegal`), `XIANGQI_RESULT_INVALID_ARGUMENT` for
/// invalid move bits, `XIANGQI_RESULT_NULL_PARAMETER`. Needs exclusive access
/// to `pos`.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_play(
    pos: *mut xiangqi_position,
    m: xiangqi_move,
) -> xiangqi_result {
    update(pos, |pos| {
        let m = move_arg(m)?;
        Ok(pos.inner.play(m)?)
    })
}

/// Writes to `*out` a new handle holding `pos` after the legal move `m`;
/// `pos` is unchanged. The caller frees the new handle with
/// `xiangqi_position_free`. Errors as `xiangqi_position_play` (`*out`
/// untouched). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_play_new(
    pos: *const xiangqi_position,
    m: xiangqi_move,
    out: *mut *mut xiangqi_position,
) -> xiangqi_result {
    read_value(pos, out, |pos| {
        let m = move_arg(m)?;
        let mut next = pos.inner.clone();
        next.play(m)?;
        Ok(into_handle(xiangqi_position { inner: next }))
    })
}

/// Writes the 64-bit Zobrist key of the board and the side to move (not the
/// FEN counters) to `*out`: equal positions have equal keys. Stable within a
/// version of this library only. `XIANGQI_RESULT_NULL_PARAMETER` if a pointer
/// is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_zobrist(
    pos: *const xiangqi_position,
    out: *mut u64,
) -> xiangqi_result {
    read_value(pos, out, |pos| Ok(pos.inner.zobrist()))
}

/// Counts the leaf nodes of the legal move tree of `pos` to `depth` plies
/// (perft; depth 0 counts 1; a side without a legal move has no children) and
/// writes the count to `*out`. Takes time exponential in `depth` (the start
/// position at depth 4 is about 3.3 million nodes).
/// `XIANGQI_RESULT_INVALID_ARGUMENT` for a depth above
/// `XIANGQI_MAX_PERFT_DEPTH`, `XIANGQI_RESULT_NULL_PARAMETER` if a pointer is
/// NULL. Thread-safe; several threads may run perft on one `const` handle at
/// once.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_perft(
    pos: *const xiangqi_position,
    depth: u32,
    out: *mut u64,
) -> xiangqi_result {
    read_value(pos, out, |pos| {
        if depth > XIANGQI_MAX_PERFT_DEPTH {
            return Err(xiangqi_result::InvalidArgument);
        }
        Ok(xq::perft(&pos.inner, depth))
    })
}

/// One line of `xiangqi_position_perft_divide`: a legal move and the perft
/// count below it.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct xiangqi_perft_entry {
    /// The legal move.
    pub r#move: xiangqi_move,
    /// The leaf nodes below it at `depth - 1` plies.
    pub nodes: u64,
}

/// Writes the perft count below each legal move of `pos` (`depth` plies in
/// all), in the order of `xiangqi_position_legal_moves`, into `buf`
/// (capacity `cap` entries; buffer convention as for
/// `xiangqi_position_legal_moves`, `XIANGQI_MAX_LEGAL_MOVES` always
/// suffices): for finding where two move generators disagree. No entries for
/// depth 0. `XIANGQI_RESULT_INVALID_ARGUMENT` for a depth above
/// `XIANGQI_MAX_PERFT_DEPTH`, `XIANGQI_RESULT_NULL_PARAMETER` if `pos` or
/// `out_len` is NULL. The counts are computed before the capacity is
/// checked: a size query costs as much as the call. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_position_perft_divide(
    pos: *const xiangqi_position,
    depth: u32,
    buf: *mut xiangqi_perft_entry,
    cap: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_array(pos, buf, cap, out_len, |pos, out| {
        if depth > XIANGQI_MAX_PERFT_DEPTH {
            return Err(xiangqi_result::InvalidArgument);
        }
        let entries: Vec<xiangqi_perft_entry> = xq::perft_divide(&pos.inner, depth)
            .into_iter()
            .map(|(m, nodes)| xiangqi_perft_entry {
                r#move: move_bits(m),
                nodes,
            })
            .collect();
        out.write(entries.into_iter())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{moves, out, s, text};
    use crate::types::{XIANGQI_COLOR_BLACK, XIANGQI_COLOR_RED, XIANGQI_ROLE_CANNON};

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    fn from_fen(fen: &str) -> Result<*mut xiangqi_position, xiangqi_result> {
        let (p, n) = s(fen);
        let mut pos = core::ptr::null_mut();
        match xiangqi_position_from_fen(p, n, &mut pos) {
            xiangqi_result::Ok => Ok(pos),
            e => Err(e),
        }
    }

    fn point(name: &str) -> xiangqi_square {
        name.parse::<xq::Square>().unwrap().index() as u8
    }

    #[test]
    fn the_start_position_reads_and_writes_its_fen() {
        let pos = out(|o| xiangqi_position_new(o));
        assert_eq!(text(|b, l, n| xiangqi_position_to_fen(pos, b, l, n)), START);
        assert_eq!(out(|o| xiangqi_position_turn(pos, o)), XIANGQI_COLOR_RED);
        assert_eq!(
            moves(|b, c, n| xiangqi_position_legal_moves(pos, b, c, n)).len(),
            44
        );
        assert_eq!(out(|o| xiangqi_position_legal_move_count(pos, o)), 44);
        assert!(!out(|o| xiangqi_position_in_check(pos, o)));
        let cannon = out(|o| xiangqi_position_piece_at(pos, point("h2"), o));
        assert_eq!(
            (cannon.color, cannon.role),
            (XIANGQI_COLOR_RED, XIANGQI_ROLE_CANNON)
        );
        let same = from_fen(START).unwrap();
        assert_eq!(
            out(|o| xiangqi_position_zobrist(pos, o)),
            out(|o| xiangqi_position_zobrist(same, o))
        );
        xiangqi_position_free(same);
        xiangqi_position_free(pos);
    }

    #[test]
    fn a_bad_fen_gives_its_code_and_writes_nothing() {
        let (p, n) = s("rnbakabnr/9 w");
        let sentinel = core::ptr::NonNull::<xiangqi_position>::dangling().as_ptr();
        let mut pos = sentinel;
        assert_eq!(
            xiangqi_position_from_fen(p, n, &mut pos),
            xiangqi_result::FenRankCount
        );
        assert_eq!(pos, sentinel, "untouched on error");
        assert_eq!(
            from_fen("3k5/9/9/9/9/9/9/9/9/3K5 w").err(),
            Some(xiangqi_result::SetupGeneralsFacing)
        );
    }

    #[test]
    fn moves_are_read_checked_and_played() {
        let pos = out(|o| xiangqi_position_new(o));
        let (p, n) = s("h2e2");
        let m = out(|o| xiangqi_position_parse_iccs(pos, p, n, o));
        assert_eq!(xiangqi_position_why_illegal(pos, m), xiangqi_result::Ok);
        assert_eq!(
            xiangqi_position_why_illegal_points(pos, point("h2"), point("h7")),
            xiangqi_result::IllegalNoScreen
        );
        let next = out(|o| xiangqi_position_play_new(pos, m, o));
        assert_eq!(out(|o| xiangqi_position_turn(next, o)), XIANGQI_COLOR_BLACK);
        assert_eq!(
            out(|o| xiangqi_position_turn(pos, o)),
            XIANGQI_COLOR_RED,
            "unchanged"
        );
        assert_eq!(xiangqi_position_play(pos, m), xiangqi_result::Ok);
        assert_eq!(
            text(|b, l, n| xiangqi_position_to_fen(pos, b, l, n)),
            text(|b, l, n| xiangqi_position_to_fen(next, b, l, n))
        );
        assert_eq!(
            xiangqi_position_play(pos, m),
            xiangqi_result::IllegalNoPiece,
            "the cannon has left h2"
        );
        let clone = out(|o| xiangqi_position_clone(pos, o));
        assert_eq!(
            text(|b, l, n| xiangqi_position_to_fen(clone, b, l, n)),
            text(|b, l, n| xiangqi_position_to_fen(pos, b, l, n))
        );
        for handle in [pos, next, clone] {
            xiangqi_position_free(handle);
        }
    }

    #[test]
    fn checkers_are_listed_by_point() {
        let pos = from_fen("1n3k3/7r1/R3c4/9/9/9/4p4/2N5B/9/3AKA3 w - - 0 1").unwrap();
        let points = checker_points(pos);
        assert_eq!(points, vec![point("e7")]);
        xiangqi_position_free(pos);
        let start = out(|o| xiangqi_position_new(o));
        assert!(checker_points(start).is_empty());
        xiangqi_position_free(start);
    }

    fn checker_points(pos: *mut xiangqi_position) -> Vec<xiangqi_square> {
        let mut buf = [0u8; 16];
        let mut n = 0;
        assert_eq!(
            xiangqi_position_checkers(pos, buf.as_mut_ptr(), buf.len(), &mut n),
            xiangqi_result::Ok
        );
        buf[..n].to_vec()
    }

    #[test]
    fn perft_counts_the_start_position_and_refuses_deep_requests() {
        let pos = out(|o| xiangqi_position_new(o));
        assert_eq!(out(|o| xiangqi_position_perft(pos, 2, o)), 1_920);
        let mut entries = [xiangqi_perft_entry {
            r#move: 0,
            nodes: 0,
        }; 64];
        let mut n = 0;
        assert_eq!(
            xiangqi_position_perft_divide(pos, 2, entries.as_mut_ptr(), entries.len(), &mut n),
            xiangqi_result::Ok
        );
        assert_eq!(n, 44);
        assert_eq!(entries[..n].iter().map(|e| e.nodes).sum::<u64>(), 1_920);
        let legal = moves(|b, c, l| xiangqi_position_legal_moves(pos, b, c, l));
        assert!(entries[..n].iter().map(|e| e.r#move).eq(legal));
        let mut count = 7;
        assert_eq!(
            xiangqi_position_perft(pos, XIANGQI_MAX_PERFT_DEPTH + 1, &mut count),
            xiangqi_result::InvalidArgument
        );
        assert_eq!(count, 7);
        assert_eq!(XIANGQI_MAX_PERFT_DEPTH, xq::MAX_PERFT_DEPTH);
        xiangqi_position_free(pos);
    }
}
