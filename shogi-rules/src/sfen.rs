//! SFEN: reading and writing setups and positions.

use core::fmt;

use crate::{Color, Piece, Position, Role, SetupChecks, SetupError, Square};

/// The part of an SFEN string where a problem was found.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SfenField {
    /// The board (first field).
    Board,
    /// The side to move (`b` or `w`).
    SideToMove,
    /// The pieces in hand (`-` or e.g. `RG2p`).
    Hand,
    /// The move number.
    MoveNumber,
}

impl fmt::Display for SfenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SfenField::Board => "board",
            SfenField::SideToMove => "side to move",
            SfenField::Hand => "hand",
            SfenField::MoveNumber => "move number",
        })
    }
}

/// What is wrong in an SFEN string. Text errors carry the 1-based column
/// (in characters) where the problem starts; illegal setups are
/// [`SfenError::Setup`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SfenError {
    /// The text is empty (or only spaces).
    #[error("empty SFEN")]
    Empty,
    /// A required field is missing.
    #[error("column {column}: the {field} field is missing")]
    MissingField {
        /// The missing field.
        field: SfenField,
        /// Where it was expected.
        column: usize,
    },
    /// A character in the board that is not a piece letter, `+`, a digit 1–9 or `/`.
    #[error("column {column}: unexpected {found:?} in the board")]
    BoardCharacter {
        /// What was found.
        found: char,
        /// Where.
        column: usize,
    },
    /// A `+` not followed by a promotable piece letter.
    #[error("column {column}: '+' must be followed by one of P L N S B R (either case)")]
    BadPromotion {
        /// Where the `+` is.
        column: usize,
    },
    /// A board row does not describe exactly nine squares.
    #[error("column {column}: board row {row} has {squares} squares instead of 9")]
    RowLength {
        /// The row, 1–9 (1 = rank a).
        row: usize,
        /// The number of squares described.
        squares: usize,
        /// Where the row ends.
        column: usize,
    },
    /// The board does not have exactly nine rows.
    #[error("column {column}: the board has {rows} rows instead of 9")]
    RowCount {
        /// Rows found.
        rows: usize,
        /// Where the board ends.
        column: usize,
    },
    /// The side to move is not `b` or `w`.
    #[error("column {column}: side to move must be 'b' or 'w'")]
    SideToMove {
        /// Where.
        column: usize,
    },
    /// A character in the hand that is not a hand piece letter or a count.
    #[error("column {column}: unexpected {found:?} in the hand (expected '-' or pieces like RG2p)")]
    HandCharacter {
        /// What was found.
        found: char,
        /// Where.
        column: usize,
    },
    /// A count in the hand that is 0, too large, or not followed by a piece.
    #[error("column {column}: bad count in the hand")]
    HandCount {
        /// Where the count starts.
        column: usize,
    },
    /// The move number is not a non-negative integer.
    #[error("column {column}: the move number must be a whole number")]
    MoveNumber {
        /// Where.
        column: usize,
    },
    /// Text after the last field.
    #[error("column {column}: unexpected text after the SFEN")]
    TrailingText {
        /// Where it starts.
        column: usize,
    },
    /// The text is well formed but the position is not a legal setup.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

impl SfenError {
    /// The 1-based column of the problem, for text errors.
    #[must_use]
    pub fn column(&self) -> Option<usize> {
        match *self {
            SfenError::Empty | SfenError::Setup(_) => None,
            SfenError::MissingField { column, .. }
            | SfenError::BoardCharacter { column, .. }
            | SfenError::BadPromotion { column }
            | SfenError::RowLength { column, .. }
            | SfenError::RowCount { column, .. }
            | SfenError::SideToMove { column }
            | SfenError::HandCharacter { column, .. }
            | SfenError::HandCount { column }
            | SfenError::MoveNumber { column }
            | SfenError::TrailingText { column } => Some(column),
        }
    }

    /// The field the problem is in, for text errors.
    #[must_use]
    pub fn field(&self) -> Option<SfenField> {
        match self {
            SfenError::Empty | SfenError::Setup(_) => None,
            SfenError::MissingField { field, .. } => Some(*field),
            SfenError::BoardCharacter { .. }
            | SfenError::BadPromotion { .. }
            | SfenError::RowLength { .. }
            | SfenError::RowCount { .. } => Some(SfenField::Board),
            SfenError::SideToMove { .. } => Some(SfenField::SideToMove),
            SfenError::HandCharacter { .. } | SfenError::HandCount { .. } => Some(SfenField::Hand),
            SfenError::MoveNumber { .. } => Some(SfenField::MoveNumber),
            SfenError::TrailingText { .. } => None,
        }
    }
}

struct Cursor<'a> {
    text: &'a str,
    /// Byte offset of the current field.
    offset: usize,
}

impl<'a> Cursor<'a> {
    /// 1-based character column of a byte offset.
    fn column(&self, byte: usize) -> usize {
        self.text[..byte.min(self.text.len())].chars().count() + 1
    }

    /// The next space-separated field with its byte offset.
    fn field(&mut self) -> Option<(&'a str, usize)> {
        let rest = &self.text[self.offset..];
        let trimmed = rest.trim_start_matches(' ');
        let start = self.offset + (rest.len() - trimmed.len());
        if trimmed.is_empty() {
            self.offset = self.text.len();
            return None;
        }
        let len = trimmed.find(' ').unwrap_or(trimmed.len());
        self.offset = start + len;
        Some((&trimmed[..len], start))
    }
}

impl Position {
    /// Reads an SFEN string and checks that it is a legal setup.
    ///
    /// Accepts hands in any order, counts (`18p`) or repeated letters (`pppp`),
    /// a move number of 0, and a missing move number (taken as 1).
    ///
    /// # Errors
    /// [`SfenError`]: a text error with its field and column, or
    /// [`SfenError::Setup`] for an illegal setup.
    ///
    /// ```
    /// use shogi_rules::{Position, SetupError, SfenError};
    /// let pos = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")?;
    /// assert_eq!(pos, Position::startpos());
    /// let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 3R 1").unwrap_err();
    /// assert!(matches!(err, SfenError::Setup(SetupError::TooManyPieces { .. })));
    /// # Ok::<(), SfenError>(())
    /// ```
    pub fn from_sfen(sfen: &str) -> Result<Position, SfenError> {
        Position::from_sfen_with(sfen, SetupChecks::ALL)
    }

    /// Reads an SFEN string and checks the setup rules `checks` selects:
    /// [`SetupChecks::ALL`] is [`from_sfen`](Self::from_sfen),
    /// [`SetupChecks::COMPOSED`] is [`from_sfen_composed`](Self::from_sfen_composed),
    /// [`SetupChecks::NONE`] is [`from_sfen_unvalidated`](Self::from_sfen_unvalidated).
    /// To see every problem of a setup rather than the first, read it with
    /// [`Setup::from_sfen`](crate::Setup::from_sfen) and call
    /// [`Setup::validate`](crate::Setup::validate).
    ///
    /// # Errors
    /// A text error, or [`SfenError::Setup`] with the first problem found.
    pub fn from_sfen_with(sfen: &str, checks: SetupChecks) -> Result<Position, SfenError> {
        let pos = Position::parse_sfen(sfen)?;
        if let Some(problem) = pos.setup_problems(checks).into_iter().next() {
            return Err(SfenError::Setup(problem));
        }
        Ok(pos)
    }

    /// Reads an SFEN string as the start of a composed problem: like
    /// [`from_sfen`](Self::from_sfen), but two unpromoted pawns of a side on
    /// one file and pieces that could never move are allowed on the board
    /// (problems such as "nine pawns on one file" have them). The kings, the
    /// piece counts and the side not to move being in check are checked.
    /// Record readers accept exactly these starts, so every position a record
    /// or a [`Game`](crate::Game) can hold reads back from its SFEN. The
    /// same as [`from_sfen_with`](Self::from_sfen_with) with
    /// [`SetupChecks::COMPOSED`].
    ///
    /// ```
    /// use shogi_rules::Position;
    /// let nine_pawns = "4k4/9/9/9/9/9/8P/8P/4K3P b - 1";
    /// assert!(Position::from_sfen(nine_pawns).is_err());
    /// assert!(Position::from_sfen_composed(nine_pawns).is_ok());
    /// ```
    ///
    /// # Errors
    /// As [`from_sfen`](Self::from_sfen), without the two rules above.
    pub fn from_sfen_composed(sfen: &str) -> Result<Position, SfenError> {
        Position::from_sfen_with(sfen, SetupChecks::COMPOSED)
    }

    /// Reads an SFEN string without checking that the setup is legal (for
    /// analysis tools and composed positions); the same as
    /// [`from_sfen_with`](Self::from_sfen_with) with [`SetupChecks::NONE`]. Move generation on such a
    /// position never panics, but its results follow the rules only as far as
    /// the position allows; a king is never captured, even one the side to
    /// move attacks.
    ///
    /// # Errors
    /// Text errors only.
    pub fn from_sfen_unvalidated(sfen: &str) -> Result<Position, SfenError> {
        Position::from_sfen_with(sfen, SetupChecks::NONE)
    }

    /// Reads the text of an SFEN string into a position, checking no setup
    /// rule: the storage of a [`Setup`](crate::Setup).
    pub(crate) fn parse_sfen(sfen: &str) -> Result<Position, SfenError> {
        let mut cur = Cursor {
            text: sfen,
            offset: 0,
        };
        let (board, board_at) = cur.field().ok_or(SfenError::Empty)?;
        let mut pos = Position::empty();
        parse_board(&mut pos, board, board_at, &cur)?;

        let end = cur.offset;
        let (side, side_at) = cur.field().ok_or_else(|| SfenError::MissingField {
            field: SfenField::SideToMove,
            column: cur.column(end) + 1,
        })?;
        let turn = match side {
            "b" => Color::Sente,
            "w" => Color::Gote,
            _ => {
                return Err(SfenError::SideToMove {
                    column: cur.column(side_at),
                });
            }
        };
        pos.set_turn(turn);

        let end = cur.offset;
        let (hand, hand_at) = cur.field().ok_or_else(|| SfenError::MissingField {
            field: SfenField::Hand,
            column: cur.column(end) + 1,
        })?;
        parse_hand(&mut pos, hand, hand_at, &cur)?;

        if let Some((number, number_at)) = cur.field() {
            pos.move_number = number
                .parse::<u32>()
                .ok()
                .filter(|_| number.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| SfenError::MoveNumber {
                    column: cur.column(number_at),
                })?;
        }
        if let Some((_, extra_at)) = cur.field() {
            return Err(SfenError::TrailingText {
                column: cur.column(extra_at),
            });
        }
        Ok(pos)
    }

    /// The SFEN of the position, hands in canonical order (R B G S N L P,
    /// Sente's first) with counts.
    #[must_use]
    pub fn to_sfen(&self) -> String {
        let mut out = String::with_capacity(96);
        for rank in 1..=9u8 {
            if rank > 1 {
                out.push('/');
            }
            let mut empty = 0;
            for file in (1..=9u8).rev() {
                let piece = Square::new(file, rank).and_then(|sq| self.piece_at(sq));
                match piece {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        if p.role.is_promoted() {
                            out.push('+');
                        }
                        out.push(piece_char(p.color, p.role.sfen_char()));
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
        }
        out.push(' ');
        out.push(self.turn.sfen_char());
        out.push(' ');
        let mut any = false;
        for color in Color::ALL {
            for (role, n) in self.hand(color).iter() {
                any = true;
                if n > 1 {
                    push_number(&mut out, u32::from(n));
                }
                out.push(piece_char(color, role.sfen_char()));
            }
        }
        if !any {
            out.push('-');
        }
        out.push(' ');
        push_number(&mut out, self.move_number);
        out
    }
}

/// An SFEN piece letter: upper case for Sente, lower case for Gote.
fn piece_char(color: Color, letter: char) -> char {
    match color {
        Color::Sente => letter,
        Color::Gote => letter.to_ascii_lowercase(),
    }
}

/// Appends `n` in decimal.
fn push_number(out: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut len = 0;
    let mut rest = n;
    loop {
        digits[len] = b'0' + (rest % 10) as u8;
        len += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &d in digits[..len].iter().rev() {
        out.push(char::from(d));
    }
}

fn parse_board(
    pos: &mut Position,
    board: &str,
    at: usize,
    cur: &Cursor<'_>,
) -> Result<(), SfenError> {
    let mut row = 0usize;
    let mut squares = 0usize;
    let mut promoted_at: Option<usize> = None;
    // Columns count characters: the board's first column, then one per character.
    let first_column = cur.column(at);
    let mut column = first_column;
    for (i, c) in board.chars().enumerate() {
        column = first_column + i;
        if let Some(p) = promoted_at {
            let role = Role::from_sfen_char(c)
                .and_then(Role::promote)
                .ok_or(SfenError::BadPromotion { column: p })?;
            place(pos, row, &mut squares, c, role, column)?;
            promoted_at = None;
            continue;
        }
        match c {
            '/' => {
                if squares != 9 {
                    return Err(SfenError::RowLength {
                        row: row + 1,
                        squares,
                        column,
                    });
                }
                row += 1;
                squares = 0;
                if row >= 9 {
                    return Err(SfenError::RowCount {
                        rows: row + 1,
                        column,
                    });
                }
            }
            '1'..='9' => {
                squares += c as usize - '0' as usize;
                if squares > 9 {
                    return Err(SfenError::RowLength {
                        row: row + 1,
                        squares,
                        column,
                    });
                }
            }
            '+' => promoted_at = Some(column),
            _ => match Role::from_sfen_char(c) {
                Some(role) => place(pos, row, &mut squares, c, role, column)?,
                None => return Err(SfenError::BoardCharacter { found: c, column }),
            },
        }
    }
    if !board.is_empty() {
        column += 1;
    }
    if let Some(p) = promoted_at {
        return Err(SfenError::BadPromotion { column: p });
    }
    if row != 8 {
        return Err(SfenError::RowCount {
            rows: row + 1,
            column,
        });
    }
    if squares != 9 {
        return Err(SfenError::RowLength {
            row: row + 1,
            squares,
            column,
        });
    }
    Ok(())
}

fn place(
    pos: &mut Position,
    row: usize,
    squares: &mut usize,
    c: char,
    role: Role,
    column: usize,
) -> Result<(), SfenError> {
    if *squares >= 9 {
        return Err(SfenError::RowLength {
            row: row + 1,
            squares: *squares + 1,
            column,
        });
    }
    let file = 9 - *squares as u8;
    let sq = Square::new(file, row as u8 + 1).ok_or(SfenError::RowLength {
        row: row + 1,
        squares: *squares + 1,
        column,
    })?;
    let color = if c.is_ascii_uppercase() {
        Color::Sente
    } else {
        Color::Gote
    };
    pos.put(sq, Piece::new(color, role));
    *squares += 1;
    Ok(())
}

fn parse_hand(
    pos: &mut Position,
    hand: &str,
    at: usize,
    cur: &Cursor<'_>,
) -> Result<(), SfenError> {
    if hand == "-" {
        return Ok(());
    }
    let mut count: Option<(u32, usize)> = None;
    for (i, c) in hand.char_indices() {
        if let Some(d) = c.to_digit(10) {
            let (n, start) = count.unwrap_or((0, at + i));
            let n = n * 10 + d;
            if n > 255 {
                return Err(SfenError::HandCount {
                    column: cur.column(start),
                });
            }
            count = Some((n, start));
            continue;
        }
        let role = Role::from_sfen_char(c)
            .filter(|r| r.is_hand_role())
            .ok_or_else(|| SfenError::HandCharacter {
                found: c,
                column: cur.column(at + i),
            })?;
        let n = match count.take() {
            None => 1,
            Some((0, start)) => {
                return Err(SfenError::HandCount {
                    column: cur.column(start),
                });
            }
            Some((n, _)) => n,
        };
        let color = if c.is_ascii_uppercase() {
            Color::Sente
        } else {
            Color::Gote
        };
        let held = u32::from(pos.hand(color).get(role));
        if held + n > 255 {
            return Err(SfenError::HandCount {
                column: cur.column(at + i),
            });
        }
        for _ in 0..n {
            pos.hand_add(color, role);
        }
    }
    if let Some((_, start)) = count {
        return Err(SfenError::HandCount {
            column: cur.column(start),
        });
    }
    Ok(())
}
