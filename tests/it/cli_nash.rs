//! End-to-end tests of `sprague nash` through the real binary: the JSON contract of
//! SPEC §5, the readable report, and every kind of bad input (exit 2, naming the
//! file) or of too large a game (exit 3, naming the flag).

use crate::common::{exit_code, run_json, sprague};
use serde_json::{Value, json};
use std::path::PathBuf;

fn data(name: &str) -> String {
    format!("{}/tests/data/nash/{name}.json", env!("CARGO_MANIFEST_DIR"))
}

/// Writes `text` to a fresh file and returns its path.
fn temp_file(name: &str, text: &[u8]) -> String {
    let dir: PathBuf = std::env::temp_dir().join(format!("sprague-nash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

fn nash_json(file: &str) -> Value {
    run_json(&["nash", "--json", file])
}

/// The fields fixed by SPEC §5.
fn contract(v: &Value) -> Value {
    json!({
        "pure": v["pure"],
        "mixed": v["mixed"],
        "dominant": v["dominant"],
        "degenerate": v["degenerate"],
    })
}

#[test]
fn prisoners_dilemma_is_the_spec_example() {
    // SPEC §5, word for word.
    let v = nash_json(&data("prisoners"));
    assert_eq!(
        contract(&v),
        json!({
            "pure": [ { "row": 1, "col": 1, "payoffs": ["-8", "-8"] } ],
            "mixed": [ { "row": ["0","1"], "col": ["0","1"], "payoffs": ["-8","-8"] } ],
            "dominant": { "row": 1, "col": 1 },
            "degenerate": false
        })
    );
    // Extensions: quiet is strictly dominated by confess for both; one round of
    // elimination leaves (confess, confess).
    assert_eq!(
        v["dominated"],
        json!({"row": [{"strategy": 0, "by": 1, "strict": true}],
               "col": [{"strategy": 0, "by": 1, "strict": true}]})
    );
    assert_eq!(v["iterated"]["row"], json!([1]));
    assert_eq!(v["iterated"]["col"], json!([1]));
    assert_eq!(v["iterated"]["rounds"], json!(1));
    assert_eq!(v["degeneracy"], Value::Null);
}

#[test]
fn battle_of_the_sexes() {
    // Pure (opera, opera) and (football, football); mixed p = 3/5 from 2p = 3(1 - p),
    // q = 2/5 from 3q = 2(1 - q), each expecting 6/5.
    let v = nash_json(&data("sexes"));
    assert_eq!(
        contract(&v),
        json!({
            "pure": [ { "row": 0, "col": 0, "payoffs": ["3", "2"] },
                      { "row": 1, "col": 1, "payoffs": ["2", "3"] } ],
            "mixed": [ { "row": ["1","0"], "col": ["1","0"], "payoffs": ["3","2"] },
                       { "row": ["0","1"], "col": ["0","1"], "payoffs": ["2","3"] },
                       { "row": ["3/5","2/5"], "col": ["2/5","3/5"], "payoffs": ["6/5","6/5"] } ],
            "dominant": { "row": null, "col": null },
            "degenerate": false
        })
    );
}

#[test]
fn matching_pennies_and_rock_paper_scissors() {
    let v = nash_json(&data("pennies"));
    assert_eq!(v["pure"], json!([]));
    assert_eq!(
        v["mixed"],
        json!([{ "row": ["1/2","1/2"], "col": ["1/2","1/2"], "payoffs": ["0","0"] }])
    );
    let v = nash_json(&data("rps"));
    assert_eq!(
        v["mixed"],
        json!([{ "row": ["1/3","1/3","1/3"], "col": ["1/3","1/3","1/3"], "payoffs": ["0","0"] }])
    );
    assert_eq!(v["degenerate"], json!(false));
}

#[test]
fn degenerate_game_lists_extreme_equilibria() {
    // Worked out in tests/it/nash_games.rs: {top} × {q ∈ [1/2, 1]} and (bottom, right).
    let v = nash_json(&data("degenerate"));
    assert_eq!(v["degenerate"], json!(true));
    assert_eq!(
        v["mixed"],
        json!([
            { "row": ["1","0"], "col": ["1","0"], "payoffs": ["1","1"] },
            { "row": ["0","1"], "col": ["0","1"], "payoffs": ["2","2"] },
            { "row": ["1","0"], "col": ["1/2","1/2"], "payoffs": ["1","1"] }
        ])
    );
    // Against top the column player's left and right both pay 1.
    assert_eq!(
        v["degeneracy"],
        json!({"player": "row", "strategy": ["1","0"], "best_responses": [0, 1]})
    );
    // Left is weakly dominated by right (1 = 1, 0 < 2).
    assert_eq!(
        v["dominated"]["col"],
        json!([{"strategy": 0, "by": 1, "strict": false}])
    );
}

#[test]
fn big_and_fractional_payoffs_are_exact() {
    let v = nash_json(&data("big"));
    assert_eq!(
        v["mixed"],
        json!([{ "row": ["1/2","1/2"], "col": ["1/2","1/2"], "payoffs": ["1/3","0"] }])
    );
    let v = nash_json(&data("fractions"));
    assert_eq!(v["mixed"][2]["payoffs"], json!(["3/10", "3/10"]));
    assert_eq!(v["pure"][0]["payoffs"], json!(["3/4", "1/2"]));
}

#[test]
fn decimals_and_exponents_in_numbers_and_strings() {
    // 0.1 + 0.2 would not be 0.3 in floating point; here the payoffs compare exactly:
    // the row player's first row pays 0.3 = 3/10 against both, the second 1e-1 + 2e-1.
    let f = temp_file(
        "decimals.json",
        br#"{"rows": ["a", "b"], "cols": ["x"],
             "row_payoffs": [[0.3], ["3e-1"]], "col_payoffs": [["-0.25"], [-2.5E-1]]}"#,
    );
    let v = nash_json(&f);
    // Both rows pay 3/10: no strict dominance, and both cells are pure equilibria.
    assert_eq!(v["dominant"]["row"], Value::Null);
    assert_eq!(
        v["pure"],
        json!([{ "row": 0, "col": 0, "payoffs": ["3/10", "-1/4"] },
               { "row": 1, "col": 0, "payoffs": ["3/10", "-1/4"] }])
    );
    assert_eq!(v["degenerate"], json!(true));
}

#[test]
fn standard_input() {
    let text = std::fs::read(data("pennies")).unwrap();
    let out = sprague()
        .args(["nash", "--json", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["mixed"][0]["row"], json!(["1/2", "1/2"]));
}

#[test]
fn explain_in_json_gives_one_sentence_per_equilibrium() {
    let v = run_json(&["nash", "--json", "--explain", &data("sexes")]);
    let e = v["explanation"].as_array().unwrap();
    assert_eq!(e.len(), 3);
    assert!(
        e[0].as_str()
            .unwrap()
            .starts_with("(opera, opera): neither player gains")
    );
    let mixed = e[2].as_str().unwrap();
    assert!(mixed.contains("3·y(opera) + 0·y(football) = u"), "{mixed}");
    assert!(
        mixed.contains("y(opera) = 2/5, y(football) = 3/5, u = 6/5"),
        "{mixed}"
    );
}

#[test]
fn readable_report() {
    let out = sprague()
        .args(["nash", &data("prisoners")])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for line in [
        "  quiet     -1, -1   -20, 0",
        "  confess   0, -20   -8, -8",
        "  row player: confess is strictly dominant",
        "    quiet is strictly dominated by confess",
        "  round 1: row player drops quiet (dominated by confess); column player drops quiet (dominated by confess)",
        "(confess, confess) → -8, -8: neither player gains by deviating: against confess the row player gets -8, and switching to quiet would give -20",
        "Nash equilibria (1; the game is non-degenerate, so this is every equilibrium):",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
    let out = sprague()
        .args(["nash", "--explain", &data("sexes")])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for line in [
        "  3. row player: opera 3/5, football 2/5; column player: opera 2/5, football 3/5 → expected 6/5, 6/5",
        "       3·y(opera) + 0·y(football) = u",
        "       ⇒ x(opera) = 3/5, x(football) = 2/5, u = 6/5",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
    let out = sprague()
        .args(["nash", &data("degenerate")])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("the game is degenerate: against the row player's top the column player has 2 best responses (left and right)"), "{text}");
}

/// Runs `sprague nash FILE` on `text` and checks exit 2 with a message naming the file
/// and containing every piece of `expected`.
fn bad(name: &str, text: &[u8], expected: &[&str]) {
    let f = temp_file(name, text);
    for args in [vec!["nash", f.as_str()], vec!["nash", "--json", f.as_str()]] {
        let (code, err) = exit_code(&args);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(err.contains(&f), "{name}: the file is not named: {err}");
        for e in expected {
            assert!(err.contains(e), "{name}: {e:?} not in {err}");
        }
        assert_eq!(err.lines().count(), 1, "{name}: one line: {err}");
    }
}

#[test]
fn missing_file() {
    let (code, err) = exit_code(&["nash", "/nonexistent/game.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read /nonexistent/game.json"), "{err}");
}

#[test]
fn malformed_json_gives_line_and_column() {
    bad(
        "trailing_comma.json",
        b"{\"rows\": [\"a\"],\n \"cols\": [\"x\",]}",
        &["line 2, column 15", "malformed JSON"],
    );
    bad(
        "truncated.json",
        b"{\"rows\": [\"a\"],\n \"cols\": [\"x\"],\n",
        &["line 3, column 1", "malformed JSON: EOF"],
    );
    bad(
        "empty_file.json",
        b"",
        &["line 1, column 1", "malformed JSON"],
    );
    bad(
        "array.json",
        b"[[1, 2]]",
        &["line 1, column 1", "expected a JSON object"],
    );
    bad(
        "not_utf8.json",
        b"{\"rows\": [\"\xff\"]}",
        &["not UTF-8 text (byte 12)"],
    );
}

const GOOD: &str = r#"{"rows": ["a", "b"], "cols": ["x", "y"],
 "row_payoffs": [[1, 2], [3, 4]],
 "col_payoffs": [[5, 6], [7, 8]]}"#;

#[test]
fn ragged_matrices_and_name_counts() {
    bad(
        "ragged.json",
        GOOD.replace("[[1, 2], [3, 4]]", "[[1, 2], [3]]").as_bytes(),
        &[
            "line 2, column 26",
            "row_payoffs[1] has 1 entries, but cols names 2 strategies",
        ],
    );
    bad(
        "extra_row.json",
        GOOD.replace("[[5, 6], [7, 8]]", "[[5, 6], [7, 8], [9, 9]]")
            .as_bytes(),
        &[
            "line 3, column 17",
            "col_payoffs has 3 rows, but rows names 2 strategies",
        ],
    );
    bad(
        "three_names.json",
        GOOD.replace(r#"["x", "y"]"#, r#"["x", "y", "z"]"#)
            .as_bytes(),
        &["row_payoffs[0] has 2 entries, but cols names 3 strategies"],
    );
    bad(
        "row_not_array.json",
        GOOD.replace("[[1, 2], [3, 4]]", "[[1, 2], 3]").as_bytes(),
        &[
            "line 2, column 26",
            "row_payoffs[1]: expected an array of payoffs",
        ],
    );
    bad(
        "missing_field.json",
        br#"{"rows": ["a"], "cols": ["x"], "row_payoffs": [[1]]}"#,
        &["missing field col_payoffs"],
    );
    bad(
        "duplicate_name.json",
        GOOD.replace(r#"["x", "y"]"#, r#"["x", "x"]"#).as_bytes(),
        &["line 1, column 36", "cols[1] repeats the name of cols[0]"],
    );
    bad(
        "name_not_string.json",
        GOOD.replace(r#"["a", "b"]"#, r#"["a", 2]"#).as_bytes(),
        &[
            "line 1, column 16",
            "rows[1]: expected a strategy name (a string), found a number",
        ],
    );
}

#[test]
fn bad_numbers() {
    for (replacement, place, what) in [
        (r#""abc""#, "row_payoffs[1][0]", "\"abc\" is not a number"),
        (r#""1/0""#, "row_payoffs[1][0]", "the denominator is zero"),
        (r#""1.5/2""#, "row_payoffs[1][0]", "is not a number"),
        ("1e999999", "row_payoffs[1][0]", "the exponent is beyond"),
        ("true", "row_payoffs[1][0]", "expected a payoff"),
        ("null", "row_payoffs[1][0]", "found null"),
        ("[3]", "row_payoffs[1][0]", "found an array"),
    ] {
        bad(
            "bad_number.json",
            GOOD.replace("[3, 4]", &format!("[{replacement}, 4]"))
                .as_bytes(),
            &["line 2, column 27", place, what],
        );
    }
}

#[test]
fn empty_games() {
    bad(
        "no_rows.json",
        br#"{"rows": [], "cols": ["x"], "row_payoffs": [], "col_payoffs": []}"#,
        &[
            "line 1, column 10",
            "empty game: the row player has no strategy",
        ],
    );
    bad(
        "no_cols.json",
        br#"{"rows": ["a"], "cols": [], "row_payoffs": [[]], "col_payoffs": [[]]}"#,
        &["empty game: the column player has no strategy"],
    );
}

/// An n×n game with varied payoffs.
fn square_game(n: usize) -> String {
    square_game_times(n, "")
}

/// [`square_game`] with each payoff written with `exponent` after it (such as
/// `e300`, every payoff times 10³⁰⁰: the same best responses).
fn square_game_times(n: usize, exponent: &str) -> String {
    let names: Vec<String> = (0..n).map(|i| format!("\"s{i}\"")).collect();
    let table = |seed: usize| {
        let rows: Vec<String> = (0..n)
            .map(|i| {
                let row: Vec<String> = (0..n)
                    .map(|j| format!("{}{exponent}", (i * 31 + j * 17 + seed) % 23))
                    .collect();
                format!("[{}]", row.join(","))
            })
            .collect();
        format!("[{}]", rows.join(","))
    };
    format!(
        r#"{{"rows": [{n}], "cols": [{n}], "row_payoffs": {a}, "col_payoffs": {b}}}"#,
        n = names.join(","),
        a = table(0),
        b = table(5)
    )
}

#[test]
fn large_games_stop_at_the_limit() {
    // Support enumeration of 14×14: C(28, 14) - 1 = 40 116 599 pairs of supports,
    // more than the default 10 000 000: exit 3 at once, naming the flag.
    let f = temp_file("fourteen.json", square_game(14).as_bytes());
    let start = std::time::Instant::now();
    let (code, err) = exit_code(&["nash", "--json", "--method", "support", &f]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-pairs"), "{err}");
    assert!(err.contains("40116599"), "{err}");
    assert!(start.elapsed().as_secs() < 10);
    // Vertex enumeration (the default) counts the bases it visits as it goes.
    let (code, err) = exit_code(&["nash", "--max-pairs", "2000", &f]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("vertex enumeration of a 14×14 game"), "{err}");
    assert!(err.contains("(raise it with --max-pairs)"), "{err}");
    // Vertex enumeration charges each basis by the size of its numbers: an 8×8
    // game is well within 5 000 pairs, the same game times 10³⁰⁰ (the same bases,
    // with numbers of thousands of bits) is not.
    let small = temp_file("eight.json", square_game(8).as_bytes());
    let (code, err) = exit_code(&["nash", "--max-pairs", "5000", &small]);
    assert_eq!(code, 0, "{err}");
    let big = temp_file("eight_big.json", square_game_times(8, "e300").as_bytes());
    let (code, err) = exit_code(&["nash", "--max-pairs", "5000", &big]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("vertex enumeration of a 8×8 game"), "{err}");
    assert!(err.contains("--max-pairs"), "{err}");
    let (code, err) = exit_code(&["nash", &big]);
    assert_eq!(code, 0, "{err}");
    // Lemke–Howson counts the entries its pivots update (at least one pair each):
    // the 240 pairs left after the dominance checks (about 1 260) are too few.
    let (code, err) = exit_code(&["nash", "--method", "lh", "--max-pairs", "1500", &f]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("Lemke–Howson pivoting on a 14×14 game"),
        "{err}"
    );
    assert!(err.contains("--max-pairs"), "{err}");
    // One row against 20 000 columns: few pairs of supports, but 20 000 · 19 999
    // pairs of columns to compare for dominance.
    let cols: Vec<String> = (0..20_000).map(|j| format!("\"c{j}\"")).collect();
    let zeros = vec!["0"; 20_000].join(",");
    let wide = format!(
        r#"{{"rows": ["r"], "cols": [{}], "row_payoffs": [[{zeros}]], "col_payoffs": [[{zeros}]]}}"#,
        cols.join(",")
    );
    let f = temp_file("wide.json", wide.as_bytes());
    let start = std::time::Instant::now();
    let (code, err) = exit_code(&["nash", &f]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("399980000 pairs"), "{err}");
    assert!(start.elapsed().as_secs() < 10);
    // 3×3 has C(6, 3) - 1 = 19 pairs of supports, after the dominance checks:
    // 2 · 2 (dominant) + 2 · 6 (dominated) + 2 · 6 (a round of elimination) = 28.
    let (code, err) = exit_code(&[
        "nash",
        "--method",
        "support",
        "--max-pairs",
        "46",
        &data("rps"),
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("support enumeration of a 3×3 game needs 19 pairs after 28 already examined, more than the limit of 46"),
        "{err}"
    );
    let v = run_json(&[
        "nash",
        "--json",
        "--method",
        "support",
        "--max-pairs",
        "47",
        &data("rps"),
    ]);
    assert_eq!(v["degenerate"], json!(false));
    let (code, err) = exit_code(&["nash", "--json", "--max-pairs", "27", &data("rps")]);
    assert_eq!(code, 3);
    assert!(err.contains("iterated elimination"), "{err}");
}

#[test]
fn huge_numbers_stop_at_the_digit_limit() {
    // A payoff of 100 001 digits written in 8 characters: beyond the default bound
    // of 20 000 digits, exit 3 at once, naming the flag.
    let e = |x: &str| {
        format!(
            r#"{{"rows": ["a", "b"], "cols": ["x", "y"], "row_payoffs": [[{x}, 1], [2, {x}]], "col_payoffs": [[{x}, 1], [3, {x}]]}}"#
        )
    };
    let f = temp_file("huge.json", e("1e100000").as_bytes());
    let (code, err) = exit_code(&["nash", "--json", &f]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("--max-digits") && err.contains("100001 digits"),
        "{err}"
    );
    // Payoffs of 6 000 digits fit, but a 2×2 support's minors (Hadamard's bound:
    // about twice that) do not fit in 10 000 digits; they do in the default.
    let f = temp_file("big.json", e("1e6000").as_bytes());
    let (code, err) = exit_code(&["nash", "--max-digits", "10000", &f]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("supports (up to 2 strategies)"), "{err}");
    let v = nash_json(&f);
    // Both players' best replies are their 10^6000 payoffs, on the diagonal: two
    // pure equilibria.
    let pure: Vec<(u64, u64)> = v["pure"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["row"].as_u64().unwrap(), p["col"].as_u64().unwrap()))
        .collect();
    assert_eq!(pure, [(0, 0), (1, 1)]);
}

#[test]
fn close_fractions_of_thousands_of_digits_are_compared_without_recursion() {
    // F(n+1)/F(n) and F(n+2)/F(n+1), consecutive Fibonacci ratios of about 5 000
    // digits, share a continued fraction of n terms: comparing them term by term
    // overflowed the stack. By Cassini's identity F(n+1)² − F(n)·F(n+2) = (−1)^n, the
    // first is the larger exactly when n is even: it is the row player's best reply.
    use num_bigint::BigUint;
    let (mut a, mut b) = (BigUint::from(0u32), BigUint::from(1u32)); // F(0), F(1)
    let mut n = 0usize; // a = F(n), b = F(n+1)
    while n < 24_000 {
        let c = &a + &b;
        a = std::mem::replace(&mut b, c);
        n += 1;
    }
    let c = &a + &b;
    for (k, (n, a, b, c)) in [(n, &a, &b, &c), (n + 1, &b, &c, &(&b + &c))]
        .into_iter()
        .enumerate()
    {
        let game = format!(
            r#"{{"rows": ["first", "second"], "cols": ["x"], "row_payoffs": [["{b}/{a}"], ["{c}/{b}"]], "col_payoffs": [[1], [1]]}}"#
        );
        let f = temp_file(&format!("fibonacci{k}.json"), game.as_bytes());
        let v = nash_json(&f);
        let best = if n % 2 == 0 { 0 } else { 1 };
        assert_eq!(v["pure"][0]["row"], best, "n = {n}");
        assert_eq!(v["pure"].as_array().unwrap().len(), 1);
    }
}

#[test]
fn the_three_methods() {
    // Twelve strategies each: beyond support enumeration at a small bound, every
    // equilibrium by vertex enumeration, some by Lemke–Howson.
    let f = temp_file("twelve-methods.json", square_game(12).as_bytes());
    let all = run_json(&["nash", "--json", &f]);
    assert_eq!(all["method"], json!("vertex"));
    assert_eq!(all["complete"], json!(true));
    for alias in ["vertex", "enum", "vertices"] {
        assert_eq!(run_json(&["nash", "--json", "--method", alias, &f]), all);
    }
    let support = run_json(&["nash", "--json", "--method", "support", &f]);
    assert_eq!(support["method"], json!("support"));
    assert_eq!(support["complete"], json!(true));
    for key in [
        "pure",
        "mixed",
        "degenerate",
        "dominant",
        "dominated",
        "iterated",
    ] {
        assert_eq!(support[key], all[key], "{key}");
    }
    for alias in ["lh", "lemke-howson"] {
        let some = run_json(&["nash", "--json", "--method", alias, &f]);
        assert_eq!(some["method"], json!("lh"));
        assert_eq!(some["complete"], json!(false));
        let listed = some["mixed"].as_array().unwrap();
        assert!(!listed.is_empty());
        for e in listed {
            assert!(all["mixed"].as_array().unwrap().contains(e), "{e}");
        }
        // Without a witness of degeneracy among those found, nothing is known.
        if some["degeneracy"].is_null() {
            assert_eq!(some["degenerate"], Value::Null);
        } else {
            assert_eq!(some["degenerate"], json!(true));
        }
    }
    let out = sprague()
        .args(["nash", "--method", "lh", &data("sexes")])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("found by Lemke–Howson") && text.contains("may not be every equilibrium"),
        "{text}"
    );
    let (code, err) = exit_code(&["nash", "--method", "simplex", &data("sexes")]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--method"), "{err}");
}
