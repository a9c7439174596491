//! What the tests of the `shogi` command share: running the binary cargo
//! built for them, in every way the tests need, and reading what it wrote.

// Each test file uses its own part of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// The `shogi` binary of this build.
pub fn shogi() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_shogi"))
}

/// Runs `shogi` with `args`, standard input empty.
pub fn run(args: &[&str]) -> Output {
    Command::new(shogi())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("shogi runs")
}

/// Runs `shogi` with `args` in the directory `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(shogi())
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("shogi runs")
}

/// Runs `shogi` with standard output going to `/dev/full`, where every
/// write fails with "no space left on device".
pub fn run_to_full_device(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens");
    Command::new(shogi())
        .args(args)
        .stdin(Stdio::null())
        .stdout(full)
        .output()
        .expect("shogi runs")
}

/// Runs `shogi` through `sh` with its virtual memory capped at 1 GiB,
/// feeding it `input` (when given) on standard input, and kills it if it has
/// not finished within 60 seconds: a tool that reads an endless stream into
/// memory fails here quickly instead of taking the machine down.
pub fn run_bounded(args: &[&str], stdin: Stdio, input: Option<Vec<u8>>) -> Output {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576 && exec \"$@\"")
        .arg("sh")
        .arg(shogi())
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            stdin
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let writer = input.map(|bytes| {
        let mut pipe = child.stdin.take().expect("stdin is piped");
        std::thread::spawn(move || {
            use std::io::Write;
            // The reader may stop early; that is its business.
            let _ = pipe.write_all(&bytes);
        })
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while child.try_wait().expect("wait").is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} did not finish within 60 seconds");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    if let Some(writer) = writer {
        writer.join().expect("the writer thread ends");
    }
    child.wait_with_output().expect("the output is collected")
}

/// Runs `shogi` with `input` on standard input.
pub fn run_with_input(args: &[&str], input: &[u8]) -> Output {
    run_bounded(args, Stdio::null(), Some(input.to_vec()))
}

/// Standard output, which must be UTF-8.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("standard output is UTF-8")
}

/// Standard error.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The bundled sample game.
pub fn sample() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/data/sample.kif").to_string()
}

/// The repository's root directory.
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate is in the repository")
        .to_path_buf()
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("shogi-cli-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// A path as the string a test passes on the command line.
pub fn arg(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Fails the test, showing everything, unless `output` is a success.
pub fn assert_ok(output: &Output, what: &str) {
    assert!(
        output.status.success(),
        "{what}: exit {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        stderr(output)
    );
}

/// `replay PATH --json EXTRA...`, read as JSON.
pub fn replay_json(path: &str, extra: &[&str]) -> Value {
    let mut args = vec!["replay", path, "--json"];
    args.extend_from_slice(extra);
    let output = run(&args);
    assert_ok(&output, &format!("replay {path} --json"));
    let text = stdout(&output);
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// The names in `dir`, sorted.
pub fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the directory lists")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Copies the directory `from` to `to`, recursively.
pub fn copy_dir(from: &Path, to: &Path) {
    let mut pending = vec![(from.to_path_buf(), to.to_path_buf())];
    while let Some((from, to)) = pending.pop() {
        std::fs::create_dir_all(&to).expect("a directory is made");
        for entry in std::fs::read_dir(&from).expect("the directory lists") {
            let entry = entry.expect("an entry");
            let target = to.join(entry.file_name());
            if entry.file_type().expect("a file type").is_dir() {
                pending.push((entry.path(), target));
            } else {
                std::fs::copy(entry.path(), &target).expect("a file is copied");
            }
        }
    }
}
