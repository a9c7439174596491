//! The `position` command: `position startpos moves 7g7f 3c3d` or
//! `position sfen <sfen> moves …`, read and replayed, and written.

use crate::{IllegalMoveError, Move, ParseUsiMoveError, Position, SfenError, UsiMove};

/// A `position` command that could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UsiCommandError {
    /// Neither `startpos` nor `sfen` follows `position`.
    #[error("expected 'startpos' or 'sfen <SFEN>' at column {column}")]
    MissingStart {
        /// 1-based column.
        column: usize,
    },
    /// The SFEN is invalid.
    #[error("invalid SFEN: {0}")]
    Sfen(#[from] SfenError),
    /// A word other than `moves` follows the position.
    #[error("expected 'moves' at column {column}")]
    ExpectedMoves {
        /// 1-based column.
        column: usize,
    },
    /// A move is malformed.
    #[error("move {ply} at column {column}: {source}")]
    BadMove {
        /// 1-based index of the move in the list.
        ply: usize,
        /// 1-based column.
        column: usize,
        /// The syntax problem.
        source: ParseUsiMoveError,
    },
    /// A move is illegal in the position it is played in.
    #[error("move {ply} at column {column}: {source}")]
    IllegalMove {
        /// 1-based index of the move in the list.
        ply: usize,
        /// 1-based column.
        column: usize,
        /// The reason.
        source: IllegalMoveError,
    },
}

/// A replayed `position` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    /// The position before the moves.
    pub start: Position,
    /// The moves, each legal in turn.
    pub moves: Vec<Move>,
    /// The position after the moves.
    pub position: Position,
}

/// Reads and replays a USI `position` command; the leading word `position`
/// is optional. An `sfen` start is read as a composed start
/// ([`Position::from_sfen_composed`]): nine pawns on a file are allowed, as in
/// the records that hold such problems.
///
/// # Errors
/// [`UsiCommandError`] naming the column, and for moves the ply.
///
/// ```
/// use shogi_rules::usi::parse_position_command;
/// let cmd = parse_position_command("position startpos moves 7g7f 3c3d").unwrap();
/// assert_eq!(cmd.moves.len(), 2);
/// assert_eq!(cmd.position.move_number(), 3);
/// ```
pub fn parse_position_command(text: &str) -> Result<PositionCommand, UsiCommandError> {
    let (start, words) = parse_start(text)?;
    let mut position = start.clone();
    let mut moves = Vec::with_capacity(words.clone().count());
    for (ply, (column, word)) in words.enumerate() {
        let usi: UsiMove = word.parse().map_err(|source| UsiCommandError::BadMove {
            ply: ply + 1,
            column,
            source,
        })?;
        let m = position
            .to_move(usi)
            .map_err(|source| UsiCommandError::IllegalMove {
                ply: ply + 1,
                column,
                source,
            })?;
        position.play_unchecked(m);
        moves.push(m);
    }
    Ok(PositionCommand {
        start,
        moves,
        position,
    })
}

/// Reads a `position` command into its start position and the moves'
/// syntax, without playing them.
///
/// # Errors
/// As [`parse_position_command`], except that legality is not checked.
pub fn parse_position_words(text: &str) -> Result<(Position, Vec<UsiMove>), UsiCommandError> {
    let (start, moves) = parse_position_words_at(text)?;
    Ok((start, moves.into_iter().map(|(_, m)| m).collect()))
}

/// As [`parse_position_words`], with the 1-based column of each move word.
pub(crate) fn parse_position_words_at(
    text: &str,
) -> Result<(Position, Vec<(usize, UsiMove)>), UsiCommandError> {
    let (start, words) = parse_start(text)?;
    let mut moves = Vec::with_capacity(words.clone().count());
    for (ply, (column, word)) in words.enumerate() {
        let usi = word.parse().map_err(|source| UsiCommandError::BadMove {
            ply: ply + 1,
            column,
            source,
        })?;
        moves.push((column, usi));
    }
    Ok((start, moves))
}

/// Move words with their 1-based columns: the words after `moves`, read
/// lazily (cloning the iterator reads them again, without a copy).
pub(crate) type MoveWords<'a> = Words<'a>;

/// The start position and the move words.
fn parse_start(text: &str) -> Result<(Position, MoveWords<'_>), UsiCommandError> {
    parse_start_with(text, false)
}

/// The start position of a line of a USI record and its words after
/// `moves`, unparsed: as [`parse_position_words_at`], and with `bare_sfen` a
/// line may also start with an SFEN without the word `sfen` (a first word
/// holding a `/`, as a board does).
pub(crate) fn parse_record_start(
    text: &str,
    bare_sfen: bool,
) -> Result<(Position, MoveWords<'_>), UsiCommandError> {
    parse_start_with(text, bare_sfen)
}

fn parse_start_with(
    text: &str,
    bare_sfen: bool,
) -> Result<(Position, MoveWords<'_>), UsiCommandError> {
    let mut words = Words::new(text);
    // The column of the next word, or just after the last one at the end
    // (read again only on the way to an error).
    let column_at = |words: &Words<'_>| match words.peek() {
        Some((column, _)) => column,
        None => Words::new(text)
            .last()
            .map_or(1, |(column, word)| column + word.chars().count()),
    };
    let first = words.peek().map(|(_, word)| word);
    let has_position = first == Some("position");
    if has_position {
        words.next();
    }
    let bare = bare_sfen && !has_position && first.is_some_and(|word| word.contains('/'));
    let start = match words.peek().map(|(_, word)| word) {
        Some("startpos") => {
            words.next();
            Position::startpos()
        }
        Some(word) if word == "sfen" || bare => {
            if !bare {
                words.next();
            }
            let mut sfen = String::new();
            while let Some((_, word)) = words.peek().filter(|&(_, word)| word != "moves") {
                words.next();
                if !sfen.is_empty() {
                    sfen.push(' ');
                }
                sfen.push_str(word);
            }
            Position::from_sfen_composed(&sfen)?
        }
        _ => {
            return Err(UsiCommandError::MissingStart {
                column: column_at(&words),
            });
        }
    };
    match words.peek() {
        None => {}
        Some((_, "moves")) => {
            words.next();
        }
        Some(_) => {
            return Err(UsiCommandError::ExpectedMoves {
                column: column_at(&words),
            });
        }
    }
    Ok((start, words))
}

/// The words of a text, split on ASCII whitespace, each with its 1-based
/// column in characters, counted as the text is read: once, whatever the
/// number of words.
#[derive(Clone, Debug)]
pub(crate) struct Words<'a> {
    text: &'a str,
    /// Where the unread text starts, in bytes.
    byte: usize,
    /// The column of the character at `byte`.
    column: usize,
}

impl<'a> Words<'a> {
    fn new(text: &'a str) -> Words<'a> {
        Words {
            text,
            byte: 0,
            column: 1,
        }
    }

    /// The next word, without reading past it.
    fn peek(&self) -> Option<(usize, &'a str)> {
        self.clone().next()
    }
}

impl<'a> Iterator for Words<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let rest = self.text.get(self.byte..)?;
        let mut start = None;
        for (i, c) in rest.char_indices() {
            if c.is_ascii_whitespace() {
                if let Some((s, column)) = start {
                    self.byte += i;
                    return rest.get(s..i).map(|word| (column, word));
                }
            } else if start.is_none() {
                start = Some((i, self.column));
            }
            self.column += 1;
        }
        self.byte = self.text.len();
        start.and_then(|(s, column)| rest.get(s..).map(|word| (column, word)))
    }
}

/// Writes a `position` command for a start position and moves: `startpos`
/// when the start is the standard position with move number 1.
#[must_use]
pub fn position_command(start: &Position, moves: &[Move]) -> String {
    let mut out = String::from("position ");
    if *start == Position::startpos() {
        out.push_str("startpos");
    } else {
        out.push_str("sfen ");
        out.push_str(&start.to_sfen());
    }
    if !moves.is_empty() {
        out.push_str(" moves");
        for m in moves {
            out.push(' ');
            out.push_str(&m.to_string());
        }
    }
    out
}
