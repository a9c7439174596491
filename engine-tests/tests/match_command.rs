//! `shogi match` end to end: the command (built here as `shogi-command`,
//! the same `shogi_cli::main` as the installed `shogi`) against the fake
//! engine, and against Fairy-Stockfish and gpsshogi when they are installed
//! (required when `REQUIRE_ENGINES` is set).

use std::path::Path;
use std::process::{Command, Output};

use engine_tests::require_engine;
use serde_json::Value;
use shogi_rules::record::{self, GameRecord};
use shogi_rules::{Color, Termination};

const SHOGI: &str = env!("CARGO_BIN_EXE_shogi-command");
const FAKE: &str = env!("CARGO_BIN_EXE_fake-usi");

fn fake(mode: &str) -> String {
    format!("{FAKE} {mode}")
}

fn shogi(args: &[&str]) -> Output {
    Command::new(SHOGI)
        .arg("match")
        .args(args)
        .output()
        .expect("the command runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn read_summary(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).expect("the summary")).expect("JSON")
}

fn read_record(path: &Path) -> GameRecord {
    let bytes = std::fs::read(path).expect("a record");
    let (text, _) = record::decode(&bytes).expect("decodes");
    record::read_str_as(
        &text,
        record::Format::from_extension(
            path.extension()
                .and_then(|e| e.to_str())
                .expect("extension"),
        )
        .expect("a format"),
    )
    .expect("reads")
}

/// The players, winner and termination a record gives when replayed.
fn replayed(path: &Path) -> (String, String, Option<String>, String) {
    let record = read_record(path);
    let sente = record
        .header(record::HeaderKey::Sente)
        .expect("sente")
        .to_string();
    let gote = record
        .header(record::HeaderKey::Gote)
        .expect("gote")
        .to_string();
    let game = record.game().expect("replays");
    let outcome = game
        .outcome()
        .or_else(|| record.stated_result())
        .expect("a result");
    let winner = outcome.winner.map(|c| {
        if c == Color::Sente {
            sente.clone()
        } else {
            gote.clone()
        }
    });
    (
        sente,
        gote,
        winner,
        outcome.termination.as_str().to_string(),
    )
}

/// Each game of the summary, as (sente, gote, winner, termination).
fn results(json: &Value) -> Vec<(String, String, Option<String>, String)> {
    json["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|g| {
            (
                g["sente"].as_str().expect("sente").to_string(),
                g["gote"].as_str().expect("gote").to_string(),
                g["winner"].as_str().map(str::to_string),
                g["termination"].as_str().expect("termination").to_string(),
            )
        })
        .collect()
}

#[test]
fn two_fake_engines_alternate_colours_and_the_records_replay_to_the_summary() {
    let dir = tempfile::tempdir().expect("a directory");
    let games = dir.path().join("games");
    let json = dir.path().join("summary.json");
    let output = shogi(&[
        "--engine",
        &format!("a={}", fake("good")),
        "--engine",
        &format!("b={}", fake("good")),
        "--games",
        "2",
        "--byoyomi",
        "100",
        "--max-moves",
        "12",
        "-o",
        &games.display().to_string(),
        "--json",
        &json.display().to_string(),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.contains("2 games, byoyomi 100 ms"), "{stdout}");
    assert!(stdout.contains("terminations: move_limit 2"), "{stdout}");
    let summary = read_summary(&json);
    let results = results(&summary);
    assert_eq!(results[0].0, "a");
    assert_eq!(results[0].1, "b");
    assert_eq!(results[1].0, "b");
    assert_eq!(results[1].1, "a");
    for (i, expected) in results.iter().enumerate() {
        for ext in ["kif", "csa"] {
            let path = games.join(format!("game-{:03}.{ext}", i + 1));
            assert_eq!(&replayed(&path), expected, "{}", path.display());
        }
    }
    // Times and evaluations in the floodgate form.
    let csa = std::fs::read_to_string(games.join("game-001.csa")).expect("CSA");
    assert!(csa.contains("\nT0"), "{csa}");
    assert!(csa.contains("'** 100 -"), "{csa}");
    assert!(csa.contains("'*depth 2"), "{csa}");
    let record = read_record(&games.join("game-001.kif"));
    assert!(record.main.moves[0].time.is_some());
    assert_eq!(
        record.main.moves[0].comments[0].kind,
        record::CommentKind::Engine
    );
    // `shogi validate` reads them all.
    let validate = Command::new(SHOGI)
        .arg("validate")
        .arg(&games)
        .output()
        .expect("validate runs");
    assert!(validate.status.success(), "{}", text(&validate.stdout));
    assert_eq!(text(&validate.stdout).matches(": ok").count(), 4);
    // The documented fields.
    assert_eq!(summary["games"], 2);
    assert_eq!(summary["time_control"], "byoyomi 100 ms");
    assert_eq!(summary["terminations"]["move_limit"], 2);
    for (engine, name) in summary["engines"]
        .as_array()
        .expect("engines")
        .iter()
        .zip(["a", "b"])
    {
        assert_eq!(engine["name"], name);
        assert_eq!(engine["program"], FAKE);
        assert_eq!(
            (
                engine["wins"].as_u64(),
                engine["draws"].as_u64(),
                engine["losses"].as_u64()
            ),
            (Some(0), Some(2), Some(0))
        );
        assert_eq!(engine["score_percent"], 50.0);
        assert_eq!(engine["elo"], 0.0);
        assert!(engine["elo_error"].is_number());
        assert_eq!(engine["average_depth"], 2.0);
        assert!(engine["average_time_ms"].is_number());
        assert_eq!(engine["moves"], 12);
    }
    for game in summary["results"].as_array().expect("results") {
        assert_eq!(game["moves"], 12);
        assert!(game["opening"].is_null());
    }
}

#[test]
fn an_illegal_move_loses_and_a_crashed_engine_is_restarted_and_loses() {
    let dir = tempfile::tempdir().expect("a directory");
    let json = dir.path().join("summary.json");
    let output = shogi(&[
        "--engine",
        &format!("bad={}", fake("illegal-bestmove")),
        "--engine",
        &format!("good={}", fake("good")),
        "--games",
        "2",
        "--byoyomi",
        "100",
        "--json",
        &json.display().to_string(),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let summary = read_summary(&json);
    for (_, _, winner, termination) in results(&summary) {
        assert_eq!(winner.as_deref(), Some("good"));
        assert_eq!(termination, Termination::IllegalMove.as_str());
    }
    assert_eq!(summary["engines"][0]["losses"], 2);

    // Crashes at its second move of each game it plays: it is started again
    // for the second game (else the match would stop with an error).
    let games = dir.path().join("crash");
    let output = shogi(&[
        "--engine",
        &format!("crash={}", fake("crash-after 1")),
        "--engine",
        &format!("good={}", fake("good")),
        "--games",
        "2",
        "--byoyomi",
        "100",
        "-o",
        &games.display().to_string(),
        "--json",
        &json.display().to_string(),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("died"),
        "{}",
        text(&output.stderr)
    );
    let summary = read_summary(&json);
    for (_, _, winner, termination) in results(&summary) {
        assert_eq!(winner.as_deref(), Some("good"));
        assert_eq!(termination, Termination::Interrupted.as_str());
    }
    let kif = std::fs::read_to_string(games.join("game-002.kif")).expect("KIF");
    assert!(kif.contains("good wins: interrupted"), "{kif}");
}

#[test]
fn a_move_too_late_loses_on_time_and_the_record_says_so() {
    let dir = tempfile::tempdir().expect("a directory");
    let games = dir.path().join("games");
    let json = dir.path().join("summary.json");
    // The slow fake answers after 800 ms, past 100 ms plus the 200 ms margin
    // (and deaf to `stop`: it is killed and started again for game 2).
    let output = Command::new(SHOGI)
        .env("FAKE_USI_DELAY_MS", "800")
        .args([
            "match",
            "--engine",
            &format!("slow={}", fake("slow")),
            "--engine",
            &format!("good={}", fake("good")),
            "--games",
            "2",
            "--byoyomi",
            "100",
            "--margin",
            "200",
            "-o",
            &games.display().to_string(),
            "--json",
            &json.display().to_string(),
        ])
        .output()
        .expect("the command runs");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let summary = read_summary(&json);
    let results = results(&summary);
    for (i, expected) in results.iter().enumerate() {
        assert_eq!(expected.2.as_deref(), Some("good"));
        assert_eq!(expected.3, Termination::Timeout.as_str());
        for ext in ["kif", "csa"] {
            let path = games.join(format!("game-{:03}.{ext}", i + 1));
            assert_eq!(&replayed(&path), expected, "{}", path.display());
        }
    }
    let csa = std::fs::read_to_string(games.join("game-001.csa")).expect("CSA");
    assert!(csa.contains("%TIME_UP"), "{csa}");
}

#[test]
fn an_increment_goes_to_the_clock_and_the_records_name_it() {
    let dir = tempfile::tempdir().expect("a directory");
    let games = dir.path().join("games");
    let json = dir.path().join("summary.json");
    let output = shogi(&[
        "--engine",
        &format!("a={}", fake("good")),
        "--engine",
        &format!("b={}", fake("good")),
        "--games",
        "1",
        "--time",
        "2000",
        "--inc",
        "100",
        "--max-moves",
        "6",
        "-o",
        &games.display().to_string(),
        "--json",
        &json.display().to_string(),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let time_control = "main 2000 ms, byoyomi 0 ms, increment 100 ms";
    let stdout = text(&output.stdout);
    assert!(stdout.contains(time_control), "{stdout}");
    let summary = read_summary(&json);
    assert_eq!(summary["time_control"], time_control);
    assert_eq!(summary["terminations"]["move_limit"], 1);
    let kif = std::fs::read_to_string(games.join("game-001.kif")).expect("KIF");
    assert!(kif.contains(time_control), "{kif}");
}

#[test]
fn openings_are_played_from_both_sides_in_order() {
    let dir = tempfile::tempdir().expect("a directory");
    let openings = dir.path().join("openings.txt");
    std::fs::write(
        &openings,
        "# two openings\nstartpos moves 7g7f 3c3d\n\nposition startpos moves 2g2f\n",
    )
    .expect("write");
    let games = dir.path().join("games");
    let json = dir.path().join("summary.json");
    let output = shogi(&[
        "--engine",
        &format!("a={}", fake("good")),
        "--engine",
        &format!("b={}", fake("good")),
        "--games",
        "5",
        "--depth",
        "1",
        "--max-moves",
        "8",
        "--concurrency",
        "2",
        "--openings",
        &openings.display().to_string(),
        "-o",
        &games.display().to_string(),
        "--json",
        &json.display().to_string(),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let summary = read_summary(&json);
    let expected_openings = [1, 1, 2, 2, 1];
    let expected_first = ["7g7f", "7g7f", "2g2f", "2g2f", "7g7f"];
    for (i, game) in summary["results"]
        .as_array()
        .expect("results")
        .iter()
        .enumerate()
    {
        assert_eq!(game["game"], i + 1);
        assert_eq!(game["opening"], expected_openings[i]);
        assert_eq!(game["sente"], if i % 2 == 0 { "a" } else { "b" });
        let record = read_record(&games.join(format!("game-{:03}.csa", i + 1)));
        assert_eq!(record.main.moves[0].mv.to_string(), expected_first[i]);
        // The opening moves carry no engine time; the engines' moves do.
        assert!(record.main.moves[0].time.is_none());
        assert!(record.main.moves.last().expect("moves").time.is_some());
    }
}

#[test]
fn bad_arguments_and_engines_that_cannot_start_fail() {
    let good = format!("a={}", fake("good"));
    let other = format!("b={}", fake("good"));
    let cases: [(&[&str], i32, &str); 7] = [
        (&["--engine", &good], 2, "two --engine"),
        (&["--engine", &good, "--engine", &good], 2, "both named"),
        (&["--engine", "a"], 2, "NAME=COMMAND"),
        (
            &[
                "--engine",
                &good,
                "--engine",
                &other,
                "--option",
                "c:USI_Hash=1",
            ],
            2,
            "no engine is named",
        ),
        (
            &[
                "--engine",
                &good,
                "--engine",
                &other,
                "--option",
                "a:NoSuch=1",
            ],
            2,
            "no option",
        ),
        (
            &["--engine", &good, "--engine", &other, "--inc", "100"],
            2,
            "--inc needs --time",
        ),
        (
            &["--engine", &good, "--engine", "b=/no/such/engine"],
            1,
            "cannot start engine",
        ),
    ];
    for (args, code, message) in cases {
        let output = shogi(args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(code), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    // An output directory that cannot be written.
    let dir = tempfile::tempdir().expect("a directory");
    let file = dir.path().join("file");
    std::fs::write(&file, "").expect("write");
    let output = shogi(&[
        "--engine",
        &good,
        "--engine",
        &other,
        "-o",
        &file.display().to_string(),
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
}

#[test]
fn fairy_stockfish_against_gpsshogi() {
    let Some(fs) = require_engine("fairy-stockfish") else {
        return;
    };
    let Some(gps) = require_engine("gpsusi") else {
        return;
    };
    let dir = tempfile::tempdir().expect("a directory");
    let games = dir.path().join("games");
    let json = dir.path().join("summary.json");
    let output = shogi(&[
        "--engine",
        &format!("fs={fs}"),
        "--engine",
        &format!("gps={gps}"),
        "--games",
        "2",
        "--byoyomi",
        "200",
        "--margin",
        "3000",
        "--max-moves",
        "16",
        "-o",
        &games.display().to_string(),
        "--json",
        &json.display().to_string(),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let summary = read_summary(&json);
    let results = results(&summary);
    assert_eq!(results.len(), 2);
    for (i, expected) in results.iter().enumerate() {
        for ext in ["kif", "csa"] {
            let path = games.join(format!("game-{:03}.{ext}", i + 1));
            assert_eq!(&replayed(&path), expected, "{}", path.display());
        }
    }
    let validate = Command::new(SHOGI)
        .arg("validate")
        .arg(&games)
        .output()
        .expect("validate runs");
    assert!(validate.status.success(), "{}", text(&validate.stdout));
}
