//! Playing a position against the computer: the game session (position, history,
//! undo, reading typed moves, the computer's choice) and the remoteness search.
//!
//! Front ends (the `play` and `repl` commands, or a web playground) drive a
//! [`session::Session`] (or, for partizan positions, a [`partizan::Session`]) and
//! print what it reports; [`view`] says what a graphical front end draws.

pub mod partizan;
pub mod remoteness;
pub mod session;
pub mod view;
