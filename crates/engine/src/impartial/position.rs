//! Sums of components stored compactly, and the compact column of their nim-values.
//!
//! A Nim position read from a file can have a million heaps. Stored as one
//! [`Component`] each it would cost 40 bytes a heap and a reference count; a
//! [`Position`] keeps a run of one-heap components of one family as the bare heap
//! sizes (8 bytes each) and hands out components on demand. [`Values`] does the same
//! for the components' nim-values.

use super::family::Family;
use super::sum::Component;
use sprague_core::nat::Nat;
use std::rc::Rc;

/// Read access to the components of a sum, however they are stored: a slice of
/// [`Component`]s or a compact [`Position`].
pub trait Components {
    /// How many components the sum has.
    fn count(&self) -> usize;

    /// Component `i` (`i < count()`), as a cheap copy: the family object is shared.
    fn component(&self, i: usize) -> Component;

    /// The components in order.
    fn each(&self) -> impl Iterator<Item = Component> + '_;

    /// The components in order, runs of one-heap components of one family together
    /// where the storage keeps them so.
    fn stretches(&self) -> impl Iterator<Item = Stretch<'_>> + '_;
}

/// A stretch of a sum (see [`Components::stretches`]).
pub enum Stretch<'a> {
    /// Consecutive one-heap components `family(n)`, `n` in `sizes`.
    Heaps {
        /// Their family.
        family: &'a Rc<dyn Family>,
        /// Their heap sizes.
        sizes: &'a [u64],
    },
    /// One component.
    One(&'a Component),
}

/// Lists of components: slices, vectors and arrays.
macro_rules! list_of_components {
    ($([$($gen:tt)*] $t:ty),*) => {$(
        impl<$($gen)*> Components for $t {
            fn count(&self) -> usize {
                self.len()
            }

            fn component(&self, i: usize) -> Component {
                self[i].clone()
            }

            fn each(&self) -> impl Iterator<Item = Component> + '_ {
                self.iter().cloned()
            }

            fn stretches(&self) -> impl Iterator<Item = Stretch<'_>> + '_ {
                self.iter().map(Stretch::One)
            }
        }
    )*};
}

list_of_components!([] [Component], [] Vec<Component>, [const N: usize] [Component; N]);

/// A stretch of a position: consecutive heaps of one family, or one other component.
#[derive(Clone)]
enum Run {
    /// Consecutive components of one family, each a single argument below 2^64.
    Heaps {
        family: Rc<dyn Family>,
        sizes: Vec<u64>,
    },
    /// Any other component.
    One(Component),
}

/// A sum of components, stored compactly (see the module documentation).
///
/// ```
/// use sprague_engine::impartial::family::Family;
/// use sprague_engine::impartial::position::{Components, Position};
/// use sprague_engine::impartial::takebreak::{TakeBreak, TakeBreakFamily, Wording};
/// use std::rc::Rc;
/// let octal = |name: &str, digits: &[u8]| -> Rc<dyn Family> {
///     let rules = TakeBreak::new(name, digits, false, Wording::Pins).unwrap();
///     Rc::new(TakeBreakFamily::new(rules))
/// };
/// let kayles = octal("kayles", &[0, 7, 7]);
/// let dawson = octal("dawson", &[0, 0, 7]);
/// let mut p = Position::new();
/// p.push_heaps(&kayles, vec![3, 4]);
/// p.push_heap(&dawson, 1);
/// p.push_heap(&kayles, 5);
/// assert_eq!(p.count(), 4);
/// assert_eq!(p.run_count(), 3);
/// assert_eq!(p.component(2).expr(), "dawson(1)");
/// assert_eq!(p.to_string(), "kayles(3,4) + dawson(1) + kayles(5)");
/// ```
#[derive(Clone, Default)]
pub struct Position {
    runs: Vec<Run>,
    /// The index of the first component of each run.
    starts: Vec<usize>,
    len: usize,
}

impl Position {
    /// How many runs the components are stored in: neighbouring components of one
    /// family share a run.
    pub fn run_count(&self) -> usize {
        self.runs.len()
    }

    /// The empty sum (the game 0).
    pub fn new() -> Self {
        Position::default()
    }

    /// Whether the sum has no components.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends a component.
    pub fn push(&mut self, c: Component) {
        match c.pos.as_slice() {
            [Nat::Small(n)] => self.push_heap(&c.family, *n),
            _ => self.push_run(Run::One(c)),
        }
    }

    /// Appends the one-argument component `family(size)` without building it (the
    /// caller has checked the argument).
    pub fn push_heap(&mut self, family: &Rc<dyn Family>, size: u64) {
        if let Some(Run::Heaps { family: f, sizes }) = self.runs.last_mut()
            && Rc::ptr_eq(f, family)
        {
            sizes.push(size);
            self.len += 1;
            return;
        }
        self.push_run(Run::Heaps {
            family: family.clone(),
            sizes: vec![size],
        });
    }

    /// Appends the one-argument components `family(n)` for each `n` in `sizes`
    /// without building them (the caller has checked the arguments).
    pub fn push_heaps(&mut self, family: &Rc<dyn Family>, mut sizes: Vec<u64>) {
        if let Some(Run::Heaps {
            family: f,
            sizes: run,
        }) = self.runs.last_mut()
            && Rc::ptr_eq(f, family)
        {
            self.len += sizes.len();
            run.append(&mut sizes);
        } else if !sizes.is_empty() {
            self.push_run(Run::Heaps {
                family: family.clone(),
                sizes,
            });
        }
    }

    fn push_run(&mut self, run: Run) {
        self.starts.push(self.len);
        self.len += match &run {
            Run::Heaps { sizes, .. } => sizes.len(),
            Run::One(_) => 1,
        };
        self.runs.push(run);
    }

    /// The components as a vector.
    pub fn to_vec(&self) -> Vec<Component> {
        self.each().collect()
    }

    /// Writes the sum in normalised form (see [`write_up_to`]).
    pub fn write(&self, out: &mut String) {
        write_up_to(self.each(), out, usize::MAX);
    }

    /// Like [`Position::write`], but stops soon after `out` reaches `max_len` bytes
    /// (for previews of huge positions); returns whether it stopped early.
    pub fn write_up_to(&self, out: &mut String, max_len: usize) -> bool {
        write_up_to(self.each(), out, max_len)
    }
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut s = String::new();
        self.write(&mut s);
        f.write_str(&s)
    }
}

impl Components for Position {
    fn count(&self) -> usize {
        self.len
    }

    fn component(&self, i: usize) -> Component {
        assert!(i < self.len, "component {i} of a sum of {}", self.len);
        let r = self.starts.partition_point(|&s| s <= i) - 1;
        match &self.runs[r] {
            Run::Heaps { family, sizes } => Component::heap(family, sizes[i - self.starts[r]]),
            Run::One(c) => c.clone(),
        }
    }

    fn stretches(&self) -> impl Iterator<Item = Stretch<'_>> + '_ {
        self.runs.iter().map(|run| match run {
            Run::Heaps { family, sizes } => Stretch::Heaps { family, sizes },
            Run::One(c) => Stretch::One(c),
        })
    }

    fn each(&self) -> impl Iterator<Item = Component> + '_ {
        Each {
            runs: &self.runs,
            run: 0,
            at: 0,
            left: self.len,
        }
    }
}

/// The components of a [`Position`] in order.
struct Each<'a> {
    runs: &'a [Run],
    /// The current run, and the place in it.
    run: usize,
    at: usize,
    left: usize,
}

impl Iterator for Each<'_> {
    type Item = Component;

    fn next(&mut self) -> Option<Component> {
        loop {
            match self.runs.get(self.run)? {
                Run::Heaps { family, sizes } => {
                    if let Some(&n) = sizes.get(self.at) {
                        self.at += 1;
                        self.left -= 1;
                        return Some(Component::heap(family, n));
                    }
                }
                Run::One(c) => {
                    if self.at == 0 {
                        self.at = 1;
                        self.left -= 1;
                        return Some(c.clone());
                    }
                }
            }
            self.run += 1;
            self.at = 0;
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Each<'_> {}

impl From<Vec<Component>> for Position {
    fn from(components: Vec<Component>) -> Self {
        components.into_iter().collect()
    }
}

impl From<&[Component]> for Position {
    fn from(components: &[Component]) -> Self {
        components.iter().cloned().collect()
    }
}

impl FromIterator<Component> for Position {
    fn from_iter<I: IntoIterator<Item = Component>>(iter: I) -> Self {
        let mut p = Position::new();
        for c in iter {
            p.push(c);
        }
        p
    }
}

/// Writes a sum in normalised form: components joined by ` + `, adjacent components
/// of one heap family written together (`nim(3) + nim(4)` is `nim(3,4)`,
/// `ed(1,2) + ed(3,4)` is `ed(1,2,3,4)`), the empty sum as `0`. Stops soon after
/// `out` reaches `max_len` bytes; returns whether it stopped early.
pub fn write_up_to(
    components: impl Iterator<Item = Component>,
    out: &mut String,
    max_len: usize,
) -> bool {
    // The family of the group of heaps being written, whose `)` is still to come.
    let mut open: Option<Rc<dyn Family>> = None;
    let mut first = true;
    for c in components {
        if out.len() >= max_len {
            return true;
        }
        let joins = open.as_ref().is_some_and(|f| Rc::ptr_eq(f, &c.family));
        if joins {
            out.push(',');
        } else {
            if open.take().is_some() {
                out.push(')');
            }
            if !first {
                out.push_str(" + ");
            }
            if !c.family.is_heap_family() {
                c.family.write_position(&c.pos, out);
                first = false;
                continue;
            }
            out.push_str(&c.family.name());
            out.push('(');
            open = Some(c.family.clone());
        }
        for (l, h) in c.pos.iter().enumerate() {
            if l > 0 {
                out.push(',');
            }
            h.write_decimal(out);
        }
        first = false;
    }
    if open.is_some() {
        out.push(')');
    }
    if first {
        out.push('0');
    }
    false
}

/// The nim-values of the components of a sum, 8 bytes each while they fit in 64
/// bits; unknown values (`None`) and larger ones are kept aside.
///
/// ```
/// use sprague_engine::impartial::position::Values;
/// use sprague_core::nat::Nat;
/// let mut v = Values::default();
/// v.push(Some(Nat::from(3u64)));
/// v.push(None);
/// v.push(Some(Nat::from(u64::MAX)));
/// assert_eq!(v.get(0), Some(Nat::from(3u64)));
/// assert_eq!(v.get(1), None);
/// assert_eq!(v.get(2), Some(Nat::from(u64::MAX)));
/// assert_eq!(v.len(), 3);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Values {
    /// Each value below `u64::MAX`; `u64::MAX` marks an entry of `aside`.
    small: Vec<u64>,
    /// The other entries, by index, ascending.
    aside: Vec<(usize, Option<Nat>)>,
}

impl Values {
    /// Room for `n` values.
    pub fn with_capacity(n: usize) -> Self {
        Values {
            small: Vec::with_capacity(n),
            aside: Vec::new(),
        }
    }

    /// `n` unknown values.
    pub fn unknown(n: usize) -> Self {
        (0..n).map(|_| None).collect()
    }

    /// Appends the value of the next component.
    pub fn push(&mut self, v: Option<Nat>) {
        match v {
            Some(Nat::Small(g)) if g != u64::MAX => self.small.push(g),
            other => {
                self.aside.push((self.small.len(), other));
                self.small.push(u64::MAX);
            }
        }
    }

    /// How many values.
    pub fn len(&self) -> usize {
        self.small.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.small.is_empty()
    }

    /// The value of component `i`, if known (`None` also beyond the end).
    pub fn get(&self, i: usize) -> Option<Nat> {
        match *self.small.get(i)? {
            u64::MAX => self
                .aside
                .binary_search_by_key(&i, |(j, _)| *j)
                .ok()
                .and_then(|k| self.aside[k].1.clone()),
            g => Some(Nat::Small(g)),
        }
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = Option<Nat>> + '_ {
        self.iter_from(0)
    }

    /// The values from index `start` on as plain numbers, when each is known and below
    /// `u64::MAX` (the common case, read without a `Nat` each); `None` otherwise.
    pub(crate) fn small_from(&self, start: usize) -> Option<&[u64]> {
        let aside = self.aside.last().is_some_and(|(j, _)| *j >= start);
        (!aside).then(|| self.small.get(start..).unwrap_or_default())
    }

    /// The values from index `start` on.
    pub(crate) fn iter_from(&self, start: usize) -> impl Iterator<Item = Option<Nat>> + '_ {
        let first_aside = self.aside.partition_point(|(j, _)| *j < start);
        let mut aside = self.aside[first_aside..].iter();
        let small = self.small.get(start..).unwrap_or_default();
        small.iter().map(move |&g| {
            if g == u64::MAX {
                aside.next().and_then(|(_, v)| v.clone())
            } else {
                Some(Nat::Small(g))
            }
        })
    }
}

impl FromIterator<Option<Nat>> for Values {
    fn from_iter<I: IntoIterator<Item = Option<Nat>>>(iter: I) -> Self {
        let mut v = Values::default();
        for g in iter {
            v.push(g);
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_sum_is_written_as_zero() {
        assert_eq!(Position::new().to_string(), "0");
        assert!(Position::new().is_empty());
    }

    #[test]
    fn values_keep_unknown_and_large_ones_aside() {
        let big: Nat = "123456789012345678901234567890".parse().unwrap();
        let vals = vec![
            Some(Nat::from(0u64)),
            None,
            Some(big.clone()),
            Some(Nat::from(u64::MAX)),
            Some(Nat::from(u64::MAX - 1)),
            None,
        ];
        let v: Values = vals.iter().cloned().collect();
        assert_eq!(v.iter().collect::<Vec<_>>(), vals);
        for (i, want) in vals.iter().enumerate() {
            assert_eq!(&v.get(i), want, "{i}");
        }
        assert_eq!(v.get(6), None);
        for start in 0..=7 {
            let want: Vec<_> = vals.iter().skip(start).cloned().collect();
            assert_eq!(v.iter_from(start).collect::<Vec<_>>(), want, "{start}");
        }
        assert_eq!(
            Values::unknown(2).iter().collect::<Vec<_>>(),
            vec![None, None]
        );
    }
}
