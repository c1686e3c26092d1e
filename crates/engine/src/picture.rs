//! What a front end draws of one component, in terms that name no game: heaps of
//! stones, a piece on a board, a ring, a staircase, a board of cells, a row of coins
//! (heads or tails), a Hackenbush-like
//! stalk or graph, or text. A family (or ruleset) describes its positions in this
//! vocabulary ([`Picture`]); front ends draw pictures by their kind, and what a move
//! changes ([`Target`]) is found by comparing the pictures before and after it
//! ([`Picture::target`]), so that no front end needs a family's name or rules.

use sprague_core::nat::Nat;

/// The piece on a quarter-infinite board ([`Picture::Board`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Moves any distance right, down or diagonally toward the corner; the corner is
    /// drawn bottom-right, as the king's.
    Queen,
    /// Steps one square right, down or diagonally toward the corner; the corner is
    /// drawn bottom-right.
    King,
}

impl Piece {
    /// The piece's name in the picture's JSON: `queen` or `king`.
    ///
    /// ```
    /// assert_eq!(sprague_engine::picture::Piece::Queen.name(), "queen");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Piece::Queen => "queen",
            Piece::King => "king",
        }
    }
}

/// Who may use an edge (cut it), or whose colour a vertex has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Owner {
    /// Left's (blue edges, vertices of Left's colour).
    Left,
    /// Right's (red edges, vertices of Right's colour).
    Right,
    /// Either player's (green edges).
    Either,
}

impl Owner {
    /// The letter of an edge's colour: `B` (Left), `R` (Right), `G` (either).
    pub fn edge_letter(self) -> char {
        match self {
            Owner::Left => 'B',
            Owner::Right => 'R',
            Owner::Either => 'G',
        }
    }

    /// The letter of a player's colour on a vertex: `L`, `R` (`G` for either).
    pub fn colour_letter(self) -> char {
        match self {
            Owner::Left => 'L',
            Owner::Right => 'R',
            Owner::Either => 'G',
        }
    }
}

/// A vertex of a [`GraphPicture`], where it is drawn: `x` in half columns from the
/// left, `y` in rows (from the ground up when the graph has a ground, else from the
/// top down).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vertex {
    /// Half columns from the left.
    pub x: u32,
    /// Rows.
    pub y: u32,
    /// The player whose colour the vertex has, if any.
    pub colour: Option<Owner>,
    /// Whether the vertex is a point of the ground (the ground is one vertex of the
    /// game drawn at several points).
    pub ground: bool,
    /// The vertex's number in the position (equal for every point of the ground); the
    /// number stays with the vertex across moves when the position keeps its numbers.
    pub name: u64,
}

/// An edge of a [`GraphPicture`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// One end (an index into the vertices).
    pub a: usize,
    /// The other end (equal to `a` for a loop).
    pub b: usize,
    /// Who may cut it, if edges are cut.
    pub colour: Option<Owner>,
    /// How far it bends sideways from the straight line (parallel edges: 0, 1, −1, …).
    pub bend: i32,
}

/// A graph drawn with its layout.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GraphPicture {
    /// The vertices, where they are drawn.
    pub vertices: Vec<Vertex>,
    /// The edges.
    pub edges: Vec<Edge>,
    /// Whether the graph stands on a ground line (drawn upwards from it).
    pub grounded: bool,
}

impl GraphPicture {
    /// A stalk as a graph on the ground: vertex `k` (named `k`) at height `k`, the
    /// edges `k-1 – k` from the ground up.
    pub fn stalk(colours: &[Owner]) -> GraphPicture {
        GraphPicture {
            vertices: (0..=colours.len())
                .map(|k| Vertex {
                    x: 0,
                    y: k as u32,
                    colour: None,
                    ground: k == 0,
                    name: k as u64,
                })
                .collect(),
            edges: (0..colours.len())
                .map(|k| Edge {
                    a: k,
                    b: k + 1,
                    colour: Some(colours[k]),
                    bend: 0,
                })
                .collect(),
            grounded: true,
        }
    }
}

/// How to draw one component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picture {
    /// Heaps of stones, in order (front ends number the heaps across a whole sum).
    Heaps {
        /// The stones of each heap.
        sizes: Vec<Nat>,
    },
    /// A piece `x` columns and `y` rows from the corner it moves toward.
    Board {
        /// Columns from the corner.
        x: Nat,
        /// Rows from the corner.
        y: Nat,
        /// The piece.
        piece: Piece,
        /// The cells `(x, y)` of the board up to the piece that are P-positions, as the
        /// family knows them by a closed form (empty beyond [`MARKED_BOARD`]).
        marks: Vec<(u64, u64)>,
    },
    /// A coin on a ring of edges with these weights, the coin at the start of the
    /// first edge.
    Ring {
        /// The weights, in order from the coin.
        weights: Vec<Nat>,
    },
    /// A staircase with these stones on its steps, the lowest first.
    Stairs {
        /// Stones per step.
        steps: Vec<Nat>,
    },
    /// A board of cells: rows of characters of equal length, and what each
    /// character means (which player's piece it is, …).
    Cells {
        /// The rows, top first.
        rows: Vec<String>,
        /// What the characters mean.
        legend: Vec<(char, String)>,
    },
    /// A string of edges standing on the ground, from the ground up.
    Stalk {
        /// Who may cut each edge, the lowest first.
        colours: Vec<Owner>,
    },
    /// A graph.
    Graph(GraphPicture),
    /// A token walking on a graph that it may visit each vertex of once: the graph
    /// laid out, the vertices already visited and the token's vertex (none before the
    /// token is placed). Vertices keep their names across moves.
    Walk {
        /// The graph (its vertices' colours unused).
        graph: GraphPicture,
        /// The token's vertex (an index into the vertices), if it is placed.
        token: Option<usize>,
        /// The vertices visited (the token's included), ascending indices.
        visited: Vec<usize>,
    },
    /// A matrix of numbers, rows top first (every row as long as the first).
    Numbers {
        /// The rows.
        rows: Vec<Vec<Nat>>,
    },
    /// Rows of pins (Kayles-like): a move knocks down a run of adjacent pins of one
    /// row, the pins on either side of it standing on as rows of their own.
    Pins {
        /// The pins of each row, in order.
        rows: Vec<Nat>,
    },
    /// A row of coins, each heads or tails (coin-turning games): a move turns over
    /// some coins of the row. Front ends number the coins from 1 at the left.
    Coins {
        /// Whether each coin shows heads, the leftmost first.
        heads: Vec<bool>,
    },
    /// No picture: the component as written.
    Text(String),
}

/// Largest side of a board whose P-positions are marked.
pub const MARKED_BOARD: u64 = 64;

/// What a move changes, in the terms of the picture before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Takes `count` stones from heap `heap` (0-based within the component).
    Take {
        /// The heap.
        heap: usize,
        /// The stones taken.
        count: Nat,
    },
    /// Moves the piece to the cell `(x, y)`.
    Cell {
        /// Columns from the corner.
        x: Nat,
        /// Rows from the corner.
        y: Nat,
    },
    /// Changes these cells `(row, column)` of a board, top-left `(0, 0)`.
    Cells(Vec<(usize, usize)>),
    /// Changes these entries (steps of a staircase, coins of a row turned over),
    /// 0-based, ascending.
    Entries(Vec<usize>),
    /// Cuts the edge `edge` (of a stalk, from the ground, or of a graph); the edges
    /// `fallen` are no longer connected to the ground and fall with it.
    Cut {
        /// The edge cut.
        edge: usize,
        /// The edges that fall.
        fallen: Vec<usize>,
    },
    /// Colours one vertex: any of `vertices` (vertices whose colouring leaves the
    /// same position).
    Colour {
        /// The vertices, in order.
        vertices: Vec<usize>,
    },
    /// Puts the token of a walk on vertex `vertex` (an index into the vertices of the
    /// picture before the move): placing it, or moving it there.
    Token {
        /// The vertex.
        vertex: usize,
    },
    /// Knocks down `count` adjacent pins of row `row` (0-based within the component),
    /// the first `from` pins of the row left standing on its left. Knocking down the
    /// same run counted from the other end leaves the same rows.
    Knock {
        /// The row.
        row: usize,
        /// The pins left standing before the run.
        from: Nat,
        /// The pins knocked down.
        count: Nat,
    },
}

/// Most vertex sets tried when matching a graph after a move to the one before.
const MATCH_TRIES: usize = 20_000;

impl Picture {
    /// The name of the picture's kind, as front ends know it: `heaps`, `board`,
    /// `ring`, `stairs`, `cells`, `stalk`, `graph`, `walk`, `numbers`, `pins`, `coins` or
    /// `text`.
    pub fn kind(&self) -> &'static str {
        match self {
            Picture::Heaps { .. } => "heaps",
            Picture::Board { .. } => "board",
            Picture::Ring { .. } => "ring",
            Picture::Stairs { .. } => "stairs",
            Picture::Cells { .. } => "cells",
            Picture::Stalk { .. } => "stalk",
            Picture::Graph(_) => "graph",
            Picture::Walk { .. } => "walk",
            Picture::Numbers { .. } => "numbers",
            Picture::Pins { .. } => "pins",
            Picture::Coins { .. } => "coins",
            Picture::Text(_) => "text",
        }
    }

    /// One line on how a player moves in such a picture (in front ends that click).
    pub fn how_to_move(&self) -> &'static str {
        match self {
            Picture::Heaps { .. } => {
                "click the k-th stone from the right to take k stones from that heap"
            }
            Picture::Board {
                piece: Piece::Queen,
                ..
            } => {
                "click a highlighted cell: the queen moves any distance right, down or diagonally toward the corner"
            }
            Picture::Board {
                piece: Piece::King, ..
            } => {
                "click a highlighted cell: the king steps right, down or diagonally toward the corner"
            }
            Picture::Ring { .. } | Picture::Stairs { .. } | Picture::Text(_) => {
                "pick a move in the list"
            }
            Picture::Cells { .. } => {
                "click the cells your move changes, in order (a piece, then where it goes); a move is played once only it fits"
            }
            Picture::Stalk { .. } => "click an edge to cut it",
            Picture::Graph(g) if g.edges.iter().any(|e| e.colour.is_some()) => {
                "click an edge to cut it"
            }
            Picture::Graph(_) => "click an uncoloured vertex to colour it",
            Picture::Walk { token: None, .. } => "click a vertex to place the token on it",
            Picture::Walk { .. } => {
                "click an unvisited vertex next to the token to move the token there"
            }
            Picture::Numbers { .. } => {
                "click the cells a move changes to narrow the list to the moves that change them, or pick a move in the list"
            }
            Picture::Pins { .. } => {
                "click a pin, then the same pin again to knock it down alone or a pin next to it to knock both down"
            }
            Picture::Coins { .. } => {
                "click the coins your move turns over (its rightmost coin goes from heads to tails); a move is played once only it fits, or when a chosen coin is clicked again"
            }
        }
    }

    /// What the move from `before` to `after` (pictures of one component) changes,
    /// found from the two pictures alone; `None` when they do not tell (pictures of
    /// different kinds, a move that changes what the kind cannot name).
    ///
    /// ```
    /// use sprague_core::nat::Nat;
    /// use sprague_engine::picture::{Picture, Target};
    /// let heaps = |v: &[u64]| Picture::Heaps { sizes: v.iter().map(|&n| Nat::from(n)).collect() };
    /// assert_eq!(
    ///     Picture::target(&heaps(&[3, 5]), &heaps(&[3, 2])),
    ///     Some(Target::Take { heap: 1, count: Nat::from(3u64) })
    /// );
    /// ```
    pub fn target(before: &Picture, after: &Picture) -> Option<Target> {
        match (before, after) {
            (Picture::Heaps { sizes: a }, Picture::Heaps { sizes: b }) => {
                if a.len() != b.len() {
                    return None;
                }
                let mut changed = (0..a.len()).filter(|&i| a[i] != b[i]);
                let i = changed.next()?;
                if changed.next().is_some() {
                    return None;
                }
                Some(Target::Take {
                    heap: i,
                    count: a[i].checked_sub(&b[i])?,
                })
            }
            (
                Picture::Board {
                    x: x0,
                    y: y0,
                    piece: p0,
                    ..
                },
                Picture::Board { x, y, piece, .. },
            ) if p0 == piece && (x0, y0) != (x, y) => Some(Target::Cell {
                x: x.clone(),
                y: y.clone(),
            }),
            (Picture::Stairs { steps: a }, Picture::Stairs { steps: b }) if a.len() == b.len() => {
                let changed: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
                (!changed.is_empty()).then_some(Target::Entries(changed))
            }
            (Picture::Cells { rows: a, .. }, Picture::Cells { rows: b, .. }) => {
                let width = |r: &String| r.chars().count();
                if a.len() != b.len() || a.iter().zip(b).any(|(x, y)| width(x) != width(y)) {
                    return None;
                }
                let mut changed = Vec::new();
                for (r, (x, y)) in a.iter().zip(b).enumerate() {
                    for (c, (p, q)) in x.chars().zip(y.chars()).enumerate() {
                        if p != q {
                            changed.push((r, c));
                        }
                    }
                }
                (!changed.is_empty()).then_some(Target::Cells(changed))
            }
            (Picture::Stalk { colours: a }, Picture::Stalk { colours: b }) => {
                (b.len() < a.len() && a.starts_with(b)).then(|| Target::Cut {
                    edge: b.len(),
                    fallen: (b.len() + 1..a.len()).collect(),
                })
            }
            // A graph on the ground may become a stalk after a cut, or the reverse.
            (Picture::Stalk { colours }, Picture::Graph(b)) if b.grounded => {
                Picture::target(&Picture::Graph(GraphPicture::stalk(colours)), after)
            }
            (Picture::Graph(a), Picture::Stalk { colours }) if a.grounded => {
                Picture::target(before, &Picture::Graph(GraphPicture::stalk(colours)))
            }
            (Picture::Graph(a), Picture::Graph(b)) => {
                if a.edges.iter().any(|e| e.colour.is_some()) {
                    cut(a, b)
                } else {
                    coloured(a, b)
                }
            }
            (
                Picture::Walk {
                    graph: a, token, ..
                },
                Picture::Walk {
                    graph: b,
                    token: Some(t),
                    ..
                },
            ) => {
                // The token's new vertex, by its name, in the picture before.
                let name = b.vertices.get(*t)?.name;
                let vertex = a.vertices.iter().position(|v| v.name == name)?;
                (*token != Some(vertex)).then_some(Target::Token { vertex })
            }
            (Picture::Numbers { rows: a }, Picture::Numbers { rows: b }) => {
                if a.len() != b.len() || a.iter().zip(b).any(|(x, y)| x.len() != y.len()) {
                    return None;
                }
                let mut changed = Vec::new();
                for (r, (x, y)) in a.iter().zip(b).enumerate() {
                    for (c, (p, q)) in x.iter().zip(y).enumerate() {
                        if p != q {
                            changed.push((r, c));
                        }
                    }
                }
                (!changed.is_empty()).then_some(Target::Cells(changed))
            }
            (Picture::Pins { rows: a }, Picture::Pins { rows: b }) => knock(a, b),
            (Picture::Coins { heads: a }, Picture::Coins { heads: b }) if a.len() == b.len() => {
                let turned: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
                (!turned.is_empty()).then_some(Target::Entries(turned))
            }
            _ => None,
        }
    }

    /// The picture of several components as one, for a move that leaves several
    /// components where there was one (a row of pins knocked down in the middle
    /// leaves two rows): their rows of pins side by side; `None` unless every part is
    /// a picture of pins. No parts make an empty row of pins.
    pub fn joined(parts: &[Picture]) -> Option<Picture> {
        let mut rows = Vec::new();
        for p in parts {
            match p {
                Picture::Pins { rows: r } => rows.extend(r.iter().cloned()),
                _ => return None,
            }
        }
        Some(Picture::Pins { rows })
    }
}

/// The run of pins knocked down between two pictures of rows (rows of no pins left
/// out): one row of `before` is gone and at most two shorter rows have come, the rest
/// the same.
fn knock(before: &[Nat], after: &[Nat]) -> Option<Target> {
    let mut gone: Vec<(usize, &Nat)> = before
        .iter()
        .enumerate()
        .filter(|(_, n)| !n.is_zero())
        .collect();
    let mut come = Vec::new();
    for n in after.iter().filter(|n| !n.is_zero()) {
        match gone.iter().position(|(_, m)| *m == n) {
            Some(i) => {
                gone.remove(i);
            }
            None => come.push(n),
        }
    }
    let [(row, n)] = gone.as_slice() else {
        return None;
    };
    if come.len() > 2 {
        return None;
    }
    let mut left = Nat::ZERO;
    for c in &come {
        left = left.add(c);
    }
    let count = n.checked_sub(&left).filter(|k| !k.is_zero())?;
    // Knocked down at the end: the row left stands before the run.
    Some(Target::Knock {
        row: *row,
        from: come.first().map_or(Nat::ZERO, |c| (*c).clone()),
        count,
    })
}

/// The edge cut between two graphs whose vertices keep their names: the edges of
/// `after` are those of `before` in order, less the edge cut and the edges that fell
/// with it. The edge cut is the one removed that touches the ground or what is left.
fn cut(before: &GraphPicture, after: &GraphPicture) -> Option<Target> {
    let key = |g: &GraphPicture, e: &Edge| {
        let (a, b) = (g.vertices.get(e.a)?.name, g.vertices.get(e.b)?.name);
        Some((a.min(b), a.max(b), e.colour))
    };
    let old: Vec<_> = before
        .edges
        .iter()
        .map(|e| key(before, e))
        .collect::<Option<_>>()?;
    let new: Vec<_> = after
        .edges
        .iter()
        .map(|e| key(after, e))
        .collect::<Option<_>>()?;
    // Greedy in order: the edges kept are a subsequence of those before.
    let mut removed = Vec::new();
    let mut j = 0;
    for (i, k) in old.iter().enumerate() {
        if j < new.len() && new[j] == *k {
            j += 1;
        } else {
            removed.push(i);
        }
    }
    if j < new.len() || removed.is_empty() {
        return None;
    }
    let mut standing: Vec<u64> = before
        .vertices
        .iter()
        .filter(|v| v.ground)
        .map(|v| v.name)
        .collect();
    standing.extend(new.iter().flat_map(|k| [k.0, k.1]));
    let touches = |i: usize| standing.contains(&old[i].0) || standing.contains(&old[i].1);
    let mut cuts = removed.iter().copied().filter(|&i| touches(i));
    let edge = cuts.next()?;
    if cuts.next().is_some() {
        return None;
    }
    Some(Target::Cut {
        edge,
        fallen: removed.into_iter().filter(|&i| i != edge).collect(),
    })
}

/// The vertex coloured between two graphs whose uncoloured vertices are numbered
/// afresh after a move: the uncoloured vertices of `after` are those of `before`, in
/// order, less the one coloured and some of its neighbours (that no player may colour
/// any more); the edges between the others are the same, and each keeps its coloured
/// neighbours, a neighbour of the coloured vertex perhaps gaining some. Every vertex
/// that fits is named.
fn coloured(before: &GraphPicture, after: &GraphPicture) -> Option<Target> {
    let shape = |g: &GraphPicture| {
        let n = g.vertices.len();
        let mut adj = vec![Vec::new(); n];
        for e in &g.edges {
            if e.a < n && e.b < n && e.a != e.b {
                adj[e.a].push(e.b);
                adj[e.b].push(e.a);
            }
        }
        let free: Vec<usize> = (0..n).filter(|&v| g.vertices[v].colour.is_none()).collect();
        let marks: Vec<Vec<Owner>> = (0..n)
            .map(|v| {
                let mut m: Vec<Owner> = adj[v]
                    .iter()
                    .filter_map(|&u| g.vertices[u].colour)
                    .collect();
                m.sort();
                m
            })
            .collect();
        (adj, free, marks)
    };
    let (adj_b, free_b, marks_b) = shape(before);
    let (adj_a, free_a, marks_a) = shape(after);
    if free_a.len() >= free_b.len() {
        return None;
    }
    let extra = free_b.len() - free_a.len() - 1;
    let mut tries = 0usize;
    let mut found = Vec::new();
    // Whether the uncoloured vertices of `before` other than `gone` match those of
    // `after` in order.
    let fits = |v: usize, gone: &[usize]| {
        let kept: Vec<usize> = free_b
            .iter()
            .copied()
            .filter(|u| *u != v && !gone.contains(u))
            .collect();
        for (i, &u) in kept.iter().enumerate() {
            let w = free_a[i];
            let near = adj_b[u].contains(&v);
            let (old, new) = (&marks_b[u], &marks_a[w]);
            let grows = old.iter().all(|m| {
                old.iter().filter(|x| *x == m).count() <= new.iter().filter(|x| *x == m).count()
            });
            if !grows || (!near && old != new) {
                return false;
            }
            for (j, &t) in kept.iter().enumerate().skip(i + 1) {
                if adj_b[u].contains(&t) != adj_a[w].contains(&free_a[j]) {
                    return false;
                }
            }
        }
        true
    };
    for &v in &free_b {
        let near: Vec<usize> = free_b
            .iter()
            .copied()
            .filter(|u| adj_b[v].contains(u))
            .collect();
        if near.len() < extra {
            continue;
        }
        // Every set of `extra` neighbours, in lexicographic order.
        let mut pick: Vec<usize> = (0..extra).collect();
        loop {
            tries += 1;
            if tries > MATCH_TRIES {
                return None;
            }
            let gone: Vec<usize> = pick.iter().map(|&i| near[i]).collect();
            if fits(v, &gone) {
                found.push(v);
                break;
            }
            // The next set.
            let Some(k) = (0..extra).rev().find(|&k| pick[k] < near.len() - extra + k) else {
                break;
            };
            pick[k] += 1;
            for l in k + 1..extra {
                pick[l] = pick[l - 1] + 1;
            }
        }
    }
    (!found.is_empty()).then_some(Target::Colour { vertices: found })
}

/// The rows of the vertices `0..n` joined by `edges`: each connected part is laid out
/// from `roots` (the first of them in the part) by distance, the rows of a part
/// centred on its widest row, the parts side by side. Returns `(x, y)` per vertex (`x`
/// in half columns); a vertex not reached from a root gets `None`.
///
/// ```
/// // A triangle 0-1-2 with a tail 2-3: 0 alone on top, 1 and 2 below, 3 under 2.
/// let at = sprague_engine::picture::layers(4, &[(0, 1), (0, 2), (1, 2), (2, 3)], 0..4);
/// assert_eq!(at, [Some((1, 0)), Some((0, 1)), Some((2, 1)), Some((1, 2))]);
/// ```
pub fn layers(
    n: usize,
    edges: &[(usize, usize)],
    roots: impl Iterator<Item = usize>,
) -> Vec<Option<(u32, u32)>> {
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in edges {
        if a != b && a < n && b < n {
            adj[a].push(b);
            adj[b].push(a);
        }
    }
    let mut at = vec![None; n];
    let mut seen = vec![false; n];
    let mut offset = 0;
    for root in roots {
        if root >= n || seen[root] {
            continue;
        }
        // Breadth first: the rows of this part, each in the order reached.
        let mut rows: Vec<Vec<usize>> = Vec::new();
        let mut queue = std::collections::VecDeque::from([(root, 0)]);
        seen[root] = true;
        while let Some((v, d)) = queue.pop_front() {
            if rows.len() <= d {
                rows.push(Vec::new());
            }
            rows[d].push(v);
            for &u in &adj[v] {
                if !seen[u] {
                    seen[u] = true;
                    queue.push_back((u, d + 1));
                }
            }
        }
        let width = rows.iter().map(Vec::len).max().unwrap_or(1);
        for (y, row) in rows.iter().enumerate() {
            for (i, &v) in row.iter().enumerate() {
                at[v] = Some(((offset + 2 * i + width - row.len()) as u32, y as u32));
            }
        }
        offset += 2 * width;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nats(v: &[u64]) -> Vec<Nat> {
        v.iter().map(|&n| Nat::from(n)).collect()
    }

    fn heaps(v: &[u64]) -> Picture {
        Picture::Heaps { sizes: nats(v) }
    }

    #[test]
    fn heaps_name_the_heap_and_the_stones_taken() {
        assert_eq!(
            Picture::target(&heaps(&[3, 5]), &heaps(&[3, 3])),
            Some(Target::Take {
                heap: 1,
                count: Nat::from(2u64)
            })
        );
        assert_eq!(
            Picture::target(&heaps(&[4]), &heaps(&[0])),
            Some(Target::Take {
                heap: 0,
                count: Nat::from(4u64)
            })
        );
        // Two heaps changed, a heap split, stones added: not a take.
        assert_eq!(Picture::target(&heaps(&[3, 5]), &heaps(&[2, 4])), None);
        assert_eq!(Picture::target(&heaps(&[7]), &heaps(&[3, 2])), None);
        assert_eq!(Picture::target(&heaps(&[3]), &heaps(&[4])), None);
        assert_eq!(Picture::target(&heaps(&[3]), &heaps(&[3])), None);
    }

    fn board(x: u64, y: u64, piece: Piece) -> Picture {
        Picture::Board {
            x: Nat::from(x),
            y: Nat::from(y),
            piece,
            marks: Vec::new(),
        }
    }

    #[test]
    fn boards_name_the_new_cell() {
        assert_eq!(
            Picture::target(&board(3, 5, Piece::Queen), &board(1, 3, Piece::Queen)),
            Some(Target::Cell {
                x: Nat::from(1u64),
                y: Nat::from(3u64)
            })
        );
        assert_eq!(
            Picture::target(&board(3, 5, Piece::King), &board(3, 5, Piece::King)),
            None
        );
        assert_eq!(
            Picture::target(&board(3, 5, Piece::King), &board(2, 5, Piece::Queen)),
            None
        );
    }

    #[test]
    fn stairs_name_the_steps_changed_and_rings_nothing() {
        let st = |v: &[u64]| Picture::Stairs { steps: nats(v) };
        assert_eq!(
            Picture::target(&st(&[1, 4, 2]), &st(&[3, 2, 2])),
            Some(Target::Entries(vec![0, 1]))
        );
        let ring = |v: &[u64]| Picture::Ring { weights: nats(v) };
        assert_eq!(Picture::target(&ring(&[2, 3]), &ring(&[3, 1])), None);
        let text = Picture::Text("x".into());
        assert_eq!(Picture::target(&text, &text), None);
        assert_eq!(Picture::target(&heaps(&[1]), &text), None);
    }

    #[test]
    fn coins_name_the_coins_turned() {
        let row = |t: &str| Picture::Coins {
            heads: t.chars().map(|c| c == 'H').collect(),
        };
        assert_eq!(row("THHTH").kind(), "coins");
        // Coins 1 and 5 (0 and 4 from 0) turned: THHTH → HHHTT.
        assert_eq!(
            Picture::target(&row("THHTH"), &row("HHHTT")),
            Some(Target::Entries(vec![0, 4]))
        );
        assert_eq!(Picture::target(&row("TH"), &row("TH")), None);
        assert_eq!(Picture::target(&row("TH"), &row("THT")), None);
        let st = Picture::Stairs {
            steps: nats(&[1, 0]),
        };
        assert_eq!(Picture::target(&row("HT"), &st), None);
    }

    #[test]
    fn cells_name_the_cells_changed() {
        let cells = |r: &[&str]| Picture::Cells {
            rows: r.iter().map(|s| s.to_string()).collect(),
            legend: vec![('.', "empty".into())],
        };
        assert_eq!(
            Picture::target(&cells(&["...", "..."]), &cells(&["#..", "#.."])),
            Some(Target::Cells(vec![(0, 0), (1, 0)]))
        );
        assert_eq!(
            Picture::target(&cells(&["...", "..."]), &cells(&["..", ".."])),
            None
        );
    }

    #[test]
    fn stalks_name_the_edge_cut_and_those_above() {
        use Owner::*;
        let st = |c: &[Owner]| Picture::Stalk {
            colours: c.to_vec(),
        };
        assert_eq!(
            Picture::target(&st(&[Left, Right, Either]), &st(&[Left])),
            Some(Target::Cut {
                edge: 1,
                fallen: vec![2]
            })
        );
        assert_eq!(
            Picture::target(&st(&[Left, Right]), &st(&[])),
            Some(Target::Cut {
                edge: 0,
                fallen: vec![1]
            })
        );
        assert_eq!(Picture::target(&st(&[Left]), &st(&[Right])), None);
        // A stalk and a graph on the ground are compared as graphs.
        assert_eq!(
            Picture::target(&st(&[Left, Right]), &grounded(&[(0, 1, Left)])),
            Some(Target::Cut {
                edge: 1,
                fallen: vec![]
            })
        );
        assert_eq!(
            Picture::target(&grounded(&[(0, 1, Left), (1, 1, Right)]), &st(&[])),
            Some(Target::Cut {
                edge: 0,
                fallen: vec![1]
            })
        );
    }

    /// A graph on the ground (vertex 0) with its vertices named as the position does.
    fn grounded(edges: &[(u64, u64, Owner)]) -> Picture {
        let mut names: Vec<u64> = edges.iter().flat_map(|e| [e.0, e.1]).collect();
        names.push(0);
        names.sort();
        names.dedup();
        let index = |v: u64| names.iter().position(|&n| n == v).unwrap();
        Picture::Graph(GraphPicture {
            vertices: names
                .iter()
                .map(|&n| Vertex {
                    x: 0,
                    y: 0,
                    colour: None,
                    ground: n == 0,
                    name: n,
                })
                .collect(),
            edges: edges
                .iter()
                .map(|&(a, b, c)| Edge {
                    a: index(a),
                    b: index(b),
                    colour: Some(c),
                    bend: 0,
                })
                .collect(),
            grounded: true,
        })
    }

    #[test]
    fn graphs_name_the_edge_cut_and_those_that_fall() {
        use Owner::*;
        // A blue edge on the ground, a red and a green edge on top, a blue loop on the
        // ground: cutting the bottom edge drops the two above it.
        let g = grounded(&[(0, 1, Left), (1, 2, Right), (1, 2, Either), (0, 0, Left)]);
        assert_eq!(
            Picture::target(&g, &grounded(&[(0, 0, Left)])),
            Some(Target::Cut {
                edge: 0,
                fallen: vec![1, 2]
            })
        );
        assert_eq!(
            Picture::target(&g, &grounded(&[(0, 1, Left), (1, 2, Either), (0, 0, Left)])),
            Some(Target::Cut {
                edge: 1,
                fallen: vec![]
            })
        );
        assert_eq!(
            Picture::target(
                &g,
                &grounded(&[(0, 1, Left), (1, 2, Right), (1, 2, Either)])
            ),
            Some(Target::Cut {
                edge: 3,
                fallen: vec![]
            })
        );
        // Not a cut: an edge that was not there.
        assert_eq!(Picture::target(&g, &grounded(&[(0, 1, Right)])), None);
    }

    /// A graph of vertices (`None` uncoloured) and edges, as a colouring game draws it.
    fn coloured_graph(colours: &[Option<Owner>], edges: &[(usize, usize)]) -> Picture {
        Picture::Graph(GraphPicture {
            vertices: colours
                .iter()
                .enumerate()
                .map(|(i, &c)| Vertex {
                    x: 0,
                    y: 0,
                    colour: c,
                    ground: false,
                    name: i as u64,
                })
                .collect(),
            edges: edges
                .iter()
                .map(|&(a, b)| Edge {
                    a,
                    b,
                    colour: None,
                    bend: 0,
                })
                .collect(),
            grounded: false,
        })
    }

    #[test]
    fn graphs_name_the_vertex_coloured() {
        use Owner::*;
        // The path 0-1-2. Colouring an end (by Left, where Right may not then colour
        // next to it) leaves two vertices, the one next to the end marked by a new
        // coloured neighbour; colouring the middle leaves both ends marked.
        let path = coloured_graph(&[None, None, None], &[(0, 1), (1, 2)]);
        let end0 = coloured_graph(&[None, None, Some(Left)], &[(0, 1), (0, 2)]);
        let end2 = coloured_graph(&[None, None, Some(Left)], &[(0, 1), (1, 2)]);
        let middle = coloured_graph(&[None, None, Some(Left), Some(Left)], &[(0, 2), (1, 3)]);
        let colour = |v: &[usize]| {
            Some(Target::Colour {
                vertices: v.to_vec(),
            })
        };
        assert_eq!(Picture::target(&path, &end0), colour(&[0]));
        assert_eq!(Picture::target(&path, &end2), colour(&[2]));
        assert_eq!(Picture::target(&path, &middle), colour(&[1]));
        // Two vertices joined: colouring either leaves the same position.
        let pair = coloured_graph(&[None, None], &[(0, 1)]);
        let one = coloured_graph(&[None, Some(Left)], &[(0, 1)]);
        assert_eq!(Picture::target(&pair, &one), colour(&[0, 1]));
        // A neighbour that no one may colour any more goes too: 0-1 with 1 already
        // forbidden to Left (a Right-coloured neighbour 2); Left colours 0 and 1 is
        // dead (forbidden to both), leaving nothing.
        let g = coloured_graph(&[None, None, Some(Right)], &[(0, 1), (1, 2)]);
        let empty = coloured_graph(&[], &[]);
        assert_eq!(Picture::target(&g, &empty), colour(&[0, 1]));
        // More vertices after than before: no move of this kind.
        assert_eq!(Picture::target(&one, &path), None);
    }

    /// A walk on the path 0–1–2 named 10, 11, 12.
    fn walk(token: Option<usize>, visited: &[usize]) -> Picture {
        Picture::Walk {
            graph: GraphPicture {
                vertices: (0..3)
                    .map(|i| Vertex {
                        x: 2 * i,
                        y: 0,
                        colour: None,
                        ground: false,
                        name: 10 + u64::from(i),
                    })
                    .collect(),
                edges: vec![
                    Edge {
                        a: 0,
                        b: 1,
                        colour: None,
                        bend: 0,
                    },
                    Edge {
                        a: 1,
                        b: 2,
                        colour: None,
                        bend: 0,
                    },
                ],
                grounded: false,
            },
            token,
            visited: visited.to_vec(),
        }
    }

    #[test]
    fn walks_name_the_token_s_new_vertex_and_numbers_the_cells_changed() {
        // Placing the token, then moving it.
        assert_eq!(
            Picture::target(&walk(None, &[]), &walk(Some(1), &[1])),
            Some(Target::Token { vertex: 1 })
        );
        assert_eq!(
            Picture::target(&walk(Some(1), &[1]), &walk(Some(2), &[1, 2])),
            Some(Target::Token { vertex: 2 })
        );
        assert_eq!(
            Picture::target(&walk(Some(1), &[1]), &walk(Some(1), &[1])),
            None
        );
        assert_eq!(
            Picture::target(&walk(Some(1), &[1]), &walk(None, &[])),
            None
        );
        let numbers = |rows: &[&[u64]]| Picture::Numbers {
            rows: rows.iter().map(|r| nats(r)).collect(),
        };
        assert_eq!(
            Picture::target(&numbers(&[&[1, 2], &[3, 4]]), &numbers(&[&[0, 2], &[3, 9]])),
            Some(Target::Cells(vec![(0, 0), (1, 1)]))
        );
        assert_eq!(
            Picture::target(&numbers(&[&[1, 2]]), &numbers(&[&[1], &[2]])),
            None
        );
        assert_eq!(walk(None, &[]).kind(), "walk");
        assert_eq!(numbers(&[&[1]]).kind(), "numbers");
    }

    #[test]
    fn pins_name_the_run_knocked_down() {
        let pins = |v: &[u64]| Picture::Pins { rows: nats(v) };
        let knock = |row: usize, from: u64, count: u64| {
            Some(Target::Knock {
                row,
                from: Nat::from(from),
                count: Nat::from(count),
            })
        };
        // The middle pin of 5: rows of 2 and 2; two pins at the end of 5: a row of 3;
        // the last pin.
        assert_eq!(Picture::target(&pins(&[5]), &pins(&[2, 2])), knock(0, 2, 1));
        assert_eq!(Picture::target(&pins(&[5]), &pins(&[3])), knock(0, 3, 2));
        assert_eq!(Picture::target(&pins(&[1]), &pins(&[])), knock(0, 0, 1));
        assert_eq!(Picture::target(&pins(&[1]), &pins(&[0])), knock(0, 0, 1));
        // The second row of two, with rows equal to the first among those left.
        assert_eq!(
            Picture::target(&pins(&[2, 5]), &pins(&[2, 2, 2])),
            knock(1, 2, 1)
        );
        // Not a knock: nothing knocked down, two rows changed, three rows left, more pins.
        assert_eq!(Picture::target(&pins(&[5]), &pins(&[2, 3])), None);
        assert_eq!(Picture::target(&pins(&[5, 4]), &pins(&[3, 3])), None);
        assert_eq!(Picture::target(&pins(&[7]), &pins(&[1, 1, 1])), None);
        assert_eq!(Picture::target(&pins(&[3]), &pins(&[4])), None);
        assert_eq!(Picture::target(&pins(&[3]), &pins(&[3])), None);
        // Parts join into one picture of rows only when every part is of pins.
        assert_eq!(
            Picture::joined(&[pins(&[1]), pins(&[3])]),
            Some(pins(&[1, 3]))
        );
        assert_eq!(Picture::joined(&[]), Some(pins(&[])));
        assert_eq!(Picture::joined(&[pins(&[1]), heaps(&[3])]), None);
        assert_eq!(pins(&[1]).kind(), "pins");
    }

    #[test]
    fn layers_lay_parts_side_by_side() {
        // Two separate edges: each part two half columns wide.
        let at = layers(4, &[(0, 1), (2, 3)], 0..4);
        assert_eq!(at, [Some((0, 0)), Some((0, 1)), Some((2, 0)), Some((2, 1))]);
        // A vertex not reached from the roots has no place.
        assert_eq!(layers(2, &[], std::iter::once(0)), [Some((0, 0)), None]);
    }
}
