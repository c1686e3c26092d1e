//! Fission: `fission(".X.|...")`, a board of squares, rows separated by `|`: `X` a
//! stone, `.` an empty square, `#` no square. Left takes a stone whose squares just
//! above and just below are both empty, and splits it into two stones there (the
//! stone's own square becomes empty); Right does the same horizontally, with the
//! squares just left and right of the stone. The player who cannot split a stone
//! loses. These are the rules of CGSuite's `Fission` (Left vertical). Every move adds
//! a stone, so a game on n squares lasts at most n moves. Boards have at most 64
//! squares.
//!
//! A move changes only a stone and the two squares beside it, so the board falls apart
//! into regions:
//!
//! - A stone is *dead* when, in each direction, one of the squares beside it is
//!   missing or a dead stone: it never moves, and no move ever empties its square, so
//!   it is the same as a missing square (a 2 × 2 block of stones, a stone in a
//!   corner).
//! - A square is *reachable* when it may ever hold a stone: a live stone, or a square
//!   beside a reachable square that has, in the same line, squares on both sides that
//!   are there and not dead (so a stone there might split onto it). A reachable square
//!   with such squares above and below is *linked* to them (a vertical split there
//!   reads and changes those three squares), and likewise sideways.
//! - Every move reads and changes only squares linked to one another, so the board is
//!   the sum of the parts of its squares connected by links (the squares in no link
//!   never matter). When Right can never split, for one, each column is a region.
//!
//! Each part is a region, cropped and stored as the least of its four mirror images
//! (the rules are the same upside down and left to right); its negative is its
//! transpose (the players' directions swapped). Left can make at most as many moves in
//! a row as the sum, over the columns' runs of squares (split at missing squares and
//! dead stones), of the longest run of splits on that line alone, and Right likewise on
//! the rows: exact for lines of up to [`EXACT_LINE`] squares, `empty − 1` beyond (the
//! last split leaves its square empty). Also the bit-board helpers of
//! [`super::nogo`].

use super::grid::{flip_rows, half_turn, ones, shift, transpose};
use super::{Ruleset, args, char_span, no_params};
use sprague_engine::partizan::{Rules, Side};
use sprague_expr::{Arg, FamilyTerm, Span};

/// Largest number of squares of a board.
pub const MAX_SQUARES: usize = 64;

/// A board of at most 64 squares with two kinds of marks (Fission: stones; NoGo: black
/// and white stones), bit `r * cols + c` for row r, column c.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Board {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Squares that are there (not `#`).
    pub cells: u64,
    /// Squares of the first mark (Fission's stones, NoGo's black stones).
    pub a: u64,
    /// Squares of the second mark (NoGo's white stones; none in Fission).
    pub b: u64,
}

fn bit(i: usize) -> u64 {
    1u64 << i
}

/// A full-avalanche mix of a word (the finaliser of SplitMix64), so that boards that
/// differ only in their high squares do not crowd one corner of the memo's table.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let shape = (self.rows as u64) << 8 | self.cols as u64;
        h.write_u64(mix(self.a ^ mix(self.b ^ mix(self.cells ^ mix(shape)))));
    }
}

impl Board {
    /// Reads rows separated by `|`, each character mapped by `mark` to 0 (empty), 1
    /// (first mark), 2 (second mark), 3 (no square), or `None` (not allowed). On error,
    /// the character index and what is wrong (`what` names the allowed characters).
    pub fn parse(
        s: &str,
        mark: impl Fn(char) -> Option<u8>,
        what: &'static str,
    ) -> Result<Board, (usize, &'static str)> {
        let rows: Vec<&str> = s.split('|').collect();
        let cols = rows[0].chars().count();
        if rows.len().saturating_mul(cols) > MAX_SQUARES {
            return Err((0, "a board has at most 64 squares"));
        }
        let mut b = Board {
            rows: rows.len(),
            cols,
            cells: 0,
            a: 0,
            b: 0,
        };
        let mut at = 0;
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != cols {
                return Err((at, "every row needs the same number of squares"));
            }
            for (c, ch) in row.chars().enumerate() {
                let i = r * cols + c;
                match mark(ch) {
                    Some(0) => b.cells |= bit(i),
                    Some(1) => {
                        b.cells |= bit(i);
                        b.a |= bit(i);
                    }
                    Some(2) => {
                        b.cells |= bit(i);
                        b.b |= bit(i);
                    }
                    Some(_) => {}
                    None => return Err((at + c, what)),
                }
            }
            at += cols + 1;
        }
        Ok(b)
    }

    /// The rows joined by `|`, each square written by `ch(empty, a, b, none)`.
    pub fn text(&self, ch: [char; 4]) -> String {
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| {
                        let i = bit(r * self.cols + c);
                        if self.cells & i == 0 {
                            ch[3]
                        } else if self.a & i != 0 {
                            ch[1]
                        } else if self.b & i != 0 {
                            ch[2]
                        } else {
                            ch[0]
                        }
                    })
                    .collect()
            })
            .collect();
        rows.join("|")
    }

    /// The empty squares.
    pub fn empty(&self) -> u64 {
        self.cells & !self.a & !self.b
    }

    /// The squares sharing a side with square `i` (present or not).
    pub fn near(&self, i: usize) -> u64 {
        self.spread(bit(i))
    }

    /// Every square of the rectangle.
    fn all(&self) -> u64 {
        ones(self.rows * self.cols)
    }

    /// The squares of the first column.
    fn first_col(&self) -> u64 {
        (0..self.rows).fold(0, |m, r| m | bit(r * self.cols))
    }

    /// The squares sharing a side with some square of `set` (shifts of whole rows and
    /// columns: a few word operations).
    pub fn spread(&self, set: u64) -> u64 {
        if self.cols == 0 {
            return 0;
        }
        let first = self.first_col();
        let last = first << (self.cols - 1);
        let (up, down) = if self.cols < 64 {
            (set >> self.cols, set << self.cols)
        } else {
            (0, 0)
        };
        (up | down | ((set & !last) << 1) | ((set & !first) >> 1)) & self.all()
    }

    /// The squares of `within` connected to square `start` through squares of
    /// `within`.
    pub(crate) fn flood(&self, within: u64, start: usize) -> u64 {
        let mut region = bit(start) & within;
        loop {
            let grown = (region | self.spread(region)) & within;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The squares of `keep` only (the rest not there), cropped to their bounding box,
    /// under the least of the images by the symmetries `syms` (indices 0..8: bit 0
    /// flips rows, bit 1 flips columns, bit 2 transposes).
    pub(crate) fn crop(&self, keep: u64, syms: &[u8]) -> Board {
        let empty = Board {
            rows: 0,
            cols: 0,
            cells: 0,
            a: 0,
            b: 0,
        };
        if keep == 0 || self.cols == 0 {
            return empty;
        }
        let row = |m: u64, r: usize| (m >> (r * self.cols)) & ones(self.cols);
        let (mut r0, mut r1, mut span) = (usize::MAX, 0, 0);
        for r in 0..self.rows {
            let x = row(keep, r);
            if x != 0 {
                r0 = r0.min(r);
                r1 = r;
                span |= x;
            }
        }
        let c0 = span.trailing_zeros() as usize;
        let c1 = 63 - span.leading_zeros() as usize;
        let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
        let cut = |m: u64| {
            (r0..=r1).fold(0u64, |acc, r| {
                acc | ((row(m & keep, r) >> c0) & ones(w)) << ((r - r0) * w)
            })
        };
        let base = [cut(self.cells), cut(self.a), cut(self.b)];
        let turned = if syms.iter().any(|&s| s & 4 != 0) {
            Some(base.map(|m| transpose(h, w, m)))
        } else {
            None
        };
        let mut best: Option<Board> = None;
        for &s in syms {
            let (rows, cols, masks) = if s & 4 != 0 {
                (w, h, turned.expect("transposed when asked"))
            } else {
                (h, w, base)
            };
            let image = |m: u64| match s & 3 {
                0 => m,
                1 => flip_rows(rows, cols, m),
                2 => flip_rows(rows, cols, half_turn(rows * cols, m)),
                _ => half_turn(rows * cols, m),
            };
            // Compared field by field, each image made only while it may be the least.
            let mut img = Board {
                rows,
                cols,
                cells: image(masks[0]),
                a: 0,
                b: 0,
            };
            if best
                .as_ref()
                .is_some_and(|b| (img.rows, img.cols, img.cells) > (b.rows, b.cols, b.cells))
            {
                continue;
            }
            img.a = image(masks[1]);
            img.b = image(masks[2]);
            if best.as_ref().is_none_or(|b| img < *b) {
                best = Some(img);
            }
        }
        best.unwrap_or(empty)
    }
}

/// Fission's rules (no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fission;

/// Longest line (run of squares in a row or column) whose longest run of splits is
/// computed exactly by [`line_run`]; longer lines are bounded by their empty squares.
pub const EXACT_LINE: usize = 16;

thread_local! {
    /// The longest runs of splits on lines of up to [`EXACT_LINE`] squares, by
    /// (length, stones): at most 2^17 entries.
    static LINE_RUNS: std::cell::RefCell<rustc_hash::FxHashMap<(u8, u32), u8>> =
        Default::default();
}

/// The longest run of splits one player can make on a line of `len` squares (at most
/// [`EXACT_LINE`]) with stones at the bits of `stones`, the line's ends closed: a
/// stone with empty squares on both sides becomes two stones there.
fn line_run(len: usize, stones: u32) -> u32 {
    debug_assert!(len <= EXACT_LINE);
    if let Some(r) = LINE_RUNS.with(|m| m.borrow().get(&(len as u8, stones)).copied()) {
        return u32::from(r);
    }
    let all = (1u32 << len) - 1;
    let empty = all & !stones;
    // Stones with empty squares on both sides (the ends have no square beyond).
    let movable = stones & (empty << 1) & (empty >> 1);
    let mut best = 0;
    let mut m = movable;
    while m != 0 {
        let i = m.trailing_zeros();
        m &= m - 1;
        let next = (stones & !(1 << i)) | (1 << (i - 1)) | (1 << (i + 1));
        best = best.max(1 + line_run(len, next));
    }
    LINE_RUNS.with(|m| m.borrow_mut().insert((len as u8, stones), best as u8));
    best
}

/// An upper bound on the longest run of splits on the lines of `open` squares (the
/// squares there and not dead) of a board, the lines cut by `len` squares starting at
/// `starts` with `step` between squares: exact per line of up to [`EXACT_LINE`]
/// squares.
fn lines_run(
    open: u64,
    stones: u64,
    starts: impl Iterator<Item = usize>,
    len: usize,
    step: usize,
) -> u32 {
    let mut total = 0u32;
    for start in starts {
        // Runs of open squares along the line.
        let mut seg_len = 0usize;
        let mut seg_stones = 0u64;
        let mut seg_empty = 0u32;
        let mut flush = |seg_len: &mut usize, seg_stones: &mut u64, seg_empty: &mut u32| {
            if *seg_stones != 0 && *seg_empty >= 2 {
                total += if *seg_len <= EXACT_LINE {
                    line_run(*seg_len, *seg_stones as u32)
                } else {
                    *seg_empty - 1
                };
            }
            *seg_len = 0;
            *seg_stones = 0;
            *seg_empty = 0;
        };
        for k in 0..len {
            let i = start + k * step;
            if open >> i & 1 == 0 {
                flush(&mut seg_len, &mut seg_stones, &mut seg_empty);
                continue;
            }
            if stones >> i & 1 == 1 {
                seg_stones |= 1 << seg_len;
            } else {
                seg_empty += 1;
            }
            seg_len += 1;
        }
        flush(&mut seg_len, &mut seg_stones, &mut seg_empty);
    }
    total
}

impl Fission {
    /// The dead stones of `p` (see the module's comment): the largest set of stones each
    /// of which has, in each direction, a side square missing or in the set.
    pub fn dead(p: &Board) -> u64 {
        let (rows, cols) = (p.rows, p.cols);
        if rows == 0 || cols == 0 {
            return 0;
        }
        let mut dead = p.a;
        loop {
            let open = p.cells & !dead;
            // Squares whose squares above and below (left and right) are open.
            let vert = shift(rows, cols, open, 1, 0) & shift(rows, cols, open, -1, 0);
            let horiz = shift(rows, cols, open, 0, 1) & shift(rows, cols, open, 0, -1);
            let alive = dead & (vert | horiz);
            if alive == 0 {
                return dead;
            }
            dead &= !alive;
        }
    }

    /// The squares where a stone may ever split vertically and horizontally (see the
    /// module's comment): reachable squares whose squares above and below (left and
    /// right) are there and not dead.
    fn splitters(p: &Board) -> [u64; 2] {
        let (rows, cols) = (p.rows, p.cols);
        let open = p.cells & !Fission::dead(p);
        let vert = open & shift(rows, cols, open, 1, 0) & shift(rows, cols, open, -1, 0);
        let horiz = open & shift(rows, cols, open, 0, 1) & shift(rows, cols, open, 0, -1);
        let mut reach = p.a & open;
        loop {
            let (v, h) = (reach & vert, reach & horiz);
            let grown = reach
                | shift(rows, cols, v, -1, 0)
                | shift(rows, cols, v, 1, 0)
                | shift(rows, cols, h, 0, -1)
                | shift(rows, cols, h, 0, 1);
            if grown == reach {
                return [v, h];
            }
            reach = grown;
        }
    }

    /// The squares linked to `start` by possible splits: a square where a stone may
    /// split vertically (`v`) is linked to the squares above and below it, one where
    /// it may split horizontally (`h`) to those beside it.
    fn linked(p: &Board, [v, h]: [u64; 2], start: u64) -> u64 {
        let (rows, cols) = (p.rows, p.cols);
        let mut part = start;
        loop {
            let (pv, ph) = (part & v, part & h);
            let grown = part
                | shift(rows, cols, pv, -1, 0)
                | shift(rows, cols, pv, 1, 0)
                | shift(rows, cols, ph, 0, -1)
                | shift(rows, cols, ph, 0, 1)
                | v & (shift(rows, cols, part, -1, 0) | shift(rows, cols, part, 1, 0))
                | h & (shift(rows, cols, part, 0, -1) | shift(rows, cols, part, 0, 1));
            if grown == part {
                return part;
            }
            part = grown;
        }
    }
}

impl Rules for Fission {
    type Position = Board;

    fn options(&self, p: &Board, side: Side, out: &mut Vec<Board>) {
        let empty = p.empty();
        let mut stones = p.a;
        while stones != 0 {
            let i = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            let (r, c) = (i / p.cols, i % p.cols);
            let pair = match side {
                Side::Left if r > 0 && r + 1 < p.rows => bit(i - p.cols) | bit(i + p.cols),
                Side::Right if c > 0 && c + 1 < p.cols => bit(i - 1) | bit(i + 1),
                _ => continue,
            };
            if empty & pair == pair {
                out.push(Board {
                    a: (p.a & !bit(i)) | pair,
                    ..p.clone()
                });
            }
        }
    }

    fn regions(&self, p: &Board, out: &mut Vec<Board>) {
        if p.rows == 0 || p.cols == 0 {
            return;
        }
        let links = Fission::splitters(p);
        let mut rest = links[0] | links[1];
        while rest != 0 {
            let part = Fission::linked(p, links, rest & rest.wrapping_neg());
            rest &= !part;
            out.push(p.crop(part, &[0, 1, 2, 3]));
        }
    }
}

/// The characters of a Fission board.
fn fission_mark(ch: char) -> Option<u8> {
    match ch {
        '.' => Some(0),
        'X' | 'x' => Some(1),
        '#' => Some(3),
        _ => None,
    }
}

impl Ruleset for Fission {
    const RULES: &'static str = "Fission: Left splits a stone into two on the squares above and below it, Right into the squares left and right of it; both must be empty. Whoever cannot move loses.";
    const EXAMPLE: &'static str = "fission(\"...|.X.|...\")";
    const NAME: &'static str = "fission";
    const LEGEND: &'static [(char, &'static str)] =
        &[('.', "empty"), ('X', "stone"), ('#', "no square")];
    const USAGE: &'static str = "fission takes a board: fission(\".X.|...\") (rows separated by |, X a stone, . empty, # no square), at most 64 squares; Left splits a stone vertically, Right horizontally";

    fn read(f: &FamilyTerm) -> Result<(Fission, Board), (Span, String)> {
        no_params(f)?;
        let usage = Self::USAGE;
        match args(f, usage)? {
            [Arg::Str(s, span)] => Board::parse(
                s,
                fission_mark,
                "a square is 'X' (a stone), '.' (empty) or '#' (no square)",
            )
            .map(|b| (Fission, b))
            .map_err(|(i, m)| (char_span(*span, s, i), m.to_string())),
            [a, ..] => Err((a.span(), usage.to_string())),
            [] => Err((f.span, usage.to_string())),
        }
    }

    fn show(&self, p: &Board) -> String {
        format!("fission(\"{}\")", p.text(['.', 'X', 'X', '#']))
    }

    /// The transposed board: Left's vertical splits become Right's horizontal ones.
    fn negative(&self, p: &Board) -> Option<Board> {
        Some(Board {
            rows: p.cols,
            cols: p.rows,
            cells: transpose(p.rows, p.cols, p.cells),
            a: transpose(p.rows, p.cols, p.a),
            b: 0,
        })
    }

    /// Left splits only vertically, so its longest run is the sum of the columns'
    /// longest runs (each column's runs of squares there and not dead on their own);
    /// Right's likewise by rows.
    fn run_bounds(&self, p: &Board) -> Option<[u32; 2]> {
        let (rows, cols) = (p.rows, p.cols);
        if rows == 0 || cols == 0 {
            return Some([0, 0]);
        }
        let open = p.cells & !Fission::dead(p);
        let left = lines_run(open, p.a, 0..cols, rows, cols);
        let right = lines_run(open, p.a, (0..rows).map(|r| r * cols), cols, 1);
        Some([left, right])
    }

    fn method(&self) -> String {
        format!(
            "Fission (Left splits vertically), from the game tree: dead stones dropped, each part of the squares linked by possible splits valued once up to mirror images (at most {MAX_SQUARES} squares)"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::testing::{Plain, shown_value};
    use sprague_engine::partizan::{GameTable, TreeValues};

    fn board(s: &str) -> Board {
        Board::parse(s, fission_mark, "bad").unwrap()
    }

    fn value(s: &str) -> String {
        shown_value(&Fission, &board(s))
    }

    #[test]
    fn values_by_hand() {
        // From the rules, by hand. A stone between two empty squares in a column:
        // Left's split leaves stones at the ends with no move: {0|} = 1.
        assert_eq!(value(".|X|."), "1");
        assert_eq!(value(".X."), "-1");
        // The centre of a 3 × 3 board: Left splits to the middles of the top and
        // bottom rows, each then one Right move (and no more): -2; Right's split
        // likewise leaves 2: {-2|2} = 0.
        assert_eq!(value("...|.X.|..."), "0");
        // A plus shape: either player may split the centre stone, and the two new
        // stones have no squares beside them: {0|0} = *.
        assert_eq!(value("#.#|.X.|#.#"), "*");
        // No room: 0.
        assert_eq!(value("X"), "0");
        // Separate parts add: 1 + 1.
        assert_eq!(value(".#.|X#X|.#."), "2");
    }

    #[test]
    fn regions_and_mirrors_equal_the_plain_tree() {
        // Every board of up to 2 × 4, 4 × 2 and 3 × 3 squares, each square a stone,
        // empty or not there (3 × 3: stones and empty squares only).
        let mut t = GameTable::with_limit(50_000_000);
        let mut fast = TreeValues::new();
        let mut plain = TreeValues::new();
        for (rows, cols, kinds) in [
            (1, 4, 3usize),
            (2, 3, 3),
            (3, 2, 3),
            (2, 4, 3),
            (4, 2, 3),
            (3, 3, 2),
            (3, 4, 2),
            (4, 3, 2),
        ] {
            for b in boards(rows, cols, kinds) {
                let want = plain.value(&mut t, &Plain(&Fission), &b).unwrap();
                assert_eq!(fast.value(&mut t, &Fission, &b).unwrap(), want, "{b:?}");
            }
        }
    }

    /// Every board of `rows × cols` squares, each a stone, empty or (with `kinds` 3)
    /// not there.
    fn boards(rows: usize, cols: usize, kinds: usize) -> Vec<Board> {
        let n = rows * cols;
        (0..kinds.pow(n as u32))
            .map(|code| {
                let mut c = code;
                let mut b = Board {
                    rows,
                    cols,
                    cells: 0,
                    a: 0,
                    b: 0,
                };
                for i in 0..n {
                    match c % kinds {
                        0 => b.cells |= bit(i),
                        1 => {
                            b.cells |= bit(i);
                            b.a |= bit(i);
                        }
                        _ => {}
                    }
                    c /= kinds;
                }
                b
            })
            .collect()
    }

    /// `side`'s longest run of moves from `p`, the opponent never moving, by the rules.
    fn longest_run(p: &Board, side: Side) -> u32 {
        let mut out = Vec::new();
        Fission.options(p, side, &mut out);
        out.iter()
            .map(|q| 1 + longest_run(q, side))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn run_bounds_are_the_longest_runs() {
        // On lines of up to 16 squares the bounds are exact: equal to the longest runs
        // by the rules on every small board.
        for (rows, cols, kinds) in [(1, 7, 3), (2, 4, 3), (3, 3, 3), (4, 3, 2), (3, 5, 2)] {
            for b in boards(rows, cols, kinds) {
                let [l, r] = Fission.run_bounds(&b).unwrap();
                assert_eq!(l, longest_run(&b, Side::Left), "{b:?}");
                assert_eq!(r, longest_run(&b, Side::Right), "{b:?}");
            }
        }
        // Beyond 16 squares a line is bounded by its empty squares less one: a lone
        // stone in a row of 20 splits 19 − 1 = 18 times at most (it marches to one end:
        // 10 moves from the middle of a row of 20, by the rules).
        let row = board(&format!("{}X{}", ".".repeat(9), ".".repeat(10)));
        assert_eq!(longest_run(&row, Side::Right), 10);
        assert_eq!(Fission.run_bounds(&row), Some([0, 18]));
    }

    #[test]
    fn dead_stones_by_hand() {
        // A 2 × 2 block of stones never moves (each stone waits on another of the
        // block); a stone in a corner has no square beyond it either way.
        let b = board("XX.|XX.|...");
        assert_eq!(Fission::dead(&b), b.a);
        let b = board("X..|...|...");
        assert_eq!(Fission::dead(&b), b.a);
        // The centre stone of a 3 × 3 board moves.
        assert_eq!(Fission::dead(&board("...|.X.|...")), 0);
        // Dead stones split the board: two plus shapes joined by a dead block.
        let mut parts = Vec::new();
        Fission.regions(&board("#.#XX#.#|.X.XX.X.|#.#XX#.#"), &mut parts);
        assert_eq!(parts, vec![board("#.#|.X.|#.#"); 2]);
        // The empty squares no stone can reach go: a stone splitting sideways only.
        parts.clear();
        Fission.regions(&board(".X.|...|..."), &mut parts);
        assert_eq!(parts, vec![board(".X.")]);
        // Right can never split here (no stone ever has squares on both sides), so each
        // column is a region of its own: 1 + 1 = 2.
        parts.clear();
        Fission.regions(&board("...|X.X|..."), &mut parts);
        assert_eq!(parts, vec![board(".|X|."); 2]);
        assert_eq!(value("...|X.X|..."), "2");
    }

    #[test]
    fn negatives_cancel() {
        // G + (−G) = 0 for every small board: the negative is the transpose.
        let mut t = GameTable::with_limit(50_000_000);
        let mut v = TreeValues::new();
        for (rows, cols, kinds) in [(2, 3, 3), (3, 3, 2)] {
            for b in boards(rows, cols, kinds) {
                let g = v.value(&mut t, &Fission, &b).unwrap();
                let n = Fission.negative(&b).unwrap();
                let h = v.value(&mut t, &Fission, &n).unwrap();
                let sum = t.add(g, h).unwrap();
                assert_eq!(sum, sprague_engine::partizan::Game::ZERO, "{b:?}");
            }
        }
    }

    #[test]
    fn boards_read_back() {
        let b = board("..X|.#.|X..");
        let text = Fission.show(&b);
        assert_eq!(text, "fission(\"..X|.#.|X..\")");
        assert_eq!(super::super::graph::read_back::<Fission>(&text).1, b);
    }
}
