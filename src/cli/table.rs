//! `sprague table`: the values of a heap family, OEIS style, with their period; and
//! the grid of a game on two numbers (a family on pairs, or two heaps with `--pairs`).

use super::checkpoint::CheckpointFile;
use super::watcher::{ProgressWhen, Watcher};
use super::{Failure, LimitArgs, interrupt, read_expr};
use sprague::core::Stop;
use sprague::core::{Bound, Limits, SolveError, show_bytes};
use sprague::games;
use sprague::impartial::heap::{Estimate, TableFamily};
use sprague::impartial::period::Period;
use sprague::impartial::watch::TableHalt;
use sprague::report::grid::{self, GridError};
use sprague::report::table::{Format, write_table};
use std::fmt::Write as _;
use std::io::{BufWriter, Write as _};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

#[derive(clap::Args)]
pub struct TableArgs {
    /// The heap family, e.g. 'sub[1,3,4]', 'bash[3]', 'nim', or a game on two numbers
    /// for a grid; '-' reads it from standard input.
    #[arg(value_name = "FAMILY", allow_hyphen_values = true)]
    pub(super) family: String,
    /// First heap size; for a grid the first row and column (A, or A,B).
    #[arg(long, value_name = "A", default_value = "0", value_parser = parse_heap_or_pair)]
    pub(super) from: HeapOrPair,
    /// Last heap size; for a grid the last row and column (N, or N,M).
    #[arg(long, value_name = "N", value_parser = parse_heap_or_pair)]
    pub(super) to: HeapOrPair,
    /// A grid of two heaps of a heap family: the values of FAMILY(i) + FAMILY(j), row i,
    /// column j (a game on two numbers, FAMILY(i,j), is always shown as a grid).
    #[arg(long, conflicts_with_all = ["explain", "checkpoint"])]
    pub(super) pairs: bool,
    /// For a grid: N and P (the player to move wins, loses) instead of the values.
    #[arg(long, conflicts_with_all = ["json", "csv", "explain"])]
    pub(super) np: bool,
    /// Print one JSON document: family, from, values, period (a grid: family, cell,
    /// from, rows, cols, values, p_positions, p_rule).
    #[arg(long, conflicts_with = "csv")]
    pub(super) json: bool,
    /// Print CSV: the header 'heap,value', then one line a heap (a grid:
    /// 'row,col,value,outcome', one line a cell).
    #[arg(long, conflicts_with = "explain")]
    pub(super) csv: bool,
    /// Conway's genus of each heap (misère play, Winning Ways ch. 13: 0^120, 4^146, …)
    /// and its misère canonical form, instead of the nim-values.
    #[arg(long, conflicts_with_all = ["pairs", "np", "csv", "explain", "checkpoint"])]
    pub(super) genus: bool,
    /// Show each value's derivation: sg(5) = mex{sg(4), sg(2), sg(1)} = mex{2, 0, 1} = 3.
    #[arg(long)]
    pub(super) explain: bool,
    /// Save the values computed to FILE every few seconds, on Ctrl-C and at a limit;
    /// when FILE exists, go on from the values it holds.
    #[arg(long, value_name = "FILE")]
    pub(super) checkpoint: Option<PathBuf>,
    /// Show progress on standard error: a bar when it is a terminal (auto), also
    /// lines for logs otherwise (always), or nothing (never).
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ProgressWhen::Auto)]
    pub(super) progress: ProgressWhen,
    /// Acts as Ctrl-C once N heaps (the rows of a grid) are known (for testing
    /// interruptions).
    #[arg(long, value_name = "N", hide = true)]
    pub(super) interrupt_at: Option<usize>,
    #[command(flatten)]
    pub(super) limits: LimitArgs,
}

/// `--from`/`--to`: a heap, or the row and the column of a grid's corner (`N,M`; one
/// number stands for both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapOrPair {
    /// The heap, or the row.
    pub(super) first: usize,
    /// The column, when given apart.
    pub(super) second: Option<usize>,
}

impl HeapOrPair {
    /// One number: a heap (or the row and the column of a grid).
    pub(super) fn one(n: usize) -> Self {
        HeapOrPair {
            first: n,
            second: None,
        }
    }

    /// The row and the column.
    fn pair(self) -> (usize, usize) {
        (self.first, self.second.unwrap_or(self.first))
    }
}

impl std::fmt::Display for HeapOrPair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.second {
            Some(c) => write!(f, "{},{c}", self.first),
            None => write!(f, "{}", self.first),
        }
    }
}

/// Reads `N` or `N,M`.
fn parse_heap_or_pair(text: &str) -> Result<HeapOrPair, String> {
    let number = |s: &str| {
        s.trim().parse::<usize>().map_err(|_| {
            format!("'{text}' is not a heap size such as 20, nor a row and a column such as 9,12")
        })
    };
    match text.split_once(',') {
        Some((a, b)) => Ok(HeapOrPair {
            first: number(a)?,
            second: Some(number(b)?),
        }),
        None => Ok(HeapOrPair::one(number(text)?)),
    }
}

/// The estimate of a run in one line, as it is said before the run starts.
fn estimate_line(family: &str, e: &Estimate, limits: &Limits) -> String {
    let mut line = format!(
        "{family}: up to {} heaps, about {}: {} bytes a value",
        e.heaps,
        show_bytes(e.bytes()),
        e.width
    );
    if e.width == 2 {
        line.push_str(" (4 once a value passes 65535)");
    }
    if e.other_bytes > 0 {
        let _ = write!(
            line,
            " and {} for {}",
            show_bytes(e.other_bytes),
            e.other_use
        );
    }
    let _ = write!(line, "; --max-memory is {}", show_bytes(limits.max_memory));
    if e.bytes() > limits.max_memory {
        line.push_str(" (enough only if a period is proved sooner)");
    }
    line
}

/// The period seen in a table, and whether it is proved.
type Seen = Option<(Period, bool)>;

/// Computes what the table needs, watched: progress, Ctrl-C, checkpoints. With the
/// period seen, the failure to save the values (exit 1 once the table is printed).
fn compute(a: &TableArgs, family: &dyn TableFamily) -> Result<(Seen, Option<Failure>), Failure> {
    let (from, to) = (a.from.first, a.to.first);
    let limits = a.limits.table_limits(to);
    // What the run needs, before anything is read or written: a run that cannot fit
    // in memory stops here (other refusals come as they did, with the checkpoint).
    if let Err(
        e @ SolveError::Limit {
            bound: Bound::Memory,
            ..
        },
    ) = family.estimate(from, to, &limits)
    {
        return Err(e.into());
    }
    // From here Ctrl-C stops at the next heap (reading a checkpoint is part of it).
    interrupt::install();
    interrupt::computing(true);
    let watched = a
        .checkpoint
        .as_deref()
        .map(|path| CheckpointFile::open(path, family, &limits))
        .transpose()
        .map(|checkpoint| {
            let mut watcher = Watcher::new(family.name(), a.progress, checkpoint, a.interrupt_at);
            let result = family
                .estimate(from, to, &limits)
                .map_err(TableHalt::from)
                .and_then(|e| {
                    if e.heaps > 0 {
                        watcher.note(&estimate_line(&family.name(), &e, &limits));
                    }
                    family.prepare_watched(from, to, &limits, &mut watcher)
                });
            (watcher, result)
        });
    interrupt::computing(false);
    let (mut watcher, result) = watched?;
    watcher.clear();
    let known = family.known_values();
    let known = known.slice();
    match result {
        Ok(period) => {
            let mut unsaved = watcher.take_failure();
            if unsaved.is_none()
                && let Some(file) = watcher.checkpoint()
            {
                unsaved = file.save_if_more(known).err();
            }
            Ok((period, unsaved))
        }
        Err(TableHalt::Stopped) if !watcher.interrupted() => Err(watcher
            .take_failure()
            .unwrap_or_else(|| Failure::Other("the table stopped early".into()))),
        Err(TableHalt::Stopped) => {
            let how_far = format!(
                "interrupted after {} of {} heaps",
                known.len(),
                watcher.wanted()
            );
            Err(Failure::Interrupted(match watcher.checkpoint() {
                Some(file) => {
                    file.save_if_more(known)?;
                    format!(
                        "{how_far}; saved in {0}: run the same command with --checkpoint {0} to go on",
                        file.shown()
                    )
                }
                None => format!(
                    "{how_far}; nothing saved: add --checkpoint FILE to keep the values and go on later"
                ),
            }))
        }
        Err(TableHalt::Failed(e @ SolveError::Limit { .. })) => {
            let mut m = sprague::flags::message(&e);
            if let Some(file) = watcher.checkpoint() {
                file.save_if_more(known)?;
                let _ = write!(m, "; {} heaps saved in {}", file.saved(), file.shown());
            }
            Err(Failure::Limit(None, m))
        }
        Err(TableHalt::Failed(e)) => Err(e.into()),
    }
}

pub fn run(a: &TableArgs) -> Result<(), Failure> {
    let text = read_expr(&a.family)?;
    answer(a, &text)
}

/// The table of the family `text` as `a` asks, written to standard output (the
/// `table` command, and `:table` in `repl`): the values of a heap family, or the grid
/// of a game on two numbers (with `--pairs`, of two heaps).
pub(super) fn answer(a: &TableArgs, text: &str) -> Result<(), Failure> {
    if a.pairs {
        return answer_grid(a, text);
    }
    let family = match games::table_family(text) {
        Ok(f) => f,
        // A game on two numbers is tabled as a grid.
        Err(e) => match games::grid_family(text) {
            Ok(g) if !g.heaps => return answer_grid(a, text),
            _ => return Err(e.into()),
        },
    };
    for (flag, given) in [("--from", a.from), ("--to", a.to)] {
        if given.second.is_some() {
            return Err(Failure::Input(format!(
                "{flag} {given} names a row and a column: add --pairs for the grid of two heaps"
            )));
        }
    }
    if a.np {
        return Err(Failure::Input(
            "--np draws a grid: add --pairs for the grid of two heaps".into(),
        ));
    }
    if a.to.first < a.from.first {
        return Err(Failure::Input(format!(
            "--from {} is larger than --to {}",
            a.from, a.to
        )));
    }
    let limits = a.limits.table_limits(a.to.first);
    if a.genus {
        let t = sprague::report::genus::genus_table(text, a.from.first, a.to.first, &limits)?;
        let out = if a.json { t.json() } else { t.text() };
        let stdout = super::stdout::stdout();
        let mut lock = stdout.lock();
        lock.write_all(out.as_bytes())?;
        lock.flush()?;
        return Ok(());
    }
    let (period, unsaved) = compute(a, &*family)?;
    let format = if a.json {
        Format::Json
    } else if a.csv {
        Format::Csv
    } else {
        Format::Text
    };
    // Written as it goes, from the table the computation keeps.
    let stdout = super::stdout::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    write_table(
        &mut out,
        &*family,
        a.from.first..=a.to.first,
        period,
        a.explain,
        format,
        &limits,
    )?;
    out.flush()?;
    match unsaved {
        Some(Failure::Other(m)) => Err(Failure::Other(format!(
            "{m}; the table above is complete but not saved"
        ))),
        Some(f) => Err(f),
        None => Ok(()),
    }
}

/// The grid of the family `text` (a game on two numbers, or two heaps with
/// `--pairs`) as `a` asks, written to standard output; Ctrl-C stops it at the next
/// row (or inside a long value) with exit 130.
fn answer_grid(a: &TableArgs, text: &str) -> Result<(), Failure> {
    for (flag, given) in [
        ("--explain", a.explain),
        ("--checkpoint", a.checkpoint.is_some()),
    ] {
        if given {
            return Err(Failure::Input(format!(
                "{flag} is for a table of heaps, not for a grid"
            )));
        }
    }
    let ((r0, c0), (r1, c1)) = (a.from.pair(), a.to.pair());
    if r1 < r0 || c1 < c0 {
        return Err(Failure::Input(format!(
            "--from {} is larger than --to {}",
            a.from, a.to
        )));
    }
    // The last row and column are included: the ranges end one further.
    let end = |n: usize| {
        (n as u64)
            .checked_add(1)
            .ok_or_else(|| Failure::Input(format!("--to {} is too large for a grid", a.to)))
    };
    let (rows, cols) = (r0 as u64..end(r1)?, c0 as u64..end(c1)?);
    let stop = Arc::new(Stop::after(Duration::MAX));
    let limits = Limits {
        stop: Some(Arc::clone(&stop)),
        ..a.limits.limits()
    };
    let mut watcher =
        Watcher::new(text.to_string(), a.progress, None, a.interrupt_at).counting("rows");
    let mut done = 0;
    interrupt::install();
    interrupt::computing(true);
    // Ctrl-C raises the stop signal, which a long value looks at too.
    let poll = {
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
    let result = grid::grid_watched(text, rows, cols, &limits, &mut |d, wanted| {
        done = d;
        watcher.step(d, wanted)
    });
    let interrupted = watcher.interrupted() || interrupt::requested();
    stop.raise();
    let _ = poll.join();
    interrupt::computing(false);
    watcher.clear();
    let g = match result {
        Ok(g) => g,
        Err(
            GridError::Stopped(_)
            | GridError::Failed(SolveError::Limit {
                bound: Bound::Time, ..
            }),
        ) if interrupted => {
            return Err(Failure::Interrupted(format!(
                "interrupted after {done} of {} rows; a grid is not saved",
                watcher.wanted()
            )));
        }
        Err(e) => return Err(e.into()),
    };
    let doc = if a.json {
        g.json()
    } else if a.csv {
        g.csv()
    } else {
        g.text(a.np, sprague::flags::raise_with)
    };
    let stdout = super::stdout::stdout();
    let mut out = stdout.lock();
    out.write_all(doc.as_bytes())?;
    out.flush()?;
    Ok(())
}
