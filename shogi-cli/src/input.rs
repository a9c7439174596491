//! Reading record files: the size limit, the extensions searched for in
//! directories, and the one way every command reads an input.

use std::path::Path;

use shogi_rules::record::ReadLimits;

pub use board_cli::input::is_stdin;

/// The limits records are read within: the library's defaults. The input
/// size limit also bounds what [`read_input`] reads.
pub const LIMITS: ReadLimits = ReadLimits::DEFAULT;

/// The extensions of the record files searched for in directories, matched
/// in any case: those `Format::from_extension` knows, but `json`, which too
/// many other files have.
pub const RECORD_EXTENSIONS: [&str; 8] =
    ["kif", "kifu", "ki2", "ki2u", "csa", "jkf", "usi", "sfen"];

/// The bytes of `path`, or of standard input for `-`, within
/// `LIMITS.max_input_bytes` ([`board_cli::input::read_input`]).
pub fn read_input(path: &Path) -> Result<Vec<u8>, String> {
    board_cli::input::read_input(path, LIMITS.max_input_bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_rules::record::{Format, Limit};

    #[test]
    fn record_extensions_are_formats() {
        for ext in RECORD_EXTENSIONS {
            assert!(Format::from_extension(ext).is_some(), "{ext}");
        }
    }

    #[test]
    fn the_limit_is_named_as_the_library_names_it() {
        let dir = std::env::temp_dir().join(format!("shogi-cli-limit-{}", std::process::id()));
        std::fs::write(&dir, b"0123456789").expect("write");
        let error = board_cli::input::read_input(&dir, 4).expect_err("over the limit");
        let _ = std::fs::remove_file(&dir);
        assert!(
            error.contains(&format!(
                "{} exceeds the limit",
                Limit::InputBytes.description()
            )),
            "{error}"
        );
    }
}
