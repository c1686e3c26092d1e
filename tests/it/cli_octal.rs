//! The take-and-break families through the real binary: `octal[CODE]`, `kayles`,
//! `dawson`, `grundy_game`, `lasker`, `split`. Expected values come from the rules (worked
//! by hand in the comments) or from published tables (OEIS A002186 Kayles, A002187
//! Dawson's Chess, A002188 Grundy's game; Winning Ways for the periods).

use serde_json::{Value, json};

use crate::common::{self, exit_code, run_json};

fn solve(expr: &str) -> Value {
    run_json(&["solve", "--json", expr])
}

/// Kayles values, OEIS A002186, heaps 0..=82 (to one full period after heap 71).
const KAYLES: [u64; 83] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2,
];

/// Every winning move must leave a P-position: replace the component by `to`.
fn moves_lead_to_p_positions(expr_parts: &[&str]) {
    let expr = expr_parts.join(" + ");
    let v = solve(&expr);
    for m in v["winning_moves"].as_array().unwrap() {
        let i = m["component"].as_u64().unwrap() as usize;
        let mut parts: Vec<String> = expr_parts.iter().map(|s| s.to_string()).collect();
        parts[i] = m["to"].as_str().unwrap().to_string();
        let after = solve(&parts.join(" + "));
        assert_eq!(after["outcome"], "P", "{expr}: {m}");
    }
}

#[test]
fn kayles_table_is_oeis_a002186_with_the_proved_period() {
    let v = run_json(&["table", "--json", "--to", "82", "kayles"]);
    assert_eq!(v["family"], "kayles");
    assert_eq!(v["values"], json!(KAYLES.to_vec()));
    assert_eq!(
        v["period"],
        json!({"preperiod": 71, "period": 12, "proved": true})
    );
}

#[test]
fn octal_0_77_to_100000_is_kayles() {
    let v = run_json(&["table", "--json", "--to", "100000", "octal[0.77]"]);
    assert_eq!(v["family"], "octal[0.77]");
    let values = v["values"].as_array().unwrap();
    assert_eq!(values.len(), 100_001);
    // Heap 100000: 100000 − 71 = 99929 ≡ 5 (mod 12), so heap 76: A002186(76) = 1.
    assert_eq!(values[100_000], json!(KAYLES[76]));
    assert_eq!(values[..83], json!(KAYLES.to_vec()).as_array().unwrap()[..]);
    assert_eq!(
        v["period"],
        json!({"preperiod": 71, "period": 12, "proved": true})
    );
}

#[test]
fn dawsons_kayles_and_chess_have_the_published_periods() {
    // A002187 (Dawson's Chess 0.137) starts 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3; Dawson's
    // Kayles (0.07) has the values a(n − 1).
    let chess = run_json(&["table", "--json", "--to", "10", "octal[0.137]"]);
    assert_eq!(chess["values"], json!([0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]));
    assert_eq!(
        chess["period"],
        json!({"preperiod": 52, "period": 34, "proved": true})
    );
    let kayles = run_json(&["table", "--json", "--to", "11", "dawson"]);
    assert_eq!(kayles["family"], "dawson");
    assert_eq!(
        kayles["values"],
        json!([0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3])
    );
    assert_eq!(
        kayles["period"],
        json!({"preperiod": 53, "period": 34, "proved": true})
    );
}

#[test]
fn grundy_game_table_is_oeis_a002188_and_unproved() {
    let v = run_json(&["table", "--json", "--to", "20", "grundy_game"]);
    assert_eq!(
        v["values"],
        json!([
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0
        ])
    );
    assert!(v["period"].is_null() || v["period"]["proved"] == false);
}

#[test]
fn huge_kayles_heaps_are_answered_from_the_period() {
    // 10^18 ≡ 4 (mod 12), 71 ≡ 11: heap 76, value A002186(76) = 1.
    let v = solve("kayles(1000000000000000000)");
    assert_eq!(v["grundy"], 1);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    // The first move: knock down 2 pins leaving 1 and 10^18 − 3: 1 ⊕ sg(10^18 − 3) where
    // 10^18 − 3 ≡ 1 (mod 12) ≡ heap 73 (73 ≡ 1): A002186(73) = 1, so 1 ⊕ 1 = 0.
    assert_eq!(
        moves[0],
        json!({
            "component": 0,
            "from": "kayles(1000000000000000000)",
            "to": "kayles(1) + kayles(999999999999999997)",
            "text": "knock down 2 pins in the middle, leaving rows of 1 and 999999999999999997",
            // Heap 1, split in two: no stones taken from one heap.
            "heap": 1,
            "take": null
        })
    );
    // A googol: 10^100 ≡ 4 (mod 12) too.
    let g = solve(&format!("kayles(1{})", "0".repeat(100)));
    assert_eq!(g["grundy"], 1);
}

#[test]
fn winning_moves_leave_p_positions() {
    moves_lead_to_p_positions(&["kayles(10)"]);
    moves_lead_to_p_positions(&["kayles(7)", "dawson(12)", "octal[0.137](9)"]);
    moves_lead_to_p_positions(&["grundy_game(17)", "grundy_game(9)"]);
    moves_lead_to_p_positions(&["lasker(10)", "lasker(7)", "split(6)"]);
    moves_lead_to_p_positions(&["kayles(123456789012345)", "dawson(5)"]);
    moves_lead_to_p_positions(&["lasker(123456789012345678901234567890)", "split(77)"]);
}

#[test]
fn kayles_moves_are_worded_as_pins() {
    // kayles(10) has value 2 (A002186); moves to value 0: (1, 8): 1 ⊕ 1, (2, 7): 2 ⊕ 2,
    // (3, 6): 3 ⊕ 3 after one pin, and (4, 4) after two pins.
    let v = solve("kayles(10)");
    let texts: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        [
            "knock down 1 pin in the middle, leaving rows of 1 and 8",
            "knock down 1 pin in the middle, leaving rows of 2 and 7",
            "knock down 1 pin in the middle, leaving rows of 3 and 6",
            "knock down 2 pins in the middle, leaving rows of 4 and 4",
        ]
    );
}

#[test]
fn explain_derives_values_by_mex_with_splits() {
    // Kayles heap 5: take 1 at the end → 4 (1); 1 in the middle → 1+3 (1 ⊕ 3 = 2) or 2+2
    // (0); take 2 at the end → 3 (3); 2 in the middle → 1+2 (1 ⊕ 2 = 3): mex = 4.
    let v = run_json(&["solve", "--json", "--explain", "kayles(5)"]);
    let lines: Vec<&str> = v["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(
        lines.iter().any(|l| l.contains(
            "sg(5) = mex{sg(4), sg(1) ⊕ sg(3), sg(2) ⊕ sg(2), sg(3), sg(1) ⊕ sg(2)} = mex{1, 2, 0, 3, 3} = 4"
        )),
        "{lines:?}"
    );
    // Heaps beyond the table cite the proved period and one option per smaller value:
    // 10000 − 71 = 9929 ≡ 5 (mod 12), so heap 76, of value A002186(76) = 1; knocking
    // down 2 pins to leave rows of 1 and 73 (1 + 2 + 73 = 76) has value sg(1) ⊕ sg(73) =
    // 1 ⊕ 1 = 0 (A002186(73) = 1).
    let far = run_json(&["solve", "--json", "--explain", "kayles(10000)"]);
    let text = far["explanation"].to_string();
    assert!(
        text.contains(
            "sg(10000) = sg(76) = 1, because the values have period 12 from heap 71 (proved)"
        ),
        "{text}"
    );
    assert!(
        text.contains("(0 = sg(1) ⊕ sg(73)) and none reaches 1"),
        "{text}"
    );
    let huge = run_json(&[
        "solve",
        "--json",
        "--explain",
        "kayles(1000000000000000000000)",
    ]);
    let text = huge["explanation"].to_string();
    assert!(text.contains("period 12 from heap 71 (proved)"), "{text}");
}

#[test]
fn lasker_follows_the_closed_form_at_any_size() {
    // G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
    let v = run_json(&["table", "--json", "--to", "12", "lasker"]);
    assert_eq!(
        v["values"],
        json!([0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11])
    );
    // 10^30 ≡ 0 (mod 4): value 10^30 − 1 (a JSON string beyond 64 bits).
    let big = solve(&format!("lasker(1{})", "0".repeat(30)));
    assert_eq!(big["grundy"], format!("{}", "9".repeat(30)));
    // lasker(3) + lasker(4): 4 ⊕ 3 = 7; winning moves exist.
    let s = solve("lasker(3, 4)");
    assert_eq!(s["grundy"], 7);
    assert_eq!(s["outcome"], "N");
}

#[test]
fn split_values_are_the_odious_numbers() {
    // sg(0) = 0; sg(n) is the n-th odious number: 1, 2, 4, 7, 8, 11, 13, 14, 16, 19.
    let v = run_json(&["table", "--json", "--to", "10", "split"]);
    assert_eq!(v["values"], json!([0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 19]));
    // split(2) + split(3): 2 ⊕ 4 = 6 (evil): from 3 (values 0, 1, 2 below it) to value
    // 2 only as (0, 2); from 2 to 4 impossible.
    let s = solve("split(2, 3)");
    assert_eq!(s["grundy"], 6);
    assert_eq!(
        s["winning_moves"],
        json!([{"component": 1, "from": "split(3)", "to": "split(0) + split(2)",
                "text": "replace the heap of 3 by heaps of 0 and 2", "heap": 2, "take": null}])
    );
}

#[test]
fn bad_codes_exit_2_with_the_column() {
    let (code, err) = exit_code(&["solve", "octal[0.1G](3)"]);
    assert_eq!(code, 2);
    assert!(err.contains("column 10") && err.contains("'G'"), "{err}");
    let (code, err) = exit_code(&["solve", "octal[2.7](3)"]);
    assert_eq!(code, 2);
    assert!(err.contains("column 7"), "{err}");
    // A hexadecimal digit before the point splits into three (8, C), or is refused.
    let (code, err) = exit_code(&["solve", "octal[A.7](3)"]);
    assert_eq!(code, 2);
    assert!(err.contains("column 7") && err.contains("8 or C"), "{err}");
    let (code, err) = exit_code(&["solve", "octal[0.1_z](3)"]);
    assert_eq!(code, 2);
    assert!(err.contains("column 11"), "{err}");
    for bad in [
        "octal(3)",
        "octal[0.7,0.3](3)",
        "octal[12](3)",
        "octal[\"x\"](3)",
        "octal[0.](3)",
        "octal[B](3)",
        "kayles[1](3)",
        "lasker[2](3)",
        "grundy_game(\"a\")",
    ] {
        let (code, err) = exit_code(&["solve", bad]);
        assert_eq!(code, 2, "{bad}: {err}");
    }
    let (code, _) = exit_code(&["table", "--to", "5", "octal[0.9.1]"]);
    assert_eq!(code, 2);
}

/// The values of a hexadecimal code from its rules: removing `i` may leave nothing
/// (bit 1, from a heap of exactly `i ≥ 1`), one non-empty heap (bit 2, `i ≥ 1`), two
/// (bit 4) or three (bit 8) non-empty heaps of any sizes.
fn hex_values(digits: &[u8], len: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..len {
        let mut seen = std::collections::BTreeSet::new();
        for (i, &d) in digits.iter().enumerate().take(n + 1) {
            let s = n - i;
            if d & 1 != 0 && i >= 1 && s == 0 {
                seen.insert(0);
            }
            if d & 2 != 0 && i >= 1 && s >= 1 {
                seen.insert(g[s]);
            }
            for a in 1..=s / 2 {
                if d & 4 != 0 {
                    seen.insert(g[a] ^ g[s - a]);
                }
            }
            for a in 1..=s / 3 {
                for b in a..=(s - a) / 2 {
                    if d & 8 != 0 {
                        seen.insert(g[a] ^ g[b] ^ g[s - a - b]);
                    }
                }
            }
        }
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

#[test]
fn hexadecimal_codes_follow_the_rules() {
    // 0.8: remove one, leave three heaps; C: split into two or three; 0.F7; 4.C.
    for (expr, digits) in [
        ("octal[0.8]", &[0u8, 8][..]),
        ("octal[C]", &[12]),
        ("octal[0.f7]", &[0, 15, 7]),
        ("octal[4.C]", &[4, 12]),
    ] {
        let v = run_json(&["table", "--json", "--to", "60", expr]);
        assert_eq!(v["values"], json!(hex_values(digits, 61)), "{expr}");
    }
    let v = run_json(&["table", "--json", "--to", "5", "octal[0.f70]"]);
    assert_eq!(v["family"], "octal[0.F7]");
    // 0.8 grows by one every three heaps (arithmetic-periodic): no period.
    let v = run_json(&["table", "--json", "--to", "300", "octal[0.8]"]);
    assert_eq!(v["period"], Value::Null);
    // 4.C: the rules' values repeat with period 34 from heap 54 (checked here to heap
    // 700), and the engine proves it.
    let truth = hex_values(&[4, 12], 700);
    assert!((54..700 - 34).all(|n| truth[n] == truth[n + 34]));
    assert_ne!(truth[53], truth[53 + 34]);
    let v = run_json(&["table", "--json", "--to", "100", "octal[4.C]"]);
    assert_eq!(
        v["period"],
        json!({"preperiod": 54, "period": 34, "proved": true})
    );
    // 10^18 ≡ 32 (mod 34) (10^16 ≡ 1 mod 17, so 10^18 ≡ 100 ≡ 15 mod 17, and it is
    // even) and 54 ≡ 20: 10^18 − 54 ≡ 12, so heap 54 + 12 = 66.
    let v = solve("octal[4.C](1000000000000000000)");
    assert_eq!(v["grundy"], json!(truth[66]));
}

#[test]
fn hexadecimal_winning_moves_leave_p_positions() {
    moves_lead_to_p_positions(&["octal[0.F7](20)", "octal[0.F7](9)"]);
    moves_lead_to_p_positions(&["octal[C](17)", "octal[C](4)"]);
    moves_lead_to_p_positions(&["octal[4.C](1000000000000000000)", "octal[4.C](7)"]);
    let v = solve("octal[0.8](9)");
    let texts: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    // G = 0 0 0 0 1 1 1 for heaps 0..6, so the splits of 8 into three, 1+1+6,
    // 1+2+5, 1+3+4, 2+2+4 and 2+3+3, are worth 1, 1, 1, 1 and 0: G(9) = 2, and only
    // 2+3+3 wins.
    assert_eq!(v["grundy"], json!(2));
    assert_eq!(
        texts,
        ["take 1 from the heap of 9, leaving heaps of 2, 3 and 3"],
        "{v}"
    );
}

#[test]
fn limits_exit_3_naming_the_flag() {
    // Grundy's game has no proved period: a huge heap needs the whole table.
    let (code, err) = exit_code(&["solve", "grundy_game(1000000000000000000)"]);
    assert_eq!(code, 3);
    assert!(err.contains("--max-states"), "{err}");
    // The table's pair work is bounded by the same flag.
    let (code, err) = exit_code(&[
        "table",
        "--max-states",
        "1000",
        "--to",
        "900",
        "grundy_game",
    ]);
    assert_eq!(code, 3);
    assert!(err.contains("--max-states"), "{err}");
}

#[test]
fn normalised_names_are_written_back() {
    let v = solve("octal[0.770](3) + octal[4.0](2) + octal[0](5)");
    assert_eq!(v["position"], "octal[0.77](3) + octal[4](2) + octal[0](5)");
}

/// Octal 0.4 (remove one counter, split the rest into two non-empty heaps) has
/// `G = 0, 0, 0, 1, 1, 2, …`: heaps 0..2 have no move (taking one from a heap of 2
/// leaves one counter, which may not stay as one heap), heap 3 has the move to 1 + 1
/// (value 0). Likewise 0.04 (remove two): 0 0 0 0 1 1 1 2 for heaps 0..7, and 0.004
/// (remove three): 0 0 0 0 0 1 for heaps 0..5. Three zeros prove no period from heap 0.
#[test]
fn a_split_digit_without_leave_one_proves_nothing_from_heap_zero() {
    let v = run_json(&["table", "--json", "--to", "2", "octal[0.4]"]);
    assert_eq!(v["values"], json!([0, 0, 0]));
    assert_ne!(
        v["period"],
        json!({"preperiod": 0, "period": 1, "proved": true})
    );
    for (expr, nim) in [
        ("octal[0.4](2,3)", 1),
        ("octal[0.4](3,2)", 1),
        // 0.04: G(3) = 0, G(7) = 2.
        ("octal[0.04](3,7)", 2),
        // 0.004: G(4) = 0, G(5) = 1 (remove 3, leave 1 + 1).
        ("octal[0.004](4,5)", 1),
    ] {
        let s = solve(expr);
        assert_eq!(s["outcome"], "N", "{expr}");
        assert_eq!(s["grundy"], nim, "{expr}");
    }
    let v = run_json(&["value", "--json", "octal[0.4](2,3)"]);
    assert_eq!(v["canonical"], "*");
    // The sweep of two-digit codes to heap 2 proves nothing of 0.4.
    let out = common::sprague()
        .args(["sweep", "--digits", "2", "--to", "2", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|l| l["code"] == "0.4")
        .unwrap();
    assert_ne!(line["status"], "periodic", "{line}");
    assert_eq!(line["first"], json!([0, 0, 0]));
}
