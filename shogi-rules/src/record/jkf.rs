//! JKF records: the JSON kifu format of the `json-kifu-format` package
//! (schema in `docs/jkf.schema.json`), read and
//! written through serde.
//!
//! # Reading
//! The JSON is parsed into private serde structs, then every move is
//! resolved against the position it is played in: `from` absent means a
//! drop, `piece` is the kind before the move and must match the board,
//! `promote: true` promotes (absent or `false` does not), `same` stands in
//! for a missing `to`, and `capture`, when given, must name the captured
//! kind. `relative` is not needed to resolve a move and is not checked.
//! Comments come from `comments` (an array) or `comment` (a string, as the
//! schema's initial-comment definition has it). A comment string starting
//! with `*` is an engine comment ([`CommentKind::Engine`], the text after the
//! `*`; a KIF `**` line becomes `*…` in JKF), one starting with `&` a
//! bookmark ([`CommentKind::Bookmark`]). `special` accepts every value of the
//! schema and also `MAX_MOVES`; `+ILLEGAL_ACTION` / `-ILLEGAL_ACTION` name
//! the side that fouled, which becomes [`SpecialMove::IllegalLoss`] or
//! [`SpecialMove::IllegalWin`] depending on who is to move. `forks` are
//! alternative lines whose first element replaces the move that carries them;
//! they nest. `initial` is optional (absent or `null` is the even game); a
//! preset names a standard position and `OTHER` takes the board, hands and
//! side to move from `data`. A `time` whose `total` is missing gets the
//! mover's running total, so that what is read always writes back the same.
//!
//! Header keys keep their file order; the KIF names (`先手`, `開始日時`, …)
//! are recognised as [`HeaderKey`]s.
//!
//! # Errors
//! Malformed JSON, and JSON that does not fit the schema's types, fail with
//! [`RecordErrorKind::Json`] at the line and column serde_json reports.
//! Errors found after parsing (an illegal move, a bad board, a fork where
//! none can be) point at the start of the object they are about: the move's
//! element of `moves` or of a fork, or `initial`. The parsed structs do not
//! keep where their values were, so the place is found again by walking the
//! text along the JSON path of that object; line and column are 0 only if
//! that walk fails (a key written with escapes, say). Plies in the error
//! kinds count from the start position, in forks as in the main line.
//!
//! # Writing
//! [`write()`] produces JSON valid against the schema: `initial.preset` for a
//! standard position, `OTHER` with `data` otherwise; `relative` only when
//! the JSA rules need words to tell the move apart (see
//! [`crate::notation::japanese::disambiguation`]); `promote` only for moves
//! that could have promoted; `capture`, `same`, times (whole seconds; the
//! running total when the record has none), comments, forks and specials.
//! Endings the schema has no value for are written as the nearest one with
//! the same kind of result: a sealed move as `CHUDAN`, the move limit as
//! `HIKIWAKE`, a forfeit win as the `±ILLEGAL_ACTION` of the other side, a
//! forfeit loss as `ILLEGAL_MOVE`. A header key that occurs twice is written
//! once, with its first value (JSON object keys should be unique); the reader
//! likewise keeps the first value of a repeated key. The start position's
//! move number is not kept (JKF has none). serde_json reads at most 128
//! levels of nesting, and each level of forks takes three, so a record
//! whose variations nest more than about 40 deep is written but cannot be
//! read back.

use core::fmt;
use core::time::Duration;
use std::collections::HashMap;
use std::rc::Rc;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::text::{canonical_name, excerpt, header_key};
use super::tree::TreeBuilder;
use super::{
    Comment, CommentKind, Format, GameRecord, Handicap, Header, Limit, Line, LineEnd, LineId,
    MoveTime, ReadLimits, RecordError, RecordErrorKind, RecordMove, SpecialMove, validate_start,
};
use crate::notation::csa::{piece_code, role_from_code};
use crate::notation::had_promotion_choice;
use crate::notation::japanese::{Motion, Relative, disambiguation};
use crate::{Color, IllegalReason, Move, Position, Role, Square, UsiMove};

/// Headers as an ordered list of key/value pairs (a JSON object whose key
/// order is kept).
#[derive(Debug, Default)]
struct Headers(Vec<(String, String)>);

impl<'de> Deserialize<'de> for Headers {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Headers, D::Error> {
        struct HeadersVisitor;
        impl<'de> Visitor<'de> for HeadersVisitor {
            type Value = Headers;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of string values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Headers, A::Error> {
                let mut pairs = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, String>()? {
                    // A repeated key keeps its first value, as the writer does.
                    if !pairs.iter().any(|(n, _): &(String, String)| *n == k) {
                        pairs.push((k, v));
                    }
                }
                Ok(Headers(pairs))
            }
        }
        deserializer.deserialize_map(HeadersVisitor)
    }
}

impl Serialize for Headers {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

#[derive(Debug, Deserialize, Serialize)]
struct JkfRecord {
    /// Required by the schema; a missing one is taken as empty.
    #[serde(default)]
    header: Headers,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    initial: Option<Initial>,
    moves: Vec<Entry>,
}

#[derive(Debug, Deserialize, Serialize)]
struct Initial {
    preset: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    data: Option<InitialData>,
}

#[derive(Debug, Deserialize, Serialize)]
struct InitialData {
    color: u8,
    board: Board,
    hands: Vec<HandCounts>,
}

/// `board[x-1][y-1]`; the schema also allows `{}` for an empty board.
#[derive(Debug, Deserialize, Serialize)]
#[serde(untagged)]
enum Board {
    Columns(Vec<Vec<BoardSquare>>),
    Empty {},
}

#[derive(Debug, Default, Deserialize, Serialize)]
struct BoardSquare {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    color: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kind: Option<String>,
}

/// Piece code to count, in the order of the file.
#[derive(Debug, Default)]
struct HandCounts(Vec<(String, u32)>);

impl<'de> Deserialize<'de> for HandCounts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<HandCounts, D::Error> {
        struct HandVisitor;
        impl<'de> Visitor<'de> for HandVisitor {
            type Value = HandCounts;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of piece counts")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<HandCounts, A::Error> {
                let mut pairs = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, u32>()? {
                    pairs.push((k, v));
                }
                Ok(HandCounts(pairs))
            }
        }
        deserializer.deserialize_map(HandVisitor)
    }
}

impl Serialize for HandCounts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// One element of `moves` or of a fork.
#[derive(Debug, Default, Deserialize, Serialize)]
struct Entry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    comments: Option<Vec<String>>,
    #[serde(default, skip_serializing)]
    comment: Option<String>,
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<JkfMove>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time: Option<Consumption>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    special: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    forks: Option<Vec<Vec<Entry>>>,
}

#[derive(Debug, Deserialize, Serialize)]
struct JkfMove {
    color: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<Place>,
    #[serde(default)]
    to: Option<Place>,
    piece: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    same: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    promote: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    capture: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    relative: Option<String>,
}

#[derive(Copy, Clone, Debug, Deserialize, Serialize)]
struct Place {
    x: u8,
    y: u8,
}

#[derive(Debug, Deserialize, Serialize)]
struct Consumption {
    now: Clock,
    #[serde(default)]
    total: Option<Clock>,
}

#[derive(Debug, Deserialize, Serialize)]
struct Clock {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    h: Option<u64>,
    m: u64,
    s: u64,
}

impl Clock {
    fn duration(&self) -> Option<Duration> {
        let seconds = self
            .h
            .unwrap_or(0)
            .checked_mul(3600)?
            .checked_add(self.m.checked_mul(60)?)?
            .checked_add(self.s)?;
        Some(Duration::from_secs(seconds))
    }
}

/// The JKF `special` values and their endings, the ones written first.
const SPECIALS: [(&str, SpecialMove); 13] = [
    ("TORYO", SpecialMove::Resign),
    ("CHUDAN", SpecialMove::Suspend),
    ("SENNICHITE", SpecialMove::Repetition),
    ("TIME_UP", SpecialMove::TimeUp),
    ("ILLEGAL_MOVE", SpecialMove::IllegalLoss),
    ("JISHOGI", SpecialMove::Impasse),
    ("KACHI", SpecialMove::DeclareWin),
    ("HIKIWAKE", SpecialMove::DeclareDraw),
    ("MATTA", SpecialMove::TakeBack),
    ("TSUMI", SpecialMove::Checkmate),
    ("FUZUMI", SpecialMove::NoMate),
    ("ERROR", SpecialMove::Error),
    ("MAX_MOVES", SpecialMove::MaxMoves),
];

fn error(kind: RecordErrorKind) -> RecordError {
    RecordError::new(Format::Jkf, 0, 0, kind)
}

fn json_error(message: impl Into<String>) -> RecordError {
    error(RecordErrorKind::Json(message.into()))
}

/// Reads a JKF record (see the [module documentation](self)).
///
/// # Errors
/// [`RecordError`]: [`RecordErrorKind::Json`] with serde_json's line and
/// column for malformed JSON; the other kinds, at the start of the object
/// they are about, for what does not follow the rules.
pub fn read(text: &str) -> Result<GameRecord, RecordError> {
    read_with(text, &ReadLimits::DEFAULT)
}

/// How deep forks can nest in JKF that this module reads: serde_json reads
/// at most 128 levels of JSON nesting, the record and its main line take
/// three, each level of forks three more (the `forks` array, the fork, the
/// entry) and a move two (`move`, `to`). The writer refuses deeper records.
pub const MAX_FORK_DEPTH: usize = 40;

/// Reads a JKF record within `limits` (forks nest at most
/// [`MAX_FORK_DEPTH`] deep, whatever `limits` allows).
///
/// # Errors
/// As [`read`], and [`RecordErrorKind::LimitExceeded`] beyond a limit.
pub fn read_with(text: &str, limits: &ReadLimits) -> Result<GameRecord, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let jkf: JkfRecord = serde_json::from_str(text).map_err(|e| {
        let line = e.line();
        let column = char_column(text, line, e.column());
        let kind = if e.to_string().starts_with("recursion limit exceeded") {
            RecordErrorKind::LimitExceeded {
                limit: Limit::Depth,
                max: limits.max_depth.min(MAX_FORK_DEPTH),
            }
        } else {
            RecordErrorKind::Json(excerpt(&e.to_string()))
        };
        RecordError::new(Format::Jkf, line, column, kind)
    })?;
    let start = start_position(jkf.initial.as_ref()).map_err(|e| locate(e, text, "/initial"))?;
    let mut tree = TreeBuilder::new(start, 1, limits);
    let mut headers: Vec<Header> = jkf
        .header
        .0
        .into_iter()
        .map(|(name, value)| Header {
            key: header_key(&name),
            name,
            value,
        })
        .collect();
    for h in &headers {
        if h.value.len() > limits.max_header_bytes {
            return Err(locate(
                error(Limit::HeaderBytes.exceeded(limits)),
                text,
                "/header",
            ));
        }
    }
    let mut start_comments = Vec::new();
    let mut entries = jkf.moves.iter();
    if let Some(first) = entries.next() {
        if first.mv.is_some() || first.special.is_some() || first.forks.is_some() {
            return Err(locate(
                json_error("moves[0] holds the start position's comments only"),
                text,
                "/moves/0",
            ));
        }
        start_comments = comments_of(first, limits).map_err(|e| locate(e, text, "/moves/0"))?;
    }
    let rest: Vec<&Entry> = entries.collect();
    let state = LineState {
        pos: tree.start().clone(),
        previous: None,
        totals: [Duration::ZERO; 2],
        ply: 0,
    };
    // Lines still to read: the main line, then each fork as it is found.
    let mut pending = vec![PendingLine {
        id: LineId::MAIN,
        entries: rest,
        state,
        prefix: "/moves".to_string(),
        first: 1,
    }];
    while let Some(line) = pending.pop() {
        read_line(line, &mut tree, text, limits, &mut pending)?;
    }
    let mut record = tree.finish();
    record.headers = core::mem::take(&mut headers);
    record.start_comments = start_comments;
    Ok(record)
}

/// The 1-based character column of a 1-based byte column on a 1-based line.
fn char_column(text: &str, line: usize, byte_column: usize) -> usize {
    let Some(l) = text.split('\n').nth(line.saturating_sub(1)) else {
        return byte_column;
    };
    let mut end = byte_column.saturating_sub(1).min(l.len());
    while !l.is_char_boundary(end) {
        end -= 1;
    }
    l[..end].chars().count() + 1
}

fn start_position(initial: Option<&Initial>) -> Result<Position, RecordError> {
    let Some(initial) = initial else {
        return Ok(Position::startpos());
    };
    if initial.preset != "OTHER" {
        return Handicap::from_jkf_preset(&initial.preset)
            .map(Handicap::position)
            .ok_or_else(|| error(RecordErrorKind::UnknownHandicap(initial.preset.clone())));
    }
    let data = initial.data.as_ref().ok_or_else(|| {
        error(RecordErrorKind::BadPosition(
            "preset OTHER without data".into(),
        ))
    })?;
    let bad = |m: String| error(RecordErrorKind::BadPosition(m));
    let mut grid: [[Option<(Color, Role)>; 9]; 9] = [[None; 9]; 9];
    if let Board::Columns(columns) = &data.board {
        if columns.len() != 9 || columns.iter().any(|c| c.len() != 9) {
            return Err(bad("the board is not 9 by 9".into()));
        }
        for (x, column) in columns.iter().enumerate() {
            for (y, square) in column.iter().enumerate() {
                grid[y][x] = match (square.color, &square.kind) {
                    (None, None) => None,
                    (Some(c), Some(kind)) => {
                        let role = role_from_code(kind)
                            .ok_or_else(|| bad(format!("unknown piece {kind:?}")))?;
                        Some((
                            color_of(c).ok_or_else(|| bad(format!("bad color {c}")))?,
                            role,
                        ))
                    }
                    _ => {
                        return Err(bad(format!(
                            "square {}{} lacks color or kind",
                            x + 1,
                            y + 1
                        )));
                    }
                };
            }
        }
    }
    if data.hands.len() != 2 {
        return Err(bad("hands must list two sides".into()));
    }
    let turn = color_of(data.color).ok_or_else(|| bad(format!("bad color {}", data.color)))?;
    let mut sfen = String::with_capacity(128);
    for (rank, row) in grid.iter().enumerate() {
        if rank > 0 {
            sfen.push('/');
        }
        let mut empty = 0;
        for x in (0..9).rev() {
            match row[x] {
                None => empty += 1,
                Some((color, role)) => {
                    if empty > 0 {
                        sfen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let c = role.unpromote().sfen_char();
                    if role.is_promoted() {
                        sfen.push('+');
                    }
                    sfen.push(if color == Color::Sente {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            sfen.push(char::from(b'0' + empty));
        }
    }
    sfen.push(' ');
    sfen.push(turn.sfen_char());
    sfen.push(' ');
    let mut any = false;
    for (color, hand) in [Color::Sente, Color::Gote].into_iter().zip(&data.hands) {
        for (code, count) in &hand.0 {
            let role = role_from_code(code)
                .filter(|r| r.is_hand_role())
                .ok_or_else(|| bad(format!("{code:?} cannot be in a hand")))?;
            if *count == 0 {
                continue;
            }
            if *count > 18 {
                return Err(bad(format!("{count} pieces of {code} in a hand")));
            }
            if *count > 1 {
                sfen.push_str(&count.to_string());
            }
            let c = role.sfen_char();
            sfen.push(if color == Color::Sente {
                c
            } else {
                c.to_ascii_lowercase()
            });
            any = true;
        }
    }
    if !any {
        sfen.push('-');
    }
    sfen.push_str(" 1");
    let pos = Position::from_sfen_unvalidated(&sfen).map_err(|e| bad(e.to_string()))?;
    validate_start(&pos).map_err(|e| error(RecordErrorKind::IllegalPosition(e)))?;
    Ok(pos)
}

fn color_of(c: u8) -> Option<Color> {
    match c {
        0 => Some(Color::Sente),
        1 => Some(Color::Gote),
        _ => None,
    }
}

fn comments_of(entry: &Entry, limits: &ReadLimits) -> Result<Vec<Comment>, RecordError> {
    let mut out = Vec::new();
    let texts = entry.comments.iter().flatten().map(String::as_str);
    let single = entry.comment.iter().flat_map(|c| c.split('\n'));
    for text in texts.chain(single) {
        if text.len() > limits.max_header_bytes {
            return Err(error(Limit::HeaderBytes.exceeded(limits)));
        }
        let comment = if let Some(rest) = text.strip_prefix('*') {
            Comment {
                kind: CommentKind::Engine,
                text: rest.to_string(),
            }
        } else if let Some(rest) = text.strip_prefix('&') {
            Comment {
                kind: CommentKind::Bookmark,
                text: rest.to_string(),
            }
        } else {
            Comment {
                kind: CommentKind::Normal,
                text: text.to_string(),
            }
        };
        out.push(comment);
    }
    Ok(out)
}

/// The mover's total after a move that took `used`, when the record gives
/// no total: the sum, capped at [`super::MAX_TIME_SECONDS`] (each time a
/// record gives is at most that, but their sum need not be, and a total
/// written must read back).
fn running_total(before: Duration, used: Duration) -> Duration {
    before
        .saturating_add(used)
        .min(Duration::from_secs(super::MAX_TIME_SECONDS))
}

/// Where a line of play stands while it is read or written.
#[derive(Clone)]
struct LineState {
    pos: Position,
    previous: Option<Move>,
    /// Time used so far by Sente and Gote.
    totals: [Duration; 2],
    /// Plies played from the start position.
    ply: u32,
}

fn read_time(
    time: Option<&Consumption>,
    state: &mut LineState,
) -> Result<Option<MoveTime>, RecordError> {
    let Some(time) = time else {
        return Ok(None);
    };
    let too_large = || {
        error(RecordErrorKind::NumberTooLarge {
            max: super::MAX_TIME_SECONDS,
        })
    };
    let used = time.now.duration().ok_or_else(too_large)?;
    let side = state.pos.turn().index();
    let used = super::checked_time(used).map_err(error)?;
    let total = match &time.total {
        Some(t) => super::checked_time(t.duration().ok_or_else(too_large)?).map_err(error)?,
        None => running_total(state.totals[side], used),
    };
    state.totals[side] = total;
    Ok(Some(MoveTime {
        used,
        total: Some(total),
    }))
}

/// A line of entries still to read: the line it fills, its entries, the
/// state before its first one, and where they are in the text (the JSON
/// pointer of their array and the index of the first one).
struct PendingLine<'a> {
    id: LineId,
    entries: Vec<&'a Entry>,
    state: LineState,
    prefix: String,
    first: usize,
}

/// Reads the entries of `line` into the tree; its forks become new lines of
/// the tree and are left in `pending` to read.
fn read_line<'a>(
    line: PendingLine<'a>,
    tree: &mut TreeBuilder,
    text: &str,
    limits: &ReadLimits,
    pending: &mut Vec<PendingLine<'a>>,
) -> Result<(), RecordError> {
    let PendingLine {
        id,
        entries,
        mut state,
        prefix,
        first,
    } = line;
    let mut ended = false;
    for (k, entry) in entries.iter().enumerate() {
        let index = k + first;
        let here = |e: RecordError| locate(e, text, &format!("{prefix}/{index}"));
        if ended {
            return Err(here(error(RecordErrorKind::MoveAfterEnd)));
        }
        if let Some(special) = &entry.special {
            if entry.mv.is_some() {
                return Err(here(json_error(format!(
                    "an entry after ply {} holds both a move and a special",
                    state.ply
                ))));
            }
            if entry.forks.as_ref().is_some_and(|f| !f.is_empty()) {
                return Err(here(error(RecordErrorKind::BadVariation(state.ply + 1))));
            }
            let special = special_of(special, state.pos.turn())
                .ok_or_else(|| here(json_error(format!("unknown special {special:?}"))))?;
            let time = read_time(entry.time.as_ref(), &mut state.clone()).map_err(here)?;
            let end = LineEnd {
                special,
                time,
                comments: comments_of(entry, limits).map_err(here)?,
            };
            if let Some(l) = tree.line_mut(id) {
                l.end = Some(end);
            }
            ended = true;
            continue;
        }
        let Some(jkf_move) = &entry.mv else {
            return Err(here(json_error(format!(
                "the entry after ply {} has neither a move nor a special",
                state.ply
            ))));
        };
        // Forks start from the position before this move.
        let before = state.clone();
        let mv = resolve(jkf_move, &state).map_err(here)?;
        let time = read_time(entry.time.as_ref(), &mut state).map_err(here)?;
        let record_move = RecordMove {
            mv,
            time,
            comments: comments_of(entry, limits).map_err(here)?,
        };
        tree.push(id, record_move, &before.pos)
            .map_err(|e| here(error(e.kind(before.ply + 1, limits))))?;
        let move_index = tree.line(id).map_or(0, |l| l.moves.len() - 1);
        for (f, fork) in entry.forks.iter().flatten().enumerate() {
            if fork.is_empty() {
                return Err(here(error(RecordErrorKind::BadVariation(before.ply + 1))));
            }
            let fork_id = tree
                .branch(id, move_index)
                .map_err(|e| here(error(e.kind(before.ply + 1, limits))))?;
            pending.push(PendingLine {
                id: fork_id,
                entries: fork.iter().collect(),
                state: before.clone(),
                prefix: format!("{prefix}/{index}/forks/{f}"),
                first: 0,
            });
        }
        state.pos.play_unchecked(mv);
        state.previous = Some(mv);
        state.ply += 1;
    }
    Ok(())
}

/// Gives an error found after parsing the line and column of the JSON value
/// at `pointer` (a JSON pointer such as `/moves/3/forks/0/1`), unless it has
/// a place already. The text parsed without error, so the scan below only
/// needs to skip well-formed values.
fn locate(e: RecordError, text: &str, pointer: &str) -> RecordError {
    if e.line != 0 {
        return e;
    }
    let Some(offset) = find_pointer(text.as_bytes(), pointer) else {
        return e;
    };
    let Some(before) = text.get(..offset) else {
        return e;
    };
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    RecordError { line, column, ..e }
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while b
        .get(i)
        .is_some_and(|c| matches!(c, b' ' | b'\t' | b'\r' | b'\n'))
    {
        i += 1;
    }
    i
}

/// The index after the string that starts at `i`.
fn skip_string(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i + 1;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 2,
            b'"' => return Some(j + 1),
            _ => j += 1,
        }
    }
    None
}

/// The index after the value that starts at `i`.
fn skip_value(b: &[u8], i: usize) -> Option<usize> {
    match b.get(i)? {
        b'"' => skip_string(b, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut j = i;
            while j < b.len() {
                match b[j] {
                    b'"' => {
                        j = skip_string(b, j)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            None
        }
        _ => {
            let mut j = i;
            while b.get(j).is_some_and(|c| !b",}] \t\r\n".contains(c)) {
                j += 1;
            }
            Some(j)
        }
    }
}

/// The byte offset of the value at `pointer` in the JSON text `b`.
fn find_pointer(b: &[u8], pointer: &str) -> Option<usize> {
    let mut i = skip_ws(b, 0);
    for segment in pointer.split('/').skip(1) {
        let object = match b.get(i)? {
            b'{' => true,
            b'[' => false,
            _ => return None,
        };
        let wanted: usize = if object { 0 } else { segment.parse().ok()? };
        i = skip_ws(b, i + 1);
        let mut n = 0;
        loop {
            if matches!(b.get(i)?, b'}' | b']') {
                return None;
            }
            let found = if object {
                let end = skip_string(b, i)?;
                let key = &b[i + 1..end - 1];
                i = skip_ws(b, end);
                if b.get(i)? != &b':' {
                    return None;
                }
                i = skip_ws(b, i + 1);
                key == segment.as_bytes()
            } else {
                n == wanted
            };
            if found {
                break;
            }
            i = skip_ws(b, skip_value(b, i)?);
            if b.get(i)? != &b',' {
                return None;
            }
            i = skip_ws(b, i + 1);
            n += 1;
        }
    }
    Some(i)
}

fn special_of(text: &str, to_move: Color) -> Option<SpecialMove> {
    let foul = |sign: Color| {
        if sign == to_move {
            SpecialMove::IllegalLoss
        } else {
            SpecialMove::IllegalWin
        }
    };
    match text {
        "+ILLEGAL_ACTION" => Some(foul(Color::Sente)),
        "-ILLEGAL_ACTION" => Some(foul(Color::Gote)),
        _ => SPECIALS.iter().find(|(t, _)| *t == text).map(|&(_, s)| s),
    }
}

fn square_of(place: Place, ply: u32) -> Result<Square, RecordError> {
    Square::new(place.x, place.y).ok_or_else(|| {
        error(RecordErrorKind::BadMoveText(format!(
            "square x={} y={} at ply {ply}",
            place.x, place.y
        )))
    })
}

/// The legal move `jkf` describes in `state.pos`.
fn resolve(jkf: &JkfMove, state: &LineState) -> Result<Move, RecordError> {
    let ply = state.ply + 1;
    let pos = &state.pos;
    let bad = |m: String| error(RecordErrorKind::BadMoveText(m));
    let illegal = |reason| error(RecordErrorKind::IllegalMove { ply, reason });
    if color_of(jkf.color) != Some(pos.turn()) {
        return Err(bad(format!(
            "ply {ply} is marked color {} but {} is to move",
            jkf.color,
            pos.turn()
        )));
    }
    let role = role_from_code(&jkf.piece)
        .ok_or_else(|| bad(format!("unknown piece {:?} at ply {ply}", jkf.piece)))?;
    let to = match (jkf.to, jkf.same, state.previous) {
        (Some(place), _, _) => square_of(place, ply)?,
        (None, Some(true), Some(previous)) => previous.to(),
        _ => return Err(bad(format!("ply {ply} has no destination"))),
    };
    let usi = match jkf.from {
        Some(from) => UsiMove::Normal {
            from: square_of(from, ply)?,
            to,
            promote: jkf.promote == Some(true),
        },
        None => UsiMove::Drop { role, to },
    };
    let m = pos.to_move(usi).map_err(|e| illegal(e.reason))?;
    if m.role() != role {
        return Err(illegal(IllegalReason::NotAPieceMove));
    }
    if let Some(code) = &jkf.capture {
        if m.capture().map(piece_code) != Some(code.as_str()) {
            return Err(bad(format!(
                "ply {ply} says it captures {code} but captures {:?}",
                m.capture().map(piece_code)
            )));
        }
    }
    Ok(m)
}

/// Writes the record as JKF (see the [module documentation](self)): an
/// element of an array a line, objects on one line, indentation capped at
/// eight levels, so that the text stays proportional to the record's size
/// whatever the nesting.
///
/// # Errors
/// [`RecordErrorKind::LimitExceeded`] for variations nested deeper than
/// [`MAX_FORK_DEPTH`], which the reader could not read back.
pub fn write(record: &GameRecord) -> Result<String, RecordError> {
    let mut headers: Vec<(String, String)> = Vec::with_capacity(record.headers.len());
    for h in &record.headers {
        let name = canonical_name(h);
        if !headers.iter().any(|(n, _)| n == name) {
            headers.push((name.to_string(), h.value.clone()));
        }
    }
    let order = record.preorder();
    if order.iter().any(|&(_, depth)| depth > MAX_FORK_DEPTH) {
        return Err(error(RecordErrorKind::LimitExceeded {
            limit: Limit::Depth,
            max: MAX_FORK_DEPTH,
        }));
    }
    // Each line's entries, parents before their variations (the walk's
    // order); a variation starts from the state before the move it
    // replaces, saved when its parent is written.
    let mut states: HashMap<LineId, Rc<LineState>> = HashMap::new();
    states.insert(
        LineId::MAIN,
        Rc::new(LineState {
            pos: record.start.clone(),
            previous: None,
            totals: [Duration::ZERO; 2],
            ply: 0,
        }),
    );
    let mut entries: HashMap<LineId, Vec<Entry>> = HashMap::new();
    for &(id, _) in &order {
        let (Some(state), Some(line)) = (states.remove(&id), record.line(id)) else {
            continue;
        };
        let mut state = Rc::unwrap_or_clone(state);
        let mut out = Vec::with_capacity(line.moves.len() + 1);
        write_line(record, id, line, &mut state, &mut out, &mut states);
        entries.insert(id, out);
    }
    // Forks go into the entries of their moves, variations before the
    // lines they branch from (the reverse of the walk's order).
    for &(id, _) in order.iter().rev() {
        let Some(mut own) = entries.remove(&id) else {
            continue;
        };
        for (index, entry) in own.iter_mut().enumerate() {
            let forks: Vec<Vec<Entry>> = record
                .variations(id, index)
                .filter_map(|v| entries.remove(&v))
                .collect();
            if !forks.is_empty() {
                entry.forks = Some(forks);
            }
        }
        entries.insert(id, own);
    }
    let mut moves = vec![Entry {
        comments: comments_out(&record.start_comments),
        ..Entry::default()
    }];
    moves.extend(entries.remove(&LineId::MAIN).unwrap_or_default());
    let jkf = JkfRecord {
        header: Headers(headers),
        initial: Some(initial_of(&record.start)),
        moves,
    };
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, Layout::default());
    jkf.serialize(&mut serializer)
        .map_err(|e| json_error(e.to_string()))?;
    let mut out = String::from_utf8(out).map_err(|e| json_error(e.to_string()))?;
    out.push('\n');
    Ok(out)
}

/// The layout of written JKF: each element of an array on a line of its
/// own, indented two spaces a level up to [`Layout::MAX_LEVELS`] levels and
/// no deeper, and each object on one line (`{"x": 7, "y": 6}`). A move is
/// one line, whatever its forks hold, and the text stays proportional to
/// the record whatever the nesting.
#[derive(Default)]
struct Layout {
    level: usize,
    /// Whether the array being closed had an element.
    had_element: bool,
}

impl Layout {
    const MAX_LEVELS: usize = 8;

    fn newline<W: ?Sized + std::io::Write>(&self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b"\n")?;
        for _ in 0..self.level.min(Self::MAX_LEVELS) {
            w.write_all(b"  ")?;
        }
        Ok(())
    }
}

impl serde_json::ser::Formatter for Layout {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.level += 1;
        self.had_element = false;
        w.write_all(b"[")
    }

    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.level -= 1;
        if self.had_element {
            self.newline(w)?;
        }
        w.write_all(b"]")
    }

    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        self.newline(w)
    }

    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.had_element = true;
        Ok(())
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }
}

fn initial_of(start: &Position) -> Initial {
    // Handicap positions have move number 1; JKF keeps no move number.
    let sfen = start.to_sfen();
    let first_move = sfen
        .rsplit_once(' ')
        .and_then(|(rest, _)| Position::from_sfen(&format!("{rest} 1")).ok());
    if let Some(h) = first_move.as_ref().and_then(Handicap::of_position) {
        return Initial {
            preset: h.jkf_preset().to_string(),
            data: None,
        };
    }
    let board = (1..=9u8)
        .map(|x| {
            (1..=9u8)
                .map(|y| {
                    Square::new(x, y)
                        .and_then(|sq| start.piece_at(sq))
                        .map_or_else(BoardSquare::default, |p| BoardSquare {
                            color: Some(p.color.index() as u8),
                            kind: Some(piece_code(p.role).to_string()),
                        })
                })
                .collect()
        })
        .collect();
    let hands = [Color::Sente, Color::Gote]
        .into_iter()
        .map(|c| {
            let hand = start.hand(c);
            HandCounts(
                [
                    Role::Pawn,
                    Role::Lance,
                    Role::Knight,
                    Role::Silver,
                    Role::Gold,
                    Role::Bishop,
                    Role::Rook,
                ]
                .into_iter()
                .map(|r| (piece_code(r).to_string(), u32::from(hand.get(r))))
                .collect(),
            )
        })
        .collect();
    Initial {
        preset: "OTHER".to_string(),
        data: Some(InitialData {
            color: start.turn().index() as u8,
            board: Board::Columns(board),
            hands,
        }),
    }
}

fn comments_out(comments: &[Comment]) -> Option<Vec<String>> {
    if comments.is_empty() {
        return None;
    }
    Some(
        comments
            .iter()
            .map(|c| match c.kind {
                CommentKind::Normal => c.text.clone(),
                CommentKind::Engine => format!("*{}", c.text),
                CommentKind::Bookmark => format!("&{}", c.text),
            })
            .collect(),
    )
}

fn clock(d: Duration, with_hours: bool) -> Clock {
    let secs = d.as_secs();
    if with_hours {
        Clock {
            h: Some(secs / 3600),
            m: secs / 60 % 60,
            s: secs % 60,
        }
    } else {
        Clock {
            h: None,
            m: secs / 60,
            s: secs % 60,
        }
    }
}

fn time_out(time: Option<&MoveTime>, state: &mut LineState) -> Option<Consumption> {
    let time = time?;
    let side = state.pos.turn().index();
    let total = time
        .total
        .unwrap_or_else(|| running_total(state.totals[side], time.used));
    state.totals[side] = total;
    Some(Consumption {
        now: clock(time.used, false),
        total: Some(clock(total, true)),
    })
}

fn relative_code(pos: &Position, m: Move) -> Option<String> {
    let d = disambiguation(pos, m);
    if d.is_empty() {
        return None;
    }
    let mut s = String::with_capacity(2);
    if let Some(r) = d.relative {
        s.push(match r {
            Relative::Left => 'L',
            Relative::Straight => 'C',
            Relative::Right => 'R',
        });
    }
    if let Some(motion) = d.motion {
        s.push(match motion {
            Motion::Up => 'U',
            Motion::Sideways => 'M',
            Motion::Down => 'D',
        });
    }
    if d.drop {
        s.push('H');
    }
    Some(s)
}

/// Writes the entries of line `id` (`line`) from `state`, and saves in
/// `forks` the state before each move that has variations, for them.
fn write_line(
    record: &GameRecord,
    id: LineId,
    line: &Line,
    state: &mut LineState,
    out: &mut Vec<Entry>,
    forks: &mut HashMap<LineId, Rc<LineState>>,
) {
    for (index, rm) in line.moves.iter().enumerate() {
        // One saved state for all the variations of a move.
        let mut shared: Option<Rc<LineState>> = None;
        for v in record.variations(id, index) {
            let saved = shared.get_or_insert_with(|| Rc::new(state.clone()));
            forks.insert(v, Rc::clone(saved));
        }
        let m = rm.mv;
        let pos = &state.pos;
        let color = pos.turn();
        let place = |sq: Square| Place {
            x: sq.file(),
            y: sq.rank(),
        };
        let jkf_move = JkfMove {
            color: color.index() as u8,
            from: m.from().map(place),
            to: Some(place(m.to())),
            piece: piece_code(m.role()).to_string(),
            same: state
                .previous
                .is_some_and(|p| p.to() == m.to())
                .then_some(true),
            promote: had_promotion_choice(color, m).then_some(m.is_promotion()),
            capture: m.capture().map(|r| piece_code(r).to_string()),
            relative: relative_code(pos, m),
        };
        let time = time_out(rm.time.as_ref(), state);
        out.push(Entry {
            comments: comments_out(&rm.comments),
            comment: None,
            mv: Some(jkf_move),
            time,
            special: None,
            forks: None,
        });
        state.pos.play_unchecked(m);
        state.previous = Some(m);
        state.ply += 1;
    }
    if let Some(end) = &line.end {
        let to_move = state.pos.turn();
        let time = time_out(end.time.as_ref(), &mut state.clone());
        out.push(Entry {
            comments: comments_out(&end.comments),
            special: Some(special_text(end.special, to_move).to_string()),
            time,
            ..Entry::default()
        });
    }
}

/// The schema value for an ending (see the module documentation for the
/// endings the schema lacks).
fn special_text(special: SpecialMove, to_move: Color) -> &'static str {
    let action = |fouler: Color| match fouler {
        Color::Sente => "+ILLEGAL_ACTION",
        Color::Gote => "-ILLEGAL_ACTION",
    };
    match special {
        SpecialMove::IllegalWin | SpecialMove::ForfeitWin => action(to_move.opposite()),
        SpecialMove::ForfeitLoss => "ILLEGAL_MOVE",
        SpecialMove::Sealed => "CHUDAN",
        SpecialMove::MaxMoves => "HIKIWAKE",
        other => SPECIALS
            .iter()
            .find(|(_, s)| *s == other)
            .map_or("CHUDAN", |(t, _)| t),
    }
}

/// What reading the ending `special`, written in JKF, back gives.
pub(super) fn ending_read_back(special: SpecialMove, to_move: Color) -> Option<SpecialMove> {
    special_of(special_text(special, to_move), to_move)
}
