//! Sequential Nim (Codeforces 1382B): `seqnim(a1,…,an)` is one component, heaps in a
//! row; a move takes any positive number of stones from the first non-empty heap only.
//! `seqnim[m](a1,…,an)` is the same with at most m stones per move (m ≥ 1). The player
//! who cannot move (every heap empty) loses. Emptied heaps stay in the position as 0.
//!
//! # Values (proved; the tests compare them with exhaustive search)
//!
//! Let s be the value of the heaps after the first non-empty heap, whose size is x.
//! Taking the whole heap leaves value s; taking less leaves a first heap y, 1 ≤ y < x.
//! So v(0) = s and v(x) = mex of v over the sizes reachable from x.
//!
//! * No bound: v(x) = mex({v(1), …, v(x − 1)} ∪ {s}), so v(1), v(2), … run through
//!   0, 1, 2, … skipping s: **v(x) = x − 1 when x ≤ s, else x**.
//! * At most m: v is a subtraction game 1..m started from v(0) = s. When s ≤ m,
//!   v(0..m) is a permutation of 0..m (v(1..m) runs through 0..m skipping s), so each
//!   later value is the one missing from the m before it, which is the one m + 1
//!   back: v(x) = f(x mod (m + 1)) with f(0) = s, f(r) = r − 1 for 1 ≤ r ≤ s, f(r) = r
//!   for s < r ≤ m. When s > m, s never bounds a mex of at most m values, so
//!   v(x) = (x − 1) mod (m + 1) for x ≥ 1.
//!
//! One backward pass over the heaps gives the value of the whole row, exactly and in
//! O(n) operations. For the unbounded game this is the known rule: with L the number
//! of leading heaps of 1 (empty heaps skipped), the first player wins iff L is even,
//! except that when every heap is 1 the first player wins iff their number is odd.
//! With the bound m the same holds for residues mod m + 1: a heap ≡ 0 has the value s
//! of the heaps after it (it is skipped), a heap ≡ 1 has value 0 exactly when s ≠ 0,
//! and a heap of residue ≥ 2 is never 0 (values from an empty tail stay ≤ m).
//!
//! # Moves to a value
//!
//! Every option changes only the first non-empty heap, and the formulas are inverted:
//! at most one size y per value among the reachable ones (the values of the window of
//! at most m sizes below x are distinct), so the move to a value is found in O(1).

use num_bigint::BigUint;
use num_traits::Zero;
use sprague_core::nat::Nat;
use sprague_core::{Bound, Limits, SolveError};
use sprague_engine::impartial::exhaustive::GameRules;
use sprague_engine::impartial::family::{Family, MAX_LISTED_MOVES, MoveSink, Pos};

/// The rules on small rows, for exhaustive search: heaps in order, `m` the most per
/// move (`None`: no bound).
#[derive(Clone, Copy, Debug)]
pub struct SeqNimRules {
    /// The most stones one move may take.
    pub m: Option<u64>,
}

impl GameRules for SeqNimRules {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if let Some(i) = p.iter().position(|&a| a > 0) {
            let most = self.m.map_or(p[i], |m| m.min(p[i]));
            for t in 1..=most {
                let mut q = p.clone();
                q[i] -= t;
                out.push(q);
            }
        }
    }
}

/// The value of a first heap of `x ≥ 1` stones before heaps of value `s`, with at most
/// `m` stones per move (`None`: no bound).
///
/// ```
/// use sprague_games::impartial::seqnim::heap_value;
/// use num_bigint::BigUint;
/// let b = |v: u32| BigUint::from(v);
/// assert_eq!(heap_value(&b(2), &b(3), None), b(1));
/// assert_eq!(heap_value(&b(4), &b(3), None), b(4));
/// // At most 2 per move, s = 1: v(0..) = 1, 0, 2, 1, 0, 2, …
/// assert_eq!(heap_value(&b(4), &b(1), Some(&b(2))), b(0));
/// ```
pub fn heap_value(x: &BigUint, s: &BigUint, m: Option<&BigUint>) -> BigUint {
    match m {
        None => {
            if x <= s {
                x - 1u32
            } else {
                x.clone()
            }
        }
        Some(m) => {
            let p = m + 1u32;
            if s <= m {
                let r = x % &p;
                if r.is_zero() {
                    s.clone()
                } else if &r <= s {
                    r - 1u32
                } else {
                    r
                }
            } else {
                (x - 1u32) % p
            }
        }
    }
}

/// A first heap `x ≥ 1` before heaps of value `s`, on machine words (no bound on a
/// move when `m` is `None`): the common case of [`heap_value`], without allocation.
fn heap_value_u64(x: u64, s: u64, m: Option<u64>) -> u64 {
    match m {
        None => {
            if x <= s {
                x - 1
            } else {
                x
            }
        }
        Some(m) => match m.checked_add(1) {
            None => heap_value_u64(x, s, None),
            Some(p) => {
                if s <= m {
                    let r = x % p;
                    if r == 0 {
                        s
                    } else if r <= s {
                        r - 1
                    } else {
                        r
                    }
                } else {
                    (x - 1) % p
                }
            }
        },
    }
}

/// The value of the heaps `heaps` (first non-empty heap moves), by the backward pass.
pub fn value(heaps: &[Nat], m: Option<&Nat>) -> Nat {
    let m_small = m.map(Nat::to_u64);
    let m_big = m.map(Nat::to_big);
    let mut s = Nat::ZERO;
    for a in heaps.iter().rev() {
        if a.is_zero() {
            continue;
        }
        s = match (a, &s, m_small) {
            (Nat::Small(x), Nat::Small(v), None) => Nat::from(heap_value_u64(*x, *v, None)),
            (Nat::Small(x), Nat::Small(v), Some(Some(mm))) => {
                Nat::from(heap_value_u64(*x, *v, Some(mm)))
            }
            _ => Nat::from_big(heap_value(&a.to_big(), &s.to_big(), m_big.as_ref())),
        };
    }
    s
}

/// The sizes `y` reachable from a first heap `x ≥ 1` (before heaps of value `s`) whose
/// value is `t`: at most one.
pub(crate) fn size_with_value(
    x: &BigUint,
    s: &BigUint,
    t: &BigUint,
    m: Option<&BigUint>,
) -> Option<BigUint> {
    // The reachable sizes: lo..x (lo = 0 without bound, else max(0, x − m)).
    let lo = match m {
        Some(m) if x > m => x - m,
        _ => BigUint::zero(),
    };
    let hi = x - 1u32;
    let within = |y: BigUint| (y >= lo && y <= hi).then_some(y);
    let Some(m) = m else {
        // v(0) = s; v(y) = y − 1 for 1 ≤ y ≤ s, y above s.
        let y = match t.cmp(s) {
            std::cmp::Ordering::Equal => BigUint::zero(),
            std::cmp::Ordering::Less => t + 1u32,
            std::cmp::Ordering::Greater => t.clone(),
        };
        return within(y);
    };
    let p = m + 1u32;
    // The residue r of y mod (m + 1) with value t, and whether y = 0 may be it.
    let (r, zero_ok) = if s <= m {
        // v(y) = f(y mod (m + 1)) for every y ≥ 0.
        if t == s {
            (BigUint::zero(), true)
        } else if t < s {
            (t + 1u32, false)
        } else if t <= m {
            (t.clone(), false)
        } else {
            return None;
        }
    } else if t == s {
        // Only emptying the heap keeps s.
        return within(BigUint::zero());
    } else if t <= m {
        ((t + 1u32) % &p, false)
    } else {
        return None;
    };
    // The largest y ≤ hi with y ≡ r; the window holds at most one.
    if hi < r {
        return None;
    }
    let y = &hi - ((&hi - &r) % &p);
    if y.is_zero() && !zero_ok {
        return None;
    }
    within(y)
}

/// `seqnim` or `seqnim[m]` as a family.
///
/// ```
/// use sprague_games::impartial::seqnim::SeqNim;
/// use sprague_engine::impartial::family::{Family, Pos};
/// use sprague_core::Limits;
/// use sprague_core::nat::Nat;
/// // Codeforces 1382B: 2 5 4 → First; 1 2 3 4 5 6 → Second.
/// let pos = |v: &[u64]| -> Pos { v.iter().map(|&a| Nat::from(a)).collect() };
/// let g = SeqNim::new(None);
/// assert!(!g.is_p_position(&pos(&[2, 5, 4]), &Limits::default()).unwrap());
/// assert!(g.is_p_position(&pos(&[1, 2, 3, 4, 5, 6]), &Limits::default()).unwrap());
/// ```
#[derive(Clone, Debug)]
pub struct SeqNim {
    m: Option<Nat>,
}

impl SeqNim {
    /// Sequential Nim with at most `m` stones per move (`None`: no bound); m ≥ 1.
    pub fn new(m: Option<Nat>) -> Self {
        SeqNim { m }
    }

    fn first(pos: &Pos) -> Option<usize> {
        pos.iter().position(|a| !a.is_zero())
    }

    /// The heaps with heap `i` lowered to `y`.
    fn after(pos: &Pos, i: usize, y: Nat) -> Pos {
        let mut q = pos.clone();
        q[i] = y;
        q
    }

    fn text(pos: &Pos, i: usize, y: &Nat) -> String {
        let x = &pos[i];
        let t = x.checked_sub(y).unwrap_or_default();
        format!("take {t} from heap {} ({x} → {y})", i + 1)
    }
}

impl Family for SeqNim {
    fn name(&self) -> String {
        match &self.m {
            None => "seqnim".into(),
            Some(m) => format!("seqnim[{m}]"),
        }
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        if pos.is_empty() {
            return Err(SolveError::Input(
                "seqnim(a1,…,an) takes the heaps in order (the first non-empty one is played)"
                    .into(),
            ));
        }
        Ok(())
    }

    fn grundy(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        Ok(Some(value(pos, self.m.as_ref())))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        _limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let Some(i) = Self::first(pos) else {
            return Ok(());
        };
        let s = value(&pos[i + 1..], self.m.as_ref()).to_big();
        let m = self.m.as_ref().map(Nat::to_big);
        if let Some(y) = size_with_value(&pos[i].to_big(), &s, &target.to_big(), m.as_ref()) {
            let y = Nat::from_big(y);
            sink.offer_one(Self::after(pos, i, y.clone()), || Self::text(pos, i, &y));
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        // Take 1 to x (at most m) from the first non-empty heap x; none when all are
        // empty.
        Ok(Some(match Self::first(pos) {
            None => Nat::ZERO,
            Some(i) => match &self.m {
                Some(m) if *m < pos[i] => m.clone(),
                _ => pos[i].clone(),
            },
        }))
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let Some(i) = Self::first(pos) else {
            return Ok(());
        };
        let x = &pos[i];
        let count = match &self.m {
            Some(m) if m < x => m,
            _ => x,
        };
        let listed = count.to_u64().map(|c| c.min(sink.cap as u64 + 1));
        let too_many = match listed {
            None => true,
            Some(c) => c > MAX_LISTED_MOVES || c.saturating_mul(pos.len() as u64) > 1 << 26,
        };
        if too_many {
            let mut at = String::new();
            self.write_position(pos, &mut at);
            return Err(SolveError::Limit {
                what: format!("listing every move of {at}"),
                bound: Bound::PositionMoves,
            });
        }
        let count = count.to_u64().unwrap_or(0);
        let x = x.to_big();
        for t in 1..=count {
            let y = Nat::from_big(&x - t);
            if !sink.offer_one(Self::after(pos, i, y.clone()), || Self::text(pos, i, &y)) {
                break;
            }
        }
        Ok(())
    }

    fn explain(&self, pos: &Pos, _limits: &Limits) -> Result<Vec<String>, SolveError> {
        let v = value(pos, self.m.as_ref());
        let rule = match &self.m {
            None => "from the last heap backwards, a heap x before heaps of value s has value \
                     x − 1 if x ≤ s, else x (empty heaps are skipped)"
                .to_string(),
            Some(m) => format!(
                "from the last heap backwards, a heap x before heaps of value s has value \
                 s if x ≡ 0 (mod {p}), r − 1 if 1 ≤ r = x mod {p} ≤ s, else r, when s ≤ {m}; and \
                 (x − 1) mod {p} when s > {m} (empty heaps are skipped)",
                p = m.add(&Nat::from(1u64))
            ),
        };
        let mut lines = vec![format!("the value is {v}: {rule}")];
        if self.m.is_none() {
            let nonempty: Vec<&Nat> = pos.iter().filter(|a| !a.is_zero()).collect();
            let one = Nat::from(1u64);
            let lead = nonempty.iter().take_while(|a| ***a == one).count();
            let who = if v.is_zero() { "second" } else { "first" };
            if lead == nonempty.len() {
                lines.push(format!(
                    "every non-empty heap is 1 ({lead} of them): the moves are forced, so the \
                     {who} player wins"
                ));
            } else {
                lines.push(format!(
                    "{lead} leading heap(s) of 1, then a heap of {}: whoever first reaches a \
                     heap larger than 1 decides who must play the next one, so the {who} \
                     player wins",
                    nonempty[lead]
                ));
            }
        }
        Ok(lines)
    }
}

/// `seqnim` and `seqnim[m]` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["seqnim"],
    usage: Some((
        "seqnim(a,…), seqnim[m](a,…)",
        "take from the first non-empty heap only (at most m)",
    )),
    shown: Some(super::Shown {
        group: super::Group::Study,
        rules: "Sequential Nim: a move takes stones from the first non-empty heap only (at most m with seqnim[m]). Whoever takes the last stone wins.",
        example: Some("seqnim(3,2,4)"),
    }),
    build: |reg, t| {
        let m = match &t.params {
            None => None,
            Some(_) => Some(reg.positive_param(
                t,
                "seqnim[m] takes one integer m ≥ 1 (the most stones per move)",
            )?),
        };
        Ok((reg.shared(SeqNim::new(m)), 0))
    },
    read: None,
    table: None,
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::{all_tuples, assert_matches_search};
    use sprague_engine::impartial::exhaustive::GrundySearch;

    fn pos(v: &[u64]) -> Pos {
        v.iter().map(|&a| Nat::from(a)).collect()
    }

    #[test]
    fn values_and_moves_match_exhaustive_search() {
        let limits = Limits::default();
        for m in [None, Some(1u64), Some(2), Some(3), Some(5)] {
            let mut s = GrundySearch::new(SeqNimRules { m });
            let fam = SeqNim::new(m.map(Nat::from));
            for heaps in 1..=4 {
                let max = if heaps == 4 { 4 } else { 7 };
                for p in all_tuples(heaps, max) {
                    let show = |o: &Vec<u64>| {
                        let mut t = String::new();
                        fam.write_position(&pos(o), &mut t);
                        t
                    };
                    assert_matches_search(&fam, &mut s, &p, &pos(&p), show, false);
                    let mut sink = MoveSink::new(1000);
                    fam.moves(&pos(&p), &limits, &mut sink).unwrap();
                    assert_eq!(sink.moves.len(), s.options(&p).len(), "m={m:?} {p:?}");
                }
            }
        }
    }

    #[test]
    fn the_leading_ones_rule_matches_exhaustive_search() {
        // Codeforces 1382B (heaps ≥ 1): with L leading ones, First wins iff L is even,
        // unless all n heaps are 1, then iff n is odd.
        let mut s = GrundySearch::new(SeqNimRules { m: None });
        let limits = Limits::default();
        for heaps in 1..=5 {
            for p in all_tuples(heaps, 3) {
                if p.contains(&0) {
                    continue;
                }
                let lead = p.iter().take_while(|&&a| a == 1).count();
                let first_wins = if lead == p.len() {
                    lead % 2 == 1
                } else {
                    lead % 2 == 0
                };
                assert_eq!(s.grundy(&p, &limits).unwrap() != 0, first_wins, "{p:?}");
            }
        }
    }

    #[test]
    fn the_residue_rule_for_a_bound_matches_exhaustive_search() {
        // With at most m per move: skip the heaps ≡ 0 (mod m + 1); with L the leading
        // heaps ≡ 1, the first player wins iff L is even when a heap of residue ≥ 2
        // follows them, else iff L is odd ("the first heap whose residue exceeds 1
        // decides; mind the residue 0").
        let limits = Limits::default();
        for m in 1..=4u64 {
            let mut s = GrundySearch::new(SeqNimRules { m: Some(m) });
            for heaps in 1..=4 {
                for p in all_tuples(heaps, 7) {
                    let residues: Vec<u64> =
                        p.iter().map(|a| a % (m + 1)).filter(|&r| r != 0).collect();
                    let lead = residues.iter().take_while(|&&r| r == 1).count();
                    let first_wins = if lead == residues.len() {
                        lead % 2 == 1
                    } else {
                        lead % 2 == 0
                    };
                    assert_eq!(
                        s.grundy(&p, &limits).unwrap() != 0,
                        first_wins,
                        "m={m} {p:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn huge_heaps_and_bounds_are_exact() {
        let big = Nat::from_big(BigUint::from(10u32).pow(40));
        let fam = SeqNim::new(Some(Nat::from(3u64)));
        // 10^40 ≡ 0 (mod 4) before an empty row (s = 0): value s = 0.
        let p: Pos = smallvec::smallvec![big.clone(), Nat::ZERO];
        assert!(fam.is_p_position(&p, &Limits::default()).unwrap());
        // Unbounded: a heap of 10^40 before heaps of value 0 has value 10^40.
        let fam = SeqNim::new(None);
        let p: Pos = smallvec::smallvec![big.clone()];
        assert_eq!(fam.grundy(&p, &Limits::default()).unwrap(), Some(big));
    }
}
