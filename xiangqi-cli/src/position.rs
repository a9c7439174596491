//! The commands on one position: `perft`, `check` and `show`, and how a
//! position is read from the command line.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use board_cli::json;
use board_cli::output::{Failure, Out, complain};
use serde::Serialize;
use xiangqi_rules::{IccsMoveError, Position, Square, perft as count_leaves, perft_divide};

use crate::args::{CheckArgs, PerftArgs, ShowArgs};

/// A position as given on the command line or on a line of input:
/// `startpos`, or a FEN, with or without a leading `fen `.
pub fn parse_position(text: &str) -> Result<Position, String> {
    let text = text.trim();
    let text = text.strip_prefix("fen ").unwrap_or(text);
    if text == "startpos" {
        return Ok(Position::startpos());
    }
    Position::from_fen(text).map_err(|e| format!("invalid FEN: {e}"))
}

/// `perft --json`.
#[derive(Serialize)]
struct Perft {
    /// The position counted from, in FEN.
    fen: String,
    /// The depth.
    depth: u32,
    /// The leaf count.
    nodes: u64,
    /// Each first move's count, with `--divide`.
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<(String, u64)>>,
    /// The time taken, in seconds.
    seconds: f64,
}

/// `perft`: the leaf count (each first move's with `--divide`), then the
/// time and speed; or all of it as one line of JSON.
pub fn perft(out: &mut Out, args: &PerftArgs) -> Result<ExitCode, Failure> {
    let pos = args.position.clone().unwrap_or_else(Position::startpos);
    let start = Instant::now();
    let (nodes, divide) = if args.divide {
        let mut lines: Vec<(String, u64)> = perft_divide(&pos, args.depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        lines.sort();
        (lines.iter().map(|(_, n)| n).sum(), Some(lines))
    } else {
        (count_leaves(&pos, args.depth), None)
    };
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        let fen = pos.to_fen();
        json::write_line(
            out,
            &Perft {
                fen,
                depth: args.depth,
                nodes,
                divide,
                seconds,
            },
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    for (m, n) in divide.iter().flatten() {
        writeln!(out, "{m}: {n}")?;
    }
    writeln!(out, "{nodes}")?;
    // The count as a float for the speed only: precision does not matter.
    let speed = nodes as f64 / seconds.max(1e-9) / 1e6;
    writeln!(out, "time {seconds:.3} s, {speed:.1} M leaves/s")?;
    Ok(ExitCode::SUCCESS)
}

/// `check --json`.
#[derive(Serialize)]
struct Check<'a> {
    /// The move as given.
    #[serde(rename = "move")]
    mv: &'a str,
    /// Whether it is legal.
    legal: bool,
    /// The name of the rule it breaks, `null` when legal.
    reason: Option<&'static str>,
    /// The rule in words, `null` when legal.
    description: Option<&'static str>,
}

/// `check`: `legal` (exit status 0) or `illegal: <reason> (<description>)`
/// (exit status 1) on standard output; a move that is not ICCS at all is an
/// error (standard error, exit status 1).
pub fn check(out: &mut Out, args: &CheckArgs) -> Result<ExitCode, Failure> {
    let reason = match args.position.parse_iccs_move(&args.mv) {
        Ok(_) => None,
        Err(IccsMoveError::Illegal(e)) => Some(e.reason),
        Err(e) => {
            complain(e);
            return Ok(ExitCode::FAILURE);
        }
    };
    if args.json {
        json::write_line(
            out,
            &Check {
                mv: &args.mv,
                legal: reason.is_none(),
                reason: reason.map(|r| r.as_str()),
                description: reason.map(|r| r.description()),
            },
        )?;
    } else {
        match reason {
            None => writeln!(out, "legal")?,
            Some(r) => writeln!(out, "illegal: {} ({})", r.as_str(), r.description())?,
        }
    }
    Ok(if reason.is_none() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `show --json`.
#[derive(Serialize)]
pub struct Show {
    /// The position in FEN.
    pub fen: String,
    /// `"red"` or `"black"`.
    pub side_to_move: &'static str,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// The points of the pieces giving check.
    pub checkers: Vec<String>,
    /// Whether the side to move is checkmated.
    pub checkmate: bool,
    /// The number of legal moves.
    pub legal_moves: u64,
}

impl Show {
    /// The facts `show --json` gives about `pos`.
    pub fn of(pos: &Position) -> Show {
        Show {
            fen: pos.to_fen(),
            side_to_move: pos.turn().as_str(),
            in_check: pos.in_check(),
            checkers: pos.checkers().iter().map(|s| s.to_string()).collect(),
            checkmate: pos.is_checkmate(),
            legal_moves: pos.count_legal_moves(),
        }
    }
}

/// `show`: the board diagram and what is known of the position, or the
/// same as one line of JSON with `--json`.
pub fn show(out: &mut Out, args: &ShowArgs) -> Result<ExitCode, Failure> {
    let pos = &args.position;
    if args.json {
        json::write_line(out, &Show::of(pos))?;
    } else {
        out.write_all(describe(pos).as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The board diagram: rank 9 on top, files a–i, one character a point
/// (FEN letters, `.` for an empty point), the river between ranks 5 and 4.
pub fn diagram(pos: &Position) -> String {
    const FILES: &str = "  a b c d e f g h i\n";
    let mut text = String::from(FILES);
    for rank in (0..10u8).rev() {
        text.push(char::from(b'0' + rank));
        for file in 0..9u8 {
            let point = Square::new(file, rank)
                .and_then(|sq| pos.piece_at(sq))
                .map_or('.', |piece| piece.char());
            text.push(' ');
            text.push(point);
        }
        text.push('\n');
        if rank == 5 {
            text.push_str("  ~~~~~ river ~~~~~\n");
        }
    }
    text.push_str(FILES);
    text
}

/// The text of `show`: the diagram, then the side to move, check (and by
/// which points), checkmate, the number of legal moves and the FEN.
fn describe(pos: &Position) -> String {
    let mut text = diagram(pos);
    text.push_str(&format!("side to move: {}\n", pos.turn()));
    let checkers: Vec<String> = pos.checkers().iter().map(|s| s.to_string()).collect();
    if checkers.is_empty() {
        text.push_str("in check: no\n");
    } else {
        text.push_str(&format!("in check: yes (by {})\n", checkers.join(" ")));
    }
    let checkmate = if pos.is_checkmate() { "yes" } else { "no" };
    text.push_str(&format!("checkmate: {checkmate}\n"));
    text.push_str(&format!("legal moves: {}\n", pos.count_legal_moves()));
    text.push_str(&format!("fen: {}\n", pos.to_fen()));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_startpos_or_fen() {
        assert_eq!(parse_position(" startpos "), Ok(Position::startpos()));
        let fen = Position::startpos().to_fen();
        assert_eq!(
            parse_position(&format!("fen {fen}")),
            Ok(Position::startpos())
        );
        assert!(parse_position("rnbakabnr w").is_err_and(|e| e.starts_with("invalid FEN: ")));
    }

    #[test]
    fn the_diagram_has_ten_ranks_and_the_river() {
        let text = diagram(&Position::startpos());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 13);
        assert_eq!(lines[1], "9 r n b a k a b n r");
        assert_eq!(lines[3], "7 . c . . . . . c .");
        assert!(lines[6].contains("river"));
        assert_eq!(lines[11], "0 R N B A K A B N R");
    }
}
