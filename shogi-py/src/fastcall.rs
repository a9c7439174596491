//! Direct entry points for `Game.push`, `Game.pop` and `Position.play`: C functions of the
//! interpreter's array-call convention (`METH_FASTCALL | METH_KEYWORDS`, in the limited API from
//! Python 3.10 on), made into method descriptors with `PyDescr_NewMethod` and set on the classes
//! with an ordinary attribute assignment when the module is set up.
//!
//! A loop that pushes and pops moves spends much of its time getting into and out of these
//! methods: pyo3's general route reads every call's arguments against the signature. Here the
//! common calls (`push(move)`, `pop()`, `play(move)`, positional and without keywords) go
//! straight to the method's body, `Game::push_impl`, `Game::pop_impl` and
//! `Position::play_impl`, the very functions pyo3's methods call; every other call (keywords,
//! `elapsed`, a missing or extra argument) is handed, untouched, to pyo3's method, kept aside,
//! which reads the arguments and raises exactly as it always does. Each body is written once.
//!
//! Only public interfaces are used: the limited API (`PyDescr_NewMethod`, the `PyMethodDef`
//! structure) and pyo3's public API (`Python::assume_attached`, `Borrowed::from_ptr`, checked
//! casts, pyo3's own borrow checking of a `Game`). The unsafe blocks are the ones a C function
//! called by the interpreter needs: taking the thread's attachment and the argument pointers
//! as the calling convention gives them.
#![allow(unsafe_code)]

use core::panic::AssertUnwindSafe;
use std::ffi::{CStr, CString};

use pyo3::exceptions::PyRuntimeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};

use crate::game::Game;
use crate::moves::MoveArg;
use crate::position::Position;

/// pyo3's own methods, which every call not handled directly goes to.
struct General {
    push: Py<PyAny>,
    pop: Py<PyAny>,
    play: Py<PyAny>,
}

static GENERAL: PyOnceLock<General> = PyOnceLock::new();

/// The function of a method of the array-call convention.
/// A call done directly, or `None` to hand it on to pyo3's method.
type Direct = for<'py> fn(
    &Bound<'py, PyAny>,
    Option<&Bound<'py, PyAny>>,
) -> Option<PyResult<Bound<'py, PyAny>>>;

type ArrayCall = unsafe extern "C" fn(
    *mut ffi::PyObject,
    *const *mut ffi::PyObject,
    ffi::Py_ssize_t,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;

/// Sets `Game.push`, `Game.pop` and `Position.play` to the direct entry points, keeping pyo3's
/// methods for the calls these hand on. Their names, signatures and documentation stay as they
/// were.
pub fn install(game: &Bound<'_, PyType>, position: &Bound<'_, PyType>) -> PyResult<()> {
    let py = game.py();
    let methods: [(&Bound<'_, PyType>, &'static CStr, ArrayCall); 3] = [
        (game, c"push", push_fn),
        (game, c"pop", pop_fn),
        (position, c"play", play_fn),
    ];
    let general = General {
        push: game.getattr("push")?.unbind(),
        pop: game.getattr("pop")?.unbind(),
        play: position.getattr("play")?.unbind(),
    };
    if GENERAL.set(py, general).is_err() {
        // Installed already.
        return Ok(());
    }
    for (class, name, function) in methods {
        let name_text = name
            .to_str()
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        let def = method_def(&class.getattr(name_text)?, name, function)?;
        // SAFETY: `def` lives for the rest of the program (leaked) and describes a function of
        // the calling convention its flags name; `class` is a live type object, attached.
        let descr = unsafe {
            Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(class.as_type_ptr(), def))?
        };
        class.setattr(name_text, descr)?;
    }
    Ok(())
}

/// The method definition for `name`, with the documentation and text signature of pyo3's
/// method `general`; it lives for the rest of the program, as a descriptor requires.
fn method_def(
    general: &Bound<'_, PyAny>,
    name: &'static CStr,
    function: ArrayCall,
) -> PyResult<*mut ffi::PyMethodDef> {
    let signature: Option<String> = general.getattr("__text_signature__")?.extract()?;
    let doc: Option<String> = general.getattr("__doc__")?.extract()?;
    let mut text = String::new();
    if let Some(signature) = signature {
        // The form the interpreter reads `__text_signature__` from.
        text = format!("{}{signature}\n--\n\n", name.to_string_lossy());
    }
    text.push_str(doc.as_deref().unwrap_or(""));
    let doc = CString::new(text).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(Box::into_raw(Box::new(ffi::PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunctionFastWithKeywords: function,
        },
        ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: doc.into_raw().cast_const(),
    })))
}

/// The common part of every entry point: `direct` does the call when it comes with `arity`
/// positional arguments (the first given to it, if any) and no keywords, or returns `None` to
/// hand it on; every other call goes to pyo3's method that `general` picks. Panics become
/// `PanicException`, errors are raised and give a null result, as the convention wants.
///
/// # Safety
/// Called from a method function the interpreter calls through a descriptor made in `install`:
/// the thread is attached, `slf` is a live object, `args` holds `nargs` live positional
/// arguments followed by one value per name in `kwnames` (null or a tuple of strings).
#[inline(always)]
unsafe fn entry(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
    arity: ffi::Py_ssize_t,
    general: fn(&General) -> &Py<PyAny>,
    direct: Direct,
) -> *mut ffi::PyObject {
    // SAFETY: the interpreter calls a method's function with the thread attached.
    let py = unsafe { Python::assume_attached() };
    // SAFETY: `slf` is live for the call (as this function requires).
    let slf = unsafe { Borrowed::from_ptr(py, slf) };
    let run = || -> PyResult<Bound<'_, PyAny>> {
        if nargs == arity && kwnames.is_null() {
            let first = if arity > 0 {
                // SAFETY: `args` holds `nargs` (here `arity` > 0) live arguments.
                Some(unsafe { Borrowed::from_ptr(py, *args) })
            } else {
                None
            };
            if let Some(result) = direct(&slf, first.as_deref()) {
                return result;
            }
        }
        // SAFETY: as this function requires.
        unsafe { call_general(&slf, general, args, nargs, kwnames) }
    };
    let error = match std::panic::catch_unwind(AssertUnwindSafe(run)) {
        Ok(Ok(value)) => return value.into_ptr(),
        Ok(Err(e)) => e,
        Err(_) => pyo3::panic::PanicException::new_err(
            "uncaught panic in Game.push, Game.pop or Position.play",
        ),
    };
    error.restore(py);
    core::ptr::null_mut()
}

/// `Game.push(move, elapsed=None)`.
///
/// # Safety
/// As `entry`.
unsafe extern "C" fn push_fn(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: as this function requires.
    unsafe { entry(slf, args, nargs, kwnames, 1, |g| &g.push, push_direct) }
}

fn push_direct<'py>(
    slf: &Bound<'py, PyAny>,
    arg: Option<&Bound<'py, PyAny>>,
) -> Option<PyResult<Bound<'py, PyAny>>> {
    let arg = arg?;
    Some((|| {
        let game = slf.cast::<Game>()?;
        let outcome = game.try_borrow_mut()?.push_impl(slf.py(), arg, None)?;
        outcome.into_pyobject(slf.py())
    })())
}

/// `Game.pop()`.
///
/// # Safety
/// As `entry`.
unsafe extern "C" fn pop_fn(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: as this function requires.
    unsafe { entry(slf, args, nargs, kwnames, 0, |g| &g.pop, pop_direct) }
}

fn pop_direct<'py>(
    slf: &Bound<'py, PyAny>,
    _: Option<&Bound<'py, PyAny>>,
) -> Option<PyResult<Bound<'py, PyAny>>> {
    Some((|| {
        let game = slf.cast::<Game>()?;
        let m = game.try_borrow_mut()?.pop_impl(slf.py())?;
        Ok(m.into_any())
    })())
}

/// `Position.play(move)`.
///
/// # Safety
/// As `entry`.
unsafe extern "C" fn play_fn(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: as this function requires.
    unsafe { entry(slf, args, nargs, kwnames, 1, |g| &g.play, play_direct) }
}

fn play_direct<'py>(
    slf: &Bound<'py, PyAny>,
    arg: Option<&Bound<'py, PyAny>>,
) -> Option<PyResult<Bound<'py, PyAny>>> {
    // An argument that is no move goes to pyo3's method, which names the argument in its error.
    let m = arg?.extract::<MoveArg>().ok()?;
    Some((|| {
        let position = slf.cast::<Position>()?;
        Ok(position.get().play_impl(slf.py(), &m)?.into_any())
    })())
}

fn not_installed() -> PyErr {
    PyRuntimeError::new_err("Game or Position methods called before the module was set up")
}

/// Hands an array call to a method of `slf` on to pyo3's method that `method` picks.
///
/// # Safety
/// As `entry`, for `args`, `nargs` and `kwnames`.
unsafe fn call_general<'py>(
    slf: &Bound<'py, PyAny>,
    method: fn(&General) -> &Py<PyAny>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<Bound<'py, PyAny>> {
    let py = slf.py();
    let nargs = usize::try_from(nargs).unwrap_or(0);
    let at = |i: usize| {
        // SAFETY: `i` is below the number of values in `args` (the callers check), all live
        // for the call.
        unsafe { Borrowed::from_ptr(py, *args.add(i)) }
    };
    let mut all = Vec::with_capacity(nargs + 1);
    all.push(slf.as_borrowed());
    all.extend((0..nargs).map(at));
    let positional = PyTuple::new(py, all)?;
    let kwargs = if kwnames.is_null() {
        None
    } else {
        // SAFETY: a live tuple of strings, as this function requires.
        let names = unsafe { Borrowed::from_ptr(py, kwnames) };
        let names = names.cast::<PyTuple>()?;
        let kwargs = PyDict::new(py);
        for (i, name) in names.iter().enumerate() {
            kwargs.set_item(name.cast_into::<PyString>()?, at(nargs + i))?;
        }
        Some(kwargs)
    };
    let general = method(GENERAL.get(py).ok_or_else(not_installed)?);
    general.bind(py).call(positional, kwargs.as_ref())
}
