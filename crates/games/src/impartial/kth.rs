//! The growing take: `kth(n,k)` is one heap of n stones before the k-th move of the
//! game (k ≥ 1); the k-th move takes between 1 and k stones (at most n), so every move
//! allows one stone more than the one before. `kth(n)` is the start, `kth(n,1)`. The
//! player who cannot move (the heap is empty) loses.
//!
//! # Values (found by exhaustive search, then proved)
//!
//! For a fixed k the heaps fall into blocks j = 0, 1, 2, …: a run of j + 1 P-positions
//! n ∈ [j(j+k), j(j+k+1)], then a run of k + j N-positions n = j(j+k+1) + 1 + o,
//! 0 ≤ o < k + j, of value **1 + ⌊o/(j+1)⌋** (each value 1, 2, … repeated j + 1 times).
//! So with j the largest integer such that j(j+k) ≤ n (an integer square root),
//! the player to move loses exactly when n ≤ j(j+k+1).
//!
//! Proof, by induction on n. The options of (n, k) are (n − t, k + 1), 1 ≤ t ≤ k. Write
//! k' = k + 1; the P-block j of k' is [j(j+k'), j(j+k'+1)] = [j(j+k+1), j(j+k+2)].
//!
//! * From n ∈ [j(j+k), j(j+k+1)] the options lie in [j(j+k) − k, j(j+k) + j − 1],
//!   strictly above the P-block j − 1 of k' (which ends at (j−1)(j+k+1) =
//!   j(j+k) − k − 1) and below the P-block j of k' (from j(j+k) + j): none is P.
//! * From n = j(j+k+1) + 1 + o the options [n − k, n − 1] contain the top of the
//!   P-block j of k' (n − 1 ≥ j(j+k+1) and n − k ≤ j(j+k+2)), so value 0 is
//!   reached; above it the options are the first o − j offsets of the N-block j of k',
//!   whose values are 1 … ⌊o/(j+1)⌋, all of them; below it they are the last offsets,
//!   from j + 1 + o on, of the N-block j − 1 of k', whose values
//!   1 + ⌊o'/j⌋ ≥ 2 + ⌊o/j⌋ all exceed 1 + ⌊o/(j+1)⌋. So the mex is 1 + ⌊o/(j+1)⌋
//!   (for j = 0 the options are 0 … n − 1 of values 0 … n − 1, and the value is n).
//!
//! Everything is exact integer arithmetic at any size. The winning moves (to any value)
//! are found block by block: the options of one position meet at most two blocks of k'.

use num_bigint::BigUint;
use num_traits::{One, Zero};
use sprague_core::nat::Nat;
use sprague_core::{Bound, Limits, SolveError};
use sprague_engine::impartial::exhaustive::GameRules;
use sprague_engine::impartial::family::{Family, MAX_LISTED_MOVES, MoveSink, Pos};

/// The rules on `(heap, move number)` below 2^64, for exhaustive search.
#[derive(Clone, Copy, Debug, Default)]
pub struct KthRules;

impl GameRules for KthRules {
    type Position = (u64, u64);
    fn options(&self, &(n, k): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((1..=k.min(n)).map(|t| (n - t, k + 1)));
    }
}

/// The block of heap `n` at move `k`: the largest j with j(j+k) ≤ n.
pub fn block(n: &BigUint, k: &BigUint) -> BigUint {
    let root = (k * k + n * 4u32).sqrt();
    let mut j = if root > *k {
        (root - k) >> 1
    } else {
        BigUint::zero()
    };
    // The root is exact; these steps only guard the rounding of the halving.
    while (&j + 1u32) * (&j + 1u32 + k) <= *n {
        j += 1u32;
    }
    while !j.is_zero() && &j * (&j + k) > *n {
        j -= 1u32;
    }
    j
}

/// The nim-value of `kth(n,k)`.
///
/// ```
/// use sprague_games::impartial::kth::value;
/// use num_bigint::BigUint;
/// let b = |v: u32| BigUint::from(v);
/// // k = 2: P at 0, 3, 4, 8, 9, 10; values 1, 2 at n = 1, 2; 1, 1, 2 at n = 5, 6, 7.
/// let v: Vec<u32> = (0..11).map(|n| value(&b(n), &b(2)).try_into().unwrap()).collect();
/// assert_eq!(v, [0, 1, 2, 0, 0, 1, 1, 2, 0, 0, 0]);
/// ```
pub fn value(n: &BigUint, k: &BigUint) -> BigUint {
    let j = block(n, k);
    let p_end = &j * (&j + k + 1u32);
    if *n <= p_end {
        return BigUint::zero();
    }
    let o = n - p_end - 1u32;
    o / (j + 1u32) + 1u32
}

/// The heaps of value `t` at move `k`, as inclusive ranges, within `lo..=hi`.
fn heaps_with_value(
    k: &BigUint,
    t: &BigUint,
    lo: &BigUint,
    hi: &BigUint,
) -> Vec<(BigUint, BigUint)> {
    let mut out = Vec::new();
    let mut i = block(lo, k);
    loop {
        let start = &i * (&i + k);
        if start > *hi {
            break;
        }
        let p_end = &i * (&i + k + 1u32);
        let (a, b) = if t.is_zero() {
            (start, p_end)
        } else {
            // Offsets o with ⌊o/(i+1)⌋ = t − 1, within the N-block of length k + i.
            let w = &i + 1u32;
            let o_lo = (t - 1u32) * &w;
            let o_hi = (t * &w - 1u32).min(k + &i - 1u32);
            if o_lo > o_hi {
                i += 1u32;
                continue;
            }
            (&p_end + 1u32 + o_lo, &p_end + 1u32 + o_hi)
        };
        let a = a.max(lo.clone());
        let b = b.min(hi.clone());
        if a <= b {
            out.push((a, b));
        }
        i += 1u32;
    }
    out
}

/// `kth(n,k)` as a family.
///
/// ```
/// use sprague_games::impartial::kth::Kth;
/// use sprague_engine::impartial::family::{Family, Pos};
/// use sprague_core::Limits;
/// use sprague_core::nat::Nat;
/// let p: Pos = [3u64, 2].map(Nat::from).into_iter().collect();
/// assert!(Kth.is_p_position(&p, &Limits::default()).unwrap());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Kth;

impl Kth {
    fn decode(pos: &Pos) -> Result<(BigUint, BigUint), SolveError> {
        match pos.as_slice() {
            [n] => Ok((n.to_big(), BigUint::one())),
            [n, k] if !k.is_zero() => Ok((n.to_big(), k.to_big())),
            _ => Err(SolveError::Input(
                "kth(n,k) takes the heap n and the number k ≥ 1 of the next move (kth(n) is \
                 the start, k = 1)"
                    .into(),
            )),
        }
    }

    fn push(&self, n: &BigUint, k: &BigUint, t: &BigUint, sink: &mut MoveSink) -> bool {
        let to = smallvec::smallvec![Nat::from_big(n - t), Nat::from_big(k + 1u32)];
        let stones = if t.is_one() { "stone" } else { "stones" };
        sink.offer_one(to, || {
            format!("take {t} {stones} (move {k} may take 1 to {k})")
        })
    }
}

impl Family for Kth {
    fn name(&self) -> String {
        "kth".into()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        Self::decode(pos).map(|_| ())
    }

    fn write_position(&self, pos: &Pos, out: &mut String) {
        let k = pos.get(1).cloned().unwrap_or(Nat::from(1u64));
        out.push_str(&format!("kth({},{k})", pos[0]));
    }

    fn grundy(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let (n, k) = Self::decode(pos)?;
        Ok(Some(Nat::from_big(value(&n, &k))))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        _limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let (n, k) = Self::decode(pos)?;
        if n.is_zero() {
            return Ok(());
        }
        let lo = if n > k { &n - &k } else { BigUint::zero() };
        let hi = &n - 1u32;
        let mut ranges = heaps_with_value(&(&k + 1u32), &target.to_big(), &lo, &hi);
        // Smallest take first: highest heap left first.
        ranges.reverse();
        for (a, b) in ranges {
            let mut left = b;
            loop {
                if !self.push(&n, &k, &(&n - &left), sink) {
                    return Ok(());
                }
                if left == a {
                    break;
                }
                left -= 1u32;
            }
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        // Take 1 to k, at most n: min(n, k) moves.
        let (n, k) = Self::decode(pos)?;
        Ok(Some(Nat::from_big(n.min(k))))
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let (n, k) = Self::decode(pos)?;
        let most = (&n).min(&k).clone();
        if most > BigUint::from(MAX_LISTED_MOVES) {
            return Err(SolveError::Limit {
                what: format!("listing every move of kth({n},{k})"),
                bound: Bound::PositionMoves,
            });
        }
        let mut t = BigUint::one();
        while t <= most {
            if !self.push(&n, &k, &t, sink) {
                break;
            }
            t += 1u32;
        }
        Ok(())
    }

    fn explain(&self, pos: &Pos, _limits: &Limits) -> Result<Vec<String>, SolveError> {
        let (n, k) = Self::decode(pos)?;
        let j = block(&n, &k);
        let start = &j * (&j + &k);
        let p_end = &j * (&j + &k + 1u32);
        let v = value(&n, &k);
        let why = if v.is_zero() {
            format!(
                "{n} lies in the losing run [j(j+k), j(j+k+1)] = [{start}, {p_end}] with j = {j}"
            )
        } else {
            format!(
                "{n} lies {} past the losing run [j(j+k), j(j+k+1)] = [{start}, {p_end}] with \
                 j = {j}, and the values after it are 1, 2, … each repeated j + 1 = {} times",
                &n - &p_end,
                &j + 1u32
            )
        };
        Ok(vec![format!(
            "sg(kth({n},{k})) = {v}: the heaps at move k come in blocks of j + 1 losing \
             heaps from j(j+k), then k + j winning ones; {why}"
        )])
    }
}

/// `kth` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["kth"],
    usage: Some(("kth(n,k)", "the k-th move takes 1..k stones")),
    shown: Some(super::Shown {
        group: super::Group::Study,
        rules: "The k-th move of the game takes from 1 to k stones. Whoever takes the last stone wins.",
        example: Some("kth(10,1)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((reg.shared(Kth), 0))
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
    use std::collections::BTreeSet;

    #[test]
    fn closed_form_and_moves_match_exhaustive_search() {
        let mut s = GrundySearch::new(KthRules);
        let limits = Limits::default();
        for k in 1u64..=30 {
            for n in 0u64..=90 {
                let p: Pos = [n, k].map(Nat::from).into_iter().collect();
                let show = |o: &(u64, u64)| format!("kth({},{})", o.0, o.1);
                assert_matches_search(&Kth, &mut s, &(n, k), &p, show, true);
                let mut sink = MoveSink::new(1000);
                Kth.moves(&p, &limits, &mut sink).unwrap();
                let all: BTreeSet<String> = sink.moves.iter().map(|m| m.to_text(&Kth)).collect();
                assert_eq!(all.len(), s.options(&(n, k)).len());
            }
        }
    }

    #[test]
    fn huge_positions_are_exact() {
        // j = 10^20 with k = 1: the P-run [j(j+1), j(j+2)] = [10^40 + 10^20, 10^40 + 2·10^20].
        let j = BigUint::from(10u32).pow(20);
        let k = BigUint::one();
        let start = &j * (&j + 1u32);
        let end = &j * (&j + 2u32);
        assert!(value(&start, &k).is_zero());
        assert!(value(&end, &k).is_zero());
        assert_eq!(value(&(&end + 1u32), &k), BigUint::one());
        assert_eq!(value(&(&start - 1u32), &k), BigUint::one());
    }
}
