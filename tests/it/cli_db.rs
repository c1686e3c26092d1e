//! End-to-end tests of `sprague db build`, `sprague db info` and `sprague solve --db`:
//! answers are the same with and without a database, and a bad, truncated or
//! wrong-ruleset file is exit 2 with one line naming the file and what is wrong.

use crate::common::{exit_code, run_json, sprague};
use std::path::{Path, PathBuf};

/// A fresh path under the target directory.
fn path(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_db");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Builds a database with `args` into `name`; returns its path.
fn build(name: &str, args: &[&str]) -> PathBuf {
    let p = path(name);
    let out = sprague()
        .args(["db", "build"])
        .args(args)
        .arg("--out")
        .arg(&p)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("regions") && text.contains("written to"),
        "{text}"
    );
    p
}

/// One line on standard error, starting `sprague: `.
fn one_line(err: &str) -> &str {
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("sprague: "), "{err}");
    err.trim_end()
}

#[test]
fn info_says_what_a_database_holds() {
    let p = build("dom6.db", &["domineering", "--cells", "6"]);
    let file = p.to_str().unwrap();
    let v = run_json(&["db", "info", "--json", file]);
    assert_eq!(v["ruleset"], "domineering");
    assert_eq!(v["holds"], "regions of at most 6 squares");
    assert_eq!(v["file"], file);
    assert!(v["regions"].as_u64().unwrap() > 50);
    assert!(v["values"].as_u64().unwrap() > 10);
    assert_eq!(
        v["bytes"].as_u64().unwrap(),
        std::fs::metadata(&p).unwrap().len()
    );
    let out = sprague().args(["db", "info", file]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("ruleset: domineering"), "{text}");
    // Built again: the same bytes.
    let again = build("dom6-again.db", &["domineering", "--cells", "6"]);
    assert_eq!(std::fs::read(&p).unwrap(), std::fs::read(again).unwrap());
}

/// `solve --json ARGS…` standard output, required to succeed.
fn solved(args: &[&str]) -> String {
    let out = sprague()
        .args(["solve", "--json"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn answers_are_the_same_with_and_without_the_database() {
    // The whole document (outcome, both players' winning moves, the search's counts):
    // the database only gives the values of the regions the search values anyway.
    let dom = build("dom9.db", &["domineering", "--cells", "9"]);
    let clob = build("clob-strips.db", &["clobber", "--shape", "1x10", "2x3"]);
    let cases = [
        (&dom, "domineering(5,6)"),
        (
            &dom,
            "domineering(4,4) + domineering(3,5) + domineering(2,7) + {1|-1}",
        ),
        (
            &dom,
            "domineering(\"..#.....|.#...#..|...#....|#.....#.|....#...\")",
        ),
        (&clob, "clobber(\"XOXOXOXOXOXOXOXOXOXO\")"),
        (
            &clob,
            "clobber(\"XXOXO\") + clobber(\"XOOXOX\") + clobber(\"XO.|OXO\") + ^",
        ),
    ];
    for (db, position) in cases {
        let db = db.to_str().unwrap();
        for first in ["left", "right"] {
            let plain = solved(&["--first", first, position]);
            let with = solved(&["--first", first, "--db", db, position]);
            assert_eq!(plain, with, "{position}");
        }
    }
}

#[test]
fn damaged_files_are_exit_2_naming_the_file() {
    let good = build("dom5.db", &["domineering", "--cells", "5"]);
    let bytes = std::fs::read(&good).unwrap();
    let write = |name: &str, b: &[u8]| {
        let p = path(name);
        std::fs::write(&p, b).unwrap();
        p
    };
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 2] ^= 0x10;
    let mut magic = bytes.clone();
    magic[0] = b'Z';
    let mut version = bytes.clone();
    version[8] = 7;
    // Another ruleset's name in the header, the checksum made right again (FNV-1a of
    // 64 bits of every byte after it, as the format states).
    let mut renamed = bytes.clone();
    assert_eq!(&renamed[19..30], b"domineering");
    renamed[19..30].copy_from_slice(b"hackenbush_");
    let sum = renamed[18..]
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    renamed[10..18].copy_from_slice(&sum.to_le_bytes());
    let cases = [
        (write("renamed.db", &renamed), "ruleset 'hackenbush_'"),
        (
            write("truncated.db", &bytes[..bytes.len() - 3]),
            "truncated",
        ),
        (write("short.db", &bytes[..5]), "magic"),
        (write("flipped.db", &flipped), "checksum"),
        (write("magic.db", &magic), "magic"),
        (write("version.db", &version), "version 7"),
        (write("empty.db", b""), "magic"),
        (path("missing.db"), "cannot read"),
    ];
    for (p, what) in &cases {
        let file = p.to_str().unwrap();
        for args in [
            vec!["db", "info", file],
            vec!["solve", "--db", file, "domineering(3,3)"],
        ] {
            let (code, err) = exit_code(&args);
            assert_eq!(code, 2, "{args:?}: {err}");
            let line = one_line(&err);
            assert!(line.contains(file), "{line}");
            assert!(line.contains(what), "{what}: {line}");
        }
    }
}

#[test]
fn a_database_of_another_ruleset_is_exit_2() {
    let clob = build("clob3.db", &["clobber", "--cells", "3"]);
    let file = clob.to_str().unwrap();
    for position in ["domineering(3,3)", "nim(3,4)", "{1|-1}"] {
        let (code, err) = exit_code(&["solve", "--db", file, position]);
        assert_eq!(code, 2, "{err}");
        let line = one_line(&err);
        assert!(
            line.contains(file) && line.contains("no clobber term"),
            "{line}"
        );
    }
}

#[test]
fn bad_builds_are_exit_2_and_bounds_exit_3() {
    let out = path("never.db");
    let out = out.to_str().unwrap();
    for (args, what) in [
        (vec!["nim", "--cells", "3"], "not of 'nim'"),
        (vec!["domineering", "--cells", "20"], "--cells is at most"),
        (vec!["clobber", "--shape", "3y4"], "3y4"),
        (vec!["clobber", "--shape", "9x9"], "too large"),
        (vec!["clobber"], "--cells"),
    ] {
        let mut all = vec!["db", "build"];
        all.extend(args.iter().copied());
        all.extend(["--out", out]);
        let (code, err) = exit_code(&all);
        assert_eq!(code, 2, "{all:?}: {err}");
        assert!(one_line(&err).contains(what), "{what}: {err}");
    }
    let (code, err) = exit_code(&[
        "db",
        "build",
        "domineering",
        "--cells",
        "11",
        "--max-states",
        "1000",
        "--out",
        out,
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(one_line(&err).contains("--max-states"), "{err}");
    assert!(!Path::new(out).exists(), "nothing written");
}

/// Ctrl-C for real: SIGINT to a long build stops it with exit 130, one line, and
/// nothing written.
#[cfg(unix)]
#[test]
fn sigint_stops_a_build_and_writes_nothing() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let out = path("interrupted.db");
    let f = out.to_str().unwrap();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("sprague"))
        .args(["db", "build", "clobber", "--cells", "12", "--out", f])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Time for the handler to be installed (the build runs for minutes).
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("SIGINT did not stop the build");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let done = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&done.stderr);
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(done.stdout.is_empty());
    assert!(
        one_line(&err).contains(&format!("nothing written to {f}")),
        "{err}"
    );
    assert!(!out.exists());
    // Nor anything beside it.
    for e in std::fs::read_dir(out.parent().unwrap()).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        assert!(!name.starts_with("interrupted.db"), "{name}");
    }
}
