//! The splitting game `split`: replace one heap of `n ≥ 1` by two heaps whose sizes are
//! each smaller than `n` (zero allowed, and their total may exceed `n`).
//!
//! Closed form (found by exhaustive search, proved here, checked in the tests):
//! `G(0) = 0` and `G(n) = o(n − 1)` for `n ≥ 1`, where `o(0), o(1), … = 1, 2, 4, 7, 8, 11,
//! 13, 14, …` are the *odious* numbers (an odd number of 1 bits), `o(k) = 2k + [k has an
//! even number of 1 bits]`.
//!
//! Proof by induction. The heaps below `n` have the values `V = {0} ∪ {odious numbers
//! below o(n − 1)}`, and the options of `n` are the XORs `x ⊕ y` of two of them.
//! * `o(n − 1)` is not reached: it is odious, the XOR of two odious numbers has an even
//!   number of 1 bits, and `0 ⊕ o(n − 1)` needs `o(n − 1) ∈ V`.
//! * Every smaller value is reached: an odious `v` as `0 ⊕ v`, `0` as `0 ⊕ 0`, and an evil
//!   (even weight) `v > 0` as `2^j ⊕ (v − 2^j)` with `2^j` its lowest bit: both parts are
//!   odious and smaller than `v`.
//!
//! So `G(n) = mex = o(n − 1)`. Winning moves at any size: to value `0` the splits `(i, i)`;
//! to an odious `t` the split `(0, G⁻¹(t))`; to an evil `t > 0` the splits `(G⁻¹(x),
//! G⁻¹(x ⊕ t))` over odious `x` without the top bit of `t` with `x ⊕ t < G(n)`, listed in
//! increasing order by a walk over the bits with a table of which bit suffixes can still
//! be completed (`O(bits)` per move).

use num_bigint::BigUint;
use num_traits::{One, Zero};
use smallvec::smallvec;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::cell::{Cell, Extended};
use sprague_engine::impartial::heap::{HeapOption, HeapRules};
use sprague_engine::impartial::watch::Poll;

/// The rules of the splitting game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Split;

/// The value of a heap of `n`: 0, or the `n`-th odious number.
pub(crate) fn split_value(n: &BigUint) -> BigUint {
    if n.is_zero() {
        return BigUint::zero();
    }
    let k = n - 1u32;
    let even = k.count_ones().is_multiple_of(2);
    (k << 1u32) + u32::from(even)
}

/// The heap whose value is the odious number `o` (inverse of [`split_value`]).
fn heap_of(o: &BigUint) -> BigUint {
    (o >> 1u32) + 1u32
}

fn is_odious(v: &BigUint) -> bool {
    v.count_ones() % 2 == 1
}

/// Odious `x` without bit `top` of `t`, with `x ⊕ t < bound`, in increasing order; at
/// most `want` of them.
fn odious_partners(t: &BigUint, bound: &BigUint, want: usize) -> Vec<BigUint> {
    let len = bound.bits() as usize;
    if t.bits() as usize > len || want == 0 {
        return Vec::new();
    }
    let top = (t.bits() - 1) as usize;
    let tb: Vec<u8> = (0..len).map(|p| u8::from(t.bit(p as u64))).collect();
    let bb: Vec<u8> = (0..len).map(|p| u8::from(bound.bit(p as u64))).collect();
    // A state is (tight, parity): whether x ⊕ t equals the bound on the bits so far, and
    // the parity of x's bits so far; `feasible[i]` has bit `2·tight + parity` set when
    // the lowest i bits can be completed into a valid x.
    let step = |pos: usize, tight: u8, par: u8, xb: u8| -> Option<(u8, u8)> {
        if pos == top && xb == 1 {
            return None;
        }
        let yb = xb ^ tb[pos];
        if tight == 1 && yb > bb[pos] {
            return None;
        }
        Some((u8::from(tight == 1 && yb == bb[pos]), par ^ xb))
    };
    let mut feasible = vec![0u8; len + 1];
    feasible[0] = 1 << 1; // loose (x ⊕ t < bound) with odd parity
    for i in 1..=len {
        let mut f = 0u8;
        for tight in 0..2u8 {
            for par in 0..2u8 {
                let ok = (0..2u8).any(|xb| {
                    step(i - 1, tight, par, xb)
                        .is_some_and(|(nt, np)| feasible[i - 1] >> (2 * nt + np) & 1 == 1)
                });
                if ok {
                    f |= 1 << (2 * tight + par);
                }
            }
        }
        feasible[i] = f;
    }
    if feasible[len] >> 2 & 1 == 0 {
        return Vec::new();
    }
    // choice[i], state[i]: the bit chosen at level i (position i − 1) and the state
    // before choosing it.
    let mut choice = vec![0u8; len + 1];
    let mut state = vec![(0u8, 0u8); len + 1];
    let ok = |i: usize, st: (u8, u8), xb: u8| {
        step(i - 1, st.0, st.1, xb).filter(|&(nt, np)| feasible[i - 1] >> (2 * nt + np) & 1 == 1)
    };
    // Greedy descent from level `from` (its state set) choosing the smallest bits.
    let descend = |from: usize, choice: &mut Vec<u8>, state: &mut Vec<(u8, u8)>| {
        for i in (1..=from).rev() {
            let st = state[i];
            let (xb, next) = match ok(i, st, 0) {
                Some(next) => (0, next),
                None => (
                    1,
                    ok(i, st, 1).expect("a feasible state has a feasible bit"),
                ),
            };
            choice[i] = xb;
            if i > 1 {
                state[i - 1] = next;
            }
        }
    };
    state[len] = (1, 0);
    descend(len, &mut choice, &mut state);
    let mut out = Vec::new();
    loop {
        let mut digits = vec![0u32; len.div_ceil(32)];
        for i in 1..=len {
            if choice[i] == 1 {
                digits[(i - 1) / 32] |= 1 << ((i - 1) % 32);
            }
        }
        out.push(BigUint::new(digits));
        if out.len() >= want {
            return out;
        }
        // Backtrack to the lowest level that chose 0 and may choose 1.
        let Some(i) = (1..=len).find(|&i| choice[i] == 0 && ok(i, state[i], 1).is_some()) else {
            return out;
        };
        choice[i] = 1;
        if i > 1 {
            state[i - 1] = ok(i, state[i], 1).expect("checked");
            descend(i - 1, &mut choice, &mut state);
        }
    }
}

impl HeapRules for Split {
    fn name(&self) -> String {
        "split".into()
    }

    fn options(&self, n: &Nat, out: &mut Vec<HeapOption>) {
        // Only heaps whose options are few enough are listed (see `option_count`);
        // the closed form answers the rest.
        let Some(n) = n.to_u64() else { return };
        for i in 0..n {
            for j in i..n {
                out.push(smallvec![Nat::from(i), Nat::from(j)]);
            }
        }
    }

    fn option_count(&self, n: &Nat) -> Option<Nat> {
        // The pairs 0 ≤ i ≤ j < n: n(n + 1)/2.
        let n = n.to_big();
        Some(Nat::from_big(&n * (&n + 1u32) / 2u32))
    }

    fn takes_stones(&self) -> bool {
        false
    }

    fn describe(&self, n: &Nat, option: &HeapOption) -> String {
        match option.as_slice() {
            [a, b] => format!("replace the heap of {n} by heaps of {a} and {b}"),
            _ => format!("replace the heap of {n}"),
        }
    }

    fn closed_form(&self, n: &Nat) -> Option<Nat> {
        Some(match n.to_u64() {
            Some(v) if v < (1 << 62) => {
                if v == 0 {
                    Nat::ZERO
                } else {
                    let k = v - 1;
                    Nat::from(2 * k + u64::from(k.count_ones().is_multiple_of(2)))
                }
            }
            _ => Nat::from_big(split_value(&n.to_big())),
        })
    }

    fn closed_form_reason(&self, n: &Nat) -> Option<String> {
        let v = self.closed_form(n)?;
        if n.is_zero() {
            return Some("sg(0) = 0: an empty heap cannot be replaced".into());
        }
        Some(format!(
            "sg({n}) = {v}: the values are 0 and then the odious numbers 1, 2, 4, 7, 8, 11, … (odd number of 1 bits); heap n ≥ 1 has the n-th, 2(n−1) + [n−1 has an even number of 1 bits]"
        ))
    }

    fn options_with_value(&self, n: &Nat, target: &Nat, cap: usize) -> Option<Vec<HeapOption>> {
        let want = cap.saturating_add(1);
        let n = n.to_big();
        if n.is_zero() {
            return Some(Vec::new());
        }
        let t = target.to_big();
        let bound = split_value(&n);
        let pair = |a: BigUint, b: BigUint| -> HeapOption {
            smallvec![Nat::from_big(a), Nat::from_big(b)]
        };
        if t.is_zero() {
            let mut out = Vec::new();
            let mut i = BigUint::zero();
            while i < n && out.len() < want {
                out.push(pair(i.clone(), i.clone()));
                i += BigUint::one();
            }
            return Some(out);
        }
        if is_odious(&t) {
            return Some(if t < bound {
                vec![pair(BigUint::zero(), heap_of(&t))]
            } else {
                Vec::new()
            });
        }
        Some(
            odious_partners(&t, &bound, want)
                .into_iter()
                .map(|x| {
                    let y = &x ^ &t;
                    pair(heap_of(&x), heap_of(&y))
                })
                .collect(),
        )
    }

    fn extend_values<C: Cell>(
        &self,
        values: &mut Vec<C>,
        len: usize,
        limits: &Limits,
        _poll: &mut Poll<'_>,
    ) -> Option<Result<Extended, SolveError>> {
        Some(super::lasker::closed_form_table(self, values, len, limits))
    }
}

/// `split` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["split"],
    usage: Some((
        "split(n,…)",
        "replace a heap by two smaller ones (zero allowed)",
    )),
    shown: Some(super::Shown {
        group: super::Group::TakeAndBreak,
        rules: "A move replaces one heap by two smaller heaps (a heap of zero allowed). Whoever cannot move loses.",
        example: Some("split(6)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((
            reg.shared(sprague_engine::impartial::heap::HeapFamily::new(Split)),
            1,
        ))
    },
    read: None,
    table: Some(|reg, t| {
        reg.no_params(t)?;
        Ok(std::rc::Rc::new(
            sprague_engine::impartial::heap::HeapFamily::new(Split),
        ))
    }),
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::{assert_options_with_value, mex_values};
    use sprague_engine::impartial::family::{Family, MoveSink};
    use sprague_engine::impartial::heap::HeapFamily;
    use std::collections::BTreeSet;

    /// Values straight from the rules: heap n becomes two heaps i, j < n.
    fn exhaustive(len: usize) -> Vec<u64> {
        mex_values(len, |n, g: &[u64]| {
            (0..n)
                .flat_map(|i| (i..n).map(move |j| g[i] ^ g[j]))
                .collect()
        })
    }

    #[test]
    fn closed_form_matches_exhaustive_search() {
        let g = exhaustive(160);
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(
                Split.closed_form(&Nat::from(n)),
                Some(Nat::from(v)),
                "n = {n}"
            );
            assert_eq!(split_value(&BigUint::from(n)), BigUint::from(v));
        }
        // The odious numbers (OEIS A000069) start 1, 2, 4, 7, 8, 11, 13, 14, 16, 19.
        assert_eq!(g[1..11], [1, 2, 4, 7, 8, 11, 13, 14, 16, 19]);
    }

    fn listed(g: &[u64], n: usize, t: u64) -> BTreeSet<Vec<u64>> {
        let mut out = BTreeSet::new();
        for i in 0..n {
            for j in i..n {
                if g[i] ^ g[j] == t {
                    out.insert(vec![i as u64, j as u64]);
                }
            }
        }
        out
    }

    #[test]
    fn moves_with_value_match_the_list_of_options() {
        let g = exhaustive(70);
        assert_options_with_value(&Split, 70, 160, |n, t| listed(&g, n, t));
    }

    #[test]
    fn moves_come_in_increasing_order_and_stop_at_the_cap() {
        let g: Vec<u64> = (0..3000u64)
            .map(|n| Split.closed_form(&Nat::from(n)).unwrap().to_u64().unwrap())
            .collect();
        for n in [1000usize, 2047, 2048, 2999] {
            for t in [0u64, 3, 5, 6, 1000, 3000, 4095, 5998] {
                let all: Vec<Vec<u64>> = listed(&g, n, t).into_iter().collect();
                let got = Split
                    .options_with_value(&Nat::from(n), &Nat::from(t), 9)
                    .unwrap();
                let got: Vec<Vec<u64>> = got
                    .into_iter()
                    .map(|o| o.iter().map(|h| h.to_u64().unwrap()).collect())
                    .collect();
                assert_eq!(got, all[..all.len().min(10)], "n={n} t={t}");
            }
        }
    }

    #[test]
    fn huge_heaps_have_moves_of_the_right_value() {
        let n: BigUint = format!("7{}", "3".repeat(80)).parse().unwrap();
        let bound = split_value(&n);
        for t in [
            BigUint::from(3u32),
            BigUint::from(6u32),
            &bound - 1u32,
            (&bound >> 1u32) | BigUint::from(1u32),
            &n ^ BigUint::from(12345u32),
        ] {
            let got = Split
                .options_with_value(&Nat::from_big(n.clone()), &Nat::from_big(t.clone()), 20)
                .unwrap();
            for o in &got {
                let (a, b) = (o[0].to_big(), o[1].to_big());
                assert!(a <= b && b < n);
                assert_eq!(split_value(&a) ^ split_value(&b), t);
            }
            if t.count_ones() % 2 == 0 && t < bound && t > BigUint::from(2u32) {
                // An evil t below the bound is reached: 2^j ⊕ (t − 2^j), as in the proof.
                assert!(!got.is_empty(), "{t}");
            }
        }
    }

    #[test]
    fn the_engine_answers_any_size() {
        let f = HeapFamily::new(Split);
        let limits = Limits::default();
        let mut sink = MoveSink::new(3);
        let n: Nat = format!("1{}", "0".repeat(50)).parse().unwrap();
        f.moves_to_value(&smallvec![n.clone()], &Nat::ZERO, &limits, &mut sink)
            .unwrap();
        assert_eq!(sink.moves.len(), 3);
        assert!(sink.truncated);
        assert_eq!(sink.moves[0].to_text(&f), "split(0) + split(0)");
        assert_eq!(
            sink.moves[1].text,
            format!("replace the heap of {n} by heaps of 1 and 1")
        );
    }
}
