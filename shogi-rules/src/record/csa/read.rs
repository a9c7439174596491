//! Reading CSA text: the statements of each line, the header, the start
//! position, moves, times, comments and the ending.

use core::time::Duration;

use crate::notation::csa::{self as notation, CsaError, role_from_code};
use crate::record::text::{
    excerpt, header, header_line, marked_comment, numbered_lines, rule_header_key,
};
use crate::record::{
    Comment, CommentKind, Format, GameRecord, Header, HeaderKey, Limit, LineEnd, MoveTime,
    ReadLimits, RecordError, RecordErrorKind, RecordMove, SpecialMove, running_total,
    start_position,
};
use crate::{Color, Piece, Position, Role, Setup, Square};

use super::special_of_code;

/// The 1-based line of the first statement of each record of `text`, at
/// most `max` of them: a record is a run of statements between `/`
/// separators.
pub(super) fn record_starts(text: &str, max: usize) -> Vec<usize> {
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
pub(super) fn read_records(
    text: &str,
    limits: &ReadLimits,
) -> Result<Vec<GameRecord>, RecordError> {
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

pub(super) fn error(line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
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
pub(super) fn parse_seconds(s: &str) -> Option<Result<Duration, RecordErrorKind>> {
    let (whole, fraction) = s.split_once('.').unwrap_or((s, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !fraction.bytes().all(|b| b.is_ascii_digit()) || (s.contains('.') && fraction.is_empty()) {
        return None;
    }
    let too_large = RecordErrorKind::NumberTooLarge {
        max: super::super::MAX_TIME_SECONDS,
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
    Some(super::super::checked_time(Duration::new(secs, nanos)))
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
