//! What a graphical front end draws: a record per part of a position (a heap, a
//! Wythoff board, a king, a ring, a staircase, or text), and the grid of nim-values of
//! a two-parameter family.

use super::session;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::family::Shape;
use sprague_engine::impartial::sum::Component;
use sprague_games::ExprError;

/// How to draw one part of a position. Every record names the component (0-based,
/// in the order of the sum) it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Drawing {
    /// A heap of `size` stones; `heap` is its number (from 1) across the whole sum,
    /// as moves name it ("take 2 from heap 1").
    Heap {
        /// The component.
        component: usize,
        /// The heap's number, from 1.
        heap: usize,
        /// The family, e.g. `sub[1,3,4]`.
        family: String,
        /// The number of stones.
        size: Nat,
    },
    /// A queen on a board (Wythoff's game): `x` columns from the corner, `y` rows.
    Board {
        /// The component.
        component: usize,
        /// The family.
        family: String,
        /// The first heap (column).
        x: Nat,
        /// The second heap (row).
        y: Nat,
    },
    /// A king `r` rows and `c` columns from the corner it walks to (`king(r,c)`).
    King {
        /// The component.
        component: usize,
        /// Rows from the corner.
        r: Nat,
        /// Columns from the corner.
        c: Nat,
    },
    /// A coin on a ring of edges with these weights (`ring(w1,…)`).
    Ring {
        /// The component.
        component: usize,
        /// The weights of the edges, in order.
        weights: Vec<Nat>,
    },
    /// A staircase with this many stones on each step, the lowest first (`stair(…)`).
    Stair {
        /// The component.
        component: usize,
        /// Stones per step, step 1 first.
        steps: Vec<Nat>,
    },
    /// Any other component, in expression syntax.
    Text {
        /// The component.
        component: usize,
        /// The component as written.
        text: String,
    },
}

/// The records that draw a position, component by component: numbered heaps
/// (heap families and the heaps of `moore`), a board for `wythoff`, a king, a ring, a
/// staircase, and text for the rest.
///
/// ```
/// use sprague_play::view::{drawing, Drawing};
/// let comps = sprague_games::components("nim(3) + wythoff(3,5)").unwrap();
/// let d = drawing(&comps);
/// assert!(matches!(&d[0], Drawing::Heap { heap: 1, size, .. } if size.to_u64() == Some(3)));
/// assert!(matches!(&d[1], Drawing::Board { component: 1, .. }));
/// ```
pub fn drawing(comps: &[Component]) -> Vec<Drawing> {
    let heaps = session::heaps(comps);
    let mut out = Vec::new();
    for (i, c) in comps.iter().enumerate() {
        let name = c.family.name();
        match c.family.shape() {
            Shape::Queen if c.pos.len() == 2 => out.push(Drawing::Board {
                component: i,
                family: name,
                x: c.pos[0].clone(),
                y: c.pos[1].clone(),
            }),
            Shape::King if c.pos.len() == 2 => out.push(Drawing::King {
                component: i,
                r: c.pos[0].clone(),
                c: c.pos[1].clone(),
            }),
            Shape::Ring => out.push(Drawing::Ring {
                component: i,
                weights: c.pos.to_vec(),
            }),
            Shape::Stairs => out.push(Drawing::Stair {
                component: i,
                steps: c.pos.to_vec(),
            }),
            _ => {
                let mine: Vec<usize> = (0..heaps.len()).filter(|&k| heaps[k].0 == i).collect();
                if mine.is_empty() {
                    out.push(Drawing::Text {
                        component: i,
                        text: c.expr(),
                    });
                }
                for k in mine {
                    out.push(Drawing::Heap {
                        component: i,
                        heap: k + 1,
                        family: name.clone(),
                        size: c.pos[heaps[k].1].clone(),
                    });
                }
            }
        }
    }
    out
}

/// Most rows (and columns) of a grid of values.
pub const MAX_GRID: u64 = 512;

/// The nim-values of the two-parameter positions of `family`, row `i` column `j`
/// (0-based) for `i < rows`, `j < cols`: `wythoff(i,j)`, `king(i,j)`, `moore[k](i,j)`,
/// and for a heap family F (`nim`, `sub[…]`, `octal[…]`, …) the sum `F(i) + F(j)`.
/// A value is `None` when it is too costly to compute within `limits`.
///
/// ```
/// use sprague_core::Limits;
/// let g = sprague_play::view::grid("nim", 3, 3, &Limits::default()).unwrap();
/// let row: Vec<u64> = g[1].iter().map(|v| v.as_ref().unwrap().to_u64().unwrap()).collect();
/// assert_eq!(row, [1, 0, 3]);
/// ```
pub fn grid(
    family: &str,
    rows: u64,
    cols: u64,
    limits: &Limits,
) -> Result<Vec<Vec<Option<Nat>>>, GridError> {
    for (n, what) in [(rows, "rows"), (cols, "cols")] {
        if n > MAX_GRID {
            return Err(GridError::Input(ExprError {
                column: 1,
                message: format!("{what} is {n}: a grid has at most {MAX_GRID} {what}"),
            }));
        }
    }
    let usage = || {
        GridError::Input(ExprError {
            column: 1,
            message: format!(
                "a grid is of a game on pairs of numbers (two heaps, or a queen or a king on a board, e.g. wythoff) or of a heap family such as sub[1,3,4], not {}",
                sprague_expr::shorten_message(family)
            ),
        })
    };
    // A heap family F gives the sums F(i) + F(j); a family whose positions are pairs
    // (two numbered heaps, or coordinates on a board) gives its positions (i, j).
    let single = |c: &Component| c.family.is_heap_family() && c.heap_size().is_some();
    let pair = |c: &Component| {
        c.pos.len() == 2
            && !c.family.is_heap_family()
            && (c.family.numbered_heaps() || matches!(c.family.shape(), Shape::Queen | Shape::King))
    };
    let c = match sprague_games::components(&format!("{family}(0)")) {
        Ok(comps) if comps.len() == 1 && single(&comps[0]) => comps.into_iter().next(),
        _ => None,
    };
    let (c, two) = match c {
        Some(c) => (c, false),
        None => {
            let comps =
                sprague_games::components(&format!("{family}(0,0)")).map_err(GridError::Input)?;
            match <[Component; 1]>::try_from(comps) {
                Ok([c]) if pair(&c) => (c, true),
                _ => return Err(usage()),
            }
        }
    };
    let (r, k) = (rows as usize, cols as usize);
    if r == 0 || k == 0 {
        return Ok(vec![Vec::new(); r]);
    }
    let mut out = vec![vec![None; k]; r];
    if two {
        // The farthest corner first: a family with a table builds it once, whole.
        let pos = |i: usize, j: usize| smallvec::smallvec![Nat::from(i), Nat::from(j)];
        c.family.grundy(&pos(r - 1, k - 1), limits)?;
        for (i, row) in out.iter_mut().enumerate() {
            limits.check_stop()?;
            for (j, v) in row.iter_mut().enumerate() {
                *v = c.family.grundy(&pos(i, j), limits)?;
            }
        }
        return Ok(out);
    }
    let n = r.max(k);
    c.family
        .grundy(&smallvec::smallvec![Nat::from(n - 1)], limits)?;
    let mut single = Vec::with_capacity(n);
    for h in 0..n {
        limits.check_stop()?;
        single.push(
            c.family
                .grundy(&smallvec::smallvec![Nat::from(h)], limits)?,
        );
    }
    for (i, row) in out.iter_mut().enumerate() {
        for (j, v) in row.iter_mut().enumerate() {
            if let (Some(a), Some(b)) = (&single[i], &single[j]) {
                *v = Some(a ^ b);
            }
        }
    }
    Ok(out)
}

/// Why a grid of values could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// The family is not one a grid is made of, or the size is too large.
    Input(ExprError),
    /// A resource bound (or the deadline) was reached.
    Limit(SolveError),
}

impl From<SolveError> for GridError {
    fn from(e: SolveError) -> Self {
        GridError::Limit(e)
    }
}

impl std::fmt::Display for GridError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GridError::Input(e) => write!(f, "bad family: {e}"),
            GridError::Limit(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GridError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(family: &str, n: u64) -> Vec<Vec<u64>> {
        grid(family, n, n, &Limits::default())
            .unwrap()
            .into_iter()
            .map(|r| {
                r.into_iter()
                    .map(|v| v.unwrap().to_u64().unwrap())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn nim_grid_is_the_xor_of_the_heaps() {
        // Bouton: nim(i) + nim(j) has value i XOR j.
        let g = values("nim", 8);
        for (i, row) in g.iter().enumerate() {
            for (j, v) in row.iter().enumerate() {
                assert_eq!(*v, (i ^ j) as u64);
            }
        }
    }

    #[test]
    fn wythoff_grid_zeros_are_wythoffs_pairs() {
        // P-positions of Wythoff's game: (⌊kφ⌋, ⌊kφ²⌋) and the swaps: (0,0), (1,2),
        // (3,5), (4,7), (6,10), (8,13) (OEIS A000201 / A001950).
        let g = values("wythoff", 14);
        let pairs = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)];
        for (i, row) in g.iter().enumerate() {
            for (j, v) in row.iter().enumerate() {
                let p = pairs.contains(&(i, j)) || pairs.contains(&(j, i));
                assert_eq!(*v == 0, p, "wythoff({i},{j})");
            }
        }
        // The first row is mex of the row before: sg(0,j) = j.
        assert_eq!(g[0][5], 5);
    }

    #[test]
    fn king_grid_zeros_are_the_even_even_squares() {
        // A king walking to the corner loses to move exactly when both distances
        // are even (Berlekamp–Conway–Guy, Winning Ways, the "corner the king" game).
        let g = values("king", 9);
        for (i, row) in g.iter().enumerate() {
            for (j, v) in row.iter().enumerate() {
                assert_eq!(*v == 0, i % 2 == 0 && j % 2 == 0, "king({i},{j})");
            }
        }
    }

    #[test]
    fn a_sum_of_two_subtraction_heaps_xors_their_values() {
        // sub[1,2]: sg(n) = n mod 3.
        let g = values("sub[1,2]", 7);
        assert_eq!(g[4][5], (4 % 3) ^ (5 % 3));
    }

    #[test]
    fn bad_families_and_sizes_are_input_errors() {
        let l = Limits::default();
        assert!(matches!(grid("ring", 2, 2, &l), Err(GridError::Input(_))));
        assert!(matches!(grid("nim(", 2, 2, &l), Err(GridError::Input(_))));
        assert!(matches!(grid("nim", 513, 2, &l), Err(GridError::Input(_))));
        assert_eq!(grid("nim", 0, 0, &l).unwrap().len(), 0);
    }

    #[test]
    fn drawing_numbers_heaps_across_the_sum() {
        let comps =
            sprague_games::components("nim(3,4) + moore[2](1,2) + king(4,3) + ring(1,2)").unwrap();
        let d = drawing(&comps);
        let heaps: Vec<usize> = d
            .iter()
            .filter_map(|x| match x {
                Drawing::Heap { heap, .. } => Some(*heap),
                _ => None,
            })
            .collect();
        assert_eq!(heaps, [1, 2, 3, 4]);
        assert!(d.iter().any(|x| matches!(x, Drawing::King { .. })));
        assert!(
            d.iter()
                .any(|x| matches!(x, Drawing::Ring { weights, .. } if weights.len() == 2))
        );
    }
}
