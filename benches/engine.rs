//! Library-level benchmarks, each against a plain baseline in the same group:
//!
//! - `sub134_table_1e6`: the table of `sub[1,3,4]` for heaps below 10^6 through
//!   `HeapTable::extend`, against the straightforward loop over a `Vec<u8>`;
//! - `sub134_value_1e8`: the value of `sub[1,3,4]` at heap 10^8 through
//!   `HeapFamily::value` on a fresh family (so the period proof is included), against
//!   the same loop up to 10^8;
//! - `nim_sum_1e5`: `sum::analyse` of a Nim position with 10^5 heaps (nim-value and
//!   winning moves), stored as a list of components and as a compact `Position`,
//!   against the XOR of a `Vec<u64>`.
//!
//! Run with `cargo bench --bench engine` (under a minute once built).

use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};
use sprague::core::Limits;
use sprague::core::Play;
use sprague::games::impartial::nim::Nim;
use sprague::games::impartial::subtraction::Subtraction;
use sprague::impartial::family::{Family, Pos};
use sprague::impartial::heap::{HeapFamily, HeapTable};
use sprague::impartial::position::Position;
use sprague::impartial::sum::{Component, analyse};
use sprague::nat::Nat;
use std::hint::black_box;
use std::rc::Rc;
use std::time::Duration;

/// S = {1, 3, 4}.
const SET: [usize; 3] = [1, 3, 4];

fn sub134() -> Subtraction {
    let ranges: Vec<(Nat, Nat)> = SET
        .iter()
        .map(|&s| (Nat::from(s as u64), Nat::from(s as u64)))
        .collect();
    Subtraction::new(&ranges).expect("a valid set")
}

/// The baseline: g[n] = mex{g[n - s] : s in S, s ≤ n} for n in 0..len, as one would
/// write it by hand (values are below 4, so a bit mask holds the options' values).
fn plain_table(len: usize) -> Vec<u8> {
    let mut g = vec![0u8; len];
    for n in 0..len {
        let mut seen = 0u32;
        for &s in &SET {
            if s <= n {
                seen |= 1 << g[n - s];
            }
        }
        g[n] = (!seen).trailing_zeros() as u8;
    }
    g
}

/// A deterministic list of heap sizes below 10^18 (a 64-bit LCG).
fn heaps(count: usize) -> Vec<u64> {
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    (0..count)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 4) % 1_000_000_000_000_000_000
        })
        .collect()
}

fn table_1e6(c: &mut Criterion) {
    const LEN: usize = 1_000_000;
    let rules = sub134();
    let limits = Limits::default();
    // Both sides must agree before anything is timed.
    let mut t = HeapTable::default();
    t.extend(&rules, LEN, &limits).expect("within limits");
    let plain = plain_table(LEN);
    assert!(
        t.values()
            .iter()
            .zip(&plain)
            .all(|(a, &b)| a == u32::from(b))
    );

    let mut g = c.benchmark_group("sub134_table_1e6");
    g.sample_size(20).sampling_mode(SamplingMode::Flat);
    g.bench_function("baseline_vec_u8_loop", |b| {
        b.iter(|| black_box(plain_table(black_box(LEN))))
    });
    g.bench_function("heap_table_extend", |b| {
        b.iter(|| {
            let mut t = HeapTable::default();
            t.extend(&rules, black_box(LEN), &limits)
                .expect("within limits");
            black_box(t.values().len())
        })
    });
    g.finish();
}

fn value_1e8(c: &mut Criterion) {
    const N: usize = 100_000_000;
    let limits = Limits::default();
    let heap = Nat::from(N as u64);
    let plain = plain_table(N + 1)[N];
    let fam = HeapFamily::new(sub134());
    assert_eq!(fam.value(&heap, &limits), Ok(Nat::from(u64::from(plain))));

    let mut g = c.benchmark_group("sub134_value_1e8");
    // Each baseline iteration takes a fraction of a second: ten equal samples.
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    g.bench_function("baseline_vec_u8_loop", |b| {
        b.iter(|| black_box(plain_table(black_box(N + 1))[N]))
    });
    g.bench_function("heap_family_value", |b| {
        b.iter(|| {
            let fam = HeapFamily::new(sub134());
            black_box(fam.value(black_box(&heap), &limits).expect("proved period"))
        })
    });
    g.finish();
}

fn nim_sum_1e5(c: &mut Criterion) {
    const COUNT: usize = 100_000;
    let sizes = heaps(COUNT);
    let limits = Limits::default();
    let family: Rc<dyn Family> = Rc::new(HeapFamily::new(Nim));
    let components: Vec<Component> = sizes
        .iter()
        .map(|&h| Component {
            family: family.clone(),
            pos: Pos::from_elem(Nat::from(h), 1),
        })
        .collect();
    let xor = sizes.iter().fold(0u64, |a, &h| a ^ h);
    let a = analyse(&components, Play::Normal, &limits, 20).expect("a Nim sum");
    assert_eq!(a.grundy, Some(Nat::from(xor)));

    let mut g = c.benchmark_group("nim_sum_1e5");
    g.bench_with_input(
        BenchmarkId::new("baseline_xor_vec_u64", COUNT),
        &sizes,
        |b, s| b.iter(|| black_box(s).iter().fold(0u64, |a, &h| a ^ h)),
    );
    g.bench_with_input(
        BenchmarkId::new("sum_analyse", COUNT),
        &components,
        |b, cs| b.iter(|| analyse(black_box(cs), Play::Normal, &limits, 20).expect("a Nim sum")),
    );
    let mut position = Position::new();
    position.push_heaps(&family, sizes.clone());
    g.bench_with_input(
        BenchmarkId::new("sum_analyse_position", COUNT),
        &position,
        |b, p| b.iter(|| analyse(black_box(p), Play::Normal, &limits, 20).expect("a Nim sum")),
    );
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .nresamples(20_000);
    targets = table_1e6, value_1e8, nim_sum_1e5
}
criterion_main!(benches);
