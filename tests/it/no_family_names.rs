//! The front ends draw and describe positions without knowing families: no family or
//! ruleset name (from `sprague::games::known_families`) appears in the code of the web
//! page (`crates/web/assets/js/*.js`), the web server (`crates/web/src`), the play
//! sessions (`crates/play/src`) or the command line (`src/cli`), every `.rs` file
//! under them, with no exception. What a front end says of families (their usage,
//! their move words, the cells a move names, pictures, how a cell of a grid is
//! written) comes from the library, generated from the registry.
//!
//! The rule, on code outside comments and outside Rust tests (everything from the
//! first `#[cfg(test)]` of a file on):
//! - no JavaScript identifier has a name as one of its words (`wythoffPairs`), except
//!   the names that are also ordinary words ([`ORDINARY`]: `nim` in "nim-value",
//!   `king` the piece, `circle` the SVG element, `coins` the picture, …);
//! - a string literal holds a name only in an example, and every example is checked
//!   here, so that none can go stale: a name written as a term (`nim(3,4,5)`,
//!   `sub[1,3,4](10)`, `domineering("#.|#.")`) must be a term the library reads (a
//!   position, a partizan game or a table's family; a family whose parameter names
//!   a file need only parse, the file being the user's; an example of `solve --every
//!   k=…` must read with a number in place of `k`); a bare name that is not an
//!   ordinary word must be an argument of an example command line (after `sprague `
//!   or the worksheet's `:table ` on its line) that the library reads as a table's
//!   family or a ruleset of the database (`grundy_game`, `db build domineering`).
//!   Any other bare name — a list of families in prose, a name compared in code — is
//!   a finding: such lists are generated from the registry.

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
    // The picture of a row of coins (`kind: "coins"`), as `ring` and `stair` are.
    "coins",
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
                    if b.get(i) == Some(&'n') {
                        s.push('\n');
                        i += 1;
                        continue;
                    }
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

/// The words of a text with where each begins: runs of letters, digits and `_`
/// (`grundy_game`), and the camel-case and snake-case parts of each (`wythoffPairs`:
/// `wythoff`, `Pairs`).
fn word_spans(s: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut run: Option<usize> = None;
    let ends = s
        .char_indices()
        .map(|(i, c)| (i, Some(c)))
        .chain([(s.len(), None)]);
    for (i, c) in ends {
        let inside = c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        match (run, inside) {
            (None, true) => run = Some(i),
            (Some(start), false) => {
                let whole = &s[start..i];
                out.push((start, whole.to_string()));
                // The parts: split at `_` and before an upper-case letter after a
                // lower-case one.
                let mut part = start;
                let mut prev_lower = false;
                for (j, c) in whole.char_indices() {
                    let at = start + j;
                    let cut = c == '_' || (c.is_uppercase() && prev_lower);
                    if cut {
                        if at > part {
                            out.push((part, s[part..at].to_string()));
                        }
                        part = if c == '_' { at + 1 } else { at };
                    }
                    prev_lower = c.is_lowercase();
                }
                if part > start && part < i {
                    out.push((part, s[part..i].to_string()));
                }
                run = None;
            }
            _ => {}
        }
    }
    out
}

/// The terms of `s` that write `name`: `name(` or `name[` not inside a longer word,
/// each with its bracketed groups (`sub[1,3,4](10)`), as written.
fn terms(s: &str, name: &str) -> Vec<String> {
    let lower = s.to_lowercase();
    let mut out = Vec::new();
    for (at, _) in lower.match_indices(name) {
        let before = lower[..at].chars().next_back();
        let after = lower[at + name.len()..].chars().next();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            || !matches!(after, Some('(' | '['))
        {
            continue;
        }
        // The groups: each from its bracket to the matching one, quotes skipped.
        let b: Vec<char> = s[at..].chars().collect();
        let mut i = name.chars().count();
        while matches!(b.get(i), Some('(' | '[')) {
            let mut depth = 0usize;
            let mut quoted = false;
            while let Some(&c) = b.get(i) {
                i += 1;
                match c {
                    '"' => quoted = !quoted,
                    '(' | '[' if !quoted => depth += 1,
                    ')' | ']' if !quoted => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
            }
        }
        out.push(b[..i.min(b.len())].iter().collect());
    }
    out
}

/// Whether the library reads `text` as an example: a position, a partizan sum, a
/// table's family, or (for a family whose parameter names a file, which the guard
/// cannot read) a term that parses and names a file.
fn reads(text: &str) -> bool {
    sprague::games::components(text).is_ok()
        || sprague::games::table_family(text).is_ok()
        || {
            // Rulesets are read, not valued (the example may be large).
            let mut t = sprague::partizan::GameTable::new();
            sprague::games::partizan::component::read_sum(&mut t, text, &Default::default()).is_ok()
        }
        || (sprague::expr::parse(text).is_ok() && sprague::games::file_reference(text).is_some())
        // An example of `solve --every k=…`: read with a value in place of `k`.
        || sprague::games::every::template(text, "k")
            .is_ok_and(|t| {
                let at = t.at(2);
                sprague::games::components(&at).is_ok() || sprague::games::table_family(&at).is_ok()
            })
}

/// Whether the bare name at byte `at` of `s` is an argument of an example command
/// line (`sprague table … grundy_game`, `sprague db build domineering …`, the
/// worksheet's `:table kayles 10..20`) that the library reads: a table's family (on
/// the line of a table, also a grid's) or a ruleset of the database.
fn example_argument(s: &str, at: usize, word: &str) -> bool {
    let line_start = s[..at].rfind('\n').map_or(0, |i| i + 1);
    let before = &s[line_start..at];
    let command = before.contains("sprague ") || before.contains(":table ");
    let table = before.contains("sprague table ") || before.contains(":table ");
    command
        && (sprague::games::table_family(word).is_ok()
            || (table && sprague::games::grid_family(word).is_ok())
            || sprague::games::partizan::stored::STORED.contains(&word))
}

/// The names found in one file's code, with what holds them.
fn found(path: &str, src: &str, names: &[&str]) -> Vec<String> {
    let js = path.ends_with(".js");
    let code = if js {
        src
    } else {
        src.split("#[cfg(test)]").next().unwrap_or("")
    };
    let mut out = Vec::new();
    for p in pieces(code, js) {
        let (text, is_str) = match &p {
            Piece::Str(s) => (s.as_str(), true),
            Piece::Ident(s) => (s.as_str(), false),
        };
        if !is_str && !js {
            continue;
        }
        for &n in names {
            if is_str {
                for t in terms(text, n) {
                    if !reads(&t) {
                        out.push(format!("{path}: {n} in {text:?} ({t} is no example)"));
                    }
                }
            }
            if ORDINARY.contains(&n) {
                continue;
            }
            for (at, w) in word_spans(text) {
                if w.to_lowercase() != n {
                    continue;
                }
                let term = matches!(text[at + w.len()..].chars().next(), Some('(' | '['));
                if !(is_str && (term || example_argument(text, at, &w))) {
                    out.push(format!("{path}: {n} in {text:?}"));
                }
            }
        }
    }
    out
}

/// Every file under `dir` (recursively) whose name ends in `.ext`, with its path from
/// the root, in order.
fn collect(root: &Path, dir: &str, ext: &str, files: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(root.join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        let rel = format!("{dir}/{}", p.file_name().unwrap().to_string_lossy());
        if p.is_dir() {
            collect(root, &rel, ext, files);
        } else if p.extension().is_some_and(|e| e == ext) {
            files.push((rel, std::fs::read_to_string(&p).unwrap()));
        }
    }
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
        ("src/cli", "rs"),
    ] {
        collect(root, dir, ext, &mut files);
    }
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
    let names = [
        "wythoff",
        "nim",
        "king",
        "grundy_game",
        "domineering",
        "clobber",
    ];
    // In code: an identifier naming a family; a comment is no code.
    let js = "const a = \"nim(3,4)\"; function wythoffPairs() {} const k = `a king`; // wythoff";
    let f = found("x.js", js, &names);
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(f[0].contains("wythoffPairs"), "{f:?}");
    // Ordinary words pass; a name in prose does not; tests are not checked.
    let rs = "let s = \"nim-value\"; let t = \"Wythoff's game\"; let u = r#\"king[2](1)\"#;\n#[cfg(test)]\nlet v = \"nim(x)\";";
    let f = found("x.rs", rs, &names);
    assert_eq!(f.len(), 2, "{f:?}");
    assert!(f.iter().any(|m| m.contains("Wythoff's")), "{f:?}");
    assert!(
        f.iter().any(|m| m.contains("king[2](1) is no example")),
        "{f:?}"
    );
}

#[test]
fn examples_pass_only_when_the_library_reads_them() {
    let names = sprague::games::known_families();
    let ok = [
        "e.g. nim(3,4,1) or sub[1,3,4](10) + wythoff(3,5)",
        "Examples:\n  sprague value --json 'hackenbush(\"lrlrrllr\") + cut(5,2) + ^'",
        "  EXPR   the part after the move, e.g. domineering(\"#.|#.\")",
        "Examples:\n  sprague table --csv --to 100 grundy_game > g.csv",
        "  sprague db build domineering --cells 10 --out dom10.db",
        "(e.g. :table sub[1,3,4] 30, or :table kayles 10..20)",
        "  sprague roots 'treestair[\"tree.txt\",2]'",
        "  sprague table --to 12 wythoff",
    ];
    for text in ok {
        let src = format!("let s = {text:?};");
        assert_eq!(found("x.rs", &src, &names), Vec::<String>::new(), "{text}");
    }
    let bad = [
        // Stale or wrong examples.
        "e.g. nim(3,x)",
        "  sprague solve 'wythoff(3)'",
        "  sprague table 'sub[](3)'",
        "  sprague db build wythoff --cells 10",
        "  sprague solve --to 12 wythoff",
        // Lists and names in prose or code.
        "the rulesets clobber, konane, amazons",
        "Domineering the two squares of the domino",
        "domineering",
        "grundy_game",
        "take K from both heaps of a wythoff",
    ];
    for text in bad {
        let src = format!("let s = {text:?};");
        assert!(!found("x.rs", &src, &names).is_empty(), "{text}");
    }
}
