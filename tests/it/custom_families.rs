//! Families defined by their rules at run time (`sprague::games::custom`) agree with
//! the built-in families they restate.

use sprague::games::custom::*;
use sprague::nat::Nat;
use sprague::report::{solve, table};
use std::sync::Arc;

/// Kayles written as a heap game: remove one or two adjacent pins, possibly
/// splitting the row.
struct Kayles;
impl CustomRules for Kayles {
    fn options(&self, pos: &[Nat]) -> Result<Vec<Vec<Nat>>, String> {
        let n = pos[0].to_u64().ok_or("too large")?;
        let mut out = Vec::new();
        for take in 1..=2u64.min(n) {
            for left in 0..=(n - take) {
                let right = n - take - left;
                out.push(
                    [left, right]
                        .into_iter()
                        .filter(|&h| h > 0)
                        .map(Nat::from)
                        .collect(),
                );
            }
        }
        Ok(out)
    }
}

/// Wythoff's game on pairs: take from one pile, or the same from both.
struct Wythoff;
impl CustomRules for Wythoff {
    fn options(&self, pos: &[Nat]) -> Result<Vec<Vec<Nat>>, String> {
        let (a, b) = (pos[0].to_u64().unwrap(), pos[1].to_u64().unwrap());
        let mut out = Vec::new();
        for k in 1..=a {
            out.push(vec![Nat::from(a - k), Nat::from(b)]);
        }
        for k in 1..=b {
            out.push(vec![Nat::from(a), Nat::from(b - k)]);
        }
        for k in 1..=a.min(b) {
            out.push(vec![Nat::from(a - k), Nat::from(b - k)]);
        }
        Ok(out)
    }
}

struct Failing;
impl CustomRules for Failing {
    fn options(&self, _pos: &[Nat]) -> Result<Vec<Vec<Nat>>, String> {
        Err("no rules".into())
    }
}

#[test]
fn a_heap_game_agrees_with_the_built_in_family() {
    register("ckayles", Kind::Heap, Arc::new(Kayles)).unwrap();
    let t = table::table("ckayles", 0, 80, false, &Default::default()).unwrap();
    let k = table::table("kayles", 0, 80, false, &Default::default()).unwrap();
    assert_eq!(t.report.values, k.report.values);
    let o = solve::Options {
        max_moves: 50,
        ..Default::default()
    };
    let a = solve::solve("ckayles(7,9) + nim(3)", &o).unwrap();
    let b = solve::solve("kayles(7,9) + nim(3)", &o).unwrap();
    assert_eq!(
        a.impartial().unwrap().analysis.grundy,
        b.impartial().unwrap().analysis.grundy
    );
    // The same position is winning; the moves are listed as the rules give them.
    assert!(
        !a.impartial().unwrap().analysis.winning.is_empty()
            && !b.impartial().unwrap().analysis.winning.is_empty()
    );
    assert_eq!(take_failure(), None);
}

#[test]
fn a_tuple_game_agrees_with_the_built_in_family() {
    register("cwythoff", Kind::Tuple { arity: 2 }, Arc::new(Wythoff)).unwrap();
    for (a, b) in [(3, 5), (4, 7), (2, 2), (6, 10), (8, 13)] {
        let x = solve::solve(&format!("cwythoff({a},{b})"), &Default::default()).unwrap();
        let y = solve::solve(&format!("wythoff({a},{b})"), &Default::default()).unwrap();
        assert_eq!(
            x.impartial().unwrap().analysis.grundy,
            y.impartial().unwrap().analysis.grundy,
            "({a},{b})"
        );
    }
    let e = solve::solve("cwythoff(1,2,3)", &Default::default())
        .err()
        .unwrap();
    assert!(e.message().contains("takes 2 numbers"), "{e}");
}

#[test]
fn names_are_checked_and_errors_kept() {
    assert!(register("nim", Kind::Heap, Arc::new(Failing)).is_err());
    assert!(register("Bad", Kind::Heap, Arc::new(Failing)).is_err());
    register("cfail", Kind::Heap, Arc::new(Failing)).unwrap();
    let _ = solve::solve("cfail(3)", &Default::default());
    assert_eq!(take_failure().as_deref(), Some("no rules"));
    assert_eq!(take_failure(), None);
    assert!(unregister("cfail"));
    assert!(solve::solve("cfail(3)", &Default::default()).is_err());
}
