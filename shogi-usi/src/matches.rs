//! A game between two engines, adjudicated by [`shogi_rules::Game`], and the
//! Elo difference a match score gives.

use std::time::Duration;

use shogi_rules::usi::{GameResult, InfoScore};
use shogi_rules::{
    ClockSettings, Color, Game, GameError, Move, Outcome, Position, RuleSet, Termination,
};

use crate::{Engine, EngineError, Limit, Played};

/// The limit each side plays under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A game clock (main time, then byo-yomi periods, and a Fischer
    /// increment per move), kept by the game: the engine is told its
    /// remaining main time, the byo-yomi and the increment (`binc`/`winc`),
    /// and loses when the clock runs out.
    Clock(ClockSettings),
    /// A fixed time per move (`go byoyomi`); a move that takes longer
    /// than it plus the margin loses on time.
    Byoyomi(Duration),
    /// A node count per move (`go nodes`), untimed.
    Nodes(u64),
    /// A depth per move (`go depth`), untimed.
    Depth(u32),
}

/// How a game between engines is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchSettings {
    /// The rules; for [`TimeControl::Clock`] their clock is replaced by
    /// the control's, otherwise the game is untimed.
    pub rules: RuleSet,
    /// The limit of each side.
    pub time: TimeControl,
    /// The time allowed past a time limit before a move loses on time.
    pub margin: Duration,
}

/// One move of a game between engines, with what a record's comment needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// The side that played it.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// The time the engine took.
    pub elapsed: Duration,
    /// The engine's last score, from its own point of view.
    pub score: Option<InfoScore>,
    /// The depth of that score.
    pub depth: Option<u32>,
    /// The legal part of its PV, in USI.
    pub pv: String,
}

/// A finished game between engines.
#[derive(Debug)]
pub struct GameReport {
    /// The game as played. Its outcome is set when the game can record the
    /// ending: not for a crash, nor for a loss on time in an untimed game
    /// ([`TimeControl::Byoyomi`]); [`winner`](GameReport::winner) and
    /// [`termination`](GameReport::termination) always say how it ended.
    pub game: Game,
    /// Each move played, in order.
    pub moves: Vec<MoveReport>,
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// How the game ended. [`Termination::IllegalMove`] for an illegal
    /// move or a false impasse declaration, [`Termination::Timeout`] for a
    /// move too late, [`Termination::Interrupted`] (with the other side
    /// as the winner) for an engine that died or failed otherwise.
    pub termination: Termination,
    /// The errors of the engines during the game, with the side.
    pub engine_errors: Vec<(Color, EngineError)>,
}

/// Plays one game: `engines[0]` is Sente, `engines[1]` Gote, from `start`
/// after `opening_moves` (which must be legal). Both engines get
/// `usinewgame` first and `gameover` at the end.
///
/// # Errors
/// [`EngineError::InvalidMoves`] when an opening move is illegal. Engine
/// failures during the game are not errors: they decide it.
pub fn play_game(
    engines: [&mut Engine; 2],
    start: Position,
    opening_moves: &[Move],
    settings: &MatchSettings,
) -> Result<GameReport, EngineError> {
    let [sente, gote] = engines;
    let mut engines = [sente, gote];
    let mut rules = settings.rules;
    rules.clock = match settings.time {
        TimeControl::Clock(clock) => Some(clock),
        _ => None,
    };
    let mut game = Game::from_position(start, rules);
    for (index, &m) in opening_moves.iter().enumerate() {
        match game.play(m) {
            Ok(_) => {}
            Err(GameError::IllegalMove(source)) => {
                return Err(EngineError::InvalidMoves { index, source });
            }
            Err(_) => break,
        }
    }
    let mut moves = Vec::new();
    let mut errors = Vec::new();
    let mut ended: Option<(Option<Color>, Termination)> = None;
    for (i, engine) in engines.iter_mut().enumerate() {
        if let Err(e) = engine.new_game() {
            let color = if i == 0 { Color::Sente } else { Color::Gote };
            if ended.is_none() {
                ended = Some((Some(color.opposite()), Termination::Interrupted));
            }
            errors.push((color, e));
        }
    }
    while ended.is_none() {
        if let Some(outcome) = game.outcome() {
            ended = Some((outcome.winner, outcome.termination));
            break;
        }
        let mover = game.position().turn();
        let engine = &mut engines[usize::from(mover == Color::Gote)];
        let limit = limit_for(&game, settings);
        let result = engine.play_game(&game, &limit);
        match result {
            Ok(played) => match played.best {
                Played::Move(m) => {
                    let late = match settings.time {
                        TimeControl::Byoyomi(t) => played.elapsed > t + settings.margin,
                        _ => false,
                    };
                    if late {
                        ended = Some(lose(&mut game, mover, Termination::Timeout));
                        continue;
                    }
                    let outcome = if game.clock().is_some() {
                        game.play_timed(m, played.elapsed)
                    } else {
                        game.play(m)
                    };
                    if outcome.is_err() {
                        ended = Some(lose(&mut game, mover, Termination::IllegalMove));
                        continue;
                    }
                    if game.moves().last() == Some(&m) {
                        let info = played.info.as_ref();
                        moves.push(MoveReport {
                            color: mover,
                            mv: m,
                            elapsed: played.elapsed,
                            score: info.and_then(|i| i.score),
                            depth: info.and_then(|i| i.depth),
                            pv: info.map(crate::AnalysisLine::pv_text).unwrap_or_default(),
                        });
                    }
                }
                Played::Resign => {
                    let _ = game.resign(mover);
                    ended = Some((Some(mover.opposite()), Termination::Resignation));
                }
                Played::Win => match game.declare_impasse() {
                    Ok(outcome) => ended = Some((outcome.winner, outcome.termination)),
                    Err(_) => ended = Some(lose(&mut game, mover, Termination::IllegalMove)),
                },
            },
            Err(e) => {
                let termination = match e {
                    EngineError::Timeout { .. } => Termination::Timeout,
                    EngineError::IllegalMove { .. } => Termination::IllegalMove,
                    _ => Termination::Interrupted,
                };
                errors.push((mover, e));
                ended = Some(lose(&mut game, mover, termination));
            }
        }
    }
    let (winner, termination) = ended.unwrap_or((None, Termination::Interrupted));
    for (engine, color) in engines.iter_mut().zip([Color::Sente, Color::Gote]) {
        if engine.is_alive() {
            let result = match winner {
                None => GameResult::Draw,
                Some(w) if w == color => GameResult::Win,
                Some(_) => GameResult::Lose,
            };
            let _ = engine.gameover(result);
        }
    }
    Ok(GameReport {
        game,
        moves,
        winner,
        termination,
        engine_errors: errors,
    })
}

/// `loser` loses by `termination`: recorded in the game when the rules
/// allow it (a flag fall on a clock, a stated result otherwise).
fn lose(game: &mut Game, loser: Color, termination: Termination) -> (Option<Color>, Termination) {
    let winner = loser.opposite();
    if game.outcome().is_none() {
        if termination == Termination::Timeout && game.clock().is_some() {
            let _ = game.flag(loser);
        } else if let Ok(outcome) = Outcome::new(Some(winner), termination) {
            let _ = game.set_stated_outcome(outcome);
        }
    }
    (Some(winner), termination)
}

/// The limit of the side to move.
fn limit_for(game: &Game, settings: &MatchSettings) -> Limit {
    match settings.time {
        TimeControl::Byoyomi(t) => Limit::byoyomi(t),
        TimeControl::Nodes(n) => Limit::nodes(n),
        TimeControl::Depth(d) => Limit::depth(d),
        TimeControl::Clock(clock) => {
            let main = |c| {
                game.clock()
                    .map_or(clock.main_time, |k| k.remaining(c, Duration::ZERO).main)
            };
            let mut limit = Limit::time(main(Color::Sente), main(Color::Gote));
            let increment = game
                .clock()
                .map_or(clock.increment, |k| k.settings().increment);
            if !increment.is_zero() {
                limit = limit.with_increment(increment, increment);
            }
            if clock.periods > 0 && !clock.byoyomi.is_zero() {
                limit.with_byoyomi(clock.byoyomi)
            } else {
                limit
            }
        }
    }
}

/// An Elo difference and its 95% error margin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The difference (positive: the first player is stronger); infinite
    /// for a score of 0 or 1.
    pub diff: f64,
    /// Half the width of the 95% confidence interval (infinite when an
    /// end of the interval is a score of 0 or 1); `NaN` without games.
    pub error: f64,
}

/// The Elo difference of `wins`, `draws` and `losses` (of the first player
/// against the second), with the logistic model:
///
/// - the score is `p = (wins + draws / 2) / n` over `n` games, and the Elo
///   difference is `-400 · log10(1 / p - 1)`;
/// - the per-game score (1, ½ or 0) has standard deviation
///   `σ = sqrt((wins·(1-p)² + draws·(½-p)² + losses·p²) / n)`, so the mean
///   score's is `σ / sqrt(n)`;
/// - the 95% interval of the score is `p ± 1.96 · σ / sqrt(n)`, and the
///   error is half the width of its image in Elo.
///
/// ```
/// use shogi_usi::matches::elo;
/// let e = elo(60, 20, 20);
/// assert!((e.diff - 147.2).abs() < 0.1);
/// assert!(e.error > 50.0 && e.error < 80.0);
/// assert_eq!(elo(5, 10, 5).diff, 0.0);
/// ```
#[must_use]
pub fn elo(wins: u32, draws: u32, losses: u32) -> Elo {
    let n = f64::from(wins) + f64::from(draws) + f64::from(losses);
    if n == 0.0 {
        return Elo {
            diff: f64::NAN,
            error: f64::NAN,
        };
    }
    let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
    let p = (w + d / 2.0) / n;
    let variance = (w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2)) / n;
    let sd = (variance / n).sqrt();
    let from_score = |p: f64| {
        if p <= 0.0 {
            f64::NEG_INFINITY
        } else if p >= 1.0 {
            f64::INFINITY
        } else {
            -400.0 * (1.0 / p - 1.0).log10()
        }
    };
    let (low, high) = (from_score(p - 1.96 * sd), from_score(p + 1.96 * sd));
    Elo {
        diff: from_score(p),
        error: (high - low) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_values() {
        let even = elo(10, 0, 10);
        assert_eq!(even.diff, 0.0);
        // p = 0.5, σ = 0.5, σ/√20 = 0.1118; 0.5 ± 0.2191.
        let expected = -400.0 * (1.0f64 / 0.719_13 - 1.0).log10();
        assert!((even.error - expected).abs() < 0.5, "{}", even.error);
        let strong = elo(75, 0, 25);
        assert!((strong.diff - 190.85).abs() < 0.1, "{}", strong.diff);
        assert_eq!(elo(3, 0, 0).diff, f64::INFINITY);
        assert_eq!(elo(0, 0, 3).diff, f64::NEG_INFINITY);
        assert!(elo(0, 0, 0).diff.is_nan());
        // Draws narrow the interval.
        assert!(elo(10, 20, 10).error < elo(20, 0, 20).error);
    }

    #[test]
    fn a_clock_with_an_increment_sends_binc_and_winc() {
        let ms = Duration::from_millis;
        let clock = ClockSettings {
            main_time: ms(2_000),
            byoyomi: Duration::ZERO,
            periods: 0,
            increment: ms(100),
        };
        let settings = MatchSettings {
            rules: RuleSet::site(),
            time: TimeControl::Clock(clock),
            margin: ms(100),
        };
        let mut rules = RuleSet::site();
        rules.clock = Some(clock);
        let mut game = Game::from_position(Position::startpos(), rules);
        assert_eq!(
            limit_for(&game, &settings).to_go_params().to_string(),
            "go btime 2000 wtime 2000 binc 100 winc 100"
        );
        let m = game.position().parse_usi_move("7g7f").expect("a move");
        assert_eq!(game.play_timed(m, ms(300)), Ok(None));
        assert_eq!(
            limit_for(&game, &settings).to_go_params().to_string(),
            "go btime 1800 wtime 2000 binc 100 winc 100"
        );
        let without = MatchSettings {
            time: TimeControl::Clock(ClockSettings {
                increment: Duration::ZERO,
                ..clock
            }),
            ..settings
        };
        let mut untimed = RuleSet::site();
        untimed.clock = None;
        let untimed = Game::from_position(Position::startpos(), untimed);
        assert_eq!(
            limit_for(&untimed, &without).to_go_params().to_string(),
            "go btime 2000 wtime 2000"
        );
    }
}
