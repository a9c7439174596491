//! A scripted USI engine for the client's tests. The first argument picks
//! the behaviour:
//!
//! - `good`: plays the first legal move, with `info` lines (score, PV) and
//!   a ponder move; honours `MultiPV`; answers `go mate` with `nomate`.
//! - `crash-after N`: as `good`, but exits (status 3, a line on standard
//!   error) at the `go` after N answered ones.
//! - `illegal-bestmove`: answers `go` with an illegal move.
//! - `garbage`: as `good`, with junk and malformed `info` lines around.
//! - `no-readyok`: never answers `isready`.
//! - `no-usiok`: never answers `usi`.
//! - `slow`: answers `go` after `FAKE_USI_DELAY_MS` (5000) milliseconds,
//!   not listening meanwhile.
//! - `illegal-pv`: as `good`, with an illegal second PV move.
//! - `bad-bestmove`: a malformed `bestmove` line.
//! - `illegal-ponder`: as `good`, with an illegal ponder move.
//! - `resign`, `win`: answers every `go` so.
//! - `no-options`: as `good`, declaring no option.
//! - `exit-soon`: exits on its own 100 ms after its first `readyok`.

use std::io::{BufRead, Write};
use std::time::Duration;

use shogi_rules::Position;
use shogi_rules::usi::parse_position_command;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map_or("good", String::as_str).to_owned();
    let crash_after: usize = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(0);
    let delay: u64 = std::env::var("FAKE_USI_DELAY_MS")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(5000);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut say = |line: &str| {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    };
    let mut position = Position::startpos();
    let mut multipv = 1usize;
    let mut answered = 0usize;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("usi") => {
                say(&format!("id name Fake USI {mode}"));
                say("id author shogi-usi tests");
                if mode != "no-options" {
                    say("option name MultiPV type spin default 1 min 1 max 10");
                    say(
                        "option name Style type combo default Normal var Solid var Normal var Risky",
                    );
                    say("option name USI_Ponder type check default false");
                    say("option name Clear Hash type button");
                    say("option name BookFile type filename default book.bin");
                }
                if mode == "garbage" {
                    say("option name Broken type spin default x");
                }
                if mode != "no-usiok" {
                    say("usiok");
                }
            }
            Some("isready") if mode != "no-readyok" => {
                say("readyok");
                if mode == "exit-soon" {
                    std::thread::spawn(|| {
                        std::thread::sleep(Duration::from_millis(100));
                        std::process::exit(0);
                    });
                }
            }
            Some("setoption") => {
                if let [_, "name", name, "value", value] = words[..] {
                    if name.eq_ignore_ascii_case("multipv") {
                        multipv = value.parse().unwrap_or(1);
                    }
                }
            }
            Some("position") => {
                if let Ok(command) = parse_position_command(&line) {
                    position = command.position;
                }
            }
            Some("go") if words.get(1) == Some(&"mate") => say("checkmate nomate"),
            Some("go") => {
                if mode == "crash-after" && answered == crash_after {
                    eprintln!("fake-usi: crashing after {answered} moves");
                    std::process::exit(3);
                }
                answered += 1;
                let moves = position.legal_moves();
                match mode.as_str() {
                    "illegal-bestmove" => {
                        say("info depth 1 score cp 0 pv 5e5d");
                        say("bestmove 5e5d");
                        continue;
                    }
                    "bad-bestmove" => {
                        say("bestmove 7g7f ponder");
                        continue;
                    }
                    "slow" => std::thread::sleep(Duration::from_millis(delay)),
                    "resign" => {
                        say("bestmove resign");
                        continue;
                    }
                    "win" => {
                        say("bestmove win");
                        continue;
                    }
                    "garbage" => {
                        say("hello from the fake engine");
                        say("info depth x");
                        say("info score cp");
                        say("id");
                        say("info pv 9z9z");
                        say("");
                        say("bestmovefoo 7g7f");
                        say("\u{1b}[31m colours \u{fffd}");
                    }
                    "flood" => {
                        // 20,000 ranks of MultiPV and a 3 MB line: more than a
                        // client should keep.
                        let pv = moves
                            .first()
                            .map(|m| m.to_usi().to_string())
                            .unwrap_or_default();
                        for rank in 1..=20_000 {
                            say(&format!(
                                "info depth 1 multipv {rank} score cp {rank} pv {pv}"
                            ));
                        }
                        say(&"x".repeat(3 << 20));
                    }
                    _ => {}
                }
                let Some(&first) = moves.first() else {
                    say("bestmove resign");
                    continue;
                };
                for (i, m) in moves.iter().take(multipv.max(1)).enumerate() {
                    let mut after = position.clone();
                    after.play_unchecked(*m);
                    let reply = after.legal_moves().first().map(ToString::to_string);
                    let mut pv = m.to_string();
                    if mode == "illegal-pv" {
                        pv.push_str(" 5e5d");
                    } else if let Some(reply) = reply {
                        pv.push(' ');
                        pv.push_str(&reply);
                    }
                    say(&format!(
                        "info depth 2 seldepth 2 multipv {} score cp {} nodes 10 pv {pv}",
                        i + 1,
                        100 - 10 * i as i32
                    ));
                }
                let mut after = position.clone();
                after.play_unchecked(first);
                let ponder = if mode == "illegal-ponder" {
                    Some("5e5d".to_owned())
                } else {
                    after.legal_moves().first().map(ToString::to_string)
                };
                match ponder {
                    Some(p) => say(&format!("bestmove {first} ponder {p}")),
                    None => say(&format!("bestmove {first}")),
                }
            }
            Some("quit") => break,
            _ => {}
        }
    }
}
