//! Perft counts: the start position's published counts, and every position
//! of `tests/data/perft.json` (see `tests/data/PROVENANCE.md`) at the
//! depths that finish quickly in a debug build. The deep counts are left out
//! of a plain `cargo test` (each says why and how long it takes where it is
//! declared); `make test` runs them in release.

use xiangqi_rules::{Position, perft, perft_divide};

/// The leaves a debug-build test counts per position: every depth whose
/// count is at most this runs by default.
const DEBUG_LEAF_BUDGET: u64 = 3_500_000;

struct Case {
    name: String,
    fen: String,
    /// (depth, count), shallowest first.
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.json");
    let json: serde_json::Value = serde_json::from_str(text).expect("perft.json is JSON");
    let positions = json["positions"]
        .as_array()
        .expect("perft.json has positions");
    assert_eq!(positions.len(), 24, "perft.json should hold 24 positions");
    positions
        .iter()
        .map(|p| {
            let name = p["name"].as_str().expect("a name").to_owned();
            let fen = p["fen"].as_str().expect("a fen").to_owned();
            let table = p["fairy_stockfish_11_1"]
                .as_object()
                .unwrap_or_else(|| panic!("{name}: no counts"));
            let mut counts: Vec<(u32, u64)> = table
                .iter()
                .map(|(d, n)| (d.parse().expect("a depth"), n.as_u64().expect("a count")))
                .collect();
            counts.sort_unstable();
            assert!(!counts.is_empty(), "{name}: no counts");
            Case { name, fen, counts }
        })
        .collect()
}

fn check(filter: impl Fn(u32, u64) -> bool) -> usize {
    let mut checked = 0;
    for case in cases() {
        let pos = Position::from_fen(&case.fen)
            .unwrap_or_else(|e| panic!("{}: {} does not load: {e}", case.name, case.fen));
        for &(depth, expected) in &case.counts {
            if filter(depth, expected) {
                assert_eq!(perft(&pos, depth), expected, "{} depth {depth}", case.name);
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn start_position_published_counts_to_depth_4() {
    let start = Position::startpos();
    assert_eq!(perft(&start, 1), 44);
    assert_eq!(perft(&start, 2), 1_920);
    assert_eq!(perft(&start, 3), 79_666);
    assert_eq!(perft(&start, 4), 3_290_240);
}

#[test]
#[ignore = "takes ~25 s in debug; run with --release (~1.5 s)"]
fn start_position_depth_5() {
    assert_eq!(perft(&Position::startpos(), 5), 133_312_995);
}

#[test]
fn every_position_at_shallow_depths() {
    let checked = check(|depth, n| depth == 1 || n <= DEBUG_LEAF_BUDGET);
    // Every position has at least depths 1 to 3 under the budget.
    assert!(checked >= 24 * 3, "only {checked} counts checked");
}

#[test]
#[ignore = "counts up to 518 M leaves, ~10 min in debug; run with --release (~25 s)"]
fn every_position_at_every_depth() {
    check(|_, _| true);
}

#[test]
fn divide_sums_to_perft() {
    let pos = Position::from_fen(
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    )
    .unwrap();
    let divide = perft_divide(&pos, 3);
    assert_eq!(divide.len(), 38);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 43_929);
}
