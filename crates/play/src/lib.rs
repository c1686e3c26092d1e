//! Playing a position against the computer: the game session (position, history,
//! undo, reading typed moves, the computer's choice). The searches it asks live in
//! the engine layer ([`sprague_engine::search::impartial`]).
//!
//! Front ends (the `play` and `repl` commands, or a web playground) drive a
//! [`session::Session`] (or, for partizan positions, a [`partizan::Session`]) and
//! print what it reports; [`view`] says what a graphical front end draws.

pub mod partizan;
/// The whole-sum search, now [`sprague_engine::search::impartial`]; kept under this name so
/// that code written against it still compiles.
pub mod remoteness {
    pub use sprague_engine::search::impartial::{Decided, GaveUp, Solver, remoteness};
}
pub mod session;
pub mod view;
