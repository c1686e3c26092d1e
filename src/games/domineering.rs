//! Domineering: `domineering(r,c)` (an empty board of r rows and c columns) or
//! `domineering("..#|...")` (rows separated by `|`, `.` empty, `#` or `x` filled).
//! Left places a domino vertically on two empty squares, Right horizontally; the
//! player who cannot place one loses. Boards have at most 64 squares.
//!
//! The value comes from the game tree, with two reductions: a board whose empty squares
//! fall apart into separate regions is the sum of the regions, and a region's value
//! does not change when it is moved or mirrored left-right or top-bottom (each region
//! is stored once, under the least of its four mirror images). Each move fills two of
//! at most 64 squares, so the recursion is at most 32 moves deep.

use crate::impartial::family::SolveError;
use crate::partizan::{Game, GameTable};
use rustc_hash::FxHashMap;

/// Largest number of squares of a board.
pub const MAX_SQUARES: usize = 64;

/// A region of empty squares: its bounding box (`rows × cols`) and the empty squares,
/// bit `r * cols + c`.
type Shape = (u8, u8, u64);

/// A Domineering board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// Empty squares, bit `r * cols + c`.
    empty: u64,
}

impl Board {
    /// The empty `rows × cols` board, if it has at most 64 squares.
    ///
    /// ```
    /// use sprague::partizan::domineering::Board;
    /// assert!(Board::empty(8, 8).is_some());
    /// assert!(Board::empty(9, 8).is_none());
    /// ```
    pub fn empty(rows: usize, cols: usize) -> Option<Board> {
        let n = rows.checked_mul(cols)?;
        if n > MAX_SQUARES {
            return None;
        }
        let empty = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Some(Board { rows, cols, empty })
    }

    /// Reads a board such as `"..#|..."`: rows separated by `|`, `.` empty, `#`/`x`
    /// filled. On error, the character index and what is wrong.
    ///
    /// ```
    /// use sprague::partizan::domineering::Board;
    /// let b = Board::parse("..|.#").unwrap();
    /// assert_eq!(b, Board::parse("..|.x").unwrap());
    /// assert!(Board::parse("..|.").is_err()); // rows of different lengths
    /// ```
    pub fn parse(s: &str) -> Result<Board, (usize, &'static str)> {
        let rows: Vec<&str> = s.split('|').collect();
        let cols = rows[0].chars().count();
        if rows.len() * cols > MAX_SQUARES {
            return Err((0, "a board has at most 64 squares"));
        }
        let mut empty = 0u64;
        let mut at = 0;
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != cols {
                return Err((at, "every row needs the same number of squares"));
            }
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => empty |= 1 << (r * cols + c),
                    '#' | 'x' | 'X' => {}
                    _ => return Err((at + c, "a square is '.' (empty) or '#' (filled)")),
                }
            }
            at += row.chars().count() + 1;
        }
        Ok(Board {
            rows: rows.len(),
            cols,
            empty,
        })
    }
}

/// Values of Domineering regions, shared between boards.
#[derive(Default)]
pub struct Domineering {
    memo: FxHashMap<Shape, Game>,
}

impl Domineering {
    /// A fresh table of region values.
    pub fn new() -> Domineering {
        Domineering::default()
    }

    /// Number of regions whose values are known.
    pub fn regions(&self) -> usize {
        self.memo.len()
    }

    /// The value of a board.
    ///
    /// ```
    /// use sprague::partizan::domineering::{Board, Domineering};
    /// use sprague::partizan::GameTable;
    /// let mut t = GameTable::new();
    /// let mut d = Domineering::new();
    /// let g = d.value(&mut t, &Board::empty(2, 2).unwrap()).unwrap();
    /// assert_eq!(t.show(g), "±1");
    /// ```
    pub fn value(&mut self, t: &mut GameTable, b: &Board) -> Result<Game, SolveError> {
        self.board(t, b.rows, b.cols, b.empty)
    }

    /// The sum of the regions of a board.
    fn board(
        &mut self,
        t: &mut GameTable,
        rows: usize,
        cols: usize,
        empty: u64,
    ) -> Result<Game, SolveError> {
        // Splitting into regions and normalising them scans the squares a few times.
        t.charge((rows * cols) as u64 / 2)?;
        let mut total = Game::ZERO;
        let mut rest = empty;
        while rest != 0 {
            let region = flood(rows, cols, rest);
            rest &= !region;
            let shape = normalise(rows, cols, region);
            let v = self.region(t, shape)?;
            total = t.add(total, v)?;
        }
        Ok(total)
    }

    /// The value of one region (by its moves), cached.
    fn region(&mut self, t: &mut GameTable, shape: Shape) -> Result<Game, SolveError> {
        if let Some(&g) = self.memo.get(&shape) {
            return Ok(g);
        }
        let (rows, cols, empty) = (usize::from(shape.0), usize::from(shape.1), shape.2);
        let mut left = Vec::new();
        let mut right = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let i = r * cols + c;
                if empty >> i & 1 == 0 {
                    continue;
                }
                if r + 1 < rows && empty >> (i + cols) & 1 == 1 {
                    let after = empty & !(1 << i) & !(1 << (i + cols));
                    left.push(self.board(t, rows, cols, after)?);
                }
                if c + 1 < cols && empty >> (i + 1) & 1 == 1 {
                    let after = empty & !(1 << i) & !(1 << (i + 1));
                    right.push(self.board(t, rows, cols, after)?);
                }
            }
        }
        let g = t.game(&left, &right)?;
        t.count(1)?;
        self.memo.insert(shape, g);
        Ok(g)
    }
}

/// The squares of `empty` 4-connected to its lowest square.
fn flood(rows: usize, cols: usize, empty: u64) -> u64 {
    let start = empty & empty.wrapping_neg();
    let mut region = start;
    let mut frontier = start;
    while frontier != 0 {
        let i = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let (r, c) = (i / cols, i % cols);
        let mut near = 0u64;
        if r > 0 {
            near |= 1 << (i - cols);
        }
        if r + 1 < rows {
            near |= 1 << (i + cols);
        }
        if c > 0 {
            near |= 1 << (i - 1);
        }
        if c + 1 < cols {
            near |= 1 << (i + 1);
        }
        let new = near & empty & !region;
        region |= new;
        frontier |= new;
    }
    region
}

/// The region cropped to its bounding box, under the least of its four mirror images.
fn normalise(rows: usize, cols: usize, region: u64) -> Shape {
    let (mut r0, mut r1, mut c0, mut c1) = (rows, 0, cols, 0);
    let mut bits = region;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let (r, c) = (i / cols, i % cols);
        r0 = r0.min(r);
        r1 = r1.max(r);
        c0 = c0.min(c);
        c1 = c1.max(c);
    }
    let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
    let mut best = u64::MAX;
    for (flip_r, flip_c) in [(false, false), (false, true), (true, false), (true, true)] {
        let mut m = 0u64;
        let mut bits = region;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (mut r, mut c) = (i / cols - r0, i % cols - c0);
            if flip_r {
                r = h - 1 - r;
            }
            if flip_c {
                c = w - 1 - c;
            }
            m |= 1 << (r * w + c);
        }
        best = best.min(m);
    }
    (h as u8, w as u8, best)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(rows: usize, cols: usize) -> String {
        let mut t = GameTable::with_limit(50_000_000);
        let mut d = Domineering::new();
        let g = d.value(&mut t, &Board::empty(rows, cols).unwrap()).unwrap();
        t.show(g)
    }

    #[test]
    fn published_values() {
        // Left plays vertically, R rows × C columns (cgt, pycgt and CGSuite agree;
        // Winning Ways ch. 2 for the small ones).
        assert_eq!(value(1, 1), "0");
        assert_eq!(value(2, 1), "1");
        assert_eq!(value(1, 2), "-1");
        assert_eq!(value(2, 2), "±1");
        assert_eq!(value(2, 3), "{2|-1/2}");
        assert_eq!(value(3, 2), "{1/2|-2}");
        assert_eq!(value(3, 4), "-3/2");
        assert_eq!(value(4, 3), "3/2");
    }

    #[test]
    fn larger_published_values() {
        assert_eq!(value(4, 5), "1");
    }

    #[test]
    fn separate_regions_add() {
        let mut t = GameTable::new();
        let mut d = Domineering::new();
        // Two 2 × 2 regions: ±1 + ±1 = 0.
        let b = Board::parse("..#..|..#..").unwrap();
        assert_eq!(d.value(&mut t, &b).unwrap(), Game::ZERO);
        // A vertical strip of 3: Left's two moves leave one square, Right has none:
        // {0|} = 1.
        let b = Board::parse(".|.|.").unwrap();
        let g = d.value(&mut t, &b).unwrap();
        assert_eq!(t.show(g), "1");
    }
}
