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
    /// Most computations at once (a request beyond it answers 503 busy).
    #[arg(long, value_name = "N", default_value_t = 4)]
    max_concurrent: usize,
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
    let config = Config {
        host: a.host,
        port: a.port,
        max_states: a.max_states,
        timeout: Duration::from_secs_f64(a.timeout),
        max_concurrent: a.max_concurrent,
        max_body: a.max_body,
        max_connections: a.max_connections,
        header_timeout: Duration::from_secs_f64(a.header_timeout),
    };
    sprague::web::serve(config, |addr| {
        let mut out = super::stdout::stdout().lock();
        let _ = writeln!(out, "sprague: serving on http://{addr}/");
        let _ = out.flush();
    })
    .map_err(|e| Failure::Other(format!("cannot serve on {}:{}: {e}", a.host, a.port)))
}
