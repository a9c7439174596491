//! The players a strength match pits against each other: the built-in
//! opponent in process, a seeded random mover, and Fairy-Stockfish at a
//! fixed depth through the `shogi-usi` client.

use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::time::{Duration, Instant};

use shogi_ai::Stop;
use shogi_ai::level::{Level, Player, Strength};
use shogi_ai::search::SearchLimits;
use shogi_rules::{Game, Move};
use shogi_usi::{Engine, EngineConfig, Limit, Played};

/// A player of a pairing, as `--pair` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spec {
    /// The built-in opponent at a level (`easy`, `normal`, `hard`).
    Level(Level),
    /// The built-in opponent at a strength (`s1` to `s10`).
    Strength(Strength),
    /// A uniformly random legal mover (`random`).
    Random,
    /// Fairy-Stockfish searching to a fixed depth (`fs1`, `fs2`, ...).
    Fairy(u32),
}

/// A `--pair` side that is none of the names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown player {0:?}: expected easy, normal, hard, s1 to s10, random or fsN (N from 1 to 64)"
)]
pub struct SpecError(pub String);

impl FromStr for Spec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Spec, SpecError> {
        let bad = || SpecError(text.to_owned());
        Ok(match text.to_ascii_lowercase().as_str() {
            "easy" => Spec::Level(Level::Easy),
            "normal" => Spec::Level(Level::Normal),
            "hard" => Spec::Level(Level::Hard),
            "random" => Spec::Random,
            other => {
                if let Some(n) = other.strip_prefix("fs") {
                    let depth: u32 = n.parse().map_err(|_| bad())?;
                    if !(1..=64).contains(&depth) {
                        return Err(bad());
                    }
                    Spec::Fairy(depth)
                } else if let Some(n) = other.strip_prefix('s') {
                    let n: u32 = n.parse().map_err(|_| bad())?;
                    Spec::Strength(Strength::new(n).map_err(|_| bad())?)
                } else {
                    return Err(bad());
                }
            }
        })
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spec::Level(Level::Easy) => f.write_str("easy"),
            Spec::Level(Level::Normal) => f.write_str("normal"),
            Spec::Level(Level::Hard) => f.write_str("hard"),
            Spec::Strength(s) => write!(f, "s{}", s.get()),
            Spec::Random => f.write_str("random"),
            Spec::Fairy(depth) => write!(f, "fs{depth}"),
        }
    }
}

impl Spec {
    /// The built-in strength, for the built-in players.
    #[must_use]
    pub fn strength(self) -> Option<Strength> {
        match self {
            Spec::Level(level) => Some(level.strength()),
            Spec::Strength(s) => Some(s),
            Spec::Random | Spec::Fairy(_) => None,
        }
    }
}

/// What a player decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// A move (checked legal by the arbiter).
    Move(Move),
    /// It resigns.
    Resign,
    /// It declares impasse.
    Win,
}

/// A decision with what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decided {
    /// The decision.
    pub decision: Decision,
    /// The time it took.
    pub elapsed: Duration,
    /// Positions searched, when the player says.
    pub nodes: Option<u64>,
}

/// Why a player could not decide.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// Fairy-Stockfish could not be started or failed.
    #[error("fairy-stockfish: {0}")]
    Engine(#[from] shogi_usi::EngineError),
    /// `fsN` was asked for without Fairy-Stockfish.
    #[error(
        "fairy-stockfish is not installed (scripts/install-engines.sh, or set FAIRY_STOCKFISH)"
    )]
    NoFairy,
}

/// A player ready for games.
pub enum Mover {
    /// The built-in player.
    Builtin(Box<Player>),
    /// The random mover.
    Random(fastrand::Rng),
    /// Fairy-Stockfish and its depth.
    Fairy(Box<Engine>, u32),
}

impl Mover {
    /// A player of `spec` whose choices follow `seed`.
    ///
    /// # Errors
    /// [`PlayerError`] when Fairy-Stockfish is wanted and cannot start.
    pub fn new(spec: Spec, seed: u64, fairy: Option<&Path>) -> Result<Mover, PlayerError> {
        Ok(match spec {
            Spec::Level(_) | Spec::Strength(_) => {
                let strength = spec.strength().unwrap_or(Strength::MAX);
                Mover::Builtin(Box::new(Player::new(strength, seed)))
            }
            Spec::Random => Mover::Random(fastrand::Rng::with_seed(seed)),
            Spec::Fairy(depth) => {
                let program = fairy.ok_or(PlayerError::NoFairy)?;
                let config = EngineConfig {
                    handshake_timeout: Duration::from_secs(30),
                    ..EngineConfig::default()
                };
                let mut engine =
                    Engine::spawn(&program.display().to_string(), &[] as &[&str], config)?;
                if engine.options().iter().any(|o| o.name == "UCI_Variant") {
                    engine.configure("UCI_Variant", "shogi")?;
                }
                engine.configure("USI_Hash", "16")?;
                Mover::Fairy(Box::new(engine), depth)
            }
        })
    }

    /// Tells the player a new game begins.
    ///
    /// # Errors
    /// [`PlayerError::Engine`] when Fairy-Stockfish fails.
    pub fn new_game(&mut self) -> Result<(), PlayerError> {
        if let Mover::Fairy(engine, _) = self {
            engine.new_game()?;
        }
        Ok(())
    }

    /// The player's decision in `game` (which is running).
    ///
    /// # Errors
    /// [`PlayerError::Engine`] when Fairy-Stockfish fails.
    pub fn decide(&mut self, game: &Game) -> Result<Decided, PlayerError> {
        let started = Instant::now();
        match self {
            Mover::Builtin(player) => {
                let limits = SearchLimits {
                    depth: None,
                    nodes: None,
                    time: None,
                };
                let (decision, nodes) = match player.choose(game, &limits, &Stop::new()) {
                    Ok(choice) => (Decision::Move(choice.mv), Some(choice.nodes)),
                    Err(_) => (Decision::Resign, None),
                };
                Ok(Decided {
                    decision,
                    elapsed: started.elapsed(),
                    nodes,
                })
            }
            Mover::Random(rng) => {
                let legal = game.legal_moves();
                let decision = if legal.is_empty() {
                    Decision::Resign
                } else {
                    Decision::Move(legal[rng.usize(..legal.len())])
                };
                Ok(Decided {
                    decision,
                    elapsed: started.elapsed(),
                    nodes: None,
                })
            }
            Mover::Fairy(engine, depth) => {
                let result = engine.play_game(game, &Limit::depth(*depth))?;
                let decision = match result.best {
                    Played::Move(m) => Decision::Move(m),
                    Played::Resign => Decision::Resign,
                    Played::Win => Decision::Win,
                };
                Ok(Decided {
                    decision,
                    elapsed: result.elapsed,
                    nodes: result.info.and_then(|line| line.info.nodes),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_print_back() {
        for text in [
            "easy", "normal", "hard", "s1", "s10", "random", "fs1", "fs12",
        ] {
            let spec: Spec = text.parse().expect(text);
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!("HARD".parse(), Ok(Spec::Level(Level::Hard)));
        for bad in ["", "s0", "s11", "fs0", "fs", "fs65", "expert", "sx"] {
            assert!(bad.parse::<Spec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_random_mover_plays_legal_moves_and_follows_its_seed() {
        let game = Game::new();
        let mut a = Mover::new(Spec::Random, 9, None).expect("a mover");
        let mut b = Mover::new(Spec::Random, 9, None).expect("a mover");
        for _ in 0..10 {
            let (x, y) = (
                a.decide(&game).expect("a move"),
                b.decide(&game).expect("a move"),
            );
            assert_eq!(x.decision, y.decision);
            let Decision::Move(m) = x.decision else {
                panic!("{x:?}")
            };
            assert!(game.position().is_legal(m));
        }
        assert!(matches!(
            Mover::new(Spec::Fairy(1), 0, None),
            Err(PlayerError::NoFairy)
        ));
    }
}
