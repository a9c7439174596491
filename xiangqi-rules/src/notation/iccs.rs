//! The coordinate notations: ICCS (`h2e2`, also read as `H2-E2`), and the
//! UCI form of Fairy-Stockfish with ranks 1–10 (`h3e3`, `b10c8`).

use super::{Notation, NotationError};
use crate::{IccsMove, Move, Position, Square};

/// `m` in ICCS as UCCI engines write it: `h2e2`.
#[must_use]
pub fn format(m: Move) -> String {
    m.to_string()
}

/// `m` with ranks 1–10: `h3e3`.
#[must_use]
pub fn format_uci(m: Move) -> String {
    format!(
        "{}{}{}{}",
        char::from(b'a' + m.from.file()),
        m.from.rank() + 1,
        char::from(b'a' + m.to.file()),
        m.to.rank() + 1
    )
}

/// Reads a point at `at` (0-based character index): a file letter and a
/// rank of one digit (ICCS) or one or two digits 1–10 (UCI). Returns the
/// point and the index after it.
fn point(chars: &[char], at: usize, uci: bool) -> Result<(Square, usize), usize> {
    let file = match chars.get(at) {
        Some(&c @ ('a'..='i' | 'A'..='I')) => c.to_ascii_lowercase() as u8 - b'a',
        _ => return Err(at),
    };
    let digit = |i: usize| chars.get(i).and_then(|c| c.to_digit(10));
    let (rank, next) = match (digit(at + 1), digit(at + 2)) {
        (None, _) => return Err(at + 1),
        (Some(d), _) if !uci => (d, at + 2),
        (Some(1), Some(0)) => (10, at + 3),
        (Some(0), _) => return Err(at + 1),
        (Some(d), _) => (d, at + 2),
    };
    let rank = if uci { rank - 1 } else { rank };
    // `rank` is at most 9 here.
    Square::new(file, rank as u8)
        .map(|sq| (sq, next))
        .ok_or(at + 1)
}

fn read(pos: &Position, text: &str, notation: Notation) -> Result<Move, NotationError> {
    let uci = notation == Notation::Uci;
    let chars: Vec<char> = text.chars().take(16).collect();
    let fail = |i: usize| NotationError::syntax(notation, text, i + 1);
    let (from, mut i) = point(&chars, 0, uci).map_err(fail)?;
    if !uci && chars.get(i) == Some(&'-') {
        i += 1;
    }
    let (to, end) = point(&chars, i, uci).map_err(fail)?;
    if end < text.chars().count() {
        return Err(fail(end));
    }
    pos.to_move(IccsMove { from, to })
        .map_err(|e| NotationError::NoLegalMove {
            notation,
            text: super::excerpt(text),
            reason: Some(e.reason),
        })
}

/// The legal move an ICCS text (`h2e2`, `H2E2`, `H2-E2`) means in `pos`.
///
/// ```
/// use xiangqi_rules::notation::{iccs, NotationError};
/// use xiangqi_rules::{IllegalReason, Position};
/// let pos = Position::startpos();
/// assert_eq!(iccs::parse(&pos, "H2-E2")?.to_string(), "h2e2");
/// assert!(matches!(iccs::parse(&pos, "h2x2"), Err(NotationError::Syntax { column: 3, .. })));
/// assert!(matches!(
///     iccs::parse(&pos, "h2h7"),
///     Err(NotationError::NoLegalMove { reason: Some(IllegalReason::CannonNoScreen), .. })
/// ));
/// # Ok::<(), NotationError>(())
/// ```
///
/// # Errors
/// [`NotationError::Syntax`] or [`NotationError::NoLegalMove`] with the
/// rule the move breaks.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    read(pos, text, Notation::Iccs)
}

/// The legal move a UCI text with ranks 1–10 (`h3e3`, `b10c8`) means in
/// `pos`.
///
/// ```
/// use xiangqi_rules::notation::iccs;
/// use xiangqi_rules::Position;
/// let pos = Position::startpos();
/// // Black's horse, but Red moves first.
/// assert!(iccs::parse_uci(&pos, "b10c8").is_err());
/// let m = iccs::parse_uci(&pos, "h3e3")?;
/// assert_eq!(m.to_string(), "h2e2");
/// assert_eq!(iccs::format_uci(m), "h3e3");
/// # Ok::<(), xiangqi_rules::notation::NotationError>(())
/// ```
///
/// # Errors
/// [`NotationError::Syntax`] or [`NotationError::NoLegalMove`] with the
/// rule the move breaks.
pub fn parse_uci(pos: &Position, text: &str) -> Result<Move, NotationError> {
    read(pos, text, Notation::Uci)
}
