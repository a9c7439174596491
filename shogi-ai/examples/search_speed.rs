//! Measures the search's speed: searches a few positions to a fixed node
//! count and prints nodes per second, depth reached and the best move.
//!
//! `cargo run --release -p shogi-ai --example search_speed [nodes]`

use std::time::Instant;

use shogi_ai::Stop;
use shogi_ai::search::{SearchLimits, Searcher};
use shogi_rules::Position;

const POSITIONS: [&str; 4] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "ln1g3nl/1r1sk1gb1/p1ppppspp/1p4p2/9/2P4P1/PPSPPPP1P/1BK1G2R1/LN1G2SNL b - 21",
    "l6nl/1r1gk1g2/2n1pp1p1/p1pps1s1p/1p4P2/P1PPSP2P/1PS1P1N2/2GK1G3/LN5RL b BPbp 41",
    "ln1g4l/1ks3r2/ppppg1n1p/4spp2/7P1/2PP1PP2/PPS1P1N1P/1KG2S3/LN1G3RL w Bb2p 35",
];

fn main() {
    let nodes: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2_000_000);
    let mut total_nodes = 0;
    let mut total_time = 0.0;
    for sfen in POSITIONS {
        let pos = Position::from_sfen(sfen).expect("a valid SFEN");
        let mut searcher = Searcher::new(16 << 20);
        let limits = SearchLimits {
            nodes: Some(nodes),
            ..SearchLimits::default()
        };
        let start = Instant::now();
        let result = searcher.search(&pos, &[], &limits, &Stop::new(), &mut |_| {});
        let secs = start.elapsed().as_secs_f64();
        total_nodes += result.info.nodes;
        total_time += secs;
        println!(
            "{:>9} nodes {:>7.0} ms {:>9.0} n/s depth {:>2} {:?} best {}",
            result.info.nodes,
            secs * 1e3,
            result.info.nodes as f64 / secs,
            result.info.depth,
            result.info.score,
            result.best.map_or("-".to_string(), |m| m.to_string()),
        );
    }
    println!("overall {:.0} nodes/s", total_nodes as f64 / total_time);
}
