//! The expression a command reads: its argument, or standard input for `-`.
//!
//! A file on standard input is mapped into memory rather than copied: a Nim position
//! with a million heaps is 19 MB of text, and reading it would cost a copy and a page
//! fault every 4 KiB.
//!
//! Every read is bounded: an expression on standard input may have at most
//! [`MAX_EXPR_BYTES`] bytes (256 MiB, room for 10^7 heaps of 19 digits), and a file
//! named on the command line (`nash FILE`) at most [`MAX_FILE_BYTES`] (64 MiB); beyond, the
//! command exits 2 naming the bound and the input, without reading further.

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

/// Most bytes of an expression read from standard input (256 MiB).
pub const MAX_EXPR_BYTES: u64 = 256 << 20;

/// Most bytes of an input file such as a `nash` game (64 MiB: a 1000 × 1000 game
/// with payoffs of 10 digits takes 22 MB).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The expression as read, not yet checked to be UTF-8: a front end may read a plain
/// sum of heaps straight from its bytes (see [`sprague::games::plain_position_bytes`])
/// without a pass over a huge input to check it first.
pub struct ExprInput(Raw);

enum Raw {
    /// The argument itself.
    Arg(String),
    /// Standard input, read.
    Bytes(Vec<u8>),
    /// A file on standard input, mapped.
    Mapped(Mmap),
}

impl ExprInput {
    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        match &self.0 {
            Raw::Arg(s) => s.as_bytes(),
            Raw::Bytes(b) => b,
            Raw::Mapped(m) => m,
        }
    }

    /// The text, checked to be UTF-8.
    pub fn text(self) -> Result<ExprText, Failure> {
        match self.0 {
            Raw::Arg(s) => Ok(ExprText(Source::Owned(s))),
            Raw::Bytes(bytes) => {
                utf8(&bytes)?;
                Ok(ExprText(Source::Owned(
                    String::from_utf8(bytes).unwrap_or_default(),
                )))
            }
            Raw::Mapped(map) => {
                utf8(&map)?;
                Ok(ExprText(Source::Mapped(map)))
            }
        }
    }
}

/// The expression text: the argument itself, or standard input for `-`.
pub fn read_expr(arg: &str) -> Result<ExprText, Failure> {
    read_expr_input(arg)?.text()
}

/// The expression as read ([`ExprInput`]): the argument itself, or standard input
/// for `-`.
pub fn read_expr_input(arg: &str) -> Result<ExprInput, Failure> {
    if arg != "-" {
        return Ok(ExprInput(Raw::Arg(arg.to_string())));
    }
    let too_long = stdin_too_long;
    match map_stdin(MAX_EXPR_BYTES) {
        Mapped::Map(map) => return Ok(ExprInput(Raw::Mapped(map))),
        Mapped::TooLong => return Err(too_long()),
        Mapped::Read => {}
    }
    let bytes = read_bounded(std::io::stdin().lock(), MAX_EXPR_BYTES)
        .map_err(|e| Failure::Input(format!("cannot read standard input: {e}")))?
        .ok_or_else(too_long)?;
    Ok(ExprInput(Raw::Bytes(bytes)))
}

/// What a command that solves reads: a plain sum of heaps, already read, or an
/// expression ([`read_position_or_expr`]).
pub enum Input {
    /// A plain sum of impartial heaps read from a pipe as it came.
    Position(sprague::impartial::position::Position),
    /// Any other expression.
    Expr(ExprInput),
}

/// Like [`read_expr_input`], but standard input that is not a file (a pipe) is read
/// through a small buffer as a plain sum of heaps when it is one
/// ([`sprague::games::plain::read_plain`]): a million heaps piped in are parsed as
/// they come, never held whole. A file is mapped, as by [`read_expr_input`].
pub fn read_position_or_expr(arg: &str) -> Result<Input, Failure> {
    use sprague::games::plain::{Plain, read_plain};
    if arg != "-" {
        return read_expr_input(arg).map(Input::Expr);
    }
    match map_stdin(MAX_EXPR_BYTES) {
        Mapped::Map(map) => return Ok(Input::Expr(ExprInput(Raw::Mapped(map)))),
        Mapped::TooLong => return Err(stdin_too_long()),
        Mapped::Read => {}
    }
    match read_plain(&mut std::io::stdin().lock(), MAX_EXPR_BYTES)
        .map_err(|e| Failure::Input(format!("cannot read standard input: {e}")))?
    {
        Plain::Position(p) => Ok(Input::Position(p)),
        Plain::Text(bytes) => Ok(Input::Expr(ExprInput(Raw::Bytes(bytes)))),
        Plain::TooLong => Err(stdin_too_long()),
    }
}

fn stdin_too_long() -> Failure {
    Failure::Input(format!(
        "standard input: the expression is longer than {} (the most an expression may have)",
        bytes_name(MAX_EXPR_BYTES)
    ))
}

/// A byte count for messages: `256 MiB`, `64 KiB` or `100 bytes`.
pub fn bytes_name(n: u64) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else if n >= 1 << 10 && n.is_multiple_of(1 << 10) {
        format!("{} KiB", n >> 10)
    } else {
        format!("{n} bytes")
    }
}

/// All of `input` when it has at most `max` bytes; `None` (having read `max + 1`
/// bytes) when it has more.
pub fn read_bounded(input: impl Read, max: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    input.take(max + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= max).then_some(bytes))
}

/// The file `path`, or standard input for `-`, when it has at most
/// [`MAX_FILE_BYTES`] bytes; `what` names the command in messages (`nash`). Returns
/// the name for messages and the bytes.
pub fn read_file(what: &str, path: &str) -> Result<(String, Vec<u8>), Failure> {
    let (name, read) = if path == "-" {
        let name = "standard input".to_string();
        (name, read_bounded(std::io::stdin().lock(), MAX_FILE_BYTES))
    } else {
        let read = match sprague::core::files::open_regular(std::path::Path::new(path)) {
            Ok((f, _)) => read_bounded(f, MAX_FILE_BYTES),
            Err(e) => return Err(Failure::Input(format!("{what}: cannot read {path}: {e}"))),
        };
        (path.to_string(), read)
    };
    match read {
        Ok(Some(bytes)) => Ok((name, bytes)),
        Ok(None) => Err(Failure::Input(format!(
            "{what}: {name} is longer than {} (the most an input file may have)",
            bytes_name(MAX_FILE_BYTES)
        ))),
        Err(e) => Err(Failure::Input(format!("{what}: cannot read {name}: {e}"))),
    }
}

fn utf8(bytes: &[u8]) -> Result<(), Failure> {
    std::str::from_utf8(bytes).map(|_| ()).map_err(|e| {
        Failure::Input(format!(
            "standard input is not UTF-8 text (byte {})",
            e.valid_up_to() + 1
        ))
    })
}

/// What [`map_stdin`] found.
enum Mapped {
    /// A regular file, mapped.
    Map(Mmap),
    /// A regular file with more bytes than the bound.
    TooLong,
    /// Anything else (a pipe, a terminal, an empty file): the caller reads it.
    Read,
}

/// Standard input mapped into memory from its current offset, when it is a regular
/// non-empty file of at most `max` bytes from there.
fn map_stdin(max: u64) -> Mapped {
    match try_map_stdin(max) {
        Some(Ok(map)) => Mapped::Map(map),
        Some(Err(())) => Mapped::TooLong,
        None => Mapped::Read,
    }
}

fn try_map_stdin(max: u64) -> Option<Result<Mmap, ()>> {
    // A duplicate of descriptor 0 shares its offset.
    let mut file = File::from(std::io::stdin().as_fd().try_clone_to_owned().ok()?);
    let meta = file.metadata().ok()?;
    let offset = file.stream_position().ok()?;
    if !meta.is_file() || offset >= meta.len() {
        return None;
    }
    if meta.len() - offset > max {
        return Some(Err(()));
    }
    // SAFETY: the map is private and read-only. As every program that maps its input,
    // sprague assumes that the file does not change while it reads it.
    let map = unsafe { MmapOptions::new().offset(offset).map(&file) }.ok()?;
    // Leave the offset at the end, as reading would.
    file.seek(SeekFrom::End(0)).ok()?;
    Some(Ok(map))
}
