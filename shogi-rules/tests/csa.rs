//! CSA records: every corpus file loads, writing and reading back gives the
//! same record in both versions, and files with a KIF twin agree with it.

mod common;

use std::path::Path;
use std::time::Duration;

use shogi_rules::record::csa::{self, CsaVersion};
use shogi_rules::record::{self, Format, GameRecord, HeaderKey, RecordErrorKind, SpecialMove};
use shogi_rules::{Color, Outcome, Termination};

use common::{Case, check_errors, corpus, files};

fn load(path: &Path) -> GameRecord {
    common::load(path, csa::read)
}

#[test]
fn every_corpus_file_loads_and_round_trips() {
    let mut paths = Vec::new();
    files(&corpus().join("csa"), &mut paths);
    assert!(paths.len() >= 50, "corpus missing: {}", paths.len());
    for path in &paths {
        let rec = load(path);
        for version in [CsaVersion::V22, CsaVersion::V30] {
            let text = csa::write_with(&rec, version);
            let again =
                csa::read(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
            // V2.2 keeps whole seconds only.
            let mut expected = rec.clone();
            if version == CsaVersion::V22 {
                for m in &mut expected.main.moves {
                    if let Some(t) = &mut m.time {
                        t.used = Duration::from_secs(t.used.as_secs());
                    }
                }
            }
            assert_eq!(again, expected, "{} {version:?}", path.display());
        }
    }
}

/// CSA files and the KIF files of the same game (file names alone do not
/// tell: `noeol.csa` is not the game of `noeol.kif`).
const TWINS: [(&str, &str); 6] = [
    ("kifu-for-js/8mai.csa", "kifu-for-js/8mai.kif"),
    ("kifu-for-js/8mai_hirate.csa", "kifu-for-js/8mai.kif"),
    ("kifu-for-js/9fu.csa", "kifu-for-js/9fu.kif"),
    ("kifu-for-js/9fu_komabetsu.csa", "kifu-for-js/9fu.kif"),
    ("kifu-for-js/chudan.csa", "kifu-for-js/chudan.kif"),
    ("kifu-for-js/illegal_lose.csa", "kifu-for-js/illegal.kif"),
];

#[test]
fn moves_agree_with_the_kif_twins() {
    for (csa_file, kif_file) in TWINS {
        let rec = load(&corpus().join("csa").join(csa_file));
        let bytes = std::fs::read(corpus().join("kif").join(kif_file)).unwrap();
        // The KIF reader is tested on its own; compare where it reads the file.
        let Ok(kif) = record::read_as(&bytes, Format::Kif) else {
            continue;
        };
        assert_eq!(rec.start, kif.start, "{csa_file}");
        assert_eq!(rec.moves(), kif.moves(), "{csa_file}");
        assert_eq!(
            rec.main.end.as_ref().map(|e| e.special),
            kif.main.end.as_ref().map(|e| e.special),
            "{csa_file}"
        );
    }
}

#[test]
fn corpus_details() {
    let c = corpus().join("csa");
    let rec = load(&c.join("kifu-for-js/8mai_hirate.csa"));
    assert_eq!(rec.start, load(&c.join("kifu-for-js/8mai.csa")).start);
    assert_eq!(rec.start.turn(), Color::Gote);
    assert_eq!(rec.header(HeaderKey::Sente), Some("shitate"));
    assert_eq!(rec.main.end.as_ref().unwrap().special, SpecialMove::Suspend);
    assert_eq!(
        rec.main.end.as_ref().unwrap().time.unwrap().used,
        Duration::from_secs(39)
    );

    assert_eq!(
        load(&c.join("kifu-for-js/9fu.csa")).start,
        load(&c.join("kifu-for-js/9fu_komabetsu.csa")).start
    );
    let rec = load(&c.join("kifu-for-js/illegal_win.csa"));
    assert_eq!(
        rec.main.end.as_ref().unwrap().special,
        SpecialMove::IllegalWin
    );
    assert_eq!(
        rec.stated_result(),
        Some(Outcome::win(Color::Sente, Termination::IllegalMove))
    );
    let rec = load(&c.join("kifu-for-js/illegal_lose.csa"));
    assert_eq!(
        rec.main.end.as_ref().unwrap().special,
        SpecialMove::IllegalLoss
    );

    // EUC-JP, padded multi-statement lines with comments.
    let rec = load(&c.join("kifu-for-js/2005_YAMADA_GPS.csa"));
    assert_eq!(
        rec.header(HeaderKey::Gote),
        Some("山田将棋 Version 2.18 (LEVEL5)")
    );
    assert_eq!(rec.main.moves[0].comments.len(), 3);
    assert_eq!(rec.main.moves[0].comments[2].text, "   1手目  ▲7六歩");

    // Floodgate: the result from the summary comment when there is no % line.
    let rec = load(&c.join("shogi-server/oute_sennichite.csa"));
    assert_eq!(
        rec.main.end.as_ref().unwrap().special,
        SpecialMove::Repetition
    );
    let rec = load(&c.join("shogi-server/uchifuzume.csa"));
    assert!(rec.main.end.is_some());
    let rec = load(&c.join("kifu-for-js/v2.csa"));
    assert_eq!(rec.main.end.as_ref().unwrap().special, SpecialMove::Resign);

    // V3.0 engine comments and tsume positions with 00AL.
    let rec = load(&c.join("shogihome/e2e-scenario27-record.csa"));
    assert_eq!(rec.main.moves[1].comments[0].text, "互角");
    assert_eq!(
        rec.main.moves[1].comments[1].kind,
        record::CommentKind::Engine
    );
    let rec = load(&c.join("shogi-kifu-converter/csa-tsumeshogi.csa"));
    assert_eq!(
        rec.main.end.as_ref().unwrap().special,
        SpecialMove::Checkmate
    );
    let rec = load(&c.join("shogi-kifu-converter/csa-initial_2.csa"));
    assert_eq!(rec.handicap, Some(record::Handicap::TwoPieces));
    assert!(csa::write(&rec).contains("PI82HI22KA\n-\n"));
}

#[test]
fn errors_name_line_column_and_kind() {
    let cases: [Case; 6] = [
        ("PI\n+\n+7776FU\n-3334FU\n+7775FU\n", 5, 1, |k| {
            matches!(k, RecordErrorKind::IllegalMove { ply: 3, .. })
        }),
        ("PI\n+\n+7776FU,T1,+2726FU\n", 3, 12, |k| {
            matches!(k, RecordErrorKind::BadMoveText(_))
        }),
        ("PI\n+\n+7776FU\n@@\n", 4, 1, |k| {
            matches!(k, RecordErrorKind::UnexpectedLine(_))
        }),
        ("PI\n+\n+7776FU\nTx\n", 4, 1, |k| {
            matches!(k, RecordErrorKind::BadTime(_))
        }),
        ("PI\n+\n%TORYO\n+7776FU\n", 4, 1, |k| {
            matches!(k, RecordErrorKind::MoveAfterEnd)
        }),
        ("P1 * \n+\n", 1, 1, |k| {
            matches!(k, RecordErrorKind::BadPosition(_))
        }),
    ];
    check_errors(&cases, csa::read, Format::Csa);
}

#[test]
fn writes_both_versions() {
    let text = "V2.2\nN+a\nN-b\n$TIME_LIMIT:00:25+00\nPI\n+\n+7776FU\nT1.25\n%TORYO\n";
    let rec = csa::read(text).unwrap();
    assert_eq!(
        csa::write(&rec),
        "V2.2\nN+a\nN-b\n$TIME_LIMIT:00:25+00\nPI\n+\n+7776FU\nT1\n%TORYO\n"
    );
    assert_eq!(
        csa::write_with(&rec, CsaVersion::V30),
        "'CSA encoding=UTF-8\nV3.0\nN+a\nN-b\n$TIME_LIMIT:00:25+00\nPI\n+\n+7776FU\nT1.25\n%TORYO\n"
    );
}
