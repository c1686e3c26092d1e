//! Property tests of game trees (`sprague::nash::efg` and `extensive`) on random
//! small trees of perfect information (2 to 4 players, chance nodes, payoffs from a
//! few values so that ties are common), against brute force written here from the
//! definitions: every profile of pure strategies (an action at every node of a
//! player), its payoffs by walking the tree, and subgame perfection checked in
//! every subgame against every deviation of every player; the reduced normal form
//! against the classes of pure strategies that reach the same leaves against
//! everything the others do. None of it shares code with the library.

use num_bigint::BigInt;
use num_traits::Zero;
use proptest::prelude::*;
use sprague::nash::Budget;
use sprague::nash::efg::{read_efg, write_efg};
use sprague::nash::extensive::{reduced_normal_form, subgame_perfect};
use std::collections::{BTreeMap, BTreeSet};

type Q = num_rational::Ratio<BigInt>;

/// A tree as the test builds it.
#[derive(Clone, Debug)]
enum T {
    Leaf(Vec<i64>),
    Player(usize, Vec<T>),
    Chance(Vec<(u32, T)>),
}

fn tree(n: usize) -> impl Strategy<Value = T> {
    let leaf = proptest::collection::vec(0i64..3, n).prop_map(T::Leaf);
    leaf.prop_recursive(4, 20, 3, move |inner| {
        prop_oneof![
            3 => (0..n, proptest::collection::vec(inner.clone(), 2..=3))
                .prop_map(|(p, c)| T::Player(p, c)),
            1 => proptest::collection::vec((1u32..4, inner), 2..=3).prop_map(T::Chance),
        ]
    })
}

/// A node of the flattened tree, in prefix order.
#[derive(Clone, Debug)]
enum Node {
    Leaf(Vec<Q>),
    Player(usize, Vec<usize>),
    Chance(Vec<(Q, usize)>),
}

/// The tree flattened in prefix order (the order of a `.efg` file), and its text.
fn flatten(t: &T, n: usize) -> (Vec<Node>, String) {
    let mut nodes = Vec::new();
    let mut text = String::from("EFG 2 R \"random\" {");
    for p in 0..n {
        text.push_str(&format!(" \"P{}\"", p + 1));
    }
    text.push_str(" }\n\"\"\n");
    let mut sets = 0;
    let mut outcomes = 0;
    fn walk(
        t: &T,
        nodes: &mut Vec<Node>,
        text: &mut String,
        sets: &mut usize,
        outcomes: &mut usize,
    ) -> usize {
        let v = nodes.len();
        match t {
            T::Leaf(pay) => {
                *outcomes += 1;
                let values: Vec<String> = pay.iter().map(|x| x.to_string()).collect();
                text.push_str(&format!(
                    "t \"\" {} \"\" {{ {} }}\n",
                    outcomes,
                    values.join(" ")
                ));
                nodes.push(Node::Leaf(
                    pay.iter().map(|&x| Q::from_integer(x.into())).collect(),
                ));
            }
            T::Player(p, children) => {
                *sets += 1;
                let actions: Vec<String> =
                    (0..children.len()).map(|a| format!("\"a{a}\"")).collect();
                text.push_str(&format!(
                    "p \"\" {} {} \"\" {{ {} }} 0\n",
                    p + 1,
                    sets,
                    actions.join(" ")
                ));
                nodes.push(Node::Player(*p, Vec::new()));
                let mut kids = Vec::new();
                for c in children {
                    kids.push(walk(c, nodes, text, sets, outcomes));
                }
                nodes[v] = Node::Player(*p, kids);
            }
            T::Chance(children) => {
                *sets += 1;
                let total: u32 = children.iter().map(|c| c.0).sum();
                let actions: Vec<String> = children
                    .iter()
                    .enumerate()
                    .map(|(a, (w, _))| format!("\"c{a}\" {w}/{total}"))
                    .collect();
                text.push_str(&format!(
                    "c \"\" {} \"\" {{ {} }} 0\n",
                    sets,
                    actions.join(" ")
                ));
                nodes.push(Node::Chance(Vec::new()));
                let mut kids = Vec::new();
                for (w, c) in children {
                    let k = walk(c, nodes, text, sets, outcomes);
                    kids.push((Q::new((*w).into(), total.into()), k));
                }
                nodes[v] = Node::Chance(kids);
            }
        }
        v
    }
    walk(t, &mut nodes, &mut text, &mut sets, &mut outcomes);
    (nodes, text)
}

/// The expected payoffs from `v` when the action at each player's node `u` is
/// `choice[&u]`.
fn value(nodes: &[Node], v: usize, choice: &BTreeMap<usize, usize>, n: usize) -> Vec<Q> {
    match &nodes[v] {
        Node::Leaf(pay) => pay.clone(),
        Node::Player(_, kids) => value(nodes, kids[choice[&v]], choice, n),
        Node::Chance(kids) => {
            let mut sum = vec![Q::zero(); n];
            for (p, k) in kids {
                for (s, x) in sum.iter_mut().zip(value(nodes, *k, choice, n)) {
                    *s += p * x;
                }
            }
            sum
        }
    }
}

/// The leaves reached from `v` (every chance branch).
fn leaves(nodes: &[Node], v: usize, choice: &BTreeMap<usize, usize>, out: &mut BTreeSet<usize>) {
    match &nodes[v] {
        Node::Leaf(_) => {
            out.insert(v);
        }
        Node::Player(_, kids) => leaves(nodes, kids[choice[&v]], choice, out),
        Node::Chance(kids) => {
            for (_, k) in kids {
                leaves(nodes, *k, choice, out);
            }
        }
    }
}

/// The nodes of the subtree of `v`.
fn subtree(nodes: &[Node], v: usize, out: &mut Vec<usize>) {
    out.push(v);
    match &nodes[v] {
        Node::Leaf(_) => {}
        Node::Player(_, kids) => kids.iter().for_each(|&k| subtree(nodes, k, out)),
        Node::Chance(kids) => kids.iter().for_each(|&(_, k)| subtree(nodes, k, out)),
    }
}

/// Every assignment of an action to each of `at` (node, number of actions).
fn assignments(at: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut all = vec![vec![]];
    for &(_, k) in at {
        all = all
            .into_iter()
            .flat_map(|a: Vec<usize>| {
                (0..k).map(move |x| {
                    let mut b = a.clone();
                    b.push(x);
                    b
                })
            })
            .collect();
    }
    all
}

fn actions(nodes: &[Node], v: usize) -> usize {
    match &nodes[v] {
        Node::Player(_, kids) => kids.len(),
        _ => 0,
    }
}

fn player(nodes: &[Node], v: usize) -> Option<usize> {
    match &nodes[v] {
        Node::Player(p, _) => Some(*p),
        _ => None,
    }
}

/// Whether `choice` is subgame perfect: in the subgame of every node, no player
/// gains by changing their actions at any of their nodes of that subgame.
fn subgame_perfect_by_brute_force(
    nodes: &[Node],
    choice: &BTreeMap<usize, usize>,
    n: usize,
) -> bool {
    for v in 0..nodes.len() {
        if matches!(nodes[v], Node::Leaf(_)) {
            continue;
        }
        let base = value(nodes, v, choice, n);
        let mut below = Vec::new();
        subtree(nodes, v, &mut below);
        for (i, best) in base.iter().enumerate() {
            let own: Vec<(usize, usize)> = below
                .iter()
                .filter(|&&u| player(nodes, u) == Some(i))
                .map(|&u| (u, actions(nodes, u)))
                .collect();
            for a in assignments(&own) {
                let mut other = choice.clone();
                for (&(u, _), &x) in own.iter().zip(&a) {
                    other.insert(u, x);
                }
                if value(nodes, v, &other, n)[i] > *best {
                    return false;
                }
            }
        }
    }
    true
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn backward_induction_finds_exactly_the_subgame_perfect_profiles(
        (n, t) in (2usize..=4).prop_flat_map(|n| (Just(n), tree(n)))
    ) {
        let (nodes, text) = flatten(&t, n);
        let deciding: Vec<(usize, usize)> = (0..nodes.len())
            .filter(|&v| player(&nodes, v).is_some())
            .map(|v| (v, actions(&nodes, v)))
            .collect();
        let profiles: usize = deciding.iter().map(|d| d.1).product();
        prop_assume!(profiles <= 512);
        let g = read_efg(&text).unwrap();
        // Written and read back: the same tree.
        prop_assert_eq!(&read_efg(&write_efg(&g)).unwrap(), &g);
        let mut expected = BTreeSet::new();
        let mut root_payoffs = BTreeMap::new();
        for a in assignments(&deciding) {
            let choice: BTreeMap<usize, usize> =
                deciding.iter().map(|d| d.0).zip(a.iter().copied()).collect();
            if subgame_perfect_by_brute_force(&nodes, &choice, n) {
                root_payoffs.insert(a.clone(), value(&nodes, 0, &choice, n));
                expected.insert(a);
            }
        }
        let found = subgame_perfect(&g, 10_000, &mut Budget::new(10_000_000))
            .unwrap()
            .unwrap();
        let mut got = BTreeSet::new();
        for spe in &found {
            let a: Vec<usize> = deciding.iter().map(|d| spe.choices[d.0].unwrap()).collect();
            prop_assert_eq!(&spe.payoffs, &root_payoffs[&a]);
            prop_assert!(got.insert(a), "listed twice");
        }
        // Backward induction always finds one (Kuhn), and here all of them.
        prop_assert!(!expected.is_empty());
        prop_assert_eq!(got, expected);
    }

    #[test]
    fn the_reduced_form_has_one_strategy_per_class_of_equivalent_strategies(
        (n, t) in (2usize..=3).prop_flat_map(|n| (Just(n), tree(n)))
    ) {
        let (nodes, text) = flatten(&t, n);
        let own: Vec<Vec<(usize, usize)>> = (0..n)
            .map(|i| {
                (0..nodes.len())
                    .filter(|&v| player(&nodes, v) == Some(i))
                    .map(|v| (v, actions(&nodes, v)))
                    .collect()
            })
            .collect();
        let full: Vec<Vec<Vec<usize>>> = own.iter().map(|o| assignments(o)).collect();
        let profiles: usize = full.iter().map(|f| f.len()).product();
        prop_assume!(profiles <= 512);
        let g = read_efg(&text).unwrap();
        let r = reduced_normal_form(&g, &mut Budget::new(10_000_000)).unwrap();
        // The others' full strategies, every combination.
        let others = |i: usize| -> Vec<BTreeMap<usize, usize>> {
            let (own, full) = (&own, &full);
            let mut all = vec![BTreeMap::new()];
            for j in (0..n).filter(|&j| j != i) {
                all = all
                    .into_iter()
                    .flat_map(|m: BTreeMap<usize, usize>| {
                        full[j].iter().map(move |s| {
                            let mut m = m.clone();
                            for (&(u, _), &x) in own[j].iter().zip(s) {
                                m.insert(u, x);
                            }
                            m
                        })
                    })
                    .collect();
            }
            all
        };
        for i in 0..n {
            let against = others(i);
            let signature = |s: &[usize]| -> Vec<BTreeSet<usize>> {
                against
                    .iter()
                    .map(|m| {
                        let mut m = m.clone();
                        for (&(u, _), &x) in own[i].iter().zip(s) {
                            m.insert(u, x);
                        }
                        let mut out = BTreeSet::new();
                        leaves(&nodes, 0, &m, &mut out);
                        out
                    })
                    .collect()
            };
            let classes: BTreeSet<Vec<BTreeSet<usize>>> =
                full[i].iter().map(|s| signature(s)).collect();
            let reduced: BTreeSet<Vec<BTreeSet<usize>>> = r.strategies[i]
                .iter()
                .map(|s| signature(&s.iter().map(|a| a.unwrap_or(0)).collect::<Vec<_>>()))
                .collect();
            prop_assert_eq!(r.strategies[i].len(), classes.len());
            prop_assert_eq!(reduced, classes);
        }
        // The payoffs of every profile, with `*` played as any action.
        for index in 0..r.game.profiles() {
            let profile = r.game.profile(index);
            let mut m = BTreeMap::new();
            for i in 0..n {
                for (&(u, _), a) in own[i].iter().zip(&r.strategies[i][profile[i]]) {
                    m.insert(u, a.unwrap_or(0));
                }
            }
            let expected = value(&nodes, 0, &m, n);
            prop_assert_eq!(r.game.payoffs_at(index), expected.as_slice());
        }
    }
}
