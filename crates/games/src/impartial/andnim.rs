//! `andnim(n)`: take x stones with 1 ≤ x ≤ n and (x AND n) = 0.
//!
//! # Lemma 1: trailing 1 bits do not matter
//!
//! If n = 2m + 1, then x AND n = 0 forces x even, x = 2y, and (2y) AND (2m + 1) =
//! 2(y AND m); also 2y ≤ 2m + 1 ⇔ y ≤ m. So the moves of n are x = 2y for the moves y
//! of m, and n − x = 2(m − y) + 1. By induction sg(2m + 1) = sg(m), and
//! sg(n) = sg(n >> t) where t is the number of trailing 1 bits of n.
//!
//! # Lemma 2: a move rewrites "windows"
//!
//! x cannot use a bit above the top bit of n (else x > n), and any x with x AND n = 0
//! inside the bits below the top is at most n. Each 0 bit of n lies in a maximal run of
//! 0s at bits p … p+s−1, directly below a 1 at bit p+s; call bits p … p+s the run's
//! *window*: it reads 1 0…0, the value 2^s (times 2^p). The part of x in that run is
//! y·2^p with 0 ≤ y < 2^s, and subtracting it leaves (2^s − y)·2^p, which stays inside
//! the window; windows are disjoint, so no borrow crosses them. Hence a move picks a
//! non-empty set of windows and replaces each chosen window 1 0^s by 0 w, with w any
//! s-bit word other than 0^s: each window's value 2^s becomes any value in 1 … 2^s.
//!
//! # Theorem: the P-positions
//!
//! Call a maximal run of 1 bits *closed* when a 0 bit follows it (directly below it;
//! the run ending at bit 0 is not closed). **n is a P-position exactly when every
//! closed run of 1s has even length.** (This was claimed in the study notes, without
//! a formula for the values; here it is proved and then tested against the mex of the
//! rules.) Call such n *good*.
//!
//! * A position without moves has no 0 bit below its top bit (n = 2^t − 1, or 0), so
//!   no closed run: it is good.
//! * From a good n every move leads to a bad one. Let W be the highest window chosen;
//!   its 1 is the lowest bit of a closed run R, of even length ≥ 2. The move clears
//!   that bit and keeps the |R| − 1 bits of R above it; the bit above R is a 0 of a
//!   higher, unchosen window or does not exist. So the result has a closed run of odd
//!   length |R| − 1.
//! * From a bad n some move leads to a good one. Go through the closed runs from the
//!   highest, R₁, R₂, …, R_k, each followed by the zero run Z_i, with a carry c_i
//!   (c₁ = 0). If |R_i| + c_i is odd, choose the window of Z_i and rewrite it as
//!   0 0…01: R_i loses its lowest bit, leaving |R_i| − 1 + c_i (even) ones above a 0,
//!   and the new low 1 joins the run just below Z_i, so c_{i+1} = 1. Otherwise leave
//!   Z_i alone and c_{i+1} = 0. Every closed run of the result then has even length
//!   (a 1 carried below Z_k joins the run ending at bit 0, which is not closed, or ends
//!   at bit 0 itself). Some window is chosen: the highest odd closed run is reached
//!   with carry 0.
//!
//! By Lemma 2 a move to a P-position is a choice of window values making the result
//! good; [`moves_to_p`] lists them in order with a dynamic programme over the bits (an
//! automaton for "every closed run is even"), which never explores a dead end, so
//! listing k moves of an L-bit heap costs O(k·L) at any size.
//!
//! # Values
//!
//! No closed form for the values is known (the study notes say so too): by the mex of
//! the rules, sg(2^k) for k = 0 … 15 is 0, 1, 2, 3, 4, 6, 8, 11, 15, 20, 26, 33, 41, 49,
//! 58, 69, and sg(7·2^k) jumps from 16 to 40 between k = 8 and 9. Values come from the
//! table of the rules (a heap of n with z zero bits below its top has 2^z − 1 moves, so
//! the table up to 2^B costs about 3^B / 2 steps), applied to n >> t by Lemma 1. Beyond
//! `--max-states` the value of an N-position is reported unknown, while the outcome and
//! the winning moves of a lone heap (those to P-positions) are exact at any size.

use crate::bits::{binary_text, bits_of, from_bits};
use num_bigint::BigUint;
use smallvec::smallvec;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::cell::{Cell, Extended};
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};
use sprague_engine::impartial::heap::{
    Estimate, HeapFamily, HeapOption, HeapRules, ResumeError, TableFamily,
};
use sprague_engine::impartial::mex::Mex;
use sprague_engine::impartial::period::Period;
use sprague_engine::impartial::store::ValueStore;
use sprague_engine::impartial::watch::{Poll, TableHalt, TableWatch};
use std::cell::Ref;

/// The rules of `andnim`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct AndNimRules;

impl HeapRules for AndNimRules {
    fn name(&self) -> String {
        "andnim".into()
    }

    fn options(&self, n: &Nat, out: &mut Vec<HeapOption>) {
        // Only asked for heaps in the table (below --max-states).
        let Some(n) = n.to_u64().filter(|&n| n > 0) else {
            return;
        };
        let top = 63 - n.leading_zeros();
        let free = !n & ((1u64 << top) - 1);
        // The non-empty submasks x of `free`, increasing.
        let mut x = 0u64;
        loop {
            x = x.wrapping_sub(free) & free;
            if x == 0 {
                break;
            }
            out.push(smallvec![Nat::from(n - x)]);
        }
    }

    fn describe(&self, n: &Nat, option: &HeapOption) -> String {
        let to = option.first().cloned().unwrap_or_default();
        take_text(n, &to)
    }

    /// The mex over the same options as [`HeapRules::options`], without building them:
    /// each option and each heap is a step of the command's work budget.
    fn extend_values<C: Cell>(
        &self,
        values: &mut Vec<C>,
        len: usize,
        limits: &Limits,
        poll: &mut Poll<'_>,
    ) -> Option<Result<Extended, SolveError>> {
        let mut mex = Mex::default();
        let mut pending = 0u64;
        values.reserve(len.saturating_sub(values.len()));
        while values.len() < len {
            let n = values.len() as u64;
            let (v, count) = if n == 0 {
                (0, 0)
            } else {
                let top = 63 - n.leading_zeros();
                let free = !n & ((1u64 << top) - 1);
                let count = (1u64 << free.count_ones()) - 1;
                let mut x = 0u64;
                let known = &values[..];
                let v = mex.of(std::iter::from_fn(|| {
                    x = x.wrapping_sub(free) & free;
                    // n − x < n: a heap already in the table.
                    (x != 0).then(|| known[(n - x) as usize].get())
                }));
                (v, count)
            };
            match C::new(v) {
                Some(c) => values.push(c),
                None => {
                    let _ = limits.charge_work(pending, "a table of andnim");
                    return Some(Ok(Extended::TooWide(v)));
                }
            }
            pending += 1 + count;
            if pending >= 1 << 16 {
                if let Err(e) = limits.charge_work(pending, "a table of andnim") {
                    return Some(Err(e));
                }
                pending = 0;
            }
            if !poll.heap_done(count, values) {
                break;
            }
        }
        // The values are computed: what is left over only shortens later work.
        let _ = limits.charge_work(pending, "a table of andnim");
        Some(Ok(Extended::Done))
    }
}

fn take_text(n: &Nat, to: &Nat) -> String {
    let take = n.checked_sub(to).unwrap_or_default();
    format!("take {take} from the heap of {n}")
}

/// `(n >> t, t)` where `t` is the number of trailing 1 bits of `n` (Lemma 1:
/// `sg(n) = sg(n >> t)`).
pub(crate) fn strip_trailing_ones(n: &Nat) -> (Nat, u64) {
    match n {
        Nat::Small(v) => {
            let t = u64::from(v.trailing_ones());
            (Nat::from(v.checked_shr(t as u32).unwrap_or(0)), t)
        }
        Nat::Big(b) => {
            let t = (0..b.bits()).take_while(|&i| b.bit(i)).count() as u64;
            (Nat::from_big(&**b >> t), t)
        }
    }
}

/// The highest closed run of 1 bits of odd length, as `(highest bit, lowest bit)`;
/// `None` exactly when `n` is a P-position.
pub(crate) fn odd_closed_run(n: &Nat) -> Option<(u64, u64)> {
    let bits = bits_of(n);
    let mut i = bits.len();
    while i > 0 {
        if !bits[i - 1] {
            i -= 1;
            continue;
        }
        // A run of 1s from bit i-1 down to bit j.
        let hi = i - 1;
        let mut j = hi;
        while j > 0 && bits[j - 1] {
            j -= 1;
        }
        let closed = j > 0;
        if closed && (hi - j + 1) % 2 == 1 {
            return Some((hi as u64, j as u64));
        }
        i = j;
    }
    None
}

/// Whether the player to move loses from a heap of `n` (the theorem above).
pub fn is_p_position(n: &Nat) -> bool {
    odd_closed_run(n).is_none()
}

/// What a bit position of n is, for the move automaton.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A 1 bit that no move changes.
    Fixed,
    /// The 1 at the top of a window (kept: 1, rewritten: 0).
    Top,
    /// A 0 bit of a window; `last` for its lowest bit.
    Body { last: bool },
}

/// States of the automaton: run parity (0 none, 1 odd, 2 even) × some window
/// rewritten (0/1) × window mode (0 kept or outside, 1 rewritten with w = 0 so far,
/// 2 rewritten with w ≠ 0).
const STATES: usize = 18;

fn state(run: u8, changed: u8, mode: u8) -> u8 {
    run + 3 * (changed + 2 * mode)
}

fn parts(s: u8) -> (u8, u8, u8) {
    (s % 3, (s / 3) % 2, s / 6)
}

/// The state after reading bit `b` at a position of kind `k`, or `None` if the bit is
/// not allowed there or leaves a closed run of odd length.
fn step(s: u8, k: Kind, b: bool) -> Option<u8> {
    let (run, mut changed, mut mode) = parts(s);
    match k {
        Kind::Fixed => {
            if !b || mode != 0 {
                return None;
            }
        }
        Kind::Top => {
            if mode != 0 {
                return None;
            }
            if !b {
                mode = 1;
                changed = 1;
            }
        }
        Kind::Body { last } => {
            match (mode, b) {
                (0, true) => return None,
                (0, false) => {}
                (_, true) => mode = 2,
                (_, false) => {}
            }
            if last {
                if mode == 1 {
                    return None;
                }
                mode = 0;
            }
        }
    }
    let run = match (run, b) {
        (0, true) | (2, true) => 1,
        (1, true) => 2,
        (1, false) => return None,
        (_, false) => 0,
        _ => return None,
    };
    Some(state(run, changed, mode))
}

/// The heaps reachable from `n` in one move that are P-positions, largest first
/// (smallest take first), at most `limit` of them. Costs O(L) per heap listed for an
/// L-bit `n`, at any size.
pub fn moves_to_p(n: &Nat, limit: usize) -> Vec<Nat> {
    let bits = bits_of(n);
    let len = bits.len();
    let mut out = Vec::new();
    if len == 0 || limit == 0 {
        return out;
    }
    let kind = |i: usize| -> Kind {
        if bits[i] {
            if i >= 1 && !bits[i - 1] {
                Kind::Top
            } else {
                Kind::Fixed
            }
        } else {
            Kind::Body {
                last: i == 0 || bits[i - 1],
            }
        }
    };
    // feas[k]: the states from which bits k-1 … 0 can be completed (bit masks).
    let mut feas = vec![0u32; len + 1];
    for s in 0..STATES as u8 {
        let (_, changed, mode) = parts(s);
        if changed == 1 && mode == 0 {
            feas[0] |= 1 << s;
        }
    }
    for k in 1..=len {
        let kd = kind(k - 1);
        let mut mask = 0u32;
        for s in 0..STATES as u8 {
            let ok = [true, false]
                .iter()
                .any(|&b| step(s, kd, b).is_some_and(|t| feas[k - 1] >> t & 1 == 1));
            if ok {
                mask |= 1 << s;
            }
        }
        feas[k] = mask;
    }
    let start = state(0, 0, 0);
    if feas[len] >> start & 1 == 0 {
        return out;
    }
    // Depth-first, bit 1 before bit 0: results in decreasing order.
    let mut states: Vec<u8> = Vec::with_capacity(len + 1);
    let mut chosen: Vec<bool> = Vec::with_capacity(len);
    states.push(start);
    let mut word = vec![false; len];
    let descend = |s: u8, pos: usize, from_one: bool| -> Option<(bool, u8)> {
        let choices: &[bool] = if from_one { &[true, false] } else { &[false] };
        choices.iter().find_map(|&b| {
            step(s, kind(pos), b)
                .filter(|&t| feas[pos] >> t & 1 == 1)
                .map(|t| (b, t))
        })
    };
    loop {
        let j = chosen.len();
        if j == len {
            for (k, &b) in chosen.iter().enumerate() {
                word[len - 1 - k] = b;
            }
            out.push(from_bits(&word));
            if out.len() >= limit {
                return out;
            }
            // Backtrack to the deepest choice of 1 whose 0 alternative is feasible.
            loop {
                let Some(last) = chosen.pop() else {
                    return out;
                };
                states.pop();
                let j = chosen.len();
                if last && let Some((b, t)) = descend(states[j], len - 1 - j, false) {
                    chosen.push(b);
                    states.push(t);
                    break;
                }
            }
            continue;
        }
        match descend(states[j], len - 1 - j, true) {
            Some((b, t)) => {
                chosen.push(b);
                states.push(t);
            }
            // Unreachable: every state kept on the path is feasible.
            None => return out,
        }
    }
}

/// The options the table examines to reach heap `len - 1`: Σ_{m < len} (2^{z(m)} − 1),
/// z(m) the number of 0 bits of m below its top bit (saturating).
pub(crate) fn table_work(len: u64) -> u128 {
    if len <= 1 {
        return 0;
    }
    let b = 64 - len.leading_zeros(); // bits of len
    let pow3 = |e: u32| 3u128.saturating_pow(e);
    // Numbers with fewer bits than len: Σ_{l=1}^{b-1} 3^{l-1}.
    let mut total: u128 = (1..b).map(|l| pow3(l - 1)).fold(0, u128::saturating_add);
    // b-bit numbers below len: agree with len above bit i, 0 at bit i where len has 1.
    let mut zeros_above = 0u32;
    for i in (0..b - 1).rev() {
        if len >> i & 1 == 1 {
            let term = (1u128 << (zeros_above + 1)).saturating_mul(pow3(i));
            total = total.saturating_add(term);
        } else {
            zeros_above += 1;
        }
    }
    total.saturating_sub(u128::from(len - 1))
}

/// The andnim family: the table of values from the rules where it fits the limits,
/// the P-positions and their moves at any size.
pub struct AndNim {
    table: HeapFamily<AndNimRules>,
}

impl Default for AndNim {
    fn default() -> Self {
        AndNim {
            table: HeapFamily::new(AndNimRules),
        }
    }
}

impl AndNim {
    /// A family with an empty table.
    pub fn new() -> Self {
        AndNim::default()
    }

    /// Whether the table can reach heap `m` within the limits: its heaps and their
    /// options (each a step of the command's work budget) fit in what is left of it.
    fn table_reaches(m: &Nat, limits: &Limits) -> bool {
        m.to_u64().is_some_and(|m| {
            m < limits.max_states
                && table_work(m + 1).saturating_add(u128::from(m) + 1)
                    <= u128::from(limits.work_left())
        })
    }

    /// The value of `m` from the table, or `None` beyond the limits.
    fn table_value(&self, m: &Nat, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        if !Self::table_reaches(m, limits) {
            return Ok(None);
        }
        match self.table.value(m, limits) {
            Ok(v) => Ok(Some(v)),
            Err(SolveError::Limit { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The value of heap `n`, when known: 0 for P-positions, else from the table by
    /// Lemma 1.
    pub fn value(&self, n: &Nat, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        if is_p_position(n) {
            return Ok(Some(Nat::ZERO));
        }
        let (m, _) = strip_trailing_ones(n);
        self.table_value(&m, limits)
    }
}

/// The `table` command's view of andnim: the engine's table of the rules, refused at
/// once (instead of after seconds of work) when it cannot fit the limits.
pub(crate) struct AndNimTable {
    table: HeapFamily<AndNimRules>,
}

impl Default for AndNimTable {
    fn default() -> Self {
        Self::new()
    }
}

impl AndNimTable {
    /// An empty table.
    pub fn new() -> Self {
        AndNimTable {
            table: HeapFamily::new(AndNimRules),
        }
    }
}

impl AndNimTable {
    /// `Err` when a table up to `to` cannot fit the work budget: refused at once,
    /// instead of after seconds of work.
    fn reachable(&self, from: usize, to: usize, limits: &Limits) -> Result<(), SolveError> {
        if !AndNim::table_reaches(&Nat::from(to), limits) && from <= to {
            return Err(limits.work_exceeded(&format!(
                "a table of andnim up to {to} (heaps with z zero bits have 2^z − 1 moves)"
            )));
        }
        Ok(())
    }
}

impl TableFamily for AndNimTable {
    fn name(&self) -> String {
        "andnim".into()
    }

    fn estimate(&self, from: usize, to: usize, limits: &Limits) -> Result<Estimate, SolveError> {
        self.reachable(from, to, limits)?;
        self.table.estimate(from, to, limits)
    }

    fn prepare_watched(
        &self,
        from: usize,
        to: usize,
        limits: &Limits,
        watch: &mut dyn TableWatch,
    ) -> Result<Option<(Period, bool)>, TableHalt> {
        self.reachable(from, to, limits)?;
        self.table.prepare_watched(from, to, limits, watch)
    }

    fn value_at(&self, n: usize) -> Option<Nat> {
        self.table.value_at(n)
    }

    fn derivation(&self, n: &Nat, limits: &Limits) -> Result<String, SolveError> {
        self.table.derivation(n, limits)
    }

    fn resume(&self, values: ValueStore) -> Result<(), String> {
        self.table.resume(values)
    }

    fn resume_unvouched(
        &self,
        values: ValueStore,
        max_work: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<(), ResumeError> {
        self.table.resume_unvouched(values, max_work, stop)
    }

    fn known_values(&self) -> Ref<'_, ValueStore> {
        self.table.known_values()
    }
}

/// The 0 bits of `n` below its top bit, lowest first: a take is any non-empty set of
/// them (x AND n = 0 and x ≤ n).
fn zero_bits(n: &Nat) -> Vec<u64> {
    let top = n.bits().saturating_sub(1);
    (0..top).filter(|&b| !n.bit(b)).collect()
}

/// `(m << t) | (2^t − 1)`: heap `m` with `t` trailing 1 bits put back.
fn with_trailing_ones(m: &Nat, t: u64) -> Nat {
    if t == 0 {
        return m.clone();
    }
    let ones = (BigUint::from(1u32) << t) - 1u32;
    Nat::from_big((m.to_big() << t) | ones)
}

impl Family for AndNim {
    fn name(&self) -> String {
        "andnim".into()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        sprague_engine::impartial::family::check_one_heap("andnim", pos)
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        self.value(&pos[0], limits)
    }

    fn is_p_position(&self, pos: &Pos, _limits: &Limits) -> Result<bool, SolveError> {
        Ok(is_p_position(&pos[0]))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let n = &pos[0];
        let to: Vec<Nat> = if target.is_zero() {
            moves_to_p(n, sink.cap.saturating_add(1))
        } else {
            // Lemma 1: the moves of n are those of m = n >> t with the t ones put back.
            let (m, t) = strip_trailing_ones(n);
            if !Self::table_reaches(&m, limits) {
                return Err(limits.states_exceeded(&format!(
                    "the values of the moves from andnim({})",
                    if n.bits() > 200 {
                        format!("a {}-bit heap", n.bits())
                    } else {
                        n.to_string()
                    }
                )));
            }
            let mut opts = Vec::new();
            AndNimRules.options(&m, &mut opts);
            let mut keep = Vec::new();
            for o in opts {
                if &self.table.value(&o[0], limits)? == target {
                    keep.push(with_trailing_ones(&o[0], t));
                    if keep.len() > sink.cap {
                        break;
                    }
                }
            }
            keep
        };
        for r in to {
            let words = sink.wants_words();
            let mut m = Move::worded(
                smallvec::smallvec![smallvec::smallvec![r.clone()]],
                words,
                || take_text(n, &r),
            );
            if let Some(k) = n.checked_sub(&r).filter(|k| !k.is_zero()) {
                m = m.with_take(k);
            }
            if !sink.push(m) {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        // The takes x are the non-empty sets of the 0 bits of n below its top bit;
        // the i-th set (i = 1, 2, …, spread over those bits) is the i-th smallest x.
        let n = &pos[0];
        let zeros = zero_bits(n);
        let big = n.to_big();
        let mut i: u64 = 1;
        while zeros.len() >= 64 || i >> zeros.len() == 0 {
            let mut x = BigUint::ZERO;
            for (j, &b) in zeros.iter().enumerate().take(64) {
                if i >> j & 1 == 1 {
                    x.set_bit(b, true);
                }
            }
            let to = Nat::from_big(&big - x);
            if !sink.offer_one(smallvec::smallvec![to.clone()], || take_text(n, &to)) {
                break;
            }
            i += 1;
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        // 2^z − 1 for z zero bits below the top bit.
        let z = zero_bits(&pos[0]).len() as u64;
        Ok(Some(Nat::from_big((BigUint::from(1u32) << z) - 1u32)))
    }

    fn move_to(&self, pos: &Pos, to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        let n = &pos[0];
        let [r] = to.as_slice() else {
            return Ok(None);
        };
        let legal = n
            .checked_sub(r)
            .is_some_and(|x| !x.is_zero() && (x.to_big() & n.to_big()) == BigUint::ZERO);
        Ok(legal.then(|| {
            let m = Move::one(smallvec::smallvec![r.clone()], take_text(n, r));
            match n.checked_sub(r) {
                Some(k) => m.with_take(k),
                None => m,
            }
        }))
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let n = &pos[0];
        let mut lines = Vec::new();
        if n.is_zero() {
            return Ok(vec!["sg(0) = 0: no move".into()]);
        }
        let (m, t) = strip_trailing_ones(n);
        if t > 0 {
            lines.push(format!(
                "its {t} lowest bits are 1 and no move changes them (x AND n = 0), so it plays like andnim({}): sg({n}) = sg({m})",
                if m.bits() > 200 { "…".to_string() } else { m.to_string() }
            ));
        }
        let bin = binary_text(n, 64);
        match odd_closed_run(n) {
            None if m.is_zero() => lines.push(format!(
                "{bin} has no 0 bit below its top bit: no move is possible, sg = 0"
            )),
            None => lines.push(format!(
                "{bin}: every run of 1s followed by a 0 has even length, so this is a P-position (sg = 0): any move leaves such a run of odd length"
            )),
            Some((hi, lo)) => lines.push(format!(
                "{bin}: {} followed by a 0 and has odd length {}, so the player to move wins by making every such run even",
                if hi == lo {
                    format!("the run of 1s at bit {hi} is")
                } else {
                    format!("the run of 1s at bits {hi}…{lo} is")
                },
                hi - lo + 1
            )),
        }
        if !is_p_position(n) {
            match self.table_value(&m, limits)? {
                Some(v) => {
                    let zeros = m.bits().saturating_sub(1)
                        - (crate::bits::popcount(&m).saturating_sub(1));
                    if zeros <= 4 {
                        lines.push(self.table.derivation(&m, limits)?);
                    } else {
                        lines.push(format!(
                            "sg({m}) = {v}: the mex of the values of its {} moves (from the table of the rules; no closed form is known)",
                            (1u64 << zeros.min(63)) - 1
                        ));
                    }
                }
                None => lines.push(
                    "its nim-value is not computed: no closed form is known, and the table of values up to this heap exceeds the bound on positions".into(),
                ),
            }
        }
        lines.push("P-positions (proved): a heap loses for the player to move exactly when every run of 1 bits that is followed by a 0 bit has even length".into());
        Ok(lines)
    }

    fn is_heap_family(&self) -> bool {
        true
    }
}

/// `andnim` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["andnim"],
    usage: Some(("andnim(n,…)", "take x with x AND n = 0")),
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "A move takes x stones from a heap of n, where x and n have no binary digit 1 in common. Whoever cannot move loses.",
        example: Some("andnim(7,12)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((reg.shared(AndNim::new()), 1))
    },
    read: None,
    table: Some(|reg, t| {
        reg.no_params(t)?;
        Ok(std::rc::Rc::new(AndNimTable::new()))
    }),
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::mex_values;
    use sprague_engine::impartial::heap::HeapTable;
    use std::collections::BTreeSet;

    /// The options straight from the rules: n − x for 1 ≤ x ≤ n with x AND n = 0.
    fn rule_options(n: u64) -> BTreeSet<u64> {
        (1..=n).filter(|&x| x & n == 0).map(|x| n - x).collect()
    }

    /// Values by the mex of the rules, from [`rule_options`] (independent of
    /// [`AndNimRules::options`]).
    fn exhaustive(len: usize) -> Vec<u32> {
        mex_values(len, |n, sg: &[u32]| {
            rule_options(n as u64)
                .iter()
                .map(|&m| sg[m as usize])
                .collect()
        })
    }

    #[test]
    fn options_follow_the_rules() {
        for n in 0u64..2048 {
            let mut got = Vec::new();
            AndNimRules.options(&Nat::from(n), &mut got);
            let list: Vec<u64> = got.iter().map(|o| o[0].to_u64().unwrap()).collect();
            let set: BTreeSet<u64> = list.iter().copied().collect();
            assert_eq!(set.len(), list.len());
            assert_eq!(set, rule_options(n), "n = {n}");
        }
    }

    #[test]
    fn table_matches_exhaustive_search() {
        let want = exhaustive(4096);
        let mut t = HeapTable::default();
        t.extend(&AndNimRules, 4096, &Limits::default()).unwrap();
        assert_eq!(t.values(), &want[..]);
        // Values quoted in the module docs.
        let pow2: Vec<u32> = (0..12).map(|k| want[1 << k]).collect();
        assert_eq!(pow2, [0, 1, 2, 3, 4, 6, 8, 11, 15, 20, 26, 33]);
    }

    #[test]
    fn trailing_ones_lemma_and_p_positions_hold_exhaustively() {
        // 2^15 heaps; the table (checked against the rules above) is the reference.
        let mut t = HeapTable::default();
        t.extend(&AndNimRules, 1 << 15, &Limits::default()).unwrap();
        let sg = t.values().to_vec();
        for n in 0..sg.len() {
            let (m, _) = strip_trailing_ones(&Nat::from(n));
            assert_eq!(sg[n], sg[m.to_usize().unwrap()], "n = {n}");
            assert_eq!(is_p_position(&Nat::from(n)), sg[n] == 0, "n = {n}");
        }
        // The study notes' examples: 0b110 and 0b11000 lose, 0b1000 and 0b10100 win.
        assert!(is_p_position(&Nat::from(6u64)));
        assert!(is_p_position(&Nat::from(24u64)));
        assert!(!is_p_position(&Nat::from(8u64)));
        assert!(!is_p_position(&Nat::from(20u64)));
    }

    #[test]
    fn moves_to_p_positions_are_exactly_the_winning_moves() {
        let mut t = HeapTable::default();
        t.extend(&AndNimRules, 1 << 13, &Limits::default()).unwrap();
        let sg = t.values().to_vec();
        for n in 0u64..1 << 13 {
            let want: Vec<u64> = rule_options(n)
                .into_iter()
                .rev()
                .filter(|&m| sg[m as usize] == 0)
                .collect();
            let got: Vec<u64> = moves_to_p(&Nat::from(n), usize::MAX)
                .iter()
                .map(|m| m.to_u64().unwrap())
                .collect();
            // Same set, listed largest first.
            assert_eq!(got, want, "n = {n}");
        }
    }

    #[test]
    fn family_moves_match_the_table_for_every_target() {
        let mut t = HeapTable::default();
        t.extend(&AndNimRules, 1 << 11, &Limits::default()).unwrap();
        let sg = t.values().to_vec();
        let f = AndNim::new();
        let limits = Limits::default();
        for n in 0u64..1 << 11 {
            let pos: Pos = smallvec![Nat::from(n)];
            assert_eq!(
                f.grundy(&pos, &limits).unwrap(),
                Some(Nat::from(sg[n as usize]))
            );
            for target in 0..8u32 {
                let want: BTreeSet<String> = rule_options(n)
                    .into_iter()
                    .filter(|&m| sg[m as usize] == target)
                    .map(|m| format!("andnim({m})"))
                    .collect();
                let mut sink = MoveSink::new(1 << 12);
                f.moves_to_value(&pos, &Nat::from(target), &limits, &mut sink)
                    .unwrap();
                let got: BTreeSet<String> = sink.moves.iter().map(|m| m.to_text(&f)).collect();
                assert_eq!(got.len(), sink.moves.len());
                assert_eq!(got, want, "n = {n}, target = {target}");
            }
        }
    }

    #[test]
    fn table_work_counts_the_options() {
        let mut total: u128 = 0;
        for len in 1u64..5000 {
            total += rule_options(len - 1).len() as u128;
            assert_eq!(table_work(len), total, "len = {len}");
        }
        assert_eq!(
            table_work(1 << 20),
            (3u128.pow(20) - 1) / 2 - ((1 << 20) - 1)
        );
        // All heaps below 2^64 − 1: Σ_{l=1}^{64} 3^{l−1} minus the last heap's one
        // term, minus one per heap.
        assert_eq!(
            table_work(u64::MAX),
            (3u128.pow(64) - 1) / 2 - 1 - (u128::from(u64::MAX) - 1)
        );
    }

    /// Checks that `to` is a legal move from `n` by the rules.
    fn legal(n: &BigUint, to: &BigUint) -> bool {
        to < n && {
            let x = n - to;
            (&x & n) == BigUint::ZERO
        }
    }

    #[test]
    fn huge_heaps() {
        let limits = Limits::default();
        let f = AndNim::new();
        // 10^100: its winning moves lead to P-positions, by the rules and the theorem.
        let n: Nat = format!("1{}", "0".repeat(100)).parse().unwrap();
        let pos: Pos = smallvec![n.clone()];
        assert!(!f.is_p_position(&pos, &limits).unwrap());
        assert_eq!(f.grundy(&pos, &limits).unwrap(), None);
        let mut sink = MoveSink::new(20);
        f.moves_to_value(&pos, &Nat::ZERO, &limits, &mut sink)
            .unwrap();
        assert_eq!(sink.moves.len(), 20);
        assert!(sink.truncated);
        let mut last: Option<Nat> = None;
        for m in &sink.moves {
            let r = m.to[0][0].clone();
            assert!(legal(&n.to_big(), &r.to_big()), "{}", m.to_text(&f));
            assert!(is_p_position(&r));
            assert!(last.as_ref().is_none_or(|l| &r < l), "decreasing");
            last = Some(r);
        }
        // A value for a nonzero target is unknown there.
        let mut sink = MoveSink::new(20);
        assert!(matches!(
            f.moves_to_value(&pos, &Nat::from(1u64), &limits, &mut sink),
            Err(SolveError::Limit { .. })
        ));
        // m = 0b1010 with 300 trailing 1 bits: by Lemma 1 it plays like andnim(10).
        let m = Nat::from(0b1010u64);
        let big = with_trailing_ones(&m, 300);
        let pos: Pos = smallvec![big.clone()];
        let want = exhaustive(16)[10];
        assert_eq!(f.grundy(&pos, &limits).unwrap(), Some(Nat::from(want)));
        for target in 0..4u32 {
            let mut sink = MoveSink::new(20);
            f.moves_to_value(&pos, &Nat::from(target), &limits, &mut sink)
                .unwrap();
            let got: BTreeSet<String> = sink.moves.iter().map(|m| m.to_text(&f)).collect();
            let sg = exhaustive(16);
            let want: BTreeSet<String> = rule_options(10)
                .into_iter()
                .filter(|&o| sg[o as usize] == target)
                .map(|o| format!("andnim({})", with_trailing_ones(&Nat::from(o), 300)))
                .collect();
            assert_eq!(got, want, "target {target}");
        }
        // A P-position of any size has value 0: 0b11 followed by 400 zeros.
        let p = Nat::from_big(BigUint::from(3u32) << 400u32);
        let pos: Pos = smallvec![p];
        assert_eq!(f.grundy(&pos, &limits).unwrap(), Some(Nat::ZERO));
    }

    #[test]
    fn limits_bound_the_table() {
        let f = AndNim::new();
        let small = Limits {
            max_states: 1000,
            ..Limits::default()
        };
        // 2^12: 4095 heaps are more than 1000 states; the value is unknown but the
        // outcome is not.
        let pos: Pos = smallvec![Nat::from(4096u64)];
        assert_eq!(f.grundy(&pos, &small).unwrap(), None);
        assert!(!f.is_p_position(&pos, &small).unwrap());
        let mut sink = MoveSink::new(3);
        f.moves_to_value(&pos, &Nat::ZERO, &small, &mut sink)
            .unwrap();
        assert_eq!(sink.moves.len(), 3);
        // 4095 = 0b111111111111 has no 0 bit: a P-position, one stone away.
        assert_eq!(sink.moves[0].to_text(&f), "andnim(4095)");
        assert_eq!(sink.moves[0].text, "take 1 from the heap of 4096");
    }
}
