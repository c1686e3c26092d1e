//! E&D (SDOI2009, Luogu P2148): `ed(x1,y1,x2,y2,…)` is a sum of pairs of piles; each
//! pair (x, y), x, y ≥ 1, is one component. A move picks a pair, removes one of its
//! piles and splits the other into two positive piles, which become the new pair. The
//! player who cannot move (every pair is (1,1)) loses.
//!
//! # Value
//!
//! The nim-value of (x, y) is the index of the lowest 0 bit of (x − 1) | (y − 1).
//! Proof (by induction on x + y): splitting a pile s into (a, s − a) reaches exactly
//! the values p whose bit is set in s − 1. Indeed, with u = a − 1, v = s − a − 1,
//! u + v = s − 2, the pair has value p exactly when the low p bits of u | v are all 1
//! and bit p is 0; then the low p + 1 bits of u and v add without carry, to a number
//! 2^p − 1 + c with c = u & v below 2^p, so bit p of s − 1 = u + v + 1 is set; and
//! conversely for such s any u whose low bits are c plus a part of the bits missing
//! from c works. So the options of (x, y) have the values of the set bits of
//! (x − 1) | (y − 1), and the mex is its lowest 0 bit. The tests compare this with
//! exhaustive search.
//!
//! # Moves to a value
//!
//! A pile s can be split to value p when bit p of s − 1 is set. Write w = s − 2,
//! M = 2^p − 1, c = (w mod 2^(p+1)) − M and W = w >> (p + 1); the splits are
//! u = U·2^(p+1) + c + A for 0 ≤ U ≤ W and A any subset of the bits of M missing from
//! c, with v = w − u. They are listed by increasing smaller pile, each unordered pair
//! once, so the first ones come at once even when there are billions.

use num_bigint::BigUint;
use num_traits::{One, Zero};
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::exhaustive::GameRules;
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};

/// The rules of E&D on one pair below 2^64, for exhaustive search.
#[derive(Clone, Copy, Debug, Default)]
pub struct EdRules;

impl GameRules for EdRules {
    type Position = (u64, u64);
    fn options(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        for s in [x, y] {
            out.extend((1..s).map(|a| (a, s - a)));
        }
    }
}

/// The index of the lowest 0 bit of `n`.
fn lowest_zero_bit(n: &Nat) -> u64 {
    match n {
        Nat::Small(v) => u64::from(v.trailing_ones()),
        Nat::Big(b) => {
            let mut i = 0u64;
            for w in b.iter_u64_digits() {
                if w != u64::MAX {
                    return i + u64::from(w.trailing_ones());
                }
                i += 64;
            }
            i
        }
    }
}

/// The nim-value of the pair (x, y): the lowest 0 bit of (x − 1) | (y − 1).
///
/// ```
/// use sprague_games::impartial::ed::value;
/// use sprague_core::nat::Nat;
/// // (2, 5): 1 | 4 = 101 in binary, lowest 0 bit is bit 1.
/// assert_eq!(value(&Nat::from(2u64), &Nat::from(5u64)), 1);
/// assert_eq!(value(&Nat::from(1u64), &Nat::from(1u64)), 0);
/// ```
pub fn value(x: &Nat, y: &Nat) -> u64 {
    let one = Nat::from(1u64);
    let a = x.checked_sub(&one).unwrap_or_default();
    let b = y.checked_sub(&one).unwrap_or_default();
    match (&a, &b) {
        (Nat::Small(a), Nat::Small(b)) => u64::from((a | b).trailing_ones()),
        _ => lowest_zero_bit(&Nat::from_big(a.to_big() | b.to_big())),
    }
}

/// Calls `f(a, b)` for every split of a pile of `s` into `a ≤ b` (both ≥ 1) whose pair
/// has value `p`, by increasing `a`, until `f` returns false.
pub fn splits_to_value(s: &Nat, p: u64, mut f: impl FnMut(Nat, Nat) -> bool) {
    let Some(s1) = s.checked_sub(&Nat::from(1u64)) else {
        return;
    };
    if !s1.bit(p) {
        return;
    }
    // s − 1 has bit p set, so s ≥ 2^p + 1 ≥ 2.
    let w = s.to_big() - 2u32;
    let block = BigUint::one() << (p + 1);
    let m = (BigUint::one() << p) - 1u32;
    let low = &w & (&block - 1u32);
    // w mod 2^(p+1) lies in [M, 2M] here (bit p of w + 1 is set).
    let c = low - &m;
    let free = &m ^ &c;
    let high = &w >> (p + 1);
    let mut u_base = BigUint::zero();
    let mut big_u = BigUint::zero();
    loop {
        if big_u > high {
            return;
        }
        let mut a_bits = BigUint::zero();
        loop {
            let u = &u_base + &c + &a_bits;
            let v = &w - &u;
            if u > v {
                return;
            }
            if !f(Nat::from_big(u + 1u32), Nat::from_big(v + 1u32)) {
                return;
            }
            // Next subset of `free`, in increasing order.
            a_bits = ((&a_bits + (&m ^ &free) + 1u32) & &m) & &free;
            if a_bits.is_zero() {
                break;
            }
        }
        big_u += 1u32;
        u_base += &block;
    }
}

/// E&D as a family of pairs: value, outcome and moves at any size.
///
/// ```
/// use sprague_games::impartial::ed::Ed;
/// use sprague_engine::impartial::family::{Family, MoveSink, Pos};
/// use sprague_core::Limits;
/// use sprague_core::nat::Nat;
/// let pos: Pos = smallvec::smallvec![Nat::from(1u64), Nat::from(4u64)];
/// // (1, 4): 0 | 3 = 11₂, value 2. Splitting 4 into (1, 3) gives 0 | 2 = 10₂: value 0
/// // (and (2, 2) gives 1 | 1: value 1).
/// assert_eq!(Ed.grundy(&pos, &Limits::default()).unwrap(), Some(Nat::from(2u64)));
/// let mut sink = MoveSink::new(20);
/// Ed.moves_to_value(&pos, &Nat::ZERO, &Limits::default(), &mut sink).unwrap();
/// assert_eq!(sink.moves.len(), 1);
/// assert_eq!(sink.moves[0].to_text(&Ed), "ed(1,3)");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Ed;

impl Ed {
    fn decode(pos: &Pos) -> Result<(&Nat, &Nat), SolveError> {
        match pos.as_slice() {
            [x, y] if !x.is_zero() && !y.is_zero() => Ok((x, y)),
            [_, _] => Err(SolveError::Input(
                "ed piles must be positive (x, y ≥ 1)".into(),
            )),
            _ => Err(SolveError::Input(
                "ed takes pairs of piles: ed(x1,y1,x2,y2,…)".into(),
            )),
        }
    }
}

impl Ed {
    /// The move removing the pile `removed` and splitting `split` into `a` and `b`,
    /// in words when `words`.
    fn split_move(removed: &Nat, split: &Nat, a: &Nat, b: &Nat, words: bool) -> Move {
        let to = smallvec::smallvec![smallvec::smallvec![a.clone(), b.clone()]];
        Move::worded(to, words, || {
            format!("remove the pile of {removed}, split the pile of {split} into {a} and {b}")
        })
    }
}

impl Family for Ed {
    fn name(&self) -> String {
        "ed".into()
    }

    /// Value 0: the lowest 0 bit of (x − 1) | (y − 1) is bit 0.
    fn p_positions_rule(&self) -> Option<String> {
        Some("the pairs (x, y) of two odd piles (the value is the lowest 0 bit of (x − 1) | (y − 1))".into())
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        Self::decode(pos).map(|_| ())
    }

    fn grundy(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let (x, y) = Self::decode(pos)?;
        Ok(Some(Nat::from(value(x, y))))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        _limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let (x, y) = Self::decode(pos)?;
        let Some(p) = target.to_u64() else {
            return Ok(());
        };
        // Remove x and split y; then remove y and split x (once if the piles are equal).
        let sides: &[(&Nat, &Nat)] = if x == y { &[(x, y)] } else { &[(x, y), (y, x)] };
        for &(removed, split) in sides {
            let mut more = true;
            splits_to_value(split, p, |a, b| {
                more = sink.push(Self::split_move(removed, split, &a, &b, sink.wants_words()));
                more
            });
            if !more {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        // Remove x and split y into a + (y − a), a ≤ y − a; then the other way round
        // (once if the piles are equal).
        let (x, y) = Self::decode(pos)?;
        let sides: &[(&Nat, &Nat)] = if x == y { &[(x, y)] } else { &[(x, y), (y, x)] };
        let one = Nat::from(1u64);
        for &(removed, split) in sides {
            let mut a = one.clone();
            while let Some(b) = split.checked_sub(&a).filter(|b| *b >= a) {
                if !sink.push(Self::split_move(removed, split, &a, &b, sink.wants_words())) {
                    return Ok(());
                }
                a = a.add(&one);
            }
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let (x, y) = Self::decode(pos)?;
        let half = |s: &Nat| Nat::from_big(s.to_big() >> 1u32);
        Ok(Some(if x == y {
            half(x)
        } else {
            half(x).add(&half(y))
        }))
    }

    fn move_to(&self, pos: &Pos, to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        let (x, y) = Self::decode(pos)?;
        let Ok((c, d)) = Self::decode(to) else {
            return Ok(None);
        };
        let (a, b) = if c <= d { (c, d) } else { (d, c) };
        let total = a.add(b);
        Ok(if total == *y {
            Some(Self::split_move(x, y, a, b, true))
        } else if total == *x {
            Some(Self::split_move(y, x, a, b, true))
        } else {
            None
        })
    }

    fn explain(&self, pos: &Pos, _limits: &Limits) -> Result<Vec<String>, SolveError> {
        let (x, y) = Self::decode(pos)?;
        let one = Nat::from(1u64);
        let a = x.checked_sub(&one).unwrap_or_default();
        let b = y.checked_sub(&one).unwrap_or_default();
        let or = Nat::from_big(a.to_big() | b.to_big());
        let v = value(x, y);
        let bin = if or.bits() <= 64 {
            format!(" = {}₂", or.to_big().to_str_radix(2))
        } else {
            String::new()
        };
        Ok(vec![format!(
            "sg = {v}: ({x}−1) | ({y}−1) = {a} | {b} = {or}{bin}, whose lowest 0 bit is bit \
             {v} (a pile of s splits into pairs of exactly the values of the set bits of \
             s − 1, so the value is the mex of those bits)"
        )])
    }

    fn is_heap_family(&self) -> bool {
        true
    }
}

/// `ed` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["ed"],
    usage: Some((
        "ed(x,y,…)",
        "E&D: per pair, remove one pile and split the other",
    )),
    shown: Some(super::Shown {
        group: super::Group::TakeAndBreak,
        rules: "Empty and Divide: with two heaps, a move empties one heap and divides the other into two non-empty heaps. Whoever cannot move loses.",
        example: Some("ed(4,7)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((reg.shared(Ed), 2))
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

    fn n(v: u64) -> Nat {
        Nat::from(v)
    }

    #[test]
    fn value_matches_exhaustive_search() {
        let mut s = GrundySearch::new(EdRules);
        let limits = Limits::default();
        for x in 1u64..=70 {
            for y in 1u64..=70 {
                let g = s.grundy(&(x, y), &limits).unwrap();
                assert_eq!(value(&n(x), &n(y)), u64::from(g), "({x},{y})");
            }
        }
    }

    #[test]
    fn moves_to_every_value_match_exhaustive_search() {
        let mut s = GrundySearch::new(EdRules);
        let limits = Limits::default();
        for x in 1u64..=40 {
            for y in 1u64..=40 {
                let pos: Pos = smallvec::smallvec![n(x), n(y)];
                for target in 0u32..=6 {
                    // Unordered resulting pairs of value `target`, from the rules.
                    let mut want = BTreeSet::new();
                    for o in s.options(&(x, y)) {
                        if s.grundy(&o, &limits).unwrap() == target {
                            want.insert((o.0.min(o.1), o.0.max(o.1)));
                        }
                    }
                    let mut sink = MoveSink::new(usize::MAX);
                    Ed.moves_to_value(&pos, &Nat::from(target), &limits, &mut sink)
                        .unwrap();
                    let got: Vec<(u64, u64)> = sink
                        .moves
                        .iter()
                        .map(|m| {
                            let text = m.to_text(&Ed);
                            let inner = &text[3..text.len() - 1];
                            let (a, b) = inner.split_once(',').unwrap();
                            (a.parse().unwrap(), b.parse().unwrap())
                        })
                        .collect();
                    let got_set: BTreeSet<(u64, u64)> = got.iter().copied().collect();
                    assert_eq!(got.len(), got_set.len(), "({x},{y}) duplicates");
                    assert_eq!(got_set, want, "({x},{y}) to {target}");
                }
            }
        }
    }

    #[test]
    fn huge_piles_split_at_once() {
        // (2·10^9, 2·10^9): 1999999999 = 0b1110111001101011001001111111111, whose
        // lowest 0 bit is bit 10; value 10. Splits to value 0 exist as bit 0 is set.
        let big = n(2_000_000_000);
        assert_eq!(value(&big, &big), 10);
        let mut count = 0;
        splits_to_value(&big, 0, |a, b| {
            assert_eq!(a.add(&b), big);
            assert_eq!(value(&a, &b), 0);
            count += 1;
            count < 25
        });
        assert_eq!(count, 25);
        // Beyond 64 bits.
        let huge = Nat::from_big(BigUint::from(1u32) << 100u32);
        assert_eq!(value(&huge, &n(1)), 100);
    }
}
