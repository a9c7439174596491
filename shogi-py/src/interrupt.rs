//! Ctrl-C during long calls.
//!
//! Python runs its signal handlers (the one of SIGINT raises `KeyboardInterrupt`) only in the
//! main thread and only when it gets there. A long call of this module works without the GIL,
//! in pieces of a few milliseconds at most, and between pieces the calling thread, when it is
//! the main thread, takes the GIL back for `Python::check_signals`, whose error ends the call.
//! In any other thread Python runs no handler, so the pieces go on without taking the GIL.

use std::sync::OnceLock;
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use pyo3::prelude::*;

/// How often a long call looks for signals.
pub const INTERVAL: Duration = Duration::from_millis(5);

/// The thread Python runs signal handlers in, once known.
static MAIN_THREAD: OnceLock<ThreadId> = OnceLock::new();

/// Whether the calling thread is Python's main thread.
fn on_main_thread(py: Python<'_>) -> bool {
    let me = std::thread::current().id();
    if let Some(main) = MAIN_THREAD.get() {
        return *main == me;
    }
    let is_main = (|| -> PyResult<bool> {
        let threading = py.import("threading")?;
        let current = threading.call_method0("current_thread")?;
        let main = threading.call_method0("main_thread")?;
        Ok(current.is(&main))
    })()
    .unwrap_or(false);
    if is_main {
        let _ = MAIN_THREAD.set(me);
    }
    is_main
}

/// Records the main thread when the module is imported there.
pub fn install(py: Python<'_>) {
    on_main_thread(py);
}

/// A check for signals every [`INTERVAL`], made with the GIL released.
pub struct Signals {
    /// Whether a check can raise anything here: only in the main thread.
    active: bool,
    last: Instant,
}

impl Signals {
    /// Checks for the calling thread; created with the GIL held, before releasing it.
    pub fn new(py: Python<'_>) -> Signals {
        Signals {
            active: on_main_thread(py),
            last: Instant::now(),
        }
    }

    /// Runs Python's signal handlers if [`INTERVAL`] has passed since the last check, and
    /// returns the error one raised (`KeyboardInterrupt`). Called without the GIL.
    pub fn poll(&mut self) -> PyResult<()> {
        if !self.active || self.last.elapsed() < INTERVAL {
            return Ok(());
        }
        let result = Python::attach(|py| py.check_signals());
        self.last = Instant::now();
        result
    }

    /// Runs Python's signal handlers now. Called without the GIL.
    pub fn check(&mut self) -> PyResult<()> {
        if !self.active {
            return Ok(());
        }
        let result = Python::attach(|py| py.check_signals());
        self.last = Instant::now();
        result
    }

    /// `f` on a thread of its own, its result returned when it is done; a signal meanwhile
    /// returns the handler's error at once and leaves the thread to finish alone (its result is
    /// dropped), so `f` must own what it works on. Called without the GIL.
    pub fn run<T, F>(&mut self, f: F) -> PyResult<T>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        if !self.active {
            return Ok(f());
        }
        let (send, receive) = std::sync::mpsc::sync_channel(1);
        let worker = std::thread::spawn(move || {
            let _ = send.send(f());
        });
        loop {
            match receive.recv_timeout(INTERVAL) {
                Ok(value) => {
                    let _ = worker.join();
                    return Ok(value);
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => self.check()?,
                // The worker panicked before sending: resume its panic here.
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => match worker.join() {
                    Ok(()) => unreachable!("the worker sends before it ends"),
                    Err(panic) => std::panic::resume_unwind(panic),
                },
            }
        }
    }
}

/// `perft(depth)` from `pos`, cut into subtrees of depth [`PIECE_DEPTH`] with a poll between
/// them.
pub fn perft(pos: &shogi_rules::Position, depth: u32, signals: &mut Signals) -> PyResult<u64> {
    if depth <= PIECE_DEPTH {
        signals.poll()?;
        return Ok(shogi_rules::perft(pos, depth));
    }
    let mut nodes = 0;
    let mut stop = None;
    pos.for_each_legal_move(|m| {
        if stop.is_some() {
            return;
        }
        let mut child = pos.clone();
        child.play_unchecked(m);
        match perft(&child, depth - 1, signals) {
            Ok(n) => nodes += n,
            Err(e) => stop = Some(e),
        }
    });
    match stop {
        Some(e) => Err(e),
        None => Ok(nodes),
    }
}

/// The depth of the subtrees `perft` counts between polls: a perft of depth 2 counts the moves
/// of each position after one move, tens of microseconds in most positions.
const PIECE_DEPTH: u32 = 2;
