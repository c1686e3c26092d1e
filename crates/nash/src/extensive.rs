//! Game trees ([`Efg`]) analysed: every subgame-perfect equilibrium in pure
//! strategies of a tree of perfect information, by backward induction; perfect
//! recall; the reduced normal form of any tree; and the behaviour strategies of a
//! mixed strategy of the reduced normal form.
//!
//! Every pass over the tree is a loop over its nodes in (reverse) prefix order or
//! walks with an explicit stack, never a recursion, so a deep tree cannot overflow
//! the call stack; every pass is charged to a [`Budget`].

use super::efg::Efg;
use super::nplayer::{Normal, profile_count};
use super::number::{order, same};
use super::{Budget, LimitExceeded, Rational};
use num_traits::{One, Zero};
use sprague_core::Bound;
use std::cmp::Ordering;

/// How often the long loops look at the stop signal, in units of work.
const CHECK_EVERY: u64 = 4096;

/// The most profiles of a reduced normal form made (beyond, a [`Bound::Pairs`] limit).
pub const MAX_PROFILES: usize = 1_000_000;

/// A subgame-perfect equilibrium in pure strategies of a tree of perfect information.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spe {
    /// The action chosen at every node, `None` at chance and terminal nodes.
    pub choices: Vec<Option<usize>>,
    /// Each player's expected payoff at the root.
    pub payoffs: Vec<Rational>,
}

impl Spe {
    /// The nodes reached with positive probability (every branch of a chance node
    /// of positive probability, the chosen action elsewhere), in prefix order.
    pub fn path(&self, g: &Efg) -> Vec<usize> {
        reached(g, |v| self.choices[v].map(|a| vec![a]))
    }
}

/// The nodes reached from the root when `pick(v)` gives the actions taken at a
/// player's node `v` (every branch of positive probability is taken at chance).
pub(crate) fn reached(g: &Efg, pick: impl Fn(usize) -> Option<Vec<usize>>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut stack = vec![0usize];
    while let Some(v) = stack.pop() {
        out.push(v);
        let node = &g.nodes()[v];
        let Some(h) = node.infoset else { continue };
        let set = &g.infosets()[h];
        let take: Vec<usize> = if set.player.is_none() {
            (0..node.children.len())
                .filter(|&a| !set.probabilities[a].is_zero())
                .collect()
        } else {
            pick(v).unwrap_or_default()
        };
        for &a in take.iter().rev() {
            if let Some(&c) = node.children.get(a) {
                stack.push(c);
            }
        }
    }
    out.sort_unstable();
    out
}

/// One subgame-perfect play of a subtree: its payoffs, the index of the play
/// chosen in each child's list, and the action taken (at a player's node).
struct Partial {
    payoffs: Vec<Rational>,
    picks: Vec<u32>,
    action: Option<usize>,
}

/// Every subgame-perfect equilibrium in pure strategies of a tree of perfect
/// information (every player's information set a single node), by backward
/// induction: at each node of a player, every action that gives that player the
/// most, for every combination of subgame-perfect plays of the subtrees below;
/// chance nodes by exact expectation. When a player is indifferent, each best
/// action starts its own equilibria: the list is complete.
///
/// `None` when the tree is not of perfect information. Errs when there are more
/// than `max_count` equilibria (a [`Bound::Pairs`] limit whose words say so) or
/// the work (one unit for each play of a subtree made, times its children and
/// players, and one per node of each equilibrium listed) exceeds the budget.
///
/// ```
/// use sprague_nash::{Budget, efg::read_efg, extensive::subgame_perfect};
/// // Shoham and Leyton-Brown (2008), figure 5.2 (Gambit's
/// // catalog/books/shohamleytonbrown2008/fig5_2.efg).
/// let g = read_efg(r#"EFG 2 R "" { "1" "2" }
/// p "" 1 1 "" { "A" "B" } 0
/// p "" 2 2 "" { "C" "D" } 0
/// t "" 1 "" { 3 8 }
/// t "" 2 "" { 8 3 }
/// p "" 2 3 "" { "E" "F" } 0
/// t "" 3 "" { 5 5 }
/// p "" 1 4 "" { "G" "H" } 0
/// t "" 4 "" { 2 10 }
/// t "" 5 "" { 1 0 }"#).unwrap();
/// let all = subgame_perfect(&g, 100, &mut Budget::new(1000)).unwrap().unwrap();
/// assert_eq!(all.len(), 1);
/// // 1 plays A (and G), 2 plays C and F: payoffs 3, 8.
/// assert_eq!(all[0].payoffs[0].to_string(), "3");
/// assert_eq!(all[0].choices[0], Some(0));
/// ```
pub fn subgame_perfect(
    g: &Efg,
    max_count: usize,
    budget: &mut Budget,
) -> Result<Option<Vec<Spe>>, LimitExceeded> {
    if !g.perfect_information() {
        return Ok(None);
    }
    let n = g.players().len();
    let nodes = g.nodes();
    // Plays are picked by 32-bit indices.
    let max_count = max_count.min(u32::MAX as usize);
    let too_many = || LimitExceeded {
        bound: Bound::Equilibria,
        what: format!("the tree has more than {max_count} subgame-perfect equilibria"),
    };
    let mut lists: Vec<Vec<Partial>> = Vec::with_capacity(nodes.len());
    lists.resize_with(nodes.len(), Vec::new);
    let mut since_check = 0u64;
    for v in (0..nodes.len()).rev() {
        let node = &nodes[v];
        let own = g.outcome_payoffs(v);
        let k = node.children.len();
        if k == 0 {
            budget.spend_steps(n as u64, || "backward induction".to_string())?;
            lists[v] = vec![Partial {
                payoffs: own,
                picks: Vec::new(),
                action: None,
            }];
            continue;
        }
        let sizes: Vec<usize> = node.children.iter().map(|&c| lists[c].len()).collect();
        let combos = profile_count(sizes.iter().copied()).unwrap_or(usize::MAX);
        if combos > max_count {
            return Err(too_many());
        }
        let cost = (combos as u64).saturating_mul((k + n) as u64);
        budget.spend_steps(cost, || "backward induction".to_string())?;
        since_check += cost;
        if since_check >= CHECK_EVERY {
            since_check = 0;
            budget.check()?;
        }
        let set = &g.infosets()[node.infoset.unwrap_or(0)];
        let mut out: Vec<Partial> = Vec::new();
        let mut combo = vec![0usize; k];
        for _ in 0..combos {
            let values = |a: usize| &lists[node.children[a]][combo[a]].payoffs;
            let picks: Vec<u32> = combo.iter().map(|&i| i as u32).collect();
            match set.player {
                None => {
                    let mut sum = own.clone();
                    for a in 0..k {
                        let p = &set.probabilities[a];
                        if !p.is_zero() {
                            for (s, x) in sum.iter_mut().zip(values(a)) {
                                *s += p * x;
                            }
                        }
                    }
                    out.push(Partial {
                        payoffs: sum,
                        picks,
                        action: None,
                    });
                }
                Some(p) => {
                    let mut best = &values(0)[p];
                    for a in 1..k {
                        if order(&values(a)[p], best) == Ordering::Greater {
                            best = &values(a)[p];
                        }
                    }
                    let best = best.clone();
                    for a in 0..k {
                        if same(&values(a)[p], &best) {
                            let payoffs = own.iter().zip(values(a)).map(|(x, y)| x + y).collect();
                            out.push(Partial {
                                payoffs,
                                picks: picks.clone(),
                                action: Some(a),
                            });
                        }
                    }
                }
            }
            if out.len() > max_count {
                return Err(too_many());
            }
            // The next combination (the first child's play varying fastest).
            for a in 0..k {
                combo[a] += 1;
                if combo[a] < sizes[a] {
                    break;
                }
                combo[a] = 0;
            }
        }
        lists[v] = out;
    }
    // Each equilibrium, read down from the root.
    let count = lists[0].len();
    budget.spend_steps((count as u64).saturating_mul(nodes.len() as u64), || {
        format!("listing {count} subgame-perfect equilibria")
    })?;
    let mut all = Vec::with_capacity(count);
    for i in 0..count {
        budget.check()?;
        let mut choices = vec![None; nodes.len()];
        let mut stack = vec![(0usize, i)];
        while let Some((v, i)) = stack.pop() {
            let partial = &lists[v][i];
            choices[v] = partial.action;
            for (&c, &j) in nodes[v].children.iter().zip(&partial.picks) {
                stack.push((c, j as usize));
            }
        }
        all.push(Spe {
            choices,
            payoffs: lists[0][i].payoffs.clone(),
        });
    }
    Ok(Some(all))
}

/// The nearest node of the same player above each node, and the action taken
/// there towards it: `links[v]` for player `p`'s nodes and below.
fn own_links(g: &Efg, p: usize) -> Vec<Option<(usize, usize)>> {
    let nodes = g.nodes();
    let mut links: Vec<Option<(usize, usize)>> = vec![None; nodes.len()];
    for v in 1..nodes.len() {
        let Some(parent) = nodes[v].parent else {
            continue;
        };
        links[v] = if g.player(parent) == Some(p) {
            g.action_to(v).map(|a| (parent, a))
        } else {
            links[parent]
        };
    }
    links
}

/// `None` when the tree has perfect recall (each player remembers what they knew
/// and did: at every node of an information set, the player's own earlier
/// information sets and actions are the same, in the same order); else why not.
///
/// ```
/// use sprague_nash::efg::read_efg;
/// use sprague_nash::extensive::perfect_recall;
/// // Player 1 forgets their first move: both nodes of set 2 follow different actions.
/// let g = read_efg(r#"EFG 2 R "" { "A" }
/// p "" 1 1 "" { "l" "r" } 0
/// p "" 1 2 "" { "x" "y" } 0
/// t "" 1 "" { 1 }
/// t "" 2 "" { 2 }
/// p "" 1 2 "" { "x" "y" } 0
/// t "" 3 "" { 3 }
/// t "" 4 "" { 4 }"#).unwrap();
/// assert!(perfect_recall(&g).unwrap().contains("information set 2"));
/// ```
pub fn perfect_recall(g: &Efg) -> Option<String> {
    let n = g.players().len();
    // In one pass in prefix order: each player's last own move (information set,
    // action) and number of own moves on the path to the current node, with the
    // changes made by the edges of the path kept to be undone on leaving them.
    let mut last: Vec<Option<(usize, usize)>> = vec![None; n];
    let mut level = vec![0usize; n];
    /// A player's last own move (information set, action), if any.
    type Move = Option<(usize, usize)>;
    type Change = Option<(usize, Move, usize)>;
    let mut undo: Vec<Change> = Vec::new();
    // What the first node of each information set saw.
    let mut seen: Vec<Option<(Move, usize)>> = vec![None; g.infosets().len()];
    for (v, node) in g.nodes().iter().enumerate() {
        let keep = node.depth.saturating_sub(1);
        while undo.len() > keep {
            if let Some(Some((p, old, old_level))) = undo.pop() {
                last[p] = old;
                level[p] = old_level;
            }
        }
        if let Some(parent) = node.parent {
            match (g.player(parent), g.nodes()[parent].infoset) {
                (Some(p), Some(h)) => {
                    undo.push(Some((p, last[p], level[p])));
                    last[p] = Some((h, g.action_to(v).unwrap_or(0)));
                    level[p] += 1;
                }
                _ => undo.push(None),
            }
        }
        let (Some(q), Some(h)) = (g.player(v), node.infoset) else {
            continue;
        };
        let here = (last[q], level[q]);
        match seen[h] {
            None => seen[h] = Some(here),
            Some(first) if first == here => {}
            Some(_) => {
                return Some(format!(
                    "player {}'s information set {} has nodes after different moves of their own",
                    q + 1,
                    g.infosets()[h].number
                ));
            }
        }
    }
    None
}

/// The reduced normal form of a tree: each player's reduced strategies (an action
/// at each of their information sets that their own actions let be reached, `*`
/// at the others) and the expected payoffs of every profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduced {
    /// Each player's information sets (indices of [`Efg::infosets`]), in order of
    /// first appearance.
    pub infosets: Vec<Vec<usize>>,
    /// Each player's reduced strategies: the action at each of their information
    /// sets, `None` (written `*`) where their own actions exclude it.
    pub strategies: Vec<Vec<Vec<Option<usize>>>>,
    /// The normal-form game, its strategies named as Gambit does: the actions'
    /// numbers from 1, `*` for none, one character per information set (separated
    /// by commas when a set has more than 9 actions); `*` alone for a player with no
    /// information set.
    pub game: Normal,
}

/// The reduced normal form of any tree (see [`Reduced`]). Errs beyond
/// [`MAX_PROFILES`] profiles or when walking the tree for every profile (one unit
/// per node visited) exceeds the budget.
///
/// ```
/// use sprague_nash::{Budget, efg::read_efg, extensive::reduced_normal_form};
/// // Selten (1975), figure 2: its reduced normal form is Gambit's e02.nfg.
/// let g = read_efg(r#"EFG 2 R "" { "Player 1" "Player 2" }
/// p "" 1 1 "" { "R" "L" } 0
/// t "" 1 "Outcome 1" { 1, 1 }
/// p "" 2 1 "" { "R" "L" } 0
/// t "" 2 "Outcome 2" { 0, 2 }
/// p "" 1 2 "" { "r" "l" } 0
/// t "" 3 "Outcome 3" { 0, 3 }
/// t "" 4 "Outcome 4" { 2, 0 }"#).unwrap();
/// let r = reduced_normal_form(&g, &mut Budget::new(1000)).unwrap();
/// assert_eq!(r.game.names(0), ["1*", "21", "22"]);
/// assert_eq!(r.game.names(1), ["1", "2"]);
/// assert_eq!(r.game.payoff(&[2, 1], 0).to_string(), "2");
/// ```
pub fn reduced_normal_form(g: &Efg, budget: &mut Budget) -> Result<Reduced, LimitExceeded> {
    let n = g.players().len();
    let too_many = |what: String| LimitExceeded {
        bound: Bound::Pairs,
        what,
    };
    let mut infosets = Vec::with_capacity(n);
    let mut strategies = Vec::with_capacity(n);
    for p in 0..n {
        let sets = g.infosets_of(p).to_vec();
        if sets.is_empty() {
            // No move: one strategy, nothing to walk.
            infosets.push(sets);
            strategies.push(vec![Vec::new()]);
            continue;
        }
        budget.spend_steps(g.nodes().len() as u64, || {
            format!("the reduced strategies of player {}", p + 1)
        })?;
        let list = reduced_strategies(g, p, &sets, budget)?;
        infosets.push(sets);
        strategies.push(list);
    }
    let Some(profiles) =
        profile_count(strategies.iter().map(Vec::len)).filter(|&c| c <= MAX_PROFILES)
    else {
        return Err(too_many(format!(
            "the reduced normal form has more than {MAX_PROFILES} profiles"
        )));
    };
    // Where each player's information sets are among theirs.
    let mut position = vec![usize::MAX; g.infosets().len()];
    for sets in &infosets {
        for (i, &h) in sets.iter().enumerate() {
            position[h] = i;
        }
    }
    let terminal = g.terminal_payoffs();
    let mut payoffs = Vec::with_capacity(profiles.saturating_mul(n));
    let mut profile = vec![0usize; n];
    for _ in 0..profiles {
        let mut sums = vec![Rational::zero(); n];
        let mut stack = vec![(0usize, Rational::one())];
        let mut visited = 0u64;
        while let Some((v, prob)) = stack.pop() {
            visited += 1;
            let node = &g.nodes()[v];
            let Some(h) = node.infoset else {
                if let Some(t) = terminal.get(&v) {
                    for (s, x) in sums.iter_mut().zip(t) {
                        *s += &prob * x;
                    }
                }
                continue;
            };
            let set = &g.infosets()[h];
            match set.player {
                None => {
                    for (a, &c) in node.children.iter().enumerate() {
                        let q = &set.probabilities[a];
                        if !q.is_zero() {
                            stack.push((c, &prob * q));
                        }
                    }
                }
                Some(p) => {
                    let a = strategies[p][profile[p]][position[h]].unwrap_or(0);
                    if let Some(&c) = node.children.get(a) {
                        stack.push((c, prob));
                    }
                }
            }
        }
        budget.spend_steps(visited, || {
            format!("the payoffs of the {profiles} profiles of the reduced normal form")
        })?;
        budget.check()?;
        payoffs.extend(sums);
        for p in 0..n {
            profile[p] += 1;
            if profile[p] < strategies[p].len() {
                break;
            }
            profile[p] = 0;
        }
    }
    let names = strategies
        .iter()
        .zip(&infosets)
        .map(|(list, sets)| {
            let wide = sets.iter().any(|&h| g.infosets()[h].actions.len() > 9);
            list.iter().map(|s| label(s, wide)).collect()
        })
        .collect();
    let game = Normal::new(g.players().to_vec(), names, payoffs)
        .map_err(|e| too_many(e.to_string()))?
        .with_title(g.title().to_string(), g.comment().to_string());
    Ok(Reduced {
        infosets,
        strategies,
        game,
    })
}

/// Gambit's name of a reduced strategy: `12`, `1*`, …
fn label(s: &[Option<usize>], wide: bool) -> String {
    if s.is_empty() {
        return "*".into();
    }
    let parts: Vec<String> = s
        .iter()
        .map(|a| a.map_or("*".to_string(), |a| (a + 1).to_string()))
        .collect();
    parts.join(if wide { "," } else { "" })
}

/// Player `p`'s reduced strategies over `sets`, in the order of their names
/// (the first set's action varying slowest), by an explicit backtracking.
fn reduced_strategies(
    g: &Efg,
    p: usize,
    sets: &[usize],
    budget: &mut Budget,
) -> Result<Vec<Vec<Option<usize>>>, LimitExceeded> {
    let links = own_links(g, p);
    let mut position = vec![usize::MAX; g.infosets().len()];
    for (i, &h) in sets.iter().enumerate() {
        position[h] = i;
    }
    // Whether some node of set `i` can be reached when `a[..known]` is played
    // (sets from `known` on count as playing whatever leads there).
    let reachable = |i: usize, a: &[Option<usize>], known: usize, work: &mut u64| -> bool {
        g.infosets()[sets[i]].nodes.iter().any(|&x| {
            let mut link = links[x];
            while let Some((y, act)) = link {
                *work += 1;
                let j = g.nodes()[y].infoset.map_or(usize::MAX, |h| position[h]);
                if j < known && a[j] != Some(act) {
                    return false;
                }
                link = links[y];
            }
            true
        })
    };
    let k = sets.len();
    let mut out = Vec::new();
    let mut a: Vec<Option<usize>> = vec![None; k];
    let mut next = vec![0usize; k];
    let mut i = 0;
    let mut work = 0u64;
    loop {
        if work >= CHECK_EVERY {
            budget.spend_steps(work, || {
                format!("the reduced strategies of player {}", p + 1)
            })?;
            budget.check()?;
            work = 0;
        }
        if i == k {
            // Keep it only if exactly the sets it reaches have an action.
            if (0..k).all(|j| reachable(j, &a, k, &mut work) == a[j].is_some()) {
                if out.len() >= MAX_PROFILES {
                    return Err(LimitExceeded {
                        bound: Bound::Pairs,
                        what: format!(
                            "player {} has more than {MAX_PROFILES} reduced strategies",
                            p + 1
                        ),
                    });
                }
                out.push(a.clone());
            }
            if k == 0 {
                break;
            }
            i -= 1;
            continue;
        }
        let options = if reachable(i, &a, i, &mut work) {
            g.infosets()[sets[i]].actions.len()
        } else {
            0
        };
        if next[i] < options.max(1) {
            a[i] = (options > 0).then_some(next[i]);
            next[i] += 1;
            i += 1;
        } else {
            next[i] = 0;
            a[i] = None;
            if i == 0 {
                break;
            }
            i -= 1;
        }
    }
    budget.spend_steps(work, || {
        format!("the reduced strategies of player {}", p + 1)
    })?;
    Ok(out)
}

/// The behaviour strategy of a mixed strategy `mixed` of player `p` over the
/// reduced strategies of `r` (Kuhn): at each of the player's information sets, the
/// probability of each action given that the player's own play reaches the set;
/// `None` at a set their mixed strategy never reaches. Equivalent to the mixed
/// strategy when the tree has perfect recall ([`perfect_recall`]).
pub fn behaviour(g: &Efg, r: &Reduced, p: usize, mixed: &[Rational]) -> Vec<Option<Vec<Rational>>> {
    let list = &r.strategies[p];
    (0..r.infosets[p].len())
        .map(|i| {
            let mut reach = Rational::zero();
            for (s, x) in list.iter().zip(mixed) {
                if s[i].is_some() {
                    reach += x;
                }
            }
            if reach.is_zero() {
                return None;
            }
            let actions = g.infosets()[r.infosets[p][i]].actions.len();
            let mut probs = vec![Rational::zero(); actions];
            for (s, x) in list.iter().zip(mixed) {
                if let Some(a) = s[i] {
                    probs[a] += x;
                }
            }
            Some(probs.into_iter().map(|q| q / &reach).collect())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::efg::read_efg;

    #[test]
    fn the_absent_minded_driver_has_no_perfect_recall() {
        // Piccione and Rubinstein (1997): both exits are in one information set.
        let g = read_efg(
            "EFG 2 R \"\" { \"driver\" }\n\
             p \"\" 1 1 \"\" { \"exit\" \"continue\" } 0\n\
             t \"\" 1 \"\" { 0 }\n\
             p \"\" 1 1 \"\" { \"exit\" \"continue\" } 0\n\
             t \"\" 2 \"\" { 4 }\n\
             t \"\" 3 \"\" { 1 }\n",
        )
        .unwrap();
        let why = perfect_recall(&g).unwrap();
        assert!(why.contains("information set 1"), "{why}");
    }

    #[test]
    fn a_tree_without_players_moves_has_one_empty_strategy_each() {
        // Chance alone: the expected payoff 1/3·3 + 2/3·0 = 1.
        let g = read_efg(
            "EFG 2 R \"\" { \"A\" }\n\
             c \"\" 1 \"\" { \"a\" 1/3 \"b\" 2/3 } 0\n\
             t \"\" 1 \"\" { 3 }\n\
             t \"\" 0\n",
        )
        .unwrap();
        let r = reduced_normal_form(&g, &mut Budget::new(100)).unwrap();
        assert_eq!(r.game.names(0), ["*"]);
        assert_eq!(r.game.payoff(&[0], 0), &Rational::one());
        let spe = subgame_perfect(&g, 10, &mut Budget::new(100))
            .unwrap()
            .unwrap();
        assert_eq!(spe.len(), 1);
        assert_eq!(spe[0].payoffs, vec![Rational::one()]);
        assert_eq!(spe[0].path(&g), vec![0, 1, 2]);
    }

    #[test]
    fn behaviour_divides_by_the_probability_of_reaching_the_set() {
        // Player 1 plays 1* (left) with 1/2, 21 with 1/4, 22 with 1/4: the second
        // set is reached with 1/2, and each of its actions has 1/2 there.
        let g = read_efg(
            "EFG 2 R \"\" { \"A\" }\n\
             p \"\" 1 1 \"\" { \"l\" \"r\" } 0\n\
             t \"\" 1 \"\" { 1 }\n\
             p \"\" 1 2 \"\" { \"x\" \"y\" } 0\n\
             t \"\" 2 \"\" { 2 }\n\
             t \"\" 3 \"\" { 3 }\n",
        )
        .unwrap();
        let r = reduced_normal_form(&g, &mut Budget::new(100)).unwrap();
        assert_eq!(r.game.names(0), ["1*", "21", "22"]);
        let half = Rational::new(1.into(), 2.into());
        let quarter = Rational::new(1.into(), 4.into());
        let b = behaviour(&g, &r, 0, &[half.clone(), quarter.clone(), quarter]);
        assert_eq!(b[0], Some(vec![half.clone(), half.clone()]));
        assert_eq!(b[1], Some(vec![half.clone(), half]));
        let pure = [Rational::one(), Rational::zero(), Rational::zero()];
        assert_eq!(behaviour(&g, &r, 0, &pure)[1], None);
    }

    #[test]
    fn too_many_equilibria_is_a_limit() {
        // Every action ties: 2 × 2 × 2 = 8 equilibria of three indifferent nodes.
        let g = read_efg(
            "EFG 2 R \"\" { \"A\" }\n\
             p \"\" 1 1 \"\" { \"a\" \"b\" } 0\n\
             p \"\" 1 2 \"\" { \"c\" \"d\" } 0\n\
             t \"\" 0\n\
             t \"\" 0\n\
             p \"\" 1 3 \"\" { \"e\" \"f\" } 0\n\
             t \"\" 0\n\
             t \"\" 0\n",
        )
        .unwrap();
        let all = subgame_perfect(&g, 8, &mut Budget::new(1000))
            .unwrap()
            .unwrap();
        assert_eq!(all.len(), 8);
        let e = subgame_perfect(&g, 7, &mut Budget::new(1000)).unwrap_err();
        assert!(e.what.contains("more than 7"), "{e}");
        let e = subgame_perfect(&g, 8, &mut Budget::new(5)).unwrap_err();
        assert_eq!(e.bound, Bound::Pairs);
    }
}
