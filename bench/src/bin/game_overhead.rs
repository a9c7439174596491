//! Cost of adjudication: a 400-ply game played through `Game` (legality,
//! history, repetition map, end-of-game checks after every move) against
//! the same moves played on a bare `Position` (legality checked too).
//!
//! ```text
//! cargo run --release -p shogi-bench --bin game_overhead [-- --rounds N]
//! ```
//!
//! Prints the median time per game of each, the ratio game / bare of those
//! medians, and the median and quartiles of the ratios of single rounds
//! (each round times both sides back to back).

use std::hint::black_box;
use std::time::{Duration, Instant};

use shogi_rules::{Game, Move, Position, RuleSet};

/// A deterministic 400-ply game: a pseudo-random playout (fixed seeds) that
/// does not end before its 400th move under the site rules.
fn four_hundred_plies() -> Vec<Move> {
    let mut rules = RuleSet::site();
    rules.clock = None;
    for seed in 1u64.. {
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut game = Game::from_position(Position::startpos(), rules);
        let mut moves = Vec::with_capacity(400);
        while moves.len() < 400 {
            let legal = game.position().legal_moves();
            if legal.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let m = legal[(state % legal.len() as u64) as usize];
            match game.play(m) {
                Ok(None) => moves.push(m),
                Ok(Some(_)) if moves.len() == 399 => {
                    moves.push(m);
                }
                _ => break,
            }
        }
        if moves.len() == 400 {
            return moves;
        }
    }
    unreachable!("some seed gives a 400-ply game")
}

fn bare(moves: &[Move]) -> Position {
    let mut pos = Position::startpos();
    for &m in moves {
        pos.play(m).expect("the moves are legal");
    }
    pos
}

fn adjudicated(moves: &[Move], rules: RuleSet) -> Game {
    let mut game = Game::from_position(Position::startpos(), rules);
    for &m in moves {
        game.play(m).expect("the moves are legal and the game runs");
    }
    game
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let rounds: usize = std::env::args()
        .skip_while(|a| a != "--rounds")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(61)
        .max(1);
    let moves = four_hundred_plies();
    // `--only bare|game` runs one side alone (for instruction counting).
    let only = std::env::args().skip_while(|a| a != "--only").nth(1);
    if let Some(only) = only {
        let mut rules = RuleSet::site();
        rules.clock = None;
        let iterations: usize = std::env::var("GAME_OVERHEAD_ITERATIONS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(1000);
        for _ in 0..iterations {
            match only.as_str() {
                "bare" => drop(black_box(bare(black_box(&moves)))),
                _ => drop(black_box(adjudicated(black_box(&moves), rules))),
            }
        }
        return;
    }
    let mut rules = RuleSet::site();
    rules.clock = None;
    let game = adjudicated(&moves, rules);
    println!(
        "game: 400 plies, ends by {:?}",
        game.outcome().map(|o| o.termination)
    );
    const GAMES: u32 = 50;
    let (mut bare_times, mut game_times) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        let mut run_bare = || {
            let t = Instant::now();
            for _ in 0..GAMES {
                black_box(bare(black_box(&moves)));
            }
            bare_times.push(t.elapsed() / GAMES);
        };
        let run_game = |times: &mut Vec<Duration>| {
            let t = Instant::now();
            for _ in 0..GAMES {
                black_box(adjudicated(black_box(&moves), rules));
            }
            times.push(t.elapsed() / GAMES);
        };
        if round % 2 == 0 {
            run_bare();
            run_game(&mut game_times);
        } else {
            run_game(&mut game_times);
            run_bare();
        }
    }
    let (b, g) = (median(bare_times.clone()), median(game_times.clone()));
    println!("| | median per 400-ply game | per ply |");
    println!("|---|---:|---:|");
    println!(
        "| bare Position::play | {:.1} µs | {:.0} ns |",
        b.as_secs_f64() * 1e6,
        b.as_secs_f64() * 1e9 / 400.0
    );
    println!(
        "| Game::play (adjudicated) | {:.1} µs | {:.0} ns |",
        g.as_secs_f64() * 1e6,
        g.as_secs_f64() * 1e9 / 400.0
    );
    // Each round times both sides back to back, so the ratio of a round is
    // little affected by load that changes between rounds; the median of
    // those ratios is the figure to compare with the target.
    let mut ratios: Vec<f64> = game_times
        .iter()
        .zip(&bare_times)
        .map(|(g, b)| g.as_secs_f64() / b.as_secs_f64())
        .collect();
    ratios.sort_by(f64::total_cmp);
    println!(
        "ratio game / bare: {:.2} of the medians; per round: median {:.2}, quartiles {:.2}..{:.2} \
         (rounds: {rounds}, {GAMES} games each)",
        g.as_secs_f64() / b.as_secs_f64(),
        ratios[ratios.len() / 2],
        ratios[ratios.len() / 4],
        ratios[ratios.len() * 3 / 4],
    );
}
