//! USI records: a `position startpos moves …` or `position sfen … moves …`
//! line (the word `position` is optional).

use super::text::excerpt;
use super::{
    Format, GameRecord, Limit, MAX_MOVE_NUMBER, MOVE_NUMBER_TOO_LARGE, ReadLimits, RecordError,
    RecordErrorKind, RecordMove, SpecialMove,
};
use crate::usi::{UsiCommandError, parse_position_words_at};

/// Reads the first non-empty line as a USI `position` command.
///
/// # Errors
/// [`RecordError`] with the line and column of the problem.
pub fn read(text: &str) -> Result<GameRecord, RecordError> {
    read_with(text, &ReadLimits::DEFAULT)
}

/// Reads the first non-empty line as a USI `position` command, within
/// `limits` (the number of moves is checked before any is played).
///
/// # Errors
/// As [`read`], and [`RecordErrorKind::LimitExceeded`] beyond a limit.
pub fn read_with(text: &str, limits: &ReadLimits) -> Result<GameRecord, RecordError> {
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
    let (start, moves) = parse_position_words_at(line).map_err(|e| match e {
        UsiCommandError::MissingStart { column } | UsiCommandError::ExpectedMoves { column } => {
            error(column, RecordErrorKind::UnexpectedLine(excerpt(line)))
        }
        UsiCommandError::Sfen(crate::SfenError::Setup(setup)) => {
            error(1, RecordErrorKind::IllegalPosition(setup))
        }
        UsiCommandError::Sfen(sfen) => {
            error(1, RecordErrorKind::BadPosition(excerpt(&sfen.to_string())))
        }
        UsiCommandError::BadMove { column, source, .. } => error(
            column,
            RecordErrorKind::BadMoveText(excerpt(&source.to_string())),
        ),
        UsiCommandError::IllegalMove {
            column,
            ply,
            source,
        } => error(
            column,
            RecordErrorKind::IllegalMove {
                ply: u32::try_from(ply).unwrap_or(u32::MAX),
                reason: source.reason,
            },
        ),
    })?;
    if moves.len() > limits.max_moves_per_line {
        let column = moves[limits.max_moves_per_line].0;
        return Err(error(column, Limit::MovesPerLine.exceeded(limits)));
    }
    // The number of the last move, and of the ending after it, as KIF
    // writes them.
    let last = u64::from(start.move_number()).saturating_add(moves.len() as u64);
    if last > u64::from(MAX_MOVE_NUMBER) {
        return Err(error(1, MOVE_NUMBER_TOO_LARGE));
    }
    let mut record = GameRecord::new(start);
    record.main.moves.reserve_exact(moves.len());
    let mut pos = record.start.clone();
    for (i, (column, usi)) in moves.into_iter().enumerate() {
        let m = pos.to_move(usi).map_err(|e| {
            error(
                column,
                RecordErrorKind::IllegalMove {
                    ply: u32::try_from(i + 1).unwrap_or(u32::MAX),
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
/// What reading the ending `special`, written in USI, back gives: nothing,
/// as the writer leaves endings out.
pub(super) fn ending_read_back(_special: SpecialMove) -> Option<SpecialMove> {
    None
}
