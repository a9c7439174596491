//! Records as other programs write them: variation headings with `手目`,
//! USI move lists ending in a token such as `resign`, files holding several
//! records (SFEN lines, `position` lines, CSA games separated by `/`), and
//! the rules a record states (floodgate's `'Max_Moves:256`).

// JKF is one of the formats read and written here: these tests need the `jkf` feature (on by default).
#![cfg(feature = "jkf")]

use shogi_rules::record::{
    self, Format, HeaderKey, Limit, ReadLimits, RecordErrorKind, SpecialMove,
};
use shogi_rules::{Color, ImpasseRule, Outcome, Position, RuleSet, Termination};

/// A KIF record with one variation, its heading written `heading`.
fn kif_with_heading(heading: &str) -> String {
    format!(
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n\n{heading}\n   2 ８四歩(83)\n"
    )
}

/// A KI2 record with one variation, its heading written `heading`.
fn ki2_with_heading(heading: &str) -> String {
    format!("手合割：平手\n▲７六歩　△３四歩　▲２六歩\n\n{heading}\n△８四歩\n")
}

#[test]
fn variation_headings_with_te_me_read_as_with_te() {
    for (format, text) in [
        (Format::Kif, kif_with_heading as fn(&str) -> String),
        (Format::Ki2, ki2_with_heading),
    ] {
        let expected = record::read_str_as(&text("変化：2手"), format).unwrap();
        assert_eq!(expected.variation_count(), 1);
        for heading in [
            "変化：2手目",
            "変化:2手目",
            "変化:2手",
            "変化：2",
            "変化： 2手目 ",
        ] {
            let read = record::read_str_as(&text(heading), format)
                .unwrap_or_else(|e| panic!("{format} {heading:?}: {e}"));
            assert_eq!(read, expected, "{format} {heading:?}");
        }
        for heading in ["変化：2手目目", "変化：手目", "変化：2目"] {
            let err = record::read_str_as(&text(heading), format).unwrap_err();
            assert!(
                matches!(err.kind, RecordErrorKind::UnexpectedLine(_)),
                "{format} {heading:?}: {err}"
            );
            assert_eq!(err.line, if format == Format::Kif { 7 } else { 4 });
        }
    }
}

const STARTPOS_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

#[test]
fn a_usi_token_after_the_moves_is_the_ending() {
    let r = record::read(b"position startpos moves 7g7f 3c3d resign").unwrap();
    assert_eq!(r.moves().len(), 2);
    let end = r.main.end.as_ref().map(|e| e.special);
    assert_eq!(end, Some(SpecialMove::Resign));
    // Sente, to move after two moves, resigns.
    assert_eq!(
        r.stated_result(),
        Some(Outcome::win(Color::Gote, Termination::Resignation))
    );
    for (token, special) in [
        ("resign", SpecialMove::Resign),
        ("win", SpecialMove::DeclareWin),
        ("draw", SpecialMove::Impasse),
        ("rep_draw", SpecialMove::Repetition),
        ("timeout", SpecialMove::TimeUp),
        ("break", SpecialMove::Suspend),
    ] {
        let text = format!("position startpos moves 7g7f {token}\n");
        let r = record::read_str_as(&text, Format::Usi).unwrap();
        assert_eq!(r.main.end.as_ref().map(|e| e.special), Some(special));
        assert_eq!(r.write(Format::Usi).unwrap().text, text, "{token}");
    }
    // No moves before the token.
    let r = record::read(b"position startpos moves resign").unwrap();
    assert!(r.moves().is_empty());
    assert_eq!(
        r.write(Format::Usi).unwrap().text,
        "position startpos moves resign\n"
    );
}

#[test]
fn anything_after_a_usi_ending_token_is_an_error() {
    for (text, column) in [
        ("position startpos moves 7g7f resign 3c3d", 37),
        ("position startpos moves 7g7f resign resign", 37),
        ("position startpos moves timeout x", 33),
    ] {
        let err = record::read_str_as(text, Format::Usi).unwrap_err();
        assert_eq!(err.kind, RecordErrorKind::MoveAfterEnd, "{text}");
        assert_eq!((err.line, err.column), (1, column), "{text}");
    }
    // A token is only an ending after `moves`, and an unknown word is not a
    // move.
    let err = record::read_str_as("position startpos resign", Format::Usi).unwrap_err();
    assert!(matches!(err.kind, RecordErrorKind::UnexpectedLine(_)));
    let err = record::read_str_as("position startpos moves 7g7f lose", Format::Usi).unwrap_err();
    assert!(matches!(err.kind, RecordErrorKind::BadMoveText(_)));
}

#[test]
fn endings_from_other_formats_are_written_as_usi_tokens_where_one_fits() {
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n";
    let r = record::read_str_as(kif, Format::Kif).unwrap();
    let usi = r.write(Format::Usi).unwrap().text;
    assert_eq!(usi, "position startpos moves 7g7f resign\n");
    let back = record::read_str_as(&usi, Format::Usi).unwrap();
    assert_eq!(back.stated_result(), r.stated_result());
    // An ending without a token is left out.
    let csa = "PI\n+\n+7776FU\n%TSUMI\n";
    let r = record::read_str_as(csa, Format::Csa).unwrap();
    assert_eq!(
        r.write(Format::Usi).unwrap().text,
        "position startpos moves 7g7f\n"
    );
}

#[test]
fn a_bare_sfen_line_is_a_usi_record() {
    let text = format!("{STARTPOS_SFEN}\n");
    assert_eq!(record::detect_format(&text), Some(Format::Usi));
    let r = record::read(text.as_bytes()).unwrap();
    assert_eq!(r.start, Position::startpos());
    assert!(r.moves().is_empty());
    let r = record::read(format!("{STARTPOS_SFEN} moves 7g7f resign").as_bytes()).unwrap();
    assert_eq!(r.moves().len(), 1);
    let err = record::read(b"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1")
        .unwrap_err();
    assert_eq!(err.format, Some(Format::Usi));
    assert!(matches!(err.kind, RecordErrorKind::BadPosition(_)), "{err}");
}

#[test]
fn a_file_of_sfen_lines_reads_as_one_record_per_line() {
    let text = format!(
        "{STARTPOS_SFEN}\n\n4k4/9/9/9/9/9/9/9/4K4 b G 1\r\nsfen 4k4/9/9/9/9/9/9/9/4K4 w - 10\nposition startpos moves 2g2f\n"
    );
    assert_eq!(record::detect_format(&text), Some(Format::Usi));
    let records = record::read_all(text.as_bytes()).unwrap();
    assert_eq!(records.len(), 4);
    assert_eq!(records[0].start, Position::startpos());
    assert_eq!(records[1].start.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 b G 1");
    assert_eq!(records[2].start.move_number(), 10);
    assert_eq!(records[3].moves().len(), 1);
    // A single read says how many there are, at the second record's line.
    let err = record::read(text.as_bytes()).unwrap_err();
    assert_eq!(err.kind, RecordErrorKind::Collection { count: 4 });
    assert_eq!(
        (err.format, err.line, err.column),
        (Some(Format::Usi), 3, 1)
    );
    assert!(err.to_string().contains("holds 4 records"), "{err}");
    assert_eq!(
        record::read_str_all_as(&text, Format::Usi).unwrap(),
        records
    );
}

#[test]
fn an_error_in_a_collection_names_its_line_in_the_whole_file() {
    let text = "position startpos moves 7g7f\n\nposition startpos moves 7g7f 3c3d\nposition startpos moves 7g7f 7g7f\n";
    let err = record::read_all(text.as_bytes()).unwrap_err();
    assert!(
        matches!(err.kind, RecordErrorKind::IllegalMove { ply: 2, .. }),
        "{err}"
    );
    assert_eq!((err.line, err.column), (4, 30));
    let csa = "V2.2\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nPI\n+\n+7776FU\n-7776FU\n";
    let err = record::read_all(csa.as_bytes()).unwrap_err();
    assert!(
        matches!(err.kind, RecordErrorKind::IllegalMove { ply: 2, .. }),
        "{err}"
    );
    assert_eq!((err.format, err.line), (Some(Format::Csa), 11));
    // A game without a position is reported at its first line.
    let err = record::read_all(b"PI\n+\n/\nN+a\n'comment\n").unwrap_err();
    assert!(matches!(err.kind, RecordErrorKind::BadPosition(_)), "{err}");
    assert_eq!(err.line, 4);
}

#[test]
fn csa_games_separated_by_a_slash_line_are_a_collection() {
    let csa = "V2.2\nN+a\nN-b\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n/\nV2.2\nN+c\nN-d\nPI\n+\n+2726FU\n%CHUDAN\n/\n";
    let records = record::read_all(csa.as_bytes()).unwrap();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].header(HeaderKey::Sente), Some("a"));
    assert_eq!(records[0].moves().len(), 2);
    assert_eq!(records[1].header(HeaderKey::Gote), Some("d"));
    let end = records[1].main.end.as_ref().map(|e| e.special);
    assert_eq!(end, Some(SpecialMove::Suspend));
    let err = record::read(csa.as_bytes()).unwrap_err();
    assert_eq!(err.kind, RecordErrorKind::Collection { count: 2 });
    assert_eq!((err.format, err.line), (Some(Format::Csa), 10));
    // Each game is the record the file of that game alone gives.
    let first = record::read(csa.split("/\n").next().unwrap().as_bytes()).unwrap();
    assert_eq!(records[0], first);
    // A separator before the first game or after the last separates nothing,
    // nor does one followed by lines without a statement.
    for one in ["/\nPI\n+\n+7776FU\n/\n\n", "PI\n+\n+7776FU\n/\n , \n,\n"] {
        assert_eq!(record::read_all(one.as_bytes()).unwrap().len(), 1);
        assert_eq!(record::read(one.as_bytes()).unwrap().moves().len(), 1);
    }
}

#[test]
fn a_file_of_one_record_reads_as_a_collection_of_one() {
    let kif = kif_with_heading("変化：2手");
    for (text, format) in [
        (kif.as_str(), Format::Kif),
        ("手合割：平手\n▲７六歩　△３四歩\n", Format::Ki2),
        ("PI\n+\n+7776FU\n", Format::Csa),
        ("position startpos moves 7g7f\n", Format::Usi),
        (
            "{\"header\":{},\"moves\":[{},{\"move\":{\"color\":0,\"from\":{\"x\":7,\"y\":7},\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\"}}]}",
            Format::Jkf,
        ),
    ] {
        let all = record::read_all(text.as_bytes()).unwrap_or_else(|e| panic!("{format}: {e}"));
        assert_eq!(
            all,
            vec![record::read(text.as_bytes()).unwrap()],
            "{format}"
        );
        assert_eq!(
            record::read_all_as(text.as_bytes(), format).unwrap(),
            all,
            "{format}"
        );
    }
    // A file without any record fails as a single read does.
    for format in [Format::Csa, Format::Usi] {
        let single = record::read_str_as("\n\n", format).unwrap_err();
        let all = record::read_str_all_as("\n\n", format).unwrap_err();
        assert_eq!(all, single, "{format}");
    }
}

#[test]
fn the_record_limit_applies_to_collections_and_to_single_reads() {
    let limits = ReadLimits::DEFAULT.with(Limit::Records, 2);
    let text = "startpos\nstartpos moves 7g7f\nstartpos moves 2g2f\n";
    for err in [
        record::read_all_with(text.as_bytes(), None, &limits).unwrap_err(),
        record::read_with(text.as_bytes(), None, &limits).unwrap_err(),
    ] {
        assert_eq!(
            err.kind,
            RecordErrorKind::LimitExceeded {
                limit: Limit::Records,
                max: 2
            }
        );
        assert_eq!(err.line, 3);
    }
    let two = "startpos\nstartpos moves 7g7f\n";
    assert_eq!(
        record::read_all_with(two.as_bytes(), None, &limits)
            .unwrap()
            .len(),
        2
    );
    let csa = "PI\n+\n/\nPI\n+\n/\nPI\n+\n";
    let err = record::read_str_all_with(csa, None, &limits).unwrap_err();
    assert_eq!(err.line, 7);
    assert_eq!(ReadLimits::DEFAULT.max_records, 1_000_000);
    // No record at all is allowed with a limit of 0.
    let none = ReadLimits::DEFAULT.with(Limit::Records, 0);
    let err = record::read_with(b"startpos", None, &none).unwrap_err();
    assert!(matches!(err.kind, RecordErrorKind::LimitExceeded { .. }));
}

/// The corpus game of 256 moves from shogi-server's tests, which stops
/// there without an ending, with `'Max_Moves:256` after its version line and
/// `ending` after its moves.
fn max_moves_game(ending: &str) -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/corpus/csa/shogi-server/max_moves_draw.csa"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let body = text.strip_prefix("V2\n").unwrap();
    format!("V2\n'Max_Moves:256\n{body}{ending}")
}

#[test]
fn floodgate_max_moves_is_the_move_limit_of_the_replay() {
    let r = record::read(max_moves_game("%MAX_MOVES\n").as_bytes()).unwrap();
    assert_eq!(r.moves().len(), 256);
    assert_eq!(r.header(HeaderKey::MoveLimit), Some("256"));
    assert!(
        r.start_comments
            .iter()
            .all(|c| !c.text.contains("Max_Moves")),
        "the rule is a header, not a comment"
    );
    assert_eq!(r.rules().move_limit, 256);
    // Over by the move limit at 256, not 400 (both kings stand in their
    // zones there: the rules count points, as at any move limit).
    let game = r.game().unwrap();
    let over = game.outcome().map(|o| o.termination);
    assert_eq!(over, Some(Termination::MoveLimit));
    assert_eq!(game.moves().len(), 256);
    // The site rules' 400 moves leave the game running.
    assert_eq!(r.game_with(RuleSet::site()).unwrap().outcome(), None);
    // One move fewer is not over.
    let mut short = r.clone();
    short.main.moves.pop();
    short.main.end = None;
    assert_eq!(short.game().unwrap().outcome(), None);
}

#[test]
fn the_move_limit_and_its_ending_survive_every_format_that_holds_them() {
    let r = record::read(max_moves_game("%MAX_MOVES\n").as_bytes()).unwrap();
    let end = |r: &record::GameRecord| r.main.end.as_ref().map(|e| e.special);
    // CSA -> KIF -> CSA, and through every other format that holds both.
    // (JKF's schema has no value for it: its writer writes the move limit as
    // HIKIWAKE, a draw, and keeps the header.)
    for chain in [
        &[Format::Kif, Format::Csa][..],
        &[Format::Ki2, Format::Csa],
        &[Format::Kif, Format::Ki2, Format::Kif, Format::Csa],
    ] {
        let mut current = r.clone();
        for &format in chain {
            let text = current.write(format).unwrap().text;
            current = record::read_str_as(&text, format)
                .unwrap_or_else(|e| panic!("{chain:?} {format}: {e}\n{text}"));
            assert_eq!(end(&current), Some(SpecialMove::MaxMoves), "{format}");
            assert_eq!(current.rules().move_limit, 256, "{chain:?} {format}");
            let over = current.game().unwrap().outcome().map(|o| o.termination);
            assert_eq!(over, Some(Termination::MoveLimit), "{chain:?} {format}");
        }
    }
    let jkf = r.write(Format::Jkf).unwrap().text;
    let back = record::read_str_as(&jkf, Format::Jkf).unwrap();
    assert_eq!(back.rules().move_limit, 256);
    let csa = record::read_str_as(&back.write(Format::Csa).unwrap().text, Format::Csa).unwrap();
    assert_eq!(csa.header(HeaderKey::MoveLimit), Some("256"));
    let kif = r.write(Format::Kif).unwrap().text;
    assert!(kif.contains("最大手数：256\n"), "{kif}");
    assert!(kif.contains(" 257 最大手数"), "{kif}");
    let v22 = record::csa::write(&r);
    assert!(v22.contains("\n'Max_Moves:256\n") && v22.ends_with("%MAX_MOVES\n"));
    let from_kif = record::read_str_as(&kif, Format::Kif).unwrap();
    let v30 = record::csa::write_with(&from_kif, record::csa::CsaVersion::V30);
    assert!(v30.contains("\n$MAX_MOVES:256\n"), "{v30}");
    let v22 = record::csa::write(&from_kif);
    assert!(v22.contains("\n'Max_Moves:256\n"), "{v22}");
    // USI holds neither: the moves survive, the rest is left out.
    let usi = r.write(Format::Usi).unwrap().text;
    let back = record::read_str_as(&usi, Format::Usi).unwrap();
    assert_eq!(back.moves(), r.moves());
    assert_eq!(back.main.end, None);
}

#[test]
fn a_move_limit_ending_states_the_limit_it_reached() {
    // Without 'Max_Moves, %MAX_MOVES after 256 moves says the limit was 256.
    let text = max_moves_game("%MAX_MOVES\n").replace("'Max_Moves:256\n", "");
    let r = record::read(text.as_bytes()).unwrap();
    assert_eq!(r.header(HeaderKey::MoveLimit), None);
    assert_eq!(r.rules().move_limit, 256);
    let over = r.game().unwrap().outcome().map(|o| o.termination);
    assert_eq!(over, Some(Termination::MoveLimit));
    // Floodgate's summary says the same without a % line.
    let names = "N+gps9_p\nN-gps8_pgsklp\n";
    assert!(text.contains(names));
    let summary = text.replace(
        "%MAX_MOVES\n",
        "'summary:max_moves:gps9_p draw:gps8_pgsklp draw\n",
    );
    let r = record::read(summary.as_bytes()).unwrap();
    let end = r.main.end.as_ref().map(|e| e.special);
    assert_eq!(end, Some(SpecialMove::MaxMoves));
    assert_eq!(r.rules().move_limit, 256);
    for format in [Format::Kif, Format::Ki2, Format::Csa] {
        let back = record::read_str_as(&r.write(format).unwrap().text, format).unwrap();
        let end = back.main.end.as_ref().map(|e| e.special);
        assert_eq!(end, Some(SpecialMove::MaxMoves), "{format}");
    }
    // A record without either keeps the default limit.
    let plain = text.replace("%MAX_MOVES\n", "");
    let r = record::read(plain.as_bytes()).unwrap();
    assert_eq!(r.rules(), RuleSet::default());
}

#[test]
fn a_stated_impasse_rule_is_part_of_the_rules() {
    let floodgate = "V2\nN+a\nN-b\n'Max_Moves:320\n'Declaration:jishogi 1.1\nPI\n+\n+7776FU\n";
    let r = record::read(floodgate.as_bytes()).unwrap();
    assert_eq!(r.header(HeaderKey::ImpasseRule), Some("jishogi 1.1"));
    let rules = r.rules();
    assert_eq!(rules.move_limit, 320);
    assert_eq!(rules.impasse, ImpasseRule::Csa27Declaration);
    assert!(rules.invalid_declaration_loses);
    assert_eq!(r.game().unwrap().rules(), &rules);
    // Written back as read in both CSA versions; as 持将棋 in KIF and KI2;
    // as $JISHOGI:27 in V3.0 from another format.
    for version in [record::csa::CsaVersion::V22, record::csa::CsaVersion::V30] {
        let text = record::csa::write_with(&r, version);
        assert!(text.contains("\n'Declaration:jishogi 1.1\n"), "{text}");
        assert_eq!(record::read_str_as(&text, Format::Csa).unwrap(), r);
    }
    for format in [Format::Kif, Format::Ki2, Format::Jkf] {
        let text = r.write(format).unwrap().text;
        let back = record::read_str_as(&text, format).unwrap();
        assert_eq!(back.rules(), rules, "{format}\n{text}");
        if format != Format::Jkf {
            assert!(text.contains("持将棋：jishogi 1.1\n"), "{text}");
            assert_eq!(back.header(HeaderKey::ImpasseRule), Some("jishogi 1.1"));
        }
        let v30 = record::csa::write_with(&back, record::csa::CsaVersion::V30);
        // JKF keeps floodgate's name, which CSA writes as it was read.
        let line = match format {
            Format::Jkf => "\n'Declaration:jishogi 1.1\n",
            _ => "\n$JISHOGI:27\n",
        };
        assert!(v30.contains(line), "{v30}");
        assert_eq!(
            record::read_str_as(&v30, Format::Csa).unwrap().rules(),
            rules
        );
    }
    // CSA V3.0 keys and KIF headers.
    let v30 = "V3.0\n$MAX_MOVES:200\n$JISHOGI:24\nPI\n+\n";
    let rules = record::read(v30.as_bytes()).unwrap().rules();
    assert_eq!(
        (rules.move_limit, rules.impasse),
        (200, ImpasseRule::Points24)
    );
    assert!(!rules.invalid_declaration_loses);
    let kif = "最大手数：512手\n持将棋：27点法\n手合割：平手\n手数----指手---------消費時間--\n";
    let r = record::read(kif.as_bytes()).unwrap();
    assert_eq!(r.header(HeaderKey::MoveLimit), Some("512手"));
    let rules = r.rules();
    assert_eq!(
        (rules.move_limit, rules.impasse),
        (512, ImpasseRule::Csa27Declaration)
    );
    // A KIF header under another format's name is kept as written, and
    // still states its rule.
    let ascii = "Max_Moves：300\n$JISHOGI：24\n手数----指手---------消費時間--\n";
    let r = record::read_str_as(ascii, Format::Kif).unwrap();
    assert_eq!(r.header(HeaderKey::MoveLimit), None);
    assert_eq!(
        (r.rules().move_limit, r.rules().impasse),
        (300, ImpasseRule::Points24)
    );
    assert_eq!(
        record::read_str_as(&r.write(Format::Kif).unwrap().text, Format::Kif).unwrap(),
        r
    );
    // A value that names no rule leaves the default.
    let odd = "最大手数：many\n持将棋：ask the arbiter\n手数----指手---------消費時間--\n";
    assert_eq!(
        record::read(odd.as_bytes()).unwrap().rules(),
        RuleSet::default()
    );
}
