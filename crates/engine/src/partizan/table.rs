//! The game table: every canonical game stored once, under one id.
//!
//! A game is either a *number-up-star* `x + n·↑ + *m` (x a dyadic rational, n an
//! integer, m a nimber), stored by its three parts, or a general node stored by its
//! Left and Right options, each a sorted list of ids. Every canonical game of the form
//! `x + n·↑ + *m` is stored in the first way and every other canonical game in the
//! second, so two canonical games are equal exactly when their ids are equal.
//!
//! Besides canonical nodes the table holds *forms being simplified*: a node built from
//! options that may have dominated or reversible options. Such a form is compared with
//! other games while it is simplified (comparison only depends on values), and once its
//! canonical form is known the form points to it, so building the same options again
//! costs one lookup.
//!
//! The options of a number-up-star are generated from closed forms when first needed
//! (Siegel, *Combinatorial Game Theory*, II.2 and II.4): for `n ≥ 1`,
//! `↑n*m = {0 | ↑(n-1)*(m⊕1)}` except `↑* = {0,*|0}`; numbers `{x - 2^-k | x + 2^-k}`,
//! integers `{n-1|}`; nimbers `{*j, j < m | *j, j < m}`; and a number x added to a
//! non-number translates every option by x.

use super::dyadic::Dyadic;
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use sprague_core::nat::Nat;
use sprague_core::{Bound, SolveError};
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// The id of a game in a [`GameTable`]. Ids of canonical games are equal exactly when
/// the games are equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Game(pub(crate) u32);

impl Game {
    /// The game 0 (`{|}`), present in every table.
    pub const ZERO: Game = Game(0);

    /// The index of the game in its table.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A number-up-star `number + up·↑ + *star`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Nus {
    /// The number part.
    pub number: Dyadic,
    /// The multiple of up (negative for down).
    pub up: i64,
    /// The nimber part.
    pub star: Nat,
}

impl Nus {
    /// The number `x`.
    pub fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            up: 0,
            star: Nat::ZERO,
        }
    }

    /// Whether this is a number (no up and no star part).
    pub fn is_number(&self) -> bool {
        self.up == 0 && self.star.is_zero()
    }
}

/// A list of options: sorted ids, without repeats.
pub(crate) type Options = Rc<[Game]>;

/// One stored game.
pub(crate) struct Node {
    /// For number-up-stars, the three parts.
    pub nus: Option<Box<Nus>>,
    /// Left options (sorted); `None` for a number-up-star whose options were not
    /// generated yet.
    pub left: Option<Options>,
    /// Right options (sorted), like `left`.
    pub right: Option<Options>,
    /// Whether this is a form being simplified rather than a canonical game.
    pub form: bool,
    /// Left and right stops of a canonical general node.
    pub stops: Option<Box<(Dyadic, Dyadic)>>,
}

/// The store of games, with the caches of the operations on them.
///
/// ```
/// use sprague_engine::partizan::{Game, GameTable};
/// let mut t = GameTable::new();
/// let star = t.nimber(1u64.into()).unwrap();
/// let up = t.game(&[Game::ZERO], &[star]).unwrap();
/// let up_star = t.add(up, star).unwrap();
/// assert_eq!(t.show(up_star), "^*");
/// assert_eq!(t.add(star, star).unwrap(), Game::ZERO);
/// ```
pub struct GameTable {
    pub(crate) nodes: Vec<Node>,
    nus_index: FxHashMap<Nus, Game>,
    /// General nodes by a hash of their option lists (collisions share a bucket).
    general_index: FxHashMap<u64, SmallVec<[Game; 1]>>,
    /// The canonical form of each form that has been simplified.
    pub(crate) resolved: FxHashMap<Game, Game>,
    /// Cached comparisons: `(a, b) → a ≤ b`.
    pub(crate) le_cache: FxHashMap<(Game, Game), bool>,
    /// Cached sums, keyed with the smaller id first.
    pub(crate) add_cache: FxHashMap<(Game, Game), Game>,
    /// Cached negatives.
    pub(crate) neg_cache: FxHashMap<Game, Game>,
    /// The formal sum each sum was added from (see `formal`).
    pub(crate) terms: FxHashMap<Game, Rc<super::formal::Terms>>,
    /// The sums by their formal sums.
    pub(crate) by_terms: FxHashMap<Rc<super::formal::Terms>, Game>,
    /// The stops of sums of two games, smaller id first (see `reduced`).
    pub(crate) stops_cache: FxHashMap<(Game, Game), (Dyadic, Dyadic)>,
    /// Cached thermographs.
    pub(crate) thermo_cache: FxHashMap<Game, Rc<super::thermo::Thermograph>>,
    /// Simplifications recorded for explanations (see [`GameTable::take_traces`]).
    pub(crate) traces: Vec<super::engine::Trace>,
    /// Most stored games and cached results before giving up.
    max_states: u64,
    /// Stored games and cached results so far.
    states: u64,
    /// Most elementary steps (option comparisons, sum and simplification steps)
    /// before giving up: [`WORK_PER_STATE`] times `max_states`.
    max_work: u64,
    /// Elementary steps so far.
    work: u64,
    /// A stop signal checked as the work is counted (see [`GameTable::set_stop`]).
    stop: Option<std::sync::Arc<sprague_core::Stop>>,
}

impl Default for GameTable {
    fn default() -> Self {
        GameTable::new()
    }
}

impl GameTable {
    /// An empty table (holding 0) with the default bound of 2 000 000 stored games and
    /// cached results.
    pub fn new() -> GameTable {
        GameTable::with_limit(DEFAULT_MAX_STATES)
    }

    /// An empty table that gives up (a `Limit` error of `Bound::States`) once it
    /// would hold more than `max_states` games and cached results.
    pub fn with_limit(max_states: u64) -> GameTable {
        let mut t = GameTable {
            nodes: Vec::new(),
            nus_index: FxHashMap::default(),
            general_index: FxHashMap::default(),
            resolved: FxHashMap::default(),
            le_cache: FxHashMap::default(),
            add_cache: FxHashMap::default(),
            neg_cache: FxHashMap::default(),
            terms: FxHashMap::default(),
            by_terms: FxHashMap::default(),
            stops_cache: FxHashMap::default(),
            traces: Vec::new(),
            thermo_cache: FxHashMap::default(),
            max_states,
            states: 0,
            max_work: max_states.saturating_mul(WORK_PER_STATE),
            work: 0,
            stop: None,
        };
        let empty: Options = Rc::from(Vec::new());
        t.nodes.push(Node {
            nus: Some(Box::default()),
            left: Some(empty.clone()),
            right: Some(empty),
            form: false,
            stops: None,
        });
        t.nus_index.insert(Nus::default(), Game::ZERO);
        t
    }

    /// The bound on stored games and cached results.
    pub fn max_states(&self) -> u64 {
        self.max_states
    }

    /// Stored games and cached results so far.
    pub fn states(&self) -> u64 {
        self.states
    }

    /// Elementary steps so far (option comparisons, sum and simplification steps).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Number of stored games (canonical games and forms).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the table holds only 0.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// Counts `n` more stored games or cached results against the bound.
    pub fn count(&mut self, n: u64) -> Result<(), SolveError> {
        self.states += n;
        if self.states > self.max_states {
            Err(self.limit_error())
        } else {
            Ok(())
        }
    }

    /// Counts `n` more elementary steps (option scans, comparisons in a
    /// simplification, thermograph segments) against the work bound,
    /// [`WORK_PER_STATE`] steps per stored game allowed by `--max-states`.
    pub fn charge(&mut self, n: u64) -> Result<(), SolveError> {
        let before = self.work;
        self.work = self.work.saturating_add(n);
        if before >> 12 != self.work >> 12
            && let Some(s) = self.stop.as_ref().filter(|s| s.is_due())
        {
            return Err(s.error());
        }
        if self.work > self.max_work {
            Err(SolveError::Limit {
                what: format!(
                    "the canonical forms need more than {} elementary steps ({WORK_PER_STATE} per stored game allowed)",
                    self.max_work
                ),
                bound: Bound::States,
            })
        } else {
            Ok(())
        }
    }

    /// Runs `f` within `num/den` of what is left of the bounds on stored games and
    /// elementary steps: `Ok(None)` if it needs more (the table stays usable, with the
    /// rest of its bounds), else its result. For optional extras of a report that
    /// must not use up the whole bound.
    pub fn within_share<T>(
        &mut self,
        num: u64,
        den: u64,
        f: impl FnOnce(&mut Self) -> Result<T, SolveError>,
    ) -> Result<Option<T>, SolveError> {
        let (max_states, max_work) = (self.max_states, self.max_work);
        let share = |used: u64, max: u64| {
            let left =
                u128::from(max.saturating_sub(used)) * u128::from(num) / u128::from(den.max(1));
            used.saturating_add(u64::try_from(left).unwrap_or(u64::MAX))
        };
        self.max_states = share(self.states, max_states);
        self.max_work = share(self.work, max_work);
        let r = f(self);
        self.max_states = max_states;
        self.max_work = max_work;
        match r {
            Ok(v) => Ok(Some(v)),
            // The bound on states, or the factoring budget that is a share of it.
            Err(SolveError::Limit {
                bound: Bound::States | Bound::Factoring,
                ..
            }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Makes the table's work stop (a `Limit` error of `Bound::Time`) once `stop`
    /// is given; `None` removes the signal.
    pub fn set_stop(&mut self, stop: Option<std::sync::Arc<sprague_core::Stop>>) {
        self.stop = stop;
    }

    /// The error for exceeding the bound.
    pub fn limit_error(&self) -> SolveError {
        SolveError::Limit {
            what: format!(
                "the canonical forms need more than {} stored games and cached comparisons and sums",
                self.max_states
            ),
            bound: Bound::States,
        }
    }

    /// The number-up-star `nus` (interned).
    pub fn nus(&mut self, nus: Nus) -> Result<Game, SolveError> {
        if let Some(&g) = self.nus_index.get(&nus) {
            return Ok(g);
        }
        self.count(1)?;
        let g = self.push(Node {
            nus: Some(Box::new(nus.clone())),
            left: None,
            right: None,
            form: false,
            stops: None,
        });
        self.nus_index.insert(nus, g);
        Ok(g)
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> Result<Game, SolveError> {
        self.nus(Nus::number(x))
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> Result<Game, SolveError> {
        self.number(Dyadic::int(n))
    }

    /// The nimber `*m`.
    pub fn nimber(&mut self, m: Nat) -> Result<Game, SolveError> {
        self.nus(Nus {
            number: Dyadic::zero(),
            up: 0,
            star: m,
        })
    }

    /// `n·↑` (`n` ups; negative for downs).
    pub fn up(&mut self, n: i64) -> Result<Game, SolveError> {
        self.nus(Nus {
            number: Dyadic::zero(),
            up: n,
            star: Nat::ZERO,
        })
    }

    fn push(&mut self, node: Node) -> Game {
        let id = u32::try_from(self.nodes.len()).expect("the state bound keeps ids below 2^32");
        self.nodes.push(node);
        Game(id)
    }

    /// The parts of `g` if it is a number-up-star.
    pub fn as_nus(&self, g: Game) -> Option<&Nus> {
        self.nodes[g.index()].nus.as_deref()
    }

    /// The value of `g` if it is a number.
    pub fn as_number(&self, g: Game) -> Option<&Dyadic> {
        self.as_nus(g).filter(|n| n.is_number()).map(|n| &n.number)
    }

    /// Whether `g` is a number.
    pub fn is_number(&self, g: Game) -> bool {
        self.as_number(g).is_some()
    }

    /// Whether `g` is a form being simplified (not a canonical game).
    pub(crate) fn is_form(&self, g: Game) -> bool {
        self.nodes[g.index()].form
    }

    /// The canonical form of a simplified form, if known (a canonical game is its own).
    pub(crate) fn resolved(&self, g: Game) -> Option<Game> {
        if self.is_form(g) {
            self.resolved.get(&g).copied()
        } else {
            Some(g)
        }
    }

    /// Left options of `g` (generated for number-up-stars on first use).
    pub(crate) fn left_of(&mut self, g: Game) -> Result<Options, SolveError> {
        self.expand(g)?;
        Ok(self.nodes[g.index()].left.clone().unwrap_or_else(empty))
    }

    /// Right options of `g` (generated for number-up-stars on first use).
    pub(crate) fn right_of(&mut self, g: Game) -> Result<Options, SolveError> {
        self.expand(g)?;
        Ok(self.nodes[g.index()].right.clone().unwrap_or_else(empty))
    }

    /// The Left and Right options of the canonical game `g`, sorted by id.
    ///
    /// ```
    /// use sprague_engine::partizan::{GameTable, Game};
    /// let mut t = GameTable::new();
    /// let up = t.up(1).unwrap();
    /// let star = t.nimber(1u64.into()).unwrap();
    /// let up_star = t.add(up, star).unwrap();
    /// let (l, r) = t.options(up_star).unwrap();
    /// assert_eq!(l.len(), 2); // {0,*|0}
    /// assert_eq!(r, vec![Game::ZERO]);
    /// ```
    pub fn options(&mut self, g: Game) -> Result<(Vec<Game>, Vec<Game>), SolveError> {
        Ok((self.left_of(g)?.to_vec(), self.right_of(g)?.to_vec()))
    }

    /// Generates the options of a number-up-star from the closed forms.
    fn expand(&mut self, g: Game) -> Result<(), SolveError> {
        if self.nodes[g.index()].left.is_some() {
            return Ok(());
        }
        let nus = match &self.nodes[g.index()].nus {
            Some(n) => (**n).clone(),
            None => return Ok(()),
        };
        let (left, right) = self.nus_options(&nus)?;
        let node = &mut self.nodes[g.index()];
        node.left = Some(sorted(left));
        node.right = Some(sorted(right));
        Ok(())
    }

    /// The canonical options of `x + n·↑ + *m`.
    fn nus_options(&mut self, nus: &Nus) -> Result<(Vec<Game>, Vec<Game>), SolveError> {
        let x = &nus.number;
        let at = |number: &Dyadic, up: i64, star: Nat| Nus {
            number: number.clone(),
            up,
            star,
        };
        if nus.is_number() {
            if x.is_zero() {
                return Ok((Vec::new(), Vec::new()));
            }
            if x.is_integer() {
                let one = Dyadic::int(1);
                return Ok(if x.is_positive() {
                    (vec![self.number(x.sub(&one))?], Vec::new())
                } else {
                    (Vec::new(), vec![self.number(x.add(&one))?])
                });
            }
            let step = Dyadic::ratio(1, x.exponent());
            let l = self.number(x.sub(&step))?;
            let r = self.number(x.add(&step))?;
            return Ok((vec![l], vec![r]));
        }
        if nus.up == 0 {
            // x + *m = {x + *j, j < m | x + *j, j < m}.
            let m = nus
                .star
                .to_u64()
                .filter(|&m| m <= self.max_states)
                .ok_or_else(|| self.limit_error())?;
            self.count(m)?;
            let mut opts = Vec::with_capacity(m as usize);
            for j in 0..m {
                opts.push(self.nus(at(x, 0, Nat::Small(j)))?);
            }
            return Ok((opts.clone(), opts));
        }
        let star_flip = &nus.star ^ &Nat::Small(1);
        let zero_side = |t: &mut Self, n: i64| -> Result<Vec<Game>, SolveError> {
            let mut v = vec![t.number(x.clone())?];
            if n.abs() == 1 && nus.star == Nat::Small(1) {
                v.push(t.nus(at(x, 0, Nat::Small(1)))?);
            }
            Ok(v)
        };
        if nus.up > 0 {
            let l = zero_side(self, nus.up)?;
            let r = vec![self.nus(at(x, nus.up - 1, star_flip))?];
            Ok((l, r))
        } else {
            let l = vec![self.nus(at(x, nus.up + 1, star_flip))?];
            let r = zero_side(self, nus.up)?;
            Ok((l, r))
        }
    }

    /// Looks up a general node by its (sorted) options.
    pub(crate) fn find_general(&self, left: &[Game], right: &[Game]) -> Option<Game> {
        let bucket = self.general_index.get(&options_hash(left, right))?;
        bucket.iter().copied().find(|g| {
            let node = &self.nodes[g.index()];
            node.left.as_deref() == Some(left) && node.right.as_deref() == Some(right)
        })
    }

    /// Stores a general node with the given sorted options: a canonical game, or with
    /// `form` a form to be simplified. The caller has checked that it is not stored.
    pub(crate) fn insert_general(
        &mut self,
        left: Options,
        right: Options,
        form: bool,
    ) -> Result<Game, SolveError> {
        self.count(1)?;
        let stops = self.general_stops(&left, &right, form);
        let g = self.push(Node {
            nus: None,
            left: Some(left.clone()),
            right: Some(right.clone()),
            form,
            stops,
        });
        self.general_index
            .entry(options_hash(&left, &right))
            .or_default()
            .push(g);
        Ok(g)
    }

    /// Marks the form `g` as canonical (its simplification changed nothing).
    pub(crate) fn mark_canonical(&mut self, g: Game) {
        if !self.nodes[g.index()].form {
            return;
        }
        let node = &self.nodes[g.index()];
        let (l, r) = (node.left.clone(), node.right.clone());
        let stops = match (l, r) {
            (Some(l), Some(r)) => self.general_stops(&l, &r, false),
            _ => None,
        };
        let node = &mut self.nodes[g.index()];
        node.form = false;
        node.stops = stops;
    }

    /// The stops of a game that is not a number, from its options' stops: the left
    /// stop is the largest right stop of a Left option (a), the right stop the smallest
    /// left stop of a Right option (b).
    ///
    /// A canonical general node is never a number. A form might be equal to a number x;
    /// then a ≤ x ≤ b (Left's options are not ≥ x, so their right stops are at most
    /// x; dually for Right). So when a ≥ b the stops are (a, b) in either case; when
    /// a < b the form is a number somewhere in between, and its stops are left unknown.
    fn general_stops(
        &self,
        left: &[Game],
        right: &[Game],
        form: bool,
    ) -> Option<Box<(Dyadic, Dyadic)>> {
        let ls = left
            .iter()
            .map(|&o| self.stops_of(o).map(|s| s.1))
            .max()??;
        let rs = right
            .iter()
            .map(|&o| self.stops_of(o).map(|s| s.0))
            .min()??;
        if form && ls < rs {
            return None;
        }
        Some(Box::new((ls.clone(), rs.clone())))
    }

    /// The left and right stops of a canonical game (`None` for a form).
    pub(crate) fn stops_of(&self, g: Game) -> Option<(&Dyadic, &Dyadic)> {
        let node = &self.nodes[g.index()];
        if let Some(n) = &node.nus {
            return Some((&n.number, &n.number));
        }
        node.stops.as_deref().map(|(l, r)| (l, r))
    }

    /// Records that the form `form` simplifies to the canonical game `canonical`.
    pub(crate) fn resolve(&mut self, form: Game, canonical: Game) -> Result<(), SolveError> {
        if form != canonical {
            self.count(1)?;
            self.resolved.insert(form, canonical);
        }
        Ok(())
    }
}

/// Default bound on stored games and cached results of a [`GameTable`].
pub const DEFAULT_MAX_STATES: u64 = 2_000_000;

/// Elementary steps of work (option comparisons, sum and simplification steps) allowed
/// per stored game of the bound: the default bound allows 2·10^8 steps, a few seconds.
pub const WORK_PER_STATE: u64 = 20;

fn empty() -> Options {
    Rc::from(Vec::new())
}

/// The hash of a pair of option lists, for the index of general nodes.
fn options_hash(left: &[Game], right: &[Game]) -> u64 {
    let mut h = FxHasher::default();
    left.hash(&mut h);
    right.hash(&mut h);
    h.finish()
}

/// Sorts and deduplicates a list of ids.
pub(crate) fn sorted(mut v: Vec<Game>) -> Options {
    v.sort_unstable();
    v.dedup();
    Rc::from(v)
}
