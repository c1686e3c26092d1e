//! Hackenbush on graphs through the binary and the library: `hackenbush("0-1:B …")`
//! in `value`, `greenhackenbush("0-1 …")` in `solve`, against the rules (the plain
//! game tree) and published values: Berlekamp, Conway and Guy, Winning Ways (WW),
//! ch. 1–2 and 7; Ferguson, Game Theory, Part I, ch. 6 (green Hackenbush).

mod common;

use common::{exit_code, run_json};
use proptest::prelude::*;
use sprague::games::partizan::hackenbush_graph::{self, Edge, Graph, Hackenbush};
use sprague::partizan::{GameTable, Rules, Side, TreeValues};
use std::io::Write;
use std::process::{Command, Stdio};

fn canonical(expr: &str) -> String {
    run_json(&["value", "--json", expr])["canonical"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn graphs_in_value() {
    // WW ch. 1: a blue edge is 1, a red one −1; a red edge on a blue one is 1/2.
    assert_eq!(canonical("hackenbush(\"0-1:B\")"), "1");
    assert_eq!(canonical("hackenbush(\"g-1:R\")"), "-1");
    assert_eq!(canonical("hackenbush(\"0-1:B 1-2:R\")"), "1/2");
    // The same stalk written as letters, in a sum with it: 1/2 − 1/2 = 0.
    assert_eq!(
        canonical("hackenbush(\"0-1:B 1-2:R\") + hackenbush(\"RB\")"),
        "0"
    );
    // Several strings are one ground: a blue and a red edge cancel.
    assert_eq!(canonical("hackenbush(\"0-1:B\", \"0-1:R\")"), "0");
    // From the rules: two blue edges joined at the top (a cycle through the ground)
    // let Left cut one and leave the other, 1, so {1|} = 2.
    assert_eq!(canonical("hackenbush(\"0-1:B 1-0:B\")"), "2");
    // WW ch. 2: a green edge is *, green under blue ^*, blue under green 1*.
    assert_eq!(canonical("hackenbush(\"0-1:G\")"), "*");
    assert_eq!(canonical("hackenbush(\"0-1:G 1-2:B\")"), "^*");
    assert_eq!(canonical("hackenbush(\"0-1:B 1-2:G\")"), "1*");
    // Ferguson §6.3 (fusion): a circuit with an odd number of edges is worth a
    // single edge, one with an even number nothing.
    assert_eq!(canonical("hackenbush(\"0-1:G 1-2:G 2-0:G\")"), "*");
    assert_eq!(canonical("hackenbush(\"0-1:G 1-2:G 2-3:G 3-0:G\")"), "0");
    // A loop is worth a single edge (Ferguson §6.3).
    assert_eq!(canonical("hackenbush(\"0-1:G 1-1:G\")"), "*2");
}

#[test]
fn green_graphs_in_solve() {
    let solve = |e: &str| run_json(&["solve", "--json", e]);
    // WW ch. 7 (colon principle): branches *1 and *2 on a trunk of one edge make a
    // stalk of 1 + (1 ⊕ 2) = 4 edges.
    let v = solve("greenhackenbush(\"0-1 1-2 1-3 3-4\")");
    assert_eq!(v["grundy"], 4);
    assert_eq!(v["outcome"], "N");
    // The one winning move of a *4 tree whose trunk holds everything: cut the trunk.
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["to"], "greenhackenbush(\"\")");
    // A triangle on the ground (*1) and a single edge (*1): a second-player win.
    let v = solve("greenhackenbush(\"0-1 1-2 2-0 0-3\")");
    assert_eq!(v["grundy"], 0);
    assert_eq!(v["outcome"], "P");
    // In a sum with Nim: *4 + *4 = 0.
    let v = solve("greenhackenbush(\"0-1 1-2 1-3 3-4\") + nim(4)");
    assert_eq!(v["outcome"], "P");
    // The same graphs in value are nimbers.
    assert_eq!(canonical("greenhackenbush(\"0-1 1-2 1-3 3-4\")"), "*4");
}

#[test]
fn bad_graphs_point_at_the_column() {
    for (expr, column) in [
        ("hackenbush(\"0-1:B 1=2:R\")", "column 20"),
        ("hackenbush(\"0-1:B 1-2\")", "column 19"),
        ("hackenbush(\"0-1:X\")", "column 17"),
        ("hackenbush(\"0-1234567890:B\")", "column 15"),
        ("greenhackenbush(\"0-1 1-2:R\")", "column 22"),
        ("greenhackenbush(3)", "column 17"),
    ] {
        let (code, err) = exit_code(&["value", expr]);
        assert_eq!(code, 2, "{expr}: {err}");
        assert!(err.contains(column), "{expr}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // The game tree of a large blue-red graph ends at the state bound.
    let big: Vec<String> = (1..40)
        .map(|i| format!("{}-{i}:{}", i / 3, if i % 2 == 0 { 'B' } else { 'R' }))
        .collect();
    let (code, err) = exit_code(&[
        "value",
        "--max-states",
        "20000",
        &format!("hackenbush(\"{}\")", big.join(" ")),
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-states"), "{err}");
}

/// Runs `sprague ARGS` with `input` on standard input; the JSON document printed.
fn with_stdin(args: &[&str], input: &str) -> serde_json::Value {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn large_green_graphs_at_once() {
    let n = 100_000u64;
    // A path of 10^5 edges is a stalk: *100000, won by cutting the ground edge.
    let path: Vec<String> = (0..n).map(|i| format!("{i}-{}", i + 1)).collect();
    let v = with_stdin(
        &["solve", "--json", "-"],
        &format!("greenhackenbush(\"{}\")", path.join(" ")),
    );
    assert_eq!(v["grundy"], 100_000);
    assert_eq!(v["winning_moves"][0]["text"], "cut edge 1 (0-1)");
    // A cycle of 10^5 edges through the ground fuses into 10^5 loops: 0.
    let cycle: Vec<String> = (0..n).map(|i| format!("{i}-{}", (i + 1) % n)).collect();
    let v = with_stdin(
        &["solve", "--json", "-"],
        &format!("greenhackenbush(\"{}\")", cycle.join(" ")),
    );
    assert_eq!(v["grundy"], 0);
    // The edge-deletion game on a tree: a complete binary tree of 2^17 − 1 vertices
    // under one trunk edge. By the colon principle a complete binary tree of depth
    // d (d levels of edges) is worth t(d) = (t(d−1) + 1) ⊕ (t(d−1) + 1) = 0 for d ≥ 1,
    // so the trunk makes it *1.
    let mut edges = vec!["0-1".to_string()];
    for v in 2..(1u64 << 17) {
        edges.push(format!("{}-{v}", v / 2));
    }
    let v = with_stdin(
        &["value", "--json", "-"],
        &format!("hackenbush(\"{}\")", edges.join(":G ") + ":G"),
    );
    assert_eq!(v["canonical"], "*");
}

/// Hackenbush's moves alone, no regions or simplifications: the plain game tree.
struct Plain;
impl Rules for Plain {
    type Position = Graph;
    fn options(&self, g: &Graph, side: Side, out: &mut Vec<Graph>) {
        Hackenbush.options(g, side, out);
    }
}

fn colour(k: u8) -> Edge {
    [Edge::Blue, Edge::Red, Edge::Green][k as usize % 3]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every graph on at most 4 vertices with at most 5 edges of random colours: the
    /// value with regions, green pieces as stalks and closed forms equals the plain
    /// game tree.
    #[test]
    fn the_fast_paths_agree_with_the_plain_tree(
        edges in prop::collection::vec((0u32..4, 0u32..4, 0u8..3), 0..=5)
    ) {
        let g = Graph::new(edges.iter().map(|&(a, b, c)| (a, b, colour(c))).collect());
        let mut t = GameTable::with_limit(100_000_000);
        let want = TreeValues::new().value(&mut t, &Plain, &g).unwrap();
        let (got, _) = hackenbush_graph::value(&mut t, &mut TreeValues::new(), &g).unwrap();
        prop_assert_eq!(got, want, "{}", g.text());
        // A graph is shown as it is read back.
        let shown = Graph::parse(&g.text()).unwrap_or_default();
        let again = TreeValues::new().value(&mut t, &Plain, &shown).unwrap();
        prop_assert_eq!(again, want);
    }

    /// The colon principle with a partizan trunk: a green tree hanging from a vertex
    /// of a blue-red graph may be replaced by a green stalk of its nim-value
    /// (computed here by the plain impartial game tree, i.e. the plain partizan tree
    /// of the green part alone).
    #[test]
    fn green_trees_hang_as_stalks(
        trunk in prop::collection::vec((0u32..3, 0u32..3, 0u8..2), 1..=3),
        at in 0u32..3,
        green in prop::collection::vec(0u32..4, 1..=4),
    ) {
        // The green tree: vertex i + 1 of it hangs from an earlier one (0 its root).
        let mut t = GameTable::with_limit(100_000_000);
        let tree: Vec<(u32, u32, Edge)> = green
            .iter()
            .enumerate()
            .map(|(i, &p)| (p % (i as u32 + 1), i as u32 + 1, Edge::Green))
            .collect();
        let star = TreeValues::new().value(&mut t, &Plain, &Graph::new(tree.clone())).unwrap();
        let n = (0..=tree.len() as u32)
            .find(|&k| t.nimber(sprague::nat::Nat::from(k as u64)).unwrap() == star)
            .unwrap();
        let base: Vec<(u32, u32, Edge)> =
            trunk.iter().map(|&(a, b, c)| (a, b, colour(c))).collect();
        // Hang the tree (its vertices moved above the trunk's) at `at`.
        let shift = 10;
        let place = |v: u32| if v == 0 { at } else { v + shift };
        let mut with_tree = base.clone();
        with_tree.extend(tree.iter().map(|&(a, b, c)| (place(a), place(b), c)));
        let mut with_stalk = base.clone();
        with_stalk.extend((0..n).map(|i| (place(i), place(i + 1), Edge::Green)));
        let a = TreeValues::new().value(&mut t, &Plain, &Graph::new(with_tree)).unwrap();
        let b = TreeValues::new().value(&mut t, &Plain, &Graph::new(with_stalk)).unwrap();
        prop_assert_eq!(a, b);
    }
}

#[test]
fn parallel_edges_are_each_a_move_told_apart() {
    let solve = |args: &[&str]| {
        let mut all = vec!["solve", "--json"];
        all.extend_from_slice(args);
        run_json(&all)
    };
    // Two parallel blue edges and a red one: 1 + 1 − 1 = 1 (WW ch. 1). Left cutting
    // either blue edge leaves 1 − 1 = 0, a win: two moves, one per edge, each named.
    let v = solve(&["hackenbush(\"0-1:B 0-1:B 0-1:R\")"]);
    let moves = v["winning_moves_by_side"]["left"]["moves"]
        .as_array()
        .unwrap();
    let texts: Vec<&str> = moves.iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert_eq!(texts.len(), 2, "{texts:?}");
    assert!(texts[0].ends_with("(cutting edge 1, 0-1:B)"), "{texts:?}");
    assert!(texts[1].ends_with("(cutting edge 2, 0-1:B)"), "{texts:?}");
    for m in moves {
        assert_eq!(m["to"], "hackenbush(\"0-1:B 0-1:R\")");
    }
    // Right moving first cuts the red edge and leaves 2: no winning move.
    assert_eq!(v["winning_moves_by_side"]["right"]["wins"], false);
    // Three red edges 0-1 (edges 2, 5 and 6) in a sum: cutting any of them leaves the
    // same game, so all three are listed when one wins, each with its own text.
    let expr = "col(\"..L.|.LRR|...R\") + hackenbush(\"1-2:B 0-1:R 1-2:R 0-0:R 0-1:R 0-1:R\")";
    let v = solve(&["--first", "right", expr]);
    let moves = v["winning_moves"].as_array().unwrap();
    let texts: Vec<&str> = moves.iter().map(|m| m["text"].as_str().unwrap()).collect();
    let mut distinct = texts.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), texts.len(), "{texts:?}");
    for edge in [2, 5, 6] {
        let words = format!("(cutting edge {edge}, 0-1:R)");
        assert_eq!(
            texts.iter().filter(|t| t.ends_with(&words)).count(),
            1,
            "{edge}: {texts:?}"
        );
    }
    // Green Hackenbush (solve's impartial family): three edges on the ground (one cut
    // off from it, not written) are *1 + *1 + *1 = *1; cutting any leaves 0, three
    // moves numbered as the position is written.
    let v = solve(&["greenhackenbush(\"0-1 5-6 0-1 0-1\")"]);
    assert_eq!(v["position"], "greenhackenbush(\"0-1 0-1 0-1\")");
    let texts: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        ["cut edge 1 (0-1)", "cut edge 2 (0-1)", "cut edge 3 (0-1)"]
    );
    // The text output tells them apart too.
    let out = common::sprague()
        .args(["solve", "--first", "right", expr])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for edge in [2, 5, 6] {
        assert!(
            text.contains(&format!("(cutting edge {edge}, 0-1:R)")),
            "{text}"
        );
    }
}
