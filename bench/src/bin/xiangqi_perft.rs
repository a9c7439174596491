//! Perft of `xiangqi-rules` side by side with Fairy-Stockfish (`go perft`
//! over UCI, `UCI_Variant xiangqi`) and the `chessai` crate.
//!
//! ```text
//! cargo run --release -p shogi-bench --bin xiangqi_perft [-- --rounds N]
//! ```
//!
//! Two positions: the start position to depth 5 (133,312,995 leaves) and
//! the Chess Programming Wiki's second position to depth 5 (53,112,976).
//! Every library counts the leaves in bulk at the last ply (the length of the
//! legal move list): `xiangqi_rules::perft`; Fairy-Stockfish's own `go perft`
//! (timed from the command to its total, the process started beforehand);
//! for `chessai`, whose move generator is private, the same recursion over
//! its public `Engine::legal_moves`, `make_move` and `undo_move`. Each round
//! runs all three in turn (the first rotates); the table gives the median
//! throughput and the median over rounds of our ratio to each within the
//! round. Counts are checked before timing: a mismatch aborts the run.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use shogi_bench::engine::{XiangqiOracle, fairy_stockfish};
use xiangqi_rules::{Position, perft};

/// The positions: name, FEN, depth and published leaf count.
const POSITIONS: [(&str, &str, u32, u64); 2] = [
    (
        "start",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        5,
        133_312_995,
    ),
    (
        "cpw-2",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        5,
        53_112_976,
    ),
];

/// Perft through `chessai`'s public API, bulk at the last ply.
fn chessai_perft(engine: &mut chessai::Engine, depth: u32) -> u64 {
    let moves = engine.legal_moves();
    if depth <= 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for m in moves {
        if engine.make_move(m) {
            nodes += chessai_perft(engine, depth - 1);
            engine.undo_move();
        }
    }
    nodes
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let rounds = args
        .iter()
        .position(|a| a == "--rounds")
        .and_then(|i| args.get(i + 1))
        .and_then(|r| r.parse().ok())
        .unwrap_or(3usize);
    let Some(program) = fairy_stockfish() else {
        eprintln!("Fairy-Stockfish not found (scripts/install-engines.sh installs it)");
        return ExitCode::FAILURE;
    };
    let mut oracle = match XiangqiOracle::start(&program) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "| position | depth | leaves | xiangqi-rules | Fairy-Stockfish | chessai | ours / Fairy-Stockfish | ours / chessai |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (name, fen, depth, expected) in POSITIONS {
        let pos = Position::from_fen(fen).expect("the FEN is valid");
        let mut engine = chessai::Engine::builder()
            .use_book(false)
            .hash_size(1)
            .build();
        engine.set_fen(fen).expect("chessai reads the FEN");
        // [ours, Fairy-Stockfish, chessai]: seconds per round.
        let mut times: [Vec<f64>; 3] = [Vec::new(), Vec::new(), Vec::new()];
        for round in 0..=rounds {
            for k in 0..3 {
                let which = (k + round) % 3;
                let started = Instant::now();
                let count = match which {
                    0 => perft(&pos, depth),
                    1 => match oracle.perft(fen, depth) {
                        Ok((_, total)) => total,
                        Err(e) => {
                            eprintln!("{e}");
                            return ExitCode::FAILURE;
                        }
                    },
                    _ => chessai_perft(&mut engine, depth),
                };
                let spent = started.elapsed();
                if count != expected {
                    eprintln!(
                        "{name}: library {which} counted {count} leaves at depth {depth}, published {expected}"
                    );
                    return ExitCode::FAILURE;
                }
                // Round 0 warms up and checks; it is not timed.
                if round > 0 {
                    times[which].push(spent.max(Duration::from_nanos(1)).as_secs_f64());
                }
            }
            eprintln!("  {name}: round {round} of {rounds} done");
        }
        let ratios = |other: usize| {
            let mut r: Vec<f64> = times[other]
                .iter()
                .zip(&times[0])
                .map(|(t, o)| t / o)
                .collect();
            median(&mut r)
        };
        let (vs_fs, vs_chessai) = (ratios(1), ratios(2));
        let rate = |k: usize| expected as f64 / median(&mut times[k].clone()) / 1e6;
        println!(
            "| {name} | {depth} | {expected} | {:.1} M/s | {:.1} M/s | {:.1} M/s | **{vs_fs:.1}×** | **{vs_chessai:.1}×** |",
            rate(0),
            rate(1),
            rate(2)
        );
    }
    ExitCode::SUCCESS
}
