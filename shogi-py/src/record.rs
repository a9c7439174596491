//! Game records: reading (one file, or many in parallel without the GIL), the record model, and
//! writing.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyString};
use shogi_rules::record::{self as core, Encoding, Format};

use crate::errors::{self, ShogiError};
use crate::game::{Game, Outcome};
use crate::interrupt::Signals;
use crate::moves::move_list;
use crate::position::Position;
use crate::rules::RuleSet;
use crate::types::quote;

/// Every format of the core, for reading the names back.
const FORMATS: [Format; 5] = [
    Format::Kif,
    Format::Ki2,
    Format::Csa,
    Format::Jkf,
    Format::Usi,
];

fn format_arg(name: &str) -> PyResult<Format> {
    let lower = name.trim_start_matches('.').to_ascii_lowercase();
    FORMATS
        .into_iter()
        .find(|f| f.as_str() == lower)
        .ok_or_else(|| {
            ShogiError::new_err(format!(
                "unknown record format {name:?}: expected \"kif\", \"ki2\", \"csa\", \"jkf\" or \"usi\""
            ))
        })
}

fn encoding_arg(name: &str) -> PyResult<Encoding> {
    match name.to_ascii_lowercase().replace('_', "-").as_str() {
        "utf-8" | "utf8" => Ok(Encoding::Utf8),
        "cp932" | "shift-jis" | "sjis" | "windows-31j" | "ms932" => Ok(Encoding::Cp932),
        "euc-jp" | "eucjp" => Ok(Encoding::EucJp),
        _ => Err(ShogiError::new_err(format!(
            "unknown encoding {name:?}: expected \"utf-8\", \"cp932\" or \"euc-jp\""
        ))),
    }
}

/// Where a record comes from.
pub enum Source {
    /// The bytes of a file, in any supported encoding.
    Bytes(Vec<u8>),
    /// Decoded text.
    Text(String),
    /// A file to read.
    Path(PathBuf),
}

impl Source {
    /// `bytes`/`bytearray`/`memoryview` are contents; `str` is text when `str_is_path` is
    /// false (for `read_record`) and a path when true (for `read_records`); any other
    /// `os.PathLike` is a path.
    fn extract(obj: &Bound<'_, PyAny>, str_is_path: bool) -> PyResult<Source> {
        if let Ok(b) = obj.cast::<PyBytes>() {
            return Ok(Source::Bytes(b.as_bytes().to_vec()));
        }
        if let Ok(b) = obj.cast::<PyByteArray>() {
            return Ok(Source::Bytes(b.to_vec()));
        }
        if let Ok(s) = obj.cast::<PyString>() {
            let s = s.to_cow()?;
            let s: &str = &s;
            return Ok(if str_is_path {
                Source::Path(PathBuf::from(s))
            } else {
                Source::Text(s.to_owned())
            });
        }
        if obj.hasattr("__fspath__")? {
            return Ok(Source::Path(obj.extract::<PathBuf>()?));
        }
        if let Ok(view) = obj.call_method0("tobytes") {
            if let Ok(b) = view.cast::<PyBytes>() {
                return Ok(Source::Bytes(b.as_bytes().to_vec()));
            }
        }
        Err(PyTypeError::new_err(
            "expected record bytes, record text (str) or a path (os.PathLike)",
        ))
    }

    fn path_name(&self) -> Option<String> {
        match self {
            Source::Path(p) => Some(p.display().to_string()),
            _ => None,
        }
    }
}

/// Why reading one source failed.
pub enum ReadError {
    Io(std::io::Error),
    Record(core::RecordError),
}

/// How much a record reader accepts: the `limits=` argument of the readers. Frozen, hashable,
/// picklable.
#[pyclass(frozen, eq, hash, from_py_object, module = "shogi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct ReadLimits(pub core::ReadLimits);

/// The defaults of `ReadLimits.__new__` are the core's.
const DEFAULTS_MATCH: () = {
    let d = core::ReadLimits::DEFAULT;
    assert!(
        d.max_input_bytes == 67_108_864
            && d.max_line_bytes == 16_777_216
            && d.max_header_bytes == 65_536
            && d.max_moves_per_line == 1_000_000
            && d.max_variations == 100_000
            && d.max_depth == 1_000
            && d.max_records == 1_000_000
    );
};

/// The pickled form of `ReadLimits`: its fields in declaration order.
type LimitsState = (usize, usize, usize, usize, usize, usize, usize);

/// The keyword of each limit, in the order of `core::Limit::ALL`.
fn limit_keyword(limit: core::Limit) -> String {
    format!("max_{}", limit.as_str())
}

#[pymethods]
impl ReadLimits {
    /// Each keyword sets one limit; the others keep their defaults.
    #[new]
    // The defaults written out, so that Python's signature shows them; `DEFAULTS_MATCH`
    // checks them against the core's.
    #[pyo3(signature = (
        *,
        max_input_bytes=67108864,
        max_line_bytes=16777216,
        max_header_bytes=65536,
        max_moves_per_line=1000000,
        max_variations=100000,
        max_depth=1000,
        max_records=1000000,
    ))]
    fn py_new(
        max_input_bytes: usize,
        max_line_bytes: usize,
        max_header_bytes: usize,
        max_moves_per_line: usize,
        max_variations: usize,
        max_depth: usize,
        max_records: usize,
    ) -> ReadLimits {
        let () = DEFAULTS_MATCH;
        ReadLimits(core::ReadLimits {
            max_input_bytes,
            max_line_bytes,
            max_header_bytes,
            max_moves_per_line,
            max_variations,
            max_depth,
            max_records,
        })
    }

    /// No limit but what memory allows: for trusted input only.
    #[staticmethod]
    fn unlimited() -> ReadLimits {
        ReadLimits(core::ReadLimits::UNLIMITED)
    }

    /// Bytes of input, before decoding.
    #[getter]
    fn max_input_bytes(&self) -> usize {
        self.0.max_input_bytes
    }

    /// Bytes in one line of text after decoding.
    #[getter]
    fn max_line_bytes(&self) -> usize {
        self.0.max_line_bytes
    }

    /// Bytes in one header value or one comment.
    #[getter]
    fn max_header_bytes(&self) -> usize {
        self.0.max_header_bytes
    }

    /// Moves in one line of play (the main line or a variation).
    #[getter]
    fn max_moves_per_line(&self) -> usize {
        self.0.max_moves_per_line
    }

    /// Variations in the whole record.
    #[getter]
    fn max_variations(&self) -> usize {
        self.0.max_variations
    }

    /// How deep variations nest: a variation of the main line is at depth 1.
    #[getter]
    fn max_depth(&self) -> usize {
        self.0.max_depth
    }

    /// Records in one file (games of a CSA file separated by `/`, lines of a USI file).
    #[getter]
    fn max_records(&self) -> usize {
        self.0.max_records
    }

    /// A copy with the given limits changed (the same keywords as the constructor).
    #[pyo3(signature = (**changes))]
    fn replace(&self, changes: Option<&Bound<'_, PyDict>>) -> PyResult<ReadLimits> {
        let mut limits = self.0;
        for (key, value) in changes.into_iter().flat_map(|c| c.iter()) {
            let key: String = key.extract()?;
            let limit = core::Limit::ALL
                .into_iter()
                .find(|l| limit_keyword(*l) == key)
                .ok_or_else(|| PyTypeError::new_err(format!("ReadLimits has no field {key:?}")))?;
            limits = limits.with(limit, value.extract()?);
        }
        Ok(ReadLimits(limits))
    }

    fn __repr__(&self) -> String {
        let fields: Vec<String> = core::Limit::ALL
            .into_iter()
            .map(|l| format!("{}={}", limit_keyword(l), l.of(&self.0)))
            .collect();
        format!("ReadLimits({})", fields.join(", "))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, LimitsState)> {
        let l = &self.0;
        Ok((
            py.get_type::<ReadLimits>().getattr("_restore")?,
            (
                l.max_input_bytes,
                l.max_line_bytes,
                l.max_header_bytes,
                l.max_moves_per_line,
                l.max_variations,
                l.max_depth,
                l.max_records,
            ),
        ))
    }

    /// The limits of a `__reduce__` state (a state pickled before `max_records` existed has
    /// six fields and gets its default).
    #[staticmethod]
    #[pyo3(signature = (
        max_input_bytes,
        max_line_bytes,
        max_header_bytes,
        max_moves_per_line,
        max_variations,
        max_depth,
        max_records=1000000,
    ))]
    fn _restore(
        max_input_bytes: usize,
        max_line_bytes: usize,
        max_header_bytes: usize,
        max_moves_per_line: usize,
        max_variations: usize,
        max_depth: usize,
        max_records: usize,
    ) -> ReadLimits {
        ReadLimits::py_new(
            max_input_bytes,
            max_line_bytes,
            max_header_bytes,
            max_moves_per_line,
            max_variations,
            max_depth,
            max_records,
        )
    }
}

fn limits_arg(limits: Option<ReadLimits>) -> core::ReadLimits {
    limits.map_or(core::ReadLimits::DEFAULT, |l| l.0)
}

/// Reads one record (no Python involved: runs without the GIL).
pub fn read_source(
    source: &Source,
    format: Option<Format>,
    limits: &core::ReadLimits,
) -> Result<core::GameRecord, ReadError> {
    read_source_with(source, format, limits, core::read_with, core::read_str_with)
}

/// Reads every record of one source (no Python involved: runs without the GIL).
pub fn read_source_all(
    source: &Source,
    format: Option<Format>,
    limits: &core::ReadLimits,
) -> Result<Vec<core::GameRecord>, ReadError> {
    read_source_with(
        source,
        format,
        limits,
        core::read_all_with,
        core::read_str_all_with,
    )
}

/// A reader of the core from bytes, and from text.
type BytesReader<T> = fn(&[u8], Option<Format>, &core::ReadLimits) -> Result<T, core::RecordError>;
type TextReader<T> = fn(&str, Option<Format>, &core::ReadLimits) -> Result<T, core::RecordError>;

/// Reads `source` with the core's `read_bytes` or `read_text`: a file too large is refused
/// before it is read, and a file whose content names no format is read in the format of its
/// extension.
fn read_source_with<T>(
    source: &Source,
    format: Option<Format>,
    limits: &core::ReadLimits,
    read_bytes: BytesReader<T>,
    read_text: TextReader<T>,
) -> Result<T, ReadError> {
    let owned;
    let bytes: &[u8] = match source {
        Source::Text(text) => {
            return read_text(text, format, limits).map_err(ReadError::Record);
        }
        Source::Bytes(b) => b,
        Source::Path(p) => {
            // A file too large is refused before it is read.
            let size = std::fs::metadata(p).map_err(ReadError::Io)?.len();
            if usize::try_from(size).map_or(true, |s| s > limits.max_input_bytes) {
                return Err(ReadError::Record(core::RecordError::new(
                    format
                        .or_else(|| extension_format(source))
                        .unwrap_or(Format::Kif),
                    0,
                    0,
                    core::RecordErrorKind::LimitExceeded {
                        limit: core::Limit::InputBytes,
                        max: limits.max_input_bytes,
                    },
                )));
            }
            owned = std::fs::read(p).map_err(ReadError::Io)?;
            &owned
        }
    };
    if format.is_some() {
        return read_bytes(bytes, format, limits).map_err(ReadError::Record);
    }
    match read_bytes(bytes, None, limits) {
        // Content that names no format: a file's extension may still tell.
        Err(e) if e.kind == core::RecordErrorKind::UnknownFormat => {
            match extension_format(source) {
                Some(f) => read_bytes(bytes, Some(f), limits).map_err(ReadError::Record),
                None => Err(ReadError::Record(e)),
            }
        }
        result => result.map_err(ReadError::Record),
    }
}

/// The format a path's extension names.
fn extension_format(source: &Source) -> Option<Format> {
    match source {
        Source::Path(p) => p
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension),
        _ => None,
    }
}

fn read_error(py: Python<'_>, e: ReadError, source: &Source) -> PyErr {
    match e {
        ReadError::Io(io) => PyErr::from(io),
        ReadError::Record(r) => errors::record_error(py, &r, source.path_name().as_deref()),
    }
}

/// Inputs from this size on are read on a thread of their own, so that Ctrl-C need not wait
/// for the end of the read (a few milliseconds per megabyte).
const LARGE_INPUT: u64 = 1 << 20;

impl Source {
    fn is_large(&self) -> bool {
        match self {
            Source::Bytes(b) => b.len() as u64 >= LARGE_INPUT,
            Source::Text(t) => t.len() as u64 >= LARGE_INPUT,
            Source::Path(p) => std::fs::metadata(p).is_ok_and(|m| m.len() >= LARGE_INPUT),
        }
    }
}

/// Reads one game record. `source` is the record as `bytes` (any supported encoding: UTF-8,
/// CP932/Shift_JIS, EUC-JP), as `str` text, or a file path as an `os.PathLike` such as
/// `pathlib.Path` (a plain `str` is always text, never a file name). The format is detected
/// from the content (then from a path's extension) unless `format` names it; `limits` bounds
/// what is accepted (`ReadLimits()` by default).
#[pyfunction]
#[pyo3(signature = (source, format=None, *, limits=None))]
pub fn read_record(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
    limits: Option<ReadLimits>,
) -> PyResult<GameRecord> {
    let format = format.map(format_arg).transpose()?;
    let limits = limits_arg(limits);
    let source = Arc::new(Source::extract(source, false)?);
    let mut signals = Signals::new(py);
    let result = py.detach(|| {
        if source.is_large() {
            let source = Arc::clone(&source);
            signals.run(move || read_source(&source, format, &limits))
        } else {
            Ok(read_source(&source, format, &limits))
        }
    })?;
    result
        .map(GameRecord::from)
        .map_err(|e| read_error(py, e, &source))
}

/// Reads every record of one file: each game of a CSA file (games separated by `/` lines),
/// each line of a USI file (`position ...` lines or bare SFEN lines), the one record of a KIF,
/// KI2 or JKF file. `source`, `format` and `limits` as for `read_record` (`limits.max_records`
/// bounds the number of records). Errors name their line in the whole file.
#[pyfunction]
#[pyo3(signature = (source, format=None, *, limits=None))]
pub fn read_all<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    format: Option<&str>,
    limits: Option<ReadLimits>,
) -> PyResult<Bound<'py, PyList>> {
    let format = format.map(format_arg).transpose()?;
    let limits = limits_arg(limits);
    let source = Arc::new(Source::extract(source, false)?);
    let mut signals = Signals::new(py);
    let result = py.detach(|| {
        if source.is_large() {
            let source = Arc::clone(&source);
            signals.run(move || read_source_all(&source, format, &limits))
        } else {
            Ok(read_source_all(&source, format, &limits))
        }
    })?;
    let records = result.map_err(|e| read_error(py, e, &source))?;
    PyList::new(py, records.into_iter().map(GameRecord::from))
}

/// Reads many records in parallel on `threads` threads (the number of CPUs by default),
/// without the GIL. Each item of `sources` is a path (`str` or `os.PathLike`) or the
/// `bytes` of a record. The list keeps the order of `sources`. With `errors="raise"` the first
/// failing source (in order) raises its error; with `errors="return"` its place in the list
/// holds the exception instead.
#[pyfunction]
#[pyo3(signature = (sources, threads=None, format=None, errors="raise", *, limits=None))]
pub fn read_records<'py>(
    py: Python<'py>,
    sources: &Bound<'py, PyAny>,
    threads: Option<usize>,
    format: Option<&str>,
    errors: &str,
    limits: Option<ReadLimits>,
) -> PyResult<Bound<'py, PyList>> {
    let return_errors = match errors {
        "raise" => false,
        "return" => true,
        other => {
            return Err(ShogiError::new_err(format!(
                "errors must be \"raise\" or \"return\", not {other:?}"
            )));
        }
    };
    let format = format.map(format_arg).transpose()?;
    let limits = limits_arg(limits);
    let sources: Arc<Vec<Source>> = Arc::new(
        sources
            .try_iter()?
            .map(|item| Source::extract(&item?, true))
            .collect::<PyResult<_>>()?,
    );
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, sources.len().max(1));
    let mut signals = Signals::new(py);
    let results = py.detach(|| read_parallel(&sources, format, limits, threads, &mut signals))?;
    let list = PyList::empty(py);
    for (result, source) in results.into_iter().zip(sources.iter()) {
        match result {
            Ok(record) => list.append(GameRecord::from(record))?,
            Err(e) => {
                let err = read_error(py, e, source);
                if !return_errors {
                    return Err(err);
                }
                list.append(err.into_value(py))?;
            }
        }
    }
    Ok(list)
}

type ReadResult = Result<core::GameRecord, ReadError>;

/// Reads `sources` on `threads` threads that take the next index from a shared counter and send
/// back what they read, while the calling thread polls `signals`. A signal stops the workers
/// from taking more sources and returns at once; each worker ends after the source it is on.
fn read_parallel(
    sources: &Arc<Vec<Source>>,
    format: Option<Format>,
    limits: core::ReadLimits,
    threads: usize,
    signals: &mut Signals,
) -> PyResult<Vec<ReadResult>> {
    use std::sync::atomic::AtomicBool;
    use std::sync::mpsc::{RecvTimeoutError, channel};

    let next = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (send, receive) = channel::<(usize, ReadResult)>();
    let workers: Vec<_> = (0..threads)
        .map(|_| {
            let (sources, next, stop, send) = (
                Arc::clone(sources),
                Arc::clone(&next),
                Arc::clone(&stop),
                send.clone(),
            );
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(source) = sources.get(i) else { break };
                    if send
                        .send((i, read_source(source, format, &limits)))
                        .is_err()
                    {
                        break;
                    }
                }
            })
        })
        .collect();
    drop(send);
    let mut results: Vec<Option<ReadResult>> = (0..sources.len()).map(|_| None).collect();
    let mut received = 0;
    while received < sources.len() {
        let polled = match receive.recv_timeout(crate::interrupt::INTERVAL) {
            Ok((i, result)) => {
                results[i] = Some(result);
                received += 1;
                signals.poll()
            }
            Err(RecvTimeoutError::Timeout) => signals.check(),
            // Every worker ended before every source was read: one panicked.
            Err(RecvTimeoutError::Disconnected) => break,
        };
        if let Err(e) = polled {
            stop.store(true, Ordering::Relaxed);
            return Err(e);
        }
    }
    for worker in workers {
        // A worker only panics if the core does; resume that panic here.
        if let Err(panic) = worker.join() {
            std::panic::resume_unwind(panic);
        }
    }
    Ok(results
        .into_iter()
        .map(|r| r.expect("every source was read"))
        .collect())
}

/// A comment of a record: `ply` is the number of moves played before it (0 for comments on the
/// start position), `kind` is `"normal"`, `"engine"` (KIF `**`) or `"bookmark"`.
#[pyclass(frozen, eq, hash, module = "shogi_rules._core")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Comment {
    /// Moves played before the comment.
    #[pyo3(get)]
    ply: u32,
    /// `"normal"`, `"engine"` or `"bookmark"`.
    #[pyo3(get)]
    kind: String,
    /// The text, without its marker.
    #[pyo3(get)]
    text: String,
}

#[pymethods]
impl Comment {
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (u32, String, String))> {
        let restore = py.get_type::<Comment>().getattr("_restore")?;
        Ok((restore, (self.ply, self.kind.clone(), self.text.clone())))
    }

    /// The comment of a `__reduce__` state.
    #[staticmethod]
    fn _restore(ply: u32, kind: String, text: String) -> Comment {
        Comment { ply, kind, text }
    }

    fn __repr__(&self) -> String {
        format!(
            "Comment(ply={}, kind={}, text={})",
            self.ply,
            quote(&self.kind),
            quote(&self.text)
        )
    }
}

fn comments_of(ply: u32, comments: &[core::Comment], out: &mut Vec<Comment>) {
    out.extend(comments.iter().map(|c| Comment {
        ply,
        kind: c.kind.as_str().to_owned(),
        text: c.text.clone(),
    }));
}

/// A line of play that replaces a move of its parent line: `ply` is the 1-based ply of the
/// move it replaces (its first move is played from the position before that move).
#[pyclass(frozen, module = "shogi_rules._core")]
pub struct Variation {
    /// The ply of the replaced move in the parent line.
    #[pyo3(get)]
    ply: u32,
    /// The record it belongs to, shared with the record object and every variation of it.
    record: Arc<core::GameRecord>,
    id: core::LineId,
}

/// The variations of line `id` of `record`, whose first move is ply `first_ply`.
fn variations_of(
    py: Python<'_>,
    record: &Arc<core::GameRecord>,
    id: core::LineId,
    first_ply: u32,
) -> PyResult<Py<PyList>> {
    let list = PyList::empty(py);
    let moves = record.line(id).map_or(0, |l| l.moves.len());
    for i in 0..moves {
        for v in record.variations(id, i) {
            list.append(Variation {
                ply: first_ply.saturating_add(u32::try_from(i).unwrap_or(u32::MAX)),
                record: Arc::clone(record),
                id: v,
            })?;
        }
    }
    Ok(list.unbind())
}

impl Variation {
    fn line(&self) -> &core::Line {
        static EMPTY: core::Line = core::Line {
            moves: Vec::new(),
            end: None,
        };
        self.record.line(self.id).unwrap_or(&EMPTY)
    }

    /// The variation and the variations below it, as a record of their own.
    fn subtree(&self) -> PyResult<core::GameRecord> {
        self.record
            .extract(self.id)
            .ok_or_else(|| ShogiError::new_err("the variation is not in its record"))
    }
}

#[pymethods]
impl Variation {
    /// The moves of the variation.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(
            py,
            &self.line().moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
        )
    }

    /// How the variation ends (`"resign"`, …), or `None`.
    #[getter]
    fn end(&self) -> Option<&'static str> {
        self.line().end.as_ref().map(|e| e.special.as_str())
    }

    /// Variations of this variation's own moves (plies counted from the game's start).
    #[getter]
    fn variations(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        variations_of(py, &self.record, self.id, self.ply)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (u32, String))> {
        let state = serde_json::to_string(&SavedRecord::from(&self.subtree()?))
            .map_err(|e| ShogiError::new_err(e.to_string()))?;
        let restore = py.get_type::<Variation>().getattr("_restore")?;
        Ok((restore, (self.ply, state)))
    }

    /// The variation of a `__reduce__` state.
    #[staticmethod]
    fn _restore(ply: u32, state: &str) -> PyResult<Variation> {
        let saved: SavedRecord = serde_json::from_str(state)
            .map_err(|e| ShogiError::new_err(format!("not a saved variation: {e}")))?;
        Ok(Variation {
            ply,
            record: Arc::new(saved.into_record()?),
            id: core::LineId::MAIN,
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Variation>() {
            Ok(o) => Ok(self.ply == o.get().ply && self.subtree()? == o.get().subtree()?),
            Err(_) => Ok(false),
        }
    }

    fn __repr__(&self) -> String {
        let moves: Vec<String> = self.line().moves.iter().map(|m| m.mv.to_string()).collect();
        format!("<Variation at ply {}: {}>", self.ply, moves.join(" "))
    }
}

/// A game record read from (or written to) KIF, KI2, CSA, JKF or USI. Every move was checked
/// against the rules when it was read.
#[pyclass(frozen, eq, module = "shogi_rules._core")]
#[derive(Clone, PartialEq, Eq)]
pub struct GameRecord {
    inner: Arc<core::GameRecord>,
}

impl From<core::GameRecord> for GameRecord {
    fn from(inner: core::GameRecord) -> GameRecord {
        GameRecord {
            inner: Arc::new(inner),
        }
    }
}

#[pymethods]
impl GameRecord {
    /// The record of a game: its start, its moves and its result.
    #[staticmethod]
    fn from_game(py: Python<'_>, game: PyRef<'_, Game>) -> PyResult<GameRecord> {
        Ok(core::GameRecord::from_game(&game.state(py)?.inner).into())
    }

    /// The headers in file order, keyed as written (`"先手"`, `"$EVENT"`, …); the first of
    /// repeated keys wins.
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for h in &self.inner.headers {
            if !dict.contains(&h.name)? {
                dict.set_item(&h.name, &h.value)?;
            }
        }
        Ok(dict)
    }

    /// The headers as `(key as written, value)` pairs in file order, repeats included.
    #[getter]
    fn header_list(&self) -> Vec<(String, String)> {
        self.inner
            .headers
            .iter()
            .map(|h| (h.name.clone(), h.value.clone()))
            .collect()
    }

    /// The player of `color` (`Color.SENTE` or `Color.GOTE`) as the headers name it, or `None`.
    fn player(&self, color: crate::types::ColorArg) -> Option<String> {
        let key = match color.0 {
            shogi_rules::Color::Sente => core::HeaderKey::Sente,
            shogi_rules::Color::Gote => core::HeaderKey::Gote,
        };
        self.inner.header(key).map(str::to_owned)
    }

    /// The start position.
    #[getter]
    fn start(&self) -> Position {
        self.inner.start.clone().into()
    }

    /// The handicap name of the start position (KIF 手合割, such as `"平手"`), when standard.
    #[getter]
    fn handicap(&self) -> Option<&'static str> {
        self.inner.handicap.map(|h| h.kif_name())
    }

    /// The moves of the main line.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(
            py,
            &self
                .inner
                .main
                .moves
                .iter()
                .map(|m| m.mv)
                .collect::<Vec<_>>(),
        )
    }

    /// The main line's moves as USI text.
    fn moves_usi<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(
            py,
            self.inner
                .main
                .moves
                .iter()
                .map(|m| crate::moves::usi_string(py, m.mv)),
        )
    }

    /// Seconds used by each move of the main line, `None` where the record gives no time.
    #[getter]
    fn times(&self) -> Vec<Option<f64>> {
        self.inner
            .main
            .moves
            .iter()
            .map(|m| m.time.map(|t| t.used.as_secs_f64()))
            .collect()
    }

    /// The comments of the main line in order: on the start position, after each move, and
    /// after the stated ending.
    #[getter]
    fn comments(&self) -> Vec<Comment> {
        let mut out = Vec::new();
        comments_of(0, &self.inner.start_comments, &mut out);
        for (i, m) in self.inner.main.moves.iter().enumerate() {
            comments_of(i as u32 + 1, &m.comments, &mut out);
        }
        if let Some(end) = &self.inner.main.end {
            comments_of(self.inner.main.moves.len() as u32, &end.comments, &mut out);
        }
        out
    }

    /// The variations branching from the main line, in order of the move they replace.
    #[getter]
    fn variations(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        variations_of(py, &self.inner, core::LineId::MAIN, 1)
    }

    /// How the record says the main line ends (`"resign"`, `"time_up"`, `"repetition"`, …), or
    /// `None`.
    #[getter]
    fn end(&self) -> Option<&'static str> {
        self.inner.main.end.as_ref().map(|e| e.special.as_str())
    }

    /// The result the record states, or `None` when it states none.
    #[getter]
    fn stated_result(&self) -> Option<Outcome> {
        self.inner.stated_result().map(Outcome)
    }

    /// The position after the main line.
    fn final_position(&self) -> Position {
        self.inner.final_position().into()
    }

    /// The rules the record states the game was played under: the site rules with the move
    /// limit and the impasse rule its headers state (floodgate's `'Max_Moves:256`, CSA
    /// `$MAX_MOVES`, KIF 最大手数, ...) or a move-limit ending implies.
    #[getter]
    fn rules(&self) -> RuleSet {
        RuleSet(self.inner.rules())
    }

    /// The main line replayed as a `Game` under `rules` (by default the rules the record
    /// states, `.rules`), with the stated ending applied where only the record can know it
    /// (resignation, time loss, ...).
    #[pyo3(signature = (rules=None))]
    fn game(&self, py: Python<'_>, rules: Option<RuleSet>) -> PyResult<Game> {
        let rules = rules.map_or_else(|| self.inner.rules(), |r| r.0);
        self.inner
            .game_with(rules)
            .map(Game::from)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// The record as `format` (`"kif"`, `"ki2"`, `"csa"`, `"jkf"` or `"usi"`): `bytes` in
    /// `encoding` (`"utf-8"`, `"cp932"` or `"euc-jp"`), or `str` when `encoding` is `None`.
    /// A large record is written without the GIL, and Ctrl-C stops the wait for it.
    #[pyo3(signature = (format, encoding=Some("utf-8")))]
    fn write<'py>(
        &self,
        py: Python<'py>,
        format: &str,
        encoding: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let format = format_arg(format)?;
        let encoding = encoding.map(encoding_arg).transpose()?;
        let record = Arc::clone(&self.inner);
        let write = move || -> Result<Written, WriteError> {
            let text = record.write(format).map_err(WriteError::Record)?;
            match encoding {
                None => Ok(Written::Text(text)),
                Some(encoding) => core::encode(&text, encoding)
                    .map(Written::Bytes)
                    .map_err(|c| WriteError::Encoding(encoding, c)),
            }
        };
        let size = self.inner.main.moves.len() + self.inner.variation_count();
        let written = if size >= LARGE_RECORD {
            let mut signals = Signals::new(py);
            py.detach(|| signals.run(write))?
        } else {
            write()
        };
        match written {
            Ok(Written::Text(text)) => Ok(PyString::new(py, &text).into_any()),
            Ok(Written::Bytes(bytes)) => Ok(PyBytes::new(py, &bytes).into_any()),
            Err(WriteError::Record(e)) => Err(errors::record_error(py, &e, None)),
            Err(WriteError::Encoding(encoding, c)) => Err(ShogiError::new_err(format!(
                "{} cannot hold {c:?}",
                encoding.name()
            ))),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<GameRecord {} moves from {}>",
            self.inner.main.moves.len(),
            quote(&self.inner.start.to_sfen())
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let state = serde_json::to_string(&SavedRecord::from(&*self.inner))
            .map_err(|e| ShogiError::new_err(e.to_string()))?;
        let restore = py.get_type::<GameRecord>().getattr("_restore")?;
        Ok((restore, (state,)))
    }

    /// The record of a `__reduce__` state.
    #[staticmethod]
    fn _restore(state: &str) -> PyResult<GameRecord> {
        let saved: SavedRecord = serde_json::from_str(state)
            .map_err(|e| ShogiError::new_err(format!("not a saved record: {e}")))?;
        saved.into_record().map(GameRecord::from)
    }
}

/// Records from this many moves and variations on are written on a thread of their own.
const LARGE_RECORD: usize = 20_000;

/// A written record: text, or its bytes in an encoding.
enum Written {
    Text(String),
    Bytes(Vec<u8>),
}

/// Why a record could not be written.
enum WriteError {
    Record(core::RecordError),
    Encoding(Encoding, char),
}

/// The pickled form of a record: every field of the model, moves as their bits, lines in a
/// flat list (each variation after the line it branches from). Writing a record in a file
/// format and reading it back is not always the identity (KI2 has no times, a format may not
/// hold another's headers), so pickling does not go through one.
#[derive(serde::Serialize, serde::Deserialize)]
struct SavedRecord {
    headers: Vec<core::Header>,
    start: String,
    handicap: Option<core::Handicap>,
    start_comments: Vec<core::Comment>,
    lines: Vec<SavedLine>,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct SavedLine {
    /// For a variation: the index in `lines` of its parent and the index of the move it
    /// replaces.
    branch: Option<(usize, usize)>,
    moves: Vec<SavedMove>,
    end: Option<core::LineEnd>,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct SavedMove {
    bits: u32,
    time: Option<core::MoveTime>,
    comments: Vec<core::Comment>,
}

impl From<&core::GameRecord> for SavedRecord {
    fn from(record: &core::GameRecord) -> SavedRecord {
        let mut index = std::collections::HashMap::new();
        let mut lines = Vec::new();
        for visit in record.walk(core::WalkOrder::EarliestFirst) {
            let branch = record
                .branch_point(visit.id)
                .and_then(|(parent, at)| Some((*index.get(&parent)?, at)));
            index.insert(visit.id, lines.len());
            lines.push(SavedLine {
                branch,
                moves: visit
                    .line
                    .moves
                    .iter()
                    .map(|m| SavedMove {
                        bits: m.mv.to_bits(),
                        time: m.time,
                        comments: m.comments.clone(),
                    })
                    .collect(),
                end: visit.line.end.clone(),
            });
        }
        SavedRecord {
            headers: record.headers.clone(),
            start: record.start.to_sfen(),
            handicap: record.handicap,
            start_comments: record.start_comments.clone(),
            lines,
        }
    }
}

impl SavedRecord {
    fn into_record(self) -> PyResult<core::GameRecord> {
        let bad = |what: &str| ShogiError::new_err(format!("not a saved record: {what}"));
        // Checked as the record readers check a start (composed positions allowed).
        let start = shogi_rules::Position::from_sfen_composed(&self.start)
            .map_err(|e| bad(&e.to_string()))?;
        if let Some(h) = self.handicap {
            if h.position() != start {
                return Err(bad(&format!(
                    "the handicap {} does not match the start position",
                    h.kif_name()
                )));
            }
        }
        let mut record = core::GameRecord::new(start);
        record.headers = self.headers;
        record.handicap = self.handicap;
        record.start_comments = self.start_comments;
        let mut ids: Vec<core::LineId> = Vec::with_capacity(self.lines.len());
        for (k, saved) in self.lines.into_iter().enumerate() {
            let moves = saved
                .moves
                .into_iter()
                .map(|m| {
                    let mut rm = core::RecordMove::new(
                        shogi_rules::Move::from_bits(m.bits).ok_or_else(|| bad("bad move"))?,
                    );
                    rm.time = m.time;
                    rm.comments = m.comments;
                    Ok(rm)
                })
                .collect::<PyResult<Vec<_>>>()?;
            let line = core::Line {
                moves,
                end: saved.end,
            };
            let id = match (k, saved.branch) {
                (0, None) => {
                    record.main = line;
                    core::LineId::MAIN
                }
                (_, Some((parent, at))) if parent < k => record
                    .add_variation(ids[parent], at, line)
                    .ok_or_else(|| bad("a variation without its branch point"))?,
                _ => return Err(bad("lines out of order")),
            };
            ids.push(id);
        }
        check_lines(&record)?;
        Ok(record)
    }
}

/// Checks that every move of every line is legal where it is played, so that a restored
/// record holds what a reader would have accepted.
fn check_lines(record: &core::GameRecord) -> PyResult<()> {
    for visit in record.walk(core::WalkOrder::EarliestFirst) {
        let mut pos = visit.position;
        for m in &visit.line.moves {
            if pos.play(m.mv).is_err() {
                return Err(ShogiError::new_err(format!(
                    "not a saved record: {} is illegal in {}",
                    m.mv,
                    pos.to_sfen()
                )));
            }
        }
    }
    Ok(())
}
