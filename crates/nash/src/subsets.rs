//! The k-element subsets of `0..n`, in lexicographic order.

/// Iterator over the `k`-element subsets of `0..n`, each a sorted `Vec`, in
/// lexicographic order.
///
/// ```
/// use sprague_nash::subsets::Subsets;
/// let all: Vec<Vec<usize>> = Subsets::new(4, 2).collect();
/// assert_eq!(all, vec![vec![0, 1], vec![0, 2], vec![0, 3], vec![1, 2], vec![1, 3], vec![2, 3]]);
/// assert_eq!(Subsets::new(3, 0).count(), 1);
/// assert_eq!(Subsets::new(2, 3).count(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct Subsets {
    n: usize,
    next: Option<Vec<usize>>,
}

impl Subsets {
    /// The `k`-element subsets of `0..n`.
    pub fn new(n: usize, k: usize) -> Subsets {
        Subsets {
            n,
            next: (k <= n).then(|| (0..k).collect()),
        }
    }
}

impl Iterator for Subsets {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        let current = self.next.take()?;
        let k = current.len();
        let mut succ = current.clone();
        // The rightmost position that can still move right.
        if let Some(i) = (0..k).rev().find(|&i| succ[i] < self.n - k + i) {
            succ[i] += 1;
            for j in i + 1..k {
                succ[j] = succ[j - 1] + 1;
            }
            self.next = Some(succ);
        }
        Some(current)
    }
}

/// The number of ways to choose `k` of `n`, or `None` when it does not fit in a `u128`.
///
/// ```
/// use sprague_nash::subsets::binomial;
/// assert_eq!(binomial(24, 12), Some(2_704_156));
/// assert_eq!(binomial(3, 5), Some(0));
/// assert_eq!(binomial(1000, 500), None);
/// ```
pub fn binomial(n: usize, k: usize) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        // c · (n − i) / (i + 1) is C(n, i + 1), an integer; divide by the gcd first
        // to keep the intermediate product small.
        let num = (n - i) as u128;
        let den = (i + 1) as u128;
        let g = gcd(c, den);
        c = (c / g).checked_mul(num)? / (den / g);
    }
    Some(c)
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_binomials() {
        for n in 0..9 {
            for k in 0..=n + 1 {
                assert_eq!(Subsets::new(n, k).count() as u128, binomial(n, k).unwrap());
            }
        }
    }

    #[test]
    fn pascal_triangle() {
        for n in 1..120 {
            for k in 1..n {
                assert_eq!(
                    binomial(n, k),
                    Some(binomial(n - 1, k - 1).unwrap() + binomial(n - 1, k).unwrap())
                );
            }
        }
    }
}
