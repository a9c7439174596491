//! JKF text from a [`Tree`]: a header object, the `HIRATE` preset, and the moves with times
//! (fields as large as the plan's numbers), comments, specials and nested `forks`, written
//! without recursion so that variations thousands deep cost no stack here.

use std::fmt::Write as _;

use shogi_rules::notation::csa::piece_code;
use shogi_rules::{Color, Move, Position, Square};

use super::{finish, kif, Plan, Tree, MAX_TEXT};

/// JKF `special` values.
pub const ENDINGS: [&str; 14] = [
    "TORYO",
    "CHUDAN",
    "SENNICHITE",
    "TIME_UP",
    "ILLEGAL_MOVE",
    "+ILLEGAL_ACTION",
    "-ILLEGAL_ACTION",
    "JISHOGI",
    "KACHI",
    "HIKIWAKE",
    "MATTA",
    "TSUMI",
    "FUZUMI",
    "ERROR",
];

fn json(s: &str) -> String {
    serde_json::to_string(s).expect("a string serializes")
}

fn square(sq: Square) -> String {
    format!("{{\"x\":{},\"y\":{}}}", sq.file(), sq.rank())
}

fn move_object(out: &mut String, pos: &Position, m: Move, previous: Option<Move>) {
    let color = u8::from(pos.turn() == Color::Gote);
    let _ = write!(out, "{{\"color\":{color},");
    if let Some(from) = m.from() {
        let _ = write!(out, "\"from\":{},", square(from));
    }
    let _ = write!(
        out,
        "\"to\":{},\"piece\":\"{}\"",
        square(m.to()),
        piece_code(m.role())
    );
    if m.is_promotion() {
        out.push_str(",\"promote\":true");
    }
    if let Some(captured) = m.capture() {
        let _ = write!(out, ",\"capture\":\"{}\"", piece_code(captured));
    }
    if previous.is_some_and(|p| p.to() == m.to()) {
        out.push_str(",\"same\":true");
    }
    out.push('}');
}

struct Frame {
    line: usize,
    index: usize,
    /// Forks of the current move written so far, once the move is open.
    forks: Option<usize>,
    positions: Vec<(Position, Option<Move>)>,
}

/// JKF text for `plan`.
pub fn text(plan: &Plan) -> String {
    let tree = Tree::build(plan);
    let children = tree.children();
    let mut out = String::from("{\"header\":{");
    for (i, (key, value)) in tree.headers.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let key = kif::HEADER_KEYS[usize::from(*key) % kif::HEADER_KEYS.len()];
        let _ = write!(out, "{}:{}", json(key), json(value));
        if out.len() > MAX_TEXT {
            break;
        }
    }
    out.push_str("},\"initial\":{\"preset\":\"HIRATE\"},\"moves\":[{");
    if !tree.start_comments.is_empty() {
        let comments: Vec<String> = tree.start_comments.iter().map(|c| json(c)).collect();
        let _ = write!(out, "\"comments\":[{}]", comments.join(","));
    }
    out.push('}');
    let frame = |line: usize| Frame {
        line,
        index: 0,
        forks: None,
        positions: tree.lines[line].positions(),
    };
    let mut stack = vec![frame(0)];
    while let Some(top) = stack.last_mut() {
        if out.len() > MAX_TEXT {
            break;
        }
        let line = &tree.lines[top.line];
        let comma = top.line == 0 || top.index > 0;
        match top.forks {
            None if top.index == line.nodes.len() => {
                if let Some(end) = ENDINGS.get(usize::from(line.ending)) {
                    if comma {
                        out.push(',');
                    }
                    let _ = write!(out, "{{\"special\":\"{end}\"}}");
                }
                out.push(']');
                stack.pop();
                if let Some(parent) = stack.last_mut() {
                    parent.forks = parent.forks.map(|f| f + 1);
                }
            }
            None => {
                let node = &line.nodes[top.index];
                let (pos, previous) = &top.positions[top.index];
                if comma {
                    out.push(',');
                }
                out.push_str("{\"move\":");
                move_object(&mut out, pos, node.mv, *previous);
                if let Some((used, total)) = node.time {
                    let (used, total) = (used.value(), total.value());
                    let _ = write!(
                        out,
                        ",\"time\":{{\"now\":{{\"m\":{},\"s\":{}}},\"total\":{{\"h\":{total},\"m\":{},\"s\":{}}}}}",
                        used / 60,
                        used % 60,
                        total / 60 % 60,
                        total % 60
                    );
                }
                if !node.comments.is_empty() {
                    let comments: Vec<String> = node.comments.iter().map(|c| json(c)).collect();
                    let _ = write!(out, ",\"comments\":[{}]", comments.join(","));
                }
                if children[top.line][top.index].is_empty() {
                    out.push('}');
                    top.index += 1;
                } else {
                    out.push_str(",\"forks\":[");
                    top.forks = Some(0);
                }
            }
            Some(f) => {
                let kids = &children[top.line][top.index];
                if f < kids.len() {
                    if f > 0 {
                        out.push(',');
                    }
                    out.push('[');
                    let child = kids[f];
                    stack.push(frame(child));
                } else {
                    out.push_str("]}");
                    top.forks = None;
                    top.index += 1;
                }
            }
        }
    }
    out.push('}');
    finish(out, &tree.inserts)
}
