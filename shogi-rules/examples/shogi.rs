//! The `shogi` command-line tool: perft, legal moves, move checking and
//! position display on top of the `shogi-rules` crate.
//!
//! ```text
//! cargo run --release -p shogi-rules --example shogi -- perft startpos 5
//! cargo run --release -p shogi-rules --example shogi -- legal startpos
//! cargo run --release -p shogi-rules --example shogi -- check "<SFEN>" P*5e
//! cargo run --release -p shogi-rules --example shogi -- show startpos --json
//! ```

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use shogi_rules::{perft, perft_divide, Color, Position, Square, UsiMoveError};

const USAGE: &str = "usage: shogi <command>
  perft <SFEN|startpos> <DEPTH> [--divide]   count leaf nodes; print time and speed
  legal [SFEN|startpos]                      legal moves in USI, sorted; without an
                                             argument, one SFEN per line from stdin
  check <SFEN|startpos> <USI-MOVE>           'legal', 'illegal: <reason>' or 'error: <message>'
  show <SFEN|startpos> [--json]              board diagram, side to move, check, checkmate";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        ["perft", sfen, depth] => cmd_perft(sfen, depth, false),
        ["perft", sfen, depth, "--divide"] => cmd_perft(sfen, depth, true),
        ["legal"] => cmd_legal_stdin(),
        ["legal", sfen] => load(sfen).map(|pos| println!("{}", legal_line(&pos))),
        ["check", sfen, mv] => cmd_check(sfen, mv),
        ["show", sfen] => load(sfen).map(|pos| print!("{}", diagram(&pos))),
        ["show", sfen, "--json"] => load(sfen).map(|pos| println!("{}", json(&pos))),
        _ => Err(Usage(None)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Usage(message)) => {
            if let Some(message) = message {
                eprintln!("error: {message}");
            }
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// A usage error, with a message when there is more to say than the usage text.
struct Usage(Option<String>);

fn load(sfen: &str) -> Result<Position, Usage> {
    parse_position(sfen).map_err(|e| Usage(Some(e)))
}

fn parse_position(sfen: &str) -> Result<Position, String> {
    let sfen = sfen.trim();
    let sfen = sfen.strip_prefix("sfen ").unwrap_or(sfen);
    if sfen == "startpos" {
        return Ok(Position::startpos());
    }
    Position::from_sfen(sfen).map_err(|e| format!("invalid SFEN: {e}"))
}

fn cmd_perft(sfen: &str, depth: &str, divide: bool) -> Result<(), Usage> {
    let pos = load(sfen)?;
    let depth: u32 = depth
        .parse()
        .map_err(|_| Usage(Some(format!("depth must be a whole number, got {depth:?}"))))?;
    let start = Instant::now();
    let nodes = if divide {
        let mut lines = perft_divide(&pos, depth);
        lines.sort_by_key(|(m, _)| m.to_string());
        for (m, n) in &lines {
            println!("{m}: {n}");
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        perft(&pos, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!("{nodes}");
    println!(
        "time {:.3} s, {:.1} M leaves/s",
        seconds,
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}

fn legal_line(pos: &Position) -> String {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    moves.join(" ")
}

fn cmd_legal_stdin() -> Result<(), Usage> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let reply = match parse_position(&line) {
            Ok(pos) => legal_line(&pos),
            Err(e) => format!("error: {e}"),
        };
        if writeln!(out, "{reply}").is_err() {
            break;
        }
    }
    Ok(())
}

fn cmd_check(sfen: &str, mv: &str) -> Result<(), Usage> {
    let pos = load(sfen)?;
    match pos.parse_usi_move(mv) {
        Ok(_) => println!("legal"),
        Err(UsiMoveError::Illegal(e)) => println!("illegal: {}", e.reason().as_str()),
        Err(e) => println!("error: {e}"),
    }
    Ok(())
}

fn diagram(pos: &Position) -> String {
    let mut out = String::new();
    let hand_line = |color: Color| {
        let hand = pos.hand(color);
        let items: Vec<String> = hand
            .iter()
            .map(|(role, n)| {
                let letter = role.sfen_char();
                if n > 1 {
                    format!("{letter}{n}")
                } else {
                    letter.to_string()
                }
            })
            .collect();
        if items.is_empty() {
            "-".to_string()
        } else {
            items.join(" ")
        }
    };
    out.push_str(&format!("gote hand: {}\n", hand_line(Color::Gote)));
    out.push_str("   9  8  7  6  5  4  3  2  1\n");
    for rank in 1..=9u8 {
        out.push(' ');
        for file in (1..=9u8).rev() {
            let cell = match Square::new(file, rank).and_then(|sq| pos.piece_at(sq)) {
                Some(p) => format!("{p:>3}"),
                None => "  .".to_string(),
            };
            out.push_str(&cell);
        }
        out.push_str(&format!("  {}\n", (b'a' + rank - 1) as char));
    }
    out.push_str(&format!("sente hand: {}\n", hand_line(Color::Sente)));
    out.push_str(&format!("side to move: {}\n", pos.turn()));
    let checkers: Vec<String> = pos.checkers().into_iter().map(|s| s.to_string()).collect();
    if checkers.is_empty() {
        out.push_str("in check: no\n");
    } else {
        out.push_str(&format!("in check: yes (by {})\n", checkers.join(" ")));
    }
    out.push_str(&format!("checkmate: {}\n", if pos.is_checkmate() { "yes" } else { "no" }));
    out.push_str(&format!("legal moves: {}\n", pos.count_legal_moves()));
    out.push_str(&format!("sfen: {}\n", pos.to_sfen()));
    out
}

fn json(pos: &Position) -> String {
    format!(
        "{{\"sfen\":\"{}\",\"side_to_move\":\"{}\",\"in_check\":{},\"checkmate\":{},\"legal_moves\":{}}}",
        pos.to_sfen(),
        pos.turn(),
        pos.in_check(),
        pos.is_checkmate(),
        pos.count_legal_moves()
    )
}
