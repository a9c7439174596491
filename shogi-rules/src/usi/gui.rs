//! The commands a GUI sends to an engine.

use core::fmt;
use core::str::FromStr;

use super::words::{Words, end, number, push_extra, write_fields};
use super::{PositionCommand, UsiCommandError, UsiField, UsiMessageError, parse_position_command};
use crate::{Game, GameFromUsiError, Position, RuleSet, UsiMove};

/// The keys of `go` that this module reads; any other word starts an
/// unknown field, kept in [`GoParams::extra`].
const GO_KEYS: [&str; 11] = [
    "btime", "wtime", "byoyomi", "binc", "winc", "ponder", "infinite", "mate", "depth", "nodes",
    "movetime",
];

/// The USI spelling of an empty string value.
const EMPTY: &str = "<empty>";

/// A command from the GUI to an engine, read from one line.
///
/// ```
/// use shogi_rules::usi::{GuiCommand, MateLimit};
/// let cmd: GuiCommand = "go btime 60000 wtime 50000 byoyomi 10000".parse()?;
/// let GuiCommand::Go(go) = &cmd else { unreachable!() };
/// assert_eq!((go.btime, go.byoyomi, go.mate), (Some(60_000), Some(10_000), None));
///
/// let cmd: GuiCommand = "position startpos moves 7g7f 3c3d".parse()?;
/// let GuiCommand::Position(position) = &cmd else { unreachable!() };
/// assert_eq!(position.replay()?.position.move_number(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GuiCommand {
    /// `usi`: switch to USI, asking for `id`, `option` and `usiok`.
    Usi,
    /// `isready`: asking for `readyok`.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name: the words between `name` and `value`,
        /// joined by single spaces.
        name: String,
        /// The value: the rest of the line, its inner spacing kept
        /// (`<empty>` is the empty string). `None` for a button.
        value: Option<String>,
    },
    /// `usinewgame`.
    UsiNewGame,
    /// `position startpos|sfen <sfen> [moves ...]`.
    Position(GuiPosition),
    /// `go ...`.
    Go(GoParams),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `gameover win|lose|draw`: the result, for the engine.
    GameOver(GameResult),
    /// `quit`.
    Quit,
    /// A line whose first word is none of the above: kept, without its
    /// outer whitespace.
    Unknown(String),
}

enum_names::named_enum! {
    /// The result of a game as `gameover` tells it to the engine.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub enum GameResult("game result") {
        /// The engine won.
        Win => "win",
        /// The engine lost.
        Lose => "lose",
        /// A draw.
        Draw => "draw",
    }
}

/// The start of a `position` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionStart {
    /// `startpos`.
    Startpos,
    /// `sfen <sfen>`, read as a composed start (as
    /// [`parse_position_command`] reads it); boxed, for a position is
    /// large.
    Sfen(Box<Position>),
}

/// A `position` command as read, its moves' syntax checked but not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuiPosition {
    /// The start.
    pub start: PositionStart,
    /// The moves after `moves`.
    pub moves: Vec<UsiMove>,
}

impl GuiPosition {
    /// The start position.
    #[must_use]
    pub fn start_position(&self) -> Position {
        match &self.start {
            PositionStart::Startpos => Position::startpos(),
            PositionStart::Sfen(position) => (**position).clone(),
        }
    }

    /// The moves played from the start, each checked.
    ///
    /// # Errors
    /// [`UsiCommandError::IllegalMove`] for the first illegal move, its
    /// column that of the command as `Display` writes it.
    pub fn replay(&self) -> Result<PositionCommand, UsiCommandError> {
        parse_position_command(&self.to_string())
    }

    /// A game of the command under `rules`, as [`Game::from_usi`] makes
    /// it.
    ///
    /// # Errors
    /// As [`Game::from_usi`].
    pub fn to_game(&self, rules: RuleSet) -> Result<Game, GameFromUsiError> {
        Game::from_usi(&self.to_string(), rules)
    }
}

/// The limit of a `go mate` search.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MateLimit {
    /// `mate <ms>`: milliseconds.
    Millis(u64),
    /// `mate infinite`.
    Infinite,
}

/// The fields of `go`, all optional; times in milliseconds. A field given
/// twice keeps its last value.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GoParams {
    /// `btime`: Sente's (black's) remaining time.
    pub btime: Option<u64>,
    /// `wtime`: Gote's (white's) remaining time.
    pub wtime: Option<u64>,
    /// `byoyomi`: the byo-yomi per move.
    pub byoyomi: Option<u64>,
    /// `binc`: Sente's Fischer increment.
    pub binc: Option<u64>,
    /// `winc`: Gote's Fischer increment.
    pub winc: Option<u64>,
    /// `ponder`: search in the opponent's time.
    pub ponder: bool,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `mate`: a mate search, with its limit.
    pub mate: Option<MateLimit>,
    /// `depth`: the depth limit in plies.
    pub depth: Option<u32>,
    /// `nodes`: the node limit.
    pub nodes: Option<u64>,
    /// `movetime`: the time to search.
    pub movetime: Option<u64>,
    /// Unknown fields, in order: a word that is not a known key, and the
    /// words after it up to the next known key, joined by single spaces;
    /// written between the known fields as [`Info::extra`](super::Info::extra)
    /// is.
    pub extra: Vec<(String, String)>,
}

impl GoParams {
    /// Reads the words of a `go` line from word `i` (after `go`).
    fn read(words: &Words<'_>, mut i: usize) -> Result<GoParams, UsiMessageError> {
        let mut go = GoParams::default();
        while let Some(key) = words.text(i) {
            match key {
                "btime" => go.btime = Some(number(words, i + 1, UsiField::BTime)?),
                "wtime" => go.wtime = Some(number(words, i + 1, UsiField::WTime)?),
                "byoyomi" => go.byoyomi = Some(number(words, i + 1, UsiField::Byoyomi)?),
                "binc" => go.binc = Some(number(words, i + 1, UsiField::BInc)?),
                "winc" => go.winc = Some(number(words, i + 1, UsiField::WInc)?),
                "depth" => go.depth = Some(number(words, i + 1, UsiField::Depth)?),
                "nodes" => go.nodes = Some(number(words, i + 1, UsiField::Nodes)?),
                "movetime" => go.movetime = Some(number(words, i + 1, UsiField::MoveTime)?),
                "mate" => {
                    go.mate = Some(if words.text(i + 1) == Some("infinite") {
                        MateLimit::Infinite
                    } else {
                        MateLimit::Millis(number(words, i + 1, UsiField::Mate)?)
                    });
                }
                "ponder" | "infinite" => {
                    if key == "ponder" {
                        go.ponder = true;
                    } else {
                        go.infinite = true;
                    }
                    i += 1;
                    continue;
                }
                _ => {
                    let to = words.until(i + 1, &GO_KEYS);
                    let known = go.known_fields().len();
                    push_extra(&mut go.extra, known, key, words.join(i + 1, to));
                    i = to;
                    continue;
                }
            }
            i += 2;
        }
        Ok(go)
    }
}

impl GuiCommand {
    /// Reads one line. Words are separated by any run of ASCII whitespace;
    /// whitespace around the line is ignored.
    ///
    /// # Errors
    /// [`UsiMessageError`] for an empty line or a malformed known field;
    /// [`UsiMessageError::Position`] for a malformed `position` command.
    pub fn parse(line: &str) -> Result<GuiCommand, UsiMessageError> {
        let words = Words::new(line);
        let Some(first) = words.text(0) else {
            return Err(UsiMessageError::Empty);
        };
        let bare = |command: GuiCommand| end(&words, 1, UsiField::Command).map(|()| command);
        match first {
            "usi" => bare(GuiCommand::Usi),
            "isready" => bare(GuiCommand::IsReady),
            "usinewgame" => bare(GuiCommand::UsiNewGame),
            "stop" => bare(GuiCommand::Stop),
            "ponderhit" => bare(GuiCommand::PonderHit),
            "quit" => bare(GuiCommand::Quit),
            "setoption" => read_setoption(&words),
            "position" => {
                let (start, moves) = super::parse_position_words(line)?;
                let start = if words.text(1) == Some("startpos") {
                    PositionStart::Startpos
                } else {
                    PositionStart::Sfen(Box::new(start))
                };
                Ok(GuiCommand::Position(GuiPosition { start, moves }))
            }
            "go" => Ok(GuiCommand::Go(GoParams::read(&words, 1)?)),
            "gameover" => {
                let result = match words.text(1) {
                    None => {
                        return Err(UsiMessageError::MissingValue {
                            field: UsiField::GameOver,
                            column: words.column(1),
                        });
                    }
                    Some(text) => text.parse().map_err(|_| UsiMessageError::BadWord {
                        field: UsiField::GameOver,
                        column: words.column(1),
                        found: text.into(),
                    })?,
                };
                end(&words, 2, UsiField::GameOver)?;
                Ok(GuiCommand::GameOver(result))
            }
            _ => Ok(GuiCommand::Unknown(words.rest(0).into())),
        }
    }
}

/// `setoption name <name> [value <value>]`.
fn read_setoption(words: &Words<'_>) -> Result<GuiCommand, UsiMessageError> {
    match words.text(1) {
        Some("name") => {}
        Some(found) => {
            return Err(UsiMessageError::BadWord {
                field: UsiField::Name,
                column: words.column(1),
                found: found.into(),
            });
        }
        None => {
            return Err(UsiMessageError::MissingValue {
                field: UsiField::Name,
                column: words.column(1),
            });
        }
    }
    let value_at = words.until(2, &["value"]);
    if value_at == 2 {
        return Err(UsiMessageError::MissingValue {
            field: UsiField::Name,
            column: words.column(2),
        });
    }
    let name = words.join(2, value_at);
    let value = (value_at < words.len()).then(|| match words.rest(value_at + 1) {
        EMPTY => String::new(),
        text => text.into(),
    });
    Ok(GuiCommand::SetOption { name, value })
}

impl FromStr for GuiCommand {
    type Err = UsiMessageError;

    /// As [`GuiCommand::parse`].
    fn from_str(line: &str) -> Result<GuiCommand, UsiMessageError> {
        GuiCommand::parse(line)
    }
}

impl fmt::Display for GuiPosition {
    /// `position startpos|sfen <sfen> [moves ...]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.start {
            PositionStart::Startpos => f.write_str("position startpos")?,
            PositionStart::Sfen(position) => write!(f, "position sfen {}", position.to_sfen())?,
        }
        if !self.moves.is_empty() {
            f.write_str(" moves")?;
            for m in &self.moves {
                write!(f, " {m}")?;
            }
        }
        Ok(())
    }
}

impl GoParams {
    /// The known fields, as written: ` btime 1000`, ` ponder`, ….
    fn known_fields(&self) -> Vec<String> {
        let times = [
            ("btime", self.btime),
            ("wtime", self.wtime),
            ("byoyomi", self.byoyomi),
            ("binc", self.binc),
            ("winc", self.winc),
        ];
        let mut fields: Vec<String> = times
            .iter()
            .filter_map(|(key, value)| value.map(|v| format!(" {key} {v}")))
            .collect();
        if self.ponder {
            fields.push(" ponder".into());
        }
        if self.infinite {
            fields.push(" infinite".into());
        }
        match self.mate {
            Some(MateLimit::Millis(ms)) => fields.push(format!(" mate {ms}")),
            Some(MateLimit::Infinite) => fields.push(" mate infinite".into()),
            None => {}
        }
        let limits = [
            ("depth", self.depth.map(u64::from)),
            ("nodes", self.nodes),
            ("movetime", self.movetime),
        ];
        fields.extend(
            limits
                .iter()
                .filter_map(|(key, value)| value.map(|v| format!(" {key} {v}"))),
        );
        fields
    }
}

impl fmt::Display for GoParams {
    /// `go`, then the known fields in the order of the struct with the
    /// unknown ones between them (see [`GoParams::extra`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        write_fields(f, &self.known_fields(), &self.extra)
    }
}

impl fmt::Display for GuiCommand {
    /// The line, single-spaced, without a line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuiCommand::Usi => f.write_str("usi"),
            GuiCommand::IsReady => f.write_str("isready"),
            GuiCommand::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value.as_deref() {
                    None => Ok(()),
                    Some("") => write!(f, " value {EMPTY}"),
                    Some(v) => write!(f, " value {v}"),
                }
            }
            GuiCommand::UsiNewGame => f.write_str("usinewgame"),
            GuiCommand::Position(position) => write!(f, "{position}"),
            GuiCommand::Go(go) => write!(f, "{go}"),
            GuiCommand::Stop => f.write_str("stop"),
            GuiCommand::PonderHit => f.write_str("ponderhit"),
            GuiCommand::GameOver(result) => write!(f, "gameover {}", result.as_str()),
            GuiCommand::Quit => f.write_str("quit"),
            GuiCommand::Unknown(line) => f.write_str(line),
        }
    }
}
