//! Many inputs at once (`validate`, `convert` of archives): the files named
//! and the files of the directories named that have one of the extensions
//! asked for, worked on in parallel, with a progress bar on a terminal,
//! results in a fixed order.

use std::path::{Path, PathBuf};

use indicatif::ProgressBar;
use rayon::prelude::*;
use walkdir::WalkDir;

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
    /// A directory that could not be read, or holds no file with one of
    /// the extensions.
    Failed {
        /// The directory, or the entry that could not be read.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

/// The files `inputs` name, in order: a file (or anything that is not a
/// directory, to fail when read) as itself, a directory as the files under
/// it whose extension is one of `extensions` (in any case), sorted by name
/// level by level. Symbolic links to files are taken; links to directories
/// are not followed (but a directory named through a link is searched).
/// A directory without such a file is an [`Item::Failed`]: `no record files
/// in DIR (.ext1 .ext2 ...)`.
pub fn expand(inputs: &[PathBuf], extensions: &[&str]) -> Vec<Item> {
    let mut items = Vec::new();
    for input in inputs {
        if std::fs::metadata(input).is_ok_and(|m| m.is_dir()) {
            walk(input, extensions, &mut items);
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

/// Adds the files under `dir` with one of `extensions` to `items`, or why
/// there are none.
fn walk(dir: &Path, extensions: &[&str], items: &mut Vec<Item>) {
    let before = items.len();
    for entry in WalkDir::new(dir).min_depth(1).sort_by_file_name() {
        match entry {
            Ok(entry) => {
                let is_file = entry.file_type().is_file()
                    || (entry.path_is_symlink() && entry.path().is_file());
                if !is_file || !has_extension(entry.path(), extensions) {
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
                extensions.join(" .")
            ),
        });
    }
}

/// Whether `path` has one of `extensions`, in any case.
pub fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| extensions.iter().any(|r| r.eq_ignore_ascii_case(e)))
}

/// `work` on every item, in parallel on every core, the results in the
/// order of `items` (one after another should the threads fail to start).
/// A progress bar counts the items done on standard error when it is a
/// terminal and there is more than one; it is gone when this returns, so
/// the results can be printed.
pub fn run<I: Sync, T: Send>(items: &[I], work: impl Fn(&I) -> T + Sync) -> Vec<T> {
    run_on(items, None, work)
}

/// [`run`] on `threads` threads (`None` or `Some(0)`: one per core).
pub fn run_on<I: Sync, T: Send>(
    items: &[I],
    threads: Option<usize>,
    work: impl Fn(&I) -> T + Sync,
) -> Vec<T> {
    let mut results = Vec::with_capacity(items.len());
    run_chunked(items, threads, items.len(), work, |result| {
        results.push(result)
    });
    results
}

/// [`run_on`] a chunk of `chunk` items at a time, each result handed to
/// `consume` in the order of `items` once its chunk is done: no more than a
/// chunk's results are held at once, however many items there are. One
/// progress bar counts them all.
pub fn run_chunked<I: Sync, T: Send>(
    items: &[I],
    threads: Option<usize>,
    chunk: usize,
    work: impl Fn(&I) -> T + Sync,
    mut consume: impl FnMut(T),
) {
    let bar = progress_bar(items.len());
    let step = |item: &I| {
        let result = work(item);
        bar.inc(1);
        result
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .ok();
    for part in items.chunks(chunk.max(1)) {
        let results: Vec<T> = match &pool {
            Some(pool) => pool.install(|| part.par_iter().map(&step).collect()),
            None => part.iter().map(&step).collect(),
        };
        results.into_iter().for_each(&mut consume);
    }
    bar.finish_and_clear();
}

/// A progress bar for `len` items on standard error, or a hidden one when
/// standard error is not a terminal (a file, a pipe, a test) or there is a
/// single item.
fn progress_bar(len: usize) -> ProgressBar {
    crate::progress::bar(
        u64::try_from(len).unwrap_or(u64::MAX),
        2,
        "{wide_bar} {pos}/{len} files {elapsed}",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_match_in_any_case() {
        let extensions = ["kif", "sfen"];
        assert!(has_extension(Path::new("a/b.KIF"), &extensions));
        assert!(has_extension(Path::new("games.sfen"), &extensions));
        assert!(!has_extension(Path::new("notes.json"), &extensions));
        assert!(!has_extension(Path::new("README"), &extensions));
    }

    #[test]
    fn directories_give_their_files_in_order_or_a_failure() {
        let dir = tempfile::tempdir().expect("temporary directory");
        std::fs::create_dir(dir.path().join("sub")).expect("mkdir");
        for name in ["b.pgn", "a.PGN", "sub/c.pgn", "notes.txt"] {
            std::fs::write(dir.path().join(name), "").expect("write");
        }
        let items = expand(&[dir.path().to_path_buf()], &["pgn"]);
        let relative: Vec<String> = items
            .iter()
            .map(|item| match item {
                Item::File(job) => job.relative.display().to_string(),
                Item::Failed { message, .. } => message.clone(),
            })
            .collect();
        assert_eq!(relative, ["a.PGN", "b.pgn", "sub/c.pgn"]);
        let items = expand(&[dir.path().join("sub")], &["kif"]);
        assert!(
            matches!(&items[..], [Item::Failed { message, .. }] if message.starts_with("no record files in ")),
        );
    }

    #[test]
    fn results_keep_the_order_of_the_items() {
        let items: Vec<u32> = (0..1000).collect();
        let results = run(&items, |n| n * 2);
        assert_eq!(results, items.iter().map(|n| n * 2).collect::<Vec<_>>());
        for threads in [Some(1), Some(2), None] {
            let results = run_on(&items, threads, |n| n + 1);
            assert_eq!(results, items.iter().map(|n| n + 1).collect::<Vec<_>>());
            let mut consumed = Vec::new();
            run_chunked(&items, threads, 7, |n| n + 3, |n| consumed.push(n));
            assert_eq!(consumed, items.iter().map(|n| n + 3).collect::<Vec<_>>());
        }
    }
}
