//! The graph families through the real binary: `digraph` (loopy values, draws) and
//! `geography` (the matching theorem), with the small graphs in tests/data/. Expected
//! answers are worked out by hand from the rules in the comments.

use serde_json::{Value, json};

use crate::common::sprague;

const LOOPY: &str = "tests/data/loopy.txt";
const PATH: &str = "tests/data/path.txt";
const PETERSEN: &str = "tests/data/petersen.txt";

fn solve_json(expr: &str) -> Value {
    let out = sprague().args(["solve", "--json", expr]).output().unwrap();
    assert!(
        out.status.success(),
        "{expr}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn failure(args: &[&str]) -> (i32, String) {
    let out = sprague().args(args).output().unwrap();
    assert!(out.stdout.is_empty());
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn dg(v: &str) -> String {
    format!("digraph[\"{LOOPY}\"]({v})")
}

fn moves(v: &Value) -> Vec<(u64, String)> {
    let mut m: Vec<(u64, String)> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["component"].as_u64().unwrap(),
                m["to"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    m.sort();
    m
}

// loopy.txt: 0→1→2 (2 has no move), 3⇄4 with 4→2, 5⇄6, 7→5, 7→2.
// By Smith's rules: 2 = 0; 1 = 1; 0 = 0. 4 can move to 2 (value 0), so 4 ≠ 0; 3's only
// option 4 can move back to 2, so 3 = 0 (the mover at 3 goes to 4 and loses), and
// 4 = mex{0, 0} = 1. 5 and 6 only move to each other: ∞ with no finite options, ∞{}.
// 7 has options 2 (value 0) and 5 (∞), and 5 cannot move to a vertex of value 1, so
// 7 = ∞{0}: alone a win (move to 2).

#[test]
fn infinite_vertex_alone_wins_by_moving_to_value_zero() {
    let v = solve_json(&dg("7"));
    assert_eq!(
        v,
        json!({
            "position": dg("7"),
            "play": "normal",
            "outcome": "N",
            "grundy": "inf",
            "components": [{"expr": dg("7"), "grundy": "inf"}],
            "winning_moves": [
                {"component": 0, "from": dg("7"), "to": dg("2"), "text": "move the token from 7 to 2",
                 "heap": null, "take": null}
            ],
            "truncated": false
        })
    );
}

#[test]
fn infinite_plus_value_outside_k_is_a_draw() {
    // ∞{0} + *1 = ∞{1}: 1 ∉ {0}, so no move reaches value 0: a draw.
    let v = solve_json(&format!("{} + nim(1)", dg("7")));
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["grundy"], "inf");
    assert_eq!(v["components"][0]["grundy"], "inf");
    assert_eq!(v["components"][1]["grundy"], 1);
    assert_eq!(v["winning_moves"], json!([]));
}

#[test]
fn infinite_plus_value_in_k_wins_only_in_the_infinite_component() {
    // ∞{0} + 0 (a token on vertex 0, value 0): b = 0 ∈ K, so the mover wins, and only
    // by moving the infinite token to a vertex of value 0 (7 → 2); moving the other
    // token leaves an infinite component, never a loss for the opponent.
    let v = solve_json(&format!("{} + {}", dg("7"), dg("0")));
    assert_eq!(v["position"], dg("7,0"));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], "inf");
    assert_eq!(moves(&v), vec![(0, dg("2"))]);
}

#[test]
fn two_infinite_components_draw() {
    // ∞{} + ∞{0}: two infinite components make a draw.
    let v = solve_json(&dg("5,7"));
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["grundy"], "inf");
    assert_eq!(v["winning_moves"], json!([]));
}

#[test]
fn finite_loopy_values_add_like_nim_heaps() {
    // 3 is a P-position although it lies on a cycle.
    let v = solve_json(&dg("3"));
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["grundy"], 0);
    // 4 has value 1: both moves (to 3 and to 2) reach value 0.
    let v = solve_json(&dg("4"));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 1);
    assert_eq!(moves(&v), vec![(0, dg("2")), (0, dg("3"))]);
    // 0 ⊕ 1 ⊕ 1 = 0.
    let v = solve_json(&dg("0,1,4"));
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["grundy"], 0);
    let g: Vec<i64> = v["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["grundy"].as_i64().unwrap())
        .collect();
    assert_eq!(g, vec![0, 1, 1]);
    // 1 ⊕ nim(3) = 2: the heap goes from 3 to 1, or the token of value 1 would need
    // an option of value 3 (none).
    let v = solve_json(&format!("{} + nim(3)", dg("4")));
    assert_eq!(v["grundy"], 2);
    assert_eq!(moves(&v), vec![(1, "nim(1)".to_string())]);
}

#[test]
fn explanations_give_the_option_values() {
    let out = sprague()
        .args(["solve", "--explain", &format!("{} + nim(1)", dg("7"))])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("outcome:   D"), "{text}");
    assert!(text.contains("vertex 7 has value ∞{0}"), "{text}");
    assert!(text.contains("b = 1 is not in K"), "{text}");
}

// path.txt: the path 0–1–2–3–4. Fraenkel–Scheinerman–Ullman, checked by playing:
// from 0 the moves are forced (0,1,2,3,4) and the mover makes the last but one: P.
// From 2, moving to either side lets the opponent take the end: P. From 1, moving to
// 0 leaves the opponent stuck, and moving to 2 (1 visited) forces 2,3,4 with the
// mover last: both win.

fn geo(file: &str, v: &str) -> String {
    format!("geography[\"{file}\"]({v})")
}

#[test]
fn geography_on_a_path() {
    for (start, outcome) in [("0", "P"), ("2", "P"), ("1", "N")] {
        let v = solve_json(&geo(PATH, start));
        assert_eq!(v["outcome"], outcome, "from {start}");
    }
    let v = solve_json(&geo(PATH, "1"));
    assert_eq!(v["grundy"], 1);
    assert_eq!(
        moves(&v),
        vec![(0, geo(PATH, "0,1")), (0, geo(PATH, "2,1"))]
    );
    // Token on 3 with 4 visited: 3 must not go back; moving to 2 leaves 2,1,0 with the
    // opponent to move: opponent 1, mover 0, opponent stuck.
    let v = solve_json(&geo(PATH, "3,4"));
    assert_eq!(v["outcome"], "N");
    assert_eq!(moves(&v), vec![(0, geo(PATH, "2,4,3"))]);
}

#[test]
fn geography_on_the_petersen_graph() {
    // The Petersen graph has a perfect matching (the five spokes), and without one
    // vertex only 9 remain, so ν drops: the mover wins. Its automorphisms fixing a
    // vertex permute that vertex's three neighbours, so all three moves win.
    let v = solve_json(&geo(PETERSEN, "0"));
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        moves(&v),
        vec![
            (0, geo(PETERSEN, "1,0")),
            (0, geo(PETERSEN, "4,0")),
            (0, geo(PETERSEN, "5,0"))
        ]
    );
    let out = sprague()
        .args(["solve", "--explain", &geo(PETERSEN, "0")])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("without 0 it has a maximum matching of 4 edges"),
        "{text}"
    );
    assert!(text.contains("with 0 it grows to 5 edges"), "{text}");
}

#[test]
fn geography_in_sums_with_loopy_tokens() {
    // geography from 1 on the path has value 1 (options: 0 stuck = 0, and 2 whose
    // only line 2,3,4 has value 0); with ∞{0}: b = 1 ∉ {0}, a draw.
    let v = solve_json(&format!("{} + {}", geo(PATH, "1"), dg("7")));
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["grundy"], "inf");
    assert_eq!(v["components"][0]["grundy"], 1);
    // From 0 the path is a P-position (value 0): b = 0 ∈ {0}, so 7 → 2 wins.
    let v = solve_json(&format!("{} + {}", geo(PATH, "0"), dg("7")));
    assert_eq!(v["outcome"], "N");
    assert_eq!(moves(&v), vec![(1, dg("2"))]);
}

#[test]
fn bad_graph_files_are_input_errors_with_file_and_line() {
    let (code, msg) = failure(&["solve", "digraph[\"tests/data/no-such-file.txt\"](0)"]);
    assert_eq!(code, 2);
    assert!(
        msg.contains("cannot read graph file tests/data/no-such-file.txt"),
        "{msg}"
    );

    let (code, msg) = failure(&["solve", "digraph[\"tests/data/bad_vertex.txt\"](0)"]);
    assert_eq!(code, 2);
    assert!(
        msg.contains("tests/data/bad_vertex.txt line 4: vertex 7 out of range"),
        "{msg}"
    );

    let (code, msg) = failure(&["solve", "geography[\"tests/data/bad_count.txt\"](0)"]);
    assert_eq!(code, 2);
    assert!(
        msg.contains("tests/data/bad_count.txt line 5: the file ends after 2 of the 3 edges"),
        "{msg}"
    );

    // A self-loop is a move in a digraph, but not in geography.
    let (code, msg) = failure(&["solve", "geography[\"tests/data/self_loop.txt\"](0)"]);
    assert_eq!(code, 2);
    assert!(
        msg.contains("tests/data/self_loop.txt line 3: self-loop 1–1"),
        "{msg}"
    );
    let v = solve_json("digraph[\"tests/data/self_loop.txt\"](1)");
    // 1 → 1 and 1 → 0 (a dead end): ∞{0}, a win by moving to 0.
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], "inf");

    let (code, msg) = failure(&["solve", &dg("8")]);
    assert_eq!(code, 2);
    assert!(msg.contains("vertex 8 out of range"), "{msg}");
    let (code, _) = failure(&["solve", &geo(PATH, "1,5")]);
    assert_eq!(code, 2);
    let (code, msg) = failure(&["solve", "digraph(0)"]);
    assert_eq!(code, 2);
    assert!(msg.contains("column 1"), "{msg}");
}

#[test]
fn graphs_over_the_state_limit_exit_3() {
    let (code, msg) = failure(&["solve", "--max-states", "5", &dg("0")]);
    assert_eq!(code, 3);
    assert!(msg.contains("--max-states"), "{msg}");
}
