//! The notations against `tests/data/notation.tsv` (see
//! `tests/data/PROVENANCE.md`), and every legal move of positions from
//! seeded random games through every notation and back.

use xiangqi_rules::notation::{Notation, NotationError};
use xiangqi_rules::{Move, Position};

struct Row<'a> {
    line: usize,
    fen: &'a str,
    iccs: &'a str,
    wxf: &'a str,
    chinese: &'a str,
}

fn rows() -> Vec<Row<'static>> {
    include_str!("data/notation.tsv")
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.starts_with("fen\t") && !l.is_empty())
        .map(|(i, l)| {
            let c: Vec<&str> = l.split('\t').collect();
            assert_eq!(c.len(), 4, "line {}: {l:?}", i + 1);
            Row {
                line: i + 1,
                fen: c[0],
                iccs: c[1],
                wxf: c[2],
                chinese: c[3],
            }
        })
        .collect()
}

#[test]
fn every_row_formats_to_its_text_and_parses_back() {
    let rows = rows();
    assert_eq!(rows.len(), 1_498);
    let mut failures = Vec::new();
    for r in &rows {
        let pos = Position::from_fen(r.fen).expect("the FEN loads");
        let m = pos.parse_iccs_move(r.iccs).expect("the move is legal");
        for (n, text) in [
            (Notation::Iccs, r.iccs),
            (Notation::Wxf, r.wxf),
            (Notation::Chinese, r.chinese),
        ] {
            let written = n.format(&pos, m);
            if written != text {
                failures.push(format!(
                    "line {}: {n} wrote {written:?}, expected {text:?}",
                    r.line
                ));
            }
            match n.parse(&pos, text) {
                Ok(back) if back == m => {}
                other => failures.push(format!("line {}: {n} read {text:?} as {other:?}", r.line)),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The record spellings of the same moves: `=` for `.`, the tandem sign
/// before the letter, full-width characters, lower case, traditional
/// characters, ASCII digits for Black.
#[test]
fn record_spellings_parse_to_the_same_move() {
    for r in rows() {
        let pos = Position::from_fen(r.fen).expect("the FEN loads");
        let m = pos.parse_iccs_move(r.iccs).expect("the move is legal");
        let b: Vec<char> = r.wxf.chars().collect();
        let mut variants = vec![r.wxf.replace('.', "="), r.wxf.to_lowercase()];
        if matches!(b[1], '+' | '-') && b[0].is_ascii_uppercase() {
            variants.push([b[1], b[0], b[2], b[3]].iter().collect());
        }
        variants.push(
            r.wxf
                .chars()
                .map(|c| char::from_u32(c as u32 + 0xFEE0).unwrap())
                .collect(),
        );
        for v in &variants {
            assert_eq!(
                Notation::Wxf.parse(&pos, v),
                Ok(m),
                "line {}: {v:?}",
                r.line
            );
        }
        let traditional: String = r
            .chinese
            .chars()
            .map(|c| match c {
                '车' => '車',
                '马' => '馬',
                '进' => '進',
                '后' => '後',
                '帅' => '帥',
                '将' => '將',
                c @ '１'..='９' => char::from_u32(c as u32 - 0xFEE0).unwrap(),
                c => c,
            })
            .collect();
        assert_eq!(
            Notation::Chinese.parse(&pos, &traditional),
            Ok(m),
            "line {}: {traditional}",
            r.line
        );
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

/// Positions from random games, biased towards soldiers moving sideways so
/// that tandem soldiers (two to five on a file) come up.
fn random_positions(count: usize) -> Vec<Position> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::with_capacity(count);
    // Besides the start, a position of soldiers across the river, where
    // three to five soldiers come to stand on one file.
    let starts = [
        Position::startpos(),
        Position::from_fen("3k5/9/1r7/PPPPP4/9/9/4ppppp/7R1/9/4K4 w - - 0 1").unwrap(),
    ];
    let mut games = 0;
    while out.len() < count {
        let mut pos = starts[games % 2].clone();
        games += 1;
        for _ in 0..200 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let soldiers: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| m.role == xiangqi_rules::Role::Soldier && m.from.file() != m.to.file())
                .collect();
            let m = if !soldiers.is_empty() && rng.below(3) == 0 {
                soldiers[rng.below(soldiers.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            pos.play(m).expect("a legal move plays");
            out.push(pos.clone());
        }
    }
    out.truncate(count);
    out
}

#[test]
fn every_legal_move_round_trips_in_every_notation() {
    let (mut moves, mut tandem, mut soldier_forms) = (0, 0, 0);
    for pos in random_positions(2_500) {
        for &m in pos.legal_moves().iter() {
            for n in Notation::ALL {
                let text = n.format(&pos, m);
                if n == Notation::Wxf {
                    let c: Vec<char> = text.chars().collect();
                    tandem += usize::from(matches!(c[1], '+' | '-'));
                    soldier_forms += usize::from(!c[0].is_ascii_uppercase());
                }
                assert_eq!(
                    n.parse(&pos, &text),
                    Ok(m),
                    "{n} {text:?} in {}",
                    pos.to_fen()
                );
            }
            moves += 1;
        }
    }
    assert!(moves > 40_000, "only {moves} moves");
    assert!(tandem > 500, "only {tandem} moves of tandem pieces");
    assert!(
        soldier_forms > 100,
        "only {soldier_forms} moves in the forms of 3-5 soldiers"
    );
}

#[test]
fn tandem_soldiers_follow_the_wxf_document() {
    // Three Red soldiers on file 3 (g), two on file 7 (c).
    let pos = Position::from_fen("3k5/9/2P3P2/2P3P2/6P2/9/9/9/9/4K4 w - - 0 1").unwrap();
    let text = |iccs: &str| {
        let m = pos.parse_iccs_move(iccs).unwrap();
        (
            Notation::Wxf.format(&pos, m),
            Notation::Chinese.format(&pos, m),
        )
    };
    assert_eq!(text("g7f7"), ("3+.4".into(), "一兵平四".into()));
    assert_eq!(text("g6f6"), ("33.4".into(), "二兵平四".into()));
    assert_eq!(text("g5f5"), ("3-.4".into(), "三兵平四".into()));
    assert_eq!(text("c7d7"), ("7+.6".into(), "四兵平六".into()));
    assert_eq!(text("c6d6"), ("7-.6".into(), "五兵平六".into()));
    // The other spellings of records and specifications.
    let read = |n: Notation, t: &str| n.parse(&pos, t).map(|m| m.to_string());
    assert_eq!(read(Notation::Wxf, "Pa.4"), Ok("g7f7".into()));
    assert_eq!(read(Notation::Wxf, "Pe.6"), Ok("c6d6".into()));
    assert_eq!(read(Notation::Wxf, "+P.4"), Ok("g7f7".into()));
    assert!(matches!(
        Notation::Wxf.parse(&pos, "+P+1"),
        Err(NotationError::Ambiguous { .. })
    ));
    assert_eq!(read(Notation::Chinese, "前兵三平四"), Ok("g7f7".into()));
    assert_eq!(read(Notation::Chinese, "前七平六"), Ok("c7d7".into()));
    assert_eq!(read(Notation::Chinese, "二三平四"), Ok("g6f6".into()));
    assert_eq!(read(Notation::Chinese, "后3平4"), Ok("g5f5".into()));
    assert_eq!(read(Notation::Wxf, "３３．４"), Ok("g6f6".into()));
    assert_eq!(read(Notation::Chinese, "后3平4！?"), Ok("g5f5".into()));
    assert_eq!(read(Notation::Wxf, "P-.4!?"), Ok("g5f5".into()));
    // Five on one file.
    let pos = Position::from_fen("3k5/2P6/2P6/2P6/2P6/2P6/9/9/9/4K4 w - - 0 1").unwrap();
    let wxf: Vec<String> = ["c8d8", "c7d7", "c6d6", "c5d5"]
        .iter()
        .map(|s| Notation::Wxf.format(&pos, pos.parse_iccs_move(s).unwrap()))
        .collect();
    assert_eq!(wxf, ["++.6", "P+.6", "P7.6", "P-.6"]);
    let m = pos.parse_iccs_move("c5d5").unwrap();
    assert_eq!(Notation::Chinese.format(&pos, m), "四兵平六");
    assert_eq!(Notation::Wxf.parse(&pos, "Pd.6"), Ok(m));
    // Three on one file: front, middle, rear.
    let pos = Position::from_fen("3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1").unwrap();
    let m = pos.parse_iccs_move("c6d6").unwrap();
    assert_eq!(Notation::Wxf.format(&pos, m), "P7.6");
    assert_eq!(Notation::Chinese.format(&pos, m), "中兵平六");
    assert_eq!(Notation::Chinese.parse(&pos, "中兵七平六"), Ok(m));
}

#[test]
fn errors_tell_syntax_from_no_move_from_ambiguity() {
    let pos = Position::startpos();
    let syntax = |n: Notation, t: &str| match n.parse(&pos, t) {
        Err(NotationError::Syntax { column, .. }) => column,
        other => panic!("{n} {t:?}: {other:?}"),
    };
    assert_eq!(syntax(Notation::Wxf, ""), 1);
    assert_eq!(syntax(Notation::Wxf, "X2.5"), 1);
    assert_eq!(syntax(Notation::Wxf, "C2"), 3);
    assert_eq!(syntax(Notation::Wxf, "C2.5x"), 5);
    assert_eq!(syntax(Notation::Chinese, "炮二平"), 4);
    assert_eq!(syntax(Notation::Chinese, "炮X平五"), 2);
    assert_eq!(syntax(Notation::Iccs, "h2e"), 4);
    assert_eq!(syntax(Notation::Uci, "h0e3"), 2);
    assert!(matches!(
        Notation::Chinese.parse(&pos, "炮二进九"),
        Err(NotationError::NoLegalMove { reason: None, .. })
    ));
    // Two chariots on one file that both can reach the point, written by file.
    let pos = Position::from_fen("3k5/9/9/9/9/9/R8/9/R8/4K4 w - - 0 1").unwrap();
    match Notation::Wxf.parse(&pos, "R9.8") {
        Err(NotationError::Ambiguous { candidates, .. }) => assert_eq!(candidates.len(), 2),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        Notation::Wxf.parse(&pos, "R+.8").map(|m| m.to_string()),
        Ok("a3b3".to_owned())
    );
}

#[test]
fn parsers_survive_arbitrary_text() {
    let pos = Position::startpos();
    let pieces = [
        "", "+", "-", ".", "=", "P", "前", "中", "后", "兵", "九", "１", "a", "1", "10", "\u{0}",
        "é", "進",
    ];
    let mut rng = Rng(7);
    for _ in 0..20_000 {
        let len = rng.below(7);
        let text: String = (0..len).map(|_| pieces[rng.below(pieces.len())]).collect();
        for n in Notation::ALL {
            let _ = n.parse(&pos, &text);
        }
    }
    let long = "前".repeat(100_000);
    for n in Notation::ALL {
        match n.parse(&pos, &long) {
            Err(NotationError::Syntax { text, .. }) => assert!(text.chars().count() <= 81),
            other => panic!("{other:?}"),
        }
    }
}
