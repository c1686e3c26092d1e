//! The circle game (Codeforces 1451D): `circle[d,k](x,y)` is a token at the lattice
//! point (x, y) with x² + y² ≤ d²; a move adds k to x or to y, and the token must stay
//! within distance d of the origin (x² + y² ≤ d² after the move). The player who cannot
//! move loses. The contest's game starts at `circle[d,k](0,0)`.
//!
//! # Values (proved; the tests compare them with exhaustive search)
//!
//! Write the points the token can reach as (x + ak, y + bk), a, b ≥ 0: a down-set R of
//! the quarter plane (a Young diagram), and moves go right or up inside it.
//!
//! *Lemma: if (a+1, b+1) ∈ R, then (a, b) and (a+1, b+1) have the same value.* By
//! induction from the far end. Let r = (a+1, b), u = (a, b+1), both in R. If
//! (a+2, b+1) ∈ R, then g(r) = g(a+2, b+1) by induction, and likewise for u and
//! (a+1, b+2); when both are in R, g(a, b) = mex{g(r), g(u)} = g(a+1, b+1). When
//! neither is, (a+1, b+1) has no move (value 0), while r and u both have the option
//! (a+1, b+1) of value 0, so neither is 0 and g(a, b) = 0. When only (a+2, b+1) is,
//! with α = its value: g(r) = α and (a+1, b+1) has the single option value α; if α = 0,
//! g(a+1, b+1) = 1, u has an option of value 1 so g(u) ≠ 1, and g(a, b) = mex{0, g(u)}
//! = 1; if α ≠ 0, g(a+1, b+1) = 0, u has an option of value 0 so g(u) ≠ 0, and
//! g(a, b) = mex{α, g(u)} = 0. The last case is symmetric.
//!
//! So the value of a point is the value of the last point e = (x + sk, y + sk) of its
//! diagonal in the disc. From e the token cannot move diagonally, so a step right
//! starts a forced walk of p − 1 more steps along the row (p = how far right e can go),
//! of value (p − 1) mod 2, and a step up likewise with q: **the value is
//! mex{(p − 1) mod 2 if p ≥ 1, (q − 1) mod 2 if q ≥ 1}**, 0, 1 or 2. The player to
//! move loses exactly when p and q are both even.
//!
//! From (0, 0) this is the contest's rule: with t the largest integer such that
//! (tk)² + (tk)² ≤ d², the first player wins iff (tk, (t+1)k) is in the disc (then
//! p = q = 1).
//!
//! s, p and q come from exact integer square roots: s = ⌊(√(2d² − (x−y)²) − x − y)/2k⌋
//! and p = ⌊(√(d² − Y²) − X)/k⌋ at e = (X, Y), so any size is answered at once.

use num_bigint::BigUint;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::exhaustive::GameRules;
use sprague_engine::impartial::family::{Family, MoveSink, Pos};

/// The rules on small coordinates, for exhaustive search.
#[derive(Clone, Copy, Debug)]
pub struct CircleRules {
    /// The radius.
    pub d: u64,
    /// The step.
    pub k: u64,
}

impl GameRules for CircleRules {
    type Position = (u64, u64);
    fn options(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        let inside = |x: u64, y: u64| x * x + y * y <= self.d * self.d;
        if inside(x + self.k, y) {
            out.push((x + self.k, y));
        }
        if inside(x, y + self.k) {
            out.push((x, y + self.k));
        }
    }
}

/// The end of the diagonal and how far it can go right and up: (s, p, q).
fn walk(d: &BigUint, k: &BigUint, x: &BigUint, y: &BigUint) -> (BigUint, BigUint, BigUint) {
    let d2 = d * d;
    let diff = if x > y { x - y } else { y - x };
    let r = (&d2 * 2u32 - &diff * &diff).sqrt();
    let s = (r - x - y) / (k * 2u32);
    let xe = x + &s * k;
    let ye = y + &s * k;
    let p = ((&d2 - &ye * &ye).sqrt() - &xe) / k;
    let q = ((&d2 - &xe * &xe).sqrt() - &ye) / k;
    (s, p, q)
}

/// The nim-value of `circle[d,k](x,y)` (the point must be in the disc, k ≥ 1).
///
/// ```
/// use sprague_games::impartial::circle::value;
/// use num_bigint::BigUint;
/// let b = |v: u32| BigUint::from(v);
/// // Codeforces 1451D: d = 5, k = 2 from (0, 0) is a first-player win; d = 2, k = 1 not.
/// assert_ne!(value(&b(5), &b(2), &b(0), &b(0)), 0);
/// assert_eq!(value(&b(2), &b(1), &b(0), &b(0)), 0);
/// ```
pub fn value(d: &BigUint, k: &BigUint, x: &BigUint, y: &BigUint) -> u32 {
    let (_, p, q) = walk(d, k, x, y);
    let mut seen = [false; 3];
    for run in [p, q] {
        if run.bits() > 0 {
            seen[usize::from(!run.bit(0))] = true;
        }
    }
    seen.iter().position(|&b| !b).unwrap_or(2) as u32
}

/// `circle[d,k]` as a family.
#[derive(Clone, Debug)]
pub(crate) struct Circle {
    d: BigUint,
    k: BigUint,
}

impl Circle {
    /// The game in the disc of radius `d` with steps of `k ≥ 1`.
    pub fn new(d: &Nat, k: &Nat) -> Self {
        Circle {
            d: d.to_big(),
            k: k.to_big(),
        }
    }

    fn decode(&self, pos: &Pos) -> Result<(BigUint, BigUint), SolveError> {
        let [x, y] = pos.as_slice() else {
            return Err(SolveError::Input(format!(
                "{}(x,y) takes the token's two coordinates",
                self.name()
            )));
        };
        let (x, y) = (x.to_big(), y.to_big());
        if &x * &x + &y * &y > &self.d * &self.d {
            return Err(SolveError::Input(format!(
                "{}({x},{y}): the token must be within distance {} of the origin \
                 (x² + y² ≤ d²)",
                self.name(),
                self.d
            )));
        }
        Ok((x, y))
    }

    fn options(&self, x: &BigUint, y: &BigUint) -> Vec<(BigUint, BigUint, &'static str)> {
        let d2 = &self.d * &self.d;
        let mut out = Vec::new();
        let xr = x + &self.k;
        if &xr * &xr + y * y <= d2 {
            out.push((xr, y.clone(), "x"));
        }
        let yu = y + &self.k;
        if x * x + &yu * &yu <= d2 {
            out.push((x.clone(), yu, "y"));
        }
        out
    }

    fn push(&self, (x, y, axis): &(BigUint, BigUint, &str), sink: &mut MoveSink) -> bool {
        let to = smallvec::smallvec![Nat::from_big(x.clone()), Nat::from_big(y.clone())];
        sink.offer_one(to, || format!("add {} to {axis}, to ({x}, {y})", self.k))
    }
}

impl Family for Circle {
    fn name(&self) -> String {
        format!("circle[{},{}]", self.d, self.k)
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        self.decode(pos).map(|_| ())
    }

    fn grundy(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let (x, y) = self.decode(pos)?;
        Ok(Some(Nat::from(value(&self.d, &self.k, &x, &y))))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        _limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let (x, y) = self.decode(pos)?;
        for o in self.options(&x, &y) {
            if Nat::from(value(&self.d, &self.k, &o.0, &o.1)) == *target && !self.push(&o, sink) {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let (x, y) = self.decode(pos)?;
        for o in self.options(&x, &y) {
            if !self.push(&o, sink) {
                break;
            }
        }
        Ok(())
    }

    fn explain(&self, pos: &Pos, _limits: &Limits) -> Result<Vec<String>, SolveError> {
        let (x, y) = self.decode(pos)?;
        let (s, p, q) = walk(&self.d, &self.k, &x, &y);
        let v = value(&self.d, &self.k, &x, &y);
        let e = (&x + &s * &self.k, &y + &s * &self.k);
        Ok(vec![format!(
            "sg({}({x},{y})) = {v}: a point has the value of the last point of its diagonal \
             in the disc, ({}, {}) after {s} diagonal steps; from there the token can go \
             {p} step(s) along x and {q} along y, each a forced walk, so the value is the \
             mex of the walks' parities (the mover loses iff both counts are even)",
            self.name(),
            e.0,
            e.1
        )])
    }
}

/// `circle[d,k]` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["circle"],
    usage: Some((
        "circle[d,k](x,y)",
        "add k to x or y, staying within distance d of the origin",
    )),
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "A token at (x,y); a move adds k to x or to y, staying within distance d of the origin. Whoever cannot move loses.",
        example: Some("circle[5,1](0,0)"),
    }),
    build: |reg, t| {
        use sprague_expr::Param;
        let usage = "circle[d,k] takes the radius d and the step k ≥ 1, e.g. circle[5,2](0,0)";
        match t.params.as_deref() {
            Some([Param::Int(d, _), Param::Int(k, ks)]) => {
                if k.is_zero() {
                    return Err(reg.error(*ks, usage));
                }
                Ok((reg.shared(Circle::new(d, k)), 0))
            }
            Some([p, ..]) => Err(reg.error(p.span(), usage)),
            _ => Err(reg.error(t.span, usage)),
        }
    },
    read: None,
    table: None,
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::assert_matches_search;
    use sprague_engine::impartial::exhaustive::GrundySearch;

    #[test]
    fn closed_form_and_moves_match_exhaustive_search() {
        for d in 0u64..=24 {
            for k in 1u64..=7 {
                let mut s = GrundySearch::new(CircleRules { d, k });
                let fam = Circle::new(&Nat::from(d), &Nat::from(k));
                for x in 0..=d {
                    for y in 0..=d {
                        if x * x + y * y > d * d {
                            continue;
                        }
                        let p: Pos = [x, y].map(Nat::from).into_iter().collect();
                        let show = |o: &(u64, u64)| format!("circle[{d},{k}]({},{})", o.0, o.1);
                        assert_matches_search(&fam, &mut s, &(x, y), &p, show, false);
                    }
                }
            }
        }
    }

    #[test]
    fn the_contest_rule_from_the_origin_matches_exhaustive_search() {
        // Codeforces 1451D: t the largest with 2(tk)² ≤ d²; First wins iff
        // (tk)² + ((t+1)k)² ≤ d².
        let limits = Limits::default();
        for d in 1u64..=60 {
            for k in 1u64..=d {
                let t = (0..)
                    .take_while(|t| 2 * (t * k) * (t * k) <= d * d)
                    .last()
                    .unwrap();
                let first = (t * k) * (t * k) + ((t + 1) * k) * ((t + 1) * k) <= d * d;
                let g = GrundySearch::new(CircleRules { d, k })
                    .grundy(&(0, 0), &limits)
                    .unwrap();
                assert_eq!(g != 0, first, "d={d} k={k}");
            }
        }
    }

    #[test]
    fn points_outside_the_disc_are_refused() {
        let fam = Circle::new(&Nat::from(5u64), &Nat::from(1u64));
        let p: Pos = [4u64, 4].map(Nat::from).into_iter().collect();
        assert!(matches!(fam.check(&p), Err(SolveError::Input(_))));
    }
}
