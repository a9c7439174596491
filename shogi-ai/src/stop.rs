//! The flag that ends a search from another thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag that ends a search early: clone it, hand a clone to another
/// thread, and [`stop`](Stop::stop) there. Searches poll it and return the
/// best answer found so far.
///
/// ```
/// let stop = shogi_ai::Stop::new();
/// let other = stop.clone();
/// std::thread::spawn(move || other.stop()).join().unwrap();
/// assert!(stop.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag that is not raised.
    #[must_use]
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Raises the flag: every search polling it ends soon.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Lowers the flag, so the next search runs.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}
