//! Exact pivoting on the dictionary of a best-response polytope
//! `{ z ≥ 0 : C z ≤ 1 }` (`C` positive integers, one row per constraint), with the
//! lexicographic rule that makes every pivot behave as in a non-degenerate polytope.
//!
//! The dictionary is fraction-free (integer pivoting, as in Bareiss elimination):
//! with `det` the determinant of the current basis, row `i` reads
//! `det · v_basic(i) = rhs_i − Σ_c a[i][c] · v_nonbasic(c)`, every entry a minor of
//! `[C | I | 1]` and every division exact. Entries are `i128` while they fit (each
//! product is checked) and big integers from the first overflow on.
//!
//! Variables: `0..cols` are the polytope's coordinates (at first nonbasic, the point
//! 0), `cols..cols + rows` the slacks of the constraints (at first basic, slack `k`
//! in row `k`). The lexicographic rule perturbs the right-hand side `1` of
//! constraint `k` by `εᵏ⁺¹`: ties of the ratio test are broken by the rows of the
//! basis inverse, which are the slack columns of the dictionary.

use super::linear::Overflow;
use super::{Budget, LimitExceeded};
use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use std::cmp::Ordering;

/// The numbers of a dictionary: machine integers with checked products, or big ones.
pub(crate) trait Entry: Clone {
    /// `a · b` compared with `c · d`.
    fn cmp_products(a: &Self, b: &Self, c: &Self, d: &Self) -> Result<Ordering, Overflow>;
    /// What a division by `det` needs, prepared once per pivot.
    type Divisor;
    /// The divisor `det`.
    fn divisor(det: &Self) -> Self::Divisor;
    /// `(p · v − f · w) / det`, exact.
    fn update(
        p: &Self,
        v: &Self,
        f: &Self,
        w: &Self,
        det: &Self::Divisor,
    ) -> Result<Self, Overflow>;
    /// `-v`.
    fn negate(v: &Self) -> Result<Self, Overflow>;
    /// `v > 0`.
    fn positive(v: &Self) -> bool;
}

/// A signed 256-bit product: high half (signed) and low half.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Wide(i128, u128);

impl Wide {
    /// `a · b`, exactly.
    fn product(a: i128, b: i128) -> Wide {
        let (ua, ub) = (a.unsigned_abs(), b.unsigned_abs());
        let (a1, a0) = (ua >> 64, ua & u128::from(u64::MAX));
        let (b1, b0) = (ub >> 64, ub & u128::from(u64::MAX));
        let low = a0 * b0;
        let (mid, carry) = (a1 * b0).overflowing_add(a0 * b1);
        let (lo, c) = low.overflowing_add(mid << 64);
        let hi = a1 * b1 + (mid >> 64) + (u128::from(carry) << 64) + u128::from(c);
        let w = Wide(hi as i128, lo);
        if (a < 0) != (b < 0) { w.negate() } else { w }
    }

    fn negate(self) -> Wide {
        let lo = (!self.1).wrapping_add(1);
        let hi = (!self.0).wrapping_add(i128::from(lo == 0));
        Wide(hi, lo)
    }

    fn minus(self, o: Wide) -> Wide {
        let (lo, borrow) = self.1.overflowing_sub(o.1);
        Wide(
            self.0.wrapping_sub(o.0).wrapping_sub(i128::from(borrow)),
            lo,
        )
    }

    /// `self >> t` for `t < 128`, arithmetic.
    fn shifted(self, t: u32) -> Wide {
        if t == 0 {
            return self;
        }
        Wide(self.0 >> t, (self.1 >> t) | ((self.0 as u128) << (128 - t)))
    }
}

impl Entry for i128 {
    fn cmp_products(a: &i128, b: &i128, c: &i128, d: &i128) -> Result<Ordering, Overflow> {
        if let (Some(l), Some(r)) = (a.checked_mul(*b), c.checked_mul(*d)) {
            return Ok(l.cmp(&r));
        }
        Ok(Wide::product(*a, *b).cmp(&Wide::product(*c, *d)))
    }

    /// The exact division by `det > 0` as a shift by its trailing zero bits and a
    /// product by the inverse of its odd part modulo 2¹²⁸ (exact division needs no
    /// remainder), with the bounds `±det · 2¹²⁷` between which the quotient fits.
    type Divisor = (u32, u128, Wide, Wide);

    fn divisor(det: &i128) -> (u32, u128, Wide, Wide) {
        let t = det.trailing_zeros();
        let odd = (*det >> t) as u128;
        // Newton's iteration doubles the correct low bits: 3, 6, …, 192 ≥ 128.
        let mut inv = odd;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u128.wrapping_sub(odd.wrapping_mul(inv)));
        }
        let top = Wide(*det >> 1, (*det as u128) << 127);
        (t, inv, top, top.negate())
    }

    fn update(
        p: &i128,
        v: &i128,
        f: &i128,
        w: &i128,
        &(t, inv, top, bottom): &(u32, u128, Wide, Wide),
    ) -> Result<i128, Overflow> {
        let narrow = p.checked_mul(*v).and_then(|x| {
            if *f == 0 || *w == 0 {
                Some(x)
            } else {
                x.checked_sub(f.checked_mul(*w)?)
            }
        });
        if let Some(x) = narrow {
            return Ok(((x >> t) as u128).wrapping_mul(inv) as i128);
        }
        let x = Wide::product(*p, *v).minus(Wide::product(*f, *w));
        if x >= top || x < bottom {
            return Err(Overflow);
        }
        Ok(x.shifted(t).1.wrapping_mul(inv) as i128)
    }

    fn negate(v: &i128) -> Result<i128, Overflow> {
        v.checked_neg().ok_or(Overflow)
    }

    fn positive(v: &i128) -> bool {
        *v > 0
    }
}

impl Entry for BigInt {
    fn cmp_products(a: &BigInt, b: &BigInt, c: &BigInt, d: &BigInt) -> Result<Ordering, Overflow> {
        Ok((a * b).cmp(&(c * d)))
    }

    type Divisor = BigInt;

    fn divisor(det: &BigInt) -> BigInt {
        det.clone()
    }

    fn update(
        p: &BigInt,
        v: &BigInt,
        f: &BigInt,
        w: &BigInt,
        det: &BigInt,
    ) -> Result<BigInt, Overflow> {
        let x = if f.is_zero() || w.is_zero() {
            p * v
        } else {
            p * v - f * w
        };
        Ok(x / det)
    }

    fn negate(v: &BigInt) -> Result<BigInt, Overflow> {
        Ok(-v)
    }

    fn positive(v: &BigInt) -> bool {
        v.is_positive()
    }
}

/// A dictionary in one kind of numbers.
#[derive(Clone)]
struct Table<T> {
    /// Row-major, `rows × (cols + 1)`; column 0 is the right-hand side.
    a: Vec<T>,
    det: T,
    /// Spare storage for the next dictionary.
    next: Vec<T>,
}

/// Where a variable is: basic in a row, or nonbasic in a column (1-based, as in the
/// dictionary's storage).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    Row(usize),
    Col(usize),
}

#[derive(Clone)]
enum Numbers {
    Small(Table<i128>),
    Big(Table<BigInt>),
}

/// A dictionary of a polytope `{ z ≥ 0 : C z ≤ 1 }`, with its basis.
#[derive(Clone)]
pub(crate) struct Dictionary {
    rows: usize,
    cols: usize,
    numbers: Numbers,
    /// The variable basic in each row.
    basic: Vec<usize>,
    /// The variable nonbasic in each column `1..=cols` (index `c - 1`).
    nonbasic: Vec<usize>,
    place: Vec<Place>,
}

impl Dictionary {
    /// The dictionary at the point 0 of `{ z ≥ 0 : C z ≤ 1 }`, with `c(row, col)` the
    /// entries of `C` (positive integers), `rows` constraints and `cols` coordinates.
    pub fn new(rows: usize, cols: usize, c: impl Fn(usize, usize) -> BigInt) -> Dictionary {
        let w = cols + 1;
        let mut big = Vec::with_capacity(rows * w);
        for i in 0..rows {
            big.push(BigInt::from(1));
            big.extend((0..cols).map(|j| c(i, j)));
        }
        let small: Option<Vec<i128>> = big.iter().map(|v| i128::try_from(v).ok()).collect();
        let numbers = match small {
            Some(a) => Numbers::Small(Table {
                a,
                det: 1,
                next: Vec::new(),
            }),
            None => Numbers::Big(Table {
                a: big,
                det: BigInt::from(1),
                next: Vec::new(),
            }),
        };
        let mut place = Vec::with_capacity(rows + cols);
        place.extend((1..=cols).map(Place::Col));
        place.extend((0..rows).map(Place::Row));
        Dictionary {
            rows,
            cols,
            numbers,
            basic: (cols..cols + rows).collect(),
            nonbasic: (0..cols).collect(),
            place,
        }
    }

    /// The number of constraints (and of basic variables).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of coordinates (and of nonbasic variables).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The work of the next pivot: the entries it updates times the square of the
    /// machine words of the determinant (the size of the numbers, one word for
    /// machine integers): a product of numbers of `w` words costs about `w²`.
    pub fn pivot_work(&self) -> u64 {
        (self.rows as u64)
            .saturating_mul(self.cols as u64 + 1)
            .saturating_mul(self.size())
    }

    /// The square of the machine words of the determinant (1 for machine
    /// integers): the cost of one product of the dictionary's numbers, in products
    /// of machine integers.
    pub fn size(&self) -> u64 {
        let words = match &self.numbers {
            Numbers::Small(_) => 1,
            Numbers::Big(t) => t.det.bits() / 64 + 1,
        };
        words.saturating_mul(words)
    }

    /// Where variable `v` is.
    pub fn place(&self, v: usize) -> Place {
        self.place[v]
    }

    /// The variable basic in row `r`.
    pub fn basic(&self, r: usize) -> usize {
        self.basic[r]
    }

    /// The variable nonbasic in column `c` (1-based).
    pub fn nonbasic(&self, c: usize) -> usize {
        self.nonbasic[c - 1]
    }

    /// Whether the basic variable of row `r` is zero at this basis.
    pub fn basic_is_zero(&self, r: usize) -> bool {
        let w = self.cols + 1;
        match &self.numbers {
            Numbers::Small(t) => t.a[r * w] == 0,
            Numbers::Big(t) => t.a[r * w].is_zero(),
        }
    }

    /// The right-hand side of row `r`: `det` times the value of its basic variable.
    pub fn rhs(&self, r: usize) -> BigInt {
        let w = self.cols + 1;
        match &self.numbers {
            Numbers::Small(t) => BigInt::from(t.a[r * w]),
            Numbers::Big(t) => t.a[r * w].clone(),
        }
    }

    /// The row that leaves when the variable of column `c` enters, by the
    /// lexicographic minimum ratio test; `None` when the column has no positive entry
    /// (never, in a bounded polytope).
    pub fn leaving(&mut self, c: usize) -> Option<usize> {
        if let Numbers::Small(t) = &self.numbers {
            match leaving(t, self.rows, self.cols, &self.place, c) {
                Ok(r) => return r,
                Err(Overflow) => self.grow(),
            }
        }
        match &self.numbers {
            // Big integers do not overflow.
            Numbers::Big(t) => leaving(t, self.rows, self.cols, &self.place, c).unwrap_or(None),
            Numbers::Small(_) => unreachable!("grown to big integers"),
        }
    }

    /// Exchanges the basic variable of row `r` with the nonbasic one of column `c`
    /// (whose entry in row `r` must be positive). Looks at `budget`'s stop signal
    /// between rows when the numbers are big.
    pub fn pivot(&mut self, r: usize, c: usize, budget: &Budget) -> Result<(), LimitExceeded> {
        if let Numbers::Small(t) = &mut self.numbers {
            match pivot(t, self.rows, self.cols, r, c, || Ok(())) {
                Ok(()) => {}
                Err(Stopped::Overflow) => self.grow(),
                Err(Stopped::Limit(e)) => return Err(e),
            }
        }
        if let Numbers::Big(t) = &mut self.numbers {
            match pivot(t, self.rows, self.cols, r, c, || budget.check()) {
                Ok(()) => {}
                Err(Stopped::Limit(e)) => return Err(e),
                Err(Stopped::Overflow) => unreachable!("big integers do not overflow"),
            }
            // Back to machine integers when everything fits again (the numbers shrink
            // when a search goes back up).
            let small: Option<Vec<i128>> = t.a.iter().map(|v| i128::try_from(v).ok()).collect();
            if let (Some(a), Ok(det)) = (small, i128::try_from(&t.det)) {
                self.numbers = Numbers::Small(Table {
                    a,
                    det,
                    next: Vec::new(),
                });
            }
        }
        let (entering, leaving) = (self.nonbasic[c - 1], self.basic[r]);
        self.basic[r] = entering;
        self.nonbasic[c - 1] = leaving;
        self.place[entering] = Place::Row(r);
        self.place[leaving] = Place::Col(c);
        Ok(())
    }

    /// The entry of row `r` in column `c` over the determinant, roughly.
    #[cfg(test)]
    pub fn entry(&self, r: usize, c: usize) -> f64 {
        use num_traits::ToPrimitive;
        let w = self.cols + 1;
        match &self.numbers {
            Numbers::Small(t) => t.a[r * w + c] as f64 / t.det as f64,
            Numbers::Big(t) => {
                t.a[r * w + c].to_f64().unwrap_or(f64::NAN) / t.det.to_f64().unwrap_or(f64::NAN)
            }
        }
    }

    /// The determinant of the basis, roughly.
    #[cfg(test)]
    pub fn det(&self) -> f64 {
        use num_traits::ToPrimitive;
        match &self.numbers {
            Numbers::Small(t) => t.det as f64,
            Numbers::Big(t) => t.det.to_f64().unwrap_or(f64::NAN),
        }
    }

    /// From machine integers to big ones.
    fn grow(&mut self) {
        if let Numbers::Small(t) = &self.numbers {
            self.numbers = Numbers::Big(Table {
                a: t.a.iter().map(|&v| BigInt::from(v)).collect(),
                det: BigInt::from(t.det),
                next: Vec::new(),
            });
        }
    }
}

/// The two ways a pivot ends early.
enum Stopped {
    Overflow,
    Limit(LimitExceeded),
}

impl From<Overflow> for Stopped {
    fn from(_: Overflow) -> Stopped {
        Stopped::Overflow
    }
}

/// The entry of row `i` in the column of slack `k` (a row of `det` times the basis
/// inverse).
fn slack_entry<'a, T: Entry>(
    t: &'a Table<T>,
    cols: usize,
    place: &[Place],
    i: usize,
    k: usize,
    zero: &'a T,
) -> &'a T {
    match place[cols + k] {
        Place::Row(r) if r == i => &t.det,
        Place::Row(_) => zero,
        Place::Col(c) => &t.a[i * (cols + 1) + c],
    }
}

fn leaving<T: Entry + Zero>(
    t: &Table<T>,
    rows: usize,
    cols: usize,
    place: &[Place],
    c: usize,
) -> Result<Option<usize>, Overflow> {
    let w = cols + 1;
    let zero = <T as Zero>::zero();
    let mut best: Option<usize> = None;
    for i in 0..rows {
        let ai = &t.a[i * w + c];
        if !T::positive(ai) {
            continue;
        }
        let Some(b) = best else {
            best = Some(i);
            continue;
        };
        let ab = &t.a[b * w + c];
        // rhs_i / a_i < rhs_b / a_b, then the slack columns in order.
        let mut o = T::cmp_products(&t.a[i * w], ab, &t.a[b * w], ai)?;
        let mut k = 0;
        while o == Ordering::Equal && k < rows {
            let si = slack_entry(t, cols, place, i, k, &zero);
            let sb = slack_entry(t, cols, place, b, k, &zero);
            o = T::cmp_products(si, ab, sb, ai)?;
            k += 1;
        }
        if o == Ordering::Less {
            best = Some(i);
        }
    }
    Ok(best)
}

fn pivot<T: Entry>(
    t: &mut Table<T>,
    rows: usize,
    cols: usize,
    r: usize,
    c: usize,
    mut check: impl FnMut() -> Result<(), LimitExceeded>,
) -> Result<(), Stopped> {
    let w = cols + 1;
    let mut next = std::mem::take(&mut t.next);
    next.clear();
    next.reserve(rows * w);
    let p = t.a[r * w + c].clone();
    let divisor = T::divisor(&t.det);
    debug_assert!(T::positive(&p), "a pivot on a positive entry");
    let result = (|| {
        for i in 0..rows {
            check().map_err(Stopped::Limit)?;
            let row = &t.a[i * w..(i + 1) * w];
            if i == r {
                next.extend(
                    row.iter().enumerate().map(
                        |(k, v)| {
                            if k == c { t.det.clone() } else { v.clone() }
                        },
                    ),
                );
                continue;
            }
            let f = &row[c];
            let pr = &t.a[r * w..(r + 1) * w];
            for k in 0..w {
                next.push(if k == c {
                    T::negate(f)?
                } else {
                    T::update(&p, &row[k], f, &pr[k], &divisor)?
                });
            }
        }
        Ok(())
    })();
    match result {
        Ok(()) => {
            t.next = std::mem::replace(&mut t.a, next);
            t.det = p;
            Ok(())
        }
        Err(e) => {
            t.next = next;
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(w: Wide) -> BigInt {
        (BigInt::from(w.0) << 128) + BigInt::from(w.1)
    }

    #[test]
    fn wide_products_and_exact_quotients_agree_with_big_integers() {
        let mut s: u64 = 99;
        let mut next = move || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            s
        };
        let edges = [
            i128::MIN,
            i128::MIN + 1,
            i128::MAX,
            -1,
            0,
            1,
            1 << 64,
            -(1 << 100),
        ];
        for k in 0..20_000u64 {
            let mut v = [0i128; 6];
            for (j, x) in v.iter_mut().enumerate() {
                *x = if (k + j as u64).is_multiple_of(7) {
                    edges[(next() % edges.len() as u64) as usize]
                } else {
                    (i128::from(next()) << 64 | i128::from(next())) >> (next() % 127)
                };
            }
            let [a, b, c, d, e, f] = v;
            let prod = |x: i128, y: i128| BigInt::from(x) * BigInt::from(y);
            assert_eq!(big(Wide::product(a, b)), prod(a, b));
            assert_eq!(
                big(Wide::product(a, b).minus(Wide::product(c, d))),
                prod(a, b) - prod(c, d)
            );
            assert_eq!(
                i128::cmp_products(&a, &b, &c, &d).unwrap(),
                prod(a, b).cmp(&prod(c, d))
            );
            // An exact quotient: (q·det − 0·0) / det with det > 0.
            let det = ((e.unsigned_abs() >> (next() % 128)) as i128).max(1);
            let q = f >> (next() % 128);
            let got = i128::update(&q, &det, &0, &0, &i128::divisor(&det));
            assert_eq!(got, Ok(q), "{q} · {det} / {det}");
            // A quotient that does not fit is refused.
            if det > 1 {
                let got = i128::update(&i128::MAX, &det, &0, &0, &i128::divisor(&1));
                assert_eq!(got, Err(Overflow));
            }
        }
    }
}
