//! The interface between the engine and game families: a family turns its parsed
//! parameters into rules, and answers questions about one component of a sum.

use super::position::Values;
use crate::nat::Nat;
use smallvec::SmallVec;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A position of one component: the family's arguments (a heap size, a pair of
/// coordinates, …). Short positions are stored inline.
pub type Pos = SmallVec<[Nat; 1]>;

/// Why a question could not be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// A resource bound was reached; `flag` is the command-line flag that raises it.
    Limit {
        /// What was exceeded, in words.
        what: String,
        /// The flag that raises the bound, e.g. `--max-states`.
        flag: &'static str,
    },
    /// The input is valid syntax but cannot be handled (bad parameter, unsupported family).
    Input(String),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Limit { what, flag } => write!(f, "{what} (raise it with {flag})"),
            SolveError::Input(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for SolveError {}

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

    /// The error of a computation stopped by this signal, naming `--timeout`.
    pub fn error(&self) -> SolveError {
        SolveError::Limit {
            what: format!(
                "the computation was stopped after {} s",
                self.allowed.as_secs_f64()
            ),
            flag: "--timeout",
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
/// use sprague::impartial::family::{Limits, StopPoll};
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

    /// Counts `units` of work just done; `Err` (naming `--timeout`) when the signal
    /// is looked at and given.
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

/// Most options of one component that [`Family::moves`] lists (larger positions are
/// answered with a `Limit` error).
pub const MAX_LISTED_MOVES: u64 = 1 << 20;

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

    /// `Err` (a `Limit` naming `--timeout`) when the computation must stop: call it
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
            "the nim-value is not computed: its {by} would exceed {} positions \
             (--max-states); the outcome and the winning moves need no {by}",
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

    /// Spends `steps` of the command's work budget on `doing`; the error (a limit
    /// naming `--max-states`) when the budget is exceeded. The steps are spent even
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
            what: format!(
                "{doing} needs more work than {} positions allow",
                self.max_states
            ),
            flag: "--max-states",
        }
    }

    /// The error for `doing` needing `bytes` of memory, more than `max_memory`.
    pub fn memory_exceeded(&self, doing: &str, bytes: u64) -> SolveError {
        SolveError::Limit {
            what: format!(
                "{doing} needs about {} of memory, more than the {} allowed",
                show_bytes(bytes),
                show_bytes(self.max_memory)
            ),
            flag: "--max-memory",
        }
    }

    /// The error for exceeding `max_states` while doing `doing`.
    pub fn states_exceeded(&self, doing: &str) -> SolveError {
        SolveError::Limit {
            what: format!("{doing} needs more than {} positions", self.max_states),
            flag: "--max-states",
        }
    }
}

/// What one move of a component leaves: positions of the moved component's family,
/// one per component (most moves leave one; a move that splits a heap leaves two).
/// Its text is made on demand ([`Move::write_to`]).
pub type After = SmallVec<[Pos; 1]>;

/// What a move leaves when it leaves the heaps `sizes` of a heap family, one component
/// each; no heap at all is the empty heap `0` (written `name(0)`).
pub fn heaps_after(sizes: &[Nat]) -> After {
    if sizes.is_empty() {
        return smallvec::smallvec![smallvec::smallvec![Nat::ZERO]];
    }
    sizes
        .iter()
        .map(|h| smallvec::smallvec![h.clone()])
        .collect()
}

/// One move of a component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The components after the move, as positions of the moved component's family.
    pub to: After,
    /// The move in words, e.g. "take 2 from the heap of 3"; empty when it was listed
    /// into a sink that asks for no words ([`MoveSink::without_words`]).
    pub text: String,
    /// For a move of a one-heap component that takes stones and leaves one heap
    /// (possibly empty): how many it takes. `None` for every other move.
    pub take: Option<Nat>,
}

impl Move {
    /// A move leaving `to`, described by `text`.
    pub fn new(to: After, text: impl Into<String>) -> Move {
        Move {
            to,
            text: text.into(),
            take: None,
        }
    }

    /// A move leaving the one component `to`, described by `text`.
    pub fn one(to: Pos, text: impl Into<String>) -> Move {
        Move::new(smallvec::smallvec![to], text)
    }

    /// A move leaving `to` whose words `text` makes are made only when `words` (say,
    /// [`MoveSink::wants_words`]).
    pub fn worded(to: After, words: bool, text: impl FnOnce() -> String) -> Move {
        Move::new(to, if words { text() } else { String::new() })
    }

    /// The same move, marked as taking `n` stones from its heap.
    pub fn with_take(mut self, n: Nat) -> Move {
        self.take = Some(n);
        self
    }

    /// Appends the position after the move in expression syntax, its components
    /// (positions of `family`, the moved component's) joined by ` + `.
    pub fn write_to(&self, family: &dyn Family, out: &mut String) {
        for (i, p) in self.to.iter().enumerate() {
            if i > 0 {
                out.push_str(" + ");
            }
            family.write_position(p, out);
        }
        if self.to.is_empty() {
            out.push('0');
        }
    }

    /// The position after the move in expression syntax (see [`Move::write_to`]).
    pub fn to_text(&self, family: &dyn Family) -> String {
        let mut s = String::new();
        self.write_to(family, &mut s);
        s
    }

    /// About the bytes the move takes: its words and its positions.
    fn footprint(&self) -> usize {
        let mut bytes = self.text.len() + std::mem::size_of::<Move>();
        for p in &self.to {
            bytes += std::mem::size_of::<Pos>();
            for a in p {
                bytes += std::mem::size_of::<Nat>() + (a.bits() / 8) as usize;
            }
        }
        bytes
    }
}

/// Most bytes of listed moves (positions and words) one [`MoveSink`] keeps: the moves
/// of a position with a million heaps each hold the whole position.
pub const MAX_LISTED_BYTES: usize = 1 << 27;

/// Collects moves up to a cap and remembers whether more were offered.
#[derive(Debug)]
pub struct MoveSink {
    /// The moves kept.
    pub moves: Vec<Move>,
    /// Most moves to keep.
    pub cap: usize,
    /// Whether a move was offered after the cap was reached.
    pub truncated: bool,
    /// Bytes of moves kept so far, at most [`MAX_LISTED_BYTES`].
    bytes: usize,
    /// Whether the moves' words are wanted.
    words: bool,
}

impl MoveSink {
    /// A sink keeping at most `cap` moves (and [`MAX_LISTED_BYTES`]), with their words.
    pub fn new(cap: usize) -> Self {
        MoveSink {
            moves: Vec::new(),
            cap,
            truncated: false,
            bytes: 0,
            words: true,
        }
    }

    /// A sink like [`MoveSink::new`] that keeps the moves without their words (for
    /// searches, which never print them): families make no text for it.
    pub fn without_words(cap: usize) -> Self {
        MoveSink {
            words: false,
            ..MoveSink::new(cap)
        }
    }

    /// Whether the sink keeps the moves' words: families that build words apart from
    /// the move skip them when it does not ([`MoveSink::offer`]).
    pub fn wants_words(&self) -> bool {
        self.words
    }

    /// Offers a move; returns `false` once the sink is full (stop enumerating).
    pub fn push(&mut self, mut m: Move) -> bool {
        if !self.words {
            m.text = String::new();
        }
        let bytes = self.bytes.saturating_add(m.footprint());
        if self.moves.len() < self.cap && bytes <= MAX_LISTED_BYTES {
            self.bytes = bytes;
            self.moves.push(m);
            true
        } else {
            self.truncated = true;
            false
        }
    }

    /// Offers the move leaving `to`, its words made by `words` only when the sink
    /// keeps them; returns `false` once the sink is full.
    pub fn offer(&mut self, to: After, words: impl FnOnce() -> String) -> bool {
        if self.moves.len() >= self.cap {
            self.truncated = true;
            return false;
        }
        let text = if self.words { words() } else { String::new() };
        self.push(Move::new(to, text))
    }

    /// [`MoveSink::offer`] for a move leaving one component.
    pub fn offer_one(&mut self, to: Pos, words: impl FnOnce() -> String) -> bool {
        self.offer(smallvec::smallvec![to], words)
    }

    /// Whether the sink is full and has seen one more move than it keeps.
    pub fn is_done(&self) -> bool {
        self.truncated
    }
}

/// The generalised Sprague–Grundy value of a position of a loopy game (Smith 1966):
/// a finite value, or ∞(K) where K is the set of finite values of its options.
///
/// A position of finite value n behaves like a Nim heap of n in sums; a position of
/// value ∞(K) is a win for the player to move exactly when 0 ∈ K, else a draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyValue {
    /// A finite value.
    Finite(Nat),
    /// ∞(K): the finite values of the options, ascending and without repeats.
    Infinite(Vec<Nat>),
}

/// A game family with its parameters, e.g. `sub[1,3,4]` or `wythoff`.
///
/// The engine asks a family about single positions; it knows no family by name.
/// Families with a table of values keep it inside (behind interior mutability) so
/// that several components of one family share it.
pub trait Family {
    /// The family with its parameters in normalised form, e.g. `sub[1,3,4]`.
    fn name(&self) -> String;

    /// Checks the arguments of one component (count and range); `Err(Input)` otherwise.
    fn check(&self, pos: &Pos) -> Result<(), SolveError>;

    /// Whether [`Family::check`] accepts every single argument below 2^64, so that a
    /// long list of heaps needs no check one by one. The default: false.
    fn accepts_every_heap(&self) -> bool {
        false
    }

    /// Appends the position in expression syntax, e.g. `sub[1,3,4](10)`.
    fn write_position(&self, pos: &Pos, out: &mut String) {
        out.push_str(&self.name());
        out.push('(');
        for (i, a) in pos.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            a.write_decimal(out);
        }
        out.push(')');
    }

    /// The normal-play nim-value, or `None` when it is too costly to compute although
    /// the outcome may still be decidable (see [`Family::is_p_position`]).
    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError>;

    /// For families whose positions can repeat (loopy games): the generalised value,
    /// finite or ∞(K). Families without cycles keep the default `None`, and the engine
    /// asks [`Family::grundy`] instead.
    fn loopy_value(&self, _pos: &Pos, _limits: &Limits) -> Result<Option<LoopyValue>, SolveError> {
        Ok(None)
    }

    /// Whether the player to move loses (normal play). The default asks for the value.
    fn is_p_position(&self, pos: &Pos, limits: &Limits) -> Result<bool, SolveError> {
        match self.grundy(pos, limits)? {
            Some(g) => Ok(g.is_zero()),
            None => Err(limits.states_exceeded("this position")),
        }
    }

    /// Offers to `sink` every move from `pos` to a position of nim-value `target`.
    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError>;

    /// Offers to `sink` every move from `pos`, whatever its value (for playing, for
    /// checking a typed move and for the whole-sum searches), until the sink is full.
    /// Every family lists its moves; the default (an `Input` error) remains for rules
    /// that cannot, and callers then fall back on [`Family::moves_to_value`]. A `Limit`
    /// error says that the moves are too many to enumerate at all (the sink's cap
    /// keeps the others bounded).
    fn moves(&self, _pos: &Pos, _limits: &Limits, _sink: &mut MoveSink) -> Result<(), SolveError> {
        Err(SolveError::Input(format!(
            "listing every move is not supported for {}",
            self.name()
        )))
    }

    /// How many moves `pos` has, when the family counts them by a rule (exactly, at any
    /// size, without listing them); `None` (the default) leaves the caller to count
    /// the listed moves within its own budget.
    fn move_count(&self, _pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        Ok(None)
    }

    /// The move from `pos` to `to` (a position of this family), `Ok(None)` when `to`
    /// is not reached in one move: for checking a typed move where the moves are too
    /// many to list. Families whose positions can have that many moves answer from
    /// their rules; the default (an `Input` error) sends the caller back to the listed
    /// moves.
    fn move_to(&self, _pos: &Pos, _to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        Err(SolveError::Input(format!(
            "{} checks a move only among its listed moves",
            self.name()
        )))
    }

    /// For a run of one-heap components `name(n)`, `n` in `sizes` (as a Nim position
    /// read from a file has a million of): appends the nim-value of each to `out` and
    /// answers `Ok(true)`, without a call per heap. Families that answer one position
    /// at a time keep the default, `Ok(false)` with nothing appended.
    fn heap_values(
        &self,
        _sizes: &[u64],
        _limits: &Limits,
        _out: &mut Values,
    ) -> Result<bool, SolveError> {
        Ok(false)
    }

    /// Lines explaining the value of `pos` (a derivation or the theorem used).
    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError>;

    /// Whether components are written as groups of arguments of one family (single
    /// heaps, or the pairs of `ed`), so that adjacent ones of the same family print
    /// together as `name(a,b,c)` (their arguments in order).
    fn is_heap_family(&self) -> bool {
        false
    }

    /// Whether each one-argument component is a heap of that many stones, named by
    /// its number in move texts ("take 4 from heap 2 (5 → 1)"). The default follows
    /// [`Family::is_heap_family`]; families whose arguments are not heaps (the
    /// vertices of `digraph`) answer `false`.
    fn is_numbered_heap(&self) -> bool {
        self.is_heap_family()
    }

    /// For Nim heaps: the heap size, so that sums of Nim heaps can be played misère.
    fn nim_heap<'a>(&self, _pos: &'a Pos) -> Option<&'a Nat> {
        None
    }
}

/// The check of a heap family's component: exactly one argument, the heap size.
pub fn check_one_heap(family: &str, pos: &Pos) -> Result<(), SolveError> {
    if pos.len() == 1 {
        Ok(())
    } else {
        Err(SolveError::Input(format!(
            "{family} takes heap sizes, one per component"
        )))
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
                flag: "--max-states",
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
