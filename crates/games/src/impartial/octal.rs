//! Octal games `octal[CODE]`, Kayles (`kayles`, code 0.77) and Dawson's Kayles
//! (`dawson`, code 0.07), and hexadecimal take-and-break games (`octal[0.F7]`).
//!
//! The code `d0.d1d2…dt` is read in the Guy–Smith convention: digit `d_i` is a bit set,
//! 1 = remove `i` tokens leaving nothing, 2 = remove `i` leaving one non-empty heap,
//! 4 = remove `i` leaving two non-empty heaps; `d0` is 0 or 4 (4 = split a heap without
//! removing). Kayles: knock down one pin or two adjacent pins from a row. Dawson's
//! Kayles: knock down two adjacent pins.
//!
//! Hexadecimal digits `8`–`F` (either case) add the bit 8: remove `i` tokens leaving
//! three non-empty heaps, as Flammenkamp's tables of take-and-break games read a digit
//! (bit `2^k`: leave `k` non-empty heaps) and as the hexadecimal games of Howse and
//! Nowakowski are written; `d0` is then 0, 4, 8 or C. Codes with digits 0–7 are the
//! octal games, read exactly as before. Bits beyond 8 (leaving four heaps or more)
//! would need digits above F, which no code here can write.
//!
//! The values come from the take-and-break engine ([`sprague_engine::impartial::takebreak`]);
//! periods are proved by the Guy–Smith octal periodicity theorem (Kayles: period 12
//! from heap 71; Dawson's Kayles: 34 from 53; Dawson's Chess 0.137: 34 from 52), after
//! which heaps of any size are answered from the period; for hexadecimal codes by the
//! same theorem over the longer range that splits into three need
//! ([`sprague_engine::impartial::period::prove_take_break`]). Many hexadecimal games are
//! not periodic at all (0.8, removing one token and leaving three heaps, has values
//! growing by one every three heaps): their tables go on until `--max-states`.

use sprague_engine::impartial::takebreak::{TakeBreak, Wording};

/// A code error: the index of the offending character in the code text, and why.
pub(crate) type CodeError = (usize, String);

/// Parses a code `d0.d1d2…` (or a lone `d0`) into its digits: octal digits, or
/// hexadecimal ones (`A`–`F` in either case for 10 to 15).
///
/// ```
/// use sprague_games::impartial::octal::parse_code;
/// assert_eq!(parse_code("0.137").unwrap(), vec![0, 1, 3, 7]);
/// assert_eq!(parse_code("4").unwrap(), vec![4]);
/// assert_eq!(parse_code("0.F7").unwrap(), vec![0, 15, 7]);
/// assert_eq!(parse_code("C.8").unwrap(), vec![12, 8]);
/// assert_eq!(parse_code("0.1G").unwrap_err().0, 3);
/// assert_eq!(parse_code("2.7").unwrap_err().0, 0);
/// ```
pub fn parse_code(code: &str) -> Result<Vec<u8>, CodeError> {
    let bytes = code.as_bytes();
    let point = bytes.iter().position(|&c| c == b'.');
    let int_len = point.unwrap_or(bytes.len());
    if int_len != 1 {
        return Err((
            0,
            "a code has one digit before the point (0 or 4; 8 or C in hexadecimal codes), as in 0.137, 4.07 or 0.F7".into(),
        ));
    }
    let mut digits = Vec::with_capacity(bytes.len());
    for (k, &c) in bytes.iter().enumerate() {
        if Some(k) == point {
            continue;
        }
        match char::from(c).to_digit(16) {
            Some(d) => digits.push(d as u8),
            None if c.is_ascii_alphanumeric() => {
                return Err((
                    k,
                    format!(
                        "'{}' is not a code digit (octal 0–7, or hexadecimal 0–9 and A–F)",
                        char::from(c)
                    ),
                ));
            }
            None => {
                return Err((
                    k,
                    "a code holds digits (0–7, or hexadecimal 0–F) and one point".into(),
                ));
            }
        }
    }
    if digits[0] & 3 != 0 {
        return Err((
            0,
            format!(
                "the digit before the point is {}, but it may only be 0 or 4, or 8 or C in a hexadecimal code (4 = split a heap in two without removing, 8 = in three, C = either)",
                code_text(&digits[..1])
            ),
        ));
    }
    Ok(digits)
}

/// The take-and-break game with the given code, named `octal[CODE]` (code without
/// trailing zeros, hexadecimal digits in upper case).
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

/// Every octal code of at most `digits` digits after the point, in sweep order: by
/// number of digits, then by the digits read as a number (`0.1`, `0.2`, …, `0.7`,
/// `0.01`, …, `0.77`, `0.001`, …). Codes are written without trailing zeros, so each
/// game is listed once; the code with no moves (`0`) is left out. With `with_split`,
/// each code `0.d1…` is followed by `4.d1…` (a heap may also be split without
/// removing), and the lone `4` comes first.
///
/// ```
/// use sprague_games::impartial::octal::sweep_codes;
/// let codes = sweep_codes(2, false);
/// assert_eq!(codes.len(), 63); // 8² − 1 codes 0.d1d2 without the empty one
/// assert_eq!(codes[0], vec![0, 1]);
/// assert_eq!(codes[7], vec![0, 0, 1]); // 0.01
/// assert_eq!(sweep_codes(1, true)[..3], [vec![4], vec![0, 1], vec![4, 1]]);
/// ```
pub fn sweep_codes(digits: usize, with_split: bool) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    if with_split {
        out.push(vec![4]);
    }
    for len in 1..=digits {
        // The last digit is non-zero; the others run over 0..=7, first digit slowest.
        let count = 7 * 8usize.pow(len as u32 - 1);
        for k in 0..count {
            let mut code = vec![0u8; len + 1];
            let mut x = k;
            code[len] = (x % 7) as u8 + 1;
            x /= 7;
            for i in (1..len).rev() {
                code[i] = (x % 8) as u8;
                x /= 8;
            }
            if with_split {
                let mut split = code.clone();
                split[0] = 4;
                out.push(code);
                out.push(split);
            } else {
                out.push(code);
            }
        }
    }
    // Order within a length: the digits d1 d2 … read as a number.
    out.sort_by(|a, b| (a.len(), &a[1..], a[0]).cmp(&(b.len(), &b[1..], b[0])));
    out
}

/// The values of heaps `0..len` straight from the rules, every option listed: for the
/// few small heaps that [`fold_code`] looks at.
fn small_values(digits: &[u8], len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut seen = Vec::new();
    for n in 0..len {
        seen.clear();
        seen.resize(n + 2, false);
        let mut mark = |v: u32| {
            if let Some(s) = seen.get_mut(v as usize) {
                *s = true;
            }
        };
        for (i, &d) in digits.iter().enumerate().take(n + 1) {
            let rest = n - i;
            if d & 1 != 0 && i > 0 && rest == 0 {
                mark(0);
            }
            if d & 2 != 0 && i > 0 && rest > 0 {
                mark(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    mark(g[a] ^ g[rest - a]);
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
    }
    g
}

/// The simplest code of the same game: `digits` with every move bit taken out that
/// provably changes no value, and no trailing zeros. Two codes with the same folded
/// code have the same value at every heap. Bits are taken out by two rules, each
/// leaving the set of option values of every heap unchanged (so, by induction on the
/// heap size, every value):
///
/// 1. *Taking a whole heap of `i`* (bit 1 of `d_i`) gives an option of value 0 from
///    heap `i` only. When heap `i` has an option of value 0 by another move, the
///    bit adds nothing. Those other moves (digits `d_k`, `k < i`) do not depend on
///    `d_i`'s bits, so the test is the same with or without it.
/// 2. *Taking `i + j` and leaving one heap* (bit 2 of `d_{i+j}`, `i ≥ 1`) when `d_j`
///    has bit 4 and heap `i` has the value 0: from a heap of `n > i + j`, the split
///    leaving heaps `i` and `n − i − j` after taking `j` has the value
///    `0 ⊕ G(n − i − j)`, the same as the option of the bit, and it is allowed exactly
///    when the bit's move is (`n − i − j ≥ 1`). Heaps up to `i + j` are not touched.
///
/// Taking bits out by one rule never changes whether another applies: rule 1 looks at
/// option *values*, which neither rule changes; rule 2 looks at bit 4, which neither
/// rule takes out. So the result does not depend on the order.
///
/// ```
/// use sprague_games::impartial::octal::{fold_code, parse_code};
/// let fold = |c: &str| fold_code(&parse_code(c).unwrap());
/// // Trailing zeros: the same moves.
/// assert_eq!(fold("0.770"), vec![0, 7, 7]);
/// // 0.21: heap 2 already reaches heap 1, of value 0, by taking 1: taking the
/// // whole heap of 2 adds nothing.
/// assert_eq!(fold("0.21"), vec![0, 2]);
/// // 0.4 with d2 = 2: G(1) = 0 and d1 has bit 4, so taking 2 and leaving one heap
/// // is the split into 1 and n − 2 after taking 1: 0.42 is 0.4.
/// assert_eq!(fold("0.42"), vec![0, 4]);
/// ```
///
/// The rules are proved for octal codes: a code with a hexadecimal digit (8 or more,
/// moves leaving three heaps) comes back only without its trailing zeros.
pub fn fold_code(digits: &[u8]) -> Vec<u8> {
    let mut code = digits.to_vec();
    if code.iter().any(|&d| d > 7) {
        while code.len() > 1 && code.last() == Some(&0) {
            code.pop();
        }
        return code;
    }
    let t = code.len();
    // Heaps up to the code's length are all the rules look at.
    let g = small_values(digits, t);
    for (i, d) in code.iter_mut().enumerate().skip(1) {
        if *d & 1 != 0 && other_zero_option(digits, &g, i) {
            *d &= !1;
        }
    }
    for j in 0..t {
        if digits[j] & 4 == 0 {
            continue;
        }
        for i in 1..t - j {
            if g[i] == 0 {
                code[i + j] &= !2;
            }
        }
    }
    while code.len() > 1 && code.last() == Some(&0) {
        code.pop();
    }
    code
}

/// Whether heap `i` has an option of value 0 other than taking the whole heap, by
/// the moves of the digits `d_k`, `k < i` (`g` holds the values of heaps below `i`).
fn other_zero_option(digits: &[u8], g: &[u32], i: usize) -> bool {
    (0..i).any(|k| {
        let d = digits[k];
        let rest = i - k;
        (d & 2 != 0 && k > 0 && g[rest] == 0)
            || (d & 4 != 0 && (1..rest).any(|a| g[a] == g[rest - a]))
    })
}

/// The code `d0.d1…dt` written as text, e.g. `0.137`, `4.07`, `4`, `0.F7`.
pub fn code_text(digits: &[u8]) -> String {
    sprague_engine::impartial::takebreak::code_text(digits)
}

/// `octal[CODE]`, `kayles` and `dawson` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["octal", "kayles", "dawson"],
    usage: Some((
        "octal[CODE](n,…)",
        "octal take-and-break game, e.g. octal[0.137](9), or hexadecimal (octal[0.F7](9)); kayles(n,…), dawson(n,…)",
    )),
    shown: Some(super::Shown {
        group: super::Group::TakeAndBreak,
        rules: "An octal game: each digit of the code says whether a move may take that many stones and leave zero, one or two heaps. Kayles (0.77) knocks down one pin or two neighbours; Dawson's Kayles is 0.07.",
        example: Some("kayles(4,6)"),
    }),
    build: |reg, t| {
        let rules = read_rules(reg, t)?;
        Ok((reg.shared_take_break(rules), 1))
    },
    read: None,
    table: Some(|reg, t| {
        Ok(std::rc::Rc::new(
            sprague_engine::impartial::takebreak::TakeBreakFamily::new(read_rules(reg, t)?),
        ))
    }),
    names_file: super::no_file,
};

/// The rules of `octal[CODE]`, `kayles` or `dawson`.
fn read_rules(
    reg: &crate::Registry<'_>,
    t: &sprague_expr::FamilyTerm,
) -> Result<TakeBreak, crate::ExprError> {
    use sprague_expr::Param;
    match t.name.as_str() {
        "kayles" => {
            reg.no_params(t)?;
            return Ok(kayles());
        }
        "dawson" => {
            reg.no_params(t)?;
            return Ok(dawson());
        }
        _ => {}
    }
    let params = match &t.params {
        Some(p) => p.as_slice(),
        None => {
            return Err(reg.error(
                t.name_span,
                "octal needs a code in brackets, e.g. octal[0.137], octal[4.07] or octal[0.F7]",
            ));
        }
    };
    match params {
        [Param::Code(code, span)] => octal(code).map_err(|(k, m)| crate::ExprError {
            column: reg.column(reg.code_char(*span, k)),
            message: format!("bad octal code {code}: {m}"),
        }),
        [Param::Int(n, span)] => {
            let code = n.to_string();
            if code.len() == 1 {
                octal(&code)
                    .map_err(|(_, m)| reg.error(*span, &format!("bad octal code {code}: {m}")))
            } else {
                Err(reg.error(
                    *span,
                    &format!("bad octal code {code}: a code has one digit before the point (0 or 4; 8 or C in hexadecimal codes), as in 0.137, 4.07 or 0.F7"),
                ))
            }
        }
        [other] => Err(reg.error(other.span(), "octal takes a code such as 0.137 or 4.07")),
        [_, second, ..] => Err(reg.error(second.span(), "octal takes one code")),
        [] => Err(reg.error(t.span, "octal needs a code")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::Limits;
    use sprague_core::nat::Nat;
    use sprague_engine::impartial::heap::{HeapRules, HeapTable};
    use sprague_engine::impartial::period;
    use sprague_engine::impartial::period::Period;
    use sprague_engine::impartial::takebreak::TakeBreakFamily;

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
        sprague_engine::impartial::takebreak::plain_values(digits, false, len)
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
        // Hexadecimal digits, in either case.
        assert_eq!(parse_code("0.18").unwrap(), vec![0, 1, 8]);
        assert_eq!(parse_code("0.aF").unwrap(), vec![0, 10, 15]);
        assert_eq!(parse_code("8").unwrap(), vec![8]);
        assert_eq!(octal("0.f70").unwrap().name(), "octal[0.F7]");
        assert_eq!(octal("c.8").unwrap().name(), "octal[C.8]");
        // Errors point at the offending character.
        assert_eq!(parse_code("0.1G").unwrap_err().0, 3);
        assert_eq!(parse_code("0.z").unwrap_err().0, 2);
        assert_eq!(parse_code("2.7").unwrap_err().0, 0);
        assert_eq!(parse_code("9.7").unwrap_err().0, 0);
        assert_eq!(parse_code("A.7").unwrap_err().0, 0);
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

    /// Each rule of [`fold_code`] is proved in its documentation; here every code of up
    /// to three digits (and the `4.…` ones) is checked against its folded code on the
    /// values straight from the rules, for the heaps below 300.
    #[test]
    fn folded_codes_have_the_same_values() {
        let mut folded = 0;
        for code in sweep_codes(3, true) {
            let f = fold_code(&code);
            assert!(
                f.len() <= code.len() && f[0] == code[0],
                "{code:?} -> {f:?}"
            );
            // Only bits are taken out.
            assert!(f.iter().zip(&code).all(|(a, b)| a & !b == 0), "{code:?}");
            if f != code {
                folded += 1;
                assert_eq!(naive(&code, 300), naive(&f, 300), "{code:?} -> {f:?}");
            }
            assert_eq!(fold_code(&f), f, "folding is done at once");
        }
        // Each rule folds something: 0.21 (rule 1), 0.42 (rule 2), 4.2 (rule 2, j = 0).
        assert_eq!(fold_code(&[0, 2, 1]), vec![0, 2]);
        assert_eq!(fold_code(&[0, 4, 2]), vec![0, 4]);
        assert_eq!(fold_code(&[4, 2]), vec![4]);
        assert!(folded > 100);
    }

    /// Kayles knocks down one pin or two adjacent pins of a row, Dawson's Kayles two
    /// adjacent pins (Winning Ways, ch. 4): the rows of pins drawn, and the run each
    /// move knocks down found from the pictures, agree with the family's moves.
    #[test]
    fn rows_of_pins_agree_with_the_moves_of_kayles_and_dawsons_kayles() {
        use sprague_engine::impartial::family::{Family, MoveSink, Pos};
        use sprague_engine::picture::{Picture, Target};
        use std::collections::BTreeSet;
        let limits = Limits::default();
        let rows_of = |v: &[u64]| {
            let mut r: Vec<u64> = v.iter().copied().filter(|&r| r > 0).collect();
            r.sort_unstable();
            r
        };
        for (rules, runs) in [(kayles(), &[1u64, 2][..]), (dawson(), &[2][..])] {
            let f = TakeBreakFamily::new(rules);
            for n in 0..=12u64 {
                let pos: Pos = smallvec::smallvec![Nat::from(n)];
                let before = f.picture(&pos);
                assert_eq!(
                    before,
                    Picture::Pins {
                        rows: vec![Nat::from(n)]
                    }
                );
                let mut sink = MoveSink::new(1000);
                f.moves(&pos, &limits, &mut sink).unwrap();
                let mut by_moves = BTreeSet::new();
                for m in &sink.moves {
                    let parts: Vec<Picture> = m.to.iter().map(|p| f.picture(p)).collect();
                    let after = Picture::joined(&parts).unwrap();
                    let Some(Target::Knock {
                        row: 0,
                        from,
                        count,
                    }) = Picture::target(&before, &after)
                    else {
                        panic!("no knock for {:?} from {n}", m.to)
                    };
                    let (from, count) = (from.to_u64().unwrap(), count.to_u64().unwrap());
                    assert!(
                        runs.contains(&count) && from + count <= n,
                        "{n}: {from}+{count}"
                    );
                    // The rows the knock leaves are those the move leaves.
                    let Picture::Pins { rows } = &after else {
                        unreachable!()
                    };
                    let got: Vec<u64> = rows.iter().map(|r| r.to_u64().unwrap()).collect();
                    let left = rows_of(&[from, n - from - count]);
                    assert_eq!(left, rows_of(&got), "{n}: {from}+{count}");
                    by_moves.insert(left);
                }
                // Every knock the rules allow is one of the moves (knocks leaving the
                // same rows are one move).
                let mut by_rules = BTreeSet::new();
                for &k in runs.iter().filter(|&&k| k <= n) {
                    for a in 0..=n - k {
                        by_rules.insert(rows_of(&[a, n - a - k]));
                    }
                }
                assert_eq!(by_moves, by_rules, "{n}");
                assert_eq!(sink.moves.len(), by_rules.len(), "{n}");
            }
        }
        // Other octal games keep their heaps of stones.
        let o = TakeBreakFamily::new(octal("0.77").unwrap());
        assert_eq!(
            o.picture(&smallvec::smallvec![Nat::from(3u64)]).kind(),
            "heaps"
        );
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
