//! xiangqi-rules against Fairy-Stockfish (`UCI_Variant xiangqi`): the legal
//! moves and perft counts of the start position, the positions of
//! `perft.json` and 1,000 positions of seeded random games must be the
//! engine's.
//!
//! Fairy-Stockfish comes from Debian's package (`scripts/install-engines.sh`,
//! run by `make test`). Without it the test says so and passes, unless
//! `REQUIRE_ENGINES` is set, as `make test` sets it: then it fails.

use std::collections::BTreeMap;
use std::time::Instant;

use shogi_bench::engine::{XiangqiOracle, fairy_stockfish};
use xiangqi_rules::{Move, Position, perft};

/// The number of random positions compared.
const RANDOM_POSITIONS: usize = 1_000;

/// A move in the engine's UCI form: ranks 1–10 where ICCS counts 0–9.
fn uci(m: Move) -> String {
    let square =
        |s: xiangqi_rules::Square| format!("{}{}", char::from(b'a' + s.file()), s.rank() + 1);
    format!("{}{}", square(m.from), square(m.to))
}

/// The FENs of `perft.json` (a `"fen": "..."` entry per position).
fn perft_json_fens() -> Vec<String> {
    let text = include_str!("../../xiangqi-rules/tests/data/perft.json");
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("\"fen\": \""))
        .map(|l| l.trim_end_matches(',').trim_end_matches('"').to_owned())
        .collect()
}

/// Positions of seeded random games: one per game, after 0 to 199 random
/// plies (or where the game had no legal move left).
fn random_positions(count: usize) -> Vec<Position> {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|_| {
            let mut pos = Position::startpos();
            let plies = next() % 200;
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(next() % moves.len() as u64) as usize];
                pos.play(m).expect("a generated move is legal");
            }
            pos
        })
        .collect()
}

#[test]
fn legal_moves_and_perft_agree_with_fairy_stockfish() {
    let Some(program) = fairy_stockfish() else {
        assert!(
            std::env::var_os("REQUIRE_ENGINES").is_none(),
            "REQUIRE_ENGINES is set but Fairy-Stockfish was not found (run scripts/install-engines.sh)"
        );
        eprintln!(
            "Fairy-Stockfish not found: not compared (scripts/install-engines.sh installs it)"
        );
        return;
    };
    let mut oracle = XiangqiOracle::start(&program).expect("Fairy-Stockfish starts");
    let fens = perft_json_fens();
    assert!(fens.len() >= 20, "perft.json gave {} positions", fens.len());
    let mut positions: Vec<Position> = fens
        .iter()
        .map(|f| Position::from_fen(f).unwrap_or_else(|e| panic!("{f}: {e}")))
        .collect();
    positions.extend(random_positions(RANDOM_POSITIONS));
    let started = Instant::now();
    let mut leaves = 0;
    for (i, pos) in positions.iter().enumerate() {
        let fen = pos.to_fen();
        // The legal moves: the engine's perft 1 lists them.
        let (theirs, total) = oracle.perft(&fen, 1).expect("perft 1");
        let theirs: Vec<String> = {
            let mut v: Vec<String> = theirs.into_iter().map(|(m, _)| m).collect();
            v.sort();
            v
        };
        let mut ours: Vec<String> = pos.legal_moves().iter().map(|&m| uci(m)).collect();
        ours.sort();
        assert_eq!(ours, theirs, "legal moves of {fen}");
        assert_eq!(total, ours.len() as u64, "perft 1 of {fen}");
        // Deeper counts, divided by root move: every position to depth 2, every
        // tenth to depth 3.
        let depth = if i % 10 == 0 { 3 } else { 2 };
        let (divided, total) = oracle.perft(&fen, depth).expect("perft");
        let theirs: BTreeMap<String, u64> = divided.into_iter().collect();
        let ours: BTreeMap<String, u64> = xiangqi_rules::perft_divide(pos, depth)
            .into_iter()
            .map(|(m, n)| (uci(m), n))
            .collect();
        assert_eq!(ours, theirs, "perft {depth} divided, {fen}");
        assert_eq!(perft(pos, depth), total, "perft {depth} of {fen}");
        leaves += total;
    }
    eprintln!(
        "{} positions ({} random) agree with Fairy-Stockfish ({leaves} leaves compared) in {:.1} s",
        positions.len(),
        RANDOM_POSITIONS,
        started.elapsed().as_secs_f64()
    );
}
