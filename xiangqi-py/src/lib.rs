//! The `xiangqi_rules._core` extension module: Python classes over the `xiangqi-rules` crate.
//!
//! This crate only translates between Python and the core: every rule lives in
//! `xiangqi-rules`. The Python package `xiangqi_rules` re-exports what is defined here;
//! `python/xiangqi_rules/_core.pyi` documents it for type checkers and readers.

use pyo3::prelude::*;

mod clock;
mod errors;
mod game;
mod interrupt;
mod moves;
mod position;
mod record;
mod types;

#[pymodule(gil_used = false)]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;

    m.add("XiangqiError", py.get_type::<errors::XiangqiError>())?;
    m.add("FenError", py.get_type::<errors::FenError>())?;
    m.add("SetupError", py.get_type::<errors::SetupError>())?;
    m.add(
        "InvalidMoveError",
        py.get_type::<errors::InvalidMoveError>(),
    )?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add("NotationError", py.get_type::<errors::NotationError>())?;
    m.add("RecordError", py.get_type::<errors::RecordError>())?;
    m.add("RestoreError", py.get_type::<errors::RestoreError>())?;
    m.add("GameOverError", py.get_type::<errors::GameOverError>())?;
    m.add("GameActionError", py.get_type::<errors::GameActionError>())?;
    m.add_function(wrap_pyfunction!(errors::error_examples, m)?)?;

    m.add_class::<types::Color>()?;
    m.add_class::<types::Role>()?;
    m.add_class::<types::Piece>()?;
    m.add_function(wrap_pyfunction!(types::square_name, m)?)?;
    m.add_function(wrap_pyfunction!(types::parse_square, m)?)?;

    m.add_class::<moves::Move>()?;
    m.add_class::<moves::MoveList>()?;
    m.add_class::<position::Position>()?;
    m.add_class::<clock::ClockSettings>()?;
    m.add_class::<clock::ClockSide>()?;
    m.add_class::<clock::ClockReading>()?;
    m.add_class::<clock::Clock>()?;
    m.add_class::<game::RuleSet>()?;
    m.add_class::<game::Outcome>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<record::ReadLimits>()?;
    m.add_class::<record::GameRecord>()?;
    m.add_function(wrap_pyfunction!(record::read_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(record::read_pgn_file, m)?)?;
    m.add_function(wrap_pyfunction!(record::read_pgn_files, m)?)?;
    // The package's `__init__.py` declares what is public; pyo3's generated `__all__` would
    // only repeat every name added here.
    m.delattr("__all__")?;
    Ok(())
}
