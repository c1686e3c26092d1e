//! Impartial games: tools that work on tables of Grundy values indexed by heap size.

pub mod period;
pub mod range_subtraction;
