//! The `xiangqi` command (Chinese chess): PGN records replayed, checked and
//! converted, perft, legal moves, move checking
//! with the reason a move is illegal, position display, and moves played as
//! a game under the rules, on the `xiangqi-rules` crate.
//!
//! ```text
//! xiangqi                                      play and print the sample game
//! xiangqi replay game.pgn --notation chinese
//! xiangqi validate games/
//! xiangqi convert game.pgn --to wxf -o game-wxf.pgn
//! xiangqi perft startpos 4 --divide
//! xiangqi legal startpos
//! xiangqi check startpos b0d1                  illegal: horse_blocked (...)
//! xiangqi show "<FEN>"
//! xiangqi play h2e2 h9g7 h0g2
//! xiangqi completions bash
//! ```
//!
//! Exit status: 0 on success, 1 on a failure (input that cannot be read or
//! is wrong, an illegal move, output that cannot be written), 2 on a usage
//! error. Standard output, exit statuses, bounded input and line-by-line
//! replies are those of `board-cli`, shared with the `shogi` command.

mod args;
mod legal;
mod play;
mod position;
mod records;

use std::process::ExitCode;

use board_cli::output::{Failure, Out};

use crate::args::{Cli, Command};

fn main() -> ExitCode {
    // Every write to standard output is checked, the final flush included:
    // output that cannot be written is a failure, never a silent success.
    board_cli::output::main(run)
}

/// Runs the command the arguments name.
fn run(cli: Cli, out: &mut Out) -> Result<ExitCode, Failure> {
    match cli.command {
        None => play::sample(out),
        Some(Command::Replay(args)) => records::replay(out, &args),
        Some(Command::Validate(args)) => records::validate(out, &args),
        Some(Command::Convert(args)) => records::convert(out, &args),
        Some(Command::Perft(args)) => position::perft(out, &args),
        Some(Command::Legal(args)) => legal::run(out, &args),
        Some(Command::Check(args)) => position::check(out, &args),
        Some(Command::Show(args)) => position::show(out, &args),
        Some(Command::Play(args)) => play::run(out, &args),
        Some(Command::Completions(args)) => board_cli::args::completions::<Cli>(out, args.shell),
    }
}
