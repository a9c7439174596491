//! Makes pyo3's configuration flags known to this crate, and sets `array_calls` when the
//! Python this build is for has array calls (`METH_FASTCALL`) in the API the build uses: the
//! limited API has them from Python 3.10 on. `src/fastcall.rs` calls `Game.push` that way only
//! then.
fn main() {
    pyo3_build_config::use_pyo3_cfgs();
    println!("cargo:rustc-check-cfg=cfg(array_calls)");
    let abi = pyo3_build_config::get().target_abi();
    let limited = matches!(abi.kind(), pyo3_build_config::PythonAbiKind::Stable(_));
    let version = abi.version();
    if !limited || (version.major, version.minor) >= (3, 10) {
        println!("cargo:rustc-cfg=array_calls");
    }
}
