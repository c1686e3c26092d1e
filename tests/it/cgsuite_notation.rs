//! CGSuite's notation and the algebra's operators in expressions: every canonical form
//! `value` prints reads back to the same game; negation, subtraction, integer multiples
//! and the nine comparisons agree with a slow implementation written here from the
//! definitions, on every pair of games born by day 2 and on a sample of day 3; and
//! worked examples of the literature.
//!
//! The slow implementation (Conway's definitions, *On Numbers and Games* ch. 0; Siegel,
//! *Combinatorial Game Theory*, II.1): G ≤ H iff there is no Left option G^L with
//! H ≤ G^L and no Right option H^R with H^R ≤ G; -G = {-G^R | -G^L};
//! G + H = {G^L + H, G + H^L | G^R + H, G + H^R}.

use crate::common::{exit_code, run_json, sprague};
use proptest::prelude::*;
use sprague::core::Limits;
use sprague::expr::Relation;
use sprague::games::eval::{Evaluator, ParseValue};
use sprague::partizan::{Dyadic, Game, GameTable, PrintOptions};
use std::collections::HashMap;

/// Games as explicit trees, hash-consed so that the definitions can be memoised.
#[derive(Default)]
pub(crate) struct Trees {
    /// The options of each tree.
    pub(crate) nodes: Vec<(Vec<usize>, Vec<usize>)>,
    index: HashMap<(Vec<usize>, Vec<usize>), usize>,
    le: HashMap<(usize, usize), bool>,
    sum: HashMap<(usize, usize), usize>,
    from: HashMap<Game, usize>,
}

impl Trees {
    pub(crate) fn node(&mut self, mut l: Vec<usize>, mut r: Vec<usize>) -> usize {
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        if let Some(&i) = self.index.get(&(l.clone(), r.clone())) {
            return i;
        }
        self.nodes.push((l.clone(), r.clone()));
        self.index.insert((l, r), self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    /// G ≤ H by the definition.
    pub(crate) fn le(&mut self, g: usize, h: usize) -> bool {
        if let Some(&v) = self.le.get(&(g, h)) {
            return v;
        }
        let (gl, _) = self.nodes[g].clone();
        let (_, hr) = self.nodes[h].clone();
        let v = !gl.iter().any(|&x| self.le(h, x)) && !hr.iter().any(|&y| self.le(y, g));
        self.le.insert((g, h), v);
        v
    }

    pub(crate) fn eq(&mut self, g: usize, h: usize) -> bool {
        self.le(g, h) && self.le(h, g)
    }

    pub(crate) fn neg(&mut self, g: usize) -> usize {
        let (l, r) = self.nodes[g].clone();
        let nl = r.iter().map(|&x| self.neg(x)).collect();
        let nr = l.iter().map(|&x| self.neg(x)).collect();
        self.node(nl, nr)
    }

    pub(crate) fn add(&mut self, g: usize, h: usize) -> usize {
        if let Some(&s) = self.sum.get(&(g, h)) {
            return s;
        }
        let (gl, gr) = self.nodes[g].clone();
        let (hl, hr) = self.nodes[h].clone();
        let mut l: Vec<usize> = gl.iter().map(|&x| self.add(x, h)).collect();
        l.extend(hl.iter().map(|&y| self.add(g, y)).collect::<Vec<_>>());
        let mut r: Vec<usize> = gr.iter().map(|&x| self.add(x, h)).collect();
        r.extend(hr.iter().map(|&y| self.add(g, y)).collect::<Vec<_>>());
        let s = self.node(l, r);
        self.sum.insert((g, h), s);
        s
    }

    /// `n` copies of `g` (of `-g` for n < 0) added by the definition.
    pub(crate) fn times(&mut self, n: i64, g: usize) -> usize {
        let base = if n < 0 { self.neg(g) } else { g };
        let mut total = self.node(vec![], vec![]);
        for _ in 0..n.unsigned_abs() {
            total = self.add(total, base);
        }
        total
    }

    /// The tree of a game of the engine, read through its options.
    pub(crate) fn of(&mut self, t: &mut GameTable, g: Game) -> usize {
        if let Some(&i) = self.from.get(&g) {
            return i;
        }
        let (l, r) = t.options(g).unwrap();
        let l = l.into_iter().map(|x| self.of(t, x)).collect();
        let r = r.into_iter().map(|x| self.of(t, x)).collect();
        let i = self.node(l, r);
        self.from.insert(g, i);
        i
    }

    /// The tree written with braces only.
    pub(crate) fn text(&self, g: usize) -> String {
        let (l, r) = &self.nodes[g];
        let side = |v: &[usize]| {
            v.iter()
                .map(|&x| self.text(x))
                .collect::<Vec<_>>()
                .join(",")
        };
        format!("{{{}|{}}}", side(l), side(r))
    }
}

/// Representatives of the values born by day 1 and day 2, as trees.
pub(crate) fn days(trees: &mut Trees) -> (Vec<usize>, Vec<usize>) {
    let zero = trees.node(vec![], vec![]);
    let star = trees.node(vec![zero], vec![zero]);
    let one = trees.node(vec![zero], vec![]);
    let minus_one = trees.node(vec![], vec![zero]);
    let day1 = vec![zero, star, one, minus_one];
    let mut day2: Vec<usize> = Vec::new();
    for lm in 0..16u32 {
        for rm in 0..16u32 {
            let pick = |m: u32| {
                (0..4)
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| day1[i])
                    .collect()
            };
            let g = trees.node(pick(lm), pick(rm));
            if !day2.iter().any(|&h| trees.eq(g, h)) {
                day2.push(g);
            }
        }
    }
    (day1, day2)
}

/// The value of `src` in `t`.
pub(crate) fn val(t: &mut GameTable, src: &str) -> Game {
    t.parse_value(src).unwrap_or_else(|e| panic!("{src}: {e}"))
}

/// Whether the relation written in `src` holds.
fn holds(t: &mut GameTable, src: &str) -> bool {
    let mut ev = Evaluator::new(t, src, Limits::default(), false);
    let (_, c) = ev.eval_statement().unwrap_or_else(|e| panic!("{src}: {e}"));
    c.unwrap_or_else(|| panic!("{src}: no comparison")).holds
}

#[test]
fn twenty_two_games_are_born_by_day_two() {
    // Winning Ways, ch. 7 (and Siegel, CGT, II.2): 4 games by day 1, 22 by day 2.
    let mut trees = Trees::default();
    let (day1, day2) = days(&mut trees);
    assert_eq!(day1.len(), 4);
    assert_eq!(day2.len(), 22);
}

#[test]
fn operators_and_comparisons_agree_with_the_definitions_on_day_two() {
    let mut trees = Trees::default();
    let (_, day2) = days(&mut trees);
    let mut t = GameTable::new();
    for &g in &day2 {
        let gt = trees.text(g);
        // -G
        let e = val(&mut t, &format!("-{gt}"));
        let got = trees.of(&mut t, e);
        let want = trees.neg(g);
        assert!(trees.eq(got, want), "-{gt}");
        // n * G
        for n in -3i64..=3 {
            let e = val(&mut t, &format!("{n} * {gt}"));
            let got = trees.of(&mut t, e);
            let want = trees.times(n, g);
            assert!(trees.eq(got, want), "{n} * {gt}");
        }
        for &h in &day2 {
            let ht = trees.text(h);
            // G - H
            let e = val(&mut t, &format!("{gt} - {ht}"));
            let got = trees.of(&mut t, e);
            let nh = trees.neg(h);
            let want = trees.add(g, nh);
            assert!(trees.eq(got, want), "{gt} - {ht}");
            check_relations(&mut t, &mut trees, g, h);
        }
    }
}

/// Every relation between `g` and `h`, asked through an expression, against the
/// definition of ≤.
fn check_relations(t: &mut GameTable, trees: &mut Trees, g: usize, h: usize) {
    let (gt, ht) = (trees.text(g), trees.text(h));
    let le = trees.le(g, h);
    let ge = trees.le(h, g);
    let want = |r: Relation| match r {
        Relation::Eq => le && ge,
        Relation::Ne => !(le && ge),
        Relation::Le => le,
        Relation::Ge => ge,
        Relation::Lt => le && !ge,
        Relation::Gt => ge && !le,
        Relation::Confused => !le && !ge,
        Relation::LessOrConfused => !ge,
        Relation::GreaterOrConfused => !le,
    };
    for r in Relation::ALL {
        let src = format!("{gt} {} {ht}", r.symbol());
        assert_eq!(holds(t, &src), want(r), "{src}");
    }
}

#[test]
fn comparisons_agree_with_the_definitions_on_a_sample_of_day_three() {
    let mut trees = Trees::default();
    let (_, day2) = days(&mut trees);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |k: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % k
    };
    let mut sample = Vec::new();
    for _ in 0..40 {
        let mut pick = || {
            (0..day2.len())
                .filter(|_| next(5) == 0)
                .map(|i| day2[i])
                .collect::<Vec<_>>()
        };
        let (l, r) = (pick(), pick());
        sample.push(trees.node(l, r));
    }
    let mut t = GameTable::new();
    for &g in &sample {
        for &h in &sample {
            check_relations(&mut t, &mut trees, g, h);
        }
        let gt = trees.text(g);
        let e = val(&mut t, &format!("2 * {gt} - {gt}"));
        let got = trees.of(&mut t, e);
        assert!(trees.eq(got, g), "2 * {gt} - {gt}");
    }
}

#[test]
fn worked_examples_of_the_literature() {
    let mut t = GameTable::new();
    for (src, expect) in [
        // Siegel, CGT, II.1 (and Winning Ways ch. 3): ↑ and * are confused; ↑* is
        // confused with 0; ⇑* = ↑ + ↑ + * is positive; ⇑ > *.
        ("^ <> *", true),
        ("^ <= *", false),
        ("^ >= *", false),
        ("^* <> 0", true),
        ("^ + ^ + * > 0", true),
        ("^^ > *", true),
        // CGSuite's worksheet tutorial: `0 <| ^*` (0 is less than or confused with ↑*).
        ("0 <| ^*", true),
        ("0 |> ^*", true),
        // Switches {x|-x} with x > 0 are confused with 0 (hot games are fuzzy).
        ("±1 <> 0", true),
        // Siegel, CGT, II.4: tinies are positive and smaller than ↑.
        ("Tiny(2) > 0", true),
        ("Tiny(2) < ^", true),
        ("Miny(2) == -Tiny(2)", true),
        // Numbers: 1/2 + 1/2 = 1, {0|1} = 1/2 (ONAG ch. 0).
        ("1/2 + 1/2 == 1", true),
        ("{0|1} == 1/2", true),
        ("{0|1} != 1", true),
        // ≤, ≥, ≠ in Unicode.
        ("^ ≤ ^^", true),
        ("* ≥ 0", false),
        ("* ≠ 0", true),
    ] {
        assert_eq!(holds(&mut t, src), expect, "{src}");
    }
}

#[test]
fn each_notation_has_its_value_by_the_rules() {
    let mut t = GameTable::new();
    let mut same = |a: &str, b: &str| {
        let (x, y) = (val(&mut t, a), val(&mut t, b));
        assert_eq!(x, y, "{a} = {b}");
    };
    // Up and its multiples (Siegel, CGT, II.1: ↑ = {0|*}, ⇑ = {0|↑*}, and
    // n·↑ = {0|(n-1)·↑*}); CGSuite writes n·↑ as `^n` and also `^^…^`.
    same("^", "{0|*}");
    same("^^", "{0|^*}");
    same("^2", "^ + ^");
    same("^3", "{0|^^*}");
    same("^^^", "^3");
    same("^ 3", "^3");
    same("↑", "^");
    same("⇑", "^^");
    same("↑3", "^3");
    same("↓", "v");
    same("⇓", "vv");
    same("v", "-^");
    same("vv", "-^^");
    same("v3", "-^3");
    same("^^*", "^ + ^ + *");
    same("^*", "{0,*|0}");
    same("v*", "{0|0,*}");
    // Juxtaposition: a number, ups and a nimber side by side are their sum; the sign
    // is the number's.
    same("3*", "3 + *");
    same("3/2*", "3/2 + *");
    same("3*2", "3 + *2");
    same("1/2^", "1/2 + ^");
    same("-1^", "-1 + ^");
    same("-1/2v*", "-1/2 + v + *");
    same("73/16v9*8", "73/16 + -9 * ^ + *8");
    same("v3*2", "v3 + *2");
    same("{2^|-1/2^}", "{2 + ^|-1/2 + ^}");
    // Switches: ±G = {G|-G}; ±{A,B} and ±(A,B) = {A,B|-A,-B}.
    same("±1", "{1|-1}");
    same("+-1", "{1|-1}");
    same("±(1*)", "{1*|-1*}");
    same("±^", "{^|v}");
    same("±{*,^}", "{*,^|*,v}");
    same("±(*,^)", "{*,^|*,v}");
    same("±{2|1}", "{{2|1}|{-1|-2}}");
    // Tiny and miny (Siegel, CGT, II.4: +_x = {0||0|-x}, -_x = {x|0||0}).
    same("Tiny(2)", "{0||0|-2}");
    same("Miny(2)", "{2|0||0}");
    same("1Miny(1/2)", "1 + Miny(1/2)");
    same("-1Tiny(1/4)", "-1 + Tiny(1/4)");
    // Operators: negation, subtraction, multiples, parentheses.
    same("-{2|1}", "{-1|-2}");
    same("--^", "^");
    same("^ - *", "^*");
    same("1 - -1", "2");
    same("3 * ^", "^3");
    same("3*^", "^3");
    same("-2 * ^", "vv");
    same("0 * {2|1}", "0");
    same("2 * (^ + *)", "^^");
    same("-(^ + *)", "v*");
    same("3 * *2", "*2");
    same("2 * (1/2)", "1");
    same("{1|0} - {1|0}", "0");
    same("3 * {1|0} - {1|0}", "2 * {1|0}");
}

#[test]
fn bad_operators_name_the_column_and_a_hint() {
    for (src, col, hint) in [
        ("3/2*x", 4, "did you mean '3/2* + x'?"),
        ("{1|0}*2", 6, "the integer first"),
        ("^ = *", 3, "did you mean '=='?"),
        ("0 < ^ < 1", 7, "comparisons do not chain"),
        ("2.^", 2, "n * G"),
        ("tiny(2)", 1, "Tiny(G)"),
    ] {
        let (code, err) = exit_code(&["value", src]);
        assert_eq!(code, 2, "{src}: {err}");
        assert!(err.contains(&format!("column {col}:")), "{src}: {err}");
        assert!(err.contains(hint), "{src}: {err}");
    }
    // A comparison is answered by `value`, not `solve`.
    let (code, err) = exit_code(&["solve", "nim(1) <= nim(2)"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("column 8:") && err.contains("sprague value"),
        "{err}"
    );
}

#[test]
fn value_answers_a_comparison_in_text_and_json() {
    let out = sprague().args(["value", "^ <= *"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("compare:     ^ <= * is false; ^ <> * (confused)\n"),
        "{text}"
    );
    assert!(text.contains("\nvalue:       ^*\n"), "{text}");
    let doc = run_json(&["value", "--json", "^ + ^ + * > 0"]);
    assert_eq!(doc["compare"]["holds"], true);
    assert_eq!(doc["compare"]["relation"], ">");
    assert_eq!(doc["compare"]["order"], ">");
    assert_eq!(doc["compare"]["left"], "^ + ^ + *");
    assert_eq!(doc["compare"]["right"], "0");
    // The rest of the document is of the difference G - H, every field kept.
    assert_eq!(doc["canonical"], "^^*");
    assert_eq!(doc["outcome"], "L");
    for field in ["number", "temperature", "mean"] {
        assert!(doc.get(field).is_some(), "{field}");
    }
    // Without a comparison there is no such field.
    assert!(run_json(&["value", "--json", "^"]).get("compare").is_none());
}

/// A random canonical game of small birthday built with the engine's constructors.
pub(crate) fn random_game(t: &mut GameTable, choices: &[u8], pool: &mut Vec<Game>) -> Game {
    let mut it = choices.iter().copied();
    let mut next = || it.next().unwrap_or(0);
    let g = match next() % 8 {
        0 => {
            let num = i64::from(next() % 17) - 8;
            let exp = u64::from(next() % 4);
            t.number(Dyadic::ratio(num, exp)).unwrap()
        }
        1 => t.nimber(u64::from(next() % 5).into()).unwrap(),
        2 => {
            let x = t
                .number(Dyadic::ratio(i64::from(next() % 9) - 4, 1))
                .unwrap();
            let u = t.up(i64::from(next() % 7) - 3).unwrap();
            let s = t.nimber(u64::from(next() % 3).into()).unwrap();
            let xu = t.add(x, u).unwrap();
            t.add(xu, s).unwrap()
        }
        3 => {
            // a switch ±x
            let x = pool[usize::from(next()) % pool.len()];
            let n = t.neg(x).unwrap();
            t.game(&[x], &[n]).unwrap()
        }
        4 => {
            // x + Tiny(y) = {x||x|x-y} or x + Miny(y) = {x+y|x||x}
            let x = t
                .number(Dyadic::ratio(i64::from(next() % 9) - 4, 1))
                .unwrap();
            let y = t
                .number(Dyadic::ratio(i64::from(next() % 7) + 1, 1))
                .unwrap();
            if next() % 2 == 0 {
                let low = t.sub(x, y).unwrap();
                let inner = t.game(&[x], &[low]).unwrap();
                t.game(&[x], &[inner]).unwrap()
            } else {
                let high = t.add(x, y).unwrap();
                let inner = t.game(&[high], &[x]).unwrap();
                t.game(&[inner], &[x]).unwrap()
            }
        }
        _ => {
            let (a, b) = (next() % 3, next() % 3);
            let l: Vec<Game> = (0..a)
                .map(|_| pool[usize::from(next()) % pool.len()])
                .collect();
            let r: Vec<Game> = (0..b)
                .map(|_| pool[usize::from(next()) % pool.len()])
                .collect();
            t.game(&l, &r).unwrap()
        }
    };
    pool.push(g);
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// value(print(G)) == G for random canonical forms, printed with `±` and with
    /// `+-` (`--ascii`), and so do -G and G + G.
    #[test]
    fn printed_forms_read_back(games in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 12), 1..8)) {
        let mut t = GameTable::new();
        let mut pool = vec![Game::ZERO];
        for choices in &games {
            let g = random_game(&mut t, choices, &mut pool);
            let n = t.neg(g).unwrap();
            let d = t.add(g, g).unwrap();
            for h in [g, n, d] {
                for ascii in [false, true] {
                    let text = t.show_with(h, PrintOptions { ascii }).unwrap();
                    let back = t.parse_value(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
                    prop_assert_eq!(back, h, "{}", text);
                }
            }
        }
    }
}
