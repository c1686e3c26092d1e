//! Ctrl-C during a long computation: the first one asks the computation to stop at the
//! next heap boundary (it then saves what it has and exits with 130); outside a
//! computation, or a second time, it ends the process at once with 130.

use std::sync::atomic::{AtomicBool, Ordering};

/// Exit code after an interrupt: 128 + SIGINT, as shells report it.
pub const EXIT_INTERRUPTED: i32 = 130;

static REQUESTED: AtomicBool = AtomicBool::new(false);
static COMPUTING: AtomicBool = AtomicBool::new(false);

/// Handles Ctrl-C from now on (as described above). If a handler cannot be installed,
/// Ctrl-C keeps its default effect.
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        if !COMPUTING.load(Ordering::SeqCst) || REQUESTED.swap(true, Ordering::SeqCst) {
            std::process::exit(EXIT_INTERRUPTED);
        }
    });
}

/// Marks the start (`true`) or the end of a computation that stops by itself on Ctrl-C.
pub fn computing(on: bool) {
    COMPUTING.store(on, Ordering::SeqCst);
}

/// Whether Ctrl-C was pressed during the computation.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}
