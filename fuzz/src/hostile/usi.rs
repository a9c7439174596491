//! USI text from a [`Tree`]'s main line: `position startpos moves …` or, with a start move
//! number (as large as the plan's number), `position sfen … N moves …`, with one line holding
//! every move (thousands of them) and, with the one-line switch, runs of spaces and tabs
//! between words.

use std::fmt::Write as _;

use super::{finish, Plan, Tree, MAX_TEXT};

/// USI text for `plan`.
pub fn text(plan: &Plan) -> String {
    let tree = Tree::build(plan);
    let sep = if tree.one_line { " \t " } else { " " };
    let mut out = String::from("position");
    out.push_str(sep);
    match tree.start_number {
        Some(n) => {
            let _ = write!(
                out,
                "sfen{sep}lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL{sep}b{sep}-{sep}{}",
                n.value()
            );
        }
        None => out.push_str("startpos"),
    }
    let main = &tree.lines[0];
    if !main.nodes.is_empty() {
        out.push_str(sep);
        out.push_str("moves");
        for n in &main.nodes {
            out.push_str(sep);
            let _ = write!(out, "{}", n.mv);
            if out.len() > MAX_TEXT {
                break;
            }
        }
    }
    out.push('\n');
    finish(out, &tree.inserts)
}
