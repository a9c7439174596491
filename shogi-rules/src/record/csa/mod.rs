//! CSA standard records (V2.2 and V3.0), as computer-shogi servers,
//! floodgate and the desktop programs write them.
//!
//! # Reading
//! [`read`] accepts V2, V2.1, V2.2 and V3.0 files and files without a
//! version line:
//! * `'CSA encoding=…` / `'encoding=…` declarations and the version line are
//!   understood and not kept (the text is already decoded);
//! * `N+` / `N-` become the [`HeaderKey::Sente`](super::HeaderKey::Sente) / [`HeaderKey::Gote`](super::HeaderKey::Gote)
//!   headers, `$KEY:value` lines become headers named `$KEY`
//!   (`START_TIME`, `END_TIME`, `EVENT`, `SITE`, `OPENING` recognised,
//!   `TIME_LIMIT` and `TIME` as [`HeaderKey::TimeControl`](super::HeaderKey::TimeControl), V3.0's
//!   `MAX_MOVES` and `JISHOGI` as [`HeaderKey::MoveLimit`](super::HeaderKey::MoveLimit) and
//!   [`HeaderKey::ImpasseRule`](super::HeaderKey::ImpasseRule), every other key kept as
//!   [`HeaderKey::Other`](super::HeaderKey::Other));
//! * floodgate's rules, comment lines before the position
//!   (`'Max_Moves:256`, `'Declaration:jishogi 1.1`), become the headers
//!   `Max_Moves` ([`HeaderKey::MoveLimit`](super::HeaderKey::MoveLimit)) and `Declaration`
//!   ([`HeaderKey::ImpasseRule`](super::HeaderKey::ImpasseRule)) rather than comments, so that
//!   [`GameRecord::rules`] finds them and other formats write them;
//! * the start position from `PI` with removed pieces, `P1`–`P9` rows
//!   (tokenized leniently: a cell is `+XX`, `-XX` or `*`, and dots or spaces
//!   after the ninth cell are ignored), `P+` / `P-` pieces with `00` for the
//!   hand and `00AL` for all remaining pieces, then the side to move;
//! * moves (checked against the rules), `T` times (decimals allowed in every
//!   version; each time's total is the mover's running total, as CSA has no
//!   totals), `%` endings (`docs/formats.md §4.3`: `%±ILLEGAL_ACTION` becomes
//!   [`SpecialMove::IllegalLoss`] when it names the side to move and
//!   [`SpecialMove::IllegalWin`] otherwise);
//! * comments: `'*` is a [`CommentKind::Normal`](super::CommentKind::Normal) comment, `'**` an
//!   [`CommentKind::Engine`](super::CommentKind::Engine) one, `'&` a [`CommentKind::Bookmark`](super::CommentKind::Bookmark), any
//!   other `'` line a normal comment with its text as written. A line
//!   `'#name：value` (or `'#name:value`) before the start position is a
//!   header CSA has no key for, as this module writes it (the name as KIF
//!   writes it, e.g. `'#持ち時間：10分`). Comments before the first move go to
//!   [`GameRecord::start_comments`], later ones to the move before them, and
//!   those after the ending to the ending;
//! * several statements on one line joined by `,` (each trimmed); once a
//!   statement is a comment, the rest of the line belongs to comments, split
//!   only where a `,` is followed by another `'`.
//!
//! Decisions:
//! * A record without a `%` line that ends with a floodgate comment
//!   `'summary:REASON:NAME1 RESULT:NAME2 RESULT` gets its ending from it,
//!   the names matched against `N+` / `N-` (`toryo` → resignation, `time up`
//!   → time loss, `sennichite` → repetition, `max_moves` → move limit,
//!   `kachi` → declared win, any other reason with a winner → a foul of the
//!   loser); the comment itself is kept.
//! * `/` (a line separating the games of a file): [`read`] refuses a file
//!   of several games with [`RecordErrorKind::Collection`], [`read_all`]
//!   reads each game (errors name their line in the whole file; those
//!   without a line of their own, such as a game without a position, name
//!   the game's first line). A `/` before the first game or after the last
//!   one separates nothing and is ignored.
//! * When the side-to-move line is missing, the sign of the first move gives
//!   it; a move before any position statement is an error.
//! * `%OUTE_SENNICHITE` (written by some servers, not in the standard) is
//!   read as a foul of the previous mover: the side to move wins.
//! * A `%` line that repeats the ending just read is accepted (floodgate
//!   writes a declaration and the server's confirmation); another `%` line
//!   after the ending is an error.
//! * A second `N+` or `N-` line is an error
//!   ([`RecordErrorKind::BadHeader`]), as is a `$` line without a key.
//! * A second `T` for the same move, statements in the wrong section and
//!   unknown statements are errors ([`RecordErrorKind::UnexpectedLine`]).
//! * Control characters (NUL, U+0001, U+001E, …) inside a name, a `$` value
//!   or a comment are kept as read, and the writer writes them as they are,
//!   so that writing and reading again gives the same record. Only a line
//!   break in a value (which no CSA line can hold, and which only a record
//!   from another format has) is written as a space.
//!
//! # Writing
//! [`write()`] writes V2.2, [`write_with`] V2.2 or V3.0: the version
//! (preceded by `'CSA encoding=UTF-8` in V3.0), the headers in their order
//! as `N+` / `N-` (the first name of each side) and `$` keys (headers from
//! other formats under their CSA names; a move limit or impasse rule read
//! from floodgate's comment line as that line again, one from another
//! format as `$MAX_MOVES` / `$JISHOGI` in V3.0 and as floodgate's comment
//! line in V2.2, which has no key for them), and every other header (a
//! second name of a side, headers with no CSA key, time controls not in the
//! version's syntax) as a `'#name：value` header comment, so that
//! KIF → CSA → KIF keeps every header; start comments, `PI` with the removed pieces for a
//! standard start position or `P1`–`P9` rows with `P+` / `P-` hands, the
//! side to move, one statement per line for moves and `T` times, comments
//! (`'*`, `'**`, and `'&` for bookmarks), and the `%` ending. V2.2 writes
//! whole seconds (rounded down), V3.0 keeps fractions. Variations and the
//! move number of the start position cannot be written in CSA and are left
//! out; an adjournment (封じ手) is written `%CHUDAN`, a forfeit as the foul
//! with the same result, and `%MAX_MOVES` in both versions.
//!
//! ```
//! use shogi_rules::record::csa::{self, CsaVersion};
//! use shogi_rules::record::SpecialMove;
//!
//! let text = "V2.2\nN+a\nN-b\nPI\n+\n+7776FU,T12\n-3334FU\nT3.5\n%TORYO\n";
//! let record = csa::read(text)?;
//! assert_eq!(record.moves().len(), 2);
//! assert_eq!(record.main.end.as_ref().map(|e| e.special), Some(SpecialMove::Resign));
//! assert_eq!(
//!     csa::write_with(&record, CsaVersion::V30),
//!     "'CSA encoding=UTF-8\nV3.0\nN+a\nN-b\nPI\n+\n+7776FU\nT12\n-3334FU\nT3.5\n%TORYO\n"
//! );
//! # Ok::<(), shogi_rules::record::RecordError>(())
//! ```

use super::{Format, GameRecord, ReadLimits, RecordError, RecordErrorKind, SpecialMove};
use crate::Color;

/// The CSA version a writer produces.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CsaVersion {
    /// Version 2.2: integer seconds.
    #[default]
    V22,
    /// Version 3.0: an encoding line, fractional seconds.
    V30,
}

/// Reads a CSA record (V2 to V3.0). See the [module documentation](self).
///
/// # Errors
/// [`RecordError`] with the 1-based line and column of the problem.
pub fn read(text: &str) -> Result<GameRecord, RecordError> {
    read_with(text, &ReadLimits::DEFAULT)
}

/// Reads a CSA record within `limits`.
///
/// # Errors
/// As [`read`], and [`RecordErrorKind::LimitExceeded`] beyond a limit.
pub fn read_with(text: &str, limits: &ReadLimits) -> Result<GameRecord, RecordError> {
    let starts = record_starts(text, limits.max_records.saturating_add(1));
    super::read::check_record_count(Format::Csa, &starts, limits, true)?;
    let records = read_records(text, limits)?;
    // `read_records` gives at least one record, and the count checked above
    // at most one.
    records.into_iter().next().ok_or_else(|| {
        error(
            0,
            0,
            RecordErrorKind::BadPosition("no start position (PI or P1-P9)".into()),
        )
    })
}

/// Reads every record of a CSA file: the games separated by `/` lines
/// (a file of one game gives one record).
///
/// # Errors
/// The first record that does not read, with its line in the whole text;
/// [`RecordErrorKind::LimitExceeded`] beyond [`ReadLimits::max_records`]
/// records; a text without any record fails as [`read`] does.
pub fn read_all(text: &str) -> Result<Vec<GameRecord>, RecordError> {
    read_all_with(text, &ReadLimits::DEFAULT)
}

/// Reads every record of a CSA file within `limits`.
///
/// # Errors
/// As [`read_all`].
pub fn read_all_with(text: &str, limits: &ReadLimits) -> Result<Vec<GameRecord>, RecordError> {
    let starts = record_starts(text, limits.max_records.saturating_add(1));
    super::read::check_record_count(Format::Csa, &starts, limits, false)?;
    read_records(text, limits)
}

mod read;
mod write;

use read::{error, read_records, record_starts};
pub use write::{write, write_with};

/// The `%` line of an ending with `to_move` to move.
/// The ending a `%` code (without the `%`) stands for, with `to_move` the
/// side to move at it.
fn special_of_code(code: &str, to_move: Color) -> Option<SpecialMove> {
    let foul = |fouler: Color| {
        if fouler == to_move {
            SpecialMove::IllegalLoss
        } else {
            SpecialMove::IllegalWin
        }
    };
    Some(match code {
        "TORYO" => SpecialMove::Resign,
        "CHUDAN" => SpecialMove::Suspend,
        "SENNICHITE" => SpecialMove::Repetition,
        "OUTE_SENNICHITE" => SpecialMove::IllegalWin,
        "TIME_UP" => SpecialMove::TimeUp,
        "ILLEGAL_MOVE" => SpecialMove::IllegalLoss,
        "+ILLEGAL_ACTION" => foul(Color::Sente),
        "-ILLEGAL_ACTION" => foul(Color::Gote),
        "JISHOGI" => SpecialMove::Impasse,
        "KACHI" => SpecialMove::DeclareWin,
        "HIKIWAKE" => SpecialMove::DeclareDraw,
        "MAX_MOVES" => SpecialMove::MaxMoves,
        "MATTA" => SpecialMove::TakeBack,
        "TSUMI" => SpecialMove::Checkmate,
        "FUZUMI" => SpecialMove::NoMate,
        "ERROR" => SpecialMove::Error,
        _ => return None,
    })
}

/// What reading the ending `special`, written in CSA, back gives.
pub(super) fn ending_read_back(special: SpecialMove, to_move: Color) -> Option<SpecialMove> {
    special_code(special, to_move).and_then(|code| special_of_code(code.get(1..)?, to_move))
}

fn special_code(special: SpecialMove, to_move: Color) -> Option<&'static str> {
    Some(match special {
        SpecialMove::Resign => "%TORYO",
        SpecialMove::Suspend | SpecialMove::Sealed => "%CHUDAN",
        SpecialMove::Repetition => "%SENNICHITE",
        SpecialMove::Impasse => "%JISHOGI",
        SpecialMove::TimeUp => "%TIME_UP",
        SpecialMove::IllegalLoss | SpecialMove::ForfeitLoss => "%ILLEGAL_MOVE",
        SpecialMove::IllegalWin | SpecialMove::ForfeitWin => match to_move {
            Color::Sente => "%-ILLEGAL_ACTION",
            Color::Gote => "%+ILLEGAL_ACTION",
        },
        SpecialMove::DeclareWin => "%KACHI",
        SpecialMove::DeclareDraw => "%HIKIWAKE",
        SpecialMove::Checkmate => "%TSUMI",
        SpecialMove::NoMate => "%FUZUMI",
        SpecialMove::MaxMoves => "%MAX_MOVES",
        SpecialMove::TakeBack => "%MATTA",
        SpecialMove::Error => "%ERROR",
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Role;
    use crate::record::{Header, HeaderKey};
    use core::time::Duration;

    #[test]
    fn reads_statements_times_and_endings() {
        let text = "V2.2\nN+a\nN-b\n$EVENT:e\nPI\n+\n+7776FU,T12\n-3334FU\nT3.5\n'*good\n%-ILLEGAL_ACTION\n";
        let r = read(text).unwrap();
        assert_eq!(r.moves().len(), 2);
        assert_eq!(r.header(HeaderKey::Event), Some("e"));
        assert_eq!(
            r.main.moves[1].time.unwrap().used,
            Duration::from_millis(3500)
        );
        assert_eq!(r.main.moves[1].comments[0].text, "good");
        assert_eq!(
            r.main.end.as_ref().unwrap().special,
            SpecialMove::IllegalWin
        );
        let again = read(&write_with(&r, CsaVersion::V30)).unwrap();
        assert_eq!(again, r);
    }

    #[test]
    fn reports_illegal_moves_with_their_place() {
        let err = read("PI\n+\n+7776FU\n-3334FU,+7775FU\n").unwrap_err();
        assert_eq!((err.line, err.column), (4, 9));
        assert!(matches!(
            err.kind,
            RecordErrorKind::IllegalMove { ply: 3, .. }
        ));
        let err = read("PI\n+\nXYZ\n").unwrap_err();
        assert!(matches!(err.kind, RecordErrorKind::UnexpectedLine(_)));
    }

    #[test]
    fn sets_up_hands_with_all_remaining_pieces() {
        let text = "P1 *  *  *  *  *  *  *  * -OU\nP2\nP+00KI\nP-00AL\n+\n";
        let err = read(text).unwrap_err();
        assert!(matches!(err.kind, RecordErrorKind::BadPosition(_)));
        let text = "P-11OU\nP+00KI\nP-00AL\n+\n";
        let r = read(text).unwrap();
        assert_eq!(r.start.hand(Color::Gote).get(Role::Pawn), 18);
        assert_eq!(r.start.hand(Color::Gote).get(Role::Gold), 3);
        assert_eq!(read(&write(&r)).unwrap(), r);
    }

    #[test]
    fn control_characters_in_names_values_and_comments_are_written_as_read() {
        let text = "V2.2\nN+shitate\nN-uw\u{1e}te\n$EVENT:a\u{1}\0b\n\
                    '* ---- CSA形式\u{1}\0\0?ファイル ----\nPI\n+\n+7776FU\n'\u{b}x\u{7}\n%CHUDAN\n";
        let r = read(text).unwrap();
        assert_eq!(r.header(HeaderKey::Gote), Some("uw\u{1e}te"));
        assert_eq!(r.header(HeaderKey::Event), Some("a\u{1}\0b"));
        assert_eq!(
            r.start_comments[0].text,
            " ---- CSA形式\u{1}\0\0?ファイル ----"
        );
        assert_eq!(r.main.moves[0].comments[0].text, "\u{b}x\u{7}");
        for version in [CsaVersion::V22, CsaVersion::V30] {
            let written = write_with(&r, version);
            assert!(written.contains("N-uw\u{1e}te\n"), "{written:?}");
            assert!(written.contains("$EVENT:a\u{1}\0b\n"), "{written:?}");
            assert_eq!(read(&written).unwrap(), r);
        }
    }

    #[test]
    fn a_line_break_in_a_value_is_written_as_a_space() {
        let mut r = read("PI\n+\n").unwrap();
        r.headers.push(Header {
            key: HeaderKey::Sente,
            name: "N+".to_owned(),
            value: "a\nb\rc".to_owned(),
        });
        assert!(write(&r).contains("\nN+a b c\n"));
    }

    #[test]
    fn never_panics_on_odd_text() {
        for text in [
            "P",
            "PI8",
            "P1+",
            "P+00",
            "T",
            "%",
            "+\n",
            "PI\n+\nT1.\n",
            "P1 * é",
            "N+",
            "$",
            "PI\n-\n%TORYO\nT1\nT2",
        ] {
            let _ = read(text);
        }
    }
}
