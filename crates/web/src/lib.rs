//! The web playground: a local HTTP server (`sprague serve`) with a JSON API over the
//! library and the page of the folder `crates/web/assets/`, compiled into the binary.
//!
//! Every computation runs on a blocking thread (never on the threads that answer
//! `/api/health`), at most [`Config::max_concurrent`] at once (beyond, a request
//! waits in a bounded queue for a short while, then 503 `busy`), with a deadline
//! ([`Config::timeout`]) that the engine checks while it works ([`Limits::stop`]) and
//! the server's own `--max-states`. Answers waiting for their clients to read them
//! are bounded in bytes ([`Config::max_unsent`]) and a client that reads nothing for
//! [`Config::write_timeout`] is disconnected. Request bodies are capped, panics are
//! answered with 500 and the server goes on, and expressions that name a file are
//! refused: the server never reads its own files for a request.

mod assets;
pub mod error;
mod gallery;
mod host;
mod io;
mod picture;
mod play;
mod routes;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use error::{ApiError, Kind};
use sprague_core::{Limits, Stop};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The server's settings (the flags of `sprague serve`).
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on.
    pub host: IpAddr,
    /// The port (0: any free port).
    pub port: u16,
    /// Most positions a computation may hold (`--max-states`).
    pub max_states: u64,
    /// Time allowed to one computation (`--timeout`).
    pub timeout: Duration,
    /// Most computations at once (`--max-concurrent`).
    pub max_concurrent: usize,
    /// Most bytes of a request body (`--max-body`).
    pub max_body: usize,
    /// Most connections open at once (`--max-connections`); further clients wait to
    /// be accepted.
    pub max_connections: usize,
    /// Time a client may take to send a request's headers, or its body, and time an
    /// idle kept-alive connection stays open (`--header-timeout`).
    pub header_timeout: Duration,
    /// Most computations waiting for a slot when `max_concurrent` run (`--queue`);
    /// further requests are answered 503 `busy` at once.
    pub queue: usize,
    /// Time a computation waits in the queue for a slot before it is answered 503
    /// `busy` (`--queue-wait`).
    pub queue_wait: Duration,
    /// Time the server waits for a client to read any of its answer; then the
    /// connection is closed (`--write-timeout`).
    pub write_timeout: Duration,
    /// Most bytes of computed answers held until their clients have read them
    /// (`--max-unsent`); an answer beyond it is replaced by 503 `busy` (422 `limit`
    /// when it alone is larger).
    pub max_unsent: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            host: IpAddr::from([127, 0, 0, 1]),
            port: 7070,
            max_states: 5_000_000,
            timeout: Duration::from_secs(10),
            max_concurrent: 4,
            max_body: 1 << 20,
            max_connections: 256,
            header_timeout: Duration::from_secs(10),
            queue: 64,
            queue_wait: Duration::from_secs(1),
            write_timeout: Duration::from_secs(10),
            max_unsent: 64 << 20,
        }
    }
}

/// Time a response waits beyond the deadline for an engine that has not yet seen
/// the stop signal; then the request is answered `timeout` anyway.
const GRACE: Duration = Duration::from_millis(900);

/// The state shared by the handlers.
struct App {
    config: Config,
    /// One permit per computation allowed at once.
    permits: Arc<Semaphore>,
    /// Computations waiting for a permit.
    waiting: AtomicUsize,
    /// Bytes of answers not yet read by their clients.
    unsent: Arc<Unsent>,
}

type Shared = Arc<App>;

/// Listens on the configured address and serves until the process ends; `ready` is
/// called with the address bound (the port chosen for port 0) before the first
/// request is answered.
pub fn serve(config: Config, ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(config.max_concurrent.saturating_add(4))
        .thread_name("sprague-serve")
        .build()?;
    runtime.block_on(async move {
        let listener =
            tokio::net::TcpListener::bind(SocketAddr::new(config.host, config.port)).await?;
        let addr = listener.local_addr()?;
        ready(addr);
        accept(listener, config, addr).await
    })
}

/// Accepts connections and serves each on a task of its own: at most
/// `max_connections` at once (the next client waits in the listen queue), and every
/// connection closed when a request's headers take longer than `header_timeout`
/// (slow clients), when it stays idle that long between requests, or when its client
/// reads nothing of an answer for `write_timeout`.
async fn accept(
    listener: tokio::net::TcpListener,
    config: Config,
    addr: SocketAddr,
) -> std::io::Result<()> {
    let connections = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let header_timeout = config.header_timeout;
    let write_timeout = config.write_timeout;
    let router = router(config, addr);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(header_timeout)
        .keep_alive(true);
    loop {
        let Ok(permit) = connections.clone().acquire_owned().await else {
            return Ok(());
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors or a connection reset before it was accepted:
            // wait a moment and go on serving.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let service = hyper_util::service::TowerToHyperService::new(router.clone());
        let stream = io::WriteTimeout::new(stream, write_timeout);
        let connection = http.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
}

/// The routes of the API and the page, with the limits of `config`, for a server
/// bound to `addr`.
fn router(config: Config, addr: SocketAddr) -> Router {
    let max_body = config.max_body;
    let body_timeout = config.header_timeout;
    let app: Shared = Arc::new(App {
        permits: Arc::new(Semaphore::new(config.max_concurrent.max(1))),
        waiting: AtomicUsize::new(0),
        unsent: Arc::new(Unsent::new(config.max_unsent)),
        config,
    });
    routes::api()
        .fallback(assets::serve)
        .with_state(app)
        .layer(DefaultBodyLimit::max(max_body))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            body_timeout,
        ))
        .layer(middleware::map_response(json_errors))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(panicked))
        .layer(middleware::from_fn_with_state(addr, guard))
}

/// Refuses requests whose `Host` is not local ([`host::check`]) when the server
/// listens on loopback (a page of another site reaching it through a DNS name that
/// points to 127.0.0.1), and adds the security headers to every answer.
async fn guard(State(addr): State<SocketAddr>, req: Request, next: Next) -> Response {
    if addr.ip().is_loopback() {
        let hosts: Vec<&str> = req
            .headers()
            .get_all(header::HOST)
            .iter()
            .map(|h| h.to_str().unwrap_or("\u{fffd}"))
            .collect();
        // A request line with a URL names its host too (and then it is the one meant).
        let authority = req.uri().authority().map(|a| a.as_str());
        let refused = match (hosts.as_slice(), authority) {
            ([], None) => Some(("".to_string(), "the request has no Host header")),
            ([_, _, ..], _) => Some((hosts.join(", "), "the request has several Host headers")),
            (hosts, authority) => hosts
                .iter()
                .chain(authority.as_ref())
                .find_map(|&h| host::check(h, addr).err().map(|why| (h.to_string(), why))),
        };
        if let Some((host, why)) = refused {
            return ApiError::input(format!(
                "this server answers only to localhost or a loopback address on port {}, not to the host '{}': {why}",
                addr.port(),
                sprague_expr::shorten_message(&host)
            ))
            .with_status(StatusCode::MISDIRECTED_REQUEST)
            .into_response();
        }
    }
    let mut r = next.run(req).await;
    let h = r.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
             object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        ),
    );
    r
}

/// Turns the plain answers of the framework (404, 405, 413, a rejected query) into
/// the API's JSON error body.
async fn json_errors(r: Response) -> Response {
    let status = r.status();
    let is_json = r
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if status.is_success() || status.is_redirection() || is_json {
        return r;
    }
    let message = match status {
        StatusCode::NOT_FOUND => "no such page or API route".to_string(),
        StatusCode::METHOD_NOT_ALLOWED => "this route does not take this method".to_string(),
        StatusCode::PAYLOAD_TOO_LARGE => {
            "the request body is larger than the server allows (--max-body)".to_string()
        }
        s => format!("the request was refused ({s})"),
    };
    let kind = if status.is_server_error() {
        Kind::Internal
    } else {
        Kind::Input
    };
    ApiError::new(kind, message)
        .with_status(status)
        .into_response()
}

/// The answer to a panic caught in a handler: 500, and the server goes on.
fn panicked(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError::new(Kind::Internal, "an internal error stopped this request").into_response()
}

/// A JSON document as the body of a 200 answer.
fn json_body(doc: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        doc,
    )
        .into_response()
}

/// Runs `work` on a blocking thread with the server's limits and a fresh deadline;
/// its `Ok` is the JSON body of the answer ([`answer`]). When all permits are taken
/// the request waits for one in the queue ([`queued`]), and is answered `busy` when
/// the queue is full or no permit came in time; `timeout` once the deadline (and a
/// short grace) has passed, even if the engine has not yet stopped (its thread then
/// keeps its permit until it does). A request whose client goes away (the page
/// cancelled it) stops its computation: the future is dropped, and with it the guard
/// that raises the engine's stop signal.
async fn compute<F>(app: &App, work: F) -> Response
where
    F: FnOnce(Limits) -> Result<String, ApiError> + Send + 'static,
{
    let permit = match app.permits.clone().try_acquire_owned() {
        Ok(p) => p,
        Err(_) => match queued(app).await {
            Ok(p) => p,
            Err(e) => return e.into_response(),
        },
    };
    let stop = Arc::new(Stop::after(app.config.timeout));
    let _cancel = StopOnDrop(stop.clone());
    let limits = Limits {
        max_states: app.config.max_states,
        stop: Some(stop.clone()),
        ..Limits::default()
    };
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work(limits)
    });
    let out = tokio::time::timeout(app.config.timeout + GRACE, task).await;
    match out {
        Ok(Ok(Ok(doc))) => answer(app, doc),
        Ok(Ok(Err(e))) if e.kind == Kind::Limit && stop.is_due() => timeout(&stop),
        Ok(Ok(Err(e))) => e.into_response(),
        Ok(Err(_)) => {
            ApiError::new(Kind::Internal, "an internal error stopped this request").into_response()
        }
        Err(_) => {
            stop.raise();
            timeout(&stop)
        }
    }
}

/// Waits for a permit, for at most `--queue-wait`, among at most `--queue` requests
/// (in the order they came: the semaphore is fair); `busy` otherwise. A request
/// whose client goes away leaves the queue at once (its future is dropped).
async fn queued(app: &App) -> Result<OwnedSemaphorePermit, ApiError> {
    let running = app.config.max_concurrent;
    let Some(_place) = Place::take(&app.waiting, app.config.queue) else {
        return Err(ApiError::new(
            Kind::Busy,
            format!(
                "the server is busy: {running} computations are running (--max-concurrent) and {} more wait (--queue); try again",
                app.config.queue
            ),
        ));
    };
    match tokio::time::timeout(app.config.queue_wait, app.permits.clone().acquire_owned()).await {
        Ok(Ok(p)) => Ok(p),
        _ => Err(ApiError::new(
            Kind::Busy,
            format!(
                "the server is busy: {running} computations are running (--max-concurrent) and none ended within {:.1} s (--queue-wait); try again",
                app.config.queue_wait.as_secs_f64()
            ),
        )),
    }
}

/// Raises a computation's stop signal when dropped: when its request ends, answered
/// (the computation is over then) or not (its client went away).
struct StopOnDrop(Arc<Stop>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.raise();
    }
}

/// A place in the queue of computations waiting for a permit, given back when
/// dropped.
struct Place<'a>(&'a AtomicUsize);

impl<'a> Place<'a> {
    /// A place when fewer than `max` are taken.
    fn take(waiting: &'a AtomicUsize, max: usize) -> Option<Place<'a>> {
        waiting
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |w| {
                (w < max).then_some(w + 1)
            })
            .ok()
            .map(|_| Place(waiting))
    }
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The bytes of answers computed and not yet read by their clients, at most
/// `--max-unsent` at once: each answer's bytes are counted from when it is made until
/// the last of them is written (or its connection closed, as [`io::WriteTimeout`]
/// does for a client that reads nothing).
struct Unsent {
    held: AtomicUsize,
    max: usize,
}

/// Why an answer cannot be held.
#[derive(Debug, PartialEq, Eq)]
enum Refused {
    /// Its bytes and those already held exceed the bound: later, maybe.
    Full { held: usize },
    /// It alone exceeds the bound.
    TooLarge,
}

impl Unsent {
    fn new(max: usize) -> Self {
        Unsent {
            held: AtomicUsize::new(0),
            max,
        }
    }

    /// Counts `n` bytes as held until the returned guard is dropped, if they fit.
    fn hold(self: &Arc<Self>, n: usize) -> Result<Held, Refused> {
        if n > self.max {
            return Err(Refused::TooLarge);
        }
        self.held
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |h| {
                (h + n <= self.max).then_some(h + n)
            })
            .map_err(|held| Refused::Full { held })?;
        Ok(Held {
            unsent: self.clone(),
            n,
        })
    }
}

/// Bytes counted in [`Unsent`] while this lives.
struct Held {
    unsent: Arc<Unsent>,
    n: usize,
}

impl Drop for Held {
    fn drop(&mut self) {
        self.unsent.held.fetch_sub(self.n, Ordering::AcqRel);
    }
}

/// The bytes of an answer with their count in [`Unsent`]: the count ends when the
/// last piece of the body that refers to them is dropped.
struct Counted {
    doc: Vec<u8>,
    _held: Held,
}

impl AsRef<[u8]> for Counted {
    fn as_ref(&self) -> &[u8] {
        &self.doc
    }
}

/// The JSON document `doc` as the body of a 200 answer, its bytes counted in
/// [`Unsent`] until written; `busy` when too many bytes of answers wait for their
/// clients, `limit` when the answer alone is larger than the server sends.
fn answer(app: &App, doc: String) -> Response {
    let len = doc.len();
    match app.unsent.hold(len) {
        Ok(held) => {
            let bytes = axum::body::Bytes::from_owner(Counted {
                doc: doc.into_bytes(),
                _held: held,
            });
            (
                [
                    (header::CONTENT_TYPE, "application/json"),
                    (header::CACHE_CONTROL, "no-store"),
                ],
                bytes,
            )
                .into_response()
        }
        Err(Refused::Full { held }) => ApiError::new(
            Kind::Busy,
            format!(
                "the server is busy: {held} bytes of answers wait for their clients to read them (--max-unsent {}); try again",
                app.unsent.max
            ),
        )
        .into_response(),
        Err(Refused::TooLarge) => ApiError::limit(format!(
            "limit reached: the answer has {len} bytes, more than the server holds for its clients (raise it with --max-unsent)"
        ))
        .into_response(),
    }
}

/// The `timeout` answer.
fn timeout(stop: &Stop) -> Response {
    ApiError::from(stop.error()).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A server on a free loopback port, serving on a thread of its own.
    fn start(config: Config) -> String {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = serve(config, move |addr| {
                let _ = tx.send(addr);
            });
        });
        let addr = rx.recv().expect("the server starts");
        format!("http://{addr}")
    }

    fn get(url: &str) -> (u16, String) {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        let mut r = agent.get(url).call().expect("request");
        (r.status().as_u16(), r.body_mut().read_to_string().unwrap())
    }

    #[test]
    fn a_panic_answers_500_and_the_server_goes_on() {
        let url = start(Config {
            port: 0,
            max_concurrent: 1,
            ..Config::default()
        });
        for path in ["/api/test/panic", "/api/test/panic-blocking"] {
            for _ in 0..3 {
                let (status, body) = get(&format!("{url}{path}"));
                assert_eq!(status, 500, "{body}");
                let v: serde_json::Value = serde_json::from_str(&body).unwrap();
                assert_eq!(v["error"]["kind"], "internal");
            }
        }
        // The permit of the panicked computation was given back.
        let (status, _) = get(&format!("{url}/api/solve?expr=nim(1)"));
        assert_eq!(status, 200);
        assert_eq!(get(&format!("{url}/api/health")).0, 200);
    }

    #[test]
    fn unsent_bytes_are_bounded_and_given_back() {
        let u = Arc::new(Unsent::new(100));
        let a = u.hold(60).unwrap();
        assert_eq!(u.hold(41).err(), Some(Refused::Full { held: 60 }));
        let b = u.hold(40).unwrap();
        assert_eq!(u.hold(1).err(), Some(Refused::Full { held: 100 }));
        assert_eq!(u.hold(101).err(), Some(Refused::TooLarge));
        drop(a);
        // The bytes live as long as the last piece of the body that refers to them.
        let body = axum::body::Bytes::from_owner(Counted {
            doc: vec![b'x'; 50],
            _held: u.hold(50).unwrap(),
        });
        let piece = body.slice(10..20);
        drop(body);
        assert!(u.hold(11).is_err());
        drop(piece);
        let c = u.hold(60).unwrap();
        assert_eq!(u.held.load(Ordering::Acquire), 100);
        drop((b, c));
        assert_eq!(u.held.load(Ordering::Acquire), 0);
    }

    #[test]
    fn places_in_the_queue_are_bounded_and_given_back() {
        let waiting = AtomicUsize::new(0);
        let a = Place::take(&waiting, 2).unwrap();
        let b = Place::take(&waiting, 2).unwrap();
        assert!(Place::take(&waiting, 2).is_none());
        drop(a);
        let c = Place::take(&waiting, 2).unwrap();
        drop((b, c));
        assert_eq!(waiting.load(Ordering::Acquire), 0);
        assert!(Place::take(&waiting, 0).is_none());
    }

    #[test]
    fn a_stop_signal_is_due_at_its_deadline() {
        let s = Stop::after(Duration::from_millis(30));
        assert!(!s.is_due());
        std::thread::sleep(Duration::from_millis(40));
        assert!(s.is_due());
        let s = Stop::after(Duration::from_secs(100));
        s.raise();
        let limits = Limits {
            stop: Some(Arc::new(s)),
            ..Limits::default()
        };
        assert!(matches!(
            limits.check_stop(),
            Err(sprague_core::SolveError::Limit {
                bound: sprague_core::Bound::Time,
                ..
            })
        ));
        assert!(Limits::default().check_stop().is_ok());
    }
}
