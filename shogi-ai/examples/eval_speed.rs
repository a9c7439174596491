//! Times the evaluation and legal move generation on one position.
use std::time::Instant;
fn main() {
    let p = shogi_rules::Position::from_sfen(
        "l6nl/1r1gk1g2/2n1pp1p1/p1pps1s1p/1p4P2/P1PPSP2P/1PS1P1N2/2GK1G3/LN5RL b BPbp 41",
    )
    .unwrap();
    let n = 1_000_000;
    let t = Instant::now();
    let mut s = 0i64;
    for _ in 0..n {
        s += i64::from(shogi_ai::eval::evaluate(std::hint::black_box(&p)));
    }
    println!(
        "evaluate {:.0} ns ({s})",
        t.elapsed().as_nanos() as f64 / n as f64
    );
    let t = Instant::now();
    let mut c = 0usize;
    for _ in 0..n {
        std::hint::black_box(&p).for_each_legal_move(|_| c += 1);
    }
    println!(
        "legal moves {:.0} ns ({c})",
        t.elapsed().as_nanos() as f64 / n as f64
    );
}
