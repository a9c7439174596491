//! A program spoken to in lines: its standard input written a line at a
//! time, its standard output read by a thread of its own that turns each
//! line into a value sent over a channel, so that reading has a deadline,
//! and the last lines of its standard error kept for error messages.
//!
//! Nothing here knows USI: the same layer drives a UCI engine.

use std::collections::VecDeque;
use std::ffi::OsStr;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How many lines of standard error a [`LineProcess`] keeps.
pub const STDERR_LINES: usize = 50;

/// The longest line kept, in bytes: the rest of a longer line, up to its
/// line break, is dropped, so that a program that never ends a line cannot
/// exhaust memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// How many parsed lines wait for [`LineProcess::recv`] at the most: past
/// that the reading thread waits, and so does the program once its output
/// pipe fills, so that a program that floods its output while nobody reads
/// cannot exhaust memory either.
pub const LINE_QUEUE: usize = 4096;

/// Reads `input` a line at a time (without the line break, invalid UTF-8
/// replaced, cut at [`MAX_LINE_BYTES`]) and hands each to `each` until it
/// returns `false` or the input ends.
fn for_each_line(input: impl Read, mut each: impl FnMut(String) -> bool) {
    let mut reader = BufReader::new(input);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let limit = u64::try_from(MAX_LINE_BYTES).unwrap_or(u64::MAX);
        match reader.by_ref().take(limit).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if buf.last() != Some(&b'\n') && buf.len() == MAX_LINE_BYTES {
            // Drop the rest of an overlong line, a buffer at a time.
            loop {
                let (done, used) = match reader.fill_buf() {
                    Ok([]) | Err(_) => (true, 0),
                    Ok(rest) => match rest.iter().position(|&b| b == b'\n') {
                        Some(end) => (true, end + 1),
                        None => (false, rest.len()),
                    },
                };
                reader.consume(used);
                if done {
                    break;
                }
            }
        }
        let line = String::from_utf8_lossy(&buf);
        if !each(line.trim_end_matches(['\n', '\r']).to_owned()) {
            return;
        }
    }
}

/// What [`LineProcess::recv`] got.
#[derive(Debug)]
pub enum Recv<T> {
    /// A line, as the parser made it.
    Line(T),
    /// The deadline passed first.
    Timeout,
    /// The program closed its output (it exited, or will).
    Closed,
}

/// A running program and the parsed lines of its output.
#[derive(Debug)]
pub struct LineProcess<T> {
    program: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<T>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    stderr_thread: Option<JoinHandle<()>>,
    status: Option<ExitStatus>,
}

impl<T: Send + 'static> LineProcess<T> {
    /// Starts `program` with `args`; each line of its output (without the
    /// line break, invalid UTF-8 replaced) goes through `parse`.
    ///
    /// # Errors
    /// The [`io::Error`] of starting the program.
    pub fn spawn<S: AsRef<OsStr>>(
        program: &str,
        args: &[S],
        parse: impl Fn(String) -> T + Send + 'static,
    ) -> io::Result<LineProcess<T>> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().ok_or(io::ErrorKind::BrokenPipe)?;
        let stderr_pipe = child.stderr.take().ok_or(io::ErrorKind::BrokenPipe)?;
        let (send, lines) = sync_channel(LINE_QUEUE);
        thread::spawn(move || {
            for_each_line(stdout, |line| send.send(parse(line)).is_ok());
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let kept = Arc::clone(&stderr);
        let stderr_thread = thread::spawn(move || {
            for_each_line(stderr_pipe, |line| {
                if let Ok(mut kept) = kept.lock() {
                    if kept.len() == STDERR_LINES {
                        kept.pop_front();
                    }
                    kept.push_back(line);
                }
                true
            });
        });
        Ok(LineProcess {
            program: program.to_owned(),
            child,
            stdin,
            lines,
            stderr,
            stderr_thread: Some(stderr_thread),
            status: None,
        })
    }
}

impl<T> LineProcess<T> {
    /// The program's name as given to [`spawn`](LineProcess::spawn).
    #[must_use]
    pub fn program(&self) -> &str {
        &self.program
    }

    /// Writes `line` and a line break, and flushes. A program that has
    /// exited gives an error (`BrokenPipe`), not a signal: Rust programs
    /// ignore `SIGPIPE`.
    ///
    /// # Errors
    /// The write's [`io::Error`].
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let stdin = self.stdin.as_mut().ok_or(io::ErrorKind::BrokenPipe)?;
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        stdin.write_all(&bytes)?;
        stdin.flush()
    }

    /// The next line, waiting until `deadline` (forever for `None`).
    pub fn recv(&mut self, deadline: Option<Instant>) -> Recv<T> {
        let got = match deadline {
            None => self
                .lines
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
            Some(deadline) => self
                .lines
                .recv_timeout(deadline.saturating_duration_since(Instant::now())),
        };
        match got {
            Ok(line) => Recv::Line(line),
            Err(RecvTimeoutError::Timeout) => Recv::Timeout,
            Err(RecvTimeoutError::Disconnected) => Recv::Closed,
        }
    }

    /// The exit status if the program has exited, waiting at most `wait`
    /// for it to.
    pub fn exit_status(&mut self, wait: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + wait;
        loop {
            if self.status.is_some() {
                return self.status;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                self.status = Some(status);
                return self.status;
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// The last lines of standard error (at most [`STDERR_LINES`]). Once
    /// the program has exited, waits briefly for the last of them.
    #[must_use]
    pub fn stderr_tail(&mut self) -> Vec<String> {
        if self.status.is_some() {
            let deadline = Instant::now() + Duration::from_millis(200);
            while self
                .stderr_thread
                .as_ref()
                .is_some_and(|t| !t.is_finished())
                && Instant::now() < deadline
            {
                thread::sleep(Duration::from_millis(5));
            }
        }
        self.stderr
            .lock()
            .map(|kept| kept.iter().cloned().collect())
            .unwrap_or_default()
    }

    /// Closes the program's input, waits up to `grace` for it to exit,
    /// then kills it; returns its exit status.
    pub fn close(&mut self, grace: Duration) -> Option<ExitStatus> {
        if let Some(status) = self.exit_status(grace) {
            self.stdin = None;
            return Some(status);
        }
        self.kill()
    }

    /// Kills the program now and reaps it.
    pub fn kill(&mut self) -> Option<ExitStatus> {
        self.stdin = None;
        if self.status.is_none() {
            let _ = self.child.kill();
            self.status = self.child.wait().ok();
        }
        self.status
    }
}

impl<T> Drop for LineProcess<T> {
    /// Kills the program unless it has exited.
    fn drop(&mut self) {
        if self.exit_status(Duration::ZERO).is_none() {
            self.kill();
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn an_overlong_line_is_cut_and_the_next_line_still_reads() {
        let script = "head -c 3000000 /dev/zero | tr '\\0' a; echo; echo usiok";
        let mut process = LineProcess::spawn("sh", &["-c", script], |line| line).unwrap();
        let deadline = Some(Instant::now() + Duration::from_secs(20));
        let Recv::Line(first) = process.recv(deadline) else {
            panic!("no first line");
        };
        assert_eq!(first.len(), MAX_LINE_BYTES);
        assert!(first.bytes().all(|b| b == b'a'));
        let Recv::Line(second) = process.recv(deadline) else {
            panic!("no second line");
        };
        assert_eq!(second, "usiok");
        assert!(matches!(process.recv(deadline), Recv::Closed));
    }

    #[test]
    fn more_lines_than_the_queue_holds_all_arrive_in_order() {
        // 200,000 lines, read after the queue has filled.
        let script = "seq 1 200000";
        let mut process = LineProcess::spawn("sh", &["-c", script], |line| line).unwrap();
        thread::sleep(Duration::from_millis(200));
        let deadline = Some(Instant::now() + Duration::from_secs(20));
        for expected in 1..=200_000u32 {
            match process.recv(deadline) {
                Recv::Line(line) => assert_eq!(line, expected.to_string()),
                other => panic!("line {expected}: {other:?}"),
            }
        }
        assert!(matches!(process.recv(deadline), Recv::Closed));
    }
}
