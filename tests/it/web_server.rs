//! The web server's own limits (`sprague serve`), through real connections to a server
//! started by each test: bursts wait in a bounded queue, answers nobody reads neither
//! hold the server's memory nor their connection for long, and the `Host` header is
//! checked as an authority.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use crate::common::web::{Server, error};

/// A connection to the server that has sent `request` and read nothing.
fn send(server: &Server, request: &str) -> TcpStream {
    let mut s = TcpStream::connect(server.authority()).expect("connect");
    s.write_all(request.as_bytes()).expect("send");
    s
}

/// `GET path` with the given `Host` header, the connection closed after the answer.
fn get_with_host(path: &str, host: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
}

/// Reads the answer until the server closes the connection (at most `limit`): its
/// status (0 when none came) and the whole text.
fn answer(s: &mut TcpStream, limit: Duration) -> (u16, String) {
    s.set_read_timeout(Some(limit)).expect("timeout");
    let mut got = Vec::new();
    let _ = s.read_to_end(&mut got);
    let text = String::from_utf8_lossy(&got).into_owned();
    let status = text
        .strip_prefix("HTTP/1.")
        .and_then(|t| t.get(2..5))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, text)
}

/// A computation of about a tenth of a second: the canonical form of 5×4 Domineering.
const SHORT: &str = "domineering(5,4)";

/// A computation that takes seconds and checks its stop signal as it works: the
/// canonical form of 6×6 Domineering.
const LONG: &str = "domineering(6,6)";

/// Starts `n` requests for `/api/value?expr=E` at once (threads released together);
/// their statuses and bodies.
fn burst(s: &Server, n: usize, expr: &'static str) -> Vec<(u16, serde_json::Value)> {
    let go = Arc::new(Barrier::new(n));
    let handles: Vec<_> = (0..n)
        .map(|_| {
            let (go, agent, url) = (go.clone(), s.agent.clone(), s.url.clone());
            std::thread::spawn(move || {
                go.wait();
                let mut r = agent
                    .get(format!("{url}/api/value"))
                    .query("expr", expr)
                    .call()
                    .expect("request");
                let status = r.status().as_u16();
                let text = r.body_mut().read_to_string().expect("body");
                (status, serde_json::from_str(&text).expect("JSON"))
            })
        })
        .collect();
    handles.into_iter().map(|h| h.join().unwrap()).collect()
}

/// Gives requests started in the background time to reach the server.
fn settle() {
    std::thread::sleep(Duration::from_millis(300));
}

#[test]
fn a_burst_above_max_concurrent_waits_in_the_queue() {
    let s = Server::start(&["--max-concurrent", "2", "--queue-wait", "60"]);
    for (status, body) in burst(&s, 16, SHORT) {
        assert_eq!(status, 200, "{body}");
        assert!(body["canonical"].is_string(), "{body}");
    }
}

#[test]
fn a_burst_beyond_the_queue_is_refused_at_once_and_the_queue_is_served() {
    let s = Server::start(&[
        "--max-concurrent",
        "1",
        "--queue",
        "2",
        "--queue-wait",
        "60",
        "--timeout",
        "3",
    ]);
    // The one slot is taken by a long computation, then the two places of the queue.
    let long = {
        let (agent, url) = (s.agent.clone(), s.url.clone());
        std::thread::spawn(move || {
            let r = agent
                .get(format!("{url}/api/value"))
                .query("expr", LONG)
                .call()
                .expect("request");
            r.status().as_u16()
        })
    };
    settle();
    let queued: Vec<_> = (0..2)
        .map(|_| {
            let (agent, url) = (s.agent.clone(), s.url.clone());
            std::thread::spawn(move || {
                let r = agent
                    .get(format!("{url}/api/solve"))
                    .query("expr", "nim(3,4,5)")
                    .call()
                    .expect("request");
                r.status().as_u16()
            })
        })
        .collect();
    settle();
    // Every further request is refused without waiting for a place (the queue's
    // wait is a minute; the long computation ends within seconds).
    let t = Instant::now();
    for (status, body) in burst(&s, 12, SHORT) {
        assert_eq!((status, error(&body).0), (503, "busy"), "{body}");
        assert!(error(&body).1.contains("--queue"), "{body}");
    }
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    assert_eq!(s.get("/api/health", &[]).0, 200);
    // The queued requests are served once the long one stops at its deadline.
    for h in queued {
        assert_eq!(h.join().unwrap(), 200);
    }
    assert!(matches!(long.join().unwrap(), 200 | 503));
}

#[test]
fn a_request_waits_in_the_queue_no_longer_than_queue_wait() {
    let s = Server::start(&[
        "--max-concurrent",
        "1",
        "--queue-wait",
        "0.5",
        "--timeout",
        "8",
    ]);
    let long = {
        let (agent, url) = (s.agent.clone(), s.url.clone());
        std::thread::spawn(move || {
            let _ = agent
                .get(format!("{url}/api/value"))
                .query("expr", LONG)
                .call();
        })
    };
    settle();
    let t = Instant::now();
    let (status, body) = s.get("/api/solve", &[("expr", "nim(3,4,5)")]);
    let took = t.elapsed();
    assert_eq!((status, error(&body).0), (503, "busy"), "{body}");
    assert!(error(&body).1.contains("--queue-wait"), "{body}");
    // It waited, and gave up long before the computation's deadline.
    assert!(took >= Duration::from_millis(400), "{took:?}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    long.join().unwrap();
}

#[test]
fn a_client_gone_from_the_queue_gives_its_place_back() {
    let s = Server::start(&[
        "--max-concurrent",
        "1",
        "--queue",
        "1",
        "--queue-wait",
        "60",
        "--timeout",
        "3",
    ]);
    let long = {
        let (agent, url) = (s.agent.clone(), s.url.clone());
        std::thread::spawn(move || {
            let _ = agent
                .get(format!("{url}/api/value"))
                .query("expr", LONG)
                .call();
        })
    };
    settle();
    // A client takes the one place and goes away.
    let gone = send(&s, &get_with_host("/api/solve?expr=nim(1)", s.authority()));
    settle();
    drop(gone);
    settle();
    // Its place is free again: this one waits for the slot and is served.
    let (status, body) = s.get("/api/solve", &[("expr", "nim(3,4,5)")]);
    assert_eq!(status, 200, "{body}");
    long.join().unwrap();
}

#[test]
fn a_computation_whose_client_goes_away_stops() {
    // One computation at a time, and its deadline and bound on states far away (the
    // long computation would run for about 25 s).
    let s = Server::start(&[
        "--max-concurrent",
        "1",
        "--queue",
        "4",
        "--queue-wait",
        "60",
        "--timeout",
        "25",
        "--max-states",
        "20000000",
    ]);
    // A client starts a long computation and goes away (a page's Cancel).
    let gone = send(
        &s,
        &get_with_host("/api/value?expr=domineering(7,7)", s.authority()),
    );
    settle();
    drop(gone);
    // The computation stops and gives its slot back long before its deadline.
    let t = Instant::now();
    let (status, body) = s.get("/api/solve", &[("expr", "nim(3,4,5)")]);
    assert_eq!(status, 200, "{body}");
    assert!(t.elapsed() < Duration::from_secs(12), "{:?}", t.elapsed());
}

/// About 6.9 MB of JSON: the values of Nim's heaps 0 to 999 999.
const LARGE: &str = "/api/table?family=nim&from=0&to=999999";

#[test]
fn answers_nobody_reads_hold_bounded_memory_and_are_dropped() {
    let s = Server::start(&[
        "--max-concurrent",
        "2",
        "--queue",
        "256",
        "--queue-wait",
        "60",
        "--max-unsent",
        "20000000",
        "--write-timeout",
        "2",
    ]);
    let before = s.rss();
    // Sixty clients ask for a large answer and read none of it: held all at once,
    // their answers would take 400 MB.
    let request = get_with_host(LARGE, s.authority());
    let mut stalled: Vec<TcpStream> = (0..60).map(|_| send(&s, &request)).collect();
    let mut peak = before;
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(6) {
        peak = peak.max(s.rss());
        std::thread::sleep(Duration::from_millis(25));
    }
    assert!(
        peak < before + (150 << 20),
        "the server grew from {} MB to {} MB",
        before >> 20,
        peak >> 20
    );
    // Meanwhile it answers others.
    assert_eq!(s.get("/api/health", &[]).0, 200);
    assert_eq!(s.get("/api/solve", &[("expr", "nim(3,4,5)")]).0, 200);
    // The bytes held for the stalled clients are freed when the server drops them
    // (they never read): a client that reads gets the whole answer. (Its request is
    // computed after all of theirs: the queue is served in order.)
    let t = Instant::now();
    loop {
        let (status, body) = s.get(LARGE, &[]);
        if status == 200 {
            assert_eq!(body["values"].as_array().map(Vec::len), Some(1_000_000));
            break;
        }
        assert_eq!(error(&body).0, "busy", "{body}");
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "the answers nobody reads are still held"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    // Those beyond the bound were answered `busy` (a short answer, read whole); the
    // others were cut once their clients had read nothing for the write timeout.
    std::thread::sleep(Duration::from_secs(5));
    let mut busy = 0;
    for c in &mut stalled {
        let (status, text) = answer(c, Duration::from_secs(30));
        match status {
            503 => {
                assert!(text.contains("--max-unsent"), "{text}");
                busy += 1;
            }
            200 => assert!(text.len() < 6_000_000, "the whole answer came"),
            _ => panic!("{text}"),
        }
    }
    assert!(busy >= 40, "only {busy} refused");
}

#[test]
fn an_answer_larger_than_max_unsent_is_a_limit() {
    let s = Server::start(&["--max-unsent", "1000000"]);
    let (status, body) = s.get(LARGE, &[]);
    assert_eq!((status, error(&body).0), (422, "limit"), "{body}");
    assert!(error(&body).1.contains("--max-unsent"), "{body}");
    assert_eq!(
        s.get("/api/table", &[("family", "nim"), ("to", "99")]).0,
        200
    );
}

#[test]
fn the_host_is_checked_as_an_authority() {
    // A server on another loopback address answers to its own address.
    let s = Server::start(&["--host", "127.0.0.2"]);
    let own = s.authority().to_string();
    let port = own.rsplit(':').next().unwrap().to_string();
    assert!(own.starts_with("127.0.0.2:"), "{own}");
    assert_eq!(s.get("/api/health", &[]).0, 200);
    for (host, want) in [
        (own.clone(), 200),
        (format!("localhost:{port}"), 200),
        (format!("LOCALHOST:{port}"), 200),
        ("LocalHost".to_string(), 200),
        (format!("127.0.0.1:{port}"), 200),
        (format!("[::1]:{port}"), 200),
        ("127.0.0.2".to_string(), 200),
        (format!("127.0.0.1:{port}@evil.com"), 421),
        (format!("evil.com:{port}"), 421),
        (format!("localhost.evil.com:{port}"), 421),
        // Behind a port forward the browser names the port it reached.
        (
            format!("localhost:{}", port.parse::<u32>().unwrap() + 1),
            200,
        ),
        ("localhost:99999".to_string(), 421),
        ("localhost:x".to_string(), 421),
        ("[::1".to_string(), 421),
        ("10.1.2.3".to_string(), 421),
    ] {
        let mut c = send(&s, &get_with_host("/api/health", &host));
        let (status, text) = answer(&mut c, Duration::from_secs(30));
        assert_eq!(status, want, "Host: {host}: {text}");
        if want == 421 {
            assert!(text.contains("\"kind\":\"input\""), "{text}");
        }
    }
    // No Host at all, or two.
    for request in [
        "GET /api/health HTTP/1.0\r\n\r\n".to_string(),
        format!(
            "GET /api/health HTTP/1.1\r\nHost: {own}\r\nHost: evil.com\r\nConnection: close\r\n\r\n"
        ),
    ] {
        let mut c = send(&s, &request);
        let (status, text) = answer(&mut c, Duration::from_secs(30));
        assert_eq!(status, 421, "{request:?}: {text}");
    }
    // A URL in the request line names the host too.
    let mut c = send(
        &s,
        &format!(
            "GET http://evil.com:{port}/api/health HTTP/1.1\r\nHost: {own}\r\nConnection: close\r\n\r\n"
        ),
    );
    assert_eq!(answer(&mut c, Duration::from_secs(30)).0, 421);
}
