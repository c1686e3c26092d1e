//! `digraph["FILE"](v,…)`: tokens on the vertices of a directed graph read from FILE;
//! each token is one component, and a move slides one token along one arc. The player
//! who cannot move loses. The graph may have cycles, so play may go on forever.
//!
//! Values are Smith's generalised Sprague–Grundy values (Smith 1966; Fraenkel): a
//! vertex u has the finite value n when
//! 1. no option of u has value n,
//! 2. every value 0, …, n−1 occurs among the options of u, and
//! 3. every option of u with a larger or infinite value has an option of value n;
//!
//! the vertices left have the value ∞(K), K the set of finite values of their options.
//! A token of finite value n behaves like a Nim heap of n; the sum rules for infinite
//! values are in [`sprague_engine::impartial::sum`].
//!
//! All values are computed at once by retrograde labelling, in stages k = 0, 1, …:
//! a vertex not yet labelled gets the label k once each of its options is either
//! labelled below k or has an option labelled k (a counter per vertex, decremented
//! along reverse arcs); at the end of stage k the unlabelled vertices without an option
//! labelled k can never satisfy rule 2 and get ∞. A vertex reaches stage k only with
//! options of all values below k, so the stages cost O(V + E) plus the reverse
//! arcs of vertices having an option labelled k, summed over k. The graph is read once
//! per file: components of the same file share the family and its labels.

use crate::graph_file;
use crate::graph_file::{Csr, GraphFile, Vertices};
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::family::{Family, LoopyValue, Move, MoveSink, Pos};
use std::cell::RefCell;
use std::rc::Rc;

/// The label of a vertex of infinite value.
pub const INFINITE: u32 = u32::MAX - 1;
const UNLABELLED: u32 = u32::MAX;

/// Smith's generalised Sprague–Grundy value of every vertex of the graph with arcs
/// `fwd` and reverse arcs `rev`: a finite value, or [`INFINITE`].
///
/// ```
/// use sprague_games::impartial::digraph::{smith_values, INFINITE};
/// use sprague_games::graph_file::Csr;
/// // 0 → 1 → 2 and a two-cycle 3 ⇄ 4 with 4 → 2.
/// let (src, dst) = (vec![0, 1, 3, 4, 4], vec![1, 2, 4, 3, 2]);
/// let fwd = Csr::from_arcs(5, &src, &dst);
/// let rev = Csr::from_arcs(5, &dst, &src);
/// // 3's only option 4 can move to 2 (value 0), so 3 gets 0 and 4 gets 1.
/// assert_eq!(smith_values(&fwd, &rev), vec![0, 1, 0, 0, 1]);
/// let loop_fwd = Csr::from_arcs(2, &[0, 1], &[1, 0]);
/// assert_eq!(smith_values(&loop_fwd, &loop_fwd), vec![INFINITE, INFINITE]);
/// ```
pub fn smith_values(fwd: &Csr, rev: &Csr) -> Vec<u32> {
    let n = fwd.len();
    // Everything about a vertex in one place: one cache miss per visit.
    let mut node: Vec<Node> = (0..n)
        .map(|v| Node {
            label: UNLABELLED,
            open: fwd.offsets[v + 1] - fwd.offsets[v],
            mark: 0,
            need: 0,
        })
        .collect();

    // 1. Vertices whose options all get finite values have the mex of those values
    //    (rule 3 holds by rule 2 for the options): the classical propagation, in any
    //    order, labels everything from which no cycle can be reached.
    let mut mex = Mex::new(fwd);
    let mut stack: Vec<u32> = (0..n as u32)
        .filter(|&v| node[v as usize].open == 0)
        .collect();
    let mut max_early = 0;
    while let Some(w) = stack.pop() {
        let x = mex.of(fwd.neighbours(w).iter().map(|&o| node[o as usize].label));
        node[w as usize].label = x;
        max_early = max_early.max(x);
        for &p in rev.neighbours(w) {
            node[p as usize].open -= 1;
            if node[p as usize].open == 0 {
                stack.push(p);
            }
        }
    }
    // Those vertices by value, to mark their predecessors at the stage of their value.
    let mut by_value: Vec<Vec<u32>> = vec![Vec::new(); max_early as usize + 1];
    for v in 0..n as u32 {
        if node[v as usize].label != UNLABELLED && !rev.neighbours(v).is_empty() {
            by_value[node[v as usize].label as usize].push(v);
        }
    }

    // 2. The other vertices, stage by stage. At stage k a vertex is `marked` once it
    //    has an option labelled k, and a `candidate` while it is unlabelled, has
    //    options of all values below k, and is not marked.
    let mut alive: Vec<u32> = (0..n as u32)
        .filter(|&v| node[v as usize].label == UNLABELLED)
        .collect();
    let mut queue: Vec<u32> = Vec::new();
    let mut k: u32 = 0;
    while !alive.is_empty() {
        let marked = 2 * k + 2;
        let candidate = 2 * k + 1;
        // Options labelled k in step 1 or, below, with all their options labelled.
        if let Some(ws) = by_value.get(k as usize) {
            for &w in ws {
                for &p in rev.neighbours(w) {
                    node[p as usize].mark = marked;
                }
            }
        }
        queue.clear();
        queue.extend(
            alive
                .iter()
                .copied()
                .filter(|&u| node[u as usize].open == 0),
        );
        for &w in &queue {
            if node[w as usize].mark == marked {
                continue;
            }
            node[w as usize].label = k;
            for &p in rev.neighbours(w) {
                node[p as usize].open -= 1;
                node[p as usize].mark = marked;
            }
        }
        // Candidates whose open options all have an option labelled k get k (rule 3);
        // each new label marks more vertices, which may complete more candidates.
        queue.clear();
        for &q in &alive {
            let qi = q as usize;
            if node[qi].label != UNLABELLED || node[qi].mark == marked {
                continue;
            }
            node[qi].mark = candidate;
            let waiting = fwd
                .neighbours(q)
                .iter()
                .filter(|&&f| node[f as usize].label >= INFINITE && node[f as usize].mark != marked)
                .count() as u32;
            node[qi].need = waiting;
            if waiting == 0 {
                queue.push(q);
            }
        }
        while let Some(w) = queue.pop() {
            let wi = w as usize;
            if node[wi].label != UNLABELLED || node[wi].mark != candidate {
                continue;
            }
            node[wi].label = k;
            for &p in rev.neighbours(w) {
                let pi = p as usize;
                node[pi].open -= 1;
                if node[pi].mark == marked {
                    continue;
                }
                node[pi].mark = marked;
                if node[pi].label < INFINITE {
                    continue;
                }
                for &q in rev.neighbours(p) {
                    let qi = q as usize;
                    if node[qi].mark == candidate && node[qi].label == UNLABELLED {
                        node[qi].need -= 1;
                        if node[qi].need == 0 {
                            queue.push(q);
                        }
                    }
                }
            }
        }
        // Unlabelled vertices without an option labelled k never get a finite value.
        alive.retain(|&u| {
            let ui = u as usize;
            if node[ui].label != UNLABELLED {
                false
            } else if node[ui].mark == marked {
                true
            } else {
                node[ui].label = INFINITE;
                false
            }
        });
        k += 1;
    }
    node.into_iter().map(|x| x.label).collect()
}

/// The working state of a vertex during [`smith_values`].
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct Node {
    /// Its value so far: finite, [`INFINITE`], or [`UNLABELLED`].
    label: u32,
    /// Options not labelled with a finite value (unlabelled or infinite).
    open: u32,
    /// `2k + 2` once it has an option labelled k at stage k; `2k + 1` while a candidate.
    mark: u32,
    /// At stage k, for a candidate: open options not yet marked.
    need: u32,
}

/// The mex of the values of a vertex's options, with a reusable table.
struct Mex {
    seen: Vec<u32>,
    stamp: u32,
}

impl Mex {
    fn new(g: &Csr) -> Self {
        let max_degree = (0..g.len())
            .map(|v| g.offsets[v + 1] - g.offsets[v])
            .max()
            .unwrap_or(0);
        Mex {
            seen: vec![0; max_degree as usize + 1],
            stamp: 0,
        }
    }

    /// The least value not among `values` (at most as many as the largest degree),
    /// in time proportional to their number.
    fn of(&mut self, values: impl Iterator<Item = u32>) -> u32 {
        self.stamp += 1;
        let mut count = 0usize;
        for x in values {
            count += 1;
            if let Some(s) = self.seen.get_mut(x as usize) {
                *s = self.stamp;
            }
        }
        (0..=count.min(self.seen.len() - 1))
            .find(|&x| self.seen[x] != self.stamp)
            .unwrap_or(count) as u32
    }
}

/// A graph with the values of all its vertices. The graph is stored on compact
/// vertices ([`Vertices`]); the methods take and give the file's vertex numbers.
#[derive(Debug)]
pub struct Solved {
    /// The file's vertices and their compact numbers.
    pub vertices: Vertices,
    /// The arcs, between compact vertices.
    pub fwd: Csr,
    /// The value of each compact vertex (finite, or [`INFINITE`]).
    pub values: Vec<u32>,
}

impl Solved {
    /// Solves the graph with `n` vertices and arcs `src[i] → dst[i]`.
    pub fn new(n: u32, src: &[u32], dst: &[u32]) -> Solved {
        let arcs = src
            .iter()
            .zip(dst)
            .map(|(&u, &v)| graph_file::pack(u, v))
            .collect();
        match Solved::from_file(GraphFile { n, arcs }) {
            Ok(s) => s,
            // As `vec!` does when memory runs out.
            Err(_) => std::alloc::handle_alloc_error(std::alloc::Layout::new::<u64>()),
        }
    }

    /// Solves the graph of a file, or fails when its storage cannot be allocated.
    pub(crate) fn from_file(g: GraphFile) -> Result<Solved, std::collections::TryReserveError> {
        let (vertices, g) = g.compact()?;
        let mut scratch = Vec::new();
        let fwd = Csr::try_from_packed(g.n, &g.arcs, &mut scratch, false)?;
        let rev = Csr::try_from_packed(g.n, &g.arcs, &mut scratch, true)?;
        drop(g);
        drop(scratch);
        let values = smith_values(&fwd, &rev);
        Ok(Solved {
            vertices,
            fwd,
            values,
        })
    }

    /// The value of vertex `v` (finite, or [`INFINITE`]).
    pub fn value(&self, v: u32) -> u32 {
        self.values[self.vertices.local(v) as usize]
    }

    /// The options of `v`, ascending, each once.
    pub fn options(&self, v: u32) -> Vec<u32> {
        let mut o: Vec<u32> = self
            .fwd
            .neighbours(self.vertices.local(v))
            .iter()
            .filter_map(|&w| self.vertices.global(w))
            .collect();
        o.sort_unstable();
        o.dedup();
        o
    }

    /// The set K of finite values of the options of `v`, ascending.
    pub(crate) fn option_values(&self, v: u32) -> Vec<u32> {
        let mut k: Vec<u32> = self
            .fwd
            .neighbours(self.vertices.local(v))
            .iter()
            .map(|&w| self.values[w as usize])
            .filter(|&x| x != INFINITE)
            .collect();
        k.sort_unstable();
        k.dedup();
        k
    }

    /// The generalised value of `v`.
    pub fn loopy_value(&self, v: u32) -> LoopyValue {
        match self.value(v) {
            INFINITE => LoopyValue::Infinite(
                self.option_values(v)
                    .into_iter()
                    .map(|x| Nat::from(u64::from(x)))
                    .collect(),
            ),
            x => LoopyValue::Finite(Nat::from(u64::from(x))),
        }
    }
}

/// The `digraph["FILE"]` family: the file is read and solved on first use.
pub struct Digraph {
    path: String,
    solved: RefCell<Option<Rc<Solved>>>,
}

impl Digraph {
    /// The family of the graph in the file at `path` (read when first needed).
    pub fn new(path: &str) -> Self {
        Digraph {
            path: path.to_string(),
            solved: RefCell::new(None),
        }
    }

    /// The family of a graph given by its arcs, named as if read from `path`.
    pub fn from_arcs(path: &str, n: u32, src: &[u32], dst: &[u32]) -> Self {
        Digraph {
            path: path.to_string(),
            solved: RefCell::new(Some(Rc::new(Solved::new(n, src, dst)))),
        }
    }

    /// The graph and its values, reading the file the first time.
    pub fn solved(&self, limits: &Limits) -> Result<Rc<Solved>, SolveError> {
        if let Some(s) = self.solved.borrow().as_ref() {
            return Ok(s.clone());
        }
        let g = graph_file::read(&self.path, true, limits)?;
        let arcs = g.arcs.len();
        let s = Solved::from_file(g).map_err(|_| graph_file::no_memory(&self.path, arcs))?;
        let s = Rc::new(s);
        *self.solved.borrow_mut() = Some(s.clone());
        Ok(s)
    }

    fn vertex(&self, pos: &Pos, s: &Solved) -> Result<u32, SolveError> {
        let n = s.vertices.declared;
        match pos.as_slice() {
            [v] => match v.to_u64() {
                Some(x) if x < u64::from(n) => Ok(x as u32),
                _ => Err(SolveError::Input(format!(
                    "{}({v}): {}",
                    self.name(),
                    s.vertices.out_of_range(v, &self.path)
                ))),
            },
            _ => Err(SolveError::Input(format!(
                "{} takes one vertex per token",
                self.name()
            ))),
        }
    }

    /// The move sliding the token from `v` to `w`, in words when `words`.
    fn slide(&self, v: u32, w: u32, words: bool) -> Move {
        let text = if words {
            format!("move the token from {v} to {w}")
        } else {
            String::new()
        };
        Move::one(smallvec::smallvec![Nat::from(u64::from(w))], text)
    }
}

fn value_name(x: u32) -> String {
    if x == INFINITE {
        "∞".into()
    } else {
        x.to_string()
    }
}

fn set(values: &[u32]) -> String {
    let parts: Vec<String> = values.iter().map(|&x| value_name(x)).collect();
    format!("{{{}}}", parts.join(","))
}

impl Family for Digraph {
    fn name(&self) -> String {
        format!("digraph[\"{}\"]", self.path)
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        if pos.len() == 1 {
            Ok(())
        } else {
            Err(SolveError::Input(format!(
                "{} takes one vertex per token",
                self.name()
            )))
        }
    }

    fn loopy_value(&self, pos: &Pos, limits: &Limits) -> Result<Option<LoopyValue>, SolveError> {
        let s = self.solved(limits)?;
        let v = self.vertex(pos, &s)?;
        Ok(Some(s.loopy_value(v)))
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let s = self.solved(limits)?;
        let v = self.vertex(pos, &s)?;
        Ok(match s.value(v) {
            INFINITE => None,
            x => Some(Nat::from(u64::from(x))),
        })
    }

    fn is_p_position(&self, pos: &Pos, limits: &Limits) -> Result<bool, SolveError> {
        let s = self.solved(limits)?;
        let v = self.vertex(pos, &s)?;
        Ok(s.value(v) == 0)
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let s = self.solved(limits)?;
        let v = self.vertex(pos, &s)?;
        let Some(t) = target.to_u64().filter(|&t| t < u64::from(INFINITE)) else {
            return Ok(());
        };
        for w in s.options(v) {
            if u64::from(s.value(w)) == t && !sink.push(self.slide(v, w, sink.wants_words())) {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let s = self.solved(limits)?;
        let v = self.vertex(pos, &s)?;
        for w in s.options(v) {
            if !sink.push(self.slide(v, w, sink.wants_words())) {
                break;
            }
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let s = self.solved(limits)?;
        let v = self.vertex(pos, &s)?;
        Ok(Some(Nat::from(s.options(v).len())))
    }

    fn move_to(&self, pos: &Pos, to: &Pos, limits: &Limits) -> Result<Option<Move>, SolveError> {
        let s = self.solved(limits)?;
        let v = self.vertex(pos, &s)?;
        let Ok(w) = self.vertex(to, &s) else {
            return Ok(None);
        };
        Ok(s.fwd
            .neighbours(v)
            .contains(&w)
            .then(|| self.slide(v, w, true)))
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let s = self.solved(limits)?;
        let v = self.vertex(pos, &s)?;
        let opts = s.options(v);
        let mut vals: Vec<u32> = opts.iter().map(|&w| s.value(w)).collect();
        vals.sort_unstable();
        vals.dedup();
        let x = s.value(v);
        let line = if opts.is_empty() {
            format!("vertex {v} has value 0: it has no options, so the player to move there loses")
        } else if x == INFINITE {
            let k = s.option_values(v);
            let m = (0u32..).find(|i| k.binary_search(i).is_err()).unwrap_or(0);
            // Rule 3 fails for m: some option of larger or infinite value cannot move to m.
            let blocker = opts
                .iter()
                .copied()
                .find(|&w| s.value(w) > m && !s.options(w).iter().any(|&y| s.value(y) == m));
            let why = match blocker {
                Some(w) => format!(
                    "the only candidate is {m} (the least value missing among the options), but option {w} (value {}) has no option of value {m}",
                    value_name(s.value(w))
                ),
                None => {
                    format!("the only candidate is {m}, the least value missing among the options")
                }
            };
            format!(
                "vertex {v} has value ∞{}: its options have values {}; {why}, so no finite value fits (Smith) and play can be kept going forever; alone it is {}",
                set(&k),
                set(&vals),
                if k.first() == Some(&0) {
                    "a win for the player to move (move to an option of value 0)"
                } else {
                    "a draw"
                }
            )
        } else {
            let k = s.option_values(v);
            let loops: Vec<String> = opts
                .iter()
                .filter(|&&w| s.value(w) == INFINITE)
                .map(|w| w.to_string())
                .collect();
            let mut line = format!(
                "vertex {v} has value {x}: the least value missing among the finite values {} of its options",
                set(&k)
            );
            if !loops.is_empty() {
                line.push_str(&format!(
                    "; its options of value ∞ ({}) each have an option of value {x}, so they offer no escape (Smith's generalised Sprague–Grundy function)",
                    loops.join(", ")
                ));
            }
            line
        };
        Ok(vec![line])
    }

    fn is_heap_family(&self) -> bool {
        true
    }

    fn is_numbered_heap(&self) -> bool {
        false
    }
}

/// `digraph["FILE"]` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["digraph"],
    usage: Some((
        "digraph[\"FILE\"](v,…)",
        "tokens on a directed graph (cycles allowed: draws, values ∞)",
    )),
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "Tokens on a directed graph read from a file; a move slides one token along an edge. Cycles are allowed, so a game may be a draw.",
        example: None,
    }),
    build: |reg, t| {
        let path = reg.file_param(t)?;
        Ok((reg.shared(Digraph::new(&path)), 1))
    },
    read: None,
    table: None,
    names_file: super::always_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Win/loss/draw of every state of a finite game graph, straight from the rules:
    /// states without moves are lost for the player to move; a state with a move to a
    /// lost state is won; a state all of whose moves go to won states is lost; the
    /// rest are draws. `moves[s]` lists the options of state s.
    fn outcomes(moves: &[Vec<usize>]) -> Vec<char> {
        let n = moves.len();
        let mut out = vec!['D'; n];
        let mut changed = true;
        while changed {
            changed = false;
            for s in 0..n {
                if out[s] != 'D' {
                    continue;
                }
                let o = if moves[s].iter().any(|&t| out[t] == 'P') {
                    'N'
                } else if moves[s].iter().all(|&t| out[t] == 'N') {
                    'P'
                } else {
                    continue;
                };
                out[s] = o;
                changed = true;
            }
        }
        out
    }

    /// A small digraph: arcs anywhere, or (by `down`) mostly towards smaller vertices,
    /// so that both long acyclic stretches and cycles occur.
    fn graph() -> impl Strategy<Value = (u32, Vec<(u32, u32)>)> {
        (1u32..10, 0u8..4).prop_flat_map(|(n, down)| {
            let arcs = prop::collection::vec((0..n, 0..n, 0u8..4), 0..24).prop_map(move |a| {
                a.into_iter()
                    .filter_map(|(u, v, r)| match r < down {
                        false => Some((u, v)),
                        true if u == v => None,
                        true => Some((u.max(v), u.min(v))),
                    })
                    .collect::<Vec<_>>()
            });
            (Just(n), arcs)
        })
    }

    fn solve(n: u32, arcs: &[(u32, u32)]) -> Solved {
        let src: Vec<u32> = arcs.iter().map(|a| a.0).collect();
        let dst: Vec<u32> = arcs.iter().map(|a| a.1).collect();
        Solved::new(n, &src, &dst)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Smith's characterisation: u + *m is a loss for the player to move iff u has
        /// the finite value m; a win iff u is finite and ≠ m, or u = ∞(K) with m ∈ K;
        /// else a draw. Checked on the game "token on u plus a Nim heap of m".
        #[test]
        fn values_predict_the_outcome_with_a_nim_heap((n, arcs) in graph()) {
            let s = solve(n, &arcs);
            let heaps = n as usize + 2;
            let id = |v: usize, h: usize| v * heaps + h;
            let mut moves = vec![Vec::new(); n as usize * heaps];
            for v in 0..n as usize {
                for h in 0..heaps {
                    for &(a, b) in &arcs {
                        if a as usize == v {
                            moves[id(v, h)].push(id(b as usize, h));
                        }
                    }
                    for g in 0..h {
                        moves[id(v, h)].push(id(v, g));
                    }
                }
            }
            let out = outcomes(&moves);
            for v in 0..n {
                let k = s.option_values(v);
                for h in 0..heaps {
                    let want = match s.value(v) {
                        INFINITE if k.contains(&(h as u32)) => 'N',
                        INFINITE => 'D',
                        x if x as usize == h => 'P',
                        _ => 'N',
                    };
                    prop_assert_eq!(out[id(v as usize, h)], want, "vertex {} heap {} values {:?}", v, h, s.values);
                }
            }
        }
    }

    #[test]
    fn a_long_chain_needs_no_recursion() {
        // 0 ← 1 ← 2 ← … : the values alternate 0, 1, 0, 1, …
        let n = 200_000u32;
        let src: Vec<u32> = (1..n).collect();
        let dst: Vec<u32> = (0..n - 1).collect();
        let s = Solved::new(n, &src, &dst);
        assert!(
            s.values
                .iter()
                .enumerate()
                .all(|(i, &x)| x == (i % 2) as u32)
        );
    }

    #[test]
    fn self_loop_is_infinite() {
        // A vertex whose only move is to itself: the game never ends (∞ with K = ∅).
        let s = Solved::new(1, &[0], &[0]);
        assert_eq!(s.loopy_value(0), LoopyValue::Infinite(vec![]));
        // A self-loop next to a move to a terminal vertex: move there and win: ∞{0}.
        let s = Solved::new(2, &[0, 0], &[0, 1]);
        assert_eq!(s.loopy_value(0), LoopyValue::Infinite(vec![Nat::ZERO]));
    }
}
