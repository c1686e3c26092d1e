//! Normal-form games with any number of players ([`Normal`]), and what is found for
//! them exactly: pure Nash equilibria, dominated strategies and the iterated
//! elimination of strictly dominated strategies.
//!
//! A two-player game converts to and from a [`Bimatrix`] (player 1 is the row
//! player), which has everything else (mixed equilibria); for three players or more
//! the mixed equilibria of small games are found by [`mixed_many`](super::mixed_many).

use super::number::{order, same};
use super::{Bimatrix, Budget, LimitExceeded, Player, Rational};
use std::cmp::Ordering;
use std::fmt;

/// A finite game in normal form: named players, named pure strategies for each,
/// and a payoff to every player for every profile (one strategy per player).
///
/// Profiles are numbered as in Gambit's `.nfg` files: the first player's strategy
/// varies fastest.
///
/// ```
/// use sprague_nash::nplayer::Normal;
/// use sprague_nash::Rational;
/// let r = |v: i64| Rational::from_integer(v.into());
/// // Two players with 2 and 1 strategies: profiles (a, x) then (b, x).
/// let g = Normal::new(
///     vec!["P1".into(), "P2".into()],
///     vec![vec!["a".into(), "b".into()], vec!["x".into()]],
///     vec![r(1), r(2), r(3), r(4)],
/// )
/// .unwrap();
/// assert_eq!(g.payoff(&[1, 0], 1), &r(4));
/// assert_eq!(g.profile(1), vec![1, 0]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Normal {
    title: String,
    comment: String,
    players: Vec<String>,
    strategies: Vec<Vec<String>>,
    /// `payoffs[profile · n + player]`.
    payoffs: Vec<Rational>,
}

/// Why names and payoffs do not make a [`Normal`] game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NormalError {
    /// There is no player.
    NoPlayers,
    /// The player names and the strategy lists are not as many.
    PlayerCount {
        /// Player names.
        players: usize,
        /// Strategy lists.
        strategies: usize,
    },
    /// A player (0-based) has no strategy.
    NoStrategies(usize),
    /// A name is empty: of a player (`strategy` is `None`) or of a strategy.
    EmptyName {
        /// The player (0-based).
        player: usize,
        /// The strategy (0-based), or `None` for the player's own name.
        strategy: Option<usize>,
    },
    /// Two players, or two strategies of one player, have the same name.
    DuplicateName {
        /// The player (0-based).
        player: usize,
        /// The later strategy (0-based), or `None` for a player's name.
        strategy: Option<usize>,
    },
    /// The payoffs are not one per player for every profile.
    PayoffCount {
        /// The payoffs given.
        found: usize,
        /// The number needed, `None` when beyond `usize`.
        expected: Option<usize>,
    },
}

impl fmt::Display for NormalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NormalError::NoPlayers => write!(f, "the game has no player"),
            NormalError::PlayerCount {
                players,
                strategies,
            } => write!(
                f,
                "{players} players named, but {strategies} lists of strategies"
            ),
            NormalError::NoStrategies(p) => write!(f, "player {} has no strategy", p + 1),
            NormalError::EmptyName {
                player,
                strategy: None,
            } => write!(f, "player {} has an empty name", player + 1),
            NormalError::EmptyName {
                player,
                strategy: Some(s),
            } => write!(
                f,
                "strategy {} of player {} has an empty name",
                s + 1,
                player + 1
            ),
            NormalError::DuplicateName {
                player,
                strategy: None,
            } => write!(
                f,
                "player {} repeats the name of another player",
                player + 1
            ),
            NormalError::DuplicateName {
                player,
                strategy: Some(s),
            } => write!(
                f,
                "strategy {} of player {} repeats the name of another of its strategies",
                s + 1,
                player + 1
            ),
            NormalError::PayoffCount {
                found,
                expected: Some(e),
            } => write!(f, "{found} payoffs given, but the game needs {e}"),
            NormalError::PayoffCount {
                found,
                expected: None,
            } => write!(
                f,
                "{found} payoffs given, but the game needs more than can be counted"
            ),
        }
    }
}

impl std::error::Error for NormalError {}

/// The number of profiles of games with these numbers of strategies, `None` when
/// beyond `usize`.
pub fn profile_count(counts: impl IntoIterator<Item = usize>) -> Option<usize> {
    counts.into_iter().try_fold(1usize, |a, k| a.checked_mul(k))
}

impl Normal {
    /// A game from its player names, each player's strategy names, and its payoffs:
    /// for each profile in order (the first player's strategy varying fastest), one
    /// payoff per player. Names must be non-empty and distinct (players among
    /// themselves, each player's strategies among themselves).
    pub fn new(
        players: Vec<String>,
        strategies: Vec<Vec<String>>,
        payoffs: Vec<Rational>,
    ) -> Result<Normal, NormalError> {
        if players.is_empty() {
            return Err(NormalError::NoPlayers);
        }
        if players.len() != strategies.len() {
            return Err(NormalError::PlayerCount {
                players: players.len(),
                strategies: strategies.len(),
            });
        }
        check_names(&players).map_err(|(index, empty)| {
            if empty {
                NormalError::EmptyName {
                    player: index,
                    strategy: None,
                }
            } else {
                NormalError::DuplicateName {
                    player: index,
                    strategy: None,
                }
            }
        })?;
        for (p, names) in strategies.iter().enumerate() {
            if names.is_empty() {
                return Err(NormalError::NoStrategies(p));
            }
            check_names(names).map_err(|(index, empty)| {
                if empty {
                    NormalError::EmptyName {
                        player: p,
                        strategy: Some(index),
                    }
                } else {
                    NormalError::DuplicateName {
                        player: p,
                        strategy: Some(index),
                    }
                }
            })?;
        }
        let expected = profile_count(strategies.iter().map(Vec::len))
            .and_then(|c| c.checked_mul(players.len()));
        if expected != Some(payoffs.len()) {
            return Err(NormalError::PayoffCount {
                found: payoffs.len(),
                expected,
            });
        }
        Ok(Normal {
            title: String::new(),
            comment: String::new(),
            players,
            strategies,
            payoffs,
        })
    }

    /// The same game with a title and a comment (as in a `.nfg` file).
    pub fn with_title(mut self, title: String, comment: String) -> Normal {
        self.title = title;
        self.comment = comment;
        self
    }

    /// The title (empty if none).
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The comment (empty if none).
    pub fn comment(&self) -> &str {
        &self.comment
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players.len()
    }

    /// The players' names.
    pub fn player_names(&self) -> &[String] {
        &self.players
    }

    /// The strategy names of player `p` (0-based).
    pub fn names(&self, p: usize) -> &[String] {
        &self.strategies[p]
    }

    /// The number of strategies of player `p`.
    pub fn count(&self, p: usize) -> usize {
        self.strategies[p].len()
    }

    /// The number of profiles.
    pub fn profiles(&self) -> usize {
        self.payoffs.len() / self.players.len()
    }

    /// The number of a profile (one strategy per player).
    pub fn index(&self, profile: &[usize]) -> usize {
        let mut index = 0;
        for (p, &s) in profile.iter().enumerate().rev() {
            index = index * self.count(p) + s;
        }
        index
    }

    /// The profile numbered `index`.
    pub fn profile(&self, mut index: usize) -> Vec<usize> {
        (0..self.players())
            .map(|p| {
                let s = index % self.count(p);
                index /= self.count(p);
                s
            })
            .collect()
    }

    /// What player `p` gets at `profile`.
    pub fn payoff(&self, profile: &[usize], p: usize) -> &Rational {
        &self.payoffs[self.index(profile) * self.players() + p]
    }

    /// Every player's payoff at the profile numbered `index`.
    pub fn payoffs_at(&self, index: usize) -> &[Rational] {
        let n = self.players();
        &self.payoffs[index * n..(index + 1) * n]
    }

    /// A two-player game as a normal-form game: the row player is player 1,
    /// named `row`, the column player player 2, named `column`.
    pub fn from_bimatrix(g: &Bimatrix) -> Normal {
        let (m, n) = (g.count(Player::Row), g.count(Player::Col));
        let mut payoffs = Vec::with_capacity(2 * m * n);
        for j in 0..n {
            for i in 0..m {
                let (a, b) = g.payoffs(i, j);
                payoffs.push(a.clone());
                payoffs.push(b.clone());
            }
        }
        Normal {
            title: String::new(),
            comment: String::new(),
            players: vec!["row".into(), "column".into()],
            strategies: vec![g.names(Player::Row).to_vec(), g.names(Player::Col).to_vec()],
            payoffs,
        }
    }

    /// A two-player game as a [`Bimatrix`] (player 1 chooses the row); `None` for
    /// any other number of players.
    pub fn to_bimatrix(&self) -> Option<Bimatrix> {
        if self.players() != 2 {
            return None;
        }
        let (m, n) = (self.count(0), self.count(1));
        let table = |p: usize| -> Vec<Vec<Rational>> {
            (0..m)
                .map(|i| (0..n).map(|j| self.payoff(&[i, j], p).clone()).collect())
                .collect()
        };
        Bimatrix::new(
            self.strategies[0].clone(),
            self.strategies[1].clone(),
            table(0),
            table(1),
        )
        .ok()
    }

    /// `Err` (a digits limit) when a payoff has more decimal digits than `budget`
    /// allows: comparisons of such numbers would no longer be short.
    pub fn check_sizes(&self, budget: &Budget) -> Result<(), LimitExceeded> {
        let limit_bits = budget.max_digits.saturating_mul(33_220) / 10_000;
        for (k, v) in self.payoffs.iter().enumerate() {
            let bits = v.numer().bits().max(v.denom().bits());
            if bits > limit_bits {
                return Err(budget.too_large(format!(
                    "a payoff of player {} has {} digits",
                    k % self.players() + 1,
                    super::digits(bits)
                )));
            }
        }
        Ok(())
    }
}

/// Reads a game in any form `sprague nash` reads: a Gambit `.nfg` file (see
/// [`gambit`](super::gambit)), the JSON of a two-player game (SPEC §5, see
/// [`read_game`](super::read_game)), or the JSON of a game of any number of
/// players: `{"players": [names], "strategies": [[names of each player's
/// strategies]], "payoffs": …}` where `payoffs[i][j]…` (one index per player, the
/// first player's outermost) lists every player's payoff for that profile.
///
/// ```
/// use sprague_nash::nplayer::read_normal;
/// let g = read_normal(r#"{"rows": ["a"], "cols": ["x", "y"],
///     "row_payoffs": [[1, 2]], "col_payoffs": [[3, 4]]}"#).unwrap();
/// assert_eq!(g.payoff(&[0, 1], 1).to_string(), "4");
/// let g = read_normal("NFG 1 R \"\" { \"A\" } { 2 } 5 6").unwrap();
/// assert_eq!(g.payoff(&[1], 0).to_string(), "6");
/// let g = read_normal(r#"{"players": ["A", "B", "C"], "strategies": [["a"], ["b"], ["c", "d"]],
///     "payoffs": [[[[1, 2, 3], [4, 5, "3/4"]]]]}"#).unwrap();
/// assert_eq!(g.payoff(&[0, 0, 1], 2).to_string(), "3/4");
/// ```
pub fn read_normal(text: &str) -> Result<Normal, super::ReadError> {
    if super::gambit::is_nfg(text) {
        return super::gambit::read_nfg(text);
    }
    if super::read_many::is_many(text) {
        return super::read_many::read_many(text);
    }
    super::read_game(text).map(|g| Normal::from_bimatrix(&g))
}

/// `Err((index, empty))` for the first empty or repeated name.
pub(crate) fn check_names(names: &[String]) -> Result<(), (usize, bool)> {
    let mut seen = std::collections::HashSet::new();
    for (index, name) in names.iter().enumerate() {
        if name.is_empty() {
            return Err((index, true));
        }
        if !seen.insert(name.as_str()) {
            return Err((index, false));
        }
    }
    Ok(())
}

/// A pure Nash equilibrium: no player gains by changing its strategy alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PureProfile {
    /// Each player's strategy.
    pub profile: Vec<usize>,
    /// Each player's payoff.
    pub payoffs: Vec<Rational>,
}

/// How often the long loops look at the stop signal, in profiles.
const CHECK_EVERY: usize = 4096;

/// Every pure Nash equilibrium, in the order of the profiles (the first player's
/// strategy varying fastest). Charges `budget` one unit per profile for each
/// player (each profile is looked at once per player, for its best responses).
///
/// ```
/// use sprague_nash::nplayer::pure_equilibria;
/// use sprague_nash::{gambit, Budget};
/// // Three players each choosing 0 or 1, each paid 1 when all choose alike.
/// let g = gambit::read_nfg(r#"NFG 1 R "agree" { "A" "B" "C" } { 2 2 2 }
///     1 1 1  0 0 0  0 0 0  0 0 0  0 0 0  0 0 0  0 0 0  1 1 1"#).unwrap();
/// let found = pure_equilibria(&g, &mut Budget::new(1000)).unwrap();
/// let profiles: Vec<_> = found.iter().map(|e| e.profile.clone()).collect();
/// // Only the two profiles where all agree: elsewhere the odd one out gains by joining.
/// assert_eq!(profiles, vec![vec![0, 0, 0], vec![1, 1, 1]]);
/// ```
pub fn pure_equilibria(
    game: &Normal,
    budget: &mut Budget,
) -> Result<Vec<PureProfile>, LimitExceeded> {
    let n = game.players();
    let total = game.profiles();
    budget.spend(
        (total as u128).saturating_mul(n as u128),
        "checking profiles for pure equilibria",
    )?;
    // best[p][q]: player p's best payoff against the others' profile q (the
    // profile numbers with p's strategy left out).
    let mut candidate = vec![true; total];
    let mut stride = 1usize;
    for p in 0..n {
        let k = game.count(p);
        let mut best: Vec<Option<&Rational>> = vec![None; total / k];
        for (index, _) in candidate.iter().enumerate() {
            if index.is_multiple_of(CHECK_EVERY) {
                budget.check()?;
            }
            let q = others(index, stride, k);
            let v = &game.payoffs[index * n + p];
            let b = &mut best[q];
            if b.is_none_or(|b| order(v, b) == Ordering::Greater) {
                *b = Some(v);
            }
        }
        for (index, c) in candidate.iter_mut().enumerate() {
            if *c {
                let v = &game.payoffs[index * n + p];
                *c = best[others(index, stride, k)].is_some_and(|b| same(v, b));
            }
        }
        stride *= k;
    }
    Ok(candidate
        .iter()
        .enumerate()
        .filter(|(_, c)| **c)
        .map(|(index, _)| PureProfile {
            profile: game.profile(index),
            payoffs: game.payoffs_at(index).to_vec(),
        })
        .collect())
}

/// The number of the others' profile in profile `index`, for a player whose
/// strategies (`k` of them) have the place value `stride`.
fn others(index: usize, stride: usize, k: usize) -> usize {
    index % stride + index / (stride * k) * stride
}

/// A strategy dominated by another of the same player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dominated {
    /// The dominated strategy.
    pub strategy: usize,
    /// A strategy that dominates it: the first that strictly dominates it, else the
    /// first that weakly dominates it.
    pub by: usize,
    /// Whether `by` dominates it strictly.
    pub strict: bool,
}

/// The strategies still considered for each player.
type Left = Vec<Vec<usize>>;

/// The profiles of the others of player `p` among the strategies left, as
/// profile numbers without `p`'s part: a fixed part (the players with a single
/// strategy left, most players of a game with many) and the players whose strategy
/// varies, with their place values. At most log₂ of the number of profiles players
/// have two strategies or more, so going through these profiles costs little per
/// profile however many players the game has.
struct Others {
    /// `p`'s place value.
    stride: usize,
    /// The profile number of the fixed part.
    base: usize,
    /// For each varying player, its place value and the strategies it has left.
    vary: Vec<(usize, Vec<usize>)>,
    /// How many profiles of the others (saturating).
    count: u128,
}

impl Others {
    fn new(game: &Normal, p: usize, left: &Left) -> Others {
        let mut stride = 1usize;
        let mut own = 0;
        let mut base = 0;
        let mut vary = Vec::new();
        let mut count = 1u128;
        for (q, l) in left.iter().enumerate() {
            if q == p {
                own = stride;
            } else if l.len() == 1 {
                base += l[0] * stride;
            } else {
                vary.push((stride, l.clone()));
                count = count.saturating_mul(l.len() as u128);
            }
            stride *= game.count(q);
        }
        Others {
            stride: own,
            base,
            vary,
            count,
        }
    }
}

/// How `t` compares with `s` for `p` against every profile of the others in
/// `others`: `Some(true)` strictly better everywhere, `Some(false)` weakly
/// dominating, `None` neither. Charges one unit per profile compared.
fn dominates(
    game: &Normal,
    p: usize,
    t: usize,
    s: usize,
    others: &Others,
    budget: &mut Budget,
) -> Result<Option<bool>, LimitExceeded> {
    budget.spend(others.count, "comparing strategies for dominance")?;
    let n = game.players();
    let mut at: Vec<usize> = vec![0; others.vary.len()];
    let mut index = others.base + others.vary.iter().map(|(st, l)| l[0] * st).sum::<usize>();
    let mut strict = true;
    let mut better = false;
    let mut steps = 0usize;
    loop {
        steps += 1;
        if steps.is_multiple_of(CHECK_EVERY) {
            budget.check()?;
        }
        let a = &game.payoffs[(index + t * others.stride) * n + p];
        let b = &game.payoffs[(index + s * others.stride) * n + p];
        match order(a, b) {
            Ordering::Less => return Ok(None),
            Ordering::Equal => strict = false,
            Ordering::Greater => better = true,
        }
        // The next profile of the others.
        let lists = |v: usize| others.vary.get(v).map(|(st, l)| (&l[..], *st));
        if !next_profile(lists, &mut at, &mut index) {
            return Ok(if strict {
                Some(true)
            } else if better {
                Some(false)
            } else {
                None
            });
        }
    }
}

/// Moves an odometer over lists of strategies on to the next profile: `at` holds
/// the place in each list, `index` the profile's place in the payoff table, and
/// `lists(v)` gives list `v` and its stride in the table (`None` past the last).
/// `false` after the last profile (every place back at the first).
pub(crate) fn next_profile<'l>(
    lists: impl Fn(usize) -> Option<(&'l [usize], usize)>,
    at: &mut [usize],
    index: &mut usize,
) -> bool {
    let mut v = 0;
    while let Some((l, st)) = lists(v) {
        *index -= l[at[v]] * st;
        if at[v] + 1 < l.len() {
            at[v] += 1;
            *index += l[at[v]] * st;
            return true;
        }
        at[v] = 0;
        *index += l[0] * st;
        v += 1;
    }
    false
}

fn everything(game: &Normal) -> Left {
    (0..game.players())
        .map(|p| (0..game.count(p)).collect())
        .collect()
}

/// The strictly dominant strategy of player `p` (better than each of its other
/// strategies against every profile of the others), if it has one.
pub fn dominant(
    game: &Normal,
    p: usize,
    budget: &mut Budget,
) -> Result<Option<usize>, LimitExceeded> {
    if game.count(p) == 1 {
        return Ok(Some(0));
    }
    let others = Others::new(game, p, &everything(game));
    let n = game.players();
    // Only a strategy best against the others' first profile can qualify.
    let at = |s: usize| &game.payoffs[s * others.stride * n + p];
    let best = (0..game.count(p))
        .max_by(|&a, &b| order(at(a), at(b)))
        .unwrap_or(0);
    for s in (0..game.count(p)).filter(|&s| s != best) {
        if dominates(game, p, best, s, &others, budget)? != Some(true) {
            return Ok(None);
        }
    }
    Ok(Some(best))
}

/// Every strategy of player `p` dominated (strictly or weakly) by another of its
/// pure strategies, in the order of the strategies.
pub fn dominated(
    game: &Normal,
    p: usize,
    budget: &mut Budget,
) -> Result<Vec<Dominated>, LimitExceeded> {
    let k = game.count(p);
    if k == 1 {
        return Ok(Vec::new());
    }
    let others = Others::new(game, p, &everything(game));
    let mut found = Vec::new();
    for s in 0..k {
        let mut weak = None;
        let mut strict = None;
        for t in (0..k).filter(|&t| t != s) {
            match dominates(game, p, t, s, &others, budget)? {
                Some(true) => {
                    strict = Some(t);
                    break;
                }
                Some(false) if weak.is_none() => weak = Some(t),
                _ => {}
            }
        }
        if let Some(by) = strict.or(weak) {
            found.push(Dominated {
                strategy: s,
                by,
                strict: strict.is_some(),
            });
        }
    }
    Ok(found)
}

/// One strategy removed by iterated elimination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removed {
    /// The round (from 1) in which it was removed.
    pub round: usize,
    /// Whose strategy (0-based).
    pub player: usize,
    /// The strategy removed.
    pub strategy: usize,
    /// A strategy that strictly dominates it among those left at the start of the
    /// round, and that is not removed in the same round.
    pub by: usize,
}

/// The result of iterated elimination of strictly dominated strategies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Eliminated {
    /// Each player's strategies left, in increasing order.
    pub left: Vec<Vec<usize>>,
    /// The strategies removed, round by round (within a round by player, then
    /// strategy).
    pub steps: Vec<Removed>,
    /// The number of rounds that removed something.
    pub rounds: usize,
}

/// Iterated elimination of strictly dominated strategies (by pure strategies):
/// each round removes, for every player at once, each strategy strictly dominated
/// by another against the others' strategies still left, until none is. Every
/// Nash equilibrium uses only the strategies left.
///
/// ```
/// use sprague_nash::nplayer::iterated_elimination;
/// use sprague_nash::{gambit, Budget};
/// // Player 1's second strategy always pays it 1 more; then player 2 prefers its
/// // first strategy against it.
/// let g = gambit::read_nfg(r#"NFG 1 R "" { "1" "2" } { 2 2 }
///     0 0  1 1  0 0  1 0"#).unwrap();
/// let e = iterated_elimination(&g, &mut Budget::new(100)).unwrap();
/// assert_eq!(e.left, vec![vec![1], vec![0]]);
/// assert_eq!(e.rounds, 2);
/// ```
pub fn iterated_elimination(
    game: &Normal,
    budget: &mut Budget,
) -> Result<Eliminated, LimitExceeded> {
    let n = game.players();
    let mut left = everything(game);
    let mut steps = Vec::new();
    let mut round = 0;
    loop {
        let mut removed: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
        for p in 0..n {
            if left[p].len() == 1 {
                continue;
            }
            let own = left[p].clone();
            let others = Others::new(game, p, &left);
            // dominators[a]: the positions in `own` of the strategies strictly
            // dominating own[a].
            let mut dominators: Vec<Vec<usize>> = Vec::with_capacity(own.len());
            for &s in &own {
                let mut ds = Vec::new();
                for (b, &t) in own.iter().enumerate() {
                    if t != s && dominates(game, p, t, s, &others, budget)? == Some(true) {
                        ds.push(b);
                    }
                }
                dominators.push(ds);
            }
            for (a, ds) in dominators.iter().enumerate() {
                // Strict dominance is transitive, so some dominator is undominated.
                if let Some(&b) = ds.iter().find(|&&b| dominators[b].is_empty()) {
                    removed[p].push((own[a], own[b]));
                }
            }
        }
        if removed.iter().all(Vec::is_empty) {
            break;
        }
        round += 1;
        for (p, gone) in removed.iter().enumerate() {
            for &(strategy, by) in gone {
                steps.push(Removed {
                    round,
                    player: p,
                    strategy,
                    by,
                });
            }
            left[p].retain(|s| !gone.iter().any(|&(r, _)| r == *s));
        }
    }
    Ok(Eliminated {
        left,
        steps,
        rounds: round,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(v: i64) -> Rational {
        Rational::from_integer(v.into())
    }

    fn names(k: usize) -> Vec<String> {
        (0..k).map(|s| format!("s{s}")).collect()
    }

    #[test]
    fn profiles_are_numbered_with_the_first_player_fastest() {
        let g = Normal::new(
            vec!["A".into(), "B".into(), "C".into()],
            vec![names(2), names(3), names(2)],
            (0..36).map(r).collect(),
        )
        .unwrap();
        assert_eq!(g.profiles(), 12);
        // (1, 2, 1): 1 + 2·2 + 1·6 = 11.
        assert_eq!(g.index(&[1, 2, 1]), 11);
        assert_eq!(g.profile(11), vec![1, 2, 1]);
        assert_eq!(g.payoff(&[1, 2, 1], 2), &r(35));
        assert_eq!(g.payoff(&[1, 0, 0], 0), &r(3));
    }

    #[test]
    fn bad_games_are_refused() {
        let e = |p: Vec<&str>, s: Vec<Vec<String>>, k: usize| {
            Normal::new(p.into_iter().map(String::from).collect(), s, vec![r(0); k])
                .unwrap_err()
                .to_string()
        };
        assert_eq!(e(vec![], vec![], 0), "the game has no player");
        assert_eq!(e(vec!["A"], vec![vec![]], 0), "player 1 has no strategy");
        assert_eq!(
            e(vec!["A", "A"], vec![names(1), names(1)], 2),
            "player 2 repeats the name of another player"
        );
        assert_eq!(
            e(vec!["A", "B"], vec![names(1), names(2)], 3),
            "3 payoffs given, but the game needs 4"
        );
        assert_eq!(
            e(vec!["A"], vec![vec!["x".into(), "x".into()]], 2),
            "strategy 2 of player 1 repeats the name of another of its strategies"
        );
    }

    #[test]
    fn a_bimatrix_goes_there_and_back() {
        let g = Bimatrix::new(
            names(2),
            names(3),
            vec![vec![r(1), r(2), r(3)], vec![r(4), r(5), r(6)]],
            vec![vec![r(7), r(8), r(9)], vec![r(10), r(11), r(12)]],
        )
        .unwrap();
        let n = Normal::from_bimatrix(&g);
        // Row 1 against column 2: row payoff 6, column payoff 12.
        assert_eq!(n.payoff(&[1, 2], 0), &r(6));
        assert_eq!(n.payoff(&[1, 2], 1), &r(12));
        assert_eq!(n.to_bimatrix().unwrap(), g);
    }

    #[test]
    fn pure_equilibria_follow_the_budget() {
        let g = Normal::new(
            vec!["A".into(), "B".into(), "C".into()],
            vec![names(2), names(2), names(2)],
            vec![r(0); 24],
        )
        .unwrap();
        // Every profile is an equilibrium when nobody cares.
        assert_eq!(pure_equilibria(&g, &mut Budget::new(24)).unwrap().len(), 8);
        let e = pure_equilibria(&g, &mut Budget::new(23)).unwrap_err();
        assert_eq!(e.bound, sprague_core::Bound::Pairs);
    }
}

#[cfg(test)]
mod brute_force {
    //! The analysis against brute force on random small games of 3 and 4 players.
    use super::*;
    use crate::gambit::{read_nfg, write_nfg};
    use proptest::prelude::*;

    /// A random game: 3 or 4 players with 1 to 3 strategies each, payoffs in a small
    /// range (so that ties, and so weak dominance and several equilibria, happen)
    /// as fractions with denominators 1 to 3.
    fn games() -> impl Strategy<Value = Normal> {
        (3usize..=4)
            .prop_flat_map(|n| prop::collection::vec(1usize..=3, n))
            .prop_flat_map(|counts| {
                let n = counts.len();
                let len = counts.iter().product::<usize>() * n;
                (
                    Just(counts),
                    prop::collection::vec((-2i64..=2, 1i64..=3), len),
                )
            })
            .prop_map(|(counts, values)| {
                let n = counts.len();
                Normal::new(
                    (0..n).map(|p| format!("P{p}")).collect(),
                    counts
                        .iter()
                        .map(|&k| (0..k).map(|s| format!("s{s}")).collect())
                        .collect(),
                    values
                        .into_iter()
                        .map(|(a, b)| Rational::new(a.into(), b.into()))
                        .collect(),
                )
                .unwrap()
            })
    }

    /// Every profile of the counts, first player fastest.
    fn all_profiles(counts: &[usize]) -> Vec<Vec<usize>> {
        let mut out = vec![vec![]];
        for &k in counts {
            out = (0..k)
                .flat_map(|s| {
                    out.iter().map(move |prefix| {
                        let mut p = prefix.clone();
                        p.push(s);
                        p
                    })
                })
                .collect();
        }
        // Built with the last player fastest: sort by the reversed profile.
        out.sort_by_key(|p| p.iter().rev().cloned().collect::<Vec<_>>());
        out
    }

    fn counts(g: &Normal) -> Vec<usize> {
        (0..g.players()).map(|p| g.count(p)).collect()
    }

    /// Whether no player gains by a unilateral deviation at `profile`.
    fn is_equilibrium(g: &Normal, profile: &[usize]) -> bool {
        (0..g.players()).all(|p| {
            (0..g.count(p)).all(|s| {
                let mut d = profile.to_vec();
                d[p] = s;
                g.payoff(&d, p) <= g.payoff(profile, p)
            })
        })
    }

    /// Whether `t` strictly dominates `s` for `p` against the others' strategies in
    /// `left` (every profile of them listed).
    fn strictly(g: &Normal, p: usize, t: usize, s: usize, left: &[Vec<usize>]) -> bool {
        all_profiles(&counts(g))
            .into_iter()
            .filter(|x| (0..g.players()).all(|q| q == p || left[q].contains(&x[q])))
            .all(|mut x| {
                x[p] = t;
                let a = g.payoff(&x, p).clone();
                x[p] = s;
                a > *g.payoff(&x, p)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn pure_equilibria_are_every_profile_without_a_gainful_deviation(g in games()) {
            let expected: Vec<Vec<usize>> = all_profiles(&counts(&g))
                .into_iter()
                .filter(|x| is_equilibrium(&g, x))
                .collect();
            let found = pure_equilibria(&g, &mut Budget::new(1_000_000)).unwrap();
            let profiles: Vec<Vec<usize>> = found.iter().map(|e| e.profile.clone()).collect();
            prop_assert_eq!(&profiles, &expected);
            for e in &found {
                for p in 0..g.players() {
                    prop_assert_eq!(&e.payoffs[p], g.payoff(&e.profile, p));
                }
            }
        }

        #[test]
        fn elimination_keeps_every_equilibrium_and_leaves_nothing_dominated(g in games()) {
            let mut budget = Budget::new(10_000_000);
            let e = iterated_elimination(&g, &mut budget).unwrap();
            for x in all_profiles(&counts(&g)).into_iter().filter(|x| is_equilibrium(&g, x)) {
                for (left, s) in e.left.iter().zip(&x) {
                    prop_assert!(left.contains(s));
                }
            }
            for p in 0..g.players() {
                for &s in &e.left[p] {
                    for &t in &e.left[p] {
                        prop_assert!(t == s || !strictly(&g, p, t, s, &e.left));
                    }
                }
            }
            // Each step names a dominator still there at the start of its round.
            let mut left: Vec<Vec<usize>> = counts(&g).iter().map(|&k| (0..k).collect()).collect();
            for round in 1..=e.rounds {
                let steps: Vec<&Removed> = e.steps.iter().filter(|s| s.round == round).collect();
                prop_assert!(!steps.is_empty());
                for s in &steps {
                    prop_assert!(strictly(&g, s.player, s.by, s.strategy, &left));
                    prop_assert!(!steps.iter().any(|o| o.player == s.player && o.strategy == s.by));
                }
                for s in &steps {
                    left[s.player].retain(|&x| x != s.strategy);
                }
            }
            prop_assert_eq!(&left, &e.left);
        }

        #[test]
        fn dominated_strategies_match_brute_force(g in games()) {
            let everything: Vec<Vec<usize>> = counts(&g).iter().map(|&k| (0..k).collect()).collect();
            for p in 0..g.players() {
                let found = dominated(&g, p, &mut Budget::new(1_000_000)).unwrap();
                let strict: Vec<usize> = (0..g.count(p))
                    .filter(|&s| (0..g.count(p)).any(|t| t != s && strictly(&g, p, t, s, &everything)))
                    .collect();
                let reported: Vec<usize> = found.iter().filter(|d| d.strict).map(|d| d.strategy).collect();
                prop_assert_eq!(reported, strict);
                let best = (0..g.count(p)).find(|&t| {
                    (0..g.count(p)).all(|s| s == t || strictly(&g, p, t, s, &everything))
                });
                prop_assert_eq!(dominant(&g, p, &mut Budget::new(1_000_000)).unwrap(), best);
            }
        }

        #[test]
        fn written_games_read_back_the_same(
            g in games(),
            names in prop::collection::vec("[a-z\"\\\\ {},é]{1,6}", 4),
            title in "[a-z\"\\\\ ]{0,8}",
        ) {
            let players: Vec<String> = (0..g.players()).map(|p| format!("{}{p}", names[p])).collect();
            let strategies: Vec<Vec<String>> = (0..g.players())
                .map(|p| g.names(p).iter().map(|s| format!("{}{s}", names[(p + 1) % 4])).collect())
                .collect();
            let g = Normal::new(players, strategies, g.payoffs.clone())
                .unwrap()
                .with_title(title.clone(), title);
            let text = write_nfg(&g);
            prop_assert_eq!(read_nfg(&text).unwrap(), g);
        }
    }
}
