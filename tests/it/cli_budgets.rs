//! Long computations end at the documented bound: `value` on inputs whose canonical
//! forms need much work, and `solve` on sums of many hard components, end with the
//! right answer or exit 3 naming the flag that raises the bound (never by timing).

use crate::common::{exit_code, run_json};
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
    for expr in [
        format!("hackenbush(\"{}\")", rep("GB", 500)),
        format!("hackenbush(\"{}\")", rep("GRB", 300)),
        "domineering(6,6)".to_string(),
        "unfair[1000,999](100000000000) + unfair[300,7](12345678901)".to_string(),
        switches.join(" + "),
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

/// `value` needs the nim-value of every impartial component, so a component whose
/// table or search exceeds the command's work budget ends the command with exit 3
/// naming `--max-states`. `solve` reports the nim-value of a single such component
/// (a first-player win, `n_component`) as not computed (null), with the exact outcome.
fn stops_at_the_work_budget(expr: &str, n_component: &str) {
    let with_switch = format!("{expr} + {{1|-1}}");
    let (code, err) = exit_code(&["value", &with_switch]);
    assert_eq!(code, 3, "{expr}: {err}");
    assert!(err.contains("--max-states"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let v = run_json(&["solve", "--json", n_component]);
    assert_eq!(v["grundy"], serde_json::Value::Null, "{n_component}");
    assert_eq!(v["outcome"], "N", "{n_component}");
}

#[test]
fn many_ring_searches_share_one_work_budget() {
    // Ten two-edge rings, each an exhaustive search of tens of millions of options
    // (each well within the bound on stored positions): before the shared budget the
    // sum took minutes. ring(a,b) with 0 < a < b is a first-player win: all edges
    // are positive and even in number, so the outcome is that of the weights minus
    // their minimum, (0, b − a), whose runs from the coin are 0 and 1, one odd
    // (the rule of Luogu P1288 as the module documentation proves it).
    let sum: Vec<String> = (0..10)
        .map(|i| format!("ring({},{})", 350 + i, 361))
        .collect();
    stops_at_the_work_budget(&sum.join(" + "), "ring(360,361)");
}

#[test]
fn large_wythoff_tables_stop_at_the_work_budget() {
    // (7000, 7001) is not a Wythoff pair (the pair of 7000 is ⌊7000φ⌋ or
    // ⌈7000/φ⌉, neither 7001), so the first player wins; its table of 49 million cells
    // scans about 10^9 words.
    stops_at_the_work_budget("wythoff(7000,7001)", "wythoff(7000,7001)");
    // A table that fits is computed: (2, 3) is worth 5 (OEIS A004481, row 2:
    // 2, 0, 1, 5, …; by hand, the mex of its options' values {4, 3, 1, 0, 0, 2, 1}).
    let v = run_json(&["solve", "--json", "wythoff(2,3)"]);
    assert_eq!(v["grundy"], 5);
}

#[test]
fn andnim_tables_beyond_the_work_budget_are_refused_at_once() {
    // Heaps below 2^18 with many zero bits have up to 2^17 − 1 moves each: the table
    // up to 262143 examines about 3^17 options per power of two.
    let (code, err) = exit_code(&["table", "--to", "262143", "andnim"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-states"), "{err}");
    // 300000 = 1001001001111100000 in binary: its top 1 bit is followed by a 0, a
    // run of odd length, so the player to move wins (the run-parity rule).
    stops_at_the_work_budget("andnim(300000)", "andnim(300000)");
}

#[test]
fn moore_searches_share_the_work_budget_with_other_tables() {
    // A Moore's Nim search that fits alone, after a Wythoff table that spent the
    // budget: the command stops instead of going on. moore[2](5,5,5,5,6,6): the
    // column counts in base 2 are not all ≡ 0 (mod 3), so the first player wins
    // (Moore's theorem).
    let alone = run_json(&["solve", "--json", "moore[2](5,5,5,5,6,6)"]);
    assert!(alone["grundy"].is_u64(), "{alone}");
    let (code, err) = exit_code(&["value", "wythoff(7000,7001) + moore[2](5,5,5,5,6,6)"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-states"), "{err}");
}
