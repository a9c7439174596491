//! What the tests of the `xiangqi` command share: running the binary cargo
//! built for them, in every way the tests need, and reading what it wrote.

// Each test file uses its own part of these.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// The `xiangqi` binary of this build.
pub fn xiangqi() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_xiangqi"))
}

/// The FEN of the start position.
pub const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Runs `xiangqi` with `args`, standard input empty.
pub fn run(args: &[&str]) -> Output {
    Command::new(xiangqi())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("xiangqi runs")
}

/// Runs `xiangqi` with `stdin` as standard input.
pub fn run_with_stdin(args: &[&str], stdin: Stdio) -> Output {
    Command::new(xiangqi())
        .args(args)
        .stdin(stdin)
        .output()
        .expect("xiangqi runs")
}

/// Runs `xiangqi` with `input` on standard input.
pub fn run_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(xiangqi())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xiangqi runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let bytes = input.to_vec();
    let writer = std::thread::spawn(move || {
        // The reader may stop early; that is its business.
        let _ = pipe.write_all(&bytes);
    });
    let output = child.wait_with_output().expect("xiangqi finishes");
    writer.join().expect("the writer thread ends");
    output
}

/// Runs `xiangqi` with standard output going to `/dev/full`, where every
/// write fails with "no space left on device".
pub fn run_to_full_device(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens");
    Command::new(xiangqi())
        .args(args)
        .stdin(Stdio::null())
        .stdout(full)
        .output()
        .expect("xiangqi runs")
}

/// Standard output, which must be UTF-8.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("standard output is UTF-8")
}

/// Standard error.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Fails the test, showing everything, unless `output` is a success.
pub fn assert_ok(output: &Output, what: &str) {
    assert_status(output, 0, what);
}

/// Fails the test, showing everything, unless `output` exited with `code`.
pub fn assert_status(output: &Output, code: i32, what: &str) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "{what}\nstdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stdout),
        stderr(output)
    );
}

/// Standard output read as one JSON value per line.
pub fn json_lines(output: &Output) -> Vec<Value> {
    stdout(output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// `ARGS`, which must succeed, as one line of JSON.
pub fn json(args: &[&str]) -> Value {
    let output = run(args);
    assert_ok(&output, &args.join(" "));
    let mut values = json_lines(&output);
    assert_eq!(values.len(), 1, "{}", stdout(&output));
    values.remove(0)
}
