//! Sums with loopy components: the engine's outcome and winning moves for sums of
//! tokens on small random digraphs (plus a Nim heap) equal a retrograde analysis of
//! the whole sum, played straight from the rules (written again here).

use proptest::prelude::*;
use sprague::core::Limits;
use sprague::core::{Outcome, Play};
use sprague::games::impartial::digraph::Digraph;
use sprague::games::impartial::nim::Nim;
use sprague::impartial::family::Family;
use sprague::impartial::heap::HeapFamily;
use sprague::impartial::position::Position;
use sprague::impartial::sum::{Component, analyse};
use sprague::nat::Nat;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

/// A state of the sum: the token vertices and the Nim heap.
type State = (Vec<u32>, u32);

fn options(arcs: &[(u32, u32)], s: &State) -> Vec<(usize, State)> {
    let mut out = Vec::new();
    for (i, &v) in s.0.iter().enumerate() {
        for &(a, b) in arcs {
            if a == v {
                let mut t = s.0.clone();
                t[i] = b;
                out.push((i, (t, s.1)));
            }
        }
    }
    for h in 0..s.1 {
        out.push((s.0.len(), (s.0.clone(), h)));
    }
    out
}

/// Win ('N'), loss ('P') or draw ('D') for the player to move, for every state
/// reachable from `root`: terminal states are lost; a state with a move to a lost
/// state is won; a state whose moves all go to won states is lost; the rest draw.
fn retrograde(arcs: &[(u32, u32)], root: &State) -> HashMap<State, char> {
    let mut index: HashMap<State, usize> = HashMap::new();
    let mut states = vec![root.clone()];
    index.insert(root.clone(), 0);
    let mut moves: Vec<Vec<usize>> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let mut m = Vec::new();
        for (_, t) in options(arcs, &states[i].clone()) {
            let next = states.len();
            let j = *index.entry(t.clone()).or_insert(next);
            if j == next {
                states.push(t);
            }
            m.push(j);
        }
        moves.push(m);
        i += 1;
    }
    let mut out = vec!['D'; states.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for s in 0..states.len() {
            if out[s] != 'D' {
                continue;
            }
            if moves[s].iter().any(|&t| out[t] == 'P') {
                out[s] = 'N';
                changed = true;
            } else if moves[s].iter().all(|&t| out[t] == 'N') {
                out[s] = 'P';
                changed = true;
            }
        }
    }
    states.into_iter().zip(out).collect()
}

/// A small digraph (most arcs go down, a few anywhere, so that finite and infinite
/// values both occur), tokens on it, and a Nim heap.
fn case() -> impl Strategy<Value = (u32, Vec<(u32, u32)>, Vec<u32>, u32)> {
    (1u32..7).prop_flat_map(|n| {
        (
            Just(n),
            prop::collection::vec((0..n, 0..n, 0u8..4), 0..14).prop_map(|arcs| {
                arcs.into_iter()
                    .filter_map(|(a, b, kind)| match kind {
                        0 => Some((a, b)),
                        _ if a == b => None,
                        _ => Some((a.max(b), a.min(b))),
                    })
                    .collect()
            }),
            prop::collection::vec(0..n, 1..4),
            0u32..5,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn loopy_sums_match_retrograde_analysis((n, arcs, tokens, heap) in case()) {
        let src: Vec<u32> = arcs.iter().map(|a| a.0).collect();
        let dst: Vec<u32> = arcs.iter().map(|a| a.1).collect();
        let dg: Rc<dyn Family> = Rc::new(Digraph::from_arcs("g.txt", n, &src, &dst));
        let nim: Rc<dyn Family> = Rc::new(HeapFamily::new(Nim));
        let mut comps: Vec<Component> = tokens
            .iter()
            .map(|&v| Component { family: dg.clone(), pos: smallvec::smallvec![Nat::from(u64::from(v))] })
            .collect();
        comps.push(Component { family: nim, pos: smallvec::smallvec![Nat::from(u64::from(heap))] });
        let a = analyse(&comps, Play::Normal, &Limits::default(), 1000).unwrap();
        // The same sum stored compactly (the tokens form one run of one family).
        let b = analyse(&Position::from(comps.clone()), Play::Normal, &Limits::default(), 1000).unwrap();
        prop_assert_eq!(&a.winning, &b.winning);
        prop_assert_eq!((a.outcome, &a.grundy, &a.values, &a.infinite), (b.outcome, &b.grundy, &b.values, &b.infinite));

        let root: State = (tokens.clone(), heap);
        let out = retrograde(&arcs, &root);
        let want = match out[&root] {
            'N' => Outcome::N,
            'P' => Outcome::P,
            _ => Outcome::D,
        };
        prop_assert_eq!(a.outcome, want);
        prop_assert_eq!(a.infinite_total.is_some(), a.grundy.is_none());

        // Every winning move, as (component, expression after the move).
        let mut expected = BTreeSet::new();
        for (i, t) in options(&arcs, &root) {
            if out[&t] == 'P' {
                let to = if i < tokens.len() {
                    format!("digraph[\"g.txt\"]({})", t.0[i])
                } else {
                    format!("nim({})", t.1)
                };
                expected.insert((i, to));
            }
        }
        let got: BTreeSet<(usize, String)> =
            a.winning
                .iter()
                .map(|m| (m.component, comps[m.component].after_text(&m.mv)))
                .collect();
        prop_assert_eq!(got, expected);
        prop_assert!(!a.truncated);
    }
}
