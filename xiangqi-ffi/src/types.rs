//! The small value types that cross the boundary as integers: colors, roles,
//! points, pieces and moves, with the functions that build and take apart
//! points and moves.
//!
//! Enumerations are integer typedefs with `#define`d values rather than C
//! enums, so that a value C passes in can be checked (an out-of-range value
//! gives `XIANGQI_RESULT_INVALID_ARGUMENT`) instead of being undefined
//! behaviour on the Rust side.

use core::ffi::c_char;

use xq::{Color, Move, Piece, Role, Square};

use crate::boundary::{write_text, write_value};
use crate::result::xiangqi_result;

/// A side: `XIANGQI_COLOR_RED` (0, moves first, upper case in FEN) or
/// `XIANGQI_COLOR_BLACK` (1). Outputs use `XIANGQI_COLOR_NONE` (2) for "no
/// side" (a draw, a game not over, an empty point).
#[allow(non_camel_case_types)]
pub type xiangqi_color = u8;
/// Red (帥), who moves first (`w` in FEN).
pub const XIANGQI_COLOR_RED: xiangqi_color = 0;
/// Black (將, `b` in FEN).
pub const XIANGQI_COLOR_BLACK: xiangqi_color = 1;
/// No side (outputs only).
pub const XIANGQI_COLOR_NONE: xiangqi_color = 2;

/// A piece kind, numbered as in the core crate. `XIANGQI_ROLE_NONE` (255) in
/// outputs means "no piece".
#[allow(non_camel_case_types)]
pub type xiangqi_role = u8;
/// General (帥/將, `K`).
pub const XIANGQI_ROLE_GENERAL: xiangqi_role = 0;
/// Advisor (仕/士, `A`).
pub const XIANGQI_ROLE_ADVISOR: xiangqi_role = 1;
/// Elephant (相/象, `B`).
pub const XIANGQI_ROLE_ELEPHANT: xiangqi_role = 2;
/// Horse (馬, `N`).
pub const XIANGQI_ROLE_HORSE: xiangqi_role = 3;
/// Chariot (車, `R`).
pub const XIANGQI_ROLE_CHARIOT: xiangqi_role = 4;
/// Cannon (炮/砲, `C`).
pub const XIANGQI_ROLE_CANNON: xiangqi_role = 5;
/// Soldier (兵/卒, `P`).
pub const XIANGQI_ROLE_SOLDIER: xiangqi_role = 6;
/// No piece (outputs only).
pub const XIANGQI_ROLE_NONE: xiangqi_role = 255;

/// A point of the board as its index 0–89: `rank * 9 + file`, file 0–8 (ICCS
/// `a`–`i`, from Red's left), rank 0–9 (from Red's side). `a0` is 0, `e0` 4,
/// `i9` 89. `XIANGQI_SQUARE_NONE` (255) in outputs means "no point".
#[allow(non_camel_case_types)]
pub type xiangqi_square = u8;
/// No point (outputs only).
pub const XIANGQI_SQUARE_NONE: xiangqi_square = 255;

/// A move as 32 bits: the origin (bits 0–7), the destination (bits 8–15), the
/// moving role (bits 16–23) and the captured role (bits 24–31,
/// `XIANGQI_ROLE_NONE` when nothing is captured), so that it can be printed
/// and taken apart without a position. Use the `xiangqi_move_*` functions
/// rather than the layout; store ICCS text, not bits, across versions.
/// `XIANGQI_MOVE_NONE` (0) is never a valid move.
#[allow(non_camel_case_types)]
pub type xiangqi_move = u32;
/// Not a move: the value for unused slots.
pub const XIANGQI_MOVE_NONE: xiangqi_move = 0;

/// No xiangqi position has more legal moves than this: a move array of this
/// capacity always holds the legal moves of a position.
pub const XIANGQI_MAX_LEGAL_MOVES: usize = 128;

/// A piece on the board: its side and kind. An empty point is
/// `{XIANGQI_COLOR_NONE, XIANGQI_ROLE_NONE}`.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct xiangqi_piece {
    /// The side, or `XIANGQI_COLOR_NONE` for an empty point.
    pub color: xiangqi_color,
    /// The kind, or `XIANGQI_ROLE_NONE` for an empty point.
    pub role: xiangqi_role,
}

impl xiangqi_piece {
    /// The C form of an optional piece.
    pub(crate) fn of(piece: Option<Piece>) -> xiangqi_piece {
        match piece {
            Some(p) => xiangqi_piece {
                color: color_out(p.color),
                role: role_out(p.role),
            },
            None => xiangqi_piece {
                color: XIANGQI_COLOR_NONE,
                role: XIANGQI_ROLE_NONE,
            },
        }
    }
}

/// A color argument.
pub(crate) fn color_arg(value: xiangqi_color) -> Result<Color, xiangqi_result> {
    match value {
        XIANGQI_COLOR_RED => Ok(Color::Red),
        XIANGQI_COLOR_BLACK => Ok(Color::Black),
        _ => Err(xiangqi_result::InvalidArgument),
    }
}

/// The C value of a color.
pub(crate) fn color_out(color: Color) -> xiangqi_color {
    match color {
        Color::Red => XIANGQI_COLOR_RED,
        Color::Black => XIANGQI_COLOR_BLACK,
    }
}

/// The C value of an optional color.
pub(crate) fn color_opt_out(color: Option<Color>) -> xiangqi_color {
    color.map_or(XIANGQI_COLOR_NONE, color_out)
}

/// A role argument.
pub(crate) fn role_arg(value: xiangqi_role) -> Result<Role, xiangqi_result> {
    Role::from_index(usize::from(value)).ok_or(xiangqi_result::InvalidArgument)
}

/// The C value of a role (its index, 0–6).
pub(crate) fn role_out(role: Role) -> xiangqi_role {
    role.index() as u8
}

/// A point argument.
pub(crate) fn square_arg(value: xiangqi_square) -> Result<Square, xiangqi_result> {
    Square::from_index(usize::from(value)).ok_or(xiangqi_result::InvalidArgument)
}

/// The C value of a point (its index, 0–89).
pub(crate) fn square_out(sq: Square) -> xiangqi_square {
    sq.index() as u8
}

/// The bits of a move (see [`xiangqi_move`]).
pub(crate) fn move_bits(m: Move) -> xiangqi_move {
    let capture = m.capture.map_or(XIANGQI_ROLE_NONE, role_out);
    u32::from(square_out(m.from))
        | u32::from(square_out(m.to)) << 8
        | u32::from(role_out(m.role)) << 16
        | u32::from(capture) << 24
}

/// The move of `bits`, if they are the bits of a possible move: points on
/// the board, distinct; a role; a captured role other than the general (no
/// legal move captures a general) or none.
pub(crate) fn move_from_bits(bits: xiangqi_move) -> Option<Move> {
    let [from, to, role, capture] = bits.to_le_bytes();
    let from = Square::from_index(usize::from(from))?;
    let to = Square::from_index(usize::from(to))?;
    let role = Role::from_index(usize::from(role))?;
    let capture = match capture {
        XIANGQI_ROLE_NONE => None,
        r => match Role::from_index(usize::from(r))? {
            Role::General => return None,
            r => Some(r),
        },
    };
    (from != to).then(|| Move::new(role, from, to, capture))
}

/// A move argument: bits that [`move_from_bits`] accepts.
pub(crate) fn move_arg(bits: xiangqi_move) -> Result<Move, xiangqi_result> {
    move_from_bits(bits).ok_or(xiangqi_result::InvalidArgument)
}

/// Writes the point on `file` (0–8, ICCS `a`–`i`) and `rank` (0–9) to `*out`.
///
/// Returns `XIANGQI_RESULT_INVALID_ARGUMENT` when either is out of range,
/// `XIANGQI_RESULT_NULL_PARAMETER` when `out` is NULL; `*out` is then
/// untouched. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_square_new(
    file: u8,
    rank: u8,
    out: *mut xiangqi_square,
) -> xiangqi_result {
    write_value(out, || {
        let sq = Square::new(file, rank).ok_or(xiangqi_result::InvalidArgument)?;
        Ok(square_out(sq))
    })
}

/// The file (0–8, ICCS `a`–`i`) of point `sq`, or 255 if `sq` is not a point
/// (0–89). Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_square_file(sq: xiangqi_square) -> u8 {
    ffi_fn!(infallible 255, {
        Square::from_index(usize::from(sq)).map_or(255, Square::file)
    })
}

/// The rank (0–9, from Red's side) of point `sq`, or 255 if `sq` is not a
/// point (0–89). Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_square_rank(sq: xiangqi_square) -> u8 {
    ffi_fn!(infallible 255, {
        Square::from_index(usize::from(sq)).map_or(255, Square::rank)
    })
}

/// Builds a move of a piece of `role` from `from` to `to`, capturing
/// `captured` (the role standing on `to`, or `XIANGQI_ROLE_NONE`), and writes
/// it to `*out`.
///
/// The move is not checked against a position (see
/// `xiangqi_position_why_illegal`); it is checked to be a possible move:
/// `XIANGQI_RESULT_INVALID_ARGUMENT` for points or roles out of range,
/// `from == to`, or a captured general. `XIANGQI_RESULT_NULL_PARAMETER` if
/// `out` is NULL. `*out` is untouched on error. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_move_new(
    role: xiangqi_role,
    from: xiangqi_square,
    to: xiangqi_square,
    captured: xiangqi_role,
    out: *mut xiangqi_move,
) -> xiangqi_result {
    write_value(out, || {
        let role = role_arg(role)?;
        let from = square_arg(from)?;
        let to = square_arg(to)?;
        let captured = match captured {
            XIANGQI_ROLE_NONE => None,
            r => Some(role_arg(r)?),
        };
        Ok(move_bits(move_arg(move_bits(Move::new(
            role, from, to, captured,
        )))?))
    })
}

/// Whether `m` is the bits of some move (whether it is legal in a position is
/// `xiangqi_position_why_illegal`). Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_move_is_valid(m: xiangqi_move) -> bool {
    ffi_fn!(infallible false, { move_from_bits(m).is_some() })
}

/// The origin point of `m`, or `XIANGQI_SQUARE_NONE` if `m` is not a valid
/// move. Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_move_from(m: xiangqi_move) -> xiangqi_square {
    ffi_fn!(infallible XIANGQI_SQUARE_NONE, {
        move_from_bits(m).map_or(XIANGQI_SQUARE_NONE, |m| square_out(m.from))
    })
}

/// The destination point of `m`, or `XIANGQI_SQUARE_NONE` if `m` is not a
/// valid move. Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_move_to(m: xiangqi_move) -> xiangqi_square {
    ffi_fn!(infallible XIANGQI_SQUARE_NONE, {
        move_from_bits(m).map_or(XIANGQI_SQUARE_NONE, |m| square_out(m.to))
    })
}

/// The role of the moving piece, or `XIANGQI_ROLE_NONE` if `m` is not a valid
/// move. Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_move_role(m: xiangqi_move) -> xiangqi_role {
    ffi_fn!(infallible XIANGQI_ROLE_NONE, {
        move_from_bits(m).map_or(XIANGQI_ROLE_NONE, |m| role_out(m.role))
    })
}

/// The captured role, or `XIANGQI_ROLE_NONE` when the move captures nothing
/// or `m` is not a valid move. Infallible; thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_move_captured(m: xiangqi_move) -> xiangqi_role {
    ffi_fn!(infallible XIANGQI_ROLE_NONE, {
        move_from_bits(m)
            .and_then(|m| m.capture)
            .map_or(XIANGQI_ROLE_NONE, role_out)
    })
}

/// Whether `m` captures (false if `m` is not a valid move). Infallible;
/// thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_move_is_capture(m: xiangqi_move) -> bool {
    ffi_fn!(infallible false, {
        move_from_bits(m).is_some_and(|m| m.capture.is_some())
    })
}

/// Writes `m` in ICCS (`h2e2`) into `buf`, which needs no position. Buffer
/// convention as for `xiangqi_result_message`.
/// `XIANGQI_RESULT_INVALID_ARGUMENT` if `m` is not a valid move. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_move_to_iccs(
    m: xiangqi_move,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    write_text(buf, buf_len, out_len, || {
        Ok(move_arg(m)?.iccs().to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{out, text};

    fn sq(name: &str) -> xiangqi_square {
        square_out(name.parse().unwrap())
    }

    #[test]
    fn points_are_indexed_by_rank_then_file() {
        assert_eq!(out(|o| xiangqi_square_new(0, 0, o)), 0);
        assert_eq!(out(|o| xiangqi_square_new(4, 0, o)), 4);
        assert_eq!(out(|o| xiangqi_square_new(7, 2, o)), sq("h2"));
        assert_eq!(out(|o| xiangqi_square_new(8, 9, o)), 89);
        let mut point = 7;
        assert_eq!(
            xiangqi_square_new(9, 0, &mut point),
            xiangqi_result::InvalidArgument
        );
        assert_eq!(
            xiangqi_square_new(0, 10, &mut point),
            xiangqi_result::InvalidArgument
        );
        assert_eq!(point, 7, "untouched on error");
        assert_eq!(
            xiangqi_square_new(0, 0, core::ptr::null_mut()),
            xiangqi_result::NullParameter
        );
        assert_eq!(
            (xiangqi_square_file(sq("h2")), xiangqi_square_rank(sq("h2"))),
            (7, 2)
        );
        assert_eq!(
            (xiangqi_square_file(90), xiangqi_square_rank(255)),
            (255, 255)
        );
    }

    #[test]
    fn a_move_takes_apart_into_what_built_it() {
        let m = out(|o| {
            xiangqi_move_new(
                XIANGQI_ROLE_CANNON,
                sq("h2"),
                sq("h9"),
                XIANGQI_ROLE_HORSE,
                o,
            )
        });
        assert!(xiangqi_move_is_valid(m));
        assert_eq!(xiangqi_move_from(m), sq("h2"));
        assert_eq!(xiangqi_move_to(m), sq("h9"));
        assert_eq!(xiangqi_move_role(m), XIANGQI_ROLE_CANNON);
        assert_eq!(xiangqi_move_captured(m), XIANGQI_ROLE_HORSE);
        assert!(xiangqi_move_is_capture(m));
        assert_eq!(text(|b, l, n| xiangqi_move_to_iccs(m, b, l, n)), "h2h9");
        let quiet = out(|o| {
            xiangqi_move_new(
                XIANGQI_ROLE_CANNON,
                sq("h2"),
                sq("e2"),
                XIANGQI_ROLE_NONE,
                o,
            )
        });
        assert!(!xiangqi_move_is_capture(quiet));
        assert_eq!(xiangqi_move_captured(quiet), XIANGQI_ROLE_NONE);
    }

    #[test]
    fn every_core_move_round_trips_through_its_bits() {
        let pos = xq::Position::startpos();
        for m in pos.legal_moves().iter() {
            assert_eq!(move_from_bits(move_bits(*m)), Some(*m));
        }
    }

    #[test]
    fn impossible_moves_are_rejected_when_built_and_read_as_nothing() {
        let build = |role, from, to, captured| {
            let mut m = 0;
            xiangqi_move_new(role, from, to, captured, &mut m)
        };
        let bad = xiangqi_result::InvalidArgument;
        assert_eq!(build(7, 0, 1, XIANGQI_ROLE_NONE), bad);
        assert_eq!(build(XIANGQI_ROLE_HORSE, 90, 1, XIANGQI_ROLE_NONE), bad);
        assert_eq!(build(XIANGQI_ROLE_HORSE, 1, 90, XIANGQI_ROLE_NONE), bad);
        assert_eq!(build(XIANGQI_ROLE_HORSE, 1, 1, XIANGQI_ROLE_NONE), bad);
        assert_eq!(build(XIANGQI_ROLE_HORSE, 1, 20, 7), bad);
        assert_eq!(build(XIANGQI_ROLE_HORSE, 1, 20, XIANGQI_ROLE_GENERAL), bad);
        for invalid in [XIANGQI_MOVE_NONE, u32::MAX, 0x00FF_0100] {
            assert!(!xiangqi_move_is_valid(invalid));
            assert_eq!(xiangqi_move_from(invalid), XIANGQI_SQUARE_NONE);
            assert_eq!(xiangqi_move_to(invalid), XIANGQI_SQUARE_NONE);
            assert_eq!(xiangqi_move_role(invalid), XIANGQI_ROLE_NONE);
            assert_eq!(xiangqi_move_captured(invalid), XIANGQI_ROLE_NONE);
            assert!(!xiangqi_move_is_capture(invalid));
            let mut len = 0;
            assert_eq!(
                xiangqi_move_to_iccs(invalid, core::ptr::null_mut(), 0, &mut len),
                bad
            );
        }
    }

    #[test]
    fn the_c_values_are_the_core_indices() {
        for role in Role::ALL {
            assert_eq!(role_arg(role_out(role)), Ok(role));
        }
        assert_eq!(role_out(Role::Soldier), XIANGQI_ROLE_SOLDIER);
        assert_eq!(role_out(Role::General), XIANGQI_ROLE_GENERAL);
        for color in Color::ALL {
            assert_eq!(color_arg(color_out(color)), Ok(color));
        }
        assert_eq!(
            color_arg(XIANGQI_COLOR_NONE),
            Err(xiangqi_result::InvalidArgument)
        );
        assert_eq!(XIANGQI_MAX_LEGAL_MOVES, xq::MAX_LEGAL_MOVES);
    }
}
