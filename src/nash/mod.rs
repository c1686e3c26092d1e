//! Two-player normal-form (bimatrix) games, in exact rational arithmetic.
//!
//! - [`game`]: the game itself ([`Bimatrix`]), strategy names and payoffs;
//! - [`read`]: reading a game from its JSON file, with errors that say where;
//! - [`number`]: exact numbers from text (`-3`, `0.25`, `1e3`, `"3/4"`);
//! - [`dominance`]: dominant and dominated strategies, iterated elimination.
//!
//! ```
//! use sprague::nash::{read_game, Player};
//!
//! let game = read_game(r#"{ "rows": ["heads", "tails"], "cols": ["heads", "tails"],
//!     "row_payoffs": [[1, -1], [-1, 1]], "col_payoffs": [[-1, 1], [1, -1]] }"#).unwrap();
//! assert_eq!(game.count(Player::Row), 2);
//! assert_eq!(game.payoff(Player::Col, 1, 0).to_string(), "1");
//! ```

pub mod dominance;
pub mod game;
pub mod number;
pub mod read;

pub use dominance::{Domination, Elimination, dominant, dominated, iterated_elimination};
pub use game::{Bimatrix, GameError, Player};
pub use read::{ReadError, read_game};

use std::fmt;

/// An exact rational number of any size: `num-rational`'s `Ratio` over the
/// project's `num_bigint::BigInt` (what `num_rational::BigRational` is for older
/// `num-bigint` versions).
pub type Rational = num_rational::Ratio<num_bigint::BigInt>;

/// The flag of the `sprague nash` command that raises a [`Budget`].
pub const BUDGET_FLAG: &str = "--max-pairs";

/// A bound on the work of an analysis, counted in pairs examined: pairs of
/// strategies compared for dominance, pairs of supports solved, pairs of vertices
/// matched.
///
/// ```
/// use sprague::nash::Budget;
/// let mut b = Budget::new(10);
/// assert!(b.spend(7, "comparing strategies").is_ok());
/// assert!(b.spend(4, "comparing strategies").is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Budget {
    limit: u64,
    spent: u64,
}

impl Budget {
    /// A budget of `limit` pairs.
    pub fn new(limit: u64) -> Budget {
        Budget { limit, spent: 0 }
    }

    /// The pairs examined so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// The bound this budget was made with.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Spends `pairs`, or fails (spending nothing) when that would exceed the
    /// limit; `doing` says what for, in words. `u128::MAX` stands for "too many to
    /// count".
    pub fn spend(&mut self, pairs: u128, doing: &str) -> Result<(), LimitExceeded> {
        let total = u128::from(self.spent).saturating_add(pairs);
        if total > u128::from(self.limit) {
            let needed = if total == u128::MAX {
                "more than 10^38".to_string()
            } else {
                total.to_string()
            };
            return Err(LimitExceeded {
                what: format!(
                    "{doing} needs {needed} pairs in all, more than the limit of {}",
                    self.limit
                ),
            });
        }
        self.spent = total as u64;
        Ok(())
    }
}

/// A [`Budget`] was exhausted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LimitExceeded {
    /// What needed more, in words.
    pub what: String,
}

impl fmt::Display for LimitExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (raise it with {BUDGET_FLAG})", self.what)
    }
}

impl std::error::Error for LimitExceeded {}
