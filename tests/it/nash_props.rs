//! Property tests of `sprague::nash` against checks written here from the
//! definitions: an exact best-response test of every equilibrium, a brute force over
//! all pairs of equal-size supports (non-degenerate games), and a brute-force vertex
//! enumeration of the best-response polytopes that picks every set of tight
//! constraints (any game). None of them shares code with the library's enumeration.

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use proptest::prelude::*;
use sprague::nash::{Bimatrix, Budget, Player, equilibria, iterated_elimination, pure_equilibria};
use std::collections::BTreeSet;

type Q = num_rational::Ratio<BigInt>;

fn q(v: i64) -> Q {
    Q::from_integer(BigInt::from(v))
}

/// A game as two plain tables A (row player) and B (column player).
#[derive(Clone, Debug)]
struct Tables {
    a: Vec<Vec<Q>>,
    b: Vec<Vec<Q>>,
}

impl Tables {
    fn m(&self) -> usize {
        self.a.len()
    }
    fn n(&self) -> usize {
        self.a[0].len()
    }
    fn game(&self) -> Bimatrix {
        Bimatrix::new(
            (0..self.m()).map(|i| format!("r{i}")).collect(),
            (0..self.n()).map(|j| format!("c{j}")).collect(),
            self.a.clone(),
            self.b.clone(),
        )
        .unwrap()
    }
    /// (Ay)_i for every row i.
    fn row_values(&self, y: &[Q]) -> Vec<Q> {
        self.a
            .iter()
            .map(|row| row.iter().zip(y).map(|(a, p)| a * p).sum())
            .collect()
    }
    /// (xᵀB)_j for every column j.
    fn col_values(&self, x: &[Q]) -> Vec<Q> {
        (0..self.n())
            .map(|j| (0..self.m()).map(|i| &self.b[i][j] * &x[i]).sum())
            .collect()
    }
}

/// Every used strategy earns the most against the other's mix.
fn is_nash(t: &Tables, x: &[Q], y: &[Q]) -> bool {
    let dist = |v: &[Q]| v.iter().all(|p| !p.is_negative()) && v.iter().sum::<Q>() == Q::one();
    if !dist(x) || !dist(y) {
        return false;
    }
    let best_used = |values: Vec<Q>, mix: &[Q]| {
        let top = values.iter().max().unwrap().clone();
        values
            .iter()
            .zip(mix)
            .all(|(v, p)| p.is_zero() || *v == top)
    };
    best_used(t.row_values(y), x) && best_used(t.col_values(x), y)
}

/// The unique solution of a square system by Gaussian elimination over the
/// rationals, or None.
fn solve_unique(mut m: Vec<Vec<Q>>, mut rhs: Vec<Q>) -> Option<Vec<Q>> {
    let n = m.len();
    for c in 0..n {
        let p = (c..n).find(|&r| !m[r][c].is_zero())?;
        m.swap(c, p);
        rhs.swap(c, p);
        for r in 0..n {
            if r != c && !m[r][c].is_zero() {
                let f = &m[r][c] / &m[c][c];
                let pivot_row = m[c].clone();
                for (v, p) in m[r].iter_mut().zip(&pivot_row).skip(c) {
                    *v -= &f * p;
                }
                let sub = &f * &rhs[c];
                rhs[r] -= sub;
            }
        }
    }
    Some((0..n).map(|i| &rhs[i] / &m[i][i]).collect())
}

fn subsets(n: usize) -> Vec<Vec<usize>> {
    (1u32..1 << n)
        .map(|mask| (0..n).filter(|&i| mask >> i & 1 == 1).collect())
        .collect()
}

type Profile = (Vec<Q>, Vec<Q>);

/// Support enumeration from the textbook: for supports S, J of equal size, solve
/// "every row of S earns u against y, y sums to 1, y is 0 off J" and the same for x;
/// keep unique, positive solutions whose supports are best responses.
fn brute_support_enumeration(t: &Tables) -> BTreeSet<Profile> {
    let (m, n) = (t.m(), t.n());
    let mut found = BTreeSet::new();
    for s in subsets(m) {
        for j in subsets(n) {
            if s.len() != j.len() {
                continue;
            }
            let k = s.len();
            // Unknowns y_J and u.
            let mut rows_eq: Vec<Vec<Q>> = s
                .iter()
                .map(|&i| {
                    let mut r: Vec<Q> = j.iter().map(|&c| t.a[i][c].clone()).collect();
                    r.push(q(-1));
                    r
                })
                .collect();
            let mut last = vec![q(1); k];
            last.push(q(0));
            rows_eq.push(last);
            let mut rhs = vec![q(0); k];
            rhs.push(q(1));
            let Some(ys) = solve_unique(rows_eq, rhs) else {
                continue;
            };
            // Unknowns x_S and v.
            let mut cols_eq: Vec<Vec<Q>> = j
                .iter()
                .map(|&c| {
                    let mut r: Vec<Q> = s.iter().map(|&i| t.b[i][c].clone()).collect();
                    r.push(q(-1));
                    r
                })
                .collect();
            let mut last = vec![q(1); k];
            last.push(q(0));
            cols_eq.push(last);
            let mut rhs = vec![q(0); k];
            rhs.push(q(1));
            let Some(xs) = solve_unique(cols_eq, rhs) else {
                continue;
            };
            if ys[..k].iter().chain(&xs[..k]).any(|p| !p.is_positive()) {
                continue;
            }
            let mut x = vec![q(0); m];
            for (idx, &i) in s.iter().enumerate() {
                x[i] = xs[idx].clone();
            }
            let mut y = vec![q(0); n];
            for (idx, &c) in j.iter().enumerate() {
                y[c] = ys[idx].clone();
            }
            if is_nash(t, &x, &y) {
                found.insert((x, y));
            }
        }
    }
    found
}

/// A polytope vertex with its labels.
type Labelled = (Vec<Q>, BTreeSet<usize>);

/// The non-zero vertices of { z ≥ 0 : Cᵀz ≤ 1 } (C = `coef`, own × other, positive)
/// with their labels (own strategies at zero: own index; tight others: `dim` +
/// index), by trying every set of `dim` constraints as equalities; and whether some
/// vertex has more than `dim` labels.
fn vertices(coef: &[Vec<Q>]) -> (Vec<Labelled>, bool) {
    let dim = coef.len();
    let others = coef[0].len();
    let total = dim + others;
    let constraint = |c: usize| -> (Vec<Q>, Q) {
        if c < dim {
            let mut r = vec![q(0); dim];
            r[c] = q(1);
            (r, q(0))
        } else {
            ((0..dim).map(|i| coef[i][c - dim].clone()).collect(), q(1))
        }
    };
    let mut found: Vec<Labelled> = Vec::new();
    let mut too_many = false;
    for mask in 0u32..1 << total {
        if mask.count_ones() as usize != dim {
            continue;
        }
        let chosen: Vec<usize> = (0..total).filter(|&c| mask >> c & 1 == 1).collect();
        let (m, rhs): (Vec<_>, Vec<_>) = chosen.iter().map(|&c| constraint(c)).unzip();
        let Some(z) = solve_unique(m, rhs) else {
            continue;
        };
        if z.iter().any(|v| v.is_negative()) {
            continue;
        }
        let mut labels = BTreeSet::new();
        let mut feasible = true;
        for c in 0..total {
            let (row, bound) = constraint(c);
            let lhs: Q = row.iter().zip(&z).map(|(a, b)| a * b).sum();
            if c < dim {
                if lhs.is_zero() {
                    labels.insert(c);
                }
            } else if lhs > bound {
                feasible = false;
            } else if lhs == bound {
                labels.insert(c);
            }
        }
        if !feasible {
            continue;
        }
        too_many |= labels.len() > dim;
        if z.iter().all(|v| v.is_zero()) || found.iter().any(|(w, _)| *w == z) {
            continue;
        }
        found.push((z, labels));
    }
    (found, too_many)
}

/// Extreme equilibria as completely labelled vertex pairs, and degeneracy.
fn brute_vertex_enumeration(t: &Tables) -> (BTreeSet<Profile>, bool) {
    let (m, n) = (t.m(), t.n());
    let positive = |table: &Vec<Vec<Q>>| -> Vec<Vec<Q>> {
        let min = table.iter().flatten().min().unwrap().clone();
        table
            .iter()
            .map(|r| r.iter().map(|v| v - &min + q(1)).collect())
            .collect()
    };
    // P: the row player's x against B; Q: the column player's y against A.
    let bp = positive(&t.b);
    let ap = positive(&t.a);
    let ap_t: Vec<Vec<Q>> = (0..n)
        .map(|j| (0..m).map(|i| ap[i][j].clone()).collect())
        .collect();
    let (pv, p_deg) = vertices(&bp);
    let (qv, q_deg) = vertices(&ap_t);
    // Relabel: rows are 0..m, columns m..m+n in both.
    let relabel_q = |l: &BTreeSet<usize>| -> BTreeSet<usize> {
        l.iter()
            .map(|&v| if v < n { m + v } else { v - n })
            .collect()
    };
    let normal = |v: &[Q]| {
        let s: Q = v.iter().sum();
        v.iter().map(|x| x / &s).collect::<Vec<Q>>()
    };
    let mut found = BTreeSet::new();
    for (x, lx) in &pv {
        for (y, ly) in &qv {
            let ly = relabel_q(ly);
            if (0..m + n).all(|l| lx.contains(&l) || ly.contains(&l)) {
                found.insert((normal(x), normal(y)));
            }
        }
    }
    (found, p_deg || q_deg)
}

fn tables(range: i64, den: i64) -> impl Strategy<Value = Tables> {
    (1usize..=4, 1usize..=4).prop_flat_map(move |(m, n)| {
        let entry = (-range..=range, 1..=den).prop_map(|(p, d)| Q::new(p.into(), d.into()));
        let table = prop::collection::vec(prop::collection::vec(entry, n), m);
        (table.clone(), table).prop_map(|(a, b)| Tables { a, b })
    })
}

fn check(t: &Tables) -> Result<(), TestCaseError> {
    let g = t.game();
    let all = equilibria(&g, &mut Budget::new(1_000_000)).unwrap();
    // Every listed profile is a Nash equilibrium, listed once, in the documented order.
    for e in &all.list {
        prop_assert!(is_nash(t, &e.row, &e.col), "not an equilibrium: {e:?}");
        prop_assert_eq!(
            &e.payoffs.0,
            &t.row_values(&e.col)
                .iter()
                .zip(&e.row)
                .map(|(v, p)| v * p)
                .sum::<Q>()
        );
        prop_assert_eq!(
            &e.payoffs.1,
            &t.col_values(&e.row)
                .iter()
                .zip(&e.col)
                .map(|(v, p)| v * p)
                .sum::<Q>()
        );
    }
    let support = |v: &[Q]| {
        (0..v.len())
            .filter(|&i| !v[i].is_zero())
            .collect::<Vec<_>>()
    };
    let key = |x: &[Q], y: &[Q]| {
        let (s, j) = (support(x), support(y));
        (s.len(), j.len(), s, j, x.to_vec(), y.to_vec())
    };
    let keys: Vec<_> = all.list.iter().map(|e| key(&e.row, &e.col)).collect();
    prop_assert!(keys.windows(2).all(|w| w[0] < w[1]), "order or duplicates");
    let listed: BTreeSet<Profile> = all
        .list
        .iter()
        .map(|e| (e.row.clone(), e.col.clone()))
        .collect();

    let (extreme, degenerate) = brute_vertex_enumeration(t);
    prop_assert_eq!(all.degenerate, degenerate);
    prop_assert_eq!(&listed, &extreme);
    if degenerate {
        // The witness: a mixed strategy with more pure best responses than it uses.
        let w = all.degeneracy.clone().unwrap();
        let values = match w.player {
            Player::Row => t.col_values(&w.strategy),
            Player::Col => t.row_values(&w.strategy),
        };
        let top = values.iter().max().unwrap();
        let best: Vec<usize> = (0..values.len()).filter(|&i| values[i] == *top).collect();
        prop_assert_eq!(&best, &w.best_responses);
        prop_assert!(best.len() > support(&w.strategy).len());
    } else {
        prop_assert_eq!(&listed, &brute_support_enumeration(t));
    }

    // Pure equilibria: the cells where both are best responses, all in the list.
    let pure: Vec<(usize, usize)> = pure_equilibria(&g).iter().map(|p| (p.row, p.col)).collect();
    let mut cells = Vec::new();
    for i in 0..t.m() {
        for j in 0..t.n() {
            let row_best = (0..t.m()).all(|r| t.a[r][j] <= t.a[i][j]);
            let col_best = (0..t.n()).all(|c| t.b[i][c] <= t.b[i][j]);
            if row_best && col_best {
                cells.push((i, j));
            }
        }
    }
    prop_assert_eq!(&pure, &cells);
    let listed_pure: Vec<(usize, usize)> = all.list.iter().filter_map(|e| e.pure()).collect();
    prop_assert_eq!(&listed_pure, &cells);

    // No equilibrium uses a strategy removed by iterated strict dominance.
    let left = iterated_elimination(&g, &mut Budget::new(1_000_000)).unwrap();
    for e in &all.list {
        prop_assert!(support(&e.row).iter().all(|i| left.rows.contains(i)));
        prop_assert!(support(&e.col).iter().all(|j| left.cols.contains(j)));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Wide integer payoffs: mostly non-degenerate games.
    #[test]
    fn wide_integer_games(t in tables(60, 1)) {
        check(&t)?;
    }

    /// Payoffs in -2..=2: ties everywhere, mostly degenerate games.
    #[test]
    fn small_integer_games(t in tables(2, 1)) {
        check(&t)?;
    }

    /// Fractional payoffs p/d with d up to 6.
    #[test]
    fn fractional_games(t in tables(9, 6)) {
        check(&t)?;
    }
}

#[test]
fn zero_one_games_up_to_2x2_exhaustively() {
    // Every 2×2 game with payoffs in {0, 1}: 256 games, most of them degenerate.
    for bits in 0u32..256 {
        let v = |k: u32| q(i64::from(bits >> k & 1));
        let t = Tables {
            a: vec![vec![v(0), v(1)], vec![v(2), v(3)]],
            b: vec![vec![v(4), v(5)], vec![v(6), v(7)]],
        };
        check(&t).unwrap();
    }
}
