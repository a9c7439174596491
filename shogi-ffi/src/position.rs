//! `shogi_position`: a position handle, with SFEN in and out, the board and
//! hands, legal moves, move checking with reasons, play and undo, the Zobrist
//! key and perft.

use core::ffi::c_char;

use shogi::{Move, Position, Promotion};

use crate::boundary::{
    arg_out_opt, arg_ref, arg_str, free_handle, into_handle, new_handle, read_moves, read_text,
    read_value, update,
};
use crate::result::shogi_result;
use crate::types::{
    color_arg, color_out, move_arg, previous_arg, role_arg, shogi_color, shogi_move, shogi_piece,
    shogi_role, shogi_square, square_arg, square_opt_out,
};

/// An opaque position: the board, both hands, the side to move and the move
/// number, plus the moves played on this handle with `shogi_position_play`
/// (so that `shogi_position_undo` can take them back).
///
/// Made by `shogi_position_new`, `shogi_position_from_sfen`,
/// `shogi_position_clone`, `shogi_game_position`, `shogi_game_start_position`
/// and `shogi_record_start_position`; the caller owns it and frees it with
/// `shogi_position_free`, exactly once.
///
/// Thread safety: a `const shogi_position *` may be read from several threads
/// at once; a function that takes `shogi_position *` (play, undo) needs
/// exclusive access for its duration. A handle may be moved between threads.
#[allow(non_camel_case_types)]
pub struct shogi_position {
    pub(crate) inner: Position,
    played: Vec<Move>,
}

impl shogi_position {
    /// A handle for `inner` with no moves to undo.
    pub(crate) fn new(inner: Position) -> shogi_position {
        shogi_position {
            inner,
            played: Vec::new(),
        }
    }

    /// Plays the legal move `m`, which `shogi_position_undo` can take back.
    pub(crate) fn play(&mut self, m: Move) {
        self.inner.play_unchecked(m);
        self.played.push(m);
    }
}

/// Whether a legal board move from one square to another promotes.
#[allow(non_camel_case_types)]
pub type shogi_promotion = u8;
/// Neither the promoting nor the plain move is legal.
pub const SHOGI_PROMOTION_NONE: shogi_promotion = 0;
/// Only the plain move is legal.
pub const SHOGI_PROMOTION_NEVER: shogi_promotion = 1;
/// Both are legal: the player chooses.
pub const SHOGI_PROMOTION_MAY: shogi_promotion = 2;
/// Only the promoting move is legal.
pub const SHOGI_PROMOTION_MUST: shogi_promotion = 3;

/// Makes a new handle holding the standard start position and writes it to
/// `*out`. The caller frees it with `shogi_position_free`.
///
/// `SHOGI_RESULT_NULL_PARAMETER` if `out` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_new(out: *mut *mut shogi_position) -> shogi_result {
    new_handle(out, || Ok(shogi_position::new(Position::startpos())))
}

/// Parses SFEN text (`lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`;
/// the move number may be omitted) into a new handle written to `*out`; the
/// caller frees it with `shogi_position_free`.
///
/// Only legal setups are accepted (see `shogi_position_from_sfen_setup` for
/// composed problems and unchecked positions). Errors: `SHOGI_RESULT_SFEN_*` for malformed
/// text, `SHOGI_RESULT_SETUP_*` for an illegal setup, `SHOGI_RESULT_INVALID_UTF8`,
/// `SHOGI_RESULT_NULL_PARAMETER`; `*out` is untouched on error. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_from_sfen(
    sfen: *const c_char,
    sfen_len: usize,
    out: *mut *mut shogi_position,
) -> shogi_result {
    new_handle(out, || {
        let text = arg_str(sfen, sfen_len)?;
        let pos = Position::from_sfen(text)?;
        Ok(shogi_position::new(pos))
    })
}

/// Which setups `shogi_position_from_sfen_setup` accepts.
#[allow(non_camel_case_types)]
pub type shogi_setup = u8;
/// Legal setups only, as `shogi_position_from_sfen`: the kings, the piece
/// counts, no two unpromoted pawns of a side on a file, no piece that could
/// never move, the side not to move not in check.
pub const SHOGI_SETUP_LEGAL: shogi_setup = 0;
/// The starts game records accept for composed problems: as
/// `SHOGI_SETUP_LEGAL`, but two unpromoted pawns on a file and pieces that
/// could never move are allowed.
pub const SHOGI_SETUP_COMPOSED: shogi_setup = 1;
/// Any position the text describes (for analysis tools and test positions
/// such as extra material). Move generation never fails on such a position,
/// but its results follow the rules only as far as the position allows.
pub const SHOGI_SETUP_ANY: shogi_setup = 2;

/// As `shogi_position_from_sfen`, accepting the setups `setup` names.
///
/// Errors: as `shogi_position_from_sfen` (`SHOGI_RESULT_SETUP_*` only for the
/// rules `setup` keeps), and `SHOGI_RESULT_INVALID_ARGUMENT` for an unknown
/// `setup`; `*out` is untouched on error. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_from_sfen_setup(
    sfen: *const c_char,
    sfen_len: usize,
    setup: shogi_setup,
    out: *mut *mut shogi_position,
) -> shogi_result {
    new_handle(out, || {
        let text = arg_str(sfen, sfen_len)?;
        let pos = match setup {
            SHOGI_SETUP_LEGAL => Position::from_sfen(text)?,
            SHOGI_SETUP_COMPOSED => Position::from_sfen_composed(text)?,
            SHOGI_SETUP_ANY => Position::from_sfen_unvalidated(text)?,
            _ => return Err(shogi_result::InvalidArgument),
        };
        Ok(shogi_position::new(pos))
    })
}

/// Copies `pos` (with its undo history) into a new handle written to `*out`;
/// the caller frees it with `shogi_position_free`.
///
/// `SHOGI_RESULT_NULL_PARAMETER` if either pointer is NULL. Thread-safe for a
/// `pos` only read meanwhile.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_clone(
    pos: *const shogi_position,
    out: *mut *mut shogi_position,
) -> shogi_result {
    read_value(pos, out, |pos| {
        Ok(into_handle(shogi_position {
            inner: pos.inner.clone(),
            played: pos.played.clone(),
        }))
    })
}

/// Frees a position handle. NULL is ignored. The handle must not be used
/// afterwards. Infallible.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_free(pos: *mut shogi_position) {
    ffi_fn!(infallible(), { free_handle(pos) })
}

/// Writes the canonical SFEN of `pos` (with the move number) into `buf`: the
/// text plus a NUL, its length in `*out_len`. When `buf_len` is too small:
/// `SHOGI_RESULT_BUFFER_TOO_SMALL`, the needed length (without the NUL) in
/// `*out_len`, and an empty string in `buf` if `buf_len > 0`; `buf` may be NULL
/// when `buf_len` is 0. `SHOGI_RESULT_NULL_PARAMETER` if `pos` or `out_len` is
/// NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_to_sfen(
    pos: *const shogi_position,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(pos, buf, buf_len, out_len, |pos| Ok(pos.inner.to_sfen()))
}

/// Writes the side to move to `*out`. `SHOGI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_turn(
    pos: *const shogi_position,
    out: *mut shogi_color,
) -> shogi_result {
    read_value(pos, out, |pos| Ok(color_out(pos.inner.turn())))
}

/// Writes the SFEN move number (the number of the next ply, 1 at the start) to
/// `*out`. `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_move_number(
    pos: *const shogi_position,
    out: *mut u32,
) -> shogi_result {
    read_value(pos, out, |pos| Ok(pos.inner.move_number()))
}

/// Writes the piece on `sq` to `*out` (`{SHOGI_COLOR_NONE, SHOGI_ROLE_NONE}`
/// for an empty square). `SHOGI_RESULT_INVALID_ARGUMENT` for a square out of
/// range, `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_piece_at(
    pos: *const shogi_position,
    sq: shogi_square,
    out: *mut shogi_piece,
) -> shogi_result {
    read_value(pos, out, |pos| {
        let sq = square_arg(sq)?;
        Ok(shogi_piece::of(pos.inner.piece_at(sq)))
    })
}

/// Writes how many pieces of `role` `color` holds in hand to `*out` (a
/// promoted role counts as its unpromoted form; the king is always 0).
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a color or role out of range,
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_hand_count(
    pos: *const shogi_position,
    color: shogi_color,
    role: shogi_role,
    out: *mut u8,
) -> shogi_result {
    read_value(pos, out, |pos| {
        let color = color_arg(color)?;
        let role = role_arg(role)?;
        Ok(pos.inner.hand(color).get(role))
    })
}

/// Writes the square of `color`'s king to `*out`, or `SHOGI_SQUARE_NONE` when
/// it has none (composed problems). `SHOGI_RESULT_INVALID_ARGUMENT` for a
/// color out of range, `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_king_square(
    pos: *const shogi_position,
    color: shogi_color,
    out: *mut shogi_square,
) -> shogi_result {
    read_value(pos, out, |pos| {
        let color = color_arg(color)?;
        Ok(square_opt_out(pos.inner.king_of(color)))
    })
}

/// Writes whether the side to move is in check to `*out`.
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_in_check(
    pos: *const shogi_position,
    out: *mut bool,
) -> shogi_result {
    read_value(pos, out, |pos| Ok(pos.inner.in_check()))
}

/// Writes whether the side to move is checkmated (in check with no legal
/// move) to `*out`. `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_is_checkmate(
    pos: *const shogi_position,
    out: *mut bool,
) -> shogi_result {
    read_value(pos, out, |pos| Ok(pos.inner.is_checkmate()))
}

/// Writes the legal moves of the side to move into `buf` (capacity `cap`
/// moves) and their number to `*out_len`. If they do not fit, nothing is
/// written to `buf`, `*out_len` gets their number and the result is
/// `SHOGI_RESULT_BUFFER_TOO_SMALL`; `buf` may be NULL when `cap` is 0 (a count
/// query). A capacity of `SHOGI_MAX_LEGAL_MOVES` always suffices. Optional
/// promotions appear as two moves. `SHOGI_RESULT_NULL_PARAMETER` if `pos` or
/// `out_len` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_legal_moves(
    pos: *const shogi_position,
    buf: *mut shogi_move,
    cap: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_moves(pos, buf, cap, out_len, |pos, out| {
        out.write(pos.inner.legal_moves().iter().copied())
    })
}

/// Like `shogi_position_legal_moves`, for the moves of the piece on `from`
/// only (none if no piece of the side to move stands there).
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a square out of range.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_legal_moves_from(
    pos: *const shogi_position,
    from: shogi_square,
    buf: *mut shogi_move,
    cap: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_moves(pos, buf, cap, out_len, |pos, out| {
        let from = square_arg(from)?;
        out.write(pos.inner.legal_moves_from(from).iter().copied())
    })
}

/// Like `shogi_position_legal_moves`, for the legal drops of `role` only (none
/// if the side to move holds none). `SHOGI_RESULT_INVALID_ARGUMENT` for a role
/// that cannot be held in hand (the king, promoted roles) or out of range.
/// At most 81 moves.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_legal_drops(
    pos: *const shogi_position,
    role: shogi_role,
    buf: *mut shogi_move,
    cap: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_moves(pos, buf, cap, out_len, |pos, out| {
        let role = role_arg(role)?;
        if !role.is_hand_role() {
            return Err(shogi_result::InvalidArgument);
        }
        let drops: Vec<Move> = pos
            .inner
            .legal_drops(role)
            .into_iter()
            .map(|to| Move::drop(role, to))
            .collect();
        out.write(drops.into_iter())
    })
}

/// Resolves USI move text (`7g7f`, `8h2b+`, `P*5e`) against `pos` and writes
/// the legal move it means to `*out`.
///
/// Errors (`*out` untouched): `SHOGI_RESULT_USI_*` for malformed text,
/// `SHOGI_RESULT_ILLEGAL_*` with the reason for an illegal move,
/// `SHOGI_RESULT_INVALID_UTF8`, `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_parse_usi(
    pos: *const shogi_position,
    usi: *const c_char,
    usi_len: usize,
    out: *mut shogi_move,
) -> shogi_result {
    read_value(pos, out, |pos| {
        let text = arg_str(usi, usi_len)?;
        Ok(pos.inner.parse_usi_move(text)?.to_bits())
    })
}

/// Checks whether `m` is legal in `pos`: `SHOGI_RESULT_OK` if it is, otherwise
/// the reason as `SHOGI_RESULT_ILLEGAL_*` (a move whose squares make a legal
/// move but whose role or capture does not match the board is
/// `SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE`). `SHOGI_RESULT_INVALID_ARGUMENT` if
/// `m` is not a valid move, `SHOGI_RESULT_NULL_PARAMETER` if `pos` is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_check_move(
    pos: *const shogi_position,
    m: shogi_move,
) -> shogi_result {
    ffi_fn!({
        let pos = arg_ref(pos)?;
        let m = move_arg(m)?;
        Ok(pos.inner.check(m)?)
    })
}

/// Writes whether a board move from `from` to `to` must, may or cannot promote
/// to `*out` (`SHOGI_PROMOTION_NONE` when neither form is legal).
/// `SHOGI_RESULT_INVALID_ARGUMENT` for squares out of range,
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_promotion_options(
    pos: *const shogi_position,
    from: shogi_square,
    to: shogi_square,
    out: *mut shogi_promotion,
) -> shogi_result {
    read_value(pos, out, |pos| {
        let from = square_arg(from)?;
        let to = square_arg(to)?;
        Ok(match pos.inner.promotion_options(from, to) {
            None => SHOGI_PROMOTION_NONE,
            Some(Promotion::Never) => SHOGI_PROMOTION_NEVER,
            Some(Promotion::May) => SHOGI_PROMOTION_MAY,
            Some(Promotion::Must) => SHOGI_PROMOTION_MUST,
        })
    })
}

/// Plays `m` on `pos` after checking that it is legal, and remembers it for
/// `shogi_position_undo`. On error the position is unchanged: the
/// `SHOGI_RESULT_ILLEGAL_*` reason (as `shogi_position_check_move`),
/// `SHOGI_RESULT_INVALID_ARGUMENT` for invalid move bits,
/// `SHOGI_RESULT_NULL_PARAMETER`. Needs exclusive access to `pos`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_play(pos: *mut shogi_position, m: shogi_move) -> shogi_result {
    update(pos, |pos| {
        let m = move_arg(m)?;
        pos.inner.play(m)?;
        pos.played.push(m);
        Ok(())
    })
}

/// Takes back the last move played on this handle with `shogi_position_play`,
/// restoring the position exactly, and writes that move to `*out_move_or_null`
/// unless it is NULL. `SHOGI_RESULT_NOTHING_TO_UNDO` when no move played on
/// this handle remains (positions from SFEN, games or records start with none),
/// `SHOGI_RESULT_NULL_PARAMETER` if `pos` is NULL. Needs exclusive access to
/// `pos`.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_undo(
    pos: *mut shogi_position,
    out_move_or_null: *mut shogi_move,
) -> shogi_result {
    update(pos, |pos| {
        let m = pos.played.pop().ok_or(shogi_result::NothingToUndo)?;
        pos.inner.undo(m);
        if let Some(out) = arg_out_opt(out_move_or_null) {
            out.write(m.to_bits());
        }
        Ok(())
    })
}

/// Writes the 64-bit Zobrist key of board, hands and side to move (not the
/// move number) to `*out`: equal positions have equal keys. Stable within a
/// version of this library only. `SHOGI_RESULT_NULL_PARAMETER` if a pointer
/// is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_zobrist(
    pos: *const shogi_position,
    out: *mut u64,
) -> shogi_result {
    read_value(pos, out, |pos| Ok(pos.inner.zobrist()))
}

/// Counts the leaf nodes of the legal move tree of `pos` to `depth` plies
/// (perft; depth 0 counts 1) and writes the count to `*out`. Takes time
/// exponential in `depth` (the start position at depth 5 is about 20 million
/// nodes). `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL,
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a depth above 64, which no count
/// could reach (each ply is a level of recursion). Thread-safe;
/// several threads may run perft on one `const` handle at once.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_perft(
    pos: *const shogi_position,
    depth: u32,
    out: *mut u64,
) -> shogi_result {
    read_value(pos, out, |pos| {
        if depth > shogi::MAX_PERFT_DEPTH {
            return Err(shogi_result::InvalidArgument);
        }
        Ok(shogi::perft(&pos.inner, depth))
    })
}

/// Draws `pos` as an SVG document (UTF-8, no external resources: the board
/// with pieces in kanji, both hands, file and rank labels) into `buf` (buffer
/// convention as for `shogi_position_to_sfen`; a picture is about 10 KB).
/// When `last_move` is not `SHOGI_MOVE_NONE`, its squares are shaded. The same
/// position and move always give the same text.
/// `SHOGI_RESULT_INVALID_ARGUMENT` for invalid `last_move` bits. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_svg(
    pos: *const shogi_position,
    last_move: shogi_move,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(pos, buf, buf_len, out_len, |pos| {
        let last = previous_arg(last_move)?;
        Ok(shogi::svg::render(&pos.inner, last))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{moves, out, s, text};
    use crate::types::*;

    /// A position handle from SFEN, freed when dropped.
    struct Pos(*mut shogi_position);

    impl Pos {
        fn sfen(sfen: &str) -> Pos {
            let (p, n) = s(sfen);
            Pos(out(|o| shogi_position_from_sfen(p, n, o)))
        }

        fn usi(&self, usi: &str) -> Result<shogi_move, shogi_result> {
            let (p, n) = s(usi);
            let mut m = 0;
            match shogi_position_parse_usi(self.0, p, n, &mut m) {
                shogi_result::Ok => Ok(m),
                err => Err(err),
            }
        }
    }

    impl Drop for Pos {
        fn drop(&mut self) {
            shogi_position_free(self.0);
        }
    }

    fn sq(name: &str) -> shogi_square {
        name.parse::<shogi::Square>().unwrap().index() as u8
    }

    #[test]
    fn the_start_position_has_30_legal_moves_and_its_sfen() {
        let pos = Pos(out(|o| shogi_position_new(o)));
        assert_eq!(
            moves(|b, c, n| shogi_position_legal_moves(pos.0, b, c, n)).len(),
            30
        );
        assert_eq!(
            text(|b, l, n| shogi_position_to_sfen(pos.0, b, l, n)),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
        );
        assert_eq!(out(|o| shogi_position_turn(pos.0, o)), SHOGI_COLOR_SENTE);
        assert_eq!(out(|o| shogi_position_move_number(pos.0, o)), 1);
        assert_eq!(
            out(|o| shogi_position_king_square(pos.0, SHOGI_COLOR_GOTE, o)),
            sq("5a")
        );
        let mut piece = shogi_piece { color: 9, role: 9 };
        assert_eq!(
            shogi_position_piece_at(pos.0, sq("8h"), &mut piece),
            shogi_result::Ok
        );
        assert_eq!(
            (piece.color, piece.role),
            (SHOGI_COLOR_SENTE, SHOGI_ROLE_BISHOP)
        );
        assert_eq!(
            shogi_position_piece_at(pos.0, sq("5e"), &mut piece),
            shogi_result::Ok
        );
        assert_eq!(
            (piece.color, piece.role),
            (SHOGI_COLOR_NONE, SHOGI_ROLE_NONE)
        );
        assert_eq!(out(|o| shogi_position_perft(pos.0, 3, o)), 25_470);
        let mut nodes = 0;
        assert_eq!(
            shogi_position_perft(pos.0, 1_000_000, &mut nodes),
            shogi_result::InvalidArgument
        );
        assert!(!out(|o| shogi_position_in_check(pos.0, o)));
    }

    #[test]
    fn a_move_list_too_small_reports_the_count_and_writes_nothing() {
        let pos = Pos(out(|o| shogi_position_new(o)));
        let mut buf = [7u32; 29];
        let mut n = 0;
        assert_eq!(
            shogi_position_legal_moves(pos.0, buf.as_mut_ptr(), buf.len(), &mut n),
            shogi_result::BufferTooSmall
        );
        assert_eq!(n, 30);
        assert!(buf.iter().all(|&m| m == 7));
    }

    #[test]
    fn every_illegal_reason_comes_back_as_its_code() {
        use shogi_result::*;
        let cases = [
            (
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                "P*5e",
                IllegalNotInHand,
            ),
            ("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5g", IllegalOccupied),
            ("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*1a", IllegalDeadPiece),
            ("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5d", IllegalNifu),
            (
                "4k4/9/9/9/9/9/9/9/4K3r b - 1",
                "5i4i",
                IllegalLeavesKingInCheck,
            ),
            ("8k/9/6NG1/9/9/9/9/9/4K4 b P 1", "P*1b", IllegalUchifuzume),
            ("4k4/9/9/9/9/9/9/9/4K4 b - 1", "5e5d", IllegalNotAPieceMove),
            (
                "4k4/9/9/9/9/9/4P4/9/4K4 b - 1",
                "5g5f+",
                IllegalCannotPromote,
            ),
            ("4k4/P8/9/9/9/9/9/9/4K4 b - 1", "9b9a", IllegalMustPromote),
        ];
        for (sfen, usi, code) in cases {
            assert_eq!(Pos::sfen(sfen).usi(usi), Err(code), "{usi} in {sfen}");
        }
        let pos = Pos::sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
        assert_eq!(pos.usi("P*5"), Err(UsiBadLength));
        let nifu = Move::drop(shogi::Role::Pawn, shogi::Square::SQ_5D).to_bits();
        assert_eq!(shogi_position_check_move(pos.0, nifu), IllegalNifu);
        assert_eq!(shogi_position_check_move(pos.0, u32::MAX), InvalidArgument);
        // Right squares, wrong piece: not the move the board allows.
        let lie = Move::normal(
            shogi::Role::Gold,
            shogi::Square::SQ_5G,
            shogi::Square::SQ_5F,
            None,
            false,
        );
        assert_eq!(
            shogi_position_check_move(pos.0, lie.to_bits()),
            IllegalNotAPieceMove
        );
        let ok = pos.usi("5g5f").unwrap();
        assert_eq!(shogi_position_check_move(pos.0, ok), Ok);
    }

    #[test]
    fn promotion_options_say_must_may_never_or_none() {
        let pos = Pos::sfen("4k4/P8/9/4S4/9/9/4P4/9/4K4 b - 1");
        let opt = |from: &str, to: &str| {
            out(|o| shogi_position_promotion_options(pos.0, sq(from), sq(to), o))
        };
        assert_eq!(opt("9b", "9a"), SHOGI_PROMOTION_MUST);
        assert_eq!(opt("5d", "5c"), SHOGI_PROMOTION_MAY);
        assert_eq!(opt("5g", "5f"), SHOGI_PROMOTION_NEVER);
        assert_eq!(opt("5g", "5e"), SHOGI_PROMOTION_NONE);
    }

    #[test]
    fn play_and_undo_restore_the_position_exactly() {
        let pos = Pos(out(|o| shogi_position_new(o)));
        let key = out(|o| shogi_position_zobrist(pos.0, o));
        assert_eq!(
            shogi_position_undo(pos.0, core::ptr::null_mut()),
            shogi_result::NothingToUndo
        );
        for usi in ["7g7f", "3c3d", "8h2b+"] {
            let m = pos.usi(usi).unwrap();
            assert_eq!(shogi_position_play(pos.0, m), shogi_result::Ok);
        }
        assert_eq!(
            out(|o| shogi_position_hand_count(pos.0, SHOGI_COLOR_SENTE, SHOGI_ROLE_BISHOP, o)),
            1
        );
        let illegal = Move::drop(shogi::Role::Rook, shogi::Square::SQ_5E).to_bits();
        assert_eq!(
            shogi_position_play(pos.0, illegal),
            shogi_result::IllegalNotInHand
        );
        let last: u32 = out(|o| shogi_position_undo(pos.0, o));
        assert_eq!(text(|b, l, n| shogi_move_to_usi(last, b, l, n)), "8h2b+");
        assert_eq!(
            shogi_position_undo(pos.0, core::ptr::null_mut()),
            shogi_result::Ok
        );
        assert_eq!(
            shogi_position_undo(pos.0, core::ptr::null_mut()),
            shogi_result::Ok
        );
        assert_eq!(out(|o| shogi_position_zobrist(pos.0, o)), key);
    }

    #[test]
    fn moves_from_a_square_and_drops_of_a_role() {
        let pos = Pos::sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
        let from = moves(|b, c, n| shogi_position_legal_moves_from(pos.0, sq("5i"), b, c, n));
        assert_eq!(from.len(), 5);
        let drops = moves(|b, c, n| shogi_position_legal_drops(pos.0, SHOGI_ROLE_PAWN, b, c, n));
        assert_eq!(
            drops.len(),
            8 * 8,
            "the 8 files without a pawn, ranks b to i"
        );
        let mut n = 0;
        assert_eq!(
            shogi_position_legal_drops(pos.0, SHOGI_ROLE_KING, core::ptr::null_mut(), 0, &mut n),
            shogi_result::InvalidArgument
        );
    }

    #[test]
    fn checkmate_is_seen() {
        let pos = Pos::sfen("4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1");
        assert!(out(|o| shogi_position_in_check(pos.0, o)));
        assert!(out(|o| shogi_position_is_checkmate(pos.0, o)));
    }

    #[test]
    fn bad_sfen_is_its_code_and_leaves_the_out_parameter_alone() {
        let mut handle = core::ptr::null_mut();
        let (p, n) = s("4k4/9/9 b - 1");
        assert_eq!(
            shogi_position_from_sfen(p, n, &mut handle),
            shogi_result::SfenRowCount
        );
        assert!(handle.is_null());
        assert_eq!(
            shogi_position_from_sfen(core::ptr::null(), 0, &mut handle),
            shogi_result::NullParameter
        );
        let bad = [0xFFu8];
        assert_eq!(
            shogi_position_from_sfen(bad.as_ptr().cast(), 1, &mut handle),
            shogi_result::InvalidUtf8
        );
    }

    #[test]
    fn the_picture_is_svg() {
        let pos = Pos(out(|o| shogi_position_new(o)));
        let svg = text(|b, l, n| shogi_position_svg(pos.0, SHOGI_MOVE_NONE, b, l, n));
        assert!(svg.starts_with("<svg"));
    }

    #[test]
    fn a_clone_is_independent() {
        let pos = Pos(out(|o| shogi_position_new(o)));
        let copy = Pos(out(|o| shogi_position_clone(pos.0, o)));
        assert_eq!(
            shogi_position_play(copy.0, pos.usi("7g7f").unwrap()),
            shogi_result::Ok
        );
        assert_eq!(out(|o| shogi_position_move_number(pos.0, o)), 1);
        assert_eq!(out(|o| shogi_position_move_number(copy.0, o)), 2);
    }
}
