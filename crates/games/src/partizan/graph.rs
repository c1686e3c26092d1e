//! Graphs for Snort and Col ([`super::snort`], [`super::col`]): how a position is
//! written, and the position the game tree works on.
//!
//! Written as a grid, rows separated by `|`: `.` an uncoloured square, `L` a square of
//! Left's colour, `R` of Right's, `#` no square; squares are adjacent when they share
//! a side. Written as a graph (any text with a digit in it): vertices are numbered from
//! 0, items are separated by spaces, commas or `;`: `a-b` an edge, `a` a vertex (for
//! isolated ones), `a:L` / `a:R` a vertex of Left's / Right's colour, e.g.
//! `"0-1 1-2 2-0; 0:L"` (a triangle with one vertex coloured by Left). The vertices are
//! 0 up to the largest number written.
//!
//! The position keeps only the uncoloured vertices, each with two flags: whether Left
//! may colour it, whether Right may. This loses nothing: a coloured vertex never
//! changes again and the rules ask of it only whether it is adjacent to the vertex
//! being coloured and of which colour it is; so its whole effect is to forbid one
//! player each of its uncoloured neighbours, fixed from the moment it is coloured.
//! Colouring a vertex is then: remove it, and clear the flag it forbids on each
//! uncoloured neighbour. A vertex neither player may colour stays uncoloured for ever
//! and so never forbids anything: it is removed too. What is left falls apart into its
//! connected components, independent games whose sum is the position (a move changes
//! only the vertex coloured and its neighbours).

use super::{Ruleset, args, char_span, no_params};
use sprague_engine::partizan::{Rules, Side};
use sprague_engine::picture::{self, GraphPicture, Owner, Picture};
use sprague_expr::{Arg, FamilyTerm, Span};

/// Largest number of uncoloured vertices of a position.
pub(crate) const MAX_VERTICES: usize = 64;

/// Largest vertex number (plus one) of a graph as written, and of squares of a grid.
pub(crate) const MAX_WRITTEN: usize = 1024;

/// Most vertices of a graph drawn (a larger one is drawn as text), here and in
/// Hackenbush.
pub const DRAWN_VERTICES: usize = 100;
/// Most edges of a graph drawn.
pub const DRAWN_EDGES: usize = 200;

/// Uncoloured vertices with the players who may colour each, and the edges between
/// them (vertices `0..adj.len()`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Graph {
    /// Neighbours of each vertex, bit `u` for vertex `u`.
    adj: Box<[u64]>,
    /// Vertices Left may colour.
    left: u64,
    /// Vertices Right may colour.
    right: u64,
}

/// Which rule forbids a colour next to a coloured vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Col: no vertex of your colour next to another of your colour.
    Col,
    /// Snort: no vertex of your colour next to one of the opponent's.
    Snort,
}

impl Kind {
    /// The player forbidden next to a vertex coloured by `side`.
    fn forbids(self, side: Side) -> Side {
        match self {
            Kind::Col => side,
            Kind::Snort => other(side),
        }
    }
}

/// The opponent of `side`.
fn other(side: Side) -> Side {
    match side {
        Side::Left => Side::Right,
        Side::Right => Side::Left,
    }
}

fn bit(i: usize) -> u64 {
    1u64 << i
}

impl Graph {
    /// Number of uncoloured vertices.
    pub fn len(&self) -> usize {
        self.adj.len()
    }

    /// Whether there is no uncoloured vertex.
    pub fn is_empty(&self) -> bool {
        self.adj.is_empty()
    }

    fn may(&self, side: Side) -> u64 {
        match side {
            Side::Left => self.left,
            Side::Right => self.right,
        }
    }

    /// The vertices of `keep` only, renumbered in order.
    fn restrict(&self, keep: u64) -> Graph {
        let index: Vec<usize> = (0..self.len()).filter(|&v| keep & bit(v) != 0).collect();
        let squeeze = |m: u64| {
            index
                .iter()
                .enumerate()
                .filter(|&(_, &v)| m & bit(v) != 0)
                .fold(0u64, |acc, (i, _)| acc | bit(i))
        };
        Graph {
            adj: index.iter().map(|&v| squeeze(self.adj[v])).collect(),
            left: squeeze(self.left),
            right: squeeze(self.right),
        }
    }

    /// The position after `side` colours `v` under `kind`'s rule.
    fn colour(&self, kind: Kind, side: Side, v: usize) -> Graph {
        let mut g = self.clone();
        let near = g.adj[v];
        match kind.forbids(side) {
            Side::Left => g.left &= !near,
            Side::Right => g.right &= !near,
        }
        let live = (g.left | g.right) & !bit(v);
        g.restrict(live)
    }

    /// Every position `side` can move to under `kind`'s rule.
    pub fn options(&self, kind: Kind, side: Side, out: &mut Vec<Graph>) {
        let mut may = self.may(side);
        while may != 0 {
            let v = may.trailing_zeros() as usize;
            may &= may - 1;
            out.push(self.colour(kind, side, v));
        }
    }

    /// The connected components, each renumbered in order.
    pub fn regions(&self, out: &mut Vec<Graph>) {
        let all = if self.len() == 64 {
            u64::MAX
        } else {
            bit(self.len()) - 1
        };
        let mut rest = all;
        while rest != 0 {
            let mut comp = rest & rest.wrapping_neg();
            let mut frontier = comp;
            while frontier != 0 {
                let v = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                let new = self.adj[v] & !comp;
                comp |= new;
                frontier |= new;
            }
            rest &= !comp;
            out.push(self.restrict(comp));
        }
    }

    /// Reads a grid or a graph (see the module documentation) under `kind`'s rule.
    /// On error, the character index and what is wrong.
    pub fn parse(s: &str, kind: Kind) -> Result<Graph, (usize, String)> {
        let written = if s.bytes().any(|b| b.is_ascii_digit()) {
            parse_graph(s)?
        } else {
            parse_grid(s)?
        };
        written.reduce(kind)
    }

    /// The position drawn as [`Graph::text`] writes it: the uncoloured vertices
    /// (numbered as there), then for each vertex a player may not colour a neighbour
    /// coloured so as to forbid it; laid out by rows of distance from the first vertex
    /// of each connected part ([`picture::layers`]). `None` beyond [`DRAWN_VERTICES`]
    /// vertices or [`DRAWN_EDGES`] edges.
    pub fn picture(&self, kind: Kind) -> Option<GraphPicture> {
        let n = self.len();
        let mut colour: Vec<Option<Owner>> = vec![None; n];
        let mut edges: Vec<(usize, usize)> = Vec::new();
        for v in 0..n {
            for u in v + 1..n {
                if self.adj[v] & bit(u) != 0 {
                    edges.push((v, u));
                }
            }
            for side in [Side::Left, Side::Right] {
                if self.may(side) & bit(v) == 0 {
                    let by = match kind {
                        Kind::Col => side,
                        Kind::Snort => other(side),
                    };
                    edges.push((v, colour.len()));
                    colour.push(Some(if by == Side::Left {
                        Owner::Left
                    } else {
                        Owner::Right
                    }));
                }
            }
            if colour.len() > DRAWN_VERTICES || edges.len() > DRAWN_EDGES {
                return None;
            }
        }
        let at = picture::layers(colour.len(), &edges, 0..colour.len());
        Some(GraphPicture {
            vertices: colour
                .iter()
                .enumerate()
                .map(|(v, &c)| {
                    let (x, y) = at[v].unwrap_or((0, 0));
                    picture::Vertex {
                        x,
                        y,
                        colour: c,
                        ground: false,
                        name: v as u64,
                    }
                })
                .collect(),
            edges: edges
                .iter()
                .map(|&(a, b)| picture::Edge {
                    a,
                    b,
                    colour: None,
                    bend: 0,
                })
                .collect(),
            grounded: false,
        })
    }

    /// The position as graph text that [`Graph::parse`] reads back as it is, under
    /// `kind`'s rule: the uncoloured vertices keep their numbers, and a vertex one
    /// player may not colour gets a coloured neighbour of its own that forbids it.
    pub fn text(&self, kind: Kind) -> String {
        let mut items = Vec::new();
        let mut next = self.len();
        for v in 0..self.len() {
            let mut mentioned = false;
            for u in v + 1..self.len() {
                if self.adj[v] & bit(u) != 0 {
                    items.push(format!("{v}-{u}"));
                    mentioned = true;
                }
            }
            for side in [Side::Left, Side::Right] {
                if self.may(side) & bit(v) == 0 {
                    // A neighbour coloured by the player whose colour forbids `side`.
                    let by = match kind {
                        Kind::Col => side,
                        Kind::Snort => other(side),
                    };
                    let c = if by == Side::Left { 'L' } else { 'R' };
                    items.push(format!("{v}-{next} {next}:{c}"));
                    next += 1;
                    mentioned = true;
                }
            }
            if !mentioned && self.adj[v] & (bit(v) - 1) == 0 {
                items.push(v.to_string());
            }
        }
        items.join(" ")
    }
}

/// A graph as written: edges and colours of up to [`MAX_WRITTEN`] vertices.
struct Written {
    adj: Vec<Vec<usize>>,
    /// `None` uncoloured, or who coloured it.
    colour: Vec<Option<Side>>,
}

impl Written {
    /// The position of the uncoloured vertices under `kind`'s rule.
    fn reduce(self, kind: Kind) -> Result<Graph, (usize, String)> {
        let n = self.adj.len();
        let mut may = vec![(true, true); n];
        for v in 0..n {
            if let Some(side) = self.colour[v] {
                for &u in &self.adj[v] {
                    match kind.forbids(side) {
                        Side::Left => may[u].0 = false,
                        Side::Right => may[u].1 = false,
                    }
                }
            }
        }
        let live: Vec<usize> = (0..n)
            .filter(|&v| self.colour[v].is_none() && (may[v].0 || may[v].1))
            .collect();
        if live.len() > MAX_VERTICES {
            return Err((
                0,
                format!(
                    "at most {MAX_VERTICES} uncoloured vertices (or squares) that a player may colour"
                ),
            ));
        }
        let mut index = vec![usize::MAX; n];
        for (i, &v) in live.iter().enumerate() {
            index[v] = i;
        }
        let mut g = Graph {
            adj: vec![0; live.len()].into(),
            left: 0,
            right: 0,
        };
        for (i, &v) in live.iter().enumerate() {
            for &u in &self.adj[v] {
                if index[u] != usize::MAX {
                    g.adj[i] |= bit(index[u]);
                }
            }
            if may[v].0 {
                g.left |= bit(i);
            }
            if may[v].1 {
                g.right |= bit(i);
            }
        }
        Ok(g)
    }
}

/// Reads `..|.L` rows of squares.
fn parse_grid(s: &str) -> Result<Written, (usize, String)> {
    let rows: Vec<&str> = s.split('|').collect();
    let cols = rows[0].chars().count();
    if rows.len().saturating_mul(cols) > MAX_WRITTEN {
        return Err((0, format!("a grid has at most {MAX_WRITTEN} squares")));
    }
    let mut cell = vec![None; rows.len() * cols];
    let mut at = 0;
    for (r, row) in rows.iter().enumerate() {
        if row.chars().count() != cols {
            return Err((at, "every row needs the same number of squares".into()));
        }
        for (c, ch) in row.chars().enumerate() {
            cell[r * cols + c] = match ch {
                '.' => Some(None),
                'L' | 'l' => Some(Some(Side::Left)),
                'R' | 'r' => Some(Some(Side::Right)),
                '#' => None,
                _ => {
                    return Err((
                        at + c,
                        "a square is '.' (uncoloured), 'L' or 'R' (coloured) or '#' (none)".into(),
                    ));
                }
            };
        }
        at += cols + 1;
    }
    let n = cell.len();
    let mut w = Written {
        adj: vec![Vec::new(); n],
        colour: cell.iter().map(|c| c.flatten()).collect(),
    };
    for i in 0..n {
        if cell[i].is_none() {
            continue;
        }
        let (r, c) = (i / cols, i % cols);
        if c + 1 < cols && cell[i + 1].is_some() {
            w.adj[i].push(i + 1);
            w.adj[i + 1].push(i);
        }
        if r + 1 < rows.len() && cell[i + cols].is_some() {
            w.adj[i].push(i + cols);
            w.adj[i + cols].push(i);
        }
    }
    // Squares that are not there are vertices with no edges that nobody may colour.
    for (colour, c) in w.colour.iter_mut().zip(&cell) {
        if c.is_none() {
            *colour = Some(Side::Left);
        }
    }
    Ok(w)
}

/// Reads `0-1 1-2; 0:L`.
fn parse_graph(s: &str) -> Result<Written, (usize, String)> {
    let mut w = Written {
        adj: Vec::new(),
        colour: Vec::new(),
    };
    let grow = |w: &mut Written, v: usize| {
        if w.adj.len() <= v {
            w.adj.resize(v + 1, Vec::new());
            w.colour.resize(v + 1, None);
        }
    };
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    let number = |i: &mut usize| -> Result<usize, (usize, String)> {
        let start = *i;
        let mut v: usize = 0;
        while *i < chars.len() && chars[*i].is_ascii_digit() {
            v = v * 10 + chars[*i].to_digit(10).unwrap_or(0) as usize;
            if v >= MAX_WRITTEN {
                return Err((start, format!("vertex numbers are below {MAX_WRITTEN}")));
            }
            *i += 1;
        }
        if *i == start {
            return Err((start, "expected a vertex number".into()));
        }
        Ok(v)
    };
    while i < chars.len() {
        if matches!(chars[i], ' ' | ',' | ';' | '\t' | '\n') {
            i += 1;
            continue;
        }
        let a = number(&mut i)?;
        grow(&mut w, a);
        match chars.get(i) {
            Some('-') => {
                i += 1;
                let at = i;
                let b = number(&mut i)?;
                if a == b {
                    return Err((at, "an edge joins two different vertices".into()));
                }
                grow(&mut w, b);
                w.adj[a].push(b);
                w.adj[b].push(a);
            }
            Some(':') => {
                i += 1;
                w.colour[a] = match chars.get(i) {
                    Some('L' | 'l') => Some(Side::Left),
                    Some('R' | 'r') => Some(Side::Right),
                    _ => return Err((i, "a colour is L (Left's) or R (Right's)".into())),
                };
                i += 1;
            }
            _ => {}
        }
        if i < chars.len() && !matches!(chars[i], ' ' | ',' | ';' | '\t' | '\n') {
            return Err((
                i,
                "items are 'a-b' (an edge), 'a' (a vertex) or 'a:L' / 'a:R' (a coloured vertex), separated by spaces".into(),
            ));
        }
    }
    Ok(w)
}

/// Reads an expression holding one family term of `R` (for tests of `show`).
/// A colouring game on a graph, Snort (`SNORT = true`) or Col: the one implementation
/// of both rulesets, which differ only in the [`Kind`] of their rule (the files
/// [`super::snort`] and [`super::col`] state the rules and name the types).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Colouring<const SNORT: bool>;

/// How a position of the colouring game `$name` is written, for its usage line.
macro_rules! colouring_usage {
    ($name:literal) => {
        concat!(
            $name,
            " takes a grid or a graph: ",
            $name,
            "(\"..|.L\") (rows separated by |, . uncoloured, L Left's colour, R Right's, # no square) or ",
            $name,
            "(\"0-1 1-2; 0:L\") (edges a-b, coloured vertices a:L, a:R), at most 64 uncoloured vertices; Left colours L"
        )
    };
}

impl<const SNORT: bool> Colouring<SNORT> {
    /// The rule of this game.
    pub const KIND: Kind = if SNORT { Kind::Snort } else { Kind::Col };
    /// The game's name in sentences.
    const TITLE: &'static str = if SNORT { "Snort" } else { "Col" };
}

impl<const SNORT: bool> Rules for Colouring<SNORT> {
    type Position = Graph;

    fn options(&self, g: &Graph, side: Side, out: &mut Vec<Graph>) {
        g.options(Self::KIND, side, out);
    }

    fn regions(&self, g: &Graph, out: &mut Vec<Graph>) {
        g.regions(out);
    }
}

impl<const SNORT: bool> Ruleset for Colouring<SNORT> {
    const RULES: &'static str = if SNORT {
        "Snort: players colour the vertices of a graph, never next to a vertex of the opponent's colour. Whoever cannot move loses."
    } else {
        "Col: players colour the vertices of a graph, never next to a vertex of their own colour. Whoever cannot move loses."
    };
    const EXAMPLE: &'static str = if SNORT {
        "snort(\"0-1 1-2 2-3\")"
    } else {
        "col(\"0-1 1-2 2-3\")"
    };
    const NAME: &'static str = if SNORT { "snort" } else { "col" };
    const LEGEND: &'static [(char, &'static str)] = &[
        ('.', "uncoloured"),
        ('L', "Left's colour"),
        ('R', "Right's colour"),
        ('#', "no square"),
    ];
    const USAGE: &'static str = if SNORT {
        colouring_usage!("snort")
    } else {
        colouring_usage!("col")
    };

    fn read(f: &FamilyTerm) -> Result<(Self, Graph), (Span, String)> {
        no_params(f)?;
        let usage = Self::USAGE;
        match args(f, usage)? {
            [Arg::Str(s, span)] => Graph::parse(s, Self::KIND)
                .map(|g| (Self, g))
                .map_err(|(i, m)| (char_span(*span, s, i), m)),
            [a, ..] => Err((a.span(), usage.to_string())),
            [] => Err((f.span, usage.to_string())),
        }
    }

    fn show(&self, g: &Graph) -> String {
        format!("{}(\"{}\")", Self::NAME, g.text(Self::KIND))
    }

    /// The graph as written ([`Graph::picture`]); as text when too large to draw.
    fn picture(&self, g: &Graph) -> Picture {
        match g.picture(Self::KIND) {
            Some(p) => Picture::Graph(p),
            None => Picture::Text(self.show(g)),
        }
    }

    fn method(&self) -> String {
        format!(
            "{} (Left colours L), from the game tree: coloured vertices folded into what each uncoloured vertex allows, each connected component valued once",
            Self::TITLE
        )
    }
}

#[cfg(test)]
pub(crate) fn read_back<R: super::Ruleset>(text: &str) -> (R, R::Position) {
    let sum = sprague_expr::parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    match &sum.terms[..] {
        [sprague_expr::Term::Family(f)] => R::read(f).unwrap_or_else(|e| panic!("{text}: {e:?}")),
        _ => panic!("{text} is not one family term"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::partizan::{GameTable, Rules, TreeValues};

    /// Snort or Col with every vertex kept and its colour recorded: the rules as
    /// stated, without the reduction.
    #[derive(Clone, Copy)]
    struct Plain(Kind);
    type Explicit = (Vec<u64>, Vec<u8>);
    impl Rules for Plain {
        type Position = Explicit;
        fn options(&self, p: &Explicit, side: Side, out: &mut Vec<Explicit>) {
            let (adj, colour) = p;
            let (mine, theirs) = if side == Side::Left { (1, 2) } else { (2, 1) };
            let banned = if self.0 == Kind::Col { mine } else { theirs };
            for v in 0..adj.len() {
                let next_to_banned =
                    (0..adj.len()).any(|u| adj[v] & bit(u) != 0 && colour[u] == banned);
                if colour[v] == 0 && !next_to_banned {
                    let mut c = colour.clone();
                    c[v] = mine;
                    out.push((adj.clone(), c));
                }
            }
        }
    }

    /// Every graph on `n` vertices, each with every colouring.
    fn all_small(n: usize, mut f: impl FnMut(&Explicit, String)) {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        for edges in 0u32..1 << pairs.len() {
            let mut adj = vec![0u64; n];
            let mut text: Vec<String> = (0..n).map(|v| v.to_string()).collect();
            for (k, &(a, b)) in pairs.iter().enumerate() {
                if edges >> k & 1 == 1 {
                    adj[a] |= bit(b);
                    adj[b] |= bit(a);
                    text.push(format!("{a}-{b}"));
                }
            }
            for code in 0..3usize.pow(n as u32) {
                let mut c = code;
                let colour: Vec<u8> = (0..n)
                    .map(|_| {
                        let x = (c % 3) as u8;
                        c /= 3;
                        x
                    })
                    .collect();
                let mut t = text.clone();
                for (v, &x) in colour.iter().enumerate() {
                    if x != 0 {
                        t.push(format!("{v}:{}", if x == 1 { 'L' } else { 'R' }));
                    }
                }
                f(&(adj.clone(), colour), t.join(" "));
            }
        }
    }

    /// Graph positions under one rule, for the reduced game tree.
    struct Reduced(Kind);
    impl Rules for Reduced {
        type Position = Graph;
        fn options(&self, g: &Graph, side: Side, out: &mut Vec<Graph>) {
            g.options(self.0, side, out);
        }
        fn regions(&self, g: &Graph, out: &mut Vec<Graph>) {
            g.regions(out);
        }
    }

    #[test]
    fn the_reduction_equals_the_plain_tree() {
        // Every graph of up to 4 vertices with every colouring, and those of 5
        // vertices with no coloured vertex.
        let mut t = GameTable::with_limit(50_000_000);
        for kind in [Kind::Col, Kind::Snort] {
            let mut plain = TreeValues::new();
            let mut fast = TreeValues::new();
            for n in 0..=5 {
                all_small(n, |p, text| {
                    if n == 5 && p.1.iter().any(|&c| c != 0) {
                        return;
                    }
                    let want = plain.value(&mut t, &Plain(kind), p).unwrap();
                    let g = Graph::parse(&text, kind).unwrap();
                    let got = fast.value(&mut t, &Reduced(kind), &g).unwrap();
                    assert_eq!(got, want, "{kind:?} {text}");
                    // The text of the reduced position reads back as it is.
                    let again = Graph::parse(&g.text(kind), kind).unwrap();
                    assert_eq!(again, g, "{kind:?} {text}: {}", g.text(kind));
                });
            }
        }
    }

    #[test]
    fn grids_are_graphs() {
        let kind = Kind::Snort;
        let grid = Graph::parse(".L.|..#", kind).unwrap();
        // Squares 0 1 2 / 3 4 #: edges 0-1 1-2 0-3 1-4 3-4, square 1 Left's.
        let graph = Graph::parse("0-1 1-2 0-3 1-4 3-4 1:L", kind).unwrap();
        assert_eq!(grid, graph);
        assert!(Graph::parse("..|.", kind).is_err());
        assert!(Graph::parse("0-0", kind).is_err());
        assert!(Graph::parse("0-1 1:Q", kind).is_err());
        assert!(Graph::parse("0-1x", kind).is_err());
        assert!(Graph::parse("99999", kind).is_err());
        let big = (0..65).map(|v| v.to_string()).collect::<Vec<_>>().join(" ");
        assert!(Graph::parse(&big, kind).is_err());
    }

    fn drawn(s: &str, kind: Kind) -> GraphPicture {
        match Colouring::<true>.picture(&Graph::parse(s, kind).unwrap()) {
            Picture::Graph(g) if kind == Kind::Snort => g,
            _ if kind == Kind::Col => Graph::parse(s, kind).unwrap().picture(kind).unwrap(),
            p => panic!("{s} drawn as {p:?}"),
        }
    }

    /// A triangle with a tail, 0-1 1-2 2-0 2-3: vertex 0 first, its neighbours 1 and 2
    /// in the next row, 3 below 2; the single vertices of rows 0 and 2 centred on the
    /// widest row (x in half columns).
    #[test]
    fn pictures_lay_rows_by_distance_from_the_first_vertex() {
        let g = drawn("0-1 0-2 1-2 2-3", Kind::Snort);
        let at: Vec<(u32, u32)> = g.vertices.iter().map(|v| (v.x, v.y)).collect();
        assert_eq!(at, [(1, 0), (0, 1), (2, 1), (1, 2)]);
        assert_eq!(g.edges.len(), 4);
        assert!(g.vertices.iter().all(|v| v.colour.is_none()));
        // A vertex next to Left's colour (Snort: Right may not colour it) is drawn
        // with that coloured neighbour.
        let g = drawn("0-1 1:L", Kind::Snort);
        let colours: Vec<Option<Owner>> = g.vertices.iter().map(|v| v.colour).collect();
        assert_eq!(colours, [None, Some(Owner::Left)]);
        // Too many vertices to draw: text.
        // (A path of 52 vertices, each next to Right's colour: 52 more drawn.)
        let big: Vec<String> = (0..52)
            .map(|v| format!("{v}-{} {v}-{} {}:R", (v + 1) % 52, 52 + v, 52 + v))
            .collect();
        let g = Graph::parse(&big.join(" "), Kind::Snort).unwrap();
        assert!(matches!(Colouring::<true>.picture(&g), Picture::Text(_)));
    }

    /// Each option of Snort and Col on a triangle with a tail (the options list the
    /// vertices a player may colour in order): the target found by comparing pictures
    /// names the vertex coloured.
    #[test]
    fn the_target_of_each_move_is_the_vertex_coloured() {
        for kind in [Kind::Snort, Kind::Col] {
            for start in ["0-1 0-2 1-2 2-3", "0-1 1-2 2-3 3-4 4-0", "0-1 1-2 2:L 3"] {
                let g = Graph::parse(start, kind).unwrap();
                let before = Picture::Graph(g.picture(kind).unwrap());
                for side in [Side::Left, Side::Right] {
                    let mut opts = Vec::new();
                    g.options(kind, side, &mut opts);
                    let mut may = g.may(side);
                    for o in &opts {
                        let v = may.trailing_zeros() as usize;
                        may &= may - 1;
                        let after = Picture::Graph(o.picture(kind).unwrap());
                        match Picture::target(&before, &after) {
                            Some(picture::Target::Colour { vertices }) => {
                                assert!(vertices.contains(&v), "{start}: {v} in {vertices:?}")
                            }
                            t => panic!("{start}, {kind:?}, vertex {v}: {t:?}"),
                        }
                    }
                }
            }
        }
    }
}
