//! KIF records: every KIF file of the corpus (`tests/data/corpus/kif/`, written by Kifu for
//! Windows, ShogiGUI, Shogidokoro, ShogiHome, 81Dojo, Shogi Wars exporters and others; sources
//! in `tests/data/corpus/PROVENANCE.md`) loads, and writing a record and reading it back gives
//! the same record; the few files that break the format or record an illegal move are listed
//! with the line and kind of their error. Then the details: times, endings, diagrams,
//! variations, errors with their line and column, and the failures seen in other libraries.

use std::path::{Path, PathBuf};
use std::time::Duration;

use shogi_rules::record::{
    self, CommentKind, GameRecord, Handicap, HeaderKey, LineId, RecordErrorKind, SpecialMove, kif,
};
use shogi_rules::{Color, IllegalReason, Position};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/corpus/kif");

fn corpus_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            corpus_files(&path, out);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("kif" | "kifu")
        ) {
            out.push(path);
        }
    }
}

/// Files that must be rejected, with the line and the kind of the error.
fn expected_failure(name: &str) -> Option<(usize, RecordErrorKind)> {
    Some(match name {
        // Move 5 is written twice.
        "kifu-for-js/fork-test.kif" => (
            18,
            RecordErrorKind::MoveNumber {
                expected: 6,
                found: 5,
            },
        ),
        // `122 投了` followed by `123 中断`.
        "mog-core-scala/kif-game-012.kif" => (138, RecordErrorKind::MoveAfterEnd),
        _ => return None,
    })
}

fn corpus_name(path: &Path) -> String {
    path.strip_prefix(CORPUS)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

fn load(path: &Path) -> Result<GameRecord, record::RecordError> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // Three files declare `encoding=UTF-8` but are CP932 conversions of
    // their `.kifu` twins: the decoder falls back to detection for them.
    let text = record::decode(&bytes)?.0;
    kif::read(&text)
}

fn read(text: &str) -> GameRecord {
    kif::read(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn round_trip(record: &GameRecord) {
    let written = kif::write(record);
    let again = kif::read(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(&again, record, "{written}");
}

#[test]
fn every_corpus_file_loads_and_round_trips() {
    let mut files = Vec::new();
    corpus_files(Path::new(CORPUS), &mut files);
    files.sort();
    assert!(files.len() >= 100, "{} KIF files in {CORPUS}", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let name = corpus_name(path);
        match (load(path), expected_failure(&name)) {
            (Ok(record), None) => {
                let written = kif::write(&record);
                match kif::read(&written) {
                    Ok(again) if again == record => {}
                    Ok(_) => failures.push(format!("{name}: the round trip differs")),
                    Err(e) => failures.push(format!("{name}: the written file fails: {e}")),
                }
            }
            (Err(e), None) => failures.push(format!("{name}: {e}")),
            (Ok(_), Some(_)) => failures.push(format!("{name}: loads, but must fail")),
            (Err(e), Some((line, kind))) => {
                if (e.line, &e.kind) != (line, &kind) {
                    failures.push(format!("{name}: {e}; expected line {line}: {kind}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} files fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

const HEADER: &str = "手合割：平手\n手数----指手---------消費時間--\n";

#[test]
fn reads_moves_times_and_the_ending() {
    let r = read(
        "開始日時：2024/01/02 10:00:00\n先手：A\n後手:B\n手合割：平手　　\n\
         手数----指手---------消費時間--\n\
            1 ７六歩(77)   ( 0:16/00:00:16)\n\
            2 ３四歩(33)   (01:42 / 00:01:42)\n\
            3 ２二角成(88) ( 0:7/)\n\
            4 同　銀(31)   (0:5/0:0:5)\n\
            5 ４五角打     (75:03/01:20:00)+\n\
            6 投了\n\
         まで5手で先手の勝ち\n",
    );
    assert_eq!(r.header(HeaderKey::StartTime), Some("2024/01/02 10:00:00"));
    assert_eq!(r.header(HeaderKey::Sente), Some("A"));
    assert_eq!(r.header(HeaderKey::Gote), Some("B"));
    assert_eq!(r.header(HeaderKey::Handicap), Some("平手"));
    let usi: Vec<String> = r.moves().iter().map(ToString::to_string).collect();
    assert_eq!(usi, ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    let times: Vec<_> = r.main.moves.iter().map(|m| m.time.expect("time")).collect();
    assert_eq!(times[0].used, Duration::from_secs(16));
    assert_eq!(times[0].total, Some(Duration::from_secs(16)));
    assert_eq!(times[1].used, Duration::from_secs(102));
    assert_eq!(times[2].used, Duration::from_secs(7));
    assert_eq!(times[2].total, None);
    assert_eq!(times[3].total, Some(Duration::from_secs(5)));
    assert_eq!(times[4].used, Duration::from_secs(75 * 60 + 3));
    let end = r.main.end.as_ref().expect("end");
    assert_eq!(end.special, SpecialMove::Resign);
    assert_eq!(r.stated_result().and_then(|o| o.winner), Some(Color::Sente));
    round_trip(&r);
}

#[test]
fn accepts_any_line_ending_and_trailing_spaces() {
    let lf = read("手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)");
    let crlf = read("手合割：平手　　\r\n   1 ７六歩(77)   \r\r\n   2 ３四歩(33)\u{3000}\r\n");
    assert_eq!(lf, crlf);
    assert_eq!(lf.moves().len(), 2);
}

#[test]
fn an_engine_comment_does_not_swallow_the_next_move() {
    let r = read(&format!(
        "{HEADER}   1 ７六歩(77)\n**評価値=35\n**対局 深さ 8 読み筋 △３四歩(33)\n   2 ３四歩(33)\n*普通\n&しおり\n   3 ２六歩(27)\n"
    ));
    assert_eq!(r.moves().len(), 3);
    let c = &r.main.moves[0].comments;
    assert_eq!(c.len(), 2);
    assert_eq!(c[0].kind, CommentKind::Engine);
    assert_eq!(c[0].text, "評価値=35");
    let c = &r.main.moves[1].comments;
    assert_eq!(
        (c[0].kind, c[0].text.as_str()),
        (CommentKind::Normal, "普通")
    );
    assert_eq!(
        (c[1].kind, c[1].text.as_str()),
        (CommentKind::Bookmark, "しおり")
    );
    round_trip(&r);
}

const DIAGRAM: &str = "  ９ ８ ７ ６ ５ ４ ３ ２ １\n\
+---------------------------+\n\
| ・ ・ ・ ・ ・ ・v香 ・ ・|一\n\
| ・ ・ ・ ・ ・ ・v桂v玉 ・|二\n\
| ・ ・ ・ ・ ・ ・v歩v歩 ・|三\n\
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n\
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n\
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n\
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n\
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n\
| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n\
+---------------------------+\n";

#[test]
fn a_half_width_space_in_a_hand_line_is_a_separator() {
    let r = read(&format!(
        "後手の持駒：飛 金三 銀四　桂三 香三 歩十六\n{DIAGRAM}先手の持駒：角二 金\n手数----指手---------消費時間--\n   1 ２一角打\n"
    ));
    let gote = r.start.hand(Color::Gote);
    assert_eq!(gote.get(shogi_rules::Role::Rook), 1);
    assert_eq!(gote.get(shogi_rules::Role::Gold), 3);
    assert_eq!(gote.get(shogi_rules::Role::Pawn), 16);
    let sente = r.start.hand(Color::Sente);
    assert_eq!(sente.get(shogi_rules::Role::Bishop), 2);
    assert_eq!(sente.get(shogi_rules::Role::Gold), 1);
    assert_eq!(r.handicap, None);
    round_trip(&r);
}

#[test]
fn a_diagram_wins_over_the_handicap_line_and_sets_the_move_number() {
    let r = read(&format!(
        "手合割：平手\n後手の持駒：なし\n{DIAGRAM}先手の持駒：金\n後手番\n手数＝40  ▲５五角  まで\n\
         手数----指手---------消費時間--\n  41 ２四歩(23)\n  42 ２三金打\n  43 投了\n"
    ));
    assert_eq!(r.start.turn(), Color::Gote);
    assert_eq!(r.start.move_number(), 41);
    assert_eq!(r.moves().len(), 2);
    // Resignation with Gote to move: Sente wins.
    assert_eq!(r.stated_result().and_then(|o| o.winner), Some(Color::Sente));
    round_trip(&r);
    let wrong = kif::read(&format!(
        "後手の持駒：なし\n{DIAGRAM}先手の持駒：金\n後手番\n手数＝40\n   1 ２四歩(23)\n"
    ))
    .unwrap_err();
    assert_eq!(
        wrong.kind,
        RecordErrorKind::MoveNumber {
            expected: 41,
            found: 1
        }
    );
}

#[test]
fn handicap_names() {
    for h in Handicap::ALL {
        let r = read(&format!("手合割：{}\n", h.kif_name()));
        assert_eq!(r.handicap, Some(h));
        assert_eq!(r.start, h.position());
    }
    let r = read("手合割：両香落ち\n上手：a\n下手：b\n   1 ５二玉(51)\n");
    assert_eq!(r.start.turn(), Color::Gote);
    assert_eq!(r.header(HeaderKey::Gote), Some("a"));
    assert_eq!(r.header(HeaderKey::Sente), Some("b"));
    round_trip(&r);
    let e = kif::read("先手：x\n手合割：トンボ\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 5));
    assert_eq!(
        e.kind,
        RecordErrorKind::UnknownHandicap("トンボ".to_owned())
    );
    let r = read(&format!(
        "手合割：詰将棋\n後手の持駒：なし\n{DIAGRAM}先手の持駒：金\n"
    ));
    assert_eq!(r.start.hand(Color::Sente).get(shogi_rules::Role::Gold), 1);
}

#[test]
fn every_terminal_word_and_the_summary() {
    let cases = [
        ("投了", SpecialMove::Resign),
        ("中断", SpecialMove::Suspend),
        ("千日手", SpecialMove::Repetition),
        ("持将棋", SpecialMove::Impasse),
        ("切れ負け", SpecialMove::TimeUp),
        ("時間切れ", SpecialMove::TimeUp),
        ("Time-up", SpecialMove::TimeUp),
        ("反則勝ち", SpecialMove::IllegalWin),
        ("反則負け", SpecialMove::IllegalLoss),
        ("入玉勝ち", SpecialMove::DeclareWin),
        ("詰み", SpecialMove::Checkmate),
        ("詰", SpecialMove::Checkmate),
        ("不詰", SpecialMove::NoMate),
        ("封じ手", SpecialMove::Sealed),
        ("不戦勝", SpecialMove::ForfeitWin),
        ("不戦敗", SpecialMove::ForfeitLoss),
    ];
    for (word, special) in cases {
        let r = read(&format!(
            "{HEADER}   1 ７六歩(77)\n   2 {word}   ( 0:03/00:00:03)\n*後\n"
        ));
        let end = r.main.end.as_ref().expect("end");
        assert_eq!(end.special, special, "{word}");
        assert_eq!(end.comments.len(), 1);
        round_trip(&r);
    }
    let summaries = [
        ("まで1手で先手の勝ち", SpecialMove::Resign),
        ("まで1手で後手の反則勝ち", SpecialMove::IllegalWin),
        ("まで1手で先手の反則勝ち", SpecialMove::IllegalLoss),
        ("まで1手で後手の反則負け", SpecialMove::IllegalLoss),
        ("まで1手で時間切れにより先手の勝ち", SpecialMove::TimeUp),
        ("まで1手詰", SpecialMove::Checkmate),
        ("まで1手で詰み", SpecialMove::Checkmate),
        ("まで1手で千日手", SpecialMove::Repetition),
        ("まで1手で持将棋", SpecialMove::Impasse),
        ("まで1手で中断", SpecialMove::Suspend),
        ("まで1手で封じ手", SpecialMove::Sealed),
    ];
    for (summary, special) in summaries {
        let r = read(&format!("{HEADER}   1 ７六歩(77)\n{summary}\n"));
        assert_eq!(
            r.main.end.as_ref().map(|e| e.special),
            Some(special),
            "{summary}"
        );
        round_trip(&r);
    }
    // The terminal line wins over a summary that disagrees.
    let r = read(&format!(
        "{HEADER}   1 ７六歩(77)\n   2 中断\nまで1手で先手の勝ち\n"
    ));
    assert_eq!(
        r.main.end.as_ref().map(|e| e.special),
        Some(SpecialMove::Suspend)
    );
    let e = kif::read(&format!("{HEADER}   1 ７六歩(77)\nまで1手で何か\n")).unwrap_err();
    assert_eq!((e.line, e.column), (4, 1));
}

#[test]
fn variations_attach_depth_first() {
    let r = read(&format!(
        "{HEADER}   1 ７六歩(77)\n   2 ３四歩(33)+\n   3 ２六歩(27)+\n   4 投了\n\n\
         変化：3手\n   3 ７五歩(76)\n\n\
         変化：2手\n   2 ８四歩(83)\n   3 ６八銀(79)+\n\n\
         変化：3手\n   3 ２六歩(27)\n\n\
         変化：2手\n   2 ５四歩(53)\n"
    ));
    let forks = |id, i| r.variations(id, i).collect::<Vec<LineId>>();
    let line = |id| r.line(id).unwrap();
    assert_eq!(forks(LineId::MAIN, 2).len(), 1);
    let second = forks(LineId::MAIN, 1);
    assert_eq!(second.len(), 2);
    assert_eq!(forks(second[0], 1).len(), 1);
    assert_eq!(line(forks(second[0], 1)[0]).moves[0].mv.to_string(), "2g2f");
    assert_eq!(line(second[1]).moves[0].mv.to_string(), "5c5d");
    round_trip(&r);
    let e = kif::read(&format!(
        "{HEADER}   1 ７六歩(77)\n\n変化：2手\n   2 ３四歩(33)\n"
    ))
    .unwrap_err();
    assert_eq!((e.line, e.kind), (5, RecordErrorKind::BadVariation(2)));
}

#[test]
fn errors_name_their_line_and_column() {
    let e = kif::read(&format!("{HEADER}   1 ７六歩(77)\n   3 ３四歩(33)\n")).unwrap_err();
    assert_eq!((e.line, e.column), (4, 4));
    assert_eq!(
        e.kind,
        RecordErrorKind::MoveNumber {
            expected: 2,
            found: 3
        }
    );

    let e = kif::read(&format!("{HEADER}   1 ７六歩(77)\n   2 ７六歩(77)\n")).unwrap_err();
    assert_eq!((e.line, e.column), (4, 6));
    assert_eq!(
        e.kind,
        RecordErrorKind::IllegalMove {
            ply: 2,
            reason: IllegalReason::NotAPieceMove
        }
    );

    let e = kif::read(&format!("{HEADER}   1 ５五歩打\n")).unwrap_err();
    assert!(matches!(
        e.kind,
        RecordErrorKind::IllegalMove {
            ply: 1,
            reason: IllegalReason::NotInHand
        }
    ));

    let e = kif::read(&format!("{HEADER}   1 ７六歩(77)\nこれは何\n")).unwrap_err();
    assert_eq!((e.line, e.column), (4, 1));
    assert!(matches!(e.kind, RecordErrorKind::UnexpectedLine(_)));

    let e = kif::read(&format!("{HEADER}   1 ７六歩(77) ( 0:x/)\n")).unwrap_err();
    assert!(matches!(e.kind, RecordErrorKind::BadTime(_)));

    let e = kif::read(&format!(
        "{HEADER}   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n"
    ))
    .unwrap_err();
    assert_eq!((e.line, e.kind), (5, RecordErrorKind::MoveAfterEnd));

    let e = kif::read(&format!("{HEADER}   1 ７六金(77)\n")).unwrap_err();
    assert_eq!(e.line, 3);
    let e = kif::read(&format!("{HEADER}   1 ７x歩(77)\n")).unwrap_err();
    assert_eq!((e.line, e.column), (3, 7));
    assert!(matches!(e.kind, RecordErrorKind::BadMoveText(_)));
}

#[test]
fn unknown_headers_and_start_comments_are_kept_in_order() {
    let r = read(
        "# ---- Kifu for Windows ----\n*開始前\n対局ID：123\n手合割：平手\n棋戦詳細：x：y\n\
         手数----指手---------消費時間--\n*開始局面\n&しおり\n   1 ７六歩(77)\n",
    );
    let names: Vec<&str> = r.headers.iter().map(|h| h.name.as_str()).collect();
    assert_eq!(names, ["対局ID", "手合割", "棋戦詳細"]);
    assert_eq!(r.headers[2].value, "x：y");
    assert_eq!(r.start_comments.len(), 3);
    round_trip(&r);
}

#[test]
fn writes_as_kifu_for_windows() {
    let mut pos = Position::startpos();
    let mut record = GameRecord::new(pos.clone());
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"] {
        let m = pos.parse_usi_move(usi).expect("legal");
        pos.play(m).expect("legal");
        let time =
            record::MoveTime::checked(Duration::from_secs(16), Some(Duration::from_secs(3723)))
                .expect("within the largest time");
        record
            .main
            .moves
            .push(record::RecordMove::new(m).with_time(time));
    }
    record.main.end = Some(record::LineEnd::new(SpecialMove::Resign));
    let text = kif::write(&record);
    let expected = [
        "手数----指手---------消費時間--",
        "   1 ７六歩(77)   ( 0:16/01:02:03)",
        "   2 ３四歩(33)   ( 0:16/01:02:03)",
        "   3 ２二角成(88) ( 0:16/01:02:03)",
        "   4 同　銀(31)   ( 0:16/01:02:03)",
        "   5 ４五角打     ( 0:16/01:02:03)",
        "   6 投了",
        "まで5手で先手の勝ち",
        "",
    ];
    assert_eq!(text, expected.join("\n"));
    round_trip(&record);
}

#[test]
fn never_panics_on_odd_input() {
    for text in [
        "",
        "\u{feff}",
        "手数＝",
        "|",
        "| ・|",
        "先手の持駒：歩十十",
        "   1",
        "   1 ",
        "   1 (",
        "   1 ７六歩(77)(",
        "   1 同　歩",
        "変化：",
        "変化：0手",
        "まで",
        "まで手",
        "99999999999999999999 投了",
        "：",
        "   1 ７六歩(77) (99999999999:0/)",
    ] {
        let _ = kif::read(text);
    }
}

#[test]
fn variations_written_earliest_first_attach_to_the_main_line() {
    let r = read(&format!(
        "{HEADER}   1 ３六歩(37)\n   2 ４二玉(51)\n   3 ３五歩(36)\n   4 ３二玉(42)\n\n\
         変化：1手\n   1 ７六歩(77)\n\n変化：3手\n   3 ２六歩(27)\n"
    ));
    assert_eq!(r.variations(LineId::MAIN, 0).count(), 1);
    let third: Vec<LineId> = r.variations(LineId::MAIN, 2).collect();
    assert_eq!(third.len(), 1);
    assert_eq!(r.line(third[0]).unwrap().moves[0].mv.to_string(), "2g2f");
    round_trip(&r);
}

#[test]
fn reads_the_variants_of_move_text() {
    let r = read(&format!(
        "{HEADER}1 ７六歩(77)\n2 ３四歩(33)\n3 ２二角不成(88)\n4 同 銀(31)\n5 ４五角打 +\n"
    ));
    let usi: Vec<String> = r.moves().iter().map(ToString::to_string).collect();
    assert_eq!(usi, ["7g7f", "3c3d", "8h2b", "3a2b", "B*4e"]);
    let diagram = DIAGRAM.replace(
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五",
        "| ・ ・ ・ ・ 全 ・ ・ ・ ・|五",
    );
    let r = read(&format!(
        "後手の持駒：なし\n{diagram}先手の持駒：なし\n手数----指手---------消費時間--\n   1 ５四全(55)\n"
    ));
    assert_eq!(r.main.moves[0].mv.role(), shogi_rules::Role::PromotedSilver);
    assert!(kif::write(&r).contains("   1 ５四成銀(55)\n"));
}

#[test]
fn writes_a_diagram_for_a_start_that_no_header_names() {
    let start = Position::from_sfen("7kl/7p1/9/9/9/9/9/9/4K4 w G 51").expect("legal position");
    let mut record = GameRecord::new(start.clone());
    let m = start.parse_usi_move("1a1b").expect("legal");
    record.main.moves.push(record::RecordMove::new(m));
    // A comment of two lines, which `Comment::new` refuses: the writer
    // writes each line as a comment of its own.
    let mut comment = record::Comment::new(CommentKind::Normal, "").expect("one line");
    comment.text = "two\nlines".to_owned();
    record.main.moves[0].comments.push(comment);
    let text = kif::write(&record);
    assert!(text.contains("手数＝50\n後手番\n"), "{text}");
    assert!(text.contains("  51 １二香(11)\n*two\n*lines\n"), "{text}");
    let again = read(&text);
    assert_eq!(again.start, start);
    assert_eq!(again.main.moves[0].comments.len(), 2);

    let lance = GameRecord::new(Handicap::Lance.position());
    let text = kif::write(&lance);
    assert!(text.contains("|v香v桂v銀v金v玉v金v銀v桂 ・|一"), "{text}");
    round_trip(&lance);
}

#[test]
fn handicap_games_name_the_players_shitate_and_uwate() {
    let r = read("手合割：香落ち\n下手：a\n上手：b\n   1 ５二玉(51)\n   2 投了\n");
    assert_eq!(r.handicap, Some(Handicap::Lance));
    assert_eq!(r.stated_result().and_then(|o| o.winner), Some(Color::Gote));
    assert!(kif::write(&r).contains("まで1手で上手の勝ち\n"));
    round_trip(&r);
}

/// 81Dojo games that ended on an illegal move record the move and say that a
/// foul ended the game: they read as that foul (the mover loses), keeping
/// the move's text in a comment. The same move without such a statement is
/// an error.
#[test]
fn a_recorded_foul_ends_the_line_and_keeps_the_move_text() {
    for (name, ply, text) in [
        ("mog-core-scala/kif-game-014.kif", 157, "５三角打"),
        ("mog-core-scala/kif-game-015.kif", 83, "１七玉(28)"),
        ("mog-core-scala/kif-game-017.kif", 27, "４五桂(37)"),
    ] {
        let bytes = std::fs::read(Path::new(CORPUS).join(name)).unwrap();
        let record = shogi_rules::record::read(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(record.main.moves.len() as u32, ply - 1, "{name}");
        let end = record.main.end.as_ref().expect("an ending");
        assert_eq!(end.special, SpecialMove::IllegalLoss, "{name}");
        assert_eq!(end.comments[0].text, format!("反則手: {text}"), "{name}");
        let mover = record.final_position().turn();
        assert_eq!(
            record.stated_result().unwrap().winner,
            Some(mover.opposite()),
            "{name}"
        );
        // Written and read back, the foul survives as an ending word.
        let again = kif::read(&kif::write(&record)).unwrap();
        assert_eq!(again, record, "{name}");
    }

    let e = kif::read(&format!("{HEADER}   1 ７六歩(77)\n   2 ７六歩(77)\n")).unwrap_err();
    assert_eq!(
        e.kind,
        RecordErrorKind::IllegalMove {
            ply: 2,
            reason: IllegalReason::NotAPieceMove
        }
    );
}
