//! Ctrl-C during long reads.
//!
//! Python runs its signal handlers (the one of SIGINT raises `KeyboardInterrupt`) only in the
//! main thread and only when it gets there. A large record is read without the GIL on a thread
//! of its own, while the calling thread, when it is the main thread, takes the GIL back every
//! few milliseconds for `Python::check_signals`, whose error ends the call at once (the reading
//! thread finishes alone and its result is dropped). In any other thread Python runs no
//! handler, so the read runs on the calling thread.

use std::sync::mpsc::{RecvTimeoutError, sync_channel};
use std::time::Duration;

use pyo3::prelude::*;

/// How often a long read looks for signals.
const INTERVAL: Duration = Duration::from_millis(5);

/// Whether the calling thread is Python's main thread.
pub fn on_main_thread(py: Python<'_>) -> bool {
    (|| -> PyResult<bool> {
        let threading = py.import("threading")?;
        let current = threading.call_method0("current_thread")?;
        let main = threading.call_method0("main_thread")?;
        Ok(current.is(&main))
    })()
    .unwrap_or(false)
}

/// `f` on a thread of its own, its result returned when it is done; a signal meanwhile returns
/// the handler's error at once and leaves the thread to finish alone, so `f` must own what it
/// works on. Called without the GIL, from the main thread.
pub fn run<T, F>(f: F) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let (send, receive) = sync_channel(1);
    let worker = std::thread::spawn(move || {
        let _ = send.send(f());
    });
    loop {
        match receive.recv_timeout(INTERVAL) {
            Ok(value) => {
                let _ = worker.join();
                return Ok(value);
            }
            Err(RecvTimeoutError::Timeout) => Python::attach(|py| py.check_signals())?,
            // The worker panicked before sending: resume its panic here.
            Err(RecvTimeoutError::Disconnected) => match worker.join() {
                Ok(()) => unreachable!("the worker sends before it ends"),
                Err(panic) => std::panic::resume_unwind(panic),
            },
        }
    }
}
