//! Western notation (Hodges 1976, Hosking 1996), the move list of
//! English-language game sites: `P-7f`, `Bx3c+`, `G6i-5h`, `S*5b`, `N-7c=`.
//!
//! # Writing
//! A move is written `piece [origin] movement destination [promotion]`:
//! - the piece letter of the moving piece: `P L N S G B R K`, promoted pieces
//!   `+P +L +N +S +B +R`;
//! - the origin square, only when another piece of the same kind could also
//!   move to the destination (`G6i-5h` beside `G4i-5h`); a piece pinned to
//!   its king counts, as it does for the Japanese words;
//! - `-` for a move, `x` for a capture, `*` for a drop (a drop has no origin);
//! - the destination, file digit and rank letter: `7f`;
//! - `+` when the move promotes (forced promotions too), `=` when it could
//!   have promoted and did not, nothing when no promotion was possible.
//!
//! # Reading
//! Besides what [`format()`] writes, [`parse`] accepts the variants seen in the
//! wild: the origin when it is not needed (`P7g-7f`, as engine-oriented
//! writers print every move), numeric ranks (`P-76`, `G69-58`), no movement
//! sign (`P76`, `P7g7f`), `D`, `H` and `T` for dragon, horse and tokin, `-`
//! for a capture, and a missing `=`. Without a sign and an origin, a board
//! move is preferred to a drop, as a drop is written with `*`. An `x` must
//! capture, and a move without `+` does not promote.
//!
//! ```
//! use shogi_rules::notation::western;
//! use shogi_rules::Position;
//!
//! let pos = Position::startpos();
//! let m = western::parse(&pos, "P-76")?;
//! assert_eq!(m.to_string(), "7g7f");
//! assert_eq!(western::format(&pos, m), "P-7f");
//! # Ok::<(), western::WesternError>(())
//! ```

use crate::notation::{Cursor, had_promotion_choice, legal_origins, reachers, usi_list};
use crate::{IllegalMoveError, Move, Position, Role, Square, UsiMove};

/// Why a text is not the Western notation of a legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WesternError {
    /// The text is not a Western move; `column` is the 1-based character
    /// column where the problem was found.
    #[error("not a Western move: expected {expected} at column {column}")]
    Syntax {
        /// 1-based character column.
        column: usize,
        /// What was expected there.
        expected: &'static str,
    },
    /// The text names its origin, and the move between the two squares is
    /// illegal here, for the reason given.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// The text is well formed, but no legal move fits it.
    #[error("no legal move is written {text:?}")]
    NoSuchMove {
        /// The text as given.
        text: String,
    },
    /// The text fits more than one legal move: it needs the origin square.
    #[error("{text:?} is ambiguous: it fits {}", usi_list(.candidates))]
    Ambiguous {
        /// The text as given.
        text: String,
        /// The legal moves it fits.
        candidates: Vec<Move>,
    },
}

/// The piece letters, indexed by role.
const LETTERS: [&str; 14] = [
    "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R",
];

/// The Western piece letter of `role`: `P`, `G`, `+R`, ...
#[must_use]
pub fn piece_letter(role: Role) -> &'static str {
    LETTERS[role.index()]
}

/// The Western notation of `m`, a legal move of `pos`.
///
/// The result is only meaningful for a legal move: the origin is added when
/// another piece of the same kind could move to the same square, and `=` when
/// the move could have promoted.
///
/// ```
/// use shogi_rules::notation::western;
/// use shogi_rules::Position;
///
/// let pos = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")?;
/// let m = pos.parse_usi_move("3c3d")?;
/// assert_eq!(western::format(&pos, m), "P-3d");
///
/// let pos = Position::from_sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")?;
/// let m = pos.parse_usi_move("8h2b+")?;
/// assert_eq!(western::format(&pos, m), "Bx2b+");
/// let m = pos.parse_usi_move("8h2b")?;
/// assert_eq!(western::format(&pos, m), "Bx2b=");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn format(pos: &Position, m: Move) -> String {
    let mut s = String::with_capacity(8);
    s.push_str(piece_letter(m.role()));
    let to = m.to();
    match m.from() {
        None => {
            s.push('*');
            push_square(&mut s, to);
        }
        Some(from) => {
            if reachers(pos, m.role(), to).more_than_one() {
                push_square(&mut s, from);
            }
            s.push(if m.is_capture() { 'x' } else { '-' });
            push_square(&mut s, to);
            if m.is_promotion() {
                s.push('+');
            } else if had_promotion_choice(pos.turn(), m) {
                s.push('=');
            }
        }
    }
    s
}

fn push_square(s: &mut String, sq: Square) {
    s.push(sq.file_char());
    s.push(sq.rank_char());
}

/// Parses Western notation (see the [module documentation](self) for the
/// accepted forms) into the legal move of `pos` it means.
///
/// # Errors
/// [`WesternError::Syntax`] when the text is not a Western move,
/// [`WesternError::Illegal`] when it names an origin and that move is
/// illegal, [`WesternError::NoSuchMove`] when no legal move fits, and
/// [`WesternError::Ambiguous`] when several do.
///
/// ```
/// use shogi_rules::notation::western::{self, WesternError};
/// use shogi_rules::{IllegalReason, Position};
///
/// let pos = Position::from_sfen("4k4/9/9/9/9/9/9/3G1G3/4K4 b - 1")?;
/// assert_eq!(western::parse(&pos, "G4h-5h")?.to_string(), "4h5h");
/// assert!(matches!(western::parse(&pos, "G-5h"), Err(WesternError::Ambiguous { .. })));
/// assert!(matches!(western::parse(&pos, "G-5"), Err(WesternError::Syntax { column: 4, .. })));
/// match western::parse(&pos, "G6h-7i") {
///     Err(WesternError::Illegal(e)) => assert_eq!(e.reason(), IllegalReason::NotAPieceMove),
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(pos: &Position, text: &str) -> Result<Move, WesternError> {
    let written = parse_syntax(text)?;
    let no_such = || WesternError::NoSuchMove {
        text: text.to_owned(),
    };
    let to = written.to;
    if written.sign == Some(Sign::Drop) {
        if written.promotion.is_some() {
            return Err(no_such());
        }
        return Ok(pos.to_move(UsiMove::Drop {
            role: written.role,
            to,
        })?);
    }
    let promote = written.promotion == Some(Promotion::Promote);
    let fits = |m: &Move| {
        m.role() == written.role && (written.sign != Some(Sign::Capture) || m.is_capture())
    };
    if let Some(from) = written.from {
        let m = pos.to_move(UsiMove::Normal { from, to, promote })?;
        return if fits(&m) { Ok(m) } else { Err(no_such()) };
    }
    let mut candidates = Vec::new();
    for from in legal_origins(pos, written.role, to) {
        if let Ok(m) = pos.to_move(UsiMove::Normal { from, to, promote }) {
            if fits(&m) {
                candidates.push(m);
            }
        }
    }
    match candidates.len() {
        1 => Ok(candidates[0]),
        0 if written.sign.is_none() && written.promotion.is_none() => pos
            .to_move(UsiMove::Drop {
                role: written.role,
                to,
            })
            .map_err(|_| no_such()),
        0 => Err(no_such()),
        _ => Err(WesternError::Ambiguous {
            text: text.to_owned(),
            candidates,
        }),
    }
}

/// The movement sign.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Sign {
    Move,
    Capture,
    Drop,
}

/// The promotion suffix.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Promotion {
    Promote,
    Decline,
}

/// A Western move as written, before it is looked up in a position.
struct Written {
    role: Role,
    from: Option<Square>,
    sign: Option<Sign>,
    to: Square,
    promotion: Option<Promotion>,
}

fn syntax(column: usize, expected: &'static str) -> WesternError {
    WesternError::Syntax { column, expected }
}

fn parse_syntax(text: &str) -> Result<Written, WesternError> {
    let mut c = Cursor::new(text);
    let role = parse_piece(&mut c)?;
    let first = parse_square(&mut c, false)?;
    let sign_column = c.column();
    let sign = match c.peek() {
        Some('-') => Some(Sign::Move),
        Some('x') => Some(Sign::Capture),
        Some('*') => Some(Sign::Drop),
        _ => None,
    };
    if sign.is_some() {
        c.bump();
    }
    let (from, to) = match (first, sign) {
        (Some(_), Some(Sign::Drop)) => {
            return Err(syntax(sign_column, "'-' or 'x' after an origin square"));
        }
        (first, Some(_)) => (first, parse_square(&mut c, true)?),
        (Some(first), None) => match parse_square(&mut c, false)? {
            Some(to) => (Some(first), Some(to)),
            None => (None, Some(first)),
        },
        (None, None) => return Err(syntax(sign_column, "a square, '-', 'x' or '*'")),
    };
    let to = to.ok_or_else(|| syntax(c.column(), "a square such as 7f"))?;
    let promotion = if c.eat('+') {
        Some(Promotion::Promote)
    } else if c.eat('=') {
        Some(Promotion::Decline)
    } else {
        None
    };
    if !c.at_end() {
        return Err(syntax(
            c.column(),
            "the end of the move after the destination",
        ));
    }
    Ok(Written {
        role,
        from,
        sign,
        to,
        promotion,
    })
}

fn parse_piece(c: &mut Cursor) -> Result<Role, WesternError> {
    let column = c.column();
    let promoted = c.eat('+');
    let role = match c.bump() {
        Some('P') => Role::Pawn,
        Some('L') => Role::Lance,
        Some('N') => Role::Knight,
        Some('S') => Role::Silver,
        Some('B') => Role::Bishop,
        Some('R') => Role::Rook,
        Some('G') if !promoted => Role::Gold,
        Some('K') if !promoted => Role::King,
        Some('D') if !promoted => Role::Dragon,
        Some('H') if !promoted => Role::Horse,
        Some('T') if !promoted => Role::Tokin,
        _ if promoted => return Err(syntax(column + 1, "one of P L N S B R after '+'")),
        _ => {
            return Err(syntax(
                column,
                "a piece letter (P L N S G B R K, +P ... +R, D H T)",
            ));
        }
    };
    if promoted {
        // The roles after '+' all promote; the match above admits no other.
        Ok(role.promote().unwrap_or(role))
    } else {
        Ok(role)
    }
}

/// Parses a square (`7f` or `76`) if the next character is a file digit; when
/// `required`, anything else is an error.
fn parse_square(c: &mut Cursor, required: bool) -> Result<Option<Square>, WesternError> {
    let column = c.column();
    let Some(file) = c.eat_if(|ch| ('1'..='9').contains(&ch)) else {
        return if required {
            Err(syntax(column, "a square such as 7f"))
        } else {
            Ok(None)
        };
    };
    let rank = match c.bump() {
        Some(r @ 'a'..='i') => r as u8 - b'a' + 1,
        Some(r @ '1'..='9') => r as u8 - b'0',
        _ => return Err(syntax(column + 1, "a rank letter a-i or digit 1-9")),
    };
    Ok(Square::new(file as u8 - b'0', rank))
}
