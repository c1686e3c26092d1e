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
