//! `sprague table` of games on two numbers (`wythoff`, `king`, …) and, with
//! `--pairs`, of two heaps: the grid of values against game trees written here from
//! the rules, the P-positions against their published rules, the documents (text,
//! `--np`, JSON, CSV), bad input, bounds and Ctrl-C, through the real binary.

use crate::common::{exit_code, run_json, sprague};
use serde_json::{Value, json};

/// Runs `sprague ARGS…`: exit code, standard output, standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = sprague().args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The minimum excluded value.
fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: std::collections::HashSet<u64> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap()
}

/// The values of a game on pairs (a, b) for a, b ≤ n, from the options the rules
/// give (`options(a, b)` lists positions with smaller coordinates).
fn game_tree(n: usize, options: impl Fn(usize, usize) -> Vec<(usize, usize)>) -> Vec<Vec<u64>> {
    let mut sg = vec![vec![0u64; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            sg[a][b] = mex(options(a, b).into_iter().map(|(x, y)| sg[x][y]));
        }
    }
    sg
}

/// The values of a grid document as numbers (every cell a position).
fn numbers(doc: &Value) -> Vec<Vec<u64>> {
    doc["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect()
        })
        .collect()
}

/// The P-positions listed by a grid document.
fn p_positions(doc: &Value) -> Vec<(u64, u64)> {
    doc["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
        .collect()
}

#[test]
fn wythoff_grid_is_the_game_tree_of_the_queen() {
    // Wythoff's game: take any number from one pile, or the same number from both
    // (a queen moving left, down or diagonally toward the corner).
    let n = 12;
    let tree = game_tree(n, |a, b| {
        let mut o: Vec<(usize, usize)> = (0..a).map(|x| (x, b)).collect();
        o.extend((0..b).map(|y| (a, y)));
        o.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
        o
    });
    let doc = run_json(&["table", "--json", "--to", "12", "wythoff"]);
    assert_eq!(numbers(&doc), tree);
    // The P-positions are Wythoff's pairs (Wythoff 1907; Winning Ways ch. 3):
    // a_k = mex of the numbers in earlier pairs, b_k = a_k + k, in either order.
    let mut pairs = Vec::new();
    let mut used = std::collections::HashSet::new();
    for k in 0u64.. {
        let a = (0..).find(|x| !used.contains(x)).unwrap();
        if a > n as u64 {
            break;
        }
        let b = a + k;
        used.extend([a, b]);
        // Beatty: a_k = ⌊kφ⌋ = ⌊(k + √(5k²))/2⌋.
        assert_eq!(a, (k + (5 * k * k).isqrt()) / 2);
        for (i, j) in [(a, b), (b, a)] {
            if i <= n as u64 && j <= n as u64 && !pairs.contains(&(i, j)) {
                pairs.push((i, j));
            }
        }
    }
    pairs.sort();
    assert_eq!(
        pairs,
        [
            (0, 0),
            (1, 2),
            (2, 1),
            (3, 5),
            (4, 7),
            (5, 3),
            (6, 10),
            (7, 4),
            (10, 6)
        ]
    );
    assert_eq!(p_positions(&doc), pairs);
    // The family says its closed form; the grid passes it on.
    assert!(doc["p_rule"].as_str().unwrap().contains("⌊kφ⌋"), "{doc}");
    // Far from the corner the values come from the same rules: a window of the
    // 40 × 40 grid equals the tree's.
    let tree = game_tree(40, |a, b| {
        let mut o: Vec<(usize, usize)> = (0..a).map(|x| (x, b)).collect();
        o.extend((0..b).map(|y| (a, y)));
        o.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
        o
    });
    let doc = run_json(&[
        "table", "--json", "--from", "30,21", "--to", "40,33", "wythoff",
    ]);
    assert_eq!(
        (doc["from"].clone(), doc["rows"].clone()),
        (json!([30, 21]), json!(11))
    );
    let window: Vec<Vec<u64>> = tree[30..=40].iter().map(|r| r[21..=33].to_vec()).collect();
    assert_eq!(numbers(&doc), window);
}

#[test]
fn king_grid_is_the_game_tree_of_the_king() {
    // A king r rows and c columns from the corner steps one square toward it: down,
    // right, or diagonally.
    let n = 15;
    let tree = game_tree(n, |r, c| {
        let mut o = Vec::new();
        if r > 0 {
            o.push((r - 1, c));
        }
        if c > 0 {
            o.push((r, c - 1));
        }
        if r > 0 && c > 0 {
            o.push((r - 1, c - 1));
        }
        o
    });
    let doc = run_json(&["table", "--json", "--to", "15", "king"]);
    assert_eq!(numbers(&doc), tree);
    // The mover loses exactly when both distances are even (Winning Ways).
    let even: Vec<(u64, u64)> = (0..=n as u64)
        .flat_map(|r| (0..=n as u64).map(move |c| (r, c)))
        .filter(|&(r, c)| r % 2 == 0 && c % 2 == 0)
        .collect();
    assert_eq!(p_positions(&doc), even);
    assert!(
        doc["p_rule"].as_str().unwrap().contains("both even"),
        "{doc}"
    );
    // Moore's Nim_k on two heaps with k ≥ 2 may lower both heaps at once: the value
    // is the total (every smaller total is reached), and only (0,0) is lost.
    let doc = run_json(&["table", "--json", "--to", "9", "moore[2]"]);
    let totals: Vec<Vec<u64>> = (0..10).map(|i| (0..10).map(|j| i + j).collect()).collect();
    assert_eq!(numbers(&doc), totals);
    assert_eq!(p_positions(&doc), [(0, 0)]);
}

#[test]
fn pairs_of_heaps_xor_their_values() {
    // sub[1,3,4] from its rules: take 1, 3 or 4.
    let n = 30;
    let mut sg = vec![0u64; n + 1];
    for h in 0..=n {
        sg[h] = mex([1, 3, 4].iter().filter(|&&s| s <= h).map(|s| sg[h - s]));
    }
    let doc = run_json(&[
        "table",
        "--json",
        "--pairs",
        "--from",
        "3,10",
        "--to",
        "20,30",
        "sub[1,3,4]",
    ]);
    let want: Vec<Vec<u64>> = (3..=20)
        .map(|i| (10..=30).map(|j| sg[i] ^ sg[j]).collect())
        .collect();
    assert_eq!(numbers(&doc), want);
    assert_eq!(doc["cell"], "sub[1,3,4]({i}) + sub[1,3,4]({j})");
    // A sum is lost exactly when both heaps have the same value.
    let equal: Vec<(u64, u64)> = (3..=20u64)
        .flat_map(|i| (10..=30u64).map(move |j| (i, j)))
        .filter(|&(i, j)| sg[i as usize] == sg[j as usize])
        .collect();
    assert_eq!(p_positions(&doc), equal);
    // Kayles against its own table: the grid is the XOR of two values of it.
    let table = run_json(&["table", "--json", "--to", "40", "kayles"]);
    let k: Vec<u64> = table["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let doc = run_json(&["table", "--json", "--pairs", "--to", "40", "kayles"]);
    for (i, row) in numbers(&doc).iter().enumerate() {
        for (j, v) in row.iter().enumerate() {
            assert_eq!(*v, k[i] ^ k[j], "kayles({i}) + kayles({j})");
        }
    }
    // Nim (Bouton): i XOR j.
    let doc = run_json(&["table", "--json", "--pairs", "--to", "15", "nim"]);
    for (i, row) in numbers(&doc).iter().enumerate() {
        for (j, v) in row.iter().enumerate() {
            assert_eq!(*v, (i ^ j) as u64);
        }
    }
}

#[test]
fn the_json_document_has_its_fields() {
    // The fields in their order, as one line.
    let (code, out, _) = run(&["table", "--json", "--to", "2,3", "wythoff"]);
    assert_eq!(code, 0);
    let rule = run_json(&["table", "--json", "--to", "0", "wythoff"])["p_rule"].clone();
    assert_eq!(
        out,
        format!(
            "{{\"family\":\"wythoff\",\"cell\":\"wythoff({{i}},{{j}})\",\"from\":[0,0],\"rows\":3,\"cols\":4,\"values\":[[0,1,2,3],[1,2,0,4],[2,0,1,5]],\"p_positions\":[[0,0],[1,2],[2,1]],\"p_rule\":{rule}}}\n"
        )
    );
    // A family without a rule for its P-positions has none; a cell that is no
    // position (kth(n,k) needs k ≥ 1) is null.
    let doc = run_json(&["table", "--json", "--to", "3", "kth"]);
    assert_eq!(doc["p_rule"], Value::Null);
    assert!(
        doc["values"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r[0].is_null())
    );
    // Sums say the rule of sums.
    let doc = run_json(&["table", "--json", "--pairs", "--to", "3", "nim"]);
    assert!(
        doc["p_rule"].as_str().unwrap().contains("same value"),
        "{doc}"
    );
}

#[test]
fn text_aligns_the_grid_and_marks_p_positions() {
    let (code, out, err) = run(&["table", "--to", "12", "wythoff"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with(
            "wythoff(i,j): Sprague–Grundy values for rows i = 0..12, columns j = 0..12"
        )
    );
    // The header of columns, then 13 rows, all of one width, each value right-aligned
    // under its column number.
    let grid = &lines[1..15];
    assert!(grid[0].starts_with("i\\j"));
    assert!(
        grid.iter()
            .all(|l| l.chars().count() == grid[0].chars().count())
    );
    let cells: Vec<Vec<&str>> = grid
        .iter()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        cells[0][1..],
        [
            "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"
        ]
    );
    assert_eq!(cells[2][..4], ["1", "1", "2", "P"]);
    assert_eq!(cells[11][7], "P", "wythoff(10,6)");
    assert!(lines[15].starts_with("P-positions (9 of 169 positions): (0,0) (1,2) (2,1) (3,5)"));
    assert!(lines[16].starts_with("rule: the P-positions are Wythoff's pairs"));
    // --np: N and P only, where the values say.
    let (_, np, _) = run(&["table", "--np", "--to", "12", "wythoff"]);
    let np_cells: Vec<Vec<&str>> = np
        .lines()
        .skip(2)
        .take(13)
        .map(|l| l.split_whitespace().skip(1).collect())
        .collect();
    for (r, row) in np_cells.iter().enumerate() {
        for (c, s) in row.iter().enumerate() {
            let p = cells[r + 1][c + 1] == "P";
            assert_eq!(*s, if p { "P" } else { "N" }, "({r},{c})");
        }
    }
    // A cell that is no position is drawn `-`, and the text says why.
    let (_, out, _) = run(&["table", "--np", "--to", "2", "ed"]);
    assert!(out.contains("  0 - - -\n"), "{out}");
    assert!(out.contains("-: no position (ed(0,0): "), "{out}");
    // CSV: one line a cell.
    let (_, csv, _) = run(&["table", "--csv", "--to", "1,2", "wythoff"]);
    assert_eq!(
        csv,
        "row,col,value,outcome\n0,0,0,P\n0,1,1,N\n0,2,2,N\n1,0,1,N\n1,1,2,N\n1,2,0,P\n"
    );
}

#[test]
fn bad_input_and_bounds() {
    for (args, want) in [
        (
            &["table", "--to", "512", "wythoff"][..],
            "at most 512 rows: 513 asked",
        ),
        (
            &["table", "--to", "3,600", "king"],
            "at most 512 columns: 601 asked",
        ),
        (
            &["table", "--from", "5", "--to", "3", "king"],
            "--from 5 is larger than --to 3",
        ),
        (
            &["table", "--from", "1,5", "--to", "3,4", "king"],
            "--from 1,5 is larger than --to 3,4",
        ),
        (&["table", "--to", "3,4", "sub[1,3,4]"], "add --pairs"),
        (&["table", "--np", "--to", "3", "nim"], "add --pairs"),
        (
            &["table", "--explain", "--to", "3", "wythoff"],
            "--explain is for a table of heaps",
        ),
        (
            &["table", "--checkpoint", "g.ckpt", "--to", "3", "king"],
            "--checkpoint is for a table of heaps",
        ),
        (&["table", "--to", "3", "wythof"], "did you mean 'wythoff'"),
        (
            &["table", "--pairs", "--to", "3", "wythoff(1,2)"],
            "without its numbers",
        ),
        (&["table", "--pairs", "--to", "3", "nim + nim"], "not a sum"),
        (
            &["table", "--pairs", "--to", "3", "greenhackenbush"],
            "a grid is of a game on two numbers",
        ),
        (
            &["table", "--to", "3,x", "king"],
            "not a heap size such as 20, nor a row and a column",
        ),
        (
            &["table", "--to", "0", "ed"],
            "no cell of the grid is a position of ed: ed(0,0)",
        ),
        (
            &["table", "--to", "18446744073709551615", "king"],
            "too large for a grid",
        ),
    ] {
        let (code, err) = exit_code(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    assert!(!std::path::Path::new("g.ckpt").exists());
    // A value out of reach of --max-states is a limit naming the flag.
    let (code, err) = exit_code(&[
        "table",
        "--pairs",
        "--max-states",
        "10",
        "--to",
        "300",
        "grundy_game",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("grundy_game(300)") && err.contains("--max-states"),
        "{err}"
    );
    // A value out of reach whose outcome a rule decides is written N.
    let (code, out, _) = run(&["table", "--max-states", "10", "--to", "6", "ring"]);
    assert_eq!(code, 0);
    assert!(out.contains("\n  1 N P N N N N N\n"), "{out}");
    assert!(
        out.contains("N: an N-position whose value is not computed"),
        "{out}"
    );
    assert!(out.contains("(raise it with --max-states)"), "{out}");
    // The grid stops at a row on Ctrl-C (here the hook that acts as it).
    let (code, err) = exit_code(&["table", "--interrupt-at", "2", "--to", "9", "king"]);
    assert_eq!(code, 130, "{err}");
    assert!(err.contains("interrupted after 2 of 10 rows"), "{err}");
}

/// Ctrl-C for real: SIGINT to a long grid stops it with exit 130 within moments,
/// nothing on standard output.
#[cfg(unix)]
#[test]
fn sigint_stops_a_long_grid() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    // ring(i,j) is valued by exhaustive search: the whole grid takes many seconds.
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("sprague"))
        .args(["table", "--progress", "always", "--to", "511", "ring"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first progress line comes after a second of work.
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    assert!(line.contains("of 512 rows"), "{line}");
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
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("SIGINT did not stop the grid");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut err, &mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(status.code(), Some(130), "{rest}");
    assert!(out.stdout.is_empty());
    assert!(rest.contains("interrupted after"), "{rest}");
}
