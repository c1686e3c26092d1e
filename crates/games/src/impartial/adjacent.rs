//! `adjacent[m](n,last)`: a heap of n stones; the mover takes t stones, 1 ≤ t ≤ min(m, n),
//! except that t is forbidden when last + t = m + 1, where last is the previous take
//! (0 at the start, so nothing is forbidden then; `adjacent[m](n)` is
//! `adjacent[m](n,0)`). The player who cannot move loses.
//!
//! # Outcome (found by exhaustive search, then proved)
//!
//! For m ≥ 2, with r = n mod (m + 2), the player to move loses exactly when
//!
//! * r = 0, or
//! * last ≥ 1 and r = m + 1 − last (the take that would restore a multiple of m + 2 is
//!   the forbidden one).
//!
//! Proof. From r = 0 a take t (1 ≤ t ≤ m) leaves n − t ≡ m + 2 − t with last = t,
//! which is neither 0 nor m + 1 − t. From r = m + 1 − last ∈ [1, m] a take t leaves
//! r − t: that is 0 only for t = r, the forbidden take, and never m + 1 − t. So every
//! move from the set leaves it. Conversely, if r ∈ [1, m] and r ≠ m + 1 − last, taking r
//! is allowed and leaves a multiple of m + 2. If r = m + 1 (so n ≥ m + 1), every allowed
//! take t leaves n − t ≡ m + 1 − t with last = t, a P-position of the second kind, and
//! at least one take of 1..m is allowed since m ≥ 2. (n = 0 is r = 0.)
//!
//! So from an N-position the winning moves are: t = r when 1 ≤ r ≤ m (only that one),
//! and every allowed t ≤ m when r = m + 1.
//!
//! For m = 1 only takes of 1 exist and a take of 1 forbids the next one: the first
//! move ends the game, so the player to move loses exactly when n = 0 or last = 1.
//!
//! # Nim-values
//!
//! Row n of values (one per last = 0..m) depends only on the m rows before it, so once
//! m consecutive rows (from row m on) equal the rows m + 2 earlier, the values are
//! periodic with period m + 2 from there on (the exhaustive searches show a
//! preperiod of roughly 1.3·m² rows). [`AdjTable`] computes rows until that happens
//! or `--max-states` values are used; each row costs O(m) with counts of the option
//! values (removing one option from a set changes its mex only when it was the only
//! option of a value below the mex).

use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::exhaustive::GameRules;
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};
use std::cell::RefCell;
use std::rc::Rc;

/// The rules on `(heap, last)` below 2^64, for exhaustive search.
#[derive(Clone, Copy, Debug)]
pub struct AdjacentRules {
    /// Most stones per take.
    pub m: u64,
}

impl GameRules for AdjacentRules {
    type Position = (u64, u64);
    fn options(&self, &(n, last): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend(
            (1..=self.m.min(n))
                .filter(|&t| last + t != self.m + 1)
                .map(|t| (n - t, t)),
        );
    }
}

/// `n mod d` for `d ≥ 1`.
fn rem(n: &Nat, d: &Nat) -> Nat {
    match (n, d) {
        (Nat::Small(a), Nat::Small(b)) => Nat::from(a % b),
        _ => Nat::from_big(n.to_big() % d.to_big()),
    }
}

/// The takes t with `1 ≤ t ≤ min(m, n)` allowed after `last`, as a test.
fn allowed(m: &Nat, last: &Nat, t: &Nat) -> bool {
    last.add(t) != m.add(&Nat::from(1u64))
}

/// Whether the player to move from heap `n` after a take of `last` loses.
///
/// ```
/// use sprague_games::impartial::adjacent::is_p_position;
/// use sprague_core::nat::Nat;
/// let n = |v: u64| Nat::from(v);
/// // m = 3, period 5: multiples of 5 lose; after a take of 1, so do heaps ≡ 3.
/// assert!(is_p_position(&n(3), &n(10), &n(0)));
/// assert!(is_p_position(&n(3), &n(8), &n(1)));
/// assert!(!is_p_position(&n(3), &n(8), &n(2)));
/// ```
pub fn is_p_position(m: &Nat, n: &Nat, last: &Nat) -> bool {
    let one = Nat::from(1u64);
    if *m == one {
        return n.is_zero() || *last == one;
    }
    let period = m.add(&Nat::from(2u64));
    let r = rem(n, &period);
    r.is_zero() || (!last.is_zero() && r.add(last) == m.add(&one))
}

/// Calls `f(t)` with every winning take (to a P-position), smallest first, until `f`
/// returns false.
pub(crate) fn winning_takes(m: &Nat, n: &Nat, last: &Nat, mut f: impl FnMut(Nat) -> bool) {
    if is_p_position(m, n, last) {
        return;
    }
    let one = Nat::from(1u64);
    if *m == one {
        // N-position: last = 0 and n ≥ 1; the take of 1 ends the game.
        f(one);
        return;
    }
    let r = rem(n, &m.add(&Nat::from(2u64)));
    if r <= *m {
        f(r);
        return;
    }
    // r = m + 1: every allowed take of 1..m wins.
    let mut t = one.clone();
    while t <= *m {
        if allowed(m, last, &t) && !f(t.clone()) {
            return;
        }
        t = t.add(&one);
    }
}

/// Nim-values for heaps up to the end of the first period proved, for one m.
#[derive(Clone, Debug)]
pub struct AdjTable {
    m: usize,
    /// Row n holds the values for last = 0..=m.
    values: Vec<u16>,
    /// Rows from here on repeat with period m + 2.
    preperiod: usize,
}

impl AdjTable {
    /// Computes rows until the period m + 2 is proved, using at most `max_states`
    /// values; `None` if that is not enough (or m ≥ 2^16 − 1).
    pub fn new(m: usize, max_states: u64) -> Option<AdjTable> {
        if m == 0 || m >= u16::MAX as usize {
            return None;
        }
        let w = m + 1;
        let p = m + 2;
        let mut values: Vec<u16> = Vec::new();
        let mut count = vec![0u32; m + 2];
        let mut opt = vec![0u16; m + 1];
        let mut run = 0usize;
        let mut n = 0usize;
        loop {
            if ((n + 1) as u64).saturating_mul(w as u64) > max_states {
                return None;
            }
            let top = m.min(n);
            count.iter_mut().for_each(|c| *c = 0);
            for t in 1..=top {
                let v = values[(n - t) * w + t];
                opt[t] = v;
                count[v as usize] += 1;
            }
            let mex = count.iter().position(|&c| c == 0).unwrap_or(count.len()) as u16;
            for last in 0..=m {
                let forbidden = m + 1 - last;
                let v = if last >= 1 && forbidden <= top {
                    let x = opt[forbidden];
                    if x < mex && count[x as usize] == 1 {
                        x
                    } else {
                        mex
                    }
                } else {
                    mex
                };
                values.push(v);
            }
            if n >= p + m {
                let (cur, old) = (n * w, (n - p) * w);
                if values[cur..cur + w] == values[old..old + w] {
                    run += 1;
                    if run == m {
                        // Rows n − m + 1 ..= n equal the rows p earlier, all from row m on.
                        return Some(AdjTable {
                            m,
                            values,
                            preperiod: n + 1 - m - p,
                        });
                    }
                } else {
                    run = 0;
                }
            }
            n += 1;
        }
    }

    /// The value of heap `n` after a take of `last` (≤ m).
    pub fn get(&self, n: &Nat, last: usize) -> u32 {
        let p = self.m + 2;
        let rows = self.values.len() / (self.m + 1);
        let row = match n.to_usize() {
            Some(r) if r < rows => r,
            _ => {
                let over = rem(
                    &n.checked_sub(&Nat::from(self.preperiod))
                        .unwrap_or_default(),
                    &Nat::from(p),
                );
                self.preperiod + over.to_usize().unwrap_or(0)
            }
        };
        u32::from(self.values[row * (self.m + 1) + last.min(self.m)])
    }

    /// The first row of the periodic part.
    pub fn preperiod(&self) -> usize {
        self.preperiod
    }
}

/// The family `adjacent[m]`.
///
/// ```
/// use sprague_games::impartial::adjacent::Adjacent;
/// use sprague_engine::impartial::family::{Family, MoveSink, Pos};
/// use sprague_core::Limits;
/// use sprague_core::nat::Nat;
/// let a = Adjacent::new(Nat::from(3u64));
/// let pos: Pos = smallvec::smallvec![Nat::from(7u64)];
/// let mut sink = MoveSink::new(20);
/// a.moves_to_value(&pos, &Nat::ZERO, &Limits::default(), &mut sink).unwrap();
/// assert_eq!(sink.moves[0].to_text(&a), "adjacent[3](5,2)"); // 7 ≡ 2 (mod 5): take 2
/// ```
pub struct Adjacent {
    m: Nat,
    /// The table (or its absence) computed under a state bound.
    table: RefCell<Option<(u64, Option<Rc<AdjTable>>)>>,
}

impl Adjacent {
    /// The family with takes of 1..m (m ≥ 1, checked by the caller).
    pub fn new(m: Nat) -> Self {
        Adjacent {
            m,
            table: RefCell::new(None),
        }
    }

    fn decode(&self, pos: &Pos) -> Result<(Nat, Nat), SolveError> {
        let (n, last) = match pos.as_slice() {
            [n] => (n.clone(), Nat::ZERO),
            [n, last] => (n.clone(), last.clone()),
            _ => {
                return Err(SolveError::Input(format!(
                    "{} takes (n) or (n,last): the heap and the previous take",
                    self.name()
                )));
            }
        };
        if last > self.m {
            return Err(SolveError::Input(format!(
                "the previous take {last} is more than m = {} in {}",
                self.m,
                self.name()
            )));
        }
        Ok((n, last))
    }

    /// The table of values, computed once (per state bound) if it fits in `limits`.
    pub fn table(&self, limits: &Limits) -> Option<Rc<AdjTable>> {
        if let Some((bound, t)) = self.table.borrow().as_ref()
            && *bound == limits.max_states
        {
            return t.clone();
        }
        let t = self
            .m
            .to_usize()
            .and_then(|m| AdjTable::new(m, limits.max_states))
            .map(Rc::new);
        *self.table.borrow_mut() = Some((limits.max_states, t.clone()));
        t
    }

    /// The nim-value, if known: 0 for P-positions, else from the table.
    pub fn value(&self, n: &Nat, last: &Nat, limits: &Limits) -> Option<Nat> {
        if is_p_position(&self.m, n, last) {
            return Some(Nat::ZERO);
        }
        let t = self.table(limits)?;
        Some(Nat::from(t.get(n, last.to_usize()?)))
    }

    /// The move taking `t` from a heap of `n`, in words when `words`.
    fn take_move(n: &Nat, t: &Nat, words: bool) -> Move {
        let rest = n.checked_sub(t).unwrap_or_default();
        Move::worded(
            smallvec::smallvec![smallvec::smallvec![rest, t.clone()]],
            words,
            || format!("take {t}"),
        )
    }
}

impl Family for Adjacent {
    fn name(&self) -> String {
        format!("adjacent[{}]", self.m)
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        self.decode(pos).map(|_| ())
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let (n, last) = self.decode(pos)?;
        Ok(self.value(&n, &last, limits))
    }

    fn is_p_position(&self, pos: &Pos, _limits: &Limits) -> Result<bool, SolveError> {
        let (n, last) = self.decode(pos)?;
        Ok(is_p_position(&self.m, &n, &last))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let (n, last) = self.decode(pos)?;
        if target.is_zero() {
            winning_takes(&self.m, &n, &last, |t| {
                sink.push(Self::take_move(&n, &t, sink.wants_words()))
            });
            return Ok(());
        }
        let Some(table) = self.table(limits) else {
            return Err(
                limits.states_exceeded(&format!("the table of nim-values of {}", self.name()))
            );
        };
        // The table exists, so m is small.
        let m = self.m.to_u64().unwrap_or(0);
        let top = n.to_u64().map_or(m, |n| n.min(m));
        for t in 1..=top {
            let tn = Nat::from(t);
            if !allowed(&self.m, &last, &tn) {
                continue;
            }
            let rest = n.checked_sub(&tn).unwrap_or_default();
            if Nat::from(table.get(&rest, t as usize)) == *target
                && !sink.push(Self::take_move(&n, &tn, sink.wants_words()))
            {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        // Every take 1..=min(m, n) but the forbidden one.
        let (n, last) = self.decode(pos)?;
        let top = n.clone().min(self.m.clone());
        let one = Nat::from(1u64);
        let mut t = one.clone();
        while t <= top {
            if allowed(&self.m, &last, &t)
                && !sink.push(Self::take_move(&n, &t, sink.wants_words()))
            {
                break;
            }
            t = t.add(&one);
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let (n, last) = self.decode(pos)?;
        let top = n.min(self.m.clone());
        // The forbidden take m + 1 − last lies in 1..=m when last ≥ 1.
        let forbidden = self.m.add(&Nat::from(1u64)).checked_sub(&last);
        let out = match forbidden {
            Some(f) if !last.is_zero() && f <= top => top.checked_sub(&Nat::from(1u64)),
            _ => Some(top),
        };
        Ok(out)
    }

    fn move_to(&self, pos: &Pos, to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        let (n, last) = self.decode(pos)?;
        let Ok((rest, taken)) = self.decode(to) else {
            return Ok(None);
        };
        Ok(n.checked_sub(&rest)
            .filter(|t| !t.is_zero() && *t <= self.m && *t == taken && allowed(&self.m, &last, t))
            .map(|t| Self::take_move(&n, &t, true)))
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let (n, last) = self.decode(pos)?;
        let m = &self.m;
        let one = Nat::from(1u64);
        let mut lines = Vec::new();
        if *m == one {
            lines.push(format!(
                "with m = 1 every take is 1 and a take of 1 forbids the next one, so the first \
                 move ends the game: the player to move {} (heap {n}, previous take {last})",
                if is_p_position(m, &n, &last) {
                    "loses"
                } else {
                    "wins by taking 1"
                }
            ));
        } else {
            let p = m.add(&Nat::from(2u64));
            let r = rem(&n, &p);
            let m1 = m.add(&one);
            let rule = format!(
                "the player to move loses exactly when the heap is a multiple of m + 2 = {p}, \
                 or is ≡ m + 1 − last (mod {p}) after a take of last ≥ 1 (the take that would \
                 make a multiple of {p} is then the forbidden one)"
            );
            if is_p_position(m, &n, &last) {
                lines.push(format!(
                    "{n} ≡ {r} (mod {p}) after a take of {last}: {rule}"
                ));
            } else if r <= *m {
                lines.push(format!(
                    "{n} ≡ {r} (mod {p}): take {r}, leaving a multiple of {p}; {rule}"
                ));
            } else {
                lines.push(format!(
                    "{n} ≡ {m1} (mod {p}): every allowed take t leaves a heap ≡ {m1} − t, from \
                     which the opponent may not take {m1} − t; {rule}"
                ));
            }
        }
        match self.table(limits) {
            Some(t) => {
                if let Some(v) = self.value(&n, &last, limits)
                    && !v.is_zero()
                {
                    lines.push(format!(
                        "sg = {v}, from the table of values, periodic with period {} from heap \
                         {} (proved: each row depends only on the {m} rows before it)",
                        m.add(&Nat::from(2u64)),
                        t.preperiod()
                    ));
                }
            }
            None if !is_p_position(m, &n, &last) => lines.push(limits.value_not_computed("table")),
            None => {}
        }
        Ok(lines)
    }
}

/// `adjacent[m]` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["adjacent"],
    usage: Some(("adjacent[m](n,last)", "take 1..m, but never m+1-last")),
    shown: Some(super::Shown {
        group: super::Group::Study,
        rules: "A move takes 1 to m stones, but never m+1 minus what the previous move took. Whoever cannot move loses.",
        example: Some("adjacent[3](10,0)"),
    }),
    build: |reg, t| {
        let m = reg.positive_param(t, "adjacent[m] takes one integer m ≥ 1 (take 1..m)")?;
        Ok((reg.shared(Adjacent::new(m)), 0))
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

    #[test]
    fn outcome_and_winning_moves_match_exhaustive_search() {
        let limits = Limits::default();
        for m in 1u64..=12 {
            let mut s = GrundySearch::new(AdjacentRules { m });
            for n in 0u64..=150 {
                for last in 0..=m {
                    let g = s.grundy(&(n, last), &limits).unwrap();
                    let (mn, nn, ln) = (Nat::from(m), Nat::from(n), Nat::from(last));
                    assert_eq!(is_p_position(&mn, &nn, &ln), g == 0, "m={m} ({n},{last})");
                    let want: BTreeSet<u64> = s
                        .options(&(n, last))
                        .into_iter()
                        .filter(|o| s.grundy(o, &limits).unwrap() == 0)
                        .map(|o| o.1)
                        .collect();
                    let mut got = BTreeSet::new();
                    winning_takes(&mn, &nn, &ln, |t| {
                        got.insert(t.to_u64().unwrap());
                        true
                    });
                    assert_eq!(got, want, "m={m} ({n},{last})");
                }
            }
        }
    }

    #[test]
    fn table_values_match_exhaustive_search_beyond_the_preperiod() {
        let limits = Limits::default();
        for m in 1u64..=9 {
            let mut s = GrundySearch::new(AdjacentRules { m });
            let t = AdjTable::new(m as usize, 1_000_000).unwrap();
            let upto = t.preperiod() as u64 + 5 * (m + 2) + 40;
            for n in 0..=upto {
                for last in 0..=m {
                    assert_eq!(
                        t.get(&Nat::from(n), last as usize),
                        s.grundy(&(n, last), &limits).unwrap(),
                        "m={m} ({n},{last})"
                    );
                }
            }
        }
    }

    #[test]
    fn family_moves_to_nonzero_values_match_search() {
        let limits = Limits::default();
        let m = 5u64;
        let fam = Adjacent::new(Nat::from(m));
        let mut s = GrundySearch::new(AdjacentRules { m });
        for n in 0u64..=60 {
            for last in 0..=m {
                let pos: Pos = smallvec::smallvec![Nat::from(n), Nat::from(last)];
                for target in 0..=m as u32 {
                    let want: BTreeSet<String> = s
                        .options(&(n, last))
                        .into_iter()
                        .filter(|o| s.grundy(o, &limits).unwrap() == target)
                        .map(|o| format!("adjacent[5]({},{})", o.0, o.1))
                        .collect();
                    let mut sink = MoveSink::new(100);
                    fam.moves_to_value(&pos, &Nat::from(target), &limits, &mut sink)
                        .unwrap();
                    let got: BTreeSet<String> =
                        sink.moves.iter().map(|m| m.to_text(&fam)).collect();
                    assert_eq!(got, want, "({n},{last}) to {target}");
                }
            }
        }
    }

    #[test]
    fn huge_parameters_use_the_closed_form() {
        let m: Nat = "1000000000000000000000000".parse().unwrap();
        // n = 3(m+2) + (m+1): every allowed take wins; the first few are 1, 2, 3.
        let p = m.add(&Nat::from(2u64));
        let n = p.add(&p).add(&p).add(&m).add(&Nat::from(1u64));
        let mut got = Vec::new();
        winning_takes(&m, &n, &Nat::ZERO, |t| {
            got.push(t);
            got.len() < 3
        });
        assert_eq!(got, [1u64, 2, 3].map(Nat::from));
        assert!(is_p_position(&m, &p, &Nat::ZERO));
    }

    #[test]
    fn previous_take_above_m_is_rejected() {
        let fam = Adjacent::new(Nat::from(3u64));
        let pos: Pos = smallvec::smallvec![Nat::from(7u64), Nat::from(4u64)];
        assert!(matches!(fam.check(&pos), Err(SolveError::Input(_))));
    }
}
