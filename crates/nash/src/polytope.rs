//! The best-response polytopes of a bimatrix game (von Stengel; Avis, Rosenberg,
//! Savani and von Stengel 2010), in exact integer arithmetic.
//!
//! With the column player's payoffs `B` made positive, the row player's polytope is
//! `P = { x ≥ 0 : Bᵀx ≤ 1 }`; likewise `Q = { y ≥ 0 : Ay ≤ 1 }` for the column
//! player. A point `x ≠ 0` of `P` stands for the mixed strategy `x / Σx`; the facets
//! it lies on are its *labels*: the row strategies it does not use, and the column
//! strategies that are best responses to it. Every vertex of `P` is found by choosing
//! a row support `S` and as many columns `J` and solving `B[S,J]ᵀ x_S = 1`, so
//! enumerating the pairs of equal-size supports enumerates the vertices.

use super::linear::{self, Overflow};
use super::{Bimatrix, Budget, LimitExceeded, Player, Rational};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

/// One player's side: the opponent's payoffs as positive integers, `coef[own][other]`
/// (what the opponent gets from `other` when this player plays `own`), scaled by a
/// positive factor and shifted, which changes no best response.
pub(crate) struct Side {
    coef: Vec<Vec<BigInt>>,
    /// The same transposed (`small[other][own]`), when every entry fits in an
    /// `i64`: the fast path.
    small: Option<Vec<Vec<i64>>>,
    others: usize,
}

/// A vertex of a best-response polytope other than 0, up to scaling, with the facts
/// its labels are made of.
#[derive(Clone)]
pub(crate) struct Vertex {
    /// The direction of the vertex: the strategies used (increasing) and their
    /// positive integer weights, with gcd 1. Two vertices are equal exactly when
    /// their directions are (a ray from 0 leaves the polytope at one point).
    pub direction: (Vec<usize>, Vec<BigInt>),
    /// The opponent's strategies that are best responses.
    pub best: Vec<usize>,
}

impl Vertex {
    /// A vertex from its coordinates' numerators over `own_set` (some may be zero).
    fn new(own_set: &[usize], num: Vec<BigInt>, best: Vec<usize>) -> Vertex {
        let g = num.iter().fold(BigInt::zero(), |g, v| g.gcd(v));
        let (used, weights) = own_set
            .iter()
            .zip(num)
            .filter(|(_, v)| !v.is_zero())
            .map(|(&s, v)| (s, v / &g))
            .unzip();
        Vertex {
            direction: (used, weights),
            best,
        }
    }

    /// The mixed strategy over `len` strategies: the weights normalised to sum 1.
    pub fn probabilities(&self, len: usize) -> Vec<Rational> {
        let (used, weights) = &self.direction;
        let total: BigInt = weights.iter().sum();
        let mut p = vec![Rational::zero(); len];
        for (&s, w) in used.iter().zip(weights) {
            p[s] = Rational::new(w.clone(), total.clone());
        }
        p
    }

    /// The number of strategies used.
    pub(crate) fn support_size(&self) -> usize {
        self.direction.0.len()
    }
}

impl Side {
    /// The positive integer standing for what the opponent gets from `other` when
    /// this player plays `own`.
    pub fn coefficient(&self, own: usize, other: usize) -> &BigInt {
        &self.coef[own][other]
    }

    /// The sides of both players, the row player's first.
    pub fn both(game: &Bimatrix) -> [Side; 2] {
        [Side::new(game, Player::Row), Side::new(game, Player::Col)]
    }

    /// The side of player `p`, whose mixed strategies are the points of the polytope.
    pub fn new(game: &Bimatrix, p: Player) -> Side {
        let q = p.other();
        let own = game.count(p);
        let others = game.count(q);
        // The opponent's payoffs times the lcm of their denominators, minus the
        // smallest, plus one: positive integers.
        let mut lcm = BigInt::one();
        for o in 0..others {
            for s in 0..own {
                lcm = lcm.lcm(game.payoff(q, o, s).denom());
            }
        }
        let scaled: Vec<Vec<BigInt>> = (0..own)
            .map(|s| {
                (0..others)
                    .map(|o| (game.payoff(q, o, s) * &lcm).to_integer())
                    .collect()
            })
            .collect();
        let min = scaled.iter().flatten().min().cloned().unwrap_or_default();
        let shift = BigInt::one() - min;
        let coef: Vec<Vec<BigInt>> = scaled
            .into_iter()
            .map(|row| row.into_iter().map(|v| v + &shift).collect())
            .collect();
        let small = (0..others)
            .map(|o| {
                coef.iter()
                    .map(|row| i64::try_from(&row[o]))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()
            .ok();
        Side {
            coef,
            small,
            others,
        }
    }

    /// The vertex of the polytope with `own_set` as the strategies that may be used
    /// and `other_set` as best responses (`B[S,J]ᵀ x_S = 1`), if that system has one
    /// solution and it lies in the polytope.
    /// The elimination in big integers looks at `budget`'s stop signal before each
    /// pivot.
    pub fn vertex(
        &self,
        own_set: &[usize],
        other_set: &[usize],
        budget: &Budget,
    ) -> Result<Option<Vertex>, LimitExceeded> {
        if let Some(small) = &self.small
            && let Ok(v) = self.vertex_small(small, own_set, other_set)
        {
            return Ok(v);
        }
        self.vertex_big(own_set, other_set, budget)
    }

    /// [`Side::vertex`] in machine integers, or `Err` on overflow.
    fn vertex_small(
        &self,
        small: &[Vec<i64>],
        own_set: &[usize],
        other_set: &[usize],
    ) -> Result<Option<Vertex>, Overflow> {
        let k = own_set.len();
        let mut a = Vec::with_capacity(k * (k + 1));
        for &o in other_set {
            a.extend(own_set.iter().map(|&s| i128::from(small[o][s])));
            a.push(1);
        }
        let Some((det, num)) = linear::solve_small(k, &mut a)? else {
            return Ok(None);
        };
        if num.iter().any(|&v| v < 0) {
            return Ok(None);
        }
        let mut best = Vec::new();
        for (o, column) in small.iter().enumerate() {
            let mut value: i128 = 0;
            for (&s, &x) in own_set.iter().zip(&num) {
                value = i128::from(column[s])
                    .checked_mul(x)
                    .and_then(|t| t.checked_add(value))
                    .ok_or(Overflow)?;
            }
            match value.cmp(&det) {
                std::cmp::Ordering::Greater => return Ok(None),
                std::cmp::Ordering::Equal => best.push(o),
                std::cmp::Ordering::Less => {}
            }
        }
        let num = num.into_iter().map(BigInt::from).collect();
        Ok(Some(Vertex::new(own_set, num, best)))
    }

    /// [`Side::vertex`] in big integers.
    fn vertex_big(
        &self,
        own_set: &[usize],
        other_set: &[usize],
        budget: &Budget,
    ) -> Result<Option<Vertex>, LimitExceeded> {
        let k = own_set.len();
        // Equation r: Σ_c coef[own_set[c]][other_set[r]] · x_c = 1.
        let m: Vec<Vec<BigInt>> = other_set
            .iter()
            .map(|&o| own_set.iter().map(|&s| self.coef[s][o].clone()).collect())
            .collect();
        let Some((det, num)) = linear::solve_until(m, vec![BigInt::one(); k], || budget.check())?
        else {
            return Ok(None);
        };
        if num.iter().any(|v| v.is_negative()) {
            return Ok(None);
        }
        // Feasible: no opponent strategy pays more than 1 (scaled by det).
        let mut best = Vec::new();
        for o in 0..self.others {
            budget.check()?;
            let value: BigInt = own_set
                .iter()
                .zip(&num)
                .filter(|(_, x)| !x.is_zero())
                .map(|(&s, x)| &self.coef[s][o] * x)
                .sum();
            match value.cmp(&det) {
                std::cmp::Ordering::Greater => return Ok(None),
                std::cmp::Ordering::Equal => best.push(o),
                std::cmp::Ordering::Less => {}
            }
        }
        Ok(Some(Vertex::new(own_set, num, best)))
    }
}
