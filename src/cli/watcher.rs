//! What `table` does while a table grows: a progress bar on standard error, Ctrl-C, and
//! saving the values now and then when `--checkpoint` is given.

use super::Failure;
use super::checkpoint::CheckpointFile;
use super::interrupt;
use console::Term;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};
use sprague::impartial::store::ValueSlice;
use sprague::impartial::watch::TableWatch;
use std::io::Write as _;
use std::io::{self, IsTerminal};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// When to show progress on standard error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ProgressWhen {
    /// A bar when standard error is a terminal, else nothing.
    Auto,
    /// A bar on a terminal, else a line every few seconds (for logs).
    Always,
    /// Nothing.
    Never,
}

/// A bar appears only once a computation has run this long.
const SHOW_AFTER: Duration = Duration::from_millis(300);
/// Time before the first progress line when standard error is not a terminal.
const FIRST_LINE: Duration = Duration::from_secs(1);
/// Time between progress lines when standard error is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(10);
/// Least time between two saves of the checkpoint.
const SAVE_EVERY: Duration = Duration::from_secs(5);
/// A save may cost at most 1/SAVE_SHARE of the time between saves.
const SAVE_SHARE: u32 = 100;

enum Display {
    Off,
    /// The bar, once shown.
    Bar(Option<ProgressBar>),
    /// Plain lines; the next is due at the instant given.
    Lines(Instant),
}

/// Watches a table for `table`: shows it, stops it on Ctrl-C, saves it.
pub struct Watcher {
    family: String,
    /// What the computation counts: heaps (a table), rows (a grid).
    unit: &'static str,
    display: Display,
    started: Instant,
    /// The first length seen and when (for the rate of plain lines).
    first: Option<(usize, Instant)>,
    checkpoint: Option<CheckpointFile>,
    next_save: Instant,
    stop_at: Option<usize>,
    /// The table length wanted, as last seen.
    wanted: usize,
    /// Whether the computation was stopped by Ctrl-C (or `stop_at`).
    interrupted: bool,
    /// A checkpoint that could not be written: the computation goes on without saving,
    /// and the front end reports it at the end.
    failure: Option<Failure>,
}

impl Watcher {
    /// A watcher for `family`, showing progress as `when` says, saving to `checkpoint`;
    /// `stop_at` acts as Ctrl-C once that many heaps are known.
    pub fn new(
        family: String,
        when: ProgressWhen,
        checkpoint: Option<CheckpointFile>,
        stop_at: Option<usize>,
    ) -> Self {
        let now = Instant::now();
        let terminal =
            io::stderr().is_terminal() && std::env::var_os("TERM").is_none_or(|t| t != "dumb");
        let display = match when {
            ProgressWhen::Never => Display::Off,
            ProgressWhen::Auto if !terminal => Display::Off,
            _ if terminal => Display::Bar(None),
            _ => Display::Lines(now + FIRST_LINE),
        };
        Watcher {
            family,
            unit: "heaps",
            display,
            started: now,
            first: None,
            checkpoint,
            next_save: now + SAVE_EVERY,
            stop_at,
            wanted: 0,
            interrupted: false,
            failure: None,
        }
    }

    /// The same watcher counting `unit`s (the rows of a grid) instead of heaps.
    pub fn counting(mut self, unit: &'static str) -> Self {
        self.unit = unit;
        self
    }

    /// For a computation that is no table of heaps (a grid): shows `done` of `wanted`
    /// units; `Break` on Ctrl-C, or once `stop_at` units are done.
    pub fn step(&mut self, done: usize, wanted: usize) -> ControlFlow<()> {
        self.wanted = wanted;
        if interrupt::requested() || self.stop_at.is_some_and(|n| done >= n) {
            self.interrupted = true;
            return ControlFlow::Break(());
        }
        self.show(done, wanted, Instant::now());
        ControlFlow::Continue(())
    }

    /// The table length wanted, as last seen.
    pub fn wanted(&self) -> usize {
        self.wanted
    }

    /// Whether the computation was interrupted.
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// The failure of a save (the computation went on without saving), if any.
    pub fn take_failure(&mut self) -> Option<Failure> {
        self.failure.take()
    }

    /// The checkpoint file, if any.
    pub fn checkpoint(&mut self) -> Option<&mut CheckpointFile> {
        self.checkpoint.as_mut()
    }

    /// Says `line` on standard error when progress is shown there (before the bar
    /// appears, or as one of the lines for logs).
    pub fn note(&self, line: &str) {
        if !matches!(self.display, Display::Off) {
            let _ = writeln!(std::io::stderr(), "sprague: {line}");
        }
    }

    /// Removes the bar (before anything else is printed).
    pub fn clear(&mut self) {
        if let Display::Bar(Some(bar)) = &self.display {
            bar.finish_and_clear();
        }
        self.display = Display::Off;
    }

    fn show(&mut self, done: usize, wanted: usize, now: Instant) {
        let (first_done, first_at) = *self.first.get_or_insert((done, now));
        match &mut self.display {
            Display::Off => {}
            Display::Bar(bar) => {
                if bar.is_none() && now.duration_since(self.started) >= SHOW_AFTER {
                    *bar = Some(new_bar(&self.family, self.unit, done, wanted));
                }
                if let Some(bar) = bar {
                    bar.set_length(wanted as u64);
                    bar.set_position(done as u64);
                }
            }
            Display::Lines(next) => {
                if now >= *next {
                    *next = now + LINE_EVERY;
                    let secs = now.duration_since(first_at).as_secs_f64().max(1e-3);
                    let rate = (done - first_done.min(done)) as f64 / secs;
                    let _ = writeln!(
                        std::io::stderr(),
                        "sprague: {}: {done} of {wanted} {unit} ({rate:.0} {unit}/s)",
                        self.family,
                        unit = self.unit
                    );
                }
            }
        }
    }
}

/// Standard error as the bar sees it: a few columns narrower than the terminal, so
/// that the `^C` the terminal echoes after the bar does not wrap onto a new line
/// (which would leave the bar behind when it is cleared).
#[derive(Debug)]
struct Narrower(Term);

impl TermLike for Narrower {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(4).max(20)
    }
    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> io::Result<()> {
        self.0.flush()
    }
}

fn new_bar(family: &str, unit: &str, done: usize, wanted: usize) -> ProgressBar {
    let style = ProgressStyle::with_template(&format!(
        "{{msg}} {{wide_bar}} {{human_pos}}/{{human_len}} {unit}, {{per_sec:0}} [{{elapsed}}]"
    ))
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    let target = ProgressDrawTarget::term_like_with_hz(Box::new(Narrower(Term::stderr())), 10);
    let bar = ProgressBar::with_draw_target(Some(wanted as u64), target)
        .with_style(style)
        .with_message(family.to_string());
    // Values taken from a checkpoint are not part of this run's rate: the rate counts
    // from here.
    bar.set_position(done as u64);
    bar.reset_eta();
    bar
}

impl TableWatch for Watcher {
    fn progress(&mut self, values: ValueSlice<'_>, wanted: usize) -> ControlFlow<()> {
        let done = values.len();
        self.wanted = wanted;
        if interrupt::requested() || self.stop_at.is_some_and(|n| done >= n) {
            self.interrupted = true;
            return ControlFlow::Break(());
        }
        let now = Instant::now();
        self.show(done, wanted, now);
        if let Some(file) = self.checkpoint.as_mut()
            && self.failure.is_none()
            && now >= self.next_save
            && done > file.saved()
        {
            match file.save(values) {
                Ok(took) => self.next_save = Instant::now() + SAVE_EVERY.max(took * SAVE_SHARE),
                // A full disk: keep computing, so that the table is still printed.
                Err(f) => self.failure = Some(f),
            }
        }
        ControlFlow::Continue(())
    }
}
