//! Helpers shared by the families' tests.

use crate::impartial::heap::HeapOption;
use crate::nat::Nat;
use std::collections::BTreeSet;

/// Every tuple of `n` entries in `0..=max`, in lexicographic order.
pub fn all_tuples(n: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..=max).map(move |a| {
                    let mut q = p.clone();
                    q.push(a);
                    q
                })
            })
            .collect();
    }
    out
}

/// The entries as `Nat`s.
pub fn nats(v: &[u64]) -> Vec<Nat> {
    v.iter().map(|&x| Nat::from(x)).collect()
}

/// Heap options as a set of small heap lists.
pub fn option_set(opts: Vec<HeapOption>) -> BTreeSet<Vec<u64>> {
    opts.into_iter()
        .map(|o| o.iter().map(|h| h.to_u64().unwrap()).collect())
        .collect()
}
