//! `table --checkpoint FILE`, Ctrl-C and progress, through the real binary: a table
//! stopped (at a limit, by the interrupt hook, by SIGINT) and run again gives exactly
//! the output of a run never stopped; damaged checkpoints are refused with exit 2.

use crate::common::{exit_code, sprague};
use std::fs;
use std::path::{Path, PathBuf};

/// A fresh directory for one test's files.
fn dir(test: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("checkpoint-{test}"));
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

/// The number of heaps a checkpoint's header announces.
fn heaps_in(file: &Path) -> u64 {
    let bytes = fs::read(file).unwrap();
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).into_owned();
    let line = text.lines().find(|l| l.starts_with("heaps ")).unwrap();
    line[6..].parse().unwrap()
}

fn table_args<'a>(family: &'a str, to: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec!["table", "--to", to];
    v.extend_from_slice(extra);
    v.push(family);
    v
}

#[test]
fn a_table_stopped_at_the_state_limit_goes_on_from_its_checkpoint() {
    let d = dir("limit");
    for (family, to, json) in [
        ("octal[0.007]", "3000", true),
        ("octal[0.007]", "3000", false),
        ("grundy_game", "6000", true),
        ("sub[2,5,7..80]", "3000", true),
    ] {
        let file = d.join("t.ckpt");
        let _ = fs::remove_file(&file);
        let f = file.to_str().unwrap();
        let fmt: &[&str] = if json { &["--json"] } else { &[] };
        let (code, whole, err) = run(&table_args(family, to, fmt));
        assert_eq!(code, 0, "{err}");
        // Small state bounds stop it part way, each run going further.
        let mut kept = 0;
        for max in ["3500", "7000", "12000", "20000"] {
            let mut args = table_args(family, to, fmt);
            args.extend(["--checkpoint", f, "--max-states", max]);
            let (code, out, err) = run(&args);
            if code == 0 {
                assert_eq!(out, whole, "{family}");
                break;
            }
            assert_eq!(code, 3, "{family}: {err}");
            assert!(out.is_empty());
            let heaps = heaps_in(&file);
            assert!(heaps >= kept, "{family}: values lost");
            kept = heaps;
            assert!(
                err.contains(&format!("; {heaps} heaps saved in {f}"))
                    && err.contains("--max-states"),
                "{err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
        }
        assert!(kept > 0, "{family}: never stopped part way");
        let mut args = table_args(family, to, fmt);
        args.extend(["--checkpoint", f]);
        let (code, out, err) = run(&args);
        assert_eq!((code, err.as_str()), (0, ""), "{family}");
        assert_eq!(out, whole, "{family}: resumed output differs");
    }
}

#[test]
fn interrupted_tables_resume_to_the_same_output() {
    let d = dir("interrupt");
    for (family, to) in [
        ("octal[0.007]", "4000"),
        ("octal[4.007]", "2500"),
        ("grundy_game", "8000"),
    ] {
        let file = d.join("t.ckpt");
        let _ = fs::remove_file(&file);
        let f = file.to_str().unwrap();
        let (code, whole, _) = run(&table_args(family, to, &["--json"]));
        assert_eq!(code, 0);
        let mut runs = 0;
        let out = loop {
            runs += 1;
            assert!(runs < 100, "{family}: does not finish");
            let at = (runs * 1000).to_string();
            let (code, out, err) = run(&table_args(
                family,
                to,
                &["--json", "--checkpoint", f, "--interrupt-at", &at],
            ));
            if code == 0 {
                break out;
            }
            assert_eq!(code, 130, "{family}: {err}");
            assert!(out.is_empty());
            let heaps = heaps_in(&file);
            assert_eq!(
                err,
                format!(
                    "sprague: interrupted after {heaps} of {} heaps; saved in {f}: run the same command with --checkpoint {f} to go on\n",
                    err.split(" of ").nth(1).unwrap().split(' ').next().unwrap()
                )
            );
        };
        assert!(runs > 2, "{family}: interrupted only {} times", runs - 1);
        assert_eq!(out, whole, "{family}");
    }
}

#[test]
fn an_interrupt_without_a_checkpoint_says_nothing_was_saved() {
    let (code, err) = exit_code(&[
        "table",
        "--to",
        "5000",
        "--interrupt-at",
        "1",
        "grundy_game",
    ]);
    assert_eq!(code, 130);
    assert!(err.starts_with("sprague: interrupted after "), "{err}");
    assert!(
        err.contains("nothing saved: add --checkpoint FILE"),
        "{err}"
    );
}

#[test]
fn a_checkpoint_longer_than_asked_gives_the_short_table() {
    let d = dir("longer");
    let f = d.join("k.ckpt");
    let f = f.to_str().unwrap();
    let (code, _, _) = run(&table_args("octal[0.007]", "3000", &["--checkpoint", f]));
    assert_eq!(code, 0);
    for to in ["10", "100", "2999"] {
        let (_, whole, _) = run(&table_args("octal[0.007]", to, &["--json"]));
        let (code, out, _) = run(&table_args(
            "octal[0.007]",
            to,
            &["--json", "--checkpoint", f],
        ));
        assert_eq!((code, out), (0, whole), "to {to}");
    }
}

/// A checkpoint of `octal[0.007]` to heap 2000, as bytes.
fn good_checkpoint(d: &Path) -> Vec<u8> {
    let f = d.join("good.ckpt");
    let (code, _, err) = run(&table_args(
        "octal[0.007]",
        "2000",
        &["--checkpoint", f.to_str().unwrap()],
    ));
    assert_eq!(code, 0, "{err}");
    fs::read(f).unwrap()
}

/// Runs the table with `bytes` as its checkpoint: the exit code and the message.
fn with_checkpoint(d: &Path, name: &str, bytes: &[u8], family: &str) -> (i32, String, Vec<u8>) {
    let f = d.join(name);
    fs::write(&f, bytes).unwrap();
    let (code, err) = exit_code(&table_args(
        family,
        "2500",
        &["--checkpoint", f.to_str().unwrap()],
    ));
    (code, err, fs::read(&f).unwrap())
}

#[test]
fn damaged_or_foreign_checkpoints_are_refused_and_left_alone() {
    let d = dir("damaged");
    let good = good_checkpoint(&d);
    let mut flipped = good.clone();
    let k = good.len() - 100;
    flipped[k] ^= 0x01;
    let cut = &good[..good.len() - 37];
    let cases: Vec<(&str, Vec<u8>, &str, &str)> = vec![
        (
            "flipped.ckpt",
            flipped,
            "octal[0.007]",
            "is corrupted: its checksum does not match",
        ),
        ("cut.ckpt", cut.to_vec(), "octal[0.007]", "is truncated"),
        (
            "empty.ckpt",
            Vec::new(),
            "octal[0.007]",
            "is not a table checkpoint",
        ),
        (
            "text.ckpt",
            b"heaps 12\n".to_vec(),
            "octal[0.007]",
            "is not a table checkpoint",
        ),
        (
            "other.ckpt",
            good.clone(),
            "kayles",
            "is a table of octal[0.007], not of kayles",
        ),
        ("same.ckpt", good.clone(), "octal[0.0070]", "__ok__"),
    ];
    for (name, bytes, family, what) in cases {
        let (code, err, after) = with_checkpoint(&d, name, &bytes, family);
        if what == "__ok__" {
            // The family is compared in normalised form.
            assert_eq!(code, 0, "{err}");
            continue;
        }
        assert_eq!(code, 2, "{name}: {err}");
        let path = d.join(name);
        assert!(
            err.starts_with(&format!("sprague: checkpoint {} {what}", path.display())),
            "{name}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        assert_eq!(after, bytes, "{name}: a refused file is left as it was");
    }
}

#[test]
fn checkpoints_that_cannot_be_written_or_read_are_refused_before_any_work() {
    let d = dir("unwritable");
    let missing = d.join("no such folder").join("k.ckpt");
    let (code, err) = exit_code(&table_args(
        "octal[0.007]",
        "100",
        &["--checkpoint", missing.to_str().unwrap()],
    ));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot be written"), "{err}");
    assert!(err.contains("'"), "a name with a space is quoted: {err}");
    let (code, err) = exit_code(&table_args(
        "octal[0.007]",
        "100",
        &["--checkpoint", d.to_str().unwrap()],
    ));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot be read"), "{err}");
}

#[test]
fn a_checkpoint_larger_than_the_state_bound_is_a_limit() {
    let d = dir("large");
    let f = d.join("k.ckpt");
    let f = f.to_str().unwrap();
    let (code, _, _) = run(&table_args("octal[0.007]", "2000", &["--checkpoint", f]));
    assert_eq!(code, 0);
    let (code, err) = exit_code(&table_args(
        "octal[0.007]",
        "10",
        &["--checkpoint", f, "--max-states", "1000"],
    ));
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("more than --max-states allows"), "{err}");
}

#[test]
fn progress_goes_to_standard_error_only() {
    let args = table_args("octal[0.007]", "12000", &["--json"]);
    let (code, plain, err) = run(&args);
    assert_eq!(
        (code, err.as_str()),
        (0, ""),
        "no progress when not a terminal"
    );
    let mut always = args.clone();
    always.extend(["--progress", "always"]);
    let (code, out, err) = run(&always);
    assert_eq!(code, 0);
    assert_eq!(out, plain, "standard output is the same JSON document");
    serde_json::from_str::<serde_json::Value>(&out).unwrap();
    for line in err.lines() {
        assert!(
            line.starts_with("sprague: octal[0.007]: ") && line.contains(" heaps"),
            "{line}"
        );
    }
    let mut never = args.clone();
    never.extend(["--progress", "never"]);
    assert_eq!(run(&never), (0, plain, String::new()));
}

/// Ctrl-C for real: SIGINT to a long computation stops it with exit 130 and a
/// checkpoint that the next run takes up.
#[cfg(unix)]
#[test]
fn sigint_stops_a_long_table_and_keeps_its_values() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let d = dir("sigint");
    let file = d.join("k.ckpt");
    let f = file.to_str().unwrap();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("sprague"))
        .env("XDG_CONFIG_HOME", d.join("config"))
        .args([
            "table",
            "--json",
            "--to",
            "10000000",
            "--max-states",
            "1000000000",
            "--checkpoint",
            f,
            "octal[0.007]",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The empty checkpoint appears once Ctrl-C is handled.
    let start = Instant::now();
    while !file.exists() {
        assert!(start.elapsed() < Duration::from_secs(30), "no checkpoint");
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(200));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("SIGINT did not stop the table");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(out.stdout.is_empty());
    assert!(err.contains(&format!("--checkpoint {f} to go on")), "{err}");
    let heaps = heaps_in(&file);
    assert!(heaps >= 1);
    // The values kept are those of the table.
    let to = (heaps - 1).min(3000).to_string();
    let (_, whole, _) = run(&table_args("octal[0.007]", &to, &["--json"]));
    // Resumed with the same configuration, so the checkpoint's keyed digest
    // vouches for its values.
    let (code, out, err) = run_with_config(
        &d.join("config"),
        &table_args("octal[0.007]", &to, &["--json", "--checkpoint", f]),
    );
    assert_eq!((code, out), (0, whole), "{err}");
}

/// Rewrites the checkpoint with the value of heap `heap` changed and a correct CRC-32
/// over the changed contents, as a careless edit or a bug would (the keyed digest, if
/// any, is left as it was).
fn tamper(file: &Path, heap: usize) {
    let mut bytes = fs::read(file).unwrap();
    bytes.truncate(bytes.len() - 4);
    let start = bytes.windows(2).position(|w| w == b"\n\n").unwrap() + 2;
    let header = String::from_utf8_lossy(&bytes[..start]).into_owned();
    let width: usize = header
        .lines()
        .find_map(|l| l.strip_prefix("width "))
        .unwrap()
        .parse()
        .unwrap();
    bytes[start + heap * width] ^= 1;
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    fs::write(file, bytes).unwrap();
}

#[test]
fn a_tampered_value_with_a_recomputed_checksum_is_refused() {
    let d = dir("tampered");
    // Early and late heaps of a cheap table (every heap is checked), and of an octal
    // table long enough that only a sample of its heaps is checked: the last heap is
    // always in the sample.
    for (family, to, heap) in [
        ("kayles", "300", Some(7)),
        ("kayles", "300", Some(300)),
        ("grundy_game", "3000", Some(2000)),
        ("octal[0.007]", "12000", None),
    ] {
        let file = d.join("t.ckpt");
        let _ = fs::remove_file(&file);
        let f = file.to_str().unwrap();
        let (code, _, err) = run(&table_args(family, to, &["--checkpoint", f]));
        assert_eq!(code, 0, "{err}");
        let heap = heap.unwrap_or(heaps_in(&file) as usize - 1);
        tamper(&file, heap);
        let before = fs::read(&file).unwrap();
        let (code, out, err) = run(&table_args(family, to, &["--checkpoint", f]));
        assert_eq!(code, 2, "{family} {heap}: {err}");
        assert!(out.is_empty(), "{out}");
        // Keyed files are caught by their digest; the re-derivation names the heap.
        assert!(
            err.contains(f)
                && (err.contains(&format!("heap {heap} has the value"))
                    || err.contains("its keyed digest does not match its values")),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        // The file is left as it is.
        assert_eq!(fs::read(&file).unwrap(), before);
    }
}

/// Runs `sprague ARGS…` with the configuration (and so the checkpoint key) in
/// `config`: exit code, standard output, standard error.
fn run_with_config(config: &Path, args: &[&str]) -> (i32, String, String) {
    let out = sprague()
        .env("XDG_CONFIG_HOME", config)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn a_changed_value_anywhere_in_a_large_keyed_checkpoint_is_refused() {
    let d = dir("keyed");
    let config = d.join("config");
    // Treblecross to heap 12000: only the first ~2800 heaps are re-derived in full on
    // resuming, the rest by a sample; the keyed digest covers every heap.
    let (family, to) = ("octal[0.007]", "12000");
    let file = d.join("t.ckpt");
    let f = file.to_str().unwrap();
    let (code, whole, err) =
        run_with_config(&config, &table_args(family, to, &["--checkpoint", f]));
    assert_eq!(code, 0, "{err}");
    let good = fs::read(&file).unwrap();
    assert!(good.starts_with(b"sprague table checkpoint 2\n"));
    let key = config.join("sprague").join("checkpoint.key");
    assert_eq!(fs::metadata(&key).unwrap().len(), 32);
    let last = heaps_in(&file) as usize - 1;
    for heap in [0, 7001, last] {
        fs::write(&file, &good).unwrap();
        tamper(&file, heap);
        let (code, out, err) =
            run_with_config(&config, &table_args(family, to, &["--checkpoint", f]));
        assert_eq!(code, 2, "heap {heap}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(
            err.contains(f) && err.contains("its keyed digest does not match its values"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // The untouched file resumes to the same table; under another user's key its
    // digest cannot be checked, and its values are checked by re-derivation as before.
    for config in [config.clone(), d.join("other")] {
        fs::write(&file, &good).unwrap();
        let (code, out, err) =
            run_with_config(&config, &table_args(family, to, &["--checkpoint", f]));
        assert_eq!((code, out), (0, whole.clone()), "{err}");
    }
}

#[cfg(unix)]
#[test]
fn a_checkpoint_past_the_file_size_limit_still_prints_the_table() {
    use std::os::unix::process::CommandExt;
    let d = dir("fsize");
    let file = d.join("t.ckpt");
    let f = file.to_str().unwrap();
    let args = table_args("kayles", "3000", &["--checkpoint", f]);
    let whole = sprague()
        .args(table_args("kayles", "3000", &[]))
        .output()
        .unwrap();
    assert!(whole.status.success());
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_sprague"));
    cmd.env(
        "XDG_CONFIG_HOME",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("config"),
    );
    cmd.args(&args);
    // SAFETY: setrlimit is async-signal-safe; nothing else runs in the child.
    unsafe {
        cmd.pre_exec(|| {
            // 1024 bytes: room for the empty checkpoint, not for 3001 values.
            let limit = libc::rlimit {
                rlim_cur: 1024,
                rlim_max: 1024,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = cmd.output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    // Not a signal (SIGXFSZ), not bad input: exit 1, with the whole table printed.
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(out.stdout, whole.stdout);
    assert!(
        err.contains(f) && err.contains("cannot be written"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// Runs `sprague ARGS…` without any checkpoint key (no configuration directory):
/// checkpoints are written in the format without a digest, version 1.
fn run_without_key(args: &[&str]) -> (i32, String, String) {
    let out = sprague()
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("HOME")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn a_changed_value_in_a_checkpoint_without_a_digest_is_refused() {
    let d = dir("unkeyed");
    // Treblecross to heap 12000: with a digest under the user's key, only the first
    // ~2800 heaps are re-derived and the rest sampled; without one, every heap is.
    let (family, to) = ("octal[0.007]", "12000");
    let file = d.join("t.ckpt");
    let f = file.to_str().unwrap();
    let args = table_args(family, to, &["--checkpoint", f]);
    let (code, whole, err) = run_without_key(&args);
    assert_eq!(code, 0, "{err}");
    let good = fs::read(&file).unwrap();
    assert!(good.starts_with(b"sprague table checkpoint 1\n"));
    for heap in [7001, 9999] {
        fs::write(&file, &good).unwrap();
        tamper(&file, heap);
        let before = fs::read(&file).unwrap();
        let (code, out, err) = run_without_key(&args);
        assert_eq!(code, 2, "heap {heap}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(
            err.contains(f) && err.contains(&format!("heap {heap} has the value")),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        assert_eq!(fs::read(&file).unwrap(), before, "left as it was");
    }
    // The same file read by a user with a key: not vouched for by it either.
    fs::write(&file, &good).unwrap();
    tamper(&file, 7001);
    let (code, _, err) = run_with_config(&d.join("config"), &args);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("heap 7001 has the value"), "{err}");
    // Untouched, it resumes to the same table.
    fs::write(&file, &good).unwrap();
    let (code, out, err) = run_without_key(&args);
    assert_eq!((code, out), (0, whole), "{err}");
}

#[test]
fn a_changed_value_in_a_checkpoint_of_another_key_is_refused() {
    let d = dir("foreign");
    let (family, to) = ("octal[0.007]", "12000");
    let file = d.join("t.ckpt");
    let f = file.to_str().unwrap();
    let args = table_args(family, to, &["--checkpoint", f]);
    let (code, _, err) = run_with_config(&d.join("mine"), &args);
    assert_eq!(code, 0, "{err}");
    let good = fs::read(&file).unwrap();
    assert!(good.starts_with(b"sprague table checkpoint 2\n"));
    // Changed with its CRC recomputed (its digest left stale), then read under
    // another key: the digest is not that reader's to check, the values are.
    tamper(&file, 7001);
    let (code, out, err) = run_with_config(&d.join("theirs"), &args);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains(f) && err.contains("heap 7001 has the value"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_checkpoint_without_a_digest_too_costly_to_check_is_a_limit() {
    let d = dir("costly");
    let file = d.join("t.ckpt");
    let f = file.to_str().unwrap();
    let (code, _, err) =
        run_without_key(&table_args("octal[0.007]", "12000", &["--checkpoint", f]));
    assert_eq!(code, 0, "{err}");
    let before = fs::read(&file).unwrap();
    // Its heaps (past 12000: the table looks further for a period proof) fit in
    // --max-states 100000, but re-deriving each of them (about 10^8 splits) takes far
    // more than the 8 steps a state it allows.
    let heaps = heaps_in(&file);
    assert!(heaps < 100_000, "{heaps}");
    let (code, out, err) = run_without_key(&table_args(
        "octal[0.007]",
        "12000",
        &["--checkpoint", f, "--max-states", "100000"],
    ));
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains(f) && err.contains("no digest") && err.contains("--max-states"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(fs::read(&file).unwrap(), before, "left as it was");
}
