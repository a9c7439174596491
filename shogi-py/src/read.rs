//! Reading records from Python: one source (bytes, text or a path), every record of one file,
//! or many files in parallel without the GIL; and the `ReadLimits` of every reader.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use shogi_rules::record::{self as core, Encoding, Format};

use crate::errors::{self, ShogiError};
use crate::interrupt::Signals;
use crate::record::GameRecord;

pub use board_py::read::Source;
use board_py::read::{names_a_file, read_file, result_list, return_errors, thread_count};

/// Why reading one source failed.
pub type ReadError = board_py::read::ReadError<core::RecordError>;

/// A format from its name (`"kif"`, …), in any case, with or without a leading dot.
pub(crate) fn format_arg(name: &str) -> PyResult<Format> {
    let lower = name.trim_start_matches('.').to_ascii_lowercase();
    lower.parse().map_err(|e| {
        let text = name.to_owned();
        errors::name_error(&shogi_rules::ParseNameError { text, ..e })
    })
}

/// An encoding from its name or one of its labels (`"utf-8"`, `"cp932"`, `"euc-jp"`, …).
pub(crate) fn encoding_arg(name: &str) -> PyResult<Encoding> {
    name.parse().map_err(|e| errors::name_error(&e))
}

/// How much a record reader accepts: the `limits=` argument of the readers. Frozen, hashable,
/// picklable.
#[pyclass(frozen, eq, hash, from_py_object, module = "shogi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct ReadLimits(pub core::ReadLimits);

/// The defaults of `ReadLimits.__new__` are the core's.
pub(crate) const DEFAULTS_MATCH: () = {
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
pub(crate) type LimitsState = (usize, usize, usize, usize, usize, usize, usize);

/// The keyword of each limit, in the order of `core::Limit::ALL`.
pub(crate) fn limit_keyword(limit: core::Limit) -> String {
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

pub(crate) fn limits_arg(limits: Option<ReadLimits>) -> core::ReadLimits {
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
pub(crate) type BytesReader<T> =
    fn(&[u8], Option<Format>, &core::ReadLimits) -> Result<T, core::RecordError>;
pub(crate) type TextReader<T> =
    fn(&str, Option<Format>, &core::ReadLimits) -> Result<T, core::RecordError>;

/// Reads `source` with the core's `read_bytes` or `read_text`: a file too large is refused
/// before it is read, and a file whose content names no format is read in the format of its
/// extension.
pub(crate) fn read_source_with<T>(
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
            owned = read_file(p, limits.max_input_bytes, || {
                core::RecordError::new(
                    format
                        .or_else(|| extension_format(source))
                        .unwrap_or(Format::Kif),
                    0,
                    0,
                    core::RecordErrorKind::LimitExceeded {
                        limit: core::Limit::InputBytes,
                        max: limits.max_input_bytes,
                    },
                )
            })?;
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
pub(crate) fn extension_format(source: &Source) -> Option<Format> {
    match source {
        Source::Path(p) => p
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension),
        _ => None,
    }
}

pub(crate) fn read_error(py: Python<'_>, e: ReadError, source: &Source) -> PyErr {
    match e {
        ReadError::Io(io) => PyErr::from(io),
        ReadError::Record(r) => errors::record_error(py, &r, source.path_name().as_deref()),
    }
}

/// Reads one game record. `source` is the record as `bytes` (any supported encoding: UTF-8,
/// CP932/Shift_JIS, EUC-JP), as `str` text, or a file path as an `os.PathLike` such as
/// `pathlib.Path` (a plain `str` is always text, never a file name: `read_record_file` takes
/// one). The format is detected from the content (then from a path's extension) unless
/// `format` names it; `limits` bounds what is accepted (`ReadLimits()` by default).
#[pyfunction]
#[pyo3(signature = (source, format=None, *, limits=None))]
pub fn read_record(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
    limits: Option<ReadLimits>,
) -> PyResult<GameRecord> {
    read_one(
        py,
        Source::extract(source, false, "record")?,
        format,
        limits,
    )
}

/// Reads the game record in the file at `path` (a `str` or an `os.PathLike`); `format` and
/// `limits` as for `read_record`. The same as `GameRecord.from_file`.
#[pyfunction]
#[pyo3(signature = (path, format=None, *, limits=None))]
pub fn read_record_file(
    py: Python<'_>,
    path: PathBuf,
    format: Option<&str>,
    limits: Option<ReadLimits>,
) -> PyResult<GameRecord> {
    read_one(py, Source::Path(path), format, limits)
}

/// Reads one record of `source`, without the GIL (on a thread of its own when large, so
/// that Ctrl-C is answered).
pub(crate) fn read_one(
    py: Python<'_>,
    source: Source,
    format: Option<&str>,
    limits: Option<ReadLimits>,
) -> PyResult<GameRecord> {
    let format = format.map(format_arg).transpose()?;
    let limits = limits_arg(limits);
    let source = Arc::new(source);
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
        .map_err(|e| match (e, &*source) {
            (ReadError::Record(e), Source::Text(text)) if names_a_file(text) => {
                let message = format!(
                    "{e}; the text is the name of an existing file, not a record: read the file \
                 with read_record_file({text:?}) or read_record(pathlib.Path({text:?}))"
                );
                errors::record_error_saying(py, &e, None, message)
            }
            (e, source) => read_error(py, e, source),
        })
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
    let source = Arc::new(Source::extract(source, false, "record")?);
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
    let return_errors = return_errors(errors, ShogiError::new_err)?;
    let format = format.map(format_arg).transpose()?;
    let limits = limits_arg(limits);
    let sources: Arc<Vec<Source>> = Arc::new(
        sources
            .try_iter()?
            .map(|item| Source::extract(&item?, true, "record"))
            .collect::<PyResult<_>>()?,
    );
    let threads = thread_count(threads, sources.len());
    let mut signals = Signals::new(py);
    let results = py.detach(|| read_parallel(&sources, format, limits, threads, &mut signals))?;
    result_list(
        py,
        results,
        &sources,
        return_errors,
        |record| Ok(GameRecord::from(record)),
        |e, source| read_error(py, e, source),
    )
}

pub(crate) type ReadResult = Result<core::GameRecord, ReadError>;

/// Reads `sources` on `threads` threads that take the next index from a shared counter and send
/// back what they read, while the calling thread polls `signals`. A signal stops the workers
/// from taking more sources and returns at once; each worker ends after the source it is on.
pub(crate) fn read_parallel(
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
