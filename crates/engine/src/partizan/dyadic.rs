//! Dyadic rationals `n / 2^k`: the numbers of short games, exactly.
//!
//! A [`Dyadic`] keeps its numerator and the exponent of its power-of-two denominator,
//! always reduced (the numerator is odd unless the denominator is 1), so that equal
//! values have equal representations and can be hashed. Numerators that fit in 64 bits
//! are kept inline (the common case: no allocation), larger ones as a `BigInt`. There is
//! no floating point anywhere.

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::fmt;

use sprague_core::nat::Nat;

/// A numerator: inline when it fits in an `i64` (always, then), else a `BigInt`.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Int {
    Small(i64),
    Big(Box<BigInt>),
}

impl Int {
    fn from_big(b: BigInt) -> Int {
        match i64::try_from(&b) {
            Ok(v) => Int::Small(v),
            Err(_) => Int::Big(Box::new(b)),
        }
    }

    fn big(&self) -> BigInt {
        match self {
            Int::Small(v) => BigInt::from(*v),
            Int::Big(b) => (**b).clone(),
        }
    }

    fn signum(&self) -> i8 {
        match self {
            Int::Small(v) => v.signum() as i8,
            Int::Big(b) => match b.sign() {
                Sign::Minus => -1,
                Sign::NoSign => 0,
                Sign::Plus => 1,
            },
        }
    }
}

/// A dyadic rational `num / 2^exp`, reduced.
///
/// ```
/// use sprague_engine::partizan::Dyadic;
/// let a = Dyadic::ratio(3, 2); // 3/4
/// let b = Dyadic::ratio(1, 3); // 1/8
/// assert_eq!(a.add(&b).to_string(), "7/8");
/// assert_eq!(a.sub(&a).to_string(), "0");
/// assert!(b < a);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: Int,
    exp: u64,
}

impl Default for Dyadic {
    fn default() -> Self {
        Dyadic::zero()
    }
}

impl Dyadic {
    /// Zero.
    pub fn zero() -> Dyadic {
        Dyadic {
            num: Int::Small(0),
            exp: 0,
        }
    }

    /// The integer `n`.
    pub fn int(n: i64) -> Dyadic {
        Dyadic {
            num: Int::Small(n),
            exp: 0,
        }
    }

    /// The integer `n`.
    pub fn from_bigint(n: BigInt) -> Dyadic {
        Dyadic {
            num: Int::from_big(n),
            exp: 0,
        }
    }

    /// `num / 2^exp`, reduced.
    pub fn ratio(num: i64, exp: u64) -> Dyadic {
        Dyadic::small(i128::from(num), exp)
    }

    /// `num / 2^exp`, reduced, from a numerator in registers.
    fn small(num: i128, exp: u64) -> Dyadic {
        if num == 0 {
            return Dyadic::zero();
        }
        let tz = u64::from(num.trailing_zeros()).min(exp);
        let n = num >> tz;
        match i64::try_from(n) {
            Ok(v) => Dyadic {
                num: Int::Small(v),
                exp: exp - tz,
            },
            Err(_) => Dyadic {
                num: Int::Big(Box::new(BigInt::from(n))),
                exp: exp - tz,
            },
        }
    }

    /// `num / 2^exp`, reduced.
    pub fn new(num: BigInt, exp: u64) -> Dyadic {
        if num.is_zero() {
            return Dyadic::zero();
        }
        let tz = num.trailing_zeros().unwrap_or(0).min(exp);
        Dyadic {
            num: Int::from_big(num >> tz),
            exp: exp - tz,
        }
    }

    /// `±num/den` from a literal, where `den` is a power of two (as the parser checks);
    /// `None` if it is not.
    pub fn from_literal(negative: bool, num: &Nat, den: &Nat) -> Option<Dyadic> {
        let d = den.to_big();
        if d.is_zero() || d.trailing_zeros() != Some(d.bits() - 1) {
            return None;
        }
        let exp = d.bits() - 1;
        let n = BigInt::from_biguint(
            if negative { Sign::Minus } else { Sign::Plus },
            num.to_big(),
        );
        Some(Dyadic::new(n, exp))
    }

    /// The numerator (odd unless the value is an integer).
    pub fn numerator(&self) -> BigInt {
        self.num.big()
    }

    /// The exponent `k` of the denominator `2^k`.
    pub fn exponent(&self) -> u64 {
        self.exp
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        self.num == Int::Small(0)
    }

    /// Whether the value is an integer.
    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    /// Whether the value is negative.
    pub fn is_negative(&self) -> bool {
        self.num.signum() < 0
    }

    /// Whether the value is positive.
    pub fn is_positive(&self) -> bool {
        self.num.signum() > 0
    }

    /// The value as an `i64`, if it is an integer that fits.
    pub fn to_i64(&self) -> Option<i64> {
        match (&self.num, self.exp) {
            (Int::Small(v), 0) => Some(*v),
            _ => None,
        }
    }

    /// `-self`.
    pub fn neg(&self) -> Dyadic {
        match &self.num {
            Int::Small(v) => Dyadic::small(-i128::from(*v), self.exp),
            Int::Big(b) => Dyadic {
                num: Int::from_big(-&**b),
                exp: self.exp,
            },
        }
    }

    /// `self + other`.
    pub fn add(&self, other: &Dyadic) -> Dyadic {
        if other.is_zero() {
            return self.clone();
        }
        if self.is_zero() {
            return other.clone();
        }
        let e = self.exp.max(other.exp);
        let (da, db) = (e - self.exp, e - other.exp);
        if let (Int::Small(a), Int::Small(b)) = (&self.num, &other.num)
            && da < 63
            && db < 63
        {
            return Dyadic::small((i128::from(*a) << da) + (i128::from(*b) << db), e);
        }
        let a = self.num.big() << da;
        let b = other.num.big() << db;
        Dyadic::new(a + b, e)
    }

    /// `self - other`.
    pub fn sub(&self, other: &Dyadic) -> Dyadic {
        self.add(&other.neg())
    }

    /// `self / 2^k`.
    pub fn shr(&self, k: u64) -> Dyadic {
        match &self.num {
            Int::Small(v) => Dyadic::small(i128::from(*v), self.exp + k),
            Int::Big(b) => Dyadic::new((**b).clone(), self.exp + k),
        }
    }

    /// `self / 2`.
    pub fn half(&self) -> Dyadic {
        self.shr(1)
    }

    /// `self · 2`.
    pub fn double(&self) -> Dyadic {
        if self.exp > 0 {
            return Dyadic {
                num: self.num.clone(),
                exp: self.exp - 1,
            };
        }
        match &self.num {
            Int::Small(v) => Dyadic::small(i128::from(*v) << 1, 0),
            Int::Big(b) => Dyadic::from_bigint(&**b << 1u32),
        }
    }

    /// `self · n`.
    pub fn mul_int(&self, n: i64) -> Dyadic {
        match &self.num {
            Int::Small(v) => Dyadic::small(i128::from(*v) * i128::from(n), self.exp),
            Int::Big(b) => Dyadic::new(&**b * n, self.exp),
        }
    }

    /// `self · other`.
    ///
    /// ```
    /// use sprague_engine::partizan::Dyadic;
    /// assert_eq!(Dyadic::ratio(3, 1).mul(&Dyadic::ratio(-5, 2)).to_string(), "-15/8");
    /// ```
    pub fn mul(&self, other: &Dyadic) -> Dyadic {
        Dyadic::new(self.num.big() * other.num.big(), self.exp + other.exp)
    }

    /// A number written `n` or `n/d` (d a power of two, at most 2^64), e.g. `-3/4`;
    /// `None` for anything else.
    ///
    /// ```
    /// use sprague_engine::partizan::Dyadic;
    /// assert_eq!(Dyadic::parse("-6/8").unwrap().to_string(), "-3/4");
    /// assert_eq!(Dyadic::parse("2").unwrap().to_string(), "2");
    /// assert!(Dyadic::parse("1/3").is_none() && Dyadic::parse("x").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<Dyadic> {
        let (negative, rest) = match text.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, text),
        };
        let (num, den) = match rest.split_once('/') {
            Some((n, d)) => (n, d),
            None => (rest, "1"),
        };
        let digits =
            |s: &str| !s.is_empty() && s.len() <= 100 && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(num) || !digits(den) || den.len() > 20 {
            return None;
        }
        let num = Nat::from_decimal_bytes(num.as_bytes())?;
        let den = Nat::from_decimal_bytes(den.as_bytes())?;
        Dyadic::from_literal(negative, &num, &den)
    }

    /// The largest integer `≤ self`.
    pub fn floor(&self) -> BigInt {
        if self.exp == 0 {
            return self.num.big();
        }
        let d = BigInt::one() << self.exp;
        self.num.big().div_floor(&d)
    }

    /// The smallest integer `≥ self`.
    pub fn ceil(&self) -> BigInt {
        if self.exp == 0 {
            return self.num.big();
        }
        let d = BigInt::one() << self.exp;
        self.num.big().div_ceil(&d)
    }

    /// The simplest number (Conway's simplicity rule) strictly between `lo` and `hi`,
    /// where `None` means no bound: the integer of least magnitude if there is one in
    /// the interval, else the dyadic of least denominator. Requires `lo < hi`.
    ///
    /// ```
    /// use sprague_engine::partizan::Dyadic;
    /// let s = |a: Option<Dyadic>, b: Option<Dyadic>| Dyadic::simplest_between(a.as_ref(), b.as_ref()).to_string();
    /// assert_eq!(s(None, None), "0");
    /// assert_eq!(s(Some(Dyadic::int(0)), None), "1");
    /// assert_eq!(s(Some(Dyadic::int(0)), Some(Dyadic::int(1))), "1/2");
    /// assert_eq!(s(Some(Dyadic::ratio(1, 1)), Some(Dyadic::int(1))), "3/4");
    /// assert_eq!(s(Some(Dyadic::int(-7)), Some(Dyadic::ratio(-3, 1))), "-2");
    /// ```
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Dyadic {
        // The integers strictly inside: from floor(lo) + 1 to ceil(hi) - 1.
        let first: Option<BigInt> = lo.map(|l| l.floor() + 1);
        let last: Option<BigInt> = hi.map(|h| h.ceil() - 1);
        match (&first, &last) {
            (Some(f), Some(l)) if f > l => {}
            _ => {
                let zero = BigInt::zero();
                let n = match (first, last) {
                    (Some(f), _) if f.is_positive() => f,
                    (_, Some(l)) if l.is_negative() => l,
                    _ => zero,
                };
                return Dyadic::from_bigint(n);
            }
        }
        let (lo, hi) = match (lo, hi) {
            (Some(l), Some(h)) => (l, h),
            _ => unreachable!("an unbounded interval holds an integer"),
        };
        // No integer strictly between: both lie in [k, k+1]. Scale by 2^e, e one more
        // than both exponents, so that both ends are integers A < B with a gap of at
        // least 2; the answer is the integer of [A+1, B-1] with the most trailing zero
        // bits, which is B-1 with its bits below the highest bit where A+1 and B-1
        // differ cleared (A+1 is odd, so it never has more).
        let e = lo.exp.max(hi.exp) + 1;
        let a = lo.num.big() << (e - lo.exp);
        let b = hi.num.big() << (e - hi.exp);
        let k = lo.floor() << e;
        // Shift to non-negative integers: k·2^e ≤ A < B ≤ (k+1)·2^e.
        let first = a - &k + 1u32;
        let last = b - &k - 1u32;
        let diff = (&first ^ &last).bits();
        let pick = if diff == 0 {
            last
        } else {
            (last >> (diff - 1)) << (diff - 1)
        };
        Dyadic::new(pick + k, e)
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        // Different signs decide at once; small values compare in registers.
        let (sa, sb) = (self.num.signum(), other.num.signum());
        if sa != sb {
            return sa.cmp(&sb);
        }
        let e = self.exp.max(other.exp);
        let (da, db) = (e - self.exp, e - other.exp);
        if let (Int::Small(a), Int::Small(b)) = (&self.num, &other.num)
            && da < 63
            && db < 63
        {
            return (i128::from(*a) << da).cmp(&(i128::from(*b) << db));
        }
        let a = self.num.big() << da;
        let b = other.num.big() << db;
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    /// `3`, `-5`, `3/4`, `-5/8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.num, self.exp) {
            (Int::Small(v), 0) => write!(f, "{v}"),
            (Int::Small(v), e) if e < 63 => write!(f, "{v}/{}", 1u64 << e),
            (n, 0) => write!(f, "{}", n.big()),
            (n, e) => write!(f, "{}/{}", n.big(), BigInt::one() << e),
        }
    }
}

impl fmt::Debug for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, e: u64) -> Dyadic {
        Dyadic::ratio(n, e)
    }

    /// The simplest number by the definition: least birthday, searched over all dyadics
    /// of small denominator.
    fn simplest_by_search(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Dyadic {
        let inside = |x: &Dyadic| lo.is_none_or(|l| l < x) && hi.is_none_or(|h| x < h);
        // Birthday of m/2^k: |integer part| + k + 1 for non-integers, |n| for integers.
        let birthday = |x: &Dyadic| -> i64 {
            let fl = x.floor();
            let int_part = if x.is_negative() && !x.is_integer() {
                fl + 1
            } else {
                fl
            };
            let i: i64 = i64::try_from(int_part.abs()).unwrap();
            if x.is_integer() {
                i
            } else {
                i + x.exponent() as i64 + 1
            }
        };
        let mut best: Option<Dyadic> = None;
        for e in 0..6u64 {
            for n in -(8i64 << e)..=(8i64 << e) {
                let x = d(n, e);
                if inside(&x) && best.as_ref().is_none_or(|b| birthday(&x) < birthday(b)) {
                    best = Some(x);
                }
            }
        }
        best.unwrap()
    }

    #[test]
    fn arithmetic_and_printing() {
        assert_eq!(d(6, 3).to_string(), "3/4");
        assert_eq!(d(-10, 4).to_string(), "-5/8");
        assert_eq!(d(8, 2).to_string(), "2");
        assert_eq!(d(1, 1).add(&d(1, 1)).to_string(), "1");
        assert_eq!(d(1, 2).sub(&d(1, 1)).to_string(), "-1/4");
        assert_eq!(d(3, 2).double().to_string(), "3/2");
        assert_eq!(d(3, 0).half().to_string(), "3/2");
        assert_eq!(d(2, 0).half(), d(1, 0));
        assert_eq!(d(4, 0).shr(1), d(2, 0));
        assert_eq!(d(-3, 1).floor(), BigInt::from(-2));
        assert_eq!(d(-3, 1).ceil(), BigInt::from(-1));
        assert_eq!(d(7, 0).floor(), BigInt::from(7));
        assert!(d(-1, 0) < d(-1, 1));
        let lit = Dyadic::from_literal(true, &Nat::from(10u64), &Nat::from(16u64)).unwrap();
        assert_eq!(lit, d(-5, 3));
        assert!(Dyadic::from_literal(false, &Nat::from(1u64), &Nat::from(3u64)).is_none());
    }

    #[test]
    fn simplest_number_matches_the_definition() {
        let points: Vec<Dyadic> = (-24..=24).map(|n| d(n, 3)).collect();
        for a in &points {
            for b in &points {
                if a < b {
                    let got = Dyadic::simplest_between(Some(a), Some(b));
                    assert_eq!(got, simplest_by_search(Some(a), Some(b)), "({a}, {b})");
                }
            }
            assert_eq!(
                Dyadic::simplest_between(Some(a), None),
                simplest_by_search(Some(a), None),
                "({a}, ∞)"
            );
            assert_eq!(
                Dyadic::simplest_between(None, Some(a)),
                simplest_by_search(None, Some(a)),
                "(-∞, {a})"
            );
        }
    }

    #[test]
    fn huge_denominators_stay_exact() {
        let tiny = Dyadic::new(BigInt::one(), 100_000);
        let s = Dyadic::simplest_between(Some(&Dyadic::zero()), Some(&tiny));
        assert_eq!(s.exponent(), 100_001);
        assert_eq!(s.numerator(), BigInt::one());
    }
}
