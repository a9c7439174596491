//! The game-independent helpers of the Python bindings `shogi-py` and `xiangqi-py`: one copy of
//! what both extension modules need, generic over the game's types where it touches them.
//!
//! - [`text`]: strings as Python's `repr` writes them.
//! - [`errors`]: exceptions with attributes, and values for those attributes.
//! - [`sequence`]: the read-only sequence protocol of a packed list such as `MoveList`.
//! - [`read`]: record sources (bytes, text or a path), size limits, large inputs, the
//!   arguments of the parallel readers.
//! - [`side`]: the [`side_enum!`] macro, which defines a game's `Color` class.
//! - [`clock`]: the [`clock_classes!`] macro, which defines a game's clock classes
//!   (`ClockSettings`, `ClockSide`, `ClockReading`, `Clock`), and the helpers they call.
//!
//! No unsafe code; pyo3's safe API only.

#![forbid(unsafe_code)]

pub mod clock;
pub mod errors;
pub mod read;
pub mod sequence;
pub mod side;
pub mod text;
