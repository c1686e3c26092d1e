//! Clobber, Konane, Amazons and Cram through the real binary: `value` of positions and
//! sums, `solve` of Cram, and the errors. Expected values come from the rules (worked
//! by hand in the comments) and from published sources: the (XO)^n and (XXO)^n
//! Clobber results (Chen et al. 2025; MCGS's experiments), the Konane and Amazons
//! values of cgt's tests (the Amazons one confirmed there with CGSuite), and the
//! symmetry strategies of Cram (Winning Ways, ch. 22).

use crate::common::{exit_code, run_json, solve_json};
use serde_json::Value;

fn value(expr: &str) -> Value {
    run_json(&["value", "--json", expr])
}

fn canonical(expr: &str) -> String {
    value(expr)["canonical"].as_str().unwrap().to_string()
}

#[test]
fn clobber_values_and_sums() {
    // XO = {0|0} = *; XXO = {0|*} = ↑ (Left's move leaves X.X, Right's XO).
    assert_eq!(canonical("clobber(\"XO\")"), "*");
    assert_eq!(canonical("clobber(\"XXO\")"), "^");
    assert_eq!(canonical("clobber(\"X|X|O\")"), "^");
    // Swapping the colours negates: G + (−G) = 0.
    assert_eq!(canonical("clobber(\"XXO\") + clobber(\"OOX\")"), "0");
    // Separate groups add: ↑ + * = ↑*.
    assert_eq!(canonical("clobber(\"XXO.XO\")"), "^*");
    assert_eq!(canonical("clobber(\"XO\") + {1|-1}"), "±(1*)");
    // (XO)^3 is a second-player win, (XO)^4 a first-player win; (XXO)^3 = ⇑.
    assert_eq!(value("clobber(\"XOXOXO\")")["outcome"], "P");
    assert_eq!(value("clobber(\"XOXOXOXO\")")["outcome"], "N");
    assert_eq!(canonical("clobber(\"XXOXXOXXO\")"), "^^");
}

#[test]
fn konane_and_amazons_values() {
    // cgt's tests (Left plays x): .ox.|o..x|.... = {1|-1}.
    assert_eq!(canonical("konane(\".OX.|O..X|....\")"), "±1");
    assert_eq!(canonical("konane(\"..OX\") + konane(\".OX.\")"), "1*");
    // L.R: whoever moves takes the middle and burns the last empty square: *.
    assert_eq!(canonical("amazons(\"L.R\")"), "*");
    // L.. = {0, 1|} = 2, and R.. = −2.
    assert_eq!(canonical("amazons(\"L..\") + amazons(\"R..\")"), "0");
    assert_eq!(canonical("amazons(\"L..|###|R..\")"), "0");
}

#[test]
fn cram_is_impartial_in_value_and_solve() {
    // Even × even: the second player mirrors through the centre (P); even × odd: the
    // first player takes the two central squares, then mirrors (N).
    for (expr, want) in [("cram(2,2)", "P"), ("cram(4,4)", "P"), ("cram(2,6)", "P")] {
        assert_eq!(solve_json(&[expr])["outcome"], want, "{expr}");
        assert_eq!(value(expr)["outcome"], want, "{expr}");
    }
    for expr in ["cram(2,3)", "cram(3,4)", "cram(2,5)"] {
        let s = solve_json(&[expr]);
        assert_eq!(s["outcome"], "N", "{expr}");
        // Every winning move leaves a second-player win, and `value` agrees with the
        // nim-value of `solve`.
        let moves = s["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty());
        for m in moves {
            let to = m["to"].as_str().unwrap();
            assert_eq!(solve_json(&[to])["outcome"], "P", "{expr} → {to}");
        }
        let g = s["grundy"].as_u64().unwrap();
        let want = if g == 1 {
            "*".to_string()
        } else {
            format!("*{g}")
        };
        assert_eq!(canonical(expr), want, "{expr}");
    }
    // A 1 × 2 strip is *, and it adds to other impartial games by nim-sum.
    let s = solve_json(&["cram(\"..\") + nim(1)"]);
    assert_eq!(s["outcome"], "P");
    assert_eq!(s["grundy"], 0);
}

#[test]
fn shown_positions_read_back() {
    // Every position a solve prints as a move target is read back by both commands.
    let s = solve_json(&["cram(\"...|.#.|...\")"]);
    for m in s["winning_moves"].as_array().unwrap() {
        let to = m["to"].as_str().unwrap();
        assert!(to.starts_with("cram(\""), "{to}");
        value(to);
    }
}

#[test]
fn bad_boards_and_limits() {
    // A wrong square names its column.
    let (code, err) = exit_code(&["value", "clobber(\"XO.|OY.\")"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("sprague: ") && err.contains("column 15"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    let (code, err) = exit_code(&["value", "konane(\"XO.|.\")"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("same number of squares"), "{err}");
    let big = format!("amazons(\"{}\")", ".".repeat(65));
    let (code, err) = exit_code(&["value", &big]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("64 squares"), "{err}");
    let (code, _) = exit_code(&["solve", "cram(9,9)"]);
    assert_eq!(code, 2);
    // Partizan rulesets are decided by solve's search: XO = * is a first-player win.
    let (code, err) = exit_code(&["solve", "clobber(\"XO\")"]);
    assert_eq!(code, 0, "{err}");
    // A game tree beyond the bound stops with exit 3 naming the flag.
    let (code, err) = exit_code(&[
        "value",
        "--max-states",
        "2000",
        "amazons(\"L...|....|...R\")",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-states"), "{err}");
    let (code, err) = exit_code(&["solve", "--max-states", "100", "cram(6,6)"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-states"), "{err}");
}
