//! Helpers shared by the engine client's integration tests: where the real
//! engines are, and the rule that a missing engine fails the test when
//! `REQUIRE_ENGINES` is set.

use std::path::PathBuf;

/// `name` on the `PATH` or in `/usr/games`.
#[must_use]
pub fn find_engine(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// The engine `name`, or `None` after saying it is missing; panics when
/// `REQUIRE_ENGINES` is set and it is missing.
#[must_use]
pub fn require_engine(name: &str) -> Option<String> {
    match find_engine(name) {
        Some(path) => Some(path.display().to_string()),
        None => {
            assert!(
                std::env::var_os("REQUIRE_ENGINES").is_none(),
                "REQUIRE_ENGINES is set but {name} was not found (run scripts/install-engines.sh)"
            );
            eprintln!("{name} not found: test skipped (scripts/install-engines.sh installs it)");
            None
        }
    }
}
