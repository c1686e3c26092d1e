//! sprague: a combinatorial game theory engine.
//!
//! - [`expr`]: the expression language (parsing, printing);
//! - [`impartial`]: the impartial engine (Sprague–Grundy values, sums, tables);
//! - [`games`]: the game families and the registry that builds positions;
//! - [`nash`]: two-player normal-form games and their Nash equilibria;
//! - [`partizan`]: short partizan games (canonical forms, sums, thermographs), as
//!   `sprague value` reports them;
//! - [`play`]: play sessions against the computer, and what a page draws;
//! - [`search`]: searches that decide who wins a sum without its full value;
//! - [`report`]: the answers of `solve`, `table`, `value` and `nash` as text and JSON documents;
//! - `web` (feature `web`, on by default): the web playground server.

pub mod expr;
pub mod games;
pub mod impartial;
pub mod nash;
pub mod nat;
pub mod partizan;
pub mod play;
pub mod report;
pub mod search;
#[cfg(feature = "web")]
pub mod web;
