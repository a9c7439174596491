//! Exceptions that carry attributes (`.kind`, `.column`, `.move`, …) set on the instance.

use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;

/// An exception of class `T` with `message` and the given attributes set on the instance.
pub fn raise<T: pyo3::PyTypeInfo>(
    py: Python<'_>,
    message: String,
    attributes: &[(&str, Py<PyAny>)],
) -> PyErr {
    let err = PyErr::new::<T, _>(message);
    let value = err.value(py);
    for (name, attribute) in attributes {
        // Setting an attribute on a fresh exception instance cannot fail.
        let _ = value.setattr(*name, attribute.bind(py));
    }
    err
}

/// `value` as a Python object, for an attribute of [`raise`] (`None` in the unexpected case
/// that it cannot be converted).
pub fn obj<'py, T>(py: Python<'py>, value: T) -> Py<PyAny>
where
    T: IntoPyObject<'py>,
{
    value.into_py_any(py).unwrap_or_else(|_| py.None())
}
