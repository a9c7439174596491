//! Variations: the lines of a record that replace a move of their parent line, as views of
//! the record they belong to.

use pyo3::exceptions::{PyIndexError, PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use shogi_rules::record::{self as core};

use crate::annotation::{
    Comment, MoveTime, end_comments_of, end_time_of, line_comments, move_times_of, times_of,
};
use crate::errors::{self, ShogiError};
use crate::moves::move_list;
use crate::record::{GameRecord, RecordState, SavedRecord};

/// The 1-based ply (counted from the record's start, the main line's first move being 1, or
/// `base` for a variation restored on its own) of the first move of line `id`.
pub(crate) fn first_ply(record: &core::GameRecord, id: core::LineId, base: u32) -> u32 {
    let main = record.first_ply(core::LineId::MAIN).unwrap_or(1);
    let line = record.first_ply(id).unwrap_or(main);
    base.saturating_add(line.saturating_sub(main))
}

/// The index in line `id` of the move at `ply` (`first` is the line's first ply).
pub(crate) fn move_index(
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
    pub(crate) record: Py<GameRecord>,
    /// The line in the record.
    pub(crate) id: core::LineId,
    /// The record's `generation` when the view was taken.
    pub(crate) generation: u64,
    /// The ply of the record's first move: 1, or a restored variation's own ply.
    pub(crate) base: u32,
}

/// The variations of line `id` of the record of `owner`, whose first move is ply `first_ply`.
pub(crate) fn variations_of(
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
    pub(crate) fn line_in<'a>(&self, state: &'a RecordState) -> PyResult<&'a core::Line> {
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

/// The line a `line=` argument names in `slf` (the main line for `None`) and its first ply.
pub(crate) fn line_arg(
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
