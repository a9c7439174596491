//! KIF text from a [`Tree`]: headers, an optional start diagram with `手数＝N`, numbered move
//! lines with `( m:ss/h:mm:ss)` times (fields as large as the plan's numbers), `*` comments,
//! ending words, and `変化：N手` blocks in the order the tree was built.

use std::fmt::Write as _;

use shogi_rules::notation::japanese;

use super::{finish, Line, Plan, Tree, MAX_TEXT};

/// Header keys a plan picks from (`手合割` is left out: a wrong value rejects the record).
pub const HEADER_KEYS: [&str; 12] = [
    "開始日時",
    "終了日時",
    "棋戦",
    "場所",
    "持ち時間",
    "秒読み",
    "先手",
    "後手",
    "表題",
    "戦型",
    "備考",
    "x",
];

/// KIF ending words.
pub const ENDINGS: [&str; 17] = [
    "投了",
    "中断",
    "千日手",
    "持将棋",
    "切れ負け",
    "反則勝ち",
    "反則負け",
    "入玉勝ち",
    "詰み",
    "不詰",
    "封じ手",
    "不戦勝",
    "不戦敗",
    "引き分け",
    "最大手数",
    "待った",
    "エラー",
];

/// The start position as a BOD diagram, without its move number.
pub const START_DIAGRAM: &str = "後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v香v桂v銀v金v玉v金v銀v桂v香|一
| ・v飛 ・ ・ ・ ・ ・v角 ・|二
|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七
| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八
| 香 桂 銀 金 玉 金 銀 桂 香|九
+---------------------------+
先手の持駒：なし
";

/// Headers, the diagram when the tree has a start number, and start comments: the part
/// before the first move that KIF and KI2 share.
pub fn preamble(out: &mut String, tree: &Tree) {
    for (key, value) in &tree.headers {
        let key = HEADER_KEYS[usize::from(*key) % HEADER_KEYS.len()];
        let _ = writeln!(out, "{key}：{value}");
        if out.len() > MAX_TEXT {
            return;
        }
    }
    if let Some(n) = tree.start_number {
        out.push_str(START_DIAGRAM);
        let _ = writeln!(out, "手数＝{}", n.value());
    }
}

fn comments(out: &mut String, comments: &[String]) {
    for c in comments {
        out.push('*');
        out.push_str(c);
        out.push('\n');
    }
}

fn line(out: &mut String, line: &Line, forks: &[Vec<usize>]) {
    let mut previous = line.previous;
    let mut ply = line.first_ply;
    for (i, n) in line.nodes.iter().enumerate() {
        let number = n.number.map_or(ply, |n| n.value());
        let text = japanese::format_kif(n.mv, previous);
        let _ = write!(out, "{number:>4} {text}   ");
        if let Some((used, total)) = n.time {
            let (used, total) = (used.value(), total.value());
            let _ = write!(
                out,
                "({:>2}:{:02}/{:02}:{:02}:{:02})",
                used / 60,
                used % 60,
                total,
                total / 60 % 60,
                total % 60
            );
        }
        if !forks[i].is_empty() {
            out.push('+');
        }
        out.push('\n');
        comments(out, &n.comments);
        previous = Some(n.mv);
        ply = ply.saturating_add(1);
        if out.len() > MAX_TEXT {
            return;
        }
    }
    if let Some(word) = ENDINGS.get(usize::from(line.ending)) {
        let _ = writeln!(out, "{ply:>4} {word}");
    }
}

/// KIF text for `plan`.
pub fn text(plan: &Plan) -> String {
    let tree = Tree::build(plan);
    let children = tree.children();
    let mut out = String::new();
    preamble(&mut out, &tree);
    out.push_str("手数----指手---------消費時間--\n");
    comments(&mut out, &tree.start_comments);
    for (id, l) in tree.lines.iter().enumerate() {
        if out.len() > MAX_TEXT {
            break;
        }
        if id > 0 {
            let _ = write!(out, "\n変化：{}手\n", l.first_ply);
        }
        line(&mut out, l, &children[id]);
    }
    finish(out, &tree.inserts)
}
