//! Lasker's Nim: take any positive number of tokens from one heap, or split a heap into
//! two non-empty heaps.
//!
//! Closed form (REFERENCES; checked against exhaustive search in the tests):
//! `G(0) = 0`, `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`, `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3`.
//! Write `L` for this map; it is an involution that permutes each block
//! `{4k+1, …, 4k+4}`, and `L(x) ≡ 1, 2, 0, 3 (mod 4)` for `x ≡ 1, 2, 3, 0`.
//!
//! Proof by induction on `n`. The takes reach `L(0), …, L(n − 1)`. A split `a + b = n`
//! reaches `L(a) ⊕ L(b)`, whose residue mod 4 is fixed by `n mod 4`: the pairs of
//! residues `(a, b)` with `a + b ≡ 1` give `L`-residues `{3, 1}` or `{2, 0}`, so the XOR
//! is `≡ 2`; with `a + b ≡ 2` the XOR is `≡ 0` or `1`; with `≡ 3` it is `≡ 3`; with
//! `≡ 0` it is `≡ 0` or `1`.
//! * `n = 4k+1`: the takes reach exactly `0..=4k` (whole blocks) and splits never reach
//!   a value `≡ 1`, so `G = 4k+1`.
//! * `n = 4k+2`: takes reach `0..=4k+1`; splits never reach `≡ 2`: `G = 4k+2`.
//! * `n = 4k+3`: takes reach `0..=4k+2`, the split `1 + (4k+2)` reaches `1 ⊕ (4k+2) =
//!   4k+3`, and `4k+4` is reached by no take (all `≤ 4k+2`) and no split (`≡ 3`):
//!   `G = 4k+4`.
//! * `n = 4k+4`: takes reach `0..=4k+2` and `4k+4` but not `4k+3`, and splits never reach
//!   `≡ 3`: `G = 4k+3`.
//!
//! Winning moves at any size: the take to value `t` goes to heap `L(t)`. For splits, put
//! `a' = L(a)`, `b' = L(b)`: then `a' ⊕ b' = t` and `a' + b' = n + d` with
//! `d = (a' − a) + (b' − b) ∈ {−2, …, 2}`, so `c = a' & b' = (n + d − t) / 2` and
//! `a' = c | s`, `b' = c | (t ⊕ s)` for a submask `s` of `t`. Each unordered pair comes
//! once from the `s` without the top bit of `t`; whether `a + b = n` holds depends only
//! on the two low bits of `s`, so valid `s` recur within every 4 consecutive submasks and
//! the first `cap + 1` splits are found after a few dozen candidates, whatever the size
//! of `n`.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use smallvec::smallvec;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::cell::{Cell, Extended};
use sprague_engine::impartial::heap::{HeapOption, HeapRules};
use sprague_engine::impartial::watch::Poll;

/// The rules of Lasker's Nim.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lasker;

/// `L(x)`: the value of a heap of `x`.
pub(crate) fn lasker_value(x: &BigUint) -> BigUint {
    if x.is_zero() {
        return BigUint::zero();
    }
    match (x % 4u32).to_u32() {
        Some(0) => x - 1u32,
        Some(3) => x + 1u32,
        _ => x.clone(),
    }
}

/// The number with the bits of `j` placed at `positions` (lowest first).
fn deposit(j: u64, positions: &[u64]) -> BigUint {
    let mut s = BigUint::zero();
    for (k, &p) in positions.iter().enumerate().take(64) {
        if (j >> k) & 1 == 1 {
            s.set_bit(p, true);
        }
    }
    s
}

impl HeapRules for Lasker {
    fn name(&self) -> String {
        "lasker".into()
    }

    fn options(&self, n: &Nat, out: &mut Vec<HeapOption>) {
        // Only heaps whose options are few enough are listed (see `option_count`);
        // the closed form answers the rest.
        let Some(n) = n.to_u64() else { return };
        out.extend((0..n).map(|m| smallvec![Nat::from(m)]));
        out.extend((1..=n / 2).map(|a| smallvec![Nat::from(a), Nat::from(n - a)]));
    }

    fn option_count(&self, n: &Nat) -> Option<Nat> {
        // The n takes, and the ⌊n/2⌋ splits a + b = n with 1 ≤ a ≤ b.
        let n = n.to_big();
        Some(Nat::from_big(&n + (&n >> 1u32)))
    }

    fn describe(&self, n: &Nat, option: &HeapOption) -> String {
        match option.as_slice() {
            [a, b] => format!("split the heap of {n} into heaps of {a} and {b}"),
            [m] => format!(
                "take {} from the heap of {n}",
                n.checked_sub(m).unwrap_or_default()
            ),
            _ => format!("take all {n} from the heap"),
        }
    }

    fn closed_form(&self, n: &Nat) -> Option<Nat> {
        Some(match n.to_u64() {
            Some(v) if v < u64::MAX => Nat::from(match v % 4 {
                0 if v > 0 => v - 1,
                3 => v + 1,
                _ => v,
            }),
            _ => Nat::from_big(lasker_value(&n.to_big())),
        })
    }

    fn closed_form_reason(&self, n: &Nat) -> Option<String> {
        let v = self.closed_form(n)?;
        let rule = match (n.to_big() % 4u32).to_u32() {
            _ if n.is_zero() => "an empty heap has no move",
            Some(1) => "G(4k+1) = 4k+1",
            Some(2) => "G(4k+2) = 4k+2",
            Some(3) => "G(4k+3) = 4k+4",
            _ => "G(4k+4) = 4k+3",
        };
        Some(format!(
            "sg({n}) = {v}: Lasker's Nim has {rule} (takes reach every smaller value but one, splits a fixed residue mod 4)"
        ))
    }

    fn options_with_value(&self, n: &Nat, target: &Nat, cap: usize) -> Option<Vec<HeapOption>> {
        let (n, t) = (n.to_big(), target.to_big());
        let want = cap.saturating_add(1);
        let mut out: Vec<HeapOption> = Vec::new();
        let m = lasker_value(&t);
        if m < n {
            out.push(smallvec![Nat::from_big(m)]);
        }
        // Split positions: the bits of t below its top bit, lowest first.
        let top = t.bits().checked_sub(1);
        let free: Vec<u64> = (0..top.unwrap_or(0))
            .filter(|&p| t.bit(p))
            .take(63)
            .collect();
        let limit: u64 = 1u64 << free.len();
        let mut splits: Vec<(BigUint, BigUint)> = Vec::new();
        for d in -2i32..=2 {
            let nd = if d >= 0 {
                &n + d.unsigned_abs()
            } else if n >= BigUint::from(d.unsigned_abs()) {
                &n - d.unsigned_abs()
            } else {
                continue;
            };
            if nd < t || (&nd - &t).bit(0) {
                continue;
            }
            let c: BigUint = (&nd - &t) >> 1u32;
            if !(&c & &t).is_zero() {
                continue;
            }
            let mut found = 0usize;
            for j in 0..limit {
                if found >= want || (j >= 8 && found == 0) {
                    break;
                }
                let s = deposit(j, &free);
                let a1 = &c | &s;
                let b1 = &c | (&t ^ &s);
                if a1.is_zero() || b1.is_zero() {
                    continue;
                }
                let (a, b) = (lasker_value(&a1), lasker_value(&b1));
                if &a + &b != n {
                    continue;
                }
                found += 1;
                splits.push(if a <= b { (a, b) } else { (b, a) });
            }
        }
        splits.sort();
        splits.dedup();
        for (a, b) in splits {
            if out.len() >= want {
                break;
            }
            out.push(smallvec![Nat::from_big(a), Nat::from_big(b)]);
        }
        Some(out)
    }

    fn extend_values<C: Cell>(
        &self,
        values: &mut Vec<C>,
        len: usize,
        limits: &Limits,
        _poll: &mut Poll<'_>,
    ) -> Option<Result<Extended, SolveError>> {
        Some(closed_form_table(self, values, len, limits))
    }
}

/// Fills a table from a closed form (no option lists are built), stopping before a
/// value too wide for `C`.
pub(crate) fn closed_form_table<R: HeapRules, C: Cell>(
    rules: &R,
    values: &mut Vec<C>,
    len: usize,
    limits: &Limits,
) -> Result<Extended, SolveError> {
    while values.len() < len {
        let v = rules
            .closed_form(&Nat::from(values.len()))
            .and_then(|v| v.to_u64())
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| limits.states_exceeded(&format!("a table of {}", rules.name())))?;
        match C::new(v) {
            Some(c) => values.push(c),
            None => return Ok(Extended::TooWide(v)),
        }
    }
    Ok(Extended::Done)
}

/// `lasker` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["lasker"],
    usage: Some(("lasker(n,…)", "take any number, or split a heap into two")),
    shown: Some(super::Shown {
        group: super::Group::TakeAndBreak,
        rules: "Lasker's Nim: a move either takes any number of stones from one heap or splits a heap into two non-empty heaps. Whoever cannot move loses.",
        example: Some("lasker(3,5)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((
            reg.shared(sprague_engine::impartial::heap::HeapFamily::new(Lasker)),
            1,
        ))
    },
    read: None,
    table: Some(|reg, t| {
        reg.no_params(t)?;
        Ok(std::rc::Rc::new(
            sprague_engine::impartial::heap::HeapFamily::new(Lasker),
        ))
    }),
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::{assert_options_with_value, mex_values, option_set};
    use sprague_engine::impartial::family::{Family, MoveSink};
    use sprague_engine::impartial::heap::HeapFamily;
    use std::collections::BTreeSet;

    /// Values straight from the rules: takes to every smaller heap, splits a + b = n.
    fn exhaustive(len: usize) -> Vec<u64> {
        mex_values(len, |n, g: &[u64]| {
            let takes = (0..n).map(|m| g[m]);
            takes.chain((1..n).map(|a| g[a] ^ g[n - a])).collect()
        })
    }

    #[test]
    fn closed_form_matches_exhaustive_search() {
        let g = exhaustive(400);
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(
                Lasker.closed_form(&Nat::from(n)),
                Some(Nat::from(v)),
                "n = {n}"
            );
        }
        // The seed notes' worked values: sg(3) = 4, sg(4) = 3.
        assert_eq!((g[3], g[4]), (4, 3));
    }

    /// The moves of value `t` from `n`, by listing every option.
    fn listed(g: &[u64], n: usize, t: u64) -> BTreeSet<Vec<u64>> {
        let mut out = BTreeSet::new();
        for (m, &v) in g.iter().enumerate().take(n) {
            if v == t {
                out.insert(vec![m as u64]);
            }
        }
        for a in 1..=n / 2 {
            if g[a] ^ g[n - a] == t {
                out.insert(vec![a as u64, (n - a) as u64]);
            }
        }
        out
    }

    #[test]
    fn moves_with_value_match_the_list_of_options() {
        let g = exhaustive(130);
        assert_options_with_value(&Lasker, 130, 140, |n, t| listed(&g, n, t));
    }

    #[test]
    fn moves_with_value_match_on_larger_heaps() {
        let limit = 5000;
        let g: Vec<u64> = (0..limit as u64)
            .map(|n| Lasker.closed_form(&Nat::from(n)).unwrap().to_u64().unwrap())
            .collect();
        for n in [999usize, 1000, 1001, 1002, 4095, 4096, 4097, 4999] {
            for t in [
                0u64, 1, 3, 4, 7, 100, 255, 1023, 1024, 2047, 4000, 4095, 5000, 6000,
            ] {
                let got = Lasker
                    .options_with_value(&Nat::from(n), &Nat::from(t), 1 << 20)
                    .unwrap();
                assert_eq!(option_set(got), listed(&g, n, t), "n={n} t={t}");
            }
        }
    }

    #[test]
    fn huge_heaps_have_moves_of_the_right_value() {
        let n: BigUint = format!("1{}", "0".repeat(60)).parse().unwrap();
        let nn = Nat::from_big(n.clone());
        for t in [0u64, 1, 2, 3, 5, 12345, 1 << 40] {
            let got = Lasker.options_with_value(&nn, &Nat::from(t), 20).unwrap();
            assert!(got.len() <= 21);
            for o in &got {
                let parts: Vec<BigUint> = o.iter().map(Nat::to_big).collect();
                let v = parts
                    .iter()
                    .fold(BigUint::zero(), |acc, h| acc ^ lasker_value(h));
                assert_eq!(v, BigUint::from(t));
                match parts.as_slice() {
                    [m] => assert!(*m < n),
                    [a, b] => assert!(a + b == n && !a.is_zero() && a <= b),
                    _ => panic!("bad option"),
                }
            }
        }
        // To value 0 (the P-positions): splits a + b = n with L(a) = L(b), i.e. a = b.
        let zero = Lasker.options_with_value(&nn, &Nat::ZERO, 20).unwrap();
        let half = Nat::from_big(&n / 2u32);
        assert_eq!(
            zero,
            vec![smallvec![Nat::ZERO], smallvec![half.clone(), half]] as Vec<HeapOption>
        );
    }

    #[test]
    fn the_engine_answers_any_size_from_the_closed_form() {
        let f = HeapFamily::new(Lasker);
        let limits = Limits::default();
        // 10^30 ≡ 0 (mod 4): value 10^30 − 1.
        let n: Nat = format!("1{}", "0".repeat(30)).parse().unwrap();
        let v = f.grundy(&smallvec![n.clone()], &limits).unwrap().unwrap();
        assert_eq!(v, n.checked_sub(&Nat::from(1u64)).unwrap());
        let mut sink = MoveSink::new(5);
        f.moves_to_value(&smallvec![n], &Nat::from(7u64), &limits, &mut sink)
            .unwrap();
        assert!(!sink.moves.is_empty());
        let r = f.report(0, 12, &limits).unwrap();
        let want: Vec<Nat> = [0u64, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11]
            .iter()
            .map(|&v| Nat::from(v))
            .collect();
        assert_eq!(r.values, want);
    }
}
