//! Standard output of the commands. Every command writes it through [`stdout`], so that
//! a write that fails is seen whatever the command: a closed standard output (which
//! the standard library's own writes take as a success), a full disk, a file size
//! limit (the signal SIGXFSZ is ignored, so the write fails with EFBIG instead of the
//! signal ending the program), or a reader that went away (a broken pipe, which ends
//! the command quietly). [`failure`] says what happened, for the exit code.

use super::Failure;
use std::io::{self, Write};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether descriptor 1 was closed when the program started.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// The first write to standard output that failed: whether the pipe was broken, and
/// the system's message.
static FAILED: OnceLock<(bool, String)> = OnceLock::new();

/// Notes whether descriptor 1 is closed.
extern "C" fn note_closed() {
    // SAFETY: F_GETFD only reads the flags of a descriptor.
    if unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFD) } == -1 {
        CLOSED.store(true, Ordering::Relaxed);
    }
}

/// [`note_closed`], run by the loader before the standard library's start-up code,
/// which opens /dev/null in place of a closed standard output (whose writes would
/// then succeed unseen).
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static NOTE_CLOSED: extern "C" fn() = note_closed;

/// Prepares the process before any command runs: a write past the file size limit
/// fails with an error instead of ending the program, and a closed standard output is
/// noted (where the loader has not done it already).
pub fn prepare() {
    // SAFETY: setting a signal's disposition to SIG_IGN installs no handler code.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
    #[cfg(not(target_os = "linux"))]
    note_closed();
}

/// Standard output, whose failures are reported (see the module's documentation).
pub fn stdout() -> Stdout {
    Stdout(io::stdout())
}

/// Standard output (see [`stdout`]).
pub struct Stdout(io::Stdout);

impl Stdout {
    /// Locks it for a run of writes.
    pub fn lock(&self) -> StdoutLock {
        StdoutLock(self.0.lock())
    }
}

/// Standard output, locked.
pub struct StdoutLock(io::StdoutLock<'static>);

/// Notes `r`'s error, if any, as a failure of standard output.
fn noted<T>(r: io::Result<T>) -> io::Result<T> {
    let r = if CLOSED.load(Ordering::Relaxed) {
        Err(io::Error::other("it is closed"))
    } else {
        r
    };
    if let Err(e) = &r {
        let pipe = e.kind() == io::ErrorKind::BrokenPipe;
        let _ = FAILED.set((pipe, e.to_string()));
    }
    r
}

impl Write for StdoutLock {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        noted(self.0.write(buf))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        noted(self.0.write_all(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        noted(self.0.flush())
    }
}

/// How standard output failed, if it did: `Some(None)` for a broken pipe (nothing to
/// say: its reader went away), else the message for standard error.
pub fn failure() -> Option<Option<Failure>> {
    // What the buffer still holds is written now, so that its failure is seen too.
    let _ = stdout().lock().flush();
    FAILED.get().map(|(pipe, m)| {
        (!pipe).then(|| Failure::Other(format!("cannot write to standard output: {m}")))
    })
}

/// Writes `text` to standard error, ignoring a failure (there is nowhere left to say
/// it).
pub fn say(text: &str) {
    let mut err = io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.write_all(b"\n");
    let _ = err.flush();
}
