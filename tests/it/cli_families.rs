//! The families seqnim, kth, circle, grid, treestair, jumpstair and nullify, and
//! geography before its token is placed, through the real binary.
//! Expected answers come from small searches written here from the rules (or are
//! worked out by hand in the comments), never from the library.

use std::collections::HashMap;

use crate::common::{run_json, solve_json, sprague};

fn failure(args: &[&str]) -> (i32, String) {
    let out = sprague().args(args).output().unwrap();
    assert!(out.stdout.is_empty());
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Whether the player to move wins `kth(n,k)`: the k-th move takes 1..k stones.
fn kth_wins(n: u64, k: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
    if let Some(&w) = memo.get(&(n, k)) {
        return w;
    }
    let w = (1..=k.min(n)).any(|t| !kth_wins(n - t, k + 1, memo));
    memo.insert((n, k), w);
    w
}

#[test]
fn kth_outcomes_follow_the_rules() {
    let mut memo = HashMap::new();
    for k in 1..=4u64 {
        for n in (0..=24u64).step_by(3) {
            let v = solve_json(&[&format!("kth({n},{k})")]);
            let want = if kth_wins(n, k, &mut memo) { "N" } else { "P" };
            assert_eq!(v["outcome"], want, "kth({n},{k})");
        }
    }
    // kth(n) is the start, k = 1.
    assert_eq!(solve_json(&["kth(20)"])["position"], "kth(20,1)");
}

/// Whether the player to move wins with one token on the grid, under misère play
/// when `misere` (the player who cannot move wins).
fn grid_wins(rows: &[&str], r: usize, c: usize, misere: bool) -> bool {
    let free =
        |r: usize, c: usize| rows.get(r).and_then(|row| row.as_bytes().get(c)) == Some(&b'.');
    let opts: Vec<(usize, usize)> = [(r, c + 1), (r + 1, c), (r + 1, c + 1)]
        .into_iter()
        .filter(|&(r, c)| free(r, c))
        .collect();
    if opts.is_empty() {
        return misere;
    }
    opts.iter()
        .any(|&(r2, c2)| !grid_wins(rows, r2, c2, misere))
}

#[test]
fn grid_outcomes_normal_and_misere_follow_the_rules() {
    let rows = ["...#.", ".#...", "...#.", "#...."];
    let inline = rows.join("/");
    for r in 0..rows.len() {
        for c in 0..rows[0].len() {
            if rows[r].as_bytes()[c] != b'.' {
                continue;
            }
            for misere in [false, true] {
                let e = format!("grid[\"{inline}\"]({r},{c})");
                let mut args = vec![];
                if misere {
                    args.push("--misere");
                }
                args.push(&e);
                let want = if grid_wins(&rows, r, c, misere) {
                    "N"
                } else {
                    "P"
                };
                assert_eq!(solve_json(&args)["outcome"], want, "{e} misère {misere}");
            }
        }
    }
    // Two tokens are a sum: (3,4) is the corner (value 0); (2,4) steps down to it only
    // (value 1), so the sum is worth 1 and the winning move takes (2,4) to (3,4).
    let v = solve_json(&[&format!("grid[\"{inline}\"](3,4,2,4)")]);
    assert_eq!(v["grundy"], 1);
    assert_eq!(
        v["winning_moves"][0]["to"],
        format!("grid[\"{inline}\"](3,4)")
    );
}

#[test]
fn grids_from_files_are_read_and_checked() {
    let dir = std::env::temp_dir().join(format!("sprague-grid-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("maze.txt");
    std::fs::write(&good, "..#\n.#.\n...\n").unwrap();
    let g = good.to_str().unwrap();
    // (2,1) steps right to the corner (2,2), which has no move: value 1.
    assert_eq!(solve_json(&[&format!("grid[\"{g}\"](2,1)")])["grundy"], 1);
    let bad = dir.join("ragged.txt");
    std::fs::write(&bad, "..#\n.#\n").unwrap();
    let b = bad.to_str().unwrap();
    let (code, msg) = failure(&["solve", &format!("grid[\"{b}\"](0,0)")]);
    assert_eq!(code, 2);
    assert!(msg.contains("ragged.txt line 2: a row of 2 cells"), "{msg}");
    let (code, msg) = failure(&["solve", "grid[\"../.\"](0,0)"]);
    assert_eq!(code, 2);
    assert!(msg.contains("column 6: bad grid: row 2"), "{msg}");
    let (code, msg) = failure(&["solve", "grid[\"..#\"](0,2)"]);
    assert_eq!(code, 2);
    assert!(msg.contains("free cell"), "{msg}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn circle_and_seqnim_inputs_are_checked() {
    let (code, msg) = failure(&["solve", "circle[5,2](4,4)"]);
    assert_eq!(code, 2);
    assert!(msg.contains("within distance 5"), "{msg}");
    let (code, msg) = failure(&["solve", "circle[5,0](0,0)"]);
    assert_eq!(code, 2);
    assert!(msg.contains("column 10"), "{msg}");
    let (code, _) = failure(&["solve", "seqnim[0](3)"]);
    assert_eq!(code, 2);
    // seqnim[2] (take 1 or 2 from the first non-empty heap), by the rules: (0,1) is N
    // (take the last stone); (1,1) has the one option (0,1), so P; (2,1) N (to (1,1));
    // (3,1) N (to (1,1)); (4,1) has the options (3,1) and (2,1), both N, so P.
    assert_eq!(solve_json(&["seqnim[2](4,1)"])["outcome"], "P");
}

#[test]
fn treestair_every_root_and_errors() {
    // The path-shaped tree 0-1-2-3 with coins 1 2 3 4 and k = 2: from root 0 the
    // nodes at depth 2 and 3 (coins 3, 4) are on step 1: 3 ⊕ 4 = 7; from root 1, node
    // 3 (depth 2): 4; from root 2, node 0 (depth 2): 1; from root 3: nodes 1, 0
    // (depths 2, 3): 2 ⊕ 1 = 3.
    let dir = std::env::temp_dir().join(format!("sprague-tree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("path.txt");
    std::fs::write(&path, "4 3 # a path\n0 1\n1 2\n2 3\n1 2 3 4\n").unwrap();
    let p = path.to_str().unwrap();
    let v = run_json(&["roots", "--json", &format!("treestair[\"{p}\",2]")]);
    assert_eq!(v["grundy"], serde_json::json!([7, 4, 1, 3]));
    assert_eq!(v["outcomes"], "NNNN");
    // From root 1 the value is 4: the winning move takes all 4 coins of node 3 up to
    // node 1.
    let s = solve_json(&[&format!("treestair[\"{p}\",2](1)")]);
    assert_eq!(s["grundy"], 4);
    assert_eq!(
        s["winning_moves"][0]["to"],
        format!("treestair[\"{p}\",2](1,1,6,3,0)")
    );
    // That position is lost for the opponent.
    let after = solve_json(&[&format!("treestair[\"{p}\",2](1,1,6,3,0)")]);
    assert_eq!(after["outcome"], "P");
    let bad = dir.join("cycle.txt");
    std::fs::write(&bad, "3 2\n0 1\n1 7\n0 0 0\n").unwrap();
    let b = bad.to_str().unwrap();
    let (code, msg) = failure(&["solve", &format!("treestair[\"{b}\"](0)")]);
    assert_eq!(code, 2);
    assert!(
        msg.contains("cycle.txt line 3: node 7 out of range"),
        "{msg}"
    );
    let (code, msg) = failure(&["roots", &format!("treestair[\"{p}\",2](0)")]);
    assert_eq!(code, 2);
    assert!(msg.contains("without a root"), "{msg}");
    let (code, msg) = failure(&["solve", &format!("treestair[\"{p}\",2](9)")]);
    assert_eq!(code, 2);
    assert!(msg.contains("node 9 out of range"), "{msg}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether the player to move wins the jump staircase `a` (steps lowest first): move
/// any number of stones from a step down to a lower step (0 the ground) with every
/// step strictly between them empty.
fn jump_wins(a: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(a) {
        return w;
    }
    let mut w = false;
    for i in 1..=a.len() {
        for j in 0..i {
            if (j + 1..i).any(|k| a[k - 1] > 0) {
                continue;
            }
            for c in 1..=a[i - 1] {
                let mut b = a.to_vec();
                b[i - 1] -= c;
                if j > 0 {
                    b[j - 1] += c;
                }
                w |= !jump_wins(&b, memo);
            }
        }
    }
    memo.insert(a.to_vec(), w);
    w
}

#[test]
fn jumpstair_outcomes_follow_the_rules_and_bounds_are_named() {
    let mut memo = HashMap::new();
    for a in 0..=2u64 {
        for b in 0..=2u64 {
            for c in 0..=2u64 {
                let e = format!("jumpstair({a},{b},{c})");
                let v = solve_json(&[&e]);
                let want = if jump_wins(&[a, b, c], &mut memo) {
                    "N"
                } else {
                    "P"
                };
                assert_eq!(v["outcome"], want, "{e}");
                for m in v["winning_moves"].as_array().unwrap() {
                    let after = solve_json(&[m["to"].as_str().unwrap()]);
                    assert_eq!(after["outcome"], "P", "{e}: {m}");
                }
            }
        }
    }
    // More stones than the search may visit positions: exit 3, the bound named.
    let (code, msg) = failure(&["solve", "--max-states", "100", "jumpstair(60,0,60)"]);
    assert_eq!(code, 3);
    assert!(msg.contains("--max-states"), "{msg}");
    let (code, msg) = failure(&["solve", "jumpstair[2](1)"]);
    assert_eq!(code, 2);
    assert!(msg.contains("column 11"), "{msg}");
}

#[test]
fn geography_before_the_token_is_placed() {
    // The path 0–1–2–3–4 (tests/data/path.txt) has no perfect matching: the first
    // player places the token on a vertex some maximum matching misses (0, 2 or 4)
    // and wins. The Petersen graph has a perfect matching: every placement loses.
    let v = solve_json(&["geography[\"tests/data/path.txt\"]"]);
    assert_eq!(v["outcome"], "N");
    let to: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(
        to,
        [
            "geography[\"tests/data/path.txt\"](0)",
            "geography[\"tests/data/path.txt\"](2)",
            "geography[\"tests/data/path.txt\"](4)"
        ]
    );
    assert_eq!(
        solve_json(&["geography[\"tests/data/petersen.txt\"]"])["outcome"],
        "P"
    );
    // Inline graphs: a triangle (no perfect matching on 3 vertices) and a loop.
    assert_eq!(solve_json(&["geography[\"0-1 1-2 2-0\"]"])["outcome"], "N");
    let (code, msg) = failure(&["solve", "geography[\"0-1 1-1\"]"]);
    assert_eq!(code, 2);
    assert!(msg.contains("column 16") && msg.contains("loop"), "{msg}");
}

#[test]
fn nullify_inputs_and_bounds_are_checked() {
    let (code, msg) = failure(&["solve", "nullify[\"1 2/3\"]"]);
    assert_eq!(code, 2);
    assert!(msg.contains("column 14") && msg.contains("row 2"), "{msg}");
    let (code, msg) = failure(&["solve", "nullify[\"1 2\"](5,0,1)"]);
    assert_eq!(code, 2);
    assert!(msg.contains("no cell (5,0)"), "{msg}");
    let (code, msg) = failure(&["solve", "nullify[\"1 2\"](0,0)"]);
    assert_eq!(code, 2);
    assert!(msg.contains("triples"), "{msg}");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("nullify-bounds");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("m.txt");
    std::fs::write(&path, "1 2 3\n4 5 6\n").unwrap();
    let e = format!("nullify[\"{}\"]", path.display());
    let (code, msg) = failure(&["solve", "--max-states", "4", &e]);
    assert_eq!(code, 3);
    assert!(msg.contains("--max-states"), "{msg}");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "1 2\n3 x\n").unwrap();
    let (code, msg) = failure(&["solve", &format!("nullify[\"{}\"]", bad.display())]);
    assert_eq!(code, 2);
    assert!(msg.contains("bad.txt line 2: unexpected 'x'"), "{msg}");
    // A matrix worth an infinite ordinal has infinitely many options: no short game,
    // so `value` refuses it as input (it is no limit that a bound would lift). The
    // anti-diagonals XOR to 1, 2 ⊕ 3 = 1 and 4.
    let (code, msg) = failure(&["value", "nullify[\"1 2/3 4\"]"]);
    assert_eq!(code, 2);
    assert!(msg.contains("infinite ordinal ω² + ω + 4"), "{msg}");
    // An inline matrix is bounded as a file is.
    let (code, msg) = failure(&["solve", "--max-states", "3", "nullify[\"1 2/3 4\"]"]);
    assert_eq!(code, 3);
    assert!(msg.contains("--max-states"), "{msg}");
    // Exact beyond 64 bits: 2^70 and 2^70 + 1 on the first two anti-diagonals.
    let v = solve_json(&["nullify[\"1180591620717411303424 1180591620717411303425\"]"]);
    assert_eq!(
        v["ordinal"],
        "ω·1180591620717411303424 + 1180591620717411303425"
    );
    assert_eq!(
        v["winning_moves"][0]["to"],
        "nullify[\"1180591620717411303424 1180591620717411303425\"](0,0,0,0,1,0)"
    );
}

/// Whether the player to move wins a heap of `n` when x may be taken exactly when
/// `allowed(n, x)` (plain game-tree search from the rules).
fn takeif_wins(n: u64, allowed: fn(u64, u64) -> bool, memo: &mut HashMap<u64, bool>) -> bool {
    if let Some(&w) = memo.get(&n) {
        return w;
    }
    let w = (1..=n).any(|x| allowed(n, x) && !takeif_wins(n - x, allowed, memo));
    memo.insert(n, w);
    w
}

#[test]
fn takeif_outcomes_follow_the_rule() {
    type Allowed = fn(u64, u64) -> bool;
    let rules: [(&str, Allowed); 3] = [
        ("x & n == 0", |n, x| x & n == 0),
        ("n % x == 0", |n, x| n.is_multiple_of(x)),
        ("x * x <= n or x == n", |n, x| x * x <= n || x == n),
    ];
    for (rule, allowed) in rules {
        let mut memo = HashMap::new();
        for n in 0..60u64 {
            let v = solve_json(&[&format!("takeif[\"{rule}\"]({n})")]);
            let want = if takeif_wins(n, allowed, &mut memo) {
                "N"
            } else {
                "P"
            };
            assert_eq!(v["outcome"], want, "{rule} at {n}");
        }
    }
    // A table, and a rule that names an unknown letter, at its column.
    let t = run_json(&["table", "--json", "--to", "8", "takeif[\"x <= 3\"]"]);
    assert_eq!(t["values"], serde_json::json!([0, 1, 2, 3, 0, 1, 2, 3, 0]));
    let (code, err) = failure(&["solve", "takeif[\"x & y\"](3)"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("column 13: bad rule: unknown name 'y'"),
        "{err}"
    );
}
