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
    let mut moves = Vec::with_capacity(words.len());
    for (ply, (column, word)) in words.into_iter().enumerate() {
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
    let mut moves = Vec::with_capacity(words.len());
    for (ply, (column, word)) in words.into_iter().enumerate() {
        let usi = word.parse().map_err(|source| UsiCommandError::BadMove {
            ply: ply + 1,
            column,
            source,
        })?;
        moves.push((column, usi));
    }
    Ok((start, moves))
}

/// Move words with their 1-based columns.
pub(crate) type MoveWords<'a> = Vec<(usize, &'a str)>;

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
    let words = split_words(text);
    let end_column = words
        .last()
        .map_or(1, |w| w.column + w.text.chars().count());
    let column_of = |i: usize| words.get(i).map_or(end_column, |w| w.column);
    let mut i = usize::from(words.first().map(|w| w.text) == Some("position"));
    let bare = bare_sfen && i == 0 && words.first().is_some_and(|w| w.text.contains('/'));
    let start = match words.get(i).map(|w| w.text) {
        Some("startpos") => {
            i += 1;
            Position::startpos()
        }
        Some(word) if word == "sfen" || bare => {
            i += usize::from(!bare);
            let from = i;
            while i < words.len() && words[i].text != "moves" {
                i += 1;
            }
            let sfen: Vec<&str> = words[from..i].iter().map(|w| w.text).collect();
            Position::from_sfen_composed(&sfen.join(" "))?
        }
        _ => {
            return Err(UsiCommandError::MissingStart {
                column: column_of(i),
            });
        }
    };
    let mut moves = Vec::new();
    if i < words.len() {
        if words[i].text != "moves" {
            return Err(UsiCommandError::ExpectedMoves {
                column: column_of(i),
            });
        }
        moves = words[i + 1..].iter().map(|w| (w.column, w.text)).collect();
    }
    Ok((start, moves))
}

/// A word of a command and its 1-based column in characters.
struct Word<'a> {
    column: usize,
    text: &'a str,
}

/// The words of `text`, split on ASCII whitespace, with their columns
/// counted as the text is read (once, whatever the number of words).
fn split_words(text: &str) -> Vec<Word<'_>> {
    let mut words = Vec::new();
    let mut start = None;
    for (column, (i, c)) in (1..).zip(text.char_indices()) {
        if c.is_ascii_whitespace() {
            if let Some((s, col)) = start.take() {
                words.push(Word {
                    column: col,
                    text: &text[s..i],
                });
            }
        } else if start.is_none() {
            start = Some((i, column));
        }
    }
    if let Some((s, column)) = start {
        words.push(Word {
            column,
            text: &text[s..],
        });
    }
    words
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
