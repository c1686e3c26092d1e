//! Every impartial family lists its moves: on all small positions the listed moves are
//! exactly the legal ones, counted right and checked right when typed; and misère play
//! of small sums agrees with a brute-force search. The legal moves come from an
//! enumerator written here from the rules stated in SPEC.md, independent of the code
//! under test.

use sprague::core::Limits;
use sprague::core::{Outcome, Play};
use sprague::games;
use sprague::impartial::family::MoveSink;
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
    /// The growing take: heap n before the k-th move.
    Kth(u64, u64),
    /// Sequential Nim, with its bound per move if any.
    SeqNim(Option<u64>, Vec<u64>),
    /// The jump staircase: stones per step, lowest first.
    JumpStair(Vec<u64>),
    /// Geography on the Petersen graph before the token is placed.
    PetersenStart,
    /// A row of coins of a coin-turning game (by name): its length and its heads (coin
    /// i at bit i − 1).
    Coins(&'static str, u32, u32),
    /// Turning Corners: rows, columns and heads (row by row, top left at bit 0).
    Corners(u32, u32, u32),
}

/// Whether a coin-turning game turns the set of coins `s` (coin i at bit i − 1), from
/// its rule: Turning Turtles one or two coins, Twins two, Mock Turtles one to three, Ruler
/// a run, Moebius one to five, coins[k,w] one to k within w places.
fn coins_turn(game: &str, s: u32) -> bool {
    let count = s.count_ones();
    let span = 32 - s.leading_zeros() - s.trailing_zeros();
    match game {
        "turtles" => count <= 2,
        "twins" => count == 2,
        "mock_turtles" => count <= 3,
        "ruler" => span == count,
        "moebius" => count <= 5,
        "coins[3,4]" => count <= 3 && span <= 4,
        g => panic!("no rule for {g}"),
    }
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
            Part::Kth(n, k) => format!("kth({n},{k})"),
            Part::SeqNim(None, a) => format!("seqnim({})", list(a)),
            Part::SeqNim(Some(m), a) => format!("seqnim[{m}]({})", list(a)),
            Part::JumpStair(a) => format!("jumpstair({})", list(a)),
            Part::PetersenStart => "geography[\"tests/data/petersen.txt\"]".to_string(),
            Part::Coins(game, len, mask) => {
                let row: String = (0..*len)
                    .map(|i| if mask >> i & 1 == 1 { 'H' } else { 'T' })
                    .collect();
                format!("{game}(\"{row}\")")
            }
            Part::Corners(rows, cols, mask) => {
                let rows: Vec<String> = (0..*rows)
                    .map(|x| {
                        (0..*cols)
                            .map(|y| {
                                if mask >> (x * cols + y) & 1 == 1 {
                                    'H'
                                } else {
                                    'T'
                                }
                            })
                            .collect()
                    })
                    .collect();
                format!("corners(\"{}\")", rows.join("/"))
            }
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
            Part::Kth(n, k) => {
                out.extend((1..=(*n).min(*k)).map(|t| Part::Kth(n - t, k + 1)));
            }
            Part::JumpStair(a) => {
                // Any count from step i to any step j < i (0 the ground) with every
                // step strictly between them empty.
                for i in 1..=a.len() {
                    for j in 0..i {
                        if (j + 1..i).any(|k| a[k - 1] > 0) {
                            continue;
                        }
                        for c in 1..=a[i - 1] {
                            let mut b = a.clone();
                            b[i - 1] -= c;
                            if j > 0 {
                                b[j - 1] += c;
                            }
                            out.push(Part::JumpStair(b));
                        }
                    }
                }
            }
            Part::PetersenStart => {
                // The token placed on any of the ten vertices.
                out.extend((0..10).map(|v| Part::Petersen(v, vec![v])));
            }
            Part::SeqNim(m, a) => {
                if let Some(i) = a.iter().position(|&x| x > 0) {
                    for t in 1..=a[i].min(m.unwrap_or(u64::MAX)) {
                        let mut b = a.clone();
                        b[i] -= t;
                        out.push(Part::SeqNim(*m, b));
                    }
                }
            }
            // The rightmost coin turned goes from heads to tails.
            Part::Coins(game, len, mask) => {
                for s in 1..1u32 << len {
                    let top = 31 - s.leading_zeros();
                    if mask >> top & 1 == 1 && coins_turn(game, s) {
                        out.push(Part::Coins(game, *len, mask ^ s));
                    }
                }
            }
            // The bottom-right corner of the rectangle goes from heads to tails.
            Part::Corners(rows, cols, mask) => {
                let bit = |x: u32, y: u32| 1u32 << (x * cols + y);
                for x in 0..*rows {
                    for y in 0..*cols {
                        if mask & bit(x, y) == 0 {
                            continue;
                        }
                        for a in 0..x {
                            for c in 0..y {
                                let s = bit(a, c) ^ bit(a, y) ^ bit(x, c) ^ bit(x, y);
                                out.push(Part::Corners(*rows, *cols, mask ^ s));
                            }
                        }
                    }
                }
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
    if e.starts_with("geography") && !c.pos.is_empty() {
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
    out.push(Part::PetersenStart);
    for a in 0..=2 {
        for b in 0..=2 {
            out.push(Part::JumpStair(vec![a, b]));
            for c in 0..=2 {
                out.push(Part::JumpStair(vec![a, b, c]));
                out.push(Part::JumpStair(vec![a, 0, b, c]));
            }
        }
    }
    for a in 0..=5 {
        for b in 0..=5 {
            out.push(Part::Wythoff(a, b));
        }
    }
    for n in 0..=9 {
        for k in 1..=11 {
            out.push(Part::Kth(n, k));
        }
    }
    for a in 0..=3 {
        for b in 0..=3 {
            for c in 0..=2 {
                for m in [None, Some(1), Some(2)] {
                    out.push(Part::SeqNim(m, vec![a, b, c]));
                }
            }
        }
    }
    for game in [
        "turtles",
        "twins",
        "mock_turtles",
        "ruler",
        "moebius",
        "coins[3,4]",
    ] {
        for len in 0..=6 {
            out.extend((0..1u32 << len).map(|m| Part::Coins(game, len, m)));
        }
    }
    for (rows, cols) in [(1, 3), (2, 2), (2, 3), (3, 2)] {
        out.extend((0..1u32 << (rows * cols)).map(|m| Part::Corners(rows, cols, m)));
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
    // Counted only: kth(n,k) takes 1 to k, at most n; seqnim 1 to x (at most m)
    // from the first non-empty heap x.
    for (e, want) in [
        (format!("kth({big},7)"), "7"),
        (format!("kth(5,{big})"), "5"),
        (format!("seqnim(0,{big},3)"), big),
        (format!("seqnim[4]({big},1)"), "4"),
        ("seqnim(0,0)".to_string(), "0"),
    ] {
        let comps = games::components(&e).unwrap();
        let c = &comps[0];
        let n = c.family.move_count(&c.pos, &limits).unwrap();
        assert_eq!(n.map(|n| n.to_string()).as_deref(), Some(want), "{e}");
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
        Part::JumpStair(vec![1, 0, 2]),
        Part::JumpStair(vec![2, 1]),
        Part::Coins("turtles", 4, 0b1010),
        Part::Coins("mock_turtles", 4, 0b1101),
        Part::Coins("ruler", 5, 0b10110),
        Part::Corners(2, 3, 0b110_101),
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
    // Geography before the token is placed, alone (with another Petersen game the
    // whole-sum search outgrows its bound).
    let parts = [Part::PetersenStart];
    let comps = games::components(&parts[0].expr()).unwrap();
    let mut solver = Solver::new(Play::Misere, &limits, 200_000);
    let got = evaluate(&comps, Play::Misere, &limits, &mut solver).unwrap();
    assert_eq!(
        got.outcome == Outcome::N,
        brute_misere(&parts, &mut memo),
        "misère {}",
        parts[0].expr()
    );
}

/// The options of a heap of `n` of a heap family, from the rules of SPEC.md, each as
/// the sorted sizes of the non-empty heaps left: a set, so each position once.
fn heap_options(family: &str, n: u64) -> std::collections::BTreeSet<Vec<u64>> {
    let heaps = |v: &[u64]| {
        let mut v: Vec<u64> = v.iter().copied().filter(|&h| h > 0).collect();
        v.sort_unstable();
        v
    };
    let mut out = std::collections::BTreeSet::new();
    // Take-and-break: remove i tokens and leave the rest as an ordered pair of rows
    // (a, b), either possibly empty; the digit d_i allows leaving k non-empty heaps
    // when its bit 2^k is set, removing nothing only when it splits (k = 2); Grundy's
    // game splits into unequal heaps only.
    let take_break = |digits: &[u64], unequal: bool, out: &mut std::collections::BTreeSet<_>| {
        for (i, &d) in digits.iter().enumerate() {
            let i = i as u64;
            if i > n {
                break;
            }
            let rest = n - i;
            for a in 0..=rest {
                let b = rest - a;
                let k = u64::from(a > 0) + u64::from(b > 0);
                let allowed =
                    d & (1 << k) != 0 && (i > 0 || k == 2) && !(unequal && k == 2 && a == b);
                if allowed {
                    out.insert(heaps(&[a, b]));
                }
            }
        }
    };
    let code = |c: &str| -> Vec<u64> {
        c.chars()
            .filter(|&ch| ch != '.')
            .map(|ch| u64::from(ch.to_digit(8).unwrap()))
            .collect()
    };
    match family {
        "nim" => out.extend((0..n).map(|m| heaps(&[m]))),
        "kayles" => take_break(&code("0.77"), false, &mut out),
        "dawson" => take_break(&code("0.07"), false, &mut out),
        "grundy_game" => take_break(&code("4"), true, &mut out),
        f if f.starts_with("octal[") => {
            take_break(&code(&f[6..f.len() - 1]), false, &mut out);
        }
        "sub[1,3,4]" | "sub[2..5,9]" | "bash[3]" => {
            let set: &[u64] = match family {
                "sub[1,3,4]" => &[1, 3, 4],
                "sub[2..5,9]" => &[2, 3, 4, 5, 9],
                _ => &[1, 2, 3],
            };
            out.extend(set.iter().filter(|&&s| s <= n).map(|&s| heaps(&[n - s])));
        }
        "lasker" => {
            out.extend((1..=n).map(|t| heaps(&[n - t])));
            out.extend((1..n).map(|a| heaps(&[a, n - a])));
        }
        "split" => {
            for i in 0..n {
                for j in 0..n {
                    out.insert(heaps(&[i, j]));
                }
            }
        }
        "submask" => out.extend((1..=n).filter(|&x| x | n == n).map(|x| heaps(&[n - x]))),
        "takeif[\"x & n == 0\"]" => {
            out.extend((1..=n).filter(|&x| x & n == 0).map(|x| heaps(&[n - x])));
        }
        "takeif[\"n % x == 0 or x > 2 * n / 3\"]" => out.extend(
            (1..=n)
                .filter(|&x| n.is_multiple_of(x) || x > 2 * n / 3)
                .map(|x| heaps(&[n - x])),
        ),
        f => panic!("no rules for {f}"),
    }
    out
}

/// The heap families in the order of [`heap_options`], with the largest heap tried.
const HEAP_FAMILIES: [(&str, u64); 16] = [
    ("nim", 40),
    ("kayles", 40),
    ("dawson", 40),
    ("grundy_game", 40),
    ("octal[0.137]", 40),
    ("octal[4.07]", 40),
    ("octal[0.6]", 40),
    ("octal[0.4444]", 40),
    ("sub[1,3,4]", 40),
    ("sub[2..5,9]", 40),
    ("bash[3]", 40),
    ("lasker", 40),
    ("split", 30),
    ("submask", 70),
    ("takeif[\"x & n == 0\"]", 70),
    ("takeif[\"n % x == 0 or x > 2 * n / 3\"]", 60),
];

#[test]
fn heap_families_list_and_count_exactly_their_options() {
    let limits = Limits::default();
    for (family, top) in HEAP_FAMILIES {
        for n in 0..=top {
            let e = format!("{family}({n})");
            let comps = games::components(&e).unwrap();
            let c = &comps[0];
            let mut sink = MoveSink::new(1 << 20);
            c.family.moves(&c.pos, &limits, &mut sink).unwrap();
            let mut got: Vec<Vec<u64>> = sink
                .moves
                .iter()
                .map(|m| {
                    let mut v: Vec<u64> =
                        m.to.iter()
                            .map(|p| p[0].to_u64().unwrap())
                            .filter(|&h| h > 0)
                            .collect();
                    v.sort_unstable();
                    v
                })
                .collect();
            got.sort();
            let want: Vec<Vec<u64>> = heap_options(family, n).into_iter().collect();
            // Every option once (no position listed twice).
            assert_eq!(got, want, "{e}");
            let count = c.family.move_count(&c.pos, &limits).unwrap();
            assert_eq!(
                count.and_then(|c| c.to_u64()),
                Some(want.len() as u64),
                "count of {e}"
            );
        }
    }
    // Lasker's Nim and the splitting game list the options of larger heaps right
    // too (takes below n, splits summing to n; pairs below n), and refuse a heap
    // with more than 2^20 options (lasker: n + ⌊n/2⌋, split: n(n + 1)/2).
    for (e, n, want) in [
        ("lasker(100000)", 100_000u64, Some(150_000)),
        ("lasker(699051)", 699_051, Some(1 << 20)),
        ("lasker(699052)", 699_052, None),
        ("split(1000)", 1000, Some(500_500)),
        ("split(1448)", 1448, None),
    ] {
        let comps = games::components(e).unwrap();
        let c = &comps[0];
        let mut sink = MoveSink::without_words(1 << 21);
        let listed = c.family.moves(&c.pos, &limits, &mut sink);
        let Some(want) = want else {
            assert!(listed.is_err(), "{e}: {} moves listed", sink.moves.len());
            continue;
        };
        listed.unwrap();
        let mut seen = std::collections::HashSet::new();
        for m in &sink.moves {
            let mut h: Vec<u64> = m.to.iter().map(|p| p[0].to_u64().unwrap()).collect();
            h.sort_unstable();
            let legal = match (e.starts_with("lasker"), h.as_slice()) {
                (true, [t]) => *t < n,
                (true, [a, b]) => *a >= 1 && a + b == n,
                (false, [_, b]) => *b < n,
                _ => false,
            };
            assert!(legal, "{e} → {h:?}");
            assert!(seen.insert(h), "{e}: a position listed twice");
        }
        // All of them, unless the sink's bytes ran out first.
        if !sink.truncated {
            assert_eq!(sink.moves.len(), want, "{e}");
        }
    }
    assert!(
        games::components("split(1000)").is_ok_and(|c| {
            let mut sink = MoveSink::without_words(1 << 21);
            c[0].family.moves(&c[0].pos, &limits, &mut sink).is_ok() && !sink.truncated
        }),
        "split(1000) fits the sink"
    );
}

#[test]
fn huge_heaps_are_counted_by_formula() {
    let limits = Limits::default();
    // Counts from the rules, for n = 10^20 (even) and 10^20 + 1 (odd):
    // kayles: knock 1 pin leaving one row (1) or two rows a + b = n − 1 (⌊(n−1)/2⌋
    // unordered pairs), or 2 pins likewise (1 + ⌊(n−2)/2⌋): n in all (n ≥ 2).
    // dawson (0.07): only 2 pins, leaving one row or two: 1 + ⌊(n−2)/2⌋ = ⌊n/2⌋.
    // grundy_game: a + b = n with 1 ≤ a < b: ⌊(n−1)/2⌋.
    // sub[1,3,4]: 3; lasker: n takes and ⌊n/2⌋ splits; split: pairs i ≤ j < n,
    // n(n+1)/2; submask: 2^popcount(n) − 1; octal[0.33]: take 1 or 2, leaving a heap.
    let n = num_bigint::BigUint::from(10u32).pow(20);
    for n in [n.clone(), n + 1u32] {
        let half = &n / 2u32;
        let one = num_bigint::BigUint::from(1u32);
        let ones = n.count_ones();
        let cases: [(&str, num_bigint::BigUint); 9] = [
            ("nim", n.clone()),
            ("kayles", n.clone()),
            ("dawson", half.clone()),
            ("grundy_game", (&n - &one) / 2u32),
            ("octal[0.33]", num_bigint::BigUint::from(2u32)),
            ("sub[1,3,4]", num_bigint::BigUint::from(3u32)),
            ("lasker", &n + &half),
            ("split", &n * (&n + &one) / 2u32),
            ("submask", (&one << ones) - &one),
        ];
        for (family, want) in cases {
            let e = format!("{family}({n})");
            let comps = games::components(&e).unwrap();
            let c = &comps[0];
            let count = c.family.move_count(&c.pos, &limits).unwrap();
            assert_eq!(count.map(|c| c.to_string()), Some(want.to_string()), "{e}");
        }
    }
}
