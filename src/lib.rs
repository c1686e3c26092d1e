//! sprague: a combinatorial game theory engine.
//!
//! - [`expr`]: the expression language (parsing, printing);
//! - [`impartial`]: the impartial engine (Sprague–Grundy values, sums, tables);
//! - [`games`]: the game families and the registry that builds positions;
//! - [`partizan`]: short partizan games (canonical forms, sums, thermographs), as
//!   `sprague value` reports them.

pub mod expr;
pub mod games;
pub mod impartial;
pub mod nat;
pub mod partizan;
pub mod play;
