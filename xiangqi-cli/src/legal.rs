//! `legal`: the legal moves of a position, or of each line of standard
//! input.

use std::io::Write;
use std::process::ExitCode;

use board_cli::json;
use board_cli::lines;
use board_cli::output::{Failure, Out};
use serde::Serialize;
use xiangqi_rules::Position;

use crate::args::LegalArgs;
use crate::position::parse_position;

/// The longest line `legal` takes from standard input, in bytes: a FEN is
/// under 100.
const MAX_FEN_LINE: usize = 4096;

/// `legal --json`: one position's moves.
#[derive(Serialize)]
struct Legal {
    /// The position in FEN.
    fen: String,
    /// The legal moves in ICCS, sorted.
    moves: Vec<String>,
}

/// `legal --json`: a bad input line.
#[derive(Serialize)]
struct LineError<'a> {
    /// The line number, from 1.
    line: usize,
    /// What is wrong with it.
    error: &'a str,
}

/// `legal`: the moves of the position given, or of each line of standard
/// input for `-` or none.
pub fn run(out: &mut Out, args: &LegalArgs) -> Result<ExitCode, Failure> {
    let json = args.json;
    let reply = move |text: &str| parse_position(text).map(|pos| answer(&pos, json));
    match args.position.as_deref() {
        None | Some("-") if json => {
            lines::answer_stdin_with(out, MAX_FEN_LINE, reply, |line, error| {
                to_json(&LineError { line, error })
            })
        }
        None | Some("-") => lines::answer_stdin(out, MAX_FEN_LINE, reply),
        Some(text) => match parse_position(text) {
            Ok(pos) => {
                writeln!(out, "{}", answer(&pos, json))?;
                Ok(ExitCode::SUCCESS)
            }
            Err(e) => {
                let message = format!("invalid value '{text}' for '[POSITION]': {e}");
                Err(board_cli::output::usage_error::<crate::args::Cli>(
                    "legal",
                    clap::error::ErrorKind::ValueValidation,
                    message,
                ))
            }
        },
    }
}

/// The reply for `pos`: its legal moves in ICCS, sorted, separated by
/// spaces, or as a JSON object.
fn answer(pos: &Position, json: bool) -> String {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    if json {
        to_json(&Legal {
            fen: pos.to_fen(),
            moves,
        })
    } else {
        moves.join(" ")
    }
}

/// `value` as compact JSON.
fn to_json(value: &impl Serialize) -> String {
    let mut bytes = Vec::new();
    // Writing to memory does not fail; the types serialize.
    let _ = json::write_line(&mut bytes, value);
    String::from_utf8_lossy(bytes.trim_ascii_end()).into_owned()
}
