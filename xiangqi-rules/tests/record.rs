//! PGN records: reading with errors at their place, limits, encodings, and
//! write → read round trips of generated records with variations and
//! comments in every notation.

use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::{
    GameRecord, GameResult, Limit, NodeId, ReadLimits, RecordErrorKind, read_pgn, read_pgn_bytes,
    read_pgn_game, read_pgn_with, write_pgn, write_pgn_all,
};
use xiangqi_rules::{IllegalReason, Position};

fn error(text: &str) -> (usize, usize, RecordErrorKind) {
    let e = read_pgn(text).expect_err(text);
    (e.line, e.column, e.kind)
}

#[test]
fn errors_name_their_place_and_kind() {
    assert_eq!(
        error("1. h2e2 {never closed\n h9g7"),
        (1, 9, RecordErrorKind::UnterminatedComment)
    );
    assert_eq!(
        error("1. h2e2 h9g7 )"),
        (1, 14, RecordErrorKind::UnexpectedToken(")".into()))
    );
    assert_eq!(
        error("( 1. h2e2 )"),
        (1, 1, RecordErrorKind::UnexpectedToken("(".into()))
    );
    assert_eq!(
        error("1. h2e2 h9g7\n2. b2b7"),
        (
            2,
            4,
            RecordErrorKind::IllegalMove {
                ply: 3,
                text: "b2b7".into(),
                reason: IllegalReason::CannonNoScreen
            }
        )
    );
    assert_eq!(
        error("1. 炮二平五 马８进６"),
        (
            1,
            9,
            RecordErrorKind::NoSuchMove {
                ply: 2,
                text: "马８进６".into()
            }
        )
    );
    assert_eq!(
        error("1. C2.5 H8+7 2. Cx.5"),
        (1, 18, RecordErrorKind::BadMoveText("Cx.5".into()))
    );
    assert_eq!(
        error("1. h2e2 (h0g2 (b0c2) h9g7"),
        (1, 9, RecordErrorKind::UnterminatedVariation)
    );
    let (line, column, kind) = error("[Event \"x\"]\n[FEN \"9/9/9 w\"]\n\n1. h2e2");
    assert_eq!((line, column), (2, 1));
    assert!(matches!(kind, RecordErrorKind::BadFen(_)), "{kind:?}");
    let (line, _, kind) = error("[Event \"x\n1. h2e2");
    assert_eq!(line, 1);
    assert!(matches!(kind, RecordErrorKind::BadTag(_)), "{kind:?}");
    // Two chariots on file 9 can both go to file 8.
    let text = "[FEN \"3k5/9/9/9/9/9/R8/9/R8/4K4 w - - 0 1\"]\n1. R9.8";
    match error(text) {
        (
            2,
            4,
            RecordErrorKind::AmbiguousMove {
                ply: 1, candidates, ..
            },
        ) => {
            assert_eq!(candidates, ["a1b1", "a3b3"]);
        }
        other => panic!("{other:?}"),
    }
    let long = format!("1. {} *", "x".repeat(500));
    match error(&long) {
        (1, 5, RecordErrorKind::BadMoveText(t)) => assert!(t.chars().count() <= 81),
        other => panic!("{other:?}"),
    }
}

#[test]
fn limits_are_enforced() {
    let limit = |text: &str, limits: ReadLimits| match read_pgn_with(text, &limits) {
        Err(e) => match e.kind {
            RecordErrorKind::LimitExceeded { limit, .. } => limit,
            other => panic!("{other:?}"),
        },
        Ok(_) => panic!("{text:?} read"),
    };
    let d = ReadLimits::DEFAULT;
    let text = "1. h2e2 (1. h0g2 (1. b0c2 (1. i0i1))) h9g7 *";
    assert_eq!(limit(text, ReadLimits { max_depth: 2, ..d }), Limit::Depth);
    assert_eq!(
        limit(
            text,
            ReadLimits {
                max_variations: 2,
                ..d
            }
        ),
        Limit::Variations
    );
    assert_eq!(limit(text, ReadLimits { max_moves: 4, ..d }), Limit::Moves);
    assert_eq!(
        limit(
            text,
            ReadLimits {
                max_input_bytes: 10,
                ..d
            }
        ),
        Limit::InputBytes
    );
    assert_eq!(
        limit(
            text,
            ReadLimits {
                max_line_bytes: 10,
                ..d
            }
        ),
        Limit::LineBytes
    );
    let two = "[Event \"a\"]\n1. h2e2 *\n[Event \"b\"]\n1. h2e2 *\n";
    assert_eq!(limit(two, ReadLimits { max_games: 1, ..d }), Limit::Games);
    assert_eq!(read_pgn(two).unwrap().len(), 2);
    let e = read_pgn_game(two).unwrap_err();
    assert_eq!(
        (e.line, e.column, e.kind),
        (3, 1, RecordErrorKind::GameCount(2))
    );
    assert_eq!(
        read_pgn_game(" ").unwrap_err().kind,
        RecordErrorKind::GameCount(0)
    );
    // Deep nesting is refused without using the call stack.
    let deep = format!("1. h2e2 {} *", "(1. h0g2 ".repeat(100_000));
    assert_eq!(limit(&deep, d), Limit::Depth);
}

#[test]
fn wide_trees_read_and_write() {
    // 10,000 variations of the first move, each a line of its own.
    let text = format!("1. h2e2 {}h9g7 *", "(1. h0g2 h9g7 2. i0h0) ".repeat(10_000));
    let game = read_pgn_game(&text).unwrap();
    assert_eq!(game.node_count(), 3 + 30_000);
    let root = game.node(game.root()).unwrap();
    assert_eq!(root.children().len(), 10_001);
    let written = write_pgn(&game, Notation::Chinese);
    let mut back = read_pgn_game(&written).unwrap();
    back.set_tag("Format", "");
    let mut expected = game.clone();
    expected.set_tag("Format", "");
    assert!(back == expected);
}

#[test]
fn encodings_utf8_bom_and_gbk() {
    let text = "[Event \"中炮\"]\n\n1. 炮二平五 马８进７ *\n";
    let utf8 = read_pgn_bytes(text.as_bytes()).unwrap();
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(text.as_bytes());
    assert_eq!(read_pgn_bytes(&bom).unwrap(), utf8);
    let (gbk, _, bad) = encoding_rs::GBK.encode(text);
    assert!(!bad);
    assert_eq!(read_pgn_bytes(&gbk).unwrap(), utf8);
    assert_eq!(utf8[0].tag("Event"), Some("中炮"));
    assert!(matches!(
        read_pgn_bytes(b"1. h2e2 \xFF\xFF\xFF").unwrap_err().kind,
        RecordErrorKind::Encoding
    ));
}

#[test]
fn comments_before_a_variation_s_first_move() {
    let game =
        read_pgn_game("{start} 1. h2e2 {centre} (1. h0g2 {horse} ({first} 1. b0c2)) *").unwrap();
    let root = game.node(game.root()).unwrap();
    assert_eq!(root.comments(), ["start"]);
    let main = game.node(root.children()[0]).unwrap();
    assert_eq!(main.comments(), ["centre"]);
    let variation = game.node(root.children()[2]).unwrap();
    assert_eq!(variation.comments_before(), ["first"]);
    let text = write_pgn(&game, Notation::Iccs);
    assert!(
        text.ends_with("{start} 1. h2e2 {centre} (1. h0g2 {horse}) ({first} 1. b0c2) *\n"),
        "{text}"
    );
    let mut back = read_pgn_game(&text).unwrap();
    back.set_tag("Format", "ICCS");
    let mut expected = game.clone();
    expected.set_tag("Format", "ICCS");
    assert_eq!(back, expected);
}

#[test]
fn a_line_comment_with_a_brace_is_written_as_a_line_comment() {
    // Found by the `xiangqi_pgn` fuzz target.
    for text in [
        "1. h2e2 ; has } brace\n h9g7 *",
        "12;0h. (^2p1p1p1\0\u{80}}2) b9c72*",
    ] {
        let game = read_pgn_game(text).unwrap();
        for n in Notation::ALL {
            let written = write_pgn(&game, n);
            let mut back = read_pgn_game(&written).unwrap();
            back.set_tag("Format", "");
            let mut expected = game.clone();
            expected.set_tag("Format", "");
            assert!(back == expected, "{written}");
        }
    }
}

#[test]
fn san_that_fits_both_rank_numberings() {
    // Red soldiers on c7 and e6: `d7` (WinBoard, ranks 0-9) is c7-d7,
    // `Pd7` (pychess, ranks 1-10) is e6-d6.
    let fen = "[FEN \"3k5/9/2P6/4P4/9/9/9/9/9/4K4 w - - 0 1\"]\n";
    let first = |moves: &str| {
        let game = read_pgn_game(&format!("{fen}{moves}")).unwrap();
        game.main_line()[0].to_string()
    };
    assert_eq!(first("1. d7"), "c7d7");
    assert_eq!(first("1. Pd7"), "e6d6");
}

#[test]
fn every_notation_form_reads() {
    let forms = [
        "1. h2e2 h9g7 2. h0g2",
        "1. H2-E2 H9-G7 2. H0-G2",
        "1. C2.5 H8+7 2. H2+3",
        "1. Ｃ２＝５ ｈ８＋７ 2. Ｈ２＋３",
        "1. 炮二平五 馬8進7 2. 傌二進三",
        "1. Che2 Hg7 2. Hg2",
        "[Variant \"Xiangqi\"]\n1. Che3 Hg8 2. Hg3",
        "[Format \"UCI\"]\n1. h3e3 h10g8 2. h1g3",
        "1.h2e2 1...h9g7 2.h0g2 $1 ; a comment\n",
    ];
    for text in forms {
        let game = read_pgn_game(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let line: Vec<String> = game.main_line().iter().map(|m| m.to_string()).collect();
        assert_eq!(line, ["h2e2", "h9g7", "h0g2"], "{text}");
    }
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// A record of random moves with variations and comments.
fn random_record(rng: &mut Rng, start: Position) -> GameRecord {
    let mut record = GameRecord::new(start);
    record.set_tag("Event", "Random \"quoted\" game");
    record.set_tag("Red", "甲");
    let mut frontier: Vec<NodeId> = vec![record.root()];
    for _ in 0..60 {
        let at = frontier[rng.below(frontier.len())];
        let pos = record.position_at(at);
        let legal = pos.legal_moves();
        if legal.is_empty() {
            continue;
        }
        let id = record.add_move(at, legal[rng.below(legal.len())]).unwrap();
        match rng.below(8) {
            0 => record.add_comment(id, "a comment with ( and ; inside"),
            1 => record.add_comment(id, "after"),
            2 => record.add_comment(id, "多行\n注释"),
            _ => {}
        }
        frontier.push(id);
        // Mostly extend the newest line, so that lines get long.
        if rng.below(3) != 0 {
            frontier.push(id);
        }
    }
    if rng.below(2) == 0 {
        record.add_comment(record.root(), "game comment");
    }
    record.set_result([GameResult::RedWins, GameResult::Draw, GameResult::Unknown][rng.below(3)]);
    record
}

#[test]
fn written_records_read_back_the_same_in_every_notation() {
    let mut rng = Rng(42);
    let starts = [
        Position::startpos(),
        Position::from_fen("3k5/9/1r7/PPPPP4/9/9/4ppppp/7R1/9/4K4 b - - 0 1").unwrap(),
    ];
    for i in 0..200 {
        let record = random_record(&mut rng, starts[i % 2].clone());
        for n in Notation::ALL {
            let text = write_pgn(&record, n);
            let mut back = read_pgn_game(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            back.set_tag("Format", "");
            let mut expected = record.clone();
            expected.set_tag("Format", "");
            if back != expected {
                let again = write_pgn(&back, n);
                let diff: Vec<(&str, &str)> = text
                    .lines()
                    .zip(again.lines())
                    .filter(|(a, b)| a != b)
                    .take(3)
                    .collect();
                panic!("{n}: written and read back differs: {diff:#?}\n{text}");
            }
        }
    }
    let records: Vec<GameRecord> = (0..5)
        .map(|_| random_record(&mut rng, Position::startpos()))
        .collect();
    let text = write_pgn_all(&records, Notation::Wxf);
    assert_eq!(read_pgn(&text).unwrap().len(), 5);
}

/// Mutated records (bytes changed, inserted, removed; pieces of PGN
/// syntax spliced in) never make the reader panic, and whatever it accepts
/// is written and read back the same.
#[test]
fn mutated_records_never_panic() {
    let base = "[Event \"中炮\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n\n\
                {start} 1. 炮二平五 马８进７ (1... C8.5 2. h0g2 ; line\n) 2. H2+3 R9.8 {c} 3. Che2 *\n";
    let pieces: [&[u8]; 12] = [
        b"(",
        b")",
        b"{",
        b"}",
        b";",
        b"\n",
        b"[",
        b"]",
        b"\"",
        b"1-0",
        b"\xFF",
        "前".as_bytes(),
    ];
    let mut rng = Rng(99);
    for _ in 0..3_000 {
        let mut bytes = base.as_bytes().to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len() + 1);
            match rng.below(4) {
                0 if at < bytes.len() => bytes[at] = rng.below(256) as u8,
                1 if at < bytes.len() => {
                    bytes.remove(at);
                }
                2 => bytes.truncate(at),
                _ => {
                    let p = pieces[rng.below(pieces.len())];
                    bytes.splice(at..at, p.iter().copied());
                }
            }
        }
        let Ok(games) = read_pgn_bytes(&bytes) else {
            continue;
        };
        for game in &games {
            let text = write_pgn(game, Notation::Wxf);
            let mut back = read_pgn_game(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            back.set_tag("Format", "");
            let mut expected = game.clone();
            expected.set_tag("Format", "");
            assert!(back == expected, "{text}");
        }
    }
}

/// 10,000 nested variation brackets (each a variation of the first move)
/// and a line of half a megabyte of moves are read, written in three
/// notations, read back and compared on a 256 KiB thread stack: no step
/// recurses on the nesting of the input.
#[test]
fn nested_brackets_and_long_lines_run_on_a_small_stack() {
    let depth = 10_000;
    let mut deep = String::from("1. h2e2 ");
    for i in 0..depth {
        deep.push_str(if i % 2 == 0 { "(1. b2e2 " } else { "(1. h2e2 " });
    }
    deep.push_str(&")".repeat(depth));
    deep.push_str(" *\n");
    let mut long = String::from("1. ");
    for _ in 0..25_000 {
        long.push_str("h0g2 h9g7 g2h0 g7h9 ");
    }
    long.push_str("*\n");
    assert!(long.len() > 500_000);
    let limits = ReadLimits {
        max_depth: 2 * depth,
        max_variations: 2 * depth,
        max_moves: 200_000,
        max_line_bytes: 4 << 20,
        ..ReadLimits::DEFAULT
    };
    let worker = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            for text in [&deep, &long] {
                let records = read_pgn_with(text, &limits).expect("reads");
                for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
                    let written = write_pgn(&records[0], notation);
                    let mut back = read_pgn_with(&written, &limits).expect("reads back");
                    // The writer states the notation in a [Format] tag.
                    let mut expected = records[0].clone();
                    expected.set_tag("Format", "");
                    back[0].set_tag("Format", "");
                    assert!(back[0] == expected, "{notation:?}: not the same record");
                }
                assert!(records[0].clone() == records[0]);
            }
        })
        .expect("thread");
    worker.join().expect("no stack overflow");
}
