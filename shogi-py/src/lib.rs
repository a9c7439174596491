//! The `shogi_rules._core` extension module: Python classes over the `shogi-rules` crate.
//!
//! This crate only translates between Python and the core: every rule, notation and record
//! format lives in `shogi-rules`. The Python package `shogi_rules` re-exports what is defined
//! here; `python/shogi_rules/_core.pyi` documents it for type checkers and readers.

use pyo3::prelude::*;

mod ai;
mod annotation;
mod engine;
mod errors;
#[cfg(any(Py_3_10, not(Py_LIMITED_API)))]
mod fastcall;
mod game;
mod interrupt;
mod moves;
mod position;
mod read;
mod record;
mod rules;
mod state;
mod training;
mod types;
mod usi;
mod variation;

#[pymodule(gil_used = false)]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    interrupt::install(py);

    m.add("ShogiError", py.get_type::<errors::ShogiError>())?;
    m.add("SfenError", py.get_type::<errors::SfenError>())?;
    m.add(
        "InvalidMoveError",
        py.get_type::<errors::InvalidMoveError>(),
    )?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add(
        "AmbiguousMoveError",
        py.get_type::<errors::AmbiguousMoveError>(),
    )?;
    m.add("RecordError", py.get_type::<errors::RecordError>())?;
    m.add("GameOverError", py.get_type::<errors::GameOverError>())?;
    m.add("RestoreError", py.get_type::<errors::RestoreError>())?;
    m.add("GameActionError", py.get_type::<errors::GameActionError>())?;
    m.add("OutcomeError", py.get_type::<errors::OutcomeError>())?;
    m.add_function(wrap_pyfunction!(errors::error_examples, m)?)?;

    m.add_class::<types::Color>()?;
    m.add_class::<types::Role>()?;
    m.add_class::<types::Piece>()?;
    m.add_function(wrap_pyfunction!(types::square_name, m)?)?;
    m.add_function(wrap_pyfunction!(types::parse_square, m)?)?;
    m.add_function(wrap_pyfunction!(types::square, m)?)?;
    m.add_function(wrap_pyfunction!(types::square_file, m)?)?;
    m.add_function(wrap_pyfunction!(types::square_rank, m)?)?;
    types::add_squares(m)?;

    m.add_class::<moves::Move>()?;
    m.add_class::<moves::MoveList>()?;
    m.add_class::<position::Position>()?;

    m.add_class::<rules::ClockSettings>()?;
    m.add_class::<rules::RuleSet>()?;
    m.add_class::<rules::Clock>()?;
    m.add_class::<rules::ClockSide>()?;
    m.add_class::<rules::ClockReading>()?;

    m.add_class::<game::Outcome>()?;
    m.add_class::<game::ImpasseStatus>()?;
    m.add_class::<game::Game>()?;
    #[cfg(any(Py_3_10, not(Py_LIMITED_API)))]
    fastcall::install(
        &py.get_type::<game::Game>(),
        &py.get_type::<position::Position>(),
    )?;

    m.add_class::<record::GameRecord>()?;
    m.add_class::<annotation::Comment>()?;
    m.add_class::<variation::Variation>()?;
    m.add_class::<annotation::MoveTime>()?;
    m.add_class::<read::ReadLimits>()?;
    m.add_function(wrap_pyfunction!(read::read_record, m)?)?;
    m.add_function(wrap_pyfunction!(read::read_record_file, m)?)?;
    m.add_function(wrap_pyfunction!(read::read_records, m)?)?;
    m.add_function(wrap_pyfunction!(read::read_all, m)?)?;
    engine::add(m)?;
    usi::add(m)?;
    ai::add(m)?;
    training::add(m)?;
    // The package's `__init__.py` declares what is public; pyo3's generated `__all__` would
    // only repeat every name added here.
    m.delattr("__all__")?;
    Ok(())
}
