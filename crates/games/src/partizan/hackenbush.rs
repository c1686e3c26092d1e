//! Hackenbush strings: `hackenbush("BBRRB")`, a stalk of edges from the ground up.
//!
//! A move removes one edge of the mover's colour together with every edge above it
//! (they lose their connection to the ground): B (or L) edges are Left's, R edges
//! Right's, and G (green) edges either player's. Letters may be upper or lower case,
//! so CGSuite's `lrlrrllr` is accepted.
//!
//! Blue-red strings are numbers, by Berlekamp's sign-expansion rule (Winning Ways,
//! ch. 2; Conway, ONAG, ch. 3): the first run of k edges of one colour is worth ±k, and
//! every later edge ±1/2, ±1/4, … in turn (+ for B, − for R). For example `lrlrrllr`
//! is 1 − 1/2 + 1/4 − 1/8 − 1/16 + 1/32 + 1/64 − 1/128 = 77/128. Strings with green
//! edges are not numbers in general.
//!
//! A blue-red stalk of value x topped by n ≥ 1 green edges is worth x + *n (so a green
//! stalk of n edges is *n, and green stalks add as Nim heaps). Proof, by induction on
//! n: cutting the k-th green edge leaves x + *k (k < n); cutting a blue (red) edge of
//! the blue-red part leaves a Left (Right) option of the stalk of x, a number below
//! (above) x, so it is dominated by the option x + *0 = x that both players have. What
//! remains is {x + *k, k < n | x + *k, k < n} = x + *n. Other strings with green
//! edges take their values from the game tree (the positions are the stalk's
//! prefixes), each prefix of that form by the rule above.

use num_bigint::{BigInt, BigUint, Sign};
use sprague_core::SolveError;
use sprague_core::nat::Nat;
use sprague_engine::partizan::{Dyadic, Game, GameTable, Nus};

/// The colour of an edge: who may remove it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Edge {
    /// Blue: Left's edge.
    Blue,
    /// Red: Right's edge.
    Red,
    /// Green: either player may remove it.
    Green,
}

/// Reads a stalk: `B`/`L` blue, `R` red, `G` green, in either case. On a bad letter,
/// its index in characters.
///
/// ```
/// use sprague_games::partizan::hackenbush::{parse, Edge};
/// assert_eq!(parse("BrG").unwrap(), vec![Edge::Blue, Edge::Red, Edge::Green]);
/// assert_eq!(parse("BXR").unwrap_err(), 1);
/// ```
pub fn parse(s: &str) -> Result<Vec<Edge>, usize> {
    s.chars()
        .enumerate()
        .map(|(i, c)| match c.to_ascii_uppercase() {
            'B' | 'L' => Ok(Edge::Blue),
            'R' => Ok(Edge::Red),
            'G' => Ok(Edge::Green),
            _ => Err(i),
        })
        .collect()
}

/// The value of a blue-red stalk by the sign-expansion rule, or `None` if it has a
/// green edge.
///
/// ```
/// use sprague_games::partizan::hackenbush::{parse, sign_expansion};
/// let v = sign_expansion(&parse("lrlrrllr").unwrap()).unwrap();
/// assert_eq!(v.to_string(), "77/128");
/// assert_eq!(sign_expansion(&parse("RRB").unwrap()).unwrap().to_string(), "-3/2");
/// assert!(sign_expansion(&parse("BG").unwrap()).is_none());
/// ```
pub fn sign_expansion(edges: &[Edge]) -> Option<Dyadic> {
    if edges.contains(&Edge::Green) {
        return None;
    }
    let Some(&first) = edges.first() else {
        return Some(Dyadic::zero());
    };
    let run = edges.iter().take_while(|&&e| e == first).count();
    let rest = &edges[run..];
    // The value is (±run·2^m + Σ ±2^(m-1-i)) / 2^m, m = rest.len(): the rest is a
    // binary fraction whose bits are split into positive and negative ones.
    let m = rest.len();
    let words = m.div_ceil(32).max(1);
    let mut plus = vec![0u32; words];
    let mut minus = vec![0u32; words];
    for (i, &e) in rest.iter().enumerate() {
        let bit = m - 1 - i;
        let target = if e == Edge::Blue {
            &mut plus
        } else {
            &mut minus
        };
        target[bit / 32] |= 1 << (bit % 32);
    }
    let frac = BigInt::from_biguint(Sign::Plus, BigUint::new(plus))
        - BigInt::from_biguint(Sign::Plus, BigUint::new(minus));
    let int = BigInt::from(run) << m;
    let num = if first == Edge::Blue { int } else { -int };
    Some(Dyadic::new(num + frac, m as u64))
}

/// The canonical value of a stalk from its game tree: the value of each prefix in turn,
/// a prefix of length k having as options the shorter prefixes left by removing one of
/// its edges. Costs time quadratic in the length (bounded by the table's state bound).
pub fn game_tree(t: &mut GameTable, edges: &[Edge]) -> Result<Game, SolveError> {
    tree(t, edges, false)
}

/// The game tree of a stalk, prefix by prefix; with `fast`, a prefix that is a
/// blue-red stalk topped by green edges takes its value from [`green_top`].
fn tree(t: &mut GameTable, edges: &[Edge], fast: bool) -> Result<Game, SolveError> {
    let mut values: Vec<Game> = vec![Game::ZERO];
    // The longest prefix that is a blue-red stalk topped by green edges: it ends at the
    // first blue or red edge above a green one.
    let first_green = edges.iter().position(|&e| e == Edge::Green);
    let simple = match first_green {
        Some(g) if fast => edges[g..]
            .iter()
            .position(|&e| e != Edge::Green)
            .map_or(edges.len(), |i| g + i),
        _ => 0,
    };
    for k in 1..=edges.len() {
        t.count(k as u64 / 4)?;
        t.charge(k as u64)?;
        if k <= simple
            && let Some((x, n)) = green_top(&edges[..k])
        {
            values.push(t.nus(Nus {
                number: x,
                up: 0,
                star: Nat::from(n),
            })?);
            continue;
        }
        let cut = |who: Edge| -> Vec<Game> {
            (0..k)
                .filter(|&j| edges[j] == who || edges[j] == Edge::Green)
                .map(|j| values[j])
                .collect()
        };
        let (l, r) = (cut(Edge::Blue), cut(Edge::Red));
        values.push(t.game(&l, &r)?);
    }
    Ok(values[edges.len()])
}

/// The value of a blue-red stalk topped by green edges, x + *n with x the sign
/// expansion of the blue-red part and n the number of green edges on top (see the
/// module's proof); `None` if a green edge lies below a blue or red one.
///
/// ```
/// use sprague_games::partizan::hackenbush::{green_top, parse};
/// let (x, n) = green_top(&parse("BRGGG").unwrap()).unwrap();
/// assert_eq!((x.to_string(), n), ("1/2".to_string(), 3));
/// assert!(green_top(&parse("GB").unwrap()).is_none());
/// ```
pub fn green_top(edges: &[Edge]) -> Option<(Dyadic, usize)> {
    let n = edges
        .iter()
        .rev()
        .take_while(|&&e| e == Edge::Green)
        .count();
    let x = sign_expansion(&edges[..edges.len() - n])?;
    Some((x, n))
}

/// The value of a stalk: the sign expansion for blue-red stalks, x + *n for a blue-red
/// stalk topped by n green edges, the game tree otherwise.
pub fn value(t: &mut GameTable, edges: &[Edge]) -> Result<Game, SolveError> {
    match green_top(edges) {
        Some((x, n)) => t.nus(Nus {
            number: x,
            up: 0,
            star: Nat::from(n),
        }),
        None => tree(t, edges, true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stalks(len: usize) -> Vec<String> {
        let mut out = vec![String::new()];
        for _ in 0..len {
            out = out
                .iter()
                .flat_map(|s| ["B", "R", "G"].map(|c| format!("{s}{c}")))
                .collect();
        }
        out
    }

    #[test]
    fn sign_expansion_agrees_with_the_game_tree() {
        let mut t = GameTable::new();
        for len in 0..=7 {
            for s in stalks(len) {
                let edges = parse(&s).unwrap();
                let tree = game_tree(&mut t, &edges).unwrap();
                if let Some(x) = sign_expansion(&edges) {
                    assert_eq!(t.as_number(tree), Some(&x), "{s}");
                }
            }
        }
    }

    #[test]
    fn green_tops_and_fast_trees_agree_with_the_game_tree() {
        let mut t = GameTable::new();
        let mut green_tops = 0;
        for len in 0..=7 {
            for s in stalks(len) {
                let edges = parse(&s).unwrap();
                let tree = game_tree(&mut t, &edges).unwrap();
                if let Some((x, n)) = green_top(&edges) {
                    let rule = t
                        .nus(Nus {
                            number: x,
                            up: 0,
                            star: Nat::from(n),
                        })
                        .unwrap();
                    assert_eq!(rule, tree, "{s}");
                    green_tops += 1;
                }
                assert_eq!(value(&mut t, &edges).unwrap(), tree, "{s}");
            }
        }
        // Every string that is blue-red below a (possibly empty) green top: for each
        // length l, sum over n of 2^(l-n).
        assert_eq!(green_tops, (0..=7).map(|l| (1 << (l + 1)) - 1).sum::<i32>());
    }

    #[test]
    fn long_green_stalks_are_nimbers() {
        let mut t = GameTable::new();
        let g = value(&mut t, &parse(&"G".repeat(100_000)).unwrap()).unwrap();
        assert_eq!(t.show(g), "*100000");
        let g = value(
            &mut t,
            &parse(&("BR".to_string() + &"G".repeat(1000))).unwrap(),
        )
        .unwrap();
        assert_eq!(t.show(g), "1/2*1000");
    }

    #[test]
    fn published_values() {
        let v = |s: &str| sign_expansion(&parse(s).unwrap()).unwrap().to_string();
        // CGSuite's test of blue-red Hackenbush strings.
        assert_eq!(v("lrlrrllr"), "77/128");
        // Winning Ways, ch. 2: a blue edge under a red one is 1/2.
        assert_eq!(v("BR"), "1/2");
        assert_eq!(v("BRR"), "1/4");
        assert_eq!(v("BBBB"), "4");
        assert_eq!(v("RBB"), "-1/4");
        assert_eq!(v(""), "0");
    }

    #[test]
    fn green_edges_make_nimbers_and_more() {
        let mut t = GameTable::new();
        let g = |t: &mut GameTable, s: &str| {
            let v = value(t, &parse(s).unwrap()).unwrap();
            t.show(v)
        };
        // A green stalk of n edges is *n.
        assert_eq!(g(&mut t, "GGG"), "*3");
        // Green under blue: Left may cut either edge, Right only the green one:
        // {0,*|0} = ^*.
        assert_eq!(g(&mut t, "GB"), "^*");
        // Blue under green: {0,1|1} = {1|1} = 1*.
        assert_eq!(g(&mut t, "BG"), "1*");
    }

    #[test]
    fn long_stalks_are_exact() {
        let s: String = "B".repeat(3) + &"RB".repeat(50_000);
        let x = sign_expansion(&parse(&s).unwrap()).unwrap();
        assert_eq!(x.exponent(), 100_000);
        assert!(x > Dyadic::int(2) && x < Dyadic::int(3));
    }
}
