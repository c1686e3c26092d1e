//! Staircase Nim: `stair(a1,…,an)` has a_i stones on step i (step 1 is the lowest). A
//! move takes any positive number of stones from one step i to step i − 1; stones moved
//! from step 1 reach the ground and leave the game. The player who cannot move loses.
//!
//! # Value
//!
//! The nim-value of the whole staircase is the XOR of the odd steps,
//! `a1 ⊕ a3 ⊕ a5 ⊕ …` — not only its outcome (the usual statement, "Nim on the odd
//! steps"), but its Sprague–Grundy value, so a staircase can be added to other games.
//! Proof by induction on the number of stones not on the ground times their heights
//! (every move lowers it): let x be the XOR of the odd steps of P. A move from an odd
//! step i lowers a_i to any smaller value and changes no other odd step, so, as in
//! Nim, the options reach every value below x (by induction their values are their
//! XORs). No option has value x: a move from an odd step changes a_i, and a move from
//! an even step i raises a_(i−1), an odd step, by a positive amount; either way exactly
//! one odd step changes, so the XOR changes. Hence the mex of the options is x. The
//! tests compare this with exhaustive search.
//!
//! # Moves to a value
//!
//! To go from value x to value y ≠ x, with d = x ⊕ y: from an odd step, lower a_i to
//! a_i ⊕ d when that is smaller (moving the difference one step down); from an even
//! step i, raise the odd step below from b to b ⊕ d when that is larger and the
//! difference is at most a_i. At most one move per step, so all of them are found in
//! one pass over the steps.

use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::exhaustive::GameRules;
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};
use sprague_engine::picture::Picture;

/// The rules of staircase Nim on small staircases, for exhaustive search.
#[derive(Clone, Copy, Debug, Default)]
pub struct StairRules;

impl GameRules for StairRules {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &a) in p.iter().enumerate() {
            for c in 1..=a {
                let mut q = p.clone();
                q[i] -= c;
                if i > 0 {
                    q[i - 1] += c;
                }
                out.push(q);
            }
        }
    }
}

/// The XOR of the odd steps (`a1 ⊕ a3 ⊕ …`), the nim-value of the staircase.
///
/// ```
/// use sprague_games::impartial::stair::value;
/// use sprague_core::nat::Nat;
/// let steps: Vec<Nat> = [3u64, 9, 5].map(Nat::from).to_vec();
/// assert_eq!(value(&steps), Nat::from(6u64));
/// ```
pub fn value(steps: &[Nat]) -> Nat {
    let mut x = Nat::ZERO;
    for a in steps.iter().step_by(2) {
        x ^= a;
    }
    x
}

/// A move of staircase Nim: `count` stones from step `from` (1-based) to the step below.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StairMove {
    /// The step moved from (1 is the lowest).
    pub from: usize,
    /// How many stones move down one step.
    pub count: Nat,
}

/// Calls `f` with every move from `steps` to a position of value `target`, lowest step
/// first, until `f` returns false.
pub(crate) fn moves_to(steps: &[Nat], target: &Nat, mut f: impl FnMut(StairMove) -> bool) {
    let d = &value(steps) ^ target;
    if d.is_zero() {
        return;
    }
    for (i, a) in steps.iter().enumerate() {
        let found = if i % 2 == 0 {
            // Odd step i + 1: lower it like a Nim heap.
            let lower = a ^ &d;
            (lower < *a).then(|| a.checked_sub(&lower).unwrap_or_default())
        } else {
            // Even step i + 1: raise the odd step below.
            let below = &steps[i - 1];
            let raised = below ^ &d;
            raised.checked_sub(below).filter(|c| !c.is_zero() && c <= a)
        };
        if let Some(count) = found
            && !f(StairMove { from: i + 1, count })
        {
            return;
        }
    }
}

/// Staircase Nim as a family: value, outcome and moves at any size in one pass.
///
/// ```
/// use sprague_games::impartial::stair::Stair;
/// use sprague_engine::impartial::family::{Family, MoveSink, Pos};
/// use sprague_core::Limits;
/// use sprague_core::nat::Nat;
/// let pos: Pos = [3u64, 9, 5].map(Nat::from).into_iter().collect();
/// let mut sink = MoveSink::new(20);
/// Stair.moves_to_value(&pos, &Nat::ZERO, &Limits::default(), &mut sink).unwrap();
/// // 3 ⊕ 5 = 6: lower step 3 from 5 to 3, or raise step 1 from 3 to 5 with 2 from step 2.
/// let to: Vec<String> = sink.moves.iter().map(|m| m.to_text(&Stair)).collect();
/// assert_eq!(to, ["stair(5,7,5)", "stair(3,11,3)"]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Stair;

impl Stair {
    /// The steps after move `m`.
    fn after(steps: &[Nat], m: &StairMove) -> Pos {
        let mut out: Pos = steps.iter().cloned().collect();
        let i = m.from - 1;
        out[i] = out[i].checked_sub(&m.count).unwrap_or_default();
        if i > 0 {
            out[i - 1] = out[i - 1].add(&m.count);
        }
        out
    }

    fn text(m: &StairMove) -> String {
        let stones = if m.count == Nat::from(1u64) {
            "stone"
        } else {
            "stones"
        };
        if m.from == 1 {
            format!("move {} {stones} from step 1 to the ground", m.count)
        } else {
            format!(
                "move {} {stones} from step {} to step {}",
                m.count,
                m.from,
                m.from - 1
            )
        }
    }
}

impl Family for Stair {
    fn picture(&self, pos: &Pos) -> Picture {
        Picture::Stairs {
            steps: pos.to_vec(),
        }
    }

    fn name(&self) -> String {
        "stair".into()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        if pos.is_empty() {
            return Err(SolveError::Input(
                "stair(a1,…,an) takes the stones on each step, lowest step first".into(),
            ));
        }
        Ok(())
    }

    fn grundy(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        Ok(Some(value(pos)))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        _limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        moves_to(pos, target, |m| {
            sink.offer_one(Self::after(pos, &m), || Self::text(&m))
        });
        Ok(())
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        // Every count 1..=a_i from every step i, lowest step first.
        let one = Nat::from(1u64);
        for (i, a) in pos.iter().enumerate() {
            let mut count = one.clone();
            while count <= *a {
                let m = StairMove { from: i + 1, count };
                if !sink.offer_one(Self::after(pos, &m), || Self::text(&m)) {
                    return Ok(());
                }
                count = m.count.add(&one);
            }
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        Ok(Some(pos.iter().fold(Nat::ZERO, |s, a| s.add(a))))
    }

    fn move_to(&self, pos: &Pos, to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        if to.len() != pos.len() {
            return Ok(None);
        }
        // The highest step that changed is the one moved from.
        let Some(i) = (0..pos.len()).rev().find(|&i| pos[i] != to[i]) else {
            return Ok(None);
        };
        let Some(count) = pos[i].checked_sub(&to[i]).filter(|c| !c.is_zero()) else {
            return Ok(None);
        };
        let below_ok = i == 0 || to[i - 1] == pos[i - 1].add(&count);
        let rest_same = (0..i.saturating_sub(1)).all(|j| pos[j] == to[j]);
        if !(below_ok && rest_same) {
            return Ok(None);
        }
        let m = StairMove { from: i + 1, count };
        Ok(Some(Move::one(Self::after(pos, &m), Self::text(&m))))
    }

    fn explain(&self, pos: &Pos, _limits: &Limits) -> Result<Vec<String>, SolveError> {
        let x = value(pos);
        let odd: Vec<String> = pos.iter().step_by(2).map(Nat::to_string).collect();
        let sum = if odd.len() > 1 && odd.len() <= 12 {
            format!(" ({} = {x})", odd.join(" ⊕ "))
        } else {
            String::new()
        };
        Ok(vec![format!(
            "the odd steps XOR to {x}{sum}: staircase Nim is Nim on the odd steps, and its \
             nim-value is that XOR — a move from an odd step is a Nim move there, and a move \
             from an even step only adds stones to the odd step below, which changes the XOR \
             (and can be undone by moving them on)"
        )])
    }
}

/// `stair` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["stair"],
    usage: Some((
        "stair(a1,…)",
        "staircase Nim: move stones from a step to the one below",
    )),
    shown: Some(super::Shown {
        group: super::Group::Study,
        rules: "Staircase Nim: stones lie on the steps of a staircase; a move carries some stones from one step to the step below (from the lowest step, off the staircase). Whoever cannot move loses.",
        example: Some("stair(3,1,4,2)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((reg.shared(Stair), 0))
    },
    read: None,
    table: None,
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::all_tuples;
    use sprague_engine::impartial::exhaustive::GrundySearch;
    use std::collections::BTreeSet;

    fn after(p: &[u64], m: &StairMove) -> Vec<u64> {
        let mut q = p.to_vec();
        let c = m.count.to_u64().unwrap();
        q[m.from - 1] -= c;
        if m.from > 1 {
            q[m.from - 2] += c;
        }
        q
    }

    #[test]
    fn nim_value_is_the_xor_of_odd_steps_and_moves_match_search() {
        let mut s = GrundySearch::new(StairRules);
        let limits = Limits::default();
        for steps in 1..=4 {
            let max = if steps == 4 { 3 } else { 5 };
            for p in all_tuples(steps, max) {
                let pos: Vec<Nat> = p.iter().map(|&a| Nat::from(a)).collect();
                let g = s.grundy(&p, &limits).unwrap();
                assert_eq!(value(&pos), Nat::from(g), "{p:?}");
                let opts = s.options(&p);
                for target in 0..=g + 2 {
                    let want: BTreeSet<Vec<u64>> = opts
                        .iter()
                        .filter(|o| s.cached(o) == Some(target))
                        .cloned()
                        .collect();
                    let mut got = BTreeSet::new();
                    moves_to(&pos, &Nat::from(target), |m| {
                        got.insert(after(&p, &m));
                        true
                    });
                    assert_eq!(got, want, "{p:?} to value {target}");
                }
            }
        }
    }

    #[test]
    fn even_steps_feed_odd_steps_in_winning_moves() {
        // stair(1,2): XOR of odd steps 1. From the rules: taking the stone on step 1 to
        // the ground leaves stair(0,2), whose odd step is empty (P); moving one stone from
        // step 2 to step 1 leaves stair(2,1), odd XOR 2 (N); moving both leaves (3,0): N.
        let pos: Vec<Nat> = vec![Nat::from(1u64), Nat::from(2u64)];
        let mut got = Vec::new();
        moves_to(&pos, &Nat::ZERO, |m| {
            got.push(m);
            true
        });
        assert_eq!(
            got,
            [StairMove {
                from: 1,
                count: Nat::from(1u64)
            }]
        );
        // stair(1,3,3): XOR 1 ⊕ 3 = 2; step 1: 1 ⊕ 2 = 3 > 1 no; step 2 raises step 1 to
        // 3 with 2 of its 3 stones; step 3: 3 ⊕ 2 = 1 < 3, move 2 down.
        let pos: Vec<Nat> = [1u64, 3, 3].map(Nat::from).to_vec();
        let mut got = Vec::new();
        moves_to(&pos, &Nat::ZERO, |m| {
            got.push((m.from, m.count.to_u64().unwrap()));
            true
        });
        assert_eq!(got, [(2, 2), (3, 2)]);
    }

    #[test]
    fn a_hundred_thousand_steps_in_one_pass() {
        // Step 1 holds 2, every other step 1: the odd steps XOR to 2 ⊕ 1 (49 999 ones) = 3.
        // Step 1 can go from 2 to 2 ⊕ 3 = 1; no other odd step can (1 ⊕ 3 = 2 > 1); step 2
        // cannot raise step 1 (2 ⊕ 3 = 1 < 2); every even step from 4 on can move its stone
        // down, raising the odd step below from 1 to 2: 1 + 49 999 moves.
        let mut pos: Vec<Nat> = vec![Nat::from(1u64); 100_000];
        pos[0] = Nat::from(2u64);
        assert_eq!(value(&pos), Nat::from(3u64));
        let mut count = 0;
        moves_to(&pos, &Nat::ZERO, |m| {
            assert!(m.from == 1 || (m.from % 2 == 0 && m.from >= 4));
            count += 1;
            true
        });
        assert_eq!(count, 50_000);
    }
}
