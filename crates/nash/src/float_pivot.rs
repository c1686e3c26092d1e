//! Pivoting on the dictionary of a best-response polytope in floating point, laid
//! out as the exact one of [`pivot`](super::pivot) (same variables, same rows and
//! columns), with a lexicographic ratio test whose ties are decided within a
//! tolerance.
//!
//! Nothing computed here reaches an answer: a path followed in floating point only
//! proposes a basis, whose point is then solved for and checked in exact arithmetic
//! (see [`lemke`](super::lemke)). When rounding misleads the path, the proposal
//! fails that check, or the path breaks down (no entering row, a basis seen twice),
//! and the exact path is followed instead.

use super::pivot::Place;

/// Relative tolerance of the ratio test and of the size of a pivot.
const TOLERANCE: f64 = 1e-9;

/// A dictionary in `f64`: row `i` reads
/// `v_basic(i) = a[i][0] − Σ_c a[i][c] · v_nonbasic(c)`.
#[derive(Clone)]
pub(crate) struct FloatDictionary {
    rows: usize,
    cols: usize,
    /// Row-major, `rows × (cols + 1)`; column 0 is the right-hand side.
    a: Vec<f64>,
    basic: Vec<usize>,
    nonbasic: Vec<usize>,
    place: Vec<Place>,
}

impl FloatDictionary {
    /// The dictionary at the point 0 of `{ z ≥ 0 : C z ≤ 1 }` (see
    /// [`Dictionary::new`](super::pivot::Dictionary::new)); `None` when an entry is
    /// not a finite `f64`.
    pub fn new(rows: usize, cols: usize, c: impl Fn(usize, usize) -> f64) -> Option<Self> {
        let mut a = Vec::with_capacity(rows * (cols + 1));
        for i in 0..rows {
            a.push(1.0);
            for j in 0..cols {
                let v = c(i, j);
                if !v.is_finite() {
                    return None;
                }
                a.push(v);
            }
        }
        let mut place = Vec::with_capacity(rows + cols);
        place.extend((1..=cols).map(Place::Col));
        place.extend((0..rows).map(Place::Row));
        Some(FloatDictionary {
            rows,
            cols,
            a,
            basic: (cols..cols + rows).collect(),
            nonbasic: (0..cols).collect(),
            place,
        })
    }

    /// The entries a pivot updates.
    pub fn entries(&self) -> u64 {
        (self.rows as u64).saturating_mul(self.cols as u64 + 1)
    }

    /// The number of constraints (and of basic variables).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The variable nonbasic in column `c` (1-based).
    pub fn nonbasic(&self, c: usize) -> usize {
        self.nonbasic[c - 1]
    }

    /// Where variable `v` is.
    pub fn place(&self, v: usize) -> Place {
        self.place[v]
    }

    /// The variable basic in row `r`.
    pub fn basic(&self, r: usize) -> usize {
        self.basic[r]
    }

    /// The entry of row `i` in the column of slack `k` (a row of the basis inverse).
    fn slack_entry(&self, i: usize, k: usize) -> f64 {
        match self.place[self.cols + k] {
            Place::Row(r) if r == i => 1.0,
            Place::Row(_) => 0.0,
            Place::Col(c) => self.a[i * (self.cols + 1) + c],
        }
    }

    /// The row that leaves when the variable of column `c` enters, by the
    /// lexicographic minimum ratio test with ties within the tolerance; `None` when
    /// no entry of the column is clearly positive.
    pub fn leaving(&self, c: usize) -> Option<usize> {
        let w = self.cols + 1;
        let largest = (0..self.rows)
            .map(|i| self.a[i * w + c].abs())
            .fold(0.0, f64::max);
        if !largest.is_finite() {
            return None;
        }
        let floor = TOLERANCE * largest;
        let mut best: Option<usize> = None;
        for i in 0..self.rows {
            let ai = self.a[i * w + c];
            if ai <= floor || ai <= 0.0 {
                continue;
            }
            let Some(b) = best else {
                best = Some(i);
                continue;
            };
            let ab = self.a[b * w + c];
            let mut k = 0;
            let smaller = loop {
                let (x, y) = if k == 0 {
                    (self.a[i * w] / ai, self.a[b * w] / ab)
                } else if k <= self.rows {
                    (
                        self.slack_entry(i, k - 1) / ai,
                        self.slack_entry(b, k - 1) / ab,
                    )
                } else {
                    break false;
                };
                if (x - y).abs() > TOLERANCE * x.abs().max(y.abs()) + 1e-12 {
                    break x < y;
                }
                k += 1;
            };
            if smaller {
                best = Some(i);
            }
        }
        best
    }

    /// Exchanges the basic variable of row `r` with the nonbasic one of column `c`;
    /// `false` when the pivot entry is not positive (nothing is changed) or a
    /// right-hand side is no longer finite (the path is then given up).
    pub fn pivot(&mut self, r: usize, c: usize) -> bool {
        let w = self.cols + 1;
        let p = self.a[r * w + c];
        if p.is_nan() || p <= 0.0 {
            return false;
        }
        let mut pivot_row: Vec<f64> = self.a[r * w..(r + 1) * w].iter().map(|v| v / p).collect();
        pivot_row[c] = 1.0 / p;
        let mut finite = pivot_row.iter().all(|v| v.is_finite());
        for i in (0..self.rows).filter(|&i| i != r) {
            let row = &mut self.a[i * w..(i + 1) * w];
            let f = row[c];
            if f != 0.0 {
                for (v, pr) in row.iter_mut().zip(&pivot_row) {
                    *v -= f * pr;
                }
                row[c] = -f / p;
                finite &= row[0].is_finite();
            }
        }
        self.a[r * w..(r + 1) * w].copy_from_slice(&pivot_row);
        let (entering, leaving) = (self.nonbasic[c - 1], self.basic[r]);
        self.basic[r] = entering;
        self.nonbasic[c - 1] = leaving;
        self.place[entering] = Place::Row(r);
        self.place[leaving] = Place::Col(c);
        finite
    }
}
