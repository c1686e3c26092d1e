//! Who wins a sum of partizan games moving first: a minimax search over the sum.
//!
//! # The sum
//!
//! A [`Sum`] is a list of parts, each a position of a ruleset (a [`Component`]: its
//! options for each side, its independent regions, its canonical value) or a canonical
//! game of the [`GameTable`] (a literal such as `{1|-1}` or `^`, an impartial term worth
//! a nimber). Parts of different rulesets mix freely: the search only ever asks a
//! component for its options and regions.
//!
//! # The search
//!
//! A node of the search is a *state*: a multiset of large regions (each interned once,
//! as a small id) and one canonical game, the *accumulated value* of everything else.
//! Left wins moving first on a state when some Left move leads to a state that Right
//! loses moving first (and symmetrically); a state without regions is decided by its
//! value alone (Left wins moving first on `G` exactly when `G ≰ 0`). The game theory
//! that keeps the search small:
//!
//! - After every move the moved region falls apart into its regions
//!   ([`Component::regions`]); each region is interned once, with its options per side
//!   generated once and shared by every state that holds it. The regions of the
//!   options come through [`Component::option_regions`], lent rather than copied: a
//!   region is copied only when first met.
//! - A region with few moves (at most [`Config::small_moves`] options for both sides
//!   together) is replaced by its canonical value ([`Component::value`], memoised per
//!   ruleset), added into the accumulated value, if that takes at most
//!   [`SMALL_VALUE_STATES`] stored games (a region of few options may still have a
//!   large tree: it is then searched as a large region), and only while valuing small
//!   regions costs on average at most [`Config::small_value_work`] elementary steps of
//!   the table a region (past that, as for Clobber grids or Toads and Frogs with
//!   jumps, their canonical forms cost more than the search spends deciding them, and
//!   every region is searched). Its value then takes part in every
//!   simplification the canonical form makes: `G + (−G) = 0`, `* + * = 0`, numbers add,
//!   dominated and reversible options vanish. Moves in the accumulated value are the
//!   options of the canonical game, so a sum of many small regions costs one game of
//!   few options rather than a product of their trees.
//! - A region whose value a theorem gives ([`Component::closed_value`]) is valued,
//!   never searched, whatever its size: an impartial region is the nimber of its
//!   nim-value (a green Hackenbush graph by the fusion and colon principles, in
//!   linear time; see `closed_value` of Hackenbush graphs (games layer) for the proof that an
//!   impartial game G equals *g, g its nim-value), a Hackenbush stalk of blue and red
//!   edges topped by green ones x + *n. Impartial terms of the sum (`nim(5)`,
//!   `greenhackenbush("…")`) are nimbers already, and nimbers add as nim-sums.
//! - Large nimbers are lowered. **Theorem.** For every game G and all n, m > b(G)
//!   (b the birthday, or the height of any form of G), G + *n and G + *m have the
//!   same outcome. *Proof sketch*, by induction on G: Left wins G + *n moving first
//!   exactly when G ≰ *n, Right when *n ≰ G. G ≤ *n holds when no G^L ≥ *n (for n
//!   beyond the options' bounds that no longer depends on n, by induction) and no
//!   *k ≤ G for k < n; *n ≤ G likewise with the G^R and G ≰ *k. Let a and b be the
//!   least n with G ≤ *n and with *n ≤ G. If a < b, no n > a has *n ≤ G, so none at
//!   all: then G ≤ *n depends only on the options for large n; symmetrically if
//!   b < a; if a = b then G = *a and both fail for every n > a. So the outcome is
//!   constant from 1 + max(the options' bounds, a) on, at most b(G) + 1 (a game
//!   equal to *a is born on day a or later). In a state the regions' game trees
//!   have heights at most [`Component::height`] and the accumulated value its
//!   birthday, so a nimber *s of the values gathered is lowered to *c, c = 1 + the
//!   heights + b(acc), before it is added ([`Search::settle`]): `acc + *1000` would
//!   have a thousand options at every level of its canonical form, a green stalk of
//!   a thousand edges beside a Domineering board becomes `acc + *c` with c at most
//!   a few more than the board's squares. With a region of unknown height the
//!   nimber is added as it is.
//! - A sum of several large regions first has each of them valued alone, within a
//!   share of the table's bounds ([`ROOT_VALUE_STATES`] stored games at most): ten
//!   strips or twelve boards valued one by one cost far less than the search of the
//!   product of their trees. A region that needs more stays large.
//! - A region and its negative ([`Component::negative`], when the ruleset knows it)
//!   cancel wherever they meet in a state: `G + (−G) = 0` for large regions too. A
//!   region's negative is looked for when the region first shares a state with
//!   another large region.
//! - Equal regions of a state are moved in once (the children would be equal).
//! - A transposition table of decided states (the state's regions, value and the
//!   player to move, with the number of nodes deciding it took), bounded in entries
//!   ([`Config::table_entries`]): when full, the half that took the least work goes
//!   (results never depend on it).
//! - Memory stays bounded: once as many regions are held as the table has entries,
//!   a sweep drops every region no state of the table or of the search's stack holds,
//!   and the option lists of all but the regions of the stack; a region dropped is
//!   interned again when met again. The memo of small regions' values is emptied
//!   when it holds a million.
//! - Move ordering: a child already known (in the table, or without regions) to be lost
//!   for the opponent is taken at once; then moves in the regions, those leaving the
//!   opponent the fewest moves (and the mover the most, in the large regions and the
//!   small ones the move leaves) first; moves in the accumulated value last (they are
//!   rarely the only winning move, but may be: number avoidance needs the rest not to
//!   equal a number, which the search does not know).
//! - A node costs little: regions are interned by hash (one id an entry of the index,
//!   regions of one hash chained), a state's regions are held inline (up to four),
//!   the ruleset lends its option and region lists from spare buffers, lists of
//!   children are reused, each option stores the move counts used for ordering, a
//!   child known to be won by its mover when generated is not looked up again, and
//!   the table of winning moves grows with the transposition table (a sum of a few
//!   nodes clears a few KB, not the table's full size). Bounds on regions
//!   ([`Component::run_bounds`]) stop being asked for when they rarely decide a state
//!   (see [`bounds`](crate::search::bounds)).
//! - The search runs on an explicit stack (no recursion on the depth of the game),
//!   counts every node it expands and every region it interns against `--max-states`
//!   (a `Limit` error naming it), counts 512 bytes per region held and 96 per entry
//!   of the table against `--max-memory`, and checks the stop signal of [`Limits`]
//!   at every node and every option of a region generated (the work between two
//!   checks is one option or one node, never thousands of them).
//!
//! The answer is exact: the minimax search is the definition of the outcome, the
//! canonical values it substitutes are equal to the regions they replace, and a
//! nimber it lowers leaves the outcome of the state unchanged.

use super::bounds;
use crate::partizan::{Game, GameTable, Side};
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use smallvec::SmallVec;
use sprague_core::Outcome;
use sprague_core::nat::Nat;
use sprague_core::{Bound, Limits, Play, SolveError};
use std::any::Any;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// Values of small regions known in advance, such as a database of a ruleset's
/// regions built once: the search asks it before valuing a small region from its
/// game tree ([`Component::value`]).
pub trait RegionValues: Send + Sync + std::fmt::Debug {
    /// The value of the region `c` in `t`, if it is known.
    fn value(&self, c: &dyn Component, t: &mut GameTable) -> Result<Option<Game>, SolveError>;
}

/// A position of a partizan ruleset as the search sees it: object-safe, so that a sum
/// can hold positions of different rulesets.
pub trait Component {
    /// Appends every position `side` can move to (whole, not split into regions).
    fn options(&self, side: Side, out: &mut Vec<Box<dyn Component>>);
    /// Appends the independent regions of the position, in a normal form (equal regions
    /// are equal components); none for a position without moves.
    fn regions(&self, out: &mut Vec<Box<dyn Component>>);
    /// The canonical value of the position (asked only of small regions).
    fn value(&self, t: &mut GameTable) -> Result<Game, SolveError>;
    /// The position in expression syntax.
    fn show(&self) -> String;
    /// How front ends draw the position (the default: as written).
    fn picture(&self) -> crate::picture::Picture {
        crate::picture::Picture::Text(self.show())
    }
    /// A hash of the position (and its ruleset): equal components hash equally.
    fn key_hash(&self) -> u64;
    /// Whether `other` is the same position of the same ruleset.
    fn key_eq(&self, other: &dyn Component) -> bool;
    /// The component as `Any`, for [`Component::key_eq`].
    fn as_any(&self) -> &dyn Any;
    /// A copy of the component.
    fn clone_box(&self) -> Box<dyn Component>;
    /// A shared copy of the component (the default copies [`Component::clone_box`]).
    fn clone_rc(&self) -> Rc<dyn Component> {
        Rc::from(self.clone_box())
    }
    /// Calls `f` for every option of `side` in turn: first with `None` (an option
    /// begins), then with each of the option's regions, as [`Component::regions`]
    /// gives them. The default goes through those two methods; a position may hand
    /// out its regions without allocating each one (the search copies only those it
    /// has not met).
    fn option_regions(&self, side: Side, f: &mut RegionSink<'_>) -> Result<(), SolveError> {
        let mut raw = Vec::new();
        self.options(side, &mut raw);
        let mut parts = Vec::new();
        for o in raw {
            f(None)?;
            parts.clear();
            o.regions(&mut parts);
            for r in &parts {
                f(Some(&**r))?;
            }
        }
        Ok(())
    }
    /// How many options `side` has (the default counts [`Component::options`]).
    fn moves(&self, side: Side) -> usize {
        let mut opts = Vec::new();
        self.options(side, &mut opts);
        opts.len()
    }
    /// The negative of the position as a region (the same ruleset with the players'
    /// roles swapped: `G + (−G) = 0`), when the ruleset knows it; `None` by default.
    fn negative(&self) -> Option<Box<dyn Component>> {
        None
    }
    /// Upper bounds on how many moves Left and Right can each make in a row in the
    /// position, the opponent never moving (`[Left's, Right's]`), when the ruleset
    /// knows them; `None` by default. The position's value `G` then lies between
    /// `−Right's` and `Left's` (see [`bounds`](crate::search::bounds)).
    fn run_bounds(&self) -> Option<[u32; 2]> {
        None
    }
    /// An upper bound on the number of moves of any play from the position (both
    /// players' moves together), when the ruleset knows one; `None` by default.
    fn height(&self) -> Option<u64> {
        None
    }
    /// The canonical value of the position when its ruleset knows it by a theorem,
    /// at a cost about linear in its size (an impartial region such as green
    /// Hackenbush is a nimber); `None` by default. The search puts it in place of
    /// the region, however many options the region has.
    fn closed_value(&self, _t: &mut GameTable) -> Option<Result<Game, SolveError>> {
        None
    }
    /// Every move of `side` as it is listed to a player: the position after it and,
    /// when the position does not tell the move apart from another, the move in words
    /// (Hackenbush: `cutting edge 5, 0-1:R`). Unlike [`Component::options`], which
    /// may give an option once for several moves that reach it (parallel edges of one
    /// colour), every move is listed. The default: the options, without words.
    fn listed_moves(&self, side: Side, out: &mut Vec<(Box<dyn Component>, Option<String>)>) {
        let mut opts = Vec::new();
        self.options(side, &mut opts);
        out.extend(opts.into_iter().map(|o| (o, None)));
    }
}

/// `Err` (a limit of `Bound::States`) when the `count` options of `c` are
/// positions of up to [`Component::height`] elements each (edges of a Hackenbush
/// graph) and together would hold more than `most` elements (at least
/// [`OPTION_ELEMENTS`]): they are made all at once, so a graph of 60 000 green edges
/// would need 3.6·10⁹ edges of memory. Positions of unknown height are bounded
/// boards: nothing is checked.
pub fn options_fit(c: &dyn Component, count: usize, most: u64) -> Result<(), SolveError> {
    let Some(h) = c.height() else { return Ok(()) };
    let most = most.max(OPTION_ELEMENTS);
    let elements = (count as u64).saturating_mul(h.max(1));
    if elements > most {
        return Err(SolveError::Limit {
            what: format!(
                "the {count} options of a position of height {h} would hold {elements} elements, more than {most}"
            ),
            bound: Bound::States,
        });
    }
    Ok(())
}

/// The elements the options of one position may always hold ([`options_fit`]), a
/// few tens of MB: boards of 64 squares are never refused.
pub const OPTION_ELEMENTS: u64 = 1 << 22;

/// What [`Component::option_regions`] hands each option's regions to: `None` when an
/// option begins, then each of its regions.
pub type RegionSink<'a> = dyn FnMut(Option<&dyn Component>) -> Result<(), SolveError> + 'a;

/// One part of a [`Sum`].
pub enum Part {
    /// A position of a ruleset.
    Position(Box<dyn Component>),
    /// A canonical game of the table.
    Game(Game),
}

/// A sum of parts, in the order written.
#[derive(Default)]
pub struct Sum {
    /// The parts.
    pub parts: Vec<Part>,
}

/// A move of a sum: which part moves, and what it becomes.
pub struct SumMove {
    /// The index of the part in [`Sum::parts`].
    pub part: usize,
    /// The part after the move.
    pub to: Part,
    /// The move in words when the part after it does not tell it apart (see
    /// [`Component::listed_moves`]); `None` from [`Sum::moves`].
    pub words: Option<String>,
}

impl Sum {
    /// Every move `side` has in the sum, part by part.
    pub fn moves(&self, t: &mut GameTable, side: Side) -> Result<Vec<SumMove>, SolveError> {
        let mut out = Vec::new();
        for (i, p) in self.parts.iter().enumerate() {
            match p {
                Part::Position(c) => {
                    options_fit(&**c, c.moves(side), t.max_states())?;
                    let mut opts = Vec::new();
                    c.options(side, &mut opts);
                    out.extend(opts.into_iter().map(|o| SumMove {
                        part: i,
                        to: Part::Position(o),
                        words: None,
                    }));
                }
                Part::Game(g) => {
                    let (l, r) = t.options(*g)?;
                    let opts = if side == Side::Left { l } else { r };
                    out.extend(opts.into_iter().map(|g| SumMove {
                        part: i,
                        to: Part::Game(g),
                        words: None,
                    }));
                }
            }
        }
        Ok(out)
    }

    /// Every move `side` has in the sum as listed to a player, part by part: like
    /// [`Sum::moves`], but each move of a position once, with its words where the
    /// position after it does not tell it apart ([`Component::listed_moves`]).
    pub fn listed_moves(&self, t: &mut GameTable, side: Side) -> Result<Vec<SumMove>, SolveError> {
        let mut out = Vec::new();
        for (i, p) in self.parts.iter().enumerate() {
            match p {
                Part::Position(c) => {
                    // Listed moves are the options, or (Hackenbush) one a cuttable
                    // element, at most the height: bounded as the options are.
                    let count = c.moves(side).max(
                        c.height()
                            .map_or(0, |h| usize::try_from(h).unwrap_or(usize::MAX)),
                    );
                    options_fit(&**c, count, t.max_states())?;
                    let mut opts = Vec::new();
                    c.listed_moves(side, &mut opts);
                    out.extend(opts.into_iter().map(|(o, words)| SumMove {
                        part: i,
                        to: Part::Position(o),
                        words,
                    }));
                }
                Part::Game(g) => {
                    let (l, r) = t.options(*g)?;
                    let opts = if side == Side::Left { l } else { r };
                    out.extend(opts.into_iter().map(|g| SumMove {
                        part: i,
                        to: Part::Game(g),
                        words: None,
                    }));
                }
            }
        }
        Ok(out)
    }

    /// The sum after `m`.
    pub fn after(&self, m: &SumMove) -> Sum {
        let parts = self
            .parts
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let p = if i == m.part { &m.to } else { p };
                match p {
                    Part::Position(c) => Part::Position(c.clone_box()),
                    Part::Game(g) => Part::Game(*g),
                }
            })
            .collect();
        Sum { parts }
    }
}

/// The default of [`Config::small_moves`]: measured on Domineering boards of 5×6 to
/// 7×7, regions of up to 10 options are valued faster than they are searched, while
/// larger ones cost more to value than the search spends on them.
pub const SMALL_MOVES: usize = 10;

/// Most stored games (and cached results) of the table spent on valuing one large
/// region of a sum before the search ([`Search::set_root_values`]).
pub const ROOT_VALUE_STATES: u64 = 200_000;

/// Most stored games a small region may take to be valued when it is met (more: it is
/// searched as a large region).
pub const SMALL_VALUE_STATES: u64 = 300;

/// The elementary steps of the table ([`GameTable::work`]) that valuing small regions
/// may take on average per region valued ([`Config::small_value_work`]'s default),
/// beyond [`SMALL_VALUE_ALLOWANCE`]. Measured on MCGS's test files: a Domineering or
/// a NoGo strip region costs 20 to 100 steps, a Clobber grid, NoGo 4×4, Fission or
/// Toads and Frogs region with jumps 400 to 18 000 (their canonical forms take longer
/// than the search spends on them), so valuing stops early on those.
pub const SMALL_VALUE_WORK: u64 = 200;

/// The elementary steps valuing small regions may take before their average
/// ([`SMALL_VALUE_WORK`]) is looked at.
pub const SMALL_VALUE_ALLOWANCE: u64 = 20_000;

/// Nimbers of values below this are added into a state's accumulated value as they
/// come; larger ones are first lowered by [`Search::settle`].
const STAR_APART: u64 = 4;

/// Most birthdays of accumulated values remembered (the memo is emptied beyond).
const BIRTHDAYS_KEPT: usize = 1 << 16;

/// The memory counted for each interned region (the position, its options, the
/// index entry) against `--max-memory`.
const REGION_BYTES: u64 = 512;

/// The memory counted for each entry of the transposition table against
/// `--max-memory`.
const ENTRY_BYTES: u64 = 96;

/// The bits of an entry of the table of winning moves that hold the move (one more
/// than the child's index; 0 for none); the others hold the tag of the state's hash.
const HINT_MOVE: u64 = (1 << 16) - 1;

/// States whose bounds are looked at before their rate of success is
/// ([`Search::bounds_pay`]).
pub const BOUND_TRIAL: u64 = 1 << 14;

/// Bounds stop being asked for when fewer than one state in this many they were
/// looked at for was decided by them.
const BOUND_RATE: u64 = 1000;

/// No region (the end of a chain of regions of one hash).
const NO_REGION: u32 = u32::MAX;

/// Most spare lists of children kept for reuse.
const SPARE_LISTS: usize = 256;

/// The slots of the table of winning moves when first needed (it doubles as the
/// transposition table fills, see [`Search::set_hint`]).
const HINTS_FIRST: usize = 1 << 10;

/// The default of [`Config::table_entries`]: a million decided states (and as many
/// regions held, see [`Search::sweep`]) keep a search within a few hundred MB (7×7
/// Domineering: 445 MB, against 735 MB with twice as many and 4% fewer nodes).
pub const TABLE_ENTRIES: usize = 1 << 20;

/// Tuning of the search.
#[derive(Clone, Debug)]
pub struct Config {
    /// Regions with at most this many options (Left's and Right's together) are
    /// replaced by their canonical values.
    pub small_moves: usize,
    /// Small regions are valued while the table's elementary steps spent valuing them
    /// are at most this many per small region valued, beyond [`SMALL_VALUE_ALLOWANCE`]
    /// (`u64::MAX`: always).
    pub small_value_work: u64,
    /// Most entries of the transposition table (when full, the half that took the
    /// least work to decide is dropped). Also the number of regions held before those
    /// no longer in a state of the table or of the search are dropped.
    pub table_entries: usize,
    /// A database of the values of small regions, looked up before a small region is
    /// valued from its game tree (a database of a ruleset's small regions, built
    /// once and stored in a file).
    pub db: Option<std::sync::Arc<dyn RegionValues>>,
}

impl Config {
    /// The default tuning within `limits`: the table holds at most [`TABLE_ENTRIES`]
    /// entries, at most `--max-states`, and at most one per 4 KiB of `--max-memory`.
    pub fn new(limits: &Limits) -> Config {
        let by_memory = usize::try_from(limits.max_memory / 4096).unwrap_or(usize::MAX);
        let by_states = usize::try_from(limits.max_states).unwrap_or(usize::MAX);
        Config {
            small_moves: SMALL_MOVES,
            small_value_work: SMALL_VALUE_WORK,
            table_entries: by_memory.min(by_states).clamp(1, TABLE_ENTRIES),
            db: None,
        }
    }
}

/// Counts of the work of a search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// Nodes expanded (their children generated).
    pub nodes: u64,
    /// Regions interned.
    pub regions: u64,
    /// Regions replaced by their canonical values.
    pub valued: u64,
    /// Answers found in the transposition table.
    pub hits: u64,
    /// Sweeps of the regions no longer held by a state (see [`Config::table_entries`]).
    pub sweeps: u64,
    /// Nodes whose winning move, remembered from an earlier search of them, was tried
    /// first.
    pub hinted: u64,
    /// States decided by bounds on their regions (see [`Search::set_bounds`]).
    pub bounded: u64,
    /// States whose bounds were looked at (decided or not).
    pub bound_tries: u64,
    /// Large nimbers lowered to one that gives the same outcome (see
    /// [`Search::settle`]).
    pub lowered: u64,
}

/// An option of a region: its large regions and the value of its small ones.
struct Opt {
    big: SmallVec<[u32; 4]>,
    acc: Game,
    /// A large nimber of its small regions, kept apart from `acc` (see
    /// [`Search::settle`]).
    star: Nat,
    /// The moves of the regions it leaves (Left's minus Right's), for move ordering.
    diff: i32,
}

/// An interned region.
struct Region {
    comp: Rc<dyn Component>,
    /// Its canonical value, when it is small.
    value: Option<Game>,
    /// How many options each side has (Left, Right).
    moves: [u32; 2],
    /// Its options per side, generated when first needed.
    opts: [Option<Rc<[Opt]>>; 2],
    /// The region equal to its negative, when interned (itself for a region equal to
    /// its own negative).
    neg: Option<u32>,
    /// Whether its negative was looked for (when it first was in a state with another
    /// large region: a region only ever alone needs none).
    neg_sought: bool,
    /// Whether valuing it within a share of the bounds was tried (and failed).
    tried: bool,
    /// [`Component::run_bounds`] of a large region.
    runs: Option<[u32; 2]>,
    /// [`Component::height`] of a large region.
    height: Option<u64>,
    /// The region interned before it with the same hash ([`NO_REGION`]: none).
    next: u32,
    /// The last sweep that kept it (see [`Search::sweep`]).
    mark: u32,
    /// The last sweep that kept its options too.
    root: u32,
}

/// The interned regions by id; the slot of a region dropped by a sweep is empty, and
/// its id is given to the next region interned.
#[derive(Default)]
struct Regions {
    slots: Vec<Option<Region>>,
    /// The empty slots.
    free: Vec<u32>,
}

impl Regions {
    /// How many regions are held.
    fn live(&self) -> usize {
        self.slots.len() - self.free.len()
    }

    /// Stores `r`, returning its id.
    fn insert(&mut self, r: Region) -> Option<u32> {
        if let Some(id) = self.free.pop() {
            self.slots[id as usize] = Some(r);
            return Some(id);
        }
        let id = u32::try_from(self.slots.len()).ok()?;
        self.slots.push(Some(r));
        Some(id)
    }
}

impl std::ops::Index<u32> for Regions {
    type Output = Region;
    fn index(&self, id: u32) -> &Region {
        self.slots[id as usize]
            .as_ref()
            .expect("a state holds only regions that are kept")
    }
}

impl std::ops::IndexMut<u32> for Regions {
    fn index_mut(&mut self, id: u32) -> &mut Region {
        self.slots[id as usize]
            .as_mut()
            .expect("a state holds only regions that are kept")
    }
}

/// Region ids, held inline when few.
type Ids = SmallVec<[u32; 4]>;

/// A node: the large regions (sorted ids) and the accumulated value.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct State {
    big: Ids,
    acc: Game,
}

/// A state with the player to move.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Key {
    state: State,
    left: bool,
}

/// A child of a node being searched.
struct Child {
    state: State,
    /// Whether it was known, when generated, to be won by its mover (the node's
    /// opponent): it is not tried.
    lost: bool,
}

/// A node being searched.
struct Frame {
    key: Key,
    children: Vec<Child>,
    next: usize,
    /// The nodes expanded before it.
    start: u64,
    /// Which child (in the order of generation) was moved to the front of `children`.
    first: usize,
}

impl Frame {
    /// The child tried last, in the order of generation.
    fn last_tried(&self) -> usize {
        match self.next - 1 {
            0 => self.first,
            i if i <= self.first => i - 1,
            i => i,
        }
    }
}

/// An entry of the transposition table.
struct Entry {
    /// Whether the player to move wins.
    won: bool,
    /// How many nodes deciding it expanded (at most `u32::MAX`).
    work: u32,
}

fn index(side: Side) -> usize {
    if side == Side::Left { 0 } else { 1 }
}

fn other(side: Side) -> Side {
    if side == Side::Left {
        Side::Right
    } else {
        Side::Left
    }
}

/// What the searches of partizan sums share, in normal play ([`Search`]) and in misère
/// play ([`crate::search::partizan_misere::Search`]): who wins moving first, and from
/// it the outcome and the winning moves.
pub trait SumSearch {
    /// The table of canonical games.
    fn table(&mut self) -> &mut GameTable;

    /// Normal or misère play.
    fn play(&self) -> Play;

    /// Whether Left wins `sum` moving first, and whether Right does (the sum's state
    /// made once for both).
    fn wins_each(&mut self, sum: &Sum) -> Result<(bool, bool), SolveError>;

    /// Whether `side` wins `sum` moving first.
    fn wins(&mut self, sum: &Sum, side: Side) -> Result<bool, SolveError>;

    /// The outcome of `sum`: `L`, `R`, `N` or `P`.
    fn outcome(&mut self, sum: &Sum) -> Result<Outcome, SolveError> {
        let (left, right) = self.wins_each(sum)?;
        Ok(Outcome::of_partizan(left, right))
    }

    /// Every winning move of `side` moving first in `sum` (the moves after which the
    /// opponent, moving first, loses), in the order of [`Sum::listed_moves`] (each
    /// move once, with its words where needed); at most `max`, and whether more
    /// exist. With `max` 0, only whether one exists (in misère play a player without
    /// a move wins, with no move to list).
    fn winning_moves(
        &mut self,
        sum: &Sum,
        side: Side,
        max: usize,
    ) -> Result<(Vec<SumMove>, bool), SolveError> {
        if max == 0 {
            // The side wins exactly when it has a winning move, but for a player
            // without a move in misère play.
            let wins = self.wins(sum, side)?;
            let has = wins
                && (self.play() == Play::Normal
                    || !sum.listed_moves(self.table(), side)?.is_empty());
            return Ok((Vec::new(), has));
        }
        let mut out = Vec::new();
        for m in sum.listed_moves(self.table(), side)? {
            let after = sum.after(&m);
            if !self.wins(&after, other(side))? {
                if out.len() == max {
                    return Ok((out, true));
                }
                out.push(m);
            }
        }
        Ok((out, false))
    }
}

impl SumSearch for Search<'_> {
    fn table(&mut self) -> &mut GameTable {
        self.t
    }

    fn play(&self) -> Play {
        Play::Normal
    }

    fn wins_each(&mut self, sum: &Sum) -> Result<(bool, bool), SolveError> {
        let state = self.state_of(sum)?;
        let left = self.decide(state.clone(), Side::Left)?;
        Ok((left, self.decide(state, Side::Right)?))
    }

    fn wins(&mut self, sum: &Sum, side: Side) -> Result<bool, SolveError> {
        let state = self.state_of(sum)?;
        self.decide(state, side)
    }
}

/// The search engine: interned regions and decided states, shared by every question
/// asked of it (so the winning moves of a sum reuse the work of its outcome).
pub struct Search<'t> {
    t: &'t mut GameTable,
    config: Config,
    limits: Limits,
    regions: Regions,
    /// The last region interned of each hash (the others of the same hash follow
    /// through [`Region::next`]).
    by_hash: FxHashMap<u64, u32>,
    /// Hashes of the small regions whose value took more than [`SMALL_VALUE_STATES`].
    too_big: FxHashSet<u64>,
    /// The transposition table: decided states, with the work each took.
    tt: FxHashMap<Key, Entry>,
    /// Sweeps so far (the mark of the regions the last one kept).
    sweeps: u32,
    /// How many regions may be held before the next sweep.
    sweep_at: usize,
    stats: Stats,
    /// Whether the regions of a sum with several large regions are valued (within a
    /// share of the bounds) before the search.
    root_values: bool,
    /// Whether a region and its negative cancel.
    negation: bool,
    /// Whether some region's negative is interned (else there is nothing to cancel).
    any_neg: bool,
    /// Whether the regions held reached [`Search::sweep_at`] (a sweep is made when the
    /// search is next at a node boundary).
    sweep_due: bool,
    /// The winning move of won states, by a hash of the state (see [`Search::hint`]).
    hints: Vec<u64>,
    /// The child the last call of [`Search::children`] moved to the front.
    first: usize,
    /// Whether states are decided from bounds on their regions when they can be.
    bounding: bool,
    /// Buffers for [`Search::children`]: the children with their scores, and spare
    /// lists of children of finished nodes.
    scored: Vec<(i64, Child)>,
    spare: Vec<Vec<Child>>,
    /// Buffers for [`Search::opts`]: the regions of a region's options in a row, and
    /// where each option begins.
    opt_ids: Vec<u32>,
    opt_ends: Vec<usize>,
    /// The table's elementary steps spent valuing small regions (those that failed
    /// too), and how many small regions were valued.
    small_work: u64,
    small_valued: u64,
    /// Birthdays of accumulated values, for [`Search::settle`].
    birthdays: FxHashMap<Game, Nat>,
}

impl<'t> Search<'t> {
    /// A search whose canonical values live in `t`, within `limits`.
    pub fn new(t: &'t mut GameTable, limits: &Limits) -> Search<'t> {
        let config = Config::new(limits);
        Search::with_config(t, limits, config)
    }

    /// A search with the given tuning.
    pub fn with_config(t: &'t mut GameTable, limits: &Limits, config: Config) -> Search<'t> {
        if limits.stop.is_some() {
            t.set_stop(limits.stop.clone());
        }
        let mut s = Search {
            t,
            config,
            limits: limits.clone(),
            regions: Regions::default(),
            by_hash: FxHashMap::default(),
            too_big: Default::default(),
            tt: FxHashMap::default(),
            sweeps: 0,
            sweep_at: 0,
            stats: Stats::default(),
            root_values: true,
            negation: true,
            any_neg: false,
            sweep_due: false,
            hints: Vec::new(),
            first: 0,
            bounding: true,
            scored: Vec::new(),
            spare: Vec::new(),
            opt_ids: Vec::new(),
            opt_ends: Vec::new(),
            small_work: 0,
            small_valued: 0,
            birthdays: FxHashMap::default(),
        };
        s.sweep_at = s.kept_regions();
        s
    }

    /// Whether the large regions of a sum with more than one are first valued each
    /// (within a share of `--max-states`; on by default). Answers never depend on it.
    pub fn set_root_values(&mut self, on: bool) {
        self.root_values = on;
    }

    /// Whether a region and its negative ([`Component::negative`]) cancel (on by
    /// default). Answers never depend on it.
    pub fn set_negation(&mut self, on: bool) {
        self.negation = on;
    }

    /// Whether a state is decided at once when bounds on its large regions
    /// ([`Component::run_bounds`]) and the stops of its accumulated value settle it (on
    /// by default; see [`bounds`](crate::search::bounds)). Answers never depend on it.
    pub fn set_bounds(&mut self, on: bool) {
        self.bounding = on;
    }

    /// The work so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The state of a sum: its regions interned, small ones added into the value.
    fn state_of(&mut self, sum: &Sum) -> Result<State, SolveError> {
        let mut ids = Vec::new();
        let mut acc = Game::ZERO;
        let mut star = Nat::ZERO;
        let mut parts = Vec::new();
        for p in &sum.parts {
            match p {
                Part::Position(c) => {
                    parts.clear();
                    c.regions(&mut parts);
                    for r in parts.drain(..) {
                        self.limits.check_stop()?;
                        ids.push(self.intern(&*r)?);
                    }
                }
                Part::Game(g) => self.gather(&mut acc, &mut star, *g)?,
            }
        }
        let mut big = Ids::new();
        for &id in &ids {
            if self.regions[id].value.is_none() && !big.contains(&id) {
                big.push(id);
            }
        }
        if self.root_values && big.len() > 1 {
            // A sum of several large regions: the product of their trees is searched
            // unless each is valued alone, which is often far cheaper.
            let share = big.len() as u64 * 2;
            for &id in &big {
                self.value_within(id, share)?;
            }
        }
        big.clear();
        for id in ids {
            match self.regions[id].value {
                Some(v) => self.gather(&mut acc, &mut star, v)?,
                None => big.push(id),
            }
        }
        big.sort_unstable();
        self.cancel(&mut big);
        let acc = self.settle(&big, acc, &star)?;
        Ok(State { big, acc })
    }

    /// Adds the value `v` (of a region or a part) into `acc`, the nimber part of a
    /// number-up-star of at least [`STAR_APART`] into `star` instead (nim-added), for
    /// [`Search::settle`].
    fn gather(&mut self, acc: &mut Game, star: &mut Nat, v: Game) -> Result<(), SolveError> {
        let apart = match self.t.as_nus(v) {
            Some(n) if n.star >= Nat::from(STAR_APART) => Some(n.clone()),
            _ => None,
        };
        let Some(mut n) = apart else {
            *acc = self.t.add(*acc, v)?;
            return Ok(());
        };
        *star ^= &n.star;
        n.star = Nat::ZERO;
        let rest = self.t.nus(n)?;
        *acc = self.t.add(*acc, rest)?;
        Ok(())
    }

    /// The accumulated value of a state with the large regions `big`, the value `acc`
    /// and the nimber `*star`: `acc + *star`, the nimber first lowered to `*cap` when
    /// it is larger, `cap` = 1 + the heights of the regions + the birthday of `acc`
    /// (when every region has a known height). The state's outcome is the same (the
    /// nimber theorem of the module's documentation), and the sum is far cheaper: the
    /// canonical form of `acc + *1000` has a thousand options at every level.
    fn settle(&mut self, big: &[u32], acc: Game, star: &Nat) -> Result<Game, SolveError> {
        if star.is_zero() {
            return Ok(acc);
        }
        let mut s = star.clone();
        if s >= Nat::from(STAR_APART) {
            let mut cap = Nat::from(1u64);
            let mut known = true;
            for &id in big {
                match self.regions[id].height {
                    Some(h) => cap = cap.add(&Nat::from(h)),
                    None => known = false,
                }
            }
            if known {
                if self.birthdays.len() >= BIRTHDAYS_KEPT {
                    self.birthdays.clear();
                }
                let b = match self.birthdays.get(&acc) {
                    Some(b) => b.clone(),
                    None => {
                        let b = self.t.birthday(acc)?;
                        self.birthdays.insert(acc, b.clone());
                        b
                    }
                };
                cap = cap.add(&b);
                if s > cap {
                    s = cap;
                    self.stats.lowered += 1;
                }
            }
        }
        let n = self.t.nimber(s)?;
        self.t.add(acc, n)
    }

    /// Values region `id` if that takes at most `1/share` of what is left of the
    /// table's bounds (and at most [`ROOT_VALUE_STATES`] stored games); a region that
    /// needs more stays large (and is not tried again).
    fn value_within(&mut self, id: u32, share: u64) -> Result<(), SolveError> {
        let r = &mut self.regions[id];
        if r.value.is_some() || r.tried {
            return Ok(());
        }
        r.tried = true;
        let left = self.t.max_states().saturating_sub(self.t.states());
        let num = (left / share.max(1)).min(ROOT_VALUE_STATES);
        if num == 0 {
            return Ok(());
        }
        let comp = &self.regions[id].comp;
        if let Some(v) = self.t.within_share(num, left, |t| comp.value(t))? {
            self.stats.valued += 1;
            self.regions[id].value = Some(v);
        }
        Ok(())
    }

    /// Removes from the sorted list `big` every region together with its negative
    /// (their sum is 0).
    fn cancel(&mut self, big: &mut Ids) {
        if !self.negation || big.len() < 2 {
            return;
        }
        for &id in big.iter() {
            self.seek_negative(id);
        }
        if !self.any_neg {
            return;
        }
        let mut i = 0;
        while i < big.len() {
            let id = big[i];
            let partner = match self.regions[id].neg {
                // Equal to its own negative: two copies cancel.
                Some(n) if n == id => (big.get(i + 1) == Some(&id)).then_some(i + 1),
                Some(n) => big.binary_search(&n).ok(),
                None => None,
            };
            match partner {
                Some(j) => {
                    let (a, b) = if i < j { (i, j) } else { (j, i) };
                    big.remove(b);
                    big.remove(a);
                    i = a;
                }
                None => i += 1,
            }
        }
    }

    /// Looks for the negative of region `id` among the regions held, once: found, the
    /// two are linked both ways; a negative interned later finds the region when it
    /// is looked for in turn (in a state holding both, both are).
    fn seek_negative(&mut self, id: u32) {
        let r = &mut self.regions[id];
        if r.neg_sought {
            return;
        }
        r.neg_sought = true;
        let Some(n) = r.comp.negative() else { return };
        let neg = if n.key_eq(&*self.regions[id].comp) {
            Some(id)
        } else {
            self.lookup(&*n)
        };
        if let Some(m) = neg {
            self.regions[m].neg = Some(id);
            self.regions[id].neg = Some(m);
            self.any_neg = true;
        }
    }

    /// The id of a region, interned (and valued when small) on first sight.
    fn intern(&mut self, r: &dyn Component) -> Result<u32, SolveError> {
        let h = r.key_hash();
        let head = self.by_hash.get(&h).copied().unwrap_or(NO_REGION);
        let mut cur = head;
        while cur != NO_REGION {
            let region = &self.regions[cur];
            if region.comp.key_eq(r) {
                return Ok(cur);
            }
            cur = region.next;
        }
        self.stats.regions += 1;
        if self.stats.regions > self.limits.max_states {
            return Err(self.limits.states_exceeded("the search"));
        }
        self.check_memory(1)?;
        if self.regions.live() >= self.sweep_at {
            self.sweep_due = true;
        }
        let left = r.moves(Side::Left);
        let right = r.moves(Side::Right);
        // A small region is valued if that takes at most SMALL_VALUE_STATES stored
        // games: a region with few options may still have a large game tree (a Clobber
        // group keeps its stones, a Fission board gains one a move); such a region is
        // searched as a large one, and not tried again. Valuing stops altogether once
        // it costs more on average than small_value_work steps a region: for such a
        // ruleset the search decides the small regions for less.
        let affordable = self.small_work
            <= self
                .config
                .small_value_work
                .saturating_mul(self.small_valued)
                .saturating_add(SMALL_VALUE_ALLOWANCE);
        // A region whose value a theorem gives (an impartial region: a nimber) is
        // valued, never searched, whatever its size.
        let value = if let Some(v) = r.closed_value(self.t).transpose()? {
            self.stats.valued += 1;
            Some(v)
        } else if left + right <= self.config.small_moves
            && affordable
            && !self.too_big.contains(&h)
        {
            let room = self.t.max_states().saturating_sub(self.t.states());
            let db = self.config.db.as_deref();
            let before = self.t.work();
            let got = self
                .t
                .within_share(room.min(SMALL_VALUE_STATES), room, |t| {
                    match db.map(|db| db.value(r, t)).transpose()?.flatten() {
                        Some(g) => Ok(g),
                        None => r.value(t),
                    }
                })?;
            self.small_work = self
                .small_work
                .saturating_add(self.t.work().saturating_sub(before));
            match got {
                Some(v) => {
                    self.stats.valued += 1;
                    self.small_valued += 1;
                    Some(v)
                }
                None => {
                    self.too_big.insert(h);
                    None
                }
            }
        } else {
            None
        };
        let id = match self.regions.free.last() {
            Some(&id) => id,
            None => u32::try_from(self.regions.slots.len())
                .ok()
                .filter(|&id| id != NO_REGION)
                .ok_or_else(|| self.limits.states_exceeded("the search"))?,
        };
        let runs = if value.is_none() && self.bounding && self.bounds_pay() {
            r.run_bounds()
        } else {
            None
        };
        let height = if value.is_none() { r.height() } else { None };
        let got = self.regions.insert(Region {
            next: head,
            runs,
            height,
            comp: r.clone_rc(),
            value,
            moves: [left as u32, right as u32],
            opts: [None, None],
            neg: None,
            // A small region is never in a state: its negative is not needed.
            neg_sought: value.is_some(),
            tried: false,
            mark: self.sweeps,
            root: self.sweeps,
        });
        debug_assert_eq!(got, Some(id));
        self.by_hash.insert(h, id);
        Ok(id)
    }

    /// Regions held before a sweep is due: as many as the table has entries (a state
    /// of the table holds few large regions), within a quarter of `--max-memory`.
    fn kept_regions(&self) -> usize {
        let by_memory = self.limits.max_memory / 4 / REGION_BYTES;
        self.config
            .table_entries
            .min(usize::try_from(by_memory).unwrap_or(usize::MAX))
            .max(64)
    }

    /// The memory counted for the regions held (and `more` to come) and the table's
    /// entries: a `Limit` error of `Bound::Memory` beyond it.
    fn check_memory(&self, more: usize) -> Result<(), SolveError> {
        let regions = (self.regions.live() + more) as u64;
        let entries = self.tt.len() as u64;
        let bytes = regions
            .saturating_mul(REGION_BYTES)
            .saturating_add(entries.saturating_mul(ENTRY_BYTES))
            .saturating_add(self.hints.len() as u64 * 8);
        if bytes > self.limits.max_memory {
            return Err(SolveError::Limit {
                what: format!(
                    "the search needs more than {} bytes ({regions} regions of {REGION_BYTES} bytes and {entries} table entries of {ENTRY_BYTES} bytes counted)",
                    self.limits.max_memory
                ),
                bound: Bound::Memory,
            });
        }
        Ok(())
    }

    /// Drops every region no state of `stack` or of the table holds, and the options
    /// of every region kept but those of `stack` (with the regions they hold), so that the regions held
    /// stay within [`Search::kept_regions`]: when the table's states alone hold too
    /// many, the half of the table that took the least work goes first (three times
    /// at most). Answers
    /// never depend on it: a region dropped is interned again when met again.
    fn sweep(&mut self, stack: &[Frame]) -> Result<(), SolveError> {
        self.sweep_due = false;
        let kept = self.kept_regions();
        for round in 0..4 {
            if round > 0 {
                self.shrink_table(self.tt.len() / 2);
            }
            self.sweeps = self.sweeps.wrapping_add(1);
            let m = self.sweeps;
            let regions = &mut self.regions;
            let mut live = 0usize;
            let mut root = |id: u32| {
                let r = &mut regions[id];
                if r.root != m {
                    r.root = m;
                    r.mark = m;
                    live += 1;
                }
            };
            for f in stack {
                f.key.state.big.iter().copied().for_each(&mut root);
                for c in &f.children[f.next..] {
                    c.state.big.iter().copied().for_each(&mut root);
                }
            }
            // The options of a region of the stack are kept, and the regions they hold
            // with them (those of the table's states are not: they are many).
            let mut inner = Vec::new();
            for r in self.regions.slots.iter().flatten() {
                if r.root == m {
                    for o in r.opts.iter().flatten() {
                        for op in o.iter() {
                            inner.extend_from_slice(&op.big);
                        }
                    }
                }
            }
            for k in self.tt.keys() {
                inner.extend_from_slice(&k.state.big);
            }
            for id in inner {
                let r = &mut self.regions[id];
                if r.mark != m {
                    r.mark = m;
                    live += 1;
                }
            }
            if live <= kept / 2 || round == 3 {
                break;
            }
        }
        let m = self.sweeps;
        let Regions { slots, free } = &mut self.regions;
        for (id, slot) in slots.iter_mut().enumerate() {
            let Some(r) = slot else { continue };
            if r.mark != m {
                *slot = None;
                free.push(id as u32);
                continue;
            }
            if r.root != m {
                r.opts = [None, None];
            }
        }
        // Links to dropped negatives, and index entries of dropped regions, go.
        for id in 0..slots.len() {
            let neg = match &slots[id] {
                Some(r) => r.neg,
                None => continue,
            };
            if let Some(n) = neg
                && slots[n as usize].is_none()
            {
                slots[id].as_mut().expect("held").neg = None;
            }
        }
        // The index is built again from the regions kept.
        self.by_hash.clear();
        for (id, slot) in slots.iter_mut().enumerate() {
            if let Some(r) = slot {
                let h = r.comp.key_hash();
                r.next = self.by_hash.insert(h, id as u32).unwrap_or(NO_REGION);
            }
        }
        self.stats.sweeps += 1;
        self.sweep_at = kept.max(self.regions.live().saturating_mul(2));
        self.check_memory(0)
    }

    /// The id of a region already interned.
    fn lookup(&self, r: &dyn Component) -> Option<u32> {
        let mut cur = *self.by_hash.get(&r.key_hash())?;
        while cur != NO_REGION {
            let region = &self.regions[cur];
            if region.comp.key_eq(r) {
                return Some(cur);
            }
            cur = region.next;
        }
        None
    }

    /// The options of region `id` for `side`, generated and split once.
    fn opts(&mut self, id: u32, side: Side) -> Result<Rc<[Opt]>, SolveError> {
        let s = index(side);
        if let Some(o) = &self.regions[id].opts[s] {
            return Ok(o.clone());
        }
        // The regions of each option, interned as they come (a copy of the region
        // moved in is asked, so that the search's own tables stay free to change).
        let comp = self.regions[id].comp.clone();
        let count = self.regions[id].moves[s] as usize;
        options_fit(&*comp, count, self.limits.max_states)?;
        // The regions of all options in a row, and where each option's end.
        let mut ids = std::mem::take(&mut self.opt_ids);
        let mut ends = std::mem::take(&mut self.opt_ends);
        ids.clear();
        ends.clear();
        comp.option_regions(side, &mut |r| {
            match r {
                None => {
                    // Each option of a large region may cost as much as the region
                    // (a Hackenbush graph copied and split): the stop signal is looked
                    // at every option.
                    self.limits.check_stop()?;
                    ends.push(ids.len());
                }
                Some(r) => {
                    let rid = self.intern(r)?;
                    if ends.is_empty() {
                        ends.push(0);
                    }
                    ids.push(rid);
                }
            }
            Ok(())
        })?;
        ends.push(ids.len());
        let mut out = Vec::with_capacity(ends.len() - 1);
        for w in ends.windows(2) {
            let mut big = Ids::new();
            let mut acc = Game::ZERO;
            let mut star = Nat::ZERO;
            let mut diff = 0i32;
            for &rid in &ids[w[0]..w[1]] {
                let region = &self.regions[rid];
                diff += region.moves[0] as i32 - region.moves[1] as i32;
                match region.value {
                    Some(v) => self.gather(&mut acc, &mut star, v)?,
                    None => big.push(rid),
                }
            }
            big.sort_unstable();
            self.cancel(&mut big);
            out.push(Opt {
                big,
                acc,
                star,
                diff,
            });
        }
        self.opt_ids = ids;
        self.opt_ends = ends;
        let rc: Rc<[Opt]> = out.into();
        self.regions[id].opts[s] = Some(rc.clone());
        Ok(rc)
    }

    /// The answer for a state without regions, or from the table.
    fn known(&mut self, key: &Key) -> Result<Option<bool>, SolveError> {
        if key.state.big.is_empty() {
            let g = key.state.acc;
            // Left wins moving first on G exactly when G ≰ 0; Right when 0 ≰ G.
            let w = if key.left {
                !self.t.le(g, Game::ZERO)?
            } else {
                !self.t.le(Game::ZERO, g)?
            };
            return Ok(Some(w));
        }
        if let Some(e) = self.tt.get(key) {
            self.stats.hits += 1;
            return Ok(Some(e.won));
        }
        if self.bounding && self.bounds_pay() {
            let mut runs = [0u64; 2];
            for &id in key.state.big.iter() {
                let Some(r) = self.regions[id].runs else {
                    return Ok(None);
                };
                runs[0] += u64::from(r[0]);
                runs[1] += u64::from(r[1]);
            }
            let side = if key.left { Side::Left } else { Side::Right };
            let w = bounds::decides(self.t, key.state.acc, runs, side)?;
            self.stats.bound_tries += 1;
            if w.is_some() {
                self.stats.bounded += 1;
            }
            return Ok(w);
        }
        Ok(None)
    }

    /// Whether bounds on regions are still asked for: not once more than
    /// [`BOUND_TRIAL`] states were looked at and at most one in [`BOUND_RATE`] was
    /// decided (Toads and Frogs with jumps: 31 in 400 000), where computing the
    /// bounds of every region costs more than the nodes they save.
    fn bounds_pay(&self) -> bool {
        let s = &self.stats;
        s.bound_tries < BOUND_TRIAL || s.bounded.saturating_mul(BOUND_RATE) > s.bound_tries
    }

    /// The slot and tag of `key` in the table of winning moves.
    fn hint_slot(&self, key: &Key) -> (usize, u64) {
        let mut h = FxHasher::default();
        key.hash(&mut h);
        let h = h.finish();
        let slot = (h as usize) & (self.hints.len().wrapping_sub(1));
        (slot, h & !HINT_MOVE)
    }

    /// The winning move found when `key` was last decided won (the index of the child
    /// in the order of [`Search::children`]), if the table of winning moves still
    /// holds it. It outlives the transposition table's entry: a state searched again
    /// after its entry was dropped tries that move first. A hash collision only
    /// changes the order the children are tried in, never an answer.
    fn hint(&self, key: &Key) -> Option<usize> {
        if self.hints.is_empty() {
            return None;
        }
        let (slot, tag) = self.hint_slot(key);
        let e = self.hints[slot];
        (e != 0 && e & !HINT_MOVE == tag).then(|| (e & HINT_MOVE) as usize - 1)
    }

    /// Doubles the table of winning moves (from [`HINTS_FIRST`] slots, up to one slot
    /// per entry the transposition table may hold), keeping every hint: a search of
    /// a few nodes never clears a large table. An entry of slot `s` goes to slot `s`
    /// or `s + len`, as the bit `len` of its hash says; when that bit is not in the
    /// tag (below bit 16) it goes to both (the wrong one only reorders the children
    /// of a state whose hash shares its tag).
    fn grow_hints(&mut self) {
        let most = self
            .config
            .table_entries
            .next_power_of_two()
            .max(HINTS_FIRST);
        let len = self.hints.len();
        if len >= most {
            return;
        }
        if len == 0 {
            self.hints = vec![0; HINTS_FIRST];
            return;
        }
        let mut grown = vec![0u64; len * 2];
        for (s, &e) in self.hints.iter().enumerate() {
            if e == 0 {
                continue;
            }
            let bit = len as u64;
            if bit > HINT_MOVE {
                grown[s + if e & bit != 0 { len } else { 0 }] = e;
            } else {
                grown[s] = e;
                grown[s + len] = e;
            }
        }
        self.hints = grown;
    }

    /// Records that child `k` of `key` wins.
    fn set_hint(&mut self, key: &Key, k: usize) {
        let Ok(k) = u64::try_from(k + 1) else { return };
        if k >= HINT_MOVE {
            return;
        }
        if self.hints.len() <= self.tt.len() {
            self.grow_hints();
        }
        let (slot, tag) = self.hint_slot(key);
        self.hints[slot] = tag | k;
    }

    /// Stores the answer `w` of `key`, found expanding `work` nodes.
    fn remember(&mut self, key: Key, w: bool, work: u64) {
        if key.state.big.is_empty() {
            return;
        }
        if self.tt.len() >= self.config.table_entries {
            self.shrink_table(self.config.table_entries / 2);
        }
        let work = u32::try_from(work).unwrap_or(u32::MAX);
        self.tt.insert(key, Entry { won: w, work });
    }

    /// Drops the entries of the table that took the least work (those of at most 1,
    /// 3, 7… nodes) until at most `most` are left: the ones kept are those that
    /// would cost the most to search again. (The regions of the states dropped go at
    /// the next sweep.) One pass counts the entries by the bit length of their work,
    /// which gives the least power of two `2^k` (`k ≥ 1`) such that at most `most`
    /// entries took `2^k` nodes or more; a second keeps those (none if there is no
    /// such `k` below 32).
    fn shrink_table(&mut self, most: usize) {
        if self.tt.len() <= most {
            return;
        }
        // by_bits[b]: the entries whose work has b bits (1 ≤ work < 2^b for b ≥ 1).
        let mut by_bits = [0usize; 33];
        for e in self.tt.values() {
            by_bits[(u32::BITS - e.work.leading_zeros()) as usize] += 1;
        }
        // Entries of work ≥ 2^k are those of more than k bits.
        let mut at_least = 0usize;
        let mut least = None;
        for k in (1..32).rev() {
            at_least += by_bits[k + 1];
            if at_least <= most {
                least = Some(k);
            } else {
                break;
            }
        }
        match least {
            Some(k) => {
                let below = 1u32 << k;
                self.tt.retain(|_, e| e.work >= below);
            }
            None => self.tt.clear(),
        }
    }

    /// The children of a state for `side`, best first; `Ok(None)` when one of them is
    /// already known to be lost for the opponent (the state is won).
    fn children(&mut self, key: &Key) -> Result<Option<Vec<Child>>, SolveError> {
        self.stats.nodes += 1;
        if self.stats.nodes > self.limits.max_states {
            return Err(self.limits.states_exceeded("the search"));
        }
        // Every node: a node costs at least a few hundred nanoseconds (hashing its
        // state, generating or looking up its children), the check a few tens.
        self.limits.check_stop()?;
        let mut scored = std::mem::take(&mut self.scored);
        scored.clear();
        let got = self.scored_children(key, &mut scored);
        let out = match got {
            Ok(true) => {
                let mut out = self.spare.pop().unwrap_or_default();
                out.extend(scored.drain(..).map(|(_, c)| c));
                Some(out)
            }
            Ok(false) => None,
            Err(e) => {
                self.scored = scored;
                return Err(e);
            }
        };
        scored.clear();
        self.scored = scored;
        let Some(mut out) = out else { return Ok(None) };
        let st = &key.state;
        let (l, r) = self.t.options(st.acc)?;
        for g in if key.left { l } else { r } {
            let ck = Key {
                state: State {
                    big: st.big.clone(),
                    acc: g,
                },
                left: !key.left,
            };
            let known = self.known(&ck)?;
            if known == Some(false) {
                self.recycle(out);
                return Ok(None);
            }
            out.push(Child {
                state: ck.state,
                lost: known.is_some(),
            });
        }
        // The move that won when this state was last decided goes first.
        self.first = 0;
        if let Some(k) = self.hint(key)
            && k < out.len()
        {
            out[..=k].rotate_right(1);
            self.first = k;
            self.stats.hinted += 1;
        }
        Ok(Some(out))
    }

    /// The children of `key` by moves in its large regions, into `scored` with their
    /// scores, best first; `Ok(false)` when one is known to be lost for the opponent.
    fn scored_children(
        &mut self,
        key: &Key,
        scored: &mut Vec<(i64, Child)>,
    ) -> Result<bool, SolveError> {
        let st = &key.state;
        let sign = if key.left { 1 } else { -1 };
        let mut rest = Ids::new();
        for i in 0..st.big.len() {
            let id = st.big[i];
            if i > 0 && st.big[i - 1] == id {
                continue;
            }
            let side = if key.left { Side::Left } else { Side::Right };
            let opts = self.opts(id, side)?;
            rest.clear();
            rest.extend_from_slice(&st.big[..i]);
            rest.extend_from_slice(&st.big[i + 1..]);
            // Left's moves minus Right's in the regions not moved in.
            let rest_diff: i64 = rest
                .iter()
                .map(|&r| {
                    let m = self.regions[r].moves;
                    i64::from(m[0]) - i64::from(m[1])
                })
                .sum();
            for o in opts.iter() {
                let mut big = Ids::with_capacity(rest.len() + o.big.len());
                big.extend_from_slice(&rest);
                big.extend_from_slice(&o.big);
                big.sort_unstable();
                self.cancel(&mut big);
                let acc = self.t.add(st.acc, o.acc)?;
                let acc = self.settle(&big, acc, &o.star)?;
                let ck = Key {
                    state: State { big, acc },
                    left: !key.left,
                };
                let known = self.known(&ck)?;
                if known == Some(false) {
                    return Ok(false);
                }
                // Fewest moves left to the opponent, most to the mover, first (in all
                // the regions of the child; a region and its negative cancelled have
                // opposite counts, so the option's own count holds after cancelling).
                let score = sign * (rest_diff + i64::from(o.diff));
                scored.push((
                    score,
                    Child {
                        state: ck.state,
                        lost: known.is_some(),
                    },
                ));
            }
        }
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        Ok(true)
    }

    /// Keeps the (emptied) list of children of a finished node for the next one.
    fn recycle(&mut self, mut children: Vec<Child>) {
        if self.spare.len() < SPARE_LISTS {
            children.clear();
            self.spare.push(children);
        }
    }

    /// Whether `side` wins `state` moving first: depth-first on an explicit stack.
    fn decide(&mut self, state: State, side: Side) -> Result<bool, SolveError> {
        let root = Key {
            state,
            left: side == Side::Left,
        };
        if let Some(w) = self.known(&root)? {
            return Ok(w);
        }
        let mut stack: Vec<Frame> = Vec::new();
        // The answer of the frame just finished, for its parent.
        let mut result: Option<bool>;
        match self.children(&root)? {
            None => {
                self.remember(root, true, 1);
                return Ok(true);
            }
            Some(children) => stack.push(Frame {
                key: root,
                children,
                next: 0,
                start: self.stats.nodes,
                first: self.first,
            }),
        }
        loop {
            if self.sweep_due {
                self.sweep(&stack)?;
            }
            let top = stack.last_mut().expect("the stack holds the root");
            if top.next < top.children.len() {
                let child = std::mem::replace(
                    &mut top.children[top.next],
                    Child {
                        state: State {
                            big: Ids::new(),
                            acc: Game::ZERO,
                        },
                        lost: false,
                    },
                );
                top.next += 1;
                if child.lost {
                    // Known to be won by the opponent when generated (an answer
                    // never changes).
                    continue;
                }
                let ck = Key {
                    state: child.state,
                    left: !top.key.left,
                };
                let w = match self.known(&ck)? {
                    Some(w) => Some(w),
                    None => match self.children(&ck)? {
                        None => {
                            self.remember(ck, true, 1);
                            Some(true)
                        }
                        Some(children) => {
                            stack.push(Frame {
                                key: ck,
                                children,
                                next: 0,
                                start: self.stats.nodes,
                                first: self.first,
                            });
                            None
                        }
                    },
                };
                result = match w {
                    // The opponent loses there: this frame is won.
                    Some(false) => Some(true),
                    _ => None,
                };
                if result.is_none() {
                    continue;
                }
            } else {
                // Every child is won by the opponent: this frame is lost.
                result = Some(false);
            }
            // Finish frames while their answer decides the parent.
            let mut w = result.expect("set above");
            loop {
                let done = stack.pop().expect("a frame was finished");
                if w {
                    // Won by the child tried last.
                    self.set_hint(&done.key, done.last_tried());
                }
                let work = self.stats.nodes - done.start + 1;
                self.remember(done.key, w, work);
                self.recycle(done.children);
                match stack.last() {
                    None => return Ok(w),
                    Some(_) if !w => {
                        // The child is lost for its mover: the parent is won.
                        w = true;
                    }
                    Some(_) => break,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            max_states: 50_000_000,
            ..Limits::default()
        }
    }

    #[test]
    fn winning_moves_outlive_the_growth_of_their_table() {
        // Hints set in the smallest table are all found again (those not overwritten
        // by a key of the same slot) after it doubles up to 2^18 slots, past the
        // sizes whose new slot bit is in the tag (2^16 and up).
        let mut t = GameTable::new();
        let config = Config {
            table_entries: 1 << 18,
            ..Config::new(&limits())
        };
        let mut s = Search::with_config(&mut t, &limits(), config);
        let keys: Vec<Key> = (0..3000u32)
            .map(|i| Key {
                state: State {
                    big: Ids::from_slice(&[i, i / 7]),
                    acc: Game::ZERO,
                },
                left: i % 2 == 0,
            })
            .collect();
        for (i, k) in keys.iter().enumerate() {
            s.set_hint(k, i % 100);
        }
        assert_eq!(s.hints.len(), HINTS_FIRST);
        let kept: Vec<(usize, &Key)> = keys
            .iter()
            .enumerate()
            .filter(|(i, k)| s.hint(k) == Some(i % 100))
            .collect();
        assert!(kept.len() > 500, "{}", kept.len());
        while s.hints.len() < 1 << 18 {
            s.grow_hints();
            for (i, k) in &kept {
                assert_eq!(s.hint(k), Some(i % 100), "{} slots", s.hints.len());
            }
        }
        s.grow_hints();
        assert_eq!(s.hints.len(), 1 << 18);
    }
}
