//! Numbers as bit strings, for the families whose rules are stated on binary digits
//! (`andnim`, `submask`).

use num_bigint::BigUint;
use sprague_core::nat::Nat;

/// The bits of `n`, least significant first (`n.bits()` entries, none for 0).
pub(crate) fn bits_of(n: &Nat) -> Vec<bool> {
    match n {
        Nat::Small(v) => (0..64 - v.leading_zeros())
            .map(|i| v >> i & 1 == 1)
            .collect(),
        Nat::Big(b) => {
            let len = b.bits();
            let mut out = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
            for (w, word) in b.iter_u64_digits().enumerate() {
                for i in 0..64 {
                    if (w as u64) * 64 + i < len {
                        out.push(word >> i & 1 == 1);
                    }
                }
            }
            out
        }
    }
}

/// The number whose bits (least significant first) are `bits`.
pub(crate) fn from_bits(bits: &[bool]) -> Nat {
    if bits.len() <= 64 {
        return Nat::from(
            bits.iter()
                .enumerate()
                .fold(0u64, |acc, (i, &b)| acc | (u64::from(b) << i)),
        );
    }
    let mut digits = vec![0u32; bits.len().div_ceil(32)];
    for (i, &b) in bits.iter().enumerate() {
        if b {
            digits[i / 32] |= 1 << (i % 32);
        }
    }
    Nat::from_big(BigUint::new(digits))
}

/// The number of 1 bits of `n`.
pub fn popcount(n: &Nat) -> u64 {
    match n {
        Nat::Small(v) => u64::from(v.count_ones()),
        Nat::Big(b) => b.count_ones(),
    }
}

/// `n` in binary, or a summary of its length when it has more than `max` digits.
pub(crate) fn binary_text(n: &Nat, max: usize) -> String {
    let bits = bits_of(n);
    if bits.is_empty() {
        return "0b0".into();
    }
    if bits.len() > max {
        return format!("a {}-bit number", bits.len());
    }
    let s: String = bits
        .iter()
        .rev()
        .map(|&b| if b { '1' } else { '0' })
        .collect();
    format!("0b{s}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip() {
        for s in [
            "0",
            "1",
            "6",
            "18446744073709551615",
            "18446744073709551616",
        ] {
            let n: Nat = s.parse().unwrap();
            assert_eq!(from_bits(&bits_of(&n)), n, "{s}");
            assert_eq!(bits_of(&n).len() as u64, n.bits());
        }
        let big: Nat = format!("1{}", "0".repeat(100)).parse().unwrap();
        assert_eq!(from_bits(&bits_of(&big)), big);
        assert_eq!(
            popcount(&big),
            bits_of(&big).iter().filter(|&&b| b).count() as u64
        );
        assert_eq!(binary_text(&Nat::from(6u64), 64), "0b110");
    }
}
