//! Move notations: the vector table `tests/data/notation.csv` in both
//! directions, the round trip and uniqueness of every legal move along random
//! playouts and in crowded random positions, the forms people write that the
//! parsers accept, and the parsers' errors.
//!
//! The table's columns are `sfen`, `previous` (the move played before, USI;
//! only its destination matters, for 同), `usi`, `western`, `japanese` (KI2
//! form with ▲/△), `kif`, `csa` and `source`; where every expected string comes
//! from is told in `tests/data/PROVENANCE.md`.

use std::collections::HashSet;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use shogi_rules::notation::csa::{self, CsaError};
use shogi_rules::notation::japanese::{self, JapaneseError, Mark};
use shogi_rules::notation::western::{self, WesternError};
use shogi_rules::{Color, IllegalReason, Move, Position, Role, UsiMove};

const TABLE: &str = include_str!("../../tests/data/notation.csv");

/// One row of the vector table.
struct Row {
    line: usize,
    sfen: &'static str,
    previous: Option<Move>,
    usi: &'static str,
    western: &'static str,
    japanese: &'static str,
    kif: &'static str,
    csa: &'static str,
    source: &'static str,
}

impl Row {
    fn position(&self) -> Position {
        Position::from_sfen(self.sfen)
            .unwrap_or_else(|e| panic!("line {}: bad SFEN {}: {e}", self.line, self.sfen))
    }

    fn at(&self) -> String {
        format!(
            "notation.csv line {} ({}), {} {}",
            self.line, self.source, self.sfen, self.usi
        )
    }
}

/// A move with the destination of the USI text; notations use the previous
/// move only for its destination (同), so its role is irrelevant.
fn previous_move(usi: &str) -> Move {
    match usi.parse::<UsiMove>() {
        Ok(UsiMove::Normal { from, to, promote }) => {
            Move::normal(Role::Pawn, from, to, None, promote)
        }
        Ok(UsiMove::Drop { role, to }) => Move::drop(role, to),
        Err(e) => panic!("bad previous move {usi:?}: {e}"),
    }
}

fn table() -> Vec<Row> {
    let mut lines = TABLE.lines().enumerate();
    let header = lines.next().map(|(_, l)| l);
    assert_eq!(
        header,
        Some("sfen,previous,usi,western,japanese,kif,csa,source")
    );
    lines
        .filter(|(_, l)| !l.is_empty())
        .map(|(i, l)| {
            let f: Vec<&'static str> = l.split(',').collect();
            assert_eq!(f.len(), 8, "line {}: expected 8 fields: {l}", i + 1);
            Row {
                line: i + 1,
                sfen: f[0],
                previous: (!f[1].is_empty()).then(|| previous_move(f[1])),
                usi: f[2],
                western: f[3],
                japanese: f[4],
                kif: f[5],
                csa: f[6],
                source: f[7],
            }
        })
        .collect()
}

/// The Japanese string with its mark replaced by `mark`.
fn with_mark(japanese: &str, mark: Mark, color: Color) -> String {
    let body: String = japanese.chars().skip(1).collect();
    match mark.symbol(color) {
        Some(c) => format!("{c}{body}"),
        None => body,
    }
}

#[test]
fn table_is_large_and_well_formed() {
    let rows = table();
    assert!(rows.len() >= 200, "only {} rows", rows.len());
    let mut seen = HashSet::new();
    for row in &rows {
        let pos = row.position();
        let m = pos
            .parse_usi_move(row.usi)
            .unwrap_or_else(|e| panic!("{}: {e}", row.at()));
        let same = row.previous.is_some_and(|p| p.to() == m.to());
        assert!(
            seen.insert((row.sfen, same, row.usi)),
            "{}: duplicate row",
            row.at()
        );
        let mark = if pos.turn() == Color::Sente {
            '▲'
        } else {
            '△'
        };
        assert!(row.japanese.starts_with(mark), "{}: wrong mark", row.at());
    }
}

#[test]
fn table_formats_every_row() {
    for row in table() {
        let pos = row.position();
        let m = pos.parse_usi_move(row.usi).unwrap();
        assert_eq!(
            western::format(&pos, m),
            row.western,
            "western, {}",
            row.at()
        );
        assert_eq!(
            japanese::format(&pos, m, row.previous, Mark::Triangle),
            row.japanese,
            "japanese, {}",
            row.at()
        );
        for mark in [Mark::Piece, Mark::None] {
            let expected = with_mark(row.japanese, mark, pos.turn());
            assert_eq!(
                japanese::format(&pos, m, row.previous, mark),
                expected,
                "japanese {mark:?}, {}",
                row.at()
            );
        }
        assert_eq!(
            japanese::format_kif(m, row.previous),
            row.kif,
            "kif, {}",
            row.at()
        );
        assert_eq!(csa::format(&pos, m), row.csa, "csa, {}", row.at());
    }
}

#[test]
fn table_parses_every_row() {
    for row in table() {
        let pos = row.position();
        let m = pos.parse_usi_move(row.usi).unwrap();
        let ok = |r: Result<Move, String>, what: &str| match r {
            Ok(got) => assert_eq!(got, m, "{what} parses to {got}, {}", row.at()),
            Err(e) => panic!("{what}: {e}, {}", row.at()),
        };
        ok(
            western::parse(&pos, row.western).map_err(|e| e.to_string()),
            row.western,
        );
        for mark in [Mark::Triangle, Mark::Piece, Mark::None] {
            let text = with_mark(row.japanese, mark, pos.turn());
            ok(
                japanese::parse(&pos, &text, row.previous).map_err(|e| e.to_string()),
                &text,
            );
        }
        ok(
            japanese::parse(&pos, row.kif, row.previous).map_err(|e| e.to_string()),
            row.kif,
        );
        ok(
            csa::parse(&pos, row.csa).map_err(|e| e.to_string()),
            row.csa,
        );
        // Engine writers give every origin; the parser takes it even when not needed.
        if let Some(from) = m.from() {
            let western_with_origin = with_origin(row.western, &from.to_string());
            ok(
                western::parse(&pos, &western_with_origin).map_err(|e| e.to_string()),
                &western_with_origin,
            );
        }
    }
}

/// The Western text with the origin written even where it is not needed.
fn with_origin(western: &str, origin: &str) -> String {
    let letters = if western.starts_with('+') { 2 } else { 1 };
    let (piece, rest) = western.split_at(letters);
    if rest.starts_with(|c: char| c.is_ascii_digit()) {
        western.to_owned()
    } else {
        format!("{piece}{origin}{rest}")
    }
}

/// The table holds every word and combination of words, for 金-like pieces,
/// 銀, 桂, the major pieces and 龍/馬, both sides, with 同, with promotion
/// and without.
#[test]
fn table_covers_every_disambiguation() {
    let rows = table();
    let has = |pred: &dyn Fn(&Row) -> bool, what: &str| {
        assert!(rows.iter().any(pred), "no row for {what}");
    };
    let words = |j: &str| -> String {
        j.trim_end_matches("不成")
            .trim_end_matches('成')
            .chars()
            .rev()
            .take_while(|c| "右左直上引寄".contains(*c))
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect()
    };
    for combo in [
        "右", "左", "直", "上", "引", "寄", "右上", "右引", "右寄", "左上", "左引", "左寄",
    ] {
        for mark in ['▲', '△'] {
            has(
                &|r| r.japanese.starts_with(mark) && words(r.japanese) == combo,
                &format!("{mark} {combo}"),
            );
        }
    }
    for (piece, combos) in [
        (
            "金",
            &[
                "右", "左", "直", "上", "引", "寄", "右上", "右寄", "左上", "左寄",
            ][..],
        ),
        (
            "銀",
            &["右", "左", "直", "上", "引", "右上", "右引", "左上", "左引"][..],
        ),
        (
            "と",
            &[
                "右", "左", "直", "上", "引", "寄", "右上", "右寄", "左上", "左寄",
            ][..],
        ),
        ("成銀", &["直", "寄", "左上"][..]),
        ("成桂", &["直", "寄", "右寄"][..]),
        ("成香", &["直", "寄", "左寄"][..]),
        ("桂", &["右", "左"][..]),
        ("角", &["右", "左", "上", "引"][..]),
        ("飛", &["右", "左", "上", "引", "寄"][..]),
        ("龍", &["右", "左", "上", "引", "寄"][..]),
        ("馬", &["右", "左", "上", "引", "寄"][..]),
    ] {
        for combo in combos {
            has(
                &|r| r.japanese.contains(&format!("{piece}{combo}")) && words(r.japanese) == *combo,
                &format!("{piece}{combo}"),
            );
        }
    }
    has(&|r| r.japanese.ends_with('打'), "a drop with 打");
    has(
        &|r| r.usi.contains('*') && !r.japanese.ends_with('打'),
        "a drop without 打",
    );
    has(&|r| r.japanese.contains("同　"), "同 with a space");
    has(
        &|r| r.japanese.contains("同成"),
        "同 before a promoted piece",
    );
    has(
        &|r| r.japanese.contains('同') && words(r.japanese).chars().count() == 1,
        "同 with a word",
    );
    has(
        &|r| r.japanese.contains('同') && r.japanese.ends_with('成'),
        "同 with 成",
    );
    has(&|r| r.japanese.ends_with("不成"), "不成");
    has(
        &|r| r.japanese.ends_with("不成") && words(r.japanese).chars().count() == 2,
        "two words and 不成",
    );
    has(&|r| r.western.ends_with('='), "Western =");
    // Forced promotions: a pawn or lance to the last rank, a knight to the last two.
    for (piece, ranks) in [("歩", "一"), ("香", "一"), ("桂", "一二")] {
        for (mark, ranks) in [('▲', ranks.to_owned()), ('△', flip_ranks(ranks))] {
            has(
                &|r| {
                    r.japanese.starts_with(mark)
                        && r.japanese.ends_with(&format!("{piece}成"))
                        && ranks.chars().any(|k| r.japanese.chars().nth(2) == Some(k))
                },
                &format!("{mark} forced {piece}成"),
            );
        }
    }
    has(
        &|r| r.japanese.ends_with("歩不成"),
        "a pawn that could promote and does not",
    );
    has(
        &|r| r.japanese.ends_with("角不成") && r.western.ends_with('='),
        "a bishop that could promote and does not",
    );
    has(
        &|r| {
            Position::from_sfen(r.sfen)
                .is_ok_and(|p| p.turn() == Color::Gote && r.source.starts_with("ki2"))
        },
        "Gote moves from records",
    );
}

fn flip_ranks(ranks: &str) -> String {
    const KANJI: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
    ranks
        .chars()
        .filter_map(|c| KANJI.iter().position(|&k| k == c).map(|i| KANJI[8 - i]))
        .collect()
}

/// Checks every legal move of `pos`: each notation parses back to the move,
/// and no two moves share a text.
fn check_all_moves(pos: &Position, previous: Option<Move>) -> Result<(), TestCaseError> {
    let moves = pos.legal_moves();
    let mut texts: [HashSet<String>; 5] = Default::default();
    for &m in moves.iter() {
        let at = || format!("{m} at {pos} after {previous:?}");
        let w = western::format(pos, m);
        prop_assert_eq!(
            western::parse(pos, &w).ok(),
            Some(m),
            "western {} {}",
            w,
            at()
        );
        let j = japanese::format(pos, m, previous, Mark::Triangle);
        prop_assert_eq!(
            japanese::parse(pos, &j, previous).ok(),
            Some(m),
            "japanese {} {}",
            j,
            at()
        );
        let plain = japanese::format(pos, m, previous, Mark::None);
        prop_assert_eq!(
            japanese::parse(pos, &plain, previous).ok(),
            Some(m),
            "japanese {} {}",
            plain,
            at()
        );
        let k = japanese::format_kif(m, previous);
        prop_assert_eq!(
            japanese::parse(pos, &k, previous).ok(),
            Some(m),
            "kif {} {}",
            k,
            at()
        );
        let c = csa::format(pos, m);
        prop_assert_eq!(csa::parse(pos, &c).ok(), Some(m), "csa {} {}", c, at());
        for (set, text) in texts.iter_mut().zip([w, j, plain, k, c]) {
            prop_assert!(
                set.insert(text.clone()),
                "two legal moves are written {} at {}",
                text,
                pos
            );
        }
    }
    Ok(())
}

const STARTS: &[&str] = &[
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    /// Along random playouts, every legal move in every notation parses back
    /// to itself, and no two legal moves of a position share a text.
    #[test]
    fn every_legal_move_round_trips(start in 0..STARTS.len(), choices in prop::collection::vec(any::<u16>(), 0..200)) {
        let mut pos = Position::from_sfen(STARTS[start]).unwrap();
        let mut previous = None;
        for choice in choices {
            check_all_moves(&pos, previous)?;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[usize::from(choice) % moves.len()];
            pos.play_unchecked(m);
            previous = Some(m);
        }
    }

    /// The same in crowded positions: many pieces of one kind around one
    /// area, where the words and origins are needed most.
    #[test]
    fn crowded_positions_round_trip(
        kind in prop::sample::select(vec!["G", "S", "+P", "+L", "+N", "+S", "N", "B", "R", "+B", "+R"]),
        gote in any::<bool>(),
        squares in prop::collection::vec((1u8..=9, 1u8..=9), 2..8),
        hand in any::<bool>(),
    ) {
        let piece = if gote { kind.to_lowercase() } else { kind.to_owned() };
        let mut board = [[""; 9]; 9];
        board[0][4] = "k";
        board[8][4] = "K";
        let limit = match kind { "B" | "R" | "+B" | "+R" => 2, "+P" => 8, _ => 4 };
        let mut placed = 0;
        for (file, rank) in squares {
            let cell = &mut board[usize::from(rank - 1)][usize::from(9 - file)];
            if cell.is_empty() && placed < limit {
                *cell = &piece;
                placed += 1;
            }
        }
        let rows: Vec<String> = board.iter().map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for cell in row {
                if cell.is_empty() { empty += 1; continue; }
                if empty > 0 { s.push_str(&empty.to_string()); empty = 0; }
                s.push_str(cell);
            }
            if empty > 0 { s.push_str(&empty.to_string()); }
            s
        }).collect();
        let in_hand = match (hand, kind) {
            (true, "G" | "S" | "N" | "B" | "R") => if gote { kind.to_lowercase() } else { kind.to_owned() },
            _ => "-".to_owned(),
        };
        let sfen = format!("{} {} {in_hand} 1", rows.join("/"), if gote { 'w' } else { 'b' });
        if let Ok(pos) = Position::from_sfen(&sfen) {
            check_all_moves(&pos, None)?;
        }
    }

    /// The parsers never panic, whatever the text.
    #[test]
    fn parsers_never_panic(text in "\\PC{0,12}", start in 0..STARTS.len()) {
        let pos = Position::from_sfen(STARTS[start]).unwrap();
        let previous = pos.legal_moves().first().copied();
        let _ = western::parse(&pos, &text);
        let _ = japanese::parse(&pos, &text, previous);
        let _ = japanese::parse(&pos, &text, None);
        let _ = csa::parse(&pos, &text);
    }

    /// Nor on text made of the characters of the notations.
    #[test]
    fn parsers_never_panic_on_notation_characters(
        text in "[▲△☗☖▼▽同　 1-9１-９一二三四五六七八九歩香桂銀金角飛玉王と杏圭全馬龍竜成不生打右左直上引寄行()（）PLNSGBRKDHT+=x*a-i0-]{0,14}",
    ) {
        let pos = Position::from_sfen(STARTS[1]).unwrap();
        let previous = pos.legal_moves().first().copied();
        let _ = western::parse(&pos, &text);
        let _ = japanese::parse(&pos, &text, previous);
        let _ = csa::parse(&pos, &text);
    }
}

fn startpos_after(moves: &[&str]) -> (Position, Option<Move>) {
    let mut pos = Position::startpos();
    let mut last = None;
    for usi in moves {
        let m = pos.parse_usi_move(usi).unwrap();
        pos.play(m).unwrap();
        last = Some(m);
    }
    (pos, last)
}

#[test]
fn western_reads_the_forms_seen_in_the_wild() {
    let pos = Position::startpos();
    for text in [
        "P-7f", "P7g-7f", "P-76", "P77-76", "P76", "P7f", "P7g7f", " P-7f ",
    ] {
        assert_eq!(
            western::parse(&pos, text).map(|m| m.to_string()),
            Ok("7g7f".to_owned()),
            "{text}"
        );
    }
    // D, H and T for dragon, horse and tokin; a missing `=` reads as no promotion.
    let pos = Position::from_sfen("4k4/9/4+P4/9/1+R2+B4/9/9/9/4K4 b - 1").unwrap();
    assert_eq!(western::parse(&pos, "D-8c").unwrap().to_string(), "8e8c");
    assert_eq!(western::parse(&pos, "H-4d").unwrap().to_string(), "5e4d");
    assert_eq!(western::parse(&pos, "T-5b").unwrap().to_string(), "5c5b");
    assert_eq!(western::parse(&pos, "+R-8c").unwrap().to_string(), "8e8c");
    let pos =
        Position::from_sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")
            .unwrap();
    assert_eq!(western::parse(&pos, "Bx2b").unwrap().to_string(), "8h2b");
    assert_eq!(western::parse(&pos, "B-2b=").unwrap().to_string(), "8h2b");
    assert_eq!(
        western::parse(&pos, "B8hx2b+").unwrap().to_string(),
        "8h2b+"
    );
    // A drop is written with `*`; without a sign a board move comes first.
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b S 1").unwrap();
    assert_eq!(western::parse(&pos, "S*5b").unwrap().to_string(), "S*5b");
    assert_eq!(western::parse(&pos, "S5b").unwrap().to_string(), "S*5b");
}

#[test]
fn western_errors() {
    let pos = Position::startpos();
    let syntax = |text: &str| match western::parse(&pos, text) {
        Err(WesternError::Syntax { column, .. }) => column,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(syntax(""), 1);
    assert_eq!(syntax("Q-7f"), 1);
    assert_eq!(syntax("+G-5h"), 2);
    assert_eq!(syntax("P-7"), 4);
    assert_eq!(syntax("P-7j"), 4);
    assert_eq!(syntax("P-7f!"), 5);
    assert_eq!(syntax("P7g*7f"), 4);
    assert_eq!(syntax("P"), 2);
    match western::parse(&pos, "G-5h") {
        Err(WesternError::Ambiguous { candidates, .. }) => {
            let mut c: Vec<String> = candidates.iter().map(ToString::to_string).collect();
            c.sort();
            assert_eq!(c, ["4i5h", "6i5h"]);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        western::parse(&pos, "Px7f"),
        Err(WesternError::NoSuchMove { .. })
    ));
    assert!(matches!(
        western::parse(&pos, "P-7e"),
        Err(WesternError::NoSuchMove { .. })
    ));
    assert!(matches!(
        western::parse(&pos, "P-7f+"),
        Err(WesternError::NoSuchMove { .. })
    ));
    match western::parse(&pos, "P7g-7e") {
        Err(WesternError::Illegal(e)) => assert_eq!(e.reason(), IllegalReason::NotAPieceMove),
        other => panic!("{other:?}"),
    }
    match western::parse(&pos, "P*5e") {
        Err(WesternError::Illegal(e)) => assert_eq!(e.reason(), IllegalReason::NotInHand),
        other => panic!("{other:?}"),
    }
}

#[test]
fn japanese_reads_the_forms_seen_in_the_wild() {
    let pos = Position::startpos();
    for text in [
        "▲７六歩",
        "☗７六歩",
        "▼７六歩",
        "７六歩",
        "76歩",
        "7六歩",
        "七六歩",
        "７六歩(77)",
        "７六歩（７７）",
        " ▲ ７六歩 ",
    ] {
        assert_eq!(
            japanese::parse(&pos, text, None).map(|m| m.to_string()),
            Ok("7g7f".to_owned()),
            "{text}"
        );
    }
    // Redundant words are accepted; 上 may be written 行.
    assert_eq!(
        japanese::parse(&pos, "▲７六歩上", None)
            .unwrap()
            .to_string(),
        "7g7f"
    );
    assert_eq!(
        japanese::parse(&pos, "▲５八金左上", None)
            .unwrap()
            .to_string(),
        "6i5h"
    );
    assert_eq!(
        japanese::parse(&pos, "▲５八金上左", None)
            .unwrap()
            .to_string(),
        "6i5h"
    );
    assert_eq!(
        japanese::parse(&pos, "▲７八金上", None)
            .unwrap()
            .to_string(),
        "6i7h"
    );
    // 同 with or without a space, and after the square.
    let (pos, last) = startpos_after(&["7g7f", "3c3d", "8h2b+"]);
    for text in [
        "△同　銀",
        "△同銀",
        "△同 銀",
        "△２二同銀",
        "△22同銀",
        "同　銀(31)",
    ] {
        assert_eq!(
            japanese::parse(&pos, text, last).map(|m| m.to_string()),
            Ok("3a2b".to_owned()),
            "{text}"
        );
    }
    // 竜 for 龍, 王 for 玉, one-character promoted pieces, 生 for 不成.
    let pos = Position::from_sfen("4k4/9/2+S1+N1+L2/9/1+R7/9/9/9/4K4 b - 1").unwrap();
    for (text, usi) in [
        ("▲８六竜", "8e8f"),
        ("▲８六龍", "8e8f"),
        ("▲６八王", "5i6h"),
        ("▲６八玉", "5i6h"),
        ("▲７二全", "7c7b"),
        ("▲７二成銀", "7c7b"),
        ("▲５二圭", "5c5b"),
        ("▲３二杏", "3c3b"),
        ("▲３二成香", "3c3b"),
    ] {
        assert_eq!(
            japanese::parse(&pos, text, None).map(|m| m.to_string()),
            Ok(usi.to_owned()),
            "{text}"
        );
    }
    let pos = Position::from_sfen("4k4/9/2S6/9/9/9/9/9/4K4 b - 1").unwrap();
    for text in ["▲７二銀生", "▲７二銀不成", "７二銀不成(73)", "７二銀(73)"] {
        assert_eq!(
            japanese::parse(&pos, text, None).map(|m| m.to_string()),
            Ok("7c7b".to_owned()),
            "{text}"
        );
    }
    assert_eq!(
        japanese::parse(&pos, "７二銀成(73)", None)
            .unwrap()
            .to_string(),
        "7c7b+"
    );
    // Writers that always write 打, and writers that leave out a word for a
    // pinned piece (the silver on 4h is pinned by the dragon on 4i).
    let pos = Position::from_sfen(
        "ln1gg1+L1p/1s1k1g1+R1/p1pppp3/6p2/8B/2P3Pp1/P2PPK2P/3S1S3/L4+rSNL b BN2Pgn2p 55",
    )
    .unwrap();
    assert_eq!(
        japanese::parse(&pos, "▲５九銀左", None)
            .unwrap()
            .to_string(),
        "6h5i"
    );
    assert_eq!(
        japanese::parse(&pos, "▲５九銀", None).unwrap().to_string(),
        "6h5i"
    );
    assert_eq!(
        japanese::format(
            &pos,
            pos.parse_usi_move("6h5i").unwrap(),
            None,
            Mark::Triangle
        ),
        "▲５九銀左"
    );
    assert_eq!(
        japanese::parse(&pos, "▲５五桂打", None)
            .unwrap()
            .to_string(),
        "N*5e"
    );
    assert_eq!(
        japanese::parse(&pos, "▲５五桂", None).unwrap().to_string(),
        "N*5e"
    );
}

#[test]
fn japanese_errors() {
    let pos = Position::startpos();
    let syntax = |text: &str| match japanese::parse(&pos, text, None) {
        Err(JapaneseError::Syntax { column, .. }) => column,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(syntax(""), 1);
    assert_eq!(syntax("▲"), 2);
    assert_eq!(syntax("▲７"), 3);
    assert_eq!(syntax("▲７六"), 4);
    assert_eq!(syntax("▲７六象"), 4);
    assert_eq!(syntax("▲７六成金"), 5);
    assert_eq!(syntax("▲７六歩右左"), 6);
    assert_eq!(syntax("▲７六歩不"), 6);
    assert_eq!(syntax("▲７六歩(7"), 6);
    assert_eq!(syntax("▲７六歩打(77)"), 6);
    assert_eq!(syntax("▲７六歩 x"), 5);
    assert_eq!(syntax("▲０六歩"), 2);
    assert_eq!(
        japanese::parse(&pos, "△３四歩", None),
        Err(JapaneseError::WrongSide {
            written: Color::Gote
        })
    );
    assert_eq!(
        japanese::parse(&pos, "▲同　歩", None),
        Err(JapaneseError::NoPreviousMove { column: 2 })
    );
    match japanese::parse(&pos, "▲５八金", None) {
        Err(JapaneseError::Ambiguous { candidates, .. }) => {
            let mut c: Vec<String> = candidates.iter().map(ToString::to_string).collect();
            c.sort();
            assert_eq!(c, ["4i5h", "6i5h"]);
        }
        other => panic!("{other:?}"),
    }
    for text in [
        "▲７六銀",
        "▲７六歩引",
        "▲７八金左",
        "▲７八金直",
        "▲７六歩打",
    ] {
        assert!(
            matches!(
                japanese::parse(&pos, text, None),
                Err(JapaneseError::NoSuchMove { .. }) | Err(JapaneseError::Illegal(_))
            ),
            "{text}: {:?}",
            japanese::parse(&pos, text, None)
        );
    }
    match japanese::parse(&pos, "７五歩(77)", None) {
        Err(JapaneseError::Illegal(e)) => assert_eq!(e.reason(), IllegalReason::NotAPieceMove),
        other => panic!("{other:?}"),
    }
    match japanese::parse(&pos, "▲７六歩成", None) {
        Err(JapaneseError::Illegal(e)) => assert_eq!(e.reason(), IllegalReason::CannotPromote),
        other => panic!("{other:?}"),
    }
    // A forced promotion must be written 成.
    let pos = Position::from_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1").unwrap();
    match japanese::parse(&pos, "▲９一歩", None) {
        Err(JapaneseError::Illegal(e)) => assert_eq!(e.reason(), IllegalReason::MustPromote),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        japanese::parse(&pos, "▲９一歩成", None)
            .unwrap()
            .to_string(),
        "9b9a+"
    );
    // Promotion does not tell pieces apart: ▲５四銀成 is ambiguous although
    // only the silver on 6c, leaving the zone, could promote.
    let pos = Position::from_sfen("4k4/9/3S5/9/5S3/9/9/9/4K4 b - 1").unwrap();
    assert!(matches!(
        japanese::parse(&pos, "▲５四銀成", None),
        Err(JapaneseError::Ambiguous { .. })
    ));
    assert_eq!(
        japanese::parse(&pos, "▲５四銀引成", None)
            .unwrap()
            .to_string(),
        "6c5d+"
    );
    assert_eq!(
        japanese::parse(&pos, "▲５四銀左成", None)
            .unwrap()
            .to_string(),
        "6c5d+"
    );
}

#[test]
fn csa_reads_and_rejects() {
    let pos = Position::startpos();
    for text in ["+7776FU", "7776FU", " +7776FU\r\n"] {
        assert_eq!(
            csa::parse(&pos, text).map(|m| m.to_string()),
            Ok("7g7f".to_owned()),
            "{text}"
        );
    }
    let syntax = |text: &str| match csa::parse(&pos, text) {
        Err(CsaError::Syntax { column, .. }) => column,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(syntax(""), 1);
    assert_eq!(syntax("+7X76FU"), 2);
    assert_eq!(syntax("+0776FU"), 2);
    assert_eq!(syntax("+7770FU"), 4);
    assert_eq!(syntax("+7776fu"), 6);
    assert_eq!(syntax("+7776FU,T1"), 8);
    assert_eq!(
        csa::parse(&pos, "-3334FU"),
        Err(CsaError::WrongSide {
            written: Color::Gote
        })
    );
    assert!(matches!(
        csa::parse(&pos, "+7776TO"),
        Err(CsaError::Illegal(_))
    ));
    assert!(matches!(
        csa::parse(&pos, "+7776GI"),
        Err(CsaError::NoSuchMove { .. })
    ));
    match csa::parse(&pos, "+0055KA") {
        Err(CsaError::Illegal(e)) => assert_eq!(e.reason(), IllegalReason::NotInHand),
        other => panic!("{other:?}"),
    }
    let (pos, _) = startpos_after(&["7g7f", "3c3d"]);
    assert_eq!(csa::parse(&pos, "+8822UM").unwrap().to_string(), "8h2b+");
    assert_eq!(csa::parse(&pos, "+8822KA").unwrap().to_string(), "8h2b");
}

#[test]
fn error_messages_name_the_problem() {
    let pos = Position::startpos();
    assert_eq!(
        western::parse(&pos, "G-5h").unwrap_err().to_string(),
        "\"G-5h\" is ambiguous: it fits 4i5h, 6i5h"
    );
    assert_eq!(
        japanese::parse(&pos, "▲７六", None)
            .unwrap_err()
            .to_string(),
        "not a Japanese move: expected a piece name such as 歩 or 成銀 at column 4"
    );
    assert_eq!(
        csa::parse(&pos, "-3334FU").unwrap_err().to_string(),
        "the move is signed as gote's, but it is sente's turn"
    );
    assert_eq!(
        japanese::parse(&pos, "７五歩(77)", None)
            .unwrap_err()
            .to_string(),
        "illegal move 7g7e: no piece of the side to move can make that move"
    );
}
