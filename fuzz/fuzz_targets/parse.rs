//! Parses arbitrary UTF-8. The parser must never panic; an error must point inside the
//! input (or just past its end) and display on one line; an expression that parses
//! must print to text that parses back to the same tree, and printing must be stable.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::expr::parse;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    match parse(src) {
        Ok(mut first) => {
            let text = first.to_string();
            let mut second = match parse(&text) {
                Ok(s) => s,
                Err(e) => panic!("{src:?} printed as {text:?}, which does not parse: {e}"),
            };
            assert_eq!(second.to_string(), text, "printing {src:?} is not stable");
            first.clear_spans();
            second.clear_spans();
            assert_eq!(first, second, "{src:?} printed as {text:?}");
        }
        Err(e) => {
            assert!(
                e.column >= 1 && e.column <= src.chars().count() + 1,
                "{src:?}: column {} out of range",
                e.column
            );
            assert!(!e.to_string().contains('\n'), "{src:?}: {e}");
        }
    }
});
