//! Game-record benchmark: parse and validate every KIF and CSA file of the
//! test corpus with `shogi-rules` and, side by side in the same process,
//! with the record readers of the `rsshogi` crate.
//!
//! ```text
//! cargo run --release -p shogi-bench --bin records -- [CORPUS_DIR] [--rounds N] [--min-ms MS]
//! ```
//!
//! `CORPUS_DIR` holds `kif/` and `csa/` (searched recursively for `.kif`,
//! `.kifu` and `.csa` files); it defaults to `tests/data/corpus` of the
//! workspace. Every read starts from the file's bytes (decoding is part of
//! the work) and checks every move against the rules:
//!
//! * shogi-rules: `record::read_as(bytes, Format::Kif | Format::Csa)`, which
//!   resolves each move against its position (main line and variations);
//! * rsshogi: `kif::parse_kif_bytes` / `csa::parse_csa_bytes`, whose readers
//!   check each move with `Position::is_legal_move` as they play it.
//!
//! Files that either library fails to read are listed with the reason and
//! left out of the timed set, so both libraries read the same files. Each
//! round times both libraries on each format, in an order that alternates
//! from round to round; the report gives the median over the rounds, in
//! games per second, and the ratio of the medians.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use shogi_rules::record::{self, Format};

/// Default number of rounds.
const DEFAULT_ROUNDS: usize = 21;

/// Default minimum wall time of one timed sample, in milliseconds.
const DEFAULT_MIN_MS: u64 = 100;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Kif,
    Csa,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Kif => "KIF",
            Kind::Csa => "CSA",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lib {
    Ours,
    Rsshogi,
}

/// One corpus file, loaded into memory.
struct File {
    path: PathBuf,
    kind: Kind,
    bytes: Vec<u8>,
}

/// Reads `file` with shogi-rules; the number of main-line moves.
fn read_ours(file: &File) -> Result<usize, String> {
    let format = match file.kind {
        Kind::Kif => Format::Kif,
        Kind::Csa => Format::Csa,
    };
    record::read_as(&file.bytes, format)
        .map(|r| r.main.moves.len())
        .map_err(|e| e.to_string())
}

/// Reads `file` with rsshogi; the number of main-line moves.
fn read_rsshogi(file: &File) -> Result<usize, String> {
    use rsshogi::records::formats::{csa, kif};
    match file.kind {
        Kind::Kif => kif::parse_kif_bytes(&file.bytes)
            .map(|r| r.main_moves().count())
            .map_err(|e| e.to_string()),
        Kind::Csa => csa::parse_csa_bytes(&file.bytes)
            .map(|r| r.main_moves().count())
            .map_err(|e| e.to_string()),
    }
}

fn read(lib: Lib, file: &File) -> Result<usize, String> {
    match lib {
        Lib::Ours => read_ours(file),
        Lib::Rsshogi => read_rsshogi(file),
    }
}

/// Reads every file `passes` times; the wall time. Results go through
/// `black_box` so no read can be skipped.
fn time_passes(lib: Lib, files: &[&File], passes: usize) -> Duration {
    let start = Instant::now();
    for _ in 0..passes {
        for file in files {
            let _ = black_box(read(lib, black_box(file)));
        }
    }
    start.elapsed()
}

/// Small records whose last move is illegal: each library must read the
/// record without its last move and reject it with it, or the benchmark
/// would not compare like with like.
const PROBES: &[(Kind, &str, &str, &str)] = &[
    (
        Kind::Kif,
        "pawn moving two squares",
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n",
        "   2 ３五歩(33)\n",
    ),
    (
        Kind::Kif,
        "second unpromoted pawn on a file (nifu)",
        "手合割：平手\n手数----指手---------消費時間--\n   1 ２六歩(27)\n   2 ８四歩(83)\n   3 ２五歩(26)\n   4 ８五歩(84)\n   5 ２四歩(25)\n   6 同　歩(23)\n   7 同　飛(28)\n   8 ８六歩(85)\n",
        "   9 ７五歩打\n",
    ),
    (
        Kind::Kif,
        "king moving into check",
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ６八玉(59)\n   4 ８八角成(22)\n",
        "   5 ７七玉(68)\n",
    ),
    (
        Kind::Csa,
        "pawn moving two squares",
        "V2.2\nPI\n+\n+7776FU\n",
        "-3335FU\n",
    ),
    (
        Kind::Csa,
        "second unpromoted pawn on a file (nifu)",
        "V2.2\nPI\n+\n+2726FU\n-8384FU\n+2625FU\n-8485FU\n+2524FU\n-2324FU\n+2824HI\n-8586FU\n",
        "+0075FU\n",
    ),
    (
        Kind::Csa,
        "king moving into check",
        "V2.2\nPI\n+\n+7776FU\n-3334FU\n+5968OU\n-2288UM\n",
        "+6877OU\n",
    ),
];

/// Checks that both libraries accept each probe's legal prefix and reject
/// its illegal last move.
fn check_probes() -> Result<usize, String> {
    for &(kind, what, legal, illegal) in PROBES {
        let file = |text: String| File {
            path: PathBuf::new(),
            kind,
            bytes: text.into_bytes(),
        };
        let prefix = file(legal.to_string());
        let whole = file(format!("{legal}{illegal}"));
        for lib in [Lib::Ours, Lib::Rsshogi] {
            if let Err(e) = read(lib, &prefix) {
                return Err(format!(
                    "{lib:?} rejects the legal part of the {} probe \"{what}\": {e}",
                    kind.name()
                ));
            }
            if read(lib, &whole).is_ok() {
                return Err(format!(
                    "{lib:?} accepts the illegal {} probe \"{what}\"",
                    kind.name()
                ));
            }
        }
    }
    Ok(PROBES.len())
}

fn collect(dir: &Path, kind: Kind, out: &mut Vec<File>) -> Result<(), String> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, kind, out)?;
            continue;
        }
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let wanted = match kind {
            Kind::Kif => matches!(extension.as_deref(), Some("kif" | "kifu")),
            Kind::Csa => extension.as_deref() == Some("csa"),
        };
        if wanted {
            let bytes =
                std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            out.push(File { path, kind, bytes });
        }
    }
    Ok(())
}

fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    let n = sorted.len();
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }
}

struct Options {
    dir: PathBuf,
    rounds: usize,
    min_time: Duration,
}

fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/corpus"),
        rounds: DEFAULT_ROUNDS,
        min_time: Duration::from_millis(DEFAULT_MIN_MS),
    };
    let mut dir_given = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => {
                options.rounds = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n: &usize| n > 0)
                    .ok_or("--rounds takes a positive whole number")?;
            }
            "--min-ms" => {
                let ms: u64 = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("--min-ms takes a whole number of milliseconds")?;
                options.min_time = Duration::from_millis(ms);
            }
            "-h" | "--help" => {
                return Err("usage: records [CORPUS_DIR] [--rounds N] [--min-ms MS]\n\
                     CORPUS_DIR holds kif/ and csa/ (default: tests/data/corpus of the workspace)"
                    .to_string());
            }
            dir if !dir_given && !dir.starts_with('-') => {
                options.dir = PathBuf::from(dir);
                dir_given = true;
            }
            other => return Err(format!("unexpected argument {other:?}")),
        }
    }
    Ok(options)
}

/// Per format: the files both libraries read, their games and moves.
struct Set<'a> {
    kind: Kind,
    files: Vec<&'a File>,
    moves: usize,
}

fn run() -> Result<(), String> {
    let mut options = parse_args()?;
    if let Ok(dir) = std::fs::canonicalize(&options.dir) {
        options.dir = dir;
    }
    let mut files = Vec::new();
    collect(&options.dir.join("kif"), Kind::Kif, &mut files)?;
    collect(&options.dir.join("csa"), Kind::Csa, &mut files)?;
    if files.is_empty() {
        return Err(format!(
            "no .kif, .kifu or .csa files under {}",
            options.dir.display()
        ));
    }
    let probes = check_probes()?;
    let shown = |path: &Path| {
        path.strip_prefix(&options.dir)
            .unwrap_or(path)
            .display()
            .to_string()
    };

    // Check every file once with both libraries (this is also the warm-up).
    let mut sets = vec![
        Set {
            kind: Kind::Kif,
            files: Vec::new(),
            moves: 0,
        },
        Set {
            kind: Kind::Csa,
            files: Vec::new(),
            moves: 0,
        },
    ];
    let mut failures = Vec::new();
    let mut move_count_differences = Vec::new();
    for file in &files {
        match (read_ours(file), read_rsshogi(file)) {
            (Ok(ours), Ok(theirs)) => {
                let set = sets
                    .iter_mut()
                    .find(|s| s.kind == file.kind)
                    .expect("a set per kind");
                set.files.push(file);
                set.moves += ours;
                if ours != theirs {
                    move_count_differences
                        .push(format!("| `{}` | {ours} | {theirs} |", shown(&file.path)));
                }
            }
            (ours, theirs) => {
                let cell = |r: Result<usize, String>| match r {
                    Ok(n) => format!("ok ({n} moves)"),
                    Err(e) => e.replace('|', "\\|").replace('\n', " "),
                };
                failures.push(format!(
                    "| `{}` | {} | {} |",
                    shown(&file.path),
                    cell(ours),
                    cell(theirs)
                ));
            }
        }
    }

    // Passes per sample: enough for the slower library to take min_time.
    let mut passes = Vec::new();
    for set in &sets {
        if set.files.is_empty() {
            passes.push(0);
            continue;
        }
        let slowest = [Lib::Ours, Lib::Rsshogi]
            .iter()
            .map(|&lib| time_passes(lib, &set.files, 1))
            .max()
            .unwrap_or_default();
        let n = (options.min_time.as_secs_f64() / slowest.as_secs_f64().max(1e-6)).ceil();
        passes.push((n as usize).max(1));
    }

    let mut times: Vec<[Vec<Duration>; 2]> =
        sets.iter().map(|_| [Vec::new(), Vec::new()]).collect();
    for round in 0..options.rounds {
        eprintln!("round {}/{}", round + 1, options.rounds);
        let order = if round % 2 == 0 {
            [Lib::Ours, Lib::Rsshogi]
        } else {
            [Lib::Rsshogi, Lib::Ours]
        };
        for (i, set) in sets.iter().enumerate() {
            if set.files.is_empty() {
                continue;
            }
            for lib in order {
                let t = time_passes(lib, &set.files, passes[i]) / passes[i] as u32;
                times[i][lib as usize].push(t);
            }
        }
    }

    // Report.
    println!(
        "Corpus: `{}`, {} files ({} KIF, {} CSA); {} rounds, {} passes per sample.\n",
        options.dir.display(),
        files.len(),
        files.iter().filter(|f| f.kind == Kind::Kif).count(),
        files.iter().filter(|f| f.kind == Kind::Csa).count(),
        options.rounds,
        passes
            .iter()
            .zip(&sets)
            .map(|(p, s)| format!("{} {p}", s.kind.name()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!(
        "| format | games | moves | shogi-rules µs/pass (min..max) | rsshogi µs/pass (min..max) | shogi-rules games/s | rsshogi games/s | ours/rsshogi |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut total = [Duration::ZERO; 2];
    let mut total_games = 0;
    let mut total_moves = 0;
    for (i, set) in sets.iter().enumerate() {
        if set.files.is_empty() {
            println!("| {} | 0 | 0 | – | – | – | – | – |", set.kind.name());
            continue;
        }
        let games = set.files.len();
        let stat = |lib: Lib| {
            let t = &times[i][lib as usize];
            let min = t.iter().min().copied().unwrap_or_default();
            let max = t.iter().max().copied().unwrap_or_default();
            (median(t), min, max)
        };
        let (ours, ours_min, ours_max) = stat(Lib::Ours);
        let (theirs, theirs_min, theirs_max) = stat(Lib::Rsshogi);
        total[0] += ours;
        total[1] += theirs;
        total_games += games;
        total_moves += set.moves;
        let us = |d: Duration| format!("{:.0}", d.as_secs_f64() * 1e6);
        let gps = |d: Duration| games as f64 / d.as_secs_f64();
        println!(
            "| {} | {games} | {} | {} ({}..{}) | {} ({}..{}) | {:.0} | {:.0} | {:.2} |",
            set.kind.name(),
            set.moves,
            us(ours),
            us(ours_min),
            us(ours_max),
            us(theirs),
            us(theirs_min),
            us(theirs_max),
            gps(ours),
            gps(theirs),
            theirs.as_secs_f64() / ours.as_secs_f64()
        );
    }
    if total_games > 0 {
        let gps = |d: Duration| total_games as f64 / d.as_secs_f64();
        println!(
            "| all (sum of the medians) | {total_games} | {total_moves} | {:.0} | {:.0} | {:.0} | {:.0} | {:.2} |",
            total[0].as_secs_f64() * 1e6,
            total[1].as_secs_f64() * 1e6,
            gps(total[0]),
            gps(total[1]),
            total[1].as_secs_f64() / total[0].as_secs_f64()
        );
    }
    println!();
    println!(
        "Validation check: both libraries reject each of the {probes} probe records whose last \
         move is illegal (pawn moving two squares, nifu drop, king moving into check; KIF and CSA) \
         and accept them without that move.\n"
    );
    if failures.is_empty() {
        println!("Both libraries read every file.");
    } else {
        println!("Files left out of the timing (a library failed to read them):\n");
        println!("| file | shogi-rules | rsshogi |");
        println!("|---|---|---|");
        for line in &failures {
            println!("{line}");
        }
    }
    if !move_count_differences.is_empty() {
        println!("\nFiles read by both with different main-line move counts (timed):\n");
        println!("| file | shogi-rules moves | rsshogi moves |");
        println!("|---|---:|---:|");
        for line in &move_count_differences {
            println!("{line}");
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}
