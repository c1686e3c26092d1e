//! Tables stopped and resumed through the library: whatever the stops, the report is
//! the one of a run that was never stopped (values, period, and whether it is proved).

use sprague::core::Limits;
use sprague::games::table_family;
use sprague::impartial::heap::TableReport;
use sprague::impartial::store::ValueSlice;
use sprague::impartial::watch::{TableHalt, TableWatch};
use std::ops::ControlFlow;

/// Stops at its `stop_at`-th call, asked every `every` work units; remembers the
/// lengths it was shown.
struct StopAt {
    stop_at: usize,
    every: u64,
    calls: usize,
    seen: Vec<(usize, usize)>,
}

impl TableWatch for StopAt {
    fn progress(&mut self, values: ValueSlice<'_>, wanted: usize) -> ControlFlow<()> {
        self.calls += 1;
        self.seen.push((values.len(), wanted));
        if self.calls >= self.stop_at {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn interval(&self) -> u64 {
        self.every
    }
}

fn limits() -> Limits {
    Limits {
        max_states: 5_000_000,
        ..Limits::default()
    }
}

/// Runs `family` to `to`, stopped at the `stop_at`-th poll of every run and resumed
/// from the values kept, until it finishes; returns the report and the number of runs.
fn stopped_and_resumed(
    family: &str,
    to: usize,
    stop_at: usize,
    every: u64,
) -> (TableReport, usize) {
    let mut saved: Vec<u32> = Vec::new();
    for runs in 1.. {
        let f = table_family(family).unwrap();
        f.resume(saved.clone().into()).unwrap();
        let mut watch = StopAt {
            stop_at,
            every,
            calls: 0,
            seen: Vec::new(),
        };
        match f.report_watched(0, to, &limits(), &mut watch) {
            Ok(report) => return (report, runs),
            Err(TableHalt::Stopped) => {
                let known = f.known_values().slice().to_vec();
                assert!(
                    known.len() > saved.len(),
                    "{family}: run {runs} made no progress"
                );
                assert_eq!(known[..saved.len()], saved[..], "{family}: values kept");
                assert!(
                    watch
                        .seen
                        .iter()
                        .all(|&(done, wanted)| done <= wanted.max(done))
                );
                saved = known;
            }
            Err(e) => panic!("{family}: {e:?}"),
        }
        assert!(runs < 10_000, "{family}: does not finish");
    }
    unreachable!()
}

#[test]
fn stopped_tables_resume_to_the_same_report() {
    for (family, to, every) in [
        ("kayles", 3000, 2000),           // fast table, period proved early
        ("octal[0.007]", 2500, 20_000),   // fast table, many rare heaps
        ("octal[4.007]", 1500, 20_000),   // splits without removing
        ("octal[0.16]", 4000, 5_000),     // no period within reach
        ("grundy_game", 4000, 5_000),     // no theorem: period never proved
        ("andnim", 3000, 5_000),          // generic mex over options
        ("sub[2,5,7..80]", 3000, 20_000), // generic, subtraction proof
    ] {
        let whole = table_family(family)
            .unwrap()
            .report(0, to, &limits())
            .unwrap();
        for stop_at in [1, 3] {
            let (resumed, runs) = stopped_and_resumed(family, to, stop_at, every);
            assert_eq!(resumed, whole, "{family}, stopped at poll {stop_at}");
            assert!(runs >= 2, "{family}: never stopped");
        }
    }
}

#[test]
fn values_beyond_the_table_change_nothing() {
    // A checkpoint of a longer run: the table takes in only what it would compute, so
    // periods are looked for at the same lengths.
    for family in ["kayles", "octal[0.16]", "grundy_game", "sub[2,5,7..80]"] {
        let long = table_family(family).unwrap();
        long.report(0, 6000, &limits()).unwrap();
        let saved = long.known_values().slice().to_vec();
        for to in [10, 500, 2000] {
            let whole = table_family(family)
                .unwrap()
                .report(0, to, &limits())
                .unwrap();
            let f = table_family(family).unwrap();
            f.resume(saved.clone().into()).unwrap();
            assert_eq!(
                f.report(0, to, &limits()).unwrap(),
                whole,
                "{family} to {to}"
            );
            let known = f.known_values().slice().to_vec();
            assert!(known.starts_with(&saved), "nothing loaded is lost");
        }
    }
}

#[test]
fn impossible_values_are_refused() {
    let f = table_family("kayles").unwrap();
    f.report(0, 100, &limits()).unwrap();
    let mut other = f.known_values().slice().to_vec();
    other[50] ^= 1;
    let e = f.resume(other.into()).unwrap_err();
    assert!(e.contains("heap 50"), "{e}");
    // A value above the number of options, anywhere.
    let g = table_family("octal[0.007]").unwrap();
    let e = g.resume(vec![0, 0, 0, 0, 1_000_000].into()).unwrap_err();
    assert!(e.contains("heap 4"), "{e}");
    let s = table_family("sub[2,5,7..80]").unwrap();
    assert!(s.resume(vec![0, 0, 1, 1, 80].into()).is_err());
    // Values are re-derived from the rules before they are taken in: garbage is
    // refused, and the family's own table is unharmed.
    let a = table_family("andnim").unwrap();
    assert!(a.resume(vec![u32::MAX; 64].into()).is_err());
    a.report(0, 200, &limits()).unwrap();
    // A value within the bounds but not the mex of its options, with nothing computed
    // yet to compare it with: kayles(3) is 3 (its options kayles(2), kayles(1) +
    // kayles(1) and kayles(1) have the values 2, 0 and 1), so 2 is refused.
    let k = table_family("kayles").unwrap();
    let e = k.resume(vec![0, 1, 2, 2].into()).unwrap_err();
    assert!(
        e.contains("heap 3 has the value 2, but the rules give 3"),
        "{e}"
    );
    assert!(
        table_family("kayles")
            .unwrap()
            .resume(vec![0, 1, 2, 3].into())
            .is_ok()
    );
}

#[test]
fn values_nothing_vouches_for_are_each_re_derived() {
    use sprague::impartial::heap::ResumeError;
    let wide = Limits {
        max_states: 1_000_000_000,
        ..Limits::default()
    };
    let never = || false;
    // Treblecross to heap 12000: values with a digest under the user's key are
    // re-derived in full only up to about heap 2800, then on a sample; values nothing
    // vouches for are re-derived at every heap, so a change anywhere is found.
    let f = table_family("octal[0.007]").unwrap();
    f.report(0, 12_000, &wide).unwrap();
    let good = f.known_values().slice().to_vec();
    for heap in [2_999, 7_001, 12_000] {
        let mut bad = good.clone();
        bad[heap] ^= 1;
        let g = table_family("octal[0.007]").unwrap();
        let e = g
            .resume_unvouched(bad.into(), u64::MAX, &never)
            .unwrap_err();
        assert!(
            matches!(&e, ResumeError::Wrong(m) if m.starts_with(&format!("heap {heap} has the value"))),
            "{e:?}"
        );
        // Nothing was adopted.
        assert_eq!(g.known_values().len(), 0);
    }
    let g = table_family("octal[0.007]").unwrap();
    g.resume_unvouched(good.clone().into(), u64::MAX, &never)
        .unwrap();
    assert_eq!(g.known_values().slice().to_vec(), good);
    // Within a bound of work: past it, nothing is adopted.
    let g = table_family("octal[0.007]").unwrap();
    assert!(matches!(
        g.resume_unvouched(good.clone().into(), 1_000_000, &never),
        Err(ResumeError::TooCostly { heaps, checked }) if heaps == good.len() && checked < heaps
    ));
    assert_eq!(g.known_values().len(), 0);
    // The stop signal is looked at as it goes.
    assert_eq!(
        g.resume_unvouched(good.into(), u64::MAX, &|| true),
        Err(ResumeError::Stopped)
    );
    // A family whose values cannot be re-derived one by one from smaller heaps (Cram
    // strips, valued by a search of each board) adopts none but an empty table.
    let c = table_family("cram[2]").unwrap();
    c.report(0, 8, &limits()).unwrap();
    let values = c.known_values().slice().to_vec();
    let fresh = table_family("cram[2]").unwrap();
    assert_eq!(
        fresh.resume_unvouched(values.into(), u64::MAX, &never),
        Err(ResumeError::Unchecked)
    );
    fresh
        .resume_unvouched(Vec::new().into(), u64::MAX, &never)
        .unwrap();
}
