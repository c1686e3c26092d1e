//! The expression a command reads: its argument, or standard input for `-`.
//!
//! A file on standard input is mapped into memory rather than copied: a Nim position
//! with a million heaps is 19 MB of text, and reading it would cost a copy and a page
//! fault every 4 KiB.

use super::Failure;
use memmap2::{Mmap, MmapOptions};
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::ops::Deref;
use std::os::fd::AsFd;

/// The text of an expression, checked to be UTF-8.
pub struct ExprText(Source);

enum Source {
    Owned(String),
    /// A file on standard input, mapped; checked to be UTF-8 when mapped.
    Mapped(Mmap),
}

impl Deref for ExprText {
    type Target = str;

    fn deref(&self) -> &str {
        match &self.0 {
            Source::Owned(s) => s,
            // SAFETY: `read_expr` checked that the mapped bytes are UTF-8.
            Source::Mapped(m) => unsafe { std::str::from_utf8_unchecked(m) },
        }
    }
}

impl ExprText {
    /// The text as an owned string.
    pub fn into_string(self) -> String {
        match self.0 {
            Source::Owned(s) => s,
            Source::Mapped(_) => self.to_string(),
        }
    }
}

/// The expression text: the argument itself, or standard input for `-`.
pub fn read_expr(arg: &str) -> Result<ExprText, Failure> {
    if arg != "-" {
        return Ok(ExprText(Source::Owned(arg.to_string())));
    }
    if let Some(map) = map_stdin() {
        utf8(&map)?;
        return Ok(ExprText(Source::Mapped(map)));
    }
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::Input(format!("cannot read standard input: {e}")))?;
    utf8(&bytes)?;
    let text = String::from_utf8(bytes).unwrap_or_default();
    Ok(ExprText(Source::Owned(text)))
}

fn utf8(bytes: &[u8]) -> Result<(), Failure> {
    std::str::from_utf8(bytes).map(|_| ()).map_err(|e| {
        Failure::Input(format!(
            "standard input is not UTF-8 text (byte {})",
            e.valid_up_to() + 1
        ))
    })
}

/// Standard input mapped into memory from its current offset, when it is a regular
/// non-empty file; `None` otherwise (a pipe, a terminal), and the caller reads it.
fn map_stdin() -> Option<Mmap> {
    // A duplicate of descriptor 0 shares its offset.
    let mut file = File::from(std::io::stdin().as_fd().try_clone_to_owned().ok()?);
    let meta = file.metadata().ok()?;
    let offset = file.stream_position().ok()?;
    if !meta.is_file() || offset >= meta.len() {
        return None;
    }
    // SAFETY: the map is private and read-only. As every program that maps its input,
    // sprague assumes that the file does not change while it reads it.
    let map = unsafe { MmapOptions::new().offset(offset).map(&file) }.ok()?;
    // Leave the offset at the end, as reading would.
    file.seek(SeekFrom::End(0)).ok()?;
    Some(map)
}
