//! The command line: every subcommand, its arguments and their help, as
//! `clap` reads them.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use xiangqi_rules::{MAX_PERFT_DEPTH, Position};

use crate::position::parse_position;

/// Xiangqi (Chinese chess) positions and games: count perft, list legal
/// moves, check a move (with the reason it is illegal), show a position,
/// play moves as a game under the rules.
///
/// Without a command, plays the built-in sample game and prints it.
/// A POSITION is 'startpos' or a FEN (quoted, as it has spaces). Moves are
/// ICCS coordinates: files a-i from Red's left, ranks 0-9 from Red's side
/// (h2e2). Exit status: 0 on success, 1 on a failure, 2 on a usage error.
#[derive(Debug, Parser)]
#[command(name = "xiangqi", version, max_term_width = 100)]
pub struct Cli {
    /// The command; none plays the built-in sample game.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Read a PGN file and replay each game under the rules.
    ///
    /// Reads a PGN file (UTF-8 or GBK; move text in ICCS, WXF, Chinese or
    /// SAN, detected move by move), and prints for each game its tags, its
    /// start, its main line in ICCS (and in --notation), the result it
    /// states and the result the rules give, with a note when the two
    /// disagree. An error names its line and column; a game whose moves go
    /// on after the rules ended it fails (exit status 1).
    Replay(ReplayArgs),
    /// Check PGN files: every game read and replayed under the rules.
    ///
    /// Files, or directories searched recursively for .pgn files, checked
    /// in parallel: one line 'OK FILE (G games, M moves)' per good file, the
    /// error of each bad one on standard error; exit status 1 if any fails.
    Validate(ValidateArgs),
    /// Write a PGN file again with its moves in another notation.
    ///
    /// Every game of FILE, its tags, comments and variations kept, its move
    /// text in --to: to OUT (-o), replaced whole or not at all (written to a
    /// temporary file beside it, then renamed), or to standard output.
    Convert(ConvertArgs),
    /// Count the leaf nodes of the legal move tree, with time and speed.
    ///
    /// Without a POSITION, counts from the start position.
    #[command(allow_missing_positional = true)]
    Perft(PerftArgs),
    /// List the legal moves in ICCS, sorted.
    ///
    /// With '-' (or no POSITION), reads one FEN (or 'startpos') per line
    /// from standard input (at most 4 KiB a line) and replies with one line
    /// each: the moves, or 'error: line N: MESSAGE' for a bad line; exit
    /// status 1 if any line failed, the others answered all the same.
    Legal(LegalArgs),
    /// Check a move: 'legal', or 'illegal: REASON (explanation)'.
    ///
    /// The reasons are the names of the rule broken: no_piece,
    /// not_your_piece, wrong_direction, outside_palace, crosses_river,
    /// soldier_backward, soldier_sideways_before_river, elephant_blocked,
    /// horse_blocked, path_blocked, no_screen, too_many_screens, own_piece,
    /// flying_general, leaves_general_in_check. Exit status 0 for a legal
    /// move, 1 for an illegal one or for text that is not an ICCS move.
    Check(CheckArgs),
    /// Show a position: board diagram, side to move, check and checkmate.
    ///
    /// Red's pieces in upper case, Black's in lower case (K general,
    /// A advisor, B elephant, N horse, R chariot, C cannon, P soldier), '.'
    /// an empty point; rank 9 (Black's side) on top.
    Show(ShowArgs),
    /// Play moves from a position as a game under the rules, and print it.
    ///
    /// The game is adjudicated after every move by the site rules:
    /// checkmate or no legal move loses, the third occurrence of a position
    /// is a draw (or a loss for a side that checked with every move since
    /// the first: perpetual check), bare material and 300 plies draw. Prints
    /// the start, the moves, the final FEN and the result: '1-0', '0-1' or
    /// '1/2-1/2' with how the game ended, or that it goes on. An illegal
    /// move, or one after the game has ended, fails (exit status 1) with its
    /// number and the reason.
    #[command(override_usage = "xiangqi play [OPTIONS] [POSITION] <MOVES>...")]
    Play(PlayArgs),
    /// Print a shell completion script.
    ///
    /// For example: xiangqi completions bash > ~/.local/share/bash-completion/completions/xiangqi
    Completions(CompletionsArgs),
}

/// Arguments of `perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// 'startpos' (the default) or a FEN.
    #[arg(value_name = "POSITION", value_parser = parse_position)]
    pub position: Option<Position>,
    /// The depth, at most 32.
    #[arg(value_name = "DEPTH", value_parser = parse_depth)]
    pub depth: u32,
    /// Print the count of each first move too.
    #[arg(long)]
    pub divide: bool,
    /// Print one line of JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `legal`.
#[derive(Debug, Args)]
pub struct LegalArgs {
    /// 'startpos' or a FEN; '-' or none reads a position a line from
    /// standard input.
    #[arg(value_name = "POSITION")]
    pub position: Option<String>,
    /// Print JSON instead of text: one object per position, an object with
    /// "line" and "error" for a bad input line.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// 'startpos' or a FEN.
    #[arg(value_name = "POSITION", value_parser = parse_position)]
    pub position: Position,
    /// The move in ICCS (h2e2, or H2-E2).
    #[arg(value_name = "MOVE")]
    pub mv: String,
    /// Print one line of JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// 'startpos' or a FEN.
    #[arg(value_name = "POSITION", value_parser = parse_position)]
    pub position: Position,
    /// Print one line of JSON instead of the diagram.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// An optional start position ('startpos', the default, or a FEN), then
    /// the moves in ICCS (h2e2 h9g7 ...).
    #[arg(value_name = "[POSITION] MOVES", required = true, num_args = 1..)]
    pub words: Vec<String>,
    /// Print one line of JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_name = "SHELL", value_enum)]
    pub shell: clap_complete::Shell,
}

/// A perft depth: a whole number up to [`MAX_PERFT_DEPTH`].
fn parse_depth(text: &str) -> Result<u32, String> {
    board_cli::args::parse_depth(text, MAX_PERFT_DEPTH)
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
    fn perft_takes_the_position_or_not() {
        let cli = Cli::try_parse_from(["xiangqi", "perft", "3"]).expect("perft 3");
        let Some(Command::Perft(args)) = cli.command else {
            panic!("perft")
        };
        assert_eq!((args.position, args.depth), (None, 3));
        let cli = Cli::try_parse_from(["xiangqi", "perft", "startpos", "2", "--divide"])
            .expect("perft startpos 2");
        let Some(Command::Perft(args)) = cli.command else {
            panic!("perft")
        };
        assert_eq!(args.position, Some(Position::startpos()));
        assert!(args.divide);
        // The help says 32.
        assert_eq!(MAX_PERFT_DEPTH, 32);
        assert!(Cli::try_parse_from(["xiangqi", "perft", "startpos", "32"]).is_ok());
        assert!(Cli::try_parse_from(["xiangqi", "perft", "startpos", "33"]).is_err());
    }
}

/// A move notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum NotationArg {
    /// ICCS coordinates: h2e2.
    Iccs,
    /// Coordinates with ranks 1-10, as Fairy-Stockfish writes them: h3e3.
    Uci,
    /// WXF: C2.5, H8+7, +R.3.
    Wxf,
    /// Chinese: 炮二平五, 马８进７.
    Chinese,
}

/// Arguments of `replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The PGN file ('-': standard input).
    pub file: PathBuf,
    /// Also print the main line in this notation.
    #[arg(long, value_enum)]
    pub notation: Option<NotationArg>,
}

/// Arguments of `validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// PGN files, or directories to search for .pgn files.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
}

/// Arguments of `convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The PGN file ('-': standard input).
    pub file: PathBuf,
    /// The notation of the moves written.
    #[arg(long, value_enum)]
    pub to: NotationArg,
    /// The file to write (standard output without it).
    #[arg(short, long = "output", value_name = "OUT")]
    pub output: Option<PathBuf>,
}
