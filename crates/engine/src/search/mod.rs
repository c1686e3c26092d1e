//! Searches that decide who wins a position without its full value.
//!
//! Canonical forms ([`crate::partizan`]) answer everything about a game, but their cost
//! grows with the game's whole tree of values. "Who wins this position" is a smaller
//! question, and a minimax search over the sum answers it with the game theory that
//! keeps the search small:
//!
//! - [`partizan`]: does Left (or Right) win moving first on a sum of partizan
//!   components ([`partizan::Component`]: positions of any `sprague_games::partizan`
//!   ruleset, mixed freely) and canonical games. After every move the moved component
//!   falls apart into independent regions; small regions are replaced by their
//!   canonical values, added into one accumulated value of the sum; equal positions are
//!   searched once (a transposition table bounded in memory); moves are ordered; the
//!   work is bounded by `--max-states` and a stop signal.
//!
//! - [`partizan_misere`]: who wins a sum of partizan components in misère play (the
//!   player who cannot move wins), by a search of the whole sum's game tree: no value
//!   is substituted for a region (misère sums do not decompose by normal-play values),
//!   regions are interned, states are multisets of regions in a transposition table;
//!   games written by their options are kept as written (`Forms`).
//!
//! - `sprague_games::db`: a database of the canonical values of the small regions of a
//!   ruleset, built once and stored in a file; the partizan search looks small regions
//!   up in it.
//!
//! - [`impartial`]: who wins a sum of impartial components ([`crate::impartial::sum::Component`])
//!   under normal or misère play, and in how many moves (remoteness), by an exhaustive
//!   search of the whole sum: a position is the multiset of its components, a move
//!   leaves typed positions of the moved component's family
//!   ([`crate::impartial::family::Move`]), positions are kept in a memo; the work is
//!   bounded by the states it is given (from `--max-states`) and a stop signal.
//!   [`impartial::misere`] decides misère play of sums beyond Nim with it.
//!
//! The engine knows neither expressions nor rulesets: the adapter of every ruleset is
//! `sprague_games::partizan::component`, and `solve` and `play` call the engine
//! through `sprague_report::solve` and `sprague_play`.

pub mod bounds;

pub mod impartial;
pub mod partizan;
pub mod partizan_misere;
