//! The commands on one position: `perft`, `check` and `show`, and how a
//! position is read from the command line.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use shogi_rules::{Position, UsiMoveError, perft as count_leaves, perft_divide, record};

use crate::args::{CheckArgs, PerftArgs, ShowArgs};
use crate::json;
use board_cli::output::{Failure, Out, complain};

/// A position as given on the command line or on a line of input:
/// `startpos`, or an SFEN, with or without a leading `sfen `.
pub fn parse_position(text: &str) -> Result<Position, String> {
    let text = text.trim();
    let text = text.strip_prefix("sfen ").unwrap_or(text);
    if text == "startpos" {
        return Ok(Position::startpos());
    }
    Position::from_sfen(text).map_err(|e| format!("invalid SFEN: {e}"))
}

/// `perft`: the leaf count (each first move's with `--divide`), then the
/// time and speed.
pub fn perft(out: &mut Out, args: &PerftArgs) -> Result<ExitCode, Failure> {
    let start = Instant::now();
    let nodes = if args.divide {
        let mut lines = perft_divide(&args.position, args.depth);
        lines.sort_by_key(|(m, _)| m.to_string());
        for (m, n) in &lines {
            writeln!(out, "{m}: {n}")?;
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        count_leaves(&args.position, args.depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    writeln!(out, "{nodes}")?;
    // The count as a float for the speed only: precision does not matter.
    let speed = nodes as f64 / seconds.max(1e-9) / 1e6;
    writeln!(out, "time {seconds:.3} s, {speed:.1} M leaves/s")?;
    Ok(ExitCode::SUCCESS)
}

/// `check`: `legal` or `illegal: <reason>` on standard output, both
/// answers (exit status 0); a move that is not USI at all is an error
/// (standard error, exit status 1).
pub fn check(out: &mut Out, args: &CheckArgs) -> Result<ExitCode, Failure> {
    match args.position.parse_usi_move(&args.mv) {
        Ok(_) => writeln!(out, "legal")?,
        Err(UsiMoveError::Illegal(e)) => writeln!(out, "illegal: {}", e.reason().as_str())?,
        Err(e) => {
            complain(format!("{:?}: {e}", args.mv));
            return Ok(ExitCode::FAILURE);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `show`: the board diagram and what is known of the position, or the
/// same as one line of JSON with `--json`.
pub fn show(out: &mut Out, args: &ShowArgs) -> Result<ExitCode, Failure> {
    let pos = &args.position;
    if args.json {
        json::write_line(out, &json::Show::of(pos))?;
    } else {
        out.write_all(describe(pos).as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The text of `show`: the BOD board diagram (the hands, the board, the
/// moves played before and, when Gote is to move, `後手番`), then the side to
/// move, check (and by which squares), checkmate, the number of legal moves
/// and the SFEN.
fn describe(pos: &Position) -> String {
    let mut text = record::bod(pos);
    text.push_str(&format!("side to move: {}\n", pos.turn()));
    let checkers: Vec<String> = pos.checkers().into_iter().map(|s| s.to_string()).collect();
    if checkers.is_empty() {
        text.push_str("in check: no\n");
    } else {
        text.push_str(&format!("in check: yes (by {})\n", checkers.join(" ")));
    }
    let checkmate = if pos.is_checkmate() { "yes" } else { "no" };
    text.push_str(&format!("checkmate: {checkmate}\n"));
    text.push_str(&format!("legal moves: {}\n", pos.count_legal_moves()));
    text.push_str(&format!("sfen: {}\n", pos.to_sfen()));
    text
}
