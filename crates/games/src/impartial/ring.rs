//! A coin on a ring (Luogu P1288): `ring(w1,…,wn)` is a ring of n edges with weights
//! w_i ≥ 0 and a coin on the node between edge wn and edge w1. A move picks an edge at
//! the coin with positive weight, lowers it to any smaller value v ≥ 0 and moves the
//! coin across it. Positions are written from the coin: crossing w1 gives
//! `ring(w2,…,wn,v)`, crossing wn gives `ring(v,w1,…,w(n−1))`. The player who cannot
//! move (both edges at the coin are 0) loses.
//!
//! # Outcome
//!
//! Let a be the number of positive edges met going forward from the coin (w1, w2, …)
//! before the first zero edge, and b the same going backward (wn, w(n−1), …).
//!
//! 1. **Some edge is 0** (the published result for P1288): the player to move wins
//!    exactly when a or b is odd. Proof: by induction; crossing w1 (a ≥ 1) leaves
//!    forward count a − 1 and backward count 0 if it was lowered to 0, else 1 + b
//!    (the new edge, then the old backward run: its zero lies beyond the forward run's
//!    zero, so it is still on that side). With a odd, lowering to 0 leaves (even, 0). If
//!    a and b are even, every move leaves a − 1 or b − 1 odd.
//! 2. **All edges positive, n odd**: the player to move wins by crossing an edge and
//!    lowering it to 0, which leaves counts (n − 1, 0), both even.
//! 3. **All edges positive, n even**: lowering an edge to 0 loses (it leaves a run of
//!    n − 1, odd), so both players keep the weights at least 1, and the game is the same
//!    as the game on the weights minus 1 (crossing an edge of weight 1 there means
//!    lowering to 0 here, a losing move, just as it is no move there). Repeating this,
//!    the outcome is that of the weights minus their minimum, a ring with a zero edge:
//!    case 1 on `w − min(w)`.
//!
//! The tests check all three against exhaustive search (the first is the claim of the
//! study notes; the notes do not treat rings without a zero edge).
//!
//! # Every winning move
//!
//! Crossing edge e (w1 or wn) and lowering it to v: let r be the minimum of the other
//! edges. Whether the result is a P-position is constant on each of the pieces
//! v = 0, 1 ≤ v < r, v = r, r < v < w_e (the result has a zero edge and v > 0 in case 1;
//! in cases 2–3 the minimum and the pattern of edges above it only change at those
//! points). So the winning moves are up to eight ranges of v, found by testing one
//! value per piece, and listed one by one up to `--max-moves`.
//!
//! # Nim-values
//!
//! No closed form is used: exhaustive search when the reachable positions (at most
//! n·∏(w_i + 1), each of n weights, so n²·∏(w_i + 1) is compared with the bound) fit in
//! `--max-states`, else unknown (0 for P-positions).

use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::exhaustive::{GameRules, GrundySearch};
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};
use sprague_engine::impartial::heap::OPTIONS_PER_STATE;
use sprague_engine::picture::Picture;
use std::cell::RefCell;

/// The rules of the ring game on small weights, for exhaustive search.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RingRules;

impl GameRules for RingRules {
    type Position = Vec<u64>;
    fn options(&self, w: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let n = w.len();
        if n == 0 {
            return;
        }
        for v in 0..w[0] {
            let mut o: Vec<u64> = w[1..].to_vec();
            o.push(v);
            out.push(o);
        }
        if n > 1 {
            for v in 0..w[n - 1] {
                let mut o = vec![v];
                o.extend_from_slice(&w[..n - 1]);
                out.push(o);
            }
        }
    }
}

/// Positive edges before the first zero, counted along `it`, with edges ≤ `floor`
/// counting as zero.
fn run<'a>(it: impl Iterator<Item = &'a Nat>, floor: &Nat) -> usize {
    it.take_while(|w| *w > floor).count()
}

/// Which case of the module documentation applies, with the counts (a, b) that decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Case {
    /// Some edge is 0: forward and backward runs of positive edges.
    Zero {
        /// Run forward from the coin.
        a: usize,
        /// Run backward from the coin.
        b: usize,
    },
    /// All edges positive, an odd number of them.
    OddRing,
    /// All edges positive, an even number of them: runs of edges above the minimum.
    EvenRing {
        /// The smallest weight.
        min: Nat,
        /// Run forward of edges above the minimum.
        a: usize,
        /// Run backward of edges above the minimum.
        b: usize,
    },
}

/// Classifies a ring (see [`Case`]).
pub fn case(w: &[Nat]) -> Case {
    let min = w.iter().min().cloned().unwrap_or_default();
    if min.is_zero() {
        let (a, b) = (run(w.iter(), &min), run(w.iter().rev(), &min));
        Case::Zero { a, b }
    } else if w.len() % 2 == 1 {
        Case::OddRing
    } else {
        let (a, b) = (run(w.iter(), &min), run(w.iter().rev(), &min));
        Case::EvenRing { min, a, b }
    }
}

/// Whether the player to move loses.
///
/// ```
/// use sprague_games::impartial::ring::is_p_position;
/// use sprague_core::nat::Nat;
/// let w = |v: &[u64]| v.iter().map(|&x| Nat::from(x)).collect::<Vec<_>>();
/// assert!(is_p_position(&w(&[2, 5, 0])));    // runs 2 (forward) and 0 (backward)
/// assert!(!is_p_position(&w(&[2, 0, 4, 6]))); // runs 1 and 2
/// assert!(!is_p_position(&w(&[3, 0, 4])));   // runs 1 and 1
/// assert!(is_p_position(&w(&[1, 1])));       // even ring, all weights at the minimum
/// ```
pub fn is_p_position(w: &[Nat]) -> bool {
    match case(w) {
        Case::Zero { a, b } | Case::EvenRing { a, b, .. } => a % 2 == 0 && b % 2 == 0,
        Case::OddRing => false,
    }
}

/// Which edge a move crosses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The first edge, w1.
    First,
    /// The last edge, wn.
    Last,
}

/// The position after crossing `side` lowered to `v`.
pub fn after(w: &[Nat], side: Side, v: Nat) -> Vec<Nat> {
    let n = w.len();
    match side {
        Side::First => {
            let mut o: Vec<Nat> = w[1..].to_vec();
            o.push(v);
            o
        }
        Side::Last => {
            let mut o = Vec::with_capacity(n);
            o.push(v);
            o.extend_from_slice(&w[..n - 1]);
            o
        }
    }
}

/// The ranges `[lo, hi]` of values v such that crossing `side` lowered to v wins, by
/// increasing v.
pub(crate) fn winning_ranges(w: &[Nat], side: Side) -> Vec<(Nat, Nat)> {
    let n = w.len();
    if n == 0 || (side == Side::Last && n == 1) {
        return Vec::new();
    }
    let we = match side {
        Side::First => &w[0],
        Side::Last => &w[n - 1],
    };
    let Some(top) = we.checked_sub(&Nat::from(1u64)) else {
        return Vec::new();
    };
    let others = match side {
        Side::First => &w[1..],
        Side::Last => &w[..n - 1],
    };
    let one = Nat::from(1u64);
    // Pieces: {0}, [1, r−1], {r}, [r+1, top], clipped to [0, top].
    let mut pieces: Vec<(Nat, Nat)> = vec![(Nat::ZERO, Nat::ZERO)];
    match others.iter().min() {
        None => {
            if top >= one {
                pieces.push((one.clone(), top.clone()));
            }
        }
        Some(r) => {
            if !r.is_zero() {
                if let Some(r1) = r.checked_sub(&one).filter(|x| !x.is_zero()) {
                    pieces.push((one.clone(), r1.min(top.clone())));
                }
                pieces.push((r.clone(), r.clone()));
            }
            pieces.push((r.add(&one), top.clone()));
        }
    }
    let mut out: Vec<(Nat, Nat)> = Vec::new();
    for (lo, hi) in pieces {
        if lo > hi || lo > top {
            continue;
        }
        let hi = hi.min(top.clone());
        if is_p_position(&after(w, side, lo.clone())) {
            match out.last_mut() {
                Some(last) if last.1.add(&one) == lo => last.1 = hi,
                _ => out.push((lo, hi)),
            }
        }
    }
    out
}

/// The edges at the coin with their weights: the first, and the last when it is
/// another edge (n ≥ 2).
fn sides(w: &[Nat]) -> impl Iterator<Item = (Side, &Nat)> {
    let n = w.len();
    w.first()
        .map(|f| (Side::First, f))
        .into_iter()
        .chain((n >= 2).then(|| (Side::Last, &w[n - 1])))
}

/// The coin game on a ring as a family.
///
/// ```
/// use sprague_games::impartial::ring::Ring;
/// use sprague_engine::impartial::family::{Family, MoveSink, Pos};
/// use sprague_core::Limits;
/// use sprague_core::nat::Nat;
/// let pos: Pos = [3u64, 0, 4].map(Nat::from).into_iter().collect();
/// let mut sink = MoveSink::new(20);
/// Ring::default().moves_to_value(&pos, &Nat::ZERO, &Limits::default(), &mut sink).unwrap();
/// // Runs 1 and 1: cross either edge, lowering it to any value.
/// assert_eq!(sink.moves[0].to_text(&Ring::default()), "ring(0,4,0)");
/// assert_eq!(sink.moves.len(), 7);
/// ```
#[derive(Default)]
pub struct Ring {
    search: RefCell<Option<GrundySearch<RingRules>>>,
}

impl Ring {
    /// The value by exhaustive search, if the reachable positions, counted with their
    /// length (each is stored whole), and the options they generate fit in `limits`.
    fn searched(&self, w: &[Nat], limits: &Limits) -> Result<Option<u32>, SolveError> {
        let mut small = Vec::with_capacity(w.len());
        let n = w.len() as u64;
        let Some(mut states) = n.checked_mul(n) else {
            return Ok(None);
        };
        for x in w {
            let Some(v) = x.to_u64() else {
                return Ok(None);
            };
            let Some(s) = v.checked_add(1).and_then(|v1| states.checked_mul(v1)) else {
                return Ok(None);
            };
            states = s;
            if states > limits.max_states {
                return Ok(None);
            }
            small.push(v);
        }
        // Each position has up to (sum of the weights) options: bound that work too.
        let options: u64 = small.iter().fold(1u64, |a, &v| a.saturating_add(v));
        if states.saturating_mul(options) > limits.max_states.saturating_mul(OPTIONS_PER_STATE) {
            return Ok(None);
        }
        let mut cell = self.search.borrow_mut();
        let s = cell.get_or_insert_with(|| GrundySearch::new(RingRules));
        match s.grundy(&small, limits) {
            Ok(g) => Ok(Some(g)),
            Err(SolveError::Limit { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The nim-value, if known: 0 for P-positions, else by exhaustive search.
    pub fn value(&self, w: &[Nat], limits: &Limits) -> Result<Option<Nat>, SolveError> {
        if is_p_position(w) {
            return Ok(Some(Nat::ZERO));
        }
        Ok(self.searched(w, limits)?.map(Nat::from))
    }

    /// The move crossing the edge on `side`, lowering it to `v`; in words when `words`.
    fn the_move(w: &[Nat], side: Side, v: &Nat, words: bool) -> Move {
        let n = w.len();
        let (name, we) = match side {
            Side::First => ("first", &w[0]),
            Side::Last => ("last", &w[n - 1]),
        };
        let to: Pos = after(w, side, v.clone()).into_iter().collect();
        Move::worded(smallvec::smallvec![to], words, || {
            format!("cross the {name} edge, lowering it from {we} to {v}")
        })
    }
}

impl Family for Ring {
    fn picture(&self, pos: &Pos) -> Picture {
        Picture::Ring {
            weights: pos.to_vec(),
        }
    }

    fn name(&self) -> String {
        "ring".into()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        if pos.is_empty() {
            return Err(SolveError::Input(
                "ring(w1,…,wn) takes the edge weights, starting at the coin".into(),
            ));
        }
        Ok(())
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        self.value(pos, limits)
    }

    fn is_p_position(&self, pos: &Pos, _limits: &Limits) -> Result<bool, SolveError> {
        Ok(is_p_position(pos))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let one = Nat::from(1u64);
        if target.is_zero() {
            for side in [Side::First, Side::Last] {
                for (lo, hi) in winning_ranges(pos, side) {
                    let mut v = lo;
                    while v <= hi {
                        if !sink.push(Self::the_move(pos, side, &v, sink.wants_words())) {
                            return Ok(());
                        }
                        v = v.add(&one);
                    }
                }
            }
            return Ok(());
        }
        if self.searched(pos, limits)?.is_none() {
            return Err(limits.states_exceeded("the exhaustive search of ring"));
        }
        let n = pos.len();
        let sides: &[Side] = if n == 1 {
            &[Side::First]
        } else {
            &[Side::First, Side::Last]
        };
        for &side in sides {
            let we = match side {
                Side::First => &pos[0],
                Side::Last => &pos[n - 1],
            };
            let mut v = Nat::ZERO;
            while v < *we {
                let o = after(pos, side, v.clone());
                if self.value(&o, limits)?.as_ref() == Some(target)
                    && !sink.push(Self::the_move(pos, side, &v, sink.wants_words()))
                {
                    return Ok(());
                }
                v = v.add(&one);
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        // Cross the first edge, then the last (the same edge when n = 1), lowering it to
        // every smaller value.
        let one = Nat::from(1u64);
        for (side, w) in sides(pos) {
            let mut v = Nat::ZERO;
            while v < *w {
                if !sink.push(Self::the_move(pos, side, &v, sink.wants_words())) {
                    return Ok(());
                }
                v = v.add(&one);
            }
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        Ok(Some(sides(pos).fold(Nat::ZERO, |s, (_, w)| s.add(w))))
    }

    fn move_to(&self, pos: &Pos, to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        let n = pos.len();
        if to.len() != n {
            return Ok(None);
        }
        for (side, w) in sides(pos) {
            let v = match side {
                Side::First => &to[n - 1],
                Side::Last => &to[0],
            };
            if v < w && after(pos, side, v.clone()).as_slice() == to.as_slice() {
                return Ok(Some(Self::the_move(pos, side, v, true)));
            }
        }
        Ok(None)
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let n = pos.len();
        let mut lines = Vec::new();
        let verdict = |p: bool| {
            if p {
                "the player to move loses"
            } else {
                "the player to move wins"
            }
        };
        match case(pos) {
            Case::Zero { a, b } => lines.push(format!(
                "runs of positive edges from the coin to the first zero edge: {a} going \
                 forward, {b} going backward; {} (P1288: the mover wins iff one of these runs \
                 is odd — cross its first edge and lower it to 0, leaving two even runs)",
                verdict(a % 2 == 0 && b % 2 == 0)
            )),
            Case::OddRing => lines.push(format!(
                "all {n} edges are positive and n is odd: the player to move wins by crossing \
                 an edge and lowering it to 0, which leaves runs of {} and 0 positive edges, \
                 both even",
                n - 1
            )),
            Case::EvenRing { min, a, b } => lines.push(format!(
                "all {n} edges are positive and n is even: lowering an edge to 0 would leave \
                 an odd run of {} edges, so both players keep every weight ≥ 1 and the game \
                 is the game on the weights minus their minimum {min}; there the runs of \
                 positive edges to the first zero edge are {a} going forward and {b} going \
                 backward, so {}",
                n - 1,
                verdict(a % 2 == 0 && b % 2 == 0)
            )),
        }
        match self.value(pos, limits)? {
            Some(v) if !v.is_zero() => lines.push(format!("sg = {v}, by exhaustive search")),
            None => lines.push(limits.value_not_computed("exhaustive search")),
            _ => {}
        }
        Ok(lines)
    }
}

/// `ring` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["ring"],
    usage: Some((
        "ring(w1,…)",
        "coin on a ring: lower an edge at the coin and cross it",
    )),
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "A coin sits on a ring of edges with weights; a move lowers the weight of an edge next to the coin and moves the coin across it. Whoever cannot move loses.",
        example: Some("ring(2,1,3)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((reg.shared(Ring::default()), 0))
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
    fn outcome_and_every_winning_move_match_exhaustive_search() {
        let mut s = GrundySearch::new(RingRules);
        let limits = Limits::default();
        for n in 1..=6usize {
            let max = match n {
                1..=3 => 6,
                4 => 4,
                5 => 3,
                _ => 2,
            };
            for w in all_tuples(n, max) {
                let g = s.grundy(&w, &limits).unwrap();
                let pos = nats(&w);
                assert_eq!(is_p_position(&pos), g == 0, "ring{w:?}");
                // Winning moves, as (side, v) pairs, from the rules.
                let mut want = BTreeSet::new();
                for v in 0..w[0] {
                    let mut o: Vec<u64> = w[1..].to_vec();
                    o.push(v);
                    if s.grundy(&o, &limits).unwrap() == 0 {
                        want.insert(("first", v));
                    }
                }
                if n > 1 {
                    for v in 0..w[n - 1] {
                        let mut o = vec![v];
                        o.extend_from_slice(&w[..n - 1]);
                        if s.grundy(&o, &limits).unwrap() == 0 {
                            want.insert(("last", v));
                        }
                    }
                }
                let mut got = BTreeSet::new();
                for (side, name) in [(Side::First, "first"), (Side::Last, "last")] {
                    for (lo, hi) in winning_ranges(&pos, side) {
                        for v in lo.to_u64().unwrap()..=hi.to_u64().unwrap() {
                            got.insert((name, v));
                        }
                    }
                }
                assert_eq!(got, want, "ring{w:?}");
            }
        }
    }

    #[test]
    fn all_positive_rings_are_not_decided_by_parity_alone() {
        // ring(1,1) from the rules: either move lowers an edge to 0 and leaves ring(1,0)
        // or ring(0,1), where the opponent crosses the other edge to 0: lost.
        assert!(is_p_position(&nats(&[1, 1])));
        // ring(2,1): cross the first edge lowering it to 1, leaving ring(1,1): won. This
        // is the only winning move, so the study notes' "lowering an edge straight to 0 is
        // always best" (stated for P1288, where some edge is 0) fails without a zero edge:
        // lowering to 0 leaves ring(1,0) or ring(0,2), both won by the opponent.
        assert!(!is_p_position(&nats(&[2, 1])));
        assert!(!is_p_position(&nats(&[1, 0])));
        assert!(!is_p_position(&nats(&[0, 2])));
        assert!(winning_ranges(&nats(&[2, 1]), Side::Last).is_empty());
        assert_eq!(
            winning_ranges(&nats(&[2, 1]), Side::First),
            [(Nat::from(1u64), Nat::from(1u64))]
        );
    }

    #[test]
    fn family_moves_to_nonzero_values_match_search() {
        let mut s = GrundySearch::new(RingRules);
        let limits = Limits::default();
        let fam = Ring::default();
        for w in all_tuples(3, 3) {
            let g = s.grundy(&w, &limits).unwrap();
            let pos: Pos = nats(&w).into_iter().collect();
            for target in 1..=g + 1 {
                let want: BTreeSet<String> = s
                    .options(&w)
                    .iter()
                    .filter(|o| s.grundy(o, &limits).unwrap() == target)
                    .map(|o| {
                        let mut t = String::new();
                        fam.write_position(&nats(o).into_iter().collect(), &mut t);
                        t
                    })
                    .collect();
                let mut sink = MoveSink::new(1000);
                fam.moves_to_value(&pos, &Nat::from(target), &limits, &mut sink)
                    .unwrap();
                let got: BTreeSet<String> = sink.moves.iter().map(|m| m.to_text(&fam)).collect();
                assert_eq!(got, want, "ring{w:?} to {target}");
            }
        }
    }

    #[test]
    fn long_and_heavy_rings_use_the_closed_form() {
        let mut w: Vec<Nat> = (0..100_000u64).map(|i| Nat::from(i % 7 + 1)).collect();
        w[50_000] = Nat::ZERO;
        // Forward run 50 000 (even), backward run 49 999 (odd): the mover wins.
        assert!(!is_p_position(&w));
        let huge: Nat = "1000000000000000000000000000000".parse().unwrap();
        let w = vec![huge.clone(), huge];
        // Even ring, both at the minimum: lost (as ring(1,1)).
        assert!(is_p_position(&w));
    }
}
