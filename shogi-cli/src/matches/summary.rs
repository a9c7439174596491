//! A match's results: the running tally, the summary table and the JSON
//! summary.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Duration;

use serde::Serialize;
use shogi_rules::Color;
use shogi_usi::matches::{MatchSettings, elo};

use crate::args::EngineSpec;
use board_cli::output::Out;

use super::Played;
use super::records::describe_time;

/// The results so far.
#[derive(Default)]
pub(super) struct Tally {
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
pub(super) struct Summary {
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
    pub(super) fn add(&mut self, played: &Played, names: [&str; 2]) {
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
    pub(super) fn running(&self, names: [&str; 2]) -> String {
        let [w, d, l] = self.wdl[0];
        let e = elo(w, d, l);
        format!("{} {w}-{d}-{l} Elo {}", names[0], elo_text(e.diff, e.error))
    }

    /// The summary, the games in order.
    pub(super) fn summary(mut self, specs: &[EngineSpec; 2], settings: &MatchSettings) -> Summary {
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
pub(super) fn write_table(out: &mut Out, summary: &Summary) -> std::io::Result<()> {
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
