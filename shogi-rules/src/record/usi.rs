//! USI records: a `position startpos moves …` or `position sfen … moves …`
//! line, one record per line.
//!
//! # Reading
//! * A line is a USI `position` command; the word `position` is optional,
//!   and so is the word `sfen` before an SFEN (a bare SFEN line, as files of
//!   positions hold them: `lnsgkgsnl/1r5b1/… b - 1`, with or without
//!   `moves …` after it).
//! * A token at the end of the moves states how the game ended, for the side
//!   to move there, as engines and GUIs (Shogidokoro, ShogiGUI) write them:
//!
//!   | token      | ending                           |
//!   |------------|----------------------------------|
//!   | `resign`   | [`SpecialMove::Resign`]          |
//!   | `win`      | [`SpecialMove::DeclareWin`]      |
//!   | `draw`     | [`SpecialMove::Impasse`]         |
//!   | `rep_draw` | [`SpecialMove::Repetition`]      |
//!   | `timeout`  | [`SpecialMove::TimeUp`]          |
//!   | `break`    | [`SpecialMove::Suspend`]         |
//!
//!   Any word after such a token is a
//!   [`MoveAfterEnd`](RecordErrorKind::MoveAfterEnd) error, so
//!   `position startpos moves 7g7f 3c3d resign` is two moves and Sente's
//!   resignation.
//! * Every non-blank line is a record: [`read`] reads a text of one line
//!   (blank lines around it are ignored) and refuses a text of several with
//!   [`RecordErrorKind::Collection`]; [`read_all`] reads every line, each
//!   error naming its line in the whole text.
//!
//! # Writing
//! [`write()`] writes the start and the main line as a `position` command,
//! then the ending as its token when it has one (`draw` for
//! [`SpecialMove::DeclareDraw`] too); comments, times, variations and the
//! other endings cannot be written in USI and are left out. A program that
//! sends the line to an engine, which knows no ending tokens, writes it with
//! [`crate::usi::position_command`] instead.

use super::text::excerpt;
use super::{
    Format, GameRecord, Limit, LineEnd, MAX_MOVE_NUMBER, MOVE_NUMBER_TOO_LARGE, ReadLimits,
    RecordError, RecordErrorKind, RecordMove, SpecialMove,
};
use crate::UsiMove;
use crate::usi::{UsiCommandError, parse_record_start};

/// The ending tokens and their endings; the first token of an ending is the
/// one written, the first ending of a token the one read.
const ENDINGS: [(&str, SpecialMove); 7] = [
    ("resign", SpecialMove::Resign),
    ("win", SpecialMove::DeclareWin),
    ("draw", SpecialMove::Impasse),
    ("draw", SpecialMove::DeclareDraw),
    ("rep_draw", SpecialMove::Repetition),
    ("timeout", SpecialMove::TimeUp),
    ("break", SpecialMove::Suspend),
];

/// The ending a token states.
fn special_of_token(word: &str) -> Option<SpecialMove> {
    ENDINGS.iter().find(|(t, _)| *t == word).map(|&(_, s)| s)
}

/// The token of an ending, if USI has one.
fn token_of_special(special: SpecialMove) -> Option<&'static str> {
    ENDINGS.iter().find(|(_, s)| *s == special).map(|&(t, _)| t)
}

/// Reads a USI record: the one non-blank line of `text`.
///
/// # Errors
/// [`RecordError`] with the line and column of the problem;
/// [`RecordErrorKind::Collection`] when `text` holds several records.
pub fn read(text: &str) -> Result<GameRecord, RecordError> {
    read_with(text, &ReadLimits::DEFAULT)
}

/// Reads a USI record within `limits` (the number of moves is checked
/// before any is played).
///
/// # Errors
/// As [`read`], and [`RecordErrorKind::LimitExceeded`] beyond a limit.
pub fn read_with(text: &str, limits: &ReadLimits) -> Result<GameRecord, RecordError> {
    let (text, _) = counted(text, limits, true)?;
    let (number, line) = record_lines(text).next().ok_or_else(|| {
        RecordError::new(
            Format::Usi,
            1,
            1,
            RecordErrorKind::UnexpectedLine(String::new()),
        )
    })?;
    read_line(number, line, limits)
}

/// Reads every record of `text`, a record per non-blank line.
///
/// # Errors
/// The first record that does not read, with its line in `text`;
/// [`RecordErrorKind::LimitExceeded`] beyond
/// [`ReadLimits::max_records`] records; a text without any record fails as
/// [`read`] does.
pub fn read_all(text: &str) -> Result<Vec<GameRecord>, RecordError> {
    read_all_with(text, &ReadLimits::DEFAULT)
}

/// Reads every record of `text` within `limits`.
///
/// # Errors
/// As [`read_all`].
pub fn read_all_with(text: &str, limits: &ReadLimits) -> Result<Vec<GameRecord>, RecordError> {
    let (text, starts) = counted(text, limits, false)?;
    if starts.is_empty() {
        return read_with(text, limits).map(|r| vec![r]);
    }
    let mut records = Vec::with_capacity(starts.len());
    for (number, line) in record_lines(text) {
        records.push(read_line(number, line, limits)?);
    }
    Ok(records)
}

/// `text` without its byte order mark, and the 1-based lines its records
/// start at, once their count is checked (`single`: for a read of one
/// record; see [`check_record_count`](super::read::check_record_count)).
fn counted<'a>(
    text: &'a str,
    limits: &ReadLimits,
    single: bool,
) -> Result<(&'a str, Vec<usize>), RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let starts: Vec<usize> = record_lines(text)
        .take(limits.max_records.saturating_add(1))
        .map(|(number, _)| number)
        .collect();
    super::read::check_record_count(Format::Usi, &starts, limits, single)?;
    Ok((text, starts))
}

/// The 1-based line number of each record of `text` (a BOM already
/// removed) and the line.
fn record_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l))
}

/// Whether `line` starts with an SFEN board rather than a keyword: eight
/// `/` between nine ranks of SFEN piece letters and digits, then `b` or `w`.
pub(crate) fn is_bare_sfen(line: &str) -> bool {
    let mut words = line.split_ascii_whitespace();
    let (Some(board), Some(side)) = (words.next(), words.next()) else {
        return false;
    };
    board.split('/').count() == 9
        && board.bytes().all(|b| {
            b == b'/' || b == b'+' || b.is_ascii_digit() || b"plnsgbrkPLNSGBRK".contains(&b)
        })
        && (side == "b" || side == "w")
}

/// Reads line `number` as a record.
fn read_line(number: usize, line: &str, limits: &ReadLimits) -> Result<GameRecord, RecordError> {
    let error = |column, kind| RecordError::new(Format::Usi, number, column, kind);
    let (start, words) = parse_record_start(line, true).map_err(|e| match e {
        UsiCommandError::Sfen(crate::SfenError::Setup(setup)) => {
            error(1, RecordErrorKind::IllegalPosition(setup))
        }
        UsiCommandError::Sfen(sfen) => {
            error(1, RecordErrorKind::BadPosition(excerpt(&sfen.to_string())))
        }
        UsiCommandError::MissingStart { column }
        | UsiCommandError::ExpectedMoves { column }
        | UsiCommandError::BadMove { column, .. }
        | UsiCommandError::IllegalMove { column, .. } => {
            error(column, RecordErrorKind::UnexpectedLine(excerpt(line)))
        }
    })?;
    // Two passes over the words, which are read from the line each time
    // rather than collected: the first checks every word's text and the
    // ending and counts the moves, the second plays them.
    let mut count = 0usize;
    let mut over_limit = None;
    let mut end = None;
    for (column, word) in words.clone() {
        if end.is_some() {
            return Err(error(column, RecordErrorKind::MoveAfterEnd));
        }
        if let Some(special) = special_of_token(word) {
            end = Some(special);
            continue;
        }
        parse_move(word).map_err(|kind| error(column, kind))?;
        if count == limits.max_moves_per_line {
            over_limit.get_or_insert(column);
        }
        count += 1;
    }
    if let Some(column) = over_limit {
        return Err(error(column, Limit::MovesPerLine.exceeded(limits)));
    }
    // The number of the last move, and of the ending after it, as KIF
    // writes them.
    let last = u64::from(start.move_number()).saturating_add(count as u64);
    if last > u64::from(MAX_MOVE_NUMBER) {
        return Err(error(1, MOVE_NUMBER_TOO_LARGE));
    }
    let mut record = GameRecord::new(start);
    record.main.moves.reserve_exact(count);
    let mut pos = record.start.clone();
    for (i, (column, word)) in words.take(count).enumerate() {
        let usi = parse_move(word).map_err(|kind| error(column, kind))?;
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
    record.main.end = end.map(|special| LineEnd {
        special,
        time: None,
        comments: Vec::new(),
    });
    Ok(record)
}

/// A move word of a record line, read.
fn parse_move(word: &str) -> Result<UsiMove, RecordErrorKind> {
    word.parse().map_err(|source: crate::ParseUsiMoveError| {
        RecordErrorKind::BadMoveText(excerpt(&source.to_string()))
    })
}

/// Writes the main line as a `position` command, followed by the ending's
/// token when USI has one (see the [module documentation](self)).
#[must_use]
pub fn write(record: &GameRecord) -> String {
    let mut out = crate::usi::position_command(&record.start, &record.moves());
    let token = record
        .main
        .end
        .as_ref()
        .and_then(|e| token_of_special(e.special));
    if let Some(token) = token {
        if record.main.moves.is_empty() {
            out.push_str(" moves");
        }
        out.push(' ');
        out.push_str(token);
    }
    out.push('\n');
    out
}
/// What reading the ending `special`, written in USI, back gives: the
/// ending of its token, when it has one.
pub(super) fn ending_read_back(special: SpecialMove) -> Option<SpecialMove> {
    token_of_special(special).and_then(special_of_token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_token_reads_as_its_ending_and_is_written_back() {
        for (token, special) in ENDINGS {
            let text = format!("position startpos moves 7g7f {token}\n");
            let record = read(&text).unwrap();
            let read_special = record.main.end.as_ref().map(|e| e.special);
            assert_eq!(read_special, special_of_token(token));
            assert_eq!(token_of_special(special), Some(token));
            assert_eq!(write(&record), text);
        }
        assert!(!is_bare_sfen("position startpos"));
        assert!(is_bare_sfen(
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
        ));
    }
}
