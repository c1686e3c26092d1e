//! Orthodox moves: the options a thermograph recommends (Berlekamp, "The economist's
//! view of combinatorial games", 1996; Berlekamp, Conway and Guy, *Winning Ways*,
//! ch. 6, "thermostrat"; Siegel, *Combinatorial Game Theory*, II.5).
//!
//! At the game's temperature τ the left wall of G is the largest of
//! `RW(G^L)(τ) - τ` over Left's options and the right wall the smallest of
//! `LW(G^R)(τ) + τ` over Right's; both equal the mean there. A Left option is
//! *orthodox* when its tilted right wall reaches the left wall at τ (it attains the
//! maximum), and dually for Right. A number has no orthodox move (no move in it is
//! worth making: its temperature is negative).

use super::dyadic::Dyadic;
use super::table::{Game, GameTable};
use sprague_core::SolveError;

impl GameTable {
    /// Left's and Right's orthodox options of `g` (both empty for a number).
    ///
    /// ```
    /// use sprague_engine::partizan::{Game, GameTable};
    /// let mut t = GameTable::new();
    /// let four = t.integer(4).unwrap();
    /// let hot = t.game(&[four], &[Game::ZERO]).unwrap(); // {4|0}
    /// let (one, minus_one) = (t.integer(1).unwrap(), t.integer(-1).unwrap());
    /// let pm = t.game(&[one], &[minus_one]).unwrap(); // ±1
    /// let g = t.add(hot, pm).unwrap();
    /// let (l, r) = t.orthodox(g).unwrap();
    /// let l: Vec<String> = l.into_iter().map(|o| t.show(o)).collect();
    /// let r: Vec<String> = r.into_iter().map(|o| t.show(o)).collect();
    /// assert_eq!((l, r), (vec!["{5|3}".to_string()], vec!["±1".to_string()]));
    /// ```
    pub fn orthodox(&mut self, g: Game) -> Result<(Vec<Game>, Vec<Game>), SolveError> {
        if self.is_number(g) {
            return Ok((Vec::new(), Vec::new()));
        }
        let th = self.thermograph(g)?;
        let tau = th.temperature.clone();
        let mean = th.mean.clone();
        let (l, r) = self.options(g)?;
        let mut left = Vec::new();
        for o in l {
            let w = self.thermograph(o)?.right.at(&tau).sub(&tau);
            if w == mean {
                left.push(o);
            }
        }
        let mut right = Vec::new();
        for o in r {
            let w: Dyadic = self.thermograph(o)?.left.at(&tau).add(&tau);
            if w == mean {
                right.push(o);
            }
        }
        Ok((left, right))
    }
}
