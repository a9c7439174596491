//! Games between two players, adjudicated by [`shogi_rules::Game`], and the
//! games of every pairing played on a few threads.
//!
//! Each pair of games starts from the same opening, a few random legal
//! plies drawn from the seed, once with each colour. The game follows the
//! site rules (repetition, perpetual check, impasse declaration) with a
//! ply cap as its move limit, reached as a draw; a side that can win by
//! declaring impasse declares. A player that fails (an engine that dies,
//! an illegal move, a refused declaration) loses the game.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use shogi_rules::{Color, Game, GameError, Move, Position, RuleSet, Termination};

use super::players::{Decision, Mover, PlayerError, Spec};

/// How the games are played.
#[derive(Clone, Debug)]
pub struct ArenaSettings {
    /// Games per pairing (each opening is played twice, once per colour).
    pub games: u32,
    /// Games played at once.
    pub threads: usize,
    /// The seed of the openings and of the players' choices.
    pub seed: u64,
    /// Random plies of each opening.
    pub opening_plies: u32,
    /// The ply cap: a game that reaches it is a draw.
    pub max_plies: u32,
    /// Fairy-Stockfish, for `fsN` players.
    pub fairy: Option<PathBuf>,
}

/// A move's cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    /// The time the move took.
    pub elapsed: Duration,
    /// Positions searched, when the player says.
    pub nodes: Option<u64>,
}

/// A game of a pairing.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The pairing's index.
    pub pair: usize,
    /// The game's index in the pairing.
    pub game: u32,
    /// The first player of the pairing played Sente.
    pub first_is_sente: bool,
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// How it ended.
    pub termination: Termination,
    /// Plies played after the opening.
    pub plies: u32,
    /// Each player's moves (the pairing's first player first).
    pub costs: [Vec<Cost>; 2],
    /// A player's failure, if one decided the game.
    pub error: Option<String>,
}

impl GameResult {
    /// The first player's points: 1 for a win, ½ for a draw, 0 for a loss,
    /// as (wins, draws, losses) of one game.
    #[must_use]
    pub fn first_player_result(&self) -> (u32, u32, u32) {
        let first = if self.first_is_sente {
            Color::Sente
        } else {
            Color::Gote
        };
        match self.winner {
            None => (0, 1, 0),
            Some(c) if c == first => (1, 0, 0),
            Some(_) => (0, 0, 1),
        }
    }
}

/// A 64-bit mix of a seed and indices (splitmix64's finaliser), so that
/// neighbouring games get unrelated seeds.
#[must_use]
pub fn mix(seed: u64, a: u64, b: u64) -> u64 {
    let mut z = seed
        .wrapping_add(a.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .wrapping_add(b.wrapping_mul(0xbf58_476d_1ce4_e5b9));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `plies` random legal moves from the start position, drawn from `seed`;
/// fewer if the game would end (a move that mates is not chosen).
#[must_use]
pub fn opening(seed: u64, plies: u32) -> Vec<Move> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut position = Position::startpos();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let mut legal = position.legal_moves();
        legal.retain(|&m| {
            let mut after = position.clone();
            after.play_unchecked(m);
            after.has_legal_moves()
        });
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.usize(..legal.len())];
        position.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// The rules of the games: the site rules, no clock, the ply cap (after
/// the opening) as the move limit.
fn rules(opening_len: usize, max_plies: u32) -> RuleSet {
    let opening = u32::try_from(opening_len).unwrap_or(u32::MAX);
    RuleSet {
        clock: None,
        move_limit: opening.saturating_add(max_plies),
        ..RuleSet::site()
    }
}

/// Plays one game: `movers[0]` is Sente. Returns the winner, the
/// termination, the plies played, each side's costs (Sente's first) and
/// a failure.
#[allow(clippy::type_complexity)]
pub fn play_game(
    movers: [&mut Mover; 2],
    opening: &[Move],
    max_plies: u32,
) -> (
    Option<Color>,
    Termination,
    u32,
    [Vec<Cost>; 2],
    Option<String>,
) {
    let mut game = Game::from_position(Position::startpos(), rules(opening.len(), max_plies));
    for &m in opening {
        if game.play(m).is_err() || game.outcome().is_some() {
            break;
        }
    }
    let mut costs = [Vec::new(), Vec::new()];
    let mut plies = 0;
    let side = |c: Color| usize::from(c == Color::Gote);
    let [sente, gote] = movers;
    let mut movers = [sente, gote];
    for mover in &mut movers {
        if let Err(e) = mover.new_game() {
            return (
                None,
                Termination::Interrupted,
                0,
                costs,
                Some(e.to_string()),
            );
        }
    }
    // The move limit ends every game; the bound is a second guard.
    for _ in 0..=max_plies.saturating_add(1) {
        if let Some(outcome) = game.outcome() {
            return (outcome.winner, outcome.termination, plies, costs, None);
        }
        let turn = game.position().turn();
        let status = game.impasse_status();
        if status.allowed && status.result.is_some_and(|o| o.winner == Some(turn)) {
            continue_or_end(&mut game, Decision::Win);
            continue;
        }
        let decided = match movers[side(turn)].decide(&game) {
            Ok(decided) => decided,
            Err(e) => return lost(turn, plies, costs, &e),
        };
        costs[side(turn)].push(Cost {
            elapsed: decided.elapsed,
            nodes: decided.nodes,
        });
        plies += 1;
        if let Some(reason) = continue_or_end(&mut game, decided.decision) {
            return (
                Some(turn.opposite()),
                Termination::IllegalMove,
                plies,
                costs,
                Some(reason),
            );
        }
    }
    (None, Termination::MoveLimit, plies, costs, None)
}

/// Applies a decision; `Some(reason)` when it loses (an illegal move, a
/// refused declaration).
fn continue_or_end(game: &mut Game, decision: Decision) -> Option<String> {
    let turn = game.position().turn();
    let result = match decision {
        Decision::Move(m) => game.play(m).map(|_| ()),
        Decision::Resign => game.resign(turn).map(|_| ()),
        Decision::Win => game.declare_impasse().map(|_| ()),
    };
    match result {
        Ok(()) | Err(GameError::GameOver(_)) => None,
        Err(e) => Some(e.to_string()),
    }
}

/// The result of a game a player's failure ended.
#[allow(clippy::type_complexity)]
fn lost(
    turn: Color,
    plies: u32,
    costs: [Vec<Cost>; 2],
    e: &PlayerError,
) -> (
    Option<Color>,
    Termination,
    u32,
    [Vec<Cost>; 2],
    Option<String>,
) {
    (
        Some(turn.opposite()),
        Termination::Interrupted,
        plies,
        costs,
        Some(e.to_string()),
    )
}

/// Plays every pairing's games on `settings.threads` threads, calling
/// `progress` after each game (from the worker that played it).
///
/// # Errors
/// [`PlayerError`] when a player cannot be made (Fairy-Stockfish missing).
pub fn run(
    pairs: &[(Spec, Spec)],
    settings: &ArenaSettings,
    progress: &(dyn Fn(&GameResult) + Sync),
) -> Result<Vec<GameResult>, PlayerError> {
    if pairs
        .iter()
        .any(|&(a, b)| matches!(a, Spec::Fairy(_)) || matches!(b, Spec::Fairy(_)))
        && settings.fairy.is_none()
    {
        return Err(PlayerError::NoFairy);
    }
    let jobs: Vec<(usize, u32)> = (0..pairs.len())
        .flat_map(|p| (0..settings.games).map(move |g| (p, g)))
        .collect();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(jobs.len()));
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            scope.spawn(|| {
                // Fairy-Stockfish processes are kept for the worker's games.
                let mut engines: HashMap<Spec, Mover> = HashMap::new();
                while let Some(&(pair, game)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    match play_job(pairs[pair], pair, game, settings, &mut engines) {
                        Ok(result) => {
                            progress(&result);
                            results
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .push(result);
                        }
                        Err(e) => {
                            *failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                            next.store(jobs.len(), Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|r| (r.pair, r.game));
    Ok(results)
}

/// Plays game `game` of pairing `pair`.
fn play_job(
    (first, second): (Spec, Spec),
    pair: usize,
    game: u32,
    settings: &ArenaSettings,
    engines: &mut HashMap<Spec, Mover>,
) -> Result<GameResult, PlayerError> {
    let opening_seed = mix(settings.seed, pair as u64, u64::from(game / 2));
    let moves = opening(opening_seed, settings.opening_plies);
    let first_is_sente = game.is_multiple_of(2);
    let fairy = settings.fairy.as_deref();
    let mut make = |spec: Spec, side: u64| -> Result<Mover, PlayerError> {
        match spec {
            Spec::Fairy(_) => match engines.remove(&spec) {
                Some(engine) => Ok(engine),
                None => Mover::new(spec, 0, fairy),
            },
            _ => Mover::new(
                spec,
                mix(settings.seed ^ 0x5eed, u64::from(game), side),
                fairy,
            ),
        }
    };
    let mut a = make(first, 0)?;
    let mut b = make(second, 1)?;
    let (winner, termination, plies, costs, error) = if first_is_sente {
        let (w, t, p, [s, g], e) = play_game([&mut a, &mut b], &moves, settings.max_plies);
        (w, t, p, [s, g], e)
    } else {
        let (w, t, p, [s, g], e) = play_game([&mut b, &mut a], &moves, settings.max_plies);
        (w, t, p, [g, s], e)
    };
    for (spec, mover) in [(first, a), (second, b)] {
        if matches!(spec, Spec::Fairy(_)) && error.is_none() {
            engines.insert(spec, mover);
        }
    }
    Ok(GameResult {
        pair,
        game,
        first_is_sente,
        winner,
        termination,
        plies,
        costs,
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_ai::level::Level;

    #[test]
    fn openings_are_legal_and_follow_the_seed() {
        let a = opening(5, 6);
        assert_eq!(a, opening(5, 6));
        assert_eq!(a.len(), 6);
        let mut position = Position::startpos();
        for m in &a {
            position.play(*m).expect("legal");
        }
        assert_ne!(opening(5, 6), opening(6, 6));
    }

    #[test]
    fn a_random_mover_never_beats_itself_illegally_and_the_cap_draws() {
        let settings = ArenaSettings {
            games: 4,
            threads: 2,
            seed: 3,
            opening_plies: 2,
            max_plies: 20,
            fairy: None,
        };
        let pairs = [
            (Spec::Random, Spec::Random),
            (Spec::Level(Level::Easy), Spec::Random),
        ];
        let results = run(&pairs, &settings, &|_| {}).expect("played");
        assert_eq!(results.len(), 8);
        for r in &results {
            assert!(r.error.is_none(), "{r:?}");
            assert!(r.plies <= 20, "{r:?}");
            if r.winner.is_none() {
                assert!(
                    matches!(
                        r.termination,
                        Termination::MoveLimit
                            | Termination::Repetition
                            | Termination::ImpasseDeclaration
                    ),
                    "{r:?}"
                );
            }
            assert_eq!(r.first_is_sente, r.game.is_multiple_of(2));
            let moves = r.costs[0].len() + r.costs[1].len();
            assert_eq!(u32::try_from(moves).ok(), Some(r.plies));
        }
        let again = run(&pairs, &settings, &|_| {}).expect("played");
        // Random movers follow their seeds (a search may not, when its time
        // limit ends it).
        let key = |r: &GameResult| (r.pair, r.winner, r.termination, r.plies);
        let random = |all: &[GameResult]| {
            all.iter()
                .filter(|r| r.pair == 0)
                .map(key)
                .collect::<Vec<_>>()
        };
        assert_eq!(random(&results), random(&again));
        assert!(matches!(
            run(&[(Spec::Fairy(1), Spec::Random)], &settings, &|_| {}),
            Err(PlayerError::NoFairy)
        ));
    }
}
