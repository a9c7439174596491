//! `validate`: whether each file reads as records, every move legal.

use std::io::Write;
use std::process::ExitCode;

use crate::args::ValidateArgs;
use crate::input::{RECORD_EXTENSIONS, read_input};
use crate::load::load_records;
use board_cli::batch::{self, Item, Job};
use board_cli::output::{Failure, Out};

/// `validate INPUT...`: one line per file, in the order of the inputs (the
/// files of a directory sorted by name), the files read in parallel; exit
/// status 1 if any fails.
pub fn run(out: &mut Out, args: &ValidateArgs) -> Result<ExitCode, Failure> {
    let items = batch::expand(&args.inputs, &RECORD_EXTENSIONS);
    let results = batch::run(&items, |item| match item {
        Item::File(job) => check(job),
        Item::Failed { path, message } => (format!("{}: error: {message}", path.display()), false),
    });
    let mut failed = false;
    for (line, ok) in results {
        writeln!(out, "{line}")?;
        failed |= !ok;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// The line for one file, and whether it is good.
fn check(job: &Job) -> (String, bool) {
    let name = job.path.display();
    match read_input(&job.path) {
        Err(e) => (format!("{name}: error: {e}"), false),
        Ok(bytes) => match load_records(&job.path, &bytes) {
            Ok(loaded) if loaded.record.len() > 1 => (
                format!("{name}: ok ({} records)", loaded.record.len()),
                true,
            ),
            Ok(_) => (format!("{name}: ok"), true),
            Err(e) => (format!("{name}: error: {e}"), false),
        },
    }
}
