//! Runs shogi-ai's checkmate solver on a problem set and prints one JSON
//! line per problem.
//!
//! ```text
//! cargo run --release -p shogi-bench --bin mate -- [FILE] [--nodes N] [--mate1] [--repeat N]
//! ```
//!
//! `FILE` holds one SFEN per line (`#` starts a comment); it defaults to
//! `bench/data/mate/problems.sfen`. For each problem the solver runs with a
//! budget of `--nodes` positions (default 100000) and the line gives
//! `index`, `answer` (`mate`, `nomate` or `unknown`), `plies` (the mate's
//! length), `nodes`, `seconds` and `pv` (USI moves). With `--mate1` it
//! times `mate_in_one` instead: the mean of `--repeat` calls in a loop
//! (default 200) per problem, in `ns`, and the move found.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use shogi_ai::Stop;
use shogi_ai::mate::{MateAnswer, MateLimits, mate_in_one, solve_mate};
use shogi_rules::Position;

fn main() -> ExitCode {
    let mut file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/mate/problems.sfen");
    let mut nodes: u64 = 100_000;
    let mut mate1 = false;
    let mut repeat: u32 = 200;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--nodes" => match args.next().and_then(|v| v.parse().ok()) {
                Some(v) => nodes = v,
                None => return usage(),
            },
            "--repeat" => match args.next().and_then(|v| v.parse().ok()) {
                Some(v) => repeat = v,
                None => return usage(),
            },
            "--mate1" => mate1 = true,
            other if !other.starts_with("--") => file = PathBuf::from(other),
            _ => return usage(),
        }
    }
    let text = match std::fs::read_to_string(&file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("mate: {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
    let problems = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    for (index, sfen) in problems.enumerate() {
        let pos = match Position::from_sfen(sfen) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("mate: problem {index}: {e}");
                return ExitCode::FAILURE;
            }
        };
        if mate1 {
            let mut found = None;
            let start = Instant::now();
            for _ in 0..repeat.max(1) {
                found = std::hint::black_box(mate_in_one(std::hint::black_box(&pos)));
            }
            let best = start.elapsed() / repeat.max(1);
            let mv = found.map_or("null".to_string(), |m| format!("\"{m}\""));
            println!(
                "{{\"index\":{index},\"mate\":{mv},\"ns\":{}}}",
                best.as_nanos()
            );
            continue;
        }
        let limits = MateLimits {
            nodes: Some(nodes),
            ..MateLimits::default()
        };
        let report = match solve_mate(&pos, &limits, &Stop::new()) {
            Ok(report) => report,
            Err(e) => {
                eprintln!("mate: problem {index}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let (answer, pv) = match &report.answer {
            MateAnswer::Mate(line) => (
                "mate",
                line.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            MateAnswer::NoMate => ("nomate", String::new()),
            MateAnswer::Unknown(_) => ("unknown", String::new()),
        };
        let plies = match &report.answer {
            MateAnswer::Mate(line) => line.len(),
            _ => 0,
        };
        println!(
            "{{\"index\":{index},\"answer\":\"{answer}\",\"plies\":{plies},\"nodes\":{},\"seconds\":{:.9},\"pv\":\"{pv}\"}}",
            report.nodes,
            report.elapsed.as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: mate [FILE] [--nodes N] [--mate1] [--repeat N]");
    ExitCode::FAILURE
}
