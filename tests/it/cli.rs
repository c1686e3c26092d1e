//! The command-line contract (SPEC §2, §3, exit codes) through the real binary.
//! Expected values come from the rules of the games, worked by hand in the comments.

use serde_json::{Value, json};

use crate::common::{self, exit_code, solve_json, sprague};

#[test]
fn nim_3_4_5_has_one_winning_move() {
    // 3 ⊕ 4 ⊕ 5 = 2; only 3 has bit 1 set, so the move is 3 → 3 ⊕ 2 = 1.
    let v = solve_json(&["nim(3,4,5)"]);
    assert_eq!(
        v,
        json!({
            "position": "nim(3,4,5)",
            "play": "normal",
            "outcome": "N",
            "grundy": 2,
            "components": [
                {"expr": "nim(3)", "grundy": 3},
                {"expr": "nim(4)", "grundy": 4},
                {"expr": "nim(5)", "grundy": 5}
            ],
            "winning_moves": [
                {"component": 0, "from": "nim(3)", "to": "nim(1)", "text": "take 2 from the heap of 3",
                 "heap": 1, "take": 2}
            ],
            "truncated": false,
            // The winner needs 11 moves in all when the loser stalls (brute force).
            "remoteness": 11
        })
    );
}

#[test]
fn nim_with_zero_xor_is_lost() {
    // 1 ⊕ 2 ⊕ 3 = 0.
    let v = solve_json(&["nim(1, 2, 3)"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["grundy"], 0);
    assert_eq!(v["winning_moves"], json!([]));
}

#[test]
fn sums_of_families_combine_by_xor() {
    // sub[1,3,4] values 0,1,0,1,2,3,2 repeat: sg(10) = sg(3) = 1. Wythoff (3,5) is a
    // P-position (k = 2): 0. king(4,3): one odd distance (3) and it is the smaller: 3.
    // Total: 3 ⊕ 1 ⊕ 0 ⊕ 3 = 1.
    let v = solve_json(&["nim(3) + sub[1,3,4](10) + wythoff(3,5) + king(4,3)"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 1);
    let g: Vec<i64> = v["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["grundy"].as_i64().unwrap())
        .collect();
    assert_eq!(g, vec![3, 1, 0, 3]);
    // Every listed move must leave a P-position: check by solving each result.
    for m in v["winning_moves"].as_array().unwrap() {
        let i = m["component"].as_u64().unwrap() as usize;
        let mut parts: Vec<String> = v["components"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["expr"].as_str().unwrap().to_string())
            .collect();
        parts[i] = m["to"].as_str().unwrap().to_string();
        let after = solve_json(&[&parts.join(" + ")]);
        assert_eq!(after["outcome"], "P", "after {m}");
    }
}

#[test]
fn misere_nim_follows_bouton() {
    // One heap ≥ 2 and an even number of 1-heaps: leave that heap at 1 (three 1-heaps).
    let v = solve_json(&["--misere", "nim(1,1,2)"]);
    assert_eq!(v["play"], "misere");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(v["winning_moves"][0]["to"], "nim(1)");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
    // Three 1-heaps, all ≤ 1 and an odd count: lost.
    assert_eq!(solve_json(&["--misere", "nim(1,1,1)"])["outcome"], "P");
}

#[test]
fn huge_heaps_are_exact() {
    let big = format!("1{}", "0".repeat(100));
    let v = solve_json(&[&format!("nim({big})")]);
    assert_eq!(v["grundy"], Value::String(big.clone()));
    assert_eq!(v["winning_moves"][0]["to"], "nim(0)");
    let v = solve_json(&[&format!("nim({big},{big})")]);
    assert_eq!(v["outcome"], "P");
    // 10^30 ≡ 1 (mod 7) because 10^6 ≡ 1 (mod 7); sg(1) = 1 for S = {1,3,4}.
    let v = solve_json(&[&format!("sub[1,3,4](1{})", "0".repeat(30))]);
    assert_eq!(v["grundy"], 1);
}

#[test]
fn big_moves_are_json_strings() {
    // 2^64 ⊕ 1 = 2^64 + 1 = 18446744073709551617, past 64 bits: written as a string.
    let v = solve_json(&["nim(18446744073709551616, 1)"]);
    assert_eq!(v["grundy"], "18446744073709551617");
    assert_eq!(v["components"][0]["grundy"], "18446744073709551616");
}

#[test]
fn many_heaps_from_standard_input() {
    // 100 000 heaps: pairs (k, k) cancel, plus one heap of 7: the nim-sum is 7.
    let mut text = String::from("nim(");
    for k in 0..50_000u64 {
        let h = k * 1_000_000_007 % 1_000_000_000_000_000_000;
        text.push_str(&format!("{h},{h},"));
    }
    text.push_str("7)\n");
    let out = sprague()
        .args(["solve", "--json", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["grundy"], 7);
    assert_eq!(v["components"].as_array().unwrap().len(), 100_001);
}

/// Runs `sprague ARGS…` with standard input the file `name` holding `text`, read from
/// byte `skip` on (the file's offset when the command starts).
fn with_file_stdin(name: &str, text: &[u8], skip: u64, args: &[&str]) -> std::process::Output {
    use std::io::{Seek, SeekFrom};
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    let mut file = std::fs::File::open(&path).unwrap();
    file.seek(SeekFrom::Start(skip)).unwrap();
    std::process::Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdin(file)
        .output()
        .unwrap()
}

#[test]
fn a_file_on_standard_input_is_read_from_its_offset() {
    // nim(1,2,4,8): nim-sum 15; the first line has been read by someone else.
    let out = with_file_stdin(
        "offset.txt",
        b"not an expression\nnim(1,2,4,8)\n",
        18,
        &["solve", "--json", "-"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["grundy"], 15);
    assert_eq!(v["position"], "nim(1,2,4,8)");
}

#[test]
fn a_file_and_a_pipe_on_standard_input_give_the_same_answer() {
    // 20 001 heaps: pairs (k, k) cancel, then one heap of 5.
    let mut text = String::from("nim(");
    for k in 0..10_000u64 {
        text.push_str(&format!("{k},{k},"));
    }
    text.push_str("5)");
    let args = ["solve", "--json", "-"];
    let file = with_file_stdin("many.txt", text.as_bytes(), 0, &args);
    let pipe = sprague().args(args).write_stdin(text).output().unwrap();
    assert!(file.status.success());
    assert_eq!(file.stdout, pipe.stdout);
    let v: Value = serde_json::from_slice(&file.stdout).unwrap();
    assert_eq!(v["grundy"], 5);
}

#[test]
fn bad_files_on_standard_input_are_input_errors() {
    // Byte 6 is not UTF-8.
    let out = with_file_stdin("latin1.txt", b"nim(3\xe9)", 0, &["solve", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not UTF-8 text (byte 6)"));
    // An empty file, or one read to its end, is an empty expression.
    for skip in [0, 6] {
        let text: &[u8] = if skip == 0 { b"" } else { b"nim(3)" };
        let out = with_file_stdin("empty.txt", text, skip, &["solve", "-"]);
        assert_eq!(out.status.code(), Some(2), "skip {skip}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn max_moves_truncates() {
    // nim(1,1,1,1,1): nim-sum 1, and each of the five heaps can be emptied.
    let v = solve_json(&["--max-moves", "2", "nim(1,1,1,1,1)"]);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 2);
    assert_eq!(v["truncated"], true);
}

#[test]
fn table_of_sub_1_3_4_is_periodic_and_proved() {
    let out = sprague()
        .args(["table", "--json", "--to", "13", "sub[1,3,4]"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v,
        json!({
            "family": "sub[1,3,4]",
            "from": 0,
            "values": [0,1,0,1,2,3,2,0,1,0,1,2,3,2],
            "period": {"preperiod": 0, "period": 7, "proved": true}
        })
    );
}

#[test]
fn table_explains_with_mex() {
    // sg(5) for S = {1,3,4}: options 4, 2, 1 with values 2, 0, 1: mex = 3.
    let out = sprague()
        .args([
            "table",
            "--explain",
            "--from",
            "5",
            "--to",
            "5",
            "sub[1,3,4]",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("sg(5) = mex{sg(4), sg(2), sg(1)} = mex{2, 0, 1} = 3"),
        "{text}"
    );
}

#[test]
fn bad_input_exits_2_with_a_column() {
    let (code, err) = exit_code(&["solve", "nim(3,"]);
    assert_eq!(code, 2);
    assert!(err.contains("column 7"), "{err}");
    assert_eq!(err.trim().lines().count(), 1);
    let (code, err) = exit_code(&["solve", "frobnicate(3)"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown game family"), "{err}");
    // A partizan term is solved by search now: a square of the cutting game is its
    // own negative (the players' cuts exchange under transposition), so 0, and
    // nim(1) + 0 = * is N.
    let v = common::solve_json(&["nim(1) + cut(10,10)"]);
    assert_eq!(v["outcome"], "N");
    let (code, _) = exit_code(&["solve", ""]);
    assert_eq!(code, 2);
    let (code, _) = exit_code(&["solve", "nim(３)"]);
    assert_eq!(code, 2);
    let (code, _) = exit_code(&["solve", "sub[0,1](3)"]);
    assert_eq!(code, 2);
    let (code, _) = exit_code(&["solve", "wythoff(1,2,3)"]);
    assert_eq!(code, 2);
    let (code, _) = exit_code(&["solve", &"{".repeat(100_000)]);
    assert_eq!(code, 2);
    let (code, _) = exit_code(&["value", "{1|-1"]);
    assert_eq!(code, 2);
}

#[test]
fn limits_exit_3_naming_the_flag() {
    let (code, err) = exit_code(&["solve", "--max-states", "3", "sub[1,3,4](1000000000000)"]);
    assert_eq!(code, 3);
    assert!(err.contains("--max-states"), "{err}");
    let (code, err) = exit_code(&["table", "--max-states", "100", "--to", "1000", "sub[1,3,4]"]);
    assert_eq!(code, 3);
    assert!(err.contains("--max-states"), "{err}");
}

#[test]
fn help_documents_the_commands() {
    let out = sprague().arg("--help").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for word in ["solve", "table", "Exit codes"] {
        assert!(text.contains(word), "{text}");
    }
}

#[test]
fn misere_sums_beyond_nim_are_searched() {
    // Misère Kayles by hand (the player who cannot move wins): 0 wins, 1 loses, 2 and
    // 3 win (to 1), 4 loses (every move reaches 3, 1+2, 2 or 1+1, all wins). From 5:
    // to 4 (lost) wins, and to 2+2 wins too (its moves reach 1+2 or 2, both wins);
    // 1+3 does not (it can move to 1+1+1, a loss).
    let v = solve_json(&["--misere", "kayles(5)"]);
    assert_eq!(v["outcome"], "N");
    let mut to: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    to.sort();
    assert_eq!(to, ["kayles(2) + kayles(2)", "kayles(4)"]);
    assert_eq!(solve_json(&["--misere", "kayles(4)"])["outcome"], "P");
    let (code, err) = exit_code(&["solve", "--misere", "--max-states", "250", "kayles(60)"]);
    assert_eq!(code, 3);
    assert!(err.contains("--max-states"), "{err}");
}

/// `sprague ARGS… -` with `input` piped in: (exit code, stdout, stderr).
fn piped(args: &[&str], input: &[u8]) -> (Option<i32>, String, String) {
    let out = sprague()
        .args(args)
        .arg("-")
        .write_stdin(input.to_vec())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_position_piped_in_is_answered_as_the_same_position_as_an_argument() {
    // Plain sums are read from the pipe as they come, anything else whole: either
    // way the answer (or the error, with its column) is that of the argument.
    for text in [
        "nim(3,4,5)",
        " nim ( 3 ,\t4 , 005 )\n",
        "nim(1,2) + kayles(7) + wythoff(3,5)",
        "nim(3) + {1|-1}",
        "nim(1,2,3) + domineering(2,2)",
        "nim(1,2,3,)",
        "nim(1, 2, 3) + frobnicate(3)",
        "nim(12345678901234567890123)",
        "nim(3) ",
    ] {
        for json in [false, true] {
            let args: &[&str] = if json {
                &["solve", "--json"]
            } else {
                &["solve"]
            };
            let from_pipe = piped(args, text.as_bytes());
            let out = sprague().args(args).arg(text.trim()).output().unwrap();
            let from_arg = (
                out.status.code(),
                String::from_utf8_lossy(&out.stdout).into_owned(),
                String::from_utf8_lossy(&out.stderr).into_owned(),
            );
            if text.trim() == text {
                assert_eq!(from_pipe, from_arg, "{text:?}");
            } else {
                // Spaces around the text move error columns only.
                assert_eq!(from_pipe.0, from_arg.0, "{text:?}");
                assert_eq!(from_pipe.1, from_arg.1, "{text:?}");
            }
        }
    }
    // Not UTF-8: exit 2 naming the byte.
    let (code, _, err) = piped(&["solve"], b"nim(3,\xff)");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("not UTF-8"), "{err}");
}

#[test]
fn a_hundred_thousand_heaps_piped_in_give_their_nim_sum() {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let heaps: Vec<u64> = (0..100_000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % 1_000_000_000_000_000_000
        })
        .collect();
    let sum = heaps.iter().fold(0, |a, &h| a ^ h);
    let text = format!(
        "nim({})\n",
        heaps
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    );
    let (code, out, err) = piped(&["solve", "--json", "--max-moves", "3"], text.as_bytes());
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["grundy"].to_string().trim_matches('"'), sum.to_string());
    assert_eq!(v["components"].as_array().unwrap().len(), 100_000);
    // Each winning move takes a heap h to h XOR sum, below h.
    for m in v["winning_moves"].as_array().unwrap() {
        let i = m["heap"].as_u64().unwrap() as usize - 1;
        let to = (heaps[i] ^ sum).to_string();
        assert_eq!(m["to"], format!("nim({to})"));
    }
}

#[test]
fn explain_cancels_equal_values_in_pairs() {
    // nim(2,2,2,7,9,9): 2 ⊕ 2 = 0 and 9 ⊕ 9 = 0, so the sum is worth nim(2) + nim(7),
    // 2 ⊕ 7 = 5 (the study notes' simplification).
    let text = |expr: &str| {
        let out = crate::common::sprague()
            .args(["solve", "--explain", expr])
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let t = text("nim(2,2,2,7,9,9)");
    assert!(
        t.contains("cancel in pairs (g ⊕ g = 0; two copies of one game are a second-player win: copy every move in the other copy): nim(2) with nim(2), nim(9) with nim(9). What is left, nim(2) + nim(7), has the same nim-sum: 2 ⊕ 7 = 5."),
        "{t}"
    );
    // Different games of equal value cancel too, and a value 0 drops out.
    let t = text("nim(3) + kayles(3) + nim(0) + nim(6)");
    assert!(
        t.contains("nim(3) with kayles(3). Components of value 0 change nothing: nim(0). What is left is nim(6), of value 6."),
        "{t}"
    );
    // Nothing cancels: no such line.
    assert!(!text("nim(1,2,4)").contains("cancel"));
}
