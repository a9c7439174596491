//! Making `Move` objects on the hot paths (move lists, `pop`) without pyo3's general route.
//!
//! pyo3 makes every object through the base type's `tp_new` (`object.__new__`), reached by a
//! slot lookup, with an empty argument tuple, and its free list takes a lock per object; for a
//! `Move` that is about a third of the cost of a move list. A `Move` object holds nothing but
//! the 32-bit move: every other part of pyo3's object contents is of size zero for this class
//! (checked below at compile time), so an object is complete once it is allocated as the
//! type's `tp_alloc` allocates it and the move is written at the place pyo3 keeps it. That
//! place is measured once, on an object pyo3 made itself; if anything about it is unexpected,
//! every object is made the general way. A list takes the objects waiting in the class's free
//! list under one lock and revives them as `tp_alloc` does.
#![allow(unsafe_code)]

use core::mem::size_of;

use pyo3::ffi;
use pyo3::impl_::pycell::PyClassMutability;
use pyo3::impl_::pyclass::{PyClassImpl, PyClassWithFreeList};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyList;

use crate::moves::Move;

// Everything pyo3 keeps in a `Move` object besides the move itself takes no space, so it needs
// no initialising: writing the move is all pyo3's own constructor does to the contents.
const _: () = {
    assert!(size_of::<<Move as PyClassImpl>::ThreadChecker>() == 0);
    assert!(size_of::<<Move as PyClassImpl>::Dict>() == 0);
    assert!(size_of::<<Move as PyClassImpl>::WeakRef>() == 0);
    assert!(
        size_of::<<<Move as PyClassImpl>::PyClassMutability as PyClassMutability>::Storage>() == 0
    );
};

/// The type's allocator and the offset of the move in an object.
struct Maker {
    ty: *mut ffi::PyTypeObject,
    alloc: ffi::allocfunc,
    offset: usize,
}

// SAFETY: the type object lives as long as the interpreter, and the pointer is only used with
// the interpreter attached.
unsafe impl Send for Maker {}
unsafe impl Sync for Maker {}

static MAKER: PyOnceLock<Option<Maker>> = PyOnceLock::new();

fn probe(py: Python<'_>) -> Option<Maker> {
    let ty = py.get_type::<Move>();
    let sample = Move(shogi_rules::Move::drop(
        shogi_rules::Role::Gold,
        shogi_rules::Square::SQ_5E,
    ));
    let made = Bound::new(py, sample).ok()?;
    let offset = (made.get() as *const Move as usize).checked_sub(made.as_ptr() as usize)?;
    let basic_size: usize = ty.getattr("__basicsize__").ok()?.extract().ok()?;
    if offset < size_of::<ffi::PyObject>() || offset + size_of::<Move>() > basic_size {
        return None;
    }
    // SAFETY: a valid type object, with the interpreter attached.
    let slot = unsafe { ffi::PyType_GetSlot(ty.as_type_ptr(), ffi::Py_tp_alloc) };
    if slot.is_null() {
        return None;
    }
    // SAFETY: the `Py_tp_alloc` slot holds an `allocfunc`.
    let alloc = unsafe { core::mem::transmute::<*mut core::ffi::c_void, ffi::allocfunc>(slot) };
    Some(Maker {
        ty: ty.as_type_ptr(),
        alloc,
        offset,
    })
}

fn maker(py: Python<'_>) -> Option<&Maker> {
    MAKER.get_or_init(py, || probe(py)).as_ref()
}

/// Writes `m` into `obj`, a new object of the type with one reference.
///
/// # Safety
/// `obj` is a live object of the `Move` type that nothing else refers to yet, and its move has
/// not been written.
#[inline]
unsafe fn fill<'py>(
    py: Python<'py>,
    maker: &Maker,
    obj: *mut ffi::PyObject,
    m: shogi_rules::Move,
) -> Bound<'py, Move> {
    // SAFETY: `offset` is where pyo3 keeps the move in an object of this type (measured on one
    // it made), inside the allocation (checked against the basic size); the rest of the
    // contents takes no space.
    unsafe {
        obj.cast::<u8>()
            .add(maker.offset)
            .cast::<Move>()
            .write(Move(m));
        Bound::from_owned_ptr(py, obj).cast_into_unchecked()
    }
}

/// A new object for `m` made by `maker`.
#[inline]
fn make<'py>(py: Python<'py>, maker: &Maker, m: shogi_rules::Move) -> PyResult<Bound<'py, Move>> {
    // SAFETY: `alloc` is the type's own allocator, called as `tp_new` would call it; it returns
    // a zeroed object of the type holding one reference, or null with an exception set.
    let obj = unsafe { (maker.alloc)(maker.ty, 0) };
    if obj.is_null() {
        return Err(PyErr::fetch(py));
    }
    // SAFETY: a new object of the type.
    Ok(unsafe { fill(py, maker, obj, m) })
}

/// How many objects a list takes from the class's free list under one lock.
const BATCH: usize = 64;

/// Takes up to `want` (at most `BATCH`) objects from the class's free list into `taken`, under
/// one lock instead of one per object; returns how many.
fn take_free(py: Python<'_>, want: usize, taken: &mut [*mut ffi::PyObject; BATCH]) -> usize {
    let mut free = <Move as PyClassWithFreeList>::get_free_list(py);
    let mut n = 0;
    while n < want.min(BATCH) {
        let Some(obj) = free.pop() else { break };
        taken[n] = obj.as_ptr();
        n += 1;
    }
    n
}

/// A new `Move` object for `m`.
pub fn new_move(py: Python<'_>, m: shogi_rules::Move) -> PyResult<Bound<'_, Move>> {
    match maker(py) {
        Some(maker) => make(py, maker, m),
        None => Bound::new(py, Move(m)),
    }
}

/// A list of new `Move` objects for `moves`.
pub fn move_list<'py>(
    py: Python<'py>,
    moves: &[shogi_rules::Move],
) -> PyResult<Bound<'py, PyList>> {
    let Some(maker) = maker(py) else {
        return PyList::new(py, moves.iter().map(|&m| Move(m)));
    };
    let len = ffi::Py_ssize_t::try_from(moves.len())?;
    // SAFETY: `PyList_New` returns a new list of `len` empty (null) items, or null with an
    // exception set.
    let list = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyList_New(len))? };
    let mut taken = [core::ptr::null_mut(); BATCH];
    let mut i: ffi::Py_ssize_t = 0;
    for chunk in moves.chunks(BATCH) {
        let reused = take_free(py, chunk.len(), &mut taken);
        for (j, &m) in chunk.iter().enumerate() {
            let item = if j < reused {
                // SAFETY: an object from the type's free list is one of the type whose last
                // reference is gone; `PyObject_Init` makes it live again, exactly as the
                // type's `tp_alloc` does with the objects it takes from that list. Objects
                // taken are all placed before anything can fail, so none is lost.
                unsafe { fill(py, maker, ffi::PyObject_Init(taken[j], maker.ty), m) }
            } else {
                make(py, maker, m)?
            };
            // SAFETY: `i` is an index of the new list (`moves` has `len` items), whose item
            // there is still empty; `PyList_SetItem` takes over the reference to `item`.
            // Should an error end the loop early, the list is dropped with some items empty,
            // which list deallocation allows.
            unsafe { ffi::PyList_SetItem(list.as_ptr(), i, item.into_ptr()) };
            i += 1;
        }
    }
    // SAFETY: `list` was made by `PyList_New`.
    Ok(unsafe { list.cast_into_unchecked() })
}

/// Whether `Move` objects are made the direct way (`False`: pyo3's general route, which a
/// change in pyo3 could bring back; the tests require the direct way).
#[pyfunction(name = "_move_objects_made_directly")]
pub fn move_objects_made_directly(py: Python<'_>) -> bool {
    maker(py).is_some()
}
