//! `--checkpoint FILE`: reading the values an earlier run saved, and saving them
//! atomically (a new file beside FILE, then a rename: [`files::Replacement`]), so that
//! FILE always holds a whole checkpoint. A run holds the lock of FILE
//! ([`files::Lock`]) from the start: two runs never share one checkpoint.

use super::files::{self, FileError};
use super::{Failure, interrupt};
use sprague::core::Limits;
use sprague::impartial::checkpoint::{self, CheckpointError, Key};
use sprague::impartial::heap::{OPTIONS_PER_STATE, ResumeError, TableFamily};
use sprague::impartial::store::ValueSlice;
use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The checkpoint file of one table.
pub struct CheckpointFile {
    path: PathBuf,
    /// Held while the run lasts.
    _lock: files::Lock,
    family: String,
    /// Heaps the file holds.
    saved: usize,
    /// The user's secret key, when one could be read or made: files are then written
    /// with a keyed digest, and such files are checked in full when read.
    key: Option<Key>,
}

/// Where the user's checkpoint key is kept: `$XDG_CONFIG_HOME/sprague/checkpoint.key`,
/// else `$HOME/.config/sprague/checkpoint.key`.
fn key_path() -> Option<PathBuf> {
    let dir = match std::env::var_os("XDG_CONFIG_HOME").filter(|d| !d.is_empty()) {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(std::env::var_os("HOME").filter(|d| !d.is_empty())?).join(".config"),
    };
    Some(dir.join("sprague").join("checkpoint.key"))
}

/// `N` random bytes from the system.
fn random<const N: usize>() -> Option<[u8; N]> {
    let mut out = [0u8; N];
    File::open("/dev/urandom").ok()?.read_exact(&mut out).ok()?;
    Some(out)
}

/// The user's checkpoint key: read from [`key_path`] (exactly 32 bytes), or made
/// there (32 random bytes, readable by the user only) the first time. `None` when
/// neither works: checkpoints are then written and read without a keyed digest.
fn user_key() -> Option<Key> {
    key_at(&key_path()?)
}

/// The key stored at `path`, made there the first time. The new key is written whole
/// to a file of its own and then linked to `path` in one step, so that a run starting
/// at the same moment reads either no file or the whole key, never a part of it; of
/// two runs making a key at once, the one that links second uses the first one's.
fn key_at(path: &Path) -> Option<Key> {
    let read = |path: &Path| -> Option<Key> {
        let mut bytes = Vec::new();
        files::open_regular(path)
            .ok()?
            .0
            .take(33)
            .read_to_end(&mut bytes)
            .ok()?;
        Some(Key(bytes.try_into().ok()?))
    };
    if let Some(k) = read(path) {
        return Some(k);
    }
    let secret: [u8; 32] = random()?;
    let dir = path.parent()?;
    fs::create_dir_all(dir).ok()?;
    let tag: [u8; 8] = random()?;
    let tmp = dir.join(format!(
        ".checkpoint.key.{}.{:016x}",
        std::process::id(),
        u64::from_le_bytes(tag)
    ));
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let written = options
        .open(&tmp)
        .and_then(|mut f| f.write_all(&secret).and_then(|()| f.sync_all()));
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
        return None;
    }
    let linked = fs::hard_link(&tmp, path);
    let _ = fs::remove_file(&tmp);
    match linked {
        Ok(()) => Some(Key(secret)),
        // Made by another run meanwhile: use that one.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => read(path),
        Err(_) => None,
    }
}

impl CheckpointFile {
    /// Opens `path` for `family`: when the file exists, its values are read, checked
    /// and given to the family to go on from; otherwise an empty checkpoint is written
    /// at once, so that a file that cannot be written is found before any work.
    pub fn open(path: &Path, family: &dyn TableFamily, limits: &Limits) -> Result<Self, Failure> {
        if path.file_name().is_none() {
            return Err(Failure::Input(format!(
                "checkpoint {}: not a file name",
                shown(path)
            )));
        }
        let lock = files::Lock::take(path).map_err(|e| match e {
            FileError::Busy => Failure::Input(format!(
                "checkpoint {} is in use by another run",
                shown(path)
            )),
            e => Failure::Input(format!(
                "checkpoint {} cannot be written: its lock {}.lock: {e}",
                shown(path),
                path.display()
            )),
        })?;
        let mut file = CheckpointFile {
            path: path.to_path_buf(),
            _lock: lock,
            family: family.name(),
            saved: 0,
            key: user_key(),
        };
        // Never a symbolic link (it would be replaced by the first save), a FIFO or
        // a device.
        let exists = files::check_target(path)
            .map_err(|e| file.not_regular(e))?
            .is_some();
        if !exists {
            // Before any work, a file that cannot be written is bad input.
            file.save(ValueSlice::U16(&[])).map_err(|f| match f {
                Failure::Other(m) => Failure::Input(m),
                f => f,
            })?;
            return Ok(file);
        }
        let (mut f, size) = files::open_regular(path).map_err(|e| file.not_regular(e))?;
        // Its values take at most two bytes in memory for each byte of the file.
        if size.saturating_mul(2) > limits.max_memory {
            return Err(limits
                .memory_exceeded(
                    &format!("reading checkpoint {}", file.shown()),
                    size.saturating_mul(2),
                )
                .into());
        }
        let loaded = checkpoint::read_keyed(
            &mut f,
            size,
            &file.family,
            limits.max_states,
            file.key.as_ref(),
        )
        .map_err(|e| file.bad(e))?;
        let heaps = loaded.values.len();
        let adopted = if loaded.authenticated {
            family.resume(loaded.values).map_err(ResumeError::Wrong)
        } else {
            // Anyone may have changed a value and recomputed the CRC: every value is
            // checked against the rules, within the work a table may do.
            let max_work = limits.max_states.saturating_mul(OPTIONS_PER_STATE);
            family.resume_unvouched(loaded.values, max_work, &interrupt::requested)
        };
        adopted.map_err(|e| file.unadopted(e, heaps))?;
        file.saved = heaps;
        // Writable? Found now rather than after the first stretch of work.
        files::Replacement::new(path).map_err(|e| file.unwritable(e))?;
        Ok(file)
    }

    /// Heaps the file holds.
    pub fn saved(&self) -> usize {
        self.saved
    }

    /// The file name as given, quoted for a shell when needed.
    pub fn shown(&self) -> String {
        shown(&self.path)
    }

    /// Saves `values` (heaps `0..values.len()`); returns how long it took. A write that
    /// fails (a full disk, a file size limit) is an exit-1 failure: the values are
    /// still good, only the file is not.
    pub fn save(&mut self, values: ValueSlice<'_>) -> Result<Duration, Failure> {
        let start = Instant::now();
        let write = || -> Result<(), FileError> {
            let mut new = files::Replacement::new(&self.path)?;
            let mut out = BufWriter::with_capacity(1 << 20, new.file());
            match (&self.key, random::<16>()) {
                (Some(key), Some(nonce)) => {
                    checkpoint::write_keyed(&mut out, &self.family, values, key, nonce)?
                }
                _ => checkpoint::write(&mut out, &self.family, values)?,
            }
            out.flush()?;
            drop(out);
            new.commit()
        };
        if let Err(e) = write() {
            return Err(Failure::Other(format!(
                "checkpoint {} cannot be written: {e}",
                self.shown()
            )));
        }
        self.saved = values.len();
        Ok(start.elapsed())
    }

    /// Saves `values` unless the file already holds them all.
    pub fn save_if_more(&mut self, values: ValueSlice<'_>) -> Result<(), Failure> {
        if values.len() > self.saved {
            self.save(values)?;
        }
        Ok(())
    }

    fn bad(&self, e: CheckpointError) -> Failure {
        match e {
            CheckpointError::TooLarge { heaps } => Failure::Limit(
                None,
                format!(
                    "checkpoint {} holds {heaps} heaps, more than --max-states allows",
                    self.shown()
                ),
            ),
            _ => Failure::Input(format!("checkpoint {} {e}", self.shown())),
        }
    }

    fn not_regular(&self, e: FileError) -> Failure {
        match e {
            FileError::Io(e) => self.bad(CheckpointError::Io(e)),
            e => Failure::Input(format!("checkpoint {} cannot be read: {e}", self.shown())),
        }
    }

    fn unwritable(&self, e: FileError) -> Failure {
        Failure::Input(format!(
            "checkpoint {} cannot be written: {e}",
            self.shown()
        ))
    }

    /// The failure of values read but not adopted.
    fn unadopted(&self, e: ResumeError, heaps: usize) -> Failure {
        let file = self.shown();
        let family = &self.family;
        let unvouched = "has no digest under your checkpoint key (it was written by an older \
                         sprague, under another user's key, or without a key)";
        match e {
            ResumeError::Wrong(m) => {
                Failure::Input(format!("checkpoint {file} does not fit {family}: {m}"))
            }
            ResumeError::TooCostly { .. } => Failure::Limit(
                None,
                format!(
                    "checkpoint {file} {unvouched}, so each of its {heaps} values is checked \
                     against the rules, and that takes more work than --max-states allows: \
                     raise it, or remove the file to start afresh"
                ),
            ),
            ResumeError::Unchecked => Failure::Input(format!(
                "checkpoint {file} {unvouched}, and the values of {family} cannot be checked \
                 one by one against the rules: remove the file to start afresh"
            )),
            ResumeError::Stopped => Failure::Interrupted(format!(
                "interrupted while checking the values of checkpoint {file}; it is left as it was"
            )),
        }
    }
}

/// `path` as typed, in single quotes when a shell would need them.
fn shown(path: &Path) -> String {
    let s = path.to_string_lossy();
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || "/._-+,:@%".contains(c));
    if plain {
        s.into_owned()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::{key_at, shown};
    use std::path::Path;

    /// Runs that make the key at the same moment all get one and the same key, and
    /// no reader sees a part of it (it was once created empty, then written).
    #[test]
    fn runs_making_the_key_at_once_agree() {
        let base = std::env::temp_dir().join(format!("sprague-key-race-{}", std::process::id()));
        for round in 0..40 {
            let path = base.join(round.to_string()).join("checkpoint.key");
            let keys: Vec<Option<[u8; 32]>> = std::thread::scope(|s| {
                let handles: Vec<_> = (0..8)
                    .map(|_| s.spawn(|| key_at(&path).map(|k| k.0)))
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let first = keys[0].expect("a key");
            assert!(keys.iter().all(|k| *k == Some(first)), "round {round}");
            assert_eq!(std::fs::read(&path).unwrap(), first);
            // No temporary file is left beside it.
            let left = std::fs::read_dir(path.parent().unwrap()).unwrap().count();
            assert_eq!(left, 1, "round {round}");
        }
        let _ = std::fs::remove_dir_all(&base);
    }

    #[test]
    fn names_are_quoted_only_when_needed() {
        assert_eq!(shown(Path::new("runs/k.ckpt")), "runs/k.ckpt");
        assert_eq!(shown(Path::new("my run.ckpt")), "'my run.ckpt'");
        assert_eq!(shown(Path::new("it's")), r"'it'\''s'");
    }
}
