//! Eventual periodicity of Grundy-value tables of heap games.
//!
//! Every function here works on a table `values` with `values[n]` the Grundy value of a
//! heap of size `n`, for `n` in `0..values.len()`, stored at either width ([`Cell`]). A [`Period`] `(n0, p)` says that
//! `G(n + p) = G(n)` for every `n ≥ n0`.
//!
//! [`detect`] only reports what the table shows; it proves nothing. A period becomes a
//! theorem through a game-specific argument: [`prove_subtraction`] for subtraction games
//! with a finite set, [`prove_octal`] for octal games (Guy–Smith) and
//! [`prove_take_break`] for take-and-break games whose moves leave more heaps. Once proved, [`reduce`]
//! maps a heap of any size to a heap inside the table with the same value.

use super::cell::Cell;
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use sprague_core::nat::Nat;

/// Eventual periodicity: `G(n + period) = G(n)` for every `n ≥ preperiod`.
///
/// ```
/// use sprague_engine::impartial::period::Period;
/// // Kayles (octal 0.77): period 12 from heap 71.
/// let kayles = Period { preperiod: 71, period: 12 };
/// assert_eq!(kayles.period, 12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// The first heap size from which the values repeat.
    pub preperiod: usize,
    /// The length of the repeating block (at least 1 in any meaningful period).
    pub period: usize,
}

/// The eventual periodicity the table shows, if it shows one with enough evidence.
///
/// Returns the smallest period `p` and, for it, the smallest preperiod `n0` such that
/// `values[n] == values[n + p]` for every `n0 ≤ n < len − p` (`len = values.len()`),
/// subject to the **evidence rule**: the periodic part `len − n0` must be
///
/// * at least `3p` (the repeating block is seen at least three times), and
/// * at least `n0 + 2p` (the periodic part is at least as long as the preperiod plus two
///   periods, so the table is at least `2·n0 + 2·p` long — the same order of length that
///   the octal periodicity theorem needs to prove such a period).
///
/// Both conditions only get easier as `n0` decreases, so for each `p` only the smallest
/// `n0` matters. With the rule, a few equal values at the end of a table are not reported
/// as a period. The result is a guess, not a proof: see [`prove_subtraction`] and
/// [`prove_octal`].
///
/// **Complexity.** Every accepted shift `p` repeats the last `⌈len / 2⌉` values `p`
/// earlier, so the shifts are walked with a rolling hash of the `⌈len / 2⌉` values
/// ending `p` before the end, and only a shift whose hash matches that of the last ones
/// is compared with the table (backwards from the end): `O(len)` time and no extra
/// memory, even on tables that are nearly periodic (where many shifts match long
/// stretches and still fall short). If comparisons of shifts whose hash matched but
/// that failed exceed about `2·len` (tables built to make the hash collide), the
/// search switches to the Z-function of the reversed table, which gives every shift's
/// match length in `O(len)` time and `4·len` bytes (8·len beyond 2^32 entries). The
/// total is therefore `O(len)` in every case.
///
/// ```
/// use sprague_engine::impartial::period::{detect, Period};
/// // Subtraction game {1, 3, 4}: 0 1 0 1 2 3 2, repeated.
/// let block = [0, 1, 0, 1, 2, 3, 2];
/// let values: Vec<u32> = block.iter().copied().cycle().take(30).collect();
/// assert_eq!(detect(&values), Some(Period { preperiod: 0, period: 7 }));
/// // Too short to see the block three times:
/// assert_eq!(detect(&values[..20]), None);
/// ```
pub fn detect<C: Cell>(values: &[C]) -> Option<Period> {
    detect_hinted(values, false).0
}

/// [`detect`], and when `hint` asks, the smallest shift `p` (with its match count `k`
/// from the end) such that `k ≥ max(CANDIDATE_MATCHES, p / 2)`, if it is below the
/// shift returned (or there is none).
///
/// Every shift `p` that [`detect`]'s rule accepts has `k ≥ need(p) ≥ h = ⌈len / 2⌉`:
/// the last `h` values appear again `p` earlier. So the shifts are walked with a
/// rolling hash of the `h` values ending `p` before the end, and only those whose hash
/// equals that of the last `h` values are compared; a table that is nearly periodic
/// (many shifts with long matches that still fall short) costs no more than any other.
/// The comparisons spent on shifts that fail are bounded as in [`first_period`], past
/// which the Z-function (4 bytes a value) finishes: only for tables built to make the
/// hash collide.
fn detect_hinted<C: Cell>(values: &[C], hint: bool) -> (Option<Period>, Option<(usize, usize)>) {
    let len = values.len();
    let need = detect_need(len);
    let h = len.div_ceil(2);
    let mut found_hint: Option<(usize, usize)> = None;
    if h == 0 {
        return (None, None);
    }
    // H(s) = Σ v[s + i]·B^i over i < h (wrapping), for the window starting at s.
    let at = |i: usize| u64::from(values[i].get()).wrapping_add(1);
    let window = |s: usize, n: usize| window_hash(values, s, n);
    let top = hash_power(h - 1);
    let target = window(len - h, h);
    let mut spent = 0usize;
    let budget = default_budget(len);
    let mut p = 1;
    // The window of shift p starts at len − p − h.
    let mut hash = if len > h { window(len - 1 - h, h) } else { 0 };
    // The hint needs the last W values repeated p earlier: the same rolling hash of the
    // W values ending p before the end says which shifts to compare (a filter with no
    // misses: equal windows hash equal).
    const W: usize = CANDIDATE_MATCHES;
    let mut hinting = hint && len > W;
    let top_w = hash_power(W - 1);
    let target_w = if hinting { window(len - W, W) } else { 0 };
    let mut hash_w = if hinting { window(len - 1 - W, W) } else { 0 };
    while p <= len && need(p) <= len - p {
        if hinting && hash_w == target_w {
            let cap = CANDIDATE_MATCHES.max(p.div_ceil(2));
            if matches_from_end_upto(values, p, cap) >= cap {
                found_hint = Some((p, matches_from_end(values, p)));
                hinting = false;
            }
        }
        if hash == target {
            let k = matches_from_end(values, p);
            if k >= need(p) {
                let found = Period {
                    preperiod: len - p - k,
                    period: p,
                };
                return (Some(found), found_hint.filter(|&(q, _)| q < p));
            }
            spent += k + 1;
            if spent >= budget {
                let found = if u32::try_from(len).is_ok() {
                    first_period_z::<u32, C>(values, p + 1, need)
                } else {
                    first_period_z::<usize, C>(values, p + 1, need)
                };
                // The hint is only looked for by the walk: from here none is given.
                let hint = found_hint.filter(|&(q, _)| found.is_none_or(|f| q < f.period));
                return (found, hint);
            }
        }
        // Slide the window one value down: drop v[s + h − 1], add v[s − 1].
        let s = len - p - h;
        if s == 0 {
            break;
        }
        hash = at(s - 1)
            .wrapping_add(B.wrapping_mul(hash.wrapping_sub(at(s + h - 1).wrapping_mul(top))));
        // The same for the hint's window, which starts at len − p − W.
        if hinting {
            match (len - p).checked_sub(W + 1) {
                Some(sw) => {
                    hash_w = at(sw).wrapping_add(
                        B.wrapping_mul(hash_w.wrapping_sub(at(sw + W).wrapping_mul(top_w))),
                    );
                }
                None => hinting = false,
            }
        }
        p += 1;
    }
    (None, found_hint)
}

/// The multiplier of the rolling hash of [`detect_hinted`].
const B: u64 = 0x9E37_79B9_7F4A_7C15;

/// `B^e` (wrapping).
fn hash_power(mut e: usize) -> u64 {
    let (mut r, mut b) = (1u64, B);
    while e > 0 {
        if e & 1 == 1 {
            r = r.wrapping_mul(b);
        }
        b = b.wrapping_mul(b);
        e >>= 1;
    }
    r
}

/// `Σ (values[s + i] + 1)·B^i` over `i < n` (wrapping), the rolling hash of the window
/// `s..s + n`: four interleaved sums (of the `i` in each class mod 4, in powers of
/// `B^4`), so that the multiplications do not wait on each other, then the last
/// `n mod 4` values.
fn window_hash<C: Cell>(values: &[C], s: usize, n: usize) -> u64 {
    let at = |i: usize| u64::from(values[i].get()).wrapping_add(1);
    let q = n / 4;
    let b4 = hash_power(4);
    let mut lane = [0u64; 4];
    for quad in values[s..s + 4 * q].chunks_exact(4).rev() {
        for (l, v) in lane.iter_mut().zip(quad) {
            *l = l
                .wrapping_mul(b4)
                .wrapping_add(u64::from(v.get()).wrapping_add(1));
        }
    }
    let head = lane
        .iter()
        .rev()
        .fold(0u64, |acc, &l| acc.wrapping_mul(B).wrapping_add(l));
    let tail = (s + 4 * q..s + n)
        .rev()
        .fold(0u64, |acc, i| acc.wrapping_mul(B).wrapping_add(at(i)));
    head.wrapping_add(hash_power(4 * q).wrapping_mul(tail))
}

/// `min(k, cap)` for the match count `k` of [`matches_from_end`], in time `O(min(k, cap))`.
fn matches_from_end_upto<C: Cell>(values: &[C], p: usize, cap: usize) -> usize {
    const CHUNK: usize = 64;
    let m = values.len() - p;
    let (a, b) = (&values[..m], &values[p..]);
    let stop = m.saturating_sub(cap);
    let mut end = m;
    while end >= stop + CHUNK && a[end - CHUNK..end] == b[end - CHUNK..end] {
        end -= CHUNK;
    }
    while end > stop && a[end - 1] == b[end - 1] {
        end -= 1;
    }
    m - end
}

/// Whether the table proves the period `p` of a subtraction game with a finite set `S`,
/// `max(S) = max_move`.
///
/// For every `n ≥ max_move` all moves are available, so `G(n)` is the mex of a fixed
/// pattern of the `max_move` values before it. Hence if `values[n] == values[n + p]` for
/// the `max_move` consecutive heaps `n0 ≤ n < n0 + max_move`, induction gives
/// `G(n + p) = G(n)` for every `n ≥ n0`. Checking this needs the values up to index
/// `n0 + max_move + p − 1`; returns `false` if the table is shorter, or if
/// `p.period == 0`. (`max_move == 0` stands for the empty set, whose values are all 0; the
/// window is then empty and any period of a correct table is proved.)
///
/// The table must be the correct table of such a game: the function checks the window,
/// not the game.
///
/// ```
/// use sprague_engine::impartial::period::{prove_subtraction, Period};
/// // Subtraction game {1, 3, 4}: 0 1 0 1 2 3 2 0 1 0 1 …
/// let values: [u32; 11] = [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1];
/// let p = Period { preperiod: 0, period: 7 };
/// assert!(prove_subtraction(&values, 4, p)); // window 0..4 repeats at 7..11
/// assert!(!prove_subtraction(&values[..10], 4, p)); // too short to check
/// ```
pub fn prove_subtraction<C: Cell>(values: &[C], max_move: usize, p: Period) -> bool {
    let Period {
        preperiod: n0,
        period,
    } = p;
    let Some(end) = n0.checked_add(max_move).and_then(|e| e.checked_add(period)) else {
        return false;
    };
    period > 0 && end <= values.len() && values[n0..n0 + max_move] == values[n0 + period..end]
}

/// The best period of a finite subtraction game (`max(S) = max_move`) that the table
/// proves, in the sense of [`prove_subtraction`].
///
/// Returns the smallest period `p` for which some preperiod `n0` passes
/// [`prove_subtraction`] within the table and, for that `p`, the smallest such `n0`; or
/// `None` if no period is proved (the table is too short). The result is a theorem about
/// the game (provided the table is correct), though a longer table may prove a smaller
/// period.
///
/// Precisely, the result is the smallest `p` such that the last `max_move` comparisons
/// `values[m] == values[m + p]` (`m < len − p`) all hold, with `n0` the smallest index from
/// which the table is `p`-periodic to its end. On the table of a subtraction game with
/// `max(S) = max_move` this is the definition above; on other tables it is still a `p` and
/// `n0` that pass [`prove_subtraction`], but not necessarily the earliest window.
///
/// How it is found: if the window at `n0` holds, the period holds from `n0` on, so every
/// later window holds too; and if `values[m] == values[m + p]` for all `n0 ≤ m < len − p`
/// with `len − p − n0 ≥ max_move`, the window at `n0` lies inside that range. So the
/// smallest proving preperiod for `p` is the smallest `n0` from which the table is
/// `p`-periodic to its end, and it proves `p` exactly when at least `max_move`
/// comparisons `values[m] == values[m + p]` hold at the end of the table. That is the same
/// backward scan as in [`detect`]: a wrong `p` fails within `max_move + 1` comparisons,
/// the first proved `p` costs one pass, and with the same Z-function fallback the total
/// is `O(len)` time in every case (no extra memory unless the fallback is needed).
///
/// ```
/// use sprague_engine::impartial::period::{find_subtraction_period, Period};
/// // Subtraction game {2, 3}: G(n) = 0 0 1 1 2, repeated.
/// let values: Vec<u32> = [0, 0, 1, 1, 2].iter().copied().cycle().take(8).collect();
/// assert_eq!(
///     find_subtraction_period(&values, 3),
///     Some(Period { preperiod: 0, period: 5 })
/// );
/// assert_eq!(find_subtraction_period(&values[..7], 3), None);
/// ```
pub fn find_subtraction_period<C: Cell>(values: &[C], max_move: usize) -> Option<Period> {
    first_period(values, |_| max_move, default_budget(values.len()))
}

/// Whether the table proves the period `p` of an octal game by the Guy–Smith octal
/// periodicity theorem, in the form below (which holds for every octal code):
/// [`prove_take_break`] for moves that leave at most two heaps.
///
/// `last_digit_index` is `t`, the index of the last non-zero digit of the code
/// `d0.d1d2…dt` (2 for Kayles, 0.77), with `d0` 0 or 4. Write `m = max(n0, 1)`.
///
/// **Theorem.** If `G(n + p) = G(n)` for all `n0 ≤ n < 2·m + p + t`, then it holds for
/// all `n ≥ n0`. (The proof, for moves leaving any number of heaps, is at
/// [`prove_take_break`].)
///
/// Where `m` matters: with `n0 = 0` and `m = n0` the split `(a, b)` of `N` with `b = p`
/// would be paired with `(a, 0)`, which is the one-heap option `a` of `n`, legal only if
/// `d_i` also has bit 2. A code such as 0.4 (remove one counter and split the rest into
/// two non-empty heaps) has `G = 0, 0, 0, 1, …`: the values `0, 0, 0` of heaps 0..2 would
/// "prove" period 1 from heap 0. With `d0 = 4` (`i = 0`) there is never a bit 2, and
/// indeed a period from heap 0 is impossible there (`N` has the option `(n, p)` of value
/// `G(n) ⊕ G(p) = G(n)`). Taking `m = max(n0, 1)` costs two more values and makes the
/// theorem hold for every code.
///
/// Checking it needs the values up to index `2·m + 2·p + t − 1`; returns `false` if the
/// table is shorter, or if `p.period == 0`.
///
/// The theorem assumes the game is octal: a heap may be split into two heaps of any sizes
/// (it does not apply as such to Grundy's game). The table must be the game's correct
/// table: the function checks the range, not the game.
///
/// ```
/// use sprague_engine::impartial::period::{prove_octal, Period};
/// // Octal 0.03 (remove 2, leaving 0 or 1 heap): 0 0 1 1, repeated; t = 2.
/// let values: [u16; 12] = [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1];
/// let p = Period { preperiod: 0, period: 4 };
/// assert!(prove_octal(&values, 2, p)); // needs 2·1 + 2·4 + 2 = 12 values
/// assert!(!prove_octal(&values[..11], 2, p));
/// // Octal 0.4: G = 0 0 0 1 …, so three zeros prove nothing.
/// let p = Period { preperiod: 0, period: 1 };
/// assert!(!prove_octal(&[0u16, 0, 0], 1, p));
/// ```
pub fn prove_octal<C: Cell>(values: &[C], last_digit_index: usize, p: Period) -> bool {
    prove_take_break(values, last_digit_index, 2, p)
}

/// Whether the table proves the period `p` of a take-and-break game whose moves leave at
/// most `heaps` non-empty heaps (2 for octal games, 3 for hexadecimal ones), by the
/// periodicity theorem below: the Guy–Smith octal periodicity theorem, with the range
/// it checks stretched for moves that leave more heaps.
///
/// The code is `d0.d1d2…dt`, `t = last_digit_index` the index of the last non-zero
/// digit; the bit `2^j` of `d_i` allows removing `i` counters and leaving exactly `j`
/// non-empty heaps (bit 1: nothing, only from a heap of exactly `i ≥ 1`; bit 2: one heap,
/// `i ≥ 1`; bit 4: two heaps; bit 8: three heaps), and `d0` has neither bit 1 nor bit
/// 2. Every split into `j` non-empty heaps of any sizes is allowed. Write
/// `k = max(heaps, 2)` and `m = max(n0, 1)`.
///
/// **Theorem.** If `G(n + p) = G(n)` for all `n0 ≤ n < k·m + (k − 1)·p + t`, then it
/// holds for all `n ≥ n0`.
///
/// *Proof.* By induction on `n ≥ k·m + (k − 1)·p + t`, assuming `G(x + p) = G(x)` for
/// `n0 ≤ x < n`. The options of `N = n + p` and of `n` are compared digit by digit;
/// removing `i ≤ t` counters:
///
/// * *nothing left* (bit 1 of `d_i`, `i ≥ 1`) needs a heap of exactly `i ≤ t`; both
///   `n` and `N` exceed `t`, so neither has such an option;
/// * *one heap* (bit 2, `i ≥ 1`): `N − i` and `n − i` are both options; `n − i ≥ k·m`
///   is at least `n0` and at least 1, and below `n`, so `G(N − i) = G(n − i)`;
/// * *`j ≥ 2` non-empty heaps* (bit `2^j`, `i ≥ 0`, `j ≤ k`): a split of `N − i` into
///   `j` heaps has a largest heap `b ≥ (N − i)/j ≥ (n + p − t)/k ≥ m + p`; putting
///   `b − p` in its place gives a split of `n − i` into `j` **non-empty** heaps
///   (`b − p ≥ m ≥ 1`), and `n0 ≤ b − p < n` (the other heaps are at least 1, so
///   `b ≤ N − i − (j − 1) < N`), so the two splits have the same value. Conversely a
///   split of `n − i` into `j` heaps has a largest heap `b ≥ (n − i)/j ≥ (n − t)/k ≥ m
///   ≥ n0` with `b < n`: putting `b + p` in its place gives a split of `N − i` of the
///   same value.
///
/// So `N` and `n` have the same set of option values and `G(N) = G(n)`. ∎
///
/// For `k = 2` this is [`prove_octal`]'s range `2·m + p + t` (see there why `m` and not
/// `n0`). Checking it needs the values up to index `k·m + k·p + t − 1`; returns `false`
/// if the table is shorter, if `p.period == 0`, or on overflow. The table must be the
/// game's correct table: the function checks the range, not the game.
///
/// ```
/// use sprague_engine::impartial::period::{prove_take_break, Period};
/// // All zeros prove period 1 from heap 1 once 3·1 + 3·1 + t values are seen for a
/// // game leaving up to three heaps, and 2·1 + 2·1 + t for an octal game.
/// let zeros = [0u16; 8];
/// let p = Period { preperiod: 1, period: 1 };
/// assert!(prove_take_break(&zeros[..7], 1, 3, p));
/// assert!(!prove_take_break(&zeros[..6], 1, 3, p));
/// assert!(prove_take_break(&zeros[..5], 1, 2, p));
/// ```
pub fn prove_take_break<C: Cell>(
    values: &[C],
    last_digit_index: usize,
    heaps: usize,
    p: Period,
) -> bool {
    let Period {
        preperiod: n0,
        period,
    } = p;
    let Some(end) = take_break_proof_len(n0, period, last_digit_index, heaps) else {
        return false;
    };
    // The checked range is n0 ≤ n < end − period, compared with the values p later.
    period > 0 && end <= values.len() && values[n0..end - period] == values[n0 + period..end]
}

/// The table length [`prove_take_break`] needs for the period `(n0, period)` of a code
/// with last digit index `t` whose moves leave at most `heaps` heaps:
/// `k·max(n0, 1) + k·period + t` with `k = max(heaps, 2)`, or `None` on overflow.
fn take_break_proof_len(n0: usize, period: usize, t: usize, heaps: usize) -> Option<usize> {
    let k = heaps.max(2);
    n0.max(1)
        .checked_add(period)?
        .checked_mul(k)?
        .checked_add(t)
}

/// The heap in `0..n0 + p` with the same Grundy value as a heap of size `n`, for `n` of
/// any size, given a period `(n0, p)` that holds for the game.
///
/// Heaps below `n0` map to themselves; others to `n0 + (n − n0) mod p`. So with a table of
/// at least `n0 + p` values, `values[reduce(n, p)]` is the value of heap `n`.
///
/// # Panics
///
/// If `p.period == 0`.
///
/// ```
/// use sprague_engine::impartial::period::{reduce, Period};
/// use sprague_core::nat::Nat;
/// let kayles = Period { preperiod: 71, period: 12 };
/// assert_eq!(reduce(&Nat::from(70u64), kayles), 70);
/// assert_eq!(reduce(&Nat::from(83u64), kayles), 71);
/// // 10^30 ≡ 4 (mod 12) and 71 ≡ 11, so 10^30 − 71 ≡ 5: heap 76.
/// let big: Nat = format!("1{}", "0".repeat(30)).parse().unwrap();
/// assert_eq!(reduce(&big, kayles), 76);
/// ```
pub fn reduce(n: &Nat, p: Period) -> usize {
    let Period {
        preperiod: n0,
        period,
    } = p;
    assert!(period > 0, "reduce: period must be at least 1");
    match n.to_u64().map(u128::from) {
        Some(v) => {
            let (n0, period) = (n0 as u128, period as u128);
            let r = if v < n0 { v } else { n0 + (v - n0) % period };
            r as usize
        }
        None => {
            // n ≥ 2^64 > n0.
            let r = (n.to_big() - BigUint::from(n0)) % BigUint::from(period);
            n0 + r.to_usize().expect("remainder is below the period")
        }
    }
}

/// For [`detect`]: the number `k` of matches from the end (`n0 = len − p − k`) that the
/// evidence rule requires. `len − n0 ≥ 3p` is `k ≥ 2p`; `len − n0 ≥ n0 + 2p` is
/// `2k ≥ len`.
fn detect_need(len: usize) -> impl Fn(usize) -> usize {
    move |p| (2 * p).max(len.div_ceil(2))
}

/// Comparisons the fail-fast scans may spend on rejected shifts before the search
/// switches to the Z-function.
fn default_budget(len: usize) -> usize {
    len.saturating_mul(2).saturating_add(1024)
}

/// Number of `k` such that `values[n] == values[n + p]` for the last `k` values of `n`
/// (`n = len − p − 1`, `len − p − 2`, …), i.e. the smallest `n0` with
/// `values[n] == values[n + p]` for all `n0 ≤ n < len − p` is `len − p − k`.
/// Requires `p ≤ len`.
fn matches_from_end<C: Cell>(values: &[C], p: usize) -> usize {
    const CHUNK: usize = 64;
    let m = values.len() - p;
    let (a, b) = (&values[..m], &values[p..]);
    let mut end = m;
    while end >= CHUNK && a[end - CHUNK..end] == b[end - CHUNK..end] {
        end -= CHUNK;
    }
    while end > 0 && a[end - 1] == b[end - 1] {
        end -= 1;
    }
    m - end
}

/// The smallest shift `p ≥ 1` whose match count from the end (see [`matches_from_end`])
/// reaches `need(p)`, with the preperiod `len − p − k` for the full count `k`.
///
/// `need` must be non-decreasing in `p`: the search stops at the first `p` with
/// `need(p) > len − p`, as no larger shift can succeed. `budget` bounds the comparisons
/// spent on rejected shifts before switching to the Z-function.
fn first_period<C: Cell>(
    values: &[C],
    need: impl Fn(usize) -> usize,
    budget: usize,
) -> Option<Period> {
    let len = values.len();
    let mut spent = 0usize;
    let mut p = 1;
    while p <= len && need(p) <= len - p {
        if spent >= budget {
            return if u32::try_from(len).is_ok() {
                first_period_z::<u32, C>(values, p, need)
            } else {
                first_period_z::<usize, C>(values, p, need)
            };
        }
        let k = matches_from_end(values, p);
        if k >= need(p) {
            return Some(Period {
                preperiod: len - p - k,
                period: p,
            });
        }
        spent += k + 1;
        p += 1;
    }
    None
}

/// Fewest matches from the end for a shift to be a candidate of [`octal_attempt`]
/// (so that a few equal values at the end of a table are not taken for a period).
const CANDIDATE_MATCHES: usize = 64;

/// What a table says of a take-and-break game's period: the period [`detect`] sees and
/// [`prove_take_break`] proves, if any; otherwise the table length at which the proof
/// may next succeed, if the table shows a likely period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OctalAttempt {
    /// The period is proved.
    Proved(Period),
    /// No proof yet: the shortest table length at which the smallest shift `p`
    /// already repeating over at least half a period (and [`CANDIDATE_MATCHES`]
    /// values) at the table's end would be seen and proved if it went on repeating,
    /// `max(k·max(n0, 1) + k·p + t, n0 + 3·p)`; `None` when no shift repeats that far.
    NotYet(Option<usize>),
}

/// [`detect`] and [`prove_take_break`] in one pass over the shifts, with the length at
/// which to try again when they fail (see [`OctalAttempt`]), for a game whose moves
/// leave at most `heaps` heaps. The period proved is the one `detect` then
/// `prove_take_break` give; the length is only a hint of when to look again, never
/// evidence.
pub(crate) fn octal_attempt<C: Cell>(
    values: &[C],
    last_digit_index: usize,
    heaps: usize,
) -> OctalAttempt {
    let len = values.len();
    let (found, hint) = detect_hinted(values, true);
    if let Some(p) = found.filter(|&p| prove_take_break(values, last_digit_index, heaps, p)) {
        return OctalAttempt::Proved(p);
    }
    // detect's rule needs n0 + 3p values, the proof k·max(n0, 1) + k·p + t.
    let retry = hint.and_then(|(p, k)| {
        let n0 = len - p - k;
        let proof = take_break_proof_len(n0, p, last_digit_index, heaps);
        let seen = p.checked_mul(3).and_then(|x| x.checked_add(n0));
        proof.zip(seen).map(|(a, b)| a.max(b))
    });
    OctalAttempt::NotYet(retry.filter(|&r| r > len))
}

/// Storage for Z-function entries: `u32` when the table is short enough, halving memory.
trait ZIndex: Copy {
    fn from_usize(v: usize) -> Self;
    fn to_usize(self) -> usize;
}

impl ZIndex for u32 {
    fn from_usize(v: usize) -> Self {
        u32::try_from(v).expect("Z-function entry exceeds u32")
    }
    fn to_usize(self) -> usize {
        self as usize
    }
}

impl ZIndex for usize {
    fn from_usize(v: usize) -> Self {
        v
    }
    fn to_usize(self) -> usize {
        self
    }
}

/// [`first_period`] from shift `start` on, with every match count read off the
/// Z-function of the reversed table: `z[p]` is the length of the longest common prefix of
/// `rev` and `rev[p..]`, which is exactly [`matches_from_end`]`(values, p)`.
fn first_period_z<I: ZIndex, C: Cell>(
    values: &[C],
    start: usize,
    need: impl Fn(usize) -> usize,
) -> Option<Period> {
    let len = values.len();
    let z = z_reversed::<I, C>(values);
    let mut p = start;
    while p <= len && need(p) <= len - p {
        let k = if p == len { 0 } else { z[p].to_usize() };
        if k >= need(p) {
            return Some(Period {
                preperiod: len - p - k,
                period: p,
            });
        }
        p += 1;
    }
    None
}

/// The Z-function of the reversed table (entry 0 left at 0; it is never used).
fn z_reversed<I: ZIndex, C: Cell>(values: &[C]) -> Vec<I> {
    let len = values.len();
    let s = |i: usize| values[len - 1 - i];
    let mut z = vec![I::from_usize(0); len];
    // [l, r) is the rightmost segment found so far that matches a prefix.
    let (mut l, mut r) = (0usize, 0usize);
    for i in 1..len {
        let mut k = if i < r {
            (r - i).min(z[i - l].to_usize())
        } else {
            0
        };
        while i + k < len && s(k) == s(i + k) {
            k += 1;
        }
        z[i] = I::from_usize(k);
        if i + k > r {
            l = i;
            r = i + k;
        }
    }
    z
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Grundy values of the subtraction game with set `s`, straight from the rule
    /// G(n) = mex{G(n − x) : x ∈ s, x ≤ n}.
    fn subtraction_values(s: &[usize], len: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::with_capacity(len);
        for n in 0..len {
            let opts: Vec<u32> = s.iter().filter(|&&x| x <= n).map(|&x| g[n - x]).collect();
            g.push(mex(&opts));
        }
        g
    }

    fn mex(opts: &[u32]) -> u32 {
        (0..).find(|v| !opts.contains(v)).unwrap()
    }

    /// Grundy values of the octal game with digits `d[1..]` (d[0] is ignored), from the
    /// rules: removing `i` counters is allowed leaving nothing if bit 1 of d[i] is set,
    /// one non-empty heap if bit 2 is set, two non-empty heaps if bit 4 is set.
    fn octal_values(d: &[u8], len: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::with_capacity(len);
        for n in 0..len {
            let mut opts = Vec::new();
            for (i, &digit) in d.iter().enumerate().skip(1) {
                if i > n {
                    break;
                }
                let rest = n - i;
                if rest == 0 && digit & 1 != 0 {
                    opts.push(0);
                }
                if rest >= 1 && digit & 2 != 0 {
                    opts.push(g[rest]);
                }
                if digit & 4 != 0 {
                    for a in 1..rest {
                        opts.push(g[a] ^ g[rest - a]);
                    }
                }
            }
            g.push(mex(&opts));
        }
        g
    }

    #[test]
    fn octal_attempts_prove_what_detect_and_the_theorem_prove_and_hint_where() {
        // Dawson's Kayles (0.07), Kayles (0.77), Dawson's chess (0.137), 0.3, 0.33,
        // 0.03: computed from the rules.
        for digits in [
            &[0u8, 0, 7][..],
            &[0, 7, 7],
            &[0, 1, 3, 7],
            &[0, 3],
            &[0, 3, 3],
            &[0, 0, 3],
        ] {
            let t = digits.len() - 1;
            let values = octal_values(digits, 700);
            let mut first_proof = None;
            for len in 0..=values.len() {
                let v = &values[..len];
                let expected = detect(v).filter(|&p| prove_octal(v, t, p));
                match octal_attempt(v, t, 2) {
                    OctalAttempt::Proved(p) => {
                        assert_eq!(Some(p), expected, "{digits:?} at {len}");
                        first_proof.get_or_insert(len);
                    }
                    OctalAttempt::NotYet(retry) => {
                        assert_eq!(expected, None, "{digits:?} at {len}");
                        assert!(retry.is_none_or(|r| r > len), "{digits:?} at {len}");
                    }
                }
            }
            // Where the period shows long before its proof, some table short of the
            // first proof points exactly at it.
            let first = first_proof.expect("each of these periods is proved by 700 heaps");
            assert!(
                first < 2 * CANDIDATE_MATCHES
                    || (0..first).any(|len| octal_attempt(&values[..len], t, 2)
                        == OctalAttempt::NotYet(Some(first))),
                "{digits:?}: no hint of the proof at {first}"
            );
        }
    }

    /// `pre` followed by `reps` copies of `block`, with the value at `flip` (if any)
    /// changed, so that long matches fall short there.
    fn near_periodic(mut v: Vec<u32>, block: &[u32], reps: usize, flip: usize) -> Vec<u32> {
        for _ in 0..reps {
            v.extend_from_slice(block);
        }
        if let Some(x) = v.get_mut(flip) {
            *x ^= 1;
        }
        v
    }

    /// [`detect`] straight from its definition, by brute force.
    fn detect_naive(v: &[u32]) -> Option<Period> {
        let len = v.len();
        for p in 1..=len {
            for n0 in 0..=len - p {
                let periodic = (n0..len - p).all(|n| v[n] == v[n + p]);
                if periodic && len - n0 >= 3 * p && len - n0 >= n0 + 2 * p {
                    return Some(Period {
                        preperiod: n0,
                        period: p,
                    });
                }
            }
        }
        None
    }

    fn per(preperiod: usize, period: usize) -> Period {
        Period { preperiod, period }
    }

    #[test]
    fn rule_helpers_match_known_small_tables() {
        // Sanity checks of the test oracles against values known independently.
        // Subtraction {1, 3, 4} (Winning Ways): 0 1 0 1 2 3 2 repeating.
        let s134 = subtraction_values(&[1, 3, 4], 21);
        let block = [0, 1, 0, 1, 2, 3, 2];
        assert!(s134.iter().enumerate().all(|(n, &g)| g == block[n % 7]));
        // Kayles (0.77) starts 0 1 2 3 1 4 3 2 1 4 2 6 (OEIS A002186).
        let kayles = octal_values(&[0, 7, 7], 12);
        assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    }

    #[test]
    fn detects_textbook_subtraction_periods() {
        let s134 = subtraction_values(&[1, 3, 4], 100);
        assert_eq!(detect(&s134), Some(per(0, 7)));
        for m in 1..=10 {
            // Bash: S = {1, …, m} has G(n) = n mod (m + 1).
            let s: Vec<usize> = (1..=m).collect();
            let bash = subtraction_values(&s, 10 * (m + 1));
            assert_eq!(detect(&bash), Some(per(0, m + 1)), "m = {m}");
        }
    }

    #[test]
    fn detects_kayles_and_dawsons_kayles() {
        // Published: Kayles period 12 from 71; Dawson's Kayles (0.07) period 34 from 53;
        // Dawson's Chess (0.137) period 34 from 52.
        assert_eq!(detect(&octal_values(&[0, 7, 7], 300)), Some(per(71, 12)));
        assert_eq!(detect(&octal_values(&[0, 0, 7], 400)), Some(per(53, 34)));
        assert_eq!(detect(&octal_values(&[0, 1, 3, 7], 400)), Some(per(52, 34)));
    }

    #[test]
    fn evidence_rule_rejects_short_or_thin_tables() {
        assert_eq!(detect::<u32>(&[]), None);
        assert_eq!(detect(&[5u32]), None);
        assert_eq!(detect(&[5u32, 5]), None);
        assert_eq!(detect(&[5u16, 5, 5]), Some(per(0, 1)));
        // Three equal values after a long irregular prefix are not a period.
        assert_eq!(detect(&[0u32, 1, 2, 3, 4, 5, 6, 7, 7, 7]), None);
        // Kayles needs 2·71 + 2·12 = 166 values under the rule.
        let kayles = octal_values(&[0, 7, 7], 166);
        assert_eq!(detect(&kayles), Some(per(71, 12)));
        assert_eq!(detect(&kayles[..165]), None);
    }

    #[test]
    fn adversarial_table_is_linear_and_correct() {
        // All zeros but one 1 in the middle: every shift matches for about len/2
        // comparisons and is then rejected, so plain scanning would be quadratic.
        let len = 1_000_000;
        let mut v = vec![0u32; len];
        v[len / 2] = 1;
        assert_eq!(detect(&v), None);
        // Same shape, small enough for brute force.
        let mut w = vec![0u32; 41];
        w[20] = 1;
        assert_eq!(detect(&w), detect_naive(&w));
        assert_eq!(first_period(&w, detect_need(41), 0), detect_naive(&w));
    }

    /// The smallest `p`, then smallest `n0`, with a window of `max_move` repeated values
    /// inside the table, straight from the definition (meaningful on game tables).
    fn find_subtraction_naive(v: &[u32], max_move: usize) -> Option<Period> {
        let len = v.len();
        for p in 1..=len {
            for n0 in 0..len {
                if n0 + max_move + p <= len && (n0..n0 + max_move).all(|n| v[n] == v[n + p]) {
                    return Some(per(n0, p));
                }
            }
        }
        None
    }

    /// Whether `values[n] == values[n + p.period]` for every `n ≥ p.preperiod` in the table.
    fn holds(values: &[u32], p: Period) -> bool {
        (p.preperiod..values.len().saturating_sub(p.period))
            .all(|n| values[n] == values[n + p.period])
    }

    #[test]
    fn proves_textbook_subtraction_periods() {
        let s134 = subtraction_values(&[1, 3, 4], 100);
        // Needs 0 + 4 + 7 = 11 values.
        assert!(prove_subtraction(&s134[..11], 4, per(0, 7)));
        assert!(!prove_subtraction(&s134[..10], 4, per(0, 7)));
        assert!(prove_subtraction(&s134, 4, per(3, 7)));
        assert!(prove_subtraction(&s134, 4, per(0, 14)));
        assert!(!prove_subtraction(&s134, 4, per(0, 6)));
        assert!(!prove_subtraction(&s134, 4, per(0, 0)));
        assert!(!prove_subtraction(&s134, 4, per(usize::MAX, 7)));
        assert_eq!(find_subtraction_period(&s134, 4), Some(per(0, 7)));
        assert_eq!(find_subtraction_period(&s134[..11], 4), Some(per(0, 7)));
        // Any proved period is a true one, hence a multiple of 7: none fits in 10 values.
        assert_eq!(find_subtraction_period(&s134[..10], 4), None);
        for m in 1..=10 {
            let s: Vec<usize> = (1..=m).collect();
            let bash = subtraction_values(&s, 2 * m + 1);
            assert_eq!(
                find_subtraction_period(&bash, m),
                Some(per(0, m + 1)),
                "m = {m}"
            );
            assert_eq!(find_subtraction_period(&bash[..2 * m], m), None, "m = {m}");
        }
        // The empty set: every value is 0.
        assert_eq!(find_subtraction_period(&[0u32, 0, 0], 0), Some(per(0, 1)));
        assert_eq!(find_subtraction_period::<u32>(&[], 0), None);
    }

    #[test]
    fn proof_on_a_prefix_holds_on_a_long_table() {
        // {2, 5, 7}: whatever the prefix proves must be true on a 25× longer table,
        // with the same first periodic heap and no shorter period.
        let long = subtraction_values(&[2, 5, 7], 5000);
        let found = find_subtraction_period(&long[..200], 7).expect("a period within 200");
        assert!(prove_subtraction(&long[..200], 7, found));
        assert!(holds(&long, found));
        let (n0, p) = (found.preperiod, found.period);
        assert!(n0 == 0 || long[n0 - 1] != long[n0 - 1 + p]);
        let tail = &long[4000..];
        assert!((1..p).all(|q| !holds(tail, per(0, q))));
    }

    #[test]
    fn proves_kayles_dawsons_kayles_and_dawsons_chess() {
        // Published periods (Winning Ways; Guy–Smith); t is the last digit's index.
        let cases: [(&[u8], usize, Period); 3] = [
            (&[0, 7, 7], 2, per(71, 12)),
            (&[0, 0, 7], 2, per(53, 34)),
            (&[0, 1, 3, 7], 3, per(52, 34)),
        ];
        for (digits, t, p) in cases {
            let needed = 2 * p.preperiod + 2 * p.period + t;
            let values = octal_values(digits, needed);
            assert!(prove_octal(&values, t, p), "{digits:?}");
            assert!(!prove_octal(&values[..needed - 1], t, p), "{digits:?}");
            // One heap earlier, or a wrong period, is not periodic.
            let more = octal_values(digits, needed + 10);
            let early = per(p.preperiod - 1, p.period);
            assert!(!prove_octal(&more, t, early), "{digits:?}");
            assert!(
                !prove_octal(&more, t, per(p.preperiod, p.period - 1)),
                "{digits:?}"
            );
            // A proved period implies the later ones.
            assert!(
                prove_octal(&more, t, per(p.preperiod + 5, p.period)),
                "{digits:?}"
            );
        }
        assert!(!prove_octal(&[0u32; 100], 2, per(0, 0)));
        assert!(!prove_octal(&[0u32; 100], 2, per(usize::MAX / 2, 1)));
        assert!(!prove_octal(&[0u32; 100], usize::MAX, per(0, 1)));
    }

    #[test]
    fn proved_octal_period_holds_further() {
        // Kayles: the proof uses 168 values; the period holds on 1000.
        let kayles = octal_values(&[0, 7, 7], 1000);
        assert!(prove_octal(&kayles[..168], 2, per(71, 12)));
        assert!(holds(&kayles, per(71, 12)));
    }

    #[test]
    fn reduce_maps_every_heap_to_one_with_the_same_value() {
        let kayles = octal_values(&[0, 7, 7], 400);
        let p = per(71, 12);
        for n in 0..400u64 {
            let r = reduce(&Nat::from(n), p);
            assert!(r < 83);
            assert_eq!(kayles[r], kayles[n as usize], "n = {n}");
        }
        // Below the preperiod, heaps are their own representatives.
        assert_eq!(reduce(&Nat::from(5u64), p), 5);
        // 2^64 ≡ 2 (mod 7), since 2^3 ≡ 1: for period 7 from 0 it maps to heap 2.
        let two64: Nat = "18446744073709551616".parse().unwrap();
        assert_eq!(reduce(&two64, per(0, 7)), 2);
        // 2^64 − 1 ≡ 1 (mod 7); with preperiod 3: 3 + (2^64 − 4) mod 7 = 3 + 5.
        assert_eq!(reduce(&Nat::from(u64::MAX), per(0, 7)), 1);
        assert_eq!(reduce(&Nat::from(u64::MAX), per(3, 7)), 8);
        assert_eq!(reduce(&two64, per(3, 7)), 3 + 6);
        assert_eq!(reduce(&Nat::ZERO, per(0, 1)), 0);
    }

    #[test]
    #[should_panic(expected = "period must be at least 1")]
    fn reduce_rejects_period_zero() {
        reduce(&Nat::from(3u64), per(0, 0));
    }

    /// A table made of a random prefix, a block repeated a few times and a random tail,
    /// over a small alphabet so that near-periods are common.
    fn table() -> impl Strategy<Value = Vec<u32>> {
        (
            prop::collection::vec(0u32..3, 0..12),
            prop::collection::vec(0u32..3, 1..6),
            0usize..12,
            prop::collection::vec(0u32..3, 0..3),
        )
            .prop_map(|(pre, block, reps, tail)| {
                let mut v = pre;
                for _ in 0..reps {
                    v.extend_from_slice(&block);
                }
                v.extend(tail);
                v
            })
    }

    proptest! {
        #[test]
        fn detect_matches_definition(v in table()) {
            let expected = detect_naive(&v);
            prop_assert_eq!(detect(&v), expected);
            // The Z-function path from the first shift on, and the scan alone.
            let need = detect_need(v.len());
            prop_assert_eq!(first_period(&v, &need, 0), expected);
            prop_assert_eq!(first_period(&v, &need, usize::MAX), expected);
        }

        #[test]
        fn the_hashed_walk_matches_the_plain_scan_on_long_near_periodic_tables(
            pre in prop::collection::vec(0u32..4, 0..300),
            block in prop::collection::vec(0u32..4, 1..40),
            reps in 0usize..60,
            flip in 0usize..4000,
        ) {
            let v = near_periodic(pre, &block, reps, flip);
            let need = detect_need(v.len());
            let plain = first_period(&v, &need, usize::MAX);
            prop_assert_eq!(detect(&v), plain);
            prop_assert_eq!(detect(&v.iter().map(|&x| x as u16).collect::<Vec<u16>>()), plain);
        }

        #[test]
        fn the_hint_is_the_first_shift_repeating_half_a_period_at_the_end(
            pre in prop::collection::vec(0u32..4, 0..300),
            block in prop::collection::vec(0u32..4, 1..120),
            reps in 0usize..30,
            flip in 0usize..4000,
        ) {
            let v = near_periodic(pre, &block, reps, flip);
            // The hint from its definition: the smallest shift the walk reaches (below
            // the period found, if any) whose match count from the end is at least
            // max(CANDIDATE_MATCHES, ⌈p / 2⌉), with that count.
            let len = v.len();
            let need = detect_need(len);
            let found = first_period(&v, &need, usize::MAX);
            let expected = (1..=len)
                .take_while(|&p| need(p) <= len - p && found.is_none_or(|f| p < f.period))
                .map(|p| (p, matches_from_end(&v, p)))
                .find(|&(p, k)| k >= CANDIDATE_MATCHES.max(p.div_ceil(2)));
            prop_assert_eq!(detect_hinted(&v, true), (found, expected));
        }

        #[test]
        fn the_window_hash_is_its_sum(
            v in prop::collection::vec(0u32..70_000, 0..40),
            s in 0usize..40,
            n in 0usize..40,
        ) {
            let s = s.min(v.len());
            let n = n.min(v.len() - s);
            let sum = (0..n).rev().fold(0u64, |acc, i| {
                acc.wrapping_mul(B).wrapping_add(u64::from(v[s + i]) + 1)
            });
            prop_assert_eq!(window_hash(&v, s, n), sum);
            prop_assert_eq!(hash_power(n), (0..n).fold(1u64, |acc, _| acc.wrapping_mul(B)));
        }

        #[test]
        fn find_subtraction_matches_definition_on_game_tables(
            s in prop::collection::btree_set(1usize..=8, 1..5),
            len in 0usize..80,
        ) {
            let s: Vec<usize> = s.into_iter().collect();
            let max_move = *s.last().unwrap();
            let v = subtraction_values(&s, len);
            let expected = find_subtraction_naive(&v, max_move);
            prop_assert_eq!(find_subtraction_period(&v, max_move), expected);
            prop_assert_eq!(first_period(&v, |_| max_move, 0), expected);
            if let Some(p) = expected {
                prop_assert!(prove_subtraction(&v, max_move, p));
            }
        }

        #[test]
        fn find_subtraction_matches_tail_rule_on_any_table(v in table(), max_move in 0usize..7) {
            // The documented rule for arbitrary tables, by brute force.
            let len = v.len();
            let expected = (1..=len).find_map(|p| {
                let n0 = (0..=len - p).find(|&n0| (n0..len - p).all(|n| v[n] == v[n + p]))?;
                (len - p - n0 >= max_move).then_some(per(n0, p))
            });
            prop_assert_eq!(find_subtraction_period(&v, max_move), expected);
            prop_assert_eq!(first_period(&v, |_| max_move, 0), expected);
            prop_assert_eq!(first_period(&v, |_| max_move, usize::MAX), expected);
            if let Some(p) = expected {
                prop_assert!(prove_subtraction(&v, max_move, p));
            }
        }

        #[test]
        fn proved_period_continues_ten_times_further(
            s in prop::collection::btree_set(1usize..=8, 1..5),
        ) {
            let s: Vec<usize> = s.into_iter().collect();
            let max_move = *s.last().unwrap();
            let long = subtraction_values(&s, 2000);
            let found = find_subtraction_period(&long[..200], max_move);
            prop_assert!(found.is_some(), "no period proved within 200 values");
            if let Some(p) = found {
                prop_assert!(holds(&long, p));
                let n0 = p.preperiod;
                prop_assert!(n0 == 0 || long[n0 - 1] != long[n0 - 1 + p.period]);
                // Every eventual period is a multiple of the least one, and all of them
                // start at the same heap.
                let q = find_subtraction_period(&long, max_move).unwrap();
                prop_assert_eq!(q.preperiod, n0);
                prop_assert_eq!(p.period % q.period, 0);
            }
        }
    }
}
