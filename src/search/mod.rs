//! Searches that decide who wins a position without its full value.
//!
//! Canonical forms ([`crate::partizan`]) answer everything about a game, but their cost
//! grows with the game's whole tree of values. "Who wins this position" is a smaller
//! question, and a minimax search over the sum answers it with the game theory that
//! keeps the search small:
//!
//! - [`partizan`]: does Left (or Right) win moving first on a sum of partizan
//!   components ([`partizan::Component`]: positions of any [`crate::games::partizan`]
//!   ruleset, mixed freely) and canonical games. After every move the moved component
//!   falls apart into independent regions; small regions are replaced by their
//!   canonical values, added into one accumulated value of the sum; equal positions are
//!   searched once (a transposition table bounded in memory); moves are ordered; the
//!   work is bounded by `--max-states` and a stop signal.
//!
//! The engine knows neither expressions nor rulesets: the adapter of every ruleset is
//! [`crate::games::partizan::component`], and `solve` and `play` call the engine
//! through [`crate::report::solve`] and [`crate::play`].

pub mod partizan;
