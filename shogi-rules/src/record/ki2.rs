//! KI2 records: the KIF header and board diagram, then moves in Japanese
//! notation without origins (`▲７六歩　△３四歩`), several per line, told
//! apart by the JSA words (右 左 直, 上 引 寄, 打) where needed.
//!
//! # Reading
//! [`read`] takes decoded text (see [`super::decode`]) with any line ending.
//! * Headers `key：value` (ASCII `:` too) anywhere outside the moves, known
//!   keys recognised as in KIF (開始日時, 終了日時, 棋戦, 場所, 戦型, 表題,
//!   持ち時間, 秒読み, 先手/下手, 後手/上手, 手合割), others kept verbatim.
//! * The start position: a BOD board diagram (rows, `先手の持駒：` /
//!   `後手の持駒：` or 下手/上手 hands, `後手番` / `上手番`, `手数＝N` giving the
//!   move number N + 1) wins over `手合割`; without one, `手合割` names the
//!   position (an unknown name is [`RecordErrorKind::UnknownHandicap`]);
//!   without either, the even game.
//! * Move lines start with a side mark (▲△☗☖▼▽). A line is split at the
//!   marks, so moves may be separated by spaces or written glued together
//!   (`△６二金左上▲８六歩`). Each move is resolved by
//!   [`japanese::parse`] and checked against the rules: missing words give
//!   [`RecordErrorKind::AmbiguousMove`], no fitting piece
//!   [`RecordErrorKind::NoSuchMove`], an illegal move
//!   [`RecordErrorKind::IllegalMove`], all at the move's line and column.
//! * Comments: `*` → [`CommentKind::Normal`], `**` → [`CommentKind::Engine`],
//!   `&` → [`CommentKind::Bookmark`], attached to the move before them (the
//!   last move of the line above) or, before the first move, to the start
//!   position. `#` lines are notes for programs and are skipped.
//! * The ending comes from the `まで…` summary line (`docs/formats.md §3.4`):
//!   `まで61手詰`, `まで102手で後手の勝ち` (the side not to move wins: resignation; the
//!   side to move: a declared win), `…の反則勝ち`, `…の反則負け`,
//!   `時間切れにより…の勝ち`, `中断`, `千日手`, `持将棋`, `封じ手`, `不詰`, … The
//!   number in the summary is not checked against the moves.
//! * Variations: `変化：N手` (also `変化：N手目`, as several programs write
//!   it, or `変化：N`; the colon full-width or ASCII) starts an alternative
//!   to ply N of the most recently read line that has a move at ply N (as
//!   Kifu for Windows writes them); an alternative to the first move of a
//!   variation becomes its sibling. A comment between `変化：N手` and the
//!   first move of the block has nothing to attach to and is an error.
//! * Anything else is an error: a line is never skipped unread, and a board
//!   diagram line after the first move is
//!   [`RecordErrorKind::UnexpectedLine`].
//!
//! ```
//! use shogi_rules::record::{ki2, SpecialMove};
//!
//! let text = "先手：a\n後手：b\n▲７六歩    △３四歩    ▲２二角成  △同　銀\nまで4手で後手の勝ち\n";
//! let record = ki2::read(text)?;
//! assert_eq!(record.moves().len(), 4);
//! assert_eq!(record.main.end.as_ref().map(|e| e.special), Some(SpecialMove::Resign));
//! assert_eq!(ki2::write(&record), text);
//! # Ok::<(), shogi_rules::record::RecordError>(())
//! ```
//!
//! # Writing
//! [`write()`] writes the headers (names of other formats turned into the KIF
//! names), a board diagram unless the `手合割` headers name the start (or
//! there are none and it is the even game), the start comments, the moves six per line in
//! 12-column cells as Kifu for Windows does (a line also ends after a move
//! with comments, which follow it), the summary line, and the variations
//! after their line, latest branch first, each followed by its own.
//! Times cannot be written in KI2 and are left out; so are the endings
//! without a KI2 word (take-back, error).
//!
//! # Decisions
//! * A header line is `key：value` as a whole: whatever follows the first
//!   colon is the value, even when it holds side marks and moves after a
//!   run of spaces or control characters (`先手：a△３四歩`); moves are read
//!   only from lines that start with a side mark.
//! * Header keys are kept as written, whatever their characters (any key
//!   without spaces or a colon), and written back unchanged.
//! * Control characters (NUL, U+0005, vertical tab, …) inside a header key
//!   or value are kept as read, and the writer writes them as they are, so
//!   that writing and reading again gives the same record. Only a line break
//!   in a value (which no KI2 line can hold, and which only a record from
//!   another format has) is written as a space.

use core::fmt::Write as _;

use super::builder::TreeBuilder;
use super::head::{Head, write_head};
use super::text::{
    LineReader, excerpt, header_line, is_space, marked_comment, parse_number, read_lines,
    side_names, summary_special, summary_words, trim, variation_digits, width, write_comments,
};
use super::{
    Comment, CommentKind, Format, GameRecord, Limit, Line, LineEnd, LineId, ReadLimits,
    RecordError, RecordErrorKind, RecordMove, WalkOrder,
};
use crate::notation::japanese::{self, JapaneseError, Mark};
use crate::{Color, Move, Position};

/// Reads a KI2 record. See the [module documentation](self).
///
/// # Errors
/// [`RecordError`] with the 1-based line and column of the problem.
pub fn read(text: &str) -> Result<GameRecord, RecordError> {
    read_with(text, &ReadLimits::DEFAULT)
}

/// Reads a KI2 record within `limits`.
///
/// # Errors
/// As [`read`], and [`RecordErrorKind::LimitExceeded`] beyond a limit.
pub fn read_with(text: &str, limits: &ReadLimits) -> Result<GameRecord, RecordError> {
    read_lines::<Reader>(text, limits)
}

/// Writes a KI2 record. See the [module documentation](self).
#[must_use]
pub fn write(record: &GameRecord) -> String {
    let mut out = String::with_capacity(256 + record.main.moves.len() * 10);
    let names = side_names(record);
    write_head(&mut out, record, names);
    write_comments(&mut out, &record.start_comments);
    let writer = Writer { names };
    let first = record.start.move_number().max(1);
    for visit in record.walk(WalkOrder::LatestFirst) {
        // KI2 counts plies from 1 whatever the start's move number.
        let ply = visit.ply.saturating_sub(first).saturating_add(1);
        if visit.depth > 0 {
            let _ = writeln!(out, "\n変化：{ply}手");
        }
        writer.line(&mut out, visit.line, &visit.position, visit.previous, ply);
    }
    out
}

// ---------------------------------------------------------------------------
// Reading

fn is_mark(c: char) -> bool {
    matches!(c, '▲' | '△' | '☗' | '☖' | '▼' | '▽')
}

fn error(line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
    RecordError::new(Format::Ki2, line, column, kind)
}

#[derive(Default)]
struct Reader {
    head: Head,
    /// The lines read, once the moves begin.
    tree: Option<TreeBuilder>,
    /// The position after the last move of the current line, and that move.
    pos: Option<Position>,
    previous: Option<Move>,
    limits: ReadLimits,
}

impl Reader {
    /// The start position, decided when the moves begin.
    fn begin(&mut self) -> Result<(), RecordError> {
        if self.tree.is_some() {
            return Ok(());
        }
        let pos = self.head.start(Format::Ki2)?;
        self.pos = Some(pos.clone());
        self.tree = Some(TreeBuilder::new(pos, 1, &self.limits));
        Ok(())
    }

    fn current(&mut self) -> Option<&mut Line> {
        let tree = self.tree.as_mut()?;
        tree.line_mut(tree.current())
    }

    fn comment(&mut self, no: usize, t: &str, raw: &str) -> Result<(), RecordError> {
        if t.len() > self.limits.max_header_bytes {
            return Err(error(no, 1, Limit::HeaderBytes.exceeded(&self.limits)));
        }
        let comment = marked_comment(t).unwrap_or(Comment {
            kind: CommentKind::Normal,
            text: t.to_owned(),
        });
        let in_variation = self
            .tree
            .as_ref()
            .is_some_and(|t| t.current() != LineId::MAIN);
        let Some(line) = self.current() else {
            self.head.start_comments.push(comment);
            return Ok(());
        };
        if let Some(end) = &mut line.end {
            end.comments.push(comment);
        } else if let Some(last) = line.moves.last_mut() {
            last.comments.push(comment);
        } else if !in_variation {
            self.head.start_comments.push(comment);
        } else {
            return Err(error(no, 1, RecordErrorKind::UnexpectedLine(excerpt(raw))));
        }
        Ok(())
    }

    fn moves(&mut self, no: usize, raw: &str) -> Result<(), RecordError> {
        self.begin()?;
        let chars: Vec<(usize, char)> = raw.char_indices().collect();
        let mut starts: Vec<usize> = Vec::new();
        for (i, &(_, c)) in chars.iter().enumerate() {
            if is_mark(c) {
                starts.push(i);
            }
        }
        for (k, &i) in starts.iter().enumerate() {
            let from = chars[i].0;
            let to = starts.get(k + 1).map_or(raw.len(), |&j| chars[j].0);
            self.one_move(no, i + 1, &raw[from..to])?;
        }
        Ok(())
    }

    fn one_move(&mut self, no: usize, col: usize, text: &str) -> Result<(), RecordError> {
        if self.current().is_some_and(|l| l.end.is_some()) {
            return Err(error(no, col, RecordErrorKind::MoveAfterEnd));
        }
        let (Some(pos), Some(tree)) = (&mut self.pos, &mut self.tree) else {
            return Err(error(
                no,
                col,
                RecordErrorKind::UnexpectedLine(excerpt(text)),
            ));
        };
        let current = tree.current();
        let ply = tree.next_ply(current);
        let m = japanese::parse(pos, text, self.previous).map_err(|e| match e {
            JapaneseError::Syntax { column, .. } => error(
                no,
                col + column - 1,
                RecordErrorKind::BadMoveText(excerpt(trim(text))),
            ),
            JapaneseError::NoPreviousMove { column } => error(
                no,
                col + column - 1,
                RecordErrorKind::BadMoveText(excerpt(trim(text))),
            ),
            JapaneseError::WrongSide { .. } => {
                error(no, col, RecordErrorKind::BadMoveText(excerpt(trim(text))))
            }
            JapaneseError::Illegal(e) => error(
                no,
                col,
                RecordErrorKind::IllegalMove {
                    ply,
                    reason: e.reason,
                },
            ),
            JapaneseError::Ambiguous { .. } => {
                error(no, col, RecordErrorKind::AmbiguousMove { ply })
            }
            _ => error(no, col, RecordErrorKind::NoSuchMove { ply }),
        })?;
        let limits = self.limits;
        tree.push(current, RecordMove::new(m), pos)
            .map_err(|e| error(no, col, e.kind(ply, &limits)))?;
        pos.play_unchecked(m);
        self.previous = Some(m);
        Ok(())
    }

    fn summary(&mut self, no: usize, rest: &str, raw: &str) -> Result<(), RecordError> {
        self.begin()?;
        let unexpected = || error(no, 1, RecordErrorKind::UnexpectedLine(excerpt(raw)));
        let digits_end = rest
            .char_indices()
            .find(|&(_, c)| !(c.is_ascii_digit() || ('０'..='９').contains(&c)))
            .map_or(rest.len(), |(i, _)| i);
        let _count = parse_number(&rest[..digits_end]).ok_or_else(unexpected)?;
        let words = rest[digits_end..]
            .strip_prefix('手')
            .ok_or_else(unexpected)?;
        let words = trim(words.strip_prefix('で').unwrap_or(words));
        let to_move = self.pos.as_ref().map_or(Color::Sente, Position::turn);
        let special = summary_special(words, to_move).ok_or_else(unexpected)?;
        let line = self.current().ok_or_else(unexpected)?;
        if line.end.is_some() {
            return Err(unexpected());
        }
        line.end = Some(LineEnd {
            special,
            time: None,
            comments: Vec::new(),
        });
        Ok(())
    }

    fn variation(&mut self, no: usize, n: u32) -> Result<(), RecordError> {
        self.begin()?;
        let limits = self.limits;
        let Some(tree) = self.tree.as_mut() else {
            return Err(error(no, 1, RecordErrorKind::BadVariation(n)));
        };
        let id = tree
            .branch_at_ply(n)
            .map_err(|e| error(no, 1, e.kind(n, &limits)))?;
        let (pos, previous) = tree.position_before(id, 0);
        self.pos = Some(pos);
        self.previous = previous;
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

    fn line(&mut self, no: usize, raw: &str) -> Result<(), RecordError> {
        let t = trim(raw);
        let unexpected = || error(no, 1, RecordErrorKind::UnexpectedLine(excerpt(raw)));
        let Some(first) = t.chars().next() else {
            return Ok(());
        };
        if first == '#' {
            return Ok(());
        }
        if first == '*' || first == '&' {
            // A comment keeps the spaces at its end.
            return self.comment(no, raw.trim_start_matches(is_space), raw);
        }
        if is_mark(first) {
            return self.moves(no, raw);
        }
        if let Some(rest) = t.strip_prefix("まで") {
            return self.summary(no, rest, raw);
        }
        if let Some(rest) = t.strip_prefix("変化") {
            let n = parse_number(variation_digits(rest.trim_start_matches(['：', ':'])))
                .filter(|n| *n != Ok(0))
                .ok_or_else(unexpected)?
                .map_err(|kind| error(no, 1, kind))?;
            return self.variation(no, n);
        }
        if self
            .head
            .diagram
            .read_line(Format::Ki2, no, raw, self.tree.is_none())?
        {
            return Ok(());
        }
        if let Some((name, value, value_column)) = header_line(raw) {
            if !name.contains(is_space) {
                let header = (name, value, value_column);
                return self.head.header(Format::Ki2, no, header, &self.limits);
            }
        }
        Err(unexpected())
    }

    fn finish(mut self) -> Result<GameRecord, RecordError> {
        self.begin()?;
        let tree = self
            .tree
            .take()
            .ok_or_else(|| error(0, 0, RecordErrorKind::UnknownFormat))?;
        Ok(self.head.into_record(tree))
    }
}

// ---------------------------------------------------------------------------
// Writing

/// Moves on one line.
const MOVES_PER_LINE: usize = 6;
/// The width of a move's cell.
const CELL: usize = 12;

struct Writer {
    names: [&'static str; 2],
}

impl Writer {
    /// Writes the moves of `line` from `pos` (before its first move, ply
    /// `ply`), then its summary.
    fn line(
        &self,
        out: &mut String,
        line: &Line,
        pos: &Position,
        previous: Option<Move>,
        ply: u32,
    ) {
        let mut pos = pos.clone();
        let mut previous = previous;
        let mut on_line = 0;
        for m in &line.moves {
            let text = japanese::format(&pos, m.mv, previous, Mark::Triangle);
            if on_line > 0 {
                let last_width = out.rsplit('\n').next().map_or(0, width);
                let pad = (CELL * on_line).saturating_sub(last_width);
                out.extend(core::iter::repeat_n(' ', pad));
            }
            out.push_str(&text);
            on_line += 1;
            if on_line == MOVES_PER_LINE || !m.comments.is_empty() {
                out.push('\n');
                on_line = 0;
                write_comments(out, &m.comments);
            }
            pos.play_unchecked(m.mv);
            previous = Some(m.mv);
        }
        if on_line > 0 {
            out.push('\n');
        }
        if let Some(end) = &line.end {
            let plies = ply - 1 + line.moves.len() as u32;
            if let Some(words) = summary_words(end.special, pos.turn(), self.names) {
                let _ = writeln!(out, "まで{plies}手で{words}");
            }
            write_comments(out, &end.comments);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::text::header;
    use crate::record::{HeaderKey, SpecialMove};

    #[test]
    fn reads_glued_moves_comments_and_summary() {
        let text = "先手：a\n▲７六歩△３四歩▲２二角成\n*c\n△同　銀\nまで4手で後手の勝ち\n";
        let r = read(text).unwrap();
        assert_eq!(r.moves().len(), 4);
        assert_eq!(r.main.moves[2].comments[0].text, "c");
        assert_eq!(r.main.end.as_ref().unwrap().special, SpecialMove::Resign);
        assert_eq!(read(&write(&r)).unwrap(), r);
    }

    #[test]
    fn errors_have_line_and_column() {
        let err = read("▲７六歩 △３四歩\n▲２六歩 △８四歩 ▲５五角打\n").unwrap_err();
        assert_eq!((err.line, err.column), (2, 11));
        assert!(matches!(
            err.kind,
            RecordErrorKind::IllegalMove { ply: 5, .. }
        ));
        let err = read("後手の持駒：なし\nほげ\n").unwrap_err();
        assert!(matches!(err.kind, RecordErrorKind::UnexpectedLine(_)));
    }

    #[test]
    fn control_characters_in_headers_are_written_as_read() {
        let text = "開始日時：2014/10/12 1\u{7}4:47:55\n終了日時：\u{b}\u{b}1007/10/12\n\
                    先手：sen\0\0te\n▲７六歩    △３四歩\nまで2手で中断\n";
        let r = read(text).unwrap();
        assert_eq!(
            r.header(HeaderKey::StartTime),
            Some("2014/10/12 1\u{7}4:47:55")
        );
        assert_eq!(r.header(HeaderKey::EndTime), Some("\u{b}\u{b}1007/10/12"));
        assert_eq!(r.header(HeaderKey::Sente), Some("sen\0\0te"));
        let written = write(&r);
        assert!(written.contains("先手：sen\0\0te\n"), "{written:?}");
        assert_eq!(read(&written).unwrap(), r);
    }

    #[test]
    fn a_header_line_with_moves_after_it_round_trips() {
        // Everything after the colon is the value, moves included.
        let text = "開始`◇F囚2014：goG\0\0\0\0  △３四歩    まで3手で中断\n";
        let r = read(text).unwrap();
        assert!(r.moves().is_empty());
        assert_eq!(r.headers.len(), 1);
        assert_eq!(r.headers[0].name, "開始`◇F囚2014");
        assert_eq!(r.headers[0].value, "goG\0\0\0\0  △３四歩    まで3手で中断");
        assert_eq!(read(&write(&r)).unwrap(), r);
    }

    #[test]
    fn odd_header_keys_round_trip() {
        let text = "粧I了日志uuu}uuu5：20\u{5}4/10/12 14:47:55\n+：422\u{1}\0\u{0}2\n\
                    \u{80}\u{1}\0\u{80}：x\n▲７六歩\n";
        let r = read(text).unwrap();
        let names: Vec<&str> = r.headers.iter().map(|h| h.name.as_str()).collect();
        assert_eq!(names, ["粧I了日志uuu}uuu5", "+", "\u{80}\u{1}\0\u{80}"]);
        assert!(r.headers.iter().all(|h| h.key == HeaderKey::Other));
        assert_eq!(read(&write(&r)).unwrap(), r);
    }

    #[test]
    fn a_line_break_in_a_value_is_written_as_a_space() {
        let mut r = read("▲７六歩\n").unwrap();
        r.headers.push(header("棋戦", "a\nb\rc"));
        let written = write(&r);
        assert!(written.starts_with("棋戦：a b c\n"), "{written:?}");
    }

    #[test]
    fn never_panics_on_odd_text() {
        for text in [
            "▲",
            "変化：",
            "変化：0手",
            "まで",
            "まで手",
            "|",
            "| ・|",
            "先手の持駒：十十十十",
            "手数＝",
            "▲同",
            "▲７六歩\n変化：2手\n",
            "▲７六歩\n変化：1手\n*x",
            "：",
        ] {
            let _ = read(text);
        }
    }
}
