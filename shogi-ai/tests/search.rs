//! The alpha-beta search: mates, material, limits, stopping, repetition and
//! stack use.

use std::time::{Duration, Instant};

use shogi_ai::Stop;
use shogi_ai::search::{MAX_PLY, Score, SearchLimits, SearchResult, Searcher};
use shogi_rules::{Move, Position, Role};

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).expect("a valid SFEN")
}

fn search(pos: &Position, history: &[u64], limits: SearchLimits) -> SearchResult {
    Searcher::new(1 << 20).search(pos, history, &limits, &Stop::new(), &mut |_| {})
}

fn depth(d: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(d),
        ..SearchLimits::default()
    }
}

/// Whether every reply of the defender to the attacker's move `m` in `pos`
/// can be met by a checkmating move: `m` forces mate in three plies.
fn forces_mate_in_three(pos: &Position, m: Move) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let replies = after.legal_moves();
    !replies.is_empty()
        && replies.into_iter().all(|r| {
            let mut next = after.clone();
            next.play_unchecked(r);
            next.legal_moves().into_iter().any(|k| {
                let mut last = next.clone();
                last.play_unchecked(k);
                last.is_checkmate()
            })
        })
}

#[test]
fn finds_a_mate_in_one() {
    let p = pos("7kl/9/7PP/9/9/9/9/9/K8 b GG 1");
    let result = search(&p, &[], depth(3));
    assert_eq!(result.info.score, Score::Mate(1));
    let mut after = p.clone();
    after.play_unchecked(result.best.unwrap());
    assert!(after.is_checkmate());
}

#[test]
fn finds_a_mate_in_three() {
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b RGG 1");
    assert!(shogi_ai::mate::mate_in_one(&p).is_none());
    let result = search(&p, &[], depth(5));
    assert_eq!(result.info.score, Score::Mate(3));
    let best = result.best.unwrap();
    assert!(forces_mate_in_three(&p, best), "{best}");
    assert_eq!(result.info.pv.len(), 3);
}

#[test]
fn the_mated_side_sees_its_mate_coming() {
    // Gote cannot stop G*5b.
    let p = pos("4k4/9/4P4/9/9/9/9/9/4K4 w G 1");
    let result = search(&p, &[], depth(4));
    assert!(
        matches!(result.info.score, Score::Mate(n) if n < 0) || result.info.score.rank() < -500,
        "{:?}",
        result.info.score
    );
}

#[test]
fn takes_a_hanging_rook() {
    let p = pos("4k4/9/9/9/9/4r4/4P4/9/4K4 b - 1");
    let result = search(&p, &[], depth(4));
    let best = result.best.unwrap();
    assert_eq!(best.capture(), Some(Role::Rook), "{best}");
}

#[test]
fn does_not_leave_its_rook_hanging() {
    // The silver on 5g attacks the rook and is defended by the pawn on 5f.
    let p = pos("4k4/9/9/9/9/4p4/4s4/4R4/4K4 b - 1");
    let result = search(&p, &[], depth(4));
    let best = result.best.unwrap();
    let mut after = p.clone();
    after.play_unchecked(best);
    for reply in after.legal_moves() {
        assert_ne!(reply.capture(), Some(Role::Rook), "{reply} after {best}");
        assert_ne!(reply.capture(), Some(Role::Dragon), "{reply} after {best}");
    }
}

#[test]
fn the_node_limit_is_honoured_and_deterministic() {
    let p = Position::startpos();
    for limit in [1, 10, 1_000, 20_000] {
        let limits = SearchLimits {
            nodes: Some(limit),
            ..SearchLimits::default()
        };
        let a = search(&p, &[], limits.clone());
        let b = search(&p, &[], limits);
        assert!(a.info.nodes <= limit + 1, "{} > {limit}", a.info.nodes);
        assert_eq!(a.best, b.best);
        assert_eq!(a.info.nodes, b.info.nodes);
        assert_eq!(a.info.pv, b.info.pv);
        assert!(p.is_legal(a.best.unwrap()));
    }
}

#[test]
fn a_stop_from_another_thread_ends_an_unlimited_search() {
    let p = pos("ln1g3nl/1r1sk1gb1/p1ppppspp/1p4p2/9/2P4P1/PPSPPPP1P/1BK1G2R1/LN1G2SNL b - 21");
    let stop = Stop::new();
    let other = stop.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        other.stop();
    });
    let start = Instant::now();
    let result =
        Searcher::new(1 << 20).search(&p, &[], &SearchLimits::default(), &stop, &mut |_| {});
    let elapsed = start.elapsed();
    stopper.join().unwrap();
    assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
    assert!(p.is_legal(result.best.unwrap()));
}

#[test]
fn a_raised_stop_still_gives_a_legal_move() {
    let p = Position::startpos();
    let stop = Stop::new();
    stop.stop();
    let result = Searcher::new(0).search(&p, &[], &SearchLimits::default(), &stop, &mut |_| {});
    assert!(p.is_legal(result.best.unwrap()));
}

#[test]
fn the_time_limit_ends_the_search() {
    let p = Position::startpos();
    let limits = SearchLimits {
        time: Some(Duration::from_millis(100)),
        ..SearchLimits::default()
    };
    let start = Instant::now();
    let result = search(&p, &[], limits);
    assert!(start.elapsed() < Duration::from_secs(3));
    assert!(p.is_legal(result.best.unwrap()));
}

#[test]
fn a_repeated_position_is_a_draw() {
    // Gote holds a rook: Sente is far behind, but the king move that
    // returns to a position of the game's history draws.
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b r 1");
    let repeat = p.parse_usi_move("5i4i").unwrap();
    let mut after = p.clone();
    after.play_unchecked(repeat);
    let without = search(&p, &[], depth(3));
    assert!(
        matches!(without.info.score, Score::Cp(cp) if cp < -500),
        "{:?}",
        without.info.score
    );
    let with = search(&p, &[after.zobrist()], depth(3));
    assert_eq!(with.best, Some(repeat));
    assert_eq!(with.info.score, Score::Cp(0));
}

#[test]
fn no_legal_move_gives_no_move() {
    let mated = pos("9/9/9/9/9/9/4p4/4g4/4K4 b - 1");
    assert!(mated.is_checkmate());
    assert_eq!(search(&mated, &[], depth(2)).best, None);
}

#[test]
fn iterations_are_reported_in_order() {
    let p = Position::startpos();
    let mut depths = Vec::new();
    Searcher::new(1 << 16).search(&p, &[], &depth(4), &Stop::new(), &mut |info| {
        depths.push(info.depth);
        assert!(p.is_legal(info.pv[0]));
    });
    assert_eq!(depths, [1, 2, 3, 4]);
}

/// The size of the stack the search must run on.
const SMALL_STACK: usize = 256 * 1024;

#[test]
fn searches_on_a_256_kib_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(|| {
            let limits = SearchLimits {
                depth: Some(MAX_PLY as u32),
                nodes: Some(60_000),
                time: None,
            };
            // A middle game with hands, and bare kings, where the
            // iterations go deep.
            let middle = pos(
                "l6nl/1r1gk1g2/2n1pp1p1/p1pps1s1p/1p4P2/P1PPSP2P/1PS1P1N2/2GK1G3/LN5RL b BPbp 41",
            );
            let kings = pos("4k4/9/9/9/9/9/9/9/4K4 b - 1");
            let a = search(&middle, &[], limits.clone());
            let b = search(&kings, &[], limits);
            (a.best.is_some(), b.info.depth)
        })
        .unwrap();
    let (moved, deep) = handle.join().unwrap();
    assert!(moved);
    assert!(deep >= 20, "{deep}");
}
