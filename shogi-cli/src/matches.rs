//! `match`: games between two USI engines, played and adjudicated by
//! `shogi_usi::matches::play_game`, each worker with its own pair of
//! engines; records, a running score, a summary table and a JSON summary.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use clap::error::ErrorKind;
use serde::Serialize;
use shogi_rules::record::{
    Comment, CommentKind, Format, GameRecord, Header, LineEnd, MoveTime, RecordMove, SpecialMove,
};
use shogi_rules::usi::{Score, parse_position_command};
use shogi_rules::{ClockSettings, Color, ImpasseRule, Move, Position, RuleSet, Termination};
use shogi_usi::matches::{GameReport, MatchSettings, TimeControl, elo, play_game};
use shogi_usi::{Engine, EngineConfig, EngineError};

use crate::args::{EngineOption, EngineSpec, MatchArgs, usage_error};
use crate::input::read_input;
use crate::load::load_records;
use crate::replay::rule_set;
use board_cli::output::{Failure, Out, complain, warn};

/// The byo-yomi without any time control given.
const DEFAULT_BYOYOMI: Duration = Duration::from_millis(1000);

/// A start of games: a position and the moves played from it.
#[derive(Clone, Debug)]
struct Opening {
    /// The position.
    start: Position,
    /// The moves from it, legal.
    moves: Vec<Move>,
}

/// One game to play.
#[derive(Clone, Copy, Debug)]
struct Plan {
    /// 0-based.
    index: usize,
    /// The opening's 0-based index, with `--openings`.
    opening: Option<usize>,
    /// Which engine (0: the first `--engine`) has Sente.
    sente: usize,
}

/// A game played.
struct Played {
    /// What was planned.
    plan: Plan,
    /// The game.
    report: GameReport,
}

/// What a worker tells the main thread.
enum Message {
    /// A game is over.
    Game(Box<Played>),
    /// The worker cannot go on: an engine cannot be started or configured.
    Fatal {
        /// What went wrong.
        message: String,
        /// Whether it is a usage error (an option the engine refuses).
        usage: bool,
    },
}

/// Everything a worker needs, shared.
struct Shared<'a> {
    specs: &'a [EngineSpec; 2],
    options: &'a [EngineOption],
    config: EngineConfig,
    settings: MatchSettings,
    openings: &'a [Opening],
    plans: &'a [Plan],
    next: AtomicUsize,
    stop: AtomicBool,
}

/// `match`: plays the games, writes the records and the summary.
pub fn run(out: &mut Out, args: &MatchArgs) -> Result<ExitCode, Failure> {
    let specs: [EngineSpec; 2] = match <[EngineSpec; 2]>::try_from(args.engines.clone()) {
        Ok(specs) => specs,
        Err(engines) => {
            return Err(usage_error(
                "match",
                ErrorKind::WrongNumberOfValues,
                format!(
                    "a match needs two --engine NAME=COMMAND, {} given",
                    engines.len()
                ),
            ));
        }
    };
    if specs[0].name == specs[1].name {
        return Err(usage_error(
            "match",
            ErrorKind::ValueValidation,
            format!("the two engines are both named {:?}", specs[0].name),
        ));
    }
    if let Some(option) = args
        .options
        .iter()
        .find(|o| !specs.iter().any(|s| s.name == o.engine))
    {
        return Err(usage_error(
            "match",
            ErrorKind::ValueValidation,
            format!(
                "--option {}:{}: no engine is named {:?}",
                option.engine, option.name, option.engine
            ),
        ));
    }
    if args.inc.is_some_and(|inc| inc > 0) {
        return Err(usage_error(
            "match",
            ErrorKind::ArgumentConflict,
            "--inc: the game clock has main time and byo-yomi only, no increment",
        ));
    }
    let settings = MatchSettings {
        rules: rules(args),
        time: time_control(args),
        margin: Duration::from_millis(args.margin),
    };
    let mut openings = match &args.openings {
        None => Vec::new(),
        Some(path) => match read_openings(path) {
            Ok(openings) => openings,
            Err(e) => {
                complain(format!("{}: {e}", path.display()));
                return Ok(ExitCode::FAILURE);
            }
        },
    };
    if let Some(seed) = args.seed {
        shuffle(&mut openings, seed);
    }
    if let Some(dir) = &args.out_dir {
        if let Err(e) = std::fs::create_dir_all(dir) {
            complain(format!("cannot create {}: {e}", dir.display()));
            return Ok(ExitCode::FAILURE);
        }
    }
    let games = usize::try_from(args.games).unwrap_or(usize::MAX);
    let plans: Vec<Plan> = (0..games)
        .map(|index| Plan {
            index,
            opening: (!openings.is_empty()).then(|| (index / 2) % openings.len()),
            sente: index % 2,
        })
        .collect();
    let shared = Shared {
        specs: &specs,
        options: &args.options,
        config: EngineConfig {
            handshake_timeout: Duration::from_secs(30),
            margin: settings.margin,
            ..EngineConfig::default()
        },
        settings,
        openings: &openings,
        plans: &plans,
        next: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
    };
    let workers = usize::try_from(args.concurrency)
        .unwrap_or(1)
        .clamp(1, games.max(1));
    let names = [specs[0].name.as_str(), specs[1].name.as_str()];
    let mut tally = Tally::default();
    let mut fatal: Option<(String, bool)> = None;
    let bar = board_cli::progress::bar(
        u64::try_from(games).unwrap_or(u64::MAX),
        1,
        "{wide_bar} {pos}/{len} games {elapsed} {msg}",
    );
    bar.set_message(tally.running(names));
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        for _ in 0..workers {
            let sender = sender.clone();
            let shared = &shared;
            scope.spawn(move || worker(shared, &sender));
        }
        drop(sender);
        for message in receiver {
            match message {
                Message::Game(played) => {
                    if let Some(dir) = &args.out_dir {
                        if let Err(e) = write_records(dir, &played, names, &settings) {
                            shared.stop.store(true, Ordering::SeqCst);
                            fatal.get_or_insert((e, false));
                        }
                    }
                    for (color, error) in &played.report.engine_errors {
                        let engine = if *color == Color::Sente {
                            played.plan.sente
                        } else {
                            1 - played.plan.sente
                        };
                        bar.suspend(|| {
                            warn(format!(
                                "game {}: {}: {error}",
                                played.plan.index + 1,
                                names[engine]
                            ));
                        });
                    }
                    tally.add(&played, names);
                    bar.inc(1);
                    bar.set_message(tally.running(names));
                }
                Message::Fatal { message, usage } => {
                    shared.stop.store(true, Ordering::SeqCst);
                    fatal.get_or_insert((message, usage));
                }
            }
        }
    });
    bar.finish_and_clear();
    if let Some((message, usage)) = fatal {
        if usage {
            return Err(usage_error("match", ErrorKind::ValueValidation, message));
        }
        complain(message);
        return Ok(ExitCode::FAILURE);
    }
    let summary = tally.summary(&specs, &settings);
    write_table(out, &summary)?;
    if let Some(path) = &args.json {
        let mut bytes = serde_json::to_vec_pretty(&summary).map_err(std::io::Error::from)?;
        bytes.push(b'\n');
        if let Err(e) = board_cli::files::write_atomically(path, &bytes) {
            complain(format!("cannot write {}: {e}", path.display()));
            return Ok(ExitCode::FAILURE);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The rules of `--rules`, with the move limit of `--max-moves`.
fn rules(args: &MatchArgs) -> RuleSet {
    let mut rules = rule_set(args.rules);
    if let Some(limit) = args.max_moves {
        rules.move_limit = limit;
    }
    rules
}

/// The time control the arguments give.
fn time_control(args: &MatchArgs) -> TimeControl {
    let ms = Duration::from_millis;
    if let Some(nodes) = args.nodes {
        TimeControl::Nodes(nodes)
    } else if let Some(depth) = args.depth {
        TimeControl::Depth(depth)
    } else if let Some(main) = args.time {
        let byoyomi = ms(args.byoyomi.unwrap_or(0));
        TimeControl::Clock(ClockSettings {
            main_time: ms(main),
            byoyomi,
            periods: u32::from(!byoyomi.is_zero()),
        })
    } else {
        TimeControl::Byoyomi(args.byoyomi.map_or(DEFAULT_BYOYOMI, ms))
    }
}

/// The openings of a file: one USI position per line, or the games of a
/// record file.
fn read_openings(path: &Path) -> Result<Vec<Opening>, String> {
    let bytes = read_input(path)?;
    let text = String::from_utf8_lossy(&bytes);
    let mut openings = Vec::new();
    let mut line_error = None;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match parse_opening_line(line) {
            Ok(opening) => openings.push(opening),
            Err(e) => {
                line_error = Some(format!("line {}: {e}", number + 1));
                break;
            }
        }
    }
    if line_error.is_none() && !openings.is_empty() {
        return Ok(openings);
    }
    // Not lines of positions: a record file.
    match load_records(path, &bytes) {
        Ok(loaded) => Ok(loaded
            .record
            .iter()
            .map(|record| Opening {
                start: record.start.clone(),
                moves: record.moves(),
            })
            .collect()),
        Err(record_error) => Err(match line_error {
            Some(e) => format!("{e} (nor is the file a record: {record_error})"),
            None => record_error,
        }),
    }
}

/// One line of an openings file: a USI `position` command with or without
/// its first word, or a bare SFEN.
fn parse_opening_line(line: &str) -> Result<Opening, String> {
    let command = parse_position_command(line)
        .or_else(|first| parse_position_command(&format!("sfen {line}")).map_err(|_| first))
        .map_err(|e| e.to_string())?;
    Ok(Opening {
        start: command.start,
        moves: command.moves,
    })
}

/// Shuffles `items` with a generator seeded by `seed` (splitmix64, Fisher
/// and Yates), the same order for the same seed everywhere.
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    for i in (1..items.len()).rev() {
        let j = usize::try_from(next() % (i as u64 + 1)).unwrap_or(0);
        items.swap(i, j);
    }
}

/// A worker: starts its pair of engines, then plays the next game to play
/// until there is none, starting again an engine that died.
fn worker(shared: &Shared<'_>, sender: &mpsc::Sender<Message>) {
    let mut engines: [Option<Engine>; 2] = [None, None];
    loop {
        if shared.stop.load(Ordering::SeqCst) {
            return;
        }
        let index = shared.next.fetch_add(1, Ordering::SeqCst);
        let Some(&plan) = shared.plans.get(index) else {
            return;
        };
        for (slot, spec) in engines.iter_mut().zip(shared.specs) {
            if slot.as_ref().is_some_and(Engine::is_alive) {
                continue;
            }
            *slot = None;
            match start_engine(spec, shared.options, shared.config) {
                Ok(engine) => *slot = Some(engine),
                Err((message, usage)) => {
                    let _ = sender.send(Message::Fatal { message, usage });
                    return;
                }
            }
        }
        let [Some(first), Some(second)] = &mut engines else {
            return;
        };
        let pair = if plan.sente == 0 {
            [first, second]
        } else {
            [second, first]
        };
        let (start, moves) = match plan.opening.and_then(|i| shared.openings.get(i)) {
            Some(opening) => (opening.start.clone(), opening.moves.as_slice()),
            None => (Position::startpos(), &[][..]),
        };
        match play_game(pair, start, moves, &shared.settings) {
            Ok(report) => {
                let played = Played { plan, report };
                if sender.send(Message::Game(Box::new(played))).is_err() {
                    return;
                }
            }
            Err(e) => {
                let message = format!("game {}: the opening cannot be played: {e}", index + 1);
                let _ = sender.send(Message::Fatal {
                    message,
                    usage: false,
                });
                return;
            }
        }
    }
}

/// An engine started and configured, or what went wrong and whether it is
/// a usage error (an option the engine refuses).
fn start_engine(
    spec: &EngineSpec,
    options: &[EngineOption],
    config: EngineConfig,
) -> Result<Engine, (String, bool)> {
    let mut engine = Engine::spawn(&spec.program, &spec.args, config)
        .map_err(|e| (format!("engine {}: {e}", spec.name), false))?;
    for option in options.iter().filter(|o| o.engine == spec.name) {
        if let Err(e) = engine.configure(&option.name, &option.value) {
            let usage = matches!(
                e,
                EngineError::UnknownOption { .. } | EngineError::BadOptionValue { .. }
            );
            return Err((
                format!("--option {}:{}: {e}", spec.name, option.name),
                usage,
            ));
        }
    }
    Ok(engine)
}

/// Writes a game as `game-NNN.kif` and `game-NNN.csa` in `dir`.
fn write_records(
    dir: &Path,
    played: &Played,
    names: [&str; 2],
    settings: &MatchSettings,
) -> Result<(), String> {
    let record = record_of(played, names, settings);
    for format in [Format::Kif, Format::Csa] {
        let path: PathBuf = dir.join(format!(
            "game-{:03}.{}",
            played.plan.index + 1,
            format.as_str()
        ));
        let written = record
            .write(format)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        board_cli::files::write_atomically(&path, written.text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// The record of a game: the engines as players, the rules as headers,
/// each engine move with its time and its evaluation, and the ending.
fn record_of(played: &Played, names: [&str; 2], settings: &MatchSettings) -> GameRecord {
    let report = &played.report;
    let game = &report.game;
    let sente = names[played.plan.sente];
    let gote = names[1 - played.plan.sente];
    let mut record = GameRecord::new(game.start().clone());
    let rules = &settings.rules;
    let impasse = match rules.impasse {
        ImpasseRule::Csa27Declaration => "27",
        ImpasseRule::TryRule => "try",
        _ => "24",
    };
    let headers = [
        ("先手", sente.to_string()),
        ("後手", gote.to_string()),
        ("棋戦", "shogi match".to_string()),
        ("持ち時間", describe_time(settings.time)),
        ("最大手数", rules.move_limit.to_string()),
        ("持将棋", impasse.to_string()),
    ];
    for (name, value) in headers {
        if let Some(header) = Header::new(name, &value) {
            record.set_header(header);
        }
    }
    let all = game.moves();
    let from = all.len().saturating_sub(report.moves.len());
    let mut position = game.start().clone();
    let mut totals = [Duration::ZERO; 2];
    for (i, &mv) in all.iter().enumerate() {
        let mut entry = RecordMove::new(mv);
        if let Some(info) = i.checked_sub(from).and_then(|j| report.moves.get(j)) {
            let side = usize::from(info.color == Color::Gote);
            totals[side] += info.elapsed;
            if let Some(time) = MoveTime::checked(info.elapsed, Some(totals[side])) {
                entry = entry.with_time(time);
            }
            for comment in evaluation_comments(&position, info) {
                entry = entry.with_comment(comment);
            }
        }
        record.main.moves.push(entry);
        position.play_unchecked(mv);
    }
    let to_move = position.turn();
    let special = ending(report.winner, report.termination, to_move);
    let mut end = LineEnd::new(special);
    let verdict = match report.winner {
        Some(Color::Sente) => format!("{sente} wins: {}", report.termination.as_str()),
        Some(Color::Gote) => format!("{gote} wins: {}", report.termination.as_str()),
        None => format!("draw: {}", report.termination.as_str()),
    };
    let errors = report.engine_errors.iter().map(|(color, error)| {
        let name = if *color == Color::Sente { sente } else { gote };
        format!("{name}: {error}")
    });
    for text in std::iter::once(verdict).chain(errors) {
        if let Some(comment) = Comment::new(CommentKind::Normal, &text.replace(['\n', '\r'], " ")) {
            end = end.with_comment(comment);
        }
    }
    record.main.end = Some(end);
    record
}

/// The time control as a header value.
fn describe_time(time: TimeControl) -> String {
    match time {
        TimeControl::Byoyomi(t) => format!("byoyomi {} ms", t.as_millis()),
        TimeControl::Clock(c) => format!(
            "main {} ms, byoyomi {} ms",
            c.main_time.as_millis(),
            c.byoyomi.as_millis()
        ),
        TimeControl::Nodes(n) => format!("nodes {n}"),
        TimeControl::Depth(d) => format!("depth {d}"),
    }
}

/// The record's ending for a game won by `winner` (or drawn) by
/// `termination`, `to_move` to move: what the record readers read back as
/// that result. An engine that stopped (crashed) has no ending of its own
/// in a record: the game is written as suspended, with a comment.
fn ending(winner: Option<Color>, termination: Termination, to_move: Color) -> SpecialMove {
    match termination {
        Termination::Checkmate | Termination::NoLegalMoves => SpecialMove::Checkmate,
        Termination::Repetition | Termination::PerpetualCheck => SpecialMove::Repetition,
        Termination::ImpasseDeclaration | Termination::TryRule => match winner {
            Some(w) if w == to_move => SpecialMove::DeclareWin,
            Some(_) => SpecialMove::IllegalLoss,
            None => SpecialMove::Impasse,
        },
        Termination::MoveLimit => SpecialMove::MaxMoves,
        Termination::Resignation => SpecialMove::Resign,
        Termination::Timeout => SpecialMove::TimeUp,
        Termination::DrawAgreement => SpecialMove::DeclareDraw,
        Termination::IllegalMove => match winner {
            Some(w) if w == to_move => SpecialMove::IllegalWin,
            _ => SpecialMove::IllegalLoss,
        },
        _ => SpecialMove::Suspend,
    }
}

/// The comments of an engine's move: floodgate's `** <score> <pv>` (the
/// score from Sente's point of view, in centipawns, a mate as ±100000; the
/// PV in CSA notation from the reply on) and `depth N`.
fn evaluation_comments(before: &Position, info: &shogi_usi::matches::MoveReport) -> Vec<Comment> {
    let mut comments = Vec::new();
    if let Some(score) = info.score {
        let own = match score.score {
            Score::Cp(cp) => i64::from(cp),
            Score::Mate(n) if n >= 0 => 100_000,
            Score::Mate(_) => -100_000,
            Score::MateUnknown(sign) => {
                if sign == shogi_rules::usi::MateSign::Plus {
                    100_000
                } else {
                    -100_000
                }
            }
        };
        let sente = if info.color == Color::Sente {
            own
        } else {
            -own
        };
        let mut text = format!(" {sente}");
        let mut position = before.clone();
        for (i, word) in info.pv.split_whitespace().enumerate() {
            let Ok(mv) = position.parse_usi_move(word) else {
                break;
            };
            if i > 0 {
                text.push(' ');
                text.push_str(&shogi_rules::notation::csa::format(&position, mv));
            } else if mv != info.mv {
                break;
            }
            position.play_unchecked(mv);
        }
        comments.extend(Comment::new(CommentKind::Engine, &text));
    }
    if let Some(depth) = info.depth {
        comments.extend(Comment::new(CommentKind::Normal, &format!("depth {depth}")));
    }
    comments
}

/// The results so far.
#[derive(Default)]
struct Tally {
    /// Per engine: wins, draws, losses.
    wdl: [[u32; 3]; 2],
    /// Per engine: the depths reported, and how many.
    depth: [(u64, u64); 2],
    /// Per engine: the time of its moves, and how many.
    time: [(Duration, u64); 2],
    /// How the games ended.
    terminations: BTreeMap<String, u32>,
    /// Each game.
    games: Vec<GameSummary>,
}

/// One game in the JSON summary.
#[derive(Serialize)]
struct GameSummary {
    /// 1-based.
    game: usize,
    /// Sente's name.
    sente: String,
    /// Gote's name.
    gote: String,
    /// The winner's name, `null` for a draw.
    winner: Option<String>,
    /// How it ended.
    termination: String,
    /// The number of moves in the game (opening moves included).
    moves: usize,
    /// The 1-based number of the opening, with `--openings`.
    opening: Option<usize>,
}

/// One engine in the JSON summary.
#[derive(Serialize)]
struct EngineSummary {
    /// The name given.
    name: String,
    /// The command's program.
    program: String,
    /// Wins, draws, losses.
    wins: u32,
    draws: u32,
    losses: u32,
    /// (wins + draws / 2) / games, in percent.
    score_percent: f64,
    /// The Elo difference against the other engine; `null` when infinite.
    elo: Option<f64>,
    /// Its 95% error; `null` when infinite.
    elo_error: Option<f64>,
    /// The mean depth of its moves with a depth; `null` without any.
    average_depth: Option<f64>,
    /// The mean time of its moves, in milliseconds.
    average_time_ms: Option<f64>,
    /// Its moves played.
    moves: u64,
}

/// The JSON summary.
#[derive(Serialize)]
struct Summary {
    /// The games played.
    games: usize,
    /// The time control as written in the records.
    time_control: String,
    /// The two engines, in the order given.
    engines: Vec<EngineSummary>,
    /// How many games ended each way (termination name: count).
    terminations: BTreeMap<String, u32>,
    /// Each game, in order.
    results: Vec<GameSummary>,
}

impl Tally {
    /// Counts a game.
    fn add(&mut self, played: &Played, names: [&str; 2]) {
        let report = &played.report;
        let engine_of = |color: Color| {
            if color == Color::Sente {
                played.plan.sente
            } else {
                1 - played.plan.sente
            }
        };
        match report.winner {
            None => {
                self.wdl[0][1] += 1;
                self.wdl[1][1] += 1;
            }
            Some(color) => {
                let w = engine_of(color);
                self.wdl[w][0] += 1;
                self.wdl[1 - w][2] += 1;
            }
        }
        for m in &report.moves {
            let e = engine_of(m.color);
            self.time[e].0 += m.elapsed;
            self.time[e].1 += 1;
            if let Some(d) = m.depth {
                self.depth[e].0 += u64::from(d);
                self.depth[e].1 += 1;
            }
        }
        *self
            .terminations
            .entry(report.termination.as_str().to_string())
            .or_default() += 1;
        self.games.push(GameSummary {
            game: played.plan.index + 1,
            sente: names[played.plan.sente].to_string(),
            gote: names[1 - played.plan.sente].to_string(),
            winner: report.winner.map(|c| names[engine_of(c)].to_string()),
            termination: report.termination.as_str().to_string(),
            moves: report.game.moves().len(),
            opening: played.plan.opening.map(|o| o + 1),
        });
    }

    /// `A W-D-L, Elo ±E` for the progress bar.
    fn running(&self, names: [&str; 2]) -> String {
        let [w, d, l] = self.wdl[0];
        let e = elo(w, d, l);
        format!("{} {w}-{d}-{l} Elo {}", names[0], elo_text(e.diff, e.error))
    }

    /// The summary, the games in order.
    fn summary(mut self, specs: &[EngineSpec; 2], settings: &MatchSettings) -> Summary {
        self.games.sort_by_key(|g| g.game);
        let engines = (0..2)
            .map(|i| {
                let [w, d, l] = self.wdl[i];
                let n = w + d + l;
                let e = elo(w, d, l);
                let finite = |x: f64| x.is_finite().then_some(x + 0.0);
                let mean =
                    |(sum, count): (u64, u64)| (count > 0).then(|| sum as f64 / count as f64);
                EngineSummary {
                    name: specs[i].name.clone(),
                    program: specs[i].program.clone(),
                    wins: w,
                    draws: d,
                    losses: l,
                    score_percent: if n == 0 {
                        0.0
                    } else {
                        100.0 * (f64::from(w) + f64::from(d) / 2.0) / f64::from(n)
                    },
                    elo: finite(e.diff),
                    elo_error: finite(e.error),
                    average_depth: mean(self.depth[i]),
                    average_time_ms: (self.time[i].1 > 0)
                        .then(|| self.time[i].0.as_secs_f64() * 1000.0 / self.time[i].1 as f64),
                    moves: self.time[i].1,
                }
            })
            .collect();
        Summary {
            games: self.games.len(),
            time_control: describe_time(settings.time),
            engines,
            terminations: self.terminations,
            results: self.games,
        }
    }
}

/// `+12.3 ± 45.6`, with `inf` for infinite values and `-` without games.
fn elo_text(diff: f64, error: f64) -> String {
    if diff.is_nan() {
        return "-".to_string();
    }
    let number = |x: f64| {
        if x.is_infinite() {
            if x > 0.0 { "+inf" } else { "-inf" }.to_string()
        } else {
            // No "-0.0" for an even score.
            format!("{:+.1}", x + 0.0)
        }
    };
    let error = if error.is_finite() {
        format!("{error:.1}")
    } else {
        "inf".to_string()
    };
    format!("{} ± {error}", number(diff))
}

/// The summary table on standard output.
fn write_table(out: &mut Out, summary: &Summary) -> std::io::Result<()> {
    writeln!(out, "{} games, {}", summary.games, summary.time_control)?;
    let width = summary
        .engines
        .iter()
        .map(|e| e.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    writeln!(
        out,
        "{:<width$}  {:>4} {:>4} {:>4}  {:>6}  {:>18}  {:>9}  {:>12}",
        "engine", "W", "D", "L", "score", "Elo", "avg depth", "avg time/mv"
    )?;
    for e in &summary.engines {
        let elo = {
            let e = elo(e.wins, e.draws, e.losses);
            elo_text(e.diff, e.error)
        };
        let depth = e
            .average_depth
            .map_or("-".to_string(), |d| format!("{d:.1}"));
        let time = e
            .average_time_ms
            .map_or("-".to_string(), |t| format!("{t:.0} ms"));
        writeln!(
            out,
            "{:<width$}  {:>4} {:>4} {:>4}  {:>5.1}%  {:>18}  {:>9}  {:>12}",
            e.name, e.wins, e.draws, e.losses, e.score_percent, elo, depth, time
        )?;
    }
    let endings: Vec<String> = summary
        .terminations
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    writeln!(out, "terminations: {}", endings.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_lines_read_in_every_form() {
        for line in [
            "startpos moves 7g7f 3c3d",
            "position startpos moves 7g7f 3c3d",
            "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d",
        ] {
            let opening = parse_opening_line(line).expect(line);
            assert_eq!(opening.moves.len(), 2, "{line}");
        }
        let bare =
            parse_opening_line("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 2")
                .expect("a bare SFEN");
        assert_eq!(bare.start.turn(), Color::Gote);
        assert!(parse_opening_line("startpos moves 7g7e").is_err());
    }

    #[test]
    fn shuffles_are_permutations_fixed_by_the_seed() {
        let mut a: Vec<u32> = (0..20).collect();
        let mut b = a.clone();
        shuffle(&mut a, 7);
        shuffle(&mut b, 7);
        assert_eq!(a, b);
        assert_ne!(a, (0..20).collect::<Vec<_>>());
        a.sort_unstable();
        assert_eq!(a, (0..20).collect::<Vec<_>>());
    }

    #[test]
    fn endings_read_back_as_the_result() {
        let cases = [
            (Some(Color::Gote), Termination::Checkmate, Color::Sente),
            (Some(Color::Sente), Termination::Resignation, Color::Gote),
            (Some(Color::Gote), Termination::IllegalMove, Color::Sente),
            (Some(Color::Sente), Termination::Timeout, Color::Gote),
            (None, Termination::MoveLimit, Color::Sente),
            (None, Termination::Repetition, Color::Gote),
        ];
        for (winner, termination, to_move) in cases {
            let outcome = ending(winner, termination, to_move)
                .outcome(to_move)
                .expect("a result");
            assert_eq!(outcome.winner, winner, "{termination:?}");
            assert_eq!(outcome.termination, termination, "{termination:?}");
        }
    }
}
