//! Fission: `fission(".X.|...")`, a board of squares, rows separated by `|`: `X` a
//! stone, `.` an empty square, `#` no square. Left takes a stone whose squares just
//! above and just below are both empty, and splits it into two stones there (the
//! stone's own square becomes empty); Right does the same horizontally, with the
//! squares just left and right of the stone. The player who cannot split a stone
//! loses. These are the rules of CGSuite's `Fission` (Left vertical). Every move adds
//! a stone, so a game on n squares lasts at most n moves. Boards have at most 64
//! squares.
//!
//! A move changes only a stone and the two squares beside it, so the board is the sum
//! of its connected parts (squares sharing sides, `#` separating); each part with a
//! stone is a region, cropped and stored as the least of its four mirror images (the
//! rules are the same upside down and left to right). Also the bit-board helpers of
//! [`super::nogo`].

use super::grid::{flip_cols, flip_rows, ones, transpose};
use super::{Ruleset, args, char_span, no_params};
use crate::expr::{Arg, FamilyTerm, Span};
use crate::partizan::{Rules, Side};

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
    pub fn flood(&self, within: u64, start: usize) -> u64 {
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
    pub fn crop(&self, keep: u64, syms: &[u8]) -> Board {
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
        let used: Vec<usize> = (0..self.rows).filter(|&r| row(keep, r) != 0).collect();
        let (r0, r1) = (used[0], used[used.len() - 1]);
        let span = used.iter().fold(0, |m, &r| m | row(keep, r));
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
            let image = |m: u64| {
                let m = if s & 1 != 0 {
                    flip_rows(rows, cols, m)
                } else {
                    m
                };
                if s & 2 != 0 {
                    flip_cols(rows, cols, m)
                } else {
                    m
                }
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
        let mut rest = p.cells;
        while rest != 0 {
            let part = p.flood(p.cells, rest.trailing_zeros() as usize);
            rest &= !part;
            if part & p.a != 0 {
                out.push(p.crop(part, &[0, 1, 2, 3]));
            }
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
    const NAME: &'static str = "fission";
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

    fn method(&self) -> String {
        format!(
            "Fission (Left splits vertically), from the game tree: each connected part of the board valued once up to mirror images (at most {MAX_SQUARES} squares)"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::partizan::testing::{Plain, shown_value};
    use crate::partizan::{GameTable, TreeValues};

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
        ] {
            let n = rows * cols;
            for code in 0..kinds.pow(n as u32) {
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
                let want = plain.value(&mut t, &Plain(&Fission), &b).unwrap();
                assert_eq!(fast.value(&mut t, &Fission, &b).unwrap(), want, "{b:?}");
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
