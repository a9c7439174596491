//! Training data for Python (`shogi_rules.training`): HCP, PackedSfen and
//! HCPE bytes of many positions at once, move labels, legal move masks and
//! feature planes (see [`planes`] for the layouts), and the conversion of
//! record files that `shogi training convert` runs. Every bulk function
//! reads its arguments, then does its work with the interpreter detached.

pub mod planes;

use std::path::PathBuf;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use shogi_cli::training::{self as conversion, Ending, Options, TrainingFormat};
use shogi_rules::training::{HuffmanCodedPosAndEval, PackError as CorePackError, PackedSfenValue};

use board_py::errors::{obj, raise};

use crate::errors::ShogiError;
use crate::moves::Move;
use crate::position::{Position, PositionArg};

create_exception!(
    shogi_rules,
    PackError,
    ShogiError,
    "Bytes that are no position in a training format, a move16 that is no legal move of the \
     position, or a position the format cannot hold; `.kind` names the error: \"bad_code\", \
     \"truncated\", \"king_square\", \"kings\", \"piece_count\", \"setup\", \"no_such_move\" \
     or \"length\"."
);

/// The Python exception of a [`CorePackError`]: `PackError` with `.kind`
/// naming the variant.
pub fn pack_error(e: &CorePackError) -> PyErr {
    pack_error_with(e.to_string(), e)
}

/// [`pack_error`] for the entry or position `index` of a buffer or a list,
/// named in the message.
fn pack_error_at(what: &str, index: usize, e: &CorePackError) -> PyErr {
    pack_error_with(format!("{what} {index}: {e}"), e)
}

fn pack_error_with(message: String, e: &CorePackError) -> PyErr {
    let kind = match e {
        CorePackError::BadCode { .. } => "bad_code",
        CorePackError::Truncated { .. } => "truncated",
        CorePackError::KingSquare { .. } => "king_square",
        CorePackError::Kings { .. } => "kings",
        CorePackError::PieceCount { .. } => "piece_count",
        CorePackError::Setup(_) => "setup",
        CorePackError::NoSuchMove { .. } => "no_such_move",
        CorePackError::Length { .. } => "length",
        // `PackError` is non-exhaustive; no variant of today reaches this arm.
        _ => "other",
    };
    Python::attach(|py| raise::<PackError>(py, message, &[("kind", obj(py, kind))]))
}

/// For the tests: each example of `PackError` (one value a variant) with
/// the exception made of it, as `(example, exception)`.
#[pyfunction(name = "_pack_error_examples")]
fn pack_error_examples(py: Python<'_>) -> Vec<(String, Py<PyAny>)> {
    CorePackError::examples()
        .iter()
        .map(|e| (format!("{e:?}"), pack_error(e).into_value(py).into_any()))
        .collect()
}

/// The 32 bytes of a buffer, or a `PackError` of kind `"length"`.
fn bytes32(data: &[u8]) -> PyResult<[u8; 32]> {
    data.try_into().map_err(|_| {
        Python::attach(|py| {
            raise::<PackError>(
                py,
                format!("expected 32 bytes, got {}", data.len()),
                &[("kind", obj(py, "length"))],
            )
        })
    })
}

/// `Position.to_hcp()`.
pub fn to_hcp<'py>(
    py: Python<'py>,
    position: &shogi_rules::Position,
) -> PyResult<Bound<'py, PyBytes>> {
    let bytes = position.to_hcp().map_err(|e| pack_error(&e))?;
    Ok(PyBytes::new(py, &bytes))
}

/// `Position.from_hcp(data)`.
pub fn from_hcp(data: &[u8]) -> PyResult<Position> {
    shogi_rules::Position::from_hcp(&bytes32(data)?)
        .map(Position::from)
        .map_err(|e| pack_error(&e))
}

/// `Position.to_psfen()`.
pub fn to_psfen<'py>(
    py: Python<'py>,
    position: &shogi_rules::Position,
) -> PyResult<Bound<'py, PyBytes>> {
    let bytes = position.to_packed_sfen().map_err(|e| pack_error(&e))?;
    Ok(PyBytes::new(py, &bytes))
}

/// `Position.from_psfen(data)`.
pub fn from_psfen(data: &[u8]) -> PyResult<Position> {
    shogi_rules::Position::from_packed_sfen(&bytes32(data)?)
        .map(Position::from)
        .map_err(|e| pack_error(&e))
}

/// `Position.move_from_move16(code)`.
pub fn move_from_move16(position: &shogi_rules::Position, code: u16) -> PyResult<Move> {
    position
        .move_from_move16(code)
        .map(Move)
        .map_err(|e| pack_error(&e))
}

/// The positions of an iterable of `Position` objects or SFEN strings.
fn positions_arg(positions: &Bound<'_, PyAny>) -> PyResult<Vec<shogi_rules::Position>> {
    let mut out = Vec::with_capacity(positions.len().unwrap_or(0));
    for item in positions.try_iter()? {
        out.push(item?.extract::<PositionArg>()?.0);
    }
    Ok(out)
}

/// The moves of an iterable of `Move` objects.
fn moves_arg(moves: &Bound<'_, PyAny>) -> PyResult<Vec<shogi_rules::Move>> {
    let mut out = Vec::with_capacity(moves.len().unwrap_or(0));
    for item in moves.try_iter()? {
        out.push(item?.extract::<Move>()?.0);
    }
    Ok(out)
}

/// The bytes of every row encoded by `encode`, one after another (the
/// interpreter detached), or a `PackError` naming the first row (a `what`)
/// that fails.
fn encode_rows<'py, R: Sync, const N: usize>(
    py: Python<'py>,
    rows: &[R],
    what: &str,
    encode: impl Fn(&R) -> Result<[u8; N], CorePackError> + Sync,
) -> PyResult<Bound<'py, PyBytes>> {
    let bytes = py.detach(|| {
        let mut out = Vec::with_capacity(rows.len() * N);
        for (i, row) in rows.iter().enumerate() {
            out.extend_from_slice(&encode(row).map_err(|e| (i, e))?);
        }
        Ok::<_, (usize, CorePackError)>(out)
    });
    match bytes {
        Ok(bytes) => Ok(PyBytes::new(py, &bytes)),
        Err((i, e)) => Err(pack_error_at(what, i, &e)),
    }
}

/// The 32-byte encoding of every position by `encode`, one after another.
fn encode_positions<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    encode: fn(&shogi_rules::Position) -> Result<[u8; 32], CorePackError>,
) -> PyResult<Bound<'py, PyBytes>> {
    encode_rows(py, &positions_arg(positions)?, "position", encode)
}

/// The HCP bytes of every position, one after another (32 bytes each).
#[pyfunction]
#[pyo3(name = "_encode_hcp")]
fn encode_hcp<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    encode_positions(py, positions, shogi_rules::Position::to_hcp)
}

/// The PackedSfen bytes of every position, one after another (32 bytes
/// each).
#[pyfunction]
#[pyo3(name = "_encode_psfen")]
fn encode_psfen<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    encode_positions(py, positions, shogi_rules::Position::to_packed_sfen)
}

/// Decodes every `size`-byte entry of `data` with `decode` (the interpreter
/// detached), or the first entry that fails.
fn decode_entries<T: Send>(
    py: Python<'_>,
    data: &[u8],
    size: usize,
    decode: impl Fn(&[u8]) -> Result<T, CorePackError> + Sync,
) -> PyResult<Vec<T>> {
    if data.len() % size != 0 {
        return Err(pack_error(&CorePackError::Length {
            len: data.len(),
            entry_size: size,
        }));
    }
    py.detach(|| {
        data.chunks_exact(size)
            .enumerate()
            .map(|(i, chunk)| decode(chunk).map_err(|e| (i, e)))
            .collect::<Result<Vec<T>, _>>()
    })
    .map_err(|(i, e)| pack_error_at("entry", i, &e))
}

/// The positions of 32-byte encodings decoded by `decode`.
fn decode_positions<'py>(
    py: Python<'py>,
    data: &[u8],
    decode: fn(&[u8; 32]) -> Result<shogi_rules::Position, CorePackError>,
) -> PyResult<Bound<'py, PyList>> {
    let positions = decode_entries(py, data, 32, |chunk| decode(&entry_bytes(chunk)?))?;
    PyList::new(py, positions.into_iter().map(Position::from))
}

/// The positions of HCP bytes (32 bytes each).
#[pyfunction]
#[pyo3(name = "_decode_hcp")]
fn decode_hcp<'py>(py: Python<'py>, data: &[u8]) -> PyResult<Bound<'py, PyList>> {
    decode_positions(py, data, shogi_rules::Position::from_hcp)
}

/// The positions of PackedSfen bytes (32 bytes each).
#[pyfunction]
#[pyo3(name = "_decode_psfen")]
fn decode_psfen<'py>(py: Python<'py>, data: &[u8]) -> PyResult<Bound<'py, PyList>> {
    decode_positions(py, data, shogi_rules::Position::from_packed_sfen)
}

/// One entry of `decode_entries` as an array of its size.
fn entry_bytes<const N: usize>(chunk: &[u8]) -> Result<[u8; N], CorePackError> {
    chunk.try_into().map_err(|_| CorePackError::Length {
        len: chunk.len(),
        entry_size: N,
    })
}

/// HCPE bytes of `entries`, each `(position, eval, move, game_result)`.
#[pyfunction]
#[pyo3(name = "_encode_hcpe")]
fn encode_hcpe<'py>(py: Python<'py>, entries: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    let mut rows = Vec::with_capacity(entries.len().unwrap_or(0));
    for item in entries.try_iter()? {
        let (position, eval, mv, result): (PositionArg, i16, Move, u8) = item?.extract()?;
        if result > 2 {
            return Err(PyValueError::new_err(format!(
                "game_result {result}: expected 0 (draw), 1 (Sente won) or 2 (Gote won)"
            )));
        }
        rows.push((position.0, eval, mv.0, result));
    }
    encode_rows(py, &rows, "entry", |(position, eval, mv, result)| {
        let entry = HuffmanCodedPosAndEval {
            hcp: position.to_hcp()?,
            eval: *eval,
            best_move16: mv.to_move16(),
            game_result: *result,
            dummy: 0,
        };
        Ok(entry.to_bytes())
    })
}

/// The entries of HCPE bytes: `(position, eval, move, game_result)`, the
/// move `None` when its code is no legal move of the position.
#[pyfunction]
#[pyo3(name = "_decode_hcpe")]
fn decode_hcpe<'py>(py: Python<'py>, data: &[u8]) -> PyResult<Bound<'py, PyList>> {
    let rows = decode_entries(py, data, HuffmanCodedPosAndEval::SIZE, |chunk| {
        let entry = HuffmanCodedPosAndEval::from_bytes(&entry_bytes(chunk)?);
        let position = shogi_rules::Position::from_hcp(&entry.hcp)?;
        let mv = position.move_from_move16(entry.best_move16).ok();
        Ok((position, entry.eval, mv, entry.game_result))
    })?;
    PyList::new(
        py,
        rows.into_iter().map(|(position, eval, mv, result)| {
            (Position::from(position), eval, mv.map(Move), result)
        }),
    )
}

/// PSV bytes of `entries`, each `(position, score, move, game_ply,
/// game_result)`.
#[pyfunction]
#[pyo3(name = "_encode_psv")]
fn encode_psv<'py>(py: Python<'py>, entries: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    let mut rows = Vec::with_capacity(entries.len().unwrap_or(0));
    for item in entries.try_iter()? {
        let (position, score, mv, game_ply, result): (PositionArg, i16, Move, u16, i8) =
            item?.extract()?;
        if !(-1..=1).contains(&result) {
            return Err(PyValueError::new_err(format!(
                "game_result {result}: expected 1 (the side to move won), -1 (lost) or 0 (draw)"
            )));
        }
        rows.push((position.0, score, mv.0, game_ply, result));
    }
    encode_rows(
        py,
        &rows,
        "entry",
        |(position, score, mv, game_ply, result)| {
            let entry = PackedSfenValue {
                sfen: position.to_packed_sfen()?,
                score: *score,
                mv: mv.to_move16(),
                game_ply: *game_ply,
                game_result: *result,
                padding: 0,
            };
            Ok(entry.to_bytes())
        },
    )
}

/// The entries of PSV bytes: `(position, score, move, game_ply,
/// game_result)`, the move `None` when its code is no legal move of the
/// position.
#[pyfunction]
#[pyo3(name = "_decode_psv")]
fn decode_psv<'py>(py: Python<'py>, data: &[u8]) -> PyResult<Bound<'py, PyList>> {
    let rows = decode_entries(py, data, PackedSfenValue::SIZE, |chunk| {
        let entry = PackedSfenValue::from_bytes(&entry_bytes(chunk)?);
        let position = shogi_rules::Position::from_packed_sfen(&entry.sfen)?;
        let mv = position.move_from_move16(entry.mv).ok();
        Ok((position, entry.score, mv, entry.game_ply, entry.game_result))
    })?;
    PyList::new(
        py,
        rows.into_iter().map(|(position, score, mv, ply, result)| {
            (Position::from(position), score, mv.map(Move), ply, result)
        }),
    )
}

/// One byte per move label for each position: 1 for a legal move's label.
#[pyfunction]
#[pyo3(name = "_legal_move_mask")]
fn legal_move_mask<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let positions = positions_arg(positions)?;
    let bytes = py.detach(|| {
        let mut out = vec![0u8; positions.len() * planes::LABELS];
        for (position, mask) in positions.iter().zip(out.chunks_exact_mut(planes::LABELS)) {
            planes::legal_move_mask(position, mask);
        }
        out
    });
    Ok(PyBytes::new(py, &bytes))
}

/// The label of each move played from its position, as little-endian
/// `uint16`.
#[pyfunction]
#[pyo3(name = "_move_labels")]
fn move_labels<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    moves: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let positions = positions_arg(positions)?;
    let moves = moves_arg(moves)?;
    if positions.len() != moves.len() {
        return Err(PyValueError::new_err(format!(
            "{} positions but {} moves",
            positions.len(),
            moves.len()
        )));
    }
    let bytes = py.detach(|| {
        let mut out = Vec::with_capacity(moves.len() * 2);
        for (position, &mv) in positions.iter().zip(&moves) {
            let label = planes::move_label(mv, position.turn());
            out.extend_from_slice(&u16::try_from(label).unwrap_or(u16::MAX).to_le_bytes());
        }
        out
    });
    Ok(PyBytes::new(py, &bytes))
}

/// The feature planes of every position ([`planes::FEATURE_BYTES`] bytes
/// each), on `threads` threads.
#[pyfunction]
#[pyo3(name = "_features", signature = (positions, threads=None))]
fn features<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyBytes>> {
    let positions = positions_arg(positions)?;
    let threads = board_py::read::thread_count(threads, positions.len());
    let bytes = py.detach(|| {
        let size = planes::FEATURE_BYTES;
        let mut out = vec![0u8; positions.len() * size];
        let per_thread = positions.len().div_ceil(threads).max(1);
        std::thread::scope(|scope| {
            for (chunk, out) in positions
                .chunks(per_thread)
                .zip(out.chunks_mut(per_thread * size))
            {
                scope.spawn(move || {
                    for (position, planes_out) in chunk.iter().zip(out.chunks_exact_mut(size)) {
                        planes::features(position, planes_out);
                    }
                });
            }
        });
        out
    });
    Ok(PyBytes::new(py, &bytes))
}

/// The endings a list of names gives.
fn endings_arg(names: Vec<String>) -> PyResult<Vec<Ending>> {
    names
        .iter()
        .map(|name| {
            Ending::ALL
                .into_iter()
                .find(|e| e.as_str() == name.replace('_', "-"))
                .ok_or_else(|| {
                    let known: Vec<&str> = Ending::ALL.iter().map(|e| e.as_str()).collect();
                    PyValueError::new_err(format!(
                        "unknown ending {name:?}: expected one of {}",
                        known.join(", ")
                    ))
                })
        })
        .collect()
}

/// `shogi training convert`: the summary as a dict.
#[pyfunction]
#[pyo3(
    name = "_convert",
    signature = (paths, to, output, min_moves=0, min_rating=None, require_rating=false,
                 endings=None, keep_unfinished=false, dedup=false, threads=None)
)]
#[allow(clippy::too_many_arguments)]
fn convert<'py>(
    py: Python<'py>,
    paths: Vec<PathBuf>,
    to: &str,
    output: PathBuf,
    min_moves: usize,
    min_rating: Option<f64>,
    require_rating: bool,
    endings: Option<Vec<String>>,
    keep_unfinished: bool,
    dedup: bool,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let format = match to.to_ascii_lowercase().as_str() {
        "hcpe" => TrainingFormat::Hcpe,
        "psv" => TrainingFormat::Psv,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown format {to:?}: expected \"hcpe\" or \"psv\""
            )));
        }
    };
    if threads == Some(0) {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    let mut options = Options::new(paths, format, output);
    options.min_moves = min_moves;
    options.min_rating = min_rating;
    options.require_rating = require_rating;
    if let Some(endings) = endings {
        options.endings = endings_arg(endings)?;
    }
    options.keep_unfinished = keep_unfinished;
    options.dedup = dedup;
    options.threads = threads;
    let summary = py
        .detach(|| conversion::convert(&options))
        .map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))?;
    let dict = PyDict::new(py);
    dict.set_item("files", summary.files)?;
    dict.set_item("failed", summary.failed)?;
    dict.set_item("games", summary.games)?;
    dict.set_item("kept", summary.kept)?;
    let skipped = PyDict::new(py);
    for (reason, count) in &summary.skipped {
        skipped.set_item(reason.to_string(), count)?;
    }
    dict.set_item("skipped", skipped)?;
    dict.set_item("positions", summary.positions)?;
    dict.set_item("duplicates", summary.duplicates)?;
    dict.set_item("unencodable", summary.unencodable)?;
    dict.set_item("bytes", summary.bytes)?;
    Ok(dict)
}

/// Adds the training functions and `PackError` to the module.
pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PackError", m.py().get_type::<PackError>())?;
    m.add_function(wrap_pyfunction!(pack_error_examples, m)?)?;
    m.add("_LABELS", planes::LABELS)?;
    m.add("_PLANES", planes::PLANES)?;
    m.add_function(wrap_pyfunction!(encode_hcp, m)?)?;
    m.add_function(wrap_pyfunction!(decode_hcp, m)?)?;
    m.add_function(wrap_pyfunction!(encode_hcpe, m)?)?;
    m.add_function(wrap_pyfunction!(decode_hcpe, m)?)?;
    m.add_function(wrap_pyfunction!(encode_psfen, m)?)?;
    m.add_function(wrap_pyfunction!(decode_psfen, m)?)?;
    m.add_function(wrap_pyfunction!(encode_psv, m)?)?;
    m.add_function(wrap_pyfunction!(decode_psv, m)?)?;
    m.add_function(wrap_pyfunction!(legal_move_mask, m)?)?;
    m.add_function(wrap_pyfunction!(move_labels, m)?)?;
    m.add_function(wrap_pyfunction!(features, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    Ok(())
}
