//! The command line: every subcommand, its arguments and their help, as
//! `clap` reads them.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use shogi_rules::record::{Encoding, Format};
use shogi_rules::{MAX_PERFT_DEPTH, Position};

use shogi_ai::level::Level;

use crate::engine::MAX_SEED;
use crate::position::parse_position;
use crate::training::{DEFAULT_DEDUP_CAPACITY, Ending, TrainingFormat};

/// Shogi game records and positions: replay, convert and validate records
/// (KIF, KI2, CSA, JKF, USI), count perft, list legal moves, check a move,
/// show a position; play engine matches and run the built-in opponent as a
/// USI engine.
///
/// Without a command, replays the bundled sample game (a KIF record).
/// A POSITION is 'startpos' or an SFEN string (quoted, as it has spaces).
/// Exit status: 0 on success, 1 on a failure, 2 on a usage error.
#[derive(Debug, Parser)]
#[command(name = "shogi", version, max_term_width = 100)]
pub struct Cli {
    /// The command; none replays the bundled sample game.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Read a record in any format and replay it under the rules.
    ///
    /// Reads a record in any format (KIF, KI2, CSA, JKF, USI; any encoding;
    /// detected from the content, then the extension), prints its headers
    /// and moves, the result it states and the result the rules give, and
    /// says when the two disagree. The rules are those the record states (a
    /// move limit such as floodgate's 'Max_Moves, an impasse rule) over the
    /// site rules, unless --rules names others. A file of several records is
    /// refused (validate and convert read them).
    Replay(ReplayArgs),
    /// Write records in another format.
    ///
    /// One input: written to OUT (-o), or to standard output. A file of
    /// several records (CSA games separated by '/', USI or SFEN lines)
    /// converts to one CSA or USI file of them all, or with -o NAME.EXT to
    /// one KIF, KI2 or JKF file per record, NAME-1.EXT, NAME-2.EXT, ...
    /// (without -o that is refused: exit status 1).
    ///
    /// Several inputs or directories: converted in parallel into --out-dir,
    /// each file under its path relative to the directory named (a file
    /// named itself: under its name), with the extension of the format
    /// (game.ki2 to game.kif; files that would share a name keep their own
    /// extension before it: game.ki2.kif, game.ki2u.kif). One line
    /// 'INPUT -> OUTPUT' per file converted, in the order given. Directories are searched recursively for record files by extension:
    /// .kif .kifu .ki2 .ki2u .csa .jkf .usi .sfen. Exit status 1 if any file
    /// fails.
    ///
    /// Every output file is replaced whole or not at all: written to a
    /// temporary file beside it, synced, then renamed over it.
    Convert(ConvertArgs),
    /// Check that records read, every move legal.
    ///
    /// One line per file, in the order given (the files of a directory in
    /// sorted order): 'FILE: ok', 'FILE: ok (N records)' for a file of
    /// several, or 'FILE: error: LINE:COLUMN: message'. Directories are
    /// searched recursively for record files by extension: .kif .kifu .ki2
    /// .ki2u .csa .jkf .usi .sfen. Files are read in parallel. Exit status 1
    /// if any file fails.
    Validate(ValidateArgs),
    /// Make training data (HCPE, PSV) from game records.
    Training(TrainingArgs),
    /// Count the leaf nodes of the legal move tree, with time and speed.
    Perft(PerftArgs),
    /// List the legal moves in USI, sorted.
    ///
    /// Without a POSITION, reads one SFEN per line from standard input (at
    /// most 4 KiB a line) and replies with one line each: the moves, or
    /// 'error: line N: MESSAGE' for a bad line; exit status 1 if any line
    /// failed.
    Legal(LegalArgs),
    /// Check a move: 'legal' or 'illegal: REASON'.
    ///
    /// Both answers exit with status 0; a move that is not USI at all is an
    /// error (exit status 1).
    Check(CheckArgs),
    /// Show a position: board diagram, side to move, check and checkmate.
    Show(ShowArgs),
    /// Play a match between two USI engines.
    ///
    /// Plays --games games between the two engines named by --engine,
    /// colours alternating game by game (the first engine has Sente in odd-numbered games).
    /// With --openings, each opening is played twice in a row, once from
    /// each side, in file order (shuffled by --seed), cycling when there
    /// are more games. Every move is checked by the rules: an illegal move,
    /// a false impasse declaration ('bestmove win'), a move later than the
    /// limit plus --margin, or an engine that dies loses the game;
    /// repetition, perpetual check and the move limit end it as the rules
    /// say. An engine that died is started again for the next game.
    ///
    /// Each worker (--concurrency) starts its own pair of engines and keeps
    /// them for all its games ('usinewgame' between games). A progress bar
    /// shows the running score on a terminal; at the end, a table per
    /// engine: wins, draws, losses, score, Elo difference with its 95%
    /// error, average depth and time per move, and how the games ended.
    ///
    /// The time control is one of --byoyomi (the default, 1000 ms a move),
    /// --time (main time, with --byoyomi after it), --nodes or --depth.
    ///
    /// Exit status 0 when every game was played, whatever the results; 1
    /// when an engine cannot be started, the openings cannot be read or an
    /// output cannot be written; 2 on bad arguments (an --option the engine
    /// does not declare included).
    #[command(name = "match")]
    Match(MatchArgs),
    /// Run the built-in opponent as a USI engine on standard input and output.
    ///
    /// Speaks USI to a GUI or a match runner: 'usi' (id, the options and
    /// 'usiok'; the options are Level, a combo of Easy, Normal and Hard;
    /// Strength, a spin from 0 to 10 where 0 plays at the level's; and Seed, a
    /// spin), 'isready', 'setoption', 'usinewgame', 'position'
    /// (startpos or sfen, with moves, checked by the rules; an illegal one is
    /// reported with 'info string' and ignored), 'go' (btime, wtime, byoyomi,
    /// binc, winc, movetime, nodes, depth, infinite, ponder; answered with
    /// 'info' and 'bestmove', 'bestmove resign' without a legal move and
    /// 'bestmove win' for a winning impasse declaration), 'go mate MS|infinite'
    /// (answered with 'checkmate MOVES', 'checkmate nomate' or 'checkmate
    /// timeout'), 'stop', 'ponderhit', 'gameover' and 'quit'. A malformed line
    /// is answered with 'info string' and ignored.
    ///
    /// A move takes at most a thirtieth of the remaining main time plus the
    /// increment and the byo-yomi, less 50 ms, and never more than the
    /// level's budget. The flags set the options' defaults.
    ///
    /// For example: shogi match --engine me=builtin:hard --engine fs=fairy-stockfish
    Engine(EngineArgs),
    /// Print a shell completion script.
    ///
    /// For example: shogi completions bash > ~/.local/share/bash-completion/completions/shogi
    Completions(CompletionsArgs),
}

/// Arguments of `replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The record file; '-' or none reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,
    /// Print one line of JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also print the moves in this notation.
    #[arg(long, value_enum)]
    pub notation: Option<Notation>,
    /// Declare an impasse after the last move, when the game goes on.
    #[arg(long)]
    pub declare: bool,
    /// Replay under these rules instead of those the record states.
    #[arg(long, value_enum)]
    pub rules: Option<Rules>,
}

/// A move notation for printing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Notation {
    /// USI (7g7f).
    Usi,
    /// Western (P-7f).
    Western,
    /// Japanese as in a KI2 file (▲７六歩, with 同).
    Japanese,
    /// CSA (+7776FU).
    Csa,
}

/// The rule sets `--rules` names.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Rules {
    /// The site rules: 24-point impasse declaration, 400-move limit.
    Site,
    /// The site rules with the CSA 27-point impasse declaration.
    Csa27,
    /// The site rules with the try rule instead of an impasse declaration.
    Try,
}

/// Arguments of `convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// Record files or directories; '-' reads standard input (one input only).
    #[arg(value_name = "INPUT", required = true)]
    pub inputs: Vec<PathBuf>,
    /// The format to write; without it, the extension of -o decides.
    #[arg(long, value_name = "FORMAT", value_parser = format_parser())]
    pub to: Option<Format>,
    /// The output file for one input ('-': standard output, the default).
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// The output directory for several inputs or directories.
    #[arg(long, value_name = "DIR", conflicts_with = "output")]
    pub out_dir: Option<PathBuf>,
    /// The encoding to write: utf8, cp932 (Shift_JIS) or
    /// euc-jp; JKF is always UTF-8.
    #[arg(long, value_name = "ENCODING", default_value = "utf8", value_parser = parse_encoding)]
    pub encoding: Encoding,
}

/// Arguments of `validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Record files or directories; '-' reads standard input.
    #[arg(value_name = "INPUT", required = true)]
    pub inputs: Vec<PathBuf>,
}

/// Arguments of `training`.
#[derive(Debug, Args)]
pub struct TrainingArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: TrainingCommand,
}

/// The subcommands of `training`.
#[derive(Debug, Subcommand)]
pub enum TrainingCommand {
    /// Write the positions of game records as HCPE or PSV training data.
    ///
    /// Reads record files and directories (KIF, KI2, CSA with several games
    /// a file, JKF, USI; directories searched recursively by extension:
    /// .kif .kifu .ki2 .ki2u .csa .jkf .usi .sfen) in parallel, and writes
    /// for each game kept every position of its main line before a move:
    /// the position, the move played (move16), the game's result and the
    /// evaluation the record states for the move, from the side to move's
    /// point of view (0 when none): the number of a CSA engine comment
    /// ('** 113 -3334FU ..., floodgate) or of '評価値' in a KIF engine
    /// comment (**), both read as Sente's. HCPE entries are 38 bytes, PSV
    /// entries 40; the entries follow the order of the inputs (the files of
    /// a directory sorted by name) whatever the number of threads.
    ///
    /// The result comes from the ending the record states (a record
    /// without one whose last position is checkmate: checkmate). Games are
    /// kept by their ending (--endings), move count (--min-moves) and the
    /// players' ratings stated in floodgate's 'black_rate:NAME:RATING and
    /// 'white_rate:... lines (--min-rating, --require-rating).
    ///
    /// Prints a summary: files and games read, games kept and skipped by
    /// reason, positions written, duplicates skipped. The output is
    /// replaced whole or not at all (a temporary file beside it, renamed).
    /// Exit status 1 if an input cannot be read (the others are converted)
    /// or the output cannot be written.
    Convert(TrainingConvertArgs),
}

/// Arguments of `training convert`.
#[derive(Debug, Args)]
pub struct TrainingConvertArgs {
    /// Record files or directories.
    #[arg(value_name = "INPUT", required = true)]
    pub inputs: Vec<PathBuf>,
    /// The format to write: hcpe (38 bytes a position) or psv (40).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub to: TrainingFormat,
    /// The output file.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: PathBuf,
    /// Skip games with fewer moves.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub min_moves: usize,
    /// Skip games where a player's stated rating is below R (games without
    /// ratings are kept unless --require-rating).
    #[arg(long, value_name = "R")]
    pub min_rating: Option<f64>,
    /// Skip games that do not state both players' ratings.
    #[arg(long)]
    pub require_rating: bool,
    /// The endings of the games to keep, comma-separated [default:
    /// checkmate,resignation,timeout,repetition,impasse,move-limit].
    #[arg(long, value_enum, value_name = "ENDING", value_delimiter = ',')]
    pub endings: Option<Vec<Ending>>,
    /// Also keep games that did not finish (interruption, unknown ending),
    /// with the result of a draw.
    #[arg(long)]
    pub keep_unfinished: bool,
    /// Skip positions already written (same board, hands and side to move).
    #[arg(long)]
    pub dedup: bool,
    /// The most positions --dedup remembers (about 16 bytes each); later
    /// ones are checked but not remembered.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_DEDUP_CAPACITY)]
    pub dedup_capacity: usize,
    /// The number of threads [default: one per core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..).map(usize::from))]
    pub threads: Option<usize>,
}

/// Arguments of `perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// 'startpos' or an SFEN.
    #[arg(value_name = "POSITION", value_parser = parse_position)]
    pub position: Position,
    /// The depth, at most 64.
    #[arg(value_name = "DEPTH", value_parser = parse_depth)]
    pub depth: u32,
    /// Print the count of each first move too.
    #[arg(long)]
    pub divide: bool,
}

/// Arguments of `legal`.
#[derive(Debug, Args)]
pub struct LegalArgs {
    /// 'startpos' or an SFEN; none reads SFEN lines from standard input.
    #[arg(value_name = "POSITION", value_parser = parse_position)]
    pub position: Option<Position>,
}

/// Arguments of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// 'startpos' or an SFEN.
    #[arg(value_name = "POSITION", value_parser = parse_position)]
    pub position: Position,
    /// The move in USI (7g7f, P*5e, 8h2b+).
    #[arg(value_name = "MOVE")]
    pub mv: String,
}

/// Arguments of `show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// 'startpos' or an SFEN.
    #[arg(value_name = "POSITION", value_parser = parse_position)]
    pub position: Position,
    /// Print one line of JSON instead of the diagram.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// An engine, NAME=COMMAND, twice: the name is used in the records and
    /// the summary; the command is split into a program and its arguments
    /// as a shell would split it (quotes respected, no other expansion).
    /// COMMAND 'builtin' runs the built-in opponent (this program's
    /// 'engine' command) at the Normal level, 'builtin:easy',
    /// 'builtin:normal' and 'builtin:hard' at a level, 'builtin:1' to
    /// 'builtin:10' at a strength; words after it are more 'engine' flags
    /// ('builtin:hard --seed 3').
    #[arg(long = "engine", value_name = "NAME=COMMAND", required = true, value_parser = parse_engine)]
    pub engines: Vec<EngineSpec>,
    /// The number of games.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// Milliseconds per move (byo-yomi); with --time, the byo-yomi after the
    /// main time. Without any time control, 1000.
    #[arg(long, value_name = "MS", conflicts_with_all = ["nodes", "depth"])]
    pub byoyomi: Option<u64>,
    /// Main time per side in milliseconds, kept by the game clock (a flag
    /// fall loses).
    #[arg(long, value_name = "MS", conflicts_with_all = ["nodes", "depth"])]
    pub time: Option<u64>,
    /// A Fischer increment per move in milliseconds, with --time: added to
    /// the mover's main time after each move made in time (and sent to the
    /// engines as binc/winc).
    #[arg(long, value_name = "MS")]
    pub inc: Option<u64>,
    /// Nodes per move ('go nodes'), untimed.
    #[arg(long, value_name = "N", conflicts_with = "depth")]
    pub nodes: Option<u64>,
    /// Depth per move ('go depth'), untimed.
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// A file of openings: one per line, an SFEN, 'startpos' or 'sfen ...'
    /// with optional 'moves ...', or a USI 'position ...' command ('#'
    /// starts a comment line); or a record file of one or more games (KIF,
    /// KI2, CSA, JKF, USI), each played from its start through its moves.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// The rules (the move limit of --max-moves over theirs).
    #[arg(long, value_enum, default_value = "site")]
    pub rules: Rules,
    /// Games played at once, each worker with its own pair of engines.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub concurrency: u32,
    /// Milliseconds allowed past a move's time before it loses on time.
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    pub margin: u64,
    /// The move limit: the game is a draw when it is reached (the rules'
    /// own limit without it, 400 for the site rules).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_moves: Option<u32>,
    /// An engine option, NAME:OPTION=VALUE (NAME an --engine's name); the
    /// engine must declare it and the value must suit it. Repeatable.
    #[arg(long = "option", value_name = "NAME:OPT=VALUE", value_parser = parse_engine_option)]
    pub options: Vec<EngineOption>,
    /// Write each game to DIR as game-001.kif and game-001.csa, with the
    /// engines as players, times and evaluations.
    #[arg(short = 'o', long = "out-dir", value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Write the summary to FILE as JSON.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Shuffle the openings with this seed (file order without it).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

/// An engine of `match`: its name and its command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name given.
    pub name: String,
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
}

/// An option of `match`: the engine's name, the option and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// The engine's name.
    pub engine: String,
    /// The option's name.
    pub name: String,
    /// The value.
    pub value: String,
}

/// `NAME=COMMAND`, the command split as a shell would.
fn parse_engine(text: &str) -> Result<EngineSpec, String> {
    let (name, command) = text
        .split_once('=')
        .ok_or_else(|| "expected NAME=COMMAND".to_string())?;
    let name = name.trim();
    if name.is_empty() || name.contains(':') {
        return Err("the NAME of NAME=COMMAND must be non-empty, without ':'".to_string());
    }
    let words = shlex::split(command)
        .ok_or_else(|| "the COMMAND has an unclosed quote or a trailing backslash".to_string())?;
    let mut words = words.into_iter();
    let program = words
        .next()
        .ok_or_else(|| "the COMMAND of NAME=COMMAND is empty".to_string())?;
    let (program, mut args) = match builtin_args(&program)? {
        Some(args) => (current_program()?, args),
        None => (program, Vec::new()),
    };
    args.extend(words);
    Ok(EngineSpec {
        name: name.to_string(),
        program,
        args,
    })
}

/// The `engine` arguments of a built-in engine's COMMAND (`builtin`,
/// `builtin:easy|normal|hard`, `builtin:1` to `builtin:10`), `None` for any
/// other program.
fn builtin_args(program: &str) -> Result<Option<Vec<String>>, String> {
    let Some(rest) = program.strip_prefix("builtin") else {
        return Ok(None);
    };
    let mut args = vec!["engine".to_string()];
    match rest.strip_prefix(':') {
        None if rest.is_empty() => {}
        None => return Ok(None),
        Some(spec) => {
            if crate::engine::parse_level(spec).is_some() {
                args.extend(["--level".to_string(), spec.to_ascii_lowercase()]);
            } else if spec.parse::<u32>().is_ok_and(|n| (1..=10).contains(&n)) {
                args.extend(["--strength".to_string(), spec.to_string()]);
            } else {
                return Err(format!(
                    "expected builtin:easy, builtin:normal, builtin:hard or builtin:1 to builtin:10, not {program:?}"
                ));
            }
        }
    }
    Ok(Some(args))
}

/// This program, which runs the built-in engine as `shogi engine`.
fn current_program() -> Result<String, String> {
    std::env::current_exe()
        .map(|path| path.display().to_string())
        .map_err(|e| format!("cannot find this program to run the built-in engine: {e}"))
}

/// `NAME:OPTION=VALUE`.
fn parse_engine_option(text: &str) -> Result<EngineOption, String> {
    let (engine, rest) = text
        .split_once(':')
        .ok_or_else(|| "expected NAME:OPTION=VALUE".to_string())?;
    let (name, value) = rest
        .split_once('=')
        .ok_or_else(|| "expected NAME:OPTION=VALUE".to_string())?;
    if engine.is_empty() || name.trim().is_empty() {
        return Err("expected NAME:OPTION=VALUE with a NAME and an OPTION".to_string());
    }
    Ok(EngineOption {
        engine: engine.to_string(),
        name: name.trim().to_string(),
        value: value.to_string(),
    })
}

/// Arguments of `engine`: the defaults of its options.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// The level (the `Level` option): easy, normal or hard.
    #[arg(long, value_name = "LEVEL", default_value = "normal", value_parser = parse_level)]
    pub level: Level,
    /// The strength from 1 to 10 over the level's, 0 for the level's (the
    /// `Strength` option).
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=10))]
    pub strength: u32,
    /// The seed of the player's choices among near-equal moves and of its
    /// mistakes at low strengths (the `Seed` option).
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=MAX_SEED))]
    pub seed: u64,
}

/// `--level`.
fn parse_level(text: &str) -> Result<Level, String> {
    crate::engine::parse_level(text).ok_or_else(|| "expected easy, normal or hard".to_string())
}

/// Arguments of `completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_name = "SHELL", value_enum)]
    pub shell: clap_complete::Shell,
}

/// `--to`: the names of [`Format::ALL`], read back with `Format`'s `FromStr`.
fn format_parser() -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(Format::ALL.map(Format::as_str))
        .try_map(|name| name.parse::<Format>())
}

/// `--encoding`: any name or label `Encoding`'s `FromStr` reads.
fn parse_encoding(text: &str) -> Result<Encoding, shogi_rules::ParseNameError> {
    text.parse()
}

/// A perft depth: a whole number up to [`MAX_PERFT_DEPTH`], so that a depth
/// no count could reach fails at once.
fn parse_depth(text: &str) -> Result<u32, String> {
    board_cli::args::parse_depth(text, MAX_PERFT_DEPTH)
}

/// A usage error found after the arguments were read (a combination of
/// them that cannot work), with the usage of `subcommand`.
pub fn usage_error(
    subcommand: &str,
    kind: clap::error::ErrorKind,
    message: impl std::fmt::Display,
) -> board_cli::output::Failure {
    board_cli::output::usage_error::<Cli>(subcommand, kind, message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn engines_and_options_read() {
        let spec = parse_engine("fs='/opt/my engine/fs' --threads 1").expect("reads");
        assert_eq!(spec.name, "fs");
        assert_eq!(spec.program, "/opt/my engine/fs");
        assert_eq!(spec.args, ["--threads", "1"]);
        assert!(parse_engine("fs").is_err());
        assert!(parse_engine("fs=").is_err());
        assert!(parse_engine("=prog").is_err());
        assert!(parse_engine("fs=\"unclosed").is_err());
        let here = std::env::current_exe()
            .expect("a path")
            .display()
            .to_string();
        for (command, args) in [
            ("builtin", vec!["engine"]),
            ("builtin:Hard", vec!["engine", "--level", "hard"]),
            (
                "builtin:7 --seed 3",
                vec!["engine", "--strength", "7", "--seed", "3"],
            ),
        ] {
            let spec = parse_engine(&format!("me={command}")).expect("reads");
            assert_eq!(spec.program, here);
            assert_eq!(spec.args, args);
        }
        assert!(parse_engine("me=builtin:11").is_err());
        assert!(parse_engine("me=builtin:expert").is_err());
        let other = parse_engine("me=builtins").expect("another program");
        assert_eq!(other.program, "builtins");
        let option = parse_engine_option("fs:USI_Hash=64").expect("reads");
        assert_eq!(
            (option.engine.as_str(), option.name.as_str()),
            ("fs", "USI_Hash")
        );
        assert_eq!(option.value, "64");
        let option = parse_engine_option("fs:Book File=a=b").expect("reads");
        assert_eq!(
            (option.name.as_str(), option.value.as_str()),
            ("Book File", "a=b")
        );
        assert!(parse_engine_option("USI_Hash=64").is_err());
        assert!(parse_engine_option("fs:USI_Hash").is_err());
    }

    #[test]
    fn depths_up_to_the_limit() {
        assert_eq!(parse_depth("0"), Ok(0));
        assert_eq!(parse_depth("64"), Ok(64));
        assert!(parse_depth("65").is_err_and(|e| e.contains("too large")));
        assert!(parse_depth("99999999999").is_err_and(|e| e.contains("too large")));
        assert_eq!(parse_depth("deep"), Err("not a whole number".to_string()));
        assert_eq!(parse_depth("-1"), Err("not a whole number".to_string()));
    }
}
