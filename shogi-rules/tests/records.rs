//! Game records against the corpus of real files in `tests/data/corpus/`
//! (see its `PROVENANCE.md` and `MANIFEST.tsv`): every record loads with its
//! format detected, malformed input fails where and how the table below says,
//! twins agree, every format reads back what it writes, the conversion chain
//! KIF → CSA → JKF → KI2 → KIF keeps what each format can hold, and the
//! failures other libraries are known for do not happen here.
//!
//! The `usi/` folder holds move lists and engine transcripts rather than
//! record files; it is used for twins (a record and the USI moves it must
//! give) and its `position` lines are read as USI records.

// JKF records are in the corpus and the tables: these tests need the `jkf` feature (on by default).
#![cfg(feature = "jkf")]

use std::path::{Path, PathBuf};

use shogi_rules::record::{
    self, Comment, CommentKind, Format, GameRecord, LineId, RecordError, RecordErrorKind,
};
use shogi_rules::{Move, Position};

/// The record folders of the corpus and the format of their files.
const FOLDERS: [(&str, Format); 4] = [
    ("kif", Format::Kif),
    ("ki2", Format::Ki2),
    ("csa", Format::Csa),
    ("jkf", Format::Jkf),
];

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/corpus")
}

/// Every file of a record folder, as (path relative to the corpus, format).
fn record_files() -> Vec<(String, Format)> {
    let mut files = Vec::new();
    for (folder, format) in FOLDERS {
        let mut sources: Vec<_> = std::fs::read_dir(corpus().join(folder))
            .expect("corpus folder")
            .map(|e| e.expect("entry").path())
            .collect();
        sources.sort();
        for source in sources {
            let mut names: Vec<_> = std::fs::read_dir(&source)
                .expect("source folder")
                .map(|e| e.expect("entry").path())
                .collect();
            names.sort();
            for path in names {
                let relative = path
                    .strip_prefix(corpus())
                    .expect("under the corpus")
                    .to_string_lossy()
                    .replace('\\', "/");
                files.push((relative, format));
            }
        }
    }
    files
}

fn bytes(relative: &str) -> Vec<u8> {
    std::fs::read(corpus().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

fn load(relative: &str) -> Result<GameRecord, RecordError> {
    record::read(&bytes(relative))
}

/// The name of an error kind, for the tables.
fn kind_name(kind: &RecordErrorKind) -> &'static str {
    match kind {
        RecordErrorKind::Encoding(_) => "Encoding",
        RecordErrorKind::UnknownFormat => "UnknownFormat",
        RecordErrorKind::UnknownHandicap(_) => "UnknownHandicap",
        RecordErrorKind::BadHeader(_) => "BadHeader",
        RecordErrorKind::BadPosition(_) => "BadPosition",
        RecordErrorKind::IllegalPosition(_) => "IllegalPosition",
        RecordErrorKind::BadMoveText(_) => "BadMoveText",
        RecordErrorKind::IllegalMove { .. } => "IllegalMove",
        RecordErrorKind::NoSuchMove { .. } => "NoSuchMove",
        RecordErrorKind::AmbiguousMove { .. } => "AmbiguousMove",
        RecordErrorKind::MoveNumber { .. } => "MoveNumber",
        RecordErrorKind::MoveAfterEnd => "MoveAfterEnd",
        RecordErrorKind::BadTime(_) => "BadTime",
        RecordErrorKind::BadVariation(_) => "BadVariation",
        RecordErrorKind::Json(_) => "Json",
        RecordErrorKind::UnexpectedLine(_) => "UnexpectedLine",
        _ => "other",
    }
}

/// Corpus files that are genuinely malformed: (file, line, kind).
///
/// Every file of the corpus that fails to load was inspected. Only one is
/// broken:
/// - `fork-test.kif` numbers two moves of its first variation `5` (line 17
///   `5 ６六歩(67)`, line 18 `5 ４二銀(31)`, which is move 6): a hand-edited
///   test file of Kifu-for-JS, whose reader ignores move numbers.
///
/// The records that exercise fouls are not in the table: `illegal.kif`,
/// `illegal_win.csa` and `uchifuzume.csa` (whose illegal drop the server
/// never recorded) state fouls with terminal words and summaries and hold
/// legal moves only; the 81Dojo exports `kif-game-014.kif`,
/// `kif-game-015.kif` and `kif-game-017.kif` end with the illegal move that
/// ended the game (`*反則手にて終局`, `反則勝ち` after a move that leaves the
/// king in check), a faithful record of a foul rather than a broken file:
/// they load, the foul as the line's ending.
/// - `kif-game-012.kif` ends its line twice: `122 投了`, then `123 中断`.
const MALFORMED_FILES: &[(&str, usize, &str)] = &[
    ("kif/kifu-for-js/fork-test.kif", 18, "MoveNumber"),
    ("kif/mog-core-scala/kif-game-012.kif", 138, "MoveAfterEnd"),
];

/// Crafted malformed records: (name, format, text, line, kind). Each one
/// breaks one rule on a known line.
const MALFORMED_TEXTS: &[(&str, Format, &str, usize, &str)] = &[
    (
        "KIF: Gote moves Sente's pawn",
        Format::Kif,
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７五歩(76)\n",
        4,
        "IllegalMove",
    ),
    (
        "KIF: a move after the ending",
        Format::Kif,
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n",
        5,
        "MoveAfterEnd",
    ),
    (
        "KIF: unknown handicap and no board",
        Format::Kif,
        "手合割：七色落ち\n手数----指手---------消費時間--\n   1 ７六歩(77)\n",
        1,
        "UnknownHandicap",
    ),
    (
        "KI2: no Gote pawn reaches 7e",
        Format::Ki2,
        "手合割：平手\n▲７六歩　△７五歩\n",
        2,
        "NoSuchMove",
    ),
    (
        "CSA: Gote moves from an empty square",
        Format::Csa,
        "V2.2\nPI\n+\n+7776FU\n-7775FU\n",
        5,
        "IllegalMove",
    ),
    (
        "JKF: a missing value",
        Format::Jkf,
        "{\"header\": {},\n \"moves\": [{},\n  {\"move\": }]}\n",
        3,
        "Json",
    ),
    (
        "JKF: the second move is marked as Sente's",
        Format::Jkf,
        "{\"header\":{},\"moves\":[{},{\"move\":{\"color\":0,\"from\":{\"x\":7,\"y\":7},\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\"}},{\"move\":{\"color\":0,\"from\":{\"x\":2,\"y\":7},\"to\":{\"x\":2,\"y\":6},\"piece\":\"FU\"}}]}",
        1,
        "BadMoveText",
    ),
    (
        "JKF: nineteen pawns in the hands",
        Format::Jkf,
        "{\"header\":{},\"initial\":{\"preset\":\"OTHER\",\"data\":{\"color\":0,\"board\":{},\"hands\":[{\"FU\":10},{\"FU\":9}]}},\"moves\":[{}]}",
        1,
        "IllegalPosition",
    ),
    (
        "USI: the second move is illegal",
        Format::Usi,
        "position startpos moves 7g7f 7c7e\n",
        1,
        "IllegalMove",
    ),
];

#[test]
fn every_corpus_record_loads_with_its_format_detected() {
    let mut failures = Vec::new();
    let mut counts: Vec<(Format, usize, usize)> = FOLDERS.iter().map(|&(_, f)| (f, 0, 0)).collect();
    for (relative, format) in record_files() {
        if MALFORMED_FILES.iter().any(|m| m.0 == relative) {
            continue;
        }
        let count = counts.iter_mut().find(|c| c.0 == format).expect("folder");
        count.2 += 1;
        let data = bytes(&relative);
        let detected = record::decode(&data)
            .ok()
            .and_then(|(text, _)| record::detect_format(&text));
        if detected != Some(format) {
            failures.push(format!("{relative}: detected as {detected:?}"));
            continue;
        }
        match record::read(&data) {
            Ok(_) => count.1 += 1,
            Err(e) => failures.push(format!("{relative}: {e}")),
        }
    }
    for (format, ok, all) in &counts {
        eprintln!("{format}: {ok} of {all} files load");
    }
    assert!(
        failures.is_empty(),
        "{} files fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn malformed_corpus_files_fail_on_the_expected_line() {
    for &(relative, line, kind) in MALFORMED_FILES {
        let e = load(relative).expect_err(relative);
        assert_eq!(
            (e.line, kind_name(&e.kind)),
            (line, kind),
            "{relative}: {e}"
        );
    }
}

#[test]
fn malformed_records_fail_on_the_expected_line_with_the_expected_kind() {
    let mut failures = Vec::new();
    for &(name, format, text, line, kind) in MALFORMED_TEXTS {
        match record::read_str_as(text, format) {
            Ok(_) => failures.push(format!("{name}: read without error")),
            Err(e) => {
                if (e.format, e.line, kind_name(&e.kind)) != (Some(format), line, kind) {
                    failures.push(format!(
                        "{name}: expected {format} line {line} {kind}, got {e:?}"
                    ));
                }
            }
        }
        // The same text through detection.
        if let Err(e) = record::read(text.as_bytes()) {
            if e.line != line {
                failures.push(format!(
                    "{name}: detected read fails on line {}: {e}",
                    e.line
                ));
            }
        } else {
            failures.push(format!("{name}: detected read succeeded"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------
// Twins

/// A record's move tree: its moves and, for each, the trees of its
/// variations.
#[derive(Debug, PartialEq)]
struct Tree {
    moves: Vec<(Move, Vec<Tree>)>,
}

fn tree(record: &GameRecord, id: LineId) -> Tree {
    let line = record.line(id).expect("a line of the record");
    Tree {
        moves: line
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let variations = record.variations(id, i).map(|v| tree(record, v)).collect();
                (m.mv, variations)
            })
            .collect(),
    }
}

/// How much of two twins must agree.
#[derive(Copy, Clone, Debug)]
enum Agree {
    /// The same record (an encoding twin: the same file in CP932 and UTF-8).
    Record,
    /// The same start position and the same move tree, variations included.
    Tree,
    /// The same start position and main-line moves.
    MainLine,
}

/// Twins named by the corpus' PROVENANCE.md and MANIFEST.tsv.
const TWINS: &[(&str, &str, Agree)] = &[
    // shogi-kifu-converter: each record and the JKF produced from it, and
    // the CP932 and UTF-8 copies of the same record.
    (
        "kif/shogi-kifu-converter/kif-Shogidokoro.kif",
        "jkf/shogi-kifu-converter/kif-Shogidokoro.json",
        Agree::Tree,
    ),
    (
        "kif/shogi-kifu-converter/kif-empty.kif",
        "jkf/shogi-kifu-converter/kif-empty.json",
        Agree::Tree,
    ),
    (
        "kif/shogi-kifu-converter/kif-everyday_20211107.kif",
        "jkf/shogi-kifu-converter/kif-everyday_20211107.json",
        Agree::Tree,
    ),
    (
        "kif/shogi-kifu-converter/kif-everyday_20220604.kif",
        "jkf/shogi-kifu-converter/kif-everyday_20220604.json",
        Agree::Tree,
    ),
    (
        "kif/shogi-kifu-converter/kif-example.kif",
        "jkf/shogi-kifu-converter/kif-example.json",
        Agree::Tree,
    ),
    (
        "kif/shogi-kifu-converter/kif-forks.kif",
        "jkf/shogi-kifu-converter/kif-forks.json",
        Agree::Tree,
    ),
    (
        "kif/shogi-kifu-converter/kif-oui202106290101.kif",
        "jkf/shogi-kifu-converter/kif-oui202106290101.json",
        Agree::Tree,
    ),
    (
        "kif/shogi-kifu-converter/kif-piyo-shogi_KY.kif",
        "jkf/shogi-kifu-converter/kif-piyo-shogi_KY.json",
        Agree::Tree,
    ),
    (
        "ki2/shogi-kifu-converter/ki2-4.ki2",
        "jkf/shogi-kifu-converter/ki2-4.json",
        Agree::Tree,
    ),
    (
        "ki2/shogi-kifu-converter/ki2-simple.ki2",
        "jkf/shogi-kifu-converter/ki2-simple.json",
        Agree::Tree,
    ),
    (
        "csa/shogi-kifu-converter/csa-WCSC32_F7_NBS_DLS.csa",
        "jkf/shogi-kifu-converter/csa-WCSC32_F7_NBS_DLS.json",
        Agree::Tree,
    ),
    (
        "csa/shogi-kifu-converter/csa-floodgate.csa",
        "jkf/shogi-kifu-converter/csa-floodgate.json",
        Agree::Tree,
    ),
    (
        "csa/shogi-kifu-converter/csa-initial_2.csa",
        "jkf/shogi-kifu-converter/csa-initial_2.json",
        Agree::Tree,
    ),
    (
        "csa/shogi-kifu-converter/csa-initial_4.csa",
        "jkf/shogi-kifu-converter/csa-initial_4.json",
        Agree::Tree,
    ),
    (
        "csa/shogi-kifu-converter/csa-initial_6.csa",
        "jkf/shogi-kifu-converter/csa-initial_6.json",
        Agree::Tree,
    ),
    (
        "csa/shogi-kifu-converter/csa-initial_hi.csa",
        "jkf/shogi-kifu-converter/csa-initial_hi.json",
        Agree::Tree,
    ),
    (
        "csa/shogi-kifu-converter/csa-initial_hirate.csa",
        "jkf/shogi-kifu-converter/csa-initial_hirate.json",
        Agree::Tree,
    ),
    (
        "csa/shogi-kifu-converter/csa-initial_ka.csa",
        "jkf/shogi-kifu-converter/csa-initial_ka.json",
        Agree::Tree,
    ),
    (
        "csa/shogi-kifu-converter/csa-initial_ky.csa",
        "jkf/shogi-kifu-converter/csa-initial_ky.json",
        Agree::Tree,
    ),
    (
        "csa/shogi-kifu-converter/csa-tsumeshogi.csa",
        "jkf/shogi-kifu-converter/csa-tsumeshogi.json",
        Agree::Tree,
    ),
    (
        "csa/shogi-kifu-converter/csa-v22.csa",
        "jkf/shogi-kifu-converter/csa-v22.json",
        Agree::Tree,
    ),
    (
        "kif/shogi-kifu-converter/kif-Shogidokoro.kif",
        "kif/shogi-kifu-converter/kif-Shogidokoro.kifu",
        Agree::Record,
    ),
    (
        "kif/shogi-kifu-converter/kif-empty.kif",
        "kif/shogi-kifu-converter/kif-empty.kifu",
        Agree::Record,
    ),
    (
        "kif/shogi-kifu-converter/kif-everyday_20211107.kif",
        "kif/shogi-kifu-converter/kif-everyday_20211107.kifu",
        Agree::Record,
    ),
    (
        "kif/shogi-kifu-converter/kif-example.kif",
        "kif/shogi-kifu-converter/kif-example.kifu",
        Agree::Record,
    ),
    (
        "kif/shogi-kifu-converter/kif-forks.kif",
        "kif/shogi-kifu-converter/kif-forks.kifu",
        Agree::Record,
    ),
    (
        "kif/shogi-kifu-converter/kif-piyo-shogi_KY.kif",
        "kif/shogi-kifu-converter/kif-piyo-shogi_KY.kifu",
        Agree::Record,
    ),
    (
        "ki2/shogi-kifu-converter/ki2-4.ki2",
        "ki2/shogi-kifu-converter/ki2-4.ki2u",
        Agree::Record,
    ),
    (
        "ki2/shogi-kifu-converter/ki2-simple.ki2",
        "ki2/shogi-kifu-converter/ki2-simple.ki2u",
        Agree::Record,
    ),
    // ShogiHome: the same small record in CP932 and UTF-8.
    (
        "kif/shogihome/encoding-sjis.kif",
        "kif/shogihome/encoding-utf8.kif",
        Agree::Record,
    ),
    (
        "ki2/shogihome/encoding-sjis.ki2",
        "ki2/shogihome/encoding-utf8.ki2",
        Agree::Record,
    ),
    // Kifu-for-JS: the same games in several formats.
    (
        "kif/kifu-for-js/ryuou201409020101.kif",
        "jkf/kifu-for-js/ryuou201409020101.jkf",
        Agree::Tree,
    ),
    // The CP932 copy spells 雞 (outside CP932) as けい in a comment.
    (
        "kif/kifu-for-js/no_henka.kif",
        "kif/kifu-for-js/no_henka.kifu",
        Agree::Tree,
    ),
    (
        "kif/kifu-for-js/8mai.kif",
        "ki2/kifu-for-js/8mai.ki2",
        Agree::MainLine,
    ),
    (
        "kif/kifu-for-js/8mai.kif",
        "csa/kifu-for-js/8mai.csa",
        Agree::MainLine,
    ),
    (
        "ki2/kifu-for-js/8mai.ki2",
        "ki2/kifu-for-js/8mai.ki2u",
        Agree::MainLine,
    ),
    (
        "kif/kifu-for-js/9fu.kif",
        "ki2/kifu-for-js/9fu.ki2",
        Agree::MainLine,
    ),
    (
        "kif/kifu-for-js/9fu.kif",
        "csa/kifu-for-js/9fu.csa",
        Agree::MainLine,
    ),
    (
        "kif/kifu-for-js/9fu.kif",
        "csa/kifu-for-js/9fu_komabetsu.csa",
        Agree::MainLine,
    ),
    (
        "kif/kifu-for-js/chudan.kif",
        "ki2/kifu-for-js/chudan.ki2",
        Agree::MainLine,
    ),
    (
        "kif/kifu-for-js/chudan.kif",
        "csa/kifu-for-js/chudan.csa",
        Agree::MainLine,
    ),
    (
        "kif/kifu-for-js/noeol.kif",
        "ki2/kifu-for-js/noeol.ki2",
        Agree::MainLine,
    ),
    (
        "kif/kifu-for-js/fork.kif",
        "ki2/kifu-for-js/fork.ki2",
        Agree::Tree,
    ),
    (
        "kif/kifu-for-js/illegal.kif",
        "ki2/kifu-for-js/illegal.ki2",
        Agree::Tree,
    ),
    // mog-core-scala: the same games as KIF, CSA and KI2.
    (
        "kif/mog-core-scala/kif-game-001.kif",
        "csa/mog-core-scala/csa-game-001.csa",
        Agree::MainLine,
    ),
    (
        "kif/mog-core-scala/kif-game-001.kif",
        "ki2/mog-core-scala/ki2-game-001.ki2",
        Agree::MainLine,
    ),
    (
        "kif/mog-core-scala/kif-game-001.kif",
        "ki2/mog-core-scala/ki2-game-002.ki2",
        Agree::MainLine,
    ),
    (
        "kif/mog-core-scala/kif-game-010.kif",
        "csa/mog-core-scala/csa-game-002.csa",
        Agree::MainLine,
    ),
    (
        "kif/mog-core-scala/kif-game-010.kif",
        "ki2/mog-core-scala/ki2-game-005.ki2",
        Agree::MainLine,
    ),
];

#[test]
fn twins_agree() {
    let mut failures = Vec::new();
    for &(a, b, agree) in TWINS {
        let (ra, rb) = match (load(a), load(b)) {
            (Ok(ra), Ok(rb)) => (ra, rb),
            (ea, eb) => {
                failures.push(format!("{a} / {b}: {:?} / {:?}", ea.err(), eb.err()));
                continue;
            }
        };
        let same = match agree {
            Agree::Record => ra == rb,
            Agree::Tree => {
                ra.start == rb.start && tree(&ra, LineId::MAIN) == tree(&rb, LineId::MAIN)
            }
            Agree::MainLine => ra.start == rb.start && ra.moves() == rb.moves(),
        };
        if !same {
            failures.push(format!("{a} and {b} differ ({agree:?})"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The moves of a USI move list or `position` line, read as a USI record.
fn usi_record(line: &str) -> GameRecord {
    let line = line.trim();
    let command = if line.starts_with("position") {
        line.to_string()
    } else {
        format!("position startpos moves {line}")
    };
    record::read_str_as(&command, Format::Usi).unwrap_or_else(|e| panic!("{command}: {e}"))
}

#[test]
fn kif_records_give_their_expected_usi_moves() {
    let dir = corpus().join("usi/shogi-supplement");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("usi folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 10);
    let mut failures = Vec::new();
    for name in names {
        let game = name.trim_end_matches("_expected_usi.txt");
        let expected = usi_record(
            &String::from_utf8(bytes(&format!("usi/shogi-supplement/{name}"))).expect("ascii"),
        );
        match load(&format!("kif/shogi-supplement/{game}.kif")) {
            Ok(r) if r.start == expected.start && r.moves() == expected.moves() => {}
            Ok(r) => failures.push(format!(
                "{game}: {} moves, expected {}",
                r.moves().len(),
                expected.moves().len()
            )),
            Err(e) => failures.push(format!("{game}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn engine_transcripts_follow_their_records() {
    let mut failures = Vec::new();
    for n in ["01", "02", "03", "04", "05", "06", "07", "18"] {
        let log = String::from_utf8(bytes(&format!("usi/shogihome/e2e-scenario{n}-usi.log")))
            .expect("utf-8");
        let twin = format!("kif/shogihome/e2e-scenario{n}-record.kifu");
        let record = match load(&twin) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{twin}: {e}"));
                continue;
            }
        };
        let commands: Vec<&str> = log
            .lines()
            .filter_map(|l| l.strip_prefix("recv:"))
            .collect();
        let mut searched = 0;
        for (i, command) in commands.iter().enumerate() {
            if !command.starts_with("position ") {
                continue;
            }
            let position = usi_record(command);
            // A position sent before `go ponder` holds a guessed move.
            let pondering = commands
                .get(i + 1)
                .is_some_and(|c| c.starts_with("go ponder"));
            if pondering {
                continue;
            }
            searched += 1;
            let moves = position.moves();
            if position.start != record.start || !record.moves().starts_with(&moves) {
                failures.push(format!(
                    "scenario {n}: `{command}` is not a prefix of {twin}"
                ));
            }
        }
        assert!(searched > 0, "scenario {n} has no position command");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn lishogi_move_lists_are_legal_games() {
    let text = String::from_utf8(bytes("usi/shogiops/prod-500-games.usi.txt")).expect("ascii");
    let games: Vec<GameRecord> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(usi_record)
        .collect();
    assert_eq!(games.len(), 500);
    for game in &games {
        let back = record::read_str_as(
            &game
                .write(Format::Usi)
                .expect("this build writes every format")
                .text,
            Format::Usi,
        )
        .expect("reads back");
        assert_eq!(&back, game);
    }
}

// ---------------------------------------------------------------------------
// Round trips

/// Reads a corpus file, writes it in `format` and reads it back: the same
/// record, and writing it again gives the same text. `Ok(false)` when the
/// file does not load (the loading test reports it).
fn round_trip(relative: &str, format: Format) -> Result<bool, String> {
    let Ok(first) = load(relative) else {
        return Ok(false);
    };
    let text = first
        .write(format)
        .expect("this build writes every format")
        .text;
    let second = record::read_str_as(&text, format)
        .map_err(|e| format!("written text does not read: {e}\n{text}"))?;
    if first != second {
        return Err(first_difference(&first, &second));
    }
    // The text a record writes is a fixed point.
    if second
        .write(format)
        .expect("this build writes every format")
        .text
        != text
    {
        return Err("writing again gives another text".into());
    }
    Ok(true)
}

fn first_difference(a: &GameRecord, b: &GameRecord) -> String {
    if a.headers != b.headers {
        return format!("headers: {:?} vs {:?}", a.headers, b.headers);
    }
    if a.start != b.start || a.handicap != b.handicap {
        return format!(
            "start: {} {:?} vs {} {:?}",
            a.start.to_sfen(),
            a.handicap,
            b.start.to_sfen(),
            b.handicap
        );
    }
    if a.start_comments != b.start_comments {
        return format!(
            "start comments: {:?} vs {:?}",
            a.start_comments, b.start_comments
        );
    }
    line_difference((a, LineId::MAIN), (b, LineId::MAIN), "main line")
}

fn line_difference(
    (ra, ia): (&GameRecord, LineId),
    (rb, ib): (&GameRecord, LineId),
    at: &str,
) -> String {
    let (a, b) = (ra.line(ia).unwrap(), rb.line(ib).unwrap());
    for (i, (x, y)) in a.moves.iter().zip(&b.moves).enumerate() {
        if x.mv != y.mv || x.time != y.time || x.comments != y.comments {
            return format!(
                "{at} move {}: {:?} vs {:?}",
                i + 1,
                (x.mv, x.time, &x.comments),
                (y.mv, y.time, &y.comments)
            );
        }
        let xv: Vec<LineId> = ra.variations(ia, i).collect();
        let yv: Vec<LineId> = rb.variations(ib, i).collect();
        if xv.len() != yv.len() {
            return format!(
                "{at} move {}: {} vs {} variations",
                i + 1,
                xv.len(),
                yv.len()
            );
        }
        for (k, (&v, &w)) in xv.iter().zip(&yv).enumerate() {
            if tree(ra, v) != tree(rb, w) || ra.line(v) != rb.line(w) {
                return line_difference(
                    (ra, v),
                    (rb, w),
                    &format!("{at} move {} variation {k}", i + 1),
                );
            }
        }
    }
    if a.moves.len() != b.moves.len() {
        return format!("{at}: {} vs {} moves", a.moves.len(), b.moves.len());
    }
    format!("{at} end: {:?} vs {:?}", a.end, b.end)
}

/// Runs `check` on every well-formed corpus file of `format` (`Ok(false)`:
/// the file does not load, and is not counted) and reports all failures
/// together; `what` names the format in the message when none loads.
fn check_files(format: Format, what: &str, check: impl Fn(&str) -> Result<bool, String>) {
    let mut failures = Vec::new();
    let mut tried = 0;
    for (relative, folder_format) in record_files() {
        if folder_format != format || MALFORMED_FILES.iter().any(|m| m.0 == relative) {
            continue;
        }
        match check(&relative) {
            Ok(true) => tried += 1,
            Ok(false) => {}
            Err(e) => {
                tried += 1;
                failures.push(format!("{relative}: {e}"));
            }
        }
    }
    assert!(tried > 0, "no {what} file loads");
    assert!(
        failures.is_empty(),
        "{} of {tried} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn round_trips_of(format: Format) {
    check_files(format, &format.to_string(), |relative| {
        round_trip(relative, format)
    });
}

#[test]
fn kif_files_read_back_what_they_write() {
    round_trips_of(Format::Kif);
}

#[test]
fn ki2_files_read_back_what_they_write() {
    round_trips_of(Format::Ki2);
}

#[test]
fn csa_files_read_back_what_they_write() {
    round_trips_of(Format::Csa);
}

#[test]
fn jkf_files_read_back_what_they_write() {
    round_trips_of(Format::Jkf);
}

#[test]
fn usi_records_read_back_what_they_write() {
    for n in ["kiou_game1", "miyado_game2", "wars_game3"] {
        let expected =
            String::from_utf8(bytes(&format!("usi/shogi-supplement/{n}_expected_usi.txt")))
                .expect("ascii");
        let record = usi_record(&expected);
        let back = record::read_str_as(
            &record
                .write(Format::Usi)
                .expect("this build writes every format")
                .text,
            Format::Usi,
        )
        .expect("reads back");
        assert_eq!(back, record, "{n}");
    }
}

// ---------------------------------------------------------------------------
// Conversion chain
mod conversion_chain {
    use super::*;
    use shogi_rules::Outcome;
    use std::time::Duration;

    /// What a chain of formats must keep of a line: moves, times used (when
    /// every format so far holds times), comments (bookmarks as `&name`), and
    /// variations (when every format so far holds them); the ending through
    /// the result it gives.
    #[derive(Debug, PartialEq)]
    struct Kept {
        moves: Vec<KeptMove>,
        result: Option<Outcome>,
        end_comments: Vec<Comment>,
    }

    /// A move, its time used, its comments and its variations.
    type KeptMove = (Move, Option<Duration>, Vec<Comment>, Vec<Kept>);

    #[derive(Copy, Clone)]
    struct Holds {
        times: bool,
        variations: bool,
    }

    /// Comments as the formats without bookmarks keep them: a bookmark becomes
    /// a comment `&name`, the form JKF and CSA writers give it.
    fn kept_comments(comments: &[Comment]) -> Vec<Comment> {
        comments
            .iter()
            .map(|c| match c.kind {
                CommentKind::Bookmark => {
                    Comment::new(CommentKind::Normal, &format!("&{}", c.text)).expect("one line")
                }
                _ => c.clone(),
            })
            .collect()
    }

    fn kept(record: &GameRecord, id: LineId, pos: &Position, holds: Holds) -> Kept {
        let line = record.line(id).expect("a line of the record");
        let mut pos = pos.clone();
        let mut moves = Vec::new();
        for (i, m) in line.moves.iter().enumerate() {
            let variations = if holds.variations {
                record
                    .variations(id, i)
                    .map(|v| kept(record, v, &pos, holds))
                    .collect()
            } else {
                Vec::new()
            };
            moves.push((
                m.mv,
                m.time
                    .filter(|_| holds.times)
                    .map(|t| Duration::from_secs(t.used.as_secs())),
                kept_comments(&m.comments),
                variations,
            ));
            pos.play_unchecked(m.mv);
        }
        Kept {
            moves,
            result: line
                .end
                .as_ref()
                .and_then(|e| e.special.outcome(pos.turn())),
            end_comments: line
                .end
                .as_ref()
                .map(|e| kept_comments(&e.comments))
                .unwrap_or_default(),
        }
    }

    fn convert(record: &GameRecord, format: Format) -> Result<GameRecord, String> {
        let text = record
            .write(format)
            .expect("this build writes every format")
            .text;
        record::read_str_as(&text, format)
            .map_err(|e| format!("{format} text does not read: {e}\n{text}"))
    }

    /// Runs `chain` from a KIF file, checking after each step what every
    /// format so far can hold.
    fn check_chain(relative: &str, chain: &[(Format, Holds)]) -> Result<bool, String> {
        let Ok(original) = load(relative) else {
            return Ok(false);
        };
        let mut current = original.clone();
        let mut holds = Holds {
            times: true,
            variations: true,
        };
        for &(format, format_holds) in chain {
            current = convert(&current, format)?;
            holds.times &= format_holds.times;
            holds.variations &= format_holds.variations;
            if current.start != original.start {
                return Err(format!("after {format}: start position differs"));
            }
            if kept_comments(&current.start_comments) != kept_comments(&original.start_comments) {
                return Err(format!(
                    "after {format}: start comments {:?} vs {:?}",
                    kept_comments(&original.start_comments),
                    kept_comments(&current.start_comments)
                ));
            }
            let want = kept(&original, LineId::MAIN, &original.start, holds);
            let got = kept(&current, LineId::MAIN, &current.start, holds);
            if want != got {
                return Err(format!("after {format}: {}", kept_difference(&want, &got)));
            }
        }
        Ok(true)
    }

    fn kept_difference(a: &Kept, b: &Kept) -> String {
        for (i, (x, y)) in a.moves.iter().zip(&b.moves).enumerate() {
            if x != y {
                return format!(
                    "move {}: {:?} vs {:?}",
                    i + 1,
                    (x.0, x.1, &x.2, x.3.len()),
                    (y.0, y.1, &y.2, y.3.len())
                );
            }
        }
        if a.moves.len() != b.moves.len() {
            return format!("{} vs {} moves", a.moves.len(), b.moves.len());
        }
        format!(
            "result {:?} {:?} vs {:?} {:?}",
            a.result, a.end_comments, b.result, b.end_comments
        )
    }

    const CSA: (Format, Holds) = (
        Format::Csa,
        Holds {
            times: true,
            variations: false,
        },
    );
    const JKF: (Format, Holds) = (
        Format::Jkf,
        Holds {
            times: true,
            variations: true,
        },
    );
    const KI2: (Format, Holds) = (
        Format::Ki2,
        Holds {
            times: false,
            variations: true,
        },
    );
    const KIF: (Format, Holds) = (
        Format::Kif,
        Holds {
            times: true,
            variations: true,
        },
    );

    fn chains(chain: &[(Format, Holds)]) {
        check_files(Format::Kif, "KIF", |relative| check_chain(relative, chain));
    }

    /// KIF → CSA → JKF → KI2 → KIF. CSA holds no variations (they are compared
    /// up to the CSA step only, that is not at all) and KI2 no times (compared
    /// up to the JKF step); bookmarks have no CSA or KI2 form and are compared
    /// as the comments `&name` those formats turn them into. Moves, comments and the result must survive the whole chain.
    #[test]
    fn kif_to_csa_to_jkf_to_ki2_to_kif_keeps_what_each_format_holds() {
        chains(&[CSA, JKF, KI2, KIF]);
    }

    /// The same chain without CSA, so that variations are carried all the way.
    #[test]
    fn kif_to_jkf_to_ki2_to_kif_keeps_variations() {
        chains(&[JKF, KI2, KIF]);
    }
}

// ---------------------------------------------------------------------------
// Failures seen in other libraries' readers (`docs/formats.md §8.2`)

/// An engine comment line (`**`) must not swallow the move after it.
#[test]
fn an_engine_comment_line_keeps_the_next_move() {
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n**評価値=30 読み筋=△３四歩(33)\n   2 ３四歩(33)   ( 0:02/00:00:02)\n*普通のコメント\n   3 ２六歩(27)   ( 0:01/00:00:02)\n";
    let r = record::read_str_as(text, Format::Kif).expect("reads");
    assert_eq!(r.main.moves.len(), 3);
    assert_eq!(
        r.main.moves[0].comments,
        vec![Comment::new(CommentKind::Engine, "評価値=30 読み筋=△３四歩(33)").unwrap()]
    );
    assert_eq!(r.main.moves[1].comments[0].kind, CommentKind::Normal);
    let usi: Vec<String> = r.moves().iter().map(|m| m.to_usi().to_string()).collect();
    assert_eq!(usi, ["7g7f", "3c3d", "2g2f"]);
    // The same in CSA: `'**` lines between moves.
    let csa = "V2.2\nPI\n+\n+7776FU\n'** 30 -3334FU\n-3334FU\n'*comment\n+2726FU\n";
    let r = record::read_str_as(csa, Format::Csa).expect("reads");
    assert_eq!(r.moves().len(), 3);
}

/// Two silvers can take on 5g; the one from 4h is `同銀右`, and `同銀上`
/// fits both.
#[test]
fn the_right_silver_recaptures_as_right_not_up() {
    let start = Position::from_sfen("4k4/9/9/9/9/4p4/9/4SS3/4K4 w - 1").expect("legal");
    let mut pos = start.clone();
    let pawn = pos.parse_usi_move("5f5g").expect("legal");
    pos.play(pawn).expect("legal");
    let silver = pos.parse_usi_move("4h5g").expect("legal");
    let mut record = GameRecord::new(start);
    record.main.moves = vec![
        record::RecordMove::new(pawn),
        record::RecordMove::new(silver),
    ];
    let ki2 = record
        .write(Format::Ki2)
        .expect("this build writes every format")
        .text;
    assert!(ki2.contains("同　銀右") || ki2.contains("同銀右"), "{ki2}");
    let back = record::read_str_as(&ki2, Format::Ki2).expect("reads");
    assert_eq!(back.moves(), record.moves());
    let wrong = ki2.replace("銀右", "銀上");
    let e = record::read_str_as(&wrong, Format::Ki2).expect_err("上 fits both silvers");
    assert!(
        matches!(e.kind, RecordErrorKind::AmbiguousMove { ply: 2 }),
        "{e}"
    );
    let jkf = record
        .write(Format::Jkf)
        .expect("this build writes every format")
        .text;
    assert!(jkf.contains("\"relative\": \"R\""), "{jkf}");
}

/// A hand line separated by half-width spaces.
#[test]
fn a_hand_line_with_half_width_spaces_reads() {
    let board = "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n";
    let expected = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b GS2P 1").expect("legal");
    for hand in ["金 銀 歩二", "金　銀　歩二", "金 銀　歩二 "] {
        let text = format!("{board}先手の持駒：{hand}\n手数----指手---------消費時間--\n");
        let r = record::read_str_as(&text, Format::Kif).unwrap_or_else(|e| panic!("{hand:?}: {e}"));
        assert_eq!(r.start, expected, "{hand:?}");
    }
}

// ---------------------------------------------------------------------------
// JKF details

mod jkf {
    use super::*;
    use shogi_rules::record::SpecialMove;

    fn loaded(relative: &str) -> GameRecord {
        load(relative).unwrap_or_else(|e| panic!("{relative}: {e}"))
    }

    #[test]
    fn jkf_specials_map_to_endings_with_the_side_that_fouled() {
        let with = |special: &str| {
            format!(
                "{{\"header\":{{}},\"moves\":[{{}},{{\"move\":{{\"color\":0,\"from\":{{\"x\":7,\"y\":7}},\"to\":{{\"x\":7,\"y\":6}},\"piece\":\"FU\"}}}},{{\"special\":\"{special}\"}}]}}"
            )
        };
        let end = |special: &str| {
            record::read_str_as(&with(special), Format::Jkf)
                .expect("reads")
                .main
                .end
                .expect("end")
                .special
        };
        // Gote is to move after one move.
        assert_eq!(end("-ILLEGAL_ACTION"), SpecialMove::IllegalLoss);
        assert_eq!(end("+ILLEGAL_ACTION"), SpecialMove::IllegalWin);
        assert_eq!(end("MAX_MOVES"), SpecialMove::MaxMoves);
        assert_eq!(end("TORYO"), SpecialMove::Resign);
        assert!(record::read_str_as(&with("RESIGN"), Format::Jkf).is_err());
    }

    #[test]
    fn jkf_accepts_a_single_comment_string_and_a_missing_initial() {
        let text = "{\"header\":{\"先手\":\"a\",\"後手\":\"b\"},\"moves\":[{\"comment\":\"start\"},{\"move\":{\"color\":0,\"from\":{\"x\":7,\"y\":7},\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\"},\"comments\":[\"*engine\",\"&mark\"]}]}";
        let r = record::read_str_as(text, Format::Jkf).expect("reads");
        assert_eq!(r.start, Position::startpos());
        assert_eq!(r.start_comments[0].text, "start");
        assert_eq!(r.main.moves[0].comments[0].kind, CommentKind::Engine);
        assert_eq!(r.main.moves[0].comments[1].kind, CommentKind::Bookmark);
        assert_eq!(r.headers[0].name, "先手");
        assert_eq!(r.header(record::HeaderKey::Gote), Some("b"));
    }

    #[test]
    fn jkf_forks_replace_the_move_that_carries_them() {
        let r = loaded("jkf/kifu-notebook/joseki.jkf");
        assert!(r.variation_count() >= 227, "{}", r.variation_count());
        // A variation of move 1 starts from the start position.
        let r = loaded("jkf/tsshogi/sample03.jkf");
        let mut pos = r.start.clone();
        for (i, m) in r.main.moves.iter().enumerate() {
            for v in r.variations(LineId::MAIN, i) {
                assert!(pos.is_legal(r.line(v).unwrap().moves[0].mv));
            }
            pos.play_unchecked(m.mv);
        }
    }

    #[test]
    fn jkf_json_errors_carry_the_readers_line_and_column() {
        let e = record::read_str_as("{\n  \"header\": {},\n  \"moves\": [,]\n}", Format::Jkf)
            .expect_err("malformed");
        assert_eq!((e.line, e.column), (3, 13), "{e}");
        assert!(matches!(e.kind, RecordErrorKind::Json(_)));
    }

    #[test]
    fn jkf_errors_after_parsing_point_at_their_object() {
        let text = "{\n  \"header\": {},\n  \"moves\": [\n    {},\n    {\"move\": {\"color\": 0, \"from\": {\"x\": 7, \"y\": 7}, \"to\": {\"x\": 7, \"y\": 6}, \"piece\": \"FU\"},\n     \"forks\": [[{\"move\": {\"color\": 0, \"from\": {\"x\": 2, \"y\": 7}, \"to\": {\"x\": 2, \"y\": 6}, \"piece\": \"FU\"}},\n                {\"move\": {\"color\": 1, \"from\": {\"x\": 3, \"y\": 3}, \"to\": {\"x\": 3, \"y\": 5}, \"piece\": \"FU\"}}]]}\n  ]\n}\n";
        let e = record::read_str_as(text, Format::Jkf).expect_err("3c3e is no move");
        assert_eq!((e.line, e.column), (7, 17), "{e}");
        assert!(
            matches!(e.kind, RecordErrorKind::IllegalMove { ply: 2, .. }),
            "{e}"
        );
    }

    /// A `move` object of JKF text: `color` moves from `from` to `to`.
    fn jkf_move(color: u8, from: (u8, u8), to: (u8, u8), piece: &str) -> String {
        format!(
            "{{\"color\":{color},\"from\":{{\"x\":{},\"y\":{}}},\"to\":{{\"x\":{},\"y\":{}}},\"piece\":\"{piece}\"}}",
            from.0, from.1, to.0, to.1
        )
    }

    #[test]
    fn jkf_entry_keys_come_in_any_order_forks_before_move_included() {
        let p76 = jkf_move(0, (7, 7), (7, 6), "FU");
        let p26 = jkf_move(0, (2, 7), (2, 6), "FU");
        let p34 = jkf_move(1, (3, 3), (3, 4), "FU");
        let p84 = jkf_move(1, (8, 3), (8, 4), "FU");
        let time = "{\"now\":{\"m\":0,\"s\":5}}";
        // Forks nested two deep, each written before the move it replaces,
        // and the time and comments before the move too.
        let forks_first = format!(
            "{{\"header\":{{}},\"moves\":[{{}},\
             {{\"forks\":[[{{\"move\":{p26}}},{{\"forks\":[[{{\"move\":{p84}}}]],\"move\":{p34}}}]],\
               \"comments\":[\"c\"],\"time\":{time},\"move\":{p76}}},\
             {{\"move\":{p34}}}]}}"
        );
        let move_first = format!(
            "{{\"header\":{{}},\"moves\":[{{}},\
             {{\"move\":{p76},\"time\":{time},\"comments\":[\"c\"],\
               \"forks\":[[{{\"move\":{p26}}},{{\"move\":{p34},\"forks\":[[{{\"move\":{p84}}}]]}}]]}},\
             {{\"move\":{p34}}}]}}"
        );
        let a = record::read_str_as(&forks_first, Format::Jkf).expect("forks first reads");
        let b = record::read_str_as(&move_first, Format::Jkf).expect("move first reads");
        assert_eq!(a, b);
        assert_eq!(a.variation_count(), 2);
        let fork = a.variations(LineId::MAIN, 0).next().expect("a fork");
        assert_eq!(a.line(fork).expect("its line").moves.len(), 2);
        assert_eq!(a.variations(fork, 1).count(), 1);
        assert_eq!(a.main.moves[0].comments[0].text, "c");
        assert_eq!(a.write(Format::Jkf).unwrap(), b.write(Format::Jkf).unwrap());
        // Forks before a `special`, or before no move at all, have nothing
        // to replace.
        for entry in [
            format!("{{\"forks\":[[{{\"move\":{p76}}}]],\"special\":\"TORYO\"}}"),
            format!("{{\"forks\":[[{{\"move\":{p76}}}]]}}"),
        ] {
            let text = format!("{{\"header\":{{}},\"moves\":[{{}},\n{entry}]}}");
            let e = record::read_str_as(&text, Format::Jkf).expect_err("no move to replace");
            assert_eq!((e.line, e.column), (2, 1), "{e}");
        }
    }

    #[test]
    fn jkf_moves_may_come_before_initial() {
        // Lance handicap: Gote moves first.
        let gote = jkf_move(1, (3, 3), (3, 4), "FU");
        let sente = jkf_move(0, (7, 7), (7, 6), "FU");
        let initial = "\"initial\":{\"preset\":\"KY\"}";
        let after = format!(
            "{{\"header\":{{}},\"moves\":[{{}},{{\"move\":{gote}}},{{\"move\":{sente}}}],{initial}}}"
        );
        let before = format!(
            "{{\"header\":{{}},{initial},\"moves\":[{{}},{{\"move\":{gote}}},{{\"move\":{sente}}}]}}"
        );
        let a = record::read_str_as(&after, Format::Jkf).expect("initial after moves");
        let b = record::read_str_as(&before, Format::Jkf).expect("initial before moves");
        assert_eq!(a, b);
        assert_eq!(a.main.moves.len(), 2);
        assert_ne!(a.start, Position::startpos());
        // Moves that the even game allows, before an initial that does not.
        let after = format!("{{\"header\":{{}},\"moves\":[{{}},{{\"move\":{sente}}}],{initial}}}");
        let e = record::read_str_as(&after, Format::Jkf).expect_err("Gote is to move");
        assert!(matches!(e.kind, RecordErrorKind::BadMoveText(_)), "{e}");
        // An even start after the moves, or none, reads them as they are.
        for initial in [
            "",
            ",\"initial\":null",
            ",\"initial\":{\"preset\":\"HIRATE\"}",
        ] {
            let text =
                format!("{{\"header\":{{}},\"moves\":[{{}},{{\"move\":{sente}}}]{initial}}}");
            let r = record::read_str_as(&text, Format::Jkf).expect("even start");
            assert_eq!(
                (r.start.clone(), r.main.moves.len()),
                (Position::startpos(), 1)
            );
        }
    }

    #[test]
    fn jkf_writes_presets_and_other_boards() {
        let r = loaded("jkf/tsshogi/sample02.jkf");
        let text = r
            .write(Format::Jkf)
            .expect("this build writes every format")
            .text;
        assert!(text.contains("\"OTHER\""), "{text}");
        assert_eq!(
            record::read_str_as(&text, Format::Jkf)
                .expect("reads")
                .start,
            r.start
        );
        let r = loaded("jkf/shogi-kifu-converter/csa-initial_ky.json");
        assert!(
            r.write(Format::Jkf)
                .expect("this build writes every format")
                .text
                .contains("\"preset\": \"KY\"")
        );
    }
}

/// An illegal move in a USI line is reported at its own word, not at an
/// earlier word with the same text.
#[test]
fn usi_illegal_move_column_points_at_its_own_word() {
    let text = "position startpos moves 7g7f 7g7f";
    let e = record::read_str_as(text, Format::Usi).expect_err("7g7f twice");
    assert_eq!((e.line, e.column), (1, 30), "{e}");
    assert!(
        matches!(e.kind, RecordErrorKind::IllegalMove { ply: 2, .. }),
        "{e}"
    );
    let text = "\n  startpos   moves\t2g2f 8c8d 2g2f";
    let e = record::read_str_as(text, Format::Usi).expect_err("2g2f twice");
    assert_eq!((e.line, e.column), (2, 30), "{e}");
}

/// Every well-formed corpus record written in each text format is detected
/// as that format when read back without naming it (a record without moves
/// may read as either KIF or KI2), with the same start and moves: a record
/// read from CSA and written as KIF must not look like CSA.
#[test]
fn records_written_in_another_format_are_detected_as_it() {
    for format in [Format::Kif, Format::Ki2, Format::Csa, Format::Usi] {
        check_files_all(|relative| {
            let Ok(first) = load(relative) else {
                return Ok(false);
            };
            let text = first.write(format).map_err(|e| e.to_string())?.text;
            let detected = record::detect_format(&text);
            // Without moves, KIF and KI2 text can be the same (headers and a
            // diagram); either reading gives the record back.
            let same_text_family = first.main.moves.is_empty()
                && matches!(detected, Some(Format::Kif | Format::Ki2))
                && matches!(format, Format::Kif | Format::Ki2);
            if detected != Some(format) && !same_text_family {
                return Err(format!("written as {format}, detected as {detected:?}"));
            }
            let back = record::read(text.as_bytes())
                .map_err(|e| format!("written as {format}, not read back: {e}"))?;
            if back.start != first.start || back.moves() != first.moves() {
                return Err(format!("written as {format}: other start or moves"));
            }
            Ok(true)
        });
    }
}

/// As [`check_files`], over the well-formed files of every folder.
fn check_files_all(check: impl Fn(&str) -> Result<bool, String>) {
    for (_, format) in FOLDERS {
        check_files(format, &format.to_string(), &check);
    }
}

/// An error found before the format is known (text of no format, bytes in
/// no encoding, an input over the size limit) names no format; the same
/// errors in a read of a given format name it.
#[test]
fn errors_before_the_format_is_known_name_none() {
    let err = record::read(b"hello\n").unwrap_err();
    assert_eq!(
        (err.format, &err.kind),
        (None, &RecordErrorKind::UnknownFormat)
    );
    assert_eq!(
        err.to_string(),
        format!("line 1, column 1: {}", RecordErrorKind::UnknownFormat)
    );

    let undecodable = b"PI\n+\n+7776FU\n'\xff\xfe\xff\n";
    let err = record::read(undecodable).unwrap_err();
    assert!(matches!(err.kind, RecordErrorKind::Encoding(_)), "{err}");
    assert_eq!(err.format, None);
    let err = record::read_as(undecodable, Format::Csa).unwrap_err();
    assert!(matches!(err.kind, RecordErrorKind::Encoding(_)), "{err}");
    assert_eq!(err.format, Some(Format::Csa));
    assert!(err.to_string().starts_with("csa line 4"), "{err}");

    let limits = record::ReadLimits::DEFAULT.with(record::Limit::InputBytes, 4);
    let err = record::read_with(b"PI\n+\n", None, &limits).unwrap_err();
    assert_eq!(err.format, None);
    let err = record::read_with(b"PI\n+\n", Some(Format::Csa), &limits).unwrap_err();
    assert_eq!(err.format, Some(Format::Csa));
    let err = record::read_str_all_with("PI\n+\n", None, &limits).unwrap_err();
    assert_eq!(err.format, None);
}
