//! `sprague sweep --misere` through the real binary: each line's orders are those of
//! `sprague quotient` run on its own for each bound, tame and wild agree with the
//! misère outcomes of small sums searched straight from the rules, misère Nim and
//! 0.75 give their published quotients, shards cover every code once, and a per-game
//! bound stops that game only.

use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use crate::common::{exit_code, sprague};

fn sweep_out(args: &[&str]) -> String {
    let out = sprague()
        .arg("sweep")
        .arg("--misere")
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

/// The JSON lines, by code.
fn by_code(text: &str) -> HashMap<String, Value> {
    text.lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["code"].as_str().unwrap().to_string(), v)
        })
        .collect()
}

fn orders(v: &Value) -> Vec<u64> {
    v["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

/// `sprague quotient --json --to n octal[code]`.
fn quotient(code: &str, n: usize) -> Value {
    let out = sprague()
        .args(["quotient", "--json", "--to", &n.to_string()])
        .arg(format!("octal[{code}]"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{code} to {n}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn orders_are_those_of_the_quotient_command_at_each_bound() {
    let to = 8;
    let text = sweep_out(&["--digits", "2", "--to", &to.to_string(), "--json"]);
    let lines = by_code(&text);
    assert_eq!(lines.len(), 63, "every two-digit code, none folded");
    for code in ["0.75", "0.77", "0.07", "0.33", "0.4", "0.16", "0.6"] {
        let v = &lines[code];
        assert_eq!(v["status"], "stable", "{v}");
        assert_eq!(v["heaps"], to, "{v}");
        let got = orders(v);
        for n in 1..=to {
            let q = quotient(code, n);
            assert_eq!(
                got[n - 1],
                q["order"].as_u64().unwrap(),
                "{code} heaps 1..{n}"
            );
            if n == to {
                assert_eq!(v["order"], q["order"], "{code}");
                assert_eq!(v["stable_from"], q["stable_from"], "{code}");
            }
        }
    }
    // Orders never decrease, and the stable run is the last run of equal orders.
    for v in lines.values() {
        let o = orders(v);
        assert!(o.windows(2).all(|w| w[0] <= w[1]), "{v}");
        let m = v["stable_from"].as_u64().unwrap() as usize;
        assert!(o[m - 1..].iter().all(|&x| x == o[to - 1]), "{v}");
        assert!(m == 1 || o[m - 2] < o[to - 1], "{v}");
    }
    // The CSV line says the same, the orders run-length encoded.
    let csv = sweep_out(&["--digits", "2", "--to", "8", "--threads", "2"]);
    let mut rows = csv.lines();
    assert_eq!(
        rows.next(),
        Some("code,status,heaps,order,stable_from,tame,wild_from,stopped_by,orders")
    );
    let row = rows.find(|l| l.starts_with("0.75,")).unwrap();
    let v = &lines["0.75"];
    let rle: Vec<String> = {
        let o = orders(v);
        let mut out = Vec::new();
        let mut i = 0;
        while i < o.len() {
            let k = o[i..].iter().take_while(|&&x| x == o[i]).count();
            out.push(if k > 1 {
                format!("{}*{k}", o[i])
            } else {
                o[i].to_string()
            });
            i += k;
        }
        out
    };
    assert_eq!(
        row,
        format!(
            "0.75,stable,8,{},{},{},{},,{}",
            v["order"],
            v["stable_from"],
            v["tame"].as_str().unwrap(),
            v["wild_from"]
                .as_u64()
                .map(|n| n.to_string())
                .unwrap_or_default(),
            rle.join(" ")
        )
    );
}

#[test]
fn misere_nim_and_r8_are_the_published_quotients() {
    // Heaps 1 to 3 of 0.333 are misère Nim's heaps 1 to 3 (take any number). By
    // Bouton's misère rule its quotient is {(x, 1)} ∪ {(0, 0), (1, 0)}, x a nim-sum
    // (Plambeck–Siegel 2008, misère Nim's quotient T_2 = ⟨a, b | a² = 1, b³ = b⟩):
    // heap 1 alone gives {1, a}, order 2; heaps 1 and 2 (x in 0..4) order 4 + 2 = 6,
    // and heap 3 = heaps 1 + 2 adds nothing. Misère Nim is tame.
    let text = sweep_out(&["--digits", "3", "--to", "3", "--json", "--shard", "0/1"]);
    let lines = by_code(&text);
    let nim = &lines["0.333"];
    assert_eq!(orders(nim), [2, 6, 6], "{nim}");
    assert_eq!(nim["stable_from"], 2);
    assert_eq!(nim["tame"], "tame", "{nim}");
    // She loves me, she loves me not (0.3, take one): the misère outcome is the
    // parity of the petals (Plambeck, TCS 96 (1992), Theorem 1.2): tame, order 2.
    let text = sweep_out(&["--digits", "1", "--to", "12", "--json", "--max-order", "16"]);
    let one = &by_code(&text)["0.3"];
    assert_eq!(orders(one), [2; 12], "{one}");
    assert_eq!(one["tame"], "tame");
    // 0.75: Plambeck's R8 (INTEGERS 5 (2005) G5), order 8, a wild game.
    let text = sweep_out(&["--digits", "2", "--to", "8", "--json"]);
    let r8 = &by_code(&text)["0.75"];
    assert_eq!(r8["order"], 8, "{r8}");
    assert_eq!(r8["tame"], "wild", "{r8}");
    let from = r8["stable_from"].as_u64().unwrap() as usize;
    assert_eq!(quotient("0.75", 8)["stable_from"], from);
    assert!(orders(r8)[from - 1..].iter().all(|&o| o == 8));
    assert!(orders(r8)[..from - 1].iter().all(|&o| o < 8));
}

/// The options of a heap of `n` of the octal game with `digits` (d0 first), each as
/// the heaps it leaves, straight from the code: digit d_i, bit 1 take i leaving
/// nothing, 2 leaving one heap, 4 leaving two heaps.
fn options(digits: &[u8], n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for (i, &d) in digits.iter().enumerate().take(n + 1).skip(1) {
        let rest = n - i;
        if d & 1 != 0 && rest == 0 {
            out.push(vec![]);
        }
        if d & 2 != 0 && rest > 0 {
            out.push(vec![rest]);
        }
        if d & 4 != 0 {
            for a in 1..rest {
                if a <= rest - a {
                    out.push(vec![a, rest - a]);
                }
            }
        }
    }
    out
}

/// Whether the player to move loses the sum `heaps` (sorted) in misère play, by
/// search: the player who cannot move wins.
fn misere_p(digits: &[u8], heaps: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    if let Some(&p) = memo.get(heaps) {
        return p;
    }
    let mut has_move = false;
    let mut p_option = false;
    'all: for i in 0..heaps.len() {
        for o in options(digits, heaps[i]) {
            has_move = true;
            let mut next: Vec<usize> = heaps[..i].to_vec();
            next.extend_from_slice(&heaps[i + 1..]);
            next.extend(o);
            next.sort_unstable();
            if misere_p(digits, &next, memo) {
                p_option = true;
                break 'all;
            }
        }
    }
    let p = has_move && !p_option;
    memo.insert(heaps.to_vec(), p);
    p
}

/// Nim values straight from the code.
fn nim_values(digits: &[u8], len: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..len {
        let seen: HashSet<u64> = options(digits, n)
            .iter()
            .map(|o| o.iter().fold(0, |x, &h| x ^ g[h]))
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// The first heap `h` such that some sum of at most three heaps up to `h` is decided
/// otherwise than misère Nim's rule (Bouton) on the heaps' genus images decides it,
/// searched over every such sum up to `to`: a wild game's witness.
fn first_wild_witness(digits: &[u8], to: usize) -> Option<usize> {
    let g = nim_values(digits, to + 1);
    let mut memo = HashMap::new();
    // Each heap as a misère-Nim position: (nim-sum, whether a heap of 2 or more is in
    // it); a value 0 or 1 by the heap's own misère outcome (0 or *2+*2, *1 or *2+*3).
    let image: Vec<(u64, bool)> = (0..=to)
        .map(|n| {
            let alone = misere_p(digits, &[n], &mut memo);
            match g[n] {
                0 if n == 0 => (0, false),
                0 => (0, alone),
                1 => (1, !alone),
                v => (v, true),
            }
        })
        .collect();
    for h in 1..=to {
        for a in 0..=h {
            for b in a..=h {
                let mut sum: Vec<usize> = [a, b, h].into_iter().filter(|&x| x > 0).collect();
                sum.sort_unstable();
                let (x, big) = sum.iter().fold((0, false), |(x, big), &k| {
                    (x ^ image[k].0, big || image[k].1)
                });
                let bouton = if big { x == 0 } else { x == 1 };
                if misere_p(digits, &sum, &mut memo) != bouton {
                    return Some(h);
                }
            }
        }
    }
    None
}

#[test]
fn tame_and_wild_agree_with_searched_sums() {
    let to = 8;
    let text = sweep_out(&["--digits", "2", "--to", &to.to_string(), "--json"]);
    let mut wild = 0;
    for (code, v) in by_code(&text) {
        let digits: Vec<u8> = std::iter::once(0)
            .chain(code[2..].bytes().map(|b| b - b'0'))
            .collect();
        match first_wild_witness(&digits, to) {
            // A sum misère Nim's rule gets wrong: wild, from that heap at the latest.
            Some(h) => {
                wild += 1;
                assert_eq!(v["tame"], "wild", "{code}: {v}");
                assert!(
                    v["wild_from"].as_u64().unwrap() as usize <= h,
                    "{code}: {v}"
                );
            }
            // No witness among these sums: tame, or wild through a larger sum.
            None => assert!(v["tame"] == "tame" || v["tame"] == "wild", "{v}"),
        }
        if v["tame"] == "tame" {
            assert!(v["wild_from"].is_null(), "{v}");
        }
    }
    assert!(wild > 0, "0.75 and Kayles at least are wild by heap 8");
}

#[test]
fn shards_cover_every_code_once() {
    let whole = sweep_out(&["--digits", "2", "--to", "6", "--json"]);
    let mut seen: Vec<String> = Vec::new();
    let mut lines: HashMap<String, String> = HashMap::new();
    for i in 0..3 {
        let part = sweep_out(&[
            "--digits",
            "2",
            "--to",
            "6",
            "--json",
            "--shard",
            &format!("{i}/3"),
        ]);
        for l in part.lines() {
            let v: Value = serde_json::from_str(l).unwrap();
            let code = v["code"].as_str().unwrap().to_string();
            seen.push(code.clone());
            lines.insert(code, l.to_string());
        }
    }
    let mut sorted = seen.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), seen.len(), "a code in two shards");
    assert_eq!(seen.len(), 63);
    for l in whole.lines() {
        let v: Value = serde_json::from_str(l).unwrap();
        assert_eq!(&lines[v["code"].as_str().unwrap()], l);
    }
}

#[test]
fn a_per_game_bound_stops_that_game_only() {
    let whole = by_code(&sweep_out(&["--digits", "2", "--to", "8", "--json"]));
    // --max-order 10: the games whose quotient grows past 10 stop there, the others
    // are as without it; every line is written and the sweep succeeds.
    let bounded = by_code(&sweep_out(&[
        "--digits",
        "2",
        "--to",
        "8",
        "--json",
        "--max-order",
        "10",
    ]));
    assert_eq!(bounded.len(), 63);
    let mut stopped = 0;
    for (code, v) in &bounded {
        let full = orders(&whole[code]);
        let got = orders(v);
        if full.iter().any(|&o| o > 10) {
            stopped += 1;
            assert_eq!(v["status"], "stopped", "{v}");
            assert_eq!(v["stopped_by"], "order", "{v}");
            let first_over = full.iter().position(|&o| o > 10).unwrap();
            assert_eq!(got, full[..=first_over], "{code}");
        } else {
            assert_eq!(v, &whole[code]);
        }
    }
    assert!(stopped > 0);
    // A small --max-states stops the larger quotients on their way (naming the
    // bound); the heaps they reached have the orders of the full run.
    let small = by_code(&sweep_out(&[
        "--digits",
        "2",
        "--to",
        "8",
        "--json",
        "--max-states",
        "3000",
    ]));
    assert_eq!(small.len(), 63);
    let mut by_states = 0;
    for (code, v) in &small {
        let full = orders(&whole[code]);
        let got = orders(v);
        assert_eq!(got, full[..got.len()], "{code}");
        if v["status"] == "stopped" {
            by_states += 1;
            assert_eq!(v["stopped_by"], "states", "{v}");
            assert!(v["message"].as_str().unwrap().contains("3000"), "{v}");
            assert!(got.len() < 8);
        }
    }
    assert!(by_states > 0, "some game needs more than 3000");
    // A per-game time of 0 s stops every game at once, by its time, and the sweep
    // still writes every line.
    let timed = by_code(&sweep_out(&[
        "--digits",
        "1",
        "--to",
        "8",
        "--json",
        "--game-timeout",
        "0",
    ]));
    assert_eq!(timed.len(), 7);
    for v in timed.values() {
        assert_eq!(v["status"], "stopped", "{v}");
        assert_eq!(v["stopped_by"], "time", "{v}");
        assert_eq!(v["heaps"], 0, "{v}");
    }
}

fn temp(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sweep-misere");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

#[test]
fn an_interrupted_misere_sweep_resumes_and_formats_are_not_mixed() {
    for format in ["--csv", "--json"] {
        let args = ["--digits", "2", "--to", "7", format];
        let whole = sweep_out(&args);
        let file = temp(&format!("resume{format}"));
        let f = file.to_str().unwrap();
        let out = sprague()
            .args(["sweep", "--misere"])
            .args(args)
            .args(["-o", f, "--interrupt-after", "5"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(130));
        let partial = std::fs::read_to_string(&file).unwrap();
        assert!(partial.len() < whole.len() && whole.starts_with(&partial));
        let mut again = args.to_vec();
        again.extend(["-o", f]);
        assert!(sweep_out(&again).is_empty());
        assert_eq!(std::fs::read_to_string(&file).unwrap(), whole);
        // A misère output is not the output of a normal-play sweep, nor the reverse.
        let (code, err) =
            exit_code(&["sweep", "--digits", "2", "--to", "7", format, "--resume", f]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("misère") && err.lines().count() == 1, "{err}");
    }
    let normal = temp("normal.csv");
    let n = normal.to_str().unwrap();
    let (code, _) = exit_code(&["sweep", "--digits", "1", "--to", "7", "-o", n]);
    assert_eq!(code, 0);
    let (code, err) = exit_code(&["sweep", "--misere", "--digits", "1", "--to", "7", "-o", n]);
    assert_eq!(code, 2, "{err}");
    // --to 0 has no heap; --max-order needs --misere.
    assert_eq!(
        exit_code(&["sweep", "--misere", "--digits", "1", "--to", "0"]).0,
        2
    );
    assert_eq!(
        exit_code(&["sweep", "--digits", "1", "--to", "5", "--max-order", "4"]).0,
        2
    );
}
