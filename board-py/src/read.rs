//! Reading records from Python: where a record comes from, a file read under a size limit,
//! the inputs large enough to read on a thread of their own, and the arguments of the parallel
//! readers. The reading itself is the game's: these helpers are generic over its error type.

use std::path::{Path, PathBuf};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyList, PyString};

/// Where a record comes from.
pub enum Source {
    /// The bytes of a file, in any encoding the game's reader supports.
    Bytes(Vec<u8>),
    /// Decoded text.
    Text(String),
    /// A file to read.
    Path(PathBuf),
}

/// Inputs from this size on are read on a thread of their own, so that Ctrl-C need not wait
/// for the end of the read.
pub const LARGE_INPUT: u64 = 1 << 20;

impl Source {
    /// `bytes`, `bytearray` and `memoryview` (anything with a `tobytes()` that gives bytes) are
    /// contents; `str` is text when `str_is_path` is false (for a reader of one source) and a
    /// path when true (for a reader of many); any other `os.PathLike` is a path. Anything else
    /// is a `TypeError` that names `what` the contents are (`"record"`, `"PGN"`).
    pub fn extract(obj: &Bound<'_, PyAny>, str_is_path: bool, what: &str) -> PyResult<Source> {
        if let Ok(b) = obj.cast::<PyBytes>() {
            return Ok(Source::Bytes(b.as_bytes().to_vec()));
        }
        if let Ok(b) = obj.cast::<PyByteArray>() {
            return Ok(Source::Bytes(b.to_vec()));
        }
        if let Ok(s) = obj.cast::<PyString>() {
            let s = s.to_cow()?.into_owned();
            return Ok(if str_is_path {
                Source::Path(PathBuf::from(s))
            } else {
                Source::Text(s)
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
        Err(PyTypeError::new_err(format!(
            "expected {what} bytes, {what} text (str) or a path (os.PathLike)"
        )))
    }

    /// The path of a file source, as errors show it.
    pub fn path_name(&self) -> Option<String> {
        match self {
            Source::Path(p) => Some(p.display().to_string()),
            _ => None,
        }
    }

    /// Whether the source holds, or the file it names has, at least [`LARGE_INPUT`] bytes.
    pub fn is_large(&self) -> bool {
        match self {
            Source::Bytes(b) => b.len() as u64 >= LARGE_INPUT,
            Source::Text(t) => t.len() as u64 >= LARGE_INPUT,
            Source::Path(p) => std::fs::metadata(p).is_ok_and(|m| m.len() >= LARGE_INPUT),
        }
    }
}

/// Why reading one source failed: the file could not be read, or the game's reader refused
/// what it read (`E`, its record error).
pub enum ReadError<E> {
    /// The file could not be read.
    Io(std::io::Error),
    /// The record is not one the reader accepts.
    Record(E),
}

/// The bytes of the file at `path`, refused before it is read when it is larger than
/// `max_bytes`: `ReadError::Record(too_large())`, the game's error for an input over its limit.
pub fn read_file<E>(
    path: &Path,
    max_bytes: usize,
    too_large: impl FnOnce() -> E,
) -> Result<Vec<u8>, ReadError<E>> {
    let size = std::fs::metadata(path).map_err(ReadError::Io)?.len();
    if usize::try_from(size).map_or(true, |s| s > max_bytes) {
        return Err(ReadError::Record(too_large()));
    }
    std::fs::read(path).map_err(ReadError::Io)
}

/// Whether `text`, given as a record, is rather the name of an existing file: one line that
/// names a file.
pub fn names_a_file(text: &str) -> bool {
    !text.is_empty() && !text.contains(['\n', '\r']) && Path::new(text).is_file()
}

/// The `errors=` argument of a reader of many sources: `"raise"` (false) raises the first
/// failure, `"return"` (true) puts each failure in the list; anything else is the error that
/// `error` makes of the message.
pub fn return_errors(errors: &str, error: impl FnOnce(String) -> PyErr) -> PyResult<bool> {
    match errors {
        "raise" => Ok(false),
        "return" => Ok(true),
        other => Err(error(format!(
            "errors must be \"raise\" or \"return\", not {other:?}"
        ))),
    }
}

/// The `threads=` argument of a reader of `sources` sources: the number of CPUs by default, at
/// least 1 and no more than there are sources.
pub fn thread_count(threads: Option<usize>, sources: usize) -> usize {
    threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, sources.max(1))
}

/// The list a reader of many sources returns: for each result, in order, the Python object
/// `ok` makes of what was read, or the exception `error` makes of the failure with its source.
/// With `return_errors` (`errors="return"`) the exception takes the failure's place in the list;
/// without it the first failure is raised.
pub fn result_list<'py, T, E, O>(
    py: Python<'py>,
    results: Vec<Result<T, ReadError<E>>>,
    sources: &[Source],
    return_errors: bool,
    ok: impl Fn(T) -> PyResult<O>,
    error: impl Fn(ReadError<E>, &Source) -> PyErr,
) -> PyResult<Bound<'py, PyList>>
where
    O: IntoPyObject<'py>,
{
    let list = PyList::empty(py);
    for (result, source) in results.into_iter().zip(sources) {
        match result {
            Ok(read) => list.append(ok(read)?)?,
            Err(e) => {
                let err = error(e, source);
                if !return_errors {
                    return Err(err);
                }
                list.append(err.into_value(py))?;
            }
        }
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts() {
        assert_eq!(thread_count(Some(8), 3), 3);
        assert_eq!(thread_count(Some(0), 3), 1);
        assert_eq!(thread_count(Some(2), 0), 1);
        assert!(thread_count(None, 100) >= 1);
    }

    #[test]
    fn file_names() {
        assert!(!names_a_file(""));
        assert!(names_a_file("Cargo.toml"));
        assert!(!names_a_file("Cargo.toml\n"));
        assert!(!names_a_file("no such file"));
    }

    #[test]
    fn a_file_over_the_limit_is_refused() {
        let read = read_file(Path::new("Cargo.toml"), 3, || "too large");
        assert!(matches!(read, Err(ReadError::Record("too large"))));
        let read = read_file(Path::new("Cargo.toml"), 1 << 20, || "too large");
        assert!(matches!(read, Ok(bytes) if !bytes.is_empty()));
        let read = read_file(Path::new("no such file"), 3, || "too large");
        assert!(matches!(read, Err(ReadError::Io(_))));
    }
}
