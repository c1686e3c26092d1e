//! Boards of at most 64 squares for the rulesets played on grids: a board is a few
//! layers of bits (bit `r * cols + c` for row r, column c), one per kind of square
//! content (Left's stones, Right's stones, open squares, …), and this module holds
//! what those rulesets share: reading and writing boards as rows separated by `|`,
//! the squares next to a square, flood fill, and the normal form of a region
//! (cropped to its bounding box, the least of its symmetric images).

use super::{args, char_span, no_params};
use sprague_expr::{Arg, FamilyTerm, Span};

/// Largest number of squares of a board.
pub const MAX_SQUARES: usize = 64;

/// A board of `rows × cols` squares (at most [`MAX_SQUARES`]) with `K` layers of bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board<const K: usize> {
    /// Number of rows.
    pub rows: u8,
    /// Number of columns.
    pub cols: u8,
    /// The layers, each a set of squares (bit `r * cols + c`).
    pub layers: [u64; K],
}

/// Which images of a region have the same value as the region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Symmetry {
    /// Mirror images left-right and top-bottom (4 images): rules that tell rows
    /// from columns, like Domineering's.
    Mirrors,
    /// The 8 symmetries of the square, transposition included: rules that treat rows
    /// and columns alike.
    Square,
}

/// How squares touch for flood fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Touch {
    /// Orthogonal neighbours (4).
    Orthogonal,
    /// Orthogonal and diagonal neighbours (8), as a queen steps.
    King,
}

/// Every square of a `rows × cols` board.
pub fn full(rows: usize, cols: usize) -> u64 {
    let n = rows * cols;
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The square one step from `i` in direction `(dr, dc)`, if it is on the board.
#[inline]
pub fn step(rows: usize, cols: usize, i: usize, dr: isize, dc: isize) -> Option<usize> {
    let r = (i / cols).checked_add_signed(dr)?;
    let c = (i % cols).checked_add_signed(dc)?;
    (r < rows && c < cols).then_some(r * cols + c)
}

/// The four orthogonal directions.
pub const ORTHOGONAL: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// The eight directions of a queen.
pub(crate) const QUEEN: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The squares next to square `i`.
pub fn neighbours(rows: usize, cols: usize, i: usize, touch: Touch) -> u64 {
    let dirs: &[(isize, isize)] = match touch {
        Touch::Orthogonal => &ORTHOGONAL,
        Touch::King => &QUEEN,
    };
    dirs.iter()
        .filter_map(|&(dr, dc)| step(rows, cols, i, dr, dc))
        .fold(0, |m, j| m | 1 << j)
}

/// The squares of the first column of a `rows × cols` board.
fn first_col(rows: usize, cols: usize) -> u64 {
    (0..rows).fold(0, |m, r| m | 1 << (r * cols))
}

/// `set` moved one step in the orthogonal direction `(dr, dc)` (one of
/// [`ORTHOGONAL`]), as whole-word shifts: squares moved off the board are lost.
#[inline]
pub fn shift(rows: usize, cols: usize, set: u64, dr: isize, dc: isize) -> u64 {
    let c = cols as u32;
    match (dr, dc) {
        (-1, 0) => set.checked_shr(c).unwrap_or(0),
        (1, 0) => set.checked_shl(c).unwrap_or(0) & full(rows, cols),
        (0, -1) => (set & !first_col(rows, cols)) >> 1,
        (0, 1) => (set & !(first_col(rows, cols) << (cols - 1))) << 1,
        _ => unreachable!("an orthogonal direction"),
    }
}

/// The squares sharing a side with a square of `set`.
#[inline]
pub fn spread(rows: usize, cols: usize, set: u64) -> u64 {
    if cols == 0 {
        return 0;
    }
    let first = first_col(rows, cols);
    let last = first << (cols - 1);
    let c = cols as u32;
    (set.checked_shr(c).unwrap_or(0)
        | set.checked_shl(c).unwrap_or(0)
        | (set & !last) << 1
        | (set & !first) >> 1)
        & full(rows, cols)
}

/// The squares touching a square of `set`, also diagonally, and `set` itself.
#[inline]
pub(crate) fn spread_king(rows: usize, cols: usize, set: u64) -> u64 {
    if cols == 0 {
        return 0;
    }
    let row = set | shift(rows, cols, set, 0, -1) | shift(rows, cols, set, 0, 1);
    row | shift(rows, cols, row, -1, 0) | shift(rows, cols, row, 1, 0)
}

/// The squares of `within` connected to its lowest square.
pub(crate) fn flood(rows: usize, cols: usize, within: u64, touch: Touch) -> u64 {
    // Grown a ring at a time, the whole ring in a few word operations.
    let mut region = within & within.wrapping_neg();
    loop {
        let ring = match touch {
            Touch::Orthogonal => spread(rows, cols, region),
            Touch::King => spread_king(rows, cols, region),
        };
        let grown = (region | ring) & within;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The connected parts of `within`, each a set of squares.
pub fn parts(rows: usize, cols: usize, within: u64, touch: Touch) -> Vec<u64> {
    let mut out = Vec::new();
    let mut rest = within;
    while rest != 0 {
        let p = flood(rows, cols, rest, touch);
        rest &= !p;
        out.push(p);
    }
    out
}

impl<const K: usize> Board<K> {
    /// Number of squares.
    pub fn squares(&self) -> usize {
        usize::from(self.rows) * usize::from(self.cols)
    }

    /// Row and column counts as `usize`.
    pub(crate) fn dims(&self) -> (usize, usize) {
        (usize::from(self.rows), usize::from(self.cols))
    }

    /// The part of the board on `region`: every layer restricted to it, cropped to the
    /// region's bounding box, under the least of its images by `sym` (so that equal
    /// regions up to moves and symmetries are one board).
    pub(crate) fn normalise(&self, region: u64, sym: Symmetry) -> Board<K> {
        let (rows, cols) = self.dims();
        if region == 0 || cols == 0 {
            return Board {
                rows: 0,
                cols: 0,
                layers: [0; K],
            };
        }
        // The bounding box, from the rows the region meets and their union.
        let row = |m: u64, r: usize| (m >> (r * cols)) & ones(cols);
        let (mut r0, mut r1, mut span) = (rows, 0, 0u64);
        for r in 0..rows {
            let x = row(region, r);
            if x != 0 {
                r0 = r0.min(r);
                r1 = r;
                span |= x;
            }
        }
        let c0 = span.trailing_zeros() as usize;
        let c1 = 63 - span.leading_zeros() as usize;
        let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
        // Each layer cut to the box, a row at a time.
        let cut = |m: u64| {
            (r0..=r1).fold(0u64, |acc, r| {
                acc | ((row(m & region, r) >> c0) & ones(w)) << ((r - r0) * w)
            })
        };
        let base: [u64; K] = std::array::from_fn(|k| cut(self.layers[k]));
        // The images to try: the four mirror images, and with the square's symmetries
        // the four of the transposed board too, but only those of the least
        // dimensions (boards compare by dimensions first).
        let images = match sym {
            Symmetry::Mirrors => 0..4,
            Symmetry::Square if h < w => 0..4,
            Symmetry::Square if w < h => 4..8,
            Symmetry::Square => 0..8,
        };
        let turned: Option<[u64; K]> =
            (images.end == 8).then(|| std::array::from_fn(|k| transpose(h, w, base[k])));
        let mut best: Option<Board<K>> = None;
        for image in images {
            let (ih, iw, masks) = if image & 4 == 4 {
                (w, h, turned.as_ref().expect("transposed when asked"))
            } else {
                (h, w, &base)
            };
            // Upside down, left to right (upside down after a half turn), a half turn.
            let map = |m: u64| match image & 3 {
                0 => m,
                1 => flip_rows(ih, iw, m),
                2 => flip_rows(ih, iw, half_turn(ih * iw, m)),
                _ => half_turn(ih * iw, m),
            };
            let dims = (ih as u8, iw as u8);
            // Boards compare by dimensions, then layer by layer: an image is only
            // made while it may still be the least.
            let mut layers = [0u64; K];
            let mut less = match &best {
                None => true,
                Some(b) => match dims.cmp(&(b.rows, b.cols)) {
                    std::cmp::Ordering::Less => true,
                    std::cmp::Ordering::Greater => continue,
                    std::cmp::Ordering::Equal => false,
                },
            };
            let mut worse = false;
            for k in 0..K {
                layers[k] = map(masks[k]);
                if !less && let Some(b) = &best {
                    match layers[k].cmp(&b.layers[k]) {
                        std::cmp::Ordering::Less => less = true,
                        std::cmp::Ordering::Greater => {
                            worse = true;
                            break;
                        }
                        std::cmp::Ordering::Equal => {}
                    }
                }
            }
            if less && !worse {
                best = Some(Board {
                    rows: dims.0,
                    cols: dims.1,
                    layers,
                });
            }
        }
        best.expect("at least one image")
    }
}

/// The lowest `n` bits.
pub(super) fn ones(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// `m` on an `h × w` board upside down.
pub(super) fn flip_rows(h: usize, w: usize, m: u64) -> u64 {
    (0..h).fold(0, |acc, r| {
        acc | ((m >> (r * w)) & ones(w)) << ((h - 1 - r) * w)
    })
}

/// `m` on a board of `n` squares (1 to 64) turned half a turn: square `i` goes to
/// `n − 1 − i` (upside down and left to right at once).
#[inline]
pub(super) fn half_turn(n: usize, m: u64) -> u64 {
    m.reverse_bits() >> (64 - n)
}

/// `m` on an `h × w` board left to right (the tests' definition of the image).
#[cfg(test)]
pub(super) fn flip_cols(h: usize, w: usize, m: u64) -> u64 {
    (0..h).fold(0, |acc, r| {
        let x = (m >> (r * w)) & ones(w);
        acc | (x.reverse_bits() >> (64 - w)) << (r * w)
    })
}

/// `m` on an `h × w` board transposed (a `w × h` board).
pub(super) fn transpose(h: usize, w: usize, m: u64) -> u64 {
    let mut out = 0;
    let mut bits = m;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        out |= 1 << ((i % w) * h + i / w);
    }
    out
}

/// Reads a board written as rows separated by `|`, every row of the same length, at
/// most [`MAX_SQUARES`] squares; `square` maps a character to the layers it sets (a
/// bit mask over the layers: 0 for a square in no layer), or `None` for a character
/// that is not a square. On error, the character index and what is wrong (`what` says
/// which characters are squares).
pub fn parse<const K: usize>(
    s: &str,
    square: impl Fn(char) -> Option<u8>,
    what: &str,
) -> Result<Board<K>, (usize, String)> {
    let rows: Vec<&str> = s.split('|').collect();
    let cols = rows[0].chars().count();
    if rows.len().saturating_mul(cols) > MAX_SQUARES {
        return Err((0, format!("a board has at most {MAX_SQUARES} squares")));
    }
    if cols == 0 {
        return Err((0, "a board needs at least one square in each row".into()));
    }
    let mut layers = [0u64; K];
    let mut at = 0;
    for (r, row) in rows.iter().enumerate() {
        let n = row.chars().count();
        if n != cols {
            return Err((
                at + n.min(cols),
                format!(
                    "every row needs the same number of squares (row 1 has {cols}, row {} has {n})",
                    r + 1
                ),
            ));
        }
        for (c, ch) in row.chars().enumerate() {
            let Some(set) = square(ch) else {
                return Err((at + c, what.to_string()));
            };
            for (k, layer) in layers.iter_mut().enumerate() {
                if set >> k & 1 == 1 {
                    *layer |= 1 << (r * cols + c);
                }
            }
        }
        at += n + 1;
    }
    Ok(Board {
        rows: rows.len() as u8,
        cols: cols as u8,
        layers,
    })
}

/// Writes a board as rows separated by `|`, each square the character `show` gives
/// for the set of layers holding it (bit k for layer k).
pub fn show<const K: usize>(b: &Board<K>, show: impl Fn(u8) -> char) -> String {
    let (rows, cols) = b.dims();
    let mut out = String::with_capacity(rows * (cols + 1));
    for r in 0..rows {
        if r > 0 {
            out.push('|');
        }
        for c in 0..cols {
            let i = r * cols + c;
            let set = (0..K).fold(0u8, |s, k| s | (((b.layers[k] >> i) & 1) as u8) << k);
            out.push(show(set));
        }
    }
    out
}

/// Reads the position of a ruleset written as one board in quotes, `NAME("…")`, with
/// no parameters, by `parse`; on error, where and what is wrong (`usage` when the
/// arguments are not one string).
pub(crate) fn read_board<const K: usize>(
    f: &FamilyTerm,
    usage: &str,
    parse: impl Fn(&str) -> Result<Board<K>, (usize, String)>,
) -> Result<Board<K>, (Span, String)> {
    no_params(f)?;
    match args(f, usage)? {
        [Arg::Str(s, span)] => parse(s).map_err(|(i, m)| (char_span(*span, s, i), m)),
        [a, ..] => Err((a.span(), usage.to_string())),
        [] => Err((f.span, usage.to_string())),
    }
}

/// What the tests of the board rulesets share: every board of a size, and the check
/// of a ruleset's regions and symmetries against its plain game tree.
#[cfg(test)]
pub(crate) mod testing {
    use super::Board;
    use crate::partizan::testing::Plain;
    use sprague_engine::partizan::{GameTable, Rules, TreeValues};

    /// Every `rows × cols` board whose squares each hold one of `kinds` (a set of
    /// layers, bit k for layer k).
    pub fn boards<const K: usize>(rows: u8, cols: u8, kinds: &[u8]) -> Vec<Board<K>> {
        let n = u32::from(rows) * u32::from(cols);
        let base = kinds.len() as u64;
        (0..base.pow(n))
            .map(|mut code| {
                let mut layers = [0u64; K];
                for i in 0..n {
                    let set = kinds[(code % base) as usize];
                    code /= base;
                    for (k, layer) in layers.iter_mut().enumerate() {
                        if set >> k & 1 == 1 {
                            *layer |= 1 << i;
                        }
                    }
                }
                Board { rows, cols, layers }
            })
            .collect()
    }

    /// Asserts that `rules` values every board of `boards` as its plain game tree
    /// does (the same moves, no regions or symmetries).
    pub(crate) fn agree_with_plain_tree<R: Rules<Position = Board<K>>, const K: usize>(
        rules: &R,
        boards: &[Board<K>],
    ) {
        let mut t = GameTable::with_limit(100_000_000);
        let mut fast = TreeValues::new();
        let mut plain = TreeValues::new();
        for b in boards {
            let want = plain.value(&mut t, &Plain(rules), b).unwrap();
            assert_eq!(fast.value(&mut t, rules, b).unwrap(), want, "{b:?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Board<2> {
        parse(
            s,
            |c| match c {
                '.' => Some(0),
                'X' => Some(1),
                'O' => Some(2),
                _ => None,
            },
            "X, O or .",
        )
        .unwrap()
    }

    fn write(b: &Board<2>) -> String {
        show(b, |s| match s {
            1 => 'X',
            2 => 'O',
            _ => '.',
        })
    }

    /// The normal form square by square: every image of every layer built a square
    /// at a time, the least kept (the definition the fast one must meet).
    fn normalise_by_squares(b: &Board<2>, region: u64, images: usize) -> Board<2> {
        let cols = usize::from(b.cols);
        let sq: Vec<usize> = (0..64).filter(|i| region >> i & 1 == 1).collect();
        let r0 = sq.iter().map(|i| i / cols).min().unwrap();
        let r1 = sq.iter().map(|i| i / cols).max().unwrap();
        let c0 = sq.iter().map(|i| i % cols).min().unwrap();
        let c1 = sq.iter().map(|i| i % cols).max().unwrap();
        let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
        (0..images)
            .map(|image| {
                let (ih, iw) = if image & 4 == 4 { (w, h) } else { (h, w) };
                let mut layers = [0u64; 2];
                for (k, layer) in layers.iter_mut().enumerate() {
                    for &i in sq.iter().filter(|&&i| b.layers[k] >> i & 1 == 1) {
                        let (mut r, mut c) = (i / cols - r0, i % cols - c0);
                        if image & 4 == 4 {
                            (r, c) = (c, r);
                        }
                        if image & 1 == 1 {
                            r = ih - 1 - r;
                        }
                        if image & 2 == 2 {
                            c = iw - 1 - c;
                        }
                        *layer |= 1 << (r * iw + c);
                    }
                }
                Board {
                    rows: ih as u8,
                    cols: iw as u8,
                    layers,
                }
            })
            .min()
            .unwrap()
    }

    #[test]
    fn word_operations_equal_the_square_by_square_definitions() {
        // Pseudo-random boards of every shape up to 8 × 8 (and 1 × 64, 64 × 1).
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut shapes: Vec<(usize, usize)> =
            (1..=8).flat_map(|r| (1..=8).map(move |c| (r, c))).collect();
        shapes.extend([(1, 64), (64, 1), (2, 32)]);
        for (rows, cols) in shapes {
            let all = full(rows, cols);
            for _ in 0..40 {
                let (a, o, within) = (next() & all, next() & all, (next() | next()) & all);
                let b = Board {
                    rows: rows as u8,
                    cols: cols as u8,
                    layers: [a & !o, o & !a],
                };
                // Shifts and spread against single steps.
                for &(dr, dc) in &ORTHOGONAL {
                    let want = (0..rows * cols)
                        .filter(|&i| within >> i & 1 == 1)
                        .filter_map(|i| step(rows, cols, i, dr, dc))
                        .fold(0, |m, j| m | 1 << j);
                    assert_eq!(shift(rows, cols, within, dr, dc), want, "{rows}×{cols}");
                }
                // A half turn is both flips; the king's spread against its neighbours.
                assert_eq!(
                    half_turn(rows * cols, within),
                    flip_cols(rows, cols, flip_rows(rows, cols, within)),
                    "{rows}×{cols}"
                );
                let king = (0..rows * cols)
                    .filter(|&i| within >> i & 1 == 1)
                    .fold(within, |m, i| m | neighbours(rows, cols, i, Touch::King));
                assert_eq!(spread_king(rows, cols, within), king, "{rows}×{cols}");
                let near = (0..rows * cols)
                    .filter(|&i| within >> i & 1 == 1)
                    .fold(0, |m, i| m | neighbours(rows, cols, i, Touch::Orthogonal));
                assert_eq!(spread(rows, cols, within), near);
                // Flood fill against a search square by square.
                if within == 0 {
                    continue;
                }
                let mut want = within & within.wrapping_neg();
                loop {
                    let grown = (0..rows * cols)
                        .filter(|&i| want >> i & 1 == 1)
                        .fold(want, |m, i| {
                            m | neighbours(rows, cols, i, Touch::Orthogonal)
                        })
                        & within;
                    if grown == want {
                        break;
                    }
                    want = grown;
                }
                let part = flood(rows, cols, within, Touch::Orthogonal);
                assert_eq!(part, want);
                // The normal form, both symmetry groups.
                for (sym, images) in [(Symmetry::Mirrors, 4), (Symmetry::Square, 8)] {
                    assert_eq!(
                        b.normalise(part, sym),
                        normalise_by_squares(&b, part, images),
                        "{rows}×{cols} {part:x}"
                    );
                }
            }
        }
    }

    #[test]
    fn boards_read_back() {
        for s in ["XO.|.OX", "X", "..|..|XO", "XOXOXOXO"] {
            assert_eq!(write(&read(s)), s);
        }
        let e = parse::<1>("..|.", |_| Some(0), "").unwrap_err();
        assert_eq!(e.0, 4);
        let e = parse::<1>("..|.a", |c| (c == '.').then_some(0), "bad").unwrap_err();
        assert_eq!(e, (4, "bad".to_string()));
        assert!(parse::<1>(&".".repeat(65), |_| Some(0), "").is_err());
        assert!(parse::<1>("", |_| Some(0), "").is_err());
    }

    #[test]
    fn flood_fill_and_parts() {
        // X at 0, O at 1 and 4 (row 1, column 1): orthogonally, 4 touches 1.
        let b = read("XO.|.O.");
        let stones = b.layers[0] | b.layers[1];
        assert_eq!(parts(2, 3, stones, Touch::Orthogonal), vec![0b10011]);
        // Diagonal neighbours join under king moves only.
        assert_eq!(parts(2, 2, 0b1001, Touch::Orthogonal).len(), 2);
        assert_eq!(parts(2, 2, 0b1001, Touch::King).len(), 1);
    }

    #[test]
    fn images_share_one_normal_form() {
        let stones = |b: &Board<2>| b.layers[0] | b.layers[1];
        let a = read("XO.|..O|...");
        let n = a.normalise(stones(&a), Symmetry::Square);
        // Its transpose, its mirror images and a shifted copy give the same board.
        for s in [
            "X..|O..|.O.",
            ".OX|O..|...",
            "...|...|XO.|..O",
            "....|.XO.|...O",
        ] {
            let b = read(s);
            assert_eq!(b.normalise(stones(&b), Symmetry::Square), n, "{s}");
        }
        // Mirrors keep rows as rows: the transpose is another board then.
        let t = read("X..|O..|.O.");
        assert_ne!(
            t.normalise(stones(&t), Symmetry::Mirrors),
            a.normalise(stones(&a), Symmetry::Mirrors)
        );
        assert_eq!((n.rows, n.cols), (2, 3));
    }
}
