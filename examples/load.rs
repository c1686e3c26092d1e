//! A bounded load test of `sprague serve` on the loopback address.
//!
//! ```text
//! cargo build --release && cargo run --release --example load -- [--seconds 10] [--threads 8]
//! ```
//!
//! Starts `target/release/sprague serve --port 0` (or uses `--url http://127.0.0.1:PORT`,
//! loopback only), then runs three phases of `--seconds` each, every one with a fixed
//! number of client threads and stopping by itself:
//!
//! 1. simple `solve` requests (`nim(a,b)`, then `nim(a,b,c)`, with varying heaps);
//! 2. a mix of the API's routes (solve, table, value, play, reply, grid, check, health);
//! 3. `health` and simple `solve` requests while 4 long computations run (`value` of
//!    6×6 Domineering, stopped by the server's deadline and started again).
//!
//! Each phase prints requests per second, the 50th and 99th percentile and the largest
//! latency, and the number of errors (any status but 200).

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The server started for the test, killed at the end.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Latencies and errors of one kind of request.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    errors: u64,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        self.latencies.extend(other.latencies);
        self.errors += other.errors;
    }

    fn report(&mut self, what: &str, elapsed: Duration) {
        self.latencies.sort();
        let n = self.latencies.len();
        let at = |q: f64| {
            if n == 0 {
                Duration::ZERO
            } else {
                self.latencies[((n as f64 * q) as usize).min(n - 1)]
            }
        };
        println!(
            "{what:<34} {n:>7} requests {:>8.0}/s  p50 {:>7.2} ms  p99 {:>7.2} ms  max {:>7.2} ms  errors {}",
            n as f64 / elapsed.as_secs_f64(),
            at(0.50).as_secs_f64() * 1e3,
            at(0.99).as_secs_f64() * 1e3,
            self.latencies
                .last()
                .copied()
                .unwrap_or_default()
                .as_secs_f64()
                * 1e3,
            self.errors
        );
    }
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}

/// One request: its latency, and whether it answered 200.
fn call(agent: &ureq::Agent, url: &str) -> (Duration, bool) {
    let t = Instant::now();
    let ok = match agent.get(url).call() {
        Ok(mut r) => {
            let ok = r.status().as_u16() == 200;
            let _ = r.body_mut().read_to_vec();
            ok
        }
        Err(_) => false,
    };
    (t.elapsed(), ok)
}

/// Runs `threads` clients for `seconds`, each calling the URLs `pick(thread, i)`
/// gives in turn; the tally of all.
fn phase(
    threads: usize,
    seconds: f64,
    pick: Arc<dyn Fn(usize, u64) -> String + Send + Sync>,
) -> (Tally, Duration) {
    let start = Instant::now();
    let until = start + Duration::from_secs_f64(seconds);
    let handles: Vec<_> = (0..threads)
        .map(|k| {
            let pick = pick.clone();
            std::thread::spawn(move || {
                let agent = agent();
                let mut tally = Tally::default();
                let mut i = 0u64;
                while Instant::now() < until {
                    let (d, ok) = call(&agent, &pick(k, i));
                    tally.latencies.push(d);
                    tally.errors += u64::from(!ok);
                    i += 1;
                }
                tally
            })
        })
        .collect();
    let mut all = Tally::default();
    for h in handles {
        all.merge(h.join().expect("client thread"));
    }
    (all, start.elapsed())
}

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seconds: f64 = arg(&args, "--seconds").map_or(10.0, |s| s.parse().expect("--seconds"));
    let threads: usize = arg(&args, "--threads").map_or(8, |s| s.parse().expect("--threads"));
    assert!(
        seconds > 0.0 && seconds <= 60.0,
        "--seconds: 0 to 60 (the test is bounded)"
    );
    assert!((1..=256).contains(&threads), "--threads: 1 to 256");
    let (_server, base) = match arg(&args, "--url") {
        Some(u) => {
            let host = u.trim_start_matches("http://");
            assert!(
                host.starts_with("127.")
                    || host.starts_with("localhost")
                    || host.starts_with("[::1]"),
                "the load test sends traffic to the loopback address only"
            );
            (None, u.trim_end_matches('/').to_string())
        }
        None => {
            let bin = concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/sprague");
            let mut child = Command::new(bin)
                .args(["serve", "--port", "0", "--timeout", "5"])
                .args(["--max-concurrent", &(threads + 8).to_string()])
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .unwrap_or_else(|e| panic!("{bin}: {e} (run cargo build --release first)"));
            let mut line = String::new();
            BufReader::new(child.stdout.take().unwrap())
                .read_line(&mut line)
                .expect("the server's first line");
            let url = line
                .trim()
                .strip_prefix("sprague: serving on ")
                .expect("the URL line")
                .trim_end_matches('/')
                .to_string();
            (Some(Server(child)), url)
        }
    };
    println!(
        "load test of {base}: {threads} client threads, {seconds} s per phase, {} cores",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );

    let b = base.clone();
    let (mut t, d) = phase(
        threads,
        seconds,
        Arc::new(move |k, i| format!("{b}/api/solve?expr=nim({},{})", 1 + k, 1 + i % 20)),
    );
    t.report("1. solve nim(a,b)", d);
    let b = base.clone();
    let (mut t, d) = phase(
        threads,
        seconds,
        Arc::new(move |k, i| {
            format!(
                "{b}/api/solve?expr=nim({},{},{})",
                3 + k,
                4 + i % 50,
                5 + i % 7
            )
        }),
    );
    t.report("1. solve nim(a,b,c)", d);

    let b = base.clone();
    let mix = [
        "/api/solve?expr=nim(3)%2Bsub%5B1,3,4%5D(10)%2Bwythoff(3,5)%2Bking(4,3)&explain=1",
        "/api/table?family=sub%5B1,3,4%5D&to=200",
        "/api/value?expr=%7B2%7C-1%7D%2B%5E",
        "/api/play?expr=nim(3,4,5)",
        "/api/play/reply?expr=nim(3,4,5)&misere=1",
        "/api/grid?family=wythoff&rows=32&cols=32",
        "/api/check?expr=kayles(10,11)",
        "/api/health",
    ];
    let (mut t, d) = phase(
        threads,
        seconds,
        Arc::new(move |k, i| format!("{b}{}", mix[(k + i as usize) % mix.len()])),
    );
    t.report("2. mixed routes", d);

    // Four long computations, started again as soon as the deadline stops them.
    let stop = Arc::new(AtomicBool::new(false));
    let long: Vec<_> = (0..4)
        .map(|_| {
            let url = format!("{base}/api/value?expr=domineering(6,6)");
            let stop = stop.clone();
            std::thread::spawn(move || {
                let agent = agent();
                let mut n = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    let _ = call(&agent, &url);
                    n += 1;
                }
                n
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let b = base.clone();
    let (mut h, d) = phase(
        1,
        seconds,
        Arc::new(move |_, _| {
            std::thread::sleep(Duration::from_millis(10));
            format!("{b}/api/health")
        }),
    );
    h.report("3. health, 4 long running", d);
    let b = base.clone();
    let (mut t, d) = phase(
        threads,
        seconds,
        Arc::new(move |k, i| format!("{b}/api/solve?expr=nim({},{},7)", 1 + k, 2 + i % 30)),
    );
    t.report("3. solve nim(a,b,7), 4 long running", d);
    stop.store(true, Ordering::Relaxed);
    let runs: u64 = long.into_iter().map(|h| h.join().unwrap_or(0)).sum();
    println!("   ({runs} long computations started, each stopped by the 5 s deadline)");
}
