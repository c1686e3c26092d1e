//! The coin-turning games (`turtles`, `twins`, `mock_turtles`, `ruler`, `moebius`,
//! `mogul`, `coins[k,w]`, `corners`) through the real binary. Expected answers come
//! from the rules: plain game trees of small rows written here, the closed forms of
//! Winning Ways ch. 14 computed by plain loops, never from the library.

use serde_json::{Value, json};
use std::collections::HashMap;

use crate::common::{exit_code, run_json, solve_json, sprague};

/// Whether the game turns the set of coins `s` (coin i at bit i − 1).
fn turns(game: &str, s: u64) -> bool {
    let count = s.count_ones();
    let span = 64 - s.leading_zeros() - s.trailing_zeros();
    match game {
        "turtles" => count <= 2,
        "twins" => count == 2,
        "mock_turtles" => count <= 3,
        "ruler" => span == count,
        "moebius" => count <= 5,
        "mogul" => count <= 7,
        "coins[2,3]" => count <= 2 && span <= 3,
        g => panic!("no rule for {g}"),
    }
}

/// The options of a row (`len` coins, heads `mask`): the rightmost coin turned goes
/// from heads to tails.
fn options(game: &str, len: u32, mask: u64) -> Vec<u64> {
    (1..1u64 << len)
        .filter(|&s| mask >> (63 - s.leading_zeros()) & 1 == 1 && turns(game, s))
        .map(|s| mask ^ s)
        .collect()
}

fn row(len: u32, mask: u64) -> String {
    (0..len)
        .map(|i| if mask >> i & 1 == 1 { 'H' } else { 'T' })
        .collect()
}

/// Whether the player to move wins, by the game tree; misère: the player who cannot
/// move wins.
fn wins(game: &str, len: u32, mask: u64, misere: bool, memo: &mut HashMap<u64, bool>) -> bool {
    if let Some(&w) = memo.get(&mask) {
        return w;
    }
    let opts = options(game, len, mask);
    let w = if opts.is_empty() {
        misere
    } else {
        opts.iter().any(|&o| !wins(game, len, o, misere, memo))
    };
    memo.insert(mask, w);
    w
}

#[test]
fn outcomes_and_winning_moves_follow_the_game_tree() {
    for game in [
        "turtles",
        "twins",
        "mock_turtles",
        "ruler",
        "moebius",
        "coins[2,3]",
    ] {
        let len = 6;
        let mut memo = HashMap::new();
        for mask in (0..1u64 << len).step_by(5) {
            let expr = format!("{game}(\"{}\")", row(len, mask));
            let v = solve_json(&[&expr]);
            let win = wins(game, len, mask, false, &mut memo);
            assert_eq!(v["outcome"], if win { "N" } else { "P" }, "{expr}");
            // Every winning move, and only those.
            let mut want: Vec<String> = options(game, len, mask)
                .into_iter()
                .filter(|&o| !wins(game, len, o, false, &mut memo))
                .map(|o| {
                    format!(
                        "{}(\"{}\")",
                        v["components"][0]["expr"]
                            .as_str()
                            .unwrap()
                            .split('(')
                            .next()
                            .unwrap(),
                        row(len, o)
                    )
                })
                .collect();
            let mut got: Vec<String> = v["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["to"].as_str().unwrap().to_string())
                .collect();
            want.sort();
            got.sort();
            assert_eq!(got, want, "{expr}");
        }
    }
}

#[test]
fn misere_rows_follow_the_game_tree() {
    for game in ["turtles", "mock_turtles", "ruler", "twins"] {
        let len = 5;
        let mut memo = HashMap::new();
        for mask in 0..1u64 << len {
            let expr = format!("{game}(\"{}\")", row(len, mask));
            let v = run_json(&["solve", "--json", "--misere", &expr]);
            let win = wins(game, len, mask, true, &mut memo);
            assert_eq!(v["outcome"], if win { "N" } else { "P" }, "misère {expr}");
        }
    }
}

#[test]
fn tables_are_the_single_head_values_of_winning_ways() {
    // Turning Turtles n; Twins n − 1; Mock Turtles the odious numbers; Ruler the
    // largest power of two dividing n. Heap 0 is no coin.
    let odious: Vec<u64> = (1u64..)
        .filter(|v| v.count_ones() % 2 == 1)
        .take(64)
        .collect();
    let two_adic = |n: u64| 1u64 << n.trailing_zeros();
    for (game, f) in [
        ("turtles", Box::new(|n: u64| n) as Box<dyn Fn(u64) -> u64>),
        ("twins", Box::new(|n: u64| n - 1)),
        (
            "mock_turtles",
            Box::new(move |n: u64| odious[n as usize - 1]),
        ),
        ("ruler", Box::new(two_adic)),
    ] {
        let v = run_json(&["table", "--json", "--to", "60", game]);
        let mut want = vec![0u64];
        want.extend((1..=60).map(&f));
        assert_eq!(v["values"], json!(want), "{game}");
        assert_eq!(v["family"], game);
    }
    // A window: coins[3,4] turns up to three coins within four places. From the mex:
    // 1, 2, 4, 7 (coin 4: every XOR of two of 1, 2, 4 is below 7), then coin 5 sees
    // coins 2..4 only: 2, 4, 7 and their pairs 6, 5, 3, so 1; and so on, period 4.
    let v = run_json(&["table", "--json", "--to", "12", "coins[3,4]"]);
    assert_eq!(v["values"], json!([0, 1, 2, 4, 7, 1, 2, 4, 7, 1, 2, 4, 7]));
    assert_eq!(
        v["period"],
        json!({"preperiod": 1, "period": 4, "proved": true})
    );
}

#[test]
fn explanations_name_the_theorem_and_the_rule() {
    let out = sprague()
        .args(["solve", "--explain", "mock_turtles(\"THTH\")"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("coin-turning theorem"), "{text}");
    // Heads on coins 2 and 4: the odious numbers 2 and 7.
    assert!(text.contains("sg(2) ⊕ sg(4) = 2 ⊕ 7 = 5"), "{text}");
    assert!(text.contains("odious"), "{text}");
    let out = sprague()
        .args(["table", "--explain", "--to", "3", "ruler"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("largest power of 2"), "{text}");
}

#[test]
fn long_rows_from_standard_input_are_answered() {
    // 100 000 coins, heads where i ≡ 1 or 2 (mod 7): Turning Turtles is Nim on the
    // heads' places.
    let len = 100_000u64;
    let heads: Vec<u64> = (1..=len).filter(|i| matches!(i % 7, 1 | 2)).collect();
    let text: String = (1..=len)
        .map(|i| if matches!(i % 7, 1 | 2) { 'H' } else { 'T' })
        .collect();
    let nim = heads.iter().fold(0, |a, &h| a ^ h);
    for (game, want) in [
        ("turtles", nim),
        (
            "ruler",
            heads.iter().fold(0, |a, &h| a ^ (1 << h.trailing_zeros())),
        ),
    ] {
        let out = sprague()
            .args(["solve", "--json", "--max-moves", "2", "-"])
            .write_stdin(format!("{game}(\"{text}\")"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["grundy"], json!(want), "{game}");
        assert_eq!(v["outcome"], if want == 0 { "P" } else { "N" });
        let moves = v["winning_moves"].as_array().unwrap();
        assert!(want == 0 || !moves.is_empty(), "{game}");
        for m in moves {
            let to = m["to"].as_str().unwrap();
            let out = sprague()
                .args(["solve", "--json", "-"])
                .write_stdin(to.to_string())
                .output()
                .unwrap();
            let after: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(after["grundy"], json!(0), "{game}: {}", m["text"]);
        }
    }
}

#[test]
fn bad_rows_exit_2_and_big_tables_stop_at_the_bound() {
    let (code, err) = exit_code(&["solve", "turtles(\"HTX\")"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("column 12") && err.contains("no coin"),
        "{err}"
    );
    for bad in [
        "turtles(3)",
        "turtles(\"H\") + turtles(3)",
        "coins[0](\"H\")",
        "coins(\"H\")",
        "twins[2](\"H\")",
        "corners(\"HT/T\")",
    ] {
        let (code, err) = exit_code(&["solve", bad]);
        assert_eq!(code, 2, "{bad}: {err}");
    }
    // Mogul's values grow fast: a row of 20 000 coins needs more than the bounds allow.
    let long = "H".repeat(20_000);
    let out = sprague()
        .args(["solve", "--max-states", "100000", "-"])
        .write_stdin(format!("mogul(\"{long}\")"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn play_reads_the_coins_to_turn() {
    // THHTH (Nim 2 ⊕ 3 ⊕ 5 = 4): turning coins 3 and 5 leaves THTTT, worth 2; the
    // computer then turns coin 2 and wins.
    let out = sprague()
        .args(["play", "--json", "turtles(\"THHTH\")"])
        .write_stdin("turn 3 5\n")
        .output()
        .unwrap();
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[1]["position"], "turtles(\"THTTT\")");
    assert_eq!(lines[1]["last_move"]["move"]["text"], "turn coins 3 and 5");
    assert_eq!(lines[2]["position"], "turtles(\"TTTTT\")");
    // A move the rules refuse (Twins turns exactly two coins), then a row typed as it
    // is after the move (coins 1 and 3 turned).
    let out = sprague()
        .args(["play", "--json", "twins(\"THHT\")"])
        .write_stdin("turn 3\nhhtt\n")
        .output()
        .unwrap();
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[1]["event"], "error", "{lines:?}");
    assert_eq!(lines[2]["position"], "twins(\"HHTT\")", "{lines:?}");
    assert_eq!(lines[2]["last_move"]["move"]["text"], "turn coins 1 and 3");
}

#[test]
fn play_draws_the_coins_under_their_numbers() {
    // THHTH: turning coins 3 and 5 leaves THTTT (Nim 2); the computer turns coin 2,
    // the one head, alone, leaving no head (with coin 1 it would leave HTTTT, Nim 1).
    let out = sprague()
        .args(["play", "turtles(\"THHTH\")"])
        .write_stdin("turn 3 5\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let rows: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.is_empty() && l.split(' ').all(|w| w == "H" || w == "T"))
        .collect();
    assert_eq!(rows, ["T H H T H", "T H T T T", "T T T T T"], "{text}");
    assert_eq!(
        lines.iter().filter(|l| **l == "coin  1 2 3 4 5").count(),
        3,
        "{text}"
    );
    // Long rows go on over several lines, the numbers right-aligned.
    let row = format!("T{}H", "T".repeat(22));
    let out = sprague()
        .args(["play", &format!("twins(\"{row}\")")])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("coin  21 22 23 24\n"), "{text}");
    assert!(text.contains("        T  T  T  H\n"), "{text}");
}

#[test]
fn corners_are_nim_products() {
    // A single head in row r, column c is worth (r − 1) ⊗ (c − 1): 2 ⊗ 2 = 3,
    // 2 ⊗ 3 = 1, 3 ⊗ 3 = 2 (the nim multiplication table, ONAG ch. 6).
    for (board, want) in [
        ("TTT/TTT/TTH", 3),
        ("TTTT/TTTT/TTTH", 1),
        ("TTTT/TTTT/TTTT/TTTH", 2),
        ("HTTT/TTTT/TTTT/TTTH", 2),
        ("TTTT/TTTT/TTHT/TTTH", 1),
    ] {
        let v = solve_json(&[&format!("corners(\"{board}\")")]);
        assert_eq!(v["grundy"], json!(want), "{board}");
        for m in v["winning_moves"].as_array().unwrap() {
            let after = solve_json(&[m["to"].as_str().unwrap()]);
            assert_eq!(after["outcome"], "P", "{board}: {}", m["text"]);
        }
    }
}

#[cfg(feature = "web")]
#[test]
fn the_web_page_draws_a_row_of_coins() {
    let s = crate::common::web::Server::start(&[]);
    let (status, body) = s.get("/api/play", &[("expr", "turtles(\"THHTH\")")]);
    assert_eq!(status, 200, "{body}");
    let d = &body["drawing"][0];
    assert_eq!(d["kind"], "coins");
    assert_eq!(d["coins"], "THHTH");
    // Nim on the heads' places: 2 ⊕ 3 ⊕ 5 = 4, so the one winning move turns coin 5
    // and coin 1 (worth 1 ⊕ 5 = 4): entries 0 and 4 of the row, from 0.
    let winning: Vec<&Value> = body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["result"] == "P")
        .collect();
    assert_eq!(winning.len(), 1);
    assert_eq!(winning[0]["to"], "turtles(\"HHHTT\")");
    assert_eq!(
        winning[0]["target"],
        json!({"kind": "entries", "entries": [0, 4]})
    );
}
