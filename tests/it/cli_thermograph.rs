//! The `thermograph` field of `sprague value --json` (an extension of SPEC §4): the
//! walls as exact points and the mast, checked against thermographs worked out by hand
//! from the definition (Berlekamp, Conway, Guy, *Winning Ways*, ch. 6; Albert,
//! Nowakowski, Wolfe, *Lessons in Play*, ch. 6): for a game G that is not a number,
//! with t the temperature,
//!
//! LW(G)(t) = max over Left options G^L of RW(G^L)(t) - t,
//! RW(G)(t) = min over Right options G^R of LW(G^R)(t) + t,
//!
//! up to the least t where the two meet (the temperature); from there a vertical mast
//! stands at the mean. A number's thermograph is a mast at its value from 0 up.

use assert_cmd::Command;
use serde_json::{Value, json};

fn thermograph(expr: &str) -> Value {
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .args(["value", "--json", expr])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["thermograph"].clone()
}

#[test]
fn a_switch_has_straight_walls_up_to_its_mast() {
    // {2|-1}: LW(t) = 2 - t, RW(t) = -1 + t; they meet at t = 3/2, value 1/2.
    assert_eq!(
        thermograph("{2|-1}"),
        json!({"left_wall": [["2", "0"], ["1/2", "3/2"]],
               "right_wall": [["-1", "0"], ["1/2", "3/2"]],
               "mast": {"x": "1/2", "t": "3/2"}})
    );
    // ±1 = {1|-1}: the walls 1 - t and -1 + t meet at t = 1 on 0.
    assert_eq!(
        thermograph("±1"),
        json!({"left_wall": [["1", "0"], ["0", "1"]],
               "right_wall": [["-1", "0"], ["0", "1"]],
               "mast": {"x": "0", "t": "1"}})
    );
}

#[test]
fn a_right_option_that_is_hot_bends_the_right_wall() {
    // {3|{2|0}}: {2|0} has LW(t) = 2 - t up to its temperature 1 (mean 1), so Right's
    // wall is LW({2|0})(t) + t = 2 for t ≤ 1; Left's is 3 - t; they meet at t = 1
    // on 2.
    assert_eq!(
        thermograph("{3|{2|0}}"),
        json!({"left_wall": [["3", "0"], ["2", "1"]],
               "right_wall": [["2", "0"], ["2", "1"]],
               "mast": {"x": "2", "t": "1"}})
    );
    // {4||3|{2|1}}: K = {2|1} has temperature 1/2, mean 3/2. H = {3|K}: 3 - t meets
    // LW(K)(t) + t = 3/2 + t (t ≥ 1/2) at t = 3/4, on 9/4. G = {4|H}: 4 - t meets
    // LW(H)(t) + t, which is 3 up to t = 3/4 and 9/4 + t above, at t = 7/8, on 25/8:
    // the right wall bends at (3, 3/4).
    assert_eq!(
        thermograph("{4||3|{2|1}}"),
        json!({"left_wall": [["4", "0"], ["25/8", "7/8"]],
               "right_wall": [["3", "0"], ["3", "3/4"], ["25/8", "7/8"]],
               "mast": {"x": "25/8", "t": "7/8"}})
    );
}

#[test]
fn numbers_and_infinitesimals_are_a_mast_from_zero() {
    // A number is a mast at its value; * and ^ have temperature 0 and mean 0.
    for (expr, x) in [
        ("3/4", "3/4"),
        ("-2", "-2"),
        ("*", "0"),
        ("^", "0"),
        ("{1|-1} + {1|-1}", "0"),
    ] {
        assert_eq!(
            thermograph(expr),
            json!({"left_wall": [[x, "0"]], "right_wall": [[x, "0"]],
                   "mast": {"x": x, "t": "0"}}),
            "{expr}"
        );
    }
}

#[test]
fn the_walls_agree_with_the_stops_mean_and_temperature() {
    for expr in [
        "{2|-1}",
        "{3|{2|0}}",
        "{4||3|{2|1}}",
        "{5|{3|1},{2|-4}}",
        "hackenbush(\"lrlrrllr\") + {1|-1}",
    ] {
        let out = Command::cargo_bin("sprague")
            .unwrap()
            .args(["value", "--json", expr])
            .output()
            .unwrap();
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        let th = &v["thermograph"];
        assert_eq!(th["left_wall"][0][0], v["left_stop"], "{expr}");
        assert_eq!(th["right_wall"][0][0], v["right_stop"], "{expr}");
        assert_eq!(th["mast"]["x"], v["mean"], "{expr}");
        assert_eq!(th["mast"]["t"], v["temperature"], "{expr}");
        let last = |w: &Value| w.as_array().unwrap().last().unwrap().clone();
        assert_eq!(last(&th["left_wall"]), json!([v["mean"], v["temperature"]]));
        assert_eq!(
            last(&th["right_wall"]),
            json!([v["mean"], v["temperature"]])
        );
    }
}
