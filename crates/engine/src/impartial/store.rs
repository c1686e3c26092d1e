//! The values of a heap table in the narrowest width that holds them: two bytes a
//! heap while every value is below 2^16, four once one is not.
//!
//! [`ValueStore`] owns them; [`ValueSlice`] lends them out at their width, so that the
//! code that reads a table (periods, checkpoints, progress, output) takes either width
//! without copying it. Code that wants a typed slice matches on the variants and calls
//! a function generic over [`Cell`].

use super::cell::Cell;
use std::collections::TryReserveError;

/// Values of heaps `0..len`, borrowed at the width they are stored in.
///
/// ```
/// use sprague_engine::impartial::cell::Cell;
/// use sprague_engine::impartial::store::ValueSlice;
/// let narrow: &[u16] = &[0, 1, 2];
/// let v = Cell::slice(narrow);
/// assert_eq!((v.len(), v.get(2), v.width()), (3, 2, 2));
/// assert_eq!(v, ValueSlice::U32(&[0, 1, 2]));
/// ```
#[derive(Clone, Copy, Debug)]
pub enum ValueSlice<'a> {
    /// Every value below 2^16.
    U16(&'a [u16]),
    /// Values of any size.
    U32(&'a [u32]),
}

impl<'a> ValueSlice<'a> {
    /// The number of values.
    pub fn len(&self) -> usize {
        match self {
            ValueSlice::U16(v) => v.len(),
            ValueSlice::U32(v) => v.len(),
        }
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of heap `i` (`i < len`).
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        match self {
            ValueSlice::U16(v) => u32::from(v[i]),
            ValueSlice::U32(v) => v[i],
        }
    }

    /// Bytes per value: 2 or 4.
    pub fn width(&self) -> usize {
        match self {
            ValueSlice::U16(_) => 2,
            ValueSlice::U32(_) => 4,
        }
    }

    /// The values of heaps `0..len` (`len` at most [`ValueSlice::len`]).
    pub fn prefix(&self, len: usize) -> ValueSlice<'a> {
        match *self {
            ValueSlice::U16(v) => ValueSlice::U16(&v[..len]),
            ValueSlice::U32(v) => ValueSlice::U32(&v[..len]),
        }
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + 'a {
        let (narrow, wide): (&'a [u16], &'a [u32]) = match *self {
            ValueSlice::U16(v) => (v, &[]),
            ValueSlice::U32(v) => (&[], v),
        };
        narrow
            .iter()
            .map(|&x| u32::from(x))
            .chain(wide.iter().copied())
    }

    /// The largest value (0 when there is none).
    pub fn max(&self) -> u32 {
        match self {
            ValueSlice::U16(v) => v.iter().copied().max().map_or(0, u32::from),
            ValueSlice::U32(v) => v.iter().copied().max().unwrap_or(0),
        }
    }

    /// The values copied out at four bytes each.
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }
}

impl PartialEq for ValueSlice<'_> {
    /// Equal values, whatever the widths.
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (ValueSlice::U16(a), ValueSlice::U16(b)) => a == b,
            (ValueSlice::U32(a), ValueSlice::U32(b)) => a == b,
            _ => self.len() == other.len() && self.iter().eq(other.iter()),
        }
    }
}

impl Eq for ValueSlice<'_> {}

impl PartialEq<[u32]> for ValueSlice<'_> {
    fn eq(&self, other: &[u32]) -> bool {
        *self == ValueSlice::U32(other)
    }
}

impl PartialEq<&[u32]> for ValueSlice<'_> {
    fn eq(&self, other: &&[u32]) -> bool {
        *self == ValueSlice::U32(other)
    }
}

impl PartialEq<Vec<u32>> for ValueSlice<'_> {
    fn eq(&self, other: &Vec<u32>) -> bool {
        *self == ValueSlice::U32(other)
    }
}

impl PartialEq<ValueSlice<'_>> for Vec<u32> {
    fn eq(&self, other: &ValueSlice<'_>) -> bool {
        other == self
    }
}

impl<'a, C: Cell> From<&'a [C]> for ValueSlice<'a> {
    fn from(v: &'a [C]) -> Self {
        C::slice(v)
    }
}

/// The values of heaps `0..len`, owned, in the narrowest width that held them so far.
///
/// ```
/// use sprague_engine::impartial::store::ValueStore;
/// let mut s = ValueStore::default();
/// s.push(7);
/// assert_eq!(s.width(), 2);
/// s.push(70_000); // widens
/// assert_eq!((s.width(), s.get(0), s.get(1)), (4, 7, 70_000));
/// assert_eq!(ValueStore::from(vec![1, 2]).width(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueStore {
    /// Every value below 2^16.
    U16(Vec<u16>),
    /// Values of any size.
    U32(Vec<u32>),
}

impl Default for ValueStore {
    fn default() -> Self {
        ValueStore::U16(Vec::new())
    }
}

impl From<Vec<u32>> for ValueStore {
    /// The values, narrowed when every one fits in two bytes.
    fn from(values: Vec<u32>) -> Self {
        if values.iter().all(|&v| v <= u32::from(u16::MAX)) {
            ValueStore::U16(values.into_iter().map(|v| v as u16).collect())
        } else {
            ValueStore::U32(values)
        }
    }
}

impl ValueStore {
    /// The number of values.
    pub fn len(&self) -> usize {
        self.slice().len()
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The values, borrowed.
    pub fn slice(&self) -> ValueSlice<'_> {
        match self {
            ValueStore::U16(v) => Cell::slice(&v[..]),
            ValueStore::U32(v) => Cell::slice(&v[..]),
        }
    }

    /// The value of heap `i` (`i < len`).
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        match self {
            ValueStore::U16(v) => u32::from(v[i]),
            ValueStore::U32(v) => v[i],
        }
    }

    /// Bytes per value: 2 or 4.
    pub fn width(&self) -> usize {
        self.slice().width()
    }

    /// Room for `additional` more values (amortised: the capacity at least doubles,
    /// which costs address space, not memory, until the values are written).
    pub(crate) fn try_reserve(&mut self, additional: usize) -> Result<(), TryReserveError> {
        match self {
            ValueStore::U16(v) => v.try_reserve(additional),
            ValueStore::U32(v) => v.try_reserve(additional),
        }
    }

    /// Moves the values to four bytes each; `Err` when that memory cannot be had (the
    /// values are then unchanged).
    pub fn widen(&mut self) -> Result<(), TryReserveError> {
        if let ValueStore::U16(narrow) = self {
            let mut wide: Vec<u32> = Vec::new();
            wide.try_reserve_exact(narrow.capacity().max(narrow.len()))?;
            wide.extend(narrow.iter().map(|&x| u32::from(x)));
            *self = ValueStore::U32(wide);
        }
        Ok(())
    }

    /// Appends `v`, widening the values first when it does not fit (allocating as
    /// `Vec::push` does: for a bounded widening use [`ValueStore::widen`] first).
    pub fn push(&mut self, v: u32) {
        if let ValueStore::U16(narrow) = self {
            match u16::try_from(v) {
                Ok(x) => return narrow.push(x),
                Err(_) => {
                    let wide = narrow.iter().map(|&x| u32::from(x)).collect();
                    *self = ValueStore::U32(wide);
                }
            }
        }
        if let ValueStore::U32(wide) = self {
            wide.push(v);
        }
    }

    /// Keeps the values of heaps `0..len`.
    pub fn truncate(&mut self, len: usize) {
        match self {
            ValueStore::U16(v) => v.truncate(len),
            ValueStore::U32(v) => v.truncate(len),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_keeps_every_value() {
        let mut s = ValueStore::default();
        let values: Vec<u32> = (0..1000).map(|n| n * 97 % 65_536).collect();
        for &v in &values {
            s.push(v);
        }
        assert_eq!(s.width(), 2);
        assert_eq!(s.slice(), values);
        s.widen().unwrap();
        assert_eq!(s.width(), 4);
        assert_eq!(s.slice(), values);
        // Pushing a wide value into a narrow store widens it.
        let mut t = ValueStore::from(values.clone());
        assert_eq!(t.width(), 2);
        t.push(65_536);
        assert_eq!(t.width(), 4);
        assert_eq!(t.slice().prefix(1000), values);
        assert_eq!(t.get(1000), 65_536);
        assert_eq!(t.slice().max(), 65_536);
        t.truncate(3);
        assert_eq!(t.slice().to_vec(), [0, 97, 194]);
    }

    #[test]
    fn slices_compare_by_value_across_widths() {
        let a: &[u16] = &[1, 2, 3];
        let b: &[u32] = &[1, 2, 3];
        assert_eq!(ValueSlice::from(a), ValueSlice::from(b));
        assert_ne!(ValueSlice::from(a), ValueSlice::from(&b[..2]));
        assert_ne!(ValueSlice::from(a), ValueSlice::U32(&[1, 2, 4]));
        assert!(ValueSlice::U16(&[]).is_empty());
        assert_eq!(ValueSlice::from(a).max(), 3);
    }
}
