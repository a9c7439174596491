//! Writing an output file atomically: whole or not at all.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` so that `path` holds either all of its old
/// content or all of the new, never a part: the bytes go to a temporary file
/// in the same directory (so on the same file system), which is flushed,
/// synced and then renamed over `path`. On any failure the temporary file is
/// removed (when the `NamedTempFile` drops) and `path` is left as it was; a
/// process killed midway may leave the temporary `.NAME.XXXXXX.tmp` behind,
/// but never a damaged `path`. An existing file keeps its permissions, a new
/// one gets 0666 less the umask, as a file written in place would.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut target = path.to_path_buf();
    // Through a symbolic link, replace the file it points to, as writing
    // in place would, not the link.
    if std::fs::symlink_metadata(&target).is_ok_and(|m| m.file_type().is_symlink()) {
        target = std::fs::canonicalize(&target)?;
    }
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let existing = std::fs::metadata(&target).ok();
    let name = target
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut temp = builder.tempfile_in(&dir)?;
    temp.write_all(bytes)?;
    temp.flush()?;
    if let Some(existing) = existing {
        temp.as_file().set_permissions(existing.permissions())?;
    }
    temp.as_file().sync_all()?;
    temp.persist(&target).map_err(|e| e.error)?;
    // Make the rename itself durable. Where a directory cannot be opened or
    // synced (not on every system), the file is in place all the same.
    if let Ok(dir) = std::fs::File::open(&dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}
