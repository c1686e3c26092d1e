//! The partizan engine against a reference written straight from the definitions
//! (Conway, ONAG ch. 10; Siegel, Combinatorial Game Theory, ch. II), on random games:
//! canonical forms, sums, negatives, comparisons, outcomes; and the group laws.
//!
//! The reference keeps games as explicit trees and recurses without caches, so it is
//! only run on small games.

use proptest::prelude::*;
use sprague::core::Outcome;
use sprague::games::eval::ParseValue;
use sprague::partizan::{Dyadic, Game, GameTable};

/// A game as an explicit tree of options.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Tree {
    l: Vec<Tree>,
    r: Vec<Tree>,
}

fn tree(l: Vec<Tree>, r: Vec<Tree>) -> Tree {
    Tree { l, r }
}

/// `a ≤ b` by the definition.
fn le(a: &Tree, b: &Tree) -> bool {
    !a.l.iter().any(|al| le(b, al)) && !b.r.iter().any(|br| le(br, a))
}

fn eq(a: &Tree, b: &Tree) -> bool {
    le(a, b) && le(b, a)
}

/// The canonical form: canonical options, then dominated options removed and
/// reversible ones bypassed until neither applies; options sorted.
fn canon(g: &Tree) -> Tree {
    let mut l: Vec<Tree> = g.l.iter().map(canon).collect();
    let mut r: Vec<Tree> = g.r.iter().map(canon).collect();
    loop {
        l.sort();
        l.dedup();
        r.sort();
        r.dedup();
        // Dominated.
        let l2: Vec<Tree> = l
            .iter()
            .enumerate()
            .filter(|(i, a)| {
                !l.iter()
                    .enumerate()
                    .any(|(j, b)| j != *i && le(a, b) && !(le(b, a) && j > *i))
            })
            .map(|(_, a)| a.clone())
            .collect();
        let r2: Vec<Tree> = r
            .iter()
            .enumerate()
            .filter(|(i, a)| {
                !r.iter()
                    .enumerate()
                    .any(|(j, b)| j != *i && le(b, a) && !(le(a, b) && j > *i))
            })
            .map(|(_, a)| a.clone())
            .collect();
        let g = tree(l2.clone(), r2.clone());
        // Reversible.
        let mut changed = false;
        let mut l3 = Vec::new();
        for a in &l2 {
            match a.r.iter().find(|ar| le(ar, &g)) {
                Some(ar) => {
                    l3.extend(ar.l.iter().cloned());
                    changed = true;
                }
                None => l3.push(a.clone()),
            }
        }
        let mut r3 = Vec::new();
        for b in &r2 {
            match b.l.iter().find(|bl| le(&g, bl)) {
                Some(bl) => {
                    r3.extend(bl.r.iter().cloned());
                    changed = true;
                }
                None => r3.push(b.clone()),
            }
        }
        l = l3;
        r = r3;
        if !changed {
            l.sort();
            l.dedup();
            r.sort();
            r.dedup();
            return tree(l, r);
        }
    }
}

fn add(a: &Tree, b: &Tree) -> Tree {
    let mut l: Vec<Tree> = a.l.iter().map(|x| add(x, b)).collect();
    l.extend(b.l.iter().map(|x| add(a, x)));
    let mut r: Vec<Tree> = a.r.iter().map(|x| add(x, b)).collect();
    r.extend(b.r.iter().map(|x| add(a, x)));
    canon(&tree(l, r))
}

fn neg(a: &Tree) -> Tree {
    tree(a.r.iter().map(neg).collect(), a.l.iter().map(neg).collect())
}

/// A random game: literals at the leaves, options above.
#[derive(Clone, Debug)]
enum Gen {
    Lit(&'static str),
    Node(Vec<Gen>, Vec<Gen>),
}

/// Literals and their trees from the definitions.
fn literal_tree(s: &str) -> Tree {
    let z = || tree(vec![], vec![]);
    let star = || tree(vec![z()], vec![z()]);
    let one = || tree(vec![z()], vec![]);
    match s {
        "0" => z(),
        "1" => one(),
        "-1" => tree(vec![], vec![z()]),
        "2" => tree(vec![one()], vec![]),
        "1/2" => tree(vec![z()], vec![one()]),
        "*" => star(),
        "*2" => tree(vec![z(), star()], vec![z(), star()]),
        "^" => tree(vec![z()], vec![star()]),
        "v" => tree(vec![star()], vec![z()]),
        "±1" => tree(vec![one()], vec![tree(vec![], vec![z()])]),
        _ => unreachable!("{s}"),
    }
}

const LITERALS: [&str; 10] = ["0", "1", "-1", "2", "1/2", "*", "*2", "^", "v", "±1"];

impl Gen {
    fn tree(&self) -> Tree {
        match self {
            Gen::Lit(s) => literal_tree(s),
            Gen::Node(l, r) => tree(
                l.iter().map(Gen::tree).collect(),
                r.iter().map(Gen::tree).collect(),
            ),
        }
    }
}

/// Builds a random game in the table: literals parsed, nodes from their options.
fn build_gen(t: &mut GameTable, g: &Gen) -> Game {
    match g {
        Gen::Lit(s) => t.parse_value(s).unwrap(),
        Gen::Node(l, r) => {
            let l: Vec<Game> = l.iter().map(|x| build_gen(t, x)).collect();
            let r: Vec<Game> = r.iter().map(|x| build_gen(t, x)).collect();
            t.game(&l, &r).unwrap()
        }
    }
}

fn gens() -> impl Strategy<Value = Gen> {
    let leaf = prop::sample::select(LITERALS.to_vec()).prop_map(Gen::Lit);
    leaf.prop_recursive(3, 16, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| Gen::Node(l, r))
    })
}

/// Builds a tree in the table, option by option.
fn build(t: &mut GameTable, g: &Tree) -> Game {
    let l: Vec<Game> = g.l.iter().map(|x| build(t, x)).collect();
    let r: Vec<Game> = g.r.iter().map(|x| build(t, x)).collect();
    t.game(&l, &r).unwrap()
}

/// The canonical game of the table as a tree (options sorted like the reference's).
fn expand(t: &mut GameTable, g: Game) -> Tree {
    let (l, r) = t.options(g).unwrap();
    let mut l: Vec<Tree> = l.into_iter().map(|x| expand(t, x)).collect();
    let mut r: Vec<Tree> = r.into_iter().map(|x| expand(t, x)).collect();
    l.sort();
    r.sort();
    tree(l, r)
}

fn games() -> impl Strategy<Value = Tree> {
    let leaf = Just(tree(vec![], vec![]));
    leaf.prop_recursive(4, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| tree(l, r))
    })
}

fn outcome_of(g: &Tree) -> Outcome {
    let zero = tree(vec![], vec![]);
    match (le(&zero, g), le(g, &zero)) {
        (true, true) => Outcome::P,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::N,
    }
}

/// The random games are not all trivial: most have a non-zero value, some are hot.
#[test]
fn random_games_are_varied() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut t = GameTable::new();
    let (mut nonzero, mut confused) = (0, 0);
    for _ in 0..200 {
        let g = games().new_tree(&mut runner).unwrap().current();
        let id = build(&mut t, &g);
        nonzero += usize::from(id != Game::ZERO);
        confused += usize::from(t.outcome(id).unwrap() == Outcome::N);
    }
    assert!(nonzero > 100 && confused > 20, "{nonzero} {confused}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn canonical_forms_match_the_reference(g in games()) {
        let mut t = GameTable::new();
        let id = build(&mut t, &g);
        prop_assert_eq!(expand(&mut t, id), canon(&g));
    }

    #[test]
    fn sums_negatives_and_comparisons_match_the_reference(a in games(), b in games()) {
        let mut t = GameTable::new();
        let (ga, gb) = (build(&mut t, &a), build(&mut t, &b));
        let s = t.add(ga, gb).unwrap();
        prop_assert_eq!(expand(&mut t, s), add(&canon(&a), &canon(&b)));
        let n = t.neg(ga).unwrap();
        prop_assert_eq!(expand(&mut t, n), canon(&neg(&a)));
        prop_assert_eq!(t.le(ga, gb).unwrap(), le(&a, &b));
        prop_assert_eq!(t.le(gb, ga).unwrap(), le(&b, &a));
        prop_assert_eq!(t.outcome(ga).unwrap(), outcome_of(&a));
        // Equal values, equal ids.
        prop_assert_eq!(ga == gb, eq(&a, &b));
    }

    #[test]
    fn group_laws(a in games(), b in games(), c in games()) {
        let mut t = GameTable::new();
        let (ga, gb, gc) = (build(&mut t, &a), build(&mut t, &b), build(&mut t, &c));
        // G - G = 0.
        prop_assert_eq!(t.sub(ga, ga).unwrap(), Game::ZERO);
        // Commutative and associative.
        let ab = t.add(ga, gb).unwrap();
        let ba = t.add(gb, ga).unwrap();
        prop_assert_eq!(ab, ba);
        let ab_c = t.add(ab, gc).unwrap();
        let bc = t.add(gb, gc).unwrap();
        let a_bc = t.add(ga, bc).unwrap();
        prop_assert_eq!(ab_c, a_bc);
        // Order: a ≤ b iff b - a ≥ 0.
        let d = t.sub(gb, ga).unwrap();
        prop_assert_eq!(t.le(ga, gb).unwrap(), t.le(Game::ZERO, d).unwrap());
        // Games built differently with equal values get the same id: a + b built from
        // the trees' sum.
        let direct = build(&mut t, &add(&a, &b));
        prop_assert_eq!(direct, ab);
    }

    #[test]
    fn games_with_numbers_ups_and_nimbers_match_the_reference(a in gens(), b in gens()) {
        let mut t = GameTable::new();
        let (ga, gb) = (build_gen(&mut t, &a), build_gen(&mut t, &b));
        let (ta, tb) = (canon(&a.tree()), canon(&b.tree()));
        prop_assert_eq!(expand(&mut t, ga), ta.clone());
        let s = t.add(ga, gb).unwrap();
        prop_assert_eq!(expand(&mut t, s), add(&ta, &tb));
        prop_assert_eq!(t.le(ga, gb).unwrap(), le(&ta, &tb));
        prop_assert_eq!(t.le(gb, ga).unwrap(), le(&tb, &ta));
        prop_assert_eq!(build(&mut t, &ta), ga);
    }

    #[test]
    fn means_add_and_temperatures_are_consistent(a in gens(), b in gens()) {
        let mut t = GameTable::new();
        let (ga, gb) = (build_gen(&mut t, &a), build_gen(&mut t, &b));
        let s = t.add(ga, gb).unwrap();
        // The mean is additive (Siegel, CGT II.5).
        let (ma, mb, ms) = (t.mean(ga).unwrap(), t.mean(gb).unwrap(), t.mean(s).unwrap());
        prop_assert_eq!(ma.add(&mb), ms);
        for g in [ga, gb, s] {
            let temp = t.temperature(g).unwrap();
            let (ls, rs) = t.stops(g).unwrap();
            prop_assert!(ls >= rs);
            let mean = t.mean(g).unwrap();
            prop_assert!(rs <= mean && mean <= ls);
            match t.as_number(g) {
                // Numbers: -1/2^k, integers -1.
                Some(x) => prop_assert_eq!(
                    temp,
                    if x.is_integer() { Dyadic::int(-1) } else { Dyadic::ratio(-1, x.exponent()) }
                ),
                // Other games are at least as hot as 0, and hot ones at least half
                // as hot as their stops are apart.
                None => {
                    prop_assert!(!temp.is_negative());
                    prop_assert!(temp.double() >= ls.sub(&rs));
                }
            }
        }
    }

    #[test]
    fn one_table_answers_like_fresh_ones(gs in prop::collection::vec(games(), 1..6)) {
        // Caches shared between many computations give the same results.
        let mut shared = GameTable::new();
        let mut total = Game::ZERO;
        let mut reference = tree(vec![], vec![]);
        for g in &gs {
            let id = build(&mut shared, g);
            total = shared.add(total, id).unwrap();
            reference = add(&reference, &canon(g));
        }
        prop_assert_eq!(expand(&mut shared, total), reference);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Sums with repeated and cancelling terms, through one table that remembers every
    /// sum's terms (and drops the terms that cancel): each running total, and each
    /// difference of two running totals, is the reference sum of the terms in between.
    #[test]
    fn sums_whose_terms_cancel_match_the_reference(
        gs in prop::collection::vec(gens(), 1..4),
        picks in prop::collection::vec((0usize..4, any::<bool>()), 1..7),
    ) {
        let mut t = GameTable::new();
        let ids: Vec<Game> = gs.iter().map(|g| build_gen(&mut t, g)).collect();
        let trees: Vec<Tree> = gs.iter().map(|g| canon(&g.tree())).collect();
        let zero = tree(vec![], vec![]);
        let mut totals = vec![(Game::ZERO, zero.clone())];
        for &(i, minus) in &picks {
            let i = i % ids.len();
            let (id, tr) = totals.last().unwrap().clone();
            let next = if minus {
                (t.sub(id, ids[i]).unwrap(), add(&tr, &canon(&neg(&trees[i]))))
            } else {
                (t.add(id, ids[i]).unwrap(), add(&tr, &trees[i]))
            };
            prop_assert_eq!(expand(&mut t, next.0), next.1.clone());
            totals.push(next);
        }
        for j in 0..totals.len() {
            for i in 0..j {
                // P_j - P_i: the terms i+1..=j.
                let d = t.sub(totals[j].0, totals[i].0).unwrap();
                let reference = picks[i..j].iter().fold(zero.clone(), |acc, &(k, minus)| {
                    let g = &trees[k % ids.len()];
                    if minus { add(&acc, &canon(&neg(g))) } else { add(&acc, g) }
                });
                prop_assert_eq!(expand(&mut t, d), reference);
                // And back: P_i + (P_j - P_i) = P_j, -(P_j - P_i) + P_j = P_i.
                prop_assert_eq!(t.add(totals[i].0, d).unwrap(), totals[j].0);
                let nd = t.neg(d).unwrap();
                prop_assert_eq!(t.add(nd, totals[j].0).unwrap(), totals[i].0);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// `a ≤ b` modulo infinitesimals, found from the stops of the sum `b + (-a)` taken
    /// follower by follower, is the right stop of the canonical `b - a` being at least 0
    /// (Siegel, CGT II.6), on games whose sums are often numbers (`G + (-G) + x`).
    #[test]
    fn comparisons_modulo_infinitesimals_match_the_stops_of_the_difference(
        a in gens(), b in gens(), c in gens(),
    ) {
        let mut t = GameTable::new();
        let (ga, gb, gc) = (build_gen(&mut t, &a), build_gen(&mut t, &b), build_gen(&mut t, &c));
        let ab = t.add(ga, gb).unwrap();
        let nb = t.neg(gb).unwrap();
        let half = t.parse_value("1/2").unwrap();
        let bh = t.add(gb, half).unwrap();
        let games = [ga, gb, gc, ab, nb, bh];
        for &x in &games {
            for &y in &games {
                // In a fresh table each time, so that nothing is known beforehand.
                let mut fresh = GameTable::new();
                let (x2, y2) = (copy(&mut t, &mut fresh, x), copy(&mut t, &mut fresh, y));
                let fast = fresh.le_inf(x2, y2).unwrap();
                let d = t.sub(y, x).unwrap();
                let by_difference = !t.stops(d).unwrap().1.is_negative();
                prop_assert_eq!(fast, by_difference);
            }
        }
    }
}

/// A copy of `g` in the table `to`, built from its options.
fn copy(from: &mut GameTable, to: &mut GameTable, g: Game) -> Game {
    let tr = expand(from, g);
    build(to, &tr)
}

/// Number-up-stars are stored by their parts; their options come from closed forms.
/// Built from options, they must get the same ids, and their options must be what the
/// definitions give.
#[test]
fn numbers_ups_and_nimbers_match_their_definitions() {
    let mut t = GameTable::new();
    let zero = tree(vec![], vec![]);
    let star = canon(&tree(vec![zero.clone()], vec![zero.clone()]));
    let up = canon(&tree(vec![zero.clone()], vec![star.clone()]));
    let one = canon(&tree(vec![zero.clone()], vec![]));
    let half = canon(&tree(vec![zero.clone()], vec![one.clone()]));
    let star2 = canon(&tree(
        vec![zero.clone(), star.clone()],
        vec![zero.clone(), star.clone()],
    ));
    let parts = [
        ("0", zero.clone()),
        ("*", star.clone()),
        ("*2", star2.clone()),
        ("^", up.clone()),
        ("1", one.clone()),
        ("1/2", half.clone()),
    ];
    // Every sum of up to four of these, in both representations.
    let mut checked = 0;
    for i in 0..parts.len() {
        for j in i..parts.len() {
            for k in j..parts.len() {
                for m in k..parts.len() {
                    let text = format!(
                        "{} + {} + {} + {}",
                        parts[i].0, parts[j].0, parts[k].0, parts[m].0
                    );
                    let reference = [i, j, k, m]
                        .iter()
                        .fold(zero.clone(), |acc, &x| add(&acc, &parts[x].1));
                    let by_parts = t.parse_value(&text).unwrap();
                    assert_eq!(expand(&mut t, by_parts), reference, "{text}");
                    assert_eq!(build(&mut t, &reference), by_parts, "{text}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100);
    // Down and negative numbers.
    for text in [
        "v",
        "v + *",
        "v + v + *",
        "-1/2 + ^",
        "-3 + *2 + v",
        "^ + ^ + ^ + *3",
    ] {
        let g = t.parse_value(text).unwrap();
        let tr = expand(&mut t, g);
        assert_eq!(build(&mut t, &tr), g, "{text}");
        assert_eq!(canon(&tr), tr, "{text} is canonical");
    }
}

#[test]
fn deep_games_do_not_overflow_the_stack() {
    use sprague::partizan::PrintOptions;
    // g_k = {k | g_(k-1)}, g_0 = 0: a canonical game k deep ({3|||2||1|0}).
    let chain = |t: &mut GameTable, depth: i64| {
        let mut g = Game::ZERO;
        for k in 1..=depth {
            let n = t.integer(k).unwrap();
            g = t.game(&[n], &[g]).unwrap();
        }
        g
    };
    let mut t = GameTable::with_limit(20_000_000);
    let g = chain(&mut t, 100_000);
    let n = t.neg(g).unwrap();
    assert_eq!(t.outcome(g).unwrap(), Outcome::L);
    assert_eq!(t.outcome(n).unwrap(), Outcome::R);
    assert!(t.le(n, g).unwrap());
    // The text is quadratic in the depth: the bound on its length stops it.
    assert!(t.show_with(g, PrintOptions::default()).is_err());
    // Sums of deep games.
    let mut t = GameTable::new();
    let g = chain(&mut t, 60);
    let n = t.neg(g).unwrap();
    assert_eq!(t.add(g, n).unwrap(), Game::ZERO);
    let g3 = chain(&mut t, 3);
    assert_eq!(t.show(g3), "{3|||2||1|0}");
    // Thermographs: g_k has temperature 1 - 2^-k (its means need k-bit denominators).
    let g = chain(&mut t, 3000);
    let temp = t.temperature(g).unwrap();
    assert_eq!(
        temp,
        sprague::partizan::Dyadic::int(1).sub(&sprague::partizan::Dyadic::ratio(1, 3000))
    );
}
