//! Tests of `sprague_engine::impartial::heap` on positions of the game families.

use crate::impartial::lasker::Lasker;
use sprague_core::nat::Nat;
use sprague_core::{Bound, Limits, SolveError};
use sprague_engine::impartial::heap::*;

#[test]
fn a_family_algorithm_widens_through_too_wide() {
    // Lasker's Nim fills its table from the closed form (proved in its module, and
    // checked there against exhaustive search): sg(65535) = 65536, the first value
    // that needs four bytes (65535 ≡ 3 mod 4 gives n + 1).
    let limits = Limits::default();
    let mut t = HeapTable::default();
    t.extend(&Lasker, 65_535, &limits).unwrap();
    assert_eq!(t.values().width(), 2);
    t.extend(&Lasker, 70_000, &limits).unwrap();
    assert_eq!(t.values().width(), 4);
    for n in [0usize, 1, 3, 4, 65_534, 65_535, 65_536, 69_999] {
        assert_eq!(
            Lasker.closed_form(&Nat::from(n)),
            Some(Nat::from(t.values().get(n))),
            "n = {n}"
        );
    }
    assert_eq!(t.values().get(65_535), 65_536);
}

#[test]
fn memory_is_counted_before_it_is_taken() {
    let small = Limits {
        max_memory: 1000,
        ..Limits::default()
    };
    let mut t = HeapTable::default();
    // 400 values of two bytes fit; 600 do not.
    t.extend(&Lasker, 400, &small).unwrap();
    let e = t.extend(&Lasker, 600, &small).unwrap_err();
    assert!(
        matches!(&e, SolveError::Limit { bound: Bound::Memory, what } if what.contains("to heap 599")),
        "{e:?}"
    );
    assert_eq!(t.values().len(), 400, "nothing computed past the bound");
    // Widening counts both widths while the values are copied.
    let mut w = HeapTable::default();
    let tight = Limits {
        max_memory: 65_540 * 2 + 100,
        ..Limits::default()
    };
    let e = w.extend(&Lasker, 65_540, &tight).unwrap_err();
    assert!(
        matches!(
            e,
            SolveError::Limit {
                bound: Bound::Memory,
                ..
            }
        ),
        "{e:?}"
    );
}
