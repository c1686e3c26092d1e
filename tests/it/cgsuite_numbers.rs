//! Numbers of any denominator (`1/3`, `-5/6`), alone and added to short games: every
//! printed value reads back, sums and comparisons of numbers are rational arithmetic
//! (checked here with machine integers), and the order of a number with a short game
//! follows the theory (worked examples cited below; the engine's own test checks the
//! rule on all games born by day 2 and a sample of day 3 against comparisons of short
//! games alone).

use crate::cgsuite_notation::random_game;
use crate::common::{exit_code, run_json, sprague};
use assert_cmd::Command;
use proptest::prelude::*;
use sprague::core::Limits;
use sprague::core::rational::Rational;
use sprague::games::eval::Evaluator;
use sprague::partizan::{Game, GameTable, PrintOptions, Value};

fn value_of(t: &mut GameTable, src: &str) -> Value {
    Evaluator::new(t, src, Limits::default(), false)
        .eval_value()
        .unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn holds(t: &mut GameTable, src: &str) -> bool {
    let mut ev = Evaluator::new(t, src, Limits::default(), false);
    let (_, c) = ev.eval_statement().unwrap_or_else(|e| panic!("{src}: {e}"));
    c.unwrap_or_else(|| panic!("{src}: no comparison")).holds
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// `p/q` reduced, as text (`q > 0`).
fn fraction(p: i64, q: i64) -> String {
    let g = gcd(p, q);
    let (p, q) = (p / g, q / g);
    if q == 1 {
        format!("{p}")
    } else {
        format!("{p}/{q}")
    }
}

#[test]
fn sums_multiples_and_order_of_numbers_are_rational_arithmetic() {
    let mut t = GameTable::new();
    for a in -7i64..=7 {
        for b in 1i64..=9 {
            for (c, d) in [(1i64, 3i64), (-2, 5), (5, 6), (7, 4), (0, 1), (-11, 12)] {
                let x = format!("{a}/{b}");
                let y = format!("{c}/{d}");
                let sum = value_of(&mut t, &format!("{x} + {y}"));
                let want = fraction(a * d + c * b, b * d);
                assert_eq!(sum, value_of(&mut t, &want), "{x} + {y}");
                let shown = t.show_value(&sum, PrintOptions::default(), 100).unwrap();
                assert_eq!(shown.as_deref(), Some(want.as_str()), "{x} + {y}");
                let less = a * d < c * b;
                assert_eq!(holds(&mut t, &format!("{x} < {y}")), less, "{x} < {y}");
                assert_eq!(holds(&mut t, &format!("{x} == {y}")), a * d == c * b);
                let triple = value_of(&mut t, &format!("3 * ({x}) - {y}"));
                assert_eq!(
                    triple,
                    value_of(&mut t, &fraction(3 * a * d - c * b, b * d))
                );
            }
        }
    }
}

#[test]
fn numbers_and_short_games_compare_as_the_theory_says() {
    let mut t = GameTable::new();
    for (src, want) in [
        // A switch {1|0} is confused with every number strictly between its stops
        // and greater (less) than numbers beyond them (Winning Ways, ch. 2, "hot" games;
        // Siegel, CGT, II.5: x > L(G) implies x > G, x < R(G) implies x < G).
        ("{1|0} <> 1/3", true),
        ("{1|0} <> 2/3", true),
        ("{1|0} > -1/3", true),
        ("{1|0} < 4/3", true),
        // Infinitesimals lie between every negative and every positive number
        // (Siegel, CGT, II.4).
        ("^ < 1/3", true),
        ("^ > -1/3", true),
        ("^* < 1/7", true),
        // x* is confused with x and below every number above x.
        ("1/3 + * <> 1/3", true),
        ("1/3 + * < 1/2", true),
        ("1/3 + * > 1/3 - 1/64", true),
        // The simplicity rule for numbers of any birthday (Conway, ONAG, ch. 2): the
        // simplest number strictly between the options.
        ("{1/3|2/3} == 1/2", true),
        ("{1/3|4/3} == 1", true),
        ("{-5/3|-1/3} == -1", true),
        ("{1/3|} == 1", true),
        ("{|-1/3} == -1", true),
        ("{1/3|2/5} == 3/8", true),
        // {x|x} = x* and {a|b} = (a+b)/2 ± (a-b)/2 for numbers a > b (number
        // translation; Winning Ways, ch. 2, switches).
        ("{1/3|1/3} == 1/3 + *", true),
        ("{4/3|1/3} == 5/6 + ±1/2", true),
        // Translation of means, stops and temperatures.
        ("Mean({4/3|1/3}) == 5/6", true),
        ("Temperature({4/3|1/3}) == 1/2", true),
        ("LeftStop(1/3 + {2|1}) == 7/3", true),
        ("RightStop(1/3 + {2|1}) == 4/3", true),
        ("Mean(1/3 + ^) == 1/3", true),
        ("1/3 + 1/3 + 1/3 == 1", true),
        ("1/3 - 1/3 == 0", true),
        ("2 * (1/3 + ^) == 2/3 + ^^", true),
    ] {
        assert_eq!(holds(&mut t, src), want, "{src}");
    }
}

#[test]
fn values_beyond_short_games_are_reported_with_what_applies() {
    let doc = run_json(&["value", "--json", "1/3"]);
    assert_eq!(doc["canonical"], "1/3");
    assert_eq!(doc["number"], "1/3");
    assert_eq!(doc["outcome"], "L");
    assert_eq!(doc["mean"], "1/3");
    assert_eq!(doc["temperature"], serde_json::Value::Null);
    assert_eq!(doc["birthday"], "ω");
    assert_eq!(doc["left_options"], serde_json::Value::Null);
    let doc = run_json(&["value", "--json", "{2|1} - 1/3"]);
    assert_eq!(doc["canonical"], "-1/3 + {2|1}");
    assert_eq!(doc["outcome"], "L");
    assert_eq!(doc["number"], serde_json::Value::Null);
    assert_eq!(doc["mean"], "7/6");
    assert_eq!(doc["temperature"], "1/2");
    assert_eq!(doc["left_stop"], "5/3");
    assert_eq!(doc["right_stop"], "2/3");
    // The thermograph of {2|1} moved left by 1/3.
    assert_eq!(doc["thermograph"]["mast"]["x"], "7/6");
    assert_eq!(doc["thermograph"]["left_wall"][0][0], "5/3");
    let out = sprague().args(["value", "1/3 + ^"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("value:       1/3^\n"), "{text}");
    assert!(text.contains("\nshort:       no: "), "{text}");
    assert!(text.contains("\nbirthday:    at least ω\n"), "{text}");
    // A comparison of two such values.
    let doc = run_json(&["value", "--json", "1/3 + ^ >= 1/3"]);
    assert_eq!(doc["compare"]["holds"], true);
    assert_eq!(doc["canonical"], "^");
}

#[test]
fn what_needs_a_short_game_refuses_a_number_beyond_them() {
    for (expr, column, says) in [
        ("+-1/3", "column 1", "options that are not short games"),
        ("{1/3|*}", "column 1", "options that are not short games"),
        // 1 ± 2/3: its stops 5/3 and 1/3 have different parts of odd denominator, so
        // it is no short game plus a number.
        ("{5/3|1/3}", "column 1", "options that are not short games"),
        ("1/3:1", "column 1", "1/3 is not a short game"),
        ("Cool(1/3, 1)", "column 6", "not a short game"),
        ("Tiny(1/3 + ^)", "column 6", "1/3^ is not a short game"),
        ("Temperature(2/3)", "column 13", "is no number"),
        ("1/0", "column 3", "nonzero denominator"),
    ] {
        let (code, err) = exit_code(&["value", expr]);
        assert_eq!(code, 2, "{expr}: {err}");
        assert!(err.contains(column) && err.contains(says), "{expr}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let (code, err) = exit_code(&["value", "--cool", "1", "1/3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cooling applies to short games"), "{err}");
}

#[test]
fn the_worksheet_names_numbers() {
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .arg("repl")
        .write_stdin("x := 1/3\nx + x + x == 1\ny := x + {2|1}\nMean(y)\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("x := 1/3\n"), "{text}");
    assert!(text.contains("x + x + x == 1 is true"), "{text}");
    assert!(text.contains("y := 1/3 + {2|1}\n"), "{text}");
    assert!(text.contains("value:       11/6\n"), "{text}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// value(print(x + G)) == x + G for random canonical G and numbers x of odd
    /// denominator, and so do -(x + G) and 2(x + G).
    #[test]
    fn printed_values_read_back(
        games in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 12), 1..6),
        num in -60i64..60,
        den in prop::sample::select(vec![3i64, 5, 6, 7, 9, 12, 15, 24, 45, 127]),
    ) {
        let mut t = GameTable::new();
        let mut pool = vec![Game::ZERO];
        let x = Rational::new(num.into(), den.into()).unwrap();
        let x = t.rational(&x).unwrap();
        for choices in &games {
            let g = random_game(&mut t, choices, &mut pool);
            let v = t.value_add(&x, &Value::short(g)).unwrap();
            let n = t.value_neg(&v).unwrap();
            let d = t.value_add(&v, &v).unwrap();
            for h in [v, n, d] {
                for ascii in [false, true] {
                    let text = t.show_value(&h, PrintOptions { ascii }, 100_000).unwrap().unwrap();
                    let back = Evaluator::new(&mut t, &text, Limits::default(), false)
                        .eval_value()
                        .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
                    prop_assert_eq!(&back, &h, "{}", text);
                }
            }
        }
    }
}
