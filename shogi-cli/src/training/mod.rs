//! Training data from game records: every position of each game's main
//! line before a move, with the move played (move16), the game's result
//! and the evaluation the record states, written as HCPE (38 bytes a
//! position) or PSV (40 bytes a position). `shogi training convert` and
//! Python's `shogi_rules.training.convert` both run [`convert`].
//!
//! The files are read in parallel; the entries are written in the order
//! of the inputs (the files of a directory sorted by name, the games of a
//! file in file order), whatever the number of threads.

mod command;
mod entry;
mod game;

use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};

pub use command::run;
pub use entry::TrainingFormat;
pub use game::Ending;

use crate::input::{RECORD_EXTENSIONS, read_input};
use crate::load::load_records;
use board_cli::batch::{self, Item};
use board_cli::files::AtomicFile;
use game::{Sample, Winner};

/// The largest number of positions `--dedup` remembers by default (about
/// 16 bytes each): 16 Mi keys, some 256 MiB.
pub const DEFAULT_DEDUP_CAPACITY: usize = 1 << 24;

/// What to convert and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// Record files and directories (searched for record files by
    /// extension).
    pub inputs: Vec<PathBuf>,
    /// The format to write.
    pub format: TrainingFormat,
    /// The output file, replaced whole (written to a temporary file beside
    /// it, then renamed).
    pub output: PathBuf,
    /// Games with fewer moves in their main line are skipped.
    pub min_moves: usize,
    /// Games where a player's stated rating is below this are skipped.
    pub min_rating: Option<f64>,
    /// Games that do not state both players' ratings are skipped.
    pub require_rating: bool,
    /// The endings of the games kept.
    pub endings: Vec<Ending>,
    /// Keep games that did not finish (interrupted, or no ending stated),
    /// with the result of a draw.
    pub keep_unfinished: bool,
    /// Skip positions already written (same board, hands and side to
    /// move), remembering at most `dedup_capacity` of them.
    pub dedup: bool,
    /// The most positions `dedup` remembers; once full, later positions
    /// are checked against those remembered but not remembered themselves.
    pub dedup_capacity: usize,
    /// The number of threads (`None`: one per core).
    pub threads: Option<usize>,
}

impl Options {
    /// The options of a conversion of `inputs` to `output` in `format`,
    /// without filters: the default endings, no deduplication.
    #[must_use]
    pub fn new(inputs: Vec<PathBuf>, format: TrainingFormat, output: PathBuf) -> Options {
        Options {
            inputs,
            format,
            output,
            min_moves: 0,
            min_rating: None,
            require_rating: false,
            endings: Ending::DEFAULT.to_vec(),
            keep_unfinished: false,
            dedup: false,
            dedup_capacity: DEFAULT_DEDUP_CAPACITY,
            threads: None,
        }
    }
}

/// Why a game was skipped.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SkipReason {
    /// Fewer moves than `min_moves`.
    TooFewMoves,
    /// A stated rating below `min_rating`.
    RatingBelow,
    /// No stated rating, with `require_rating`.
    NoRating,
    /// An ending that is not kept.
    Ending(Ending),
}

impl std::fmt::Display for SkipReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SkipReason::TooFewMoves => f.write_str("too few moves"),
            SkipReason::RatingBelow => f.write_str("rating below the minimum"),
            SkipReason::NoRating => f.write_str("no rating"),
            SkipReason::Ending(e) => write!(f, "ending: {}", e.as_str()),
        }
    }
}

/// What a conversion did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// The record files read.
    pub files: usize,
    /// The inputs that could not be read, with why, in input order.
    pub failed: Vec<String>,
    /// The games read.
    pub games: usize,
    /// The games whose positions were written.
    pub kept: usize,
    /// The games skipped, by reason, in the order of [`SkipReason`].
    pub skipped: Vec<(SkipReason, usize)>,
    /// The positions written.
    pub positions: usize,
    /// The positions skipped as already written (`dedup`).
    pub duplicates: usize,
    /// The positions the format cannot hold (a king missing, more pieces
    /// than a set has), skipped.
    pub unencodable: usize,
    /// The bytes written.
    pub bytes: u64,
}

/// Why a conversion wrote nothing.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConvertError {
    /// The output could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The output file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
}

/// What one file gives: its entries (each with its Zobrist key and whether
/// it could be encoded), its games' counts, or why it could not be read.
#[derive(Default)]
struct FileResult {
    /// The encoded entries, one after another.
    bytes: Vec<u8>,
    /// For each position, its Zobrist key and whether it is in `bytes`.
    keys: Vec<(u64, bool)>,
    /// The games read.
    games: usize,
    /// The games kept.
    kept: usize,
    /// The games skipped and why.
    skipped: Vec<SkipReason>,
    /// Why the file could not be read.
    error: Option<String>,
}

/// The files read at once: the entries of no more files are held in memory
/// before they are written.
const FILES_PER_CHUNK: usize = 256;

/// Converts the records of `options.inputs` into `options.output`, in
/// parallel, the entries in input order (see the module's documentation).
/// Inputs that cannot be read are listed in [`Summary::failed`] and the
/// others converted. The entries are written as they come (a temporary
/// file, renamed over the output at the end): no more than the entries of
/// a chunk of files are held in memory, and the deduplication set.
///
/// # Errors
///
/// [`ConvertError::Write`] when the output cannot be written; the file is
/// then left as it was.
pub fn convert(options: &Options) -> Result<Summary, ConvertError> {
    let write_error = |source| ConvertError::Write {
        path: options.output.clone(),
        source,
    };
    let mut out = AtomicFile::create(&options.output).map_err(write_error)?;
    let items = batch::expand(&options.inputs, &RECORD_EXTENSIONS);
    let mut merge = Merge {
        options,
        summary: Summary::default(),
        seen: HashSet::new(),
        skipped: BTreeMap::new(),
        out: &mut out,
        error: None,
    };
    batch::run_chunked(
        &items,
        options.threads,
        FILES_PER_CHUNK,
        |item| match item {
            Item::File(job) => convert_file(&job.path, options),
            Item::Failed { message, .. } => FileResult {
                error: Some(message.clone()),
                ..FileResult::default()
            },
        },
        |result| merge.add(result),
    );
    let Merge {
        mut summary,
        skipped,
        error,
        ..
    } = merge;
    if let Some(e) = error {
        return Err(write_error(e));
    }
    summary.skipped = skipped.into_iter().collect();
    out.commit().map_err(write_error)?;
    Ok(summary)
}

/// The results of the files, written in order as they come.
struct Merge<'a> {
    /// What to do.
    options: &'a Options,
    /// The counts so far.
    summary: Summary,
    /// The keys of the positions written (`dedup`).
    seen: HashSet<u64>,
    /// The games skipped, by reason.
    skipped: BTreeMap<SkipReason, usize>,
    /// The output.
    out: &'a mut AtomicFile,
    /// The first write error: nothing more is written after it.
    error: Option<std::io::Error>,
}

impl Merge<'_> {
    /// Counts and writes the entries of one file.
    fn add(&mut self, result: FileResult) {
        if let Some(e) = result.error {
            self.summary.failed.push(e);
            return;
        }
        let summary = &mut self.summary;
        summary.files += 1;
        summary.games += result.games;
        summary.kept += result.kept;
        for reason in result.skipped {
            *self.skipped.entry(reason).or_insert(0) += 1;
        }
        let size = self.options.format.entry_size();
        let mut at = 0;
        for (key, encoded) in result.keys {
            let bytes = if encoded {
                at += size;
                result.bytes.get(at - size..at)
            } else {
                None
            };
            if self.options.dedup {
                if self.seen.contains(&key) {
                    summary.duplicates += 1;
                    continue;
                }
                if self.seen.len() < self.options.dedup_capacity {
                    self.seen.insert(key);
                }
            }
            match bytes {
                Some(bytes) => {
                    if self.error.is_none() {
                        if let Err(e) = self.out.write_all(bytes) {
                            self.error = Some(e);
                        }
                    }
                    summary.positions += 1;
                    summary.bytes += bytes.len() as u64;
                }
                None => summary.unencodable += 1,
            }
        }
    }
}

/// The entries of every game of one file.
fn convert_file(path: &Path, options: &Options) -> FileResult {
    let records = read_input(path).and_then(|bytes| {
        load_records(path, &bytes)
            .map(|loaded| loaded.record)
            .map_err(|e| format!("{}: {e}", path.display()))
    });
    let records = match records {
        Ok(records) => records,
        Err(e) => {
            return FileResult {
                error: Some(e),
                ..FileResult::default()
            };
        }
    };
    let mut result = FileResult::default();
    for record in &records {
        result.games += 1;
        match keep(record, options) {
            Err(reason) => result.skipped.push(reason),
            Ok(winner) => {
                result.kept += 1;
                for sample in game::samples(record) {
                    push(&mut result, options.format, &sample, winner);
                }
            }
        }
    }
    result
}

/// Adds the entry of `sample` to `result`.
fn push(result: &mut FileResult, format: TrainingFormat, sample: &Sample, winner: Winner) {
    let encoded = entry::push_entry(&mut result.bytes, format, sample, winner).is_ok();
    result.keys.push((sample.position.zobrist(), encoded));
}

/// The winner of `record` when its positions are kept, or why not.
fn keep(record: &shogi_rules::record::GameRecord, options: &Options) -> Result<Winner, SkipReason> {
    if record.main.moves.len() < options.min_moves {
        return Err(SkipReason::TooFewMoves);
    }
    let ratings = game::ratings(record);
    if options.require_rating && ratings.iter().any(Option::is_none) {
        return Err(SkipReason::NoRating);
    }
    if let Some(min) = options.min_rating {
        if ratings.iter().flatten().any(|&r| r < min) {
            return Err(SkipReason::RatingBelow);
        }
    }
    let (ending, winner) = game::ending(record);
    let kept =
        options.endings.contains(&ending) || (options.keep_unfinished && ending.is_unfinished());
    if !kept {
        return Err(SkipReason::Ending(ending));
    }
    Ok(winner)
}
