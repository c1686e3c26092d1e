//! The engines of sprague. They know no expression syntax and no game family by
//! name: families and rulesets (in the games layer above) implement their traits.
//!
//! - [`impartial`]: Sprague–Grundy values, heap tables and their periods, sums;
//! - [`partizan`]: short partizan games — canonical forms, their algebra,
//!   thermographs, atomic weights;
//! - [`search`]: the searches that decide who wins a sum without its full value.

pub mod impartial;
pub mod partizan;
pub mod picture;
pub mod search;
