//! Helpers shared by the families' tests.

use sprague_core::Limits;
use sprague_core::nat::Nat;
use sprague_engine::impartial::exhaustive::{GameRules, GrundySearch};
use sprague_engine::impartial::family::{Family, MoveSink, Pos};
use sprague_engine::impartial::heap::{HeapOption, HeapRules};
use std::collections::BTreeSet;

/// Every tuple of `n` entries in `0..=max`, in lexicographic order.
pub(crate) fn all_tuples(n: usize, max: u64) -> Vec<Vec<u64>> {
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
pub(crate) fn option_set(opts: Vec<HeapOption>) -> BTreeSet<Vec<u64>> {
    opts.into_iter()
        .map(|o| o.iter().map(|h| h.to_u64().unwrap()).collect())
        .collect()
}

/// Checks `options_with_value` of `rules` for every heap below `heaps` and every target
/// below `targets`: no option twice, and the same options as `listed(n, t)`, the
/// test's own list of the options of heap `n` worth `t`.
pub(crate) fn assert_options_with_value<R: HeapRules>(
    rules: &R,
    heaps: usize,
    targets: u64,
    listed: impl Fn(usize, u64) -> BTreeSet<Vec<u64>>,
) {
    for n in 0..heaps {
        for t in 0..targets {
            let got = rules
                .options_with_value(&Nat::from(n), &Nat::from(t), 1 << 20)
                .unwrap();
            let len = got.len();
            let got = option_set(got);
            assert_eq!(got.len(), len, "duplicates at n={n} t={t}");
            assert_eq!(got, listed(n, t), "n={n} t={t}");
        }
    }
}

/// The nim-values of heaps `0..len` from the rules alone: the value of heap `n` is the
/// least value missing from `options(n, g)`, the values of its options, where `g`
/// holds the values of the heaps below `n`.
pub(crate) fn mex_values<T>(len: usize, options: impl Fn(usize, &[T]) -> Vec<T>) -> Vec<T>
where
    T: Copy + Ord + From<u8> + std::ops::Add<Output = T>,
{
    let mut g = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = options(n, &g);
        seen.sort_unstable();
        seen.dedup();
        let mut mex = T::from(0);
        for v in seen {
            if v > mex {
                break;
            }
            if v == mex {
                mex = mex + T::from(1);
            }
        }
        g.push(mex);
    }
    g
}

/// Checks a family's closed form at one position against an exhaustive search of the
/// same rules: the family's value at `pos` equals the search's at `p`, and for every
/// target up to two above it the family's moves to that value, as text, are the
/// search's options of that value shown by `show`, each once (in the same order when
/// `ordered`).
pub(crate) fn assert_matches_search<R: GameRules>(
    fam: &dyn Family,
    s: &mut GrundySearch<R>,
    p: &R::Position,
    pos: &Pos,
    show: impl Fn(&R::Position) -> String,
    ordered: bool,
) {
    let limits = Limits::default();
    let mut at = String::new();
    fam.write_position(pos, &mut at);
    let g = s.grundy(p, &limits).unwrap();
    assert_eq!(
        fam.grundy(pos, &limits).unwrap(),
        Some(Nat::from(g)),
        "{at}"
    );
    let opts = s.options(p);
    for target in 0..=g + 2 {
        let mut want: Vec<String> = opts
            .iter()
            .filter(|o| s.cached(o) == Some(target))
            .map(&show)
            .collect();
        let mut sink = MoveSink::new(opts.len() + 1);
        fam.moves_to_value(pos, &Nat::from(target), &limits, &mut sink)
            .unwrap();
        let mut got: Vec<String> = sink.moves.iter().map(|m| m.to_text(fam)).collect();
        if !ordered {
            want.sort();
            got.sort();
        }
        assert_eq!(got, want, "{at} to {target}");
    }
}
