//! A built-in shogi opponent for [`shogi_rules`].
//!
//! - [`mate`]: [`mate_in_one`](mate::mate_in_one) and a df-pn checkmate
//!   solver ([`solve_mate`](mate::solve_mate)) whose answers replay to
//!   checkmate under the rules of [`shogi_rules`].
//! - [`eval`]: the hand-written evaluation (material, hands, king safety,
//!   piece-square terms).
//! - [`search`]: iterative-deepening alpha-beta with a transposition table,
//!   quiescence and move ordering ([`Searcher`](search::Searcher)).
//! - [`level`]: [`Level`](level::Level) (Easy, Normal, Hard),
//!   [`Strength`](level::Strength) 1–10 and the [`Player`](level::Player)
//!   that picks a move for a game at a strength, deterministically for a
//!   seed.
//! - [`hint`]: a suggested move and why it is suggested.
//!
//! Every search takes a [`Stop`]: a flag another thread may raise to end it
//! early, after which the search returns the best answer it has.
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

/// The example of the crate's README, compiled and run with the
/// documentation tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

mod error_examples;
pub mod eval;
pub mod hint;
pub mod level;
pub mod mate;
pub mod search;
mod stop;

pub use stop::Stop;
