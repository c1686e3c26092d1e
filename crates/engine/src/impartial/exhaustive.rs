//! Sprague–Grundy values by exhaustive search: memoised, iterative (an explicit
//! stack instead of recursion, so no depth limit), and bounded in the number of
//! positions it may visit.

use super::heap::OPTIONS_PER_STATE;
use super::mex::Mex;
use sprague_core::{Limits, SEARCH_OPTION_STEPS, SolveError, StopPoll};
use std::collections::HashMap;
use std::hash::Hash;

/// The rules of an impartial game whose moves lead to single positions.
pub trait GameRules {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Pushes every position reachable in one move from `p` onto `out`.
    fn options(&self, p: &Self::Position, out: &mut Vec<Self::Position>);
}

const IN_PROGRESS: u32 = u32::MAX;

/// A search frame: a position, its options, and how many options are resolved.
type Frame<P> = (P, Vec<P>, usize);

/// A memoised exhaustive Sprague–Grundy search over the positions of `R`.
///
/// ```
/// use sprague_engine::impartial::exhaustive::{GameRules, GrundySearch};
/// use sprague_core::Limits;
/// // Take 1 or 2 from a heap: values 0,1,2,0,1,2,…
/// struct Take12;
/// impl GameRules for Take12 {
///     type Position = u32;
///     fn options(&self, p: &u32, out: &mut Vec<u32>) {
///         out.extend((1..=2).filter(|&t| t <= *p).map(|t| p - t));
///     }
/// }
/// let mut s = GrundySearch::new(Take12);
/// assert_eq!(s.grundy(&5, &Limits::default()).unwrap(), 2);
/// ```
pub struct GrundySearch<R: GameRules> {
    rules: R,
    memo: HashMap<R::Position, u32>,
    mex: Mex,
    /// Options generated so far, bounded by [`OPTIONS_PER_STATE`] × `--max-states`, so
    /// that games with very many options per position stop instead of running for hours;
    /// they are also charged to the command's work budget ([`Limits::charge_work`],
    /// [`SEARCH_OPTION_STEPS`] each), which every search and table of the command shares.
    work: u64,
    /// When to look at the stop signal next.
    poll: StopPoll,
}

impl<R: GameRules> GrundySearch<R> {
    /// A search with an empty memo.
    pub fn new(rules: R) -> Self {
        GrundySearch {
            rules,
            memo: HashMap::new(),
            mex: Mex::default(),
            work: 0,
            poll: StopPoll::new(),
        }
    }

    /// The rules searched.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// Number of positions whose value is known.
    pub fn known(&self) -> usize {
        self.memo.len()
    }

    /// The value of `p` if already computed.
    pub fn cached(&self, p: &R::Position) -> Option<u32> {
        self.memo.get(p).copied().filter(|&v| v != IN_PROGRESS)
    }

    /// The options of `p`.
    pub fn options(&self, p: &R::Position) -> Vec<R::Position> {
        let mut out = Vec::new();
        self.rules.options(p, &mut out);
        out
    }

    /// The Sprague–Grundy value of `root`, visiting at most `limits.max_states`
    /// positions in total over the life of this search, within the command's work
    /// budget.
    pub fn grundy(&mut self, root: &R::Position, limits: &Limits) -> Result<u32, SolveError> {
        if let Some(v) = self.cached(root) {
            return Ok(v);
        }
        // Each frame: a position, its options, and how many options are resolved.
        let mut stack: Vec<Frame<R::Position>> = Vec::new();
        self.enter(root.clone(), &mut stack, limits)?;
        while let Some(frame) = stack.last_mut() {
            let (_, options, next) = frame;
            if *next < options.len() {
                let child = &options[*next];
                match self.memo.get(child) {
                    Some(&IN_PROGRESS) => {
                        return Err(SolveError::Input(
                            "the game has a cycle of moves; use a loopy-game family".into(),
                        ));
                    }
                    Some(_) => *next += 1,
                    None => {
                        let child = child.clone();
                        self.enter(child, &mut stack, limits)?;
                    }
                }
                continue;
            }
            let (pos, options, _) = stack.pop().expect("frame present");
            let memo = &self.memo;
            let value = self.mex.of(options.iter().map(|o| memo[o]));
            self.memo.insert(pos, value);
        }
        Ok(self.memo[root])
    }

    fn enter(
        &mut self,
        p: R::Position,
        stack: &mut Vec<Frame<R::Position>>,
        limits: &Limits,
    ) -> Result<(), SolveError> {
        if self.memo.len() as u64 >= limits.max_states {
            // Leave the memo consistent: forget positions still in progress.
            for (q, _, _) in stack.iter() {
                self.memo.remove(q);
            }
            return Err(limits.states_exceeded("the exhaustive search"));
        }
        let mut options = Vec::new();
        self.rules.options(&p, &mut options);
        self.work = self.work.saturating_add(options.len() as u64);
        // The signal is looked at by the options listed, not by positions.
        if let Err(e) = self.poll.spend(options.len() as u64 + 1, limits) {
            for (q, _, _) in stack.iter() {
                self.memo.remove(q);
            }
            return Err(e);
        }
        let over = if self.work > limits.max_states.saturating_mul(OPTIONS_PER_STATE) {
            Err(limits.states_exceeded("the exhaustive search (whose positions have many options)"))
        } else {
            limits.charge_work(
                (options.len() as u64).saturating_mul(SEARCH_OPTION_STEPS),
                "the exhaustive search",
            )
        };
        if let Err(e) = over {
            for (q, _, _) in stack.iter() {
                self.memo.remove(q);
            }
            return Err(e);
        }
        self.memo.insert(p.clone(), IN_PROGRESS);
        stack.push((p, options, 0));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::Bound;

    /// Nim on one heap: the value of a heap of n is n (Bouton).
    struct OneHeapNim;
    impl GameRules for OneHeapNim {
        type Position = u64;
        fn options(&self, p: &u64, out: &mut Vec<u64>) {
            out.extend(0..*p);
        }
    }

    /// A chain 0 → 1 → 2 → … → n: deep enough to overflow a recursive search.
    struct Chain;
    impl GameRules for Chain {
        type Position = u64;
        fn options(&self, p: &u64, out: &mut Vec<u64>) {
            if *p > 0 {
                out.push(p - 1);
            }
        }
    }

    struct Loop;
    impl GameRules for Loop {
        type Position = u8;
        fn options(&self, p: &u8, out: &mut Vec<u8>) {
            out.push(1 - p);
        }
    }

    #[test]
    fn nim_heap_value_is_its_size() {
        let mut s = GrundySearch::new(OneHeapNim);
        for n in 0..40 {
            assert_eq!(s.grundy(&n, &Limits::default()).unwrap(), n as u32);
        }
    }

    #[test]
    fn deep_chains_need_no_recursion() {
        let mut s = GrundySearch::new(Chain);
        // A chain alternates P, N, P, …: value n mod 2.
        assert_eq!(s.grundy(&1_000_001, &Limits::default()).unwrap(), 1);
    }

    #[test]
    fn state_bound_is_enforced_and_search_can_resume() {
        let mut s = GrundySearch::new(Chain);
        let small = Limits {
            max_states: 100,
            ..Limits::default()
        };
        let err = s.grundy(&1000, &small).unwrap_err();
        assert!(matches!(
            err,
            SolveError::Limit {
                bound: Bound::States,
                ..
            }
        ));
        assert_eq!(s.grundy(&1000, &Limits::default()).unwrap(), 0);
    }

    #[test]
    fn cycles_are_reported_not_looped_on() {
        let mut s = GrundySearch::new(Loop);
        assert!(matches!(
            s.grundy(&0, &Limits::default()),
            Err(SolveError::Input(_))
        ));
    }
}
