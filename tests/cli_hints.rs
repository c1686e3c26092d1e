//! Mistakes a newcomer makes in writing a position get a suggestion (exit 2, one line).

use assert_cmd::Command;

/// Runs sprague with `args` and `stdin`; the run must fail with exit 2 and one line
/// on stderr, which is returned.
fn bad_input(args: &[&str], stdin: &str) -> String {
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .args(args)
        .write_stdin(stdin.to_string())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

#[test]
fn bare_numbers_suggest_nim() {
    let err = bad_input(&["solve", "-"], "3 6 9\n");
    assert!(err.starts_with("sprague: bad expression: column"), "{err}");
    assert!(err.contains("nim(3,6,9)"), "{err}");
    let err = bad_input(&["solve", "3 6 9"], "");
    assert!(err.contains("nim(3,6,9)"), "{err}");
    let err = bad_input(&["play", "4,5"], "");
    assert!(err.contains("nim(4,5)"), "{err}");
}

#[test]
fn family_names_are_corrected() {
    let err = bad_input(&["solve", "Nim(3)"], "");
    assert!(err.contains("did you mean 'nim'"), "{err}");
    assert!(err.contains("lower case"), "{err}");
    let err = bad_input(&["solve", "nim(3) + kayle(5)"], "");
    assert!(err.contains("column 10"), "{err}");
    assert!(err.contains("did you mean 'kayles'"), "{err}");
    let err = bad_input(&["solve", "chess(3)"], "");
    assert!(!err.contains("did you mean"), "{err}");
    assert!(err.contains("unknown game family 'chess'"), "{err}");
}
