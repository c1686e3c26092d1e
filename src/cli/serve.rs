//! `sprague serve`: the web playground on a local port (see [`sprague::web`]).

use super::Failure;
use sprague::web::Config;
use std::io::Write;
use std::net::IpAddr;
use std::time::Duration;

#[derive(clap::Args)]
pub struct ServeArgs {
    /// The address to listen on; anything but loopback exposes the server (no authentication).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The port; 0 picks a free one (the first line printed says which).
    #[arg(long, default_value_t = 7070)]
    port: u16,
    /// Most positions one computation may hold (a request beyond it answers 422).
    #[arg(long, value_name = "N", default_value_t = 5_000_000)]
    max_states: u64,
    /// Seconds one computation may take (a request beyond it answers 503 timeout).
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    timeout: f64,
    /// Most computations at once (a request beyond it waits in the queue).
    #[arg(long, value_name = "N", default_value_t = 4)]
    max_concurrent: usize,
    /// Most requests waiting for a computation slot (beyond it: 503 busy at once).
    #[arg(long, value_name = "N", default_value_t = 64)]
    queue: usize,
    /// Seconds a request waits in the queue for a slot (then: 503 busy).
    #[arg(long, value_name = "SECS", default_value_t = 1.0)]
    queue_wait: f64,
    /// Most bytes of a request body (beyond it: 413).
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    max_body: usize,
    /// Most connections open at once (further clients wait to be accepted).
    #[arg(long, value_name = "N", default_value_t = 256)]
    max_connections: usize,
    /// Seconds a client may take to send a request's headers or body; an idle
    /// kept-alive connection is closed after as long.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    header_timeout: f64,
    /// Seconds a client may read nothing of its answer before it is disconnected.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    write_timeout: f64,
    /// Most bytes of answers held until their clients read them (beyond it: 503 busy;
    /// a single answer larger than this: 422).
    #[arg(long, value_name = "BYTES", default_value_t = 64 << 20)]
    max_unsent: usize,
}

pub fn run(a: &ServeArgs) -> Result<(), Failure> {
    if !(a.timeout > 0.0 && a.timeout <= 86_400.0) {
        return Err(Failure::Input(format!(
            "--timeout is {}: give seconds between 0 and 86400",
            a.timeout
        )));
    }
    if a.max_concurrent == 0 || a.max_concurrent > 1024 {
        return Err(Failure::Input(format!(
            "--max-concurrent is {}: give 1 to 1024",
            a.max_concurrent
        )));
    }
    if !(a.header_timeout > 0.0 && a.header_timeout <= 3_600.0) {
        return Err(Failure::Input(format!(
            "--header-timeout is {}: give seconds between 0 and 3600",
            a.header_timeout
        )));
    }
    if a.max_connections == 0 || a.max_connections > 65_536 {
        return Err(Failure::Input(format!(
            "--max-connections is {}: give 1 to 65536",
            a.max_connections
        )));
    }
    if a.queue > 65_536 {
        return Err(Failure::Input(format!(
            "--queue is {}: give 0 to 65536",
            a.queue
        )));
    }
    if !(a.queue_wait >= 0.0 && a.queue_wait <= 60.0) {
        return Err(Failure::Input(format!(
            "--queue-wait is {}: give seconds from 0 to 60",
            a.queue_wait
        )));
    }
    if !(a.write_timeout > 0.0 && a.write_timeout <= 3_600.0) {
        return Err(Failure::Input(format!(
            "--write-timeout is {}: give seconds between 0 and 3600",
            a.write_timeout
        )));
    }
    if a.max_unsent == 0 {
        return Err(Failure::Input(
            "--max-unsent is 0: give a number of bytes of at least 1".into(),
        ));
    }
    let config = Config {
        host: a.host,
        port: a.port,
        max_states: a.max_states,
        timeout: Duration::from_secs_f64(a.timeout),
        max_concurrent: a.max_concurrent,
        max_body: a.max_body,
        max_connections: a.max_connections,
        header_timeout: Duration::from_secs_f64(a.header_timeout),
        queue: a.queue,
        queue_wait: Duration::from_secs_f64(a.queue_wait),
        write_timeout: Duration::from_secs_f64(a.write_timeout),
        max_unsent: a.max_unsent,
    };
    sprague::web::serve(config, |addr| {
        let mut out = super::stdout::stdout().lock();
        let _ = writeln!(out, "sprague: serving on http://{addr}/");
        let _ = out.flush();
    })
    .map_err(|e| Failure::Other(format!("cannot serve on {}:{}: {e}", a.host, a.port)))
}
