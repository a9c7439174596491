//! The `shogi` command (see the library, [`shogi_cli`], for what it does).
//!
//! Exit status: 0 on success, 1 on a failure (input that cannot be read or
//! is wrong, output that cannot be written), 2 on a usage error.

use std::process::ExitCode;

fn main() -> ExitCode {
    shogi_cli::main()
}
