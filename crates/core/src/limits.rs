//! Resource bounds of a computation and the signal that stops it: the states and work
//! it may spend, the memory it may take, its threads, and a deadline.

use crate::error::{Bound, SolveError};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Resource bounds for a computation.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most positions an exhaustive search or table may hold.
    pub max_states: u64,
    /// Work already spent under budgets that cover a whole command rather than one
    /// component; clones of these limits share it.
    pub spent: Arc<Spent>,
    /// A stop signal shared with whoever runs the computation (a server's deadline):
    /// long computations check it where they count their work ([`Limits::check_stop`]).
    pub stop: Option<Arc<Stop>>,
    /// Threads a long computation may use (`--threads`); 0 means every core. Results
    /// never depend on it.
    pub threads: usize,
    /// Most bytes a heap table may take (`--max-memory`): its values and the family's
    /// own structures, counted before they are allocated.
    pub max_memory: u64,
}

/// The default of [`Limits::max_memory`]: three quarters of the machine's memory, at
/// most 8 GiB (4 GiB when the machine does not say).
pub fn default_max_memory() -> u64 {
    const CAP: u64 = 8 << 30;
    #[cfg(unix)]
    {
        // SAFETY: sysconf reads system constants; it has no memory-safety conditions.
        let (pages, size) = unsafe {
            (
                libc::sysconf(libc::_SC_PHYS_PAGES),
                libc::sysconf(libc::_SC_PAGESIZE),
            )
        };
        if pages > 0 && size > 0 {
            let total = (pages as u64).saturating_mul(size as u64);
            return (total / 4 * 3).min(CAP);
        }
    }
    4 << 30
}

/// `bytes` written for people: `512 B`, `3.1 MiB`, `8.0 GiB`.
pub fn show_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["KiB", "MiB", "GiB", "TiB", "PiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut unit = 0;
    let mut scaled = bytes;
    while scaled >= 1024 * 1024 && unit + 1 < UNITS.len() {
        scaled /= 1024;
        unit += 1;
    }
    // One decimal, rounded down: scaled is below 2^20 here.
    let tenths = (bytes >> (10 * unit)) * 10 / 1024;
    format!("{}.{} {}", tenths / 10, tenths % 10, UNITS[unit])
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: 50_000_000,
            spent: Arc::default(),
            stop: None,
            threads: 0,
            max_memory: default_max_memory(),
        }
    }
}

/// A signal to stop a computation: a deadline, and a flag that can be raised at any
/// time. Clones of [`Limits`] share it.
#[derive(Debug)]
pub struct Stop {
    /// When the computation must stop.
    deadline: Instant,
    /// The time allowed, for the message.
    allowed: Duration,
    /// Raised once the deadline has passed, or by [`Stop::raise`].
    raised: AtomicBool,
}

impl Stop {
    /// A signal that stops a computation `allowed` from now.
    pub fn after(allowed: Duration) -> Stop {
        let now = Instant::now();
        Stop {
            deadline: now
                .checked_add(allowed)
                .unwrap_or(now + Duration::from_secs(1 << 32)),
            allowed,
            raised: AtomicBool::new(false),
        }
    }

    /// Stops the computation now.
    pub fn raise(&self) {
        self.raised.store(true, Ordering::Relaxed);
    }

    /// Whether the computation must stop (the flag is raised or the deadline passed).
    pub fn is_due(&self) -> bool {
        if self.raised.load(Ordering::Relaxed) {
            return true;
        }
        if Instant::now() >= self.deadline {
            self.raise();
            return true;
        }
        false
    }

    /// The error of a computation stopped by this signal: a [`Bound::Time`] limit.
    pub fn error(&self) -> SolveError {
        SolveError::Limit {
            bound: Bound::Time,
            what: format!(
                "the computation was stopped after {} s",
                self.allowed.as_secs_f64()
            ),
        }
    }
}

/// Looks at a stop signal by the work done rather than by a count of items whose
/// cost varies (a heap of a million options is not one 1 024th of the way to the
/// next check): [`StopPoll::spend`] counts work units (an option listed, a step),
/// and the signal is looked at once [`StopPoll::WORK`] of them were spent since the
/// last look, and at the first call.
///
/// ```
/// use sprague_core::{Limits, StopPoll};
/// let mut poll = StopPoll::new();
/// assert!(poll.spend(10, &Limits::default()).is_ok());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct StopPoll {
    /// Units left before the next look.
    credit: u64,
}

impl StopPoll {
    /// Units of work between two looks at the signal: at 10 to 100 ns a unit, a
    /// look every fraction of a millisecond (a look costs some 25 ns).
    pub const WORK: u64 = 1 << 14;

    /// A poll that looks at the signal at its first call.
    pub fn new() -> StopPoll {
        StopPoll { credit: 0 }
    }

    /// Counts `units` of work just done; `Err` (a [`Bound::Time`] limit) when the
    /// signal is looked at and given.
    #[inline]
    pub fn spend(&mut self, units: u64, limits: &Limits) -> Result<(), SolveError> {
        if units < self.credit {
            self.credit -= units;
            return Ok(());
        }
        self.credit = Self::WORK;
        limits.check_stop()
    }

    /// As [`StopPoll::spend`] for a bare signal: whether it was looked at and given.
    #[inline]
    pub fn due(&mut self, units: u64, stop: Option<&Stop>) -> bool {
        if units < self.credit {
            self.credit -= units;
            return false;
        }
        self.credit = Self::WORK;
        stop.is_some_and(Stop::is_due)
    }
}

/// Work spent so far by every component of one command, against budgets derived from
/// `--max-states`: a sum of many hard components stops once, not once per component.
#[derive(Debug, Default)]
pub struct Spent {
    /// Modular multiplications spent factoring (budget `--max-states / 20`).
    pub factoring: AtomicU64,
    /// Positions of exhaustive searches of components (budget `--max-states`).
    pub search: AtomicU64,
    /// Steps of the tables and exhaustive searches of components, weighted so that a
    /// step costs roughly the same time everywhere (budget [`WORK_PER_STATE`] ×
    /// `--max-states`, see [`Limits::charge_work`]).
    pub work: AtomicU64,
}

/// Steps of work per position of `--max-states` that the tables and exhaustive
/// searches of one command may take together ([`Spent::work`]). A step is about
/// 10–20 ns: an option of a heap table, a cell or scanned word of the Wythoff table;
/// an option of an exhaustive search over stored positions counts
/// [`SEARCH_OPTION_STEPS`]. The default `--max-states` (5·10^7) thus allows a second
/// or two of such work.
pub const WORK_PER_STATE: u64 = 2;

/// Steps one option of an exhaustive search over stored positions costs (it is
/// built, hashed and looked up: about 20 times an option of a heap table).
pub const SEARCH_OPTION_STEPS: u64 = 16;

impl Spent {
    /// Sets every counter back to zero: a new command (e.g. the next turn of a
    /// game, which keeps its limits) starts with the whole budget again.
    pub fn reset(&self) {
        self.factoring.store(0, Ordering::Relaxed);
        self.search.store(0, Ordering::Relaxed);
        self.work.store(0, Ordering::Relaxed);
    }

    /// What is left of `total` after the `used` counter.
    pub fn left(used: &AtomicU64, total: u64) -> u64 {
        total.saturating_sub(used.load(Ordering::Relaxed))
    }

    /// Adds `n` to the `used` counter.
    pub fn add(used: &AtomicU64, n: u64) {
        used.fetch_add(n, Ordering::Relaxed);
    }
}

/// Most threads a computation may use, per core of the machine (`--threads` accepts
/// up to this many times the cores, see [`max_threads`]).
pub const THREADS_PER_CORE: usize = 4;

/// The cores of the machine (1 when it does not say).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Most threads a computation may use: [`THREADS_PER_CORE`] times the cores. More
/// would only compete for the same cores (and each thread has its own stack).
pub fn max_threads() -> usize {
    cores().saturating_mul(THREADS_PER_CORE)
}

impl Limits {
    /// The number of threads to use: [`Limits::threads`], or every core when it is 0;
    /// never more than [`max_threads`].
    pub fn thread_count(&self) -> usize {
        if self.threads > 0 {
            self.threads.min(max_threads())
        } else {
            cores()
        }
    }

    /// `Err` (a [`Bound::Time`] limit) when the computation must stop: call it
    /// where long computations count their work, so that the work between two calls
    /// is bounded in time (a fraction of a millisecond to a few milliseconds), not
    /// a count of steps of any cost; [`StopPoll`] spaces the calls by work done. A
    /// call costs a few tens of nanoseconds.
    #[inline]
    pub fn check_stop(&self) -> Result<(), SolveError> {
        match &self.stop {
            Some(s) if s.is_due() => Err(s.error()),
            _ => Ok(()),
        }
    }

    /// Whether the stop signal (if any) has been given.
    pub fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s.is_due())
    }

    /// The explanation for a nim-value left uncomputed because its `by` (a table, an
    /// exhaustive search) would exceed the bound, while the outcome and the winning
    /// moves need none.
    pub fn value_not_computed(&self, by: &str) -> String {
        format!(
            "the nim-value is not computed: its {by} would exceed the bound of {} \
             positions; the outcome and the winning moves need no {by}",
            self.max_states
        )
    }

    /// The steps of work the tables and searches of one command may take together:
    /// [`WORK_PER_STATE`] × `max_states`.
    pub fn work_budget(&self) -> u64 {
        self.max_states.saturating_mul(WORK_PER_STATE)
    }

    /// The steps of work still left to this command ([`Limits::work_budget`] minus
    /// what every component spent).
    pub fn work_left(&self) -> u64 {
        Spent::left(&self.spent.work, self.work_budget())
    }

    /// Spends `steps` of the command's work budget on `doing`; the error (a
    /// [`Bound::States`] limit) when the budget is exceeded. The steps are spent even
    /// then, so every later computation of the command stops at once too.
    pub fn charge_work(&self, steps: u64, doing: &str) -> Result<(), SolveError> {
        // At most the budget plus one per call: the counter cannot wrap.
        let steps = steps.min(self.work_budget().saturating_add(1));
        let before = self.spent.work.fetch_add(steps, Ordering::Relaxed);
        if before.saturating_add(steps) > self.work_budget() {
            return Err(self.work_exceeded(doing));
        }
        Ok(())
    }

    /// The error for exceeding the work budget while doing `doing`.
    pub fn work_exceeded(&self, doing: &str) -> SolveError {
        SolveError::Limit {
            bound: Bound::States,
            what: format!(
                "{doing} needs more work than {} positions allow",
                self.max_states
            ),
        }
    }

    /// The error for `doing` needing `bytes` of memory, more than `max_memory`.
    pub fn memory_exceeded(&self, doing: &str, bytes: u64) -> SolveError {
        SolveError::Limit {
            bound: Bound::Memory,
            what: format!(
                "{doing} needs about {} of memory, more than the {} allowed",
                show_bytes(bytes),
                show_bytes(self.max_memory)
            ),
        }
    }

    /// The error for exceeding `max_states` while doing `doing`.
    pub fn states_exceeded(&self, doing: &str) -> SolveError {
        SolveError::Limit {
            bound: Bound::States,
            what: format!("{doing} needs more than {} positions", self.max_states),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_stay_within_four_per_core() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let count = |threads| {
            Limits {
                threads,
                ..Limits::default()
            }
            .thread_count()
        };
        assert_eq!(count(0), cores);
        assert_eq!(count(1), 1);
        assert_eq!(count(4 * cores), 4 * cores);
        assert_eq!(count(100_000), 4 * cores);
    }

    #[test]
    fn the_work_budget_is_shared_by_clones_and_reset_per_command() {
        let limits = Limits {
            max_states: 10,
            ..Limits::default()
        };
        let other = limits.clone();
        assert_eq!(limits.work_budget(), 10 * WORK_PER_STATE);
        limits.charge_work(15, "a table").unwrap();
        assert_eq!(other.work_left(), 5);
        // The clone spends from the same budget, and past it every charge fails.
        let e = other.charge_work(6, "a search").unwrap_err();
        assert!(matches!(
            e,
            SolveError::Limit {
                bound: Bound::States,
                ..
            }
        ));
        assert!(
            e.to_string()
                .starts_with("a search needs more work than 10 positions allow")
        );
        assert!(limits.charge_work(0, "a table").is_err());
        limits.spent.reset();
        assert_eq!(other.work_left(), 20);
        // A huge charge cannot wrap the counter around.
        assert!(limits.charge_work(u64::MAX, "a table").is_err());
        assert!(limits.charge_work(u64::MAX, "a table").is_err());
        assert_eq!(limits.work_left(), 0);
    }
}
