//! Scaling harness: every record reader and writer should take time and
//! memory in proportion to the size of its input.
//!
//! ```text
//! cargo run --release -p shogi-bench --bin scaling -- [--quick] [--only SUBSTRING]... [--cap-secs S]
//! ```
//!
//! Each row is one operation on one generated input. The input is built at
//! 1×, 4× and 16× a base size (more moves, a longer comment, deeper or wider
//! variations), and for each size the harness measures
//!
//! * the wall time of the operation: the median of at least 3 timed runs
//!   (more for small inputs, up to about a second of runs per size), after
//!   one untimed run that also measures memory;
//! * the peak heap memory of the operation: a counting global allocator
//!   (below) tracks the bytes allocated; its peak is reset to the current
//!   figure just before the operation, and the peak above that figure is
//!   what the operation needed (the input text, and for writers the record,
//!   are allocated before and not counted).
//!
//! Both are divided by the input size in MB (10^6 bytes of generated text;
//! for a writer, the text its record was read from). A linear operation has
//! the same figure per MB at every size; the row meets the target when the
//! 16× figure is within 1.5× of the 1× figure, for time and for memory.
//!
//! Every input is generated here, deterministically, and every move in it is
//! legal: the two kings shuttle (5i4h 5a4b 4h5i 4b5a …). Record readers
//! check legality but do not adjudicate repetition, so the shuttle can be
//! as long as the limits allow. `Game::from_usi` does adjudicate: it runs
//! with a rule set that has no move limit, no clock and a repetition count
//! no game reaches (`repetitions = u32::MAX`).
//!
//! A size whose single run takes longer than the cap (20 s, `--cap-secs`)
//! ends its row: the larger sizes are reported "over budget". So is a size
//! whose predicted run time (the previous size's time × 4 × how much the
//! per-MB time has grown since 1×) is over the cap, so that a quadratic
//! operation does not stall the run; for a writer, the same holds for
//! reading the record it writes, which happens before each size outside
//! the measurement. An operation that fails is reported
//! in its cell and below the table, and the run goes on.
//!
//! Progress goes to stderr, the report (a Markdown table) to stdout.

use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Write as _;
use std::hint::black_box;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use shogi_rules::record::{self, Format, GameRecord, Limit, ReadLimits};
use shogi_rules::{Game, RuleSet};

// ---------------------------------------------------------------------------
// Counting allocator.

/// Bytes currently allocated through the global allocator.
static CURRENT: AtomicUsize = AtomicUsize::new(0);
/// The highest value `CURRENT` has had since the last [`reset_peak`].
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting the bytes it hands out.
struct Counting;

fn grew(bytes: usize) {
    let now = CURRENT.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

fn shrank(bytes: usize) {
    CURRENT.fetch_sub(bytes, Ordering::Relaxed);
}

// The only unsafe code of the crate: the trait is unsafe to implement, and
// every method delegates to `System` with the arguments it was given.
#[allow(unsafe_code)]
// SAFETY: every method forwards its arguments unchanged to `System`, which
// upholds the `GlobalAlloc` contract; the counters do not touch the memory.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees for `layout` are those `System.alloc` needs.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            grew(layout.size());
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            grew(layout.size());
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by this allocator, that is by `System`,
        // with `layout`, as the caller guarantees.
        unsafe { System.dealloc(ptr, layout) };
        shrank(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` and `layout` come from this allocator (that is from
        // `System`) and `new_size` is valid, as the caller guarantees.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                shrank(layout.size() - new_size);
            }
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Starts a peak measurement: returns the bytes allocated now, which the
/// peak is reset to.
fn reset_peak() -> usize {
    let now = CURRENT.load(Ordering::Relaxed);
    PEAK.store(now, Ordering::Relaxed);
    now
}

fn peak_since(base: usize) -> usize {
    PEAK.load(Ordering::Relaxed).saturating_sub(base)
}

// ---------------------------------------------------------------------------
// Moves and their spellings.

/// One move in every notation the generators write.
struct Mv {
    usi: &'static str,
    csa: &'static str,
    /// KIF move text with its origin.
    kif: &'static str,
    /// KI2 move with its side mark.
    ki2: &'static str,
    /// The JKF `move` object.
    jkf: &'static str,
}

/// The king shuttle from the start position: ply `i` (0-based) plays
/// `SHUTTLE[i % 4]`; every fourth ply the start position is back.
const SHUTTLE: [Mv; 4] = [
    Mv {
        usi: "5i4h",
        csa: "+5948OU",
        kif: "４八玉(59)",
        ki2: "▲４八玉",
        jkf: r#"{"color":0,"from":{"x":5,"y":9},"to":{"x":4,"y":8},"piece":"OU"}"#,
    },
    Mv {
        usi: "5a4b",
        csa: "-5142OU",
        kif: "４二玉(51)",
        ki2: "△４二玉",
        jkf: r#"{"color":1,"from":{"x":5,"y":1},"to":{"x":4,"y":2},"piece":"OU"}"#,
    },
    Mv {
        usi: "4h5i",
        csa: "+4859OU",
        kif: "５九玉(48)",
        ki2: "▲５九玉",
        jkf: r#"{"color":0,"from":{"x":4,"y":8},"to":{"x":5,"y":9},"piece":"OU"}"#,
    },
    Mv {
        usi: "4b5a",
        csa: "-4251OU",
        kif: "５一玉(42)",
        ki2: "△５一玉",
        jkf: r#"{"color":1,"from":{"x":4,"y":2},"to":{"x":5,"y":1},"piece":"OU"}"#,
    },
];

/// A move that leaves the shuttle, legal at any point of it: Sente's (ply
/// index even) or Gote's (odd) edge pawn push. The deep rows play it as the
/// move each next variation replaces.
const ASIDE: [Mv; 2] = [
    Mv {
        usi: "1g1f",
        csa: "+1716FU",
        kif: "１六歩(17)",
        ki2: "▲１六歩",
        jkf: r#"{"color":0,"from":{"x":1,"y":7},"to":{"x":1,"y":6},"piece":"FU"}"#,
    },
    Mv {
        usi: "9c9d",
        csa: "-9394FU",
        kif: "９四歩(93)",
        ki2: "△９四歩",
        jkf: r#"{"color":1,"from":{"x":9,"y":3},"to":{"x":9,"y":4},"piece":"FU"}"#,
    },
];

/// Sente's first moves for the sibling variations of the wide row (KIF text).
const FIRST_MOVES: [&str; 12] = [
    "９六歩(97)",
    "８六歩(87)",
    "７六歩(77)",
    "６六歩(67)",
    "５六歩(57)",
    "４六歩(47)",
    "３六歩(37)",
    "２六歩(27)",
    "１六歩(17)",
    "４八玉(59)",
    "５八玉(59)",
    "６八玉(59)",
];

/// The shuttle move at 0-based ply index `i`.
fn shuttle(i: usize) -> &'static Mv {
    &SHUTTLE[i % 4]
}

/// The pawn push for the side to move at 0-based ply index `i`.
fn aside(i: usize) -> &'static Mv {
    &ASIDE[i % 2]
}

// ---------------------------------------------------------------------------
// Inputs.

/// A generated input; `n` is its size parameter (moves, comment bytes,
/// nesting depth or number of siblings).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Input {
    /// `position startpos moves …` with `n` moves on one line.
    UsiMoves,
    /// CSA with `n` moves on one line, separated by commas.
    CsaOneLine,
    /// CSA with `n` moves, one per line.
    CsaPerLine,
    /// KIF with a main line of `n` moves.
    KifMoves,
    /// KIF with one `*` comment line of about `n` bytes.
    KifComment,
    /// KIF with `n` variations, each branching off the one before.
    KifDeep,
    /// KIF with `n` sibling variations of the first move.
    KifWide,
    /// KI2 with `n` moves, six a line.
    Ki2Moves,
    /// KI2 with `n` variations, each branching off the one before.
    Ki2Deep,
    /// JKF with `n` moves, one entry a line (the default limits allow
    /// 16 MiB a line).
    JkfMoves,
    /// JKF with forks nested `n` deep, each in the line of the one before.
    JkfDeep,
}

impl Input {
    fn name(self) -> &'static str {
        match self {
            Input::UsiMoves => "usi-moves",
            Input::CsaOneLine => "csa-one-line",
            Input::CsaPerLine => "csa-per-line",
            Input::KifMoves => "kif-moves",
            Input::KifComment => "kif-comment",
            Input::KifDeep => "kif-deep",
            Input::KifWide => "kif-wide",
            Input::Ki2Moves => "ki2-moves",
            Input::Ki2Deep => "ki2-deep",
            Input::JkfMoves => "jkf-moves",
            Input::JkfDeep => "jkf-deep",
        }
    }

    /// What `n` counts, for the report.
    fn unit(self) -> &'static str {
        match self {
            Input::UsiMoves
            | Input::CsaOneLine
            | Input::CsaPerLine
            | Input::KifMoves
            | Input::Ki2Moves
            | Input::JkfMoves => "moves",
            Input::KifComment => "comment bytes",
            Input::KifDeep | Input::Ki2Deep | Input::JkfDeep => "nesting depth",
            Input::KifWide => "sibling variations",
        }
    }

    fn format(self) -> Format {
        match self {
            Input::UsiMoves => Format::Usi,
            Input::CsaOneLine | Input::CsaPerLine => Format::Csa,
            Input::KifMoves | Input::KifComment | Input::KifDeep | Input::KifWide => Format::Kif,
            Input::Ki2Moves | Input::Ki2Deep => Format::Ki2,
            Input::JkfMoves | Input::JkfDeep => Format::Jkf,
        }
    }

    /// The base size (1×) of a full run. 16× stays within the default
    /// [`ReadLimits`]: at most 1,000,000 moves a line, 16 MiB a line,
    /// 64 MiB of input, 100,000 variations, nesting 1,000 deep.
    fn base(self) -> usize {
        match self {
            Input::UsiMoves | Input::CsaOneLine | Input::CsaPerLine => 50_000,
            Input::KifMoves | Input::Ki2Moves => 40_000,
            Input::JkfMoves => 20_000,
            Input::KifComment => 256 << 10,
            Input::KifDeep | Input::Ki2Deep | Input::JkfDeep => 60,
            Input::KifWide => 4_000,
        }
    }

    /// The base size of a `--quick` run.
    fn quick_base(self) -> usize {
        match self {
            // Nesting 960 deep is the largest 16× within the depth limit;
            // quick runs use the same depths.
            Input::KifDeep | Input::Ki2Deep | Input::JkfDeep => self.base(),
            _ => self.base() / 8,
        }
    }

    /// The limits the input is read with: the defaults, except for the long
    /// comment, whose length is the point of the row (the default allows
    /// 64 KiB for one comment; the line limit, 16 MiB, stays).
    fn limits(self) -> ReadLimits {
        match self {
            Input::KifComment => {
                ReadLimits::DEFAULT.with(Limit::HeaderBytes, ReadLimits::DEFAULT.max_line_bytes)
            }
            _ => ReadLimits::DEFAULT,
        }
    }

    fn generate(self, n: usize) -> String {
        match self {
            Input::UsiMoves => usi_moves(n),
            Input::CsaOneLine => csa_moves(n, ','),
            Input::CsaPerLine => csa_moves(n, '\n'),
            Input::KifMoves => kif_moves(n),
            Input::KifComment => kif_comment(n),
            Input::KifDeep => kif_deep(n),
            Input::KifWide => kif_wide(n),
            Input::Ki2Moves => ki2_moves(n),
            Input::Ki2Deep => ki2_deep(n),
            Input::JkfMoves => jkf_moves(n),
            Input::JkfDeep => jkf_deep(n),
        }
    }
}

fn usi_moves(n: usize) -> String {
    let mut out = String::with_capacity(24 + n * 5);
    out.push_str("position startpos moves");
    for i in 0..n {
        out.push(' ');
        out.push_str(shuttle(i).usi);
    }
    out.push('\n');
    out
}

fn csa_moves(n: usize, separator: char) -> String {
    let mut out = String::with_capacity(16 + n * 8);
    out.push_str("V2.2\nN+a\nN-b\nPI\n+\n");
    for i in 0..n {
        if i > 0 {
            out.push(separator);
        }
        out.push_str(shuttle(i).csa);
    }
    out.push_str("\n%CHUDAN\n");
    out
}

const KIF_HEADER: &str = "手合割：平手\n先手：a\n後手：b\n手数----指手---------消費時間--\n";

fn kif_line(out: &mut String, ply: usize, text: &str) {
    let _ = writeln!(out, "{ply:>4} {text}");
}

fn kif_moves(n: usize) -> String {
    let mut out = String::with_capacity(KIF_HEADER.len() + n * 24);
    out.push_str(KIF_HEADER);
    for i in 0..n {
        kif_line(&mut out, i + 1, shuttle(i).kif);
    }
    kif_line(&mut out, n + 1, "中断");
    out
}

/// The repeated text of the long comment (Japanese and ASCII).
const COMMENT_TEXT: &str = "この局面は先手やや有利。The kings walk back and forth; ";

fn kif_comment(bytes: usize) -> String {
    let mut out = String::with_capacity(KIF_HEADER.len() + bytes + 256);
    out.push_str(KIF_HEADER);
    kif_line(&mut out, 1, shuttle(0).kif);
    out.push('*');
    let start = out.len();
    while out.len() - start < bytes {
        out.push_str(COMMENT_TEXT);
    }
    out.push('\n');
    for i in 1..8 {
        kif_line(&mut out, i + 1, shuttle(i).kif);
    }
    out
}

/// Main line: the first shuttle move, then the pawn push. Variation `j`
/// (1-based) branches at ply `j + 1` of variation `j - 1` (the main line for
/// `j = 1`), replacing its pawn push by the next shuttle move, and plays a
/// pawn push after it. So the variations nest `depth` deep and the deepest
/// one ends the line of shuttle moves.
fn kif_deep(depth: usize) -> String {
    let mut out = String::with_capacity(KIF_HEADER.len() + depth * 64);
    out.push_str(KIF_HEADER);
    kif_line(&mut out, 1, shuttle(0).kif);
    kif_line(&mut out, 2, aside(1).kif);
    for j in 1..=depth {
        let ply = j + 1;
        let _ = writeln!(out, "\n変化：{ply}手");
        kif_line(&mut out, ply, shuttle(ply - 1).kif);
        kif_line(&mut out, ply + 1, aside(ply).kif);
    }
    out
}

/// Main line of two moves, then `width` variations of the first move.
fn kif_wide(width: usize) -> String {
    let mut out = String::with_capacity(KIF_HEADER.len() + width * 40);
    out.push_str(KIF_HEADER);
    kif_line(&mut out, 1, shuttle(0).kif);
    kif_line(&mut out, 2, shuttle(1).kif);
    for i in 0..width {
        out.push_str("\n変化：1手\n");
        kif_line(&mut out, 1, FIRST_MOVES[i % FIRST_MOVES.len()]);
    }
    out
}

const KI2_HEADER: &str = "手合割：平手\n先手：a\n後手：b\n";

fn ki2_moves(n: usize) -> String {
    let mut out = String::with_capacity(KI2_HEADER.len() + n * 16);
    out.push_str(KI2_HEADER);
    for i in 0..n {
        out.push_str(shuttle(i).ki2);
        out.push_str(if i % 6 == 5 || i + 1 == n {
            "\n"
        } else {
            "    "
        });
    }
    let _ = writeln!(out, "まで{n}手で中断");
    out
}

/// As [`kif_deep`], in KI2.
fn ki2_deep(depth: usize) -> String {
    let mut out = String::with_capacity(KI2_HEADER.len() + depth * 48);
    out.push_str(KI2_HEADER);
    let _ = writeln!(out, "{}    {}", shuttle(0).ki2, aside(1).ki2);
    for j in 1..=depth {
        let ply = j + 1;
        let _ = writeln!(
            out,
            "\n変化：{ply}手\n{}    {}",
            shuttle(ply - 1).ki2,
            aside(ply).ki2
        );
    }
    out
}

const JKF_HEAD: &str = r#"{"header":{"先手":"a","後手":"b"},"moves":[{}"#;

fn jkf_moves(n: usize) -> String {
    let mut out = String::with_capacity(JKF_HEAD.len() + n * 80);
    out.push_str(JKF_HEAD);
    for i in 0..n {
        out.push_str(",\n{\"move\":");
        out.push_str(shuttle(i).jkf);
        out.push('}');
    }
    out.push_str("]}\n");
    out
}

/// As [`kif_deep`], in JKF: the pawn push of each line carries the fork
/// that replaces it.
fn jkf_deep(depth: usize) -> String {
    let mut out = String::with_capacity(JKF_HEAD.len() + depth * 160);
    out.push_str(JKF_HEAD);
    let _ = write!(
        out,
        ",\n{{\"move\":{}}},\n{{\"move\":{}",
        shuttle(0).jkf,
        aside(1).jkf
    );
    for j in 1..=depth {
        let ply = j + 1;
        let _ = write!(
            out,
            ",\"forks\":[[\n{{\"move\":{}}},\n{{\"move\":{}",
            shuttle(ply - 1).jkf,
            aside(ply).jkf
        );
    }
    out.push('}');
    for _ in 0..depth {
        out.push_str("]]}");
    }
    out.push_str("]}\n");
    out
}

// ---------------------------------------------------------------------------
// Operations.

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Op {
    /// `record::read_as` (or `read_with` for inputs with their own limits).
    Read,
    /// `Game::from_usi` with a rule set that lets the shuttle go on.
    GameFromUsi,
    /// `shogi_rules::usi::parse_position_command`: the replay alone.
    ParsePosition,
    /// `GameRecord::write` of the record read from the input.
    Write(Format),
}

impl Op {
    fn name(self) -> String {
        match self {
            Op::Read => "read".into(),
            Op::GameFromUsi => "Game::from_usi".into(),
            Op::ParsePosition => "parse_position_command".into(),
            Op::Write(format) => format!("write {format}"),
        }
    }
}

/// The rows: every input with its operations.
fn rows() -> Vec<(Input, Op)> {
    use Format::{Csa, Jkf, Ki2, Kif, Usi};
    let kif_writes = [Op::Write(Kif), Op::Write(Ki2), Op::Write(Jkf)];
    let mut rows = vec![
        (Input::UsiMoves, Op::Read),
        (Input::UsiMoves, Op::GameFromUsi),
        (Input::UsiMoves, Op::ParsePosition),
        (Input::UsiMoves, Op::Write(Usi)),
        // No write row for the one-line CSA input: its record is that of
        // the one-move-a-line input, so the CSA writer would write the same.
        (Input::CsaOneLine, Op::Read),
        (Input::CsaPerLine, Op::Read),
        (Input::CsaPerLine, Op::Write(Csa)),
    ];
    for input in [
        Input::KifMoves,
        Input::KifComment,
        Input::KifDeep,
        Input::KifWide,
    ] {
        rows.push((input, Op::Read));
        rows.extend(kif_writes.map(|op| (input, op)));
    }
    for input in [Input::Ki2Moves, Input::Ki2Deep] {
        rows.push((input, Op::Read));
        rows.push((input, Op::Write(Ki2)));
    }
    for input in [Input::JkfMoves, Input::JkfDeep] {
        rows.push((input, Op::Read));
        rows.push((input, Op::Write(Jkf)));
    }
    rows
}

fn row_name(input: Input, op: Op) -> String {
    format!("{} {}", input.name(), op.name())
}

/// The rules `Game::from_usi` replays the shuttle under: the site rules
/// without move limit or clock, and a repetition count no game reaches.
fn endless_rules() -> RuleSet {
    let mut rules = RuleSet::site();
    rules.move_limit = 0;
    rules.repetitions = u32::MAX;
    rules.clock = None;
    rules
}

fn read(input: Input, text: &str) -> Result<GameRecord, String> {
    let limits = input.limits();
    let result = if limits == ReadLimits::DEFAULT {
        record::read_as(text.as_bytes(), input.format())
    } else {
        record::read_with(text.as_bytes(), Some(input.format()), &limits)
    };
    result.map_err(|e| e.to_string())
}

/// What one operation needs besides the input text: for a writer, the
/// record read from it.
type Prepared = Option<GameRecord>;

fn prepare(input: Input, op: Op, text: &str) -> Result<Prepared, String> {
    match op {
        Op::Write(_) => read(input, text)
            .map(Some)
            .map_err(|e| format!("reading the input to write: {e}")),
        _ => Ok(None),
    }
}

/// Runs the operation once; the result is a number taken from what it
/// produced, so that no part of the work can be left out.
fn run(input: Input, op: Op, text: &str, prepared: &Prepared) -> Result<usize, String> {
    match (op, prepared) {
        (Op::Read, _) => read(input, text).map(|r| black_box(r).moves().len()),
        (Op::GameFromUsi, _) => Game::from_usi(text, endless_rules())
            .map(|g| black_box(g).moves().len())
            .map_err(|e| e.to_string()),
        (Op::ParsePosition, _) => shogi_rules::usi::parse_position_command(text)
            .map(|c| black_box(c).moves.len())
            .map_err(|e| e.to_string()),
        (Op::Write(format), Some(record)) => record
            .write(format)
            .map(|s| black_box(s).text.len())
            .map_err(|e| e.to_string()),
        (Op::Write(_), None) => Err("no record to write".into()),
    }
}

// ---------------------------------------------------------------------------
// Measurement.

const SCALES: [usize; 3] = [1, 4, 16];

/// Timed runs at one size take about this long in all (at least
/// `MIN_RUNS`, at most `MAX_RUNS` runs).
const TARGET_PER_SIZE: Duration = Duration::from_millis(1_000);
const MIN_RUNS: usize = 3;
const MAX_RUNS: usize = 25;

/// The figures at one size.
#[derive(Clone, Debug)]
enum Cell {
    Done {
        mb: f64,
        /// Median seconds of the timed runs.
        secs: f64,
        runs: usize,
        /// Peak heap bytes above what was allocated before the operation.
        peak: usize,
        /// The number the operation returned (moves read, bytes written).
        out: usize,
    },
    /// A single run exceeded the cap; it is the only one.
    Slow {
        mb: f64,
        secs: f64,
        peak: usize,
    },
    Failed(String),
    OverBudget,
}

impl Cell {
    fn per_mb(&self) -> Option<(f64, f64)> {
        match *self {
            Cell::Done { mb, secs, peak, .. } | Cell::Slow { mb, secs, peak } => {
                Some((secs * 1e3 / mb, peak as f64 / 1e6 / mb))
            }
            _ => None,
        }
    }
}

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    let n = samples.len();
    if n % 2 == 1 {
        samples[n / 2]
    } else {
        (samples[n / 2 - 1] + samples[n / 2]) / 2.0
    }
}

/// Measures one size: an untimed run for memory (also the warm-up), then
/// the timed runs. Also returns how long the preparation (reading the
/// record a writer writes) took.
fn measure(input: Input, op: Op, text: &str, cap: Duration) -> (Cell, f64) {
    let start = Instant::now();
    let prepared = prepare(input, op, text);
    let prep = start.elapsed().as_secs_f64();
    let cell = match prepared {
        Ok(p) => measure_prepared(input, op, text, &p, cap),
        Err(e) => Cell::Failed(e),
    };
    (cell, prep)
}

fn measure_prepared(input: Input, op: Op, text: &str, prepared: &Prepared, cap: Duration) -> Cell {
    let mb = text.len() as f64 / 1e6;
    let base = reset_peak();
    let start = Instant::now();
    let first = run(input, op, text, prepared);
    let first_time = start.elapsed();
    let peak = peak_since(base);
    let out = match first {
        Ok(out) => out,
        Err(e) => return Cell::Failed(e),
    };
    if first_time > cap {
        return Cell::Slow {
            mb,
            secs: first_time.as_secs_f64(),
            peak,
        };
    }
    let per_run = first_time.as_secs_f64().max(1e-6);
    let runs =
        ((TARGET_PER_SIZE.as_secs_f64() / per_run).ceil() as usize).clamp(MIN_RUNS, MAX_RUNS);
    let mut samples = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        let out = run(input, op, text, prepared);
        samples.push(start.elapsed().as_secs_f64());
        if let Err(e) = out {
            return Cell::Failed(e);
        }
    }
    Cell::Done {
        mb,
        secs: median(samples),
        runs,
        peak,
        out,
    }
}

struct Row {
    name: String,
    input: Input,
    sizes: [usize; 3],
    cells: Vec<Cell>,
}

fn measure_row(input: Input, op: Op, texts: &[String], sizes: [usize; 3], cap: Duration) -> Row {
    let name = row_name(input, op);
    let mut cells: Vec<Cell> = Vec::new();
    // Seconds per MB of the preparation at each size measured.
    let mut preps: Vec<f64> = Vec::new();
    let mut stop = false;
    for (i, text) in texts.iter().enumerate() {
        if stop {
            cells.push(Cell::OverBudget);
            continue;
        }
        let mb = text.len() as f64 / 1e6;
        // A writer needs its record read first, outside the measurement;
        // a reader that is slow on this input makes that too long.
        if let (Some(&last), Some(&first)) = (preps.last(), preps.first()) {
            let predicted = last * mb * (last / first.max(1e-12)).max(1.0);
            if predicted > cap.as_secs_f64() {
                eprintln!(
                    "  {name} {}×: reading the input predicted to take {predicted:.0} s, over the cap",
                    SCALES[i]
                );
                cells.push(Cell::OverBudget);
                stop = true;
                continue;
            }
        }
        // Predict this size from the previous one, allowing for the growth
        // of the per-MB time seen so far.
        if let (
            Some(Cell::Done {
                mb: last_mb, secs, ..
            }),
            Some(first),
        ) = (cells.last(), cells.first())
        {
            let growth = match (cells.last().and_then(Cell::per_mb), first.per_mb()) {
                (Some((now, _)), Some((then, _))) if then > 0.0 => (now / then).max(1.0),
                _ => 1.0,
            };
            let predicted = secs * (mb / last_mb) * growth;
            if predicted > cap.as_secs_f64() {
                eprintln!(
                    "  {name} {}×: predicted {predicted:.0} s a run, over the cap",
                    SCALES[i]
                );
                cells.push(Cell::OverBudget);
                stop = true;
                continue;
            }
        }
        let (cell, prep) = measure(input, op, text, cap);
        if op != Op::Read && prep > cap.as_secs_f64() {
            eprintln!(
                "  {name} {}×: reading the input took {prep:.1} s",
                SCALES[i]
            );
            stop = true;
        }
        preps.push(prep / mb);
        match &cell {
            Cell::Done {
                mb,
                secs,
                runs,
                peak,
                out,
            } => eprintln!(
                "  {name} {}×: {mb:.3} MB, median {:.3} ms of {runs} runs, peak {:.2} MB, {}",
                SCALES[i],
                secs * 1e3,
                *peak as f64 / 1e6,
                match op {
                    Op::Write(_) => format!("{:.3} MB written", *out as f64 / 1e6),
                    _ => format!("{out} main-line moves"),
                }
            ),
            Cell::Slow { secs, .. } => {
                eprintln!(
                    "  {name} {}×: one run took {secs:.1} s, over the cap",
                    SCALES[i]
                );
                stop = true;
            }
            Cell::Failed(e) => eprintln!("  {name} {}×: error: {e}", SCALES[i]),
            Cell::OverBudget => {}
        }
        cells.push(cell);
    }
    Row {
        name,
        input,
        sizes,
        cells,
    }
}

// ---------------------------------------------------------------------------
// Report.

/// Three significant digits, without exponent for the usual ranges.
fn sig(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else if x >= 1.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.3}")
    }
}

fn cell_text(cell: &Cell, f: impl Fn(&Cell) -> Option<String>) -> String {
    match cell {
        Cell::Failed(_) => "error".into(),
        Cell::OverBudget => "over budget".into(),
        other => f(other).unwrap_or_else(|| "–".into()),
    }
}

fn joined(cells: &[Cell], f: impl Fn(&Cell) -> Option<String> + Copy) -> String {
    cells
        .iter()
        .map(|c| cell_text(c, f))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// The ratios 16×/1× of the per-MB time and memory, when both sizes ran.
fn ratios(row: &Row) -> Option<(f64, f64)> {
    let (t1, m1) = row.cells.first()?.per_mb()?;
    let (t16, m16) = row.cells.last()?.per_mb()?;
    Some((t16 / t1, if m1 > 0.0 { m16 / m1 } else { f64::NAN }))
}

const TARGET: f64 = 1.5;

fn verdict(row: &Row) -> String {
    if row.cells.iter().any(|c| matches!(c, Cell::Failed(_))) {
        return "**no** (error)".into();
    }
    if row
        .cells
        .iter()
        .any(|c| matches!(c, Cell::OverBudget | Cell::Slow { .. }))
    {
        return "**no** (over budget)".into();
    }
    match ratios(row) {
        Some((t, m)) => {
            let mut missed = Vec::new();
            if t > TARGET {
                missed.push("time");
            }
            if m.is_nan() || m > TARGET {
                missed.push("memory");
            }
            if missed.is_empty() {
                "yes".into()
            } else {
                format!("**no** ({})", missed.join(", "))
            }
        }
        None => "–".into(),
    }
}

fn report(rows: &[Row], quick: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Sizes 1× / 4× / 16×{}; per MB of input text; target: 16× per-MB figure within {TARGET}× of the 1× figure.\n",
        if quick { " (--quick)" } else { "" }
    );
    out.push_str(
        "| row | n (1× / 4× / 16×) | input MB | ms per MB | time 16×/1× | peak MB per MB | memory 16×/1× | target |\n",
    );
    out.push_str("|---|---|---|---|---:|---|---:|---|\n");
    for row in rows {
        let n = format!(
            "{} / {} / {} {}",
            row.sizes[0],
            row.sizes[1],
            row.sizes[2],
            row.input.unit()
        );
        let mb = joined(&row.cells, |c| match c {
            Cell::Done { mb, .. } | Cell::Slow { mb, .. } => Some(sig(*mb)),
            _ => None,
        });
        let time = joined(&row.cells, |c| c.per_mb().map(|(t, _)| sig(t)));
        let memory = joined(&row.cells, |c| c.per_mb().map(|(_, m)| sig(m)));
        let (tr, mr) = match ratios(row) {
            Some((t, m)) => (format!("{t:.2}"), format!("{m:.2}")),
            None => ("–".into(), "–".into()),
        };
        let _ = writeln!(
            out,
            "| {} | {n} | {mb} | {time} | {tr} | {memory} | {mr} | {} |",
            row.name,
            verdict(row)
        );
    }
    let failures: Vec<String> = rows
        .iter()
        .flat_map(|row| {
            row.cells
                .iter()
                .enumerate()
                .filter_map(move |(i, c)| match c {
                    Cell::Failed(e) => Some(format!("- {} {}×: {e}", row.name, SCALES[i])),
                    _ => None,
                })
        })
        .collect();
    if !failures.is_empty() {
        out.push_str("\nErrors:\n\n");
        for f in failures {
            let _ = writeln!(out, "{f}");
        }
    }
    out
}

// ---------------------------------------------------------------------------

struct Options {
    quick: bool,
    only: Vec<String>,
    cap: Duration,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        quick: false,
        only: Vec::new(),
        cap: Duration::from_secs(20),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => options.quick = true,
            "--only" => options
                .only
                .push(args.next().ok_or("--only needs a substring")?),
            "--cap-secs" => {
                let secs: f64 = args
                    .next()
                    .ok_or("--cap-secs needs a number")?
                    .parse()
                    .map_err(|e| format!("--cap-secs: {e}"))?;
                options.cap = Duration::from_secs_f64(secs);
            }
            "-h" | "--help" => {
                println!("usage: scaling [--quick] [--only SUBSTRING]... [--cap-secs S]\nrows:");
                for (input, op) in rows() {
                    println!("  {}", row_name(input, op));
                }
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let selected: Vec<(Input, Op)> = rows()
        .into_iter()
        .filter(|&(input, op)| {
            let name = row_name(input, op);
            options.only.is_empty() || options.only.iter().any(|s| name.contains(s.as_str()))
        })
        .collect();
    if selected.is_empty() {
        eprintln!("no row matches --only (try --help)");
        return ExitCode::FAILURE;
    }
    let started = Instant::now();
    let mut results = Vec::new();
    let mut current: Option<(Input, Vec<String>, [usize; 3])> = None;
    for (input, op) in selected {
        if current.as_ref().is_none_or(|(i, _, _)| *i != input) {
            let base = if options.quick {
                input.quick_base()
            } else {
                input.base()
            };
            let sizes = SCALES.map(|s| s * base);
            let texts = sizes.iter().map(|&n| input.generate(n)).collect();
            current = Some((input, texts, sizes));
        }
        let (_, texts, sizes) = current.as_ref().expect("generated above");
        eprintln!("{}", row_name(input, op));
        results.push(measure_row(input, op, texts, *sizes, options.cap));
    }
    eprintln!("done in {:.0} s", started.elapsed().as_secs_f64());
    print!("{}", report(&results, options.quick));
    ExitCode::SUCCESS
}
