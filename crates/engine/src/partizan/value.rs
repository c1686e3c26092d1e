//! Values beyond short games: a short game plus a rational number of any denominator
//! (`1/3`, `-5/6 + ^`, `1/3 + {2|1}`).
//!
//! Every non-dyadic rational is a surreal number born on day ω (Conway, *On Numbers
//! and Games*, ch. 3), so it is no short game; but the sum `x + G` of any number `x`
//! and a short game `G` is still decided exactly by the short part and its stops.
//! A [`Value`] keeps `x + G` with `x` of odd denominator and `0 ≤ x < 1`: any rational
//! `q` splits uniquely as `q = r + d` with `r` of odd denominator in `[0, 1)` and `d`
//! dyadic (if `q = a / (2^k m)` with `m` odd, `r = c/m` where `c ≡ a·2^{-k} (mod m)`),
//! and `d` joins the short part. Two values are equal exactly when both parts are: the
//! difference of the number parts has an odd denominator, and a short game is never
//! equal to a non-dyadic number (the stops of a short game are dyadic, and a game
//! equal to a number has that number as its stops).
//!
//! **Order.** For a short game `G` and a number `x` that is not dyadic:
//!
//! * `G ≥ x` exactly when `R(G) > x`, and `G ≤ x` exactly when `L(G) < x`
//!   (`L`, `R` the stops).
//!
//! Proof. If `R(G) > x`, take a dyadic `d` with `x < d < R(G)` (the dyadics are
//! dense): `R(G) > d` gives `G > d` (for a number `d`, `R(G) > d` implies `G > d`:
//! Siegel, *Combinatorial Game Theory*, II.5, on stops), so `G > d > x`. Conversely if
//! `G ≥ x`, then `G > d` for every dyadic `d < x`, so `R(G) ≥ d` for all of them (stops
//! are monotone and `R(d) = d`, ibid.), so `R(G) ≥ x`; and `R(G) ≠ x` because `R(G)` is
//! dyadic. The case `G ≤ x` is the mirror image. ∎
//!
//! So `x + G ≥ y + H` (`x ≠ y` odd-denominator parts) is `G - H ≥ y - x`, read off the
//! right stop of the short game `G - H`; the outcome of `x + G` is its order with 0.
//! The stops and the mean of `x + G` are those of `G` plus `x` (translation), and its
//! temperature is `G`'s when `G` is not a number.

use super::{Dyadic, Game, GameTable, Nus, PrintOptions, nus_text};
use num_bigint::BigInt;
use num_traits::{One, Zero};
use sprague_core::rational::Rational;
use sprague_core::{Outcome, SolveError};
use std::cmp::Ordering;

/// A short game plus a number of odd denominator in `[0, 1)`: the value of any
/// expression of the worksheet (see the [module docs](self)).
///
/// ```
/// use sprague_core::rational::Rational;
/// use sprague_engine::partizan::{GameTable, Value};
/// let mut t = GameTable::new();
/// let third = t.rational(&Rational::parse("1/3").unwrap()).unwrap();
/// let up = t.up(1).unwrap();
/// let v = t.value_add(&third, &Value::short(up)).unwrap();
/// assert_eq!(t.show_value(&v, Default::default(), 100).unwrap().as_deref(), Some("1/3^"));
/// let twice = t.value_add(&v, &v).unwrap();
/// assert_eq!(t.show_value(&twice, Default::default(), 100).unwrap().as_deref(), Some("2/3^^"));
/// let zero = Value::short(sprague_engine::partizan::Game::ZERO);
/// assert!(t.value_le(&zero, &third).unwrap() && !t.value_le(&third, &zero).unwrap());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    offset: Rational,
    game: Game,
}

impl Value {
    /// The short game `g`.
    pub fn short(g: Game) -> Value {
        Value {
            offset: Rational::zero(),
            game: g,
        }
    }

    /// The game itself when it is short (the number part is 0).
    pub fn as_short(&self) -> Option<Game> {
        self.offset.is_zero().then_some(self.game)
    }

    /// The number part: of odd denominator, `0 ≤ x < 1` (0 for a short game).
    pub fn offset(&self) -> &Rational {
        &self.offset
    }

    /// The short part.
    pub fn game(&self) -> Game {
        self.game
    }
}

/// The dyadic `d` as a rational.
pub fn dyadic_rational(d: &Dyadic) -> Rational {
    let den = BigInt::one() << d.exponent();
    Rational::new(d.numerator(), den).unwrap_or_default()
}

/// The rational `q` as a dyadic, if its denominator is a power of two.
pub fn rational_dyadic(q: &Rational) -> Option<Dyadic> {
    if !q.is_dyadic() {
        return None;
    }
    let exp = q.denom().bits() - 1;
    Some(Dyadic::new(q.numer().clone(), exp))
}

/// `q = r + d`: `r` of odd denominator with `0 ≤ r < 1`, `d` dyadic.
fn split(q: &Rational) -> (Rational, Dyadic) {
    if let Some(d) = rational_dyadic(q) {
        return (Rational::zero(), d);
    }
    let den = q.denom().clone();
    let k = den.trailing_zeros().unwrap_or(0);
    let m: BigInt = &den >> k;
    // 2^{-1} mod m is (m + 1) / 2, so 2^{-k} is its k-th power.
    let half = (&m + BigInt::one()) >> 1u32;
    let inv = half.modpow(&BigInt::from(k), &m);
    let a = q.numer() % &m;
    let mut c = (a * inv) % &m;
    if c < BigInt::zero() {
        c += &m;
    }
    let r = Rational::new(c, m).unwrap_or_default();
    let d = rational_dyadic(&q.sub(&r)).unwrap_or_default();
    (r, d)
}

/// The simplest number strictly between `lo` and `hi` (either may be absent: no
/// bound), which must satisfy `lo < hi`: the integer nearest 0 if there is one, else
/// the dyadic with the smallest denominator (Conway's simplicity rule; it is unique:
/// two neighbouring multiples of `1/2^e` inside would put a multiple of `1/2^(e-1)`
/// inside). Takes at most as many steps as the denominators have bits.
///
/// ```
/// use sprague_core::rational::Rational;
/// use sprague_engine::partizan::simplest_number_between;
/// let q = |s| Rational::parse(s).unwrap();
/// assert_eq!(simplest_number_between(Some(&q("1/3")), Some(&q("2/3"))).to_string(), "1/2");
/// assert_eq!(simplest_number_between(Some(&q("1/3")), Some(&q("4/3"))).to_string(), "1");
/// assert_eq!(simplest_number_between(Some(&q("1/3")), Some(&q("2/5"))).to_string(), "3/8");
/// assert_eq!(simplest_number_between(None, Some(&q("-7/3"))).to_string(), "-3");
/// assert_eq!(simplest_number_between(Some(&q("-1/3")), None).to_string(), "0");
/// ```
pub fn simplest_number_between(lo: Option<&Rational>, hi: Option<&Rational>) -> Dyadic {
    let first: Option<BigInt> = lo.map(|l| l.floor() + 1);
    let last: Option<BigInt> = hi.map(|h| -(h.neg().floor()) - 1);
    let (lo, hi) = match (lo, hi, &first, &last) {
        (Some(l), Some(h), Some(f), Some(e)) if f > e => (l, h),
        _ => {
            let n = match (first, last) {
                (Some(f), _) if f > BigInt::zero() => f,
                (_, Some(e)) if e < BigInt::zero() => e,
                _ => BigInt::zero(),
            };
            return Dyadic::from_bigint(n);
        }
    };
    let mut e = 1u64;
    loop {
        let scale = Rational::int(BigInt::one() << e);
        let m: BigInt = lo.mul(&scale).floor() + 1;
        if Rational::new(m.clone(), BigInt::one() << e).is_some_and(|x| &x < hi) {
            return Dyadic::new(m, e);
        }
        e += 1;
    }
}

impl GameTable {
    /// The value of the number `q` (any denominator).
    pub fn rational(&mut self, q: &Rational) -> Result<Value, SolveError> {
        let (offset, d) = split(q);
        let game = self.number(d)?;
        Ok(Value { offset, game })
    }

    /// `a + b`.
    pub fn value_add(&mut self, a: &Value, b: &Value) -> Result<Value, SolveError> {
        let mut game = self.add(a.game, b.game)?;
        let mut offset = a.offset.add(&b.offset);
        if offset >= Rational::int(BigInt::one()) {
            offset = offset.sub(&Rational::int(BigInt::one()));
            let one = self.integer(1)?;
            game = self.add(game, one)?;
        }
        Ok(Value { offset, game })
    }

    /// `-a`.
    pub fn value_neg(&mut self, a: &Value) -> Result<Value, SolveError> {
        let game = self.neg(a.game)?;
        if a.offset.is_zero() {
            return Ok(Value::short(game));
        }
        let minus_one = self.integer(-1)?;
        Ok(Value {
            offset: Rational::int(BigInt::one()).sub(&a.offset),
            game: self.add(game, minus_one)?,
        })
    }

    /// `a - b`.
    pub fn value_sub(&mut self, a: &Value, b: &Value) -> Result<Value, SolveError> {
        let nb = self.value_neg(b)?;
        self.value_add(a, &nb)
    }

    /// The value when it is a number.
    pub fn value_number(&self, a: &Value) -> Option<Rational> {
        let d = self.as_number(a.game)?;
        Some(a.offset.add(&dyadic_rational(d)))
    }

    /// How `a` compares with 0: `Some(Less | Equal | Greater)`, or `None` when
    /// confused with 0 (exactly; see the module docs for a number part that is not
    /// dyadic).
    pub fn value_sign(&mut self, a: &Value) -> Result<Option<Ordering>, SolveError> {
        if a.offset.is_zero() {
            return Ok(match self.outcome(a.game)? {
                Outcome::L => Some(Ordering::Greater),
                Outcome::R => Some(Ordering::Less),
                Outcome::P => Some(Ordering::Equal),
                _ => None,
            });
        }
        // x + G ≥ 0 iff G ≥ -x iff R(G) > -x; x + G ≤ 0 iff L(G) < -x.
        let (l, r) = self.stops(a.game)?;
        let minus = a.offset.neg();
        let ge = dyadic_rational(&r) > minus;
        let le = dyadic_rational(&l) < minus;
        // Not both: R(G) > -x > L(G) would contradict L(G) ≥ R(G), which holds for
        // every short game (Siegel, *Combinatorial Game Theory*, II.5).
        Ok(if ge {
            Some(Ordering::Greater)
        } else if le {
            Some(Ordering::Less)
        } else {
            None
        })
    }

    /// Whether `a ≤ b`.
    pub fn value_le(&mut self, a: &Value, b: &Value) -> Result<bool, SolveError> {
        if a.offset == b.offset {
            return self.le(a.game, b.game);
        }
        let d = self.value_sub(a, b)?;
        Ok(matches!(
            self.value_sign(&d)?,
            Some(Ordering::Less | Ordering::Equal)
        ))
    }

    /// Who wins `a`.
    pub fn value_outcome(&mut self, a: &Value) -> Result<Outcome, SolveError> {
        Ok(match self.value_sign(a)? {
            Some(Ordering::Greater) => Outcome::L,
            Some(Ordering::Less) => Outcome::R,
            Some(Ordering::Equal) => Outcome::P,
            None => Outcome::N,
        })
    }

    /// The Left and Right stops of `a`.
    pub fn value_stops(&mut self, a: &Value) -> Result<(Rational, Rational), SolveError> {
        let (l, r) = self.stops(a.game)?;
        Ok((
            dyadic_rational(&l).add(&a.offset),
            dyadic_rational(&r).add(&a.offset),
        ))
    }

    /// The mean of `a`.
    pub fn value_mean(&mut self, a: &Value) -> Result<Rational, SolveError> {
        let m = self.mean(a.game)?;
        Ok(dyadic_rational(&m).add(&a.offset))
    }

    /// `a` in CGSuite notation if it has at most `max_chars` characters: a short game
    /// as [`GameTable::show_within`] writes it; else the number part, written in
    /// `(-1/2, 1/2]` beside the short part, juxtaposed with it when the short part is
    /// a number plus ups and a nimber (`1/3^*`, `-5/6`), else added (`1/3 + {2|1}`).
    /// Every text reads back to the same value.
    pub fn show_value(
        &mut self,
        a: &Value,
        opts: PrintOptions,
        max_chars: u64,
    ) -> Result<Option<String>, SolveError> {
        let Some((prefix, game)) = self.value_prefix(a)? else {
            return self.show_within(a.game, opts, max_chars);
        };
        let budget = max_chars.saturating_sub(prefix.len() as u64);
        let Some(game) = game else {
            return Ok((prefix.len() as u64 <= max_chars).then_some(prefix));
        };
        Ok(self
            .show_within(game, opts, budget)?
            .map(|rest| format!("{prefix}{rest}")))
    }

    /// For a value that is not short, the text written before its short part and that
    /// part (the whole text and `None` when the short part is a number plus ups and a
    /// nimber); `None` for a short game.
    pub fn value_prefix(
        &mut self,
        a: &Value,
    ) -> Result<Option<(String, Option<Game>)>, SolveError> {
        if a.offset.is_zero() {
            return Ok(None);
        }
        let half = Rational::new(BigInt::one(), BigInt::from(2)).unwrap_or_default();
        let (q, g) = if a.offset > half {
            let one = self.integer(1)?;
            (
                a.offset.sub(&Rational::int(BigInt::one())),
                self.add(a.game, one)?,
            )
        } else {
            (a.offset.clone(), a.game)
        };
        if let Some(n) = self.as_nus(g).cloned() {
            let number = q.add(&dyadic_rational(&n.number));
            let rest = Nus {
                number: Dyadic::zero(),
                ..n
            };
            let tail = if rest.up == 0 && rest.star.is_zero() {
                String::new()
            } else {
                nus_text(&rest)
            };
            return Ok(Some((format!("{number}{tail}"), None)));
        }
        Ok(Some((format!("{q} + "), Some(g))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Rational {
        Rational::parse(s).unwrap()
    }

    /// The games born by day 2, and a deterministic sample of day 3: `{L | R}` for
    /// subsets of the games born before.
    fn games(t: &mut GameTable) -> Vec<Game> {
        let mut days = vec![Game::ZERO];
        for _ in 0..2 {
            let mut next = Vec::new();
            let n = days.len();
            for l in 0..1u32 << n {
                for r in 0..1u32 << n {
                    let pick = |m: u32| -> Vec<Game> {
                        (0..n)
                            .filter(|i| m >> i & 1 == 1)
                            .map(|i| days[i])
                            .collect()
                    };
                    let g = t.game(&pick(l), &pick(r)).unwrap();
                    if !next.contains(&g) {
                        next.push(g);
                    }
                }
            }
            days = next;
        }
        assert_eq!(days.len(), 22, "the games born by day 2");
        let mut all = days.clone();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..400 {
            let (l, r) = (next(), next());
            let pick = |m: u64| -> Vec<Game> {
                (0..22)
                    .filter(|i| m >> i & 1 == 1 && (m >> (i + 22)) & 3 == 0)
                    .map(|i| days[i])
                    .collect()
            };
            let g = t.game(&pick(l), &pick(r)).unwrap();
            all.push(g);
        }
        all
    }

    /// `G ≥ x` for a non-dyadic `x`, decided without stops: `G > d` for the dyadic
    /// `d < x` nearest `x` with denominator `2^20` — no dyadic of denominator at most
    /// `2^10` (all stops here; checked) lies in `[d, x)`, so `G > d` exactly when
    /// `R(G) > x` — compared by the short engine's `≤` alone.
    fn ge_by_short_comparisons(t: &mut GameTable, g: Game, x: &Rational) -> bool {
        let scale = Rational::int(BigInt::one() << 20u32);
        let below = x.mul(&scale).floor();
        let d = t.number(Dyadic::new(below, 20)).unwrap();
        t.le(d, g).unwrap() && !t.le(g, d).unwrap()
    }

    #[test]
    fn splits_every_rational_into_an_odd_part_and_a_dyadic() {
        for (text, r, d) in [
            ("1/3", "1/3", "0"),
            ("-1/3", "2/3", "-1"),
            ("5/6", "1/3", "1/2"),
            ("7/12", "1/3", "1/4"),
            ("-11/40", "3/5", "-7/8"),
            ("3/4", "0", "3/4"),
            ("10", "0", "10"),
        ] {
            let (rr, dd) = split(&q(text));
            assert_eq!(
                (rr.to_string(), dd.to_string()),
                (r.to_string(), d.to_string()),
                "{text}"
            );
            assert_eq!(rr.add(&dyadic_rational(&dd)), q(text));
        }
    }

    #[test]
    fn order_with_numbers_agrees_with_short_comparisons() {
        let mut t = GameTable::new();
        let gs = games(&mut t);
        let xs = [
            "1/3", "-1/3", "2/3", "-5/3", "1/5", "-7/5", "5/6", "11/7", "-13/12", "1/9",
        ];
        let mut checked = 0;
        for &g in &gs {
            let (l, r) = t.stops(g).unwrap();
            assert!(l.exponent() <= 10 && r.exponent() <= 10);
            for x in xs {
                let x = q(x);
                let xv = t.rational(&x).unwrap();
                let gv = Value::short(g);
                let ge = ge_by_short_comparisons(&mut t, g, &x);
                let minus_g = t.neg(g).unwrap();
                let le = ge_by_short_comparisons(&mut t, minus_g, &x.neg());
                assert_eq!(t.value_le(&xv, &gv).unwrap(), ge, "{} >= {x}", t.show(g));
                assert_eq!(t.value_le(&gv, &xv).unwrap(), le, "{} <= {x}", t.show(g));
                // The outcome of G - x is the same order.
                let d = t.value_sub(&gv, &xv).unwrap();
                let want = match (le, ge) {
                    (false, true) => Outcome::L,
                    (true, false) => Outcome::R,
                    (false, false) => Outcome::N,
                    (true, true) => panic!("a short game equal to {x}"),
                };
                assert_eq!(t.value_outcome(&d).unwrap(), want);
                checked += 1;
            }
        }
        assert!(checked > 4000);
    }

    #[test]
    fn sums_and_negatives_are_a_group() {
        let mut t = GameTable::new();
        let gs = games(&mut t);
        let xs: Vec<Value> = ["1/3", "-2/5", "5/6", "0", "7/9"]
            .iter()
            .map(|x| t.rational(&q(x)).unwrap())
            .collect();
        for (i, &g) in gs.iter().enumerate().step_by(7) {
            let a = t.value_add(&xs[i % 5], &Value::short(g)).unwrap();
            let b = t
                .value_add(&xs[(i + 2) % 5], &Value::short(gs[(i * 31) % gs.len()]))
                .unwrap();
            let s = t.value_add(&a, &b).unwrap();
            let back = t.value_sub(&s, &b).unwrap();
            assert_eq!(back, a);
            let n = t.value_neg(&a).unwrap();
            let z = t.value_add(&a, &n).unwrap();
            assert_eq!(z, Value::short(Game::ZERO));
            assert!(t.value_le(&a, &a).unwrap());
            assert_eq!(t.value_add(&a, &b).unwrap(), t.value_add(&b, &a).unwrap());
        }
    }

    #[test]
    fn prints_the_number_part_beside_the_short_part() {
        let mut t = GameTable::new();
        let show = |t: &mut GameTable, v: &Value| {
            t.show_value(v, PrintOptions::default(), 1000)
                .unwrap()
                .unwrap()
        };
        for (x, want) in [
            ("1/3", "1/3"),
            ("-1/3", "-1/3"),
            ("2/3", "2/3"),
            ("7/6", "7/6"),
        ] {
            let v = t.rational(&q(x)).unwrap();
            assert_eq!(show(&mut t, &v), want);
        }
        let star = t.nimber(1u64.into()).unwrap();
        let v = t.rational(&q("-1/3")).unwrap();
        let v = t.value_add(&v, &Value::short(star)).unwrap();
        assert_eq!(show(&mut t, &v), "-1/3*");
        let (two, one) = (t.integer(2).unwrap(), t.integer(1).unwrap());
        let sw = t.game(&[two], &[one]).unwrap();
        let v = t.rational(&q("-1/3")).unwrap();
        let v = t.value_add(&v, &Value::short(sw)).unwrap();
        assert_eq!(show(&mut t, &v), "-1/3 + {2|1}");
        let n = t.value_neg(&v).unwrap();
        assert_eq!(show(&mut t, &n), "1/3 + {-1|-2}");
        assert_eq!(t.show_value(&v, PrintOptions::default(), 5).unwrap(), None);
    }
}
