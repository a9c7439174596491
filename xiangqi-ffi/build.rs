//! Build script of the xiangqi C API: gives the shared library its run-time name (the SONAME on
//! ELF platforms, the install name on macOS), so that a program linked with it records the name
//! of the major version (`libxiangqi_rules.so.0`) and keeps loading it across compatible
//! releases. `make xiangqi-install` installs `libxiangqi_rules.so.MAJOR.MINOR.PATCH` with the
//! links `libxiangqi_rules.so.MAJOR` and `libxiangqi_rules.so` pointing to it.

use std::env;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let major = env::var("CARGO_PKG_VERSION_MAJOR").expect("cargo sets CARGO_PKG_VERSION_MAJOR");
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let family = env::var("CARGO_CFG_TARGET_FAMILY").unwrap_or_default();
    if os == "macos" || os == "ios" {
        // dyld finds the library through the client's run-time search path (@rpath).
        println!(
            "cargo:rustc-cdylib-link-arg=-Wl,-install_name,@rpath/libxiangqi_rules.{major}.dylib"
        );
    } else if family == "unix" {
        // Linux, the BSDs and the other ELF systems: the linker writes DT_SONAME.
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libxiangqi_rules.so.{major}");
    }
}
