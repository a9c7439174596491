//! PGN game records from Python: `read_pgn` (bytes, text or a path) and `read_pgn_file`,
//! reading without the GIL; `GameRecord`, a frozen view of one game; and `ReadLimits`.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use xiangqi_rules::record::{self as core, Limit};

use board_py::read::{Source, names_a_file, read_file, result_list, return_errors, thread_count};

use crate::errors::{self, XiangqiError};
use crate::game::{Game, RuleSet};
use crate::interrupt::{self, on_main_thread};
use crate::moves::{Move, move_list, notation_arg};
use crate::position::Position;
use crate::types::quote;

/// Why reading one source failed.
type ReadError = board_py::read::ReadError<core::RecordError>;

/// Reads every game of `source` under `limits` (no Python involved: runs without the GIL). A
/// file larger than the input limit is refused before it is read.
fn read_source(
    source: &Source,
    limits: &core::ReadLimits,
) -> Result<Vec<core::GameRecord>, ReadError> {
    match source {
        Source::Text(text) => core::read_pgn_with(text, limits).map_err(ReadError::Record),
        Source::Bytes(bytes) => core::read_pgn_bytes_with(bytes, limits).map_err(ReadError::Record),
        Source::Path(path) => {
            let bytes = read_file(path, limits.max_input_bytes, || {
                core::RecordError::new(
                    0,
                    0,
                    core::RecordErrorKind::LimitExceeded {
                        limit: Limit::InputBytes,
                        max: limits.max_input_bytes,
                    },
                )
            })?;
            core::read_pgn_bytes_with(&bytes, limits).map_err(ReadError::Record)
        }
    }
}

/// Reads every game of `source` without the GIL.
fn read_games<'py>(
    py: Python<'py>,
    source: Source,
    limits: Option<ReadLimits>,
) -> PyResult<Bound<'py, PyList>> {
    let limits = limits.map_or(core::ReadLimits::DEFAULT, |l| l.0);
    let source = Arc::new(source);
    let result = if on_main_thread(py) && source.is_large() {
        // On a thread of its own, so that Ctrl-C need not wait for the end of the read.
        let shared = Arc::clone(&source);
        py.detach(|| interrupt::run(move || read_source(&shared, &limits)))?
    } else {
        py.detach(|| read_source(&source, &limits))
    };
    match result {
        Ok(records) => PyList::new(py, records.into_iter().map(GameRecord::from)),
        Err(e) => Err(read_error(py, e, &source)),
    }
}

/// The Python exception of a failed read of `source`.
fn read_error(py: Python<'_>, e: ReadError, source: &Source) -> PyErr {
    match e {
        ReadError::Io(e) => PyErr::from(e),
        ReadError::Record(e) => match source {
            Source::Text(text) if names_a_file(text) => {
                let message = format!(
                    "{e}; the text is the name of an existing file, not PGN: read the file with \
                     read_pgn_file({text:?}) or read_pgn(pathlib.Path({text:?}))"
                );
                errors::record_error(py, &e, None, Some(message))
            }
            Source::Path(p) => errors::record_error(py, &e, Some(&p.display().to_string()), None),
            _ => errors::record_error(py, &e, None, None),
        },
    }
}

/// Reads `sources` on `threads` threads that take the next index from a shared counter.
fn read_parallel(
    sources: &[Source],
    limits: &core::ReadLimits,
    threads: usize,
) -> Vec<Result<Vec<core::GameRecord>, ReadError>> {
    let next = AtomicUsize::new(0);
    let mut results: Vec<_> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(source) = sources.get(i) else { break };
                        out.push((i, read_source(source, limits)));
                    }
                    out
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| match w.join() {
                Ok(out) => out,
                // A worker only panics if the core does; resume that panic here.
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// Reads many PGN sources in parallel on `threads` threads (the number of CPUs by default),
/// without the GIL: each item of `sources` is a path (`str` or `os.PathLike`) or the `bytes`
/// of a PGN file. Returns a list, in the order of `sources`, of the list of games of each. With
/// `errors="raise"` the first failing source (in order) raises its error; with
/// `errors="return"` its place in the list holds the exception instead.
#[pyfunction]
#[pyo3(signature = (sources, threads=None, errors="raise", *, limits=None))]
pub fn read_pgn_files<'py>(
    py: Python<'py>,
    sources: &Bound<'py, PyAny>,
    threads: Option<usize>,
    errors: &str,
    limits: Option<ReadLimits>,
) -> PyResult<Bound<'py, PyList>> {
    let return_errors = return_errors(errors, XiangqiError::new_err)?;
    let limits = limits.map_or(core::ReadLimits::DEFAULT, |l| l.0);
    let sources: Arc<Vec<Source>> = Arc::new(
        sources
            .try_iter()?
            .map(|item| Source::extract(&item?, true, "PGN"))
            .collect::<PyResult<_>>()?,
    );
    let threads = thread_count(threads, sources.len());
    let results = if on_main_thread(py) {
        let shared = Arc::clone(&sources);
        py.detach(|| interrupt::run(move || read_parallel(&shared, &limits, threads)))?
    } else {
        py.detach(|| read_parallel(&sources, &limits, threads))
    };
    result_list(
        py,
        results,
        &sources,
        return_errors,
        |records| PyList::new(py, records.into_iter().map(GameRecord::from)),
        |e, source| read_error(py, e, source),
    )
}

/// Reads every game of PGN. `source` is the PGN as `bytes` (UTF-8, with or without a
/// byte-order mark, or GBK/GB18030), as `str` text, or a file path as an `os.PathLike` such
/// as `pathlib.Path` (a plain `str` is always text, never a file name: `read_pgn_file` takes
/// one). `limits` bounds what is accepted (`ReadLimits()` by default). Every move is checked
/// against the rules; `RecordError` at the first problem, with its line and column. Reads
/// without holding the GIL.
#[pyfunction]
#[pyo3(signature = (source, *, limits=None))]
pub fn read_pgn<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    limits: Option<ReadLimits>,
) -> PyResult<Bound<'py, PyList>> {
    read_games(py, Source::extract(source, false, "PGN")?, limits)
}

/// Reads every game of the PGN file at `path` (a `str` or an `os.PathLike`); `limits` as for
/// `read_pgn`.
#[pyfunction]
#[pyo3(signature = (path, *, limits=None))]
pub fn read_pgn_file<'py>(
    py: Python<'py>,
    path: PathBuf,
    limits: Option<ReadLimits>,
) -> PyResult<Bound<'py, PyList>> {
    read_games(py, Source::Path(path), limits)
}

/// How much a PGN reader accepts: the `limits=` argument of `read_pgn` and `read_pgn_file`.
/// Frozen, hashable, picklable.
#[pyclass(frozen, eq, hash, from_py_object, module = "xiangqi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct ReadLimits(pub core::ReadLimits);

/// The defaults of `ReadLimits.__new__` are the core's.
const DEFAULTS_MATCH: () = {
    let d = core::ReadLimits::DEFAULT;
    assert!(
        d.max_input_bytes == 67_108_864
            && d.max_line_bytes == 1_048_576
            && d.max_moves == 100_000
            && d.max_variations == 10_000
            && d.max_depth == 64
            && d.max_games == 100_000
    );
};

#[pymethods]
impl ReadLimits {
    /// Each keyword sets one limit; the others keep their defaults.
    #[new]
    #[pyo3(signature = (
        *,
        max_input_bytes=67108864,
        max_line_bytes=1048576,
        max_moves=100000,
        max_variations=10000,
        max_depth=64,
        max_games=100000,
    ))]
    fn py_new(
        max_input_bytes: usize,
        max_line_bytes: usize,
        max_moves: usize,
        max_variations: usize,
        max_depth: usize,
        max_games: usize,
    ) -> ReadLimits {
        let () = DEFAULTS_MATCH;
        ReadLimits(core::ReadLimits {
            max_input_bytes,
            max_line_bytes,
            max_moves,
            max_variations,
            max_depth,
            max_games,
        })
    }

    /// Bytes of input (default 64 MiB).
    #[getter]
    fn max_input_bytes(&self) -> usize {
        self.0.max_input_bytes
    }

    /// Bytes in one line (default 1 MiB).
    #[getter]
    fn max_line_bytes(&self) -> usize {
        self.0.max_line_bytes
    }

    /// Moves of one game, variations included (default 100,000).
    #[getter]
    fn max_moves(&self) -> usize {
        self.0.max_moves
    }

    /// Variations of one game (default 10,000).
    #[getter]
    fn max_variations(&self) -> usize {
        self.0.max_variations
    }

    /// How deep variations nest (default 64).
    #[getter]
    fn max_depth(&self) -> usize {
        self.0.max_depth
    }

    /// Games of one file (default 100,000).
    #[getter]
    fn max_games(&self) -> usize {
        self.0.max_games
    }

    fn __repr__(&self) -> String {
        let l = &self.0;
        format!(
            "ReadLimits(max_input_bytes={}, max_line_bytes={}, max_moves={}, \
             max_variations={}, max_depth={}, max_games={})",
            l.max_input_bytes,
            l.max_line_bytes,
            l.max_moves,
            l.max_variations,
            l.max_depth,
            l.max_games
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, LimitsState)> {
        let l = &self.0;
        Ok((
            py.get_type::<ReadLimits>().getattr("_restore")?,
            (
                l.max_input_bytes,
                l.max_line_bytes,
                l.max_moves,
                l.max_variations,
                l.max_depth,
                l.max_games,
            ),
        ))
    }

    /// The limits of a `__reduce__` state: the fields in order.
    #[staticmethod]
    fn _restore(
        max_input_bytes: usize,
        max_line_bytes: usize,
        max_moves: usize,
        max_variations: usize,
        max_depth: usize,
        max_games: usize,
    ) -> ReadLimits {
        ReadLimits::py_new(
            max_input_bytes,
            max_line_bytes,
            max_moves,
            max_variations,
            max_depth,
            max_games,
        )
    }
}

/// The pickled form of `ReadLimits`: its fields in declaration order.
type LimitsState = (usize, usize, usize, usize, usize, usize);

/// A game record read from PGN: the tag pairs, the start position, the moves (the main line
/// and its variations, with comments) and the result. Frozen: every move was checked against
/// the rules when it was read. Picklable (through its PGN text, read again on load).
#[pyclass(frozen, module = "xiangqi_rules._core")]
pub struct GameRecord {
    record: Arc<core::GameRecord>,
}

impl From<core::GameRecord> for GameRecord {
    fn from(record: core::GameRecord) -> GameRecord {
        GameRecord {
            record: Arc::new(record),
        }
    }
}

/// The main line's nodes, in order (the root not included).
fn main_nodes(record: &core::GameRecord) -> Vec<core::NodeId> {
    let mut out = Vec::new();
    let mut at = record.root();
    while let Some(&next) = record.node(at).and_then(|n| n.children().first()) {
        out.push(next);
        at = next;
    }
    out
}

/// The PGN text of a pickled record: ICCS move text, without the `[Format]` tag the writer
/// adds when the record has none.
fn saved_text(record: &core::GameRecord) -> String {
    let text = core::write_pgn(record, xiangqi_rules::notation::Notation::Iccs);
    if record.tag("Format").is_some() {
        return text;
    }
    let (head, body) = text.split_once("\n\n").unwrap_or((&text, ""));
    let head: Vec<&str> = head.lines().filter(|l| *l != "[Format \"ICCS\"]").collect();
    if head.is_empty() {
        format!("\n{body}")
    } else {
        format!("{}\n\n{body}", head.join("\n"))
    }
}

/// The pickled form of `GameRecord`: its PGN text and its `[Format]` tag.
type RecordState = (String, Option<String>);

#[pymethods]
impl GameRecord {
    /// The record of a game: its start (a `[FEN]` tag when it is not the standard one), its
    /// moves and its result (`"*"` while it goes on), with `tags` (a dict or `(name, value)`
    /// pairs, set in order after the `[FEN]` tag).
    #[staticmethod]
    #[pyo3(signature = (game, tags=None))]
    fn from_game(
        py: Python<'_>,
        game: PyRef<'_, Game>,
        tags: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<GameRecord> {
        let inner = &game.inner;
        let mut record = core::GameRecord::new(inner.start().clone());
        if let Some(tags) = tags {
            let pairs = match tags.cast::<PyDict>() {
                Ok(dict) => dict.items().into_any(),
                Err(_) => tags.clone(),
            };
            for pair in pairs.try_iter()? {
                let (name, value): (String, String) = pair?.extract()?;
                record.set_tag(&name, &value);
            }
        }
        let mut at = record.root();
        for m in inner.moves() {
            at = record
                .add_move(at, m)
                .map_err(|e| errors::illegal_move_error(py, &e))?;
        }
        let result = match inner.outcome().map(|o| o.winner) {
            None => core::GameResult::Unknown,
            Some(Some(xiangqi_rules::Color::Red)) => core::GameResult::RedWins,
            Some(Some(xiangqi_rules::Color::Black)) => core::GameResult::BlackWins,
            Some(None) => core::GameResult::Draw,
        };
        record.set_result(result);
        Ok(record.into())
    }

    /// The tags as a dict, name to value (the first of a repeated name).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in self.record.tags() {
            if !dict.contains(name)? {
                dict.set_item(name, value)?;
            }
        }
        Ok(dict)
    }

    /// The tag pairs in their order, as `(name, value)` tuples, repeated names included.
    #[getter]
    fn tag_list(&self) -> Vec<(String, String)> {
        self.record.tags().to_vec()
    }

    /// The value of the first tag named `name`, or `default`.
    #[pyo3(signature = (name, default=None))]
    fn tag(&self, name: &str, default: Option<String>) -> Option<String> {
        self.record.tag(name).map(str::to_owned).or(default)
    }

    /// The start position (the `[FEN]` tag's, or the standard start).
    #[getter]
    fn start(&self) -> Position {
        self.record.start().clone().into()
    }

    /// The moves of the main line.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, &self.record.main_line())
    }

    /// How many moves the record holds, variations included.
    #[getter]
    fn move_count(&self) -> usize {
        self.record.node_count() - 1
    }

    /// The result token: `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    #[getter]
    fn result(&self) -> &'static str {
        self.record.result().as_str()
    }

    /// The comments of the main line as `(ply, text)` tuples: ply 0 for a comment before the
    /// first move, ply n for one after the n-th move.
    #[getter]
    fn comments(&self) -> Vec<(usize, String)> {
        let record = &self.record;
        let mut out = Vec::new();
        let root = record.node(record.root());
        for c in root.map(|n| n.comments()).unwrap_or_default() {
            out.push((0, c.clone()));
        }
        for (i, id) in main_nodes(record).into_iter().enumerate() {
            for c in record.node(id).map(|n| n.comments()).unwrap_or_default() {
                out.push((i + 1, c.clone()));
            }
        }
        out
    }

    /// The variations, each as a `(ply, moves)` tuple: `moves` is the whole line from the
    /// start to the variation's last move (its first continuation at each step), and `ply`
    /// the 0-based index in it of the variation's first move (the move it plays instead of
    /// the line it branches from). Nested variations are listed too, each after its parent, in
    /// the order of the file.
    #[getter]
    fn variations<'py>(&self, py: Python<'py>) -> PyResult<Vec<(usize, Bound<'py, PyList>)>> {
        let record = &self.record;
        let mut out = Vec::new();
        // Depth first, with an explicit stack of nodes whose other children start variations.
        let mut stack = vec![record.root()];
        let mut starts = Vec::new();
        while let Some(id) = stack.pop() {
            let Some(node) = record.node(id) else {
                continue;
            };
            let children = node.children();
            // The continuation is walked after the variations at this node.
            if let Some(&first) = children.first() {
                stack.push(first);
            }
            for &child in children.iter().skip(1).rev() {
                stack.push(child);
            }
            if let Some(parent) = record.parent(id) {
                let first_child = record.node(parent).and_then(|p| p.children().first());
                if first_child != Some(&id) {
                    starts.push(id);
                }
            }
        }
        for id in starts {
            let ply = record.moves_to(id).len() - 1;
            let mut end = id;
            while let Some(&next) = record.node(end).and_then(|n| n.children().first()) {
                end = next;
            }
            out.push((ply, move_list(py, &record.moves_to(end))?));
        }
        Ok(out)
    }

    /// The main line's moves in `notation`: `"iccs"` (`h2e2`), `"uci"` (`h3e3`), `"wxf"`
    /// (`C2.5`) or `"chinese"` (`炮二平五`).
    #[pyo3(signature = (notation="iccs"))]
    fn notation(&self, notation: &str) -> PyResult<Vec<String>> {
        let notation = notation_arg(notation)?;
        Ok(notation.format_line(self.record.start(), &self.record.main_line()))
    }

    /// The record as PGN text with its moves in `notation` (`"iccs"`, `"uci"`, `"wxf"` or
    /// `"chinese"`): the tags (with `[Format]` set to the notation), the move text with
    /// comments and variations, and the result.
    #[pyo3(signature = (notation="iccs"))]
    fn write(&self, py: Python<'_>, notation: &str) -> PyResult<String> {
        let notation = notation_arg(notation)?;
        let record = Arc::clone(&self.record);
        Ok(py.detach(move || core::write_pgn(&record, notation)))
    }

    /// The main line played as a `Game` under `rules` (the site rules by default), adjudicated
    /// after every move. `GameOverError` for a move recorded after the game ended by the rules.
    #[pyo3(signature = (rules=None))]
    fn game(&self, py: Python<'_>, rules: Option<RuleSet>) -> PyResult<Game> {
        let rules = rules.map_or_else(xiangqi_rules::RuleSet::site, |r| r.0);
        self.record
            .main_game(rules)
            .map(|inner| Game { inner })
            .map_err(|e| errors::game_error(py, &e))
    }

    /// The record as plain values, for `json.dumps`: `tags` (a list of `[name, value]`),
    /// `start` (FEN), `moves` (ICCS, the main line), `comments` (`[ply, text]`),
    /// `variations` (`[ply, ICCS moves]`) and `result`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        let tags: Vec<Vec<String>> = self
            .record
            .tags()
            .iter()
            .map(|(n, v)| vec![n.clone(), v.clone()])
            .collect();
        dict.set_item("tags", tags)?;
        dict.set_item("start", self.record.start().to_fen())?;
        let moves: Vec<String> = self
            .record
            .main_line()
            .iter()
            .map(|m| m.to_string())
            .collect();
        dict.set_item("moves", moves)?;
        let comments: Vec<(usize, String)> = self.comments();
        dict.set_item("comments", comments)?;
        let variations = PyList::empty(py);
        for (ply, line) in self.variations(py)? {
            let iccs: Vec<String> = line
                .iter()
                .map(|m| Ok(m.cast::<Move>()?.get().0.to_string()))
                .collect::<PyResult<_>>()?;
            variations.append((ply, iccs))?;
        }
        dict.set_item("variations", variations)?;
        dict.set_item("result", self.record.result().as_str())?;
        Ok(dict)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<GameRecord>()
            .is_ok_and(|o| *o.get().record == *self.record)
    }

    fn __repr__(&self) -> String {
        let r = &self.record;
        let name = |tag: &str| r.tag(tag).map_or_else(|| "?".to_owned(), quote);
        format!(
            "<GameRecord {} vs {}, {} moves, {}>",
            name("Red"),
            name("Black"),
            r.main_line().len(),
            r.result().as_str()
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, RecordState)> {
        Ok((
            py.get_type::<GameRecord>().getattr("_restore")?,
            (
                saved_text(&self.record),
                self.record.tag("Format").map(str::to_owned),
            ),
        ))
    }

    /// The record of a `__reduce__` state: its PGN text, read again (every move checked), and
    /// its `[Format]` tag.
    #[staticmethod]
    fn _restore(py: Python<'_>, text: &str, format: Option<&str>) -> PyResult<GameRecord> {
        let mut record =
            core::read_pgn_game(text).map_err(|e| errors::record_error(py, &e, None, None))?;
        if let Some(format) = format {
            record.set_tag("Format", format);
        }
        Ok(record.into())
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
}
