//! `play`: moves played from a position as a game under the rules, and the
//! built-in sample game that runs without a command.

use std::io::Write;
use std::process::ExitCode;

use board_cli::json;
use board_cli::output::{Failure, Out, complain};
use serde::Serialize;
use xiangqi_rules::{Color, Game, GameError, Outcome, Position, RuleSet};

use crate::args::PlayArgs;
use crate::position::{diagram, parse_position};

/// The built-in sample game: Red's cannon swings to the c-file and mates on
/// Black's back rank, the advisor having blocked the general's way out.
pub const SAMPLE: [&str; 5] = ["b2b4", "a6a5", "b4c4", "f9e8", "c4c9"];

/// Why the moves could not all be played: the number of the move (from 1),
/// the move as given, and what is wrong with it.
struct BadMove {
    /// The move's number, from 1.
    number: usize,
    /// The move as given.
    text: String,
    /// What the game said.
    error: GameError,
}

impl BadMove {
    /// `move N (TEXT): ...`, with the reason's name for an illegal move.
    fn message(&self) -> String {
        let what = match &self.error {
            GameError::IllegalMove(e) => {
                format!(
                    "illegal: {} ({})",
                    e.reason.as_str(),
                    e.reason.description()
                )
            }
            GameError::GameOver(outcome) => {
                format!("the game is already over: {}", result_text(Some(*outcome)))
            }
            other => other.to_string(),
        };
        format!("move {} ({}): {what}", self.number, self.text)
    }
}

/// Plays `moves` from `start` under the site rules.
fn play(start: Position, moves: &[String]) -> Result<Game, BadMove> {
    let mut game = Game::from_position(start, RuleSet::site());
    for (index, text) in moves.iter().enumerate() {
        game.play_iccs(text).map_err(|error| BadMove {
            number: index + 1,
            text: text.clone(),
            error,
        })?;
    }
    Ok(game)
}

/// The result in the usual notation: `1-0`, `0-1` or `1/2-1/2`, then how
/// the game ended; or that it goes on.
fn result_text(outcome: Option<Outcome>) -> String {
    match outcome {
        Some(o) => format!("{} ({})", score(o), o.termination.as_str()),
        None => "none, the game goes on".to_string(),
    }
}

/// `1-0` for Red, `0-1` for Black, `1/2-1/2` for a draw.
fn score(outcome: Outcome) -> &'static str {
    match outcome.winner {
        Some(Color::Red) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

/// `play --json`.
#[derive(Serialize)]
struct PlayJson {
    /// The start position in FEN.
    start: String,
    /// The moves in ICCS.
    moves: Vec<String>,
    /// The position after the last move, in FEN.
    #[serde(rename = "final")]
    final_position: String,
    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `null` while the game goes on.
    result: Option<&'static str>,
    /// `"red"`, `"black"`, or `null` for a draw or a game that goes on.
    winner: Option<&'static str>,
    /// How the game ended (`"checkmate"`, …), `null` while it goes on.
    termination: Option<&'static str>,
}

/// `play`: the game of the moves given, as text or one line of JSON.
pub fn run(out: &mut Out, args: &PlayArgs) -> Result<ExitCode, Failure> {
    // The first word is the position when it is one ('startpos' or a FEN,
    // which has a '/'); a move never is.
    let (start, moves) = match args.words.split_first() {
        Some((first, rest)) if first.trim() == "startpos" || first.contains('/') => {
            match parse_position(first) {
                Ok(pos) => (pos, rest),
                Err(e) => {
                    return Err(board_cli::output::usage_error::<crate::args::Cli>(
                        "play",
                        clap::error::ErrorKind::ValueValidation,
                        format!("invalid value '{first}' for '[POSITION]': {e}"),
                    ));
                }
            }
        }
        _ => (Position::startpos(), &args.words[..]),
    };
    let game = match play(start, moves) {
        Ok(game) => game,
        Err(bad) => {
            complain(bad.message());
            return Ok(ExitCode::FAILURE);
        }
    };
    if args.json {
        let outcome = game.outcome();
        json::write_line(
            out,
            &PlayJson {
                start: game.start().to_fen(),
                moves: game.moves().map(|m| m.to_string()).collect(),
                final_position: game.position().to_fen(),
                result: outcome.map(score),
                winner: outcome.and_then(|o| o.winner).map(Color::as_str),
                termination: outcome.map(|o| o.termination.as_str()),
            },
        )?;
    } else {
        write_game(out, &game)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The text of a game: the start, one line per move (its number, the side,
/// the move, `check` when it gave check), the final diagram and FEN, and
/// the result.
fn write_game(out: &mut Out, game: &Game) -> std::io::Result<()> {
    writeln!(out, "start: {}", game.start().to_fen())?;
    let mut side = game.start().turn();
    for (index, ply) in game.plies().iter().enumerate() {
        let check = if ply.check { " check" } else { "" };
        writeln!(
            out,
            "{:>4} {:<5} {}{check}",
            index + 1,
            side.as_str(),
            ply.mv
        )?;
        side = side.opposite();
    }
    out.write_all(diagram(game.position()).as_bytes())?;
    writeln!(out, "final: {}", game.position().to_fen())?;
    writeln!(out, "result: {}", result_text(game.outcome()))?;
    if game.outcome().is_none() {
        writeln!(out, "to move: {}", game.position().turn())?;
    }
    Ok(())
}

/// No command: the sample game, played and printed as `play` prints it.
pub fn sample(out: &mut Out) -> Result<ExitCode, Failure> {
    writeln!(out, "sample game: {}", SAMPLE.join(" "))?;
    let moves: Vec<String> = SAMPLE.iter().map(ToString::to_string).collect();
    match play(Position::startpos(), &moves) {
        Ok(game) => write_game(out, &game)?,
        Err(bad) => {
            // The sample is tested to play; should it not, say so.
            complain(format!("the sample game: {}", bad.message()));
            return Ok(ExitCode::FAILURE);
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_rules::Termination;

    #[test]
    fn the_sample_game_ends_in_checkmate() {
        let moves: Vec<String> = SAMPLE.iter().map(ToString::to_string).collect();
        let Ok(game) = play(Position::startpos(), &moves) else {
            panic!("the sample game does not play");
        };
        assert_eq!(
            game.outcome(),
            Some(Outcome::win(Color::Red, Termination::Checkmate))
        );
    }

    #[test]
    fn results_in_the_usual_notation() {
        assert_eq!(
            result_text(Some(Outcome::draw(Termination::Repetition))),
            "1/2-1/2 (repetition)"
        );
        assert_eq!(
            result_text(Some(Outcome::win(
                Color::Black,
                Termination::PerpetualCheck
            ))),
            "0-1 (perpetual_check)"
        );
        assert_eq!(result_text(None), "none, the game goes on");
    }
}
