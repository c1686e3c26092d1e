//! Mixed Nash equilibria of games of any number of players ([`Normal`]), by
//! support enumeration with exact interval arithmetic.
//!
//! For each support profile (a nonempty set of strategies for each player) the
//! equilibria using exactly those strategies solve a square system of
//! multilinear equations (each player indifferent between the strategies of its
//! support), with inequalities (positive probabilities on the supports, no gain
//! from a strategy outside them). With three players or more these equilibria can
//! be irrational, so each system is solved by branch and prune over boxes of
//! probabilities with exact rational endpoints:
//!
//! - a box is dropped when the exact range of an equation (a multilinear
//!   polynomial takes its extremes at the corners of a box) excludes zero, or an
//!   inequality fails on the whole box;
//! - the Krawczyk test, in exact rational arithmetic, proves that a box holds
//!   exactly one solution of the equations; Newton steps then narrow it to a
//!   width of at most 2⁻⁴⁰ (below 10⁻¹²), proved again by the Krawczyk test;
//! - the simplest rational in the narrow box is tried as an exact solution by
//!   substitution: it is one when every equation is exactly zero there;
//! - otherwise the box is reported with the inequalities checked on the whole box.
//!
//! Where the equations are singular (continua of equilibria, common in degenerate
//! games), boxes cannot be told apart below a width of 2⁻²⁰: the search of the
//! support stops after a few such boxes. An exact point of one is tried as an
//! equilibrium, and when one player's mixture can move while every equation stays
//! zero (the equations are affine in each player's probabilities), the segment of
//! equilibria through it is found exactly and reported as a continuum.
//!
//! A support whose equations vanish identically (every player of it indifferent
//! among its strategies whatever the others play, as when payoffs tie) holds a whole
//! face of equilibria when no strategy outside the supports gains at any pure
//! profile of the supports: each gain is multilinear in the players' mixtures, so
//! its largest value over the face (a product of simplices) is at such a profile.
//! Every profile whose supports lie within it is then an equilibrium (the gains of
//! the support strategies left out are 0), so the face is reported once, and the
//! smaller supports within it are not listed again.
//!
//! Every box examined is charged to the [`Budget`] (one unit per corner
//! evaluation of a polynomial), which also brings the stop signal.

use super::nplayer::{Normal, iterated_elimination};
use super::number::{order, same};
use super::{Budget, LimitExceeded, Rational};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// The width (as a power of two) to which a box holding an irrational solution
/// is narrowed: 2⁻⁴⁰ < 10⁻¹².
pub const WIDTH_BITS: u32 = 40;

/// Below this width (2⁻²⁰) a box not proved to hold one solution is left
/// unresolved.
const MIN_BITS: u32 = 20;

/// Unresolved boxes of a support after which its search stops.
const MAX_UNRESOLVED: usize = 8;

/// Most variables (probabilities) of one support's system: boxes have 2^d corners.
pub const MAX_VARIABLES: usize = 16;

/// Each player's probabilities, one per strategy of the game.
pub type Mixture = Vec<Vec<Rational>>;

/// What one support profile holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// An isolated equilibrium, exactly: each player's probabilities and payoff.
    Exact {
        /// Each player's probabilities.
        mixture: Mixture,
        /// Each player's expected payoff.
        payoffs: Vec<Rational>,
    },
    /// An isolated equilibrium given by a box proved to hold exactly one solution
    /// of the equations of its support: each probability and payoff lies between
    /// `lo` and `hi`.
    Interval {
        /// Lower ends of the probabilities.
        lo: Mixture,
        /// Upper ends of the probabilities.
        hi: Mixture,
        /// Lower ends of the payoffs.
        payoffs_lo: Vec<Rational>,
        /// Upper ends of the payoffs.
        payoffs_hi: Vec<Rational>,
        /// Whether the inequalities (positive probabilities, no gain from a
        /// strategy outside the support) hold on the whole box; when `false` the
        /// solution is an equilibrium only if a gain or probability that is zero
        /// within the box's width is not positive (resp. negative).
        checked: bool,
    },
    /// A continuum of equilibria: every point of the segment from `from` to `to`
    /// (exact ends) is an equilibrium; along it only `player`'s mixture moves.
    /// The segment goes through `sample`, whose support is this one.
    Continuum {
        /// An equilibrium inside the segment, with this support.
        sample: Mixture,
        /// The payoffs at `sample`.
        payoffs: Vec<Rational>,
        /// The player whose mixture moves.
        player: usize,
        /// One end of the segment.
        from: Mixture,
        /// The other end.
        to: Mixture,
    },
    /// A whole face of equilibria: every profile whose supports lie within this
    /// support is an equilibrium (the equations vanish identically, and no strategy
    /// outside the supports gains at any pure profile of them).
    Face {
        /// Each player's least payoff over the face (at a pure profile of it).
        payoffs_lo: Vec<Rational>,
        /// Each player's greatest payoff over the face.
        payoffs_hi: Vec<Rational>,
    },
    /// The equations of the support are singular here (a continuum of solutions,
    /// or a multiple one) and could not be resolved: the solutions left lie in
    /// boxes of width 2⁻²⁰ within `lo`..`hi`; `sample`, when given, is an exact
    /// equilibrium among them.
    Unresolved {
        /// Lower ends of the boxes' hull.
        lo: Mixture,
        /// Upper ends of the boxes' hull.
        hi: Mixture,
        /// An exact equilibrium in one of the boxes, with its payoffs.
        sample: Option<(Mixture, Vec<Rational>)>,
    },
}

/// An equilibrium (or a set of them) with its support.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MixedEquilibrium {
    /// Each player's support: the strategies played with positive probability.
    pub support: Vec<Vec<usize>>,
    /// What was found.
    pub solution: Solution,
}

/// Every equilibrium found by [`mixed_equilibria`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MixedAll {
    /// The equilibria, by support (smaller supports first).
    pub list: Vec<MixedEquilibrium>,
    /// The support profiles whose systems were solved.
    pub supports: usize,
    /// The support profiles skipped because a strategy of a support is strictly
    /// dominated against the others' supports.
    pub skipped: usize,
    /// Whether the list is every equilibrium: no support was left unresolved or
    /// stopped at a continuum.
    pub complete: bool,
}

/// A multilinear polynomial in the probabilities: monomials (sorted variable
/// numbers, at most one of each player) with their coefficients.
#[derive(Clone, Debug, Default)]
struct Poly {
    terms: Vec<(Vec<usize>, Rational)>,
    /// The variables it depends on.
    vars: Vec<usize>,
}

impl Poly {
    fn from_map(map: BTreeMap<Vec<usize>, Rational>) -> Poly {
        let terms: Vec<(Vec<usize>, Rational)> =
            map.into_iter().filter(|(_, c)| !c.is_zero()).collect();
        let mut vars: Vec<usize> = terms.iter().flat_map(|(m, _)| m.clone()).collect();
        vars.sort_unstable();
        vars.dedup();
        Poly { terms, vars }
    }

    fn eval(&self, y: &[Rational]) -> Rational {
        let mut sum = Rational::zero();
        for (m, c) in &self.terms {
            let mut t = c.clone();
            for &v in m {
                t *= &y[v];
            }
            sum += t;
        }
        sum
    }

    /// The partial derivative in variable `v` (the polynomial is affine in it).
    fn derive(&self, v: usize) -> Poly {
        let mut map = BTreeMap::new();
        for (m, c) in &self.terms {
            if let Some(at) = m.iter().position(|&x| x == v) {
                let mut m = m.clone();
                m.remove(at);
                *map.entry(m).or_insert_with(Rational::zero) += c;
            }
        }
        Poly::from_map(map)
    }

    /// The exact range over a box: the polynomial is affine in each variable, so
    /// its extremes are at the corners. Charges the corners evaluated. The corners
    /// are evaluated in integers over a common denominator (no gcd per operation).
    fn range(&self, b: &[Iv], budget: &mut Budget) -> Result<Iv, LimitExceeded> {
        let k = self.vars.len();
        budget.spend_steps(1u64 << k, || "solving the equations of a support".into())?;
        if self.terms.is_empty() {
            return Ok((r(0), r(0)));
        }
        // Common denominators: of the coefficients, and of the box's ends.
        let mut cden = BigInt::one();
        for (_, c) in &self.terms {
            cden = cden.lcm(c.denom());
        }
        let mut den = BigInt::one();
        for &v in &self.vars {
            den = den.lcm(b[v].0.denom()).lcm(b[v].1.denom());
        }
        let top = self.terms.iter().map(|(m, _)| m.len()).max().unwrap_or(0);
        let powers: Vec<BigInt> = (0..=top)
            .scan(BigInt::one(), |acc, _| {
                let out = acc.clone();
                *acc *= &den;
                Some(out)
            })
            .collect();
        // Each coefficient times cden times den^(top − degree).
        let coefs: Vec<BigInt> = self
            .terms
            .iter()
            .map(|(m, c)| c.numer() * (&cden / c.denom()) * &powers[top - m.len()])
            .collect();
        let ends: Vec<[BigInt; 2]> = (0..b.len())
            .map(|v| {
                if self.vars.contains(&v) {
                    [
                        b[v].0.numer() * (&den / b[v].0.denom()),
                        b[v].1.numer() * (&den / b[v].1.denom()),
                    ]
                } else {
                    [BigInt::zero(), BigInt::zero()]
                }
            })
            .collect();
        let mut pick = vec![0usize; b.len()];
        let mut lo: Option<BigInt> = None;
        let mut hi: Option<BigInt> = None;
        for mask in 0..(1usize << k) {
            for (bit, &v) in self.vars.iter().enumerate() {
                pick[v] = mask >> bit & 1;
            }
            let mut x = BigInt::zero();
            for ((m, _), c) in self.terms.iter().zip(&coefs) {
                let mut t = c.clone();
                for &v in m {
                    t *= &ends[v][pick[v]];
                }
                x += t;
            }
            if lo.as_ref().is_none_or(|l| x < *l) {
                lo = Some(x.clone());
            }
            if hi.as_ref().is_none_or(|h| x > *h) {
                hi = Some(x);
            }
        }
        let scale = cden * &powers[top];
        Ok((
            Rational::new(lo.unwrap_or_default(), scale.clone()),
            Rational::new(hi.unwrap_or_default(), scale),
        ))
    }
}

/// A closed interval of rationals.
type Iv = (Rational, Rational);

fn r(v: i64) -> Rational {
    Rational::from_integer(BigInt::from(v))
}

fn pow2(bits: u32) -> Rational {
    Rational::from_integer(BigInt::one() << bits)
}

fn width(b: &[Iv]) -> Rational {
    b.iter()
        .map(|(l, h)| h - l)
        .max_by(order)
        .unwrap_or_default()
}

fn mid(b: &[Iv]) -> Vec<Rational> {
    b.iter().map(|(l, h)| (l + h) / r(2)).collect()
}

/// `x` rounded down (`up` false) or up to a multiple of 2^-bits.
fn round(x: &Rational, bits: u32, up: bool) -> Rational {
    let scaled = x * pow2(bits);
    let n = if up { scaled.ceil() } else { scaled.floor() };
    n / pow2(bits)
}

fn iv_mul(a: &Iv, b: &Iv) -> Iv {
    let ps = [&a.0 * &b.0, &a.0 * &b.1, &a.1 * &b.0, &a.1 * &b.1];
    let lo = ps
        .iter()
        .min_by(|x, y| order(x, y))
        .cloned()
        .unwrap_or_default();
    let hi = ps
        .iter()
        .max_by(|x, y| order(x, y))
        .cloned()
        .unwrap_or_default();
    (lo, hi)
}

fn scale(c: &Rational, a: &Iv) -> Iv {
    if c.is_negative() {
        (c * &a.1, c * &a.0)
    } else {
        (c * &a.0, c * &a.1)
    }
}

/// The inverse of a square matrix, exactly; `None` when singular.
fn inverse(m: &[Vec<Rational>]) -> Option<Vec<Vec<Rational>>> {
    let d = m.len();
    let mut a: Vec<Vec<Rational>> = m
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut row = row.clone();
            row.extend((0..d).map(|j| if i == j { r(1) } else { r(0) }));
            row
        })
        .collect();
    for c in 0..d {
        let p = (c..d).find(|&i| !a[i][c].is_zero())?;
        a.swap(c, p);
        let inv = Rational::one() / &a[c][c];
        for x in a[c].iter_mut() {
            *x *= &inv;
        }
        for i in (0..d).filter(|&i| i != c) {
            if a[i][c].is_zero() {
                continue;
            }
            let f = a[i][c].clone();
            let pivot = a[c].clone();
            for (x, p) in a[i].iter_mut().zip(&pivot) {
                *x -= &f * p;
            }
        }
    }
    Some(a.into_iter().map(|row| row[d..].to_vec()).collect())
}

/// A nonzero vector `v` with `m · v = 0` (`m` has `rows` rows of `cols` entries),
/// exactly; `None` when the columns are independent.
fn kernel(m: &[Vec<Rational>], cols: usize) -> Option<Vec<Rational>> {
    let mut a: Vec<Vec<Rational>> = m.to_vec();
    let mut pivots: Vec<usize> = Vec::new();
    let mut row = 0;
    for c in 0..cols {
        let Some(p) = (row..a.len()).find(|&i| !a[i][c].is_zero()) else {
            continue;
        };
        a.swap(row, p);
        let inv = Rational::one() / &a[row][c];
        for x in a[row].iter_mut() {
            *x *= &inv;
        }
        for i in (0..a.len()).filter(|&i| i != row) {
            if a[i][c].is_zero() {
                continue;
            }
            let f = a[i][c].clone();
            let pivot = a[row].clone();
            for (x, p) in a[i].iter_mut().zip(&pivot) {
                *x -= &f * p;
            }
        }
        pivots.push(c);
        row += 1;
    }
    let free = (0..cols).find(|c| !pivots.contains(c))?;
    let mut v = vec![r(0); cols];
    v[free] = r(1);
    for (i, &c) in pivots.iter().enumerate() {
        v[c] = -a[i][free].clone();
    }
    Some(v)
}

/// The rational with the smallest denominator (then numerator) in `[lo, hi]`.
pub fn simplest_between(lo: &Rational, hi: &Rational) -> Rational {
    if !lo.is_positive() && !hi.is_negative() {
        return r(0);
    }
    if hi.is_negative() {
        return -simplest_between(&-hi, &-lo);
    }
    let fl = lo.floor();
    if same(&fl, lo) {
        return fl;
    }
    let next = &fl + r(1);
    if order(&next, hi).is_le() {
        return next;
    }
    // fl < lo ≤ hi < fl + 1.
    let inner = simplest_between(
        &(Rational::one() / (hi - &fl)),
        &(Rational::one() / (lo - &fl)),
    );
    fl + Rational::one() / inner
}

/// The system of one support profile.
struct System<'a> {
    game: &'a Normal,
    support: Vec<Vec<usize>>,
    /// The first variable of each player: player p's variables are the
    /// probabilities of `support[p][1..]`.
    first: Vec<usize>,
    /// The number of variables.
    d: usize,
    /// Indifference equations, `d` of them: u_p(s_l) − u_p(s_0).
    eqs: Vec<Poly>,
    /// `jac[e][v]`: ∂eqs[e]/∂y_v.
    jac: Vec<Vec<Poly>>,
    /// Gains of strategies outside the supports: (player, strategy, u_p(t) − u_p(s_0)).
    gains: Vec<(usize, usize, Poly)>,
    /// Each player's payoff from its first support strategy: u_p(s_0).
    payoffs: Vec<Poly>,
    /// Each player's place value in the profile numbers.
    strides: Vec<usize>,
    /// The number of the profile of the first strategies of the supports.
    base: usize,
    /// The players whose supports have two strategies or more.
    multi: Vec<usize>,
}

impl<'a> System<'a> {
    fn new(game: &'a Normal, support: Vec<Vec<usize>>) -> System<'a> {
        let n = game.players();
        let mut first = Vec::with_capacity(n);
        let mut d = 0;
        let mut strides = Vec::with_capacity(n);
        let mut stride = 1usize;
        let mut base = 0;
        for (q, s) in support.iter().enumerate() {
            first.push(d);
            d += s.len() - 1;
            strides.push(stride);
            base += s[0] * stride;
            stride *= game.count(q);
        }
        let multi = (0..n).filter(|&q| support[q].len() > 1).collect();
        let mut sys = System {
            game,
            support,
            first,
            d,
            eqs: Vec::new(),
            jac: Vec::new(),
            gains: Vec::new(),
            payoffs: Vec::new(),
            strides,
            base,
            multi,
        };
        for p in 0..n {
            let base = sys.utility(p, sys.support[p][0]);
            for &s in &sys.support[p][1..] {
                sys.eqs.push(sub(&sys.utility(p, s), &base));
            }
            for t in (0..game.count(p)).filter(|t| !sys.support[p].contains(t)) {
                sys.gains.push((p, t, sub(&sys.utility(p, t), &base)));
            }
            sys.payoffs.push(base);
        }
        sys.jac = sys
            .eqs
            .iter()
            .map(|e| (0..d).map(|v| e.derive(v)).collect())
            .collect();
        sys
    }

    /// The linear form of the probability of `support[q][i]`: (constant, terms).
    fn prob(&self, q: usize, i: usize) -> Vec<(Option<usize>, Rational)> {
        if i == 0 {
            let mut f = vec![(None, r(1))];
            for l in 1..self.support[q].len() {
                f.push((Some(self.first[q] + l - 1), r(-1)));
            }
            f
        } else {
            vec![(Some(self.first[q] + i - 1), r(1))]
        }
    }

    /// Player p's expected payoff from pure strategy `s` against the others'
    /// mixtures on their supports, as a polynomial.
    fn utility(&self, p: usize, s: usize) -> Poly {
        // Profile numbers by place values: only the others with two strategies
        // or more in their supports vary (a game of many players has few).
        let mut index = self.base - self.support[p][0] * self.strides[p] + s * self.strides[p];
        let vary: Vec<(usize, usize)> = self
            .multi
            .iter()
            .filter(|&&q| q != p)
            .map(|&q| (q, self.strides[q]))
            .collect();
        let mut map: BTreeMap<Vec<usize>, Rational> = BTreeMap::new();
        let mut at = vec![0usize; vary.len()];
        loop {
            let a = &self.game.payoffs_at(index)[p];
            if !a.is_zero() {
                let mut terms: Vec<(Vec<usize>, Rational)> = vec![(Vec::new(), a.clone())];
                for (v, &(q, _)) in vary.iter().enumerate() {
                    let f = self.prob(q, at[v]);
                    let mut next = Vec::with_capacity(terms.len() * f.len());
                    for (m, c) in &terms {
                        for (x, k) in &f {
                            let mut m = m.clone();
                            if let Some(x) = x {
                                m.push(*x);
                            }
                            next.push((m, c * k));
                        }
                    }
                    terms = next;
                }
                for (mut m, c) in terms {
                    m.sort_unstable();
                    *map.entry(m).or_insert_with(Rational::zero) += c;
                }
            }
            // The next profile of the others' supports.
            let lists = |v: usize| vary.get(v).map(|&(q, st)| (&self.support[q][..], st));
            if !super::nplayer::next_profile(lists, &mut at, &mut index) {
                return Poly::from_map(map);
            }
        }
    }

    /// The probabilities of the support strategies of `p` at `y`, each a range
    /// over the box `b` (the first is 1 minus the others).
    fn probs(&self, p: usize, b: &[Iv]) -> Vec<Iv> {
        let k = self.support[p].len();
        let vars = &b[self.first[p]..self.first[p] + k - 1];
        let mut first = (r(1), r(1));
        for (l, h) in vars {
            first.0 -= h;
            first.1 -= l;
        }
        let mut out = vec![first];
        out.extend(vars.iter().cloned());
        out
    }

    /// Every player's full mixture at an exact point.
    fn mixture(&self, y: &[Rational]) -> Mixture {
        let b: Vec<Iv> = y.iter().map(|x| (x.clone(), x.clone())).collect();
        self.mixture_box(&b).0
    }

    /// Every player's full mixture over a box: lower and upper ends.
    fn mixture_box(&self, b: &[Iv]) -> (Mixture, Mixture) {
        let n = self.game.players();
        let mut lo = Vec::with_capacity(n);
        let mut hi = Vec::with_capacity(n);
        for p in 0..n {
            let mut l = vec![r(0); self.game.count(p)];
            let mut h = vec![r(0); self.game.count(p)];
            for (i, (a, z)) in self.probs(p, b).into_iter().enumerate() {
                l[self.support[p][i]] = a;
                h[self.support[p][i]] = z;
            }
            lo.push(l);
            hi.push(h);
        }
        (lo, hi)
    }

    /// Whether the box may hold an equilibrium of this support: `false` when an
    /// equation or inequality fails on all of it.
    fn possible(&self, b: &[Iv], budget: &mut Budget) -> Result<bool, LimitExceeded> {
        for p in 0..self.game.players() {
            if self.probs(p, b).iter().any(|(_, h)| !h.is_positive()) {
                return Ok(false);
            }
        }
        for e in &self.eqs {
            let (l, h) = e.range(b, budget)?;
            if l.is_positive() || h.is_negative() {
                return Ok(false);
            }
        }
        for (_, _, g) in &self.gains {
            if g.range(b, budget)?.0.is_positive() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The inequalities on a box: `Some(true)` hold on all of it, `Some(false)`
    /// fail on all of it, `None` undecided.
    fn inequalities(&self, b: &[Iv], budget: &mut Budget) -> Result<Option<bool>, LimitExceeded> {
        let mut all = true;
        for p in 0..self.game.players() {
            for (l, h) in self.probs(p, b) {
                if !h.is_positive() {
                    return Ok(Some(false));
                }
                all &= l.is_positive();
            }
        }
        for (_, _, g) in &self.gains {
            let (l, h) = g.range(b, budget)?;
            if l.is_positive() {
                return Ok(Some(false));
            }
            all &= !h.is_positive();
        }
        Ok(if all { Some(true) } else { None })
    }

    /// Whether an exact point is an equilibrium of this support (positive
    /// probabilities, no gain outside the support), the equations aside.
    fn exact_inequalities(&self, y: &[Rational]) -> bool {
        let b: Vec<Iv> = y.iter().map(|x| (x.clone(), x.clone())).collect();
        (0..self.game.players()).all(|p| self.probs(p, &b).iter().all(|(l, _)| l.is_positive()))
            && self.gains.iter().all(|(_, _, g)| !g.eval(y).is_positive())
    }

    /// The inequalities at an exact point, with probabilities that may be zero.
    fn weak_inequalities(&self, y: &[Rational]) -> bool {
        let b: Vec<Iv> = y.iter().map(|x| (x.clone(), x.clone())).collect();
        (0..self.game.players()).all(|p| self.probs(p, &b).iter().all(|(l, _)| !l.is_negative()))
            && self.gains.iter().all(|(_, _, g)| !g.eval(y).is_positive())
    }

    fn residual_zero(&self, y: &[Rational]) -> bool {
        self.eqs.iter().all(|e| e.eval(y).is_zero())
    }

    fn jacobian_at(&self, y: &[Rational]) -> Vec<Vec<Rational>> {
        self.jac
            .iter()
            .map(|row| row.iter().map(|p| p.eval(y)).collect())
            .collect()
    }

    /// The Krawczyk operator of the box: `None` when the Jacobian at its middle
    /// is singular.
    fn krawczyk(&self, b: &[Iv], budget: &mut Budget) -> Result<Option<Vec<Iv>>, LimitExceeded> {
        let d = self.d;
        // The middle, rounded to a short dyadic inside the box: a little finer
        // than the box (any point of the box and any matrix Y make a valid test).
        let w = width(b);
        let bits = if w.is_zero() {
            4 * WIDTH_BITS
        } else {
            ((w.denom().bits() as i64 - w.numer().bits() as i64).max(0) as u32 + 16)
                .min(4 * WIDTH_BITS)
        };
        let m: Vec<Rational> = mid(b)
            .iter()
            .zip(b)
            .map(|(x, (l, h))| {
                let x = round(x, bits, false);
                if order(&x, l).is_lt() {
                    l.clone()
                } else if order(&x, h).is_gt() {
                    h.clone()
                } else {
                    x
                }
            })
            .collect();
        let Some(y) = inverse(&self.jacobian_at(&m)) else {
            return Ok(None);
        };
        let y: Vec<Vec<Rational>> = y
            .iter()
            .map(|row| row.iter().map(|x| round(x, bits + 16, false)).collect())
            .collect();
        let fm: Vec<Rational> = self.eqs.iter().map(|e| e.eval(&m)).collect();
        let mut jb: Vec<Vec<Iv>> = Vec::with_capacity(d);
        for row in &self.jac {
            let mut out = Vec::with_capacity(d);
            for p in row {
                out.push(p.range(b, budget)?);
            }
            jb.push(out);
        }
        let mut k = Vec::with_capacity(d);
        for i in 0..d {
            let mut c = m[i].clone();
            for j in 0..d {
                c -= &y[i][j] * &fm[j];
            }
            let mut acc: Iv = (c.clone(), c);
            for j in 0..d {
                // (I − Y·J(b))[i][j]
                let mut e: Iv = if i == j { (r(1), r(1)) } else { (r(0), r(0)) };
                for (l, jrow) in jb.iter().enumerate() {
                    let t = scale(&y[i][l], &jrow[j]);
                    e.0 -= t.1;
                    e.1 -= t.0;
                }
                let dx = (&b[j].0 - &m[j], &b[j].1 - &m[j]);
                let t = iv_mul(&e, &dx);
                acc.0 += t.0;
                acc.1 += t.1;
            }
            k.push(acc);
        }
        Ok(Some(k))
    }
}

fn sub(a: &Poly, b: &Poly) -> Poly {
    let mut map: BTreeMap<Vec<usize>, Rational> = BTreeMap::new();
    for (m, c) in &a.terms {
        *map.entry(m.clone()).or_insert_with(Rational::zero) += c;
    }
    for (m, c) in &b.terms {
        *map.entry(m.clone()).or_insert_with(Rational::zero) -= c;
    }
    Poly::from_map(map)
}

/// Whether `k` lies strictly inside `b`.
fn inside(k: &[Iv], b: &[Iv]) -> bool {
    k.iter()
        .zip(b)
        .all(|(k, b)| order(&k.0, &b.0).is_gt() && order(&k.1, &b.1).is_lt())
}

/// `k ∩ b` rounded outwards to a dyadic grid, `None` when empty.
fn meet(k: &[Iv], b: &[Iv], bits: u32) -> Option<Vec<Iv>> {
    let mut out = Vec::with_capacity(b.len());
    for (k, b) in k.iter().zip(b) {
        let l = round(&k.0, bits, false);
        let h = round(&k.1, bits, true);
        let l = if order(&l, &b.0).is_gt() {
            l
        } else {
            b.0.clone()
        };
        let h = if order(&h, &b.1).is_lt() {
            h
        } else {
            b.1.clone()
        };
        if order(&l, &h) == Ordering::Greater {
            return None;
        }
        out.push((l, h));
    }
    Some(out)
}

/// What the search of one support found.
enum Found {
    Exact(Vec<Rational>),
    Boxed(Vec<Iv>, bool),
}

/// Narrows a box proved to hold exactly one solution: Newton steps from its
/// middle, then a small box around the result proved again by Krawczyk's test.
fn narrow(sys: &System, b: &[Iv], budget: &mut Budget) -> Result<Option<Found>, LimitExceeded> {
    let mut x = mid(b);
    for bits in [WIDTH_BITS + 16, 2 * WIDTH_BITS + 16, 4 * WIDTH_BITS + 32] {
        for _ in 0..8 {
            budget.check()?;
            let Some(y) = inverse(&sys.jacobian_at(&x)) else {
                break;
            };
            let f: Vec<Rational> = sys.eqs.iter().map(|e| e.eval(&x)).collect();
            let step: Vec<Rational> = (0..sys.d)
                .map(|i| (0..sys.d).map(|j| &y[i][j] * &f[j]).sum())
                .collect();
            x = x
                .iter()
                .zip(&step)
                .map(|(a, s)| round(&(a - s), bits, false))
                .collect();
        }
        // A box of width 2^(15 − bits), at most 2⁻⁴⁰, around the Newton point.
        let radius = Rational::one() / pow2(bits - 15);
        let small: Vec<Iv> = x.iter().map(|c| (c - &radius, c + &radius)).collect();
        let Some(small) = meet(&small, b, bits) else {
            continue;
        };
        let Some(k) = sys.krawczyk(&small, budget)? else {
            continue;
        };
        if !inside(&k, &small) {
            continue;
        }
        // The one solution of `b` is in `small`: is the simplest rational there it?
        let q: Vec<Rational> = small.iter().map(|(l, h)| simplest_between(l, h)).collect();
        if sys.residual_zero(&q) {
            return Ok(sys.exact_inequalities(&q).then_some(Found::Exact(q)));
        }
        match sys.inequalities(&small, budget)? {
            Some(false) => return Ok(None),
            Some(true) => return Ok(Some(Found::Boxed(small, true))),
            None if bits == 4 * WIDTH_BITS + 32 => {
                return Ok(Some(Found::Boxed(small, false)));
            }
            None => {}
        }
    }
    // Newton did not settle: the proved box itself.
    Ok(match sys.inequalities(b, budget)? {
        Some(false) => None,
        checked => Some(Found::Boxed(b.to_vec(), checked == Some(true))),
    })
}

/// Payoff ranges over a box.
fn payoff_box(
    sys: &System,
    b: &[Iv],
    budget: &mut Budget,
) -> Result<(Vec<Rational>, Vec<Rational>), LimitExceeded> {
    let mut lo = Vec::new();
    let mut hi = Vec::new();
    for p in &sys.payoffs {
        let (l, h) = p.range(b, budget)?;
        lo.push(l);
        hi.push(h);
    }
    Ok((lo, hi))
}

/// Solves one support's system.
fn solve_support(
    sys: &System,
    budget: &mut Budget,
) -> Result<(Vec<Solution>, bool), LimitExceeded> {
    let pay = |y: &[Rational]| -> Vec<Rational> { sys.payoffs.iter().map(|p| p.eval(y)).collect() };
    if sys.d == 0 {
        let y: Vec<Rational> = Vec::new();
        return Ok(if sys.exact_inequalities(&y) {
            (
                vec![Solution::Exact {
                    mixture: sys.mixture(&y),
                    payoffs: pay(&y),
                }],
                true,
            )
        } else {
            (Vec::new(), true)
        });
    }
    if sys.eqs.iter().all(|e| e.terms.is_empty())
        && let Some(face) = whole_face(sys, budget)?
    {
        return Ok((vec![face], true));
    }
    // The probabilities lie in [0, 1]; a margin keeps solutions on its faces
    // inside the first box (they are then dropped exactly, or found as Exact).
    // Its ends are not dyadic, so that the points where boxes are split (the
    // middles) are never simple fractions such as 1/2, which a solution on the
    // border of two boxes would be: Krawczyk's test proves none on a border.
    let start: Vec<Iv> = vec![
        (
            Rational::new(BigInt::from(-1), BigInt::from(17)),
            Rational::new(BigInt::from(20), BigInt::from(19))
        );
        sys.d
    ];
    let min_width = Rational::one() / pow2(MIN_BITS);
    let mut stack = vec![start];
    let mut found = Vec::new();
    let mut unresolved: Vec<Vec<Iv>> = Vec::new();
    while let Some(mut b) = stack.pop() {
        budget.check()?;
        if !sys.possible(&b, budget)? {
            continue;
        }
        // Krawczyk's test rarely succeeds on wide boxes: split those first.
        let wide = order(&width(&b), &Rational::new(BigInt::one(), BigInt::from(4))).is_gt();
        if let Some(k) = if wide {
            None
        } else {
            sys.krawczyk(&b, budget)?
        } {
            if inside(&k, &b) {
                match narrow(sys, &b, budget)? {
                    Some(Found::Exact(y)) => found.push(Solution::Exact {
                        mixture: sys.mixture(&y),
                        payoffs: pay(&y),
                    }),
                    Some(Found::Boxed(small, checked)) => {
                        let (lo, hi) = sys.mixture_box(&small);
                        let (payoffs_lo, payoffs_hi) = payoff_box(sys, &small, budget)?;
                        found.push(Solution::Interval {
                            lo,
                            hi,
                            payoffs_lo,
                            payoffs_hi,
                            checked,
                        });
                    }
                    None => {}
                }
                continue;
            }
            match meet(&k, &b, 64) {
                None => continue,
                // Contract only by much, keeping a margin (a third of the new
                // width, not dyadic) so that a solution is not left on a border.
                Some(c) => {
                    let before = width(&b);
                    let after = width(&c);
                    if order(&(after.clone() * r(2)), &before).is_lt() {
                        let margin = after / r(3) + &before / r(97);
                        let grown: Vec<Iv> =
                            c.iter().map(|(l, h)| (l - &margin, h + &margin)).collect();
                        if let Some(c) = meet(&grown, &b, 64) {
                            b = c;
                        }
                    }
                }
            }
        }
        if order(&width(&b), &min_width).is_lt() {
            unresolved.push(b);
            if unresolved.len() >= MAX_UNRESOLVED {
                break;
            }
            continue;
        }
        // Split the widest side in two.
        let (at, _) = b
            .iter()
            .enumerate()
            .max_by(|(_, x), (_, y)| order(&(&x.1 - &x.0), &(&y.1 - &y.0)))
            .unwrap_or((0, &b[0]));
        let m = (&b[at].0 + &b[at].1) / r(2);
        let mut left = b.clone();
        left[at].1 = m.clone();
        b[at].0 = m;
        stack.push(b);
        stack.push(left);
    }
    if unresolved.is_empty() {
        return Ok((found, true));
    }
    found.push(singular(sys, &unresolved));
    Ok((found, false))
}

/// The whole face of a support whose equations vanish identically, when no
/// strategy outside the supports gains at any pure profile of them (see the
/// module's documentation); `None` when one does.
fn whole_face(sys: &System, budget: &mut Budget) -> Result<Option<Solution>, LimitExceeded> {
    let n = sys.game.players();
    let mut pick = vec![0usize; n];
    let mut lo: Vec<Option<Rational>> = vec![None; n];
    let mut hi: Vec<Option<Rational>> = vec![None; n];
    loop {
        budget.spend_steps(1 + sys.gains.len() as u64, || {
            "checking a face of equilibria".into()
        })?;
        // The pure profile `pick` of the supports as a point of the variables.
        let mut y = vec![r(0); sys.d];
        for p in 0..n {
            if pick[p] > 0 {
                y[sys.first[p] + pick[p] - 1] = r(1);
            }
        }
        if sys.gains.iter().any(|(_, _, g)| g.eval(&y).is_positive()) {
            return Ok(None);
        }
        for (p, u) in sys.payoffs.iter().enumerate() {
            let v = u.eval(&y);
            if lo[p].as_ref().is_none_or(|l| order(&v, l).is_lt()) {
                lo[p] = Some(v.clone());
            }
            if hi[p].as_ref().is_none_or(|h| order(&v, h).is_gt()) {
                hi[p] = Some(v);
            }
        }
        // The next pure profile.
        let mut q = 0;
        loop {
            if q == n {
                let all = |v: Vec<Option<Rational>>| {
                    v.into_iter().map(Option::unwrap_or_default).collect()
                };
                return Ok(Some(Solution::Face {
                    payoffs_lo: all(lo),
                    payoffs_hi: all(hi),
                }));
            }
            if pick[q] + 1 < sys.support[q].len() {
                pick[q] += 1;
                break;
            }
            pick[q] = 0;
            q += 1;
        }
    }
}

/// What the unresolved boxes of a support hold: a proved continuum through an
/// exact equilibrium found in one of them, or the boxes' hull.
fn singular(sys: &System, boxes: &[Vec<Iv>]) -> Solution {
    let pay = |y: &[Rational]| -> Vec<Rational> { sys.payoffs.iter().map(|p| p.eval(y)).collect() };
    let mut sample = None;
    for b in boxes {
        let q: Vec<Rational> = b.iter().map(|(l, h)| simplest_between(l, h)).collect();
        if !(sys.residual_zero(&q) && sys.weak_inequalities(&q)) {
            continue;
        }
        if let Some(c) = continuum(sys, &q) {
            return c;
        }
        if sys.exact_inequalities(&q) {
            sample.get_or_insert(q);
        }
    }
    let mut hull = boxes[0].clone();
    for b in &boxes[1..] {
        for (h, x) in hull.iter_mut().zip(b) {
            if order(&x.0, &h.0).is_lt() {
                h.0 = x.0.clone();
            }
            if order(&x.1, &h.1).is_gt() {
                h.1 = x.1.clone();
            }
        }
    }
    let (lo, hi) = sys.mixture_box(&hull);
    Solution::Unresolved {
        lo,
        hi,
        sample: sample.map(|q| (sys.mixture(&q), pay(&q))),
    }
}

/// A segment of equilibria through the exact point `q` (a solution of the
/// equations where the inequalities hold, probabilities possibly zero) along
/// which one player's mixture moves, whose middle has this support, when there is
/// one. The equations and gains are affine along such a direction, so the
/// segment is exact.
fn continuum(sys: &System, q: &[Rational]) -> Option<Solution> {
    let j = sys.jacobian_at(q);
    for p in 0..sys.game.players() {
        let k = sys.support[p].len() - 1;
        if k == 0 {
            continue;
        }
        let f = sys.first[p];
        let block: Vec<Vec<Rational>> = j.iter().map(|row| row[f..f + k].to_vec()).collect();
        let Some(v) = kernel(&block, k) else {
            continue;
        };
        let mut dir = vec![r(0); sys.d];
        dir[f..f + k].clone_from_slice(&v);
        // Constraints a + t·b ≥ 0 (probabilities) and a + t·b ≤ 0 (gains).
        let mut lo: Option<Rational> = None;
        let mut hi: Option<Rational> = None;
        let mut bound = |a: Rational, b: Rational| {
            // a + t·b ≥ 0.
            if b.is_zero() {
                return;
            }
            let t = -a / &b;
            if b.is_positive() {
                if lo.as_ref().is_none_or(|l| order(&t, l).is_gt()) {
                    lo = Some(t);
                }
            } else if hi.as_ref().is_none_or(|h| order(&t, h).is_lt()) {
                hi = Some(t);
            }
        };
        let sum: Rational = v.iter().sum();
        let first: Rational = r(1) - q[f..f + k].iter().sum::<Rational>();
        bound(first, -sum);
        for l in 0..k {
            bound(q[f + l].clone(), v[l].clone());
        }
        for (_, _, g) in &sys.gains {
            let slope: Rational = (0..sys.d).map(|i| g.derive(i).eval(q) * &dir[i]).sum();
            bound(-g.eval(q), -slope);
        }
        let (Some(lo), Some(hi)) = (lo, hi) else {
            continue;
        };
        if order(&lo, &hi).is_ge() {
            continue;
        }
        let at = |t: &Rational| -> Vec<Rational> {
            q.iter().zip(&dir).map(|(x, v)| x + t * v).collect()
        };
        let middle = at(&((&lo + &hi) / r(2)));
        if !sys.exact_inequalities(&middle) {
            continue;
        }
        return Some(Solution::Continuum {
            sample: sys.mixture(&middle),
            payoffs: sys.payoffs.iter().map(|x| x.eval(&middle)).collect(),
            player: p,
            from: sys.mixture(&at(&lo)),
            to: sys.mixture(&at(&hi)),
        });
    }
    None
}

/// Whether strategy `s` of player `p` is strictly dominated by another of its
/// strategies against every profile of the others' supports.
fn conditionally_dominated(game: &Normal, p: usize, s: usize, support: &[Vec<usize>]) -> bool {
    let n = game.players();
    (0..game.count(p)).filter(|&t| t != s).any(|t| {
        let mut at = vec![0usize; n];
        loop {
            let mut profile: Vec<usize> = (0..n).map(|q| support[q][at[q]]).collect();
            profile[p] = t;
            let a = game.payoff(&profile, p).clone();
            profile[p] = s;
            if order(&a, game.payoff(&profile, p)).is_le() {
                return false;
            }
            let mut q = 0;
            loop {
                if q == n {
                    return true;
                }
                if q != p && at[q] + 1 < support[q].len() {
                    at[q] += 1;
                    break;
                }
                at[q] = 0;
                q += 1;
            }
        }
    })
}

/// Every nonempty subset of `items`, smaller ones first.
fn subsets(items: &[usize]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = (1..1usize << items.len())
        .map(|mask| {
            items
                .iter()
                .enumerate()
                .filter(|(i, _)| mask >> i & 1 == 1)
                .map(|(_, &s)| s)
                .collect()
        })
        .collect();
    out.sort_by_key(Vec::len);
    out
}

/// Most strategies left to one player for the support enumeration (its subsets
/// are enumerated).
pub const MAX_STRATEGIES: usize = 16;

/// Every Nash equilibrium of a normal-form game of any number of players, by
/// support enumeration over the strategies left by iterated elimination of
/// strictly dominated strategies (every equilibrium uses only those): exact where
/// rational, proved boxes of width at most 2⁻⁴⁰ otherwise, continua where found.
/// Small games only: the support profiles are all enumerated.
///
/// ```
/// use sprague_nash::mixed_many::{mixed_equilibria, Solution};
/// use sprague_nash::{gambit, Budget};
/// // Matching pennies with a third player who does not care: each of the first
/// // two mixes half and half whatever the third does.
/// let g = gambit::read_nfg(r#"NFG 1 R "" { "1" "2" "3" } { 2 2 1 }
///     1 -1 0  -1 1 0  -1 1 0  1 -1 0"#).unwrap();
/// let all = mixed_equilibria(&g, &mut Budget::new(1_000_000)).unwrap();
/// assert!(all.complete);
/// assert_eq!(all.list.len(), 1);
/// let Solution::Exact { mixture, .. } = &all.list[0].solution else { panic!() };
/// assert_eq!(mixture[0][0].to_string(), "1/2");
/// ```
pub fn mixed_equilibria(game: &Normal, budget: &mut Budget) -> Result<MixedAll, LimitExceeded> {
    game.check_sizes(budget)?;
    let left = iterated_elimination(game, budget)?.left;
    if let Some(why) = too_large(&left) {
        return Err(LimitExceeded {
            bound: sprague_core::Bound::Pairs,
            what: why,
        });
    }
    mixed_among(game, &left, budget)
}

/// Most support profiles enumerated.
pub const MAX_SUPPORTS: u128 = 1_000_000;

/// Why the support enumeration over the strategies `left` (each player's, after
/// elimination) is not tried, in words: a player with more than
/// [`MAX_STRATEGIES`], more than [`MAX_SUPPORTS`] support profiles, or more than
/// [`MAX_VARIABLES`] unknown probabilities; `None` when it is small enough.
pub fn too_large(left: &[Vec<usize>]) -> Option<String> {
    if let Some(p) = (0..left.len()).find(|&p| left[p].len() > MAX_STRATEGIES) {
        return Some(format!(
            "player {} keeps {} strategies after elimination, more than the {MAX_STRATEGIES} the support enumeration allows",
            p + 1,
            left[p].len()
        ));
    }
    let total = left
        .iter()
        .fold(1u128, |a, l| a.saturating_mul((1u128 << l.len()) - 1));
    if total > MAX_SUPPORTS {
        return Some(format!(
            "{total} support profiles, more than the {MAX_SUPPORTS} the support enumeration allows"
        ));
    }
    let d: usize = left.iter().map(|l| l.len() - 1).sum();
    if d > MAX_VARIABLES {
        return Some(format!(
            "the full support has {d} unknown probabilities, more than the {MAX_VARIABLES} the support enumeration allows"
        ));
    }
    None
}

/// [`mixed_equilibria`] over the strategies `left` to each player, which must
/// hold every strategy of every equilibrium (as iterated elimination of strictly
/// dominated strategies leaves), and pass [`too_large`].
pub fn mixed_among(
    game: &Normal,
    left: &[Vec<usize>],
    budget: &mut Budget,
) -> Result<MixedAll, LimitExceeded> {
    let choices: Vec<Vec<Vec<usize>>> = left.iter().map(|l| subsets(l)).collect();
    let total: u128 = choices
        .iter()
        .fold(1u128, |a, c| a.saturating_mul(c.len() as u128));
    budget.spend(total, "enumerating support profiles")?;
    let mut out = MixedAll {
        list: Vec::new(),
        supports: 0,
        skipped: 0,
        complete: true,
    };
    // The supports left unresolved.
    let mut open: Vec<Vec<Vec<usize>>> = Vec::new();
    // Support profiles by total size, smaller first.
    let mut profiles: Vec<Vec<usize>> = Vec::new();
    let mut at = vec![0usize; game.players()];
    'all: loop {
        profiles.push(at.clone());
        let mut q = 0;
        loop {
            if q == at.len() {
                break 'all;
            }
            if at[q] + 1 < choices[q].len() {
                at[q] += 1;
                break;
            }
            at[q] = 0;
            q += 1;
        }
    }
    profiles.sort_by_key(|at| {
        at.iter()
            .enumerate()
            .map(|(q, &i)| choices[q][i].len())
            .sum::<usize>()
    });
    for at in profiles {
        budget.check()?;
        let support: Vec<Vec<usize>> = at
            .iter()
            .enumerate()
            .map(|(q, &i)| choices[q][i].clone())
            .collect();
        let dominated = (0..game.players()).any(|p| {
            support[p]
                .iter()
                .any(|&s| conditionally_dominated(game, p, s, &support))
        });
        if dominated {
            out.skipped += 1;
            continue;
        }
        out.supports += 1;
        let sys = System::new(game, support.clone());
        let (found, complete) = solve_support(&sys, budget)?;
        if !complete {
            open.push(support.clone());
        }
        for solution in found {
            out.list.push(MixedEquilibrium {
                support: support.clone(),
                solution,
            });
        }
    }
    // A face of equilibria holds every profile whose supports lie within it: what
    // was found on those supports, or left open there, is covered by it.
    let faces: Vec<Vec<Vec<usize>>> = out
        .list
        .iter()
        .filter(|e| matches!(e.solution, Solution::Face { .. }))
        .map(|e| e.support.clone())
        .collect();
    let within = |s: &[Vec<usize>]| {
        faces.iter().any(|f| {
            f != s
                && s.iter()
                    .zip(f)
                    .all(|(a, b)| a.iter().all(|x| b.contains(x)))
        })
    };
    out.list.retain(|e| !within(&e.support));
    out.complete = open.iter().all(|s| within(s));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(a: i64, b: i64) -> Rational {
        Rational::new(a.into(), b.into())
    }

    #[test]
    fn simplest_rationals_are_the_smallest_denominators() {
        assert_eq!(simplest_between(&q(1, 3), &q(1, 2)), q(1, 2));
        assert_eq!(simplest_between(&q(3, 10), &q(4, 10)), q(1, 3));
        assert_eq!(simplest_between(&q(-7, 10), &q(-6, 10)), q(-2, 3));
        assert_eq!(simplest_between(&q(-1, 10), &q(1, 10)), q(0, 1));
        assert_eq!(simplest_between(&q(5, 2), &q(5, 2)), q(5, 2));
        // Brute force: the smallest denominator with a numerator in range.
        for (a, b) in [(1, 7), (2, 9), (13, 17), (5, 101)] {
            for w in [1, 3, 50] {
                let lo = q(a, b);
                let hi = q(a, b) + q(w, 1000);
                let s = simplest_between(&lo, &hi);
                let den = (1..)
                    .find(|&den: &i64| {
                        let n = (lo.clone() * q(den, 1)).ceil();
                        order(&(n / q(den, 1)), &hi).is_le()
                    })
                    .unwrap();
                assert_eq!(s.denom(), &BigInt::from(den), "{lo} {hi}");
            }
        }
    }
}
