//! Property tests over random playouts from the start position and other valid positions.
//!
//! A playout is a start position and a list of `u16` choices; each choice picks a legal move by
//! index modulo the length of the legal list, and the playout stops early when no legal move is
//! left. At every visited position these properties must hold:
//!
//! - (a) SFEN round trip: `from_sfen(to_sfen())` gives an equal position and the same string.
//! - (b) The incremental Zobrist key equals the key of the position parsed from its SFEN, also
//!   for every child position one legal move away.
//! - (c) `play_unchecked(m)` then `undo(m)` restores the position exactly (`==`, Zobrist key and
//!   SFEN), for every legal move and for the whole playout undone move by move.
//! - (d) The legal list and the single-move check agree: every listed move is `is_legal` and is
//!   what `to_move` resolves its USI text to, and every other candidate (all from/to pairs with
//!   and without promotion, all drops of every role to every square) is rejected by `to_move`.
//! - (e) `legal_moves_from(sq)` is the list filtered by origin, `legal_drops(role)` is the set
//!   of drop destinations in the list, and the check / mate / has-moves queries agree with it.
//!
//! A failure names the start SFEN, the moves played and the SFEN where the property broke.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::str::FromStr;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use shogi_rules::{Move, Position, Role, Square, UsiMove};

/// Valid start positions: the start position, perft reference positions (207 and 593 legal
/// moves, full hands, a middle game at move 124), and rule cases for uchifuzume, a pinned
/// defender, check evasion by drops and nifu.
const STARTS: &[&str] = &[
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "8k/9/6NG1/9/9/9/9/9/4K4 b P 1",
    "7nk/7g1/8G/9/4B4/9/9/9/K8 b P 1",
    "4k4/6s2/5N3/9/9/9/9/9/K3R4 w g 1",
    "4k4/9/4p4/9/9/9/9/9/4K4 w p 1",
];

/// The longest playout generated.
const MAX_PLIES: usize = 80;

/// Cases per property; the exhaustive candidate check (d) runs fewer, shorter playouts. The whole
/// file takes about 5 s in release mode on 2 cores.
const CASES: u32 = 256;
const CASES_EXHAUSTIVE: u32 = 128;
const MAX_PLIES_EXHAUSTIVE: usize = 60;

/// Where a property was checked: the start SFEN, the moves played from it, the current SFEN.
struct Trail<'a> {
    start: &'a str,
    moves: &'a [Move],
    pos: &'a Position,
}

impl fmt::Display for Trail<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "start {:?}, moves [", self.start)?;
        for (i, m) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        write!(f, "], at {:?}", self.pos.to_sfen())
    }
}

fn parse_start(index: usize) -> Result<Position, TestCaseError> {
    Position::from_sfen(STARTS[index])
        .map_err(|e| TestCaseError::fail(format!("start {:?} rejected: {e}", STARTS[index])))
}

/// A playout: a start position index and the move choices.
fn playout(max_plies: usize) -> impl Strategy<Value = (usize, Vec<u16>)> {
    (
        0..STARTS.len(),
        prop::collection::vec(any::<u16>(), 0..=max_plies),
    )
}

/// Walks a playout, calling `check` at every visited position (the start and each position after
/// a move), then undoes the playout move by move, checking that each earlier position comes back.
fn walk(
    start: usize,
    choices: &[u16],
    mut check: impl FnMut(&Trail<'_>) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut pos = parse_start(start)?;
    let mut moves = Vec::new();
    let mut history = vec![pos.clone()];
    for &choice in choices {
        check(&Trail {
            start: STARTS[start],
            moves: &moves,
            pos: &pos,
        })?;
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(choice) % legal.len()];
        pos.play_unchecked(m);
        moves.push(m);
        history.push(pos.clone());
    }
    if moves.len() == choices.len() {
        check(&Trail {
            start: STARTS[start],
            moves: &moves,
            pos: &pos,
        })?;
    }

    history.pop();
    while let Some(m) = moves.pop() {
        pos.undo(m);
        let expected = history.pop().expect("one snapshot per move");
        let trail = Trail {
            start: STARTS[start],
            moves: &moves,
            pos: &expected,
        };
        prop_assert!(pos == expected, "undo {m} gives {}; {trail}", pos.to_sfen());
        prop_assert_eq!(
            pos.zobrist(),
            expected.zobrist(),
            "undo {}: key; {}",
            m,
            trail
        );
    }
    Ok(())
}

/// (a) SFEN round trip and (b) Zobrist key of the position itself.
fn check_sfen_and_key(t: &Trail<'_>) -> Result<(), TestCaseError> {
    let sfen = t.pos.to_sfen();
    let parsed = Position::from_sfen(&sfen)
        .map_err(|e| TestCaseError::fail(format!("to_sfen output rejected: {e}; {t}")))?;
    prop_assert!(
        parsed == *t.pos,
        "SFEN round trip changes the position; {t}"
    );
    prop_assert_eq!(parsed.to_sfen(), sfen, "SFEN not a fixed point; {}", t);
    prop_assert_eq!(parsed.zobrist(), t.pos.zobrist(), "Zobrist key; {}", t);
    Ok(())
}

/// (c) play/undo of every legal move, and (b) for each child position.
fn check_play_undo(t: &Trail<'_>) -> Result<(), TestCaseError> {
    let pos = t.pos;
    let sfen = pos.to_sfen();
    let mut scratch = pos.clone();
    for &m in pos.legal_moves().iter() {
        scratch.play_unchecked(m);
        let child_sfen = scratch.to_sfen();
        let child = Position::from_sfen(&child_sfen).map_err(|e| {
            TestCaseError::fail(format!("after {m}: {child_sfen:?} rejected: {e}; {t}"))
        })?;
        prop_assert_eq!(
            scratch.zobrist(),
            child.zobrist(),
            "after {}: incremental key differs from the key of {:?}; {}",
            m,
            child_sfen,
            t
        );
        scratch.undo(m);
        prop_assert!(scratch == *pos, "play/undo {m} changes the position; {t}");
        prop_assert_eq!(
            scratch.zobrist(),
            pos.zobrist(),
            "play/undo {}: key; {}",
            m,
            t
        );
        prop_assert_eq!(&scratch.to_sfen(), &sfen, "play/undo {}: SFEN; {}", m, t);
    }
    Ok(())
}

/// Every syntactically possible move: all from/to pairs with and without promotion, and drops of
/// every role (not only those that can be in hand) to every square.
fn all_candidates() -> Vec<UsiMove> {
    let mut out = Vec::with_capacity(81 * 81 * 2 + Role::ALL.len() * 81);
    for from in Square::ALL {
        for to in Square::ALL {
            for promote in [false, true] {
                out.push(UsiMove::Normal { from, to, promote });
            }
        }
    }
    for role in Role::ALL {
        for to in Square::ALL {
            out.push(UsiMove::Drop { role, to });
        }
    }
    out
}

/// (d) The legal list equals the set of candidates that the legality check accepts.
fn check_list_matches_legality(t: &Trail<'_>, candidates: &[UsiMove]) -> Result<(), TestCaseError> {
    let pos = t.pos;
    let legal = pos.legal_moves();
    let mut by_usi = HashMap::with_capacity(legal.len());
    for &m in legal.iter() {
        prop_assert!(pos.is_legal(m), "listed move {m} is not is_legal; {t}");
        let text = m.to_string();
        let usi = UsiMove::from_str(&text)
            .map_err(|e| TestCaseError::fail(format!("{text:?} does not parse: {e}; {t}")))?;
        let resolved = pos.to_move(usi);
        prop_assert!(
            matches!(resolved, Ok(r) if r == m),
            "to_move({text}) = {resolved:?}, listed as {m:?}; {t}"
        );
        prop_assert!(
            by_usi.insert(usi, m).is_none(),
            "{text} is listed twice; {t}"
        );
    }
    for &c in candidates {
        if by_usi.contains_key(&c) {
            continue;
        }
        let resolved = pos.to_move(c);
        prop_assert!(
            resolved.is_err(),
            "to_move({c:?}) = {resolved:?}, but it is not in the legal list; {t}"
        );
    }
    Ok(())
}

/// (e) Per-square and per-role generators, and the status queries, agree with the legal list.
fn check_partial_generators(t: &Trail<'_>) -> Result<(), TestCaseError> {
    let pos = t.pos;
    let legal = pos.legal_moves();
    let all: HashSet<Move> = legal.iter().copied().collect();
    prop_assert_eq!(all.len(), legal.len(), "duplicate moves in the list; {}", t);

    for sq in Square::ALL {
        let from_sq = pos.legal_moves_from(sq);
        let got: HashSet<Move> = from_sq.iter().copied().collect();
        let want: HashSet<Move> = all
            .iter()
            .copied()
            .filter(|m| m.from() == Some(sq))
            .collect();
        prop_assert_eq!(got.len(), from_sq.len(), "duplicates from {}; {}", sq, t);
        prop_assert_eq!(got, want, "legal_moves_from({}); {}", sq, t);
    }

    for role in Role::HAND {
        let mut got: Vec<Square> = pos.legal_drops(role).into_iter().collect();
        let mut want: Vec<Square> = all
            .iter()
            .filter(|m| m.is_drop() && m.role() == role)
            .map(|m| m.to())
            .collect();
        got.sort();
        want.sort();
        prop_assert_eq!(got, want, "legal_drops({:?}); {}", role, t);
    }

    prop_assert_eq!(
        pos.has_legal_moves(),
        !legal.is_empty(),
        "has_legal_moves; {}",
        t
    );
    prop_assert_eq!(
        pos.in_check(),
        !pos.checkers().is_empty(),
        "in_check; {}",
        t
    );
    prop_assert_eq!(
        pos.is_checkmate(),
        pos.in_check() && legal.is_empty(),
        "is_checkmate; {}",
        t
    );
    Ok(())
}

#[test]
fn start_positions_are_valid() {
    for (i, sfen) in STARTS.iter().enumerate() {
        let pos = parse_start(i).unwrap();
        assert_eq!(
            &pos.to_sfen(),
            sfen,
            "start positions are written canonically"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// (a) and (b) at every visited position.
    #[test]
    fn sfen_round_trip_and_zobrist((start, choices) in playout(MAX_PLIES)) {
        walk(start, &choices, check_sfen_and_key)?;
    }

    /// (b) for every child and (c) play/undo, at every visited position and along the playout.
    #[test]
    fn play_then_undo_restores((start, choices) in playout(MAX_PLIES)) {
        walk(start, &choices, check_play_undo)?;
    }

    /// (e) at every visited position.
    #[test]
    fn partial_generators_match_full_list((start, choices) in playout(MAX_PLIES)) {
        walk(start, &choices, check_partial_generators)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES_EXHAUSTIVE))]

    /// (d) at every visited position, against every syntactically possible move.
    #[test]
    fn legal_list_equals_legality_check((start, choices) in playout(MAX_PLIES_EXHAUSTIVE)) {
        let candidates = all_candidates();
        walk(start, &choices, |t| check_list_matches_legality(t, &candidates))?;
    }
}
