//! The number-theoretic heap families (`andnim`, `submask`, `divisor`) through the real
//! binary. Expected values come from the rules, worked by hand in the comments or
//! computed here by the mex of the rules (independently of the program).

use num_bigint::BigUint;
use serde_json::{Value, json};
use std::collections::BTreeSet;

use crate::common::{exit_code, run_json, solve_json, sprague};

fn targets(v: &Value) -> BTreeSet<String> {
    v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap().to_string())
        .collect()
}

/// Values of a heap game for heaps 0..len by the mex of `options`.
fn mex_table(len: u64, options: impl Fn(u64) -> Vec<u64>) -> Vec<u64> {
    let mut sg = Vec::new();
    for n in 0..len {
        let seen: BTreeSet<u64> = options(n).iter().map(|&m| sg[m as usize]).collect();
        sg.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    sg
}

fn andnim_options(n: u64) -> Vec<u64> {
    (1..=n).filter(|&x| x & n == 0).map(|x| n - x).collect()
}

// ---------------------------------------------------------------- divisor

#[test]
fn divisor_360_is_worth_omega_plus_one() {
    // 360 = 2^3 · 3^2 · 5: Ω = 6, so sg = 7; the only move to value 0 is to 0.
    let v = solve_json(&["divisor(360)"]);
    assert_eq!(
        v,
        json!({
            "position": "divisor(360)",
            "play": "normal",
            "outcome": "N",
            "grundy": 7,
            "components": [{"expr": "divisor(360)", "grundy": 7}],
            "winning_moves": [
                {"component": 0, "from": "divisor(360)", "to": "divisor(0)", "text": "move from 360 to 0",
                 "heap": 1, "take": null}
            ],
            "truncated": false,
            // Moving to 0 ends the game at once.
            "remoteness": 1
        })
    );
}

#[test]
fn divisor_in_a_sum_moves_to_divisors_with_the_right_omega() {
    // 7 ⊕ 3 = 4: divisor(360) must go to value 7 ⊕ 4 = 3, a divisor with Ω = 2:
    // 2·2, 2·3, 2·5, 3·3, 3·5. nim(3) would need 3 ⊕ 4 = 7 > 3: no move there.
    let v = solve_json(&["divisor(360) + nim(3)"]);
    assert_eq!(v["grundy"], json!(4));
    let want: BTreeSet<String> = [4, 6, 9, 10, 15]
        .iter()
        .map(|d| format!("divisor({d})"))
        .collect();
    assert_eq!(targets(&v), want);
    // 0 has no move: a P-position; 1 moves only to 0.
    assert_eq!(solve_json(&["divisor(0)"])["outcome"], json!("P"));
    assert_eq!(solve_json(&["divisor(1,1)"])["outcome"], json!("P"));
}

#[test]
fn divisor_factors_large_numbers() {
    // 10^18 + 9 is prime (trial division); 10^18 + 7 = 1370531 · 729644203597.
    let v = solve_json(&["divisor(1000000000000000009, 1000000000000000007)"]);
    assert_eq!(v["components"][0]["grundy"], json!(2));
    assert_eq!(v["components"][1]["grundy"], json!(3));
    // 1000000007 · 998244353: two primes, Ω = 2.
    let v = solve_json(&["divisor(998244359987710471)"]);
    assert_eq!(v["grundy"], json!(3));
    // 2^67 − 1 = 193707721 · 761838257287 (Cole, 1903), beyond 64 bits.
    let v = solve_json(&["divisor(147573952589676412927) + nim(2)"]);
    assert_eq!(v["components"][0]["grundy"], json!(3));
    // 3 ⊕ 2 = 1: divisor must go to value 3 ⊕ 1 = 2, i.e. to a prime divisor (nim(2)
    // would need 2 ⊕ 1 = 3).
    assert_eq!(
        targets(&v),
        BTreeSet::from([
            "divisor(193707721)".to_string(),
            "divisor(761838257287)".to_string()
        ])
    );
    // 10^100 = 2^100 · 5^100: sg = 201.
    let v = solve_json(&[&format!("divisor(1{})", "0".repeat(100))]);
    assert_eq!(v["grundy"], json!(201));
}

#[test]
fn divisor_hard_numbers_keep_the_outcome_and_sums_hit_the_limit() {
    // (2^89 − 1)(2^107 − 1): two Mersenne primes, too hard to split with a small budget.
    let p = (BigUint::from(1u32) << 89u32) - 1u32;
    let q = (BigUint::from(1u32) << 107u32) - 1u32;
    let n = (p * q).to_string();
    let alone = format!("divisor({n})");
    let v = solve_json(&["--max-states", "200000", &alone]);
    assert_eq!(v["outcome"], json!("N"));
    assert_eq!(v["grundy"], json!(null));
    assert_eq!(targets(&v), BTreeSet::from(["divisor(0)".to_string()]));
    let sum = format!("divisor({n}) + nim(1)");
    let (code, err) = exit_code(&["solve", "--max-states", "200000", &sum]);
    assert_eq!(code, 3);
    assert!(err.contains("--max-states"), "{err}");
}

#[test]
fn divisor_explanation_and_table() {
    let out = sprague()
        .args(["solve", "--explain", "divisor(360)"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("360 = 2^3 · 3^2 · 5 has Ω = 6 prime factors: sg = 7"),
        "{text}"
    );
    // Ω(n) + 1 by hand: 0, 1, 2, 2, 2², 5, 2·3, 7, 2³, 3², 2·5, 11, 2²·3.
    let v = run_json(&["table", "--json", "--to", "12", "divisor"]);
    assert_eq!(
        v,
        json!({"family": "divisor", "from": 0,
               "values": [0, 1, 2, 2, 3, 2, 3, 2, 4, 3, 3, 2, 4], "period": null})
    );
    let v = run_json(&[
        "table",
        "--json",
        "--explain",
        "--from",
        "360",
        "--to",
        "360",
        "divisor",
    ]);
    assert_eq!(
        v["explanation"][0],
        json!("sg(360) = 7: 360 = 2^3 · 3^2 · 5 has Ω = 6 prime factors: sg = 7")
    );
}

// ---------------------------------------------------------------- submask

#[test]
fn submask_is_nim_on_the_number_of_bits() {
    // 5 = 0b101 (value 2) + nim(1): 2 ⊕ 1 = 3; submask(5) must go to value 1: a
    // one-bit submask, 4 or 1. nim(1) would need 1 ⊕ 3 = 2 > 1.
    let v = solve_json(&["submask(5) + nim(1)"]);
    assert_eq!(v["grundy"], json!(3));
    assert_eq!(
        targets(&v),
        BTreeSet::from(["submask(1)".to_string(), "submask(4)".to_string()])
    );
    let v = run_json(&["table", "--json", "--to", "8", "submask"]);
    assert_eq!(v["values"], json!([0, 1, 1, 2, 1, 2, 2, 3, 1]));
}

#[test]
fn submask_huge_heaps_list_moves_up_to_the_cap() {
    // 2^200 + 2^100 + 1 has three 1 bits: value 3. With nim(1) the sum is 2, so
    // submask must go to value 3 ⊕ 2 = 1 by keeping one bit: three moves; with
    // --max-moves 2, two and truncated.
    let n = (BigUint::from(1u32) << 200u32) + (BigUint::from(1u32) << 100u32) + 1u32;
    let expr = format!("submask({n}) + nim(1)");
    let v = solve_json(&["--max-moves", "2", &expr]);
    assert_eq!(v["grundy"], json!(2));
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 2);
    assert_eq!(v["truncated"], json!(true));
    // The first keeps the highest bit: take 2^100 + 1.
    let take = (BigUint::from(1u32) << 100u32) + 1u32;
    assert_eq!(
        v["winning_moves"][0]["text"],
        json!(format!("take {take} from the heap of {n}"))
    );
}

// ---------------------------------------------------------------- andnim

#[test]
fn andnim_values_and_moves_follow_the_rules() {
    let sg = mex_table(64, andnim_options);
    let v = run_json(&["table", "--json", "--to", "63", "andnim"]);
    let got: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(got, sg);
    // 20 = 0b10100: options 19, 18, 17, 12, 11, 10, 9; only 12 = 0b1100 is a
    // P-position (its one closed run "11" is even).
    let v = solve_json(&["andnim(20)"]);
    assert_eq!(v["grundy"], json!(sg[20]));
    assert_eq!(
        v["winning_moves"],
        json!([{"component": 0, "from": "andnim(20)", "to": "andnim(12)",
                "text": "take 8 from the heap of 20", "heap": 1, "take": 8}])
    );
    // In a sum every target is reachable by the table: compare with the rules.
    let v = solve_json(&["--max-moves", "100", "andnim(40, 21) + nim(2)"]);
    let total = sg[40] ^ sg[21] ^ 2;
    assert_eq!(v["grundy"], json!(total));
    let mut want = BTreeSet::new();
    for (i, h) in [40u64, 21].into_iter().enumerate() {
        for m in andnim_options(h) {
            if sg[m as usize] == sg[h as usize] ^ total {
                want.insert((i as u64, format!("andnim({m})")));
            }
        }
    }
    if 2 ^ total < 2 {
        want.insert((2, format!("nim({})", 2 ^ total)));
    }
    let got: BTreeSet<(u64, String)> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["component"].as_u64().unwrap(),
                m["to"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(!want.is_empty());
    assert_eq!(got, want);
}

#[test]
fn andnim_table_beyond_the_limit_is_refused_at_once() {
    // Up to 10^7 the table would examine about 3^24 / 2 options.
    let (code, err) = exit_code(&["table", "--to", "10000000", "andnim"]);
    assert_eq!(code, 3);
    assert!(err.contains("--max-states"), "{err}");
}

#[test]
fn andnim_p_positions() {
    // 0b110110 = 54: closed runs "11", "11", both even: P. 0b1010 = 10: N.
    assert_eq!(solve_json(&["andnim(54)"])["outcome"], json!("P"));
    assert_eq!(solve_json(&["andnim(54)"])["grundy"], json!(0));
    assert_eq!(solve_json(&["andnim(10)"])["outcome"], json!("N"));
    // All ones: no move.
    assert_eq!(solve_json(&["andnim(1023)"])["outcome"], json!("P"));
}

#[test]
fn andnim_huge_heaps_give_outcome_and_winning_moves() {
    let n: BigUint = format!("1{}", "0".repeat(100)).parse().unwrap();
    let expr = format!("andnim({n})");
    let v = solve_json(&[&expr]);
    assert_eq!(v["outcome"], json!("N"));
    assert_eq!(v["grundy"], json!(null));
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 20);
    assert_eq!(v["truncated"], json!(true));
    for m in moves.iter().take(3) {
        let to = m["to"].as_str().unwrap();
        let r: BigUint = to["andnim(".len()..to.len() - 1].parse().unwrap();
        // Legal by the rules: x = n − r ≥ 1 and x AND n = 0.
        assert!(r < n);
        let x = &n - &r;
        assert_eq!(&x & &n, BigUint::ZERO);
        // And the result is a loss for the player to move.
        assert_eq!(solve_json(&[to])["outcome"], json!("P"));
    }
    // A big P-position has value 0 and works in sums: 0b11 · 2^300 + nim(5).
    let p = BigUint::from(3u32) << 300u32;
    let v = solve_json(&[&format!("andnim({p}) + nim(5)")]);
    assert_eq!(v["grundy"], json!(5));
    assert_eq!(targets(&v), BTreeSet::from(["nim(0)".to_string()]));
    // An N-position of unknown value in a sum: the limit, exit 3.
    let (code, err) = exit_code(&["solve", &format!("{expr} + nim(1)")]);
    assert_eq!(code, 3);
    assert!(err.contains("--max-states"), "{err}");
}

#[test]
fn parameters_and_malformed_input_are_rejected() {
    for (args, what) in [
        (vec!["solve", "andnim[2](3)"], "takes no [parameters]"),
        (vec!["solve", "divisor(\"x\")"], "takes integers"),
        (
            vec!["table", "--to", "5", "submask(3)"],
            "without heap sizes",
        ),
    ] {
        let (code, err) = exit_code(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(what), "{err}");
    }
}
