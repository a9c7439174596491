//! The engine client: a USI engine as a value with blocking calls, each
//! bounded by a deadline (modelled on python-chess's `SimpleEngine`).

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::time::{Duration, Instant};

use shogi_rules::usi::{
    BestMove, CheckmateReply, EngineMessage, GameResult, GuiCommand, IllegalLineMove, Info,
    InfoScore, ResolvedLine, UsiMessageError, UsiOption, position_command,
};
use shogi_rules::{Color, Game, MAX_LEGAL_MOVES, Move, Position};

use crate::error::{EngineError, Waiting};
use crate::limit::Limit;
use crate::options::{check_option_value, find_option};
use crate::process::{LineProcess, Recv};

/// The most options an engine may declare; further `option` lines are
/// dropped with a warning, so that the handshake's memory stays bounded.
pub const MAX_OPTIONS: usize = 1024;

/// How long [`Engine::quit`] and `Drop` wait for the engine to exit after
/// `quit` before killing it.
pub const QUIT_GRACE: Duration = Duration::from_secs(1);

/// How the client waits for an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// The longest wait for `usiok` and for each `readyok` (10 s).
    pub handshake_timeout: Duration,
    /// The time allowed past a timed limit before `stop` is sent, and
    /// after `stop` before the engine is killed (1 s).
    pub margin: Duration,
    /// The deadline of a search without a time (depth, nodes, infinite):
    /// 60 s; `None` waits for ever.
    pub untimed_timeout: Option<Duration>,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            handshake_timeout: Duration::from_secs(10),
            margin: Duration::from_secs(1),
            untimed_timeout: Some(Duration::from_secs(60)),
        }
    }
}

/// What the engine decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// A legal move.
    Move(Move),
    /// `bestmove resign`.
    Resign,
    /// `bestmove win`: an impasse declaration, for the caller to check.
    Win,
}

/// One line of search information: an `info` with a score or a PV, its
/// PV checked from the searched position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisLine {
    /// The `multipv` rank (1 when the engine gave none).
    pub multipv: u32,
    /// The score, from the point of view of [`turn`](AnalysisLine::turn).
    pub score: Option<InfoScore>,
    /// The side to move in the searched position.
    pub turn: Color,
    /// The depth.
    pub depth: Option<u32>,
    /// The PV's legal prefix.
    pub pv: Vec<Move>,
    /// The first illegal move of the PV, if the engine sent one.
    pub illegal_pv_move: Option<IllegalLineMove>,
    /// The `info` as read.
    pub info: Info,
}

impl AnalysisLine {
    fn new(info: Info, position: &Position) -> AnalysisLine {
        let ResolvedLine { moves, illegal, .. } = info.resolve_pv(position);
        AnalysisLine {
            multipv: info.multipv.unwrap_or(1),
            score: info.score,
            turn: position.turn(),
            depth: info.depth,
            pv: moves,
            illegal_pv_move: illegal,
            info,
        }
    }

    /// The legal PV in USI, moves separated by spaces.
    #[must_use]
    pub fn pv_text(&self) -> String {
        self.pv
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The result of [`Engine::play`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayResult {
    /// The engine's decision.
    pub best: Played,
    /// The ponder move, when it is legal after the best move.
    pub ponder: Option<Move>,
    /// The ponder move the engine sent that is not legal (dropped).
    pub illegal_ponder: Option<IllegalLineMove>,
    /// The last `info` with a score or a PV.
    pub info: Option<AnalysisLine>,
    /// From sending `go` to receiving `bestmove`.
    pub elapsed: Duration,
}

/// The result of [`Engine::mate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateResult {
    /// The reply as read.
    pub reply: CheckmateReply,
    /// The mating sequence checked from the position (empty for the other
    /// replies): its legal prefix and its first illegal move.
    pub line: ResolvedLine,
    /// From sending `go mate` to the reply.
    pub elapsed: Duration,
}

/// A line of output as the reader thread reads it.
#[derive(Debug)]
struct Incoming {
    line: String,
    message: Result<EngineMessage, UsiMessageError>,
}

/// A USI engine.
///
/// ```no_run
/// use std::time::Duration;
/// use shogi_rules::Position;
/// use shogi_usi::{Engine, EngineConfig, Limit, Played};
/// let mut engine = Engine::spawn("fairy-stockfish", &[] as &[&str], EngineConfig::default())?;
/// engine.configure("USI_Hash", "64")?;
/// engine.new_game()?;
/// let result = engine.play(&Position::startpos(), &[], &Limit::byoyomi(Duration::from_millis(200)))?;
/// if let Played::Move(m) = result.best {
///     println!("{} plays {m}", engine.name());
/// }
/// engine.quit();
/// # Ok::<(), shogi_usi::EngineError>(())
/// ```
#[derive(Debug)]
pub struct Engine {
    program: String,
    process: Option<LineProcess<Incoming>>,
    config: EngineConfig,
    name: String,
    author: String,
    options: Vec<UsiOption>,
    warnings: Vec<String>,
}

/// What a wait ended with.
enum Waited<R> {
    Got(R),
    Timeout,
}

impl Engine {
    /// Starts `program` with `args`, sends `usi`, reads `id` and `option`
    /// lines until `usiok`, then `isready` until `readyok`, each within
    /// [`EngineConfig::handshake_timeout`].
    ///
    /// # Errors
    /// [`EngineError::Spawn`], [`EngineError::Died`],
    /// [`EngineError::Timeout`] (the engine is killed). A malformed
    /// `option` line is skipped and kept in [`warnings`](Engine::warnings).
    pub fn spawn<S: AsRef<OsStr>>(
        program: &str,
        args: &[S],
        config: EngineConfig,
    ) -> Result<Engine, EngineError> {
        let process = LineProcess::spawn(program, args, |line| Incoming {
            message: EngineMessage::parse(&line),
            line,
        })
        .map_err(|source| EngineError::Spawn {
            program: program.to_owned(),
            source,
        })?;
        let mut engine = Engine {
            program: program.to_owned(),
            process: Some(process),
            config,
            name: String::new(),
            author: String::new(),
            options: Vec::new(),
            warnings: Vec::new(),
        };
        engine.send(&GuiCommand::Usi)?;
        let deadline = Instant::now() + config.handshake_timeout;
        let done = engine.wait(Waiting::UsiOk, Some(deadline), |engine, incoming| {
            match incoming.message {
                Ok(EngineMessage::IdName(name)) => engine.name = name,
                Ok(EngineMessage::IdAuthor(author)) => engine.author = author,
                Ok(EngineMessage::Option(option)) if engine.options.len() < MAX_OPTIONS => {
                    engine.options.push(option);
                }
                Ok(EngineMessage::Option(option)) => engine.warnings.push(format!(
                    "option {:?} dropped: more than {MAX_OPTIONS}",
                    option.name
                )),
                Ok(EngineMessage::UsiOk) => return Ok(Some(())),
                Ok(_) => {}
                Err(e) => engine.warn(&incoming.line, &e),
            }
            Ok(None)
        })?;
        if let Waited::Timeout = done {
            return Err(engine.timeout_killed(Waiting::UsiOk, None));
        }
        engine.ready()?;
        Ok(engine)
    }

    /// The name from `id name`.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The author from `id author`.
    #[must_use]
    pub fn author(&self) -> &str {
        &self.author
    }

    /// The options the engine declared, in its order.
    #[must_use]
    pub fn options(&self) -> &[UsiOption] {
        &self.options
    }

    /// The program started.
    #[must_use]
    pub fn program(&self) -> &str {
        &self.program
    }

    /// The lines skipped so far (malformed `info` and other unreadable
    /// lines, illegal ponder moves), each with the reason.
    #[must_use]
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Whether the engine is still running as far as the client knows.
    #[must_use]
    pub fn is_alive(&self) -> bool {
        self.process.is_some()
    }

    /// Sets an option: `name` must be declared (compared case-insensitively;
    /// `USI_Hash` and `USI_Ponder` are always allowed) and `value` must
    /// suit its kind ([`check_option_value`]). Sends `setoption` with the
    /// engine's spelling of the name, then waits for `readyok`.
    ///
    /// # Errors
    /// [`EngineError::UnknownOption`], [`EngineError::BadOptionValue`], or
    /// an error of the exchange.
    pub fn configure(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.set_option(name, Some(value))
    }

    /// Presses a `button` option, then waits for `readyok`.
    ///
    /// # Errors
    /// As [`configure`](Engine::configure).
    pub fn press(&mut self, name: &str) -> Result<(), EngineError> {
        self.set_option(name, None)
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), EngineError> {
        let option =
            find_option(&self.options, name).ok_or_else(|| EngineError::UnknownOption {
                program: self.program.clone(),
                name: name.to_owned(),
            })?;
        check_option_value(&option, value).map_err(|source| EngineError::BadOptionValue {
            program: self.program.clone(),
            name: option.name.clone(),
            source,
        })?;
        self.send(&GuiCommand::SetOption {
            name: option.name,
            value: value.map(str::to_owned),
        })?;
        self.ready()
    }

    /// `isready`, waiting for `readyok` within the handshake timeout.
    ///
    /// # Errors
    /// [`EngineError::Timeout`] (the engine is killed),
    /// [`EngineError::Died`], [`EngineError::Dead`].
    pub fn ready(&mut self) -> Result<(), EngineError> {
        self.send(&GuiCommand::IsReady)?;
        let deadline = Instant::now() + self.config.handshake_timeout;
        let done = self.wait(Waiting::ReadyOk, Some(deadline), |engine, incoming| {
            match incoming.message {
                Ok(EngineMessage::ReadyOk) => return Ok(Some(())),
                Ok(_) => {}
                Err(e) => engine.warn(&incoming.line, &e),
            }
            Ok(None)
        })?;
        match done {
            Waited::Got(()) => Ok(()),
            Waited::Timeout => Err(self.timeout_killed(Waiting::ReadyOk, None)),
        }
    }

    /// `usinewgame`, then `isready`.
    ///
    /// # Errors
    /// As [`ready`](Engine::ready).
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.send(&GuiCommand::UsiNewGame)?;
        self.ready()
    }

    /// `gameover win|lose|draw`.
    ///
    /// # Errors
    /// [`EngineError::Died`], [`EngineError::Dead`], [`EngineError::Io`].
    pub fn gameover(&mut self, result: GameResult) -> Result<(), EngineError> {
        self.send(&GuiCommand::GameOver(result))
    }

    /// Has the engine search the position after `moves` from `start` and
    /// returns its move, checked legal.
    ///
    /// The deadline is [`Limit::deadline`] for the side to move with the
    /// configured margin; past it the client sends `stop`, waits `margin`
    /// more, and returns [`EngineError::Timeout`] (killing the engine if
    /// it did not answer). For `go infinite` the deadline is when `stop` is
    /// sent, and the answer to it is the result.
    ///
    /// # Errors
    /// [`EngineError::InvalidMoves`], [`EngineError::IllegalMove`] for an
    /// illegal or malformed `bestmove`, [`EngineError::Timeout`],
    /// [`EngineError::Died`], [`EngineError::Dead`].
    pub fn play(
        &mut self,
        start: &Position,
        moves: &[Move],
        limit: &Limit,
    ) -> Result<PlayResult, EngineError> {
        let position = replay(start, moves)?;
        self.send_position(start, moves)?;
        let (best, mut infos, elapsed) = self.search(&position, limit)?;
        let info = infos.remove(&1).map(|i| AnalysisLine::new(i, &position));
        let illegal = |text: String, reason: String, source| EngineError::IllegalMove {
            program: self.program.clone(),
            text,
            reason,
            sfen: position.to_sfen(),
            source,
        };
        let best = match best {
            Err((line, e)) => return Err(illegal(line, e.to_string(), None)),
            Ok(best) => best,
        };
        let (played, ponder, illegal_ponder) = match best {
            BestMove::Resign => (Played::Resign, None, None),
            BestMove::Win => (Played::Win, None, None),
            BestMove::Move { best: usi, .. } => {
                let line = best.resolve(&position);
                match line.illegal {
                    Some(bad) if bad.index == 0 => {
                        return Err(illegal(
                            usi.to_string(),
                            bad.source.to_string(),
                            Some(bad.source),
                        ));
                    }
                    bad => (Played::Move(line.moves[0]), line.moves.get(1).copied(), bad),
                }
            }
        };
        if let Some(bad) = &illegal_ponder {
            self.warnings
                .push(format!("illegal ponder move dropped: {bad}"));
        }
        Ok(PlayResult {
            best: played,
            ponder,
            illegal_ponder,
            info,
            elapsed,
        })
    }

    /// [`play`](Engine::play) from a game's start and moves.
    ///
    /// # Errors
    /// As [`play`](Engine::play).
    pub fn play_game(&mut self, game: &Game, limit: &Limit) -> Result<PlayResult, EngineError> {
        self.play(game.start(), &game.moves(), limit)
    }

    /// Analyses the position after `moves` from `start`: the last line of
    /// each `multipv` rank, sorted by rank. Sets the engine's `MultiPV`
    /// option (when it declares one) to `multipv`. The best move is not
    /// checked.
    ///
    /// # Errors
    /// [`EngineError::MultiPvUnsupported`] for `multipv > 1` without a
    /// `MultiPV` option, and the errors of [`play`](Engine::play) but
    /// [`EngineError::IllegalMove`].
    pub fn analyse(
        &mut self,
        start: &Position,
        moves: &[Move],
        limit: &Limit,
        multipv: u32,
    ) -> Result<Vec<AnalysisLine>, EngineError> {
        let position = replay(start, moves)?;
        let declared = self
            .options
            .iter()
            .any(|o| o.name.eq_ignore_ascii_case("MultiPV"));
        if declared {
            self.configure("MultiPV", &multipv.max(1).to_string())?;
        } else if multipv > 1 {
            return Err(EngineError::MultiPvUnsupported {
                program: self.program.clone(),
                requested: multipv,
            });
        }
        self.send_position(start, moves)?;
        let (_, infos, _) = self.search(&position, limit)?;
        Ok(infos
            .into_values()
            .map(|info| AnalysisLine::new(info, &position))
            .collect())
    }

    /// A mate search (`go mate <ms>`, or `go mate infinite` without
    /// [`Limit::mate`]) of the position after `moves` from `start`; the
    /// mating line is checked legal.
    ///
    /// # Errors
    /// [`EngineError::Protocol`] for a malformed `checkmate`, and the
    /// errors of [`play`](Engine::play) but [`EngineError::IllegalMove`].
    pub fn mate(
        &mut self,
        start: &Position,
        moves: &[Move],
        limit: &Limit,
    ) -> Result<MateResult, EngineError> {
        let position = replay(start, moves)?;
        self.send_position(start, moves)?;
        let infinite = limit.mate.is_none();
        let deadline = limit.mate_deadline(self.config.margin, self.config.untimed_timeout);
        let started = Instant::now();
        self.send(&GuiCommand::Go(limit.to_mate_params()))?;
        let reply = |engine: &mut Engine, incoming: Incoming| match incoming.message {
            Ok(EngineMessage::Checkmate(reply)) => Ok(Some(reply)),
            Err(e) if incoming.line.trim_start().starts_with("checkmate") => {
                Err(engine.protocol(incoming.line, &e))
            }
            Err(e) => {
                engine.warn(&incoming.line, &e);
                Ok(None)
            }
            Ok(_) => Ok(None),
        };
        let reply = match self.wait(Waiting::Checkmate, deadline.map(|d| started + d), reply)? {
            Waited::Got(reply) => reply,
            Waited::Timeout => {
                self.send(&GuiCommand::Stop)?;
                let grace = Instant::now() + self.config.margin;
                match self.wait(Waiting::Checkmate, Some(grace), reply)? {
                    Waited::Got(reply) if infinite => reply,
                    Waited::Got(_) => return Err(self.timeout_alive(Waiting::Checkmate, limit)),
                    Waited::Timeout => {
                        return Err(self.timeout_killed(Waiting::Checkmate, Some(Box::new(*limit))));
                    }
                }
            }
        };
        Ok(MateResult {
            line: reply.resolve(&position),
            reply,
            elapsed: started.elapsed(),
        })
    }

    /// Sends `quit`, waits up to [`QUIT_GRACE`] for the engine to exit,
    /// then kills it.
    pub fn quit(mut self) {
        self.shut_down();
    }

    fn shut_down(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = process.send("quit");
            process.close(QUIT_GRACE);
        }
    }

    /// `go` with `limit`, collecting the `info`s, until `bestmove`.
    #[allow(clippy::type_complexity)]
    fn search(
        &mut self,
        position: &Position,
        limit: &Limit,
    ) -> Result<
        (
            Result<BestMove, (String, UsiMessageError)>,
            BTreeMap<u32, Info>,
            Duration,
        ),
        EngineError,
    > {
        let deadline = limit.deadline(
            position.turn(),
            self.config.margin,
            self.config.untimed_timeout,
        );
        let started = Instant::now();
        self.send(&GuiCommand::Go(limit.to_go_params()))?;
        // The last line of each MultiPV rank, so that memory stays bounded
        // however many lines a long search sends; a position has fewer legal
        // moves than MAX_LEGAL_MOVES, and so fewer ranks.
        let mut infos: BTreeMap<u32, Info> = BTreeMap::new();
        let mut collect = |engine: &mut Engine, incoming: Incoming| match incoming.message {
            Ok(EngineMessage::BestMove(best)) => Ok(Some(Ok(best))),
            Ok(EngineMessage::Info(info)) => {
                let rank = info.multipv.unwrap_or(1);
                let room = infos.len() < MAX_LEGAL_MOVES || infos.contains_key(&rank);
                if room && (info.score.is_some() || info.pv.is_some()) {
                    infos.insert(rank, info);
                }
                Ok(None)
            }
            Err(e) if incoming.line.trim_start().starts_with("bestmove") => {
                Ok(Some(Err((incoming.line, e))))
            }
            Err(e) => {
                engine.warn(&incoming.line, &e);
                Ok(None)
            }
            Ok(_) => Ok(None),
        };
        let best = match self.wait(
            Waiting::BestMove,
            deadline.map(|d| started + d),
            &mut collect,
        )? {
            Waited::Got(best) => best,
            Waited::Timeout => {
                self.send(&GuiCommand::Stop)?;
                let grace = Instant::now() + self.config.margin;
                match self.wait(Waiting::BestMove, Some(grace), &mut collect)? {
                    Waited::Got(best) if limit.infinite => best,
                    Waited::Got(_) => return Err(self.timeout_alive(Waiting::BestMove, limit)),
                    Waited::Timeout => {
                        return Err(self.timeout_killed(Waiting::BestMove, Some(Box::new(*limit))));
                    }
                }
            }
        };
        let elapsed = started.elapsed();
        Ok((best, infos, elapsed))
    }

    fn send_position(&mut self, start: &Position, moves: &[Move]) -> Result<(), EngineError> {
        let line = position_command(start, moves);
        self.send_line(&line)
    }

    fn send(&mut self, command: &GuiCommand) -> Result<(), EngineError> {
        self.send_line(&command.to_string())
    }

    fn send_line(&mut self, line: &str) -> Result<(), EngineError> {
        let process = self.process.as_mut().ok_or_else(|| EngineError::Dead {
            program: self.program.clone(),
        })?;
        match process.send(line) {
            Ok(()) => Ok(()),
            Err(source) => {
                if process.exit_status(Duration::from_millis(200)).is_some() {
                    Err(self.died(Waiting::Write))
                } else {
                    Err(EngineError::Io {
                        program: self.program.clone(),
                        source,
                    })
                }
            }
        }
    }

    /// Reads lines until `on_line` gives a value or the deadline passes.
    fn wait<R>(
        &mut self,
        waiting: Waiting,
        deadline: Option<Instant>,
        mut on_line: impl FnMut(&mut Engine, Incoming) -> Result<Option<R>, EngineError>,
    ) -> Result<Waited<R>, EngineError> {
        loop {
            let process = self.process.as_mut().ok_or_else(|| EngineError::Dead {
                program: self.program.clone(),
            })?;
            match process.recv(deadline) {
                Recv::Line(incoming) => {
                    if let Some(r) = on_line(self, incoming)? {
                        return Ok(Waited::Got(r));
                    }
                }
                Recv::Timeout => return Ok(Waited::Timeout),
                Recv::Closed => return Err(self.died(waiting)),
            }
        }
    }

    /// The engine is gone: reaps it and says how it ended.
    fn died(&mut self, waiting_for: Waiting) -> EngineError {
        let (status, stderr_tail) = match self.process.take() {
            Some(mut process) => {
                let status = process
                    .exit_status(Duration::from_millis(500))
                    .or_else(|| process.kill());
                (status, process.stderr_tail())
            }
            None => (None, Vec::new()),
        };
        EngineError::Died {
            program: self.program.clone(),
            status,
            waiting_for,
            stderr_tail,
        }
    }

    fn timeout_killed(&mut self, waiting_for: Waiting, limit: Option<Box<Limit>>) -> EngineError {
        if let Some(mut process) = self.process.take() {
            process.kill();
        }
        EngineError::Timeout {
            program: self.program.clone(),
            waiting_for,
            limit,
            killed: true,
        }
    }

    fn timeout_alive(&self, waiting_for: Waiting, limit: &Limit) -> EngineError {
        EngineError::Timeout {
            program: self.program.clone(),
            waiting_for,
            limit: Some(Box::new(*limit)),
            killed: false,
        }
    }

    fn protocol(&self, line: String, e: &UsiMessageError) -> EngineError {
        EngineError::Protocol {
            program: self.program.clone(),
            line,
            reason: e.to_string(),
        }
    }

    fn warn(&mut self, line: &str, e: &UsiMessageError) {
        if matches!(e, UsiMessageError::Empty) {
            return;
        }
        const KEPT: usize = 1000;
        if self.warnings.len() < KEPT {
            self.warnings.push(format!("skipped {line:?}: {e}"));
        }
    }
}

impl Drop for Engine {
    /// As [`Engine::quit`].
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// The position after `moves`, each checked legal.
fn replay(start: &Position, moves: &[Move]) -> Result<Position, EngineError> {
    let mut position = start.clone();
    for (index, &m) in moves.iter().enumerate() {
        position
            .play(m)
            .map_err(|source| EngineError::InvalidMoves { index, source })?;
    }
    Ok(position)
}
