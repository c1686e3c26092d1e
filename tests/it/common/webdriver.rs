//! A small WebDriver client for the browser tests: chromedriver is driven over its
//! HTTP/JSON protocol (W3C WebDriver) with a plain blocking HTTP/1.1 client, so the
//! tests need no async runtime. Every process started here (the server, chromedriver
//! and the chromium it starts) is ended when its guard is dropped, also when a test
//! fails.

#![allow(dead_code)]

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The W3C key for an element reference.
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// One HTTP request to 127.0.0.1:port; returns the status and the body.
fn http(port: u16, method: &str, path: &str, body: Option<&str>) -> Result<(u16, String), String> {
    let mut stream =
        TcpStream::connect(("127.0.0.1", port)).map_err(|e| format!("connect {port}: {e}"))?;
    stream.set_read_timeout(Some(Duration::from_secs(60))).ok();
    let body = body.unwrap_or("");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(req.as_bytes())
        .map_err(|e| e.to_string())?;
    let mut reader = BufReader::new(stream);
    let mut status_line = String::new();
    reader
        .read_line(&mut status_line)
        .map_err(|e| e.to_string())?;
    let status: u16 = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("bad status line {status_line:?}"))?;
    let mut chunked = false;
    let mut length: Option<usize> = None;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).map_err(|e| e.to_string())?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let lower = line.to_ascii_lowercase();
        if lower.starts_with("transfer-encoding:") && lower.contains("chunked") {
            chunked = true;
        }
        if let Some(v) = lower.strip_prefix("content-length:") {
            length = v.trim().parse().ok();
        }
    }
    let mut raw = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            reader.read_line(&mut size).map_err(|e| e.to_string())?;
            let n = usize::from_str_radix(size.trim().split(';').next().unwrap_or("0"), 16)
                .map_err(|e| e.to_string())?;
            if n == 0 {
                break;
            }
            let mut chunk = vec![0; n + 2];
            reader.read_exact(&mut chunk).map_err(|e| e.to_string())?;
            raw.extend_from_slice(&chunk[..n]);
        }
    } else if let Some(n) = length {
        raw.resize(n, 0);
        reader.read_exact(&mut raw).map_err(|e| e.to_string())?;
    } else {
        reader.read_to_end(&mut raw).map_err(|e| e.to_string())?;
    }
    Ok((status, String::from_utf8_lossy(&raw).into_owned()))
}

/// A port nobody listens on now.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A child process in its own process group; dropping it ends the whole group.
pub struct Guard {
    child: Child,
}

impl Guard {
    fn spawn(cmd: &mut Command) -> std::io::Result<Guard> {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
        Ok(Guard {
            child: cmd.spawn()?,
        })
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        let pgid = self.child.id() as i32;
        // SAFETY: kill(2) with a negative pid signals the group this guard started.
        unsafe {
            libc::kill(-pgid, libc::SIGTERM);
        }
        let deadline = Instant::now() + Duration::from_secs(3);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        // SAFETY: as above; whatever is left of the group is killed.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
        let _ = self.child.wait();
    }
}

/// `sprague serve --port 0`, running until dropped (or the server named by the
/// environment variable SPRAGUE_WEB_URL).
pub struct Server {
    _guard: Option<Guard>,
    /// The base URL printed by the server, e.g. `http://127.0.0.1:40123/`.
    pub url: String,
}

impl Server {
    /// Starts the server and reads the URL from its first line of output.
    pub fn start() -> Server {
        // SPRAGUE_WEB_URL names a server that is already running, to test it instead.
        if let Ok(url) = std::env::var("SPRAGUE_WEB_URL") {
            return Server {
                _guard: None,
                url: url.trim_end_matches('/').to_string(),
            };
        }
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_sprague"));
        cmd.args(["serve", "--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        let mut guard = Guard::spawn(&mut cmd).expect("start sprague serve");
        let stdout = guard.child.stdout.take().unwrap();
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in the server's first line {line:?}"))
            .trim_end_matches('/')
            .to_string();
        Server {
            _guard: Some(guard),
            url,
        }
    }
}

/// A chromedriver with one headless chromium session.
pub struct Browser {
    port: u16,
    session: String,
    profile: PathBuf,
    // Dropped after the session is deleted (fields drop in order).
    _driver: Guard,
}

/// An element of the page.
#[derive(Clone, Debug)]
pub struct Element(String);

impl Browser {
    /// Starts chromedriver and a headless chromium with a fresh profile; `width`×`height` window.
    pub fn start(width: u32, height: u32) -> Browser {
        Browser::start_with(width, height, json!({}))
    }

    /// As `start`, with more of chromium's options (`goog:chromeOptions`), e.g.
    /// `mobileEmulation` for a phone's screen and touch.
    pub fn start_with(width: u32, height: u32, options: Value) -> Browser {
        let port = free_port();
        let driver_bin = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into());
        let driver = Guard::spawn(
            Command::new(&driver_bin)
                .arg(format!("--port={port}"))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null()),
        )
        .unwrap_or_else(|e| {
            panic!("cannot start {driver_bin} ({e}): apt-get install -y chromium chromium-driver")
        });
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok((200, body)) = http(port, "GET", "/status", None)
                && body.contains("\"ready\":true")
            {
                break;
            }
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile =
            std::env::temp_dir().join(format!("sprague-browser-{}-{port}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).unwrap();
        let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--hide-scrollbars",
                    format!("--user-data-dir={}", profile.display()),
                    format!("--window-size={width},{height}"),
                ]
            }
        }}});
        let mut caps = caps;
        if let (Some(extra), Some(chrome)) = (
            options.as_object(),
            caps["capabilities"]["alwaysMatch"]["goog:chromeOptions"].as_object_mut(),
        ) {
            for (k, v) in extra {
                chrome.insert(k.clone(), v.clone());
            }
        }
        let (status, body) = http(port, "POST", "/session", Some(&caps.to_string()))
            .expect("create a WebDriver session");
        let v: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
        let session = v["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session ({status}): {body}"))
            .to_string();
        let b = Browser {
            port,
            session,
            profile,
            _driver: driver,
        };
        b.cmd(
            "POST",
            "/timeouts",
            json!({"script": 30000, "pageLoad": 30000}),
        );
        b
    }

    fn cmd(&self, method: &str, path: &str, body: Value) -> Value {
        self.try_cmd(method, path, body)
            .unwrap_or_else(|(status, text)| panic!("{method} {path}: HTTP {status}: {text}"))
    }

    /// A WebDriver command: its value, or the HTTP status and text of its error.
    fn try_cmd(&self, method: &str, path: &str, body: Value) -> Result<Value, (u16, String)> {
        let full = format!("/session/{}{}", self.session, path);
        let body = if method == "POST" {
            Some(body.to_string())
        } else {
            None
        };
        let (status, text) = http(self.port, method, &full, body.as_deref())
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if status == 200 {
            Ok(v["value"].clone())
        } else {
            Err((status, text))
        }
    }

    /// Loads a URL and waits for the document.
    pub fn goto(&self, url: &str) {
        self.cmd("POST", "/url", json!({ "url": url }));
    }

    /// Sets the window's size.
    pub fn resize(&self, width: u32, height: u32) {
        self.cmd(
            "POST",
            "/window/rect",
            json!({"width": width, "height": height}),
        );
    }

    /// Sets the size of the page's viewport itself, `width`×`height` CSS pixels, whatever
    /// the window's frame takes and below the smallest window chromium opens (about
    /// 500 pixels wide): a phone's screen (chromium's DevTools emulation, through
    /// chromedriver).
    pub fn viewport(&self, width: u32, height: u32) {
        self.cmd(
            "POST",
            "/goog/cdp/execute",
            json!({"cmd": "Emulation.setDeviceMetricsOverride", "params": {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": false
            }}),
        );
    }

    /// Makes the page see the user's preference for a dark (or light) colour scheme
    /// (`prefers-color-scheme`, through chromium's DevTools emulation).
    pub fn dark_mode(&self, dark: bool) {
        self.cmd(
            "POST",
            "/goog/cdp/execute",
            json!({"cmd": "Emulation.setEmulatedMedia", "params": {"features": [
                {"name": "prefers-color-scheme", "value": if dark { "dark" } else { "light" }}
            ]}}),
        );
    }

    /// Runs a script (its `arguments` are `args`) and returns its value.
    pub fn js(&self, script: &str, args: Vec<Value>) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            json!({"script": script, "args": args}),
        )
    }

    /// Runs an asynchronous script: it ends by calling its last argument with the
    /// value to return (WebDriver's `execute/async`).
    pub fn js_async(&self, script: &str, args: Vec<Value>) -> Value {
        self.cmd(
            "POST",
            "/execute/async",
            json!({"script": script, "args": args}),
        )
    }

    /// A Chrome DevTools command through chromedriver (e.g. `Emulation.setEmulatedMedia`):
    /// its result, or the HTTP status and text of its error.
    pub fn cdp(&self, cmd: &str, params: Value) -> Result<Value, (u16, String)> {
        self.try_cmd(
            "POST",
            "/goog/cdp/execute",
            json!({"cmd": cmd, "params": params}),
        )
    }

    /// Every element matching a CSS selector.
    pub fn all(&self, css: &str) -> Vec<Element> {
        let v = self.cmd(
            "POST",
            "/elements",
            json!({"using": "css selector", "value": css}),
        );
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|e| e[ELEMENT_KEY].as_str().map(|s| Element(s.to_string())))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Waits (up to 20 s) for an element matching `css`, and returns it.
    pub fn wait(&self, css: &str) -> Element {
        self.wait_until(&format!("an element {css}"), || {
            self.all(css).into_iter().next()
        })
    }

    /// Waits (up to 20 s) until `f` gives Some.
    pub fn wait_until<T>(&self, what: &str, mut f: impl FnMut() -> Option<T>) -> T {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(x) = f() {
                return x;
            }
            if Instant::now() > deadline {
                let text = self.js("return document.body.innerText", vec![]);
                panic!(
                    "timed out waiting for {what}; the page says:\n{}",
                    text.as_str().unwrap_or("")
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits until the text of the first element matching `css` satisfies `ok`; returns it.
    pub fn wait_text(&self, css: &str, ok: impl Fn(&str) -> bool) -> String {
        self.wait_until(&format!("the text of {css}"), || {
            let e = self.all(css).into_iter().next()?;
            // The page may replace the element between finding it and reading it
            // (a "stale element reference"): then look for it again.
            let t = match self.try_cmd("GET", &format!("/element/{}/text", e.0), Value::Null) {
                Ok(v) => v.as_str().unwrap_or("").to_string(),
                Err((_, text)) if text.contains("stale element reference") => return None,
                Err((status, text)) => panic!("the text of {css}: HTTP {status}: {text}"),
            };
            ok(&t).then_some(t)
        })
    }

    /// The rendered text of an element.
    pub fn text(&self, e: &Element) -> String {
        self.cmd("GET", &format!("/element/{}/text", e.0), Value::Null)
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    /// An attribute of an element (null when absent).
    pub fn attr(&self, e: &Element, name: &str) -> Option<String> {
        self.cmd(
            "GET",
            &format!("/element/{}/attribute/{name}", e.0),
            Value::Null,
        )
        .as_str()
        .map(str::to_string)
    }

    /// Clicks an element.
    pub fn click(&self, e: &Element) {
        self.cmd("POST", &format!("/element/{}/click", e.0), json!({}));
    }

    /// Clicks an element through a script (for SVG shapes that WebDriver may not click).
    pub fn js_click(&self, e: &Element) {
        self.js(
            "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))",
            vec![json!({ ELEMENT_KEY: e.0 })],
        );
    }

    /// Taps an element with a finger (a W3C touch pointer at the element's centre).
    pub fn tap(&self, e: &Element) {
        self.cmd(
            "POST",
            "/actions",
            json!({"actions": [{"type": "pointer", "id": "finger",
                "parameters": {"pointerType": "touch"},
                "actions": [
                    {"type": "pointerMove", "duration": 0, "x": 0, "y": 0,
                     "origin": { ELEMENT_KEY: e.0 }},
                    {"type": "pointerDown", "button": 0},
                    {"type": "pause", "duration": 50},
                    {"type": "pointerUp", "button": 0}
            ]}]}),
        );
        self.cmd("DELETE", "/actions", Value::Null);
    }

    /// Presses a key (a W3C key code such as "\u{E007}", Enter) where the focus is.
    pub fn press(&self, key: &str) {
        self.cmd(
            "POST",
            "/actions",
            json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
                {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}
            ]}]}),
        );
    }

    /// Clears an input and types `text` into it.
    pub fn type_into(&self, e: &Element, text: &str) {
        self.cmd("POST", &format!("/element/{}/clear", e.0), json!({}));
        self.cmd(
            "POST",
            &format!("/element/{}/value", e.0),
            json!({ "text": text }),
        );
    }

    /// The JSON reference of an element, to pass to `js`.
    pub fn arg(e: &Element) -> Value {
        json!({ ELEMENT_KEY: e.0 })
    }

    /// A PNG screenshot of the whole viewport.
    pub fn screenshot(&self, path: &Path) {
        let b64 = self.cmd("GET", "/screenshot", Value::Null);
        let png = base64_decode(b64.as_str().unwrap_or(""));
        assert!(png.starts_with(b"\x89PNG"), "not a PNG");
        std::fs::write(path, png).unwrap();
    }

    /// A PNG screenshot of one element (its box on the page).
    pub fn element_screenshot(&self, e: &Element, path: &Path) {
        let b64 = self.cmd("GET", &format!("/element/{}/screenshot", e.0), Value::Null);
        let png = base64_decode(b64.as_str().unwrap_or(""));
        assert!(png.starts_with(b"\x89PNG"), "not a PNG");
        std::fs::write(path, png).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Ends chromium through chromedriver; the driver's guard then ends the group.
        let _ = http(
            self.port,
            "DELETE",
            &format!("/session/{}", self.session),
            None,
        );
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Standard base64 (with padding) to bytes.
fn base64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for c in s.bytes().filter_map(val) {
        acc = (acc << 6) | c;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}
