//! The search thread of `go`: a move by the built-in player, or a mate
//! search, ended by its limits, by a watchdog at the time limit, or by the
//! stop flag; what it finds is sent to the main thread as events.

use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use shogi_ai::Stop;
use shogi_ai::level::{PlayError, Player};
use shogi_ai::mate::{MateAnswer, MateLimits, solve_mate};
use shogi_ai::search::Score as AiScore;
use shogi_rules::usi::{
    BestMove, CheckmateReply, EngineMessage, GoParams, Info, InfoScore, MateLimit, Score,
    ScoreBound,
};
use shogi_rules::{Game, Move, Position, RuleSet};

use super::clock;

/// What the threads of the engine tell its main thread.
#[derive(Debug)]
pub enum Event {
    /// A line of standard input, or why it could not be read (too long,
    /// not UTF-8).
    Line(Result<String, String>),
    /// Standard input ended (or failed).
    Eof,
    /// A line for the GUI during a search (`info`).
    Output(EngineMessage),
    /// A search ended: its reply, and the player lent to it.
    Done {
        /// The player, for the next search.
        player: Option<Box<Player>>,
        /// `bestmove ...` or `checkmate ...`.
        reply: EngineMessage,
    },
}

/// A search to run.
pub enum Job {
    /// `go` without `mate`: a move by `player`.
    Move {
        /// The game, its history included.
        game: Box<Game>,
        /// The `go` line.
        go: GoParams,
        /// The player.
        player: Box<Player>,
    },
    /// `go mate`.
    Mate {
        /// The position.
        position: Box<Position>,
        /// Its time.
        limit: MateLimit,
    },
}

/// Starts `job` on a thread of its own; it ends with [`Event::Done`].
///
/// # Errors
/// The thread could not be started.
pub fn spawn(job: Job, stop: Stop, events: Sender<Event>) -> std::io::Result<JoinHandle<()>> {
    thread::Builder::new().name("search".into()).spawn(move || {
        let done = match job {
            Job::Move {
                game,
                go,
                mut player,
            } => {
                let reply = best_move(&game, &go, &mut player, &stop, &events);
                Event::Done {
                    player: Some(player),
                    reply: EngineMessage::BestMove(reply),
                }
            }
            Job::Mate { position, limit } => Event::Done {
                player: None,
                reply: EngineMessage::Checkmate(mate(&position, limit, &stop, &events)),
            },
        };
        let _ = events.send(done);
    })
}

/// Raises a stop flag after a time, unless dropped first.
struct Watchdog {
    /// Dropped with the watchdog, which wakes its thread.
    _cancel: Option<Sender<()>>,
}

impl Watchdog {
    /// A watchdog raising `stop` after `after` (none for `None`).
    fn start(after: Option<Duration>, stop: &Stop) -> Watchdog {
        let Some(after) = after else {
            return Watchdog { _cancel: None };
        };
        let (cancel, cancelled) = mpsc::channel::<()>();
        let stop = stop.clone();
        let started = thread::Builder::new()
            .name("watchdog".into())
            .spawn(move || {
                if let Err(RecvTimeoutError::Timeout) = cancelled.recv_timeout(after) {
                    stop.stop();
                }
            });
        if started.is_err() {
            // Without a watchdog thread the search's own time limit is all
            // there is; it is the same limit.
            return Watchdog { _cancel: None };
        }
        Watchdog {
            _cancel: Some(cancel),
        }
    }
}

/// The reply to `go`: `bestmove win` when the side to move wins by
/// declaring impasse, else the player's move (with an `info` line), or
/// `bestmove resign` without a legal move.
fn best_move(
    game: &Game,
    go: &GoParams,
    player: &mut Player,
    stop: &Stop,
    events: &Sender<Event>,
) -> BestMove {
    if declaration_wins(game.position()) {
        return BestMove::Win;
    }
    let limits = clock::search_limits(go, game.position().turn(), player.strength());
    let _watchdog = Watchdog::start(limits.time, stop);
    let choice = match player.choose(game, &limits, stop) {
        Err(PlayError::GameOver) => {
            // The game is over by its rules (a move limit, say) yet the GUI
            // asks for a move: a move of the position alone.
            let alone = Game::from_position(game.position().clone(), *game.rules());
            player.choose(&alone, &limits, stop)
        }
        other => other,
    };
    let position = game.position();
    match choice {
        Ok(choice) if position.is_legal(choice.mv) => {
            let pv = legal_prefix(position, &choice.pv);
            let info = Info {
                depth: Some(choice.depth),
                score: Some(InfoScore {
                    score: usi_score(choice.score),
                    bound: ScoreBound::Exact,
                }),
                nodes: Some(choice.nodes),
                time_ms: Some(millis(choice.elapsed)),
                nps: nps(choice.nodes, choice.elapsed),
                pv: Some(pv.iter().map(|m| m.to_usi()).collect()),
                ..Info::default()
            };
            let _ = events.send(Event::Output(EngineMessage::Info(info)));
            BestMove::Move {
                best: choice.mv.to_usi(),
                ponder: pv.get(1).map(|m| m.to_usi()),
            }
        }
        _ => match position.legal_moves().first() {
            Some(&m) => {
                let _ = events.send(Event::Output(info_string(
                    "the search gave no move: a legal move instead",
                )));
                BestMove::Move {
                    best: m.to_usi(),
                    ponder: None,
                }
            }
            None => BestMove::Resign,
        },
    }
}

/// Whether the side to move wins by declaring impasse now under both
/// declaration rules in use, the site's 24-point rule and the CSA 27-point
/// rule, so that `bestmove win` is right whichever the GUI applies.
pub fn declaration_wins(position: &Position) -> bool {
    let turn = position.turn();
    [RuleSet::site(), RuleSet::csa27()]
        .into_iter()
        .all(|rules| {
            let status = Game::from_position(position.clone(), rules).impasse_status();
            status.allowed && status.result.is_some_and(|o| o.winner == Some(turn))
        })
}

/// The reply to `go mate`: the mating line (checked legal move by move),
/// `nomate`, or `timeout`.
fn mate(
    position: &Position,
    limit: MateLimit,
    stop: &Stop,
    events: &Sender<Event>,
) -> CheckmateReply {
    let time = match limit {
        MateLimit::Millis(ms) => Some(Duration::from_millis(ms)),
        MateLimit::Infinite => None,
    };
    let limits = MateLimits {
        nodes: None,
        time: time.map(clock::less_overhead),
        max_plies: None,
        defender_holds_remaining: false,
    };
    let _watchdog = Watchdog::start(limits.time, stop);
    let report = match solve_mate(position, &limits, stop) {
        Ok(report) => report,
        Err(e) => {
            let _ = events.send(Event::Output(info_string(&format!("no mate search: {e}"))));
            return CheckmateReply::NoMate;
        }
    };
    let info = Info {
        nodes: Some(report.nodes),
        time_ms: Some(millis(report.elapsed)),
        nps: nps(report.nodes, report.elapsed),
        ..Info::default()
    };
    let _ = events.send(Event::Output(EngineMessage::Info(info)));
    match report.answer {
        MateAnswer::Mate(moves) if mates(position, &moves) => {
            CheckmateReply::Mate(moves.iter().map(|m| m.to_usi()).collect())
        }
        MateAnswer::Mate(_) => {
            let _ = events.send(Event::Output(info_string(
                "the mate found does not replay to checkmate",
            )));
            CheckmateReply::Timeout
        }
        MateAnswer::NoMate => CheckmateReply::NoMate,
        MateAnswer::Unknown(_) => CheckmateReply::Timeout,
    }
}

/// Whether `moves` are legal in turn from `position` and end in checkmate.
fn mates(position: &Position, moves: &[Move]) -> bool {
    let mut work = position.clone();
    !moves.is_empty() && moves.iter().all(|&m| work.play(m).is_ok()) && work.is_checkmate()
}

/// The moves of `line` that are legal in turn from `position`.
fn legal_prefix(position: &Position, line: &[Move]) -> Vec<Move> {
    let mut work = position.clone();
    line.iter()
        .copied()
        .take_while(|&m| work.play(m).is_ok())
        .collect()
}

/// The USI score of a search score.
fn usi_score(score: AiScore) -> Score {
    match score {
        AiScore::Cp(cp) => Score::Cp(cp),
        AiScore::Mate(plies) => Score::Mate(plies),
    }
}

/// `info string <text>`, control characters (of a malformed line it
/// quotes) replaced, so that the reply stays one printable line.
pub fn info_string(text: &str) -> EngineMessage {
    EngineMessage::Info(Info {
        string: Some(
            text.chars()
                .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
                .collect(),
        ),
        ..Info::default()
    })
}

/// Whole milliseconds.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Nodes per second, when any time was measured.
fn nps(nodes: u64, elapsed: Duration) -> Option<u64> {
    let micros = elapsed.as_micros();
    (micros > 0).then(|| {
        u64::try_from(u128::from(nodes).saturating_mul(1_000_000) / micros).unwrap_or(u64::MAX)
    })
}
