//! What the board-game commands of this workspace (`shogi`, `xiangqi`)
//! share, so that they behave alike: one checked standard output and the
//! exit statuses (0 on success, 1 on a failure, 2 on a usage error),
//! bounded reading of files and of standard input, line-by-line replies,
//! JSON lines, atomic output files, progress bars, and parallel work on the files of
//! directories.
//!
//! ```no_run
//! use std::io::Write;
//! use std::process::ExitCode;
//!
//! /// A command.
//! #[derive(clap::Parser)]
//! struct Cli {
//!     /// A word to print.
//!     word: String,
//! }
//!
//! fn main() -> ExitCode {
//!     board_cli::output::main(|cli: Cli, out| {
//!         writeln!(out, "{}", cli.word)?;
//!         Ok(ExitCode::SUCCESS)
//!     })
//! }
//! ```

pub mod args;
pub mod batch;
pub mod files;
pub mod input;
pub mod json;
pub mod lines;
pub mod output;
pub mod progress;
