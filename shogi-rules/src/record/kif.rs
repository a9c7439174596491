//! KIF records (Kakinoki format, `.kif` / `.kifu`), read and written as
//! Kifu for Windows writes them.
//!
//! A KIF file holds header lines (`key：value`), the start position as a
//! `手合割` name or a BOD board diagram, numbered move lines with origins and
//! times, `*` comments, `**` engine lines, `&` bookmarks, a terminal word
//! (`投了`, `中断`, …), a `まで…` summary, and `変化：N手` variation blocks.
//!
//! # Decisions
//! * Lines end in LF, CRLF, `\r\r\n` or a lone CR (as in every text format
//!   here); a byte order mark is ignored; trailing ASCII and ideographic
//!   (U+3000) spaces are ignored; lines starting with `#` are skipped. Line
//!   and column numbers of errors count characters of the original text,
//!   from 1.
//! * Headers take a full-width or ASCII colon; known keys are recognised
//!   (`下手` and `上手` are Sente's and Gote's players; `最大手数` and `持将棋`
//!   state the move limit and the impasse rule that
//!   [`GameRecord::rules`](super::GameRecord::rules) reads), all keys are
//!   kept in file order with their spelling. Headers may stand before,
//!   between or after the lines of a board diagram, but not after the first
//!   move line.
//! * Start position: a board diagram wins over the `手合割` line. Without a
//!   diagram, `手合割` names a standard position (every name of the Kakinoki
//!   list, plus `両香落ち`, `七枚落ち` and `九枚落ち`); any other name is an
//!   [`UnknownHandicap`](RecordErrorKind::UnknownHandicap) error. No `手合割`
//!   and no diagram means the even game.
//! * A diagram's `手数＝N` makes the first move line number N + 1. A diagram
//!   without `手数＝` takes its numbering from its first move line (tsume files
//!   in the wild start at any number); a named start must begin at 1. Every
//!   later number must follow in sequence. The `ply` of an
//!   [`IllegalMove`](RecordErrorKind::IllegalMove) error is the number written.
//! * Times are lenient: `( 0:16/00:00:16)`, `(01:42 / 00:01:42)`, `( 0:7/)`,
//!   unpadded fields, minutes over 59; the total is kept when given, never
//!   recomputed. Written back as `( m:ss/hh:mm:ss)`, or `( m:ss/)` without a
//!   total; fractions of a second are dropped.
//! * Move text: `不成` and the one-character promoted names (`全`, `圭`, `杏`)
//!   are read; the writer uses the two-character names and never `不成`.
//! * Terminal words: the table of `docs/formats.md §2.5`, with `詰` for `詰み`,
//!   `時間切れ` and 81Dojo's `Time-up` for `切れ負け`, and `宣言勝ち` for
//!   `入玉勝ち`. The endings KIF has no word for are written and read as
//!   `引き分け` (declared draw), `最大手数` (move limit), `待った` (take-back)
//!   and `エラー` (error). The actor is always the side to move at that ply.
//! * A `まで…` summary gives the ending only when the line has no terminal
//!   move line; when both exist and disagree, the terminal line wins. A
//!   summary that names the side to move as plain winner (`…の勝ち`) is read
//!   as an entering-king declaration; a summary that is not understood is an
//!   error.
//! * Comments: each `*`, `**` or `&` line is one [`Comment`]; lines before the
//!   first move are comments on the start position, later lines belong to
//!   the move (or the ending) above them. A comment text holding line breaks
//!   is written as several lines.
//!   A comment line between `変化：N手` and the block's first move has no
//!   place to go and is an error.
//! * Variations: a `変化：N手` block (also `変化：N手目`, as several programs
//!   write it, or `変化：N`; the colon full-width or ASCII) replaces ply N of
//!   the most recently written line that holds ply N (`docs/formats.md §2.7`): the
//!   reader keeps the path of lines just read and takes the deepest one that
//!   has ply N, so blocks written latest-first (Kifu for Windows) and
//!   earliest-first (some converters) both attach where they belong;
//!   siblings keep the order of the file. When no line of the path has ply
//!   N, the error is [`BadVariation`](RecordErrorKind::BadVariation). The
//!   writer emits blocks depth-first, latest branch point first, as Kifu for
//!   Windows does, and marks moves that have variations with `+`.
//! * A record that ends a line on an illegal move and says that a foul
//!   ended the game there (81Dojo writes the move, then `*反則手にて終局`
//!   or a `反則勝ち` line) is read as the foul it records (`docs/rules.md D2`):
//!   the line ends in
//!   [`SpecialMove::IllegalLoss`] for the side that made the move, whose
//!   text is kept as the comment `反則手: <move>` on the ending. A
//!   `反則勝ち` line right after it (the other side wins) is part of the same
//!   ending.
//!   An illegal move followed by more play, or that the record does not
//!   call a foul (a comment, summary or ending word with `反則`), is an
//!   [`IllegalMove`](RecordErrorKind::IllegalMove) error at that move.
//! * Board diagrams: each row is read by character position (`v` marks
//!   Gote's pieces), all nine rows are required, hands accept kanji or digit
//!   counts with full-width, half-width or no separators, and `なし`. The
//!   position must be a legal setup, except that two unpromoted pawns of a
//!   side on one file and pieces that could never move are allowed, as in
//!   every reader (composed problems such as `9fu.kif`).
//! * Limits: numbers above 100 000 000 and variations nested more than 1000
//!   deep are refused, so no input can overflow a count or the stack.
//! * Control characters inside a header name or value are kept as read and
//!   written as they are (as in CSA and KI2), so that writing and reading
//!   again gives the same record; only a line feed in a name or value (which
//!   only a record from another format has) is written as a space.
//! * A header named in ASCII, as a record read from CSA or JKF names them
//!   (`N+`, `$EVENT`), is written under its KIF name (`先手`, `棋戦`; `下手`
//!   and `上手` in a handicap game), so the text is read as KIF again;
//!   other names are written as read.
//! * The writer never invents headers: it writes a `手合割` line only when the
//!   record has that header, and a board diagram whenever the start is not
//!   the position that header names (or, without the header, whenever the
//!   start is not the even game at move 1). So `read(write(r)) == r`.

use core::fmt::Write as _;
use core::time::Duration;

use super::builder::TreeBuilder;
use super::head::{Head, write_head};
use super::text::{
    LineReader, excerpt, header_line, is_space, marked_comment, parse_number, read_lines,
    side_names, special_of_word, summary_special, summary_words, trim, variation_digits, width,
    word_of_special, write_comments,
};
use super::{
    Comment, CommentKind, Format, GameRecord, Limit, LineEnd, LineId, MoveTime, ReadLimits,
    RecordError, RecordErrorKind, RecordMove, SpecialMove, Visit, WalkOrder,
};
use crate::notation::japanese::{self, JapaneseError};
use crate::{Color, IllegalReason, Move, Position};

/// The comment that keeps the text of an illegal last move.
const FOUL_PREFIX: &str = "反則手: ";

/// Reads a KIF record from decoded text (see [`super::decode`]).
///
/// # Errors
/// [`RecordError`] with the 1-based line and column of the first problem:
/// a line that is not understood, an unknown handicap without a diagram, a
/// malformed or illegal diagram, a move number out of sequence, malformed
/// move text or time, an illegal move, a move after the end of its line, or
/// a variation without a move to branch from.
pub fn read(text: &str) -> Result<GameRecord, RecordError> {
    read_with(text, &ReadLimits::DEFAULT)
}

/// Reads a KIF record from decoded text within `limits`.
///
/// # Errors
/// As [`read`], and [`RecordErrorKind::LimitExceeded`] beyond a limit.
pub fn read_with(text: &str, limits: &ReadLimits) -> Result<GameRecord, RecordError> {
    read_lines::<Reader>(text, limits)
}

/// Writes a record as Kifu for Windows writes KIF (see the module
/// documentation for what is written when).
#[must_use]
pub fn write(record: &GameRecord) -> String {
    let mut out = String::with_capacity(64 + record.main.moves.len() * 40);
    write_head(&mut out, record, ["先手", "後手"]);
    out.push_str("手数----指手---------消費時間--\n");
    write_comments(&mut out, &record.start_comments);
    let names = side_names(record);
    let first = record.start.move_number().max(1);
    let ctx = WriteCtx {
        start_turn: record.start.turn(),
        first,
        names,
    };
    for visit in record.walk(WalkOrder::LatestFirst) {
        if visit.depth > 0 {
            let _ = write!(out, "\n変化：{}手\n", visit.ply);
        }
        ctx.line(&mut out, record, &visit);
    }
    out
}

// ---------------------------------------------------------------------------
// Reading

/// 1-based character column of byte offset `byte` of `line`.
fn column(line: &str, byte: usize) -> usize {
    line.get(..byte).map_or(1, |s| s.chars().count() + 1)
}

fn error(line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
    RecordError::new(Format::Kif, line, column, kind)
}

/// An illegal last move of a line, read as the foul that ended it.
struct Foul {
    line: LineId,
    error: RecordError,
    /// Whether the record says so: a `反則勝ち` line, or a comment or
    /// summary about a foul (`反則`) right after the move.
    stated: bool,
}

/// Where the next comment line goes.
#[derive(Copy, Clone)]
enum Target {
    Start,
    Move(LineId, usize),
    End(LineId),
    /// A variation block before its first move: nowhere.
    Nowhere,
}

#[derive(Default)]
struct Reader {
    head: Head,
    /// Set once the first move-section line is seen.
    play: Option<Play>,
    limits: ReadLimits,
}

/// The move section: the start position, the lines, and where reading is.
struct Play {
    /// The lines read so far and the path being read.
    tree: TreeBuilder,
    /// Whether the first numbered line may set the numbering.
    free_numbering: bool,
    /// The position after the moves of the line being read so far, and the
    /// last move played on the path.
    pos: Position,
    previous: Option<Move>,
    target: Target,
    /// A line that ended on an illegal move, read as a foul; the error that
    /// move is unless the record says a foul ended the game there.
    foul: Option<Foul>,
}

impl Reader {
    fn comment(
        &mut self,
        number: usize,
        column: usize,
        body: &str,
        comment: Comment,
    ) -> Result<(), RecordError> {
        if comment.text.len() > self.limits.max_header_bytes {
            return Err(error(
                number,
                column,
                Limit::HeaderBytes.exceeded(&self.limits),
            ));
        }
        let Some(play) = self.play.as_mut() else {
            self.head.start_comments.push(comment);
            return Ok(());
        };
        match play.target {
            Target::Start => self.head.start_comments.push(comment),
            Target::Move(line, index) => {
                if let Some(m) = play
                    .tree
                    .line_mut(line)
                    .and_then(|l| l.moves.get_mut(index))
                {
                    m.comments.push(comment);
                }
            }
            Target::End(line) => {
                if let Some(foul) = play.foul.as_mut() {
                    if foul.line == line && comment.text.contains("反則") {
                        foul.stated = true;
                    }
                }
                if let Some(end) = play.tree.line_mut(line).and_then(|l| l.end.as_mut()) {
                    end.comments.push(comment);
                }
            }
            Target::Nowhere => {
                return Err(error(
                    number,
                    column,
                    RecordErrorKind::UnexpectedLine(excerpt(body)),
                ));
            }
        }
        Ok(())
    }

    /// Ends the header section: settles the start position.
    fn begin_play(&mut self) -> Result<&mut Play, RecordError> {
        if self.play.is_none() {
            let (start, free) = self.start_position()?;
            let first = start.move_number().max(1);
            self.play = Some(Play {
                pos: start.clone(),
                tree: TreeBuilder::new(start, first, &self.limits),
                free_numbering: free,
                previous: None,
                target: Target::Start,
                foul: None,
            });
        }
        self.play
            .as_mut()
            .ok_or_else(|| error(0, 0, RecordErrorKind::UnknownFormat))
    }

    /// The start position, and whether its moves are numbered freely: a
    /// diagram without `手数＝N` lets the first move take any number.
    fn start_position(&self) -> Result<(Position, bool), RecordError> {
        let start = self.head.start(Format::Kif)?;
        let diagram = &self.head.diagram;
        Ok((start, !diagram.is_empty() && !diagram.counts_moves()))
    }

    fn move_line(&mut self, number: usize, raw: &str, lead: usize) -> Result<(), RecordError> {
        let limits = self.limits;
        let body = &raw[lead..];
        let col = |byte: usize| column(raw, lead + byte);
        let digits_len = body
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(body.len());
        let written = parse_number(&body[..digits_len])
            .ok_or_else(|| {
                error(
                    number,
                    col(0),
                    RecordErrorKind::UnexpectedLine(excerpt(body)),
                )
            })?
            .map_err(|kind| error(number, col(0), kind))?;
        let after_number = &body[digits_len..];
        let rest = after_number.trim_start_matches(is_space);
        if rest.len() == after_number.len() && !rest.is_empty() {
            return Err(error(
                number,
                col(digits_len),
                RecordErrorKind::UnexpectedLine(excerpt(body)),
            ));
        }
        let text_at = body.len() - rest.len();
        // Strip the variation mark and the time from the end.
        let mut tail = rest.trim_end_matches(is_space);
        if let Some(t) = tail.strip_suffix('+') {
            tail = t.trim_end_matches(is_space);
        }
        let mut time = None;
        if tail.ends_with(')') {
            if let Some(open) = tail.rfind('(') {
                let inner = &tail[open + 1..tail.len() - 1];
                if inner.contains([':', '/']) {
                    let t = parse_time(inner).ok_or_else(|| {
                        error(
                            number,
                            col(text_at + open),
                            RecordErrorKind::BadTime(excerpt(inner)),
                        )
                    })?;
                    for d in [Some(t.used), t.total].into_iter().flatten() {
                        super::checked_time(d)
                            .map_err(|kind| error(number, col(text_at + open), kind))?;
                    }
                    time = Some(t);
                    tail = tail[..open].trim_end_matches(is_space);
                }
            }
        }
        let text = tail;
        if text.is_empty() {
            return Err(error(
                number,
                col(text_at),
                RecordErrorKind::BadMoveText(String::new()),
            ));
        }

        let play = self.begin_play()?;
        if play.free_numbering && !play.started() {
            // A diagram without 手数＝: the first number sets the numbering.
            play.free_numbering = false;
            if written >= 1 {
                play.tree.set_first_ply(written);
                play.pos.move_number = written;
            }
        }
        let current = play.tree.current();
        let expected = play.tree.next_ply(current);
        let ended = play.tree.line(current).is_some_and(|l| l.end.is_some());
        if ended {
            if let Some(foul) = &mut play.foul {
                if foul.line == current {
                    // A foul stands only as the last thing of its line: a
                    // record that plays on after an illegal move is wrong
                    // at that move. A foul ending word may follow it.
                    if matches!(special_of_word(text), Some(SpecialMove::IllegalWin))
                        && written == expected + 1
                    {
                        foul.stated = true;
                        play.target = Target::End(current);
                        return Ok(());
                    }
                    return Err(foul.error.clone());
                }
            }
            return Err(error(number, col(0), RecordErrorKind::MoveAfterEnd));
        }
        if written != expected {
            return Err(error(
                number,
                col(0),
                RecordErrorKind::MoveNumber {
                    expected,
                    found: written,
                },
            ));
        }
        if let Some(special) = special_of_word(text) {
            play.set_end(
                current,
                LineEnd {
                    special,
                    time,
                    comments: Vec::new(),
                },
            );
            play.target = Target::End(current);
            return Ok(());
        }
        let m = match resolve(&play.pos, text, play.previous, written) {
            Ok(m) => m,
            Err((offset, kind @ RecordErrorKind::IllegalMove { .. })) => {
                // Recorded as a foul by its mover (docs/rules.md D2), keeping the
                // move's text; an error if play goes on after it.
                if let Some(foul) = &play.foul {
                    // An earlier line's illegal move was not a foul after all.
                    if !foul.stated {
                        return Err(foul.error.clone());
                    }
                }
                play.foul = Some(Foul {
                    line: current,
                    error: error(number, col(text_at) + offset, kind),
                    stated: false,
                });
                play.set_end(
                    current,
                    LineEnd {
                        special: SpecialMove::IllegalLoss,
                        time,
                        comments: vec![Comment {
                            kind: CommentKind::Normal,
                            text: format!("{FOUL_PREFIX}{text}"),
                        }],
                    },
                );
                play.target = Target::End(current);
                return Ok(());
            }
            Err((offset, kind)) => return Err(error(number, col(text_at) + offset, kind)),
        };
        let record_move = RecordMove {
            mv: m,
            time,
            comments: Vec::new(),
        };
        play.tree
            .push(current, record_move, &play.pos)
            .map_err(|e| error(number, col(0), e.kind(written, &limits)))?;
        play.pos.play_unchecked(m);
        play.previous = Some(m);
        let index = play.tree.line(current).map_or(0, |l| l.moves.len() - 1);
        play.target = Target::Move(current, index);
        Ok(())
    }

    fn summary(
        &mut self,
        number: usize,
        column: usize,
        rest: &str,
        body: &str,
    ) -> Result<(), RecordError> {
        let unexpected = || {
            error(
                number,
                column,
                RecordErrorKind::UnexpectedLine(excerpt(body)),
            )
        };
        let digits_len = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        if digits_len == 0 {
            return Err(unexpected());
        }
        let after = rest[digits_len..]
            .strip_prefix('手')
            .ok_or_else(unexpected)?;
        let words = trim(after.strip_prefix('で').unwrap_or(after));
        let play = self.begin_play()?;
        let to_move = play.pos.turn();
        let special = summary_special(words, to_move).ok_or_else(unexpected)?;
        let current = play.tree.current();
        if let Some(foul) = play.foul.as_mut() {
            if foul.line == current && words.contains("反則") {
                foul.stated = true;
            }
        }
        if play.tree.line(current).is_some_and(|l| l.end.is_none()) {
            play.set_end(
                current,
                LineEnd {
                    special,
                    time: None,
                    comments: Vec::new(),
                },
            );
        }
        play.target = Target::End(current);
        Ok(())
    }

    fn variation(&mut self, number: usize, column: usize, ply: u32) -> Result<(), RecordError> {
        let limits = self.limits;
        let play = self.begin_play()?;
        let id = play
            .tree
            .branch_at_ply(ply)
            .map_err(|e| error(number, column, e.kind(ply, &limits)))?;
        let (pos, previous) = play.tree.position_before(id, 0);
        play.pos = pos;
        play.previous = previous;
        play.target = Target::Nowhere;
        Ok(())
    }
}

impl LineReader for Reader {
    fn new(limits: &ReadLimits) -> Reader {
        Reader {
            limits: *limits,
            ..Reader::default()
        }
    }

    fn line(&mut self, number: usize, raw: &str) -> Result<(), RecordError> {
        // A comment keeps the spaces at its end; other lines lose them.
        let whole = raw.trim_end_matches('\r');
        let text = whole.trim_start_matches(is_space);
        if let Some(comment) = marked_comment(text) {
            let column = column(whole, whole.len() - text.len());
            return self.comment(number, column, text, comment);
        }
        let raw = raw.trim_end_matches(is_space);
        let body = raw.trim_start_matches(is_space);
        if body.is_empty() || body.starts_with('#') {
            return Ok(());
        }
        let lead = raw.len() - body.len();
        let col = |byte: usize| column(raw, lead + byte);
        let unexpected = || {
            error(
                number,
                col(0),
                RecordErrorKind::UnexpectedLine(excerpt(body)),
            )
        };

        if let Some(rest) = body.strip_prefix("変化") {
            let rest = rest
                .strip_prefix('：')
                .or_else(|| rest.strip_prefix(':'))
                .ok_or_else(unexpected)?;
            let ply = parse_number(variation_digits(rest))
                .ok_or_else(unexpected)?
                .map_err(|kind| error(number, col(0), kind))?;
            return self.variation(number, col(0), ply);
        }
        if let Some(rest) = body.strip_prefix("まで") {
            return self.summary(number, col(0), rest, body);
        }
        if let Some(rest) = body.strip_prefix("手数") {
            if rest.starts_with('-') || rest.starts_with('ー') {
                if self.play.is_some() {
                    return Err(unexpected());
                }
                return self.begin_play().map(drop);
            }
        }
        if self
            .head
            .diagram
            .read_line(Format::Kif, number, raw, self.play.is_none())?
        {
            return Ok(());
        }
        if body.starts_with(|c: char| c.is_ascii_digit()) {
            return self.move_line(number, raw, lead);
        }
        if let Some((name, value, value_column)) = header_line(raw) {
            if self.play.as_ref().is_some_and(|p| p.started()) {
                return Err(unexpected());
            }
            let header = (name, value, value_column);
            return self.head.header(Format::Kif, number, header, &self.limits);
        }
        Err(unexpected())
    }

    fn finish(mut self) -> Result<GameRecord, RecordError> {
        self.begin_play()?;
        let Some(mut play) = self.play.take() else {
            return Err(error(0, 0, RecordErrorKind::UnknownFormat));
        };
        if let Some(foul) = play.foul.take() {
            if !foul.stated {
                return Err(foul.error);
            }
        }
        Ok(self.head.into_record(play.tree))
    }
}

impl Play {
    /// Whether a move, an ending or a variation has been read.
    fn started(&self) -> bool {
        let main = self.tree.line(LineId::MAIN);
        self.tree.variation_count() > 0
            || main.is_some_and(|l| !l.moves.is_empty() || l.end.is_some())
    }

    /// Ends line `id` with `end`.
    fn set_end(&mut self, id: LineId, end: LineEnd) {
        if let Some(line) = self.tree.line_mut(id) {
            line.end = Some(end);
        }
    }
}

/// Resolves move text in `pos`; on error, the character offset in the text
/// and the kind.
fn resolve(
    pos: &Position,
    text: &str,
    previous: Option<Move>,
    ply: u32,
) -> Result<Move, (usize, RecordErrorKind)> {
    let has_origin = text.contains(['(', '（']);
    japanese::parse(pos, text, previous).map_err(|e| match e {
        JapaneseError::Syntax { column, .. } => (
            column.saturating_sub(1),
            RecordErrorKind::BadMoveText(excerpt(text)),
        ),
        JapaneseError::NoPreviousMove { column } => (
            column.saturating_sub(1),
            RecordErrorKind::BadMoveText(excerpt(text)),
        ),
        JapaneseError::WrongSide { .. } => (0, RecordErrorKind::BadMoveText(excerpt(text))),
        JapaneseError::Illegal(illegal) => (
            0,
            RecordErrorKind::IllegalMove {
                ply,
                reason: illegal.reason,
            },
        ),
        JapaneseError::NoSuchMove { .. } if has_origin => (
            0,
            RecordErrorKind::IllegalMove {
                ply,
                reason: IllegalReason::NotAPieceMove,
            },
        ),
        JapaneseError::Ambiguous { .. } => (0, RecordErrorKind::AmbiguousMove { ply }),
        _ => (0, RecordErrorKind::NoSuchMove { ply }),
    })
}

/// A time field without its parentheses: `used/total`, either part lenient.
fn parse_time(inner: &str) -> Option<MoveTime> {
    let (used, total) = match inner.split_once('/') {
        Some((u, t)) => (u, Some(t)),
        None => (inner, None),
    };
    let used = parse_clock(trim(used))?;
    let total = match total.map(trim) {
        None | Some("") => None,
        Some(t) => Some(parse_clock(t)?),
    };
    Some(MoveTime { used, total })
}

/// `s`, `m:ss` or `h:mm:ss`, fields of any width.
fn parse_clock(s: &str) -> Option<Duration> {
    let mut secs: u64 = 0;
    let mut fields = 0;
    for field in s.split(':') {
        let field = trim(field);
        if field.is_empty() || field.len() > 9 || !field.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        secs = secs.checked_mul(60)?.checked_add(field.parse().ok()?)?;
        fields += 1;
    }
    (fields <= 3).then_some(Duration::from_secs(secs))
}

// ---------------------------------------------------------------------------
// Writing

fn write_time(out: &mut String, t: &MoveTime) {
    let used = t.used.as_secs();
    let _ = write!(out, "({:>2}:{:02}/", used / 60, used % 60);
    if let Some(total) = t.total {
        let total = total.as_secs();
        let _ = write!(
            out,
            "{:02}:{:02}:{:02}",
            total / 3600,
            total / 60 % 60,
            total % 60
        );
    }
    out.push(')');
}

struct WriteCtx {
    start_turn: Color,
    first: u32,
    names: [&'static str; 2],
}

impl WriteCtx {
    fn turn_at(&self, ply: u32) -> Color {
        if (ply.wrapping_sub(self.first)) % 2 == 0 {
            self.start_turn
        } else {
            self.start_turn.opposite()
        }
    }

    fn move_line(out: &mut String, ply: u32, text: &str, time: Option<&MoveTime>, fork: bool) {
        let _ = write!(out, "{ply:>4} {text}");
        if time.is_some() || fork {
            for _ in width(text)..13 {
                out.push(' ');
            }
            if width(text) >= 13 {
                out.push(' ');
            }
        }
        if let Some(t) = time {
            write_time(out, t);
        }
        if fork {
            out.push('+');
        }
        out.push('\n');
    }

    /// Writes the moves and the ending of the line `visit` meets.
    fn line(&self, out: &mut String, record: &GameRecord, visit: &Visit<'_>) {
        let line = visit.line;
        let mut ply = visit.ply;
        let mut previous = visit.previous;
        for (index, m) in line.moves.iter().enumerate() {
            let text = japanese::format_kif(m.mv, previous);
            let fork = record.has_variations(visit.id, index);
            Self::move_line(out, ply, &text, m.time.as_ref(), fork);
            write_comments(out, &m.comments);
            previous = Some(m.mv);
            ply = ply.saturating_add(1);
        }
        if let Some(end) = &line.end {
            Self::move_line(
                out,
                ply,
                word_of_special(end.special),
                end.time.as_ref(),
                false,
            );
            write_comments(out, &end.comments);
            let _ = writeln!(out, "{}", self.summary(end.special, ply));
        }
    }

    fn summary(&self, special: SpecialMove, ply: u32) -> String {
        let played = ply.saturating_sub(1);
        let words = summary_words(special, self.turn_at(ply), self.names)
            .unwrap_or_else(|| word_of_special(special).to_owned());
        format!("まで{played}手で{words}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::HeaderKey;

    #[test]
    fn control_characters_in_headers_are_written_as_read() {
        let text = "開始日時：2014/10/12 1\u{7}4:47\0\n\u{80}\u{1}\0名：\u{b}x\u{1e}y\n\
                    手数----指手---------消費時間--\n   1 ７六歩(77)\n";
        let r = read(text).unwrap();
        assert_eq!(
            r.header(HeaderKey::StartTime),
            Some("2014/10/12 1\u{7}4:47\0")
        );
        assert_eq!(r.headers[1].name, "\u{80}\u{1}\0名");
        assert_eq!(r.headers[1].value, "\u{b}x\u{1e}y");
        assert_eq!(read(&write(&r)).unwrap(), r);
    }
    #[test]
    fn lenient_times() {
        let t = |s: &str| parse_time(s).map(|t| (t.used.as_secs(), t.total.map(|d| d.as_secs())));
        assert_eq!(t(" 0:16/00:00:16"), Some((16, Some(16))));
        assert_eq!(t("01:42 / 00:01:42"), Some((102, Some(102))));
        assert_eq!(t(" 0:7/"), Some((7, None)));
        assert_eq!(t("0:5/0:0:5"), Some((5, Some(5))));
        assert_eq!(t("75:03/01:20:00"), Some((4503, Some(4800))));
        assert_eq!(t(" 0:03/ 0:00:19"), Some((3, Some(19))));
        assert_eq!(t("0:x/"), None);
        assert_eq!(t("1:2:3:4/"), None);
    }
}
