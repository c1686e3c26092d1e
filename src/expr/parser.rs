//! Parser for game expressions (stub).
use super::ast::Sum;

/// Deepest nesting of `{…|…}` accepted.
pub const MAX_NESTING: usize = 256;

/// A syntax error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based column (in characters) where the error is.
    pub column: usize,
    /// What was expected.
    pub expected: String,
    /// What was found.
    pub found: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "column {}: expected {}, found {}",
            self.column, self.expected, self.found
        )
    }
}

impl std::error::Error for ParseError {}

/// Parses a sum expression.
pub fn parse(_src: &str) -> Result<Sum, ParseError> {
    todo!()
}
