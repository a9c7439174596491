//! What the benchmarks and the differential tests share: a minimal driver for
//! an engine program that speaks UCI or USI over its standard input and
//! output ([`engine`]), used to ask Fairy-Stockfish for perft counts; and the
//! strength harness of the built-in opponent ([`strength`]).

pub mod engine;
pub mod strength;
