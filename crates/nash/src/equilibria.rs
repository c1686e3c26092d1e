//! Nash equilibria: pure ones by best responses; all of them (the extreme ones for
//! degenerate games) by enumerating the vertices of the best-response polytopes
//! (or pairs of supports); some of them by Lemke–Howson; in exact arithmetic.
//!
//! A profile `(x, y)` of mixed strategies is a Nash equilibrium when every strategy
//! that `x` uses is a best response to `y` and every strategy that `y` uses is a best
//! response to `x`: neither player gains by deviating.
//!
//! A game is *non-degenerate* when no mixed strategy using `k` pure strategies has
//! more than `k` pure best responses. Then its equilibria are finitely many, both
//! supports of each have the same size, and support enumeration finds them all: for
//! each pair of supports `(S, J)` of equal size, the indifference equations have at
//! most one solution, which is an equilibrium when it is non-negative and its
//! supports' strategies are best responses. Otherwise the game is *degenerate*: its
//! equilibria form finitely many convex sets, and what is listed are their extreme
//! points, the completely labelled vertex pairs of the best-response polytopes
//! (Avis, Rosenberg, Savani, von Stengel, *Enumeration of Nash equilibria for
//! two-player games*, Economic Theory 42, 2010).
//!
//! Order: equilibria are sorted by the number of strategies the row player uses,
//! then the number the column player uses, then the row player's support and the
//! column player's (as increasing lists of strategy indices, compared
//! lexicographically), then the row player's probabilities and the column player's
//! (compared lexicographically). Pure equilibria thus come first, in row-major order.

use super::number::{order, order_lists, same};
use super::polytope::{Side, Vertex};
use super::subsets::{Subsets, binomial};
use super::{Bimatrix, Budget, LimitExceeded, Player, Rational};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::collections::HashSet;

/// A pure Nash equilibrium: row `row` against column `col`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PureEquilibrium {
    /// The row player's strategy.
    pub row: usize,
    /// The column player's strategy.
    pub col: usize,
    /// The payoffs (row player, column player).
    pub payoffs: (Rational, Rational),
}

/// Every pure Nash equilibrium, in row-major order: the cells where the row is a best
/// response to the column and the column a best response to the row.
///
/// ```
/// use sprague_nash::{pure_equilibria, read_game};
/// let pd = read_game(r#"{"rows": ["quiet", "confess"], "cols": ["quiet", "confess"],
///     "row_payoffs": [[-1, -20], [0, -8]], "col_payoffs": [[-1, 0], [-20, -8]]}"#).unwrap();
/// let pure = pure_equilibria(&pd);
/// assert_eq!(pure.len(), 1);
/// assert_eq!((pure[0].row, pure[0].col), (1, 1));
/// assert_eq!(pure[0].payoffs.0.to_string(), "-8");
/// ```
pub fn pure_equilibria(game: &Bimatrix) -> Vec<PureEquilibrium> {
    let m = game.count(Player::Row);
    let n = game.count(Player::Col);
    let best_row: Vec<&Rational> = (0..n)
        .map(|j| {
            (0..m)
                .map(|i| game.payoff(Player::Row, i, j))
                .max_by(|a, b| order(a, b))
                .unwrap()
        })
        .collect();
    let best_col: Vec<&Rational> = (0..m)
        .map(|i| {
            (0..n)
                .map(|j| game.payoff(Player::Col, j, i))
                .max_by(|a, b| order(a, b))
                .unwrap()
        })
        .collect();
    let mut found = Vec::new();
    for (i, best_against_row) in best_col.iter().enumerate() {
        for (j, best_against_col) in best_row.iter().enumerate() {
            let (a, b) = game.payoffs(i, j);
            if same(a, best_against_col) && same(b, best_against_row) {
                found.push(PureEquilibrium {
                    row: i,
                    col: j,
                    payoffs: (a.clone(), b.clone()),
                });
            }
        }
    }
    found
}

/// A Nash equilibrium in mixed strategies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Equilibrium {
    /// The row player's probability for each of its strategies.
    pub row: Vec<Rational>,
    /// The column player's probability for each of its strategies.
    pub col: Vec<Rational>,
    /// The expected payoffs (row player, column player).
    pub payoffs: (Rational, Rational),
}

impl Equilibrium {
    /// The mixed strategy of `p`.
    pub fn strategy(&self, p: Player) -> &[Rational] {
        match p {
            Player::Row => &self.row,
            Player::Col => &self.col,
        }
    }

    /// The strategies `p` plays with positive probability, in increasing order.
    pub fn support(&self, p: Player) -> Vec<usize> {
        let s = self.strategy(p);
        (0..s.len()).filter(|&i| !s[i].is_zero()).collect()
    }

    /// The cell `(row, col)` when both players play a pure strategy.
    pub fn pure(&self) -> Option<(usize, usize)> {
        match (
            &self.support(Player::Row)[..],
            &self.support(Player::Col)[..],
        ) {
            ([i], [j]) => Some((*i, *j)),
            _ => None,
        }
    }

    /// The sort key of the documented order.
    fn key(&self) -> (usize, usize, Vec<usize>, Vec<usize>) {
        let (r, c) = (self.support(Player::Row), self.support(Player::Col));
        (r.len(), c.len(), r, c)
    }
}

impl PartialOrd for Equilibrium {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Equilibrium {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key()
            .cmp(&other.key())
            .then_with(|| order_lists(&self.row, &other.row))
            .then_with(|| order_lists(&self.col, &other.col))
    }
}

/// A witness that a game is degenerate: a mixed strategy of `player` with more pure
/// best responses of the opponent than strategies it uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Degeneracy {
    /// Whose mixed strategy.
    pub player: Player,
    /// The mixed strategy (probabilities).
    pub strategy: Vec<Rational>,
    /// The opponent's pure best responses to it.
    pub best_responses: Vec<usize>,
}

/// The equilibria of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Equilibria {
    /// Every Nash equilibrium when the game is non-degenerate; the extreme equilibria
    /// when it is degenerate; with [`Method::LemkeHowson`], those found (some of
    /// them). In the documented order.
    pub list: Vec<Equilibrium>,
    /// Whether the game is degenerate. When the list is not `complete`, whether a
    /// witness was seen (`false` then proves nothing).
    pub degenerate: bool,
    /// For a degenerate game, a witness: one using the fewest strategies.
    pub degeneracy: Option<Degeneracy>,
    /// How the list was found.
    pub method: Method,
    /// Whether the list is every equilibrium (every extreme one of a degenerate game).
    pub complete: bool,
}

/// How to find the equilibria.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// Every (extreme) equilibrium, by enumerating the vertices of both best-response
    /// polytopes by exact pivoting and matching complementary labels: the default.
    #[default]
    Vertices,
    /// Some equilibria, quickly: the Lemke–Howson path from each missing label.
    LemkeHowson,
    /// Every (extreme) equilibrium, by solving each pair of supports of equal size
    /// (`C(m+n, m) − 1` pairs): the former method, for small games.
    Supports,
}

impl Method {
    /// The name on the command line and in JSON: `vertex`, `lh` or `support`.
    pub fn key(self) -> &'static str {
        match self {
            Method::Vertices => "vertex",
            Method::LemkeHowson => "lh",
            Method::Supports => "support",
        }
    }

    /// The method named `key` (as [`Method::key`] gives it), if any.
    ///
    /// ```
    /// use sprague_nash::Method;
    /// assert_eq!(Method::from_key("lh"), Some(Method::LemkeHowson));
    /// assert_eq!(Method::from_key("simplex"), None);
    /// ```
    pub fn from_key(key: &str) -> Option<Method> {
        [Method::Vertices, Method::LemkeHowson, Method::Supports]
            .into_iter()
            .find(|m| m.key() == key)
    }
}

/// The equilibria of `game` found by `method` (see [`equilibria`] for the order and
/// what is listed).
///
/// ```
/// use sprague_nash::{equilibria_by, read_game, Budget, Method};
/// let bos = read_game(r#"{"rows": ["opera", "football"], "cols": ["opera", "football"],
///     "row_payoffs": [[3, 0], [0, 2]], "col_payoffs": [[2, 0], [0, 3]]}"#).unwrap();
/// let all = equilibria_by(&bos, Method::Supports, &mut Budget::new(1000)).unwrap();
/// assert_eq!(all.list.len(), 3);
/// let some = equilibria_by(&bos, Method::LemkeHowson, &mut Budget::new(1000)).unwrap();
/// assert!(!some.complete);
/// assert!(some.list.iter().all(|e| all.list.contains(e)));
/// ```
pub fn equilibria_by(
    game: &Bimatrix,
    method: Method,
    budget: &mut Budget,
) -> Result<Equilibria, LimitExceeded> {
    match method {
        Method::Vertices => super::vertices::by_vertices(game, budget),
        Method::LemkeHowson => super::lemke::lemke_howson(game, budget),
        Method::Supports => by_supports(game, budget),
    }
}

/// Every Nash equilibrium of a non-degenerate game, or the extreme equilibria of a
/// degenerate one, with whether it is degenerate, by vertex enumeration
/// ([`Method::Vertices`]).
///
/// The work charged to `budget` is one unit per basis of the two best-response
/// polytopes visited (each costs two pivots), and one per vertex of the row
/// player's polytope matched, plus one per pair compared with a degenerate vertex.
///
/// ```
/// use sprague_nash::{equilibria, read_game, Budget};
/// // Battle of the Sexes: two pure equilibria and one mixed.
/// let bos = read_game(r#"{"rows": ["opera", "football"], "cols": ["opera", "football"],
///     "row_payoffs": [[3, 0], [0, 2]], "col_payoffs": [[2, 0], [0, 3]]}"#).unwrap();
/// let all = equilibria(&bos, &mut Budget::new(1000)).unwrap();
/// let shown: Vec<String> = all.list.iter()
///     .map(|e| format!("{} {} / {} {}", e.row[0], e.row[1], e.col[0], e.col[1]))
///     .collect();
/// assert_eq!(shown, ["1 0 / 1 0", "0 1 / 0 1", "3/5 2/5 / 2/5 3/5"]);
/// ```
pub fn equilibria(game: &Bimatrix, budget: &mut Budget) -> Result<Equilibria, LimitExceeded> {
    equilibria_by(game, Method::Vertices, budget)
}

/// Support enumeration: one pair of small linear systems for each pair of supports
/// of equal size, `C(m+n, m) − 1` pairs for an `m×n` game, charged to `budget` before
/// it starts; for a degenerate game also one check per pair of polytope vertices.
fn by_supports(game: &Bimatrix, budget: &mut Budget) -> Result<Equilibria, LimitExceeded> {
    let m = game.count(Player::Row);
    let n = game.count(Player::Col);
    // Σ_k C(m,k)·C(n,k) = C(m+n, m) (Vandermonde), less the empty pair.
    let pairs = binomial(m + n, m).map_or(u128::MAX, |c| c - 1);
    budget.spend(pairs, &format!("support enumeration of a {m}×{n} game"))?;
    budget.check_sizes(game)?;
    let [rows, cols] = Side::both(game);
    let mut row_vertices = Vertices::default();
    let mut col_vertices = Vertices::default();
    let mut found = Vec::new();
    let mut degeneracy = None;
    for k in 1..=m.min(n) {
        for s in Subsets::new(m, k) {
            for j in Subsets::new(n, k) {
                budget.check()?;
                let x = rows.vertex(&s, &j, budget)?;
                let y = cols.vertex(&j, &s, budget)?;
                for (p, v, set) in [
                    (Player::Row, &x, &mut row_vertices),
                    (Player::Col, &y, &mut col_vertices),
                ] {
                    let Some(v) = v else { continue };
                    if degeneracy.is_none() && v.best.len() > v.support_size() {
                        degeneracy = Some(Degeneracy {
                            player: p,
                            strategy: v.probabilities(game.count(p)),
                            best_responses: v.best.clone(),
                        });
                    }
                    set.insert(v);
                }
                if let (Some(x), Some(y)) = (&x, &y)
                    && x.support_size() == k
                    && y.support_size() == k
                {
                    budget.check()?;
                    found.push(profile(game, x.probabilities(m), y.probabilities(n)));
                }
            }
        }
    }
    let degenerate = degeneracy.is_some();
    if degenerate {
        found = extreme_equilibria(game, &row_vertices, &col_vertices, budget)?;
    }
    found.sort();
    Ok(Equilibria {
        list: found,
        degenerate,
        degeneracy,
        method: Method::Supports,
        complete: true,
    })
}

/// The profile `(row, col)` with its expected payoffs.
pub(crate) fn profile(game: &Bimatrix, row: Vec<Rational>, col: Vec<Rational>) -> Equilibrium {
    let payoffs = (
        game.expected(Player::Row, &row, &col),
        game.expected(Player::Col, &row, &col),
    );
    Equilibrium { row, col, payoffs }
}

/// The distinct vertices of one polytope, with their labels as bit sets.
#[derive(Default)]
struct Vertices {
    seen: HashSet<(Vec<usize>, Vec<BigInt>)>,
    list: Vec<Vertex>,
}

impl Vertices {
    fn insert(&mut self, v: &Vertex) {
        if self.seen.insert(v.direction.clone()) {
            self.list.push(v.clone());
        }
    }
}

/// The completely labelled pairs of vertices: each row strategy is unused by `x` or a
/// best response to `y`, and each column strategy unused by `y` or a best response
/// to `x`.
fn extreme_equilibria(
    game: &Bimatrix,
    rows: &Vertices,
    cols: &Vertices,
    budget: &mut Budget,
) -> Result<Vec<Equilibrium>, LimitExceeded> {
    let m = game.count(Player::Row);
    let n = game.count(Player::Col);
    budget.spend(
        rows.list.len() as u128 * cols.list.len() as u128,
        &format!(
            "matching the {} × {} vertices of the best-response polytopes",
            rows.list.len(),
            cols.list.len()
        ),
    )?;
    // Labels over 0..m (row strategies) and m..m+n (column strategies).
    let labels = |v: &Vertex, own_offset: usize, other_offset: usize| -> Bits {
        let mut b = Bits::new(m + n);
        let own = if own_offset == 0 { m } else { n };
        for s in 0..own {
            if v.direction.0.binary_search(&s).is_err() {
                b.set(own_offset + s);
            }
        }
        for &o in &v.best {
            b.set(other_offset + o);
        }
        b
    };
    let row_labels: Vec<Bits> = rows.list.iter().map(|v| labels(v, 0, m)).collect();
    let col_labels: Vec<Bits> = cols.list.iter().map(|v| labels(v, m, 0)).collect();
    let mut found = Vec::new();
    for (x, lx) in rows.list.iter().zip(&row_labels) {
        budget.check()?;
        for (y, ly) in cols.list.iter().zip(&col_labels) {
            if lx.union_is_full(ly, m + n) {
                budget.check()?;
                found.push(profile(game, x.probabilities(m), y.probabilities(n)));
            }
        }
    }
    Ok(found)
}

/// A fixed-size bit set.
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }

    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn union_is_full(&self, other: &Bits, len: usize) -> bool {
        self.0.iter().zip(&other.0).enumerate().all(|(w, (a, b))| {
            let bits = (len - 64 * w).min(64);
            let mask = if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
            (a | b) & mask == mask
        })
    }
}

/// Whether `(x, y)` is a Nash equilibrium: both are probability vectors of the right
/// lengths, and each strategy either player uses is a best response to the other's.
///
/// ```
/// use sprague_nash::{is_equilibrium, read_game, Rational};
/// let pennies = read_game(r#"{"rows": ["H", "T"], "cols": ["H", "T"],
///     "row_payoffs": [[1, -1], [-1, 1]], "col_payoffs": [[-1, 1], [1, -1]]}"#).unwrap();
/// let half = Rational::new(1.into(), 2.into());
/// let one = Rational::from_integer(1.into());
/// let zero = Rational::from_integer(0.into());
/// assert!(is_equilibrium(&pennies, &[half.clone(), half.clone()], &[half.clone(), half.clone()]));
/// assert!(!is_equilibrium(&pennies, &[one, zero], &[half.clone(), half]));
/// ```
pub fn is_equilibrium(game: &Bimatrix, x: &[Rational], y: &[Rational]) -> bool {
    let distribution = |v: &[Rational], len: usize| {
        v.len() == len
            && v.iter().all(|p| !p.is_negative())
            && same(&v.iter().sum::<Rational>(), &Rational::one())
    };
    if !distribution(x, game.count(Player::Row)) || !distribution(y, game.count(Player::Col)) {
        return false;
    }
    [(Player::Row, x, y), (Player::Col, y, x)]
        .into_iter()
        .all(|(p, own, other)| {
            let values: Vec<Rational> = (0..own.len())
                .map(|s| game.pure_against(p, s, other))
                .collect();
            let best = values.iter().max_by(|a, b| order(a, b)).unwrap();
            own.iter()
                .zip(&values)
                .all(|(q, v)| q.is_zero() || same(v, best))
        })
}
