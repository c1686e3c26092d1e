//! `geography["FILE"](v,u1,…)`: undirected vertex geography on the graph read from
//! FILE (one component). The token is on v; v and u1,… are visited. A move slides the
//! token along an edge to an unvisited vertex, which becomes visited; the player who
//! cannot move loses. `geography["FILE"](v)` is the start position.
//!
//! `geography["FILE"]`, without arguments, is the game before the token is placed (the
//! bipartite-graph game of study notes in which the first player chooses where to
//! start): its one move places the token on any vertex v, which leaves
//! `geography["FILE"](v)` with the other player to move. See "Choosing the start"
//! below.
//!
//! Theorem (Fraenkel, Scheinerman and Ullman 1993): let G' be the graph on the
//! unvisited vertices plus v. The player to move wins exactly when every maximum
//! matching of G' covers v, i.e. ν(G' − v) < ν(G').
//!
//! Winning moves: moving to a neighbour u leaves the position (u, G' − v), which is
//! lost for the opponent exactly when some maximum matching of H = G' − v misses u,
//! i.e. u ∈ D(H), the Gallai–Edmonds set. So one maximum matching of H and one more
//! search give everything: the player to move wins iff some neighbour of v is in
//! D(H) (then adding the edge v–u to a maximum matching of H missing u gives a larger
//! matching of G'), and the winning moves are exactly those neighbours. Only the part
//! of G' connected to v matters, so the matching is computed there.
//!
//! The strategy behind the theorem: the winner fixes a maximum matching (of G' when
//! it covers v, of H otherwise) and always moves along its matching edge.
//!
//! # Choosing the start
//!
//! Theorem: in `geography["FILE"]` the player to move (the one who places the token)
//! wins exactly when the graph has no perfect matching, and the winning placements
//! are the vertices that some maximum matching misses (the Gallai–Edmonds set D(G));
//! this holds for every graph, bipartite or not. Proof: placing the token on v
//! leaves `geography["FILE"](v)`, where the whole graph is unvisited but for the
//! token's vertex, so by the theorem above the opponent, now to move, wins exactly
//! when every maximum matching of G covers v. The placement on v therefore wins
//! exactly when some maximum matching misses v, i.e. v ∈ D(G); such a v exists iff a
//! maximum matching of G is not perfect. (A graph of no vertices has the empty
//! perfect matching and no placement: the player to move loses, as the rule says.)
//! One run of Edmonds' algorithm gives a maximum matching and D(G) (see
//! [`matching::missed_vertices`]), so every winning start is listed at once; a
//! vertex without edges is always in D(G) (the opponent cannot move from it). The
//! tests check the theorem against the plain game on every graph of at most 6
//! vertices.
//!
//! Nim-values need more than the outcome: they come from an exhaustive search over
//! (token, visited set) when the part of the graph reachable from v has at most 128
//! vertices and the search stays within `--max-states` and [`MAX_SEARCH_STATES`];
//! otherwise the value is reported as unknown while the outcome and the winning
//! moves are still exact.

use crate::graph_file;
use crate::graph_file::{Csr, GraphFile, Vertices};
use crate::matching;
use crate::matching::{Matching, NONE};
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError, Spent};
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};
use sprague_engine::picture::{Edge, GraphPicture, Picture, Vertex, layers};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

/// Most positions an exhaustive nim-value search may hold, whatever `--max-states`
/// says (each position costs a few dozen bytes).
pub const MAX_SEARCH_STATES: u64 = 1 << 19;

/// Edges listed in an explanation before the list is cut short.
const SHOWN_EDGES: usize = 24;

/// Most vertices of a graph whose start game (`geography["FILE"]`) is given a
/// nim-value, one exhaustive search per start (the outcome needs none).
pub const START_VALUES: u32 = 1024;

/// Most vertices of a graph drawn as a picture (larger graphs are shown as text).
pub const DRAWN_VERTICES: u32 = 64;

/// Winning starts named in an explanation before the list is cut short.
const SHOWN_STARTS: usize = 24;

/// What the matching theorem says about the start game: a maximum matching of the
/// whole graph and the compact vertices it may miss.
#[derive(Debug)]
struct Starts {
    /// A maximum matching of the whole graph (compact vertices' mates).
    mate: Vec<u32>,
    /// Whether some maximum matching misses each compact vertex (D(G)).
    missed: Vec<bool>,
}

/// What the matching theorem says about one position.
#[derive(Debug)]
struct Matched {
    /// Global vertex of each local vertex; local 0 is the token.
    local: Vec<u32>,
    /// The part of the unvisited graph (plus the token) connected to the token.
    g: Csr,
    /// A maximum matching of that part without the token (local mates; the token
    /// is exposed).
    mate: Vec<u32>,
    /// The token's neighbours u missed by some maximum matching without the token:
    /// the winning moves (local vertices, ascending global numbers).
    wins: Vec<u32>,
}

/// Values by exhaustive search: the token's value and each option's, by the
/// option's global vertex.
#[derive(Debug)]
struct ExhaustiveFamily {
    value: u32,
    options: Vec<(u32, u32)>,
}

/// The graph of a family: its edges between compact vertices ([`Vertices`]).
#[derive(Debug)]
struct Graph {
    vertices: Vertices,
    edges: Csr,
}

impl Graph {
    /// The undirected graph of a file, or the error when it cannot be allocated.
    fn new(file: GraphFile, name: &str) -> Result<Graph, SolveError> {
        let m = file.arcs.len();
        let no_memory = |_| graph_file::no_memory(name, m);
        let (vertices, file) = file.compact().map_err(no_memory)?;
        let GraphFile { n, mut arcs } = file;
        let edges = Csr::try_undirected_packed(n, &mut arcs).map_err(no_memory)?;
        Ok(Graph { vertices, edges })
    }

    /// The file's vertex of compact vertex `x`; `token` for the stand-in of the
    /// vertices without edges (which can only be the token's vertex).
    fn global(&self, x: u32, token: u32) -> u32 {
        self.vertices.global(x).unwrap_or(token)
    }
}

/// The `geography["FILE"]` family: the file is read on first use.
pub struct Geography {
    path: String,
    graph: RefCell<Option<Rc<Graph>>>,
    matched: RefCell<HashMap<Pos, Rc<Matched>>>,
    searched: RefCell<HashMap<Pos, Option<Rc<ExhaustiveFamily>>>>,
    starts: RefCell<Option<Rc<Starts>>>,
}

impl Geography {
    /// The family of the graph in the file at `path` (read when first needed).
    pub fn new(path: &str) -> Self {
        Geography {
            path: path.to_string(),
            graph: RefCell::new(None),
            matched: RefCell::new(HashMap::new()),
            searched: RefCell::new(HashMap::new()),
            starts: RefCell::new(None),
        }
    }

    /// The family of the graph with `n` vertices and edges `a[i]–b[i]`, named as if
    /// read from `path`.
    pub fn from_edges(path: &str, n: u32, a: &[u32], b: &[u32]) -> Self {
        let geo = Geography::new(path);
        let arcs = a
            .iter()
            .zip(b)
            .map(|(&u, &v)| graph_file::pack(u, v))
            .collect();
        let g = match Graph::new(GraphFile { n, arcs }, path) {
            Ok(g) => g,
            // As `vec!` does when memory runs out.
            Err(_) => std::alloc::handle_alloc_error(std::alloc::Layout::new::<u64>()),
        };
        *geo.graph.borrow_mut() = Some(Rc::new(g));
        geo
    }

    fn graph(&self, limits: &Limits) -> Result<Rc<Graph>, SolveError> {
        if let Some(g) = self.graph.borrow().as_ref() {
            return Ok(g.clone());
        }
        let file = graph_file::read(&self.path, false, limits)?;
        let g = Rc::new(Graph::new(file, &self.path)?);
        *self.graph.borrow_mut() = Some(g.clone());
        Ok(g)
    }

    /// The token's vertex, then the token and the visited vertices as compact
    /// vertices, checked against the graph.
    fn decode(&self, pos: &Pos, g: &Graph) -> Result<(u32, u32, Vec<u32>), SolveError> {
        let n = g.vertices.declared;
        let mut vs = Vec::with_capacity(pos.len().min(1 << 20));
        for a in pos {
            match a.to_u64() {
                Some(x) if x < u64::from(n) => vs.push(g.vertices.local(x as u32)),
                _ => {
                    let mut at = String::new();
                    self.write_position(pos, &mut at);
                    return Err(SolveError::Input(format!(
                        "{at}: {}",
                        g.vertices.out_of_range(a, &self.path)
                    )));
                }
            }
        }
        let v = vs.first().copied().ok_or_else(|| self.arity())?;
        let token = pos[0].to_u64().unwrap_or(0) as u32;
        Ok((token, v, vs))
    }

    fn arity(&self) -> SolveError {
        SolveError::Input(format!(
            "{}(v,u1,…) takes the token's vertex v and then the visited vertices",
            self.name()
        ))
    }

    /// The vertices reachable from the token through unvisited vertices (the token
    /// first) and the graph they induce, in local numbers; `None` when there are more
    /// than `limit` of them.
    fn part(&self, g: &Csr, v: u32, visited: &[u32], limit: usize) -> Option<(Vec<u32>, Csr)> {
        // Local number of each vertex: NONE when visited, UNSEEN before it is reached.
        const UNSEEN: u32 = NONE - 1;
        let mut index = vec![UNSEEN; g.len()];
        for &u in visited {
            index[u as usize] = NONE;
        }
        index[v as usize] = 0;
        let mut local = vec![v];
        let mut head = 0;
        let (mut src, mut dst) = (Vec::new(), Vec::new());
        while head < local.len() {
            let x = local[head];
            for &y in g.neighbours(x) {
                let j = match index[y as usize] {
                    NONE => continue,
                    UNSEEN => {
                        if local.len() == limit {
                            return None;
                        }
                        index[y as usize] = local.len() as u32;
                        local.push(y);
                        local.len() as u32 - 1
                    }
                    j => j,
                };
                src.push(head as u32);
                dst.push(j);
            }
            head += 1;
        }
        let part = Csr::from_arcs(local.len() as u32, &src, &dst);
        Some((local, part))
    }

    fn matched(&self, pos: &Pos, limits: &Limits) -> Result<Rc<Matched>, SolveError> {
        if let Some(m) = self.matched.borrow().get(pos) {
            return Ok(m.clone());
        }
        let graph = self.graph(limits)?;
        let (token, v, visited) = self.decode(pos, &graph)?;
        let (local, part) = self
            .part(&graph.edges, v, &visited, usize::MAX)
            .unwrap_or_default();
        let local: Vec<u32> = local.iter().map(|&x| graph.global(x, token)).collect();
        // H: the part without the token (local 0 keeps no edges).
        let k = local.len() as u32;
        let (mut src, mut dst) = (Vec::new(), Vec::new());
        for x in 1..k {
            for &y in part.neighbours(x) {
                if y != 0 {
                    src.push(x);
                    dst.push(y);
                }
            }
        }
        let h = Csr::from_arcs(k, &src, &dst);
        let (mate, missed) = matching::missed_vertices(&h, matching::greedy(&h));
        let mut wins: Vec<u32> = part
            .neighbours(0)
            .iter()
            .copied()
            .filter(|&u| missed[u as usize])
            .collect();
        wins.sort_by_key(|&u| local[u as usize]);
        let m = Rc::new(Matched {
            local,
            g: part,
            mate,
            wins,
        });
        self.matched.borrow_mut().insert(pos.clone(), m.clone());
        Ok(m)
    }

    fn searched(
        &self,
        pos: &Pos,
        limits: &Limits,
    ) -> Result<Option<Rc<ExhaustiveFamily>>, SolveError> {
        if let Some(s) = self.searched.borrow().get(pos) {
            return Ok(s.clone());
        }
        let graph = self.graph(limits)?;
        let (token, v, visited) = self.decode(pos, &graph)?;
        let g = &graph.edges;
        // The searches of all components share one budget of `--max-states` positions
        // for the whole command, each at most MAX_SEARCH_STATES.
        let used = &limits.spent.search;
        let budget = Spent::left(used, limits.max_states).min(MAX_SEARCH_STATES);
        let result = self
            .part(g, v, &visited, 128)
            .and_then(|(local, part)| {
                let mut spent = 0;
                let found = exhaustive(&part, budget, &mut spent);
                Spent::add(used, spent);
                Some((found?, local))
            })
            .map(|((value, opts), local)| {
                Rc::new(ExhaustiveFamily {
                    value,
                    options: opts
                        .into_iter()
                        .map(|(u, x)| (graph.global(local[u as usize], token), x))
                        .collect(),
                })
            });
        self.searched
            .borrow_mut()
            .insert(pos.clone(), result.clone());
        Ok(result)
    }

    /// The position after moving the token to `u`: `u`, the visited vertices, then
    /// the old token's vertex.
    /// The position after the token moves to `u`.
    fn after(pos: &Pos, u: u32) -> Pos {
        let mut next: Pos = Pos::new();
        next.push(Nat::from(u64::from(u)));
        next.extend(pos.iter().skip(1).cloned());
        if !pos[1..].contains(&pos[0]) {
            next.push(pos[0].clone());
        }
        next
    }

    /// The unvisited neighbours of the token, ascending: the moves.
    fn open_neighbours(&self, pos: &Pos, limits: &Limits) -> Result<Vec<u32>, SolveError> {
        let g = self.graph(limits)?;
        let (token, v, mut visited) = self.decode(pos, &g)?;
        visited.sort_unstable();
        // Neighbours always have edges, so their compact numbers map back exactly.
        let mut out: Vec<u32> = g
            .edges
            .neighbours(v)
            .iter()
            .copied()
            .filter(|u| visited.binary_search(u).is_err())
            .map(|u| g.global(u, token))
            .collect();
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    fn push_move(&self, pos: &Pos, u: u32, sink: &mut MoveSink) -> bool {
        sink.offer_one(Self::after(pos, u), || {
            format!("move the token from {} to {u}", pos[0])
        })
    }

    /// The maximum matching of the whole graph and D(G), for the start game.
    fn starts(&self, limits: &Limits) -> Result<Rc<Starts>, SolveError> {
        if let Some(s) = self.starts.borrow().as_ref() {
            return Ok(s.clone());
        }
        let graph = self.graph(limits)?;
        limits.check_stop()?;
        let g = &graph.edges;
        let (mate, missed) = matching::missed_vertices(g, matching::greedy(g));
        let s = Rc::new(Starts { mate, missed });
        *self.starts.borrow_mut() = Some(s.clone());
        Ok(s)
    }

    /// Calls `f` with every vertex of the file in ascending order and whether placing
    /// the token on it wins (some maximum matching misses it), until `f` returns
    /// false; the stop signal is looked at as the vertices go by.
    fn each_start(
        &self,
        limits: &Limits,
        mut f: impl FnMut(u32, bool) -> bool,
    ) -> Result<(), SolveError> {
        let graph = self.graph(limits)?;
        let s = self.starts(limits)?;
        for v in 0..graph.vertices.declared {
            if v % (1 << 14) == 0 {
                limits.check_stop()?;
            }
            let x = graph.vertices.local(v) as usize;
            // The stand-in of the vertices without edges is missed by every matching.
            let wins = s.missed.get(x).copied().unwrap_or(true);
            if !f(v, wins) {
                break;
            }
        }
        Ok(())
    }

    /// Offers the placement of the token on `v`.
    fn push_place(v: u32, sink: &mut MoveSink) -> bool {
        sink.offer_one(smallvec::smallvec![Nat::from(u64::from(v))], || {
            format!("place the token on {v}")
        })
    }

    /// The nim-value of every start (`geography["FILE"](v)`), by exhaustive search,
    /// when the graph has at most [`START_VALUES`] vertices and every search fits its
    /// bound; `None` otherwise.
    fn start_values(&self, limits: &Limits) -> Result<Option<Vec<u32>>, SolveError> {
        let graph = self.graph(limits)?;
        let n = graph.vertices.declared;
        if n > START_VALUES {
            return Ok(None);
        }
        let mut out = Vec::with_capacity(n as usize);
        for v in 0..n {
            let at: Pos = smallvec::smallvec![Nat::from(u64::from(v))];
            match self.searched(&at, limits)? {
                Some(s) => out.push(s.value),
                None => return Ok(None),
            }
        }
        Ok(Some(out))
    }

    /// The lines explaining the start game.
    fn explain_start(&self, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let graph = self.graph(limits)?;
        let s = self.starts(limits)?;
        let n = graph.vertices.declared;
        let size = s.mate.iter().filter(|&&x| x != NONE).count() / 2;
        let mut wins = Vec::new();
        let mut count = 0u64;
        self.each_start(limits, |v, w| {
            if w {
                count += 1;
                if wins.len() < SHOWN_STARTS {
                    wins.push(v.to_string());
                }
            }
            true
        })?;
        let mut lines = vec![format!(
            "the player to move places the token on any vertex, then the other player moves it: placing it on v wins exactly when some maximum matching misses v (Fraenkel–Scheinerman–Ullman: from v the player to move wins iff every maximum matching covers v); the graph has {n} vertices and a maximum matching of {}",
            edges(size)
        )];
        if count == 0 {
            lines.push(format!(
                "the matching is perfect (it covers all {n} vertices), so every maximum matching covers every vertex: every placement loses, and the player to move loses"
            ));
        } else {
            let more = if count > wins.len() as u64 {
                format!(", … ({count} in all)")
            } else {
                String::new()
            };
            lines.push(format!(
                "no perfect matching ({} of {n} vertices uncovered), so the player to move wins; the winning placements are the vertices some maximum matching misses (the Gallai–Edmonds set D(G), from the last search of Edmonds' algorithm): {}{more}",
                u64::from(n) - 2 * size as u64,
                wins.join(", ")
            ));
        }
        if let Some(values) = self.start_values(limits)? {
            let g = mex(&values);
            lines.push(format!(
                "nim-value {g}: the mex of the values of the {} starts, each by exhaustive search over (token, visited set)",
                values.len()
            ));
        }
        Ok(lines)
    }

    /// The picture of a position: the graph laid out from its lowest vertex, the
    /// visited vertices and the token (none before it is placed); text for a graph
    /// of more than [`DRAWN_VERTICES`] vertices or a graph that cannot be read.
    fn walk_picture(&self, pos: &Pos) -> Option<Picture> {
        let limits = Limits::default();
        let graph = self.graph(&limits).ok()?;
        let n = graph.vertices.declared;
        if n > DRAWN_VERTICES {
            return None;
        }
        let mut edges = Vec::new();
        for v in 0..n {
            let x = graph.vertices.local(v);
            for &y in graph.edges.neighbours(x) {
                let u = graph.vertices.global(y)?;
                if v < u {
                    edges.push((v as usize, u as usize));
                }
            }
        }
        edges.sort_unstable();
        edges.dedup();
        let at = layers(n as usize, &edges, 0..n as usize);
        let vertices = at
            .iter()
            .enumerate()
            .map(|(v, p)| {
                let (x, y) = p.unwrap_or((0, 0));
                Vertex {
                    x,
                    y,
                    colour: None,
                    ground: false,
                    name: v as u64,
                }
            })
            .collect();
        let edges = edges
            .into_iter()
            .map(|(a, b)| Edge {
                a,
                b,
                colour: None,
                bend: 0,
            })
            .collect();
        let mut visited: Vec<usize> = pos
            .iter()
            .map(|a| a.to_usize().filter(|&v| v < n as usize))
            .collect::<Option<_>>()?;
        visited.sort_unstable();
        visited.dedup();
        Some(Picture::Walk {
            graph: GraphPicture {
                vertices,
                edges,
                grounded: false,
            },
            token: pos.first().and_then(Nat::to_usize),
            visited,
        })
    }
}

/// The least value not in `values`.
fn mex(values: &[u32]) -> u32 {
    let mut seen = values.to_vec();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u32)
        .map_or(seen.len() as u32, |(i, _)| i as u32)
}

/// Nim-values by exhaustive search over (token, visited set) in a graph of at most
/// 128 vertices with the token on vertex 0: the value of the start and of each of its
/// options (by local vertex), or `None` past `budget` positions.
fn exhaustive(g: &Csr, budget: u64, spent: &mut u64) -> Option<(u32, Vec<(u32, u32)>)> {
    let k = g.len();
    if k > 128 {
        return None;
    }
    let adj: Vec<u128> = (0..k as u32)
        .map(|x| g.neighbours(x).iter().fold(0u128, |m, &y| m | 1 << y))
        .collect();
    // Positions: (visited set, token) → value. Values are at most the degree < 128.
    let mut memo: HashMap<(u128, u8), u8, BuildHasherDefault<MixHasher>> = HashMap::default();
    // Frames: token, visited set, options still to look at, values of options seen.
    let mut stack: Vec<(u8, u128, u128, u128)> = vec![(0, 1, adj[0] & !1, 0)];
    while let Some(top) = stack.last_mut() {
        let (t, vis, rest, seen) = *top;
        if rest == 0 {
            let value = (!seen).trailing_zeros() as u8;
            memo.insert((vis, t), value);
            stack.pop();
            if let Some(parent) = stack.last_mut() {
                parent.3 |= 1 << value;
            }
            continue;
        }
        let u = rest.trailing_zeros() as u8;
        top.2 = rest & (rest - 1);
        let child = vis | 1 << u;
        match memo.get(&(child, u)) {
            Some(&x) => top.3 |= 1 << x,
            None => {
                *spent = memo.len() as u64 + stack.len() as u64;
                if *spent >= budget {
                    return None;
                }
                stack.push((u, child, adj[u as usize] & !child, 0));
            }
        }
    }
    let value = u32::from(*memo.get(&(1, 0))?);
    let mut options = Vec::new();
    for &u in g.neighbours(0) {
        options.push((u, u32::from(*memo.get(&(1 | 1 << u, u as u8))?)));
    }
    Some((value, options))
}

/// A fast hasher for the search's keys (bit sets and small numbers; no adversary
/// chooses them, so no protection against collisions is needed).
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }

    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

/// "1 edge", "3 edges".
fn edges(n: usize) -> String {
    if n == 1 {
        "1 edge".into()
    } else {
        format!("{n} edges")
    }
}

/// Writes edges `{a–b, …}` in global vertex numbers, cut short after a few.
fn edge_list(m: &Matched, mate: &[u32]) -> String {
    let mut edges: Vec<(u32, u32)> = (0..mate.len())
        .filter(|&x| mate[x] != NONE && (x as u32) < mate[x])
        .map(|x| {
            let (a, b) = (m.local[x], m.local[mate[x] as usize]);
            (a.min(b), a.max(b))
        })
        .collect();
    edges.sort_unstable();
    let shown: Vec<String> = edges
        .iter()
        .take(SHOWN_EDGES)
        .map(|(a, b)| format!("{a}–{b}"))
        .collect();
    let more = if edges.len() > SHOWN_EDGES {
        format!(", … ({} edges in all)", edges.len())
    } else {
        String::new()
    };
    format!("{{{}{more}}}", shown.join(", "))
}

impl Family for Geography {
    fn name(&self) -> String {
        format!("geography[\"{}\"]", self.path)
    }

    /// The position as written; before the token is placed, the family alone
    /// (`geography["FILE"]`).
    fn write_position(&self, pos: &Pos, out: &mut String) {
        out.push_str(&self.name());
        if pos.is_empty() {
            return;
        }
        out.push('(');
        for (i, a) in pos.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            a.write_decimal(out);
        }
        out.push(')');
    }

    fn check(&self, _pos: &Pos) -> Result<(), SolveError> {
        // Every position has a token but the start game's (no arguments), whose
        // vertices are checked against the graph when it is read.
        Ok(())
    }

    fn picture(&self, pos: &Pos) -> Picture {
        self.walk_picture(pos).unwrap_or_else(|| {
            let mut s = String::new();
            self.write_position(pos, &mut s);
            Picture::Text(s)
        })
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        if pos.is_empty() {
            return Ok(self
                .start_values(limits)?
                .map(|v| Nat::from(u64::from(mex(&v)))));
        }
        Ok(self
            .searched(pos, limits)?
            .map(|s| Nat::from(u64::from(s.value))))
    }

    fn is_p_position(&self, pos: &Pos, limits: &Limits) -> Result<bool, SolveError> {
        if pos.is_empty() {
            let mut any = false;
            self.each_start(limits, |_, wins| {
                any = wins;
                !wins
            })?;
            return Ok(!any);
        }
        Ok(self.matched(pos, limits)?.wins.is_empty())
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        if pos.is_empty() {
            if target.is_zero() {
                return self.each_start(limits, |v, wins| !wins || Self::push_place(v, sink));
            }
            let Some(values) = self.start_values(limits)? else {
                return Err(limits.states_exceeded(&format!(
                    "the nim-values of the starts of {} (at most {START_VALUES} vertices, each start searched exhaustively)",
                    self.name()
                )));
            };
            for (v, &x) in values.iter().enumerate() {
                if Nat::from(u64::from(x)) == *target && !Self::push_place(v as u32, sink) {
                    break;
                }
            }
            return Ok(());
        }
        if target.is_zero() {
            let m = self.matched(pos, limits)?;
            for &u in &m.wins {
                if !self.push_move(pos, m.local[u as usize], sink) {
                    break;
                }
            }
            return Ok(());
        }
        let Some(s) = self.searched(pos, limits)? else {
            let mut at = String::new();
            self.write_position(pos, &mut at);
            return Err(limits.states_exceeded(&format!("the nim-values of the options of {at}")));
        };
        let mut opts: Vec<&(u32, u32)> = s.options.iter().collect();
        opts.sort_unstable();
        for &&(u, x) in &opts {
            if Nat::from(u64::from(x)) == *target && !self.push_move(pos, u, sink) {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        if pos.is_empty() {
            return self.each_start(limits, |v, _| Self::push_place(v, sink));
        }
        for u in self.open_neighbours(pos, limits)? {
            if !self.push_move(pos, u, sink) {
                break;
            }
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        if pos.is_empty() {
            let n = self.graph(limits)?.vertices.declared;
            return Ok(Some(Nat::from(u64::from(n))));
        }
        Ok(Some(Nat::from(self.open_neighbours(pos, limits)?.len())))
    }

    fn move_to(&self, pos: &Pos, to: &Pos, limits: &Limits) -> Result<Option<Move>, SolveError> {
        let g = self.graph(limits)?;
        if pos.is_empty() {
            let placed = match to.as_slice() {
                [v] => v.to_u64().filter(|&v| v < u64::from(g.vertices.declared)),
                _ => None,
            };
            return Ok(placed.map(|v| {
                let mut sink = MoveSink::new(1);
                Self::push_place(v as u32, &mut sink);
                sink.moves.remove(0)
            }));
        }
        self.decode(pos, &g)?;
        if self.decode(to, &g).is_err() {
            return Ok(None);
        }
        // In the file's vertex numbers (both positions are valid, so they fit in u32).
        let global =
            |p: &Pos| -> Vec<u32> { p.iter().map(|a| a.to_u64().unwrap_or(0) as u32).collect() };
        let (before, mut after) = (global(pos), global(to));
        let u = after[0];
        if !self.open_neighbours(pos, limits)?.contains(&u) {
            return Ok(None);
        }
        // The visited vertices after the move, in any order: those before and u.
        let mut want = before;
        want.push(u);
        for list in [&mut want, &mut after] {
            list.sort_unstable();
            list.dedup();
        }
        Ok((want == after).then(|| {
            let mut sink = MoveSink::new(1);
            self.push_move(pos, u, &mut sink);
            sink.moves.remove(0)
        }))
    }

    /// `place V` (before the token is placed) and `to V`: the vertex the token goes
    /// to.
    fn read_move(&self, pos: &Pos, words: &[&str]) -> Option<Result<Pos, String>> {
        let (place, v) = match words {
            ["place", v] | ["place", "the", "token", "on", v] => (true, *v),
            ["to", v] => (false, *v),
            _ => return None,
        };
        let v = v.parse::<u64>().ok()?;
        Some(match (place, pos.is_empty()) {
            (true, true) => Ok(smallvec::smallvec![Nat::from(v)]),
            (false, false) => Ok(Self::after(pos, v.min(u64::from(u32::MAX)) as u32)),
            (true, false) => Err("the token is already placed: type to V to move it".into()),
            (false, true) => Err("the token is not placed yet: type place V".into()),
        })
    }

    fn move_words(&self) -> Option<&'static str> {
        Some("place V, or to V: place the token of a geography on vertex V, or move it to V")
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        if pos.is_empty() {
            return self.explain_start(limits);
        }
        let m = self.matched(pos, limits)?;
        let v = m.local[0];
        let size = m.mate.iter().filter(|&&x| x != NONE).count() / 2;
        let reach = m.local.len();
        let mut lines = vec![format!(
            "the unvisited vertices reachable from the token's vertex {v} form, with {v}, a graph of {reach} vertices; without {v} it has a maximum matching of {}: {}",
            edges(size),
            edge_list(&m, &m.mate)
        )];
        if m.wins.is_empty() {
            lines.push(format!(
                "adding {v} does not enlarge it (no augmenting path from {v}), so this is a maximum matching of the whole graph that misses {v}: not every maximum matching covers {v}, and the player to move loses (Fraenkel–Scheinerman–Ullman): every move goes to a matched vertex, and the opponent answers along its matching edge"
            ));
        } else {
            let mut with = Matching::with_mates(&m.g, m.mate.clone());
            let grown = with.augment_from(0);
            let partner = with.mate[0];
            if grown && partner != NONE {
                lines.push(format!(
                    "with {v} it grows to {}: {}; so every maximum matching covers {v} and the player to move wins (Fraenkel–Scheinerman–Ullman): move along the matching edge {v}–{}, and keep answering along matching edges",
                    edges(size + 1),
                    edge_list(&m, &with.mate),
                    m.local[partner as usize]
                ));
            }
            let wins: Vec<String> = m
                .wins
                .iter()
                .map(|&u| m.local[u as usize].to_string())
                .collect();
            lines.push(format!(
                "the winning moves go to the neighbours that some maximum matching without {v} misses: {}",
                wins.join(", ")
            ));
        }
        if let Some(s) = self.searched(pos, limits)? {
            lines.push(format!(
                "exhaustive search over (token, visited set): nim-value {}",
                s.value
            ));
        }
        Ok(lines)
    }
}

/// Whether a graph string is the graph itself (edges `U-V` and lone vertices `V`,
/// separated by spaces or commas) rather than a file name: only digits, `-`, spaces
/// and commas, with at least one digit.
pub(crate) fn is_inline(s: &str) -> bool {
    s.bytes().any(|b| b.is_ascii_digit())
        && s.bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b' ' | b','))
}

/// Reads an inline graph: edges `U-V` and lone vertices `V` (a vertex without edges),
/// separated by spaces or commas; the vertices are 0 to the largest number written.
/// On error, the character index and what is wrong.
pub(crate) fn parse_inline(s: &str) -> Result<GraphFile, (usize, String)> {
    let mut arcs = Vec::new();
    let mut top = 0u64;
    let mut any = false;
    let bytes = s.as_bytes();
    let mut i = 0;
    let number = |i: &mut usize| -> Result<u32, (usize, String)> {
        let start = *i;
        while *i < bytes.len() && bytes[*i].is_ascii_digit() {
            *i += 1;
        }
        if start == *i {
            return Err((start, "expected a vertex number".into()));
        }
        s[start..*i]
            .parse::<u64>()
            .ok()
            .filter(|&v| v < graph_file::MAX_VERTICES)
            .map(|v| v as u32)
            .ok_or_else(|| {
                (
                    start,
                    format!("a vertex is a number below {}", graph_file::MAX_VERTICES),
                )
            })
    };
    while i < bytes.len() {
        if matches!(bytes[i], b' ' | b',') {
            i += 1;
            continue;
        }
        let at = i;
        let u = number(&mut i)?;
        top = top.max(u64::from(u));
        any = true;
        if bytes.get(i) == Some(&b'-') {
            i += 1;
            let v = number(&mut i)?;
            if u == v {
                return Err((at, format!("a loop {u}-{u}: geography has no loops")));
            }
            top = top.max(u64::from(v));
            arcs.push(graph_file::pack(u, v));
        }
        if i < bytes.len() && !matches!(bytes[i], b' ' | b',') {
            return Err((i, "expected an edge U-V or a vertex V".into()));
        }
    }
    if !any {
        return Err((0, "the graph has no vertices".into()));
    }
    Ok(GraphFile {
        n: top as u32 + 1,
        arcs,
    })
}

/// `geography["FILE"]` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["geography"],
    usage: Some((
        "geography[\"FILE\"](v,u1,…)",
        "undirected vertex geography: token on v, v and u1,… visited; without (…), the first player places the token",
    )),
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "Vertex geography: a token moves along an edge to a vertex not visited yet. Whoever cannot move loses.",
        example: Some("geography[\"0-1 1-2 2-0 2-3\"](0)"),
    }),
    build: |reg, t| {
        let path = reg.file_param(t)?;
        if is_inline(&path) {
            let span = match t.params.as_deref() {
                Some([p]) => p.span(),
                _ => t.span,
            };
            let file = parse_inline(&path).map_err(|(i, m)| {
                reg.error(
                    crate::partizan::char_span(span, &path, i),
                    &format!("bad graph: {m}"),
                )
            })?;
            let g = Graph::new(file, &path).map_err(|e| reg.error(span, &e.to_string()))?;
            let geo = Geography::new(&path);
            *geo.graph.borrow_mut() = Some(Rc::new(g));
            return Ok((reg.shared(geo), 0));
        }
        Ok((reg.shared(Geography::new(&path)), 0))
    },
    // Without arguments, the game before the token is placed.
    read: Some(|reg, t, out| {
        let (family, _) = (ENTRY.build)(reg, t)?;
        if t.args.is_none() {
            out.push(sprague_engine::impartial::sum::Component {
                family,
                pos: Pos::new(),
            });
            return Ok(());
        }
        reg.push_args(t, family, 0, out)
    }),
    table: None,
    names_file: |s| !is_inline(s),
};

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use sprague_engine::impartial::family::MoveSink;
    use std::collections::BTreeSet;

    /// The nim-value with the token on `t` and `vis` visited, straight from the rules.
    fn value(adj: &[u32], t: u32, vis: u32, memo: &mut HashMap<(u32, u32), u32>) -> u32 {
        if let Some(&x) = memo.get(&(t, vis)) {
            return x;
        }
        let mut seen = BTreeSet::new();
        for u in 0..adj.len() as u32 {
            if adj[t as usize] & (1 << u) != 0 && vis & (1 << u) == 0 {
                seen.insert(value(adj, u, vis | 1 << u, memo));
            }
        }
        let x = (0..).find(|x| !seen.contains(x)).unwrap();
        memo.insert((t, vis), x);
        x
    }

    fn case() -> impl Strategy<Value = (u32, Vec<(u32, u32)>, Vec<u32>)> {
        (1u32..11).prop_flat_map(|n| {
            let edges = prop::collection::vec((0..n, 0..n), 0..28)
                .prop_map(|e| e.into_iter().filter(|(a, b)| a != b).collect::<Vec<_>>());
            (Just(n), edges, prop::collection::vec(0..n, 1..4))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Outcome (by matchings), winning moves (as a set) and nim-value (by the
        /// family's search) against an independent search of the game.
        #[test]
        fn matching_theorem_matches_exhaustive_search((n, edges, pos) in case()) {
            let a: Vec<u32> = edges.iter().map(|e| e.0).collect();
            let b: Vec<u32> = edges.iter().map(|e| e.1).collect();
            let geo = Geography::from_edges("g.txt", n, &a, &b);
            let mut adj = vec![0u32; n as usize];
            for &(u, v) in &edges {
                adj[u as usize] |= 1 << v;
                adj[v as usize] |= 1 << u;
            }
            let t = pos[0];
            let vis = pos.iter().fold(0u32, |m, &u| m | 1 << u);
            let mut memo = HashMap::new();
            let want = value(&adj, t, vis, &mut memo);

            let p: Pos = pos.iter().map(|&u| Nat::from(u64::from(u))).collect();
            let limits = Limits::default();
            prop_assert_eq!(geo.is_p_position(&p, &limits).unwrap(), want == 0);
            prop_assert_eq!(geo.grundy(&p, &limits).unwrap(), Some(Nat::from(u64::from(want))));

            let mut expected = BTreeSet::new();
            for u in 0..n {
                if adj[t as usize] & (1 << u) != 0 && vis & (1 << u) == 0
                    && value(&adj, u, vis | 1 << u, &mut memo) == 0 {
                    expected.insert(format!("move the token from {t} to {u}"));
                }
            }
            let mut sink = MoveSink::new(1000);
            geo.moves_to_value(&p, &Nat::ZERO, &limits, &mut sink).unwrap();
            let got: BTreeSet<String> = sink.moves.iter().map(|m| m.text.clone()).collect();
            prop_assert_eq!(&got, &expected);
            prop_assert_eq!(got.len(), sink.moves.len());

            // Moves to other values come from the search, and agree with the rules.
            for target in 1..4u32 {
                let mut sink = MoveSink::new(1000);
                geo.moves_to_value(&p, &Nat::from(u64::from(target)), &limits, &mut sink).unwrap();
                let n_expected = (0..n)
                    .filter(|&u| adj[t as usize] & (1 << u) != 0 && vis & (1 << u) == 0
                        && value(&adj, u, vis | 1 << u, &mut memo) == target)
                    .count();
                prop_assert_eq!(sink.moves.len(), n_expected);
            }
            let lines = geo.explain(&p, &limits).unwrap();
            prop_assert!(lines.len() >= 2);
        }
    }

    /// ν of the graph on the vertex set `mask`, by brute force over its lowest vertex.
    fn nu(adj: &[u32], mask: u32) -> u32 {
        if mask == 0 {
            return 0;
        }
        let v = mask.trailing_zeros();
        let rest = mask & !(1 << v);
        let mut best = nu(adj, rest);
        let mut nb = adj[v as usize] & rest;
        while nb != 0 {
            let u = nb.trailing_zeros();
            nb &= nb - 1;
            best = best.max(1 + nu(adj, rest & !(1 << u)));
        }
        best
    }

    #[test]
    fn choosing_the_start_on_every_graph_of_at_most_six_vertices() {
        // The start game from the rules: placing the token on v leaves the token on v
        // with v visited and the other player to move, whose value the rules give.
        // Against it: the family's outcome, its winning placements and its
        // nim-value, and the theorem's statement (the placer wins iff the graph has no
        // perfect matching, found here by brute force).
        let limits = Limits::default();
        let empty = Pos::new();
        for n in 0..=6u32 {
            let pairs: Vec<(u32, u32)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect();
            for mask in 0u32..1 << pairs.len() {
                let edges: Vec<(u32, u32)> = pairs
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & 1 << i != 0)
                    .map(|(_, &e)| e)
                    .collect();
                let a: Vec<u32> = edges.iter().map(|e| e.0).collect();
                let b: Vec<u32> = edges.iter().map(|e| e.1).collect();
                let geo = Geography::from_edges("g.txt", n, &a, &b);
                let mut adj = vec![0u32; n as usize];
                for &(u, v) in &edges {
                    adj[u as usize] |= 1 << v;
                    adj[v as usize] |= 1 << u;
                }
                let mut memo = HashMap::new();
                let starts: Vec<u32> = (0..n).map(|v| value(&adj, v, 1 << v, &mut memo)).collect();
                let winning: Vec<String> = (0..n)
                    .filter(|&v| starts[v as usize] == 0)
                    .map(|v| format!("place the token on {v}"))
                    .collect();
                let perfect = 2 * nu(&adj, (1u32 << n) - 1) == n;
                let what = format!("n = {n}, edges {edges:?}");
                assert_eq!(winning.is_empty(), perfect, "{what}: the theorem");
                assert_eq!(
                    geo.is_p_position(&empty, &limits).unwrap(),
                    winning.is_empty(),
                    "{what}"
                );
                let mut sink = MoveSink::new(100);
                geo.moves_to_value(&empty, &Nat::ZERO, &limits, &mut sink)
                    .unwrap();
                let got: Vec<String> = sink.moves.iter().map(|m| m.text.clone()).collect();
                assert_eq!(got, winning, "{what}");
                let mex = (0..).find(|x| !starts.contains(x)).unwrap();
                assert_eq!(
                    geo.grundy(&empty, &limits).unwrap(),
                    Some(Nat::from(u64::from(mex))),
                    "{what}"
                );
                // Every placement is a move, to the start position of that vertex.
                let mut sink = MoveSink::new(100);
                geo.moves(&empty, &limits, &mut sink).unwrap();
                assert_eq!(sink.moves.len(), n as usize, "{what}");
                for (v, m) in sink.moves.iter().enumerate() {
                    assert_eq!(m.to_text(&geo), format!("geography[\"g.txt\"]({v})"));
                }
            }
        }
    }

    #[test]
    fn inline_graphs_and_typed_placements() {
        let file = parse_inline("0-1 1-2,4").unwrap();
        assert_eq!(file.n, 5);
        assert_eq!(
            file.arcs,
            vec![graph_file::pack(0, 1), graph_file::pack(1, 2)]
        );
        assert!(is_inline("0-1 1-2") && !is_inline("g.txt") && !is_inline("- ,"));
        for (bad, at) in [
            ("0-1 1-1", 4),
            ("0-1 1-", 6),
            ("0--1", 2),
            ("4294967295-0", 0),
        ] {
            assert_eq!(parse_inline(bad).map_err(|e| e.0), Err(at), "{bad}");
        }
        let c = crate::components("geography[\"0-1 1-2\"]").unwrap();
        let (f, p) = (&c[0].family, &c[0].pos);
        assert!(p.is_empty());
        assert_eq!(c[0].expr(), "geography[\"0-1 1-2\"]");
        let one: Pos = smallvec::smallvec![Nat::from(1u64)];
        assert_eq!(f.read_move(p, &["place", "1"]), Some(Ok(one.clone())));
        assert!(matches!(f.read_move(p, &["to", "1"]), Some(Err(_))));
        let moved: Pos = smallvec::smallvec![Nat::from(2u64), Nat::from(1u64)];
        assert_eq!(f.read_move(&one, &["to", "2"]), Some(Ok(moved)));
        // The placement on 1 (the middle of the path) loses; on an end it wins.
        let limits = Limits::default();
        assert!(f.move_to(p, &one, &limits).unwrap().is_some());
        let mut sink = MoveSink::new(10);
        f.moves_to_value(p, &Nat::ZERO, &limits, &mut sink).unwrap();
        let to: Vec<String> = sink.moves.iter().map(|m| m.to_text(f.as_ref())).collect();
        assert_eq!(
            to,
            ["geography[\"0-1 1-2\"](0)", "geography[\"0-1 1-2\"](2)"]
        );
        // Its picture: the path, no token yet; then the token on 1.
        match f.picture(p) {
            Picture::Walk {
                graph,
                token,
                visited,
            } => {
                assert_eq!((graph.vertices.len(), graph.edges.len()), (3, 2));
                assert_eq!((token, visited), (None, vec![]));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            f.picture(&one),
            Picture::Walk { token: Some(1), .. }
        ));
        let Err(e) = crate::components("geography[\"0-1 2-2\"]") else {
            panic!("a loop is read");
        };
        assert_eq!(e.column, 16);
        assert!(e.message.contains("loop"), "{}", e.message);
    }

    #[test]
    fn positions_after_moves_append_the_old_vertex() {
        // A path 0–1–2. From an end the mover must go to the middle, and the
        // opponent to the other end: the mover loses. From the middle the mover
        // steps to an end and the opponent is stuck.
        let geo = Geography::from_edges("g.txt", 3, &[0, 1], &[1, 2]);
        let limits = Limits::default();
        let at = |v: &[u64]| -> Pos { v.iter().map(|&x| Nat::from(x)).collect() };
        assert!(geo.is_p_position(&at(&[0]), &limits).unwrap());
        assert!(!geo.is_p_position(&at(&[1]), &limits).unwrap());
        let mut sink = MoveSink::new(10);
        geo.moves_to_value(&at(&[1]), &Nat::ZERO, &limits, &mut sink)
            .unwrap();
        let to: Vec<String> = sink.moves.iter().map(|m| m.to_text(&geo)).collect();
        assert_eq!(
            to,
            ["geography[\"g.txt\"](0,1)", "geography[\"g.txt\"](2,1)"]
        );
        // With 0 visited, the token on 2 steps to 1 and wins.
        let mut sink = MoveSink::new(10);
        geo.moves_to_value(&at(&[2, 0]), &Nat::ZERO, &limits, &mut sink)
            .unwrap();
        assert_eq!(sink.moves[0].to_text(&geo), "geography[\"g.txt\"](1,0,2)");
    }

    #[test]
    fn values_of_big_graphs_are_unknown_but_outcomes_exact() {
        // A complete graph on 40 vertices: far too many paths to search, but the
        // matching theorem decides at once: K_40 has a perfect matching, and without
        // the token 39 vertices leave one exposed, so the mover wins.
        let n = 40u32;
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for i in 0..n {
            for j in i + 1..n {
                a.push(i);
                b.push(j);
            }
        }
        let geo = Geography::from_edges("k40.txt", n, &a, &b);
        let limits = Limits {
            max_states: 10_000,
            ..Limits::default()
        };
        let p: Pos = smallvec::smallvec![Nat::ZERO];
        assert_eq!(geo.grundy(&p, &limits).unwrap(), None);
        assert!(!geo.is_p_position(&p, &limits).unwrap());
        let mut sink = MoveSink::new(100);
        geo.moves_to_value(&p, &Nat::ZERO, &limits, &mut sink)
            .unwrap();
        assert_eq!(sink.moves.len(), 39);
        assert!(matches!(
            geo.moves_to_value(&p, &Nat::from(1u64), &limits, &mut sink),
            Err(SolveError::Limit { .. })
        ));
    }
}
