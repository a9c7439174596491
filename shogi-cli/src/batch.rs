//! Many inputs at once (`validate`, `convert` of archives): the files named
//! and the record files of the directories named, worked on in parallel,
//! with a progress bar on a terminal, results in a fixed order.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use walkdir::WalkDir;

/// The extensions of the record files searched for in directories, matched
/// in any case: those `Format::from_extension` knows, but `json`, which too
/// many other files have.
pub const RECORD_EXTENSIONS: [&str; 8] =
    ["kif", "kifu", "ki2", "ki2u", "csa", "jkf", "usi", "sfen"];

/// One file to work on.
pub struct Job {
    /// The path to read (`-`: standard input).
    pub path: PathBuf,
    /// Where the file is under the directory it was found in; for a file
    /// named itself, its file name.
    pub relative: PathBuf,
}

/// What an input names: a file to work on, or a failure to find files.
pub enum Item {
    /// A file.
    File(Job),
    /// A directory that could not be read, or holds no record file.
    Failed {
        /// The directory, or the entry that could not be read.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

/// The files `inputs` name, in order: a file (or anything that is not a
/// directory, to fail when read) as itself, a directory as the record files
/// under it (by [`RECORD_EXTENSIONS`]), sorted by name level by level.
/// Symbolic links to files are taken; links to directories are not
/// followed (but a directory named through a link is searched).
pub fn expand(inputs: &[PathBuf]) -> Vec<Item> {
    let mut items = Vec::new();
    for input in inputs {
        if std::fs::metadata(input).is_ok_and(|m| m.is_dir()) {
            walk(input, &mut items);
        } else {
            let relative = input
                .file_name()
                .map_or_else(|| input.clone(), PathBuf::from);
            items.push(Item::File(Job {
                path: input.clone(),
                relative,
            }));
        }
    }
    items
}

/// Adds the record files under `dir` to `items`, or why there are none.
fn walk(dir: &Path, items: &mut Vec<Item>) {
    let before = items.len();
    for entry in WalkDir::new(dir).min_depth(1).sort_by_file_name() {
        match entry {
            Ok(entry) => {
                let is_file = entry.file_type().is_file()
                    || (entry.path_is_symlink() && entry.path().is_file());
                if !is_file || !is_record_file(entry.path()) {
                    continue;
                }
                let relative = entry
                    .path()
                    .strip_prefix(dir)
                    .map_or_else(|_| entry.path().to_path_buf(), Path::to_path_buf);
                items.push(Item::File(Job {
                    path: entry.into_path(),
                    relative,
                }));
            }
            Err(e) => {
                let path = e.path().unwrap_or(dir).to_path_buf();
                let message = match e.io_error() {
                    Some(io) => format!("cannot read {}: {io}", path.display()),
                    None => e.to_string(),
                };
                items.push(Item::Failed { path, message });
            }
        }
    }
    if items.len() == before {
        items.push(Item::Failed {
            path: dir.to_path_buf(),
            message: format!(
                "no record files in {} (.{})",
                dir.display(),
                RECORD_EXTENSIONS.join(" .")
            ),
        });
    }
}

/// Whether `path` has one of the [`RECORD_EXTENSIONS`].
fn is_record_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| RECORD_EXTENSIONS.iter().any(|r| r.eq_ignore_ascii_case(e)))
}

/// `work` on every item, in parallel on every core, the results in the
/// order of `items` (one after another should the threads fail to start).
/// A progress bar counts the items done on standard error when it is a
/// terminal and there is more than one; it is gone when this returns, so
/// the results can be printed.
pub fn run<I: Sync, T: Send>(items: &[I], work: impl Fn(&I) -> T + Sync) -> Vec<T> {
    let bar = progress_bar(items.len());
    let step = |item: &I| {
        let result = work(item);
        bar.inc(1);
        result
    };
    let results = match rayon::ThreadPoolBuilder::new().build() {
        Ok(pool) => pool.install(|| items.par_iter().map(step).collect()),
        Err(_) => items.iter().map(step).collect(),
    };
    bar.finish_and_clear();
    results
}

/// A progress bar for `len` items on standard error, or a hidden one when
/// standard error is not a terminal (a file, a pipe, a test) or there is a
/// single item.
fn progress_bar(len: usize) -> ProgressBar {
    if len < 2 || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(u64::try_from(len).unwrap_or(u64::MAX));
    if let Ok(style) = ProgressStyle::with_template("{wide_bar} {pos}/{len} files {elapsed}") {
        bar.set_style(style);
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_rules::record::Format;

    #[test]
    fn record_extensions_are_formats() {
        for ext in RECORD_EXTENSIONS {
            assert!(Format::from_extension(ext).is_some(), "{ext}");
        }
        assert!(is_record_file(Path::new("a/b.KIF")));
        assert!(is_record_file(Path::new("games.sfen")));
        assert!(!is_record_file(Path::new("notes.json")));
        assert!(!is_record_file(Path::new("README")));
    }

    #[test]
    fn results_keep_the_order_of_the_items() {
        let items: Vec<u32> = (0..1000).collect();
        let results = run(&items, |n| n * 2);
        assert_eq!(results, items.iter().map(|n| n * 2).collect::<Vec<_>>());
    }
}
