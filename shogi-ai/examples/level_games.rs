//! Plays games between two levels and prints the results and the time each
//! level spends per move.
//!
//! `cargo run --release -p shogi-ai --example level_games [games] [strong] [weak]`
//! (strengths 1–10; defaults: 4 games, Hard against Easy). Each pair of
//! games starts from two opening moves of its own, each player taking each
//! side once.

use std::time::{Duration, Instant};

use shogi_ai::Stop;
use shogi_ai::level::{Player, Strength};
use shogi_ai::search::SearchLimits;
use shogi_rules::{Color, Game};

/// Games longer than this are counted as draws.
const MAX_PLIES: usize = 320;

fn arg(n: usize, default: u32) -> u32 {
    std::env::args()
        .nth(n)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let games = arg(1, 4);
    let strong = Strength::new(arg(2, 10)).expect("a strength from 1 to 10");
    let weak = Strength::new(arg(3, 2)).expect("a strength from 1 to 10");
    let mut wins = [0u32; 3];
    let mut time = [Duration::ZERO; 2];
    let mut max = [Duration::ZERO; 2];
    let mut moves = [0u32; 2];
    for g in 0..games {
        let mut players = [
            Player::new(strong, u64::from(g)),
            Player::new(weak, u64::from(g) + 1000),
        ];
        // The strong player takes Sente in even games.
        let strong_color = if g % 2 == 0 {
            Color::Sente
        } else {
            Color::Gote
        };
        let mut game = Game::new();
        // Each pair of games starts from its own two opening moves.
        let pair = u64::from(g / 2);
        for k in 0..2u64 {
            let moves = game.legal_moves();
            let pick = (pair.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (8 * k)) as usize % moves.len();
            game.play(moves.as_slice()[pick]).expect("a legal move");
        }
        let stop = Stop::new();
        while game.outcome().is_none() && game.history().len() < MAX_PLIES {
            let i = usize::from(game.position().turn() != strong_color);
            let start = Instant::now();
            let choice = players[i]
                .choose(&game, &SearchLimits::default(), &stop)
                .expect("a move in a game in progress");
            let spent = start.elapsed();
            time[i] += spent;
            max[i] = max[i].max(spent);
            moves[i] += 1;
            if std::env::var_os("VERBOSE").is_some() {
                println!(
                    "{:>3} {} {:<6} {:?} {} nodes",
                    game.history().len() + 1,
                    if i == 0 { "strong" } else { "weak  " },
                    choice.mv.to_string(),
                    choice.score,
                    choice.nodes
                );
            }
            game.play(choice.mv).expect("a legal move");
        }
        let result = match game.outcome().and_then(|o| o.winner) {
            Some(c) if c == strong_color => 0,
            Some(_) => 1,
            None => 2,
        };
        wins[result] += 1;
        println!(
            "game {g}: {} plies, {}",
            game.history().len(),
            ["strong wins", "weak wins", "draw"][result]
        );
    }
    println!(
        "strength {} against {}: {} wins, {} losses, {} draws",
        strong.get(),
        weak.get(),
        wins[0],
        wins[1],
        wins[2]
    );
    for (i, s) in [strong, weak].iter().enumerate() {
        println!(
            "strength {}: {:.1} ms per move on average, {:.1} ms at most ({} moves)",
            s.get(),
            time[i].as_secs_f64() * 1e3 / f64::from(moves[i].max(1)),
            max[i].as_secs_f64() * 1e3,
            moves[i]
        );
    }
}
