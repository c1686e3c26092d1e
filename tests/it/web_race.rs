//! `GET /api/race`, the counting race of many players in the web API: the document
//! of `sprague race --json` with a page of its starting totals, one-line errors for
//! bad input, the library's bounds as limits, and the deadline.

use serde_json::{Value, json};
use std::time::{Duration, Instant};

use crate::common::run_json;
use crate::common::web::{Server, error};

#[test]
fn a_small_race_is_solved_as_the_rules_say() {
    let s = Server::start(&[]);
    // Three players add 1 or 2 to reach 3: player 1 moves to 1 or 2, and player 2
    // reaches 3 from either. From 1 or 2, player 1 (to move) reaches 3 at once.
    let (status, v) = s.get(
        "/api/race",
        &[("players", "3"), ("moves", "1,2"), ("to", "3")],
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["rule"], "reach");
    assert_eq!(v["singles"], json!([2]));
    // The pairs holding player 2 force a win; {1,3} cannot stop player 2.
    assert_eq!(v["coalitions"][1]["listed"], json!([[1, 2], [2, 3]]));
    assert_eq!(v["least_all"], 3);
    let p = &v["subgame_perfect"];
    assert_eq!(p["tie_break"], "smallest");
    assert_eq!(p["finisher"], 2);
    assert_eq!(p["line"], json!([1, 2]));
    assert_eq!(p["from_total"], json!([2, 1, 1]));
    assert_eq!(p["from_total_first"], 0);
}

#[test]
fn the_starting_totals_come_a_page_at_a_time() {
    let s = Server::start(&[]);
    let args = [
        "race",
        "--players",
        "4",
        "--moves",
        "1,3",
        "--to",
        "300",
        "--lose",
        "--ties",
        "largest",
        "--json",
    ];
    let full = run_json(&args);
    let every = full["subgame_perfect"]["from_total"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(every.len(), 300);
    let query = |first: &'static str, count: &'static str| {
        vec![
            ("players", "4"),
            ("moves", "1,3"),
            ("to", "300"),
            ("lose", "1"),
            ("ties", "largest"),
            ("first", first),
            ("count", count),
        ]
    };
    let (status, v) = s.get("/api/race", &query("250", "100"));
    assert_eq!(status, 200, "{v}");
    // The last page is cut at total 299; the rest of the document is the command's.
    assert_eq!(
        v["subgame_perfect"]["from_total"],
        Value::Array(every[250..].to_vec())
    );
    assert_eq!(v["subgame_perfect"]["from_total_first"], 250);
    for key in [
        "players",
        "moves",
        "target",
        "rule",
        "coalitions",
        "singles",
        "least_all",
    ] {
        assert_eq!(v[key], full[key], "{key}");
    }
    let (_, v) = s.get("/api/race", &query("0", "10"));
    assert_eq!(
        v["subgame_perfect"]["from_total"],
        Value::Array(every[..10].to_vec())
    );
    // Left out: the first 100.
    let (_, v) = s.get(
        "/api/race",
        &[("players", "4"), ("moves", "1,3"), ("to", "300")],
    );
    assert_eq!(
        v["subgame_perfect"]["from_total"].as_array().unwrap().len(),
        100
    );
}

#[test]
fn bad_input_is_one_line_naming_the_parameter() {
    let s = Server::start(&[]);
    let cases: [(&[(&str, &str)], &str); 8] = [
        (
            &[("players", "3"), ("moves", "1,x"), ("to", "9")],
            "'moves'",
        ),
        (&[("players", "3"), ("moves", "1,2")], "'to'"),
        (&[("players", "3"), ("to", "9")], "'moves'"),
        (
            &[("players", "three"), ("moves", "1"), ("to", "9")],
            "'players'",
        ),
        (
            &[
                ("players", "3"),
                ("moves", "1,2"),
                ("to", "9"),
                ("ties", "middle"),
            ],
            "'ties'",
        ),
        (
            &[
                ("players", "3"),
                ("moves", "1,2"),
                ("to", "9"),
                ("first", "9"),
            ],
            "'first'",
        ),
        // The library's own checks: one player, a zero increment.
        (&[("players", "1"), ("moves", "1,2"), ("to", "9")], "race:"),
        (&[("players", "3"), ("moves", "0,2"), ("to", "9")], "race:"),
    ];
    for (query, what) in cases {
        let (status, body) = s.get("/api/race", query);
        let (kind, message, _) = error(&body);
        assert_eq!((status, kind), (400, "input"), "{query:?}: {body}");
        assert!(
            message.contains(what) && !message.contains('\n'),
            "{query:?}: {message}"
        );
    }
    // More totals at once than the server sends.
    let (status, body) = s.get(
        "/api/race",
        &[
            ("players", "3"),
            ("moves", "1,2"),
            ("to", "9"),
            ("count", "1001"),
        ],
    );
    assert_eq!((status, error(&body).0), (400, "input"), "{body}");
    assert!(error(&body).1.contains("at most 1000"), "{body}");
    // The server goes on.
    let (status, _) = s.get(
        "/api/race",
        &[("players", "2"), ("moves", "1,2"), ("to", "6")],
    );
    assert_eq!(status, 200);
}

#[test]
fn the_bounds_of_a_race_are_limits() {
    let s = Server::start(&[]);
    for (query, bound) in [
        // At most 24 players; target × players at most 16 000 000; the coalitions'
        // work at most 4 000 000 000 steps.
        ([("players", "25"), ("moves", "1,2"), ("to", "100")], "24"),
        (
            [("players", "3"), ("moves", "1,2"), ("to", "10000000")],
            "16000000",
        ),
        (
            [("players", "22"), ("moves", "1,2"), ("to", "1000")],
            "4000000000",
        ),
    ] {
        let (status, body) = s.get("/api/race", &query);
        let (kind, message, _) = error(&body);
        assert_eq!((status, kind), (422, "limit"), "{query:?}: {body}");
        assert!(
            message.starts_with("limit reached: race:") && message.contains(bound),
            "{message}"
        );
    }
}

#[test]
fn a_race_past_the_deadline_answers_timeout_and_frees_its_thread() {
    let s = Server::start(&["--timeout", "0.5", "--max-concurrent", "1"]);
    // 2^16 coalitions of 16 players to 1000 with three increments: seconds of work.
    let t = Instant::now();
    let (status, body) = s.get(
        "/api/race",
        &[("players", "16"), ("moves", "1,2,3"), ("to", "1000")],
    );
    assert_eq!((status, error(&body).0), (503, "timeout"), "{body}");
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    // The slot is free again within a couple of seconds.
    loop {
        let (status, body) = s.get(
            "/api/race",
            &[("players", "2"), ("moves", "1,2"), ("to", "6")],
        );
        if status == 200 {
            // Bachet: 6 is a multiple of 3, so the second player wins.
            assert_eq!(body["subgame_perfect"]["finisher"], 2);
            break;
        }
        assert_eq!(error(&body).0, "busy", "{body}");
        assert!(
            t.elapsed() < Duration::from_secs(4),
            "the slot was not freed"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
