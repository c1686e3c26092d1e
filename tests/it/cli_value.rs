//! End-to-end tests of `sprague value` (SPEC §4) through the real binary. Expected
//! values come from the rules and published sources: Conway, On Numbers and Games
//! (ONAG); Berlekamp, Conway and Guy, Winning Ways (WW); Siegel, Combinatorial Game
//! Theory (CGT); CGSuite's own tests.

use crate::common::{exit_code, run_json, sprague};
use serde_json::Value;

fn value(expr: &str) -> Value {
    run_json(&["value", "--json", expr])
}

fn canonical(expr: &str) -> String {
    value(expr)["canonical"].as_str().unwrap().to_string()
}

#[test]
fn the_json_contract() {
    let v = value("{1|-1}");
    // Exactly the fields of SPEC §4, plus documented extensions.
    for key in ["canonical", "outcome", "number", "temperature", "mean"] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["canonical"], "±1");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["number"], Value::Null);
    assert_eq!(v["temperature"], "1");
    assert_eq!(v["mean"], "0");
    assert_eq!(v["left_stop"], "1");
    assert_eq!(v["right_stop"], "-1");
    assert_eq!(v["left_options"], serde_json::json!(["1"]));
    assert_eq!(v["right_options"], serde_json::json!(["-1"]));
    let n = value("3/4");
    assert_eq!(n["number"], "3/4");
    assert_eq!(n["canonical"], "3/4");
    assert_eq!(n["outcome"], "L");
    assert_eq!(n["temperature"], "-1/4");
    assert_eq!(n["mean"], "3/4");
}

#[test]
fn basic_values_onag() {
    // ONAG ch. 0-1 and CGT II.1: the games born by day 2.
    for (expr, want) in [
        ("{|}", "0"),
        ("{0|}", "1"),
        ("{|0}", "-1"),
        ("{0|0}", "*"),
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("{0|1}", "1/2"),
        ("{0,*|0}", "^*"),
        ("{0|0,*}", "v*"),
        ("{0,*|0,*}", "*2"),
        ("{1|-1}", "±1"),
        ("{2|-1/2}", "{2|-1/2}"),
        ("{1|}", "2"),
        ("{-1|1}", "0"),
        ("{*|*}", "0"),
        ("{0|2}", "1"),
        ("{1/2|1}", "3/4"),
    ] {
        assert_eq!(canonical(expr), want, "{expr}");
    }
}

#[test]
fn sums_and_outcomes() {
    for (expr, want, outcome) in [
        ("* + *", "0", "P"),
        ("^ + *", "^*", "N"),      // ^* is confused with 0 (WW ch. 3)
        ("^ + ^ + *", "^^*", "L"), // ⇑* > 0
        ("^ + ^", "^^", "L"),
        ("^ + ^ + ^", "^3", "L"),
        ("v + v + *", "vv*", "R"),
        ("^ + v", "0", "P"),
        ("{1|-1} + {1|-1}", "0", "P"),
        ("{1|-1} + 1", "{2|0}", "N"),
        ("* + *2", "*3", "N"),
        ("1/2 + 1/2", "1", "L"),
        ("1/2 + *", "1/2*", "L"),
        ("-1 + ^", "-1^", "R"),
        ("{1|-1} + {2|-2}", "±{3|1}", "N"),
    ] {
        let v = value(expr);
        assert_eq!(v["canonical"], want, "{expr}");
        assert_eq!(v["outcome"], outcome, "{expr}");
    }
}

#[test]
fn temperatures_and_means() {
    // Switches {a|b}, a > b numbers: temperature (a-b)/2, mean (a+b)/2 (CGT II.5).
    for (expr, temp, mean) in [
        ("{1|-1}", "1", "0"),
        ("{5|3}", "1", "4"),
        ("{2|-1/2}", "5/4", "3/4"),
        ("{7|-3}", "5", "2"),
        // Numbers: -1/2^k, integers -1 (CGSuite's convention).
        ("3/4", "-1/4", "3/4"),
        ("1/2", "-1/2", "1/2"),
        ("7", "-1", "7"),
        ("0", "-1", "0"),
        // Infinitesimals.
        ("*", "0", "0"),
        ("^", "0", "0"),
        // CGSuite: {3||2*|1*} cools to 9/4* at 3/4.
        ("{3||2+*|1+*}", "3/4", "9/4"),
    ] {
        let v = value(expr);
        assert_eq!(v["temperature"], temp, "{expr}");
        assert_eq!(v["mean"], mean, "{expr}");
    }
}

#[test]
fn notation_slashes_tiny_and_ascii() {
    assert_eq!(canonical("{2|{1|0}}"), "{2||1|0}");
    assert_eq!(canonical("{{3|2}|{1|0}}"), "{3|2||1|0}");
    assert_eq!(canonical("{3|{2|{1|0}}}"), "{3|||2||1|0}");
    assert_eq!(canonical("{0||0|-2}"), "Tiny(2)");
    assert_eq!(canonical("{2|0||0}"), "Miny(2)");
    assert_eq!(canonical("{1+*|-1+*}"), "±(1*)");
    assert_eq!(canonical("6 + ^ + *"), "6^*");
    let v = run_json(&["value", "--json", "--ascii", "{1|-1} + {1|-1} + {3|-3}"]);
    assert_eq!(v["canonical"], "+-3");
    // Slash forms are read back by the parser.
    for expr in ["{2||1|0}", "{3|2||1|0}", "{3|||2||1|0}"] {
        assert_eq!(canonical(expr), expr);
    }
}

#[test]
fn hackenbush_strings() {
    // CGSuite's test value, and Winning Ways ch. 2.
    assert_eq!(canonical("hackenbush(\"lrlrrllr\")"), "77/128");
    assert_eq!(canonical("hackenbush(\"BBRRB\")"), "11/8"); // 2 - 1/2 - 1/4 + 1/8
    assert_eq!(canonical("hackenbush(\"BR\")"), "1/2");
    assert_eq!(canonical("hackenbush(\"RBB\")"), "-1/4");
    assert_eq!(
        canonical("hackenbush(\"BR\") + hackenbush(\"BR\") + hackenbush(\"R\")"),
        "0"
    );
    assert_eq!(canonical("hackenbush(\"GGG\")"), "*3");
    assert_eq!(canonical("hackenbush(\"\")"), "0");
    // A long stalk, exact.
    let s = format!("hackenbush(\"B{}\")", "R".repeat(200));
    let v = value(&s);
    assert_eq!(v["outcome"], "L");
    assert!(
        v["number"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/{}", num_pow2(200)))
    );
}

fn num_pow2(k: u32) -> String {
    let mut digits = vec![1u32];
    for _ in 0..k {
        let mut carry = 0;
        for d in digits.iter_mut() {
            let x = *d * 2 + carry;
            *d = x % 10;
            carry = x / 10;
        }
        if carry > 0 {
            digits.push(carry);
        }
    }
    digits.iter().rev().map(|d| d.to_string()).collect()
}

#[test]
fn cutting_game() {
    // Cutcake (WW ch. 2): integers; a 1 × n strip is worth -(n-1), an n × 1 strip n-1.
    for (expr, want) in [
        ("cut(1,1)", "0"),
        ("cut(4,1)", "3"),
        ("cut(1,4)", "-3"),
        ("cut(2,2)", "0"),
        ("cut(4,2)", "1"),
        ("cut(8,3)", "3"),
        ("cut(3,8)", "-3"),
        ("cut(8,3) + cut(3,8)", "0"),
    ] {
        assert_eq!(canonical(expr), want, "{expr}");
    }
    let v = value("cut(1000000000000000000000000,1024)");
    assert_eq!(v["number"], "976562499999999999999");
}

#[test]
fn unfair_subtraction() {
    // Equal takes: bash[p], *(n mod (p+1)), at any size by the proved period.
    assert_eq!(canonical("unfair[2,2](7)"), "*");
    assert_eq!(
        canonical("unfair[3,3](1000000000000000000000000000003)"),
        "*3"
    );
    // unfair[2,1]: {0|0} = *, {*,0|*} = ^ (Left's * reverses through 0).
    assert_eq!(canonical("unfair[2,1](1)"), "*");
    assert_eq!(canonical("unfair[2,1](2)"), "^");
    assert_eq!(canonical("unfair[1,2](2)"), "v");
    assert_eq!(canonical("unfair[2,1](2,2)"), "^^");
}

#[test]
fn domineering_published_values() {
    // Left plays vertically, rows × columns; cgt, pycgt and CGSuite agree on these.
    for (expr, want) in [
        ("domineering(2,2)", "±1"),
        ("domineering(2,3)", "{2|-1/2}"),
        ("domineering(3,4)", "-3/2"),
        ("domineering(4,5)", "1"),
        ("domineering(5,5)", "0"),
        ("domineering(\"..|..\")", "±1"),
        ("domineering(\"..#..|..#..\")", "0"),
        ("domineering(2,2) + domineering(2,2)", "0"),
    ] {
        assert_eq!(canonical(expr), want, "{expr}");
    }
    let (code, err) = exit_code(&["value", "domineering(9,9)"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("at most 64 squares"), "{err}");
    let (code, err) = exit_code(&["value", "domineering(\"..|.?\")"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("column 18"), "{err}");
}

#[test]
fn impartial_components_are_nimbers() {
    assert_eq!(canonical("nim(3)"), "*3");
    assert_eq!(canonical("nim(3) + ^"), "^*3");
    assert_eq!(canonical("nim(1,2,3)"), "0");
    assert_eq!(canonical("kayles(5) + {1|-1}"), "±(1*4)");
    // sub[1,3,4] has period 7 (0,1,0,1,2,3,2) and 10^30 ≡ 1 (mod 7).
    assert_eq!(
        canonical("sub[1,3,4](1000000000000000000000000000000)"),
        "*"
    );
    assert_eq!(
        canonical("nim(100000000000000000000000)"),
        "*100000000000000000000000"
    );
    // A sum of many components, read from standard input.
    let heaps: Vec<String> = (0..100_000).map(|i| i.to_string()).collect();
    let input = format!("nim({}) + {{1|-1}}", heaps.join(","));
    let out = sprague()
        .args(["value", "--json", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    // The XOR of 0..=m is 0 when m ≡ 3 (mod 4), as 99 999 is.
    assert_eq!(v["canonical"], "±1");
}

#[test]
fn explain_shows_dominated_and_reversible_options() {
    let out = sprague()
        .args(["value", "--explain", "{0,1/2|3,{4|2}}"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("value:       1"), "{text}");
    assert!(
        text.contains("Left option 0 is dominated: 0 ≤ 1/2"),
        "{text}"
    );
    assert!(text.contains("Left option 1/2 is reversible"), "{text}");
    let v = run_json(&["value", "--json", "--explain", "{0,*|*}"]);
    let lines: Vec<&str> = v["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Left option * is reversible: its Right option 0 ≤ G")),
        "{lines:?}"
    );
    assert_eq!(v["canonical"], "^");
}

#[test]
fn text_output() {
    let out = sprague().args(["value", "{2|-1/2}"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for want in [
        "value:       {2|-1/2}",
        "outcome:     N",
        "mean:        3/4",
        "temperature: 5/4",
        "stops:       left 2, right -1/2",
    ] {
        assert!(text.contains(want), "{want} in {text}");
    }
}

#[test]
fn bad_input_exits_2_with_a_column() {
    for (expr, column) in [
        ("{0|", "column 4"),
        ("{1|-1} + frob(3)", "column 10"),
        ("hackenbush(\"BXR\")", "column 14"),
        ("cut(0,3)", "column 5"),
        ("cut(3)", "column 5"),
        ("unfair[0,1](3)", "column 8"),
        ("unfair[2,1]", "column 12"),
        ("3/0", "column 3"),
        ("{1/3|*}", "column 1"),
        ("{1|2|3}", "column 5"),
        ("nim(3,)", "column 7"),
        ("{0|0} + nim(3,)", "column 15"),
    ] {
        let (code, err) = exit_code(&["value", expr]);
        assert_eq!(code, 2, "{expr}: {err}");
        assert!(err.contains(column), "{expr}: {err}");
        assert_eq!(err.lines().count(), 1, "{expr}: {err}");
    }
    // A loopy impartial component is not a short game.
    let (code, err) = exit_code(&["value", "digraph[\"tests/data/loopy.txt\"](7)"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a short game"), "{err}");
}

#[test]
fn limits_exit_3_naming_the_flag() {
    let sum: Vec<String> = (1..=12).map(|i| format!("{{{i}|-{i}}}")).collect();
    let expr = sum.join(" + ");
    let (code, err) = exit_code(&["value", "--max-states", "200", &expr]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-states"), "{err}");
    // The same sum within the default bound.
    assert_eq!(value(&expr)["outcome"], "N");
    // Heaps whose values never repeat stop at the bound.
    let (code, err) = exit_code(&["value", "--max-states", "5000", "unfair[5,3](100000)"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-states"), "{err}");
}

#[test]
fn deep_input_is_an_error_not_a_crash() {
    // Nesting beyond the parser's bound: exit 2.
    let deep = format!("{}0{}", "{0|".repeat(300), "}".repeat(300));
    let (code, err) = exit_code(&["value", &deep]);
    assert_eq!(code, 2, "{err}");
    // Nesting within it: {0|{0|…{0|0}}}, d deep, is ↑(d-1), with a star when d is odd
    // (CGT II.4: ↑n*m = {0 | ↑(n-1)*(m⊕1)}; one deep it is {0|0} = *).
    let ok = format!("{}0{}", "{0|".repeat(200), "}".repeat(200));
    let v = value(&ok);
    assert_eq!(v["canonical"], "^199");
    assert_eq!(v["outcome"], "L");
}

/// `count` pseudo-random heap sizes below `below` (a fixed linear congruential
/// sequence, so that the test is the same on every run).
fn heaps(count: usize, below: u64) -> Vec<u64> {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    (0..count)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 33) % below
        })
        .collect()
}

/// `sprague value --json ARGS… -` with `input` on standard input.
fn value_stdin(args: &[&str], input: &str) -> Value {
    let out = sprague()
        .arg("value")
        .arg("--json")
        .args(args)
        .arg("-")
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_long_sum_of_impartial_terms_is_the_nimber_of_their_nim_sum() {
    // Sprague–Grundy: nim(a) is *a and *a + *b = *(a XOR b); 10^5 terms are folded
    // by nim-sum, in linear time, with or without the explanation.
    let heaps = heaps(100_000, 1 << 20);
    let x = heaps.iter().fold(0, |a, &b| a ^ b);
    let terms: Vec<String> = heaps.iter().map(|h| format!("nim({h})")).collect();
    let sum = terms.join(" + ");
    for args in [&[][..], &["--explain"]] {
        let v = value_stdin(args, &sum);
        assert_eq!(v["canonical"], format!("*{x}"), "{args:?}");
        assert_eq!(v["outcome"], if x == 0 { "P" } else { "N" });
    }
    // With a partizan term: ^ + *x (CGT II.4 writes it ^*x; ^* when x = 1).
    let with_up = format!("^ + {sum} + {{1|-1}} + {{1|-1}}");
    let want = match x {
        0 => "^".to_string(),
        1 => "^*".to_string(),
        x => format!("^*{x}"),
    };
    for args in [&[][..], &["--explain"]] {
        assert_eq!(value_stdin(args, &with_up)["canonical"], want, "{args:?}");
    }
}

#[test]
fn a_long_sum_counts_against_the_work_bound() {
    // 10^5 terms of a few sizes, each size an even number of times but 3: the sum is
    // *3, a small game, yet adding up the terms is more work than 1000 states allow.
    let mut terms: Vec<String> = (0..99_998)
        .map(|i| format!("nim({})", (i / 2) % 8 + 1))
        .collect();
    terms.push("nim(3)".to_string());
    let sum = terms.join("+");
    let out = sprague()
        .args(["value", "--max-states", "1000", "-"])
        .write_stdin(sum.as_str())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("--max-states"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(out.stdout.is_empty());
    // Within the default bound it is *3.
    assert_eq!(value_stdin(&[], &sum)["canonical"], "*3");
}
