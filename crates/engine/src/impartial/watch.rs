//! Watching a long table computation: how far it got, a way to stop it at a heap
//! boundary, and the values computed so far, so that nothing is lost.
//!
//! The engine knows nothing of terminals, signals or files: a table that grows calls
//! [`Poll::heap_done`] after each heap, which now and then hands the values known so far
//! to a [`TableWatch`]. What the watcher does with them (draw a progress bar, look at an
//! interrupt flag, save a checkpoint) is up to the front end; when it answers
//! [`ControlFlow::Break`], the computation ends with [`TableHalt::Stopped`] and the
//! values computed up to that heap stay in the table.

use super::cell::Cell;
use super::store::ValueSlice;
use sprague_core::{Bound, SolveError};
use std::ops::ControlFlow;

/// Someone watching a table grow.
pub trait TableWatch {
    /// Called at a heap boundary every few thousand heaps (sooner when heaps are
    /// costly): `values` are the values known so far (heaps `0..values.len()`) and
    /// `wanted` the length the table is being extended to. `Break` stops the
    /// computation at this heap. The values come at the width the table keeps them in.
    fn progress(&mut self, values: ValueSlice<'_>, wanted: usize) -> ControlFlow<()>;

    /// Work units between two calls of [`TableWatch::progress`] (see [`POLL_WORK`]).
    fn interval(&self) -> u64 {
        POLL_WORK
    }
}

/// A watcher that lets every computation run to its end.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unwatched;

impl TableWatch for Unwatched {
    fn progress(&mut self, _values: ValueSlice<'_>, _wanted: usize) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// Why a watched computation gave no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableHalt {
    /// A limit or bad input, as for a computation nobody watches.
    Failed(SolveError),
    /// The watcher asked to stop; the values computed so far are kept.
    Stopped,
}

impl From<SolveError> for TableHalt {
    fn from(e: SolveError) -> Self {
        TableHalt::Failed(e)
    }
}

impl TableHalt {
    /// The error for callers that watch nothing. Such computations are never stopped,
    /// so `Stopped` only arises when a stopping watcher was given to them anyway; it
    /// is then reported as a limit.
    pub(crate) fn into_error(self) -> SolveError {
        match self {
            TableHalt::Failed(e) => e,
            TableHalt::Stopped => SolveError::Limit {
                what: "the table was stopped before it was complete".into(),
                bound: Bound::Interrupted,
            },
        }
    }
}

/// Work units between two calls to the watcher (a unit is an option or a pair of
/// heaps looked at: about a nanosecond or a few).
pub const POLL_WORK: u64 = 1 << 20;

/// Work units each heap counts for on top of its own work, so that by default a table
/// of cheap heaps calls the watcher every `POLL_WORK / HEAP_WORK` = 4096 heaps.
pub(crate) const HEAP_WORK: u64 = 256;

/// The engine's side of a watch: counts the work of each heap and calls the watcher
/// when enough has been done since the last call.
pub struct Poll<'a> {
    watch: Option<&'a mut dyn TableWatch>,
    wanted: usize,
    interval: u64,
    credit: u64,
    stopped: bool,
}

impl<'a> Poll<'a> {
    /// A poll reporting to `watch`.
    pub fn new(watch: &'a mut dyn TableWatch) -> Self {
        let interval = watch.interval().max(1);
        Poll {
            watch: Some(watch),
            wanted: 0,
            interval,
            credit: interval,
            stopped: false,
        }
    }

    /// A poll nobody watches: never stops.
    pub(crate) fn unwatched() -> Self {
        Poll {
            watch: None,
            wanted: 0,
            interval: POLL_WORK,
            credit: POLL_WORK,
            stopped: false,
        }
    }

    /// Records that the table is being extended to `len` heaps (the largest such
    /// length is what the watcher is told is wanted).
    pub fn want(&mut self, len: usize) {
        self.wanted = self.wanted.max(len);
    }

    /// Counts a heap just added to `values` that cost `work` units; when the watcher is
    /// due, asks it. Returns `false` when the computation must stop here.
    #[inline]
    pub fn heap_done<C: Cell>(&mut self, work: u64, values: &[C]) -> bool {
        if self.watch.is_none() {
            return true;
        }
        let cost = work.saturating_add(HEAP_WORK);
        if cost < self.credit && !self.stopped {
            self.credit -= cost;
            return true;
        }
        self.ask(C::slice(values))
    }

    /// Asks the watcher now (at a heap boundary). Returns `false` when the
    /// computation must stop here.
    pub fn ask(&mut self, values: ValueSlice<'_>) -> bool {
        self.credit = self.interval;
        if self.stopped {
            return false;
        }
        if let Some(w) = self.watch.as_deref_mut()
            && w.progress(values, self.wanted).is_break()
        {
            self.stopped = true;
        }
        !self.stopped
    }

    /// Whether the watcher has asked to stop.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Stops once `at` values are known; counts its calls.
    struct StopAt {
        at: usize,
        calls: usize,
    }

    impl TableWatch for StopAt {
        fn progress(&mut self, values: ValueSlice<'_>, _wanted: usize) -> ControlFlow<()> {
            self.calls += 1;
            if values.len() >= self.at {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    }

    #[test]
    fn cheap_heaps_are_polled_every_few_thousand() {
        let mut w = StopAt {
            at: usize::MAX,
            calls: 0,
        };
        let mut poll = Poll::new(&mut w);
        let values = vec![0u32; 10];
        for _ in 0..(10 * POLL_WORK / HEAP_WORK) {
            assert!(poll.heap_done(0, &values));
        }
        assert_eq!(w.calls, 10);
    }

    #[test]
    fn costly_heaps_are_polled_sooner_and_a_stop_sticks() {
        let mut w = StopAt { at: 3, calls: 0 };
        let mut poll = Poll::new(&mut w);
        assert!(poll.heap_done(POLL_WORK, &[0u16, 1]));
        assert!(!poll.heap_done(POLL_WORK, &[0u32, 1, 0]));
        assert!(poll.stopped());
        assert!(!poll.heap_done(0, &[0u16, 1, 0]));
        assert!(!poll.ask(ValueSlice::U16(&[0, 1, 0])));
        assert_eq!(w.calls, 2);
    }

    #[test]
    fn nobody_watching_never_stops() {
        let mut poll = Poll::unwatched();
        for _ in 0..10_000 {
            assert!(poll.heap_done::<u16>(u64::MAX, &[]));
        }
        assert!(poll.ask(ValueSlice::U32(&[])));
        assert!(!poll.stopped());
        assert!(matches!(
            TableHalt::Stopped.into_error(),
            SolveError::Limit { .. }
        ));
    }
}
