//! Domineering: `domineering(r,c)` (an empty board of r rows and c columns) or
//! `domineering("..#|...")` (rows separated by `|`, `.` empty, `#` or `x` filled).
//! Left places a domino vertically on two empty squares, Right horizontally; the
//! player who cannot place one loses. Boards have at most 64 squares.
//!
//! The value comes from the game tree ([`sprague_engine::partizan::TreeValues`]), with two
//! reductions: a board whose empty squares fall apart into separate regions is the sum
//! of the regions (a lone empty square, where no domino fits, is 0 and dropped), and a
//! region's value does not change when it is moved or mirrored
//! left-right or top-bottom (each region is stored once, cropped to its bounding box,
//! under the least of its four mirror images, by the board helper of
//! [`super::grid`] that the other board games share).
//!
//! This file is the worked example of a ruleset: the rules above, [`Rules`] (the moves
//! and the regions) and [`Ruleset`] (how a board is written), and tests of published
//! values and of the plain game tree.

use super::grid::{self, Symmetry, Touch};
use super::{Ruleset, args, char_span, no_params};
use sprague_engine::partizan::{Rules, Side};
use sprague_expr::{Arg, FamilyTerm, Span};

/// Largest number of squares of a board.
pub const MAX_SQUARES: usize = 64;

/// A Domineering board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
    /// use sprague_games::partizan::domineering::Board;
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
    /// use sprague_games::partizan::domineering::Board;
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

    /// The rows, the columns and the empty squares (bit `r * cols + c`).
    pub fn parts(&self) -> (usize, usize, u64) {
        (self.rows, self.cols, self.empty)
    }

    /// The board of `rows × cols` squares with the empty squares `empty` (bit
    /// `r * cols + c`), if it has at most 64 squares and no square outside it is set.
    pub fn from_parts(rows: usize, cols: usize, empty: u64) -> Option<Board> {
        let b = Board::empty(rows, cols)?;
        (empty & !b.empty == 0).then_some(Board { rows, cols, empty })
    }
}

/// Domineering's rules (no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Domineering;

impl Rules for Domineering {
    type Position = Board;

    fn options(&self, b: &Board, side: Side, out: &mut Vec<Board>) {
        let (rows, cols, empty) = (b.rows, b.cols, b.empty);
        // Left covers squares i and i + cols (vertical), Right i and i + 1.
        let step = if side == Side::Left { cols } else { 1 };
        let mut bits = empty;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let fits = match side {
                Side::Left => i / cols + 1 < rows,
                Side::Right => i % cols + 1 < cols,
            };
            if fits && empty >> (i + step) & 1 == 1 {
                out.push(Board {
                    rows,
                    cols,
                    empty: empty & !(1 << i) & !(1 << (i + step)),
                });
            }
        }
    }

    fn regions(&self, b: &Board, out: &mut Vec<Board>) {
        // The shared board helper finds the parts and their least mirror images.
        let g = grid::Board {
            rows: b.rows as u8,
            cols: b.cols as u8,
            layers: [b.empty],
        };
        let mut rest = b.empty;
        while rest != 0 {
            let region = grid::flood(b.rows, b.cols, rest, Touch::Orthogonal);
            rest &= !region;
            if region & (region - 1) == 0 {
                // A lone square: no domino fits, for either player (value 0).
                continue;
            }
            let n = g.normalise(region, Symmetry::Mirrors);
            out.push(Board {
                rows: usize::from(n.rows),
                cols: usize::from(n.cols),
                empty: n.layers[0],
            });
        }
    }
}

impl Ruleset for Domineering {
    const RULES: &'static str = "Domineering: Left places dominoes vertically, Right horizontally, on empty squares. Whoever cannot place one loses.";
    const EXAMPLE: &'static str = "domineering(3,3)";
    const NAME: &'static str = "domineering";
    const LEGEND: &'static [(char, &'static str)] = &[('.', "empty"), ('#', "filled")];
    const MOVE_CELLS: Option<(&'static str, &'static str)> =
        Some(("Domineering", "the two squares of the domino"));
    const USAGE: &'static str = "domineering takes a board: domineering(rows,cols) for an empty one, or domineering(\"..#|...\") (rows separated by |, . empty, # filled), at most 64 squares; Left places vertical dominoes, Right horizontal ones";

    fn read(f: &FamilyTerm) -> Result<(Domineering, Board), (Span, String)> {
        no_params(f)?;
        let usage = Self::USAGE;
        let board = match args(f, usage)? {
            [Arg::Int(r, rs), Arg::Int(c, _)] => {
                let (Some(r), Some(c)) = (r.to_usize(), c.to_usize()) else {
                    return Err((*rs, usage.to_string()));
                };
                Board::empty(r, c).ok_or_else(|| (*rs, usage.to_string()))?
            }
            [Arg::Str(s, span)] => {
                Board::parse(s).map_err(|(i, m)| (char_span(*span, s, i), m.to_string()))?
            }
            [a, ..] => return Err((a.span(), usage.to_string())),
            [] => return Err((f.span, usage.to_string())),
        };
        Ok((Domineering, board))
    }

    fn show(&self, b: &Board) -> String {
        let rows: Vec<String> = (0..b.rows)
            .map(|r| {
                (0..b.cols)
                    .map(|c| {
                        if b.empty >> (r * b.cols + c) & 1 == 1 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect();
        format!("domineering(\"{}\")", rows.join("|"))
    }

    /// The board turned over its diagonal: Left's vertical placements become
    /// horizontal ones, so the players swap and the value is negated.
    fn negative(&self, b: &Board) -> Option<Board> {
        Some(Board {
            rows: b.cols,
            cols: b.rows,
            empty: grid::transpose(b.rows, b.cols, b.empty),
        })
    }

    /// Every move fills two empty squares.
    fn height(&self, b: &Board) -> Option<u64> {
        Some(u64::from(b.empty.count_ones() / 2))
    }

    /// Left's longest run is the vertical dominoes that fit at once: half of each
    /// column's runs of empty squares, rounded down; Right's likewise by rows.
    fn run_bounds(&self, b: &Board) -> Option<[u32; 2]> {
        let at = |r: usize, c: usize| b.empty >> (r * b.cols + c) & 1 == 1;
        let halves = |lines: usize, len: usize, empty: &dyn Fn(usize, usize) -> bool| {
            let mut total = 0;
            for l in 0..lines {
                let mut run = 0;
                for i in 0..len {
                    if empty(l, i) {
                        run += 1;
                    } else {
                        total += run / 2;
                        run = 0;
                    }
                }
                total += run / 2;
            }
            total
        };
        Some([
            halves(b.cols, b.rows, &|c, r| at(r, c)),
            halves(b.rows, b.cols, &at),
        ])
    }

    fn method(&self) -> String {
        format!(
            "Domineering (Left places vertical dominoes), from the game tree: each region of empty squares valued once up to mirror images (at most {MAX_SQUARES} squares)"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::testing::{Plain, shown_value};
    use sprague_engine::partizan::{Game, GameTable, TreeValues};

    fn value(rows: usize, cols: usize) -> String {
        shown_value(&Domineering, &Board::empty(rows, cols).unwrap())
    }

    /// The transposed board is the negative: G + (transposed G) = 0, on every board of
    /// at most 9 squares with up to three filled squares.
    #[test]
    fn transposed_board_is_the_negative() {
        let mut t = GameTable::with_limit(50_000_000);
        let mut d = TreeValues::new();
        let mut boards = 0;
        for rows in 1..=3 {
            for cols in 1..=3 {
                let n = rows * cols;
                for filled in 0u64..1 << n {
                    if filled.count_ones() > 3 {
                        continue;
                    }
                    let b = Board {
                        rows,
                        cols,
                        empty: !filled & ((1 << n) - 1),
                    };
                    let neg = Domineering.negative(&b).unwrap();
                    let g = d.value(&mut t, &Domineering, &b).unwrap();
                    let h = d.value(&mut t, &Domineering, &neg).unwrap();
                    let minus_g = t.neg(g).unwrap();
                    assert_eq!(t.show(h), t.show(minus_g), "{}", Domineering.show(&b));
                    boards += 1;
                }
            }
        }
        assert!(boards > 100);
    }

    /// Left's (Right's) longest run of moves, Right (Left) never moving, by the rules.
    fn longest_run(b: &Board, side: Side) -> u32 {
        let mut out = Vec::new();
        Domineering.options(b, side, &mut out);
        out.iter()
            .map(|o| 1 + longest_run(o, side))
            .max()
            .unwrap_or(0)
    }

    /// The longest play from `b`, both players moving in any order.
    fn longest_play(b: &Board) -> u64 {
        let mut out = Vec::new();
        Domineering.options(b, Side::Left, &mut out);
        Domineering.options(b, Side::Right, &mut out);
        out.iter().map(|o| 1 + longest_play(o)).max().unwrap_or(0)
    }

    #[test]
    fn the_height_bounds_every_play() {
        for (rows, cols) in [(1, 5), (2, 2), (2, 3), (3, 3), (2, 4)] {
            for empty in 0u64..1 << (rows * cols) {
                let b = Board { rows, cols, empty };
                assert!(Domineering.height(&b).unwrap() >= longest_play(&b), "{b:?}");
            }
        }
        // A 2 × 2 board is filled by two dominoes placed the same way.
        assert_eq!(longest_play(&Board::empty(2, 2).unwrap()), 2);
        assert_eq!(Domineering.height(&Board::empty(2, 2).unwrap()), Some(2));
    }

    /// The bounds on runs are the longest runs themselves, on every board of at most
    /// 3 × 3 and 2 × 4 squares.
    #[test]
    fn run_bounds_are_the_longest_runs() {
        for (rows, cols) in [(1, 5), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2)] {
            let n = rows * cols;
            for empty in 0u64..1 << n {
                let b = Board { rows, cols, empty };
                let want = [longest_run(&b, Side::Left), longest_run(&b, Side::Right)];
                assert_eq!(
                    Domineering.run_bounds(&b),
                    Some(want),
                    "{}",
                    Domineering.show(&b)
                );
            }
        }
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
    fn regions_and_mirrors_equal_the_plain_tree() {
        // Every board of at most 3 × 3 and 2 × 4 squares, each subset of empty squares.
        let mut t = GameTable::with_limit(50_000_000);
        let mut fast = TreeValues::new();
        let mut plain = TreeValues::new();
        for (rows, cols) in [(1, 4), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2)] {
            for empty in 0u64..1 << (rows * cols) {
                let b = Board { rows, cols, empty };
                let want = plain.value(&mut t, &Plain(&Domineering), &b).unwrap();
                assert_eq!(fast.value(&mut t, &Domineering, &b).unwrap(), want, "{b:?}");
            }
        }
    }

    #[test]
    fn separate_regions_add() {
        let mut t = GameTable::new();
        let mut d = TreeValues::new();
        // Two 2 × 2 regions: ±1 + ±1 = 0.
        let b = Board::parse("..#..|..#..").unwrap();
        assert_eq!(d.value(&mut t, &Domineering, &b).unwrap(), Game::ZERO);
        // A vertical strip of 3: Left's two moves leave one square, Right has none:
        // {0|} = 1.
        let b = Board::parse(".|.|.").unwrap();
        let g = d.value(&mut t, &Domineering, &b).unwrap();
        assert_eq!(t.show(g), "1");
        // Lone empty squares are no regions: no domino fits in them.
        let mut parts = Vec::new();
        Domineering.regions(&Board::parse(".#.|#.#|..#").unwrap(), &mut parts);
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].parts().2.count_ones(), 3);
    }

    #[test]
    fn boards_read_back() {
        let b = Board::parse("..#|...").unwrap();
        assert_eq!(Domineering.show(&b), "domineering(\"..#|...\")");
    }

    #[test]
    fn a_board_is_drawn_as_cells_and_a_move_changes_two() {
        use sprague_engine::picture::{Picture, Target};
        let (d, p) = super::super::graph::read_back::<Domineering>("domineering(\"..|..\")");
        let before = d.picture(&p);
        let Picture::Cells { rows, legend } = &before else {
            panic!("{before:?}");
        };
        assert_eq!(rows, &["..", ".."]);
        assert_eq!(legend.len(), Domineering::LEGEND.len());
        // Left places a vertical domino: the two cells of a column.
        let mut opts = Vec::new();
        d.options(&p, sprague_engine::partizan::Side::Left, &mut opts);
        let targets: Vec<Option<Target>> = opts
            .iter()
            .map(|o| Picture::target(&before, &d.picture(o)))
            .collect();
        assert!(
            targets.contains(&Some(Target::Cells(vec![(0, 0), (1, 0)]))),
            "{targets:?}"
        );
        assert!(
            targets.contains(&Some(Target::Cells(vec![(0, 1), (1, 1)]))),
            "{targets:?}"
        );
    }
}
