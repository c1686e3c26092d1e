//! The impartial engine: game rules, exhaustive Sprague–Grundy search, heap-game
//! tables with periodicity, and disjunctive sums. It knows no family by name.

pub mod cell;
pub mod checkpoint;
pub mod dense;
pub mod exhaustive;
pub mod exhaustive_family;
pub mod family;
pub mod heap;
pub mod mex;
pub mod misere_form;
pub mod period;
pub mod position;
pub mod quotient;
pub mod sparse;
pub mod store;
pub mod sum;
pub mod takebreak;
pub(crate) mod triples;
pub mod watch;
