//! `solve --misere` on every family: small positions are decided (exit 0), a loopy
//! position or a component with too many moves is refused with exit 2 (no bound
//! helps), and exit 3 naming `--max-states` comes only when that bound stopped the
//! search. Expected outcomes come from the rules.

use assert_cmd::Command;

fn solve(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("sprague")
        .unwrap()
        .arg("solve")
        .arg("--misere")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn tiny_positions_of_every_family_are_decided() {
    // Misère, from the rules: the player who cannot move wins.
    // fib(1): the first move may not take all, so no move: the mover wins (N).
    // divisor(1): the only move is to 0, after which the opponent cannot move and
    // wins: P. ring(0,0): no move: N. stair(1): the only move empties it: P.
    // ed(1,2): remove 1, split 2 into (1,1), a dead end for the opponent: P.
    // moore[2](1): the only move empties it: P. adjacent[2](1): take 1: P.
    // andnim(1): no 0 bit below the top: no move: N. path.txt 0 → 1 → 2: after two
    // moves the token is stuck at 2 with the first player to move: N (move to 1).
    // Geography on the Petersen graph is too large to work out by hand here: it
    // must be decided (its outcome is checked against brute force in
    // family_moves.rs).
    let cases = [
        ("fib(1)", Some("N")),
        ("divisor(1)", Some("P")),
        ("ring(0,0)", Some("N")),
        ("stair(1)", Some("P")),
        ("ed(1,2)", Some("P")),
        ("moore[2](1)", Some("P")),
        ("adjacent[2](1)", Some("P")),
        ("andnim(1)", Some("N")),
        ("digraph[\"tests/data/path.txt\"](0)", Some("N")),
        ("geography[\"tests/data/petersen.txt\"](0)", None),
    ];
    for (e, want) in cases {
        let out = solve(&["--json", e]);
        assert!(
            out.status.success(),
            "{e}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        if let Some(w) = want {
            assert_eq!(v["outcome"], w, "{e}");
        }
    }
}

#[test]
fn loopy_positions_are_decided_draws_included() {
    // loopy.txt: 3 ⇄ 4, 4 → 2, 7 → 5 ⇄ 6, 7 → 2. From 3 the only move is to 4, from
    // where moving to the dead end 2 leaves the opponent without a move (a win for
    // them in misère play), so play goes back to 3: a draw. From 7, moving to 2 loses
    // the same way and 5 leads to the cycle 5 ⇄ 6: a draw. With a token at 1 as well
    // (its only move 1 → 2), 7 → 2 wins: the opponent must move 1 → 2 and then
    // the player to move has no move, and wins.
    let cases = [
        ("digraph[\"tests/data/loopy.txt\"](3)", "D"),
        ("digraph[\"tests/data/loopy.txt\"](7)", "D"),
        ("digraph[\"tests/data/loopy.txt\"](7,1)", "N"),
    ];
    for (e, want) in cases {
        let out = solve(&["--json", e]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{e}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["outcome"], want, "{e}");
    }
    let out = solve(&["--json", "digraph[\"tests/data/loopy.txt\"](7,1)"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["winning_moves"][0]["to"],
        "digraph[\"tests/data/loopy.txt\"](2)"
    );
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
}

#[test]
fn a_refusal_names_the_family_and_why() {
    // A heap beyond those whose moves are listed: the family's own reason.
    let out = solve(&["sub[1,2](100000000000000000000000)"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the moves of sub[1,2] cannot all be listed"),
        "{err}"
    );
    assert!(err.contains("needs a smaller heap"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // A sum of nullify matrices: a move may set a cell to any value.
    let out = solve(&["nullify[\"0 1/1 3\"] + nim(2)"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the moves of nullify[\"0 1/1 3\"] cannot all be listed (without end"),
        "{err}"
    );
    assert!(!err.contains("--"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn too_many_moves_is_exit_2_and_a_small_bound_is_exit_3() {
    let out = solve(&["sub[1,2](100000000000000000000000)"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("--max-states"));
    // kayles(40) needs more than 10 positions: the bound (--max-states / 250) stops it.
    let out = solve(&["--max-states", "2500", "kayles(40)"]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--max-states"), "{err}");
    // The number named is the positions of whole sums the search may keep, and says so.
    assert!(
        err.contains("more than 10 positions of the sum, the most it keeps"),
        "{err}"
    );
}

fn quotient(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("sprague")
        .unwrap()
        .arg("quotient")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn quotient_command_prints_r8_and_refuses_what_it_cannot_verify() {
    // Plambeck, INTEGERS 5 (2005) G5: the quotient of 0.75 is R8, order 8,
    // P-portion {a, b²}.
    let out = quotient(&["--to", "12", "octal[0.75]"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("order: 8\n"), "{text}");
    assert!(text.contains("P-portion: {a, b²}\n"), "{text}");
    let out = quotient(&["--json", "--to", "12", "octal[0.75]"]);
    let json = String::from_utf8(out.stdout).unwrap();
    assert!(
        json.starts_with(
            "{\"family\":\"octal[0.75]\",\"to\":12,\"order\":8,\"generators\":[1,2,5],"
        ),
        "{json}"
    );
    // Kayles' heap 9 and Dawson's Kayles' heap 10 split classes of the smaller heaps'
    // quotients: both are learnt and verified (each element is checked against the
    // whole-sum search in the engine's tests and below).
    for family in ["kayles", "octal[0.07]"] {
        let out = quotient(&["--to", "12", family]);
        assert_eq!(out.status.code(), Some(0), "{family}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("nothing is claimed beyond heap 12"), "{text}");
    }
    // Not a heap game.
    assert_eq!(quotient(&["--to", "5", "wythoff"]).status.code(), Some(2));
    // A limit names its bound: exit 3.
    assert_eq!(
        quotient(&["--to", "12", "--max-states", "10", "octal[0.75]"])
            .status
            .code(),
        Some(3)
    );
}

#[test]
fn misere_sums_of_one_heap_game_by_the_quotient_match_the_search() {
    // A sum too large for the whole-sum search within a tiny bound, decided by the
    // quotient of 0.75 (each heap's element is checked against the search in the
    // engine's tests): 200 heaps of 8 are b^200 = b², a P-position.
    let many = vec!["8"; 200].join(",");
    let out = solve(&[&format!("octal[0.75]({many})")]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("outcome:   P")
    );
}

#[test]
fn misere_sums_by_the_quotient_match_the_whole_sum_search_where_heaps_split() {
    // `X + nim(0)` is the same game as `X` but not a sum of one heap game, so it goes
    // to the whole-sum search; `X` goes through the quotient, whose heaps 9 (Kayles)
    // and 10 (Dawson's Kayles) split classes of the smaller heaps.
    let outcome = |text: &str| -> String {
        let out = solve(&[text]);
        assert_eq!(out.status.code(), Some(0), "{text}");
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .find(|l| l.starts_with("outcome:"))
            .unwrap_or_default()
            .to_string()
    };
    for family in ["kayles", "octal[0.07]"] {
        for heaps in [
            "9", "10", "12", "5,5,9", "5,5,10", "3,7,12", "4,9,11", "1,10,12", "6,6,12", "2,8,11",
            "5,9,12", "9,10",
        ] {
            let sum = format!("{family}({heaps})");
            let by_quotient = outcome(&sum);
            assert!(!by_quotient.is_empty(), "{sum}");
            assert_eq!(by_quotient, outcome(&format!("{sum} + nim(0)")), "{sum}");
        }
    }
}
