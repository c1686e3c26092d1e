//! Some equilibria quickly: the Lemke–Howson algorithm (complementary pivoting on
//! the two best-response polytopes, von Stengel's formulation), once for each
//! missing label, with the lexicographic rule, so that degenerate games need no
//! special care.
//!
//! Both polytopes start at 0, where every label is present once. Dropping label `k`
//! (entering its variable in the polytope where it is a nonbasic variable) leaves one
//! variable, whose label is then present in both polytopes: its partner variable in
//! the other polytope enters next. The path ends when label `k` comes back: the two
//! points are then completely labelled, an equilibrium. Under the lexicographic rule
//! each basis behaves as a vertex of a non-degenerate perturbed game, so the path
//! never cycles, and its end is a basic solution of both polytopes, a vertex pair:
//! an extreme equilibrium of the game.
//!
//! Each path is first followed in floating point ([`float_pivot`](super::float_pivot)),
//! which is fast but proves nothing: its end basis only proposes the strategies each
//! player may use and the opponent's strategies that are best responses. The two
//! vertices so named are then solved for in exact integers, and kept only when they
//! are in the polytopes and completely labelled, which makes them an equilibrium
//! (checked, not assumed). When a proposal fails that check, or the path breaks down
//! in floating point, the path of that label is followed again in exact arithmetic.
//!
//! The paths in floating point share nothing, so they are followed side by side on
//! every core. They charge their work to one shared counter (a
//! [`Shared`](super::Shared) budget), whose total does not depend on the order the
//! threads run in, so whether a limit is reached does not either; the answer is
//! assembled in the order of the labels, the same on any number of cores.

use super::equilibria::{Degeneracy, Equilibria, Equilibrium, Method, profile};
use super::float_pivot::FloatDictionary;
use super::number::{order, same};
use super::pivot::{Dictionary, Place};
use super::polytope::{Side, Vertex};
use super::vertices::{dictionary, label};
use super::{Bimatrix, Budget, LimitExceeded, Player, Rational, Shared};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

const SIDES: [Player; 2] = [Player::Row, Player::Col];

/// The units of work of the budget: one per this many entries an exact pivot
/// updates, times the square of their size in machine words (about 10 µs of work).
const EXACT_ENTRIES_PER_UNIT: u64 = 1024;

/// One unit per this many entries a pivot in floating point computes (a few µs).
const FLOAT_ENTRIES_PER_UNIT: u64 = 16_384;

/// A path in floating point charges its units (and looks at the stop signal) once
/// they reach this many: every 64 pivots at most, some hundred microseconds.
const FLOAT_UNITS_PER_CHARGE: u64 = 64;

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
/// Each pivot costs at least one unit of `budget`: one per 16 384 entries it
/// computes in floating point, one per 1024 in exact arithmetic times the square of
/// the numbers' machine words.
pub(crate) fn lemke_howson(
    game: &Bimatrix,
    budget: &mut Budget,
) -> Result<Equilibria, LimitExceeded> {
    let found: BTreeMap<Equilibrium, [Vec<usize>; 2]> =
        ends(game, budget, true)?.0.into_iter().collect();
    let degeneracy = witness(&found);
    let list: Vec<Equilibrium> = found.into_keys().collect();
    Ok(Equilibria {
        list,
        degenerate: degeneracy.is_some(),
        degeneracy,
        method: Method::LemkeHowson,
        complete: false,
    })
}

/// An equilibrium at the end of a path, with the best responses to each player's
/// strategy (the column player's to the row player's first) when known.
type Ended = (Equilibrium, [Vec<usize>; 2]);

/// A basis of both polytopes at the end of a path: for each player, the own
/// strategies basic and the opponent's strategies whose slacks are nonbasic.
type Basis = [(Vec<usize>, Vec<usize>); 2];

/// The end of the path of each missing label in turn, `0..m + n` (each path ends
/// at an equilibrium, so the list has one per label), and how many of
/// them were followed in exact arithmetic. With `float`, each path is first
/// followed in floating point and its end certified exactly; otherwise (and when
/// that fails) in exact arithmetic only.
pub(crate) fn ends(
    game: &Bimatrix,
    budget: &mut Budget,
    float: bool,
) -> Result<(Vec<Ended>, usize), LimitExceeded> {
    budget.check_sizes(game)?;
    let m = game.count(Player::Row);
    let n = game.count(Player::Col);
    let sides = Side::both(game);
    let what = || {
        format!("Lemke–Howson pivoting on a {m}×{n} game (pairs by the entries each pivot updates)")
    };
    let floats = if float {
        let f = |p: usize| {
            let own = game.count(SIDES[p]);
            let others = game.count(SIDES[p].other());
            FloatDictionary::new(others, own, |o, s| {
                sides[p].coefficient(s, o).to_f64().unwrap_or(f64::INFINITY)
            })
        };
        f(0).zip(f(1))
    } else {
        None
    };
    // The paths in floating point, side by side on every core (they share nothing).
    let proposals: Vec<Option<Basis>> = match &floats {
        Some((x, y)) => {
            let shared = budget.share();
            let found = (0..m + n)
                .into_par_iter()
                .map(|k| float_path(game, [x.clone(), y.clone()], k, &shared, &what))
                .collect::<Result<Vec<_>, _>>();
            let spent = shared.spent();
            budget.absorb(spent);
            found?
        }
        None => vec![None; m + n],
    };
    // The distinct ends, certified side by side: each on a copy of the budget (so
    // each within what is left of it), their work then charged together.
    let mut distinct: Vec<&Basis> = proposals.iter().flatten().collect();
    distinct.sort();
    distinct.dedup();
    let start = budget.clone();
    let done: Vec<Result<(Option<Ended>, u64), LimitExceeded>> = distinct
        .par_iter()
        .map(|basis| {
            let mut own = start.clone();
            let e = certify(game, &sides, basis, &mut own)?;
            Ok((e, own.spent() - start.spent()))
        })
        .collect();
    let mut certified: BTreeMap<&Basis, Option<Ended>> = BTreeMap::new();
    let mut spent = 0u64;
    for (basis, result) in distinct.into_iter().zip(done) {
        let (e, work) = result?;
        spent = spent.saturating_add(work);
        certified.insert(basis, e);
    }
    budget.spend_steps(spent, || format!("{} (certifying the ends)", what()))?;
    let mut list = Vec::with_capacity(m + n);
    let mut exact = 0;
    for (k, proposal) in proposals.iter().enumerate() {
        if let Some(basis) = proposal
            && let Some(Some(e)) = certified.get(basis)
        {
            list.push(e.clone());
            continue;
        }
        exact += 1;
        if let Some(e) = exact_path(game, &sides, k, budget, &what)? {
            let best = SIDES.map(|p| best_responses(game, p, e.strategy(p)));
            list.push((e, best));
        }
    }
    Ok((list, exact))
}

/// Charges `work` entries, `per_unit` to a unit (rounded up, at least one), to
/// `budget`, after looking at its stop signal.
fn charge(
    budget: &mut Budget,
    work: u64,
    per_unit: u64,
    what: &impl Fn() -> String,
) -> Result<(), LimitExceeded> {
    budget.check()?;
    budget.spend_steps(work.div_ceil(per_unit).max(1), what)
}

/// The path of missing label `k` in floating point: the basis at its end, or `None`
/// when it broke down (no entering row, a result not finite, a pair of bases seen
/// twice, which an exact path never does).
fn float_path(
    game: &Bimatrix,
    mut d: [FloatDictionary; 2],
    k: usize,
    budget: &Shared,
    what: &impl Fn() -> String,
) -> Result<Option<Basis>, LimitExceeded> {
    let m = game.count(Player::Row);
    let (mut t, mut var) = if k < m { (0, k) } else { (1, k - m) };
    // The pair of bases, by the exclusive or of a random-looking key per basic
    // variable: a collision only sends the path to exact arithmetic.
    let key = |t: usize, v: usize| mix((t as u64) << 32 | v as u64);
    let mut hash = 0u64;
    for (t, dt) in d.iter().enumerate() {
        for r in 0..dt.rows() {
            hash ^= key(t, dt.basic(r));
        }
    }
    let mut seen: HashSet<u64, BuildHasherDefault<Mixed>> = HashSet::default();
    // The units of the pivots since the last charge: charged, and the stop signal
    // looked at, every `FLOAT_UNITS_PER_CHARGE` of them and at the end.
    let mut units = 0;
    let ended = loop {
        units += d[t].work().div_ceil(FLOAT_ENTRIES_PER_UNIT).max(1);
        if units >= FLOAT_UNITS_PER_CHARGE {
            budget.charge(std::mem::take(&mut units), what)?;
        }
        let p = SIDES[t];
        let Place::Col(c) = d[t].place(var) else {
            break false;
        };
        let Some(r) = d[t].leaving(c) else {
            break false;
        };
        let left = d[t].basic(r);
        hash ^= key(t, left) ^ key(t, d[t].nonbasic(c));
        if !d[t].pivot(r, c) {
            break false;
        }
        let l = label(p, m, game.count(p), left);
        if l == k {
            break true;
        }
        if !seen.insert(hash) {
            break false;
        }
        t = 1 - t;
        let q = SIDES[t];
        var = variable(q, m, game.count(q), l);
    };
    budget.charge(units, what)?;
    if !ended {
        return Ok(None);
    }
    Ok(Some([0, 1].map(|t| {
        let own = game.count(SIDES[t]);
        let others = game.count(SIDES[t].other());
        (
            (0..own)
                .filter(|&v| matches!(d[t].place(v), Place::Row(_)))
                .collect(),
            (0..others)
                .filter(|&o| matches!(d[t].place(own + o), Place::Col(_)))
                .collect(),
        )
    })))
}

/// The hasher of keys that are already well mixed: the key itself.
#[derive(Default)]
struct Mixed(u64);

impl Hasher for Mixed {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = mix(self.0 ^ u64::from(b));
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// SplitMix64's finaliser: a well-mixed 64-bit key.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The equilibrium a basis stands for, when it is one, decided in exact arithmetic:
/// each player's point solves its square system (the own strategies of the basis
/// may be used, the opponent's named ones are best responses), lies in its
/// polytope (no negative coordinate, no opponent's strategy above the best), and
/// the two are completely labelled (each strategy used by one player is a best
/// response to the other's point).
pub(crate) fn certify(
    game: &Bimatrix,
    sides: &[Side; 2],
    basis: &Basis,
    budget: &mut Budget,
) -> Result<Option<Ended>, LimitExceeded> {
    let mut points = Vec::with_capacity(2);
    for t in 0..2 {
        let (own_set, other_set) = &basis[t];
        if own_set.len() != other_set.len() {
            return Ok(None);
        }
        budget.check()?;
        match sides[t].vertex(own_set, other_set, budget)? {
            Some(v) => points.push(v),
            None => return Ok(None),
        }
    }
    let (x, y) = (&points[0], &points[1]);
    let covered =
        |used: &[usize], best: &[usize]| used.iter().all(|s| best.binary_search(s).is_ok());
    if !covered(&x.direction.0, &y.best) || !covered(&y.direction.0, &x.best) {
        return Ok(None);
    }
    let m = game.count(Player::Row);
    let n = game.count(Player::Col);
    let e = Equilibrium {
        row: x.probabilities(m),
        col: y.probabilities(n),
        payoffs: (
            expected(game, Player::Row, x, y),
            expected(game, Player::Col, x, y),
        ),
    };
    Ok(Some((e, [x.best.clone(), y.best.clone()])))
}

/// What `p` expects when the row player plays vertex `x` and the column player
/// `y`, from their integer weights: `Σ xᵢ yⱼ aᵢⱼ` over the supports with the
/// payoffs over their common denominator, divided once by the weights' totals
/// and that denominator (a sum of fractions, each reduced, costs a gcd a term).
fn expected(game: &Bimatrix, p: Player, x: &Vertex, y: &Vertex) -> Rational {
    let ((rows, xw), (cols, yw)) = (&x.direction, &y.direction);
    let payoff = |i: usize, j: usize| match p {
        Player::Row => game.payoff(p, i, j),
        Player::Col => game.payoff(p, j, i),
    };
    let mut lcm = BigInt::one();
    for &i in rows {
        for &j in cols {
            let d = payoff(i, j).denom();
            if !d.is_one() {
                lcm = lcm.lcm(d);
            }
        }
    }
    let mut sum = BigInt::zero();
    for (&i, wi) in rows.iter().zip(xw) {
        let mut inner = BigInt::zero();
        for (&j, wj) in cols.iter().zip(yw) {
            let a = payoff(i, j);
            let scaled = if a.denom().is_one() {
                a.numer() * &lcm
            } else {
                a.numer() * (&lcm / a.denom())
            };
            inner += scaled * wj;
        }
        sum += inner * wi;
    }
    let total = |w: &[BigInt]| w.iter().sum::<BigInt>();
    Rational::new(sum, total(xw) * total(yw) * lcm)
}

/// The path of missing label `k` in exact arithmetic, which always ends at an
/// equilibrium (`None` would mean a dictionary broke its invariants).
fn exact_path(
    game: &Bimatrix,
    sides: &[Side; 2],
    k: usize,
    budget: &mut Budget,
    what: &impl Fn() -> String,
) -> Result<Option<Equilibrium>, LimitExceeded> {
    let m = game.count(Player::Row);
    let n = game.count(Player::Col);
    let mut d = [
        dictionary(&sides[0], game, Player::Row),
        dictionary(&sides[1], game, Player::Col),
    ];
    let (mut t, mut var) = if k < m { (0, k) } else { (1, k - m) };
    loop {
        charge(budget, d[t].pivot_work(), EXACT_ENTRIES_PER_UNIT, what)?;
        let p = SIDES[t];
        let Place::Col(c) = d[t].place(var) else {
            debug_assert!(false, "the entering variable is nonbasic");
            return Ok(None);
        };
        let Some(r) = d[t].leaving(c) else {
            debug_assert!(false, "a best-response polytope is bounded");
            return Ok(None);
        };
        let left = d[t].basic(r);
        d[t].pivot(r, c, budget)?;
        let l = label(p, m, game.count(p), left);
        if l == k {
            break;
        }
        t = 1 - t;
        let q = SIDES[t];
        var = variable(q, m, game.count(q), l);
    }
    Ok(Some(profile(game, point(&d[0], m), point(&d[1], n))))
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

/// The opponent's pure best responses to `p`'s mixed strategy `s`.
fn best_responses(game: &Bimatrix, p: Player, s: &[Rational]) -> Vec<usize> {
    let q = p.other();
    let values: Vec<Rational> = (0..game.count(q))
        .map(|o| game.pure_against(q, o, s))
        .collect();
    let Some(top) = values.iter().max_by(|a, b| order(a, b)) else {
        return Vec::new();
    };
    (0..values.len())
        .filter(|&o| same(&values[o], top))
        .collect()
}

/// A strategy of a found equilibrium with more best responses than it uses, if
/// any: the fewest strategies used, the row player first, then by support and best
/// responses.
fn witness(found: &BTreeMap<Equilibrium, [Vec<usize>; 2]>) -> Option<Degeneracy> {
    let mut best: Option<(usize, Vec<usize>, Degeneracy)> = None;
    for (e, responses) in found {
        for (p, responses) in SIDES.into_iter().zip(responses) {
            let support = e.support(p);
            if responses.len() <= support.len() {
                continue;
            }
            let candidate = Degeneracy {
                player: p,
                strategy: e.strategy(p).to_vec(),
                best_responses: responses.clone(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equilibria::equilibria_by;
    use num_traits::Signed;

    /// A fixed linear congruential sequence.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: u64) -> i64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n) as i64
        }
    }

    fn game(r: &mut Lcg, m: usize, n: usize, low: i64, span: u64) -> Bimatrix {
        let mut table = || -> Vec<Vec<Rational>> {
            (0..m)
                .map(|_| {
                    (0..n)
                        .map(|_| Rational::from(BigInt::from(low + r.below(span))))
                        .collect()
                })
                .collect()
        };
        let (a, b) = (table(), table());
        Bimatrix::new(
            (0..m).map(|i| format!("r{i}")).collect(),
            (0..n).map(|j| format!("c{j}")).collect(),
            a,
            b,
        )
        .unwrap()
    }

    /// `g` with each payoff divided by 1, 2, 3 or 7 at random.
    fn fractions(g: &Bimatrix, r: &mut Lcg) -> Bimatrix {
        let (m, n) = (g.count(Player::Row), g.count(Player::Col));
        let mut table = |p: Player| -> Vec<Vec<Rational>> {
            (0..m)
                .map(|i| {
                    (0..n)
                        .map(|j| {
                            let v = match p {
                                Player::Row => g.payoff(p, i, j),
                                Player::Col => g.payoff(p, j, i),
                            };
                            let d = [1, 2, 3, 7][r.below(4) as usize];
                            v / Rational::from(BigInt::from(d))
                        })
                        .collect()
                })
                .collect()
        };
        let (a, b) = (table(Player::Row), table(Player::Col));
        Bimatrix::new(
            (0..m).map(|i| format!("r{i}")).collect(),
            (0..n).map(|j| format!("c{j}")).collect(),
            a,
            b,
        )
        .unwrap()
    }

    /// Whether `e` is an equilibrium of `g`, from the definition and the payoffs
    /// alone: probabilities that sum to 1, and no strategy used is worth less than
    /// another of the same player against the opponent's.
    fn genuine(g: &Bimatrix, e: &Equilibrium) -> bool {
        let one = Rational::from(BigInt::from(1));
        let mut ok = true;
        for (p, own, other) in [(Player::Row, &e.row, &e.col), (Player::Col, &e.col, &e.row)] {
            ok &= own.len() == g.count(p) && other.len() == g.count(p.other());
            ok &= own.iter().all(|q| !q.is_negative()) && own.iter().sum::<Rational>() == one;
            let value = |s: usize| -> Rational {
                (0..other.len())
                    .map(|o| g.payoff(p, s, o) * &other[o])
                    .sum()
            };
            let values: Vec<Rational> = (0..own.len()).map(value).collect();
            for (s, q) in own.iter().enumerate() {
                if !q.is_zero() {
                    ok &= values.iter().all(|v| *v <= values[s]);
                }
            }
        }
        ok
    }

    #[test]
    fn certified_ends_are_equilibria_and_follow_the_exact_paths() {
        let mut r = Lcg(1998);
        let (mut games, mut nondegenerate, mut fallbacks, mut paths) = (0, 0, 0, 0);
        for m in 1..=7 {
            for n in 1..=7 {
                for round in 0..8 {
                    // Payoffs 0..3 (ties, mostly degenerate) or -500..500 (mostly not),
                    // some of them fractions.
                    let mut g = if round % 2 == 0 {
                        game(&mut r, m, n, 0, 4)
                    } else {
                        game(&mut r, m, n, -500, 1001)
                    };
                    if round >= 6 {
                        g = fractions(&g, &mut r);
                    }
                    let (fast, exact) = ends(&g, &mut Budget::new(u64::MAX), true).unwrap();
                    let (slow, _) = ends(&g, &mut Budget::new(u64::MAX), false).unwrap();
                    assert_eq!(fast.len(), m + n, "{g:?}");
                    for (e, best) in &fast {
                        assert!(genuine(&g, e), "{e:?} in {g:?}");
                        let by_definition = (
                            g.expected(Player::Row, &e.row, &e.col),
                            g.expected(Player::Col, &e.row, &e.col),
                        );
                        assert_eq!(e.payoffs, by_definition, "{e:?} in {g:?}");
                        for p in SIDES {
                            assert_eq!(
                                best[usize::from(p == Player::Col)],
                                best_responses(&g, p, e.strategy(p))
                            );
                        }
                    }
                    for (e, _) in &slow {
                        assert!(genuine(&g, e), "{e:?} in {g:?}");
                    }
                    let all =
                        equilibria_by(&g, Method::Supports, &mut Budget::new(u64::MAX)).unwrap();
                    // Each end is a vertex pair: an extreme equilibrium, listed by
                    // the exact enumeration (degenerate games included).
                    for (e, _) in fast.iter().chain(&slow) {
                        assert!(all.list.contains(e), "{e:?} in {g:?}");
                    }
                    if !all.degenerate {
                        // One path from each label, the same in both arithmetics.
                        assert_eq!(fast, slow, "{g:?}");
                        nondegenerate += 1;
                    }
                    games += 1;
                    fallbacks += exact;
                    paths += m + n;
                }
            }
        }
        assert!(
            nondegenerate > games / 4 && nondegenerate < games * 3 / 4,
            "{nondegenerate} of {games}"
        );
        // The paths in floating point are followed, not given up.
        assert!(
            fallbacks * 100 < paths,
            "{fallbacks} of {paths} paths in exact arithmetic"
        );
    }

    #[test]
    fn the_work_bound_stops_the_paths() {
        let g = game(&mut Lcg(12), 12, 12, 0, 100);
        for float in [true, false] {
            let e = ends(&g, &mut Budget::new(5), float).unwrap_err();
            assert_eq!(e.bound, sprague_core::Bound::Pairs);
            assert!(
                e.what.starts_with("Lemke–Howson pivoting on a 12×12 game"),
                "{e}"
            );
        }
        // At least one unit per pivot, and each of the 24 paths has one at least.
        for float in [true, false] {
            let mut b = Budget::new(u64::MAX);
            ends(&g, &mut b, float).unwrap();
            assert!(b.spent() >= 24, "{}", b.spent());
        }
    }

    #[test]
    fn the_paths_side_by_side_spend_the_same_whatever_the_threads_do() {
        // The floating-point paths run on several threads and charge one counter: the
        // total, and so whether a limit is passed, is the same every run, and a
        // limit of exactly that total is enough.
        let g = game(&mut Lcg(31), 30, 30, 0, 100);
        let spent: Vec<u64> = (0..4)
            .map(|_| {
                let mut b = Budget::new(u64::MAX);
                ends(&g, &mut b, true).unwrap();
                b.spent()
            })
            .collect();
        assert!(spent.iter().all(|&s| s == spent[0]), "{spent:?}");
        let want = ends(&g, &mut Budget::new(u64::MAX), true).unwrap().0;
        let mut exact = Budget::new(spent[0]);
        assert_eq!(ends(&g, &mut exact, true).unwrap().0, want);
        assert_eq!(exact.spent(), spent[0]);
        let e = ends(&g, &mut Budget::new(spent[0] - 1), true).unwrap_err();
        assert_eq!(e.bound, sprague_core::Bound::Pairs);
    }

    #[test]
    fn a_raised_stop_signal_ends_the_paths() {
        let g = game(&mut Lcg(5), 40, 40, 0, 100);
        let stop = std::sync::Arc::new(sprague_core::Stop::after(std::time::Duration::from_secs(
            3600,
        )));
        stop.raise();
        let mut b = Budget::new(u64::MAX).with_stop(Some(stop));
        let e = ends(&g, &mut b, true).unwrap_err();
        assert_eq!(e.bound, sprague_core::Bound::Time);
    }

    #[test]
    fn a_wrong_basis_is_not_certified() {
        // Matching pennies: its only equilibrium mixes both strategies of each player.
        let g = Bimatrix::new(
            vec!["h".into(), "t".into()],
            vec!["h".into(), "t".into()],
            [[1, -1], [-1, 1]]
                .map(|r| r.map(|v| Rational::from(BigInt::from(v))).to_vec())
                .to_vec(),
            [[-1, 1], [1, -1]]
                .map(|r| r.map(|v| Rational::from(BigInt::from(v))).to_vec())
                .to_vec(),
        )
        .unwrap();
        let sides = Side::both(&g);
        let b = &mut Budget::new(1000);
        let pure = [(vec![0], vec![0]), (vec![0], vec![0])];
        assert!(certify(&g, &sides, &pure, b).unwrap().is_none());
        let uneven = [(vec![0, 1], vec![0]), (vec![0, 1], vec![0, 1])];
        assert!(certify(&g, &sides, &uneven, b).unwrap().is_none());
        let mixed = [(vec![0, 1], vec![0, 1]), (vec![0, 1], vec![0, 1])];
        let (e, _) = certify(&g, &sides, &mixed, b).unwrap().unwrap();
        assert!(genuine(&g, &e));
        assert_eq!(e.row[0].to_string(), "1/2");
    }

    #[test]
    fn payoffs_beyond_floating_point_take_the_exact_paths() {
        // 10^400 is beyond f64: no path in floating point, every one exact.
        let mut r = Lcg(400);
        let huge = Rational::from(num_traits::pow(BigInt::from(10), 400));
        for _ in 0..20 {
            let mut g = game(&mut r, 3, 3, -5, 11);
            let small = g.clone();
            let (m, n) = (3, 3);
            let scale = |t: &Vec<Vec<Rational>>| -> Vec<Vec<Rational>> {
                t.iter()
                    .map(|row| row.iter().map(|v| v * &huge).collect())
                    .collect()
            };
            let a: Vec<Vec<Rational>> = (0..m)
                .map(|i| {
                    (0..n)
                        .map(|j| g.payoff(Player::Row, i, j).clone())
                        .collect()
                })
                .collect();
            let b: Vec<Vec<Rational>> = (0..m)
                .map(|i| {
                    (0..n)
                        .map(|j| g.payoff(Player::Col, j, i).clone())
                        .collect()
                })
                .collect();
            g = Bimatrix::new(
                (0..m).map(|i| format!("r{i}")).collect(),
                (0..n).map(|j| format!("c{j}")).collect(),
                scale(&a),
                scale(&b),
            )
            .unwrap();
            let (big, exact) = ends(&g, &mut Budget::new(u64::MAX), true).unwrap();
            assert_eq!(exact, m + n);
            let (plain, _) = ends(&small, &mut Budget::new(u64::MAX), false).unwrap();
            // Scaling every payoff changes no best response: the same paths.
            let strategies = |l: &[Ended]| -> Vec<(Vec<Rational>, Vec<Rational>)> {
                l.iter()
                    .map(|(e, _)| (e.row.clone(), e.col.clone()))
                    .collect()
            };
            assert_eq!(strategies(&big), strategies(&plain));
            assert!(big.iter().all(|(e, _)| genuine(&g, e)));
        }
    }
}
