//! Rulesets whose small regions can be stored in a database of values
//! ([`crate::db`]): a region as a key of 128 bits, and every region of a
//! ruleset up to a size, enumerated once each in the normal form the search meets it.
//!
//! A key packs a board of at most 112 bits of layers: the rows in bits 120–127, the
//! columns in bits 112–119, and layer `k` (bit `r * cols + c` of it) at bit
//! `k * rows * cols` onwards. Keys order boards by rows, then columns, then layers.
//!
//! Two ways to say which regions: every region of at most `n` squares
//! ([`Sizes::Cells`]), or every region of the boards of some shapes
//! ([`Sizes::Shapes`]: the regions that fit in `rows × cols` squares). Either way each
//! connected shape of squares (up to mirror images) is given every content a square of
//! a region may have, and the board so made is split by the ruleset's own
//! [`sprague_engine::partizan::Rules::regions`], so a region is stored in exactly the normal
//! form in which the search asks for it (moved to the corner, the least of its
//! symmetric images). The regions of a ruleset are its connected shapes so filled
//! (Domineering: connected empty squares; Clobber: connected stones of both colours),
//! so every region is met.

use super::Ruleset;
use super::clobber::{Clobber, ClobberBoard};
use super::domineering::{Board, Domineering};
use super::grid::{self, Symmetry};
use rustc_hash::FxHashSet;
use sprague_core::{Bound, SolveError};

/// A region packed into 128 bits (see the module documentation).
pub type Key = u128;

/// Most bits of layers a key holds.
pub(crate) const KEY_BITS: usize = 112;

/// Most squares of a region enumerated by [`Sizes::Cells`] (its shapes then fit on
/// boards of at most 64 squares).
pub const MAX_CELLS: usize = 14;

/// A ruleset whose regions a database stores: boards of at most two layers.
pub trait Stored: Ruleset + Default {
    /// How many layers a board has (1 or 2).
    const LAYERS: usize;
    /// What a square of a region may hold: a mask of layers (Domineering: an empty square, layer 0; Clobber: a stone of either
    /// colour).
    const REGION_SQUARES: &'static [u8];
    /// The rows, columns and layers of a position.
    fn board(p: &Self::Position) -> (usize, usize, [u64; 2]);
    /// The position of `rows × cols` squares with the given layers, if it is one.
    fn from_board(rows: usize, cols: usize, layers: [u64; 2]) -> Option<Self::Position>;
}

impl Stored for Domineering {
    const LAYERS: usize = 1;
    const REGION_SQUARES: &'static [u8] = &[1];
    fn board(p: &Board) -> (usize, usize, [u64; 2]) {
        let (r, c, e) = p.parts();
        (r, c, [e, 0])
    }
    fn from_board(rows: usize, cols: usize, layers: [u64; 2]) -> Option<Board> {
        if layers[1] != 0 {
            return None;
        }
        Board::from_parts(rows, cols, layers[0])
    }
}

impl Stored for Clobber {
    const LAYERS: usize = 2;
    const REGION_SQUARES: &'static [u8] = &[1, 2];
    fn board(p: &ClobberBoard) -> (usize, usize, [u64; 2]) {
        let (r, c) = p.dims();
        (r, c, p.layers)
    }
    fn from_board(rows: usize, cols: usize, layers: [u64; 2]) -> Option<ClobberBoard> {
        let n = rows.checked_mul(cols)?;
        let all = grid::full(rows, cols);
        let ok = n <= grid::MAX_SQUARES
            && rows > 0
            && layers[0] & layers[1] == 0
            && (layers[0] | layers[1]) & !all == 0;
        ok.then_some(ClobberBoard {
            rows: rows as u8,
            cols: cols as u8,
            layers,
        })
    }
}

/// Calls `v` with the stored ruleset named `name`; `None` if there is none.
pub(crate) fn visit_stored<V: StoredVisitor>(name: &str, v: V) -> Option<V::Out> {
    if name == Domineering::NAME {
        return Some(v.visit::<Domineering>());
    }
    if name == Clobber::NAME {
        return Some(v.visit::<Clobber>());
    }
    None
}

/// The names of the rulesets a database can store.
pub const STORED: &[&str] = &[Domineering::NAME, Clobber::NAME];

/// Does something with a stored ruleset chosen by name (see [`visit_stored`]).
pub(crate) trait StoredVisitor {
    /// What the visit gives.
    type Out;
    /// The visit, with the ruleset as a type.
    fn visit<R: Stored>(self) -> Self::Out;
}

/// `rows × cols` squares with `layers` bits, packed; `None` if it does not fit.
pub(crate) fn pack(rows: usize, cols: usize, layers: &[u64]) -> Option<Key> {
    let area = rows.checked_mul(cols)?;
    if rows > 255 || cols > 255 || area * layers.len() > KEY_BITS || area > 64 {
        return None;
    }
    let mut key = (rows as u128) << 120 | (cols as u128) << 112;
    for (k, &l) in layers.iter().enumerate() {
        if l & !grid::full(rows, cols) != 0 {
            return None;
        }
        key |= u128::from(l) << (k * area);
    }
    Some(key)
}

/// The rows, columns and `n` layers of a key.
pub fn unpack(key: Key, n: usize) -> (usize, usize, [u64; 2]) {
    let rows = (key >> 120) as usize;
    let cols = (key >> 112 & 0xff) as usize;
    let area = rows * cols;
    let mut layers = [0u64; 2];
    for (k, l) in layers.iter_mut().enumerate().take(n) {
        *l = (key >> (k * area)) as u64 & grid::full(rows, cols);
    }
    (rows, cols, layers)
}

/// The key of a position of `R`, if it fits.
pub fn key<R: Stored>(p: &R::Position) -> Option<Key> {
    let (rows, cols, layers) = R::board(p);
    pack(rows, cols, &layers[..R::LAYERS])
}

/// Which regions a database holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sizes {
    /// Every region of at most this many squares.
    Cells(usize),
    /// Every region of every board of these shapes (rows, columns).
    Shapes(Vec<(usize, usize)>),
}

impl std::fmt::Display for Sizes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Sizes::Cells(n) => write!(f, "regions of at most {n} squares"),
            Sizes::Shapes(s) => {
                let s: Vec<String> = s.iter().map(|(r, c)| format!("{r}x{c}")).collect();
                write!(f, "regions of the boards {}", s.join(", "))
            }
        }
    }
}

/// What an enumeration reports as it goes, and whether it goes on.
pub trait Progress {
    /// `done` of `total` steps of the named phase are done (`total` 0: unknown);
    /// `false` stops the work.
    fn report(&mut self, phase: &str, done: u64, total: u64) -> bool;
}

/// Every region of `R` that `sizes` names, as sorted keys, at most `max` of them
/// (and at most `max` boards and shapes looked at: more is a `Limit` error of
/// `bound`); `Ok(None)` if `progress` stopped it.
pub fn regions<R: Stored>(
    sizes: &Sizes,
    (max, bound): (u64, Bound),
    progress: &mut dyn Progress,
) -> Result<Option<Vec<Key>>, SolveError> {
    let rules = R::default();
    let mut keys: FxHashSet<Key> = FxHashSet::default();
    let mut parts = Vec::new();
    let too_many = || SolveError::Limit {
        bound,
        what: format!("the database needs more than {max} regions and boards"),
    };
    let mut looked = 0u64;
    // Splits one board into regions and keeps their keys.
    let mut add = |rows: usize,
                   cols: usize,
                   layers: [u64; 2],
                   keys: &mut FxHashSet<Key>|
     -> Result<(), SolveError> {
        looked += 1;
        if looked > max {
            return Err(too_many());
        }
        let Some(p) = R::from_board(rows, cols, layers) else {
            return Ok(());
        };
        parts.clear();
        rules.regions(&p, &mut parts);
        for r in parts.drain(..) {
            let k = key::<R>(&r).ok_or_else(|| {
                SolveError::Input(format!(
                    "a region of {rows}x{cols} squares does not fit in a key of {KEY_BITS} bits"
                ))
            })?;
            keys.insert(k);
        }
        if keys.len() as u64 > max {
            return Err(too_many());
        }
        Ok(())
    };
    // The largest shape, and whether a shape of `rows × cols` squares fits.
    let (n, fits): (usize, Box<dyn Fn(usize, usize) -> bool>) = match sizes {
        Sizes::Cells(n) => {
            if *n > MAX_CELLS {
                return Err(SolveError::Input(format!(
                    "a database stores regions of at most {MAX_CELLS} cells, not {n}"
                )));
            }
            (*n, Box::new(|_, _| true))
        }
        Sizes::Shapes(shapes) => {
            for &(rows, cols) in shapes {
                let area = rows * cols;
                if rows == 0 || cols == 0 || area > 64 || area * R::LAYERS > KEY_BITS {
                    return Err(SolveError::Input(format!(
                        "a shape of {rows}x{cols} squares is too large for {} (at most {} squares)",
                        R::NAME,
                        KEY_BITS / R::LAYERS
                    )));
                }
            }
            let shapes = shapes.clone();
            let n = shapes.iter().map(|&(r, c)| r * c).max().unwrap_or(0);
            (
                n,
                Box::new(move |r, c| shapes.iter().any(|&(sr, sc)| r <= sr && c <= sc)),
            )
        }
    };
    let mut layer: Vec<(usize, usize, u64)> = vec![(1, 1, 1)];
    for size in 1..=n {
        if size > 1 {
            // Every shape that fits grows from one that fits (less a square whose
            // removal keeps it connected).
            layer = match grow(&layer, &*fits, max, progress, size) {
                Grown::Shapes(l) => l,
                Grown::TooMany => return Err(too_many()),
                Grown::Stopped => return Ok(None),
            };
            if layer.is_empty() {
                break;
            }
        }
        let total = layer.len() as u64;
        // Boards made since progress was last reported.
        let mut since = u64::MAX;
        for (i, &(rows, cols, mask)) in layer.iter().enumerate() {
            if since >= 1 << 14 {
                since = 0;
                if !progress.report(&format!("regions of {size} squares"), i as u64, total) {
                    return Ok(None);
                }
            }
            let squares: Vec<u64> = bits(mask).collect();
            let kinds = R::REGION_SQUARES.len() as u64;
            let count = kinds
                .checked_pow(squares.len() as u32)
                .filter(|&c| c <= max)
                .ok_or_else(too_many)?;
            since += count;
            for mut code in 0..count {
                let mut layers = [0u64; 2];
                for &sq in &squares {
                    let what = R::REGION_SQUARES[(code % kinds) as usize];
                    code /= kinds;
                    for (k, l) in layers.iter_mut().enumerate() {
                        if what >> k & 1 == 1 {
                            *l |= sq;
                        }
                    }
                }
                add(rows, cols, layers, &mut keys)?;
            }
        }
    }
    let mut keys: Vec<Key> = keys.into_iter().collect();
    keys.sort_unstable();
    Ok(Some(keys))
}

/// The single-bit masks of the set bits of `m`.
fn bits(mut m: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m & m.wrapping_neg();
            m &= m - 1;
            b
        })
    })
}

/// What growing shapes gives.
enum Grown {
    /// The shapes, sorted.
    Shapes(Vec<(usize, usize, u64)>),
    /// More shapes than allowed.
    TooMany,
    /// Stopped by the progress report.
    Stopped,
}

/// The shapes of `size` squares, one more than those of `layer` (each shape `(rows,
/// cols, squares)` cropped to its bounding box, the least of its mirror images) that
/// `fits`, at most `max` of them. Every connected shape of `k + 1` squares is one of
/// `k` squares and a square next to it, so growing every shape of `k` squares by every
/// square next to it finds all.
fn grow(
    layer: &[(usize, usize, u64)],
    fits: &dyn Fn(usize, usize) -> bool,
    max: u64,
    progress: &mut dyn Progress,
    size: usize,
) -> Grown {
    let mut out: FxHashSet<(usize, usize, u64)> = FxHashSet::default();
    let total = layer.len() as u64;
    for (i, &(rows, cols, mask)) in layer.iter().enumerate() {
        if i % 4096 == 0 && !progress.report(&format!("shapes of {size} squares"), i as u64, total)
        {
            return Grown::Stopped;
        }
        let cells: Vec<(i32, i32)> = bits(mask)
            .map(|b| {
                let i = b.trailing_zeros() as i32;
                (i / cols as i32, i % cols as i32)
            })
            .collect();
        for &(r, c) in &cells {
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let new = (r + dr, c + dc);
                if cells.contains(&new) {
                    continue;
                }
                let r0 = new.0.min(0);
                let c0 = new.1.min(0);
                let h = (rows as i32).max(new.0 + 1) - r0;
                let w = (cols as i32).max(new.1 + 1) - c0;
                if h * w > 64 {
                    continue;
                }
                let m = cells
                    .iter()
                    .chain(std::iter::once(&new))
                    .fold(0u64, |m, &(a, b)| m | 1 << ((a - r0) * w + (b - c0)));
                let b = grid::Board::<1> {
                    rows: h as u8,
                    cols: w as u8,
                    layers: [m],
                };
                let n = b.normalise(m, Symmetry::Mirrors);
                let (r, c) = (usize::from(n.rows), usize::from(n.cols));
                if fits(r, c) {
                    out.insert((r, c, n.layers[0]));
                    if out.len() as u64 > max {
                        return Grown::TooMany;
                    }
                }
            }
        }
    }
    let mut v: Vec<_> = out.into_iter().collect();
    v.sort_unstable();
    Grown::Shapes(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Quiet;
    impl Progress for Quiet {
        fn report(&mut self, _: &str, _: u64, _: u64) -> bool {
            true
        }
    }

    #[test]
    fn shapes_are_the_polyominoes() {
        // Polyominoes up to the four mirror images (OEIS A000105 counts them up to all
        // eight symmetries; A001168 counts the fixed ones: 1, 2, 6, 19, 63, 216, 760).
        // Counted here from the fixed ones: each shape with its distinct mirror images.
        let fixed = [1usize, 2, 6, 19, 63, 216, 760];
        let mut layer = vec![(1, 1, 1u64)];
        for (k, &want) in fixed.iter().enumerate() {
            if k > 0 {
                layer = match grow(&layer, &|_, _| true, u64::MAX, &mut Quiet, k + 1) {
                    Grown::Shapes(l) => l,
                    _ => unreachable!("no bound, no stop"),
                };
            }
            let mut images: FxHashSet<(usize, usize, u64)> = FxHashSet::default();
            for &(r, c, m) in &layer {
                for (tr, tc, tm) in [
                    (r, c, m),
                    (r, c, grid::flip_rows(r, c, m)),
                    (r, c, grid::flip_cols(r, c, m)),
                    (r, c, grid::flip_cols(r, c, grid::flip_rows(r, c, m))),
                ] {
                    images.insert((tr, tc, tm));
                    // Transposed images are fixed polyominoes too.
                    images.insert((tc, tr, grid::transpose(tr, tc, tm)));
                }
            }
            assert_eq!(images.len(), want, "{} squares", k + 1);
        }
    }

    #[test]
    fn keys_round_trip() {
        let k = pack(3, 4, &[0b1010_0110_0001, 0b0101_0000_0010]).unwrap();
        assert_eq!(unpack(k, 2), (3, 4, [0b1010_0110_0001, 0b0101_0000_0010]));
        assert!(pack(8, 8, &[1, 1]).is_none(), "128 bits of layers");
        assert!(pack(2, 2, &[0b10000]).is_none(), "a square off the board");
        // Rows first, then columns.
        assert!(pack(1, 9, &[1]).unwrap() < pack(2, 1, &[1]).unwrap());
    }

    /// The keys of the regions of every board of `rows × cols` squares, each square
    /// holding each of `kinds` (masks of layers), split by the ruleset's rules.
    fn of_every_board<R: Stored>(rows: usize, cols: usize, kinds: &[u8]) -> Vec<Key> {
        let mut keys = FxHashSet::default();
        let n = rows * cols;
        let k = kinds.len() as u64;
        for mut code in 0..k.pow(n as u32) {
            let mut layers = [0u64; 2];
            for sq in 0..n {
                let what = kinds[(code % k) as usize];
                code /= k;
                for (j, l) in layers.iter_mut().enumerate() {
                    if what >> j & 1 == 1 {
                        *l |= 1 << sq;
                    }
                }
            }
            let p = R::from_board(rows, cols, layers).unwrap();
            let mut parts = Vec::new();
            R::default().regions(&p, &mut parts);
            keys.extend(parts.iter().map(|r| key::<R>(r).unwrap()));
        }
        let mut keys: Vec<Key> = keys.into_iter().collect();
        keys.sort_unstable();
        keys
    }

    #[test]
    fn the_regions_of_a_shape_are_those_of_its_boards() {
        // Domineering: a square is empty (layer 0) or filled; Clobber: X, O or empty.
        for (r, c) in [(2, 3), (3, 3), (1, 8), (2, 4), (4, 2)] {
            let want = of_every_board::<Domineering>(r, c, &[0, 1]);
            let got = regions::<Domineering>(
                &Sizes::Shapes(vec![(r, c)]),
                (1 << 20, Bound::States),
                &mut Quiet,
            );
            assert_eq!(got.unwrap().unwrap(), want, "domineering {r}x{c}");
        }
        for (r, c) in [(2, 3), (3, 3), (1, 8), (2, 4)] {
            let want = of_every_board::<Clobber>(r, c, &[0, 1, 2]);
            let got = regions::<Clobber>(
                &Sizes::Shapes(vec![(r, c)]),
                (1 << 20, Bound::States),
                &mut Quiet,
            );
            assert_eq!(got.unwrap().unwrap(), want, "clobber {r}x{c}");
        }
        // Two shapes: the union of their regions.
        let mut want = of_every_board::<Clobber>(1, 6, &[0, 1, 2]);
        want.extend(of_every_board::<Clobber>(2, 2, &[0, 1, 2]));
        want.sort_unstable();
        want.dedup();
        let got = regions::<Clobber>(
            &Sizes::Shapes(vec![(1, 6), (2, 2)]),
            (1 << 20, Bound::States),
            &mut Quiet,
        );
        assert_eq!(got.unwrap().unwrap(), want);
    }

    #[test]
    fn every_region_of_a_size_is_met() {
        // Every region of the boards of 3 × 3 squares has at most 9 squares, so the
        // regions of at most 9 squares include them; those of at most 5 squares are
        // exactly the regions of 3 × 3 boards of at most 5 squares and of the strips
        // and shapes that do not fit in 3 × 3 (checked: the 1 × 4 and 1 × 5 strips).
        let nine = regions::<Domineering>(&Sizes::Cells(9), (1 << 22, Bound::States), &mut Quiet)
            .unwrap()
            .unwrap();
        for k in of_every_board::<Domineering>(3, 3, &[0, 1]) {
            assert!(nine.binary_search(&k).is_ok(), "{k:x}");
        }
        let five = regions::<Domineering>(&Sizes::Cells(5), (1 << 22, Bound::States), &mut Quiet)
            .unwrap()
            .unwrap();
        for k in of_every_board::<Domineering>(1, 5, &[0, 1]) {
            assert!(five.binary_search(&k).is_ok(), "{k:x}");
        }
        assert!(five.iter().all(|&k| {
            let (r, c, l) = unpack(k, 1);
            r * c <= 25 && l[0].count_ones() <= 5
        }));
    }

    #[test]
    fn clobber_regions_have_both_colours() {
        let keys = regions::<Clobber>(&Sizes::Cells(3), (1 << 20, Bound::States), &mut Quiet)
            .unwrap()
            .unwrap();
        // Up to the symmetries of the square: XO; in a line of three XXO, XOX, OOX,
        // OXO; in an L, X or O at the corner with the ends both of the other colour
        // or one of each (the mirror through the corner swaps the ends).
        assert_eq!(keys.len(), 1 + 4 + 4);
        for &k in &keys {
            let (r, c, l) = unpack(k, 2);
            assert!(l[0] != 0 && l[1] != 0, "{r}x{c} {l:?}");
        }
    }

    #[test]
    fn bounds_are_errors() {
        let e =
            regions::<Domineering>(&Sizes::Cells(8), (100, Bound::States), &mut Quiet).unwrap_err();
        assert!(
            matches!(
                e,
                SolveError::Limit {
                    bound: Bound::States,
                    ..
                }
            ),
            "{e}"
        );
        assert!(
            regions::<Clobber>(
                &Sizes::Shapes(vec![(8, 8)]),
                (1 << 20, Bound::States),
                &mut Quiet
            )
            .is_err()
        );
        assert!(
            regions::<Clobber>(
                &Sizes::Shapes(vec![(1, 30)]),
                (1 << 20, Bound::States),
                &mut Quiet
            )
            .is_err()
        );
        assert!(
            regions::<Domineering>(&Sizes::Cells(15), (1 << 20, Bound::States), &mut Quiet)
                .is_err()
        );
    }
}
