//! The `shogi` command: game records (replay, convert, validate, one file or
//! whole archives), perft, legal moves, move checking and position display,
//! engine matches, on the `shogi-rules` and `shogi-usi` crates.
//!
//! The library holds the whole command, [`main`], so that a crate of tests
//! can build the same command beside a fake engine; its modules are private
//! but [`training`], the conversion of records into training data that the
//! Python package runs too.
//!
//! ```text
//! shogi                                        replay the bundled sample game
//! shogi replay game.kif --notation japanese
//! shogi convert game.kif --to csa -o game.csa
//! shogi convert archive/ --to kif --out-dir converted/
//! shogi validate archive/ more.csa
//! shogi training convert archive/ --to hcpe -o games.hcpe --dedup
//! shogi perft startpos 5
//! shogi legal startpos
//! shogi check "<SFEN>" P*5e
//! shogi show startpos --json
//! shogi match --engine fs=fairy-stockfish --engine gps=gpsusi --games 10 -o games/
//! shogi match --engine easy=builtin:easy --engine hard=builtin:hard --games 4
//! shogi engine --level hard                   the built-in opponent as a USI engine
//! shogi completions bash
//! ```
//!
//! Exit status: 0 on success, 1 on a failure (input that cannot be read or
//! is wrong, output that cannot be written), 2 on a usage error.

mod args;
mod convert;
mod engine;
mod input;
mod json;
mod legal;
mod load;
mod matches;
mod position;
mod replay;
pub mod training;
mod validate;

use std::process::ExitCode;

use board_cli::output::{Failure, Out};

use crate::args::{Cli, Command};

/// The `shogi` command: reads the arguments, runs the command they name and
/// gives the exit status.
#[must_use]
pub fn main() -> ExitCode {
    // Every write to standard output is checked, the final flush included:
    // output that cannot be written is a failure, never a silent success.
    board_cli::output::main(run)
}

/// Runs the command the arguments name.
fn run(cli: Cli, out: &mut Out) -> Result<ExitCode, Failure> {
    match cli.command {
        None => replay::sample(out),
        Some(Command::Replay(args)) => replay::run(out, &args),
        Some(Command::Convert(args)) => convert::run(out, &args),
        Some(Command::Validate(args)) => validate::run(out, &args),
        Some(Command::Training(args)) => training::run(out, &args),
        Some(Command::Perft(args)) => position::perft(out, &args),
        Some(Command::Legal(args)) => legal::run(out, &args),
        Some(Command::Check(args)) => position::check(out, &args),
        Some(Command::Show(args)) => position::show(out, &args),
        Some(Command::Match(args)) => matches::run(out, &args),
        Some(Command::Engine(args)) => engine::run(out, &args),
        Some(Command::Completions(args)) => board_cli::args::completions::<Cli>(out, args.shell),
    }
}
