//! Perft speed: counts the leaves of the start position (or a FEN) to a
//! depth, bulk-counted, and prints leaves per second.
//!
//! ```text
//! cargo run --release -p xiangqi-rules --example perft -- 5
//! cargo run --release -p xiangqi-rules --example perft -- 4 "<fen>"
//! ```

use std::time::Instant;

use xiangqi_rules::{Position, perft};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let pos = match args.next() {
        Some(fen) => match Position::from_fen(&fen) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("bad FEN: {e}");
                std::process::exit(2);
            }
        },
        None => Position::startpos(),
    };
    let start = Instant::now();
    let leaves = perft(&pos, depth);
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "perft {depth}: {leaves} leaves in {seconds:.3} s, {:.1} M leaves/s",
        leaves as f64 / seconds / 1e6
    );
}
