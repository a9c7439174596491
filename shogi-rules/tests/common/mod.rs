//! Helpers the per-format record tests share: the corpus, loading a file
//! with one reader, and checking where errors are reported.

use std::path::{Path, PathBuf};

use shogi_rules::record::{self, Format, GameRecord, RecordError, RecordErrorKind};

/// The record corpus of the workspace.
pub fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/corpus")
}

/// Every file below `dir`, sorted; nothing when `dir` cannot be read.
pub fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
    out.sort();
}

/// Decodes the file at `path` and reads it with `read`, panicking with the
/// file name on an error.
pub fn load(path: &Path, read: fn(&str) -> Result<GameRecord, RecordError>) -> GameRecord {
    let bytes = std::fs::read(path).unwrap();
    let (text, _) = record::decode(&bytes).unwrap();
    read(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Text, expected line and column, and a test of the error kind.
pub type Case = (&'static str, usize, usize, fn(&RecordErrorKind) -> bool);

/// Checks that `read` fails on each case's text at its line and column,
/// with a kind the case accepts, naming `format`.
pub fn check_errors(
    cases: &[Case],
    read: fn(&str) -> Result<GameRecord, RecordError>,
    format: Format,
) {
    for &(text, line, column, kind) in cases {
        let err = read(text).unwrap_err();
        assert_eq!((err.line, err.column), (line, column), "{text:?}: {err}");
        assert!(kind(&err.kind), "{text:?}: {err}");
        assert_eq!(err.format, Some(format));
    }
}
