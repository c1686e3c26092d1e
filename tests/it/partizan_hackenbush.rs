//! Hackenbush on graphs through the binary and the library: `hackenbush("0-1:B …")`
//! in `value`, `greenhackenbush("0-1 …")` in `solve`, against the rules (the plain
//! game tree) and published values: Berlekamp, Conway and Guy, Winning Ways (WW),
//! ch. 1–2 and 7; Ferguson, Game Theory, Part I, ch. 6 (green Hackenbush).

use crate::common::{self, exit_code, run_json};
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

/// The nim-value of a green graph straight from the rules: the mex of the values of
/// the graphs left by deleting one edge (and every edge it cut off the ground), every
/// position valued once. Independent of the fusion and colon principles.
fn green_mex(
    edges: &[(u32, u32)],
    memo: &mut std::collections::HashMap<Vec<(u32, u32)>, u64>,
) -> u64 {
    let mut key: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut seen = Vec::new();
    for i in 0..key.len() {
        let mut rest = key.clone();
        rest.remove(i);
        // Keep the edges still connected to the ground (vertex 0).
        let mut reached = vec![0u32];
        let mut grew = true;
        while grew {
            grew = false;
            for &(a, b) in &rest {
                for (x, y) in [(a, b), (b, a)] {
                    if reached.contains(&x) && !reached.contains(&y) {
                        reached.push(y);
                        grew = true;
                    }
                }
            }
        }
        rest.retain(|&(a, _)| reached.contains(&a));
        seen.push(green_mex(&rest, memo));
    }
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(key, v);
    v
}

/// The longest play of a position (both players moving in any order), from the
/// rules: the bound [`Ruleset::height`] must not be below it.
fn longest_play(g: &Graph) -> u64 {
    let mut opts = Vec::new();
    for side in [Side::Left, Side::Right] {
        Hackenbush.options(g, side, &mut opts);
    }
    opts.iter().map(|o| longest_play(o) + 1).max().unwrap_or(0)
}

#[test]
fn closed_values_agree_with_the_rules_on_every_small_graph() {
    use sprague::games::partizan::Ruleset;
    use sprague::nat::Nat;
    let mut t = GameTable::with_limit(100_000_000);
    let mut memo = std::collections::HashMap::new();
    let mut plain = TreeValues::new();
    // Every multigraph of at most 5 edges on the vertices 0..4 (loops included), all
    // green: the closed value is the nimber of the mex computation, and the plain
    // partizan game tree agrees.
    let pairs: Vec<(u32, u32)> = (0..4u32)
        .flat_map(|a| (a..4).map(move |b| (a, b)))
        .collect();
    let mut green = 0;
    let mut stack: Vec<Vec<usize>> = vec![Vec::new()];
    while let Some(picked) = stack.pop() {
        let edges: Vec<(u32, u32)> = picked.iter().map(|&i| pairs[i]).collect();
        let g = Graph::new(edges.iter().map(|&(a, b)| (a, b, Edge::Green)).collect());
        let got = Hackenbush.closed_value(&g, &mut t).unwrap().unwrap();
        let kept: Vec<(u32, u32)> = g.edges().iter().map(|&(a, b, _)| (a, b)).collect();
        let want = t.nimber(Nat::from(green_mex(&kept, &mut memo))).unwrap();
        assert_eq!(got, want, "{}", g.text());
        assert_eq!(
            got,
            plain.value(&mut t, &Plain, &g).unwrap(),
            "{}",
            g.text()
        );
        green += 1;
        if picked.len() < 5 {
            for k in picked.last().copied().unwrap_or(0)..pairs.len() {
                let mut next = picked.clone();
                next.push(k);
                stack.push(next);
            }
        }
    }
    assert_eq!(green, 3003); // multisets of at most 5 of 10 pairs: C(15, 5)
    // Every rooted tree of at most 7 edges (vertex i hangs from a vertex below i):
    // the colon principle against the mex computation.
    let mut trees = 0;
    for n in 1..=7u32 {
        let count: u32 = (1..=n).product();
        for code in 0..count {
            let (mut c, mut edges) = (code, Vec::new());
            for v in 1..=n {
                edges.push((c % v, v));
                c /= v;
            }
            let g = Graph::new(edges.iter().map(|&(a, b)| (a, b, Edge::Green)).collect());
            let got = Hackenbush.closed_value(&g, &mut t).unwrap().unwrap();
            let want = t.nimber(Nat::from(green_mex(&edges, &mut memo))).unwrap();
            assert_eq!(got, want, "{}", g.text());
            trees += 1;
        }
    }
    assert_eq!(trees, 1 + 2 + 6 + 24 + 120 + 720 + 5040);
    // Every stalk of at most 8 edges of blue, red and green: a closed value, when
    // there is one, is the plain game tree's; there is one exactly for the stalks
    // blue-red below a green top (x + *n) and the green ones.
    let mut closed = 0;
    let mut stalks = vec![Vec::new()];
    for _ in 0..8 {
        let mut longer = Vec::new();
        for s in &stalks {
            for c in [Edge::Blue, Edge::Red, Edge::Green] {
                let mut l: Vec<Edge> = s.clone();
                l.push(c);
                longer.push(l);
            }
        }
        for s in &longer {
            let g = Graph::stalk(s);
            let green_top = s
                .iter()
                .skip_while(|&&e| e != Edge::Green)
                .all(|&e| e == Edge::Green);
            match Hackenbush.closed_value(&g, &mut t) {
                Some(v) => {
                    assert!(green_top, "{}", g.text());
                    let want = plain.value(&mut t, &Plain, &g).unwrap();
                    assert_eq!(v.unwrap(), want, "{}", g.text());
                    closed += 1;
                }
                None => assert!(!green_top, "{}", g.text()),
            }
            assert!(Hackenbush.height(&g).unwrap() >= longest_play(&g));
        }
        stalks = longer;
    }
    assert!(closed > 500, "{closed}");
}

#[test]
fn green_stalks_in_partizan_sums_are_valued_not_searched() {
    use sprague::core::Limits;
    use sprague::core::Outcome;
    use sprague::games::partizan::component::read_sum;
    use sprague::games::partizan::domineering::{Board, Domineering};
    use sprague::search::partizan::{Search, SumSearch};
    /// Domineering's moves alone: its plain game tree.
    struct PlainDomineering;
    impl Rules for PlainDomineering {
        type Position = Board;
        fn options(&self, b: &Board, side: Side, out: &mut Vec<Board>) {
            Domineering.options(b, side, out);
        }
    }
    let limits = Limits {
        max_states: 10_000_000,
        ..Limits::default()
    };
    // Sums of a green stalk of n edges, a small Hackenbush graph and a Domineering
    // board: the search's outcome against the outcome of the sum of the plain game
    // trees' values (the stalk: the plain tree too, for n up to 9; beyond, *n).
    let graphs = [
        "",
        "0-1:B 1-2:G",
        "0-1:G 1-2:R 1-3:B",
        "0-1:B 1-2:R 2-0:G",
        "0-1:R",
    ];
    let boards = [
        "..|..",
        "...|...",
        "..#|...|.#.",
        "...|...|...",
        "....|.#..",
    ];
    let mut t = GameTable::with_limit(100_000_000);
    let mut checked = 0;
    for n in [0usize, 1, 3, 4, 5, 9, 40, 1000] {
        let stalk = "G".repeat(n);
        let star = if n <= 9 {
            TreeValues::new()
                .value(&mut t, &Plain, &Graph::parse(&stalk).unwrap())
                .unwrap()
        } else {
            t.nimber(sprague::nat::Nat::from(n as u64)).unwrap()
        };
        for g in graphs {
            let gv = TreeValues::new()
                .value(&mut t, &Plain, &Graph::parse(g).unwrap())
                .unwrap();
            for b in boards {
                let bv = TreeValues::new()
                    .value(&mut t, &PlainDomineering, &Board::parse(b).unwrap())
                    .unwrap();
                // X + *n with X = the graph + the board: Left wins moving first
                // exactly when X + *n ≰ 0, i.e. X ≰ *n (−*n = *n); Right when
                // *n ≰ X. (Comparisons, not the canonical form of X + *1000.)
                let x = t.add(gv, bv).unwrap();
                let left = !t.le(x, star).unwrap();
                let right = !t.le(star, x).unwrap();
                let want = match (left, right) {
                    (true, true) => Outcome::N,
                    (true, false) => Outcome::L,
                    (false, true) => Outcome::R,
                    (false, false) => Outcome::P,
                };
                let text =
                    format!("hackenbush(\"{stalk}\") + hackenbush(\"{g}\") + domineering(\"{b}\")");
                let mut own = GameTable::with_limit(limits.max_states);
                let parts = read_sum(&mut own, &text, &limits).unwrap();
                let mut s = Search::new(&mut own, &limits);
                let got: Outcome = s.outcome(&parts).unwrap();
                assert_eq!(got, want, "{text}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 8 * 5 * 5);
}

#[test]
fn a_long_green_stalk_is_solved_at_once() {
    // A green stalk of n edges is *n (WW ch. 2): the player to move wins, and the one
    // winning move (for either player) cuts the ground edge. The stalk is valued,
    // not searched: no node of the search is expanded.
    for n in [200usize, 1000] {
        let expr = format!("hackenbush(\"{}\")", "G".repeat(n));
        let v = run_json(&["solve", "--json", "--max-states", "100000", &expr]);
        assert_eq!(v["outcome"], "N");
        assert_eq!(v["value"], format!("*{n}"));
        assert_eq!(v["components"][0]["value"], format!("*{n}"));
        assert_eq!(v["search"]["nodes"], 0, "{}", v["search"]);
        for side in ["left", "right"] {
            let moves = v["winning_moves_by_side"][side]["moves"]
                .as_array()
                .unwrap();
            assert_eq!(moves.len(), 1, "{side}");
            assert_eq!(moves[0]["to"], "hackenbush(\"\")");
        }
    }
    // In a sum with a partizan part: *1000 + 1/2 is positive, Left wins whoever
    // starts; *1000 + *1000 = 0.
    let g = "G".repeat(1000);
    let v = run_json(&[
        "solve",
        "--json",
        &format!("hackenbush(\"{g}\") + hackenbush(\"BR\")"),
    ]);
    assert_eq!(
        (v["outcome"].as_str(), v["value"].as_str()),
        (Some("L"), Some("1/2*1000"))
    );
    let v = run_json(&["solve", "--json", &format!("hackenbush(\"{g}\", \"{g}\")")]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn the_options_of_huge_graphs_are_bounded_not_made() {
    // Each option of a Hackenbush graph is a copy of it: the 60 000 options of a
    // green stalk of 60 000 edges would hold 3.6·10⁹ edges (tens of GB). Listing its
    // winning moves, or searching a blue-green stalk of 8 000 edges, is a limit at
    // once; its value is still *60000 (closed form, no options made).
    let run = |args: &[&str], input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let greens = format!("hackenbush(\"{}\")", "G".repeat(60_000));
    let (code, _, err) = run(&["solve", "-"], &greens);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains("--max-states") && err.contains("60000 options"),
        "{err}"
    );
    let (code, out, err) = run(&["value", "--json", "-"], &greens);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["canonical"], "*60000");
    let mixed = format!("hackenbush(\"{}\")", "BG".repeat(4000));
    for cmd in ["solve", "value"] {
        let (code, _, err) = run(&[cmd, "--max-states", "1000000", "-"], &mixed);
        assert_eq!(code, Some(3), "{cmd}: {err}");
        assert!(err.contains("--max-states"), "{cmd}: {err}");
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
