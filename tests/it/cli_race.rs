//! End-to-end tests of `sprague race` through the real binary: the JSON document,
//! the text, bad input (exit 2, naming the flag) and limits (exit 3, naming the bound).

use crate::common::{exit_code, run_json, sprague};

#[test]
fn three_players_to_three() {
    // Player 1 adds 1 or 2 (total 1 or 2); player 2 then reaches 3 with 2 or 1.
    let v = run_json(&[
        "race",
        "--players",
        "3",
        "--moves",
        "1,2",
        "--to",
        "3",
        "--json",
    ]);
    assert_eq!(v["players"], 3);
    assert_eq!(v["moves"], serde_json::json!([1, 2]));
    assert_eq!(v["target"], 3);
    assert_eq!(v["rule"], "reach");
    assert_eq!(v["singles"], serde_json::json!([2]));
    assert_eq!(v["coalitions"][0]["forcing"], 1);
    assert_eq!(v["coalitions"][0]["listed"], serde_json::json!([[2]]));
    // Every pair but {1,3} holds player 2; {1,3} cannot stop player 2.
    assert_eq!(v["coalitions"][1]["forcing"], 2);
    assert_eq!(v["least_all"], 3);
    assert_eq!(v["subgame_perfect"]["finisher"], 2);
    assert_eq!(v["subgame_perfect"]["tie_break"], "smallest");
    assert_eq!(v["subgame_perfect"]["line"], serde_json::json!([1, 2]));
    assert_eq!(v["subgame_perfect"]["line_complete"], true);
    // From 2 and from 1 player 1 reaches 3 at once; from 0 player 2 does.
    assert_eq!(
        v["subgame_perfect"]["from_total"],
        serde_json::json!([2, 1, 1])
    );
}

#[test]
fn lose_and_ties_are_reported() {
    let v = run_json(&[
        "race",
        "--players",
        "4",
        "--moves",
        "1,3",
        "--to",
        "30",
        "--lose",
        "--ties",
        "largest",
        "--json",
    ]);
    assert_eq!(v["rule"], "lose");
    assert_eq!(v["subgame_perfect"]["tie_break"], "largest");
    // The coalition of all players always finishes, so never forces under Lose.
    assert_eq!(v["coalitions"][3]["forcing"], 0);
    // Players 1 and 3 move at even totals: never at 29, they can always add 1.
    assert_eq!(v["singles"], serde_json::json!([1, 3]));
}

#[test]
fn text_names_the_coalitions() {
    let out = sprague()
        .args(["race", "--players", "3", "--moves", "1,2", "--to", "20"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("first to reach 20 wins"), "{text}");
    assert!(text.contains("no player forces a win alone"), "{text}");
    assert!(
        text.contains("every coalition of 2 players forces a win"),
        "{text}"
    );
}

#[test]
fn bad_input_names_the_flag() {
    for (args, flag) in [
        (
            vec!["--players", "1", "--moves", "1,2", "--to", "5"],
            "--players",
        ),
        (
            vec!["--players", "x", "--moves", "1,2", "--to", "5"],
            "--players",
        ),
        (
            vec!["--players", "3", "--moves", "1,,2", "--to", "5"],
            "--moves",
        ),
        (
            vec!["--players", "3", "--moves", "0,2", "--to", "5"],
            "--moves",
        ),
        (
            vec!["--players", "3", "--moves", "1,2", "--to", "0"],
            "--to",
        ),
        (
            vec!["--players", "3", "--moves", "1,2", "--to", "-4"],
            "--to",
        ),
        (
            vec![
                "--players",
                "3",
                "--moves",
                "1,2",
                "--to",
                "5",
                "--ties",
                "middle",
            ],
            "--ties",
        ),
    ] {
        let mut all = vec!["race"];
        all.extend(args);
        let (code, err) = exit_code(&all);
        assert_eq!(code, 2, "{all:?}: {err}");
        assert!(err.contains(flag), "{all:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}

#[test]
fn limits_exit_3_naming_the_bound() {
    let (code, err) = exit_code(&[
        "race",
        "--players",
        "3",
        "--moves",
        "1,2",
        "--to",
        "100000000",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("16000000"), "{err}");
    let (code, err) = exit_code(&["race", "--players", "25", "--moves", "1,2", "--to", "10"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("24"), "{err}");
    let (code, err) = exit_code(&["race", "--players", "20", "--moves", "1,2", "--to", "10000"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("4000000000"), "{err}");
}
