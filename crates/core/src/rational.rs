//! Exact rational numbers of any size: the surreal numbers a worksheet can name that
//! are not dyadic (`1/3`, `-5/6`), and the stops and means of games shifted by them.
//!
//! A [`Rational`] is kept reduced with a positive denominator, so that equal values
//! have equal representations. Comparisons cross-multiply (no recursion, whatever the
//! size of the numbers); there is no floating point anywhere.

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::fmt;

/// An exact rational number `num/den`, reduced, `den > 0`.
///
/// ```
/// use sprague_core::rational::Rational;
/// let a = Rational::parse("1/3").unwrap();
/// let b = Rational::parse("-1/6").unwrap();
/// assert_eq!(a.add(&b).to_string(), "1/6");
/// assert_eq!(a.mul(&b).to_string(), "-1/18");
/// assert!(b < a);
/// assert!(!a.is_dyadic() && Rational::parse("3/8").unwrap().is_dyadic());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Rational {
    num: BigInt,
    den: BigInt,
}

impl Default for Rational {
    fn default() -> Self {
        Rational::zero()
    }
}

impl Rational {
    /// Zero.
    pub fn zero() -> Rational {
        Rational {
            num: BigInt::zero(),
            den: BigInt::one(),
        }
    }

    /// The integer `n`.
    pub fn int(n: BigInt) -> Rational {
        Rational {
            num: n,
            den: BigInt::one(),
        }
    }

    /// `num/den` reduced; `None` when `den` is zero.
    pub fn new(num: BigInt, den: BigInt) -> Option<Rational> {
        if den.is_zero() {
            return None;
        }
        let g = num.gcd(&den);
        let (mut num, mut den) = (num / &g, den / &g);
        if den.is_negative() {
            num = -num;
            den = -den;
        }
        Some(Rational { num, den })
    }

    /// Reads `n`, `-n`, `p/q` or `-p/q` (decimal digits, `q > 0`).
    pub fn parse(text: &str) -> Option<Rational> {
        let (neg, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (p, q) = body.split_once('/').unwrap_or((body, "1"));
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(p) || !digits(q) {
            return None;
        }
        let p: BigInt = p.parse().ok()?;
        let q: BigInt = q.parse().ok()?;
        Rational::new(if neg { -p } else { p }, q)
    }

    /// The numerator (its sign is the number's).
    pub fn numer(&self) -> &BigInt {
        &self.num
    }

    /// The denominator (positive).
    pub fn denom(&self) -> &BigInt {
        &self.den
    }

    /// Whether the number is zero.
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// Whether the number is an integer.
    pub fn is_integer(&self) -> bool {
        self.den.is_one()
    }

    /// Whether the number is negative.
    pub fn is_negative(&self) -> bool {
        self.num.is_negative()
    }

    /// Whether the number is positive.
    pub fn is_positive(&self) -> bool {
        self.num.is_positive()
    }

    /// Whether the denominator is a power of two (the number of a short game).
    pub fn is_dyadic(&self) -> bool {
        let d = self.den.magnitude();
        d.trailing_zeros() == Some(d.bits() - 1)
    }

    /// `-self`.
    pub fn neg(&self) -> Rational {
        Rational {
            num: -&self.num,
            den: self.den.clone(),
        }
    }

    /// `self + other`.
    pub fn add(&self, other: &Rational) -> Rational {
        if self.den == other.den {
            return Rational::new(&self.num + &other.num, self.den.clone())
                .unwrap_or_else(Rational::zero);
        }
        Rational::new(
            &self.num * &other.den + &other.num * &self.den,
            &self.den * &other.den,
        )
        .unwrap_or_else(Rational::zero)
    }

    /// `self - other`.
    pub fn sub(&self, other: &Rational) -> Rational {
        self.add(&other.neg())
    }

    /// `self · other`.
    pub fn mul(&self, other: &Rational) -> Rational {
        Rational::new(&self.num * &other.num, &self.den * &other.den).unwrap_or_else(Rational::zero)
    }

    /// The largest integer ≤ `self`.
    pub fn floor(&self) -> BigInt {
        self.num.div_floor(&self.den)
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i8 {
        match self.num.sign() {
            Sign::Minus => -1,
            Sign::NoSign => 0,
            Sign::Plus => 1,
        }
    }
}

impl Ord for Rational {
    /// By one cross-multiplication (the denominators are positive).
    fn cmp(&self, other: &Self) -> Ordering {
        if self.den == other.den {
            return self.num.cmp(&other.num);
        }
        (&self.num * &other.den).cmp(&(&other.num * &self.den))
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Rational {
    /// `n` for an integer, else `p/q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den.is_one() {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn q(s: &str) -> Rational {
        Rational::parse(s).unwrap()
    }

    #[test]
    fn reads_reduces_and_prints() {
        assert_eq!(q("2/6").to_string(), "1/3");
        assert_eq!(q("-4/2").to_string(), "-2");
        assert_eq!(q("0/7").to_string(), "0");
        assert_eq!(q("-0").to_string(), "0");
        assert_eq!(
            Rational::new(BigInt::from(3), BigInt::from(-9)),
            Some(q("-1/3"))
        );
        for bad in ["", "-", "1/", "/2", "1/0", "a", "1/-2", "+1", "1.5"] {
            assert_eq!(Rational::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn dyadic_floor_and_sign() {
        assert!(q("5").is_dyadic() && q("-3/4").is_dyadic() && !q("1/6").is_dyadic());
        assert_eq!(q("-1/3").floor(), BigInt::from(-1));
        assert_eq!(q("7/3").floor(), BigInt::from(2));
        assert_eq!(q("-6/3").floor(), BigInt::from(-2));
        assert_eq!(
            (q("-1/3").signum(), q("0").signum(), q("2/5").signum()),
            (-1, 0, 1)
        );
    }

    proptest! {
        /// Field laws and the order, against integer arithmetic on a common
        /// denominator.
        #[test]
        fn arithmetic_agrees_with_cross_multiplication(
            a in -50i64..50, b in 1i64..40, c in -50i64..50, d in 1i64..40,
        ) {
            let x = Rational::new(a.into(), b.into()).unwrap();
            let y = Rational::new(c.into(), d.into()).unwrap();
            let s = x.add(&y);
            prop_assert_eq!(s.clone(), Rational::new((a * d + c * b).into(), (b * d).into()).unwrap());
            prop_assert_eq!(s.sub(&y), x.clone());
            prop_assert_eq!(x.mul(&y), Rational::new((a * c).into(), (b * d).into()).unwrap());
            prop_assert_eq!(x.cmp(&y), (a * d).cmp(&(c * b)));
            prop_assert!(x.floor() * &x.den <= x.num && x.num < (x.floor() + 1) * &x.den);
        }
    }
}
