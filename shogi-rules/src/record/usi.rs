//! USI records: a `position startpos moves …` or `position sfen … moves …`
//! line (the word `position` is optional).

use super::{Format, GameRecord, RecordError, RecordErrorKind, RecordMove};
use crate::usi::{UsiCommandError, parse_position_words};

/// Reads the first non-empty line as a USI `position` command.
///
/// # Errors
/// [`RecordError`] with the line and column of the problem.
pub fn read(text: &str) -> Result<GameRecord, RecordError> {
    let (index, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty())
        .ok_or_else(|| {
            RecordError::new(
                Format::Usi,
                1,
                1,
                RecordErrorKind::UnexpectedLine(String::new()),
            )
        })?;
    let line_number = index + 1;
    let line = line.trim_start_matches('\u{feff}');
    let error = |column, kind| RecordError::new(Format::Usi, line_number, column, kind);
    let (start, moves) = parse_position_words(line).map_err(|e| match e {
        UsiCommandError::MissingStart { column } | UsiCommandError::ExpectedMoves { column } => {
            error(column, RecordErrorKind::UnexpectedLine(line.to_string()))
        }
        UsiCommandError::Sfen(crate::SfenError::Setup(setup)) => {
            error(1, RecordErrorKind::IllegalPosition(setup))
        }
        UsiCommandError::Sfen(sfen) => error(1, RecordErrorKind::BadPosition(sfen.to_string())),
        UsiCommandError::BadMove { column, source, .. } => {
            error(column, RecordErrorKind::BadMoveText(source.to_string()))
        }
        UsiCommandError::IllegalMove {
            column,
            ply,
            source,
        } => error(
            column,
            RecordErrorKind::IllegalMove {
                ply: ply as u32,
                reason: source.reason,
            },
        ),
    })?;
    let mut record = GameRecord::new(start);
    let mut pos = record.start.clone();
    for (i, usi) in moves.into_iter().enumerate() {
        let m = pos.to_move(usi).map_err(|e| {
            let column = move_word_column(line, i).unwrap_or(1);
            error(
                column,
                RecordErrorKind::IllegalMove {
                    ply: i as u32 + 1,
                    reason: e.reason,
                },
            )
        })?;
        pos.play_unchecked(m);
        record.main.moves.push(RecordMove::new(m));
    }
    Ok(record)
}

/// Writes the main line as a `position` command (comments, times,
/// variations and the ending cannot be written in USI and are left out).
#[must_use]
pub fn write(record: &GameRecord) -> String {
    let mut out = crate::usi::position_command(&record.start, &record.moves());
    out.push('\n');
    out
}

/// The 1-based column (in characters) of the word for move `index` (0-based)
/// after the `moves` keyword of a `position` line.
fn move_word_column(line: &str, index: usize) -> Option<usize> {
    let mut words = Vec::new();
    let mut start = None;
    for (b, c) in line
        .char_indices()
        .chain(core::iter::once((line.len(), ' ')))
    {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(b),
            (true, Some(s)) => {
                words.push((s, &line[s..b]));
                start = None;
            }
            _ => {}
        }
    }
    let keyword = words.iter().position(|&(_, w)| w == "moves")?;
    let &(byte, _) = words.get(keyword + 1 + index)?;
    Some(line[..byte].chars().count() + 1)
}
