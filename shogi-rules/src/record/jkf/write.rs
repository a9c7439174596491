//! Writing JKF as a stream of text: the lines of play are walked with a
//! stack of their own, each entry written as it is met; values of a fixed
//! shape go through serde_json with the layout below.

use std::collections::HashSet;

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use super::initial::Initial;
use super::{Clock, Consumption, LineState, Place, SPECIALS, json_error};
use crate::notation::csa::piece_code;
use crate::notation::had_promotion_choice;
use crate::notation::japanese::{Motion, Relative, disambiguation};
use crate::record::running_total;
use crate::record::text::canonical_name;
use crate::record::{
    Comment, CommentKind, GameRecord, Header, LineId, MoveTime, RecordError, RecordMove,
    SpecialMove,
};
use crate::{Color, Move, Position, Square};

/// Writes the record as JKF (see the [module documentation](crate::record::jkf)):
/// an element of an array a line, objects on one line, indentation capped
/// at eight levels, so that the text stays proportional to the record's
/// size whatever the nesting. Variations of any depth are written, without
/// recursion.
///
/// # Errors
/// None in practice: the signature leaves room for a failure to format a
/// value, reported as [`crate::record::RecordErrorKind::Json`].
pub fn write(record: &GameRecord) -> Result<String, RecordError> {
    let mut out: Vec<u8> = Vec::with_capacity(256 + 96 * record.main.moves.len());
    out.extend_from_slice(b"{\"header\": ");
    leaf(&mut out, 0, &HeadersOut::of(&record.headers))?;
    out.extend_from_slice(b", \"initial\": ");
    leaf(&mut out, 0, &Initial::of(&record.start))?;
    out.extend_from_slice(b", \"moves\": [");
    new_line(&mut out, 1);
    leaf(
        &mut out,
        1,
        &EntryOut {
            comments: comments_out(&record.start_comments),
            ..EntryOut::default()
        },
    )?;
    write_lines(record, &mut out)?;
    // `moves` always has the start's entry: its `]` goes on a line.
    new_line(&mut out, 0);
    out.extend_from_slice(b"]}\n");
    String::from_utf8(out).map_err(|e| json_error(e.to_string()))
}

/// A line of play being written.
struct Frame<'a> {
    id: LineId,
    moves: &'a [RecordMove],
    /// The index of the next move to write.
    index: usize,
    state: LineState,
    /// How many arrays hold its entries: 1 for `moves`, 2 more a fork level.
    level: usize,
    /// The variations of the move just written, still to write, and the
    /// state before that move they start from.
    forks: Option<Forks>,
}

struct Forks {
    ids: Vec<LineId>,
    next: usize,
    before: LineState,
}

/// Writes the entries of the main line after the start's entry, and the
/// forks of every move in place, with a stack of lines.
fn write_lines(record: &GameRecord, out: &mut Vec<u8>) -> Result<(), RecordError> {
    let mut stack = vec![Frame {
        id: LineId::MAIN,
        moves: &record.main.moves,
        index: 0,
        state: LineState::start(record.start.clone()),
        level: 1,
        forks: None,
    }];
    while let Some(top) = stack.last_mut() {
        if let Some(forks) = &mut top.forks {
            let forks_level = top.level + 1;
            let Some(&id) = forks.ids.get(forks.next) else {
                // The end of the `forks` array and of the entry.
                new_line(out, top.level);
                out.extend_from_slice(b"]}");
                top.forks = None;
                continue;
            };
            if forks.next > 0 {
                out.push(b',');
            }
            new_line(out, forks_level);
            out.push(b'[');
            forks.next += 1;
            let state = forks.before.clone();
            let level = forks_level + 1;
            let moves = record.line(id).map_or(&[][..], |l| l.moves.as_slice());
            stack.push(Frame {
                id,
                moves,
                index: 0,
                state,
                level,
                forks: None,
            });
            continue;
        }
        let first = top.index == 0 && top.id != LineId::MAIN;
        let Some(rm) = top.moves.get(top.index) else {
            // The line's ending, then the end of its array (for a fork).
            let end = record.line(top.id).and_then(|l| l.end.as_ref());
            if let Some(end) = end {
                if !first {
                    out.push(b',');
                }
                new_line(out, top.level);
                let to_move = top.state.pos.turn();
                let time = time_out(end.time.as_ref(), &mut top.state.clone());
                leaf(
                    out,
                    top.level,
                    &EntryOut {
                        comments: comments_out(&end.comments),
                        time,
                        special: Some(special_text(end.special, to_move)),
                        ..EntryOut::default()
                    },
                )?;
            }
            if top.id != LineId::MAIN {
                if !first || end.is_some() {
                    new_line(out, top.level.saturating_sub(1));
                }
                out.push(b']');
            }
            stack.pop();
            continue;
        };
        if !first {
            out.push(b',');
        }
        new_line(out, top.level);
        let ids: Vec<LineId> = record.variations(top.id, top.index).collect();
        let before = (!ids.is_empty()).then(|| top.state.clone());
        let state = &mut top.state;
        let entry = EntryOut {
            comments: comments_out(&rm.comments),
            mv: Some(move_out(state, rm.mv)),
            time: time_out(rm.time.as_ref(), state),
            special: None,
        };
        leaf(out, top.level, &entry)?;
        state.play(rm.mv);
        top.index += 1;
        if let Some(before) = before {
            // Reopen the entry for its forks.
            if out.last() == Some(&b'}') {
                out.pop();
            }
            out.extend_from_slice(b", \"forks\": [");
            top.forks = Some(Forks {
                ids,
                next: 0,
                before,
            });
        }
    }
    Ok(())
}

/// Starts a line of the text indented for `level` arrays (at most
/// [`Layout::MAX_LEVELS`]).
fn new_line(out: &mut Vec<u8>, level: usize) {
    out.push(b'\n');
    for _ in 0..level.min(Layout::MAX_LEVELS) {
        out.extend_from_slice(b"  ");
    }
}

/// Writes `value` as it would be written `level` arrays deep.
fn leaf<T: Serialize + ?Sized>(
    out: &mut Vec<u8>,
    level: usize,
    value: &T,
) -> Result<(), RecordError> {
    let mut serializer = serde_json::Serializer::with_formatter(
        out,
        Layout {
            level,
            had_element: false,
        },
    );
    value
        .serialize(&mut serializer)
        .map_err(|e| json_error(e.to_string()))
}

/// The layout of written JKF: each element of an array on a line of its
/// own, indented two spaces a level up to [`Layout::MAX_LEVELS`] levels and
/// no deeper, and each object on one line (`{"x": 7, "y": 6}`). A move is
/// one line, whatever its forks hold, and the text stays proportional to
/// the record whatever the nesting.
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
        self.level = self.level.saturating_sub(1);
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

/// The headers, each name once with its first value.
struct HeadersOut<'a>(Vec<(&'a str, &'a str)>);

impl<'a> HeadersOut<'a> {
    fn of(headers: &'a [Header]) -> HeadersOut<'a> {
        let mut seen = HashSet::with_capacity(headers.len());
        let pairs = headers
            .iter()
            .map(|h| (canonical_name(h), h.value.as_str()))
            .filter(|&(name, _)| seen.insert(name))
            .collect();
        HeadersOut(pairs)
    }
}

impl Serialize for HeadersOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// One element of `moves` or of a fork, without its forks (written after
/// it, in place of its closing brace).
#[derive(Default, Serialize)]
struct EntryOut<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    comments: Option<CommentsOut<'a>>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<MoveOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time: Option<Consumption>,
    #[serde(skip_serializing_if = "Option::is_none")]
    special: Option<&'static str>,
}

/// Comments, an engine comment written `*…` and a bookmark `&…`.
struct CommentsOut<'a>(&'a [Comment]);

impl Serialize for CommentsOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for c in self.0 {
            match c.kind {
                CommentKind::Normal => seq.serialize_element(&c.text)?,
                CommentKind::Engine => seq.serialize_element(&Prefixed('*', &c.text))?,
                CommentKind::Bookmark => seq.serialize_element(&Prefixed('&', &c.text))?,
            }
        }
        seq.end()
    }
}

/// A string written as `prefix` followed by the text.
struct Prefixed<'a>(char, &'a str);

impl Serialize for Prefixed<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{}{}", self.0, self.1))
    }
}

fn comments_out(comments: &[Comment]) -> Option<CommentsOut<'_>> {
    (!comments.is_empty()).then_some(CommentsOut(comments))
}

/// A `move` object, as written.
#[derive(Serialize)]
struct MoveOut {
    color: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<Place>,
    to: Place,
    piece: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    same: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    promote: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    capture: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    relative: Option<RelativeCode>,
}

fn move_out(state: &LineState, m: Move) -> MoveOut {
    let pos = &state.pos;
    let color = pos.turn();
    let place = |sq: Square| Place {
        x: sq.file(),
        y: sq.rank(),
    };
    MoveOut {
        color: color.index() as u8,
        from: m.from().map(place),
        to: place(m.to()),
        piece: piece_code(m.role()),
        same: state
            .previous
            .is_some_and(|p| p.to() == m.to())
            .then_some(true),
        promote: had_promotion_choice(color, m).then_some(m.is_promotion()),
        capture: m.capture().map(piece_code),
        relative: relative_code(pos, m),
    }
}

/// The `relative` letters of a move: at most three of `L`, `C`, `R`, then
/// `U`, `M`, `D`, then `H`.
struct RelativeCode {
    letters: [u8; 3],
    len: usize,
}

impl RelativeCode {
    fn push(&mut self, c: u8) {
        if let Some(slot) = self.letters.get_mut(self.len) {
            *slot = c;
            self.len += 1;
        }
    }

    fn as_str(&self) -> &str {
        let letters = self.letters.get(..self.len).unwrap_or_default();
        core::str::from_utf8(letters).unwrap_or_default()
    }
}

impl Serialize for RelativeCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

fn relative_code(pos: &Position, m: Move) -> Option<RelativeCode> {
    let d = disambiguation(pos, m);
    if d.is_empty() {
        return None;
    }
    let mut code = RelativeCode {
        letters: [0; 3],
        len: 0,
    };
    if let Some(r) = d.relative {
        code.push(match r {
            Relative::Left => b'L',
            Relative::Straight => b'C',
            Relative::Right => b'R',
        });
    }
    if let Some(motion) = d.motion {
        code.push(match motion {
            Motion::Up => b'U',
            Motion::Sideways => b'M',
            Motion::Down => b'D',
        });
    }
    if d.drop {
        code.push(b'H');
    }
    Some(code)
}

fn clock(d: core::time::Duration, with_hours: bool) -> Clock {
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

/// The schema value for an ending (see the module documentation for the
/// endings the schema lacks).
pub(super) fn special_text(special: SpecialMove, to_move: Color) -> &'static str {
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
