//! What the command lines share: a bounded depth argument and the shell
//! completion script.

use std::io::Write;
use std::process::ExitCode;

use clap::CommandFactory;

use crate::output::{Failure, Out};

/// A depth (for perft): a whole number up to `max`, so that a depth no count
/// could reach fails at once. The error is the message `clap` shows.
pub fn parse_depth(text: &str, max: u32) -> Result<u32, String> {
    let too_large = || format!("number too large (the limit is {max})");
    match text.parse::<u32>() {
        Ok(depth) if depth <= max => Ok(depth),
        Ok(_) => Err(too_large()),
        Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => Err(too_large()),
        Err(_) => Err("not a whole number".to_string()),
    }
}

/// `completions SHELL`: the script `clap_complete` writes for the command
/// line `C` and `shell`.
pub fn completions<C: CommandFactory>(
    out: &mut Out,
    shell: clap_complete::Shell,
) -> Result<ExitCode, Failure> {
    let mut command = C::command();
    let name = command.get_name().to_string();
    // Generated in memory first, so that a write error is ours to report.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, name, &mut script);
    out.write_all(&script)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_up_to_the_limit() {
        assert_eq!(parse_depth("0", 64), Ok(0));
        assert_eq!(parse_depth("64", 64), Ok(64));
        assert!(parse_depth("65", 64).is_err_and(|e| e.contains("too large")));
        assert!(parse_depth("99999999999", 64).is_err_and(|e| e.contains("too large")));
        assert_eq!(
            parse_depth("deep", 64),
            Err("not a whole number".to_string())
        );
        assert_eq!(parse_depth("-1", 64), Err("not a whole number".to_string()));
    }
}
