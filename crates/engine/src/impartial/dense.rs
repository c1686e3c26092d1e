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
//! The engine keeps no values of its own: it reads and writes the table's one array `x`
//! (`x[h] = G(h)`, `u16` while the values fit, else `u32`; Treblecross's values pass
//! 255 before heap 2·10^5, so 16 bits is their narrowest width). The splits `(a, s −
//! a)`, `a = 1, 2, …` of a sum `s` read `x` forwards from `x[1]` and backwards from
//! `x[s − 1]`: two sequential streams over the same array; the vector loops reverse the
//! backward operand in registers (one `pshufb` a vector of eight values with SSSE3 or
//! AVX, detected at run time; three shuffles on the baseline instruction set, which is
//! kept and tested). For heap `n`:
//!
//! 1. Its options are marked in an array of `top` stamps (`top` the power of two above
//!    every value so far, so above every option value; a heap's stamp is new, so the
//!    array is never cleared): the few moves that leave zero or one heap, and one block
//!    of [`BLOCK`] splits in [`STRIDE`], whose XORs are computed a vector at a time and
//!    then stored (a `u32` store each, no load, no dependence between splits).
//! 2. The values not marked below `lim = min(number of options, top)`, smallest first,
//!    are the *candidates*, [`K`] at a time. The other blocks are scanned round and
//!    round, each compared with the `K` candidates at once (`pcmpeqw`, no memory write);
//!    each candidate goes once round them from where it was taken. A candidate that a
//!    split reaches is marked and its slot takes the next value not marked; one that
//!    comes back to where it started unreached is missing, and no candidate above it
//!    matters any more.
//! 3. The mex is the least missing candidate once every value below it is reached, or
//!    `lim` when all are (exact: a mex of `m` options is at most `m`, and no option value
//!    reaches `top`).
//!
//! The values below the mex that few splits reach (at heap 10^5 of Treblecross, 14 of
//! the 565 are reached by at most two of the 5·10^4 splits, 83 by at most ten) are
//! what costs: marking finds the common ones at a store a split, comparing finds each
//! rare one at a fraction of that. To heap 10^5 a split is marked 0.25 times and
//! compared about 1.25 times on average.
//!
//! Threads ([`Limits::thread_count`], at most [`Code::width`]) compute consecutive heaps
//! at once: heap `n` of Treblecross reads heaps up to `n − 3` only, so heaps `n`, `n +
//! 1`, `n + 2` are independent. Each thread takes the next heap, waits until every
//! heap it reads is done, computes it into the table and records it done in a small
//! ring; the caller's thread hands the heaps done to the caller in order. A thread
//! that has waited a while for a heap (its thread is most likely not running, the
//! machine being busy) computes that heap itself: the first to finish a heap claims
//! and writes it, the other drops its copy. Codes whose heap `n` reads heap `n − 1` (width 1) run on one
//! thread. The result is the exact mex whatever the thread count or the order the
//! heaps finish in; only the speed depends on them. The work counted is the number of
//! options of each heap (over [`SPLITS_PER_PAIR`]), as the textbook algorithm would
//! look at them: the same for any thread count.
//!
//! Measured against the textbook C loop (`bench/octal_naive.c`): see the section
//! "Treblecross: the dense engine against the textbook loop" of `bench/PERFORMANCE.md`.

use super::cell::{Cell, Extended};
use super::takebreak::{PAIRS_PER_STATE, PAIRS_PER_STEP};
use sprague_core::{Limits, SolveError};
use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

/// Candidates compared at once.
const K: usize = 4;
/// Splits a block: the unit of the scan (a candidate's circle is counted in blocks).
const BLOCK: usize = 1024;
/// One block in this many is marked before the candidates are chosen.
const STRIDE: usize = 4;
/// Heaps computed at once at most (see [`Code::width`]); also the most threads used.
const MAX_WIDTH: usize = 4;
/// Heaps whose completion the threads record in a ring (more than [`MAX_WIDTH`]).
const RING: usize = 16;
/// Threads are used only for tables from this many heaps on (smaller heaps take
/// nanoseconds each, less than handing them between threads).
const PAR_FROM: usize = 4096;
/// Spins of a thread waiting for a heap before it computes the heap itself.
const SPINS: u32 = 1 << 10;
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
    /// The number of options of heap `n`.
    fn options(&self, n: usize) -> u64 {
        let mut k = self.take_all.iter().filter(|&&i| i == n).count() as u64;
        k += self.leave_one.iter().filter(|&&i| i < n).count() as u64;
        for &i in &self.split_after {
            if i + 2 <= n {
                k += self.half(n - i) as u64;
            }
        }
        k
    }

    /// How many consecutive heaps can be computed at once: heap `n` reads heaps
    /// `n − i` (leaving one heap after removing `i ≥ 1`) and at most `n − i − 1`
    /// (splitting after removing `i ≥ 0`), so heaps `n, n + 1, …, n + w − 1` read
    /// only heaps below `n` (at most [`MAX_WIDTH`]).
    fn width(&self) -> usize {
        let one = self.leave_one.iter().copied().min().unwrap_or(usize::MAX);
        let two = self.split_after.first().map_or(usize::MAX, |&i| i + 1);
        one.min(two).clamp(1, MAX_WIDTH)
    }
}

/// Bytes the engine takes besides the table's own values, for a table of `len` heaps
/// whose values fit in 16 bits: each thread's marks of the values seen (a `u32` per
/// value below 2^16), for one thread below [`PAR_FROM`] heaps, else for at most
/// [`MAX_WIDTH`] threads and [`THREAD_BYTES`] for the helpers. The engine reads and
/// writes the table's one array of values in place: nothing per heap.
pub fn bytes_needed(len: usize) -> u64 {
    if len < PAR_FROM {
        return 1 << 18;
    }
    ((MAX_WIDTH as u64) << 18).saturating_add(THREAD_BYTES)
}

/// The working memory of the engine's helper threads (their stacks and allocator
/// arenas as touched): with two threads, 200 to 400 KiB more than the values in
/// `tests/it/cli_table_memory.rs`, whose runs differ by that much.
pub const THREAD_BYTES: u64 = 512 << 10;

/// A run of splits `(a, s − a)`, `a = lo..lo + count`: `x[lo + k]` with `x[hi − k]`
/// (`hi = s − lo`), the one ascending array of values read forwards and backwards.
#[derive(Clone, Copy, Debug)]
struct Seg {
    lo: usize,
    hi: usize,
    count: usize,
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

/// Stores `stamp` at `seen[lo[j] ⊕ hi[len − 1 − j]]` for every `j`: the XORs computed
/// a vector at a time into a small buffer, then one plain store each (no load, no
/// dependence between splits; a `u32` store, which this processor takes faster than a
/// byte's). `seen.len()` is a power of two above every value.
#[inline(always)]
fn mark_splits<C: Cell>(lo: &[C], hi: &[C], seen: &mut [u32], stamp: u32) {
    let Some(last) = seen.len().checked_sub(1) else {
        return;
    };
    let n = lo.len().min(hi.len());
    let (lo, hi) = (&lo[..n], &hi[..n]);
    // Long enough that the vector stores are done before the loads read them back
    // (a load that finds its bytes in a wider store still in flight waits for it).
    let mut buf = [C::default(); 256];
    for (l, h) in lo.chunks(256).zip(hi.rchunks(256)) {
        let m = l.len().min(h.len());
        for ((z, &a), &b) in buf[..m].iter_mut().zip(&l[..m]).zip(h[..m].iter().rev()) {
            *z = a ^ b;
        }
        for &z in &buf[..m] {
            // The mask keeps the index in bounds whatever the values.
            let i = z.get() as usize & last;
            // SAFETY: `i ≤ last < seen.len()`.
            unsafe { *seen.get_unchecked_mut(i) = stamp };
        }
    }
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

/// [`mark_splits`] compiled for SSSE3.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
fn mark_splits_ssse3<C: Cell>(lo: &[C], hi: &[C], seen: &mut [u32], stamp: u32) {
    mark_splits(lo, hi, seen, stamp)
}

/// [`mark_splits`] compiled for AVX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
fn mark_splits_avx<C: Cell>(lo: &[C], hi: &[C], seen: &mut [u32], stamp: u32) {
    mark_splits(lo, hi, seen, stamp)
}

/// How the comparison and marking loops are compiled: for the baseline instruction
/// set, or for SSSE3 or AVX when the processor has them (checked at run time).
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

    /// [`mark_splits`] as this scan compiles it.
    #[inline]
    fn mark<C: Cell>(self, lo: &[C], hi: &[C], seen: &mut [u32], stamp: u32) {
        match self {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in `hits`.
            Scan::Ssse3 => unsafe { mark_splits_ssse3(lo, hi, seen, stamp) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in `hits`.
            Scan::Avx => unsafe { mark_splits_avx(lo, hi, seen, stamp) },
            _ => mark_splits(lo, hi, seen, stamp),
        }
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

/// A thread's scratch space for the heaps it computes.
#[derive(Debug, Default)]
struct Worker {
    /// `seen[v] == stamp`: the current heap has an option of value `v`.
    seen: Vec<u32>,
    /// Bumped for each heap (so `seen` is never cleared but on wrapping).
    stamp: u32,
    /// The runs of splits of the current heap.
    segs: Vec<Seg>,
}

/// Fills every candidate slot with the next values not marked below `below` (each to
/// go round the `scanned` unmarked blocks): the mask of the slots filled.
#[inline(always)]
fn refill(
    seen: &[u32],
    stamp: u32,
    cursor: &mut usize,
    below: usize,
    scanned: usize,
    cand: &mut [u32; K],
    left: &mut [usize; K],
) -> u32 {
    let mut active = 0;
    for k in 0..K {
        let Some(v) = hole(seen, stamp, cursor, below) else {
            break;
        };
        cand[k] = v;
        left[k] = scanned;
        active |= 1 << k;
    }
    active
}

/// The first value `v` from `*cursor` on, below `below`, not marked in `seen`
/// (`*cursor` moves past it).
fn hole(seen: &[u32], stamp: u32, cursor: &mut usize, below: usize) -> Option<u32> {
    while *cursor < below {
        let v = *cursor;
        *cursor += 1;
        if seen[v] != stamp {
            return Some(v as u32);
        }
    }
    None
}

/// The value of heap `n` of `code`, which has `options` options, from `x`: the values
/// of heaps `0..x.len()`, which hold every heap a move of `n` leaves (`x.len() + w >
/// n`, `w` the code's [`Code::width`]). `top` is a power of two above every value of
/// `x` (the size of the marks).
fn heap_value<C: Cell>(
    code: &Code,
    x: &[C],
    n: usize,
    options: u64,
    top: usize,
    scan: Scan,
    wk: &mut Worker,
) -> u32 {
    if wk.seen.len() < top {
        wk.seen.resize(top, 0);
    }
    wk.stamp = wk.stamp.wrapping_add(1);
    if wk.stamp == 0 {
        wk.seen.fill(0);
        wk.stamp = 1;
    }
    let stamp = wk.stamp;
    let Worker { seen, segs, .. } = wk;
    let seen = &mut seen[..top];
    // A mex of `options` options is at most `options`; no option value reaches `top`;
    // none reaches `C::MAX + 1` either (a value or the XOR of two), so only values
    // below `lim` are candidates (each then fits the width), and `lim` is the mex when
    // every value below it is reached.
    let lim = options.min(top as u64).min(u64::from(C::MAX) + 1) as usize;
    if code.take_all.contains(&n) {
        seen[0] = stamp;
    }
    for &i in &code.leave_one {
        if i < n {
            seen[x[n - i].get() as usize] = stamp;
        }
    }
    segs.clear();
    for &i in &code.split_after {
        if i + 2 > n {
            break;
        }
        let s = n - i;
        let count = code.half(s);
        if count > 0 {
            segs.push(Seg {
                lo: 1,
                hi: s - 1,
                count,
            });
        }
    }
    let segs = &segs[..];
    let pairs: usize = segs.iter().map(|s| s.count).sum();
    let blocks = pairs.div_ceil(BLOCK);
    let every = blocks <= 2 * STRIDE;
    let sampled = |b: usize| every || b % STRIDE == STRIDE / 2;
    let range = |b: usize| (b * BLOCK, pairs.min((b + 1) * BLOCK));
    // 1. Every STRIDE-th block marked (every block of a small heap).
    let mut scanned = 0;
    for b in 0..blocks {
        if sampled(b) {
            let (s0, s1) = range(b);
            runs(segs, s0, s1, |lo, hi| {
                scan.mark(&x[lo], &x[hi], seen, stamp)
            });
        } else {
            scanned += 1;
        }
    }
    // 2. The values not marked, smallest first, are candidates, `K` at a time; each
    // goes round the unmarked blocks once from where it was taken on, until a split
    // reaches it (it is marked, and the slot takes the next value not marked) or it is
    // back where it started (no option reaches it).
    let mut cursor = 0;
    let mut best = lim;
    let mut cand = [0u32; K];
    let mut left = [0usize; K];
    let mut active = refill(
        seen,
        stamp,
        &mut cursor,
        best,
        scanned,
        &mut cand,
        &mut left,
    );
    if active == 0 {
        return best as u32;
    }
    if scanned == 0 {
        return cand[0];
    }
    let mut b = 0;
    loop {
        while sampled(b) {
            b = if b + 1 == blocks { 0 } else { b + 1 };
        }
        let (s0, s1) = range(b);
        b = if b + 1 == blocks { 0 } else { b + 1 };
        // Every candidate is below `lim`, so fits the width.
        let c: [C; K] = cand.map(|v| C::new(v).unwrap_or_default());
        let mut hit = 0;
        runs(segs, s0, s1, |lo, hi| hit |= scan.hits(&x[lo], &x[hi], &c));
        hit &= active;
        let mut a = active;
        while a != 0 {
            let k = a.trailing_zeros() as usize;
            a &= a - 1;
            left[k] -= 1;
            if hit & 1 << k != 0 {
                seen[cand[k] as usize] = stamp;
                match hole(seen, stamp, &mut cursor, best) {
                    Some(v) => {
                        cand[k] = v;
                        left[k] = scanned;
                    }
                    None => active &= !(1 << k),
                }
            } else if left[k] == 0 {
                // Round every unmarked block without a hit: no option has this value.
                best = best.min(cand[k] as usize);
                active &= !(1 << k);
            }
        }
        // Candidates above the least value known missing are moot.
        let mut a = active;
        while a != 0 {
            let k = a.trailing_zeros() as usize;
            a &= a - 1;
            if cand[k] as usize >= best {
                active &= !(1 << k);
            }
        }
        if active == 0 {
            active = refill(
                seen,
                stamp,
                &mut cursor,
                best,
                scanned,
                &mut cand,
                &mut left,
            );
            // 3. Every value below `best` is reached; `best` is not (or is `lim`).
            if active == 0 {
                return best as u32;
            }
        }
    }
}

/// The table's values as the threads share them, through the pointer of the caller's
/// vector (its capacity reserved for every heap to compute): heaps below
/// [`Pipe::done_to`] are written and only read; each heap above is written by the one
/// thread that computes it, and read by none until it is done.
struct Cells<C>(*mut C);

// SAFETY: the threads' accesses are disjoint as described on `Cells`, ordered by the
// atomics of `Pipe`; a `Cell` is plain data, sent and shared freely.
unsafe impl<C: Cell> Send for Cells<C> {}
// SAFETY: as above.
unsafe impl<C: Cell> Sync for Cells<C> {}

/// Heaps computed by several threads at once: each takes the next heap, waits until
/// every heap it reads is done (those below it by the code's width), computes it and
/// records it done.
struct Pipe<'a, C> {
    cells: Cells<C>,
    code: &'a Code,
    scan: Scan,
    width: usize,
    /// The next heap to take.
    next: AtomicUsize,
    /// No heap from this one on is computed (the end, a stop or a value too wide).
    stop_at: AtomicUsize,
    /// Heaps `0..done_to` are done.
    done_to: AtomicUsize,
    /// `ring[h % RING] == h + 1`: heap `h` is done.
    ring: [AtomicUsize; RING],
    /// `claim[h % RING] ≥ h + 1`: heap `h` is written (or being written) by a thread.
    claim: [AtomicUsize; RING],
    /// Spins a thread waits for a heap before computing it itself.
    help_after: u32,
    /// The largest value done.
    max: AtomicU32,
    /// The first heap found too wide for `C`, and its value.
    wide: Mutex<Option<(usize, u32)>>,
}

impl<C: Cell> Pipe<'_, C> {
    /// Takes the next heap and computes it, calling `idle` while it waits for the heaps
    /// it reads; `false` when there is no heap left to compute.
    fn step(&self, wk: &mut Worker, idle: &mut dyn FnMut()) -> bool {
        let h = self.next.fetch_add(1, Ordering::SeqCst);
        if h >= self.stop_at.load(Ordering::SeqCst) {
            return false;
        }
        let need = (h + 1).saturating_sub(self.width);
        let mut spins = 0u32;
        loop {
            let d = self.done_to.load(Ordering::SeqCst);
            if d >= need {
                break;
            }
            if h >= self.stop_at.load(Ordering::SeqCst) {
                return false;
            }
            idle();
            spins += 1;
            if spins < self.help_after {
                std::hint::spin_loop();
            } else if self.claim[d % RING].load(Ordering::SeqCst) < d + 1 {
                // The thread that took heap `d` is late (most likely not running):
                // computed here too, the first to finish it writes it.
                self.compute(d, wk);
            } else {
                std::thread::yield_now();
            }
        }
        self.compute(h, wk);
        true
    }

    /// Computes heap `h` (every heap it reads is done) and, unless another thread
    /// already did, writes it and records it done.
    fn compute(&self, h: usize, wk: &mut Worker) {
        let avail = self.done_to.load(Ordering::SeqCst);
        // SAFETY: heaps below `done_to` are written and no thread writes them again.
        let x = unsafe { std::slice::from_raw_parts(self.cells.0, avail) };
        let max = self.max.load(Ordering::SeqCst);
        let top = (max as usize + 1).next_power_of_two().max(64);
        let v = heap_value(self.code, x, h, self.code.options(h), top, self.scan, wk);
        match C::new(v) {
            Some(c) => {
                if self.claim(h) {
                    // SAFETY: `h` is below the reserved length, claimed by this thread
                    // only, and read by none until it is recorded done below.
                    unsafe { self.cells.0.add(h).write(c) };
                    self.max.fetch_max(v, Ordering::SeqCst);
                    self.finish(h);
                }
            }
            None => {
                let mut w = self.wide.lock().unwrap_or_else(|e| e.into_inner());
                if w.is_none_or(|(at, _)| h < at) {
                    *w = Some((h, v));
                }
                self.stop_at.fetch_min(h, Ordering::SeqCst);
            }
        }
    }

    /// Whether this thread is the first to claim heap `h` (a slot's claims only grow,
    /// so a late thread cannot claim a heap already done, nor an older one).
    fn claim(&self, h: usize) -> bool {
        let slot = &self.claim[h % RING];
        let mut old = slot.load(Ordering::SeqCst);
        while old < h + 1 {
            match slot.compare_exchange(old, h + 1, Ordering::SeqCst, Ordering::SeqCst) {
                Ok(_) => return true,
                Err(now) => old = now,
            }
        }
        false
    }

    /// Records heap `h` done, and moves `done_to` past every heap done in a row.
    fn finish(&self, h: usize) {
        self.ring[h % RING].store(h + 1, Ordering::SeqCst);
        loop {
            let d = self.done_to.load(Ordering::SeqCst);
            if self.ring[d % RING].load(Ordering::SeqCst) != d + 1 {
                return;
            }
            let _ = self
                .done_to
                .compare_exchange(d, d + 1, Ordering::SeqCst, Ordering::SeqCst);
        }
    }
}

/// The state of the dense engine for one code: the largest value of the table it last
/// extended (it keeps no values of its own).
#[derive(Debug)]
pub(crate) struct DenseTable {
    code: Code,
    /// The largest of the first `known` values of the table last extended.
    max: u32,
    known: usize,
    /// Options counted so far (against `PAIRS_PER_STATE` × `--max-states`).
    work: u64,
    /// Tables from this many heaps on are computed by several threads.
    par_from: usize,
    /// Spins a thread waits for a heap before computing it itself.
    help_after: u32,
}

impl DenseTable {
    /// An empty engine for `code`.
    pub fn new(code: Code) -> Self {
        DenseTable {
            code,
            max: 0,
            known: 0,
            work: 0,
            par_from: PAR_FROM,
            help_after: SPINS,
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
        let start = values.len();
        values.reserve(len - start);
        // The first heap beyond the work bound: none from it on is computed.
        let budget = limits.max_states.saturating_mul(PAIRS_PER_STATE);
        let mut work = self.work;
        let mut end = len;
        for n in start..len {
            let cost = self.code.options(n) / SPLITS_PER_PAIR + 1;
            if work.saturating_add(cost) > budget {
                end = n;
                break;
            }
            work += cost;
        }
        let width = self.code.width();
        let threads = if len >= self.par_from {
            limits.thread_count().clamp(1, width)
        } else {
            1
        };
        let pipe = Pipe {
            cells: Cells(values.as_mut_ptr()),
            code: &self.code,
            scan: Scan::detect(),
            width,
            next: AtomicUsize::new(start),
            stop_at: AtomicUsize::new(end),
            done_to: AtomicUsize::new(start),
            ring: std::array::from_fn(|_| AtomicUsize::new(0)),
            claim: std::array::from_fn(|_| AtomicUsize::new(0)),
            help_after: self.help_after,
            max: AtomicU32::new(self.max),
            wide: Mutex::new(None),
        };
        let doing = format!("a table of {name}");
        // The caller's side: the heaps done are handed to `done` in order.
        let mut reported = start;
        let mut work = self.work;
        let mut max = self.max;
        let mut pending = 0u64;
        let mut unchecked = 0u64;
        let mut failed: Option<SolveError> = None;
        let mut stopped = false;
        let mut report = || {
            let to = pipe.done_to.load(Ordering::SeqCst);
            while reported < to && !stopped {
                let options = self.code.options(reported);
                if unchecked >= 1 << 20 || reported.is_multiple_of(256) {
                    unchecked = 0;
                    if let Err(e) = limits.check_stop() {
                        failed = Some(e);
                    }
                }
                if failed.is_none() {
                    let cost = options / SPLITS_PER_PAIR + 1;
                    work += cost;
                    pending += cost;
                    unchecked += options;
                    // SAFETY: heaps below `done_to` are written and no longer written.
                    let x = unsafe { std::slice::from_raw_parts(pipe.cells.0, reported + 1) };
                    max = max.max(x[reported].get());
                    reported += 1;
                    if pending >= PAIRS_PER_STEP << 16 {
                        if let Err(e) = limits.charge_work(pending / PAIRS_PER_STEP, &doing) {
                            failed = Some(e);
                        }
                        pending %= PAIRS_PER_STEP;
                    }
                    if failed.is_none() && !done(cost, x) {
                        stopped = true;
                    }
                }
                if failed.is_some() {
                    stopped = true;
                }
                if stopped {
                    pipe.stop_at.fetch_min(reported, Ordering::SeqCst);
                }
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..threads {
                let pipe = &pipe;
                scope.spawn(move || {
                    let mut wk = Worker::default();
                    while pipe.step(&mut wk, &mut || {}) {}
                });
            }
            let mut wk = Worker::default();
            // After a stop, `stop_at` is at most the heaps handed over: `step` takes
            // no more.
            loop {
                report();
                if !pipe.step(&mut wk, &mut report) {
                    break;
                }
            }
        });
        // Every thread is done: the last heaps are handed over.
        report();
        // SAFETY: heaps `0..reported` are written (`reported ≤ done_to`), in the
        // reserved capacity.
        unsafe { values.set_len(reported) };
        self.known = reported;
        self.max = max;
        self.work = work;
        if let Some(e) = failed {
            return Err(e);
        }
        // The values are computed: what is left over only shortens later work.
        let _ = limits.charge_work(pending / PAIRS_PER_STEP, &doing);
        if stopped {
            return Ok(Extended::Done);
        }
        let wide = *pipe.wide.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((h, v)) = wide
            && h == reported
        {
            return Ok(Extended::TooWide(v));
        }
        if reported < len {
            return Err(limits.states_exceeded(&format!(
                "a table of {name} (whose heaps have many options)"
            )));
        }
        Ok(Extended::Done)
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
pub(crate) fn fewest_rare<C: Cell>(values: &[C]) -> usize {
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
    use sprague_core::Bound;

    use crate::impartial::takebreak::plain_values as plain;

    fn limits(threads: usize) -> Limits {
        Limits {
            threads,
            ..Limits::default()
        }
    }

    /// The engine's values, computed by several threads for tables from `par_from`
    /// heaps on.
    fn dense_from<C: Cell>(
        digits: &[u8],
        unequal: bool,
        len: usize,
        threads: usize,
        par_from: usize,
    ) -> Vec<u32> {
        let mut t = DenseTable::new(Code::new(digits, unequal));
        t.par_from = par_from;
        // Odd lengths: a waiting thread computes the heap it waits for at once.
        if len % 2 == 1 {
            t.help_after = 0;
        }
        let mut values: Vec<C> = Vec::new();
        let r = t.extend("t", &mut values, len, &limits(threads), &mut |_, _| true);
        assert_eq!(r, Ok(Extended::Done));
        values.iter().map(|c| c.get()).collect()
    }

    fn dense<C: Cell>(digits: &[u8], unequal: bool, len: usize, threads: usize) -> Vec<u32> {
        dense_from::<C>(digits, unequal, len, threads, 0)
    }

    #[test]
    fn treblecross_matches_the_definition_for_any_thread_count() {
        // Up to three heaps at once (heap n reads heaps up to n − 3).
        let want = plain(&[0, 0, 0, 7], false, 4000);
        for threads in [1, 2, 3] {
            // An odd length: the threads also compute the heaps they wait for.
            for len in [4000, 3999] {
                assert_eq!(
                    dense_from::<u16>(&[0, 0, 0, 7], false, len, threads, 100),
                    want[..len],
                    "{threads} threads, {len} heaps"
                );
            }
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
        // The first heap whose value needs more than 3 bits, from the definition.
        let first = want.iter().position(|&v| v > 7).unwrap();
        for threads in [1, 3] {
            let mut t = DenseTable::new(Code::new(&d, false));
            t.par_from = 0;
            let mut narrow: Vec<Tiny> = Vec::new();
            let r = t.extend("t", &mut narrow, 600, &limits(threads), &mut |_, _| true);
            assert_eq!(r, Ok(Extended::TooWide(want[first])), "{threads} threads");
            assert_eq!(narrow.len(), first);
            let mut wide: Vec<u32> = narrow.iter().map(|c| c.get()).collect();
            wide.push(want[first]);
            let r = t.extend("t", &mut wide, 600, &limits(threads), &mut |_, _| true);
            assert_eq!(r, Ok(Extended::Done));
            assert_eq!(wide, want);
        }
    }

    #[test]
    fn the_width_is_how_far_back_the_nearest_move_reads() {
        // Treblecross 0.007: heap n reads n − 3 (one heap left) and at most n − 4.
        assert_eq!(Code::new(&[0, 0, 0, 7], false).width(), 3);
        // Dawson's Chess 0.137: removing 2 leaves heap n − 2.
        assert_eq!(Code::new(&[0, 1, 3, 7], false).width(), 2);
        // Grundy's game splits heap n into two below it, Kayles 0.77 leaves n − 1.
        assert_eq!(Code::new(&[4], true).width(), 1);
        assert_eq!(Code::new(&[0, 7, 7], false).width(), 1);
        // 0.0000007: up to `MAX_WIDTH` heaps at once.
        assert_eq!(
            Code::new(&[0, 0, 0, 0, 0, 0, 0, 7], false).width(),
            MAX_WIDTH
        );
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
        for len in [0usize, 1, 7, 8, 9, 15, 16, 17, 31, 100, 256, 300, 600] {
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
                // Marking: exactly the XORs get the stamp, over stale marks.
                for &scan in &scans {
                    let mut seen = vec![7u32; 64];
                    scan.mark(&x[lo.clone()], &x[hi.clone()], &mut seen, 9);
                    let mut seen32 = vec![7u32; 64];
                    scan.mark(&x32[lo.clone()], &x32[hi.clone()], &mut seen32, 9);
                    for v in 0..64u16 {
                        let want = if xors.contains(&v) { 9 } else { 7 };
                        assert_eq!((seen[v as usize], seen32[v as usize]), (want, want));
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
                    bound: Bound::States,
                    ..
                }
            ),
            "{err:?}"
        );
    }

    #[test]
    fn a_watcher_stops_it_at_a_heap() {
        let want = plain(&[0, 0, 0, 7], false, 1234);
        for threads in [1, 2, 3] {
            let mut t = DenseTable::new(Code::new(&[0, 0, 0, 7], false));
            t.par_from = 0;
            let mut values: Vec<u32> = Vec::new();
            // The watcher sees the heaps in order, one more each time.
            let mut seen = 0;
            let r = t.extend("t", &mut values, 5000, &limits(threads), &mut |_, v| {
                seen += 1;
                assert_eq!(v.len(), seen);
                v.len() < 1234
            });
            assert_eq!(r, Ok(Extended::Done));
            assert_eq!(values, want, "{threads} threads");
        }
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
            par_from in 0usize..800,
        ) {
            let want = plain(&d, unequal, len);
            prop_assert_eq!(dense_from::<u16>(&d, unequal, len, threads, par_from), want.clone());
            prop_assert_eq!(dense_from::<u32>(&d, unequal, len, threads, par_from), want);
        }
    }
}
