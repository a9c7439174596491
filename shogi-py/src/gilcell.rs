//! A cell for the state of a mutable Python object, its borrows counted under the GIL.
//!
//! pyo3 counts the borrows of a mutable class with atomic instructions, so that the count stays
//! right when threads run at once (free-threaded Python). This module is built only for Python
//! with a GIL (the limited API this package uses has no free-threaded form; a free-threaded
//! build stops at compile time), where a thread runs Rust code of an object only while it holds
//! the GIL. The count here is a plain integer read and written only by a thread holding the GIL:
//! every borrow takes a `Python` token, and a borrow cannot leave its thread. It behaves as
//! pyo3's count (any number of shared borrows or one exclusive borrow, and an error, not a
//! wait, on a conflict: a method re-entered from Python code it calls, or a thread that runs
//! while another has released the GIL in the middle of a call) without an atomic instruction,
//! which takes as long as a few dozen plain ones.
#![allow(unsafe_code)]

#[cfg(Py_GIL_DISABLED)]
compile_error!("GilCell relies on the GIL: it cannot be built for free-threaded Python");

use core::cell::{Cell, UnsafeCell};
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// The borrow count: 0 free, n > 0 that many shared borrows, −1 one exclusive borrow.
pub struct GilCell<T> {
    borrows: Cell<isize>,
    value: UnsafeCell<T>,
}

// SAFETY: the count and the value are reached only through `borrow` and `borrow_mut`, which
// need a `Python` token: the thread holds the GIL (see the module documentation), so no two
// threads use the count at once. The guards they return cannot be sent to another thread, and
// release the count on the thread that took it, holding the GIL again by then. The value
// itself is shared across threads only as `&T` (shared borrows; `T: Sync`) or handed over as
// `&mut T` to one thread at a time (`T: Send`).
unsafe impl<T: Send + Sync> Sync for GilCell<T> {}

impl<T> GilCell<T> {
    /// A cell holding `value`.
    pub fn new(value: T) -> GilCell<T> {
        GilCell {
            borrows: Cell::new(0),
            value: UnsafeCell::new(value),
        }
    }

    /// A shared borrow, or an error while the value is borrowed exclusively.
    #[inline(always)]
    pub fn borrow(&self, _py: Python<'_>) -> PyResult<Ref<'_, T>> {
        let n = self.borrows.get();
        if n < 0 || n == isize::MAX {
            return Err(PyRuntimeError::new_err("Already mutably borrowed"));
        }
        self.borrows.set(n + 1);
        Ok(Ref {
            cell: self,
            _not_send: PhantomData,
        })
    }

    /// An exclusive borrow, or an error while the value is borrowed at all.
    #[inline(always)]
    pub fn borrow_mut(&self, py: Python<'_>) -> PyResult<RefMut<'_, T>> {
        self.try_borrow_mut(py)
            .ok_or_else(|| PyRuntimeError::new_err("Already borrowed"))
    }

    /// An exclusive borrow, or `None` while the value is borrowed at all.
    #[inline(always)]
    pub fn try_borrow_mut(&self, _py: Python<'_>) -> Option<RefMut<'_, T>> {
        if self.borrows.get() != 0 {
            return None;
        }
        self.borrows.set(-1);
        Some(RefMut {
            cell: self,
            _not_send: PhantomData,
        })
    }
}

/// A shared borrow of a `GilCell`'s value.
pub struct Ref<'a, T> {
    cell: &'a GilCell<T>,
    /// Keeps the borrow on the thread that took it.
    _not_send: PhantomData<*const ()>,
}

impl<T> Deref for Ref<'_, T> {
    type Target = T;

    #[inline(always)]
    fn deref(&self) -> &T {
        // SAFETY: the count records this shared borrow, so no exclusive one exists.
        unsafe { &*self.cell.value.get() }
    }
}

impl<T> Drop for Ref<'_, T> {
    #[inline(always)]
    fn drop(&mut self) {
        self.cell.borrows.set(self.cell.borrows.get() - 1);
    }
}

/// An exclusive borrow of a `GilCell`'s value.
pub struct RefMut<'a, T> {
    cell: &'a GilCell<T>,
    /// Keeps the borrow on the thread that took it.
    _not_send: PhantomData<*const ()>,
}

impl<T> Deref for RefMut<'_, T> {
    type Target = T;

    #[inline(always)]
    fn deref(&self) -> &T {
        // SAFETY: the count records this exclusive borrow, so no other one exists.
        unsafe { &*self.cell.value.get() }
    }
}

impl<T> DerefMut for RefMut<'_, T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: the count records this exclusive borrow, so no other one exists.
        unsafe { &mut *self.cell.value.get() }
    }
}

impl<T> Drop for RefMut<'_, T> {
    #[inline(always)]
    fn drop(&mut self) {
        self.cell.borrows.set(0);
    }
}
