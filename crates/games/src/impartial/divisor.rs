//! `divisor(n)`: from n ≥ 1 move to 0 or to any proper divisor d of n (d < n, d | n);
//! from 0 there is no move.
//!
//! # Theorem: sg(0) = 0 and sg(n) = Ω(n) + 1 for n ≥ 1
//!
//! Ω(n) is the number of prime factors of n counted with multiplicity (Ω(1) = 0,
//! Ω(360) = Ω(2³·3²·5) = 6). By strong induction on n ≥ 1: the options of n are 0
//! (value 0) and the proper divisors d, each worth Ω(d) + 1 by induction. A proper
//! divisor has Ω(d) < Ω(n), and every value 0 ≤ j < Ω(n) occurs: strip prime factors
//! from n one at a time. So the option values are exactly {0} ∪ {1, …, Ω(n)} and the
//! mex is Ω(n) + 1. (For n = 1 the only option is 0: sg(1) = 1.)
//!
//! The same study note that states this (a Codeforces gym problem where the mover takes
//! k stones leaving a divisor of n) is checked here against the mex of the rules.
//!
//! Consequences: every n ≥ 1 is an N-position (moving to 0 wins alone), and the moves
//! to value t ≥ 1 go to the divisors with exactly t − 1 prime factors, read off the
//! factorisation (see [`crate::factor`]) and listed without enumerating the others.

use crate::factor;
use crate::factor::{Budget, Factorisation};
use num_bigint::BigUint;
use num_traits::One;
use smallvec::smallvec;
use sprague_core::nat::Nat;
use sprague_core::{Bound, Limits, SolveError, Spent};
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};
use sprague_engine::impartial::heap::{HeapOption, HeapRules};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// The rules of the divisor game, for tables (heaps below 2^64, factored exactly).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DivisorRules;

/// The factorisation of a heap below 2^64.
fn small_factorisation(n: u64) -> Factorisation {
    Factorisation {
        primes: factor::factor_u64(n)
            .into_iter()
            .map(|(p, e)| (Nat::from(p), e))
            .collect(),
        probable: false,
    }
}

/// Calls `emit` with every exponent vector `e` (0 ≤ e_i ≤ a_i, Σ e_i = total), the
/// largest exponents of the smallest primes first, until `emit` returns `false`. Each
/// vector costs O(len a): no dead ends are explored.
pub(crate) fn exponent_vectors(a: &[u32], total: u64, mut emit: impl FnMut(&[u32]) -> bool) {
    let k = a.len();
    // suffix[i] = Σ_{j ≥ i} a_j.
    let mut suffix = vec![0u64; k + 1];
    for i in (0..k).rev() {
        suffix[i] = suffix[i + 1] + u64::from(a[i]);
    }
    if total > suffix[0] {
        return;
    }
    let fill = |e: &mut [u32], from: usize, mut rem: u64| {
        for i in from..k {
            let take = rem.min(u64::from(a[i]));
            e[i] = take as u32;
            rem -= take;
        }
    };
    let mut e = vec![0u32; k];
    fill(&mut e, 0, total);
    loop {
        if !emit(&e) {
            return;
        }
        // The rightmost exponent that can give one unit to the primes after it.
        let mut after = 0u64;
        let mut found = None;
        for i in (0..k).rev() {
            if e[i] > 0 && after < suffix[i + 1] {
                found = Some(i);
                break;
            }
            after += u64::from(e[i]);
        }
        let Some(i) = found else { return };
        e[i] -= 1;
        fill(&mut e, i + 1, after + 1);
    }
}

/// The divisors of `n` (factored as `f`) with exactly `count` prime factors, smaller
/// than `n`, at most `limit` of them.
fn divisors_with_omega(f: &Factorisation, count: u64, limit: usize) -> Vec<Nat> {
    let mut out = Vec::new();
    if count >= f.omega() || limit == 0 {
        // count = Ω(n) would be n itself, which is not a proper divisor.
        return out;
    }
    let exps: Vec<u32> = f.primes.iter().map(|&(_, e)| e).collect();
    let bigs: Vec<BigUint> = f.primes.iter().map(|(p, _)| p.to_big()).collect();
    exponent_vectors(&exps, count, |e| {
        let mut d = BigUint::one();
        for (p, &k) in bigs.iter().zip(e) {
            if k > 0 {
                d *= p.pow(k);
            }
        }
        out.push(Nat::from_big(d));
        out.len() < limit
    });
    out
}

/// "360 = 2^3 · 3^2 · 5 has Ω = 6 prime factors: sg = 7".
fn factor_sentence(n: &Nat, f: &Factorisation) -> String {
    let omega = f.omega();
    let mut s = if n.is_zero() {
        "0 has no move: sg = 0".to_string()
    } else if omega == 0 {
        "1 has no prime factor (Ω = 0): its only move is to 0, so sg = mex{0} = 1".to_string()
    } else if omega == 1 {
        format!("{} is prime (Ω = 1): sg = 2", short(n))
    } else {
        format!(
            "{} = {} has Ω = {omega} prime factors: sg = {}",
            short(n),
            f.to_text(),
            omega + 1
        )
    };
    if f.probable {
        s.push_str(&format!(
            " (factors above {} are Baillie–PSW probable primes: no counterexample is known, but their primality is not proved)",
            factor::PSI13
        ));
    }
    s
}

/// The theorem, in one sentence.
const THEOREM: &str = "sg(n) = Ω(n) + 1 for n ≥ 1: a move goes to 0 (worth 0) or to a proper divisor, and the proper divisors have every number of prime factors from 0 to Ω(n) − 1 (worth 1, …, Ω(n)), never Ω(n)";

/// `n` in full, or its number of digits when it is long.
fn short(n: &Nat) -> String {
    let s = n.to_string();
    if s.len() > 80 {
        format!("a {}-digit number", s.len())
    } else {
        s
    }
}

/// The text of the move from `n` to `d` (`d = 0` or a proper divisor).
fn move_text(n: &Nat, d: &Nat) -> String {
    if d.is_zero() {
        return format!("move from {n} to 0");
    }
    match d.to_u64().filter(|&v| v > 1) {
        Some(v) => {
            let f = small_factorisation(v);
            if f.omega() > 1 {
                format!("move from {n} to its divisor {d} = {}", f.to_text())
            } else {
                format!("move from {n} to its prime divisor {d}")
            }
        }
        None => format!("move from {n} to its divisor {d}"),
    }
}

impl HeapRules for DivisorRules {
    fn name(&self) -> String {
        "divisor".into()
    }

    fn options(&self, n: &Nat, out: &mut Vec<HeapOption>) {
        // Only asked for small heaps: 0 and the proper divisors by trial division.
        let Some(n) = n.to_u64().filter(|&n| n >= 1) else {
            return;
        };
        out.push(smallvec![Nat::ZERO]);
        let mut large = Vec::new();
        let mut d = 1u64;
        while d.saturating_mul(d) <= n {
            if n.is_multiple_of(d) {
                out.push(smallvec![Nat::from(d)]);
                let e = n / d;
                if e != d && e != n {
                    large.push(e);
                }
            }
            d += 1;
        }
        out.retain(|o| o[0] != Nat::from(n));
        out.extend(large.into_iter().rev().map(|e| smallvec![Nat::from(e)]));
    }

    fn takes_stones(&self) -> bool {
        false
    }

    fn describe(&self, n: &Nat, option: &HeapOption) -> String {
        move_text(n, &option.first().cloned().unwrap_or_default())
    }

    fn closed_form(&self, n: &Nat) -> Option<Nat> {
        let v = n.to_u64()?;
        Some(Nat::from(if v == 0 {
            0
        } else {
            u64::from(factor::big_omega_u64(v)) + 1
        }))
    }

    fn closed_form_reason(&self, n: &Nat) -> Option<String> {
        let v = n.to_u64()?;
        let f = small_factorisation(v);
        let value = if v == 0 { 0 } else { f.omega() + 1 };
        Some(format!("sg({n}) = {value}: {}", factor_sentence(n, &f)))
    }

    fn options_with_value(&self, n: &Nat, target: &Nat, cap: usize) -> Option<Vec<HeapOption>> {
        let v = n.to_u64()?;
        let f = small_factorisation(v);
        Some(
            options_to_value(n, &f, target, cap.saturating_add(1))
                .into_iter()
                .map(|d| smallvec![d])
                .collect(),
        )
    }
}

/// The options of `n ≥ 0` (factored as `f`) worth `target`, at most `limit`.
fn options_to_value(n: &Nat, f: &Factorisation, target: &Nat, limit: usize) -> Vec<Nat> {
    if n.is_zero() || limit == 0 {
        return Vec::new();
    }
    if target.is_zero() {
        return vec![Nat::ZERO];
    }
    match target.to_u64() {
        Some(t) => divisors_with_omega(f, t - 1, limit),
        None => Vec::new(),
    }
}

/// The divisor game as a family: values and moves at any size, factoring with a
/// budget derived from `--max-states`.
#[derive(Default)]
pub struct Divisor {
    /// Factorisations of heaps above 2^64 found, and those given up on (with the
    /// reason), so that the value, the moves and the explanation factor a heap once.
    cache: RefCell<HashMap<Nat, Result<Rc<Factorisation>, SolveError>>>,
}

impl Divisor {
    /// A family with an empty cache of factorisations.
    pub fn new() -> Self {
        Divisor::default()
    }

    /// The whole command's budget for factoring: `--max-states / 20` modular
    /// multiplications (the default allows 2.5 million, about a second on 200-bit
    /// numbers; rho then finds prime factors up to about 10^12), shared by every
    /// number the command factors.
    pub fn budget(limits: &Limits) -> u64 {
        (limits.max_states / 20).max(1)
    }

    /// The factorisation of `n ≥ 1`, or the limit error when it needs more work than
    /// is left of the command's factoring budget ([`Divisor::budget`]).
    pub(crate) fn factorisation(
        &self,
        n: &Nat,
        limits: &Limits,
    ) -> Result<Rc<Factorisation>, SolveError> {
        if let Some(v) = n.to_u64() {
            // Exact and fast below 2^64: no budget, no cache (sums may hold a million
            // heaps).
            return Ok(Rc::new(small_factorisation(v)));
        }
        if let Some(f) = self.cache.borrow().get(n) {
            return f.clone();
        }
        let total = Self::budget(limits);
        let used = &limits.spent.factoring;
        let left = Spent::left(used, total);
        let mut budget = Budget::new(left);
        let result = factor::factor(n, &mut budget);
        Spent::add(used, left - budget.left());
        let f = result.map(Rc::new).map_err(|_| SolveError::Limit {
            what: format!(
                "factoring {} needs more than the {left} modular multiplications left of the {total} allowed for the whole command",
                short(n),
            ),
            bound: Bound::Factoring,
        });
        self.cache.borrow_mut().insert(n.clone(), f.clone());
        f
    }

    fn heap<'a>(&self, pos: &'a Pos) -> &'a Nat {
        &pos[0]
    }
}

impl Family for Divisor {
    fn name(&self) -> String {
        "divisor".into()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        sprague_engine::impartial::family::check_one_heap("divisor", pos)
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let n = self.heap(pos);
        if n.is_zero() {
            return Ok(Some(Nat::ZERO));
        }
        match self.factorisation(n, limits) {
            Ok(f) => Ok(Some(Nat::from(f.omega() + 1))),
            // The value needs the factorisation; the outcome does not.
            Err(SolveError::Limit { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn is_p_position(&self, pos: &Pos, _limits: &Limits) -> Result<bool, SolveError> {
        // Every n ≥ 1 can move to 0.
        Ok(self.heap(pos).is_zero())
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let n = self.heap(pos);
        if n.is_zero() {
            return Ok(());
        }
        let limit = sink.cap.saturating_add(1);
        let to = if target.is_zero() {
            vec![Nat::ZERO]
        } else {
            let f = self.factorisation(n, limits)?;
            options_to_value(n, &f, target, limit)
        };
        for d in to {
            if !sink.offer_one(smallvec::smallvec![d.clone()], || move_text(n, &d)) {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        // 0, then the proper divisors by their number of prime factors (read off the
        // factorisation, so that no number is tried in vain).
        let n = self.heap(pos);
        if n.is_zero()
            || !sink.offer_one(smallvec::smallvec![Nat::ZERO], || move_text(n, &Nat::ZERO))
        {
            return Ok(());
        }
        let f = self.factorisation(n, limits)?;
        for count in 0..f.omega() {
            let room = sink.cap.saturating_sub(sink.moves.len()).saturating_add(1);
            for d in divisors_with_omega(&f, count, room) {
                if !sink.offer_one(smallvec::smallvec![d.clone()], || move_text(n, &d)) {
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        // 0 and the τ(n) − 1 proper divisors: τ(n) moves.
        let n = self.heap(pos);
        if n.is_zero() {
            return Ok(Some(Nat::ZERO));
        }
        match self.factorisation(n, limits) {
            Ok(f) => Ok(Some(Nat::from_big(
                f.primes
                    .iter()
                    .map(|&(_, e)| BigUint::from(e) + 1u32)
                    .product(),
            ))),
            Err(SolveError::Limit { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn move_to(&self, pos: &Pos, to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        let n = self.heap(pos);
        let [d] = to.as_slice() else {
            return Ok(None);
        };
        let legal =
            !n.is_zero() && (d.is_zero() || (d < n && (n.to_big() % d.to_big()) == BigUint::ZERO));
        Ok(legal.then(|| Move::one(smallvec::smallvec![d.clone()], move_text(n, d))))
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let n = self.heap(pos);
        if n.is_zero() {
            return Ok(vec!["0 has no move: sg = 0".into()]);
        }
        match self.factorisation(n, limits) {
            Ok(f) => Ok(vec![factor_sentence(n, &f), THEOREM.into()]),
            Err(SolveError::Limit { what, .. }) => Ok(vec![
                format!(
                    "{} ≥ 1 can move to 0, which is worth 0, so the player to move wins; its value Ω(n) + 1 is not computed: {what} (a twentieth of the bound on positions); a higher bound tries harder",
                    short(n)
                ),
                THEOREM.into(),
            ]),
            Err(e) => Err(e),
        }
    }

    fn is_heap_family(&self) -> bool {
        true
    }
}

/// `divisor` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["divisor"],
    usage: Some(("divisor(n,…)", "move to 0 or to a proper divisor")),
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "A move replaces a number by 0 or by one of its proper divisors. Whoever cannot move loses.",
        example: Some("divisor(12)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((reg.shared(Divisor::new()), 1))
    },
    read: None,
    table: Some(|reg, t| {
        reg.no_params(t)?;
        Ok(std::rc::Rc::new(
            sprague_engine::impartial::heap::HeapFamily::new(DivisorRules),
        ))
    }),
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::impartial::heap::{HeapFamily, HeapTable};
    use std::collections::BTreeSet;

    /// The options straight from the rules: 0 and every d < n dividing n.
    fn rule_options(n: u64) -> BTreeSet<u64> {
        if n == 0 {
            return BTreeSet::new();
        }
        std::iter::once(0)
            .chain((1..n).filter(|d| n.is_multiple_of(*d)))
            .collect()
    }

    /// Ω(n) by trial division, independent of the factoring code.
    fn omega_by_trial(mut n: u64) -> u64 {
        let mut count = 0;
        let mut d = 2;
        while d * d <= n {
            while n.is_multiple_of(d) {
                n /= d;
                count += 1;
            }
            d += 1;
        }
        count + u64::from(n > 1)
    }

    #[test]
    fn options_follow_the_rules() {
        for n in 0u64..2000 {
            let mut got = Vec::new();
            DivisorRules.options(&Nat::from(n), &mut got);
            let set: BTreeSet<u64> = got.iter().map(|o| o[0].to_u64().unwrap()).collect();
            assert_eq!(set.len(), got.len());
            assert_eq!(set, rule_options(n), "n = {n}");
        }
    }

    #[test]
    fn closed_form_matches_exhaustive_table() {
        let mut t = HeapTable::default();
        t.extend(&DivisorRules, 20_000, &Limits::default()).unwrap();
        for (n, v) in t.values().iter().enumerate() {
            let n = n as u64;
            assert_eq!(
                DivisorRules.closed_form(&Nat::from(n)),
                Some(Nat::from(v)),
                "n = {n}"
            );
            let expect = if n == 0 { 0 } else { omega_by_trial(n) + 1 };
            assert_eq!(u64::from(v), expect, "n = {n}");
        }
    }

    #[test]
    fn moves_with_value_match_enumeration() {
        let mut t = HeapTable::default();
        t.extend(&DivisorRules, 3000, &Limits::default()).unwrap();
        let fam = Divisor::new();
        for n in 0u64..3000 {
            for target in 0u64..14 {
                let expect: BTreeSet<u64> = rule_options(n)
                    .into_iter()
                    .filter(|&m| u64::from(t.values().get(m as usize)) == target)
                    .collect();
                let got = DivisorRules
                    .options_with_value(&Nat::from(n), &Nat::from(target), 10_000)
                    .unwrap();
                let set: BTreeSet<u64> = got.iter().map(|o| o[0].to_u64().unwrap()).collect();
                assert_eq!(set.len(), got.len(), "duplicates from {n}");
                assert_eq!(set, expect, "n = {n}, target = {target}");
                // The family agrees (as sets).
                let mut sink = MoveSink::new(10_000);
                let pos: Pos = smallvec![Nat::from(n)];
                fam.moves_to_value(&pos, &Nat::from(target), &Limits::default(), &mut sink)
                    .unwrap();
                let fam_set: BTreeSet<String> =
                    sink.moves.iter().map(|m| m.to_text(&fam)).collect();
                let want: BTreeSet<String> =
                    expect.iter().map(|d| format!("divisor({d})")).collect();
                assert_eq!(fam_set, want);
            }
        }
    }

    #[test]
    fn exponent_vectors_are_all_listed_once() {
        // Brute force over the box 0..=a_i.
        let a = [3u32, 0, 2, 1, 4];
        for total in 0..=11u64 {
            let mut got = Vec::new();
            exponent_vectors(&a, total, |e| {
                got.push(e.to_vec());
                true
            });
            let mut want = Vec::new();
            for e0 in 0..=3u32 {
                for e2 in 0..=2u32 {
                    for e3 in 0..=1u32 {
                        for e4 in 0..=4u32 {
                            if u64::from(e0 + e2 + e3 + e4) == total {
                                want.push(vec![e0, 0, e2, e3, e4]);
                            }
                        }
                    }
                }
            }
            let g: BTreeSet<_> = got.iter().cloned().collect();
            assert_eq!(g.len(), got.len());
            assert_eq!(g, want.into_iter().collect(), "total {total}");
        }
    }

    #[test]
    fn explanation_names_the_factorisation() {
        let f = Divisor::new();
        let pos: Pos = smallvec![Nat::from(360u64)];
        let lines = f.explain(&pos, &Limits::default()).unwrap();
        assert_eq!(
            lines[0],
            "360 = 2^3 · 3^2 · 5 has Ω = 6 prime factors: sg = 7"
        );
        assert_eq!(
            DivisorRules.closed_form_reason(&Nat::from(7u64)).unwrap(),
            "sg(7) = 2: 7 is prime (Ω = 1): sg = 2"
        );
    }

    #[test]
    fn huge_heaps() {
        let limits = Limits::default();
        let f = Divisor::new();
        // 10^100 = 2^100 · 5^100: Ω = 200, sg = 201.
        let n: Nat = format!("1{}", "0".repeat(100)).parse().unwrap();
        let pos: Pos = smallvec![n.clone()];
        assert_eq!(f.grundy(&pos, &limits).unwrap(), Some(Nat::from(201u64)));
        // Moves to value 3: divisors 2^a 5^b with a + b = 2: 4, 10, 25.
        let mut sink = MoveSink::new(20);
        f.moves_to_value(&pos, &Nat::from(3u64), &limits, &mut sink)
            .unwrap();
        let to: Vec<String> = sink.moves.iter().map(|m| m.to_text(&f)).collect();
        assert_eq!(to, ["divisor(4)", "divisor(10)", "divisor(25)"]);
        // Moves to value 200: the 199-factor divisors 2^a 5^b, a + b = 199, a, b ≤ 100:
        // a = 99..=100 → 2 of them.
        let mut sink = MoveSink::new(20);
        f.moves_to_value(&pos, &Nat::from(200u64), &limits, &mut sink)
            .unwrap();
        assert_eq!(sink.moves.len(), 2);
        // 1000000007 · 998244353 (two primes): value 3; moves to value 2 are the primes.
        let n = Nat::from(1_000_000_007u64 * 998_244_353);
        let pos: Pos = smallvec![n];
        assert_eq!(f.grundy(&pos, &limits).unwrap(), Some(Nat::from(3u64)));
        let mut sink = MoveSink::new(20);
        f.moves_to_value(&pos, &Nat::from(2u64), &limits, &mut sink)
            .unwrap();
        let to: BTreeSet<String> = sink.moves.iter().map(|m| m.to_text(&f)).collect();
        assert_eq!(
            to,
            BTreeSet::from([
                "divisor(1000000007)".to_string(),
                "divisor(998244353)".to_string()
            ])
        );
        // Cap: 2^10 · 3^10 · 5^10 has many divisors with 15 factors; keep 5, flag more.
        let n = Nat::from(30u64.pow(10));
        let pos: Pos = smallvec![n];
        let mut sink = MoveSink::new(5);
        f.moves_to_value(&pos, &Nat::from(16u64), &limits, &mut sink)
            .unwrap();
        assert_eq!(sink.moves.len(), 5);
        assert!(sink.truncated);
    }

    #[test]
    fn hard_numbers_keep_the_outcome() {
        // (2^89 − 1)(2^107 − 1): two Mersenne primes, far beyond rho with a small
        // budget. The value is unknown, the outcome is not: move to 0.
        let p = (BigUint::one() << 89u32) - 1u32;
        let q = (BigUint::one() << 107u32) - 1u32;
        let pos: Pos = smallvec![Nat::from_big(p * q)];
        let limits = Limits {
            max_states: 100_000,
            ..Limits::default()
        };
        let f = Divisor::new();
        assert_eq!(f.grundy(&pos, &limits).unwrap(), None);
        assert!(!f.is_p_position(&pos, &limits).unwrap());
        let mut sink = MoveSink::new(5);
        f.moves_to_value(&pos, &Nat::ZERO, &limits, &mut sink)
            .unwrap();
        assert_eq!(sink.moves[0].to_text(&f), "divisor(0)");
        let mut sink = MoveSink::new(5);
        let err = f
            .moves_to_value(&pos, &Nat::from(2u64), &limits, &mut sink)
            .unwrap_err();
        assert!(matches!(
            err,
            SolveError::Limit {
                bound: Bound::Factoring,
                ..
            }
        ));
        // The table family agrees with the solve family on small heaps.
        let table = HeapFamily::new(DivisorRules);
        for n in 0u64..500 {
            let pos: Pos = smallvec![Nat::from(n)];
            assert_eq!(
                table.grundy(&pos, &Limits::default()).unwrap(),
                f.grundy(&pos, &Limits::default()).unwrap()
            );
        }
    }
}
