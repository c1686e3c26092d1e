//! Two-player normal-form (bimatrix) games: dominance, pure and mixed Nash
//! equilibria, all in exact rational arithmetic; game trees (extensive form), their
//! subgame-perfect equilibria and reduced normal forms; and the counting race of
//! many players, whose coalitions and subgame-perfect play are found exactly.
//!
//! - [`counting`]: the counting race of many players, its coalitions and subgame-perfect play;
//! - [`game`]: the game itself ([`Bimatrix`]), strategy names and payoffs;
//! - [`read`]: reading a game from its JSON file, with errors that say where;
//! - [`gambit`]: reading and writing Gambit's `.nfg` files;
//! - [`efg`]: game trees, read from and written to Gambit's `.efg` files;
//! - [`extensive`]: game trees analysed: subgame-perfect equilibria of trees of
//!   perfect information, perfect recall, the reduced normal form, behaviour
//!   strategies;
//! - [`nplayer`]: games with any number of players ([`Normal`]): pure equilibria
//!   and dominance;
//! - [`mixed_many`]: their mixed equilibria by support enumeration, exact where
//!   rational, proved narrow intervals otherwise, continua where found;
//! - [`number`]: exact numbers from text (`-3`, `0.25`, `1e3`, `"3/4"`);
//! - [`dominance`]: dominant and dominated strategies, iterated elimination;
//! - [`equilibria`](mod@equilibria): pure equilibria, and every equilibrium (extreme equilibria of
//!   degenerate games) by vertex enumeration of the best-response polytopes (exact
//!   pivoting) or support enumeration, or some of them by Lemke–Howson ([`Method`]);
//! - [`linear`] and [`subsets`]: the exact linear algebra and the subsets behind them.
//!
//! ```
//! use sprague_nash::{equilibria, read_game, Budget};
//!
//! let game = read_game(r#"{ "rows": ["heads", "tails"], "cols": ["heads", "tails"],
//!     "row_payoffs": [[1, -1], [-1, 1]], "col_payoffs": [[-1, 1], [1, -1]] }"#).unwrap();
//! let all = equilibria(&game, &mut Budget::new(1000)).unwrap();
//! assert!(!all.degenerate);
//! assert_eq!(all.list.len(), 1);
//! assert_eq!(all.list[0].row[0].to_string(), "1/2");
//! ```

pub mod classics;
pub mod counting;
pub mod dominance;
pub mod efg;
pub mod equilibria;
pub mod extensive;
mod float_pivot;
pub mod gambit;
pub mod game;
mod lemke;
pub mod linear;
pub mod mixed_many;
pub mod nplayer;
pub mod number;
mod pivot;
mod polytope;
pub mod read;
mod read_many;
pub mod subsets;
mod vertices;

pub use dominance::{Domination, Elimination, dominant, dominated, iterated_elimination};
pub use equilibria::{
    Degeneracy, Equilibria, Equilibrium, Method, PureEquilibrium, equilibria, equilibria_by,
    is_equilibrium, pure_equilibria,
};
pub use game::{Bimatrix, GameError, Player};
pub use nplayer::Normal;
pub use read::{ReadError, read_game};

use sprague_core::{Bound, Stop};
use std::fmt;
use std::sync::Arc;

/// An exact rational number of any size: `num-rational`'s `Ratio` over the
/// project's `num_bigint::BigInt` (what `num_rational::BigRational` is for older
/// `num-bigint` versions).
pub type Rational = num_rational::Ratio<num_bigint::BigInt>;

/// The default bound on the decimal digits of the numbers of an analysis
/// ([`Budget::check_sizes`]): each exact operation on such numbers takes a small
/// part of a second, so a stop signal is seen within a second.
pub const DEFAULT_MAX_DIGITS: u64 = 20_000;

/// A bound on the work of an analysis, counted in units (called pairs): pairs of
/// strategies compared for dominance, pairs of supports solved, bases of the
/// best-response polytopes visited, vertices or pairs of vertices matched, entries updated by the pivots of
/// Lemke–Howson; and a bound on the size of its numbers ([`Budget::check_sizes`]).
///
/// ```
/// use sprague_nash::Budget;
/// let mut b = Budget::new(10);
/// assert!(b.spend(7, "comparing strategies").is_ok());
/// assert!(b.spend(4, "comparing strategies").is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Budget {
    limit: u64,
    spent: u64,
    stop: Option<Arc<Stop>>,
    max_digits: u64,
}

impl Budget {
    /// A budget of `limit` pairs.
    pub fn new(limit: u64) -> Budget {
        Budget {
            limit,
            spent: 0,
            stop: None,
            max_digits: DEFAULT_MAX_DIGITS,
        }
    }

    /// The same budget, with numbers of at most `digits` decimal digits (see
    /// [`Budget::check_sizes`]; the default is [`DEFAULT_MAX_DIGITS`]).
    pub fn with_max_digits(mut self, digits: u64) -> Budget {
        self.max_digits = digits;
        self
    }

    /// `Err` (a [`Bound::Digits`] limit) when the exact arithmetic of the game could
    /// need numbers of more than the allowed digits: a payoff's numerator or
    /// denominator, or a bound on the integers of the support enumeration. Those are
    /// minors of up to k × k (k the smaller number of strategies) of a player's
    /// payoffs over a common denominator, whose bits are at most B (the largest
    /// numerator's bits plus those of every distinct denominator, a bound on their
    /// lcm) each: by Hadamard's bound a minor has at most k·B + k·log₂(k)/2 bits.
    /// The time of one operation (a product, a gcd) grows with the square of its
    /// numbers' size, and no stop signal is seen inside it: this bound keeps each
    /// well under a second.
    pub fn check_sizes(&self, game: &Bimatrix) -> Result<(), LimitExceeded> {
        // log₂ 10 < 3.3220: at least the bits of every number of max_digits digits.
        let limit_bits = self.max_digits.saturating_mul(33_220) / 10_000;
        let m = game.count(Player::Row);
        let n = game.count(Player::Col);
        let k = m.min(n) as u64;
        for p in [Player::Row, Player::Col] {
            let mut dens: Vec<&num_bigint::BigInt> = Vec::new();
            let mut top = 0u64;
            for row in game.table(p) {
                for v in row {
                    let bits = v.numer().bits().max(v.denom().bits());
                    if bits > limit_bits {
                        return Err(self.too_large(format!(
                            "a payoff of the {} has {} digits",
                            p.name(),
                            digits(bits)
                        )));
                    }
                    top = top.max(v.numer().bits());
                    dens.push(v.denom());
                }
            }
            dens.sort();
            dens.dedup();
            let b = dens
                .iter()
                .map(|d| d.bits())
                .fold(top + 2, u64::saturating_add);
            let log = 64 - k.leading_zeros() as u64;
            let minor = k.saturating_mul(b).saturating_add(k * log / 2 + 1);
            if minor > limit_bits {
                return Err(self.too_large(format!(
                    "the exact arithmetic of the {}'s supports (up to {k} strategies) may need numbers of {} digits",
                    p.name(),
                    digits(minor)
                )));
            }
        }
        Ok(())
    }

    /// The error for numbers beyond [`Budget::with_max_digits`].
    fn too_large(&self, what: String) -> LimitExceeded {
        LimitExceeded {
            bound: Bound::Digits,
            what: format!("{what}, more than the {} allowed", self.max_digits),
        }
    }

    /// The same budget, also ended by `stop` (e.g. a server's deadline, or Ctrl-C),
    /// which the long loops look at through [`Budget::check`].
    pub fn with_stop(mut self, stop: Option<Arc<Stop>>) -> Budget {
        self.stop = stop;
        self
    }

    /// `Err` (a [`Bound::Time`] limit) once the stop signal is given.
    pub fn check(&self) -> Result<(), LimitExceeded> {
        match &self.stop {
            Some(s) if s.is_due() => Err(LimitExceeded {
                bound: Bound::Time,
                what: s.error().to_string(),
            }),
            _ => Ok(()),
        }
    }

    /// The pairs examined so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// The bound this budget was made with.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Spends `steps` units of work already done in a loop (bases visited, pivots),
    /// or fails (spending nothing) when that would exceed the limit; `doing` says
    /// what for, in words.
    pub(crate) fn spend_steps(
        &mut self,
        steps: u64,
        doing: impl FnOnce() -> String,
    ) -> Result<(), LimitExceeded> {
        let total = self.spent.saturating_add(steps);
        if total > self.limit {
            return Err(LimitExceeded {
                bound: Bound::Pairs,
                what: format!(
                    "{} needs more than the {} pairs left of the limit of {}",
                    doing(),
                    self.limit - self.spent,
                    self.limit
                ),
            });
        }
        self.spent = total;
        Ok(())
    }

    /// Spends `pairs`, or fails (spending nothing) when that would exceed the
    /// limit; `doing` says what for, in words. `u128::MAX` stands for "too many to
    /// count".
    pub fn spend(&mut self, pairs: u128, doing: &str) -> Result<(), LimitExceeded> {
        let total = u128::from(self.spent).saturating_add(pairs);
        if total > u128::from(self.limit) {
            let needed = if pairs == u128::MAX {
                "more than 10^38".to_string()
            } else {
                pairs.to_string()
            };
            let after = if self.spent > 0 {
                format!(" after {} already examined", self.spent)
            } else {
                String::new()
            };
            return Err(LimitExceeded {
                bound: Bound::Pairs,
                what: format!(
                    "{doing} needs {needed} pairs{after}, more than the limit of {}",
                    self.limit
                ),
            });
        }
        self.spent = total as u64;
        Ok(())
    }
}

/// A share of a [`Budget`] that several threads spend together (the work of
/// independent searches run side by side): each [`Shared::charge`] looks at the stop
/// signal and adds to one counter, and fails once the counter passes what was left
/// of the budget. The total spent is the same whatever the order of the threads, so
/// whether the limit is passed does not depend on it. [`Budget::absorb`] records the
/// work afterwards.
pub(crate) struct Shared<'a> {
    budget: &'a Budget,
    left: u64,
    spent: std::sync::atomic::AtomicU64,
}

impl Shared<'_> {
    /// Spends `steps` units, after looking at the stop signal; `doing` says what
    /// for, in words.
    pub(crate) fn charge(
        &self,
        steps: u64,
        doing: impl FnOnce() -> String,
    ) -> Result<(), LimitExceeded> {
        use std::sync::atomic::Ordering;
        self.budget.check()?;
        let before = self.spent.fetch_add(steps, Ordering::Relaxed);
        if before.saturating_add(steps) > self.left {
            return Err(LimitExceeded {
                bound: Bound::Pairs,
                what: format!(
                    "{} needs more than the {} pairs left of the limit of {}",
                    doing(),
                    self.left,
                    self.budget.limit
                ),
            });
        }
        Ok(())
    }

    /// The units spent.
    pub(crate) fn spent(self) -> u64 {
        self.spent.into_inner()
    }
}

impl Budget {
    /// What is left of this budget, to be spent by several threads together.
    pub(crate) fn share(&self) -> Shared<'_> {
        Shared {
            budget: self,
            left: self.limit - self.spent,
            spent: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// Records the work of a [`Shared`] budget made from this one (at most what
    /// was left, as its charges checked).
    pub(crate) fn absorb(&mut self, spent: u64) {
        self.spent = self.spent.saturating_add(spent).min(self.limit);
    }
}

/// A [`Budget`] was exhausted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LimitExceeded {
    /// Which bound: [`Bound::Pairs`] (the budget), [`Bound::Digits`] (the size of
    /// numbers), [`Bound::Equilibria`] (the subgame-perfect equilibria listed) or
    /// [`Bound::Time`] (a stop signal ended the work).
    pub bound: Bound,
    /// What needed more, in words.
    pub what: String,
}

impl fmt::Display for LimitExceeded {
    /// What needed more (a front end adds how to raise the bound).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what)
    }
}

impl std::error::Error for LimitExceeded {}

/// About how many decimal digits a number of `bits` bits has (log₁₀ 2 ≈ 0.30103).
fn digits(bits: u64) -> u64 {
    bits.saturating_mul(30_103).div_ceil(100_000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_given_stop_signal_ends_the_enumeration() {
        let game = read_game(
            r#"{"rows": ["a", "b"], "cols": ["c", "d"],
                "row_payoffs": [[3, 0], [0, 2]], "col_payoffs": [[2, 0], [0, 3]]}"#,
        )
        .unwrap();
        let stop = Arc::new(Stop::after(Duration::from_secs(3600)));
        let mut budget = Budget::new(1000).with_stop(Some(stop.clone()));
        assert_eq!(equilibria(&game, &mut budget).unwrap().list.len(), 3);
        stop.raise();
        let mut budget = Budget::new(1000).with_stop(Some(stop));
        let e = equilibria(&game, &mut budget).unwrap_err();
        assert_eq!(e.bound, Bound::Time);
        assert!(e.what.starts_with("the computation was stopped"), "{e}");
    }
}
