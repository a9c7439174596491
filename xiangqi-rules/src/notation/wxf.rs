//! WXF notation: piece, file, direction, number, seen from the mover
//! (`C2.5`, `H8+7`, `R1-1`), as the WXF document "Official Xiangqi Piece
//! Names and Notation" writes it.
//!
//! - Letters `K A E H R C P`; files 1–9 from the mover's right; `+`
//!   forward, `-` backward, `.` sideways; the number is the points moved
//!   for a general, chariot, cannon or soldier moving along its file, the
//!   destination file otherwise.
//! - Two chariots, horses, cannons or soldiers on one file: `+` (front) or
//!   `-` (rear) in place of the file: `R+.3`, `C--1`.
//! - Soldiers: three on a file are `P+`, `P3` (the middle one, by its file)
//!   and `P-`; four are `++`, `P+`, `P-`, `--`; five `++`, `P+`, `P3`,
//!   `P-`, `--`. When two files hold two or more soldiers, the file comes
//!   first: `3+.4`, `33.4`, `3-.4`.
//!
//! [`format()`] writes these forms. [`parse`] also reads the spellings met in
//! records: lower case (Black's moves in PlayOK and XieXie files), `=` for
//! `.` and a missing direction for a sideways move (`C25`), full-width
//! characters (`Ｃ２＝５`), the tandem sign before the letter (`+P+1`,
//! `-R=7`) or after it (`H++7`, `C+-2`), the letters `G`/`M` (advisor),
//! `B`/`M` (elephant) and `N` (horse), the xqbase soldier letters `Pa`–`Pe`
//! (1st to 5th soldier), the digits 1–7 for the pieces (`62.5` = `C2.5`),
//! and trailing marks `+ ! ? #` after a complete move.
//!
//! ```
//! use xiangqi_rules::notation::wxf;
//! use xiangqi_rules::Position;
//! let pos = Position::from_fen(
//!     "1r1aka2r/1R2n4/4b1c2/2p1n3p/c1b1p1p2/C1P3P1P/P3P4/4B3C/9/RNBAKA1N1 b - - 0 1",
//! )?;
//! let m = pos.parse_iccs_move("e8c7")?;
//! assert_eq!(wxf::format(&pos, m), "H-+3");
//! assert_eq!(wxf::parse(&pos, "-H+3")?, m);
//! assert_eq!(wxf::parse(&pos, "h-+3")?, m);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::describe::{self, Dir, Facts, Pick, Query, role_bit};
use super::{Notation, NotationError};
use crate::{Move, Position, Role};

/// The WXF letter of `role`.
const fn letter(role: Role) -> char {
    match role {
        Role::General => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Chariot => 'R',
        Role::Cannon => 'C',
        Role::Soldier => 'P',
    }
}

fn digit(n: u8) -> char {
    char::from_digit(u32::from(n), 10).unwrap_or('?')
}

/// The first two characters: which piece.
fn prefix(f: &Facts) -> [char; 2] {
    let (i, n) = (f.index, f.count);
    let l = letter(f.role);
    let file = digit(f.file);
    if !f.is_tandem() {
        return [l, file];
    }
    if f.role != Role::Soldier || (f.tandem_files < 2 && n <= 3) {
        return match i {
            0 => [l, '+'],
            _ if i + 1 == n => [l, '-'],
            _ => [l, file],
        };
    }
    if f.tandem_files >= 2 {
        return match i {
            0 => [file, '+'],
            _ if i + 1 == n => [file, '-'],
            _ => [file, file],
        };
    }
    match i {
        0 => ['+', '+'],
        1 => [l, '+'],
        _ if i + 1 == n => ['-', '-'],
        _ if i + 2 == n => [l, '-'],
        _ => [l, file],
    }
}

/// The legal move `m` of `pos` in WXF: `C2.5`, `R+.3`, `P-.4`.
#[must_use]
pub fn format(pos: &Position, m: Move) -> String {
    let f = describe::facts(pos, m);
    let [a, b] = prefix(&f);
    let dir = match f.dir {
        Dir::Forward => '+',
        Dir::Backward => '-',
        Dir::Sideways => '.',
    };
    [a, b, dir, digit(f.num)].iter().collect()
}

/// The roles a letter may stand for.
fn roles(c: char) -> Option<u8> {
    Some(match c.to_ascii_uppercase() {
        'K' => role_bit(Role::General),
        'A' | 'G' => role_bit(Role::Advisor),
        'E' | 'B' => role_bit(Role::Elephant),
        'M' => role_bit(Role::Advisor) | role_bit(Role::Elephant),
        'H' | 'N' => role_bit(Role::Horse),
        'R' => role_bit(Role::Chariot),
        'C' => role_bit(Role::Cannon),
        'P' => role_bit(Role::Soldier),
        _ => return None,
    })
}

fn num(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

fn dir(c: char) -> Option<Dir> {
    match c {
        '+' => Some(Dir::Forward),
        '-' => Some(Dir::Backward),
        '.' | '=' => Some(Dir::Sideways),
        _ => None,
    }
}

/// The role a digit 1–7 stands for (K A E H R C P).
fn digit_role(n: u8) -> Option<u8> {
    Role::from_index(usize::from(n).wrapping_sub(1)).map(role_bit)
}

/// What the first two characters say, as queries without direction and
/// number (tried in order), or the 0-based index of the first character
/// that cannot start a move.
fn which(a: char, b: char) -> Result<Vec<(u8, Option<u8>, Pick)>, usize> {
    let soldier = role_bit(Role::Soldier);
    let sign = |c: char| match c {
        '+' => Some(true),
        '-' => Some(false),
        _ => None,
    };
    let wxf_sign = |front: bool| if front { Pick::WxfPlus } else { Pick::WxfMinus };
    if let Some(r) = roles(a) {
        if let Some(file) = num(b) {
            return Ok(vec![(r, Some(file), Pick::Any)]);
        }
        if let Some(front) = sign(b) {
            return Ok(vec![(r, None, wxf_sign(front))]);
        }
        if let 'a'..='e' = b {
            return Ok(vec![(r, None, Pick::Ordinal(usize::from(b as u8 - b'a')))]);
        }
        return Err(1);
    }
    if let Some(front) = sign(a) {
        if let Some(r) = roles(b) {
            return Ok(vec![(r, None, wxf_sign(front))]);
        }
        return match (front, sign(b)) {
            (true, Some(true)) => Ok(vec![(soldier, None, Pick::Foremost)]),
            (false, Some(false)) => Ok(vec![(soldier, None, Pick::Rearmost)]),
            _ => Err(1),
        };
    }
    if let Some(first) = num(a) {
        let as_piece = digit_role(first);
        if let Some(front) = sign(b) {
            let pick = if front { Pick::Front } else { Pick::Rear };
            let mut out = vec![(soldier, Some(first), pick)];
            out.extend(as_piece.map(|r| (r, None, wxf_sign(front))));
            return Ok(out);
        }
        if let Some(second) = num(b) {
            let mut out = Vec::new();
            if first == second {
                out.push((soldier, Some(first), Pick::Middle));
            }
            out.extend(as_piece.map(|r| (r, Some(second), Pick::Any)));
            return if out.is_empty() { Err(0) } else { Ok(out) };
        }
        return Err(1);
    }
    Err(0)
}

/// The legal move a WXF text means in `pos` (see the module documentation
/// for the spellings read).
///
/// # Errors
/// [`NotationError::Syntax`] for text that is not a WXF move,
/// [`NotationError::NoLegalMove`] when no legal move fits it,
/// [`NotationError::Ambiguous`] when several do.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let fail = |i: usize| NotationError::syntax(Notation::Wxf, text, i + 1);
    let mut chars: Vec<char> = text
        .chars()
        .take(9)
        .map(describe::fold_full_width)
        .collect();
    if text.chars().nth(9).is_some() {
        return Err(fail(9));
    }
    while chars.len() > 4 && matches!(chars.last(), Some('+' | '!' | '?' | '#')) {
        chars.pop();
    }
    while chars.len() > 3 && matches!(chars.last(), Some('!' | '?' | '#')) {
        chars.pop();
    }
    let (a, b) = match chars.as_slice() {
        [] => return Err(fail(0)),
        [a] => (*a, None),
        [a, b, ..] => (*a, Some(*b)),
    };
    let Some(b) = b else {
        return Err(fail(
            if roles(a).is_some() || num(a).is_some() || dir(a).is_some() {
                1
            } else {
                0
            },
        ));
    };
    let picks = which(a, b).map_err(fail)?;
    let (d, n) = match chars.get(2..) {
        // The direction left out: a sideways move, `C25`.
        Some(&[n]) if num(n).is_some() && roles(a).is_some() => (Dir::Sideways, num(n)),
        Some(&[d, n]) => (dir(d).ok_or_else(|| fail(2))?, num(n)),
        Some(&[d]) => {
            dir(d).ok_or_else(|| fail(2))?;
            return Err(fail(3));
        }
        Some([]) | None => return Err(fail(2)),
        Some(rest) => {
            rest.first().copied().and_then(dir).ok_or_else(|| fail(2))?;
            rest.get(1).copied().and_then(num).ok_or_else(|| fail(3))?;
            return Err(fail(4));
        }
    };
    let n = n.ok_or_else(|| fail(chars.len() - 1))?;
    let queries: Vec<Query> = picks
        .into_iter()
        .map(|(roles, file, pick)| Query {
            roles,
            file,
            pick,
            dir: d,
            num: n,
        })
        .collect();
    NotationError::one_of(Notation::Wxf, text, describe::resolve(pos, &queries))
}
