//! Birthday and size of a canonical game.
//!
//! The birthday of a game is the day it is born in Conway's construction: 0 for `0`,
//! else one more than the largest birthday of its canonical options (Siegel,
//! *Combinatorial Game Theory*, II.1). Numbers, ups and nimbers have closed forms, so a
//! number of a million digits or a nimber `*2^100` is never taken apart:
//!
//! * the integer n: |n|; a dyadic `±(a + j/2^k)` with `0 < j < 2^k` odd: `a + k + 1`;
//! * `x + *m`: `b(x) + m`;
//! * `x + ↑*m` with m ≠ 1: `b(x) + 1 + (m ⊕ 1)`, and `x + ↑*`: `b(x) + 2`;
//! * `x + n·↑ + *m` with n ≥ 2: `(n - 1) + b(x + ↑ + *(m ⊕ ((n - 1) mod 2)))` (its only
//!   Right option is `x + (n-1)·↑ + *(m ⊕ 1)`, born after its Left option x);
//! * and the same for downs (a game and its negative are born on the same day).
//!
//! The size is the number of distinct canonical subpositions (the game itself
//! included), counted by a walk over them.

use super::dyadic::Dyadic;
use super::table::{Game, GameTable, Nus};
use num_bigint::BigUint;
use num_traits::{One, Signed};
use rustc_hash::FxHashSet;
use sprague_core::SolveError;
use sprague_core::nat::Nat;

/// The birthday of a number.
fn number_birthday(x: &Dyadic) -> BigUint {
    let k = x.exponent();
    let n = x.numerator().abs().to_biguint().unwrap_or_default();
    if k == 0 {
        return n;
    }
    (n >> k) + BigUint::from(k) + BigUint::one()
}

/// The birthday of a number-up-star, in closed form.
///
/// ```
/// use sprague_engine::partizan::{nus_birthday, Dyadic, Nus};
/// let b = |x: Dyadic, up: i64, star: u64| nus_birthday(&Nus { number: x, up, star: star.into() }).to_string();
/// assert_eq!(b(Dyadic::int(0), 1, 0), "2"); // ^ = {0|*}
/// assert_eq!(b(Dyadic::int(0), 2, 0), "3"); // ^^ = {0|^*}
/// assert_eq!(b(Dyadic::ratio(3, 2), 0, 0), "3"); // 3/4 = {1/2|1}
/// assert_eq!(b(Dyadic::int(0), 0, 7), "7");
/// ```
pub fn nus_birthday(n: &Nus) -> BigUint {
    let bx = number_birthday(&n.number);
    let star = n.star.to_big();
    let up = n.up.unsigned_abs();
    if up == 0 {
        return bx + star;
    }
    // x + ↑ + *m, then n - 1 more steps, each flipping the nimber's last bit.
    let m = if (up - 1) % 2 == 1 {
        star ^ BigUint::one()
    } else {
        star
    };
    let one_up = if m == BigUint::one() {
        bx + 2u32
    } else {
        bx + 1u32 + (m ^ BigUint::one())
    };
    one_up + BigUint::from(up - 1)
}

impl GameTable {
    /// The birthday of `g`.
    ///
    /// ```
    /// use sprague_engine::partizan::{Dyadic, Game, GameTable};
    /// let mut t = GameTable::new();
    /// let b = |t: &mut GameTable, g: Game| t.birthday(g).unwrap().to_string();
    /// assert_eq!(b(&mut t, Game::ZERO), "0");
    /// let (one, minus_one) = (t.integer(1).unwrap(), t.integer(-1).unwrap());
    /// let pm = t.game(&[one], &[minus_one]).unwrap();
    /// assert_eq!(b(&mut t, pm), "2");
    /// let two = t.integer(2).unwrap();
    /// let minus_half = t.number(Dyadic::ratio(-1, 1)).unwrap();
    /// let switch = t.game(&[two], &[minus_half]).unwrap(); // {2|-1/2}
    /// assert_eq!(b(&mut t, switch), "3");
    /// let up = t.up(1).unwrap();
    /// let star = t.nimber(1u64.into()).unwrap();
    /// let up_star = t.add(up, star).unwrap();
    /// assert_eq!(b(&mut t, up_star), "2");
    /// ```
    pub fn birthday(&mut self, g: Game) -> Result<Nat, SolveError> {
        let b: BigUint = self.post_order(
            g,
            |t, h| Ok(t.as_nus(h).map(nus_birthday)),
            |_, _, left, right| {
                let most = left.into_iter().chain(right).max().unwrap_or_default();
                Ok(most + 1u32)
            },
        )?;
        Ok(Nat::from_big(b))
    }

    /// The number of distinct canonical subpositions of `g` (`g` included), or `None`
    /// when there are more than `cap`.
    ///
    /// ```
    /// use sprague_engine::partizan::GameTable;
    /// let mut t = GameTable::new();
    /// let (one, minus_one) = (t.integer(1).unwrap(), t.integer(-1).unwrap());
    /// let g = t.game(&[one], &[minus_one]).unwrap();
    /// assert_eq!(t.size(g, 100).unwrap(), Some(4)); // ±1, 1, -1, 0
    /// let n = t.nimber(3u64.into()).unwrap();
    /// assert_eq!(t.size(n, 100).unwrap(), Some(4)); // *3, *2, *, 0
    /// assert_eq!(t.size(n, 3).unwrap(), None);
    /// ```
    pub fn size(&mut self, g: Game, cap: u64) -> Result<Option<u64>, SolveError> {
        // A longest chain of options has birthday + 1 distinct games.
        if self.birthday(g)? >= Nat::from(cap) {
            return Ok(None);
        }
        let mut seen: FxHashSet<Game> = FxHashSet::default();
        let mut stack = vec![g];
        seen.insert(g);
        while let Some(h) = stack.pop() {
            let (l, r) = self.options(h)?;
            self.charge((l.len() + r.len()) as u64)?;
            for o in l.into_iter().chain(r) {
                if seen.insert(o) {
                    if seen.len() as u64 > cap {
                        return Ok(None);
                    }
                    stack.push(o);
                }
            }
        }
        Ok(Some(seen.len() as u64))
    }
}
