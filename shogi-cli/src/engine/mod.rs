//! `shogi engine`: the built-in opponent ([`shogi_ai`]) as a USI engine on
//! standard input and output.
//!
//! Three threads: one reads standard input line by line, one searches
//! (started by each `go`), and the main thread answers every line, writes
//! everything the GUI reads, and owns the position and the player. They
//! talk through one channel of [`Event`]s, so that `stop`, `isready` and
//! `quit` are answered while a search runs.

mod clock;
mod options;
mod worker;

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use board_cli::output::{Failure, Out};
use shogi_ai::Stop;
use shogi_ai::level::{Player, Strength};
use shogi_rules::usi::{
    BestMove, EngineMessage, GoParams, GuiCommand, GuiPosition, UsiMessageError,
};
use shogi_rules::{Game, RuleSet};

use crate::args::EngineArgs;
pub use options::{MAX_SEED, Settings, parse_level};
use worker::{Event, Job, info_string};

/// The longest line read; a longer one is answered with `info string` and
/// skipped (a `position` line of a thousand moves is under 8 KiB).
pub const MAX_LINE: usize = 1 << 20;

/// How long `quit` waits for a running search to end after stopping it.
const QUIT_WAIT: Duration = Duration::from_secs(2);

/// Runs the engine until `quit` or the end of standard input.
///
/// # Errors
/// [`Failure::Output`] when standard output cannot be written (the GUI went
/// away).
pub fn run(out: &mut Out, args: &EngineArgs) -> Result<ExitCode, Failure> {
    let settings = Settings {
        level: args.level,
        // 0 (the level's) is the one value `Strength::new` refuses, and
        // clap allows 0 to 10 only.
        strength: Strength::new(args.strength).ok(),
        seed: args.seed,
    };
    let (events, received) = mpsc::channel();
    let reader = events.clone();
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || read_lines(BufReader::new(io::stdin()), &reader))?;
    Session::new(settings, events).run(&received, out)?;
    Ok(ExitCode::SUCCESS)
}

/// Sends each line of `input` as an [`Event::Line`], then [`Event::Eof`].
/// A line longer than [`MAX_LINE`] or not UTF-8 is sent as an error, the
/// rest of it skipped, so that memory stays bounded whatever comes in.
fn read_lines<R: Read>(mut input: BufReader<R>, events: &Sender<Event>) {
    let cap = u64::try_from(MAX_LINE)
        .unwrap_or(u64::MAX)
        .saturating_add(1);
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = (&mut input).take(cap).read_until(b'\n', &mut line);
        let event = match read {
            Ok(0) | Err(_) => break,
            Ok(_) if line.last() != Some(&b'\n') && line.len() > MAX_LINE => {
                skip_line(&mut input);
                Event::Line(Err(format!("line longer than {MAX_LINE} bytes skipped")))
            }
            Ok(_) => match std::str::from_utf8(&line) {
                Ok(text) => Event::Line(Ok(text.trim_end_matches(['\n', '\r']).to_owned())),
                Err(_) => Event::Line(Err("line not UTF-8 skipped".into())),
            },
        };
        if events.send(event).is_err() {
            return;
        }
    }
    let _ = events.send(Event::Eof);
}

/// Reads up to the end of the current line.
fn skip_line<R: Read>(input: &mut BufReader<R>) {
    loop {
        let (done, used) = match input.fill_buf() {
            Ok([]) | Err(_) => return,
            Ok(buf) => match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (true, i + 1),
                None => (false, buf.len()),
            },
        };
        input.consume(used);
        if done {
            return;
        }
    }
}

/// Whether to go on reading lines.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Flow {
    /// Go on.
    Continue,
    /// `quit`.
    Quit,
}

/// A running search.
struct Running {
    /// Its stop flag.
    stop: Stop,
    /// `go infinite` or `go ponder`: the reply waits for `stop` (or
    /// `ponderhit`).
    hold: bool,
    /// The reply, when the search ended while held.
    pending: Option<EngineMessage>,
    /// `gameover` came: the reply is dropped, as the GUI expects none.
    discard: bool,
}

/// The engine's state, owned by the main thread.
struct Session {
    /// The options.
    settings: Settings,
    /// The position of the last valid `position` line, with its history.
    game: Game,
    /// The player, `None` while a search has it (or before the first).
    player: Option<Box<Player>>,
    /// A new game began: the next search starts a fresh player.
    renew: bool,
    /// The search running, if any.
    search: Option<Running>,
    /// The channel the threads send on.
    events: Sender<Event>,
}

/// The rules the engine's games follow: the site rules without a clock or
/// a move limit (the GUI keeps those).
fn engine_rules() -> RuleSet {
    RuleSet {
        clock: None,
        move_limit: 0,
        ..RuleSet::site()
    }
}

impl Session {
    fn new(settings: Settings, events: Sender<Event>) -> Session {
        Session {
            settings,
            game: Game::from_position(shogi_rules::Position::startpos(), engine_rules()),
            player: None,
            renew: true,
            search: None,
            events,
        }
    }

    /// Answers events until `quit` or the end of input.
    fn run(mut self, events: &Receiver<Event>, out: &mut impl Write) -> io::Result<()> {
        while let Ok(event) = events.recv() {
            let flow = match event {
                Event::Line(Ok(line)) => self.line(&line, out)?,
                Event::Line(Err(message)) => {
                    send(out, &info_string(&message))?;
                    Flow::Continue
                }
                Event::Eof => Flow::Quit,
                Event::Output(message) => {
                    send(out, &message)?;
                    Flow::Continue
                }
                Event::Done { player, reply } => {
                    self.done(player, reply, out)?;
                    Flow::Continue
                }
            };
            if flow == Flow::Quit {
                break;
            }
        }
        self.finish(events);
        Ok(())
    }

    /// Stops a running search and waits a little for it to end, so that
    /// the process does not exit in the middle of a write.
    fn finish(&mut self, events: &Receiver<Event>) {
        if let Some(search) = self.search.take() {
            search.stop.stop();
            if search.pending.is_none() {
                let deadline = std::time::Instant::now() + QUIT_WAIT;
                while let Some(left) = deadline.checked_duration_since(std::time::Instant::now()) {
                    if matches!(events.recv_timeout(left), Ok(Event::Done { .. }) | Err(_)) {
                        break;
                    }
                }
            }
        }
    }

    /// A search ended.
    fn done(
        &mut self,
        player: Option<Box<Player>>,
        reply: EngineMessage,
        out: &mut impl Write,
    ) -> io::Result<()> {
        if player.is_some() {
            self.player = player;
        }
        match &mut self.search {
            Some(search) if search.discard => {
                self.search = None;
                Ok(())
            }
            Some(search) if search.hold => {
                search.pending = Some(reply);
                Ok(())
            }
            _ => {
                self.search = None;
                send(out, &reply)
            }
        }
    }

    /// Ends holding the reply (`stop`, `ponderhit`): sends it if the search
    /// is over.
    fn release(&mut self, out: &mut impl Write) -> io::Result<()> {
        if let Some(search) = &mut self.search {
            search.hold = false;
            if let Some(reply) = search.pending.take() {
                self.search = None;
                send(out, &reply)?;
            }
        }
        Ok(())
    }

    /// Answers one line.
    fn line(&mut self, line: &str, out: &mut impl Write) -> io::Result<Flow> {
        let command = match GuiCommand::parse(line) {
            Ok(command) => command,
            Err(UsiMessageError::Empty) => return Ok(Flow::Continue),
            Err(e) => {
                send(out, &info_string(&format!("line ignored: {e}")))?;
                return Ok(Flow::Continue);
            }
        };
        match command {
            GuiCommand::Usi => {
                send(
                    out,
                    &EngineMessage::IdName(format!("shogi-rules {}", env!("CARGO_PKG_VERSION"))),
                )?;
                send(
                    out,
                    &EngineMessage::IdAuthor("the shogi-rules authors".into()),
                )?;
                for option in self.settings.declarations() {
                    send(out, &EngineMessage::Option(option))?;
                }
                send(out, &EngineMessage::UsiOk)?;
            }
            GuiCommand::IsReady => send(out, &EngineMessage::ReadyOk)?,
            GuiCommand::SetOption { name, value } => {
                let before = self.settings;
                if let Err(message) = self.settings.set(&name, value.as_deref()) {
                    send(out, &info_string(&format!("setoption ignored: {message}")))?;
                }
                self.renew |= before != self.settings;
            }
            GuiCommand::UsiNewGame => {
                self.renew = true;
                self.game = Game::from_position(shogi_rules::Position::startpos(), engine_rules());
            }
            GuiCommand::Position(position) => match game_of(&position) {
                Ok(game) => self.game = game,
                Err(message) => {
                    send(out, &info_string(&format!("position ignored: {message}")))?;
                }
            },
            GuiCommand::Go(go) => self.go(go, out)?,
            GuiCommand::Stop => {
                if let Some(search) = &self.search {
                    search.stop.stop();
                }
                self.release(out)?;
            }
            GuiCommand::PonderHit => self.release(out)?,
            GuiCommand::GameOver(_) => {
                if let Some(search) = &mut self.search {
                    search.stop.stop();
                    search.discard = true;
                    if search.pending.is_some() {
                        self.search = None;
                    }
                }
            }
            GuiCommand::Quit => return Ok(Flow::Quit),
            GuiCommand::Unknown(text) => {
                send(
                    out,
                    &info_string(&format!("unknown command ignored: {text}")),
                )?;
            }
            _ => send(out, &info_string(&format!("command ignored: {line}")))?,
        }
        Ok(Flow::Continue)
    }

    /// `go`: starts a search on its own thread.
    fn go(&mut self, go: GoParams, out: &mut impl Write) -> io::Result<()> {
        if self.search.is_some() {
            return send(out, &info_string("go ignored: a search is running"));
        }
        let hold = go.mate.is_none() && (go.infinite || go.ponder);
        let job = match go.mate {
            Some(limit) => Job::Mate {
                position: Box::new(self.game.position().clone()),
                limit,
            },
            None => Job::Move {
                game: Box::new(self.game.clone()),
                go,
                player: self.take_player(),
            },
        };
        let stop = Stop::new();
        match worker::spawn(job, stop.clone(), self.events.clone()) {
            Ok(_) => {
                self.search = Some(Running {
                    stop,
                    hold,
                    pending: None,
                    discard: false,
                });
                Ok(())
            }
            Err(e) => {
                send(out, &info_string(&format!("cannot start a search: {e}")))?;
                send(out, &EngineMessage::BestMove(BestMove::Resign))
            }
        }
    }

    /// The player for the next search: the last one, unless the settings
    /// changed or a new game began.
    fn take_player(&mut self) -> Box<Player> {
        let strength = self.settings.effective_strength();
        match self.player.take() {
            Some(player)
                if !self.renew
                    && player.strength() == strength
                    && player.seed() == self.settings.seed =>
            {
                player
            }
            _ => {
                self.renew = false;
                Box::new(Player::new(strength, self.settings.seed))
            }
        }
    }
}

/// The game of a `position` line: replayed under the engine's rules, or,
/// when the rules ended the game before its last move (a GUI following
/// other rules), the final position alone, its moves still checked legal.
fn game_of(position: &GuiPosition) -> Result<Game, String> {
    match position.to_game(engine_rules()) {
        Ok(game) => Ok(game),
        Err(e) => match position.replay() {
            Ok(replayed) if !replayed.moves.is_empty() => {
                Ok(Game::from_position(replayed.position, engine_rules()))
            }
            _ => Err(e.to_string()),
        },
    }
}

/// Writes one message and flushes it to the GUI.
fn send(out: &mut impl Write, message: &EngineMessage) -> io::Result<()> {
    writeln!(out, "{message}")?;
    out.flush()
}

#[cfg(test)]
mod tests;
