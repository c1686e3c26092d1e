//! Every read and every allocation sized by the input is bounded: endless or huge
//! inputs end with exit 2 (or 3 for a resource limit) and one line on standard error,
//! never with an abort. Endless inputs are streamed through a pipe by a thread that
//! stops when the pipe closes, so no test needs a large file.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::common::sprague;

/// Runs `sprague ARGS…` with `head` and then endless copies of `fill` on standard
/// input (at most 2 GiB, so that a broken bound fails instead of hanging), and
/// returns the exit code, standard output and standard error.
fn endless(args: &[&str], head: &[u8], fill: u8) -> (i32, String, String) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("sprague"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let head = head.to_vec();
    let writer = std::thread::spawn(move || {
        let chunk = vec![fill; 1 << 16];
        if stdin.write_all(&head).is_err() {
            return;
        }
        for _ in 0..(2u64 << 30) / chunk.len() as u64 {
            if stdin.write_all(&chunk).is_err() {
                return; // the program stopped reading
            }
        }
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status
            .code()
            .expect("the program must exit, not be killed"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Standard error is exactly one line `sprague: …`.
fn one_line(err: &str) {
    assert!(err.starts_with("sprague: "), "{err:?}");
    assert!(err.ends_with('\n') && err.lines().count() == 1, "{err:?}");
}

/// A fresh path in the temporary directory.
fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sprague-bounds-{}-{name}", std::process::id()))
}

#[test]
fn endless_lines_in_play_and_repl_exit_2() {
    for args in [
        &["play", "nim(3,4,5)"][..],
        &["play", "--json", "nim(3,4,5)"],
        &["play", "-"],
        &["repl"],
    ] {
        let (code, _, err) = endless(args, b"", 0);
        assert_eq!(code, 2, "{args:?}: {err}");
        one_line(&err);
        assert!(
            err.contains("standard input line 1: longer than 1 MiB"),
            "{args:?}: {err}"
        );
    }
    // The bound is per line: earlier lines are answered, and the line number is given.
    let (code, out, err) = endless(&["repl"], b"nim(1)\nnim(2,2)\n", b'x');
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("standard input line 3: longer than 1 MiB"),
        "{err}"
    );
    assert!(
        out.contains("outcome:   N") && out.contains("outcome:   P"),
        "{out}"
    );
}

#[test]
fn a_line_of_one_mebibyte_is_accepted() {
    // 1 MiB exactly, then a command: the line is read (an unknown move) and the game
    // goes on to 'quit'.
    let mut input = vec![b'x'; 1 << 20];
    input.extend_from_slice(b"\nquit\n");
    let out = sprague()
        .args(["play", "--json", "nim(3)"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let error = text.lines().find(|l| l.contains("\"error\"")).unwrap();
    // The message quotes the line shortened, not whole.
    assert!(error.len() < 2000, "{error}");
    assert!(text.contains("\"event\":\"quit\""), "{text}");
}

#[test]
fn endless_expressions_and_games_on_standard_input_exit_2() {
    for (args, bound) in [
        (&["solve", "-"][..], "256 MiB"),
        (&["solve", "--json", "-"], "256 MiB"),
        (&["value", "-"], "256 MiB"),
        (&["nash", "-"], "64 MiB"),
    ] {
        let (code, out, err) = endless(args, b"nim(", b'1');
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        one_line(&err);
        assert!(
            err.contains("standard input") && err.contains(bound),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_mapped_file_over_the_bound_is_refused_without_reading() {
    // A sparse file of 300 MiB (no disk blocks): standard input is a regular file,
    // which is mapped when it is small enough and refused at once otherwise.
    let path = temp("big.txt");
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(300 << 20).unwrap();
    drop(f);
    let out = Command::new(assert_cmd::cargo::cargo_bin("sprague"))
        .args(["solve", "-"])
        .stdin(std::fs::File::open(&path).unwrap())
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    one_line(&err);
    assert!(err.contains("longer than 256 MiB"), "{err}");
    // A small file is still read (mapped).
    let path = temp("small.txt");
    std::fs::write(&path, "nim(3,4,5)").unwrap();
    let out = Command::new(assert_cmd::cargo::cargo_bin("sprague"))
        .args(["solve", "--json", "-"])
        .stdin(std::fs::File::open(&path).unwrap())
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"grundy\":2"));
}

#[test]
fn declared_vertices_cost_nothing_by_themselves() {
    // 4·10^9 declared vertices and two arcs 5 ⇄ 3999999999: before, this needed a
    // 16 GB allocation and aborted. By the rules: 5 and 3999999999 can move forever
    // (value ∞ with no finite option values), and 7 has no move (value 0, a loss for
    // the player to move).
    let path = temp("sparse.txt");
    std::fs::write(&path, "4000000000 2\n5 3999999999\n3999999999 5\n").unwrap();
    let p = path.to_str().unwrap();
    let solve = |expr: &str| {
        let out = sprague()
            .args(["solve", "--json", "--max-states", "100000000000", expr])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    assert_eq!(solve(&format!("digraph[\"{p}\"](7)"))["outcome"], "P");
    assert_eq!(solve(&format!("digraph[\"{p}\"](5)"))["grundy"], "inf");
    // A token on 5 plus one on 7 (value 0): ∞ with 0 ∉ K = ∅ is a draw.
    assert_eq!(solve(&format!("digraph[\"{p}\"](5,7)"))["outcome"], "D");
    // Geography on the edge 5–3999999999: from 5 the mover steps over and wins.
    let g = solve(&format!("geography[\"{p}\"](5)"));
    assert_eq!(g["outcome"], "N");
    assert_eq!(
        g["winning_moves"][0]["to"],
        format!("geography[\"{p}\"](3999999999,5)")
    );
    // From an isolated vertex the mover has no move.
    assert_eq!(
        solve(&format!("geography[\"{p}\"](123456789)"))["outcome"],
        "P"
    );
    // The last vertex is 3999999999.
    let out = sprague()
        .args(["solve", &format!("digraph[\"{p}\"](4000000000)")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("numbered 0 to 3999999999"), "{err}");

    // 10^8 vertices without edges: every vertex is a loss for the player to move.
    std::fs::write(&path, "100000000 0\n").unwrap();
    assert_eq!(
        solve(&format!("digraph[\"{p}\"](99999999)"))["outcome"],
        "P"
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn graphs_without_vertices_and_empty_file_names_read_clearly() {
    let path = temp("empty.txt");
    std::fs::write(&path, "0 0\n").unwrap();
    let p = path.to_str().unwrap();
    for family in ["digraph", "geography"] {
        let out = sprague()
            .args(["solve", &format!("{family}[\"{p}\"](0)")])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        one_line(&err);
        assert!(err.contains(&format!("{p} has no vertices")), "{err}");
    }
    std::fs::remove_file(&path).unwrap();
    let out = sprague()
        .args(["solve", "digraph[\"\"](0)"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    one_line(&err);
    assert!(
        err.contains("column 9: the graph file name is empty"),
        "{err}"
    );
}

#[test]
fn command_line_errors_are_one_line() {
    for args in [
        &[][..],
        &["solve"],
        &["frobnicate"],
        &["table", "--from", "x", "kayles"],
        &["table", "--to", "100000000000000000000", "kayles"],
        &["play", "--first", "nobody", "nim(1)"],
        &["solve", "nim(1)", "nim(2)"],
    ] {
        let out = sprague().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        one_line(&String::from_utf8_lossy(&out.stderr));
    }
    let out = sprague().args(["solve"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("<EXPR>") && err.contains("usage: sprague solve"),
        "{err}"
    );
    // Help and version still print normally.
    for args in [&["--help"][..], &["solve", "--help"], &["help", "table"]] {
        let out = sprague().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stdout).lines().count() > 3);
    }
    let out = sprague().arg("--version").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("sprague "));
}

#[test]
fn long_expressions_are_shortened_in_messages() {
    // Grundy's game has no proved period, so a heap of 10^5 digits needs a table far
    // beyond the bound: exit 3, naming the flag, with the number cut short.
    let heap = "7".repeat(100_000);
    let out = sprague()
        .args([
            "solve",
            "--max-states",
            "1000",
            &format!("grundy_game({heap})"),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    one_line(&err);
    assert!(err.len() < 300, "{} bytes", err.len());
    assert!(err.contains("grundy_game(77777777777777777777…)"), "{err}");
    assert!(err.contains("--max-states"), "{err}");
    // A geography position of 10^5 vertices, one out of range.
    let path = temp("path.txt");
    std::fs::write(&path, "3 2\n0 1\n1 2\n").unwrap();
    let visited: Vec<String> = (0..100_000).map(|i| (i % 3).to_string()).collect();
    let expr = format!("geography[\"{}\"](7,{})", path.display(), visited.join(","));
    let out = sprague()
        .args(["solve", "-"])
        .write_stdin(expr)
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    one_line(&err);
    assert!(err.len() < 400, "{} bytes", err.len());
    assert!(err.contains("vertex 7 out of range"), "{err}");
}

#[test]
fn threads_are_bounded_by_four_per_core_on_every_command() {
    // Every command whose help offers --threads (found from the help itself, so that
    // a new command cannot be missed) refuses more than 4 threads a core: exit 2, one
    // line naming the flag and the bound.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let max = 4 * cores;
    let help = sprague().arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    let mut commands: Vec<Vec<String>> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(|c| vec![c.to_string()])
        .collect();
    commands.push(vec!["db".into(), "build".into()]);
    let mut checked = Vec::new();
    for command in &commands {
        let out = sprague().args(command).arg("--help").output().unwrap();
        if !String::from_utf8_lossy(&out.stdout).contains("--threads") {
            continue;
        }
        for n in [max + 1, 100_000] {
            let n = n.to_string();
            let out = sprague()
                .args(command)
                .args(["--threads", &n])
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{command:?} {n}: {err}");
            one_line(&err);
            assert!(err.contains("--threads"), "{err}");
            assert!(err.contains(&format!("the {max} allowed")), "{err}");
            assert!(out.stdout.is_empty());
        }
        checked.push(command.join(" "));
    }
    for c in ["solve", "table", "sweep", "play", "roots", "db build"] {
        assert!(
            checked.contains(&c.to_string()),
            "{c} takes --threads: {checked:?}"
        );
    }
    // The bound itself is accepted.
    let out = sprague()
        .args(["table", "--threads", &max.to_string(), "--to", "5", "nim"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
