//! `match`: games between two USI engines, played and adjudicated by
//! `shogi_usi::matches::play_game`, each worker with its own pair of
//! engines; records, a running score, a summary table and a JSON summary.

use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use clap::error::ErrorKind;
use shogi_rules::usi::parse_position_command;
use shogi_rules::{ClockSettings, Color, Move, Position, RuleSet};
use shogi_usi::matches::{GameReport, MatchSettings, TimeControl, play_game};
use shogi_usi::{Engine, EngineConfig, EngineError};

use crate::args::{EngineOption, EngineSpec, MatchArgs, usage_error};
use crate::input::read_input;
use crate::load::load_records;
use crate::replay::rule_set;
use board_cli::output::{Failure, Out, complain, warn};

mod records;
mod summary;

use records::write_records;
use summary::{Tally, write_table};

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
    if args.inc.is_some() && args.time.is_none() {
        return Err(usage_error(
            "match",
            ErrorKind::MissingRequiredArgument,
            "--inc needs --time: the increment is added to the game clock's main time",
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
            increment: ms(args.inc.unwrap_or(0)),
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
}
