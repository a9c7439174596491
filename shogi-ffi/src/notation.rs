//! Move notation both ways: USI, Western, Japanese (KI2 and KIF forms) and
//! CSA.

use core::ffi::c_char;

use shogi::notation::{Notation, csa, japanese, western};

use crate::boundary::{arg_str, read_text, read_value};
use crate::position::shogi_position;
use crate::result::shogi_result;
use crate::types::{move_arg, previous_arg, shogi_move};

/// A move notation.
#[allow(non_camel_case_types)]
pub type shogi_notation = u8;
/// USI: `7g7f`, `8h2b+`, `P*5e`.
pub const SHOGI_NOTATION_USI: shogi_notation = 0;
/// Western: `P-7f`, `Bx2b+`, `G6h-5h`, `P*5e` (the origin only when needed).
pub const SHOGI_NOTATION_WESTERN: shogi_notation = 1;
/// Japanese as in KI2 files, with the side mark and the JSA disambiguation
/// words: `▲７六歩`, `△同　銀`, `▲５八金左`. Parsing also accepts the KIF form.
pub const SHOGI_NOTATION_JAPANESE: shogi_notation = 2;
/// CSA: `+7776FU` (the sign of the side to move, both squares, the piece
/// after the move).
pub const SHOGI_NOTATION_CSA: shogi_notation = 3;
/// Japanese as in KIF files: `７六歩(77)`, `同　銀(68)`, `５五角打`. Parsing
/// is the same as `SHOGI_NOTATION_JAPANESE`.
pub const SHOGI_NOTATION_KIF: shogi_notation = 4;

/// Writes the legal move `m` of `pos` in `notation` into `buf` (buffer
/// convention as for `shogi_position_to_sfen`).
///
/// `previous` is the move played just before (`SHOGI_MOVE_NONE` if unknown);
/// the Japanese notations use it to write `同` for a move to the same square,
/// the others ignore it.
///
/// Errors (nothing written): `SHOGI_RESULT_ILLEGAL_*` when `m` is not legal in
/// `pos`; `SHOGI_RESULT_INVALID_ARGUMENT` for an unknown notation or invalid
/// move bits; `SHOGI_RESULT_BUFFER_TOO_SMALL`; `SHOGI_RESULT_NULL_PARAMETER`.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_notation_format(
    pos: *const shogi_position,
    m: shogi_move,
    previous: shogi_move,
    notation: shogi_notation,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(pos, buf, buf_len, out_len, |pos| {
        let pos = &pos.inner;
        let m = move_arg(m)?;
        let previous = previous_arg(previous)?;
        let notation = match notation {
            SHOGI_NOTATION_USI => Notation::Usi,
            SHOGI_NOTATION_WESTERN => Notation::Western,
            SHOGI_NOTATION_JAPANESE => Notation::Japanese,
            SHOGI_NOTATION_CSA => Notation::Csa,
            SHOGI_NOTATION_KIF => Notation::Kif,
            _ => return Err(shogi_result::InvalidArgument),
        };
        pos.check(m)?;
        Ok(notation.format(pos, m, previous))
    })
}

/// Parses move text in `notation` against `pos` and writes the legal move it
/// means to `*out`. `previous` is the move played just before
/// (`SHOGI_MOVE_NONE` if unknown), needed for Japanese `同`.
///
/// Errors (`*out` untouched): `SHOGI_RESULT_USI_*` for malformed USI text;
/// `SHOGI_RESULT_NOTATION_SYNTAX` for text that is not a move in the other
/// notations, `SHOGI_RESULT_NOTATION_WRONG_SIDE` for a mark or sign of the
/// side not to move, `SHOGI_RESULT_NOTATION_NO_PREVIOUS_MOVE` for `同` without
/// `previous`, `SHOGI_RESULT_NOTATION_NO_SUCH_MOVE` when no legal move fits,
/// `SHOGI_RESULT_NOTATION_AMBIGUOUS` when several do; `SHOGI_RESULT_ILLEGAL_*`
/// when the text names an illegal move exactly; `SHOGI_RESULT_INVALID_ARGUMENT`
/// for an unknown notation or invalid `previous` bits;
/// `SHOGI_RESULT_INVALID_UTF8`; `SHOGI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_notation_parse(
    pos: *const shogi_position,
    notation: shogi_notation,
    text: *const c_char,
    text_len: usize,
    previous: shogi_move,
    out: *mut shogi_move,
) -> shogi_result {
    read_value(pos, out, |pos| {
        let pos = &pos.inner;
        let text = arg_str(text, text_len)?;
        let previous = previous_arg(previous)?;
        let m = match notation {
            SHOGI_NOTATION_USI => pos.parse_usi_move(text)?,
            SHOGI_NOTATION_WESTERN => western::parse(pos, text)?,
            SHOGI_NOTATION_JAPANESE | SHOGI_NOTATION_KIF => japanese::parse(pos, text, previous)?,
            SHOGI_NOTATION_CSA => csa::parse(pos, text)?,
            _ => return Err(shogi_result::InvalidArgument),
        };
        Ok(m.to_bits())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{shogi_position_free, shogi_position_from_sfen, shogi_position_play};
    use crate::testing::{out, s, text};
    use crate::types::SHOGI_MOVE_NONE;

    fn parse(
        pos: *const shogi_position,
        notation: u8,
        t: &str,
        previous: u32,
    ) -> Result<u32, shogi_result> {
        let (p, n) = s(t);
        let mut m = 0;
        match shogi_notation_parse(pos, notation, p, n, previous, &mut m) {
            shogi_result::Ok => Ok(m),
            err => Err(err),
        }
    }

    fn format(pos: *const shogi_position, m: u32, previous: u32, notation: u8) -> String {
        text(|b, l, n| shogi_notation_format(pos, m, previous, notation, b, l, n))
    }

    #[test]
    fn every_notation_writes_and_reads_back_the_same_move() {
        let (p, n) = s("4k4/9/9/9/9/9/9/3G1G3/4K4 b - 1");
        let pos = out(|o| shogi_position_from_sfen(p, n, o));
        let m = parse(pos, SHOGI_NOTATION_USI, "6h5h", SHOGI_MOVE_NONE).unwrap();
        let expected = [
            (SHOGI_NOTATION_USI, "6h5h"),
            (SHOGI_NOTATION_WESTERN, "G6h-5h"),
            (SHOGI_NOTATION_JAPANESE, "▲５八金左"),
            (SHOGI_NOTATION_CSA, "+6858KI"),
            (SHOGI_NOTATION_KIF, "５八金(68)"),
        ];
        for (notation, written) in expected {
            assert_eq!(format(pos, m, SHOGI_MOVE_NONE, notation), written);
            assert_eq!(
                parse(pos, notation, written, SHOGI_MOVE_NONE),
                Ok(m),
                "{written}"
            );
        }
        assert_eq!(
            parse(pos, SHOGI_NOTATION_JAPANESE, "▲５八金", SHOGI_MOVE_NONE),
            Err(shogi_result::NotationAmbiguous)
        );
        assert_eq!(
            parse(pos, 5, "6h5h", SHOGI_MOVE_NONE),
            Err(shogi_result::InvalidArgument)
        );
        shogi_position_free(pos);
    }

    #[test]
    fn japanese_uses_the_previous_move_for_same_square() {
        let (p, n) = s("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
        let pos = out(|o| shogi_position_from_sfen(p, n, o));
        let first = parse(pos, SHOGI_NOTATION_USI, "8h2b", SHOGI_MOVE_NONE).unwrap();
        assert_eq!(shogi_position_play(pos, first), shogi_result::Ok);
        let recapture = parse(pos, SHOGI_NOTATION_USI, "3a2b", SHOGI_MOVE_NONE).unwrap();
        assert_eq!(
            format(pos, recapture, first, SHOGI_NOTATION_JAPANESE),
            "△同　銀"
        );
        assert_eq!(
            parse(pos, SHOGI_NOTATION_JAPANESE, "△同　銀", first),
            Ok(recapture)
        );
        assert_eq!(
            parse(pos, SHOGI_NOTATION_JAPANESE, "△同　銀", SHOGI_MOVE_NONE),
            Err(shogi_result::NotationNoPreviousMove)
        );
        shogi_position_free(pos);
    }

    #[test]
    fn an_illegal_move_is_not_formatted() {
        let (p, n) = s("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
        let pos = out(|o| shogi_position_from_sfen(p, n, o));
        let nifu = shogi::Move::drop(shogi::Role::Pawn, shogi::Square::SQ_5D).to_bits();
        let mut len = 0;
        let mut buf = [0 as c_char; 64];
        for notation in 0..5 {
            assert_eq!(
                shogi_notation_format(
                    pos,
                    nifu,
                    SHOGI_MOVE_NONE,
                    notation,
                    buf.as_mut_ptr(),
                    64,
                    &mut len
                ),
                shogi_result::IllegalNifu
            );
        }
        shogi_position_free(pos);
    }
}
