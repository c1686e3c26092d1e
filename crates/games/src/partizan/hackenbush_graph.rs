//! Hackenbush on any graph: `hackenbush("0-1:B 1-2:R 2-0:G 1-3:G")`.
//!
//! Rules (Winning Ways, ch. 1–2 and 7): a position is a graph of blue, red and green
//! edges, some of them attached to the ground. A move deletes one edge — Left (Blue)
//! a blue or a green one, Right (Red) a red or a green one — and then every edge no
//! longer connected to the ground disappears. The player who cannot move loses.
//!
//! Notation: an edge list `U-V:C`, edges separated by spaces or commas, vertices
//! numbered (up to 999 999 999), `0` (or `g`) the ground, colour `B` (or `L`) blue,
//! `R` red, `G` green, upper or lower case. The ground is one vertex: every edge that
//! touches the ground goes to vertex 0, however many places it is drawn at. Several
//! edges between two vertices and loops `V-V` are allowed; edges not connected to the
//! ground are not part of the position. A string of letters only is a stalk, as
//! before: `hackenbush("BRG")` = `hackenbush("0-1:B 1-2:R 2-3:G")`. Several strings
//! are a sum (all their edges on one ground).
//!
//! Values come from the game tree ([`sprague_engine::partizan::TreeValues`]) with these proved
//! simplifications, applied to every region of the search:
//! - Regions: the parts of the graph that only meet at the ground (the components of
//!   the graph with the ground removed, each with its edges to the ground) are
//!   independent summands.
//! - A loop at v has the same moves as an edge from v to a new vertex: it is stored so.
//! - Green pieces: a green graph H that meets the rest only at one vertex v (v's
//!   ground side) is replaced by a green stalk of its nim-value, found by the fusion
//!   and colon principles ([`crate::impartial::green`]). Proof that G:H = G:H' when H and
//!   H' are green with the same nim-value (the colon principle of Winning Ways, ch. 7,
//!   with partizan G): in G:H + (−G):H' (the negative of G:H' swaps blue and red and
//!   keeps green H') the second player wins: a move in G or −G is answered by the
//!   mirror move in the other (a move that cuts v off removes H and H' together,
//!   leaving G₁ − G₁), and a move in H or H' by the winning answer of the impartial
//!   H + H', a second-player win since the nim-values are equal. So G:H − G:H' = 0.
//!   A green region meeting the ground alone is thus a nimber.
//! - Vertices are renumbered by a breadth-first search from the ground (neighbours in
//!   order of colour and degree), so that equal small regions share a memo entry.
//!
//! At the top of the evaluation a green region is valued at once (a nimber, by the
//! fusion and colon principles, in linear time), and a stalk by its closed form
//! ([`super::hackenbush`]: sign expansion, x + *n for green tops). The search of
//! sums (`solve`) does the same for every region it meets ([`closed_value`], with
//! the proof that an impartial game equals the nimber of its nim-value): a green
//! stalk of a thousand edges is *1000 at once, never searched.

use super::graph::{DRAWN_EDGES, DRAWN_VERTICES};
pub use super::hackenbush::Edge;
use super::hackenbush::{self as stalk};
use super::{Ruleset, args, char_span, no_params};
use crate::impartial::green;
use crate::impartial::green::{Dfs, MAX_VERTEX, NONE};
use rustc_hash::FxHashMap;
use sprague_core::nat::Nat;
use sprague_core::{Bound, SolveError};
use sprague_engine::partizan::{Game, GameTable, Rules, Side, TreeValues};
use sprague_engine::picture::{self, GraphPicture, Owner, Picture};
use sprague_expr::{Arg, FamilyTerm, Span};
use std::collections::VecDeque;

/// One edge as written: its vertices (0 the ground), its colour if one was given, and
/// the index (in characters) where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// One end.
    pub a: u64,
    /// The other end.
    pub b: u64,
    /// `B`/`L`, `R` or `G` after a `:`, if given.
    pub colour: Option<Edge>,
    /// Index of the edge's first character.
    pub at: usize,
}

/// Whether a Hackenbush string is a stalk (letters only, or empty) rather than an edge
/// list.
pub(crate) fn is_stalk(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_alphabetic())
}

/// Reads an edge list `U-V[:C] …`. On error, the index (in characters) of the
/// offending character and what is wrong.
///
/// ```
/// use sprague_games::partizan::hackenbush_graph::{parse_edges, Edge};
/// let e = parse_edges("0-1:B, g-2:r 2-2").unwrap();
/// assert_eq!((e[1].a, e[1].b, e[1].colour), (0, 2, Some(Edge::Red)));
/// assert_eq!(e[2].colour, None);
/// assert_eq!(parse_edges("0-1:B 1=2:R").unwrap_err().0, 7);
/// ```
pub fn parse_edges(s: &str) -> Result<Vec<Written>, (usize, String)> {
    let b = s.as_bytes();
    let chars = |byte: usize| s.char_indices().take_while(|&(i, _)| i < byte).count();
    let fail = |byte: usize, m: &str| Err((chars(byte), m.to_string()));
    const EDGE: &str = "an edge is written U-V:C, with U and V vertices (0 or g the ground) and C its colour B (Left), R (Right) or G (green)";
    const VERTEX: &str = "a vertex is a number up to 999999999, or g for the ground";
    let vertex = |i: &mut usize| -> Result<u64, (usize, String)> {
        if b.get(*i) == Some(&b'g') {
            *i += 1;
            return Ok(0);
        }
        let from = *i;
        let mut v = 0u64;
        while let Some(&d @ b'0'..=b'9') = b.get(*i) {
            v = v * 10 + u64::from(d - b'0');
            *i += 1;
            if v > MAX_VERTEX {
                return Err((chars(from), VERTEX.to_string()));
            }
        }
        if *i == from {
            return Err((chars(*i), VERTEX.to_string()));
        }
        Ok(v)
    };
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        while let Some(b' ' | b'\t' | b',') = b.get(i) {
            i += 1;
        }
        if i == b.len() {
            return Ok(out);
        }
        // Every character read so far is ASCII (anything else is an error): the byte
        // index is the character index.
        let at = i;
        let a = vertex(&mut i)?;
        if b.get(i) != Some(&b'-') {
            return fail(i, EDGE);
        }
        i += 1;
        let v = vertex(&mut i)?;
        let colour = if b.get(i) == Some(&b':') {
            i += 1;
            let c = match b.get(i).map(u8::to_ascii_uppercase) {
                Some(b'B' | b'L') => Edge::Blue,
                Some(b'R') => Edge::Red,
                Some(b'G') => Edge::Green,
                _ => return fail(i, "a colour is B (or L) for Left, R for Right, G for green"),
            };
            i += 1;
            Some(c)
        } else {
            None
        };
        if !matches!(b.get(i), None | Some(b' ' | b'\t' | b',')) {
            return fail(i, "edges are separated by spaces or commas");
        }
        out.push(Written {
            a,
            b: v,
            colour,
            at,
        });
    }
}

/// A Hackenbush position: coloured edges between vertices `0..n`, vertex 0 the ground.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Graph {
    edges: Vec<(u32, u32, Edge)>,
}

impl Graph {
    /// The graph of these edges (their vertices numbered from 0, the ground), without
    /// the edges not connected to the ground.
    pub fn new(edges: Vec<(u32, u32, Edge)>) -> Graph {
        Graph { edges }.connected()
    }

    /// The edges, as (vertex, vertex, colour).
    pub fn edges(&self) -> &[(u32, u32, Edge)] {
        &self.edges
    }

    /// One more than the largest vertex (at least 1: the ground).
    pub fn vertices(&self) -> usize {
        self.edges
            .iter()
            .map(|&(a, b, _)| a.max(b) as usize + 1)
            .max()
            .unwrap_or(1)
    }

    /// The stalk with these colours from the ground up.
    ///
    /// ```
    /// use sprague_games::partizan::hackenbush_graph::{Graph, Edge};
    /// let g = Graph::stalk(&[Edge::Blue, Edge::Red]);
    /// assert_eq!(g.edges(), &[(0, 1, Edge::Blue), (1, 2, Edge::Red)]);
    /// ```
    pub fn stalk(colours: &[Edge]) -> Graph {
        Graph {
            edges: (0..colours.len() as u32)
                .map(|i| (i, i + 1, colours[i as usize]))
                .collect(),
        }
    }

    /// Reads a stalk (`"BRG"`) or an edge list (`"0-1:B 1-2:R"`, every edge with its
    /// colour). On error, the index in characters and what is wrong.
    ///
    /// ```
    /// use sprague_games::partizan::hackenbush_graph::Graph;
    /// assert_eq!(Graph::parse("BR").unwrap(), Graph::parse("0-5:B 5-7:r").unwrap());
    /// assert_eq!(Graph::parse("0-1:B 1-2").unwrap_err().0, 6);
    /// ```
    pub fn parse(s: &str) -> Result<Graph, (usize, String)> {
        if is_stalk(s) {
            let colours = stalk::parse(s).map_err(|i| {
                (
                    i,
                    "a Hackenbush stalk has edges B (or L), R and G".to_string(),
                )
            })?;
            return Ok(Graph::stalk(&colours));
        }
        let written = parse_edges(s)?;
        let mut index: FxHashMap<u64, u32> = FxHashMap::default();
        index.insert(0, 0);
        let mut edges = Vec::with_capacity(written.len());
        for w in written {
            let Some(c) = w.colour else {
                return Err((
                    w.at,
                    "a Hackenbush edge needs its colour: U-V:B (Left), U-V:R (Right) or U-V:G (green)"
                        .to_string(),
                ));
            };
            let mut id = |v: u64| {
                let next = index.len() as u32;
                *index.entry(v).or_insert(next)
            };
            let (a, b) = (id(w.a), id(w.b));
            edges.push((a, b, c));
        }
        Ok(Graph::new(edges))
    }

    /// The sum of two positions: both on one ground.
    pub(crate) fn union(&self, other: &Graph) -> Graph {
        let shift = self.vertices() as u32 - 1;
        let moved = |v: u32| if v == 0 { 0 } else { v + shift };
        let mut edges = self.edges.clone();
        edges.extend(other.edges.iter().map(|&(a, b, c)| (moved(a), moved(b), c)));
        Graph { edges }
    }

    /// The graph drawn standing on the ground line: each vertex in the row of its
    /// distance from the ground ([`picture::layers`]), each vertex on the ground with
    /// its own foot there (the ground's own loops one foot each, to the right of
    /// everything else), parallel edges bent apart. Vertices keep their numbers as
    /// names (every foot is named 0), so that the edges a move removes are found by
    /// comparing pictures. `None` beyond [`DRAWN_VERTICES`] vertices or
    /// [`DRAWN_EDGES`] edges.
    pub fn picture(&self) -> Option<GraphPicture> {
        let edges = self.edges();
        let n = self.vertices();
        if n > DRAWN_VERTICES || edges.len() > DRAWN_EDGES {
            return None;
        }
        let ends: Vec<(usize, usize)> = edges
            .iter()
            .map(|&(a, b, _)| (a as usize, b as usize))
            .collect();
        let at = picture::layers(n, &ends, std::iter::once(0));
        let vertex = |x: u32, y: u32, name: usize| picture::Vertex {
            x,
            y,
            colour: None,
            ground: y == 0,
            name: name as u64,
        };
        let mut points: Vec<picture::Vertex> = Vec::new();
        let mut index = vec![usize::MAX; n];
        for v in 1..n {
            if let Some((x, y)) = at[v] {
                index[v] = points.len();
                points.push(vertex(x, y, v));
            }
        }
        let mut feet: FxHashMap<usize, usize> = FxHashMap::default();
        let mut right = at.iter().flatten().map(|p| p.0).max().unwrap_or(0);
        let mut foot = |points: &mut Vec<picture::Vertex>, v: usize| -> usize {
            if v == 0 {
                right += 2;
                points.push(vertex(right, 0, 0));
                return points.len() - 1;
            }
            let x = at[v].map_or(0, |p| p.0);
            *feet.entry(v).or_insert_with(|| {
                points.push(vertex(x, 0, 0));
                points.len() - 1
            })
        };
        let mut drawn = Vec::with_capacity(edges.len());
        let mut parallel: FxHashMap<(usize, usize), i32> = FxHashMap::default();
        for &(a, b, c) in edges {
            let (a, b) = (a as usize, b as usize);
            let (p, q) = match (a, b) {
                (0, 0) => {
                    let f = foot(&mut points, 0);
                    (f, f)
                }
                (0, v) | (v, 0) => (index[v], foot(&mut points, v)),
                _ => (index[a], index[b]),
            };
            if p == usize::MAX || q == usize::MAX {
                return None;
            }
            // Parallel edges bend away from each other: 0, 1, -1, 2, -2, …
            let k = parallel.entry((p.min(q), p.max(q))).or_insert(0);
            let bend = if *k % 2 == 0 { -*k / 2 } else { (*k + 1) / 2 };
            *k += 1;
            drawn.push(picture::Edge {
                a: p,
                b: q,
                colour: Some(match c {
                    Edge::Blue => Owner::Left,
                    Edge::Red => Owner::Right,
                    Edge::Green => Owner::Either,
                }),
                bend,
            });
        }
        Some(GraphPicture {
            vertices: points,
            edges: drawn,
            grounded: true,
        })
    }

    /// Whether every edge is green.
    pub(crate) fn is_green(&self) -> bool {
        self.edges.iter().all(|e| e.2 == Edge::Green)
    }

    /// The edge list as written in `hackenbush("…")`.
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(self.edges.len() * 8);
        for (i, &e) in self.edges.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&edge_text(e));
        }
        out
    }

    fn pairs(&self) -> Vec<(u32, u32)> {
        self.edges.iter().map(|&(a, b, _)| (a, b)).collect()
    }

    /// The graph without the edges not connected to the ground.
    fn connected(self) -> Graph {
        let dfs = Dfs::new(self.vertices(), &self.pairs());
        if dfs.order.len() == self.vertices() {
            return self;
        }
        Graph {
            edges: self
                .edges
                .into_iter()
                .filter(|&(a, _, _)| dfs.disc[a as usize] != NONE)
                .collect(),
        }
    }

    /// The parts that meet only at the ground, as they are (vertex numbers kept).
    pub fn split(&self) -> Vec<Graph> {
        let n = self.vertices();
        let mut up: Vec<u32> = (0..n as u32).collect();
        fn find(up: &mut [u32], mut v: u32) -> u32 {
            while up[v as usize] != v {
                let next = up[up[v as usize] as usize];
                up[v as usize] = next;
                v = next;
            }
            v
        }
        for &(a, b, _) in &self.edges {
            if a != 0 && b != 0 {
                let (ra, rb) = (find(&mut up, a), find(&mut up, b));
                up[ra as usize] = rb;
            }
        }
        let mut index: FxHashMap<u32, usize> = FxHashMap::default();
        let mut parts: Vec<Graph> = Vec::new();
        for &e in &self.edges {
            let (a, b, _) = e;
            let key = if a == 0 && b == 0 {
                // A loop at the ground is a part by itself.
                parts.push(Graph { edges: vec![e] });
                continue;
            } else {
                find(&mut up, a.max(b))
            };
            let next = parts.len();
            let k = *index.entry(key).or_insert(next);
            if k == next {
                parts.push(Graph::default());
            }
            parts[k].edges.push(e);
        }
        parts
    }

    /// The stalk's colours from the ground up, if the graph is a path from the ground.
    ///
    /// ```
    /// use sprague_games::partizan::hackenbush_graph::{Graph, Edge};
    /// let g = Graph::parse("2-1:R 0-2:B").unwrap();
    /// assert_eq!(g.as_stalk(), Some(vec![Edge::Blue, Edge::Red]));
    /// assert_eq!(Graph::parse("0-1:B 0-2:B").unwrap().as_stalk(), None);
    /// ```
    pub fn as_stalk(&self) -> Option<Vec<Edge>> {
        let n = self.vertices();
        if self.edges.len() + 1 != n {
            return None;
        }
        let mut adj: Vec<Vec<(u32, Edge)>> = vec![Vec::new(); n];
        for &(a, b, c) in &self.edges {
            if a == b {
                return None;
            }
            adj[a as usize].push((b, c));
            adj[b as usize].push((a, c));
            if adj[a as usize].len() > 2 || adj[b as usize].len() > 2 {
                return None;
            }
        }
        if adj[0].len() != 1 {
            return None;
        }
        // n − 1 edges, degrees at most 2, the ground an end: a path if the walk from
        // the ground takes every edge.
        let mut colours = Vec::with_capacity(self.edges.len());
        let (mut prev, mut v) = (NONE, 0u32);
        while let Some(&(w, c)) = adj[v as usize].iter().find(|&&(w, _)| w != prev) {
            colours.push(c);
            if colours.len() > self.edges.len() {
                return None;
            }
            (prev, v) = (v, w);
        }
        (colours.len() == self.edges.len()).then_some(colours)
    }

    /// One region (a part of [`Graph::split`]) in normal form: loops stored as edges
    /// to new vertices, green pieces hanging from one vertex replaced by green stalks
    /// of their nim-values, vertices renumbered from the ground.
    pub(crate) fn simplify(&self) -> Graph {
        self.simplify_with(true)
    }

    /// Like [`Graph::simplify`], green pieces replaced by stalks of their nim-values
    /// only when `green` (misère play keeps them: misère sums do not decompose by
    /// nim-values). Without that replacement the result has the game tree of the
    /// region: vertex numbers and the order of edges change nothing, and a loop at
    /// `v` is cut exactly as an edge from `v` to a vertex of its own is.
    fn simplify_with(&self, green: bool) -> Graph {
        // Compact vertex numbers, loops opened.
        let mut index: FxHashMap<u32, u32> = FxHashMap::default();
        index.insert(0, 0);
        let mut edges = Vec::with_capacity(self.edges.len());
        let mut loops = Vec::new();
        for &(a, b, c) in &self.edges {
            let mut id = |v: u32| {
                let next = index.len() as u32;
                *index.entry(v).or_insert(next)
            };
            let (a, b) = (id(a), id(b));
            if a == b {
                loops.push((a, c));
            } else {
                edges.push((a, b, c));
            }
        }
        let mut n = index.len() as u32;
        for (a, c) in loops {
            edges.push((a, n, c));
            n += 1;
        }
        let edges = if green {
            green_pieces(n as usize, edges)
        } else {
            edges
        };
        normalise(edges)
    }
}

/// Replaces each green piece that meets the rest only at one vertex (on the ground's
/// side of it) by a green stalk of its nim-value. The graph is connected, loopless,
/// on vertices `0..n`.
fn green_pieces(n: usize, edges: Vec<(u32, u32, Edge)>) -> Vec<(u32, u32, Edge)> {
    let pairs: Vec<(u32, u32)> = edges.iter().map(|&(a, b, _)| (a, b)).collect();
    let dfs = Dfs::new(n, &pairs);
    let disc = |v: u32| dfs.disc[v as usize];
    // Each edge belongs to its endpoint deeper in the search: a piece hanging below a
    // tree edge into c holds exactly the edges of c's subtree.
    let deeper = |&(a, b, _): &(u32, u32, Edge)| if disc(a) > disc(b) { a } else { b };
    let mut coloured = vec![0u32; n];
    let mut owned: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (i, e) in edges.iter().enumerate() {
        let d = deeper(e);
        owned[d as usize].push(i as u32);
        if e.2 != Edge::Green {
            coloured[d as usize] += 1;
        }
    }
    let mut size = vec![1u32; n];
    for &v in dfs.order.iter().skip(1).rev() {
        let p = dfs.parent(v, &pairs) as usize;
        coloured[p] += coloured[v as usize];
        size[p] += size[v as usize];
    }
    // The green pieces below each vertex: its children whose subtree is green and
    // reaches no higher than the vertex.
    let mut pieces: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut any = false;
    for &c in dfs.order.iter().skip(1) {
        let p = dfs.parent(c, &pairs);
        if coloured[c as usize] == 0 && dfs.low[c as usize] >= disc(p) {
            pieces[p as usize].push(c);
            any = true;
        }
    }
    if !any {
        return edges;
    }
    let mut removed = vec![false; n];
    let mut stalks = Vec::new();
    for &v in &dfs.order {
        if removed[v as usize] || pieces[v as usize].is_empty() {
            continue;
        }
        // The nim-value of the pieces below v, v their ground.
        let mut local: FxHashMap<u32, u32> = FxHashMap::default();
        local.insert(v, 0);
        let mut piece_edges = Vec::new();
        for &c in &pieces[v as usize] {
            let from = disc(c) as usize;
            for &u in &dfs.order[from..from + size[c as usize] as usize] {
                removed[u as usize] = true;
                for &i in &owned[u as usize] {
                    let (a, b, _) = edges[i as usize];
                    let mut id = |x: u32| {
                        let next = local.len() as u32;
                        *local.entry(x).or_insert(next)
                    };
                    piece_edges.push((id(a), id(b)));
                }
            }
        }
        let value = green::value(local.len(), &piece_edges);
        stalks.push((v, value));
    }
    let mut out: Vec<(u32, u32, Edge)> = edges
        .iter()
        .copied()
        .filter(|e| !removed[deeper(e) as usize])
        .collect();
    let mut next = n as u32;
    for (v, value) in stalks {
        let mut at = v;
        for _ in 0..value {
            out.push((at, next, Edge::Green));
            at = next;
            next += 1;
        }
    }
    out
}

/// Renumbers the vertices by a breadth-first search from the ground (each vertex's
/// edges in order of colour, then of the other end's degree) and sorts the edges.
fn normalise(edges: Vec<(u32, u32, Edge)>) -> Graph {
    let n = edges
        .iter()
        .map(|&(a, b, _)| a.max(b) as usize + 1)
        .max()
        .unwrap_or(1);
    let mut adj: Vec<Vec<(Edge, u32)>> = vec![Vec::new(); n];
    for &(a, b, c) in &edges {
        adj[a as usize].push((c, b));
        if a != b {
            adj[b as usize].push((c, a));
        }
    }
    let degree: Vec<usize> = adj.iter().map(Vec::len).collect();
    let mut label = vec![NONE; n];
    label[0] = 0;
    let mut next = 1u32;
    let mut queue = VecDeque::from([0u32]);
    while let Some(v) = queue.pop_front() {
        let mut near = std::mem::take(&mut adj[v as usize]);
        near.sort_by_key(|&(c, w)| (c, degree[w as usize]));
        for (_, w) in near {
            if label[w as usize] == NONE {
                label[w as usize] = next;
                next += 1;
                queue.push_back(w);
            }
        }
    }
    let mut out: Vec<(u32, u32, Edge)> = edges
        .iter()
        .filter(|&&(a, _, _)| label[a as usize] != NONE)
        .map(|&(a, b, c)| {
            let (a, b) = (label[a as usize], label[b as usize]);
            (a.min(b), a.max(b), c)
        })
        .collect();
    out.sort_unstable();
    Graph { edges: out }
}

/// One edge as written in `hackenbush("…")`: `0-1:R`.
fn edge_text((a, b, c): (u32, u32, Edge)) -> String {
    let c = match c {
        Edge::Blue => 'B',
        Edge::Red => 'R',
        Edge::Green => 'G',
    };
    format!("{a}-{b}:{c}")
}

/// Hackenbush's rules (no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hackenbush;

impl Rules for Hackenbush {
    type Position = Graph;

    fn options(&self, g: &Graph, side: Side, out: &mut Vec<Graph>) {
        let mine = if side == Side::Left {
            Edge::Blue
        } else {
            Edge::Red
        };
        for (i, &e) in g.edges.iter().enumerate() {
            if (e.2 != mine && e.2 != Edge::Green) || (i > 0 && g.edges[i - 1] == e) {
                continue;
            }
            let mut rest = g.edges.clone();
            rest.remove(i);
            out.push(Graph { edges: rest }.connected());
        }
    }

    fn regions(&self, g: &Graph, out: &mut Vec<Graph>) {
        out.extend(g.split().iter().map(Graph::simplify));
    }
}

impl Ruleset for Hackenbush {
    const RULES: &'static str = "Hackenbush: edges coloured blue (Left), red (Right) and green (either) are attached to the ground; a move deletes an edge of your colour or a green one, and whatever no longer touches the ground falls. Whoever cannot move loses.";
    const EXAMPLE: &'static str = "hackenbush(\"BBR\")";
    const NAME: &'static str = "hackenbush";

    /// The parts of the graph without the green pieces replaced by stalks.
    fn misere_regions(&self, g: &Graph, out: &mut Vec<Graph>) {
        out.extend(g.split().iter().map(|p| p.simplify_with(false)));
    }

    const USAGE: &'static str = "hackenbush takes stalks written as strings of B (Left), R (Right) and G (either) from the ground up, e.g. hackenbush(\"BBR\"), or graphs written as edge lists U-V:C with 0 (or g) the ground, e.g. hackenbush(\"0-1:B 1-2:R 2-0:G\")";

    /// Every edge `side` may cut, each its own move (parallel edges of one colour
    /// too), named by its number in the position's text: `cutting edge 5, 0-1:R`.
    fn listed_moves(&self, g: &Graph, side: Side, out: &mut Vec<(Graph, Option<String>)>) {
        for (i, &e) in g.edges.iter().enumerate() {
            if e.2 != Edge::Green && (e.2 == Edge::Blue) != (side == Side::Left) {
                continue;
            }
            let mut rest = g.edges.clone();
            rest.remove(i);
            let words = format!("cutting edge {}, {}", i + 1, edge_text(e));
            out.push((Graph { edges: rest }.connected(), Some(words)));
        }
    }

    fn read(f: &FamilyTerm) -> Result<(Hackenbush, Graph), (Span, String)> {
        no_params(f)?;
        let mut g = Graph::default();
        for a in args(f, Self::USAGE)? {
            let Arg::Str(s, span) = a else {
                return Err((a.span(), Self::USAGE.to_string()));
            };
            let h = Graph::parse(s).map_err(|(i, m)| (char_span(*span, s, i), m))?;
            g = g.union(&h);
        }
        Ok((Hackenbush, g))
    }

    fn show(&self, g: &Graph) -> String {
        format!("hackenbush(\"{}\")", g.text())
    }

    /// A stalk when the edges are `0-1`, `1-2`, … in order (nothing at all is the
    /// empty stalk), else the graph on the ground ([`Graph::picture`]); text when too
    /// large to draw.
    fn picture(&self, g: &Graph) -> Picture {
        let owner = |c: Edge| match c {
            Edge::Blue => Owner::Left,
            Edge::Red => Owner::Right,
            Edge::Green => Owner::Either,
        };
        let stalk = g
            .edges
            .iter()
            .enumerate()
            .all(|(k, &(a, b, _))| (a as usize, b as usize) == (k, k + 1));
        if stalk {
            return Picture::Stalk {
                colours: g.edges.iter().map(|e| owner(e.2)).collect(),
            };
        }
        match g.picture() {
            Some(p) => Picture::Graph(p),
            None => Picture::Text(self.show(g)),
        }
    }

    fn option_count(&self, g: &Graph, side: Side, _buf: &mut Vec<Graph>) -> usize {
        let mine = if side == Side::Left {
            Edge::Blue
        } else {
            Edge::Red
        };
        // As `options` lists them: an edge of the side's colour or green, repeats of
        // the edge before it left out.
        g.edges
            .iter()
            .enumerate()
            .filter(|&(i, e)| {
                (e.2 == mine || e.2 == Edge::Green) && (i == 0 || g.edges[i - 1] != *e)
            })
            .count()
    }

    /// Every move deletes at least one edge.
    fn height(&self, g: &Graph) -> Option<u64> {
        Some(g.edges.len() as u64)
    }

    /// A green graph is a nimber (fusion and colon principles, linear time); a stalk
    /// of blue and red edges topped by green ones is x + *n (sign expansion and the
    /// rule of [`super::hackenbush`]). See [`closed_value`].
    fn closed_value(&self, g: &Graph, t: &mut GameTable) -> Option<Result<Game, SolveError>> {
        closed_value(g, t)
    }

    fn method(&self) -> String {
        "Hackenbush (Left cuts blue edges), from the game tree: each part meeting the rest only at the ground valued once, green pieces replaced by green stalks of their nim-values (colon and fusion principles)".to_string()
    }
}

/// How the parts of a graph were valued.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Methods {
    /// Green parts: nimbers by the fusion and colon principles.
    pub green: usize,
    /// Stalks: their closed forms.
    pub stalks: usize,
    /// Other parts: from the game tree.
    pub tree: usize,
}

impl Methods {
    /// The methods in words, for explanations.
    pub fn text(&self) -> String {
        let mut parts = Vec::new();
        if self.green > 0 {
            parts.push(format!(
                "{} green part(s) by the fusion and colon principles (Winning Ways, ch. 7)",
                self.green
            ));
        }
        if self.stalks > 0 {
            parts.push(format!(
                "{} stalk(s) by sign expansion and x + *n for green tops",
                self.stalks
            ));
        }
        if self.tree > 0 {
            parts.push(format!(
                "{} part(s) from the game tree, green pieces replaced by green stalks of their nim-values",
                self.tree
            ));
        }
        if parts.is_empty() {
            return "no edges: 0".to_string();
        }
        format!("Hackenbush graph: {}", parts.join("; "))
    }
}

/// The value of a Hackenbush graph: the sum of its parts meeting only at the ground,
/// each green part a nimber (fusion and colon principles), each stalk by its closed
/// form, the others from the game tree with `memo`.
pub fn value(
    t: &mut GameTable,
    memo: &mut TreeValues<Graph>,
    g: &Graph,
) -> Result<(Game, Methods), SolveError> {
    let mut how = Methods::default();
    let mut star = 0u64;
    let mut total = Game::ZERO;
    for part in g.split() {
        if part.is_green() {
            star ^= part.simplify_green();
            how.green += 1;
            continue;
        }
        let region = part.simplify();
        let v = match region.as_stalk() {
            Some(colours) => {
                how.stalks += 1;
                stalk::value(t, &colours)?
            }
            None => {
                how.tree += 1;
                // Its options are made all at once: each a copy of the graph.
                let mut buf = Vec::new();
                let count = Hackenbush.option_count(&region, Side::Left, &mut buf)
                    + Hackenbush.option_count(&region, Side::Right, &mut buf);
                let elements = (count as u64).saturating_mul(region.edges.len() as u64);
                if elements
                    > t.max_states()
                        .max(sprague_engine::search::partizan::OPTION_ELEMENTS)
                {
                    return Err(SolveError::Limit {
                        what: format!(
                            "the game tree of a part of {} edges ({count} options) would hold {elements} edges at once, more than {}",
                            region.edges.len(),
                            t.max_states()
                        ),
                        bound: Bound::States,
                    });
                }
                memo.region(t, &Hackenbush, &region)?
            }
        };
        total = t.add(total, v)?;
    }
    let star = t.nimber(Nat::from(star))?;
    Ok((t.add(total, star)?, how))
}

/// The value of a Hackenbush position by a theorem, without its game tree: a green
/// graph is the nimber of its nim-value (fusion and colon principles), a stalk of
/// blue and red edges topped by n ≥ 0 green ones is x + *n, x its sign expansion;
/// `None` for every other graph. Linear in the number of edges.
///
/// Why a green graph may stand in a partizan sum as its nimber: both players have
/// the same moves in it, in every position it reaches, so it is an impartial game,
/// and an impartial game G of nim-value g (the mex of its options' nim-values) is
/// equal, as a partizan game, to *g. Proof by induction on G: each option G' has a
/// nim-value g' ≠ g and G' = *g' by induction. In G + *g the player to move loses:
/// a move to G' + *g with g' < g is answered by *g → *g', and with g' > g by a move
/// in G' to an option of nim-value g (there is one: g < g' is not the mex of G''s
/// options); a move to G + *k (k < g) is answered by a move in G to an option of
/// nim-value k (there is one: k < g, the mex). Each answer leaves *h + *h = 0 for
/// some h, by induction. So G + *g = 0, and G = *g since *g = −*g. Equal games may
/// replace each other in any sum, and nimbers add as Nim heaps, *a + *b = *(a ⊕ b).
pub fn closed_value(g: &Graph, t: &mut GameTable) -> Option<Result<Game, SolveError>> {
    if g.is_green() {
        return Some(t.nimber(Nat::from(g.simplify_green())));
    }
    let (x, n) = stalk::green_top(&g.as_stalk()?)?;
    Some(t.nus(sprague_engine::partizan::Nus {
        number: x,
        up: 0,
        star: Nat::from(n),
    }))
}

impl Graph {
    /// The nim-value of a green part, its vertices first made compact.
    fn simplify_green(&self) -> u64 {
        let mut index: FxHashMap<u32, u32> = FxHashMap::default();
        index.insert(0, 0);
        let pairs: Vec<(u32, u32)> = self
            .edges
            .iter()
            .map(|&(a, b, _)| {
                let mut id = |v: u32| {
                    let next = index.len() as u32;
                    *index.entry(v).or_insert(next)
                };
                (id(a), id(b))
            })
            .collect();
        green::value(index.len(), &pairs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::testing::Plain;

    fn show(s: &str) -> String {
        let mut t = GameTable::with_limit(50_000_000);
        let mut memo = TreeValues::new();
        let (v, _) = value(&mut t, &mut memo, &Graph::parse(s).unwrap()).unwrap();
        t.show(v)
    }

    fn plain(s: &str) -> String {
        let mut t = GameTable::with_limit(50_000_000);
        let mut memo = TreeValues::new();
        let v = memo
            .value(&mut t, &Plain(&Hackenbush), &Graph::parse(s).unwrap())
            .unwrap();
        t.show(v)
    }

    #[test]
    fn published_values() {
        // Winning Ways, ch. 1: a blue edge is 1, a red edge −1, a blue edge with a red
        // one on top 1/2.
        assert_eq!(show("0-1:B"), "1");
        assert_eq!(show("0-1:R"), "-1");
        assert_eq!(show("0-1:B 1-2:R"), "1/2");
        // From the rules: a blue edge with two red edges on top. Left's only move
        // leaves 0, Right's leave a blue edge under a red one, 1/2: {0 | 1/2} = 1/4.
        assert_eq!(show("0-1:B 1-2:R 1-3:R"), "1/4");
        // Winning Ways, ch. 2: a green edge is *, a blue edge under a green one 1*.
        assert_eq!(show("0-1:G"), "*");
        assert_eq!(show("0-1:B 1-2:G"), "1*");
        // Green under blue: {0,*|0} = ^* (Winning Ways, ch. 2).
        assert_eq!(show("0-1:G 1-2:B"), "^*");
        // A loop is an edge: a blue loop at the ground is 1.
        assert_eq!(show("0-0:B"), "1");
    }

    #[test]
    fn the_game_tree_agrees_with_the_plain_tree_on_small_graphs() {
        // Every multigraph with vertices 0..3 (0 the ground) and up to 4 edges, every
        // colouring: the regions, green pieces and closed forms against the plain tree.
        let pairs: Vec<(u32, u32)> = (0..4u32)
            .flat_map(|a| (a..4).map(move |b| (a, b)))
            .collect();
        let colours = [Edge::Blue, Edge::Red, Edge::Green];
        let mut t = GameTable::with_limit(200_000_000);
        let mut fast = TreeValues::new();
        let mut slow = TreeValues::new();
        let mut checked = 0;
        let mut stack: Vec<Vec<(u32, u32, Edge)>> = vec![Vec::new()];
        while let Some(edges) = stack.pop() {
            let g = Graph::new(edges.clone());
            if g.edges.len() == edges.len() {
                let want = slow.value(&mut t, &Plain(&Hackenbush), &g).unwrap();
                let (got, _) = value(&mut t, &mut fast, &g).unwrap();
                assert_eq!(got, want, "{}", g.text());
                let tree = fast.value(&mut t, &Hackenbush, &g).unwrap();
                assert_eq!(tree, want, "{}", g.text());
                checked += 1;
            }
            if edges.len() == 4 {
                continue;
            }
            let from = edges.last().map_or(0, |&(a, b, c)| {
                pairs.iter().position(|&p| p == (a, b)).unwrap_or(0) * 3 + c as usize
            });
            for k in from..pairs.len() * 3 {
                let (a, b) = pairs[k / 3];
                let mut next = edges.clone();
                next.push((a, b, colours[k % 3]));
                stack.push(next);
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

    #[test]
    fn green_pieces_become_stalks() {
        // A blue edge with a green triangle on top: the triangle fuses into three
        // loops, *1: the same as a blue edge with one green edge, 1*.
        assert_eq!(show("0-1:B 1-2:G 2-3:G 3-1:G"), "1*");
        assert_eq!(plain("0-1:B 1-2:G 2-3:G 3-1:G"), "1*");
        let g = Graph::parse("0-1:B 1-2:G 2-3:G 3-1:G").unwrap();
        assert_eq!(
            g.simplify(),
            Graph::parse("0-1:B 1-2:G").unwrap().simplify()
        );
    }

    #[test]
    fn graphs_read_back() {
        let g = Graph::parse("0-1:B 1-2:R 2-0:G 1-3:G 5-6:B").unwrap();
        // The edge 5-6 is not connected to the ground.
        assert_eq!(g.edges().len(), 4);
        let shown = Hackenbush.show(&g);
        assert_eq!(shown, "hackenbush(\"0-1:B 1-2:R 2-0:G 1-3:G\")");
        let again = Graph::parse(&shown["hackenbush(\"".len()..shown.len() - 2]).unwrap();
        assert_eq!(again, g);
    }

    /// A blue edge on the ground with a red and a green edge on top of it, and a blue
    /// loop on the ground.
    #[test]
    fn graphs_are_drawn_on_the_ground_and_stalks_as_stalks() {
        let g = Graph::parse("0-1:B 1-2:R 1-2:G 0-0:B").unwrap();
        let Picture::Graph(p) = Hackenbush.picture(&g) else {
            panic!("a graph");
        };
        assert_eq!(p.edges.len(), 4);
        // The two edges between 1 and 2 bend apart; the loop at the ground starts and
        // ends at one foot.
        assert_eq!((p.edges[1].bend, p.edges[2].bend), (0, 1));
        assert_eq!(p.edges[3].a, p.edges[3].b);
        assert!(p.vertices[p.edges[3].a].ground);
        assert_eq!(
            Hackenbush.picture(&Graph::parse("BRG").unwrap()),
            Picture::Stalk {
                colours: vec![Owner::Left, Owner::Right, Owner::Either]
            }
        );
        let big: Vec<String> = (0..150).map(|v| format!("{v}-{}:G", v + 1)).collect();
        let g = Graph::parse(&big.join(" ").replace("0-1:G", "0-2:G 2-1:G")).unwrap();
        assert!(matches!(Hackenbush.picture(&g), Picture::Text(_)));
    }

    /// Every listed move cuts one edge (its number in the text, from its words): the
    /// target found by comparing pictures is that edge, and the edges that fall are
    /// those no longer connected to the ground.
    #[test]
    fn the_target_of_each_cut_is_its_edge() {
        for s in [
            "0-1:B 1-2:R 1-2:G 0-0:B",
            "0-1:B 1-1:R",
            "BRGB",
            "0-1:B 1-2:R 2-0:G 1-3:G",
            "0-1:G 0-2:R 1-2:B 2-3:B 3-4:R",
        ] {
            let g = Graph::parse(s).unwrap();
            let before = Hackenbush.picture(&g);
            for side in [Side::Left, Side::Right] {
                let mut moves = Vec::new();
                Hackenbush.listed_moves(&g, side, &mut moves);
                for (after, words) in moves {
                    let words = words.unwrap();
                    let k: usize = words["cutting edge ".len()..]
                        .split(',')
                        .next()
                        .unwrap()
                        .parse()
                        .unwrap();
                    let t = Picture::target(&before, &Hackenbush.picture(&after));
                    let Some(picture::Target::Cut { edge, fallen }) = t else {
                        panic!("{s}: {words}: {t:?}");
                    };
                    assert_eq!(edge, k - 1, "{s}: {words}");
                    assert_eq!(
                        fallen.len() + 1 + after.edges().len(),
                        g.edges().len(),
                        "{s}: {words}"
                    );
                }
            }
        }
    }
}
