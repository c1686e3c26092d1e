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
//! built from `python/`.
//!
//! ```
//! let comps = sprague::games::components("nim(3,4,5)").unwrap();
//! assert_eq!(comps.len(), 3);
//! ```

pub use sprague_core as core;
pub use sprague_core::nat;
pub use sprague_engine::{impartial, partizan, search};
pub use sprague_expr as expr;
pub use sprague_flags as flags;
pub use sprague_games as games;
pub use sprague_nash as nash;
pub use sprague_play as play;
pub use sprague_report as report;
#[cfg(feature = "web")]
pub use sprague_web as web;
