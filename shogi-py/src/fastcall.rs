//! `Game.push`, `Game.pop` and `Position.play` called the interpreter's own way, without
//! pyo3's general route.
//!
//! A loop that pushes and pops moves spends a good part of its time getting into and out of
//! these two methods: pyo3 reads every call's arguments against the signature and counts the
//! thread's attachment. Here each method is a
//! plain C function on the class (a method descriptor, as a C extension defines one) that
//! handles the common calls itself (`push(move)` with a `Move` or USI text, and `pop()`) when
//! they succeed. Every other call (keywords, `elapsed`, a wrong argument, an illegal move, a
//! game that is borrowed elsewhere) goes to pyo3's own method, kept aside, which parses the
//! arguments and raises exactly as it always does. A call that fails leaves the game unchanged,
//! so handing it on repeats it without effect. `Position.play(move)` with a `Move` is done here
//! the same way, where array calls are there (a position never changes, so handing a call on
//! repeats nothing).
//!
//! No `Py` reference is dropped here: pyo3 defers a drop it makes outside its own calls. Every
//! reference let go of is a `Bound`, released at once.
#![allow(unsafe_code)]

use core::ffi::CStr;
use core::panic::AssertUnwindSafe;
use std::ffi::CString;

use pyo3::exceptions::PyRuntimeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;
#[cfg(array_calls)]
use pyo3::types::{PyDict, PyString, PyTuple};

use crate::game::Game;
#[cfg(array_calls)]
use crate::moves::Move;
#[cfg(array_calls)]
use crate::position::Position;

/// pyo3's own methods, which every call not handled here goes to.
struct General {
    #[cfg(array_calls)]
    push: Py<PyAny>,
    pop: Py<PyAny>,
    #[cfg(array_calls)]
    play: Py<PyAny>,
}

static GENERAL: PyOnceLock<General> = PyOnceLock::new();

/// Replaces `Game.pop`, and `Game.push` and `Position.play` where array calls are there, with
/// the functions below, keeping pyo3's methods for the calls these hand on. Their names,
/// signatures and documentation stay as they were.
pub fn install(game: &Bound<'_, PyType>, position: &Bound<'_, PyType>) -> PyResult<()> {
    let py = game.py();
    let pop = game.getattr("pop")?.unbind();
    // An array call with no arguments is a direct call for the interpreter, where a call of a
    // function without arguments (`METH_NOARGS`) goes through its general call route.
    #[cfg(array_calls)]
    let pop_method = Method::FastWithKeywords(pop_fn);
    #[cfg(not(array_calls))]
    let pop_method = Method::NoArgs(pop_fn);
    #[allow(unused_mut)]
    let mut defs = vec![(game, c"pop", method_def(py, &pop, c"pop", pop_method)?)];
    #[cfg(array_calls)]
    let push = game.getattr("push")?.unbind();
    #[cfg(array_calls)]
    defs.push((
        game,
        c"push",
        method_def(py, &push, c"push", Method::FastWithKeywords(push_fn))?,
    ));
    #[cfg(array_calls)]
    let play = position.getattr("play")?.unbind();
    #[cfg(array_calls)]
    defs.push((
        position,
        c"play",
        method_def(py, &play, c"play", Method::FastWithKeywords(play_fn))?,
    ));
    #[cfg(not(array_calls))]
    let _ = position;
    let general = General {
        #[cfg(array_calls)]
        push,
        pop,
        #[cfg(array_calls)]
        play,
    };
    if GENERAL.set(py, general).is_err() {
        // Installed already (a second import of the module in one interpreter).
        return Ok(());
    }
    let mut installed = Vec::new();
    for (class, name, def) in defs {
        let name = name
            .to_str()
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        installed.push(format!("{}.{name}", class.name()?));
        // SAFETY: `def` lives for the rest of the program and describes a function of the
        // calling convention named in its flags; `class` is a live type object.
        let descr = unsafe {
            Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(class.as_type_ptr(), def))?
        };
        class.setattr(name, descr)?;
    }
    let _ = INSTALLED.set(py, installed);
    Ok(())
}

/// The methods replaced by `install`, as `Class.method`.
static INSTALLED: PyOnceLock<Vec<String>> = PyOnceLock::new();

/// The names of the methods called directly, without pyo3's general route (`Game.pop`, and
/// `Game.push` and `Position.play` in a build for Python 3.10 or later), in the order they
/// were installed; the tests require them.
#[pyfunction(name = "_methods_called_directly")]
pub fn methods_called_directly(py: Python<'_>) -> Vec<String> {
    INSTALLED.get(py).cloned().unwrap_or_default()
}

/// A method's function, by its calling convention.
#[derive(Clone, Copy)]
enum Method {
    #[cfg(not(array_calls))]
    NoArgs(ffi::PyCFunction),
    #[cfg(array_calls)]
    FastWithKeywords(ffi::PyCFunctionFastWithKeywords),
}

/// The method definition for `name`, with the documentation and text signature of pyo3's
/// `general` method; it lives for the rest of the program, as a descriptor requires.
fn method_def(
    py: Python<'_>,
    general: &Py<PyAny>,
    name: &'static CStr,
    method: Method,
) -> PyResult<*mut ffi::PyMethodDef> {
    let general = general.bind(py);
    let signature: Option<String> = general.getattr("__text_signature__")?.extract()?;
    let doc: Option<String> = general.getattr("__doc__")?.extract()?;
    let mut text = String::new();
    if let Some(signature) = signature {
        // The form the interpreter reads `__text_signature__` from.
        text = format!("{}{signature}\n--\n\n", name.to_string_lossy());
    }
    text.push_str(doc.as_deref().unwrap_or(""));
    let doc = CString::new(text).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    let (meth, flags) = match method {
        #[cfg(not(array_calls))]
        Method::NoArgs(f) => (ffi::PyMethodDefPointer { PyCFunction: f }, ffi::METH_NOARGS),
        #[cfg(array_calls)]
        Method::FastWithKeywords(f) => (
            ffi::PyMethodDefPointer {
                PyCFunctionFastWithKeywords: f,
            },
            ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
        ),
    };
    Ok(Box::into_raw(Box::new(ffi::PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: meth,
        ml_flags: flags,
        ml_doc: doc.into_raw().cast_const(),
    })))
}

/// What a direct call did.
enum Fast<'py> {
    /// Done: this is the result.
    Done(Bound<'py, PyAny>),
    /// Done, and the move ended the game: the result is the outcome's object.
    #[cfg(array_calls)]
    Ended(shogi_rules::Outcome),
    /// Done, and this move was taken back: the result is a new object for it.
    TakenBack(shogi_rules::Move),
    /// Not done, the game unchanged: pyo3's method takes the call.
    General,
}

/// The result of a direct call: the common case (`Fast::Done`) at once, every other one by
/// `finish`, out of line. `fast` runs with panics caught.
#[inline(always)]
fn answer<'py>(
    py: Python<'py>,
    fast: impl FnOnce() -> Fast<'py>,
    general: impl FnOnce() -> PyResult<Bound<'py, PyAny>>,
) -> *mut ffi::PyObject {
    match std::panic::catch_unwind(AssertUnwindSafe(fast)) {
        Ok(Fast::Done(value)) => value.into_ptr(),
        other => finish(py, other.ok(), general),
    }
}

/// The result of a direct call that did not end in `Fast::Done` (`None`: it panicked), or an
/// exception raised and a null result.
#[cold]
#[inline(never)]
fn finish<'py>(
    py: Python<'py>,
    fast: Option<Fast<'py>>,
    general: impl FnOnce() -> PyResult<Bound<'py, PyAny>>,
) -> *mut ffi::PyObject {
    let result = std::panic::catch_unwind(AssertUnwindSafe(|| match fast {
        Some(Fast::Done(value)) => Some(Ok(value)),
        #[cfg(array_calls)]
        Some(Fast::Ended(o)) => Some(Bound::new(py, crate::game::Outcome(o)).map(Bound::into_any)),
        Some(Fast::TakenBack(m)) => Some(crate::alloc::new_move(py, m).map(Bound::into_any)),
        Some(Fast::General) => Some(general()),
        None => None,
    }));
    let error = match result.ok().flatten() {
        Some(Ok(value)) => return value.into_ptr(),
        Some(Err(e)) => e,
        None => pyo3::panic::PanicException::new_err(
            "uncaught panic in Game.push, Game.pop or Position.play",
        ),
    };
    error.restore(py);
    core::ptr::null_mut()
}

/// The body of every array-call method here: `fast` does the call when it comes with `arity`
/// positional arguments (the first given to it, if any) and no keywords; every other call, and
/// every one `fast` hands on, goes to pyo3's method that `general` picks.
///
/// # Safety
/// Called from a method function the interpreter calls, attached, through a descriptor made in
/// `install` for `T`'s class: `slf` is a `T`, `args` holds `nargs` positional arguments followed
/// by one value per name in `kwnames` (null or a tuple of strings).
#[cfg(array_calls)]
#[inline(always)]
unsafe fn array_call<'py, T: pyo3::PyClass>(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
    arity: ffi::Py_ssize_t,
    general: impl FnOnce(&General) -> &Py<PyAny>,
    fast: impl FnOnce(Borrowed<'py, 'py, T>, Option<Borrowed<'py, 'py, PyAny>>) -> Fast<'py>,
) -> *mut ffi::PyObject {
    // SAFETY: the interpreter calls methods attached.
    let py = unsafe { Python::assume_attached() };
    // SAFETY: as this function requires.
    let slf = unsafe { receiver::<T>(py, slf) };
    let run = || {
        if nargs != arity || !kwnames.is_null() {
            return Fast::General;
        }
        // SAFETY: `nargs` positional arguments, live for the call.
        let first = (arity > 0).then(|| unsafe { Borrowed::from_ptr(py, *args) });
        fast(slf, first)
    };
    // SAFETY: as this function requires.
    answer(py, run, || unsafe {
        call_general(slf.as_any(), general, args, nargs, kwnames)
    })
}

/// `Game.push(move, elapsed=None)`.
///
/// # Safety
/// As `array_call`, for `Game`.
#[cfg(array_calls)]
unsafe extern "C" fn push_fn(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: as this function requires.
    unsafe { array_call(slf, args, nargs, kwnames, 1, |g| &g.push, push_here) }
}

/// `push(move)` done here, or `Fast::General` (the game unchanged) for pyo3's method to do or
/// to refuse.
#[cfg(array_calls)]
#[inline(always)]
fn push_here<'py>(
    game: Borrowed<'py, 'py, Game>,
    arg: Option<Borrowed<'py, 'py, PyAny>>,
) -> Fast<'py> {
    let py = game.py();
    let (Some(arg), Some(mut state)) = (arg, game.get().try_state_mut(py)) else {
        return Fast::General;
    };
    match state.push_common(&arg) {
        Some(None) => Fast::Done(py.None().into_bound(py)),
        Some(Some(outcome)) => Fast::Ended(outcome),
        None => Fast::General,
    }
}

/// `Game.pop()`, called with arguments as `push_fn` is (the interpreter calls it directly).
///
/// # Safety
/// As `array_call`, for `Game`.
#[cfg(array_calls)]
unsafe extern "C" fn pop_fn(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: as this function requires.
    unsafe {
        array_call(
            slf,
            args,
            nargs,
            kwnames,
            0,
            |g| &g.pop,
            |game, _| pop_here(game),
        )
    }
}

/// `Game.pop()`, a function without arguments (`METH_NOARGS`): where array calls are not in
/// the API this build uses.
///
/// # Safety
/// Called by the interpreter, attached, through the descriptor made in `install`: `slf` is a
/// `Game`.
#[cfg(not(array_calls))]
unsafe extern "C" fn pop_fn(slf: *mut ffi::PyObject, _: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: the interpreter calls methods attached.
    let py = unsafe { Python::assume_attached() };
    // SAFETY: as this function requires.
    let game = unsafe { receiver::<Game>(py, slf) };
    answer(
        py,
        || pop_here(game),
        || {
            let general = &GENERAL.get(py).ok_or_else(not_installed)?.pop;
            general.bind(py).call1((game.to_owned(),))
        },
    )
}

/// `pop()` done here, or `Fast::General` (the game unchanged) for pyo3's method to do or to
/// refuse.
#[inline(always)]
fn pop_here<'py>(game: Borrowed<'_, 'py, Game>) -> Fast<'py> {
    let py = game.py();
    let Some(mut state) = game.get().try_state_mut(py) else {
        return Fast::General;
    };
    match state.pop_common(py) {
        Some(Ok(object)) => Fast::Done(object.into_any()),
        Some(Err(m)) => Fast::TakenBack(m),
        None => Fast::General,
    }
}

/// `Position.play(move)`, called with arguments as `push_fn` is.
///
/// # Safety
/// As `array_call`, for `Position`.
#[cfg(array_calls)]
unsafe extern "C" fn play_fn(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: as this function requires.
    unsafe { array_call(slf, args, nargs, kwnames, 1, |g| &g.play, play_here) }
}

/// `play(move)` with a `Move` done here, or `Fast::General` for pyo3's method to do or to
/// refuse (a position never changes, so nothing is repeated).
#[cfg(array_calls)]
#[inline(always)]
fn play_here<'py>(
    position: Borrowed<'py, 'py, Position>,
    arg: Option<Borrowed<'py, 'py, PyAny>>,
) -> Fast<'py> {
    let Some(m) = arg.and_then(|arg| arg.cast_exact::<Move>().ok()) else {
        return Fast::General;
    };
    let mut next = position.get().inner.clone();
    if next.play(m.get().0).is_err() {
        return Fast::General;
    }
    // On an error (no memory) pyo3's method repeats the call and raises.
    match crate::alloc::new_position(position.py(), next) {
        Ok(object) => Fast::Done(object.into_any()),
        Err(_) => Fast::General,
    }
}

/// The object of class `T` a method was called on.
///
/// # Safety
/// `slf` is the object a method descriptor of `T`'s class was called on, attached. The
/// interpreter checks that it is an instance of the descriptor's class (which has no
/// subclasses) before it calls the descriptor's function.
#[inline(always)]
unsafe fn receiver<'a, T: pyo3::PyClass>(
    py: Python<'a>,
    slf: *mut ffi::PyObject,
) -> Borrowed<'a, 'a, T> {
    // SAFETY: as this function requires.
    unsafe { Borrowed::from_ptr(py, slf).cast_unchecked::<T>() }
}

fn not_installed() -> PyErr {
    PyRuntimeError::new_err("Game or Position methods called before the module was set up")
}

/// Hands an array call to a method of `slf` on to pyo3's method that `method` picks.
///
/// # Safety
/// As `collect`.
#[cfg(array_calls)]
unsafe fn call_general<'py>(
    slf: &Bound<'py, PyAny>,
    method: impl FnOnce(&General) -> &Py<PyAny>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<Bound<'py, PyAny>> {
    let py = slf.py();
    // SAFETY: as this function requires.
    let (args, kwargs) = unsafe { collect(slf, args, nargs, kwnames)? };
    let general = method(GENERAL.get(py).ok_or_else(not_installed)?);
    general.bind(py).call(args, kwargs.as_ref())
}

/// The arguments of an array call to a method of `slf`, as a tuple (`slf` first) and a
/// dictionary of the keyword arguments.
///
/// # Safety
/// `args` holds `nargs` positional arguments followed by one value per name in `kwnames`
/// (null or a tuple of strings), all live.
#[cfg(array_calls)]
unsafe fn collect<'py>(
    slf: &Bound<'py, PyAny>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<(Bound<'py, PyTuple>, Option<Bound<'py, PyDict>>)> {
    let py = slf.py();
    let nargs = usize::try_from(nargs).unwrap_or(0);
    let at = |i: usize| {
        // SAFETY: `i` is below the number of values in `args`, as the callers check.
        unsafe { Borrowed::from_ptr(py, *args.add(i)) }
    };
    let mut all = Vec::with_capacity(nargs + 1);
    all.push(slf.as_borrowed());
    all.extend((0..nargs).map(at));
    let positional = PyTuple::new(py, all)?;
    if kwnames.is_null() {
        return Ok((positional, None));
    }
    // SAFETY: a live tuple, as this function requires.
    let names = unsafe { Borrowed::from_ptr(py, kwnames) };
    let names = names.cast::<PyTuple>()?;
    let kwargs = PyDict::new(py);
    for (i, name) in names.iter().enumerate() {
        kwargs.set_item(name.cast_into::<PyString>()?, at(nargs + i))?;
    }
    Ok((positional, Some(kwargs)))
}

/// The text of `s`, or `None` (no exception left set) when it is not valid UTF-8.
#[cfg(array_calls)]
pub fn utf8<'a>(s: &'a Bound<'_, PyString>) -> Option<&'a str> {
    let mut size: ffi::Py_ssize_t = 0;
    // SAFETY: a live string; the text returned lives as long as the string object.
    let data = unsafe { ffi::PyUnicode_AsUTF8AndSize(s.as_ptr(), &mut size) };
    if data.is_null() {
        // SAFETY: attached, with the exception just set.
        unsafe { ffi::PyErr_Clear() };
        return None;
    }
    let len = usize::try_from(size).ok()?;
    // SAFETY: `data` points at `len` bytes of UTF-8 owned by `s`.
    let bytes = unsafe { core::slice::from_raw_parts(data.cast::<u8>(), len) };
    core::str::from_utf8(bytes).ok()
}
