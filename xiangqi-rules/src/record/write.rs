//! Writing PGN: tags, then the move text in a chosen notation, the tree
//! walked with an explicit stack.

use core::fmt::Write as _;

use super::{GameRecord, NodeId};
use crate::notation::Notation;
use crate::{Color, Position};

/// The longest line of move text the writer makes (longer tokens stand
/// alone on their line).
const LINE_WIDTH: usize = 80;

/// Text of move text, wrapped at [`LINE_WIDTH`] characters.
struct Wrapped {
    out: String,
    column: usize,
}

impl Wrapped {
    fn word(&mut self, word: &str) {
        let len = word.chars().count();
        if self.column > 0 && self.column + 1 + len > LINE_WIDTH {
            self.out.push('\n');
            self.column = 0;
        }
        if self.column > 0 && !self.out.ends_with('(') {
            self.out.push(' ');
            self.column += 1;
        }
        self.out.push_str(word);
        self.column += len;
    }

    /// A comment: `{text}`, or `; text` and a line break when the text
    /// holds a `}` (which only a `;` comment, without a line break, can).
    fn comment(&mut self, text: &str) {
        if text.contains('}') && !text.contains('\n') {
            self.word(&format!("; {text}"));
            self.out.push('\n');
            self.column = 0;
        } else {
            self.word(&format!("{{{}}}", text.replace('}', ")")));
        }
    }

    /// A word written right after the previous one (`)`).
    fn close(&mut self) {
        self.out.push(')');
        self.column += 1;
    }
}

/// What the writer does next.
enum Task {
    /// Write the move `node`, played from `pos`; `number` forces the move
    /// number before a Black move.
    Move {
        node: NodeId,
        pos: Position,
        number: bool,
    },
    /// Open a variation.
    Open,
    /// Close a variation.
    Close,
}

/// One game in PGN with its moves in `notation`: the tags in their order
/// (with `[Format]` set to the notation: `ICCS`, `UCI`, `WXF` or
/// `Chinese`, and a `[FEN]` tag added if the start is not the standard one
/// and the record has none), a blank line, the move text with comments and
/// variations, and the result.
#[must_use]
pub fn write_pgn(record: &GameRecord, notation: Notation) -> String {
    let mut out = String::new();
    let mut tags = record.tags.clone();
    let format = GameRecord::format_tag(notation);
    match tags.iter_mut().find(|(n, _)| n == "Format") {
        Some(tag) => tag.1 = format.to_owned(),
        None => tags.push(("Format".to_owned(), format.to_owned())),
    }
    if !record.start.same_position(&Position::startpos())
        && !tags.iter().any(|(n, _)| n.eq_ignore_ascii_case("FEN"))
    {
        tags.push(("FEN".to_owned(), record.start.to_fen()));
    }
    for (name, value) in &tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{value}\"]");
    }
    out.push('\n');
    let mut text = Wrapped {
        out: String::new(),
        column: 0,
    };
    let comment = |text: &mut Wrapped, c: &str| text.comment(c);
    for c in &record.nodes[0].comments {
        comment(&mut text, c);
    }
    let mut tasks = Vec::new();
    if let Some(&first) = record.nodes[0].children.first() {
        tasks.push(Task::Move {
            node: first,
            pos: record.start.clone(),
            number: true,
        });
    }
    while let Some(task) = tasks.pop() {
        let (id, pos, number) = match task {
            Task::Open => {
                text.word("(");
                continue;
            }
            Task::Close => {
                text.close();
                continue;
            }
            Task::Move { node, pos, number } => (node, pos, number),
        };
        let node = &record.nodes[id.0];
        let Some(m) = node.mv else { continue };
        for c in &node.comments_before {
            comment(&mut text, c);
        }
        let n = pos.fullmove_number();
        match pos.turn() {
            Color::Red => text.word(&format!("{n}.")),
            Color::Black if number || !node.comments_before.is_empty() => {
                text.word(&format!("{n}..."));
            }
            Color::Black => {}
        }
        text.word(&notation.format(&pos, m));
        for c in &node.comments {
            comment(&mut text, c);
        }
        let parent = &record.nodes[node.parent];
        let siblings: &[NodeId] = match parent.children.split_first() {
            Some((&main, rest)) if main == id => rest,
            _ => &[],
        };
        let mut after = pos.clone();
        after.play_unchecked(m);
        if let Some(&next) = node.children.first() {
            tasks.push(Task::Move {
                node: next,
                pos: after,
                number: !siblings.is_empty() || !node.comments.is_empty(),
            });
        }
        for &sibling in siblings.iter().rev() {
            tasks.push(Task::Close);
            tasks.push(Task::Move {
                node: sibling,
                pos: pos.clone(),
                number: true,
            });
            tasks.push(Task::Open);
        }
    }
    text.word(record.result.as_str());
    out.push_str(&text.out);
    out.push('\n');
    out
}

/// Several games, each as [`write_pgn`] writes it, separated by a blank
/// line.
#[must_use]
pub fn write_pgn_all(records: &[GameRecord], notation: Notation) -> String {
    records
        .iter()
        .map(|r| write_pgn(r, notation))
        .collect::<Vec<_>>()
        .join("\n")
}
