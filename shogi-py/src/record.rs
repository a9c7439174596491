//! Game records: reading (one file, or many in parallel without the GIL), the record model, and
//! writing.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use pyo3::exceptions::{PyIndexError, PyKeyError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyString};
use shogi_rules::record::{self as core, Encoding, Format};

use crate::errors::{self, ShogiError};
use crate::game::{Game, Outcome};
use crate::interrupt::Signals;
use crate::moves::{MoveArg, move_list};
use crate::position::{Position, PositionArg};
use crate::rules::RuleSet;
use crate::state::{Ref, StateCell};
use crate::types::quote;

/// A format from its name (`"kif"`, …), in any case, with or without a leading dot.
fn format_arg(name: &str) -> PyResult<Format> {
    let lower = name.trim_start_matches('.').to_ascii_lowercase();
    lower.parse().map_err(|e| {
        let text = name.to_owned();
        errors::name_error(&shogi_rules::ParseNameError { text, ..e })
    })
}

/// An encoding from its name or one of its labels (`"utf-8"`, `"cp932"`, `"euc-jp"`, …).
fn encoding_arg(name: &str) -> PyResult<Encoding> {
    name.parse().map_err(|e| errors::name_error(&e))
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
        // `core::ReadLimits` is `#[non_exhaustive]`: set field by field on the defaults.
        let mut limits = core::ReadLimits::DEFAULT;
        limits.max_input_bytes = max_input_bytes;
        limits.max_line_bytes = max_line_bytes;
        limits.max_header_bytes = max_header_bytes;
        limits.max_moves_per_line = max_moves_per_line;
        limits.max_variations = max_variations;
        limits.max_depth = max_depth;
        limits.max_records = max_records;
        ReadLimits(limits)
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
            let limit: core::Limit = key
                .strip_prefix("max_")
                .and_then(|name| name.parse().ok())
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
    /// A comment of `kind` with one line of `text`, `ply` moves into the game (the place it is
    /// given to, such as `GameRecord.push`, decides where it goes: there `ply` is not used).
    #[new]
    #[pyo3(signature = (text, kind="normal", ply=0))]
    fn py_new(text: &str, kind: &str, ply: u32) -> PyResult<Comment> {
        let comment = comment_arg(text, kind)?;
        Ok(Comment {
            ply,
            kind: comment.kind.as_str().to_owned(),
            text: comment.text,
        })
    }

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

/// A comment of the core from its text and the name of its kind.
fn comment_arg(text: &str, kind: &str) -> PyResult<core::Comment> {
    let kind = core::CommentKind::ALL
        .into_iter()
        .find(|k| k.as_str() == kind)
        .ok_or_else(|| {
            ShogiError::new_err(format!(
                "unknown comment kind {kind:?}: expected \"normal\", \"engine\" or \"bookmark\""
            ))
        })?;
    core::Comment::new(kind, text).ok_or_else(|| {
        ShogiError::new_err(format!(
            "a comment is one line: {} holds a line break (give one comment per line)",
            quote(text)
        ))
    })
}

/// The comments of a `comments=` argument: `str` (normal comments) or `Comment` objects.
fn comments_arg(comments: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<core::Comment>> {
    let Some(comments) = comments else {
        return Ok(Vec::new());
    };
    if comments.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "comments must be an iterable of str or Comment, not a str",
        ));
    }
    comments
        .try_iter()?
        .map(|item| {
            let item = item?;
            if let Ok(c) = item.cast::<Comment>() {
                let c = c.get();
                return comment_arg(&c.text, &c.kind);
            }
            if let Ok(text) = item.cast::<PyString>() {
                return comment_arg(&text.to_cow()?, "normal");
            }
            Err(PyTypeError::new_err("a comment must be a str or a Comment"))
        })
        .collect()
}

/// The time a move (or the end of a line) took: `used` seconds, and `total`, the mover's
/// running total when the record gives it. Frozen and hashable; pickles.
#[pyclass(frozen, eq, hash, module = "shogi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct MoveTime(core::MoveTime);

/// The pickled form of a `MoveTime`: its times in nanoseconds, so that it is exact.
type TimeState = (u64, Option<u64>);

/// `seconds` as a duration a record holds.
fn seconds_arg(seconds: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(seconds).map_err(|_| {
        ShogiError::new_err(format!(
            "a time is a number of seconds from 0, not {seconds}"
        ))
    })
}

#[pymethods]
impl MoveTime {
    /// `used` and `total` in seconds (at most 100,000,000 each; records write whole seconds).
    #[new]
    #[pyo3(signature = (used, total=None))]
    fn py_new(used: f64, total: Option<f64>) -> PyResult<MoveTime> {
        let used = seconds_arg(used)?;
        let total = total.map(seconds_arg).transpose()?;
        core::MoveTime::checked(used, total)
            .map(MoveTime)
            .ok_or_else(|| {
                ShogiError::new_err(format!(
                    "a time is at most {} seconds",
                    core::MAX_TIME_SECONDS
                ))
            })
    }

    /// Seconds spent on the move.
    #[getter]
    fn used(&self) -> f64 {
        self.0.used.as_secs_f64()
    }

    /// The mover's total so far in seconds, this move included, or `None`.
    #[getter]
    fn total(&self) -> Option<f64> {
        self.0.total.map(|t| t.as_secs_f64())
    }

    fn __repr__(&self) -> String {
        match self.total() {
            Some(total) => format!("MoveTime({:?}, {total:?})", self.used()),
            None => format!("MoveTime({:?})", self.used()),
        }
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, TimeState)> {
        let restore = py.get_type::<MoveTime>().getattr("_restore")?;
        let nanos = |d: Duration| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
        Ok((restore, (nanos(self.0.used), self.0.total.map(nanos))))
    }

    /// The time of a `__reduce__` state (nanoseconds, so that it is exact).
    #[staticmethod]
    fn _restore(used: u64, total: Option<u64>) -> PyResult<MoveTime> {
        core::MoveTime::checked(Duration::from_nanos(used), total.map(Duration::from_nanos))
            .map(MoveTime)
            .ok_or_else(|| ShogiError::new_err("not a saved time"))
    }
}

/// The time of a `time=` argument: `None`, a `MoveTime`, or the seconds used.
fn time_arg(time: Option<&Bound<'_, PyAny>>) -> PyResult<Option<core::MoveTime>> {
    match time {
        None => Ok(None),
        Some(t) if t.is_none() => Ok(None),
        Some(t) => match t.cast::<MoveTime>() {
            Ok(m) => Ok(Some(m.get().0)),
            Err(_) => MoveTime::py_new(t.extract::<f64>()?, None).map(|m| Some(m.0)),
        },
    }
}

/// The special move of a name (`"resign"`, …), or `None` for `None`.
fn special_arg(special: Option<&str>) -> PyResult<Option<core::SpecialMove>> {
    special
        .map(|name| {
            core::SpecialMove::ALL
                .into_iter()
                .find(|s| s.as_str() == name)
                .ok_or_else(|| ShogiError::new_err(format!("unknown special move {name:?}")))
        })
        .transpose()
}

/// The 1-based ply (counted from the record's start, the main line's first move being 1, or
/// `base` for a variation restored on its own) of the first move of line `id`.
fn first_ply(record: &core::GameRecord, id: core::LineId, base: u32) -> u32 {
    let main = record.first_ply(core::LineId::MAIN).unwrap_or(1);
    let line = record.first_ply(id).unwrap_or(main);
    base.saturating_add(line.saturating_sub(main))
}

/// The index in line `id` of the move at `ply` (`first` is the line's first ply).
fn move_index(
    record: &core::GameRecord,
    id: core::LineId,
    first: u32,
    ply: u32,
) -> PyResult<usize> {
    let len = record.line(id).map_or(0, |l| l.moves.len());
    match ply.checked_sub(first).map(|i| i as usize) {
        Some(i) if i < len => Ok(i),
        _ => Err(PyIndexError::new_err(format!(
            "no move at ply {ply}: the line's moves are plies {first} to {}",
            u64::from(first) + len as u64 - 1
        ))),
    }
}

/// The comments of `line`, whose first move is ply `first`, with the plies `Comment.ply`
/// gives: after its move `i`, `first + i`; after its end, as after its last move.
fn line_comments(line: &core::Line, first: u32, out: &mut Vec<Comment>) {
    for (i, m) in line.moves.iter().enumerate() {
        comments_of(ply_after(first, i), &m.comments, out);
    }
    out.extend(end_comments_of(line, first));
}

/// The ply of a comment after move `index` of a line whose first move is ply `first`.
fn ply_after(first: u32, index: usize) -> u32 {
    first.saturating_add(u32::try_from(index).unwrap_or(u32::MAX))
}

/// The comments after the end of `line`, whose first move is ply `first`.
fn end_comments_of(line: &core::Line, first: u32) -> Vec<Comment> {
    let mut out = Vec::new();
    if let Some(end) = &line.end {
        let ply = ply_after(first, line.moves.len()).saturating_sub(1);
        comments_of(ply, &end.comments, &mut out);
    }
    out
}

/// The error of a refused edit: `IllegalMoveError` for an illegal move,
/// `IndexError` for a line or move that is not there, `ValueError` for a
/// move after the line's end, `OverflowError` past the largest move number.
pub(crate) fn edit_error(py: Python<'_>, e: core::EditError) -> PyErr {
    match e {
        core::EditError::Illegal(i) => errors::illegal_move_error(py, &i),
        core::EditError::NoMove { index } => {
            PyIndexError::new_err(format!("the line has no move at index {index}"))
        }
        core::EditError::NoLine(_) => PyIndexError::new_err(e.to_string()),
        core::EditError::LineEnded => PyValueError::new_err(e.to_string()),
        core::EditError::NumberTooLarge { .. } => PyOverflowError::new_err(e.to_string()),
        other => ShogiError::new_err(other.to_string()),
    }
}

/// A line of play that replaces a move of its parent line: `ply` is the 1-based ply of the
/// move it replaces (its first move is played from the position before that move). A view of
/// its record as the record is now; removing a variation from the record numbers the others
/// again, and a `Variation` taken before names no line any more (`ShogiError`).
#[pyclass(frozen, module = "shogi_rules._core")]
pub struct Variation {
    /// The record it belongs to.
    record: Py<GameRecord>,
    id: core::LineId,
    /// The record's `generation` when the view was taken.
    generation: u64,
    /// The ply of the record's first move: 1, or a restored variation's own ply.
    base: u32,
}

/// The variations of line `id` of the record of `owner`, whose first move is ply `first_ply`.
fn variations_of(
    py: Python<'_>,
    owner: &Py<GameRecord>,
    state: &RecordState,
    id: core::LineId,
    base: u32,
) -> PyResult<Py<PyList>> {
    let list = PyList::empty(py);
    let moves = state.record.line(id).map_or(0, |l| l.moves.len());
    for i in 0..moves {
        for v in state.record.variations(id, i) {
            list.append(Variation {
                record: owner.clone_ref(py),
                id: v,
                generation: state.generation,
                base,
            })?;
        }
    }
    Ok(list.unbind())
}

impl Variation {
    /// Runs `f` on the record, the line and its first ply, or fails when the view names no
    /// line any more.
    fn with<R>(&self, f: impl FnOnce(&RecordState, &core::Line, u32) -> R) -> PyResult<R> {
        let state = self.record.get().state()?;
        let line = self.line_in(&state)?;
        Ok(f(
            &state,
            line,
            first_ply(&state.record, self.id, self.base),
        ))
    }

    /// The line of the view in `state`.
    fn line_in<'a>(&self, state: &'a RecordState) -> PyResult<&'a core::Line> {
        if state.generation != self.generation {
            return Err(ShogiError::new_err(
                "the variation is gone: a variation of its record was removed since it was taken",
            ));
        }
        state
            .record
            .line(self.id)
            .ok_or_else(|| ShogiError::new_err("the variation is not in its record"))
    }

    /// The variation and the variations below it, as a record of their own.
    fn subtree(&self) -> PyResult<core::GameRecord> {
        self.with(|state, _, _| state.record.extract(self.id))?
            .ok_or_else(|| ShogiError::new_err("the variation is not in its record"))
    }
}

#[pymethods]
impl Variation {
    /// The ply of the move it replaces in the parent line.
    #[getter]
    fn ply(&self) -> PyResult<u32> {
        self.with(|_, _, first| first)
    }

    /// The moves of the variation.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self.with(|_, line, _| line.moves.iter().map(|m| m.mv).collect::<Vec<_>>())?;
        move_list(py, &moves)
    }

    /// Seconds used by each move, `None` where the record gives no time.
    #[getter]
    fn times(&self) -> PyResult<Vec<Option<f64>>> {
        self.with(|_, line, _| times_of(line))
    }

    /// The time of each move (used and running total), `None` where the record gives none.
    #[getter]
    fn move_times(&self) -> PyResult<Vec<Option<MoveTime>>> {
        self.with(|_, line, _| move_times_of(line))
    }

    /// The comments after its moves and after its end, with their plies.
    #[getter]
    fn comments(&self) -> PyResult<Vec<Comment>> {
        self.with(|_, line, first| {
            let mut out = Vec::new();
            line_comments(line, first, &mut out);
            out
        })
    }

    /// How the variation ends (`"resign"`, …), or `None`.
    #[getter]
    fn end(&self) -> PyResult<Option<&'static str>> {
        self.with(|_, line, _| line.end.as_ref().map(|e| e.special.as_str()))
    }

    /// The time taken before its end, or `None`.
    #[getter]
    fn end_time(&self) -> PyResult<Option<MoveTime>> {
        self.with(|_, line, _| end_time_of(line))
    }

    /// The comments after its end (the last ones of `comments`).
    #[getter]
    fn end_comments(&self) -> PyResult<Vec<Comment>> {
        self.with(|_, line, first| end_comments_of(line, first))
    }

    /// Variations of this variation's own moves (plies counted from the game's start).
    #[getter]
    fn variations(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        let state = self.record.get().state()?;
        self.line_in(&state)?;
        variations_of(py, &self.record, &state, self.id, self.base)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (u32, String))> {
        let state = serde_json::to_string(&SavedRecord::from(&self.subtree()?))
            .map_err(|e| ShogiError::new_err(e.to_string()))?;
        let restore = py.get_type::<Variation>().getattr("_restore")?;
        Ok((restore, (self.ply()?, state)))
    }

    /// The variation of a `__reduce__` state.
    #[staticmethod]
    fn _restore(py: Python<'_>, ply: u32, state: &str) -> PyResult<Variation> {
        let saved: SavedRecord = serde_json::from_str(state)
            .map_err(|e| ShogiError::new_err(format!("not a saved variation: {e}")))?;
        let record = Py::new(py, GameRecord::from(saved.into_record()?))?;
        Ok(Variation {
            record,
            id: core::LineId::MAIN,
            generation: 0,
            base: ply,
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Variation>() {
            Ok(o) => {
                let o = o.get();
                Ok(self.ply()? == o.ply()? && self.subtree()? == o.subtree()?)
            }
            Err(_) => Ok(false),
        }
    }

    fn __repr__(&self) -> PyResult<String> {
        self.with(|_, line, first| {
            let moves: Vec<String> = line.moves.iter().map(|m| m.mv.to_string()).collect();
            format!("<Variation at ply {first}: {}>", moves.join(" "))
        })
    }
}

/// Seconds used by each move of `line`.
fn times_of(line: &core::Line) -> Vec<Option<f64>> {
    line.moves
        .iter()
        .map(|m| m.time.map(|t| t.used.as_secs_f64()))
        .collect()
}

/// The time of each move of `line`.
fn move_times_of(line: &core::Line) -> Vec<Option<MoveTime>> {
    line.moves.iter().map(|m| m.time.map(MoveTime)).collect()
}

/// The time before the end of `line`.
fn end_time_of(line: &core::Line) -> Option<MoveTime> {
    line.end.as_ref().and_then(|e| e.time).map(MoveTime)
}

/// What a `GameRecord` object holds.
pub struct RecordState {
    /// The record: shared with a write running without the GIL, and copied by the next change
    /// while it is (`Arc::make_mut`).
    record: Arc<core::GameRecord>,
    /// Counts the changes that number the variations again (a variation removed): a
    /// `Variation` taken before one names no line any more.
    generation: u64,
}

/// A game record read from (or written to) KIF, KI2, CSA, JKF or USI, or built move by move.
/// Every move was checked against the rules when it was read or added.
#[pyclass(frozen, module = "shogi_rules._core")]
pub struct GameRecord {
    /// Borrowed by each method for as long as it reads or changes the record.
    state: StateCell<RecordState>,
}

impl From<core::GameRecord> for GameRecord {
    fn from(inner: core::GameRecord) -> GameRecord {
        GameRecord {
            state: StateCell::new(RecordState {
                record: Arc::new(inner),
                generation: 0,
            }),
        }
    }
}

impl GameRecord {
    /// The state, borrowed (see `StateCell`).
    fn state(&self) -> PyResult<Ref<'_, RecordState>> {
        self.state.borrow()
    }

    /// The record, to change (copied first if a write still reads it).
    fn edit<R>(&self, f: impl FnOnce(&mut core::GameRecord) -> R) -> PyResult<R> {
        let mut state = self.state.borrow_mut()?;
        Ok(f(Arc::make_mut(&mut state.record)))
    }

    /// The record, shared.
    fn record(&self) -> PyResult<Arc<core::GameRecord>> {
        Ok(Arc::clone(&self.state()?.record))
    }
}

/// The line a `line=` argument names in `slf` (the main line for `None`) and its first ply.
fn line_arg(
    slf: &Bound<'_, GameRecord>,
    line: Option<&Bound<'_, Variation>>,
) -> PyResult<(core::LineId, u32)> {
    let Some(v) = line else {
        return Ok((core::LineId::MAIN, 1));
    };
    let v = v.get();
    if !v.record.bind(slf.py()).is(slf) {
        return Err(ShogiError::new_err(
            "the variation belongs to another record",
        ));
    }
    let state = slf.get().state()?;
    v.line_in(&state)?;
    Ok((v.id, first_ply(&state.record, v.id, v.base)))
}

/// A header of the core from a name and a value.
fn header_arg(name: &str, value: &str) -> PyResult<core::Header> {
    core::Header::new(name, value).ok_or_else(|| {
        ShogiError::new_err(format!(
            "{} is not a header name a record file can hold (empty, or with a line break or a colon)",
            quote(name)
        ))
    })
}

#[pymethods]
impl GameRecord {
    /// An empty record (no headers, comments or moves) from `start` (a `Position` or SFEN; the
    /// standard start position by default).
    #[new]
    #[pyo3(signature = (start=None))]
    fn py_new(start: Option<PositionArg>) -> PyResult<GameRecord> {
        let start = start.map_or_else(shogi_rules::Position::startpos, |p| p.0);
        if start.move_number() > core::MAX_MOVE_NUMBER {
            return Err(ShogiError::new_err(format!(
                "the start's move number is above {}, which no record file holds",
                core::MAX_MOVE_NUMBER
            )));
        }
        Ok(core::GameRecord::new(start).into())
    }

    /// The record of a game: its start, its moves and its result.
    #[staticmethod]
    fn from_game(game: PyRef<'_, Game>) -> PyResult<GameRecord> {
        Ok(core::GameRecord::from_game(&game.inner).into())
    }

    /// The headers in file order, keyed as written (`"先手"`, `"$EVENT"`, …); the first of
    /// repeated keys wins.
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for h in &self.state()?.record.headers {
            if !dict.contains(&h.name)? {
                dict.set_item(&h.name, &h.value)?;
            }
        }
        Ok(dict)
    }

    /// The headers as `(key as written, value)` pairs in file order, repeats included.
    #[getter]
    fn header_list(&self) -> PyResult<Vec<(String, String)>> {
        Ok(self
            .state()?
            .record
            .headers
            .iter()
            .map(|h| (h.name.clone(), h.value.clone()))
            .collect())
    }

    /// Sets header `name` to `value`: the first header of that name keeps its place (later
    /// ones of that name are removed), or the header is appended.
    fn set_header(&self, name: &str, value: &str) -> PyResult<()> {
        let header = header_arg(name, value)?;
        self.edit(|r| r.set_header(header))
    }

    /// Appends header `name` with `value`, even when one of that name exists.
    fn add_header(&self, name: &str, value: &str) -> PyResult<()> {
        let header = header_arg(name, value)?;
        self.edit(|r| r.headers.push(header))
    }

    /// Removes every header named `name`; `KeyError` when there is none.
    fn remove_header(&self, name: &str) -> PyResult<()> {
        match self.edit(|r| r.remove_header(name))? {
            0 => Err(PyKeyError::new_err(name.to_owned())),
            _ => Ok(()),
        }
    }

    /// The player of `color` (`Color.SENTE` or `Color.GOTE`) as the headers name it, or `None`.
    fn player(&self, color: crate::types::ColorArg) -> PyResult<Option<String>> {
        let key = match color.0 {
            shogi_rules::Color::Sente => core::HeaderKey::Sente,
            shogi_rules::Color::Gote => core::HeaderKey::Gote,
        };
        Ok(self.state()?.record.header(key).map(str::to_owned))
    }

    /// The start position.
    #[getter]
    fn start(&self) -> PyResult<Position> {
        Ok(self.state()?.record.start.clone().into())
    }

    /// The handicap name of the start position (KIF 手合割, such as `"平手"`), when standard.
    #[getter]
    fn handicap(&self) -> PyResult<Option<&'static str>> {
        Ok(self.state()?.record.handicap.map(|h| h.kif_name()))
    }

    /// The moves of the main line.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self.state()?.record.moves();
        move_list(py, &moves)
    }

    /// The main line's moves as USI text.
    fn moves_usi<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self.state()?.record.moves();
        PyList::new(
            py,
            moves.into_iter().map(|m| crate::moves::usi_string(py, m)),
        )
    }

    /// Seconds used by each move of the main line, `None` where the record gives no time.
    #[getter]
    fn times(&self) -> PyResult<Vec<Option<f64>>> {
        Ok(times_of(&self.state()?.record.main))
    }

    /// The time of each move of the main line (used and running total), `None` where the
    /// record gives none.
    #[getter]
    fn move_times(&self) -> PyResult<Vec<Option<MoveTime>>> {
        Ok(move_times_of(&self.state()?.record.main))
    }

    /// The comments of the main line in order: on the start position, after each move, and
    /// after the stated ending.
    #[getter]
    fn comments(&self) -> PyResult<Vec<Comment>> {
        let state = self.state()?;
        let mut out = Vec::new();
        comments_of(0, &state.record.start_comments, &mut out);
        line_comments(&state.record.main, 1, &mut out);
        Ok(out)
    }

    /// The variations branching from the main line, in order of the move they replace.
    #[getter]
    fn variations(slf: &Bound<'_, Self>) -> PyResult<Py<PyList>> {
        let py = slf.py();
        let state = slf.get().state()?;
        variations_of(py, &slf.clone().unbind(), &state, core::LineId::MAIN, 1)
    }

    /// How the record says the main line ends (`"resign"`, `"time_up"`, `"repetition"`, …), or
    /// `None`.
    #[getter]
    fn end(&self) -> PyResult<Option<&'static str>> {
        Ok(self
            .state()?
            .record
            .main
            .end
            .as_ref()
            .map(|e| e.special.as_str()))
    }

    /// The time taken before the main line's end, or `None`.
    #[getter]
    fn end_time(&self) -> PyResult<Option<MoveTime>> {
        Ok(end_time_of(&self.state()?.record.main))
    }

    /// The comments after the main line's end (the last ones of `comments`).
    #[getter]
    fn end_comments(&self) -> PyResult<Vec<Comment>> {
        Ok(end_comments_of(&self.state()?.record.main, 1))
    }

    /// The result the record states, or `None` when it states none.
    #[getter]
    fn stated_result(&self) -> PyResult<Option<Outcome>> {
        Ok(self.state()?.record.stated_result().map(Outcome))
    }

    /// The position after the main line.
    fn final_position(&self) -> PyResult<Position> {
        Ok(self.state()?.record.final_position().into())
    }

    /// Appends `move` (a `Move` or USI text) to the main line, or to `line` (a `Variation` of
    /// this record), after checking that it is legal there; with its `time` (a `MoveTime` or
    /// the seconds used) and `comments` (`str` or `Comment`). Returns the move.
    #[pyo3(signature = (r#move, time=None, comments=None, *, line=None))]
    fn push(
        slf: &Bound<'_, Self>,
        r#move: MoveArg,
        time: Option<&Bound<'_, PyAny>>,
        comments: Option<&Bound<'_, PyAny>>,
        line: Option<&Bound<'_, Variation>>,
    ) -> PyResult<crate::moves::Move> {
        let py = slf.py();
        let (id, _) = line_arg(slf, line)?;
        let time = time_arg(time)?;
        let comments = comments_arg(comments)?;
        let this = slf.get();
        let m = match r#move {
            MoveArg::Move(m) => m,
            MoveArg::Usi(text) => {
                let record = this.record()?;
                let len = record.line(id).map_or(0, |l| l.moves.len());
                let pos = record
                    .position_before(id, len)
                    .ok_or_else(|| ShogiError::new_err("the variation is not in its record"))?;
                pos.parse_usi_move(&text)
                    .map_err(|e| errors::usi_move_error(py, &e))?
            }
        };
        let mut pushed = core::RecordMove::new(m);
        pushed.time = time;
        pushed.comments = comments;
        this.edit(|r| r.push(id, pushed))?
            .map_err(|e| edit_error(py, e))?;
        Ok(m.into())
    }

    /// Sets the time of the move at `ply` (of the main line, or of `line`): a `MoveTime`, the
    /// seconds used, or `None` to remove it.
    #[pyo3(signature = (ply, time, *, line=None))]
    fn set_time(
        slf: &Bound<'_, Self>,
        ply: u32,
        time: Option<&Bound<'_, PyAny>>,
        line: Option<&Bound<'_, Variation>>,
    ) -> PyResult<()> {
        let (id, first) = line_arg(slf, line)?;
        let time = time_arg(time)?;
        let this = slf.get();
        let record = this.record()?;
        let index = move_index(&record, id, first, ply)?;
        drop(record);
        this.edit(|r| {
            if let Some(m) = r.line_mut(id).and_then(|l| l.moves.get_mut(index)) {
                m.time = time;
            }
        })
    }

    /// Appends a comment of `kind` (`"normal"`, `"engine"` or `"bookmark"`) with one line of
    /// `text` at `ply` as `Comment.ply` counts it: after the move at `ply` of the main line (or
    /// of `line`), and on the start position for ply 0 of the main line.
    #[pyo3(signature = (ply, text, kind="normal", *, line=None))]
    fn add_comment(
        slf: &Bound<'_, Self>,
        ply: u32,
        text: &str,
        kind: &str,
        line: Option<&Bound<'_, Variation>>,
    ) -> PyResult<()> {
        let (id, first) = line_arg(slf, line)?;
        let comment = comment_arg(text, kind)?;
        let this = slf.get();
        if id == core::LineId::MAIN && ply == 0 {
            return this.edit(|r| r.start_comments.push(comment));
        }
        let record = this.record()?;
        let index = move_index(&record, id, first, ply)?;
        drop(record);
        this.edit(|r| {
            if let Some(m) = r.line_mut(id).and_then(|l| l.moves.get_mut(index)) {
                m.comments.push(comment);
            }
        })
    }

    /// Removes the comments at `ply` (as `add_comment` places them).
    #[pyo3(signature = (ply, *, line=None))]
    fn clear_comments(
        slf: &Bound<'_, Self>,
        ply: u32,
        line: Option<&Bound<'_, Variation>>,
    ) -> PyResult<()> {
        let (id, first) = line_arg(slf, line)?;
        let this = slf.get();
        if id == core::LineId::MAIN && ply == 0 {
            return this.edit(|r| r.start_comments.clear());
        }
        let record = this.record()?;
        let index = move_index(&record, id, first, ply)?;
        drop(record);
        this.edit(|r| {
            if let Some(m) = r.line_mut(id).and_then(|l| l.moves.get_mut(index)) {
                m.comments.clear();
            }
        })
    }

    /// States how the main line (or `line`) ends: `special` (`"resign"`, `"time_up"`, …; see
    /// `end`), the `time` taken before it and the `comments` after it (which replace those
    /// there were); `None` removes the end. The end is not checked against the position.
    #[pyo3(signature = (special, time=None, comments=None, *, line=None))]
    fn set_end(
        slf: &Bound<'_, Self>,
        special: Option<&str>,
        time: Option<&Bound<'_, PyAny>>,
        comments: Option<&Bound<'_, PyAny>>,
        line: Option<&Bound<'_, Variation>>,
    ) -> PyResult<()> {
        let (id, _) = line_arg(slf, line)?;
        let special = special_arg(special)?;
        let time = time_arg(time)?;
        let comments = comments_arg(comments)?;
        slf.get().edit(|r| {
            if let Some(l) = r.line_mut(id) {
                l.end = special.map(|special| {
                    let mut end = core::LineEnd::new(special);
                    end.time = time;
                    end.comments = comments;
                    end
                });
            }
        })
    }

    /// Adds a variation replacing the move at `ply` of the main line (or of `line`), after the
    /// variations that move has, with `moves` (`Move` or USI text; each checked legal where it
    /// is played), and returns it. On an illegal move nothing is added.
    #[pyo3(signature = (ply, moves, *, line=None))]
    fn add_variation(
        slf: &Bound<'_, Self>,
        ply: u32,
        moves: &Bound<'_, PyAny>,
        line: Option<&Bound<'_, Variation>>,
    ) -> PyResult<Variation> {
        let py = slf.py();
        let (id, first) = line_arg(slf, line)?;
        let moves: Vec<MoveArg> = moves
            .try_iter()?
            .map(|m| m?.extract::<MoveArg>())
            .collect::<PyResult<_>>()?;
        let this = slf.get();
        let record = this.record()?;
        let index = move_index(&record, id, first, ply)?;
        // The moves resolved and played on a copy of the position (a move illegal there stops
        // here); the core checks each again as it adds it, and a refused one (a number too
        // large) takes the new variation away again: the last line added, so no other is
        // numbered again.
        let mut pos = record
            .position_before(id, index)
            .ok_or_else(|| ShogiError::new_err("the variation is not in its record"))?;
        drop(record);
        let mut resolved = Vec::with_capacity(moves.len());
        for m in moves {
            let m = match m {
                MoveArg::Move(m) => m,
                MoveArg::Usi(text) => pos
                    .parse_usi_move(&text)
                    .map_err(|e| errors::usi_move_error(py, &e))?,
            };
            pos.play(m)
                .map_err(|e| errors::illegal_move_error(py, &e))?;
            resolved.push(m);
        }
        let new = this
            .edit(|r| {
                let Some((&first, rest)) = resolved.split_first() else {
                    return r
                        .add_variation(id, index, core::Line::default())
                        .ok_or(core::EditError::NoMove { index });
                };
                let new = r.branch(id, index, core::RecordMove::new(first))?;
                for &m in rest {
                    if let Err(e) = r.push(new, core::RecordMove::new(m)) {
                        r.remove_variation(new);
                        return Err(e);
                    }
                }
                Ok(new)
            })?
            .map_err(|e| edit_error(py, e))?;
        let state = this.state()?;
        Ok(Variation {
            record: slf.clone().unbind(),
            id: new,
            generation: state.generation,
            base: 1,
        })
    }

    /// Removes `variation` (of this record) and the variations below it. Every `Variation`
    /// taken before names no line afterwards: take them again from `variations`.
    fn remove_variation(slf: &Bound<'_, Self>, variation: &Bound<'_, Variation>) -> PyResult<()> {
        let (id, _) = line_arg(slf, Some(variation))?;
        if id == core::LineId::MAIN {
            return Err(ShogiError::new_err(
                "a restored variation is its record's main line",
            ));
        }
        let mut state = slf.get().state.borrow_mut()?;
        Arc::make_mut(&mut state.record).remove_variation(id);
        state.generation += 1;
        Ok(())
    }

    /// The rules the record states the game was played under: the site rules with the move
    /// limit and the impasse rule its headers state (floodgate's `'Max_Moves:256`, CSA
    /// `$MAX_MOVES`, KIF 最大手数, ...) or a move-limit ending implies.
    #[getter]
    fn rules(&self) -> PyResult<RuleSet> {
        Ok(RuleSet(self.state()?.record.rules()))
    }

    /// The main line replayed as a `Game` under `rules` (by default the rules the record
    /// states, `.rules`), with the stated ending applied where only the record can know it
    /// (resignation, time loss, ...).
    #[pyo3(signature = (rules=None))]
    fn game(&self, py: Python<'_>, rules: Option<RuleSet>) -> PyResult<Game> {
        let state = self.state()?;
        let rules = rules.map_or_else(|| state.record.rules(), |r| r.0);
        state
            .record
            .game_with(rules)
            .map(Game::from)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// What writing the record as `format` leaves out because the format cannot hold it: a
    /// list of `(kind, description)` pairs, `kind` one of `"variations"`, `"times"`,
    /// `"time_fractions"`, `"total_times"`, `"comments"`, `"header"`, `"header_value"`,
    /// `"move_number"`, `"ending"`. Empty when reading the written record back gives it again.
    fn dropped(&self, py: Python<'_>, format: &str) -> PyResult<Vec<(&'static str, String)>> {
        let format = format_arg(format)?;
        let state = self.state()?;
        let written = state
            .record
            .write(format)
            .map_err(|e| errors::record_error(py, &e, None))?;
        Ok(written
            .dropped
            .iter()
            .map(|d| (d.kind(), d.to_string()))
            .collect())
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
        let record = self.record()?;
        let size = record.main.moves.len() + record.variation_count();
        let write = move || -> Result<Written, WriteError> {
            let text = record.write(format).map_err(WriteError::Record)?.text;
            match encoding {
                None => Ok(Written::Text(text)),
                Some(encoding) => core::encode(&text, encoding)
                    .map(Written::Bytes)
                    .map_err(|c| WriteError::Encoding(encoding, c)),
            }
        };
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

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<GameRecord>() {
            Ok(o) => {
                let other = o.get().record()?;
                Ok(*self.record()? == *other)
            }
            Err(_) => Ok(false),
        }
    }

    fn __repr__(&self) -> PyResult<String> {
        let state = self.state()?;
        Ok(format!(
            "<GameRecord {} moves from {}>",
            state.record.main.moves.len(),
            quote(&state.record.start.to_sfen())
        ))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let state = serde_json::to_string(&SavedRecord::from(&*self.record()?))
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
            let line = core::Line::new(moves, saved.end);
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
