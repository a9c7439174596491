//! CSA standard records (V2.2 and V3.0), as computer-shogi servers,
//! floodgate and the desktop programs write them.
//!
//! # Reading
//! [`read`] accepts V2, V2.1, V2.2 and V3.0 files and files without a
//! version line:
//! * `'CSA encoding=…` / `'encoding=…` declarations and the version line are
//!   understood and not kept (the text is already decoded);
//! * `N+` / `N-` become the [`HeaderKey::Sente`] / [`HeaderKey::Gote`]
//!   headers, `$KEY:value` lines become headers named `$KEY`
//!   (`START_TIME`, `END_TIME`, `EVENT`, `SITE`, `OPENING` recognised,
//!   `TIME_LIMIT` and `TIME` as [`HeaderKey::TimeControl`], V3.0's
//!   `MAX_MOVES` and `JISHOGI` as [`HeaderKey::MoveLimit`] and
//!   [`HeaderKey::ImpasseRule`], every other key kept as
//!   [`HeaderKey::Other`]);
//! * floodgate's rules, comment lines before the position
//!   (`'Max_Moves:256`, `'Declaration:jishogi 1.1`), become the headers
//!   `Max_Moves` ([`HeaderKey::MoveLimit`]) and `Declaration`
//!   ([`HeaderKey::ImpasseRule`]) rather than comments, so that
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
//! * comments: `'*` is a [`CommentKind::Normal`] comment, `'**` an
//!   [`CommentKind::Engine`] one, `'&` a [`CommentKind::Bookmark`], any
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

use core::fmt::Write as _;
use core::time::Duration;

use super::text::{
    comment_lines, comment_marker, excerpt, header, header_line, kif_name, marked_comment,
    numbered_lines, one_line, rule_header_key, side_names, stated_rule,
};
use super::{
    Comment, CommentKind, Format, GameRecord, Header, HeaderKey, Limit, LineEnd, MoveTime,
    ReadLimits, RecordError, RecordErrorKind, RecordMove, SpecialMove, running_total,
    start_position,
};
use crate::notation::csa::{self as notation, CsaError, piece_code, role_from_code};
use crate::{Color, ImpasseRule, Piece, Position, Role, Setup, Square};

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

/// The 1-based line of the first statement of each record of `text`, at
/// most `max` of them: a record is a run of statements between `/`
/// separators.
fn record_starts(text: &str, max: usize) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut in_record = false;
    for (line_no, line) in numbered_lines(text) {
        if starts.len() >= max {
            break;
        }
        for (_, statement) in statements(line) {
            if statement == "/" {
                in_record = false;
            } else if !in_record {
                starts.push(line_no);
                in_record = true;
            }
        }
    }
    starts.truncate(max);
    starts
}

/// Reads the records of `text` (at least one: a text without statements
/// is a record without a position, an error).
fn read_records(text: &str, limits: &ReadLimits) -> Result<Vec<GameRecord>, RecordError> {
    let new_reader = || Reader {
        limits: *limits,
        ..Reader::default()
    };
    let mut records = Vec::new();
    let mut reader = new_reader();
    // The first line of the record being read, 0 for the first one (its
    // errors without a line of their own are reported at line 0).
    let mut first_line = 0;
    let mut in_record = false;
    for (line_no, line) in numbered_lines(text) {
        // Columns counted as the statements come, once per line.
        let (mut at_byte, mut col) = (0, 1);
        for (offset, statement) in statements(line) {
            col += line.get(at_byte..offset).map_or(0, |s| s.chars().count());
            at_byte = offset;
            if statement == "/" {
                if in_record {
                    let done = core::mem::replace(&mut reader, new_reader());
                    records.push(done.finish(first_line)?);
                    in_record = false;
                }
                continue;
            }
            if !in_record {
                in_record = true;
                if !records.is_empty() {
                    first_line = line_no;
                }
            }
            reader.statement(line_no, col, statement)?;
        }
    }
    if in_record || records.is_empty() {
        records.push(reader.finish(first_line)?);
    }
    Ok(records)
}

/// Writes a V2.2 record.
#[must_use]
pub fn write(record: &GameRecord) -> String {
    write_with(record, CsaVersion::V22)
}

/// Writes a record in `version`.
#[must_use]
pub fn write_with(record: &GameRecord, version: CsaVersion) -> String {
    let mut out = String::with_capacity(64 + record.main.moves.len() * 12);
    match version {
        CsaVersion::V22 => out.push_str("V2.2\n"),
        CsaVersion::V30 => out.push_str("'CSA encoding=UTF-8\nV3.0\n"),
    }
    let mut named = [false; 2];
    let names = side_names(record);
    for h in &record.headers {
        let color = match h.key {
            HeaderKey::Sente => Some(Color::Sente),
            HeaderKey::Gote => Some(Color::Gote),
            _ => None,
        };
        if let Some(color) = color {
            if !std::mem::replace(&mut named[color.index()], true) {
                let sign = if color == Color::Sente { '+' } else { '-' };
                let _ = writeln!(out, "N{sign}{}", one_line(&h.value));
                continue;
            }
        } else if let Some(line) = rule_line(h, version) {
            out.push_str(&line);
            continue;
        } else if let Some(name) = csa_key(h, version) {
            let _ = writeln!(out, "{name}:{}", one_line(&h.value));
            continue;
        }
        // No CSA form: the header comment the reader turns back into it.
        let _ = writeln!(
            out,
            "'#{}：{}",
            one_line(&kif_name(h, names)),
            one_line(&h.value)
        );
    }
    write_comments(&mut out, &record.start_comments);
    write_position(&mut out, record);
    let mut pos = record.start.clone();
    for m in &record.main.moves {
        out.push_str(&notation::format(&pos, m.mv));
        out.push('\n');
        if let Some(t) = &m.time {
            write_time(&mut out, t.used, version);
        }
        write_comments(&mut out, &m.comments);
        pos.play_unchecked(m.mv);
    }
    if let Some(end) = &record.main.end {
        if let Some(code) = special_code(end.special, pos.turn()) {
            out.push_str(code);
            out.push('\n');
            if let Some(t) = &end.time {
                write_time(&mut out, t.used, version);
            }
        }
        write_comments(&mut out, &end.comments);
    }
    out
}

// ---------------------------------------------------------------------------
// Reading

fn error(line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
    RecordError::new(Format::Csa, line, column, kind)
}

/// What a `T` statement would attach to.
#[derive(Copy, Clone, PartialEq, Eq)]
enum TimeTarget {
    None,
    Move,
    End,
}

#[derive(Default)]
struct Reader {
    headers: Vec<Header>,
    start_comments: Vec<Comment>,
    /// The start position being set up.
    setup: Option<Setup>,
    pi: bool,
    rows: [bool; 9],
    all_to_hand: Option<Color>,
    /// The position after the moves read, once the position is complete.
    pos: Option<Position>,
    start: Option<Position>,
    moves: Vec<RecordMove>,
    end: Option<LineEnd>,
    target: Option<TimeTarget>,
    names: [Option<String>; 2],
    /// Time used so far by Sente and Gote.
    totals: [Duration; 2],
    limits: ReadLimits,
}

impl Reader {
    fn statement(&mut self, line_no: usize, col: usize, s: &str) -> Result<(), RecordError> {
        let unexpected = || error(line_no, col, RecordErrorKind::UnexpectedLine(excerpt(s)));
        if s.len() > self.limits.max_header_bytes && !s.starts_with(['+', '-', 'P']) {
            return Err(error(
                line_no,
                col,
                Limit::HeaderBytes.exceeded(&self.limits),
            ));
        }
        let Some(first) = s.chars().next() else {
            return Ok(());
        };
        match first {
            '\'' => {
                self.comment(&s[1..]);
                Ok(())
            }
            'V' => match s {
                "V2" | "V2.1" | "V2.2" | "V3.0" if self.pos.is_none() => Ok(()),
                _ => Err(unexpected()),
            },
            'N' if self.pos.is_none() && (s.starts_with("N+") || s.starts_with("N-")) => {
                let color = if s.starts_with("N+") {
                    Color::Sente
                } else {
                    Color::Gote
                };
                let value = s[2..].trim().to_owned();
                if self.names[color.index()].is_some() {
                    return Err(error(line_no, col, RecordErrorKind::BadHeader(excerpt(s))));
                }
                self.names[color.index()] = Some(value.clone());
                self.headers.push(Header {
                    key: if color == Color::Sente {
                        HeaderKey::Sente
                    } else {
                        HeaderKey::Gote
                    },
                    name: s[..2].to_owned(),
                    value,
                });
                Ok(())
            }
            '$' if self.pos.is_none() => {
                let Some((name, value)) = s.split_once(':') else {
                    return Err(error(line_no, col, RecordErrorKind::BadHeader(excerpt(s))));
                };
                let name = name.trim_end();
                if name.len() < 2 {
                    return Err(error(line_no, col, RecordErrorKind::BadHeader(excerpt(s))));
                }
                let key = match &name[1..] {
                    "START_TIME" => HeaderKey::StartTime,
                    "END_TIME" => HeaderKey::EndTime,
                    "EVENT" => HeaderKey::Event,
                    "SITE" => HeaderKey::Site,
                    "OPENING" => HeaderKey::Opening,
                    "TIME_LIMIT" | "TIME" => HeaderKey::TimeControl,
                    _ => rule_header_key(name).unwrap_or(HeaderKey::Other),
                };
                self.headers.push(Header {
                    key,
                    name: name.to_owned(),
                    value: value.trim().to_owned(),
                });
                Ok(())
            }
            'P' if self.pos.is_none() => self.position(line_no, col, s),
            '+' | '-' => {
                let color = if first == '+' {
                    Color::Sente
                } else {
                    Color::Gote
                };
                if s.len() == 1 {
                    if self.pos.is_some() {
                        return Err(unexpected());
                    }
                    return self.start_play(line_no, col, color);
                }
                if self.pos.is_none() {
                    self.start_play(line_no, col, color)?;
                }
                self.play(line_no, col, s)
            }
            'T' if self.pos.is_some() => self.time(line_no, col, s),
            '%' if self.pos.is_some() || self.setup.is_some() => {
                if self.pos.is_none() {
                    let turn = Color::Sente;
                    self.start_play(line_no, col, turn)?;
                }
                self.special(line_no, col, s)
            }
            _ => Err(unexpected()),
        }
    }

    fn comment(&mut self, text: &str) {
        if self.pos.is_none() && self.moves.is_empty() {
            let lower = text.trim_start().to_ascii_lowercase();
            if lower.starts_with("csa encoding=") || lower.starts_with("encoding=") {
                return;
            }
            if self.setup.is_none() {
                if let Some((name, value, _)) = text.strip_prefix('#').and_then(header_line) {
                    self.headers.push(header(name, value));
                    return;
                }
            }
        }
        // Floodgate's rules before the position (`'Max_Moves:256`,
        // `'Declaration:jishogi 1.1`) are headers.
        if self.pos.is_none() && self.setup.is_none() {
            if let Some((name, value)) = text.split_once(':') {
                let key = rule_header_key(name)
                    .filter(|_| name.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_'));
                if let Some(key) = key {
                    self.headers.push(Header {
                        key,
                        name: name.to_owned(),
                        value: value.trim().to_owned(),
                    });
                    return;
                }
            }
        }
        let comment = marked_comment(text).unwrap_or(Comment {
            kind: CommentKind::Normal,
            text: text.to_owned(),
        });
        if let Some(end) = &mut self.end {
            end.comments.push(comment);
        } else if let Some(last) = self.moves.last_mut() {
            last.comments.push(comment);
        } else {
            self.start_comments.push(comment);
        }
    }

    fn position(&mut self, line_no: usize, col: usize, s: &str) -> Result<(), RecordError> {
        let bad = |what: &str| {
            error(
                line_no,
                col,
                RecordErrorKind::BadPosition(format!("{what}: {s}")),
            )
        };
        let body = s.get(2..).unwrap_or("");
        match s.as_bytes().get(1) {
            Some(b'I') => {
                if self.setup.is_some() {
                    return Err(bad("PI after another position statement"));
                }
                let full = Position::startpos();
                let mut removed = Vec::new();
                for (sq, role) in pairs(body.trim_end()).ok_or_else(|| bad("malformed PI"))? {
                    let Some(sq) = sq else {
                        return Err(bad("PI removes a piece from the hand"));
                    };
                    match full.piece_at(sq) {
                        Some(p) if p.role == role && !removed.contains(&sq) => removed.push(sq),
                        _ => return Err(bad("PI removes a piece that is not there")),
                    }
                }
                let mut setup = Setup::from(&full);
                for sq in removed {
                    setup.set_piece(sq, None);
                }
                self.pi = true;
                self.setup = Some(setup);
                Ok(())
            }
            Some(&d @ b'1'..=b'9') => {
                let rank = d - b'0';
                if self.pi || self.rows[usize::from(rank - 1)] {
                    return Err(bad("repeated board row"));
                }
                self.rows[usize::from(rank - 1)] = true;
                let cells = row_cells(body).ok_or_else(|| bad("a row needs nine cells"))?;
                let setup = self.setup.get_or_insert_with(Setup::empty);
                for (i, cell) in cells.into_iter().enumerate() {
                    if let Some(piece) = cell {
                        let file = 9 - i as u8;
                        let sq = Square::new(file, rank).ok_or_else(|| bad("square"))?;
                        if setup.piece_at(sq).is_some() {
                            return Err(bad("two pieces on one square"));
                        }
                        setup.set_piece(sq, Some(piece));
                    }
                }
                Ok(())
            }
            Some(&sign @ (b'+' | b'-')) => {
                let color = if sign == b'+' {
                    Color::Sente
                } else {
                    Color::Gote
                };
                let body = body.trim_end();
                let setup = self.setup.get_or_insert_with(Setup::empty);
                let mut rest = body;
                while !rest.is_empty() {
                    let Some(group) = rest.get(..4) else {
                        return Err(bad("pieces are written as square and code"));
                    };
                    rest = &rest[4..];
                    if group == "00AL" {
                        if self.all_to_hand.is_some() {
                            return Err(bad("00AL given twice"));
                        }
                        self.all_to_hand = Some(color);
                        continue;
                    }
                    let Some(&[(sq, role)]) = pairs(group).as_deref() else {
                        return Err(bad("pieces are written as square and code"));
                    };
                    match sq {
                        None => {
                            if !role.is_hand_role() {
                                return Err(bad("this piece cannot be in hand"));
                            }
                            let mut hand = setup.hand(color);
                            if hand.get(role) >= 18 {
                                return Err(bad("too many pieces in hand"));
                            }
                            hand.set(role, hand.get(role) + 1);
                            setup.set_hand(color, hand);
                        }
                        Some(sq) => {
                            if setup.piece_at(sq).is_some() {
                                return Err(bad("two pieces on one square"));
                            }
                            setup.set_piece(sq, Some(Piece::new(color, role)));
                        }
                    }
                }
                Ok(())
            }
            _ => Err(error(
                line_no,
                col,
                RecordErrorKind::UnexpectedLine(excerpt(s)),
            )),
        }
    }

    /// Completes the start position with `turn` to move.
    fn start_play(&mut self, line_no: usize, col: usize, turn: Color) -> Result<(), RecordError> {
        let Some(mut setup) = self.setup.take() else {
            return Err(error(
                line_no,
                col,
                RecordErrorKind::BadPosition(
                    "no start position (PI or P1-P9) before the play".into(),
                ),
            ));
        };
        if let Some(color) = self.all_to_hand {
            // Every piece of the standard set not on the board or in a
            // hand goes to `color`'s hand.
            let mut counts = [0u32; 7];
            for sq in Square::ALL {
                if let Some(p) = setup.piece_at(sq) {
                    if let Some(i) = Role::HAND.iter().position(|&r| r == p.role.unpromote()) {
                        counts[i] += 1;
                    }
                }
            }
            let mut hand = setup.hand(color);
            for (i, role) in Role::HAND.into_iter().enumerate() {
                let held = counts[i]
                    + u32::from(setup.hand(Color::Sente).get(role))
                    + u32::from(setup.hand(Color::Gote).get(role));
                let missing = u32::from(role.standard_count()).saturating_sub(held);
                hand.set(
                    role,
                    hand.get(role)
                        .saturating_add(u8::try_from(missing).unwrap_or(u8::MAX)),
                );
            }
            setup.set_hand(color, hand);
        }
        setup.set_turn(turn);
        let pos = start_position(setup).map_err(|kind| error(line_no, col, kind))?;
        self.start = Some(pos.clone());
        self.pos = Some(pos);
        self.target = Some(TimeTarget::None);
        Ok(())
    }

    fn play(&mut self, line_no: usize, col: usize, s: &str) -> Result<(), RecordError> {
        let ply = u32::try_from(self.moves.len() + 1).unwrap_or(u32::MAX);
        if self.end.is_some() {
            return Err(error(line_no, col, RecordErrorKind::MoveAfterEnd));
        }
        if self.moves.len() >= self.limits.max_moves_per_line {
            return Err(error(
                line_no,
                col,
                Limit::MovesPerLine.exceeded(&self.limits),
            ));
        }
        let Some(pos) = &mut self.pos else {
            return Err(error(
                line_no,
                col,
                RecordErrorKind::UnexpectedLine(excerpt(s)),
            ));
        };
        let m = notation::parse(pos, s).map_err(|e| match e {
            CsaError::Syntax { column: c, .. } => error(
                line_no,
                col + c - 1,
                RecordErrorKind::BadMoveText(excerpt(s)),
            ),
            CsaError::WrongSide { .. } => {
                error(line_no, col, RecordErrorKind::BadMoveText(excerpt(s)))
            }
            CsaError::Illegal(e) => error(
                line_no,
                col,
                RecordErrorKind::IllegalMove {
                    ply,
                    reason: e.reason,
                },
            ),
            _ => error(line_no, col, RecordErrorKind::NoSuchMove { ply }),
        })?;
        pos.play_unchecked(m);
        self.moves.push(RecordMove::new(m));
        self.target = Some(TimeTarget::Move);
        Ok(())
    }

    fn time(&mut self, line_no: usize, col: usize, s: &str) -> Result<(), RecordError> {
        let used = parse_seconds(&s[1..])
            .ok_or_else(|| error(line_no, col, RecordErrorKind::BadTime(excerpt(s))))?
            .map_err(|kind| error(line_no, col, kind))?;
        // The mover of the move the time is for, or the side to move at
        // the ending; the total is the mover's running total.
        let to_move = self.pos.as_ref().map_or(Color::Sente, Position::turn);
        let side = match self.target {
            Some(TimeTarget::Move) => to_move.opposite(),
            _ => to_move,
        };
        let total = running_total(self.totals[side.index()], used);
        if matches!(self.target, Some(TimeTarget::Move)) {
            self.totals[side.index()] = total;
        }
        let time = Some(MoveTime {
            used,
            total: Some(total),
        });
        let slot = match self.target {
            Some(TimeTarget::Move) => self.moves.last_mut().map(|m| &mut m.time),
            Some(TimeTarget::End) => self.end.as_mut().map(|e| &mut e.time),
            _ => None,
        };
        match slot {
            Some(slot) if slot.is_none() => {
                *slot = time;
                Ok(())
            }
            _ => Err(error(
                line_no,
                col,
                RecordErrorKind::UnexpectedLine(excerpt(s)),
            )),
        }
    }

    fn special(&mut self, line_no: usize, col: usize, s: &str) -> Result<(), RecordError> {
        let to_move = self.pos.as_ref().map_or(Color::Sente, Position::turn);
        let special = special_of_code(&s[1..], to_move)
            .ok_or_else(|| error(line_no, col, RecordErrorKind::UnexpectedLine(excerpt(s))))?;
        match &self.end {
            // Floodgate repeats a declaration as the server's confirmation.
            Some(end) if end.special == special => return Ok(()),
            Some(_) => return Err(error(line_no, col, RecordErrorKind::MoveAfterEnd)),
            None => {}
        }
        self.end = Some(LineEnd {
            special,
            time: None,
            comments: Vec::new(),
        });
        self.target = Some(TimeTarget::End);
        Ok(())
    }

    /// The record read, its errors without a line of their own reported at
    /// `line` (0 for the first record of a file).
    fn finish(mut self, line: usize) -> Result<GameRecord, RecordError> {
        let column = usize::from(line > 0);
        if self.pos.is_none() {
            if self.setup.is_some() {
                self.start_play(line, column, Color::Sente)?;
            } else {
                return Err(error(
                    line,
                    column,
                    RecordErrorKind::BadPosition("no start position (PI or P1-P9)".into()),
                ));
            }
        }
        let start = self.start.take().unwrap_or_default();
        let to_move = self.pos.as_ref().map_or(Color::Sente, Position::turn);
        let mut record = GameRecord::new(start);
        if self.end.is_none() {
            let summary = self
                .moves
                .last()
                .map_or(&self.start_comments, |m| &m.comments)
                .iter()
                .rev()
                .find_map(|c| c.text.strip_prefix("summary:"));
            self.end = summary
                .and_then(|s| summary_special(s, &self.names, to_move))
                .map(|special| LineEnd {
                    special,
                    time: None,
                    comments: Vec::new(),
                });
        }
        record.headers = self.headers;
        record.start_comments = self.start_comments;
        record.main.moves = self.moves;
        record.main.end = self.end;
        Ok(record)
    }
}

/// The statements of a line with their byte offsets, trimmed; comments run
/// to the end of the line unless a `,` is followed by another `'`.
fn statements(line: &str) -> Vec<(usize, &str)> {
    let mut out: Vec<(usize, &str)> = Vec::new();
    let mut start = 0;
    let mut in_comment = false;
    let bytes = line.as_bytes();
    let mut i = 0;
    fn push<'a>(out: &mut Vec<(usize, &'a str)>, line: &'a str, from: usize, to: usize) {
        let piece = &line[from..to];
        let lead = piece.len() - piece.trim_start().len();
        // A comment keeps the spaces at its end.
        let text = match piece.trim_start() {
            comment if comment.starts_with('\'') => comment,
            _ => piece.trim(),
        };
        if !text.is_empty() {
            out.push((from + lead, text));
        }
    }
    if line.trim_start().starts_with('\'') {
        push(&mut out, line, 0, line.len());
        return out;
    }
    while i < bytes.len() {
        if bytes[i] == b',' {
            let next = line[i + 1..].trim_start();
            if !in_comment || next.starts_with('\'') {
                push(&mut out, line, start, i);
                start = i + 1;
                in_comment = next.starts_with('\'');
            }
        }
        i += 1;
    }
    push(&mut out, line, start, line.len());
    out
}

/// Square and piece pairs: `82HI22KA`; square `None` for `00`.
fn pairs(s: &str) -> Option<Vec<(Option<Square>, Role)>> {
    let b = s.as_bytes();
    if b.len() % 4 != 0 || !s.is_ascii() {
        return None;
    }
    b.chunks(4)
        .map(|c| {
            let (f, r) = (c[0].wrapping_sub(b'0'), c[1].wrapping_sub(b'0'));
            let sq = if (f, r) == (0, 0) {
                None
            } else {
                Some(Square::new(f, r)?)
            };
            let role = role_from_code(core::str::from_utf8(&c[2..]).ok()?)?;
            Some((sq, role))
        })
        .collect()
}

/// The nine cells of a `P1`–`P9` row, file 9 first.
fn row_cells(body: &str) -> Option<Vec<Option<Piece>>> {
    let chars: Vec<char> = body.chars().collect();
    let mut cells = Vec::with_capacity(9);
    let mut i = 0;
    while cells.len() < 9 {
        match chars.get(i)? {
            ' ' => i += 1,
            '*' => {
                cells.push(None);
                i += 1;
            }
            &sign @ ('+' | '-') => {
                let code: String = chars.get(i + 1..i + 3)?.iter().collect();
                let role = role_from_code(&code)?;
                let color = if sign == '+' {
                    Color::Sente
                } else {
                    Color::Gote
                };
                cells.push(Some(Piece::new(color, role)));
                i += 3;
            }
            _ => return None,
        }
    }
    chars[i..]
        .iter()
        .all(|&c| c == ' ' || c == '.' || c == '\t')
        .then_some(cells)
}

/// Seconds with an optional fraction: `12`, `12.345`.
fn parse_seconds(s: &str) -> Option<Result<Duration, RecordErrorKind>> {
    let (whole, fraction) = s.split_once('.').unwrap_or((s, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !fraction.bytes().all(|b| b.is_ascii_digit()) || (s.contains('.') && fraction.is_empty()) {
        return None;
    }
    let too_large = RecordErrorKind::NumberTooLarge {
        max: super::MAX_TIME_SECONDS,
    };
    let Ok(secs) = whole.parse::<u64>() else {
        return Some(Err(too_large));
    };
    let mut nanos = 0u32;
    let mut scale = 100_000_000u32;
    for b in fraction.bytes() {
        nanos += u32::from(b - b'0') * scale;
        scale /= 10;
    }
    Some(super::checked_time(Duration::new(secs, nanos)))
}

/// The ending a floodgate `summary:` comment states (the text after
/// `summary:`), with `names` the players and `to_move` the side to move.
fn summary_special(text: &str, names: &[Option<String>; 2], to_move: Color) -> Option<SpecialMove> {
    let mut fields = text.split(':');
    let reason = fields.next()?.trim();
    let mut winner = None;
    let mut draw = false;
    for field in fields {
        let (name, result) = field.trim().rsplit_once(' ')?;
        let color = Color::ALL
            .into_iter()
            .find(|c| names[c.index()].as_deref() == Some(name.trim()));
        match (result, color) {
            ("win", Some(c)) => winner = Some(c),
            ("lose", Some(c)) => winner = Some(c.opposite()),
            ("draw", _) => draw = true,
            _ => {}
        }
    }
    if draw {
        return Some(match reason {
            "sennichite" => SpecialMove::Repetition,
            "max_moves" => SpecialMove::MaxMoves,
            _ => SpecialMove::Impasse,
        });
    }
    let winner = winner?;
    let mover_wins = winner == to_move;
    Some(match reason {
        "toryo" if !mover_wins => SpecialMove::Resign,
        "time up" if !mover_wins => SpecialMove::TimeUp,
        "kachi" if mover_wins => SpecialMove::DeclareWin,
        _ if mover_wins => SpecialMove::IllegalWin,
        _ => SpecialMove::IllegalLoss,
    })
}

// ---------------------------------------------------------------------------
// Writing

/// The CSA name of a header other than the players, if it has one.
fn csa_key(h: &Header, version: CsaVersion) -> Option<String> {
    if h.name.starts_with('$') && h.name.len() > 1 && !h.name.contains(':') {
        return Some(h.name.clone());
    }
    let name = match h.key {
        HeaderKey::StartTime => "$START_TIME",
        HeaderKey::EndTime => "$END_TIME",
        HeaderKey::Event => "$EVENT",
        HeaderKey::Site => "$SITE",
        HeaderKey::Opening => "$OPENING",
        HeaderKey::TimeControl if version == CsaVersion::V30 && is_v3_time(&h.value) => "$TIME",
        HeaderKey::TimeControl if version == CsaVersion::V22 && is_v2_time(&h.value) => {
            "$TIME_LIMIT"
        }
        _ => return None,
    };
    Some(name.to_owned())
}

/// The line of a header stating a rule, unless its name is a CSA key
/// (written as it is): a header read from floodgate's comment line is
/// written as it was read; a header from another format is written as V3.0's
/// `$` key, or in V2.2 (which has none) as floodgate's comment line, its
/// impasse rule as that form expects it (`27` and `jishogi 1.1` for the CSA
/// declaration) when it is understood.
fn rule_line(h: &Header, version: CsaVersion) -> Option<String> {
    let rule = stated_rule(h).filter(|_| !h.name.starts_with('$'))?;
    let value = one_line(&h.value);
    if h.name == rule.floodgate {
        return Some(format!("'{}:{value}\n", rule.floodgate));
    }
    let stated = (rule.key == HeaderKey::ImpasseRule)
        .then(|| super::stated_impasse_rule(&h.value))
        .flatten();
    Some(match version {
        CsaVersion::V30 => {
            let value = match stated {
                Some(ImpasseRule::Csa27Declaration) => "27".to_owned(),
                Some(ImpasseRule::Points24) => "24".to_owned(),
                _ => value,
            };
            format!("{}:{value}\n", rule.csa)
        }
        CsaVersion::V22 => {
            let value = match stated {
                Some(ImpasseRule::Csa27Declaration) => "jishogi 1.1".to_owned(),
                _ => value,
            };
            format!("'{}:{value}\n", rule.floodgate)
        }
    })
}

/// `HH:MM+SS`.
fn is_v2_time(v: &str) -> bool {
    let Some((hm, s)) = v.split_once('+') else {
        return false;
    };
    let Some((h, m)) = hm.split_once(':') else {
        return false;
    };
    [h, m, s]
        .iter()
        .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// `main+byoyomi+increment` in seconds.
fn is_v3_time(v: &str) -> bool {
    let parts: Vec<&str> = v.split('+').collect();
    parts.len() == 3 && parts.iter().all(|p| parse_seconds(p).is_some())
}

fn write_comments(out: &mut String, comments: &[Comment]) {
    for c in comments {
        let marker = comment_marker(c.kind);
        // The reader splits lines at a lone `\r` too.
        for text in comment_lines(&c.text) {
            out.push('\'');
            out.push_str(marker);
            out.push_str(text);
            out.push('\n');
        }
    }
}

fn write_time(out: &mut String, used: Duration, version: CsaVersion) {
    let _ = write!(out, "T{}", used.as_secs());
    let nanos = used.subsec_nanos();
    if version == CsaVersion::V30 && nanos > 0 {
        let fraction = format!("{nanos:09}");
        out.push('.');
        out.push_str(fraction.trim_end_matches('0'));
    }
    out.push('\n');
}

fn write_position(out: &mut String, record: &GameRecord) {
    let start = &record.start;
    let standard = record
        .handicap
        .filter(|h| h.position() == *start)
        .map(|h| h.csa_removed());
    if let Some(removed) = standard {
        let _ = writeln!(out, "PI{removed}");
    } else {
        for rank in 1..=9u8 {
            let _ = write!(out, "P{rank}");
            for file in (1..=9u8).rev() {
                match Square::new(file, rank).and_then(|sq| start.piece_at(sq)) {
                    None => out.push_str(" * "),
                    Some(p) => {
                        out.push(if p.color == Color::Sente { '+' } else { '-' });
                        out.push_str(piece_code(p.role));
                    }
                }
            }
            out.push('\n');
        }
        for color in Color::ALL {
            let hand = start.hand(color);
            if hand.is_empty() {
                continue;
            }
            out.push_str(if color == Color::Sente { "P+" } else { "P-" });
            for (role, n) in hand.iter() {
                for _ in 0..n {
                    out.push_str("00");
                    out.push_str(piece_code(role));
                }
            }
            out.push('\n');
        }
    }
    out.push_str(if start.turn() == Color::Sente {
        "+\n"
    } else {
        "-\n"
    });
}

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
