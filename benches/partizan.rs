//! Partizan benchmarks, each against a baseline in the same group:
//!
//! - `switch_sum/n`: the canonical form of `{1|-1} + {2|-2} + … + {n|-n}` plus a few
//!   cooler switches (`{1/2|-1/2}`, `{2|1}`, `^`), through `GameTable::add`, whose
//!   sums are cached per pair of followers, against a plain recursive sum that builds
//!   the options of `G + H` from the sums of the options every time it is asked (the
//!   same table, canonical simplification and comparison cache, but no cache of sums).
//!   Both start from a fresh table, and must give the same game.
//!
//! Run with `cargo bench --bench partizan`.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use sprague::games::eval::ParseValue;
use sprague::partizan::{Game, GameTable};
use std::hint::black_box;
use std::time::Duration;

/// The summands: n hot switches and three cooler games.
fn summands(t: &mut GameTable, n: i64) -> Vec<Game> {
    let mut v = Vec::new();
    for k in 1..=n {
        v.push(t.parse_value(&format!("{{{k}|-{k}}}")).unwrap());
    }
    for s in ["{1/2|-1/2}", "{2|1}", "^"] {
        v.push(t.parse_value(s).unwrap());
    }
    v
}

/// The sum with the engine's cached sums.
fn cached(n: i64) -> (GameTable, Game) {
    let mut t = GameTable::with_limit(u64::MAX);
    let parts = summands(&mut t, n);
    let mut s = Game::ZERO;
    for g in parts {
        s = t.add(s, g).unwrap();
    }
    (t, s)
}

/// `a + b` by recursion on the options, recomputing every sub-sum.
fn naive_sum(t: &mut GameTable, a: Game, b: Game) -> Game {
    if a == Game::ZERO {
        return b;
    }
    if b == Game::ZERO {
        return a;
    }
    if t.as_nus(a).is_some() && t.as_nus(b).is_some() {
        // Numbers, ups and nimbers add part by part in either version.
        return t.add(a, b).unwrap();
    }
    let (al, ar) = t.options(a).unwrap();
    let (bl, br) = t.options(b).unwrap();
    let mut left = Vec::new();
    let mut right = Vec::new();
    for x in al {
        left.push(naive_sum(t, x, b));
    }
    for y in bl {
        left.push(naive_sum(t, a, y));
    }
    for x in ar {
        right.push(naive_sum(t, x, b));
    }
    for y in br {
        right.push(naive_sum(t, a, y));
    }
    t.game(&left, &right).unwrap()
}

fn naive(n: i64) -> (GameTable, Game) {
    let mut t = GameTable::with_limit(u64::MAX);
    let parts = summands(&mut t, n);
    let mut s = Game::ZERO;
    for g in parts {
        s = naive_sum(&mut t, s, g);
    }
    (t, s)
}

fn switch_sum(c: &mut Criterion) {
    let mut group = c.benchmark_group("switch_sum");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for n in [3i64, 5, 7] {
        // Same answer both ways (compared by printed canonical form).
        let (mut t1, g1) = cached(n);
        let (mut t2, g2) = naive(n);
        assert_eq!(t1.show(g1), t2.show(g2), "n = {n}");
        group.bench_with_input(BenchmarkId::new("cached", n), &n, |b, &n| {
            b.iter(|| black_box(cached(black_box(n)).1))
        });
        group.bench_with_input(BenchmarkId::new("naive_recursive", n), &n, |b, &n| {
            b.iter(|| black_box(naive(black_box(n)).1))
        });
    }
    group.finish();
}

criterion_group!(benches, switch_sum);
criterion_main!(benches);
