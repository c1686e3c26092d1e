//! The documents of `solve` (and `solve --every`), `table` (and its grids), `sweep`,
//! `value` and `nash` as the library builds them: the answers in text and in JSON
//! (SPEC §2–§5), for every front end (command line, web, Python) alike.
//!
//! ```
//! use sprague_report::{Failure, solve};
//! let e = solve::solve("nim(3,", &solve::Options::default()).err().unwrap();
//! assert!(matches!(e, Failure::Input(m) if m.contains("column")));
//! ```

pub mod every;
pub mod genus;
pub mod grid;
pub mod json;
pub mod nash;
pub mod quotient;
pub mod race;
pub mod solve;
pub mod sweep;
pub mod table;
pub mod value;

use sprague_core::{Bound, SolveError};
use sprague_games::ExprError;
use std::fmt;

/// Why a document could not be made, with the exit code it maps to on the command
/// line.
#[derive(Debug)]
pub enum Failure {
    /// Bad input (exit 2).
    Input(String),
    /// A resource limit (exit 3): the bound reached, and what needed more in words.
    /// A front end adds how to raise the bound (the command line names its flag);
    /// `None` when the words say it already (a front end's own limits).
    Limit(Option<Bound>, String),
    /// Anything else, e.g. an output error (exit 1).
    Other(String),
    /// Stopped by Ctrl-C (exit 130).
    Interrupted(String),
}

impl Failure {
    /// The message, without the kind (for a limit, without how to raise the bound).
    pub fn message(&self) -> &str {
        match self {
            Failure::Input(m)
            | Failure::Limit(_, m)
            | Failure::Other(m)
            | Failure::Interrupted(m) => m,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Failure {}

impl From<ExprError> for Failure {
    fn from(e: ExprError) -> Self {
        Failure::Input(format!("bad expression: {e}"))
    }
}

impl From<SolveError> for Failure {
    fn from(e: SolveError) -> Self {
        match e {
            SolveError::Limit { bound, what } => Failure::Limit(Some(bound), what),
            SolveError::Input(m) => Failure::Input(m),
        }
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure::Other(format!("output error: {e}"))
    }
}
