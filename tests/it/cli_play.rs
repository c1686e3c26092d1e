//! `sprague play` and `sprague repl` driven through standard input. Expected results
//! come from the rules (Bouton's XOR, the subtraction game's period), not from the
//! code under test.

use assert_cmd::Command;
use serde_json::Value;
use std::collections::HashMap;

fn sprague() -> Command {
    Command::cargo_bin("sprague").unwrap()
}

/// Runs `play --json` with `args` and `script` on standard input; returns the JSON
/// lines. The run must succeed, with nothing on stderr.
fn play_json(args: &[&str], script: &str) -> Vec<Value> {
    let out = sprague()
        .arg("play")
        .arg("--json")
        .args(args)
        .write_stdin(script.to_string())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?} {script:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// The heaps of a position such as `bash[3](5) + nim(2,0)`: (family, size), in the
/// order the program numbers them.
fn heaps(position: &str) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    for term in position.split(" + ") {
        let open = term.rfind('(').unwrap();
        let name = &term[..open];
        for a in term[open + 1..term.len() - 1].split(',') {
            out.push((name.to_string(), a.parse().unwrap()));
        }
    }
    out
}

/// Largest take from a heap of `n` in this family (every take 1..=max is legal).
fn max_take(family: &str, n: u64) -> u64 {
    match family {
        "nim" => n,
        "bash[3]" => n.min(3),
        f => panic!("unexpected family {f}"),
    }
}

/// Nim-value of a heap by the rules: n for Nim, n mod 4 for Bash's game with 1..3.
fn value(family: &str, n: u64) -> u64 {
    match family {
        "nim" => n,
        "bash[3]" => n % 4,
        f => panic!("unexpected family {f}"),
    }
}

/// Whether the player to move loses (normal play by Sprague–Grundy; misère Nim by
/// Bouton's rule).
fn lost(position: &str, misere: bool) -> bool {
    let h = heaps(position);
    if misere && h.iter().all(|(_, n)| *n <= 1) {
        return h.iter().filter(|(_, n)| *n == 1).count() % 2 == 1;
    }
    h.iter().fold(0, |x, (f, n)| x ^ value(f, *n)) == 0
}

/// Plays every sequence of human moves (typed as `K H`) from `start`, checking at each
/// turn of the human that the computer left a lost position, and that the computer
/// wins every game. Returns the number of games played.
fn explore(args: &[&str], misere: bool, script: &mut Vec<String>) -> usize {
    let lines = play_json(args, &script.join("\n"));
    let states: Vec<&Value> = lines.iter().filter(|v| v["event"] == "state").collect();
    let last = states.last().unwrap();
    let position = last["position"].as_str().unwrap().to_string();
    if last["over"] == true {
        assert_eq!(last["winner"], "computer", "{args:?} {script:?}");
        // By the rules: in normal play the player to move at the end lost, in misère won.
        let stuck = if misere { "computer" } else { "human" };
        assert_eq!(last["to_move"], stuck);
        let end = lines.last().unwrap();
        assert_eq!(end["event"], "end");
        assert_eq!(end["winner"], "computer");
        return 1;
    }
    assert_eq!(last["to_move"], "human");
    assert!(
        lost(&position, misere),
        "computer left {position} ({script:?})"
    );
    assert_eq!(last["outcome"], "P");
    let mut games = 0;
    for (h, (family, n)) in heaps(&position).into_iter().enumerate() {
        for k in 1..=max_take(&family, n) {
            script.push(format!("{k} {}", h + 1));
            games += explore(args, misere, script);
            script.pop();
        }
    }
    games
}

#[test]
fn computer_never_loses_nim_1_2_3_moving_second() {
    let games = explore(&["nim(1,2,3)"], false, &mut Vec::new());
    assert!(games > 10);
}

#[test]
fn computer_never_loses_nim_2_3_moving_first() {
    assert!(!lost("nim(2,3)", false));
    let games = explore(&["--first", "computer", "nim(2,3)"], false, &mut Vec::new());
    assert!(games > 1);
}

#[test]
fn computer_never_loses_a_sum_with_bash() {
    // 5 mod 4 = 1, 1 ⊕ 2 = 3: a win for the first player.
    let args = ["--first", "computer", "bash[3](5) + nim(2)"];
    assert!(explore(&args, false, &mut Vec::new()) > 1);
}

#[test]
fn computer_never_loses_misere_nim() {
    // Misère: not all heaps ≤ 1, XOR 1 ≠ 0: the first player wins.
    let args = ["--misere", "--first", "computer", "nim(1,2,2)"];
    assert!(explore(&args, true, &mut Vec::new()) > 1);
    // 1,1,1: an odd number of 1-heaps is lost for the player to move.
    assert!(explore(&["--misere", "nim(1,1,1)"], true, &mut Vec::new()) >= 1);
}

#[test]
fn every_form_of_move_is_accepted() {
    // The same move (take 4 from the heap of 5) in three forms, then the menu.
    for typed in ["4 3", "take 4 from heap 3", "nim(3,4,1)", "nim(1, 4, 3)"] {
        let lines = play_json(&["nim(3,4,5)"], typed);
        let s = &lines[1];
        assert_eq!(s["event"], "state");
        assert_eq!(s["last_move"]["by"], "human", "{typed}");
        assert_eq!(s["last_move"]["move"]["to"], "nim(1)", "{typed}");
    }
    // Menu of nim(1,2): 1 + 2 moves; the first takes the heap of 1.
    let lines = play_json(&["nim(1,2)"], "1");
    assert_eq!(lines[1]["position"], "nim(0,2)");
}

#[test]
fn malformed_and_illegal_moves_get_a_message_and_a_new_prompt() {
    let script = "hello\nnim(\n9 9\n0 1\n4 9\nnim(3,4,6)\nnim(2,2,5)\nnim(3,4,5)\n99\n1 2 3 4\n\u{1F600}\nsub[1](3)\n\nnim(3,4,1)\n";
    let lines = play_json(&["nim(3,4,5)"], script);
    let errors = lines.iter().filter(|v| v["event"] == "error").count();
    assert_eq!(errors, 12, "{lines:?}");
    for v in lines.iter().filter(|v| v["event"] == "error") {
        assert!(!v["message"].as_str().unwrap().is_empty());
    }
    // The legal move at the end is still played.
    let moved = lines
        .iter()
        .find(|v| v["event"] == "state" && v["move_number"] == 1)
        .unwrap();
    assert_eq!(moved["position"], "nim(3,4,1)");
}

#[test]
fn end_of_input_ends_cleanly() {
    let lines = play_json(&["nim(3,4,5)"], "");
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["position"], "nim(3,4,5)");
    assert_eq!(lines[1]["event"], "end_of_input");
    let lines = play_json(&["nim(3,4,5)"], "quit\n");
    assert_eq!(lines[1]["event"], "quit");
}

#[test]
fn hint_undo_value_and_why() {
    let lines = play_json(&["nim(3,4,5)"], "hint\nvalue\n4 3\nwhy\nundo\nhint\n");
    let hint = &lines[1];
    assert_eq!(hint["event"], "hint");
    // 3 ⊕ 4 ⊕ 5 = 2: the only winning move is 3 → 1.
    assert_eq!(hint["winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(hint["winning_moves"][0]["to"], "nim(1)");
    assert_eq!(lines[2]["event"], "value");
    assert_eq!(lines[2]["grundy"], 2);
    let why = lines.iter().find(|v| v["event"] == "why").unwrap();
    assert!(why["lines"].as_array().unwrap().len() >= 2);
    let undo = lines.iter().position(|v| v["event"] == "undo").unwrap();
    assert_eq!(lines[undo + 1]["position"], "nim(3,4,5)");
    assert_eq!(lines[undo + 1]["to_move"], "human");
}

#[test]
fn text_mode_in_a_pipe_has_no_colour_and_draws_heaps() {
    let out = sprague()
        .args(["play", "nim(3,4,5)"])
        .write_stdin("4 3\nhint\nbogus\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('\x1b'), "{text}");
    assert!(text.contains("heap 3: ●●●●● (5)"), "{text}");
    assert!(text.contains("Computer:"), "{text}");
    assert!(text.contains("'bogus' is not a move"), "{text}");
    assert!(text.contains("Nothing was played"), "{text}");
    // The move typed is echoed with its heap: 4 from heap 3 leaves 1.
    assert!(text.contains("You: take 4 from heap 3 (5 → 1)"), "{text}");
}

#[test]
fn take_k_alone_is_never_guessed() {
    // `take 1` in nim(3,5) names no heap: an error, and nothing is played (the menu's
    // first entry would take all 3 stones of heap 1).
    let lines = play_json(
        &["nim(3,5)"],
        "take 1
",
    );
    assert_eq!(lines[1]["event"], "error", "{lines:?}");
    assert!(lines[1]["message"].as_str().unwrap().contains("which heap"));
    assert!(!lines.iter().any(|v| v["move_number"] == 1), "{lines:?}");
    // `take 1 from heap 2`: heap 2 goes from 5 to 4, and the JSON says so in numbers.
    let lines = play_json(
        &["nim(3,5)"],
        "take 1 from heap 2
",
    );
    let m = &lines[1]["last_move"]["move"];
    assert_eq!(lines[1]["position"], "nim(3,4)");
    assert_eq!((m["heap"].as_u64(), m["take"].as_u64()), (Some(2), Some(1)));
    // With one heap, `take 3` is clear: sub[1,3,4](10) → 7.
    let lines = play_json(
        &["sub[1,3,4](10)"],
        "take 3
",
    );
    assert_eq!(lines[1]["position"], "sub[1,3,4](7)");
    // `#N` is move N of the menu of nim(1,2): nim(0,2), nim(1,0), nim(1,1).
    let lines = play_json(
        &["nim(1,2)"],
        "#3
",
    );
    assert_eq!(lines[1]["position"], "nim(1,1)");
}

#[test]
fn equal_heaps_are_named_apart_in_hints() {
    // nim(5,5,1): 5 ⊕ 5 ⊕ 1 = 1; taking 1 from either 5 or the whole 1 wins (Bouton).
    let out = sprague()
        .args(["play", "nim(5,5,1)"])
        .write_stdin(
            "hint
take 1 from heap 1
",
        )
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for l in [
        "take 1 from heap 1 (5 → 4)",
        "take 1 from heap 2 (5 → 4)",
        "take 1 from heap 3 (1 → 0)",
        "You: take 1 from heap 1 (5 → 4)",
    ] {
        assert!(text.contains(l), "{l}: {text}");
    }
}

#[test]
fn a_full_text_game_ends_with_a_winner() {
    // The human takes the single heap: the human wins in one move.
    let out = sprague()
        .args(["play", "nim(4)"])
        .write_stdin("4 1\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("you win"), "{text}");
}

#[test]
fn bad_positions_exit_with_code_2() {
    let out = sprague().args(["play", "nim("]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = sprague()
        .args(["play", "--misere", "sub[1,2](4) + wythoff(1,2)"])
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(101), "no panic");
}

#[test]
fn solve_json_reports_remoteness() {
    // By hand: nim(1,1) lasts two moves; nim(1,2,3) is lost and the loser can make it
    // last six moves (one stone at a time); nim(7) is won at once.
    for (expr, r) in [
        ("nim(1,1)", 2),
        ("nim(1,2,3)", 6),
        ("nim(7)", 1),
        ("nim(0)", 0),
    ] {
        let out = sprague().args(["solve", "--json", expr]).output().unwrap();
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["remoteness"], r, "{expr}");
    }
    // Too large to search: the field is left out.
    let out = sprague()
        .args(["solve", "--json", "nim(1000000,1000000)"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v.get("remoteness").is_none());
}

#[test]
fn remoteness_follows_long_lines_of_play() {
    // sub[1](5000): every move takes one counter, so the game lasts exactly 5000
    // moves. Normal play: the second player makes the last move and wins. Misère
    // play: the second player makes the last move and loses.
    for (misere, outcome) in [(false, "P"), (true, "N")] {
        let mut args = vec!["solve", "--json"];
        if misere {
            args.push("--misere");
        }
        args.push("sub[1](5000)");
        let out = sprague().args(&args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["outcome"], outcome, "{args:?}");
        assert_eq!(v["remoteness"], 5000, "{args:?}");
    }
}

#[test]
fn play_bounds_its_remoteness_search_by_max_states() {
    // nim(10,10,10) has 286 positions (the multisets of at most three heaps of 1 to
    // 10): 100 are too few for its remoteness, 1000 are enough.
    let lines = play_json(&["--max-states", "100", "nim(10,10,10)"], "quit\n");
    assert!(lines[0]["remoteness"].is_null(), "{}", lines[0]);
    let lines = play_json(&["--max-states", "1000", "nim(10,10,10)"], "quit\n");
    assert!(lines[0]["remoteness"].is_u64(), "{}", lines[0]);
}

#[test]
fn repl_reads_lines_from_a_pipe() {
    let out = sprague()
        .arg("repl")
        .write_stdin("nim(3,4,5)\nnim(1,2,3)\nnim(3,)\n:misere\nnim(1,1)\n:quit\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('\x1b'));
    assert!(text.contains("N: the player to move wins"), "{text}");
    assert!(text.contains("P: the player to move loses"), "{text}");
    assert!(text.contains("error: bad expression"), "{text}");
    // Misère nim(1,1): an even number of 1-heaps is a win for the player to move.
    assert_eq!(
        text.matches("N: the player to move wins").count(),
        2,
        "{text}"
    );
}

/// The help of `play` (`--help` and the in-game `help`) lists the move words of every
/// family that has some, and the cells of every ruleset that names them, taken from
/// the registry: a sample position of every registered impartial family is built and
/// its family's words looked for.
#[test]
fn the_play_help_lists_every_familys_move_words_and_cells() {
    let out = |args: &[&str], stdin: &str| {
        let o = sprague().args(args).write_stdin(stdin).output().unwrap();
        String::from_utf8(o.stdout).unwrap()
    };
    let help = out(&["play", "--help"], "");
    let in_game = out(&["play", "wythoff(1,2)"], "help\nquit\n");
    let in_game_partizan = out(&["play", "domineering(2,2)"], "help\nquit\n");
    // A sample of every family (by its first name).
    let dir = std::env::temp_dir().join(format!("sprague-help-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tree = dir.join("tree.txt");
    std::fs::write(&tree, "4 3 # a path\n0 1\n1 2\n2 3\n1 2 3 4\n").unwrap();
    let tree = format!("treestair[\"{}\",2](1)", tree.to_str().unwrap());
    let samples = [
        "nim(3)",
        "sub[1,2](4)",
        "bash[2](4)",
        "wythoff(3,5)",
        "king(2,2)",
        "fib(5,2)",
        "stair(1,2)",
        "moore[2](1,2)",
        "ed(3,5)",
        "adjacent[2](4,1)",
        "ring(1,2,0)",
        "octal[0.77](5)",
        "grundy_game(5)",
        "lasker(4)",
        "split(4)",
        "andnim(5)",
        "submask(5)",
        "takeif[\"x <= 2\"](4)",
        "divisor(6)",
        "digraph[\"tests/data/path.txt\"](0)",
        "geography[\"tests/data/path.txt\"](0)",
        "jumpstair(1,0,2)",
        "nullify[\"1 2/3 4\"]",
        "seqnim(1,2)",
        "kth(5,1)",
        "circle[5,2](0,0)",
        "grid[\"..#/...\"](0,0)",
        &tree,
        "greenhackenbush(\"0-1\")",
        "turtles(\"HTH\")",
        "corners(\"HT/TH\")",
        "cram(1,4)",
    ];
    let mut covered: Vec<&str> = Vec::new();
    for sample in samples {
        let Ok(comps) = sprague::games::components(sample) else {
            continue;
        };
        covered.push(sample.split(['(', '[']).next().unwrap());
        for c in comps {
            if let Some(words) = c.family.move_words() {
                assert!(help.contains(words), "{sample}: {words}\n{help}");
                let form = words.split_once(": ").map_or(words, |p| p.0);
                assert!(in_game.contains(form), "{sample}: {form}\n{in_game}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    for e in sprague::games::impartial::FAMILIES {
        assert!(covered.contains(&e.name()), "no sample of {}", e.name());
    }
    let cells = sprague::games::partizan::move_cells();
    assert!(cells.len() >= 5, "{cells:?}");
    for (name, what) in cells {
        let line = format!("{name}: {what}");
        assert!(help.contains(&line), "{line}\n{help}");
        assert!(
            in_game_partizan.contains(&line),
            "{line}\n{in_game_partizan}"
        );
    }
}

/// The help of `value` has the usage line of every partizan ruleset of the registry.
#[test]
fn the_value_help_lists_every_ruleset() {
    let o = sprague().args(["value", "--help"]).output().unwrap();
    let help = String::from_utf8(o.stdout).unwrap();
    for usage in sprague::games::partizan::usages() {
        assert!(help.contains(usage), "{usage}\n{help}");
    }
    for name in sprague::games::partizan::NAMES
        .iter()
        .chain(&["cut", "unfair"])
    {
        assert!(help.contains(&format!("  {name} takes ")), "{name}\n{help}");
    }
}

#[test]
fn jump_staircases_token_placements_and_matrices_are_typed_in_their_own_words() {
    // Geography on the path 0–1–2, the token not yet placed: an end of the path is a
    // winning placement (a maximum matching misses it), the computer must step to 1,
    // and the token goes on to 2, where the computer is stuck.
    let lines = play_json(&["geography[\"0-1 1-2\"]"], "place 0\nto 2\n");
    assert_eq!(
        lines[1]["last_move"]["move"]["text"],
        "place the token on 0"
    );
    assert_eq!(lines[2]["position"], "geography[\"0-1 1-2\"](1,0)");
    let end = lines.last().unwrap();
    assert_eq!(
        (&end["event"], &end["winner"]),
        (&"end".into(), &"human".into())
    );
    // The jump staircase: two stones from step 3 over the empty step 2 onto step 1.
    let lines = play_json(&["jumpstair(0,0,2)"], "move 2 from 3 to 1\n");
    assert_eq!(lines[1]["position"], "jumpstair(2,0,0)");
    // A matrix: the winning move of the 3×3 sample of Codeforces 1451F, typed (take 1
    // from the corner, then along R R D D set 4, 2, 8, 0: every anti-diagonal XORs to
    // 0 after it: 0; 4 ⊕ 4; 2 ⊕ 5 ⊕ 7; 8 ⊕ 8; 0).
    let script = "start 0 0 take 2\nstart 0 0 take 1 path rrdd set 4 2\nstart 0 0 take 1 path rrdd set 4 2 8 0\n";
    let lines = play_json(&["nullify[\"1 2 3/4 5 6/7 8 9\"]"], script);
    let errors: Vec<&Value> = lines.iter().filter(|v| v["event"] == "error").collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    let moved = lines
        .iter()
        .find(|v| v["event"] == "state" && v["move_number"] == 1)
        .unwrap();
    assert_eq!(
        moved["position"],
        "nullify[\"1 2 3/4 5 6/7 8 9\"](0,0,0,0,1,4,0,2,2,1,2,8,2,2,0)"
    );
    assert_eq!(moved["outcome"], "P");
    // The computer, lost, still moves.
    assert!(
        lines
            .iter()
            .any(|v| v["event"] == "state" && v["move_number"] == 2)
    );
}

/// The options of a heap of `n` in the octal game 0.75, from its code: taking one
/// token may leave no heap (n = 1), one heap or two; taking two may leave no heap
/// (n = 2) or two heaps, never one.
fn options_075(n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (take, one) in [(1u64, true), (2, false)] {
        if n < take {
            continue;
        }
        let r = n - take;
        if r == 0 {
            out.push(vec![]);
            continue;
        }
        if one {
            out.push(vec![r]);
        }
        for a in 1..=r / 2 {
            out.push(vec![a, r - a]);
        }
    }
    out
}

/// Whether the player to move loses a sum of 0.75 heaps in misère play, by plain
/// game-tree search from the rules (the player who cannot move wins).
fn misere_lost_075(heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&n| n > 0).collect();
    key.sort_unstable();
    if let Some(&l) = memo.get(&key) {
        return l;
    }
    let mut has_move = false;
    let mut lost = true;
    for i in 0..key.len() {
        for o in options_075(key[i]) {
            has_move = true;
            let mut next = key.clone();
            next.remove(i);
            next.extend(o);
            if misere_lost_075(&next, memo) {
                lost = false;
            }
        }
    }
    let l = has_move && lost;
    memo.insert(key, l);
    l
}

#[test]
fn misere_play_of_heap_game_sums_uses_the_quotient_and_its_moves_win() {
    // Forty heaps of 0.75 are beyond the whole-sum search's bound; the quotient
    // answers at once. Its hints are checked against the game tree on smaller sums.
    let big: Vec<String> = (0..40).map(|i| (3 + i % 8).to_string()).collect();
    let out = play_json(
        &["--misere", &format!("octal[0.75]({})", big.join(","))],
        "hint\nquit\n",
    );
    assert!(out.iter().any(|v| v["event"] == "hint"), "{out:?}");
    let mut memo = HashMap::new();
    for heaps in [
        vec![3u64, 4, 5, 6, 7, 2],
        vec![1, 1, 2],
        vec![5, 5],
        vec![2, 6, 9],
        vec![1, 3, 8, 8],
    ] {
        let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let out = play_json(
            &["--misere", &format!("octal[0.75]({})", list.join(","))],
            "hint\nquit\n",
        );
        let hint = out
            .iter()
            .find(|v| v["event"] == "hint")
            .unwrap_or_else(|| panic!("{out:?}"));
        let lost = misere_lost_075(&heaps, &mut memo);
        assert_eq!(hint["outcome"], if lost { "P" } else { "N" }, "{heaps:?}");
        let moves = hint["winning_moves"].as_array().unwrap();
        assert_eq!(moves.is_empty(), lost, "{heaps:?}");
        for m in moves {
            let i = m["component"].as_u64().unwrap() as usize;
            let to = m["to"].as_str().unwrap();
            // `to` is the heap's replacement: `octal[0.75](4)`, a sum of such terms
            // for a split, or `0` when nothing is left.
            let mut next = heaps.clone();
            next.remove(i);
            for term in to.split(" + ").filter(|t| *t != "0") {
                let inner = term.split_once("](").unwrap().1.trim_end_matches(')');
                next.extend(inner.split(',').map(|s| s.parse::<u64>().unwrap()));
            }
            assert!(misere_lost_075(&next, &mut memo), "{heaps:?}: {m}");
        }
    }
}

/// The terminal draws the queen's and the king's boards as the web page does: the
/// corner `+` at the bottom right, the piece `x` columns left of it and `y` rows
/// above (the queen of wythoff(x, y) x columns and y rows from the corner, the king of
/// king(r, c) r rows and c columns).
#[test]
fn boards_have_their_corner_bottom_right() {
    let board = |expr: &str| {
        let o = sprague()
            .args(["play", expr])
            .write_stdin("quit\n")
            .output()
            .unwrap();
        let text = String::from_utf8(o.stdout).unwrap();
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && l.chars().all(|c| ".+QK".contains(c)))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(board("wythoff(2,1)"), ["Q..", "..+"]);
    assert_eq!(board("wythoff(0,2)"), ["Q", ".", "+"]);
    assert_eq!(board("king(1,2)"), ["K..", "..+"]);
    assert_eq!(board("king(2,1)"), ["K.", "..", ".+"]);
}
