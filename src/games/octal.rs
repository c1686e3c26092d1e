//! Octal games `octal[CODE]`, Kayles (`kayles`, code 0.77) and Dawson's Kayles
//! (`dawson`, code 0.07).
//!
//! The code `d0.d1d2…dt` is read in the Guy–Smith convention: digit `d_i` is a bit set,
//! 1 = remove `i` tokens leaving nothing, 2 = remove `i` leaving one non-empty heap,
//! 4 = remove `i` leaving two non-empty heaps; `d0` is 0 or 4 (4 = split a heap without
//! removing). Kayles: knock down one pin or two adjacent pins from a row. Dawson's
//! Kayles: knock down two adjacent pins.
//!
//! The values come from the take-and-break engine ([`crate::impartial::takebreak`]);
//! periods are proved by the Guy–Smith octal periodicity theorem (Kayles: period 12
//! from heap 71; Dawson's Kayles: 34 from 53; Dawson's Chess 0.137: 34 from 52), after
//! which heaps of any size are answered from the period.

use crate::impartial::takebreak::{TakeBreak, Wording};

/// A code error: the index of the offending character in the code text, and why.
pub type CodeError = (usize, String);

/// Parses an octal code `d0.d1d2…` (or a lone `d0`) into its digits.
///
/// ```
/// use sprague::games::octal::parse_code;
/// assert_eq!(parse_code("0.137").unwrap(), vec![0, 1, 3, 7]);
/// assert_eq!(parse_code("4").unwrap(), vec![4]);
/// assert_eq!(parse_code("0.18").unwrap_err().0, 3);
/// ```
pub fn parse_code(code: &str) -> Result<Vec<u8>, CodeError> {
    let bytes = code.as_bytes();
    let point = bytes.iter().position(|&c| c == b'.');
    let int_len = point.unwrap_or(bytes.len());
    if int_len != 1 {
        return Err((
            0,
            "an octal code has one digit before the point (0 or 4), as in 0.137 or 4.07".into(),
        ));
    }
    let mut digits = Vec::with_capacity(bytes.len());
    for (k, &c) in bytes.iter().enumerate() {
        if Some(k) == point {
            continue;
        }
        match c {
            b'0'..=b'7' => digits.push(c - b'0'),
            b'8' | b'9' => {
                return Err((
                    k,
                    format!("'{}' is not an octal digit (0–7)", char::from(c)),
                ));
            }
            _ => return Err((k, "an octal code holds digits 0–7 and one point".into())),
        }
    }
    if digits[0] != 0 && digits[0] != 4 {
        return Err((
            0,
            format!(
                "the digit before the point is {}, but it may only be 0 or 4 (4 = split a heap without removing)",
                digits[0]
            ),
        ));
    }
    Ok(digits)
}

/// The octal game with the given code, named `octal[CODE]` (code without trailing zeros).
pub fn octal(code: &str) -> Result<TakeBreak, CodeError> {
    let digits = parse_code(code)?;
    let probe = TakeBreak::new("", &digits, false, Wording::Heaps).map_err(|e| (0, e))?;
    let name = format!("octal[{}]", probe.code());
    TakeBreak::new(name, &digits, false, Wording::Heaps).map_err(|e| (0, e))
}

/// Kayles, octal 0.77: knock down one pin or two adjacent pins.
pub fn kayles() -> TakeBreak {
    TakeBreak::new("kayles", &[0, 7, 7], false, Wording::Pins).expect("valid code")
}

/// Dawson's Kayles, octal 0.07: knock down two adjacent pins.
pub fn dawson() -> TakeBreak {
    TakeBreak::new("dawson", &[0, 0, 7], false, Wording::Pins).expect("valid code")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::Limits;
    use crate::impartial::heap::{HeapRules, HeapTable};
    use crate::impartial::period::{self, Period};
    use crate::impartial::takebreak::TakeBreakFamily;
    use crate::nat::Nat;
    use std::collections::HashSet;

    /// Kayles, OEIS A002186 (offset 0), as published.
    const KAYLES: [u32; 105] = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
        7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
    ];

    /// Dawson's Chess, octal 0.137, OEIS A002187 (offset 0), as published. Its comment:
    /// Dawson's Kayles (0.07) has the values a(n − 1).
    const DAWSON_CHESS: [u32; 132] = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
        5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
        1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
        1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
        3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    ];

    /// Values straight from the code, every option listed (independent of the engine).
    fn naive(digits: &[u8], len: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::new();
        for n in 0..len {
            let mut seen = HashSet::new();
            for (i, &d) in digits.iter().enumerate().take(n + 1) {
                let rest = n - i;
                if d & 1 != 0 && i > 0 && rest == 0 {
                    seen.insert(0);
                }
                if d & 2 != 0 && i > 0 && rest > 0 {
                    seen.insert(g[rest]);
                }
                if d & 4 != 0 {
                    for a in 1..rest {
                        seen.insert(g[a] ^ g[rest - a]);
                    }
                }
            }
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        g
    }

    fn table(rules: &TakeBreak, len: usize) -> Vec<u32> {
        let mut t = HeapTable::default();
        t.extend(rules, len, &Limits::default()).unwrap();
        t.values().to_vec()
    }

    #[test]
    fn kayles_matches_oeis_a002186_and_the_rules() {
        assert_eq!(table(&kayles(), 105), KAYLES);
        assert_eq!(naive(&[0, 7, 7], 105), KAYLES);
    }

    #[test]
    fn dawson_matches_oeis_a002187_shifted_by_one() {
        let chess = table(&octal("0.137").unwrap(), 132);
        assert_eq!(chess, DAWSON_CHESS);
        let kayles = table(&dawson(), 133);
        assert_eq!(kayles[0], 0);
        assert_eq!(kayles[1..], DAWSON_CHESS);
        assert_eq!(naive(&[0, 0, 7], 133), kayles);
    }

    /// The proved period of a family, found as the engine finds it for a far heap.
    fn proved(rules: TakeBreak) -> Option<Period> {
        let f = TakeBreakFamily::new(rules);
        f.value(&Nat::from(10u64.pow(18)), &Limits::default())
            .unwrap();
        f.proved_period()
    }

    #[test]
    fn published_periods_are_proved() {
        // REFERENCES: Kayles 12 from 71, Dawson's Kayles 34 from 53, Dawson's Chess 34
        // from 52 (A002187: "period 34 with the only exceptions at n = 0, 14, 16, 17,
        // 31, 34 and 51").
        let p = |preperiod, period| Some(Period { preperiod, period });
        assert_eq!(proved(kayles()), p(71, 12));
        assert_eq!(proved(dawson()), p(53, 34));
        assert_eq!(proved(octal("0.137").unwrap()), p(52, 34));
        // And the exhaustive values agree: periodic from there, not one heap earlier.
        for (d, n0, per) in [
            (&[0u8, 7, 7][..], 71, 12),
            (&[0, 0, 7], 53, 34),
            (&[0, 1, 3, 7], 52, 34),
        ] {
            let g = naive(d, 2000);
            assert!((n0..2000 - per).all(|n| g[n] == g[n + per]), "{d:?}");
            assert_ne!(g[n0 - 1], g[n0 - 1 + per], "{d:?}");
            assert!(period::prove_octal(
                &g,
                d.len() - 1,
                Period {
                    preperiod: n0,
                    period: per
                }
            ));
        }
    }

    #[test]
    fn huge_heaps_follow_the_period() {
        let limits = Limits::default();
        let k = TakeBreakFamily::new(kayles());
        // 10^18 ≡ 4 (mod 12) and 71 ≡ 11: 10^18 − 71 ≡ 5, so heap 76: A002186(76) = 1.
        let n = Nat::from(10u64.pow(18));
        assert_eq!(k.value(&n, &limits).unwrap(), Nat::from(KAYLES[76]));
        // 10^100 ≡ 4 (mod 12) as well.
        let googol: Nat = format!("1{}", "0".repeat(100)).parse().unwrap();
        assert_eq!(k.value(&googol, &limits).unwrap(), Nat::from(KAYLES[76]));
        // Dawson's Chess: 10^16 ≡ 1 (mod 17), so 10^18 ≡ 100 ≡ 15 (mod 17), and it is
        // even: 10^18 ≡ 32 (mod 34); 52 ≡ 18, so heap 52 + 14 = 66: A002187(66) = 7.
        let c = TakeBreakFamily::new(octal("0.137").unwrap());
        assert_eq!(c.value(&n, &limits).unwrap(), Nat::from(DAWSON_CHESS[66]));
    }

    #[test]
    fn codes_parse_in_the_guy_smith_convention() {
        assert_eq!(parse_code("0.137").unwrap(), vec![0, 1, 3, 7]);
        assert_eq!(parse_code("4.07").unwrap(), vec![4, 0, 7]);
        assert_eq!(parse_code("0").unwrap(), vec![0]);
        assert_eq!(octal("0.770").unwrap().name(), "octal[0.77]");
        assert_eq!(octal("4.0").unwrap().name(), "octal[4]");
        assert_eq!(octal("0.000").unwrap().name(), "octal[0]");
        assert_eq!(kayles().name(), "kayles");
        assert_eq!(dawson().name(), "dawson");
        // Errors point at the offending character.
        assert_eq!(parse_code("0.18").unwrap_err().0, 3);
        assert_eq!(parse_code("0.9").unwrap_err().0, 2);
        assert_eq!(parse_code("2.7").unwrap_err().0, 0);
        assert_eq!(parse_code("10.7").unwrap_err().0, 0);
        assert_eq!(parse_code("0.1.2").unwrap_err().0, 3);
    }

    #[test]
    fn no_moves_means_all_zero_and_splits_alone_follow_the_rules() {
        assert!(table(&octal("0").unwrap(), 50).iter().all(|&v| v == 0));
        for code in ["4", "4.7", "0.4", "0.6", "0.16", "4.37"] {
            let digits = parse_code(code).unwrap();
            assert_eq!(
                table(&octal(code).unwrap(), 500),
                naive(&digits, 500),
                "{code}"
            );
        }
    }

    #[test]
    fn kayles_moves_are_worded_as_pins() {
        let k = kayles();
        let n = Nat::from(9u64);
        let two = |a: u64, b: u64| smallvec::smallvec![Nat::from(a), Nat::from(b)];
        assert_eq!(
            k.describe(&n, &two(3, 4)),
            "knock down 2 pins in the middle, leaving rows of 3 and 4"
        );
        assert_eq!(
            k.describe(&n, &smallvec::smallvec![Nat::from(8u64)]),
            "knock down 1 pin at the end, leaving a row of 8"
        );
        assert_eq!(
            k.describe(&Nat::from(2u64), &smallvec::smallvec![]),
            "knock down the last 2 pins"
        );
        let o = octal("0.137").unwrap();
        assert_eq!(
            o.describe(&n, &two(3, 3)),
            "take 3 from the heap of 9, leaving heaps of 3 and 3"
        );
    }

    /// Long check of a published period (Gangolli–Plambeck 1989): 0.16 has period
    /// 149 459 from heap 105 351. Proving it needs about 510 000 values (about a second
    /// with the fast table in a release build).
    #[test]
    #[ignore]
    fn octal_0_16_has_the_published_long_period() {
        let limits = Limits {
            max_states: 2_000_000_000,
            ..Limits::default()
        };
        let f = TakeBreakFamily::new(octal("0.16").unwrap());
        let far = Nat::from(10u64.pow(18));
        f.value(&far, &limits).unwrap();
        assert_eq!(
            f.proved_period(),
            Some(Period {
                preperiod: 105_351,
                period: 149_459
            })
        );
    }
}
