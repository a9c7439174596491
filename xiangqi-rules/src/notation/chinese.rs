//! Chinese notation (中文纵线格式): piece, file, 进/退/平, number, seen
//! from the mover — `炮二平五`, `马８进７`.
//!
//! - Red writes files and distances in Chinese numerals (一 … 九), Black
//!   in full-width digits (１ … ９); the number follows the WXF rule
//!   (points moved along the file for 帅/将, 车, 炮, 兵/卒, the destination
//!   file otherwise).
//! - Two chariots, horses, cannons or soldiers on one file: 前 (front) or
//!   后 (rear) before the piece instead of the file: `前车进三`, `后马退四`.
//!   Three soldiers on a file: 前/中/后; four or five: 一 二 三 四 五 from
//!   the front (`一兵平五`); soldiers in tandem on two files are numbered
//!   across both, files from the mover's right first, then front to back
//!   (the xqbase specification).
//!
//! [`format()`] writes these forms in simplified characters
//! (帅仕相马车炮兵 for Red, 将士象马车炮卒 for Black). [`parse`] also
//! reads traditional characters and variants (帥 將 俥 車 傌 馬 砲 包 侍
//! 進 後), ASCII or full-width digits and Chinese numerals for either side,
//! five-character forms with both the place and the file (`前兵四平五`),
//! the competition rules' tandem-soldier forms with the file in place of
//! the piece (`前九平八`, `二7平6`), and marks after the move (`炮二平五！`).
//!
//! ```
//! use xiangqi_rules::notation::chinese;
//! use xiangqi_rules::Position;
//! let mut pos = Position::startpos();
//! let m = pos.parse_iccs_move("h2e2")?;
//! assert_eq!(chinese::format(&pos, m), "炮二平五");
//! pos.play(m)?;
//! let reply = chinese::parse(&pos, "馬8進7")?;
//! assert_eq!(chinese::format(&pos, reply), "马８进７");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::describe::{self, Dir, Pick, Query, role_bit};
use super::{Notation, NotationError};
use crate::{Color, Move, Position, Role};

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const BLACK_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// The character of `role` for `color`, simplified.
const fn piece_char(color: Color, role: Role) -> char {
    match (color, role) {
        (Color::Red, Role::General) => '帅',
        (Color::Black, Role::General) => '将',
        (Color::Red, Role::Advisor) => '仕',
        (Color::Black, Role::Advisor) => '士',
        (Color::Red, Role::Elephant) => '相',
        (Color::Black, Role::Elephant) => '象',
        (_, Role::Horse) => '马',
        (_, Role::Chariot) => '车',
        (_, Role::Cannon) => '炮',
        (Color::Red, Role::Soldier) => '兵',
        (Color::Black, Role::Soldier) => '卒',
    }
}

/// `n` (1–9) as `color` writes it.
fn number(color: Color, n: u8) -> char {
    let table = match color {
        Color::Red => &RED_NUMERALS,
        Color::Black => &BLACK_DIGITS,
    };
    table
        .get(usize::from(n).wrapping_sub(1))
        .copied()
        .unwrap_or('?')
}

/// The legal move `m` of `pos` in Chinese notation: `炮二平五`, `前车进三`.
#[must_use]
pub fn format(pos: &Position, m: Move) -> String {
    let color = pos.turn();
    let f = describe::facts(pos, m);
    let piece = piece_char(color, f.role);
    let (i, n) = (f.index, f.count);
    let mut out = String::new();
    if !f.is_tandem() {
        out.push(piece);
        out.push(number(color, f.file));
    } else if f.role != Role::Soldier || (f.tandem_files < 2 && n <= 3) {
        out.push(match i {
            0 => '前',
            _ if i + 1 == n => '后',
            _ => '中',
        });
        out.push(piece);
    } else {
        let k = if f.tandem_files >= 2 {
            f.ordinal.unwrap_or(i)
        } else {
            i
        };
        out.push(RED_NUMERALS.get(k).copied().unwrap_or('?'));
        out.push(piece);
    }
    out.push(match f.dir {
        Dir::Forward => '进',
        Dir::Backward => '退',
        Dir::Sideways => '平',
    });
    out.push(number(color, f.num));
    out
}

/// A character of Chinese move text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Tok {
    Piece(u8),
    Num(u8),
    Dir(Dir),
    Place(Pick),
}

fn token(c: char) -> Option<Tok> {
    let role = |r: Role| Some(Tok::Piece(role_bit(r)));
    match describe::fold_full_width(c) {
        '帅' | '帥' | '将' | '將' => role(Role::General),
        '仕' | '士' | '侍' => role(Role::Advisor),
        '相' | '象' => role(Role::Elephant),
        '马' | '馬' | '傌' => role(Role::Horse),
        '车' | '車' | '俥' => role(Role::Chariot),
        '炮' | '砲' | '包' => role(Role::Cannon),
        '兵' | '卒' => role(Role::Soldier),
        '进' | '進' => Some(Tok::Dir(Dir::Forward)),
        '退' => Some(Tok::Dir(Dir::Backward)),
        '平' => Some(Tok::Dir(Dir::Sideways)),
        '前' => Some(Tok::Place(Pick::Front)),
        '后' | '後' => Some(Tok::Place(Pick::Rear)),
        '中' => Some(Tok::Place(Pick::Middle)),
        d @ '1'..='9' => Some(Tok::Num(d as u8 - b'0')),
        c => RED_NUMERALS
            .iter()
            .position(|&n| n == c)
            .map(|i| Tok::Num(i as u8 + 1)),
    }
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Kind {
    Piece,
    Num,
    Dir,
    Place,
}

const fn kind(t: Tok) -> Kind {
    match t {
        Tok::Piece(_) => Kind::Piece,
        Tok::Num(_) => Kind::Num,
        Tok::Dir(_) => Kind::Dir,
        Tok::Place(_) => Kind::Place,
    }
}

/// The shapes of a move, as kinds of characters.
const SHAPES: [&[Kind]; 6] = [
    &[Kind::Piece, Kind::Num, Kind::Dir, Kind::Num],
    &[Kind::Place, Kind::Piece, Kind::Dir, Kind::Num],
    &[Kind::Place, Kind::Piece, Kind::Num, Kind::Dir, Kind::Num],
    &[Kind::Num, Kind::Piece, Kind::Dir, Kind::Num],
    &[Kind::Place, Kind::Num, Kind::Dir, Kind::Num],
    &[Kind::Num, Kind::Num, Kind::Dir, Kind::Num],
];

/// The legal move a Chinese text means in `pos` (see the module
/// documentation for the forms read).
///
/// # Errors
/// [`NotationError::Syntax`] for text that is not a Chinese move,
/// [`NotationError::NoLegalMove`] when no legal move fits it,
/// [`NotationError::Ambiguous`] when several do.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let fail = |i: usize| NotationError::syntax(Notation::Chinese, text, i + 1);
    let mut toks = Vec::with_capacity(5);
    // Marks after a move: `!`, `?`, `+`, `#`, full-width or not.
    let marks = text
        .chars()
        .rev()
        .take_while(|&c| matches!(describe::fold_full_width(c), '!' | '?' | '+' | '#'))
        .count();
    let len = text.chars().count().saturating_sub(marks);
    for (i, c) in text.chars().take(len.max(1)).enumerate() {
        if i >= 5 {
            return Err(fail(i));
        }
        match token(c) {
            Some(t) => toks.push(t),
            None => return Err(fail(i)),
        }
    }
    let kinds: Vec<Kind> = toks.iter().map(|&t| kind(t)).collect();
    let Some(shape) = SHAPES.iter().position(|s| *s == kinds.as_slice()) else {
        // The first character no shape allows after what precedes it.
        let longest = SHAPES
            .iter()
            .map(|s| s.iter().zip(&kinds).take_while(|(a, b)| a == b).count())
            .max()
            .unwrap_or(0);
        return Err(fail(longest));
    };
    let soldier = role_bit(Role::Soldier);
    let (roles, file, pick) = match (shape, toks.as_slice()) {
        (0, &[Tok::Piece(r), Tok::Num(f), ..]) => (r, Some(f), Pick::Any),
        (1, &[Tok::Place(p), Tok::Piece(r), ..]) => (r, None, p),
        (2, &[Tok::Place(p), Tok::Piece(r), Tok::Num(f), ..]) => (r, Some(f), p),
        (3, &[Tok::Num(k), Tok::Piece(r), ..]) => (r, None, Pick::Ordinal(usize::from(k) - 1)),
        (4, &[Tok::Place(p), Tok::Num(f), ..]) => (soldier, Some(f), p),
        (5, &[Tok::Num(k), Tok::Num(f), ..]) => {
            (soldier, Some(f), Pick::OnFile(usize::from(k) - 1))
        }
        _ => return Err(fail(0)),
    };
    let (dir, num) = match toks.get(toks.len() - 2..) {
        Some(&[Tok::Dir(d), Tok::Num(n)]) => (d, n),
        _ => return Err(fail(toks.len().saturating_sub(2))),
    };
    let query = Query {
        roles,
        file,
        pick,
        dir,
        num,
    };
    NotationError::one_of(Notation::Chinese, text, describe::resolve(pos, &[query]))
}
