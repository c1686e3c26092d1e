//! Green Hackenbush on any graph: `greenhackenbush("0-1 1-2 2-0 1-3")`.
//!
//! The position is a graph of green edges written as an edge list (`U-V`, separated by
//! spaces or commas; vertices are numbers, `0` — or `g` — is the ground; several
//! edges between two vertices and loops `V-V` are allowed). A move deletes one edge,
//! and every edge no longer connected to the ground disappears; the player who cannot
//! move loses. Either player may delete any edge: the game is impartial, the green
//! edges of Hackenbush (`hackenbush("0-1:G …")` is the same position).
//!
//! Its nim-value, in linear time (Winning Ways, ch. 7, "Green Hackenbush"):
//! - Colon principle: the value of a rooted tree is the nim-sum over the children c
//!   of the root of (value of c's subtree + 1); a stalk of n edges is *n. (Cutting
//!   the edge to a child removes its branch, worth value + 1 as a stalk hanging from
//!   the root; the principle is that a branch may be replaced by any branch of the
//!   same value.) For the "edge-deletion game on a rooted tree" this is the familiar
//!   SG(v) = XOR over children (SG(child) + 1).
//! - Fusion principle: the vertices on a cycle may be fused into one vertex without
//!   changing the value, the cycle's edges becoming loops, and a loop is worth a
//!   single edge (*1). Fusing every 2-edge-connected part of the graph (the ground's
//!   part included) leaves a tree of bridges with loops at its vertices, valued by
//!   the colon principle: a part with k edges on cycles contributes *(k mod 2).
//!
//! Both are done by one iterative depth-first search (bridges by low links), so a
//! path or a cycle of 10^5 edges needs no recursion. Winning moves come from the same
//! pass: going down the tree of parts, the value each part must take for the whole to
//! reach the target is known; a bridge whose branch must vanish, a loop whose parity
//! must change, or an edge of a cycle whose deletion (the part valued again, a cost
//! linear in its size, charged to `--max-states`) gives the part its needed value is
//! a winning move.

use crate::partizan::hackenbush_graph;
use crate::partizan::hackenbush_graph::Written;
use rustc_hash::FxHashMap;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::family::{Family, MoveSink, Pos};
use std::cell::RefCell;
use std::rc::Rc;

/// Marks a vertex not reached from the ground, or the ground's missing parent edge.
pub const NONE: u32 = u32::MAX;

/// Largest vertex number of a written graph.
pub(crate) const MAX_VERTEX: u64 = 999_999_999;

/// An iterative depth-first search of an undirected multigraph from vertex 0.
#[derive(Debug, Clone)]
pub(crate) struct Dfs {
    /// Preorder index of each vertex; [`u32::MAX`] when it is not reached.
    pub disc: Vec<u32>,
    /// The least preorder index reached from the vertex's subtree by one edge other
    /// than the tree edges (a back edge), or its own index.
    pub low: Vec<u32>,
    /// The index of the tree edge from each vertex's parent ([`u32::MAX`] for the
    /// ground and for vertices not reached).
    pub parent_edge: Vec<u32>,
    /// The vertices reached, in preorder (the ground first).
    pub order: Vec<u32>,
}

impl Dfs {
    /// The search of the graph on vertices `0..n` with `edges` (loops allowed; they
    /// are not followed).
    pub fn new(n: usize, edges: &[(u32, u32)]) -> Dfs {
        // Adjacency lists in one array: the neighbours of v at start[v]..start[v + 1].
        let mut start = vec![0u32; n + 1];
        for &(a, b) in edges {
            if a != b {
                start[a as usize + 1] += 1;
                start[b as usize + 1] += 1;
            }
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut adj = vec![(0u32, 0u32); start[n] as usize];
        for (i, &(a, b)) in edges.iter().enumerate() {
            if a != b {
                adj[fill[a as usize] as usize] = (b, i as u32);
                fill[a as usize] += 1;
                adj[fill[b as usize] as usize] = (a, i as u32);
                fill[b as usize] += 1;
            }
        }
        let mut disc = vec![NONE; n];
        let mut low = vec![NONE; n];
        let mut parent_edge = vec![NONE; n];
        let mut order = Vec::new();
        if n == 0 {
            return Dfs {
                disc,
                low,
                parent_edge,
                order,
            };
        }
        disc[0] = 0;
        low[0] = 0;
        order.push(0);
        // Each frame: a vertex and the next of its adjacency entries to look at.
        let mut stack: Vec<(u32, u32)> = vec![(0, start[0])];
        while let Some(top) = stack.last_mut() {
            let v = top.0 as usize;
            if top.1 < start[v + 1] {
                let (w, e) = adj[top.1 as usize];
                top.1 += 1;
                if e == parent_edge[v] {
                    continue;
                }
                let w = w as usize;
                if disc[w] == NONE {
                    disc[w] = order.len() as u32;
                    low[w] = disc[w];
                    parent_edge[w] = e;
                    order.push(w as u32);
                    stack.push((w as u32, start[w]));
                } else {
                    low[v] = low[v].min(disc[w]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _)) = stack.last() {
                    low[p as usize] = low[p as usize].min(low[v]);
                }
            }
        }
        Dfs {
            disc,
            low,
            parent_edge,
            order,
        }
    }

    /// The parent of a vertex reached other than the ground, through `edges`.
    pub fn parent(&self, v: u32, edges: &[(u32, u32)]) -> u32 {
        let (a, b) = edges[self.parent_edge[v as usize] as usize];
        if a == v { b } else { a }
    }

    /// Whether the tree edge into `v` (reached, not the ground) is a bridge.
    pub(crate) fn is_bridge_into(&self, v: u32, edges: &[(u32, u32)]) -> bool {
        let p = self.parent(v, edges);
        self.low[v as usize] > self.disc[p as usize]
    }
}

/// A graph with its 2-edge-connected parts fused: the tree of parts joined by
/// bridges, and the value of each part with everything that hangs from it.
#[derive(Debug, Clone)]
pub(crate) struct Fused {
    /// The search the parts come from.
    pub dfs: Dfs,
    /// The part of each vertex reached ([`u32::MAX`] otherwise); part 0 holds the
    /// ground, and a part's number is larger than that of the part it hangs from.
    pub part: Vec<u32>,
    /// The first vertex of each part in preorder (the ground for part 0): where the
    /// part's bridge arrives.
    pub top: Vec<u32>,
    /// For each part but 0, the part it hangs from (part 0: itself).
    pub parent: Vec<u32>,
    /// Edges of each part that lie on a cycle, loops included.
    pub cyclic: Vec<u64>,
    /// Nim-value of each part with what hangs from it, the part's top as its ground.
    pub value: Vec<u64>,
}

impl Fused {
    /// Fuses the graph on vertices `0..n` (0 the ground) with green `edges`; `base`,
    /// if given, adds to each vertex a green stalk of that many edges (what was
    /// already valued hanging there). Edges not connected to the ground are ignored.
    pub fn new(n: usize, edges: &[(u32, u32)], base: Option<&[u64]>) -> Fused {
        let dfs = Dfs::new(n, edges);
        let mut part = vec![NONE; n];
        let mut top = Vec::new();
        let mut parent = Vec::new();
        for &v in &dfs.order {
            if v == 0 {
                part[0] = 0;
                top.push(0);
                parent.push(0);
                continue;
            }
            let p = dfs.parent(v, edges);
            if dfs.is_bridge_into(v, edges) {
                part[v as usize] = top.len() as u32;
                top.push(v);
                parent.push(part[p as usize]);
            } else {
                part[v as usize] = part[p as usize];
            }
        }
        let mut cyclic = vec![0u64; top.len()];
        for &(a, b) in edges {
            let pa = part[a as usize];
            if pa == NONE {
                continue;
            }
            // The edges between two parts are the bridges.
            if part[b as usize] == pa {
                cyclic[pa as usize] += 1;
            }
        }
        let mut value: Vec<u64> = cyclic.iter().map(|&k| k & 1).collect();
        if let Some(base) = base {
            for &v in &dfs.order {
                value[part[v as usize] as usize] ^= base[v as usize];
            }
        }
        for k in (1..top.len()).rev() {
            let add = value[k] + 1;
            value[parent[k] as usize] ^= add;
        }
        Fused {
            dfs,
            part,
            top,
            parent,
            cyclic,
            value,
        }
    }

    /// The nim-value of the whole graph.
    pub fn total(&self) -> u64 {
        self.value.first().copied().unwrap_or(0)
    }
}

/// The nim-value of the green graph on vertices `0..n` (0 the ground) with `edges`,
/// by the fusion and colon principles.
///
/// ```
/// use sprague_games::impartial::green::value;
/// // A triangle on the ground with a stalk of two edges on top: the triangle fuses
/// // into the ground with three loops (*1); the stalk is *2: *1 + *2 = *3.
/// assert_eq!(value(5, &[(0, 1), (1, 2), (2, 0), (1, 3), (3, 4)]), 3);
/// ```
pub fn value(n: usize, edges: &[(u32, u32)]) -> u64 {
    Fused::new(n, edges, None).total()
}

/// The edges (indices into `edges`) whose deletion leaves the green graph with
/// nim-value `target`. Deleting an edge of a cycle changes its part, which is valued
/// again: that work is charged to `limits`.
pub(crate) fn moves_to(
    n: usize,
    edges: &[(u32, u32)],
    target: u64,
    limits: &Limits,
) -> Result<Vec<u32>, SolveError> {
    let f = Fused::new(n, edges, None);
    let parts = f.top.len();
    // The value each part must take, with what hangs from it, for the whole to reach
    // the target: None when no move inside the part can do it.
    let mut want: Vec<Option<u64>> = vec![None; parts];
    let mut wins = Vec::new();
    if parts == 0 {
        return Ok(wins);
    }
    want[0] = Some(target);
    for k in 1..parts {
        let p = f.parent[k] as usize;
        if let Some(w) = want[p] {
            let r = w ^ f.value[p] ^ (f.value[k] + 1);
            if r == 0 {
                wins.push(f.dfs.parent_edge[f.top[k] as usize]);
            } else {
                want[k] = Some(r - 1);
            }
        }
    }
    // The edges of each part that lie on cycles, and what hangs from its vertices.
    let mut inner: Vec<Vec<u32>> = vec![Vec::new(); parts];
    for (i, &(a, b)) in edges.iter().enumerate() {
        let pa = f.part[a as usize];
        if pa == NONE || want[pa as usize].is_none() {
            continue;
        }
        if a == b || f.part[b as usize] == pa {
            inner[pa as usize].push(i as u32);
        }
    }
    let mut hanging: FxHashMap<u32, u64> = FxHashMap::default();
    for k in 1..parts {
        let p = f.parent[k] as usize;
        if want[p].is_some() && !inner[p].is_empty() {
            let at = f.dfs.parent(f.top[k], edges);
            *hanging.entry(at).or_insert(0) ^= f.value[k] + 1;
        }
    }
    for (k, list) in inner.iter().enumerate() {
        let Some(w) = want[k] else { continue };
        if list.is_empty() {
            continue;
        }
        // The part alone: its vertices numbered from its top (0), its edges on
        // cycles, and as base the values hanging from each vertex.
        let mut local: FxHashMap<u32, u32> = FxHashMap::default();
        local.insert(f.top[k], 0);
        let mut local_edges = Vec::with_capacity(list.len());
        for &i in list {
            let (a, b) = edges[i as usize];
            let mut id = |v: u32| {
                let next = local.len() as u32;
                *local.entry(v).or_insert(next)
            };
            let (a, b) = (id(a), id(b));
            local_edges.push((a, b));
        }
        let mut base = vec![0u64; local.len()];
        for (&v, &x) in &local {
            if let Some(&h) = hanging.get(&v) {
                base[x as usize] = h;
            }
        }
        let size = (local.len() + list.len()) as u64;
        for (j, &i) in list.iter().enumerate() {
            limits.check_stop()?;
            limits.charge_work(
                size.saturating_mul(4),
                "the winning moves of a green Hackenbush graph",
            )?;
            let (a, b) = local_edges[j];
            let v = if a == b {
                // A loop: the part's parity changes, nothing else.
                f.value[k] ^ 1
            } else {
                let mut rest = local_edges.clone();
                rest.swap_remove(j);
                Fused::new(local.len(), &rest, Some(&base)).total()
            };
            if v == w {
                wins.push(i);
            }
        }
    }
    wins.sort_unstable();
    Ok(wins)
}

/// The edges of `edges` still connected to the ground when edge `cut` is deleted (in
/// their order).
pub fn after_cut(n: usize, edges: &[(u32, u32)], cut: usize) -> Vec<(u32, u32)> {
    let rest: Vec<(u32, u32)> = edges
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != cut)
        .map(|(_, &e)| e)
        .collect();
    connected(n, &rest)
}

/// The edges of `edges` connected to the ground (vertex 0), in their order.
pub fn connected(n: usize, edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let dfs = Dfs::new(n, edges);
    edges
        .iter()
        .copied()
        .filter(|&(a, _)| dfs.disc[a as usize] != NONE)
        .collect()
}

/// The impartial family `greenhackenbush`: a position is a list of edges, stored as
/// the written vertex numbers in pairs (`0` the ground). The analysis of the last
/// position asked about is kept, since the value, the winning moves and the
/// explanation of one position are asked for in turn.
#[derive(Debug, Default)]
pub(crate) struct GreenHackenbush {
    last: RefCell<Option<(Pos, Rc<Analysed>)>>,
}

/// A position read back into compact vertices and fused.
#[derive(Debug)]
struct Analysed {
    /// The written number of each compact vertex (0 stays the ground).
    names: Vec<u64>,
    /// The edges between compact vertices, in the written order.
    edges: Vec<(u32, u32)>,
    /// The parts and values.
    fused: Fused,
    /// The number of vertices of each vertex's subtree in the search.
    size: Vec<u32>,
}

impl Analysed {
    fn new(pos: &Pos) -> Analysed {
        let mut index: FxHashMap<u64, u32> = FxHashMap::default();
        let mut names = vec![0u64];
        index.insert(0, 0);
        let mut id = |v: u64| {
            *index.entry(v).or_insert_with(|| {
                names.push(v);
                names.len() as u32 - 1
            })
        };
        let edges: Vec<(u32, u32)> = pos
            .chunks(2)
            .map(|p| {
                let a = p[0].to_u64().unwrap_or(0);
                let b = p.get(1).and_then(Nat::to_u64).unwrap_or(0);
                (id(a), id(b))
            })
            .collect();
        let fused = Fused::new(names.len(), &edges, None);
        let mut size = vec![1u32; names.len()];
        for &v in fused.dfs.order.iter().skip(1).rev() {
            let p = fused.dfs.parent(v, &edges);
            size[p as usize] += size[v as usize];
        }
        Analysed {
            names,
            edges,
            fused,
            size,
        }
    }

    fn reached(&self, v: u32) -> bool {
        self.fused.dfs.disc[v as usize] != NONE
    }

    /// Calls `f` with the written vertex numbers of each edge still connected to the
    /// ground once edge `cut` is deleted (`None`: none deleted), in order. Only a
    /// bridge cuts something off: the search subtree below it.
    fn each_kept(&self, cut: Option<usize>, mut f: impl FnMut(u64, u64)) {
        let disc = &self.fused.dfs.disc;
        let (from, to) = match cut {
            Some(e) => {
                let (a, b) = self.edges[e];
                let below = if self.fused.dfs.parent_edge[b as usize] == e as u32 {
                    b
                } else {
                    a
                };
                let bridge = a != b
                    && self.fused.dfs.parent_edge[below as usize] == e as u32
                    && self.fused.part[a as usize] != self.fused.part[b as usize];
                if bridge {
                    let d = disc[below as usize];
                    (d, d + self.size[below as usize])
                } else {
                    (0, 0)
                }
            }
            None => (0, 0),
        };
        for (i, &(a, b)) in self.edges.iter().enumerate() {
            let d = disc[a as usize].max(disc[b as usize]);
            if Some(i) == cut || !self.reached(a) || (from <= d && d < to) {
                continue;
            }
            f(self.names[a as usize], self.names[b as usize]);
        }
    }

    /// The position after deleting edge `e`.
    fn after(&self, e: usize) -> Pos {
        let mut pos = Pos::new();
        self.each_kept(Some(e), |a, b| {
            pos.push(Nat::from(a));
            pos.push(Nat::from(b));
        });
        pos
    }

    /// `greenhackenbush("…")` of the edges connected to the ground, with the written
    /// vertex numbers.
    fn write(&self) -> String {
        let mut out = String::with_capacity(self.edges.len() * 12 + 20);
        out.push_str("greenhackenbush(\"");
        let mut first = true;
        let mut digits = itoa::Buffer::new();
        self.each_kept(None, |a, b| {
            if !first {
                out.push(' ');
            }
            first = false;
            out.push_str(digits.format(a));
            out.push('-');
            out.push_str(digits.format(b));
        });
        out.push_str("\")");
        out
    }

    /// The move cutting edge `e`, naming the edge by its number in the position as
    /// written (edges cut off from the ground are not written), so that parallel
    /// edges are told apart: `cut edge 2 (0-1)`.
    fn edge_text(&self, e: usize) -> String {
        let (a, b) = self.edges[e];
        let number = self.edges[..=e]
            .iter()
            .filter(|&&(a, _)| self.reached(a))
            .count();
        format!(
            "cut edge {number} ({}-{})",
            self.names[a as usize], self.names[b as usize]
        )
    }
}

impl GreenHackenbush {
    /// The family (no parameters).
    pub fn new() -> Self {
        Self::default()
    }

    fn analysed(&self, pos: &Pos) -> Rc<Analysed> {
        if let Some((p, a)) = self.last.borrow().as_ref()
            && p == pos
        {
            return a.clone();
        }
        let a = Rc::new(Analysed::new(pos));
        *self.last.borrow_mut() = Some((pos.clone(), a.clone()));
        a
    }
}

/// The position of a written green graph: the vertex numbers in pairs. On error, the
/// character index and what is wrong (a colour other than green).
pub fn read(s: &str) -> Result<Pos, (usize, String)> {
    let written = hackenbush_graph::parse_edges(s)?;
    let mut pos = Pos::with_capacity(written.len() * 2);
    for Written { a, b, colour, at } in written {
        if colour.is_some_and(|c| c != hackenbush_graph::Edge::Green) {
            return Err((
                at,
                "greenhackenbush has green edges only (write U-V or U-V:G; hackenbush takes colours)"
                    .to_string(),
            ));
        }
        pos.push(Nat::from(a));
        pos.push(Nat::from(b));
    }
    Ok(pos)
}

impl Family for GreenHackenbush {
    fn name(&self) -> String {
        "greenhackenbush".into()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        if !pos.len().is_multiple_of(2) {
            return Err(SolveError::Input(
                "greenhackenbush takes edges, written as a string: greenhackenbush(\"0-1 1-2\")"
                    .into(),
            ));
        }
        if pos
            .iter()
            .any(|v| v.to_u64().is_none_or(|v| v > MAX_VERTEX))
        {
            return Err(SolveError::Input(format!(
                "greenhackenbush: a vertex is a number up to {MAX_VERTEX}"
            )));
        }
        Ok(())
    }

    fn write_position(&self, pos: &Pos, out: &mut String) {
        out.push_str(&self.analysed(pos).write());
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        limits.check_stop()?;
        Ok(Some(Nat::from(self.analysed(pos).fused.total())))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let a = self.analysed(pos);
        let Some(target) = target.to_u64() else {
            return Ok(());
        };
        for e in moves_to(a.names.len(), &a.edges, target, limits)? {
            let e = e as usize;
            if !sink.offer_one(a.after(e), || a.edge_text(e)) {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let a = self.analysed(pos);
        for e in 0..a.edges.len() {
            if !a.reached(a.edges[e].0) {
                continue;
            }
            limits.check_stop()?;
            if !sink.offer_one(a.after(e), || a.edge_text(e)) {
                break;
            }
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let a = self.analysed(pos);
        let count = a.edges.iter().filter(|&&(v, _)| a.reached(v)).count();
        Ok(Some(Nat::from(count)))
    }

    fn explain(&self, pos: &Pos, _limits: &Limits) -> Result<Vec<String>, SolveError> {
        let a = self.analysed(pos);
        let f = &a.fused;
        let fused = f.cyclic.iter().filter(|&&k| k > 0).count();
        let on_cycles: u64 = f.cyclic.iter().sum();
        Ok(vec![
            format!(
                "green Hackenbush (Winning Ways, ch. 7): {} edges connected to the ground; the fusion principle fuses each of the {fused} parts with cycles into one vertex ({on_cycles} edges become loops, each worth *1), leaving a tree of {} bridge(s)",
                f.top.len().saturating_sub(1) as u64 + on_cycles,
                f.top.len().saturating_sub(1)
            ),
            format!(
                "colon principle: each vertex is worth the nim-sum of (branch + 1) over its branches and *1 per loop; the ground is worth *{}",
                f.total()
            ),
        ])
    }
}

/// `greenhackenbush("…", …)` in the expression language: one graph per string.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["greenhackenbush"],
    usage: None,
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "Green Hackenbush: a graph of edges attached to the ground; a move deletes an edge, and whatever no longer touches the ground falls. Whoever takes the last edge wins.",
        example: Some("greenhackenbush(\"0-1 1-2 2-0\")"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((reg.shared(GreenHackenbush::new()), 0))
    },
    read: Some(|reg, t, out| {
        use sprague_expr::Arg;
        let (family, _) = (ENTRY.build)(reg, t)?;
        let usage = "greenhackenbush takes graphs of green edges written as strings: edges U-V separated by spaces, 0 (or g) the ground, e.g. greenhackenbush(\"0-1 1-2 2-0\")";
        let args = match t.args.as_deref() {
            Some(a) if !a.is_empty() => a,
            _ => return Err(reg.error(t.span, usage)),
        };
        for a in args {
            let Arg::Str(s, span) = a else {
                return Err(reg.error(a.span(), usage));
            };
            let pos = read(s).map_err(|(i, m)| {
                reg.error(
                    crate::partizan::char_span(*span, s, i),
                    &format!("bad graph: {m}"),
                )
            })?;
            out.push(sprague_engine::impartial::sum::Component {
                family: family.clone(),
                pos,
            });
        }
        Ok(())
    }),
    table: None,
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The nim-value by the plain impartial game tree: mex over every edge's deletion
    /// (the edges cut off from the ground deleted too), memoised on the edge set.
    fn plain(n: usize, edges: &[(u32, u32)], memo: &mut FxHashMap<Vec<(u32, u32)>, u64>) -> u64 {
        let edges = connected(n, edges);
        if let Some(&v) = memo.get(&edges) {
            return v;
        }
        let mut seen = Vec::new();
        for i in 0..edges.len() {
            let rest = after_cut(n, &edges, i);
            seen.push(plain(n, &rest, memo));
        }
        let mex = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
        memo.insert(edges, mex);
        mex
    }

    /// Every multigraph on `n` vertices with `m` edges chosen among the pairs (loops
    /// included), as sorted edge lists.
    fn graphs(n: u32, m: usize) -> Vec<Vec<(u32, u32)>> {
        let pairs: Vec<(u32, u32)> = (0..n).flat_map(|a| (a..n).map(move |b| (a, b))).collect();
        let mut out = vec![Vec::new()];
        for _ in 0..m {
            let mut next = Vec::new();
            for g in &out {
                let from = g
                    .last()
                    .map_or(0, |last| pairs.iter().position(|p| p == last).unwrap_or(0));
                for p in &pairs[from..] {
                    let mut h: Vec<(u32, u32)> = g.clone();
                    h.push(*p);
                    next.push(h);
                }
            }
            out = next;
        }
        out
    }

    #[test]
    fn fusion_and_colon_agree_with_the_game_tree() {
        let mut memo = FxHashMap::default();
        let mut count = 0;
        for n in 1..=4u32 {
            for m in 0..=5 {
                for g in graphs(n, m) {
                    let want = plain(n as usize, &g, &mut memo);
                    assert_eq!(value(n as usize, &g), want, "{g:?}");
                    count += 1;
                }
            }
        }
        // Multisets of m ≤ 5 of the n(n+1)/2 pairs: 6 + 56 + 462 + 3003.
        assert_eq!(count, 3527);
    }

    #[test]
    fn winning_moves_agree_with_the_game_tree() {
        let mut memo = FxHashMap::default();
        let limits = Limits::default();
        for n in 1..=4u32 {
            for m in 0..=4 {
                for g in graphs(n, m) {
                    let n = n as usize;
                    if connected(n, &g).len() == g.len() {
                        for target in 0..5 {
                            let want: Vec<u32> = (0..g.len())
                                .filter(|&i| plain(n, &after_cut(n, &g, i), &mut memo) == target)
                                .map(|i| i as u32)
                                .collect();
                            let got = moves_to(n, &g, target, &limits).unwrap();
                            assert_eq!(got, want, "{g:?} to *{target}");
                        }
                    }
                    // The position after each cut, written from the search, is the
                    // one the rules give.
                    let pos: Pos = g
                        .iter()
                        .flat_map(|&(a, b)| [Nat::from(a), Nat::from(b)])
                        .collect();
                    let analysed = Analysed::new(&pos);
                    for i in 0..g.len() {
                        if !analysed.reached(analysed.edges[i].0) {
                            continue;
                        }
                        let rest = after_cut(n, &g, i);
                        let text: Vec<String> =
                            rest.iter().map(|(a, b)| format!("{a}-{b}")).collect();
                        let want = format!("greenhackenbush(\"{}\")", text.join(" "));
                        let after = analysed.after(i);
                        let pairs: Pos = rest
                            .iter()
                            .flat_map(|&(a, b)| [Nat::from(a), Nat::from(b)])
                            .collect();
                        assert_eq!(after, pairs, "{g:?} cut {i}");
                        let mut written = String::new();
                        GreenHackenbush::new().write_position(&after, &mut written);
                        assert_eq!(written, want, "{g:?} cut {i}");
                    }
                }
            }
        }
    }

    #[test]
    fn published_values() {
        // Winning Ways, ch. 7: a green stalk of n edges is *n (green Hackenbush
        // strings are Nim heaps).
        let stalk: Vec<(u32, u32)> = (0..5).map(|i| (i, i + 1)).collect();
        assert_eq!(value(6, &stalk), 5);
        // Winning Ways, ch. 7 ("the colon principle"): a tree whose root has two
        // branches, stalks of 1 and 2 edges on one edge: the branches give *1 + *2 =
        // *3, so the trunk with them is a stalk of 1 + 3 = 4 edges.
        assert_eq!(value(5, &[(0, 1), (1, 2), (1, 3), (3, 4)]), 4);
        // Lessons in Play, ch. 7 (green Hackenbush): a loop is equivalent to a single
        // edge, and a triangle on the ground fuses into three loops: *1.
        assert_eq!(value(1, &[(0, 0)]), 1);
        assert_eq!(value(3, &[(0, 1), (1, 2), (2, 0)]), 1);
        // A cycle of even length on the ground is 0 (all its edges become loops).
        assert_eq!(value(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]), 0);
        // Edges not connected to the ground are not part of the position.
        assert_eq!(value(3, &[(1, 2)]), 0);
    }

    #[test]
    fn large_trees_and_cycles_at_once() {
        let n = 100_001;
        // A path of 10^5 edges: *100000.
        let path: Vec<(u32, u32)> = (0..100_000).map(|i| (i, i + 1)).collect();
        assert_eq!(value(n, &path), 100_000);
        // A cycle of 10^5 edges through the ground: fused, 10^5 loops, even: 0.
        let mut cycle: Vec<(u32, u32)> = (0..99_999).map(|i| (i, i + 1)).collect();
        cycle.push((99_999, 0));
        assert_eq!(value(100_000, &cycle), 0);
        // A star of 10^5 single edges: 10^5 copies of *1, even: 0.
        let star: Vec<(u32, u32)> = (1..=100_000).map(|i| (0, i)).collect();
        assert_eq!(value(n, &star), 0);
        // The winning move of the long path: cut the ground edge.
        let wins = moves_to(n, &path, 0, &Limits::default()).unwrap();
        assert_eq!(wins, vec![0]);
    }
}
