//! Stops, thermographs, mean and temperature, in exact dyadic arithmetic.
//!
//! Conventions (CGSuite; Siegel, *Combinatorial Game Theory*, II.5): a number with
//! denominator `2^k`, `k ≥ 1`, has temperature `-1/2^k`, an integer `-1`, and a number's
//! thermograph is a mast at its value. For any other game G the walls, as functions of
//! the temperature `t ≥ 0`, are
//!
//! ```text
//! L(t) = max over G^L of (RW(G^L)(t) - t),    R(t) = min over G^R of (LW(G^R)(t) + t)
//! ```
//!
//! up to the least `t` where `L(t) ≤ R(t)`: that `t` is the temperature, the common value
//! the mean, and above it both walls are a vertical mast. (A game that is not a number
//! has temperature at least 0, so temperatures below 0 never matter for it.) Left walls
//! have slopes 0 or -1 and right walls 0 or +1, so every crossing is a dyadic rational.
//!
//! Everything is computed over the game's followers in post-order with an explicit
//! stack, and cached per game.

use super::dyadic::Dyadic;
use super::engine::Side;
use super::table::{Game, GameTable};
use sprague_core::SolveError;
use std::rc::Rc;

/// A piecewise linear function of the temperature `t ≥ 0`: segments from their start,
/// each with an integer slope, the last one extending to infinity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    /// `(start t, value at start, slope)`, by increasing start; the first starts at 0.
    segments: Vec<(Dyadic, Dyadic, i64)>,
}

/// The thermograph of a game, with its temperature and mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall (for `t ≥ 0`).
    pub left: Wall,
    /// The right wall (for `t ≥ 0`).
    pub right: Wall,
    /// The temperature.
    pub temperature: Dyadic,
    /// The mean value (where the mast stands).
    pub mean: Dyadic,
}

impl Thermograph {
    /// Where the mast begins: the temperature, or 0 for a number (whose temperature
    /// is negative and whose thermograph is a mast from 0 up).
    pub fn mast_start(&self) -> Dyadic {
        if self.temperature.is_negative() {
            Dyadic::zero()
        } else {
            self.temperature.clone()
        }
    }

    /// A wall (the left one when `left`) from temperature 0 up to the mast, as the
    /// points `(value, temperature)` where its slope changes, the first at 0 and the
    /// last at [`Thermograph::mast_start`] (one point when the mast starts at 0).
    ///
    /// ```
    /// use sprague_engine::partizan::{Dyadic, GameTable};
    /// let mut t = GameTable::new();
    /// let (two, minus_one) = (t.integer(2).unwrap(), t.integer(-1).unwrap());
    /// let g = t.game(&[two], &[minus_one]).unwrap(); // {2|-1}
    /// let th = t.thermograph(g).unwrap();
    /// let show = |p: Vec<(Dyadic, Dyadic)>| -> Vec<String> {
    ///     p.iter().map(|(x, t)| format!("{x}@{t}")).collect()
    /// };
    /// assert_eq!(show(th.wall_points(true)), ["2@0", "1/2@3/2"]);
    /// assert_eq!(show(th.wall_points(false)), ["-1@0", "1/2@3/2"]);
    /// ```
    pub fn wall_points(&self, left: bool) -> Vec<(Dyadic, Dyadic)> {
        let wall = if left { &self.left } else { &self.right };
        let top = self.mast_start();
        let mut points = vec![(wall.at(&Dyadic::zero()), Dyadic::zero())];
        let mut slope = None;
        for (start, value, k) in wall.segments() {
            if *start >= top {
                break;
            }
            if slope.is_some_and(|s| s != *k) {
                points.push((value.clone(), start.clone()));
            }
            slope = Some(*k);
        }
        if top.is_positive() {
            points.push((wall.at(&top), top));
        }
        points
    }
}

impl Wall {
    /// The constant function `v`.
    pub fn constant(v: Dyadic) -> Wall {
        Wall {
            segments: vec![(Dyadic::zero(), v, 0)],
        }
    }

    /// The value at `t ≥ 0`.
    pub fn at(&self, t: &Dyadic) -> Dyadic {
        let seg = self
            .segments
            .iter()
            .rev()
            .find(|s| &s.0 <= t)
            .unwrap_or(&self.segments[0]);
        seg.1.add(&t.sub(&seg.0).mul_int(seg.2))
    }

    /// The segments `(start, value at start, slope)`.
    pub fn segments(&self) -> &[(Dyadic, Dyadic, i64)] {
        &self.segments
    }

    /// `t ↦ self(t) + s·t`.
    fn tilt(&self, s: i64) -> Wall {
        Wall {
            segments: self
                .segments
                .iter()
                .map(|(t, v, k)| (t.clone(), v.add(&t.mul_int(s)), k + s))
                .collect(),
        }
    }

    /// The pointwise maximum (or minimum) of two walls.
    fn envelope(&self, other: &Wall, max: bool) -> Wall {
        let mut starts: Vec<Dyadic> = self
            .segments
            .iter()
            .chain(other.segments.iter())
            .map(|s| s.0.clone())
            .collect();
        starts.sort();
        starts.dedup();
        let slope_at = |w: &Wall, t: &Dyadic| {
            w.segments
                .iter()
                .rev()
                .find(|s| &s.0 <= t)
                .map_or(0, |s| s.2)
        };
        let mut out: Vec<(Dyadic, Dyadic, i64)> = Vec::new();
        for (i, t0) in starts.iter().enumerate() {
            let (f0, g0) = (self.at(t0), other.at(t0));
            let (fs, gs) = (slope_at(self, t0), slope_at(other, t0));
            let better = |a: &Dyadic, b: &Dyadic| if max { a > b } else { a < b };
            // Which is on top at the start (ties go to the one that stays on top).
            let f_first = better(&f0, &g0) || (f0 == g0 && if max { fs >= gs } else { fs <= gs });
            let (v0, s0, w1, ws1) = if f_first {
                (f0.clone(), fs, g0.clone(), gs)
            } else {
                (g0.clone(), gs, f0.clone(), fs)
            };
            push_segment(&mut out, t0.clone(), v0.clone(), s0);
            // Does the other one overtake it before the next start?
            let gap = v0.sub(&w1); // ≥ 0 for max, ≤ 0 for min
            let closing = ws1 - s0; // the other's slope relative to the top one
            let overtakes = if max { closing > 0 } else { closing < 0 };
            if overtakes && !gap.is_zero() {
                let dt = if closing > 0 {
                    divide(&gap, closing)
                } else {
                    divide(&gap.neg(), -closing)
                };
                let tc = t0.add(&dt);
                if starts.get(i + 1).is_none_or(|next| &tc < next) {
                    let vc = v0.add(&dt.mul_int(s0));
                    push_segment(&mut out, tc, vc, ws1);
                }
            }
        }
        Wall { segments: out }
    }

    /// The least `t ≥ 0` with `self(t) ≤ 0`, for a non-increasing function that is
    /// eventually negative.
    fn first_non_positive(&self) -> Dyadic {
        for (i, (t0, v0, k)) in self.segments.iter().enumerate() {
            if !v0.is_positive() {
                return t0.clone();
            }
            if *k < 0 {
                let tc = t0.add(&divide(v0, -*k));
                if self.segments.get(i + 1).is_none_or(|next| tc <= next.0) {
                    return tc;
                }
            }
        }
        unreachable!("the walls of a game always meet")
    }

    /// `self` up to `t`, then the constant `v`.
    fn truncated(&self, t: &Dyadic, v: &Dyadic) -> Wall {
        let mut segments: Vec<_> = self.segments.iter().filter(|s| &s.0 < t).cloned().collect();
        push_segment(&mut segments, t.clone(), v.clone(), 0);
        Wall { segments }
    }
}

/// Appends a segment, merging it into the previous one when it continues it.
fn push_segment(out: &mut Vec<(Dyadic, Dyadic, i64)>, t: Dyadic, v: Dyadic, k: i64) {
    if let Some((pt, pv, pk)) = out.last()
        && *pk == k
        && pv.add(&t.sub(pt).mul_int(*pk)) == v
    {
        return;
    }
    if let Some(last) = out.last_mut()
        && last.0 == t
    {
        *last = (t, v, k);
        return;
    }
    out.push((t, v, k));
}

/// `x / d` for `d` a power of two (slopes of walls differ by 1 or 2).
fn divide(x: &Dyadic, d: i64) -> Dyadic {
    debug_assert!(
        d > 0 && (d as u64).is_power_of_two(),
        "slope difference {d}"
    );
    x.shr(u64::from(d.max(1).trailing_zeros()))
}

impl GameTable {
    /// The left stop of `g` (the number reached when Left starts and both play to stop
    /// as soon as a number is reached, Left as high and Right as low as possible).
    ///
    /// ```
    /// use sprague_engine::partizan::{Dyadic, GameTable};
    /// let mut t = GameTable::new();
    /// let two = t.integer(2).unwrap();
    /// let minus_half = t.number(Dyadic::ratio(-1, 1)).unwrap();
    /// let g = t.game(&[two], &[minus_half]).unwrap(); // {2|-1/2}
    /// assert_eq!(t.stops(g).unwrap().0.to_string(), "2");
    /// assert_eq!(t.stops(g).unwrap().1.to_string(), "-1/2");
    /// ```
    pub fn stops(&mut self, g: Game) -> Result<(Dyadic, Dyadic), SolveError> {
        // Canonical games keep their stops; the thermograph is the fallback.
        if let Some((l, r)) = self.stops_of(g) {
            return Ok((l.clone(), r.clone()));
        }
        let th = self.thermograph(g)?;
        Ok((th.left.at(&Dyadic::zero()), th.right.at(&Dyadic::zero())))
    }

    /// The mean value of `g`.
    ///
    /// ```
    /// use sprague_engine::partizan::{Dyadic, GameTable};
    /// let mut t = GameTable::new();
    /// let (seven, minus_three) = (t.integer(7).unwrap(), t.integer(-3).unwrap());
    /// let switch = t.game(&[seven], &[minus_three]).unwrap(); // {7|-3}
    /// let half = t.number(Dyadic::ratio(1, 1)).unwrap();
    /// let g = t.add(switch, half).unwrap();
    /// assert_eq!(t.mean(g).unwrap().to_string(), "5/2");
    /// ```
    pub fn mean(&mut self, g: Game) -> Result<Dyadic, SolveError> {
        Ok(self.thermograph(g)?.mean.clone())
    }

    /// The temperature of `g`: `-1/2^k` for a number of denominator `2^k` (`-1` for an
    /// integer), else where the walls of its thermograph meet.
    ///
    /// ```
    /// use sprague_engine::partizan::{Dyadic, Game, GameTable};
    /// let mut t = GameTable::new();
    /// let temp = |t: &mut GameTable, g: Game| t.temperature(g).unwrap().to_string();
    /// let (one, minus_one) = (t.integer(1).unwrap(), t.integer(-1).unwrap());
    /// let pm = t.game(&[one], &[minus_one]).unwrap(); // ±1
    /// assert_eq!(temp(&mut t, pm), "1");
    /// let two = t.integer(2).unwrap();
    /// let minus_half = t.number(Dyadic::ratio(-1, 1)).unwrap();
    /// let switch = t.game(&[two], &[minus_half]).unwrap(); // {2|-1/2}
    /// assert_eq!(temp(&mut t, switch), "5/4");
    /// let three_quarters = t.number(Dyadic::ratio(3, 2)).unwrap();
    /// assert_eq!(temp(&mut t, three_quarters), "-1/4");
    /// let five = t.integer(5).unwrap();
    /// assert_eq!(temp(&mut t, five), "-1");
    /// let up = t.up(1).unwrap();
    /// let star = t.nimber(1u64.into()).unwrap();
    /// let up_star = t.add(up, star).unwrap();
    /// assert_eq!(temp(&mut t, up_star), "0");
    /// ```
    pub fn temperature(&mut self, g: Game) -> Result<Dyadic, SolveError> {
        Ok(self.thermograph(g)?.temperature.clone())
    }

    /// The thermograph of `g` (cached): its walls for temperatures `t ≥ 0`, with the
    /// temperature and mean.
    ///
    /// ```
    /// use sprague_engine::partizan::{Dyadic, Game, GameTable};
    /// let mut t = GameTable::new();
    /// let (one, two) = (t.integer(1).unwrap(), t.integer(2).unwrap());
    /// let right = t.game(&[one], &[Game::ZERO]).unwrap(); // {1|0}
    /// let g = t.game(&[two], &[right]).unwrap(); // {2||1|0}
    /// let th = t.thermograph(g).unwrap();
    /// assert_eq!(th.temperature.to_string(), "3/4");
    /// assert_eq!(th.mean.to_string(), "5/4");
    /// // At t = 1/2 the left wall is at 2 - 1/2; the right wall has reached 1.
    /// assert_eq!(th.left.at(&Dyadic::ratio(1, 1)).to_string(), "3/2");
    /// assert_eq!(th.right.at(&Dyadic::ratio(1, 1)).to_string(), "1");
    /// ```
    pub fn thermograph(&mut self, g: Game) -> Result<Rc<Thermograph>, SolveError> {
        if let Some(th) = self.thermo_cache.get(&g) {
            return Ok(th.clone());
        }
        // Post-order over the followers not yet known.
        let mut stack = vec![(g, false)];
        while let Some((h, expanded)) = stack.pop() {
            if self.thermo_cache.contains_key(&h) {
                continue;
            }
            if let Some(nus) = self.as_nus(h) {
                let th = number_thermograph(&nus.number, nus.is_number());
                self.count(1)?;
                self.thermo_cache.insert(h, Rc::new(th));
                continue;
            }
            let left = self.left_of(h)?;
            let right = self.right_of(h)?;
            if !expanded {
                stack.push((h, true));
                for &o in left.iter().chain(right.iter()) {
                    if !self.thermo_cache.contains_key(&o) {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            let lw = self.envelope_of(&left, Side::Left)?;
            let rw = self.envelope_of(&right, Side::Right)?;
            let th = match (lw, rw) {
                (Some(l), Some(r)) => {
                    let diff = difference(&l, &r);
                    let temp = diff.first_non_positive();
                    let mean = l.at(&temp);
                    Thermograph {
                        left: l.truncated(&temp, &mean),
                        right: r.truncated(&temp, &mean),
                        temperature: temp,
                        mean,
                    }
                }
                // Canonical games with an empty side are integers, stored as numbers.
                _ => {
                    unreachable!("a canonical game that is not a number has options on both sides")
                }
            };
            self.count(1)?;
            self.thermo_cache.insert(h, Rc::new(th));
        }
        Ok(self.thermo_cache[&g].clone())
    }
}

impl GameTable {
    /// The envelope of the options' walls, tilted: for Left options the maximum of
    /// their right walls tilted by -1, for Right options the minimum of their left
    /// walls tilted by +1. Each envelope step is charged to the work bound (it scans
    /// both walls' segments for every segment start).
    fn envelope_of(&mut self, options: &[Game], side: Side) -> Result<Option<Wall>, SolveError> {
        let mut acc: Option<Wall> = None;
        for o in options {
            let th = self.thermo_cache[o].clone();
            let w = match side {
                Side::Left => th.right.tilt(-1),
                Side::Right => th.left.tilt(1),
            };
            acc = Some(match acc {
                None => w,
                Some(a) => {
                    let n = (a.segments.len() + w.segments.len()) as u64;
                    self.charge(n.saturating_mul(n))?;
                    a.envelope(&w, side == Side::Left)
                }
            });
        }
        Ok(acc)
    }
}

/// `l - r` as a wall.
fn difference(l: &Wall, r: &Wall) -> Wall {
    let mut starts: Vec<Dyadic> = l
        .segments
        .iter()
        .chain(r.segments.iter())
        .map(|s| s.0.clone())
        .collect();
    starts.sort();
    starts.dedup();
    let slope = |w: &Wall, t: &Dyadic| {
        w.segments
            .iter()
            .rev()
            .find(|s| &s.0 <= t)
            .map_or(0, |s| s.2)
    };
    let mut out = Vec::new();
    for t in starts {
        let v = l.at(&t).sub(&r.at(&t));
        let k = slope(l, &t) - slope(r, &t);
        push_segment(&mut out, t, v, k);
    }
    Wall { segments: out }
}

/// The thermograph of `x + ε` for an infinitesimal ε: a mast at x. Numbers have the
/// temperature `-1/2^k` (`-1` for integers); other number-up-stars 0.
fn number_thermograph(x: &Dyadic, is_number: bool) -> Thermograph {
    let temperature = if !is_number {
        Dyadic::zero()
    } else if x.is_integer() {
        Dyadic::int(-1)
    } else {
        Dyadic::ratio(-1, x.exponent())
    };
    Thermograph {
        left: Wall::constant(x.clone()),
        right: Wall::constant(x.clone()),
        temperature,
        mean: x.clone(),
    }
}
