//! `solve --misere` of partizan positions and sums, checked against a brute-force
//! misère minimax written here from the rules of each game (not from the engine): a
//! player with no move wins; otherwise the player to move wins when some move leaves
//! a position the opponent, to move, loses. Domineering (Left places vertical
//! dominoes, Right horizontal ones), Clobber (a stone moves onto an orthogonally
//! adjacent stone of the opponent's), Toads and Frogs (toads slide right or jump one
//! frog, frogs the mirror image), Hackenbush (cut an edge of your colour or a green
//! one; edges no longer joined to the ground go), Nim heaps and games written by their
//! options. Published facts: in misère play `0 = {|}` is a first-player win (the
//! player to move cannot move) and `* = {0|0}` a second-player win (Siegel,
//! *Combinatorial Game Theory*, ch. V; Winning Ways, ch. 13).

use crate::common::exit_code;
use rustc_hash::FxHashMap;
use sprague::partizan::Side;
use sprague::report::solve::partizan::PartizanSolved;
use sprague::report::solve::{Options, Solved, solve_first};
use std::rc::Rc;

/// A game written by its options.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

impl Tree {
    fn text(&self) -> String {
        let side = |v: &[Tree]| v.iter().map(Tree::text).collect::<Vec<_>>().join(",");
        format!("{{{}|{}}}", side(&self.left), side(&self.right))
    }
}

/// One component, by its rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum C {
    /// Domineering: rows, columns, whether each cell is empty.
    Dom(usize, usize, Vec<bool>),
    /// Clobber: rows, columns, each cell 0 empty, 1 Left's stone, 2 Right's.
    Clob(usize, usize, Vec<u8>),
    /// Toads and Frogs: 0 empty, 1 toad (Left), 2 frog (Right).
    Toads(Vec<u8>),
    /// Hackenbush: edges (u, v, colour 0 blue, 1 red, 2 green); 0 is the ground.
    Hack(Vec<(u8, u8, u8)>),
    Nim(u32),
    Tree(Rc<Tree>),
}

fn board(rows: usize, cols: usize, cell: impl Fn(usize) -> char) -> String {
    (0..rows)
        .map(|r| (0..cols).map(|c| cell(r * cols + c)).collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

impl C {
    fn text(&self) -> String {
        match self {
            C::Dom(r, c, e) => format!(
                "domineering(\"{}\")",
                board(*r, *c, |i| if e[i] { '.' } else { '#' })
            ),
            C::Clob(r, c, s) => format!(
                "clobber(\"{}\")",
                board(*r, *c, |i| ['.', 'X', 'O'][s[i] as usize])
            ),
            C::Toads(s) => format!(
                "toads(\"{}\")",
                s.iter()
                    .map(|&x| ['.', 'T', 'F'][x as usize])
                    .collect::<String>()
            ),
            C::Hack(edges) => format!(
                "hackenbush(\"{}\")",
                edges
                    .iter()
                    .map(|&(u, v, c)| format!("{u}-{v}:{}", ['B', 'R', 'G'][c as usize]))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            C::Nim(n) => format!("nim({n})"),
            C::Tree(t) => t.text(),
        }
    }

    /// Every position `left` (or Right) can move to.
    fn moves(&self, left: bool) -> Vec<C> {
        let mut out = Vec::new();
        match self {
            C::Dom(rows, cols, e) => {
                let (dr, dc) = if left { (1, 0) } else { (0, 1) };
                for r in 0..rows - dr {
                    for c in 0..cols - dc {
                        let (a, b) = (r * cols + c, (r + dr) * cols + c + dc);
                        if e[a] && e[b] {
                            let mut n = e.clone();
                            n[a] = false;
                            n[b] = false;
                            out.push(C::Dom(*rows, *cols, n));
                        }
                    }
                }
            }
            C::Clob(rows, cols, s) => {
                let (me, them) = if left { (1, 2) } else { (2, 1) };
                for i in 0..s.len() {
                    if s[i] != me {
                        continue;
                    }
                    let (r, c) = (i / cols, i % cols);
                    let mut near = Vec::new();
                    if r > 0 {
                        near.push(i - cols);
                    }
                    if r + 1 < *rows {
                        near.push(i + cols);
                    }
                    if c > 0 {
                        near.push(i - 1);
                    }
                    if c + 1 < *cols {
                        near.push(i + 1);
                    }
                    for j in near {
                        if s[j] == them {
                            let mut n = s.clone();
                            n[i] = 0;
                            n[j] = me;
                            out.push(C::Clob(*rows, *cols, n));
                        }
                    }
                }
            }
            C::Toads(s) => {
                let (me, them, dir): (u8, u8, isize) = if left { (1, 2, 1) } else { (2, 1, -1) };
                let at = |i: isize| (i >= 0 && (i as usize) < s.len()).then(|| s[i as usize]);
                for i in 0..s.len() as isize {
                    if at(i) != Some(me) {
                        continue;
                    }
                    let to = if at(i + dir) == Some(0) {
                        Some(i + dir)
                    } else if at(i + dir) == Some(them) && at(i + 2 * dir) == Some(0) {
                        Some(i + 2 * dir)
                    } else {
                        None
                    };
                    if let Some(to) = to {
                        let mut n = s.clone();
                        n[i as usize] = 0;
                        n[to as usize] = me;
                        out.push(C::Toads(n));
                    }
                }
            }
            C::Hack(edges) => {
                for (k, &(_, _, c)) in edges.iter().enumerate() {
                    if c == 2 || (c == 0) == left {
                        let mut rest = edges.clone();
                        rest.remove(k);
                        out.push(C::Hack(grounded(rest)));
                    }
                }
            }
            C::Nim(n) => out.extend((0..*n).map(C::Nim)),
            C::Tree(t) => {
                let opts = if left { &t.left } else { &t.right };
                out.extend(opts.iter().map(|o| C::Tree(Rc::new(o.clone()))));
            }
        }
        out
    }
}

/// The edges still joined to the ground (vertex 0).
fn grounded(edges: Vec<(u8, u8, u8)>) -> Vec<(u8, u8, u8)> {
    let mut seen = vec![0u8];
    loop {
        let before = seen.len();
        for &(u, v, _) in &edges {
            if seen.contains(&u) && !seen.contains(&v) {
                seen.push(v);
            }
            if seen.contains(&v) && !seen.contains(&u) {
                seen.push(u);
            }
        }
        if seen.len() == before {
            break;
        }
    }
    edges.into_iter().filter(|e| seen.contains(&e.0)).collect()
}

/// A game written by its options as the engine writes it: `0` without options.
fn written(t: &Tree) -> String {
    if t.left.is_empty() && t.right.is_empty() {
        return "0".to_string();
    }
    let side = |v: &[Tree]| v.iter().map(written).collect::<Vec<_>>().join(",");
    format!("{{{}|{}}}", side(&t.left), side(&t.right))
}

/// The edges of `hackenbush("u-v:C …")`.
fn read_hackenbush(text: &str) -> Vec<(u8, u8, u8)> {
    let inner = text
        .trim_start_matches("hackenbush(\"")
        .trim_end_matches("\")");
    inner
        .split_whitespace()
        .map(|e| {
            let (uv, c) = e.split_once(':').unwrap();
            let (u, v) = uv.split_once('-').unwrap();
            let c = match c {
                "B" => 0,
                "R" => 1,
                _ => 2,
            };
            (u.parse().unwrap(), v.parse().unwrap(), c)
        })
        .collect()
}

/// The brute-force misère minimax of sums of components.
#[derive(Default)]
struct Brute {
    memo: FxHashMap<(Vec<C>, bool), bool>,
}

impl Brute {
    /// Whether the player to move (`left` or Right) wins the sum in misère play.
    fn wins(&mut self, sum: &[C], left: bool) -> bool {
        let mut key = sum.to_vec();
        key.sort();
        if let Some(&w) = self.memo.get(&(key.clone(), left)) {
            return w;
        }
        let mut any = false;
        let mut win = false;
        'all: for (i, c) in sum.iter().enumerate() {
            for m in c.moves(left) {
                any = true;
                let mut next = sum.to_vec();
                next[i] = m;
                if !self.wins(&next, !left) {
                    win = true;
                    break 'all;
                }
            }
        }
        // The misère rule: a player with no move wins.
        let w = win || !any;
        self.memo.insert((key, left), w);
        w
    }

    fn outcome(&mut self, sum: &[C]) -> &'static str {
        match (self.wins(sum, true), self.wins(sum, false)) {
            (true, true) => "N",
            (true, false) => "L",
            (false, true) => "R",
            (false, false) => "P",
        }
    }
}

fn solved(text: &str) -> PartizanSolved {
    let o = Options {
        misere: true,
        max_moves: 1000,
        ..Options::default()
    };
    match solve_first(text, &o, Side::Left) {
        Ok(Solved::Partizan(p)) => p,
        Ok(_) => panic!("{text}: not partizan"),
        Err(e) => panic!("{text}: {e}"),
    }
}

fn sum_text(sum: &[C]) -> String {
    sum.iter().map(C::text).collect::<Vec<_>>().join(" + ")
}

/// Checks the outcome of `sum` and, when `moves`, the winning moves of both players
/// of a one-component sum (the positions after them, as the engine writes them).
fn check(brute: &mut Brute, sum: &[C], moves: bool) {
    let text = sum_text(sum);
    if sum.iter().all(|c| matches!(c, C::Nim(_))) {
        // An impartial position: the misère Nim of `solve` (checked elsewhere), in
        // agreement with the rules here.
        let o = Options {
            misere: true,
            ..Options::default()
        };
        let s = solve_first(&text, &o, Side::Left).unwrap();
        let outcome = s.impartial().unwrap().analysis.outcome.letter();
        let expected = brute.outcome(sum);
        assert_eq!(outcome, if expected == "N" { "N" } else { "P" }, "{text}");
        assert!(expected == "N" || expected == "P", "{text}");
        return;
    }
    let p = solved(&text);
    assert_eq!(p.outcome.letter(), brute.outcome(sum), "{text}");
    if !moves {
        return;
    }
    assert_eq!(sum.len(), 1);
    for (left, side) in [(true, &p.left), (false, &p.right)] {
        let mut expected: Vec<String> = sum[0]
            .moves(left)
            .into_iter()
            .filter(|m| !brute.wins(std::slice::from_ref(m), !left))
            .map(|m| m.text())
            .collect();
        let mut got: Vec<String> = side.moves.iter().map(|w| w.to.clone()).collect();
        assert!(!side.truncated);
        if let C::Hack(_) = &sum[0] {
            // The engine numbers the vertices of a graph after a move its own way:
            // each move it lists is read back and checked, and the counts compared.
            assert_eq!(got.len(), expected.len(), "{text}, left: {left}");
            for g in &got {
                let after = C::Hack(read_hackenbush(g));
                assert!(!brute.wins(&[after], !left), "{text} → {g}");
            }
            continue;
        }
        if let C::Tree(t) = &sum[0] {
            // A game written by its options lists each distinct option once, a game
            // without options written `0`.
            let opts = if left { &t.left } else { &t.right };
            expected = opts
                .iter()
                .filter(|o| !brute.wins(&[C::Tree(Rc::new((*o).clone()))], !left))
                .map(written)
                .collect();
            expected.sort();
            expected.dedup();
        }
        expected.sort();
        got.sort();
        assert_eq!(got, expected, "{text}, left: {left}");
    }
}

/// A small generator of pseudo-random numbers (xorshift), so that the cases are the
/// same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    fn tree(&mut self, depth: u32) -> Tree {
        let side = |r: &mut Rng| {
            if depth == 0 {
                return Vec::new();
            }
            let n = r.below(3);
            (0..n).map(|_| r.tree(depth - 1)).collect()
        };
        // Options sorted and written once, so that each game has one text.
        let canonical = |mut v: Vec<Tree>| {
            v.sort_by_key(written);
            v.dedup_by_key(|t| written(t));
            v
        };
        let left = canonical(side(self));
        let right = canonical(side(self));
        Tree { left, right }
    }

    fn component(&mut self) -> C {
        match self.below(6) {
            0 => {
                let (r, c) = (1 + self.below(3) as usize, 1 + self.below(3) as usize);
                C::Dom(r, c, (0..r * c).map(|_| self.below(4) != 0).collect())
            }
            1 => {
                let (r, c) = (1 + self.below(2) as usize, 1 + self.below(3) as usize);
                C::Clob(r, c, (0..r * c).map(|_| self.below(3) as u8).collect())
            }
            2 => C::Toads(
                (0..2 + self.below(4))
                    .map(|_| self.below(3) as u8)
                    .collect(),
            ),
            3 => C::Nim(self.below(4) as u32),
            4 => C::Hack(self.hackenbush()),
            _ => C::Tree(Rc::new(self.tree(2))),
        }
    }

    /// A Hackenbush graph of up to 5 edges on vertices 0..4, every edge grounded.
    fn hackenbush(&mut self) -> Vec<(u8, u8, u8)> {
        loop {
            let n = 1 + self.below(5);
            let edges: Vec<(u8, u8, u8)> = (0..n)
                .map(|_| {
                    let u = self.below(4) as u8;
                    let v = (u + 1 + self.below(3) as u8) % 4;
                    (u.min(v), u.max(v), self.below(3) as u8)
                })
                .collect();
            let g = grounded(edges.clone());
            if g.len() == edges.len() {
                return g;
            }
        }
    }
}

#[test]
fn published_facts_and_small_literals() {
    let mut brute = Brute::default();
    // {|}: the player to move cannot move and wins (N); * = {0|0}: the mover moves
    // to 0 and the opponent, unable to move, wins (P).
    assert_eq!(solved("{|}").outcome.letter(), "N");
    assert_eq!(solved("*").outcome.letter(), "P");
    assert_eq!(solved("0").outcome.letter(), "N");
    // Misère Nim (Bouton): *2 + *2 is a P-position, though 0 in normal play.
    assert_eq!(solved("*2 + *2").outcome.letter(), "P");
    // {-1, 0 |} equals 1 in normal play, but keeps its option -1 in misère play:
    // Left moves to -1, Right must move to 0, and Left, unable to move, wins.
    let p = solved("{-1,0|}");
    assert_eq!(p.outcome.letter(), "N");
    assert_eq!(solved("1").outcome.letter(), "R");
    let tos: Vec<&str> = p.left.moves.iter().map(|w| w.to.as_str()).collect();
    assert_eq!(tos, ["-1"]);
    // G + (−G) need not be P in misère play: 1 + (−1) is N.
    assert_eq!(solved("1 + -1").outcome.letter(), "N");
    // Every game of up to two levels of options, alone and in pairs.
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..300 {
        let a = C::Tree(Rc::new(r.tree(3)));
        check(&mut brute, std::slice::from_ref(&a), false);
        let b = C::Tree(Rc::new(r.tree(2)));
        check(&mut brute, &[a, b], false);
    }
}

#[test]
fn domineering_boards_up_to_three_by_three_and_two_by_four() {
    let mut brute = Brute::default();
    let mut sizes = Vec::new();
    for r in 1..=3 {
        for c in 1..=3 {
            sizes.push((r, c));
        }
    }
    sizes.extend([(2, 4), (4, 2)]);
    for (rows, cols) in sizes {
        let n = rows * cols;
        for mask in 0u32..(1 << n) {
            let empty: Vec<bool> = (0..n).map(|i| mask & (1 << i) == 0).collect();
            check(&mut brute, &[C::Dom(rows, cols, empty)], true);
        }
    }
    // 2×5 and 3×4 with random blocked cells, and the empty boards.
    let mut r = Rng(12345);
    for (rows, cols) in [(2, 5), (3, 4), (4, 3)] {
        check(
            &mut brute,
            &[C::Dom(rows, cols, vec![true; rows * cols])],
            true,
        );
        for _ in 0..20 {
            let empty = (0..rows * cols).map(|_| r.below(4) != 0).collect();
            check(&mut brute, &[C::Dom(rows, cols, empty)], true);
        }
    }
}

#[test]
fn other_rulesets_and_sums_of_mixed_components() {
    let mut brute = Brute::default();
    let mut r = Rng(0x5eed);
    for _ in 0..150 {
        let c = r.component();
        check(&mut brute, std::slice::from_ref(&c), true);
    }
    for _ in 0..250 {
        let sum = [r.component(), r.component()];
        check(&mut brute, &sum, false);
    }
    for _ in 0..40 {
        let sum = [r.component(), r.component(), r.component()];
        check(&mut brute, &sum, false);
    }
}

#[test]
fn green_hackenbush_pieces_are_not_replaced_by_their_nim_values() {
    // A blue edge topped by two green stalks of two edges: in normal play the green
    // part is *2 + *2 = 0; in misère play it is played edge by edge.
    let mut brute = Brute::default();
    let g = C::Hack(vec![(0, 1, 0), (1, 2, 2), (2, 3, 2), (1, 4, 2), (4, 5, 2)]);
    check(&mut brute, std::slice::from_ref(&g), true);
    check(&mut brute, &[g, C::Nim(1)], false);
}

#[test]
fn the_command_line_answers_in_text_and_json() {
    let out = assert_cmd::Command::cargo_bin("sprague")
        .unwrap()
        .args([
            "solve",
            "--misere",
            "--json",
            "--first",
            "right",
            "domineering(2,3)",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // By the rules: Left wins moving first with the dominoes of columns a and c;
    // Right moving first loses: after any of her dominoes Left places the one
    // vertical domino left, Right must place the last horizontal one, and Left,
    // unable to move, wins.
    let mut brute = Brute::default();
    let d = C::Dom(2, 3, vec![true; 6]);
    assert_eq!(v["play"], "misere");
    assert_eq!(v["outcome"], brute.outcome(std::slice::from_ref(&d)));
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["first"], "right");
    assert_eq!(v["value"], serde_json::Value::Null);
    assert_eq!(
        v["winning_moves_by_side"]["left"]["moves"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(
        v["winning_moves"],
        v["winning_moves_by_side"]["right"]["moves"]
    );
    let text = assert_cmd::Command::cargo_bin("sprague")
        .unwrap()
        .args(["solve", "--misere", "{|} + domineering(1,3)"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("play:      misère (the player who cannot move wins)"),
        "{text}"
    );
    // Left has no move in a 1×3 strip: Left wins moving first, without a move.
    assert!(
        text.contains("Left moving first wins: Left has no move"),
        "{text}"
    );
}

#[test]
fn bad_input_and_bounds() {
    for expr in [
        "{0|domineering(2,2)}",
        "{1|0}:{0|}",
        "cut(3)",
        "domineering(\"..|.\")",
    ] {
        let (code, err) = exit_code(&["solve", "--misere", expr]);
        assert_eq!(code, 2, "{expr}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let (code, err) = exit_code(&[
        "solve",
        "--misere",
        "--max-states",
        "1000",
        "domineering(6,6)",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-states"), "{err}");
    let (code, err) = exit_code(&["solve", "--misere", "--max-states", "1000", "{|} + 900"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-states"), "{err}");
    let (code, err) = exit_code(&[
        "solve",
        "--misere",
        "--max-memory",
        "100K",
        "domineering(6,6)",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-memory"), "{err}");
}
