//! Makes pyo3's configuration flags (`Py_3_10`, `Py_LIMITED_API`, `Py_GIL_DISABLED`, …) known
//! to this crate.
fn main() {
    pyo3_build_config::use_pyo3_cfgs();
}
