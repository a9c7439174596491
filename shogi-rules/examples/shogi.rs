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

use shogi_rules::{
    Color, Game, GameFromUsiError, Position, RuleSet, Square, UsiMoveError, perft, perft_divide,
};

const USAGE: &str = "usage: shogi <command>
  perft <SFEN|startpos> <DEPTH> [--divide]   count leaf nodes; print time and speed
  legal [SFEN|startpos]                      legal moves in USI, sorted; without an
                                             argument, one SFEN per line from stdin
  check <SFEN|startpos> <USI-MOVE>           'legal', 'illegal: <reason>' or 'error: <message>'
  show <SFEN|startpos> [--json]              board diagram, side to move, check, checkmate
  replay [FILE|-] [--json] [--declare] [--rules site|csa27|try]
                                             play a USI record (`startpos moves ...` or
                                             `sfen ... moves ...`, `position` optional)
                                             and print each move and the outcome";

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(Usage(message)) => {
            if let Some(message) = message {
                eprintln!("error: {message}");
            }
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<ExitCode, Usage> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["perft", sfen, depth] => cmd_perft(sfen, depth, false).map(|()| ExitCode::SUCCESS),
        ["perft", sfen, depth, "--divide"] => {
            cmd_perft(sfen, depth, true).map(|()| ExitCode::SUCCESS)
        }
        ["legal"] => cmd_legal_stdin().map(|()| ExitCode::SUCCESS),
        ["legal", sfen] => load(sfen).map(|pos| {
            println!("{}", legal_line(&pos));
            ExitCode::SUCCESS
        }),
        ["check", sfen, mv] => cmd_check(sfen, mv).map(|()| ExitCode::SUCCESS),
        ["show", sfen] => load(sfen).map(|pos| {
            print!("{}", diagram(&pos));
            ExitCode::SUCCESS
        }),
        ["show", sfen, "--json"] => load(sfen).map(|pos| {
            println!("{}", json(&pos));
            ExitCode::SUCCESS
        }),
        ["replay", rest @ ..] => cmd_replay(rest),
        _ => Err(Usage(None)),
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
    out.push_str(&format!(
        "checkmate: {}\n",
        if pos.is_checkmate() { "yes" } else { "no" }
    ));
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

fn cmd_replay(args: &[&str]) -> Result<ExitCode, Usage> {
    let mut file = None;
    let mut as_json = false;
    let mut declare = false;
    let mut rules = RuleSet::site();
    let mut i = 0;
    while i < args.len() {
        match args[i] {
            "--json" => as_json = true,
            "--declare" => declare = true,
            "--rules" => {
                i += 1;
                rules = match args.get(i) {
                    Some(&"site") => RuleSet::site(),
                    Some(&"csa27") => RuleSet::csa27(),
                    Some(&"try") => RuleSet::try_rule(),
                    other => {
                        return Err(Usage(Some(format!(
                            "--rules takes site, csa27 or try, got {}",
                            other.unwrap_or(&"nothing")
                        ))));
                    }
                };
            }
            path if file.is_none() && (path == "-" || !path.starts_with("--")) => file = Some(path),
            other => return Err(Usage(Some(format!("unexpected argument {other:?}")))),
        }
        i += 1;
    }
    let text = match file {
        None | Some("-") => {
            let mut text = String::new();
            io::Read::read_to_string(&mut io::stdin(), &mut text)
                .map_err(|e| Usage(Some(format!("cannot read standard input: {e}"))))?;
            text
        }
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| Usage(Some(format!("cannot read {path}: {e}"))))?,
    };
    let record = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim();
    let mut game = match Game::from_usi(record, rules) {
        Ok(game) => game,
        Err(e) => {
            match e {
                GameFromUsiError::IllegalMove { ply, source } => {
                    eprintln!(
                        "error: ply {ply}: {} is illegal: {}",
                        source.usi,
                        source.reason.as_str()
                    );
                }
                other => eprintln!("error: {other}"),
            }
            return Ok(ExitCode::FAILURE);
        }
    };
    let mut declare_error = None;
    if declare && game.outcome().is_none() {
        if let Err(e) = game.declare_impasse() {
            declare_error = Some(e.to_string());
        }
    }
    let status = game.impasse_status();
    let outcome = game.outcome();
    let winner = |w: Option<Color>| w.map_or("null".to_string(), |c| format!("\"{c}\""));
    if as_json {
        let moves: Vec<String> = game.moves().iter().map(|m| format!("\"{m}\"")).collect();
        let (w, reason) = match outcome {
            Some(o) => (winner(o.winner), format!("\"{}\"", o.termination.as_str())),
            None => ("null".to_string(), "null".to_string()),
        };
        println!(
            "{{\"start\":\"{}\",\"moves\":[{}],\"final\":\"{}\",\"outcome\":{{\"winner\":{},\"reason\":{}}},\"impasse\":{{\"sente_points\":{},\"gote_points\":{},\"allowed\":{},\"reason\":{}}}}}",
            game.start().to_sfen(),
            moves.join(","),
            game.position().to_sfen(),
            w,
            reason,
            status.sente_points,
            status.gote_points,
            status.allowed,
            status
                .reason
                .map_or("null".to_string(), |r| format!("\"{}\"", r.as_str())),
        );
    } else {
        for (i, ply) in game.history().iter().enumerate() {
            let mover = if (game.start().turn() == Color::Sente) == (i % 2 == 0) {
                "sente"
            } else {
                "gote"
            };
            let check = if ply.gave_check { " check" } else { "" };
            println!("{:>4} {mover:<5} {}{check}", i + 1, ply.mv);
        }
        match outcome {
            Some(o) => println!(
                "outcome: {} ({})",
                o.winner.map_or("draw".to_string(), |c| format!("{c} wins")),
                o.termination.as_str()
            ),
            None => println!(
                "outcome: none, the game goes on ({} to move)",
                game.position().turn()
            ),
        }
        println!(
            "impasse: sente {} points, gote {} points, declaration {}",
            status.sente_points,
            status.gote_points,
            match status.reason {
                None => "allowed".to_string(),
                Some(r) => format!("not allowed ({})", r.as_str()),
            }
        );
        println!("final: {}", game.position().to_sfen());
    }
    if let Some(e) = declare_error {
        eprintln!("declaration rejected: {e}");
    }
    Ok(ExitCode::SUCCESS)
}
