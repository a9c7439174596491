//! Reading an input file, or standard input, within the records' size limit.

use std::io::{self, Read};
use std::path::Path;

use shogi_rules::record::{Limit, ReadLimits};

/// The limits records are read within: the library's defaults. The input
/// size limit also bounds what [`read_input`] reads.
pub const LIMITS: ReadLimits = ReadLimits::DEFAULT;

/// Whether `path` names standard input (`-`).
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The bytes of `path`, or of standard input for `-`: the one way every
/// command reads its input. A directory is refused by name, and no more than
/// `LIMITS.max_input_bytes` + 1 bytes are ever read, so that an endless
/// stream (`/dev/zero`, a pipe that never ends) fails at once with the
/// limit instead of filling memory.
pub fn read_input(path: &Path) -> Result<Vec<u8>, String> {
    let max = LIMITS.max_input_bytes;
    let name = if is_stdin(path) {
        "standard input".into()
    } else {
        path.display().to_string()
    };
    let too_large = || {
        format!(
            "cannot read {name}: {} exceeds the limit of {max} ({} MiB)",
            Limit::InputBytes.description(),
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
