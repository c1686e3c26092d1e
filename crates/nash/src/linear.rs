//! Exact solution of square integer linear systems by fraction-free (Bareiss)
//! Gauss–Jordan elimination: every intermediate value is an integer (a minor of
//! the augmented matrix), every division is exact, and no fraction is ever reduced.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

/// Solves `m · x = b` for a square integer matrix `m` (one `Vec` per row).
///
/// Returns `(det, num)` with `det > 0` and `x[i] = num[i] / det` (Cramer's rule:
/// `det` is `|det m|`, `num[i]` the determinant with column `i` replaced by `b`, up to
/// that same sign), or `None` when `m` is singular. The fractions are not reduced.
///
/// ```
/// use num_bigint::BigInt;
/// use sprague_nash::linear::solve;
/// // 2x + y = 3, x + 3y = 5: x = 4/5, y = 7/5.
/// let m = vec![vec![BigInt::from(2), BigInt::from(1)], vec![BigInt::from(1), BigInt::from(3)]];
/// let b = vec![BigInt::from(3), BigInt::from(5)];
/// let (det, num) = solve(m, b).unwrap();
/// assert_eq!(det, BigInt::from(5));
/// assert_eq!(num, vec![BigInt::from(4), BigInt::from(7)]);
/// ```
pub fn solve(m: Vec<Vec<BigInt>>, b: Vec<BigInt>) -> Option<(BigInt, Vec<BigInt>)> {
    match solve_until(m, b, || Ok::<(), std::convert::Infallible>(())) {
        Ok(x) => x,
        Err(e) => match e {},
    }
}

/// [`solve`], calling `check` before each pivot (each costs about `n²` products of
/// big integers): its error ends the elimination.
pub(crate) fn solve_until<E>(
    mut m: Vec<Vec<BigInt>>,
    b: Vec<BigInt>,
    mut check: impl FnMut() -> Result<(), E>,
) -> Result<Option<(BigInt, Vec<BigInt>)>, E> {
    let n = m.len();
    assert_eq!(b.len(), n, "one right-hand side per equation");
    for (row, rhs) in m.iter_mut().zip(b) {
        assert_eq!(row.len(), n, "a square matrix");
        row.push(rhs);
    }
    let mut prev = BigInt::from(1);
    for k in 0..n {
        check()?;
        let Some(p) = (k..n).find(|&r| !m[r][k].is_zero()) else {
            return Ok(None);
        };
        m.swap(k, p);
        let (before, rest) = m.split_at_mut(k);
        let (pivot_row, after) = rest.split_first_mut().expect("row k exists");
        let pivot = pivot_row[k].clone();
        for row in before.iter_mut().chain(after.iter_mut()) {
            let factor = std::mem::take(&mut row[k]);
            if factor.is_zero() {
                // Row ← pivot · row / prev: still exact, and keeps every entry a minor.
                for v in &mut row[k + 1..] {
                    *v = &*v * &pivot / &prev;
                }
                continue;
            }
            for (v, pv) in row[k + 1..].iter_mut().zip(&pivot_row[k + 1..]) {
                *v = (&pivot * &*v - &factor * pv) / &prev;
            }
        }
        prev = pivot;
    }
    // Now every row i reads prev · x_i = m[i][n]; prev is ± det m.
    let mut num: Vec<BigInt> = m.into_iter().map(|mut row| row.pop().unwrap()).collect();
    if prev.is_negative() {
        prev = -prev;
        for v in &mut num {
            *v = -&*v;
        }
    }
    Ok(Some((prev, num)))
}

/// The same elimination as [`solve`] in `i128`, on a flat row-major `n × (n+1)`
/// augmented matrix `[m | b]`: `Ok(Some((det, num)))`, `Ok(None)` when `m` is
/// singular, `Err(Overflow)` when an intermediate value does not fit (then use
/// [`solve`]).
///
/// ```
/// use sprague_nash::linear::solve_small;
/// // 2x + y = 3, x + 3y = 5: x = 4/5, y = 7/5.
/// let mut a = vec![2, 1, 3, 1, 3, 5];
/// assert_eq!(solve_small(2, &mut a), Ok(Some((5, vec![4, 7]))));
/// let mut big = vec![i128::MAX / 2, 1, 1, 1, i128::MAX / 2, 1];
/// assert!(solve_small(2, &mut big).is_err());
/// ```
pub fn solve_small(n: usize, a: &mut [i128]) -> Result<Option<(i128, Vec<i128>)>, Overflow> {
    let w = n + 1;
    assert_eq!(a.len(), n * w, "an n × (n+1) augmented matrix");
    let mut prev: i128 = 1;
    for k in 0..n {
        let Some(p) = (k..n).find(|&r| a[r * w + k] != 0) else {
            return Ok(None);
        };
        if p != k {
            for c in 0..w {
                a.swap(k * w + c, p * w + c);
            }
        }
        let pivot = a[k * w + k];
        for i in (0..n).filter(|&i| i != k) {
            let factor = a[i * w + k];
            a[i * w + k] = 0;
            for c in k + 1..w {
                let v = pivot
                    .checked_mul(a[i * w + c])
                    .and_then(|x| x.checked_sub(factor.checked_mul(a[k * w + c])?))
                    .ok_or(Overflow)?;
                a[i * w + c] = v / prev;
            }
        }
        prev = pivot;
    }
    let mut num: Vec<i128> = (0..n).map(|i| a[i * w + n]).collect();
    if prev < 0 {
        prev = prev.checked_neg().ok_or(Overflow)?;
        for v in &mut num {
            *v = v.checked_neg().ok_or(Overflow)?;
        }
    }
    Ok(Some((prev, num)))
}

/// An intermediate value did not fit in the machine integers of a fast path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow;

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(v: &[i64]) -> Vec<BigInt> {
        v.iter().map(|&x| BigInt::from(x)).collect()
    }

    /// Checks `m · num = det · b` directly.
    fn check(m: &[Vec<BigInt>], b: &[BigInt], det: &BigInt, num: &[BigInt]) {
        for (row, rhs) in m.iter().zip(b) {
            let lhs: BigInt = row.iter().zip(num).map(|(a, x)| a * x).sum();
            assert_eq!(lhs, det * rhs);
        }
    }

    /// The determinant by the permutation expansion (independent of elimination).
    fn leibniz(m: &[Vec<BigInt>]) -> BigInt {
        fn go(m: &[Vec<BigInt>], row: usize, used: &mut Vec<bool>, sign: i64) -> BigInt {
            if row == m.len() {
                return BigInt::from(sign);
            }
            let mut total = BigInt::zero();
            let mut s = sign;
            for c in 0..m.len() {
                if used[c] {
                    continue;
                }
                // The sign flips with every unused column skipped to the left.
                used[c] = true;
                total += &m[row][c] * go(m, row + 1, used, s);
                used[c] = false;
                s = -s;
            }
            total
        }
        go(m, 0, &mut vec![false; m.len()], 1)
    }

    #[test]
    fn needs_a_row_swap() {
        // y = 1, x + y = 3: x = 2, y = 1.
        let m = vec![ints(&[0, 1]), ints(&[1, 1])];
        let b = ints(&[1, 3]);
        let (det, num) = solve(m.clone(), b.clone()).unwrap();
        check(&m, &b, &det, &num);
        assert_eq!(det, BigInt::from(1));
        assert_eq!(num, ints(&[2, 1]));
    }

    #[test]
    fn singular_systems_have_no_solution() {
        assert!(solve(vec![ints(&[1, 2]), ints(&[2, 4])], ints(&[1, 1])).is_none());
        assert!(solve(vec![ints(&[0])], ints(&[1])).is_none());
    }

    #[test]
    fn determinant_is_the_absolute_value() {
        // det [[0,1],[1,0]] = -1; x = (b1, b0).
        let (det, num) = solve(vec![ints(&[0, 1]), ints(&[1, 0])], ints(&[5, 7])).unwrap();
        assert_eq!(det, BigInt::from(1));
        assert_eq!(num, ints(&[7, 5]));
    }

    #[test]
    fn random_systems_satisfy_the_equations() {
        // A fixed linear congruential sequence: no dependency on a random source.
        let mut s: u64 = 12345;
        let mut next = || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 33) % 11) as i64 - 5
        };
        for n in 1..=6 {
            for _ in 0..200 {
                let m: Vec<Vec<BigInt>> = (0..n)
                    .map(|_| ints(&(0..n).map(|_| next()).collect::<Vec<_>>()))
                    .collect();
                let b = ints(&(0..n).map(|_| next()).collect::<Vec<_>>());
                let mut flat: Vec<i128> = Vec::new();
                for (row, rhs) in m.iter().zip(&b) {
                    flat.extend(row.iter().map(|v| i128::try_from(v).unwrap()));
                    flat.push(i128::try_from(rhs).unwrap());
                }
                let small = solve_small(n, &mut flat).unwrap().map(|(d, num)| {
                    (
                        BigInt::from(d),
                        num.into_iter().map(BigInt::from).collect::<Vec<_>>(),
                    )
                });
                assert_eq!(small, solve(m.clone(), b.clone()));
                match solve(m.clone(), b.clone()) {
                    Some((det, num)) => {
                        assert!(det.is_positive());
                        assert_eq!(det, leibniz(&m).abs());
                        check(&m, &b, &det, &num);
                    }
                    None => assert!(leibniz(&m).is_zero()),
                }
            }
        }
    }
}
