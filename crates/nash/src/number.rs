//! Exact numbers from text: integers, decimals (with an optional exponent) and
//! fractions, read digit by digit, never through floating point.

use super::Rational;
use num_bigint::BigInt;
use num_traits::{Zero, pow};
use std::fmt;

/// Most characters in one number.
pub const MAX_LEN: usize = 100_000;
/// Largest exponent magnitude of a decimal such as `1e300`.
pub const MAX_EXPONENT: u64 = 100_000;

/// The order of two exact numbers, by one cross-multiplication (the denominators of
/// a `Ratio` are positive). `Ratio`'s own comparison (and its `==` on different
/// numbers) follows the continued fractions of the two numbers recursively, one call
/// a term: numbers of a few thousand digits with a long common expansion (ratios of
/// consecutive Fibonacci numbers) overflow the stack. Every comparison of the
/// analysis goes through this function or [`same`].
///
/// ```
/// use sprague_nash::number::{order, parse};
/// use std::cmp::Ordering;
/// assert_eq!(order(&parse("13/8").unwrap(), &parse("8/5").unwrap()), Ordering::Greater);
/// assert_eq!(order(&parse("-1/2").unwrap(), &parse("-0.5").unwrap()), Ordering::Equal);
/// ```
pub fn order(a: &Rational, b: &Rational) -> std::cmp::Ordering {
    if a.denom() == b.denom() {
        return a.numer().cmp(b.numer());
    }
    (a.numer() * b.denom()).cmp(&(b.numer() * a.denom()))
}

/// Whether two exact numbers are equal: their reduced forms (every `Rational` made
/// by [`parse`] or by arithmetic is reduced) are the same. See [`order`].
pub fn same(a: &Rational, b: &Rational) -> bool {
    a.numer() == b.numer() && a.denom() == b.denom()
}

/// The lexicographic [`order`] of two lists of numbers.
pub(crate) fn order_lists(a: &[Rational], b: &[Rational]) -> std::cmp::Ordering {
    for (x, y) in a.iter().zip(b) {
        let o = order(x, y);
        if o.is_ne() {
            return o;
        }
    }
    a.len().cmp(&b.len())
}

/// Why a text is not a number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// Not of the form of an integer, a decimal or a fraction `p/q`.
    Malformed,
    /// A fraction whose denominator is zero.
    ZeroDenominator,
    /// Longer than [`MAX_LEN`] characters.
    TooLong,
    /// A decimal exponent beyond [`MAX_EXPONENT`] in magnitude.
    ExponentTooLarge,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::Malformed => write!(
                f,
                "expected an integer, a decimal such as -0.25 or 1e3, or a fraction such as \"3/4\""
            ),
            NumberError::ZeroDenominator => write!(f, "the denominator is zero"),
            NumberError::TooLong => write!(f, "more than {MAX_LEN} characters"),
            NumberError::ExponentTooLarge => {
                write!(f, "the exponent is beyond ±{MAX_EXPONENT}")
            }
        }
    }
}

impl std::error::Error for NumberError {}

/// Reads an exact rational from `text`: an integer (`-12`), a decimal with an
/// optional exponent (`-0.25`, `1e3`, `2.5E-2`, the forms of a JSON number, plus an
/// optional `+` sign), or a fraction `p/q` of integers (`"-3/4"`, `q > 0`).
/// No spaces are allowed.
///
/// ```
/// use sprague_nash::number::parse;
/// assert_eq!(parse("-0.25").unwrap().to_string(), "-1/4");
/// assert_eq!(parse("1e3").unwrap().to_string(), "1000");
/// assert_eq!(parse("6/-4").is_err(), true);
/// assert_eq!(parse("6/4").unwrap().to_string(), "3/2");
/// assert_eq!(parse("2.5E-2").unwrap().to_string(), "1/40");
/// assert!(parse("1/0").is_err());
/// assert!(parse("0x10").is_err());
/// ```
pub fn parse(text: &str) -> Result<Rational, NumberError> {
    if text.len() > MAX_LEN {
        return Err(NumberError::TooLong);
    }
    if let Some((p, q)) = text.split_once('/') {
        let p = signed_integer(p)?;
        let q = digits(q)?;
        if q.is_zero() {
            return Err(NumberError::ZeroDenominator);
        }
        return Ok(Rational::new(p, q));
    }
    decimal(text)
}

/// `sign? digits`.
fn signed_integer(text: &str) -> Result<BigInt, NumberError> {
    let (negative, rest) = sign(text);
    let v = digits(rest)?;
    Ok(if negative { -v } else { v })
}

/// A non-empty run of ASCII digits.
fn digits(text: &str) -> Result<BigInt, NumberError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NumberError::Malformed);
    }
    BigInt::parse_bytes(text.as_bytes(), 10).ok_or(NumberError::Malformed)
}

fn sign(text: &str) -> (bool, &str) {
    if let Some(r) = text.strip_prefix('-') {
        (true, r)
    } else if let Some(r) = text.strip_prefix('+') {
        (false, r)
    } else {
        (false, text)
    }
}

/// `sign? digits ('.' digits)? ([eE] sign? digits)?`.
fn decimal(text: &str) -> Result<Rational, NumberError> {
    let (negative, rest) = sign(text);
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    let (int_part, frac_part) = match mantissa.split_once('.') {
        Some((i, f)) => (i, f),
        None => (mantissa, ""),
    };
    if int_part.is_empty() || (mantissa.contains('.') && frac_part.is_empty()) {
        return Err(NumberError::Malformed);
    }
    let all_digits = format!("{int_part}{frac_part}");
    let mut value = digits(&all_digits)?;
    if negative {
        value = -value;
    }
    // value · 10^(exponent − number of fraction digits).
    let mut shift = -(frac_part.len() as i64);
    if let Some(e) = exponent {
        let (e_negative, e_digits) = sign(e);
        if e_digits.is_empty() || !e_digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NumberError::Malformed);
        }
        let trimmed = e_digits.trim_start_matches('0');
        let magnitude: u64 = if trimmed.is_empty() {
            0
        } else if trimmed.len() > 6 {
            return Err(NumberError::ExponentTooLarge);
        } else {
            trimmed.parse().map_err(|_| NumberError::Malformed)?
        };
        if magnitude > MAX_EXPONENT {
            return Err(NumberError::ExponentTooLarge);
        }
        shift += if e_negative {
            -(magnitude as i64)
        } else {
            magnitude as i64
        };
    }
    let ten = BigInt::from(10);
    Ok(if shift >= 0 {
        Rational::from_integer(value * pow(ten, shift as usize))
    } else {
        Rational::new(value, pow(ten, (-shift) as usize))
    })
}

/// A rational in lowest terms as text: an integer (`-8`) or `p/q` with `q > 1`
/// (`-1/4`); the form every payoff and probability is written in.
///
/// ```
/// use sprague_nash::number::{parse, show};
/// assert_eq!(show(&parse("-0.50").unwrap()), "-1/2");
/// assert_eq!(show(&parse("4/2").unwrap()), "2");
/// ```
pub fn show(r: &Rational) -> String {
    // `Ratio` keeps lowest terms with a positive denominator and omits a unit one.
    r.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> String {
        parse(text).unwrap().to_string()
    }

    #[test]
    fn integers_and_decimals_are_exact() {
        assert_eq!(ok("0"), "0");
        assert_eq!(ok("-0"), "0");
        assert_eq!(ok("+7"), "7");
        assert_eq!(ok("0.1"), "1/10");
        assert_eq!(ok("-20.000"), "-20");
        assert_eq!(ok("1E+2"), "100");
        // 12.3456 = 123456/10000 = 7716/625.
        assert_eq!(ok("123.456e-1"), "7716/625");
        assert_eq!(ok("1e-0003"), "1/1000");
        // 0.1 + 0.2 is exactly 3/10 here, unlike in binary floating point.
        assert_eq!(
            (parse("0.1").unwrap() + parse("0.2").unwrap()).to_string(),
            "3/10"
        );
    }

    #[test]
    fn big_numbers_keep_every_digit() {
        let big = "123456789012345678901234567890123456789";
        assert_eq!(ok(big), big);
        assert_eq!(
            ok(&format!("-{big}/3")),
            "-41152263004115226300411522630041152263"
        );
        assert_eq!(ok("1e40"), format!("1{}", "0".repeat(40)));
    }

    #[test]
    fn fractions_are_reduced() {
        assert_eq!(ok("3/4"), "3/4");
        assert_eq!(ok("-6/8"), "-3/4");
        assert_eq!(ok("10/5"), "2");
        assert_eq!(ok("0/7"), "0");
    }

    #[test]
    fn malformed_numbers_are_rejected() {
        for bad in [
            "", "-", "+", "1.", ".5", "1..2", "1e", "1e+", "e5", "1/2/3", "1/", "/2", "1/-2",
            "1.5/2", " 1", "1 ", "0x1f", "1_000", "NaN", "inf", "½", "--1", "1e2.5",
        ] {
            assert_eq!(parse(bad), Err(NumberError::Malformed), "{bad:?}");
        }
        assert_eq!(parse("1/0"), Err(NumberError::ZeroDenominator));
        assert_eq!(parse("-5/000"), Err(NumberError::ZeroDenominator));
        assert_eq!(parse("1e100001"), Err(NumberError::ExponentTooLarge));
        assert_eq!(
            parse("1e-99999999999999999999"),
            Err(NumberError::ExponentTooLarge)
        );
        assert_eq!(parse(&"9".repeat(MAX_LEN + 1)), Err(NumberError::TooLong));
    }
}
