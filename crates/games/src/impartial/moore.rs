//! Moore's Nim_k: `moore[k](a1,…,an)`; a move takes stones from at least one and at
//! most k heaps (any positive number from each heap it touches). The player who cannot
//! move loses. `moore[1]` is Nim.
//!
//! # Outcome (Moore 1910)
//!
//! Write the heaps in binary. The player to move loses exactly when, in every binary
//! column, the number of heaps with a 1 there is a multiple of k + 1. (With k ≥ n only
//! the empty position qualifies: every column count is at most n < k + 1.)
//!
//! # Nim-values
//!
//! * P-positions have value 0.
//! * k = 1 is Nim (Bouton): the XOR of the heaps.
//! * k ≥ n (a move may lower any set of heaps): the value is the total a1 + … + an.
//!   By induction on the total: the options are the positions b ≤ a (heap by heap),
//!   b ≠ a, whose totals are exactly 0, 1, …, S − 1, so the mex is S.
//! * Otherwise no closed form is known; the value comes from an exhaustive search over
//!   sorted heaps (the value does not depend on the order of the heaps) when the
//!   positions times the options of the start fit in `--max-states`, else it is unknown
//!   and the outcome and the winning moves still come from Moore's theorem.
//!
//! # Every winning move
//!
//! A position can have exponentially many winning moves (`moore[2]` with many equal
//! heaps: any pair of them can be lowered), so they are generated one by one, up to
//! `--max-moves`, by a search over the binary columns from the highest down. Each heap
//! is *untouched* (all its bits so far are kept) or *free* (it has been lowered: at its
//! highest changed column a 1 became a 0, so it is already smaller and its lower bits
//! may be anything). At a column with m ones among the untouched heaps and f free
//! heaps, a choice is: d of those m heaps become free (their 1 becomes 0), and x of
//! the f free heaps take a 1, with m − d + x ≡ 0 (mod k + 1) and f + d ≤ k. Every move
//! to a P-position is exactly one path of choices (a heap becomes free at the highest
//! column where it changes).
//!
//! No branch is a dead end, so each move listed costs one walk down the columns: with
//! f ≤ k free heaps some choice always exists (d = m when m ≤ k − f, else the
//! achievable values of m − d + x cover k + 1 consecutive integers), and the only path
//! that frees no heap is the position itself, so a branch with no free heap is cut when
//! every lower column already holds a multiple of k + 1 ones. The tests compare the
//! generator with the set of winning moves found by exhaustive search.

use num_bigint::BigUint;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::exhaustive::{GameRules, GrundySearch};
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};
use std::cell::RefCell;

/// Calls `f(i)` for every set bit i of `n`, lowest first.
fn for_each_set_bit(n: &Nat, mut f: impl FnMut(u64)) {
    let mut visit = |base: u64, mut w: u64| {
        while w != 0 {
            let b = u64::from(w.trailing_zeros());
            f(base + b);
            w &= w - 1;
        }
    };
    match n {
        Nat::Small(v) => visit(0, *v),
        Nat::Big(b) => {
            for (i, w) in b.iter_u64_digits().enumerate() {
                visit(64 * i as u64, w);
            }
        }
    }
}

/// Pushes every option of `heaps` (lower at least one and at most `k` heaps), in the
/// given order of heaps. Used by exhaustive search on small positions: the recursion
/// runs over the non-empty heaps only (at most 64 when the positions are counted in a
/// `u64`).
pub fn options(heaps: &[u64], k: usize, out: &mut Vec<Vec<u64>>) {
    fn go(
        heaps: &[u64],
        live: &[usize],
        k: usize,
        cur: &mut Vec<u64>,
        changed: usize,
        out: &mut Vec<Vec<u64>>,
    ) {
        let Some((&i, rest)) = live.split_first() else {
            if changed > 0 {
                out.push(cur.clone());
            }
            return;
        };
        go(heaps, rest, k, cur, changed, out);
        if changed < k {
            for b in 0..heaps[i] {
                cur[i] = b;
                go(heaps, rest, k, cur, changed + 1, out);
            }
            cur[i] = heaps[i];
        }
    }
    let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
    let mut cur = heaps.to_vec();
    go(heaps, &live, k, &mut cur, 0, out);
}

/// The rules of `moore[k]` on sorted non-zero heaps (the canonical form of a position:
/// neither the order of the heaps nor empty heaps matter), for exhaustive search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MooreRules {
    /// The most heaps a move may touch.
    pub k: usize,
}

/// The canonical form of a small position: its non-zero heaps, sorted.
pub fn canonical(heaps: &[u64]) -> Vec<u64> {
    let mut v: Vec<u64> = heaps.iter().copied().filter(|&a| a > 0).collect();
    v.sort_unstable();
    v
}

impl GameRules for MooreRules {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let start = out.len();
        options(p, self.k, out);
        for o in &mut out[start..] {
            *o = canonical(o);
        }
    }
}

/// The binary column counts of `heaps`: `counts[j]` heaps have bit j set.
pub(crate) fn column_counts(heaps: &[Nat]) -> Vec<u64> {
    let mut counts = Vec::new();
    for h in heaps {
        for_each_set_bit(h, |b| {
            let b = b as usize;
            if counts.len() <= b {
                counts.resize(b + 1, 0);
            }
            counts[b] += 1;
        });
    }
    counts
}

/// `min(k, n)` as a `usize`: a move cannot touch more heaps than there are.
pub(crate) fn effective_k(k: &Nat, n: usize) -> usize {
    k.to_usize().map_or(n, |k| k.min(n)).max(1)
}

/// Whether the player to move loses: every column count is a multiple of k + 1.
///
/// ```
/// use sprague_games::impartial::moore::is_p_position;
/// use sprague_core::nat::Nat;
/// let h = |v: &[u64]| v.iter().map(|&a| Nat::from(a)).collect::<Vec<_>>();
/// assert!(is_p_position(&h(&[1, 1, 1]), &Nat::from(2u64)));
/// assert!(!is_p_position(&h(&[1, 1]), &Nat::from(2u64)));
/// assert!(is_p_position(&h(&[3, 5, 6]), &Nat::from(1u64))); // Nim: 3 ⊕ 5 ⊕ 6 = 0
/// ```
pub fn is_p_position(heaps: &[Nat], k: &Nat) -> bool {
    let m = effective_k(k, heaps.len()) as u64 + 1;
    column_counts(heaps).iter().all(|&c| c % m == 0)
}

/// Most word operations spent counting the moves of a position.
const COUNT_WORK: u64 = 50_000_000;

/// The number of moves of `heaps` in `moore[k]`: the sets of at most k non-empty heaps,
/// each weighted by the product of their sizes (the elementary symmetric sums
/// e_1 + … + e_k of the sizes); `None` when counting would cost more than
/// [`COUNT_WORK`] word operations.
///
/// ```
/// use sprague_games::impartial::moore::move_count;
/// use sprague_core::nat::Nat;
/// let h: Vec<Nat> = [1u64, 2, 3].map(Nat::from).to_vec();
/// // One heap: 1 + 2 + 3; two heaps: 1·2 + 1·3 + 2·3.
/// assert_eq!(move_count(&h, &Nat::from(2u64)), Some(Nat::from(17u64)));
/// ```
pub fn move_count(heaps: &[Nat], k: &Nat) -> Option<Nat> {
    let live: Vec<BigUint> = heaps
        .iter()
        .filter(|h| !h.is_zero())
        .map(Nat::to_big)
        .collect();
    let k = effective_k(k, live.len().max(1)).min(live.len());
    let bits = live.iter().map(|a| a.bits()).max().unwrap_or(0);
    let words = (k as u64).saturating_mul(bits) / 64 + 1;
    let work = (live.len() as u64)
        .saturating_mul(k as u64)
        .saturating_mul(words);
    if work > COUNT_WORK {
        return None;
    }
    // e[s]: the sum over sets of s heaps of the product of their sizes.
    let mut e = vec![BigUint::ZERO; k + 1];
    e[0] = BigUint::from(1u32);
    for a in &live {
        for s in (1..=k).rev() {
            let add = &e[s - 1] * a;
            e[s] += add;
        }
    }
    Some(Nat::from_big(e[1..].iter().sum()))
}

/// A move of Moore's Nim: the heaps changed (0-based indices, increasing) and their new
/// sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MooreMove {
    /// `(heap index, new size)` for each heap lowered, by increasing index.
    pub changes: Vec<(usize, Nat)>,
}

/// One column of the search for winning moves (see the module documentation).
struct Frame {
    col: usize,
    /// Free heaps when the column was entered (the free list is truncated back to it).
    f: usize,
    /// Ones among untouched heaps in this column.
    m: usize,
    /// The untouched heaps with a 1 in this column (filled when some may be freed).
    cand: Vec<u32>,
    started: bool,
    d: usize,
    dcomb: Vec<usize>,
    x: usize,
    /// Positions in the free list of the free heaps that take a 1 here.
    xcomb: Vec<usize>,
}

/// Advances `comb` to the next `comb.len()`-subset of `0..n` in lexicographic order.
fn next_combination(comb: &mut [usize], n: usize) -> bool {
    let r = comb.len();
    let mut i = r;
    while i > 0 {
        i -= 1;
        if comb[i] < n - r + i {
            comb[i] += 1;
            for j in i + 1..r {
                comb[j] = comb[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// Calls `f` with every move from `heaps` to a P-position of `moore[k]`, until `f`
/// returns false. Moves come in the order of the column search: highest column where
/// a heap is lowered first, then fewer heaps, then lower heap indices.
///
/// ```
/// use sprague_games::impartial::moore::winning_moves;
/// use sprague_core::nat::Nat;
/// // moore[2](1,1): the column of 1s holds 2 ones; emptying one heap leaves 1 one,
/// // emptying both leaves 0 (both multiples of 3? only 0 is) — so empty both.
/// let heaps = [1u64, 1].map(Nat::from);
/// let mut moves = Vec::new();
/// winning_moves(&heaps, &Nat::from(2u64), |m| { moves.push(m); true });
/// assert_eq!(moves.len(), 1);
/// assert_eq!(moves[0].changes, [(0, Nat::ZERO), (1, Nat::ZERO)]);
/// ```
pub fn winning_moves(heaps: &[Nat], k: &Nat, mut f: impl FnMut(MooreMove) -> bool) {
    let n = heaps.len();
    let k = effective_k(k, n);
    let modulus = k + 1;
    let counts = column_counts(heaps);
    let cols = counts.len();
    if counts.iter().all(|&c| c % modulus as u64 == 0) {
        return;
    }
    // clean_below[j]: every column below j holds a multiple of k + 1 ones.
    let mut clean_below = vec![true; cols + 1];
    for j in 1..=cols {
        clean_below[j] = clean_below[j - 1] && counts[j - 1].is_multiple_of(modulus as u64);
    }
    let mut col_ones: Vec<Vec<u32>> = vec![Vec::new(); cols];
    for (i, h) in heaps.iter().enumerate() {
        for_each_set_bit(h, |b| col_ones[b as usize].push(i as u32));
    }
    let mut free: Vec<(u32, usize)> = Vec::new();
    let mut is_free = vec![false; n];
    let new_frame = |col: usize, free: &[(u32, usize)], is_free: &[bool]| -> Frame {
        let f = free.len();
        let free_ones = free
            .iter()
            .filter(|&&(i, _)| heaps[i as usize].bit(col as u64))
            .count();
        let m = counts[col] as usize - free_ones;
        let cand = if m.min(k - f) > 0 {
            col_ones[col]
                .iter()
                .copied()
                .filter(|&i| !is_free[i as usize])
                .collect()
        } else {
            Vec::new()
        };
        Frame {
            col,
            f,
            m,
            cand,
            started: false,
            d: 0,
            dcomb: Vec::new(),
            x: 0,
            xcomb: Vec::new(),
        }
    };
    // The x that goes with d, if it is possible (x ≤ f) and the branch is not dead.
    let x_for = |fr: &Frame, d: usize| -> Option<usize> {
        let x = (d + modulus - fr.m % modulus) % modulus;
        let dead = fr.f + d == 0 && clean_below[fr.col];
        (x <= fr.f && !dead).then_some(x)
    };
    let first_d_from = |fr: &Frame, from: usize| -> Option<(usize, usize)> {
        (from..=fr.m.min(k - fr.f)).find_map(|d| x_for(fr, d).map(|x| (d, x)))
    };
    let mut stack = vec![new_frame(cols - 1, &free, &is_free)];
    while let Some(t) = stack.len().checked_sub(1) {
        let top = &mut stack[t];
        // Undo this frame's previous choice.
        for &(i, _) in &free[top.f..] {
            is_free[i as usize] = false;
        }
        free.truncate(top.f);
        // The next choice: the next X, else the next D (first X), else the next d.
        let restart = |top: &mut Frame, from: usize| match first_d_from(top, from) {
            Some((d, x)) => {
                top.d = d;
                top.x = x;
                top.dcomb = (0..d).collect();
                top.xcomb = (0..x).collect();
                true
            }
            None => false,
        };
        let advanced = if !top.started {
            top.started = true;
            restart(top, 0)
        } else if next_combination(&mut top.xcomb, top.f) {
            true
        } else if next_combination(&mut top.dcomb, top.cand.len()) {
            top.xcomb = (0..top.x).collect();
            true
        } else {
            let from = top.d + 1;
            restart(top, from)
        };
        if !advanced {
            stack.pop();
            continue;
        }
        for &c in &top.dcomb {
            let i = top.cand[c];
            is_free[i as usize] = true;
            free.push((i, top.col));
        }
        if top.col > 0 {
            let col = top.col - 1;
            let fr = new_frame(col, &free, &is_free);
            stack.push(fr);
            continue;
        }
        // A complete move: rebuild the new sizes of the free heaps.
        let mut changes: Vec<(usize, Nat)> = Vec::with_capacity(free.len());
        for (slot, &(i, c)) in free.iter().enumerate() {
            // The frame of column j sits at stack index cols − 1 − j.
            let low_bits = (0..c).filter(|&j| stack[cols - 1 - j].xcomb.contains(&slot));
            let new = match &heaps[i as usize] {
                Nat::Small(v) => {
                    let high = if c + 1 >= 64 {
                        0
                    } else {
                        (v >> (c + 1)) << (c + 1)
                    };
                    Nat::from(low_bits.fold(high, |acc, j| acc | 1 << j))
                }
                Nat::Big(b) => {
                    let mut nb: BigUint = (&**b >> (c + 1)) << (c + 1);
                    for j in low_bits {
                        nb.set_bit(j as u64, true);
                    }
                    Nat::from_big(nb)
                }
            };
            changes.push((i as usize, new));
        }
        changes.sort_by_key(|c| c.0);
        if !f(MooreMove { changes }) {
            return;
        }
    }
}

/// Moore's Nim_k as a family.
///
/// ```
/// use sprague_games::impartial::moore::Moore;
/// use sprague_engine::impartial::family::{Family, MoveSink, Pos};
/// use sprague_core::Limits;
/// use sprague_core::nat::Nat;
/// let m = Moore::new(Nat::from(2u64));
/// assert_eq!(m.name(), "moore[2]");
/// let pos: Pos = [1u64, 2, 3].map(Nat::from).into_iter().collect();
/// // Columns: bit 0 has 2 ones (1, 3), bit 1 has 2 ones (2, 3): not multiples of 3.
/// assert!(!m.is_p_position(&pos, &Limits::default()).unwrap());
/// ```
pub struct Moore {
    k: Nat,
    search: RefCell<Option<(usize, GrundySearch<MooreRules>)>>,
}

impl Moore {
    /// The family `moore[k]` (k ≥ 1, checked by the caller).
    pub fn new(k: Nat) -> Self {
        Moore {
            k,
            search: RefCell::new(None),
        }
    }

    /// The small heaps of a position for exhaustive search, if its positions times the
    /// options of the start fit in `limits`.
    fn small(&self, heaps: &[Nat], limits: &Limits) -> Option<(Vec<u64>, usize)> {
        let mut v = Vec::new();
        for h in heaps {
            let a = h.to_u64()?;
            if a > 0 {
                v.push(a);
            }
        }
        let k = effective_k(&self.k, v.len().max(1));
        let mut states: u64 = 1;
        // e[s]: ways to lower exactly s heaps (elementary symmetric sums).
        let mut e = vec![0u64; k + 1];
        e[0] = 1;
        for &a in &v {
            states = states.checked_mul(a.checked_add(1)?)?;
            for s in (1..=k).rev() {
                e[s] = e[s].checked_add(e[s - 1].checked_mul(a)?)?;
            }
            if states > limits.max_states {
                return None;
            }
        }
        let options = e[1..].iter().try_fold(0u64, |acc, &x| acc.checked_add(x))?;
        (states.checked_mul(options.max(1))? <= limits.max_states).then_some((v, k))
    }

    /// The value by exhaustive search, if small enough.
    fn searched(&self, heaps: &[Nat], limits: &Limits) -> Result<Option<u32>, SolveError> {
        let Some((v, k)) = self.small(heaps, limits) else {
            return Ok(None);
        };
        let p = canonical(&v);
        let mut cell = self.search.borrow_mut();
        if cell.as_ref().is_none_or(|(kk, _)| *kk != k) {
            *cell = Some((k, GrundySearch::new(MooreRules { k })));
        }
        let (_, s) = cell.as_mut().expect("set above");
        match s.grundy(&p, limits) {
            Ok(g) => Ok(Some(g)),
            Err(SolveError::Limit { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The nim-value by the rules in the module documentation, when known.
    pub fn value(&self, heaps: &[Nat], limits: &Limits) -> Result<Option<Nat>, SolveError> {
        if is_p_position(heaps, &self.k) {
            return Ok(Some(Nat::ZERO));
        }
        let nonzero = heaps.iter().filter(|h| !h.is_zero()).count();
        let k = effective_k(&self.k, heaps.len());
        if k == 1 {
            let mut x = Nat::ZERO;
            for h in heaps {
                x ^= h;
            }
            return Ok(Some(x));
        }
        if k >= nonzero {
            return Ok(Some(heaps.iter().fold(Nat::ZERO, |s, h| s.add(h))));
        }
        Ok(self.searched(heaps, limits)?.map(Nat::from))
    }

    /// The heaps after move `m`.
    fn after(heaps: &[Nat], m: &MooreMove) -> Pos {
        let mut out: Pos = heaps.iter().cloned().collect();
        for (i, b) in &m.changes {
            out[*i] = b.clone();
        }
        out
    }

    fn text(heaps: &[Nat], m: &MooreMove) -> String {
        let parts: Vec<String> = m
            .changes
            .iter()
            .map(|(i, b)| {
                let a = &heaps[*i];
                format!(
                    "{} from heap {} ({a} → {b})",
                    a.checked_sub(b).unwrap_or_default(),
                    i + 1
                )
            })
            .collect();
        format!("take {}", parts.join(", "))
    }

    fn push(&self, heaps: &[Nat], m: &MooreMove, sink: &mut MoveSink) -> bool {
        sink.offer_one(Self::after(heaps, m), || Self::text(heaps, m))
    }
}

impl Family for Moore {
    fn numbered_heaps(&self) -> bool {
        true
    }

    /// Moore's theorem (the module's outcome).
    fn p_positions_rule(&self) -> Option<String> {
        Some(format!(
            "the positions where, in every binary column, the number of heaps with a 1 there is a multiple of k + 1 = {} (Moore 1910)",
            self.k.add(&Nat::from(1u64))
        ))
    }

    fn name(&self) -> String {
        format!("moore[{}]", self.k)
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        if pos.is_empty() {
            return Err(SolveError::Input(
                "moore[k](a1,…,an) takes the heap sizes".into(),
            ));
        }
        Ok(())
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        self.value(pos, limits)
    }

    fn is_p_position(&self, pos: &Pos, _limits: &Limits) -> Result<bool, SolveError> {
        Ok(is_p_position(pos, &self.k))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        if target.is_zero() {
            winning_moves(pos, &self.k, |m| self.push(pos, &m, sink));
            return Ok(());
        }
        let k = effective_k(&self.k, pos.len());
        if k == 1 {
            // Nim: heap i goes to a_i ⊕ x ⊕ target when that is smaller.
            let mut d = target.clone();
            for h in pos.iter() {
                d ^= h;
            }
            for (i, a) in pos.iter().enumerate() {
                let b = a ^ &d;
                if b < *a
                    && !self.push(
                        pos,
                        &MooreMove {
                            changes: vec![(i, b)],
                        },
                        sink,
                    )
                {
                    break;
                }
            }
            return Ok(());
        }
        let Some((_, k)) = self.small(pos, limits) else {
            return Err(limits
                .states_exceeded(&format!("the nim-values of the options of {}", self.name())));
        };
        let heaps: Vec<u64> = pos.iter().map(|h| h.to_u64().unwrap_or(0)).collect();
        let mut opts = Vec::new();
        options(&heaps, k, &mut opts);
        for o in opts {
            let as_nat: Vec<Nat> = o.iter().map(|&a| Nat::from(a)).collect();
            if self.value(&as_nat, limits)?.as_ref() == Some(target) {
                let changes = o
                    .iter()
                    .enumerate()
                    .filter(|(i, b)| **b != heaps[*i])
                    .map(|(i, &b)| (i, Nat::from(b)))
                    .collect();
                if !self.push(pos, &MooreMove { changes }, sink) {
                    break;
                }
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        // Sets of 1, 2, …, k non-empty heaps (in lexicographic order), each with every
        // tuple of smaller sizes: every set yields a move, so listing k moves costs
        // O(k·(n + size of a move)) whatever the number of heaps.
        let live: Vec<usize> = (0..pos.len()).filter(|&i| !pos[i].is_zero()).collect();
        let k = effective_k(&self.k, live.len().max(1)).min(live.len());
        let one = Nat::from(1u64);
        for size in 1..=k {
            let mut comb: Vec<usize> = (0..size).collect();
            loop {
                let mut vals = vec![Nat::ZERO; size];
                'tuples: loop {
                    let changes = comb
                        .iter()
                        .zip(&vals)
                        .map(|(&c, v)| (live[c], v.clone()))
                        .collect();
                    if !self.push(pos, &MooreMove { changes }, sink) {
                        return Ok(());
                    }
                    // The next tuple, the last heap of the set fastest.
                    let mut j = size;
                    loop {
                        if j == 0 {
                            break 'tuples;
                        }
                        j -= 1;
                        vals[j] = vals[j].add(&one);
                        if vals[j] < pos[live[comb[j]]] {
                            break;
                        }
                        vals[j] = Nat::ZERO;
                    }
                }
                if !next_combination(&mut comb, live.len()) {
                    break;
                }
            }
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        Ok(move_count(pos, &self.k))
    }

    fn move_to(&self, pos: &Pos, to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        if to.len() != pos.len() {
            return Ok(None);
        }
        let mut changes = Vec::new();
        for (i, (a, b)) in pos.iter().zip(to).enumerate() {
            if b > a {
                return Ok(None);
            }
            if b < a {
                changes.push((i, b.clone()));
            }
        }
        let k = effective_k(&self.k, pos.len());
        if changes.is_empty() || changes.len() > k {
            return Ok(None);
        }
        let m = MooreMove { changes };
        Ok(Some(Move::one(Self::after(pos, &m), Self::text(pos, &m))))
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let k = effective_k(&self.k, pos.len());
        let counts = column_counts(pos);
        let shown: Vec<String> = counts
            .iter()
            .enumerate()
            .rev()
            .take(16)
            .map(|(j, c)| format!("bit {j}: {c}"))
            .collect();
        let more = if counts.len() > 16 { ", …" } else { "" };
        let mut lines = Vec::new();
        let kk = k + 1;
        if is_p_position(pos, &self.k) {
            lines.push(format!(
                "every binary column holds a multiple of {kk} ones ({}{more}), so the player \
                 to move loses (Moore): a move changes at most {k} heaps, so it breaks some \
                 column, and the opponent can restore all of them",
                shown.join(", ")
            ));
        } else {
            lines.push(format!(
                "the counts of ones in the binary columns ({}{more}) are not all multiples \
                 of {kk}, so the player to move wins (Moore): lowering at most {k} heaps can \
                 make every column count a multiple of {kk}",
                shown.join(", ")
            ));
        }
        let nonzero = pos.iter().filter(|h| !h.is_zero()).count();
        let v = self.value(pos, limits)?;
        match v {
            Some(v) if k == 1 => lines.push(format!(
                "moore[1] is Nim: the nim-value is the XOR of the heaps, {v}"
            )),
            Some(v) if k >= nonzero && !v.is_zero() => lines.push(format!(
                "a move may lower any set of the non-empty heaps, so the nim-value is the \
                 total number of stones, {v} (the options' totals are exactly 0 … {v} − 1)"
            )),
            Some(v) if !v.is_zero() => lines.push(format!(
                "sg = {v}, by exhaustive search of the positions below (no closed form is \
                 known for 2 ≤ k < n)"
            )),
            None => lines.push(limits.value_not_computed("exhaustive search")),
            _ => {}
        }
        Ok(lines)
    }
}

/// `moore[k]` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["moore"],
    usage: Some((
        "moore[k](a,…)",
        "Moore's Nim: take from 1 to k heaps at once",
    )),
    shown: Some(super::Shown {
        group: super::Group::Study,
        rules: "Moore's Nim: a move takes stones from at least one and at most k heaps at once (any number from each). Whoever takes the last stone wins.",
        example: Some("moore[2](3,4,5)"),
    }),
    build: |reg, t| {
        let k = reg.positive_param(
            t,
            "moore[k] takes one integer k ≥ 1 (the most heaps a move may take from)",
        )?;
        Ok((reg.shared(Moore::new(k)), 0))
    },
    read: None,
    table: None,
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::{all_tuples, nats};
    use std::collections::BTreeSet;

    #[test]
    fn outcome_values_and_winning_moves_match_exhaustive_search() {
        let limits = Limits::default();
        for k in 1..=4usize {
            let mut s = GrundySearch::new(MooreRules { k });
            for n in 1..=4usize {
                let max = match n {
                    1 | 2 => 6,
                    3 => 4,
                    _ => 3,
                };
                let fam = Moore::new(Nat::from(k as u64));
                for p in all_tuples(n, max) {
                    let g = s.grundy(&canonical(&p), &limits).unwrap();
                    let heaps = nats(&p);
                    assert_eq!(
                        is_p_position(&heaps, &Nat::from(k as u64)),
                        g == 0,
                        "moore[{k}]{p:?}"
                    );
                    // Values: closed forms where they apply, search otherwise.
                    let v = fam.value(&heaps, &limits).unwrap();
                    assert_eq!(v, Some(Nat::from(g)), "moore[{k}]{p:?}");
                    // Winning moves: the generator lists exactly the options of value 0.
                    let mut opts = Vec::new();
                    options(&p, k, &mut opts);
                    let want: BTreeSet<Vec<u64>> = opts
                        .into_iter()
                        .filter(|o| s.grundy(&canonical(o), &limits).unwrap() == 0)
                        .collect();
                    let mut got = BTreeSet::new();
                    let mut count = 0;
                    winning_moves(&heaps, &Nat::from(k as u64), |m| {
                        let mut q = p.clone();
                        for (i, b) in &m.changes {
                            assert!(b.to_u64().unwrap() < p[*i]);
                            q[*i] = b.to_u64().unwrap();
                        }
                        assert!(m.changes.len() <= k);
                        got.insert(q);
                        count += 1;
                        true
                    });
                    assert_eq!(count, got.len(), "moore[{k}]{p:?}: duplicates");
                    assert_eq!(got, want, "moore[{k}]{p:?}");
                }
            }
        }
    }

    #[test]
    fn winning_moves_of_more_heaps_match_exhaustive_search() {
        let limits = Limits::default();
        for k in 1..=6usize {
            let mut s = GrundySearch::new(MooreRules { k });
            for (n, max) in [(5usize, 3u64), (6, 2)] {
                for p in all_tuples(n, max) {
                    let heaps = nats(&p);
                    let mut opts = Vec::new();
                    options(&p, k, &mut opts);
                    let want: BTreeSet<Vec<u64>> = opts
                        .into_iter()
                        .filter(|o| s.grundy(&canonical(o), &limits).unwrap() == 0)
                        .collect();
                    let mut got = BTreeSet::new();
                    winning_moves(&heaps, &Nat::from(k as u64), |m| {
                        let mut q = p.clone();
                        for (i, b) in &m.changes {
                            q[*i] = b.to_u64().unwrap();
                        }
                        assert!(got.insert(q), "moore[{k}]{p:?}: duplicate");
                        true
                    });
                    assert_eq!(got, want, "moore[{k}]{p:?}");
                }
            }
        }
    }

    #[test]
    fn moves_to_other_values_match_exhaustive_search() {
        let limits = Limits::default();
        for k in 1..=3usize {
            let mut s = GrundySearch::new(MooreRules { k });
            let fam = Moore::new(Nat::from(k as u64));
            for p in all_tuples(3, 3) {
                let g = s.grundy(&canonical(&p), &limits).unwrap();
                let mut opts = Vec::new();
                options(&p, k, &mut opts);
                for target in 1..=g + 1 {
                    let want: BTreeSet<String> = opts
                        .iter()
                        .filter(|o| s.grundy(&canonical(o), &limits).unwrap() == target)
                        .map(|o| {
                            let v: Vec<String> = o.iter().map(u64::to_string).collect();
                            format!("moore[{k}]({})", v.join(","))
                        })
                        .collect();
                    let mut sink = MoveSink::new(10_000);
                    let pos: Pos = nats(&p).into_iter().collect();
                    fam.moves_to_value(&pos, &Nat::from(target), &limits, &mut sink)
                        .unwrap();
                    let got: BTreeSet<String> =
                        sink.moves.iter().map(|m| m.to_text(&fam)).collect();
                    assert_eq!(got, want, "moore[{k}]{p:?} to {target}");
                }
            }
        }
    }

    #[test]
    fn many_heaps_list_moves_up_to_the_cap() {
        // 10^5 heaps of 1 with k = 2: 100000 ones in column 0, 100000 mod 3 = 1, so the
        // winning moves empty one heap (C(100000, 1) = 100000 of them, or with 2 heaps
        // 100000 − 2 ≡ 2, no). The generator stops after the cap.
        let heaps = vec![Nat::from(1u64); 100_000];
        let mut n = 0;
        winning_moves(&heaps, &Nat::from(2u64), |m| {
            assert_eq!(m.changes.len(), 1);
            n += 1;
            n < 21
        });
        assert_eq!(n, 21);
    }

    #[test]
    fn big_heaps_keep_their_high_bits() {
        // moore[1] is Nim: heaps 2^70 + 5 and 3: XOR has bit 70, so only the big heap
        // can move, to 3 (its high bits cleared).
        let big = Nat::from_big((BigUint::from(1u32) << 70u32) + 5u32);
        let heaps = vec![big, Nat::from(3u64)];
        let mut got = Vec::new();
        winning_moves(&heaps, &Nat::from(1u64), |m| {
            got.push(m);
            true
        });
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].changes, [(0, Nat::from(3u64))]);
    }
}
