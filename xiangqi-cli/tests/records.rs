//! `replay`, `validate` and `convert` of PGN files, as a user runs them.

mod common;

use std::path::PathBuf;

use common::*;

/// The PGN corpus of the library's tests.
fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../xiangqi-rules/tests/data/corpus")
}

/// A game in WXF that ends in checkmate, with a stated result.
const MATE: &str = "[Event \"sample\"]\n[FEN \"3aka3/9/2n6/p1p3p1p/9/4C4/P1P3P1P/1C7/9/3K5 b - - 0 1\"]\n[Result \"1-0\"]\n\n1... a6a5 2. b2e2 1-0\n";

fn write_temp(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-cli-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("temporary file");
    path
}

#[test]
fn replay_prints_the_game_and_both_results() {
    let path = write_temp("mate.pgn", MATE);
    let output = run(&["replay", path.to_str().unwrap(), "--notation", "wxf"]);
    assert_ok(&output, "replay");
    let text = stdout(&output);
    assert!(text.contains("Event: sample\n"), "{text}");
    assert!(text.contains("moves (2): a6a5 b2e2\n"), "{text}");
    assert!(text.contains("wxf: P1+1 C8.5\n"), "{text}");
    assert!(text.contains("stated result: 1-0\n"), "{text}");
    assert!(
        text.contains("result by the rules: 1-0 (checkmate)\n"),
        "{text}"
    );
    assert!(!text.contains("note:"), "{text}");
}

#[test]
fn replay_notes_a_stated_result_the_rules_contradict() {
    let path = write_temp("wrong.pgn", &MATE.replace("1-0", "0-1"));
    let output = run(&["replay", path.to_str().unwrap()]);
    assert_ok(&output, "replay");
    assert!(stdout(&output).contains("note: the stated result is not the rules' result"));
}

#[test]
fn replay_reports_line_and_column() {
    let path = write_temp("bad.pgn", "[Event \"x\"]\n\n1. h2e2 h9g7 2. b0c2 zz 1-0\n");
    let output = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(message.contains("bad.pgn:3:"), "{message}");
}

#[test]
fn validate_checks_the_corpus_in_parallel() {
    let output = run(&["validate", corpus().to_str().unwrap()]);
    // Three files of the corpus play on after a third occurrence of a
    // position, which the rules end at once (the library's corpus test pins
    // the same games).
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.lines().count() >= 30, "{text}");
    assert!(text.lines().all(|l| l.starts_with("OK ")), "{text}");
    let errors = stderr(&output);
    assert_eq!(errors.lines().count(), 3, "{errors}");
    assert!(
        errors
            .lines()
            .all(|l| l.contains("game 12: the game is over (repetition)")),
        "{errors}"
    );
}

#[test]
fn validate_refuses_a_directory_without_pgn_files() {
    let dir = std::env::temp_dir().join(format!("xiangqi-cli-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let output = run(&["validate", dir.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn convert_writes_every_notation_and_reads_back() {
    let path = write_temp("convert.pgn", MATE);
    for (notation, second) in [
        ("iccs", "b2e2"),
        ("wxf", "C8.5"),
        ("chinese", "炮八平五"),
        ("uci", "b3e3"),
    ] {
        let out = path.with_file_name(format!("out-{notation}.pgn"));
        let output = run(&[
            "convert",
            path.to_str().unwrap(),
            "--to",
            notation,
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_ok(&output, notation);
        let written = std::fs::read_to_string(&out).unwrap();
        assert!(written.contains(second), "{notation}: {written}");
        let back = run(&["replay", out.to_str().unwrap()]);
        assert_ok(&back, notation);
        assert!(
            stdout(&back).contains("moves (2): a6a5 b2e2\n"),
            "{notation}"
        );
    }
    // To standard output, and a failure to write it is exit status 1.
    let output = run(&["convert", path.to_str().unwrap(), "--to", "wxf"]);
    assert_ok(&output, "convert to stdout");
    assert!(stdout(&output).contains("C8.5"));
}
