//! Non-negative integers of any size, stored inline while they fit in 64 bits.
//!
//! Heap sizes, game parameters and nim-values are all `Nat`s: positions such as
//! `nim(10^100)` are legal input, but the common case (values below 2^64) must cost
//! no allocation, because a Nim position can have a million heaps.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;

/// A non-negative integer of any size.
///
/// ```
/// use sprague_core::nat::Nat;
/// let a: Nat = "18446744073709551616".parse().unwrap(); // 2^64
/// let b = Nat::from(1u64);
/// assert_eq!((&a ^ &b).to_string(), "18446744073709551617");
/// assert!(a > b);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Nat {
    /// A value below 2^64.
    Small(u64),
    /// A value of 2^64 or more (never a value that fits in `u64`).
    Big(Box<BigUint>),
}

impl Nat {
    /// Zero.
    pub const ZERO: Nat = Nat::Small(0);

    /// Builds a `Nat` from a `BigUint`, normalising small values.
    pub fn from_big(b: BigUint) -> Nat {
        match b.to_u64() {
            Some(v) => Nat::Small(v),
            None => Nat::Big(Box::new(b)),
        }
    }

    /// The value as a `u64`, if it fits.
    pub fn to_u64(&self) -> Option<u64> {
        match self {
            Nat::Small(v) => Some(*v),
            Nat::Big(_) => None,
        }
    }

    /// The value as a `usize`, if it fits.
    pub fn to_usize(&self) -> Option<usize> {
        self.to_u64().and_then(|v| usize::try_from(v).ok())
    }

    /// The value as a `BigUint`.
    pub fn to_big(&self) -> BigUint {
        match self {
            Nat::Small(v) => BigUint::from(*v),
            Nat::Big(b) => (**b).clone(),
        }
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        matches!(self, Nat::Small(0))
    }

    /// Number of significant bits (0 for zero).
    pub fn bits(&self) -> u64 {
        match self {
            Nat::Small(v) => 64 - u64::from(v.leading_zeros()),
            Nat::Big(b) => b.bits(),
        }
    }

    /// Whether bit `i` (0 = least significant) is set.
    pub fn bit(&self, i: u64) -> bool {
        match self {
            Nat::Small(v) => i < 64 && (v >> i) & 1 == 1,
            Nat::Big(b) => b.bit(i),
        }
    }

    /// `self - other`, or `None` if that would be negative.
    pub fn checked_sub(&self, other: &Nat) -> Option<Nat> {
        match (self, other) {
            (Nat::Small(a), Nat::Small(b)) => a.checked_sub(*b).map(Nat::Small),
            _ => {
                if self < other {
                    None
                } else {
                    Some(Nat::from_big(self.to_big() - other.to_big()))
                }
            }
        }
    }

    /// `self + other`.
    pub fn add(&self, other: &Nat) -> Nat {
        match (self, other) {
            (Nat::Small(a), Nat::Small(b)) => match a.checked_add(*b) {
                Some(s) => Nat::Small(s),
                None => Nat::from_big(BigUint::from(*a) + *b),
            },
            _ => Nat::from_big(self.to_big() + other.to_big()),
        }
    }

    /// Parses decimal digits, ignoring `_` separators. Returns `None` if there is no
    /// digit or a byte other than a digit or `_`.
    pub fn from_decimal_bytes(s: &[u8]) -> Option<Nat> {
        let mut acc: u64 = 0;
        let mut seen = false;
        for (i, &c) in s.iter().enumerate() {
            match c {
                b'0'..=b'9' => {
                    seen = true;
                    match acc
                        .checked_mul(10)
                        .and_then(|x| x.checked_add(u64::from(c - b'0')))
                    {
                        Some(x) => acc = x,
                        None => return Self::from_decimal_slow(&s[i..], acc),
                    }
                }
                b'_' => {}
                _ => return None,
            }
        }
        seen.then_some(Nat::Small(acc))
    }

    fn from_decimal_slow(rest: &[u8], prefix: u64) -> Option<Nat> {
        let mut big = BigUint::from(prefix);
        // Work in chunks of 19 digits so the cost stays near-linear.
        let mut chunk: u64 = 0;
        let mut chunk_len = 0u32;
        for &c in rest {
            match c {
                b'0'..=b'9' => {
                    chunk = chunk * 10 + u64::from(c - b'0');
                    chunk_len += 1;
                    if chunk_len == 19 {
                        big = big * BigUint::from(10u64.pow(19)) + chunk;
                        chunk = 0;
                        chunk_len = 0;
                    }
                }
                b'_' => {}
                _ => return None,
            }
        }
        if chunk_len > 0 {
            big = big * BigUint::from(10u64.pow(chunk_len)) + chunk;
        }
        Some(Nat::from_big(big))
    }
}

impl Default for Nat {
    fn default() -> Self {
        Nat::ZERO
    }
}

impl From<u64> for Nat {
    fn from(v: u64) -> Self {
        Nat::Small(v)
    }
}

impl From<u32> for Nat {
    fn from(v: u32) -> Self {
        Nat::Small(u64::from(v))
    }
}

impl From<usize> for Nat {
    fn from(v: usize) -> Self {
        Nat::Small(v as u64)
    }
}

impl From<BigUint> for Nat {
    fn from(b: BigUint) -> Self {
        Nat::from_big(b)
    }
}

impl std::str::FromStr for Nat {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Nat::from_decimal_bytes(s.as_bytes()).ok_or(())
    }
}

impl Ord for Nat {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (Nat::Small(a), Nat::Small(b)) => a.cmp(b),
            (Nat::Small(_), Nat::Big(_)) => Ordering::Less,
            (Nat::Big(_), Nat::Small(_)) => Ordering::Greater,
            (Nat::Big(a), Nat::Big(b)) => a.cmp(b),
        }
    }
}

impl PartialOrd for Nat {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::ops::BitXor for &Nat {
    type Output = Nat;
    fn bitxor(self, other: &Nat) -> Nat {
        match (self, other) {
            (Nat::Small(a), Nat::Small(b)) => Nat::Small(a ^ b),
            _ => Nat::from_big(self.to_big() ^ other.to_big()),
        }
    }
}

impl std::ops::BitXorAssign<&Nat> for Nat {
    fn bitxor_assign(&mut self, other: &Nat) {
        match (&mut *self, other) {
            (Nat::Small(a), Nat::Small(b)) => *a ^= *b,
            _ => *self = &*self ^ other,
        }
    }
}

impl Nat {
    /// Appends the decimal digits to `out` (faster than `write!` for the many numbers
    /// of a huge position).
    ///
    /// ```
    /// use sprague_core::nat::Nat;
    /// let mut s = String::from("heap ");
    /// Nat::from(1234u64).write_decimal(&mut s);
    /// assert_eq!(s, "heap 1234");
    /// ```
    pub fn write_decimal(&self, out: &mut String) {
        match self {
            Nat::Small(v) => out.push_str(itoa::Buffer::new().format(*v)),
            Nat::Big(b) => out.push_str(&b.to_string()),
        }
    }
}

impl fmt::Display for Nat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Nat::Small(v) => write!(f, "{v}"),
            Nat::Big(b) => write!(f, "{b}"),
        }
    }
}

impl fmt::Debug for Nat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Zero for Nat {
    fn zero() -> Self {
        Nat::ZERO
    }
    fn is_zero(&self) -> bool {
        Nat::is_zero(self)
    }
}

impl std::ops::Add for Nat {
    type Output = Nat;
    fn add(self, other: Nat) -> Nat {
        Nat::add(&self, &other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_small_and_big_with_separators() {
        assert_eq!(Nat::from_decimal_bytes(b"1_000"), Some(Nat::Small(1000)));
        let two64 = Nat::from_decimal_bytes(b"18446744073709551616").unwrap();
        assert!(matches!(two64, Nat::Big(_)));
        assert_eq!(two64.bits(), 65);
        assert_eq!(
            Nat::from_decimal_bytes(b"18446744073709551615"),
            Some(Nat::Small(u64::MAX))
        );
        assert_eq!(Nat::from_decimal_bytes(b""), None);
        assert_eq!(Nat::from_decimal_bytes(b"_"), None);
        assert_eq!(Nat::from_decimal_bytes(b"1a"), None);
    }

    #[test]
    fn big_values_round_trip_through_decimal() {
        let s = format!("1{}", "0".repeat(100));
        let n: Nat = s.parse().unwrap();
        assert_eq!(n.to_string(), s);
        assert_eq!(n.checked_sub(&n), Some(Nat::ZERO));
        assert_eq!(Nat::from(3u64).checked_sub(&n), None);
    }

    #[test]
    fn xor_normalises_back_to_small() {
        let a: Nat = "36893488147419103232".parse().unwrap(); // 2^65
        let b = &a ^ &Nat::from(5u64);
        assert_eq!(&b ^ &a, Nat::Small(5));
    }
}
