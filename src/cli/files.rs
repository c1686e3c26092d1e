//! Files the user names: read only when they are regular files, and written without
//! replacing or following anything else.
//!
//! A file written whole (a checkpoint, a database) goes to a new file beside its
//! target, under a unique name created exclusively, which is then renamed over the
//! target: the target is always either the old file or the whole new one. A target
//! that exists and is not a regular file (a symbolic link, a FIFO, a device, a
//! directory) is refused: it is never followed, written into or replaced.

use sprague::core::files::{OpenError, kind};
use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a file the user named cannot be used.
#[derive(Debug)]
pub enum FileError {
    /// It exists and is not a regular file: what it is ("a FIFO").
    NotRegular(&'static str),
    /// Another run holds its lock.
    Busy,
    /// The system's error.
    Io(io::Error),
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileError::NotRegular(kind) => write!(f, "it is {kind}, not a regular file"),
            FileError::Busy => f.write_str("it is in use by another run"),
            FileError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl From<OpenError> for FileError {
    fn from(e: OpenError) -> Self {
        match e {
            OpenError::NotRegular(kind) => FileError::NotRegular(kind),
            OpenError::Io(e) => FileError::Io(e),
        }
    }
}

impl From<io::Error> for FileError {
    fn from(e: io::Error) -> Self {
        FileError::Io(e)
    }
}

/// Opens `path` for reading when it is a regular file (a symbolic link to one is
/// followed), with its length. A FIFO is neither waited on nor read, nor is a device.
pub fn open_regular(path: &Path) -> Result<(File, u64), FileError> {
    Ok(sprague::core::files::open_regular(path)?)
}

/// Whether `path` may be written: it does not exist, or it is a regular file (not a
/// symbolic link, whatever it points to). Returns its permissions when it exists.
pub fn check_target(path: &Path) -> Result<Option<fs::Permissions>, FileError> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_file() => Ok(Some(m.permissions())),
        Ok(m) => Err(FileError::NotRegular(kind(m.file_type()))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(FileError::Io(e)),
    }
}

/// The name of `path` within its directory, and the directory (`.` for a bare name).
fn split(path: &Path) -> Result<(PathBuf, String), FileError> {
    let name = path.file_name().ok_or_else(|| {
        FileError::Io(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a file name",
        ))
    })?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((dir, name.to_string_lossy().into_owned()))
}

/// Makes the temporary names of this process distinct.
static NEXT: AtomicU64 = AtomicU64::new(0);

/// A new file beside `path` (`NAME.PID-K.tmp`), created exclusively: nothing that
/// exists is opened.
fn create_beside(path: &Path) -> Result<(PathBuf, File), FileError> {
    let (dir, name) = split(path)?;
    let pid = std::process::id();
    for _ in 0..1000 {
        let k = NEXT.fetch_add(1, Ordering::Relaxed);
        let temp = dir.join(format!("{name}.{pid}-{k}.tmp"));
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o666)
            .open(&temp)
        {
            Ok(f) => return Ok((temp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(FileError::Io(e)),
        }
    }
    Err(FileError::Io(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "no free temporary name beside it",
    )))
}

/// A file being written whole: [`Replacement::file`] is a new file beside the target,
/// and [`Replacement::commit`] renames it over the target. Dropped uncommitted, the
/// new file is removed and the target is left as it was.
pub struct Replacement {
    target: PathBuf,
    temp: PathBuf,
    file: Option<File>,
}

impl Replacement {
    /// Starts replacing `path`, which must not exist or be a regular file (see
    /// [`check_target`]); the new file gets the old one's permissions.
    pub fn new(path: &Path) -> Result<Replacement, FileError> {
        let permissions = check_target(path)?;
        let (temp, file) = create_beside(path)?;
        let r = Replacement {
            target: path.to_path_buf(),
            temp,
            file: Some(file),
        };
        if let (Some(p), Some(f)) = (permissions, &r.file) {
            f.set_permissions(p)?;
        }
        Ok(r)
    }

    /// The new file.
    pub fn file(&mut self) -> &mut File {
        self.file
            .as_mut()
            .expect("an uncommitted replacement has its file")
    }

    /// Writes the new file to the disk and renames it over the target (checked again:
    /// a symbolic link or other file put there meanwhile is refused).
    pub fn commit(mut self) -> Result<(), FileError> {
        if let Some(f) = self.file.take() {
            f.sync_all()?;
        }
        check_target(&self.target)?;
        fs::rename(&self.temp, &self.target)?;
        self.temp = PathBuf::new();
        // The rename itself reaches the disk with its directory.
        if let Ok((dir, _)) = split(&self.target)
            && let Ok(d) = File::open(dir)
        {
            let _ = d.sync_all();
        }
        Ok(())
    }
}

impl Drop for Replacement {
    fn drop(&mut self) {
        if !self.temp.as_os_str().is_empty() {
            let _ = fs::remove_file(&self.temp);
        }
    }
}

/// Writes `bytes` to `path` whole (see [`Replacement`]).
pub fn replace_with(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    use std::io::Write as _;
    let mut r = Replacement::new(path)?;
    r.file().write_all(bytes)?;
    r.commit()
}

/// Opens `path` to read and append to, creating it if needed, and locks it for this
/// run: it must not exist or be a regular file (not a symbolic link), and no other
/// run may hold it. The lock lasts as long as the file is open.
pub fn open_locked(path: &Path) -> Result<File, FileError> {
    check_target(path)?;
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o666)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| not_followed(path, e))?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(FileError::NotRegular(kind(meta.file_type())));
    }
    try_lock(&file)?;
    Ok(file)
}

/// The error of opening `path` with `O_NOFOLLOW`: a symbolic link put there says so.
fn not_followed(path: &Path, e: io::Error) -> FileError {
    if e.raw_os_error() == Some(libc::ELOOP)
        && fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
    {
        FileError::NotRegular("a symbolic link")
    } else {
        FileError::Io(e)
    }
}

/// Takes the exclusive lock of `file` (`flock`), without waiting.
fn try_lock(file: &File) -> Result<(), FileError> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(fs::TryLockError::WouldBlock) => Err(FileError::Busy),
        Err(fs::TryLockError::Error(e)) => Err(FileError::Io(e)),
    }
}

/// The lock of a file that is replaced as a whole (a checkpoint): an exclusive lock on
/// `FILE.lock` beside it, removed when the run lets it go.
pub struct Lock {
    path: PathBuf,
    _file: File,
}

impl Lock {
    /// Takes the lock of `path` without waiting: [`FileError::Busy`] when another run
    /// holds it.
    pub fn take(path: &Path) -> Result<Lock, FileError> {
        let mut name = path.as_os_str().to_owned();
        name.push(".lock");
        let lock = PathBuf::from(name);
        // A run that lets its lock go removes the file while it holds the lock; a run
        // that locked a file meanwhile removed, or replaced, tries again.
        for _ in 0..100 {
            let file = open_locked(&lock)?;
            let (Ok(held), Ok(named)) = (file.metadata(), fs::symlink_metadata(&lock)) else {
                continue;
            };
            if held.dev() == named.dev() && held.ino() == named.ino() {
                return Ok(Lock {
                    path: lock,
                    _file: file,
                });
            }
        }
        Err(FileError::Busy)
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still held (the file is closed after this).
        let _ = fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("sprague-files-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_replacement_leaves_the_old_file_or_the_new_one() {
        let d = dir("replace");
        let f = d.join("a.bin");
        replace_with(&f, b"one").unwrap();
        assert_eq!(fs::read(&f).unwrap(), b"one");
        {
            let mut r = Replacement::new(&f).unwrap();
            use std::io::Write as _;
            r.file().write_all(b"two").unwrap();
            // Dropped uncommitted: the old file stays, the new one is gone.
        }
        assert_eq!(fs::read(&f).unwrap(), b"one");
        assert_eq!(fs::read_dir(&d).unwrap().count(), 1);
        replace_with(&f, b"three").unwrap();
        assert_eq!(fs::read(&f).unwrap(), b"three");
        assert_eq!(fs::read_dir(&d).unwrap().count(), 1);
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn links_and_directories_are_refused_and_left_alone() {
        let d = dir("links");
        let target = d.join("target");
        fs::write(&target, b"kept").unwrap();
        let link = d.join("link");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        for path in [&link, &d] {
            assert!(matches!(
                replace_with(path, b"x"),
                Err(FileError::NotRegular(_))
            ));
            assert!(matches!(open_locked(path), Err(FileError::NotRegular(_))));
        }
        assert!(matches!(open_regular(&d), Err(FileError::NotRegular(_))));
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&target).unwrap(), b"kept");
        // Reading follows the link to a regular file.
        assert_eq!(open_regular(&link).unwrap().1, 4);
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn a_lock_is_held_once_and_removed_when_let_go() {
        let d = dir("lock");
        let f = d.join("k.ckpt");
        let first = Lock::take(&f).unwrap();
        assert!(matches!(Lock::take(&f), Err(FileError::Busy)));
        drop(first);
        assert!(!d.join("k.ckpt.lock").exists());
        let _again = Lock::take(&f).unwrap();
        let _ = fs::remove_dir_all(&d);
    }
}
