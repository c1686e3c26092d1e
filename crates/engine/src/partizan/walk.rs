//! The walk shared by the analyses that compute something of every follower of a
//! game from the same thing of its options (birthday, atomic weight, reduced form,
//! cooling and heating): followers in post-order, each once, with an explicit stack
//! (a game's depth is bounded only by its size, so no recursion), every option scan
//! charged to the table's work bound.

use super::{Game, GameTable};
use rustc_hash::FxHashMap;
use sprague_core::SolveError;

impl GameTable {
    /// `node` of every follower of `g` needed to answer `g`, computed once each, in
    /// post-order. A follower for which `leaf` gives an answer takes it (its options are
    /// not visited); for the others, `node(table, h, left, right)` combines the
    /// answers of the Left options `left` and the Right options `right` of `h` (in the
    /// order of [`GameTable::options`]).
    pub(crate) fn post_order<T: Clone>(
        &mut self,
        g: Game,
        mut leaf: impl FnMut(&mut GameTable, Game) -> Result<Option<T>, SolveError>,
        mut node: impl FnMut(&mut GameTable, Game, Vec<T>, Vec<T>) -> Result<T, SolveError>,
    ) -> Result<T, SolveError> {
        let mut memo: FxHashMap<Game, T> = FxHashMap::default();
        let mut stack = vec![(g, false)];
        while let Some((h, expanded)) = stack.pop() {
            if memo.contains_key(&h) {
                continue;
            }
            if !expanded && let Some(v) = leaf(self, h)? {
                memo.insert(h, v);
                continue;
            }
            let (l, r) = self.options(h)?;
            self.charge((l.len() + r.len()) as u64)?;
            if !expanded {
                stack.push((h, true));
                stack.extend(
                    l.iter()
                        .chain(r.iter())
                        .filter(|o| !memo.contains_key(o))
                        .map(|&o| (o, false)),
                );
                continue;
            }
            // Every option was valued before its parent was popped again.
            let left: Vec<T> = l.iter().map(|o| memo[o].clone()).collect();
            let right: Vec<T> = r.iter().map(|o| memo[o].clone()).collect();
            let v = node(self, h, left, right)?;
            memo.insert(h, v);
        }
        Ok(memo.remove(&g).expect("the game itself is valued last"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_follower_is_valued_once_after_its_options() {
        // The height of the game tree of *3 = {0,*,*2|0,*,*2}: 3, by walking it.
        let mut t = GameTable::new();
        let g = t.nimber(sprague_core::Nat::from(3u64)).unwrap();
        let mut visits = Vec::new();
        let height = t
            .post_order(
                g,
                |_, h| Ok((h == Game::ZERO).then_some(0u32)),
                |_, h, l, r| {
                    visits.push(h);
                    Ok(l.iter().chain(&r).max().map_or(0, |m| m + 1))
                },
            )
            .unwrap();
        assert_eq!(height, 3);
        // *, *2 and *3 each combined once, in post-order (*3 last).
        assert_eq!(visits.len(), 3);
        assert_eq!(visits.last(), Some(&g));
    }
}
