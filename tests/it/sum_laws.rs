//! Property tests of the sum laws: the engine's answer for a disjunctive sum (outcome
//! and every winning move) equals an exhaustive search of the whole sum, played
//! straight from the rules (written again here, independently of the library).

use proptest::prelude::*;
use sprague::core::Limits;
use sprague::core::{Outcome, Play};
use sprague::games::{king::King, nim::Nim, subtraction::Subtraction};
use sprague::impartial::family::Family;
use sprague::impartial::heap::HeapFamily;
use sprague::impartial::position::Position;
use sprague::impartial::sum::{Component, analyse};
use sprague::nat::Nat;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

/// A component as the test sees it: the rules in a few lines.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Part {
    Nim(u64),
    Sub134(u64),
    Sub23(u64),
    King(u64, u64),
}

impl Part {
    fn moves(&self) -> Vec<Part> {
        match *self {
            Part::Nim(n) => (0..n).map(Part::Nim).collect(),
            Part::Sub134(n) => [1, 3, 4]
                .iter()
                .filter(|&&s| s <= n)
                .map(|s| Part::Sub134(n - s))
                .collect(),
            Part::Sub23(n) => [2, 3]
                .iter()
                .filter(|&&s| s <= n)
                .map(|s| Part::Sub23(n - s))
                .collect(),
            Part::King(r, c) => {
                let mut v = Vec::new();
                if c > 0 {
                    v.push(Part::King(r, c - 1));
                }
                if r > 0 {
                    v.push(Part::King(r - 1, c));
                }
                if r > 0 && c > 0 {
                    v.push(Part::King(r - 1, c - 1));
                }
                v
            }
        }
    }

    fn expr(&self) -> String {
        match self {
            Part::Nim(n) => format!("nim({n})"),
            Part::Sub134(n) => format!("sub[1,3,4]({n})"),
            Part::Sub23(n) => format!("sub[2,3]({n})"),
            Part::King(r, c) => format!("king({r},{c})"),
        }
    }
}

/// Whether the player to move wins the sum `parts` (normal or misère play).
fn wins(parts: &[Part], misere: bool, memo: &mut HashMap<(Vec<Part>, bool), bool>) -> bool {
    let mut key: Vec<Part> = parts.to_vec();
    key.sort();
    if let Some(&w) = memo.get(&(key.clone(), misere)) {
        return w;
    }
    let mut any_move = false;
    let mut win = false;
    'outer: for (i, p) in parts.iter().enumerate() {
        for q in p.moves() {
            any_move = true;
            let mut next = parts.to_vec();
            next[i] = q;
            if !wins(&next, misere, memo) {
                win = true;
                break 'outer;
            }
        }
    }
    if !any_move {
        win = misere;
    }
    memo.insert((key, misere), win);
    win
}

/// Every move of the sum to a position lost for the player then to move.
fn winning_moves(
    parts: &[Part],
    misere: bool,
    memo: &mut HashMap<(Vec<Part>, bool), bool>,
) -> BTreeSet<(usize, String)> {
    let mut want = BTreeSet::new();
    for (i, p) in parts.iter().enumerate() {
        for q in p.moves() {
            let mut next = parts.to_vec();
            next[i] = q.clone();
            if !wins(&next, misere, memo) {
                want.insert((i, q.expr()));
            }
        }
    }
    want
}

fn components(parts: &[Part]) -> Vec<Component> {
    let nim: Rc<dyn Family> = Rc::new(HeapFamily::new(Nim));
    let s134: Rc<dyn Family> = Rc::new(HeapFamily::new(
        Subtraction::new(&[1u64, 3, 4].map(|s| (Nat::from(s), Nat::from(s)))).unwrap(),
    ));
    let s23: Rc<dyn Family> = Rc::new(HeapFamily::new(
        Subtraction::new(&[2u64, 3].map(|s| (Nat::from(s), Nat::from(s)))).unwrap(),
    ));
    let king: Rc<dyn Family> = Rc::new(King);
    parts
        .iter()
        .map(|p| match *p {
            Part::Nim(n) => Component {
                family: nim.clone(),
                pos: smallvec::smallvec![Nat::from(n)],
            },
            Part::Sub134(n) => Component {
                family: s134.clone(),
                pos: smallvec::smallvec![Nat::from(n)],
            },
            Part::Sub23(n) => Component {
                family: s23.clone(),
                pos: smallvec::smallvec![Nat::from(n)],
            },
            Part::King(r, c) => Component {
                family: king.clone(),
                pos: smallvec::smallvec![Nat::from(r), Nat::from(c)],
            },
        })
        .collect()
}

fn part() -> impl Strategy<Value = Part> {
    prop_oneof![
        (0u64..7).prop_map(Part::Nim),
        (0u64..14).prop_map(Part::Sub134),
        (0u64..14).prop_map(Part::Sub23),
        (0u64..5, 0u64..5).prop_map(|(r, c)| Part::King(r, c)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn sums_are_decided_with_every_winning_move(parts in prop::collection::vec(part(), 0..5)) {
        let mut memo = HashMap::new();
        let comps = components(&parts);
        let win = wins(&parts, false, &mut memo);
        let want = winning_moves(&parts, false, &mut memo);
        // As a list of components, and stored compactly (runs of heaps of one family
        // answered at once).
        for a in [
            analyse(&comps, Play::Normal, &Limits::default(), 1000).unwrap(),
            analyse(&Position::from(comps.clone()), Play::Normal, &Limits::default(), 1000).unwrap(),
        ] {
            prop_assert_eq!(a.outcome, if win { Outcome::N } else { Outcome::P });
            prop_assert!(!a.truncated);
            let got: BTreeSet<(usize, String)> = a.winning.iter().map(|m| (m.component, comps[m.component].after_text(&m.mv))).collect();
            prop_assert_eq!(&got, &want);
        }
    }

    #[test]
    fn misere_nim_matches_exhaustive_play(heaps in prop::collection::vec(0u64..6, 0..5)) {
        let parts: Vec<Part> = heaps.iter().map(|&h| Part::Nim(h)).collect();
        let mut memo = HashMap::new();
        let comps = components(&parts);
        let win = wins(&parts, true, &mut memo);
        let want = winning_moves(&parts, true, &mut memo);
        for a in [
            analyse(&comps, Play::Misere, &Limits::default(), 1000).unwrap(),
            analyse(&Position::from(comps.clone()), Play::Misere, &Limits::default(), 1000).unwrap(),
        ] {
            prop_assert_eq!(a.outcome, if win { Outcome::N } else { Outcome::P });
            let got: BTreeSet<(usize, String)> = a.winning.iter().map(|m| (m.component, comps[m.component].after_text(&m.mv))).collect();
            prop_assert_eq!(&got, &want);
        }
    }

    #[test]
    fn truncation_keeps_a_prefix_and_says_so(heaps in prop::collection::vec(0u64..40, 1..8), cap in 0usize..4) {
        let parts: Vec<Part> = heaps.iter().map(|&h| Part::Nim(h)).collect();
        let comps = components(&parts);
        let full = analyse(&comps, Play::Normal, &Limits::default(), 1000).unwrap();
        let cut = analyse(&comps, Play::Normal, &Limits::default(), cap).unwrap();
        prop_assert_eq!(cut.winning.len(), full.winning.len().min(cap));
        prop_assert_eq!(cut.truncated, full.winning.len() > cap);
        prop_assert_eq!(&cut.winning[..], &full.winning[..cut.winning.len()]);
    }
}
