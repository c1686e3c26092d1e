//! The exhaustive whole-sum search (`search::impartial::Solver`) next to a plain
//! baseline in the same run: a memoised recursion written for one game, over sorted
//! `Vec<u8>` positions in a `HashMap` (no families, no expressions). Both must agree on
//! win/loss and remoteness before anything is timed.
//!
//! - `remoteness_nim_2_to_8_misere`: misère `nim(2,3,4,5,6,7,8)` (3 432 positions,
//!   up to 35 options each);
//! - `remoteness_kayles_24_misere`: misère `kayles(24)` (moves split a row in two).
//!
//! Run with `cargo bench --bench remoteness` (about 20 s once built).

use criterion::{Criterion, criterion_group, criterion_main};
use sprague::core::{Limits, Play};
use sprague::search::impartial::Solver;
use std::collections::HashMap;
use std::hint::black_box;
use std::time::Duration;

/// The baseline: win/loss and remoteness of a sum of heaps (sorted, no zeros), where
/// `options` lists the heaps each heap may become (a move may leave several heaps).
fn plain(
    heaps: &[u8],
    misere: bool,
    options: fn(u8) -> Vec<Vec<u8>>,
    memo: &mut HashMap<Vec<u8>, (bool, u32)>,
) -> (bool, u32) {
    if let Some(&r) = memo.get(heaps) {
        return r;
    }
    let mut fastest_win: Option<u32> = None;
    let mut longest: Option<u32> = None;
    for i in 0..heaps.len() {
        if i > 0 && heaps[i] == heaps[i - 1] {
            continue;
        }
        for o in options(heaps[i]) {
            let mut next: Vec<u8> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
            next.extend(o.into_iter().filter(|&h| h > 0));
            next.sort_unstable();
            let (win, r) = plain(&next, misere, options, memo);
            if !win {
                fastest_win = Some(fastest_win.map_or(r, |f| f.min(r)));
            }
            longest = Some(longest.map_or(r, |l| l.max(r)));
        }
    }
    let r = match (fastest_win, longest) {
        (_, None) => (misere, 0),
        (Some(f), _) => (true, f + 1),
        (None, Some(l)) => (false, l + 1),
    };
    memo.insert(heaps.to_vec(), r);
    r
}

fn nim_options(n: u8) -> Vec<Vec<u8>> {
    (0..n).map(|k| vec![k]).collect()
}

/// Knock down one pin or two adjacent ones, leaving the pins on either side.
fn kayles_options(n: u8) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for take in 1..=n.min(2) {
        for left in 0..=n - take {
            out.push(vec![left, n - take - left]);
        }
    }
    out
}

fn compare(
    c: &mut Criterion,
    group: &str,
    expr: &str,
    heaps: &[u8],
    options: fn(u8) -> Vec<Vec<u8>>,
) {
    let comps = sprague::games::components(expr).expect("a valid position");
    let limits = Limits::default();
    let solve = || {
        Solver::new(Play::Misere, &limits, 1_000_000)
            .decide(black_box(&comps))
            .expect("within the bounds")
    };
    let base = || plain(black_box(heaps), true, options, &mut HashMap::new());
    let d = solve();
    assert_eq!((d.win, d.remoteness), base(), "{expr}");

    let mut g = c.benchmark_group(group);
    g.bench_function("baseline_hashmap_recursion", |b| b.iter(base));
    g.bench_function("solver_decide", |b| b.iter(solve));
    g.finish();
}

fn nim(c: &mut Criterion) {
    compare(
        c,
        "remoteness_nim_2_to_8_misere",
        "nim(2,3,4,5,6,7,8)",
        &[2, 3, 4, 5, 6, 7, 8],
        nim_options,
    );
}

fn kayles(c: &mut Criterion) {
    compare(
        c,
        "remoteness_kayles_24_misere",
        "kayles(24)",
        &[24],
        kayles_options,
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = nim, kayles
}
criterion_main!(benches);
