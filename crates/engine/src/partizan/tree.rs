//! Values of positions of a ruleset from its game tree.
//!
//! A ruleset says, for a position, what each player can move to ([`Rules::options`])
//! and how the position falls apart into independent regions ([`Rules::regions`]):
//! the value of a position is the sum of its regions' values, and the value of a
//! region is `{ its Left options | its Right options }` brought to canonical form.
//! [`TreeValues`] computes this with a memo of region values, on an explicit stack (no
//! recursion on the depth of the game tree), and counts every region valued and every
//! option generated against the [`GameTable`]'s bound, so a large position ends with
//! a `Limit` error of `Bound::States`.
//!
//! A ruleset knows nothing of syntax: the game families in `games::partizan` implement
//! [`Rules`] and read their positions from expressions.
//!
//! ```
//! use sprague_engine::partizan::{GameTable, Rules, Side, TreeValues};
//! /// Left removes one token, Right two, from a single heap of `n` tokens.
//! struct Take;
//! impl Rules for Take {
//!     type Position = u32;
//!     fn options(&self, &n: &u32, side: Side, out: &mut Vec<u32>) {
//!         let k = if side == Side::Left { 1 } else { 2 };
//!         if n >= k {
//!             out.push(n - k);
//!         }
//!     }
//! }
//! let mut t = GameTable::new();
//! let mut values = TreeValues::new();
//! // 1 = {0|} = 1: only Left can move. 2 = {1|0}: a switch, a hot game.
//! let one = values.value(&mut t, &Take, &1).unwrap();
//! let two = values.value(&mut t, &Take, &2).unwrap();
//! assert_eq!((t.show(one), t.show(two)), ("1".to_string(), "{1|0}".to_string()));
//! ```

use super::engine::Side;
use super::table::{Game, GameTable};
use rustc_hash::FxHashMap;
use sprague_core::SolveError;
use std::hash::Hash;

/// The moves of a short partizan ruleset.
///
/// Every sequence of moves must be finite (each move must decrease some measure of the
/// position, e.g. fill a square or remove a stone): the game tree is searched to its
/// leaves.
pub trait Rules {
    /// A position: a board, a graph, a strip. Hashed as the key of the memo.
    type Position: Clone + Eq + Hash;

    /// Appends to `out` every position `side` can move to from `p` (repetitions are
    /// allowed: equal options are merged by the canonical form).
    fn options(&self, p: &Self::Position, side: Side, out: &mut Vec<Self::Position>);

    /// Appends to `out` the independent regions of `p`, whose sum is `p`, each in a
    /// normal form (e.g. cropped to its bounding box, the least of its mirror images)
    /// so that equal regions share one memo entry. A position with no moves may give
    /// no regions. The default is `p` itself.
    fn regions(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        out.push(p.clone());
    }
}

/// Region values of one ruleset, shared between the positions valued with it.
pub struct TreeValues<P> {
    memo: FxHashMap<P, Game>,
}

impl<P> Default for TreeValues<P> {
    fn default() -> Self {
        TreeValues {
            memo: FxHashMap::default(),
        }
    }
}

/// A region whose options are being valued.
struct Frame<P> {
    /// The region.
    region: P,
    /// Left's options, then Right's.
    options: Vec<P>,
    /// How many of `options` are Left's.
    left: usize,
    /// The values of the options valued so far.
    values: Vec<Game>,
    /// The regions of the option being valued, and how many of them are added.
    parts: Vec<P>,
    next_part: usize,
    /// Whether `parts` are those of the option being valued (`values.len()`).
    open: bool,
    /// The sum of the option's regions added so far.
    acc: Game,
}

impl<P: Clone + Eq + Hash> TreeValues<P> {
    /// An empty memo.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of regions whose values are known.
    pub fn regions(&self) -> usize {
        self.memo.len()
    }

    /// The value of a region already valued, if it has been.
    pub fn known(&self, region: &P) -> Option<Game> {
        self.memo.get(region).copied()
    }

    /// The value of the position `p` of `rules`: the sum of its regions' values.
    pub fn value<R: Rules<Position = P>>(
        &mut self,
        t: &mut GameTable,
        rules: &R,
        p: &P,
    ) -> Result<Game, SolveError> {
        let mut parts = Vec::new();
        rules.regions(p, &mut parts);
        let mut total = Game::ZERO;
        for part in &parts {
            let v = self.region(t, rules, part)?;
            total = t.add(total, v)?;
        }
        Ok(total)
    }

    /// The value of one region, `{ Left's options | Right's options }`, valued
    /// depth-first on an explicit stack and memoised.
    pub fn region<R: Rules<Position = P>>(
        &mut self,
        t: &mut GameTable,
        rules: &R,
        region: &P,
    ) -> Result<Game, SolveError> {
        if let Some(g) = self.known(region) {
            return Ok(g);
        }
        let mut stack = vec![self.frame(t, rules, region.clone())?];
        loop {
            let top = stack.last_mut().expect("the stack holds the region valued");
            if top.open && top.next_part < top.parts.len() {
                let part = &top.parts[top.next_part];
                if let Some(&g) = self.memo.get(part) {
                    top.acc = t.add(top.acc, g)?;
                    top.next_part += 1;
                } else {
                    let part = part.clone();
                    let frame = self.frame(t, rules, part)?;
                    stack.push(frame);
                }
                continue;
            }
            if top.open {
                // Every region of the option is added: its value is known.
                top.values.push(top.acc);
                top.open = false;
            }
            if top.values.len() < top.options.len() {
                let i = top.values.len();
                top.parts.clear();
                rules.regions(&top.options[i], &mut top.parts);
                t.charge(top.parts.len() as u64 + 1)?;
                top.next_part = 0;
                top.acc = Game::ZERO;
                top.open = true;
                continue;
            }
            // Every option is valued: the region's value.
            let done = stack.pop().expect("the stack holds the region valued");
            let (left, right) = done.values.split_at(done.left);
            let g = t.game(left, right)?;
            t.count(1)?;
            self.memo.insert(done.region, g);
            match stack.last_mut() {
                Some(parent) => {
                    parent.acc = t.add(parent.acc, g)?;
                    parent.next_part += 1;
                }
                None => return Ok(g),
            }
        }
    }

    /// A frame for `region` with its options generated.
    fn frame<R: Rules<Position = P>>(
        &self,
        t: &mut GameTable,
        rules: &R,
        region: P,
    ) -> Result<Frame<P>, SolveError> {
        let mut options = Vec::new();
        rules.options(&region, Side::Left, &mut options);
        let left = options.len();
        rules.options(&region, Side::Right, &mut options);
        t.charge(options.len() as u64 + 1)?;
        Ok(Frame {
            region,
            values: Vec::with_capacity(options.len()),
            options,
            left,
            parts: Vec::new(),
            next_part: 0,
            open: false,
            acc: Game::ZERO,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::Bound;

    /// A heap game given by rules: Left takes 1 or 2, Right takes 1 (a partizan
    /// subtraction game).
    struct Sub12vs1;
    impl Rules for Sub12vs1 {
        type Position = u32;
        fn options(&self, &n: &u32, side: Side, out: &mut Vec<u32>) {
            let takes: &[u32] = if side == Side::Left { &[1, 2] } else { &[1] };
            for &k in takes {
                if n >= k {
                    out.push(n - k);
                }
            }
        }
    }

    /// Heaps of a sum given as one position, split into regions.
    struct Heaps;
    impl Rules for Heaps {
        type Position = Vec<u32>;
        fn options(&self, p: &Vec<u32>, side: Side, out: &mut Vec<Vec<u32>>) {
            for i in 0..p.len() {
                let mut opts = Vec::new();
                Sub12vs1.options(&p[i], side, &mut opts);
                for o in opts {
                    let mut q = p.clone();
                    q[i] = o;
                    out.push(q);
                }
            }
        }
        fn regions(&self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
            out.extend(p.iter().filter(|&&n| n > 0).map(|&n| vec![n]));
        }
    }

    /// The value by plain recursion on options, without memo or regions.
    fn plain(t: &mut GameTable, n: u32) -> Game {
        let mut l = Vec::new();
        let mut r = Vec::new();
        Sub12vs1.options(&n, Side::Left, &mut l);
        Sub12vs1.options(&n, Side::Right, &mut r);
        let l: Vec<Game> = l.into_iter().map(|m| plain(t, m)).collect();
        let r: Vec<Game> = r.into_iter().map(|m| plain(t, m)).collect();
        t.game(&l, &r).unwrap()
    }

    #[test]
    fn equals_plain_recursion() {
        let mut t = GameTable::new();
        let mut v = TreeValues::new();
        for n in 0..12 {
            let want = plain(&mut t, n);
            assert_eq!(v.value(&mut t, &Sub12vs1, &n).unwrap(), want, "heap {n}");
        }
    }

    #[test]
    fn regions_add() {
        let mut t = GameTable::new();
        let mut v = TreeValues::new();
        let mut single = TreeValues::new();
        let heaps = vec![3, 0, 5, 2];
        let mut want = Game::ZERO;
        for &n in &heaps {
            let g = single.value(&mut t, &Sub12vs1, &n).unwrap();
            want = t.add(want, g).unwrap();
        }
        assert_eq!(v.value(&mut t, &Heaps, &heaps).unwrap(), want);
        // A position with no regions is 0.
        assert_eq!(v.value(&mut t, &Heaps, &vec![0, 0]).unwrap(), Game::ZERO);
    }

    #[test]
    fn deep_trees_do_not_recurse() {
        // 200 000 moves deep: the explicit stack holds it.
        let mut t = GameTable::with_limit(50_000_000);
        let mut v = TreeValues::new();
        struct Chain;
        impl Rules for Chain {
            type Position = u32;
            fn options(&self, &n: &u32, side: Side, out: &mut Vec<u32>) {
                if side == Side::Left && n > 0 {
                    out.push(n - 1);
                }
            }
        }
        let g = v.value(&mut t, &Chain, &200_000).unwrap();
        assert_eq!(t.show(g), "200000");
    }

    #[test]
    fn the_bound_ends_the_search() {
        let mut t = GameTable::with_limit(50);
        let mut v = TreeValues::new();
        let e = v.value(&mut t, &Heaps, &vec![400]).unwrap_err();
        assert!(
            matches!(
                e,
                SolveError::Limit {
                    bound: Bound::States,
                    ..
                }
            ),
            "{e}"
        );
    }
}
