//! `sprague sweep`: every octal game of up to D code digits, one line each (the work
//! is in [`sprague::report::sweep`]; this parses the flags and writes the lines).

use super::files::{self, FileError};
use super::watcher::ProgressWhen;
use super::{Failure, LimitArgs, interrupt};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sprague::core::{Bound, Stop};
use sprague::report::sweep::{self, CSV_HEADER, Line, MisereLimits, Run};
use std::collections::HashSet;
use std::fs::File;
use std::io::{self, IsTerminal, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Most digits after the point (8^6 = 262 144 codes).
const MAX_DIGITS: usize = 6;
/// Bytes a line of output may take, beyond the codes of its column `same`: the code,
/// the status, eight numbers of at most 20 digits, the values of the first heaps
/// (at most 11 bytes each) and the JSON keys, with room to spare.
const LINE_BYTES: u64 = 512 + 11 * sweep::FIRST_VALUES as u64;

/// Bytes an order of a misère line may take, with its repeat count and separator
/// (`8192*1000000 ` at most; a heap's order takes one entry at most).
const ORDER_BYTES: u64 = 24;

/// Bytes the message of a stopped misère game may take (JSON lines).
const MISERE_MESSAGE_BYTES: u64 = 1024;

/// Bytes a code of the column `same` may take in a line (`"4.123456",`).
const SAME_BYTES: u64 = 16;

#[derive(clap::Args)]
pub struct SweepArgs {
    /// Codes with at most D digits after the point: 0.d1…dD (1 ≤ D ≤ 6).
    #[arg(long, value_name = "D")]
    digits: usize,
    /// Last heap of each game's table (fewer when its period is proved first).
    #[arg(long, value_name = "N")]
    to: usize,
    /// Also the codes 4.d1…dD, whose heaps may be split without removing anything.
    #[arg(long)]
    with_split: bool,
    /// Misère play: the order of each game's misère quotient (Plambeck–Siegel) after
    /// each heap 1 to N, whether it is tame, and where it stopped.
    #[arg(long)]
    misere: bool,
    /// With --misere: stop a game (not the sweep) once its quotient has more than K
    /// elements.
    #[arg(long, value_name = "K", requires = "misere")]
    max_order: Option<usize>,
    /// With --misere: stop a game (not the sweep) after S seconds; its line then
    /// depends on the machine's speed.
    #[arg(long, value_name = "S", requires = "misere")]
    game_timeout: Option<f64>,
    /// Write CSV lines with a header (the default).
    #[arg(long, conflicts_with = "json")]
    csv: bool,
    /// Write one JSON object per line.
    #[arg(long)]
    json: bool,
    /// Append the lines to FILE, skipping the codes FILE has already (run the same
    /// command again to continue an interrupted sweep).
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Skip the codes FILE has already (an earlier output), writing the others to
    /// standard output.
    #[arg(long, value_name = "FILE", conflicts_with = "output")]
    resume: Option<PathBuf>,
    /// Only the games whose index is I mod N (0 ≤ I < N), to split a sweep over
    /// machines, e.g. a job array.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    shard: Option<(usize, usize)>,
    /// Start no new game once the tables together hold this many heaps (exit 3).
    #[arg(long, value_name = "N", default_value_t = 1_000_000_000_000)]
    max_total_states: u64,
    /// Show progress on standard error: a bar when it is a terminal (auto), also
    /// lines for logs otherwise (always), or nothing (never).
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ProgressWhen::Auto)]
    progress: ProgressWhen,
    /// Acts as Ctrl-C once N lines are written (for testing interruptions).
    #[arg(long, value_name = "N", hide = true)]
    interrupt_after: Option<usize>,
    #[command(flatten)]
    limits: LimitArgs,
}

fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("'{s}' is not a shard I/N with 0 ≤ I < N, e.g. 0/4");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (i, n): (usize, usize) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if n == 0 || i >= n {
        return Err(bad());
    }
    Ok((i, n))
}

/// The most bytes an earlier output of a sweep over `games` may have: a header and a
/// line for each game (whichever shards wrote them); a misère line also has an order
/// of at most [`MAX_ORDER`](sprague::impartial::quotient::MAX_ORDER) (with its
/// count and a separator, at most [`ORDER_BYTES`]) for each heap up to `to`.
fn max_output(games: &[sweep::Game], misere: Option<usize>) -> u64 {
    let orders = misere.map_or(0, |to| ORDER_BYTES.saturating_mul(to as u64));
    let lines: u64 = games
        .iter()
        .map(|g| {
            (LINE_BYTES + SAME_BYTES * g.same.len() as u64)
                .saturating_add(orders)
                .saturating_add(MISERE_MESSAGE_BYTES * u64::from(misere.is_some()))
        })
        .fold(0, u64::saturating_add);
    CSV_HEADER.len() as u64 + 1 + lines
}

/// The codes written in `file` (named `path`) before, checking that its lines are in
/// the format asked for and that it is no longer than an output of the sweep may be
/// (`max` bytes); with the length of its complete lines.
fn read_written(
    file: &mut File,
    path: &Path,
    json: bool,
    misere: bool,
    max: u64,
) -> Result<(HashSet<String>, usize, bool), Failure> {
    let shown = path.display();
    let len = file
        .metadata()
        .map_err(|e| Failure::Input(format!("cannot read {shown}: {e}")))?
        .len();
    let too_long = || {
        Failure::Input(format!(
            "{shown} is larger than an output of this sweep may be ({max} bytes): not an \
             output of sprague sweep with these --digits"
        ))
    };
    if len > max {
        return Err(too_long());
    }
    let mut text = String::new();
    file.take(max + 1)
        .read_to_string(&mut text)
        .map_err(|e| Failure::Input(format!("cannot read {shown}: {e}")))?;
    if text.len() as u64 > max {
        return Err(too_long());
    }
    let (codes, complete) = sweep::written_codes(&text);
    if let Some(first) = text[..complete].lines().next() {
        let is_json = first.starts_with('{');
        let is_csv = first == CSV_HEADER || first == sweep::misere::CSV_HEADER;
        if !(is_json || is_csv) {
            return Err(Failure::Input(format!(
                "{shown}, line 1: not an output of sprague sweep (a CSV header or a JSON object)"
            )));
        }
        let is_misere = if is_json {
            first.contains("\"orders\":")
        } else {
            first == sweep::misere::CSV_HEADER
        };
        if is_misere != misere {
            return Err(Failure::Input(format!(
                "{shown}, line 1: the file holds the lines of a {} sweep but {} was asked for",
                if is_misere { "misère" } else { "normal-play" },
                if misere {
                    "--misere"
                } else {
                    "a normal-play sweep"
                }
            )));
        }
        if is_json != json {
            return Err(Failure::Input(format!(
                "{shown}, line 1: the file holds {} lines but {} was asked for",
                if is_json { "JSON" } else { "CSV" },
                if json { "--json" } else { "CSV" }
            )));
        }
    }
    Ok((codes, complete, complete > 0))
}

/// Progress on standard error: a bar, plain lines every few seconds, or nothing.
struct Progress {
    bar: Option<ProgressBar>,
    lines: Option<Instant>,
    total: usize,
}

impl Progress {
    fn new(when: ProgressWhen, total: usize) -> Self {
        let terminal =
            io::stderr().is_terminal() && std::env::var_os("TERM").is_none_or(|t| t != "dumb");
        let mut p = Progress {
            bar: None,
            lines: None,
            total,
        };
        match when {
            ProgressWhen::Never => {}
            ProgressWhen::Auto if !terminal => {}
            _ if terminal => {
                let bar =
                    ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
                if let Ok(style) = ProgressStyle::with_template(
                    "sweep {bar:30} {pos}/{len} games, {elapsed} (eta {eta})",
                ) {
                    bar.set_style(style);
                }
                p.bar = Some(bar);
            }
            _ => p.lines = Some(Instant::now() + Duration::from_secs(10)),
        }
        p
    }

    fn update(&mut self, done: usize) {
        if let Some(bar) = &self.bar {
            bar.set_position(done as u64);
        }
        if let Some(next) = self.lines
            && Instant::now() >= next
        {
            let _ = writeln!(
                std::io::stderr(),
                "sweep: {done} of {} games done",
                self.total
            );
            self.lines = Some(Instant::now() + Duration::from_secs(10));
        }
    }

    fn clear(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

pub fn run(a: &SweepArgs) -> Result<(), Failure> {
    if a.digits == 0 || a.digits > MAX_DIGITS {
        return Err(Failure::Input(format!(
            "--digits {} is out of range: 1 to {MAX_DIGITS}",
            a.digits
        )));
    }
    let limits = a.limits.limits();
    if a.misere && a.to == 0 {
        return Err(Failure::Input(
            "--to 0: a misère quotient needs at least heap 1".into(),
        ));
    }
    let game_time = match a.game_timeout {
        Some(s) if !(0.0..=1e9).contains(&s) => {
            return Err(Failure::Input(format!(
                "--game-timeout is {s}: give seconds between 0 and 1000000000"
            )));
        }
        s => s.map(Duration::from_secs_f64),
    };
    if a.to as u64 >= limits.max_states {
        return Err(Failure::Limit(
            Some(Bound::States),
            format!(
                "a table to heap {} needs more than {} positions",
                a.to, limits.max_states
            ),
        ));
    }
    let all = |with_split| {
        if a.misere {
            sweep::misere_games(a.digits, with_split)
        } else {
            sweep::games(a.digits, with_split)
        }
    };
    let mut games = all(a.with_split);
    if let Some((i, n)) = a.shard {
        games = sweep::shard(games, i, n);
    }
    // An earlier output holds at most a line for each game of these digits, with or
    // without split codes, whatever the shards.
    let max = max_output(&all(true), a.misere.then_some(a.to));
    let mut written_before = (HashSet::new(), 0, false);
    let mut out: Box<dyn Write> = match (&a.output, &a.resume) {
        (Some(path), _) => {
            // Locked for this run; a symbolic link, a FIFO or a device is refused.
            let mut file = files::open_locked(path).map_err(|e| match e {
                FileError::Busy => Failure::Input(format!(
                    "output {} is in use by another run",
                    path.display()
                )),
                e => Failure::Input(format!("cannot write {}: {e}", path.display())),
            })?;
            written_before = read_written(&mut file, path, a.json, a.misere, max)?;
            // A line cut off by an interruption is dropped and written again.
            file.set_len(written_before.1 as u64)?;
            file.seek(io::SeekFrom::End(0))?;
            Box::new(file)
        }
        (None, resume) => {
            if let Some(path) = resume {
                match files::open_regular(path) {
                    Ok((mut file, _)) => {
                        written_before = read_written(&mut file, path, a.json, a.misere, max)?;
                    }
                    // Nothing written yet.
                    Err(FileError::Io(e)) if e.kind() == io::ErrorKind::NotFound => {}
                    Err(e) => {
                        return Err(Failure::Input(format!(
                            "cannot read {}: {e}",
                            path.display()
                        )));
                    }
                }
            }
            Box::new(super::stdout::stdout().lock())
        }
    };
    let (skip, _, had_lines) = written_before;
    if !a.json && !had_lines {
        let header = if a.misere {
            sweep::misere::CSV_HEADER
        } else {
            CSV_HEADER
        };
        writeln!(out, "{header}")?;
        out.flush()?;
    }
    let stop = Arc::new(Stop::after(Duration::MAX));
    interrupt::install();
    interrupt::computing(true);
    let watch = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            while !stop.is_due() {
                if interrupt::requested() {
                    stop.raise();
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        })
    };
    let total = games
        .iter()
        .filter(|g| !skip.contains(&sprague::games::impartial::octal::code_text(&g.code)))
        .count();
    let mut progress = Progress::new(a.progress, total);
    let mut written = 0usize;
    let run = Run {
        games: &games,
        skip: &skip,
        to: a.to,
        max_states: limits.max_states,
        max_total: a.max_total_states,
        threads: limits.thread_count(),
        stop: Some(Arc::clone(&stop)),
        misere: a.misere.then(|| MisereLimits {
            max_states: limits.max_states,
            max_memory: limits.max_memory,
            max_order: a
                .max_order
                .unwrap_or(sprague::impartial::quotient::MAX_ORDER),
            time: game_time,
        }),
    };
    let result = sweep::run(
        &run,
        &mut |row: &Line| {
            let line = if a.json { row.json() } else { row.csv() };
            out.write_all(line.as_bytes())?;
            out.flush()?;
            written += 1;
            if a.interrupt_after == Some(written) {
                stop.raise();
            }
            Ok(())
        },
        &mut |done| progress.update(done),
    );
    let interrupted = stop.is_due();
    stop.raise();
    let _ = watch.join();
    interrupt::computing(false);
    progress.clear();
    let summary = result?;
    let again = match &a.output {
        Some(p) => format!(
            "run the same command to continue (it appends to {})",
            p.display()
        ),
        None => "add --resume FILE (the output so far) to continue".into(),
    };
    if let Some((game, e)) = summary.failed {
        let words = format!(
            "{game}: {e}; {} games written, {} left",
            summary.written, summary.left
        );
        return Err(match Failure::from(e) {
            Failure::Limit(bound, _) => Failure::Limit(bound, words),
            _ => Failure::Other(words),
        });
    }
    if interrupted && summary.left > 0 {
        return Err(Failure::Interrupted(format!(
            "interrupted: {} games written, {} left; {again}",
            summary.written, summary.left
        )));
    }
    if summary.budget_spent && summary.left > 0 {
        return Err(Failure::Limit(
            None,
            format!(
                "the tables together reached --max-total-states {}: {} games written, {} left; raise it and {again}",
                a.max_total_states, summary.written, summary.left
            ),
        ));
    }
    Ok(())
}
