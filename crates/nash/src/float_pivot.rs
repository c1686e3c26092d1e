//! Pivoting on the dictionary of a best-response polytope in floating point, with
//! the variables, rows and columns of the exact one of [`pivot`](super::pivot) and
//! a lexicographic ratio test whose ties are decided within a tolerance.
//!
//! The dictionary is not stored: it is kept in a compact form, the inverse of the
//! basis's square part. With `C` the constraints (`C z + s = 1`), a basis has `k`
//! coordinates basic (the set `S`) and `k` slacks nonbasic (the set `J`), and the
//! basis is fixed by the `k × k` matrix `M = C[J, S]`: the basic coordinates are
//! `M⁻¹ 1`, and the column of a nonbasic variable is `M⁻¹` times its column of
//! `C[J, ·]` in the coordinates' rows and the rest of its column of `C` less
//! `C[·, S]` times that in the slacks' rows. A pivot computes the column of the
//! entering variable (`k` products over the constraints, plus `k²`) and updates
//! `M⁻¹` by one of four rank-one formulas (a coordinate or a slack enters, a
//! coordinate or a slack leaves: `M` gains or loses a row and a column, or has one
//! replaced), `k²`, instead of every entry of the dictionary; `M⁻¹` and the
//! right-hand side are computed afresh from `C` every few pivots, so rounding does
//! not build up along a long path. At the equilibria of a random game `k` is a few
//! strategies out of a hundred.
//!
//! Nothing computed here reaches an answer: a path followed in floating point only
//! proposes a basis, whose point is then solved for and checked in exact arithmetic
//! (see [`lemke`](super::lemke)). When rounding misleads the path, the proposal
//! fails that check, or the path breaks down (no entering row, a basis seen twice,
//! a singular basis), and the exact path is followed instead.

use super::pivot::Place;
use std::sync::Arc;

/// Relative tolerance of the ratio test and of the size of a pivot.
const TOLERANCE: f64 = 1e-9;

/// The inverse and the right-hand side are computed afresh after this many pivots
/// (or the basis size, if larger: the work of that is `k³`).
const REFRESH: usize = 256;

/// Whether the processor has 256-bit vectors of `f64` (AVX), which the loops over
/// a column and over the inverse then use: the same operations in the same order,
/// four numbers at a time instead of two, so the same results.
#[cfg(target_arch = "x86_64")]
fn wide() -> bool {
    std::arch::is_x86_feature_detected!("avx")
}

/// Not in `S` or `J`.
const NONE: usize = usize::MAX;

/// `Σ a[i]·b[i]`, in four independent sums (which the compiler keeps in vector
/// registers, instead of waiting for each addition in turn).
#[inline(always)]
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut acc = [0.0; 4];
    let (ca, cb) = (a.chunks_exact(4), b.chunks_exact(4));
    let (ra, rb) = (ca.remainder(), cb.remainder());
    for (x, y) in ca.zip(cb) {
        for l in 0..4 {
            acc[l] += x[l] * y[l];
        }
    }
    let tail: f64 = ra.iter().zip(rb).map(|(x, y)| x * y).sum();
    (acc[0] + acc[1]) + (acc[2] + acc[3]) + tail
}

/// The constraints `C` of the polytope, shared by the copies of a dictionary.
struct Constraints {
    /// Row-major, `rows × cols`.
    by_row: Vec<f64>,
    /// Column-major (`cols × rows`): the column of each coordinate.
    by_col: Vec<f64>,
}

/// A dictionary in `f64`: row `i` reads
/// `v_basic(i) = rhs[i] − Σ_c a[i][c] · v_nonbasic(c)`, with the entries `a` of a
/// column computed when it enters. The rows of the slacks are kept by constraint,
/// those of the coordinates by their place in `S`: candidate `i < rows` of the
/// ratio test is the slack of constraint `i` (not a candidate when nonbasic),
/// candidate `rows + b` the coordinate `S[b]`.
#[derive(Clone)]
pub(crate) struct FloatDictionary {
    rows: usize,
    cols: usize,
    c: Arc<Constraints>,
    basic: Vec<usize>,
    nonbasic: Vec<usize>,
    place: Vec<Place>,
    /// The value of each slack (0 when nonbasic), by constraint.
    slack: Vec<f64>,
    /// The value of each basic coordinate, by its place in `S`.
    x: Vec<f64>,
    /// The basic coordinates (`S`), and the place of each coordinate in that list.
    s: Vec<usize>,
    s_at: Vec<usize>,
    /// The constraints whose slacks are nonbasic (`J`), and the place of each.
    j: Vec<usize>,
    j_at: Vec<usize>,
    /// `M⁻¹`, `k × k`, row-major: row `b` for coordinate `s[b]`, column `a` for
    /// constraint `j[a]`.
    inv: Vec<f64>,
    /// The column of [`FloatDictionary::column`], if computed: its 1-based index,
    /// its entries in the slacks' rows (by constraint, 0 for the nonbasic ones) and
    /// in the coordinates' (`M⁻¹ ·`, over `S`).
    entering: Option<usize>,
    t: Vec<f64>,
    u: Vec<f64>,
    /// Scratch: the ratios of the candidates, the storage of the next `M⁻¹`, and a
    /// row of `C[·, S] M⁻¹`.
    ratio: Vec<f64>,
    spare: Vec<f64>,
    h: Vec<f64>,
    /// Pivots since the inverse was last computed afresh.
    since: usize,
}

impl FloatDictionary {
    /// The dictionary at the point 0 of `{ z ≥ 0 : C z ≤ 1 }` (see
    /// [`Dictionary::new`](super::pivot::Dictionary::new)); `None` when an entry is
    /// not a finite `f64`.
    pub fn new(rows: usize, cols: usize, c: impl Fn(usize, usize) -> f64) -> Option<Self> {
        let mut by_row = Vec::with_capacity(rows * cols);
        for i in 0..rows {
            for j in 0..cols {
                let v = c(i, j);
                if !v.is_finite() {
                    return None;
                }
                by_row.push(v);
            }
        }
        let by_col = (0..cols * rows)
            .map(|x| by_row[(x % rows) * cols + x / rows])
            .collect();
        let mut place = Vec::with_capacity(rows + cols);
        place.extend((1..=cols).map(Place::Col));
        place.extend((0..rows).map(Place::Row));
        Some(FloatDictionary {
            rows,
            cols,
            c: Arc::new(Constraints { by_row, by_col }),
            basic: (cols..cols + rows).collect(),
            nonbasic: (0..cols).collect(),
            place,
            slack: vec![1.0; rows],
            x: Vec::new(),
            s: Vec::new(),
            s_at: vec![NONE; cols],
            j: Vec::new(),
            j_at: vec![NONE; rows],
            inv: Vec::new(),
            entering: None,
            t: vec![0.0; rows],
            u: Vec::new(),
            ratio: Vec::new(),
            spare: Vec::new(),
            h: Vec::new(),
            since: 0,
        })
    }

    /// The entries the next pivot computes: a column and the right-hand side over
    /// the rows, `k` products over the constraints, and the `k × k` inverse.
    pub fn work(&self) -> u64 {
        let (n, k) = (self.rows as u64, self.s.len() as u64);
        n.saturating_mul(k + 2).saturating_add(k.saturating_mul(k))
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

    /// Row `o` of `C` at the basic coordinates, times `v` (over `S`).
    fn dot_s(&self, o: usize, v: &[f64]) -> f64 {
        let row = &self.c.by_row[o * self.cols..(o + 1) * self.cols];
        self.s.iter().zip(v).map(|(&s, x)| row[s] * x).sum()
    }

    /// Computes the column of the variable nonbasic in column `c` (1-based).
    #[inline(always)]
    fn column(&mut self, c: usize) {
        if self.entering == Some(c) {
            return;
        }
        let k = self.s.len();
        let v = self.nonbasic[c - 1];
        self.u.clear();
        let t = &mut self.t;
        if v < self.cols {
            // A coordinate: u = M⁻¹ C[J, v], and C[·, v] in the slacks' rows.
            let col = &self.c.by_col[v * self.rows..(v + 1) * self.rows];
            self.ratio.clear();
            self.ratio.extend(self.j.iter().map(|&o| col[o]));
            for row in self.inv.chunks_exact(k.max(1)).take(k) {
                self.u.push(dot(row, &self.ratio));
            }
            t.copy_from_slice(col);
        } else {
            // A slack of J: u is M⁻¹'s column, and nothing more.
            let a = self.j_at[v - self.cols];
            self.u.extend((0..k).map(|b| self.inv[b * k + a]));
            t.fill(0.0);
        }
        // t −= C[·, S] u, four columns at a time (one pass over t for four).
        let n = self.rows;
        let col = |s: usize| &self.c.by_col[s * n..(s + 1) * n];
        let (s4, u4) = (self.s.chunks_exact(4), self.u.chunks_exact(4));
        for (&s, &ub) in s4.remainder().iter().zip(u4.remainder()) {
            for (x, y) in t.iter_mut().zip(col(s)) {
                *x -= ub * y;
            }
        }
        for (s, u) in s4.zip(u4) {
            let (c0, c1, c2, c3) = (col(s[0]), col(s[1]), col(s[2]), col(s[3]));
            for (o, x) in t.iter_mut().enumerate() {
                *x -= (u[0] * c0[o] + u[1] * c1[o]) + (u[2] * c2[o] + u[3] * c3[o]);
            }
        }
        for &o in &self.j {
            t[o] = 0.0;
        }
        self.entering = Some(c);
    }

    /// The candidate of row `r`.
    fn candidate(&self, r: usize) -> usize {
        let v = self.basic[r];
        if v < self.cols {
            self.rows + self.s_at[v]
        } else {
            v - self.cols
        }
    }

    /// The entry of candidate `i` in the column computed.
    fn entry(&self, i: usize) -> f64 {
        if i < self.rows {
            self.t[i]
        } else {
            self.u[i - self.rows]
        }
    }

    /// The value of the basic variable of candidate `i`.
    fn value(&self, i: usize) -> f64 {
        if i < self.rows {
            self.slack[i]
        } else {
            self.x[i - self.rows]
        }
    }

    /// The basic variable of candidate `i`.
    fn variable(&self, i: usize) -> usize {
        if i < self.rows {
            self.cols + i
        } else {
            self.s[i - self.rows]
        }
    }

    /// The entry of candidate `i` in the column of slack `o` (a row of the basis
    /// inverse).
    fn slack_entry(&self, i: usize, o: usize) -> f64 {
        let a = self.j_at[o];
        if a == NONE {
            return f64::from(u8::from(i == o));
        }
        let k = self.s.len();
        if i < self.rows {
            let row = &self.c.by_row[i * self.cols..(i + 1) * self.cols];
            -(0..k)
                .map(|b| row[self.s[b]] * self.inv[b * k + a])
                .sum::<f64>()
        } else {
            self.inv[(i - self.rows) * k + a]
        }
    }

    /// The row that leaves when the variable of column `c` enters, by the
    /// lexicographic minimum ratio test with ties within the tolerance; `None` when
    /// no entry of the column is clearly positive.
    pub fn leaving(&mut self, c: usize) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if wide() {
            // SAFETY: the processor has the instructions, as `wide` found at run time.
            return unsafe { self.leaving_wide(c) };
        }
        self.leaving_body(c)
    }

    /// [`FloatDictionary::leaving`] compiled for 256-bit vectors.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx")]
    fn leaving_wide(&mut self, c: usize) -> Option<usize> {
        self.leaving_body(c)
    }

    #[inline(always)]
    fn leaving_body(&mut self, c: usize) -> Option<usize> {
        self.column(c);
        let (t, u) = (&self.t, &self.u);
        // The largest magnitude, in four lanes; NaN makes `sum` NaN.
        let (mut largest, mut sum) = ([0.0f64; 4], [0.0f64; 4]);
        let chunks = t.chunks_exact(4);
        for v in chunks.remainder().iter().chain(u) {
            largest[0] = if v.abs() > largest[0] {
                v.abs()
            } else {
                largest[0]
            };
            sum[0] += v;
        }
        for v in chunks {
            for l in 0..4 {
                let a = v[l].abs();
                largest[l] = if a > largest[l] { a } else { largest[l] };
                sum[l] += v[l];
            }
        }
        let largest = largest.iter().fold(0.0f64, |a, &b| a.max(b));
        if !sum.iter().sum::<f64>().is_finite() || !largest.is_finite() {
            return None;
        }
        let floor = (TOLERANCE * largest).max(f64::MIN_POSITIVE);
        // The ratio of each candidate (infinite when its entry is not clearly
        // positive), and the smallest.
        self.ratio.clear();
        let rate = |(&x, &ai): (&f64, &f64)| if ai > floor { x / ai } else { f64::INFINITY };
        self.ratio.extend(self.slack.iter().zip(t).map(rate));
        self.ratio.extend(self.x.iter().zip(u).map(rate));
        let mut lanes = [f64::INFINITY; 4];
        let chunks = self.ratio.chunks_exact(4);
        for &r in chunks.remainder() {
            lanes[0] = if r < lanes[0] { r } else { lanes[0] };
        }
        for v in chunks {
            for l in 0..4 {
                lanes[l] = if v[l] < lanes[l] { v[l] } else { lanes[l] };
            }
        }
        let least = lanes.iter().fold(f64::INFINITY, |a, &b| a.min(b));
        if least == f64::INFINITY {
            return None;
        }
        let close = |x: f64, y: f64| (x - y).abs() <= TOLERANCE * x.abs().max(y.abs()) + 1e-12;
        // Among the candidates whose ratio ties with the smallest, the least by the
        // rows of the basis inverse.
        let mut best: Option<usize> = None;
        let near = least + TOLERANCE * least.abs() + 1e-12;
        for (i, &ri) in self.ratio.iter().enumerate() {
            if ri > near || !close(ri, least) {
                continue;
            }
            let Some(b) = best else {
                best = Some(i);
                continue;
            };
            let (ai, ab) = (self.entry(i), self.entry(b));
            let mut o = 0;
            let smaller = loop {
                let (x, y) = if o == 0 {
                    (ri, self.ratio[b])
                } else if o <= self.rows {
                    (
                        self.slack_entry(i, o - 1) / ai,
                        self.slack_entry(b, o - 1) / ab,
                    )
                } else {
                    break false;
                };
                if !close(x, y) {
                    break x < y;
                }
                o += 1;
            };
            if smaller {
                best = Some(i);
            }
        }
        match self.place[self.variable(best?)] {
            Place::Row(r) => Some(r),
            Place::Col(_) => None,
        }
    }

    /// Exchanges the basic variable of row `r` with the nonbasic one of column `c`;
    /// `false` when the pivot entry is not positive (nothing is changed), or the
    /// basis is singular or a number no longer finite (the path is then given up).
    pub fn pivot(&mut self, r: usize, c: usize) -> bool {
        #[cfg(target_arch = "x86_64")]
        if wide() {
            // SAFETY: the processor has the instructions, as `wide` found at run time.
            return unsafe { self.pivot_wide(r, c) };
        }
        self.pivot_body(r, c)
    }

    /// [`FloatDictionary::pivot`] compiled for 256-bit vectors.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx")]
    fn pivot_wide(&mut self, r: usize, c: usize) -> bool {
        self.pivot_body(r, c)
    }

    #[inline(always)]
    fn pivot_body(&mut self, r: usize, c: usize) -> bool {
        self.column(c);
        let (entering, leaving) = (self.nonbasic[c - 1], self.basic[r]);
        let i = self.candidate(r);
        let p = self.entry(i);
        if p.is_nan() || p <= 0.0 {
            return false;
        }
        let theta = self.value(i) / p;
        if !theta.is_finite() {
            return false;
        }
        for (x, d) in self.slack.iter_mut().zip(&self.t) {
            *x -= theta * d;
        }
        for (x, d) in self.x.iter_mut().zip(&self.u) {
            *x -= theta * d;
        }
        // The values move with the variables: the leaving one is 0, the entering
        // one `theta`.
        if leaving >= self.cols {
            self.slack[leaving - self.cols] = 0.0;
        }
        self.update_inverse(entering, leaving, p);
        if entering < self.cols {
            self.x[self.s_at[entering]] = theta;
        } else {
            self.slack[entering - self.cols] = theta;
        }
        self.entering = None;
        self.basic[r] = entering;
        self.nonbasic[c - 1] = leaving;
        self.place[entering] = Place::Row(r);
        self.place[leaving] = Place::Col(c);
        self.since += 1;
        self.since < REFRESH.max(self.s.len()) || self.refresh()
    }

    /// `M⁻¹` after `entering` replaces `leaving` (with pivot `p`, and the column
    /// computed), and the lists `S` and `J` with it.
    #[inline(always)]
    fn update_inverse(&mut self, entering: usize, leaving: usize, p: f64) {
        let k = self.s.len();
        let cols = self.cols;
        let u = std::mem::take(&mut self.u);
        let mut inv = std::mem::take(&mut self.inv);
        let q = 1.0 / p;
        match (entering < cols, leaving < cols) {
            (true, true) => {
                // A coordinate replaces a coordinate: a column of M.
                let b0 = self.s_at[leaving];
                let (before, rest) = inv.split_at_mut(b0 * k);
                let (pivot_row, after) = rest.split_at_mut(k);
                for x in pivot_row.iter_mut() {
                    *x *= q;
                }
                let others = before.chunks_exact_mut(k).chain(after.chunks_exact_mut(k));
                for (row, f) in others.zip(u[..b0].iter().chain(&u[b0 + 1..])) {
                    if *f != 0.0 {
                        for (x, v) in row.iter_mut().zip(pivot_row.iter()) {
                            *x -= f * v;
                        }
                    }
                }
                self.s[b0] = entering;
                self.s_at[leaving] = NONE;
                self.s_at[entering] = b0;
            }
            (false, false) => {
                // A slack replaces a slack: a row of M, that of the constraint of
                // `leaving` for that of `entering`; h = C[o, S] M⁻¹ has h[a0] = −p.
                let (o_in, o_out) = (entering - cols, leaving - cols);
                let a0 = self.j_at[o_in];
                let mut h = std::mem::take(&mut self.h);
                self.times_inverse(&inv, o_out, &mut h);
                let r = 1.0 / h[a0];
                h[a0] = 0.0;
                for (row, ub) in inv.chunks_exact_mut(k).zip(&u) {
                    let f = ub * r;
                    for (x, ha) in row.iter_mut().zip(&h) {
                        *x -= f * ha;
                    }
                    row[a0] = f;
                }
                self.h = h;
                self.j[a0] = o_out;
                self.j_at[o_in] = NONE;
                self.j_at[o_out] = a0;
            }
            (true, false) => {
                // A coordinate enters, a slack leaves: M gains a row and a column,
                // with Schur complement `p`.
                let o = leaving - cols;
                let mut h = std::mem::take(&mut self.h);
                self.times_inverse(&inv, o, &mut h);
                let mut next = std::mem::take(&mut self.spare);
                next.clear();
                for (row, ub) in inv.chunks_exact(k.max(1)).zip(&u) {
                    let f = ub * q;
                    next.extend(row.iter().zip(&h).map(|(x, ha)| x + f * ha));
                    next.push(-f);
                }
                next.extend(h.iter().map(|x| -x * q));
                next.push(q);
                self.spare = std::mem::replace(&mut inv, next);
                self.h = h;
                self.s_at[entering] = k;
                self.s.push(entering);
                self.x.push(0.0);
                self.j_at[o] = k;
                self.j.push(o);
            }
            (false, true) => {
                // A slack enters, a coordinate leaves: M loses a row and a column.
                let (a0, b0) = (self.j_at[entering - cols], self.s_at[leaving]);
                let mut next = std::mem::take(&mut self.spare);
                next.clear();
                let pivot_row = &inv[b0 * k..(b0 + 1) * k];
                for (b, row) in inv.chunks_exact(k).enumerate() {
                    if b != b0 {
                        let f = u[b] * q;
                        let less = |(x, v): (&f64, &f64)| x - f * v;
                        next.extend(row[..a0].iter().zip(&pivot_row[..a0]).map(less));
                        next.extend(row[a0 + 1..].iter().zip(&pivot_row[a0 + 1..]).map(less));
                    }
                }
                self.spare = std::mem::replace(&mut inv, next);
                self.s.remove(b0);
                self.x.remove(b0);
                self.j.remove(a0);
                self.s_at[leaving] = NONE;
                self.j_at[entering - cols] = NONE;
                for (b, &s) in self.s.iter().enumerate() {
                    self.s_at[s] = b;
                }
                for (a, &o) in self.j.iter().enumerate() {
                    self.j_at[o] = a;
                }
            }
        }
        self.inv = inv;
        self.u = u;
    }

    /// Row `o` of `C` at the basic coordinates times `M⁻¹` (over `J`), into `h`.
    #[inline(always)]
    fn times_inverse(&self, inv: &[f64], o: usize, h: &mut Vec<f64>) {
        let k = self.s.len();
        let row = &self.c.by_row[o * self.cols..(o + 1) * self.cols];
        h.clear();
        h.resize(k, 0.0);
        for (b, &s) in self.s.iter().enumerate() {
            let x = row[s];
            if x != 0.0 {
                for (ha, v) in h.iter_mut().zip(&inv[b * k..(b + 1) * k]) {
                    *ha += x * v;
                }
            }
        }
    }

    /// Computes `M⁻¹` afresh from `C` (Gauss–Jordan elimination with partial
    /// pivoting) and the right-hand side from it; `false` when `M` is singular
    /// within the tolerance or a number is not finite.
    #[inline(always)]
    fn refresh(&mut self) -> bool {
        self.since = 0;
        let k = self.s.len();
        // [M | I], eliminated to [I | M⁻¹]: row a of M is constraint j[a].
        let w = 2 * k;
        let mut t = vec![0.0; k * w];
        for (a, &o) in self.j.iter().enumerate() {
            let row = &self.c.by_row[o * self.cols..(o + 1) * self.cols];
            for (b, &s) in self.s.iter().enumerate() {
                t[a * w + b] = row[s];
            }
            t[a * w + k + a] = 1.0;
        }
        let scale = t.iter().map(|v| v.abs()).fold(0.0, f64::max);
        for col in 0..k {
            let Some(p) =
                (col..k).max_by(|&x, &y| t[x * w + col].abs().total_cmp(&t[y * w + col].abs()))
            else {
                return false;
            };
            let pv = t[p * w + col];
            if pv.is_nan() || pv.abs() <= TOLERANCE * scale {
                return false;
            }
            if p != col {
                for x in 0..w {
                    t.swap(p * w + x, col * w + x);
                }
            }
            let mut pivot_row = t[col * w..(col + 1) * w].to_vec();
            let q = 1.0 / pv;
            for v in &mut pivot_row {
                *v *= q;
            }
            for (i, row) in t.chunks_exact_mut(w).enumerate() {
                let f = row[col];
                if i != col && f != 0.0 {
                    for (x, v) in row.iter_mut().zip(&pivot_row) {
                        *x -= f * v;
                    }
                }
            }
            t[col * w..(col + 1) * w].copy_from_slice(&pivot_row);
        }
        // Row b of [I | X] is the equation of column b of M, so X = M⁻¹ (rows by
        // coordinate, columns by constraint).
        self.inv.clear();
        for b in 0..k {
            self.inv.extend_from_slice(&t[b * w + k..(b + 1) * w]);
        }
        // The basic coordinates M⁻¹ 1, then the slacks 1 − C[·, S] x.
        let x: Vec<f64> = (0..k)
            .map(|b| self.inv[b * k..(b + 1) * k].iter().sum())
            .collect();
        for o in 0..self.rows {
            self.slack[o] = if self.j_at[o] == NONE {
                1.0 - self.dot_s(o, &x)
            } else {
                0.0
            };
        }
        self.x = x;
        self.entering = None;
        self.x.iter().chain(&self.slack).all(|v| v.is_finite())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pivot::Dictionary;
    use num_bigint::BigInt;
    use num_traits::ToPrimitive;

    /// A fixed linear congruential sequence.
    fn lcg(seed: &mut u64, below: u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) % below
    }

    #[test]
    fn the_compact_dictionary_follows_the_exact_one() {
        // Random pivots (an entering column, the exact ratio test's row) on random
        // polytopes: the same bases, right-hand sides and entering columns as the
        // exact dictionary's, entry by entry within rounding.
        let mut seed = 7;
        for round in 0..60 {
            let rows = 1 + lcg(&mut seed, 9) as usize;
            let cols = 1 + lcg(&mut seed, 9) as usize;
            let span = if round % 2 == 0 { 4 } else { 1000 };
            let c: Vec<Vec<i64>> = (0..rows)
                .map(|_| (0..cols).map(|_| 1 + lcg(&mut seed, span) as i64).collect())
                .collect();
            let mut exact = Dictionary::new(rows, cols, |i, j| BigInt::from(c[i][j]));
            let mut float = FloatDictionary::new(rows, cols, |i, j| c[i][j] as f64).unwrap();
            let budget = crate::Budget::new(u64::MAX);
            for _ in 0..300 {
                let col = 1 + lcg(&mut seed, cols as u64) as usize;
                let Some(r) = exact.leaving(col) else {
                    continue;
                };
                assert_eq!(float.leaving(col), Some(r), "round {round}");
                for i in 0..rows {
                    let want = exact.entry(i, col);
                    let got = float.entry(float.candidate(i));
                    assert!(
                        (want - got).abs() < 1e-6 * (1.0 + want.abs()),
                        "{want} {got}"
                    );
                }
                exact.pivot(r, col, &budget).unwrap();
                assert!(float.pivot(r, col));
                for i in 0..rows {
                    assert_eq!(float.basic(i), exact.basic(i));
                    let want = exact.rhs(i).to_f64().unwrap() / exact.det();
                    let got = float.value(float.candidate(i));
                    assert!((want - got).abs() < 1e-6 * (1.0 + want.abs()));
                }
            }
        }
    }
}
