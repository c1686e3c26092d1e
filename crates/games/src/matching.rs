//! Maximum matchings in general graphs by Edmonds' blossom algorithm, and the
//! Gallai–Edmonds set D(G): the vertices that some maximum matching misses.
//!
//! A search grows alternating trees from exposed vertices (even vertices at even
//! distance from a root, odd ones at odd distance) and shrinks odd cycles (blossoms)
//! into their base with a union–find structure. An edge from an even vertex to an
//! exposed vertex, or to an even vertex of another tree, closes an augmenting path.
//! Everything is iterative (a queue, no recursion), and each search touches only the
//! vertices it labels, so a search costs about the size of the trees it grows.
//!
//! - [`maximum`] and [`missed_vertices`]: a greedy matching, then searches from all
//!   exposed vertices at once. Each search applies a set of disjoint augmenting paths
//!   (after one is found, its two trees are left alone and the others keep growing),
//!   so a search costs O(E α(V)) plus its blossom walks, and at most V/2 searches
//!   (in practice a handful) are needed. The last search finds no augmenting path:
//!   the matching is maximum (Berge), and its even vertices, those in blossoms
//!   included, are exactly D(G) (Gallai–Edmonds structure theorem).

use super::graph_file::Csr;

/// No vertex (an exposed vertex's mate).
pub const NONE: u32 = u32::MAX;

const UNREACHED: u8 = 0;
const EVEN: u8 = 1;
const ODD: u8 = 2;

/// A matching of a graph with the working space of the searches.
pub struct Matching<'g> {
    g: &'g Csr,
    /// The mate of each vertex, or [`NONE`].
    pub mate: Vec<u32>,
    state: Vec<u8>,
    pre: Vec<u32>,
    parent: Vec<u32>,
    root: Vec<u32>,
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
    touched: Vec<u32>,
    /// Per root: its tree took part in an augmentation during this search.
    spent: Vec<bool>,
}

impl<'g> Matching<'g> {
    /// The empty matching of `g`.
    pub fn new(g: &'g Csr) -> Self {
        Matching::with_mates(g, vec![NONE; g.len()])
    }

    /// The matching of `g` given by `mate` (which must be a matching of `g`).
    pub(crate) fn with_mates(g: &'g Csr, mate: Vec<u32>) -> Self {
        let n = g.len();
        Matching {
            g,
            mate,
            state: vec![UNREACHED; n],
            pre: vec![NONE; n],
            parent: (0..n as u32).collect(),
            root: vec![NONE; n],
            seen: vec![0; n],
            stamp: 0,
            queue: Vec::new(),
            touched: Vec::new(),
            spent: vec![false; n],
        }
    }

    /// Number of matched edges.
    pub fn size(&self) -> usize {
        self.mate.iter().filter(|&&m| m != NONE).count() / 2
    }

    /// The matched edges (u, v) with u < v, ascending.
    pub fn edges(&self) -> Vec<(u32, u32)> {
        (0..self.mate.len() as u32)
            .filter(|&v| self.mate[v as usize] != NONE && v < self.mate[v as usize])
            .map(|v| (v, self.mate[v as usize]))
            .collect()
    }

    /// Matches exposed vertices to exposed neighbours, first come first served.
    pub fn greedy(&mut self) {
        for v in 0..self.g.len() as u32 {
            if self.mate[v as usize] != NONE {
                continue;
            }
            if let Some(&u) = self
                .g
                .neighbours(v)
                .iter()
                .find(|&&u| u != v && self.mate[u as usize] == NONE)
            {
                self.mate[v as usize] = u;
                self.mate[u as usize] = v;
            }
        }
    }

    /// Looks for an augmenting path from the exposed vertex `r` and applies it;
    /// returns whether the matching grew.
    pub(crate) fn augment_from(&mut self, r: u32) -> bool {
        if self.mate[r as usize] != NONE {
            return false;
        }
        let grew = self.grow(&[r], false) > 0;
        self.reset();
        grew
    }

    fn touch(&mut self, v: u32) {
        self.touched.push(v);
    }

    fn reset(&mut self) {
        for &v in &self.touched {
            let v = v as usize;
            self.state[v] = UNREACHED;
            self.pre[v] = NONE;
            self.parent[v] = v as u32;
            self.root[v] = NONE;
            self.spent[v] = false;
        }
        self.touched.clear();
    }

    /// The base of the blossom holding `v` (union–find with path compression).
    fn find(&mut self, v: u32) -> u32 {
        let mut r = v;
        while self.parent[r as usize] != r {
            r = self.parent[r as usize];
        }
        let mut c = v;
        while self.parent[c as usize] != r {
            let next = self.parent[c as usize];
            self.parent[c as usize] = r;
            c = next;
        }
        r
    }

    /// Whether `v` is in a tree spent by an augmentation of this search.
    fn in_spent_tree(&self, v: u32) -> bool {
        let r = self.root[v as usize];
        r != NONE && self.spent[r as usize]
    }

    /// Grows alternating trees from the exposed vertices `roots` and applies the
    /// augmenting paths it finds; returns how many. With `many`, it goes on after an
    /// augmentation, leaving the two trees of the path alone (the other trees stay
    /// valid, since trees are disjoint); otherwise it stops at the first. The labels
    /// stay until `reset`; after a search without augmentation, the even vertices are
    /// those reachable from an exposed vertex by an even alternating path.
    fn grow(&mut self, roots: &[u32], many: bool) -> usize {
        self.queue.clear();
        for &r in roots {
            self.touch(r);
            self.state[r as usize] = EVEN;
            self.root[r as usize] = r;
            self.queue.push(r);
        }
        let g = self.g;
        let mut grew = 0;
        let mut head = 0;
        while head < self.queue.len() {
            let x = self.queue[head];
            head += 1;
            for &y in g.neighbours(x) {
                if self.in_spent_tree(x) {
                    break;
                }
                if y == x || self.state[y as usize] == ODD || self.in_spent_tree(y) {
                    continue;
                }
                if self.find(x) == self.find(y) {
                    continue;
                }
                if self.state[y as usize] == UNREACHED {
                    self.touch(y);
                    self.pre[y as usize] = x;
                    let m = self.mate[y as usize];
                    if m == NONE {
                        // root(x) … x – y, with y exposed.
                        self.root[y as usize] = self.root[x as usize];
                        self.spent[self.root[x as usize] as usize] = true;
                        self.flip(y);
                        grew += 1;
                        if !many {
                            return grew;
                        }
                        continue;
                    }
                    self.state[y as usize] = ODD;
                    self.root[y as usize] = self.root[x as usize];
                    self.touch(m);
                    self.state[m as usize] = EVEN;
                    self.root[m as usize] = self.root[x as usize];
                    self.queue.push(m);
                } else if self.root[y as usize] != self.root[x as usize] {
                    // root(x) … x – y … root(y): two trees joined by an edge.
                    let (rx, ry) = (self.root[x as usize], self.root[y as usize]);
                    let (mx, my) = (self.mate[x as usize], self.mate[y as usize]);
                    self.mate[x as usize] = y;
                    self.mate[y as usize] = x;
                    self.flip(mx);
                    self.flip(my);
                    self.spent[rx as usize] = true;
                    self.spent[ry as usize] = true;
                    grew += 1;
                    if !many {
                        return grew;
                    }
                } else {
                    let l = self.lca(x, y);
                    if l == NONE {
                        continue;
                    }
                    self.blossom(x, y, l);
                    self.blossom(y, x, l);
                }
            }
        }
        grew
    }

    /// Flips the alternating path from `w` (reached by an unmatched edge from
    /// `pre[w]`) back to its root.
    fn flip(&mut self, mut w: u32) {
        let mut steps = 0;
        while w != NONE && steps <= self.mate.len() {
            let pw = self.pre[w as usize];
            if pw == NONE {
                break;
            }
            let next = self.mate[pw as usize];
            self.mate[w as usize] = pw;
            self.mate[pw as usize] = w;
            w = next;
            steps += 1;
        }
    }

    /// The base where the tree paths from the even vertices `x` and `y` meet.
    fn lca(&mut self, x: u32, y: u32) -> u32 {
        if self.stamp == u32::MAX {
            self.seen.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        let mut a = self.find(x);
        let mut b = self.find(y);
        loop {
            if a != NONE {
                if self.seen[a as usize] == self.stamp {
                    return a;
                }
                self.seen[a as usize] = self.stamp;
                let m = self.mate[a as usize];
                a = if m == NONE {
                    NONE
                } else {
                    let p = self.pre[m as usize];
                    if p == NONE { NONE } else { self.find(p) }
                };
            } else if b == NONE {
                return NONE;
            }
            std::mem::swap(&mut a, &mut b);
        }
    }

    /// Shrinks the cycle from `x` up to the base `l` into the blossom of `l`; its
    /// odd vertices become even (and are scanned), and `pre` links are set so that a
    /// later augmenting path can go round the cycle either way.
    fn blossom(&mut self, mut x: u32, mut y: u32, l: u32) {
        while self.find(x) != l {
            self.pre[x as usize] = y;
            y = self.mate[x as usize];
            if y == NONE {
                return;
            }
            if self.state[y as usize] == ODD {
                self.state[y as usize] = EVEN;
                self.queue.push(y);
            }
            if self.find(x) == x {
                self.parent[x as usize] = l;
            }
            if self.find(y) == y {
                self.parent[y as usize] = l;
            }
            x = self.pre[y as usize];
            if x == NONE {
                return;
            }
        }
    }
}

/// A maximum matching of `g`: the mate of each vertex, or [`NONE`].
///
/// ```
/// use sprague_games::graph_file::Csr;
/// use sprague_games::matching::{maximum, NONE};
/// // A 5-cycle has a maximum matching of 2 edges.
/// let g = Csr::undirected(5, &[0, 1, 2, 3, 4], &[1, 2, 3, 4, 0]);
/// let mate = maximum(&g);
/// assert_eq!(mate.iter().filter(|&&m| m == NONE).count(), 1);
/// ```
pub fn maximum(g: &Csr) -> Vec<u32> {
    missed_vertices(g, greedy(g)).0
}

/// A maximal (not necessarily maximum) matching, found greedily: a good start for
/// [`missed_vertices`].
pub fn greedy(g: &Csr) -> Vec<u32> {
    let mut m = Matching::new(g);
    m.greedy();
    m.mate
}

/// Makes `mate` (a matching of `g`) maximum, and says whether each vertex is missed
/// by some maximum matching (the Gallai–Edmonds set D(G)).
///
/// Searches from all exposed vertices at once, each applying many disjoint
/// augmenting paths, until one finds none: by Berge's theorem the matching is then
/// maximum, and the even vertices of that last search are D(G).
///
/// ```
/// use sprague_games::graph_file::Csr;
/// use sprague_games::matching::{maximum, missed_vertices};
/// // A path 0–1–2: the ends can be missed, the middle never.
/// let g = Csr::undirected(3, &[0, 1], &[1, 2]);
/// let (_, d) = missed_vertices(&g, maximum(&g));
/// assert_eq!(d, vec![true, false, true]);
/// ```
pub fn missed_vertices(g: &Csr, mate: Vec<u32>) -> (Vec<u32>, Vec<bool>) {
    let mut m = Matching::with_mates(g, mate);
    loop {
        let roots: Vec<u32> = (0..g.len() as u32)
            .filter(|&v| m.mate[v as usize] == NONE)
            .collect();
        if m.grow(&roots, true) == 0 {
            break;
        }
        m.reset();
    }
    let d = m.state.iter().map(|&s| s == EVEN).collect();
    m.reset();
    (m.mate, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// ν of the graph on the vertex set `mask`, by brute force over the lowest vertex.
    fn nu(adj: &[u32], mask: u32, memo: &mut Vec<Option<u32>>) -> u32 {
        if mask == 0 {
            return 0;
        }
        if let Some(v) = memo[mask as usize] {
            return v;
        }
        let v = mask.trailing_zeros();
        let rest = mask & !(1 << v);
        let mut best = nu(adj, rest, memo);
        let mut nb = adj[v as usize] & rest;
        while nb != 0 {
            let u = nb.trailing_zeros();
            nb &= nb - 1;
            best = best.max(1 + nu(adj, rest & !(1 << u), memo));
        }
        memo[mask as usize] = Some(best);
        best
    }

    fn graph() -> impl Strategy<Value = (u32, Vec<(u32, u32)>)> {
        (1u32..13).prop_flat_map(|n| {
            let pairs = prop::collection::vec((0..n, 0..n), 0..30)
                .prop_map(|e| e.into_iter().filter(|(a, b)| a != b).collect::<Vec<_>>());
            (Just(n), pairs)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn maximum_and_missed_vertices_match_brute_force((n, edges) in graph()) {
            let a: Vec<u32> = edges.iter().map(|e| e.0).collect();
            let b: Vec<u32> = edges.iter().map(|e| e.1).collect();
            let g = Csr::undirected(n, &a, &b);
            let mut adj = vec![0u32; n as usize];
            for &(u, v) in &edges {
                adj[u as usize] |= 1 << v;
                adj[v as usize] |= 1 << u;
            }
            let mut memo = vec![None; 1 << n];
            let full = (1u32 << n) - 1;
            let best = nu(&adj, full, &mut memo);

            let mate = maximum(&g);
            // A matching: symmetric, along edges.
            for v in 0..n {
                let m = mate[v as usize];
                if m != NONE {
                    prop_assert_eq!(mate[m as usize], v);
                    prop_assert!(adj[v as usize] & (1 << m) != 0);
                }
            }
            let size = mate.iter().filter(|&&m| m != NONE).count() as u32 / 2;
            prop_assert_eq!(size, best);

            let (mate2, d) = missed_vertices(&g, mate.clone());
            prop_assert_eq!(mate2, mate);
            for v in 0..n {
                let without = nu(&adj, full & !(1 << v), &mut memo);
                prop_assert_eq!(d[v as usize], without == best, "vertex {}", v);
            }

            // From a smaller matching, the search from all exposed vertices completes it.
            let (mate3, d3) = missed_vertices(&g, vec![NONE; n as usize]);
            prop_assert_eq!(mate3.iter().filter(|&&m| m != NONE).count() as u32 / 2, best);
            prop_assert_eq!(d3, d);
        }
    }

    #[test]
    fn long_paths_and_odd_cycles_need_no_recursion() {
        // A path of 200 001 vertices: ν = 100 000, and D is the even positions.
        let n = 200_001u32;
        let a: Vec<u32> = (0..n - 1).collect();
        let b: Vec<u32> = (1..n).collect();
        let g = Csr::undirected(n, &a, &b);
        // Start from the worst greedy order: match nothing, then augment.
        let (mate, d) = missed_vertices(&g, maximum(&g));
        assert_eq!(mate.iter().filter(|&&m| m != NONE).count(), 200_000);
        assert!(d.iter().enumerate().all(|(i, &x)| x == (i % 2 == 0)));
        // A long odd cycle is one big blossom: every vertex can be missed.
        let c = 100_001u32;
        let a: Vec<u32> = (0..c).collect();
        let b: Vec<u32> = (0..c).map(|i| (i + 1) % c).collect();
        let g = Csr::undirected(c, &a, &b);
        let (_, d) = missed_vertices(&g, maximum(&g));
        assert!(d.iter().all(|&x| x));
    }
}
