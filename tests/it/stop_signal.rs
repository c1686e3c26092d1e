//! The stop signal of `Limits` (a server's deadline) stops every long kind of work
//! where it counts its work, with a limit of the time allowed (`Bound::Time`).

use sprague::core::Play;
use sprague::core::{Bound, Limits, SolveError, Stop};
use sprague::report::{self, Failure};
use sprague::search::impartial::{GaveUp, Solver};
use std::sync::Arc;
use std::time::Duration;

/// Limits whose stop signal has already been given.
fn stopped() -> Limits {
    let stop = Stop::after(Duration::from_secs(3600));
    stop.raise();
    Limits {
        stop: Some(Arc::new(stop)),
        ..Limits::default()
    }
}

fn is_timeout(f: &Failure) -> bool {
    matches!(f, Failure::Limit(Some(Bound::Time), _))
}

#[test]
fn heap_and_take_break_tables_stop() {
    // Families whose tables are computed (closed forms such as lasker need none).
    for family in ["sub[1,3,4]", "sub[2,5,7]", "octal[0.137]", "grundy_game"] {
        let r = report::table::table(family, 0, 5000, false, &stopped());
        assert!(r.as_ref().is_err_and(is_timeout), "{family}");
        // Without the signal the same table is made.
        assert!(report::table::table(family, 0, 5000, false, &Limits::default()).is_ok());
    }
}

#[test]
fn partizan_canonical_forms_stop() {
    let o = report::value::Options {
        stop: stopped().stop,
        ..Default::default()
    };
    let r = report::value::value("domineering(4,4)", &o);
    assert!(r.as_ref().is_err_and(is_timeout));
    assert!(report::value::value("domineering(4,4)", &Default::default()).is_ok());
}

#[test]
fn the_remoteness_search_stops() {
    let comps = sprague::games::components("kayles(20) + sub[1,2,5](30)").unwrap();
    let mut s = Solver::new(Play::Misere, &stopped(), 1_000_000);
    assert_eq!(s.decide(&comps), None);
    assert_eq!(s.gave_up(), GaveUp::Stopped);
    let e = sprague::play::session::misere_failure(GaveUp::Stopped, 1_000_000, None, None);
    assert!(matches!(
        e,
        SolveError::Limit {
            bound: Bound::Time,
            ..
        }
    ));
    let mut s = Solver::new(Play::Misere, &Limits::default(), 1_000_000);
    assert!(s.decide(&comps).is_some());
    // Misère solve of the same sum goes through that search.
    let o = report::solve::Options {
        misere: true,
        max_moves: 20,
        limits: stopped(),
        ..Default::default()
    };
    assert!(report::solve::solve("kayles(20) + sub[1,2,5](30)", &o).is_err_and(|f| is_timeout(&f)));
}

#[test]
fn a_signal_not_given_changes_nothing() {
    let live = Limits {
        stop: Some(Arc::new(Stop::after(Duration::from_secs(3600)))),
        ..Limits::default()
    };
    let a = report::table::table("octal[0.137]", 0, 300, false, &live).unwrap();
    let b = report::table::table("octal[0.137]", 0, 300, false, &Limits::default()).unwrap();
    assert_eq!(a.json(), b.json());
}
