//! The read-only sequence protocol of a packed list (such as `MoveList`): a `Vec` of core
//! values behind a frozen Python class, with a Python object made for each item read.
//!
//! Each function takes the items as a slice and what is game-specific (how a core value becomes
//! a Python object, which objects stand for a value) as closures, so that one copy serves
//! every binding.

use std::fmt::Display;

use pyo3::IntoPyObjectExt;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice, PyTuple};

/// The item at `index` (negative: from the end), or `IndexError` ("`name` index out of
/// range").
pub fn item_at<T: Copy>(items: &[T], index: isize, name: &str) -> PyResult<T> {
    let len = isize::try_from(items.len())?;
    let at = if index < 0 { index + len } else { index };
    usize::try_from(at)
        .ok()
        .and_then(|at| items.get(at))
        .copied()
        .ok_or_else(|| PyIndexError::new_err(format!("{name} index out of range")))
}

/// The items a slice selects, in its order.
pub fn slice_of<T: Copy>(items: &[T], slice: &Bound<'_, PySlice>) -> PyResult<Vec<T>> {
    let indices = slice.indices(isize::try_from(items.len())?)?;
    let mut out = Vec::with_capacity(indices.slicelength);
    let mut at = indices.start;
    for _ in 0..indices.slicelength {
        out.push(items[usize::try_from(at)?]);
        at += indices.step;
    }
    Ok(out)
}

/// `__getitem__`: a slice gives a new list (`list` of the selected items), an int the item at
/// that index (`item`; negative from the end, `IndexError` with `name` when out of range).
pub fn get_item<'py, T, L, I>(
    items: &[T],
    index: &Bound<'py, PyAny>,
    name: &str,
    list: impl FnOnce(Vec<T>) -> L,
    item: impl FnOnce(T) -> I,
) -> PyResult<Bound<'py, PyAny>>
where
    T: Copy,
    L: IntoPyObject<'py>,
    I: IntoPyObject<'py>,
{
    let py = index.py();
    if let Ok(slice) = index.cast::<PySlice>() {
        return list(slice_of(items, slice)?).into_bound_py_any(py);
    }
    let index: isize = index.extract()?;
    item(item_at(items, index, name)?).into_bound_py_any(py)
}

/// The items of an optional iterable, each converted by `item` (for a constructor such as
/// `MoveList(moves=None)`); the first failure is the error.
pub fn collect<T>(
    iterable: Option<&Bound<'_, PyAny>>,
    item: impl Fn(&Bound<'_, PyAny>) -> PyResult<T>,
) -> PyResult<Vec<T>> {
    let mut out = Vec::new();
    if let Some(iterable) = iterable {
        for element in iterable.try_iter()? {
            out.push(item(&element?)?);
        }
    }
    Ok(out)
}

/// The items of `other` when it is a list of the same class (`same`, which gives its items) or
/// a Python `list` or `tuple` whose every element `item` accepts; else `None`.
pub fn items_of<T>(
    other: &Bound<'_, PyAny>,
    same: impl FnOnce(&Bound<'_, PyAny>) -> Option<Vec<T>>,
    item: impl Fn(&Bound<'_, PyAny>) -> Option<T>,
) -> Option<Vec<T>> {
    if let Some(items) = same(other) {
        return Some(items);
    }
    if !(other.is_instance_of::<PyList>() || other.is_instance_of::<PyTuple>()) {
        return None;
    }
    let mut out = Vec::new();
    for element in other.try_iter().ok()? {
        out.push(item(&element.ok()?)?);
    }
    Some(out)
}

/// `__richcmp__` of a list: `==` and `!=` against the items of the other operand (`other`, as
/// [`items_of`] gives them), `NotImplemented` for every other comparison or operand.
pub fn compare<T: PartialEq>(
    py: Python<'_>,
    items: &[T],
    other: Option<Vec<T>>,
    op: CompareOp,
) -> Py<PyAny> {
    let equal = match (op, other) {
        (CompareOp::Eq, Some(other)) => other == items,
        (CompareOp::Ne, Some(other)) => other != items,
        _ => return py.NotImplemented(),
    };
    equal.into_py_any(py).unwrap_or_else(|_| py.None())
}

/// The index of the first item equal to `wanted`, or `ValueError` with `message` (also when
/// `wanted` is `None`: the object stands for no item).
pub fn index_of<T: PartialEq>(items: &[T], wanted: Option<T>, message: &str) -> PyResult<usize> {
    wanted
        .and_then(|w| items.iter().position(|x| *x == w))
        .ok_or_else(|| PyValueError::new_err(message.to_owned()))
}

/// How many items equal `wanted` (0 when it is `None`).
pub fn count_of<T: PartialEq>(items: &[T], wanted: Option<T>) -> usize {
    wanted.map_or(0, |w| items.iter().filter(|x| **x == w).count())
}

/// `name([a, b, …])` with each item written by `item`: `MoveList([<Move h2e2>])`.
pub fn repr<T, D: Display>(name: &str, items: &[T], item: impl Fn(&T) -> D) -> String {
    let items: Vec<String> = items.iter().map(|x| item(x).to_string()).collect();
    format!("{name}([{}])", items.join(", "))
}
