//! FEN: reading and writing setups and positions.
//!
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`:
//! the placement from rank 9 (Black's back rank) down to rank 0, each rank
//! from file a to file i, digits for runs of empty points, upper case for
//! Red; the side to move; two fields that are always `-`; the halfmove
//! clock and the move number.
//!
//! Read: the piece letters `K A B N R C P` and the alternatives `E`
//! (elephant) and `H` (horse), in either case; `w` or `r` for Red and `b`
//! for Black; fields 3–6 may be left out (the counters then are `0 1`).
//! Written: `B`/`N`, `w`/`b`, all six fields.

use core::fmt;

use crate::{Color, Piece, Position, Setup, SetupError, Square};

/// A field of a FEN.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// Field 1, the placement of the pieces.
    Placement,
    /// Field 2, the side to move.
    SideToMove,
    /// Field 3, castling (always `-`).
    Castling,
    /// Field 4, en passant (always `-`).
    EnPassant,
    /// Field 5, the halfmove clock.
    HalfmoveClock,
    /// Field 6, the move number.
    FullmoveNumber,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "placement",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "move number",
        })
    }
}

/// What is wrong in a FEN. Text errors carry the 1-based column (in
/// characters) where the problem starts; illegal setups are
/// [`FenError::Setup`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    /// The text is empty (or only spaces).
    #[error("empty FEN")]
    Empty,
    /// A required field is missing.
    #[error("column {column}: the {field} field is missing")]
    MissingField {
        /// The missing field.
        field: FenField,
        /// Where it was expected.
        column: usize,
    },
    /// A character in the placement that is not a piece letter, a digit 1–9 or `/`.
    #[error("column {column}: unexpected {found:?} in the placement")]
    PlacementCharacter {
        /// What was found.
        found: char,
        /// Where.
        column: usize,
    },
    /// A rank that does not describe exactly nine points.
    #[error("column {column}: rank {rank} has {points} points instead of 9")]
    RankLength {
        /// The rank, 9 (the first in the text) to 0.
        rank: usize,
        /// The number of points described.
        points: usize,
        /// Where the rank ends.
        column: usize,
    },
    /// The placement does not have exactly ten ranks.
    #[error("column {column}: the placement has {ranks} ranks instead of 10")]
    RankCount {
        /// Ranks found.
        ranks: usize,
        /// Where the placement ends.
        column: usize,
    },
    /// A field that is not what it should be: a side to move other than
    /// `w`, `r` or `b`, castling or en passant other than `-`, a counter
    /// that is not a number.
    #[error("column {column}: bad {field} field {text:?}")]
    BadField {
        /// The field.
        field: FenField,
        /// Its text.
        text: String,
        /// Where it starts.
        column: usize,
    },
    /// Text after the sixth field.
    #[error("column {column}: unexpected text after the move number")]
    TrailingText {
        /// Where it starts.
        column: usize,
    },
    /// The text is well formed but the setup is illegal.
    #[error("illegal setup: {0}")]
    Setup(#[from] SetupError),
}

/// The fields of a FEN with their 1-based character columns.
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut column = 0;
    for (byte, c) in text.char_indices() {
        column += 1;
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((byte, column)),
            (true, Some((b, col))) => {
                out.push((col, &text[b..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((b, col)) = start {
        out.push((col, &text[b..]));
    }
    out
}

impl Setup {
    /// Reads a FEN without checking the setup rules.
    ///
    /// ```
    /// use xiangqi_rules::{FenError, FenField, Setup};
    /// let setup = Setup::from_fen("3aka3/2c1n4/4bP3/9/4N4/9/9/9/9/4K4 w").unwrap();
    /// assert_eq!((setup.halfmoves, setup.fullmoves), (0, 1));
    /// assert_eq!(
    ///     Setup::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"),
    ///     Err(FenError::BadField { field: FenField::SideToMove, text: "x".into(), column: 61 })
    /// );
    /// ```
    ///
    /// # Errors
    /// The first [`FenError`] in the text (never [`FenError::Setup`]).
    pub fn from_fen(text: &str) -> Result<Setup, FenError> {
        let fields = fields(text);
        let Some(&(col, placement)) = fields.first() else {
            return Err(FenError::Empty);
        };
        let mut setup = Setup::empty();
        read_placement(&mut setup, placement, col)?;
        let end = text.chars().count() + 1;
        let Some(&(col, side)) = fields.get(1) else {
            return Err(FenError::MissingField {
                field: FenField::SideToMove,
                column: end,
            });
        };
        let bad = |field, text: &str, column| FenError::BadField {
            field,
            text: text.to_owned(),
            column,
        };
        let mut chars = side.chars();
        setup.turn = match (chars.next().and_then(Color::from_fen_char), chars.next()) {
            (Some(color), None) => color,
            _ => return Err(bad(FenField::SideToMove, side, col)),
        };
        for (i, field) in [(2, FenField::Castling), (3, FenField::EnPassant)] {
            if let Some(&(col, t)) = fields.get(i) {
                if t != "-" {
                    return Err(bad(field, t, col));
                }
            }
        }
        if let Some(&(col, t)) = fields.get(4) {
            setup.halfmoves = t
                .parse()
                .map_err(|_| bad(FenField::HalfmoveClock, t, col))?;
        }
        if let Some(&(col, t)) = fields.get(5) {
            setup.fullmoves = t
                .parse()
                .map_err(|_| bad(FenField::FullmoveNumber, t, col))?;
        }
        if let Some(&(column, _)) = fields.get(6) {
            return Err(FenError::TrailingText { column });
        }
        Ok(setup)
    }

    /// The FEN of the setup (all six fields).
    #[must_use]
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                match Square::new(file, rank).and_then(|sq| self.piece(sq)) {
                    Some(piece) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.turn.fen_char());
        out.push_str(&format!(" - - {} {}", self.halfmoves, self.fullmoves));
        out
    }
}

/// Reads field 1 into `setup`; `start` is the column of its first character.
fn read_placement(setup: &mut Setup, placement: &str, start: usize) -> Result<(), FenError> {
    let mut rank_index = 0usize; // 0 = rank 9, the first in the text
    let mut file = 0usize;
    let mut column = start;
    for c in placement.chars() {
        match c {
            '/' => {
                if file != 9 {
                    return Err(FenError::RankLength {
                        rank: 9usize.saturating_sub(rank_index),
                        points: file,
                        column,
                    });
                }
                rank_index += 1;
                file = 0;
            }
            '1'..='9' => file += c as usize - '0' as usize,
            _ => {
                let piece =
                    Piece::from_char(c).ok_or(FenError::PlacementCharacter { found: c, column })?;
                let rank = 9usize.checked_sub(rank_index);
                match rank.and_then(|r| Square::new(file as u8, r as u8).filter(|_| file < 9)) {
                    Some(sq) => setup.set_piece(sq, Some(piece)),
                    None if rank_index > 9 => {
                        return Err(FenError::RankCount {
                            ranks: rank_index + 1,
                            column,
                        });
                    }
                    None => {
                        return Err(FenError::RankLength {
                            rank: 9 - rank_index,
                            points: file + 1,
                            column,
                        });
                    }
                }
                file += 1;
            }
        }
        if file > 9 {
            return Err(FenError::RankLength {
                rank: 9usize.saturating_sub(rank_index),
                points: file,
                column,
            });
        }
        column += 1;
    }
    if rank_index != 9 {
        return Err(FenError::RankCount {
            ranks: rank_index + 1,
            column,
        });
    }
    if file != 9 {
        return Err(FenError::RankLength {
            rank: 0,
            points: file,
            column,
        });
    }
    Ok(())
}

impl Position {
    /// Reads a FEN and checks the setup rules.
    ///
    /// ```
    /// use xiangqi_rules::{FenError, Position, SetupError};
    /// let pos = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")?;
    /// assert_eq!(pos, Position::startpos());
    /// // Elephant and horse as E and H, Black to move as b, counters left out.
    /// let pos = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b")?;
    /// assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    /// assert_eq!(
    ///     Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w"),
    ///     Err(FenError::Setup(SetupError::GeneralsFacing))
    /// );
    /// # Ok::<(), FenError>(())
    /// ```
    ///
    /// # Errors
    /// [`FenError`]: the text's first problem, or the setup's
    /// ([`FenError::Setup`]).
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        Ok(Position::from_setup(&Setup::from_fen(text)?)?)
    }

    /// The FEN of the position (all six fields).
    #[must_use]
    pub fn to_fen(&self) -> String {
        Setup::from_position(self).to_fen()
    }
}
