//! Wythoff's game at huge sizes: the outcome and every winning move of one position,
//! by exact integer arithmetic, next to yardsticks measured in the same run.
//!
//! Run with `cargo bench --bench wythoff`.

use criterion::{Criterion, criterion_group, criterion_main};
use num_bigint::BigUint;
use sprague::core::Limits;
use sprague::games::impartial::wythoff::{
    Wythoff, WythoffMove, is_p_position, p_position, winning_moves,
};
use sprague::impartial::family::{Family, MoveSink, Pos};
use sprague::nat::Nat;
use std::hint::black_box;

fn pow10(e: usize) -> Nat {
    format!("1{}", "0".repeat(e)).parse().unwrap()
}

/// The position one stone above the P-position k: `(a_k + 1, b_k)`, an N-position whose
/// winning moves include taking that stone back.
fn near_p(k: &Nat) -> (Nat, Nat) {
    let (a, b) = p_position(k);
    (a.add(&Nat::from(1u64)), b)
}

/// Outcome and all winning moves by the closed form.
fn exact(a: &Nat, b: &Nat) -> (bool, Vec<WythoffMove>) {
    (is_p_position(a, b), winning_moves(a, b))
}

/// The same through the family interface, with the moves written out as text.
fn via_family(w: &Wythoff, pos: &Pos, limits: &Limits) -> (bool, usize) {
    let p = w.is_p_position(pos, limits).unwrap();
    let mut sink = MoveSink::new(20);
    w.moves_to_value(pos, &Nat::ZERO, limits, &mut sink)
        .unwrap();
    (p, sink.moves.len())
}

// The naive formula a_k = ⌊k·φ⌋ in f64, as contestants write it, used with the same
// algorithm. It is wrong at this size, which is why the library does not use it: an f64
// has a 53-bit significand, and near k·φ ≈ 1.6·10^18 (> 2^60) consecutive doubles are
// 256 apart, so the floor is off by tens or hundreds. For k = 10^18 it gives
// 1618033988749894912, while the exact value is 1618033988749894848 (the digits of φ,
// OEIS A001622). It is here only as the time such code takes.
const PHI: f64 = 1.618_033_988_749_895;

fn naive_lower(k: u64) -> u64 {
    (k as f64 * PHI).floor() as u64
}

fn naive_partner(x: u64) -> u64 {
    if x == 0 {
        return 0;
    }
    let j = ((x as f64 + 1.0) / PHI).floor() as u64;
    if naive_lower(j) == x { x + j } else { j }
}

fn naive(a: u64, b: u64) -> (bool, [Option<(u64, u64)>; 3]) {
    let (lo, hi) = (a.min(b), a.max(b));
    let d = hi - lo;
    let ad = naive_lower(d);
    let p = ad == lo;
    let pa = naive_partner(b);
    let pb = naive_partner(a);
    let both = (ad < lo).then(|| if a <= b { (ad, ad + d) } else { (ad + d, ad) });
    (
        p,
        [
            (pa < a).then_some((pa, b)),
            (pb < b).then_some((a, pb)),
            both,
        ],
    )
}

fn bench_1e18(c: &mut Criterion) {
    let (a, b) = near_p(&pow10(18));
    let (a64, b64) = (a.to_u64().unwrap(), b.to_u64().unwrap());
    let w = Wythoff::default();
    let limits = Limits::default();
    let pos: Pos = smallvec::smallvec![a.clone(), b.clone()];
    let mut g = c.benchmark_group("wythoff near 1e18");
    g.bench_function("exact closed form (u128)", |bench| {
        bench.iter(|| exact(black_box(&a), black_box(&b)))
    });
    g.bench_function("exact via Family, with move texts", |bench| {
        bench.iter(|| via_family(&w, black_box(&pos), &limits))
    });
    g.bench_function(
        "baseline: naive f64 floor(k*phi) (wrong at this size)",
        |bench| bench.iter(|| naive(black_box(a64), black_box(b64))),
    );
    g.finish();
}

fn bench_1e100(c: &mut Criterion) {
    let (a, b) = near_p(&pow10(100).add(&Nat::from(12_345u64)));
    let w = Wythoff::default();
    let limits = Limits::default();
    let pos: Pos = smallvec::smallvec![a.clone(), b.clone()];
    let x: BigUint = format!("{}1", "7".repeat(99)).parse().unwrap();
    let y: BigUint = format!("{}3", "3".repeat(99)).parse().unwrap();
    let mut g = c.benchmark_group("wythoff near 1e100");
    g.bench_function("exact closed form (BigUint)", |bench| {
        bench.iter(|| exact(black_box(&a), black_box(&b)))
    });
    g.bench_function("exact via Family, with move texts", |bench| {
        bench.iter(|| via_family(&w, black_box(&pos), &limits))
    });
    g.bench_function(
        "yardstick: BigUint product of two 100-digit numbers",
        |bench| bench.iter(|| black_box(&x) * black_box(&y)),
    );
    g.finish();
}

criterion_group!(benches, bench_1e18, bench_1e100);
criterion_main!(benches);
