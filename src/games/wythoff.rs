//! Wythoff's game: take any positive number of stones from one heap, or the same
//! positive number from both.

use crate::impartial::family::{Pos, SolveError};
use crate::impartial::search::Rules;
use crate::impartial::searched::{PositionRules, Searched};
use crate::nat::Nat;

/// The rules of Wythoff's game on heaps that fit in 64 bits.
#[derive(Clone, Copy, Debug, Default)]
pub struct WythoffRules;

impl Rules for WythoffRules {
    type Position = (u64, u64);
    fn options(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((0..a).map(|x| (x, b)));
        out.extend((0..b).map(|y| (a, y)));
        out.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
    }
}

impl PositionRules for WythoffRules {
    fn name(&self) -> String {
        "wythoff".into()
    }
    fn decode(&self, pos: &Pos) -> Result<(u64, u64), SolveError> {
        match pos.as_slice() {
            [a, b] => match (a.to_u64(), b.to_u64()) {
                (Some(a), Some(b)) => Ok((a, b)),
                _ => Err(SolveError::Input(
                    "wythoff heaps beyond 2^64 are not supported yet".into(),
                )),
            },
            _ => Err(SolveError::Input(
                "wythoff(a,b) takes two heap sizes".into(),
            )),
        }
    }
    fn encode(&self, &(a, b): &(u64, u64)) -> Pos {
        smallvec::smallvec![Nat::from(a), Nat::from(b)]
    }
    fn describe(&self, &(a, b): &(u64, u64), &(x, y): &(u64, u64)) -> String {
        if x != a && y != b {
            format!("take {} from both heaps", a - x)
        } else if x != a {
            format!("take {} from the first heap", a - x)
        } else {
            format!("take {} from the second heap", b - y)
        }
    }
}

/// Wythoff's game as a family.
pub type Wythoff = Searched<WythoffRules>;

impl Default for Wythoff {
    fn default() -> Self {
        Searched::new(WythoffRules)
    }
}
