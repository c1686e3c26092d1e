//! The play view's API for partizan positions (`/api/play`, `/api/play/reply` with
//! `side`) through a real HTTP client against `sprague serve`. Whether a move wins is
//! checked against `/api/value` (the canonical form, apart from the search that play
//! uses): Left moving first wins G exactly when G ≰ 0, Right when G ≱ 0 (Winning
//! Ways, ch. 2). 2×3 Domineering is {2 | −1/2} (Winning Ways; REFERENCES).

use serde_json::Value;

use crate::common::web::{Server, error};

/// Whether `side` wins `position` moving first, from its canonical value's outcome.
fn wins_first(s: &Server, position: &str, side: &str) -> bool {
    let (status, v) = s.get("/api/value", &[("expr", position)]);
    assert_eq!(status, 200, "{v}");
    match v["outcome"].as_str().unwrap() {
        "N" => true,
        "P" => false,
        "L" => side == "left",
        "R" => side == "right",
        o => panic!("outcome {o}"),
    }
}

fn other(side: &str) -> &'static str {
    if side == "left" { "right" } else { "left" }
}

#[test]
fn play_lists_the_moves_with_their_results_and_cells() {
    let s = Server::start(&[]);
    for (expr, side) in [
        ("domineering(2,3)", "right"),
        ("domineering(3,3)", "left"),
        ("clobber(\"XOX|OXO\")", "left"),
        ("toads(\"TT..FF\")", "right"),
        ("domineering(2,2) + {1|-1}", "left"),
    ] {
        let (status, b) = s.get("/api/play", &[("expr", expr), ("side", side)]);
        assert_eq!(status, 200, "{b}");
        assert_eq!(b["partizan"], true);
        assert_eq!(b["to_move"], side);
        assert_eq!(b["mover_wins"], wins_first(&s, expr, side), "{expr}");
        let moves = b["moves"].as_array().unwrap();
        assert!(!moves.is_empty());
        for m in moves {
            let after = m["to"].as_str().unwrap();
            let wins = !wins_first(&s, after, other(side));
            assert_eq!(
                m["result"],
                if wins { "win" } else { "lose" },
                "{expr} → {after}"
            );
        }
        let d = &b["drawing"][0];
        assert_eq!(d["kind"], "cells", "{d}");
        assert!(d["legend"].as_object().unwrap().len() >= 2);
    }
    // Domineering: Right's dominoes lie across, on two cells of one row.
    let (_, b) = s.get(
        "/api/play",
        &[("expr", "domineering(2,3)"), ("side", "right")],
    );
    assert_eq!(b["drawing"][0]["rows"], serde_json::json!(["...", "..."]));
    for m in b["moves"].as_array().unwrap() {
        let c = m["cells"].as_array().unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(c[0][0], c[1][0]);
        // The target names the same two cells.
        assert_eq!(m["target"]["kind"], "cells");
        assert_eq!(&m["target"]["cells"], &m["cells"]);
    }
    // A Hackenbush string is drawn as a stalk, from the ground up; Left's moves cut
    // the blue edge 0 (all fall) or the green edge 2.
    let (_, b) = s.get("/api/play", &[("expr", "hackenbush(\"BRG\")")]);
    assert_eq!(b["drawing"][0]["kind"], "stalk");
    assert_eq!(b["drawing"][0]["colours"], "BRG");
    let targets: Vec<&serde_json::Value> = b["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["target"])
        .collect();
    assert_eq!(
        targets,
        [
            &serde_json::json!({"kind": "cut", "edge": 0, "fallen": [1, 2]}),
            &serde_json::json!({"kind": "cut", "edge": 2, "fallen": []})
        ]
    );
}

#[test]
fn reply_plays_a_winning_move_when_there_is_one() {
    let s = Server::start(&[]);
    for (expr, side) in [
        ("domineering(2,3)", "left"),
        ("domineering(2,3)", "right"),
        ("domineering(3,3)", "right"),
        ("konane(\"XO.|.OX|X..\")", "left"),
        ("toppling(\"LRLG\")", "right"),
    ] {
        assert!(wins_first(&s, expr, side), "{expr}");
        let (status, b) = s.get("/api/play/reply", &[("expr", expr), ("side", side)]);
        assert_eq!(status, 200, "{b}");
        assert_eq!(b["by"], side);
        let after = b["move"]["to"].as_str().unwrap();
        assert!(!wins_first(&s, after, other(side)), "{expr}: {after}");
        assert_eq!(b["move"]["result"], "win");
        assert!(b["why"].as_str().unwrap().contains("wins"));
    }
    // No move left: 1×2 Domineering for Left (vertical dominoes).
    let (status, b) = s.get("/api/play/reply", &[("expr", "domineering(1,2)")]);
    assert_eq!(status, 200);
    assert_eq!(b["move"], Value::Null);
    let (_, b) = s.get("/api/play", &[("expr", "domineering(1,2)")]);
    assert_eq!(
        (b["over"].clone(), b["winner"].clone()),
        (Value::Bool(true), "right".into())
    );
}

#[test]
fn bad_requests_are_input_errors() {
    let s = Server::start(&[]);
    let (status, b) = s.get("/api/play", &[("expr", "domineering(\"..x|.Q.\")")]);
    assert_eq!(status, 400);
    let (kind, _, column) = error(&b);
    assert_eq!((kind, column), ("input", Some(19)));
    let (status, b) = s.get("/api/play", &[("expr", "domineering(2,2)"), ("side", "up")]);
    assert_eq!(status, 400);
    assert!(error(&b).1.contains("left or right"));
    // Misère play reads games as their trees: a ruleset's position inside a game's
    // options is refused.
    let (status, b) = s.get(
        "/api/play/reply",
        &[("expr", "{0|domineering(2,2)}"), ("misere", "1")],
    );
    assert_eq!(status, 400);
    assert!(error(&b).1.contains("misère"), "{b}");
    let (status, b) = s.get("/api/play", &[("expr", "{0|digraph[\"/etc/passwd\"](0)}")]);
    assert_eq!(status, 400);
    assert!(error(&b).1.contains("files are not read here"), "{b}");
}

#[test]
fn a_position_too_big_for_the_server_still_gets_a_legal_reply() {
    // Within 300 states 6×6 Domineering is not decided: the answer says so and the
    // reply is still a domino.
    let s = Server::start(&["--max-states", "300"]);
    let (status, b) = s.get("/api/play", &[("expr", "domineering(6,6)")]);
    assert_eq!(status, 200, "{b}");
    // The server's setting that bounds the search is named.
    assert_eq!(b["note"], "not decided within --max-states");
    assert_eq!(b["outcome"], Value::Null);
    let (status, b) = s.get("/api/play/reply", &[("expr", "domineering(6,6)")]);
    assert_eq!(status, 200, "{b}");
    assert_eq!(b["move"]["cells"].as_array().unwrap().len(), 2);
}

#[test]
fn graphs_are_drawn_and_each_move_names_its_vertex_or_edges() {
    let s = Server::start(&[]);
    // Snort and Col on a triangle with a tail: four vertices, four edges; every
    // uncoloured vertex is one move of the side to move (nothing is coloured yet, so
    // no rule forbids any), and the move names it.
    for (expr, side) in [
        ("snort(\"0-1 1-2 2-0 2-3\")", "left"),
        ("col(\"0-1 1-2 2-0 2-3\")", "right"),
    ] {
        let (status, b) = s.get("/api/play", &[("expr", expr), ("side", side)]);
        assert_eq!(status, 200, "{b}");
        let d = &b["drawing"][0];
        assert_eq!(d["kind"], "graph", "{d}");
        assert_eq!(d["vertices"].as_array().unwrap().len(), 4, "{d}");
        assert_eq!(d["edges"].as_array().unwrap().len(), 4, "{d}");
        let vertices = |m: &serde_json::Value| -> Vec<u64> {
            assert_eq!(m["target"]["kind"], "colour", "{m}");
            m["target"]["vertices"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect()
        };
        let mut named: Vec<u64> = b["moves"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(vertices)
            .collect();
        named.sort();
        named.dedup();
        assert_eq!(named, [0, 1, 2, 3], "{expr}");
        // Every vertex a move's target names gives, coloured by hand, the part after
        // the move (the same value).
        let mine = if side == "left" { "L" } else { "R" };
        for m in b["moves"].as_array().unwrap() {
            for v in vertices(m) {
                let name = &expr[..expr.find('(').unwrap()];
                let by_hand = format!("{name}(\"0-1 1-2 2-0 2-3 {v}:{mine}\")");
                let (_, a) = s.get("/api/value", &[("expr", m["part_to"].as_str().unwrap())]);
                let (_, h) = s.get("/api/value", &[("expr", &by_hand)]);
                assert_eq!(a["value"], h["value"], "{expr}: vertex {v}");
            }
        }
    }
    // A Hackenbush graph that is not a stalk: a blue edge and a red edge on the ground
    // joined at the top by a green edge, and a blue loop at the ground. Left may cut
    // the blue edge, the green edge or the loop.
    let (status, b) = s.get(
        "/api/play",
        &[("expr", "hackenbush(\"0-1:B 0-2:R 1-2:G 0-0:B\")")],
    );
    assert_eq!(status, 200, "{b}");
    let d = &b["drawing"][0];
    assert_eq!(
        (&d["kind"], &d["grounded"]),
        (&serde_json::json!("graph"), &serde_json::json!(true)),
        "{d}"
    );
    assert_eq!(d["edges"].as_array().unwrap().len(), 4);
    let mut cut: Vec<u64> = b["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            assert_eq!(m["target"]["kind"], "cut", "{m}");
            m["target"]["edge"].as_u64().unwrap()
        })
        .collect();
    cut.sort();
    assert_eq!(cut, [0, 2, 3]);
    // A stalk stays a stalk.
    let (_, b) = s.get("/api/play", &[("expr", "hackenbush(\"0-1:B 1-2:R\")")]);
    assert_eq!(b["drawing"][0]["kind"], "stalk");
}

#[test]
fn both_kinds_answer_with_one_document() {
    // The same fields, whatever the kind of game: a partizan position has a side to
    // move, an impartial one a remoteness and a rule of play.
    let s = Server::start(&[]);
    let keys = |v: &Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    let (_, imp) = s.get("/api/play", &[("expr", "nim(3,4)")]);
    let (_, par) = s.get(
        "/api/play",
        &[("expr", "domineering(2,3)"), ("side", "right")],
    );
    assert_eq!(keys(&imp), keys(&par));
    assert_eq!(keys(&imp["moves"][0]), keys(&par["moves"][0]));
    assert_eq!(
        (
            &imp["partizan"],
            &imp["to_move"],
            &par["partizan"],
            &par["to_move"]
        ),
        (
            &Value::Bool(false),
            &Value::Null,
            &Value::Bool(true),
            &"right".into()
        )
    );
    // Bouton: nim(3,4) has nim-value 3 ⊕ 4 = 7, a win for the player to move by the
    // one move to nim(3,3); 2×3 Domineering is {2 | -1/2} (Winning Ways).
    assert_eq!(
        (&imp["value"], &imp["mover_wins"]),
        (&"*7".into(), &Value::Bool(true))
    );
    assert_eq!(par["value"], "{2|-1/2}");
    let winning: Vec<&Value> = imp["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["wins"] == true)
        .collect();
    assert_eq!(winning.len(), 1);
    assert_eq!(winning[0]["to"], "nim(3,3)");
    assert_eq!(winning[0]["part"], winning[0]["component"]);
    // The number of moves is a string of digits for both (3 + 4 for Nim; Right's
    // dominoes lie across: 2 in each of the 2 rows of 3 cells).
    assert_eq!((&imp["count"], &par["count"]), (&"7".into(), &"4".into()));
    // The reply names the side that moves, when there are sides.
    let (_, r) = s.get("/api/play/reply", &[("expr", "nim(3,4)")]);
    assert_eq!(
        (&r["by"], &r["move"]["to"]),
        (&Value::Null, &"nim(3,3)".into())
    );
    let (_, r) = s.get(
        "/api/play/reply",
        &[("expr", "domineering(2,3)"), ("side", "right")],
    );
    assert_eq!(r["by"], "right");
    assert_eq!(r["move"]["target"]["kind"], "cells");
    // A side that is neither is refused for an impartial position too.
    let (status, b) = s.get("/api/play", &[("expr", "nim(3)"), ("side", "up")]);
    assert_eq!(status, 400);
    assert!(error(&b).1.contains("left or right"));
}

#[test]
fn values_read_numbers_of_any_denominator() {
    let s = Server::start(&[]);
    let (status, v) = s.get("/api/value", &[("expr", "{2|1} - 1/3")]);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["canonical"], "-1/3 + {2|1}");
    assert_eq!(v["mean"], "7/6");
    assert_eq!(v["thermograph"]["mast"]["x"], "7/6");
    assert_eq!(v["left_options"], serde_json::Value::Null);
    let (status, v) = s.get("/api/value", &[("expr", "1/3 + 1/3 + 1/3 == 1")]);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["compare"]["holds"], true);
    let (status, v) = s.get("/api/check", &[("expr", "1/3 + ^"), ("kind", "value")]);
    assert_eq!(status, 200, "{v}");
}

#[test]
fn misere_play_of_a_partizan_position() {
    // Misère Domineering on 2×3 with Left (vertical) to move, by the rules: the
    // domino in column b leaves no horizontal move, so Right cannot move and wins;
    // the domino in column a (or c) leaves Right one domino in a row of two, after
    // which no column has two empty cells: Left cannot move and wins.
    let s = Server::start(&[]);
    let q = [
        ("expr", "domineering(2,3)"),
        ("misere", "1"),
        ("side", "left"),
    ];
    let (status, b) = s.get("/api/play", &q);
    assert_eq!(status, 200, "{b}");
    assert_eq!(b["partizan"], true);
    assert_eq!(b["play"], "misere");
    assert_eq!(b["to_move"], "left");
    assert_eq!(b["mover_wins"], true);
    assert_eq!(b["value"], Value::Null);
    let mut seen = Vec::new();
    for m in b["moves"].as_array().unwrap() {
        let cells: Vec<&str> = m["cell_names"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        let column = &cells[0][..1];
        assert_eq!(m["wins"], column != "b", "{m}");
        seen.push(column.to_string());
    }
    assert_eq!(seen, ["a", "b", "c"]);
    let (status, r) = s.get("/api/play/reply", &q);
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["by"], "left");
    assert_eq!(r["move"]["wins"], true, "{r}");
    // Left to move without a move: the game is over and Left has won.
    let (status, b) = s.get(
        "/api/play",
        &[
            ("expr", "domineering(\"###|#..\")"),
            ("misere", "1"),
            ("side", "left"),
        ],
    );
    assert_eq!(status, 200, "{b}");
    assert_eq!(b["over"], true);
    assert_eq!(b["winner"], "left");
}
