//! `sprague nash` on Gambit's `.nfg` files and on games of three or more players:
//! Gambit's own example games (copied unchanged from the Gambit repository,
//! github.com/gambitproject/gambit, at the paths named in each test), `--write-nfg`
//! and reading back, bad files (exit 2 with line and column) and limits (exit 3).

use crate::common::nash::{self, data, stdout};
use crate::common::{exit_code, run_json, sprague};
use serde_json::{Value, json};

fn temp_file(name: &str, text: &[u8]) -> String {
    nash::temp_file("nfg", name, text)
}

fn profiles(v: &Value) -> Vec<Value> {
    v["pure"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["profile"].clone())
        .collect()
}

#[test]
fn selten_e02_is_the_same_game_as_its_json() {
    // contrib/games/e02.nfg (removed from contrib/games in commit ff229251f; the
    // same game is the example of doc/formats.nfgpay.rst). Player 1 (rows) has 3
    // strategies, player 2 (columns) 2, payoffs with player 1's strategy varying
    // fastest: (1,1) 1,1; (2,1) 0,2; (3,1) 0,2; (1,2) 1,1; (2,2) 0,3; (3,2) 2,0.
    let json_game = temp_file(
        "e02.json",
        br#"{"rows": ["1", "2", "3"], "cols": ["1", "2"],
             "row_payoffs": [[1, 1], [0, 0], [0, 2]], "col_payoffs": [[1, 1], [2, 3], [2, 0]]}"#,
    );
    let from_nfg = run_json(&["nash", "--json", &data("e02.nfg")]);
    assert_eq!(from_nfg, run_json(&["nash", "--json", &json_game]));
    // By hand: at (1, 1) player 1 gets 1 against 0 and 0, player 2 gets 1 either way;
    // every other cell gives someone a gain (e.g. (1, 2): player 1 switches to 3 for 2).
    assert_eq!(
        from_nfg["pure"],
        json!([{"row": 0, "col": 0, "payoffs": ["1", "1"]}])
    );
    // Row 2 is strictly dominated by row 1 (1 > 0 in both columns).
    assert_eq!(
        from_nfg["dominated"]["row"],
        json!([{"strategy": 1, "by": 0, "strict": true}])
    );
}

#[test]
fn local_max_cut_has_the_two_pure_equilibria_its_comment_states() {
    // tests/test_games/2x2x2_nfg_from_local_max_cut_2_pure_1_mixed_eq.nfg: its
    // comment lists "a b a" and "b a b" as the only pure equilibria, paying 2 4 2.
    let v = run_json(&["nash", "--json", &data("local_max_cut.nfg")]);
    assert_eq!(v["players"], json!(["Player 1", "Player 2", "Player 3"]));
    assert_eq!(
        v["pure"],
        json!([{"profile": [0, 1, 0], "payoffs": ["2", "4", "2"]},
               {"profile": [1, 0, 1], "payoffs": ["2", "4", "2"]}])
    );
    // The same comment: "in addition, uniform mixture is an equilibrium", and
    // the file's name says 2 pure and 1 mixed: three equilibria, all exact.
    assert_eq!(v["complete"], json!(true));
    let mixed = v["mixed"].as_array().unwrap();
    assert_eq!(mixed.len(), 3);
    assert!(mixed.iter().all(|e| e["kind"] == "exact"));
    assert_eq!(
        mixed[0]["probabilities"],
        json!([["1", "0"], ["0", "1"], ["1", "0"]])
    );
    assert_eq!(
        mixed[1]["probabilities"],
        json!([["0", "1"], ["1", "0"], ["0", "1"]])
    );
    assert_eq!(
        mixed[2]["probabilities"],
        json!([["1/2", "1/2"], ["1/2", "1/2"], ["1/2", "1/2"]])
    );
    assert_eq!(mixed[2]["support"], json!([[0, 1], [0, 1], [0, 1]]));
    assert!(
        v["note"]
            .as_str()
            .unwrap()
            .contains("mixed equilibria by support enumeration")
    );
    let text = stdout(&["nash", &data("local_max_cut.nfg")]);
    for line in [
        "game: 3 players, 2 × 2 × 2 strategies (8 profiles)",
        "  (1, 2, 1) → 2, 4, 2",
        "pure equilibria (2; no player gains by changing strategy alone):",
        "Nash equilibria (3; pure ones included;",
        "  3. Player 1: 1=1/2, 2=1/2; Player 2: 1=1/2, 2=1/2; Player 3: 1=1/2, 2=1/2 → 1/2, 2, 1/2 (exact)",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
}

#[test]
fn mckelvey_mclennan_outcome_version() {
    // contrib/games/2x2x2.nfg, the outcome version: outcome k for the k-th profile,
    // (1,1,1) 9,8,12; (2,1,1) 0; (1,2,1) 0; (2,2,1) 9,8,2; (1,1,2) 0; (2,1,2) 3,4,6;
    // (1,2,2) 3,4,6; (2,2,2) 0. By hand, a profile paying 0 to all lets someone
    // gain; the four others pay each player more than its one deviation (which
    // pays 0): (1,1,1), (2,2,1), (2,1,2) and (1,2,2) are the pure equilibria.
    let v = run_json(&["nash", "--json", &data("2x2x2.nfg")]);
    assert_eq!(
        profiles(&v),
        [
            json!([0, 0, 0]),
            json!([1, 1, 0]),
            json!([1, 0, 1]),
            json!([0, 1, 1])
        ]
    );
    assert_eq!(v["pure"][1]["payoffs"], json!(["9", "8", "2"]));
    assert_eq!(v["dominated"], json!([[], [], []]));
    assert_eq!(v["iterated"]["rounds"], json!(0));
    // Its title: "with 9 Nash equilibria, 2 totally mixed"; by hand (see
    // crates/nash/tests/mixed_many.rs) the totally mixed ones are
    // (2/5, 1/2, 1/3) and (1/2, 2/5, 1/4) for the first strategies.
    let mixed = v["mixed"].as_array().unwrap();
    assert_eq!(mixed.len(), 9);
    assert_eq!(v["complete"], json!(true));
    let total: Vec<&Value> = mixed
        .iter()
        .filter(|e| e["support"] == json!([[0, 1], [0, 1], [0, 1]]))
        .collect();
    assert_eq!(total.len(), 2);
    assert_eq!(
        total[0]["probabilities"],
        json!([["2/5", "3/5"], ["1/2", "1/2"], ["1/3", "2/3"]])
    );
    assert_eq!(
        total[1]["probabilities"],
        json!([["1/2", "1/2"], ["2/5", "3/5"], ["1/4", "3/4"]])
    );
}

#[test]
fn an_irrational_equilibrium_is_a_proved_interval() {
    // Three players choose 1 or 2; 2 pays 0, 1 pays 2 when both others choose 1,
    // −1 when neither does, 0 otherwise. By hand (crates/nash/tests/mixed_many.rs)
    // the totally mixed equilibrium has each choose 1 with probability √2 − 1 =
    // 0.41421356237309…
    let mut text = String::from("NFG 1 R \"\" { \"A\" \"B\" \"C\" } { 2 2 2 }\n");
    for index in 0..8 {
        let s = [index & 1, index >> 1 & 1, index >> 2 & 1];
        for p in 0..3 {
            let on_1 = (0..3).filter(|&o| o != p && s[o] == 0).count();
            let v = if s[p] == 1 { 0 } else { [-1, 0, 2][on_1] };
            text.push_str(&format!("{v} "));
        }
    }
    let f = temp_file("root2.nfg", text.as_bytes());
    let v = run_json(&["nash", "--json", &f]);
    let boxes: Vec<&Value> = v["mixed"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "interval")
        .collect();
    assert_eq!(boxes.len(), 1);
    assert_eq!(boxes[0]["checked"], json!(true));
    let out = stdout(&["nash", &f]);
    assert!(out.contains("A: 1=[0.41421356237"), "{out}");
    assert!(
        out.contains("(interval: irrational or not recovered exactly;"),
        "{out}"
    );
    // The work of the subdivision is bounded: exit 3 naming the bound.
    let (code, err) = exit_code(&["nash", "--max-pairs", "500", &f]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-pairs"), "{err}");
}

#[test]
fn a_continuum_of_equilibria_is_reported_as_one() {
    // Matching pennies between players 2 and 3; player 1 is paid nothing, so any
    // mixture of its own goes with the others' halves.
    let f = temp_file(
        "pennies3.nfg",
        b"NFG 1 R \"\" { \"A\" \"B\" \"C\" } { 2 2 2 }\n0 1 -1  0 1 -1  0 -1 1  0 -1 1  0 -1 1  0 -1 1  0 1 -1  0 1 -1\n",
    );
    let v = run_json(&["nash", "--json", &f]);
    let c: Vec<&Value> = v["mixed"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "continuum")
        .collect();
    assert_eq!(c.len(), 1);
    assert_eq!(c[0]["player"], json!(0));
    assert_eq!(c[0]["from"][1], json!(["1/2", "1/2"]));
    let out = stdout(&["nash", &f]);
    assert!(
        out.contains("a continuum of equilibria: every point of the segment from"),
        "{out}"
    );
}

#[test]
fn the_two_versions_of_one_coordination_game_agree() {
    // tests/test_games/coordination_4x4_outcome.nfg and coordination_4x4_payoff.nfg:
    // one game written both ways (the outcome version names the strategies).
    let a = stdout(&["nash", "--write-nfg", &data("coordination_4x4_outcome.nfg")]);
    let b = stdout(&["nash", "--write-nfg", &data("coordination_4x4_payoff.nfg")]);
    let payoffs = |s: &str| s.lines().skip(3).map(String::from).collect::<Vec<_>>();
    assert_eq!(payoffs(&a), payoffs(&b));
    assert_eq!(payoffs(&a).len(), 16);
    // A coordination game: the four diagonal cells pay 1, 1 and are the pure equilibria.
    let v = run_json(&["nash", "--json", &data("coordination_4x4_outcome.nfg")]);
    let diagonal: Vec<Value> = (0..4)
        .map(|i| json!({"row": i, "col": i, "payoffs": ["1", "1"]}))
        .collect();
    assert_eq!(v["pure"], json!(diagonal));
}

#[test]
fn decimals_are_read_exactly() {
    // contrib/games/2x2x2x2.nfg: payoffs with three decimals, such as 1.131 and 4.225.
    let out = stdout(&["nash", "--write-nfg", &data("2x2x2x2.nfg")]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "NFG 1 R \"Four person, 2x2x2x2 game with 3 Nash equilibria\" { \"1\" \"2\" \"3\" \"4\" }"
    );
    // 1.131 1.210 2.426 2.429 and then 4.225 5.277 4.837 5.645, in lowest terms.
    assert_eq!(lines[3], "1131/1000 121/100 1213/500 2429/1000");
    assert_eq!(lines[4], "169/40 5277/1000 4837/1000 1129/200");
}

#[test]
fn written_games_read_back_as_the_same_game() {
    // Fractions, decimals and names with quotes and backslashes.
    let game = temp_file(
        "names.json",
        br#"{"rows": ["say \"yes\"", "C:\\dir\\"], "cols": ["a b", "{x}"],
             "row_payoffs": [["3/4", 0], [-1, 0.5]], "col_payoffs": [["-1/2", 2], [0, "1e2"]]}"#,
    );
    let nfg = stdout(&["nash", "--write-nfg", &game]);
    assert_eq!(
        nfg,
        "NFG 1 R \"\" { \"row\" \"column\" }\n\
         { { \"say \\\"yes\\\"\" \"C:\\\\dir\\\\\" } { \"a b\" \"{x}\" } }\n\n\
         3/4 -1/2\n-1 0\n0 2\n1/2 100\n"
    );
    let back = temp_file("names.nfg", nfg.as_bytes());
    assert_eq!(
        run_json(&["nash", "--json", &back]),
        run_json(&["nash", "--json", &game])
    );
    assert_eq!(stdout(&["nash", "--write-nfg", &back]), nfg);
    // A three-player game with its title and comment keeps them.
    let three = stdout(&["nash", "--write-nfg", &data("local_max_cut.nfg")]);
    assert!(three.starts_with(
        "NFG 1 R \"2x2x2 game with 2 pure and 1 mixed equilibrium\" { \"Player 1\" \"Player 2\" \"Player 3\" }\n\
         { { \"1\" \"2\" } { \"1\" \"2\" } { \"1\" \"2\" } }\n\"\n- This comes from a local max cut instance:"
    ));
    let again = temp_file("three.nfg", three.as_bytes());
    assert_eq!(stdout(&["nash", "--write-nfg", &again]), three);
    assert_eq!(
        run_json(&["nash", "--json", &again]),
        run_json(&["nash", "--json", &data("local_max_cut.nfg")])
    );
}

#[test]
fn standard_input_may_be_an_nfg_file() {
    let out = sprague()
        .args(["nash", "--json", "-"])
        .write_stdin("NFG 1 R \"\" { \"A\" \"B\" \"C\" } { 1 1 2 }\n1 1 1  2 2 2\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    // Player C prefers its second strategy (2 > 1); the others have one strategy.
    assert_eq!(profiles(&v), [json!([0, 0, 1])]);
    assert_eq!(v["dominant"], json!([0, 0, 1]));
    assert_eq!(
        v["dominated"],
        json!([[], [], [{"strategy": 0, "by": 1, "strict": true}]])
    );
}

/// `sprague nash FILE` on `text`: exit 2, one line naming the file and holding
/// each of `expected`.
fn bad(name: &str, text: &str, expected: &[&str]) {
    let f = temp_file(name, text.as_bytes());
    for args in [
        vec!["nash", f.as_str()],
        vec!["nash", "--json", f.as_str()],
        vec!["nash", "--write-nfg", f.as_str()],
    ] {
        let (code, err) = exit_code(&args);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(err.contains(&f), "{name}: the file is not named: {err}");
        for e in expected {
            assert!(err.contains(e), "{name}: {e:?} not in {err}");
        }
        assert_eq!(err.lines().count(), 1, "{name}: one line: {err}");
    }
}

#[test]
fn bad_files_say_where() {
    let head = "NFG 1 R \"t\" { \"A\" \"B\" \"C\" } { 2 2 2 }\n";
    bad(
        "truncated.nfg",
        &format!("{head}1 2 3\n4 5"),
        &[
            "line 3, column 4",
            "the file ends after 5 payoffs",
            "need 24",
        ],
    );
    bad(
        "bad_number.nfg",
        &format!("{head}1 2 3\n4 5 6.5.1 {}", "0 ".repeat(18)),
        &["line 3, column 5", "'6.5.1' is not a number"],
    );
    bad(
        "too_many.nfg",
        &format!("{head}{}\n7", "0 ".repeat(24)),
        &["line 3, column 1", "expected the end of the file"],
    );
    bad(
        "wrong_count.nfg",
        "NFG 1 R \"t\" { \"A\" \"B\" \"C\" } { 2 2 }\n1 2",
        &[
            "line 1, column 35",
            "numbers of strategies given for 2 of the 3 players",
        ],
    );
    bad(
        "huge.nfg",
        "NFG 1 R \"t\" { \"A\" \"B\" \"C\" } { 100000 100000 100000 }\n1 2 3",
        &["line 2, column 6", "need 3000000000000000"],
    );
    bad(
        "outcome.nfg",
        "NFG 1 R \"t\" { \"A\" \"B\" } { 1 2 }\n{ { \"o\" 1, 2 } }\n1 3",
        &[
            "line 3, column 3",
            "outcome number '3' is not among the 1 outcomes",
        ],
    );
    bad(
        "no_string_end.nfg",
        "NFG 1 R \"t\" { \"A\" \"B } { 1 2 } 1 2 3 4",
        &["line 1, column 19", "a string that is never closed"],
    );
}

#[test]
fn the_profiles_examined_are_bounded() {
    // 3 players with 40 strategies each: 64 000 profiles, each examined once per
    // player for pure equilibria, and dominance compares 40 · 39 pairs of
    // strategies per player against 1 600 profiles of the others.
    let mut text = String::from("NFG 1 R \"\" { \"A\" \"B\" \"C\" } { 40 40 40 }\n");
    for i in 0..64_000 {
        text.push_str(&format!("{} {} {}\n", i % 7, i % 5, i % 3));
    }
    let f = temp_file("big.nfg", text.as_bytes());
    let (code, err) = exit_code(&["nash", "--max-pairs", "100000", &f]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-pairs"), "{err}");
    let v = run_json(&["nash", "--json", "--max-pairs", "100000000", &f]);
    assert!(v["pure"].is_array());
}

#[test]
fn json_games_of_three_players() {
    // The local max cut game of tests/test_games/2x2x2_nfg_from_local_max_cut_2_pure_1_mixed_eq.nfg
    // in the JSON form: payoffs[i][j][k] for player 1 playing i, 2 playing j, 3 playing k.
    let game = temp_file(
        "max_cut.json",
        br#"{"players": ["Player 1", "Player 2", "Player 3"],
             "strategies": [["1", "2"], ["1", "2"], ["1", "2"]],
             "payoffs": [[[[0, 0, 0], [-1, 2, 1]], [[2, 4, 2], [1, 2, -1]]],
                         [[[1, 2, -1], [2, 4, 2]], [[-1, 2, 1], [0, 0, 0]]]]}"#,
    );
    assert_eq!(
        run_json(&["nash", "--json", &game]),
        run_json(&["nash", "--json", &data("local_max_cut.nfg")])
    );
    let from_json = stdout(&["nash", "--write-nfg", &game]);
    let from_nfg = stdout(&["nash", "--write-nfg", &data("local_max_cut.nfg")]);
    let body = |s: &str| {
        s.lines()
            .rev()
            .take(8)
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(body(&from_json), body(&from_nfg));
    // Errors name the place.
    let f = temp_file(
        "short.json",
        br#"{"players": ["A", "B", "C"], "strategies": [["a"], ["b"], ["c", "d"]],
             "payoffs": [[[[1, 2, 3]]]]}"#,
    );
    let (code, err) = exit_code(&["nash", &f]);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "line 2, column 27: payoffs[0][0] has 1 entries, but player \"C\" has 2 strategies"
        ),
        "{err}"
    );
}

#[test]
fn many_players_with_one_strategy_each_are_quick() {
    // 100 000 players: the first two choose between two strategies, the others have
    // one. Player 1 prefers its second strategy whatever happens (payoff 1 against
    // 0), player 2 matches player 1; everyone else gets 0.
    let n = 100_000;
    let mut text = format!(
        "NFG 1 R \"\" {{{}}} {{ 2 2 {}}}\n",
        " \"\"".repeat(n),
        "1 ".repeat(n - 2)
    );
    for (a, b) in [(0, 1), (1, 0), (0, 0), (1, 1)] {
        text.push_str(&format!("{a} {b} {}\n", "0 ".repeat(n - 2)));
    }
    let f = temp_file("crowd.nfg", text.as_bytes());
    let v = run_json(&["nash", "--json", &f]);
    // Profiles (1,1), (2,1), (1,2), (2,2): player 1 gets 0, 1, 0, 1 and player 2 gets
    // 1, 0, 0, 1 (1 when matching); only (2, 2) has no gainful deviation.
    assert_eq!(v["pure"].as_array().unwrap().len(), 1);
    assert_eq!(v["pure"][0]["profile"][0], json!(1));
    assert_eq!(v["pure"][0]["profile"][1], json!(1));
    assert_eq!(v["dominant"][0], json!(1));
    assert_eq!(v["iterated"]["rounds"], json!(2));
    // Empty player names become _1, _2, … as in Gambit.
    assert_eq!(v["players"][99_999], json!("_100000"));
}

#[test]
fn the_report_of_two_players_names_the_file_s_title_and_players() {
    let f = temp_file(
        "named.nfg",
        b"NFG 1 R \"Who yields\" { \"Ann\" \"Bob\" }\n{ { \"go\" \"stop\" } { \"go\" \"stop\" } }\n\n0 0 1 -1 -1 1 0 0\n",
    );
    let text = stdout(&["nash", &f]);
    let lines: Vec<&str> = text.lines().take(3).collect();
    assert_eq!(
        lines,
        [
            "game: 2 row strategies × 2 column strategies",
            "title: Who yields",
            "row player: Ann; column player: Bob",
        ],
        "{text}"
    );
    // The same game as JSON has no title and no player names.
    let json = temp_file(
        "named.json",
        br#"{"rows": ["go", "stop"], "cols": ["go", "stop"], "row_payoffs": [[0, -1], [1, 0]], "col_payoffs": [[0, 1], [-1, 0]]}"#,
    );
    let plain = stdout(&["nash", &json]);
    assert!(
        !plain
            .lines()
            .any(|l| l.starts_with("title:") || l.contains("; column player:")),
        "{plain}"
    );
    let rest = |t: &str| {
        t.lines()
            .skip_while(|l| !l.starts_with("payoffs"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(rest(&text), rest(&plain));
}
