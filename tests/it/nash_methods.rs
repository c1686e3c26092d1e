//! The three ways of `sprague nash` to find equilibria against each other: vertex
//! enumeration (the default) must list exactly what support enumeration lists (the
//! former method, kept as the reference), with the same order and degeneracy flag
//! and a true witness of degeneracy; every Lemke–Howson result must be an
//! equilibrium (checked by the definition) from the complete list.

use num_bigint::BigInt;
use num_traits::Zero;
use sprague::nash::{Bimatrix, Budget, Method, Player, Rational, equilibria_by, is_equilibrium};

/// A fixed 64-bit linear congruential sequence (Knuth's MMIX constants).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, k: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % k
    }
}

/// An m×n game with payoffs `lo + below(span)`, over `den` when `den > 1`.
fn random_game(r: &mut Lcg, m: usize, n: usize, lo: i64, span: u64, den: u64) -> Bimatrix {
    let mut table = || -> Vec<Vec<Rational>> {
        (0..m)
            .map(|_| {
                (0..n)
                    .map(|_| {
                        let p = lo + r.below(span) as i64;
                        let d = 1 + r.below(den) as i64;
                        Rational::new(BigInt::from(p), BigInt::from(d))
                    })
                    .collect()
            })
            .collect()
    };
    let a = table();
    let b = table();
    Bimatrix::new(
        (0..m).map(|i| format!("r{i}")).collect(),
        (0..n).map(|j| format!("c{j}")).collect(),
        a,
        b,
    )
    .unwrap()
}

/// The opponent's pure best responses to `p`'s mixed strategy, from the payoffs.
fn best_responses(g: &Bimatrix, p: Player, s: &[Rational]) -> Vec<usize> {
    let q = p.other();
    let values: Vec<Rational> = (0..g.count(q))
        .map(|o| {
            (0..s.len())
                .map(|i| g.payoff(q, o, i) * &s[i])
                .sum::<Rational>()
        })
        .collect();
    let top = values.iter().max().unwrap();
    (0..values.len()).filter(|&o| values[o] == *top).collect()
}

/// Compares the methods on one game; returns whether it is degenerate.
fn compare(g: &Bimatrix) -> bool {
    let reference = equilibria_by(g, Method::Supports, &mut Budget::new(10_000_000)).unwrap();
    let vertices = equilibria_by(g, Method::Vertices, &mut Budget::new(10_000_000)).unwrap();
    assert_eq!(vertices.list, reference.list, "{g:?}");
    assert_eq!(vertices.degenerate, reference.degenerate, "{g:?}");
    assert!(vertices.complete && reference.complete);
    assert_eq!(vertices.method, Method::Vertices);
    if let Some(w) = &vertices.degeneracy {
        let used = w.strategy.iter().filter(|p| !p.is_zero()).count();
        assert_eq!(
            best_responses(g, w.player, &w.strategy),
            w.best_responses,
            "{g:?}"
        );
        assert!(w.best_responses.len() > used, "{g:?}");
        assert_eq!(
            w.strategy.iter().sum::<Rational>(),
            Rational::from(BigInt::from(1))
        );
    } else {
        assert!(!vertices.degenerate);
    }
    let lh = equilibria_by(g, Method::LemkeHowson, &mut Budget::new(10_000_000)).unwrap();
    assert!(!lh.complete);
    assert_eq!(lh.method, Method::LemkeHowson);
    // Every game has an equilibrium, and every path ends at one.
    assert!(!lh.list.is_empty(), "{g:?}");
    assert!(
        lh.list.windows(2).all(|w| w[0] < w[1]),
        "order or duplicates"
    );
    for e in &lh.list {
        assert!(is_equilibrium(g, &e.row, &e.col), "{e:?} in {g:?}");
        assert!(reference.list.contains(e), "{e:?} not in the list of {g:?}");
    }
    if lh.degenerate {
        assert!(reference.degenerate);
        let w = lh.degeneracy.unwrap();
        assert_eq!(best_responses(g, w.player, &w.strategy), w.best_responses);
    }
    reference.degenerate
}

#[test]
fn vertex_enumeration_lists_what_support_enumeration_lists() {
    let mut r = Lcg(2010);
    let mut degenerate = 0;
    let mut games = 0;
    for m in 1..=6 {
        for n in 1..=6 {
            let rounds = if m * n >= 25 { 12 } else { 30 };
            for _ in 0..rounds {
                // Payoffs 0..=3: ties everywhere, mostly degenerate games.
                degenerate += usize::from(compare(&random_game(&mut r, m, n, 0, 4, 1)));
                // Wide payoffs: mostly non-degenerate.
                degenerate += usize::from(compare(&random_game(&mut r, m, n, -50, 101, 1)));
                // Fractions p/d, d up to 4.
                degenerate += usize::from(compare(&random_game(&mut r, m, n, -5, 11, 4)));
                games += 3;
            }
        }
    }
    // Both kinds are well represented.
    assert!(degenerate > games / 5, "{degenerate} of {games}");
    assert!(degenerate < games * 4 / 5, "{degenerate} of {games}");
}

#[test]
fn zero_one_games_up_to_2x3_exhaustively() {
    // Every 2×3 game with payoffs in {0, 1}: 4096 games, most of them degenerate.
    for bits in 0u32..4096 {
        let v = |k: u32| Rational::from(BigInt::from(bits >> k & 1));
        let g = Bimatrix::new(
            vec!["a".into(), "b".into()],
            vec!["c".into(), "d".into(), "e".into()],
            (0..2)
                .map(|i| (0..3).map(|j| v(3 * i + j)).collect())
                .collect(),
            (0..2)
                .map(|i| (0..3).map(|j| v(6 + 3 * i + j)).collect())
                .collect(),
        )
        .unwrap();
        compare(&g);
    }
}

#[test]
fn more_than_128_strategies_in_all() {
    // Label sets of more than 128 labels take the other representation of bit sets.
    let mut r = Lcg(128);
    for (m, n) in [(2, 130), (130, 2), (3, 127)] {
        compare(&random_game(&mut r, m, n, 0, 4, 1));
        compare(&random_game(&mut r, m, n, -50, 101, 1));
    }
}

#[test]
fn a_stop_signal_ends_long_enumerations_and_paths() {
    // A 30×30 game takes minutes by vertex enumeration, and its Lemke–Howson paths
    // many pivots over big integers: both see the deadline by the work they do.
    let g = random_game(&mut Lcg(30), 30, 30, 0, 100, 1);
    for method in [Method::Vertices, Method::LemkeHowson] {
        let stop = std::sync::Arc::new(sprague::core::Stop::after(
            std::time::Duration::from_millis(300),
        ));
        let start = std::time::Instant::now();
        let mut budget = Budget::new(u64::MAX).with_stop(Some(stop));
        match equilibria_by(&g, method, &mut budget) {
            Err(e) => assert_eq!(e.bound, sprague::core::Bound::Time, "{method:?}: {e}"),
            // A fast machine may finish the paths before the deadline.
            Ok(found) => assert_eq!(method, Method::LemkeHowson, "{}", found.list.len()),
        }
        assert!(
            start.elapsed().as_secs() < 10,
            "{method:?}: {:?}",
            start.elapsed()
        );
    }
}
