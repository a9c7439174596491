//! The strength harness of the built-in opponent (the `strength` binary):
//! [`players`] (the built-in levels in process, a seeded random mover,
//! Fairy-Stockfish at a fixed depth), [`arena`] (games adjudicated by the
//! rules, run on a few threads), [`report`] (W/D/L, score, Elo with its
//! 95% interval, time and nodes per move) and [`memory`] (the peak memory
//! of one `shogi engine` process per level).

pub mod arena;
pub mod memory;
pub mod players;
pub mod report;
