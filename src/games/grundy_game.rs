//! Grundy's game: split one heap into two non-empty heaps of different sizes.
//!
//! It is the take-and-break game 4.0 with unequal splits only, so the Guy–Smith
//! periodicity theorem does not apply (its proof pairs splits that may become equal):
//! no period is known (Flammenkamp computed the values to 2^35), and periods seen in a
//! table are reported unproved. Values come from the take-and-break engine
//! ([`crate::impartial::takebreak`]), whose rare/common table suits this game well.

use crate::impartial::takebreak::{TakeBreak, Wording};

/// The rules of Grundy's game.
pub fn grundy_game() -> TakeBreak {
    TakeBreak::new("grundy_game", &[4], true, Wording::Splits).expect("valid code")
}
