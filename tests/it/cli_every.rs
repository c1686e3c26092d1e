//! `sprague solve --every NAME=FROM..TO`, through the real binary: a one-parameter
//! family answered for every value of its variable. The values expected come from the
//! rules (a mex over the moves, computed here), never from the closed forms under
//! test; the heaps file is read as the other files the user names are (a FIFO is not
//! waited on); bad ranges and expressions exit 2 and a range too long exits 3.

use crate::common::{exit_code, solve_json, sprague};
use serde_json::Value;
use std::path::PathBuf;

/// sg(0..=max) of the subtraction game whose moves are the takes of `set`, by mex.
fn values_from_rules(set: &[u64], max: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=max {
        let seen: Vec<u64> = set
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| g[(n - s) as usize])
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// The nim-value of the heaps under the takes of `set`, from the rules.
fn sum_from_rules(set: &[u64], heaps: &[u64]) -> u64 {
    let max = heaps.iter().copied().max().unwrap_or(0);
    let g = values_from_rules(set, max);
    heaps.iter().fold(0, |v, &a| v ^ g[a as usize])
}

/// The letters and values expected for each k of `ks`, the takes of each k by `set`.
fn expected(
    ks: std::ops::RangeInclusive<u64>,
    set: impl Fn(u64) -> Vec<u64>,
    heaps: &[u64],
) -> (String, Vec<u64>) {
    let values: Vec<u64> = ks.map(|k| sum_from_rules(&set(k), heaps)).collect();
    let letters = values
        .iter()
        .map(|&v| if v == 0 { 'P' } else { 'N' })
        .collect();
    (letters, values)
}

fn grundy(doc: &Value) -> Vec<u64> {
    doc["grundy"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

fn dir(test: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("every-{test}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn bash_and_sub_ranges_are_answered_at_once_as_the_rules_say() {
    let heaps = [3u64, 5, 7, 12, 12, 30, 1];
    let args = "3,5,7,12,12,30,1";
    for (family, l) in [("bash[k]", 1u64), ("sub[1..k]", 1), ("sub[3..k]", 3)] {
        let (from, to) = (l, 40u64);
        let doc = solve_json(&[
            "--every",
            &format!("k={from}..{to}"),
            &format!("{family}({args})"),
        ]);
        let (letters, values) = expected(from..=to, |k| (l..=k).collect(), &heaps);
        assert_eq!(doc["method"], "at_once", "{family}");
        assert_eq!(doc["outcomes"], letters.as_str(), "{family}");
        assert_eq!(grundy(&doc), values, "{family}");
        assert_eq!(
            (doc["from"].as_u64(), doc["to"].as_u64()),
            (Some(from), Some(to))
        );
        assert_eq!(doc["variable"], "k");
        assert_eq!(doc["play"], "normal");
    }
}

#[test]
fn other_families_take_each_value_in_turn_as_the_rules_say() {
    let heaps = [10u64, 20];
    let doc = solve_json(&["--every", "k=2..12", "sub[1,k](10,20)"]);
    let (letters, values) = expected(2..=12, |k| vec![1, k], &heaps);
    assert_eq!(doc["method"], "each");
    assert_eq!(doc["outcomes"], letters.as_str());
    assert_eq!(grundy(&doc), values);
    // A sum with a term without the variable is answered value by value too.
    let doc = solve_json(&["--every", "k=1..6", "bash[k](9) + nim(2)"]);
    let (_, values) = expected(1..=6, |k| (1..=k).collect(), &[9]);
    let with_nim: Vec<u64> = values.iter().map(|v| v ^ 2).collect();
    assert_eq!(
        (doc["method"].as_str(), grundy(&doc)),
        (Some("each"), with_nim)
    );
}

#[test]
fn the_text_has_a_line_per_value_and_the_outcomes() {
    let out = sprague()
        .args(["solve", "--every", "k=1..3", "bash[k](3,5,7)"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // k=1: 1^1^1 = 1; k=2: 0^2^1 = 3; k=3: 3^1^3 = 1 (heaps mod k+1, the rules' values).
    let (letters, values) = expected(1..=3, |k| (1..=k).collect(), &[3, 5, 7]);
    assert_eq!(values, [1, 3, 1]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("bash[k](3,5,7) for k=1..3, every value at once"),
        "{text}"
    );
    assert_eq!(
        &lines[1..],
        [
            "k=1: N 1",
            "k=2: N 3",
            "k=3: N 1",
            &format!("outcomes: {letters}")
        ]
    );
}

#[test]
fn heaps_come_from_a_file_as_from_the_expression() {
    let d = dir("file");
    let file = d.join("heaps.txt");
    std::fs::write(&file, "# the heaps\n4 9 16\n25, 36\n\n2").unwrap();
    let f = file.to_str().unwrap();
    let from_file = solve_json(&["--every", "k=1..50", "--heaps", f, "bash[k]"]);
    let inline = solve_json(&["--every", "k=1..50", "bash[k](4,9,16,25,36,2)"]);
    assert_eq!(from_file["grundy"], inline["grundy"]);
    assert_eq!(from_file["outcomes"], inline["outcomes"]);
    // From standard input too.
    let out = sprague()
        .args([
            "solve", "--json", "--every", "k=1..50", "--heaps", "-", "bash[k]",
        ])
        .write_stdin("4 9 16 25 36 2\n")
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["grundy"], inline["grundy"]);
    // A bad number is named by line and column.
    std::fs::write(&file, "4 9\n16 -25\n").unwrap();
    let (code, err) = exit_code(&["solve", "--every", "k=1..5", "--heaps", f, "bash[k]"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("heaps.txt, line 2, column 4: expected a heap size"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // The expression must be one family without arguments.
    std::fs::write(&file, "4").unwrap();
    let (code, err) = exit_code(&["solve", "--every", "k=1..5", "--heaps", f, "bash[k](3)"]);
    assert_eq!(code, 2, "{err}");
    // No such file; no heaps; --heaps without --every.
    let missing = d.join("missing.txt");
    let (code, _) = exit_code(&[
        "solve",
        "--every",
        "k=1..5",
        "--heaps",
        missing.to_str().unwrap(),
        "bash[k]",
    ]);
    assert_eq!(code, 2);
    std::fs::write(&file, "# nothing\n").unwrap();
    let (code, err) = exit_code(&["solve", "--every", "k=1..5", "--heaps", f, "bash[k]"]);
    assert_eq!(code, 2);
    assert!(err.contains("no heap sizes"), "{err}");
    let (code, _) = exit_code(&["solve", "--heaps", f, "nim(3)"]);
    assert_eq!(code, 2);
}

#[cfg(unix)]
#[test]
fn a_fifo_is_not_waited_on() {
    let d = dir("fifo");
    let path = d.join("heaps");
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid C string; mkfifo only creates a file.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args([
            "solve",
            "--every",
            "k=1..5",
            "--heaps",
            path.to_str().unwrap(),
            "bash[k]",
        ])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(30) {
            let _ = child.kill();
            panic!("waited on a FIFO");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("FIFO"));
}

#[test]
fn bad_ranges_and_expressions_exit_2_and_a_huge_range_exits_3() {
    for (args, says) in [
        (
            vec!["--every", "k=1..5", "bash[3](4)"],
            "k stands in no parameter",
        ),
        (vec!["--every", "k=1..5", "nim(k)"], "column 5"),
        (
            vec!["--every", "k=1..3", "--every", "k=1..4", "bash[k](3)"],
            "more than once",
        ),
        (vec!["--every", "k=", "bash[k](3)"], "the range is empty"),
        (vec!["--every", "k=3..", "bash[k](3)"], "no last value"),
        (vec!["--every", "k=5..1", "bash[k](3)"], "reversed"),
        (vec!["--every", "1..5", "bash[k](3)"], "no '='"),
        (vec!["--every", "K=1..5", "bash[k](3)"], "lower-case"),
        (
            vec!["--every", "k=1..99999999999999999999", "bash[k](3)"],
            "out of range",
        ),
        (vec!["--every", "k=0..3", "bash[k](3)"], "k=0 (bash[0](3))"),
        (
            vec!["--every", "k=1..3", "sub[2..k](3)"],
            "k=1 (sub[2..1](3))",
        ),
        (
            vec!["--every", "k=1..3", "--explain", "bash[k](3)"],
            "cannot be used with",
        ),
    ] {
        let mut all = vec!["solve"];
        all.extend(args.iter().copied());
        let (code, err) = exit_code(&all);
        assert_eq!(code, 2, "{args:?}: {err}");
        // clap says "cannot be used multiple times" for a flag given twice.
        let says = if says == "more than once" {
            "multiple times"
        } else {
            says
        };
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    let (code, err) = exit_code(&["solve", "--every", "k=1..1000000000000", "bash[k](3)"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-states"), "{err}");
    // The work of each value in turn counts against the command's budget.
    let (code, err) = exit_code(&[
        "solve",
        "--max-states",
        "2000",
        "--every",
        "k=1..2000",
        "sub[1,k](1000000,999999,999998)",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-states"), "{err}");
}

#[test]
fn the_harmonic_sum_answers_half_a_million_heaps_for_every_k() {
    // The size of 300iq Contest 3, problem E ("Easy Win"): n = 5·10^5 heaps of at most
    // n stones, every k from 1 to n. Spot checks against the rules' values of a few k.
    let n = 500_000u64;
    let mut seed = 7u64;
    let heaps: Vec<u64> = (0..n)
        .map(|_| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            1 + (seed >> 33) % n
        })
        .collect();
    let d = dir("large");
    let file = d.join("heaps.txt");
    let text: Vec<String> = heaps.iter().map(u64::to_string).collect();
    std::fs::write(&file, text.join(" ")).unwrap();
    let doc = solve_json(&[
        "--every",
        &format!("k=1..{n}"),
        "--heaps",
        file.to_str().unwrap(),
        "bash[k]",
    ]);
    assert_eq!(doc["method"], "at_once");
    let g = grundy(&doc);
    assert_eq!(g.len(), n as usize);
    // Take 1..k from a heap of a: its value is the mex of the k values below it, which
    // the rules give as a mod (k+1) only by a proof; here the small k are checked
    // against the mex itself, over every heap size.
    for k in [1u64, 2, 3, 7] {
        let set: Vec<u64> = (1..=k).collect();
        assert_eq!(g[(k - 1) as usize], sum_from_rules(&set, &heaps), "k={k}");
    }
}
