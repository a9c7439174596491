//! Throughput of the move notations: formats every legal move of 1,000
//! positions in each notation, then parses the texts back.
//!
//! ```text
//! cargo run --release -p shogi-rules --example notation_bench -- [--rounds N] [--positions N]
//! ```
//!
//! The positions are taken along deterministic pseudo-random playouts from
//! the start position and from the "matsuri" position (many pieces in hand,
//! promotions), one position every few plies, so openings, middle games with
//! drops and crowded endgames are all represented. Each round times every
//! notation once; the best round is reported, in moves per second and
//! nanoseconds per move.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use shogi_rules::notation::japanese::Mark;
use shogi_rules::notation::{csa, japanese, western};
use shogi_rules::{Move, Position};

const STARTS: [&str; 2] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
];

/// A position to benchmark, its legal moves and the move played before it.
struct Sample {
    pos: Position,
    moves: Vec<Move>,
    previous: Option<Move>,
}

/// xorshift64: reproducible playouts without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        // n is at most a few hundred: the modulo bias is irrelevant here.
        usize::try_from(self.next() % n as u64).unwrap_or(0)
    }
}

fn samples(count: usize) -> Vec<Sample> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = Vec::with_capacity(count);
    'games: for game in 0.. {
        let mut pos =
            Position::from_sfen(STARTS[game % STARTS.len()]).expect("valid start position");
        let mut previous = None;
        for ply in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                continue 'games;
            }
            if ply % 5 == 0 {
                out.push(Sample {
                    pos: pos.clone(),
                    moves: moves.to_vec(),
                    previous,
                });
                if out.len() == count {
                    break 'games;
                }
            }
            let m = moves[rng.below(moves.len())];
            pos.play_unchecked(m);
            previous = Some(m);
        }
    }
    out
}

/// The notations measured, each a formatter and the matching parser.
#[derive(Clone, Copy)]
enum Notation {
    Western,
    Japanese,
    Kif,
    Csa,
}

impl Notation {
    const ALL: [Notation; 4] = [
        Notation::Western,
        Notation::Japanese,
        Notation::Kif,
        Notation::Csa,
    ];

    fn name(self) -> &'static str {
        match self {
            Notation::Western => "western",
            Notation::Japanese => "japanese (KI2)",
            Notation::Kif => "japanese (KIF)",
            Notation::Csa => "csa",
        }
    }

    fn format(self, s: &Sample, m: Move) -> String {
        match self {
            Notation::Western => western::format(&s.pos, m),
            Notation::Japanese => japanese::format(&s.pos, m, s.previous, Mark::Triangle),
            Notation::Kif => japanese::format_kif(m, s.previous),
            Notation::Csa => csa::format(&s.pos, m),
        }
    }

    fn parse(self, s: &Sample, text: &str) -> Option<Move> {
        match self {
            Notation::Western => western::parse(&s.pos, text).ok(),
            Notation::Japanese | Notation::Kif => japanese::parse(&s.pos, text, s.previous).ok(),
            Notation::Csa => csa::parse(&s.pos, text).ok(),
        }
    }
}

fn main() -> ExitCode {
    let mut rounds = 5;
    let mut positions = 1000;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().and_then(|v| v.parse::<usize>().ok());
        match (arg.as_str(), value) {
            ("--rounds", Some(n)) if n > 0 => rounds = n,
            ("--positions", Some(n)) if n > 0 => positions = n,
            _ => {
                eprintln!("usage: notation_bench [--rounds N] [--positions N]");
                return ExitCode::FAILURE;
            }
        }
    }
    let samples = samples(positions);
    let total: usize = samples.iter().map(|s| s.moves.len()).sum();
    println!(
        "{} positions, {total} legal moves, best of {rounds} rounds",
        samples.len()
    );
    println!(
        "{:<16} {:>14} {:>10} {:>14} {:>10}",
        "notation", "format/s", "ns/move", "parse/s", "ns/move"
    );
    for notation in Notation::ALL {
        // Correctness first: every text parses back to its move.
        let texts: Vec<Vec<String>> = samples
            .iter()
            .map(|s| s.moves.iter().map(|&m| notation.format(s, m)).collect())
            .collect();
        for (s, texts) in samples.iter().zip(&texts) {
            for (&m, text) in s.moves.iter().zip(texts) {
                if notation.parse(s, text) != Some(m) {
                    eprintln!(
                        "{}: {text:?} does not parse back to {m} at {}",
                        notation.name(),
                        s.pos
                    );
                    return ExitCode::FAILURE;
                }
            }
        }
        let mut best_format = Duration::MAX;
        let mut best_parse = Duration::MAX;
        for _ in 0..rounds {
            let start = Instant::now();
            for s in &samples {
                for &m in &s.moves {
                    black_box(notation.format(s, black_box(m)));
                }
            }
            best_format = best_format.min(start.elapsed());
            let start = Instant::now();
            for (s, texts) in samples.iter().zip(&texts) {
                for text in texts {
                    black_box(notation.parse(s, black_box(text)));
                }
            }
            best_parse = best_parse.min(start.elapsed());
        }
        let rate = |d: Duration| total as f64 / d.as_secs_f64();
        let ns = |d: Duration| d.as_secs_f64() * 1e9 / total as f64;
        println!(
            "{:<16} {:>14.0} {:>10.1} {:>14.0} {:>10.1}",
            notation.name(),
            rate(best_format),
            ns(best_format),
            rate(best_parse),
            ns(best_parse)
        );
    }
    ExitCode::SUCCESS
}
