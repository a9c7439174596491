//! Many games in play at once, as in a search or a batch of self-play games:
//! 1,000 games, each at its own position (from deterministic random playouts),
//! push and pop every legal move of their position, one game after another.
//! Each game's data is out of cache when its turn comes, so this measures
//! what a game touches per move as much as what it computes.
//!
//! ```text
//! cargo run --release -p shogi-bench --bin many_games [-- --rounds N]
//! ```
//!
//! Prints the median time per push+pop pair over the rounds.

use std::hint::black_box;
use std::time::Instant;

use shogi_rules::{Game, Move, Position, RuleSet};

/// `count` positions reached by pseudo-random playouts (fixed seeds) of 10 to
/// 129 plies, each with its legal moves; playouts that end early are skipped.
fn positions(count: usize) -> Vec<(Position, Vec<Move>)> {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let plies = 10 + next() % 120;
        let mut pos = Position::startpos();
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos.play_unchecked(legal[(next() % legal.len() as u64) as usize]);
        }
        let legal = pos.legal_moves().as_slice().to_vec();
        if !legal.is_empty() {
            out.push((pos, legal));
        }
    }
    out
}

fn main() {
    let rounds: usize = std::env::args()
        .skip_while(|a| a != "--rounds")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(15)
        .max(1);
    let mut rules = RuleSet::site();
    rules.clock = None;
    let mut work: Vec<(Game, Vec<Move>)> = positions(1000)
        .into_iter()
        .map(|(pos, moves)| (Game::from_position(pos, rules), moves))
        .collect();
    let pairs: usize = work.iter().map(|(_, moves)| moves.len()).sum();
    let mut per_pair = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let start = Instant::now();
        for (game, moves) in &mut work {
            for &m in moves.iter() {
                black_box(game.play(m).expect("a legal move of a running game"));
                black_box(game.undo().expect("the move just played"));
            }
        }
        per_pair.push(start.elapsed().as_secs_f64() * 1e9 / pairs as f64);
    }
    per_pair.sort_by(f64::total_cmp);
    println!(
        "{} games, {pairs} legal moves; push+pop per pair: median {:.0} ns (min {:.0}, max {:.0}) over {rounds} rounds",
        work.len(),
        per_pair[per_pair.len() / 2],
        per_pair[0],
        per_pair[per_pair.len() - 1]
    );
}
