//! `completions`: the shell completion script of the command line.

use std::io::Write;
use std::process::ExitCode;

use clap::CommandFactory;

use crate::args::{Cli, CompletionsArgs};
use crate::output::{Failure, Out};

/// `completions SHELL`: the script `clap_complete` writes for `SHELL`.
pub fn run(out: &mut Out, args: &CompletionsArgs) -> Result<ExitCode, Failure> {
    let mut command = Cli::command();
    let name = command.get_name().to_string();
    // Generated in memory first, so that a write error is ours to report.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, name, &mut script);
    out.write_all(&script)?;
    Ok(ExitCode::SUCCESS)
}
