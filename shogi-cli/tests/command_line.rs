//! The command line itself: `--version`, the help of every subcommand,
//! shell completions, usage errors (exit status 2), a reader that goes away,
//! and the whole text of `show`.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::*;

/// `--version` prints the crate's version, which is the workspace's
/// (`version.workspace = true`; `make cli-install-test` checks the installed
/// command against `[workspace.package]` too).
#[test]
fn version_is_the_crate_version() {
    let version = env!("CARGO_PKG_VERSION");
    for flag in ["--version", "-V"] {
        let output = run(&[flag]);
        assert_ok(&output, flag);
        assert_eq!(stdout(&output), format!("shogi {version}\n"));
        assert!(output.stderr.is_empty());
    }
}

#[test]
fn every_subcommand_has_its_help() {
    for (subcommand, mentions) in [
        ("replay", "--notation <NOTATION>"),
        ("convert", "--out-dir <DIR>"),
        ("validate", ".kif .kifu .ki2 .ki2u .csa .jkf .usi .sfen"),
        ("perft", "<DEPTH>"),
        ("legal", "4 KiB a line"),
        ("check", "<MOVE>"),
        ("show", "--json"),
        ("match", "--engine <NAME=COMMAND>"),
        ("completions", "<SHELL>"),
    ] {
        let help = run(&["help", subcommand]);
        assert_ok(&help, subcommand);
        let text = stdout(&help);
        assert!(
            text.contains(&format!("Usage: shogi {subcommand} ")),
            "{text}"
        );
        assert!(text.contains(mentions), "{subcommand}: {text}");
        // The same text as `SUBCOMMAND --help`.
        let flag = run(&[subcommand, "--help"]);
        assert_ok(&flag, subcommand);
        assert_eq!(stdout(&flag), text);
    }
    let output = run(&["--help"]);
    assert_ok(&output, "--help");
    let text = stdout(&output);
    for subcommand in [
        "replay",
        "convert",
        "validate",
        "perft",
        "legal",
        "check",
        "show",
        "match",
        "completions",
    ] {
        assert!(text.contains(&format!("\n  {subcommand} ")), "{text}");
    }
}

#[test]
fn completions_are_scripts_for_the_shell() {
    let output = run(&["completions", "bash"]);
    assert_ok(&output, "completions bash");
    let script = stdout(&output);
    assert!(script.contains("_shogi()"), "{script}");
    assert!(script.contains("complete -F _shogi"), "{script}");
    for word in [
        "replay",
        "convert",
        "--out-dir",
        "validate",
        "match",
        "--openings",
    ] {
        assert!(script.contains(word), "{word}");
    }
    for (shell, mentions) in [
        ("zsh", "#compdef shogi"),
        ("fish", "complete -c shogi"),
        ("elvish", "shogi"),
        ("powershell", "shogi"),
    ] {
        let output = run(&["completions", shell]);
        assert_ok(&output, shell);
        assert!(stdout(&output).contains(mentions), "{shell}");
    }
    let output = run(&["completions", "tcsh"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn usage_errors_exit_with_status_2() {
    for (args, says) in [
        (vec!["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        (
            vec!["show", "startpos", "--bogus"],
            "unexpected argument '--bogus'",
        ),
        (vec!["perft", "startpos"], "<DEPTH>"),
        (vec!["check", "startpos"], "<MOVE>"),
        (
            vec!["show", "nonsense"],
            "invalid value 'nonsense' for '<POSITION>': invalid SFEN",
        ),
        (vec!["legal", "9/9/9 b - 1"], "invalid SFEN"),
        (vec!["convert"], "<INPUT>"),
        (vec!["convert", "a.kif"], "convert needs --to"),
        (
            vec!["convert", "a.kif", "-o", "b.kif", "--out-dir", "out"],
            "cannot be used with",
        ),
        (
            vec!["replay", "a.kif", "b.kif"],
            "unexpected argument 'b.kif'",
        ),
    ] {
        let output = run(&args);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn show_prints_an_aligned_diagram() {
    let output = run(&["show", "startpos"]);
    assert_ok(&output, "show startpos");
    assert_eq!(
        stdout(&output),
        "\
後手の持駒：なし
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
side to move: sente
in check: no
checkmate: no
legal moves: 30
sfen: lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
"
    );

    // Pieces in both hands, promoted pieces, Gote to move and in check.
    let output = run(&["show", "4k4/4+P4/9/9/9/9/9/1+r7/4K4 w GS2Pb 10"]);
    assert_ok(&output, "show with hands");
    assert_eq!(
        stdout(&output),
        "\
後手の持駒：角\u{3000}
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・v玉 ・ ・ ・ ・|一
| ・ ・ ・ ・ と ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・v龍 ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
+---------------------------+
先手の持駒：金\u{3000}銀\u{3000}歩二\u{3000}
手数＝9
後手番
side to move: gote
in check: yes (by 5b)
checkmate: no
legal moves: 1
sfen: 4k4/4+P4/9/9/9/9/9/1+r7/4K4 w GS2Pb 10
"
    );
}

#[test]
fn a_reader_that_goes_away_ends_the_command_quietly() {
    // Far more output than a pipe holds, to a reader that is gone.
    let input = "startpos\n".repeat(20_000);
    let mut child = Command::new(shogi())
        .arg("legal")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("shogi runs");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // shogi stops reading once it stops; the rest of the input is not wanted.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let output = child.wait_with_output().expect("shogi finishes");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output), "");
}
