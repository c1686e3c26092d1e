//! The counting race of many players (`sprague::nash::counting`) against a
//! brute-force search written here from the rules: the explicit game tree, walked
//! move by move without any table, for every coalition and every small race; and
//! the two-player races against Bachet's game.

use sprague::nash::counting::{Race, Rule, TieBreak};

/// Whether the coalition `bits` can make the game end as it wants from `total` with
/// `player` to move: the finisher a member under Reach, not a member under Lose.
fn forces(
    m: usize,
    moves: &[u64],
    n: u64,
    rule: Rule,
    bits: u32,
    total: u64,
    player: usize,
) -> bool {
    let member = bits >> player & 1 == 1;
    let mut results = moves.iter().map(|&d| {
        if total + d >= n {
            // `player` made the total reach n: the game is over.
            match rule {
                Rule::Reach => member,
                Rule::Lose => !member,
            }
        } else {
            forces(m, moves, n, rule, bits, total + d, (player + 1) % m)
        }
    });
    if member {
        results.any(|r| r)
    } else {
        results.all(|r| r)
    }
}

/// The finisher under subgame-perfect play, by the stated rule: a player picks
/// among the moves after which it wins if there are any (under Reach: it is the
/// finisher; under Lose: it is not), among all moves otherwise, and of those the
/// smallest or the largest increment. `moves` is increasing.
fn finisher(
    m: usize,
    moves: &[u64],
    n: u64,
    rule: Rule,
    tie: TieBreak,
    total: u64,
    player: usize,
) -> usize {
    let outcomes: Vec<(u64, usize)> = moves
        .iter()
        .map(|&d| {
            let f = if total + d >= n {
                player
            } else {
                finisher(m, moves, n, rule, tie, total + d, (player + 1) % m)
            };
            (d, f)
        })
        .collect();
    let wins = |f: usize| match rule {
        Rule::Reach => f == player,
        Rule::Lose => f != player,
    };
    let good: Vec<&(u64, usize)> = if outcomes.iter().any(|o| wins(o.1)) {
        outcomes.iter().filter(|o| wins(o.1)).collect()
    } else {
        outcomes.iter().collect()
    };
    match tie {
        TieBreak::Smallest => good[0].1,
        TieBreak::Largest => good[good.len() - 1].1,
    }
}

/// Every nonempty set of increments from {1, 2, 3, 4}, increasing.
fn move_sets() -> Vec<Vec<u64>> {
    (1u32..16)
        .map(|s| (1..=4u64).filter(|d| s >> (d - 1) & 1 == 1).collect())
        .collect()
}

#[test]
fn every_coalition_agrees_with_the_game_tree() {
    for m in 2..=4usize {
        for moves in move_sets() {
            for n in 1..=15u64 {
                for rule in [Rule::Reach, Rule::Lose] {
                    let race = Race::new(m, &moves, n, rule).unwrap();
                    let found = race.coalitions(None).unwrap();
                    let mut singles = Vec::new();
                    for size in 1..=m {
                        let mut listed = Vec::new();
                        for bits in 1u32..(1 << m) {
                            if bits.count_ones() as usize != size {
                                continue;
                            }
                            let members: Vec<usize> =
                                (0..m).filter(|p| bits >> p & 1 == 1).collect();
                            let wins = forces(m, &moves, n, rule, bits, 0, 0);
                            let what = format!("m={m} moves={moves:?} n={n} {rule:?} {members:?}");
                            assert_eq!(race.forces(&members, None).unwrap(), wins, "{what}");
                            if wins {
                                listed.push(members.clone());
                                if size == 1 {
                                    singles.push(members[0]);
                                }
                            }
                        }
                        let s = &found.by_size[size - 1];
                        let what = format!("m={m} moves={moves:?} n={n} {rule:?} size {size}");
                        assert_eq!(s.forcing, listed.len() as u64, "{what}");
                        assert_eq!(s.listed.as_ref(), Some(&listed), "{what}");
                        let all = (1..=size).fold(1u64, |c, i| c * (m - i + 1) as u64 / i as u64);
                        assert_eq!(s.total, all, "{what}");
                    }
                    assert_eq!(found.singles, singles);
                    let least = found
                        .by_size
                        .iter()
                        .find(|s| s.forcing == s.total)
                        .map(|s| s.size);
                    assert_eq!(found.least_all, least);
                }
            }
        }
    }
}

#[test]
fn subgame_perfect_play_agrees_with_the_game_tree() {
    for m in 2..=4usize {
        for moves in move_sets() {
            for n in 1..=15u64 {
                for rule in [Rule::Reach, Rule::Lose] {
                    for tie in [TieBreak::Smallest, TieBreak::Largest] {
                        let race = Race::new(m, &moves, n, rule).unwrap();
                        let play = race.subgame_perfect(tie, None).unwrap();
                        for t in 0..n {
                            let want = finisher(m, &moves, n, rule, tie, t, 0);
                            assert_eq!(
                                usize::from(play.finisher[t as usize]),
                                want,
                                "m={m} moves={moves:?} n={n} {rule:?} {tie:?} from {t}"
                            );
                        }
                        // The line of play from 0 reaches n, and its last mover is the finisher.
                        assert!(play.line_complete);
                        let sum: u64 = play.line.iter().sum();
                        let before: u64 = play.line[..play.line.len() - 1].iter().sum();
                        assert!(sum >= n && before < n);
                        assert_eq!((play.line.len() - 1) % m, usize::from(play.finisher[0]));
                    }
                }
            }
        }
    }
}

#[test]
fn two_players_are_bachets_game() {
    // Moves 1..k, two players. Reach: from distance r ≤ k the mover wins at once,
    // from r = k + 1 every move leaves a distance of 1..k, so the mover loses exactly
    // when r ≡ 0 (mod k + 1) (Bachet). Lose: from r = 1 every move reaches n, and
    // the mover loses exactly when r ≡ 1 (mod k + 1).
    for k in 1..=4u64 {
        let moves: Vec<u64> = (1..=k).collect();
        for n in 1..=60u64 {
            for rule in [Rule::Reach, Rule::Lose] {
                let race = Race::new(2, &moves, n, rule).unwrap();
                let first_loses = match rule {
                    Rule::Reach => n % (k + 1) == 0,
                    Rule::Lose => n % (k + 1) == 1,
                };
                let c = race.coalitions(None).unwrap();
                let want = if first_loses { vec![1] } else { vec![0] };
                assert_eq!(c.singles, want, "k={k} n={n} {rule:?}");
                // With two players the winner of subgame-perfect play is the one who forces.
                let play = race.subgame_perfect(TieBreak::Smallest, None).unwrap();
                let winner = match rule {
                    Rule::Reach => usize::from(play.finisher[0]),
                    Rule::Lose => 1 - usize::from(play.finisher[0]),
                };
                assert_eq!(winner, want[0], "k={k} n={n} {rule:?}");
            }
        }
    }
}

#[test]
fn under_lose_odd_increments_with_one_let_half_the_players_avoid_finishing() {
    // The guide's proof: with m even and every increment odd, player i moves only at
    // totals of the parity of i - 1; a player who moves at totals of the parity of n
    // is never at n - 1 and can always add 1 without reaching n.
    for m in [2usize, 4, 6] {
        for moves in [vec![1u64, 3], vec![1, 3, 5], vec![1, 7]] {
            for n in 1..=80u64 {
                let race = Race::new(m, &moves, n, Rule::Lose).unwrap();
                for i in 1..=m {
                    if (i as u64 - 1) % 2 == n % 2 {
                        assert!(
                            race.forces(&[i - 1], None).unwrap(),
                            "m={m} {moves:?} n={n} player {i}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn bounds_and_bad_races_are_refused() {
    use sprague::nash::counting::{MAX_CELLS, MAX_PLAYERS, RaceError};
    assert!(matches!(
        Race::new(1, &[1], 5, Rule::Reach),
        Err(RaceError::Input(_))
    ));
    assert!(matches!(
        Race::new(3, &[], 5, Rule::Reach),
        Err(RaceError::Input(_))
    ));
    assert!(matches!(
        Race::new(3, &[0, 1], 5, Rule::Reach),
        Err(RaceError::Input(_))
    ));
    assert!(matches!(
        Race::new(3, &[1], 0, Rule::Reach),
        Err(RaceError::Input(_))
    ));
    assert!(matches!(
        Race::new(MAX_PLAYERS + 1, &[1], 5, Rule::Reach),
        Err(RaceError::Limit(_))
    ));
    assert!(matches!(
        Race::new(2, &[1], MAX_CELLS / 2 + 1, Rule::Reach),
        Err(RaceError::Limit(_))
    ));
    assert!(Race::new(2, &[1], MAX_CELLS / 2, Rule::Reach).is_ok());
    // Many players with a long race: too many coalitions, refused before any work.
    let race = Race::new(MAX_PLAYERS, &[1, 2], 100_000, Rule::Reach).unwrap();
    assert!(matches!(race.coalitions(None), Err(RaceError::Limit(_))));
    // A stop signal already due ends the work.
    let stop = std::sync::Arc::new(sprague::core::Stop::after(std::time::Duration::ZERO));
    let race = Race::new(3, &[1, 2], 1000, Rule::Reach).unwrap();
    assert!(matches!(
        race.coalitions(Some(&stop)),
        Err(RaceError::Limit(_))
    ));
    assert!(matches!(
        race.subgame_perfect(TieBreak::Smallest, Some(&stop)),
        Err(RaceError::Limit(_))
    ));
    // A deadline during a long analysis (seconds of work) ends it early.
    let stop = std::sync::Arc::new(sprague::core::Stop::after(
        std::time::Duration::from_millis(50),
    ));
    let race = Race::new(10, &[1, 2], 150_000, Rule::Reach).unwrap();
    let started = std::time::Instant::now();
    assert!(matches!(
        race.coalitions(Some(&stop)),
        Err(RaceError::Limit(_))
    ));
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
}
