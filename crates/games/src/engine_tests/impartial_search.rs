//! Tests of `sprague_engine::search::impartial` on positions of the game families.

use sprague_core::Play;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};
use sprague_engine::impartial::sum::Component;
use sprague_engine::search::impartial::*;
use std::collections::HashMap;
use std::rc::Rc;

fn nim_xor(h: &[u64]) -> u64 {
    h.iter().fold(0, |a, b| a ^ b)
}

#[test]
fn outcomes_follow_bouton() {
    let mut s = Solver::new(Play::Normal, &Limits::default(), 1_000_000);
    for a in 0..5u64 {
        for b in 0..5 {
            for c in 0..4 {
                let comps = crate::components(&format!("nim({a},{b},{c})")).unwrap();
                let d = s.decide(&comps).unwrap();
                assert_eq!(d.win, nim_xor(&[a, b, c]) != 0, "nim({a},{b},{c})");
            }
        }
    }
}

#[test]
fn misere_outcomes_follow_bouton() {
    let mut s = Solver::new(Play::Misere, &Limits::default(), 1_000_000);
    for a in 0..5u64 {
        for b in 0..5 {
            let h = [a, b];
            let comps = crate::components(&format!("nim({a},{b})")).unwrap();
            let d = s.decide(&comps).unwrap();
            let win = if h.iter().all(|&x| x <= 1) {
                h.iter().filter(|&&x| x == 1).count() % 2 == 0
            } else {
                nim_xor(&h) != 0
            };
            assert_eq!(d.win, win, "misère nim({a},{b})");
        }
    }
}

#[test]
fn remoteness_of_small_positions() {
    let d = |s: &str| {
        remoteness(
            &crate::components(s).unwrap(),
            Play::Normal,
            &Limits::default(),
        )
    };
    // Terminal.
    assert_eq!(
        d("nim(0)").unwrap(),
        Decided {
            win: false,
            remoteness: 0
        }
    );
    // One heap: take it all.
    assert_eq!(
        d("nim(7)").unwrap(),
        Decided {
            win: true,
            remoteness: 1
        }
    );
    // nim(1,1): two moves, lost.
    assert_eq!(
        d("nim(1,1)").unwrap(),
        Decided {
            win: false,
            remoteness: 2
        }
    );
    // nim(2,2): the loser can stretch it to four moves (1 from a heap each time).
    assert_eq!(
        d("nim(2,2)").unwrap(),
        Decided {
            win: false,
            remoteness: 4
        }
    );
    // Bash's game: heap 5 with takes 1..3 — take 1, then 4 is lost in 2 more.
    assert_eq!(
        d("bash[3](5)").unwrap(),
        Decided {
            win: true,
            remoteness: 3
        }
    );
    // Families that cannot list their moves: not computable.
    assert!(d("nim(3) + nim(99999999999999999999999)").is_none());
}

#[test]
fn state_bound_gives_up() {
    let comps = crate::components("nim(9,9,9,9)").unwrap();
    assert!(
        Solver::new(Play::Normal, &Limits::default(), 10)
            .decide(&comps)
            .is_none()
    );
}

/// One summand of the brute force below.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Part {
    /// A Nim heap: take any number of counters.
    Nim(u32),
    /// A row of Kayles pins: knock down one pin or two adjacent ones, which may
    /// split the row in two.
    Kayles(u32),
    /// A Wythoff position: take from one pile, or the same number from both.
    Wythoff(u32, u32),
}

impl Part {
    /// Every option of the summand, from the rules: the summands it leaves.
    fn options(self) -> Vec<Vec<Part>> {
        let mut out = Vec::new();
        match self {
            Part::Nim(n) => out.extend((0..n).map(|k| vec![Part::Nim(k)])),
            Part::Kayles(n) => {
                for take in 1..=2.min(n) {
                    for left in 0..=n - take {
                        out.push(vec![Part::Kayles(left), Part::Kayles(n - take - left)]);
                    }
                }
            }
            Part::Wythoff(a, b) => {
                out.extend((0..a).map(|k| vec![Part::Wythoff(k, b)]));
                out.extend((0..b).map(|k| vec![Part::Wythoff(a, k)]));
                out.extend((1..=a.min(b)).map(|k| vec![Part::Wythoff(a - k, b - k)]));
            }
        }
        out
    }

    fn expr(self) -> String {
        match self {
            Part::Nim(n) => format!("nim({n})"),
            Part::Kayles(n) => format!("kayles({n})"),
            Part::Wythoff(a, b) => format!("wythoff({a},{b})"),
        }
    }
}

/// Win/loss and remoteness of a sum straight from the definitions (the module
/// documentation), by recursion over the sum's positions.
fn brute(parts: &[Part], misere: bool, memo: &mut HashMap<Vec<Part>, (bool, u32)>) -> (bool, u32) {
    let mut key = parts.to_vec();
    key.sort();
    if let Some(&r) = memo.get(&key) {
        return r;
    }
    let mut fastest_win: Option<u32> = None;
    let mut longest = None;
    for (i, p) in key.iter().enumerate() {
        for o in p.options() {
            let mut next: Vec<Part> = key[..i].iter().chain(&key[i + 1..]).copied().collect();
            next.extend(o);
            let (win, r) = brute(&next, misere, memo);
            if !win {
                fastest_win = Some(fastest_win.map_or(r, |f| f.min(r)));
            }
            longest = Some(longest.map_or(r, |l: u32| l.max(r)));
        }
    }
    let r = match (fastest_win, longest) {
        (_, None) => (misere, 0),
        (Some(f), _) => (true, f + 1),
        (None, Some(l)) => (false, l + 1),
    };
    memo.insert(key, r);
    r
}

fn sum_expr(parts: &[Part]) -> String {
    parts
        .iter()
        .map(|p| p.expr())
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Checks the search against the brute force on each sum, with one solver for all
/// of them (so that later sums reuse what earlier ones decided) and a fresh one each.
fn check_against_brute_force(sums: &[Vec<Part>]) {
    for play in [Play::Normal, Play::Misere] {
        let misere = play == Play::Misere;
        let mut memo = HashMap::new();
        let mut shared = Solver::new(play, &Limits::default(), 1_000_000);
        for parts in sums {
            let e = sum_expr(parts);
            let comps = crate::components(&e).unwrap();
            let (win, remoteness) = brute(parts, misere, &mut memo);
            let want = Decided { win, remoteness };
            assert_eq!(shared.decide(&comps), Some(want), "{e} ({play:?})");
            let mut fresh = Solver::new(play, &Limits::default(), 1_000_000);
            assert_eq!(fresh.decide(&comps), Some(want), "{e} ({play:?}, fresh)");
        }
    }
}

/// Decides `expr` on a thread with a small stack (a recursive search would
/// overflow it on long lines of play).
fn decide_on_small_stack(expr: &str, play: Play, max_states: u64) -> Option<Decided> {
    let expr = expr.to_string();
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let comps = crate::components(&expr).unwrap();
            Solver::new(play, &Limits::default(), max_states).decide(&comps)
        })
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn a_search_given_up_leaves_the_solver_usable() {
    // The line from 5000 does not fit in 3000 positions; positions that were on
    // it are searched afresh afterwards: 2500 is lost in 2500 moves.
    let mut s = Solver::new(Play::Normal, &Limits::default(), 3_000);
    let comps = |e: &str| crate::components(e).unwrap();
    assert_eq!(s.decide(&comps("sub[1](5000)")), None);
    assert_eq!(
        s.decide(&comps("sub[1](2500)")),
        Some(Decided {
            win: false,
            remoteness: 2500
        })
    );
    assert!(s.decided() <= 3_000);
}

#[test]
fn components_that_cannot_be_listed_give_up_and_say_why() {
    let mut s = Solver::new(Play::Misere, &Limits::default(), 100_000);
    // A family that cannot list its moves (the trait's default).
    let family: Rc<dyn Family> = Rc::new(OPAQUE);
    let opaque = Component {
        family,
        pos: smallvec::smallvec![Nat::from(1u64)],
    };
    let nim = crate::components("nim(2)").unwrap();
    let comps = [nim[0].clone(), opaque];
    assert_eq!(s.decide(&comps), None);
    assert_eq!(s.gave_up(), GaveUp::Unlistable);
    assert_eq!(s.winning_replies(&comps), None);
    assert_eq!(s.gave_up(), GaveUp::Unlistable);
    // A heap too large to list at all: no bound helps.
    let comps = crate::components("sub[1,2](100000000000000000000000)").unwrap();
    assert_eq!(s.decide(&comps), None);
    assert_eq!(s.gave_up(), GaveUp::Unlistable);
    // A heap with more options than a small bound lists: the bound.
    let mut small = Solver::new(Play::Misere, &Limits::default(), 1_000);
    let comps = crate::components("nim(1) + nim(20000)").unwrap();
    assert_eq!(small.decide(&comps), None);
    assert_eq!(small.gave_up(), GaveUp::Bound);
    // With room enough such a sum is decided: take the big heap, leave nim(1),
    // and the opponent must take the last counter (misère).
    let comps = crate::components("nim(1) + nim(300)").unwrap();
    assert_eq!(
        s.decide(&comps),
        Some(Decided {
            win: true,
            remoteness: 2
        })
    );
}

/// A family for the tests with no values, given by its moves alone.
struct Bare {
    name: &'static str,
    moves: fn(&Pos, &mut MoveSink) -> Result<(), SolveError>,
}

impl Family for Bare {
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn check(&self, _pos: &Pos) -> Result<(), SolveError> {
        Ok(())
    }

    fn grundy(&self, _pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        Ok(None)
    }

    fn moves_to_value(
        &self,
        _pos: &Pos,
        _target: &Nat,
        _limits: &Limits,
        _sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        Ok(())
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        (self.moves)(pos, sink)
    }

    fn explain(&self, _pos: &Pos, _limits: &Limits) -> Result<Vec<String>, SolveError> {
        Ok(Vec::new())
    }
}

/// A family that cannot list its moves: the error of the trait's default `moves`.
const OPAQUE: Bare = Bare {
    name: "opaque",
    moves: |_, _| {
        Err(SolveError::Input(
            "listing every move is not supported".into(),
        ))
    },
};

/// A loopy game: a token on heap 1 or 2 moves to the other heap, so positions
/// repeat.
const SWAP: Bare = Bare {
    name: "swap",
    moves: |pos, sink| {
        let other = if pos[0] == Nat::from(1u64) { 2u64 } else { 1 };
        sink.push(Move::one(
            smallvec::smallvec![Nat::from(other)],
            "move the token to the other heap",
        ));
        Ok(())
    },
};

#[test]
fn the_work_bound_gives_up_before_the_state_bound() {
    // Positions of nim(90,90) have up to 180 options; a bound of 100 positions
    // allows 800 options listed, far fewer than the positions it would take.
    let mut s = Solver::new(Play::Normal, &Limits::default(), 100);
    let comps = crate::components("nim(90,90)").unwrap();
    assert_eq!(s.decide(&comps), None);
    assert!(s.decided() < 100);
}

#[test]
fn cycles_give_up() {
    let family: Rc<dyn Family> = Rc::new(SWAP);
    let token = |k: u64| Component {
        family: family.clone(),
        pos: smallvec::smallvec![Nat::from(k)],
    };
    let mut s = Solver::new(Play::Normal, &Limits::default(), 1_000);
    // {1, 2} → {2, 2} → {1, 2}: a cycle.
    let loopy = [token(1), token(2)];
    assert_eq!(s.decide(&loopy), None);
    assert_eq!(s.gave_up(), GaveUp::Cycle);
    assert_eq!(s.decide(&loopy), None);
    assert_eq!(s.winning_replies(&loopy), None);
    // The solver still decides other games: bash[3](5), take 1 to leave 4, which
    // is lost in 2 more moves.
    let comps = crate::components("bash[3](5)").unwrap();
    assert_eq!(
        s.decide(&comps),
        Some(Decided {
            win: true,
            remoteness: 3
        })
    );
    assert_eq!(s.winning_replies(&comps), Some(1));
}

#[test]
fn nim_sums_match_brute_force() {
    // Every sequence of one to three heaps of at most 4, in every order.
    let mut sums = Vec::new();
    for len in 1..=3u32 {
        for code in 0..5u32.pow(len) {
            sums.push(
                (0..len)
                    .map(|i| Part::Nim(code / 5u32.pow(i) % 5))
                    .collect(),
            );
        }
    }
    check_against_brute_force(&sums);
}

#[test]
fn kayles_and_wythoff_sums_match_brute_force() {
    // Kayles rows split (an option of two components, some of them empty), and
    // Wythoff positions have two arguments.
    let mut sums = Vec::new();
    for a in 0..=7 {
        sums.push(vec![Part::Kayles(a)]);
        for b in 0..=5 {
            sums.push(vec![Part::Kayles(a), Part::Kayles(b)]);
            sums.push(vec![Part::Kayles(a), Part::Nim(b)]);
        }
    }
    for a in 0..=3 {
        for b in 0..=3 {
            for c in 0..=3 {
                sums.push(vec![Part::Wythoff(a, b), Part::Nim(c)]);
                sums.push(vec![Part::Wythoff(a, b), Part::Kayles(c)]);
            }
        }
    }
    check_against_brute_force(&sums);
}

#[test]
fn long_lines_of_play_are_followed() {
    // sub[1](5000): every move takes one counter, so the game lasts exactly 5000
    // moves through 5001 positions. In normal play the second player makes the
    // last move (5000 is even); in misère play that loses.
    assert_eq!(
        decide_on_small_stack("sub[1](5000)", Play::Normal, 5_001),
        Some(Decided {
            win: false,
            remoteness: 5000
        })
    );
    assert_eq!(
        decide_on_small_stack("sub[1](5000)", Play::Misere, 5_001),
        Some(Decided {
            win: true,
            remoteness: 5000
        })
    );
    // The whole line is held at once: one position fewer is not enough.
    assert_eq!(
        decide_on_small_stack("sub[1](5000)", Play::Normal, 5_000),
        None
    );
}
