//! Unfair subtraction: `unfair[p,q](n,…)`, one heap per argument; Left takes 1..p
//! stones from a heap, Right takes 1..q.
//!
//! The value of a heap of n is `U(n) = {U(n-1), …, U(n-p) | U(n-1), …, U(n-q)}`
//! (options below 0 omitted), computed heap by heap. Once `max(p,q)` consecutive values
//! repeat (`U(a+i) = U(a+P+i)` for `0 ≤ i < max(p,q)`), every later value repeats with
//! period P, because each value depends only on the `max(p,q)` values below it; heaps
//! of any size are then answered from the period. With `p = q` this is the impartial
//! game `bash[p]`, worth `*(n mod (p+1))`.

/// How unfair subtraction is written, and what each player takes (for help).
pub const USAGE: &str = "unfair takes heaps: unfair[p,q](n,…), one heap per argument; Left takes 1..p stones from a heap, Right 1..q";

/// The rules in two or three sentences, for the gallery.
pub const RULES: &str = "Heaps of stones; Left takes 1 to p stones from one heap, Right 1 to q. Whoever cannot move loses.";

/// A starting position, for the gallery.
pub const EXAMPLE: &str = "unfair[2,3](5)";

use num_bigint::BigUint;
use rustc_hash::FxHashMap;
use sprague_core::SolveError;
use sprague_core::nat::Nat;
use sprague_engine::partizan::{Game, GameTable};
use std::hash::{Hash, Hasher};

/// The values of `unfair[p,q]` computed so far, and the period once found.
#[derive(Clone, Debug)]
pub struct Unfair {
    p: usize,
    q: usize,
    values: Vec<Game>,
    /// Hash of each window of `max(p,q)` values → where it starts.
    windows: FxHashMap<u64, Vec<usize>>,
    /// `(a, P)`: `U(n + P) = U(n)` for all `n ≥ a`.
    period: Option<(usize, usize)>,
}

impl Unfair {
    /// The rules `unfair[p,q]` (`p, q ≥ 1`).
    pub fn new(p: usize, q: usize) -> Unfair {
        Unfair {
            p,
            q,
            values: Vec::new(),
            windows: FxHashMap::default(),
            period: None,
        }
    }

    /// The proved period `(a, P)`, if found: `U(n + P) = U(n)` for every `n ≥ a`.
    ///
    /// ```
    /// use sprague_games::partizan::unfair::Unfair;
    /// use sprague_engine::partizan::GameTable;
    /// let mut t = GameTable::new();
    /// let mut u = Unfair::new(3, 3);
    /// u.value(&mut t, &20u64.into()).unwrap();
    /// assert_eq!(u.period().map(|(_, p)| p), Some(4));
    /// ```
    pub fn period(&self) -> Option<(usize, usize)> {
        self.period
    }

    /// The value of a heap of `n`.
    ///
    /// ```
    /// use sprague_games::partizan::unfair::Unfair;
    /// use sprague_engine::partizan::GameTable;
    /// let mut t = GameTable::new();
    /// let mut u = Unfair::new(2, 2); // bash[2]: *(n mod 3)
    /// let g = u.value(&mut t, &"1000000000000000000001".parse().unwrap()).unwrap();
    /// assert_eq!(t.show(g), "*2");
    /// ```
    pub fn value(&mut self, t: &mut GameTable, n: &Nat) -> Result<Game, SolveError> {
        loop {
            if let Some(k) = n.to_usize()
                && k < self.values.len()
            {
                return Ok(self.values[k]);
            }
            if let Some((a, p)) = self.period {
                // n ≥ a + P here: reduce into [a, a + P).
                let off = (n.to_big() - BigUint::from(a)) % BigUint::from(p);
                let k = a + usize::try_from(off).expect("below the period");
                return Ok(self.values[k]);
            }
            self.extend(t)?;
        }
    }

    /// Computes the next value, and looks for a repeated window.
    fn extend(&mut self, t: &mut GameTable) -> Result<(), SolveError> {
        let k = self.values.len();
        let below = |m: usize| self.values[k.saturating_sub(m)..k].to_vec();
        let (l, r) = (below(self.p), below(self.q));
        t.count(1)?;
        let g = t.game(&l, &r)?;
        self.values.push(g);
        let w = self.p.max(self.q);
        if k + 1 >= w {
            let a = k + 1 - w;
            let window = &self.values[a..];
            let mut h = rustc_hash::FxHasher::default();
            window.hash(&mut h);
            let starts = self.windows.entry(h.finish()).or_default();
            if let Some(&a0) = starts
                .iter()
                .find(|&&a0| self.values[a0..a0 + w] == self.values[a..])
            {
                self.period = Some((a0, a - a0));
            } else {
                starts.push(a);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of a heap straight from the rules, without tables or periods.
    fn by_rules(t: &mut GameTable, p: usize, q: usize, n: usize) -> Game {
        let mut v: Vec<Game> = Vec::new();
        for k in 0..=n {
            let l: Vec<Game> = (1..=p.min(k)).map(|i| v[k - i]).collect();
            let r: Vec<Game> = (1..=q.min(k)).map(|i| v[k - i]).collect();
            v.push(t.game(&l, &r).unwrap());
        }
        v[n]
    }

    #[test]
    fn equal_takes_are_bash() {
        let mut t = GameTable::new();
        for p in 1..=4 {
            let mut u = Unfair::new(p, p);
            for n in 0..40usize {
                let g = u.value(&mut t, &Nat::from(n)).unwrap();
                let star = t.nimber(Nat::from(n % (p + 1))).unwrap();
                assert_eq!(g, star, "unfair[{p},{p}]({n})");
            }
        }
    }

    #[test]
    fn periods_answer_like_the_rules() {
        let mut t = GameTable::new();
        for p in 1..=3 {
            for q in 1..=3 {
                let mut u = Unfair::new(p, q);
                for n in 0..60usize {
                    let fast = u.value(&mut t, &Nat::from(n)).unwrap();
                    let slow = by_rules(&mut t, p, q, n);
                    assert_eq!(fast, slow, "unfair[{p},{q}]({n})");
                }
            }
        }
    }
}
