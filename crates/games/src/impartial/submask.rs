//! `submask(n)`: take x stones with 1 ≤ x ≤ n and (x OR n) = n, i.e. x a non-empty
//! submask of n.
//!
//! # Theorem: sg(n) = popcount(n)
//!
//! Taking a submask x of n clears exactly the bits of x: n − x = n XOR x. So the moves
//! from n lead to exactly the proper submasks of n. By induction on n, a proper submask
//! m has value popcount(m). The proper submasks of n have every popcount 0, 1, …, k − 1
//! (k = popcount(n)) and never k, so sg(n) = mex{0, …, k − 1} = k. A submask heap
//! is therefore a Nim heap of size popcount(n), and the moves to value t are the
//! submasks with t bits (for t < k): C(k, t) of them, listed in order without
//! enumerating the others.

use crate::bits::{binary_text, bits_of, from_bits, popcount};
use smallvec::smallvec;
use sprague_core::nat::Nat;
use sprague_engine::impartial::heap::{HeapOption, HeapRules};

/// The rules of the submask game.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Submask;

impl HeapRules for Submask {
    fn name(&self) -> String {
        "submask".into()
    }

    fn options(&self, n: &Nat, out: &mut Vec<HeapOption>) {
        // Only asked for small heaps (the closed form answers the rest): all proper
        // submasks, from the largest down.
        let Some(n) = n.to_u64() else { return };
        if n == 0 {
            return;
        }
        let mut s = (n - 1) & n;
        loop {
            out.push(smallvec![Nat::from(s)]);
            if s == 0 {
                break;
            }
            s = (s - 1) & n;
        }
    }

    fn option_count(&self, n: &Nat) -> Option<Nat> {
        // The proper submasks of n: 2^popcount(n) − 1.
        let k = popcount(n);
        let all = num_bigint::BigUint::from(1u32) << k;
        Some(Nat::from_big(all - 1u32))
    }

    fn describe(&self, n: &Nat, option: &HeapOption) -> String {
        let to = option.first().cloned().unwrap_or_default();
        let take = n.checked_sub(&to).unwrap_or_default();
        format!("take {take} from the heap of {n}")
    }

    fn closed_form(&self, n: &Nat) -> Option<Nat> {
        Some(Nat::from(popcount(n)))
    }

    fn closed_form_reason(&self, n: &Nat) -> Option<String> {
        let k = popcount(n);
        if k == 0 {
            return Some("sg(0) = 0: no move".into());
        }
        let bin = binary_text(n, 64);
        if k == 1 {
            return Some(format!(
                "sg({n}) = popcount({n}) = 1 ({bin} has a single 1 bit): the only move takes the whole heap, to 0"
            ));
        }
        let values = if k == 2 {
            "0 and 1".to_string()
        } else {
            format!("0, …, {}", k - 1)
        };
        Some(format!(
            "sg({n}) = popcount({n}) = {k} ({bin} has {k} one bits): a move clears a non-empty set of its 1 bits (n − x = n XOR x), reaching every proper submask; by induction a submask is worth its number of 1 bits, so the moves reach the values {values} but never {k}"
        ))
    }

    fn options_with_value(&self, n: &Nat, target: &Nat, cap: usize) -> Option<Vec<HeapOption>> {
        let k = popcount(n);
        let mut out = Vec::new();
        let t = match target.to_u64() {
            Some(t) if t < k => t as usize,
            _ => return Some(out),
        };
        // The set bits, highest first: index sets in lexicographic order keep the high
        // bits first, so the heaps come out largest first (smallest takes first).
        let bits = bits_of(n);
        let ones: Vec<usize> = (0..bits.len()).rev().filter(|&i| bits[i]).collect();
        let k = ones.len();
        let mut comb: Vec<usize> = (0..t).collect();
        let mut word = vec![false; bits.len()];
        loop {
            word.iter_mut().for_each(|b| *b = false);
            for &c in &comb {
                word[ones[c]] = true;
            }
            out.push(smallvec![from_bits(&word)]);
            if out.len() > cap {
                break;
            }
            // Next combination: the rightmost index that can still move right.
            let Some(i) = (0..t).rev().find(|&i| comb[i] < k - t + i) else {
                break;
            };
            comb[i] += 1;
            for j in i + 1..t {
                comb[j] = comb[j - 1] + 1;
            }
        }
        Some(out)
    }
}

/// `submask` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["submask"],
    usage: Some(("submask(n,…)", "take a non-empty submask x of n")),
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "A move takes from a heap of n a non-empty x whose binary digits 1 are all digits 1 of n. Whoever cannot move loses.",
        example: Some("submask(13)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((
            reg.shared(sprague_engine::impartial::heap::HeapFamily::new(Submask)),
            1,
        ))
    },
    read: None,
    table: Some(|reg, t| {
        reg.no_params(t)?;
        Ok(std::rc::Rc::new(
            sprague_engine::impartial::heap::HeapFamily::new(Submask),
        ))
    }),
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::Limits;
    use sprague_engine::impartial::family::{Family, MoveSink};
    use sprague_engine::impartial::heap::{HeapFamily, HeapTable};
    use std::collections::BTreeSet;

    /// The options straight from the rules: n − x for 1 ≤ x ≤ n with x | n = n.
    fn rule_options(n: u64) -> BTreeSet<u64> {
        (1..=n).filter(|&x| x | n == n).map(|x| n - x).collect()
    }

    #[test]
    fn options_follow_the_rules() {
        for n in 0u64..1024 {
            let mut got = Vec::new();
            Submask.options(&Nat::from(n), &mut got);
            let got: BTreeSet<u64> = got.iter().map(|o| o[0].to_u64().unwrap()).collect();
            assert_eq!(got, rule_options(n), "n = {n}");
        }
    }

    #[test]
    fn closed_form_matches_exhaustive_table() {
        let mut t = HeapTable::default();
        t.extend(&Submask, 8192, &Limits::default()).unwrap();
        for (n, v) in t.values().iter().enumerate() {
            assert_eq!(
                Submask.closed_form(&Nat::from(n)),
                Some(Nat::from(v)),
                "n = {n}"
            );
        }
    }

    #[test]
    fn moves_with_value_match_enumeration() {
        let mut t = HeapTable::default();
        t.extend(&Submask, 1024, &Limits::default()).unwrap();
        for n in 0u64..1024 {
            for target in 0u64..12 {
                let expect: BTreeSet<u64> = rule_options(n)
                    .into_iter()
                    .filter(|&m| u64::from(t.values().get(m as usize)) == target)
                    .collect();
                let got = Submask
                    .options_with_value(&Nat::from(n), &Nat::from(target), 10_000)
                    .unwrap();
                let set: BTreeSet<u64> = got.iter().map(|o| o[0].to_u64().unwrap()).collect();
                assert_eq!(set.len(), got.len(), "duplicates from {n}");
                assert_eq!(set, expect, "n = {n}, target = {target}");
            }
        }
    }

    #[test]
    fn huge_heaps_list_moves_up_to_the_cap() {
        // 10^100 with k one bits has value k. Moves to value k − 1 clear exactly one
        // bit: k of them; with cap 5 we get 6 (one more than the cap), the smallest
        // take (the lowest bit) first.
        let n: Nat = format!("1{}", "0".repeat(100)).parse().unwrap();
        let k = popcount(&n);
        assert_eq!(Submask.closed_form(&n), Some(Nat::from(k)));
        let got = Submask
            .options_with_value(&n, &Nat::from(k - 1), 5)
            .unwrap();
        assert_eq!(got.len(), 6);
        let low = bits_of(&n).iter().position(|&b| b).unwrap() as u32;
        let first = n.checked_sub(&got[0][0]).unwrap();
        assert_eq!(first, Nat::from_big(num_bigint::BigUint::from(1u32) << low));
        // Through the family: the sink keeps 5 and reports more.
        let f = HeapFamily::new(Submask);
        let mut sink = MoveSink::new(5);
        let pos = smallvec![n.clone()];
        f.moves_to_value(&pos, &Nat::from(k - 1), &Limits::default(), &mut sink)
            .unwrap();
        assert_eq!(sink.moves.len(), 5);
        assert!(sink.truncated);
        // No move keeps all the bits, none adds any.
        assert!(
            Submask
                .options_with_value(&n, &Nat::from(k), 5)
                .unwrap()
                .is_empty()
        );
    }
}
