//! End-to-end tests of `sprague solve` on partizan positions and sums (SPEC §2 with
//! the partizan extension: `first`, `winning_moves_by_side`, `search`). Expected
//! outcomes come from the rules and published values: Domineering values from
//! REFERENCES (2×2 = ±1, 2×3 = {2|−1/2}, 3×4 = −3/2, 4×5 = 1, 5×5 = 0; cgt, pycgt and
//! CGSuite agree), and the outcomes of irregular Domineering boards computed by CGSuite
//! 2.1.1 as published in the test files of MCGS (University of Alberta,
//! `input/autotests/domineering_autotests/*.test`, "Results from: CGSuite 2.1.1"; in
//! those files Black plays vertically, as Left does here).

use crate::common::{self, exit_code, solve_json};
use serde_json::Value;

fn outcome(expr: &str) -> String {
    solve_json(&["--max-moves", "0", expr])["outcome"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn published_domineering_values_give_their_outcomes() {
    // ±1 is N, {2|−1/2} is N, −3/2 is R, 1 is L, 0 is P.
    for (expr, want) in [
        ("domineering(2,2)", "N"),
        ("domineering(2,3)", "N"),
        ("domineering(3,4)", "R"),
        ("domineering(4,5)", "L"),
        ("domineering(5,5)", "P"),
    ] {
        assert_eq!(outcome(expr), want, "{expr}");
    }
}

#[test]
fn sums_with_literal_games() {
    // 3×4 + 3/2 = 0 (−3/2 + 3/2): P. 2×2 + 2×2 = ±1 ± 1 = 0: P. 4×5 + ↓ = 1 + ↓ > 0: L.
    assert_eq!(outcome("domineering(3,4) + 3/2"), "P");
    assert_eq!(outcome("domineering(2,2) + domineering(2,2)"), "P");
    assert_eq!(outcome("domineering(4,5) + v"), "L");
    // Only literals: {1|−1} + {1|−1} = 0; ^ + * is N (CGT, II.1).
    assert_eq!(outcome("{1|-1} + {1|-1}"), "P");
    assert_eq!(outcome("^ + *"), "N");
}

#[test]
fn cgsuite_outcomes_of_irregular_boards() {
    // (board, Left moving first wins, Right moving first wins), from MCGS's test files
    // (6x6.test and 7x7_15_stones.test), computed there by CGSuite 2.1.1.
    let cases = [
        ("....#.|..##.#|###..#|.###..|.###..|..#...", false, true),
        (".#.#..|......|#.....|#.....|#####.|..#.##", true, true),
        ("##.#..|#.##.#|.####.|.####.|.#.#.#|#.#...", true, false),
        ("....#.|##...#|##....|.#....|..#...|...#.#", false, true),
        ("......|......|..###.|...#.#|####..|#..#.#", false, true),
        (".#.#..|......|#.....|#.....|#####.|..#.##", true, true),
        (
            ".#.##..|.###.#.|.#....#|.#....#|.......|......#|....###",
            true,
            true,
        ),
        (
            "......#|..#...#|.##..##|##..#.#|##...#.|.......|....#..",
            true,
            false,
        ),
        (
            "##..#..|.#...#.|.#..#..|......#|....##.|###....|..#...#",
            false,
            true,
        ),
    ];
    for (board, left, right) in cases {
        let expr = format!("domineering(\"{board}\")");
        let v = solve_json(&["--max-moves", "0", &expr]);
        let by = &v["winning_moves_by_side"];
        assert_eq!(by["left"]["wins"], left, "{board}");
        assert_eq!(by["right"]["wins"], right, "{board}");
    }
}

#[test]
fn the_json_document() {
    let v = solve_json(&["--first", "right", "domineering(2,3) + *"]);
    for key in [
        "position",
        "play",
        "outcome",
        "grundy",
        "components",
        "winning_moves",
        "truncated",
        "first",
        "winning_moves_by_side",
        "search",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["first"], "right");
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(v["components"][1]["value"], "*");
    assert_eq!(v["components"][0]["value"], Value::Null);
    // The moves listed are Right's (the player to move) and equal those by side.
    assert_eq!(
        v["winning_moves"],
        v["winning_moves_by_side"]["right"]["moves"]
    );
}

#[test]
fn every_listed_move_wins() {
    // Each winning move leaves a position the opponent loses moving first: its
    // outcome is P or the mover's class.
    let v = solve_json(&["domineering(\"....|....|..#.|....\")"]);
    for (side, good) in [("left", ["P", "L"]), ("right", ["P", "R"])] {
        let moves = v["winning_moves_by_side"][side]["moves"]
            .as_array()
            .unwrap();
        assert_eq!(
            moves.is_empty(),
            !v["winning_moves_by_side"][side]["wins"].as_bool().unwrap()
        );
        for m in moves {
            let to = m["to"].as_str().unwrap();
            let o = outcome(to);
            assert!(good.contains(&o.as_str()), "{side}: {to} is {o}");
        }
    }
}

#[test]
fn text_answer() {
    let out = common::sprague()
        .args(["solve", "domineering(3,4)"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("outcome:   R: Right wins whoever starts"),
        "{text}"
    );
    assert!(text.contains("Left moving first loses"), "{text}");
    assert!(
        text.contains("winning moves for Right moving first:"),
        "{text}"
    );
}

#[test]
fn bounds_and_errors() {
    let (code, err) = exit_code(&["solve", "--max-states", "50", "domineering(6,6)"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-states"), "{err}");
    let (code, err) = exit_code(&["solve", "--max-memory", "100K", "domineering(6,6)"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-memory"), "{err}");
    // Misère play reads a game as its tree: a ruleset's position inside a game's
    // options is refused.
    let (code, err) = exit_code(&["solve", "--misere", "{0|domineering(2,2)}"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let (code, err) = exit_code(&["solve", "domineering(\"..|.\")"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("column"), "{err}");
}

/// The outcome `value` gives from the canonical form.
fn canonical_outcome(expr: &str) -> String {
    let out = assert_cmd::Command::cargo_bin("sprague")
        .unwrap()
        .args(["value", "--json", expr])
        .output()
        .unwrap();
    assert!(out.status.success(), "{expr}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["outcome"].as_str().unwrap().to_string()
}

#[test]
fn every_ruleset_agrees_with_its_canonical_form() {
    // The search and the canonical form are separate engines: on positions of every
    // ruleset, and on sums mixing rulesets and literal games, their outcomes agree.
    for expr in [
        "clobber(\"XOXOXO\")",
        "clobber(\"XO|OX\")",
        "clobber(\"XXO.|.OXO\")",
        "clobber(\"XOXO\") + clobber(\"XXO\")",
        "konane(\".OX.|O..X|....\")",
        "konane(\"XO.|.OX\") + {1|-1}",
        "amazons(\"L..|...|..R\")",
        "amazons(\"L.#|..R\") + ^",
        "toads(\"TT..FF\")",
        "toads(\"T.TF\") + -1/2",
        "toads[1,2](\"TT...FF\")",
        "toppling(\"LRL\") + toppling(\"RLR\")",
        "toppling(\"LRGRL\")",
        "snort(\"...|...\")",
        "snort(\"0-1 1-2 2-3 3-0; 0:L\")",
        "col(\"L...|....\")",
        "col(\"0-1 1-2 2-0\") + *",
        "fission(\"...|.X.|...\")",
        "fission(\".X..|....\") + domineering(2,3)",
        "nogo(\"..|..\")",
        "nogo(\"...|...\") + clobber(\"XO\")",
        "hackenbush(\"0-1:B 1-2:R 2-0:G 1-3:B\")",
        "hackenbush(\"0-1:B 1-2:R\") + hackenbush(\"RB\")",
        "domineering(\"..#|...|.#.\") + toads(\"T.F\") + {2|-1}",
    ] {
        for first in ["left", "right"] {
            let got = solve_json(&["--max-moves", "0", "--first", first, expr]);
            assert_eq!(
                got["outcome"].as_str().unwrap(),
                canonical_outcome(expr),
                "{expr}, {first} first"
            );
        }
    }
}
