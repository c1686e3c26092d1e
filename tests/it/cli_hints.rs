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

#[test]
fn winning_moves_name_the_heap_by_number() {
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .args(["solve", "nim(5,5,1)"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // 5 ⊕ 5 ⊕ 1 = 1: each heap with bit 0 set moves to g ⊕ 1 (Bouton); the two heaps
    // of 5 are told apart by their numbers.
    assert!(
        text.contains("nim(5) → nim(4): take 1 from heap 1 (5 → 4)"),
        "{text}"
    );
    assert!(
        text.contains("nim(5) → nim(4): take 1 from heap 2 (5 → 4)"),
        "{text}"
    );
    assert!(
        text.contains("nim(1) → nim(0): take 1 from heap 3 (1 → 0)"),
        "{text}"
    );
    // Heap numbers count every component of the sum as written: kayles(7) is heap 2.
    // kayles(7) has value 2 (OEIS A002186), so the sum is 3 ⊕ 2 = 1: the winning moves
    // take nim(3) to 2, or kayles(7) to value 3, e.g. kayles(6).
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .args(["solve", "--json", "nim(3) + kayles(7)"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for m in v["winning_moves"].as_array().unwrap() {
        let c = m["component"].as_u64().unwrap();
        assert_eq!(m["heap"].as_u64(), Some(c + 1), "{m}");
        if m["to"] == "nim(2)" {
            assert_eq!(m["take"], 1, "{m}");
        }
        if m["to"] == "kayles(6)" {
            // Knocking 1 pin off the end of a row of 7 takes 1.
            assert_eq!(m["take"], 1, "{m}");
        }
    }
    // A move that splits takes no stones from one heap: take is null. Grundy's game:
    // values 0 0 0 1 0 2 1 0 2 for heaps 0..8 (OEIS A002188), so grundy_game(8) wins
    // by splitting into 1 and 7 (0 ⊕ 0).
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .args(["solve", "--json", "grundy_game(8)"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["winning_moves"][0]["to"],
        "grundy_game(1) + grundy_game(7)"
    );
    for m in v["winning_moves"].as_array().unwrap() {
        assert_eq!(m["heap"], 1, "{m}");
        assert!(m["take"].is_null(), "{m}");
    }
}

#[test]
fn a_mistyped_option_is_named_not_the_position() {
    // The position may begin with '-' (-1/2, '-' for standard input), so an unknown
    // option must not be taken for it, leaving the real position to be blamed.
    for args in [
        &["solve", "--misere-play", "nim(3)"][..],
        &["solve", "nim(3)", "--misere-play"],
        &["solve", "--misere-play"],
    ] {
        let err = bad_input(args, "");
        assert!(
            err.contains("unknown option --misere-play (did you mean --misere?)"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("nim(3)"), "{err}");
    }
    let err = bad_input(&["solve", "-m", "nim(3)"], "");
    assert!(err.contains("unknown option -m"), "{err}");
    assert!(!err.contains("nim(3)"), "{err}");
    let err = bad_input(&["table", "--frm", "3", "--to", "5", "nim"], "");
    assert!(
        err.contains("unknown option --frm (did you mean --from?)"),
        "{err}"
    );
    let err = bad_input(&["db", "build", "--cels", "4", "domineering"], "");
    assert!(err.contains("--cels (did you mean --cells?)"), "{err}");
    assert!(err.contains("sprague db build --help"), "{err}");
    // Expressions and option values that begin with '-' are still read as such.
    for args in [
        &["value", "-1/2"][..],
        &["solve", "--", "-1"],
        &["solve", "--first", "right", "-1"],
        &["table", "--to=3", "nim"],
        &["solve", "--max-moves", "1", "nim(3)"],
    ] {
        let out = Command::cargo_bin("sprague")
            .unwrap()
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .args(["value", "-"])
        .write_stdin("-1/2\n")
        .output()
        .unwrap();
    assert!(out.status.success());
}
