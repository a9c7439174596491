//! A running engine program: lines written to its standard input, lines read
//! from its standard output with a deadline, so that an engine that hangs or
//! dies fails the caller instead of stalling it.
//!
//! Only what the benchmarks and the differential tests need: start the
//! program, send commands, wait for a reply line. [`fairy_stockfish`] finds
//! Fairy-Stockfish (Debian's package installs it as
//! `/usr/games/fairy-stockfish`; `scripts/install-engines.sh` installs it).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use shogi_usi::process::{LineProcess, Recv};

/// Why talking to the engine failed.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The program could not be started or written to.
    #[error("engine {program}: {source}")]
    Io {
        /// The program.
        program: String,
        /// What failed.
        source: std::io::Error,
    },
    /// The engine closed its output (it exited or crashed).
    #[error("engine {program} closed its output while {waiting_for}")]
    Closed {
        /// The program.
        program: String,
        /// What the caller waited for.
        waiting_for: String,
    },
    /// No awaited line came before the deadline.
    #[error("engine {program} did not answer within {timeout:?} while {waiting_for}")]
    Timeout {
        /// The program.
        program: String,
        /// How long the caller waited.
        timeout: Duration,
        /// What the caller waited for.
        waiting_for: String,
    },
}

/// An engine process and the lines of its output, on the line process
/// layer of `shogi-usi` (a reader thread, reads with a deadline, the
/// program killed when dropped).
pub struct Engine {
    process: LineProcess<String>,
}

impl Engine {
    /// Starts `program`.
    ///
    /// # Errors
    /// [`EngineError::Io`] when it cannot be started.
    pub fn start(program: &Path) -> Result<Engine, EngineError> {
        let name = program.display().to_string();
        let process = LineProcess::spawn(&name, &[] as &[&str], |line| line).map_err(|source| {
            EngineError::Io {
                program: name.clone(),
                source,
            }
        })?;
        Ok(Engine { process })
    }

    /// Writes one command line.
    ///
    /// # Errors
    /// [`EngineError::Io`] when the engine's input is closed.
    pub fn send(&mut self, command: &str) -> Result<(), EngineError> {
        self.process
            .send(command)
            .map_err(|source| EngineError::Io {
                program: self.process.program().to_owned(),
                source,
            })
    }

    /// The lines the engine writes until one for which `last` holds, that line
    /// included; waits at most `timeout` in all.
    ///
    /// # Errors
    /// [`EngineError::Closed`] or [`EngineError::Timeout`], `waiting_for`
    /// saying what for.
    pub fn read_until(
        &mut self,
        waiting_for: &str,
        timeout: Duration,
        last: impl Fn(&str) -> bool,
    ) -> Result<Vec<String>, EngineError> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            match self.process.recv(Some(deadline)) {
                Recv::Line(line) => {
                    let done = last(&line);
                    out.push(line);
                    if done {
                        return Ok(out);
                    }
                }
                Recv::Timeout => {
                    return Err(EngineError::Timeout {
                        program: self.process.program().to_owned(),
                        timeout,
                        waiting_for: waiting_for.to_owned(),
                    });
                }
                Recv::Closed => {
                    return Err(EngineError::Closed {
                        program: self.process.program().to_owned(),
                        waiting_for: waiting_for.to_owned(),
                    });
                }
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // An engine that does not quit at once is stopped.
        self.process.close(Duration::from_secs(2));
    }
}

/// Fairy-Stockfish: `$FAIRY_STOCKFISH` if set, else `fairy-stockfish` on the
/// `PATH` or in `/usr/games`.
#[must_use]
pub fn fairy_stockfish() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("FAIRY_STOCKFISH") {
        return Some(PathBuf::from(path));
    }
    let in_path = std::env::var_os("PATH").into_iter().flat_map(|p| {
        std::env::split_paths(&p)
            .map(|dir| dir.join("fairy-stockfish"))
            .collect::<Vec<_>>()
    });
    in_path
        .chain([PathBuf::from("/usr/games/fairy-stockfish")])
        .find(|p| p.is_file())
}

/// Fairy-Stockfish set up for xiangqi over UCI, ready for positions.
pub struct XiangqiOracle {
    engine: Engine,
}

/// How long one answer may take: perft of a few million leaves at most.
const ANSWER: Duration = Duration::from_secs(120);

impl XiangqiOracle {
    /// Starts `program` (Fairy-Stockfish) and selects xiangqi.
    ///
    /// # Errors
    /// When the engine cannot be started or does not answer.
    pub fn start(program: &Path) -> Result<XiangqiOracle, EngineError> {
        let mut engine = Engine::start(program)?;
        engine.send("uci")?;
        engine.read_until("uciok", ANSWER, |l| l == "uciok")?;
        engine.send("setoption name UCI_Variant value xiangqi")?;
        engine.send("isready")?;
        engine.read_until("readyok", ANSWER, |l| l == "readyok")?;
        Ok(XiangqiOracle { engine })
    }

    /// The engine's perft of the position of `fen` to `depth`: each root move
    /// in the engine's UCI form (ranks 1–10) with its count, and the total.
    ///
    /// # Errors
    /// When the engine does not answer with a total.
    pub fn perft(
        &mut self,
        fen: &str,
        depth: u32,
    ) -> Result<(Vec<(String, u64)>, u64), EngineError> {
        self.engine.send(&format!("position fen {fen}"))?;
        self.engine.send(&format!("go perft {depth}"))?;
        let lines = self.engine.read_until("the perft total", ANSWER, |l| {
            l.starts_with("Nodes searched")
        })?;
        let mut moves = Vec::new();
        let mut total = 0;
        for line in &lines {
            if let Some(n) = line.strip_prefix("Nodes searched: ") {
                total = n.trim().parse().unwrap_or(u64::MAX);
            } else if let Some((m, n)) = line.split_once(": ")
                && let Ok(n) = n.trim().parse()
            {
                moves.push((m.to_owned(), n));
            }
        }
        Ok((moves, total))
    }

    /// Has the engine answer `isready` (a way to time a command's end).
    ///
    /// # Errors
    /// When it does not answer.
    pub fn ready(&mut self) -> Result<(), EngineError> {
        self.engine.send("isready")?;
        self.engine
            .read_until("readyok", ANSWER, |l| l == "readyok")?;
        Ok(())
    }
}
