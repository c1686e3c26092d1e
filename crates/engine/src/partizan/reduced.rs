//! Reduced canonical form: the simplest game infinitesimally close to a given one
//! (Calistrate, "The reduced canonical form of a game", 1996; Grossman and Siegel,
//! "Reductions of partizan games", 2009; Siegel, *Combinatorial Game Theory*, II.6).
//!
//! G and H are infinitesimally close (`G ≡ H mod Inf`) when `G - H` is an
//! infinitesimal, and `G ≥ H mod Inf` when `G - H + ε ≥ 0` for some infinitesimal ε,
//! which holds exactly when the right stop of `G - H` is at least 0; that stop is
//! bounded by the stops of G and H, and else found from the stops of the sums of their
//! followers, without the canonical form of `G - H`. The reduced canonical form is
//! computed follower by follower:
//!
//! * a game whose two stops are equal (to x) is infinitely close to the number x, and
//!   its reduced form is x;
//! * otherwise its options are replaced by their reduced forms; then, until nothing
//!   changes, a Left option A with another Left option B and `A ≤ B mod Inf` is
//!   removed (dually for Right), and a Left option A with a Right option `A^R ≤ G mod
//!   Inf` is replaced by the Left options of `A^R` (dually for Right).

use super::dyadic::Dyadic;
use super::table::{Game, GameTable};
use sprague_core::SolveError;

impl GameTable {
    /// Whether `a ≤ b` modulo infinitesimals: the right stop of `b - a` is at least 0.
    ///
    /// ```
    /// use sprague_engine::partizan::{Game, GameTable};
    /// let mut t = GameTable::new();
    /// let up = t.up(1).unwrap();
    /// let star = t.nimber(1u64.into()).unwrap();
    /// assert!(t.le_inf(up, star).unwrap() && t.le_inf(star, up).unwrap());
    /// let (one, minus_one) = (t.integer(1).unwrap(), t.integer(-1).unwrap());
    /// let pm = t.game(&[one], &[minus_one]).unwrap();
    /// assert!(!t.le_inf(Game::ZERO, pm).unwrap());
    /// ```
    pub fn le_inf(&mut self, a: Game, b: Game) -> Result<bool, SolveError> {
        if a == b {
            return Ok(true);
        }
        // R(b) + R(-a) ≤ R(b - a) ≤ min(R(b) + L(-a), L(b) + R(-a)) (Siegel, CGT II.3).
        let (la, ra) = self.stops(a)?;
        let (lb, rb) = self.stops(b)?;
        if !rb.sub(&la).is_negative() {
            return Ok(true);
        }
        if rb.sub(&ra).is_negative() || lb.sub(&la).is_negative() {
            return Ok(false);
        }
        let na = self.neg(a)?;
        Ok(!self.sum_stops(b, na)?.1.is_negative())
    }

    /// The Left and Right stops of `a + b` (canonical games), from the stops of the
    /// sums of their followers, without the canonical form of the sum (Siegel, *CGT*,
    /// II.3: the stops of a game equal to a number x are x; of any other game, the
    /// largest right stop of a Left option and the smallest left stop of a Right
    /// option). A sum with a number is translated (stops of `x + G` are x plus those of
    /// G); a sum of two other games is equal to a number q exactly when `a = q + (-b)`,
    /// and then `q = LS(a) + RS(b) = RS(a) + LS(b)`, which is checked first. Pairs are
    /// cached per table and visited with an explicit stack.
    pub(crate) fn sum_stops(&mut self, a: Game, b: Game) -> Result<(Dyadic, Dyadic), SolveError> {
        if let Some(st) = self.stops_cache.get(&if a <= b { (a, b) } else { (b, a) }) {
            return Ok(st.clone());
        }
        let mut stack = vec![(a, b, false)];
        while let Some((x, y, expanded)) = stack.pop() {
            self.charge(1)?;
            let k = if x <= y { (x, y) } else { (y, x) };
            if self.stops_cache.contains_key(&k) {
                continue;
            }
            let pairs = |t: &mut Self, left: bool| -> Result<Vec<(Game, Game)>, SolveError> {
                let (xo, yo) = if left {
                    (t.left_of(x)?, t.left_of(y)?)
                } else {
                    (t.right_of(x)?, t.right_of(y)?)
                };
                let mut v: Vec<(Game, Game)> = xo.iter().map(|&o| (o, y)).collect();
                v.extend(yo.iter().map(|&o| (x, o)));
                Ok(v)
            };
            if expanded {
                let cached = |t: &Self, (p, q): (Game, Game)| {
                    t.stops_cache[&if p <= q { (p, q) } else { (q, p) }].clone()
                };
                let ls = pairs(self, true)?
                    .into_iter()
                    .map(|o| cached(self, o).1)
                    .max()
                    .expect("a game that is not a number has Left options");
                let rs = pairs(self, false)?
                    .into_iter()
                    .map(|o| cached(self, o).0)
                    .min()
                    .expect("a game that is not a number has Right options");
                self.count(1)?;
                self.stops_cache.insert(k, (ls, rs));
                continue;
            }
            let (lx, rx) = self.stops(x)?;
            let (ly, ry) = self.stops(y)?;
            let closed = match (self.as_number(x).is_some(), self.as_number(y).is_some()) {
                (true, _) | (_, true) => Some((lx.add(&ly), rx.add(&ry))),
                _ if self.as_nus(x).is_some() && self.as_nus(y).is_some() => {
                    Some((lx.add(&ly), rx.add(&ry)))
                }
                _ => {
                    let q = lx.add(&ry);
                    if q == rx.add(&ly) {
                        let qg = self.number(q.clone())?;
                        let ny = self.neg(y)?;
                        (self.add(qg, ny)? == x).then(|| (q.clone(), q))
                    } else {
                        None
                    }
                }
            };
            if let Some(st) = closed {
                self.count(1)?;
                self.stops_cache.insert(k, st);
                continue;
            }
            stack.push((x, y, true));
            for side in [true, false] {
                for (p, q) in pairs(self, side)? {
                    let kk = if p <= q { (p, q) } else { (q, p) };
                    if !self.stops_cache.contains_key(&kk) {
                        stack.push((p, q, false));
                    }
                }
            }
        }
        let k = if a <= b { (a, b) } else { (b, a) };
        Ok(self.stops_cache[&k].clone())
    }

    /// The reduced canonical form of `g`.
    ///
    /// ```
    /// use sprague_engine::partizan::{Dyadic, Game, GameTable, Nus};
    /// let mut t = GameTable::new();
    /// let rcf = |t: &mut GameTable, g: Game| {
    ///     let r = t.reduced(g).unwrap();
    ///     t.show(r)
    /// };
    /// let up = t.up(1).unwrap();
    /// assert_eq!(rcf(&mut t, up), "0");
    /// let nus = Nus { number: Dyadic::int(3), up: 1, star: 2u64.into() };
    /// let g = t.nus(nus).unwrap(); // 3 + ^ + *2
    /// assert_eq!(rcf(&mut t, g), "3");
    /// let (one, minus_one) = (t.integer(1).unwrap(), t.integer(-1).unwrap());
    /// let star = t.nimber(1u64.into()).unwrap();
    /// let g = t.game(&[one], &[star]).unwrap(); // {1|*}
    /// assert_eq!(rcf(&mut t, g), "{1|0}");
    /// let one_star = t.add(one, star).unwrap();
    /// let minus_one_up = t.add(minus_one, up).unwrap();
    /// let g = t.game(&[one_star], &[minus_one_up]).unwrap(); // {1*|-1^}
    /// assert_eq!(rcf(&mut t, g), "±1");
    /// ```
    pub fn reduced(&mut self, g: Game) -> Result<Game, SolveError> {
        self.post_order(
            g,
            |t, h| {
                let (ls, rs) = t.stops(h)?;
                Ok(if ls == rs { Some(t.number(ls)?) } else { None })
            },
            |t, h, left, right| t.reduce_options(h, left, right),
        )
    }

    /// Removes Inf-dominated and bypasses Inf-reversible options of `{left | right}`,
    /// a form infinitely close to `g`, whose options are in reduced canonical form.
    fn reduce_options(
        &mut self,
        g: Game,
        mut left: Vec<Game>,
        mut right: Vec<Game>,
    ) -> Result<Game, SolveError> {
        loop {
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            self.charge((left.len() * left.len() + right.len() * right.len()) as u64)?;
            left = self.undominated(left, true)?;
            right = self.undominated(right, false)?;
            let mut changed = false;
            let mut new_left = Vec::with_capacity(left.len());
            for &a in &left {
                let (_, ar) = self.options(a)?;
                let mut through = None;
                for x in ar {
                    if self.le_inf(x, g)? {
                        through = Some(x);
                        break;
                    }
                }
                match through {
                    Some(x) => {
                        new_left.extend(self.options(x)?.0);
                        changed = true;
                    }
                    None => new_left.push(a),
                }
            }
            let mut new_right = Vec::with_capacity(right.len());
            for &b in &right {
                let (bl, _) = self.options(b)?;
                let mut through = None;
                for x in bl {
                    if self.le_inf(g, x)? {
                        through = Some(x);
                        break;
                    }
                }
                match through {
                    Some(x) => {
                        new_right.extend(self.options(x)?.1);
                        changed = true;
                    }
                    None => new_right.push(b),
                }
            }
            left = new_left;
            right = new_right;
            if !changed {
                return self.game(&left, &right);
            }
        }
    }

    /// The options not dominated modulo infinitesimals by another (for Left the
    /// largest, for Right the smallest); of options equal modulo Inf, the first stays.
    fn undominated(&mut self, v: Vec<Game>, left: bool) -> Result<Vec<Game>, SolveError> {
        let mut kept: Vec<Game> = Vec::with_capacity(v.len());
        for x in v {
            let mut dominated = false;
            for &k in &kept {
                let below = if left {
                    self.le_inf(x, k)?
                } else {
                    self.le_inf(k, x)?
                };
                if below {
                    dominated = true;
                    break;
                }
            }
            if dominated {
                continue;
            }
            let mut keep = Vec::with_capacity(kept.len() + 1);
            for &k in &kept {
                let below = if left {
                    self.le_inf(k, x)?
                } else {
                    self.le_inf(x, k)?
                };
                if !below {
                    keep.push(k);
                }
            }
            keep.push(x);
            kept = keep;
        }
        Ok(kept)
    }
}
