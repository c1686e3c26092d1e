//! Two-player normal-form (bimatrix) games, in exact rational arithmetic.
//!
//! - [`game`]: the game itself ([`Bimatrix`]), strategy names and payoffs;
//! - [`read`]: reading a game from its JSON file, with errors that say where;
//! - [`number`]: exact numbers from text (`-3`, `0.25`, `1e3`, `"3/4"`).
//!
//! ```
//! use sprague::nash::{read_game, Player};
//!
//! let game = read_game(r#"{ "rows": ["heads", "tails"], "cols": ["heads", "tails"],
//!     "row_payoffs": [[1, -1], [-1, 1]], "col_payoffs": [[-1, 1], [1, -1]] }"#).unwrap();
//! assert_eq!(game.count(Player::Row), 2);
//! assert_eq!(game.payoff(Player::Col, 1, 0).to_string(), "1");
//! ```

pub mod game;
pub mod number;
pub mod read;

pub use game::{Bimatrix, GameError, Player};
pub use read::{ReadError, read_game};

/// An exact rational number of any size: `num-rational`'s `Ratio` over the
/// project's `num_bigint::BigInt` (what `num_rational::BigRational` is for older
/// `num-bigint` versions).
pub type Rational = num_rational::Ratio<num_bigint::BigInt>;
