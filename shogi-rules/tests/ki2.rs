//! KI2 records: every corpus file loads, writing and reading back gives the
//! same record, and files with a twin in another format agree with it.

mod common;

use std::path::Path;

use shogi_rules::record::{
    self, CommentKind, Format, GameRecord, Handicap, HeaderKey, LineId, RecordErrorKind,
    SpecialMove, WalkOrder, ki2,
};
use shogi_rules::{Color, Outcome, Position, Termination};

use common::{Case, check_errors, corpus, files};

fn load(path: &Path) -> GameRecord {
    common::load(path, ki2::read)
}

fn end(rec: &GameRecord) -> Option<SpecialMove> {
    rec.main.end.as_ref().map(|e| e.special)
}

#[test]
fn every_corpus_file_loads_and_round_trips() {
    let mut paths = Vec::new();
    files(&corpus().join("ki2"), &mut paths);
    assert!(paths.len() >= 30, "corpus missing: {}", paths.len());
    for path in &paths {
        let rec = load(path);
        let text = ki2::write(&rec);
        let again = ki2::read(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
        assert_eq!(again, rec, "{}\n{text}", path.display());
        assert_eq!(ki2::write(&again), text, "{}", path.display());
    }
}

/// KI2 files and the files of the same game in other formats.
const TWINS: [(&str, &str); 10] = [
    ("kifu-for-js/8mai.ki2", "kif/kifu-for-js/8mai.kif"),
    ("kifu-for-js/8mai.ki2u", "csa/kifu-for-js/8mai.csa"),
    ("kifu-for-js/9fu.ki2", "csa/kifu-for-js/9fu.csa"),
    ("kifu-for-js/9fu.ki2", "kif/kifu-for-js/9fu.kif"),
    ("kifu-for-js/chudan.ki2", "csa/kifu-for-js/chudan.csa"),
    ("kifu-for-js/fork.ki2", "kif/kifu-for-js/fork.kif"),
    ("kifu-for-js/illegal.ki2", "kif/kifu-for-js/illegal.kif"),
    (
        "mog-core-scala/ki2-game-001.ki2",
        "csa/mog-core-scala/csa-game-001.csa",
    ),
    (
        "mog-core-scala/ki2-game-005.ki2",
        "csa/mog-core-scala/csa-game-002.csa",
    ),
    (
        "shogihome/conversion-input-ki2-sjis.ki2",
        "kif/shogihome/conversion-input-kif-sjis.kif",
    ),
];

#[test]
fn moves_agree_with_the_twins() {
    let mut compared = 0;
    for (ki2_file, twin) in TWINS {
        let rec = load(&corpus().join("ki2").join(ki2_file));
        let bytes = std::fs::read(corpus().join(twin)).unwrap();
        // The other readers are tested on their own; compare where they read the file.
        let Ok(other) = record::read(&bytes) else {
            continue;
        };
        if twin.ends_with(".csa") {
            assert_eq!(rec.start, other.start, "{ki2_file}");
            assert_eq!(rec.moves(), other.moves(), "{ki2_file}");
        } else {
            let n = rec.moves().len().min(other.moves().len());
            assert_eq!(rec.start, other.start, "{ki2_file}");
            assert_eq!(rec.moves()[..n], other.moves()[..n], "{ki2_file}");
            let mut other = without_times(other);
            other.headers = rec.headers.clone();
            other.start_comments = rec.start_comments.clone();
            assert_eq!(rec, other, "{ki2_file}");
        }
        compared += 1;
    }
    assert!(compared >= 5, "{compared}");
}

/// `record` with no times, in every line.
fn without_times(mut record: GameRecord) -> GameRecord {
    let ids: Vec<LineId> = record
        .walk(WalkOrder::EarliestFirst)
        .map(|v| v.id)
        .collect();
    for id in ids {
        let line = record.line_mut(id).unwrap();
        if let Some(end) = &mut line.end {
            end.time = None;
        }
        for m in &mut line.moves {
            m.time = None;
        }
    }
    record
}

#[test]
fn corpus_details() {
    let c = corpus().join("ki2");
    let rec = load(&c.join("kifu-for-js/8mai.ki2"));
    assert_eq!(rec.handicap, Some(Handicap::EightPieces));
    assert_eq!(rec.header(HeaderKey::Sente), Some("shitate"));
    assert_eq!(end(&rec), Some(SpecialMove::Suspend));
    assert!(ki2::write(&rec).contains("△７二金    ▲７六歩    △３二金"));

    let rec = load(&c.join("kifu-for-js/7mai.ki2u"));
    assert_eq!(rec.handicap, Some(Handicap::LeftSevenPieces));

    let rec = load(&c.join("kifu-for-js/9fu.ki2"));
    assert_eq!(end(&rec), Some(SpecialMove::Checkmate));
    assert_eq!(rec.moves().len(), 61);

    let rec = load(&c.join("kifu-for-js/kobayashi_kinsho196702.ki2"));
    assert_eq!(rec.start_comments[0].text, "近代将棋　昭和42年2月号");
    assert_eq!(rec.moves().len(), 49);

    let rec = load(&c.join("kifu-for-js/fork.ki2"));
    assert_eq!(end(&rec), Some(SpecialMove::Resign));
    for i in 0..3 {
        assert_eq!(rec.variations(LineId::MAIN, i).count(), 1);
    }
    let first = rec.variations(LineId::MAIN, 0).next().unwrap();
    let ends: Vec<_> = rec
        .variations(first, 2)
        .map(|l| rec.line(l).unwrap().end.as_ref().map(|e| e.special))
        .collect();
    assert_eq!(ends, [Some(SpecialMove::Repetition)]);

    let rec = load(&c.join("kifu-for-js/illegal.ki2"));
    assert_eq!(end(&rec), Some(SpecialMove::IllegalLoss));
    assert_eq!(
        rec.stated_result(),
        Some(Outcome::win(Color::Gote, Termination::IllegalMove))
    );
    let v = rec
        .line(rec.variations(LineId::MAIN, 0).next().unwrap())
        .unwrap();
    assert_eq!(
        v.end.as_ref().map(|e| e.special),
        Some(SpecialMove::IllegalWin)
    );

    let rec = load(&c.join("kifu-for-js/fuujite.ki2u"));
    assert_eq!(end(&rec), Some(SpecialMove::Sealed));

    // Moves glued together and ▽ marks.
    assert_eq!(
        load(&c.join("mog-core-scala/ki2-game-003.ki2"))
            .moves()
            .len(),
        34
    );
    assert_eq!(
        load(&c.join("mog-core-scala/ki2-game-004.ki2"))
            .moves()
            .len(),
        27
    );

    let rec = load(&c.join("shogihome/encoding-utf8.ki2"));
    assert_eq!(rec.main.moves[1].comments[0].kind, CommentKind::Engine);
    assert_eq!(rec.main.moves[1].comments[2].text, "#評価値=-60");
}

#[test]
fn errors_name_line_column_and_kind() {
    let cases: [Case; 9] = [
        (
            "▲７六歩 △３四歩\n▲２二角成 △同　金\n",
            2,
            7,
            |k| matches!(k, RecordErrorKind::NoSuchMove { ply: 4 }),
        ),
        (
            "▲７六歩 △３四歩 ▲７五歩\n△同　歩\n",
            2,
            1,
            |k| matches!(k, RecordErrorKind::NoSuchMove { ply: 4 }),
        ),
        ("▲５八金\n", 1, 1, |k| {
            matches!(k, RecordErrorKind::AmbiguousMove { ply: 1 })
        }),
        ("▲７六歩 △３四歩 ▲５五歩打\n", 1, 11, |k| {
            matches!(k, RecordErrorKind::IllegalMove { ply: 3, .. })
        }),
        ("▲７六歩 △３四歩 ▲７六歩Ｘ\n", 1, 15, |k| {
            matches!(k, RecordErrorKind::BadMoveText(_))
        }),
        ("手合割：謎\n▲７六歩\n", 1, 5, |k| {
            matches!(k, RecordErrorKind::UnknownHandicap(_))
        }),
        ("後手の持駒：歩x\n▲７六歩\n", 1, 8, |k| {
            matches!(k, RecordErrorKind::BadPosition(_))
        }),
        ("  手数＝x\n▲７六歩\n", 1, 6, |k| {
            matches!(k, RecordErrorKind::BadPosition(_))
        }),
        (
            "▲７六歩\nまで1手で後手の勝ち\n△３四歩\n",
            3,
            1,
            |k| matches!(k, RecordErrorKind::MoveAfterEnd),
        ),
    ];
    check_errors(&cases, ki2::read, Format::Ki2);
}

#[test]
fn reads_every_start_name_kif_reads() {
    for name in ["両香落ち", "九枚落ち", "香落ち", "平手"] {
        let text = format!("手合割：{name}\n");
        let ki2 = ki2::read(&text).unwrap();
        let kif = shogi_rules::record::kif::read(&text).unwrap();
        assert_eq!(ki2.start, kif.start, "{name}");
    }
}

#[test]
fn writes_words_only_where_needed() {
    let pos = Position::from_sfen("4k4/9/9/9/3G5/3GG4/9/9/4K4 b G 1").unwrap();
    let mut rec = GameRecord::new(pos.clone());
    rec.main
        .moves
        .push(record::RecordMove::new(pos.parse_usi_move("6f5e").unwrap()));
    let text = ki2::write(&rec);
    assert!(text.contains("▲５五金左上\n"), "{text}");
    assert!(text.contains("先手の持駒：金　\n"), "{text}");
    assert_eq!(ki2::read(&text).unwrap(), rec);
}
