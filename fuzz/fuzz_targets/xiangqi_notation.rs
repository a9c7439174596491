//! Fuzz target `xiangqi_notation`: every notation's parser (ICCS, UCI, WXF, Chinese) on
//! arbitrary text against a few positions never panics; a move it accepts is legal, and written
//! in that notation parses back to the same move.

#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::Position;

/// The start, a middle game with two pieces of a kind on one file, Black to move, and positions
/// with three, four and five soldiers on one file and tandem soldiers on two files.
const FENS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "1r1aka2r/1R2n4/4b1c2/2p1n3p/c1b1p1p2/C1P3P1P/P3P4/4B3C/9/RNBAKA1N1 b - - 0 1",
    "3k5/9/2P3P2/2P3P2/6P2/9/9/9/9/4K4 w - - 0 1",
    "3k5/2P6/2P6/2P6/2P6/2P6/9/9/9/4K4 w - - 0 1",
    "3k5/9/9/9/9/2p6/2p6/2p6/2p6/4K4 b - - 0 1",
    "3k5/9/9/9/9/9/R8/9/R8/4K4 w - - 0 1",
];

static POSITIONS: LazyLock<Vec<Position>> = LazyLock::new(|| {
    FENS.iter()
        .map(|f| Position::from_fen(f).unwrap_or_else(|e| panic!("{f}: {e}")))
        .collect()
});

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for pos in POSITIONS.iter() {
        for n in Notation::ALL {
            let Ok(m) = n.parse(pos, &text) else {
                continue;
            };
            assert!(pos.is_legal(m), "{n} {text:?} -> {m}, illegal at {pos}");
            let written = n.format(pos, m);
            assert_eq!(
                n.parse(pos, &written),
                Ok(m),
                "{n} {text:?} -> {m} is written {written:?}, which does not parse back at {pos}"
            );
        }
    }
});
