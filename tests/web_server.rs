//! The web server's own limits (`sprague serve`), through real connections to a server
//! started by each test: the `Host` header is checked as an authority.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

mod common;

use common::web::Server;

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
        (
            format!("localhost:{}", port.parse::<u32>().unwrap() + 1),
            421,
        ),
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
