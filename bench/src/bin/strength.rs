//! The strength of the built-in opponent: matches between its levels, a
//! seeded random mover and Fairy-Stockfish at a fixed depth, with W/D/L,
//! score, Elo difference (95% interval), time and nodes per move, and the
//! peak memory of each level.
//!
//! ```text
//! cargo build --release -p shogi-cli      # the `shogi` program, for --memory
//! cargo run --release -p shogi-bench --bin strength -- \
//!     --pair easy:random --pair normal:easy --pair hard:normal --pair hard:fs1 \
//!     --games 100 --threads 2 [--seed 1] [--opening-plies 4] [--max-plies 256] \
//!     [--memory] [--markdown]
//! ```
//!
//! A player is `easy`, `normal` or `hard` (the built-in levels), `s1` to
//! `s10` (the built-in strengths), `random` (a uniformly random legal mover
//! following the seed) or `fsN` (Fairy-Stockfish with `go depth N`, through
//! the `shogi-usi` client; `$FAIRY_STOCKFISH` or `fairy-stockfish` on the
//! `PATH` or in `/usr/games`). The built-in players run in this process
//! (no USI in between), each move within its level's budget. Colours
//! alternate; each opening (`--opening-plies` random legal plies from the
//! seed) is played once with each colour. The ply cap is a draw;
//! repetition, perpetual check and impasse are the rules' (`Game`).
//! Progress goes to standard error, the tables to standard output.
//!
//! `--memory` also measures the peak memory of each level: one `shogi
//! engine` process per level plays `--memory-plies` moves at 1 s a move,
//! and its peak resident set size (`VmHWM` of `/proc/<pid>/status`) less that
//! of an idle `shogi engine` (after `usi` and `isready`) is reported. The
//! `shogi` program is looked for beside this one (`--shogi` names another).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Parser;
use shogi_bench::engine::fairy_stockfish;
use shogi_bench::strength::arena::{self, ArenaSettings, GameResult};
use shogi_bench::strength::memory::level_peak_kib;
use shogi_bench::strength::players::Spec;
use shogi_bench::strength::report;

/// Strength matches of the built-in opponent.
#[derive(Debug, Parser)]
#[command(name = "strength", max_term_width = 100)]
struct Args {
    /// A pairing FIRST:SECOND (easy, normal, hard, s1..s10, random, fsN);
    /// repeatable.
    #[arg(long = "pair", value_name = "A:B", required = true, value_parser = parse_pair)]
    pairs: Vec<(Spec, Spec)>,
    /// Games per pairing (even numbers play every opening with both colours).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Games played at once.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
    /// The seed of the openings and the players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random legal plies of each opening.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=40))]
    opening_plies: u32,
    /// The ply cap after the opening: a game reaching it is a draw.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=2000))]
    max_plies: u32,
    /// Also print the tables as markdown (for BENCHMARKS.md).
    #[arg(long)]
    markdown: bool,
    /// Also measure each level's peak memory with `shogi engine` processes.
    #[arg(long)]
    memory: bool,
    /// Moves each level plays for --memory.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=200))]
    memory_plies: u32,
    /// The `shogi` program for --memory (default: beside this program).
    #[arg(long, value_name = "PATH")]
    shogi: Option<PathBuf>,
}

/// `A:B`.
fn parse_pair(text: &str) -> Result<(Spec, Spec), String> {
    let (a, b) = text
        .split_once(':')
        .ok_or_else(|| "expected FIRST:SECOND, as hard:normal".to_string())?;
    Ok((
        a.parse().map_err(|e| format!("{e}"))?,
        b.parse().map_err(|e| format!("{e}"))?,
    ))
}

fn main() -> ExitCode {
    let args = Args::parse();
    let settings = ArenaSettings {
        games: args.games,
        threads: usize::try_from(args.threads).unwrap_or(1),
        seed: args.seed,
        opening_plies: args.opening_plies,
        max_plies: args.max_plies,
        fairy: fairy_stockfish(),
    };
    let total = args.pairs.len() * usize::try_from(args.games).unwrap_or(0);
    let done = AtomicUsize::new(0);
    let pairs = args.pairs.clone();
    let progress = |r: &GameResult| {
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        let (a, b) = pairs[r.pair];
        let (sente, gote) = if r.first_is_sente { (a, b) } else { (b, a) };
        let winner = match r.winner {
            Some(shogi_rules::Color::Sente) => sente.to_string(),
            Some(shogi_rules::Color::Gote) => gote.to_string(),
            None => "draw".to_string(),
        };
        let error = r
            .error
            .as_deref()
            .map(|e| format!(" ({e})"))
            .unwrap_or_default();
        eprintln!(
            "[{n}/{total}] {sente} vs {gote}, game {}: {winner} by {} after {} plies{error}",
            r.game + 1,
            r.termination.as_str(),
            r.plies
        );
    };
    let results = match arena::run(&args.pairs, &settings, &progress) {
        Ok(results) => results,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let pair_rows = report::pair_rows(&args.pairs, &results);
    let cost_rows = report::cost_rows(&args.pairs, &results);
    println!(
        "{} games per pairing, {} opening plies, ply cap {}, seed {}\n",
        args.games, args.opening_plies, args.max_plies, args.seed
    );
    print!("{}", report::pair_table(&pair_rows));
    println!();
    print!("{}", report::cost_table(&cost_rows));
    let mut memory = Vec::new();
    if args.memory {
        let shogi = args.shogi.clone().or_else(|| {
            std::env::current_exe()
                .ok()
                .and_then(|p| p.parent().map(|d| d.join("shogi")))
        });
        let Some(shogi) = shogi.filter(|p| p.is_file()) else {
            eprintln!(
                "error: no shogi program beside this one (cargo build --release -p shogi-cli, or --shogi PATH)"
            );
            return ExitCode::FAILURE;
        };
        println!("\nlevel      peak memory over an idle engine");
        for level in ["easy", "normal", "hard"] {
            eprintln!("memory: {level}");
            match level_peak_kib(&shogi, level, args.memory_plies, 1000) {
                Ok(kib) => {
                    #[allow(clippy::cast_precision_loss)]
                    let mib = kib as f64 / 1024.0;
                    println!("{level:<10} {mib:>8.1} MiB");
                    memory.push((level.to_string(), mib));
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    if args.markdown {
        println!("\n{}", report::markdown(&pair_rows, &cost_rows, &memory));
    }
    ExitCode::SUCCESS
}
