//! `sprague nash` on game trees (Gambit's `.efg` files): example trees copied
//! unchanged from the Gambit repository (github.com/gambitproject/gambit, commit
//! 8883f7591cb8, at the paths named in each test), answers worked out by hand from
//! the rules or taken from the published sources named; `--write-efg` read back,
//! `--svg`, bad files (exit 2 with line and column), limits (exit 3) and a tree
//! too deep for any recursion.

use crate::common::nash::{self, data, stdout};
use crate::common::{exit_code, run_json, sprague};
use serde_json::{Value, json};

fn temp_file(name: &str, text: &[u8]) -> String {
    nash::temp_file("efg", name, text)
}

/// Each subgame-perfect equilibrium's payoffs.
fn spe_payoffs(v: &Value) -> Vec<Value> {
    v["extensive"]["subgame_perfect"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["payoffs"].clone())
        .collect()
}

#[test]
fn shoham_figure_5_2_has_one_subgame_perfect_equilibrium() {
    // catalog/books/shohamleytonbrown2008/fig5_2.efg. By hand, from the leaves up:
    // player 1 at the last node takes G (2) over H (1); player 2 then takes E (5)
    // over F (1's G gives 2 the payoff 10)... 2 compares E = (5, 5) with F → G =
    // (2, 10): F. Player 2 at the left takes C (8) over D (3). Player 1 at the root:
    // A gives 3, B gives 2 (after F, G): A. Payoffs 3, 8, as in the book's text.
    let v = run_json(&["nash", "--json", &data("shoham_fig5_2.efg")]);
    let e = &v["extensive"];
    assert_eq!(e["perfect_information"], json!(true));
    assert_eq!(e["perfect_recall"], json!(true));
    assert_eq!(spe_payoffs(&v), vec![json!(["3", "8"])]);
    // Strategies: player 1 A (0) at set 1, G (0) at set 4; player 2 C (0), F (1).
    assert_eq!(
        e["subgame_perfect"][0]["strategies"],
        json!([[0, 0], [0, 1]])
    );
    // The play: root (0), then 2's left node (1), then the leaf (3, 8) (2).
    assert_eq!(e["subgame_perfect"][0]["path"], json!([0, 1, 2]));
    // Every subgame-perfect equilibrium is a Nash equilibrium of the reduced form:
    // player 1's 1* (A) against player 2's 12 (C, F).
    let pure: Vec<(u64, u64)> = v["pure"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["row"].as_u64().unwrap(), p["col"].as_u64().unwrap()))
        .collect();
    assert!(pure.contains(&(0, 1)), "{pure:?}");
    assert_eq!(
        e["reduced"]["strategies"],
        json!([["1*", "21", "22"], ["11", "12", "21", "22"]])
    );
    let text = stdout(&["nash", &data("shoham_fig5_2.efg")]);
    assert!(text.contains("every tie followed): 1\n"), "{text}");
    assert!(text.contains("play: 1 A → 2 C"), "{text}");
}

#[test]
fn the_sharing_game_has_two_subgame_perfect_equilibria_from_a_tie() {
    // catalog/books/shohamleytonbrown2008/fig5_1.efg: the brother proposes 2-0,
    // 1-1 or 0-2, the sister accepts or not (nobody gets anything if not). By hand:
    // after 2-0 the sister gets 0 either way (a tie); after 1-1 and 0-2 she accepts.
    // If she accepts 2-0 the brother proposes it (2, 0); if she refuses it he
    // proposes 1-1 (1, 1): two equilibria, both listed.
    let v = run_json(&["nash", "--json", &data("shoham_fig5_1.efg")]);
    let mut payoffs = spe_payoffs(&v);
    payoffs.sort_by_key(|p| p.to_string());
    assert_eq!(payoffs, vec![json!(["1", "1"]), json!(["2", "0"])]);
    // The limit on their number: one is not enough.
    let (code, err) = exit_code(&["nash", "--max-spe", "1", &data("shoham_fig5_1.efg")]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("more than 1 subgame-perfect") && err.contains("--max-spe"),
        "{err}"
    );
}

#[test]
fn selten_figure_2_reduces_to_gambit_e02() {
    // catalog/journals/ijgt/selten1975/fig2.efg: its reduced normal form is the
    // game of contrib/games/e02.nfg (doc/formats.nfgpay.rst): player 1's
    // strategies 1* (R), 21 (L then r), 22 (L then l); player 2's 1 (R), 2 (L).
    let from_tree = run_json(&["nash", "--json", &data("selten1975_fig2.efg")]);
    let from_nfg = run_json(&["nash", "--json", &data("e02.nfg")]);
    for key in [
        "pure",
        "mixed",
        "dominant",
        "dominated",
        "iterated",
        "degenerate",
    ] {
        assert_eq!(from_tree[key], from_nfg[key], "{key}");
    }
    assert_eq!(
        from_tree["extensive"]["reduced"]["strategies"],
        json!([["1*", "21", "22"], ["1", "2"]])
    );
    // By hand: at player 1's last node l (2) beats r (0); player 2 then takes R (2)
    // over L (0); player 1 takes R (1) over L (0). One equilibrium, payoffs 1, 1.
    assert_eq!(spe_payoffs(&from_tree), vec![json!(["1", "1"])]);
    // --write-nfg of the tree is the payoff version of e02's game.
    let nfg = stdout(&["nash", "--write-nfg", &data("selten1975_fig2.efg")]);
    assert!(nfg.ends_with("\n\n1 1\n0 2\n0 2\n1 1\n0 3\n2 0\n"), "{nfg}");
}

#[test]
fn myerson_poker_gives_the_published_behaviour_strategies() {
    // catalog/books/myerson1991/fig2_1.efg, Myerson (1991), section 2.1 (the
    // equilibrium of section 3.x): Fred raises with the red card always and with
    // the black card with probability 1/3; Alice meets with probability 2/3; Fred
    // expects 1/3. By hand from the reduced form (Fred's 11 = raise/raise, 12 =
    // raise/fold; Alice's 1 = meet, 2 = pass): 11 gives 0 against meet and 1 against
    // pass, 12 gives 1/2 and 0, so Alice's q = 2/3 makes Fred indifferent
    // (1 − q = q/2), and Fred's p = 1/3 on 11 makes Alice indifferent.
    let v = run_json(&["nash", "--json", &data("myerson_fig2_1.efg")]);
    assert_eq!(v["extensive"]["perfect_information"], json!(false));
    assert_eq!(v["extensive"]["subgame_perfect"], Value::Null);
    assert_eq!(
        v["mixed"],
        json!([{"row": ["1/3", "2/3", "0", "0"], "col": ["2/3", "1/3"], "payoffs": ["1/3", "-1/3"]}])
    );
    assert_eq!(
        v["extensive"]["behaviour"],
        json!([[[["1", "0"], ["1/3", "2/3"]], [["2/3", "1/3"]]]])
    );
    let text = stdout(&["nash", &data("myerson_fig2_1.efg")]);
    assert!(
        text.contains("Fred: set 1: Raise 1, Fold 0; set 2: Raise 1/3, Fold 2/3"),
        "{text}"
    );
    assert!(text.contains("Alice: set 1: Meet 2/3, Pass 1/3"), "{text}");
}

#[test]
fn reduced_form_matches_gambits_own_expectation() {
    // tests/test_games/reduction_generic_payoffs.efg, with the reduced strategic
    // form Gambit's tests/test_extensive.py expects for it (player 1's payoffs,
    // rows player 1's reduced strategies, columns player 2's).
    let v = run_json(&["nash", "--json", &data("reduction_generic_payoffs.efg")]);
    let expected = [
        [1, 1, 6, 8, 9, 12],
        [1, 1, 7, 10, 11, 12],
        [2, 4, 6, 8, 9, 12],
        [2, 4, 7, 10, 11, 12],
        [3, 5, 6, 8, 9, 12],
        [3, 5, 7, 10, 11, 12],
    ];
    let nfg = stdout(&[
        "nash",
        "--write-nfg",
        &data("reduction_generic_payoffs.efg"),
    ]);
    let numbers: Vec<i64> = nfg
        .lines()
        .skip_while(|l| !l.is_empty())
        .flat_map(|l| l.split_whitespace())
        .map(|w| w.parse().unwrap())
        .collect();
    // Profiles with player 1's strategy varying fastest, (player 1, player 2) each.
    for (j, col) in (0..6).map(|j| (j, j)) {
        for (i, row) in expected.iter().enumerate() {
            let at = (j * 6 + i) * 2;
            assert_eq!(numbers[at], row[col], "row {i}, column {j}");
            assert_eq!(numbers[at + 1], -row[col]);
        }
    }
    assert_eq!(
        v["extensive"]["reduced"]["strategies"],
        json!([
            ["1*1", "1*2", "211", "212", "221", "222"],
            ["11*", "12*", "2**", "3*1", "3*2", "4**"]
        ])
    );
}

#[test]
fn three_players_get_the_pure_equilibria_of_their_reduced_form() {
    // contrib/games/2x2x2.efg ("McKelvey McLennan game with 9 equilibria"): player
    // 2 does not see player 1's move, player 3 sees neither, so its normal form is
    // the 2×2×2 game with payoffs (U1,U2,U3) 9,8,12; (D1,D2,U3) 9,8,2; (U1,D2,D3)
    // and (D1,U2,D3) 3,4,6; 0 elsewhere. By hand, the pure equilibria are those four
    // profiles: from each, any one player's change gives them 0; from each profile
    // of zeros, player 3's change gains.
    let v = run_json(&["nash", "--json", &data("2x2x2.efg")]);
    let mut profiles: Vec<Value> = v["pure"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["profile"].clone())
        .collect();
    profiles.sort_by_key(|p| p.to_string());
    assert_eq!(
        profiles,
        vec![
            json!([0, 0, 0]),
            json!([0, 1, 1]),
            json!([1, 0, 1]),
            json!([1, 1, 0])
        ]
    );
    assert_eq!(v["extensive"]["subgame_perfect"], Value::Null);
    assert_eq!(v["extensive"]["behaviour"], Value::Null);
}

#[test]
fn written_trees_read_back_the_same() {
    for name in [
        "shoham_fig5_1.efg",
        "shoham_fig5_2.efg",
        "selten1975_fig2.efg",
        "myerson_fig2_1.efg",
        "2x2x2.efg",
        "reduction_generic_payoffs.efg",
        "cent2.efg",
    ] {
        let written = stdout(&["nash", "--write-efg", &data(name)]);
        let path = temp_file(name, written.as_bytes());
        assert_eq!(
            stdout(&["nash", "--write-efg", &path]),
            written,
            "{name}: not a fixed point"
        );
        assert_eq!(
            run_json(&["nash", "--json", &path]),
            run_json(&["nash", "--json", &data(name)]),
            "{name}"
        );
    }
    // cent2.efg's decimals are read exactly: .80 is 4/5, 19/20 stays.
    let written = stdout(&["nash", "--write-efg", &data("cent2.efg")]);
    assert!(
        written.contains("{ 4/5, 1/5 }") && written.contains("19/20"),
        "{written}"
    );
}

#[test]
fn the_header_tells_a_tree_whatever_the_name() {
    let text = std::fs::read(data("shoham_fig5_2.efg")).unwrap();
    let path = temp_file("tree.json", &text);
    assert_eq!(
        run_json(&["nash", "--json", &path]),
        run_json(&["nash", "--json", &data("shoham_fig5_2.efg")])
    );
    let out = sprague()
        .args(["nash", "--json", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert!(out.status.success());
    let from_stdin: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(from_stdin["extensive"]["nodes"], json!(9));
}

#[test]
fn svg_draws_the_tree_and_its_equilibrium_play() {
    let svg = stdout(&["nash", "--svg", &data("shoham_fig5_2.efg")]);
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.trim_end().ends_with("</svg>"));
    // 8 edges, of which the play A then C is drawn thick.
    assert_eq!(svg.matches("<line class=\"edge").count(), 8);
    assert_eq!(svg.matches("<line class=\"edge on\"").count(), 2);
    assert_eq!(svg.matches("class=\"payoffs\"").count(), 5);
    // Information sets of two nodes are joined (Myerson's poker: Alice's one set).
    let poker = stdout(&["nash", "--svg", &data("myerson_fig2_1.efg")]);
    assert_eq!(poker.matches("class=\"infoset\"").count(), 1);
    // Not a tree.
    let (code, err) = exit_code(&["nash", "--svg", &data("e02.nfg")]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("only game trees are drawn"), "{err}");
    let (code, err) = exit_code(&["nash", "--write-efg", &data("e02.nfg")]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a game tree"), "{err}");
}

#[test]
fn bad_trees_say_where() {
    let head = "EFG 2 R \"\" { \"A\" \"B\" }\n";
    let cases: &[(&str, &str, &str)] = &[
        (
            "EFG 3 R \"\" { \"A\" }\nt \"\" 0\n",
            "line 1, column 5",
            "version 2",
        ),
        (
            &format!("{head}c \"\" 1 \"\" {{ \"x\" 1/2 \"y\" 1/3 }} 0\nt \"\" 0\nt \"\" 0\n"),
            "line 2, column 11",
            "sum to 5/6, not 1",
        ),
        (
            &format!("{head}c \"\" 1 \"\" {{ \"x\" -1/2 \"y\" 3/2 }} 0\nt \"\" 0\nt \"\" 0\n"),
            "line 2, column 17",
            "negative",
        ),
        (
            &format!("{head}p \"\" 3 1 \"\" {{ \"x\" }} 0\nt \"\" 0\n"),
            "line 2, column 6",
            "player 3 is not among the 2 players",
        ),
        (
            &format!("{head}t \"\" 1 \"o\" {{ 1 2 3 }}\n"),
            "line 2, column 18",
            "more payoffs",
        ),
        (
            &format!(
                "{head}p \"\" 1 1 \"\" {{ \"x\" \"y\" }} 0\np \"\" 2 1 \"\" {{ \"a\" }} 0\nt \"\" 0\np \"\" 2 1 \"\" {{ \"a\" \"b\" }} 0\nt \"\" 0\nt \"\" 0\n"
            ),
            "line 5, column 10",
            "described differently",
        ),
        (
            &format!("{head}p \"\" 1 1 \"\" {{ \"x\" \"y\" }} 0\nt \"\" 0\n"),
            "line 4, column 1",
            "ends early",
        ),
        (
            &format!("{head}t \"\" 0\nt \"\" 0\n"),
            "line 3, column 1",
            "end of the file",
        ),
        (
            &format!("{head}p \"\" 1 1 {{ \"x\" }} 0\np \"\" 1 2 0\nt \"\" 0\n"),
            "line 3, column 8",
            "without its actions",
        ),
        (
            &format!("{head}t \"\" 1 \"o\" {{ 1 1/0 }}\n"),
            "line 2, column 16",
            "denominator is zero",
        ),
        (
            &format!("{head}t \"\" 0 \"o\" {{ 1 1 }}\n"),
            "line 2, column 8",
            "null outcome",
        ),
        (
            &format!("{head}t \"\" 2\n"),
            "line 2, column 6",
            "without its payoffs",
        ),
        (
            "EFG 2 R \"\" { }\nt \"\" 0\n",
            "line 1, column 12",
            "no player",
        ),
        (
            &format!("{head}x \"\" 0\n"),
            "line 2, column 1",
            "expected a node",
        ),
    ];
    for (i, (text, place, what)) in cases.iter().enumerate() {
        let path = temp_file(&format!("bad{i}.efg"), text.as_bytes());
        let (code, err) = exit_code(&["nash", &path]);
        assert_eq!(code, 2, "{text}: {err}");
        assert!(err.contains(place) && err.contains(what), "{text}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

/// A chain of `n` nodes where the players alternately stop (outcome 0) or go on;
/// going on to the end gives both 1.
fn chain(n: usize) -> String {
    let mut out = String::from("EFG 2 R \"chain\" { \"A\" \"B\" }\n");
    for i in 0..n {
        out.push_str(&format!(
            "p \"\" {} {} \"\" {{ \"stop\" \"go\" }} 0\nt \"\" 0\n",
            i % 2 + 1,
            i + 1
        ));
    }
    out.push_str("t \"\" 1 \"end\" { 1, 1 }\n");
    out
}

#[test]
fn deep_trees_need_no_recursion() {
    // 50 000 levels: solved by backward induction (going on is the only best
    // move: 1 against 0), its reduced form beyond the budget and said so.
    let path = temp_file("chain50k.efg", chain(50_000).as_bytes());
    let v = run_json(&["nash", "--json", &path]);
    assert_eq!(v["extensive"]["depth"], json!(50_000));
    assert_eq!(spe_payoffs(&v), vec![json!(["1", "1"])]);
    assert_eq!(v["extensive"]["reduced"], Value::Null);
    assert!(v["extensive"]["reduced_note"].is_string());
    let written = stdout(&["nash", "--write-efg", &path]);
    assert_eq!(
        written.lines().filter(|l| l.starts_with("p ")).count(),
        50_000
    );
    let (code, err) = exit_code(&["nash", "--svg", &path]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("more than the 2000 drawn"), "{err}");
    // A million levels: refused by the bound on depth, not by a crash.
    let path = temp_file("chain1m.efg", chain(1_000_000).as_bytes());
    let (code, err) = exit_code(&["nash", &path]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("deeper than the 100000 levels"), "{err}");
    // A million and one leaves under one node: refused by the bound on nodes.
    let k = 1_000_001;
    let mut wide = String::from("EFG 2 R \"\" { \"A\" }\np \"\" 1 1 \"\" {");
    for _ in 0..k {
        wide.push_str(" \"\"");
    }
    wide.push_str(" } 0\n");
    for _ in 0..k {
        wide.push_str("t \"\" 0\n");
    }
    let path = temp_file("wide.efg", wide.as_bytes());
    let (code, err) = exit_code(&["nash", &path]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("more than the 1000000 nodes"), "{err}");
}
