//! `solve` and `value` end to end on expressions generated from the input (or the
//! input itself as text), through the library functions the command line uses, under
//! small state and work bounds (2 000 states). Nothing may panic; errors display on one line; for
//! `solve`, every winning move reported leads to a P-position (checked by solving the
//! sum after it, when that stays within the bound); for `value`, G − G = 0 and the
//! outcome agrees with the comparisons with 0, and a Hackenbush stalk's value equals
//! its game tree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::games::components;
use sprague::core::Limits;
use sprague::impartial::sum::analyse;
use sprague::core::{Outcome, Play};
use sprague::games::partizan::hackenbush;
use sprague::games::eval::Evaluator;
use sprague::partizan::{Game, GameTable};
use std::cmp::Ordering;

/// Impartial families with small parameters, and how many arguments they take.
const IMPARTIAL: [(&str, usize); 20] = [
    ("nim", 0),
    ("sub[1,3,4]", 0),
    ("sub[2..5]", 0),
    ("bash[3]", 0),
    ("wythoff", 2),
    ("king", 2),
    ("kayles", 0),
    ("dawson", 0),
    ("octal[0.137]", 0),
    ("grundy_game", 0),
    ("lasker", 0),
    ("split", 0),
    ("andnim", 0),
    ("submask", 0),
    ("divisor", 0),
    ("fib", 1),
    ("stair", 0),
    ("moore[2]", 0),
    ("ed", 2),
    ("ring", 0),
];

/// Reads bytes as choices.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
}

/// A sum of impartial terms.
fn impartial(b: &mut Bytes) -> String {
    let terms = 1 + b.next() % 4;
    let mut out = Vec::new();
    for _ in 0..terms {
        let (name, arity) = IMPARTIAL[b.next() as usize % IMPARTIAL.len()];
        let args = if arity == 0 {
            1 + b.next() % 3
        } else {
            arity as u8
        };
        let list: Vec<String> = (0..args).map(|_| (b.next() % 24).to_string()).collect();
        out.push(format!("{name}({})", list.join(",")));
    }
    out.join(" + ")
}

/// A partizan expression, nested at most `depth` levels of braces.
fn partizan(b: &mut Bytes, depth: u8) -> String {
    let terms = 1 + b.next() % 3;
    let mut out = Vec::new();
    for _ in 0..terms {
        let t = match b.next() % 9 {
            0 => format!("{}", b.next() as i8 / 16),
            1 => format!("{}/{}", b.next() as i8 / 8, 1 << (b.next() % 4)),
            2 => format!("*{}", b.next() % 6),
            3 => ["^", "v", "+-1", "+-1/2"][b.next() as usize % 4].to_string(),
            4 if depth > 0 => {
                let side = |b: &mut Bytes| -> Vec<String> {
                    (0..b.next() % 3).map(|_| partizan(b, depth - 1)).collect()
                };
                let (l, r) = (side(b), side(b));
                format!("{{{}|{}}}", l.join(","), r.join(","))
            }
            5 => {
                let len = b.next() % 10;
                let s: String = (0..len)
                    .map(|_| ['B', 'R', 'G'][b.next() as usize % 3])
                    .collect();
                format!("hackenbush(\"{s}\")")
            }
            6 => format!("cut({},{})", 1 + b.next() % 12, 1 + b.next() % 12),
            7 => format!(
                "unfair[{},{}]({})",
                1 + b.next() % 4,
                1 + b.next() % 4,
                b.next() % 40
            ),
            _ => format!("domineering({},{})", 1 + b.next() % 3, 1 + b.next() % 4),
        };
        out.push(t);
    }
    out.join(" + ")
}

/// Small bounds: every family of the generators still reaches its searches and
/// tables (`domineering(3,4)`, `unfair[4,4](39)`, `cut(12,12)`, Wythoff to 23 × 23 and
/// two-edge rings fit in 2 000 states), while an input that would run into a bound
/// reaches it fast.
const STATES: u64 = 2_000;

fn limits() -> Limits {
    Limits {
        max_states: STATES,
        ..Limits::default()
    }
}

fn solve(src: &str) {
    let comps = match components(src) {
        Ok(c) => c,
        Err(e) => {
            assert!(!e.to_string().contains('\n'), "{src:?}: {e}");
            return;
        }
    };
    let a = match analyse(&comps, Play::Normal, &limits(), 8) {
        Ok(a) => a,
        Err(e) => {
            assert!(!e.to_string().contains('\n'), "{src:?}: {e}");
            return;
        }
    };
    if a.infinite_total.is_some() || !a.infinite.is_empty() {
        return;
    }
    // A P-position has no winning move; an N-position lists some, unless the list
    // says it was cut short (the moves would exceed the bound).
    if a.outcome == Outcome::P {
        assert!(a.winning.is_empty(), "{src:?}");
    } else {
        assert!(!a.winning.is_empty() || a.truncated, "{src:?}");
    }
    for w in &a.winning {
        let after: Vec<String> = comps
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i == w.component {
                    c.after_text(&w.mv)
                } else {
                    c.expr()
                }
            })
            .filter(|s| !s.is_empty())
            .collect();
        if after.is_empty() {
            continue;
        }
        let text = after.join(" + ");
        let next = components(&text).unwrap_or_else(|e| panic!("{src:?} → {text:?}: {e}"));
        if let Ok(b) = analyse(&next, Play::Normal, &limits(), 1) {
            assert_eq!(b.outcome, Outcome::P, "{src:?} → {text:?}");
        }
    }
}

fn value(src: &str) {
    let mut t = GameTable::with_limit(STATES);
    let g = match Evaluator::new(&mut t, src, limits(), false).eval_source() {
        Ok(g) => g,
        Err(e) => {
            assert!(!e.to_string().contains('\n'), "{src:?}: {e}");
            return;
        }
    };
    let (Ok(outcome), Ok(cmp)) = (t.outcome(g), t.compare(g, Game::ZERO)) else {
        return;
    };
    let expected = match cmp {
        Some(Ordering::Equal) => Outcome::P,
        Some(Ordering::Greater) => Outcome::L,
        Some(Ordering::Less) => Outcome::R,
        None => Outcome::N,
    };
    assert_eq!(outcome, expected, "{src:?}");
    if let Ok(d) = t.sub(g, g) {
        assert_eq!(d, Game::ZERO, "{src:?}: G - G");
    }
}

fn stalk(b: &mut Bytes) {
    let len = b.next() % 12;
    let s: String = (0..len)
        .map(|_| ['B', 'R', 'G'][b.next() as usize % 3])
        .collect();
    let edges = hackenbush::parse(&s).unwrap();
    let mut t = GameTable::new();
    let fast = hackenbush::value(&mut t, &edges).unwrap();
    let tree = hackenbush::game_tree(&mut t, &edges).unwrap();
    assert_eq!(fast, tree, "{s}");
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    match b.next() % 5 {
        0 => {
            if let Ok(src) = std::str::from_utf8(b.0) {
                solve(src);
                value(src);
            }
        }
        1 => solve(&impartial(&mut b)),
        2 => value(&impartial(&mut b)),
        3 => value(&partizan(&mut b, 3)),
        _ => stalk(&mut b),
    }
});
