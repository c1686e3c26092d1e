//! The width of a stored Grundy value.
//!
//! Tables of research size hold hundreds of millions of values, nearly always below
//! 2^16: they are kept in the narrowest width that holds them ([`u16`], else [`u32`]),
//! and the algorithms that fill them are written once for any [`Cell`].

use super::store::ValueSlice;
use std::ops::{BitOr, BitXor};

/// A Grundy value as stored in a table: [`u16`] or [`u32`].
///
/// ```
/// use sprague_engine::impartial::cell::Cell;
/// assert_eq!(<u16 as Cell>::new(70_000), None);
/// assert_eq!(<u32 as Cell>::new(70_000).map(Cell::get), Some(70_000));
/// assert_eq!(<u16 as Cell>::new(7).map(Cell::get), Some(7));
/// ```
pub trait Cell:
    Copy
    + Eq
    + Ord
    + Default
    + Send
    + Sync
    + std::fmt::Debug
    + BitXor<Output = Self>
    + BitOr<Output = Self>
    + 'static
{
    /// The largest value this width holds.
    const MAX: u32;
    /// Bytes per value.
    const BYTES: usize;
    /// The value.
    fn get(self) -> u32;
    /// `v` in this width, if it fits.
    fn new(v: u32) -> Option<Self>;
    /// `values` seen at their width, as the code that reads any table takes them.
    fn slice(values: &[Self]) -> ValueSlice<'_>;
    /// Every bit of the width set when `b`, else zero: a comparison as a mask, which
    /// vector code ORs together without a branch.
    fn mask(b: bool) -> Self;
}

impl Cell for u16 {
    const MAX: u32 = u16::MAX as u32;
    const BYTES: usize = 2;
    #[inline]
    fn get(self) -> u32 {
        u32::from(self)
    }
    #[inline]
    fn new(v: u32) -> Option<Self> {
        u16::try_from(v).ok()
    }
    #[inline]
    fn slice(values: &[Self]) -> ValueSlice<'_> {
        ValueSlice::U16(values)
    }
    #[inline]
    fn mask(b: bool) -> Self {
        0u16.wrapping_sub(u16::from(b))
    }
}

impl Cell for u32 {
    const MAX: u32 = u32::MAX;
    const BYTES: usize = 4;
    #[inline]
    fn get(self) -> u32 {
        self
    }
    #[inline]
    fn new(v: u32) -> Option<Self> {
        Some(v)
    }
    #[inline]
    fn slice(values: &[Self]) -> ValueSlice<'_> {
        ValueSlice::U32(values)
    }
    #[inline]
    fn mask(b: bool) -> Self {
        0u32.wrapping_sub(u32::from(b))
    }
}

/// How an extension of a table of one width ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extended {
    /// The table reached the length asked for, or the watcher stopped it (then it is
    /// shorter).
    Done,
    /// The value of the next heap (heap `values.len()`) is this one, which the width
    /// cannot hold: the caller widens the table, pushes it, and extends again. The
    /// algorithm has recorded it as computed.
    TooWide(u32),
}

/// A cell of three bits for tests: small tables reach the widening protocol
/// ([`Extended::TooWide`]) with it.
#[cfg(test)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Tiny(u8);

#[cfg(test)]
impl Cell for Tiny {
    const MAX: u32 = 7;
    const BYTES: usize = 1;
    fn get(self) -> u32 {
        u32::from(self.0)
    }
    fn new(v: u32) -> Option<Self> {
        (v <= Self::MAX).then_some(Tiny(v as u8))
    }
    /// The engines never read their values as a slice of a table (only tables of
    /// `u16` or `u32` are), so the tests never get here.
    fn slice(_: &[Self]) -> ValueSlice<'_> {
        unreachable!("a three-bit test cell is not a table's width")
    }
    fn mask(b: bool) -> Self {
        Tiny(if b { 7 } else { 0 })
    }
}

#[cfg(test)]
impl BitXor for Tiny {
    type Output = Tiny;
    fn bitxor(self, o: Tiny) -> Tiny {
        Tiny(self.0 ^ o.0)
    }
}

#[cfg(test)]
impl BitOr for Tiny {
    type Output = Tiny;
    fn bitor(self, o: Tiny) -> Tiny {
        Tiny(self.0 | o.0)
    }
}
