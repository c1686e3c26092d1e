//! Cooling, heating and overheating (Berlekamp, Conway and Guy, *Winning Ways*, ch. 6;
//! Siegel, *Combinatorial Game Theory*, II.5; Berlekamp, "Blockbusting and
//! Domineering", J. Combin. Theory A 49, 1988, for overheating).
//!
//! * Cooling by `t ≥ 0`: a number is unchanged; any other G cools to
//!   `G_t = {G^L_t - t | G^R_t + t}` while `t` is at most its temperature τ, and to its
//!   mean once `t > τ` (for `t' = τ`, `G_τ` is infinitely close to the mean, and
//!   cooling freezes there).
//! * Heating by t: `∫^t G = G` for a number G, else `{t + ∫^t G^L | -t + ∫^t G^R}`.
//! * Overheating from s to t: `∫_s^t G = n·s` for an integer n, else
//!   `{t + ∫_s^t G^L | -t + ∫_s^t G^R}`.
//!
//! All three work on the canonical form, follower by follower in post-order with an
//! explicit stack, each follower once.

use super::dyadic::Dyadic;
use super::table::{Game, GameTable};
use sprague_core::SolveError;

/// Which transformation.
#[derive(Clone, Copy)]
enum Op<'a> {
    Cool(&'a Dyadic),
    Heat(&'a Dyadic),
    Overheat(&'a Dyadic, &'a Dyadic),
}

impl GameTable {
    /// `g` cooled by `t ≥ 0` (`G_t`); an input error for `t < 0`.
    ///
    /// ```
    /// use sprague_engine::partizan::{Dyadic, Game, GameTable};
    /// let mut t = GameTable::new();
    /// let cool = |t: &mut GameTable, g: Game, by: i64| {
    ///     let c = t.cool(g, &Dyadic::int(by)).unwrap();
    ///     t.show(c)
    /// };
    /// let (one, minus_one) = (t.integer(1).unwrap(), t.integer(-1).unwrap());
    /// let pm = t.game(&[one], &[minus_one]).unwrap(); // ±1
    /// assert_eq!(cool(&mut t, pm, 1), "*");
    /// let three = t.integer(3).unwrap();
    /// let g = t.game(&[three], &[minus_one]).unwrap(); // {3|-1}
    /// assert_eq!(cool(&mut t, g, 1), "{2|0}");
    /// assert_eq!(cool(&mut t, g, 5), "1");
    /// ```
    pub fn cool(&mut self, g: Game, t: &Dyadic) -> Result<Game, SolveError> {
        if t.is_negative() {
            return Err(SolveError::Input(format!(
                "a game is cooled by a number t ≥ 0, not {t}"
            )));
        }
        self.transform(g, Op::Cool(t))
    }

    /// `g` heated by `t` (`∫^t G`).
    ///
    /// ```
    /// use sprague_engine::partizan::{Dyadic, GameTable};
    /// let mut t = GameTable::new();
    /// let g = t.up(1).unwrap();
    /// let h = t.heat(g, &Dyadic::int(1)).unwrap();
    /// assert_eq!(t.show(h), "{1||0|-2}"); // {1 + 0 | -1 + ∫^1 *} with ∫^1 * = ±1
    /// ```
    pub fn heat(&mut self, g: Game, t: &Dyadic) -> Result<Game, SolveError> {
        self.transform(g, Op::Heat(t))
    }

    /// `g` overheated from `s` to `t` (`∫_s^t G`).
    ///
    /// ```
    /// use sprague_engine::partizan::{Dyadic, GameTable};
    /// let mut t = GameTable::new();
    /// let star = t.nimber(1u64.into()).unwrap();
    /// let three = t.integer(3).unwrap();
    /// let g = t.add(star, three).unwrap();
    /// let h = t.overheat(g, &Dyadic::int(2), &Dyadic::int(1)).unwrap();
    /// assert_eq!(t.show(h), "{7|5}"); // {1 + 3·2 | -1 + 3·2}
    /// ```
    pub fn overheat(&mut self, g: Game, s: &Dyadic, t: &Dyadic) -> Result<Game, SolveError> {
        self.transform(g, Op::Overheat(s, t))
    }

    fn transform(&mut self, g: Game, op: Op) -> Result<Game, SolveError> {
        let shift = match op {
            Op::Cool(t) => t.neg(),
            Op::Heat(t) | Op::Overheat(_, t) => t.clone(),
        };
        let left_shift = self.number(shift.clone())?;
        let right_shift = self.number(shift.neg())?;
        self.post_order(
            g,
            |t, h| t.transform_leaf(h, op),
            |t, _, left, right| {
                let mut l = Vec::with_capacity(left.len());
                for o in left {
                    l.push(t.add(o, left_shift)?);
                }
                let mut r = Vec::with_capacity(right.len());
                for o in right {
                    r.push(t.add(o, right_shift)?);
                }
                t.game(&l, &r)
            },
        )
    }

    /// The image of `h` when it needs no options: numbers (and, for cooling, games
    /// cooled past their temperature).
    fn transform_leaf(&mut self, h: Game, op: Op) -> Result<Option<Game>, SolveError> {
        match op {
            Op::Cool(t) => {
                if self.is_number(h) {
                    return Ok(Some(h));
                }
                let th = self.thermograph(h)?;
                if *t > th.temperature {
                    return Ok(Some(self.number(th.mean.clone())?));
                }
                if t.is_zero() {
                    return Ok(Some(h));
                }
                Ok(None)
            }
            Op::Heat(_) => Ok(self.is_number(h).then_some(h)),
            Op::Overheat(s, _) => match self.as_number(h) {
                Some(n) if n.is_integer() => {
                    let v = n.mul(s);
                    Ok(Some(self.number(v)?))
                }
                _ => Ok(None),
            },
        }
    }
}
