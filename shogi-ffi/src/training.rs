//! Training data formats: a position as the 32 bytes of a HuffmanCodedPos
//! (HCP) or a PackedSfen and back, and moves as 16-bit move codes (move16),
//! byte for byte as cshogi, Apery, dlshogi and YaneuraOu write them.

use shogi::Position;

use crate::boundary::{arg_bytes, new_handle, read_value, write_value};
use crate::position::shogi_position;
use crate::result::shogi_result;
use crate::types::{move_arg, shogi_move};

/// The size of an HCP or PackedSfen, in bytes.
pub const SHOGI_PACKED_POSITION_SIZE: usize = 32;

impl From<shogi::training::PackError> for shogi_result {
    fn from(err: shogi::training::PackError) -> shogi_result {
        shogi_result::from(&err)
    }
}

/// The 32 bytes at `bytes`.
fn packed_arg(bytes: *const u8) -> Result<[u8; 32], shogi_result> {
    let slice = arg_bytes(bytes, SHOGI_PACKED_POSITION_SIZE)?;
    <[u8; 32]>::try_from(slice).map_err(|_| shogi_result::InvalidArgument)
}

/// Writes `pos` as a HuffmanCodedPos (HCP) into the 32 bytes at `out`.
///
/// Errors (`out` untouched): `SHOGI_RESULT_TRAINING_KINGS` when a side has no
/// king or more than one, `SHOGI_RESULT_TRAINING_PIECE_COUNT` when a kind has
/// more pieces than the set (possible only in a position made with
/// `SHOGI_SETUP_ANY`), `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_to_hcp(pos: *const shogi_position, out: *mut u8) -> shogi_result {
    read_value(pos, out.cast::<[u8; 32]>(), |pos| Ok(pos.inner.to_hcp()?))
}

/// Reads the 32 bytes of a HuffmanCodedPos (HCP) at `bytes` into a new handle
/// written to `*out` (move number 1); the caller frees it with
/// `shogi_position_free`.
///
/// Errors (`*out` untouched): `SHOGI_RESULT_TRAINING_*` for bytes that are no
/// position of the format, `SHOGI_RESULT_SETUP_*` for a position the rules
/// refuse (as `shogi_position_from_sfen`), `SHOGI_RESULT_NULL_PARAMETER`.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_from_hcp(
    bytes: *const u8,
    out: *mut *mut shogi_position,
) -> shogi_result {
    new_handle(out, || {
        let pos = Position::from_hcp(&packed_arg(bytes)?)?;
        Ok(shogi_position::new(pos))
    })
}

/// Writes `pos` as a PackedSfen into the 32 bytes at `out`. Errors as
/// `shogi_position_to_hcp`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_to_packed_sfen(
    pos: *const shogi_position,
    out: *mut u8,
) -> shogi_result {
    read_value(pos, out.cast::<[u8; 32]>(), |pos| {
        Ok(pos.inner.to_packed_sfen()?)
    })
}

/// Reads the 32 bytes of a PackedSfen at `bytes` into a new handle written to
/// `*out` (move number 1). Errors as `shogi_position_from_hcp`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_from_packed_sfen(
    bytes: *const u8,
    out: *mut *mut shogi_position,
) -> shogi_result {
    new_handle(out, || {
        let pos = Position::from_packed_sfen(&packed_arg(bytes)?)?;
        Ok(shogi_position::new(pos))
    })
}

/// Writes the 16-bit code (move16) of the move `m` to `*out`.
///
/// `SHOGI_RESULT_INVALID_ARGUMENT` if `m` is not a valid move,
/// `SHOGI_RESULT_NULL_PARAMETER` if `out` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_move_to_move16(m: shogi_move, out: *mut u16) -> shogi_result {
    write_value(out, || Ok(move_arg(m)?.to_move16()))
}

/// Writes the legal move of `pos` that `move16` encodes to `*out`.
///
/// `SHOGI_RESULT_TRAINING_NO_SUCH_MOVE` (`*out` untouched) when it encodes no
/// legal move of `pos`; `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_position_move_from_move16(
    pos: *const shogi_position,
    move16: u16,
    out: *mut shogi_move,
) -> shogi_result {
    read_value(pos, out, |pos| {
        Ok(pos.inner.move_from_move16(move16)?.to_bits())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{shogi_position_free, shogi_position_from_sfen};
    use core::ptr;

    type Encode = extern "C" fn(*const shogi_position, *mut u8) -> shogi_result;
    type Decode = extern "C" fn(*const u8, *mut *mut shogi_position) -> shogi_result;

    const FORMATS: [(Encode, Decode); 2] = [
        (shogi_position_to_hcp, shogi_position_from_hcp),
        (
            shogi_position_to_packed_sfen,
            shogi_position_from_packed_sfen,
        ),
    ];

    fn position(sfen: &str) -> *mut shogi_position {
        let mut pos = ptr::null_mut();
        let r = shogi_position_from_sfen(sfen.as_ptr().cast(), sfen.len(), &mut pos);
        assert_eq!(r, shogi_result::Ok);
        pos
    }

    #[test]
    fn positions_round_trip_through_both_formats() {
        let pos = position("4k4/9/9/9/9/9/9/9/4K4 w 2R2B4G4S4N4L9P9p 1");
        for (encode, decode) in FORMATS {
            let mut bytes = [0u8; 32];
            assert_eq!(encode(pos, bytes.as_mut_ptr()), shogi_result::Ok);
            let mut back = ptr::null_mut();
            assert_eq!(decode(bytes.as_ptr(), &mut back), shogi_result::Ok);
            let mut again = [0u8; 32];
            assert_eq!(encode(back, again.as_mut_ptr()), shogi_result::Ok);
            assert_eq!(again, bytes);
            shogi_position_free(back);
            assert_eq!(decode(ptr::null(), &mut back), shogi_result::NullParameter);
            assert_eq!(
                decode([0u8; 32].as_ptr(), &mut back),
                shogi_result::TrainingKingSquare
            );
        }
        shogi_position_free(pos);
    }

    #[test]
    fn a_position_without_a_king_cannot_be_packed() {
        let pos = position("9/9/9/9/9/9/9/9/4K4 b - 1");
        for (encode, _) in FORMATS {
            let mut bytes = [7u8; 32];
            assert_eq!(encode(pos, bytes.as_mut_ptr()), shogi_result::TrainingKings);
            assert_eq!(bytes, [7u8; 32]);
        }
        shogi_position_free(pos);
    }

    #[test]
    fn moves_go_to_move16_and_back() {
        let pos = position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        let mut m = 0;
        let r = shogi_position_move_from_move16(pos, 0x0a15, &mut m);
        assert_eq!(r, shogi_result::TrainingNoSuchMove);
        // 7g7f: to 7f (59), from 7g (60).
        let r = shogi_position_move_from_move16(pos, 59 | 60 << 7, &mut m);
        assert_eq!(r, shogi_result::Ok);
        let mut code = 0;
        assert_eq!(shogi_move_to_move16(m, &mut code), shogi_result::Ok);
        assert_eq!(code, 59 | 60 << 7);
        let r = shogi_move_to_move16(u32::MAX, &mut code);
        assert_eq!(r, shogi_result::InvalidArgument);
        shogi_position_free(pos);
    }
}
