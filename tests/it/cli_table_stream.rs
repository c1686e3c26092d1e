//! `table` written as it goes, `--csv`, `--max-memory` and the estimate of a run,
//! through the real binary: the output equals the document the library builds whole,
//! and a run that cannot fit its memory bound stops before any work.

use crate::common::sprague;
use sprague::core::Limits;
use sprague::report::table::table;
use std::fs;
use std::path::PathBuf;

/// Runs `sprague ARGS…`: exit code, standard output, standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = sprague().args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn streamed_output_is_the_document_built_whole() {
    // Closed forms, proved periods (found early, or after looking further), an unproved
    // period, none at all, the generic mex and the fast table.
    for (family, from, to) in [
        ("sub[1,3,4]", 0usize, 300usize),
        ("sub[2,5,7..80]", 10, 2000),
        ("kayles", 0, 1000),
        ("octal[0.16]", 100, 3000),
        ("grundy_game", 0, 2500),
        ("andnim", 0, 500),
        ("bash[3]", 7, 70),
        ("lasker", 65_530, 65_545),
        ("dawson", 40, 40),
    ] {
        let whole = table(family, from, to, false, &Limits::default()).unwrap();
        let (f, t) = (from.to_string(), to.to_string());
        for (flag, want) in [
            (None, whole.text()),
            (Some("--json"), whole.json()),
            (Some("--csv"), whole.csv()),
        ] {
            let mut args = vec!["table", "--from", &f, "--to", &t, family];
            args.extend(flag);
            let (code, out, err) = run(&args);
            assert_eq!(code, 0, "{args:?}: {err}");
            assert_eq!(out, want, "{args:?}");
        }
    }
    // With derivations, as text and JSON.
    for family in ["sub[1,3,4]", "kayles", "grundy_game"] {
        let whole = table(family, 3, 60, true, &Limits::default()).unwrap();
        let (_, text, _) = run(&["table", "--explain", "--from", "3", "--to", "60", family]);
        assert_eq!(text, whole.text(), "{family}");
        let (_, json, _) = run(&[
            "table",
            "--json",
            "--explain",
            "--from",
            "3",
            "--to",
            "60",
            family,
        ]);
        assert_eq!(json, whole.json(), "{family}");
    }
}

#[test]
fn csv_is_heaps_and_values() {
    // Kayles from heap 5 (OEIS A002186: 0 1 2 3 1 4 3 2 1 4 2 6 …).
    let (code, out, _) = run(&["table", "--csv", "--from", "5", "--to", "11", "kayles"]);
    assert_eq!(code, 0);
    assert_eq!(out, "heap,value\n5,4\n6,3\n7,2\n8,1\n9,4\n10,2\n11,6\n");
    let (code, _, err) = run(&["table", "--csv", "--json", "--to", "5", "kayles"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_proved_period_answers_far_heaps_without_a_long_table() {
    // Kayles has period 12 from heap 71 (Guy–Smith; Winning Ways): heap 10^8 + k has
    // the value of heap 71 + (10^8 + k − 71) mod 12, here from the rules (knock down
    // one pin or two adjacent ones, at an end or in the middle). The table stops at
    // the proof, so a memory bound far below 10^8 values is enough.
    let mut kayles_head: Vec<u32> = Vec::new();
    for n in 0..100usize {
        let mut seen = Vec::new();
        for i in [1, 2] {
            if i <= n {
                let rest = n - i;
                seen.extend((0..=rest).map(|a| kayles_head[a] ^ kayles_head[rest - a]));
            }
        }
        kayles_head.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    let (code, out, err) = run(&[
        "table",
        "--csv",
        "--from",
        "100000000",
        "--to",
        "100000011",
        "--max-states",
        "200000000",
        "--max-memory",
        "4M",
        "kayles",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(lines.len(), 12);
    for line in lines {
        let (heap, value) = line.split_once(',').unwrap();
        let n: usize = heap.parse().unwrap();
        let at = 71 + (n - 71) % 12;
        assert_eq!(value.parse::<u32>().unwrap(), kayles_head[at], "heap {n}");
    }
}

/// A fresh directory for one test's files.
fn dir(test: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("stream-{test}"));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn too_little_memory_stops_before_any_work() {
    let d = dir("memory");
    let ckpt = d.join("g.ckpt");
    let ckpt = ckpt.to_str().unwrap();
    // Grundy's game has no theorem to stop its table early: 10^6 heaps need more than
    // 1 MiB, so the run stops at once, writes nothing, and names the flag.
    let (code, out, err) = run(&[
        "table",
        "--to",
        "1000000",
        "--max-memory",
        "1M",
        "--checkpoint",
        ckpt,
        "--progress",
        "always",
        "grundy_game",
    ]);
    assert_eq!(code, 3, "{err}");
    assert_eq!(out, "");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("--max-memory") && err.contains("to heap 1000000"),
        "{err}"
    );
    assert!(
        !err.contains("heaps/s"),
        "no progress before the refusal: {err}"
    );
    assert!(!fs::exists(ckpt).unwrap(), "nothing written");
    // A table that a proof could have stopped stops at the bound as it grows, with
    // the values it computed saved.
    let (code, _, err) = run(&[
        "table",
        "--to",
        "2000000",
        "--max-states",
        "100000000",
        "--max-memory",
        "1M",
        "--checkpoint",
        ckpt,
        "octal[0.16]",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-memory"), "{err}");
    assert!(fs::exists(ckpt).unwrap());
    // Sizes are read exactly; anything else is bad input.
    for bad in ["8X", "1.5G", "", "99999999999T"] {
        let (code, _, err) = run(&["table", "--to", "5", "--max-memory", bad, "kayles"]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let (code, _, _) = run(&["table", "--to", "5", "--max-memory", "1_000K", "kayles"]);
    assert_eq!(code, 0);
}

#[test]
fn the_estimate_comes_before_the_run() {
    let (code, _, err) = run(&[
        "table",
        "--to",
        "20000",
        "--progress",
        "always",
        "--max-memory",
        "1G",
        "grundy_game",
    ]);
    assert_eq!(code, 0, "{err}");
    let first = err.lines().next().unwrap_or_default();
    // 20001 values of two bytes, plus the rare/common table.
    assert!(
        first.starts_with("sprague: grundy_game: up to 20001 heaps, about ")
            && first.contains("2 bytes a value")
            && first.contains("--max-memory is 1.0 GiB"),
        "{err}"
    );
    // Nothing on a standard error that is not a terminal unless asked for.
    let (_, _, quiet) = run(&["table", "--to", "20000", "grundy_game"]);
    assert_eq!(quiet, "");
}
