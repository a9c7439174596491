//! The command line itself: `--version`, the help of every subcommand,
//! shell completions, usage errors (exit status 2), and a reader that goes
//! away.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use common::*;

#[test]
fn version_is_the_crate_version() {
    let version = env!("CARGO_PKG_VERSION");
    for flag in ["--version", "-V"] {
        let output = run(&[flag]);
        assert_ok(&output, flag);
        assert_eq!(stdout(&output), format!("xiangqi {version}\n"));
        assert!(output.stderr.is_empty());
    }
}

#[test]
fn every_subcommand_has_its_help() {
    let subcommands = [
        ("perft", "[POSITION] <DEPTH>"),
        ("legal", "at most 4 KiB"),
        ("check", "horse_blocked"),
        ("show", "--json"),
        ("play", "1/2-1/2"),
        ("completions", "<SHELL>"),
    ];
    for (subcommand, mentions) in subcommands {
        let help = run(&["help", subcommand]);
        assert_ok(&help, subcommand);
        let text = stdout(&help);
        assert!(
            text.contains(&format!("Usage: xiangqi {subcommand} ")),
            "{text}"
        );
        assert!(text.contains(mentions), "{subcommand}: {text}");
        let flag = run(&[subcommand, "--help"]);
        assert_ok(&flag, subcommand);
        assert_eq!(stdout(&flag), text);
    }
    let output = run(&["--help"]);
    assert_ok(&output, "--help");
    let text = stdout(&output);
    for (subcommand, _) in subcommands {
        assert!(text.contains(&format!("\n  {subcommand} ")), "{text}");
    }
}

#[test]
fn completions_are_scripts_for_the_shell() {
    let output = run(&["completions", "bash"]);
    assert_ok(&output, "completions bash");
    let script = stdout(&output);
    assert!(script.contains("_xiangqi()"), "{script}");
    for word in ["perft", "legal", "check", "show", "play", "--divide"] {
        assert!(script.contains(word), "{word}");
    }
    for (shell, mentions) in [("zsh", "#compdef xiangqi"), ("fish", "complete -c xiangqi")] {
        let output = run(&["completions", shell]);
        assert_ok(&output, shell);
        assert!(stdout(&output).contains(mentions), "{shell}");
    }
}

#[test]
fn usage_errors_exit_with_status_2() {
    for args in [
        &["frobnicate"][..],
        &["perft"],
        &["check", "startpos"],
        &["play"],
        &["show"],
        &["completions", "tcsh"],
        &["legal", "--jsn"],
    ] {
        let output = run(args);
        assert_status(&output, 2, &args.join(" "));
        assert!(output.stdout.is_empty(), "{args:?}");
        let message = stderr(&output);
        assert!(message.starts_with("error: "), "{args:?}: {message}");
    }
}

#[test]
fn a_reader_that_goes_away_ends_the_command_quietly() {
    let mut child = Command::new(xiangqi())
        .args(["perft", "startpos", "4", "--divide"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xiangqi runs");
    {
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut first = String::new();
        BufReader::new(stdout)
            .read_line(&mut first)
            .expect("a line");
        assert_eq!(first, "a0a1: 94417\n");
        // The pipe closes here.
    }
    let output = child.wait_with_output().expect("xiangqi finishes");
    // All of the output may have been written before the reader went away.
    assert!(output.status.code() == Some(1) || output.status.success());
    assert_eq!(stderr(&output), "");
}
