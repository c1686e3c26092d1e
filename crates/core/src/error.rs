//! Why a question could not be answered: bad input, or a bound reached.

use std::fmt;

/// Why a question could not be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// A resource bound was reached; `flag` is the command-line flag that raises it.
    Limit {
        /// What was exceeded, in words.
        what: String,
        /// The flag that raises the bound, e.g. `--max-states`.
        flag: &'static str,
    },
    /// The input is valid syntax but cannot be handled (bad parameter, unsupported family).
    Input(String),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Limit { what, flag } => write!(f, "{what} (raise it with {flag})"),
            SolveError::Input(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for SolveError {}
