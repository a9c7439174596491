//! SFEN corpus: every position of `tests/data/sfen/` (positions written by other programs,
//! sources in `tests/data/PROVENANCE.md` and `tests/data/sfen/MANIFEST.tsv`) loads with
//! [`Position::from_sfen`], and writing it back with `to_sfen()` and reading that again gives
//! an identical position (`==` and `zobrist()`).
//!
//! Every position in these files is a legal setup (no [`SetupError`](shogi_rules::SetupError);
//! checked when the files were imported), so a rejection is a failure. Each file's format is
//! handled explicitly:
//!
//! * `nshogi/legal-move-examples.txt`, `nshogi/legal-check-examples.txt`: pairs of lines, a SFEN
//!   then `<count> <USI moves...>` (all legal moves, resp. all checking moves, as nshogi generates
//!   them). Only the SFEN is checked: nshogi leaves out the non-promoting pawn, bishop and rook
//!   moves into the zone (an engine convention), so its lists are not a rules reference. The
//!   move line is only checked for its shape, which keeps the pairing honest.
//! * `nshogi/mate-1-ply.txt`, `nshogi/no-mate-1-ply.txt`: one SFEN per line, hands in a
//!   non-canonical order (`7P2Rpb`).
//! * `shogi-supplement/sfen_golden_game{1,2}.json`: JSON arrays of `{ply, sfen}`, one entry per
//!   ply of a game; each position also follows from the previous one by one legal move, and the
//!   played position equals the one read from the SFEN (`==` and `zobrist()`).
//! * `shogihome/*.sfen`: USI `position startpos moves ...` commands, one per line, read with
//!   [`usi::parse_position_command`]; the final position is round-tripped.
//! * `shogiops/perft-standard.tsv`: a `#` header, then `sfen<TAB>depth<TAB>nodes` rows, all at
//!   depth 1, so `nodes` is the number of legal moves.
//!
//! Files other than the nshogi mate files are written in canonical form (hand order
//! R B G S N L P, counts as numbers), so `to_sfen()` must reproduce them byte for byte.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;
use shogi_rules::{Position, usi};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/sfen");

fn read(file: &str) -> String {
    let path = format!("{DIR}/{file}");
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{path}: {err}"))
}

/// Checks one SFEN; `canonical` asks for `to_sfen()` to reproduce the input exactly.
fn check_sfen(sfen: &str, canonical: bool) -> Result<Position, String> {
    let pos = Position::from_sfen(sfen).map_err(|err| format!("`{sfen}` rejected: {err}"))?;
    check_round_trip(&pos)?;
    let written = pos.to_sfen();
    if canonical && written != sfen {
        return Err(format!("`{sfen}` written back as `{written}`"));
    }
    Ok(pos)
}

/// `to_sfen()` read back gives the same position, hash and text.
fn check_round_trip(pos: &Position) -> Result<(), String> {
    let written = pos.to_sfen();
    let again = Position::from_sfen(&written)
        .map_err(|err| format!("own output `{written}` rejected: {err}"))?;
    if again != *pos || again.zobrist() != pos.zobrist() || again.to_sfen() != written {
        return Err(format!(
            "`{written}` read back differs: `{}`, zobrist {:#x} vs {:#x}",
            again.to_sfen(),
            again.zobrist(),
            pos.zobrist()
        ));
    }
    Ok(())
}

/// Collects the failures of one file and checks its number of positions.
struct FileCheck {
    file: &'static str,
    positions: usize,
    failures: Vec<String>,
}

impl FileCheck {
    fn new(file: &'static str) -> FileCheck {
        FileCheck {
            file,
            positions: 0,
            failures: Vec::new(),
        }
    }

    /// Counts one position; `at` locates it in the file ("line 3", "ply 7").
    fn record<T>(&mut self, at: String, result: Result<T, String>) -> Option<T> {
        self.positions += 1;
        result
            .map_err(|err| self.failures.push(format!("{} {at}: {err}", self.file)))
            .ok()
    }

    fn finish(self, expected_positions: usize) {
        assert!(
            self.failures.is_empty(),
            "{} failure(s):\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
        assert_eq!(
            self.positions, expected_positions,
            "{}: number of positions checked",
            self.file
        );
    }
}

/// Pairs of lines: a SFEN, then `<count> <moves...>`.
fn check_sfen_and_move_lines(file: &'static str, pairs: usize) {
    let text = read(file);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len() % 2, 0, "{file}: odd number of lines");
    let mut check = FileCheck::new(file);
    for (index, pair) in lines.chunks(2).enumerate() {
        let line = 2 * index + 1;
        let mut tokens = pair[1].split_whitespace();
        let count: usize = tokens
            .next()
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("{file}:{}: expected a move count", line + 1));
        assert_eq!(
            count,
            tokens.count(),
            "{file}:{}: count and moves disagree",
            line + 1
        );
        check.record(format!("line {line}"), check_sfen(pair[0], true));
    }
    check.finish(pairs);
}

/// One SFEN per line.
fn check_sfen_lines(file: &'static str, positions: usize) {
    let mut check = FileCheck::new(file);
    for (index, sfen) in read(file).lines().enumerate() {
        check.record(format!("line {}", index + 1), check_sfen(sfen, false));
    }
    check.finish(positions);
}

#[test]
fn nshogi_legal_move_examples() {
    check_sfen_and_move_lines("nshogi/legal-move-examples.txt", 5000);
}

#[test]
fn nshogi_legal_check_examples() {
    check_sfen_and_move_lines("nshogi/legal-check-examples.txt", 5000);
}

#[test]
fn nshogi_mate_in_one_positions() {
    check_sfen_lines("nshogi/mate-1-ply.txt", 1568);
}

#[test]
fn nshogi_no_mate_in_one_positions() {
    check_sfen_lines("nshogi/no-mate-1-ply.txt", 1574);
}

/// Some legal move from `before` gives `after`: same SFEN text, `==` and `zobrist()`.
fn connecting_move(before: &Position, after: &Position) -> Result<(), String> {
    let target = after.to_sfen();
    let played = before.legal_moves().iter().find_map(|&m| {
        let mut child = before.clone();
        child.play_unchecked(m);
        (child.to_sfen() == target).then_some((m, child))
    });
    match played {
        None => Err(format!(
            "no legal move from `{}` gives `{target}`",
            before.to_sfen()
        )),
        Some((m, child)) if child != *after || child.zobrist() != after.zobrist() => Err(format!(
            "`{m}` from `{}` gives `{target}` with zobrist {:#x}, read from the SFEN {:#x}",
            before.to_sfen(),
            child.zobrist(),
            after.zobrist()
        )),
        Some(_) => Ok(()),
    }
}

fn check_golden_game(file: &'static str, plies: usize) {
    let data: Value =
        serde_json::from_str(&read(file)).unwrap_or_else(|err| panic!("{file}: {err}"));
    let entries = data
        .as_array()
        .unwrap_or_else(|| panic!("{file}: expected an array"));
    let mut check = FileCheck::new(file);
    let mut previous: Option<Position> = None;
    for (index, entry) in entries.iter().enumerate() {
        let ply = entry["ply"].as_u64().expect("`ply` number");
        assert_eq!(ply, index as u64, "{file}: entry {index} has ply {ply}");
        let sfen = entry["sfen"].as_str().expect("`sfen` string");
        let result = check_sfen(sfen, true).and_then(|pos| match &previous {
            Some(before) => connecting_move(before, &pos).map(|()| pos),
            None => Ok(pos),
        });
        previous = check.record(format!("ply {ply}"), result);
    }
    check.finish(plies);
}

#[test]
fn shogi_supplement_golden_games() {
    check_golden_game("shogi-supplement/sfen_golden_game1.json", 75);
    check_golden_game("shogi-supplement/sfen_golden_game2.json", 101);
}

fn check_position_commands(file: &'static str, commands: usize) {
    let mut check = FileCheck::new(file);
    for (index, command) in read(file).lines().enumerate() {
        let result = usi::parse_position_command(command)
            .map_err(|err| format!("`{command}` rejected: {err}"))
            .and_then(|read| {
                let listed = command.split_whitespace().skip(3).count();
                if read.start != Position::startpos() || read.moves.len() != listed {
                    return Err(format!(
                        "`{command}`: start `{}`, {} moves read of {listed}",
                        read.start.to_sfen(),
                        read.moves.len()
                    ));
                }
                check_round_trip(&read.position)
            });
        check.record(format!("line {}", index + 1), result);
    }
    check.finish(commands);
}

#[test]
fn shogihome_position_commands() {
    check_position_commands("shogihome/book-source-src05.sfen", 2);
    check_position_commands("shogihome/conversion-division-input.sfen", 3);
}

#[test]
fn shogiops_perft_positions() {
    let file = "shogiops/perft-standard.tsv";
    let text = read(file);
    let mut lines = text.lines().enumerate();
    assert_eq!(lines.next().map(|(_, l)| l), Some("# sfen\tdepth\tnodes"));
    let mut check = FileCheck::new(file);
    for (index, line) in lines {
        let line_no = index + 1;
        let fields: Vec<&str> = line.split('\t').collect();
        let [sfen, "1", nodes] = fields[..] else {
            panic!("{file}:{line_no}: expected `sfen<TAB>1<TAB>nodes`");
        };
        let nodes: usize = nodes.parse().expect("node count");
        let result = check_sfen(sfen, true).and_then(|pos| {
            let got = pos.legal_moves().len();
            if got == nodes {
                Ok(())
            } else {
                Err(format!("`{sfen}`: {got} legal moves, expected {nodes}"))
            }
        });
        check.record(format!("line {line_no}"), result);
    }
    check.finish(292);
}

/// Every file under `tests/data/sfen` is handled above and listed in `MANIFEST.tsv`.
#[test]
fn every_corpus_file_is_covered() {
    const HANDLED: [&str; 9] = [
        "nshogi/legal-check-examples.txt",
        "nshogi/legal-move-examples.txt",
        "nshogi/mate-1-ply.txt",
        "nshogi/no-mate-1-ply.txt",
        "shogi-supplement/sfen_golden_game1.json",
        "shogi-supplement/sfen_golden_game2.json",
        "shogihome/book-source-src05.sfen",
        "shogihome/conversion-division-input.sfen",
        "shogiops/perft-standard.tsv",
    ];
    fn walk(dir: &Path, prefix: &str, out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|err| panic!("{dir:?}: {err}")) {
            let entry = entry.expect("directory entry");
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if entry.file_type().expect("file type").is_dir() {
                walk(&entry.path(), &format!("{name}/"), out);
            } else {
                out.insert(name);
            }
        }
    }
    let mut on_disk = BTreeSet::new();
    walk(Path::new(DIR), "", &mut on_disk);
    assert!(on_disk.remove("MANIFEST.tsv"), "MANIFEST.tsv is missing");
    let handled: BTreeSet<String> = HANDLED.into_iter().map(String::from).collect();
    assert_eq!(on_disk, handled, "files under {DIR}");

    // MANIFEST.tsv: header, then one line per file; `file` is relative to tests/data.
    let manifest = read("MANIFEST.tsv");
    let mut rows = manifest.lines();
    let header: Vec<&str> = rows.next().expect("header").split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|&h| h == name)
            .unwrap_or_else(|| panic!("MANIFEST.tsv: no `{name}` column"))
    };
    let (file_column, bytes_column) = (column("file"), column("bytes"));
    let mut listed = BTreeSet::new();
    for row in rows {
        let fields: Vec<&str> = row.split('\t').collect();
        let file = fields[file_column]
            .strip_prefix("sfen/")
            .unwrap_or_else(|| {
                panic!("MANIFEST.tsv: `{}` is not under sfen/", fields[file_column])
            });
        let size = std::fs::metadata(format!("{DIR}/{file}"))
            .unwrap_or_else(|err| panic!("{file}: {err}"))
            .len();
        assert_eq!(
            size.to_string(),
            fields[bytes_column],
            "{file}: size differs from MANIFEST.tsv"
        );
        listed.insert(file.to_string());
    }
    assert_eq!(listed, handled, "files listed in MANIFEST.tsv");
}
