//! The web API (`sprague serve`) through a real HTTP client against a server started
//! by the test (on a free port of the loopback address, killed when the test ends,
//! even when it fails).

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server started for one test, killed when dropped.
struct Server {
    child: Child,
    url: String,
    agent: ureq::Agent,
}

impl Server {
    /// `sprague serve --port 0` with the extra flags; waits for its URL line.
    fn start(flags: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
            .args(["serve", "--port", "0"])
            .args(flags)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start sprague serve");
        let stdout = child.stdout.take().expect("stdout");
        let mut line = String::new();
        let read = BufReader::new(stdout).read_line(&mut line);
        let mut server = Server {
            child,
            url: String::new(),
            agent: ureq::Agent::config_builder()
                .http_status_as_error(false)
                .timeout_global(Some(Duration::from_secs(60)))
                .build()
                .into(),
        };
        read.expect("read the first line");
        let url = line
            .trim()
            .strip_prefix("sprague: serving on ")
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"));
        assert!(url.starts_with("http://127.0.0.1:") && url.ends_with('/'));
        server.url = url.trim_end_matches('/').to_string();
        server
    }

    /// `GET path` with query parameters: the status and the JSON body.
    fn get(&self, path: &str, query: &[(&str, &str)]) -> (u16, Value) {
        let mut req = self.agent.get(format!("{}{path}", self.url));
        for (k, v) in query {
            req = req.query(*k, *v);
        }
        let mut r = req.call().expect("request");
        let status = r.status().as_u16();
        let text = r.body_mut().read_to_string().expect("body");
        let json = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"));
        (status, json)
    }

    /// `GET path`: the status, the content type and the raw body.
    fn get_raw(&self, path: &str) -> (u16, String, String) {
        let mut r = self
            .agent
            .get(format!("{}{path}", self.url))
            .call()
            .expect("request");
        let ct = r
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap_or("").to_string())
            .unwrap_or_default();
        let status = r.status().as_u16();
        (status, ct, r.body_mut().read_to_string().expect("body"))
    }

    /// `POST path` with a JSON body: the status and the JSON answer.
    fn post(&self, path: &str, body: &[u8]) -> (u16, Value) {
        let mut r = self
            .agent
            .post(format!("{}{path}", self.url))
            .header("content-type", "application/json")
            .send(body)
            .expect("request");
        let status = r.status().as_u16();
        let text = r.body_mut().read_to_string().expect("body");
        (
            status,
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}")),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The error of an answer: kind, message, column.
fn error(body: &Value) -> (&str, &str, Option<u64>) {
    let e = &body["error"];
    (
        e["kind"].as_str().expect("kind"),
        e["message"].as_str().expect("message"),
        e["column"].as_u64(),
    )
}

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
    // A heap family: nim(i) + nim(j) is worth i XOR j (Bouton).
    let (_, body) = s.get(
        "/api/grid",
        &[("family", "nim"), ("rows", "5"), ("cols", "5")],
    );
    assert_eq!(body["values"][3][6 - 3], 0);
    assert_eq!(body["values"][2][4], 6);
    // sub[1,2] is worth n mod 3 (take 1 or 2: the multiples of 3 are lost).
    let (_, body) = s.get("/api/grid", &[("family", "sub[1,2]"), ("rows", "7")]);
    assert_eq!(body["values"][6][4], 1);
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
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m["index"].as_u64(), Some(i as u64));
        assert!(m["remoteness"].is_u64());
    }
    let drawing = body["drawing"].as_array().unwrap();
    let sizes: Vec<u64> = drawing
        .iter()
        .map(|d| d["size"].as_u64().unwrap())
        .collect();
    assert_eq!(sizes, [3, 4, 5]);
    assert!(drawing.iter().all(|d| d["kind"] == "heap"));
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
    assert_eq!(kinds, ["board", "king", "ring", "stair", "text"]);
    assert_eq!(body["drawing"][0]["x"], 3);
    assert_eq!(body["drawing"][1]["r"], 4);
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
