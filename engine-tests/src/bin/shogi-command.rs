//! The `shogi` command, built in this crate so that the `match` tests find
//! it beside `fake-usi`: the same `shogi_cli::main` as the installed `shogi`.

use std::process::ExitCode;

fn main() -> ExitCode {
    shogi_cli::main()
}
