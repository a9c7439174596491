//! Archives: `validate` and `convert` of many files and directories, in
//! parallel, with the results in the order of the inputs.

mod common;

use std::path::Path;

use common::*;

/// A small archive under `dir`: good records in nested directories, a bad
/// one, a collection, and files that are not records.
///
/// ```text
/// archive/a/10.usi        bad (7g7f twice)
/// archive/a/2.kifu        good
/// archive/a/deep/x.ki2    good
/// archive/b.csa           good, two records
/// archive/notes.txt       not a record file: skipped
/// archive/z.KIF           good (extension in capitals)
/// ```
fn archive(dir: &Path) -> std::path::PathBuf {
    let root = dir.join("archive");
    std::fs::create_dir_all(root.join("a/deep")).expect("mkdir");
    let files: [(&str, &str); 6] = [
        ("a/10.usi", "position startpos moves 7g7f 7g7f\n"),
        (
            "a/2.kifu",
            "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n",
        ),
        ("a/deep/x.ki2", "手合割：平手\n\n▲７六歩 △３四歩 ▲２六歩\n"),
        (
            "b.csa",
            "V2.2\nN+a\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nN+b\nPI\n+\n+2726FU\n-8384FU\n",
        ),
        ("notes.txt", "not a record\n"),
        (
            "z.KIF",
            "手合割：平手\n手数----指手---------消費時間--\n   1 ２六歩(27)\n",
        ),
    ];
    for (name, text) in files {
        std::fs::write(root.join(name), text).expect("write");
    }
    root
}

#[test]
fn validate_walks_directories_in_sorted_order() {
    let dir = scratch("validate-dir");
    let root = archive(&dir);
    let sample = sample();
    let r = arg(&root);
    let output = run(&["validate", &sample, &r, &sample]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "{text}");
    assert_eq!(lines[0], format!("{sample}: ok"));
    assert!(
        lines[1].starts_with(&format!("{r}/a/10.usi: error: 1:")),
        "{text}"
    );
    assert_eq!(lines[2], format!("{r}/a/2.kifu: ok"));
    assert_eq!(lines[3], format!("{r}/a/deep/x.ki2: ok"));
    assert_eq!(lines[4], format!("{r}/b.csa: ok (2 records)"));
    assert_eq!(lines[5], format!("{r}/z.KIF: ok"));
    assert_eq!(lines[6], format!("{sample}: ok"));
    // No progress bar: standard error is not a terminal.
    assert_eq!(stderr(&output), "");

    // The same again: the order does not depend on which thread ends first.
    for _ in 0..3 {
        assert_eq!(
            run(&["validate", &sample, &r, &sample]).stdout,
            output.stdout
        );
    }

    // Without the bad file, success.
    std::fs::remove_file(root.join("a/10.usi")).expect("remove");
    let output = run(&["validate", &r]);
    assert_ok(&output, "validate a good archive");
    assert_eq!(stdout(&output).lines().count(), 4);
    assert_eq!(stderr(&output), "");
}

#[test]
fn convert_writes_an_archive_into_an_output_directory() {
    let dir = scratch("convert-dir");
    let root = archive(&dir);
    std::fs::remove_file(root.join("a/10.usi")).expect("remove");
    let out = dir.join("out");
    let (r, o) = (arg(&root), arg(&out));
    let sample = sample();
    let output = run(&["convert", &r, &sample, "--to", "csa", "--out-dir", &o]);
    assert_ok(&output, "convert an archive");
    assert_eq!(
        stdout(&output),
        format!(
            "{r}/a/2.kifu -> {o}/a/2.csa\n\
             {r}/a/deep/x.ki2 -> {o}/a/deep/x.csa\n\
             {r}/b.csa -> {o}/b.csa\n\
             {r}/z.KIF -> {o}/z.csa\n\
             {sample} -> {o}/sample.csa\n"
        )
    );
    // Every file converted keeps its moves.
    for (from, to) in [
        ("a/2.kifu", "a/2.csa"),
        ("a/deep/x.ki2", "a/deep/x.csa"),
        ("z.KIF", "z.csa"),
    ] {
        let original = replay_json(&arg(&root.join(from)), &[]);
        let converted = replay_json(&arg(&out.join(to)), &[]);
        assert_eq!(converted["format"], "csa");
        assert_eq!(converted["moves"], original["moves"], "{from}");
    }
    let original = replay_json(&sample, &[]);
    let converted = replay_json(&arg(&out.join("sample.csa")), &[]);
    assert_eq!(converted["moves"], original["moves"]);
    // The collection stays one CSA file of both games.
    let games = std::fs::read_to_string(out.join("b.csa")).expect("read");
    assert_eq!(games.matches("\n/\n").count(), 1, "{games}");
    assert_eq!(stderr(&output), "");

    // What USI cannot hold of the sample (its headers, times, comments) is
    // said, file by file.
    let usi = dir.join("usi");
    let output = run(&[
        "convert",
        &sample,
        &r,
        "--to",
        "usi",
        "--out-dir",
        &arg(&usi),
    ]);
    assert_ok(&output, "convert to USI");
    let err = stderr(&output);
    assert!(
        err.starts_with(&format!("warning: {sample}: written as usi: ")),
        "{err}"
    );
    assert!(
        err.contains(&format!("warning: {r}/a/2.kifu: written as usi: ")),
        "{err}"
    );

    // To KIF, the collection takes one numbered file per record.
    let kif = dir.join("kif");
    let output = run(&["convert", &r, "--to", "kif", "--out-dir", &arg(&kif)]);
    assert_ok(&output, "convert an archive to KIF");
    assert!(
        stdout(&output).contains(&format!(
            "{r}/b.csa -> {k}/b-1.kif, {k}/b-2.kif\n",
            k = arg(&kif)
        )),
        "{}",
        stdout(&output)
    );
    assert_eq!(names_in(&kif), ["a", "b-1.kif", "b-2.kif", "z.kif"]);
}

#[test]
fn convert_goes_on_after_a_bad_file_and_fails() {
    let dir = scratch("convert-bad");
    let root = archive(&dir);
    let out = dir.join("out");
    let (r, o) = (arg(&root), arg(&out));
    let output = run(&["convert", &r, "--to", "usi", "--out-dir", &o]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(
        err.starts_with(&format!("error: {r}/a/10.usi: 1:")),
        "{err}"
    );
    assert!(err.ends_with("error: 1 of 5 inputs failed\n"), "{err}");
    // The others are written.
    assert_eq!(stdout(&output).lines().count(), 4, "{}", stdout(&output));
    assert_eq!(names_in(&out.join("a")), ["2.usi", "deep"]);
    assert!(!out.join("a/10.usi").exists());
}

#[test]
fn files_that_would_share_an_output_keep_their_extension() {
    let dir = scratch("convert-shared");
    let root = dir.join("in");
    std::fs::create_dir_all(&root).expect("mkdir");
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n";
    std::fs::write(root.join("game.kif"), kif).expect("write");
    std::fs::write(root.join("game.kifu"), kif).expect("write");
    let out = dir.join("out");
    let output = run(&[
        "convert",
        &arg(&root),
        "--to",
        "csa",
        "--out-dir",
        &arg(&out),
    ]);
    assert_ok(&output, "convert");
    assert_eq!(names_in(&out), ["game.kif.csa", "game.kifu.csa"]);
}

#[test]
fn convert_of_several_inputs_needs_an_output_directory() {
    let sample = sample();
    for (args, says) in [
        (
            vec!["convert", &sample, &sample, "--to", "csa"],
            "needs --out-dir DIR",
        ),
        (
            vec!["convert", &sample, &sample, "--to", "csa", "-o", "x.csa"],
            "-o names the output of one file",
        ),
        (
            vec!["convert", &sample, "-", "--to", "csa", "--out-dir", "out"],
            "standard input ('-') is converted alone",
        ),
        (
            vec!["convert", &sample, &sample, "--out-dir", "out"],
            "convert needs --to",
        ),
    ] {
        let output = run(&args);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
