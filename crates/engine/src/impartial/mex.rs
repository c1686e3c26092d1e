//! The minimum excludant (mex) of a set of small values, computed with a reusable
//! stamp array so that each call costs O(number of values + result).

/// Reusable scratch space for computing mexes without allocating per call.
///
/// ```
/// use sprague_engine::impartial::mex::Mex;
/// let mut m = Mex::default();
/// assert_eq!(m.of([2, 0, 1]), 3);
/// assert_eq!(m.of([1, 2]), 0);
/// assert_eq!(m.of(std::iter::empty()), 0);
/// ```
#[derive(Default, Debug, Clone)]
pub struct Mex {
    stamp: Vec<u32>,
    round: u32,
}

impl Mex {
    /// The smallest non-negative integer not among `values`.
    pub fn of(&mut self, values: impl IntoIterator<Item = u32>) -> u32 {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.round = 1;
        }
        let mut count = 0usize;
        for v in values {
            let v = v as usize;
            if v >= self.stamp.len() {
                // Values beyond the number of options cannot affect the mex, but we do not
                // know the count in advance: grow on demand, bounded by the largest value.
                self.stamp.resize(v + 1, 0);
            }
            self.stamp[v] = self.round;
            count += 1;
        }
        let limit = count.min(self.stamp.len());
        (0..limit)
            .find(|&i| self.stamp[i] != self.round)
            .unwrap_or(limit) as u32
    }
}
