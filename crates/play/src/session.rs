//! A game between a human and the computer on one position.
//!
//! The session keeps every position reached (for `undo`), reads typed moves, and
//! chooses the computer's moves:
//!
//! - from a winning position the computer plays a winning move; among several, the
//!   one whose result has the least remoteness (the quickest win), when the
//!   remoteness search can decide it, else the first the engine lists;
//! - from a losing position it plays the move that leaves the opponent the fewest
//!   winning replies; among those, the one whose result has the largest remoteness
//!   (the game lasts longest); then the first in order. Every move counts: the
//!   opponent has the most chances to go wrong.
//!
//! A typed move is in one of these forms, and nothing else is played (text in no
//! form is an error listing them; a move is never guessed):
//! - `N` or `#N`: move N of the numbered menu of legal moves;
//! - `take K from heap H`, `take K from H` or `K H`: take K from heap H (heaps are
//!   numbered from 1 across the whole sum: each heap of a heap family, both heaps of
//!   a `wythoff`, every heap of `moore`); `take K` when the position has one heap;
//! - `split heap H into A and B` (or `split H into A B`, `split H A B`, `H A B`):
//!   replace heap H by the heaps A and B;
//! - the words of a family, which the family reads itself
//!   ([`Family::read_move`](sprague_engine::impartial::family::Family::read_move),
//!   listed by [`move_forms`]), optionally followed by a number H saying which of
//!   several components they move: a heap of it when its arguments are numbered
//!   heaps, else its place among the components the words fit (from 1);
//! - the whole position after the move in expression syntax (always available).
//!
//! Every form is checked the same way: the position typed
//! must be reachable in one legal move.

use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_core::{Outcome, Play};
use sprague_engine::impartial::family::{After, MAX_LISTED_MOVES, Move, MoveSink, Pos};
use sprague_engine::impartial::quotient;
use sprague_engine::impartial::sum::{Analysis, Component, analyse, heap_move_text, write_sum};
use sprague_engine::picture::Target;
pub use sprague_engine::search::impartial::misere_failure;
use sprague_engine::search::impartial::{Decided, GaveUp, Solver, misere, misere_loopy};
use std::fmt;

/// Most legal moves shown as a numbered menu.
pub const MENU_SIZE: usize = 30;

/// Positions with at most this many legal moves number them in the order the
/// families list them; beyond it the winning moves come first (see [`MoveList`]).
pub const ORDERED_MOVES: usize = 1_000;

/// Most moves numbered in a position with more moves than can be listed.
pub const MAX_NUMBERED: usize = 100_000;

/// The legal moves of a position in the order they are shown and numbered (from 1):
/// of an impartial session (`M` = [`SumMove`]) or a partizan one (in the order of the
/// search, all of them when they are at most the cap).
#[derive(Clone, Debug)]
pub struct MoveList<M = SumMove> {
    /// The moves: all of them in the families' order when there are at most
    /// [`ORDERED_MOVES`], else the winning moves first, then the others, cut short.
    pub moves: Vec<M>,
    /// How many of the first moves are the winning moves put first (0 when the moves
    /// are in the families' order).
    pub winning_first: usize,
    /// Whether `moves` holds every legal move.
    pub complete: bool,
    /// The number of legal moves: exact when `count_exact`, else a lower bound.
    pub count: Nat,
    /// Whether `count` is exact.
    pub count_exact: bool,
}

/// Most moves the computer weighs from a losing position.
const MAX_CANDIDATES: usize = 2_000;

/// Most positions the remoteness search of a session keeps (or `--max-states` when
/// lower). The search serves the whole game (hints, the computer's choice, misère play
/// of sums beyond Nim) and keeps what it decided, so the bound is spent once per game.
/// At 200 000 a search that runs into the bound gives up within about a second even
/// on positions whose components have thousands of moves (listing moves dominates
/// there), and decides misère `kayles(40)` or `kayles(20,20)`; small games take well
/// under a millisecond.
pub const REMOTENESS_STATES: u64 = 200_000;

/// Largest nim-value tried when a family cannot list its moves.
const FALLBACK_VALUES: u64 = 64;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The person at the keyboard (or the script on standard input).
    Human,
    /// The program.
    Computer,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Human => Player::Computer,
            Player::Computer => Player::Human,
        }
    }

    /// `human` or `computer`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Computer => "computer",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Human => "you",
            Player::Computer => "the computer",
        })
    }
}

/// A move of a sum: the component moved in and what the move leaves of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumMove {
    /// Index of the component moved in.
    pub component: usize,
    /// What the move leaves of the component: positions of its family, one per
    /// component ([`apply`] builds the position after the move from them).
    pub after: After,
    /// The component before the move, in expression syntax (for front ends).
    pub from: String,
    /// The component after the move, in expression syntax (may be a sum), made from
    /// `after` when the move is listed.
    pub to: String,
    /// The move in words, as the family says it (see [`SumMove::words`]).
    pub text: String,
    /// For a move taking stones from a heap: how many.
    pub take: Option<Nat>,
    /// For a move of a one-heap component: the heap's number (as [`heaps`] numbers
    /// them, from 1) and its size before the move.
    pub heap: Option<(usize, Nat)>,
}

impl SumMove {
    /// The move in words, naming the heap by its number where there is one:
    /// "take 4 from heap 2 (5 → 1)".
    pub fn words(&self) -> String {
        match &self.heap {
            Some((k, n)) => heap_move_text(*k, n, &self.text, self.take.as_ref()),
            None => self.text.clone(),
        }
    }
}

impl fmt::Display for SumMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} → {} ({})", self.from, self.to, self.words())
    }
}

/// One position of the game and how it was reached.
#[derive(Clone)]
pub struct Turn {
    /// The position.
    pub position: Vec<Component>,
    /// Whose turn it is.
    pub to_move: Player,
    /// The move that led here, and who made it.
    pub last: Option<(Player, SumMove)>,
    /// When the computer made the last move: why it chose it.
    pub reason: Option<String>,
}

/// Who wins a position, and the winning moves.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// The outcome for the player to move.
    pub outcome: Outcome,
    /// The nim-value of the whole position (normal play), when known.
    pub grundy: Option<Nat>,
    /// The nim-value of each component (normal play), when known.
    pub values: Vec<Option<Nat>>,
    /// The winning moves (at most 2 000).
    pub winning: Vec<SumMove>,
}

/// A game in progress.
pub struct Session {
    play: Play,
    limits: Limits,
    turns: Vec<Turn>,
    solver: Solver,
    /// The remoteness of the current position, searched once, and whether the
    /// search gave up at its bound on states; `None` until asked.
    here: Option<(Option<u32>, bool)>,
}

/// The position written in expression syntax.
pub fn position_text(comps: &[Component]) -> String {
    let mut s = String::new();
    write_sum(comps, &mut s);
    s
}

fn bad_expr(e: sprague_games::ExprError) -> SolveError {
    SolveError::Input(format!("bad expression: {e}"))
}

/// Whether a component is an empty heap (written `nim(0)`), which never matters.
fn is_empty_heap(c: &Component) -> bool {
    c.family.is_heap_family() && c.pos.iter().all(Nat::is_zero)
}

/// The component expressions of a sum, empty heaps left out, sorted.
fn multiset(comps: &[Component]) -> Vec<String> {
    let mut v: Vec<String> = comps
        .iter()
        .filter(|c| !is_empty_heap(c))
        .map(Component::expr)
        .collect();
    v.sort();
    v
}

/// The position after `mv`: component `mv.component` replaced by the components the
/// move leaves (which share its family, and so print together with the others of it).
pub fn apply(comps: &[Component], mv: &SumMove) -> Result<Vec<Component>, SolveError> {
    let Some(moved) = comps.get(mv.component) else {
        return Err(SolveError::Input(format!(
            "the sum has no component {}",
            mv.component + 1
        )));
    };
    let mut out = Vec::with_capacity(comps.len() + mv.after.len());
    out.extend_from_slice(&comps[..mv.component]);
    out.extend(mv.after.iter().map(|pos| Component {
        family: moved.family.clone(),
        pos: pos.clone(),
    }));
    out.extend_from_slice(&comps[mv.component + 1..]);
    Ok(out)
}

/// The move `m` of component `i` (`c`) as a move of the sum, its heap not yet numbered.
fn sum_move(i: usize, c: &Component, from: &str, m: Move) -> SumMove {
    SumMove {
        component: i,
        from: from.to_string(),
        to: c.after_text(&m),
        after: m.to,
        text: m.text,
        take: m.take,
        heap: None,
    }
}

/// Every move of one component, or an error when the family cannot list them.
fn component_moves(c: &Component, limits: &Limits) -> Result<Vec<SumMove>, SolveError> {
    let cap = usize::try_from(MAX_LISTED_MOVES).unwrap_or(usize::MAX);
    Ok(component_moves_upto(c, limits, cap)?.0)
}

/// At most `cap` moves of one component, and whether that is all of them.
fn component_moves_upto(
    c: &Component,
    limits: &Limits,
    cap: usize,
) -> Result<(Vec<SumMove>, bool), SolveError> {
    let mut sink = MoveSink::new(cap);
    c.family.moves(&c.pos, limits, &mut sink)?;
    let complete = !sink.truncated;
    Ok((to_sum_moves(0, c, sink), complete))
}

/// At most `cap` legal moves of a sum, component by component, and whether that is
/// all of them (a component whose moves cannot be listed makes the list incomplete).
pub(crate) fn list_moves(comps: &[Component], limits: &Limits, cap: usize) -> (Vec<SumMove>, bool) {
    let (mut out, complete) = listed_moves(comps, limits, cap);
    number_heaps(comps, &mut out);
    (out, complete)
}

/// [`list_moves`] without the heaps' numbers.
fn listed_moves(comps: &[Component], limits: &Limits, cap: usize) -> (Vec<SumMove>, bool) {
    let mut out = Vec::new();
    for (i, c) in comps.iter().enumerate() {
        let room = cap - out.len();
        if room == 0 {
            // Full: the list is complete only if no component has a move left.
            let more = comps[i..]
                .iter()
                .any(|c| component_moves_upto(c, limits, 1).is_ok_and(|(m, _)| !m.is_empty()));
            return (out, !more);
        }
        match component_moves_upto(c, limits, room) {
            Ok((list, complete)) => {
                out.extend(list.into_iter().map(|mut m| {
                    m.component = i;
                    m
                }));
                if !complete {
                    return (out, false);
                }
            }
            Err(_) => return (out, false),
        }
    }
    (out, true)
}

/// Most moves listed to count the moves of a position whose families cannot count
/// them by a rule.
const COUNT_BUDGET: usize = 1 << 21;

/// The number of legal moves of a sum: exact (`true`) when every component's moves
/// can be counted, else a lower bound (`false`).
pub(crate) fn count_moves(comps: &[Component], limits: &Limits) -> (Nat, bool) {
    let mut total = Nat::ZERO;
    let mut budget = COUNT_BUDGET;
    let mut exact = true;
    for c in comps {
        if let Ok(Some(n)) = c.family.move_count(&c.pos, limits) {
            total = total.add(&n);
            continue;
        }
        match component_moves_upto(c, limits, budget) {
            Ok((list, complete)) => {
                budget -= list.len();
                total = total.add(&Nat::from(list.len()));
                exact &= complete;
            }
            Err(_) => exact = false,
        }
    }
    (total, exact)
}

fn to_sum_moves(i: usize, c: &Component, sink: MoveSink) -> Vec<SumMove> {
    let from = c.expr();
    sink.moves
        .into_iter()
        .map(|m| sum_move(i, c, &from, m))
        .collect()
}

/// Moves of a component found through its values (for families that cannot list
/// their moves): every move to a position of value `0..=FALLBACK_VALUES`.
fn moves_by_value(c: &Component, limits: &Limits, cap: usize) -> Vec<SumMove> {
    let mut out = Vec::new();
    for t in 0..=FALLBACK_VALUES {
        let mut sink = MoveSink::new(cap);
        if c.family
            .moves_to_value(&c.pos, &Nat::from(t), limits, &mut sink)
            .is_ok()
        {
            out.extend(to_sum_moves(0, c, sink));
        }
        if out.len() >= cap {
            break;
        }
    }
    out
}

/// Every legal move of a sum, or an error when some family cannot list its moves.
pub fn legal_moves(comps: &[Component], limits: &Limits) -> Result<Vec<SumMove>, SolveError> {
    let mut out = Vec::new();
    for (i, c) in comps.iter().enumerate() {
        for mut m in component_moves(c, limits)? {
            m.component = i;
            out.push(m);
        }
    }
    number_heaps(comps, &mut out);
    Ok(out)
}

/// Legal moves of a sum as far as they can be found, at most `cap`: listed when the
/// family can list them, else found through values.
fn some_moves(comps: &[Component], limits: &Limits, cap: usize) -> Vec<SumMove> {
    let mut out = Vec::new();
    for (i, c) in comps.iter().enumerate() {
        let list = component_moves_upto(c, limits, cap - out.len())
            .map(|(m, _)| m)
            .unwrap_or_else(|_| moves_by_value(c, limits, cap));
        for mut m in list {
            m.component = i;
            out.push(m);
            if out.len() >= cap {
                number_heaps(comps, &mut out);
                return out;
            }
        }
    }
    number_heaps(comps, &mut out);
    out
}

/// Decides a position with the engine (and, for misère play of families without a
/// misère theory: a sum of heaps of one heap game by its verified misère quotient
/// ([`quotient::misere`]) when one can be built, else with the whole-sum search,
/// [`misere`]).
pub fn evaluate(
    comps: &[Component],
    play: Play,
    limits: &Limits,
    solver: &mut Solver,
) -> Result<Evaluation, SolveError> {
    match analyse(comps, play, limits, MAX_CANDIDATES) {
        Ok(a) => Ok(from_analysis(comps, a)),
        Err(SolveError::Input(_)) if play == Play::Misere => {
            // A quotient that cannot be built or verified leaves the sum to the search.
            if let Ok(Some((a, _))) = quotient::misere(comps, limits, usize::MAX) {
                return Ok(from_analysis(comps, a));
            }
            limits.check_stop()?;
            let a = match misere(comps, limits, solver, usize::MAX) {
                // Positions that repeat: retrograde analysis of every position.
                Err(_) if solver.gave_up() == GaveUp::Cycle => {
                    misere_loopy(comps, limits, solver.max_states(), usize::MAX)?
                }
                r => r?,
            };
            Ok(from_analysis(comps, a))
        }
        Err(e) => Err(e),
    }
}

fn from_analysis(comps: &[Component], a: Analysis) -> Evaluation {
    let mut winning: Vec<SumMove> = a
        .winning
        .into_iter()
        .map(|w| {
            let c = &comps[w.component];
            sum_move(w.component, c, &c.expr(), w.mv)
        })
        .collect();
    number_heaps(comps, &mut winning);
    Evaluation {
        outcome: a.outcome,
        grundy: a.grundy,
        values: a.values.iter().collect(),
        winning,
    }
}

/// Where a heap sits: component and argument.
type HeapRef = (usize, usize);

/// The heaps of a sum, numbered from 1 in the order returned.
pub fn heaps(comps: &[Component]) -> Vec<HeapRef> {
    let mut out = Vec::new();
    for (i, c) in comps.iter().enumerate() {
        if c.heap_size().is_some() || c.family.numbered_heaps() {
            out.extend((0..c.pos.len()).map(|j| (i, j)));
        }
    }
    out
}

/// The forms of a typed move that every position has, before the families' words.
const GENERIC_FORMS: &str = "N or #N (move N of the numbered list); take K from heap H, or K H; \
take K (when there is one heap); split heap H into A and B, or H A B";

/// The forms of a typed move in `comps`, for messages: the generic forms, the words
/// of each family of the position that has some ([`Family::move_words`]), and the
/// whole position, with the position after its first listed move as the example.
///
/// [`Family::move_words`]: sprague_engine::impartial::family::Family::move_words
pub fn move_forms(comps: &[Component], limits: &Limits) -> String {
    let mut forms = format!("A move is typed as: {GENERIC_FORMS}");
    let mut seen: Vec<&str> = Vec::new();
    for c in comps {
        if let Some(w) = c.family.move_words()
            && !seen.contains(&w)
        {
            seen.push(w);
            forms.push_str("; ");
            forms.push_str(w);
        }
    }
    forms.push_str("; or the whole position after the move");
    let first = listed_moves(comps, limits, 1).0;
    if let Some(after) = first.first().and_then(|m| apply(comps, m).ok()) {
        forms.push_str(", e.g. ");
        forms.push_str(&position_text(&after));
    }
    forms
}

/// Whether `w` is a whole number as typed (digits, `_` between them).
fn is_count(w: &str) -> bool {
    w.starts_with(|c: char| c.is_ascii_digit()) && w.chars().all(|c| c.is_ascii_digit() || c == '_')
}

/// Names the heap of each move of a one-heap component by its number (as [`heaps`]
/// numbers them) and its size.
fn number_heaps(comps: &[Component], moves: &mut [SumMove]) {
    if moves.is_empty() {
        return;
    }
    let list = heaps(comps);
    for m in moves {
        m.heap = comps.get(m.component).and_then(|c| {
            let size = c.heap_size()?;
            let k = list.binary_search(&(m.component, 0)).ok()?;
            Some((k + 1, size.clone()))
        });
    }
}

fn parse_count(s: &str, what: &str) -> Result<Nat, String> {
    s.parse::<Nat>()
        .map_err(|_| format!("'{s}' is not a {what} (a whole number)"))
}

impl Session {
    /// A new game on `src` (an impartial expression); `first` moves first.
    pub fn new(src: &str, play: Play, limits: Limits, first: Player) -> Result<Self, SolveError> {
        let position = sprague_games::components(src).map_err(bad_expr)?;
        Session::with_position(position, play, limits, first)
    }

    /// A new game on the components `position`; `first` moves first.
    pub(crate) fn with_position(
        position: Vec<Component>,
        play: Play,
        limits: Limits,
        first: Player,
    ) -> Result<Self, SolveError> {
        // Fail early on positions the engine cannot play.
        let states = limits.max_states.min(REMOTENESS_STATES);
        let mut solver = Solver::new(play, &limits, states);
        evaluate(&position, play, &limits, &mut solver)?;
        Ok(Session {
            play,
            limits,
            turns: vec![Turn {
                position,
                to_move: first,
                last: None,
                reason: None,
            }],
            solver,
            here: None,
        })
    }

    /// Normal or misère play.
    pub fn play(&self) -> Play {
        self.play
    }

    /// The resource bounds.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The current turn.
    pub fn current(&self) -> &Turn {
        self.turns.last().expect("a session has a turn")
    }

    /// Every position so far, the first one first.
    pub fn history(&self) -> &[Turn] {
        &self.turns
    }

    /// The current position.
    pub fn position(&self) -> &[Component] {
        &self.current().position
    }

    /// The current position in expression syntax.
    pub fn position_text(&self) -> String {
        position_text(self.position())
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.current().to_move
    }

    /// Who wins and the winning moves, for the player to move.
    pub fn evaluate(&mut self) -> Result<Evaluation, SolveError> {
        let comps = self.current().position.clone();
        evaluate(&comps, self.play, &self.limits, &mut self.solver)
    }

    /// The remoteness of the current position, when the search can decide it.
    pub fn remoteness(&mut self) -> Option<Decided> {
        let comps = self.current().position.clone();
        self.solver.decide(&comps)
    }

    /// Every legal move, or an error when some family cannot list its moves.
    pub fn legal_moves(&self) -> Result<Vec<SumMove>, SolveError> {
        legal_moves(self.position(), &self.limits)
    }

    /// The legal moves when there are at most [`MENU_SIZE`] of them.
    pub fn menu(&self) -> Option<Vec<SumMove>> {
        let (moves, complete) = list_moves(self.position(), &self.limits, MENU_SIZE + 1);
        (complete && moves.len() <= MENU_SIZE).then_some(moves)
    }

    /// The legal moves in the order they are numbered, at most `cap` of them (and at
    /// most [`MAX_NUMBERED`]), with their number: see [`MoveList`].
    pub fn move_list(&mut self, cap: usize) -> Result<MoveList, SolveError> {
        let cap = cap.min(MAX_NUMBERED);
        let comps = self.position().to_vec();
        let (listed, complete) = list_moves(&comps, &self.limits, cap.max(ORDERED_MOVES + 1));
        if complete && listed.len() <= ORDERED_MOVES {
            let count = Nat::from(listed.len());
            let mut moves = listed;
            moves.truncate(cap);
            return Ok(MoveList {
                complete: moves.len() == count.to_usize().unwrap_or(usize::MAX),
                moves,
                winning_first: 0,
                count,
                count_exact: true,
            });
        }
        let (count, count_exact) = count_moves(&comps, &self.limits);
        let mut moves: Vec<SumMove> = match self.evaluate() {
            Ok(e) => e.winning,
            Err(_) => Vec::new(),
        };
        moves.truncate(cap);
        let winning_first = moves.len();
        let mut seen: std::collections::HashSet<(usize, String)> =
            moves.iter().map(|m| (m.component, m.to.clone())).collect();
        for m in listed {
            if moves.len() >= cap {
                break;
            }
            if seen.insert((m.component, m.to.clone())) {
                moves.push(m);
            }
        }
        let complete = complete && count_exact && Nat::from(moves.len()) == count;
        Ok(MoveList {
            moves,
            winning_first,
            complete,
            count,
            count_exact,
        })
    }

    /// Whether the player to move has no move.
    pub fn is_over(&self) -> bool {
        some_moves(self.position(), &self.limits, 1).is_empty()
    }

    /// When the game is over: the winner.
    pub fn winner(&self) -> Option<Player> {
        if !self.is_over() {
            return None;
        }
        let stuck = self.to_move();
        Some(match self.play {
            Play::Normal => stuck.other(),
            Play::Misere => stuck,
        })
    }

    /// Number of moves made so far.
    pub fn moves_made(&self) -> usize {
        self.turns.len() - 1
    }

    /// Makes a move for the player to move.
    pub(crate) fn make_move(
        &mut self,
        mv: SumMove,
        reason: Option<String>,
    ) -> Result<(), SolveError> {
        let cur = self.current();
        let position = apply(&cur.position, &mv)?;
        let turn = Turn {
            position,
            to_move: cur.to_move.other(),
            last: Some((cur.to_move, mv)),
            reason,
        };
        self.turns.push(turn);
        self.here = None;
        Ok(())
    }

    /// Takes back moves until it is the human's turn again (the human's last move
    /// and the computer's answer); returns whether anything was taken back.
    pub fn undo(&mut self) -> bool {
        let Some(k) = self.turns[..self.turns.len() - 1]
            .iter()
            .rposition(|t| t.to_move == Player::Human)
        else {
            return false;
        };
        self.turns.truncate(k + 1);
        self.here = None;
        true
    }

    /// Chooses the computer's move (see the module documentation) and the reason.
    pub fn choose(&mut self) -> Result<Option<(SumMove, String)>, SolveError> {
        let comps = self.current().position.clone();
        let eval = evaluate(&comps, self.play, &self.limits, &mut self.solver)?;
        if eval.outcome == Outcome::N && !eval.winning.is_empty() {
            let mut best: Option<(u32, SumMove)> = None;
            for m in &eval.winning {
                let child = apply(&comps, m)?;
                let Some(d) = self.solver.decide(&child) else {
                    best = None;
                    break;
                };
                if best.as_ref().is_none_or(|(r, _)| d.remoteness < *r) {
                    best = Some((d.remoteness, m.clone()));
                }
            }
            let n = eval.winning.len();
            return Ok(Some(match best {
                Some((r, m)) => {
                    let which = if n == 1 {
                        "its only winning move".to_string()
                    } else {
                        format!("of its {n} winning moves the one that wins fastest")
                    };
                    let reason = format!(
                        "the position was a win for the player to move; this is {which}: the game ends at most {r} move{} later",
                        plural(r as usize)
                    );
                    (m, reason)
                }
                None => (
                    eval.winning[0].clone(),
                    format!(
                        "the position was a win for the player to move; this is the first of its {n} winning move{} (each leaves a position lost for the opponent)",
                        plural(n)
                    ),
                ),
            }));
        }
        let candidates = some_moves(&comps, &self.limits, MAX_CANDIDATES);
        let mut best: Option<(usize, u32, SumMove)> = None;
        for m in candidates {
            let child = apply(&comps, &m)?;
            let replies = match evaluate(&child, self.play, &self.limits, &mut self.solver) {
                Ok(e) => e.winning.len(),
                Err(_) => MAX_CANDIDATES,
            };
            let rem = self.solver.decide(&child).map_or(0, |d| d.remoteness);
            let better = match &best {
                None => true,
                Some((br, brem, _)) => replies < *br || (replies == *br && rem > *brem),
            };
            if better {
                best = Some((replies, rem, m));
            }
        }
        Ok(best.map(|(replies, rem, m)| {
            let reason = format!(
                "the position was lost against best play (outcome {}); this move leaves the fewest winning replies ({replies}) and, among those, lasts longest (the opponent needs {rem} more move{} with best play)",
                eval.outcome.letter(),
                plural(rem as usize)
            );
            (m, reason)
        }))
    }

    /// Chooses and makes the computer's move; `None` when there is no move.
    pub fn computer_move(&mut self) -> Result<Option<SumMove>, SolveError> {
        match self.choose()? {
            Some((m, reason)) => {
                self.make_move(m.clone(), Some(reason))?;
                Ok(Some(m))
            }
            None => Ok(None),
        }
    }

    /// Reads a typed move in one of the forms of the module documentation; the
    /// message says what is wrong otherwise. Nothing is guessed: text in no form is an
    /// error listing the forms.
    pub(crate) fn parse_move(&self, input: &str) -> Result<SumMove, String> {
        let input = input.trim();
        let lower = input.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let n = |w: &&str| is_count(w);
        match words.as_slice() {
            [w] if w.len() > 1 && w.starts_with('#') && is_count(&w[1..]) => {
                return self.menu_choice(&w[1..]);
            }
            ["#", k] if n(k) => return self.menu_choice(k),
            [k] if n(k) => return self.menu_choice(k),
            [k, h] if n(k) && n(h) => return self.take(k, h),
            [h, a, b] if n(h) && n(a) && n(b) => return self.split(h, a, b),
            ["take", k] if n(k) => return self.take_from_the_heap(k),
            ["take", k, "from", "heap", h] | ["take", k, "from", h] if n(k) && n(h) => {
                return self.take(k, h);
            }
            ["split", "heap", h, "into", a, "and", b]
            | ["split", h, "into", a, "and", b]
            | ["split", "heap", h, "into", a, b]
            | ["split", h, "into", a, b]
            | ["split", h, a, b]
                if n(h) && n(a) && n(b) =>
            {
                return self.split(h, a, b);
            }
            _ => {}
        }
        if let Some(m) = self.family_move(&words) {
            return m;
        }
        if !input.contains('(') {
            return Err(format!(
                "'{input}' is not a move. {}",
                move_forms(self.position(), &self.limits)
            ));
        }
        let typed = sprague_games::components(input)
            .map_err(|e| format!("not a move: {e} (type 'help' for the ways to write a move)"))?;
        find_move(self.position(), &typed, &self.limits)
    }

    /// `take K` on a position of one heap; with several heaps, which one is asked.
    fn take_from_the_heap(&self, k: &str) -> Result<SumMove, String> {
        match heaps(self.position()).len() {
            1 => self.take(k, "1"),
            0 => {
                Err("this position has no numbered heaps: type the position after the move".into())
            }
            many => Err(format!(
                "which heap? type take {k} from heap H (or {k} H), H from 1 to {many}"
            )),
        }
    }

    fn menu_choice(&self, n: &str) -> Result<SumMove, String> {
        let k: usize = n.parse().unwrap_or(0);
        // The numbering of `moves` (winning moves first in long lists), computed on a
        // copy: choosing a move does not change the session.
        let mut copy = Session {
            play: self.play,
            limits: self.limits.clone(),
            turns: vec![self.current().clone()],
            solver: Solver::new(self.play, &self.limits, self.solver.max_states()),
            here: None,
        };
        let list = copy
            .move_list(k.max(1))
            .map_err(|e| format!("cannot number the moves here ({e})"))?;
        if list.moves.is_empty() {
            return Err("there is no legal move".into());
        }
        if k == 0 || k > list.moves.len() {
            return Err(if list.complete {
                format!("choose a move between 1 and {}", list.moves.len())
            } else {
                format!(
                    "only the first {MAX_NUMBERED} moves are numbered (see 'moves'): type the move instead"
                )
            });
        }
        Ok(list.moves[k - 1].clone())
    }

    fn heap(&self, h: &str) -> Result<HeapRef, String> {
        let list = heaps(self.position());
        if list.is_empty() {
            return Err(
                "this position has no numbered heaps: type the position after the move".into(),
            );
        }
        let i: usize = h.parse().unwrap_or(0);
        if i == 0 || i > list.len() {
            return Err(format!(
                "there is no heap {h}: heaps are numbered 1 to {}",
                list.len()
            ));
        }
        Ok(list[i - 1])
    }

    /// The move of component `i` to the components `to` (of its family; empty heaps
    /// left out), checked against the rules; `what` names the move in the message
    /// when it is not legal.
    fn typed(&self, i: usize, to: Vec<Component>, what: &str) -> Result<SumMove, String> {
        let comps = self.position();
        let added: Vec<Component> = to.into_iter().filter(|c| !is_empty_heap(c)).collect();
        // The move of this very component (with equal heaps, the one named).
        move_of(comps, i, &added, &self.limits)
            .map_err(|_| format!("{what} is not a legal move of {}", comps[i].expr()))
    }

    /// Component `i` at the position `pos`, of its family.
    fn moved_to(&self, i: usize, pos: Pos) -> Component {
        Component {
            family: self.position()[i].family.clone(),
            pos,
        }
    }

    fn take(&self, k: &str, h: &str) -> Result<SumMove, String> {
        let k = parse_count(k, "number of stones")?;
        let (i, j) = self.heap(h)?;
        let c = &self.position()[i];
        let n = &c.pos[j];
        let Some(left) = n.checked_sub(&k).filter(|_| !k.is_zero()) else {
            return Err(format!("cannot take {k} from heap {h}: it has {n}"));
        };
        let mut pos = c.pos.clone();
        pos[j] = left;
        let to = vec![self.moved_to(i, pos)];
        self.typed(i, to, &format!("taking {k} from heap {h}"))
    }

    fn split(&self, h: &str, a: &str, b: &str) -> Result<SumMove, String> {
        let a = parse_count(a, "heap size")?;
        let b = parse_count(b, "heap size")?;
        let (i, _) = self.heap(h)?;
        let c = &self.position()[i];
        if !(c.family.is_heap_family() && c.pos.len() == 1) {
            return Err(format!(
                "heap {h} is part of {}, which does not split",
                c.expr()
            ));
        }
        let what = format!("splitting heap {h} into {a} and {b}");
        let to = vec![
            self.moved_to(i, smallvec::smallvec![a]),
            self.moved_to(i, smallvec::smallvec![b]),
        ];
        self.typed(i, to, &what)
    }

    /// A move in the words of a family of the position (see the module
    /// documentation): `None` when no component's family reads them.
    fn family_move(&self, words: &[&str]) -> Option<Result<SumMove, String>> {
        let comps = self.position();
        let fits = |ws: &[&str]| -> Vec<(usize, Result<Pos, String>)> {
            comps
                .iter()
                .enumerate()
                .filter_map(|(i, c)| c.family.read_move(&c.pos, ws).map(|r| (i, r)))
                .collect()
        };
        let typed = words.join(" ");
        let all = fits(words);
        if let [(i, r)] = all.as_slice() {
            return Some(self.read_as(*i, r.clone(), &typed));
        }
        let heaps = heaps(comps);
        let numbered = |list: &[(usize, Result<Pos, String>)]| {
            list.iter()
                .all(|(i, _)| heaps.iter().any(|&(k, _)| k == *i))
        };
        if !all.is_empty() {
            let named: Vec<String> = all.iter().map(|(i, _)| comps[*i].expr()).collect();
            let how = if numbered(&all) {
                format!("type {typed} H, H a heap of the one you mean")
            } else {
                format!("type {typed} N for the N-th")
            };
            return Some(Err(format!(
                "'{typed}' fits {} components ({}): {how}",
                all.len(),
                named.join(", ")
            )));
        }
        // The words, then which component.
        let (h, rest) = words.split_last()?;
        if rest.is_empty() || !is_count(h) {
            return None;
        }
        let all = fits(rest);
        if all.is_empty() {
            return None;
        }
        let typed = rest.join(" ");
        let chosen = if numbered(&all) {
            let (i, _) = match self.heap(h) {
                Ok(x) => x,
                Err(e) => return Some(Err(e)),
            };
            match all.iter().find(|(j, _)| *j == i) {
                Some(x) => x,
                None => {
                    return Some(Err(format!(
                        "'{typed}' does not move {}, which holds heap {h}",
                        comps[i].expr()
                    )));
                }
            }
        } else {
            match h.parse::<usize>() {
                Ok(k) if k >= 1 && k <= all.len() => &all[k - 1],
                _ => {
                    return Some(Err(format!(
                        "there is no component {h} of those '{typed}' moves: they are numbered 1 to {}",
                        all.len()
                    )));
                }
            }
        };
        Some(self.read_as(chosen.0, chosen.1.clone(), &typed))
    }

    /// The move a family read in its words `typed` on component `i`: the position it
    /// names, checked, or the family's message.
    fn read_as(&self, i: usize, read: Result<Pos, String>, typed: &str) -> Result<SumMove, String> {
        let to = vec![self.moved_to(i, read?)];
        self.typed(i, to, &format!("'{typed}'"))
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

impl Session {
    /// The remoteness of the current position (searched once a position), and
    /// whether the search gave up at its bound on states: then the positions after
    /// one move are beyond it too in all but rare cases, and are not searched again
    /// each, which keeps a huge position's moves within a fraction of a deadline.
    fn here(&mut self) -> (Option<u32>, bool) {
        if let Some(h) = self.here {
            return h;
        }
        let comps = self.current().position.clone();
        let r = self.solver.decide(&comps).map(|d| d.remoteness);
        let h = (r, r.is_none() && self.solver.gave_up() == GaveUp::Bound);
        self.here = Some(h);
        h
    }

    /// What a front end shows of the move `m`: a heap's move in words naming the
    /// heap ("take 2 from heap 1 (3 → 1)"), another with the component before and
    /// after it.
    pub fn facts(m: &SumMove) -> crate::MoveFacts {
        crate::MoveFacts {
            component: m.component,
            from: m.from.clone(),
            to: m.to.clone(),
            text: if m.heap.is_some() {
                m.words()
            } else {
                format!("{} ({} → {})", m.text, m.from, m.to)
            },
            heap: m.heap.as_ref().map(|(k, _)| *k),
            take: m.take.clone().filter(|_| m.heap.is_some()),
            cells: Vec::new(),
        }
    }
}

/// A nim-value in CGSuite notation: `0`, `*`, `*2`, ….
fn nimber(n: &Nat) -> String {
    if n.is_zero() {
        "0".to_string()
    } else if n.to_u64() == Some(1) {
        "*".to_string()
    } else {
        format!("*{n}")
    }
}

impl crate::PlaySession for Session {
    type Move = SumMove;

    fn limits(&self) -> &Limits {
        &self.limits
    }

    fn position_text(&mut self) -> String {
        position_text(self.position())
    }

    fn whose_turn(&self) -> Player {
        self.current().to_move
    }

    fn moves_made(&self) -> usize {
        self.turns.len() - 1
    }

    fn played(&self) -> Vec<crate::Played<SumMove>> {
        self.turns
            .iter()
            .filter_map(|t| {
                let (by, mv) = t.last.as_ref()?;
                Some(crate::Played {
                    by: *by,
                    mv: mv.clone(),
                    reason: t.reason.clone(),
                })
            })
            .collect()
    }

    fn rule(&self) -> Play {
        self.play
    }

    fn side_to_move(&self) -> Option<sprague_engine::partizan::Side> {
        None
    }

    fn standing(&mut self) -> Result<crate::Standing, SolveError> {
        let e = self.evaluate()?;
        let (remoteness, _) = self.here();
        self.limits.check_stop()?;
        Ok(crate::Standing {
            outcome: Some(e.outcome),
            mover_wins: match e.outcome {
                Outcome::N => Some(true),
                Outcome::P => Some(false),
                _ => None,
            },
            remoteness,
            value: match self.play {
                Play::Normal => e.grundy.as_ref().map(nimber),
                Play::Misere => None,
            },
            note: None,
        })
    }

    fn facts(&self, m: &SumMove) -> crate::MoveFacts {
        Session::facts(m)
    }

    fn position_after(&mut self, m: &SumMove) -> Result<String, SolveError> {
        Ok(position_text(&apply(self.position(), m)?))
    }

    fn target(&mut self, m: &SumMove) -> Result<Option<Target>, SolveError> {
        Ok(crate::view::target(self.position(), m))
    }

    fn drawing(&mut self) -> Vec<crate::view::Drawing> {
        crate::view::drawing(self.position())
    }

    fn move_list(&mut self, cap: usize) -> Result<MoveList, SolveError> {
        Session::move_list(self, cap)
    }

    fn move_result(&mut self, m: &SumMove) -> Result<crate::MoveResult, SolveError> {
        let after = apply(self.position(), m)?;
        let beyond = self.here().1;
        let outcome = evaluate(&after, self.play, &self.limits, &mut self.solver)
            .ok()
            .map(|e| e.outcome);
        let remoteness = if beyond {
            None
        } else {
            self.solver.decide(&after).map(|d| d.remoteness)
        };
        self.limits.check_stop()?;
        Ok(crate::MoveResult {
            wins: outcome.and_then(|o| match o {
                Outcome::P => Some(true),
                Outcome::N => Some(false),
                _ => None,
            }),
            outcome_after: outcome,
            remoteness,
        })
    }

    fn read_move(&mut self, input: &str) -> Result<SumMove, String> {
        Session::parse_move(self, input)
    }

    fn play_move(&mut self, m: SumMove, reason: Option<String>) -> Result<(), SolveError> {
        Session::make_move(self, m, reason)
    }

    fn take_back(&mut self) -> bool {
        Session::undo(self)
    }

    fn computer_choice(&mut self) -> Result<Option<(SumMove, String)>, SolveError> {
        Session::choose(self)
    }

    fn game_over(&mut self) -> Result<bool, SolveError> {
        Ok(Session::is_over(self))
    }

    fn won_by(&mut self) -> Result<Option<Player>, SolveError> {
        Ok(Session::winner(self))
    }
}

/// The move from `comps` to `typed`, if `typed` is reachable in one legal move (the
/// order of summands and empty heaps do not matter).
pub(crate) fn find_move(
    comps: &[Component],
    typed: &[Component],
    limits: &Limits,
) -> Result<SumMove, String> {
    let old: Vec<String> = comps.iter().map(Component::expr).collect();
    let mut used = vec![false; comps.len()];
    let mut added = Vec::new();
    for c in typed.iter().filter(|c| !is_empty_heap(c)) {
        let e = c.expr();
        match (0..old.len()).find(|&i| !used[i] && old[i] == e) {
            Some(i) => used[i] = true,
            None => added.push(c.clone()),
        }
    }
    let changed: Vec<usize> = (0..comps.len())
        .filter(|&i| !used[i] && !is_empty_heap(&comps[i]))
        .collect();
    let i = match changed.as_slice() {
        [i] => *i,
        [] if added.is_empty() => {
            return Err("that is the current position: a move must change it".into());
        }
        [] => {
            return Err(format!(
                "{} is not reachable in one move: it adds to the position",
                position_text(typed)
            ));
        }
        _ => {
            return Err(format!(
                "{} is not reachable in one move: it changes {} components ({}), a move changes one",
                position_text(typed),
                changed.len(),
                changed
                    .iter()
                    .map(|&i| old[i].as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    };
    move_of(comps, i, &added, limits)
}

/// The components move `m` of component `c` leaves.
fn leaves(c: &Component, m: &SumMove) -> Vec<Component> {
    m.after
        .iter()
        .map(|pos| Component {
            family: c.family.clone(),
            pos: pos.clone(),
        })
        .collect()
}

/// The move of component `i` of `comps` to the components `added` (empty heaps
/// left out), if it is a legal move.
fn move_of(
    comps: &[Component],
    i: usize,
    added: &[Component],
    limits: &Limits,
) -> Result<SumMove, String> {
    let old_i = comps[i].expr();
    let c = &comps[i];
    let want = multiset(added);
    // One component of the same family: the family checks the move by its rules,
    // however many moves there are.
    if let [a] = added
        && a.family.name() == c.family.name()
    {
        match c.family.move_to(&c.pos, &a.pos, limits) {
            Ok(Some(m)) => {
                let mut sink = MoveSink::new(1);
                sink.push(m);
                let mut found = to_sum_moves(i, c, sink);
                number_heaps(comps, &mut found);
                if let Some(m) = found.pop() {
                    return Ok(m);
                }
            }
            Ok(None) => {
                return Err(format!(
                    "{old_i} cannot move to {} in one legal move",
                    a.expr()
                ));
            }
            Err(_) => {}
        }
    }
    let listed = component_moves_upto(
        c,
        limits,
        usize::try_from(MAX_LISTED_MOVES).unwrap_or(usize::MAX),
    );
    let candidates = match listed {
        Ok((list, true)) => list,
        Ok((list, false)) if list.iter().any(|m| multiset(&leaves(c, m)) == want) => list,
        _ => {
            // Through values: the moves of c to the value of what was typed.
            let mut g = Nat::ZERO;
            for a in added {
                match a.family.grundy(&a.pos, limits) {
                    Ok(Some(v)) => g ^= &v,
                    _ => return Err(format!("cannot check moves of {} here", old_i)),
                }
            }
            let mut sink = MoveSink::new(100_000);
            c.family
                .moves_to_value(&c.pos, &g, limits, &mut sink)
                .map_err(|e| format!("cannot check moves of {}: {e}", old_i))?;
            to_sum_moves(i, c, sink)
        }
    };
    for mut m in candidates {
        if multiset(&leaves(c, &m)) == want {
            m.component = i;
            number_heaps(comps, std::slice::from_mut(&mut m));
            return Ok(m);
        }
    }
    Err(format!(
        "{} cannot move to {}",
        old_i,
        if added.is_empty() {
            "nothing (an empty heap)".to_string()
        } else {
            position_text(added)
        }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(src: &str, first: Player) -> Session {
        Session::new(src, Play::Normal, Limits::default(), first).unwrap()
    }

    #[test]
    fn typed_moves_in_every_form() {
        let s = session("nim(3,4,5)", Player::Human);
        let m = s.parse_move("nim(3,4,1)").unwrap();
        assert_eq!((m.component, m.to.as_str()), (2, "nim(1)"));
        assert_eq!(s.parse_move("4 3").unwrap(), m);
        assert_eq!(s.parse_move("take 4 from heap 3").unwrap(), m);
        // Order and empty heaps do not matter.
        assert_eq!(s.parse_move("nim(1,4,3)").unwrap(), m);
        let all = s.parse_move("nim(3,4)").unwrap();
        assert_eq!(all.to, "nim(0)");
        // Menu: 3 + 4 + 5 moves.
        assert_eq!(s.menu().unwrap().len(), 12);
        assert_eq!(s.parse_move("1").unwrap().to, "nim(0)");
    }

    #[test]
    fn illegal_moves_are_explained() {
        let s = session("nim(3,4,5) + sub[1,3,4](5)", Player::Human);
        for bad in [
            "nim(3,4,6) + sub[1,3,4](5)",
            "nim(2,2,5) + sub[1,3,4](5)",
            "nim(3,4,5) + sub[1,3,4](5)",
            "2 4",
            "9 1",
            "0 1",
            "1 9",
            "nim(",
            "hello",
            "99",
            "1 2 3 4",
        ] {
            let e = match s.parse_move(bad) {
                Ok(m) => panic!("{bad} accepted as {m}"),
                Err(e) => e,
            };
            assert!(!e.is_empty(), "{bad}");
        }
        assert!(s.parse_move("1 4").is_ok());
        assert!(s.parse_move("3 4").is_ok());
    }

    #[test]
    fn words_are_read_strictly_and_never_guessed() {
        let s = session("nim(3,5)", Player::Human);
        // `take 1` once read "take" as filler and played menu entry 1 (taking 3).
        let e = s.parse_move("take 1").unwrap_err();
        assert!(e.contains("which heap"), "{e}");
        for bad in [
            "take",
            "take from heap 2",
            "take 1 from",
            "heap 2",
            "1 from 2 heap",
            "take 1 2 3",
        ] {
            let e = s.parse_move(bad).unwrap_err();
            assert!(e.contains("A move is typed as"), "{bad}: {e}");
        }
        // Take 1 from heap 2 (5 → 4), in every form.
        for good in [
            "take 1 from heap 2",
            "take 1 from 2",
            "1 2",
            "TAKE 1 FROM HEAP 2",
        ] {
            let m = s.parse_move(good).unwrap();
            assert_eq!((m.component, m.to.as_str()), (1, "nim(4)"), "{good}");
            assert_eq!(m.words(), "take 1 from heap 2 (5 → 4)", "{good}");
        }
        // The menu lists nim(0,5), nim(1,5), …: entry 2 takes 2 from heap 1.
        assert_eq!(s.parse_move("#2").unwrap().to, "nim(1)");
        assert_eq!(s.parse_move("2").unwrap().to, "nim(1)");
        assert_eq!(s.parse_move("# 2").unwrap().to, "nim(1)");
        // One heap: `take K` is clear.
        let one = session("sub[1,3,4](10)", Player::Human);
        let m = one.parse_move("take 3").unwrap();
        assert_eq!(m.to, "sub[1,3,4](7)");
        assert_eq!(m.words(), "take 3 from heap 1 (10 → 7)");
        assert!(one.parse_move("take 2").is_err());
    }

    #[test]
    fn equal_heaps_are_told_apart() {
        let s = session("nim(5,5,1)", Player::Human);
        let a = s.parse_move("take 1 from heap 1").unwrap();
        let b = s.parse_move("take 1 from heap 2").unwrap();
        assert_eq!((a.component, b.component), (0, 1));
        assert_eq!(a.words(), "take 1 from heap 1 (5 → 4)");
        assert_eq!(b.words(), "take 1 from heap 2 (5 → 4)");
        // 5 ⊕ 5 ⊕ 1 = 1: the winning moves take 1 from a heap of 5 or empty the
        // heap of 1 (Bouton), each named by its own heap.
        let mut t = session("nim(5,5,1)", Player::Human);
        let words: Vec<String> = t
            .evaluate()
            .unwrap()
            .winning
            .iter()
            .map(SumMove::words)
            .collect();
        assert_eq!(
            words,
            [
                "take 1 from heap 1 (5 → 4)",
                "take 1 from heap 2 (5 → 4)",
                "take 1 from heap 3 (1 → 0)"
            ]
        );
        let split = session("lasker(5) + nim(2)", Player::Human);
        let m = split.parse_move("split heap 1 into 2 and 3").unwrap();
        assert_eq!(m.to, "lasker(2) + lasker(3)");
        assert_eq!(m.words(), "split heap 1 (5) into heaps of 2 and 3");
        assert_eq!(split.parse_move("split 1 into 2 3").unwrap(), m);
        assert_eq!(split.parse_move("1 2 3").unwrap(), m);
    }

    #[test]
    fn splits_wythoff_and_king() {
        let s = session("lasker(5) + wythoff(3,5) + king(2,2)", Player::Human);
        assert_eq!(s.parse_move("1 2 3").unwrap().to, "lasker(2) + lasker(3)");
        assert_eq!(s.parse_move("2 both").unwrap().to, "wythoff(1,3)");
        assert_eq!(s.parse_move("1 3").unwrap().to, "wythoff(3,4)");
        assert_eq!(s.parse_move("diag").unwrap().to, "king(1,1)");
        assert!(s.parse_move("1 1 3").is_err());
    }

    #[test]
    fn family_words_name_the_component_when_several_fit() {
        let s = session("wythoff(3,5) + nim(2) + wythoff(4,4)", Player::Human);
        // Heaps: 1, 2 of the first wythoff, 3 the nim heap, 4, 5 of the second.
        let e = s.parse_move("1 both").unwrap_err();
        assert!(e.contains("type 1 both H, H a heap"), "{e}");
        let m = s.parse_move("1 both 5").unwrap();
        assert_eq!((m.component, m.to.as_str()), (2, "wythoff(3,3)"));
        assert_eq!(
            s.parse_move("take 1 from both 1").unwrap().to,
            "wythoff(2,4)"
        );
        let e = s.parse_move("1 both 3").unwrap_err();
        assert!(
            e.contains("does not move nim(2), which holds heap 3"),
            "{e}"
        );
        let e = s.parse_move("1 both 9").unwrap_err();
        assert!(e.contains("there is no heap 9"), "{e}");
        // More than the smaller heap: the family's own message.
        let e = s.parse_move("4 both 1").unwrap_err();
        assert_eq!(e, "cannot take 4 from both heaps of wythoff(3,5)");
        // Kings have no numbered heaps: N is the N-th king.
        let k = session("king(2,2) + king(0,3)", Player::Human);
        let e = k.parse_move("right").unwrap_err();
        assert!(e.contains("type right N for the N-th"), "{e}");
        assert_eq!(k.parse_move("right 2").unwrap().to, "king(0,2)");
        assert_eq!(k.parse_move("diag 1").unwrap().to, "king(1,1)");
        let e = k.parse_move("diag 2").unwrap_err();
        assert_eq!(e, "the king of king(0,3) cannot step diag");
        assert!(
            k.parse_move("diag 3")
                .unwrap_err()
                .contains("numbered 1 to 2")
        );
        // Words of a family not in the position are no move.
        let e = session("nim(3,4)", Player::Human)
            .parse_move("1 both")
            .unwrap_err();
        assert!(e.contains("is not a move. A move is typed as"), "{e}");
    }

    #[test]
    fn the_forms_of_a_move_list_the_words_of_the_families_in_the_position() {
        let words = |src: &str| {
            let s = session(src, Player::Human);
            s.parse_move("bogus").unwrap_err()
        };
        let wythoff = "K both [H], or take K from both [H]";
        let king = "right, down or diag [N]";
        let e = words("nim(3,4)");
        // The example is the position after a legal move of this position.
        let example = e.rsplit("e.g. ").next().unwrap();
        assert!(e.contains("take K from heap H"), "{e}");
        // By the rules of Nim, the options of heaps 3 and 4: one heap lowered (empty
        // heaps left out).
        let mut sizes: Vec<String> = sprague_games::components(example)
            .unwrap()
            .iter()
            .map(|c| c.expr())
            .filter(|h| h != "nim(0)")
            .collect();
        sizes.sort();
        let sizes: Vec<&str> = sizes.iter().map(String::as_str).collect();
        let options: [&[&str]; 7] = [
            &["nim(4)"],
            &["nim(1)", "nim(4)"],
            &["nim(2)", "nim(4)"],
            &["nim(3)"],
            &["nim(1)", "nim(3)"],
            &["nim(2)", "nim(3)"],
            &["nim(3)", "nim(3)"],
        ];
        assert!(options.contains(&sizes.as_slice()), "{e}");
        assert!(!e.contains(wythoff) && !e.contains(king), "{e}");
        let e = words("wythoff(3,5) + nim(2) + wythoff(1,1)");
        assert_eq!(e.matches(wythoff).count(), 1, "{e}");
        assert!(!e.contains(king), "{e}");
        let e = words("king(2,2) + wythoff(1,2)");
        assert!(e.contains(wythoff) && e.contains(king), "{e}");
    }

    #[test]
    fn a_family_brings_its_own_words_to_play() {
        // The toy family (test-only, in sprague-games) defines `nibble` and `bite`;
        // nothing in play names them.
        use sprague_engine::impartial::heap::HeapFamily;
        use sprague_games::impartial::toy::Toy;
        let toy: std::rc::Rc<dyn sprague_engine::impartial::family::Family> =
            std::rc::Rc::new(HeapFamily::new(Toy));
        let nim = sprague_games::components("nim(4)").unwrap();
        let mut comps = vec![Component::heap(&toy, 5), Component::heap(&toy, 1)];
        comps.extend(nim);
        let s =
            Session::with_position(comps, Play::Normal, Limits::default(), Player::Human).unwrap();
        let e = s.parse_move("bogus").unwrap_err();
        assert!(e.contains("nibble [H] or bite [H]"), "{e}");
        // Two toy heaps: which one is asked, then heap H names it.
        let e = s.parse_move("bite").unwrap_err();
        assert!(e.contains("type bite H"), "{e}");
        let m = s.parse_move("bite 1").unwrap();
        assert_eq!((m.component, m.to.as_str()), (0, "toy(3)"));
        assert_eq!(m.words(), "take 2 from heap 1 (5 → 3)");
        assert_eq!(s.parse_move("nibble 2").unwrap().to, "toy(0)");
        assert!(s.parse_move("bite 2").unwrap_err().contains("has not 2"));
        assert!(
            s.parse_move("bite 3")
                .unwrap_err()
                .contains("does not move nim(4)")
        );
    }

    #[test]
    fn undo_returns_to_the_humans_turn() {
        let mut s = session("nim(3,4,5)", Player::Human);
        assert!(!s.undo());
        let m = s.parse_move("4 3").unwrap();
        s.make_move(m, None).unwrap();
        s.computer_move().unwrap().unwrap();
        assert_eq!(s.moves_made(), 2);
        assert!(s.undo());
        assert_eq!(s.moves_made(), 0);
        assert_eq!(s.position_text(), "nim(3,4,5)");
    }

    #[test]
    fn computer_wins_from_winning_positions() {
        let mut s = session("nim(1,2)", Player::Computer);
        let m = s.computer_move().unwrap().unwrap();
        assert_eq!(m.to, "nim(1)");
        assert_eq!(s.position_text(), "nim(1,1)");
    }

    #[test]
    fn misere_of_other_families_by_search() {
        // Misère sub[1,2]: heaps ≡ 1 (mod 3) are lost.
        for n in 0..12u64 {
            let mut s = Session::new(
                &format!("sub[1,2]({n})"),
                Play::Misere,
                Limits::default(),
                Player::Human,
            )
            .unwrap();
            let e = s.evaluate().unwrap();
            assert_eq!(e.outcome == Outcome::P, n % 3 == 1, "n = {n}");
        }
    }
}
