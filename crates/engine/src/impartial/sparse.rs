//! The rare/common table of a take-and-break game: the values of heaps `0..N` in time
//! about `N × (#rare heaps + a few hundred)` and memory `O(#rare heaps + value range)`
//! besides the values themselves, on any number of threads with the same result.
//!
//! # How it works
//!
//! A mask `m` splits values into *common* ones (`popcount(v & m)` odd) and *rare* ones
//! (even), after Gangolli–Plambeck and Flammenkamp's *sparse space*. A split's value
//! `G(a) ⊕ G(b)` is common exactly when one of `a`, `b` has a rare value, so every
//! common value a heap reaches is found by pairing each *rare heap* `h` with its
//! complement `s − h`. The heap's value is the smallest unmarked value when that is
//! common; each smaller rare value must still be shown reachable by a split of two
//! common heaps, or not (then it is the value). The mask is re-chosen as the table
//! doubles, minimising the number of rare heaps over all masks with one
//! Walsh–Hadamard transform of the value histogram. The result is the exact mex whatever
//! the mask; the mask only decides the speed.
//!
//! Heaps are computed in blocks of [`MAX_BLOCK`] or fewer. The marks of a block come
//! from two passes:
//!
//! * the *far* pass pairs the rare heaps `h ≥ D` (`D`: twice the block length) with
//!   their complements, which are at most `n − D`, so it needs only the values below
//!   the previous block: it runs for the next block while the current one is finished,
//!   split over the threads by runs of heaps. Its marks are one small bitset per heap
//!   (the value range in bits). It walks each rare heap's complements in order, so the
//!   values are read as a stream. It then looks for the rare values below the
//!   smallest common value left unmarked among the splits of two heaps of at least `D`:
//!   for a rare value `v` and the values `w` most frequent first, the first few heaps
//!   `a` of value `w ⊕ v` (kept per value: [`FIRST`] of them) are tried as
//!   `(a, s − a)`;
//! * the *near* pass, in heap order, adds the moves to one heap or none, the pairs of
//!   the rare heaps below `D` and of those found since the far pass ran, takes the mex,
//!   and settles each rare value still unmarked below it: a short scan of the splits
//!   from the smallest heap, the same search by value pairs over all kept heaps, and
//!   last the rest of the scan over every split, which is the proof when `v` is not
//!   reachable (it happens when the heap's value is rare, so rarely).
//!
//! Games whose rare heaps are few and all small (0.1777 has 15, all below 124) have
//! nothing for the far pass to pair, and nearly every heap must show a dozen or more
//! rare values reachable by splits of two common heaps. For them the blocks are long
//! (up to [`LONG_BLOCK`] heaps, so that threads hand over rarely) and the far pass
//! *sweeps*: for every sum `s` of a split of a heap of the block it marks the values
//! of the [`SWEEP`] splits `(a, s − a)` with `a` from `D` up. Both heaps are below the
//! previous block (`s − a ≤ s − D` and `D` is the two blocks' length), so the sweep of
//! the next block runs on another thread while this one is finished, and its marks,
//! every one the value of a real split, settle most rare values before the near pass
//! looks. The near pass then reads the complements of the small rare heaps from a
//! window of the values near the block, and when the values fit in one word keeps the
//! marks in registers and marks the pairs of each sum of a split once, for all the
//! heaps `s + i` that split it. None of this changes a value: a heap's marks are still
//! all values of its options, and the value the smallest unmarked one shown
//! unreachable, so the values are the same for any block length and thread count.
//!
//! The work of each heap (pairs and splits looked at) is the same however the
//! passes are spread over threads, so the work bound stops a table at the same heap
//! whatever `--threads` says.
//!
//! With threads, the blocks run in batches (about [`BATCH_WORK`] pairs each) wholly
//! inside the thread pool: the two passes of a block hand over between the pool's
//! threads, where one waiting for the other takes pieces of its work, and the calling
//! thread, which alone may tell the caller of progress, sleeps and wakes once a batch
//! rather than once a block. Where a batch ends depends only on the values.

use super::cell::{Cell, Extended};
use sprague_core::{Limits, SolveError};

/// Told of the work of each batch of blocks of heaps and the values known after it: `Ok(false)`
/// stops the extension there.
pub type Progress<'a, C> = dyn FnMut(u64, &[C]) -> Result<bool, SolveError> + 'a;

/// The moves of a take-and-break game, as the table needs them.
pub struct Moves<'a> {
    /// The game's name, for messages.
    pub name: &'a str,
    /// Code digits `d0..=dt` (bit 1 of `d_i`: a heap of `i` may be removed whole).
    pub digits: &'a [u8],
    /// The `i ≥ 1` whose digit has bit 2 (leave one heap), ascending.
    pub leave_one: &'a [usize],
    /// The `i ≥ 0` whose digit has bit 4 (leave two heaps), ascending.
    pub split_after: &'a [usize],
    /// Whether the two heaps of a split must differ (Grundy's game).
    pub unequal: bool,
}

impl Moves<'_> {
    fn vanishes(&self, n: usize) -> bool {
        n >= 1 && self.digits.get(n).is_some_and(|d| d & 1 != 0)
    }
}

/// The first table length at which the mask is chosen; then at every doubling.
const FIRST_REVIEW: usize = 32;
/// Largest value range (as a power of two) for which the mask is re-chosen.
const MAX_REVIEW_BITS: u32 = 20;
/// Bytes of marks per block of heaps: the block is shorter when values are large.
const BLOCK_BYTES: usize = 1 << 15;
/// Most heaps in a block.
pub const MAX_BLOCK: usize = 64;
/// Most heaps in a block when the rare heaps are few and small ([`SparseTable::block_len`]).
const LONG_BLOCK: usize = 1024;
/// Heaps computed before blocks may be long: shorter tables keep short blocks, so that
/// they are watched (progress, Ctrl-C, checkpoints) as finely as before.
pub(crate) const LONG_FROM: usize = 4 * LONG_BLOCK;
/// Bytes of marks per long block.
const LONG_BLOCK_BYTES: usize = 1 << 18;
/// Work of the blocks computed between two calls of `progress` from [`LONG_FROM`]
/// heaps on (a few milliseconds): each batch is one hand-over between the calling
/// thread and the pool's threads ([`SparseTable::batch`]).
const BATCH_WORK: u64 = 1 << 22;
/// Fewest heaps in a block.
const MIN_BLOCK: usize = 8;
/// Heaps per task of the far pass's search.
const CHUNK: usize = 16;
/// Heaps kept per value for the search by value pairs.
const FIRST: usize = 32;
/// The heaps kept for the search are the first of each value from this one on, so
/// that the far pass can use them all (twice the longest block).
const FIRST_FROM: usize = 2 * MAX_BLOCK;
/// Splits scanned from the smallest heap for a rare value before the search.
const SCAN_STEPS: usize = 16;
/// Most splits the far pass tries for one rare value.
const FAR_CHECKS: u64 = 256;
/// Most splits the far pass scans for one heap before searching by value pairs.
const FAR_SCAN: usize = 512;

/// The state of a rare/common table; it describes the values it last extended and
/// rebuilds itself when given others.
#[derive(Default)]
pub(crate) struct SparseTable {
    /// The table length the fields below describe.
    built: usize,
    /// Values with `popcount(v & mask)` odd are common, the others rare.
    mask: u32,
    /// The heaps `h ≥ 1` with a rare value, and that value, ascending.
    rare: Vec<(u32, u32)>,
    /// `hist[v]`: the number of heaps `h ≥ 1` of value `v`. Its length, a power of two
    /// and at least 64, is above every value and so every XOR of two.
    hist: Vec<u64>,
    /// `first[u]`: the first heaps `h ≥ FIRST_FROM` of value `u` (at most [`FIRST`]).
    first: Vec<Vec<u32>>,
    /// The values present, most frequent first (as of the last review, then new ones).
    order: Vec<u32>,
    /// The table length at which the mask is chosen next.
    next_review: usize,
    /// The rare values that the last block's heaps had to reach by splits of two
    /// common heaps (below their value and not reached by a rare heap's pair): the
    /// far pass looks for these.
    wanted: Vec<u64>,
    /// Pairs and splits looked at since the last rebuild.
    work: u64,
    /// The threads of the last multi-threaded extension, kept for the next.
    pool: Option<(usize, rayon::ThreadPool)>,
    /// Per-phase times, when traced.
    trace: Trace,
}

impl std::fmt::Debug for SparseTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SparseTable")
            .field("built", &self.built)
            .field("mask", &self.mask)
            .field("rare", &self.rare.len())
            .field("range", &self.hist.len())
            .finish()
    }
}

#[inline]
fn is_rare(mask: u32, v: u32) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// A run of heaps for the far pass's search: its index, its pair marks, its search
/// marks and its work.
type SearchTask<'a> = (usize, ((&'a mut [u64], &'a mut [u64]), &'a mut [u64]));

/// The far marks of a block of heaps.
struct Far {
    start: usize,
    len: usize,
    /// Words per heap in `bits`.
    words: usize,
    /// The rare heaps `lo_heap..known` are paired in `bits`.
    lo_heap: usize,
    known: usize,
    /// The values of each heap marked by pairs of rare heaps, `words` words a heap.
    bits: Vec<u64>,
    /// The values of each heap marked by the search, in the same layout.
    hits: Vec<u64>,
    /// Splits the far pass's search looked at, per heap.
    ops: Vec<u64>,
}

/// What a batch of blocks ([`SparseTable::batch`]) hands back.
struct Batch {
    /// The work of its blocks, for `progress`.
    work: u64,
    /// Set when it ended before a value the cell type cannot hold.
    too_wide: Option<u32>,
}

/// How the near pass of a block ended.
enum BlockEnd {
    /// All its heaps are computed.
    Full,
    /// Heap `.0` has a value at least the value range: the range must grow.
    Grow(usize),
    /// Heap `.0` has value `.1`, which the cell type cannot hold (not stored).
    TooWide(usize, u32),
    /// The work bound was reached at heap `.0` (not computed).
    Budget(usize),
}

/// What the near pass of a block hands back.
struct NearOut {
    end: BlockEnd,
    /// The rare heaps it found, ascending.
    found: Vec<(u32, u32)>,
    /// Its work, far pass's included.
    work: u64,
    /// The rare values its heaps had to reach by splits of two common heaps.
    wanted: Vec<u64>,
    /// Of its work, the splits its mex looked at to settle rare values.
    search: u64,
}

impl SparseTable {
    fn range(&self) -> usize {
        self.hist.len()
    }

    /// The number of heaps with a rare value.
    pub fn rare_heaps(&self) -> usize {
        self.rare.len()
    }

    /// The value range: a power of two above every value of the table it last
    /// extended (0 before it has extended one).
    pub(crate) fn value_range(&self) -> usize {
        self.hist.len()
    }

    /// Bytes the structures of a table take besides the values, at most, when it has
    /// `rare` rare heaps and its values are below `range`: the list of rare heaps (8
    /// bytes each, and as much again while the list grows), for each value its count,
    /// its place in the order of values and its kept heaps (8 + 4 + 24 + 4·[`FIRST`]
    /// bytes), and the marks of the blocks being worked on (the far marks and search
    /// marks of two blocks, the near pass's, and one copy for each piece of the rare
    /// list a thread pairs).
    pub fn bytes_needed(rare: usize, range: usize) -> u64 {
        let range = range.max(64) as u64;
        let rare = rare as u64;
        let list = 16 * rare;
        let per_value = range * (8 + 4 + 24 + 4 * FIRST as u64);
        // One set of marks of a block: `len × words × 8` bytes, with the block length
        // of `block_len` (short blocks about BLOCK_BYTES, long ones LONG_BLOCK_BYTES,
        // but never fewer than MIN_BLOCK heaps).
        let words = range / 64;
        let short = (MIN_BLOCK as u64 * words * 8).max((BLOCK_BYTES as u64).min(8 * range));
        let long = (MIN_BLOCK as u64 * words * 8).max((LONG_BLOCK_BYTES as u64).min(128 * range));
        let marks = 5 * long + short;
        list + per_value + marks
    }

    /// The fewest heaps `h ≥ 1` that some mask leaves rare, as
    /// [`super::dense::fewest_rare`] gives it for the `len` values this table last
    /// extended, read from its histogram (time in the value range, not the table
    /// length); `None` when it describes another table.
    pub(crate) fn fewest_rare(&self, len: usize) -> Option<usize> {
        if self.built != len || self.hist.is_empty() {
            return None;
        }
        if self.hist.len() > 1 << 20 {
            return Some(len);
        }
        // Masks above the largest value leave every heap rare, as the transform of a
        // histogram cut at that value says too: the minimum is the same.
        let mut w: Vec<i64> = self.hist.iter().map(|&c| c as i64).collect();
        walsh_hadamard(&mut w);
        let best = w.iter().skip(1).min().copied().unwrap_or(0);
        let heaps = len.saturating_sub(1) as i64;
        Some(usize::try_from((heaps + best) / 2).unwrap_or(0))
    }

    /// Makes the state describe `values` (after another table was used, or at the start).
    fn rebuild<C: Cell>(&mut self, values: &[C]) {
        let max = values.iter().map(|v| v.get()).max().unwrap_or(0) as usize;
        let size = (max + 1).next_power_of_two().max(64);
        self.hist = vec![0; size];
        self.first = vec![Vec::new(); size];
        for (h, v) in values.iter().enumerate().skip(1) {
            let v = v.get() as usize;
            self.hist[v] += 1;
            if h >= FIRST_FROM && self.first[v].len() < FIRST {
                self.first[v].push(h as u32);
            }
        }
        self.built = values.len();
        self.work = 0;
        self.next_review = FIRST_REVIEW;
        while self.next_review <= values.len() {
            self.next_review = self.next_review.saturating_mul(2);
        }
        self.mask = 0;
        self.review(values, true);
    }

    /// Re-chooses the mask and the order of values by frequency; rebuilds the list of
    /// rare heaps when the mask changes or `fresh` says the list is stale.
    fn review<C: Cell>(&mut self, values: &[C], fresh: bool) {
        let mut order: Vec<u32> = (0..self.hist.len() as u32)
            .filter(|&v| self.hist[v as usize] > 0)
            .collect();
        order.sort_by_key(|&v| std::cmp::Reverse(self.hist[v as usize]));
        self.order = order;
        let old = self.mask;
        self.choose_mask();
        if fresh || self.mask != old {
            let mask = self.mask;
            self.rare = values
                .iter()
                .enumerate()
                .skip(1)
                .filter(|(_, v)| is_rare(mask, v.get()))
                .map(|(h, v)| (h as u32, v.get()))
                .collect();
        }
    }

    /// Picks the mask that leaves the fewest rare heaps: with `W` the Walsh–Hadamard
    /// transform of the value histogram, mask `m` leaves `(N + W(m)) / 2` rare heaps.
    fn choose_mask(&mut self) {
        let size = self.hist.len();
        if !(2..=1usize << MAX_REVIEW_BITS).contains(&size) {
            return;
        }
        let mut w: Vec<i64> = self.hist.iter().map(|&c| c as i64).collect();
        walsh_hadamard(&mut w);
        if let Some((m, _)) = w.iter().enumerate().skip(1).min_by_key(|&(_, &v)| v) {
            self.mask = m as u32;
        }
    }

    /// Counts heap `n` of value `v` (its entry in the rare list is the caller's).
    fn count(&mut self, n: usize, v: u32) {
        let vi = v as usize;
        if vi >= self.hist.len() {
            self.hist.resize((vi + 1).next_power_of_two(), 0);
            self.first.resize(self.hist.len(), Vec::new());
        }
        if n >= 1 {
            if self.hist[vi] == 0 {
                self.order.push(v);
            }
            self.hist[vi] += 1;
            if n >= FIRST_FROM && self.first[vi].len() < FIRST {
                self.first[vi].push(n as u32);
            }
        }
    }

    /// The number of rare heaps the far pass pairs: those of at least twice the
    /// block length.
    fn far_rare(&self) -> usize {
        let d = 2 * self.block_len();
        self.rare.len() - self.rare.partition_point(|&(h, _)| (h as usize) < d)
    }

    /// The length of the next blocks: [`MAX_BLOCK`] or fewer heaps (fewer when values
    /// are large), and from [`LONG_FROM`] heaps on up to [`LONG_BLOCK`]: the longest
    /// when fewer than [`MIN_FAR_RARE`] rare heaps are beyond twice that length (the
    /// near pass pairs them all and the far pass sweeps), else the longest that leaves
    /// at most an eighth of the rare heaps (or [`MIN_FAR_RARE`]) below twice its length
    /// for the near pass to pair in order. Long blocks make few hand-overs between
    /// threads (one a block, each a wait for a thread to be scheduled on a busy
    /// machine); the far pass works on runs of up to 64 heaps at a time, whose marks
    /// stay in cache. Grundy's game: 30 of its 1 273 rare heaps are below 128, 101
    /// below 512, 359 below 2 048, so its blocks are 256 heaps long.
    fn block_len(&self) -> usize {
        let words = self.range() / 64;
        let short = (BLOCK_BYTES / (8 * words)).clamp(MIN_BLOCK, MAX_BLOCK);
        let long = (LONG_BLOCK_BYTES / (8 * words)).clamp(short, LONG_BLOCK);
        if self.built < LONG_FROM {
            return short;
        }
        let below = |b: usize| self.rare.partition_point(|&(h, _)| (h as usize) < 2 * b);
        if self.rare.len() - below(long) < MIN_FAR_RARE {
            return long;
        }
        let near = (self.rare.len() / 8).max(MIN_FAR_RARE);
        let mut b = long;
        while b > short && below(b) > near {
            b /= 2;
        }
        b.max(short)
    }

    /// Extends `values` (the values of heaps `0..values.len()`) to heaps `0..len` on
    /// [`Limits::thread_count`] threads, looking at no more than `budget` pairs in all.
    /// `progress` is told of the work of each batch of blocks ([`Self::batch`]) and the
    /// values so far, on the calling thread; it
    /// ends the extension early with `Ok(false)` (then `Done` is returned with fewer
    /// values) or an error. A value the cell type cannot hold ends it with
    /// [`Extended::TooWide`] (see [`super::cell`]).
    pub fn extend<C: Cell>(
        &mut self,
        moves: &Moves<'_>,
        values: &mut Vec<C>,
        len: usize,
        budget: u64,
        limits: &Limits,
        progress: &mut Progress<'_, C>,
    ) -> Result<Extended, SolveError> {
        if self.built != values.len() || self.hist.is_empty() {
            self.rebuild(values);
        }
        let start = values.len();
        if start >= len {
            return Ok(Extended::Done);
        }
        let too_long = || {
            limits.states_exceeded(&format!(
                "a table of {} (whose heaps have many options)",
                moves.name
            ))
        };
        if u32::try_from(len).is_err() || values.try_reserve_exact(len - start).is_err() {
            return Err(too_long());
        }
        values.resize(len, C::default());
        let threads = limits.thread_count().max(1);
        let mut done = start;
        let out = if threads == 1 {
            self.blocks(moves, values, &mut done, budget, limits, None, progress)
        } else {
            let pool = match self.pool.take() {
                Some((t, p)) if t == threads => Some(p),
                _ => rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .ok(),
            };
            let out = self.blocks(
                moves,
                values,
                &mut done,
                budget,
                limits,
                pool.as_ref(),
                progress,
            );
            self.pool = pool.map(|p| (threads, p));
            out
        };
        values.truncate(done);
        out
    }

    /// The block loop of [`Self::extend`]: `values` has its final length, `done` is
    /// how many are computed. The blocks run in batches ([`Self::batch`]), each wholly
    /// on the pool's threads when there is a pool; `progress` is told of each batch
    /// here, on the calling thread.
    #[allow(clippy::too_many_arguments)]
    fn blocks<C: Cell>(
        &mut self,
        moves: &Moves<'_>,
        values: &mut [C],
        done: &mut usize,
        budget: u64,
        limits: &Limits,
        pool: Option<&rayon::ThreadPool>,
        progress: &mut Progress<'_, C>,
    ) -> Result<Extended, SolveError> {
        let len = values.len();
        let mut ahead: Option<Far> = None;
        if self.trace.next == 0 {
            self.trace = Trace::new(*done);
        }
        let par = pool.is_some();
        while *done < len {
            let batch = run_in(pool, || {
                self.batch(moves, values, done, budget, limits, par, &mut ahead)
            })?;
            if let Some(v) = batch.too_wide {
                // The blocks before it are told of; the caller widens the values and
                // goes on (or stops, if asked to) from there.
                if batch.work > 0 {
                    progress(batch.work, &values[..*done])?;
                }
                return Ok(Extended::TooWide(v));
            }
            if !progress(batch.work, &values[..*done])? {
                break;
            }
        }
        Ok(Extended::Done)
    }

    /// Computes blocks of heaps from `done` on (and moves `done` past them) until
    /// their work reaches [`BATCH_WORK`], the table is complete, or it is shorter
    /// than [`LONG_FROM`] (then one block, so that short tables are watched as
    /// finely as their blocks are long). Runs on the pool's threads when `par`, so
    /// that the threads hand over within the pool, without waking the caller: one
    /// hand-over a block between the pool's threads, one a batch with the caller.
    /// Where the batches end depends only on the values, never on the threads.
    #[allow(clippy::too_many_arguments)]
    fn batch<C: Cell>(
        &mut self,
        moves: &Moves<'_>,
        values: &mut [C],
        done: &mut usize,
        budget: u64,
        limits: &Limits,
        par: bool,
        ahead: &mut Option<Far>,
    ) -> Result<Batch, SolveError> {
        let len = values.len();
        let mut work = 0u64;
        loop {
            let n = *done;
            limits.check_stop()?;
            if n >= self.next_review {
                while self.next_review <= n {
                    self.next_review = self.next_review.saturating_mul(2);
                }
                self.review(&values[..n], false);
                *ahead = None;
            }
            // Threads where the far pass has work to share: enough rare heaps beyond
            // the near pass, or else the sweep of the splits of two common heaps
            // (0.1777's 15 rare heaps are all below 128). The values and the work
            // counted are the same either way.
            let sweep = self.far_rare() < MIN_FAR_RARE;
            let words = self.range() / 64;
            let b = self.block_len().min(len - n);
            let (past, rest) = values.split_at_mut(n);
            let past: &[C] = past;
            let me: &Self = self;
            let far = match ahead.take() {
                Some(f) if f.start == n && f.len == b && f.words == words => f,
                _ => me.far(moves, past, n, b, n, words, par, sweep),
            };
            // The next block's far pass (from the values below this block) runs while
            // this block is finished.
            let n2 = n + b;
            let b2 = self.block_len().min(len - n2);
            let on = self.trace.on;
            let t0 = Stamp::now(on);
            let ((out, tn), (next, tf)) = join(
                par,
                || {
                    let t = Stamp::now(on);
                    let out = me.near(moves, past, &mut rest[..b], n, far, budget);
                    (out, t.elapsed())
                },
                || {
                    let t = Stamp::now(on);
                    let next = (b2 > 0).then(|| me.far(moves, past, n2, b2, n, words, par, sweep));
                    (next, t.elapsed())
                },
            );
            if on {
                let (rare, far_rare) = (self.rare.len(), self.far_rare());
                let wall = t0.elapsed();
                self.trace
                    .block(n + b, wall, tn, tf, &out, words, b, (rare, far_rare));
            }
            *ahead = next;
            let upto = match out.end {
                BlockEnd::Full => n + b,
                BlockEnd::Grow(at) | BlockEnd::TooWide(at, _) => at + 1,
                BlockEnd::Budget(at) => at,
            };
            for (m, c) in values.iter().enumerate().take(upto).skip(n) {
                let v = match out.end {
                    BlockEnd::TooWide(at, v) if at == m => v,
                    _ => c.get(),
                };
                self.count(m, v);
            }
            self.rare.extend(out.found);
            self.wanted = out.wanted;
            self.work += out.work;
            self.built = upto;
            match out.end {
                BlockEnd::Full => {}
                BlockEnd::Grow(..) => *ahead = None,
                BlockEnd::TooWide(at, v) => {
                    *done = at;
                    return Ok(Batch {
                        work,
                        too_wide: Some(v),
                    });
                }
                BlockEnd::Budget(at) => {
                    *done = at;
                    return Err(limits.states_exceeded(&format!(
                        "a table of {} (whose heaps have many options)",
                        moves.name
                    )));
                }
            }
            *done = upto;
            work += out.work;
            if upto == len || upto < LONG_FROM || work >= BATCH_WORK {
                return Ok(Batch {
                    work,
                    too_wide: None,
                });
            }
        }
    }

    /// The far marks of heaps `start..start + len` when the values below `known` are
    /// known: the pairs of the rare heaps `D..known`, `D = start + len − known`, with
    /// their complements, and the rare values below the smallest common value left
    /// unmarked found among the splits of two heaps of at least `D`.
    #[allow(clippy::too_many_arguments)]
    fn far<C: Cell>(
        &self,
        moves: &Moves<'_>,
        past: &[C],
        start: usize,
        len: usize,
        known: usize,
        words: usize,
        par: bool,
        sweep: bool,
    ) -> Far {
        let mut bits = vec![0u64; len * words];
        let mut hits = vec![0u64; len * words];
        let mut ops = vec![0u64; len];
        let lo_heap = (start + len - known).min(known);
        if lo_heap < known {
            let lo = self.rare.partition_point(|&(h, _)| (h as usize) < lo_heap);
            let hi = self.rare.partition_point(|&(h, _)| (h as usize) < known);
            let rare = &self.rare[lo..hi];
            let mask = self.mask;
            // The pairs of the heaps c0..c1 (marks in `bits`, from heap c0 on).
            let pairs = |rs: &[(u32, u32)], bits: &mut [u64], c0: usize, c1: usize| {
                for &i in moves.split_after {
                    for &(h, gh) in rs {
                        let h = h as usize;
                        // The heaps m with s = m − i > h, less the equal split when it
                        // is no move.
                        let from = (h + i + 1).max(c0);
                        if from >= c1 {
                            continue;
                        }
                        let mut run = |m0: usize, m1: usize| {
                            if m0 >= m1 {
                                return;
                            }
                            let slots =
                                bits[(m0 - c0) * words..(m1 - c0) * words].chunks_exact_mut(words);
                            for (slot, gb) in slots.zip(&past[m0 - i - h..m1 - i - h]) {
                                let x = (gh ^ gb.get()) as usize;
                                slot[x >> 6] |= 1 << (x & 63);
                            }
                        };
                        let equal = 2 * h + i;
                        if moves.unequal && (from..c1).contains(&equal) {
                            run(from, equal);
                            run(equal + 1, c1);
                        } else {
                            run(from, c1);
                        }
                    }
                }
            };
            if sweep {
                sweep_splits(
                    moves, past, start, lo_heap, known, words, &mut hits, &mut ops, par,
                );
            }
            // The wanted rare values below the smallest common value left unmarked.
            let wanted = &self.wanted;
            let g = |x: usize| past[x].get();
            let search = |first: usize, chunk: &[u64], hits: &mut [u64], ops: &mut [u64]| {
                let mut need = vec![0u64; words];
                let slots = chunk.chunks_exact(words).zip(hits.chunks_exact_mut(words));
                for (j, (slot, hit)) in slots.enumerate() {
                    let m = first + j;
                    // The values to look for.
                    let mut count = 0;
                    need.fill(0);
                    let mut from = 0;
                    while let Some(v) = next_unmarked(slot, from) {
                        if !is_rare(mask, v) {
                            break;
                        }
                        let (w, bit) = (v as usize / 64, 1u64 << (v % 64));
                        if hit[w] & bit == 0 && wanted.get(w).is_some_and(|&x| x & bit != 0) {
                            need[w] |= bit;
                            count += 1;
                        }
                        from = v + 1;
                    }
                    // First a scan of the splits of two heaps of at least lo_heap, from
                    // the smaller heap lo_heap up, both read in order.
                    let mut steps = 0;
                    'scan: for &i in moves.split_after {
                        if count == 0 || i + 2 * lo_heap > m {
                            break;
                        }
                        let s = m - i;
                        let top = (s / 2).min(lo_heap + FAR_SCAN - steps);
                        for a in lo_heap..=top {
                            steps += 1;
                            let b = s - a;
                            if moves.unequal && a == b {
                                continue;
                            }
                            let x = g(a) ^ g(b);
                            let (w, bit) = (x as usize / 64, 1u64 << (x % 64));
                            hit[w] |= bit;
                            if need[w] & bit != 0 {
                                need[w] &= !bit;
                                count -= 1;
                                if count == 0 {
                                    break 'scan;
                                }
                            }
                        }
                    }
                    ops[j] += steps as u64;
                    // Then a search by value pairs for each value still needed.
                    let mut from = 0;
                    while count > 0 {
                        let Some(v) = next_marked(&need, from) else {
                            break;
                        };
                        if hit[v as usize / 64] & (1 << (v % 64)) == 0 {
                            self.by_pairs(moves, &g, m, v, hit, lo_heap, FAR_CHECKS, &mut ops[j]);
                        }
                        count -= 1;
                        from = v + 1;
                    }
                }
            };
            // Runs of heaps, each paired with every rare heap (whose complements are
            // read as a stream) and then searched, side by side when `par`: the marks
            // of a run stay in the first levels of cache.
            let sub = (len / 16).max(CHUNK);
            let task = |(k, ((bits, hits), ops)): SearchTask<'_>| {
                let c0 = start + k * sub;
                let c1 = c0 + ops.len();
                pairs(rare, bits, c0, c1);
                search(c0, bits, hits, ops);
            };
            if par {
                use rayon::prelude::*;
                bits.par_chunks_mut(sub * words)
                    .zip(hits.par_chunks_mut(sub * words))
                    .zip(ops.par_chunks_mut(sub))
                    .enumerate()
                    .for_each(task);
            } else {
                bits.chunks_mut(sub * words)
                    .zip(hits.chunks_mut(sub * words))
                    .zip(ops.chunks_mut(sub))
                    .enumerate()
                    .for_each(task);
            }
        }
        Far {
            start,
            len,
            words,
            lo_heap,
            known,
            bits,
            hits,
            ops,
        }
    }

    /// Whether a split of heap `n` reaches the value `v`, looked for among the splits
    /// `(a, s − a)` where `a ≥ min_a` is one of the first heaps of value `w ⊕ v` and `w`
    /// is a frequent value (most frequent first), marking the values seen, up to `cap`
    /// splits. `false` proves nothing.
    #[allow(clippy::too_many_arguments)]
    fn by_pairs(
        &self,
        moves: &Moves<'_>,
        g: &impl Fn(usize) -> u32,
        n: usize,
        v: u32,
        bits: &mut [u64],
        min_a: usize,
        cap: u64,
        ops: &mut u64,
    ) -> bool {
        let stop = ops.saturating_add(cap);
        for &w in &self.order {
            let u = w ^ v;
            let Some(list) = self.first.get(u as usize) else {
                continue;
            };
            for &i in moves.split_after {
                if i + 2 > n {
                    break;
                }
                let s = n - i;
                for &a in list {
                    let a = a as usize;
                    if a >= s || *ops >= stop {
                        break;
                    }
                    if a < min_a {
                        continue;
                    }
                    *ops += 1;
                    let b = s - a;
                    if moves.unequal && a == b {
                        continue;
                    }
                    let y = g(b);
                    let x = u ^ y;
                    bits[x as usize / 64] |= 1 << (x % 64);
                    if y == w {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The near pass: computes the heaps of the block `start..start + cur.len()` in
    /// order, from the far marks.
    #[allow(clippy::too_many_arguments)]
    fn near<C: Cell>(
        &self,
        moves: &Moves<'_>,
        past: &[C],
        cur: &mut [C],
        start: usize,
        mut far: Far,
        budget: u64,
    ) -> NearOut {
        let words = far.words;
        let range = words * 64;
        // The far pass paired the rare heaps lo_heap..known; this pass pairs the others.
        let lo = self
            .rare
            .partition_point(|&(h, _)| (h as usize) < far.lo_heap);
        let hi = self
            .rare
            .partition_point(|&(h, _)| (h as usize) < far.known);
        // The rare heaps this pass pairs: the small ones (below lo_heap), whose
        // complements are read from a window of the values near the block, and the
        // late ones (from known on, with those it finds), ascending.
        let small: Vec<(usize, u32)> = self.rare[..lo]
            .iter()
            .map(|&(h, g)| (h as usize, g))
            .collect();
        let (small_h, small_g): (Vec<usize>, Vec<u32>) = small.iter().copied().unzip();
        let mut late: Vec<(u32, u32)> = self.rare[hi..].to_vec();
        let small_max = small.last().map_or(0, |&(h, _)| h);
        let max_i = moves.split_after.last().copied().unwrap_or(0);
        let max_leave = moves.leave_one.last().copied().unwrap_or(0);
        // The window: the values of heaps w0.. (every complement of a small rare heap),
        // as u32, those of the block appended as they are computed.
        let w0 = start.saturating_sub((max_i + small_max).max(max_leave));
        let mut win: Vec<u32> = Vec::with_capacity(start - w0 + cur.len());
        win.extend(past[w0..].iter().map(|c| c.get()));
        // From this heap on, every small rare heap h is below every sum s of a split
        // and differs from its complement s − h.
        let clear = max_i + 2 * small_max + 1;
        let last_rare = self.rare.last().map_or(0, |&(h, _)| h as usize);
        // The ring of the small rare heaps' pair marks by sum of a split (one word of
        // values), for the sums from `cached_from` on.
        let min_i = moves.split_after.first().copied().unwrap_or(0);
        let ring_mask = (max_i - min_i + 1).next_power_of_two() - 1;
        let mut ring = vec![0u64; ring_mask + 1];
        let mut cached_from: Option<usize> = None;
        let mut found: Vec<(u32, u32)> = Vec::new();
        let mut work = 0u64;
        let mask = self.mask;
        let rare_bits: Vec<u64> = (0..words)
            .map(|w| {
                (0..64)
                    .filter(|&j| is_rare(mask, (w * 64 + j) as u32))
                    .fold(0, |acc, j| acc | 1 << j)
            })
            .collect();
        let mut wanted = vec![0u64; words];
        let mut marks = vec![0u64; words];
        let mut search = 0u64;
        let out = |end, found, work, wanted, search| NearOut {
            end,
            found,
            work,
            wanted,
            search,
        };
        for k in 0..cur.len() {
            let n = start + k;
            let g = |x: usize| -> u32 {
                if x < start {
                    past[x].get()
                } else {
                    cur[x - start].get()
                }
            };
            let bits = &mut far.bits[k * words..(k + 1) * words];
            let mut ops = 1 + far.ops[k];
            if words == 1 && n >= clear && late.is_empty() {
                // The same marks as below, in registers: one word of values, every
                // move's heaps in the window.
                let mut acc = bits[0] | u64::from(moves.vanishes(n));
                for &i in moves.leave_one {
                    if i >= n {
                        break;
                    }
                    acc |= 1 << (win[n - i - w0] & 63);
                    ops += 1;
                }
                // The pairs of sum s are the same for every heap s + i: each sum's
                // marks are computed once, at heap s + min(i), and kept in a ring.
                if !moves.split_after.is_empty() {
                    let own = narrow_pairs(&small_h, &small_g, &win, n - min_i - w0);
                    ring[(n - min_i) & ring_mask] = own;
                    cached_from.get_or_insert(n - min_i);
                }
                for &i in moves.split_after {
                    let s = n - i;
                    ops += if last_rare < s {
                        self.rare.len()
                    } else {
                        self.rare.partition_point(|&(h, _)| (h as usize) < s)
                    } as u64;
                    acc |= match cached_from {
                        Some(c) if s >= c => ring[s & ring_mask],
                        _ => narrow_pairs(&small_h, &small_g, &win, s - w0),
                    };
                }
                bits[0] = acc;
            } else {
                cached_from = None;
                if moves.vanishes(n) {
                    bits[0] |= 1;
                }
                for &i in moves.leave_one {
                    if i >= n {
                        break;
                    }
                    let x = g(n - i) as usize;
                    bits[x / 64] |= 1 << (x % 64);
                    ops += 1;
                }
                for &i in moves.split_after {
                    if i + 2 > n {
                        break;
                    }
                    let s = n - i;
                    // Every pair of a rare heap below s, whichever pass looks at it.
                    ops += if last_rare < s {
                        self.rare.len()
                    } else {
                        self.rare.partition_point(|&(h, _)| (h as usize) < s)
                    } as u64;
                    ops += found.partition_point(|&(h, _)| (h as usize) < s) as u64;
                    // The small rare heaps' pairs, from the window.
                    let base = s - w0;
                    if n >= clear && words == 1 {
                        let mut acc = bits[0];
                        for &(h, gh) in &small {
                            acc |= 1 << ((gh ^ win[base - h]) & 63);
                        }
                        bits[0] = acc;
                    } else if n >= clear {
                        for &(h, gh) in &small {
                            let x = (gh ^ win[base - h]) as usize;
                            bits[x >> 6] |= 1 << (x & 63);
                        }
                    } else {
                        for &(h, gh) in &small {
                            if h >= s {
                                break;
                            }
                            if moves.unequal && 2 * h == s {
                                continue;
                            }
                            let x = (gh ^ g(s - h)) as usize;
                            bits[x >> 6] |= 1 << (x & 63);
                        }
                    }
                    // The late ones.
                    for &(h, gh) in &late {
                        let h = h as usize;
                        if h >= s {
                            break;
                        }
                        let b = s - h;
                        if moves.unequal && b == h {
                            continue;
                        }
                        let x = (gh ^ g(b)) as usize;
                        bits[x >> 6] |= 1 << (x & 63);
                    }
                }
            }
            // The mex: a common value left unmarked is final; a rare one must be shown
            // reachable by a split of two common heaps, or not.
            let hits = &far.hits[k * words..(k + 1) * words];
            for ((m, b), h) in marks.iter_mut().zip(bits.iter()).zip(hits) {
                *m = b | h;
            }
            let bits = &mut marks[..];
            let mut at = (0usize, 0usize);
            let mut from = 0;
            let before = ops;
            let v = loop {
                let Some(v) = next_unmarked(bits, from) else {
                    break range as u32;
                };
                if !is_rare(mask, v) {
                    break v;
                }
                let reached = scan(moves, &g, n, v, bits, &mut at, SCAN_STEPS, &mut ops)
                    || self.by_pairs(moves, &g, n, v, bits, 0, u64::MAX, &mut ops)
                    || scan(moves, &g, n, v, bits, &mut at, usize::MAX, &mut ops);
                if !reached {
                    break v;
                }
                from = v + 1;
            };
            search += ops - before;
            // The rare values below v not reached by a rare heap's pair.
            let pairs = &far.bits[k * words..(k + 1) * words];
            for (w, (want, (p, r))) in wanted
                .iter_mut()
                .zip(pairs.iter().zip(&rare_bits))
                .enumerate()
            {
                let below = match (v as usize).checked_sub(w * 64) {
                    Some(d) if d >= 64 => !0,
                    Some(d) => (1u64 << d) - 1,
                    None => 0,
                };
                *want |= !p & r & below;
            }
            if self.work.saturating_add(work).saturating_add(ops) > budget {
                return out(BlockEnd::Budget(n), found, work, wanted, search);
            }
            work += ops;
            if n >= 1 && is_rare(mask, v) {
                found.push((n as u32, v));
                late.push((n as u32, v));
            }
            match C::new(v) {
                None => return out(BlockEnd::TooWide(n, v), found, work, wanted, search),
                Some(c) => cur[k] = c,
            }
            win.push(v);
            if v as usize >= range {
                return out(BlockEnd::Grow(n), found, work, wanted, search);
            }
        }
        out(BlockEnd::Full, found, work, wanted, search)
    }
}

/// The marks (one word of values) of the splits `(h, s − h)` of the small rare heaps
/// `hs` of values `gs`, where `win[top − h]` is the value of heap `s − h` (`h ≥ 1`, so
/// heap `s` itself need not be known). Four independent words, so that the marks do
/// not wait on each other.
#[inline(always)]
fn narrow_pairs(hs: &[usize], gs: &[u32], win: &[u32], top: usize) -> u64 {
    let mark = |h: usize, g: u32| 1u64 << ((g ^ win[top - h]) & 63);
    let mut acc = [0u64; 4];
    let mut quads = hs.chunks_exact(4).zip(gs.chunks_exact(4));
    for (h, g) in &mut quads {
        acc[0] |= mark(h[0], g[0]);
        acc[1] |= mark(h[1], g[1]);
        acc[2] |= mark(h[2], g[2]);
        acc[3] |= mark(h[3], g[3]);
    }
    let rest = hs.len() / 4 * 4;
    for (&h, &g) in hs[rest..].iter().zip(&gs[rest..]) {
        acc[0] |= mark(h, g);
    }
    acc[0] | acc[1] | acc[2] | acc[3]
}

/// The smallest value from `from` on not marked in `bits`, if any.
#[inline]
fn next_unmarked(bits: &[u64], from: u32) -> Option<u32> {
    let mut w = from as usize / 64;
    if w >= bits.len() {
        return None;
    }
    let mut word = !bits[w] & (!0u64 << (from % 64));
    loop {
        if word != 0 {
            return Some((w * 64) as u32 + word.trailing_zeros());
        }
        w += 1;
        if w == bits.len() {
            return None;
        }
        word = !bits[w];
    }
}

/// The smallest value from `from` on marked in `bits`, if any.
#[inline]
fn next_marked(bits: &[u64], from: u32) -> Option<u32> {
    let mut w = from as usize / 64;
    if w >= bits.len() {
        return None;
    }
    let mut word = bits[w] & (!0u64 << (from % 64));
    loop {
        if word != 0 {
            return Some((w * 64) as u32 + word.trailing_zeros());
        }
        w += 1;
        if w == bits.len() {
            return None;
        }
        word = bits[w];
    }
}

/// Looks at up to `limit` more splits `(a, s − a)` of heap `n`, `a` ascending from
/// where `at` says the last look stopped, marking their values, until `v` is marked;
/// `false` when they did not reach `v` (a proof when every split has been looked at).
#[allow(clippy::too_many_arguments)]
fn scan(
    moves: &Moves<'_>,
    g: &impl Fn(usize) -> u32,
    n: usize,
    v: u32,
    bits: &mut [u64],
    at: &mut (usize, usize),
    limit: usize,
    ops: &mut u64,
) -> bool {
    let mut steps = 0;
    while let Some(&i) = moves.split_after.get(at.0) {
        if i + 2 > n {
            return false;
        }
        let s = n - i;
        let half = s / 2;
        while at.1 < half {
            if steps == limit {
                return false;
            }
            steps += 1;
            let a = at.1 + 1;
            at.1 += 1;
            *ops += 1;
            let b = s - a;
            if moves.unequal && a == b {
                continue;
            }
            let x = g(a) ^ g(b);
            bits[x as usize / 64] |= 1 << (x % 64);
            if x == v {
                return true;
            }
        }
        *at = (at.0 + 1, 0);
    }
    false
}

/// The Walsh–Hadamard transform of `w` in place (its length a power of two): with `w`
/// the histogram of the values of `N` heaps, `w[m]` becomes
/// `Σ_v count(v)·(−1)^popcount(v & m)`, so that mask `m` makes `(N + w[m]) / 2` heaps
/// rare (values with `popcount(v & m)` even) — every mask's count in `O(V log V)`.
///
/// ```
/// use sprague_engine::impartial::sparse::walsh_hadamard;
/// // Values 0, 1, 1, 3: mask 1 makes the heaps of values 0 (one heap) rare, mask 2
/// // those of 0 and 1 (three), mask 3 those of 0 and 3 (two).
/// let mut w = vec![1, 2, 0, 1];
/// walsh_hadamard(&mut w);
/// let rare: Vec<i64> = w.iter().map(|&x| (4 + x) / 2).collect();
/// assert_eq!(&rare[1..], &[1, 3, 2]);
/// ```
pub fn walsh_hadamard(w: &mut [i64]) {
    let mut half = 1;
    while half < w.len() {
        for block in w.chunks_mut(2 * half) {
            let (lo, hi) = block.split_at_mut(half);
            for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
                let (a, b) = (*x, *y);
                *x = a + b;
                *y = a - b;
            }
        }
        half *= 2;
    }
}

/// Fewest rare heaps beyond the near pass (twice the block length) for which a block
/// is shared between threads.
const MIN_FAR_RARE: usize = 32;

/// Runs `f` on `pool`'s threads, or here.
fn run_in<R: Send>(pool: Option<&rayon::ThreadPool>, f: impl FnOnce() -> R + Send) -> R {
    match pool {
        Some(p) => p.install(f),
        None => f(),
    }
}

/// Runs `a` and `b`, side by side when `par`.
fn join<A: Send, B: Send>(
    par: bool,
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    if par { rayon::join(a, b) } else { (a(), b()) }
}

/// Splits looked at by the far pass's sweep for each sum `s` of two heaps
/// ([`sweep_splits`]).
const SWEEP: usize = 64;

/// The far pass's sweep, for games whose rare heaps are all below the far pass (so that
/// it has no pairs of its own to look at): marks in `hits` (`words` words a heap of the
/// block `start..start + len`) the values of the splits `(a, s − a)` of every heap of the
/// block, `a` among the [`SWEEP`] heaps from `lo_heap` and `a ≤ s − a`, which are
/// below `known` when `lo_heap = start + len − known` (`s − a ≤ s − lo_heap < known`).
/// These are the splits of two common heaps that settle most rare values below a
/// heap's value, looked for here instead of one by one in the near pass. Each sum `s`
/// is swept once for all the heaps `s + i` that split it, its work counted for the
/// heap `s + min(i)` (or the block's first).
#[allow(clippy::too_many_arguments)]
fn sweep_splits<C: Cell>(
    moves: &Moves<'_>,
    past: &[C],
    start: usize,
    lo_heap: usize,
    known: usize,
    words: usize,
    hits: &mut [u64],
    ops: &mut [u64],
    par: bool,
) {
    let len = ops.len();
    let (Some(&min_i), Some(&max_i)) = (moves.split_after.first(), moves.split_after.last()) else {
        return;
    };
    // The sums s0..s1 split by some heap of the block, each swept into `reach`.
    let s1 = (start + len).saturating_sub(min_i);
    let s0 = start.saturating_sub(max_i).min(s1);
    // The heaps a of the sweep of sum s: lo_heap..hi(s).
    let hi = |s: usize| {
        // a < half_end ⇔ a ≤ s − a (a < s − a when the two heaps must differ).
        let half_end = if moves.unequal {
            s.div_ceil(2)
        } else {
            s / 2 + 1
        };
        (lo_heap + SWEEP).min(known).min(half_end)
    };
    let sweep = |s: usize, r: &mut [u64]| {
        let hi = hi(s);
        if hi <= lo_heap {
            return;
        }
        let small = &past[lo_heap..hi];
        let large = past[s + 1 - hi..=s - lo_heap].iter().rev();
        if words == 1 {
            // Four independent words, so that the marks do not wait on each other.
            let large = &past[s + 1 - hi..=s - lo_heap];
            let mut acc = [0u64; 4];
            let mut quads = small.chunks_exact(4).zip(large.rchunks_exact(4));
            for (x, y) in &mut quads {
                acc[0] |= 1 << ((x[0].get() ^ y[3].get()) & 63);
                acc[1] |= 1 << ((x[1].get() ^ y[2].get()) & 63);
                acc[2] |= 1 << ((x[2].get() ^ y[1].get()) & 63);
                acc[3] |= 1 << ((x[3].get() ^ y[0].get()) & 63);
            }
            let done = small.len() / 4 * 4;
            for (x, y) in small[done..]
                .iter()
                .zip(large[..large.len() - done].iter().rev())
            {
                acc[0] |= 1 << ((x.get() ^ y.get()) & 63);
            }
            r[0] = acc[0] | acc[1] | acc[2] | acc[3];
        } else {
            for (x, y) in small.iter().zip(large) {
                let v = (x.get() ^ y.get()) as usize;
                r[v >> 6] |= 1 << (v & 63);
            }
        }
    };
    let mut reach = vec![0u64; (s1 - s0) * words];
    if par && s1 - s0 > SWEEP_CHUNK {
        // Pieces of the sums, so that a thread done with its own pass takes some.
        use rayon::prelude::*;
        reach
            .par_chunks_mut(SWEEP_CHUNK * words)
            .enumerate()
            .for_each(|(c, rs)| {
                for (j, r) in rs.chunks_exact_mut(words).enumerate() {
                    sweep(s0 + c * SWEEP_CHUNK + j, r);
                }
            });
    } else {
        for (s, r) in (s0..s1).zip(reach.chunks_exact_mut(words)) {
            sweep(s, r);
        }
    }
    for s in s0..s1 {
        let k = (s + min_i).saturating_sub(start).min(len - 1);
        ops[k] += hi(s).saturating_sub(lo_heap) as u64;
    }
    for (k, hit) in hits.chunks_exact_mut(words).enumerate() {
        let m = start + k;
        for &i in moves.split_after {
            if i + 2 > m || m - i < s0 {
                continue;
            }
            let r = &reach[(m - i - s0) * words..(m - i - s0 + 1) * words];
            for (h, x) in hit.iter_mut().zip(r) {
                *h |= x;
            }
        }
    }
}

/// Sums of a split per task when the sweep is shared between threads.
const SWEEP_CHUNK: usize = 256;

/// A moment, as wall time and the calling thread's CPU time (nanoseconds), when
/// tracing.
#[derive(Clone, Copy)]
struct Stamp(Option<(std::time::Instant, u64)>);

/// The calling thread's CPU time in nanoseconds (for traces).
pub(crate) fn thread_cpu() -> u64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given, which lives here.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    (t.tv_sec as u64).saturating_mul(1_000_000_000) + t.tv_nsec as u64
}

impl Stamp {
    fn now(on: bool) -> Stamp {
        Stamp(on.then(|| (std::time::Instant::now(), thread_cpu())))
    }

    /// Wall and thread CPU nanoseconds since `self`.
    fn elapsed(self) -> (u64, u64) {
        match self.0 {
            Some((w, c)) => (
                w.elapsed().as_nanos() as u64,
                thread_cpu().saturating_sub(c),
            ),
            None => (0, 0),
        }
    }
}

/// Per-phase times and counts of a table's blocks, written to standard error at
/// every doubling of the table when the environment variable `SPRAGUE_SPARSE_TRACE`
/// is set (a diagnostic of the engine's speed; it changes nothing computed).
#[derive(Default)]
struct Trace {
    on: bool,
    /// The table length of the next line.
    next: usize,
    blocks: u64,
    /// Wall time of the blocks (near and next far side by side).
    wall: u64,
    /// Near pass: wall, thread CPU.
    near: (u64, u64),
    /// Far pass of the next block: wall, CPU of the thread that started it.
    far: (u64, u64),
    work: u64,
    search: u64,
}

impl Trace {
    fn new(n: usize) -> Trace {
        Trace {
            on: std::env::var_os("SPRAGUE_SPARSE_TRACE").is_some(),
            next: (n + 1).next_power_of_two(),
            blocks: 0,
            wall: 0,
            near: (0, 0),
            far: (0, 0),
            work: 0,
            search: 0,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn block(
        &mut self,
        upto: usize,
        wall: (u64, u64),
        near: (u64, u64),
        far: (u64, u64),
        out: &NearOut,
        words: usize,
        b: usize,
        (rare, far_rare): (usize, usize),
    ) {
        self.blocks += 1;
        self.wall += wall.0;
        self.near.0 += near.0;
        self.near.1 += near.1;
        self.far.0 += far.0;
        self.far.1 += far.1;
        self.work += out.work;
        self.search += out.search;
        if upto >= self.next {
            let ms = |x: u64| x / 1_000_000;
            let _ = std::io::Write::write_fmt(
                &mut std::io::stderr(),
                format_args!(
                    "sparse trace: heaps {upto}: {} blocks of {b}, {words} words, {} rare ({} far), \
                 wall {} ms, near {} ms wall {} ms cpu, far {} ms wall {} ms cpu, \
                 work {}, near search {}\n",
                    self.blocks,
                    rare,
                    far_rare,
                    ms(self.wall),
                    ms(self.near.0),
                    ms(self.near.1),
                    ms(self.far.0),
                    ms(self.far.1),
                    self.work,
                    self.search
                ),
            );
            *self = Trace::new(upto);
            self.on = true;
        }
    }
}
