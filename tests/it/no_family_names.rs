//! The front ends draw and describe positions without knowing families: no family or
//! ruleset name (from `sprague::games::known_families`) appears in the code of the web
//! page (`crates/web/assets/js/*.js`), the web server (`crates/web/src/*.rs`), the play
//! sessions (`crates/play/src/*.rs`) or the command line's drawing of a position
//! (`draw` and `corner_board` of `src/cli/play.rs`).
//!
//! The rule, on code outside comments and outside Rust tests (everything from the
//! first `#[cfg(test)]` of a file on):
//! - no string literal holds a name written as a term, `name(` or `name[`;
//! - no string literal holds, as a word, a name that is not also an ordinary word of
//!   the language or of the theory ([`ORDINARY`]: `nim` in "nim-value", `king` the
//!   piece, `circle` the SVG element, …), and no JavaScript identifier has such a
//!   name as one of its words (`wythoffPairs`).
//!
//! Not checked yet: `crates/play/src/session.rs` (the words of typed moves, being moved
//! into the families) and the command loop of `src/cli/play.rs`; and the exceptions of
//! [`EXCEPTIONS`], each with its reason.

use std::path::Path;

/// Family names that are also ordinary words, checked only as terms.
const ORDINARY: &[&str] = &[
    "nim",
    "sub",
    "cut",
    "col",
    "ring",
    "king",
    "stair",
    "circle",
    "grid",
    "split",
    "adjacent",
    "divisor",
    "bash",
    "ed",
    "toy",
    "unfair",
    "cram",
    "geography",
    "split",
];

/// Files and the words allowed in them, with the reason.
const EXCEPTIONS: &[(&str, &[&str], &str)] = &[
    // The value view draws the Domineering boards and Hackenbush strings of the
    // expression typed, read from its text: the value document (SPEC) has no
    // pictures yet.
    (
        "crates/web/assets/js/value.js",
        &["domineering", "hackenbush"],
        "value view pictures",
    ),
    // The grid view writes the position of a cell (`F(i,j)` or `F(i) + F(j)`) and a
    // note on Wythoff's lines: the grid document does not say which yet.
    (
        "crates/web/assets/js/tables.js",
        &["wythoff", "king", "moore"],
        "grid cell positions",
    ),
];

/// A piece of code: string literals and identifiers outside comments.
enum Piece {
    Str(String),
    Ident(String),
}

/// Splits source into string literals and identifiers, skipping comments (`//`,
/// `/* */`), Rust character literals and JavaScript regular expressions' contents
/// are read as code (none hold names once the rule holds).
fn pieces(src: &str, js: bool) -> Vec<Piece> {
    let b: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == '/' && b.get(i + 1) == Some(&'/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && b.get(i + 1) == Some(&'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == '*' && b[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == '"' || (js && (c == '\'' || c == '`')) {
            let mut s = String::new();
            i += 1;
            while i < b.len() && b[i] != c {
                if b[i] == '\\' {
                    i += 1;
                }
                if i < b.len() {
                    s.push(b[i]);
                }
                i += 1;
            }
            i += 1;
            out.push(Piece::Str(s));
        } else if !js && c == 'r' && matches!(b.get(i + 1), Some('#') | Some('"')) {
            let mut hashes = 0;
            let mut j = i + 1;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                i += 1;
                continue;
            }
            j += 1;
            let mut s = String::new();
            while j < b.len() {
                if b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                s.push(b[j]);
                j += 1;
            }
            i = j;
            out.push(Piece::Str(s));
        } else if !js && c == '\'' {
            // A character literal ('a', '\n'), or a lifetime ('a): skip the quote.
            if b.get(i + 2) == Some(&'\'') {
                i += 3;
            } else if b.get(i + 1) == Some(&'\\') {
                while i < b.len() && !(b[i] == '\'' && i > 0 && b[i - 1] != '\\')
                    || b[i] == '\'' && i + 1 < b.len() && b[i + 1] == '\\'
                {
                    i += 1;
                }
                i += 1;
            } else {
                i += 1;
            }
        } else if c.is_alphabetic() || c == '_' {
            let mut s = String::new();
            while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_') {
                s.push(b[i]);
                i += 1;
            }
            out.push(Piece::Ident(s));
        } else {
            i += 1;
        }
    }
    out
}

/// The words of a text: runs of letters and digits, an identifier's camel-case and
/// snake-case parts split, all lower case.
fn words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut w = String::new();
    let mut prev_lower = false;
    for c in s.chars() {
        if c.is_alphanumeric() {
            if c.is_uppercase() && prev_lower && !w.is_empty() {
                out.push(std::mem::take(&mut w).to_lowercase());
            }
            prev_lower = c.is_lowercase();
            w.push(c);
        } else {
            if !w.is_empty() {
                out.push(std::mem::take(&mut w).to_lowercase());
            }
            prev_lower = false;
        }
    }
    if !w.is_empty() {
        out.push(w.to_lowercase());
    }
    out
}

/// Whether `s` writes `name` as a term: `name(` or `name[` not inside a longer word.
fn term(s: &str, name: &str) -> bool {
    let lower = s.to_lowercase();
    lower.match_indices(name).any(|(at, _)| {
        let before = lower[..at].chars().next_back();
        let after = lower[at + name.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && matches!(after, Some('(' | '['))
    })
}

/// The names found in one file's code, with what holds them.
fn found(path: &str, src: &str, names: &[&str]) -> Vec<String> {
    let js = path.ends_with(".js");
    let code = if js {
        src
    } else {
        src.split("#[cfg(test)]").next().unwrap_or("")
    };
    let allowed: &[&str] = EXCEPTIONS
        .iter()
        .find(|(p, _, _)| *p == path)
        .map_or(&[], |e| e.1);
    let mut out = Vec::new();
    for p in pieces(code, js) {
        let (text, is_str) = match &p {
            Piece::Str(s) => (s.as_str(), true),
            Piece::Ident(s) => (s.as_str(), false),
        };
        if !is_str && !js {
            continue;
        }
        let ws = words(text);
        for &n in names {
            if allowed.contains(&n) {
                continue;
            }
            let as_word = !ORDINARY.contains(&n) && ws.iter().any(|w| w == n);
            if (is_str && term(text, n)) || as_word {
                out.push(format!("{path}: {n} in {text:?}"));
            }
        }
    }
    out
}

/// The code of `src/cli/play.rs` that draws a position.
fn cli_drawing(src: &str) -> String {
    let mut out = String::new();
    for start in ["fn corner_board(", "pub fn draw("] {
        let from = src
            .find(start)
            .expect("the drawing functions of src/cli/play.rs");
        let rest = &src[from..];
        let end = rest.find("\n}\n").map_or(rest.len(), |e| e + 3);
        out.push_str(&rest[..end]);
    }
    out
}

#[test]
fn front_ends_name_no_family() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let names = sprague::games::known_families();
    assert!(names.contains(&"wythoff") && names.contains(&"domineering"));
    let mut files: Vec<(String, String)> = Vec::new();
    for (dir, ext) in [
        ("crates/web/assets/js", "js"),
        ("crates/web/src", "rs"),
        ("crates/play/src", "rs"),
    ] {
        let mut entries: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == ext))
            .collect();
        entries.sort();
        for p in entries {
            let rel = format!("{dir}/{}", p.file_name().unwrap().to_string_lossy());
            if rel == "crates/play/src/session.rs" {
                continue;
            }
            files.push((rel, std::fs::read_to_string(&p).unwrap()));
        }
    }
    let play = std::fs::read_to_string(root.join("src/cli/play.rs")).unwrap();
    files.push(("src/cli/play.rs".into(), cli_drawing(&play)));
    assert!(files.len() > 10, "{}", files.len());
    let mut bad = Vec::new();
    for (path, src) in &files {
        bad.extend(found(path, src, &names));
    }
    assert!(
        bad.is_empty(),
        "family names in front ends:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_rule_catches_names() {
    let names = ["wythoff", "nim", "king"];
    let js = "const a = \"nim(3,4)\"; function wythoffPairs() {} const k = `a king`; // wythoff";
    let f = found("x.js", js, &names);
    assert_eq!(f.len(), 2, "{f:?}");
    let rs = "let s = \"nim-value\"; let t = \"Wythoff's game\"; let u = r#\"king[2](1)\"#;\n#[cfg(test)]\nlet v = \"nim(1)\";";
    let f = found("x.rs", rs, &names);
    assert_eq!(f.len(), 2, "{f:?}");
}
