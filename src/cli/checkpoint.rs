//! `--checkpoint FILE`: reading the values an earlier run saved, and saving them
//! atomically (a temporary file next to FILE, then a rename), so that FILE always
//! holds a whole checkpoint.

use super::Failure;
use sprague::impartial::checkpoint::{self, CheckpointError};
use sprague::impartial::family::Limits;
use sprague::impartial::heap::TableFamily;
use std::fs::{self, File};
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The checkpoint file of one table.
pub struct CheckpointFile {
    path: PathBuf,
    temp: PathBuf,
    family: String,
    /// Heaps the file holds.
    saved: usize,
}

impl CheckpointFile {
    /// Opens `path` for `family`: when the file exists, its values are read, checked
    /// and given to the family to go on from; otherwise an empty checkpoint is written
    /// at once, so that a file that cannot be written is found before any work.
    pub fn open(path: &Path, family: &dyn TableFamily, limits: &Limits) -> Result<Self, Failure> {
        let name = path.file_name().ok_or_else(|| {
            Failure::Input(format!("checkpoint {}: not a file name", shown(path)))
        })?;
        let mut temp_name = name.to_os_string();
        temp_name.push(".tmp");
        let mut file = CheckpointFile {
            path: path.to_path_buf(),
            temp: path.with_file_name(temp_name),
            family: family.name(),
            saved: 0,
        };
        match File::open(path) {
            Ok(mut f) => {
                let size = f.metadata().map_err(|e| file.unreadable(e))?.len();
                let values = checkpoint::read(&mut f, size, &file.family, limits.max_states)
                    .map_err(|e| file.bad(e))?;
                file.saved = values.len();
                family.resume(values).map_err(|m| {
                    Failure::Input(format!(
                        "checkpoint {} does not fit {}: {m}",
                        file.shown(),
                        file.family
                    ))
                })?;
                // Writable? Found now rather than after the first stretch of work.
                File::create(&file.temp).map_err(|e| file.unwritable(e))?;
                let _ = fs::remove_file(&file.temp);
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                // Before any work, a file that cannot be written is bad input.
                file.save(&[]).map_err(|f| match f {
                    Failure::Other(m) => Failure::Input(m),
                    f => f,
                })?;
            }
            Err(e) => return Err(file.unreadable(e)),
        }
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
    pub fn save(&mut self, values: &[u32]) -> Result<Duration, Failure> {
        let start = Instant::now();
        let write = || -> io::Result<()> {
            let mut out = BufWriter::with_capacity(1 << 20, File::create(&self.temp)?);
            checkpoint::write(&mut out, &self.family, values)?;
            out.into_inner()
                .map_err(io::IntoInnerError::into_error)?
                .sync_all()?;
            fs::rename(&self.temp, &self.path)
        };
        if let Err(e) = write() {
            let _ = fs::remove_file(&self.temp);
            return Err(Failure::Other(format!(
                "checkpoint {} cannot be written: {e}",
                self.shown()
            )));
        }
        self.saved = values.len();
        Ok(start.elapsed())
    }

    /// Saves `values` unless the file already holds them all.
    pub fn save_if_more(&mut self, values: &[u32]) -> Result<(), Failure> {
        if values.len() > self.saved {
            self.save(values)?;
        }
        Ok(())
    }

    fn unreadable(&self, e: io::Error) -> Failure {
        self.bad(CheckpointError::Io(e))
    }

    fn bad(&self, e: CheckpointError) -> Failure {
        let m = format!("checkpoint {} {e}", self.shown());
        match e {
            CheckpointError::TooLarge { .. } => Failure::Limit(m),
            _ => Failure::Input(m),
        }
    }

    fn unwritable(&self, e: io::Error) -> Failure {
        Failure::Input(format!(
            "checkpoint {} cannot be written: {e}",
            self.shown()
        ))
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
    use super::shown;
    use std::path::Path;

    #[test]
    fn names_are_quoted_only_when_needed() {
        assert_eq!(shown(Path::new("runs/k.ckpt")), "runs/k.ckpt");
        assert_eq!(shown(Path::new("my run.ckpt")), "'my run.ckpt'");
        assert_eq!(shown(Path::new("it's")), r"'it'\''s'");
    }
}
