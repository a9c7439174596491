//! The `shogi` command-line tool: game records (replay, convert, validate),
//! perft, legal moves, move checking and position display on top of the
//! `shogi-rules` crate.
//!
//! ```text
//! cargo run --release -p shogi-rules --example shogi
//! cargo run --release -p shogi-rules --example shogi -- replay game.kif --notation japanese
//! cargo run --release -p shogi-rules --example shogi -- convert game.kif --to csa -o game.csa
//! cargo run --release -p shogi-rules --example shogi -- validate records/*.kif
//! cargo run --release -p shogi-rules --example shogi -- perft startpos 5
//! cargo run --release -p shogi-rules --example shogi -- legal startpos
//! cargo run --release -p shogi-rules --example shogi -- check "<SFEN>" P*5e
//! cargo run --release -p shogi-rules --example shogi -- show startpos --json
//! ```
//!
//! Without arguments the tool replays the bundled sample game
//! (`examples/data/sample.kif`, see `examples/data/README.md`).

use std::io::{self, BufRead, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use shogi_rules::notation::{csa, japanese, western};
use shogi_rules::record::{
    self, Encoding, Format, GameRecord, Limit, ReadLimits, RecordError, RecordErrorKind,
};
use shogi_rules::{
    Color, Game, GameError, MAX_PERFT_DEPTH, Move, Outcome, Position, RuleSet, Square, Termination,
    UsiMoveError, perft, perft_divide,
};

const USAGE: &str = "usage: shogi [<command>]
  (no command)                               replay the bundled sample game (a KIF record)
  replay [FILE|-] [--json] [--notation usi|western|japanese|csa]
         [--declare] [--rules site|csa27|try]
                                             read a record in any format (KIF, KI2, CSA,
                                             JKF, USI), print its moves, the result it
                                             states and the result the rules give: the
                                             rules the record states (a move limit such
                                             as floodgate's 'Max_Moves, an impasse rule)
                                             over the site rules, or those of --rules
  convert FILE --to kif|ki2|csa|jkf|usi [-o OUT] [--encoding utf8|cp932]
                                             write a record in another format (to standard
                                             output without -o). A file of several records
                                             (CSA games separated by '/', USI or SFEN lines)
                                             converts to one CSA or USI file of them all, or
                                             with -o NAME.EXT to one KIF, KI2 or JKF file per
                                             record, NAME-1.EXT, NAME-2.EXT, ... (without -o
                                             that is refused: exit status 1)
  validate FILE...                           'FILE: ok' ('FILE: ok (N records)' for a file of
                                             several) or 'FILE: error: LINE:COLUMN: ...' per
                                             file; exit status 1 if any fails
  perft <SFEN|startpos> <DEPTH> [--divide]   count leaf nodes; print time and speed
  legal [SFEN|startpos]                      legal moves in USI, sorted; without an
                                             argument, one SFEN per line from stdin, one
                                             reply per line ('error: line N: ...' for a
                                             bad line; exit status 1 if any)
  check <SFEN|startpos> <USI-MOVE>           'legal' or 'illegal: <reason>'; a move that is
                                             not USI is an error (exit status 1)
  show <SFEN|startpos> [--json]              board diagram, side to move, check, checkmate
FILE may be '-' for standard input.";

/// The bundled sample game: a Kifu for Windows KIF file in Shift_JIS, as
/// published (see `examples/data/README.md` for where it comes from).
const SAMPLE: &[u8] = include_bytes!("data/sample.kif");
const SAMPLE_NAME: &str = "examples/data/sample.kif";

/// Exit statuses: 0 success, 1 failure (input that cannot be read or is
/// wrong, output that cannot be written), 2 usage error.
fn main() -> ExitCode {
    // Everything for standard output goes through one buffered writer, and
    // every write is checked, the final flush included: output that cannot
    // be written is a failure, never a silent success.
    let mut out = BufWriter::new(io::stdout().lock());
    let result = run(&mut out).and_then(|code| {
        out.flush()?;
        Ok(code)
    });
    match result {
        Ok(code) => code,
        Err(Usage(message)) => {
            let _ = out.flush();
            if let Some(message) = message {
                complain(&message);
            }
            let _ = writeln!(io::stderr(), "{USAGE}");
            ExitCode::from(2)
        }
        Err(Failure::Output(e)) => {
            // A reader that went away (`shogi legal | head -1`) is told
            // nothing: exit status 1 without a message, as a tool killed by
            // SIGPIPE would stop quietly. Any other write error is reported.
            if e.kind() != io::ErrorKind::BrokenPipe {
                complain(&format!("cannot write to standard output: {e}"));
            }
            ExitCode::FAILURE
        }
    }
}

fn run(out: &mut dyn Write) -> Result<ExitCode, Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        [] => cmd_sample(out),
        ["-h" | "--help" | "help"] => {
            writeln!(out, "{USAGE}")?;
            Ok(ExitCode::SUCCESS)
        }
        ["perft", sfen, depth] => cmd_perft(out, sfen, depth, false),
        ["perft", sfen, depth, "--divide"] => cmd_perft(out, sfen, depth, true),
        ["legal"] => cmd_legal_stdin(out),
        ["legal", sfen] => {
            let pos = load(sfen)?;
            writeln!(out, "{}", legal_line(&pos))?;
            Ok(ExitCode::SUCCESS)
        }
        ["check", sfen, mv] => cmd_check(out, sfen, mv),
        ["show", sfen] => {
            let pos = load(sfen)?;
            write!(out, "{}", diagram(&pos))?;
            Ok(ExitCode::SUCCESS)
        }
        ["show", sfen, "--json"] => {
            let pos = load(sfen)?;
            writeln!(out, "{}", json(&pos))?;
            Ok(ExitCode::SUCCESS)
        }
        ["replay", rest @ ..] => cmd_replay(out, rest),
        ["convert", rest @ ..] => cmd_convert(out, rest),
        ["validate", rest @ ..] => cmd_validate(out, rest),
        [other, ..] => Err(Usage(Some(format!(
            "unknown command or arguments: {other:?}"
        )))),
    }
}

/// Why a command stopped short.
enum Failure {
    /// A usage error (exit status 2), with a message when there is more to
    /// say than the usage text.
    Usage(Option<String>),
    /// Standard output could not be written (exit status 1).
    Output(io::Error),
}

use Failure::Usage;

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Output(e)
    }
}

/// `error: MESSAGE` on standard error. When standard error cannot be
/// written either, there is no one left to tell: the exit status still says
/// what happened.
fn complain(message: &str) {
    let _ = writeln!(io::stderr().lock(), "error: {message}");
}

fn load(sfen: &str) -> Result<Position, Failure> {
    parse_position(sfen).map_err(|e| Usage(Some(e)))
}

fn parse_position(sfen: &str) -> Result<Position, String> {
    let sfen = sfen.trim();
    let sfen = sfen.strip_prefix("sfen ").unwrap_or(sfen);
    if sfen == "startpos" {
        return Ok(Position::startpos());
    }
    Position::from_sfen(sfen).map_err(|e| format!("invalid SFEN: {e}"))
}

fn cmd_perft(
    out: &mut dyn Write,
    sfen: &str,
    depth: &str,
    divide: bool,
) -> Result<ExitCode, Failure> {
    let pos = load(sfen)?;
    let too_large = || format!("depth {depth}: number too large (the limit is {MAX_PERFT_DEPTH})");
    let depth: u32 = depth.parse().map_err(|e: std::num::ParseIntError| {
        Usage(Some(match e.kind() {
            std::num::IntErrorKind::PosOverflow => too_large(),
            _ => format!("depth must be a whole number, got {depth:?}"),
        }))
    })?;
    if depth > MAX_PERFT_DEPTH {
        return Err(Usage(Some(too_large())));
    }
    let start = Instant::now();
    let nodes = if divide {
        let mut lines = perft_divide(&pos, depth);
        lines.sort_by_key(|(m, _)| m.to_string());
        for (m, n) in &lines {
            writeln!(out, "{m}: {n}")?;
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        perft(&pos, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    writeln!(out, "{nodes}")?;
    writeln!(
        out,
        "time {:.3} s, {:.1} M leaves/s",
        seconds,
        nodes as f64 / seconds.max(1e-9) / 1e6
    )?;
    Ok(ExitCode::SUCCESS)
}

fn legal_line(pos: &Position) -> String {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    moves.join(" ")
}

/// The longest line `legal` takes from standard input, in bytes: an SFEN
/// is under 200.
const MAX_SFEN_LINE: usize = 4096;

/// `legal` without a position: one reply line per input line, the legal
/// moves or `error: line N: <message>`, so that replies stay paired with
/// their lines. A bad line (not UTF-8, too long, not an SFEN) does not stop
/// the others; any bad line makes the exit status 1.
fn cmd_legal_stdin(out: &mut dyn Write) -> Result<ExitCode, Failure> {
    let mut input = io::BufReader::with_capacity(64 << 10, io::stdin().lock());
    let mut line = Vec::new();
    let mut failed = 0usize;
    let mut number = 0usize;
    loop {
        line.clear();
        // Never more than one line's limit in memory, however long the line.
        let read = (&mut input)
            .take(MAX_SFEN_LINE as u64 + 1)
            .read_until(b'\n', &mut line);
        match read {
            Ok(0) => break,
            Ok(_) => number += 1,
            Err(e) => {
                out.flush()?;
                complain(&format!(
                    "cannot read standard input after line {number}: {e}"
                ));
                return Ok(ExitCode::FAILURE);
            }
        }
        let complete = line.last() == Some(&b'\n');
        if complete {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        let reply = if !complete && line.len() > MAX_SFEN_LINE {
            if let Err(e) = skip_line(&mut input) {
                out.flush()?;
                complain(&format!("cannot read standard input in line {number}: {e}"));
                return Ok(ExitCode::FAILURE);
            }
            Err(format!("longer than {MAX_SFEN_LINE} bytes"))
        } else {
            match std::str::from_utf8(&line) {
                Ok(text) => parse_position(text).map(|pos| legal_line(&pos)),
                Err(_) => Err("not valid UTF-8".to_string()),
            }
        };
        match reply {
            Ok(moves) => writeln!(out, "{moves}")?,
            Err(e) => {
                failed += 1;
                writeln!(out, "error: line {number}: {e}")?;
            }
        }
        // Replies go out as soon as no more input is waiting, so that a
        // program feeding lines one at a time gets each answer.
        if input.buffer().is_empty() {
            out.flush()?;
        }
    }
    if failed > 0 {
        out.flush()?;
        complain(&format!("{failed} of {number} input lines failed"));
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads and drops the rest of the current line, the newline included.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(());
            }
            None => {
                let n = buffer.len();
                input.consume(n);
            }
        }
    }
}

/// `check`: `legal` or `illegal: <reason>` on standard output, both
/// answers (exit status 0); a move that is not USI at all is an error
/// (standard error, exit status 1).
fn cmd_check(out: &mut dyn Write, sfen: &str, mv: &str) -> Result<ExitCode, Failure> {
    let pos = load(sfen)?;
    match pos.parse_usi_move(mv) {
        Ok(_) => writeln!(out, "legal")?,
        Err(UsiMoveError::Illegal(e)) => writeln!(out, "illegal: {}", e.reason().as_str())?,
        Err(e) => {
            complain(&format!("{mv:?}: {e}"));
            return Ok(ExitCode::FAILURE);
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn diagram(pos: &Position) -> String {
    let mut out = String::new();
    let hand_line = |color: Color| {
        let hand = pos.hand(color);
        let items: Vec<String> = hand
            .iter()
            .map(|(role, n)| {
                let letter = role.sfen_char();
                if n > 1 {
                    format!("{letter}{n}")
                } else {
                    letter.to_string()
                }
            })
            .collect();
        if items.is_empty() {
            "-".to_string()
        } else {
            items.join(" ")
        }
    };
    out.push_str(&format!("gote hand: {}\n", hand_line(Color::Gote)));
    out.push_str("   9  8  7  6  5  4  3  2  1\n");
    for rank in 1..=9u8 {
        out.push(' ');
        for file in (1..=9u8).rev() {
            let cell = match Square::new(file, rank).and_then(|sq| pos.piece_at(sq)) {
                Some(p) => format!("{p:>3}"),
                None => "  .".to_string(),
            };
            out.push_str(&cell);
        }
        out.push_str(&format!("  {}\n", (b'a' + rank - 1) as char));
    }
    out.push_str(&format!("sente hand: {}\n", hand_line(Color::Sente)));
    out.push_str(&format!("side to move: {}\n", pos.turn()));
    let checkers: Vec<String> = pos.checkers().into_iter().map(|s| s.to_string()).collect();
    if checkers.is_empty() {
        out.push_str("in check: no\n");
    } else {
        out.push_str(&format!("in check: yes (by {})\n", checkers.join(" ")));
    }
    out.push_str(&format!(
        "checkmate: {}\n",
        if pos.is_checkmate() { "yes" } else { "no" }
    ));
    out.push_str(&format!("legal moves: {}\n", pos.count_legal_moves()));
    out.push_str(&format!("sfen: {}\n", pos.to_sfen()));
    out
}

fn json(pos: &Position) -> String {
    format!(
        "{{\"sfen\":\"{}\",\"side_to_move\":\"{}\",\"in_check\":{},\"checkmate\":{},\"legal_moves\":{}}}",
        pos.to_sfen(),
        pos.turn(),
        pos.in_check(),
        pos.is_checkmate(),
        pos.count_legal_moves()
    )
}

// ---------------------------------------------------------------------------
// Game records: replay, convert, validate.

/// A move notation for printing.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Notation {
    Usi,
    Western,
    Japanese,
    Csa,
}

impl Notation {
    fn parse(text: Option<&&str>) -> Result<Notation, Failure> {
        match text {
            Some(&"usi") => Ok(Notation::Usi),
            Some(&"western") => Ok(Notation::Western),
            Some(&"japanese") => Ok(Notation::Japanese),
            Some(&"csa") => Ok(Notation::Csa),
            other => Err(Usage(Some(format!(
                "--notation takes usi, western, japanese or csa, got {}",
                other.map_or("nothing".to_string(), |s| format!("{s:?}"))
            )))),
        }
    }

    /// Each move of `record`'s main line in this notation. Japanese is
    /// written as in a KI2 file: with ▲/△ and 同 after the previous move.
    fn moves(self, record: &GameRecord) -> Vec<String> {
        let mut pos = record.start.clone();
        let mut previous: Option<Move> = None;
        let mut out = Vec::with_capacity(record.main.moves.len());
        for m in record.main.moves.iter().map(|rm| rm.mv) {
            out.push(match self {
                Notation::Usi => m.to_string(),
                Notation::Western => western::format(&pos, m),
                Notation::Japanese => japanese::format(&pos, m, previous, japanese::Mark::Triangle),
                Notation::Csa => csa::format(&pos, m),
            });
            pos.play_unchecked(m);
            previous = Some(m);
        }
        out
    }
}

/// What was read from a file (a record, or every record), with how it was
/// read.
struct Loaded<T = GameRecord> {
    record: T,
    format: Format,
    encoding: Encoding,
}

/// The limits records are read within: the library's defaults. The input
/// size limit also bounds what [`read_input`] reads.
const LIMITS: ReadLimits = ReadLimits::DEFAULT;

/// The bytes of `path`, or of standard input for `-`: the one way every
/// command reads its input. A directory is refused by name, and no more than
/// `LIMITS.max_input_bytes` + 1 bytes are ever read, so that an endless
/// stream (`/dev/zero`, a pipe that never ends) fails at once with the
/// limit instead of filling memory.
fn read_input(path: &str) -> Result<Vec<u8>, String> {
    let max = LIMITS.max_input_bytes;
    let name = if path == "-" { "standard input" } else { path };
    let too_large = || {
        format!(
            "cannot read {name}: {} exceeds the limit of {max} ({} MiB)",
            Limit::InputBytes.description(),
            max >> 20
        )
    };
    let mut bytes = Vec::new();
    let read = if path == "-" {
        io::stdin()
            .lock()
            .take(max as u64 + 1)
            .read_to_end(&mut bytes)
    } else {
        let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let metadata = file
            .metadata()
            .map_err(|e| format!("cannot read {path}: {e}"))?;
        if metadata.is_dir() {
            return Err(format!("cannot read {path}: is a directory"));
        }
        if metadata.is_file() {
            // A regular file says its size: refuse it before reading.
            if metadata.len() > max as u64 {
                return Err(too_large());
            }
            bytes.reserve_exact(metadata.len() as usize + 1);
        }
        file.take(max as u64 + 1).read_to_end(&mut bytes)
    };
    read.map_err(|e| format!("cannot read {name}: {e}"))?;
    if bytes.len() > max {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Reads a record: decodes the bytes, then tries the format the content
/// shows and, if that fails and the file name's extension names another
/// format, that one. The error reported is the one of the first format
/// tried, as `LINE:COLUMN: message`.
fn load_record(name: &str, bytes: &[u8]) -> Result<Loaded, String> {
    load_with(name, bytes, |text, format| {
        record::read_str_with(text, Some(format), &LIMITS)
    })
}

/// Reads every record of a file (the games of a CSA file, the lines of a
/// USI file; one record for the other formats), as [`load_record`] reads
/// one.
fn load_records(name: &str, bytes: &[u8]) -> Result<Loaded<Vec<GameRecord>>, String> {
    load_with(name, bytes, |text, format| {
        record::read_str_all_with(text, Some(format), &LIMITS)
    })
}

/// The reading of [`load_record`] and [`load_records`], with `read`.
fn load_with<T>(
    name: &str,
    bytes: &[u8],
    read: impl Fn(&str, Format) -> Result<T, RecordError>,
) -> Result<Loaded<T>, String> {
    let (text, encoding) = record::decode(bytes).map_err(|e| describe_error(&e))?;
    if text.trim_start_matches('\u{feff}').trim().is_empty() {
        return Err("1:1: the file is empty".to_string());
    }
    let by_content = record::detect_format(&text);
    let by_extension = Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .and_then(Format::from_extension);
    let mut candidates: Vec<Format> = Vec::with_capacity(2);
    candidates.extend(by_content);
    candidates.extend(by_extension.filter(|&e| Some(e) != by_content));
    let mut first_error = None;
    for format in candidates {
        match read(&text, format) {
            Ok(record) => {
                return Ok(Loaded {
                    record,
                    format,
                    encoding,
                });
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    let error = first_error
        .unwrap_or_else(|| RecordError::new(Format::Kif, 1, 1, RecordErrorKind::UnknownFormat));
    Err(describe_error(&error))
}

/// `LINE:COLUMN: message`, naming the format read when it matters.
fn describe_error(e: &RecordError) -> String {
    let Some(format) = e.format else {
        return format!("{}:{}: {}", e.line, e.column, e.kind);
    };
    let format = format.as_str().to_ascii_uppercase();
    match e.kind {
        RecordErrorKind::Collection { count } => format!(
            "{}:{}: the file holds {count} {format} records, the second from this line; \
             replay reads one (validate and convert read them all)",
            e.line, e.column,
        ),
        _ => format!("{}:{}: {} (read as {format})", e.line, e.column, e.kind),
    }
}

/// A JSON string literal: quotes, backslashes and control characters escaped.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `IllegalWin` → `illegal_win`.
fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn json_outcome(outcome: Option<Outcome>) -> String {
    match outcome {
        Some(o) => format!(
            "{{\"winner\":{},\"reason\":\"{}\"}}",
            o.winner.map_or("null".to_string(), |c| format!("\"{c}\"")),
            o.termination.as_str()
        ),
        None => "null".to_string(),
    }
}

fn outcome_text(outcome: Option<Outcome>) -> String {
    match outcome {
        Some(o) if o.termination == Termination::Interrupted => {
            "no result (interrupted)".to_string()
        }
        Some(o) => format!(
            "{} ({})",
            o.winner.map_or("draw".to_string(), |c| format!("{c} wins")),
            o.termination.as_str()
        ),
        None => "none".to_string(),
    }
}

/// Options of `replay`.
struct ReplayOptions {
    json: bool,
    declare: bool,
    /// `--rules`; without it, the rules the record states.
    rules: Option<RuleSet>,
    notation: Option<Notation>,
}

fn parse_rules(text: Option<&&str>) -> Result<RuleSet, Failure> {
    match text {
        Some(&"site") => Ok(RuleSet::site()),
        Some(&"csa27") => Ok(RuleSet::csa27()),
        Some(&"try") => Ok(RuleSet::try_rule()),
        other => Err(Usage(Some(format!(
            "--rules takes site, csa27 or try, got {}",
            other.map_or("nothing".to_string(), |s| format!("{s:?}"))
        )))),
    }
}

fn cmd_sample(out: &mut dyn Write) -> Result<ExitCode, Failure> {
    let options = ReplayOptions {
        json: false,
        declare: false,
        rules: None,
        notation: Some(Notation::Japanese),
    };
    replay_bytes(out, SAMPLE_NAME, SAMPLE, &options)
}

fn cmd_replay(out: &mut dyn Write, args: &[&str]) -> Result<ExitCode, Failure> {
    let mut file = None;
    let mut options = ReplayOptions {
        json: false,
        declare: false,
        rules: None,
        notation: None,
    };
    let mut i = 0;
    while i < args.len() {
        match args[i] {
            "--json" => options.json = true,
            "--declare" => options.declare = true,
            "--rules" => {
                i += 1;
                options.rules = Some(parse_rules(args.get(i))?);
            }
            "--notation" => {
                i += 1;
                options.notation = Some(Notation::parse(args.get(i))?);
            }
            path if file.is_none() && (path == "-" || !path.starts_with('-')) => file = Some(path),
            other => return Err(Usage(Some(format!("unexpected argument {other:?}")))),
        }
        i += 1;
    }
    let file = file.unwrap_or("-");
    let bytes = match read_input(file) {
        Ok(bytes) => bytes,
        Err(e) => {
            complain(&e);
            return Ok(ExitCode::FAILURE);
        }
    };
    replay_bytes(out, file, &bytes, &options)
}

/// The game the rules make of `record`, and when the rules end it before
/// the record's last move, the number of moves played until then.
fn adjudicate(record: &GameRecord, rules: RuleSet) -> (Game, Option<usize>) {
    match record.game_with(rules) {
        Ok(game) => (game, None),
        Err(_) => {
            // The rules ended the game early (repetition, a move limit):
            // replay up to that point.
            let mut game = Game::from_position(record.start.clone(), rules);
            for m in &record.main.moves {
                if let Err(GameError::GameOver(_)) | Err(GameError::IllegalMove(_)) =
                    game.play(m.mv)
                {
                    break;
                }
            }
            let played = game.moves().len();
            (game, Some(played))
        }
    }
}

fn replay_bytes(
    stdout: &mut dyn Write,
    name: &str,
    bytes: &[u8],
    options: &ReplayOptions,
) -> Result<ExitCode, Failure> {
    let loaded = match load_record(name, bytes) {
        Ok(loaded) => loaded,
        Err(e) => {
            complain(&format!("{name}: {e}"));
            return Ok(ExitCode::FAILURE);
        }
    };
    let record = &loaded.record;
    let rules = options.rules.unwrap_or_else(|| record.rules());
    let (mut game, stopped_at) = adjudicate(record, rules);
    let mut declare_error = None;
    if options.declare && game.outcome().is_none() {
        if let Err(e) = game.declare_impasse() {
            declare_error = Some(e.to_string());
        }
    }
    let stated = record.stated_result();
    let ruled = game.outcome();
    // A suspended game has no result on either side.
    let ruled_result = ruled.filter(|o| o.termination != Termination::Interrupted);
    let agree = stopped_at.is_none() && stated == ruled_result;
    let moves = record.moves();
    let notation = options.notation.map(|n| n.moves(record));
    let status = game.impasse_status();
    let final_position = record.final_position();

    let mut out = String::new();
    if options.json {
        let headers: Vec<String> = record
            .headers
            .iter()
            .map(|h| format!("{}:{}", json_string(&h.name), json_string(&h.value)))
            .collect();
        let usi: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
        out.push_str(&format!(
            "{{\"format\":\"{}\",\"encoding\":\"{}\",\"headers\":{{{}}},\"start\":\"{}\",\"moves\":[{}],",
            loaded.format,
            loaded.encoding.name(),
            headers.join(","),
            record.start.to_sfen(),
            usi.join(",")
        ));
        if let Some(notation) = &notation {
            let items: Vec<String> = notation.iter().map(|s| json_string(s)).collect();
            out.push_str(&format!("\"notation\":[{}],", items.join(",")));
        }
        out.push_str(&format!(
            "\"final\":\"{}\",\"stated_result\":{},\"outcome\":{},\"results_agree\":{},\"rules_end_after\":{},\"impasse\":{{\"sente_points\":{},\"gote_points\":{},\"allowed\":{},\"reason\":{}}}}}\n",
            final_position.to_sfen(),
            json_outcome(stated),
            // The existing shape: winner and reason, both null while the game goes on.
            match ruled {
                Some(_) => json_outcome(ruled),
                None => "{\"winner\":null,\"reason\":null}".to_string(),
            },
            agree,
            stopped_at.map_or("null".to_string(), |n| n.to_string()),
            status.sente_points,
            status.gote_points,
            status.allowed,
            status
                .reason
                .map_or("null".to_string(), |r| format!("\"{}\"", r.as_str())),
        ));
    } else {
        out.push_str(&format!(
            "{name}: {} record ({})\n",
            loaded.format.as_str().to_ascii_uppercase(),
            loaded.encoding.name()
        ));
        for h in &record.headers {
            out.push_str(&format!("  {}: {}\n", h.name, h.value));
        }
        match record.handicap {
            Some(handicap) => out.push_str(&format!(
                "start: {} ({})\n",
                handicap.kif_name(),
                record.start.to_sfen()
            )),
            None => out.push_str(&format!("start: {}\n", record.start.to_sfen())),
        }
        let mut pos = record.start.clone();
        for (i, m) in moves.iter().enumerate() {
            let mover = pos.turn().as_str();
            pos.play_unchecked(*m);
            let check = if pos.in_check() { "  check" } else { "" };
            match &notation {
                Some(n) if options.notation != Some(Notation::Usi) => out.push_str(&format!(
                    "{:>4} {mover:<5} {:<6} {}{check}\n",
                    i + 1,
                    m.to_string(),
                    n[i]
                )),
                _ => out.push_str(&format!("{:>4} {mover:<5} {m}{check}\n", i + 1)),
            }
        }
        let variations = record.variation_count();
        if variations > 0 {
            out.push_str(&format!(
                "variations: {variations} (not replayed; the main line is)\n"
            ));
        }
        if let Some(end) = &record.main.end {
            out.push_str(&format!(
                "stated ending: {}\n",
                snake_case(&format!("{:?}", end.special))
            ));
        }
        out.push_str(&format!("stated result: {}\n", outcome_text(stated)));
        match ruled {
            Some(o) => out.push_str(&format!("rules result: {}\n", outcome_text(Some(o)))),
            None => out.push_str(&format!(
                "rules result: none, the game goes on ({} to move)\n",
                game.position().turn()
            )),
        }
        if let Some(played) = stopped_at {
            out.push_str(&format!(
                "note: the rules end the game after move {played}, but the record goes on to move {}\n",
                moves.len()
            ));
        }
        if agree {
            out.push_str("the stated result and the rules agree\n");
        } else {
            out.push_str(&format!(
                "the results disagree: the record states {}, the rules give {}\n",
                stated.map_or("no result".to_string(), |o| outcome_text(Some(o))),
                ruled.map_or("no result".to_string(), |o| outcome_text(Some(o)))
            ));
        }
        out.push_str(&format!(
            "impasse: sente {} points, gote {} points, declaration {}\n",
            status.sente_points,
            status.gote_points,
            match status.reason {
                None => "allowed".to_string(),
                Some(r) => format!("not allowed ({})", r.as_str()),
            }
        ));
        out.push_str(&format!("final: {}\n", final_position.to_sfen()));
    }
    stdout.write_all(out.as_bytes())?;
    if let Some(e) = declare_error {
        // The rules' answer to the declaration, not a failure of the tool.
        let _ = writeln!(io::stderr(), "declaration rejected: {e}");
    }
    Ok(ExitCode::SUCCESS)
}

fn parse_format(text: Option<&&str>) -> Result<Format, Failure> {
    match text {
        Some(&"kif") => Ok(Format::Kif),
        Some(&"ki2") => Ok(Format::Ki2),
        Some(&"csa") => Ok(Format::Csa),
        Some(&"jkf") => Ok(Format::Jkf),
        Some(&"usi") => Ok(Format::Usi),
        other => Err(Usage(Some(format!(
            "--to takes kif, ki2, csa, jkf or usi, got {}",
            other.map_or("nothing".to_string(), |s| format!("{s:?}"))
        )))),
    }
}

/// Rewrites an encoding declaration in the first lines of written text
/// (`#KIF version=2.0 encoding=UTF-8`, `'encoding=UTF-8`) to `name`.
fn redeclare_encoding(text: &str, name: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let lower = line.to_ascii_lowercase();
        match lower.find("encoding=") {
            Some(at) if i < 3 => {
                let value_start = at + "encoding=".len();
                let value_end = line[value_start..]
                    .find(|c: char| c.is_ascii_whitespace())
                    .map_or(line.len(), |n| value_start + n);
                out.push_str(&line[..value_start]);
                out.push_str(name);
                out.push_str(&line[value_end..]);
            }
            _ => out.push_str(line),
        }
    }
    out
}

fn cmd_convert(out: &mut dyn Write, args: &[&str]) -> Result<ExitCode, Failure> {
    let mut file = None;
    let mut to = None;
    let mut output = None;
    let mut encoding = Encoding::Utf8;
    let mut i = 0;
    while i < args.len() {
        match args[i] {
            "--to" => {
                i += 1;
                to = Some(parse_format(args.get(i))?);
            }
            "-o" | "--output" => {
                i += 1;
                output = Some(
                    *args
                        .get(i)
                        .ok_or_else(|| Usage(Some("-o needs a file name".into())))?,
                );
            }
            "--encoding" => {
                i += 1;
                encoding = match args.get(i) {
                    Some(&"utf8" | &"utf-8") => Encoding::Utf8,
                    Some(&"cp932" | &"sjis" | &"shift_jis") => Encoding::Cp932,
                    other => {
                        return Err(Usage(Some(format!(
                            "--encoding takes utf8 or cp932, got {}",
                            other.map_or("nothing".to_string(), |s| format!("{s:?}"))
                        ))));
                    }
                };
            }
            path if file.is_none() && (path == "-" || !path.starts_with('-')) => file = Some(path),
            other => return Err(Usage(Some(format!("unexpected argument {other:?}")))),
        }
        i += 1;
    }
    let Some(file) = file else {
        return Err(Usage(Some("convert needs a FILE".into())));
    };
    // Without --to, the output file's extension decides.
    let to = match to.or_else(|| {
        output
            .and_then(|o| Path::new(o).extension())
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension)
    }) {
        Some(to) => to,
        None => return Err(Usage(Some("convert needs --to kif|ki2|csa|jkf|usi".into()))),
    };
    if to == Format::Jkf && !cfg!(feature = "serde") {
        complain("writing JKF needs the crate's `serde` feature (cargo run --features serde ...)");
        return Ok(ExitCode::FAILURE);
    }
    if to == Format::Jkf && encoding != Encoding::Utf8 {
        complain("JKF is JSON, which is always written in UTF-8");
        return Ok(ExitCode::FAILURE);
    }
    let bytes = match read_input(file) {
        Ok(bytes) => bytes,
        Err(e) => {
            complain(&e);
            return Ok(ExitCode::FAILURE);
        }
    };
    let loaded = match load_records(file, &bytes) {
        Ok(loaded) => loaded,
        Err(e) => {
            complain(&format!("{file}: {e}"));
            return Ok(ExitCode::FAILURE);
        }
    };
    let records = loaded.record;
    let mut texts = Vec::with_capacity(records.len());
    for record in &records {
        match record.write(to) {
            Ok(written) => {
                // What the target format cannot hold is said, not lost silently.
                for dropped in &written.dropped {
                    let _ = writeln!(
                        io::stderr().lock(),
                        "warning: {file}: written as {to}: {dropped}"
                    );
                }
                texts.push(written.text);
            }
            Err(e) => {
                complain(&e.kind.to_string());
                return Ok(ExitCode::FAILURE);
            }
        }
    }
    // A collection stays one file in the formats that hold several records
    // (CSA games separated by '/', USI lines); the others take one file per
    // record.
    let files: Vec<(String, String)> = match (to, texts.len(), output) {
        (_, 1, _) | (Format::Csa | Format::Usi, _, _) => {
            let separator = if to == Format::Csa { "/\n" } else { "" };
            vec![(output.unwrap_or("-").to_string(), texts.join(separator))]
        }
        (_, n, Some(path)) if path != "-" => match numbered_names(path, n) {
            Some(names) => names.into_iter().zip(texts).collect(),
            None => {
                complain(&format!("{path}: not a file name to number"));
                return Ok(ExitCode::FAILURE);
            }
        },
        (_, n, _) => {
            let ext = to.as_str();
            complain(&format!(
                "{file} holds {n} records, and a {} file holds one: write them with \
                 -o NAME.{ext} (NAME-1.{ext} ... NAME-{n}.{ext}), or convert to csa or usi",
                ext.to_ascii_uppercase()
            ));
            return Ok(ExitCode::FAILURE);
        }
    };
    for (path, text) in files {
        let bytes = match encoding {
            Encoding::Utf8 => text.into_bytes(),
            other => {
                let text = redeclare_encoding(&text, other.name());
                match record::encode(&text, other) {
                    Ok(bytes) => bytes,
                    Err(c) => {
                        complain(&format!(
                            "the character {c:?} (U+{:04X}) cannot be written in CP932",
                            c as u32
                        ));
                        return Ok(ExitCode::FAILURE);
                    }
                }
            }
        };
        if path == "-" {
            out.write_all(&bytes)?;
        } else if let Err(e) = write_atomically(&path, &bytes) {
            complain(&format!("cannot write {path}: {e}"));
            return Ok(ExitCode::FAILURE);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `NAME-1.EXT` … `NAME-N.EXT` for an output `NAME.EXT` (`NAME-1` … for a
/// name without extension), in the same directory; `None` for a path
/// without a file name.
fn numbered_names(path: &str, n: usize) -> Option<Vec<String>> {
    let path = Path::new(path);
    let stem = path.file_stem()?.to_string_lossy();
    let ext = path.extension().map(|e| e.to_string_lossy());
    Some(
        (1..=n)
            .map(|i| {
                let name = match &ext {
                    Some(ext) => format!("{stem}-{i}.{ext}"),
                    None => format!("{stem}-{i}"),
                };
                path.with_file_name(name).to_string_lossy().into_owned()
            })
            .collect(),
    )
}

/// Writes `bytes` to `path` so that `path` holds either all of its old
/// content or all of the new, never a part: the bytes go to a temporary file
/// in the same directory (so on the same file system), which is flushed,
/// synced and then renamed over `path`. On any failure the temporary file is
/// removed (when the `NamedTempFile` drops) and `path` is left as it was; a
/// process killed midway may leave the temporary `.NAME.XXXXXX.tmp` behind,
/// but never a damaged `path`. An existing file keeps its permissions, a new
/// one gets 0666 less the umask, as a file written in place would.
fn write_atomically(path: &str, bytes: &[u8]) -> io::Result<()> {
    let mut target = PathBuf::from(path);
    // Through a symbolic link, replace the file it points to, as writing
    // in place would, not the link.
    if std::fs::symlink_metadata(&target).is_ok_and(|m| m.file_type().is_symlink()) {
        target = std::fs::canonicalize(&target)?;
    }
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let existing = std::fs::metadata(&target).ok();
    let name = target
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut temp = builder.tempfile_in(&dir)?;
    temp.write_all(bytes)?;
    temp.flush()?;
    if let Some(existing) = existing {
        temp.as_file().set_permissions(existing.permissions())?;
    }
    temp.as_file().sync_all()?;
    temp.persist(&target).map_err(|e| e.error)?;
    // Make the rename itself durable. Where a directory cannot be opened or
    // synced (not on every system), the file is in place all the same.
    if let Ok(dir) = std::fs::File::open(&dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

fn cmd_validate(out: &mut dyn Write, files: &[&str]) -> Result<ExitCode, Failure> {
    if files.is_empty() {
        return Err(Usage(Some("validate needs at least one FILE".into())));
    }
    let mut failed = 0usize;
    for &file in files {
        let line = match read_input(file) {
            Err(e) => {
                failed += 1;
                format!("{file}: error: {e}")
            }
            Ok(bytes) => match load_records(file, &bytes) {
                Ok(loaded) if loaded.record.len() > 1 => {
                    format!("{file}: ok ({} records)", loaded.record.len())
                }
                Ok(_) => format!("{file}: ok"),
                Err(e) => {
                    failed += 1;
                    format!("{file}: error: {}", e)
                }
            },
        };
        writeln!(out, "{line}")?;
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
