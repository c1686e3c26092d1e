//! Why a question could not be answered: bad input, or a bound reached.

use std::fmt;

/// A bound a computation can reach: which setting limits it, or which kind of input
/// is too large for it. The library names the bound; each front end says how to
/// raise it (the command line by a flag).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The positions, stored games or steps of work a computation may take
    /// ([`Limits::max_states`](crate::Limits::max_states)), or a share of them.
    States,
    /// The modular multiplications the factoring of one command may take: a
    /// twentieth of [`Limits::max_states`](crate::Limits::max_states).
    Factoring,
    /// The bytes a table or search may take
    /// ([`Limits::max_memory`](crate::Limits::max_memory)).
    Memory,
    /// The time allowed: the computation was stopped at the deadline of its
    /// [`Stop`](crate::Stop) signal.
    Time,
    /// The pairs of strategies, supports or vertices a Nash analysis may examine.
    Pairs,
    /// The decimal digits of the numbers of a Nash analysis.
    Digits,
    /// The moves of one heap that are listed at most: the heap is too large.
    HeapMoves,
    /// The moves of one position that are listed at most: the position is too large.
    PositionMoves,
    /// A table was stopped by whoever watched it before it was complete.
    Interrupted,
    /// The moves a report lists at most (the winning moves of `solve`).
    ListedMoves,
    /// The characters of a canonical form printed at most.
    PrintedChars,
    /// The subgame-perfect equilibria of a game tree listed at most.
    Equilibria,
    /// The elements a misère quotient may have (a fixed bound: fewer heaps).
    QuotientOrder,
}

impl Bound {
    /// The bound in plain words, for a library that does not know how its caller
    /// raises it (a front end names its own setting instead: the command line a flag).
    ///
    /// ```
    /// assert_eq!(sprague_core::Bound::States.words(), "the bound on positions");
    /// ```
    pub fn words(self) -> &'static str {
        match self {
            Bound::States => "the bound on positions",
            Bound::Factoring => "the bound on factoring work",
            Bound::Memory => "the bound on memory",
            Bound::Time => "the time allowed",
            Bound::Pairs => "the bound on pairs of strategies",
            Bound::Digits => "the bound on digits",
            Bound::HeapMoves => "a smaller heap",
            Bound::PositionMoves => "a smaller position",
            Bound::Interrupted => "a run that is not interrupted",
            Bound::ListedMoves => "the bound on listed moves",
            Bound::PrintedChars => "the bound on printed characters",
            Bound::Equilibria => "the bound on listed equilibria",
            Bound::QuotientOrder => "fewer heaps",
        }
    }
}

/// How a front end says to raise a bound (the command line: its flag, e.g.
/// `--max-states`). Reports take one so that their texts name the caller's own
/// setting; [`Bound::words`] is the library's default.
pub type Raise = fn(Bound) -> &'static str;

/// Why a question could not be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// A resource bound was reached.
    Limit {
        /// Which bound.
        bound: Bound,
        /// What needed more than the bound allows, in words (with the numbers).
        what: String,
    },
    /// The input is valid syntax but cannot be handled (bad parameter, unsupported family).
    Input(String),
}

impl fmt::Display for SolveError {
    /// The words of the error; for a limit, what needed more (a front end adds how
    /// to raise the bound).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Limit { what, .. } => f.write_str(what),
            SolveError::Input(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for SolveError {}
