//! A `sprague serve` started by a test, and the HTTP client the web API tests use.

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A server started for one test, killed when dropped.
pub struct Server {
    /// The server process.
    pub child: Child,
    /// Its base URL, `http://127.0.0.1:PORT` (no trailing slash; another loopback
    /// address with `--host`).
    pub url: String,
    /// The HTTP client (errors as statuses, a 60 s time-out).
    pub agent: ureq::Agent,
}

impl Server {
    /// `sprague serve --port 0` with the extra flags; waits for its URL line.
    pub fn start(flags: &[&str]) -> Server {
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
        assert!(
            url.starts_with("http://127.") && url.ends_with('/'),
            "{url}"
        );
        server.url = url.trim_end_matches('/').to_string();
        server
    }

    /// `GET path` with query parameters: the status and the JSON body.
    pub fn get(&self, path: &str, query: &[(&str, &str)]) -> (u16, Value) {
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
    pub fn get_raw(&self, path: &str) -> (u16, String, String) {
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
    pub fn post(&self, path: &str, body: &[u8]) -> (u16, Value) {
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

impl Server {
    /// `host:port` of the server.
    pub fn authority(&self) -> &str {
        self.url.trim_start_matches("http://")
    }

    /// The resident memory of the server process, in bytes (`VmRSS` of
    /// `/proc/PID/status`).
    pub fn rss(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's /proc status");
        let kb: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmRSS");
        kb * 1024
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The error of an answer: kind, message, column.
pub fn error(body: &Value) -> (&str, &str, Option<u64>) {
    let e = &body["error"];
    (
        e["kind"].as_str().expect("kind"),
        e["message"].as_str().expect("message"),
        e["column"].as_u64(),
    )
}
