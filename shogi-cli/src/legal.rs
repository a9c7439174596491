//! `legal`: the legal moves of a position, or of each SFEN line of
//! standard input.

use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;

use shogi_rules::Position;

use crate::args::LegalArgs;
use crate::output::{Failure, Out, complain};
use crate::position::parse_position;

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
    let mut input = io::BufReader::with_capacity(64 << 10, io::stdin().lock());
    let mut line = Vec::new();
    let mut failed = 0usize;
    let mut number = 0usize;
    let line_cap = u64::try_from(MAX_SFEN_LINE).unwrap_or(u64::MAX) + 1;
    loop {
        line.clear();
        // Never more than one line's limit in memory, however long the line.
        let read = (&mut input).take(line_cap).read_until(b'\n', &mut line);
        match read {
            Ok(0) => break,
            Ok(_) => number += 1,
            Err(e) => {
                out.flush()?;
                complain(format!(
                    "cannot read standard input after line {number}: {e}"
                ));
                return Ok(ExitCode::FAILURE);
            }
        }
        let complete = line.last() == Some(&b'\n');
        if complete {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        let reply = if !complete && line.len() > MAX_SFEN_LINE {
            if let Err(e) = skip_line(&mut input) {
                out.flush()?;
                complain(format!("cannot read standard input in line {number}: {e}"));
                return Ok(ExitCode::FAILURE);
            }
            Err(format!("longer than {MAX_SFEN_LINE} bytes"))
        } else {
            match std::str::from_utf8(&line) {
                Ok(text) => parse_position(text).map(|pos| legal_line(&pos)),
                Err(_) => Err("not valid UTF-8".to_string()),
            }
        };
        match reply {
            Ok(moves) => writeln!(out, "{moves}")?,
            Err(e) => {
                failed += 1;
                writeln!(out, "error: line {number}: {e}")?;
            }
        }
        // Replies go out as soon as no more input is waiting, so that a
        // program feeding lines one at a time gets each answer.
        if input.buffer().is_empty() {
            out.flush()?;
        }
    }
    if failed > 0 {
        out.flush()?;
        complain(format!("{failed} of {number} input lines failed"));
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads and drops the rest of the current line, the newline included.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(());
            }
            None => {
                let n = buffer.len();
                input.consume(n);
            }
        }
    }
}
