//! Remoteness (as Gamesman reports it): how many moves the winner needs with best
//! play, and how long the loser can last.
//!
//! A position without moves has remoteness 0. A position the player to move wins has
//! remoteness 1 + the least remoteness of its losing options (win as fast as
//! possible); a lost position has remoteness 1 + the largest remoteness of its options
//! (last as long as possible). The search is exhaustive over positions of the whole
//! sum (a sum is a multiset of components, so the order of summands is ignored), works
//! for normal and misère play alike, and gives up (answers `None`) on families that
//! cannot list their moves, on cycles (loopy games), and beyond its state bound.

use crate::games;
use crate::impartial::family::{Limits, MAX_LISTED_MOVES, MoveSink};
use crate::impartial::heap::OPTIONS_PER_STATE;
use crate::impartial::sum::{Component, Play};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// Most options of one component the search lists.
const MAX_COMPONENT_MOVES: u64 = 10_000;

/// Longest line of play the search follows.
const MAX_DEPTH: usize = 1_000;

/// A decided position: who wins, and in how many moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decided {
    /// Whether the player to move wins.
    pub win: bool,
    /// Moves until the game ends with best play (the winner hurries, the loser stalls).
    pub remoteness: u32,
}

/// A position of the search: the components in expression syntax, sorted, without
/// components that have no move.
pub type Key = Vec<String>;

/// A memoised exhaustive search of sums.
pub struct Solver {
    play: Play,
    limits: Limits,
    max_states: u64,
    memo: HashMap<Key, Decided>,
    in_progress: HashSet<Key>,
    /// The options of each component: each option a list of components.
    moves: HashMap<String, Option<Rc<Vec<Vec<String>>>>>,
    /// Child positions generated so far, bounded by [`OPTIONS_PER_STATE`] × the state
    /// bound: positions with many moves give up early instead of searching for long.
    work: u64,
}

impl Solver {
    /// A search that keeps at most `max_states` positions.
    pub fn new(play: Play, limits: &Limits, max_states: u64) -> Self {
        Solver {
            play,
            limits: limits.clone(),
            max_states,
            memo: HashMap::new(),
            in_progress: HashSet::new(),
            moves: HashMap::new(),
            work: 0,
        }
    }

    /// Decides a sum, or `None` when the search cannot (see the module documentation).
    ///
    /// ```
    /// use sprague::play::remoteness::Solver;
    /// use sprague::impartial::{family::Limits, sum::Play};
    /// let comps = sprague::games::components("nim(1,2)").unwrap();
    /// let d = Solver::new(Play::Normal, &Limits::default(), 10_000).decide(&comps).unwrap();
    /// assert!(d.win);
    /// assert_eq!(d.remoteness, 3); // to nim(1,1), then two more moves
    /// ```
    pub fn decide(&mut self, comps: &[Component]) -> Option<Decided> {
        let key = self.key(comps.iter().map(Component::expr))?;
        self.in_progress.clear();
        self.solve(&key, 0)
    }

    /// The number of options of the sum that are lost for the opponent (winning
    /// moves), or `None` when the search cannot tell.
    pub fn winning_replies(&mut self, comps: &[Component]) -> Option<usize> {
        let key = self.key(comps.iter().map(Component::expr))?;
        self.in_progress.clear();
        let mut n = 0;
        for child in self.children(&key)? {
            if !self.solve(&child, 1)?.win {
                n += 1;
            }
        }
        Some(n)
    }

    fn key(&mut self, exprs: impl Iterator<Item = String>) -> Option<Key> {
        let mut key = Vec::new();
        for e in exprs {
            if !self.component_moves(&e)?.is_empty() {
                key.push(e);
            }
        }
        key.sort();
        Some(key)
    }

    /// The options of one component (cached), or `None` when they cannot be listed.
    fn component_moves(&mut self, expr: &str) -> Option<Rc<Vec<Vec<String>>>> {
        if let Some(m) = self.moves.get(expr) {
            return m.clone();
        }
        let list = self.list_moves(expr);
        self.moves.insert(expr.to_string(), list.clone());
        list
    }

    fn list_moves(&self, expr: &str) -> Option<Rc<Vec<Vec<String>>>> {
        let comps = games::components(expr).ok()?;
        let [c] = comps.as_slice() else {
            return None;
        };
        // A component with more options than the search may visit positions is
        // beyond it anyway.
        let cap = usize::try_from(
            MAX_LISTED_MOVES
                .min(self.max_states)
                .min(MAX_COMPONENT_MOVES),
        )
        .unwrap_or(usize::MAX);
        let mut sink = MoveSink::new(cap);
        c.family.moves(&c.pos, &self.limits, &mut sink).ok()?;
        if sink.truncated {
            return None;
        }
        let mut out = Vec::with_capacity(sink.moves.len());
        for m in sink.moves {
            let to = games::components(&m.to).ok()?;
            out.push(to.iter().map(Component::expr).collect());
        }
        Some(Rc::new(out))
    }

    fn children(&mut self, key: &Key) -> Option<Vec<Key>> {
        let mut out = Vec::new();
        for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue;
            }
            let moves = self.component_moves(&key[i])?;
            self.work = self.work.saturating_add(moves.len() as u64);
            if self.work > self.max_states.saturating_mul(OPTIONS_PER_STATE) {
                return None;
            }
            for m in moves.iter() {
                let rest = key[..i].iter().chain(&key[i + 1..]).cloned();
                let child = self.key(rest.chain(m.iter().cloned()))?;
                out.push(child);
            }
        }
        Some(out)
    }

    fn solve(&mut self, key: &Key, depth: usize) -> Option<Decided> {
        if let Some(d) = self.memo.get(key) {
            return Some(*d);
        }
        if depth > MAX_DEPTH
            || self.in_progress.contains(key)
            || self.memo.len() as u64 >= self.max_states
        {
            return None;
        }
        self.in_progress.insert(key.clone());
        let children = self.children(key)?;
        let mut fastest_win: Option<u32> = None;
        let mut longest = 0;
        for child in &children {
            let d = self.solve(child, depth + 1)?;
            if !d.win {
                fastest_win = Some(fastest_win.map_or(d.remoteness, |r| r.min(d.remoteness)));
            }
            longest = longest.max(d.remoteness);
        }
        self.in_progress.remove(key);
        let d = if children.is_empty() {
            Decided {
                win: self.play == Play::Misere,
                remoteness: 0,
            }
        } else if let Some(r) = fastest_win {
            Decided {
                win: true,
                remoteness: r + 1,
            }
        } else {
            Decided {
                win: false,
                remoteness: longest + 1,
            }
        };
        self.memo.insert(key.clone(), d);
        Some(d)
    }
}

/// The remoteness of a sum with at most `limits.max_states` positions searched.
pub fn remoteness(comps: &[Component], play: Play, limits: &Limits) -> Option<Decided> {
    Solver::new(play, limits, limits.max_states).decide(comps)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nim_xor(h: &[u64]) -> u64 {
        h.iter().fold(0, |a, b| a ^ b)
    }

    #[test]
    fn outcomes_follow_bouton() {
        let mut s = Solver::new(Play::Normal, &Limits::default(), 1_000_000);
        for a in 0..5u64 {
            for b in 0..5 {
                for c in 0..4 {
                    let comps = games::components(&format!("nim({a},{b},{c})")).unwrap();
                    let d = s.decide(&comps).unwrap();
                    assert_eq!(d.win, nim_xor(&[a, b, c]) != 0, "nim({a},{b},{c})");
                }
            }
        }
    }

    #[test]
    fn misere_outcomes_follow_bouton() {
        let mut s = Solver::new(Play::Misere, &Limits::default(), 1_000_000);
        for a in 0..5u64 {
            for b in 0..5 {
                let h = [a, b];
                let comps = games::components(&format!("nim({a},{b})")).unwrap();
                let d = s.decide(&comps).unwrap();
                let win = if h.iter().all(|&x| x <= 1) {
                    h.iter().filter(|&&x| x == 1).count() % 2 == 0
                } else {
                    nim_xor(&h) != 0
                };
                assert_eq!(d.win, win, "misère nim({a},{b})");
            }
        }
    }

    #[test]
    fn remoteness_of_small_positions() {
        let d = |s: &str| {
            remoteness(
                &games::components(s).unwrap(),
                Play::Normal,
                &Limits::default(),
            )
        };
        // Terminal.
        assert_eq!(
            d("nim(0)").unwrap(),
            Decided {
                win: false,
                remoteness: 0
            }
        );
        // One heap: take it all.
        assert_eq!(
            d("nim(7)").unwrap(),
            Decided {
                win: true,
                remoteness: 1
            }
        );
        // nim(1,1): two moves, lost.
        assert_eq!(
            d("nim(1,1)").unwrap(),
            Decided {
                win: false,
                remoteness: 2
            }
        );
        // nim(2,2): the loser can stretch it to four moves (1 from a heap each time).
        assert_eq!(
            d("nim(2,2)").unwrap(),
            Decided {
                win: false,
                remoteness: 4
            }
        );
        // Bash's game: heap 5 with takes 1..3 — take 1, then 4 is lost in 2 more.
        assert_eq!(
            d("bash[3](5)").unwrap(),
            Decided {
                win: true,
                remoteness: 3
            }
        );
        // Families that cannot list their moves: not computable.
        assert!(d("nim(3) + nim(99999999999999999999999)").is_none());
    }

    #[test]
    fn state_bound_gives_up() {
        let comps = games::components("nim(9,9,9,9)").unwrap();
        assert!(
            Solver::new(Play::Normal, &Limits::default(), 10)
                .decide(&comps)
                .is_none()
        );
    }
}
