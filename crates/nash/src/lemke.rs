//! Some equilibria quickly: the Lemke–Howson algorithm (complementary pivoting on
//! the two best-response polytopes, von Stengel's formulation), once for each
//! missing label, in exact integer arithmetic with the lexicographic rule, so that
//! degenerate games need no special care.
//!
//! Both polytopes start at 0, where every label is present once. Dropping label `k`
//! (entering its variable in the polytope where it is a nonbasic variable) leaves one
//! variable, whose label is then present in both polytopes: its partner variable in
//! the other polytope enters next. The path ends when label `k` comes back: the two
//! points are then completely labelled, an equilibrium. Under the lexicographic rule
//! each basis behaves as a vertex of a non-degenerate perturbed game, so the path
//! never cycles, and its end is a basic solution of both polytopes, a vertex pair:
//! an extreme equilibrium of the game.

use super::equilibria::{Degeneracy, Equilibria, Equilibrium, Method, profile};
use super::number::{order, same};
use super::pivot::{Dictionary, Place};
use super::polytope::Side;
use super::vertices::{dictionary, label};
use super::{Bimatrix, Budget, LimitExceeded, Player, Rational};
use num_bigint::BigInt;
use num_traits::Zero;
use std::collections::BTreeSet;

const SIDES: [Player; 2] = [Player::Row, Player::Col];

/// The variable of player `p`'s dictionary with label `l` (see [`label`]).
fn variable(p: Player, m: usize, own: usize, l: usize) -> usize {
    match (p, l < m) {
        (Player::Row, _) => l,
        (Player::Col, true) => own + l,
        (Player::Col, false) => l - m,
    }
}

/// The distinct equilibria at the ends of the Lemke–Howson paths from 0 with each
/// of the `m + n` labels missing, in the documented order; `complete` is false.
/// Each pivot is one unit of `budget`.
pub(crate) fn lemke_howson(
    game: &Bimatrix,
    budget: &mut Budget,
) -> Result<Equilibria, LimitExceeded> {
    budget.check_sizes(game)?;
    let m = game.count(Player::Row);
    let n = game.count(Player::Col);
    let start = [
        dictionary(&Side::new(game, Player::Row), game, Player::Row),
        dictionary(&Side::new(game, Player::Col), game, Player::Col),
    ];
    let what = || format!("Lemke–Howson pivoting on a {m}×{n} game (one pair per pivot)");
    let mut found = BTreeSet::new();
    for k in 0..m + n {
        let mut d = start.clone();
        let (mut t, mut var) = if k < m { (0, k) } else { (1, k - m) };
        let ended = loop {
            budget.check()?;
            budget.spend_steps(1, what)?;
            let p = SIDES[t];
            let Place::Col(c) = d[t].place(var) else {
                debug_assert!(false, "the entering variable is nonbasic");
                break false;
            };
            let Some(r) = d[t].leaving(c) else {
                debug_assert!(false, "a best-response polytope is bounded");
                break false;
            };
            let left = d[t].basic(r);
            d[t].pivot(r, c, budget)?;
            let l = label(p, m, game.count(p), left);
            if l == k {
                break true;
            }
            t = 1 - t;
            let q = SIDES[t];
            var = variable(q, m, game.count(q), l);
        };
        if ended {
            let x = point(&d[0], m);
            let y = point(&d[1], n);
            found.insert(profile(game, x, y));
        }
    }
    let list: Vec<Equilibrium> = found.into_iter().collect();
    let degeneracy = witness(game, &list);
    Ok(Equilibria {
        list,
        degenerate: degeneracy.is_some(),
        degeneracy,
        method: Method::LemkeHowson,
        complete: false,
    })
}

/// The mixed strategy at the dictionary's basis: its coordinates, normalised.
fn point(d: &Dictionary, own: usize) -> Vec<Rational> {
    let values: Vec<BigInt> = (0..own)
        .map(|v| match d.place(v) {
            Place::Row(r) => d.rhs(r),
            Place::Col(_) => BigInt::zero(),
        })
        .collect();
    let total: BigInt = values.iter().sum();
    values
        .into_iter()
        .map(|v| Rational::new(v, total.clone()))
        .collect()
}

/// A strategy of a found equilibrium with more best responses than it uses, if
/// any: the fewest strategies used, the row player first, then by support and best
/// responses.
fn witness(game: &Bimatrix, list: &[Equilibrium]) -> Option<Degeneracy> {
    let mut best: Option<(usize, Vec<usize>, Degeneracy)> = None;
    for e in list {
        for p in SIDES {
            let s = e.strategy(p);
            let q = p.other();
            let values: Vec<Rational> = (0..game.count(q))
                .map(|o| game.pure_against(q, o, s))
                .collect();
            let Some(top) = values.iter().max_by(|a, b| order(a, b)) else {
                continue;
            };
            let responses: Vec<usize> = (0..values.len())
                .filter(|&o| same(&values[o], top))
                .collect();
            let support = e.support(p);
            if responses.len() <= support.len() {
                continue;
            }
            let candidate = Degeneracy {
                player: p,
                strategy: s.to_vec(),
                best_responses: responses,
            };
            let key = |size: usize, d: &Degeneracy, sup: &Vec<usize>| {
                (size, d.player, sup.clone(), d.best_responses.clone())
            };
            if best.as_ref().is_none_or(|(size, sup, d)| {
                key(support.len(), &candidate, &support) < key(*size, d, sup)
            }) {
                best = Some((support.len(), support, candidate));
            }
        }
    }
    best.map(|(_, _, d)| d)
}
