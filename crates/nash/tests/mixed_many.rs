//! Mixed equilibria of games of three or four players against published and
//! hand-worked answers, with every answer checked by code of its own: exact
//! equilibria by the Nash conditions in exact arithmetic, boxes by interval
//! arithmetic written here (a box must hold a point where the conditions can hold).

#![allow(clippy::needless_range_loop)] // indices of players and strategies

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use proptest::prelude::*;
use sprague_core::Bound;
use sprague_nash::gambit::read_nfg;
use sprague_nash::mixed_many::{MixedAll, Solution, mixed_equilibria};
use sprague_nash::nplayer::pure_equilibria;
use sprague_nash::{Budget, Normal, Rational};

fn q(a: i64, b: i64) -> Rational {
    Rational::new(BigInt::from(a), BigInt::from(b))
}

/// Player p's expected payoff from pure strategy s against the others' mixtures.
fn payoff_of(g: &Normal, x: &[Vec<Rational>], p: usize, s: usize) -> Rational {
    let mut total = Rational::zero();
    for index in 0..g.profiles() {
        let profile = g.profile(index);
        if profile[p] != s {
            continue;
        }
        let mut w = Rational::one();
        for (o, &t) in profile.iter().enumerate() {
            if o != p {
                w *= &x[o][t];
            }
        }
        total += w * g.payoff(&profile, p);
    }
    total
}

/// The Nash conditions, exactly: mixtures, and every strategy played is a best
/// response; the payoffs are as reported.
fn assert_nash(g: &Normal, x: &[Vec<Rational>], payoffs: &[Rational]) {
    for p in 0..g.players() {
        assert_eq!(x[p].iter().sum::<Rational>(), Rational::one());
        assert!(x[p].iter().all(|v| !v.is_negative()));
        let values: Vec<Rational> = (0..g.count(p)).map(|s| payoff_of(g, x, p, s)).collect();
        let best = values.iter().max().unwrap().clone();
        for s in 0..g.count(p) {
            if x[p][s].is_positive() {
                assert_eq!(
                    values[s], best,
                    "player {p} strategy {s} is not a best response"
                );
            }
        }
        assert_eq!(payoffs[p], best);
    }
}

type Iv = (Rational, Rational);

fn mul(a: &Iv, b: &Iv) -> Iv {
    let ps = [&a.0 * &b.0, &a.0 * &b.1, &a.1 * &b.0, &a.1 * &b.1];
    (
        ps.iter().min().unwrap().clone(),
        ps.iter().max().unwrap().clone(),
    )
}

/// Naive interval evaluation of player p's payoff from s over a box of mixtures.
fn payoff_box(g: &Normal, lo: &[Vec<Rational>], hi: &[Vec<Rational>], p: usize, s: usize) -> Iv {
    let mut total = (Rational::zero(), Rational::zero());
    for index in 0..g.profiles() {
        let profile = g.profile(index);
        if profile[p] != s {
            continue;
        }
        let mut w = (Rational::one(), Rational::one());
        for (o, &t) in profile.iter().enumerate() {
            if o != p {
                w = mul(&w, &(lo[o][t].clone(), hi[o][t].clone()));
            }
        }
        let a = g.payoff(&profile, p).clone();
        let t = mul(&w, &(a.clone(), a));
        total.0 += t.0;
        total.1 += t.1;
    }
    total
}

/// A box of width at most 10⁻¹² where the Nash conditions can hold: the
/// probabilities can sum to 1, those of the support are positive, and no
/// strategy can pay surely more than every strategy of the support.
/// When `checked` is false a probability of the support may be 0 in the box.
fn assert_box(
    g: &Normal,
    support: &[Vec<usize>],
    lo: &[Vec<Rational>],
    hi: &[Vec<Rational>],
    checked: bool,
) {
    let tiny = q(1, 1_000_000_000_000);
    for p in 0..g.players() {
        let sl: Rational = lo[p].iter().sum();
        let sh: Rational = hi[p].iter().sum();
        assert!(sl <= Rational::one() && Rational::one() <= sh);
        for s in 0..g.count(p) {
            assert!(hi[p][s].clone() - &lo[p][s] <= tiny, "width");
            if support[p].contains(&s) {
                assert!(if checked {
                    lo[p][s].is_positive()
                } else {
                    hi[p][s].is_positive()
                });
            } else {
                assert!(lo[p][s].is_zero() && hi[p][s].is_zero());
            }
        }
        let played: Vec<Iv> = support[p]
            .iter()
            .map(|&s| payoff_box(g, lo, hi, p, s))
            .collect();
        // Support strategies can pay the same: their ranges meet.
        let top_lo = played.iter().map(|v| v.0.clone()).max().unwrap();
        let low_hi = played.iter().map(|v| v.1.clone()).min().unwrap();
        assert!(top_lo <= low_hi, "player {p}: no common payoff");
        for s in 0..g.count(p) {
            assert!(
                payoff_box(g, lo, hi, p, s).0 <= low_hi,
                "player {p} gains by {s}"
            );
        }
    }
}

/// Checks every answer independently; returns the exact equilibria.
fn check_all(g: &Normal, all: &MixedAll) -> Vec<Vec<Vec<Rational>>> {
    let mut exact = Vec::new();
    for e in &all.list {
        match &e.solution {
            Solution::Exact { mixture, payoffs } => {
                assert_nash(g, mixture, payoffs);
                for p in 0..g.players() {
                    for s in 0..g.count(p) {
                        assert_eq!(mixture[p][s].is_positive(), e.support[p].contains(&s));
                    }
                }
                exact.push(mixture.clone());
            }
            Solution::Interval {
                lo, hi, checked, ..
            } => {
                assert_box(g, &e.support, lo, hi, *checked);
            }
            Solution::Continuum {
                sample,
                payoffs,
                from,
                to,
                ..
            } => {
                assert_nash(g, sample, payoffs);
                // Every point of the segment: its ends and middle (the conditions
                // are affine along it, so these three suffice to test it).
                for x in [from, to] {
                    let pays: Vec<Rational> = (0..g.players())
                        .map(|p| {
                            (0..g.count(p))
                                .map(|s| payoff_of(g, x, p, s))
                                .max()
                                .unwrap()
                        })
                        .collect();
                    assert_nash(g, x, &pays);
                }
            }
            Solution::Unresolved { sample, .. } => {
                if let Some((x, pays)) = sample {
                    assert_nash(g, x, pays);
                }
            }
            Solution::Face {
                payoffs_lo,
                payoffs_hi,
            } => {
                // Every pure profile of the supports, and the even mixture over
                // them, is an equilibrium, with payoffs within the reported ranges.
                let mut points: Vec<Vec<Vec<Rational>>> = Vec::new();
                let mut even = Vec::new();
                for p in 0..g.players() {
                    let mut x = vec![Rational::zero(); g.count(p)];
                    for &t in &e.support[p] {
                        x[t] = q(1, e.support[p].len() as i64);
                    }
                    even.push(x);
                }
                points.push(even);
                for index in 0..g.profiles() {
                    let profile = g.profile(index);
                    if (0..g.players()).all(|p| e.support[p].contains(&profile[p])) {
                        points.push(
                            (0..g.players())
                                .map(|p| {
                                    let mut x = vec![Rational::zero(); g.count(p)];
                                    x[profile[p]] = Rational::one();
                                    x
                                })
                                .collect(),
                        );
                    }
                }
                for x in &points {
                    let pays: Vec<Rational> = (0..g.players())
                        .map(|p| payoff_of(g, x, p, e.support[p][0]))
                        .collect();
                    assert_nash(g, x, &pays);
                    for p in 0..g.players() {
                        assert!(payoffs_lo[p] <= pays[p] && pays[p] <= payoffs_hi[p]);
                    }
                }
            }
        }
    }
    exact
}

/// A game where nobody is ever paid: every profile of mixtures is an equilibrium,
/// the whole face of the full supports, reported once (not as its 27 supports).
#[test]
fn a_game_of_ties_is_one_face() {
    let g = read_nfg(
        r#"NFG 1 R "" { "1" "2" "3" } { 2 2 2 }
        0 0 0  0 0 0  0 0 0  0 0 0  0 0 0  0 0 0  0 0 0  0 0 0"#,
    )
    .unwrap();
    let all = solve(&g);
    check_all(&g, &all);
    assert!(all.complete);
    assert_eq!(all.list.len(), 1, "{:?}", all.list);
    assert_eq!(all.list[0].support, [vec![0, 1], vec![0, 1], vec![0, 1]]);
    assert_eq!(
        all.list[0].solution,
        Solution::Face {
            payoffs_lo: vec![q(0, 1); 3],
            payoffs_hi: vec![q(0, 1); 3],
        }
    );
}

/// Player 1's two strategies are copies, and player 1 is paid nothing; players 2
/// and 3 each have a strictly dominant first strategy, paying 1 (their second pays
/// 0), whatever the others do. So in every equilibrium 2 and 3 play their first
/// strategies, and player 1 may mix its two in any way: one face, the segment of
/// player 1's mixtures, with payoffs (0, 1, 1).
#[test]
fn a_copied_strategy_gives_a_face() {
    // Profiles with player 1 fastest: (a,c,e) (b,c,e) (a,d,e) (b,d,e) (a,c,f) …
    let g = read_nfg(
        r#"NFG 1 R "" { "1" "2" "3" } { 2 2 2 }
        0 1 1  0 1 1  0 0 1  0 0 1  0 1 0  0 1 0  0 0 0  0 0 0"#,
    )
    .unwrap();
    let all = solve(&g);
    check_all(&g, &all);
    assert!(all.complete);
    assert_eq!(all.list.len(), 1, "{:?}", all.list);
    assert_eq!(all.list[0].support, [vec![0, 1], vec![0], vec![0]]);
    assert_eq!(
        all.list[0].solution,
        Solution::Face {
            payoffs_lo: vec![q(0, 1), q(1, 1), q(1, 1)],
            payoffs_hi: vec![q(0, 1), q(1, 1), q(1, 1)],
        }
    );
}

fn solve(g: &Normal) -> MixedAll {
    mixed_equilibria(g, &mut Budget::new(100_000_000)).unwrap()
}

fn mix(v: &[(i64, i64)]) -> Vec<Vec<Rational>> {
    v.iter()
        .map(|&(a, b)| vec![q(a, b), q(1, 1) - q(a, b)])
        .collect()
}

/// McKelvey and McLennan's 2×2×2 game ("The maximal number of regular totally
/// mixed Nash equilibria", J. Econ. Theory 72 (1997) 411–425), as in Gambit's
/// contrib/games/2x2x2.nfg, whose title says "with 9 Nash equilibria, 2 totally
/// mixed" (the maximum for three players with two strategies each).
const MCKELVEY_MCLENNAN: &str = r#"NFG 1 R "2x2x2 Example from McKelvey-McLennan, with 9 Nash equilibria, 2 totally mixed" { "Player 1" "Player 2" "Player 3" }
{ { "1" "2" } { "1" "2" } { "1" "2" } } ""
{ { "" 9, 8, 12 } { "" 0, 0, 0 } { "" 0, 0, 0 } { "" 9, 8, 2 }
  { "" 0, 0, 0 } { "" 3, 4, 6 } { "" 3, 4, 6 } { "" 0, 0, 0 } }
1 2 3 4 5 6 7 8"#;

#[test]
fn mckelvey_mclennan_has_nine_equilibria_two_totally_mixed() {
    let g = read_nfg(MCKELVEY_MCLENNAN).unwrap();
    let all = solve(&g);
    assert!(all.complete);
    let exact = check_all(&g, &all);
    assert_eq!(all.list.len(), 9);
    assert_eq!(exact.len(), 9);
    let total: Vec<&Vec<Vec<Rational>>> = exact
        .iter()
        .filter(|x| x.iter().all(|m| m.iter().all(|v| v.is_positive())))
        .collect();
    assert_eq!(total.len(), 2);
    // By hand, with p, q, r the probabilities of strategy 1 of players 1, 2, 3:
    // u1(1) − u1(2) = 9qr + 3(1−q)(1−r) − 9(1−q)r − 3q(1−r) = (2q−1)(12r−3),
    // u2(1) − u2(2) = (2p−1)(12r−4),
    // u3(1) − u3(2) = 12pq + 2(1−p)(1−q) − 6(1−p)q − 6p(1−q).
    // q = 1/2 forces r = 1/3 (p = 1/2 would leave u3(1) − u3(2) = 1/2), then
    // 5p − 2 = 0; r = 1/4 forces p = 1/2, then 5q − 2 = 0.
    assert!(exact.contains(&mix(&[(2, 5), (1, 2), (1, 3)])));
    assert!(exact.contains(&mix(&[(1, 2), (2, 5), (1, 4)])));
    // The four pure equilibria: (1,1,1), (2,2,1), (2,1,2), (1,2,2).
    for (a, b, c) in [(1, 1, 1), (0, 0, 1), (0, 1, 0), (1, 0, 0)] {
        assert!(exact.contains(&mix(&[(a, 1), (b, 1), (c, 1)])));
    }
}

/// Gambit's contrib/games/3x3x3.nfg: "Three person 3x3x3 game with five
/// equilibria (two pure)".
#[test]
fn a_three_by_three_by_three_game_has_five_equilibria_two_pure() {
    let text = include_str!("../../../tests/data/nash/3x3x3.nfg");
    let g = read_nfg(text).unwrap();
    let all = solve(&g);
    assert!(all.complete);
    check_all(&g, &all);
    assert_eq!(all.list.len(), 5);
    let pure = all
        .list
        .iter()
        .filter(|e| e.support.iter().all(|s| s.len() == 1))
        .count();
    assert_eq!(pure, 2);
}

/// Three players each choose 1 or 2; choosing 2 pays 0, and choosing 1 pays
/// xy + x + y − 1 when the other two choose 1 with probabilities x and y (the
/// payoffs 2, 0, 0, −1 at the four pure profiles of the others). In a totally
/// mixed equilibrium each player is indifferent: qr + q + r = 1, pr + p + r = 1,
/// pq + p + q = 1. Subtracting two of them, (q − p)(r + 1) = 0, so p = q = r = x
/// with x² + 2x − 1 = 0: x = √2 − 1, irrational.
#[test]
fn an_irrational_equilibrium_is_a_narrow_proved_box() {
    // Profiles with player 1 fastest; a player choosing 1 gets 2 if both others
    // choose 1, −1 if neither does, 0 otherwise; choosing 2 gets 0.
    let mut payoffs = Vec::new();
    for index in 0..8 {
        let s = [index & 1, index >> 1 & 1, index >> 2 & 1];
        for p in 0..3 {
            let others_on_1 = (0..3).filter(|&o| o != p && s[o] == 0).count();
            payoffs.push(if s[p] == 1 {
                q(0, 1)
            } else {
                q([-1, 0, 2][others_on_1], 1)
            });
        }
    }
    let names = |k: usize| -> Vec<String> { (1..=k).map(|s| s.to_string()).collect() };
    let g = Normal::new(
        vec!["A".into(), "B".into(), "C".into()],
        vec![names(2), names(2), names(2)],
        payoffs,
    )
    .unwrap();
    let all = solve(&g);
    assert!(all.complete);
    check_all(&g, &all);
    let boxes: Vec<_> = all
        .list
        .iter()
        .filter_map(|e| match &e.solution {
            Solution::Interval { lo, hi, .. } => Some((lo, hi)),
            _ => None,
        })
        .collect();
    assert_eq!(boxes.len(), 1);
    let (lo, hi) = boxes[0];
    for p in 0..3 {
        // lo < √2 − 1 < hi: (lo + 1)² < 2 < (hi + 1)².
        let l = &lo[p][0] + q(1, 1);
        let h = &hi[p][0] + q(1, 1);
        assert!(&l * &l < q(2, 1) && q(2, 1) < &h * &h);
    }
    // Every player choosing 1 is the pure equilibrium (each gets 2).
    assert!(all.list.iter().any(|e| matches!(&e.solution,
        Solution::Exact { mixture, .. } if *mixture == mix(&[(1, 1), (1, 1), (1, 1)]))));
}

/// Matching pennies between players 2 and 3, with player 1 paid nothing: every
/// mixture of player 1 with the others at 1/2 each is an equilibrium.
#[test]
fn a_continuum_is_reported_as_a_segment() {
    let g = read_nfg(
        r#"NFG 1 R "" { "1" "2" "3" } { 2 2 2 }
        0 1 -1  0 1 -1  0 -1 1  0 -1 1  0 -1 1  0 -1 1  0 1 -1  0 1 -1"#,
    )
    .unwrap();
    let all = solve(&g);
    check_all(&g, &all);
    let half = vec![q(1, 2), q(1, 2)];
    let segment = all.list.iter().find_map(|e| match &e.solution {
        Solution::Continuum {
            player, from, to, ..
        } => Some((*player, from, to)),
        _ => None,
    });
    let (player, from, to) = segment.expect("a continuum");
    assert_eq!(player, 0);
    let mut ends = [from[0].clone(), to[0].clone()];
    ends.sort();
    assert_eq!(ends, [vec![q(0, 1), q(1, 1)], vec![q(1, 1), q(0, 1)]]);
    for x in [from, to] {
        assert_eq!(x[1], half);
        assert_eq!(x[2], half);
    }
    // Its ends, player 1 pure, are found exactly in their own supports.
    let exact = check_all(&g, &all);
    assert!(exact.contains(&vec![vec![q(1, 1), q(0, 1)], half.clone(), half.clone()]));
}

#[test]
fn the_work_is_bounded_and_the_stop_signal_is_seen() {
    let g = read_nfg(MCKELVEY_MCLENNAN).unwrap();
    let e = mixed_equilibria(&g, &mut Budget::new(500)).unwrap_err();
    assert_eq!(e.bound, Bound::Pairs);
    let stop = std::sync::Arc::new(sprague_core::Stop::after(std::time::Duration::from_secs(
        3600,
    )));
    stop.raise();
    let e = mixed_equilibria(&g, &mut Budget::new(100_000_000).with_stop(Some(stop))).unwrap_err();
    assert_eq!(e.bound, Bound::Time);
}

/// Random games of 3 or 4 players with 1 or 2 strategies each and small payoffs
/// (ties, so degenerate games, are common).
fn games() -> impl Strategy<Value = Normal> {
    (3usize..=4)
        .prop_flat_map(|n| prop::collection::vec(1usize..=2, n))
        .prop_flat_map(|counts| {
            let len = counts.iter().product::<usize>() * counts.len();
            (Just(counts), prop::collection::vec(-2i64..=2, len))
        })
        .prop_map(|(counts, values)| {
            Normal::new(
                (0..counts.len()).map(|p| format!("P{p}")).collect(),
                counts
                    .iter()
                    .map(|&k| (0..k).map(|s| format!("s{s}")).collect())
                    .collect(),
                values.into_iter().map(|v| q(v, 1)).collect(),
            )
            .unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_pure_equilibrium_is_among_the_mixed_ones(g in games()) {
        let all = mixed_equilibria(&g, &mut Budget::new(20_000_000)).unwrap();
        let exact = check_all(&g, &all);
        for e in pure_equilibria(&g, &mut Budget::new(1_000_000)).unwrap() {
            let x: Vec<Vec<Rational>> = (0..g.players())
                .map(|p| (0..g.count(p)).map(|s| q((s == e.profile[p]) as i64, 1)).collect())
                .collect();
            // Listed exactly, or within a face of equilibria (checked above).
            let in_face = all.list.iter().any(|m| {
                matches!(m.solution, Solution::Face { .. })
                    && (0..g.players()).all(|p| m.support[p].contains(&e.profile[p]))
            });
            prop_assert!(exact.contains(&x) || in_face, "pure equilibrium {:?} missing", e.profile);
        }
    }
}
