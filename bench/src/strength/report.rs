//! The tables of a strength match: per pairing the wins, draws and losses,
//! the score and the Elo difference with its 95% interval
//! ([`shogi_usi::matches::elo`]); per player the median and 95th-percentile
//! time per move and the median nodes per move; per level the peak memory.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use shogi_usi::matches::elo;

use super::arena::GameResult;
use super::players::Spec;

/// One pairing's totals, from its first player's side.
#[derive(Clone, Debug, PartialEq)]
pub struct PairRow {
    /// The first player.
    pub first: Spec,
    /// The second player.
    pub second: Spec,
    /// Wins, draws, losses.
    pub wdl: (u32, u32, u32),
    /// The score in percent.
    pub score: f64,
    /// The Elo difference.
    pub elo: f64,
    /// Half the 95% interval.
    pub error: f64,
    /// Games a player's failure decided.
    pub failures: u32,
}

/// One player's costs per move.
#[derive(Clone, Debug, PartialEq)]
pub struct CostRow {
    /// The player.
    pub spec: Spec,
    /// Moves counted.
    pub moves: usize,
    /// Median milliseconds per move.
    pub median_ms: f64,
    /// 95th-percentile milliseconds per move.
    pub p95_ms: f64,
    /// Median nodes per move (`None` when the player does not say).
    pub median_nodes: Option<u64>,
}

/// The totals of each pairing, in order.
#[must_use]
pub fn pair_rows(pairs: &[(Spec, Spec)], results: &[GameResult]) -> Vec<PairRow> {
    pairs
        .iter()
        .enumerate()
        .map(|(i, &(first, second))| {
            let mut wdl = (0, 0, 0);
            let mut failures = 0;
            for r in results.iter().filter(|r| r.pair == i) {
                let (w, d, l) = r.first_player_result();
                wdl = (wdl.0 + w, wdl.1 + d, wdl.2 + l);
                failures += u32::from(r.error.is_some());
            }
            let n = f64::from(wdl.0 + wdl.1 + wdl.2);
            let e = elo(wdl.0, wdl.1, wdl.2);
            PairRow {
                first,
                second,
                wdl,
                score: if n > 0.0 {
                    100.0 * (f64::from(wdl.0) + f64::from(wdl.1) / 2.0) / n
                } else {
                    f64::NAN
                },
                elo: e.diff,
                error: e.error,
                failures,
            }
        })
        .collect()
}

/// The costs of each player, over all its games, in the order first seen.
#[must_use]
pub fn cost_rows(pairs: &[(Spec, Spec)], results: &[GameResult]) -> Vec<CostRow> {
    let mut order = Vec::new();
    let mut times: BTreeMap<String, (Spec, Vec<Duration>, Vec<u64>)> = BTreeMap::new();
    for r in results {
        let (a, b) = pairs[r.pair];
        for (spec, costs) in [(a, &r.costs[0]), (b, &r.costs[1])] {
            let entry = times.entry(spec.to_string()).or_insert_with(|| {
                order.push(spec.to_string());
                (spec, Vec::new(), Vec::new())
            });
            entry.1.extend(costs.iter().map(|c| c.elapsed));
            entry.2.extend(costs.iter().filter_map(|c| c.nodes));
        }
    }
    order
        .iter()
        .filter_map(|name| times.remove(name))
        .map(|(spec, mut t, mut nodes)| {
            t.sort_unstable();
            nodes.sort_unstable();
            let ms = |d: Option<&Duration>| d.map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0);
            CostRow {
                spec,
                moves: t.len(),
                median_ms: ms(percentile(&t, 50)),
                p95_ms: ms(percentile(&t, 95)),
                median_nodes: percentile(&nodes, 50).copied(),
            }
        })
        .collect()
}

/// The `p`th percentile of sorted values (nearest rank), `None` for none.
#[must_use]
pub fn percentile<T>(sorted: &[T], p: usize) -> Option<&T> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (p * sorted.len()).div_ceil(100).clamp(1, sorted.len());
    sorted.get(rank - 1)
}

/// A number with `digits` decimals, `inf`/`-inf`/`-` as they come.
fn num(x: f64, digits: usize) -> String {
    if x.is_nan() {
        "-".into()
    } else if x.is_infinite() {
        if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else {
        // `+0` rather than `-0` for a rounded zero.
        let x = if x.abs() < 0.5 * 10f64.powi(-i32::try_from(digits).unwrap_or(0)) {
            0.0
        } else {
            x
        };
        format!("{x:+.digits$}")
    }
}

/// The Elo column: `diff ± error`.
fn elo_text(row: &PairRow) -> String {
    let error = if row.error.is_finite() {
        format!("{:.0}", row.error)
    } else {
        "inf".into()
    };
    format!("{} ± {error}", num(row.elo, 0))
}

/// The pairings as a text table.
#[must_use]
pub fn pair_table(rows: &[PairRow]) -> String {
    let mut out = format!(
        "{:<10} {:<10} {:>5} {:>5} {:>5} {:>7} {:>14} {:>6}\n",
        "player", "opponent", "W", "D", "L", "score", "Elo (95%)", "failed"
    );
    for r in rows {
        let _ = writeln!(
            out,
            "{:<10} {:<10} {:>5} {:>5} {:>5} {:>6.1}% {:>14} {:>6}",
            r.first.to_string(),
            r.second.to_string(),
            r.wdl.0,
            r.wdl.1,
            r.wdl.2,
            r.score,
            elo_text(r),
            r.failures
        );
    }
    out
}

/// The costs as a text table.
#[must_use]
pub fn cost_table(rows: &[CostRow]) -> String {
    let mut out = format!(
        "{:<10} {:>7} {:>12} {:>12} {:>14}\n",
        "player", "moves", "median ms", "p95 ms", "median nodes"
    );
    for r in rows {
        let _ = writeln!(
            out,
            "{:<10} {:>7} {:>12.2} {:>12.2} {:>14}",
            r.spec.to_string(),
            r.moves,
            r.median_ms,
            r.p95_ms,
            r.median_nodes.map_or("-".into(), |n| n.to_string())
        );
    }
    out
}

/// Both tables (and the memory, if measured) as markdown, for
/// BENCHMARKS.md.
#[must_use]
pub fn markdown(pairs: &[PairRow], costs: &[CostRow], memory: &[(String, f64)]) -> String {
    let mut out = String::from(
        "| player | opponent | W | D | L | score | Elo (95%) |\n| --- | --- | ---: | ---: | ---: | ---: | ---: |\n",
    );
    for r in pairs {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {:.1}% | {} |",
            r.first,
            r.second,
            r.wdl.0,
            r.wdl.1,
            r.wdl.2,
            r.score,
            elo_text(r)
        );
    }
    out.push_str(
        "\n| player | moves | median ms/move | p95 ms/move | median nodes/move |\n| --- | ---: | ---: | ---: | ---: |\n",
    );
    for r in costs {
        let _ = writeln!(
            out,
            "| {} | {} | {:.2} | {:.2} | {} |",
            r.spec,
            r.moves,
            r.median_ms,
            r.p95_ms,
            r.median_nodes.map_or("-".into(), |n| n.to_string())
        );
    }
    if !memory.is_empty() {
        out.push_str("\n| level | peak memory over an idle engine (MiB) |\n| --- | ---: |\n");
        for (level, mib) in memory {
            let _ = writeln!(out, "| {level} | {mib:.1} |");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strength::arena::Cost;
    use shogi_rules::{Color, Termination};

    fn game(pair: usize, game: u32, winner: Option<Color>, ms: &[u64]) -> GameResult {
        let costs: Vec<Cost> = ms
            .iter()
            .map(|&m| Cost {
                elapsed: Duration::from_millis(m),
                nodes: Some(m * 10),
            })
            .collect();
        GameResult {
            pair,
            game,
            first_is_sente: game.is_multiple_of(2),
            winner,
            termination: Termination::Checkmate,
            plies: 2,
            costs: [costs.clone(), costs],
            error: None,
        }
    }

    #[test]
    fn percentiles_by_nearest_rank() {
        let v: Vec<u32> = (1..=100).collect();
        assert_eq!(percentile(&v, 50), Some(&50));
        assert_eq!(percentile(&v, 95), Some(&95));
        assert_eq!(percentile(&[7], 95), Some(&7));
        assert_eq!(percentile::<u32>(&[], 50), None);
    }

    #[test]
    fn results_count_from_the_first_players_side() {
        let pairs = [(Spec::Random, Spec::Fairy(1))];
        // Game 0: the first player is Sente and Sente wins; game 1: it is
        // Gote and Sente wins; game 2: a draw.
        let results = [
            game(0, 0, Some(Color::Sente), &[1, 2, 3]),
            game(0, 1, Some(Color::Sente), &[4]),
            game(0, 2, None, &[100]),
        ];
        let rows = pair_rows(&pairs, &results);
        assert_eq!(rows[0].wdl, (1, 1, 1));
        assert!((rows[0].score - 50.0).abs() < 1e-9);
        assert!(rows[0].elo.abs() < 1e-9);
        let costs = cost_rows(&pairs, &results);
        assert_eq!(costs.len(), 2);
        assert_eq!(costs[0].moves, 5);
        assert!((costs[0].median_ms - 3.0).abs() < 1e-9);
        assert!((costs[0].p95_ms - 100.0).abs() < 1e-9);
        assert_eq!(costs[0].median_nodes, Some(30));
        let md = markdown(&rows, &costs, &[("easy".into(), 1.5)]);
        assert!(md.contains("| random | fs1 | 1 | 1 | 1 | 50.0% |"), "{md}");
        assert!(md.contains("| easy | 1.5 |"), "{md}");
        assert!(pair_table(&rows).contains("random"));
        assert!(cost_table(&costs).contains("fs1"));
    }
}
