//! Long computations end at the documented bound: `value` on inputs whose canonical
//! forms need much work, and `solve` on sums of many hard components, end with the
//! right answer or exit 3 naming the flag that raises the bound (never by timing).

mod common;

use common::{exit_code, run_json};
use num_bigint::BigUint;

/// `n` semiprimes of 40 digits, p·q with p and q primes of 20 digits (primes checked by
/// a deterministic Miller–Rabin in the test below, never by the code under test).
fn semiprimes(n: usize) -> Vec<BigUint> {
    let mut out = Vec::new();
    let mut candidate: u128 = 40_000_000_000_000_000_001;
    let mut primes = Vec::new();
    while primes.len() < 2 * n {
        if is_prime(candidate) {
            primes.push(candidate);
        }
        candidate += 2;
    }
    for pair in primes.chunks(2) {
        out.push(BigUint::from(pair[0]) * BigUint::from(pair[1]));
    }
    out
}

/// Deterministic Miller–Rabin for n < 3.3·10^24 (the first 13 primes as bases).
fn is_prime(n: u128) -> bool {
    const BASES: [u128; 13] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let mul = |a: u128, b: u128| -> u128 {
        // a, b < n < 2^70: multiply by doubling to stay within 128 bits.
        let (mut r, mut a, mut b) = (0u128, a % n, b);
        while b > 0 {
            if b & 1 == 1 {
                r = (r + a) % n;
            }
            a = (a << 1) % n;
            b >>= 1;
        }
        r
    };
    let pow = |mut a: u128, mut e: u128| {
        let mut r = 1u128;
        while e > 0 {
            if e & 1 == 1 {
                r = mul(r, a);
            }
            a = mul(a, a);
            e >>= 1;
        }
        r
    };
    let (mut d, mut s) = (n - 1, 0);
    while d.is_multiple_of(2) {
        d /= 2;
        s += 1;
    }
    'bases: for a in BASES {
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul(x, x);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

#[test]
fn a_sum_of_hard_semiprimes_shares_one_factoring_budget() {
    let heaps: Vec<String> = semiprimes(20).iter().map(BigUint::to_string).collect();
    assert!(heaps.iter().all(|h| h.len() == 40));
    // One term of 20 heaps, and 20 terms: either way the factoring budget
    // (--max-states / 20 multiplications) covers the whole command.
    let one = format!("divisor({})", heaps.join(","));
    let many = heaps
        .iter()
        .map(|h| format!("divisor({h})"))
        .collect::<Vec<_>>()
        .join(" + ");
    for args in [
        vec!["solve", one.as_str()],
        vec!["solve", many.as_str()],
        vec!["value", many.as_str()],
    ] {
        let (code, err) = exit_code(&args);
        assert_eq!(code, 3, "{args:?}: {err}");
        assert!(err.contains("--max-states"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // Each heap > 0 moves to 0, so the sum's outcome needs no factoring; with the
    // nim-value uncomputed the JSON says null, never a wrong value.
    let single = format!("divisor({})", heaps[0]);
    let v = run_json(&["solve", "--json", "--max-states", "20", &single]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], serde_json::Value::Null);
}

#[test]
fn a_long_green_stalk_is_a_nimber_at_once() {
    // A green Hackenbush stalk of n edges is *n (Winning Ways, ch. 2: green
    // Hackenbush is Nim), and green stalks add as Nim heaps: 1000 ⊕ 999 = 15.
    let g = |n: usize| format!("\"{}\"", "G".repeat(n));
    let v = run_json(&["value", "--json", &format!("hackenbush({})", g(1000))]);
    assert_eq!(v["canonical"], "*1000");
    let v = run_json(&[
        "value",
        "--json",
        &format!("hackenbush({},{})", g(1000), g(999)),
    ]);
    assert_eq!(v["canonical"], "*15");
    // A blue-red stalk topped by green edges: x + *n (BR = 1/2).
    let v = run_json(&[
        "value",
        "--json",
        &format!("hackenbush(\"BR{}\")", "G".repeat(500)),
    ]);
    assert_eq!(v["canonical"], "1/2*500");
}

#[test]
fn costly_partizan_values_end_at_the_work_bound() {
    let rep = |s: &str, n: usize| s.repeat(n);
    let switches: Vec<String> = (1..40).map(|i| format!("{{{i}|-{i}}}")).collect();
    let hot: Vec<String> = (1..30).map(|i| format!("{{{i}|{i}/2}}")).collect();
    for expr in [
        format!("hackenbush(\"{}\")", rep("GB", 500)),
        format!("hackenbush(\"{}\")", rep("GRB", 300)),
        "domineering(6,6)".to_string(),
        "unfair[1000,999](100000000000) + unfair[300,7](12345678901)".to_string(),
        switches.join(" + "),
        hot.join(" + "),
    ] {
        let (code, err) = exit_code(&["value", &expr]);
        assert_eq!(code, 3, "{expr}: {err}");
        assert!(err.contains("--max-states"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // A small bound stops the work of a stalk long before its stored games run out.
    let (code, err) = exit_code(&[
        "value",
        "--max-states",
        "2000",
        &format!("hackenbush(\"{}\")", rep("GB", 40)),
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-states"), "{err}");
}
