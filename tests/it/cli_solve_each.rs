//! End-to-end tests of `sprague solve --each`: a file of positions, one per line,
//! answered in order. Expected outcomes come from the rules: nim(1,2) has nim-value
//! 1 ⊕ 2 = 3 (N) and nim(3,3) value 0 (P); on a 2×2 Domineering board whoever moves
//! first fills one column and leaves the opponent nothing (N); in `clobber("XO")`
//! either player clobbers the other's only stone and wins (N); on a 1×3 Domineering
//! strip only Right (horizontal) can move (R).

use crate::common::sprague;
use serde_json::Value;

const FILE: &str =
    "nim(1,2)\n\n# a comment\n  nim(3,3)  \ndomineering(2,2)\nclobber(\"XO\")\r\ndomineering(1,3)";

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = sprague().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_line_is_answered_in_order_as_json_lines() {
    let (code, out, err) = run(&["solve", "--each", "--json", "-"], FILE);
    assert_eq!(code, 0, "{err}");
    let docs: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let got: Vec<(&str, &str)> = docs
        .iter()
        .map(|d| {
            (
                d["position"].as_str().unwrap(),
                d["outcome"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("nim(1,2)", "N"),
            ("nim(3,3)", "P"),
            ("domineering(\"..|..\")", "N"),
            ("clobber(\"XO\")", "N"),
            ("domineering(\"...\")", "R"),
        ]
    );
    assert_eq!(docs[0]["grundy"], 3);
    // Each answer is the one `solve` gives the line alone.
    for (line, doc) in ["nim(1,2)", "nim(3,3)", "domineering(2,2)"]
        .iter()
        .zip(&docs)
    {
        let (code, alone, _) = run(&["solve", "--json", line], "");
        assert_eq!(code, 0);
        assert_eq!(serde_json::from_str::<Value>(&alone).unwrap(), *doc);
    }
}

#[test]
fn text_answers_are_separated_by_a_blank_line_and_a_file_is_read() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("each-positions.txt");
    std::fs::write(&path, FILE).unwrap();
    let (code, out, err) = run(&["solve", "--each", path.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 5, "{out}");
    assert!(blocks[1].contains("outcome:   P"), "{}", blocks[1]);
    assert!(
        blocks[4].starts_with("position:  domineering(\"...\")"),
        "{}",
        blocks[4]
    );
}

#[test]
fn a_bad_line_stops_the_run_naming_its_line() {
    let (code, out, err) = run(
        &["solve", "--each", "--json", "-"],
        "nim(1)\n\nnim(1,\nnim(2)\n",
    );
    assert_eq!(code, 2);
    assert_eq!(out.lines().count(), 1, "the first answer is printed: {out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("sprague: standard input, line 3: "),
        "{err}"
    );
    assert!(err.contains("column 7"), "{err}");

    let out = sprague()
        .args(["solve", "--each", "-"])
        .write_stdin(b"nim(1)\n\xff\n".to_vec())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2: not UTF-8"), "{err}");

    let (code, _, err) = run(&["solve", "--each", "/nonexistent/positions"], "");
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/positions"), "{err}");
}

#[test]
fn a_limit_names_the_line_and_the_flag() {
    let (code, _, err) = run(
        &["solve", "--each", "--max-states", "1000", "-"],
        "nim(1)\ndomineering(8,8)\n",
    );
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("line 2"), "{err}");
    assert!(err.contains("--max-states"), "{err}");
}
