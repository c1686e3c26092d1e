//! The jump staircase: `jumpstair(a1,…,an)` has a_i ≥ 0 stones on step i (step 1 is
//! the lowest, step 0 the ground). A move picks a step i with stones and moves any
//! positive number of them down to a step j, 0 ≤ j < i, such that every step strictly
//! between j and i is empty; stones moved to the ground (j = 0) leave the game. The
//! player who cannot move loses. So the stones of a step may fall through the empty
//! steps below it and stop on any of them, or join the nearest occupied step below,
//! but never jump over an occupied step. With no empty step it is staircase Nim
//! ([`stair`](super::stair)); the empty steps are what make it different.
//!
//! The notation has no Left and Right: the steps are listed from the lowest up, and
//! a position keeps its number of steps (empty top steps included) across moves.
//!
//! # Termination
//!
//! A move lowers Σ i·a_i (its stones go down at least one step each), so every play
//! ends and every position has a nim-value.
//!
//! # No "Nim on the odd steps"
//!
//! Study notes carry the hint that, as in staircase Nim, stones "move from odd steps
//! to odd steps" and the odd steps decide. That is false here, in outcome and in
//! value. The smallest counterexample, from the rules alone: `jumpstair(1,1)` has two
//! moves. Step 1 may only send its stone to the ground, leaving `jumpstair(0,1)`;
//! step 2 may only move its stone onto step 1 (step 1 is occupied, so it cannot
//! jump to the ground), leaving `jumpstair(2,0)`. Both are worth *2: `jumpstair(2,0)`
//! is a Nim heap of 2, and `jumpstair(0,1)` has the options `jumpstair(1,0)` (*1) and
//! `jumpstair(0,0)` (0). So `jumpstair(1,1)` = mex{2} = 0, a loss for the player to
//! move, while the odd steps XOR to 1. (Without the empty steps the rule would say
//! N: it is the jump over the empty step 1 that makes the difference.)
//!
//! An exhaustive search of every position with at most 6 steps and at most 3 stones a
//! step (the tests) finds no rule of that kind: no set of steps whose XOR decides the
//! outcome, and values that grow irregularly even for one occupied step (a pile of c
//! stones on step 2 over an empty step 1 is worth c + 1, except at c = 2, 6, 14, …,
//! where it is worth (c + 2)/2 − 1 — observed, checked to c = 30 by the tests, not
//! proved; one step higher the values look erratic). We know
//! no closed form, so this family answers by exhaustive search: memoised, iterative,
//! bounded by `--max-states` (a position with more stones than that bound is refused at
//! once: it has at least one reachable position per stone). Outcomes, nim-values and
//! winning moves are exact within the bound; past it the command stops with the bound
//! named (exit 3).
//!
//! Moves are listed and checked from the rules at any size: a step i with stones and
//! the nearest occupied step p below it (0 when none) give a_i·(i − p) distinct moves
//! (each count, to each of the steps p, …, i − 1), which is how they are counted.

use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::exhaustive::GameRules;
use sprague_engine::impartial::exhaustive_family::{ExhaustiveFamily, PositionRules};
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};
use sprague_engine::picture::Picture;

/// Most options whose values an explanation lists one by one.
const EXPLAINED_OPTIONS: usize = 16;

/// The rules of the jump staircase on positions small enough to search.
#[derive(Clone, Copy, Debug, Default)]
pub struct JumpRules;

/// The nearest occupied step below step `i` (1-based), or 0 (the ground) when none.
fn floor_below<T: PartialEq + Default>(steps: &[T], i: usize) -> usize {
    let empty = T::default();
    (1..i).rev().find(|&k| steps[k - 1] != empty).unwrap_or(0)
}

impl GameRules for JumpRules {
    type Position = Vec<u64>;

    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for i in 1..=p.len() {
            let a = p[i - 1];
            if a == 0 {
                continue;
            }
            let low = floor_below(p, i);
            for j in low..i {
                for c in 1..=a {
                    let mut q = p.clone();
                    q[i - 1] -= c;
                    if j > 0 {
                        q[j - 1] += c;
                    }
                    out.push(q);
                }
            }
        }
    }
}

/// A move of the jump staircase: `count` stones from step `from` to step `to` (0 the
/// ground).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Jump {
    /// The step the stones leave (1 is the lowest).
    pub from: usize,
    /// The step they land on (0: the ground).
    pub to: usize,
    /// How many stones move.
    pub count: Nat,
}

impl Jump {
    /// The steps after the move.
    fn apply(&self, steps: &[Nat]) -> Pos {
        let mut out: Pos = steps.iter().cloned().collect();
        out[self.from - 1] = out[self.from - 1]
            .checked_sub(&self.count)
            .unwrap_or_default();
        if self.to > 0 {
            out[self.to - 1] = out[self.to - 1].add(&self.count);
        }
        out
    }

    /// The move in words.
    fn text(&self) -> String {
        let stones = if self.count == Nat::from(1u64) {
            "stone"
        } else {
            "stones"
        };
        let to = if self.to == 0 {
            "the ground".to_string()
        } else {
            format!("step {}", self.to)
        };
        let over = match self.from - self.to {
            1 => String::new(),
            2 => format!(" (over the empty step {})", self.to + 1),
            _ => format!(" (over the empty steps {}–{})", self.to + 1, self.from - 1),
        };
        format!(
            "move {} {stones} from step {} to {to}{over}",
            self.count, self.from
        )
    }

    /// The move from `steps` to `after`, when it is one move of the rules.
    fn between(steps: &[Nat], after: &[Nat]) -> Option<Jump> {
        if steps.len() != after.len() {
            return None;
        }
        let changed: Vec<usize> = (0..steps.len()).filter(|&k| steps[k] != after[k]).collect();
        let (from, to, count) = match changed.as_slice() {
            [i] => {
                let count = steps[*i].checked_sub(&after[*i])?;
                (*i + 1, 0, count)
            }
            [j, i] => {
                let count = steps[*i].checked_sub(&after[*i])?;
                (after[*j] == steps[*j].add(&count)).then_some(())?;
                (*i + 1, *j + 1, count)
            }
            _ => return None,
        };
        if count.is_zero() || to < floor_below(steps, from) {
            return None;
        }
        Some(Jump { from, to, count })
    }
}

impl PositionRules for JumpRules {
    fn name(&self) -> String {
        "jumpstair".into()
    }

    fn decode(&self, pos: &Pos) -> Result<Vec<u64>, SolveError> {
        if pos.is_empty() {
            return Err(SolveError::Input(
                "jumpstair(a1,…,an) takes the stones on each step, lowest step first".into(),
            ));
        }
        pos.iter()
            .map(|a| {
                a.to_u64().ok_or_else(|| {
                    SolveError::Input(format!(
                        "jumpstair: {a} stones on one step are too many to search"
                    ))
                })
            })
            .collect()
    }

    fn encode(&self, p: &Vec<u64>) -> Pos {
        p.iter().map(|&a| Nat::from(a)).collect()
    }

    fn describe(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        let (a, b) = (self.encode(from), self.encode(to));
        Jump::between(&a, &b).map(|m| m.text()).unwrap_or_default()
    }
}

/// The jump staircase as a family: moves from the rules at any size, values by
/// exhaustive search within `--max-states`.
///
/// ```
/// use sprague_games::impartial::jumpstair::JumpStair;
/// use sprague_engine::impartial::family::{Family, Pos};
/// use sprague_core::{Limits, nat::Nat};
/// let f = JumpStair::new();
/// let pos: Pos = [1u64, 1].map(Nat::from).into_iter().collect();
/// // Not Nim on the odd steps: the player to move loses.
/// assert_eq!(f.grundy(&pos, &Limits::default()).unwrap(), Some(Nat::ZERO));
/// ```
pub struct JumpStair {
    search: ExhaustiveFamily<JumpRules>,
}

impl Default for JumpStair {
    fn default() -> Self {
        JumpStair::new()
    }
}

impl JumpStair {
    /// The family, with an empty memo.
    pub fn new() -> Self {
        JumpStair {
            search: ExhaustiveFamily::new(JumpRules),
        }
    }

    /// The position checked against the search's bound: at least one reachable
    /// position per stone, so more stones than `--max-states` are refused at once.
    fn searchable(&self, pos: &Pos, limits: &Limits) -> Result<Vec<u64>, SolveError> {
        let total = pos.iter().fold(Nat::ZERO, |s, a| s.add(a));
        if total > Nat::from(limits.max_states) {
            let mut at = String::new();
            self.write_position(pos, &mut at);
            return Err(limits.states_exceeded(&format!(
                "the exhaustive search of {at}, which has {total} stones (at least one position each)"
            )));
        }
        JumpRules.decode(pos)
    }

    /// Calls `f` with every move from `steps`, lowest step first, then by landing step
    /// from the highest, then by count, until `f` returns false.
    fn each_move(steps: &[Nat], mut f: impl FnMut(Jump) -> bool) {
        let one = Nat::from(1u64);
        for from in 1..=steps.len() {
            let a = &steps[from - 1];
            if a.is_zero() {
                continue;
            }
            let low = floor_below(steps, from);
            for to in (low..from).rev() {
                let mut count = one.clone();
                while count <= *a {
                    let next = count.add(&one);
                    if !f(Jump { from, to, count }) {
                        return;
                    }
                    count = next;
                }
            }
        }
    }
}

impl Family for JumpStair {
    fn picture(&self, pos: &Pos) -> Picture {
        Picture::Stairs {
            steps: pos.to_vec(),
        }
    }

    fn name(&self) -> String {
        "jumpstair".into()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        if pos.is_empty() {
            return JumpRules.decode(pos).map(|_| ());
        }
        Ok(())
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        self.searchable(pos, limits)?;
        self.search.grundy(pos, limits)
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        self.searchable(pos, limits)?;
        self.search.moves_to_value(pos, target, limits, sink)
    }

    fn moves(&self, pos: &Pos, limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let mut stop = Ok(());
        let mut spent = 0u64;
        Self::each_move(pos, |m| {
            spent += 1;
            if spent.is_multiple_of(1 << 12)
                && let Err(e) = limits.check_stop()
            {
                stop = Err(e);
                return false;
            }
            sink.offer_one(m.apply(pos), || m.text())
        });
        stop
    }

    fn move_count(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let mut total = num_bigint::BigUint::default();
        for i in 1..=pos.len() {
            let width = (i - floor_below(pos, i)) as u64;
            total += pos[i - 1].to_big() * width;
        }
        Ok(Some(Nat::from_big(total)))
    }

    fn move_to(&self, pos: &Pos, to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        Ok(Jump::between(pos, to).map(|m| Move::one(m.apply(pos), m.text())))
    }

    /// `move K from I to J` (or `K from I to J`): K stones from step I to step J, J = 0
    /// or `ground` for the ground.
    fn read_move(&self, pos: &Pos, words: &[&str]) -> Option<Result<Pos, String>> {
        let (k, i, j) = match words {
            ["move", k, "from", i, "to", j] | [k, "from", i, "to", j] => (*k, *i, *j),
            _ => return None,
        };
        let count = k.parse::<Nat>().ok()?;
        let from = i.parse::<usize>().ok()?;
        let to = match j {
            "ground" => 0,
            j => j.parse::<usize>().ok()?,
        };
        let mut here = String::new();
        self.write_position(pos, &mut here);
        if from == 0 || from > pos.len() {
            return Some(Err(format!(
                "{here} has steps 1 to {}: there is no step {from} to move from",
                pos.len()
            )));
        }
        if to >= from {
            return Some(Err(format!(
                "stones move down: step {to} is not below step {from}"
            )));
        }
        let have = &pos[from - 1];
        if count.is_zero() || count > *have {
            return Some(Err(format!(
                "step {from} of {here} has {have} stones: cannot move {count}"
            )));
        }
        let low = floor_below(pos, from);
        if to < low {
            return Some(Err(format!(
                "the stones of step {from} cannot jump over the occupied step {low}"
            )));
        }
        Some(Ok(Jump { from, to, count }.apply(pos)))
    }

    fn move_words(&self) -> Option<&'static str> {
        Some(
            "move K from I to J, or K from I to J: move K stones from step I down to step J of a jumpstair (J = 0 or ground: off the board)",
        )
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let p = self.searchable(pos, limits)?;
        let g = self.search.value(&p, limits)?;
        let opts = self.search.options(&p);
        let mut vals = Vec::with_capacity(opts.len().min(EXPLAINED_OPTIONS));
        for o in opts.iter().take(EXPLAINED_OPTIONS) {
            vals.push(self.search.value(o, limits)?.to_string());
        }
        let more = if opts.len() > EXPLAINED_OPTIONS {
            ", …"
        } else {
            ""
        };
        Ok(vec![
            format!(
                "no closed form is known (the XOR of the odd steps, staircase Nim's rule, fails: jumpstair(1,1) is lost for the player to move): the value is the mex of the values of the {} options, found by exhaustive search of the positions below it (memoised, within the bound on positions)",
                opts.len()
            ),
            format!("sg = mex{{{}{more}}} = {g}", vals.join(", ")),
        ])
    }
}

/// `jumpstair` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["jumpstair"],
    usage: Some((
        "jumpstair(a1,…)",
        "move stones down to any step, jumping only over empty steps",
    )),
    shown: Some(super::Shown {
        group: super::Group::Study,
        rules: "Stones lie on the steps of a staircase; a move carries stones down to any lower step, jumping only over empty steps. Whoever cannot move loses.",
        example: Some("jumpstair(2,0,3)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((reg.shared(JumpStair::new()), 0))
    },
    read: None,
    table: None,
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::all_tuples;
    use std::collections::{BTreeSet, HashMap};

    /// The options of a position straight from the rules of the module documentation,
    /// written without the family's helpers: for every step i with stones, every
    /// landing step j below it with nothing occupied strictly between, every count.
    fn rule_options(p: &[u8]) -> BTreeSet<Vec<u8>> {
        let mut out = BTreeSet::new();
        for i in 1..=p.len() {
            for j in 0..i {
                let between_empty = (j + 1..i).all(|k| p[k - 1] == 0);
                if !between_empty {
                    continue;
                }
                for c in 1..=p[i - 1] {
                    let mut q = p.to_vec();
                    q[i - 1] -= c;
                    if j >= 1 {
                        q[j - 1] += c;
                    }
                    out.insert(q);
                }
            }
        }
        out
    }

    /// The nim-value from the rules by plain recursion with a memo (positions here
    /// hold at most 18 stones on 6 steps, so the depth is small).
    fn rule_value(p: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> u32 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let seen: BTreeSet<u32> = rule_options(p)
            .iter()
            .map(|q| rule_value(q, memo))
            .collect();
        let v = (0..).find(|x| !seen.contains(x)).unwrap();
        memo.insert(p.to_vec(), v);
        v
    }

    fn pos(p: &[u64]) -> Pos {
        p.iter().map(|&a| Nat::from(a)).collect()
    }

    #[test]
    fn values_and_moves_match_the_rules_on_every_small_position() {
        // Every position of at most 6 steps with at most 3 stones a step: the value,
        // the outcome, every move and the moves to each value, against the rules.
        let f = JumpStair::new();
        let limits = Limits::default();
        let mut memo = HashMap::new();
        for n in 1..=6 {
            for p in all_tuples(n, 3) {
                let small: Vec<u8> = p.iter().map(|&a| a as u8).collect();
                let want = rule_value(&small, &mut memo);
                let at = pos(&p);
                assert_eq!(
                    f.grundy(&at, &limits).unwrap(),
                    Some(Nat::from(want)),
                    "{p:?}"
                );
                let opts = rule_options(&small);
                let show = |q: &Vec<u8>| {
                    let q: Vec<u64> = q.iter().map(|&a| u64::from(a)).collect();
                    pos(&q)
                };
                // Every move, each once, and their count by the formula.
                let mut sink = MoveSink::new(1 << 16);
                f.moves(&at, &limits, &mut sink).unwrap();
                let listed: Vec<Pos> = sink.moves.iter().map(|m| m.to[0].clone()).collect();
                let set: BTreeSet<Pos> = listed.iter().cloned().collect();
                assert_eq!(set.len(), listed.len(), "{p:?}: a move listed twice");
                let want_set: BTreeSet<Pos> = opts.iter().map(show).collect();
                assert_eq!(set, want_set, "{p:?}");
                assert_eq!(
                    f.move_count(&at, &limits).unwrap(),
                    Some(Nat::from(opts.len())),
                    "{p:?}"
                );
                // Winning moves (and moves to the next values) are the options of
                // that value; every listed move is recognised by move_to.
                if n <= 4 {
                    for t in 0..=want + 1 {
                        let mut sink = MoveSink::new(1 << 16);
                        f.moves_to_value(&at, &Nat::from(t), &limits, &mut sink)
                            .unwrap();
                        let got: BTreeSet<Pos> =
                            sink.moves.iter().map(|m| m.to[0].clone()).collect();
                        let want: BTreeSet<Pos> = opts
                            .iter()
                            .filter(|q| rule_value(q, &mut memo) == t)
                            .map(show)
                            .collect();
                        assert_eq!(got, want, "{p:?} to {t}");
                    }
                    for m in &sink.moves {
                        let back = f.move_to(&at, &m.to[0], &limits).unwrap();
                        assert_eq!(back.map(|b| b.text), Some(m.text.clone()), "{p:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_odd_steps_do_not_decide() {
        // The counterexample of the module documentation, from the rules by hand.
        let f = JumpStair::new();
        let limits = Limits::default();
        let g = |p: &[u64]| f.grundy(&pos(p), &limits).unwrap().unwrap();
        assert_eq!(g(&[2, 0]), Nat::from(2u64));
        assert_eq!(g(&[0, 1]), Nat::from(2u64));
        assert_eq!(g(&[1, 1]), Nat::ZERO);
        // Over every position of at most 5 steps and 3 stones a step, no set of
        // steps has an XOR that is zero exactly on the P-positions.
        let mut memo = HashMap::new();
        let n = 5;
        let positions = all_tuples(n, 3);
        let outcome: Vec<bool> = positions
            .iter()
            .map(|p| {
                let small: Vec<u8> = p.iter().map(|&a| a as u8).collect();
                rule_value(&small, &mut memo) == 0
            })
            .collect();
        for mask in 0u32..1 << n {
            let decides = positions.iter().zip(&outcome).all(|(p, &lost)| {
                let x = (0..n)
                    .filter(|k| mask & 1 << k != 0)
                    .fold(0, |x, k| x ^ p[k]);
                (x == 0) == lost
            });
            assert!(!decides, "the steps of mask {mask:b} decide");
        }
    }

    #[test]
    fn one_pile_over_one_empty_step() {
        // c stones on step 2 over an empty step 1, from the rules: c + 1, except
        // (c + 2)/2 − 1 at c = 2, 6, 14, 30 (the pattern the module documentation
        // mentions, checked as far as it is claimed there).
        let mut memo = HashMap::new();
        for c in 1..=30u8 {
            let want = if [2, 6, 14, 30].contains(&c) {
                (u32::from(c) + 2) / 2 - 1
            } else {
                u32::from(c) + 1
            };
            assert_eq!(rule_value(&[0, c], &mut memo), want, "c = {c}");
        }
    }

    #[test]
    fn typed_moves_follow_the_rules() {
        let f = JumpStair::new();
        let at = pos(&[0, 2, 0, 3]);
        let read = |w: &[&str]| f.read_move(&at, w);
        assert_eq!(
            read(&["move", "2", "from", "4", "to", "3"]),
            Some(Ok(pos(&[0, 2, 2, 1])))
        );
        assert_eq!(
            read(&["3", "from", "4", "to", "2"]),
            Some(Ok(pos(&[0, 5, 0, 0])))
        );
        assert_eq!(
            read(&["1", "from", "2", "to", "ground"]),
            Some(Ok(pos(&[0, 1, 0, 3])))
        );
        assert_eq!(
            read(&["1", "from", "2", "to", "1"]),
            Some(Ok(pos(&[1, 1, 0, 3])))
        );
        // Over an occupied step, upwards, too many, no such step.
        for w in [
            &["1", "from", "4", "to", "1"][..],
            &["1", "from", "2", "to", "3"],
            &["4", "from", "4", "to", "3"],
            &["0", "from", "4", "to", "3"],
            &["1", "from", "5", "to", "3"],
        ] {
            assert!(matches!(read(w), Some(Err(_))), "{w:?}");
        }
        assert_eq!(read(&["take", "1"]), None);
        // A move over empty steps says so.
        let m = Jump {
            from: 4,
            to: 2,
            count: Nat::from(3u64),
        };
        assert_eq!(
            m.text(),
            "move 3 stones from step 4 to step 2 (over the empty step 3)"
        );
    }

    #[test]
    fn huge_positions_list_moves_and_refuse_to_search() {
        let f = JumpStair::new();
        let limits = Limits {
            max_states: 1000,
            ..Limits::default()
        };
        let big: Pos = ["1000000000000000000000", "0", "5"]
            .iter()
            .map(|s| s.parse::<Nat>().unwrap())
            .collect();
        // Step 3 may land on 3 − 1 = 2 steps, step 1 on the ground only.
        let want = "1000000000000000000000".parse::<Nat>().unwrap();
        let want = want.add(&Nat::from(10u64));
        assert_eq!(f.move_count(&big, &limits).unwrap(), Some(want));
        let mut sink = MoveSink::new(3);
        f.moves(&big, &limits, &mut sink).unwrap();
        assert!(sink.truncated);
        assert!(matches!(
            f.grundy(&big, &limits),
            Err(SolveError::Limit { .. })
        ));
    }
}
