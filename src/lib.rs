//! sprague: a combinatorial game theory engine.
//!
//! This crate gathers the layers of the workspace under one name, each layer a crate
//! of its own that depends only on the layers below it:
//!
//! | layer | crate | modules here |
//! |---|---|---|
//! | core: numbers, bounds, stop signal, typed errors | `sprague-core` | [`core`], [`nat`] |
//! | engines: impartial, partizan, searches | `sprague-engine` | [`impartial`], [`partizan`], [`search`] |
//! | strategic games | `sprague-nash` | [`nash`] |
//! | expression language | `sprague-expr` | [`expr`] |
//! | game families, registry, region database | `sprague-games` | [`games`] |
//! | answers as text and JSON | `sprague-report` | [`report`] |
//! | play sessions and drawings | `sprague-play` | [`play`] |
//! | the front ends' words for limits: flags, messages | `sprague-flags` | [`flags`] |
//! | web playground (feature `web`, on by default) | `sprague-web` | `web` |
//!
//! The command-line tool (`sprague`) is this crate's binary; the Python package is
//! built from `python/`. The user guide is `docs/GUIDE.md`, the layout of the code
//! and how to add a game family `ARCHITECTURE.md`.
//!
//! # A first example
//!
//! An expression becomes components ([`games::components`]), and the impartial engine
//! decides their sum ([`impartial::sum::analyse`]): who wins, the nim-value, the
//! winning moves.
//!
//! ```
//! use sprague::core::{Limits, Outcome, Play};
//! use sprague::games::{components, position};
//! use sprague::impartial::sum::analyse;
//!
//! let comps = components("nim(3) + sub[1,3,4](10)").unwrap();
//! let a = analyse(&comps, Play::Normal, &Limits::default(), 20).unwrap();
//! assert_eq!(a.outcome, Outcome::N);
//!
//! // A huge sum: `position` stores a run of heaps of one family as bare heap sizes.
//! let big = position(&format!("nim({})", vec!["7"; 100_001].join(","))).unwrap();
//! let b = analyse(&big, Play::Normal, &Limits::default(), 20).unwrap();
//! assert_eq!(b.grundy.unwrap().to_string(), "7");
//! ```
//!
//! The answers of the commands, in text and as the JSON documents of the command-line
//! contract, come from [`report`]; every front end prints these:
//!
//! ```
//! use sprague::report::solve::{solve, Options};
//!
//! let answer = solve("nim(3,4,5)", &Options::default()).unwrap();
//! assert!(answer.json().starts_with(r#"{"position":"nim(3,4,5)","play":"normal","outcome":"N""#));
//! ```
//!
//! Partizan games are valued in [`partizan`] (expressions become games in
//! [`games::eval`]), who wins a sum is searched in [`search`], play sessions are in
//! [`play`], and Nash equilibria in [`nash`].

pub use sprague_core as core;
pub use sprague_core::nat;
pub use sprague_engine::{impartial, partizan, picture, search};
pub use sprague_expr as expr;
pub use sprague_flags as flags;
pub use sprague_games as games;
pub use sprague_nash as nash;
pub use sprague_play as play;
pub use sprague_report as report;
#[cfg(feature = "web")]
pub use sprague_web as web;
