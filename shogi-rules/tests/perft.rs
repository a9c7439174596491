//! Perft conformance: legal move generation checked against published node counts.
//!
//! The counts live in `tests/data/perft/*.perft` (format described at the top of each file,
//! sources in `tests/data/PROVENANCE.md`):
//!
//! * `fast.perft` runs on every test run: the start position to depth 5, the "matsuri" and
//!   593-move positions to depth 3, the Peeper positions, the 21 TalkChess "gentest" positions to
//!   depth 2 and the 280 shogiops random positions to depth 1. Every count is checked with the
//!   bulk-counting [`perft`]; a few positions are also run with [`perft_full`] (every leaf move
//!   played) to check that both modes agree.
//! * `slow.perft` holds the deeper published counts and runs only with `SHOGI_SLOW_TESTS=1`.
//!
//! A position that fails to load is a failure, never a skip. Records marked `unvalidated` are
//! not legal setups (see [`SetupError`]): they are loaded with
//! [`Position::from_sfen_unvalidated`], and the validated parser must reject them.
//!
//! On a mismatch the test prints a divide (node count below each root move) to help locating
//! the bug, e.g. by comparing with another library.

use std::io::Write;

use shogi_rules::{Position, Role, SetupError, SfenError, perft, perft_divide, perft_full};

const FAST: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/data/perft/fast.perft"
);
const SLOW: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/data/perft/slow.perft"
);

/// Number of positions in `fast.perft`: 7 published positions, 21 gentest, 280 random.
const FAST_RECORDS: usize = 308;

/// Positions and depths also counted with `perft_full`.
const FULL_MODE: [(&str, u32); 6] = [
    ("startpos", 3),
    ("matsuri", 3),
    ("max593", 2),
    ("peeper_check", 3),
    ("gentest-8", 2),
    ("gentest-21", 2),
];

/// One position of a `.perft` file.
struct Record {
    id: String,
    /// Line of the `id` line in the file, for error messages.
    line: usize,
    sfen: String,
    unvalidated: bool,
    /// `(depth, nodes)` in file order.
    counts: Vec<(u32, u64)>,
}

impl Record {
    /// Loads the position the way the record asks for.
    fn position(&self) -> Result<Position, String> {
        let parsed = if self.unvalidated {
            Position::from_sfen_unvalidated(&self.sfen)
        } else {
            Position::from_sfen(&self.sfen)
        };
        parsed.map_err(|err| {
            format!(
                "{} (line {}): cannot load `{}`: {err}",
                self.id, self.line, self.sfen
            )
        })
    }
}

/// Parses a `.perft` file. Any malformed line panics with its line number.
fn load(path: &str) -> Vec<Record> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|err| panic!("{path}: {err}"));
    let mut records: Vec<Record> = Vec::new();
    let mut current: Option<Record> = None;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            records.extend(current.take());
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let where_ = format!("{path}:{line_no}");
        if key == "id" {
            assert!(current.is_none(), "{where_}: `id` inside a record");
            current = Some(Record {
                id: value.to_string(),
                line: line_no,
                sfen: String::new(),
                unvalidated: false,
                counts: Vec::new(),
            });
            continue;
        }
        let record = current
            .as_mut()
            .unwrap_or_else(|| panic!("{where_}: `{key}` before `id`"));
        match key {
            "sfen" => {
                assert!(record.sfen.is_empty(), "{where_}: second `sfen` line");
                record.sfen = value.to_string();
            }
            "unvalidated" => {
                assert!(value.is_empty(), "{where_}: `unvalidated` takes no value");
                record.unvalidated = true;
            }
            "perft" => {
                let numbers: Vec<u64> = value
                    .split_whitespace()
                    .map(|n| {
                        n.parse()
                            .unwrap_or_else(|_| panic!("{where_}: bad number `{n}`"))
                    })
                    .collect();
                let [depth, nodes] = numbers[..] else {
                    panic!("{where_}: expected `perft <depth> <nodes>`");
                };
                let depth = u32::try_from(depth).expect("depth fits in u32");
                record.counts.push((depth, nodes));
            }
            _ => panic!("{where_}: unknown key `{key}`"),
        }
    }
    records.extend(current);
    for record in &records {
        assert!(
            !record.sfen.is_empty() && !record.counts.is_empty(),
            "{path}:{}: record `{}` needs a `sfen` line and at least one `perft` line",
            record.line,
            record.id
        );
    }
    let mut ids: Vec<&str> = records.iter().map(|r| r.id.as_str()).collect();
    ids.sort_unstable();
    if let Some(pair) = ids.windows(2).find(|pair| pair[0] == pair[1]) {
        panic!("{path}: duplicate id `{}`", pair[0]);
    }
    records
}

/// Node count below each root move, one `move count` line each, sorted by move text.
fn divide(pos: &Position, depth: u32) -> String {
    let mut lines: Vec<String> = perft_divide(pos, depth)
        .into_iter()
        .map(|(m, nodes)| format!("  {m} {nodes}"))
        .collect();
    lines.sort();
    lines.join("\n")
}

/// Checks every count of `records` with `count`; returns one message per failure.
fn check(records: &[Record], count: fn(&Position, u32) -> u64, mode: &str) -> Vec<String> {
    let mut failures = Vec::new();
    for record in records {
        let pos = match record.position() {
            Ok(pos) => pos,
            Err(message) => {
                failures.push(message);
                continue;
            }
        };
        for &(depth, expected) in &record.counts {
            let got = count(&pos, depth);
            if got != expected {
                failures.push(format!(
                    "{} (line {}): {mode}({depth}) = {got}, expected {expected}\nsfen {}\ndivide at depth {depth}:\n{}",
                    record.id,
                    record.line,
                    record.sfen,
                    divide(&pos, depth)
                ));
            }
        }
    }
    failures
}

fn assert_no_failures(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} failure(s):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn fast_perft() {
    let records = load(FAST);
    assert_eq!(records.len(), FAST_RECORDS, "{FAST}: number of positions");
    assert_no_failures(&check(&records, perft, "perft"));
}

#[test]
fn perft_full_agrees_with_bulk_counting() {
    let records = load(FAST);
    let selected: Vec<Record> = FULL_MODE
        .iter()
        .map(|&(id, depth)| {
            let record = records
                .iter()
                .find(|r| r.id == id)
                .unwrap_or_else(|| panic!("{FAST}: no record `{id}`"));
            let &(_, nodes) = record
                .counts
                .iter()
                .find(|&&(d, _)| d == depth)
                .unwrap_or_else(|| panic!("{FAST}: `{id}` has no depth {depth}"));
            Record {
                id: record.id.clone(),
                line: record.line,
                sfen: record.sfen.clone(),
                unvalidated: record.unvalidated,
                counts: vec![(depth, nodes)],
            }
        })
        .collect();
    assert_no_failures(&check(&selected, perft_full, "perft_full"));
}

#[test]
fn unvalidated_records_are_rejected_by_the_validated_parser() {
    let records = load(FAST);
    let unvalidated: Vec<&Record> = records.iter().filter(|r| r.unvalidated).collect();
    let ids: Vec<&str> = unvalidated.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["peeper_check"]);
    for record in unvalidated {
        let err = Position::from_sfen(&record.sfen).expect_err("3 rooks and 3 bishops");
        assert!(
            matches!(
                err,
                SfenError::Setup(SetupError::TooManyPieces {
                    role: Role::Rook | Role::Bishop,
                    count: 3,
                    max: 2,
                })
            ),
            "{}: {err:?}",
            record.id
        );
    }
}

#[test]
fn slow_perft() {
    if std::env::var("SHOGI_SLOW_TESTS").as_deref() != Ok("1") {
        // Written to stderr directly (not `eprintln!`) so that the harness does not capture it.
        writeln!(
            std::io::stderr(),
            "slow_perft skipped: the deep counts of {SLOW} take long; set SHOGI_SLOW_TESTS=1 to run them"
        )
        .expect("write to stderr");
        return;
    }
    let records = load(SLOW);
    assert!(!records.is_empty(), "{SLOW}: no positions");
    // One thread per position: the counts take minutes each.
    let failures: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = records
            .iter()
            .map(|record| scope.spawn(move || check(std::slice::from_ref(record), perft, "perft")))
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("perft thread panicked"))
            .collect()
    });
    assert_no_failures(&failures);
}
