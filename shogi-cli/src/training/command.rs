//! `training convert`: the command line of [`super::convert`], and its
//! summary.

use std::io::Write;
use std::process::ExitCode;

use board_cli::output::{Failure, Out, complain};

use super::{Options, Summary, convert};
use crate::args::{TrainingArgs, TrainingCommand, TrainingConvertArgs};

/// `training SUBCOMMAND`.
pub fn run(out: &mut Out, args: &TrainingArgs) -> Result<ExitCode, Failure> {
    match &args.command {
        TrainingCommand::Convert(args) => run_convert(out, args),
    }
}

/// `training convert`: converts, then prints the summary; exit status 1
/// when an input cannot be read or the output cannot be written.
fn run_convert(out: &mut Out, args: &TrainingConvertArgs) -> Result<ExitCode, Failure> {
    let mut options = Options::new(args.inputs.clone(), args.to, args.output.clone());
    options.min_moves = args.min_moves;
    options.min_rating = args.min_rating;
    options.require_rating = args.require_rating;
    if let Some(endings) = &args.endings {
        options.endings.clone_from(endings);
    }
    options.keep_unfinished = args.keep_unfinished;
    options.dedup = args.dedup;
    options.dedup_capacity = args.dedup_capacity;
    options.threads = args.threads;
    let summary = match convert(&options) {
        Ok(summary) => summary,
        Err(e) => {
            complain(e);
            return Ok(ExitCode::FAILURE);
        }
    };
    write_summary(out, &options, &summary)?;
    out.flush()?;
    for failure in &summary.failed {
        complain(failure);
    }
    if summary.failed.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        complain(format!(
            "{} of {} inputs failed",
            summary.failed.len(),
            summary.failed.len() + summary.files
        ));
        Ok(ExitCode::FAILURE)
    }
}

/// The summary, one fact a line.
fn write_summary(out: &mut Out, options: &Options, summary: &Summary) -> std::io::Result<()> {
    writeln!(out, "files read: {}", summary.files)?;
    writeln!(out, "games read: {}", summary.games)?;
    writeln!(out, "games kept: {}", summary.kept)?;
    for (reason, count) in &summary.skipped {
        writeln!(out, "games skipped ({reason}): {count}")?;
    }
    writeln!(
        out,
        "positions written: {} ({} bytes, {} to {})",
        summary.positions,
        summary.bytes,
        options.format.as_str(),
        options.output.display()
    )?;
    if options.dedup {
        writeln!(out, "duplicates skipped: {}", summary.duplicates)?;
    }
    if summary.unencodable > 0 {
        writeln!(
            out,
            "positions the format cannot hold: {}",
            summary.unencodable
        )?;
    }
    Ok(())
}
