//! Fibonacci Nim: one heap of n stones and a limit q; the mover takes t stones,
//! 1 ≤ t ≤ min(q, n), and the opponent's limit becomes 2t. `fib(n,k)` is the heap n
//! with limit k; `fib(n)` is the start position `fib(n,n-1)` (the first move may not
//! take the whole heap; `fib(0)` is the empty heap). The player who cannot move loses.
//!
//! # Outcome (Whinihan 1963)
//!
//! Write n in Zeckendorf form, n = z_1 + … + z_k, a sum of distinct non-consecutive
//! Fibonacci numbers (1, 2, 3, 5, 8, …), z_1 > … > z_k. For n ≥ 1 the player to move
//! wins exactly when the smallest term z_k is at most the limit q; taking z_k wins.
//!
//! # Every winning move
//!
//! A take t wins when it takes the whole heap (t = n ≤ q), or when t < n and the
//! smallest Zeckendorf term F of n − t exceeds 2t. In the second case t < F/2 ≤ F',
//! the Fibonacci number below F, so the terms of t lie below the predecessor of F and
//! Zeckendorf(n − t) ∪ Zeckendorf(t) is the Zeckendorf form of n (it is unique). Hence
//! t is the sum s_j = z_j + … + z_k of the lowest terms of n, and the condition is
//! z_(j−1) > 2·s_j. So the winning moves are exactly
//!
//! * t = s_j for 2 ≤ j ≤ k with z_(j−1) > 2·s_j and s_j ≤ q, and
//! * t = n when n ≤ q,
//!
//! at most k + 1 ≤ 1.45·log2(n) + 2 of them; t = z_k always qualifies when z_k ≤ q
//! (z_(k−1) ≥ F_(i+2) > 2·F_i = 2·z_k). The tests compare this with exhaustive search.
//!
//! All of this is exact integer arithmetic at any size (`fib(10^30)`): Fibonacci
//! numbers are generated upwards and downwards by additions and subtractions, and the
//! representation is kept as one bit per Fibonacci number.
//!
//! # Nim-values
//!
//! No closed form is known (Larsson and Rubinstein-Salzedo, *Grundy values of Fibonacci
//! nim*, 2016, characterise values up to 3). [`FibTable`] computes them for every heap
//! up to n when its (n+1)(n+2)/2 positions fit in `--max-states`; beyond that the value
//! is reported unknown (P-positions have value 0 at any size) and the outcome and
//! winning moves still come from the theorem.

use num_bigint::BigUint;
use num_traits::{One, Zero};
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::exhaustive::GameRules;
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};
use std::cell::RefCell;
use std::rc::Rc;

/// The rules of Fibonacci Nim on `(heap, limit)` below 2^64, for exhaustive search.
#[derive(Clone, Copy, Debug, Default)]
pub struct FibRules;

impl GameRules for FibRules {
    type Position = (u64, u64);
    fn options(&self, &(n, q): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((1..=q.min(n)).map(|t| (n - t, t.saturating_mul(2))));
    }
}

/// The Zeckendorf representation of `n`: bit i tells whether the Fibonacci number
/// `F_(i+2)` (1, 2, 3, 5, … for i = 0, 1, 2, 3, …) is a term. Empty for 0.
///
/// ```
/// use sprague_games::impartial::fib::{zeckendorf, zeckendorf_terms};
/// use sprague_core::nat::Nat;
/// // 20 = 13 + 5 + 2: bits 1 (2), 3 (5) and 5 (13).
/// assert_eq!(zeckendorf(&Nat::from(20u64)), [false, true, false, true, false, true]);
/// assert_eq!(zeckendorf_terms(&Nat::from(20u64)), [Nat::from(13u64), Nat::from(5u64), Nat::from(2u64)]);
/// ```
pub fn zeckendorf(n: &Nat) -> Vec<bool> {
    if n.is_zero() {
        return Vec::new();
    }
    let n = n.to_big();
    // Climb to a = F_(i+2) ≤ n < b = F_(i+3), keeping two numbers only, in place.
    let (mut a, mut b) = (BigUint::one(), BigUint::from(2u32));
    let mut i = 0usize;
    while b <= n {
        a += &b;
        std::mem::swap(&mut a, &mut b);
        i += 1;
    }
    // Greedy descent: take each Fibonacci number that still fits.
    let mut used = vec![false; i + 1];
    let mut rem = n;
    loop {
        if a <= rem {
            rem -= &a;
            used[i] = true;
        }
        if i == 0 || rem.is_zero() {
            break;
        }
        // (a, b) = (F_k, F_(k+1)) becomes (F_(k−1), F_k).
        b -= &a;
        std::mem::swap(&mut a, &mut b);
        i -= 1;
    }
    used
}

/// Calls `f(F_(i+2))` for every term of a representation, smallest first, until `f`
/// returns false.
fn terms_ascending(used: &[bool], mut f: impl FnMut(&BigUint) -> bool) {
    let (mut a, mut b) = (BigUint::one(), BigUint::from(2u32));
    for (i, &u) in used.iter().enumerate() {
        if u && !f(&a) {
            return;
        }
        if i + 1 < used.len() {
            a += &b;
            std::mem::swap(&mut a, &mut b);
        }
    }
}

/// The terms of a representation, largest first.
fn terms_of(used: &[bool]) -> Vec<Nat> {
    let mut out = Vec::new();
    terms_ascending(used, |t| {
        out.push(Nat::from_big(t.clone()));
        true
    });
    out.reverse();
    out
}

/// The Zeckendorf terms of `n`, largest first (see [`zeckendorf`]).
pub fn zeckendorf_terms(n: &Nat) -> Vec<Nat> {
    terms_of(&zeckendorf(n))
}

/// The smallest term of a representation (None for 0).
fn smallest_of(used: &[bool]) -> Option<Nat> {
    let mut out = None;
    terms_ascending(used, |t| {
        out = Some(Nat::from_big(t.clone()));
        false
    });
    out
}

/// The smallest Zeckendorf term of `n ≥ 1` (None for 0).
pub fn smallest_term(n: &Nat) -> Option<Nat> {
    smallest_of(&zeckendorf(n))
}

/// Whether the player to move from heap `n` with limit `q` loses: n = 0, or the
/// smallest Zeckendorf term of n exceeds q (Whinihan).
///
/// ```
/// use sprague_games::impartial::fib::is_p_position;
/// use sprague_core::nat::Nat;
/// assert!(is_p_position(&Nat::from(21u64), &Nat::from(20u64)));  // fib(21)
/// assert!(!is_p_position(&Nat::from(20u64), &Nat::from(19u64))); // fib(20): take 2
/// ```
pub fn is_p_position(n: &Nat, q: &Nat) -> bool {
    p_of(&zeckendorf(n), q)
}

fn p_of(used: &[bool], q: &Nat) -> bool {
    match smallest_of(used) {
        None => true,
        Some(z) => z > *q,
    }
}

/// Every winning take from heap `n` with limit `q`, smallest first (empty when the
/// position is lost): the sums of lowest Zeckendorf terms allowed by the theorem in the
/// module documentation, and the whole heap when `n ≤ q`. Stops after `cap` takes.
///
/// ```
/// use sprague_games::impartial::fib::winning_takes;
/// use sprague_core::nat::Nat;
/// // 20 = 13 + 5 + 2 with limit 19: take 2 (18 = 13 + 5 and 5 > 4); 7 fails (13 ≤ 14).
/// assert_eq!(winning_takes(&Nat::from(20u64), &Nat::from(19u64), 10), [Nat::from(2u64)]);
/// // 17 = 13 + 3 + 1 with limit 17: 1, 4 (13 > 8) and the whole heap.
/// let t = winning_takes(&Nat::from(17u64), &Nat::from(17u64), 10);
/// assert_eq!(t, [Nat::from(1u64), Nat::from(4u64), Nat::from(17u64)]);
/// ```
pub fn winning_takes(n: &Nat, q: &Nat, cap: usize) -> Vec<Nat> {
    takes_of(&zeckendorf(n), n, q, cap)
}

fn takes_of(used: &[bool], n: &Nat, q: &Nat, cap: usize) -> Vec<Nat> {
    let mut out = Vec::new();
    if n.is_zero() || cap == 0 {
        return out;
    }
    let q_big = q.to_big();
    let mut suffix = BigUint::zero();
    terms_ascending(used, |z| {
        if suffix > q_big {
            return false;
        }
        if !suffix.is_zero() && *z > (&suffix << 1u32) {
            out.push(Nat::from_big(suffix.clone()));
            if out.len() >= cap {
                return false;
            }
        }
        suffix += z;
        true
    });
    if out.len() < cap && n <= q {
        out.push(n.clone());
    }
    out
}

/// Nim-values of Fibonacci Nim for every heap up to `n` and every limit (a limit above
/// the heap acts as the heap): `g(m, r) = mex{ g(m − t, min(2t, m − t)) : 1 ≤ t ≤ r }`.
///
/// Row m is filled for r = 1, 2, …, m with one new option per step, so the mex only
/// grows and each row costs O(m): O(n²) time, two bytes per position (a value is at
/// most the number of options, so below 2^16 for heaps below 2^16).
#[derive(Clone, Debug)]
pub struct FibTable {
    n: usize,
    values: Vec<u16>,
}

impl FibTable {
    /// Number of positions of a table up to heap `n`: (n+1)(n+2)/2.
    pub fn cells(n: u64) -> Option<u64> {
        n.checked_add(1)?
            .checked_mul(n.checked_add(2)?)
            .map(|c| c / 2)
    }

    /// Computes the table up to heap `n` (the caller bounds `n`; it must be below 2^16).
    pub fn new(n: usize) -> FibTable {
        let n = n.min(u16::MAX as usize - 1);
        let mut values = vec![0u16; (n + 1) * (n + 2) / 2];
        let mut seen = vec![false; n + 2];
        for m in 1..=n {
            let row = m * (m + 1) / 2;
            seen[..m + 2].iter_mut().for_each(|s| *s = false);
            let mut mex = 0usize;
            for t in 1..=m {
                let (h, r) = (m - t, (2 * t).min(m - t));
                let v = values[h * (h + 1) / 2 + r] as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
                while seen[mex] {
                    mex += 1;
                }
                values[row + t] = mex as u16;
            }
        }
        FibTable { n, values }
    }

    /// The largest heap covered.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The value of heap `n` with limit `q`, if the table covers the heap.
    pub fn get(&self, n: &Nat, q: &Nat) -> Option<u32> {
        let m = n.to_usize().filter(|&m| m <= self.n)?;
        let r = q.to_usize().map_or(m, |q| q.min(m));
        Some(u32::from(self.values[m * (m + 1) / 2 + r]))
    }
}

/// Fibonacci Nim as a family: outcome and every winning move by Whinihan's theorem at
/// any size; nim-values from a [`FibTable`] when it fits in `--max-states`.
///
/// ```
/// use sprague_games::impartial::fib::Fib;
/// use sprague_engine::impartial::family::{Family, MoveSink, Pos};
/// use sprague_core::Limits;
/// use sprague_core::nat::Nat;
/// let f = Fib::default();
/// let pos: Pos = smallvec::smallvec![Nat::from(20u64)];
/// let mut sink = MoveSink::new(20);
/// f.moves_to_value(&pos, &Nat::ZERO, &Limits::default(), &mut sink).unwrap();
/// assert_eq!(sink.moves[0].to_text(&f), "fib(18,4)");
/// ```
#[derive(Debug, Default)]
pub struct Fib {
    table: RefCell<Option<Rc<FibTable>>>,
    /// The last heap's Zeckendorf representation (one solve asks several questions
    /// about the same heap, and a heap of 10^5 digits takes seconds to convert).
    zeck: RefCell<Option<(Nat, Rc<Vec<bool>>)>>,
}

impl Fib {
    /// The heap and the limit of a position: `fib(n)` has limit n − 1 (0 for n = 0).
    pub fn decode(pos: &Pos) -> Result<(Nat, Nat), SolveError> {
        match pos.as_slice() {
            [n] => Ok((
                n.clone(),
                n.checked_sub(&Nat::from(1u64)).unwrap_or_default(),
            )),
            [n, k] => Ok((n.clone(), k.clone())),
            _ => Err(SolveError::Input(
                "fib takes fib(n) (a start position) or fib(n,k) (heap n, take at most k)".into(),
            )),
        }
    }

    /// A table covering heap `n` when its positions fit in `limits`, kept for reuse.
    pub fn table(&self, n: &Nat, limits: &Limits) -> Option<Rc<FibTable>> {
        let n = n.to_u64()?;
        if let Some(t) = self.table.borrow().as_ref()
            && n <= t.size() as u64
        {
            return Some(t.clone());
        }
        let fits =
            n < u64::from(u16::MAX) && FibTable::cells(n).is_some_and(|c| c <= limits.max_states);
        if !fits {
            return None;
        }
        // A cell is a step of the command's work budget.
        let cells = FibTable::cells(n)?;
        limits
            .charge_work(cells, "the table of Fibonacci Nim values")
            .ok()?;
        let t = Rc::new(FibTable::new(n as usize));
        *self.table.borrow_mut() = Some(t.clone());
        Some(t)
    }

    /// The Zeckendorf representation of `n` (see [`zeckendorf`]), kept for the next call.
    pub(crate) fn representation(&self, n: &Nat) -> Rc<Vec<bool>> {
        if let Some((m, z)) = self.zeck.borrow().as_ref()
            && m == n
        {
            return z.clone();
        }
        let z = Rc::new(zeckendorf(n));
        *self.zeck.borrow_mut() = Some((n.clone(), z.clone()));
        z
    }

    /// The nim-value: 0 for P-positions at any size, else from the table if it fits.
    pub fn value(&self, n: &Nat, q: &Nat, limits: &Limits) -> Option<Nat> {
        if p_of(&self.representation(n), q) {
            return Some(Nat::ZERO);
        }
        let t = self.table(n, limits)?;
        t.get(n, q).map(Nat::from)
    }

    /// The move taking `t` from a heap of `n`, in words when `words`.
    fn take_move(n: &Nat, t: &Nat, words: bool) -> Move {
        let rest = n.checked_sub(t).unwrap_or_default();
        let limit = t.add(t);
        let text = || {
            if rest.is_zero() {
                format!("take all {t}")
            } else {
                format!("take {t} (the opponent may then take up to {limit})")
            }
        };
        let text = if words { text() } else { String::new() };
        Move::one(smallvec::smallvec![rest, limit], text)
    }
}

/// `a + b + c` for Zeckendorf terms, shortened when there are many.
fn sum_text(terms: &[Nat]) -> String {
    const SHOWN: usize = 12;
    if terms.len() <= SHOWN {
        return terms
            .iter()
            .map(Nat::to_string)
            .collect::<Vec<_>>()
            .join(" + ");
    }
    let head: Vec<String> = terms[..3].iter().map(Nat::to_string).collect();
    let tail: Vec<String> = terms[terms.len() - 3..]
        .iter()
        .map(Nat::to_string)
        .collect();
    format!(
        "{} + … + {} ({} terms)",
        head.join(" + "),
        tail.join(" + "),
        terms.len()
    )
}

impl Family for Fib {
    fn name(&self) -> String {
        "fib".into()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        Self::decode(pos).map(|_| ())
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let (n, q) = Self::decode(pos)?;
        Ok(self.value(&n, &q, limits))
    }

    fn is_p_position(&self, pos: &Pos, _limits: &Limits) -> Result<bool, SolveError> {
        let (n, q) = Self::decode(pos)?;
        Ok(p_of(&self.representation(&n), &q))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let (n, q) = Self::decode(pos)?;
        if target.is_zero() {
            let z = self.representation(&n);
            for t in takes_of(&z, &n, &q, sink.cap.saturating_add(1)) {
                if !sink.push(Self::take_move(&n, &t, sink.wants_words())) {
                    break;
                }
            }
            return Ok(());
        }
        let Some(table) = self.table(&n, limits) else {
            return Err(
                limits.states_exceeded(&format!("the table of nim-values for fib({n},{q})"))
            );
        };
        let Some(target) = target.to_u64() else {
            return Ok(());
        };
        let Some(m) = n.to_u64() else {
            return Ok(());
        };
        let r = q.to_u64().unwrap_or(u64::MAX);
        for t in 1..=r.min(m) {
            let (rest, limit) = (Nat::from(m - t), Nat::from(2 * t));
            if table.get(&rest, &limit).map(u64::from) == Some(target)
                && !sink.push(Self::take_move(&n, &Nat::from(t), sink.wants_words()))
            {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        // Every take t = 1, 2, …, min(q, n), as far as the sink goes.
        let (n, q) = Self::decode(pos)?;
        let top = n.clone().min(q);
        let one = Nat::from(1u64);
        let mut t = one.clone();
        while t <= top {
            if !sink.push(Self::take_move(&n, &t, sink.wants_words())) {
                break;
            }
            t = t.add(&one);
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let (n, q) = Self::decode(pos)?;
        Ok(Some(n.min(q)))
    }

    fn move_to(&self, pos: &Pos, to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        let (n, q) = Self::decode(pos)?;
        let (rest, limit) = Self::decode(to)?;
        Ok(n.checked_sub(&rest)
            // An empty heap is the same game whatever its limit.
            .filter(|t| !t.is_zero() && *t <= q && (rest.is_zero() || t.add(t) == limit))
            .map(|t| Self::take_move(&n, &t, true)))
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let (n, q) = Self::decode(pos)?;
        let mut lines = Vec::new();
        if n.is_zero() {
            lines.push("the heap is empty: the player to move loses".into());
            return Ok(lines);
        }
        let z = self.representation(&n);
        let smallest = smallest_of(&z).unwrap_or_default();
        // Terms are written out for heaps of moderate size only.
        let small = n.bits() <= 4096;
        let form = if small {
            format!("{n} = {} in Zeckendorf form", sum_text(&terms_of(&z)))
        } else {
            let count = z.iter().filter(|&&u| u).count();
            format!("{n} has {count} terms in Zeckendorf form, the smallest {smallest}")
        };
        if smallest > q {
            lines.push(format!(
                "{form}: its smallest term {smallest} exceeds the limit {q}, so the player to \
                 move loses (Whinihan): after any take t the opponent can take the smallest \
                 term of what is left, which is at most 2t"
            ));
        } else {
            let rest = n.checked_sub(&smallest).unwrap_or_default();
            let limit = smallest.add(&smallest);
            let after = if rest.is_zero() {
                "which empties the heap".to_string()
            } else if small {
                let rest_terms = zeckendorf_terms(&rest);
                let low = rest_terms.last().cloned().unwrap_or_default();
                format!(
                    "leaving {rest} = {}, whose smallest term {low} exceeds the opponent's \
                     limit {limit} (Whinihan)",
                    sum_text(&rest_terms),
                )
            } else {
                format!(
                    "leaving the other terms, whose smallest exceeds the opponent's limit \
                     {limit} (Whinihan)"
                )
            };
            lines.push(format!(
                "{form}: take {smallest} (the smallest term, within the limit {q}), {after}"
            ));
            let takes = takes_of(&z, &n, &q, 12);
            if takes.len() > 1 {
                let list: Vec<String> = takes.iter().map(Nat::to_string).collect();
                lines.push(format!(
                    "the winning takes are the sums of lowest terms s with the next term above \
                     more than 2s (and the whole heap if allowed): {}",
                    list.join(", ")
                ));
            }
        }
        match self.table(&n, limits) {
            Some(t) => {
                if let Some(v) = t.get(&n, &q) {
                    lines.push(format!(
                        "sg(fib({n},{q})) = {v}, from the table of nim-values of every heap up \
                         to {n} (no closed form is known)"
                    ));
                }
            }
            None if smallest <= q => lines.push(limits.value_not_computed("table")),
            None => {}
        }
        Ok(lines)
    }
}

/// `fib` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["fib"],
    usage: Some((
        "fib(n), fib(n,k)",
        "Fibonacci Nim: take 1..k, the next player at most twice that",
    )),
    shown: Some(super::Shown {
        group: super::Group::Study,
        rules: "Fibonacci Nim: the first move takes some stones but not the whole heap; each later move takes at least one and at most twice what the previous move took. Whoever takes the last stone wins.",
        example: Some("fib(10)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((reg.shared(Fib::default()), 0))
    },
    read: None,
    table: None,
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::impartial::exhaustive::GrundySearch;
    use std::collections::BTreeSet;

    fn nat(v: u64) -> Nat {
        Nat::from(v)
    }

    #[test]
    fn zeckendorf_sums_back_and_has_no_neighbours() {
        for n in 0u64..3000 {
            let bits = zeckendorf(&nat(n));
            assert!(bits.windows(2).all(|w| !(w[0] && w[1])), "{n}");
            let total: u64 = zeckendorf_terms(&nat(n))
                .iter()
                .map(|t| t.to_u64().unwrap())
                .sum();
            assert_eq!(total, n);
        }
    }

    #[test]
    fn outcome_and_every_winning_move_match_exhaustive_search() {
        let mut s = GrundySearch::new(FibRules);
        let limits = Limits::default();
        for n in 0u64..=90 {
            for q in 0u64..=n + 2 {
                let p = (n, q);
                let lost = s.grundy(&p, &limits).unwrap() == 0;
                assert_eq!(is_p_position(&nat(n), &nat(q)), lost, "fib({n},{q})");
                let mut exhaustive = BTreeSet::new();
                for t in 1..=q.min(n) {
                    if s.grundy(&(n - t, 2 * t), &limits).unwrap() == 0 {
                        exhaustive.insert(t);
                    }
                }
                let closed: BTreeSet<u64> = winning_takes(&nat(n), &nat(q), usize::MAX)
                    .iter()
                    .map(|t| t.to_u64().unwrap())
                    .collect();
                assert_eq!(closed, exhaustive, "fib({n},{q})");
            }
        }
    }

    #[test]
    fn table_matches_exhaustive_search() {
        let mut s = GrundySearch::new(FibRules);
        let limits = Limits::default();
        let t = FibTable::new(120);
        for n in 0u64..=120 {
            for q in 0u64..=n + 3 {
                assert_eq!(
                    t.get(&nat(n), &nat(q)),
                    Some(s.grundy(&(n, q), &limits).unwrap()),
                    "fib({n},{q})"
                );
            }
        }
    }

    #[test]
    fn start_positions_lose_exactly_at_fibonacci_numbers() {
        // The study notes' claim for HDU 2516: the first player loses iff n is a
        // Fibonacci number (n ≥ 2). Checked here against the search from the rules.
        let mut s = GrundySearch::new(FibRules);
        let limits = Limits::default();
        let fibs: BTreeSet<u64> = [1u64, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233]
            .into_iter()
            .collect();
        for n in 2u64..=233 {
            let lost = s.grundy(&(n, n - 1), &limits).unwrap() == 0;
            assert_eq!(lost, fibs.contains(&n), "fib({n})");
        }
    }

    #[test]
    fn zeckendorf_forms_may_need_more_than_two_terms() {
        // The study notes claim every positive integer is a sum of two non-consecutive
        // Fibonacci numbers. Counterexample: 12 (Fibonacci numbers 1, 2, 3, 5, 8 and no
        // two of them add to 12); its Zeckendorf form is 8 + 3 + 1. Zeckendorf's theorem
        // is about sums of any number of distinct non-consecutive Fibonacci numbers.
        let fibs = [1u64, 2, 3, 5, 8, 13];
        let two = fibs
            .iter()
            .any(|&a| fibs.iter().any(|&b| a < b && a + b == 12));
        assert!(!two);
        assert_eq!(zeckendorf_terms(&nat(12)), [nat(8), nat(3), nat(1)]);
    }

    #[test]
    fn several_winning_moves_exist() {
        // fib(17,17): 17 = 13 + 3 + 1; from the rules, taking 1 leaves (16, 2): 16 =
        // 13 + 3, smallest 3 > 2; taking 4 leaves (13, 8): 13 > 8; taking 17 empties.
        let takes = winning_takes(&nat(17), &nat(17), usize::MAX);
        assert_eq!(takes, [nat(1), nat(4), nat(17)]);
    }

    #[test]
    fn huge_heaps_use_exact_fibonacci_numbers() {
        // 10^30 is not a Fibonacci number: F_145 = 898923707008479989274290850145 <
        // 10^30 < F_146 = 1454489111232772683678306641953 (OEIS A000045, F_1 = F_2 = 1).
        // Its Zeckendorf form has 42 terms, the smallest being 1, so taking 1 wins.
        let n: Nat = "1000000000000000000000000000000".parse().unwrap();
        let terms = zeckendorf_terms(&n);
        let total = terms.iter().fold(Nat::ZERO, |a, t| a.add(t));
        assert_eq!(total, n);
        assert_eq!(
            terms[0].to_string(),
            "898923707008479989274290850145",
            "largest Fibonacci number below 10^30"
        );
        let q = n.checked_sub(&nat(1)).unwrap();
        assert!(!is_p_position(&n, &q));
        assert_eq!(terms.len(), 42);
        assert_eq!(*terms.last().unwrap(), nat(1));
        let takes = winning_takes(&n, &q, 100);
        assert_eq!(takes[0], nat(1));
        let f: Nat = "1454489111232772683678306641953".parse().unwrap();
        let q = f.checked_sub(&nat(1)).unwrap();
        assert!(is_p_position(&f, &q));
    }

    #[test]
    fn family_reports_values_and_moves() {
        let f = Fib::default();
        let limits = Limits::default();
        let pos: Pos = smallvec::smallvec![nat(20)];
        // The value of fib(20) from the exhaustive search of the rules.
        let mut s = GrundySearch::new(FibRules);
        let v = s.grundy(&(20, 19), &limits).unwrap();
        assert_eq!(f.grundy(&pos, &limits).unwrap(), Some(Nat::from(v)));
        // Moves to every value agree with the search.
        for target in 0..=v + 1 {
            let mut sink = MoveSink::new(100);
            f.moves_to_value(&pos, &Nat::from(target), &limits, &mut sink)
                .unwrap();
            let got: BTreeSet<String> = sink.moves.iter().map(|m| m.to_text(&f)).collect();
            let want: BTreeSet<String> = (1..=19u64)
                .filter(|&t| s.grundy(&(20 - t, 2 * t), &limits).unwrap() == target)
                .map(|t| format!("fib({},{})", 20 - t, 2 * t))
                .collect();
            assert_eq!(got, want, "target {target}");
        }
        // Beyond the table the value is unknown but the outcome is not.
        let small = Limits {
            max_states: 10,
            ..Limits::default()
        };
        let big: Pos = smallvec::smallvec![nat(1000)];
        assert_eq!(f.grundy(&big, &small).unwrap(), None);
        assert!(!f.is_p_position(&big, &small).unwrap());
        let lines = f.explain(&pos, &limits).unwrap();
        assert!(lines[0].starts_with("20 = 13 + 5 + 2 in Zeckendorf form: take 2"));
    }
}
