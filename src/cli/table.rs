//! `sprague table`: the values of a heap family, OEIS style, with their period.

use super::checkpoint::CheckpointFile;
use super::watcher::{ProgressWhen, Watcher};
use super::{Failure, LimitArgs, interrupt, read_expr};
use sprague::core::{Bound, Limits, SolveError, show_bytes};
use sprague::games;
use sprague::impartial::heap::{Estimate, TableFamily};
use sprague::impartial::period::Period;
use sprague::impartial::watch::TableHalt;
use sprague::report::table::{Format, write_table};
use std::fmt::Write as _;
use std::io::{BufWriter, Write as _};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct TableArgs {
    /// The heap family, e.g. 'sub[1,3,4]', 'bash[3]', 'nim'; '-' reads it from standard input.
    #[arg(value_name = "FAMILY", allow_hyphen_values = true)]
    pub(super) family: String,
    /// First heap size.
    #[arg(long, value_name = "A", default_value_t = 0)]
    pub(super) from: usize,
    /// Last heap size.
    #[arg(long, value_name = "N")]
    pub(super) to: usize,
    /// Print one JSON document: family, from, values, period.
    #[arg(long, conflicts_with = "csv")]
    pub(super) json: bool,
    /// Print CSV: the header 'heap,value', then one line a heap.
    #[arg(long, conflicts_with = "explain")]
    pub(super) csv: bool,
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
    /// Acts as Ctrl-C once N heaps are known (for testing interruptions).
    #[arg(long, value_name = "N", hide = true)]
    pub(super) interrupt_at: Option<usize>,
    #[command(flatten)]
    pub(super) limits: LimitArgs,
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
    let limits = a.limits.table_limits(a.to);
    // What the run needs, before anything is read or written: a run that cannot fit
    // in memory stops here (other refusals come as they did, with the checkpoint).
    if let Err(
        e @ SolveError::Limit {
            bound: Bound::Memory,
            ..
        },
    ) = family.estimate(a.from, a.to, &limits)
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
                .estimate(a.from, a.to, &limits)
                .map_err(TableHalt::from)
                .and_then(|e| {
                    if e.heaps > 0 {
                        watcher.note(&estimate_line(&family.name(), &e, &limits));
                    }
                    family.prepare_watched(a.from, a.to, &limits, &mut watcher)
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
/// `table` command, and `:table` in `repl`).
pub(super) fn answer(a: &TableArgs, text: &str) -> Result<(), Failure> {
    let family = games::table_family(text)?;
    if a.to < a.from {
        return Err(Failure::Input(format!(
            "--from {} is larger than --to {}",
            a.from, a.to
        )));
    }
    let limits = a.limits.table_limits(a.to);
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
        a.from..=a.to,
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
