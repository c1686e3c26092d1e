//! `sprague value` beyond SPEC §4: summaries of forms too long to print (`--max-chars`,
//! `--full`), birthday, size, orthodox moves, reduced canonical form, atomic weight
//! and far star, and `--cool`, `--heat`, `--overheat`. Expected values come from the
//! rules and published sources (Winning Ways (WW), Siegel's Combinatorial Game Theory
//! (CGT), Berlekamp's "Blockbusting and Domineering").

use crate::common::{exit_code, run_json, sprague};
use serde_json::Value;
use std::time::Instant;

fn switches(n: i64) -> String {
    (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join("+")
}

#[test]
fn a_form_too_long_to_print_is_summarised() {
    // ±1 ± 2 … ± 20: mean 0 and temperature 20 (the hottest switch; WW ch. 6); played
    // hottest first, Left's stop is 20 - 19 + … + 2 - 1 = 10; its canonical form is
    // {20 + S | -20 + S} with S = ±1 … ±19, born on day 20 + (1 + … + 20) = 230, and
    // its text has millions of characters.
    let start = Instant::now();
    let v = run_json(&["value", "--json", &switches(20)]);
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    assert_eq!(v["canonical"], Value::Null);
    assert_eq!(v["summarised"], true);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["mean"], "0");
    assert_eq!(v["temperature"], "20");
    assert_eq!(v["left_stop"], "10");
    assert_eq!(v["right_stop"], "-10");
    assert_eq!(v["birthday"], 230);
    assert!(v["size"].as_u64().unwrap() > 230);
    assert_eq!(v["thermograph"]["mast"]["t"], "20");
    // The text says so, exit 0.
    let out = sprague().args(["value", &switches(20)]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(
        "value:       too long to print (more than 100000 characters; --max-chars or --full raises the bound)\n"
    ));
    assert!(text.contains("\ntemperature: 20\n") && text.contains("\nbirthday:    230\n"));
}

#[test]
fn full_prints_the_whole_form_as_the_bound_would() {
    let expr = switches(14);
    let whole = run_json(&["value", "--json", &expr])["canonical"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(whole.len() > 20_000, "{}", whole.len()); // written in several pieces
    let short = run_json(&["value", "--json", "--max-chars", "1000", &expr]);
    assert_eq!(short["canonical"], Value::Null);
    assert_eq!(short["summarised"], true);
    let full = run_json(&["value", "--json", "--max-chars", "1000", "--full", &expr]);
    assert_eq!(full["canonical"], whole.as_str());
    assert_eq!(full["summarised"], false);
    assert_eq!(full["temperature"], "14");
    let out = sprague()
        .args(["value", "--max-chars", "10", "--full", &expr])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().next().unwrap(),
        format!("value:       {whole}")
    );
    assert!(text.contains("\nmean:        0\n"));
}

#[test]
fn cooling_heating_and_overheating_flags() {
    let val = |args: &[&str]| {
        let mut a = vec!["value", "--json"];
        a.extend_from_slice(args);
        run_json(&a)
    };
    // WW ch. 6, CGT II.5: ±1 cooled by 1 is *; {3|-1} cooled by 1 is {2|0}.
    let v = val(&["--cool", "1", "{1|-1}"]);
    assert_eq!(v["canonical"], "*");
    assert_eq!(v["operation"], "cooled by 1");
    assert_eq!(val(&["--cool", "1", "{3|-1}"])["canonical"], "{2|0}");
    assert_eq!(val(&["--cool", "1/2", "{1|-1}"])["canonical"], "±1/2");
    // Heating * by 1 gives ±1 (WW ch. 6); overheating from 1 to 1 too (Berlekamp).
    assert_eq!(val(&["--heat", "1", "*"])["canonical"], "±1");
    let v = val(&["--overheat", "1,1", "*"]);
    assert_eq!(v["canonical"], "±1");
    assert_eq!(v["operation"], "overheated from 1 to 1");
    assert_eq!(val(&["--overheat", "2,1", "3"])["canonical"], "6");
    let out = sprague()
        .args(["value", "--cool", "1", "{1|-1}"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("value:       *\noperation:   cooled by 1"),
        "{text}"
    );
    // Bad numbers are bad input, one line naming the flag.
    for args in [
        ["value", "--cool", "-1", "*"],
        ["value", "--cool", "1/3", "*"],
        ["value", "--heat", "x", "*"],
        ["value", "--overheat", "1", "*"],
    ] {
        let (code, err) = exit_code(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(&format!("{}:", args[1])), "{err}");
    }
    let (code, _) = exit_code(&["value", "--cool", "1", "--heat", "1", "*"]);
    assert_eq!(code, 2);
}

#[test]
fn atomic_weight_reduced_form_and_orthodox_moves() {
    let v = run_json(&["value", "--json", "^"]);
    // WW ch. 8, CGT II.7: aw(^) = 1; ^ = {0|*} is born on day 2, its far star *3.
    assert_eq!(v["atomic_weight"], "1");
    assert_eq!(v["far_star"], "*3");
    assert_eq!(v["birthday"], 2);
    assert_eq!(v["size"], 3); // ^, 0, *
    // CGT II.6: an infinitesimal reduces to 0.
    assert_eq!(v["reduced"], "0");
    let v = run_json(&["value", "--json", "^+^+*"]);
    assert_eq!(v["atomic_weight"], "2");
    let v = run_json(&["value", "--json", "{1|-1}"]);
    assert_eq!(v["atomic_weight"], Value::Null);
    assert_eq!(v["far_star"], Value::Null);
    assert_eq!(v["reduced"], "±1");
    assert_eq!(run_json(&["value", "--json", "{1|*}"])["reduced"], "{1|0}");
    // {1/2, ±1 | -3}: the walls meet at temperature 7/4 and mean -5/4, reached from
    // the Left option 1/2 (1/2 - 7/4) but not from ±1 (its right wall is 0 there,
    // tilted 0 - 7/4).
    let v = run_json(&["value", "--json", "{1/2, {1|-1} | -3}"]);
    assert_eq!(v["temperature"], "7/4");
    assert_eq!(v["orthodox"]["left"], serde_json::json!(["1/2"]));
    assert_eq!(v["orthodox"]["right"], serde_json::json!(["-3"]));
    assert_eq!(
        v["thermograph"]["left_wall"],
        serde_json::json!([["1/2", "0"], ["-5/4", "7/4"]])
    );
    let text = String::from_utf8(
        sprague()
            .args(["value", "{1/2, {1|-1} | -3}"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert!(
        text.contains("\northodox:    Left 1/2; Right -3\n"),
        "{text}"
    );
    assert!(
        text.contains("\natomic weight: none (not all-small)\n"),
        "{text}"
    );
}
