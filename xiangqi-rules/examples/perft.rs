//! Perft speed: counts the leaves of the start position (or a FEN) to a
//! depth, bulk-counted, and prints leaves per second; with `--divide`, the
//! count below each legal move first.
//!
//! ```text
//! cargo run --release -p xiangqi-rules --example perft -- 5
//! cargo run --release -p xiangqi-rules --example perft -- 4 "<fen>" --divide
//! ```

use std::time::Instant;

use xiangqi_rules::{Position, perft, perft_divide};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let divide = args.iter().any(|a| a == "--divide");
    let mut rest = args.iter().filter(|a| *a != "--divide");
    let depth: u32 = rest.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let pos = match rest.next() {
        Some(fen) => match Position::from_fen(fen) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("bad FEN: {e}");
                std::process::exit(2);
            }
        },
        None => Position::startpos(),
    };
    let start = Instant::now();
    let leaves = if divide {
        let counts = perft_divide(&pos, depth);
        for (m, n) in &counts {
            println!("{m}: {n}");
        }
        counts.iter().map(|(_, n)| n).sum()
    } else {
        perft(&pos, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "perft {depth}: {leaves} leaves in {seconds:.3} s, {:.1} M leaves/s",
        leaves as f64 / seconds / 1e6
    );
}
