//! Reads PGN files and prints how many games each holds, or the error.
//!
//! `cargo run -p xiangqi-rules --example pgn_check -- FILE...`

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                println!("{path}: {e}");
                continue;
            }
        };
        match xiangqi_rules::record::read_pgn_bytes(&bytes) {
            Ok(games) => {
                let plies: usize = games.iter().map(|g| g.node_count() - 1).sum();
                println!("{path}: {} games, {plies} moves", games.len());
            }
            Err(e) => println!("{path}: ERROR {e}"),
        }
    }
}
