//! The web API (`sprague serve`) through a real HTTP client against a server started
//! by the test (on a free port of the loopback address, killed when the test ends,
//! even when it fails).

use serde_json::{Value, json};

use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::sprague;
use crate::common::web::{Server, error};

#[test]
fn health_answers_with_the_version() {
    let s = Server::start(&[]);
    let (status, body) = s.get("/api/health", &[]);
    assert_eq!(status, 200);
    assert_eq!(body["ok"], true);
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
}

#[test]
fn the_page_is_served_from_the_binary() {
    let s = Server::start(&[]);
    let (status, ct, body) = s.get_raw("/");
    assert_eq!(status, 200);
    assert!(ct.starts_with("text/html"), "{ct}");
    assert!(body.contains("<html"), "{body}");
    let (status, ct, _) = s.get_raw("/index.html");
    assert_eq!((status, ct.starts_with("text/html")), (200, true));
    // The views by path are the same page (the page reads its view from the path).
    for view in ["/solve", "/play", "/table", "/grid", "/value", "/nash/"] {
        let (status, ct, page) = s.get_raw(view);
        assert_eq!((status, ct.starts_with("text/html")), (200, true), "{view}");
        assert_eq!(page, body, "{view}");
    }
    assert_eq!(s.get_raw("/solver").0, 404);
    // Nothing outside web/ is reachable, however the path is written.
    for p in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/src/lib.rs",
        "/nope.html",
    ] {
        let (status, ct, _) = s.get_raw(p);
        assert_eq!(status, 404, "{p}");
        assert!(ct.starts_with("application/json"), "{p}: {ct}");
    }
    let (status, body) = s.get("/api/nope", &[]);
    assert_eq!((status, error(&body).0), (404, "input"));
}

#[test]
fn check_reports_the_column_without_computing() {
    let s = Server::start(&[]);
    let (status, body) = s.get("/api/check", &[("expr", "nim(3,4,5)")]);
    assert_eq!((status, &body), (200, &serde_json::json!({"ok": true})));
    let (status, body) = s.get("/api/check", &[("expr", "nim(3,")]);
    assert_eq!(status, 200);
    assert_eq!(body["ok"], false);
    let (kind, message, column) = error(&body);
    assert_eq!(kind, "input");
    // The command line says the same: `sprague solve 'nim(3,'` stops at column 7.
    assert_eq!(column, Some(7));
    assert!(
        message.starts_with("bad expression: column 7:"),
        "{message}"
    );
    // An unknown family is found by building the position.
    let (_, body) = s.get("/api/check", &[("expr", "nim(1) + foo(3)")]);
    assert_eq!(error(&body).2, Some(10));
    // A huge position is checked, not computed.
    let (_, body) = s.get(
        "/api/check",
        &[("expr", "octal[0.007](99999999999999999999)")],
    );
    assert_eq!(body["ok"], true);
    // Values parse; families are heap families without heaps.
    let (_, body) = s.get("/api/check", &[("expr", "{1|-1} + ^"), ("kind", "value")]);
    assert_eq!(body["ok"], true);
    let (_, body) = s.get("/api/check", &[("expr", "{1|"), ("kind", "value")]);
    assert_eq!(error(&body).2, Some(4));
    // The whole language of value: comparisons, the ordinal sum, functions.
    for expr in ["^ <= *", "g := 1", "1:1:-1 != 3/2", "Cool({3|-1}, 1) <> ^"] {
        let (_, body) = s.get("/api/check", &[("expr", expr), ("kind", "value")]);
        let ok = !expr.contains(":=");
        assert_eq!(body["ok"], ok, "{expr}: {body}");
    }
    let (_, body) = s.get("/api/check", &[("expr", "^ <= "), ("kind", "value")]);
    assert_eq!(error(&body).2, Some(6), "{body}");
    // The check gives the hint that the value itself gives.
    let (_, body) = s.get("/api/check", &[("expr", "0 < ^ < 1"), ("kind", "value")]);
    assert!(error(&body).1.contains("do not chain"), "{body}");
    let (_, value) = s.get("/api/value", &[("expr", "0 < ^ < 1")]);
    assert_eq!(error(&body).1, error(&value).1, "{value}");
    let (_, body) = s.get("/api/check", &[("expr", "sub[1,3,4]"), ("kind", "family")]);
    assert_eq!(body["ok"], true);
    let (_, body) = s.get(
        "/api/check",
        &[("expr", "sub[1,3,4](3)"), ("kind", "family")],
    );
    assert_eq!(body["ok"], false);
    let (status, body) = s.get("/api/check", &[("expr", "nim(1)"), ("kind", "nope")]);
    assert_eq!((status, body["ok"].clone()), (200, Value::Bool(false)));
}

#[test]
fn expressions_naming_files_are_refused() {
    let s = Server::start(&[]);
    for (path, expr) in [
        ("/api/play", "digraph[\"/etc/passwd\"](0)"),
        ("/api/play", "nim(1) + geography[\"Cargo.toml\"](0)"),
        ("/api/play", "treestair[\"/etc/hosts\",2](1)"),
        ("/api/play", "grid[\"Cargo.toml\"](0,0)"),
        ("/api/play/reply", "digraph[\"/etc/passwd\"](0)"),
        ("/api/check", "digraph[\"/etc/passwd\"](0)"),
    ] {
        let (status, body) = s.get(path, &[("expr", expr)]);
        let (kind, message, column) = error(&body);
        if path == "/api/check" {
            assert_eq!(status, 200);
        } else {
            assert_eq!(status, 400, "{path} {expr}");
        }
        assert_eq!(kind, "input");
        assert!(message.contains("files are not read here"), "{message}");
        assert!(column.is_some());
        // The file's contents never appear.
        assert!(!message.contains("root:"), "{message}");
    }
    // A file hidden inside the options of a partizan game is found too.
    let (_, body) = s.get(
        "/api/check",
        &[
            ("expr", "{0|digraph[\"/etc/passwd\"](0)}"),
            ("kind", "value"),
        ],
    );
    assert_eq!(body["ok"], false);
    let (_, body) = s.get("/api/grid", &[("family", "digraph[\"/etc/passwd\"]")]);
    assert!(error(&body).1.contains("files are not read here"));
    // An inline grid is no file.
    let (status, body) = s.get("/api/play", &[("expr", "grid[\"../..\"](0,0)")]);
    assert_eq!(status, 200, "{body}");
}

#[test]
fn grid_gives_the_values_of_two_parameter_positions() {
    let s = Server::start(&[]);
    let (status, body) = s.get(
        "/api/grid",
        &[("family", "wythoff"), ("rows", "6"), ("cols", "8")],
    );
    assert_eq!(status, 200);
    assert_eq!(body["family"], "wythoff");
    assert_eq!(
        (body["rows"].as_u64(), body["cols"].as_u64()),
        (Some(6), Some(8))
    );
    let values = body["values"].as_array().unwrap();
    assert_eq!(values.len(), 6);
    assert!(values.iter().all(|r| r.as_array().unwrap().len() == 8));
    // Wythoff's P-positions (0,0), (1,2), (3,5), (4,7) and their mirror images
    // (OEIS A000201/A001950);
    // sg(wythoff(0,j)) = j since only the one heap can be taken from.
    let zeros: Vec<(usize, usize)> = (0..6)
        .flat_map(|i| (0..8).map(move |j| (i, j)))
        .filter(|&(i, j)| values[i][j] == 0)
        .collect();
    assert_eq!(zeros, [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3)]);
    assert_eq!(values[0][7], 7);
    // A family on pairs: a cell is one position of two arguments.
    assert_eq!(body["cell"], "wythoff({i},{j})");
    let ps: Vec<(u64, u64)> = body["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
        .collect();
    assert_eq!(ps, [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3)]);
    // The document is that of the command line, byte for byte.
    for (family, rows, cols, flags) in [
        ("wythoff", "6", "8", &["--to", "5,7"][..]),
        ("king", "3", "3", &["--to", "2"]),
        ("sub[1,2]", "4", "2", &["--pairs", "--to", "3,1"]),
    ] {
        let (status, _, raw) = s.get_raw(&format!(
            "/api/grid?family={}&rows={rows}&cols={cols}",
            family.replace('[', "%5B").replace(']', "%5D")
        ));
        assert_eq!(status, 200, "{raw}");
        let mut args = vec!["table", "--json"];
        args.extend_from_slice(flags);
        args.push(family);
        let cli = sprague().args(&args).output().unwrap();
        assert_eq!(raw, String::from_utf8(cli.stdout).unwrap(), "{family}");
    }
    // A heap family: nim(i) + nim(j) is worth i XOR j (Bouton).
    let (_, body) = s.get(
        "/api/grid",
        &[("family", "nim"), ("rows", "5"), ("cols", "5")],
    );
    assert_eq!(body["cell"], "nim({i}) + nim({j})");
    assert_eq!(body["values"][3][6 - 3], 0);
    assert_eq!(body["values"][2][4], 6);
    // sub[1,2] is worth n mod 3 (take 1 or 2: the multiples of 3 are lost).
    let (_, body) = s.get("/api/grid", &[("family", "sub[1,2]"), ("rows", "7")]);
    assert_eq!(body["values"][6][4], 1);
    assert_eq!(body["cell"], "sub[1,2]({i}) + sub[1,2]({j})");
    // Bad family, size beyond the cap, bad number.
    let (status, body) = s.get("/api/grid", &[("family", "wythof")]);
    assert_eq!((status, error(&body).0), (400, "input"));
    assert!(error(&body).2.is_some());
    let (status, body) = s.get("/api/grid", &[("family", "nim"), ("rows", "513")]);
    assert_eq!(status, 400);
    assert!(error(&body).1.contains("512"), "{body}");
    let (status, _) = s.get("/api/grid", &[("family", "nim"), ("rows", "x")]);
    assert_eq!(status, 400);
    let (status, _) = s.get("/api/grid", &[]);
    assert_eq!(status, 400);
}

#[test]
fn play_lists_every_move_with_its_result() {
    let s = Server::start(&[]);
    let (status, body) = s.get("/api/play", &[("expr", "nim(3,4,5)")]);
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["position"], "nim(3,4,5)");
    assert_eq!(body["play"], "normal");
    assert_eq!(body["outcome"], "N");
    assert_eq!(body["over"], false);
    // 3 + 4 + 5 moves, every one listed.
    assert_eq!(body["count"], "12");
    assert_eq!(body["complete"], true);
    let moves = body["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 12);
    // Bouton: the only winning move takes 2 from the heap of 3 (3 ⊕ 4 ⊕ 5 = 2).
    let winning: Vec<&Value> = moves.iter().filter(|m| m["result"] == "P").collect();
    assert_eq!(winning.len(), 1);
    let w = winning[0];
    assert_eq!(w["to"], "nim(1,4,5)");
    assert_eq!((w["heap"].as_u64(), w["take"].as_u64()), (Some(1), Some(2)));
    assert_eq!(w["text"], "take 2 from heap 1 (3 → 1)");
    // Its target in the picture of its component (heap 0 of `nim(3)`): take 2.
    assert_eq!(
        (w["component"].as_u64(), &w["target"]),
        (Some(0), &json!({"kind": "take", "heap": 0, "count": 2}))
    );
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m["index"].as_u64(), Some(i as u64));
        assert!(m["remoteness"].is_u64());
    }
    let drawing = body["drawing"].as_array().unwrap();
    let sizes: Vec<&Value> = drawing.iter().map(|d| &d["sizes"]).collect();
    assert_eq!(sizes, [&json!([3]), &json!([4]), &json!([5])]);
    let numbers: Vec<&Value> = drawing.iter().map(|d| &d["heaps"]).collect();
    assert_eq!(numbers, [&json!([1]), &json!([2]), &json!([3])]);
    assert!(drawing.iter().all(|d| d["kind"] == "heaps"));
    // nim(3,5): the move taking 2 from heap 2 (5 → 3) has the target heap 0 of its
    // component (the second), take 2.
    let (_, body) = s.get("/api/play", &[("expr", "nim(3,5)")]);
    let m = body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["to"] == "nim(3,3)")
        .unwrap();
    assert_eq!(
        (m["component"].as_u64(), m["heap"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(m["target"], json!({"kind": "take", "heap": 0, "count": 2}));
    // wythoff(3,6): the winning move goes down one row to the P-position (3,5)
    // (Wythoff's pair (⌊2φ⌋, ⌊2φ⌋ + 2)); its target is that cell, and (3,5) is
    // among the P-positions the board marks.
    let (_, body) = s.get("/api/play", &[("expr", "wythoff(3,6)")]);
    let winning: Vec<&Value> = body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["result"] == "P")
        .collect();
    assert_eq!(winning.len(), 1);
    assert_eq!(
        winning[0]["target"],
        json!({"kind": "cell", "x": 3, "y": 5})
    );
    let marks = body["drawing"][0]["marks"].as_array().unwrap();
    assert!(marks.contains(&json!([3, 5])) && marks.contains(&json!([1, 2])));
    assert!(!marks.contains(&json!([3, 6])));
    // The page plays a move by loading its `to`: from a P-position every move wins
    // for the opponent.
    let (_, body) = s.get("/api/play", &[("expr", "nim(1,4,5)")]);
    assert_eq!(body["outcome"], "P");
    assert!(
        body["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["result"] == "N")
    );
    // Over: no move; misère play of nim(1) is lost by the one who must move.
    let (_, body) = s.get("/api/play", &[("expr", "nim(0)")]);
    assert_eq!(
        (body["over"].as_bool(), body["outcome"].as_str()),
        (Some(true), Some("P"))
    );
    assert_eq!(body["remoteness"], 0);
    let (_, body) = s.get("/api/play", &[("expr", "nim(1)"), ("misere", "1")]);
    assert_eq!(
        (body["play"].as_str(), body["outcome"].as_str()),
        (Some("misere"), Some("P"))
    );
    // Boards, kings, rings, staircases and others are drawn.
    let (_, body) = s.get(
        "/api/play",
        &[(
            "expr",
            "wythoff(3,5) + king(4,3) + ring(1,2,0) + stair(1,2) + ed(2,3)",
        )],
    );
    let kinds: Vec<&str> = body["drawing"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["board", "board", "ring", "stairs", "text"]);
    let d = &body["drawing"];
    assert_eq!(
        (&d[0]["x"], &d[0]["y"], &d[0]["piece"]),
        (&json!(3), &json!(5), &json!("queen"))
    );
    // king(4,3): 4 rows and 3 columns from the corner.
    assert_eq!(
        (&d[1]["x"], &d[1]["y"], &d[1]["piece"]),
        (&json!(3), &json!(4), &json!("king"))
    );
    assert!(
        d.as_array()
            .unwrap()
            .iter()
            .all(|p| p["title"].is_string() && p["how"].is_string())
    );
    // Bad input: the column of the command line's message.
    // (`sprague solve 'nim(3,x)'`: column 7: expected a number or a string, found 'x')
    let (status, body) = s.get("/api/play", &[("expr", "nim(3,x)")]);
    assert_eq!(status, 400);
    assert_eq!(error(&body).2, Some(7));
    let (status, _) = s.get("/api/play", &[("expr", "nim(1)"), ("misere", "2")]);
    assert_eq!(status, 400);
}

#[test]
fn play_caps_the_moves_listed() {
    let s = Server::start(&[]);
    let (status, body) = s.get("/api/play", &[("expr", "nim(1000000)")]);
    assert_eq!(status, 200);
    assert_eq!(body["count"], "1000000");
    assert_eq!(body["complete"], false);
    let moves = body["moves"].as_array().unwrap();
    assert!(!moves.is_empty() && moves.len() < 1000);
    // The winning move is listed first.
    assert_eq!(moves[0]["to"], "nim(0)");
    assert_eq!(moves[0]["result"], "P");
}

#[test]
fn play_counts_the_moves_exactly_or_gives_no_count() {
    let s = Server::start(&[]);
    // Counts from the rules (tests/it/family_moves.rs derives them): Kayles, knocking
    // down 1 or 2 adjacent pins, has n options up to the order of the rows left
    // (n ≥ 2); Dawson's Kayles ⌊n/2⌋; sub[1,2,3] three; Lasker's Nim n + ⌊n/2⌋. (A
    // count the engine cannot know exactly is null: see `routes::count_json`.)
    let big = "100000000000000000000"; // 10^20
    for (expr, count, complete) in [
        ("kayles(10)".to_string(), "10", true),
        ("kayles(1000)".to_string(), "1000", false),
        (format!("kayles({big})"), big, false),
        (format!("dawson({big})"), "50000000000000000000", false),
        (format!("sub[1,2,3]({big})"), "3", false),
        ("lasker(100000)".to_string(), "150000", false),
        (
            format!("nim(3) + kayles({big})"),
            "100000000000000000003",
            false,
        ),
        // Sequential Nim: 1 to x from the first non-empty heap x.
        (format!("seqnim({big},3)"), big, false),
    ] {
        let (status, body) = s.get("/api/play", &[("expr", &expr)]);
        assert_eq!(status, 200, "{expr}: {body}");
        assert_eq!(body["count"], count, "{expr}");
        assert_eq!(body["complete"], complete, "{expr}");
        let listed = body["moves"].as_array().unwrap().len();
        assert!(listed <= 200, "{expr}: {listed}");
    }
}

#[test]
fn play_draws_walks_matrices_and_jump_staircases() {
    let s = Server::start(&[]);
    // A jump staircase, a geography game before the token is placed (an inline
    // path 0–1–2) and a matrix: drawn as stairs, a walk and numbers.
    let expr = "jumpstair(1,0,2) + geography[\"0-1 1-2\"] + nullify[\"1 2/3 4\"]";
    let (status, body) = s.get("/api/play", &[("expr", expr)]);
    assert_eq!(status, 200, "{body}");
    let d = body["drawing"].as_array().unwrap();
    let kinds: Vec<&str> = d.iter().map(|p| p["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["stairs", "walk", "numbers"]);
    assert_eq!(d[0]["steps"], json!([1, 0, 2]));
    assert_eq!(
        (&d[1]["token"], &d[1]["visited"]),
        (&Value::Null, &json!([]))
    );
    assert_eq!(d[1]["vertices"].as_array().unwrap().len(), 3);
    assert_eq!(d[1]["edges"].as_array().unwrap().len(), 2);
    assert_eq!(d[2]["rows"], json!([[1, 2], [3, 4]]));
    // Each move names what it changes: steps, the vertex the token goes to, cells.
    let moves = body["moves"].as_array().unwrap();
    let target = |to: &str| {
        moves
            .iter()
            .find(|m| m["part_to"] == to)
            .map(|m| m["target"].clone())
            .unwrap_or_else(|| panic!("no move to {to}: {body}"))
    };
    // From step 3, over the empty step 2, onto step 1.
    assert_eq!(
        target("jumpstair(2,0,1)"),
        json!({"kind": "entries", "entries": [0, 2]})
    );
    assert_eq!(
        target("geography[\"0-1 1-2\"](1)"),
        json!({"kind": "token", "vertex": 1})
    );
    assert_eq!(
        target("nullify[\"1 2/3 4\"](1,1,0)"),
        json!({"kind": "cells", "cells": [[1, 1]]})
    );
    // The matrix has infinitely many moves: the list is a part of them.
    assert_eq!(body["complete"], false);
    // The placement on vertex 1 of the path leaves the token there, vertex 1 visited.
    let (_, body) = s.get("/api/play", &[("expr", "geography[\"0-1 1-2\"](1)")]);
    assert_eq!(
        (&body["drawing"][0]["token"], &body["drawing"][0]["visited"]),
        (&json!(1), &json!([1]))
    );
    // The computer answers the 1451F sample with a winning move (every anti-diagonal
    // of the matrix after it XORs to 0).
    let (status, body) = s.get(
        "/api/play/reply",
        &[("expr", "nullify[\"1 2 3/4 5 6/7 8 9\"]")],
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["move"]["result"], "P");
    assert!(
        body["move"]["text"]
            .as_str()
            .unwrap()
            .starts_with("start 0 0 take 1 path ")
    );
}

#[test]
fn reply_is_the_computers_perfect_move() {
    let s = Server::start(&[]);
    let (status, body) = s.get("/api/play/reply", &[("expr", "nim(3,4,5)")]);
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["move"]["to"], "nim(1,4,5)");
    assert_eq!(body["move"]["result"], "P");
    assert!(body["why"].as_str().unwrap().contains("winning move"));
    // From a lost position the computer still moves; at the end it cannot.
    let (_, body) = s.get("/api/play/reply", &[("expr", "nim(1,1)")]);
    assert_eq!(body["move"]["result"], "N");
    let (_, body) = s.get("/api/play/reply", &[("expr", "nim(0)")]);
    assert!(body["move"].is_null());
    // Misère nim(1,1,2): the winning move leaves nim(1,1,1) (Bouton's misère rule:
    // with a heap above 1, play as in normal play).
    let (_, body) = s.get(
        "/api/play/reply",
        &[("expr", "nim(1,1,2)"), ("misere", "1")],
    );
    assert_eq!(body["move"]["to"], "nim(1,1,1)");
}

/// The standard output of the command line.
fn cli(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .output()
        .expect("run sprague");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

impl Server {
    /// `GET path` with query parameters: the status and the raw body.
    fn get_text(&self, path: &str, query: &[(&str, &str)]) -> (u16, String) {
        let mut req = self.agent.get(format!("{}{path}", self.url));
        for (k, v) in query {
            req = req.query(*k, *v);
        }
        let mut r = req.call().expect("request");
        let status = r.status().as_u16();
        (status, r.body_mut().read_to_string().expect("body"))
    }
}

/// The server's default `--max-states`, given to the command line too so that both
/// compute within the same bound.
const STATES: &str = "5000000";

#[test]
fn solve_answers_exactly_the_command_lines_document() {
    let s = Server::start(&[]);
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a [&'a str]);
    let cases: &[Case] = &[
        (&[("expr", "nim(3,4,5)")], &[]),
        (
            &[
                ("expr", "nim(3) + sub[1,3,4](10) + wythoff(3,5) + king(4,3)"),
                ("explain", "1"),
            ],
            &["--explain"],
        ),
        (&[("expr", "nim(1,1,2)"), ("misere", "1")], &["--misere"]),
        (
            &[
                ("expr", "domineering(2,3) + {-1,0|} + nim(2)"),
                ("misere", "1"),
                ("explain", "1"),
            ],
            &["--misere", "--explain"],
        ),
        (
            &[("expr", "nim(7,7,7,7,1)"), ("max_moves", "1")],
            &["--max-moves", "1"],
        ),
        (
            &[("expr", "wythoff(1000000000000000000, 1618033988749894848)")],
            &[],
        ),
        (
            &[("expr", "sub[1,3,4](1000000000000000000000000000000)")],
            &[],
        ),
        (
            &[("expr", "kayles(10,11) + dawson(7)"), ("explain", "1")],
            &["--explain"],
        ),
    ];
    for (query, flags) in cases {
        let (status, body) = s.get_text("/api/solve", query);
        let mut args = vec!["solve", "--json", "--max-states", STATES];
        args.extend_from_slice(flags);
        args.push(query[0].1);
        assert_eq!(status, 200, "{query:?}: {body}");
        assert_eq!(body, cli(&args), "{query:?}");
    }
}

#[test]
fn table_value_and_nash_answer_exactly_the_command_lines_documents() {
    let s = Server::start(&[]);
    for (query, flags) in [
        (
            vec![("family", "sub[1,3,4]"), ("to", "30")],
            vec!["--to", "30"],
        ),
        (
            vec![
                ("family", "sub[2,5]"),
                ("from", "5"),
                ("to", "12"),
                ("explain", "1"),
            ],
            vec!["--from", "5", "--to", "12", "--explain"],
        ),
        (
            vec![("family", "octal[0.137]"), ("to", "300")],
            vec!["--to", "300"],
        ),
        (
            vec![("family", "grundy_game"), ("to", "100")],
            vec!["--to", "100"],
        ),
    ] {
        let (status, body) = s.get_text("/api/table", &query);
        let mut args = vec!["table", "--json", "--max-states", STATES];
        args.extend(flags);
        args.push(query[0].1);
        assert_eq!(status, 200, "{query:?}: {body}");
        assert_eq!(body, cli(&args), "{query:?}");
    }
    for (query, flags) in [
        (vec![("expr", "{2|-1}")], vec![]),
        (
            vec![("expr", "{1|-1} + {1|-1}"), ("explain", "1")],
            vec!["--explain"],
        ),
        (vec![("expr", "±1 + ^"), ("ascii", "1")], vec!["--ascii"]),
        (
            vec![("expr", "hackenbush(\"lrlrrllr\") + cut(5,2) + ^")],
            vec![],
        ),
        (vec![("expr", "{3|{2|0}}")], vec![]),
        // The whole language: a comparison (its `compare` field), functions, G:H.
        (vec![("expr", "^ <= *")], vec![]),
        (
            vec![("expr", "NortonMultiply(1/2, ^) - 2 * ^ >= 1:1")],
            vec![],
        ),
    ] {
        let (status, body) = s.get_text("/api/value", &query);
        let mut args = vec!["value", "--json", "--max-states", STATES];
        args.extend(flags);
        args.push(query[0].1);
        assert_eq!(status, 200, "{query:?}: {body}");
        // The command line's document byte for byte, with the pictures added last.
        let doc = cli(&args);
        let head = doc.trim_end().strip_suffix('}').unwrap();
        let rest = body.strip_prefix(head).unwrap_or_else(|| panic!("{body}"));
        assert!(rest.starts_with(",\"pictures\":["), "{query:?}: {rest}");
        assert!(
            rest.ends_with("]}\n") && doc.ends_with("}\n"),
            "{query:?}: {rest}"
        );
    }
    let dir = std::env::temp_dir().join(format!("sprague-web-api-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, game) in [
        r#"{"rows":["quiet","confess"],"cols":["quiet","confess"],"row_payoffs":[[-1,-20],[0,-8]],"col_payoffs":[[-1,0],[-20,-8]]}"#,
        r#"{"rows":["opera","football"],"cols":["opera","football"],"row_payoffs":[[3,0],[0,2]],"col_payoffs":[[2,0],[0,3]]}"#,
        r#"{"players":["A","B","C"],"strategies":[["a"],["b"],["c","d"]],"payoffs":[[[[1,1,1],[2,2,2]]]]}"#,
    ]
    .iter()
    .enumerate()
    {
        let file = dir.join(format!("game{i}.json"));
        std::fs::write(&file, game).unwrap();
        let file = file.to_str().unwrap();
        for explain in [false, true] {
            let path = if explain { "/api/nash?explain=1" } else { "/api/nash" };
            let mut r = s
                .agent
                .post(format!("{}{path}", s.url))
                .header("content-type", "application/json")
                .send(game.as_bytes())
                .expect("request");
            assert_eq!(r.status().as_u16(), 200);
            let body = r.body_mut().read_to_string().unwrap();
            let mut args = vec!["nash", "--json"];
            if explain {
                args.push("--explain");
            }
            args.push(file);
            assert_eq!(body, cli(&args), "{game}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn nash_takes_the_method_and_nfg_text() {
    let s = Server::start(&[]);
    let dir = std::env::temp_dir().join(format!("sprague-web-nash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sexes = r#"{"rows":["opera","football"],"cols":["opera","football"],"row_payoffs":[[3,0],[0,2]],"col_payoffs":[[2,0],[0,3]]}"#;
    let nfg = "NFG 1 R \"Sexes\" { \"Ann\" \"Bob\" }\n{ { \"opera\" \"football\" } { \"opera\" \"football\" } }\n\n3 2 0 0 0 0 2 3\n";
    let post = |query: &str, body: &str| {
        let mut r = s
            .agent
            .post(format!("{}/api/nash{query}", s.url))
            .header("content-type", "application/json")
            .send(body.as_bytes())
            .expect("request");
        let status = r.status().as_u16();
        (status, r.body_mut().read_to_string().unwrap())
    };
    for (game, name) in [(sexes, "sexes.json"), (nfg, "sexes.nfg")] {
        let file = dir.join(name);
        std::fs::write(&file, game).unwrap();
        let file = file.to_str().unwrap();
        for method in ["vertex", "lh", "support"] {
            let (status, body) = post(&format!("?method={method}"), game);
            assert_eq!(status, 200, "{body}");
            assert_eq!(body, cli(&["nash", "--json", "--method", method, file]));
            let v: Value = serde_json::from_str(&body).unwrap();
            assert_eq!(v["method"], method);
            assert_eq!(v["complete"], method != "lh");
        }
    }
    let (status, body) = post("?method=simplex", sexes);
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("write vertex, lh or support"), "{body}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn value_answers_a_comparison_with_its_compare_field() {
    let s = Server::start(&[]);
    // ^ and * are confused (Winning Ways ch. 3): ^ <= * fails, ^ <> * holds; the
    // report is of ^ - * = ^*.
    let (status, body) = s.get("/api/value", &[("expr", "^ <= *")]);
    assert_eq!(status, 200, "{body}");
    let c = &body["compare"];
    assert_eq!(
        (
            c["left"].as_str(),
            c["relation"].as_str(),
            c["right"].as_str()
        ),
        (Some("^"), Some("<="), Some("*")),
        "{body}"
    );
    assert_eq!(
        (c["holds"].as_bool(), c["order"].as_str()),
        (Some(false), Some("<>"))
    );
    assert_eq!(body["canonical"], "^*");
    // A plain game has no comparison.
    let (_, body) = s.get("/api/value", &[("expr", "^")]);
    assert!(body["compare"].is_null(), "{body}");
    // The whole language: functions, ordinal sums and multiples, alone or compared,
    // each with its thermograph. Cooling the switch {3|-3} by 1 gives {2|-2} (its
    // walls move in by t below its temperature 3): mean 0, temperature 2. The
    // ordinal sum 1:1 is {1|} = 2. 3 * ^ is ^ + ^ + ^, which is positive.
    let (_, body) = s.get("/api/value", &[("expr", "Cool({3|-3}, 1)")]);
    assert_eq!(
        (&body["canonical"], &body["mean"], &body["temperature"]),
        (&json!("±2"), &json!("0"), &json!("2")),
        "{body}"
    );
    assert_eq!(
        body["thermograph"]["mast"],
        json!({"x": "0", "t": "2"}),
        "{body}"
    );
    let (_, body) = s.get("/api/value", &[("expr", "1:1")]);
    assert_eq!(body["number"], "2", "{body}");
    for (expr, holds, order) in [
        ("3 * ^ == ^ + ^ + ^", true, "=="),
        ("3 * ^ > 0", true, ">"),
        // ±2 - 2 = {0|-4}: whoever moves first wins, so ±2 and 2 are confused;
        // 3 - ±2 = {5|1} > 0, so ±2 < 3.
        ("Cool({3|-3}, 1) <> 1:1", true, "<>"),
        ("1:1 <| Cool({3|-3}, 1)", true, "<>"),
        ("Cool({3|-3}, 1) >= 1:1", false, "<>"),
        ("Cool({3|-3}, 1) < 3", true, "<"),
        ("{1|-1} <> 0", true, "<>"),
    ] {
        let (status, body) = s.get("/api/value", &[("expr", expr)]);
        assert_eq!(status, 200, "{expr}: {body}");
        let c = &body["compare"];
        assert_eq!(
            (c["holds"].as_bool(), c["order"].as_str()),
            (Some(holds), Some(order)),
            "{expr}: {body}"
        );
        assert!(body["thermograph"].is_object(), "{expr}: {body}");
        let (_, check) = s.get("/api/check", &[("expr", expr), ("kind", "value")]);
        assert_eq!(check["ok"], true, "{expr}: {check}");
    }
    // A capitalised name is a worksheet's variable, which the server has none of.
    let (status, body) = s.get("/api/value", &[("expr", "^ + G")]);
    assert_eq!(status, 400, "{body}");
    let (kind, message, column) = error(&body);
    assert_eq!((kind, column), ("input", Some(5)), "{body}");
    assert!(message.contains("unknown variable 'G'"), "{message}");
}

#[test]
fn value_gives_the_pictures_of_the_sums_components() {
    let s = Server::start(&[]);
    let pictures = |expr: &str| {
        let (status, body) = s.get("/api/value", &[("expr", expr)]);
        assert_eq!(status, 200, "{expr}: {body}");
        body["pictures"].as_array().unwrap().clone()
    };
    // A Domineering board of 2 rows and 3 columns, every cell empty.
    let p = pictures("domineering(2,3)");
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(
        (&p[0]["kind"], p[0]["component"].as_u64()),
        (&json!("cells"), Some(0))
    );
    assert_eq!(p[0]["rows"], json!(["...", "..."]));
    // A Hackenbush string: a stalk of its edges from the ground up.
    let p = pictures("hackenbush(\"BRB\")");
    assert_eq!(
        (&p[0]["kind"], &p[0]["colours"]),
        (&json!("stalk"), &json!("BRB"))
    );
    // An impartial heap as heaps, a literal as text; components numbered in order.
    let p = pictures("nim(3) + ^");
    assert_eq!(p.len(), 2, "{p:?}");
    assert_eq!(
        (&p[0]["kind"], &p[0]["sizes"]),
        (&json!("heaps"), &json!([3]))
    );
    assert_eq!(
        (&p[1]["kind"], &p[1]["text"]),
        (&json!("text"), &json!("^"))
    );
    assert_eq!(p[1]["component"], 1);
    // No position: nothing to draw.
    assert_eq!(pictures("{1|0} + ^"), Vec::<Value>::new());
    assert_eq!(pictures("domineering(2,2) <= 1"), Vec::<Value>::new());
}

#[test]
fn every_error_kind_has_its_status() {
    let s = Server::start(&["--max-states", "1000", "--max-body", "1000"]);
    // 400 with the column, as `sprague solve 'nim(3,'` says.
    let (status, body) = s.get("/api/solve", &[("expr", "nim(3,")]);
    assert_eq!(
        (status, error(&body).0, error(&body).2),
        (400, "input", Some(7))
    );
    let (status, body) = s.get("/api/value", &[("expr", "{1|")]);
    assert_eq!((status, error(&body).2), (400, Some(4)));
    let (status, body) = s.get("/api/table", &[("family", "sub[1,3,4](3)")]);
    assert_eq!(status, 400, "{body}");
    let (status, _) = s.get("/api/solve", &[]);
    assert_eq!(status, 400);
    let (status, body) = s.get("/api/solve", &[("expr", "nim(1)"), ("explain", "yes")]);
    assert_eq!(status, 400);
    assert!(error(&body).1.contains("explain"));
    // The server's cap on a table's length, named.
    let (status, body) = s.get("/api/table", &[("family", "nim"), ("to", "1000000")]);
    assert_eq!(status, 400);
    assert!(error(&body).1.contains("1000000 heaps"), "{body}");
    let (status, _) = s.get(
        "/api/table",
        &[("family", "nim"), ("from", "9"), ("to", "3")],
    );
    assert_eq!(status, 400);
    // 422: the server's --max-states, named as the command line names it.
    let (status, body) = s.get("/api/table", &[("family", "octal[0.137]"), ("to", "5000")]);
    assert_eq!((status, error(&body).0), (422, "limit"), "{body}");
    assert!(error(&body).1.contains("--max-states"), "{body}");
    // 413: a body beyond --max-body.
    let big = vec![b' '; 5000];
    let (status, body) = s.post("/api/nash", &big);
    assert_eq!((status, error(&body).0), (413, "input"));
    assert!(error(&body).1.contains("--max-body"));
    // A bad game: 400 with the command line's message.
    let (status, body) = s.post("/api/nash", b"{\"rows\": [");
    assert_eq!((status, error(&body).0), (400, "input"), "{body}");
    assert!(error(&body).1.starts_with("nash: "), "{body}");
    // Not JSON: refused before reading.
    let mut r = s
        .agent
        .post(format!("{}/api/nash", s.url))
        .header("content-type", "text/plain")
        .send(&b"{}"[..])
        .unwrap();
    assert_eq!(r.status().as_u16(), 400);
    assert!(
        r.body_mut()
            .read_to_string()
            .unwrap()
            .contains("application/json")
    );
    // The wrong method.
    let (status, body) = s.get("/api/nash", &[]);
    assert_eq!((status, error(&body).0), (405, "input"));
}

/// Starts a request on another thread; its status, body and time taken.
fn in_background(
    s: &Server,
    path: &str,
    query: Vec<(&'static str, &'static str)>,
) -> std::thread::JoinHandle<(u16, Value, Duration)> {
    let agent = s.agent.clone();
    let url = format!("{}{path}", s.url);
    std::thread::spawn(move || {
        let t = Instant::now();
        let mut req = agent.get(url);
        for (k, v) in query {
            req = req.query(k, v);
        }
        let mut r = req.call().expect("request");
        let status = r.status().as_u16();
        let text = r.body_mut().read_to_string().expect("body");
        (
            status,
            serde_json::from_str(&text).expect("JSON"),
            t.elapsed(),
        )
    })
}

/// A computation that takes seconds and checks the stop signal as it works: the
/// canonical form of 6×6 Domineering.
const LONG: &str = "domineering(6,6)";

/// Gives the requests started in the background time to reach the server.
fn settle() {
    std::thread::sleep(Duration::from_millis(300));
}

#[test]
fn a_computation_past_the_deadline_answers_timeout_and_frees_its_thread() {
    let s = Server::start(&["--timeout", "0.5", "--max-concurrent", "1"]);
    let t = Instant::now();
    let (status, body) = s.get("/api/value", &[("expr", LONG)]);
    let took = t.elapsed();
    assert_eq!((status, error(&body).0), (503, "timeout"), "{body}");
    assert!(error(&body).1.contains("--timeout"), "{body}");
    assert!(took < Duration::from_millis(2500), "{took:?}");
    // The engine saw the stop signal: its permit is free again within a second.
    assert_the_thread_is_freed(&s);
}

/// Waits (at most 2 s) until a small request is answered again on a server with
/// `--max-concurrent 1`: the stopped computation freed its thread.
fn assert_the_thread_is_freed(s: &Server) {
    let t = Instant::now();
    loop {
        let (status, body) = s.get("/api/solve", &[("expr", "nim(3,4,5)")]);
        if status == 200 {
            break;
        }
        assert_eq!(error(&body).0, "busy");
        assert!(
            t.elapsed() < Duration::from_secs(2),
            "the thread was not freed"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// An 11×11 game with payoffs from a fixed sequence in -9..=9: its support
/// enumeration examines 705 431 pairs (seconds of work).
fn big_game() -> String {
    let mut x: u64 = 7;
    let mut next = || {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((x >> 33) % 19) as i64 - 9
    };
    let mut matrix = || {
        let rows: Vec<String> = (0..24)
            .map(|_| {
                let row: Vec<String> = (0..24).map(|_| next().to_string()).collect();
                format!("[{}]", row.join(","))
            })
            .collect();
        format!("[{}]", rows.join(","))
    };
    let names: Vec<String> = (0..24).map(|i| format!("\"s{i}\"")).collect();
    let names = names.join(",");
    let (a, b) = (matrix(), matrix());
    format!(r#"{{"rows":[{names}],"cols":[{names}],"row_payoffs":{a},"col_payoffs":{b}}}"#)
}

#[test]
fn nash_past_the_deadline_answers_timeout_and_frees_its_thread() {
    let s = Server::start(&["--timeout", "0.5", "--max-concurrent", "1"]);
    let (status, body) = s.post("/api/nash", big_game().as_bytes());
    assert_eq!((status, error(&body).0), (503, "timeout"), "{body}");
    // The enumeration saw the stop signal: its permit is free again at once, not
    // when the whole enumeration would have ended.
    assert_the_thread_is_freed(&s);
}

#[test]
fn beyond_max_concurrent_the_server_is_busy_and_health_still_answers() {
    let s = Server::start(&["--timeout", "3", "--max-concurrent", "2"]);
    let long: Vec<_> = (0..2)
        .map(|_| in_background(&s, "/api/value", vec![("expr", LONG)]))
        .collect();
    settle();
    let (status, body) = s.get("/api/solve", &[("expr", "nim(3,4,5)")]);
    assert_eq!((status, error(&body).0), (503, "busy"), "{body}");
    assert!(error(&body).1.contains("--max-concurrent"));
    // Health never waits for computations.
    for _ in 0..10 {
        let t = Instant::now();
        let (status, _) = s.get("/api/health", &[]);
        assert_eq!(status, 200);
        assert!(
            t.elapsed() < Duration::from_millis(500),
            "{:?}",
            t.elapsed()
        );
    }
    // The page and checks need no computation either.
    assert_eq!(s.get_raw("/").0, 200);
    assert_eq!(s.get("/api/check", &[("expr", "nim(1)")]).0, 200);
    // The long ones end at their deadline (or before, on a fast machine).
    for h in long {
        let (status, body, took) = h.join().unwrap();
        assert!(status == 200 || error(&body).0 == "timeout", "{body}");
        assert!(took < Duration::from_millis(5000), "{took:?}");
    }
}

#[test]
fn no_input_makes_the_server_fail() {
    let s = Server::start(&["--timeout", "2", "--max-states", "100000"]);
    let deep = "{".repeat(3000);
    let long = format!("nim({})", "9".repeat(5000));
    let many = format!("nim({})", vec!["1"; 5000].join(","));
    let odd = [
        "",
        " ",
        "+",
        "nim()",
        "nim(-1)",
        "nim(1,",
        "{|}",
        "{{{{}}}}",
        "\u{0}",
        "nim(3)\u{7f}",
        "é",
        "∞",
        "*99999999999999999999999",
        "1/3",
        "1/0",
        "^^^^^^^^^^^^^^^^",
        "hackenbush(\"\")",
        "cut(0,0)",
        "domineering(0,0)",
        "wythoff(1)",
        "sub[](3)",
        "octal[](3)",
        "octal[9.9](3)",
        "moore[0](1,2)",
        "grid[\"\"](0,0)",
        "grid[\"#\"](0,0)",
        "fib(0,0)",
        "ring()",
        "stair()",
        "king(1)",
        "kth(5,0)",
        "circle[0,0](0,0)",
        "digraph[\"\"](0)",
        &deep,
        &long,
        &many,
    ];
    for e in odd {
        for path in [
            "/api/solve",
            "/api/value",
            "/api/play",
            "/api/play/reply",
            "/api/check",
        ] {
            let (status, body) = s.get_text(path, &[("expr", e)]);
            assert!(
                matches!(status, 200 | 400 | 422 | 503),
                "{path} {:?}: {status} {body}",
                e.chars().take(40).collect::<String>()
            );
            let v: Value = serde_json::from_str(&body).expect("JSON");
            if status != 200 {
                assert!(
                    v["error"]["message"]
                        .as_str()
                        .is_some_and(|m| !m.contains('\n'))
                );
            }
        }
        for (path, key) in [("/api/table", "family"), ("/api/grid", "family")] {
            let (status, _) = s.get_text(path, &[(key, e), ("to", "10"), ("rows", "4")]);
            assert!(
                matches!(status, 200 | 400 | 422 | 503),
                "{path} {e:?}: {status}"
            );
        }
    }
    for body in [
        &b""[..],
        b"null",
        b"[]",
        b"{}",
        b"\xff\xfe",
        b"{\"rows\":[\"a\"],\"cols\":[\"b\"],\"row_payoffs\":[[1e999]],\"col_payoffs\":[[1]]}",
    ] {
        let (status, _) = s.post("/api/nash", body);
        assert!(matches!(status, 200 | 400 | 422), "{body:?}: {status}");
    }
    // Percent-encoding that is not UTF-8.
    let (status, ct, _) = s.get_raw("/api/solve?expr=%ff%fe");
    assert_eq!(status, 400);
    assert!(ct.starts_with("application/json"));
    assert_eq!(s.get("/api/health", &[]).0, 200);
}

#[test]
fn bad_flags_and_a_taken_port_are_one_line_errors() {
    for (flags, code) in [
        (&["--timeout", "0"][..], 2),
        (&["--timeout", "nan"][..], 2),
        (&["--max-concurrent", "0"][..], 2),
        (&["--queue", "100000"][..], 2),
        (&["--queue-wait", "nan"][..], 2),
        (&["--write-timeout", "0"][..], 2),
        (&["--max-unsent", "0"][..], 2),
        (&["--host", "not-an-address"][..], 2),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
            .args(["serve", "--port", "0"])
            .args(flags)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{flags:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("sprague: "), "{err}");
    }
    // A port already taken: exit 1, naming it.
    let s = Server::start(&[]);
    let port = s.url.rsplit(':').next().unwrap().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["serve", "--port", &port])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(&port) && err.lines().count() == 1, "{err}");
}

/// A raw connection to the server that has sent `sent` and nothing more.
fn raw(server: &Server, sent: &str) -> std::net::TcpStream {
    use std::io::Write;
    let addr = server.url.trim_start_matches("http://");
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    s.write_all(sent.as_bytes()).expect("send");
    s
}

/// Reads until the server closes the connection (or `limit` passes): what was read,
/// and whether the server closed it.
fn read_to_close(s: &mut std::net::TcpStream, limit: Duration) -> (String, bool) {
    use std::io::Read;
    s.set_read_timeout(Some(limit)).expect("timeout");
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return (String::from_utf8_lossy(&got).into_owned(), true),
            Ok(k) => got.extend_from_slice(&buf[..k]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            // Only the limit passing leaves the connection open.
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return (String::from_utf8_lossy(&got).into_owned(), false);
            }
            // A reset (or any other error of the socket) is the server closing it too.
            Err(_) => return (String::from_utf8_lossy(&got).into_owned(), true),
        }
    }
}

#[test]
fn a_client_too_slow_to_send_its_headers_is_disconnected() {
    let server = Server::start(&["--header-timeout", "1"]);
    // Half a request, then nothing (a "slowloris" client).
    let mut slow = raw(&server, "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    let (answer, closed) = read_to_close(&mut slow, Duration::from_secs(30));
    assert!(closed, "the server kept a half-sent request open");
    assert!(!answer.contains("200 OK"), "{answer}");
    // An idle kept-alive connection is closed too, after its request was answered.
    let mut idle = raw(
        &server,
        "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    );
    let (answer, closed) = read_to_close(&mut idle, Duration::from_secs(30));
    assert!(closed, "the server kept an idle connection open");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // And the server goes on serving.
    assert_eq!(server.get("/api/health", &[]).0, 200);
}

#[test]
fn connections_beyond_the_cap_wait_until_one_closes() {
    let server = Server::start(&["--max-connections", "2", "--header-timeout", "60"]);
    let first = raw(&server, "GET /api/health HTTP/1.1\r\n");
    let second = raw(&server, "GET /api/health HTTP/1.1\r\n");
    // Both connections are taken: a third client is not served meanwhile...
    let mut third = raw(
        &server,
        "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    let (answer, closed) = read_to_close(&mut third, Duration::from_millis(500));
    assert!(
        !closed && answer.is_empty(),
        "served beyond the cap: {answer}"
    );
    // ... and is as soon as one of them goes away.
    drop(first);
    let (answer, closed) = read_to_close(&mut third, Duration::from_secs(30));
    assert!(closed && answer.starts_with("HTTP/1.1 200"), "{answer}");
    drop(second);
}

/// A request of [`every_route_frees_its_slot_soon_after_its_deadline`]: a `GET` with
/// its query, or a `POST` of a body to `/api/nash`.
enum Slow {
    Get(&'static str, Vec<(&'static str, String)>),
    Nash(String),
}

/// A game of `n × n` strategies whose payoffs have `digits` digits each, from a fixed
/// sequence: its exact support enumeration takes minutes.
fn huge_payoff_game(n: usize, digits: usize) -> String {
    let mut x: u64 = 11;
    let mut number = || {
        let mut s = String::with_capacity(digits);
        for i in 0..digits {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let d = (x >> 33) % 10;
            s.push(char::from(b'0' + if i == 0 { 1 + d % 9 } else { d } as u8));
        }
        s
    };
    let mut matrix = || {
        let rows: Vec<String> = (0..n)
            .map(|_| {
                format!(
                    "[{}]",
                    (0..n).map(|_| number()).collect::<Vec<_>>().join(",")
                )
            })
            .collect();
        format!("[{}]", rows.join(","))
    };
    let names: Vec<String> = (0..n).map(|i| format!("\"s{i}\"")).collect();
    let names = names.join(",");
    let (a, b) = (matrix(), matrix());
    format!(r#"{{"rows":[{names}],"cols":[{names}],"row_payoffs":{a},"col_payoffs":{b}}}"#)
}

#[test]
fn every_route_frees_its_slot_soon_after_its_deadline() {
    // For each computing route, a request that works past the deadline (0.5 s) —
    // several of them kept their thread for seconds or minutes after being answered
    // `timeout` — then small requests until one is not answered `busy`: the slot is
    // free again within a couple of seconds of the deadline.
    let s = Server::start(&["--timeout", "0.5", "--max-concurrent", "1"]);
    let greens = format!("hackenbush(\"{}\")", "G".repeat(1000));
    let huge = "1000000000000000000000000000000";
    let q = |pairs: &[(&'static str, &str)]| -> Vec<(&'static str, String)> {
        pairs.iter().map(|&(k, v)| (k, v.to_string())).collect()
    };
    let cases = vec![
        // A green stalk was searched for minutes (it is *1000).
        Slow::Get("/api/solve", q(&[("expr", &greens)])),
        Slow::Get("/api/solve", q(&[("expr", "domineering(6,6)")])),
        Slow::Get("/api/value", q(&[("expr", "domineering(6,6)")])),
        // The probe choosing the engine of a table did not see the signal.
        Slow::Get(
            "/api/table",
            q(&[
                ("family", "octal[4.01234567777777777777777777777777]"),
                ("from", "0"),
                ("to", "999999"),
            ]),
        ),
        Slow::Get(
            "/api/grid",
            q(&[("family", "moore[3]"), ("rows", "512"), ("cols", "512")]),
        ),
        // A grid of values found by exhaustive search, one cell after another.
        Slow::Get(
            "/api/grid",
            q(&[("family", "ring"), ("rows", "512"), ("cols", "512")]),
        ),
        Slow::Get(
            "/api/play",
            q(&[("expr", &format!("king({huge},{huge})")), ("misere", "1")]),
        ),
        // The moves of huge Kayles heaps to a value were listed without a look at
        // the signal (9 s late).
        Slow::Get(
            "/api/play/reply",
            q(&[("expr", &format!("kayles({huge},{huge})"))]),
        ),
        // Partizan play: the search looked at the signal every 4 096 nodes.
        Slow::Get("/api/play", q(&[("expr", &greens)])),
        Slow::Get("/api/play/reply", q(&[("expr", "domineering(7,7)")])),
        Slow::Get(
            "/api/play/reply",
            q(&[("expr", &format!("{greens} + domineering(5,5)")), ("side", "right")]),
        ),
        // Exact arithmetic on numbers of 1 500 digits (minutes of work), and on
        // payoffs of 100 001 digits (one operation took seconds; now refused).
        Slow::Nash(huge_payoff_game(8, 1500)),
        Slow::Nash(
            r#"{"rows":["a","b","c"],"cols":["x","y","z"],"row_payoffs":[[1e100000,1,2],[3,1e100000,5],[1,2,1e100000]],"col_payoffs":[[2,1e100000,1],[1e100000,1,3],[4,5,1e100000]]}"#
                .to_string(),
        ),
    ];
    for case in cases {
        let agent = s.agent.clone();
        let url = s.url.clone();
        let what = match &case {
            Slow::Get(path, query) => format!("{path} {:.60}", query[0].1),
            Slow::Nash(body) => format!("/api/nash {:.60}", body),
        };
        let start = Instant::now();
        let first = std::thread::spawn(move || {
            let mut r = match case {
                Slow::Get(path, query) => {
                    let mut req = agent.get(format!("{url}{path}"));
                    for (k, v) in query {
                        req = req.query(k, v);
                    }
                    req.call().expect("request")
                }
                Slow::Nash(body) => agent
                    .post(format!("{url}/api/nash"))
                    .header("content-type", "application/json")
                    .send(body.as_bytes())
                    .expect("request"),
            };
            let status = r.status().as_u16();
            let text = r.body_mut().read_to_string().expect("body");
            (status, text)
        });
        settle();
        loop {
            let (status, body) = s.get("/api/solve", &[("expr", "nim(3,4,5)")]);
            if status == 200 {
                break;
            }
            assert_eq!(error(&body).0, "busy", "{what}");
            assert!(
                start.elapsed() < Duration::from_millis(3000),
                "{what}: the slot was not freed within 2.5 s of the deadline"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let (status, text) = first.join().unwrap();
        let v: Value = serde_json::from_str(&text).expect("JSON");
        assert!(
            status == 200 || matches!(error(&v).0, "timeout" | "limit"),
            "{what}: {status} {text:.300}"
        );
    }
}

#[test]
fn quotient_is_the_document_of_the_command() {
    let s = Server::start(&[]);
    let (status, _, raw) = s.get_raw("/api/quotient?family=octal%5B0.75%5D&to=10");
    assert_eq!(status, 200, "{raw}");
    let cli = sprague()
        .args(["quotient", "--json", "--to", "10", "octal[0.75]"])
        .output()
        .unwrap();
    assert_eq!(raw, String::from_utf8(cli.stdout).unwrap());
    // Plambeck (INTEGERS 5 (2005) G5): 0.75's quotient has eight elements.
    let (_, body) = s.get("/api/quotient", &[("family", "octal[0.75]"), ("to", "10")]);
    assert_eq!(body["order"], 8);
    // Not a heap game, no heaps, too many heaps, a file: one-line input errors.
    for q in [
        &[("family", "wythoff"), ("to", "5")][..],
        &[("family", "octal[0.75]"), ("to", "0")],
        &[("family", "octal[0.75]"), ("to", "1001")],
        &[("family", "digraph[\"/etc/passwd\"]")],
    ] {
        let (status, body) = s.get("/api/quotient", q);
        assert_eq!((status, error(&body).0), (400, "input"), "{q:?}: {body}");
    }
}

#[test]
fn nash_answers_game_trees_with_their_drawing() {
    let s = Server::start(&[]);
    let tree = std::fs::read(format!(
        "{}/examples/nash/entry.efg",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let (status, body) = s.post("/api/nash", &tree);
    assert_eq!(status, 200, "{body}");
    // By hand: the incumbent accommodates once in (1 > -1), so the entrant enters.
    assert_eq!(
        body["extensive"]["subgame_perfect"][0]["payoffs"],
        json!(["1", "1"])
    );
    let svg = body["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("edge on"), "{svg}");
    // The rest is the command line's document.
    let out = sprague()
        .args(["nash", "--json", "examples/nash/entry.efg"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let mut cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    cli["svg"] = body["svg"].clone();
    assert_eq!(body, cli);
    // Games that are not trees have no drawing.
    let (status, body) = s.post(
        "/api/nash",
        br#"{"rows":["a"],"cols":["x"],"row_payoffs":[[1]],"col_payoffs":[[2]]}"#,
    );
    assert_eq!(status, 200);
    assert!(body.get("svg").is_none(), "{body}");
}
