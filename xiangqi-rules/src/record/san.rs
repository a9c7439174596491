//! The SAN-like move text of WinBoard (ranks 0–9, no letter for soldiers:
//! `Che2`, `Cxe6`, `e4`) and pychess (ranks 1–10, `P` for soldiers:
//! `Cbe3`, `Rb10`, `A10e9`): piece letter, optional origin file and/or
//! rank, optional `x`, destination, optional `+`/`#`.

use crate::{Move, Position, Role};

/// Why a SAN token fits no single move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SanError {
    /// Not SAN; the 1-based character column.
    Syntax(usize),
    /// No legal move fits.
    NoMove,
    /// Several legal moves fit.
    Ambiguous(Vec<Move>),
}

fn role(c: char) -> Option<Role> {
    Some(match c {
        'K' => Role::General,
        'A' => Role::Advisor,
        'B' | 'E' => Role::Elephant,
        'N' | 'H' => Role::Horse,
        'R' => Role::Chariot,
        'C' => Role::Cannon,
        'P' => Role::Soldier,
        _ => return None,
    })
}

/// A file letter and optional rank (one or two digits) at `at`.
fn point(chars: &[char], mut at: usize, base: u8) -> (Option<u8>, Option<u8>, usize) {
    let file = match chars.get(at) {
        Some(&c @ 'a'..='i') => {
            at += 1;
            Some(c as u8 - b'a')
        }
        _ => None,
    };
    let mut rank: Option<u32> = None;
    while let Some(d) = chars.get(at).and_then(|c| c.to_digit(10)) {
        rank = Some(rank.unwrap_or(0) * 10 + d);
        at += 1;
        if rank.unwrap_or(0) > 10 {
            break;
        }
    }
    let rank = rank
        .and_then(|r| r.checked_sub(u32::from(base)))
        .map(|r| r.min(99) as u8);
    (file, rank, at)
}

/// The legal move a SAN token means in `pos`, with ranks counted from
/// `base` (0 for WinBoard, 1 for pychess).
pub(crate) fn parse(pos: &Position, text: &str, base: u8) -> Result<Move, SanError> {
    // No SAN move is longer than 8 characters: the rest of a longer text is
    // reported as trailing, wherever its first error is.
    let mut chars: Vec<char> = text.chars().take(12).collect();
    while matches!(chars.last(), Some('+' | '#' | '!' | '?')) {
        chars.pop();
    }
    let (piece, mut at) = match chars.first().copied().and_then(role) {
        Some(r) => (r, 1),
        None => (Role::Soldier, 0),
    };
    let (f1, r1, next) = point(&chars, at, base);
    if next == at && chars.get(at) != Some(&'x') {
        return Err(SanError::Syntax(at + 1));
    }
    at = next;
    let capture = chars.get(at) == Some(&'x');
    if capture {
        at += 1;
    }
    let (f2, r2, end) = point(&chars, at, base);
    let (from_file, from_rank, to_file, to_rank) = if end == at {
        if capture {
            return Err(SanError::Syntax(at + 1));
        }
        (None, None, f1, r1)
    } else {
        (f1, r1, f2, r2)
    };
    if end < chars.len().max(at) && end != at {
        return Err(SanError::Syntax(end + 1));
    }
    if end == at && at < chars.len() {
        return Err(SanError::Syntax(at + 1));
    }
    let (Some(tf), Some(tr)) = (to_file, to_rank) else {
        return Err(SanError::Syntax(chars.len() + 1));
    };
    let found: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| {
            m.role == piece
                && m.to.file() == tf
                && m.to.rank() == tr
                && from_file.is_none_or(|f| m.from.file() == f)
                && from_rank.is_none_or(|r| m.from.rank() == r)
        })
        .collect();
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(SanError::NoMove),
        _ => Err(SanError::Ambiguous(found)),
    }
}
