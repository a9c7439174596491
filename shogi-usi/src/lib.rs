//! A client for USI shogi engines, on the standard library alone (threads
//! and channels, no async runtime).
//!
//! - [`Engine`]: start an engine ([`Engine::spawn`]), set its options
//!   ([`Engine::configure`], checked against what it declares), play
//!   ([`Engine::play`]), analyse with several lines ([`Engine::analyse`]),
//!   search mates ([`Engine::mate`]). Every move the engine sends is
//!   checked legal with `shogi-rules`; every wait has a deadline
//!   ([`Limit::deadline`], [`EngineConfig`]); an engine that hangs, dies or
//!   plays an illegal move gives a typed [`EngineError`], never a panic or
//!   a hang.
//! - [`Limit`]: the fields of `go`, and how long the client waits.
//! - [`matches`](mod@matches): a game between two engines adjudicated by
//!   [`shogi_rules::Game`], and the Elo difference of a score.
//! - [`process`]: the line-oriented process layer underneath (usable for
//!   any line protocol, UCI included).
#![forbid(unsafe_code)]

mod engine;
mod error;
mod limit;
pub mod matches;
mod options;
pub mod process;

pub use engine::{AnalysisLine, Engine, EngineConfig, MateResult, PlayResult, Played, QUIT_GRACE};
pub use error::{EngineError, OptionValueError, Waiting};
pub use limit::Limit;
pub use options::{check_option_value, find_option};

/// The example of the crate's README, compiled as a documentation test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
