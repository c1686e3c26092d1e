//! The library crates name no command-line flag: their errors carry a typed bound
//! (`sprague::core::Bound`), and only the front ends (the command line, the web
//! server, the Python package, through `sprague-flags`) say which flag raises it.
//! Every source file of every crate under `crates/` but the front ends' is read for
//! a string literal that begins with a flag (`"--max`, or `"--{` building one), doc
//! comments included, and every line of code (not a comment) for a flag anywhere in
//! it (`… (--max-states)`, `raise --max-moves`).

use std::fs;
use std::path::{Path, PathBuf};

/// The crates under `crates/` that are front ends, and may name flags.
const FRONT_ENDS: [&str; 2] = ["web", "flags"];

/// Every `.rs` file under `dir`, not following symbolic links.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let entry = entry.unwrap();
        let kind = entry.file_type().unwrap();
        let path = entry.path();
        if kind.is_dir() {
            rust_files(&path, out);
        } else if kind.is_file() && path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The places in `text` where a string literal begins with a flag: `"--` then a
/// letter or `{`, as `path:line: the line`.
fn flags_in(path: &Path, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let named = line.match_indices("\"--").any(|(at, _)| {
            line[at + 3..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_lowercase() || c == '{')
        });
        let code = !line.trim_start().starts_with("//");
        let inside = code
            && line.match_indices("--").any(|(at, _)| {
                let before = line[..at].chars().next_back();
                let after = line[at + 2..].chars().next();
                matches!(before, Some(' ' | '(' | '`'))
                    && after.is_some_and(|c| c.is_ascii_lowercase())
            });
        if named || inside {
            found.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
        }
    }
    found
}

#[test]
fn the_matcher_finds_flags() {
    let p = Path::new("x.rs");
    assert_eq!(flags_in(p, r#"flag: "--max-states","#).len(), 1);
    assert_eq!(flags_in(p, r#"format!("--{kind}: bad")"#).len(), 1);
    assert_eq!(flags_in(p, "a\n  r#\"--timeout\"#").len(), 1);
    assert_eq!(
        flags_in(p, r#"  "needs more than its share of --max-states""#).len(),
        1
    );
    assert_eq!(flags_in(p, r#"  "positions (--max-states); the""#).len(), 1);
    assert!(flags_in(p, r#"parse("--1"), "—", "-x", "a--b""#).is_empty());
    assert!(flags_in(p, "    // raise --max-states").is_empty());
}

#[test]
fn library_crates_name_no_flags() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut libraries = Vec::new();
    let mut files = Vec::new();
    for entry in fs::read_dir(&crates).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type().unwrap().is_dir() && !FRONT_ENDS.contains(&name.as_str()) {
            rust_files(&entry.path(), &mut files);
            libraries.push(name);
        }
    }
    libraries.sort();
    for library in ["core", "engine", "expr", "games", "nash", "play", "report"] {
        assert!(libraries.iter().any(|l| l == library), "{library}");
    }
    // The whole sources, not a few files.
    assert!(files.len() > 100, "{} files", files.len());
    let mut found = Vec::new();
    for f in &files {
        let text = fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        found.extend(flags_in(f, &text));
    }
    assert!(
        found.is_empty(),
        "the library crates name command-line flags (a front end names them, see \
         crates/flags):\n{}",
        found.join("\n")
    );
    // The front ends do name them: the test reads the right sources.
    let cli = fs::read_to_string(crates.join("flags/src/lib.rs")).unwrap();
    assert!(!flags_in(Path::new("flags"), &cli).is_empty());
}
