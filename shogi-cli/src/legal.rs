//! `legal`: the legal moves of a position, or of each SFEN line of
//! standard input.

use std::io::Write;
use std::process::ExitCode;

use shogi_rules::Position;

use crate::args::LegalArgs;
use crate::position::parse_position;
use board_cli::output::{Failure, Out};

/// The longest line `legal` takes from standard input, in bytes: an SFEN
/// is under 200.
const MAX_SFEN_LINE: usize = 4096;

/// `legal`: the moves of the position given, or of each line of standard
/// input without one.
pub fn run(out: &mut Out, args: &LegalArgs) -> Result<ExitCode, Failure> {
    match &args.position {
        Some(pos) => {
            writeln!(out, "{}", legal_line(pos))?;
            Ok(ExitCode::SUCCESS)
        }
        None => from_stdin(out),
    }
}

/// The legal moves of `pos` in USI, sorted, separated by spaces.
fn legal_line(pos: &Position) -> String {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    moves.join(" ")
}

/// `legal` without a position: one reply line per input line, the legal
/// moves or `error: line N: <message>`, so that replies stay paired with
/// their lines. A bad line (not UTF-8, too long, not an SFEN) does not stop
/// the others; any bad line makes the exit status 1.
fn from_stdin(out: &mut Out) -> Result<ExitCode, Failure> {
    board_cli::lines::answer_stdin(out, MAX_SFEN_LINE, |text| {
        parse_position(text).map(|pos| legal_line(&pos))
    })
}
