//! The `xiangqi` command as a user runs it: the sample game with no
//! arguments, `perft`, `legal`, `check`, `show`, `play`, and bad input.

mod common;

use std::process::Stdio;

use common::*;
use serde_json::{Value, json as object};

#[test]
fn no_arguments_plays_the_sample_game() {
    let output = run(&[]);
    assert_ok(&output, "xiangqi (no arguments)");
    let text = stdout(&output);
    assert!(text.starts_with("sample game: b2b4 "), "{text}");
    assert!(text.contains(&format!("start: {START}\n")), "{text}");
    assert!(text.contains("   1 red   b2b4\n"), "{text}");
    assert!(text.contains("   2 black a6a5\n"), "{text}");
    assert!(text.contains("   5 red   c4c9 check\n"), "{text}");
    assert!(text.contains("9 r n C a k . b n r\n"), "{text}");
    assert!(text.ends_with("result: 1-0 (checkmate)\n"), "{text}");
    assert!(output.stderr.is_empty(), "{}", stderr(&output));
}

#[test]
fn perft_counts_the_start_position() {
    for args in [
        &["perft", "startpos", "3"][..],
        &["perft", "3"],
        &["perft", START, "3"],
    ] {
        let output = run(args);
        assert_ok(&output, &args.join(" "));
        let text = stdout(&output);
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("79666"), "{text}");
        assert!(
            lines.next().is_some_and(|l| l.starts_with("time ")),
            "{text}"
        );
        assert_eq!(lines.next(), None, "{text}");
    }
    let output = run(&["perft", "1"]);
    assert!(stdout(&output).starts_with("44\n"));
}

#[test]
fn perft_divides_and_writes_json() {
    let output = run(&["perft", "startpos", "2", "--divide"]);
    assert_ok(&output, "perft --divide");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    // 44 first moves, sorted, then the total and the time.
    assert_eq!(lines.len(), 46, "{text}");
    assert_eq!(lines[0], "a0a1: 44");
    let sum: u64 = lines[..44]
        .iter()
        .map(|l| {
            l.rsplit(": ")
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .expect("count")
        })
        .sum();
    assert_eq!(sum, 1920);
    assert_eq!(lines[44], "1920");

    let value = json(&["perft", "3", "--json"]);
    assert_eq!(value["nodes"], 79_666);
    assert_eq!(value["depth"], 3);
    assert_eq!(value["fen"], START);
    assert!(value["seconds"].is_number());
    assert!(value.get("divide").is_none());
    let value = json(&["perft", "startpos", "1", "--divide", "--json"]);
    assert_eq!(value["nodes"], 44);
    assert_eq!(value["divide"].as_array().map(Vec::len), Some(44));
    assert_eq!(value["divide"][0], object!(["a0a1", 1]));
}

#[test]
fn perft_refuses_a_depth_beyond_the_limit() {
    for depth in ["33", "99999999999"] {
        let output = run(&["perft", "startpos", depth]);
        assert_status(&output, 2, depth);
        assert!(
            stderr(&output).contains("number too large (the limit is 32)"),
            "{}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty());
    }
    let output = run(&["perft", "deep"]);
    assert_status(&output, 2, "perft deep");
    assert!(stderr(&output).contains("not a whole number"));
}

#[test]
fn legal_lists_the_moves_sorted() {
    let output = run(&["legal", "startpos"]);
    assert_ok(&output, "legal startpos");
    let text = stdout(&output);
    let moves: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(moves.len(), 44);
    assert!(moves.contains(&"h2e2"));
    assert!(moves.windows(2).all(|w| w[0] < w[1]), "{text}");

    let value = json(&["legal", START, "--json"]);
    assert_eq!(value["fen"], START);
    assert_eq!(value["moves"].as_array().map(Vec::len), Some(44));
}

#[test]
fn legal_answers_each_line_of_standard_input_and_fails_on_bad_ones() {
    let input = format!("startpos\nnot a fen\n{START}\r\n\n");
    for args in [&["legal", "-"][..], &["legal"]] {
        let output = run_with_input(args, input.as_bytes());
        assert_status(&output, 1, "legal - with bad lines");
        let text = stdout(&output);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert_eq!(lines[0].split(' ').count(), 44);
        assert!(
            lines[1].starts_with("error: line 2: invalid FEN: "),
            "{text}"
        );
        assert_eq!(lines[2], lines[0]);
        assert!(lines[3].starts_with("error: line 4: "), "{text}");
        assert!(stderr(&output).contains("2 of 4 input lines failed"));
    }
    let output = run_with_input(&["legal", "-"], b"startpos\nstartpos\n");
    assert_ok(&output, "legal - with good lines");
    assert_eq!(stdout(&output).lines().count(), 2);
}

#[test]
fn legal_json_from_standard_input_is_one_object_a_line() {
    let output = run_with_input(&["legal", "--json"], b"startpos\nrnbakabnr\n");
    assert_status(&output, 1, "legal --json");
    let values = json_lines(&output);
    assert_eq!(values.len(), 2);
    assert_eq!(values[0]["fen"], START);
    assert_eq!(values[1]["line"], 2);
    assert!(
        values[1]["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("invalid FEN")),
        "{values:?}"
    );
}

#[test]
fn legal_bounds_the_lines_it_reads() {
    let mut input = vec![b'x'; 100_000];
    input.extend_from_slice(b"\nstartpos\n");
    let output = run_with_input(&["legal", "-"], &input);
    assert_status(&output, 1, "a long line");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "error: line 1: longer than 4096 bytes");
    assert_eq!(lines[1].split(' ').count(), 44);

    let output = run_with_input(&["legal", "-"], b"\xff\xfe\n");
    assert_status(&output, 1, "not UTF-8");
    assert_eq!(stdout(&output), "error: line 1: not valid UTF-8\n");
}

#[test]
fn a_directory_as_input_is_refused() {
    let dir = std::fs::File::open(env!("CARGO_MANIFEST_DIR")).expect("the directory opens");
    let output = run_with_stdin(&["legal", "-"], Stdio::from(dir));
    assert_status(&output, 1, "legal - < DIR");
    assert!(output.stdout.is_empty());
    assert!(
        stderr(&output).contains("cannot read standard input"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn check_says_legal_or_the_reason() {
    let output = run(&["check", "startpos", "h2e2"]);
    assert_ok(&output, "check h2e2");
    assert_eq!(stdout(&output), "legal\n");
    for (position, mv, reason) in [
        ("startpos", "b0d1", "horse_blocked"),
        ("startpos", "h2h7", "no_screen"),
        ("startpos", "a0a3", "own_piece"),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/3N5/R1BAKABNR w",
            "c0e2",
            "elephant_blocked",
        ),
        ("startpos", "d0c1", "outside_palace"),
        ("startpos", "e5e4", "no_piece"),
        ("startpos", "h7e7", "not_your_piece"),
        ("startpos", "d0d1", "wrong_direction"),
        ("4k4/9/9/9/4n4/9/9/9/9/4K4 b", "e5c4", "flying_general"),
        (
            "4k4/9/9/9/9/9/9/9/4r4/3K5 w",
            "d0d1",
            "leaves_general_in_check",
        ),
    ] {
        let output = run(&["check", position, mv]);
        assert_status(&output, 1, mv);
        let text = stdout(&output);
        assert!(
            text.starts_with(&format!("illegal: {reason} (")),
            "{mv}: {text}"
        );
        assert!(output.stderr.is_empty());

        let output = run(&["check", position, mv, "--json"]);
        assert_status(&output, 1, mv);
        let value = &json_lines(&output)[0];
        assert_eq!(value["legal"], false);
        assert_eq!(value["reason"], reason);
        assert!(value["description"].is_string());
    }
    let value = json(&["check", "startpos", "H2-E2", "--json"]);
    assert_eq!(
        value,
        object!({"move": "H2-E2", "legal": true, "reason": null, "description": null})
    );
}

#[test]
fn check_refuses_text_that_is_not_a_move() {
    let output = run(&["check", "startpos", "h2"]);
    assert_status(&output, 1, "check h2");
    assert!(output.stdout.is_empty());
    assert!(
        stderr(&output).contains("is not an ICCS move"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn show_draws_the_board() {
    let output = run(&["show", "startpos"]);
    assert_ok(&output, "show startpos");
    let expected = format!(
        "  a b c d e f g h i
9 r n b a k a b n r
8 . . . . . . . . .
7 . c . . . . . c .
6 p . p . p . p . p
5 . . . . . . . . .
  ~~~~~ river ~~~~~
4 . . . . . . . . .
3 P . P . P . P . P
2 . C . . . . . C .
1 . . . . . . . . .
0 R N B A K A B N R
  a b c d e f g h i
side to move: red
in check: no
checkmate: no
legal moves: 44
fen: {START}
"
    );
    assert_eq!(stdout(&output), expected);
}

#[test]
fn show_says_check_and_checkmate() {
    // The black chariot on f0 checks the red general on d0 along the rank.
    let output = run(&["show", "4k4/9/9/9/9/9/9/9/9/3K1r3 w"]);
    assert_ok(&output, "show check");
    let text = stdout(&output);
    assert!(text.contains("in check: yes (by f0)\n"), "{text}");
    assert!(text.contains("checkmate: no\n"), "{text}");

    // The position the sample game ends in: mate.
    let mate = "rnCak1bnr/4a4/1c5c1/2p1p1p1p/p8/9/P1P1P1P1P/7C1/9/RNBAKABNR b - - 0 3";
    let value = json(&["show", mate, "--json"]);
    assert_eq!(
        value,
        object!({
            "fen": mate,
            "side_to_move": "black",
            "in_check": true,
            "checkers": ["c9"],
            "checkmate": true,
            "legal_moves": 0,
        })
    );
}

#[test]
fn a_bad_fen_is_a_usage_error() {
    for args in [
        &["show", "rnbakabnr/9 w"][..],
        &["perft", "4k4/9/9/9/9/9/9/9/9/4K4 w", "1"],
        &["check", "xyz", "h2e2"],
        &["legal", "rnbakabnr/9 w"],
        &["play", "rnbakabnr/9 w", "h2e2"],
    ] {
        let output = run(args);
        assert_status(&output, 2, &args.join(" "));
        assert!(output.stdout.is_empty());
        assert!(
            stderr(&output).contains("invalid FEN"),
            "{}",
            stderr(&output)
        );
    }
}

#[test]
fn play_prints_the_game_and_that_it_goes_on() {
    let output = run(&["play", "h2e2", "h9g7", "h0g2"]);
    assert_ok(&output, "play");
    let text = stdout(&output);
    assert!(text.starts_with(&format!("start: {START}\n")), "{text}");
    assert!(
        text.contains("   1 red   h2e2\n   2 black h9g7\n   3 red   h0g2\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "final: rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2\n"
        ),
        "{text}"
    );
    assert!(
        text.ends_with("result: none, the game goes on\nto move: black\n"),
        "{text}"
    );

    let value = json(&["play", "startpos", "h2e2", "--json"]);
    assert_eq!(value["moves"], object!(["h2e2"]));
    assert_eq!(value["result"], Value::Null);
    assert_eq!(value["termination"], Value::Null);
}

#[test]
fn play_ends_games_by_the_rules() {
    let value = json(&["play", "--json", "b2b4", "a6a5", "b4c4", "f9e8", "c4c9"]);
    assert_eq!(value["result"], "1-0");
    assert_eq!(value["winner"], "red");
    assert_eq!(value["termination"], "checkmate");

    // Horses out and back twice: the start position for the third time.
    let shuffle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let mut args = vec!["play"];
    args.extend(shuffle);
    args.extend(shuffle);
    let output = run(&args);
    assert_ok(&output, "repetition");
    assert!(
        stdout(&output).ends_with("result: 1/2-1/2 (repetition)\n"),
        "{}",
        stdout(&output)
    );

    // The red chariot checks from rank 9 and rank 8 in turn, the general
    // steps between e9 and e8: the third occurrence, Red checking with every
    // move, loses for Red.
    let chase = [
        "4k4/9/9/9/9/9/9/9/9/3K4R w",
        "i0i9",
        "e9e8",
        "i9i8",
        "e8e9",
        "i8i9",
        "e9e8",
        "i9i8",
        "e8e9",
        "i8i9",
    ];
    let mut args = vec!["play", "--json"];
    args.extend(chase);
    let value = json(&args);
    assert_eq!(value["result"], "0-1");
    assert_eq!(value["termination"], "perpetual_check");

    // From a position: Black to move mates at once.
    let value = json(&["play", "4k4/9/9/9/9/9/9/4r4/9/3K5 b", "e2d2", "--json"]);
    assert_eq!(value["result"], "0-1");
    assert_eq!(value["winner"], "black");
}

#[test]
fn play_fails_on_an_illegal_move_with_its_number_and_reason() {
    let output = run(&["play", "h2e2", "b0d1"]);
    assert_status(&output, 1, "illegal move");
    assert!(output.stdout.is_empty());
    assert_eq!(
        stderr(&output),
        "error: move 2 (b0d1): illegal: not_your_piece (that piece belongs to the other side)\n"
    );
    let output = run(&["play", "h2e2", "h9g7", "b0d1"]);
    assert_status(&output, 1, "illegal move");
    assert!(stderr(&output).contains("move 3 (b0d1): illegal: horse_blocked"));

    let output = run(&["play", "h2e2", "zz"]);
    assert_status(&output, 1, "not a move");
    assert!(
        stderr(&output).contains("move 2 (zz): "),
        "{}",
        stderr(&output)
    );

    let output = run(&["play", "b2b4", "a6a5", "b4c4", "f9e8", "c4c9", "a9a8"]);
    assert_status(&output, 1, "after the end");
    assert!(
        stderr(&output).contains("move 6 (a9a8): the game is already over: 1-0 (checkmate)"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn output_that_cannot_be_written_is_a_failure() {
    for args in [
        &["perft", "startpos", "2"][..],
        &["legal", "startpos"],
        &["show", "startpos"],
        &["check", "startpos", "h2e2"],
        &["play", "h2e2"],
        &["completions", "bash"],
        &[],
        &["--help"],
    ] {
        let output = run_to_full_device(args);
        assert_status(&output, 1, &args.join(" "));
        assert!(
            stderr(&output).contains("cannot write to standard output"),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}
