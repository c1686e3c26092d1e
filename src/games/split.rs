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

use crate::impartial::family::{Limits, SolveError};
use crate::impartial::heap::{HeapOption, HeapRules};
use crate::nat::Nat;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use smallvec::smallvec;

/// The rules of the splitting game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Split;

/// The value of a heap of `n`: 0, or the `n`-th odious number.
pub fn split_value(n: &BigUint) -> BigUint {
    if n.is_zero() {
        return BigUint::zero();
    }
    let k = n - 1u32;
    let even = k.count_ones() % 2 == 0;
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
                None => (1, ok(i, st, 1).expect("a feasible state has a feasible bit")),
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
        // Only small heaps are ever listed (tests); the closed form answers the rest.
        let n = n.to_u64().unwrap_or(0).min(1 << 10);
        for i in 0..n {
            for j in i..n {
                out.push(smallvec![Nat::from(i), Nat::from(j)]);
            }
        }
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
                    Nat::from(2 * k + u64::from(k.count_ones() % 2 == 0))
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

    fn extend_values(
        &self,
        values: &mut Vec<u32>,
        len: usize,
        limits: &Limits,
    ) -> Option<Result<(), SolveError>> {
        Some(super::lasker::closed_form_table(self, values, len, limits))
    }
}
