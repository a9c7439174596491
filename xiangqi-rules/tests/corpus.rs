//! Every PGN file of the corpus in `tests/data/corpus/` (real records
//! written by other programs and people; see `tests/data/PROVENANCE.md`)
//! reads, every game written back in every notation reads the same, and
//! what the files say about their moves agrees with the rules.

use std::path::{Path, PathBuf};

use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::{GameRecord, RecordError, read_pgn, read_pgn_bytes, write_pgn};
use xiangqi_rules::{Move, Position};

/// Files expected not to read, with the line, column and reason, checked
/// by reading each file. The corpus has none: every file reads.
const EXPECTED_FAILURES: &[(&str, usize, usize, &str)] = &[];

/// Games per file (files not listed hold one game).
const GAMES: &[(&str, usize)] = &[
    ("permissive/wxfdb15/wxfdb15-iccs.pgn", 15),
    ("permissive/wxfdb15/wxfdb15-wxf.pgn", 15),
    ("permissive/wxfdb15/wxfdb15-chinese.pgn", 15),
    ("test-data-only/pychess/pychess-games.pgn", 26),
];

fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus");
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("the corpus folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn name(path: &Path) -> String {
    let s = path.to_string_lossy().replace('\\', "/");
    s.split("tests/data/corpus/")
        .nth(1)
        .unwrap_or(&s)
        .to_owned()
}

fn read(path: &Path) -> Result<Vec<GameRecord>, RecordError> {
    read_pgn_bytes(&std::fs::read(path).expect("the file reads"))
}

#[test]
fn every_corpus_file_reads_or_fails_as_pinned() {
    let files = corpus_files();
    assert_eq!(files.len(), 34, "PGN files in the corpus");
    let (mut games, mut plies) = (0, 0);
    for path in &files {
        let file = name(path);
        let expected = EXPECTED_FAILURES.iter().find(|(f, ..)| *f == file);
        match (read(path), expected) {
            (Ok(records), None) => {
                let count = GAMES
                    .iter()
                    .find(|(f, _)| *f == file)
                    .map_or(1, |&(_, n)| n);
                assert_eq!(records.len(), count, "{file}");
                for r in &records {
                    // The result token, where there is one, is the [Result] tag's.
                    if let Some(tag) = r.tag("Result") {
                        assert_eq!(r.result().as_str(), tag, "{file}");
                    }
                }
                games += records.len();
                plies += records.iter().map(|r| r.node_count() - 1).sum::<usize>();
            }
            (Err(e), Some(&(_, line, column, why))) => {
                assert_eq!((e.line, e.column), (line, column), "{file}: {e} ({why})");
            }
            (Ok(_), Some(_)) => panic!("{file} was expected to fail"),
            (Err(e), None) => panic!("{file}: {e}"),
        }
    }
    assert_eq!(games, 101, "games read");
    // Every move of every file: the move tokens of the files, counted apart
    // (the trailers after the result of five GBK files are not moves).
    assert_eq!(plies, 9_508, "moves read");
}

#[test]
fn corpus_games_written_in_every_notation_read_back_the_same() {
    for path in corpus_files() {
        let file = name(&path);
        for (i, record) in read(&path).expect("the file reads").iter().enumerate() {
            for n in Notation::ALL {
                let text = write_pgn(record, n);
                let mut back = read_pgn(&text)
                    .unwrap_or_else(|e| panic!("{file} game {}: {n}: {e}\n{text}", i + 1));
                assert_eq!(back.len(), 1);
                let mut back = back.remove(0);
                let mut expected = record.clone();
                expected.set_tag("Format", "");
                back.set_tag("Format", "");
                assert!(back == expected, "{file} game {}: {n}\n{text}", i + 1);
            }
        }
    }
}

/// The 15 WXF database games, published in ICCS, WXF and Chinese move
/// text, are the same games — but for one move the source itself writes
/// wrongly: game 2, ply 71 (`e5e6`, the front of two soldiers on the
/// e-file) is written `-P+1` / `后兵进一` (the rear soldier), which is also
/// a legal move, so the WXF and Chinese files read a different move there.
#[test]
fn the_three_wxf_database_files_hold_the_same_games() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus/permissive/wxfdb15");
    let lines = |f: &str| -> Vec<Vec<Move>> {
        read(&dir.join(f))
            .expect("reads")
            .iter()
            .map(GameRecord::main_line)
            .collect()
    };
    let iccs = lines("wxfdb15-iccs.pgn");
    for other in ["wxfdb15-wxf.pgn", "wxfdb15-chinese.pgn"] {
        let games = lines(other);
        assert_eq!(games.len(), 15);
        for (g, (a, b)) in iccs.iter().zip(&games).enumerate() {
            assert_eq!(a.len(), b.len(), "{other} game {}", g + 1);
            let differ: Vec<(usize, String, String)> = a
                .iter()
                .zip(b)
                .enumerate()
                .filter(|(_, (x, y))| x != y)
                .map(|(i, (x, y))| (i + 1, x.to_string(), y.to_string()))
                .collect();
            if g == 1 {
                assert_eq!(differ.len(), 1, "{other} game 2: {differ:?}");
                assert_eq!(differ[0].0, 71);
                assert_eq!(differ[0].1, "e5e6");
                assert_eq!(&differ[0].2[..2], "e3", "the rear soldier");
            } else {
                assert!(differ.is_empty(), "{other} game {}: {differ:?}", g + 1);
            }
        }
    }
}

/// The move tokens of a main line without variations: comments, move
/// numbers and results removed.
fn move_tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut clean = String::new();
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => clean.push(c),
            _ => {}
        }
    }
    for line in clean.lines().filter(|l| !l.trim_start().starts_with('[')) {
        for word in line.split_whitespace() {
            if ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
                continue;
            }
            let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if word.is_empty() {
                continue;
            }
            out.push(word.to_owned());
        }
    }
    out
}

/// WinBoard and pychess mark a check with `+` and a position without a
/// legal move (mate, or the stalemate that loses in xiangqi) with `#`: the marks agree with the positions the reader replays, which they
/// could not if the reader had taken the wrong rank numbering or the wrong
/// move.
#[test]
fn check_marks_of_san_files_agree_with_the_rules() {
    let mut checked = 0;
    let mut disagree = Vec::new();
    for path in corpus_files() {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue; // GBK: Chinese move text
        };
        if !text.contains("[Variant") {
            continue;
        }
        let records = read_pgn(&text).expect("reads");
        let games: Vec<&str> = text
            .split("[Event")
            .filter(|g| !g.trim().is_empty())
            .map(|g| g.split_once('\n').map_or("", |(_, rest)| rest))
            .collect();
        assert_eq!(games.len(), records.len(), "{}", name(&path));
        for (record, game) in records.iter().zip(games) {
            let tokens = move_tokens(game);
            let moves = record.main_line();
            assert_eq!(tokens.len(), moves.len(), "{}: {tokens:?}", name(&path));
            let mut pos: Position = record.start().clone();
            for (token, &m) in tokens.iter().zip(&moves) {
                let before = pos.to_fen();
                pos.play(m).expect("legal");
                let name = |p: &Path| format!("{} {before} {token} read as {m}", name(p));
                let agrees = if token.ends_with('#') {
                    // Mate, or (WinBoard) no legal move without check.
                    !pos.has_legal_move()
                } else {
                    token.ends_with('+') == pos.in_check()
                };
                if !agrees {
                    disagree.push(name(&path));
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 3_000, "only {checked} moves checked");
    // Two marks of the pychess export are wrong: in both a cannon moves onto
    // the general's line with no piece between them, which is no check (a
    // cannon needs a screen), yet the move is marked `+` as if the cannon
    // attacked like a chariot. Verified by replaying the positions by hand.
    let known = [
        "test-data-only/pychess/pychess-games.pgn 5a3/2cPak3/2N1C4/7N1/6n1p/9/P3P4/5Cn2/4A4/3K1AB2 w - - 3 42 Cf7+ read as f2f6",
        "test-data-only/pychess/pychess-games.pgn 3ak2C1/6R1c/9/p3p3p/1r1n1n1r1/9/P3P1c1P/N3C1N1B/3R5/2BAKA3 w - - 5 29 Cg10+ read as h9g9",
    ];
    assert_eq!(disagree, known);
}

/// The main lines replayed as games under the default rules: where the
/// rules end a game, the winner they find is the one of the `[Result]`
/// tag.
#[test]
fn games_the_rules_end_agree_with_their_result_tags() {
    let (mut ended, mut refused, mut differ) = (0, Vec::new(), Vec::new());
    for path in corpus_files() {
        for (i, record) in read(&path).expect("reads").iter().enumerate() {
            let game = match record.main_game(Default::default()) {
                Ok(game) => game,
                Err(e) => {
                    refused.push(format!("{} game {}: {e}", name(&path), i + 1));
                    continue;
                }
            };
            // `*`: the writer did not know the result.
            let (Some(outcome), Some(tag)) =
                (game.outcome(), record.tag("Result").filter(|&t| t != "*"))
            else {
                continue;
            };
            let expected = match outcome.winner {
                Some(xiangqi_rules::Color::Red) => "1-0",
                Some(xiangqi_rules::Color::Black) => "0-1",
                None => "1/2-1/2",
            };
            if tag != expected {
                differ.push(format!(
                    "{} game {}: {tag} but {} by {}",
                    name(&path),
                    i + 1,
                    expected,
                    outcome.termination.as_str()
                ));
            }
            ended += 1;
        }
    }
    assert!(ended >= 10, "only {ended} games ended by the rules");
    // Game 12 of the WXF database goes on after a position occurs for the
    // third time (no side checking throughout): the rules end it there as a
    // draw, the players did not.
    let refused_expected: Vec<String> = ["chinese", "iccs", "wxf"]
        .iter()
        .map(|n| {
            format!("permissive/wxfdb15/wxfdb15-{n}.pgn game 12: the game is over (repetition)")
        })
        .collect();
    assert_eq!(refused, refused_expected);
    assert_eq!(differ, KNOWN_RESULT_DIFFERENCES, "{differ:#?}");
}

/// Games whose recorded result is not the one the rules give, checked by
/// reading the files.
const KNOWN_RESULT_DIFFERENCES: &[&str] = &[
    // Red checks with every move from move 46 on (Rc8+ Kd7 Rc7+ Kd8 ...) and
    // WinBoard adjudicates the third occurrence "Draw by repetition"; under
    // the rules perpetual check loses.
    "permissive/winboard/winboard-wukongjs-maxqi-c.pgn game 1: 1/2-1/2 but 0-1 by perpetual_check",
    // The game ends 38. Ci8 Ch9 39. Ci9 Ch8 40. Ci8 Ch9 41. Ci9 Ch8, a
    // repetition without checks that pychess (Fairy-Stockfish's chasing
    // rules) scores for Red; here chasing never decides a game: a draw.
    "test-data-only/pychess/pychess-games.pgn game 22: 1-0 but 1/2-1/2 by repetition",
];
