//! Making and freeing `Move` and `Position` objects without pyo3's general route.
//!
//! pyo3 makes every object through the base type's `tp_new` (`object.__new__`), reached by a
//! slot lookup, with an empty argument tuple, and frees it through a function that looks the
//! type up again, counts the thread's attachment and calls the type's `tp_free`; for a list of
//! `Move` objects that is most of the cost, and for `Position.play` much of it. A `Move` object
//! holds nothing but the 32-bit move, and a `Position` object nothing but the position: every
//! other part of pyo3's object contents is of size zero for these classes (checked below at
//! compile time), so an object is complete once it is allocated as the type's `tp_alloc`
//! allocates it and the value is written at the place pyo3 keeps it; and freeing it needs no
//! more than the type's `tp_free` and the release of its reference to the type, which is all
//! pyo3's deallocation does for such an object.
//!
//! So these objects are made here, and freed by `dealloc` below, which takes the place of
//! pyo3's deallocation function in each type. Up to `SPARE` freed `Move` objects are kept for
//! reuse (what pyo3's `freelist` option would do, without its lock). pyo3 makes every class one
//! the garbage collector may track, but neither a `Move` nor a `Position` refers to any object,
//! so each type is made one the collector ignores: each object is then 16 bytes smaller (no
//! collector header), and making move lists or positions no longer brings the next collection
//! closer. Should that change not be possible, the objects made here are at least left
//! untracked. Everything is measured once per type, on the type and on an object pyo3 made
//! itself: the place of the value, the type's slots and flags, and the places of the fields
//! written in the type object (each read through the interpreter's own lookup first, and
//! compared). If anything is unexpected, nothing is replaced and every object of that type is
//! made and freed the general way.
#![allow(unsafe_code)]

#[cfg(Py_GIL_DISABLED)]
compile_error!(
    "the spare Move objects rely on the GIL: this cannot be built for free-threaded Python"
);

use core::cell::{Cell, UnsafeCell};
use core::ffi::c_void;
use core::mem::size_of;

use pyo3::ffi;
use pyo3::impl_::pycell::PyClassMutability;
use pyo3::impl_::pyclass::PyClassImpl;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyList;

use crate::moves::Move;
use crate::position::Position;

/// A class whose objects are made and freed here.
trait Direct: pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Sync {
    /// Where the class's `Maker` is kept.
    fn maker_cell() -> &'static PyOnceLock<Option<Maker>>;
    /// An object made by pyo3, to measure on.
    fn sample(py: Python<'_>) -> PyResult<Bound<'_, Self>>;
    /// The deallocation functions for the class, for a type the collector may track and for
    /// one it ignores.
    const DEALLOC: [Dealloc; 2];
    /// Checks, at compile time (`probe` uses it for every class), that everything pyo3 keeps
    /// in an object of the class besides the value itself takes no space, so it needs no
    /// initialising or dropping: writing the value is all pyo3's own constructor does to the
    /// contents, and its deallocation drops nothing.
    const PLAIN: () = {
        assert!(size_of::<<Self as PyClassImpl>::ThreadChecker>() == 0);
        assert!(size_of::<<Self as PyClassImpl>::Dict>() == 0);
        assert!(size_of::<<Self as PyClassImpl>::WeakRef>() == 0);
        assert!(
            size_of::<<<Self as PyClassImpl>::PyClassMutability as PyClassMutability>::Storage>()
                == 0
        );
        assert!(!core::mem::needs_drop::<Self>());
    };
}

type Dealloc = unsafe extern "C" fn(*mut ffi::PyObject);

static MOVE_MAKER: PyOnceLock<Option<Maker>> = PyOnceLock::new();
static POSITION_MAKER: PyOnceLock<Option<Maker>> = PyOnceLock::new();

impl Direct for Move {
    fn maker_cell() -> &'static PyOnceLock<Option<Maker>> {
        &MOVE_MAKER
    }
    fn sample(py: Python<'_>) -> PyResult<Bound<'_, Move>> {
        let m = shogi_rules::Move::drop(shogi_rules::Role::Gold, shogi_rules::Square::SQ_5E);
        Bound::new(py, Move(m))
    }
    const DEALLOC: [Dealloc; 2] = [dealloc::<true, true>, dealloc::<false, true>];
}

impl Direct for Position {
    fn maker_cell() -> &'static PyOnceLock<Option<Maker>> {
        &POSITION_MAKER
    }
    fn sample(py: Python<'_>) -> PyResult<Bound<'_, Position>> {
        Bound::new(py, Position::from(shogi_rules::Position::startpos()))
    }
    // Position objects are not kept for reuse: the interpreter's allocator serves their size
    // as well.
    const DEALLOC: [Dealloc; 2] = [dealloc::<true, false>, dealloc::<false, false>];
}

/// A type, its allocator, the offset of the value in an object, and whether the type is one
/// the garbage collector may track (as pyo3 makes every class).
struct Maker {
    ty: *mut ffi::PyTypeObject,
    alloc: ffi::allocfunc,
    offset: usize,
    gc: bool,
}

// SAFETY: the type object lives as long as the interpreter, and the pointer is only used with
// the interpreter attached.
unsafe impl Send for Maker {}
unsafe impl Sync for Maker {}

/// How many freed objects are kept for reuse: more than the longest move list.
const SPARE: usize = 1024;

/// Freed `Move` objects kept for reuse: their memory, still of the type (`ob_type` set), with
/// no references and none to the type.
struct Spare {
    objects: UnsafeCell<[*mut ffi::PyObject; SPARE]>,
    len: Cell<usize>,
}

// SAFETY: used only by `take` and `put`, with the interpreter attached: in a build with a GIL
// (see the `compile_error!` above) no two threads run them at once, and neither calls anything
// that could release the GIL or run Python code in the middle.
unsafe impl Sync for Spare {}

static SPARE_OBJECTS: Spare = Spare {
    objects: UnsafeCell::new([core::ptr::null_mut(); SPARE]),
    len: Cell::new(0),
};

impl Spare {
    /// A kept object, if any.
    ///
    /// # Safety
    /// The interpreter is attached.
    #[inline(always)]
    unsafe fn take(&self) -> Option<*mut ffi::PyObject> {
        let len = self.len.get().checked_sub(1)?;
        self.len.set(len);
        // SAFETY: attached, so no other access runs (see `Sync`); `len` is below `SPARE`.
        unsafe { (*self.objects.get()).get(len).copied() }
    }

    /// Keeps `obj`; false when the store is full.
    ///
    /// # Safety
    /// The interpreter is attached; `obj` is a `Move` object whose last reference is gone.
    #[inline(always)]
    unsafe fn put(&self, obj: *mut ffi::PyObject) -> bool {
        let len = self.len.get();
        // SAFETY: attached, so no other access runs (see `Sync`).
        match unsafe { (*self.objects.get()).get_mut(len) } {
            Some(slot) => {
                *slot = obj;
                self.len.set(len + 1);
                true
            }
            None => false,
        }
    }
}

/// Frees an object of a `Direct` class: keeps it for reuse (`KEEP`, for `Move` objects only),
/// or gives it to the type's `tp_free`, and lets go of its reference to the type, as pyo3's
/// deallocation does for a class that inherits from `object` directly. `GC` tells whether the
/// type is one the garbage collector may track: then the object is untracked first (it may be
/// tracked if pyo3 made it).
///
/// # Safety
/// Called by the interpreter, attached, as the type's `tp_dealloc`: `obj` is an object of the
/// class whose last reference is gone (a `Move` object if `KEEP`); `GC` is whether the type has
/// `Py_TPFLAGS_HAVE_GC`.
unsafe extern "C" fn dealloc<const GC: bool, const KEEP: bool>(obj: *mut ffi::PyObject) {
    // SAFETY: as this function requires.
    unsafe {
        let ty = ffi::Py_TYPE(obj);
        if GC {
            // Untracking an untracked object does nothing.
            ffi::PyObject_GC_UnTrack(obj.cast());
        }
        if !(KEEP && SPARE_OBJECTS.put(obj)) {
            let free = ffi::PyType_GetSlot(ty, ffi::Py_tp_free);
            if !free.is_null() {
                // SAFETY: the `Py_tp_free` slot holds a `freefunc`.
                let free = core::mem::transmute::<*mut c_void, ffi::freefunc>(free);
                free(obj.cast());
            }
        }
        // Instances of a heap type hold a reference to it.
        ffi::Py_DECREF(ty.cast());
    }
}

/// Places of fields in the type object, in pointers from its start: after the variable-size
/// object header (reference count, type, size) come `tp_name`, `tp_basicsize`,
/// `tp_itemsize`, `tp_dealloc`, and so on, each a pointer's size (`tp_flags`, an `unsigned
/// long`, takes a pointer's room in every ABI), in every CPython version this package supports.
/// `install` checks each against the interpreter's own lookups before it writes anything.
mod field {
    pub const DEALLOC: usize = 6;
    pub const FLAGS: usize = 21;
    pub const TRAVERSE: usize = 23;
    pub const ALLOC: usize = 38;
    pub const FREE: usize = 40;
}

/// The address of the field at `index` (see [`field`]) of a type object.
fn field_ptr<T>(raw: *mut ffi::PyTypeObject, index: usize) -> *mut T {
    // A heap type object is far larger than 41 pointers (its header alone holds more than
    // 40), and every field used here is pointer-aligned.
    raw.cast::<u8>()
        .wrapping_add(index * size_of::<usize>())
        .cast::<T>()
}

/// Whether the slot `slot` of the type is the pointer held at field `index`.
fn slot_at(raw: *mut ffi::PyTypeObject, slot: core::ffi::c_int, index: usize) -> bool {
    // SAFETY: a valid type object with the interpreter attached; the field lies inside it
    // (see `field_ptr`).
    unsafe {
        let found = ffi::PyType_GetSlot(raw, slot);
        !found.is_null() && field_ptr::<*mut c_void>(raw, index).read() == found
    }
}

/// Replaces the type's deallocation function with `dealloc` and, where it can, makes the
/// type one the garbage collector ignores: objects then take no collector header (16 bytes
/// less each) and making them no longer counts towards the next collection. Returns whether
/// the type still has `Py_TPFLAGS_HAVE_GC`, or `None`, with nothing changed, when the type is
/// not as expected.
///
/// To leave the collector, `Py_TPFLAGS_HAVE_GC` is cleared and `tp_free` becomes
/// `PyObject_Free`; the allocator (`PyType_GenericAlloc`) reads the flag for every object, so
/// it then leaves the header out. That is only sound while no object of the type exists,
/// which holds when the module is set up.
fn install_dealloc(ty: &Bound<'_, pyo3::types::PyType>, deallocs: [Dealloc; 2]) -> Option<bool> {
    let raw = ty.as_type_ptr();
    // SAFETY: a valid type object, with the interpreter attached.
    let flags = unsafe { ffi::PyType_GetFlags(raw) };
    let heap = flags & ffi::Py_TPFLAGS_HEAPTYPE != 0;
    // No subclass can exist: one would inherit the deallocation function for objects of
    // another layout.
    let subclassable = flags & ffi::Py_TPFLAGS_BASETYPE != 0;
    if !heap || subclassable || !slot_at(raw, ffi::Py_tp_dealloc, field::DEALLOC) {
        return None;
    }
    let mut gc = flags & ffi::Py_TPFLAGS_HAVE_GC != 0;
    let flags_field = field_ptr::<core::ffi::c_ulong>(raw, field::FLAGS);
    let free_field = field_ptr::<*mut c_void>(raw, field::FREE);
    // The type's own allocator and freeing function, at the places expected, and the
    // collector's: an object from `PyType_GenericAlloc` is freed with `PyObject_GC_Del`.
    // SAFETY: reading inside the type object (see `field_ptr`), attached.
    let gc_fields_known = gc
        && unsafe { flags_field.read() } == flags
        && slot_at(raw, ffi::Py_tp_traverse, field::TRAVERSE)
        && slot_at(raw, ffi::Py_tp_alloc, field::ALLOC)
        && slot_at(raw, ffi::Py_tp_free, field::FREE)
        && unsafe { free_field.read() } == ffi::PyObject_GC_Del as *mut c_void
        && unsafe { ffi::PyType_GetSlot(raw, ffi::Py_tp_alloc) }
            == ffi::PyType_GenericAlloc as *mut c_void;
    // SAFETY: the fields are the ones named (checked above); no object of the type exists or
    // is being freed while this runs (see `install`), so none was allocated with the header
    // that is given up. `PyType_Modified` tells the interpreter the type changed.
    unsafe {
        if gc_fields_known {
            flags_field.write(flags & !ffi::Py_TPFLAGS_HAVE_GC);
            free_field.write(ffi::PyObject_Free as *mut c_void);
            gc = false;
        }
        let dealloc = deallocs[usize::from(!gc)];
        field_ptr::<*mut c_void>(raw, field::DEALLOC).write(dealloc as *mut c_void);
        ffi::PyType_Modified(raw);
    }
    Some(gc)
}

fn probe<T: Direct>(py: Python<'_>) -> Option<Maker> {
    #[allow(clippy::let_unit_value)]
    let () = T::PLAIN;
    let ty = py.get_type::<T>();
    let made = T::sample(py).ok()?;
    let offset = (made.get() as *const T as usize).checked_sub(made.as_ptr() as usize)?;
    let basic_size: usize = ty.getattr("__basicsize__").ok()?.extract().ok()?;
    if offset < size_of::<ffi::PyObject>() || offset + size_of::<T>() > basic_size {
        return None;
    }
    // The only object of the type there is: it goes before the type changes.
    drop(made);
    // SAFETY: a valid type object, with the interpreter attached.
    let slot = unsafe { ffi::PyType_GetSlot(ty.as_type_ptr(), ffi::Py_tp_alloc) };
    if slot.is_null() {
        return None;
    }
    let gc = install_dealloc(&ty, T::DEALLOC)?;
    // SAFETY: the `Py_tp_alloc` slot holds an `allocfunc`.
    let alloc = unsafe { core::mem::transmute::<*mut c_void, ffi::allocfunc>(slot) };
    Some(Maker {
        ty: ty.as_type_ptr(),
        alloc,
        offset,
        gc,
    })
}

fn maker<T: Direct>(py: Python<'_>) -> Option<&'static Maker> {
    T::maker_cell().get_or_init(py, || probe::<T>(py)).as_ref()
}

/// Makes `Move` and `Position` objects the direct way from now on, for each type that is as
/// expected; called when the module is set up, before any object of either exists (the types
/// may change the size of their objects, see `install_dealloc`).
pub fn install(py: Python<'_>) {
    let _ = maker::<Move>(py);
    let _ = maker::<Position>(py);
}

/// A new object for `m` made by `maker`: a kept one when there is one, else one from the
/// type's allocator. The garbage collector does not track it: a `Move` refers to no object, so
/// it can never be part of a reference cycle, and tracking it would only make collections
/// longer and more frequent (as the interpreter does for a tuple of numbers).
#[inline]
fn make<'py>(py: Python<'py>, maker: &Maker, m: shogi_rules::Move) -> PyResult<Bound<'py, Move>> {
    // SAFETY: attached. A kept object is one of the type with no references, untracked;
    // `PyObject_Init` makes it live again with one reference (and one to the type), as an
    // allocator would.
    let obj = unsafe {
        match SPARE_OBJECTS.take() {
            Some(obj) => ffi::PyObject_Init(obj, maker.ty),
            None => allocate(maker),
        }
    };
    // SAFETY: a new object of the `Move` type, or null.
    unsafe { fill(py, maker, obj, Move(m)) }
}

/// A new object from the type's allocator, untracked (see `make`), or null with an exception
/// set.
#[inline]
fn allocate(maker: &Maker) -> *mut ffi::PyObject {
    // SAFETY: attached. `alloc` is the type's own allocator, called as `tp_new` would call it;
    // it returns a zeroed object of the type holding one reference, tracked if the type is one
    // the collector may track, or null with an exception set.
    unsafe {
        let obj = (maker.alloc)(maker.ty, 0);
        if maker.gc && !obj.is_null() {
            ffi::PyObject_GC_UnTrack(obj.cast());
        }
        obj
    }
}

/// Writes `value` into `obj`, a new object of `T`'s type made for `maker` (the error set if
/// `obj` is null).
///
/// # Safety
/// `obj` is null or a new object of the type of `maker`, which is `T`'s, with one reference and
/// contents not yet written.
#[inline]
unsafe fn fill<'py, T: Direct>(
    py: Python<'py>,
    maker: &Maker,
    obj: *mut ffi::PyObject,
    value: T,
) -> PyResult<Bound<'py, T>> {
    if obj.is_null() {
        return Err(PyErr::fetch(py));
    }
    // SAFETY: `offset` is where pyo3 keeps the value in an object of this type (measured on one
    // it made), inside the allocation (checked against the basic size); the rest of the
    // contents takes no space. The object is new and nothing else refers to it.
    unsafe {
        obj.cast::<u8>().add(maker.offset).cast::<T>().write(value);
        Ok(Bound::from_owned_ptr(py, obj).cast_into_unchecked())
    }
}

/// A new `Move` object for `m`.
pub fn new_move(py: Python<'_>, m: shogi_rules::Move) -> PyResult<Bound<'_, Move>> {
    match maker::<Move>(py) {
        Some(maker) => make(py, maker, m),
        None => Bound::new(py, Move(m)),
    }
}

/// A new `Position` object for `p`.
pub fn new_position(py: Python<'_>, p: shogi_rules::Position) -> PyResult<Bound<'_, Position>> {
    match maker::<Position>(py) {
        // SAFETY: `allocate` gives a new object of the `Position` type, or null.
        Some(maker) => unsafe { fill(py, maker, allocate(maker), Position::from(p)) },
        None => Bound::new(py, Position::from(p)),
    }
}

/// A list of new `Move` objects for `moves`.
pub fn move_list<'py>(
    py: Python<'py>,
    moves: &[shogi_rules::Move],
) -> PyResult<Bound<'py, PyList>> {
    let Some(maker) = maker::<Move>(py) else {
        return PyList::new(py, moves.iter().map(|&m| Move(m)));
    };
    let len = ffi::Py_ssize_t::try_from(moves.len())?;
    // SAFETY: `PyList_New` returns a new list of `len` empty (null) items, or null with an
    // exception set.
    let list = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyList_New(len))? };
    for (i, &m) in (0..len).zip(moves) {
        let item = make(py, maker, m)?;
        // SAFETY: `i` is an index of the new list, whose item there is still empty;
        // `PyList_SetItem` takes over the reference to `item`. Should an error end the loop
        // early, the list is dropped with some items empty, which list deallocation allows.
        unsafe { ffi::PyList_SetItem(list.as_ptr(), i, item.into_ptr()) };
    }
    // SAFETY: `list` was made by `PyList_New`.
    Ok(unsafe { list.cast_into_unchecked() })
}

/// Whether `Move` objects are made and freed the direct way (`False`: pyo3's general route,
/// which a change in pyo3 could bring back; the tests require the direct way).
#[pyfunction(name = "_move_objects_made_directly")]
pub fn move_objects_made_directly(py: Python<'_>) -> bool {
    maker::<Move>(py).is_some()
}

/// Whether `Position` objects are made and freed the direct way (for the tests, as above).
#[pyfunction(name = "_position_objects_made_directly")]
pub fn position_objects_made_directly(py: Python<'_>) -> bool {
    maker::<Position>(py).is_some()
}

/// How many freed `Move` objects are kept for reuse now (for the tests).
#[pyfunction(name = "_spare_move_objects")]
pub fn spare_move_objects(_py: Python<'_>) -> usize {
    SPARE_OBJECTS.len.get()
}
