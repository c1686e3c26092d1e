//! The cutting game `cut(w,h)` (Cutcake, Winning Ways ch. 2): a bar w wide and h high.
//! Left cuts along a vertical line, splitting a piece of width w into widths a and
//! w − a; Right cuts along a horizontal line, splitting the height. Pieces of width 1
//! give Left no move, pieces of height 1 give Right none.
//!
//! Every position is an integer (Winning Ways). With `⌊lg n⌋` the exponent of the
//! highest power of two not above n, the value is
//!
//! ```text
//! cut(w,h) =   ⌊w / 2^⌊lg h⌋⌋ − 1     when w ≥ h,
//!            −(⌊h / 2^⌊lg w⌋⌋ − 1)    when h ≥ w,
//! ```
//!
//! which the tests check against the game tree for every bar up to 24 × 24. Heights
//! only matter through their highest power of two: Left's strip of width w and height
//! h in [2^k, 2^(k+1)) is worth as many moves as a 2^k-high strip.

/// How a cutting game is written, and who cuts which way (for help).
pub const USAGE: &str = "cut takes a bar: cut(w,h), w wide and h high, both at least 1; Left cuts vertically, Right horizontally";

/// The rules in two or three sentences, for the gallery.
pub const RULES: &str = "Cutcake: a bar of chocolate w wide and h high; Left cuts it vertically, Right horizontally, along the grid lines, into two pieces. Whoever cannot cut loses.";

/// A starting position, for the gallery.
pub const EXAMPLE: &str = "cut(3,4)";

use num_bigint::BigInt;
use sprague_core::SolveError;
use sprague_core::nat::Nat;
use sprague_engine::partizan::{Dyadic, Game, GameTable};

/// The value of a `w × h` bar (w, h ≥ 1) by the closed form.
///
/// ```
/// use sprague_games::partizan::cut::closed_form;
/// let v = |w: u64, h: u64| closed_form(&w.into(), &h.into()).to_string();
/// assert_eq!(v(1, 1), "0");
/// assert_eq!(v(5, 1), "4");   // Left has 4 cuts, Right none
/// assert_eq!(v(1, 3), "-2");
/// assert_eq!(v(4, 2), "1");
/// assert_eq!(v(3, 3), "0");
/// ```
pub fn closed_form(w: &Nat, h: &Nat) -> BigInt {
    let strips = |long: &Nat, short: &Nat| -> BigInt {
        let k = short.bits().saturating_sub(1);
        BigInt::from(long.to_big() >> k) - 1
    };
    if w >= h { strips(w, h) } else { -strips(h, w) }
}

/// The closed form applied to a `w × h` bar, in words.
///
/// ```
/// use sprague_games::partizan::cut::explain;
/// assert_eq!(explain(&5u64.into(), &3u64.into()), "Cutcake, wider than high: ⌊5 / 2⌋ − 1 = 1 (2 = the largest power of two ≤ 3)");
/// ```
pub fn explain(w: &Nat, h: &Nat) -> String {
    let v = closed_form(w, h);
    let (long, short, how) = if w >= h {
        (w, h, "wider than high")
    } else {
        (h, w, "higher than wide, so negative")
    };
    let p = Nat::from_big(num_bigint::BigUint::from(1u32) << short.bits().saturating_sub(1));
    let sign = if w >= h { "" } else { "−(" };
    let close = if w >= h { "" } else { ")" };
    format!(
        "Cutcake, {how}: {sign}⌊{long} / {p}⌋ − 1{close} = {v} ({p} = the largest power of two ≤ {short})"
    )
}

/// The value of a `w × h` bar as a game.
pub fn value(t: &mut GameTable, w: &Nat, h: &Nat) -> Result<Game, SolveError> {
    t.number(Dyadic::from_bigint(closed_form(w, h)))
}

/// The value of a `w × h` bar from the game tree: every smaller bar in turn, each with
/// its cuts as options (sums of two pieces). Costs about w·h·(w + h) sums.
pub fn game_tree(t: &mut GameTable, w: usize, h: usize) -> Result<Game, SolveError> {
    Ok(grid(t, w, h)?[w][h])
}

/// The values of every `a × b` bar with a ≤ w, b ≤ h, from the game tree (1-based).
fn grid(t: &mut GameTable, w: usize, h: usize) -> Result<Vec<Vec<Game>>, SolveError> {
    let mut v = vec![vec![Game::ZERO; h + 1]; w + 1];
    for a in 1..=w {
        for b in 1..=h {
            let mut left = Vec::new();
            for i in 1..=a / 2 {
                left.push(t.add(v[i][b], v[a - i][b])?);
            }
            let mut right = Vec::new();
            for j in 1..=b / 2 {
                right.push(t.add(v[a][j], v[a][b - j])?);
            }
            v[a][b] = t.game(&left, &right)?;
        }
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_form_agrees_with_the_game_tree() {
        let mut t = GameTable::new();
        let v = grid(&mut t, 24, 24).unwrap();
        for (w, row) in v.iter().enumerate().skip(1) {
            for (h, &g) in row.iter().enumerate().skip(1) {
                let x = Dyadic::from_bigint(closed_form(&Nat::from(w), &Nat::from(h)));
                assert_eq!(t.as_number(g), Some(&x), "cut({w},{h})");
            }
        }
    }

    #[test]
    fn huge_bars() {
        let w: Nat = "1000000000000000000000000".parse().unwrap();
        let h = Nat::from(1024u64);
        assert_eq!(closed_form(&w, &h).to_string(), "976562499999999999999");
        assert_eq!(closed_form(&h, &w).to_string(), "-976562499999999999999");
    }
}
