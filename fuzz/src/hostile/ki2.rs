//! KI2 text from a [`Tree`]: the KIF preamble, moves in Japanese notation with side marks (six
//! per line, or all on one line), `*` comments, `まで…` summaries, and `変化：N手` blocks in
//! the order the tree was built.

use std::fmt::Write as _;

use shogi_rules::notation::japanese::{self, Mark};

use super::{finish, kif, Line, Plan, Tree, MAX_TEXT};

/// Words after `までN手で`.
pub const ENDINGS: [&str; 15] = [
    "先手の勝ち",
    "後手の勝ち",
    "中断",
    "千日手",
    "持将棋",
    "詰み",
    "不詰",
    "封じ手",
    "時間切れにより先手の勝ち",
    "後手の反則勝ち",
    "先手の反則負け",
    "先手の入玉勝ち",
    "引き分け",
    "最大手数",
    "後手の不戦勝",
];

fn line(out: &mut String, line: &Line, one_line: bool) {
    let mut in_row = 0;
    for ((pos, previous), n) in line.positions().iter().zip(&line.nodes) {
        let text = japanese::format(pos, n.mv, *previous, Mark::Triangle);
        let _ = write!(out, "{text:<8}");
        in_row += 1;
        if !n.comments.is_empty() || (!one_line && in_row == 6) {
            out.push('\n');
            in_row = 0;
            for c in &n.comments {
                out.push('*');
                out.push_str(c);
                out.push('\n');
            }
        }
        if out.len() > MAX_TEXT {
            return;
        }
    }
    if in_row > 0 {
        out.push('\n');
    }
    if let Some(words) = ENDINGS.get(usize::from(line.ending)) {
        let plies = (line.first_ply - 1).saturating_add(line.nodes.len() as u64);
        let plies = line
            .nodes
            .last()
            .and_then(|n| n.number)
            .map_or(plies, |n| n.value());
        let _ = writeln!(out, "まで{plies}手で{words}");
    }
}

/// KI2 text for `plan`.
pub fn text(plan: &Plan) -> String {
    let tree = Tree::build(plan);
    let mut out = String::new();
    kif::preamble(&mut out, &tree);
    for c in &tree.start_comments {
        out.push('*');
        out.push_str(c);
        out.push('\n');
    }
    for (id, l) in tree.lines.iter().enumerate() {
        if out.len() > MAX_TEXT {
            break;
        }
        if id > 0 {
            let _ = write!(out, "\n変化：{}手\n", l.first_ply);
        }
        line(&mut out, l, tree.one_line);
    }
    finish(out, &tree.inserts)
}
