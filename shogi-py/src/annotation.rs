//! What a record says about its moves besides the moves: comments and times.

use std::time::Duration;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use shogi_rules::record::{self as core};

use crate::errors::ShogiError;
use crate::types::quote;

/// A comment of a record: `ply` is the number of moves played before it (0 for comments on the
/// start position), `kind` is `"normal"`, `"engine"` (KIF `**`) or `"bookmark"`.
#[pyclass(frozen, eq, hash, module = "shogi_rules._core")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Comment {
    /// Moves played before the comment.
    #[pyo3(get)]
    pub(crate) ply: u32,
    /// `"normal"`, `"engine"` or `"bookmark"`.
    #[pyo3(get)]
    pub(crate) kind: String,
    /// The text, without its marker.
    #[pyo3(get)]
    pub(crate) text: String,
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

pub(crate) fn comments_of(ply: u32, comments: &[core::Comment], out: &mut Vec<Comment>) {
    out.extend(comments.iter().map(|c| Comment {
        ply,
        kind: c.kind.as_str().to_owned(),
        text: c.text.clone(),
    }));
}

/// A comment of the core from its text and the name of its kind.
pub(crate) fn comment_arg(text: &str, kind: &str) -> PyResult<core::Comment> {
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
pub(crate) fn comments_arg(comments: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<core::Comment>> {
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
pub(crate) type TimeState = (u64, Option<u64>);

/// `seconds` as a duration a record holds.
pub(crate) fn seconds_arg(seconds: f64) -> PyResult<Duration> {
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
pub(crate) fn time_arg(time: Option<&Bound<'_, PyAny>>) -> PyResult<Option<core::MoveTime>> {
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
pub(crate) fn special_arg(special: Option<&str>) -> PyResult<Option<core::SpecialMove>> {
    special
        .map(|name| {
            core::SpecialMove::ALL
                .into_iter()
                .find(|s| s.as_str() == name)
                .ok_or_else(|| ShogiError::new_err(format!("unknown special move {name:?}")))
        })
        .transpose()
}

/// The comments of `line`, whose first move is ply `first`, with the plies `Comment.ply`
/// gives: after its move `i`, `first + i`; after its end, as after its last move.
pub(crate) fn line_comments(line: &core::Line, first: u32, out: &mut Vec<Comment>) {
    for (i, m) in line.moves.iter().enumerate() {
        comments_of(ply_after(first, i), &m.comments, out);
    }
    out.extend(end_comments_of(line, first));
}

/// The ply of a comment after move `index` of a line whose first move is ply `first`.
pub(crate) fn ply_after(first: u32, index: usize) -> u32 {
    first.saturating_add(u32::try_from(index).unwrap_or(u32::MAX))
}

/// The comments after the end of `line`, whose first move is ply `first`.
pub(crate) fn end_comments_of(line: &core::Line, first: u32) -> Vec<Comment> {
    let mut out = Vec::new();
    if let Some(end) = &line.end {
        let ply = ply_after(first, line.moves.len()).saturating_sub(1);
        comments_of(ply, &end.comments, &mut out);
    }
    out
}

/// Seconds used by each move of `line`.
pub(crate) fn times_of(line: &core::Line) -> Vec<Option<f64>> {
    line.moves
        .iter()
        .map(|m| m.time.map(|t| t.used.as_secs_f64()))
        .collect()
}

/// The time of each move of `line`.
pub(crate) fn move_times_of(line: &core::Line) -> Vec<Option<MoveTime>> {
    line.moves.iter().map(|m| m.time.map(MoveTime)).collect()
}

/// The time before the end of `line`.
pub(crate) fn end_time_of(line: &core::Line) -> Option<MoveTime> {
    line.end.as_ref().and_then(|e| e.time).map(MoveTime)
}
