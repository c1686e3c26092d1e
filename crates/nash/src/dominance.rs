//! Dominance between pure strategies: dominant and dominated strategies, and the
//! iterated elimination of strictly dominated strategies.
//!
//! Strategy `t` of a player *strictly dominates* `s` when `t` pays that player more
//! than `s` against every strategy of the opponent; it *weakly dominates* `s` when it
//! pays at least as much against every opponent strategy and more against at least
//! one. A strategy is *strictly dominant* when it strictly dominates every other
//! strategy of its player (so a player with a single strategy has it as dominant).
//! Only domination by pure strategies is considered; a strategy dominated only by a
//! mixture of others is not reported.

use super::number::order;
use super::{Bimatrix, Budget, LimitExceeded, Player};
use std::cmp::Ordering;

/// A strategy dominated by another of the same player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domination {
    /// The dominated strategy.
    pub strategy: usize,
    /// A strategy that dominates it: the first that strictly dominates it, else the
    /// first that weakly dominates it.
    pub by: usize,
    /// Whether `by` dominates it strictly.
    pub strict: bool,
}

/// How `t` compares with `s` for `p`, against the opponent strategies `against`:
/// `Some(true)` strictly better everywhere, `Some(false)` weakly dominating (at least
/// as good everywhere, better somewhere), `None` neither.
fn dominates(game: &Bimatrix, p: Player, t: usize, s: usize, against: &[usize]) -> Option<bool> {
    let mut strict = true;
    let mut better_somewhere = false;
    for &o in against {
        match order(game.payoff(p, t, o), game.payoff(p, s, o)) {
            Ordering::Less => return None,
            Ordering::Equal => strict = false,
            Ordering::Greater => better_somewhere = true,
        }
    }
    if strict {
        Some(true)
    } else if better_somewhere {
        Some(false)
    } else {
        None
    }
}

/// The strictly dominant strategy of `p`, if it has one.
///
/// ```
/// use sprague_nash::{dominant, read_game, Budget, Player};
/// let pd = read_game(r#"{"rows": ["quiet", "confess"], "cols": ["quiet", "confess"],
///     "row_payoffs": [[-1, -20], [0, -8]], "col_payoffs": [[-1, 0], [-20, -8]]}"#).unwrap();
/// assert_eq!(dominant(&pd, Player::Row, &mut Budget::new(100)).unwrap(), Some(1));
/// assert_eq!(dominant(&pd, Player::Col, &mut Budget::new(100)).unwrap(), Some(1));
/// ```
pub fn dominant(
    game: &Bimatrix,
    p: Player,
    budget: &mut Budget,
) -> Result<Option<usize>, LimitExceeded> {
    let n = game.count(p);
    let against: Vec<usize> = (0..game.count(p.other())).collect();
    // Only a strategy that is best against the first opponent strategy can qualify.
    let Some(best) = (0..n).max_by(|&a, &b| order(game.payoff(p, a, 0), game.payoff(p, b, 0)))
    else {
        return Ok(None);
    };
    budget.spend(n as u128 - 1, "finding dominant strategies")?;
    let all = (0..n)
        .filter(|&s| s != best)
        .all(|s| dominates(game, p, best, s, &against) == Some(true));
    Ok(all.then_some(best))
}

/// Every strategy of `p` dominated (strictly or weakly) by another pure strategy,
/// in the order of the strategies.
///
/// ```
/// use sprague_nash::{dominated, read_game, Budget, Domination, Player};
/// // Left pays the column player 1 against both rows, right 1 and 0: left weakly dominates.
/// let g = read_game(r#"{"rows": ["up", "down"], "cols": ["left", "right"],
///     "row_payoffs": [[0, 0], [0, 0]], "col_payoffs": [[1, 1], [1, 0]]}"#).unwrap();
/// assert_eq!(
///     dominated(&g, Player::Col, &mut Budget::new(100)).unwrap(),
///     vec![Domination { strategy: 1, by: 0, strict: false }]
/// );
/// assert!(dominated(&g, Player::Row, &mut Budget::new(100)).unwrap().is_empty());
/// ```
pub fn dominated(
    game: &Bimatrix,
    p: Player,
    budget: &mut Budget,
) -> Result<Vec<Domination>, LimitExceeded> {
    let n = game.count(p);
    budget.spend(
        (n as u128) * (n as u128).saturating_sub(1),
        "comparing strategies for dominance",
    )?;
    let against: Vec<usize> = (0..game.count(p.other())).collect();
    let mut found = Vec::new();
    for s in 0..n {
        let mut weak = None;
        let mut strict = None;
        for t in (0..n).filter(|&t| t != s) {
            match dominates(game, p, t, s, &against) {
                Some(true) => {
                    strict = Some(t);
                    break;
                }
                Some(false) if weak.is_none() => weak = Some(t),
                _ => {}
            }
        }
        if let Some(by) = strict {
            found.push(Domination {
                strategy: s,
                by,
                strict: true,
            });
        } else if let Some(by) = weak {
            found.push(Domination {
                strategy: s,
                by,
                strict: false,
            });
        }
    }
    Ok(found)
}

/// One strategy removed by iterated elimination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The round (from 1) in which it was removed.
    pub round: usize,
    /// Whose strategy.
    pub player: Player,
    /// The strategy removed.
    pub strategy: usize,
    /// A strategy that strictly dominates it among those left at the start of the
    /// round, and that is not removed in the same round.
    pub by: usize,
}

/// The result of iterated elimination of strictly dominated strategies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Elimination {
    /// The row strategies left, in increasing order.
    pub rows: Vec<usize>,
    /// The column strategies left, in increasing order.
    pub cols: Vec<usize>,
    /// The strategies removed, round by round (within a round: the row player's
    /// first, each player's in increasing order).
    pub steps: Vec<Step>,
    /// The number of rounds that removed something.
    pub rounds: usize,
}

/// Iterated elimination of strictly dominated strategies (by pure strategies): each
/// round removes, for both players at once, every strategy strictly dominated by
/// another against the opponent's strategies still left; rounds go on until none is
/// removed. Every Nash equilibrium uses only the strategies left, and the result does
/// not depend on the order of removal.
///
/// ```
/// use sprague_nash::{iterated_elimination, read_game, Budget};
/// let pd = read_game(r#"{"rows": ["quiet", "confess"], "cols": ["quiet", "confess"],
///     "row_payoffs": [[-1, -20], [0, -8]], "col_payoffs": [[-1, 0], [-20, -8]]}"#).unwrap();
/// let e = iterated_elimination(&pd, &mut Budget::new(100)).unwrap();
/// assert_eq!((e.rows, e.cols, e.rounds), (vec![1], vec![1], 1));
/// ```
pub fn iterated_elimination(
    game: &Bimatrix,
    budget: &mut Budget,
) -> Result<Elimination, LimitExceeded> {
    let mut left = [
        (0..game.count(Player::Row)).collect::<Vec<_>>(),
        (0..game.count(Player::Col)).collect::<Vec<_>>(),
    ];
    let mut steps = Vec::new();
    let mut round = 0;
    loop {
        let mut removed: [Vec<(usize, usize)>; 2] = [Vec::new(), Vec::new()];
        for (k, p) in [Player::Row, Player::Col].into_iter().enumerate() {
            let own = &left[k];
            let against = &left[1 - k];
            let n = own.len() as u128;
            budget.spend(
                n * n.saturating_sub(1),
                "iterated elimination of dominated strategies",
            )?;
            // dominators[a]: the strategies (positions in `own`) strictly dominating own[a].
            let dominators: Vec<Vec<usize>> = own
                .iter()
                .map(|&s| {
                    (0..own.len())
                        .filter(|&b| own[b] != s)
                        .filter(|&b| dominates(game, p, own[b], s, against) == Some(true))
                        .collect()
                })
                .collect();
            for (a, ds) in dominators.iter().enumerate() {
                // Strict dominance is transitive, so some dominator is undominated.
                if let Some(&b) = ds.iter().find(|&&b| dominators[b].is_empty()) {
                    removed[k].push((own[a], own[b]));
                }
            }
        }
        if removed.iter().all(|r| r.is_empty()) {
            break;
        }
        round += 1;
        for (k, p) in [Player::Row, Player::Col].into_iter().enumerate() {
            for &(strategy, by) in &removed[k] {
                steps.push(Step {
                    round,
                    player: p,
                    strategy,
                    by,
                });
            }
            left[k].retain(|s| !removed[k].iter().any(|&(r, _)| r == *s));
        }
    }
    let [rows, cols] = left;
    Ok(Elimination {
        rows,
        cols,
        steps,
        rounds: round,
    })
}
