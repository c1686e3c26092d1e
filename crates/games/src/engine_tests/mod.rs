//! Tests of the engines on positions of the families: they need the families
//! and the expression language, which the engine crate does not know.

mod heap;
mod impartial_search;
mod partizan_db;
mod partizan_search;
mod partizan_thermo;
mod position;
mod search_bounds;
