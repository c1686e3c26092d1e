//! End-to-end tests of `sprague solve` on long Clobber strips and on sums of many
//! regions. Expected outcomes come from published results and values:
//! - 1×n Clobber `(XO)^n` is a first-player win (N) for every n ≠ 3 and a
//!   second-player win (P) for n = 3: conjectured by Albert, Grossman, Nowakowski and
//!   Wolfe ("An introduction to Clobber", Integers 5(2), 2005), proved by Chen et al.
//!   (arXiv 2509.08985, 2025);
//! - `(XXO)^n = ⌊(n+1)/2⌋·↑` (the same paper's conjecture, verified by MCGS to n = 28):
//!   a positive infinitesimal, so Left wins whoever starts (L);
//! - Domineering values from REFERENCES (2×2 = ±1, 2×3 = {2|−1/2}, 3×4 = −3/2,
//!   4×5 = 1, 5×5 = 0; a board's transpose is its negative, and 2×1 = 1).

use crate::common::solve_json;

fn outcome(expr: &str) -> String {
    solve_json(&["--max-moves", "0", expr])["outcome"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn alternating_clobber_strips_are_first_player_wins_except_three() {
    for n in 1..=16 {
        let expr = format!("clobber(\"{}\")", "XO".repeat(n));
        let want = if n == 3 { "P" } else { "N" };
        assert_eq!(outcome(&expr), want, "(XO)^{n}");
    }
}

#[test]
fn clobber_strips_xxo_are_positive() {
    for n in 1..=10 {
        let expr = format!("clobber(\"{}\")", "XXO".repeat(n));
        assert_eq!(outcome(&expr), "L", "(XXO)^{n}");
    }
}

#[test]
fn twelve_domineering_rectangles() {
    // 4×5 + 3×4 + 4×3 + 2×2 + 2×2 + 5×5 + 2×3 + 3×2 + 1×2 + 2×1 + 3×4 + 4×3
    // = 1 − 3/2 + 3/2 ± 1 ± 1 + 0 + {2|−1/2} − {2|−1/2} − 1 + 1 − 3/2 + 3/2 = 1: L.
    let sum = [
        (4, 5),
        (3, 4),
        (4, 3),
        (2, 2),
        (2, 2),
        (5, 5),
        (2, 3),
        (3, 2),
        (1, 2),
        (2, 1),
        (3, 4),
        (4, 3),
    ]
    .iter()
    .map(|(r, c)| format!("domineering({r},{c})"))
    .collect::<Vec<_>>()
    .join(" + ");
    let got = solve_json(&["--max-moves", "0", &sum]);
    assert_eq!(got["outcome"], "L", "{sum}");
    // With a literal −1 the sum is 0: the second player wins.
    assert_eq!(outcome(&format!("{sum} + -1")), "P");
    // Two copies of (XO)^8 and the negative of one of them (its colours swapped):
    // (XO)^8 + (OX)^8 = 0, so the sum is one (XO)^8, N.
    let xo = "XO".repeat(8);
    let ox = "OX".repeat(8);
    assert_eq!(
        outcome(&format!(
            "clobber(\"{xo}\") + clobber(\"{ox}\") + clobber(\"{xo}\")"
        )),
        "N"
    );
}

#[test]
fn ten_clobber_strips_agree_with_the_canonical_form() {
    // Ten strips of 4 to 12 stones: the search against the outcome of the sum of the
    // canonical values (`value`, a separate engine).
    let strips = [
        "XOXOXOXO",
        "XXOXO",
        "XOOXOX",
        "XXOXXO",
        "OXOXXO",
        "XOXOXOO",
        "XXOOXXO",
        "XOXO",
        "OOXOX",
        "XOXOXOXOXOXO",
    ];
    let expr = strips
        .iter()
        .map(|s| format!("clobber(\"{s}\")"))
        .collect::<Vec<_>>()
        .join(" + ");
    let out = assert_cmd::Command::cargo_bin("sprague")
        .unwrap()
        .args(["value", "--json", &expr])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for first in ["left", "right"] {
        let got = solve_json(&["--max-moves", "0", "--first", first, &expr]);
        assert_eq!(got["outcome"], v["outcome"], "{first} first");
    }
}
