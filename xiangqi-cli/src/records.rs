//! PGN records: `replay` (each game replayed under the rules, its stated
//! result compared with the rules'), `validate` (files and directories, in
//! parallel) and `convert` (move text into another notation, written
//! atomically).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use board_cli::batch::{self, Item};
use board_cli::files::write_atomically;
use board_cli::input::{display_name, read_input};
use board_cli::output::{Failure, Out, complain};
use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::{
    GameRecord, GameResult, ReadLimits, read_pgn_bytes_with, write_pgn_all,
};
use xiangqi_rules::{Color, Outcome, RuleSet};

use crate::args::{ConvertArgs, NotationArg, ReplayArgs, ValidateArgs};

/// The extensions `validate` looks for in directories.
pub const EXTENSIONS: [&str; 1] = ["pgn"];

impl NotationArg {
    /// The library's notation.
    fn notation(self) -> Notation {
        match self {
            NotationArg::Iccs => Notation::Iccs,
            NotationArg::Uci => Notation::Uci,
            NotationArg::Wxf => Notation::Wxf,
            NotationArg::Chinese => Notation::Chinese,
        }
    }
}

/// The games of the PGN file at `path` (`-`: standard input), or what is
/// wrong, prefixed with the file's name and the line and column.
fn read_games(path: &Path) -> Result<Vec<GameRecord>, String> {
    let limits = ReadLimits::DEFAULT;
    let name = display_name(path);
    let bytes = read_input(path, limits.max_input_bytes).map_err(|e| format!("{name}: {e}"))?;
    read_pgn_bytes_with(&bytes, &limits).map_err(|e| {
        if e.line == 0 {
            format!("{name}: {}", e.kind)
        } else {
            format!("{name}:{}:{}: {}", e.line, e.column, e.kind)
        }
    })
}

/// The result a record states, as the rules would say it.
fn stated(result: GameResult) -> Option<Option<Color>> {
    match result {
        GameResult::RedWins => Some(Some(Color::Red)),
        GameResult::BlackWins => Some(Some(Color::Black)),
        GameResult::Draw => Some(None),
        GameResult::Unknown => None,
    }
}

/// `1-0`, `0-1` or `1/2-1/2` and how the game ended, or that it goes on.
fn rules_result(outcome: Option<Outcome>) -> String {
    match outcome {
        Some(o) => {
            let score = match o.winner {
                Some(Color::Red) => "1-0",
                Some(Color::Black) => "0-1",
                None => "1/2-1/2",
            };
            format!("{score} ({})", o.termination.as_str())
        }
        None => "none, the game goes on".to_string(),
    }
}

/// `replay FILE`: every game of the file, its tags, its moves in ICCS (and
/// in `--notation`), the result it states and the one the rules give.
pub fn replay(out: &mut Out, args: &ReplayArgs) -> Result<ExitCode, Failure> {
    let games = match read_games(&args.file) {
        Ok(games) => games,
        Err(message) => {
            complain(message);
            return Ok(ExitCode::FAILURE);
        }
    };
    let mut status = ExitCode::SUCCESS;
    for (index, record) in games.iter().enumerate() {
        if games.len() > 1 {
            writeln!(out, "game {} of {}", index + 1, games.len())?;
        }
        for (name, value) in record.tags() {
            writeln!(out, "{name}: {value}")?;
        }
        writeln!(out, "start: {}", record.start().to_fen())?;
        let moves = record.main_line();
        let iccs: Vec<String> = moves.iter().map(ToString::to_string).collect();
        writeln!(out, "moves ({}): {}", moves.len(), iccs.join(" "))?;
        if let Some(notation) = args.notation {
            let notation = notation.notation();
            let texts = notation.format_line(record.start(), &moves);
            writeln!(out, "{}: {}", notation.as_str(), texts.join(" "))?;
        }
        writeln!(out, "stated result: {}", record.result().as_str())?;
        match record.main_game(RuleSet::site()) {
            Ok(game) => {
                let outcome = game.outcome();
                writeln!(out, "result by the rules: {}", rules_result(outcome))?;
                let by_rules = outcome.map(|o| o.winner);
                if let Some(stated) = stated(record.result())
                    && by_rules.is_some()
                    && by_rules != Some(stated)
                {
                    writeln!(out, "note: the stated result is not the rules' result")?;
                }
            }
            Err(e) => {
                complain(format!(
                    "{}: game {}: {e}",
                    display_name(&args.file),
                    index + 1
                ));
                status = ExitCode::FAILURE;
            }
        }
        if index + 1 < games.len() {
            writeln!(out)?;
        }
    }
    Ok(status)
}

/// `validate FILES...`: each PGN file read and every game's main line
/// replayed under the rules; `OK` or the error per file, exit status 1 if
/// any fails.
pub fn validate(out: &mut Out, args: &ValidateArgs) -> Result<ExitCode, Failure> {
    let items = batch::expand(&args.inputs, &EXTENSIONS);
    let results = batch::run(&items, |item| match item {
        Item::File(job) => check_file(&job.path),
        Item::Failed { path, message } => Err(format!("{}: {message}", display_name(path))),
    });
    let mut failed = 0;
    for result in results {
        match result {
            Ok(line) => writeln!(out, "{line}")?,
            Err(message) => {
                failed += 1;
                complain(message);
            }
        }
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `OK PATH (G games, M moves)`, or what is wrong with the file.
fn check_file(path: &Path) -> Result<String, String> {
    let games = read_games(path)?;
    let mut moves = 0;
    for (index, record) in games.iter().enumerate() {
        let game = record
            .main_game(RuleSet::site())
            .map_err(|e| format!("{}: game {}: {e}", display_name(path), index + 1))?;
        moves += game.ply_count();
    }
    Ok(format!(
        "OK {} ({} games, {moves} moves)",
        display_name(path),
        games.len()
    ))
}

/// `convert FILE --to NOTATION [-o OUT]`: the games written again with
/// their move text in `--to`; to OUT (replaced whole or not at all) or to
/// standard output.
pub fn convert(out: &mut Out, args: &ConvertArgs) -> Result<ExitCode, Failure> {
    let games = match read_games(&args.file) {
        Ok(games) => games,
        Err(message) => {
            complain(message);
            return Ok(ExitCode::FAILURE);
        }
    };
    let text = write_pgn_all(&games, args.to.notation());
    match &args.output {
        Some(path) => {
            if let Err(e) = write_atomically(path, text.as_bytes()) {
                complain(format!("{}: {e}", path.display()));
                return Ok(ExitCode::FAILURE);
            }
        }
        None => out.write_all(text.as_bytes())?,
    }
    Ok(ExitCode::SUCCESS)
}
