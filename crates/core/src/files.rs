//! Files the user names, opened for reading only when they are regular files: a FIFO
//! is neither waited on nor read, nor is a device, a socket or a directory (a
//! symbolic link to a regular file is followed).
//!
//! ```
//! let e = sprague_core::files::open_regular(std::path::Path::new("/dev/null")).unwrap_err();
//! assert_eq!(e.to_string(), "it is a character device, not a regular file");
//! ```

use std::fs::{File, FileType, OpenOptions};
use std::io;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

/// Why a file could not be opened for reading.
#[derive(Debug)]
pub enum OpenError {
    /// It exists and is not a regular file: what it is ("a FIFO (named pipe)").
    NotRegular(&'static str),
    /// The system's error.
    Io(io::Error),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::NotRegular(kind) => write!(f, "it is {kind}, not a regular file"),
            OpenError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for OpenError {}

impl From<io::Error> for OpenError {
    fn from(e: io::Error) -> Self {
        OpenError::Io(e)
    }
}

/// What a file of type `t` is, in words ("a FIFO (named pipe)").
pub fn kind(t: FileType) -> &'static str {
    if t.is_symlink() {
        "a symbolic link"
    } else if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO (named pipe)"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    }
}

/// Opens `path` for reading when it is a regular file (a symbolic link to one is
/// followed), with its length. A FIFO is neither waited on nor read, nor is a device.
pub fn open_regular(path: &Path) -> Result<(File, u64), OpenError> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(OpenError::NotRegular(kind(meta.file_type())));
    }
    // Non-blocking, so that a FIFO put there meanwhile is not waited on; checked again
    // on what was opened.
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(OpenError::NotRegular(kind(meta.file_type())));
    }
    Ok((file, meta.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fifo_is_refused_without_waiting() {
        let dir = std::env::temp_dir().join(format!("sprague-core-fifo-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let fifo = dir.join("f");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = open_regular(&fifo).unwrap_err();
        assert_eq!(
            e.to_string(),
            "it is a FIFO (named pipe), not a regular file"
        );
        assert!(matches!(
            open_regular(&dir),
            Err(OpenError::NotRegular("a directory"))
        ));
        let file = dir.join("r");
        std::fs::write(&file, b"abc").unwrap();
        assert_eq!(open_regular(&file).unwrap().1, 3);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
