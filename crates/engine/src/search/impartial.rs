//! The exhaustive search of whole impartial sums: who wins under normal or misère
//! play, and the remoteness (as Gamesman reports it): how many moves the winner needs
//! with best play, and how long the loser can last. [`misere`] decides misère play of
//! sums beyond Nim with it, with the winning moves; `solve`, `play`, the web API and
//! the Python package all call it.
//!
//! A position without moves has remoteness 0. A position the player to move wins has
//! remoteness 1 + the least remoteness of its losing options (win as fast as
//! possible); a lost position has remoteness 1 + the largest remoteness of its options
//! (last as long as possible). The search is exhaustive over positions of the whole
//! sum (a sum is a multiset of components, so the order of summands is ignored), works
//! for normal and misère play alike, and gives up (answers `None`) on families that
//! cannot list their moves, on cycles (loopy games), and beyond its bounds: the
//! positions it keeps, and the options it lists ([`OPTIONS_PER_STATE`] per position);
//! [`Solver::gave_up`] then says which ([`GaveUp`]), so that callers report a bound
//! only when raising it can help.
//!
//! The search is iterative (an explicit stack of frames, so a line of play of any
//! length within the state bound is followed) and works on small integers:
//! - each distinct component (its family, by name, and its position) is interned once
//!   as a `u32`; whether it has a move is asked once (one move listed), and its moves
//!   are listed once, without their words, when a position containing it is first
//!   searched (a move leaves typed positions of the moved component's family: nothing
//!   is written or read back as text);
//! - a position of the sum is the sorted list of its components' ids, components
//!   without a move left out; positions are interned in one flat arena with an
//!   open-addressing table, and the search keeps one status per position.

use crate::impartial::family::{Family, MAX_LISTED_MOVES, Move, MoveSink, Pos};
use crate::impartial::heap::OPTIONS_PER_STATE;
use crate::impartial::position::Values;
use crate::impartial::sum::{Analysis, Component, WinningMove};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use sprague_core::{Bound, Limits, SolveError, Stop, StopPoll};
use sprague_core::{Outcome, Play};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

/// Most arguments of a component the search lists the moves of: each move of a
/// component copies it whole, so listing the moves of a `moore` position with a
/// hundred thousand heaps would take seconds and gigabytes, for a search that could
/// never hold its positions anyway.
const MAX_SEARCHED_ARGS: usize = 1_000;

/// Why a search gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GaveUp {
    /// A line of play came back to a position on it: the game is loopy, and the
    /// search decides only games that end.
    Cycle,
    /// Some component cannot list its moves, or has more than can be listed at all
    /// ([`MAX_LISTED_MOVES`]): no bound makes the search possible.
    Unlistable,
    /// The positions, the options listed, or the options of one component exceeded
    /// the bound the search was given (`--max-states` raises it).
    Bound,
    /// The stop signal of the limits was given (a deadline passed).
    Stopped,
}

/// A decided position: who wins, and in how many moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decided {
    /// Whether the player to move wins.
    pub win: bool,
    /// Moves until the game ends with best play (the winner hurries, the loser stalls).
    pub remoteness: u32,
}

/// The id of an interned component.
type Id = u32;

/// One option of a component: the ids of the components the move leaves.
type Opt = SmallVec<[Id; 2]>;

/// A position of the sum while it is built: component ids (short sums inline).
type KeyBuf = SmallVec<[Id; 16]>;

/// What the search knows of a component's moves.
enum Listing {
    /// Not listed yet: the component, to list when first needed, and whether it has
    /// a move once that has been asked.
    Unlisted(Component, Option<bool>),
    /// The family cannot list its moves, or the component has too many (why).
    Unlistable(GaveUp),
    /// Each option as the ids of the components it leaves, and whether the option
    /// is ready: its components without a move left out, ascending (done when the
    /// option is first taken, so that a component with many options does not ask
    /// every component they leave whether it has a move).
    Listed(Box<[Opt]>, Box<[bool]>),
}

/// The distinct components met so far, each with its options listed once.
struct Components {
    limits: Limits,
    /// Most options of one component listed.
    cap: usize,
    /// The id of each family object met (by address), families of one name sharing
    /// an id.
    family_ids: HashMap<*const (), u32>,
    /// The id of each family name.
    family_names: HashMap<String, u32>,
    /// The family objects met, kept alive so that their addresses stay theirs.
    families: Vec<Rc<dyn Family>>,
    /// The id of each component, by its family's id and then its position.
    ids: Vec<FxHashMap<Pos, Id>>,
    listings: Vec<Listing>,
    /// The family name id of each component, by component id.
    family_of: Vec<u32>,
    /// Each family name, by its id.
    names: Vec<String>,
    /// Why a component could not be listed, when one could not.
    failure: Option<GaveUp>,
    /// The family name id of the component that made the search give up (it cannot
    /// list its moves, or its move closed a cycle), when one did.
    culprit: Option<u32>,
    /// What the family of the culprit said when it refused to list its moves.
    refusal: Option<String>,
}

impl Components {
    fn new(limits: &Limits, max_states: u64) -> Self {
        // A component with more options than the search may visit positions is
        // beyond it anyway.
        let cap = MAX_LISTED_MOVES.min(max_states);
        Components {
            limits: limits.clone(),
            cap: usize::try_from(cap).unwrap_or(usize::MAX),
            family_ids: HashMap::new(),
            family_names: HashMap::new(),
            families: Vec::new(),
            ids: Vec::new(),
            listings: Vec::new(),
            family_of: Vec::new(),
            names: Vec::new(),
            failure: None,
            culprit: None,
            refusal: None,
        }
    }

    /// Marks component `id` as impossible to list, for `why`.
    fn unlistable(&mut self, id: Id, why: GaveUp) {
        self.listings[id as usize] = Listing::Unlistable(why);
        self.failed(id, why);
    }

    /// Records that component `id` made the search give up, for `why`.
    fn failed(&mut self, id: Id, why: GaveUp) {
        self.failure = Some(why);
        if why == GaveUp::Unlistable {
            self.culprit = Some(self.family_of[id as usize]);
        }
    }

    /// The id of a family: one per name (the name is asked once per family object).
    fn family(&mut self, f: &Rc<dyn Family>) -> u32 {
        let at = Rc::as_ptr(f) as *const ();
        if let Some(&id) = self.family_ids.get(&at) {
            return id;
        }
        let next = self.family_names.len() as u32;
        let name = f.name();
        let id = *self.family_names.entry(name.clone()).or_insert(next);
        if id == next {
            self.ids.push(FxHashMap::default());
            self.names.push(name);
        }
        self.family_ids.insert(at, id);
        self.families.push(f.clone());
        id
    }

    /// The id of a component (by its family and position), new ones numbered in order.
    fn intern(&mut self, c: &Component) -> Option<Id> {
        let family = self.family(&c.family);
        self.intern_pos(family, &c.family, c.pos.clone())
    }

    /// The id of the component `pos` of `family` (whose id is `family_id`).
    fn intern_pos(&mut self, family_id: u32, family: &Rc<dyn Family>, pos: Pos) -> Option<Id> {
        let ids = &mut self.ids[family_id as usize];
        if let Some(&id) = ids.get(&pos) {
            return Some(id);
        }
        let id = Id::try_from(self.listings.len()).ok()?;
        ids.insert(pos.clone(), id);
        let c = Component {
            family: family.clone(),
            pos,
        };
        self.listings.push(Listing::Unlisted(c, None));
        self.family_of.push(family_id);
        Some(id)
    }

    /// Whether component `id` has a move, or `None` when its family cannot list its
    /// moves. Asks the family for one move only: the options are listed when the
    /// search first needs them.
    fn has_moves(&mut self, id: Id) -> Option<bool> {
        match &mut self.listings[id as usize] {
            Listing::Unlisted(_, Some(has)) => Some(*has),
            Listing::Unlisted(c, known) => {
                let mut sink = MoveSink::without_words(1);
                let has = match c.family.moves(&c.pos, &self.limits, &mut sink) {
                    Ok(()) => !sink.moves.is_empty(),
                    Err(e) => {
                        self.refusal = Some(refusal(&e));
                        self.unlistable(id, GaveUp::Unlistable);
                        return None;
                    }
                };
                *known = Some(has);
                Some(has)
            }
            Listing::Unlistable(why) => {
                let why = *why;
                self.failed(id, why);
                None
            }
            Listing::Listed(o, _) => Some(!o.is_empty()),
        }
    }

    /// The number of options of component `id`, listed once; `None` when they cannot
    /// be listed, or when there are more than `room` (then nothing is remembered, and
    /// a later call with more room lists them).
    fn options(&mut self, id: Id, room: u64) -> Option<usize> {
        let i = id as usize;
        if let Listing::Unlisted(c, _) = &self.listings[i] {
            let c = c.clone();
            let room = usize::try_from(room).unwrap_or(usize::MAX);
            let listing = if room < self.cap {
                match self.list(&c, room) {
                    Some(l) => l,
                    None => {
                        // Not remembered: more room may list them later.
                        let why = *self.failure.get_or_insert(GaveUp::Bound);
                        self.failed(id, why);
                        return None;
                    }
                }
            } else {
                match self.list(&c, self.cap) {
                    Some(l) => l,
                    None => {
                        let why = self.failure.unwrap_or(GaveUp::Bound);
                        self.unlistable(id, why);
                        return None;
                    }
                }
            };
            self.listings[i] = listing;
        }
        match &self.listings[i] {
            Listing::Listed(o, _) => Some(o.len()),
            Listing::Unlistable(why) => {
                let why = *why;
                self.failed(id, why);
                None
            }
            Listing::Unlisted(..) => None,
        }
    }

    /// Lists the moves of one component, `None` when they cannot be listed or there
    /// are more than `cap`.
    /// Sets `failure` to say why not.
    fn list(&mut self, c: &Component, cap: usize) -> Option<Listing> {
        if c.pos.len() > MAX_SEARCHED_ARGS {
            self.failure = Some(GaveUp::Bound);
            return None;
        }
        let mut sink = MoveSink::without_words(cap);
        if let Err(e) = c.family.moves(&c.pos, &self.limits, &mut sink) {
            self.refusal = Some(refusal(&e));
            self.failure = Some(GaveUp::Unlistable);
            return None;
        }
        if sink.truncated {
            // More moves than any bound lets the search list, or than this one does.
            let all = cap as u64 >= MAX_LISTED_MOVES || sink.moves.len() < cap;
            self.failure = Some(if all {
                GaveUp::Unlistable
            } else {
                GaveUp::Bound
            });
            return None;
        }
        let family = self.family(&c.family);
        let mut out = Vec::with_capacity(sink.moves.len());
        for m in sink.moves {
            let mut t = Opt::with_capacity(m.to.len());
            for pos in m.to {
                let Some(id) = self.intern_pos(family, &c.family, pos) else {
                    self.failure = Some(GaveUp::Unlistable);
                    return None;
                };
                t.push(id);
            }
            out.push(t);
        }
        let ready = vec![false; out.len()].into_boxed_slice();
        Some(Listing::Listed(out.into_boxed_slice(), ready))
    }

    /// Option `o` of component `id` (listed before): the ids of the components it
    /// leaves that have a move, ascending.
    fn option(&mut self, id: Id, o: usize) -> Option<&[Id]> {
        let i = id as usize;
        let Listing::Listed(options, ready) = &self.listings[i] else {
            return None;
        };
        if !*ready.get(o)? {
            let mut kept = options[o].clone();
            let mut k = 0;
            for j in 0..kept.len() {
                if self.has_moves(kept[j])? {
                    kept[k] = kept[j];
                    k += 1;
                }
            }
            kept.truncate(k);
            kept.sort_unstable();
            if let Listing::Listed(options, ready) = &mut self.listings[i] {
                options[o] = kept;
                ready[o] = true;
            }
        }
        match &self.listings[i] {
            Listing::Listed(options, _) => Some(&options[o]),
            _ => None,
        }
    }
}

/// How far the search has got with one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    /// Not searched (or a search of it was abandoned).
    Unknown,
    /// On the current line of play: meeting it again is a cycle.
    InProgress,
    /// Decided.
    Done(Decided),
}

/// Positions of the sum, each the ascending ids of its components with a move,
/// interned as `u32` ids: keys lie one after another in an arena, found through an
/// open-addressing table.
struct Positions {
    arena: Vec<Id>,
    /// Where each position's key starts in `arena`; one entry more than positions.
    starts: Vec<usize>,
    /// Position id + 1 per slot, 0 when free; the length is a power of two, at most
    /// half full.
    table: Vec<u32>,
    status: Vec<Status>,
}

/// A hash of a key (FxHash steps, then the MurmurHash3 finaliser so that the low bits
/// used by the table depend on every id).
fn hash_key(key: &[Id]) -> u64 {
    let mut h = key.len() as u64;
    for &x in key {
        h = (h.rotate_left(5) ^ u64::from(x)).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// Whether two keys are equal (element by element: keys are short).
fn same(a: &[Id], b: &[Id]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

impl Positions {
    fn new() -> Self {
        Positions {
            arena: Vec::new(),
            starts: vec![0],
            table: vec![0; 64],
            status: Vec::new(),
        }
    }

    fn key(&self, p: u32) -> &[Id] {
        let p = p as usize;
        &self.arena[self.starts[p]..self.starts[p + 1]]
    }

    /// The id of a position, added (status unknown) when new; `None` past `u32` ids.
    fn intern(&mut self, key: &[Id]) -> Option<u32> {
        if (self.status.len() + 1) * 2 > self.table.len() {
            self.grow();
        }
        let mask = self.table.len() - 1;
        let mut slot = hash_key(key) as usize & mask;
        loop {
            match self.table[slot] {
                0 => break,
                s if same(self.key(s - 1), key) => return Some(s - 1),
                _ => slot = (slot + 1) & mask,
            }
        }
        let p = u32::try_from(self.status.len())
            .ok()
            .filter(|&p| p < u32::MAX)?;
        self.arena.extend_from_slice(key);
        self.starts.push(self.arena.len());
        self.status.push(Status::Unknown);
        self.table[slot] = p + 1;
        Some(p)
    }

    fn grow(&mut self) {
        let size = self.table.len() * 2;
        let mask = size - 1;
        let mut table = vec![0u32; size];
        for p in 0..self.status.len() as u32 {
            let mut slot = hash_key(self.key(p)) as usize & mask;
            while table[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            table[slot] = p + 1;
        }
        self.table = table;
    }
}

/// A position being searched, with the cursor over its options: the next one is
/// option `opt` of the component at index `comp` of its key.
struct Frame {
    pos: u32,
    comp: usize,
    opt: usize,
    /// Whether an option has been decided.
    any: bool,
    /// The least remoteness of an option lost for the opponent, if any.
    fastest_win: Option<u32>,
    /// The largest remoteness of an option.
    longest: u32,
}

impl Frame {
    fn absorb(&mut self, d: Decided) {
        if !d.win {
            self.fastest_win = Some(
                self.fastest_win
                    .map_or(d.remoteness, |r| r.min(d.remoteness)),
            );
        }
        self.longest = self.longest.max(d.remoteness);
        self.any = true;
    }

    fn result(&self, play: Play) -> Decided {
        if !self.any {
            Decided {
                win: play == Play::Misere,
                remoteness: 0,
            }
        } else if let Some(r) = self.fastest_win {
            Decided {
                win: true,
                remoteness: r.saturating_add(1),
            }
        } else {
            Decided {
                win: false,
                remoteness: self.longest.saturating_add(1),
            }
        }
    }
}

/// What the frame on top of the stack does next.
enum Step {
    /// Look at this option.
    Child(u32),
    /// Every option has been looked at.
    Done,
    /// The search cannot go on (a family cannot list its moves, or a bound).
    GiveUp,
}

/// A memoised exhaustive search of sums. Positions decided stay known to later calls.
pub struct Solver {
    play: Play,
    max_states: u64,
    comps: Components,
    positions: Positions,
    /// Positions decided so far.
    decided: u64,
    /// Options of searched positions so far, bounded by [`OPTIONS_PER_STATE`] × the
    /// state bound: positions with many moves give up early instead of searching for
    /// long.
    work: u64,
    /// The current line of play, each position with its cursor.
    stack: Vec<Frame>,
    /// Whether the last search met a cycle.
    cycle: bool,
    /// The stop signal of the limits the search was made with.
    stop: Option<Arc<Stop>>,
    /// Whether the last search was stopped by it.
    stopped: bool,
    /// When to look at the stop signal next.
    poll: StopPoll,
}

impl Solver {
    /// A search that keeps at most `max_states` positions (decided or on the
    /// current line of play).
    pub fn new(play: Play, limits: &Limits, max_states: u64) -> Self {
        Solver {
            play,
            max_states,
            comps: Components::new(limits, max_states),
            positions: Positions::new(),
            decided: 0,
            work: 0,
            stack: Vec::new(),
            cycle: false,
            stop: limits.stop.clone(),
            stopped: false,
            poll: StopPoll::new(),
        }
    }

    /// Why the last call that answered `None` gave up.
    ///
    /// ```
    /// use sprague_core::{Limits, Play};
    /// use sprague_engine::impartial::family::Family;
    /// use sprague_engine::impartial::sum::Component;
    /// use sprague_engine::impartial::takebreak::{TakeBreak, TakeBreakFamily, Wording};
    /// use sprague_engine::search::impartial::{GaveUp, Solver};
    /// use std::rc::Rc;
    /// // Kayles (octal 0.77): knock down one pin or two adjacent pins of a row.
    /// let rules = TakeBreak::new("kayles", &[0, 7, 7], false, Wording::Pins).unwrap();
    /// let kayles: Rc<dyn Family> = Rc::new(TakeBreakFamily::new(rules));
    /// let comps = [9, 9, 9, 9].map(|n| Component::heap(&kayles, n));
    /// let mut s = Solver::new(Play::Misere, &Limits::default(), 10);
    /// assert_eq!(s.decide(&comps), None);
    /// assert_eq!(s.gave_up(), GaveUp::Bound);
    /// ```
    pub fn gave_up(&self) -> GaveUp {
        if self.stopped {
            GaveUp::Stopped
        } else if self.cycle {
            GaveUp::Cycle
        } else {
            self.comps.failure.unwrap_or(GaveUp::Bound)
        }
    }

    /// The most positions the search keeps.
    pub fn max_states(&self) -> u64 {
        self.max_states
    }

    /// The family (its name with its parameters) of the component that made the
    /// last call give up, when one did: a component that cannot list its moves, or
    /// one whose move came back to a position on the line of play.
    ///
    /// ```
    /// use sprague_core::{Limits, Play};
    /// use sprague_engine::impartial::family::Family;
    /// use sprague_engine::impartial::sum::Component;
    /// use sprague_engine::impartial::takebreak::{TakeBreak, TakeBreakFamily, Wording};
    /// use sprague_engine::search::impartial::Solver;
    /// use std::rc::Rc;
    /// let rules = TakeBreak::new("kayles", &[0, 7, 7], false, Wording::Pins).unwrap();
    /// let kayles: Rc<dyn Family> = Rc::new(TakeBreakFamily::new(rules));
    /// let mut s = Solver::new(Play::Misere, &Limits::default(), 10);
    /// assert_eq!(s.decide(&[Component::heap(&kayles, 9)]), None);
    /// // A bound, not a component, stopped it.
    /// assert_eq!(s.culprit(), None);
    /// ```
    pub fn culprit(&self) -> Option<&str> {
        let id = self.comps.culprit?;
        Some(&self.comps.names[id as usize])
    }

    /// Why the family of [`Solver::culprit`] did not list its moves, in its own words,
    /// when it refused to (rather than offering more moves than can be kept).
    pub fn refusal(&self) -> Option<&str> {
        self.comps.refusal.as_deref()
    }

    /// Forgets why an earlier call gave up.
    fn fresh(&mut self) {
        self.cycle = false;
        self.stopped = false;
        self.comps.failure = None;
        self.comps.culprit = None;
        self.comps.refusal = None;
    }

    /// Decides a sum, or `None` when the search cannot (see the module documentation).
    ///
    /// ```
    /// use sprague_core::{Limits, Play};
    /// use sprague_engine::impartial::family::Family;
    /// use sprague_engine::impartial::sum::Component;
    /// use sprague_engine::impartial::takebreak::{TakeBreak, TakeBreakFamily, Wording};
    /// use sprague_engine::search::impartial::Solver;
    /// use std::rc::Rc;
    /// // Kayles (octal 0.77): knock down one pin or two adjacent pins of a row.
    /// let rules = TakeBreak::new("kayles", &[0, 7, 7], false, Wording::Pins).unwrap();
    /// let kayles: Rc<dyn Family> = Rc::new(TakeBreakFamily::new(rules));
    /// // Rows of one and two pins play like Nim heaps of 1 and 2.
    /// let comps = [1, 2].map(|n| Component::heap(&kayles, n));
    /// let d = Solver::new(Play::Normal, &Limits::default(), 10_000).decide(&comps).unwrap();
    /// assert!(d.win);
    /// assert_eq!(d.remoteness, 3); // to kayles(1,1), then two more moves
    /// ```
    pub fn decide(&mut self, comps: &[Component]) -> Option<Decided> {
        self.fresh();
        let root = self.root(comps)?;
        self.solve(root)
    }

    /// The number of options of the sum that are lost for the opponent (winning
    /// moves), or `None` when the search cannot tell.
    pub fn winning_replies(&mut self, comps: &[Component]) -> Option<usize> {
        self.fresh();
        let root = self.root(comps)?;
        self.expand(root)?;
        let mut options = Vec::new();
        let len = self.positions.key(root).len();
        for i in 0..len {
            let c = self.positions.key(root)[i];
            if i > 0 && self.positions.key(root)[i - 1] == c {
                continue;
            }
            for o in 0..self.comps.options(c, u64::MAX)? {
                options.push(self.child(root, i, o)?);
            }
        }
        let mut n = 0;
        for p in options {
            if !self.solve(p)?.win {
                n += 1;
            }
        }
        Some(n)
    }

    /// The number of positions decided so far (they stay known to later calls).
    pub fn decided(&self) -> u64 {
        self.decided
    }

    /// The position of a sum given as components.
    fn root(&mut self, comps: &[Component]) -> Option<u32> {
        let mut key = KeyBuf::new();
        for c in comps {
            let id = self.comps.intern(c)?;
            if self.comps.has_moves(id)? {
                key.push(id);
            }
        }
        key.sort_unstable();
        self.positions.intern(&key)
    }

    /// Lists the options of each distinct component of position `p` and counts them
    /// as work; `None` when they cannot be listed or past the work bound.
    fn expand(&mut self, p: u32) -> Option<()> {
        let bound = self.max_states.saturating_mul(OPTIONS_PER_STATE);
        let len = self.positions.key(p).len();
        for i in 0..len {
            let c = self.positions.key(p)[i];
            if i > 0 && self.positions.key(p)[i - 1] == c {
                continue;
            }
            // Beyond the bound, the options are not even listed.
            let n = self.comps.options(c, bound.saturating_sub(self.work))?;
            self.work = self.work.saturating_add(n as u64);
            if self.work > bound {
                return None;
            }
        }
        Some(())
    }

    /// The position after option `o` of the component at index `i` of position `p`
    /// (whose options are listed): the other components merged with those the move
    /// leaves.
    fn child(&mut self, p: u32, i: usize, o: usize) -> Option<u32> {
        let c = self.positions.key(p)[i];
        let opt = self.comps.option(c, o)?;
        let key = self.positions.key(p);
        let mut child = KeyBuf::new();
        let mut rest = opt.iter().copied().peekable();
        for (j, &k) in key.iter().enumerate() {
            if j == i {
                continue;
            }
            while let Some(x) = rest.next_if(|&x| x < k) {
                child.push(x);
            }
            child.push(k);
        }
        for x in rest {
            child.push(x);
        }
        self.positions.intern(&child)
    }

    /// Moves the cursor of the frame on top to its next option.
    fn step(&mut self) -> Step {
        let Some(top) = self.stack.last() else {
            return Step::GiveUp;
        };
        let (p, mut i, mut o) = (top.pos, top.comp, top.opt);
        let key = self.positions.key(p);
        let next = loop {
            let Some(&c) = key.get(i) else {
                break None;
            };
            let n = match &self.comps.listings[c as usize] {
                Listing::Listed(options, _) => options.len(),
                _ => return Step::GiveUp,
            };
            if o < n {
                break Some((i, o));
            }
            // The next distinct component.
            while key.get(i) == Some(&c) {
                i += 1;
            }
            o = 0;
        };
        let Some((i, o)) = next else {
            return Step::Done;
        };
        if let Some(top) = self.stack.last_mut() {
            top.comp = i;
            top.opt = o + 1;
        }
        match self.child(p, i, o) {
            Some(q) => Step::Child(q),
            None => Step::GiveUp,
        }
    }

    /// Starts searching position `p`: lists its options and pushes its frame.
    fn open(&mut self, p: u32) -> Option<()> {
        if self.decided.saturating_add(self.stack.len() as u64) >= self.max_states {
            return None;
        }
        // The signal is looked at by the options listed since the last look.
        let before = self.work;
        self.expand(p)?;
        if self.poll.due(self.work - before + 1, self.stop.as_deref()) {
            self.stopped = true;
            return None;
        }
        self.positions.status[p as usize] = Status::InProgress;
        self.stack.push(Frame {
            pos: p,
            comp: 0,
            opt: 0,
            any: false,
            fastest_win: None,
            longest: 0,
        });
        Some(())
    }

    /// Gives up the current search: the positions on the line of play are unknown
    /// again.
    fn abandon(&mut self) -> Option<Decided> {
        for f in self.stack.drain(..) {
            self.positions.status[f.pos as usize] = Status::Unknown;
        }
        None
    }

    /// Decides position `root` by a depth-first search with an explicit stack.
    fn solve(&mut self, root: u32) -> Option<Decided> {
        match self.positions.status[root as usize] {
            Status::Done(d) => return Some(d),
            Status::InProgress => {
                self.cycle = true;
                return None;
            }
            Status::Unknown => {}
        }
        if self.open(root).is_none() {
            return self.abandon();
        }
        loop {
            match self.step() {
                Step::Child(q) => match self.positions.status[q as usize] {
                    Status::Done(d) => {
                        if let Some(top) = self.stack.last_mut() {
                            top.absorb(d);
                        }
                    }
                    Status::InProgress => {
                        self.cycle = true;
                        // The component whose move came back.
                        if let Some(top) = self.stack.last() {
                            let c = self.positions.key(top.pos)[top.comp];
                            self.comps.culprit = Some(self.comps.family_of[c as usize]);
                        }
                        return self.abandon();
                    }
                    Status::Unknown => {
                        if self.open(q).is_none() {
                            return self.abandon();
                        }
                    }
                },
                Step::Done => {
                    let top = self.stack.pop()?;
                    let d = top.result(self.play);
                    self.positions.status[top.pos as usize] = Status::Done(d);
                    self.decided += 1;
                    match self.stack.last_mut() {
                        Some(parent) => parent.absorb(d),
                        None => return Some(d),
                    }
                }
                Step::GiveUp => return self.abandon(),
            }
        }
    }
}

/// The remoteness of a sum with at most `limits.max_states` positions searched.
pub fn remoteness(comps: &[Component], play: Play, limits: &Limits) -> Option<Decided> {
    Solver::new(play, limits, limits.max_states).decide(comps)
}

/// The error for misère play of a sum that no closed form, family theory or misère
/// quotient answers and that the whole-sum search (keeping at most `states` positions)
/// gave up on: a bound only when raising it can help; else an `Input` error naming
/// `family`, the family of the component at fault ([`Solver::culprit`]), and why.
///
/// ```
/// use sprague_engine::search::impartial::{GaveUp, misere_failure};
/// let e = misere_failure(GaveUp::Cycle, 1000, Some("digraph[\"g.txt\"]"), None);
/// assert!(e.to_string().contains("the positions of digraph[\"g.txt\"] can repeat"));
/// ```
pub fn misere_failure(
    why: GaveUp,
    states: u64,
    family: Option<&str>,
    refusal: Option<&str>,
) -> SolveError {
    const WHY: &str = "no closed form, misère theory of its family or misère quotient covers it";
    let family = family.unwrap_or("a component");
    match why {
        GaveUp::Cycle => SolveError::Input(format!(
            "misère play of this sum is not available: the positions of {family} can repeat (a loopy game); {WHY}, and the exhaustive search of the whole sum decides only games that end"
        )),
        GaveUp::Unlistable => {
            let detail = refusal.map_or_else(
                || format!("without end, or more than {MAX_LISTED_MOVES} from one position"),
                str::to_string,
            );
            SolveError::Input(format!(
                "misère play of this sum is not available: the moves of {family} cannot all be listed ({detail}); {WHY}, and the exhaustive search of the whole sum needs every move of every component"
            ))
        }
        GaveUp::Stopped => SolveError::Limit {
            what: "the exhaustive search was stopped at its deadline".into(),
            bound: Bound::Time,
        },
        GaveUp::Bound => SolveError::Limit {
            what: format!(
                "misère play of this sum: {WHY}, and the exhaustive search of the whole sum needs more than {states} positions of the sum, the most it keeps within the bound on states (each position holds a whole sum)"
            ),
            bound: Bound::States,
        },
    }
}

/// A family's refusal to list its moves, as a clause: an `Input` error as it is, a
/// `Limit` as the bound that stopped it.
fn refusal(e: &SolveError) -> String {
    match e {
        SolveError::Limit { what, bound } => format!("{what} needs {}", bound.words()),
        e => e.to_string(),
    }
}

/// The position after move `m` of component `i`: that component replaced by the
/// components the move leaves (of its family).
pub(crate) fn after_move(comps: &[Component], i: usize, m: &Move) -> Vec<Component> {
    let mut out = Vec::with_capacity(comps.len() + m.to.len());
    out.extend_from_slice(&comps[..i]);
    out.extend(comps[i].after(m));
    out.extend_from_slice(&comps[i + 1..]);
    out
}

/// Decides a sum under misère play by the whole-sum search of `solver` (made for
/// misère play): the outcome and the winning moves, those to positions lost for the
/// player then to move (at most `max_moves`, in the order the components list them).
/// An error when the search cannot decide: a `Limit` when its bound was reached, else
/// an `Input` error saying why no bound helps ([`misere_failure`]).
///
/// ```
/// use sprague_core::{Limits, Outcome, Play};
/// use sprague_engine::impartial::family::Family;
/// use sprague_engine::impartial::sum::Component;
/// use sprague_engine::impartial::takebreak::{TakeBreak, TakeBreakFamily, Wording};
/// use sprague_engine::search::impartial::{Solver, misere};
/// use std::rc::Rc;
/// // Kayles (octal 0.77): knock down one pin or two adjacent pins of a row.
/// let rules = TakeBreak::new("kayles", &[0, 7, 7], false, Wording::Pins).unwrap();
/// let kayles: Rc<dyn Family> = Rc::new(TakeBreakFamily::new(rules));
/// let comps = [3, 1].map(|n| Component::heap(&kayles, n));
/// let mut solver = Solver::new(Play::Misere, &Limits::default(), 10_000);
/// let a = misere(&comps, &Limits::default(), &mut solver, 10).unwrap();
/// assert_eq!(a.outcome, Outcome::N);
/// // Knock down the middle pin of the three: four single pins are left, and the
/// // player who takes the last one loses.
/// assert_eq!(comps[0].after_text(&a.winning[0].mv), "kayles(1) + kayles(1)");
/// ```
pub fn misere(
    comps: &[Component],
    limits: &Limits,
    solver: &mut Solver,
    max_moves: usize,
) -> Result<Analysis, SolveError> {
    let Some(d) = solver.decide(comps) else {
        return Err(misere_failure(
            solver.gave_up(),
            solver.max_states(),
            solver.culprit(),
            solver.refusal(),
        ));
    };
    let mut winning = Vec::new();
    let mut truncated = false;
    if d.win {
        let cap = usize::try_from(MAX_LISTED_MOVES).unwrap_or(usize::MAX);
        'all: for (i, c) in comps.iter().enumerate() {
            let mut sink = MoveSink::new(cap);
            c.family.moves(&c.pos, limits, &mut sink)?;
            for mv in sink.moves {
                let child = after_move(comps, i, &mv);
                if solver.decide(&child).is_some_and(|c| !c.win) {
                    if winning.len() == max_moves {
                        truncated = true;
                        break 'all;
                    }
                    winning.push(WinningMove { component: i, mv });
                }
            }
        }
    }
    Ok(Analysis {
        outcome: if d.win { Outcome::N } else { Outcome::P },
        grundy: None,
        values: Values::unknown(comps.len()),
        winning,
        truncated,
        complete: true,
        infinite: Vec::new(),
        infinite_total: None,
        ordinal: None,
    })
}

/// Decides misère play of a sum whose positions can repeat (a loopy game, which
/// [`misere`] gives up on) by retrograde analysis of every position reachable from it
/// (at most `max_states`, each with its options listed): a position without a move is
/// won for the player to move (the player who cannot move wins); a position with an
/// option lost for the player then to move is won; a position whose every option is
/// won is lost; every other position is a draw (`Outcome::D`: neither player can force
/// a win, play goes on for ever). The winning moves (at most `max_moves`) are those to
/// lost positions. An error when the positions cannot all be listed: a `Limit` past
/// `max_states` or at the stop signal, an `Input` error naming a family that cannot
/// list its moves ([`misere_failure`]).
///
/// ```
/// use sprague_core::{Limits, Outcome};
/// use sprague_engine::impartial::family::{Family, MoveSink, Pos};
/// use sprague_engine::impartial::sum::Component;
/// use sprague_engine::search::impartial::misere_loopy;
/// # use sprague_engine::impartial::family::Move;
/// # use sprague_core::SolveError;
/// # use sprague_core::nat::Nat;
/// # use std::rc::Rc;
/// // A token on the cycle 0 → 1 → 0, with an exit 1 → 2 (a dead end).
/// struct Cycle;
/// impl Family for Cycle {
///     fn name(&self) -> String { "cycle".into() }
///     fn check(&self, _: &Pos) -> Result<(), SolveError> { Ok(()) }
///     fn grundy(&self, _: &Pos, _: &Limits) -> Result<Option<Nat>, SolveError> { Ok(None) }
///     fn moves_to_value(&self, _: &Pos, _: &Nat, _: &Limits, _: &mut MoveSink) -> Result<(), SolveError> { Ok(()) }
///     fn explain(&self, _: &Pos, _: &Limits) -> Result<Vec<String>, SolveError> { Ok(vec![]) }
///     fn moves(&self, pos: &Pos, _: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
///         let to: &[u64] = match pos[0].to_u64() { Some(0) => &[1], Some(1) => &[0, 2], _ => &[] };
///         for &v in to {
///             sink.push(Move::one(smallvec::smallvec![Nat::from(v)], format!("to {v}")));
///         }
///         Ok(())
///     }
/// }
/// let f: Rc<dyn Family> = Rc::new(Cycle);
/// // From 1 the mover steps to the dead end 2 and loses (the opponent cannot move and
/// // wins), or to 0, from where the opponent must come back: a draw.
/// let a = misere_loopy(&[Component::heap(&f, 1)], &Limits::default(), 100, 10).unwrap();
/// assert_eq!(a.outcome, Outcome::D);
/// // At the dead end the player to move cannot move, and wins.
/// let a = misere_loopy(&[Component::heap(&f, 2)], &Limits::default(), 100, 10).unwrap();
/// assert_eq!(a.outcome, Outcome::N);
/// // A token at 1 and one at 2: moving the first to 2 leaves two dead ends, won by the
/// // opponent; moving it to 0 lets the opponent bring it back. Still a draw.
/// let comps = [1, 2].map(|v| Component::heap(&f, v));
/// assert_eq!(misere_loopy(&comps, &Limits::default(), 100, 10).unwrap().outcome, Outcome::D);
/// ```
pub fn misere_loopy(
    comps: &[Component],
    limits: &Limits,
    max_states: u64,
    max_moves: usize,
) -> Result<Analysis, SolveError> {
    let mut cs = Components::new(limits, max_states);
    let mut ps = Positions::new();
    let fail = |cs: &Components| {
        let why = cs.failure.unwrap_or(GaveUp::Bound);
        let name = cs.culprit.map(|id| cs.names[id as usize].as_str());
        misere_failure(why, max_states, name, cs.refusal.as_deref())
    };
    // The key of a sum: its components with a move, ascending.
    fn key_of(cs: &mut Components, comps: &[Component]) -> Option<KeyBuf> {
        let mut key = KeyBuf::new();
        for c in comps {
            let id = cs.intern(c)?;
            if cs.has_moves(id)? {
                key.push(id);
            }
        }
        key.sort_unstable();
        Some(key)
    }
    let Some(key) = key_of(&mut cs, comps) else {
        return Err(fail(&cs));
    };
    let Some(root) = ps.intern(&key) else {
        return Err(fail(&cs));
    };
    // Every position reachable, breadth first, with its options.
    let bound = max_states.saturating_mul(OPTIONS_PER_STATE);
    let mut work = 0u64;
    let mut children: Vec<Vec<u32>> = Vec::new();
    let mut next = root as usize;
    let too_many = || SolveError::Limit {
        what: format!(
            "misère play of this sum: its positions can repeat, and deciding them needs more than {max_states} positions"
        ),
        bound: Bound::States,
    };
    while next < ps.status.len() {
        let p = next as u32;
        next += 1;
        let key: KeyBuf = ps.key(p).iter().copied().collect();
        let mut out = Vec::new();
        for i in 0..key.len() {
            if i > 0 && key[i - 1] == key[i] {
                continue;
            }
            let Some(n) = cs.options(key[i], bound.saturating_sub(work)) else {
                return Err(match cs.failure {
                    Some(GaveUp::Unlistable) => fail(&cs),
                    _ => too_many(),
                });
            };
            work = work.saturating_add(n as u64);
            if work > bound {
                return Err(too_many());
            }
            for o in 0..n {
                let Some(opt) = cs.option(key[i], o) else {
                    return Err(fail(&cs));
                };
                let mut child: KeyBuf = opt.iter().copied().collect();
                child.extend(key[..i].iter().chain(&key[i + 1..]).copied());
                child.sort_unstable();
                let Some(q) = ps.intern(&child) else {
                    return Err(too_many());
                };
                out.push(q);
            }
        }
        children.push(out);
        if ps.status.len() as u64 > max_states {
            return Err(too_many());
        }
        if next.is_multiple_of(1024) {
            limits.check_stop()?;
        }
    }
    // Retrograde analysis: `win[p]` once decided; `left[p]` options not yet known won.
    let n = ps.status.len();
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (p, out) in children.iter().enumerate() {
        for &q in out {
            parents[q as usize].push(p as u32);
        }
    }
    let mut left: Vec<usize> = children.iter().map(Vec::len).collect();
    let mut win: Vec<Option<bool>> = vec![None; n];
    let mut queue: Vec<u32> = Vec::new();
    for p in 0..n {
        if left[p] == 0 {
            win[p] = Some(true);
            queue.push(p as u32);
        }
    }
    while let Some(q) = queue.pop() {
        let lost = win[q as usize] == Some(false);
        for &p in &parents[q as usize] {
            let p = p as usize;
            if win[p].is_some() {
                continue;
            }
            if lost {
                win[p] = Some(true);
                queue.push(p as u32);
            } else {
                left[p] -= 1;
                if left[p] == 0 {
                    win[p] = Some(false);
                    queue.push(p as u32);
                }
            }
        }
    }
    let outcome = match win[root as usize] {
        Some(true) => Outcome::N,
        Some(false) => Outcome::P,
        None => Outcome::D,
    };
    let mut winning = Vec::new();
    let mut truncated = false;
    if outcome == Outcome::N {
        let cap = usize::try_from(MAX_LISTED_MOVES).unwrap_or(usize::MAX);
        'all: for (i, c) in comps.iter().enumerate() {
            let mut sink = MoveSink::new(cap);
            c.family.moves(&c.pos, limits, &mut sink)?;
            for mv in sink.moves {
                let child = after_move(comps, i, &mv);
                let q = key_of(&mut cs, &child).and_then(|k| ps.intern(&k));
                if q.is_some_and(|q| win.get(q as usize) == Some(&Some(false))) {
                    if winning.len() == max_moves {
                        truncated = true;
                        break 'all;
                    }
                    winning.push(WinningMove { component: i, mv });
                }
            }
        }
    }
    Ok(Analysis {
        outcome,
        grundy: None,
        values: Values::unknown(comps.len()),
        winning,
        truncated,
        complete: true,
        infinite: Vec::new(),
        infinite_total: None,
        ordinal: None,
    })
}
