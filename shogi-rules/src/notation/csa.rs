//! CSA move notation (CSA standard record format V2.2 and V3.0), as
//! computer-shogi servers and records write moves: `+7776FU`, `-3334FU`,
//! `+0055KA` (a drop), `+8822UM` (a bishop that promotes on 2b).
//!
//! A move is the side (`+` Sente, `-` Gote), the origin as file and rank
//! digits (`00` for a drop), the destination, and the code of the piece
//! **after** the move: `FU KY KE GI KI KA HI OU` and the promoted `TO NY NK NG
//! UM RY`. A promotion shows as a code that differs from the piece on the
//! origin. [`parse`] also accepts the move without its side sign, and
//! surrounding whitespace; anything else, such as a `,T12` time, belongs to
//! the record, not to the move.
//!
//! ```
//! use shogi_rules::notation::csa;
//! use shogi_rules::Position;
//!
//! let pos = Position::startpos();
//! let m = csa::parse(&pos, "+7776FU")?;
//! assert_eq!(m.to_string(), "7g7f");
//! assert_eq!(csa::format(&pos, m), "+7776FU");
//! # Ok::<(), csa::CsaError>(())
//! ```

use crate::notation::Cursor;
use crate::{Color, IllegalMoveError, Move, Position, Role, Square, UsiMove};

/// Why a text is not the CSA notation of a legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CsaError {
    /// The text is not a CSA move; `column` is the 1-based character column
    /// where the problem was found.
    #[error("not a CSA move: expected {expected} at column {column}")]
    Syntax {
        /// 1-based character column.
        column: usize,
        /// What was expected there.
        expected: &'static str,
    },
    /// The sign names the side that is not to move.
    #[error("the move is signed as {written}'s, but it is {}'s turn", .written.opposite())]
    WrongSide {
        /// The side the sign names.
        written: Color,
    },
    /// The move between the two squares is illegal here, for the reason given.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// The squares make a legal move, but the piece code is not what stands
    /// on the destination after it (for instance `+7776KY` for a pawn move).
    #[error("no legal move is written {text:?}")]
    NoSuchMove {
        /// The text as given.
        text: String,
    },
}

/// The CSA piece codes, indexed by role.
const CODES: [&str; 14] = [
    "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY",
];

/// The CSA code of `role`: `FU`, `UM`, ...
#[must_use]
pub fn piece_code(role: Role) -> &'static str {
    CODES[role.index()]
}

/// The role of a CSA piece code, if it is one.
#[must_use]
pub fn role_from_code(code: &str) -> Option<Role> {
    CODES
        .iter()
        .position(|&c| c == code)
        .and_then(Role::from_index)
}

/// The CSA notation of `m`, a legal move of `pos` (the position gives the
/// side sign): `+7776FU`, `-0055KA`, `+8822UM`.
///
/// ```
/// use shogi_rules::notation::csa;
/// use shogi_rules::Position;
///
/// let pos = Position::from_sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")?;
/// let m = pos.parse_usi_move("8h2b+")?;
/// assert_eq!(csa::format(&pos, m), "+8822UM");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn format(pos: &Position, m: Move) -> String {
    let mut s = String::with_capacity(7);
    s.push(match pos.turn() {
        Color::Sente => '+',
        Color::Gote => '-',
    });
    match m.from() {
        Some(from) => push_square(&mut s, from),
        None => s.push_str("00"),
    }
    push_square(&mut s, m.to());
    s.push_str(piece_code(m.role_after()));
    s
}

fn push_square(s: &mut String, sq: Square) {
    s.push(sq.file_char());
    s.push(char::from(b'0' + sq.rank()));
}

/// Parses a CSA move into the legal move of `pos` it means.
///
/// # Errors
/// [`CsaError::Syntax`] when the text is not a CSA move,
/// [`CsaError::WrongSide`] when its sign names the side not to move,
/// [`CsaError::Illegal`] when the move between its squares is illegal, and
/// [`CsaError::NoSuchMove`] when the piece code does not fit the move.
///
/// ```
/// use shogi_rules::notation::csa::{self, CsaError};
/// use shogi_rules::{IllegalReason, Position};
///
/// let pos = Position::startpos();
/// assert!(matches!(csa::parse(&pos, "-3334FU"), Err(CsaError::WrongSide { .. })));
/// assert!(matches!(csa::parse(&pos, "+7776F"), Err(CsaError::Syntax { column: 6, .. })));
/// assert!(matches!(csa::parse(&pos, "+7776KY"), Err(CsaError::NoSuchMove { .. })));
/// match csa::parse(&pos, "+7775FU") {
///     Err(CsaError::Illegal(e)) => assert_eq!(e.reason(), IllegalReason::NotAPieceMove),
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(pos: &Position, text: &str) -> Result<Move, CsaError> {
    let mut c = Cursor::new(text);
    let written = match c.peek() {
        Some('+') => Some(Color::Sente),
        Some('-') => Some(Color::Gote),
        _ => None,
    };
    if written.is_some() {
        c.bump();
    }
    let origin_error = |column| CsaError::Syntax {
        column,
        expected: "an origin of two digits 1-9, or 00 for a drop",
    };
    let column = c.column();
    let from = match (digit(&mut c), digit(&mut c)) {
        (Some(0), Some(0)) => None,
        (Some(f), Some(r)) => Some(Square::new(f, r).ok_or(origin_error(column))?),
        _ => return Err(origin_error(column)),
    };
    let column = c.column();
    let to = match (digit(&mut c), digit(&mut c)) {
        (Some(f), Some(r)) => Square::new(f, r),
        _ => None,
    }
    .ok_or(CsaError::Syntax {
        column,
        expected: "a destination of two digits 1-9",
    })?;
    let column = c.column();
    let code: String = [c.bump(), c.bump()].into_iter().flatten().collect();
    let role = role_from_code(&code).ok_or(CsaError::Syntax {
        column,
        expected: "a piece code such as FU or UM",
    })?;
    if !c.at_end() {
        return Err(CsaError::Syntax {
            column: c.column(),
            expected: "the end of the move after the piece code",
        });
    }
    if let Some(color) = written {
        if color != pos.turn() {
            return Err(CsaError::WrongSide { written: color });
        }
    }
    let Some(from) = from else {
        return Ok(pos.to_move(UsiMove::Drop { role, to })?);
    };
    let promote = pos
        .piece_at(from)
        .is_some_and(|p| p.color == pos.turn() && p.role != role && p.role.promote() == Some(role));
    let m = pos.to_move(UsiMove::Normal { from, to, promote })?;
    if m.role_after() == role {
        Ok(m)
    } else {
        Err(CsaError::NoSuchMove {
            text: text.to_owned(),
        })
    }
}

/// Consumes an ASCII digit, `None` (consuming it too) for anything else.
fn digit(c: &mut Cursor) -> Option<u8> {
    match c.bump() {
        Some(d @ '0'..='9') => Some(d as u8 - b'0'),
        _ => None,
    }
}
