//! What the front ends (the command line, the web page, the Python package) say of
//! a limit reached. The library names a bound by its type ([`Bound`]) and says in
//! words what needed more; how to raise the bound is the command line's business:
//! its flags live here, not in the library.
//!
//! ```
//! use sprague_core::{Bound, SolveError};
//! let e = SolveError::Limit {
//!     bound: Bound::States,
//!     what: "the search needs more than 100 positions".into(),
//! };
//! assert_eq!(
//!     sprague_flags::message(&e),
//!     "the search needs more than 100 positions (raise it with --max-states)"
//! );
//! ```

use sprague_core::{Bound, SolveError};
use sprague_report::Failure;

/// How to raise `bound`, as the command line says it: the flag that raises it
/// (`--max-states`), or what to try instead when no flag does (`a smaller heap`).
pub fn raise_with(bound: Bound) -> &'static str {
    match bound {
        Bound::States | Bound::Factoring => "--max-states",
        Bound::Memory => "--max-memory",
        Bound::Time => "--timeout",
        Bound::Pairs => "--max-pairs",
        Bound::Digits => "--max-digits",
        Bound::HeapMoves => "a smaller heap",
        Bound::PositionMoves => "a smaller position",
        Bound::Interrupted => "a run that is not interrupted",
        Bound::ListedMoves => "--max-moves",
        Bound::PrintedChars => "--max-chars or --full",
        Bound::Equilibria => "--max-spe",
        Bound::QuotientOrder => "a smaller --to",
    }
}

/// The one-line message of `bound` reached: `what` (the library's words), then how
/// to raise the bound.
pub fn limit_message(bound: Bound, what: &str) -> String {
    let how = raise_with(bound);
    match bound {
        // The factoring budget is a share of the bound on states.
        Bound::Factoring => format!("{what} (--max-states / 20) (raise it with {how})"),
        _ => format!("{what} (raise it with {how})"),
    }
}

/// The message of an error of the library: a limit's with how to raise the bound,
/// bad input's as it is.
pub fn message(e: &SolveError) -> String {
    match e {
        SolveError::Limit { bound, what } => limit_message(*bound, what),
        SolveError::Input(m) => m.clone(),
    }
}

/// The message of a failure, without its kind: a limit of the library's with how
/// to raise the bound.
pub fn failure_message(f: &Failure) -> String {
    match f {
        Failure::Limit(Some(bound), what) => limit_message(*bound, what),
        f => f.message().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every bound's message, as SPEC §1 and the command's help name the flags.
    #[test]
    fn each_bound_names_its_flag() {
        let cases = [
            (Bound::States, "w (raise it with --max-states)"),
            (
                Bound::Factoring,
                "w (--max-states / 20) (raise it with --max-states)",
            ),
            (Bound::Memory, "w (raise it with --max-memory)"),
            (Bound::Time, "w (raise it with --timeout)"),
            (Bound::Pairs, "w (raise it with --max-pairs)"),
            (Bound::Digits, "w (raise it with --max-digits)"),
            (Bound::HeapMoves, "w (raise it with a smaller heap)"),
            (Bound::PositionMoves, "w (raise it with a smaller position)"),
            (
                Bound::Interrupted,
                "w (raise it with a run that is not interrupted)",
            ),
            (Bound::ListedMoves, "w (raise it with --max-moves)"),
            (
                Bound::PrintedChars,
                "w (raise it with --max-chars or --full)",
            ),
            (Bound::Equilibria, "w (raise it with --max-spe)"),
            (Bound::QuotientOrder, "w (raise it with a smaller --to)"),
        ];
        for (bound, want) in cases {
            assert_eq!(limit_message(bound, "w"), want);
            let e = SolveError::Limit {
                bound,
                what: "w".into(),
            };
            assert_eq!(message(&e), want);
            assert_eq!(failure_message(&Failure::from(e)), want);
        }
        assert_eq!(message(&SolveError::Input("bad".into())), "bad");
        assert_eq!(
            failure_message(&Failure::Limit(None, "as it is".into())),
            "as it is"
        );
    }
}
