//! The small value types that cross the boundary as integers: colors, roles,
//! squares, pieces and moves, with the functions that build and take apart
//! squares and moves.
//!
//! Enumerations are integer typedefs with `#define`d values rather than C
//! enums, so that a value C passes in can be checked (an out-of-range value
//! gives `SHOGI_RESULT_INVALID_ARGUMENT`) instead of being undefined behaviour
//! on the Rust side.

use core::ffi::c_char;

use shogi::{Color, Move, Piece, Role, Square};

use crate::boundary::{write_text, write_value};
use crate::result::shogi_result;

/// A side: `SHOGI_COLOR_SENTE` (0, moves first, uppercase in SFEN) or
/// `SHOGI_COLOR_GOTE` (1). Outputs use `SHOGI_COLOR_NONE` (2) for "no side"
/// (a draw, an empty square, no open offer).
#[allow(non_camel_case_types)]
pub type shogi_color = u8;
/// Sente (black, ▲), who moves first.
pub const SHOGI_COLOR_SENTE: shogi_color = 0;
/// Gote (white, △).
pub const SHOGI_COLOR_GOTE: shogi_color = 1;
/// No side (outputs only).
pub const SHOGI_COLOR_NONE: shogi_color = 2;

/// A piece kind, numbered as in the core crate: the unpromoted kinds 0–7
/// (pawn … king), the promoted kinds 8–13 (promoted pawn + 8 … dragon).
/// `SHOGI_ROLE_NONE` (255) in outputs means "no piece".
#[allow(non_camel_case_types)]
pub type shogi_role = u8;
/// Pawn (歩, `P`).
pub const SHOGI_ROLE_PAWN: shogi_role = 0;
/// Lance (香, `L`).
pub const SHOGI_ROLE_LANCE: shogi_role = 1;
/// Knight (桂, `N`).
pub const SHOGI_ROLE_KNIGHT: shogi_role = 2;
/// Silver (銀, `S`).
pub const SHOGI_ROLE_SILVER: shogi_role = 3;
/// Bishop (角, `B`).
pub const SHOGI_ROLE_BISHOP: shogi_role = 4;
/// Rook (飛, `R`).
pub const SHOGI_ROLE_ROOK: shogi_role = 5;
/// Gold (金, `G`).
pub const SHOGI_ROLE_GOLD: shogi_role = 6;
/// King (玉, `K`).
pub const SHOGI_ROLE_KING: shogi_role = 7;
/// Promoted pawn (と, `+P`).
pub const SHOGI_ROLE_TOKIN: shogi_role = 8;
/// Promoted lance (成香, `+L`).
pub const SHOGI_ROLE_PROMOTED_LANCE: shogi_role = 9;
/// Promoted knight (成桂, `+N`).
pub const SHOGI_ROLE_PROMOTED_KNIGHT: shogi_role = 10;
/// Promoted silver (成銀, `+S`).
pub const SHOGI_ROLE_PROMOTED_SILVER: shogi_role = 11;
/// Horse, promoted bishop (馬, `+B`).
pub const SHOGI_ROLE_HORSE: shogi_role = 12;
/// Dragon, promoted rook (龍, `+R`).
pub const SHOGI_ROLE_DRAGON: shogi_role = 13;
/// No piece (outputs only).
pub const SHOGI_ROLE_NONE: shogi_role = 255;

/// A square as its index 0–80: `(file - 1) * 9 + (rank - 1)`, file 1–9 from
/// Sente's right, rank 1–9 (`a`–`i` in USI) from Gote's side. 1a is 0, 9i is 80.
/// `SHOGI_SQUARE_NONE` (255) in outputs means "no square".
#[allow(non_camel_case_types)]
pub type shogi_square = u8;
/// No square (outputs only: the origin of a drop, a missing king).
pub const SHOGI_SQUARE_NONE: shogi_square = 255;

/// A move as 32 bits: it names its role, origin, destination, captured role and
/// promotion, so it can be printed (in USI) and taken apart without a position.
/// The bits are stable within a version of this library; store USI text, not
/// bits, across versions. `SHOGI_MOVE_NONE` (0) is never a valid move.
#[allow(non_camel_case_types)]
pub type shogi_move = u32;
/// Not a move: the value for "no previous move" and for unused slots.
pub const SHOGI_MOVE_NONE: shogi_move = 0;

/// No shogi position has more legal moves than this (the most known is 593):
/// a move array of this capacity always holds the legal moves of a position.
pub const SHOGI_MAX_LEGAL_MOVES: usize = 600;

/// A piece on the board: its owner and kind. An empty square is
/// `{SHOGI_COLOR_NONE, SHOGI_ROLE_NONE}`.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct shogi_piece {
    /// The owner, or `SHOGI_COLOR_NONE` for an empty square.
    pub color: shogi_color,
    /// The kind, or `SHOGI_ROLE_NONE` for an empty square.
    pub role: shogi_role,
}

impl shogi_piece {
    /// The C form of an optional piece.
    pub(crate) fn of(piece: Option<Piece>) -> shogi_piece {
        match piece {
            Some(p) => shogi_piece {
                color: color_out(p.color),
                role: p.role as u8,
            },
            None => shogi_piece {
                color: SHOGI_COLOR_NONE,
                role: SHOGI_ROLE_NONE,
            },
        }
    }
}

/// A color argument.
pub(crate) fn color_arg(value: shogi_color) -> Result<Color, shogi_result> {
    match value {
        SHOGI_COLOR_SENTE => Ok(Color::Sente),
        SHOGI_COLOR_GOTE => Ok(Color::Gote),
        _ => Err(shogi_result::InvalidArgument),
    }
}

/// The C value of a color.
pub(crate) fn color_out(color: Color) -> shogi_color {
    match color {
        Color::Sente => SHOGI_COLOR_SENTE,
        Color::Gote => SHOGI_COLOR_GOTE,
    }
}

/// The C value of an optional color.
pub(crate) fn color_opt_out(color: Option<Color>) -> shogi_color {
    color.map_or(SHOGI_COLOR_NONE, color_out)
}

/// A role argument.
pub(crate) fn role_arg(value: shogi_role) -> Result<Role, shogi_result> {
    Role::from_index(usize::from(value)).ok_or(shogi_result::InvalidArgument)
}

/// A square argument.
pub(crate) fn square_arg(value: shogi_square) -> Result<Square, shogi_result> {
    Square::from_index(value).ok_or(shogi_result::InvalidArgument)
}

/// The C value of an optional square.
pub(crate) fn square_opt_out(sq: Option<Square>) -> shogi_square {
    sq.map_or(SHOGI_SQUARE_NONE, |s| s.index() as u8)
}

/// A move argument: bits that [`Move::from_bits`] accepts.
pub(crate) fn move_arg(bits: shogi_move) -> Result<Move, shogi_result> {
    Move::from_bits(bits).ok_or(shogi_result::InvalidArgument)
}

/// An optional previous move: `SHOGI_MOVE_NONE` for none.
pub(crate) fn previous_arg(bits: shogi_move) -> Result<Option<Move>, shogi_result> {
    if bits == SHOGI_MOVE_NONE {
        Ok(None)
    } else {
        move_arg(bits).map(Some)
    }
}

/// Writes the square at `file` (1–9) and `rank` (1–9, 1 = `a`) to `*out`.
///
/// Returns `SHOGI_RESULT_INVALID_ARGUMENT` when either is out of range,
/// `SHOGI_RESULT_NULL_PARAMETER` when `out` is NULL; `*out` is then untouched.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_square_new(file: u8, rank: u8, out: *mut shogi_square) -> shogi_result {
    write_value(out, || {
        let sq = Square::new(file, rank).ok_or(shogi_result::InvalidArgument)?;
        Ok(sq.index() as u8)
    })
}

/// The file (1–9) of square `sq`, or 0 if `sq` is not a square (0–80).
/// Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_square_file(sq: shogi_square) -> u8 {
    ffi_fn!(infallible 0, { Square::from_index(sq).map_or(0, Square::file) })
}

/// The rank (1–9, 1 = `a`) of square `sq`, or 0 if `sq` is not a square
/// (0–80). Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_square_rank(sq: shogi_square) -> u8 {
    ffi_fn!(infallible 0, { Square::from_index(sq).map_or(0, Square::rank) })
}

/// Whether `m` is the bits of some move (whether it is legal in a position is
/// `shogi_position_check_move`). Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_move_is_valid(m: shogi_move) -> bool {
    ffi_fn!(infallible false, { Move::from_bits(m).is_some() })
}

/// The destination square of `m`, or `SHOGI_SQUARE_NONE` if `m` is not a valid
/// move. Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_move_to(m: shogi_move) -> shogi_square {
    ffi_fn!(infallible SHOGI_SQUARE_NONE, {
        square_opt_out(Move::from_bits(m).map(Move::to))
    })
}

/// The origin square of `m`; `SHOGI_SQUARE_NONE` for a drop or if `m` is not a
/// valid move. Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_move_from(m: shogi_move) -> shogi_square {
    ffi_fn!(infallible SHOGI_SQUARE_NONE, {
        square_opt_out(Move::from_bits(m).and_then(Move::from))
    })
}

/// The role of the moving or dropped piece before any promotion, or
/// `SHOGI_ROLE_NONE` if `m` is not a valid move. Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_move_role(m: shogi_move) -> shogi_role {
    ffi_fn!(infallible SHOGI_ROLE_NONE, {
        Move::from_bits(m).map_or(SHOGI_ROLE_NONE, |m| m.role() as u8)
    })
}

/// The role of the piece on the destination after the move (the promoted role
/// for a promotion), or `SHOGI_ROLE_NONE` if `m` is not a valid move.
/// Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_move_role_after(m: shogi_move) -> shogi_role {
    ffi_fn!(infallible SHOGI_ROLE_NONE, {
        Move::from_bits(m).map_or(SHOGI_ROLE_NONE, |m| m.role_after() as u8)
    })
}

/// The captured role as it stood on the board (a dragon, not a rook), or
/// `SHOGI_ROLE_NONE` when the move captures nothing or `m` is not a valid
/// move. Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_move_captured(m: shogi_move) -> shogi_role {
    ffi_fn!(infallible SHOGI_ROLE_NONE, {
        Move::from_bits(m)
            .and_then(Move::capture)
            .map_or(SHOGI_ROLE_NONE, |r| r as u8)
    })
}

/// Whether `m` is a drop (false if `m` is not a valid move). Infallible;
/// thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_move_is_drop(m: shogi_move) -> bool {
    ffi_fn!(infallible false, { Move::from_bits(m).is_some_and(Move::is_drop) })
}

/// Whether `m` promotes (false if `m` is not a valid move). Infallible;
/// thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_move_is_promotion(m: shogi_move) -> bool {
    ffi_fn!(infallible false, { Move::from_bits(m).is_some_and(Move::is_promotion) })
}

/// Whether `m` captures (false if `m` is not a valid move). Infallible;
/// thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_move_is_capture(m: shogi_move) -> bool {
    ffi_fn!(infallible false, { Move::from_bits(m).is_some_and(Move::is_capture) })
}

/// Builds a board move of a piece of `role` (its role before the move) from
/// `from` to `to`, capturing `captured` (the role standing on `to`, or
/// `SHOGI_ROLE_NONE`), promoting if `promote`, and writes it to `*out`.
///
/// The move is not checked against a position (see
/// `shogi_position_check_move`); it is checked to be a possible move:
/// `SHOGI_RESULT_INVALID_ARGUMENT` for squares or roles out of range, `from ==
/// to`, a captured king, or a promotion of a role that cannot promote.
/// `SHOGI_RESULT_NULL_PARAMETER` if `out` is NULL. `*out` is untouched on
/// error. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_move_normal(
    role: shogi_role,
    from: shogi_square,
    to: shogi_square,
    captured: shogi_role,
    promote: bool,
    out: *mut shogi_move,
) -> shogi_result {
    write_value(out, || {
        let role = role_arg(role)?;
        let from = square_arg(from)?;
        let to = square_arg(to)?;
        let captured = match captured {
            SHOGI_ROLE_NONE => None,
            r => Some(role_arg(r)?),
        };
        let m = Move::normal(role, from, to, captured, promote);
        Ok(move_arg(m.to_bits())?.to_bits())
    })
}

/// Builds a drop of a piece of `role` (pawn … gold, not the king or a promoted
/// role) onto `to` and writes it to `*out`.
///
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a role that cannot be dropped or a
/// square out of range, `SHOGI_RESULT_NULL_PARAMETER` if `out` is NULL; `*out`
/// is untouched on error. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_move_drop(
    role: shogi_role,
    to: shogi_square,
    out: *mut shogi_move,
) -> shogi_result {
    write_value(out, || {
        let role = role_arg(role)?;
        let to = square_arg(to)?;
        if !role.is_hand_role() {
            return Err(shogi_result::InvalidArgument);
        }
        Ok(move_arg(Move::drop(role, to).to_bits())?.to_bits())
    })
}

/// Writes `m` in USI (`7g7f`, `8h2b+`, `P*5e`) into `buf`, which needs no
/// position. Buffer convention as for `shogi_result_message`.
/// `SHOGI_RESULT_INVALID_ARGUMENT` if `m` is not a valid move. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_move_to_usi(
    m: shogi_move,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    write_text(buf, buf_len, out_len, || Ok(move_arg(m)?.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{out, text};

    #[test]
    fn squares_are_indexed_by_file_then_rank() {
        assert_eq!(out(|o| shogi_square_new(1, 1, o)), 0);
        assert_eq!(out(|o| shogi_square_new(7, 6, o)), 59);
        assert_eq!(out(|o| shogi_square_new(9, 9, o)), 80);
        let mut sq = 7;
        assert_eq!(
            shogi_square_new(0, 1, &mut sq),
            shogi_result::InvalidArgument
        );
        assert_eq!(
            shogi_square_new(1, 10, &mut sq),
            shogi_result::InvalidArgument
        );
        assert_eq!(sq, 7, "untouched on error");
        assert_eq!(
            shogi_square_new(1, 1, core::ptr::null_mut()),
            shogi_result::NullParameter
        );
        assert_eq!((shogi_square_file(59), shogi_square_rank(59)), (7, 6));
        assert_eq!((shogi_square_file(81), shogi_square_rank(255)), (0, 0));
    }

    #[test]
    fn a_board_move_takes_apart_into_what_built_it() {
        let m = out(|o| {
            shogi_move_normal(
                SHOGI_ROLE_BISHOP,
                Square::SQ_8H.index() as u8,
                Square::SQ_2B.index() as u8,
                SHOGI_ROLE_BISHOP,
                true,
                o,
            )
        });
        assert!(shogi_move_is_valid(m));
        assert_eq!(shogi_move_from(m), Square::SQ_8H.index() as u8);
        assert_eq!(shogi_move_to(m), Square::SQ_2B.index() as u8);
        assert_eq!(shogi_move_role(m), SHOGI_ROLE_BISHOP);
        assert_eq!(shogi_move_role_after(m), SHOGI_ROLE_HORSE);
        assert_eq!(shogi_move_captured(m), SHOGI_ROLE_BISHOP);
        assert!(shogi_move_is_promotion(m) && shogi_move_is_capture(m) && !shogi_move_is_drop(m));
        assert_eq!(text(|b, l, n| shogi_move_to_usi(m, b, l, n)), "8h2b+");
    }

    #[test]
    fn a_drop_has_no_origin_and_no_capture() {
        let m = out(|o| shogi_move_drop(SHOGI_ROLE_PAWN, Square::SQ_5E.index() as u8, o));
        assert!(shogi_move_is_drop(m));
        assert_eq!(shogi_move_from(m), SHOGI_SQUARE_NONE);
        assert_eq!(shogi_move_captured(m), SHOGI_ROLE_NONE);
        assert_eq!(text(|b, l, n| shogi_move_to_usi(m, b, l, n)), "P*5e");
    }

    #[test]
    fn impossible_moves_are_rejected_when_built_and_read_as_nothing() {
        let mut m = 0;
        assert_eq!(
            shogi_move_drop(SHOGI_ROLE_KING, 40, &mut m),
            shogi_result::InvalidArgument
        );
        assert_eq!(
            shogi_move_drop(SHOGI_ROLE_TOKIN, 40, &mut m),
            shogi_result::InvalidArgument
        );
        assert_eq!(
            shogi_move_drop(SHOGI_ROLE_PAWN, 81, &mut m),
            shogi_result::InvalidArgument
        );
        let normal = |role, from, to, cap, promote| {
            let mut m = 0;
            shogi_move_normal(role, from, to, cap, promote, &mut m)
        };
        assert_eq!(
            normal(SHOGI_ROLE_GOLD, 1, 2, SHOGI_ROLE_NONE, true),
            shogi_result::InvalidArgument
        );
        assert_eq!(
            normal(SHOGI_ROLE_GOLD, 1, 1, SHOGI_ROLE_NONE, false),
            shogi_result::InvalidArgument
        );
        assert_eq!(
            normal(SHOGI_ROLE_GOLD, 1, 2, SHOGI_ROLE_KING, false),
            shogi_result::InvalidArgument
        );
        assert_eq!(
            normal(14, 1, 2, SHOGI_ROLE_NONE, false),
            shogi_result::InvalidArgument
        );
        assert_eq!(m, 0);
        for bits in [SHOGI_MOVE_NONE, u32::MAX, 0x00FF_FFFF] {
            assert!(!shogi_move_is_valid(bits));
            assert_eq!(shogi_move_to(bits), SHOGI_SQUARE_NONE);
            assert_eq!(shogi_move_role(bits), SHOGI_ROLE_NONE);
            assert!(!shogi_move_is_drop(bits));
        }
        let mut len = 0;
        let mut buf = [0 as c_char; 8];
        assert_eq!(
            shogi_move_to_usi(u32::MAX, buf.as_mut_ptr(), buf.len(), &mut len),
            shogi_result::InvalidArgument
        );
    }

    #[test]
    fn roles_and_colors_match_the_core_numbering() {
        for role in shogi::Role::ALL {
            assert_eq!(role_arg(role as u8), Ok(role));
        }
        assert_eq!(SHOGI_ROLE_DRAGON, shogi::Role::Dragon as u8);
        assert_eq!(role_arg(14), Err(shogi_result::InvalidArgument));
        assert_eq!(color_arg(SHOGI_COLOR_GOTE), Ok(Color::Gote));
        assert_eq!(
            color_arg(SHOGI_COLOR_NONE),
            Err(shogi_result::InvalidArgument)
        );
    }
}
