//! Who wins a sum of partizan games in misère play (the player who cannot move
//! *wins*): a search of the whole sum.
//!
//! # Why not the normal-play search
//!
//! The normal-play search ([`super::partizan`]) replaces small regions by their
//! canonical values and cancels a region against its negative. Neither is valid in
//! misère play:
//!
//! - Values do not decompose: games of equal normal-play value can have different
//!   misère outcomes. `0 = {|}` and `*2 + *2` are both 0 in normal play; in misère
//!   play the player to move in `{|}` cannot move and wins (N), while `*2 + *2` is
//!   misère Nim with two heaps of 2, a P-position (Bouton's misère rule: with a heap
//!   above 1 the P-positions are those of nim-sum 0). A region's canonical value
//!   says nothing exact about its misère play.
//! - `G + (−G)` need not be a misère P-position: for `G = 1 = {0|}`, `1 + (−1)` with
//!   Left to move: Left moves to `0 + (−1)`, Right must move to `0` (her only move) and
//!   Left, unable to move, wins; likewise for Right: so `1 + (−1)` is N, not P.
//!
//! So the search here works on game trees only.
//!
//! # The sum
//!
//! A [`Sum`] of the normal-play search is read as it is: a part that is a position of
//! a ruleset ([`Component`]) is searched through its options; a part that is a
//! canonical game of the [`GameTable`] (a literal such as `^` or `1/2`) is the game of
//! its canonical form, options as the table gives them. Games written by their options
//! (`{-1, 0 |}`), whose canonical form would drop options that matter in misère play,
//! are kept as written in a store of forms ([`Forms`]), one [`Component`] each
//! ([`Forms::part`]); impartial positions of a family (`nim(3)`, an octal game) become
//! forms of their game trees ([`Forms::impartial`]), and a negated position is
//! [`Negated`]. No value is ever substituted for a game.
//!
//! # The search and why each rule is sound
//!
//! A node is a *state*: the multiset of the regions of the sum (each region interned
//! once, as a small id; the multiset a sorted list of ids) and the player to move.
//! The player to move wins when they have no move at all (the misère rule) or when
//! some move leads to a state the opponent, to move, loses. Everything else is one of
//! these rules:
//!
//! 1. **The disjunctive sum is a multiset.** `G + H` and `H + G` have isomorphic game
//!    trees (the options of `G + H` are `G' + H` and `G + H'`), and so have
//!    `(G + H) + K` and `G + (H + K)`: the game of a sum depends only on the multiset
//!    of its terms, so states are keyed by the sorted ids, and a transposition table
//!    of decided states (id lists and the player to move) is exact.
//! 2. **A region splits.** When a move leaves a position whose cells fall into
//!    independent regions ([`Component::regions`]), the position is the disjunctive sum
//!    of its regions (no move touches two of them, and each move changes one), so its
//!    game tree is the sum's and rule 1 applies to it.
//! 3. **A region without moves for either player is dropped.** Such a region `Z` has
//!    no options, so it is the game `{|}` as a form, and `G + {|}` has exactly the game
//!    tree of `G` (its options are `G' + {|}`, by induction). Only regions where
//!    *neither* player can move go: a region where one player cannot move is kept (in
//!    misère play that player may still move elsewhere, and the other player's moves
//!    in it count). [`Component::regions`] lists none for such a region; forms are
//!    stored without the empty form (it is the empty multiset).
//! 4. **Equal regions are moved in once.** Moving in either of two equal regions of a
//!    state leaves the same multiset.
//! 5. **Symmetric positions.** A ruleset lists its regions in a normal form (equal
//!    regions are equal components; a board may be turned or reflected when the
//!    ruleset says so): the normal form is a position with an isomorphic game tree,
//!    Left's and Right's moves kept, so its misère outcome is the same as well.
//! 6. **Parts that play alike.** Call `G` and `G'` *alike* when `G + X` and `G' + X`
//!    have the same misère outcome for every game `X`. If every Left option of `G` is
//!    alike to some Left option of `G'` and conversely, and the same for Right, then
//!    `G` and `G'` are alike. *Proof*, by induction on `X` (its birthday) for both
//!    players to move: Left has a move in `G + X` exactly when she has one in
//!    `G' + X` (`G` has a Left option exactly when `G'` has); a move to `G^L + X` is
//!    matched by one to an alike `G'^L + X`, of the same outcome, and a move to
//!    `G + X^L` by one to `G' + X^L`, of the same outcome by induction; so the
//!    minimax, misère rule included, gives the same answer (symmetrically for Right).
//!    A ruleset may therefore write a part in a form that plays alike: Toads and
//!    Frogs writes a part of toads only, sliding one square, where every move lowers
//!    the count Φ of (toad, empty square ahead) pairs by exactly one and no move is
//!    left at Φ = 0, as one toad before Φ empty squares: by induction on Φ every Left
//!    option of either is alike to the form of Φ − 1, and neither has a Right option.
//!    Rulesets whose normal forms hold only for normal-play values (a green
//!    Hackenbush piece written as the stalk of its nim-value) give their misère
//!    regions without them (`Ruleset::misere_regions` of the games layer).
//!
//! Nothing else is assumed: the search is the definition of the misère outcome applied
//! to the game tree, and each rule above replaces a game by one with an isomorphic tree
//! or one that plays alike in every sum.
//!
//! # Bounds
//!
//! The search runs on an explicit stack (no recursion on the depth of the game). Every
//! node expanded and every region interned counts against `--max-states` (a `Limit`
//! error of [`Bound::States`]), 512 bytes per region held and the size of every entry of
//! the table against `--max-memory` (the table is emptied when it holds more than its
//! share; a [`Bound::Memory`] error when the regions alone need more), and the stop
//! signal is looked at for every node and every option of a region generated. Reading
//! forms counts every form stored and every option listed against the same bounds.

use super::partizan::{Component, Part, RegionSink, Sum, SumSearch, options_fit};
use crate::impartial::family::{After, MoveSink, Pos};
use crate::impartial::sum::Component as Heap;
use crate::partizan::{Game, GameTable, PrintOptions, Side};
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use sprague_core::{Bound, Limits, Play, SolveError};
use std::any::Any;
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// The other player.
fn other(side: Side) -> Side {
    if side == Side::Left {
        Side::Right
    } else {
        Side::Left
    }
}

fn side_index(side: Side) -> usize {
    if side == Side::Left { 0 } else { 1 }
}

/// Most characters of a form's name kept (a longer one is cut, with `…`).
const NAME_CHARS: usize = 1000;

/// Most moves of one impartial position listed when its game tree is read.
const HEAP_MOVES: usize = 1 << 20;

/// The memory counted for each interned region against `--max-memory`.
const REGION_BYTES: u64 = 512;

/// The memory counted for each entry of the table, besides its ids.
const ENTRY_BYTES: u64 = 64;

/// The memory counted for each form stored against `--max-memory`, besides its ids.
const FORM_BYTES: u64 = 128;

/// A multiset of stored forms: their ids, sorted (the empty list is `0 = {|}`).
type Multi = Rc<[u32]>;

/// One stored form: its options for Left and for Right (each a multiset, as a sum of
/// forms may be an option) and its name.
struct Form {
    opts: [Rc<[Multi]>; 2],
    name: Rc<str>,
}

#[derive(Default)]
struct Store {
    forms: Vec<Form>,
    index: FxHashMap<[Rc<[Multi]>; 2], u32>,
    games: FxHashMap<Game, Multi>,
    negs: FxHashMap<u32, u32>,
    /// Forms stored and options listed, counted against `--max-states`.
    work: u64,
    /// Bytes counted against `--max-memory`.
    bytes: u64,
}

/// A store of game forms as written: each form is stored once (two forms with the
/// same options, as multisets, are one), with its Left and Right options as multisets
/// of stored forms. The form `{|}` is the empty multiset and is never stored, so every
/// stored form has a move for some player (rule 3 of the module).
pub struct Forms {
    store: RefCell<Store>,
    limits: Limits,
}

impl std::fmt::Debug for Forms {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Forms({})", self.store.borrow().forms.len())
    }
}

/// Cuts a name to [`NAME_CHARS`] characters.
fn cut_name(s: String) -> Rc<str> {
    if s.len() <= NAME_CHARS {
        return Rc::from(s);
    }
    let head: String = s.chars().take(NAME_CHARS).collect();
    Rc::from(format!("{head}…"))
}

impl Forms {
    /// An empty store, whose work counts against `limits`.
    pub fn new(limits: &Limits) -> Rc<Forms> {
        Rc::new(Forms {
            store: RefCell::new(Store::default()),
            limits: limits.clone(),
        })
    }

    /// Counts `n` steps of reading forms and `bytes` of memory.
    fn charge(&self, n: u64, bytes: u64) -> Result<(), SolveError> {
        self.limits.check_stop()?;
        let mut s = self.store.borrow_mut();
        s.work = s.work.saturating_add(n);
        s.bytes = s.bytes.saturating_add(bytes);
        if s.work > self.limits.max_states {
            return Err(self.limits.states_exceeded("reading the games of the sum"));
        }
        if s.bytes > self.limits.max_memory / 2 {
            return Err(self
                .limits
                .memory_exceeded("reading the games of the sum", s.bytes));
        }
        Ok(())
    }

    /// Stores the form with options `opts` (Left's, Right's) named `name`, and gives
    /// it as a multiset: empty when it has no options at all.
    fn store(&self, opts: [Vec<Vec<u32>>; 2], name: Rc<str>) -> Result<Multi, SolveError> {
        if opts[0].is_empty() && opts[1].is_empty() {
            return Ok(Rc::from([]));
        }
        let mut listed = 0u64;
        let opts = opts.map(|side| {
            let mut side: Vec<Multi> = side
                .into_iter()
                .map(|mut o| {
                    listed += 1 + o.len() as u64;
                    o.sort_unstable();
                    Rc::from(o)
                })
                .collect();
            side.sort_unstable();
            side.dedup();
            Rc::from(side)
        });
        self.charge(1 + listed, FORM_BYTES + 4 * listed)?;
        let mut s = self.store.borrow_mut();
        if let Some(&id) = s.index.get(&opts) {
            return Ok(Rc::from([id]));
        }
        let id = u32::try_from(s.forms.len())
            .map_err(|_| self.limits.states_exceeded("reading the games of the sum"))?;
        s.forms.push(Form {
            opts: opts.clone(),
            name,
        });
        s.index.insert(opts, id);
        Ok(Rc::from([id]))
    }

    /// The name of the multiset `m` (its forms' names joined by `+`; `0` when empty).
    pub(crate) fn name(&self, m: &[u32]) -> String {
        if m.is_empty() {
            return "0".to_string();
        }
        let s = self.store.borrow();
        let names: Vec<&str> = m.iter().map(|&id| &*s.forms[id as usize].name).collect();
        names.join(" + ")
    }

    /// The form of the canonical game `g` of `t`, its options as the table gives them
    /// (names as `t` writes them).
    pub fn game(&self, t: &mut GameTable, g: Game) -> Result<Vec<u32>, SolveError> {
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            if self.store.borrow().games.contains_key(&top) {
                stack.pop();
                continue;
            }
            let (l, r) = t.options(top)?;
            let missing: Vec<Game> = {
                let s = self.store.borrow();
                l.iter()
                    .chain(&r)
                    .filter(|o| !s.games.contains_key(o))
                    .copied()
                    .collect()
            };
            if !missing.is_empty() {
                self.charge(missing.len() as u64, 0)?;
                stack.extend(missing);
                continue;
            }
            let opts = {
                let s = self.store.borrow();
                [&l, &r].map(|side| side.iter().map(|o| s.games[o].to_vec()).collect())
            };
            let name = match t.show_within(top, PrintOptions::default(), NAME_CHARS as u64)? {
                Some(n) => Rc::from(n),
                None => Rc::from("{…}"),
            };
            let m = self.store(opts, name)?;
            self.store.borrow_mut().games.insert(top, m);
            stack.pop();
        }
        Ok(self.store.borrow().games[&g].to_vec())
    }

    /// The form `{L1, L2, … | R1, R2, …}` with the given options (each a multiset).
    pub fn written(
        &self,
        left: Vec<Vec<u32>>,
        right: Vec<Vec<u32>>,
    ) -> Result<Vec<u32>, SolveError> {
        let names = |side: &[Vec<u32>]| {
            side.iter()
                .map(|o| self.name(o))
                .collect::<Vec<_>>()
                .join(",")
        };
        let name = cut_name(format!("{{{}|{}}}", names(&left), names(&right)));
        Ok(self.store([left, right], name)?.to_vec())
    }

    /// The negative of the multiset `m`: each form with Left's and Right's options
    /// exchanged, at every level.
    pub fn neg(&self, m: &[u32]) -> Result<Vec<u32>, SolveError> {
        let mut stack: Vec<u32> = m.to_vec();
        while let Some(&top) = stack.last() {
            if self.store.borrow().negs.contains_key(&top) {
                stack.pop();
                continue;
            }
            let opts = self.store.borrow().forms[top as usize].opts.clone();
            let missing: Vec<u32> = {
                let s = self.store.borrow();
                opts.iter()
                    .flat_map(|side| side.iter())
                    .flat_map(|o| o.iter())
                    .filter(|id| !s.negs.contains_key(id))
                    .copied()
                    .collect()
            };
            if !missing.is_empty() {
                self.charge(missing.len() as u64, 0)?;
                stack.extend(missing);
                continue;
            }
            let negated = |side: &Rc<[Multi]>| -> Vec<Vec<u32>> {
                let s = self.store.borrow();
                side.iter()
                    .map(|o| o.iter().map(|id| s.negs[id]).collect())
                    .collect()
            };
            let [l, r] = &opts;
            let (nl, nr) = (negated(r), negated(l));
            let name = {
                let s = self.store.borrow();
                let n = &s.forms[top as usize].name;
                if n.starts_with('{') || !n.contains([' ', '+']) {
                    format!("-{n}")
                } else {
                    format!("-({n})")
                }
            };
            let neg = self.store([nl, nr], cut_name(name))?;
            self.store.borrow_mut().negs.insert(top, neg[0]);
            stack.pop();
        }
        let s = self.store.borrow();
        Ok(m.iter().map(|id| s.negs[id]).collect())
    }

    /// The forms of the game tree of the impartial position `c` (each component of a
    /// move's result a form; both players have the same options), read through its
    /// family's moves ([`crate::impartial::family::Family::moves`]).
    pub fn impartial(&self, c: &Heap) -> Result<Vec<u32>, SolveError> {
        let mut memo: FxHashMap<Pos, Vec<u32>> = FxHashMap::default();
        // Each frame: a position and the positions its moves leave, once listed.
        let mut stack: Vec<(Pos, Option<Vec<After>>)> = vec![(c.pos.clone(), None)];
        while let Some((pos, moves)) = stack.last_mut() {
            if memo.contains_key(pos) {
                stack.pop();
                continue;
            }
            if moves.is_none() {
                let mut sink = MoveSink::without_words(HEAP_MOVES);
                c.family.moves(pos, &self.limits, &mut sink)?;
                if sink.truncated {
                    return Err(SolveError::Limit {
                        what: format!(
                            "a position of {} has more than {HEAP_MOVES} moves",
                            c.family.name()
                        ),
                        bound: Bound::States,
                    });
                }
                self.charge(sink.moves.len() as u64, 0)?;
                *moves = Some(sink.moves.into_iter().map(|m| m.to).collect());
            }
            let list = moves.as_ref().expect("listed above");
            let missing: Vec<Pos> = list
                .iter()
                .flat_map(|to| to.iter())
                .filter(|p| !memo.contains_key(*p))
                .cloned()
                .collect();
            if !missing.is_empty() {
                stack.extend(missing.into_iter().map(|p| (p, None)));
                continue;
            }
            let opts: Vec<Vec<u32>> = list
                .iter()
                .map(|to| to.iter().flat_map(|p| memo[p].iter().copied()).collect())
                .collect();
            let name = Heap {
                family: c.family.clone(),
                pos: pos.clone(),
            }
            .expr();
            let m = self.store([opts.clone(), opts], cut_name(name))?;
            let pos = pos.clone();
            stack.pop();
            memo.insert(pos, m.to_vec());
        }
        Ok(memo.remove(&c.pos).unwrap_or_default())
    }

    /// The multiset `m` as a component of a sum.
    pub fn part(self: &Rc<Self>, m: Vec<u32>) -> Box<dyn Component> {
        let mut m = m;
        m.sort_unstable();
        Box::new(FormPart {
            forms: self.clone(),
            ms: Rc::from(m),
        })
    }
}

/// A sum of stored forms as a component of a sum.
#[derive(Clone)]
struct FormPart {
    forms: Rc<Forms>,
    ms: Multi,
}

impl Component for FormPart {
    fn options(&self, side: Side, out: &mut Vec<Box<dyn Component>>) {
        let s = self.forms.store.borrow();
        let mut prev = None;
        for (i, &id) in self.ms.iter().enumerate() {
            if prev == Some(id) {
                continue;
            }
            prev = Some(id);
            for o in s.forms[id as usize].opts[side_index(side)].iter() {
                let mut m: Vec<u32> = Vec::with_capacity(self.ms.len() + o.len());
                m.extend_from_slice(&self.ms[..i]);
                m.extend_from_slice(&self.ms[i + 1..]);
                m.extend_from_slice(o);
                m.sort_unstable();
                out.push(Box::new(FormPart {
                    forms: self.forms.clone(),
                    ms: Rc::from(m),
                }));
            }
        }
    }

    fn regions(&self, out: &mut Vec<Box<dyn Component>>) {
        for &id in self.ms.iter() {
            out.push(Box::new(FormPart {
                forms: self.forms.clone(),
                ms: Rc::from([id]),
            }));
        }
    }

    fn value(&self, _t: &mut GameTable) -> Result<Game, SolveError> {
        Err(SolveError::Input(
            "a game kept as written for misère play has no normal-play value here".to_string(),
        ))
    }

    fn show(&self) -> String {
        self.forms.name(&self.ms)
    }

    fn key_hash(&self) -> u64 {
        let mut h = FxHasher::default();
        (Rc::as_ptr(&self.forms) as usize).hash(&mut h);
        self.ms.hash(&mut h);
        h.finish()
    }

    fn key_eq(&self, other: &dyn Component) -> bool {
        other
            .as_any()
            .downcast_ref::<FormPart>()
            .is_some_and(|o| Rc::ptr_eq(&o.forms, &self.forms) && o.ms == self.ms)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn clone_box(&self) -> Box<dyn Component> {
        Box::new(self.clone())
    }
}

/// The negative of a position: the same position with Left's and Right's moves
/// exchanged (`-domineering(2,3)`), at every level of its game tree.
pub struct Negated(pub Box<dyn Component>);

impl Component for Negated {
    fn options(&self, side: Side, out: &mut Vec<Box<dyn Component>>) {
        let mut inner = Vec::new();
        self.0.options(other(side), &mut inner);
        out.extend(
            inner
                .into_iter()
                .map(|c| Box::new(Negated(c)) as Box<dyn Component>),
        );
    }

    fn regions(&self, out: &mut Vec<Box<dyn Component>>) {
        let mut inner = Vec::new();
        self.0.regions(&mut inner);
        out.extend(
            inner
                .into_iter()
                .map(|c| Box::new(Negated(c)) as Box<dyn Component>),
        );
    }

    fn value(&self, t: &mut GameTable) -> Result<Game, SolveError> {
        let v = self.0.value(t)?;
        t.neg(v)
    }

    fn show(&self) -> String {
        format!("-{}", self.0.show())
    }

    fn key_hash(&self) -> u64 {
        self.0.key_hash().rotate_left(17) ^ 0x6e65_6761_7465_6421
    }

    fn key_eq(&self, other: &dyn Component) -> bool {
        other
            .as_any()
            .downcast_ref::<Negated>()
            .is_some_and(|o| o.0.key_eq(&*self.0))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn clone_box(&self) -> Box<dyn Component> {
        Box::new(Negated(self.0.clone_box()))
    }

    fn moves(&self, side: Side) -> usize {
        self.0.moves(other(side))
    }

    fn height(&self) -> Option<u64> {
        self.0.height()
    }

    fn listed_moves(&self, side: Side, out: &mut Vec<(Box<dyn Component>, Option<String>)>) {
        let mut inner = Vec::new();
        self.0.listed_moves(other(side), &mut inner);
        out.extend(
            inner
                .into_iter()
                .map(|(c, w)| (Box::new(Negated(c)) as Box<dyn Component>, w)),
        );
    }
}

/// Counts of the work of a misère search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// Nodes expanded (their children generated).
    pub nodes: u64,
    /// Regions interned.
    pub regions: u64,
    /// Answers found in the transposition table.
    pub hits: u64,
}

/// An interned region.
struct Region {
    comp: Rc<dyn Component>,
    /// Its options per side (each the sorted ids of the option's regions), generated
    /// when first needed.
    opts: [Option<RegionOptions>; 2],
}

/// The options of a region for one side, each the sorted ids of its regions.
type RegionOptions = Rc<[Box<[u32]>]>;

/// A state of the search: the sorted ids of its regions.
type Ids = Box<[u32]>;

/// A node on the search's stack.
struct Frame {
    state: Ids,
    side: Side,
    children: Vec<Ids>,
    next: usize,
}

/// The misère search of partizan sums (see the module's documentation).
pub struct Search<'t> {
    t: &'t mut GameTable,
    limits: Limits,
    forms: Rc<Forms>,
    regions: Vec<Region>,
    by_hash: FxHashMap<u64, SmallVec<[u32; 1]>>,
    tt: FxHashMap<(Ids, bool), bool>,
    tt_bytes: u64,
    stats: Stats,
}

impl SumSearch for Search<'_> {
    fn table(&mut self) -> &mut GameTable {
        self.t
    }

    fn play(&self) -> Play {
        Play::Misere
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

impl<'t> Search<'t> {
    /// A search whose canonical games (parts of sums that are games of the table) live
    /// in `t`, within `limits`.
    pub fn new(t: &'t mut GameTable, limits: &Limits) -> Search<'t> {
        Search {
            t,
            limits: limits.clone(),
            forms: Forms::new(limits),
            regions: Vec::new(),
            by_hash: FxHashMap::default(),
            tt: FxHashMap::default(),
            tt_bytes: 0,
            stats: Stats::default(),
        }
    }

    /// The work so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The state of a sum: the sorted ids of its regions.
    fn state_of(&mut self, sum: &Sum) -> Result<Ids, SolveError> {
        let mut ids = Vec::new();
        let mut parts = Vec::new();
        for p in &sum.parts {
            parts.clear();
            match p {
                Part::Position(c) => c.regions(&mut parts),
                Part::Game(g) => {
                    let m = self.forms.game(self.t, *g)?;
                    self.forms.part(m).regions(&mut parts);
                }
            }
            for r in &parts {
                self.limits.check_stop()?;
                ids.push(self.intern(&**r)?);
            }
        }
        ids.sort_unstable();
        Ok(ids.into_boxed_slice())
    }

    /// The id of region `r`, interned when first met.
    fn intern(&mut self, r: &dyn Component) -> Result<u32, SolveError> {
        let h = r.key_hash();
        if let Some(chain) = self.by_hash.get(&h) {
            for &id in chain {
                if self.regions[id as usize].comp.key_eq(r) {
                    return Ok(id);
                }
            }
        }
        self.stats.regions += 1;
        if self.stats.regions > self.limits.max_states {
            return Err(self.limits.states_exceeded("the misère search"));
        }
        self.check_memory()?;
        let id = u32::try_from(self.regions.len())
            .map_err(|_| self.limits.states_exceeded("the misère search"))?;
        self.regions.push(Region {
            comp: r.clone_rc(),
            opts: [None, None],
        });
        self.by_hash.entry(h).or_default().push(id);
        Ok(id)
    }

    /// `Err` when the regions held need more than `--max-memory`; the table is emptied
    /// when it holds more than half of it.
    fn check_memory(&mut self) -> Result<(), SolveError> {
        let regions = self.regions.len() as u64 * REGION_BYTES;
        if regions + self.tt_bytes > self.limits.max_memory / 2 {
            self.tt.clear();
            self.tt_bytes = 0;
        }
        if regions > self.limits.max_memory / 2 {
            return Err(self.limits.memory_exceeded("the misère search", regions));
        }
        Ok(())
    }

    /// The options of region `id` for `side`, generated when first asked for.
    fn options_of(&mut self, id: u32, side: Side) -> Result<RegionOptions, SolveError> {
        if let Some(o) = &self.regions[id as usize].opts[side_index(side)] {
            return Ok(o.clone());
        }
        let comp = self.regions[id as usize].comp.clone();
        options_fit(&*comp, comp.moves(side), self.limits.max_states)?;
        let mut opts: Vec<Box<[u32]>> = Vec::new();
        let mut cur: Option<Vec<u32>> = None;
        {
            let mut sink = |r: Option<&dyn Component>| -> Result<(), SolveError> {
                match r {
                    None => {
                        self.limits.check_stop()?;
                        if let Some(mut o) = cur.take() {
                            o.sort_unstable();
                            opts.push(o.into_boxed_slice());
                        }
                        cur = Some(Vec::new());
                    }
                    Some(r) => {
                        let rid = self.intern(r)?;
                        cur.get_or_insert_with(Vec::new).push(rid);
                    }
                }
                Ok(())
            };
            comp.option_regions(side, &mut sink as &mut RegionSink<'_>)?;
        }
        if let Some(mut o) = cur.take() {
            o.sort_unstable();
            opts.push(o.into_boxed_slice());
        }
        let opts: RegionOptions = Rc::from(opts);
        self.regions[id as usize].opts[side_index(side)] = Some(opts.clone());
        Ok(opts)
    }

    fn lookup(&mut self, state: &Ids, side: Side) -> Option<bool> {
        // The lookup key is built without copying the state only when found; a
        // small copy is cheap next to generating children.
        let r = self.tt.get(&(state.clone(), side == Side::Left)).copied();
        if r.is_some() {
            self.stats.hits += 1;
        }
        r
    }

    fn store(&mut self, state: Ids, side: Side, win: bool) {
        let cap = usize::try_from(self.limits.max_states).unwrap_or(usize::MAX);
        if self.tt.len() >= cap.clamp(1, 1 << 22) {
            // A cache: emptied when full (answers never depend on it).
            self.tt.clear();
            self.tt_bytes = 0;
        }
        self.tt_bytes += ENTRY_BYTES + 4 * state.len() as u64;
        self.tt.insert((state, side == Side::Left), win);
    }

    /// A frame for `state` with `side` to move, its children generated; `Ok(None)`
    /// when `side` has no move (and so wins, in misère play).
    fn expand(&mut self, state: Ids, side: Side) -> Result<Option<Frame>, SolveError> {
        self.stats.nodes += 1;
        if self.stats.nodes > self.limits.max_states {
            return Err(self.limits.states_exceeded("the misère search"));
        }
        self.limits.check_stop()?;
        let mut children: Vec<Ids> = Vec::new();
        let mut prev = None;
        for i in 0..state.len() {
            let id = state[i];
            if prev == Some(id) {
                // Rule 4: equal regions are moved in once.
                continue;
            }
            prev = Some(id);
            let opts = self.options_of(id, side)?;
            for o in opts.iter() {
                let mut c = Vec::with_capacity(state.len() - 1 + o.len());
                c.extend_from_slice(&state[..i]);
                c.extend_from_slice(&state[i + 1..]);
                c.extend_from_slice(o);
                c.sort_unstable();
                children.push(c.into_boxed_slice());
            }
        }
        if children.is_empty() {
            return Ok(None);
        }
        children.sort_unstable();
        children.dedup();
        // Children already known to be lost by the opponent first.
        let opp = other(side);
        if let Some(k) = children
            .iter()
            .position(|c| self.tt.get(&(c.clone(), opp == Side::Left)) == Some(&false))
        {
            children.swap(0, k);
        }
        Ok(Some(Frame {
            state,
            side,
            children,
            next: 0,
        }))
    }

    /// Whether `side` to move wins `root` in misère play.
    fn decide(&mut self, root: Ids, side: Side) -> Result<bool, SolveError> {
        if let Some(w) = self.lookup(&root, side) {
            return Ok(w);
        }
        let mut stack: Vec<Frame> = Vec::new();
        let mut done: Option<bool> = match self.expand(root.clone(), side)? {
            None => {
                self.store(root, side, true);
                return Ok(true);
            }
            Some(f) => {
                stack.push(f);
                None
            }
        };
        loop {
            let Some(top) = stack.last_mut() else {
                return Ok(done.expect("the root is decided when the stack empties"));
            };
            if let Some(child_wins) = done.take() {
                if !child_wins {
                    // The move to this child wins.
                    let f = stack.pop().expect("a frame");
                    self.store(f.state, f.side, true);
                    done = Some(true);
                    continue;
                }
                top.next += 1;
            }
            // The next child not already known to be won by the opponent.
            let mut pushed = None;
            loop {
                let top = stack.last_mut().expect("a frame");
                if top.next == top.children.len() {
                    break;
                }
                let child = top.children[top.next].clone();
                let opp = other(top.side);
                match self.lookup(&child, opp) {
                    Some(true) => {
                        stack.last_mut().expect("a frame").next += 1;
                    }
                    Some(false) => {
                        pushed = Some(None);
                        break;
                    }
                    None => {
                        pushed = Some(Some((child, opp)));
                        break;
                    }
                }
            }
            match pushed {
                // Every move leaves a state the opponent wins: this one is lost.
                None => {
                    let f = stack.pop().expect("a frame");
                    self.store(f.state, f.side, false);
                    done = Some(false);
                }
                // A child known to be lost by the opponent: this state is won.
                Some(None) => {
                    let f = stack.pop().expect("a frame");
                    self.store(f.state, f.side, true);
                    done = Some(true);
                }
                Some(Some((child, opp))) => match self.expand(child.clone(), opp)? {
                    None => {
                        // The opponent has no move there and wins.
                        self.store(child, opp, true);
                        done = Some(true);
                    }
                    Some(f) => stack.push(f),
                },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::Outcome;

    fn limits() -> Limits {
        Limits {
            max_states: 1_000_000,
            ..Limits::default()
        }
    }

    fn outcome_of(t: &mut GameTable, games: &[Game]) -> Outcome {
        let sum = Sum {
            parts: games.iter().map(|&g| Part::Game(g)).collect(),
        };
        Search::new(t, &limits()).outcome(&sum).unwrap()
    }

    #[test]
    fn zero_star_and_one_by_the_rules() {
        let mut t = GameTable::new();
        // {|}: the player to move cannot move and wins.
        assert_eq!(outcome_of(&mut t, &[Game::ZERO]), Outcome::N);
        // * = {0|0}: the mover moves to 0, where the opponent cannot move and wins.
        let star = t.nimber(1u64.into()).unwrap();
        assert_eq!(outcome_of(&mut t, &[star]), Outcome::P);
        // 1 = {0|}: Right cannot move and wins; Left must move to 0, where Right wins.
        let one = t.integer(1).unwrap();
        assert_eq!(outcome_of(&mut t, &[one]), Outcome::R);
        // 1 + (-1): whoever moves first moves to ±1 alone, and the opponent must
        // move to 0, after which the first player cannot move and wins: N.
        let minus = t.neg(one).unwrap();
        assert_eq!(outcome_of(&mut t, &[one, minus]), Outcome::N);
    }

    #[test]
    fn written_forms_keep_their_options() {
        let mut t = GameTable::new();
        let limits = limits();
        let forms = Forms::new(&limits);
        // {-1, 0 |} has the normal-play value 1 but keeps its option -1.
        let minus_one = t.integer(-1).unwrap();
        let m1 = forms.game(&mut t, minus_one).unwrap();
        let g = forms.written(vec![m1, vec![]], vec![]).unwrap();
        let part = forms.part(g);
        assert_eq!(part.show(), "{-1,0|}");
        assert_eq!(part.moves(Side::Left), 2);
        let n = forms.part(forms.neg(&forms.game(&mut t, Game::ZERO).unwrap()).unwrap());
        assert_eq!(n.show(), "0");
    }

    #[test]
    fn stops_at_the_bound_of_states() {
        let mut t = GameTable::new();
        let g = t.integer(100).unwrap();
        let small = Limits {
            max_states: 10,
            ..Limits::default()
        };
        let sum = Sum {
            parts: vec![Part::Game(g), Part::Game(t.integer(-100).unwrap())],
        };
        let e = Search::new(&mut t, &small).outcome(&sum).unwrap_err();
        assert!(
            matches!(
                e,
                SolveError::Limit {
                    bound: Bound::States,
                    ..
                }
            ),
            "{e}"
        );
    }
}
