//! The `shogi` command as a user runs it: the sample replay with no
//! arguments, `replay` (text and `--json`), `convert`, `validate`, the
//! position commands, and bad input.

mod common;

use std::process::{Command, Stdio};

use common::*;
use serde_json::Value;

#[test]
fn no_arguments_replays_the_sample_game() {
    let output = run(&[]);
    assert_ok(&output, "shogi (no arguments)");
    let text = stdout(&output);
    assert!(text.contains("KIF record (Shift_JIS)"), "{text}");
    assert!(text.contains("先手: 渡辺明"), "{text}");
    assert!(text.contains("   1 sente 2g2f   ▲２六歩"), "{text}");
    assert!(text.contains(" 107 sente "), "{text}");
    assert!(
        text.contains("stated result: sente wins (resignation)"),
        "{text}"
    );
    assert!(
        text.contains("rules result: sente wins (resignation)"),
        "{text}"
    );
    assert!(
        text.contains("the stated result and the rules agree"),
        "{text}"
    );
}

#[test]
fn replay_json_has_format_headers_results_and_notation() {
    let json = replay_json(&sample(), &["--notation", "japanese"]);
    assert_eq!(json["format"], "kif");
    let headers = json["headers"].as_object().expect("headers is an object");
    assert_eq!(headers["先手"], "渡辺明");
    assert_eq!(headers["後手"], "佐藤康光");
    // Headers keep the file's order.
    let names: Vec<&String> = headers.keys().collect();
    let sente = names.iter().position(|k| *k == "先手");
    let gote = names.iter().position(|k| *k == "後手");
    assert!(sente < gote, "{names:?}");
    assert_eq!(
        json["stated_result"],
        serde_json::json!({"winner": "sente", "reason": "resignation"})
    );
    assert_eq!(
        json["outcome"],
        serde_json::json!({"winner": "sente", "reason": "resignation"})
    );
    assert_eq!(json["results_agree"], true);
    assert_eq!(json["rules_end_after"], Value::Null);
    let moves = json["moves"].as_array().expect("moves");
    let notation = json["notation"].as_array().expect("notation");
    assert_eq!(moves.len(), 107);
    assert_eq!(notation.len(), moves.len());
    assert_eq!(moves[0], "2g2f");
    assert_eq!(notation[0], "▲２六歩");
    assert_eq!(notation[1], "△８四歩");
    // A recapture on the square of the move before is written with 同.
    assert!(
        notation
            .iter()
            .any(|n| n.as_str().is_some_and(|s| s.contains('同'))),
        "{notation:?}"
    );
    assert!(json["impasse"]["sente_points"].is_number());
    assert!(json["final"].is_string());

    let csa = replay_json(&sample(), &["--notation", "csa"]);
    assert_eq!(csa["notation"][0], "+2726FU");
    let western = replay_json(&sample(), &["--notation", "western"]);
    assert_eq!(western["notation"][0], "P-2f");
    let plain = replay_json(&sample(), &[]);
    assert!(plain.get("notation").is_none());
}

#[test]
fn replay_reads_usi_records_from_standard_input() {
    let mut child = Command::new(shogi())
        .args(["replay", "-", "--json"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("shogi runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin
            .write_all(b"position startpos moves 7g7f 3c3d 8h2b+ 3a2b\n")
            .expect("write");
    }
    let output = child.wait_with_output().expect("shogi finishes");
    assert_ok(&output, "replay -");
    let json: Value = serde_json::from_str(stdout(&output).trim()).expect("JSON");
    assert_eq!(json["format"], "usi");
    assert_eq!(json["moves"].as_array().map(Vec::len), Some(4));
    assert_eq!(json["stated_result"], Value::Null);
    assert_eq!(json["headers"], serde_json::json!({}));
}

#[test]
fn replay_says_when_the_results_disagree() {
    let dir = scratch("disagree");
    // A mate on the board that the record does not state.
    let mate = dir.join("mate.usi");
    std::fs::write(
        &mate,
        "position sfen 4k4/9/4G4/9/9/9/9/9/4K4 b G 1 moves G*5b\n",
    )
    .expect("write");
    let output = run(&["replay", &mate.to_string_lossy()]);
    assert_ok(&output, "replay mate.usi");
    let text = stdout(&output);
    assert!(text.contains("stated result: none"), "{text}");
    assert!(
        text.contains("rules result: sente wins (checkmate)"),
        "{text}"
    );
    assert!(text.contains("the results disagree"), "{text}");

    // A repetition the moves do not make.
    let repetition = dir.join("repetition.kifu");
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 千日手\n";
    std::fs::write(&repetition, kif).expect("write");
    let output = run(&["replay", &repetition.to_string_lossy()]);
    assert_ok(&output, "replay repetition.kifu");
    let text = stdout(&output);
    assert!(text.contains("stated result: draw (repetition)"), "{text}");
    assert!(
        text.contains("rules result: none, the game goes on"),
        "{text}"
    );
    assert!(text.contains("the results disagree"), "{text}");
    let json = replay_json(&repetition.to_string_lossy(), &[]);
    assert_eq!(json["results_agree"], false);
}

#[test]
fn convert_kif_to_csa_and_back_keeps_the_moves() {
    let dir = scratch("convert");
    let csa = dir.join("game.csa");
    let kif = dir.join("game.kif");
    let output = run(&[
        "convert",
        &sample(),
        "--to",
        "csa",
        "-o",
        &csa.to_string_lossy(),
    ]);
    assert_ok(&output, "convert to CSA");
    let output = run(&[
        "convert",
        &csa.to_string_lossy(),
        "--to",
        "kif",
        "-o",
        &kif.to_string_lossy(),
        "--encoding",
        "cp932",
    ]);
    assert_ok(&output, "convert back to KIF");
    let bytes = std::fs::read(&kif).expect("the KIF file is written");
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "a CP932 file with Japanese text is not UTF-8"
    );
    let original = replay_json(&sample(), &[]);
    let via_csa = replay_json(&csa.to_string_lossy(), &[]);
    let back = replay_json(&kif.to_string_lossy(), &[]);
    assert_eq!(via_csa["format"], "csa");
    assert_eq!(back["format"], "kif");
    assert_eq!(via_csa["moves"], original["moves"]);
    assert_eq!(back["moves"], original["moves"]);
    assert_eq!(back["stated_result"], original["stated_result"]);

    // KI2 (moves without origins) and JKF.
    let ki2 = dir.join("game.ki2");
    let output = run(&[
        "convert",
        &sample(),
        "--to",
        "ki2",
        "-o",
        &ki2.to_string_lossy(),
    ]);
    assert_ok(&output, "convert to KI2");
    let via_ki2 = replay_json(&ki2.to_string_lossy(), &[]);
    assert_eq!(via_ki2["format"], "ki2");
    assert_eq!(via_ki2["moves"], original["moves"]);
    let jkf = dir.join("game.jkf");
    let output = run(&[
        "convert",
        &sample(),
        "--to",
        "jkf",
        "-o",
        &jkf.to_string_lossy(),
    ]);
    assert_ok(&output, "convert to JKF");
    let via_jkf = replay_json(&jkf.to_string_lossy(), &[]);
    assert_eq!(via_jkf["format"], "jkf");
    assert_eq!(via_jkf["moves"], original["moves"]);
    // JKF is JSON, always UTF-8.
    let output = run(&["convert", &sample(), "--to", "jkf", "--encoding", "cp932"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("UTF-8"), "{}", stderr(&output));

    // To standard output, in UTF-8 by default.
    let output = run(&["convert", &sample(), "--to", "usi"]);
    assert_ok(&output, "convert to USI");
    assert!(stdout(&output).starts_with("position startpos moves 2g2f 8c8d"));
}

#[test]
fn convert_reports_a_character_cp932_cannot_hold() {
    let dir = scratch("unencodable");
    let path = dir.join("game.kifu");
    let kif = "先手：☗太郎\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n";
    std::fs::write(&path, kif).expect("write");
    let output = run(&[
        "convert",
        &path.to_string_lossy(),
        "--to",
        "kif",
        "--encoding",
        "cp932",
    ]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains('☗'), "{}", stderr(&output));
}

#[test]
fn validate_prints_one_line_per_file_and_fails_on_errors() {
    let dir = scratch("validate");
    let bad_kif = dir.join("bad.kifu");
    std::fs::write(
        &bad_kif,
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７六歩(77)\n",
    )
    .expect("write");
    let bad_usi = dir.join("bad.usi");
    std::fs::write(&bad_usi, "position startpos moves 7g7f 7g7f\n").expect("write");
    let good_usi = dir.join("good.usi");
    std::fs::write(&good_usi, "position startpos moves 7g7f 3c3d\n").expect("write");
    let (bad_kif, bad_usi, good_usi) = (
        bad_kif.to_string_lossy().into_owned(),
        bad_usi.to_string_lossy().into_owned(),
        good_usi.to_string_lossy().into_owned(),
    );

    let output = run(&["validate", &sample(), &good_usi]);
    assert_ok(&output, "validate good files");
    assert_eq!(
        stdout(&output),
        format!("{}: ok\n{good_usi}: ok\n", sample())
    );

    let output = run(&["validate", &good_usi, &bad_usi]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0], format!("{good_usi}: ok"));
    assert!(
        lines[1].starts_with(&format!("{bad_usi}: error: 1:")),
        "{text}"
    );
    assert!(lines[1].contains("illegal"), "{text}");

    let output = run(&["validate", &sample(), &bad_kif, "/no/such/file.kif"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].ends_with(": ok"), "{text}");
    assert!(
        lines[1].starts_with(&format!("{bad_kif}: error: 4:")),
        "{text}"
    );
    assert!(lines[2].starts_with("/no/such/file.kif: error: "), "{text}");
}

#[test]
fn bad_input_gives_a_message_and_a_failure_status() {
    let dir = scratch("bad-input");
    let garbage = arg(&dir.join("garbage.bin"));
    std::fs::write(&garbage, [0xff_u8, 0xfe, 0x00, 0x81, 0x20, 0x0a, 0x80]).expect("write");
    let empty = arg(&dir.join("empty.kif"));
    std::fs::write(&empty, b"").expect("write");
    let sample = sample();
    // Input that cannot be read or is wrong: exit status 1.
    for args in [
        vec!["replay", &garbage],
        vec!["replay", &empty],
        vec!["replay", "/no/such/file.kif"],
        vec!["convert", &garbage, "--to", "csa"],
    ] {
        let output = run(&args);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // Usage errors: exit status 2, with where to find help.
    for args in [
        vec!["convert", &sample, "--to", "pdf"],
        vec!["replay", &sample, "--notation", "x"],
        vec!["replay", &sample, "--rules", "x"],
        vec!["convert", &sample, "--encoding", "latin-1"],
        vec!["validate"],
        vec!["frobnicate"],
    ] {
        let output = run(&args);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains("try '--help'"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn position_commands_still_work() {
    let output = run(&["perft", "startpos", "3"]);
    assert_ok(&output, "perft");
    assert_eq!(stdout(&output).lines().next(), Some("25470"));

    let output = run(&["legal", "startpos"]);
    assert_ok(&output, "legal");
    assert_eq!(stdout(&output).split_whitespace().count(), 30);

    let output = run(&["check", "4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5d"]);
    assert_ok(&output, "check");
    assert_eq!(stdout(&output).trim(), "illegal: nifu");

    let output = run(&["show", "startpos"]);
    assert_ok(&output, "show");
    assert!(stdout(&output).contains("side to move: sente"));

    let output = run(&["show", "startpos", "--json"]);
    assert_ok(&output, "show --json");
    let json: Value = serde_json::from_str(stdout(&output).trim()).expect("JSON");
    assert_eq!(json["legal_moves"], 30);
}

#[test]
#[cfg(target_os = "linux")]
fn output_that_cannot_be_written_is_a_failure() {
    let sample = sample();
    for args in [
        vec![],
        vec!["show", "startpos"],
        vec!["show", "startpos", "--json"],
        vec!["legal", "startpos"],
        vec!["check", "startpos", "7g7f"],
        vec!["perft", "startpos", "2"],
        vec!["perft", "startpos", "2", "--divide"],
        vec!["replay", &sample],
        vec!["replay", &sample, "--json"],
        vec!["convert", &sample, "--to", "usi"],
        vec!["convert", &sample, "--to", "kif", "-o", "-"],
        vec!["validate", &sample],
        vec!["validate", &sample, &sample],
        vec!["help"],
        vec!["help", "convert"],
        vec!["--help"],
        vec!["--version"],
        vec!["completions", "bash"],
    ] {
        let output = run_to_full_device(&args);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("error: cannot write to standard output"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_directory_is_refused_by_name() {
    let dir = scratch("directory");
    let name = arg(&dir);

    // replay reads one file: a directory is refused by name.
    let output = run(&["replay", &name]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!("error: cannot read {name}: is a directory\n")
    );

    // validate searches a directory: this one holds no record file.
    let output = run(&["validate", &name]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        format!(
            "{name}: error: no record files in {name} (.kif .kifu .ki2 .ki2u .csa .jkf .usi .sfen)\n"
        )
    );

    // convert writes a directory's files into an output directory only.
    let output = run(&["convert", &name, "--to", "csa"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output)
            .starts_with("error: converting several inputs or a directory needs --out-dir DIR"),
        "{}",
        stderr(&output)
    );
}

/// `ReadLimits::DEFAULT.max_input_bytes`: 64 MiB.
const MAX_INPUT_BYTES: usize = 64 << 20;

#[test]
#[cfg(unix)]
fn endless_or_oversized_input_fails_at_the_limit() {
    let limit_error = format!("input size in bytes exceeds the limit of {MAX_INPUT_BYTES}");

    // An endless device, named and as standard input.
    let output = run_bounded(&["validate", "/dev/zero"], Stdio::null(), None);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        format!("/dev/zero: error: cannot read /dev/zero: {limit_error} (64 MiB)\n")
    );
    let zero = std::fs::File::open("/dev/zero").expect("/dev/zero opens");
    let output = run_bounded(&["replay", "-"], Stdio::from(zero), None);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains(&format!("cannot read standard input: {limit_error}")),
        "{}",
        stderr(&output)
    );

    // A finite stream one byte over the limit.
    let output = run_bounded(
        &["convert", "-", "--to", "usi"],
        Stdio::null(),
        Some(vec![b'\n'; MAX_INPUT_BYTES + 1]),
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains(&limit_error),
        "{}",
        stderr(&output)
    );

    // At the limit exactly, the input is read (and found empty).
    let output = run_bounded(
        &["replay", "-"],
        Stdio::null(),
        Some(vec![b'\n'; MAX_INPUT_BYTES]),
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("the file is empty"),
        "{}",
        stderr(&output)
    );

    // A regular file over the limit (sparse: no disk space taken).
    let dir = scratch("oversized");
    let big = dir.join("big.kif");
    std::fs::File::create(&big)
        .and_then(|f| f.set_len(MAX_INPUT_BYTES as u64 + 1))
        .expect("a sparse file");
    let name = big.to_string_lossy().into_owned();
    let output = run_bounded(&["replay", &name], Stdio::null(), None);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains(&format!("cannot read {name}: {limit_error}")),
        "{}",
        stderr(&output)
    );
}

#[test]
#[cfg(unix)]
fn legal_reports_each_bad_input_line_and_goes_on() {
    let startpos = run(&["legal", "startpos"]);
    assert_ok(&startpos, "legal startpos");
    let startpos = stdout(&startpos);

    let mut input = b"startpos\n\xff\xfe startpos\nsfen startpos\r\n".to_vec();
    input.extend(vec![b'x'; 5000]);
    input.extend(b"\nnonsense\nstartpos");
    let output = run_with_input(&["legal"], &input);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert_eq!(lines[0], startpos.trim_end());
    assert_eq!(lines[1], "error: line 2: not valid UTF-8");
    assert_eq!(lines[2], startpos.trim_end());
    assert_eq!(lines[3], "error: line 4: longer than 4096 bytes");
    assert!(
        lines[4].starts_with("error: line 5: invalid SFEN"),
        "{text}"
    );
    assert_eq!(
        lines[5],
        startpos.trim_end(),
        "the last line has no newline"
    );
    assert_eq!(stderr(&output), "error: 3 of 6 input lines failed\n");

    // Good lines only: success.
    let output = run_with_input(&["legal"], b"startpos\nstartpos\n");
    assert_ok(&output, "legal with good lines");
    assert_eq!(stdout(&output), format!("{startpos}{startpos}"));
}

#[test]
fn a_malformed_move_fails_check() {
    let output = run(&["check", "startpos", "7g7"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(stdout(&output), "");
    assert!(
        stderr(&output).starts_with("error: \"7g7\": "),
        "{}",
        stderr(&output)
    );

    // An illegal move is an answer, not a failure.
    let output = run(&["check", "startpos", "7g7e"]);
    assert_ok(&output, "check startpos 7g7e");
    assert!(
        stdout(&output).starts_with("illegal: "),
        "{}",
        stdout(&output)
    );
}

#[test]
fn perft_says_when_the_depth_is_too_large() {
    // A depth that fits no number, and one that fits a number but no count
    // could reach: both fail at once, without recursing that deep.
    for depth in ["99999999999", "1000000", "65"] {
        let output = run(&["perft", "startpos", depth]);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert!(
            stderr(&output).starts_with(&format!(
                "error: invalid value '{depth}' for '<DEPTH>': number too large (the limit is 64)\n"
            )),
            "{}",
            stderr(&output)
        );
    }
    let output = run(&["perft", "startpos", "deep"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output)
            .starts_with("error: invalid value 'deep' for '<DEPTH>': not a whole number"),
        "{}",
        stderr(&output)
    );
}

#[test]
#[cfg(unix)]
fn convert_replaces_the_output_file_whole_or_not_at_all() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("atomic");
    let target = dir.join("out.kif");
    let name = target.to_string_lossy().into_owned();
    let old = b"the old file\n";
    std::fs::write(&target, old).expect("write");
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let expected = run(&["convert", &sample(), "--to", "kif"]);
    assert_ok(&expected, "convert to standard output");
    assert!(expected.stdout.len() > 4096, "the record is long enough");

    // Writing fails midway: the file size limit (1 block) is far below the
    // record, and SIGXFSZ is ignored so that the write returns EFBIG.
    let output = Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ && ulimit -f 1 && exec \"$@\"")
        .arg("sh")
        .arg(shogi())
        .args(["convert", &sample(), "--to", "kif", "-o", &name])
        .output()
        .expect("sh runs");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).starts_with(&format!("error: cannot write {name}: ")),
        "{}",
        stderr(&output)
    );
    assert_eq!(
        std::fs::read(&target).expect("read"),
        old,
        "the old file is intact"
    );
    assert_eq!(names_in(&dir), ["out.kif"], "no temporary file is left");

    // The conversion fails before any output: the old file is intact.
    let output = run(&["convert", "/no/such/file.kif", "--to", "kif", "-o", &name]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(std::fs::read(&target).expect("read"), old);

    // Success: the new content replaces the old, with the old permissions,
    // and nothing else is left in the directory.
    let output = run(&["convert", &sample(), "--to", "kif", "-o", &name]);
    assert_ok(&output, "convert -o out.kif");
    assert_eq!(std::fs::read(&target).expect("read"), expected.stdout);
    let mode = std::fs::metadata(&target)
        .expect("metadata")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o640);
    assert_eq!(names_in(&dir), ["out.kif"]);

    // A new file in a directory that does not exist: an error, nothing made.
    let missing = dir.join("missing").join("new.kif");
    let output = run(&[
        "convert",
        &sample(),
        "--to",
        "kif",
        "-o",
        &missing.to_string_lossy(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(names_in(&dir), ["out.kif"]);
}

#[test]
fn a_collection_is_validated_and_converted_record_by_record() {
    let dir = scratch("collection");
    let games = dir.join("games.csa");
    std::fs::write(
        &games,
        "V2.2\nN+a\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nN+b\nPI\n+\n+2726FU\n-8384FU\n",
    )
    .expect("write");
    let sfen = dir.join("positions.sfen");
    std::fs::write(
        &sfen,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\nposition startpos moves 7g7f resign\n",
    )
    .expect("write");
    let bad = dir.join("bad.sfen");
    std::fs::write(&bad, "startpos\nstartpos moves 7g7f 7g7f\n").expect("write");
    let (games, sfen, bad) = (
        games.to_string_lossy().into_owned(),
        sfen.to_string_lossy().into_owned(),
        bad.to_string_lossy().into_owned(),
    );

    let output = run(&["validate", &games, &sfen, &sample()]);
    assert_ok(&output, "validate collections");
    assert_eq!(
        stdout(&output),
        format!(
            "{games}: ok (2 records)\n{sfen}: ok (2 records)\n{}: ok\n",
            sample()
        )
    );
    let output = run(&["validate", &bad]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).starts_with(&format!("{bad}: error: 2:")),
        "{}",
        stdout(&output)
    );

    // To USI and CSA: one file of every record.
    let output = run(&["convert", &games, "--to", "usi"]);
    assert_ok(&output, "convert a collection to USI");
    assert_eq!(
        stdout(&output),
        "position startpos moves 7g7f resign\nposition startpos moves 2g2f 8c8d\n"
    );
    let output = run(&["convert", &sfen, "--to", "csa"]);
    assert_ok(&output, "convert a collection to CSA");
    let csa = stdout(&output);
    assert_eq!(csa.matches("\n/\n").count(), 1, "{csa}");
    assert!(csa.ends_with("+7776FU\n%TORYO\n"), "{csa}");

    // To KIF: one file per record with -o, refused without.
    let output = run(&["convert", &games, "--to", "kif"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("holds 2 records"),
        "{}",
        stderr(&output)
    );
    assert!(output.stdout.is_empty());
    let out = dir.join("game.kif");
    let output = run(&["convert", &games, "-o", &out.to_string_lossy()]);
    assert_ok(&output, "convert a collection to numbered KIF files");
    for (n, player) in [(1, "a"), (2, "b")] {
        let text = std::fs::read_to_string(dir.join(format!("game-{n}.kif"))).expect("written");
        assert!(text.starts_with(&format!("先手：{player}\n")), "{text}");
    }
    assert!(!out.exists());

    // replay reads one record, and says so.
    let output = run(&["replay", &games]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("holds 2 CSA records"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn replay_uses_the_rules_the_record_states() {
    let dir = scratch("stated-rules");
    let path = dir.join("short.csa");
    std::fs::write(
        &path,
        "V2\n'Max_Moves:2\nPI\n+\n+7776FU\n-3334FU\n%MAX_MOVES\n",
    )
    .expect("write");
    let path = path.to_string_lossy().into_owned();
    let output = run(&["replay", &path]);
    assert_ok(&output, "replay");
    let text = stdout(&output);
    assert!(text.contains("rules result: draw (move_limit)"), "{text}");
    assert!(
        text.contains("the stated result and the rules agree"),
        "{text}"
    );
    // --rules replaces them.
    let output = run(&["replay", &path, "--rules", "site"]);
    assert_ok(&output, "replay --rules site");
    assert!(
        stdout(&output).contains("rules result: none, the game goes on"),
        "{}",
        stdout(&output)
    );
}
