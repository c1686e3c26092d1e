//! `sprague solve --every NAME=FROM..TO`: a one-parameter family answered for every
//! value of its variable (the work is in [`sprague::report::every`]; this reads the
//! flags and the heaps file, shows progress and writes the answer).

use super::files::{self, FileError};
use super::input::{MAX_EXPR_BYTES, bytes_name, read_bounded, read_expr};
use super::solve::SolveArgs;
use super::watcher::ProgressWhen;
use super::{Failure, stdout};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sprague::report::every::{Range, every, with_heaps};
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::time::{Duration, Instant};

/// A bar appears only once the run has lasted this long.
const SHOW_AFTER: Duration = Duration::from_millis(300);
/// Time between progress lines when standard error is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(10);

pub fn run(a: &SolveArgs, spec: &str) -> Result<(), Failure> {
    let range =
        Range::parse(spec).map_err(|f| Failure::Input(format!("--every {}", f.message())))?;
    let mut text = read_expr(&a.expr)?.into_string();
    if let Some(path) = &a.heaps {
        if path.as_os_str() == "-" && a.expr == "-" {
            return Err(Failure::Input(
                "the expression and --heaps cannot both be read from standard input".into(),
            ));
        }
        let (name, bytes) = read_heaps(path)?;
        text = with_heaps(&text, &range.variable, &bytes, &name)?;
    }
    let mut progress = Progress::new(a.progress);
    let answer = every(
        &text,
        &range,
        &super::solve::options(a),
        &mut |done, total| progress.update(done, total),
    );
    progress.clear();
    let answer = answer?;
    let out = if a.json { answer.json() } else { answer.text() };
    let stdout = stdout::stdout();
    let mut lock = stdout.lock();
    lock.write_all(out.as_bytes())?;
    lock.flush()?;
    Ok(())
}

/// The bytes of the heaps file (`-`: standard input), at most [`MAX_EXPR_BYTES`]; a
/// FIFO, a device or a directory is refused, not read. With the name for messages.
fn read_heaps(path: &Path) -> Result<(String, Vec<u8>), Failure> {
    let too_long = |name: &str| {
        Failure::Input(format!(
            "--heaps: {name} is longer than {} (the most an expression may have)",
            bytes_name(MAX_EXPR_BYTES)
        ))
    };
    if path.as_os_str() == "-" {
        let name = "standard input".to_string();
        let bytes = read_bounded(io::stdin().lock(), MAX_EXPR_BYTES)
            .map_err(|e| Failure::Input(format!("--heaps: cannot read {name}: {e}")))?
            .ok_or_else(|| too_long(&name))?;
        return Ok((name, bytes));
    }
    let name = path.display().to_string();
    let cannot = |e: FileError| Failure::Input(format!("--heaps: cannot read {name}: {e}"));
    let (file, len) = files::open_regular(path).map_err(cannot)?;
    if len > MAX_EXPR_BYTES {
        return Err(too_long(&name));
    }
    let bytes = read_bounded(file, MAX_EXPR_BYTES)
        .map_err(|e| cannot(FileError::Io(e)))?
        .ok_or_else(|| too_long(&name))?;
    Ok((name, bytes))
}

/// Progress on standard error: a bar on a terminal once the run lasts, plain lines
/// every few seconds with `--progress always` elsewhere, or nothing.
struct Progress {
    started: Instant,
    bar: Option<Option<ProgressBar>>,
    lines: Option<Instant>,
}

impl Progress {
    fn new(when: ProgressWhen) -> Self {
        let terminal =
            io::stderr().is_terminal() && std::env::var_os("TERM").is_none_or(|t| t != "dumb");
        let started = Instant::now();
        let (bar, lines) = match when {
            ProgressWhen::Never => (None, None),
            _ if terminal => (Some(None), None),
            ProgressWhen::Always => (None, Some(started + SHOW_AFTER)),
            ProgressWhen::Auto => (None, None),
        };
        Progress {
            started,
            bar,
            lines,
        }
    }

    fn update(&mut self, done: u64, total: u64) {
        if let Some(slot) = &mut self.bar {
            if slot.is_none() && self.started.elapsed() >= SHOW_AFTER {
                let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
                if let Ok(style) = ProgressStyle::with_template(
                    "every {bar:30} {pos}/{len} values, {elapsed} (eta {eta})",
                ) {
                    bar.set_style(style);
                }
                *slot = Some(bar);
            }
            if let Some(bar) = slot {
                bar.set_length(total);
                bar.set_position(done);
            }
        }
        if let Some(next) = self.lines
            && Instant::now() >= next
        {
            let _ = writeln!(io::stderr(), "solve --every: {done} of {total} values done");
            self.lines = Some(Instant::now() + LINE_EVERY);
        }
    }

    fn clear(&self) {
        if let Some(Some(bar)) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
