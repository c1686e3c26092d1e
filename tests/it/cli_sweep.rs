//! `sprague sweep` through the real binary: its results against published periods of
//! octal games and against the values straight from the rules; shards, resuming and
//! threads give the lines of one plain run.

use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use crate::common::{exit_code, sprague};

/// Published (preperiod, period) of octal games.
///
/// * Kayles 0.77, Dawson's Kayles 0.07, Dawson's Chess 0.137: Winning Ways, ch. 4
///   (and REFERENCES of this project).
/// * The two-digit games: Winning Ways' table of octal games, as reproduced with the
///   preperiod ("prefix") and period of each in T. Czajka's tables of octal games
///   (github.com/tczajka/octal-games, TrivialGames.md).
/// * The three-digit games 0.45, 0.156 (J. Kenyon 1967), 0.644, and below 0.356 and
///   0.165 (R. Austin 1976): the same tables (SolvedGames.md), after Flammenkamp's
///   table of octal games.
const PUBLISHED: &[(&str, usize, usize)] = &[
    ("0.77", 71, 12),
    ("0.07", 53, 34),
    ("0.137", 52, 34),
    ("0.1", 2, 1),
    ("0.4", 54, 34),
    ("0.02", 1, 4),
    ("0.11", 3, 1),
    ("0.12", 1, 4),
    ("0.15", 1, 10),
    ("0.17", 33, 34),
    ("0.22", 1, 3),
    ("0.26", 1, 4),
    ("0.31", 3, 2),
    ("0.32", 1, 3),
    ("0.34", 7, 8),
    ("0.35", 1, 6),
    ("0.44", 143, 24),
    ("0.51", 1, 1),
    ("0.52", 4, 4),
    ("0.53", 11, 9),
    ("0.54", 3, 7),
    ("0.57", 1, 4),
    ("0.71", 3, 2),
    ("0.72", 1, 4),
    ("0.75", 1, 2),
    ("0.45", 498, 20),
    ("0.156", 3479, 349),
    ("0.644", 3256, 442),
];

/// Published periods whose proof needs more than 10^4 values (R. Austin 1976, same
/// tables): 0.356 needs 2·7315 + 2·142 + 3 = 14 917 values, 0.165 needs 13 465.
const PUBLISHED_LONGER: &[(&str, usize, usize)] = &[("0.356", 7315, 142), ("0.165", 5181, 1550)];

/// Published statistics of three-digit games (T. Czajka's tables, SolvedGames.md:
/// largest value and its first heap, rare mask, number of rare heaps with heap 0, last
/// rare heap), each game's rare heaps all lying before its period is proved.
const PUBLISHED_STATS: &[(&str, u64, u64, u64, u64, u64)] = &[
    ("0.45", 8, 37, 0xf, 11, 198),
    ("0.156", 23, 1032, 0x1b, 15, 357),
    ("0.644", 64, 333, 0x7e, 31, 511),
];

/// The same for 0.356 (proved at 15 000).
const PUBLISHED_STATS_LONGER: &[(&str, u64, u64, u64, u64, u64)] =
    &[("0.356", 19, 86, 0x1b, 7, 43)];

fn check_stats(text: &str, published: &[(&str, u64, u64, u64, u64, u64)]) {
    let lines = by_code(text);
    for &(code, max, at, mask, rare, last) in published {
        let v = &lines[code];
        let got = ["max_value", "max_heap", "mask", "rare_heaps", "last_rare"]
            .map(|k| v[k].as_u64().unwrap());
        assert_eq!(got, [max, at, mask, rare, last], "{code}: {v}");
    }
}

/// Values straight from the code, every option listed (independent of the engine):
/// digit d_i: 1 take i leaving nothing, 2 leaving one heap, 4 leaving two heaps.
fn naive(code: &str, len: usize) -> Vec<u64> {
    let (d0, rest) = code.split_once('.').unwrap_or((code, ""));
    let mut digits = vec![d0.parse::<u8>().unwrap()];
    digits.extend(rest.bytes().map(|b| b - b'0'));
    let mut g: Vec<u64> = Vec::new();
    for n in 0..len {
        let mut seen = HashSet::new();
        for (i, &d) in digits.iter().enumerate().take(n + 1) {
            let rest = n - i;
            if d & 1 != 0 && i > 0 && rest == 0 {
                seen.insert(0);
            }
            if d & 2 != 0 && i > 0 && rest > 0 {
                seen.insert(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    seen.insert(g[a] ^ g[rest - a]);
                }
            }
        }
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

fn sweep_out(args: &[&str]) -> String {
    let out = sprague().arg("sweep").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The JSON lines, by code (each code of a line, folded or not, maps to it).
fn by_code(text: &str) -> HashMap<String, Value> {
    let mut m = HashMap::new();
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        m.insert(v["code"].as_str().unwrap().to_string(), v.clone());
        for c in v["same"].as_array().unwrap() {
            m.insert(c.as_str().unwrap().to_string(), v.clone());
        }
    }
    m
}

/// Every line's first values are those of the rules, for the line's code and every
/// code folded into it; every published period is the one proved.
fn check_against_published(text: &str, published: &[(&str, usize, usize)]) {
    let lines = by_code(text);
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let first: Vec<u64> = v["first"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        let mut codes = vec![v["code"].as_str().unwrap().to_string()];
        codes.extend(
            v["same"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_string()),
        );
        for c in codes {
            assert_eq!(naive(&c, first.len()), first, "{c}");
        }
    }
    for &(code, pre, per) in published {
        let v = &lines[code];
        assert_eq!(v["status"], "periodic", "{code}: {v}");
        assert_eq!(
            (v["preperiod"].as_u64(), v["period"].as_u64()),
            (Some(pre as u64), Some(per as u64)),
            "{code}"
        );
    }
}

#[test]
fn two_digit_codes_agree_with_winning_ways() {
    let text = sweep_out(&["--digits", "2", "--to", "10000", "--json"]);
    let published: Vec<_> = PUBLISHED
        .iter()
        .copied()
        .filter(|(c, _, _)| c.len() <= 4)
        .collect();
    check_against_published(&text, &published);
    // Every code 0.d1d2 is on exactly one line.
    let lines = by_code(&text);
    assert_eq!(lines.len(), 63);
}

/// Every three-digit code to 10^4 (about 6 CPU seconds in a release build; skipped in
/// debug builds, where it takes minutes).
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn three_digit_codes_agree_with_the_published_tables() {
    let text = sweep_out(&["--digits", "3", "--to", "10000", "--json"]);
    check_against_published(&text, PUBLISHED);
    check_stats(&text, PUBLISHED_STATS);
    check_oeis(&text);
    assert_eq!(by_code(&text).len(), 8 * 8 * 8 - 1);
}

/// The games of `tests/data/octal_oeis.txt` (published first values, preperiod and
/// period; sources in the file): each line's first values and proved period, and the
/// published values against the rules.
fn check_oeis(text: &str) {
    let lines = by_code(text);
    let data = include_str!("../data/octal_oeis.txt");
    let rows: Vec<Vec<&str>> = data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    let list = |s: &str| -> Vec<u64> { s.split(',').map(|x| x.parse().unwrap()).collect() };
    // Each entry's published values (offset 1), from its game line or its source line.
    let mut entries: HashMap<&str, Vec<u64>> = HashMap::new();
    for f in &rows {
        if f[0] == "source" {
            if let Some(values) = f.get(3) {
                let mut want = vec![0];
                want.extend(list(values));
                // A source's published values are those of its rules too.
                assert_eq!(naive(f[2], want.len()), want, "{} ({})", f[2], f[1]);
                entries.insert(f[1], list(values));
            }
        } else if !f[4].starts_with('=') {
            entries.insert(f[3], list(f[4]));
        }
    }
    let mut games = 0;
    for f in rows.iter().filter(|f| f[0] != "source") {
        let (code, pre, per, entry) = (f[0], f[1], f[2], f[3]);
        // Heap 0 has value 0; a game shifted by k heaps has k more zeros first.
        let want = match f[4].strip_prefix('=') {
            None => {
                let mut want = vec![0];
                want.extend(list(f[4]));
                want
            }
            Some(shifted) => {
                let (from, k) = shifted.split_once('+').unwrap();
                let mut want = vec![0; k.parse::<usize>().unwrap() + 1];
                want.extend_from_slice(&entries[from]);
                want
            }
        };
        // The published values are those of the rules.
        assert_eq!(naive(code, want.len()), want, "{code} ({entry})");
        let v = &lines[code];
        let first: Vec<u64> = v["first"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        let k = first.len().min(want.len());
        assert!(k >= 20, "{code}: {v}");
        assert_eq!(first[..k], want[..k], "{code} ({entry})");
        if pre != "-" {
            assert_eq!(v["status"], "periodic", "{code}: {v}");
            assert_eq!(
                (v["preperiod"].as_u64(), v["period"].as_u64()),
                (pre.parse().ok(), per.parse().ok()),
                "{code} ({entry})"
            );
        }
        games += 1;
    }
    assert_eq!(games, 32);
}

/// The longer published periods among the three-digit codes, to 15 000.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn longer_three_digit_periods_are_proved() {
    let text = sweep_out(&["--digits", "3", "--to", "15000", "--json", "--shard", "0/1"]);
    check_against_published(&text, PUBLISHED_LONGER);
    check_stats(&text, PUBLISHED_STATS_LONGER);
}

/// Every three-digit code to 10^5 (many CPU minutes: the games without a sparse space
/// are near quadratic). 0.127 (Gangolli–Plambeck 1989, same tables: period 4 from
/// 46 578) needs 93 167 values.
#[test]
#[ignore]
fn three_digit_codes_to_1e5() {
    let text = sweep_out(&["--digits", "3", "--to", "100000", "--json"]);
    let mut all = PUBLISHED.to_vec();
    all.extend_from_slice(PUBLISHED_LONGER);
    all.push(("0.127", 46578, 4));
    check_against_published(&text, &all);
}

/// The codes 4.d1d2 too: `4` (split a heap in two) is 0 0 1 0 1 …, period 2 from heap 1
/// (same tables, TrivialGames.md); every line's first values follow the rules.
#[test]
fn split_codes_follow_the_rules() {
    let text = sweep_out(&["--digits", "2", "--to", "3000", "--json", "--with-split"]);
    check_against_published(&text, &[("4", 1, 2)]);
    assert_eq!(by_code(&text).len(), 2 * 63 + 1);
}

#[test]
fn shards_partition_the_games() {
    let whole = sweep_out(&["--digits", "2", "--to", "2000", "--with-split"]);
    let mut lines: Vec<String> = whole.lines().skip(1).map(String::from).collect();
    let mut parts: Vec<String> = Vec::new();
    for i in 0..3 {
        let shard = format!("{i}/3");
        let text = sweep_out(&[
            "--digits",
            "2",
            "--to",
            "2000",
            "--with-split",
            "--shard",
            &shard,
        ]);
        let mut it = text.lines();
        assert_eq!(it.next(), whole.lines().next(), "each shard has the header");
        parts.extend(it.map(String::from));
    }
    assert!(lines.len() > 50);
    lines.sort();
    parts.sort();
    assert_eq!(parts, lines);
}

#[test]
fn threads_give_the_output_of_one_thread() {
    let one = sweep_out(&["--digits", "2", "--to", "3000", "--threads", "1"]);
    let four = sweep_out(&["--digits", "2", "--to", "3000", "--threads", "4"]);
    assert_eq!(one, four);
}

fn temp(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sweep");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

#[test]
fn an_interrupted_sweep_resumes_to_the_output_of_one_run() {
    for format in ["--csv", "--json"] {
        let whole = sweep_out(&["--digits", "2", "--to", "2000", format, "--threads", "2"]);
        let file = temp(&format!("resume{format}"));
        let f = file.to_str().unwrap();
        // Stopped after 5 lines (as Ctrl-C would): exit 130, the lines so far kept.
        let out = sprague()
            .args(["sweep", "--digits", "2", "--to", "2000", format, "-o", f])
            .args(["--interrupt-after", "5"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(130));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("run the same command to continue"), "{err}");
        let partial = std::fs::read_to_string(&file).unwrap();
        assert!(partial.len() < whole.len());
        assert!(whole.starts_with(&partial));
        // A line cut off in the middle is dropped and written again.
        let cut = &whole[..partial.len() + 7];
        std::fs::write(&file, cut).unwrap();
        let again = sweep_out(&["--digits", "2", "--to", "2000", format, "-o", f]);
        assert!(again.is_empty());
        assert_eq!(std::fs::read_to_string(&file).unwrap(), whole);
        // Once complete, running again writes nothing.
        sweep_out(&["--digits", "2", "--to", "2000", format, "-o", f]);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), whole);
        // --resume FILE with standard output: the rest of the lines, no header.
        std::fs::write(&file, &partial).unwrap();
        let rest = sweep_out(&["--digits", "2", "--to", "2000", format, "--resume", f]);
        assert_eq!(format!("{partial}{rest}"), whole);
    }
}

#[test]
fn bad_sweeps_are_refused() {
    for (args, what) in [
        (&["--digits", "0", "--to", "10"][..], "--digits"),
        (&["--digits", "7", "--to", "10"], "--digits"),
        (&["--digits", "2", "--to", "10", "--shard", "3/3"], "shard"),
        (&["--digits", "2", "--to", "10", "--shard", "x"], "shard"),
    ] {
        let mut all = vec!["sweep"];
        all.extend_from_slice(args);
        let (code, err) = exit_code(&all);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(what) && err.lines().count() == 1, "{err}");
    }
    // A table longer than --max-states allows: a limit, naming the flag.
    let (code, err) = exit_code(&[
        "sweep",
        "--digits",
        "1",
        "--to",
        "1000",
        "--max-states",
        "100",
    ]);
    assert_eq!(code, 3);
    assert!(err.contains("--max-states"), "{err}");
    // A file that is not a sweep's output is not appended to.
    let file = temp("other.txt");
    std::fs::write(&file, "hello\n").unwrap();
    let (code, err) = exit_code(&[
        "sweep",
        "--digits",
        "1",
        "--to",
        "100",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("line 1"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "hello\n");
}

#[test]
fn the_total_budget_stops_new_games() {
    let file = temp("budget.csv");
    let f = file.to_str().unwrap();
    let out = sprague()
        .args([
            "sweep",
            "--digits",
            "1",
            "--to",
            "3000",
            "--threads",
            "1",
            "-o",
            f,
        ])
        .args(["--max-total-states", "2000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max-total-states"));
    // Raised, the same command finishes the sweep: the lines of one run.
    sweep_out(&["--digits", "1", "--to", "3000", "-o", f]);
    let whole = sweep_out(&["--digits", "1", "--to", "3000"]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), whole);
}
