//! Every impartial family lists its moves: on all small positions the listed moves are
//! exactly the legal ones, counted right and checked right when typed; and misère play
//! of small sums agrees with a brute-force search. The legal moves come from an
//! enumerator written here from the rules stated in SPEC.md, independent of the code
//! under test.

use sprague::games;
use sprague::impartial::family::{Limits, MoveSink};
use sprague::impartial::sum::{Outcome, Play};
use sprague::play::session::evaluate;
use sprague::search::impartial::Solver;
use std::collections::HashMap;

/// A component of the brute force, with its options from the rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Part {
    /// Fibonacci Nim: heap n, limit k.
    Fib(u64, u64),
    /// Staircase Nim: stones per step, lowest first.
    Stair(Vec<u64>),
    /// Moore's Nim_k: k and the heaps.
    Moore(u64, Vec<u64>),
    /// E&D pair, smaller pile first.
    Ed(u64, u64),
    /// The divisor game.
    Divisor(u64),
    /// The coin on a ring.
    Ring(Vec<u64>),
    /// adjacent[m](n,last).
    Adjacent(u64, u64, u64),
    /// andnim(n).
    AndNim(u64),
    /// A token on tests/data/path.txt.
    Path(u64),
    /// Geography on the Petersen graph: token, visited (sorted, with the token).
    Petersen(u64, Vec<u64>),
    /// Wythoff's game.
    Wythoff(u64, u64),
}

/// The arcs of tests/data/path.txt and the edges of tests/data/petersen.txt, read here.
fn graph(file: &str) -> Vec<(u64, u64)> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut lines = text
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty());
    lines.next();
    lines
        .map(|l| {
            let v: Vec<u64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            (v[0], v[1])
        })
        .collect()
}

impl Part {
    /// The component in expression syntax.
    fn expr(&self) -> String {
        let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        match self {
            Part::Fib(n, k) => format!("fib({n},{k})"),
            Part::Stair(a) => format!("stair({})", list(a)),
            Part::Moore(k, a) => format!("moore[{k}]({})", list(a)),
            Part::Ed(x, y) => format!("ed({x},{y})"),
            Part::Divisor(n) => format!("divisor({n})"),
            Part::Ring(w) => format!("ring({})", list(w)),
            Part::Adjacent(m, n, l) => format!("adjacent[{m}]({n},{l})"),
            Part::AndNim(n) => format!("andnim({n})"),
            Part::Path(v) => format!("digraph[\"tests/data/path.txt\"]({v})"),
            Part::Petersen(v, vis) => {
                let rest: Vec<u64> = vis.iter().copied().filter(|u| u != v).collect();
                if rest.is_empty() {
                    format!("geography[\"tests/data/petersen.txt\"]({v})")
                } else {
                    format!(
                        "geography[\"tests/data/petersen.txt\"]({v},{})",
                        list(&rest)
                    )
                }
            }
            Part::Wythoff(a, b) => format!("wythoff({a},{b})"),
        }
    }

    /// Every option, straight from the rules.
    fn options(&self) -> Vec<Part> {
        let mut out = Vec::new();
        match self {
            Part::Fib(n, k) => {
                for t in 1..=(*n).min(*k) {
                    out.push(Part::Fib(n - t, 2 * t));
                }
            }
            Part::Stair(a) => {
                for i in 0..a.len() {
                    for c in 1..=a[i] {
                        let mut b = a.clone();
                        b[i] -= c;
                        if i > 0 {
                            b[i - 1] += c;
                        }
                        out.push(Part::Stair(b));
                    }
                }
            }
            Part::Moore(k, a) => {
                // Every b ≤ a heap by heap, b ≠ a, changing at most k heaps.
                let total: u64 = a.iter().map(|x| x + 1).product();
                for code in 0..total {
                    let mut c = code;
                    let mut b = Vec::new();
                    for x in a {
                        b.push(c % (x + 1));
                        c /= x + 1;
                    }
                    let changed = a.iter().zip(&b).filter(|(x, y)| x != y).count() as u64;
                    if changed >= 1 && changed <= *k {
                        out.push(Part::Moore(*k, b));
                    }
                }
            }
            Part::Ed(x, y) => {
                for s in [*x, *y] {
                    for a in 1..s {
                        out.push(Part::Ed(a.min(s - a), a.max(s - a)));
                    }
                }
            }
            Part::Divisor(n) => {
                if *n >= 1 {
                    out.push(Part::Divisor(0));
                    out.extend((1..*n).filter(|d| n % d == 0).map(Part::Divisor));
                }
            }
            Part::Ring(w) => {
                let n = w.len();
                for v in 0..w[0] {
                    let mut o = w[1..].to_vec();
                    o.push(v);
                    out.push(Part::Ring(o));
                }
                if n > 1 {
                    for v in 0..w[n - 1] {
                        let mut o = vec![v];
                        o.extend_from_slice(&w[..n - 1]);
                        out.push(Part::Ring(o));
                    }
                }
            }
            Part::Adjacent(m, n, last) => {
                for t in 1..=(*m).min(*n) {
                    if last + t != m + 1 {
                        out.push(Part::Adjacent(*m, n - t, t));
                    }
                }
            }
            Part::AndNim(n) => {
                out.extend((1..=*n).filter(|x| x & n == 0).map(|x| Part::AndNim(n - x)));
            }
            Part::Path(v) => {
                for (a, b) in graph("tests/data/path.txt") {
                    if a == *v {
                        out.push(Part::Path(b));
                    }
                }
            }
            Part::Petersen(v, vis) => {
                for (a, b) in graph("tests/data/petersen.txt") {
                    for (x, y) in [(a, b), (b, a)] {
                        if x == *v && !vis.contains(&y) {
                            let mut w = vis.clone();
                            w.push(y);
                            w.sort_unstable();
                            out.push(Part::Petersen(y, w));
                        }
                    }
                }
            }
            Part::Wythoff(a, b) => {
                out.extend((0..*a).map(|x| Part::Wythoff(x, *b)));
                out.extend((0..*b).map(|y| Part::Wythoff(*a, y)));
                out.extend((1..=(*a).min(*b)).map(|k| Part::Wythoff(a - k, b - k)));
            }
        }
        out
    }
}

/// A component expression in a canonical form: ed pairs sorted, geography's visited
/// vertices sorted (so that both sides compare equal whatever order they write).
fn canonical(expr: &str) -> String {
    let comps = games::components(expr).unwrap();
    assert_eq!(comps.len(), 1, "{expr}");
    let c = &comps[0];
    let e = c.expr();
    if e.starts_with("ed(") {
        let mut v = [c.pos[0].clone(), c.pos[1].clone()];
        v.sort();
        return format!("ed({},{})", v[0], v[1]);
    }
    if e.starts_with("geography") {
        let mut rest: Vec<u64> = c.pos[1..].iter().map(|x| x.to_u64().unwrap()).collect();
        rest.sort_unstable();
        rest.dedup();
        let v = c.pos[0].to_u64().unwrap();
        rest.retain(|&u| u != v);
        return Part::Petersen(v, {
            let mut w = rest.clone();
            w.push(v);
            w.sort_unstable();
            w
        })
        .expr();
    }
    e
}

/// Small positions of every family.
fn small_positions() -> Vec<Part> {
    let mut out = Vec::new();
    for n in 0..=9 {
        for k in 0..=10 {
            out.push(Part::Fib(n, k));
        }
    }
    for a in 0..=3 {
        for b in 0..=3 {
            out.push(Part::Stair(vec![a, b]));
            for c in 0..=2 {
                out.push(Part::Stair(vec![a, b, c]));
                for k in 1..=3 {
                    out.push(Part::Moore(k, vec![a, b, c]));
                }
            }
        }
    }
    for x in 1..=9 {
        for y in x..=9 {
            out.push(Part::Ed(x, y));
        }
    }
    out.extend((0..=60).map(Part::Divisor));
    for a in 0..=3 {
        out.push(Part::Ring(vec![a]));
        for b in 0..=3 {
            out.push(Part::Ring(vec![a, b]));
            for c in 0..=2 {
                out.push(Part::Ring(vec![a, b, c]));
            }
        }
    }
    for m in 1..=4 {
        for n in 0..=9 {
            for last in 0..=m {
                out.push(Part::Adjacent(m, n, last));
            }
        }
    }
    out.extend((0..=70).map(Part::AndNim));
    out.extend((0..=4).map(Part::Path));
    out.push(Part::Petersen(0, vec![0]));
    out.push(Part::Petersen(1, vec![0, 1]));
    out.push(Part::Petersen(6, vec![0, 1, 6]));
    for a in 0..=5 {
        for b in 0..=5 {
            out.push(Part::Wythoff(a, b));
        }
    }
    out
}

#[test]
fn every_family_lists_exactly_its_legal_moves() {
    let limits = Limits::default();
    for p in small_positions() {
        let e = p.expr();
        let comps = games::components(&e).unwrap();
        let c = &comps[0];
        let mut sink = MoveSink::new(1 << 20);
        c.family.moves(&c.pos, &limits, &mut sink).unwrap();
        assert!(!sink.truncated, "{e}");
        let mut got: Vec<String> = sink
            .moves
            .iter()
            .map(|m| canonical(&c.after_text(m)))
            .collect();
        got.sort();
        let mut want: Vec<String> = p.options().iter().map(|o| canonical(&o.expr())).collect();
        want.sort();
        // The rules of ed reach a pair twice when both piles split the same way
        // (only when they are equal): the family lists each position once.
        if matches!(p, Part::Ed(..)) {
            want.dedup();
        }
        assert_eq!(got, want, "{e}");
        // The count, where the family counts by a rule.
        if let Some(n) = c.family.move_count(&c.pos, &limits).unwrap() {
            assert_eq!(n.to_u64(), Some(want.len() as u64), "count of {e}");
        }
        // Every legal move is accepted when typed, and a non-move is not.
        for o in p.options() {
            let t = games::components(&o.expr()).unwrap();
            if let Ok(found) = c.family.move_to(&c.pos, &t[0].pos, &limits) {
                let m = found.unwrap_or_else(|| panic!("{e} → {} refused", o.expr()));
                assert_eq!(canonical(&c.after_text(&m)), canonical(&o.expr()), "{e}");
            }
        }
        if let Ok(found) = c.family.move_to(&c.pos, &c.pos, &limits) {
            assert!(found.is_none(), "{e} moved to itself");
        }
    }
}

#[test]
fn huge_positions_are_counted_and_listed_up_to_the_cap() {
    let limits = Limits::default();
    // Counts from the rules: fib(n,k) has min(n,k) takes; stair the total of its
    // steps; ring w1 + wn; wythoff a + b + min(a,b); andnim 2^z − 1 for z zero bits
    // below the top bit (2^100 has 100); moore[2](a,b,c) a + b + c + ab + ac + bc.
    let big = "1267650600228229401496703205376"; // 2^100
    let cases = [
        (format!("fib({big},7)"), "7".to_string()),
        (
            format!("stair({big},3)"),
            "1267650600228229401496703205379".to_string(),
        ),
        (
            format!("ring({big},0,5)"),
            "1267650600228229401496703205381".to_string(),
        ),
        (
            format!("wythoff({big},2)"),
            "1267650600228229401496703205380".to_string(),
        ),
        (
            format!("andnim({big})"),
            "1267650600228229401496703205375".to_string(),
        ),
        ("moore[2](1000000,2,3)".to_string(), "6000011".to_string()),
    ];
    for (e, want) in cases {
        let comps = games::components(&e).unwrap();
        let c = &comps[0];
        let n = c.family.move_count(&c.pos, &limits).unwrap().unwrap();
        assert_eq!(n.to_string(), want, "{e}");
        let mut sink = MoveSink::new(50);
        c.family.moves(&c.pos, &limits, &mut sink).unwrap();
        let more = n.to_u64().is_none_or(|n| n > 50);
        assert_eq!(
            sink.moves.len(),
            if more {
                50
            } else {
                n.to_u64().unwrap() as usize
            },
            "{e}"
        );
        assert_eq!(sink.truncated, more, "{e}");
    }
}

/// Misère play of a sum straight from the definition: the player who cannot move
/// wins.
fn brute_misere(parts: &[Part], memo: &mut HashMap<Vec<Part>, bool>) -> bool {
    let mut key = parts.to_vec();
    key.sort();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut any = false;
    let mut win = false;
    for i in 0..key.len() {
        for o in key[i].options() {
            any = true;
            let mut next = key.clone();
            next[i] = o;
            if !brute_misere(&next, memo) {
                win = true;
            }
        }
    }
    let r = if any { win } else { true };
    memo.insert(key, r);
    r
}

#[test]
fn misere_sums_of_every_family_match_brute_force() {
    let limits = Limits::default();
    let mut memo = HashMap::new();
    let samples = [
        Part::Fib(5, 4),
        Part::Fib(7, 2),
        Part::Stair(vec![2, 1]),
        Part::Moore(2, vec![1, 2, 2]),
        Part::Ed(3, 4),
        Part::Divisor(12),
        Part::Divisor(7),
        Part::Ring(vec![2, 0, 3]),
        Part::Ring(vec![1, 2]),
        Part::Adjacent(3, 7, 0),
        Part::AndNim(9),
        Part::Path(0),
        Part::Petersen(0, vec![0]),
        Part::Wythoff(2, 3),
    ];
    for (i, a) in samples.iter().enumerate() {
        for b in &samples[i..] {
            for parts in [vec![a.clone()], vec![a.clone(), b.clone()]] {
                let e: Vec<String> = parts.iter().map(Part::expr).collect();
                let e = e.join(" + ");
                let comps = games::components(&e).unwrap();
                let mut solver = Solver::new(Play::Misere, &limits, 200_000);
                let got = evaluate(&comps, Play::Misere, &limits, &mut solver)
                    .unwrap_or_else(|err| panic!("{e}: {err}"));
                let want = brute_misere(&parts, &mut memo);
                assert_eq!(got.outcome == Outcome::N, want, "misère {e}");
            }
        }
    }
}
