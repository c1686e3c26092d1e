//! Heap games: a position is one heap, a move replaces it by zero or more smaller
//! heaps (a subtraction takes stones, a split leaves two heaps). Values are kept in a
//! table indexed by heap size, extended on demand, and once a period is proved the
//! table answers heaps of any size.
//!
//! The table holds its values in two bytes each while they fit, four from the first
//! that does not ([`ValueStore`]); its memory, and that of the family's own
//! structures ([`HeapRules::memory_needed`]), is checked against `--max-memory`
//! before it is taken.

use super::cell::{Cell, Extended};
use super::family::{Family, MAX_LISTED_MOVES, Move, MoveSink, Pos, heaps_after};
use super::mex::Mex;
use super::period::{self, OctalAttempt, Period};
use super::position::Values;
use super::sparse::thread_cpu;
use super::store::{ValueSlice, ValueStore};
use super::watch::{Poll, TableHalt, TableWatch, Unwatched};
use smallvec::SmallVec;
use sprague_core::nat::Nat;
use sprague_core::{Bound, Limits, SolveError, StopPoll};
use std::cell::{Ref, RefCell};
use std::fmt::Write;

/// One move of a heap game: the heaps left in place of the heap moved from.
pub type HeapOption = SmallVec<[Nat; 2]>;

/// Which theorem, if any, proves a period seen in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeriodProof {
    /// No theorem applies: periods found are reported unproved.
    None,
    /// A finite subtraction set with largest element `max_move`: a window of
    /// `max_move` values repeated after the preperiod proves the period.
    Subtraction {
        /// max(S).
        max_move: usize,
    },
    /// A take-and-break game whose last non-zero code digit has index `last_digit`
    /// and whose moves leave at most `heaps` heaps: 2 for octal games (Guy–Smith
    /// periodicity theorem), 3 for hexadecimal ones (the same theorem over a longer
    /// range, [`period::prove_take_break`]).
    Octal {
        /// t, the index of the last non-zero digit.
        last_digit: usize,
        /// The most heaps a move leaves (at least 2 in the theorem's range).
        heaps: usize,
    },
}

/// The rules of a heap game, stated once by each family.
pub trait HeapRules {
    /// The family with its parameters, e.g. `sub[1,3,4]`.
    fn name(&self) -> String;

    /// Pushes every option of a heap of `n` (each a list of smaller heaps).
    fn options(&self, n: &Nat, out: &mut Vec<HeapOption>);

    /// The move from `n` to `option` in words, e.g. "take 2 from the heap of 5".
    fn describe(&self, n: &Nat, option: &HeapOption) -> String;

    /// The value of heap `n` by a closed form, if the family has one.
    fn closed_form(&self, _n: &Nat) -> Option<Nat> {
        None
    }

    /// The period of the closed form, when it is periodic (proved by the formula).
    fn closed_form_period(&self) -> Option<Period> {
        None
    }

    /// The reason behind the closed form, e.g. "a Nim heap's value is its size".
    fn closed_form_reason(&self, _n: &Nat) -> Option<String> {
        None
    }

    /// The options of `n` whose value is `target` (at least `cap + 1` of them when
    /// that many exist), when the family can list them directly: needed where options
    /// are too many to enumerate, as for huge heaps.
    fn options_with_value(&self, _n: &Nat, _target: &Nat, _cap: usize) -> Option<Vec<HeapOption>> {
        None
    }

    /// The theorem proving periods of this family.
    fn period_proof(&self) -> PeriodProof {
        PeriodProof::None
    }

    /// The number of options of a heap of `n`, exactly as [`HeapRules::options`] lists
    /// them, by a rule that holds at any size (without listing them); `None` (the
    /// default) when the family has no such rule.
    fn option_count(&self, _n: &Nat) -> Option<Nat> {
        None
    }

    /// Whether this is plain Nim (so that misère play has a closed form).
    fn is_nim(&self) -> bool {
        false
    }

    /// A move typed in the family's own words on a heap of `n`, as
    /// [`Family::read_move`] reads it: `None` when the words are not the family's,
    /// else the heap after the move or why it is none. The default: no words.
    fn read_move(&self, _n: &Nat, _words: &[&str]) -> Option<Result<Nat, String>> {
        None
    }

    /// One line of help for the words of [`HeapRules::read_move`] (the default: none).
    fn move_words(&self) -> Option<&'static str> {
        None
    }

    /// Extends `values` (the values of heaps `0..values.len()`, two or four bytes each)
    /// to heaps `0..len` by a family-specific algorithm that counts its own work
    /// against `limits`; `None` (the default) uses the generic mex over
    /// [`HeapRules::options`]. An algorithm that takes long tells `poll` of each heap
    /// it adds ([`Poll::heap_done`]) and, when that returns `false`, returns
    /// `Ok(Extended::Done)` at once with fewer than `len` values. When the value of the
    /// next heap does not fit in `C`, it returns `Ok(Extended::TooWide(v))` without
    /// pushing it: the table widens to four bytes, pushes `v` and calls again.
    fn extend_values<C: Cell>(
        &self,
        _values: &mut Vec<C>,
        _len: usize,
        _limits: &Limits,
        _poll: &mut Poll<'_>,
    ) -> Option<Result<Extended, SolveError>> {
        None
    }

    /// Bytes the family's own structures need, besides the values, while
    /// [`HeapRules::extend_values`] fills a table of `len` heaps (the default: none).
    /// Runs are refused before they start when the values and these exceed
    /// `--max-memory`. Work done to foresee them stops at the stop signal of
    /// `limits` (the answer is then a guess: the run that follows stops too).
    fn memory_needed(&self, _len: usize, _limits: &Limits) -> u64 {
        0
    }

    /// What [`HeapRules::memory_needed`] is for, in a few words ("the rare/common
    /// structures"), as the estimate of a run names it.
    fn memory_use(&self) -> &'static str {
        "the algorithm's structures"
    }

    /// A bound on the value of a heap of `n`, such as its number of options (a mex
    /// of k values is at most k): values read from a checkpoint above it are
    /// rejected. The default, `u64::MAX`, bounds nothing; families whose tables keep
    /// arrays indexed by value must give one.
    fn value_bound(&self, _n: usize) -> u64 {
        u64::MAX
    }

    /// Whether a move to one smaller heap (or to nothing) takes stones from the heap,
    /// as in Nim (the default); `false` where the rules replace the heap by another
    /// (a divisor, a split with an empty part).
    fn takes_stones(&self) -> bool {
        true
    }
}

/// The move from a heap of `n` to `option`: the heaps it leaves, the words of the rules
/// (when `words`), and the stones taken when the move leaves one heap and the rules
/// take stones.
pub(crate) fn heap_move<R: HeapRules + ?Sized>(
    rules: &R,
    n: &Nat,
    option: &HeapOption,
    words: bool,
) -> Move {
    let text = if words {
        rules.describe(n, option)
    } else {
        String::new()
    };
    let m = Move::new(heaps_after(option), text);
    if !rules.takes_stones() {
        return m;
    }
    let left = match option.as_slice() {
        [] => Nat::ZERO,
        [h] => h.clone(),
        _ => return m,
    };
    match n.checked_sub(&left) {
        Some(k) if !k.is_zero() => m.with_take(k),
        _ => m,
    }
}

/// Values of a heap game for heaps `0..len`, with the proved period once known.
///
/// Values saved by an earlier computation ([`HeapTable::resume`]) are taken in as the
/// table grows, exactly where it would have computed them, so that periods are looked
/// for at the same lengths and the results are the same as without them.
#[derive(Default, Debug)]
pub struct HeapTable {
    /// The values known, two bytes each while they fit: heaps `0..len` are the table,
    /// the rest were loaded and not reached yet.
    known: ValueStore,
    len: usize,
    proved: Option<Period>,
    /// Where the last failed proof attempt said a proof may succeed, if anywhere.
    retry_at: Option<usize>,
    /// The table length, theorem and answer of the last failed proof attempt: an
    /// attempt (a pass over the table) is not made twice on the same values.
    failed: Option<(usize, PeriodProof, Option<usize>)>,
    mex: Mex,
    options: Vec<HeapOption>,
    /// Options examined so far, bounded by [`OPTIONS_PER_STATE`] × `--max-states`.
    work: u64,
}

/// Heaps below this size are valued from the table itself, never from a proved period
/// (see [`HeapFamily::value`]): a few thousand heaps cost milliseconds.
pub const DIRECT_HEAPS: usize = 1 << 12;

/// Average number of options per heap that the state bound allows a table to examine,
/// so that games with very many options per heap stop at the bound instead of running
/// for hours.
pub const OPTIONS_PER_STATE: u64 = 8;

/// Steps a table accumulates before charging them to the command's work budget
/// ([`Limits::charge_work`]): about a millisecond of work.
const WORK_BATCH: u64 = 1 << 16;

/// Options the check of loaded values may examine: every heap is checked while the
/// total stays within it (cheap for subtraction games at any length, for octal games
/// up to about 2 800 heaps); beyond, a sample is.
pub(crate) const CHECK_OPTIONS: u64 = 2_000_000;

/// Heaps of the sample checked beyond [`CHECK_OPTIONS`]: the last ones, evenly spaced
/// ones and pseudo-random ones, this many of each.
const CHECK_SAMPLE: usize = 16;

/// Why loaded values were not adopted ([`TableFamily::resume_unvouched`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResumeError {
    /// A value cannot be right: which heap, and why.
    Wrong(String),
    /// Re-deriving every value would take more work than allowed.
    TooCostly {
        /// The values loaded.
        heaps: usize,
        /// The heaps checked before the work ran out.
        checked: usize,
    },
    /// The family cannot re-derive its values one by one from smaller heaps.
    Unchecked,
    /// The stop signal was raised during the check.
    Stopped,
}

impl std::fmt::Display for ResumeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResumeError::Wrong(m) => f.write_str(m),
            ResumeError::TooCostly { heaps, checked } => write!(
                f,
                "re-deriving all {heaps} values takes more work than allowed ({checked} checked)"
            ),
            ResumeError::Unchecked => f.write_str("its values cannot be re-derived one by one"),
            ResumeError::Stopped => f.write_str("stopped"),
        }
    }
}

/// How far [`check_values`] goes.
#[derive(Clone, Copy)]
enum Reach<'a> {
    /// Every heap while the options examined stay within [`CHECK_OPTIONS`], then a
    /// sample; a heap the check cannot value is passed over.
    Sample,
    /// Every heap, within `max_work` options, polling `stop`; a heap the check cannot
    /// value is [`ResumeError::Unchecked`].
    Every {
        max_work: u64,
        stop: &'a dyn Fn() -> bool,
    },
}

/// Options examined between two looks at the stop signal of [`Reach::Every`].
const CHECK_POLL: u64 = 1 << 16;

/// Re-derives loaded values from the rules (the closed form where there is one, else
/// the mex of the options' values, each option's value the XOR of its heaps'), for
/// heaps from `from` on, as far as `reach` says. The first wrong one found is
/// [`ResumeError::Wrong`], naming the heap, the value loaded and the rules' value.
fn check_values<R: HeapRules + ?Sized>(
    rules: &R,
    values: ValueSlice<'_>,
    from: usize,
    reach: Reach<'_>,
) -> Result<(), ResumeError> {
    let len = values.len();
    let mut options = Vec::new();
    let mut seen: Vec<bool> = Vec::new();
    let mut spent = 0u64;
    let mut check = |n: usize, spent: &mut u64| -> Option<Option<u32>> {
        // A closed form, where the rules have one, is the value (and some families
        // list the options of small heaps only).
        if let Some(v) = rules.closed_form(&Nat::from(n)) {
            *spent += 1;
            let v = v
                .to_u64()
                .and_then(|v| u32::try_from(v).ok())
                .unwrap_or(u32::MAX);
            return Some((v != values.get(n)).then_some(v));
        }
        options.clear();
        rules.options(&Nat::from(n), &mut options);
        *spent += options.len() as u64 + 1;
        seen.clear();
        seen.resize(options.len() + 1, false);
        for o in &options {
            let mut x = 0u32;
            for h in o {
                match h.to_usize() {
                    Some(i) if i < n => x ^= values.get(i),
                    // An option this check cannot value from smaller heaps.
                    _ => return None,
                }
            }
            if let Some(slot) = seen.get_mut(x as usize) {
                *slot = true;
            }
        }
        let mex = seen.iter().position(|&b| !b).unwrap_or(seen.len()) as u32;
        Some((mex != values.get(n)).then_some(mex))
    };
    let wrong = |n: usize, right: u32| {
        ResumeError::Wrong(format!(
            "heap {n} has the value {}, but the rules give {right}",
            values.get(n)
        ))
    };
    let mut n = from;
    if let Reach::Every { max_work, stop } = reach {
        let mut poll = CHECK_POLL;
        while n < len {
            if spent > max_work {
                return Err(ResumeError::TooCostly {
                    heaps: len,
                    checked: n,
                });
            }
            if spent >= poll {
                if stop() {
                    return Err(ResumeError::Stopped);
                }
                poll = spent + CHECK_POLL;
            }
            match check(n, &mut spent) {
                Some(Some(right)) => return Err(wrong(n, right)),
                Some(None) => {}
                None => return Err(ResumeError::Unchecked),
            }
            n += 1;
        }
        return Ok(());
    }
    while n < len && spent <= CHECK_OPTIONS {
        if let Some(Some(right)) = check(n, &mut spent) {
            return Err(wrong(n, right));
        }
        n += 1;
    }
    if n >= len {
        return Ok(());
    }
    // A sample of the rest: the last heaps, evenly spaced ones, and pseudo-random ones
    // (a linear congruential sequence seeded by the length).
    let rest = len - n;
    let mut sample: Vec<usize> = (0..CHECK_SAMPLE)
        .flat_map(|k| [len - 1 - k % rest, n + k * rest / CHECK_SAMPLE])
        .collect();
    let mut x = len as u64 ^ 0x9e37_79b9_7f4a_7c15;
    for _ in 0..CHECK_SAMPLE {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        sample.push(n + (x >> 33) as usize % rest);
    }
    sample.sort_unstable();
    sample.dedup();
    for k in sample {
        if let Some(Some(right)) = check(k, &mut spent) {
            return Err(wrong(k, right));
        }
    }
    Ok(())
}

/// A computed table slice with its periodicity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableReport {
    /// The values for heaps `from..=to`.
    pub values: Vec<Nat>,
    /// The eventual period seen, and whether a theorem proves it.
    pub period: Option<(Period, bool)>,
}

/// What a table run may need before it starts: the heaps it may compute and their
/// memory (see [`TableFamily::estimate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Estimate {
    /// Heaps the table may hold at most (0 when a closed form gives every value).
    pub heaps: usize,
    /// Bytes per value: 2 while every value fits in 16 bits (4 once one does not).
    pub width: usize,
    /// Bytes of the values.
    pub value_bytes: u64,
    /// Bytes of the family's own structures ([`HeapRules::memory_needed`]).
    pub other_bytes: u64,
    /// What the family's own structures are, in a few words.
    pub other_use: &'static str,
}

impl Estimate {
    /// All the bytes.
    pub fn bytes(&self) -> u64 {
        self.value_bytes.saturating_add(self.other_bytes)
    }
}

/// Bytes of a table of `len` heaps at `width` bytes a value, with the family's own
/// structures.
fn bytes_for<R: HeapRules + ?Sized>(rules: &R, len: usize, width: usize, limits: &Limits) -> u64 {
    (len as u64)
        .saturating_mul(width as u64)
        .saturating_add(rules.memory_needed(len, limits))
}

/// The most heaps in `at_least..=at_most` whose table at `width` bytes a value fits in
/// `limits.max_memory` (`at_least` if even that does not).
fn heaps_that_fit<R: HeapRules + ?Sized>(
    rules: &R,
    width: usize,
    at_least: usize,
    at_most: usize,
    limits: &Limits,
) -> usize {
    let fits = |len: usize| bytes_for(rules, len, width, limits) <= limits.max_memory;
    if fits(at_most) || !fits(at_least) {
        return if fits(at_most) { at_most } else { at_least };
    }
    // fits(lo) and not fits(hi).
    let (mut lo, mut hi) = (at_least, at_most);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The proved period, if any, of `values` under `proof`.
/// The proved period, if any, of `values` under `proof`; otherwise the table length
/// at which a proof may next succeed, when the values hint at one.
fn prove<C: Cell>(values: &[C], proof: PeriodProof) -> Result<Period, Option<usize>> {
    match proof {
        PeriodProof::None => Err(None),
        PeriodProof::Subtraction { max_move } => {
            period::find_subtraction_period(values, max_move).ok_or(None)
        }
        PeriodProof::Octal { last_digit, heaps } => {
            match period::octal_attempt(values, last_digit, heaps) {
                OctalAttempt::Proved(p) => Ok(p),
                OctalAttempt::NotYet(retry) => Err(retry),
            }
        }
    }
}

/// The period the values show (unproved), if any.
pub fn detect(values: ValueSlice<'_>) -> Option<Period> {
    match values {
        ValueSlice::U16(v) => period::detect(v),
        ValueSlice::U32(v) => period::detect(v),
    }
}

impl HeapTable {
    /// The values computed so far (heaps `0..len`), at the width they are kept in.
    pub fn values(&self) -> ValueSlice<'_> {
        self.known.slice().prefix(self.len)
    }

    /// Every value known: the table's, then those loaded by [`HeapTable::resume`] that
    /// the table has not reached yet. This is what a checkpoint keeps.
    pub fn known(&self) -> &ValueStore {
        &self.known
    }

    /// Adopts `values`, the values of heaps `0..values.len()` of the same rules saved by
    /// an earlier computation. Values the table already knows must agree, and each
    /// must be within [`HeapRules::value_bound`]; the others are re-derived from the
    /// rules in full while that is cheap, then on a sample. Otherwise nothing changes
    /// and the error says which heap is wrong.
    pub fn resume<R: HeapRules + ?Sized>(
        &mut self,
        rules: &R,
        values: ValueStore,
    ) -> Result<(), String> {
        self.resume_with(rules, values, Reach::Sample)
            .map_err(|e| e.to_string())
    }

    /// [`HeapTable::resume`] for values nothing vouches for: every one is re-derived
    /// from the rules, within `max_work` options examined, `stop` polled as it goes.
    pub fn resume_unvouched<R: HeapRules + ?Sized>(
        &mut self,
        rules: &R,
        values: ValueStore,
        max_work: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<(), ResumeError> {
        self.resume_with(rules, values, Reach::Every { max_work, stop })
    }

    fn resume_with<R: HeapRules + ?Sized>(
        &mut self,
        rules: &R,
        values: ValueStore,
        reach: Reach<'_>,
    ) -> Result<(), ResumeError> {
        let common = self.known.len().min(values.len());
        if let Some(n) = (0..common).find(|&n| self.known.get(n) != values.get(n)) {
            return Err(ResumeError::Wrong(format!(
                "heap {n} has the value {}, not {}",
                values.get(n),
                self.known.get(n)
            )));
        }
        if let Some((n, v)) = values
            .slice()
            .iter()
            .enumerate()
            .skip(common)
            .find(|&(n, v)| u64::from(v) > rules.value_bound(n))
        {
            return Err(ResumeError::Wrong(format!(
                "heap {n} cannot have the value {v}"
            )));
        }
        check_values(rules, values.slice(), common, reach)?;
        if values.len() > self.known.len() {
            self.known = values;
        }
        Ok(())
    }

    /// The proved period, if found.
    pub fn proved(&self) -> Option<Period> {
        self.proved
    }

    /// Extends the table to cover heaps `0..len`.
    pub fn extend<R: HeapRules + ?Sized>(
        &mut self,
        rules: &R,
        len: usize,
        limits: &Limits,
    ) -> Result<(), SolveError> {
        self.extend_watched(rules, len, limits, &mut Poll::unwatched())
            .map_err(TableHalt::into_error)
    }

    /// The error for a table of `len` heaps needing `bytes`, more than `--max-memory`.
    fn too_big<R: HeapRules + ?Sized>(
        rules: &R,
        len: usize,
        bytes: u64,
        limits: &Limits,
    ) -> SolveError {
        limits.memory_exceeded(
            &format!(
                "a table of {} to heap {}",
                rules.name(),
                len.saturating_sub(1)
            ),
            bytes,
        )
    }

    /// Room for the values of heaps `0..len`, once they and the family's structures
    /// are seen to fit in `--max-memory`.
    fn reserve<R: HeapRules + ?Sized>(
        &mut self,
        rules: &R,
        len: usize,
        limits: &Limits,
    ) -> Result<(), SolveError> {
        let bytes = bytes_for(rules, len, self.known.width(), limits);
        if bytes > limits.max_memory {
            return Err(Self::too_big(rules, len, bytes, limits));
        }
        self.known
            .try_reserve(len.saturating_sub(self.known.len()))
            .map_err(|_| Self::too_big(rules, len, bytes, limits))
    }

    /// Moves the values to four bytes each, for a table growing to `len` heaps, once
    /// that is seen to fit (both copies exist while the values are copied).
    fn widen<R: HeapRules + ?Sized>(
        &mut self,
        rules: &R,
        len: usize,
        limits: &Limits,
    ) -> Result<(), SolveError> {
        if self.known.width() == 4 {
            return Ok(());
        }
        let bytes = bytes_for(rules, len, 6, limits);
        if bytes > limits.max_memory {
            return Err(Self::too_big(rules, len, bytes, limits));
        }
        self.known
            .widen()
            .map_err(|_| Self::too_big(rules, len, bytes, limits))?;
        self.known
            .try_reserve(len.saturating_sub(self.known.len()))
            .map_err(|_| Self::too_big(rules, len, bytes, limits))
    }

    /// [`HeapTable::extend`], telling `poll` of each heap computed; when the watcher
    /// stops it, the heaps computed so far stay and the result is
    /// [`TableHalt::Stopped`].
    pub(crate) fn extend_watched<R: HeapRules + ?Sized>(
        &mut self,
        rules: &R,
        len: usize,
        limits: &Limits,
        poll: &mut Poll<'_>,
    ) -> Result<(), TableHalt> {
        if len as u64 > limits.max_states {
            return Err(limits
                .states_exceeded(&format!("a table of {}", rules.name()))
                .into());
        }
        poll.want(len);
        if self.len < len && self.len < self.known.len() {
            // Values loaded from a checkpoint, taken in as if computed.
            self.len = len.min(self.known.len());
        }
        if self.len >= len {
            return Ok(());
        }
        self.reserve(rules, len, limits)?;
        loop {
            let done = match &mut self.known {
                ValueStore::U16(v) => rules.extend_values(v, len, limits, poll),
                ValueStore::U32(v) => rules.extend_values(v, len, limits, poll),
            };
            let done = match done {
                Some(done) => done,
                None => self.extend_by_options(rules, len, limits, poll),
            };
            self.len = self.known.len();
            match done? {
                Extended::Done => break,
                Extended::TooWide(v) => {
                    // The next heap's value needs four bytes: so do all from now on.
                    self.widen(rules, len, limits)?;
                    self.known.push(v);
                    self.len = self.known.len();
                }
            }
        }
        if self.len < len {
            return Err(TableHalt::Stopped);
        }
        poll.ask(self.known.slice());
        Ok(())
    }

    /// The generic extension: the mex over the options of each heap.
    fn extend_by_options<R: HeapRules + ?Sized>(
        &mut self,
        rules: &R,
        len: usize,
        limits: &Limits,
        poll: &mut Poll<'_>,
    ) -> Result<Extended, SolveError> {
        // Steps not yet charged to the command's work budget (a heap and its options),
        // charged in batches.
        let mut pending = 0u64;
        // The signal is looked at by the options listed (a heap may have millions).
        let mut stop_poll = StopPoll::new();
        while self.known.len() < len {
            let n = self.known.len();
            self.options.clear();
            rules.options(&Nat::from(n), &mut self.options);
            let count = self.options.len() as u64;
            stop_poll.spend(count + 1, limits)?;
            self.work += count;
            if self.work > limits.max_states.saturating_mul(OPTIONS_PER_STATE) {
                return Err(limits.states_exceeded(&format!(
                    "a table of {} (whose heaps have many options)",
                    rules.name()
                )));
            }
            pending += 1 + count;
            if pending >= WORK_BATCH {
                limits.charge_work(pending, &format!("a table of {}", rules.name()))?;
                pending = 0;
            }
            let values = &self.known;
            let mut bad = None;
            // A value above the number of options cannot be the mex: leaving it out
            // keeps the mex's scratch space small whatever the values are.
            let v = self.mex.of(self
                .options
                .iter()
                .map(|opt| {
                    opt.iter().fold(0u32, |acc, h| match h.to_usize() {
                        Some(i) if i < n => acc ^ values.get(i),
                        _ => {
                            bad = Some(h.clone());
                            acc
                        }
                    })
                })
                .filter(|&x| u64::from(x) <= count));
            if let Some(h) = bad {
                return Err(SolveError::Input(format!(
                    "{}: a move from heap {n} leads to heap {h}, which is not smaller",
                    rules.name()
                )));
            }
            let fits = match &mut self.known {
                ValueStore::U16(narrow) => match u16::try_from(v) {
                    Ok(x) => {
                        narrow.push(x);
                        true
                    }
                    Err(_) => false,
                },
                ValueStore::U32(wide) => {
                    wide.push(v);
                    true
                }
            };
            if !fits {
                let _ = limits.charge_work(pending, "a table");
                return Ok(Extended::TooWide(v));
            }
            let go_on = match &self.known {
                ValueStore::U16(narrow) => poll.heap_done(count, narrow),
                ValueStore::U32(wide) => poll.heap_done(count, wide),
            };
            if !go_on {
                break;
            }
        }
        // The values are computed: what is left over only shortens later work.
        let _ = limits.charge_work(pending, "a table");
        Ok(Extended::Done)
    }

    /// Tries to prove a period from the values computed so far.
    pub(crate) fn try_prove(&mut self, proof: PeriodProof) -> Option<Period> {
        if self.proved.is_none() {
            if let Some((len, tried, retry)) = self.failed
                && len == self.len
                && tried == proof
            {
                self.retry_at = retry;
                return None;
            }
            let traced = std::env::var_os("SPRAGUE_SPARSE_TRACE").is_some();
            let t = traced.then(|| (std::time::Instant::now(), thread_cpu()));
            let attempt = match self.values() {
                ValueSlice::U16(v) => prove(v, proof),
                ValueSlice::U32(v) => prove(v, proof),
            };
            if let Some((wall, cpu)) = t {
                // A diagnostic, as the rare/common table's trace: the time of each
                // attempt, which runs on one thread between extensions.
                let _ = std::io::Write::write_fmt(
                    &mut std::io::stderr(),
                    format_args!(
                        "period trace: heaps {}: attempt {} ms wall {} ms cpu, {:?}\n",
                        self.len,
                        wall.elapsed().as_millis(),
                        thread_cpu().saturating_sub(cpu) / 1_000_000,
                        attempt
                    ),
                );
            }
            match attempt {
                Ok(p) => self.proved = Some(p),
                Err(retry) => {
                    self.retry_at = retry;
                    self.failed = Some((self.len, proof, retry));
                }
            }
        }
        self.proved
    }

    /// Extends the table until `len` heaps are known or a period is proved, doubling
    /// the size between proof attempts so that the total work stays linear.
    pub fn extend_or_prove<R: HeapRules + ?Sized>(
        &mut self,
        rules: &R,
        len: usize,
        limits: &Limits,
    ) -> Result<(), SolveError> {
        self.extend_or_prove_watched(rules, len, limits, &mut Poll::unwatched())
            .map_err(TableHalt::into_error)
    }

    /// [`HeapTable::extend_or_prove`], telling `poll` of each heap computed.
    pub(crate) fn extend_or_prove_watched<R: HeapRules + ?Sized>(
        &mut self,
        rules: &R,
        len: usize,
        limits: &Limits,
        poll: &mut Poll<'_>,
    ) -> Result<(), TableHalt> {
        poll.want(len);
        let proof = rules.period_proof();
        // The next attempt is twice as far as the table already is (as if it had
        // doubled from 1 024 heaps): a table going on past a failed attempt, or
        // resumed, does not try again every few thousand heaps.
        let mut step = self.len.max(1024);
        while self.len < len {
            limits.check_stop()?;
            self.retry_at = None;
            if proof != PeriodProof::None && self.try_prove(proof).is_some() {
                return Ok(());
            }
            let mut next = self.len.saturating_add(step);
            if let Some(at) = self.retry_at {
                // The values hint at a period that would be proved at `at`: try there,
                // though never less than a quarter further, so that the attempts
                // (each a pass over the table) stay a constant factor of the work.
                next = next.min(at.max(self.len.saturating_add(self.len / 4)));
            }
            self.extend_watched(rules, len.min(next), limits, poll)?;
            step = step.saturating_mul(2);
        }
        if proof != PeriodProof::None {
            self.try_prove(proof);
        }
        Ok(())
    }

    /// The value of heap `n`, from the table or the proved period; `None` if neither
    /// covers `n`.
    pub fn lookup(&self, n: &Nat) -> Option<u32> {
        if let Some(i) = n.to_usize().filter(|&i| i < self.len) {
            return Some(self.known.get(i));
        }
        self.proved.map(|p| self.known.get(period::reduce(n, p)))
    }

    /// The value of heap `n` as [`HeapTable::lookup`] gives it, for a heap that fits in
    /// a `usize`.
    pub(crate) fn lookup_index(&self, n: usize) -> Option<u32> {
        if n < self.len {
            return Some(self.known.get(n));
        }
        self.proved.map(|p| {
            let r = if n < p.preperiod {
                n
            } else {
                p.preperiod + (n - p.preperiod) % p.period
            };
            self.known.get(r)
        })
    }
}

/// A heap family: its rules and the table of values they generate. Components of a
/// sum that belong to the same family share one table.
pub struct HeapFamily<R: HeapRules> {
    rules: R,
    table: RefCell<HeapTable>,
}

impl<R: HeapRules> HeapFamily<R> {
    /// A family with an empty table.
    pub fn new(rules: R) -> Self {
        HeapFamily {
            rules,
            table: RefCell::new(HeapTable::default()),
        }
    }

    /// The rules of the family.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The period proved so far, if any.
    pub fn proved_period(&self) -> Option<Period> {
        self.table.borrow().proved()
    }

    /// The value of heap `n` (as a small integer) from the table, extending it or
    /// proving a period as needed.
    ///
    /// Heaps below [`DIRECT_HEAPS`] are always read from the table itself, computed up
    /// to them if need be, never from a period: a sum's small heaps get the same values
    /// whatever heap of the family was asked first (a period proved on a table cut
    /// short by a smaller heap decides only heaps beyond this bound).
    fn table_value(&self, n: &Nat, limits: &Limits) -> Result<u32, SolveError> {
        let mut table = self.table.borrow_mut();
        if let Some(i) = n
            .to_usize()
            .filter(|&i| i < DIRECT_HEAPS && (i as u64) < limits.max_states)
        {
            if i >= table.len {
                table
                    .extend_watched(&self.rules, i + 1, limits, &mut Poll::unwatched())
                    .map_err(TableHalt::into_error)?;
            }
            return Ok(table.known.get(i));
        }
        if let Some(v) = table.lookup(n) {
            return Ok(v);
        }
        let proof = self.rules.period_proof();
        match n.to_usize() {
            Some(i) if (i as u64) < limits.max_states => {
                table.extend_or_prove(&self.rules, i + 1, limits)?
            }
            _ if proof != PeriodProof::None => {
                let cap = usize::try_from(limits.max_states).unwrap_or(usize::MAX);
                table.extend_or_prove(&self.rules, cap, limits)?;
            }
            _ => {}
        }
        table.lookup(n).ok_or_else(|| {
            limits.states_exceeded(&format!(
                "the value of {}({n}) (no period proved yet)",
                self.rules.name()
            ))
        })
    }

    /// The value of heap `n`: closed form if any, else the table (heaps below
    /// [`DIRECT_HEAPS`] from the table itself, larger ones from the table or the
    /// proved period).
    pub fn value(&self, n: &Nat, limits: &Limits) -> Result<Nat, SolveError> {
        if let Some(v) = self.rules.closed_form(n) {
            return Ok(v);
        }
        self.table_value(n, limits).map(Nat::from)
    }

    /// Values for heaps `from..=to`, with the period seen in the table (proved when the
    /// family's theorem applies).
    pub fn report(
        &self,
        from: usize,
        to: usize,
        limits: &Limits,
    ) -> Result<TableReport, SolveError> {
        self.report_watched(from, to, limits, &mut Unwatched)
            .map_err(TableHalt::into_error)
    }

    /// [`HeapFamily::report`], while `watch` sees the table grow and may stop it.
    pub fn report_watched(
        &self,
        from: usize,
        to: usize,
        limits: &Limits,
        watch: &mut dyn TableWatch,
    ) -> Result<TableReport, TableHalt> {
        let period = self.prepare_watched(from, to, limits, watch)?;
        let values = (from..=to)
            .map(|n| self.value_at(n))
            .collect::<Option<Vec<Nat>>>()
            .ok_or_else(|| limits.states_exceeded("this table"))?;
        Ok(TableReport { values, period })
    }

    /// The heaps a table for heaps `from..=to` computes: the table length asked for
    /// and the length it may go on to for a proof of the period (0 and 0 when a
    /// closed form gives every value); bad input, a range longer than `--max-states`,
    /// or a table that no proof can stop early and that is larger than
    /// `--max-memory`, is an error before any work.
    fn plan(&self, from: usize, to: usize, limits: &Limits) -> Result<(usize, usize), SolveError> {
        if to < from {
            return Err(SolveError::Input(format!(
                "the first heap {from} is larger than the last {to}"
            )));
        }
        if (to - from) as u64 >= limits.max_states {
            return Err(limits.states_exceeded(&format!("printing {} values", to - from + 1)));
        }
        if self.rules.closed_form(&Nat::from(to)).is_some() {
            return Ok((0, 0));
        }
        let len = to
            .checked_add(1)
            .ok_or_else(|| limits.states_exceeded("this table"))?;
        let width = self.table.borrow().known.width();
        if self.rules.period_proof() == PeriodProof::None {
            let bytes = bytes_for(&self.rules, len, width, limits);
            if bytes > limits.max_memory {
                return Err(HeapTable::too_big(&self.rules, len, bytes, limits));
            }
            return Ok((len, len));
        }
        // A period proved early stops the table (the memory bound is then checked as
        // it grows). Where none is proved within `len`, the table looks a little
        // further, as far as memory allows: a proof often needs a few more values.
        let more = len.saturating_mul(2).saturating_add(1024);
        let cap = usize::try_from(limits.max_states)
            .unwrap_or(usize::MAX)
            .min(more)
            .max(len);
        Ok((len, heaps_that_fit(&self.rules, width, len, cap, limits)))
    }

    /// What a table for heaps `from..=to` may need, before it starts: at most
    /// `heaps` values and the family's structures for them. The errors of
    /// [`HeapFamily::prepare_watched`] that need no work come here already.
    pub fn estimate(
        &self,
        from: usize,
        to: usize,
        limits: &Limits,
    ) -> Result<Estimate, SolveError> {
        let (_, heaps) = self.plan(from, to, limits)?;
        let width = self.table.borrow().known.width();
        Ok(Estimate {
            heaps,
            width,
            value_bytes: (heaps as u64).saturating_mul(width as u64),
            other_bytes: if heaps == 0 {
                0
            } else {
                self.rules.memory_needed(heaps, limits)
            },
            other_use: self.rules.memory_use(),
        })
    }

    /// Computes what the values of heaps `from..=to` need (the table, or its period),
    /// while `watch` sees the table grow and may stop it; returns the period seen
    /// (proved when the family's theorem applies). The values then come from
    /// [`HeapFamily::value_at`], one at a time, so that a long table is written out
    /// without being copied.
    pub fn prepare_watched(
        &self,
        from: usize,
        to: usize,
        limits: &Limits,
        watch: &mut dyn TableWatch,
    ) -> Result<Option<(Period, bool)>, TableHalt> {
        let (len, cap) = self.plan(from, to, limits)?;
        if len == 0 {
            return Ok(self.rules.closed_form_period().map(|p| (p, true)));
        }
        let mut table = self.table.borrow_mut();
        let proof = self.rules.period_proof();
        let mut poll = Poll::new(watch);
        if proof == PeriodProof::None {
            table.extend_watched(&self.rules, len, limits, &mut poll)?;
        } else {
            // Stops early once a period is proved: far heaps then come from the period.
            table.extend_or_prove_watched(&self.rules, len, limits, &mut poll)?;
        }
        if proof != PeriodProof::None && table.try_prove(proof).is_none() && cap > len {
            table.extend_or_prove_watched(&self.rules, cap, limits, &mut poll)?;
        }
        if to >= table.len && table.proved().is_none() {
            return Err(limits.states_exceeded("this table").into());
        }
        Ok(match table.proved() {
            Some(p) => Some((p, true)),
            None => {
                let seen = len.min(table.len);
                detect(table.values().prefix(seen)).map(|p| (p, false))
            }
        })
    }

    /// The value of heap `n` once [`HeapFamily::prepare_watched`] has computed what it
    /// needs: by the closed form, from the table, or from the proved period.
    pub fn value_at(&self, n: usize) -> Option<Nat> {
        if let Some(v) = self.rules.closed_form(&Nat::from(n)) {
            return Some(v);
        }
        self.table.borrow().lookup_index(n).map(Nat::from)
    }

    /// Adopts values of heaps `0..values.len()` saved by an earlier computation (see
    /// [`HeapTable::resume`]).
    pub fn resume(&self, values: ValueStore) -> Result<(), String> {
        self.table.borrow_mut().resume(&self.rules, values)
    }

    /// Adopts values nothing vouches for, each re-derived first (see
    /// [`HeapTable::resume_unvouched`]).
    pub fn resume_unvouched(
        &self,
        values: ValueStore,
        max_work: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<(), ResumeError> {
        self.table
            .borrow_mut()
            .resume_unvouched(&self.rules, values, max_work, stop)
    }

    /// Every value known, computed or loaded: what a checkpoint keeps.
    pub fn known_values(&self) -> Ref<'_, ValueStore> {
        Ref::map(self.table.borrow(), HeapTable::known)
    }

    /// The derivation of the value of heap `n`:
    /// `sg(5) = mex{sg(4), sg(2), sg(1)} = mex{2, 0, 1} = 3`.
    pub fn derivation(&self, n: &Nat, limits: &Limits) -> Result<String, SolveError> {
        if let Some(reason) = self.rules.closed_form_reason(n) {
            return Ok(reason);
        }
        let value = self.table_value(n, limits)?;
        let tabled = self.table.borrow().values().len();
        if n.to_usize().is_some_and(|i| i < tabled && i <= 100_000) {
            return self.mex_line(n, limits);
        }
        let p = self.table.borrow().proved();
        match p {
            Some(p) => {
                let m = period::reduce(n, p);
                Ok(format!(
                    "sg({n}) = sg({m}) = {value}, because the values have period {} from heap {} (proved)",
                    p.period, p.preperiod
                ))
            }
            None => Ok(format!("sg({n}) = {value}")),
        }
    }

    fn mex_line(&self, n: &Nat, limits: &Limits) -> Result<String, SolveError> {
        let mut opts = Vec::new();
        self.rules.options(n, &mut opts);
        let mut names = Vec::new();
        let mut vals = Vec::new();
        for o in &opts {
            let mut v = 0u32;
            let mut name = String::new();
            for (k, h) in o.iter().enumerate() {
                if k > 0 {
                    name.push_str(" ⊕ ");
                }
                let _ = write!(name, "sg({h})");
                v ^= self.table_value(h, limits)?;
            }
            if o.is_empty() {
                name.push_str("sg(0)");
            }
            names.push(name);
            vals.push(v);
        }
        let value = self.table_value(n, limits)?;
        let vals_text: Vec<String> = vals.iter().map(u32::to_string).collect();
        Ok(format!(
            "sg({n}) = mex{{{}}} = mex{{{}}} = {value}",
            names.join(", "),
            vals_text.join(", ")
        ))
    }

    fn heap<'a>(&self, pos: &'a Pos) -> &'a Nat {
        &pos[0]
    }
}

impl<R: HeapRules> Family for HeapFamily<R> {
    fn name(&self) -> String {
        self.rules.name()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        match pos.len() {
            // The common case costs no name.
            1 => Ok(()),
            _ => super::family::check_one_heap(&self.rules.name(), pos),
        }
    }

    fn accepts_every_heap(&self) -> bool {
        true
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        self.value(self.heap(pos), limits).map(Some)
    }

    fn heap_values(
        &self,
        sizes: &[u64],
        limits: &Limits,
        out: &mut Values,
    ) -> Result<bool, SolveError> {
        for &n in sizes {
            out.push(Some(self.value(&Nat::Small(n), limits)?));
        }
        Ok(true)
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let n = self.heap(pos);
        let options = match self.rules.options_with_value(n, target, sink.cap) {
            Some(list) => list,
            None => {
                let mut all = Vec::new();
                self.rules.options(n, &mut all);
                let mut keep = Vec::new();
                for o in all {
                    let mut v = Nat::ZERO;
                    for h in &o {
                        v ^= &self.value(h, limits)?;
                    }
                    if &v == target {
                        keep.push(o);
                    }
                }
                keep
            }
        };
        for o in options {
            let m = heap_move(&self.rules, n, &o, sink.wants_words());
            if !sink.push(m) {
                break;
            }
        }
        Ok(())
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        Ok(vec![self.derivation(self.heap(pos), limits)?])
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let n = self.heap(pos);
        if n.to_u64().is_none_or(|v| v > MAX_LISTED_MOVES) && self.rules.is_nim() {
            // A huge Nim heap: the moves to 0, 1, 2, … as far as the sink goes.
            let one = Nat::from(1u64);
            let mut to = Nat::ZERO;
            while to < *n {
                let o: HeapOption = smallvec::smallvec![to.clone()];
                if !sink.offer(heaps_after(&o), || self.rules.describe(n, &o)) {
                    break;
                }
                to = to.add(&one);
            }
            return Ok(());
        }
        // Heaps of at most MAX_LISTED_MOVES with at most as many options, where the
        // rules count them (a Lasker or splitting heap may have many more).
        let few = |c: &Nat| c.to_u64().is_some_and(|c| c <= MAX_LISTED_MOVES);
        if !few(n) || self.rules.option_count(n).is_some_and(|c| !few(&c)) {
            return Err(SolveError::Limit {
                what: format!("listing every move of {}({n})", self.rules.name()),
                bound: Bound::HeapMoves,
            });
        }
        let mut all = Vec::new();
        self.rules.options(n, &mut all);
        for o in all {
            let m = heap_move(&self.rules, n, &o, sink.wants_words());
            if !sink.push(m) {
                break;
            }
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        Ok(self.rules.option_count(self.heap(pos)))
    }

    fn move_to(&self, pos: &Pos, to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        if !self.rules.is_nim() {
            return Err(SolveError::Input(format!(
                "{} checks a move only among its listed moves",
                self.rules.name()
            )));
        }
        let n = self.heap(pos);
        let o: HeapOption = to.iter().cloned().collect();
        Ok((o.len() == 1 && o[0] < *n).then(|| heap_move(&self.rules, n, &o, true)))
    }

    fn nim_heap<'a>(&self, pos: &'a Pos) -> Option<&'a Nat> {
        self.rules.is_nim().then(|| &pos[0])
    }

    fn is_heap_family(&self) -> bool {
        true
    }

    fn read_move(&self, pos: &Pos, words: &[&str]) -> Option<Result<Pos, String>> {
        let r = self.rules.read_move(pos.first()?, words)?;
        Some(r.map(|n| smallvec::smallvec![n]))
    }

    fn move_words(&self) -> Option<&'static str> {
        self.rules.move_words()
    }
}

/// A heap family seen as a table of values, as the `table` command uses it.
///
/// A long computation can be watched, stopped and resumed: [`TableFamily::prepare_watched`]
/// shows a [`TableWatch`] the table as it grows and stops when told to,
/// [`TableFamily::known_values`] are then what to save, and [`TableFamily::resume`]
/// takes them back in a later run, which then gives exactly the report of a run that
/// was never stopped. [`TableFamily::report`] gives a small range as one value;
/// [`TableFamily::prepare_watched`] then [`TableFamily::value_at`] give a long one
/// heap by heap, without copying it.
pub trait TableFamily {
    /// The family with its parameters.
    fn name(&self) -> String;
    /// Values for heaps `from..=to` and the period seen.
    fn report(&self, from: usize, to: usize, limits: &Limits) -> Result<TableReport, SolveError> {
        self.report_watched(from, to, limits, &mut Unwatched)
            .map_err(TableHalt::into_error)
    }
    /// [`TableFamily::report`], while `watch` sees the table grow and may stop it.
    fn report_watched(
        &self,
        from: usize,
        to: usize,
        limits: &Limits,
        watch: &mut dyn TableWatch,
    ) -> Result<TableReport, TableHalt> {
        let period = self.prepare_watched(from, to, limits, watch)?;
        let values = (from..=to)
            .map(|n| self.value_at(n))
            .collect::<Option<Vec<Nat>>>()
            .ok_or_else(|| limits.states_exceeded("this table"))?;
        Ok(TableReport { values, period })
    }
    /// What a table for heaps `from..=to` may need, said before it starts; an error
    /// when it cannot be done within the limits (bad input, `--max-states`,
    /// `--max-memory`).
    fn estimate(&self, from: usize, to: usize, limits: &Limits) -> Result<Estimate, SolveError>;
    /// Computes what the values of heaps `from..=to` need, while `watch` sees the
    /// table grow and may stop it; returns the period seen. The values then come from
    /// [`TableFamily::value_at`].
    fn prepare_watched(
        &self,
        from: usize,
        to: usize,
        limits: &Limits,
        watch: &mut dyn TableWatch,
    ) -> Result<Option<(Period, bool)>, TableHalt>;
    /// The value of heap `n` after [`TableFamily::prepare_watched`] for a range holding
    /// it (`None` for a heap it did not reach).
    fn value_at(&self, n: usize) -> Option<Nat>;
    /// The derivation of the value of heap `n`.
    fn derivation(&self, n: &Nat, limits: &Limits) -> Result<String, SolveError>;
    /// Adopts the values of heaps `0..values.len()` saved by an earlier computation;
    /// an error says which value cannot be right. The values are checked as far as is
    /// cheap: this is for values whose origin is vouched for (a checkpoint with a digest
    /// under the user's key).
    fn resume(&self, values: ValueStore) -> Result<(), String>;
    /// [`TableFamily::resume`] for values nothing vouches for (a checkpoint without a
    /// digest under the user's key, which anyone may have edited): every value is
    /// checked against the rules first, within `max_work` steps, `stop` polled as it
    /// goes. A family that cannot check each value (the default) adopts none but an
    /// empty table.
    fn resume_unvouched(
        &self,
        values: ValueStore,
        max_work: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<(), ResumeError> {
        let _ = (max_work, stop);
        if values.is_empty() {
            self.resume(values).map_err(ResumeError::Wrong)
        } else {
            Err(ResumeError::Unchecked)
        }
    }
    /// Every value known so far, computed or adopted: what a checkpoint keeps.
    fn known_values(&self) -> Ref<'_, ValueStore>;
}

impl<R: HeapRules> TableFamily for HeapFamily<R> {
    fn name(&self) -> String {
        self.rules.name()
    }
    fn estimate(&self, from: usize, to: usize, limits: &Limits) -> Result<Estimate, SolveError> {
        HeapFamily::estimate(self, from, to, limits)
    }
    fn prepare_watched(
        &self,
        from: usize,
        to: usize,
        limits: &Limits,
        watch: &mut dyn TableWatch,
    ) -> Result<Option<(Period, bool)>, TableHalt> {
        HeapFamily::prepare_watched(self, from, to, limits, watch)
    }
    fn value_at(&self, n: usize) -> Option<Nat> {
        HeapFamily::value_at(self, n)
    }
    fn derivation(&self, n: &Nat, limits: &Limits) -> Result<String, SolveError> {
        HeapFamily::derivation(self, n, limits)
    }
    fn resume(&self, values: ValueStore) -> Result<(), String> {
        HeapFamily::resume(self, values)
    }
    fn resume_unvouched(
        &self,
        values: ValueStore,
        max_work: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<(), ResumeError> {
        HeapFamily::resume_unvouched(self, values, max_work, stop)
    }
    fn known_values(&self) -> Ref<'_, ValueStore> {
        HeapFamily::known_values(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Heap `n ≥ 1` moves to any set of the heaps `1..n` (all at once, or none: the
    /// empty set leaves nothing). With `G(k) = 2^(k−1)` for `k < n` the options reach
    /// every value below `2^(n−1)`, so `G(n) = 2^(n−1)`: heap 17 is the first whose
    /// value, 65536, needs four bytes (it has 2^16 options).
    struct Doubling;

    impl HeapRules for Doubling {
        fn name(&self) -> String {
            "doubling".into()
        }
        fn options(&self, n: &Nat, out: &mut Vec<HeapOption>) {
            let n = n.to_usize().unwrap_or(0);
            if n == 0 {
                return;
            }
            for set in 0u64..1 << (n - 1) {
                out.push(
                    (1..n)
                        .filter(|k| set >> (k - 1) & 1 == 1)
                        .map(Nat::from)
                        .collect(),
                );
            }
        }
        fn describe(&self, _n: &Nat, _o: &HeapOption) -> String {
            String::new()
        }
    }

    #[test]
    fn the_generic_table_widens_when_a_value_needs_it() {
        let limits = Limits::default();
        let mut t = HeapTable::default();
        t.extend(&Doubling, 17, &limits).unwrap();
        assert_eq!(t.values().width(), 2);
        t.extend(&Doubling, 19, &limits).unwrap();
        assert_eq!(t.values().width(), 4);
        let want: Vec<u32> = (0..19)
            .map(|n| if n == 0 { 0 } else { 1 << (n - 1) })
            .collect();
        assert_eq!(t.values(), want);
        assert_eq!(t.lookup(&Nat::from(18u64)), Some(1 << 17));
    }

    #[test]
    fn a_table_kept_at_four_bytes_grows_alike() {
        // As after a checkpoint of four-byte values is loaded: the take-and-break
        // table then works on the values in place. Kayles and Grundy's game, checked
        // against the same rules from a table kept at two bytes.
        use crate::impartial::takebreak::{TakeBreak, Wording};
        let limits = Limits::default();
        for (digits, unequal) in [(&[0u8, 7, 7][..], false), (&[4u8][..], true)] {
            let rules = TakeBreak::new("t", digits, unequal, Wording::Heaps).unwrap();
            let mut narrow = HeapTable::default();
            narrow.extend(&rules, 3000, &limits).unwrap();
            let mut wide = HeapTable::default();
            let head = ValueStore::U32(narrow.values().prefix(100).to_vec());
            wide.resume(&rules, head).unwrap();
            wide.extend(&rules, 3000, &limits).unwrap();
            assert_eq!(wide.values().width(), 4);
            assert_eq!(narrow.values().width(), 2);
            assert_eq!(wide.values(), narrow.values(), "{digits:?}");
        }
    }
}
