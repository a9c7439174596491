//! Perft benchmark of `shogi-rules` side by side with the `haitaka` crate.
//!
//! Run with
//!
//! ```text
//! cargo run --release -p shogi-bench -- [--rounds N] [--quick]
//! ```
//!
//! Four columns are measured: the start position and the "matsuri" position,
//! each in two modes:
//!
//! * **bulk** — the legal moves at the last ply are counted without being
//!   played (`shogi_rules::perft`; for haitaka the lengths of the
//!   `generate_board_moves` and `generate_drops` move sets are summed);
//! * **leaf** — every leaf move is played (`shogi_rules::perft_full`; for
//!   haitaka the board is cloned and `play_unchecked` is called for every
//!   move, counting 1 at depth 0).
//!
//! Both libraries run in the same process, alternating within every round
//! (which one goes first alternates from round to round). Before any timing,
//! both results are checked against the published node counts; a mismatch
//! aborts the run.

use std::hint::black_box;
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use haitaka::{Board, PieceMoves};
use shogi_rules::Position;

/// SFEN of the "matsuri" position, a standard perft test position with many
/// pieces in hand and promotions.
const MATSURI_SFEN: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

/// Published perft node counts of the start position, indexed by depth.
const STARTPOS_COUNTS: [u64; 6] = [1, 30, 900, 25_470, 719_731, 19_861_490];

/// Published perft node counts of the matsuri position, indexed by depth.
const MATSURI_COUNTS: [u64; 4] = [1, 207, 28_684, 4_809_015];

/// Default number of rounds.
const DEFAULT_ROUNDS: usize = 7;

/// Number of rounds with `--quick`.
const QUICK_ROUNDS: usize = 3;

/// How the last ply is counted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// Count the legal moves at the last ply without playing them.
    Bulk,
    /// Play every leaf move.
    Leaf,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Bulk => "bulk",
            Mode::Leaf => "leaf",
        }
    }
}

/// Which test position a column uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Start {
    Startpos,
    Matsuri,
}

impl Start {
    fn name(self) -> &'static str {
        match self {
            Start::Startpos => "startpos",
            Start::Matsuri => "matsuri",
        }
    }

    fn expected(self, depth: u8) -> u64 {
        let table: &[u64] = match self {
            Start::Startpos => &STARTPOS_COUNTS,
            Start::Matsuri => &MATSURI_COUNTS,
        };
        table[usize::from(depth)]
    }
}

/// One measured column: a position, a depth and a counting mode.
struct Column {
    start: Start,
    depth: u8,
    mode: Mode,
    ours: Position,
    haitaka: Board,
}

impl Column {
    fn label(&self) -> String {
        format!("{} {}", self.start.name(), self.mode.name())
    }

    fn expected(&self) -> u64 {
        self.start.expected(self.depth)
    }
}

/// Command-line options.
struct Options {
    rounds: usize,
    quick: bool,
}

fn usage() -> &'static str {
    "usage: shogi-bench [--rounds N] [--quick]\n\
     \n\
     \x20 --rounds N  number of timed rounds (default 7, or 3 with --quick)\n\
     \x20 --quick     3 rounds at smaller depths (startpos 4, matsuri 2)\n"
}

fn parse_args() -> Result<Options, String> {
    let mut rounds = None;
    let mut quick = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = match arg.as_str() {
            "--quick" => {
                quick = true;
                continue;
            }
            "--help" | "-h" => {
                print!("{}", usage());
                std::process::exit(0);
            }
            "--rounds" => args
                .next()
                .ok_or_else(|| "--rounds needs a value".to_string())?,
            other => match other.strip_prefix("--rounds=") {
                Some(v) => v.to_string(),
                None => return Err(format!("unknown argument `{other}` (see --help)")),
            },
        };
        let n: usize = value
            .parse()
            .map_err(|_| format!("invalid --rounds value `{value}`"))?;
        if n == 0 {
            return Err("--rounds must be at least 1".to_string());
        }
        rounds = Some(n);
    }
    let rounds = rounds.unwrap_or(if quick { QUICK_ROUNDS } else { DEFAULT_ROUNDS });
    Ok(Options { rounds, quick })
}

// ---------------------------------------------------------------------------
// The two libraries.

/// shogi-rules, in the given mode.
fn run_ours(pos: &Position, depth: u8, mode: Mode) -> u64 {
    match mode {
        Mode::Bulk => shogi_rules::perft(pos, u32::from(depth)),
        Mode::Leaf => shogi_rules::perft_full(pos, u32::from(depth)),
    }
}

/// haitaka, in the given mode.
fn run_haitaka(board: &Board, depth: u8, mode: Mode) -> u64 {
    match mode {
        Mode::Bulk => haitaka_bulk(board, depth),
        Mode::Leaf => haitaka_leaf(board, depth),
    }
}

/// haitaka perft with bulk counting at the last ply: the exact number of
/// moves of each generated move set (`into_iter().len()`, which includes the
/// promoting and non-promoting versions) is summed, for board moves and drops.
fn haitaka_bulk(board: &Board, depth: u8) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut nodes = 0u64;
            let mut count = |moves: PieceMoves| {
                nodes += moves.into_iter().len() as u64;
                false
            };
            board.generate_board_moves(&mut count);
            board.generate_drops(&mut count);
            nodes
        }
        _ => {
            let mut nodes = 0u64;
            let mut visit = |moves: PieceMoves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += haitaka_bulk(&child, depth - 1);
                }
                false
            };
            board.generate_board_moves(&mut visit);
            board.generate_drops(&mut visit);
            nodes
        }
    }
}

/// haitaka perft that plays every move down to depth 0 (clone +
/// `play_unchecked`), counting 1 per leaf.
fn haitaka_leaf(board: &Board, depth: u8) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0u64;
    let mut visit = |moves: PieceMoves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += haitaka_leaf(&child, depth - 1);
        }
        false
    };
    board.generate_board_moves(&mut visit);
    board.generate_drops(&mut visit);
    nodes
}

// ---------------------------------------------------------------------------
// Measurement.

/// Which library a measurement belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lib {
    Ours,
    Haitaka,
}

impl Lib {
    fn name(self) -> &'static str {
        match self {
            Lib::Ours => "shogi-rules",
            Lib::Haitaka => "haitaka",
        }
    }
}

/// Runs one perft of `lib` on `col` and returns the node count and wall time.
fn measure(col: &Column, lib: Lib) -> (u64, Duration) {
    let depth = black_box(col.depth);
    let start = Instant::now();
    let nodes = match lib {
        Lib::Ours => run_ours(black_box(&col.ours), depth, col.mode),
        Lib::Haitaka => run_haitaka(black_box(&col.haitaka), depth, col.mode),
    };
    let elapsed = start.elapsed();
    (black_box(nodes), elapsed)
}

/// Summary of the timings of one library on one column.
struct Stats {
    median: Duration,
    min: Duration,
    max: Duration,
}

impl Stats {
    fn new(times: &[Duration]) -> Stats {
        let mut sorted = times.to_vec();
        sorted.sort();
        let n = sorted.len();
        let median = if n % 2 == 1 {
            sorted[n / 2]
        } else {
            (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        };
        Stats {
            median,
            min: sorted[0],
            max: sorted[n - 1],
        }
    }

    /// Million leaves per second at the median time.
    fn mleaves_per_sec(&self, leaves: u64) -> f64 {
        leaves as f64 / self.median.as_secs_f64() / 1e6
    }
}

/// Milliseconds with about three significant digits.
fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms < 1.0 {
        format!("{ms:.3}")
    } else if ms < 10.0 {
        format!("{ms:.2}")
    } else {
        format!("{ms:.1}")
    }
}

// ---------------------------------------------------------------------------
// Environment.

fn command_output(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

fn core_count() -> String {
    command_output("nproc", &[])
        .or_else(|| {
            std::thread::available_parallelism()
                .ok()
                .map(|n| n.to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}

fn rustc_version() -> String {
    command_output("rustc", &["-V"]).unwrap_or_else(|| "unknown (`rustc -V` failed)".to_string())
}

// ---------------------------------------------------------------------------

fn build_columns(quick: bool) -> Result<Vec<Column>, String> {
    let (start_depth, matsuri_depth) = if quick { (4, 2) } else { (5, 3) };
    let mut columns = Vec::new();
    for (start, depth) in [
        (Start::Startpos, start_depth),
        (Start::Matsuri, matsuri_depth),
    ] {
        for mode in [Mode::Bulk, Mode::Leaf] {
            let (ours, haitaka) = match start {
                Start::Startpos => (Position::startpos(), Board::startpos()),
                Start::Matsuri => (
                    Position::from_sfen(MATSURI_SFEN)
                        .map_err(|e| format!("shogi-rules rejects the matsuri SFEN: {e}"))?,
                    Board::from_sfen(MATSURI_SFEN)
                        .map_err(|e| format!("haitaka rejects the matsuri SFEN: {e:?}"))?,
                ),
            };
            columns.push(Column {
                start,
                depth,
                mode,
                ours,
                haitaka,
            });
        }
    }
    Ok(columns)
}

/// Checks both libraries against the published count of every column.
/// These runs double as warm-up.
fn verify(columns: &[Column]) -> Result<(), String> {
    let mut errors = Vec::new();
    for col in columns {
        for lib in [Lib::Ours, Lib::Haitaka] {
            let (nodes, elapsed) = measure(col, lib);
            let expected = col.expected();
            eprintln!(
                "check {:<14} depth {} {:<11} {:>10} nodes ({} ms) {}",
                col.label(),
                col.depth,
                lib.name(),
                nodes,
                ms(elapsed),
                if nodes == expected { "ok" } else { "WRONG" }
            );
            if nodes != expected {
                errors.push(format!(
                    "{} {} depth {}: got {nodes} nodes, published count is {expected}",
                    lib.name(),
                    col.label(),
                    col.depth
                ));
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "node count mismatch, refusing to benchmark a wrong result:\n  {}",
            errors.join("\n  ")
        ))
    }
}

fn run() -> Result<(), String> {
    let opts = parse_args()?;
    if cfg!(debug_assertions) {
        eprintln!(
            "warning: this is a debug build; run with `cargo run --release` for meaningful numbers"
        );
    }
    let columns = build_columns(opts.quick)?;

    println!("# shogi-rules vs haitaka perft");
    println!();
    println!("- cores (nproc): {}", core_count());
    println!("- rustc: {}", rustc_version());
    println!(
        "- build: {}",
        if cfg!(debug_assertions) {
            "debug (numbers are not meaningful)"
        } else {
            "release"
        }
    );
    println!(
        "- haitaka 0.3.2 with default features (none enabled; the optional `qugiy` \
         slider feature exists and is not used, nor is `std`)"
    );
    println!(
        "- haitaka perft as in its examples/perft.rs (drops on): board moves then drops, \
         clone + play_unchecked per move; bulk = sum of move-set lengths at depth 1"
    );
    println!(
        "- rounds: {} ({}), libraries alternate inside each round, first mover alternates per round",
        opts.rounds,
        if opts.quick { "quick" } else { "full" }
    );
    println!();

    verify(&columns)?;

    let mut times: Vec<[Vec<Duration>; 2]> = columns.iter().map(|_| [vec![], vec![]]).collect();
    for round in 0..opts.rounds {
        let order = if round % 2 == 0 {
            [Lib::Ours, Lib::Haitaka]
        } else {
            [Lib::Haitaka, Lib::Ours]
        };
        for (col, col_times) in columns.iter().zip(times.iter_mut()) {
            for lib in order {
                let (nodes, elapsed) = measure(col, lib);
                if nodes != col.expected() {
                    return Err(format!(
                        "{} {} returned {nodes} nodes in round {}, expected {}",
                        lib.name(),
                        col.label(),
                        round + 1,
                        col.expected()
                    ));
                }
                eprintln!(
                    "round {}/{} {:<14} {:<11} {:>9} ms",
                    round + 1,
                    opts.rounds,
                    col.label(),
                    lib.name(),
                    ms(elapsed)
                );
                col_times[lib as usize].push(elapsed);
            }
        }
    }

    println!(
        "| column | depth | leaves | shogi-rules median ms (min..max) | haitaka median ms (min..max) \
         | shogi-rules M leaves/s | haitaka M leaves/s | ours/haitaka |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (col, col_times) in columns.iter().zip(times.iter()) {
        let ours = Stats::new(&col_times[Lib::Ours as usize]);
        let theirs = Stats::new(&col_times[Lib::Haitaka as usize]);
        let leaves = col.expected();
        let ours_rate = ours.mleaves_per_sec(leaves);
        let theirs_rate = theirs.mleaves_per_sec(leaves);
        println!(
            "| {} | {} | {} | {} ({}..{}) | {} ({}..{}) | {:.1} | {:.1} | {:.2} |",
            col.label(),
            col.depth,
            leaves,
            ms(ours.median),
            ms(ours.min),
            ms(ours.max),
            ms(theirs.median),
            ms(theirs.min),
            ms(theirs.max),
            ours_rate,
            theirs_rate,
            ours_rate / theirs_rate
        );
    }
    println!();
    println!(
        "ours/haitaka is the throughput ratio at the medians: above 1 means shogi-rules is faster."
    );
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::FAILURE
        }
    }
}
