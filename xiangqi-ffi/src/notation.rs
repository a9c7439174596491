//! Move notations both ways: ICCS, the UCI form with ranks 1–10, WXF and
//! Chinese.

use core::ffi::c_char;

use xq::notation::Notation;

use crate::boundary::{arg_str, read_text, read_value};
use crate::position::xiangqi_position;
use crate::result::xiangqi_result;
use crate::types::{move_arg, move_bits, xiangqi_move};

/// A move notation. The values are stable.
#[allow(non_camel_case_types)]
pub type xiangqi_notation = u8;
/// ICCS as UCCI engines write it: `h2e2` (ranks 0–9). Parsing reads `H2-E2`
/// too.
pub const XIANGQI_NOTATION_ICCS: xiangqi_notation = 0;
/// The UCI form of Fairy-Stockfish, ranks 1–10: `h3e3`, `b10c8`.
pub const XIANGQI_NOTATION_UCI: xiangqi_notation = 1;
/// WXF: `C2.5`, `H8+7`, `R+.3`. Parsing reads `C2=5` and full-width forms
/// too.
pub const XIANGQI_NOTATION_WXF: xiangqi_notation = 2;
/// Chinese, UTF-8: `炮二平五`, `马８进７`, `前车进三`. Parsing reads the
/// traditional characters and other spellings too.
pub const XIANGQI_NOTATION_CHINESE: xiangqi_notation = 3;

/// The notation of a C value.
pub(crate) fn notation_arg(notation: xiangqi_notation) -> Result<Notation, xiangqi_result> {
    match notation {
        XIANGQI_NOTATION_ICCS => Ok(Notation::Iccs),
        XIANGQI_NOTATION_UCI => Ok(Notation::Uci),
        XIANGQI_NOTATION_WXF => Ok(Notation::Wxf),
        XIANGQI_NOTATION_CHINESE => Ok(Notation::Chinese),
        _ => Err(xiangqi_result::InvalidArgument),
    }
}

/// Writes the legal move `m` of `pos` in `notation` into `buf` (UTF-8; the
/// buffer convention of `xiangqi_position_to_fen`).
///
/// Errors (nothing written): `XIANGQI_RESULT_ILLEGAL_*` when `m` is not legal
/// in `pos`; `XIANGQI_RESULT_INVALID_ARGUMENT` for an unknown notation or
/// invalid move bits; `XIANGQI_RESULT_BUFFER_TOO_SMALL` (with the needed
/// length); `XIANGQI_RESULT_NULL_PARAMETER`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_notation_format(
    pos: *const xiangqi_position,
    m: xiangqi_move,
    notation: xiangqi_notation,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    read_text(pos, buf, buf_len, out_len, |pos| {
        let pos = &pos.inner;
        let m = move_arg(m)?;
        let notation = notation_arg(notation)?;
        if let Some(reason) = pos.why_illegal(m) {
            return Err(reason.into());
        }
        Ok(notation.format(pos, m))
    })
}

/// Parses move text (UTF-8) in `notation` against `pos` and writes the legal
/// move it means to `*out`.
///
/// Errors (`*out` untouched): `XIANGQI_RESULT_NOTATION_SYNTAX` for text that
/// is not a move in the notation; `XIANGQI_RESULT_ILLEGAL_*` with the reason
/// when coordinate text (ICCS, UCI) names an illegal move;
/// `XIANGQI_RESULT_NOTATION_NO_LEGAL_MOVE` when no legal move is the move a
/// WXF or Chinese text describes; `XIANGQI_RESULT_NOTATION_AMBIGUOUS` when
/// several fit; `XIANGQI_RESULT_INVALID_ARGUMENT` for an unknown notation;
/// `XIANGQI_RESULT_INVALID_UTF8`; `XIANGQI_RESULT_NULL_PARAMETER`.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_notation_parse(
    pos: *const xiangqi_position,
    notation: xiangqi_notation,
    text: *const c_char,
    text_len: usize,
    out: *mut xiangqi_move,
) -> xiangqi_result {
    read_value(pos, out, |pos| {
        let notation = notation_arg(notation)?;
        let text = arg_str(text, text_len)?;
        Ok(move_bits(notation.parse(&pos.inner, text)?))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::text;
    use xq::Position;

    fn handle(pos: Position) -> xiangqi_position {
        xiangqi_position { inner: pos }
    }

    #[test]
    fn formats_and_parses_the_opening_move_in_every_notation() {
        let pos = handle(Position::startpos());
        let m = move_bits(pos.inner.parse_iccs_move("h2e2").unwrap());
        for (notation, expected) in [
            (XIANGQI_NOTATION_ICCS, "h2e2"),
            (XIANGQI_NOTATION_UCI, "h3e3"),
            (XIANGQI_NOTATION_WXF, "C2.5"),
            (XIANGQI_NOTATION_CHINESE, "炮二平五"),
        ] {
            let s = text(|b, l, n| xiangqi_notation_format(&pos, m, notation, b, l, n));
            assert_eq!(s, expected);
            let mut back = 0;
            let r = xiangqi_notation_parse(&pos, notation, s.as_ptr().cast(), s.len(), &mut back);
            assert_eq!((r, back), (xiangqi_result::Ok, m));
        }
        let mut out = 0;
        let bad = "C2?5";
        let r = xiangqi_notation_parse(&pos, 4, bad.as_ptr().cast(), bad.len(), &mut out);
        assert_eq!(r, xiangqi_result::InvalidArgument);
    }
}
