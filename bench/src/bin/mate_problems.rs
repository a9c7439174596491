//! Writes the problem set of the mate benchmark: positions where the side to
//! move has a check, from the real games of the test corpus, from seeded
//! random play, and from seeded random composed positions around a king.
//!
//! ```text
//! cargo run --release -p shogi-bench --bin mate_problems -- [--seed N] [--out FILE] [--corpus DIR]
//! ```
//!
//! Each candidate is classified by `shogi_ai::mate::solve_mate` with a budget
//! of [`CLASSIFY_NODES`] positions (mate and its length, no mate, unknown),
//! and the set takes a fixed number of each class from each source, in the
//! order the seeded generator produced them, so that it holds short and long
//! mates, refutations and problems too hard for that budget. The same seed
//! and corpus give the same file.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use shogi_ai::Stop;
use shogi_ai::mate::{MateAnswer, MateLimits, solve_mate};
use shogi_rules::{Color, Piece, Position, Role, Setup, SetupChecks, Square, record};

/// The default seed.
const DEFAULT_SEED: u64 = 20_261_202;

/// The node budget that sorts candidates into classes.
const CLASSIFY_NODES: u64 = 100_000;

/// The most candidates of one source that are classified.
const MAX_TRIED: usize = 1500;

/// A small xorshift generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// What the classifying solve said.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Class {
    /// Mate in 1, 3, 5, or 7 plies and more (7).
    Mate(usize),
    NoMate,
    Unknown,
}

impl Class {
    fn name(self) -> String {
        match self {
            Class::Mate(7) => "mate in 7+".into(),
            Class::Mate(n) => format!("mate in {n}"),
            Class::NoMate => "no mate".into(),
            Class::Unknown => "unknown".into(),
        }
    }
}

fn classify(pos: &Position) -> Option<Class> {
    let limits = MateLimits {
        nodes: Some(CLASSIFY_NODES),
        ..MateLimits::default()
    };
    let report = solve_mate(pos, &limits, &Stop::new()).ok()?;
    Some(match report.answer {
        MateAnswer::Mate(line) => Class::Mate(line.len().min(7)),
        MateAnswer::NoMate => Class::NoMate,
        MateAnswer::Unknown(_) => Class::Unknown,
    })
}

/// Whether the side to move has a legal check and the other side is not in
/// check.
fn has_check(pos: &Position) -> bool {
    let attacker = pos.turn();
    if pos
        .king_of(attacker.opposite())
        .is_none_or(|k| pos.is_attacked(k, attacker))
    {
        return false;
    }
    let mut work = pos.clone();
    pos.legal_moves().into_iter().any(|m| {
        work.play_unchecked(m);
        let check = work.in_check();
        work.undo(m);
        check
    })
}

/// Record files under `dir`, sorted.
fn record_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            record_files(&path, out);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| matches!(e, "kif" | "kifu" | "csa"))
        {
            out.push(path);
        }
    }
}

/// Every position of the main lines of the records under `corpus`.
fn record_positions(corpus: &Path) -> Vec<Position> {
    let mut files = Vec::new();
    record_files(corpus, &mut files);
    let mut all = Vec::new();
    for path in files {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let Ok(game) = record::read(&bytes) else {
            continue;
        };
        let mut pos = game.start.clone();
        all.push(pos.clone());
        for m in game.moves() {
            if pos.play(m).is_err() {
                break;
            }
            all.push(pos.clone());
        }
    }
    all
}

/// Positions of seeded random games from the start position.
fn playout_positions(rng: &mut Rng, games: usize) -> Vec<Position> {
    let mut all = Vec::new();
    for _ in 0..games {
        let mut pos = Position::startpos();
        let plies = 30 + rng.below(150);
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            // Prefer captures, so that hands fill as in real games.
            let captures: Vec<_> = legal.iter().copied().filter(|m| m.is_capture()).collect();
            let m = if !captures.is_empty() && rng.below(3) > 0 {
                captures[rng.below(captures.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            pos.play_unchecked(m);
            all.push(pos.clone());
        }
    }
    all
}

/// A random composed position: Gote's king in its three home ranks with a
/// few of its pieces around it, a few of Sente's pieces near it and pieces
/// in Sente's hand; Sente to move.
fn composed_position(rng: &mut Rng) -> Option<Position> {
    let file = 1 + rng.below(9) as u8;
    let rank = 1 + rng.below(3) as u8;
    let king = Square::new(file, rank)?;
    let mut setup = Setup::empty();
    setup.set_piece(king, Some(Piece::new(Color::Gote, Role::King)));
    let board_roles = [
        Role::Pawn,
        Role::Pawn,
        Role::Lance,
        Role::Knight,
        Role::Silver,
        Role::Gold,
        Role::Bishop,
        Role::Rook,
        Role::Tokin,
        Role::Horse,
        Role::Dragon,
    ];
    let near = |rng: &mut Rng, reach: i32| {
        let df = rng.below((2 * reach + 1) as usize) as i32 - reach;
        let dr = rng.below((2 * reach + 1) as usize) as i32 - reach;
        let f = i32::from(file) + df;
        let r = i32::from(rank) + dr;
        if (1..=9).contains(&f) && (1..=9).contains(&r) {
            Square::new(f as u8, r as u8)
        } else {
            None
        }
    };
    for (color, count, reach) in [
        (Color::Gote, 1 + rng.below(4), 2),
        (Color::Sente, 1 + rng.below(3), 3),
    ] {
        for _ in 0..count {
            let Some(sq) = near(rng, reach) else { continue };
            if setup.piece_at(sq).is_some() {
                continue;
            }
            let role = board_roles[rng.below(board_roles.len())];
            setup.set_piece(sq, Some(Piece::new(color, role)));
        }
    }
    let mut hand = setup.hand(Color::Sente);
    let hand_roles = [
        Role::Pawn,
        Role::Lance,
        Role::Knight,
        Role::Silver,
        Role::Gold,
        Role::Gold,
        Role::Bishop,
        Role::Rook,
    ];
    for _ in 0..1 + rng.below(3) {
        let role = hand_roles[rng.below(hand_roles.len())];
        hand.set(role, hand.get(role) + 1);
    }
    setup.set_hand(Color::Sente, hand);
    setup.set_turn(Color::Sente);
    setup.validate(SetupChecks::ALL).ok()
}

/// How many problems of each class each source gives.
fn quota(source: &str, class: Class) -> usize {
    match (source, class) {
        ("records", Class::Mate(_)) => 20,
        ("records", Class::NoMate) => 50,
        ("records", Class::Unknown) => 30,
        ("random play", Class::Mate(_)) => 15,
        ("random play", Class::NoMate) => 25,
        ("random play", Class::Unknown) => 10,
        ("composed", Class::Mate(1)) => 30,
        ("composed", Class::Mate(_)) => 50,
        ("composed", Class::NoMate) => 40,
        ("composed", Class::Unknown) => 20,
        _ => 0,
    }
}

fn main() -> ExitCode {
    let mut seed = DEFAULT_SEED;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap_or(Path::new("."))
        .to_path_buf();
    let mut out = root.join("bench/data/mate/problems.sfen");
    let mut corpus = root.join("tests/data/corpus");
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next();
        match (arg.as_str(), value) {
            ("--seed", Some(v)) => match v.parse() {
                Ok(v) => seed = v,
                Err(_) => {
                    eprintln!("mate_problems: bad seed {v}");
                    return ExitCode::FAILURE;
                }
            },
            ("--out", Some(v)) => out = PathBuf::from(v),
            ("--corpus", Some(v)) => corpus = PathBuf::from(v),
            _ => {
                eprintln!("usage: mate_problems [--seed N] [--out FILE] [--corpus DIR]");
                return ExitCode::FAILURE;
            }
        }
    }
    let mut rng = Rng(seed.max(1));
    let mut seen = HashSet::new();
    let mut chosen: Vec<(String, Class, &str)> = Vec::new();
    let mut pick = |source: &'static str, positions: &mut dyn Iterator<Item = Position>| {
        let mut taken: std::collections::HashMap<Class, usize> = Default::default();
        let mut tried = 0;
        for pos in positions {
            // Records may hold positions that a checked SFEN refuses.
            if !seen.insert(pos.zobrist())
                || Position::from_sfen(&pos.to_sfen()).is_err()
                || !has_check(&pos)
            {
                continue;
            }
            tried += 1;
            if tried > MAX_TRIED {
                break;
            }
            let Some(class) = classify(&pos) else {
                continue;
            };
            let n = taken.entry(class).or_default();
            if *n < quota(source, class) {
                *n += 1;
                chosen.push((pos.to_sfen(), class, source));
            }
            let full = [1, 3, 5, 7]
                .map(Class::Mate)
                .into_iter()
                .chain([Class::NoMate, Class::Unknown])
                .all(|c| taken.get(&c).copied().unwrap_or(0) >= quota(source, c));
            if full {
                break;
            }
        }
    };
    // Every checking position of the records, in a seeded order.
    let mut from_records = record_positions(&corpus);
    for i in (1..from_records.len()).rev() {
        from_records.swap(i, rng.below(i + 1));
    }
    pick("records", &mut from_records.into_iter());
    let mut from_play = playout_positions(&mut rng, 300);
    for i in (1..from_play.len()).rev() {
        from_play.swap(i, rng.below(i + 1));
    }
    pick("random play", &mut from_play.into_iter());
    let mut composed_rng = Rng(rng.next() | 1);
    let mut composed = std::iter::from_fn(|| {
        for _ in 0..1000 {
            if let Some(pos) = composed_position(&mut composed_rng) {
                return Some(pos);
            }
        }
        None
    })
    .take(200_000);
    pick("composed", &mut composed);

    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Mate benchmark problems: one SFEN per line, the side to move attacks."
    );
    let _ = writeln!(
        text,
        "# Written by `cargo run --release -p shogi-bench --bin mate_problems -- --seed {seed}`"
    );
    let _ = writeln!(
        text,
        "# from the main lines of the KIF/CSA records of tests/data/corpus, from seeded random"
    );
    let _ = writeln!(
        text,
        "# games from the start position, and from seeded random composed positions (Gote's king"
    );
    let _ = writeln!(
        text,
        "# on its three home ranks, a few pieces of each side near it, one to three pieces in"
    );
    let _ = writeln!(
        text,
        "# Sente's hand). Only positions where the side to move has a legal check are kept;"
    );
    let _ = writeln!(
        text,
        "# each is classified by shogi_ai::mate::solve_mate at {CLASSIFY_NODES} nodes and a quota of"
    );
    let _ = writeln!(text, "# each class is taken from each source. Counts:");
    let mut counts: Vec<(String, usize)> = Vec::new();
    for (_, class, source) in &chosen {
        let name = format!("{source}, {}", class.name());
        match counts.iter_mut().find(|(n, _)| *n == name) {
            Some((_, c)) => *c += 1,
            None => counts.push((name, 1)),
        }
    }
    counts.sort();
    for (name, count) in &counts {
        let _ = writeln!(text, "#   {name}: {count}");
    }
    let _ = writeln!(text, "#   total: {}", chosen.len());
    for (sfen, _, _) in &chosen {
        let _ = writeln!(text, "{sfen}");
    }
    if let Some(dir) = out.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Err(e) = std::fs::write(&out, text) {
        eprintln!("mate_problems: {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    eprintln!(
        "mate_problems: {} problems in {}",
        chosen.len(),
        out.display()
    );
    for (name, count) in &counts {
        eprintln!("  {name}: {count}");
    }
    ExitCode::SUCCESS
}
