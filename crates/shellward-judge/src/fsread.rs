//! Reading small files that someone else may have planted: a FIFO must not
//! block the judge, and a link to `/dev/zero` or a huge file must not
//! exhaust memory.

use std::io::Read;
use std::path::Path;

/// Why a file could not be read whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReadError {
    /// Nothing there.
    Missing,
    /// Not a regular file (a FIFO, device, socket or directory).
    NotRegular,
    /// Larger than the limit.
    TooLarge,
    /// Any other failure.
    Unreadable,
}

/// The contents of the regular file at `path` (links followed), if it has
/// at most `limit` bytes. Opened non-blocking, so a FIFO answers at once.
pub(crate) fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    read(path, limit, true)
}

/// [`read_bounded`], but a link as the last component is unreadable (a
/// repository part that is a link may lead anywhere).
pub(crate) fn read_bounded_no_link(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    read(path, limit, false)
}

fn read(path: &Path, limit: u64, follow: bool) -> Result<Vec<u8>, ReadError> {
    use rustix::fs::{FileType, Mode, OFlags};
    let no_link = if follow {
        OFlags::empty()
    } else {
        OFlags::NOFOLLOW
    };
    let fd = rustix::fs::open(
        path,
        OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC | OFlags::NOCTTY | no_link,
        Mode::empty(),
    )
    .map_err(|e| match e {
        rustix::io::Errno::NOENT | rustix::io::Errno::NOTDIR => ReadError::Missing,
        _ => ReadError::Unreadable,
    })?;
    let stat = rustix::fs::fstat(&fd).map_err(|_| ReadError::Unreadable)?;
    if FileType::from_raw_mode(stat.st_mode) != FileType::RegularFile {
        return Err(ReadError::NotRegular);
    }
    let mut bytes = Vec::new();
    std::fs::File::from(fd)
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|_| ReadError::Unreadable)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge);
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[allow(clippy::unwrap_used)]
    fn planted_files_answer_at_once() {
        let dir_guard = tempfile::Builder::new()
            .prefix("shellward-fsread-")
            .tempdir()
            .unwrap();
        let dir = dir_guard.path().to_path_buf();
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("small"), "ref: refs/heads/main\n").unwrap();
        assert_eq!(
            read_bounded(&dir.join("small"), 100).unwrap(),
            b"ref: refs/heads/main\n"
        );
        assert_eq!(
            read_bounded(&dir.join("small"), 4),
            Err(ReadError::TooLarge)
        );
        assert_eq!(read_bounded(&dir.join("none"), 4), Err(ReadError::Missing));
        // A FIFO with no writer would block a plain open forever.
        let made = std::process::Command::new("mkfifo")
            .arg(dir.join("fifo"))
            .status()
            .unwrap();
        assert!(made.success());
        assert_eq!(
            read_bounded(&dir.join("fifo"), 100),
            Err(ReadError::NotRegular)
        );
        std::os::unix::fs::symlink("/dev/zero", dir.join("zero")).unwrap();
        assert_eq!(
            read_bounded(&dir.join("zero"), 100),
            Err(ReadError::NotRegular)
        );
        assert_eq!(read_bounded(&dir, 100), Err(ReadError::NotRegular));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
