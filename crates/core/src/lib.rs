//! The ground floor of sprague: what every layer above shares and nothing below it
//! needs — natural numbers of any size ([`nat`]), the bounds of a computation and the
//! signal that stops it ([`limits`]), why a question could not be answered
//! ([`error`]), who wins ([`outcome`]), exact rational numbers ([`rational`]), and
//! files opened only when they are regular ([`files`]).
//!
//! ```
//! use sprague_core::{Limits, Outcome};
//! let limits = Limits::default();
//! assert!(limits.check_stop().is_ok());
//! assert_eq!(Outcome::P.letter(), "P");
//! ```

pub mod error;
pub mod files;
pub mod limits;
pub mod nat;
pub mod outcome;
pub mod rational;

pub use error::{Bound, Raise, SolveError};
pub use limits::{
    Limits, SEARCH_OPTION_STEPS, Spent, Stop, StopPoll, THREADS_PER_CORE, WORK_PER_STATE, cores,
    default_max_memory, max_threads, show_bytes,
};
pub use nat::Nat;
pub use outcome::{Outcome, Play};
