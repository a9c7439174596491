//! CSA text from a [`Tree`]'s main line (CSA has no variations): `N+`/`N-` and `$` headers,
//! `'` comments, `PI`, moves with `T` times as large as the plan's numbers (`T18446744073709551615`),
//! `'*` comments, a `%` ending, each statement on its own line or all of them on one line
//! joined by `,`.

use std::fmt::Write as _;

use shogi_rules::notation::csa;

use super::{finish, Plan, Tree, MAX_TEXT};

/// `$` header keys a plan picks from, after `N+` and `N-`.
pub const HEADER_KEYS: [&str; 8] = [
    "EVENT",
    "SITE",
    "START_TIME",
    "END_TIME",
    "TIME_LIMIT",
    "OPENING",
    "TIME",
    "NOTE",
];

/// `%` endings.
pub const ENDINGS: [&str; 16] = [
    "%TORYO",
    "%CHUDAN",
    "%SENNICHITE",
    "%JISHOGI",
    "%TIME_UP",
    "%ILLEGAL_MOVE",
    "%+ILLEGAL_ACTION",
    "%-ILLEGAL_ACTION",
    "%KACHI",
    "%HIKIWAKE",
    "%TSUMI",
    "%FUZUMI",
    "%MAX_MOVES",
    "%MATTA",
    "%ERROR",
    "%OUTE_SENNICHITE",
];

/// CSA text for `plan`.
pub fn text(plan: &Plan) -> String {
    let tree = Tree::build(plan);
    let mut out = String::from("V2.2\n");
    let mut names = [false; 2];
    for (key, value) in &tree.headers {
        let k = usize::from(*key) % (HEADER_KEYS.len() + 2);
        if k < 2 && !names[k] {
            names[k] = true;
            let _ = writeln!(out, "N{}{value}", if k == 0 { '+' } else { '-' });
        } else {
            let key = HEADER_KEYS[k.saturating_sub(2) % HEADER_KEYS.len()];
            let _ = writeln!(out, "${key}:{value}");
        }
        if out.len() > MAX_TEXT {
            break;
        }
    }
    for c in &tree.start_comments {
        let _ = writeln!(out, "'{c}");
    }
    out.push_str("PI\n+\n");
    let separator = if tree.one_line { ',' } else { '\n' };
    let main = &tree.lines[0];
    let mut statements = Vec::new();
    for ((pos, _), n) in main.positions().iter().zip(&main.nodes) {
        statements.push(csa::format(pos, n.mv));
        if let Some((used, fraction)) = n.time {
            match fraction.value() {
                0 => statements.push(format!("T{}", used.value())),
                f => statements.push(format!("T{}.{}", used.value(), f)),
            }
        }
        for c in &n.comments {
            statements.push(format!("'*{c}"));
        }
        if statements.len() > 200_000 {
            break;
        }
    }
    if let Some(end) = ENDINGS.get(usize::from(main.ending)) {
        statements.push((*end).to_string());
    }
    for (i, s) in statements.iter().enumerate() {
        if out.len() > MAX_TEXT {
            break;
        }
        // A comment takes the rest of its line: the next statement starts a new one.
        let sep = if i == 0 || statements[i - 1].starts_with('\'') {
            '\n'
        } else {
            separator
        };
        if i > 0 {
            out.push(sep);
        }
        out.push_str(s);
    }
    out.push('\n');
    finish(out, &tree.inserts)
}
