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
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// An output file written as [`write_atomically`] writes one, for output
/// too large to hold in memory: written piece by piece to the temporary
/// file, which [`AtomicFile::commit`] puts in place. Dropped without a
/// commit, the temporary file is removed and `path` left as it was.
pub struct AtomicFile {
    /// The temporary file, beside the target, buffered.
    temp: io::BufWriter<tempfile::NamedTempFile>,
    /// The file replaced (the file a symbolic link points to).
    target: PathBuf,
    /// The directory of both.
    dir: PathBuf,
    /// The permissions of the file replaced, if there was one.
    permissions: Option<std::fs::Permissions>,
}

impl AtomicFile {
    /// A temporary file beside `path`, to replace it on [`Self::commit`].
    pub fn create(path: &Path) -> io::Result<AtomicFile> {
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
        let permissions = std::fs::metadata(&target).ok().map(|m| m.permissions());
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
        let temp = builder.tempfile_in(&dir)?;
        Ok(AtomicFile {
            temp: io::BufWriter::with_capacity(1 << 20, temp),
            target,
            dir,
            permissions,
        })
    }

    /// Flushes and syncs the temporary file and renames it over the target.
    pub fn commit(self) -> io::Result<()> {
        let temp = self
            .temp
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        if let Some(permissions) = self.permissions {
            temp.as_file().set_permissions(permissions)?;
        }
        temp.as_file().sync_all()?;
        temp.persist(&self.target).map_err(|e| e.error)?;
        // Make the rename itself durable. Where a directory cannot be opened or
        // synced (not on every system), the file is in place all the same.
        if let Ok(dir) = std::fs::File::open(&self.dir) {
            let _ = dir.sync_all();
        }
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.temp.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.temp.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.temp.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_replaced_on_commit_only() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("out.bin");
        std::fs::write(&path, b"old").expect("write");
        let mut file = AtomicFile::create(&path).expect("created");
        file.write_all(b"new ").expect("written");
        file.write_all(b"content").expect("written");
        assert_eq!(std::fs::read(&path).expect("read"), b"old");
        drop(file);
        assert_eq!(std::fs::read(&path).expect("read"), b"old");
        let mut file = AtomicFile::create(&path).expect("created");
        file.write_all(b"new").expect("written");
        file.commit().expect("committed");
        assert_eq!(std::fs::read(&path).expect("read"), b"new");
        write_atomically(&path, b"again").expect("written");
        assert_eq!(std::fs::read(&path).expect("read"), b"again");
        // Only the file is left: no temporary file behind.
        assert_eq!(std::fs::read_dir(dir.path()).expect("listed").count(), 1);
    }
}
