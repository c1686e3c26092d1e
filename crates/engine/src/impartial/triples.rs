//! Tables of take-and-break games whose moves may leave three heaps (hexadecimal codes
//! with a digit of bit 8, see [`super::takebreak`]).
//!
//! The rare/common table and the dense engine look at the splits of a heap into two;
//! a move that leaves three heaps `a + b + c = s` has about `s²/12` of them. Instead,
//! for every heap size `m` the table keeps the *set* of values of its splits into two,
//!
//! `P(m) = { G(a) ⊕ G(m − a) : 1 ≤ a < m }`,
//!
//! as a bitset over the values below `U`, a power of two above every value so far (so
//! that every XOR of values is below `U` too). The values of the splits of `s` into
//! three non-empty heaps are then
//!
//! `T(s) = ⋃ { G(x) ⊕ P(s − x) : 1 ≤ x ≤ s/3 }`:
//!
//! every split into three has a smallest heap `x ≤ s/3`, and for each `x` the other two
//! heaps are any split of `s − x` (a split of `s − x` with a heap below `x` is another
//! split of `s` into three, which is allowed as well). `G(x) ⊕ P` is `P` with its bits
//! permuted (bit `v` goes to `v ⊕ G(x)`): whole words are swapped by the high bits of
//! `G(x)`, and bits inside a word by the low six. So heap `n` costs `n/2` marks for
//! `P(n)`, `n/3` word operations per word of the bitsets for `T(n)`, and a mex over the
//! sets its digits allow: `O(N²·U/64)` for a table of `N` heaps. `P` is kept for every
//! heap (`N·U/8` bytes), `T` only for the last `t + 1` (the most a move removes).
//!
//! `G(n)` needs `P(n − i)` and `T(n − i)` for the removals `i` of its digits, `i = 0`
//! included (`d0` with bit 4 or 8 splits a heap without removing): both are made of
//! heaps below `n`, so they are built before `G(n)`.

use super::cell::{Cell, Extended};
use super::takebreak::PAIRS_PER_STEP;
use super::watch::Poll;
use sprague_core::{Limits, SolveError, StopPoll};

/// The moves of a code, as the table needs them (each list ascending).
pub(crate) struct Moves<'a> {
    /// The family's name, for messages.
    pub name: &'a str,
    /// `i ≥ 1` whose digit has bit 1 (take a whole heap of `i`).
    pub take_all: &'a [usize],
    /// `i ≥ 1` whose digit has bit 2 (take `i`, leave one heap).
    pub leave_one: &'a [usize],
    /// `i ≥ 0` whose digit has bit 4 (take `i`, leave two heaps).
    pub split_after: &'a [usize],
    /// `i ≥ 0` whose digit has bit 8 (take `i`, leave three heaps).
    pub three_after: &'a [usize],
    /// `t`, the index of the last non-zero digit.
    pub last_digit: usize,
}

/// The sets of split values, as far as the table has been built (see the module
/// documentation).
#[derive(Debug, Default)]
pub(crate) struct TripleTable {
    /// Heaps whose sets are kept: the table's values had this length when last seen.
    built: usize,
    /// `log2 U`, at least 6 (one word).
    bits: u32,
    /// `P(m)` for `m < built`, `U/64` words each.
    pairs: Vec<u64>,
    /// `T(m)` for the last `t + 1` heaps, at `m mod (t + 1)`.
    triples: Vec<u64>,
    /// Scratch for the options of one heap.
    seen: Vec<u64>,
}

/// The masks that swap blocks of `2^j` bits inside a word (the lower block of each pair).
const SWAP: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// The word `w` with bit `b` moved to `b ⊕ low` (`low < 64`).
#[inline]
fn permute_word(mut w: u64, low: u32) -> u64 {
    for (j, &m) in SWAP.iter().enumerate() {
        if low >> j & 1 != 0 {
            let s = 1u32 << j;
            w = ((w >> s) & m) | ((w & m) << s);
        }
    }
    w
}

/// `out |= v ⊕ set` (every bit `b` of `set` sets bit `b ⊕ v` of `out`), for `v` below
/// the sets' range.
#[inline]
fn or_xored(out: &mut [u64], set: &[u64], v: u32) {
    let high = (v >> 6) as usize;
    let low = v & 63;
    for (k, &w) in set.iter().enumerate() {
        if w != 0 {
            out[k ^ high] |= permute_word(w, low);
        }
    }
}

impl TripleTable {
    /// Words per set.
    fn words(&self) -> usize {
        1 << (self.bits - 6)
    }

    /// Bytes the sets of a table of `len` heaps whose values are below `range` need.
    pub(crate) fn bytes_needed(len: usize, range: u64, last_digit: usize) -> u64 {
        let words = (range.max(64).next_power_of_two() / 64).max(1);
        (len as u64)
            .saturating_add(last_digit as u64 + 2)
            .saturating_mul(words)
            .saturating_mul(8)
    }

    /// The bitset `P(m)`.
    fn pair_set(&self, m: usize) -> &[u64] {
        let w = self.words();
        &self.pairs[m * w..(m + 1) * w]
    }

    /// Makes room for values below `2^bits` (every set keeps its bits), checking the
    /// memory of `heaps` heaps first.
    fn grow(
        &mut self,
        bits: u32,
        heaps: usize,
        ring: usize,
        moves: &Moves<'_>,
        limits: &Limits,
    ) -> Result<(), SolveError> {
        if bits <= self.bits {
            return Ok(());
        }
        let new_words = 1usize << (bits - 6);
        let bytes = Self::bytes_needed(heaps, 1 << bits, moves.last_digit);
        if bits > 32 || bytes > limits.max_memory {
            return Err(limits.memory_exceeded(
                &format!(
                    "a table of {} to heap {} with values up to 2^{bits} (sets of split values)",
                    moves.name,
                    heaps.saturating_sub(1)
                ),
                bytes,
            ));
        }
        let old_words = self.words();
        let resize = |v: &Vec<u64>, count: usize| -> Option<Vec<u64>> {
            let mut out: Vec<u64> = Vec::new();
            out.try_reserve_exact(count.checked_mul(new_words)?).ok()?;
            for k in 0..count {
                out.extend_from_slice(&v[k * old_words..(k + 1) * old_words]);
                out.resize((k + 1) * new_words, 0);
            }
            Some(out)
        };
        let too_big = || limits.memory_exceeded(&format!("a table of {}", moves.name), bytes);
        self.pairs = resize(&self.pairs, self.built).ok_or_else(too_big)?;
        self.triples = resize(&self.triples, ring).ok_or_else(too_big)?;
        self.seen = vec![0; new_words];
        self.bits = bits;
        Ok(())
    }

    /// Builds `P(n)` and `T(n)` from the values of heaps below `n` (`n = self.built`),
    /// returning the word operations spent.
    fn add_sets<C: Cell>(&mut self, values: &[C], n: usize, ring: usize) -> u64 {
        let w = self.words();
        let mut p = vec![0u64; w];
        for a in 1..=n / 2 {
            let v = values[a].get() ^ values[n - a].get();
            p[(v >> 6) as usize] |= 1 << (v & 63);
        }
        self.pairs.extend_from_slice(&p);
        let slot = n % ring;
        let mut t = std::mem::take(&mut self.triples);
        let out = &mut t[slot * w..(slot + 1) * w];
        out.fill(0);
        for (x, g) in values.iter().enumerate().take(n / 3 + 1).skip(1) {
            or_xored(out, self.pair_set(n - x), g.get());
        }
        self.triples = t;
        self.built = n + 1;
        (n / 2) as u64 + (n / 3) as u64 * w as u64
    }

    /// Makes the sets describe `values` (at the start, or after another table).
    fn rebuild<C: Cell>(
        &mut self,
        values: &[C],
        moves: &Moves<'_>,
        limits: &Limits,
    ) -> Result<u64, SolveError> {
        let ring = moves.last_digit + 1;
        let max = values.iter().map(|v| v.get()).max().unwrap_or(0);
        let bits = (u64::from(max) + 1)
            .next_power_of_two()
            .trailing_zeros()
            .max(6);
        *self = TripleTable {
            bits: 6,
            triples: vec![0; ring],
            seen: vec![0; 1],
            ..TripleTable::default()
        };
        self.grow(bits, values.len(), ring, moves, limits)?;
        let mut work = 0;
        let mut stop = StopPoll::new();
        for n in 0..values.len() {
            let w = self.add_sets(values, n, ring);
            stop.spend(w + 1, limits)?;
            work += w;
        }
        Ok(work)
    }

    /// Extends `values` (the correct values of heaps `0..values.len()`) to `len`
    /// heaps, charging the work to `limits` (at most `budget` word operations for this
    /// table in all) and telling `poll` of each heap; see [`super::heap::HeapRules::extend_values`].
    pub(crate) fn extend<C: Cell>(
        &mut self,
        moves: &Moves<'_>,
        values: &mut Vec<C>,
        len: usize,
        budget: u64,
        limits: &Limits,
        poll: &mut Poll<'_>,
    ) -> Result<Extended, SolveError> {
        let ring = moves.last_digit + 1;
        let doing = format!("a table of {}", moves.name);
        let mut spent: u64 = 0;
        let mut pending: u64 = 0;
        let charge = |work: u64, spent: &mut u64, pending: &mut u64| {
            *spent = spent.saturating_add(work);
            *pending += work;
            if *spent > budget {
                return Err(limits.states_exceeded(&format!(
                    "{doing} (whose heaps split into three in many ways)"
                )));
            }
            if *pending >= PAIRS_PER_STEP << 16 {
                limits.charge_work(*pending / PAIRS_PER_STEP, &doing)?;
                *pending %= PAIRS_PER_STEP;
            }
            Ok(())
        };
        if self.built != values.len() || self.bits == 0 {
            let w = self.rebuild(values, moves, limits)?;
            charge(w, &mut spent, &mut pending)?;
        }
        let mut stop = StopPoll::new();
        while values.len() < len {
            let n = values.len();
            let bytes = (self.pairs.len() as u64 + self.words() as u64).saturating_mul(8);
            if bytes > limits.max_memory || self.pairs.try_reserve(self.words()).is_err() {
                return Err(limits.memory_exceeded(
                    &format!("{doing} to heap {n} (sets of split values)"),
                    bytes,
                ));
            }
            let mut work = self.add_sets(values, n, ring);
            // The options of heap n.
            let w = self.words();
            let mut seen = std::mem::take(&mut self.seen);
            seen.fill(0);
            let mark = |v: u32, seen: &mut [u64]| seen[(v >> 6) as usize] |= 1 << (v & 63);
            for &i in moves.take_all {
                if i == n {
                    mark(0, &mut seen);
                }
            }
            for &i in moves.leave_one {
                if i < n {
                    mark(values[n - i].get(), &mut seen);
                }
            }
            for &i in moves.split_after {
                if i + 2 <= n {
                    for (s, p) in seen.iter_mut().zip(self.pair_set(n - i)) {
                        *s |= p;
                    }
                    work += w as u64;
                }
            }
            for &i in moves.three_after {
                if i + 3 <= n {
                    let slot = (n - i) % ring;
                    for (s, t) in seen.iter_mut().zip(&self.triples[slot * w..(slot + 1) * w]) {
                        *s |= t;
                    }
                    work += w as u64;
                }
            }
            let v = match seen.iter().position(|&x| x != u64::MAX) {
                Some(k) => (k as u32) * 64 + seen[k].trailing_ones(),
                None => (w as u32) * 64,
            };
            self.seen = seen;
            charge(work, &mut spent, &mut pending)?;
            stop.spend(work + 1, limits)?;
            // Every value, and so every XOR of values, stays below 2^bits.
            let need = (u64::from(v) + 1)
                .next_power_of_two()
                .trailing_zeros()
                .max(6);
            self.grow(need, len, ring, moves, limits)?;
            match C::new(v) {
                Some(c) => values.push(c),
                None => {
                    let _ = limits.charge_work(pending / PAIRS_PER_STEP, &doing);
                    return Ok(Extended::TooWide(v));
                }
            }
            if !poll.heap_done(work, values) {
                break;
            }
        }
        // The values are computed: what is left over only shortens later work.
        let _ = limits.charge_work(pending / PAIRS_PER_STEP, &doing);
        Ok(Extended::Done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permuting_a_word_moves_each_bit_by_xor() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for low in 0..64u32 {
            x = x.rotate_left(7) ^ 0x1234_5678;
            let got = permute_word(x, low);
            let mut want = 0u64;
            for b in 0..64u32 {
                if x >> b & 1 != 0 {
                    want |= 1 << (b ^ low);
                }
            }
            assert_eq!(got, want, "low {low}");
        }
        // Across words: bit 3 of word 1 (value 67) xor 130 goes to value 193.
        let mut out = vec![0u64; 4];
        let mut set = vec![0u64; 4];
        set[1] = 1 << 3;
        or_xored(&mut out, &set, 130);
        assert_eq!(out, vec![0, 0, 0, 1 << (193 - 192)]);
    }
}
