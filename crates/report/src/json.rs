//! Small helpers for writing JSON by hand (large outputs are streamed).

use sprague_core::nat::Nat;
use std::fmt::Write;

/// Appends an array of JSON strings.
pub fn strings<S: AsRef<str>>(out: &mut String, items: impl IntoIterator<Item = S>) {
    out.push('[');
    for (i, s) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        string(out, s.as_ref());
    }
    out.push(']');
}

/// Appends `s` as a JSON string.
pub fn string(out: &mut String, s: &str) {
    out.push('"');
    if !s.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
        // Nothing to escape (the usual case): copy it in one piece.
        out.push_str(s);
        out.push('"');
        return;
    }
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends an integer: a JSON number below 2^64, else a string of digits (SPEC §2).
pub fn nat(out: &mut String, n: &Nat) {
    match n {
        Nat::Small(_) => n.write_decimal(out),
        Nat::Big(_) => {
            out.push('"');
            n.write_decimal(out);
            out.push('"');
        }
    }
}

/// Appends an optional integer (`null` when absent).
pub fn opt_nat(out: &mut String, n: Option<&Nat>) {
    match n {
        Some(n) => nat(out, n),
        None => out.push_str("null"),
    }
}

/// Appends an optional string (`null` when absent).
pub fn opt_string(out: &mut String, s: Option<&str>) {
    match s {
        Some(s) => string(out, s),
        None => out.push_str("null"),
    }
}

/// Appends an optional number (`null` when absent).
pub fn opt_u64(out: &mut String, n: Option<u64>) {
    match n {
        Some(n) => {
            let _ = write!(out, "{n}");
        }
        None => out.push_str("null"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_like_serde_json() {
        for s in [
            "plain",
            "quote \" and \\ back",
            "tab\tnew\nline\u{1}",
            "⊕ mex{2,0}",
        ] {
            let mut out = String::new();
            string(&mut out, s);
            assert_eq!(out, serde_json::to_string(s).unwrap());
        }
    }

    #[test]
    fn big_integers_are_strings() {
        let mut out = String::new();
        nat(&mut out, &"100000000000000000000".parse().unwrap());
        assert_eq!(out, "\"100000000000000000000\"");
        out.clear();
        nat(&mut out, &Nat::from(7u64));
        assert_eq!(out, "7");
    }
}
