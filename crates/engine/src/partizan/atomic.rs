//! Atomic weight of all-small games, and the far star (Berlekamp, Conway and Guy,
//! *Winning Ways*, ch. 8, "atomic weight" and "the remote star"; Siegel,
//! *Combinatorial Game Theory*, II.7; Albert, Nowakowski and Wolfe, *Lessons in
//! Play*, ch. 9).
//!
//! A game is *all-small* when every follower with a move for one player has a move
//! for the other; in canonical form, when every number among its followers is 0. The
//! far star ⧆ of G is a nimber `*N` with N larger than the birthday of G (so larger
//! than every nimber among G's followers).
//!
//! The atomic weight is computed follower by follower: with
//! `G° = {aw(G^L) - 2 | aw(G^R) + 2}`, `aw(G) = G°` unless G° is an integer. In that
//! *eccentric* case,
//!
//! * if `G > ⧆`, aw(G) is the largest integer n with `n ⧏ aw(G^R) + 2` for every G^R;
//! * if `G < ⧆`, the smallest integer n with `n ⧐ aw(G^L) - 2` for every G^L;
//! * otherwise (G confused with ⧆) 0.
//!
//! `x + n·↑ + *m` has atomic weight n when x = 0 (and is not all-small otherwise).

use super::dyadic::Dyadic;
use super::table::{Game, GameTable};
use num_bigint::BigInt;
use sprague_core::SolveError;
use sprague_core::nat::Nat;
use std::cmp::Ordering;

/// The atomic weight of a game, with the far star used for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtomicWeight {
    /// The atomic weight (a game, usually an integer).
    pub weight: Game,
    /// N of the far star `*N` the eccentric cases were compared with.
    pub far_star: Nat,
}

impl GameTable {
    /// The far star of `g`: N with `*N` beyond every nimber in `g`'s followers
    /// (N = birthday + 1).
    ///
    /// ```
    /// use sprague_engine::partizan::GameTable;
    /// let mut t = GameTable::new();
    /// let up = t.up(1).unwrap();
    /// let star4 = t.nimber(4u64.into()).unwrap();
    /// let g = t.add(up, star4).unwrap();
    /// assert_eq!(t.far_star(g).unwrap().to_string(), "7"); // ^*4 = {0|*5}, born on day 6
    /// ```
    pub fn far_star(&mut self, g: Game) -> Result<Nat, SolveError> {
        Ok(self.birthday(g)?.add(&Nat::from(1u64)))
    }

    /// The atomic weight of `g`, or `None` when `g` is not all-small.
    ///
    /// ```
    /// use sprague_engine::partizan::{Game, GameTable};
    /// let mut t = GameTable::new();
    /// let aw = |t: &mut GameTable, g: Game| t.atomic_weight(g).unwrap().map(|a| t.show(a.weight));
    /// let up = t.up(1).unwrap();
    /// assert_eq!(aw(&mut t, up).as_deref(), Some("1"));
    /// let star = t.nimber(1u64.into()).unwrap();
    /// let double_up = t.add(up, up).unwrap();
    /// let double_up_star = t.add(double_up, star).unwrap();
    /// assert_eq!(aw(&mut t, double_up_star).as_deref(), Some("2"));
    /// let star5 = t.nimber(5u64.into()).unwrap();
    /// assert_eq!(aw(&mut t, star5).as_deref(), Some("0"));
    /// let (one, minus_one) = (t.integer(1).unwrap(), t.integer(-1).unwrap());
    /// let pm = t.game(&[one], &[minus_one]).unwrap();
    /// assert_eq!(aw(&mut t, pm), None);
    /// ```
    pub fn atomic_weight(&mut self, g: Game) -> Result<Option<AtomicWeight>, SolveError> {
        if !self.all_small(g)? {
            return Ok(None);
        }
        let n = self.far_star(g)?;
        let far = self.nimber(n.clone())?;
        let weight = self.post_order(
            g,
            |t, h| match t.as_nus(h) {
                Some(nus) => {
                    let up = nus.up;
                    Ok(Some(t.integer(up)?))
                }
                None => Ok(None),
            },
            |t, h, left, right| {
                let two = t.integer(2)?;
                let minus_two = t.integer(-2)?;
                let mut lw = Vec::with_capacity(left.len());
                for o in left {
                    lw.push(t.add(o, minus_two)?);
                }
                let mut rw = Vec::with_capacity(right.len());
                for o in right {
                    rw.push(t.add(o, two)?);
                }
                let first = t.game(&lw, &rw)?;
                let eccentric = t.as_number(first).is_some_and(Dyadic::is_integer);
                let w = if !eccentric {
                    first
                } else {
                    // G against ⧆ by comparison (no sum G + *N is built).
                    match t.compare(h, far)? {
                        Some(Ordering::Greater) if !rw.is_empty() => {
                            // The largest n below (or confused with) every aw(G^R) + 2.
                            let mut best: Option<BigInt> = None;
                            for &x in &rw {
                                let m: BigInt = t.least_integer_at_least(x)? - 1;
                                best = Some(best.map_or(m.clone(), |b| b.min(m)));
                            }
                            t.number(Dyadic::from_bigint(best.unwrap_or_default()))?
                        }
                        Some(Ordering::Less) if !lw.is_empty() => {
                            let mut best: Option<BigInt> = None;
                            for &x in &lw {
                                let m: BigInt = t.greatest_integer_at_most(x)? + 1;
                                best = Some(best.map_or(m.clone(), |b| b.max(m)));
                            }
                            t.number(Dyadic::from_bigint(best.unwrap_or_default()))?
                        }
                        _ => Game::ZERO,
                    }
                };
                Ok(w)
            },
        )?;
        Ok(Some(AtomicWeight {
            weight,
            far_star: n,
        }))
    }

    /// Whether every number among the followers of `g` is 0.
    ///
    /// ```
    /// use sprague_engine::partizan::{Game, GameTable};
    /// let mut t = GameTable::new();
    /// let star = t.nimber(1u64.into()).unwrap();
    /// let up_star = t.game(&[Game::ZERO, star], &[Game::ZERO]).unwrap(); // {0,*|0}
    /// let up = t.up(1).unwrap();
    /// let g = t.add(up_star, up).unwrap();
    /// assert!(t.all_small(g).unwrap());
    /// let minus_two = t.integer(-2).unwrap();
    /// let right = t.game(&[Game::ZERO], &[minus_two]).unwrap();
    /// let h = t.game(&[Game::ZERO], &[right]).unwrap(); // Tiny(2): infinitesimal, not all-small
    /// assert!(!t.all_small(h).unwrap());
    /// ```
    pub fn all_small(&mut self, g: Game) -> Result<bool, SolveError> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![g];
        seen.insert(g);
        while let Some(h) = stack.pop() {
            if let Some(n) = self.as_nus(h) {
                if !n.number.is_zero() {
                    return Ok(false);
                }
                continue;
            }
            let (l, r) = self.options(h)?;
            self.charge((l.len() + r.len()) as u64)?;
            for o in l.into_iter().chain(r) {
                if seen.insert(o) {
                    stack.push(o);
                }
            }
        }
        Ok(true)
    }

    /// The least integer m with `m ≥ x`: the ceiling of the left stop, or one more
    /// (an integer n above the left stop is above x; one below it is not ≥ x).
    pub(crate) fn least_integer_at_least(&mut self, x: Game) -> Result<BigInt, SolveError> {
        let (ls, _) = self.stops(x)?;
        let c = ls.ceil();
        let cg = self.number(Dyadic::from_bigint(c.clone()))?;
        Ok(if self.le(x, cg)? { c } else { c + 1 })
    }

    /// The greatest integer m with `m ≤ x` (dually, from the right stop).
    pub(crate) fn greatest_integer_at_most(&mut self, x: Game) -> Result<BigInt, SolveError> {
        let (_, rs) = self.stops(x)?;
        let f = rs.floor();
        let fg = self.number(Dyadic::from_bigint(f.clone()))?;
        Ok(if self.le(fg, x)? { f } else { f - 1 })
    }
}
