//! Closed form for subtraction games whose set is one range of integers.

use crate::nat::Nat;
use num_bigint::BigUint;

/// The Grundy value of a heap of size `n` in the subtraction game with
/// `S = {l, l + 1, …, r}`: `⌊(n mod (l + r)) / l⌋`.
///
/// The formula is checked in the tests against the values computed from the rule
/// `G(n) = mex{G(n − s) : s ∈ S, s ≤ n}`. All three arguments may be of any size.
///
/// # Panics
///
/// If `l == 0` or `l > r`.
///
/// ```
/// use sprague::impartial::range_subtraction::range_subtraction_value;
/// use sprague::nat::Nat;
/// // S = {2, 3}: 0 0 1 1 2, repeated.
/// let (l, r) = (Nat::from(2u64), Nat::from(3u64));
/// let g: Vec<u64> = (0..10u64)
///     .map(|n| range_subtraction_value(&Nat::from(n), &l, &r).to_u64().unwrap())
///     .collect();
/// assert_eq!(g, [0, 0, 1, 1, 2, 0, 0, 1, 1, 2]);
/// ```
pub fn range_subtraction_value(n: &Nat, l: &Nat, r: &Nat) -> Nat {
    assert!(
        !l.is_zero(),
        "range_subtraction_value: l must be at least 1"
    );
    assert!(l <= r, "range_subtraction_value: l must not exceed r");
    match (n.to_u64(), l.to_u64(), r.to_u64()) {
        (Some(n), Some(l), Some(r)) => {
            let (n, l, r) = (u128::from(n), u128::from(l), u128::from(r));
            // (n mod (l + r)) / l ≤ (l + r − 1) / l ≤ r: fits in u64.
            let g = (n % (l + r)) / l;
            Nat::Small(u64::try_from(g).expect("value is at most r"))
        }
        _ => {
            let (n, l, r) = (n.to_big(), l.to_big(), r.to_big());
            let g: BigUint = (n % (&l + r)) / l;
            Nat::from_big(g)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Grundy values of the subtraction game with set `s`, from the rule.
    fn subtraction_values(s: &[u64], len: u64) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for n in 0..len {
            let opts: Vec<u64> = s
                .iter()
                .filter(|&&x| x <= n)
                .map(|&x| g[(n - x) as usize])
                .collect();
            g.push((0..).find(|v| !opts.contains(v)).unwrap());
        }
        g
    }

    fn nat(s: &str) -> Nat {
        s.parse().unwrap()
    }

    fn value(n: &str, l: &str, r: &str) -> Nat {
        range_subtraction_value(&nat(n), &nat(l), &nat(r))
    }

    #[test]
    fn formula_matches_exhaustive_values() {
        for l in 1..=12u64 {
            for r in l..=12 {
                let s: Vec<u64> = (l..=r).collect();
                let exhaustive = subtraction_values(&s, 301);
                for (n, &g) in exhaustive.iter().enumerate() {
                    let f = range_subtraction_value(&Nat::from(n), &Nat::from(l), &Nat::from(r));
                    assert_eq!(f, Nat::from(g), "S = {l}..={r}, n = {n}");
                }
            }
        }
    }

    #[test]
    fn huge_arguments() {
        // S = {2, 3}: 10^30 ≡ 0 (mod 5).
        let e30 = format!("1{}", "0".repeat(30));
        assert_eq!(value(&e30, "2", "3"), Nat::ZERO);
        let e30_4 = format!("1{}4", "0".repeat(29));
        assert_eq!(value(&e30_4, "2", "3"), Nat::from(2u64));
        // S = {k}: G(n) = ⌊n / k⌋ mod 2 (each move lowers ⌊n / k⌋ by one).
        let two64 = "18446744073709551616";
        let two65 = "36893488147419103232";
        let three_two64 = "55340232221128654848";
        assert_eq!(value(two64, two64, two64), Nat::from(1u64));
        assert_eq!(value(two65, two64, two64), Nat::ZERO);
        assert_eq!(value(three_two64, two64, two64), Nat::from(1u64));
        assert_eq!(value("5", two64, two64), Nat::ZERO);
        // S = {1, …, 2^64 − 1} (Bash): G(n) = n mod 2^64; l + r overflows u64.
        let max = u64::MAX.to_string();
        assert_eq!(value(&max, "1", &max), Nat::from(u64::MAX));
        assert_eq!(value(two64, "1", &max), Nat::ZERO);
        assert_eq!(value(two65, "1", two65), nat(two65));
    }

    #[test]
    #[should_panic(expected = "l must be at least 1")]
    fn rejects_zero_lower_bound() {
        value("3", "0", "2");
    }

    #[test]
    #[should_panic(expected = "l must not exceed r")]
    fn rejects_empty_range() {
        value("3", "3", "2");
    }
}
