//! The peak memory of the built-in engine at a level: one `shogi engine`
//! process plays a few moves of a game (both sides) at that level, and its
//! peak resident set size (`VmHWM` of `/proc/<pid>/status`, Linux only) is
//! read before it quits; the same figure of an idle engine (after `usi`
//! and `isready` only) is subtracted, leaving what the search itself takes
//! (its table, its stacks and its thread).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// How long a reply may take.
const REPLY_TIMEOUT: Duration = Duration::from_secs(60);

/// Why a measurement failed.
#[derive(Debug, thiserror::Error)]
pub enum MemoryError {
    /// The program could not be started or written to.
    #[error("{program}: {source}")]
    Io {
        /// The program.
        program: String,
        /// The error.
        source: std::io::Error,
    },
    /// The engine did not answer in time, or stopped.
    #[error("{program}: no {waiting_for} within {REPLY_TIMEOUT:?}")]
    NoReply {
        /// The program.
        program: String,
        /// What was awaited.
        waiting_for: String,
    },
    /// `/proc/<pid>/status` has no `VmHWM` (not Linux).
    #[error("no VmHWM in /proc/{0}/status (peak memory is read on Linux only)")]
    NoProc(u32),
}

/// The peak resident set size of process `pid` in KiB, from the `VmHWM`
/// line of `/proc/<pid>/status`.
#[must_use]
pub fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    parse_vm_hwm(&status)
}

/// The `VmHWM:   1234 kB` value of a status file, in KiB.
#[must_use]
pub fn parse_vm_hwm(status: &str) -> Option<u64> {
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
}

/// A `shogi engine` process and its output lines.
struct Running {
    program: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Running {
    fn start(shogi: &Path, level: &str) -> Result<Running, MemoryError> {
        let program = shogi.display().to_string();
        let io = |source| MemoryError::Io {
            program: program.clone(),
            source,
        };
        let mut child = Command::new(shogi)
            .args(["engine", "--level", level])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(io)?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| io(std::io::ErrorKind::BrokenPipe.into()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io(std::io::ErrorKind::BrokenPipe.into()))?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Running {
            program,
            child,
            stdin,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), MemoryError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|source| MemoryError::Io {
                program: self.program.clone(),
                source,
            })
    }

    /// The first line starting with `prefix`.
    fn wait(&mut self, prefix: &str) -> Result<String, MemoryError> {
        let deadline = Instant::now() + REPLY_TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(_) => {
                    return Err(MemoryError::NoReply {
                        program: self.program.clone(),
                        waiting_for: prefix.to_owned(),
                    });
                }
            }
        }
    }

    fn peak(&self) -> Result<u64, MemoryError> {
        let pid = self.child.id();
        peak_rss_kib(pid).ok_or(MemoryError::NoProc(pid))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The peak memory in KiB of `shogi engine --level <level>` playing `plies`
/// moves from the start position at `byoyomi_ms` a move, less that of an
/// idle engine.
///
/// # Errors
/// [`MemoryError`] when an engine cannot be run or does not answer.
pub fn level_peak_kib(
    shogi: &Path,
    level: &str,
    plies: u32,
    byoyomi_ms: u64,
) -> Result<u64, MemoryError> {
    let mut idle = Running::start(shogi, level)?;
    idle.send("usi")?;
    idle.wait("usiok")?;
    idle.send("isready")?;
    idle.wait("readyok")?;
    let baseline = idle.peak()?;
    drop(idle);

    let mut engine = Running::start(shogi, level)?;
    engine.send("usi")?;
    engine.wait("usiok")?;
    engine.send("isready")?;
    engine.wait("readyok")?;
    engine.send("usinewgame")?;
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..plies {
        let position = if moves.is_empty() {
            "position startpos".to_owned()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        engine.send(&position)?;
        engine.send(&format!("go btime 0 wtime 0 byoyomi {byoyomi_ms}"))?;
        let best = engine.wait("bestmove")?;
        match best.split_whitespace().nth(1) {
            Some("resign" | "win") | None => break,
            Some(m) => moves.push(m.to_owned()),
        }
    }
    let peak = engine.peak()?;
    Ok(peak.saturating_sub(baseline))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vm_hwm_is_read_in_kib() {
        let status = "Name:\tshogi\nVmPeak:\t  20000 kB\nVmHWM:\t    5120 kB\nVmRSS:\t 4000 kB\n";
        assert_eq!(parse_vm_hwm(status), Some(5120));
        assert_eq!(parse_vm_hwm("Name: x\n"), None);
        if cfg!(target_os = "linux") {
            assert!(peak_rss_kib(std::process::id()).is_some_and(|k| k > 0));
        }
    }
}
