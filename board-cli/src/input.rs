//! Reading an input file, or standard input, within a size limit.

use std::io::{self, Read};
use std::path::Path;

/// Whether `path` names standard input (`-`).
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The name of `path` in messages: `standard input` for `-`.
pub fn display_name(path: &Path) -> String {
    if is_stdin(path) {
        "standard input".into()
    } else {
        path.display().to_string()
    }
}

/// The bytes of `path`, or of standard input for `-`: the one way a command
/// reads an input file. A directory is refused by name, and no more than
/// `max` + 1 bytes are ever read, so that an endless stream (`/dev/zero`, a
/// pipe that never ends) fails at once with the limit instead of filling
/// memory. The error is the message to print: `cannot read NAME: ...`,
/// for a file over the limit `cannot read NAME: input size in bytes exceeds
/// the limit of MAX (N MiB)`.
pub fn read_input(path: &Path, max: usize) -> Result<Vec<u8>, String> {
    let name = display_name(path);
    let too_large = || {
        format!(
            "cannot read {name}: input size in bytes exceeds the limit of {max} ({} MiB)",
            max >> 20
        )
    };
    let cannot_read = |e: io::Error| format!("cannot read {name}: {e}");
    // One more byte than the limit tells a file at the limit from one over it.
    let cap = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    let mut bytes = Vec::new();
    if is_stdin(path) {
        io::stdin()
            .lock()
            .take(cap)
            .read_to_end(&mut bytes)
            .map_err(cannot_read)?;
    } else {
        let file = std::fs::File::open(path).map_err(cannot_read)?;
        let metadata = file.metadata().map_err(cannot_read)?;
        if metadata.is_dir() {
            return Err(format!("cannot read {name}: is a directory"));
        }
        if metadata.is_file() {
            // A regular file says its size: refuse it before reading.
            if metadata.len() >= cap {
                return Err(too_large());
            }
            bytes.reserve_exact(usize::try_from(metadata.len()).unwrap_or(0) + 1);
        }
        file.take(cap)
            .read_to_end(&mut bytes)
            .map_err(cannot_read)?;
    }
    if bytes.len() > max {
        return Err(too_large());
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_within_the_limit_are_read_and_others_refused() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("four");
        std::fs::write(&path, b"abcd").expect("write");
        assert_eq!(read_input(&path, 4), Ok(b"abcd".to_vec()));
        let error = read_input(&path, 3).expect_err("over the limit");
        assert!(error.contains("exceeds the limit of 3"), "{error}");
        let error = read_input(dir.path(), 4).expect_err("a directory");
        assert!(error.ends_with(": is a directory"), "{error}");
        assert!(read_input(&dir.path().join("missing"), 4).is_err());
        assert!(is_stdin(Path::new("-")));
        assert_eq!(display_name(Path::new("-")), "standard input");
    }
}
