//! sprague: a combinatorial game theory engine.

pub mod expr;
pub mod impartial;
pub mod nat;
