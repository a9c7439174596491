//! Standard output and standard error: the one checked writer every command
//! writes its output through, the ways a command stops short, and messages.

use std::fmt::Display;
use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};
use std::process::ExitCode;

use clap::CommandFactory;
use clap::error::ErrorKind;

/// Standard output, buffered. Every write returns its error, and the final
/// flush is checked by `main`: output that cannot be written is a failure,
/// never a silent success.
pub struct Out {
    /// The locked, buffered standard output.
    inner: BufWriter<StdoutLock<'static>>,
}

impl Out {
    /// Standard output, locked for the life of the process.
    pub fn new() -> Out {
        Out {
            inner: BufWriter::new(io::stdout().lock()),
        }
    }
}

impl Default for Out {
    fn default() -> Out {
        Out::new()
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Why a command stopped short.
#[derive(Debug)]
pub enum Failure {
    /// A usage error (exit status 2), or the help or version text that
    /// `clap` returns the same way (exit status 0).
    Usage(clap::Error),
    /// Standard output could not be written (exit status 1).
    Output(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Output(e)
    }
}

impl Failure {
    /// Says what happened, where it belongs, and gives the exit status.
    pub fn report(self, out: &mut Out) -> ExitCode {
        match self {
            Failure::Usage(e) if !e.use_stderr() => {
                // `--help`, `help`, `--version`: the text is the output.
                let text = e.render();
                let written = if io::stdout().is_terminal() {
                    write!(out, "{}", text.ansi())
                } else {
                    write!(out, "{text}")
                };
                match written.and_then(|()| out.flush()) {
                    Ok(()) => exit_code(e.exit_code()),
                    Err(e) => Failure::Output(e).report(out),
                }
            }
            Failure::Usage(e) => {
                let _ = out.flush();
                // When standard error cannot be written either, there is no
                // one left to tell: the exit status still says it.
                let _ = e.print();
                exit_code(e.exit_code())
            }
            Failure::Output(e) => {
                // A reader that went away (`legal | head -1`) is told
                // nothing: exit status 1 without a message, as a tool killed
                // by SIGPIPE would stop quietly. Any other error is reported.
                if e.kind() != io::ErrorKind::BrokenPipe {
                    complain(format!("cannot write to standard output: {e}"));
                }
                ExitCode::FAILURE
            }
        }
    }
}

/// Runs a command the way every board-game command runs: the arguments
/// are read as `C` (a usage error is [`Failure::Usage`]), `run` writes its
/// output through one [`Out`], the final flush is checked, and any
/// [`Failure`] is reported with its exit status.
pub fn main<C: clap::Parser>(
    run: impl FnOnce(C, &mut Out) -> Result<ExitCode, Failure>,
) -> ExitCode {
    // Everything for standard output goes through one buffered writer, and
    // every write is checked, the final flush included: output that cannot
    // be written is a failure, never a silent success.
    let mut out = Out::new();
    let result = C::try_parse()
        .map_err(Failure::Usage)
        .and_then(|cli| run(cli, &mut out))
        .and_then(|code| {
            out.flush()?;
            Ok(code)
        });
    match result {
        Ok(code) => code,
        Err(failure) => failure.report(&mut out),
    }
}

/// The exit status of a `clap` exit code (0 or 2).
fn exit_code(code: i32) -> ExitCode {
    ExitCode::from(u8::try_from(code).unwrap_or(2))
}

/// A usage error found after the arguments were read (a combination of
/// them that cannot work), with the usage of `subcommand` of the command
/// line `C`.
pub fn usage_error<C: CommandFactory>(
    subcommand: &str,
    kind: ErrorKind,
    message: impl Display,
) -> Failure {
    let mut command = C::command();
    command.build();
    let error = match command.find_subcommand_mut(subcommand) {
        Some(sub) => sub.error(kind, message),
        None => command.error(kind, message),
    };
    Failure::Usage(error)
}

/// `error: MESSAGE` on standard error. When standard error cannot be
/// written either, there is no one left to tell: the exit status still says
/// what happened.
pub fn complain(message: impl Display) {
    let _ = writeln!(io::stderr().lock(), "error: {message}");
}

/// `warning: MESSAGE` on standard error.
pub fn warn(message: impl Display) {
    let _ = writeln!(io::stderr().lock(), "warning: {message}");
}
