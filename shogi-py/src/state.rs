//! A cell for the state of a mutable Python object whose methods borrow it only for part of a
//! call (a `GameRecord` lets its record be changed while a write of it runs without the GIL).
//!
//! A `std::sync::RwLock` that is never waited on: any number of shared borrows or one
//! exclusive borrow, and on a conflict (a method re-entered from Python code it calls, or a
//! thread that runs while another is in the middle of a call) a `RuntimeError` at once, as
//! pyo3's own borrow checking of a class raises, rather than a wait that could never end. Sound
//! with or without a GIL: the lock, not the interpreter, keeps the borrows apart.

use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard, TryLockError};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

pub struct StateCell<T> {
    lock: RwLock<T>,
}

/// A shared borrow of a `StateCell`'s value.
pub type Ref<'a, T> = RwLockReadGuard<'a, T>;

/// An exclusive borrow of a `StateCell`'s value.
pub type RefMut<'a, T> = RwLockWriteGuard<'a, T>;

impl<T> StateCell<T> {
    /// A cell holding `value`.
    pub fn new(value: T) -> StateCell<T> {
        StateCell {
            lock: RwLock::new(value),
        }
    }

    /// A shared borrow, or an error while the value is borrowed exclusively.
    pub fn borrow(&self) -> PyResult<Ref<'_, T>> {
        match self.lock.try_read() {
            Ok(guard) => Ok(guard),
            // A panic in an earlier call (raised to Python as `PanicException`) does not make
            // the object unusable, as with pyo3's own borrow checking, which knows no
            // poisoning.
            Err(TryLockError::Poisoned(e)) => Ok(e.into_inner()),
            Err(TryLockError::WouldBlock) => {
                Err(PyRuntimeError::new_err("Already mutably borrowed"))
            }
        }
    }

    /// An exclusive borrow, or an error while the value is borrowed at all.
    pub fn borrow_mut(&self) -> PyResult<RefMut<'_, T>> {
        match self.lock.try_write() {
            Ok(guard) => Ok(guard),
            Err(TryLockError::Poisoned(e)) => Ok(e.into_inner()),
            Err(TryLockError::WouldBlock) => Err(PyRuntimeError::new_err("Already borrowed")),
        }
    }
}
