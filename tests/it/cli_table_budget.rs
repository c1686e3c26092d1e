//! The work bound of `table`: without `--max-states`, a table may use 128 positions of
//! work per heap up to `--to` (so a long take-and-break table is bounded by the heaps
//! asked for and by `--max-memory`); a `--max-states` given is the bound, named in the
//! exit-3 message; a run stopped by it, or by Ctrl-C, goes on from its checkpoint to
//! the output of a run never stopped.

use crate::common::sprague;
use std::fs;
use std::path::PathBuf;

/// A fresh directory for one test's files.
fn dir(test: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("budget-{test}"));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

/// Runs `sprague ARGS…`: exit code, standard output, standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = sprague().args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Grundy's game from its rules, by the plain quadratic loop: a move splits one heap
/// into two non-empty heaps of different sizes; `G(n)` is the mex of `G(a) ⊕ G(n − a)`
/// over `1 ≤ a < n − a`.
fn grundy_plain(len: usize) -> Vec<u32> {
    let mut g = vec![0u32; len];
    let mut seen = vec![usize::MAX; len + 1];
    for n in 0..len {
        for a in 1..n {
            let b = n - a;
            if a >= b {
                break;
            }
            let x = (g[a] ^ g[b]) as usize;
            if x <= len {
                seen[x] = n;
            }
        }
        g[n] = (0..).find(|&v| seen[v] != n).unwrap() as u32;
    }
    g
}

#[test]
fn a_table_under_the_default_bound_matches_the_rules() {
    let to = 5000;
    let (code, out, err) = run(&["table", "--csv", "--to", "5000", "grundy_game"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let plain = grundy_plain(to + 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "heap,value");
    assert_eq!(lines.len(), to + 2);
    for (n, line) in lines[1..].iter().enumerate() {
        assert_eq!(*line, format!("{n},{}", plain[n]), "heap {n}");
    }
}

#[test]
fn the_default_bound_grows_with_to_and_a_given_one_is_kept() {
    // 5·10^7 + 2 heaps of Grundy's game (no period proof can stop it early): the
    // default bound follows --to, so what stops it at once is the memory bound ...
    let to = "50000001";
    let (code, out, err) = run(&[
        "table",
        "--from",
        to,
        "--to",
        to,
        "--max-memory",
        "1M",
        "grundy_game",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("--max-memory") && !err.contains("--max-states"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // ... while a --max-states given is the bound, before any work.
    let (code, out, err) = run(&[
        "table",
        "--from",
        to,
        "--to",
        to,
        "--max-states",
        "50000000",
        "grundy_game",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty());
    assert!(
        err.starts_with("sprague: limit reached: ") && err.contains("--max-states"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_bounded_or_interrupted_table_resumes_under_the_default_bound() {
    let d = dir("resume");
    // Treblecross has no sparse space: its work grows with the square of the heaps.
    for (family, to, bound) in [
        ("octal[0.007]", "4000", "8000"),
        ("grundy_game", "9000", "12000"),
    ] {
        let (code, whole, err) = run(&["table", "--json", "--to", to, family]);
        assert_eq!((code, err.as_str()), (0, ""), "{family}");
        let file = d.join("t.ckpt");
        let _ = fs::remove_file(&file);
        let f = file.to_str().unwrap();
        // A small bound stops it part way; the message names the flag and what is kept.
        let (code, out, err) = run(&[
            "table",
            "--json",
            "--to",
            to,
            "--max-states",
            bound,
            "--checkpoint",
            f,
            family,
        ]);
        assert_eq!(code, 3, "{family}: {err}");
        assert!(out.is_empty());
        assert!(
            err.contains("--max-states") && err.contains(&format!("heaps saved in {f}")),
            "{family}: {err}"
        );
        // Ctrl-C (the test hook) a little further on.
        let (code, out, err) = run(&[
            "table",
            "--json",
            "--to",
            to,
            "--checkpoint",
            f,
            "--interrupt-at",
            "3000",
            family,
        ]);
        assert_eq!(code, 130, "{family}: {err}");
        assert!(out.is_empty());
        // Then the default bound, which follows --to, takes it to the end.
        let (code, out, err) = run(&["table", "--json", "--to", to, "--checkpoint", f, family]);
        assert_eq!((code, err.as_str()), (0, ""), "{family}");
        assert_eq!(out, whole, "{family}: the resumed table differs");
    }
}
