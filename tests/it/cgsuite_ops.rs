//! The algebra beyond sums, in expressions: ordinal sums `G:H`, Norton multiplication,
//! nim products, conjunctive and selective compounds, and the functions of a value.
//! Each operation is checked against a slow implementation written here from its
//! definition on explicit trees, on every game born by day 2 and a sample of day 3
//! (operands in canonical form, as the operations are defined on them), and against
//! worked examples of the literature.
//!
//! Definitions (Conway, *On Numbers and Games*; Winning Ways; Siegel, *Combinatorial
//! Game Theory*, II.6):
//! * G:H = {G^L, G:H^L | G^R, G:H^R};
//! * G.U = n copies of U for an integer n, else {G^L.U + U + Δ | G^R.U − U − Δ}, Δ over
//!   the incentives U^L − U and U − U^R of U (U > 0);
//! * a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b};
//! * G∧H = {G^L∧H^L | G^R∧H^R}; G∨H = {G^L∨H, G∨H^L, G^L∨H^L | …} (Winning Ways, ch. 9).

use crate::cgsuite_notation::{Trees, days, val};
use crate::common::{exit_code, run_json};
use sprague::partizan::{Game, GameTable};
use std::collections::HashMap;

/// The slow operations, on trees.
#[derive(Default)]
struct Slow {
    ordinal: HashMap<(usize, usize), usize>,
    norton: HashMap<usize, usize>,
    compound: HashMap<(usize, usize, bool), usize>,
}

impl Slow {
    fn ordinal(&mut self, tr: &mut Trees, g: usize, h: usize) -> usize {
        if let Some(&v) = self.ordinal.get(&(g, h)) {
            return v;
        }
        let (mut l, mut r) = tr.nodes[g].clone();
        let (hl, hr) = tr.nodes[h].clone();
        for x in hl {
            l.push(self.ordinal(tr, g, x));
        }
        for y in hr {
            r.push(self.ordinal(tr, g, y));
        }
        let v = tr.node(l, r);
        self.ordinal.insert((g, h), v);
        v
    }

    /// The integer a canonical tree stands for, if it is one: 0 = {|}, n+1 = {n|},
    /// -(n+1) = {|-n}.
    fn integer(tr: &Trees, g: usize) -> Option<i64> {
        match &tr.nodes[g] {
            (l, r) if l.is_empty() && r.is_empty() => Some(0),
            (l, r) if r.is_empty() && l.len() == 1 => {
                Self::integer(tr, l[0]).filter(|&k| k >= 0).map(|k| k + 1)
            }
            (l, r) if l.is_empty() && r.len() == 1 => {
                Self::integer(tr, r[0]).filter(|&k| k <= 0).map(|k| k - 1)
            }
            _ => None,
        }
    }

    /// G.U for canonical trees G and U (memoised for one U).
    fn norton(&mut self, tr: &mut Trees, g: usize, u: usize) -> usize {
        if let Some(&v) = self.norton.get(&g) {
            return v;
        }
        let v = if let Some(n) = Self::integer(tr, g) {
            tr.times(n, u)
        } else {
            let (ul, ur) = tr.nodes[u].clone();
            let nu = tr.neg(u);
            let mut deltas = Vec::new();
            for x in ul {
                deltas.push(tr.add(x, nu)); // U^L − U
            }
            for y in ur {
                let ny = tr.neg(y);
                deltas.push(tr.add(u, ny)); // U − U^R
            }
            let (gl, gr) = tr.nodes[g].clone();
            let mut l = Vec::new();
            for x in gl {
                let p = self.norton(tr, x, u);
                for &d in &deltas {
                    let s = tr.add(p, u);
                    l.push(tr.add(s, d));
                }
            }
            let mut r = Vec::new();
            for y in gr {
                let p = self.norton(tr, y, u);
                for &d in &deltas {
                    let s = tr.add(p, nu);
                    let nd = tr.neg(d);
                    r.push(tr.add(s, nd));
                }
            }
            tr.node(l, r)
        };
        self.norton.insert(g, v);
        v
    }

    fn compound(&mut self, tr: &mut Trees, g: usize, h: usize, selective: bool) -> usize {
        if let Some(&v) = self.compound.get(&(g, h, selective)) {
            return v;
        }
        let (gl, gr) = tr.nodes[g].clone();
        let (hl, hr) = tr.nodes[h].clone();
        let mut side = |tr: &mut Trees, gs: &[usize], hs: &[usize]| {
            let mut v = Vec::new();
            for &x in gs {
                for &y in hs {
                    v.push(self.compound(tr, x, y, selective));
                }
            }
            if selective {
                for &x in gs {
                    v.push(self.compound(tr, x, h, selective));
                }
                for &y in hs {
                    v.push(self.compound(tr, g, y, selective));
                }
            }
            v
        };
        let l = side(tr, &gl, &hl);
        let r = side(tr, &gr, &hr);
        let v = tr.node(l, r);
        self.compound.insert((g, h, selective), v);
        v
    }
}

/// The canonical form of a tree, as a tree (through the engine's canonical form) and
/// as an expression.
fn canonical(tr: &mut Trees, t: &mut GameTable, g: usize) -> (usize, String) {
    let e = val(t, &tr.text(g));
    let c = tr.of(t, e);
    (c, tr.text(c))
}

/// Some games born on day 3, picked at random from the options born by day 2.
fn day_three_sample(tr: &mut Trees, day2: &[usize], count: usize) -> Vec<usize> {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |k: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % k
    };
    (0..count)
        .map(|_| {
            let mut pick = || {
                (0..day2.len())
                    .filter(|_| next(6) == 0)
                    .map(|i| day2[i])
                    .collect::<Vec<_>>()
            };
            let (l, r) = (pick(), pick());
            tr.node(l, r)
        })
        .collect()
}

#[test]
fn ordinal_sums_agree_with_the_definition_on_day_two_and_a_sample_of_day_three() {
    let mut tr = Trees::default();
    let (_, day2) = days(&mut tr);
    let mut t = GameTable::new();
    let mut slow = Slow::default();
    let sample = day_three_sample(&mut tr, &day2, 12);
    let games: Vec<(usize, String)> = day2
        .iter()
        .chain(&sample)
        .map(|&g| canonical(&mut tr, &mut t, g))
        .collect();
    for (g, gt) in &games {
        for (h, ht) in &games {
            let e = val(&mut t, &format!("{gt}:{ht}"));
            let got = tr.of(&mut t, e);
            let want = slow.ordinal(&mut tr, *g, *h);
            assert!(tr.eq(got, want), "{gt}:{ht}");
        }
    }
}

#[test]
fn norton_products_agree_with_the_definition_on_day_two() {
    let mut tr = Trees::default();
    let (day1, day2) = days(&mut tr);
    let mut t = GameTable::new();
    let zero = tr.node(vec![], vec![]);
    let sample = day_three_sample(&mut tr, &day2, 6);
    let units: Vec<usize> = day2
        .iter()
        .copied()
        .filter(|&u| tr.le(zero, u) && !tr.le(u, zero))
        .collect();
    assert!(units.len() >= 5, "positive games by day 2: {}", units.len());
    let multipliers: Vec<(usize, String)> = day1
        .iter()
        .chain(&day2)
        .chain(&sample)
        .map(|&g| canonical(&mut tr, &mut t, g))
        .collect();
    for &u in &units {
        let (u, ut) = canonical(&mut tr, &mut t, u);
        let mut slow = Slow::default();
        for (g, gt) in &multipliers {
            let e = val(&mut t, &format!("NortonMultiply({gt}, {ut})"));
            let got = tr.of(&mut t, e);
            let want = slow.norton(&mut tr, *g, u);
            assert!(tr.eq(got, want), "NortonMultiply({gt}, {ut})");
        }
    }
    // U not positive: refused at U's column, whatever G.
    for u in ["0", "*", "-1", "{1|-1}", "v"] {
        let src = format!("NortonMultiply(1/2, {u})");
        let (code, err) = exit_code(&["value", &src]);
        assert_eq!(code, 2, "{src}: {err}");
        assert!(
            err.contains("column 21:") && err.contains("U > 0"),
            "{src}: {err}"
        );
    }
}

#[test]
fn compounds_agree_with_the_definitions_on_day_two() {
    let mut tr = Trees::default();
    let (_, day2) = days(&mut tr);
    let mut t = GameTable::new();
    let mut slow = Slow::default();
    let games: Vec<(usize, String)> = day2
        .iter()
        .map(|&g| canonical(&mut tr, &mut t, g))
        .collect();
    for (g, gt) in &games {
        for (h, ht) in &games {
            for (name, selective) in [("Conjunctive", false), ("Selective", true)] {
                let src = format!("{name}({gt}, {ht})");
                let e = val(&mut t, &src);
                let got = tr.of(&mut t, e);
                let want = slow.compound(&mut tr, *g, *h, selective);
                assert!(tr.eq(got, want), "{src}");
            }
        }
    }
}

/// The remoteness of an impartial tree (Winning Ways, ch. 9): 0 at the end; odd (a
/// win for the player to move) if some option has even remoteness, then one more than
/// the least such; else one more than the largest.
fn remoteness(tr: &Trees, g: usize) -> u32 {
    let opts = &tr.nodes[g].0;
    if opts.is_empty() {
        return 0;
    }
    let rs: Vec<u32> = opts.iter().map(|&x| remoteness(tr, x)).collect();
    match rs.iter().filter(|r| *r % 2 == 0).min() {
        Some(m) => m + 1,
        None => rs.iter().max().map_or(0, |m| m + 1),
    }
}

#[test]
fn impartial_compounds_have_the_outcomes_of_winning_ways() {
    // Winning Ways, ch. 9: a conjunctive compound of impartial games is won by the
    // player who moves from it iff the least remoteness of its components is odd; a
    // selective compound is a second-player win iff every component is.
    let mut tr = Trees::default();
    let mut t = GameTable::new();
    let zero = tr.node(vec![], vec![]);
    let mut impartial = vec![zero];
    for _ in 0..3 {
        let prev = impartial.clone();
        for m in 1u32..(1 << prev.len().min(5)) {
            let o: Vec<usize> = (0..prev.len().min(5))
                .filter(|i| m >> i & 1 == 1)
                .map(|i| prev[i])
                .collect();
            let g = tr.node(o.clone(), o);
            if !impartial.contains(&g) {
                impartial.push(g);
            }
        }
    }
    impartial.truncate(24);
    // The compounds are of canonical forms: the remoteness is that of the canonical
    // form (a nimber).
    let canon: Vec<(usize, String)> = impartial
        .iter()
        .map(|&g| canonical(&mut tr, &mut t, g))
        .collect();
    for (g, gt) in &canon {
        for (h, ht) in &canon {
            let c = val(&mut t, &format!("Conjunctive({gt}, {ht})"));
            let first_wins = remoteness(&tr, *g).min(remoteness(&tr, *h)) % 2 == 1;
            assert_eq!(c != Game::ZERO, first_wins, "Conjunctive({gt}, {ht})");
            let s = val(&mut t, &format!("Selective({gt}, {ht})"));
            let both_p = tr.nodes[*g].0.is_empty() && tr.nodes[*h].0.is_empty();
            assert_eq!(s == Game::ZERO, both_p, "Selective({gt}, {ht})");
        }
    }
}

/// The nim product by its definition (mex), for nimbers below `n`.
#[allow(clippy::needless_range_loop)]
fn slow_nim_products(n: usize) -> Vec<Vec<usize>> {
    let mut p = vec![vec![0usize; n]; n];
    for a in 0..n {
        for b in 0..n {
            // Products of nimbers below 256 (a field) are below 256.
            let mut seen = vec![false; 256];
            for a2 in 0..a {
                for b2 in 0..b {
                    seen[p[a2][b] ^ p[a][b2] ^ p[a2][b2]] = true;
                }
            }
            p[a][b] = seen.iter().position(|s| !s).unwrap_or(0);
        }
    }
    p
}

#[test]
fn nim_products_agree_with_the_definition_and_the_literature() {
    let mut t = GameTable::new();
    let p = slow_nim_products(32);
    for (a, row) in p.iter().enumerate() {
        for (b, &want) in row.iter().enumerate() {
            let e = val(&mut t, &format!("NimProduct(*{a}, *{b})"));
            let w = val(&mut t, &format!("*{want}"));
            assert_eq!(e, w, "NimProduct(*{a}, *{b})");
        }
    }
    let shown = |t: &mut GameTable, src: &str| {
        let g = val(t, src);
        t.show(g)
    };
    // Conway, ONAG ch. 6 (the field of nimbers; the Fermat 2-power 2^(2^k) squares to
    // its sesquimultiple): 2⊗2 = 3, 4⊗4 = 6, 16⊗16 = 24; CGSuite's *19·*23 = *86.
    assert_eq!(shown(&mut t, "NimProduct(*2, *2)"), "*3");
    assert_eq!(shown(&mut t, "NimProduct(*4, *4)"), "*6");
    assert_eq!(shown(&mut t, "NimProduct(*16, *16)"), "*24");
    assert_eq!(shown(&mut t, "NimProduct(*19, *23)"), "*86");
    assert_eq!(
        shown(&mut t, "NimProduct(*4294967296, *4294967296)"),
        "*6442450944"
    );
    assert_eq!(
        shown(
            &mut t,
            "NimProduct(*18446744073709551616, *18446744073709551616)"
        ),
        "*27670116110564327424"
    );
    // Not nimbers, or too large: exit 2 at the argument.
    for (src, col, what) in [
        ("NimProduct(^, *)", 12, "multiplies nimbers"),
        ("NimProduct(*2, 1)", 16, "multiplies nimbers"),
        ("NimProduct(*2)", 1, "takes 2 arguments"),
        (
            "NimProduct(*340282366920938463463374607431768211456, *2)",
            1,
            "below *2^128",
        ),
    ] {
        let (code, err) = exit_code(&["value", src]);
        assert_eq!(code, 2, "{src}: {err}");
        assert!(
            err.contains(&format!("column {col}:")) && err.contains(what),
            "{src}: {err}"
        );
    }
}

#[test]
fn worked_examples_of_the_literature() {
    let mut t = GameTable::new();
    for (src, expect) in [
        // Hackenbush strings are ordinal sums of their edges from the ground up
        // (Winning Ways ch. 2, Siegel II.6): blue-red = 1/2, blue-blue-red = 3/2,
        // blue-red-red = 1/4.
        ("1:1", "2"),
        ("1:-1", "1/2"),
        ("1:1:-1", "3/2"),
        ("1:-1:-1", "1/4"),
        // The colon principle (Winning Ways ch. 7): green stalks add their lengths.
        ("*3:*2", "*5"),
        ("*:*", "*2"),
        // Precedence as CGSuite's: `*` binds tighter than `:`, `:` than `+`; a `-`
        // before a number is its sign.
        ("1 + 1:1", "3"),
        ("-1:1", "-1/2"),
        ("2 * *:*", "*"),
        // Norton multiplication (CGSuite's NortonMultiply examples, and n.U = n copies
        // of U).
        ("NortonMultiply(1/2, ^)", "{^^*|v*}"),
        ("NortonMultiply(^, ^)", "{^^*||0|v4}"),
        ("NortonMultiply(Tiny(2), ^)", "{^^*||0|v6}"),
        ("NortonMultiply(6, ^)", "^6"),
        ("NortonMultiply(-4, ^)", "v4"),
        ("NortonMultiply(0, ^)", "0"),
        // Functions of a value: a switch {3|-1} has mean 1 and temperature 2, cools by
        // 1 to {2|0} (Winning Ways ch. 6); ↑ has atomic weight 1 and * 0 (ch. 8);
        // *3 is born on day 3.
        ("Mean({3|-1})", "1"),
        ("Temperature({3|-1})", "2"),
        ("Temperature({3|-1}) + ^", "2^"),
        ("LeftStop({3|-1})", "3"),
        ("RightStop({3|-1})", "-1"),
        ("Cool({3|-1}, 1)", "{2|0}"),
        ("Heat(*, 1)", "±1"),
        ("AtomicWeight(^)", "1"),
        ("AtomicWeight(*)", "0"),
        ("Birthday(*3)", "3"),
        ("Birthday(1/4)", "3"),
        ("LeftOption(*3, 3)", "*2"),
        ("RightOption(^, 1)", "*"),
        ("LeftOption({3|-1}, 1) - RightOption({3|-1}, 1)", "4"),
    ] {
        let g = val(&mut t, src);
        assert_eq!(t.show(g), expect, "{src}");
    }
}

#[test]
fn functions_of_a_value_agree_with_its_report() {
    let mut tr = Trees::default();
    let (_, day2) = days(&mut tr);
    let mut t = GameTable::new();
    for &g in &day2 {
        let (_, gt) = canonical(&mut tr, &mut t, g);
        let doc = run_json(&["value", "--json", &gt]);
        let field = |name: &str| doc[name].as_str().unwrap().to_string();
        for (f, name) in [
            ("Mean", "mean"),
            ("Temperature", "temperature"),
            ("LeftStop", "left_stop"),
            ("RightStop", "right_stop"),
        ] {
            let v = val(&mut t, &format!("{f}({gt})"));
            assert_eq!(t.show(v), field(name), "{f}({gt})");
        }
        let b = val(&mut t, &format!("Birthday({gt})"));
        assert_eq!(t.show(b), doc["birthday"].to_string(), "Birthday({gt})");
        for (f, name) in [
            ("LeftOption", "left_options"),
            ("RightOption", "right_options"),
        ] {
            let opts = doc[name].as_array().unwrap();
            for (i, o) in opts.iter().enumerate() {
                let v = val(&mut t, &format!("{f}({gt}, {})", i + 1));
                assert_eq!(t.show(v), o.as_str().unwrap(), "{f}({gt}, {})", i + 1);
            }
            let src = format!("{f}({gt}, {})", opts.len() + 1);
            let (code, err) = exit_code(&["value", &src]);
            assert_eq!(code, 2, "{src}: {err}");
            assert!(err.contains("needs 1 ≤ i ≤"), "{src}: {err}");
        }
    }
}

#[test]
fn bad_calls_name_the_column_and_what_is_wrong() {
    for (src, col, what) in [
        ("1:", 3, "a game expression after ':'"),
        ("AtomicWeight(1)", 14, "all-small games only"),
        ("Cool(^, -1)", 9, "t ≥ 0"),
        ("Cool(^, ^)", 9, "needs a number"),
        ("Heat(^)", 1, "Heat(G, t) takes 2 arguments"),
        ("LeftOption(1, 0)", 15, "an index i ≥ 1"),
        ("LeftOption(0, 1)", 15, "0 has 0 Left options"),
        ("2.^", 2, "NortonMultiply(G, U)"),
        ("cool(2)", 1, "Cool(G)"),
    ] {
        let (code, err) = exit_code(&["value", src]);
        assert_eq!(code, 2, "{src}: {err}");
        assert!(
            err.contains(&format!("column {col}:")) && err.contains(what),
            "{src}: {err}"
        );
    }
    // A chain of ordinal sums is bounded like any nesting.
    let long = vec!["1"; 400].join(":");
    let (code, err) = exit_code(&["value", &long]);
    assert_eq!(code, 2, "{err}");
}
