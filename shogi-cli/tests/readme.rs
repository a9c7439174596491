//! Every `shogi` command line of README.md, run as written.
//!
//! The ```sh blocks of README.md are read, and each line
//! `cargo run --release -p shogi-cli [-- ARGS]` is run as the built binary
//! with ARGS, in README order, from a scratch directory holding a copy of
//! the repository's `tests/data` (so the paths the README uses resolve, and
//! the files the commands write, `game.csa` and the like, land there). Each
//! line has its expected exit status and output below; a README line
//! without an entry, or an entry no README line uses, fails the test, so the
//! two stay in step.

mod common;

use std::path::Path;
use std::process::Output;

use common::*;

/// What a README command line must do.
struct Expected {
    /// The arguments as the README writes them after `--` (empty: none).
    line: &'static str,
    /// The exit status.
    status: i32,
    /// Texts standard output (or the file it is redirected to) holds.
    output: &'static [&'static str],
    /// Files the command writes, relative to the directory it runs in.
    writes: &'static [&'static str],
}

/// The expectations of every README command line, in README order.
const EXPECTED: &[Expected] = &[
    Expected {
        line: "",
        status: 0,
        output: &[
            "sample.kif: KIF record (Shift_JIS)\n",
            "   1 sente 2g2f   ▲２六歩\n",
            "the stated result and the rules agree\n",
        ],
        writes: &[],
    },
    Expected {
        line: "perft startpos 5",
        status: 0,
        output: &["19861490\n", " M leaves/s\n"],
        writes: &[],
    },
    Expected {
        line: r#"check "4k4/9/9/9/9/9/4P4/9/4K4 b P 1" P*5d"#,
        status: 0,
        output: &["illegal: nifu\n"],
        writes: &[],
    },
    Expected {
        line: r#"show "4k4/4+P4/9/9/9/9/9/1+r7/4K4 w GS2Pb 10""#,
        status: 0,
        output: &[
            "後手の持駒：角\u{3000}\n",
            "| ・v龍 ・ ・ ・ ・ ・ ・ ・|八\n",
            "先手の持駒：金\u{3000}銀\u{3000}歩二\u{3000}\n",
            "in check: yes (by 5b)\n",
        ],
        writes: &[],
    },
    Expected {
        line: "replay tests/data/corpus/kif/shogi-supplement/kiou_game1.kif --notation japanese",
        status: 0,
        output: &[": KIF record (", "   1 sente ", "▲", "stated result: "],
        writes: &[],
    },
    Expected {
        line: "convert tests/data/corpus/kif/shogi-supplement/kiou_game1.kif --to csa -o game.csa",
        status: 0,
        output: &[],
        writes: &["game.csa"],
    },
    Expected {
        line: "replay game.csa --json",
        status: 0,
        output: &[
            r#"{"format":"csa","encoding":"UTF-8","headers":{"#,
            r#""moves":["#,
        ],
        writes: &[],
    },
    Expected {
        line: "convert game.csa --to kif --encoding cp932 -o game.kif",
        status: 0,
        output: &[],
        writes: &["game.kif"],
    },
    Expected {
        line: "validate game.kif game.csa",
        status: 0,
        output: &["game.kif: ok\ngame.csa: ok\n"],
        writes: &[],
    },
    Expected {
        line: "validate tests/data/corpus/csa tests/data/corpus/ki2",
        status: 0,
        output: &[
            "tests/data/corpus/csa/kifu-for-js/",
            "tests/data/corpus/ki2/shogihome/",
            ": ok\n",
        ],
        writes: &[],
    },
    Expected {
        line: "convert tests/data/corpus/ki2 --to kif --out-dir converted",
        status: 0,
        output: &[
            "tests/data/corpus/ki2/kifu-for-js/8mai.ki2 -> converted/kifu-for-js/8mai.ki2.kif\n",
        ],
        writes: &["converted/kifu-for-js/8mai.ki2.kif"],
    },
    Expected {
        line: "validate converted",
        status: 0,
        output: &["converted/kifu-for-js/8mai.ki2.kif: ok\n"],
        writes: &[],
    },
    Expected {
        line: "training convert tests/data/corpus/csa --to hcpe -o games.hcpe --min-moves 20 --dedup",
        status: 0,
        output: &[
            "files read: 51\n",
            "games read: 51\n",
            "games kept: 16\n",
            "games skipped (too few moves): 27\n",
            "duplicates skipped: ",
            "positions written: ",
        ],
        // Written whole, its size the positions written × 38 (tests/training.rs).
        writes: &[],
    },
    Expected {
        line: "completions bash > shogi.bash",
        status: 0,
        output: &["_shogi()", "complete -F _shogi"],
        writes: &["shogi.bash"],
    },
];

/// The command that runs the `shogi` command from the repository.
const CARGO_RUN: &str = "cargo run --release -p shogi-cli";

/// README lines about the command that this test does not run, and what
/// runs them instead.
const RUN_ELSEWHERE: &[(&str, &str)] =
    &[("cargo install --path shogi-cli", "make cli-install-test")];

/// The lines of the ```sh blocks of `text`.
fn sh_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if in_block {
            if trimmed.starts_with("```") {
                in_block = false;
            } else if !trimmed.is_empty() {
                lines.push(trimmed);
            }
        } else if trimmed == "```sh" {
            in_block = true;
        }
    }
    lines
}

/// A command line split into words as `sh` splits it: quotes (single or
/// double) group, `#` starts a comment, and `> FILE` redirects standard
/// output. What this cannot run as `sh` would (pipes, variables, globs over
/// paths, ...) fails the test.
fn split(line: &str) -> (Vec<String>, Option<String>) {
    let mut words: Vec<String> = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, ' ' | '\t') => words.extend(word.take()),
            (None, '#') if word.is_none() => break,
            (None, '|' | '<' | '$' | ';' | '&' | '`' | '\\' | '(' | ')') => {
                panic!("README line {line:?}: {c:?} is shell syntax this test does not run")
            }
            (None, '*' | '?' | '[') if word.as_deref().is_some_and(|w| w.contains('/')) => {
                panic!("README line {line:?}: a glob over paths, which this test does not expand")
            }
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(quote.is_none(), "README line {line:?}: unbalanced quotes");
    words.extend(word);
    match words.iter().position(|w| w == ">") {
        Some(at) => {
            assert_eq!(
                at + 2,
                words.len(),
                "README line {line:?}: '> FILE' must end the line"
            );
            let file = words.pop();
            words.pop();
            (words, file)
        }
        None => (words, None),
    }
}

/// Runs one README line in `dir`, and checks it against `expected`.
fn check(dir: &Path, args: &[String], redirect: Option<&str>, expected: &Expected) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output: Output = run_in(dir, &args);
    let what = format!("README: shogi {}", expected.line);
    let err = stderr(&output);
    assert_eq!(
        output.status.code(),
        Some(expected.status),
        "{what}: exit status\nstdout:\n{}\nstderr:\n{err}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert!(!err.contains("panicked"), "{what}: {err}");
    let text = match redirect {
        Some(file) => {
            std::fs::write(dir.join(file), &output.stdout).expect("the redirect file is written");
            String::from_utf8_lossy(&output.stdout).into_owned()
        }
        None => stdout(&output),
    };
    for part in expected.output {
        assert!(text.contains(part), "{what}: no {part:?} in\n{text}");
    }
    for file in expected.writes {
        let path = dir.join(file);
        let len = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        assert!(len > 0, "{what}: {} is not written", path.display());
    }
}

#[test]
fn every_readme_command_runs_as_documented() {
    let readme = std::fs::read_to_string(repository().join("README.md")).expect("README.md reads");
    let dir = scratch("readme");
    copy_dir(&repository().join("tests/data"), &dir.join("tests/data"));
    let mut expected = EXPECTED.iter();
    let mut ran = 0;
    for line in sh_lines(&readme) {
        let Some(rest) = line.strip_prefix(CARGO_RUN) else {
            let about_the_command =
                line.contains("shogi-cli") || line.starts_with("shogi ") || line == "shogi";
            assert!(
                !about_the_command || RUN_ELSEWHERE.iter().any(|(l, _)| *l == line),
                "README line {line:?} runs the command in a way this test does not know"
            );
            continue;
        };
        let args_text = match rest.strip_prefix(" -- ") {
            Some(args) => args,
            None if rest.is_empty() => "",
            None => panic!("README line {line:?}: arguments go after ` -- `"),
        };
        let entry = expected
            .next()
            .unwrap_or_else(|| panic!("README line {line:?} has no expectation in EXPECTED"));
        assert_eq!(
            entry.line, args_text,
            "README and EXPECTED differ (README order)"
        );
        let (args, redirect) = split(args_text);
        check(&dir, &args, redirect.as_deref(), entry);
        ran += 1;
    }
    let left: Vec<&str> = expected.map(|e| e.line).collect();
    assert!(left.is_empty(), "no README line for {left:?}");
    assert_eq!(ran, EXPECTED.len());
}

#[test]
fn readme_lines_split_as_sh_splits_them() {
    let (words, redirect) = split(r#"check "4k4/9 b P 1" P*5d # a comment"#);
    assert_eq!(words, ["check", "4k4/9 b P 1", "P*5d"]);
    assert_eq!(redirect, None);
    let (words, redirect) = split("completions bash > shogi.bash");
    assert_eq!(words, ["completions", "bash"]);
    assert_eq!(redirect.as_deref(), Some("shogi.bash"));
    let (words, _) = split("show 'startpos' ''");
    assert_eq!(words, ["show", "startpos", ""]);
    for bad in [
        "legal < positions",
        "validate tests/*/x.kif",
        "show $POSITION",
        "legal | head",
    ] {
        assert!(std::panic::catch_unwind(|| split(bad)).is_err(), "{bad}");
    }
}
