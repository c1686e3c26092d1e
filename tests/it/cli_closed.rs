//! The families with closed forms (fib, stair, moore, ed, adjacent, ring) through the
//! real binary. Expected answers are worked by hand from the rules and the theorems
//! (in the comments), and include the samples of the contest problems the study notes
//! cite (HDU 2516, AcWing 892, Luogu P2148, Luogu P1288).

use serde_json::{Value, json};

use crate::common::{exit_code, solve_json, sprague};

fn solve_stdin(input: String, args: &[&str]) -> Value {
    let out = sprague()
        .arg("solve")
        .arg("--json")
        .args(args)
        .arg("-")
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{:?}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn targets(v: &Value) -> Vec<String> {
    v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn hdu_2516_sample_fibonacci_nim() {
    // HDU 2516: the first player may not take the whole heap at first, then at most twice
    // the previous take; "Second win" exactly for Fibonacci numbers. Sample: 2 and 13 are
    // second-player wins, 10000 a first-player win.
    for n in ["2", "13"] {
        let v = solve_json(&[&format!("fib({n})")]);
        assert_eq!(v["outcome"], "P", "fib({n})");
        assert_eq!(v["grundy"], 0);
    }
    // 10000 = 6765 + 2584 + 610 + 34 + 5 + 2. The winning takes are the sums of lowest
    // terms s whose next term exceeds 2s: 2 (5 > 4), 7 (34 > 14), 41 (610 > 82),
    // 651 (2584 > 1302), 3235 (6765 > 6470); taking all 10000 is not allowed.
    let v = solve_json(&["fib(10000)"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        targets(&v),
        [
            "fib(9998,4)",
            "fib(9993,14)",
            "fib(9959,82)",
            "fib(9349,1302)",
            "fib(6765,6470)"
        ]
    );
    assert_eq!(v["truncated"], false);
    // Its table of values would hold 10001·10002/2 > 5·10^7 positions: value unknown.
    assert_eq!(v["grundy"], Value::Null);
}

#[test]
fn fib_explains_by_zeckendorf_form() {
    // 20 = 13 + 5 + 2; take 2 leaves 18 = 13 + 5 with limit 4 < 5. Taking 7 leaves 13
    // with limit 14 ≥ 13 (the opponent takes all), and 20 itself is over the limit 19.
    let out = sprague()
        .args(["solve", "--explain", "fib(20)"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("20 = 13 + 5 + 2 in Zeckendorf form: take 2"),
        "{text}"
    );
    let v = solve_json(&["fib(20)"]);
    assert_eq!(targets(&v), ["fib(18,4)"]);
    assert_eq!(
        v["winning_moves"][0]["text"],
        "take 2 (the opponent may then take up to 4)"
    );
}

#[test]
fn fib_lists_every_winning_take() {
    // fib(17,17): 17 = 13 + 3 + 1. Take 1: (16, 2), 16 = 13 + 3, 3 > 2. Take 4: (13, 8),
    // 13 > 8. Take 17: the heap is empty. Take 3 would leave 14 = 13 + 1 with limit 6.
    let v = solve_json(&["fib(17,17)"]);
    assert_eq!(targets(&v), ["fib(16,2)", "fib(13,8)", "fib(0,34)"]);
    assert_eq!(v["winning_moves"][2]["text"], "take all 17");
}

#[test]
fn fib_of_huge_heaps_is_exact() {
    // The greedy (Zeckendorf) expansion of 10^30 ends in … + 233 + 89 + 34 + 1, so its
    // smallest term is 1 and taking 1 wins (the next term, 34, exceeds 2).
    let v = solve_json(&["fib(1_000000_000000_000000_000000_000000)"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(
        v["winning_moves"][0]["to"],
        "fib(999999999999999999999999999999,2)"
    );
    // F_146 = 1454489111232772683678306641953 is a Fibonacci number: lost at the start.
    let v = solve_json(&["fib(1454489111232772683678306641953)"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["grundy"], 0);
}

#[test]
fn fib_value_beyond_the_bound_is_null_but_sums_need_it() {
    // 1000 = 987 + 13: take 13 (987 > 26); taking all is over the limit 999.
    let v = solve_json(&["--max-states", "10", "fib(1000)"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(targets(&v), ["fib(987,26)"]);
    let (code, err) = exit_code(&["solve", "--max-states", "10", "fib(1000) + nim(1)"]);
    assert_eq!(code, 3);
    assert!(err.contains("--max-states"), "{err}");
}

#[test]
fn acwing_892_sample_staircase_nim() {
    // AcWing 892: steps 2 1 3 (step 1 lowest) → "Yes". Odd steps: 2 ⊕ 3 = 1. Step 1 cannot
    // drop to 2 ⊕ 1 = 3; step 2 raises step 1 from 2 to 3 with its one stone; step 3 drops
    // from 3 to 2, moving 1 stone to step 2.
    let v = solve_json(&["stair(2,1,3)"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 1);
    assert_eq!(targets(&v), ["stair(3,0,3)", "stair(2,2,2)"]);
    assert_eq!(
        v["winning_moves"][0]["text"],
        "move 1 stone from step 2 to step 1"
    );
}

#[test]
fn stair_explains_the_odd_steps() {
    let out = sprague()
        .args(["solve", "--explain", "stair(3,9,5)"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("the odd steps XOR to 6"), "{text}");
}

#[test]
fn stair_with_a_hundred_thousand_steps() {
    // Step 1 holds 2, the others 1: odd steps XOR to 2 ⊕ (49 999 ones) = 3. Winning moves:
    // step 1 drops to 1, and each even step from 4 on raises the odd step below to 2.
    let mut steps = vec!["1"; 100_000];
    steps[0] = "2";
    let v = solve_stdin(format!("stair({})", steps.join(",")), &[]);
    assert_eq!(v["grundy"], 3);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 20);
    assert_eq!(v["truncated"], true);
    assert_eq!(
        v["winning_moves"][1]["text"],
        "move 1 stone from step 4 to step 3"
    );
}

#[test]
fn moore_is_nim_for_k_1_and_counts_columns_mod_k_plus_1() {
    // moore[1] is Nim: 3 ⊕ 4 ⊕ 5 = 2, only heap 3 drops (to 1).
    let v = solve_json(&["moore[1](3,4,5)"]);
    assert_eq!(v["grundy"], 2);
    assert_eq!(targets(&v), ["moore[1](1,4,5)"]);
    // Three heaps of 1: column 0 holds 3 ones, a multiple of 3: lost.
    let v = solve_json(&["moore[2](1,1,1)"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["grundy"], 0);
    // Two heaps of 1 with k = 2: empty both (2 − 2 = 0 ones). Value: options (0,1),
    // (1,0), (0,0) have values 1, 1, 0, so mex 2 (the total, as k ≥ n).
    let v = solve_json(&["moore[2](1,1)"]);
    assert_eq!(v["grundy"], 2);
    assert_eq!(targets(&v), ["moore[2](0,0)"]);
    assert_eq!(
        v["winning_moves"][0]["text"],
        "take 1 from heap 1 (1 → 0), 1 from heap 2 (1 → 0)"
    );
}

#[test]
fn moore_lists_moves_up_to_the_cap_among_very_many() {
    // 100 000 heaps of 1, k = 2: 100 000 ≡ 1 (mod 3), so emptying any one heap wins
    // (100 000 moves); the list stops at --max-moves.
    let v = solve_stdin(
        format!("moore[2]({})", vec!["1"; 100_000].join(",")),
        &["--max-moves", "3"],
    );
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["truncated"], true);
    let texts: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        [
            "take 1 from heap 1 (1 → 0)",
            "take 1 from heap 2 (1 → 0)",
            "take 1 from heap 3 (1 → 0)"
        ]
    );
}

#[test]
fn luogu_p2148_sample_e_and_d() {
    // P2148 sample: "1 2 3 1" → YES, "1 1 1 1 1 1" → NO. (1,2): 0 | 1 = 1, value 1;
    // (3,1): 2 | 0 = 10₂, value 0. XOR 1.
    let v = solve_json(&["ed(1,2,3,1)"]);
    assert_eq!(v["position"], "ed(1,2,3,1)");
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["components"],
        json!([{"expr": "ed(1,2)", "grundy": 1}, {"expr": "ed(3,1)", "grundy": 0}])
    );
    // In (1,2) split the 2 into (1,1): value 0. In (3,1) reach value 1: split 3 into
    // (1,2) (0 | 1 = 1, value 1); the pile of 1 cannot be split.
    assert_eq!(
        v["winning_moves"],
        json!([
            {"component": 0, "from": "ed(1,2)", "to": "ed(1,1)",
             "text": "remove the pile of 1, split the pile of 2 into 1 and 1", "heap": null, "take": null},
            {"component": 1, "from": "ed(3,1)", "to": "ed(1,2)",
             "text": "remove the pile of 1, split the pile of 3 into 1 and 2", "heap": null, "take": null}
        ])
    );
    let v = solve_json(&["ed(1,1,1,1,1,1)"]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn ed_twenty_thousand_large_pairs() {
    // (2·10^9, 2·10^9): 1999999999 has bits 0–9 set and bit 10 clear: value 10. An even
    // number of them XOR to 0; adding (1,2) (value 1) makes the sum 1. The big pairs would
    // need value 10 ⊕ 1 = 11, but bit 11 of 1999999999 is clear: only (1,2) moves.
    let mut args = vec!["2000000000"; 40_000];
    args.extend(["1", "2"]);
    let v = solve_stdin(format!("ed({})", args.join(",")), &[]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 1);
    assert_eq!(v["components"].as_array().unwrap().len(), 20_001);
    assert_eq!(targets(&v), ["ed(1,1)"]);
    assert_eq!(v["winning_moves"][0]["component"], 20_000);
}

#[test]
fn ed_rejects_odd_counts_and_empty_piles() {
    let (code, err) = exit_code(&["solve", "ed(1,2,3)"]);
    assert_eq!(code, 2);
    assert!(err.contains("column 8"), "{err}");
    let (code, _) = exit_code(&["solve", "ed(0,1)"]);
    assert_eq!(code, 2);
}

#[test]
fn adjacent_period_m_plus_2() {
    // m = 3, period 5. 10 ≡ 0: lost.
    let v = solve_json(&["adjacent[3](10)"]);
    assert_eq!(v["outcome"], "P");
    // 7 ≡ 2: take 2, leaving 5 (a multiple of 5).
    let v = solve_json(&["adjacent[3](7)"]);
    assert_eq!(targets(&v), ["adjacent[3](5,2)"]);
    // 9 ≡ 4 = m + 1 after a take of 1: 3 is forbidden (1 + 3 = 4); taking 1 leaves 8 ≡ 3
    // where 3 is forbidden to the opponent, taking 2 leaves 7 ≡ 2 where 2 is forbidden.
    let v = solve_json(&["adjacent[3](9,1)"]);
    assert_eq!(targets(&v), ["adjacent[3](8,1)", "adjacent[3](7,2)"]);
    // m = 1: the first take of 1 forbids every later take.
    let v = solve_json(&["adjacent[1](5)"]);
    assert_eq!(targets(&v), ["adjacent[1](4,1)"]);
    // Huge m: n ≡ m + 1, every take wins; the list is cut at the cap.
    let v = solve_json(&[
        "--max-moves",
        "2",
        "adjacent[1000000000000000000000](1000000000000000000001)",
    ]);
    assert_eq!(v["truncated"], true);
    assert_eq!(v["grundy"], Value::Null);
    let (code, _) = exit_code(&["solve", "adjacent[3](5,4)"]);
    assert_eq!(code, 2);
    let (code, _) = exit_code(&["solve", "adjacent[0](5)"]);
    assert_eq!(code, 2);
}

#[test]
fn luogu_p1288_sample_ring() {
    // P1288 sample: edges 2 5 3 0 from the coin → YES; 0 0 0 → NO. Forward run 3 (odd):
    // cross the first edge lowering it to 0. Lowering it to v > 0 would give the opponent
    // a backward run 1 + 0, odd. The last edge is 0.
    let v = solve_json(&["ring(2,5,3,0)"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(targets(&v), ["ring(5,3,0,0)"]);
    assert_eq!(
        v["winning_moves"][0]["text"],
        "cross the first edge, lowering it from 2 to 0"
    );
    let v = solve_json(&["ring(0,0,0)"]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn ring_winning_moves_include_positive_lowerings() {
    // ring(3,0,4): runs 1 and 1. Crossing either edge to any v wins: to 0 leaves runs
    // (0, 0); to v > 0 leaves (0, 2) — the new edge and the other positive edge.
    let v = solve_json(&["ring(3,0,4)"]);
    assert_eq!(
        targets(&v),
        [
            "ring(0,4,0)",
            "ring(0,4,1)",
            "ring(0,4,2)",
            "ring(0,3,0)",
            "ring(1,3,0)",
            "ring(2,3,0)",
            "ring(3,3,0)"
        ]
    );
}

#[test]
fn rings_without_a_zero_edge() {
    // ring(1,1): every move lowers an edge to 0, leaving a run of 1: lost.
    let v = solve_json(&["ring(1,1)"]);
    assert_eq!(v["outcome"], "P");
    // ring(2,1): lower the first edge to 1, leaving ring(1,1).
    let v = solve_json(&["ring(2,1)"]);
    assert_eq!(targets(&v), ["ring(1,1)"]);
    // Odd ring: lowering either edge at the coin to 0 leaves runs (2, 0).
    let v = solve_json(&["ring(3,2,4)"]);
    assert_eq!(targets(&v), ["ring(2,4,0)", "ring(0,3,2)"]);
    // Huge equal weights on an even ring behave as ring(1,1).
    let v = solve_json(&["ring(1000000000000000000000,1000000000000000000000)"]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn closed_forms_add_up_in_sums() {
    // stair(2,1,3) has value 1 (2 ⊕ 3) and ed(1,2) value 1: the sum is lost.
    let v = solve_json(&["stair(2,1,3) + ed(1,2)"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["grundy"], 0);
    // Adding moore[1](1) (a Nim heap of 1) makes it 1; each component can reach its value
    // ⊕ 1: stair to 0 (2 moves), ed(1,2) to 0 (split 2), moore to 0 (empty it).
    let v = solve_json(&["stair(2,1,3) + ed(1,2) + moore[1](1)"]);
    assert_eq!(
        targets(&v),
        ["stair(3,0,3)", "stair(2,2,2)", "ed(1,1)", "moore[1](0)"]
    );
}

#[test]
fn new_families_reject_parameters_they_do_not_take() {
    for e in [
        "fib[2](3)",
        "moore(1,2)",
        "moore[0](1)",
        "ring[1](2)",
        "stair[1](2)",
    ] {
        let (code, _) = exit_code(&["solve", e]);
        assert_eq!(code, 2, "{e}");
    }
    let (code, _) = exit_code(&["solve", "fib(1,2,3)"]);
    assert_eq!(code, 2);
}
