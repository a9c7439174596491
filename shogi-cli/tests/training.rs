//! `training convert`: records into HCPE and PSV training data, the
//! filters, the summary, and output that does not depend on the number of
//! threads.
//!
//! Most tests count positions as "written" plus "the format cannot hold",
//! so that they hold whatever the encoders make of a position; the test
//! marked `ignore` reads the entries back and needs the encoders of
//! `shogi_rules::training`.

mod common;

use std::path::{Path, PathBuf};

use common::*;
use shogi_rules::record::{Format, read_str_as};
use shogi_rules::training::HuffmanCodedPosAndEval;
use shogi_rules::{Color, Position};

/// A floodgate game: ratings 2800 and 1500, three moves with engine
/// comments (Sente's point of view), then Gote resigns.
const FLOODGATE: &str = "V2\nN+strong\nN-weak\nPI\n+\n\
    'black_rate:strong+x:2800.0\n'white_rate:weak+y:1500.0\n\
    +7776FU\n'** 50 -3334FU\n-3334FU\n'** 80\n+2726FU\n'** 120\n%TORYO\n";

/// A suspended game of two moves.
const SUSPENDED: &str = "V2\nN+a\nN-b\nPI\n+\n+7776FU\n-3334FU\n%CHUDAN\n";

/// A KIF game of four moves, Sente resigning.
const KIF: &str = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n   5 投了\n";

/// A game lost by an illegal move.
const FOUL: &str = "V2\nPI\n+\n+7776FU\n%ILLEGAL_MOVE\n";

/// A small archive: `a.csa` (the floodgate game and the suspended one),
/// `b.usi` (no ending), `c.kif`, `d.csa` (a foul).
fn archive(dir: &Path) -> PathBuf {
    let root = dir.join("archive");
    std::fs::create_dir_all(&root).expect("mkdir");
    let files = [
        ("a.csa", format!("{FLOODGATE}/\n{SUSPENDED}")),
        ("b.usi", "position startpos moves 7g7f 3c3d\n".to_string()),
        ("c.kif", KIF.to_string()),
        ("d.csa", FOUL.to_string()),
    ];
    for (name, text) in files {
        std::fs::write(root.join(name), text).expect("write");
    }
    root
}

/// The number on the summary line that starts with `prefix`, 0 without one.
fn figure(out: &str, prefix: &str) -> usize {
    out.lines()
        .find_map(|line| line.strip_prefix(prefix))
        .map_or(0, |rest| {
            rest.trim_start_matches(':')
                .split_whitespace()
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("a number after {prefix}: {rest}"))
        })
}

/// Positions considered (written or not holdable by the format).
fn positions(out: &str) -> usize {
    figure(out, "positions written") + figure(out, "positions the format cannot hold")
}

/// Runs `training convert` on `inputs` to `output` with `extra` flags,
/// and gives standard output, checking success and the file's size.
fn convert(inputs: &[&Path], to: &str, output: &Path, extra: &[&str]) -> String {
    let mut args = vec!["training".to_string(), "convert".to_string()];
    args.extend(inputs.iter().map(|p| arg(p)));
    args.extend(["--to".into(), to.into(), "-o".into(), arg(output)]);
    args.extend(extra.iter().map(|s| s.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = run(&args);
    assert_ok(&result, "training convert");
    let out = stdout(&result);
    let size = if to == "hcpe" { 38 } else { 40 };
    let len = std::fs::metadata(output).expect("the output exists").len();
    assert_eq!(
        len,
        (figure(&out, "positions written") * size) as u64,
        "{out}"
    );
    out
}

#[test]
fn games_are_counted_kept_and_skipped_by_their_ending() {
    let dir = scratch("training-endings");
    let root = archive(&dir);
    let out = convert(&[&root], "hcpe", &dir.join("out.hcpe"), &[]);
    assert_eq!(figure(&out, "files read"), 4, "{out}");
    assert_eq!(figure(&out, "games read"), 5, "{out}");
    assert_eq!(figure(&out, "games kept"), 2, "{out}");
    assert_eq!(figure(&out, "games skipped (ending: interruption)"), 1);
    assert_eq!(figure(&out, "games skipped (ending: unknown)"), 1);
    assert_eq!(figure(&out, "games skipped (ending: foul)"), 1);
    // The floodgate game's three positions and the KIF game's four.
    assert_eq!(positions(&out), 7, "{out}");

    let out = convert(
        &[&root],
        "psv",
        &dir.join("out.psv"),
        &["--keep-unfinished"],
    );
    assert_eq!(figure(&out, "games kept"), 4, "{out}");
    assert_eq!(positions(&out), 7 + 2 + 2, "{out}");

    let out = convert(
        &[&root],
        "psv",
        &dir.join("out.psv"),
        &["--endings", "foul,interruption"],
    );
    assert_eq!(figure(&out, "games kept"), 2, "{out}");
    assert_eq!(figure(&out, "games skipped (ending: resignation)"), 2);
    assert_eq!(positions(&out), 1 + 2, "{out}");
}

#[test]
fn move_counts_and_ratings_filter_games() {
    let dir = scratch("training-filters");
    let root = archive(&dir);
    let output = dir.join("out.hcpe");
    let out = convert(&[&root], "hcpe", &output, &["--min-moves", "4"]);
    assert_eq!(figure(&out, "games skipped (too few moves)"), 4, "{out}");
    assert_eq!(figure(&out, "games kept"), 1, "{out}");
    assert_eq!(positions(&out), 4, "{out}");

    // The floodgate game states 1500 for Gote; the KIF game states none.
    let out = convert(&[&root], "hcpe", &output, &["--min-rating", "2000"]);
    assert_eq!(figure(&out, "games skipped (rating below the minimum)"), 1);
    assert_eq!(figure(&out, "games kept"), 1, "{out}");
    let out = convert(&[&root], "hcpe", &output, &["--min-rating", "1500"]);
    assert_eq!(figure(&out, "games kept"), 2, "{out}");
    let out = convert(&[&root], "hcpe", &output, &["--require-rating"]);
    assert_eq!(figure(&out, "games skipped (no rating)"), 4, "{out}");
    assert_eq!(figure(&out, "games kept"), 1, "{out}");
    assert_eq!(positions(&out), 3, "{out}");
}

#[test]
fn floodgate_ratings_are_read_from_the_corpus() {
    let dir = scratch("training-floodgate");
    let game = repository().join("tests/data/corpus/csa/shogi-kifu-converter/csa-floodgate.csa");
    let output = dir.join("out.psv");
    // 'black_rate:...:3382.0 and 'white_rate:...:3613.0; Gote resigned.
    let out = convert(
        &[&game],
        "psv",
        &output,
        &["--min-rating", "3382", "--require-rating"],
    );
    assert_eq!(figure(&out, "games kept"), 1, "{out}");
    assert!(positions(&out) > 100, "{out}");
    let out = convert(&[&game], "psv", &output, &["--min-rating", "3383"]);
    assert_eq!(
        figure(&out, "games skipped (rating below the minimum)"),
        1,
        "{out}"
    );
    let out = convert(&[&game], "psv", &output, &["--endings", "checkmate"]);
    assert_eq!(
        figure(&out, "games skipped (ending: resignation)"),
        1,
        "{out}"
    );
}

#[test]
fn dedup_skips_positions_already_written() {
    let dir = scratch("training-dedup");
    let root = archive(&dir);
    let copy = dir.join("copy.kif");
    std::fs::write(&copy, KIF).expect("write");
    let output = dir.join("out.hcpe");
    let plain = convert(&[&root, &copy], "hcpe", &output, &[]);
    assert_eq!(positions(&plain), 7 + 4, "{plain}");
    let dedup = convert(&[&root, &copy], "hcpe", &output, &["--dedup"]);
    // The KIF game's first three positions are the floodgate game's, and
    // the copy repeats all four of the KIF game's.
    assert_eq!(figure(&dedup, "duplicates skipped"), 3 + 4, "{dedup}");
    assert_eq!(positions(&dedup), 11 - 7, "{dedup}");
    // Remembering one position (the first, the start position), only the
    // KIF game's and its copy's start positions are skipped.
    let bounded = convert(
        &[&root, &copy],
        "hcpe",
        &output,
        &["--dedup", "--dedup-capacity", "1"],
    );
    assert_eq!(figure(&bounded, "duplicates skipped"), 2, "{bounded}");
    assert_eq!(positions(&bounded), 11 - 2, "{bounded}");
}

#[test]
fn the_output_does_not_depend_on_the_number_of_threads() {
    let dir = scratch("training-threads");
    let corpus = repository().join("tests/data/corpus/csa");
    let mut outputs = Vec::new();
    for threads in ["1", "2"] {
        let output = dir.join(format!("out-{threads}.psv"));
        let out = convert(
            &[&corpus],
            "psv",
            &output,
            &["--threads", threads, "--dedup", "--keep-unfinished"],
        );
        assert!(figure(&out, "games read") > 20, "{out}");
        assert!(positions(&out) > 1000, "{out}");
        outputs.push((
            out.replace(&arg(&output), "OUT"),
            std::fs::read(&output).expect("read"),
        ));
    }
    assert_eq!(outputs[0], outputs[1]);
}

#[test]
fn unreadable_inputs_fail_and_the_others_are_converted() {
    let dir = scratch("training-bad");
    let bad = dir.join("bad.usi");
    std::fs::write(&bad, "position startpos moves 7g7f 7g7f\n").expect("write");
    let good = dir.join("good.kif");
    std::fs::write(&good, KIF).expect("write");
    let output = dir.join("out.hcpe");
    let result = run(&[
        "training",
        "convert",
        &arg(&bad),
        &arg(&good),
        "--to",
        "hcpe",
        "-o",
        &arg(&output),
    ]);
    assert_eq!(result.status.code(), Some(1));
    let out = stdout(&result);
    assert_eq!(figure(&out, "games kept"), 1, "{out}");
    assert!(stderr(&result).contains("bad.usi"), "{}", stderr(&result));
    assert!(output.exists());
    let usage = run(&["training", "convert", &arg(&good), "--to", "bin", "-o", "x"]);
    assert_eq!(usage.status.code(), Some(2));
    let usage = run(&["training", "convert", &arg(&good), "--to", "hcpe"]);
    assert_eq!(usage.status.code(), Some(2));
}

#[test]
fn entries_read_back_as_the_games_positions_moves_and_results() {
    let dir = scratch("training-read-back");
    let game = dir.join("game.csa");
    std::fs::write(&game, FLOODGATE).expect("write");
    let output = dir.join("out.hcpe");
    let out = convert(&[&game], "hcpe", &output, &[]);
    assert_eq!(figure(&out, "positions written"), 3, "{out}");
    let bytes = std::fs::read(&output).expect("read");
    let record = read_str_as(FLOODGATE, Format::Csa).expect("reads");
    let mut position: Position = record.start.clone();
    let evals = [50, -80, 120];
    for (i, chunk) in bytes.chunks(HuffmanCodedPosAndEval::SIZE).enumerate() {
        let hcp: [u8; 32] = chunk[..32].try_into().expect("32 bytes");
        let decoded = Position::from_hcp(&hcp).expect("decodes");
        assert_eq!(decoded.zobrist(), position.zobrist());
        let eval = i16::from_le_bytes([chunk[32], chunk[33]]);
        assert_eq!(eval, evals[i]);
        let move16 = u16::from_le_bytes([chunk[34], chunk[35]]);
        let mv = record.main.moves[i].mv;
        assert_eq!(decoded.move_from_move16(move16), Ok(mv));
        // Gote resigned: Sente won.
        assert_eq!(chunk[36], 1);
        assert_eq!(record.final_position().turn(), Color::Gote);
        position.play_unchecked(mv);
    }
    // The floodgate corpus game: '** 113 after Sente's first move, '** 126
    // after Gote's (Sente's point of view, so -126 for Gote); Sente won.
    let game = repository().join("tests/data/corpus/csa/shogi-kifu-converter/csa-floodgate.csa");
    let out = convert(&[&game], "hcpe", &output, &[]);
    assert!(figure(&out, "positions written") > 100, "{out}");
    let bytes = std::fs::read(&output).expect("read");
    let evals: Vec<i16> = bytes
        .chunks(HuffmanCodedPosAndEval::SIZE)
        .map(|c| i16::from_le_bytes([c[32], c[33]]))
        .collect();
    assert_eq!(evals[..2], [113, -126]);
    assert!(
        bytes
            .chunks(HuffmanCodedPosAndEval::SIZE)
            .all(|c| c[36] == 1)
    );
}
