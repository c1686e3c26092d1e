//! The dense engine for take-and-break games: every split of every heap, fast.
//!
//! # Rules
//!
//! The games of [`super::takebreak`]: a code `d0.d1…dt` where removing `i` tokens from a
//! heap may leave nothing (bit 1 of `d_i`, `i ≥ 1`), one non-empty heap (bit 2, `i ≥ 1`)
//! or two non-empty heaps `a + b` (bit 4; for Grundy's game only with `a ≠ b`). So
//! `G(n)` is the mex of `0`, of `G(n − i)` and of `G(a) ⊕ G(n − i − a)` over those moves.
//!
//! # When it is used
//!
//! The rare/common table ([`super::takebreak`]) is fast when few heaps have a rare
//! value. Games such as Treblecross (0.007) have no such sparse space: about a fifth of
//! the heaps are rare whatever the mask, and every split has to be looked at. This engine
//! does that at the speed of the hardware; `TakeBreak::extend_values` chooses between
//! the two (see [`sparse_pays`]).
//!
//! # The algorithm
//!
//! The engine keeps no values of its own: it reads the table's one array `x` (`x[h] =
//! G(h)`, `u16` while the values fit, else `u32`), lent to its threads for the
//! extension. The splits `(a, s − a)`, `a = 1, 2, …` of a sum `s` read `x` forwards
//! from `x[1]` and backwards from `x[s − 1]`: two streams over the same array, both
//! sequential (the hardware prefetches both directions); the comparison loop reverses
//! the backward operand in registers (one `pshufb` a vector of eight values with SSSE3
//! or AVX, detected at run time; three shuffles on the baseline instruction set).
//! Besides the values it takes `O(value range)` bytes a thread and a flag per block of
//! splits ([`bytes_needed`]). For heap `n`:
//!
//! 1. The few values of the moves that leave zero or one heap are marked in an array of
//!    `top` bytes, `top` the power of two above every value so far (every option
//!    value, a value or the XOR of two, is below it). The splits are cut into blocks of
//!    [`BLOCK`]; every [`STRIDE`]-th block is *marked*: each XOR stored as a byte (plain
//!    stores, no dependence between splits).
//! 2. The mex is at most `bound = min(number of options, top)`. The first `K` values
//!    below `bound` not marked are the *candidates*: the mex is one of them unless all
//!    `K` are reachable. The blocks not yet marked are then XORed and compared with the
//!    `K` candidates at once (`pcmpeqw` on 16-bit lanes: no memory write per split). A
//!    block where a candidate turns up for the first time is marked too, so that the
//!    next candidates are better. The round stops early once every candidate is found.
//!    A marked block need not be compared again: the candidates are not in it.
//! 3. The mex is the first candidate that no split reaches (every unmarked block was
//!    compared with it, every marked one lacks it); if every candidate was reached,
//!    they are marked and the next `K` values missing are tried. If none is missing
//!    below `bound`, the mex is `bound` (exact: a mex of `m` options is at most `m`, and
//!    no option value reaches `top`).
//!
//! On Treblecross near heap 6·10^4 a quarter of the splits are marked up front, about
//! ten reachable values are still unmarked below the mex, and a heap takes three or
//! four rounds: the splits are compared about 1.3 times and marked about 0.4 times
//! each on average.
//!
//! The splits of one heap are shared between threads ([`Limits::thread_count`]): each
//! compares its contiguous part with the same candidates; the threads live as long as
//! one extension and wait for the next heap spinning briefly, then asleep. The result
//! is the exact mex whatever the thread count, the window or the candidates; only the
//! speed depends on them. The work counted is the number of options of each heap (over
//! [`SPLITS_PER_PAIR`]), as the textbook algorithm would look at them, whatever the
//! scan looked at: the same for any thread count.
//!
//! Measured (release build, 2-core AMD EPYC shared with other work): Treblecross
//! `0.007` to heap 10^5 on one thread in 1.89 s CPU against 1.98 s for the former
//! design (two copies of the values, ascending and reversed: 6 bytes a heap in all,
//! against 2 now) and 1.6 s for the plain C loop (`bench/octal_naive.c`, `cc -O2`) in
//! the same runs. See README's Performance section.

use super::cell::{Cell, Extended};
use super::family::{Limits, SolveError};
use super::takebreak::{PAIRS_PER_STATE, PAIRS_PER_STEP};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, RwLock};

/// Candidates compared at once.
const K: usize = 4;
/// Splits compared per block (a block where a candidate first appears is marked).
const BLOCK: usize = 256;
/// Blocks a thread takes at a time when the splits of a heap are shared.
const CHUNK: usize = 16;
/// One block in this many is marked before the candidates are chosen.
const STRIDE: usize = 4;
/// The splits of one heap are shared between threads only from this many on: a round
/// of `PAR_MIN` splits takes some ten microseconds, against about one for waking the
/// helpers when they spin (far more when they must be woken from sleep).
const PAR_MIN: usize = 1 << 15;
/// Spins of a waiting thread before it yields (the caller) or sleeps (a helper).
const SPINS: u32 = 1 << 12;
/// Splits compared per unit of work counted (a unit is a pair of the rare/common table,
/// [`PAIRS_PER_STATE`] of them per state of `--max-states`): the comparison loop takes a
/// split in a fraction of the time of that table's random-access pair.
pub const SPLITS_PER_PAIR: u64 = 4;

/// The moves of a take-and-break code, as the engine uses them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Code {
    /// `i ≥ 1` such that removing a whole heap of `i` is a move.
    take_all: Vec<usize>,
    /// `i ≥ 1` such that removing `i` and leaving one heap is a move, ascending.
    leave_one: Vec<usize>,
    /// `i ≥ 0` such that removing `i` and leaving two heaps is a move, ascending.
    split_after: Vec<usize>,
    /// Whether the two heaps of a split must differ (Grundy's game).
    unequal: bool,
}

impl Code {
    /// The moves of code digits `d0, d1, …` (see [`super::takebreak`]); `unequal`
    /// requires the heaps of a split to differ.
    pub fn new(digits: &[u8], unequal: bool) -> Code {
        let with = |bit: u8, from: usize| -> Vec<usize> {
            (from..digits.len())
                .filter(|&i| digits[i] & bit != 0)
                .collect()
        };
        Code {
            take_all: with(1, 1),
            leave_one: with(2, 1),
            split_after: with(4, 0),
            unequal,
        }
    }

    /// The splits `(a, s − a)` of a sum `s` that are moves: `a = 1..=half(s)`.
    fn half(&self, s: usize) -> usize {
        if self.unequal {
            s.saturating_sub(1) / 2
        } else {
            s / 2
        }
    }
}

/// Bytes the engine takes besides the table's own values, for a table of `len` heaps
/// whose values fit in 16 bits: the marks of values seen (a byte per value below
/// 2^16, the caller's and one set per thread, counted for three), a flag per block of
/// [`BLOCK`] splits of the largest heap, and [`THREAD_BYTES`]. The engine reads the
/// table's one array of values in place: nothing per heap.
pub fn bytes_needed(len: usize) -> u64 {
    (3u64 << 16)
        .saturating_add((len / BLOCK) as u64)
        .saturating_add(THREAD_BYTES)
}

/// The working memory of the engine's helper threads (their stacks and allocator
/// arenas as touched): with two threads, 200 to 400 KiB more than the values in
/// `tests/cli_table_memory.rs`, whose runs differ by that much.
pub const THREAD_BYTES: u64 = 512 << 10;

/// A run of splits `(a, s − a)`, `a = lo..lo + count`: `x[lo + k]` with `x[hi − k]`
/// (`hi = s − lo`), the one ascending array of values read forwards and backwards.
#[derive(Clone, Copy, Debug)]
struct Seg {
    lo: usize,
    hi: usize,
    count: usize,
}

/// What the threads do in one round: the splits of a heap, and the candidates.
#[derive(Debug, Default)]
struct Round {
    /// A sampling round (the first of each heap) rather than a comparing one.
    sampling: bool,
    segs: Vec<Seg>,
    cands: [u32; K],
    /// The number of real candidates (the others repeat the last one).
    count: usize,
    /// The number of splits.
    pairs: usize,
    /// Blocks per chunk: the threads take chunks of blocks from a shared counter.
    chunk: usize,
    /// The number of chunks.
    chunks: usize,
    /// The blocks of this heap's splits that are marked.
    marked: Vec<AtomicBool>,
    /// The size of the arrays of values seen: a power of two above every option value.
    top: usize,
    /// How the comparison loop is compiled.
    scan: Scan,
}

impl Round {
    fn all(&self) -> u32 {
        (1u32 << self.count) - 1
    }
}

/// What the threads share: the table's values (lent by the caller for one extension),
/// the round, and each thread's scratch space (the caller's first).
#[derive(Debug, Default)]
struct Shared<C> {
    values: Vec<C>,
    round: Round,
    scratch: Vec<Mutex<Scratch>>,
}

/// A thread's scratch space: the values it saw in the blocks it marked this round.
#[derive(Debug, Default)]
struct Scratch {
    /// `seen[v] != 0`: some split of a block it marked has the value `v`.
    seen: Vec<u8>,
    /// Whether `seen` has anything.
    any: bool,
}

/// The signals between the caller and its helper threads.
#[derive(Debug, Default)]
struct Signals {
    /// Bumped for each round the helpers must work on.
    generation: AtomicU64,
    /// The next chunk of the round to take, and the chunks finished.
    next_chunk: AtomicUsize,
    finished: AtomicUsize,
    /// Candidates found by some thread in this round (bit `k`: candidate `k`).
    hits: AtomicU32,
    quit: AtomicBool,
    /// Helpers asleep, and their wake-up call.
    sleepers: Mutex<usize>,
    wake: Condvar,
}

impl Signals {
    fn publish(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        let asleep = self.sleepers.lock().unwrap_or_else(|e| e.into_inner());
        if *asleep > 0 {
            self.wake.notify_all();
        }
    }

    /// Waits for a generation other than `seen`; `None` when told to quit.
    fn next(&self, seen: u64) -> Option<u64> {
        let mut spins = 0u32;
        loop {
            if self.quit.load(Ordering::Acquire) {
                return None;
            }
            let g = self.generation.load(Ordering::Acquire);
            if g != seen {
                return Some(g);
            }
            if spins < SPINS {
                spins += 1;
                std::hint::spin_loop();
                continue;
            }
            let mut asleep = self.sleepers.lock().unwrap_or_else(|e| e.into_inner());
            *asleep += 1;
            while self.generation.load(Ordering::Acquire) == seen
                && !self.quit.load(Ordering::Acquire)
            {
                asleep = self.wake.wait(asleep).unwrap_or_else(|e| e.into_inner());
            }
            *asleep -= 1;
            spins = 0;
        }
    }

    fn stop(&self) {
        self.quit.store(true, Ordering::Release);
        let _asleep = self.sleepers.lock().unwrap_or_else(|e| e.into_inner());
        self.wake.notify_all();
    }
}

/// Which candidates (bit `k`: `c[k]`) some `lo[j] ⊕ hi[len − 1 − j]` equals: `lo` read
/// forwards, `hi` backwards. (Written as one flat loop with `K` OR-reductions, which
/// the compiler turns into vector compares, the backward operand reversed in
/// registers: one `pshufb` a vector with SSSE3, see [`Scan`], three shuffles without.)
#[inline(always)]
fn block_hits<C: Cell>(lo: &[C], hi: &[C], c: &[C; K]) -> u32 {
    let zero = C::default();
    let n = lo.len().min(hi.len());
    let (lo, hi) = (&lo[..n], &hi[..n]);
    let mut acc = [zero; K];
    for j in 0..n {
        let z = lo[j] ^ hi[n - 1 - j];
        for k in 0..K {
            acc[k] = acc[k] | C::mask(z == c[k]);
        }
    }
    let mut m = 0u32;
    for (k, &a) in acc.iter().enumerate() {
        if a != zero {
            m |= 1 << k;
        }
    }
    m
}

/// [`block_hits`] compiled for SSSE3, whose byte shuffle reverses a vector in one
/// instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
fn block_hits_ssse3<C: Cell>(lo: &[C], hi: &[C], c: &[C; K]) -> u32 {
    block_hits(lo, hi, c)
}

/// [`block_hits`] compiled for AVX (which has SSSE3): the same 16-byte vectors, with
/// three-operand instructions that save the register copies.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
fn block_hits_avx<C: Cell>(lo: &[C], hi: &[C], c: &[C; K]) -> u32 {
    block_hits(lo, hi, c)
}

/// How the comparison loop is compiled: for the baseline instruction set, or for
/// SSSE3 or AVX when the processor has them (checked at run time).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Scan {
    #[default]
    Plain,
    Ssse3,
    Avx,
}

impl Scan {
    /// The best this processor runs.
    fn detect() -> Scan {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx") {
                return Scan::Avx;
            }
            if std::arch::is_x86_feature_detected!("ssse3") {
                return Scan::Ssse3;
            }
        }
        Scan::Plain
    }

    /// [`block_hits`] as this scan compiles it.
    #[inline]
    fn hits<C: Cell>(self, lo: &[C], hi: &[C], c: &[C; K]) -> u32 {
        match self {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Scan::Ssse3` is made only by `detect` (or a test, after the same
            // check), when the processor has SSSE3.
            Scan::Ssse3 => unsafe { block_hits_ssse3(lo, hi, c) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Scan::Avx` is made only by `detect`, when the processor has AVX.
            Scan::Avx => unsafe { block_hits_avx(lo, hi, c) },
            _ => block_hits(lo, hi, c),
        }
    }
}

/// Marks every `lo[j] ⊕ hi[len − 1 − j]` in `seen` (a byte each: plain stores, no
/// dependence between splits).
#[inline]
fn mark<C: Cell>(lo: &[C], hi: &[C], seen: &mut [u8]) {
    let Some(last) = seen.len().checked_sub(1) else {
        return;
    };
    let n = lo.len().min(hi.len());
    let (lo, hi) = (&lo[..n], &hi[..n]);
    for j in 0..n {
        // Every value is below the array's size, a power of two; the mask keeps the
        // index in bounds whatever the values.
        let i = (lo[j] ^ hi[n - 1 - j]).get() as usize & last;
        // SAFETY: `i ≤ last < seen.len()`.
        unsafe { *seen.get_unchecked_mut(i) = 1 };
    }
}

/// Calls `f(lo, hi)` for the runs of splits `from..to` (indices over `segs` in order):
/// the splits `(x[lo.start + j], x[hi.end − 1 − j])`, `j < lo.len() = hi.len()`.
#[inline]
fn runs(segs: &[Seg], from: usize, to: usize, mut f: impl FnMut(Range<usize>, Range<usize>)) {
    let mut base = 0;
    for seg in segs {
        let (s0, s1) = (from.max(base), to.min(base + seg.count));
        if s0 < s1 {
            let (lo, len) = (seg.lo + s0 - base, s1 - s0);
            let hi = seg.hi - (s0 - base);
            f(lo..lo + len, hi + 1 - len..hi + 1);
        }
        base += seg.count;
        if base >= to {
            return;
        }
    }
}

/// Takes chunks of the round's blocks until none is left, and does each: in a sampling
/// round, marks every [`STRIDE`]-th block (every block of a heap of few blocks) into
/// `scratch.seen`; in a comparing round, compares the blocks not yet marked with the
/// candidates, records what it finds in `hits`, marks each block where a candidate
/// first turns up in its chunk, and stops once `hits` holds every candidate.
fn take_chunks<C: Cell>(x: &[C], round: &Round, signals: &Signals, sc: &mut Scratch) {
    let Scratch { seen, any } = sc;
    if seen.len() != round.top {
        seen.clear();
        seen.resize(round.top, 0);
    }
    let blocks = round.marked.len();
    let range = |b: usize| (b * BLOCK, round.pairs.min((b + 1) * BLOCK));
    let mut mark_block = |b: usize| {
        let (s0, s1) = range(b);
        runs(&round.segs, s0, s1, |lo, hi| mark(&x[lo], &x[hi], seen));
        round.marked[b].store(true, Ordering::Relaxed);
        *any = true;
    };
    let all = round.all();
    // Every candidate fits the width (see `DenseTable::value`).
    let c: [C; K] = round.cands.map(|v| C::new(v).unwrap_or_default());
    let every = blocks <= 2 * STRIDE;
    loop {
        let k = signals.next_chunk.fetch_add(1, Ordering::AcqRel);
        if k >= round.chunks {
            return;
        }
        let chunk = k * round.chunk..blocks.min((k + 1) * round.chunk);
        if round.sampling {
            for b in chunk {
                if every || b % STRIDE == STRIDE / 2 {
                    mark_block(b);
                }
            }
        } else {
            let mut found = 0u32;
            for b in chunk {
                if signals.hits.load(Ordering::Relaxed) == all {
                    break;
                }
                if round.marked[b].load(Ordering::Relaxed) {
                    continue;
                }
                let (s0, s1) = range(b);
                let mut h = 0;
                runs(&round.segs, s0, s1, |lo, hi| {
                    h |= round.scan.hits(&x[lo], &x[hi], &c);
                });
                h &= all;
                if h & !found != 0 {
                    found |= h;
                    mark_block(b);
                    signals.hits.fetch_or(h, Ordering::AcqRel);
                }
            }
        }
        signals.finished.fetch_add(1, Ordering::AcqRel);
    }
}

/// The first `K` values below `bound` missing from `seen`, ascending.
fn holes(seen: &[u8], bound: usize, out: &mut Vec<u32>) {
    out.clear();
    out.extend(
        seen[..bound]
            .iter()
            .enumerate()
            .filter(|&(_, &x)| x == 0)
            .map(|(v, _)| v as u32)
            .take(K),
    );
}

/// The state of the dense engine for one code: the largest value of the table it last
/// extended (it keeps no values of its own).
#[derive(Debug)]
pub struct DenseTable {
    code: Code,
    /// The largest of the first `known` values of the table last extended.
    max: u32,
    known: usize,
    /// Options counted so far (against `PAIRS_PER_STATE` × `--max-states`).
    work: u64,
    /// Splits from which one heap's are shared between threads.
    par_min: usize,
    /// Blocks per chunk taken by a thread.
    chunk: usize,
}

impl DenseTable {
    /// An empty engine for `code`.
    pub fn new(code: Code) -> Self {
        DenseTable {
            code,
            max: 0,
            known: 0,
            work: 0,
            par_min: PAR_MIN,
            chunk: CHUNK,
        }
    }

    /// An empty engine for the same code.
    pub fn fresh(&self) -> Self {
        DenseTable::new(self.code.clone())
    }

    /// Forgets the table (when the rare/common table takes over); the next extension
    /// looks at its values again.
    pub fn release(&mut self) {
        self.max = 0;
        self.known = 0;
    }

    /// Brings the largest value up to date with `values` (always a prefix of, or
    /// extended by, the same game's table).
    fn sync<C: Cell>(&mut self, values: &[C]) {
        if self.known > values.len() {
            self.release();
        }
        for c in &values[self.known..] {
            self.max = self.max.max(c.get());
        }
        self.known = values.len();
    }

    /// Extends `values` (heaps `0..values.len()` of this code) to heaps `0..len`,
    /// calling `done(work, values)` after each heap; when it returns `false`, returns
    /// at once with fewer values. A value too wide for `C` is returned as
    /// [`Extended::TooWide`] for the caller to push. Errors: `--max-states` once the
    /// options counted (over [`SPLITS_PER_PAIR`]) exceed `PAIRS_PER_STATE` ×
    /// `--max-states` or the command's work budget, or the stop signal.
    pub fn extend<C: Cell>(
        &mut self,
        name: &str,
        values: &mut Vec<C>,
        len: usize,
        limits: &Limits,
        done: &mut dyn FnMut(u64, &[C]) -> bool,
    ) -> Result<Extended, SolveError> {
        if values.len() >= len {
            return Ok(Extended::Done);
        }
        if u32::try_from(len).is_err() {
            return Err(limits.states_exceeded(&format!("a table of {name}")));
        }
        self.sync(values);
        values.reserve(len - values.len());
        let threads = limits.thread_count().clamp(1, 64);
        // Helpers only when some heap is large enough to share.
        let helpers = if len / 2 >= self.par_min {
            threads - 1
        } else {
            0
        };
        // The values are lent to the threads for the extension and given back after.
        let shared = RwLock::new(Shared {
            values: std::mem::take(values),
            round: Round {
                scan: Scan::detect(),
                ..Round::default()
            },
            scratch: (0..=helpers).map(|_| Mutex::default()).collect(),
        });
        let signals = Signals::default();
        let result = std::thread::scope(|scope| {
            for w in 1..=helpers {
                let (shared, signals) = (&shared, &signals);
                scope.spawn(move || helper(w, shared, signals));
            }
            let r = self.run(name, len, limits, done, &shared, &signals, helpers);
            signals.stop();
            r
        });
        *values = shared
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .values;
        self.known = values.len();
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn run<C: Cell>(
        &mut self,
        name: &str,
        len: usize,
        limits: &Limits,
        done: &mut dyn FnMut(u64, &[C]) -> bool,
        shared: &RwLock<Shared<C>>,
        signals: &Signals,
        helpers: usize,
    ) -> Result<Extended, SolveError> {
        let budget = limits.max_states.saturating_mul(PAIRS_PER_STATE);
        let doing = format!("a table of {name}");
        let mut pending = 0u64;
        let mut unchecked = 0u64;
        let mut seen: Vec<u8> = Vec::new();
        let mut cands: Vec<u32> = Vec::with_capacity(K);
        let mut n = shared
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values
            .len();
        while n < len {
            let options = self.options(n);
            if unchecked >= 1 << 20 || n.is_multiple_of(256) {
                limits.check_stop()?;
                unchecked = 0;
            }
            let cost = options / SPLITS_PER_PAIR + 1;
            if self.work.saturating_add(cost) > budget {
                return Err(limits.states_exceeded(&format!(
                    "a table of {name} (whose heaps have many options)"
                )));
            }
            let v = self.value(n, options, shared, signals, helpers, &mut seen, &mut cands);
            self.work += cost;
            pending += cost;
            unchecked += options;
            let Some(c) = C::new(v) else {
                return Ok(Extended::TooWide(v));
            };
            self.max = self.max.max(v);
            let mut sh = shared.write().unwrap_or_else(|e| e.into_inner());
            sh.values.push(c);
            n += 1;
            if pending >= PAIRS_PER_STEP << 16 {
                limits.charge_work(pending / PAIRS_PER_STEP, &doing)?;
                pending %= PAIRS_PER_STEP;
            }
            if !done(cost, &sh.values) {
                break;
            }
        }
        // The values are computed: what is left over only shortens later work.
        let _ = limits.charge_work(pending / PAIRS_PER_STEP, &doing);
        Ok(Extended::Done)
    }

    /// The number of options of heap `n`.
    fn options(&self, n: usize) -> u64 {
        let c = &self.code;
        let mut k = c.take_all.iter().filter(|&&i| i == n).count() as u64;
        k += c.leave_one.iter().filter(|&&i| i < n).count() as u64;
        for &i in &c.split_after {
            if i + 2 <= n {
                k += c.half(n - i) as u64;
            }
        }
        k
    }

    /// The value of heap `n` (the shared values hold heaps `0..n`), which has `options`
    /// options.
    #[allow(clippy::too_many_arguments)]
    fn value<C: Cell>(
        &self,
        n: usize,
        options: u64,
        shared: &RwLock<Shared<C>>,
        signals: &Signals,
        helpers: usize,
        seen: &mut Vec<u8>,
        cands: &mut Vec<u32>,
    ) -> u32 {
        let top = (self.max as usize + 1).next_power_of_two().max(64);
        seen.clear();
        seen.resize(top, 0);
        // A mex of `options` options is at most `options`; no option value reaches
        // `top`; none reaches `C::MAX + 1` either, so only values below `lim` are
        // candidates (each then fits the width), and `lim` is the mex when every value
        // below it is reached.
        let bound = options.min(top as u64) as usize;
        let lim = bound.min(C::MAX as usize + 1);
        let mut sh = shared.write().unwrap_or_else(|e| e.into_inner());
        let code = &self.code;
        let Shared { values, round, .. } = &mut *sh;
        if code.take_all.contains(&n) {
            seen[0] = 1;
        }
        for &i in &code.leave_one {
            if i < n {
                seen[values[n - i].get() as usize] = 1;
            }
        }
        round.segs.clear();
        for &i in &code.split_after {
            if i + 2 > n {
                break;
            }
            let s = n - i;
            let count = code.half(s);
            if count > 0 {
                round.segs.push(Seg {
                    lo: 1,
                    hi: s - 1,
                    count,
                });
            }
        }
        round.top = top;
        let pairs: usize = round.segs.iter().map(|s| s.count).sum();
        let parallel = helpers > 0 && pairs >= self.par_min;
        let blocks = pairs.div_ceil(BLOCK);
        round.pairs = pairs;
        round.chunk = if parallel { self.chunk } else { blocks.max(1) };
        round.chunks = blocks.div_ceil(round.chunk);
        round.marked.clear();
        round.marked.resize_with(blocks, AtomicBool::default);
        round.sampling = true;
        loop {
            signals.hits.store(0, Ordering::Release);
            signals.next_chunk.store(0, Ordering::Release);
            signals.finished.store(0, Ordering::Release);
            if parallel {
                drop(sh);
                signals.publish();
                let chunks = {
                    let r = shared.read().unwrap_or_else(|e| e.into_inner());
                    let mut sc = r.scratch[0].lock().unwrap_or_else(|e| e.into_inner());
                    take_chunks(&r.values, &r.round, signals, &mut sc);
                    r.round.chunks
                };
                // Only chunks a helper has taken are left: it is running.
                let mut spins = 0u32;
                while signals.finished.load(Ordering::Acquire) < chunks {
                    spins += 1;
                    if spins < SPINS {
                        std::hint::spin_loop();
                    } else {
                        std::thread::yield_now();
                    }
                }
                sh = shared.write().unwrap_or_else(|e| e.into_inner());
            } else {
                let Shared {
                    values,
                    round,
                    scratch,
                } = &mut *sh;
                let sc = scratch[0].get_mut().unwrap_or_else(|e| e.into_inner());
                take_chunks(values, round, signals, sc);
            }
            for sc in sh.scratch.iter_mut() {
                let sc = sc.get_mut().unwrap_or_else(|e| e.into_inner());
                if sc.any {
                    for (s, &x) in seen.iter_mut().zip(&sc.seen) {
                        *s |= x;
                    }
                    sc.seen.fill(0);
                    sc.any = false;
                }
            }
            let round = &mut sh.round;
            if !round.sampling {
                let hits = signals.hits.load(Ordering::Acquire) & round.all();
                if hits != round.all() {
                    return cands[hits.trailing_ones() as usize];
                }
                for &c in cands.iter() {
                    seen[c as usize] = 1;
                }
            }
            holes(seen, lim, cands);
            let Some(&last) = cands.last() else {
                return lim as u32;
            };
            round.sampling = false;
            round.count = cands.len();
            for k in 0..K {
                round.cands[k] = cands.get(k).copied().unwrap_or(last);
            }
        }
    }
}

/// A helper thread: takes chunks of each round until told to quit.
fn helper<C: Cell>(w: usize, shared: &RwLock<Shared<C>>, signals: &Signals) {
    let mut seen = 0;
    while let Some(g) = signals.next(seen) {
        seen = g;
        let r = shared.read().unwrap_or_else(|e| e.into_inner());
        let mut sc = r.scratch[w].lock().unwrap_or_else(|e| e.into_inner());
        take_chunks(&r.values, &r.round, signals, &mut sc);
    }
}

/// Whether the rare/common table beats this engine on a table of `values`: the common
/// values of a heap cost it a pass over the rare heaps (a random access each), against
/// a pass over all the splits here at several splits a cycle (see [`SPARSE_FACTOR`]).
pub fn sparse_pays<C: Cell>(values: &[C]) -> bool {
    fewest_rare(values).saturating_mul(SPARSE_FACTOR) < values.len()
}

/// The fewest heaps `h ≥ 1` of `values` that are rare under some mask (a value `v` is
/// rare under mask `m` when `popcount(v & m)` is even; `m ≠ 0`): with `W` the
/// Walsh–Hadamard transform of the value histogram, mask `m` leaves `(N + W(m)) / 2`
/// of the `N` heaps rare. Values of 2^20 or more make it `values.len()`.
pub fn fewest_rare<C: Cell>(values: &[C]) -> usize {
    let heaps = values.len().saturating_sub(1);
    let max = values.iter().map(|v| v.get()).max().unwrap_or(0);
    let size = (max as usize + 1).next_power_of_two().max(2);
    if size > 1 << 20 {
        return values.len();
    }
    let mut w = vec![0i64; size];
    for v in values.iter().skip(1) {
        w[v.get() as usize] += 1;
    }
    super::sparse::walsh_hadamard(&mut w);
    let best = w.iter().skip(1).min().copied().unwrap_or(0);
    usize::try_from((heaps as i64 + best) / 2).unwrap_or(0)
}

/// The rare/common table is used while `SPARSE_FACTOR` × (rare heaps) is below the
/// number of heaps (see [`sparse_pays`]). The rare/common table takes Grundy's game
/// (1.3% rare) to 10^5 in about 0.45 s, and Treblecross (17–30% rare) in 19.4 s against
/// a few seconds here; its cost grows with the rare heaps, and one heap in 16 is an
/// estimate of where the two meet from these figures, not a measured crossing.
pub const SPARSE_FACTOR: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    use crate::impartial::takebreak::plain_values as plain;

    fn limits(threads: usize) -> Limits {
        Limits {
            threads,
            ..Limits::default()
        }
    }

    /// The engine's values, its splits shared between threads from `par_min` on.
    fn dense_from<C: Cell>(
        digits: &[u8],
        unequal: bool,
        len: usize,
        threads: usize,
        par_min: usize,
    ) -> Vec<u32> {
        let mut t = DenseTable::new(Code::new(digits, unequal));
        t.par_min = par_min;
        t.chunk = 1;
        let mut values: Vec<C> = Vec::new();
        let r = t.extend("t", &mut values, len, &limits(threads), &mut |_, _| true);
        assert_eq!(r, Ok(Extended::Done));
        values.iter().map(|c| c.get()).collect()
    }

    fn dense<C: Cell>(digits: &[u8], unequal: bool, len: usize, threads: usize) -> Vec<u32> {
        dense_from::<C>(digits, unequal, len, threads, PAR_MIN)
    }

    #[test]
    fn treblecross_matches_the_definition_for_any_thread_count() {
        // The splits of heaps from 200 on are shared between threads.
        let want = plain(&[0, 0, 0, 7], false, 4000);
        for threads in [1, 2, 3] {
            assert_eq!(
                dense_from::<u16>(&[0, 0, 0, 7], false, want.len(), threads, 100),
                want,
                "{threads} threads"
            );
        }
        assert_eq!(dense::<u32>(&[0, 0, 0, 7], false, want.len(), 2), want);
    }

    #[test]
    fn grundys_game_and_kayles_match_the_definition() {
        for (d, unequal) in [
            (vec![4u8], true),
            (vec![0, 7, 7], false),
            (vec![4, 7], false),
        ] {
            let want = plain(&d, unequal, 1500);
            assert_eq!(dense::<u16>(&d, unequal, 1500, 2), want, "{d:?}");
        }
    }

    #[test]
    fn extends_in_steps_and_resyncs_with_other_tables() {
        let d = [0u8, 0, 0, 7];
        let want = plain(&d, false, 3000);
        let mut t = DenseTable::new(Code::new(&d, false));
        let mut values: Vec<u32> = Vec::new();
        for len in [0, 1, 2, 3, 70, 71, 900, 2999, 3000] {
            t.extend("t", &mut values, len, &limits(2), &mut |_, _| true)
                .unwrap();
            assert_eq!(values, want[..len]);
        }
        // A shorter table of the same game: the engine follows it.
        let mut other: Vec<u32> = want[..500].to_vec();
        t.extend("t", &mut other, 2000, &limits(1), &mut |_, _| true)
            .unwrap();
        assert_eq!(other, want[..2000]);
    }

    use crate::impartial::cell::Tiny;

    #[test]
    fn too_wide_values_are_handed_back_and_the_table_goes_on_wider() {
        let d = [0u8, 0, 0, 7];
        let want = plain(&d, false, 600);
        let mut t = DenseTable::new(Code::new(&d, false));
        let mut narrow: Vec<Tiny> = Vec::new();
        let r = t.extend("t", &mut narrow, 600, &limits(1), &mut |_, _| true);
        // The first heap whose value needs more than 3 bits, from the definition.
        let first = want.iter().position(|&v| v > 7).unwrap();
        assert_eq!(r, Ok(Extended::TooWide(want[first])));
        assert_eq!(narrow.len(), first);
        let mut wide: Vec<u32> = narrow.iter().map(|c| c.get()).collect();
        wide.push(want[first]);
        let r = t.extend("t", &mut wide, 600, &limits(1), &mut |_, _| true);
        assert_eq!(r, Ok(Extended::Done));
        assert_eq!(wide, want);
    }

    #[test]
    fn every_scan_the_processor_runs_finds_what_the_splits_give() {
        let mut scans = vec![Scan::Plain, Scan::detect()];
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("ssse3") {
            scans.push(Scan::Ssse3);
        }
        let x: Vec<u16> = (0..2000u32).map(|i| ((i * 7919) % 61) as u16).collect();
        let x32: Vec<u32> = x.iter().map(|&v| u32::from(v)).collect();
        for len in [0usize, 1, 7, 8, 9, 15, 16, 17, 31, 100, 256] {
            for (a, s) in [(1usize, 600usize), (5, 1999), (300, 1000)] {
                // The splits (a + j, s − a − j), j < len, one by one.
                let xors: Vec<u16> = (0..len).map(|j| x[a + j] ^ x[s - a - j]).collect();
                let (lo, hi) = (a..a + len, s + 1 - a - len..s + 1 - a);
                for c in [[0u16, 1, 2, 3], [60, 61, 62, 63], [5, 17, 40, 100]] {
                    let want = (0..K)
                        .filter(|&k| xors.contains(&c[k]))
                        .fold(0u32, |m, k| m | 1 << k);
                    let c32 = c.map(u32::from);
                    for &scan in &scans {
                        assert_eq!(scan.hits(&x[lo.clone()], &x[hi.clone()], &c), want);
                        assert_eq!(scan.hits(&x32[lo.clone()], &x32[hi.clone()], &c32), want);
                    }
                }
            }
        }
    }

    #[test]
    fn the_work_bound_stops_it() {
        let mut t = DenseTable::new(Code::new(&[0, 0, 0, 7], false));
        let mut values: Vec<u16> = Vec::new();
        let tiny = Limits {
            max_states: 2000,
            ..Limits::default()
        };
        let err = t
            .extend("t", &mut values, 20_000, &tiny, &mut |_, _| true)
            .unwrap_err();
        assert!(
            matches!(
                err,
                SolveError::Limit {
                    flag: "--max-states",
                    ..
                }
            ),
            "{err:?}"
        );
    }

    #[test]
    fn a_watcher_stops_it_at_a_heap() {
        let mut t = DenseTable::new(Code::new(&[0, 0, 0, 7], false));
        let mut values: Vec<u32> = Vec::new();
        let r = t.extend("t", &mut values, 5000, &limits(2), &mut |_, v| {
            v.len() < 1234
        });
        assert_eq!(r, Ok(Extended::Done));
        assert_eq!(values.len(), 1234);
        assert_eq!(values, plain(&[0, 0, 0, 7], false, 1234));
    }

    #[test]
    fn treblecross_has_no_sparse_space_and_0_16_has_one() {
        // Treblecross: no sparse space is known (Flammenkamp's tables); about 30% of
        // its first 3000 heaps are rare under every mask. 0.16: a sparse space, 49 of
        // 3000 heaps rare under the best mask (counted here from the definition).
        let t = plain(&[0, 0, 0, 7], false, 3000);
        assert!(!sparse_pays(&t));
        assert!(fewest_rare(&t) > 3000 / 4);
        let g = plain(&[0, 1, 6], false, 3000);
        assert!(sparse_pays(&g));
        // The count itself, by trying every mask.
        for vals in [&t, &g] {
            let top = (*vals.iter().max().unwrap() as usize + 1).next_power_of_two();
            let brute = (1..top.max(2))
                .map(|m| {
                    vals[1..]
                        .iter()
                        .filter(|&&v| (v & m as u32).count_ones().is_multiple_of(2))
                        .count()
                })
                .min()
                .unwrap();
            assert_eq!(fewest_rare(vals), brute);
        }
    }

    fn code() -> impl Strategy<Value = (Vec<u8>, bool)> {
        (
            prop::bool::ANY,
            prop::collection::vec(0u8..8, 1..6),
            prop::bool::ANY,
        )
            .prop_map(|(split0, mut rest, unequal)| {
                let mut d = vec![if split0 { 4 } else { 0 }];
                d.append(&mut rest);
                (d, unequal)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn matches_the_definition(
            (d, unequal) in code(),
            len in 0usize..700,
            threads in 1usize..4,
            par_min in 1usize..100,
        ) {
            let want = plain(&d, unequal, len);
            prop_assert_eq!(dense_from::<u16>(&d, unequal, len, threads, par_min), want.clone());
            prop_assert_eq!(dense_from::<u32>(&d, unequal, len, threads, par_min), want);
        }
    }
}
