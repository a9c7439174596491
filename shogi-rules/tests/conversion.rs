//! Conversion between formats: what a format can hold survives writing and
//! reading back, and what it cannot is listed in `Written::dropped`.

// JKF is one of the formats converted: these tests need the `jkf` feature (on by default).
#![cfg(feature = "jkf")]

// Only the corpus helpers of the shared test module are used here.
#[allow(dead_code)]
mod common;

use std::path::PathBuf;
use std::time::Duration;

use shogi_rules::Color;
use shogi_rules::record::{
    self, Dropped, Format, GameRecord, HeaderKey, LineId, SpecialMove, WalkOrder, read_str_as,
};

const FORMATS: [Format; 5] = [
    Format::Kif,
    Format::Ki2,
    Format::Csa,
    Format::Jkf,
    Format::Usi,
];

/// The headers as a reader of any format gives them back: a known key with
/// its value (the name of a key differs between formats: `先手`, `N+`), or
/// the name and value of any other header.
fn headers(r: &GameRecord) -> Vec<(HeaderKey, String, String)> {
    r.headers
        .iter()
        .map(|h| {
            let name = if h.key == HeaderKey::Other {
                h.name.clone()
            } else {
                String::new()
            };
            (h.key, name, h.value.clone())
        })
        .collect()
}

/// Where two records first differ, in a few words (the records can be
/// large).
fn first_difference(a: &GameRecord, b: &GameRecord) -> Option<String> {
    let short = |s: String| s.chars().take(300).collect::<String>();
    if a.start != b.start || a.handicap != b.handicap {
        return Some(format!("start {:?} / {:?}", a.start, b.start));
    }
    if a.start_comments != b.start_comments {
        return Some(short(format!(
            "start comments {:?} / {:?}",
            a.start_comments, b.start_comments
        )));
    }
    for (i, (x, y)) in a.main.moves.iter().zip(&b.main.moves).enumerate() {
        if x != y {
            return Some(short(format!("move {}: {x:?} / {y:?}", i + 1)));
        }
    }
    if a.main.moves.len() != b.main.moves.len() {
        return Some(format!(
            "{} / {} moves",
            a.main.moves.len(),
            b.main.moves.len()
        ));
    }
    if a.main.end != b.main.end {
        return Some(short(format!("end {:?} / {:?}", a.main.end, b.main.end)));
    }
    (a != b).then(|| "variations".to_owned())
}

/// The record with every missing total filled with the mover's running
/// total, which is what a missing total means (readers of formats without
/// totals, CSA, give it).
fn with_totals(r: &GameRecord) -> GameRecord {
    use std::collections::HashMap;
    let mut out = r.clone();
    // The totals before each move of each line, parents first.
    let mut before: HashMap<LineId, Vec<[Duration; 2]>> = HashMap::new();
    let ids: Vec<(LineId, Color)> = r
        .walk(WalkOrder::EarliestFirst)
        .map(|v| (v.id, v.position.turn()))
        .collect();
    for (id, first_turn) in ids {
        let mut totals = match r.branch_point(id) {
            Some((parent, index)) => before
                .get(&parent)
                .and_then(|t| t.get(index).copied())
                .unwrap_or_default(),
            None => [Duration::ZERO; 2],
        };
        let Some(line) = out.line_mut(id) else {
            continue;
        };
        let mut turn = first_turn;
        let mut seen = Vec::with_capacity(line.moves.len() + 1);
        for m in &mut line.moves {
            seen.push(totals);
            if let Some(t) = m.time.as_mut() {
                let total = *t.total.get_or_insert(totals[turn.index()] + t.used);
                totals[turn.index()] = total;
            }
            turn = turn.opposite();
        }
        seen.push(totals);
        if let Some(t) = line.end.as_mut().and_then(|e| e.time.as_mut()) {
            t.total.get_or_insert(totals[turn.index()] + t.used);
        }
        before.insert(id, seen);
    }
    out
}

fn corpus_records() -> Vec<(PathBuf, GameRecord)> {
    let mut paths = Vec::new();
    common::files(&common::corpus(), &mut paths);
    paths
        .into_iter()
        .filter_map(|p| {
            let bytes = std::fs::read(&p).ok()?;
            record::read(&bytes).ok().map(|r| (p, r))
        })
        .collect()
}

#[test]
fn nothing_is_lost_unless_it_is_listed() {
    let records = corpus_records();
    assert!(records.len() > 200, "{} corpus records", records.len());
    let mut lossless = 0;
    for (path, original) in &records {
        for format in FORMATS {
            let written = original.write(format).unwrap();
            let back = read_str_as(&written.text, format)
                .unwrap_or_else(|e| panic!("{}: {format}: {e}", path.display()));
            if !written.dropped.is_empty() {
                // What is listed is really missing from the text.
                for d in &written.dropped {
                    match d {
                        Dropped::Variations { count } => {
                            assert_eq!(back.variation_count(), 0);
                            assert_eq!(*count, original.variation_count());
                        }
                        Dropped::Header { name } => assert!(
                            back.headers.len() < original.headers.len(),
                            "{}: {format}: {name}",
                            path.display()
                        ),
                        _ => {}
                    }
                }
                continue;
            }
            lossless += 1;
            let at = || format!("{}: written as {format}", path.display());
            assert_eq!(headers(&back), headers(original), "{}", at());
            let (mut a, mut b) = (with_totals(original), with_totals(&back));
            a.headers.clear();
            b.headers.clear();
            if let Some(d) = first_difference(&a, &b) {
                panic!("{}: {d}", at());
            }
        }
    }
    assert!(lossless > records.len(), "{lossless} lossless conversions");
}

#[test]
fn every_header_survives_kif_to_csa_and_back() {
    let kif = "\
開始日時：2024/01/02 10:00
棋戦：第1期テスト戦
棋戦詳細：予選
持ち時間：各10分
消費時間：15▲3△4
秒読み：30秒
手合割：平手
先手：山田
後手：佐藤
先手の戦型：四間飛車
先手の囲い：美濃囲い
備考：テスト
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:03/00:00:03)
   2 ３四歩(33)   ( 0:04/00:00:04)
   3 投了
";
    let original = record::kif::read(kif).unwrap();
    let csa = original.write(Format::Csa).unwrap();
    assert_eq!(csa.dropped, []);
    let from_csa = record::csa::read(&csa.text).unwrap();
    let again = from_csa.write(Format::Kif).unwrap();
    assert_eq!(again.dropped, []);
    let back = record::kif::read(&again.text).unwrap();
    let names = |r: &GameRecord| {
        r.headers
            .iter()
            .map(|h| (h.name.clone(), h.value.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        names(&back),
        names(&original),
        "{}\n{}",
        csa.text,
        again.text
    );
    assert_eq!(back, original);
}

#[test]
fn what_a_format_cannot_hold_is_listed() {
    let kif = "\
手数----指手---------消費時間--
*start
   1 ７六歩(77)   ( 0:03/00:00:03)
&bookmark
   2 ３四歩(33)   ( 0:04/00:00:04)
   3 封じ手

変化：2手
   2 ８四歩(83)   ( 0:01/00:00:01)
";
    let r = record::kif::read(kif).unwrap();
    let dropped = |format| r.write(format).unwrap().dropped;
    assert_eq!(dropped(Format::Kif), []);
    assert_eq!(
        dropped(Format::Csa),
        [
            Dropped::Variations { count: 1 },
            Dropped::Ending {
                ending: SpecialMove::Sealed,
                written_as: Some(SpecialMove::Suspend)
            }
        ]
    );
    assert_eq!(dropped(Format::Ki2), [Dropped::Times { count: 3 }]);
    assert_eq!(
        dropped(Format::Usi),
        [
            Dropped::Variations { count: 1 },
            Dropped::Times { count: 2 },
            Dropped::Comments { count: 2 },
            Dropped::Ending {
                ending: SpecialMove::Sealed,
                written_as: None
            }
        ]
    );
    let mut with_fraction = r.clone();
    if let Some(t) = with_fraction.main.moves[0].time.as_mut() {
        t.used = core::time::Duration::from_millis(3500);
    }
    assert_eq!(
        with_fraction.write(Format::Kif).unwrap().dropped,
        [Dropped::TimeFractions { count: 1 }]
    );
    // A total that is not the running sum: CSA re-counts totals.
    let mut odd_total = r.clone();
    if let Some(t) = odd_total.main.moves[1].time.as_mut() {
        t.total = Some(core::time::Duration::from_secs(60));
    }
    assert!(
        odd_total
            .write(Format::Csa)
            .unwrap()
            .dropped
            .contains(&Dropped::TotalTimes { count: 1 })
    );
    for d in dropped(Format::Usi) {
        assert!(Dropped::ALL_KINDS.contains(&d.kind()));
        assert!(!d.to_string().is_empty());
    }
}
