//! Reading JKF with a streaming JSON reader: the record object, `moves` and
//! the forks are walked with an explicit stack, in document order; values of
//! a fixed shape go through serde.

use core::fmt;
use core::time::Duration;
use std::collections::HashSet;

use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
use struson::reader::{
    JsonReader, JsonReaderPosition, JsonStreamReader, ReaderError, ReaderSettings, SyntaxErrorKind,
    ValueType,
};
use struson::serde::DeserializerError;

use super::initial::Initial;
use super::{
    Consumption, JkfMove, LineState, PieceCode, Place, SPECIALS, color_of, error, json_error,
};
use crate::notation::csa::piece_code;
use crate::record::builder::TreeBuilder;
use crate::record::running_total;
use crate::record::text::{excerpt, header_key, rule_header_key};
use crate::record::{
    Comment, CommentKind, GameRecord, Header, HeaderKey, Limit, LineEnd, LineId, MoveTime,
    ReadLimits, RecordError, RecordErrorKind, RecordMove, SpecialMove,
};
use crate::{Color, IllegalReason, Move, Position, Square, UsiMove};

type Reader<'a> = JsonStreamReader<&'a [u8]>;

/// Reads a JKF record (see the [module documentation](crate::record::jkf)).
///
/// # Errors
/// [`RecordError`]: [`RecordErrorKind::Json`] at the reader's line and
/// column for malformed JSON; the other kinds, at the start of the object
/// they are about, for what does not follow the rules.
pub fn read(text: &str) -> Result<GameRecord, RecordError> {
    read_with(text, &ReadLimits::DEFAULT)
}

/// Reads a JKF record within `limits`: forks nest at most
/// [`ReadLimits::max_depth`] deep, as variations in every format.
///
/// # Errors
/// As [`read`], and [`RecordErrorKind::LimitExceeded`] beyond a limit.
pub fn read_with(text: &str, limits: &ReadLimits) -> Result<GameRecord, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let again = match read_pass(text, limits, None)? {
        Pass::Done(record) => return Ok(record),
        Pass::Again(start) => start,
        // The moves were read from the even game's start before `initial`
        // was met, and failed: read them again if `initial` names another.
        Pass::Failed(e) => match find_start(text, limits) {
            Ok(Some(start)) if start != Position::startpos() => start,
            _ => return Err(e),
        },
    };
    match read_pass(text, limits, Some(again))? {
        Pass::Done(record) => Ok(record),
        Pass::Again(_) => Err(json_error("the start position changed between two reads")),
        Pass::Failed(e) => Err(e),
    }
}

/// How one read of the text ended.
enum Pass {
    /// The record.
    Done(GameRecord),
    /// `moves` came before `initial`, and were read from the even game's
    /// start; `initial` gives another start, from which to read them again.
    Again(Position),
    /// `moves` came before `initial` and could not be read from the even
    /// game's start: the error, unless `initial` gives another start.
    Failed(RecordError),
}

/// A place in the text: 1-based line and character column.
#[derive(Copy, Clone, Debug, Default)]
struct At {
    line: usize,
    column: usize,
}

impl At {
    fn of(position: &JsonReaderPosition) -> At {
        position.line_pos.map_or(At::default(), |p| At {
            line: usize::try_from(p.line).map_or(usize::MAX, |l| l.saturating_add(1)),
            column: usize::try_from(p.column).map_or(usize::MAX, |c| c.saturating_add(1)),
        })
    }

    /// Where `reader` is: the start of the next token after `peek` or
    /// `has_next`.
    fn here(reader: &Reader<'_>) -> At {
        At::of(&reader.current_position(false))
    }

    fn error(self, kind: RecordErrorKind) -> RecordError {
        self.place(error(kind))
    }

    /// `e` at this place, unless it has one.
    fn place(self, e: RecordError) -> RecordError {
        if e.line != 0 {
            return e;
        }
        RecordError {
            line: self.line,
            column: self.column,
            ..e
        }
    }
}

/// The nesting the JSON reader allows: three levels a fork (the `forks`
/// array, the fork, the entry) below the record, `moves` and an entry, and
/// three for what an entry holds (`move` and `to`, `time` and `now`), or the
/// six of `initial` (`data`, `board`, a column, a square), whichever is more.
fn nesting_limit(limits: &ReadLimits) -> u32 {
    let levels = limits.max_depth.saturating_mul(3).saturating_add(6);
    u32::try_from(levels).unwrap_or(u32::MAX)
}

fn reader<'a>(text: &'a str, limits: &ReadLimits) -> Reader<'a> {
    JsonStreamReader::new_custom(
        text.as_bytes(),
        ReaderSettings {
            max_nesting_depth: Some(nesting_limit(limits)),
            track_path: false,
            ..ReaderSettings::default()
        },
    )
}

fn value_type(t: ValueType) -> &'static str {
    match t {
        ValueType::Array => "an array",
        ValueType::Object => "an object",
        ValueType::String => "a string",
        ValueType::Number => "a number",
        ValueType::Boolean => "a boolean",
        ValueType::Null => "null",
    }
}

fn syntax_message(kind: SyntaxErrorKind) -> String {
    let text = match kind {
        SyntaxErrorKind::InvalidLiteral | SyntaxErrorKind::TrailingDataAfterLiteral => {
            "invalid literal"
        }
        SyntaxErrorKind::UnexpectedClosingBracket => "unexpected closing bracket",
        SyntaxErrorKind::UnexpectedComma => "unexpected comma",
        SyntaxErrorKind::MissingComma => "missing comma",
        SyntaxErrorKind::TrailingCommaNotEnabled => "trailing comma",
        SyntaxErrorKind::UnexpectedColon => "unexpected colon",
        SyntaxErrorKind::MissingColon => "missing colon",
        SyntaxErrorKind::MalformedNumber | SyntaxErrorKind::TrailingDataAfterNumber => {
            "malformed number"
        }
        SyntaxErrorKind::ExpectingMemberNameOrObjectEnd => {
            "expected a key or the end of the object"
        }
        SyntaxErrorKind::NotEscapedControlCharacter => "control character in a string",
        SyntaxErrorKind::UnknownEscapeSequence | SyntaxErrorKind::MalformedEscapeSequence => {
            "malformed escape sequence"
        }
        SyntaxErrorKind::UnpairedSurrogatePairEscapeSequence => "unpaired surrogate escape",
        SyntaxErrorKind::IncompleteDocument => "unexpected end of the text",
        SyntaxErrorKind::TrailingData => "text after the record",
        _ => return format!("malformed JSON ({kind})"),
    };
    format!("malformed JSON: {text}")
}

/// The record error for an error of the JSON reader; `fallback` is the
/// place for one that has none.
fn reader_error(e: ReaderError, fallback: At, limits: &ReadLimits) -> RecordError {
    match e {
        ReaderError::SyntaxError(s) => {
            At::of(&s.location).error(RecordErrorKind::Json(syntax_message(s.kind)))
        }
        ReaderError::UnexpectedValueType {
            expected,
            actual,
            location,
        } => At::of(&location).error(RecordErrorKind::Json(format!(
            "expected {} but found {}",
            value_type(expected),
            value_type(actual)
        ))),
        ReaderError::UnexpectedStructure { kind, location } => {
            At::of(&location).error(RecordErrorKind::Json(excerpt(&kind.to_string())))
        }
        // Only forks nest deeper than a few levels.
        ReaderError::MaxNestingDepthExceeded { location, .. } => {
            At::of(&location).error(Limit::Depth.exceeded(limits))
        }
        ReaderError::UnsupportedNumberValue { number, location } => At::of(&location).error(
            RecordErrorKind::Json(format!("unsupported number {}", excerpt(&number))),
        ),
        ReaderError::IoError { error, location } => {
            At::of(&location).error(RecordErrorKind::Json(excerpt(&error.to_string())))
        }
        other => fallback.error(RecordErrorKind::Json(excerpt(&other.to_string()))),
    }
}

/// Reads with the JSON reader, turning its errors into record errors.
struct Json<'a, 'l> {
    reader: Reader<'a>,
    limits: &'l ReadLimits,
}

impl Json<'_, '_> {
    fn here(&self) -> At {
        At::here(&self.reader)
    }

    fn fail(&self, e: ReaderError) -> RecordError {
        reader_error(e, self.here(), self.limits)
    }

    fn has_next(&mut self) -> Result<bool, RecordError> {
        self.reader.has_next().map_err(|e| self.fail(e))
    }

    fn peek(&mut self) -> Result<ValueType, RecordError> {
        self.reader.peek().map_err(|e| self.fail(e))
    }

    fn begin_object(&mut self) -> Result<(), RecordError> {
        self.reader.begin_object().map_err(|e| self.fail(e))
    }

    fn end_object(&mut self) -> Result<(), RecordError> {
        self.reader.end_object().map_err(|e| self.fail(e))
    }

    fn begin_array(&mut self) -> Result<(), RecordError> {
        self.reader.begin_array().map_err(|e| self.fail(e))
    }

    fn end_array(&mut self) -> Result<(), RecordError> {
        self.reader.end_array().map_err(|e| self.fail(e))
    }

    fn skip_value(&mut self) -> Result<(), RecordError> {
        self.reader.skip_value().map_err(|e| self.fail(e))
    }

    fn next_null(&mut self) -> Result<(), RecordError> {
        self.reader.next_null().map_err(|e| self.fail(e))
    }

    /// The next key of an object, as one of `keys` (or `None` for another).
    fn next_key(&mut self, keys: &[&str]) -> Result<Option<usize>, RecordError> {
        match self.reader.next_name() {
            Ok(name) => Ok(keys.iter().position(|k| *k == name)),
            Err(e) => Err(self.fail(e)),
        }
    }

    /// The next value, through serde.
    fn value<T: for<'de> Deserialize<'de>>(&mut self) -> Result<T, RecordError> {
        self.reader.deserialize_next().map_err(|e| {
            let here = self.here();
            match e {
                DeserializerError::ReaderError(e) => reader_error(e, here, self.limits),
                DeserializerError::MaxNestingDepthExceeded(_) => {
                    here.error(Limit::Depth.exceeded(self.limits))
                }
                DeserializerError::InvalidNumber(m) => here.error(RecordErrorKind::Json(format!(
                    "invalid number: {}",
                    excerpt(&m)
                ))),
                other => here.error(RecordErrorKind::Json(excerpt(&other.to_string()))),
            }
        })
    }

    /// Checks that nothing follows the record.
    fn finish(self) -> Result<(), RecordError> {
        let Json { reader, limits } = self;
        reader
            .consume_trailing_whitespace()
            .map_err(|e| reader_error(e, At::default(), limits))
    }
}

/// Headers as an ordered list of key/value pairs (a JSON object whose key
/// order is kept); a repeated key keeps its first value, as the writer does.
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
                let mut seen = HashSet::new();
                while let Some((k, v)) = map.next_entry::<String, String>()? {
                    if seen.insert(k.clone()) {
                        pairs.push((k, v));
                    }
                }
                Ok(Headers(pairs))
            }
        }
        deserializer.deserialize_map(HeadersVisitor)
    }
}

const RECORD_KEYS: [&str; 3] = ["header", "initial", "moves"];

/// Reads the text once. With `start` the moves are read from it and
/// `initial` is skipped (a first pass read it); without, from the start
/// `initial` gives, or from the even game's when `moves` comes first.
fn read_pass(
    text: &str,
    limits: &ReadLimits,
    start: Option<Position>,
) -> Result<Pass, RecordError> {
    let mut json = Json {
        reader: reader(text, limits),
        limits,
    };
    let known = start.is_some();
    let mut start = start;
    let mut headers: Option<Vec<Header>> = None;
    let mut seen_initial = false;
    // The moves read, and whether from a start taken for the even game's.
    let mut moves: Option<(GameRecord, bool)> = None;
    json.begin_object()?;
    while json.has_next()? {
        let key_at = json.here();
        let key = json.next_key(&RECORD_KEYS)?;
        let duplicate = match key {
            Some(0) => headers.is_some(),
            Some(1) => seen_initial,
            Some(2) => moves.is_some(),
            _ => false,
        };
        if let (true, Some(name)) = (duplicate, key.and_then(|k| RECORD_KEYS.get(k))) {
            return Err(key_at.error(RecordErrorKind::Json(format!("duplicate key `{name}`"))));
        }
        match key {
            Some(0) => {
                json.peek()?;
                let at = json.here();
                headers = Some(read_headers(&mut json).map_err(|e| at.place(e))?);
            }
            Some(1) => {
                seen_initial = true;
                if known {
                    json.skip_value()?;
                    continue;
                }
                json.peek()?;
                let at = json.here();
                let initial: Option<Initial> = json.value()?;
                let pos = match initial {
                    None => Position::startpos(),
                    Some(i) => i.position().map_err(|e| at.place(e))?,
                };
                if moves.as_ref().is_some_and(|(_, assumed)| *assumed)
                    && pos != Position::startpos()
                {
                    return Ok(Pass::Again(pos));
                }
                start = Some(pos);
            }
            Some(2) => {
                let assumed = start.is_none();
                let from = start.clone().unwrap_or_else(Position::startpos);
                match read_moves(&mut json, from) {
                    Ok(record) => moves = Some((record, assumed)),
                    Err(e) if assumed => return Ok(Pass::Failed(e)),
                    Err(e) => return Err(e),
                }
            }
            _ => json.skip_value()?,
        }
    }
    let end = json.here();
    json.end_object()?;
    json.finish()?;
    let Some((mut record, _)) = moves else {
        return Err(end.error(RecordErrorKind::Json("missing key `moves`".into())));
    };
    record.headers = headers.unwrap_or_default();
    Ok(Pass::Done(record))
}

fn read_headers(json: &mut Json<'_, '_>) -> Result<Vec<Header>, RecordError> {
    let Headers(pairs) = json.value()?;
    let mut headers = Vec::with_capacity(pairs.len());
    for (name, value) in pairs {
        if value.len() > json.limits.max_header_bytes {
            return Err(error(Limit::HeaderBytes.exceeded(json.limits)));
        }
        headers.push(Header {
            // JKF keys are names of any format: a rule header keeps its key
            // whichever format named it (`Max_Moves`, `$JISHOGI`, 最大手数).
            key: match header_key(&name) {
                HeaderKey::Other => rule_header_key(&name).unwrap_or(HeaderKey::Other),
                key => key,
            },
            name,
            value,
        });
    }
    Ok(headers)
}

/// The start position `initial` gives in `text`, if it has one: the record
/// object's keys are read, every value but `initial` skipped.
fn find_start(text: &str, limits: &ReadLimits) -> Result<Option<Position>, RecordError> {
    let mut json = Json {
        reader: reader(text, limits),
        limits,
    };
    json.begin_object()?;
    while json.has_next()? {
        if json.next_key(&RECORD_KEYS)? != Some(1) {
            json.skip_value()?;
            continue;
        }
        let initial: Option<Initial> = json.value()?;
        return initial.map(|i| i.position()).transpose();
    }
    Ok(None)
}

/// A line of play being read: an array of entries, `moves` or a fork.
struct LineFrame {
    id: LineId,
    state: LineState,
    /// Whether the next entry is the first of `moves` (the start's comments).
    at_start: bool,
    /// Whether the line has ended with a `special`.
    ended: bool,
    /// The entry being read, if any.
    entry: Option<OpenEntry>,
}

impl LineFrame {
    fn new(id: LineId, state: LineState) -> LineFrame {
        LineFrame {
            id,
            state,
            at_start: false,
            ended: false,
            entry: None,
        }
    }
}

/// The keys of an entry the reader knows, in the order of [`OpenEntry::seen`].
const ENTRY_KEYS: [&str; 6] = ["comments", "comment", "move", "time", "special", "forks"];

/// An entry (an element of `moves` or of a fork) being read: its values so
/// far; forks are read as they come, into lines of their own.
#[derive(Default)]
struct OpenEntry {
    /// Where it starts.
    at: At,
    /// Whether it is the first element of `moves`.
    start: bool,
    comments: Option<Vec<String>>,
    comment: Option<String>,
    mv: Option<JkfMove>,
    time: Option<Consumption>,
    special: Option<String>,
    /// Which of [`ENTRY_KEYS`] were met.
    seen: [bool; ENTRY_KEYS.len()],
    /// Forks read so far.
    forks: usize,
    /// Whether the reader is inside its `forks` array.
    in_forks: bool,
}

/// Reads `moves` from `start`: its entries and, as they come, the forks of
/// each entry and theirs, with a stack of lines rather than recursion.
fn read_moves(json: &mut Json<'_, '_>, start: Position) -> Result<GameRecord, RecordError> {
    let limits = json.limits;
    let mut tree = TreeBuilder::new(start, 1, limits);
    let mut start_comments = Vec::new();
    json.begin_array()?;
    let mut main = LineFrame::new(LineId::MAIN, LineState::start(tree.start().clone()));
    main.at_start = true;
    let mut stack = vec![main];
    while let Some(top) = stack.last_mut() {
        let Some(entry) = &mut top.entry else {
            // Between the entries of a line.
            if !json.has_next()? {
                json.end_array()?;
                stack.pop();
                continue;
            }
            let at = json.here();
            if top.ended {
                return Err(at.error(RecordErrorKind::MoveAfterEnd));
            }
            json.begin_object()?;
            top.entry = Some(OpenEntry {
                at,
                start: top.at_start,
                ..OpenEntry::default()
            });
            top.at_start = false;
            continue;
        };
        if entry.in_forks {
            // Between the forks of an entry.
            if !json.has_next()? {
                json.end_array()?;
                entry.in_forks = false;
                continue;
            }
            let at = json.here();
            let ply = top.state.ply + 1;
            if entry.special.is_some() {
                return Err(entry.at.error(RecordErrorKind::BadVariation(ply)));
            }
            json.begin_array()?;
            if !json.has_next()? {
                return Err(entry.at.error(RecordErrorKind::BadVariation(ply)));
            }
            let fork = tree
                .branch_next(top.id)
                .map_err(|e| at.error(e.kind(ply, limits)))?;
            entry.forks += 1;
            let state = top.state.clone();
            stack.push(LineFrame::new(fork, state));
            continue;
        }
        // Inside an entry.
        if !json.has_next()? {
            json.end_object()?;
            if let Some(entry) = top.entry.take() {
                let at = entry.at;
                end_entry(top, entry, &mut tree, limits, &mut start_comments)
                    .map_err(|e| at.place(e))?;
            }
            continue;
        }
        let key_at = json.here();
        let Some(k) = json.next_key(&ENTRY_KEYS)? else {
            json.skip_value()?;
            continue;
        };
        if entry
            .seen
            .get_mut(k)
            .is_some_and(|seen| std::mem::replace(seen, true))
        {
            let name = ENTRY_KEYS.get(k).unwrap_or(&"");
            return Err(key_at.error(RecordErrorKind::Json(format!("duplicate key `{name}`"))));
        }
        match k {
            0 => entry.comments = json.value()?,
            1 => entry.comment = json.value()?,
            2 => entry.mv = json.value()?,
            3 => entry.time = json.value()?,
            4 => entry.special = json.value()?,
            _ => {
                if json.peek()? == ValueType::Null {
                    json.next_null()?;
                    continue;
                }
                if entry.start {
                    return Err(entry.at.error(start_only()));
                }
                json.begin_array()?;
                entry.in_forks = true;
            }
        }
    }
    let mut record = tree.finish();
    record.start_comments = start_comments;
    Ok(record)
}

fn start_only() -> RecordErrorKind {
    RecordErrorKind::Json("moves[0] holds the start position's comments only".into())
}

/// Takes a whole entry into its line: a move (whose forks were read
/// already), or the line's ending, or the start's comments.
fn end_entry(
    line: &mut LineFrame,
    entry: OpenEntry,
    tree: &mut TreeBuilder,
    limits: &ReadLimits,
    start_comments: &mut Vec<Comment>,
) -> Result<(), RecordError> {
    if entry.start {
        if entry.mv.is_some() || entry.special.is_some() {
            return Err(error(start_only()));
        }
        *start_comments = comments_of(&entry, limits)?;
        return Ok(());
    }
    let state = &mut line.state;
    if let Some(special) = &entry.special {
        if entry.mv.is_some() {
            return Err(json_error(format!(
                "an entry after ply {} holds both a move and a special",
                state.ply
            )));
        }
        if entry.forks > 0 {
            return Err(error(RecordErrorKind::BadVariation(state.ply + 1)));
        }
        let special = special_of(special, state.pos.turn())
            .ok_or_else(|| json_error(format!("unknown special {:?}", excerpt(special))))?;
        let time = read_time(entry.time.as_ref(), &mut state.clone())?;
        let end = LineEnd {
            special,
            time,
            comments: comments_of(&entry, limits)?,
        };
        if let Some(l) = tree.line_mut(line.id) {
            l.end = Some(end);
        }
        line.ended = true;
        return Ok(());
    }
    let Some(jkf_move) = &entry.mv else {
        return Err(json_error(format!(
            "the entry after ply {} has neither a move nor a special",
            state.ply
        )));
    };
    let mv = resolve(jkf_move, state)?;
    let ply = state.ply + 1;
    // The time changes the totals only: `state.pos` is still the position
    // before the move.
    let time = read_time(entry.time.as_ref(), state)?;
    let record_move = RecordMove {
        mv,
        time,
        comments: comments_of(&entry, limits)?,
    };
    tree.push(line.id, record_move, &state.pos)
        .map_err(|e| error(e.kind(ply, limits)))?;
    state.play(mv);
    Ok(())
}

fn comments_of(entry: &OpenEntry, limits: &ReadLimits) -> Result<Vec<Comment>, RecordError> {
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

fn read_time(
    time: Option<&Consumption>,
    state: &mut LineState,
) -> Result<Option<MoveTime>, RecordError> {
    let Some(time) = time else {
        return Ok(None);
    };
    let too_large = || {
        error(RecordErrorKind::NumberTooLarge {
            max: crate::record::MAX_TIME_SECONDS,
        })
    };
    let used: Duration = time.now.duration().ok_or_else(too_large)?;
    let side = state.pos.turn().index();
    let used = crate::record::checked_time(used).map_err(error)?;
    let total = match &time.total {
        Some(t) => {
            crate::record::checked_time(t.duration().ok_or_else(too_large)?).map_err(error)?
        }
        None => running_total(state.totals[side], used),
    };
    state.totals[side] = total;
    Ok(Some(MoveTime {
        used,
        total: Some(total),
    }))
}

pub(super) fn special_of(text: &str, to_move: Color) -> Option<SpecialMove> {
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
    let role = match &jkf.piece {
        PieceCode::Known(role) => *role,
        PieceCode::Unknown(code) => {
            return Err(bad(format!(
                "unknown piece {:?} at ply {ply}",
                excerpt(code)
            )));
        }
    };
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
        let named = match code {
            PieceCode::Known(role) => piece_code(*role),
            PieceCode::Unknown(code) => code,
        };
        if m.capture().map(piece_code) != Some(named) {
            return Err(bad(format!(
                "ply {ply} says it captures {} but captures {:?}",
                excerpt(named),
                m.capture().map(piece_code)
            )));
        }
    }
    Ok(m)
}
