//! Staircase Nim on a tree (Codeforces 1498F, "Christmas Game"):
//! `treestair["FILE",k](root)` is the tree read from FILE, with a_v coins on node v,
//! rooted at `root`. A move picks a node v at depth ≥ k and moves any positive number of
//! its coins to its k-th ancestor (the node k edges closer to the root). The player who
//! cannot move loses. `treestair["FILE"]` is k = 1. Later positions write the coin
//! counts that differ from the file as pairs after the root:
//! `treestair["FILE",k](root,v1,c1,v2,c2,…)` has c_i coins on node v_i (the coins of a
//! position total less than 2^127, so moves never overflow a count).
//!
//! # Tree file
//!
//! The graph-file conventions (`#` starts a comment, blank lines are skipped, numbers
//! separated by spaces or tabs, `\r\n` accepted): the header `n m` with m = n − 1, then
//! m lines `u v` (an edge, 0 ≤ u, v < n), then the n coin counts a_0 … a_(n−1), below
//! 2^64, on as many lines as wanted. The edges must form a tree. The file is read in
//! chunks; errors name the file and the line (exit 2); trees of more than
//! `--max-states` nodes are refused (exit 3).
//!
//! # Value
//!
//! Put node v on step ⌊depth(v)/k⌋. A move takes coins from a node on step i ≥ 1 to a
//! node on step i − 1 of the same root path, so it is staircase Nim, and as for
//! [`stair`](super::stair) the nim-value is the XOR of the coins on the nodes of odd
//! step: a move from an odd step lowers one odd-step count (any lower value can be
//! reached, as in Nim), and a move from an even step raises one odd-step count; either
//! way exactly one odd-step count changes, so the XOR changes. The tests compare this
//! with exhaustive search.
//!
//! # Every root at once
//!
//! Node v is on an odd step from root r exactly when dist(r, v) mod 2k ∈ [k, 2k). So
//! one table of 2k XORs per node, `down[v][i]` = XOR of a_u over the subtree of v with
//! dist(v, u) mod 2k = i, computed leaves first, then rerooted from the parent
//! (`full[c][i] = down[c][i] ⊕ full[p][i−1] ⊕ down[c][i−2]`, indices mod 2k), gives the
//! value for every root in O(n·k) ([`TreeStair::all_roots`]).

use crate::graph_file::Csr;
use crate::graph_file::{MAX_BYTES_PER_EDGE, SLACK_BYTES};
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use sprague_core::nat::Nat;
use sprague_core::{Bound, Limits, SolveError};
use sprague_engine::impartial::family::{Family, MAX_LISTED_MOVES, MoveSink, Pos};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::Read;
use std::rc::Rc;

/// No node (the root's ancestor).
const NONE: u32 = u32::MAX;

/// A tree with coins on its nodes, as read from a tree file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoinTree {
    /// The neighbours of each node.
    pub adj: Csr,
    /// The coins on each node.
    pub coins: Vec<u64>,
}

/// A rooting of a tree: a preorder, each node's depth and k-th ancestor.
#[derive(Clone, Debug)]
pub struct Rooted {
    /// Nodes in preorder (parents before children).
    pub order: Vec<u32>,
    /// The parent of each node (`u32::MAX` for the root).
    pub parent: Vec<u32>,
    /// The depth of each node.
    pub depth: Vec<u32>,
    /// The k-th ancestor of each node (`u32::MAX` above depth k).
    pub ancestor: Vec<u32>,
}

/// Roots `adj` at `root` and finds each node's k-th ancestor, without recursion.
pub(crate) fn root_tree(adj: &Csr, root: u32, k: u64) -> Rooted {
    let n = adj.len();
    let mut r = Rooted {
        order: Vec::with_capacity(n),
        parent: vec![NONE; n],
        depth: vec![0; n],
        ancestor: vec![NONE; n],
    };
    // The stack is the path from the root: (node, next neighbour to look at).
    let mut stack: Vec<(u32, u32)> = vec![(root, 0)];
    r.order.push(root);
    while let Some(top) = stack.last_mut() {
        let (v, i) = *top;
        let nb = adj.neighbours(v);
        if i as usize == nb.len() {
            stack.pop();
            continue;
        }
        top.1 += 1;
        let w = nb[i as usize];
        if w == r.parent[v as usize] {
            continue;
        }
        let len = stack.len() as u64;
        r.parent[w as usize] = v;
        r.depth[w as usize] = len as u32;
        if len >= k {
            r.ancestor[w as usize] = stack[(len - k) as usize].0;
        }
        r.order.push(w);
        stack.push((w, 0));
    }
    r
}

/// The nim-value for one root: the XOR of the coins on nodes with ⌊depth/k⌋ odd.
pub fn value(rooted: &Rooted, coins: &[u128], k: u64) -> u128 {
    rooted
        .order
        .iter()
        .filter(|&&v| (u64::from(rooted.depth[v as usize]) / k) % 2 == 1)
        .fold(0, |x, &v| x ^ coins[v as usize])
}

/// Reads a tree file (see the module documentation) from `input`; `name` is used in
/// messages.
pub fn parse(name: &str, mut input: impl Read, limits: &Limits) -> Result<CoinTree, SolveError> {
    let mut p = Parser {
        name,
        limits,
        line: 1,
        cur: None,
        comment: false,
        nums: [0; 2],
        count: 0,
        header: None,
        a: Vec::new(),
        b: Vec::new(),
        coins: Vec::new(),
        coin_line: 0,
    };
    let mut buf = vec![0u8; 1 << 16];
    let mut last = b'\n';
    let mut total = 0u64;
    loop {
        let k = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(k) => k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                return Err(SolveError::Input(format!(
                    "cannot read tree file {name}: {e}"
                )));
            }
        };
        // As for graph files: so many bytes per edge and coin count the header
        // announces, and room for comments; nothing longer is read.
        total = total.saturating_add(k as u64);
        let lines = p.header.map_or(0, |(n, m)| n.saturating_add(m));
        let most = SLACK_BYTES.saturating_add(lines.saturating_mul(MAX_BYTES_PER_EDGE));
        if total > most {
            return Err(SolveError::Input(format!(
                "tree file {name} is longer than {most} bytes \
                 ({MAX_BYTES_PER_EDGE} bytes per edge and coin count, and {SLACK_BYTES} more)"
            )));
        }
        for &c in &buf[..k] {
            p.byte(c)?;
        }
        last = buf[k - 1];
    }
    if last != b'\n' {
        // A last line without a newline.
        p.byte(b'\n')?;
    }
    p.finish()
}

struct Parser<'a> {
    name: &'a str,
    limits: &'a Limits,
    line: u64,
    cur: Option<u64>,
    comment: bool,
    /// The numbers of the current header or edge line.
    nums: [u64; 2],
    count: usize,
    /// `(n, m)` once read.
    header: Option<(u64, u64)>,
    a: Vec<u32>,
    b: Vec<u32>,
    coins: Vec<u64>,
    /// The line of the last coin count.
    coin_line: u64,
}

impl Parser<'_> {
    fn error(&self, msg: &str) -> SolveError {
        SolveError::Input(format!("{} line {}: {msg}", self.name, self.line))
    }

    fn byte(&mut self, c: u8) -> Result<(), SolveError> {
        if self.comment {
            if c == b'\n' {
                self.comment = false;
                self.end_line()?;
            }
            return Ok(());
        }
        match c {
            b'0'..=b'9' => {
                let d = u64::from(c - b'0');
                let v = self.cur.unwrap_or(0);
                match v.checked_mul(10).and_then(|v| v.checked_add(d)) {
                    Some(v) => self.cur = Some(v),
                    None => return Err(self.error("number too large (at most 2^64 − 1)")),
                }
            }
            b' ' | b'\t' | b'\r' => self.end_number()?,
            b'\n' => self.end_line()?,
            b'#' => {
                self.end_number()?;
                self.comment = true;
            }
            c => {
                let shown = crate::graph_file::shown_byte(c);
                return Err(self.error(&format!(
                    "unexpected {shown} (expected numbers separated by spaces)"
                )));
            }
        }
        Ok(())
    }

    fn in_coins(&self) -> bool {
        matches!(self.header, Some((_, m)) if self.a.len() as u64 == m)
    }

    fn end_number(&mut self) -> Result<(), SolveError> {
        let Some(v) = self.cur.take() else {
            return Ok(());
        };
        if self.in_coins() && self.count == 0 {
            let n = self.header.map_or(0, |h| h.0);
            if self.coins.len() as u64 == n {
                return Err(self.error(&format!("more than the {n} coin counts of the nodes")));
            }
            self.coins.push(v);
            self.coin_line = self.line;
            return Ok(());
        }
        if self.count == 2 {
            return Err(self.error(if self.header.is_none() {
                "the header has more than two numbers (expected 'n m')"
            } else {
                "an edge line has more than two numbers (expected 'u v')"
            }));
        }
        self.nums[self.count] = v;
        self.count += 1;
        Ok(())
    }

    fn end_line(&mut self) -> Result<(), SolveError> {
        self.end_number()?;
        let count = std::mem::replace(&mut self.count, 0);
        if count > 0 {
            self.data_line(count)?;
        }
        self.line += 1;
        Ok(())
    }

    fn data_line(&mut self, count: usize) -> Result<(), SolveError> {
        let [u, v] = self.nums;
        let Some((n, _)) = self.header else {
            if count != 2 {
                return Err(self.error("expected the header 'n m' (node count, edge count n − 1)"));
            }
            if u == 0 || v != u - 1 {
                return Err(self.error(&format!(
                    "a tree of n ≥ 1 nodes has n − 1 edges (the header says {u} nodes, {v} edges)"
                )));
            }
            if u > self.limits.max_states || u >= u64::from(NONE) {
                return Err(self
                    .limits
                    .states_exceeded(&format!("the tree in {} ({u} nodes)", self.name)));
            }
            self.header = Some((u, v));
            self.a.reserve_exact(v.min(1 << 24) as usize);
            self.b.reserve_exact(v.min(1 << 24) as usize);
            return Ok(());
        };
        if count != 2 {
            return Err(self.error("expected an edge 'u v', found one number"));
        }
        for x in [u, v] {
            if x >= n {
                return Err(self.error(&format!(
                    "node {x} out of range (the tree has {n} nodes, numbered 0 to {})",
                    n - 1
                )));
            }
        }
        if u == v {
            return Err(self.error(&format!("a loop {u}–{u} (a tree has none)")));
        }
        self.a.push(u as u32);
        self.b.push(v as u32);
        Ok(())
    }

    fn finish(self) -> Result<CoinTree, SolveError> {
        let Some((n, _)) = self.header else {
            return Err(SolveError::Input(format!(
                "{}: no header line 'n m' (node count, edge count)",
                self.name
            )));
        };
        if !self.in_coins() || (self.coins.len() as u64) < n {
            return Err(SolveError::Input(format!(
                "{} line {}: the file ends before the {n} coin counts of the nodes (after {} \
                 edges and {} counts)",
                self.name,
                self.line - 1,
                self.a.len(),
                self.coins.len()
            )));
        }
        let adj = Csr::undirected(n as u32, &self.a, &self.b);
        // n − 1 edges and connected: a tree. Repeated edges count once in `adj` and
        // leave it disconnected.
        let seen = root_tree(&adj, 0, 1).order.len() as u64;
        if seen != n || adj.targets.len() as u64 != 2 * (n - 1) {
            return Err(SolveError::Input(format!(
                "{}: the edges do not form a tree (only {seen} of the {n} nodes are connected \
                 to node 0, or an edge is repeated)",
                self.name
            )));
        }
        Ok(CoinTree {
            adj,
            coins: self.coins,
        })
    }
}

/// Nim-values for every root, by rerooting: `values[r]` is the value rooted at r.
pub fn all_roots(tree: &CoinTree, k: u64, limits: &Limits) -> Result<Vec<u128>, SolveError> {
    let n = tree.adj.len();
    if k >= n as u64 {
        // No node is k levels below any root.
        return Ok(vec![0; n]);
    }
    let w = 2 * k as usize;
    if (n as u64).saturating_mul(w as u64) > limits.max_states {
        return Err(limits.states_exceeded(&format!(
            "the table for every root ({n} nodes × 2k = {w} depths mod 2k)"
        )));
    }
    let r = root_tree(&tree.adj, 0, 1);
    let mut t = vec![0u64; n * w];
    // down[v][i]: XOR over the subtree of v of the coins at distance ≡ i (mod 2k).
    for &v in r.order.iter().rev() {
        let v = v as usize;
        t[v * w] ^= tree.coins[v];
        let p = r.parent[v];
        if p != NONE {
            let p = p as usize;
            for i in 0..w {
                let x = t[v * w + i];
                t[p * w + (i + 1) % w] ^= x;
            }
        }
    }
    // full[c][i] = down[c][i] ⊕ full[p][i−1] ⊕ down[c][i−2], parents first, in place.
    let mut row = vec![0u64; w];
    for &c in r.order.iter().skip(1) {
        let c = c as usize;
        let p = r.parent[c] as usize;
        for i in 0..w {
            row[i] = t[c * w + i] ^ t[p * w + (i + w - 1) % w] ^ t[c * w + (i + w - 2) % w];
        }
        t[c * w..(c + 1) * w].copy_from_slice(&row);
    }
    Ok((0..n)
        .map(|v| {
            t[v * w + k as usize..(v + 1) * w]
                .iter()
                .fold(0u128, |x, &a| x ^ u128::from(a))
        })
        .collect())
}

/// Most coins a position may hold in all (so that no count overflows).
const MAX_COINS: u128 = u128::MAX >> 1;

/// One position: the root and every node's coins.
struct State {
    rooted: Rooted,
    coins: Vec<u128>,
    root: u32,
    /// The counts that differ from the file.
    changed: BTreeMap<u32, u128>,
}

/// The `treestair["FILE",k]` family: the file is read on first use.
pub struct TreeStair {
    path: String,
    k: u64,
    tree: RefCell<Option<Rc<CoinTree>>>,
}

impl TreeStair {
    /// The family of the tree in the file at `path` with moves k levels up (k ≥ 1).
    pub fn new(path: &str, k: u64) -> Self {
        TreeStair {
            path: path.to_string(),
            k,
            tree: RefCell::new(None),
        }
    }

    /// The family of a tree already read, named as if read from `path`.
    pub fn from_tree(path: &str, k: u64, tree: CoinTree) -> Self {
        let t = TreeStair::new(path, k);
        *t.tree.borrow_mut() = Some(Rc::new(tree));
        t
    }

    /// The tree, read from the file on first use.
    pub fn tree(&self, limits: &Limits) -> Result<Rc<CoinTree>, SolveError> {
        if let Some(t) = self.tree.borrow().as_ref() {
            return Ok(t.clone());
        }
        let (file, _) = sprague_core::files::open_regular(std::path::Path::new(&self.path))
            .map_err(|e| SolveError::Input(format!("cannot read tree file {}: {e}", self.path)))?;
        let t = Rc::new(parse(&self.path, file, limits)?);
        *self.tree.borrow_mut() = Some(t.clone());
        Ok(t)
    }

    /// The nim-value for every root of the file's tree, in O(n·k).
    pub fn all_roots(&self, limits: &Limits) -> Result<Vec<u128>, SolveError> {
        all_roots(&*self.tree(limits)?, self.k, limits)
    }

    fn state(&self, pos: &Pos, limits: &Limits) -> Result<State, SolveError> {
        let tree = self.tree(limits)?;
        let n = tree.adj.len();
        let node = |a: &Nat| -> Result<u32, SolveError> {
            match a.to_usize() {
                Some(v) if v < n => Ok(v as u32),
                _ => Err(SolveError::Input(format!(
                    "{}: node {a} out of range ({} has {n} nodes, numbered 0 to {})",
                    self.name(),
                    self.path,
                    n - 1
                ))),
            }
        };
        let root = node(&pos[0])?;
        let mut coins: Vec<u128> = tree.coins.iter().map(|&a| u128::from(a)).collect();
        let mut changed = BTreeMap::new();
        for pair in pos[1..].chunks(2) {
            let v = node(&pair[0])?;
            let c = pair[1].to_big().to_u128().filter(|&c| c <= MAX_COINS);
            let c = c.ok_or_else(|| self.too_many_coins())?;
            coins[v as usize] = c;
            if c == u128::from(tree.coins[v as usize]) {
                changed.remove(&v);
            } else {
                changed.insert(v, c);
            }
        }
        // Every count reached by moves stays below the total: no overflow.
        coins
            .iter()
            .try_fold(0u128, |t, &c| t.checked_add(c).filter(|&t| t <= MAX_COINS))
            .ok_or_else(|| self.too_many_coins())?;
        Ok(State {
            rooted: root_tree(&tree.adj, root, self.k),
            coins,
            root,
            changed,
        })
    }

    fn too_many_coins(&self) -> SolveError {
        SolveError::Input(format!(
            "{}: the coins of a position must total less than 2^127",
            self.name()
        ))
    }

    /// The position after moving `c` coins from `v` to its k-th ancestor `u`.
    /// The position after moving `c` coins from node `v` up to node `u`: the root,
    /// then the nodes whose coins differ from the file, with their coins.
    fn after(tree: &CoinTree, s: &State, v: u32, u: u32, c: u128) -> Pos {
        let mut changed = s.changed.clone();
        changed.insert(v, s.coins[v as usize] - c);
        changed.insert(u, s.coins[u as usize] + c);
        let mut out = Pos::new();
        out.push(Nat::from(s.root));
        for (node, count) in changed {
            if count != u128::from(tree.coins[node as usize]) {
                out.push(Nat::from(node));
                out.push(Nat::from_big(num_bigint::BigUint::from(count)));
            }
        }
        out
    }

    fn text(&self, s: &State, v: u32, u: u32, c: u128) -> String {
        let coins = if c == 1 { "coin" } else { "coins" };
        format!(
            "move {c} {coins} from node {v} (depth {}) up to node {u}",
            s.rooted.depth[v as usize]
        )
    }
}

impl Family for TreeStair {
    fn name(&self) -> String {
        format!("treestair[\"{}\",{}]", self.path, self.k)
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        if pos.len() % 2 == 1 {
            Ok(())
        } else {
            Err(SolveError::Input(format!(
                "{}(root,v1,c1,…) takes the root, then pairs (node, coins) that differ from the \
                 file",
                self.name()
            )))
        }
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let s = self.state(pos, limits)?;
        let x = value(&s.rooted, &s.coins, self.k);
        Ok(Some(Nat::from_big(BigUint::from(x))))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let s = self.state(pos, limits)?;
        let tree = self.tree(limits)?;
        let x = value(&s.rooted, &s.coins, self.k);
        let Some(t) = target.to_big().to_u128() else {
            return Ok(());
        };
        let d = x ^ t;
        if d == 0 {
            return Ok(());
        }
        for &v in &s.rooted.order {
            let step = u64::from(s.rooted.depth[v as usize]) / self.k;
            let u = s.rooted.ancestor[v as usize];
            if step == 0 {
                continue;
            }
            let a = s.coins[v as usize];
            let found = if step % 2 == 1 {
                // Lower an odd step, like a Nim heap.
                ((a ^ d) < a).then(|| a - (a ^ d))
            } else {
                // Raise the odd step above with coins from this even step.
                let b = s.coins[u as usize];
                ((b ^ d) > b && (b ^ d) - b <= a).then(|| (b ^ d) - b)
            };
            if let Some(c) = found
                && !sink.offer_one(Self::after(&tree, &s, v, u, c), || self.text(&s, v, u, c))
            {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let s = self.state(pos, limits)?;
        let tree = self.tree(limits)?;
        let total: u128 = s
            .rooted
            .order
            .iter()
            .filter(|&&v| s.rooted.ancestor[v as usize] != NONE)
            .map(|&v| s.coins[v as usize])
            .fold(0u128, u128::saturating_add);
        let per_move = s.changed.len() as u128 + 2;
        if total > u128::from(MAX_LISTED_MOVES)
            || total.min(sink.cap as u128 + 1) * per_move > 1 << 26
        {
            return Err(SolveError::Limit {
                what: format!("listing every move of a tree with {total} movable coins"),
                bound: Bound::PositionMoves,
            });
        }
        for &v in &s.rooted.order {
            let u = s.rooted.ancestor[v as usize];
            if u == NONE {
                continue;
            }
            for c in 1..=s.coins[v as usize] {
                if !sink.offer_one(Self::after(&tree, &s, v, u, c), || self.text(&s, v, u, c)) {
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let s = self.state(pos, limits)?;
        let x = value(&s.rooted, &s.coins, self.k);
        let odd: Vec<u32> = s
            .rooted
            .order
            .iter()
            .copied()
            .filter(|&v| (u64::from(s.rooted.depth[v as usize]) / self.k) % 2 == 1)
            .collect();
        let shown: Vec<String> = odd.iter().take(12).map(|v| format!("node {v}")).collect();
        let more = if odd.len() > 12 { ", …" } else { "" };
        let mut lines = vec![format!(
            "rooted at {}, moving coins {} level(s) up is staircase Nim along every root path \
             (node v on step ⌊depth/{}⌋): the value is the XOR of the coins on the odd steps \
             ({}{more}), {x}",
            s.root,
            self.k,
            self.k,
            if shown.is_empty() {
                "none".to_string()
            } else {
                shown.join(", ")
            }
        )];
        if pos.len() == 1 {
            let tree = self.tree(limits)?;
            if tree.adj.len() <= 40
                && let Ok(all) = self.all_roots(limits)
            {
                let who: String = all
                    .iter()
                    .map(|&v| if v == 0 { 'P' } else { 'N' })
                    .collect();
                lines.push(format!(
                    "for the roots 0 to {} in order (rerooting, O(n·k)): {who}",
                    all.len() - 1
                ));
            }
        }
        Ok(lines)
    }
}

/// `treestair["FILE",k]` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["treestair"],
    usage: Some((
        "treestair[\"FILE\",k](root)",
        "move coins k levels up a tree (sprague roots: every root)",
    )),
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "Coins on a tree read from a file; a move carries coins k levels up toward the root. Whoever cannot move loses.",
        example: None,
    }),
    build: |reg, t| {
        let (path, k) = read_params(reg, t)?;
        Ok((reg.shared(TreeStair::new(&path, k)), 0))
    },
    read: None,
    table: None,
    names_file: super::always_file,
};

/// The parameters of `treestair["FILE",k]` (k = 1 when left out).
pub(crate) fn read_params(
    reg: &crate::Registry<'_>,
    t: &sprague_expr::FamilyTerm,
) -> Result<(String, u64), crate::ExprError> {
    use sprague_expr::Param;
    let usage = "treestair takes the tree file in quotes and the level k (1 ≤ k < 2^64), e.g. \
                 treestair[\"t.txt\",2](0)";
    match t.params.as_deref() {
        Some([Param::Str(path, _)]) => Ok((path.clone(), 1)),
        Some([Param::Str(path, _), Param::Int(k, ks)]) => match k.to_u64() {
            Some(k) if k >= 1 => Ok((path.clone(), k)),
            _ => Err(reg.error(*ks, usage)),
        },
        Some([p, ..]) => Err(reg.error(p.span(), usage)),
        _ => Err(reg.error(t.name_span, usage)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::impartial::exhaustive::{GameRules, GrundySearch};

    /// The rules from the module documentation on a rooted tree given by parents.
    struct TreeRules {
        parent: Vec<usize>,
        k: usize,
    }

    impl TreeRules {
        fn kth_ancestor(&self, mut v: usize) -> Option<usize> {
            for _ in 0..self.k {
                if self.parent[v] == usize::MAX {
                    return None;
                }
                v = self.parent[v];
            }
            Some(v)
        }
    }

    impl GameRules for TreeRules {
        type Position = Vec<u64>;
        fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for v in 0..p.len() {
                if let Some(u) = self.kth_ancestor(v) {
                    for c in 1..=p[v] {
                        let mut q = p.clone();
                        q[v] -= c;
                        q[u] += c;
                        out.push(q);
                    }
                }
            }
        }
    }

    /// A random tree on n nodes: node i > 0 hangs from a random earlier node.
    fn random_tree(n: usize, x: &mut u64) -> (Vec<u32>, Vec<u32>) {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for i in 1..n {
            *x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            a.push(((*x >> 33) % i as u64) as u32);
            b.push(i as u32);
        }
        (a, b)
    }

    /// Parents when rooted at `root`, by a walk written for the test.
    fn parents(n: usize, a: &[u32], b: &[u32], root: usize) -> Vec<usize> {
        let mut parent = vec![usize::MAX; n];
        let mut seen = vec![false; n];
        seen[root] = true;
        let mut todo = vec![root];
        while let Some(v) = todo.pop() {
            for (&x, &y) in a.iter().zip(b) {
                for (p, c) in [(x as usize, y as usize), (y as usize, x as usize)] {
                    if p == v && !seen[c] {
                        seen[c] = true;
                        parent[c] = v;
                        todo.push(c);
                    }
                }
            }
        }
        parent
    }

    #[test]
    fn values_and_moves_match_exhaustive_search_on_small_trees() {
        let limits = Limits::default();
        let mut x = 7u64;
        for n in 1..=5usize {
            for _ in 0..4 {
                let (a, b) = random_tree(n, &mut x);
                for k in 1..=3usize {
                    for root in 0..n {
                        let rules = TreeRules {
                            parent: parents(n, &a, &b, root),
                            k,
                        };
                        let mut s = GrundySearch::new(rules);
                        let max = if n >= 4 { 2 } else { 3 };
                        for coins in crate::impartial::testing::all_tuples(n, max) {
                            let tree = CoinTree {
                                adj: Csr::undirected(n as u32, &a, &b),
                                coins: coins.clone(),
                            };
                            let every = all_roots(&tree, k as u64, &limits).unwrap();
                            let fam = TreeStair::from_tree("t.txt", k as u64, tree);
                            let p: Pos = smallvec::smallvec![Nat::from(root as u64)];
                            let g = s.grundy(&coins, &limits).unwrap();
                            assert_eq!(fam.grundy(&p, &limits).unwrap(), Some(Nat::from(g)));
                            assert_eq!(every[root], u128::from(g), "rerooted, root {root}");
                            // Winning moves: the options of value 0, as coin vectors.
                            let mut want: Vec<Vec<u64>> = s
                                .options(&coins)
                                .into_iter()
                                .filter(|o| s.cached(o) == Some(0))
                                .collect();
                            want.sort();
                            let mut sink = MoveSink::new(1000);
                            fam.moves_to_value(&p, &Nat::ZERO, &limits, &mut sink)
                                .unwrap();
                            let mut got: Vec<Vec<u64>> = sink
                                .moves
                                .iter()
                                .map(|m| read_coins(&m.to_text(&fam), &coins))
                                .collect();
                            got.sort();
                            assert_eq!(got, want, "{coins:?} root {root} k {k}");
                            let mut sink = MoveSink::new(1000);
                            fam.moves(&p, &limits, &mut sink).unwrap();
                            assert_eq!(sink.moves.len(), s.options(&coins).len());
                        }
                    }
                }
            }
        }
    }

    /// The coins of a written position `treestair[…](root,v1,c1,…)`.
    fn read_coins(expr: &str, file: &[u64]) -> Vec<u64> {
        let args = &expr[expr.rfind('(').unwrap() + 1..expr.len() - 1];
        let nums: Vec<u64> = args.split(',').map(|s| s.parse().unwrap()).collect();
        let mut coins = file.to_vec();
        for pair in nums[1..].chunks(2) {
            coins[pair[0] as usize] = pair[1];
        }
        coins
    }

    #[test]
    fn rerooting_matches_every_root_computed_alone() {
        let limits = Limits::default();
        let mut x = 11u64;
        for n in [1usize, 2, 3, 7, 20, 60] {
            for k in [1u64, 2, 3, 5, 70] {
                let (a, b) = random_tree(n, &mut x);
                let coins: Vec<u64> = (0..n)
                    .map(|_| {
                        x = x.wrapping_mul(6364136223846793005).wrapping_add(3);
                        x >> 20
                    })
                    .collect();
                let tree = CoinTree {
                    adj: Csr::undirected(n as u32, &a, &b),
                    coins: coins.clone(),
                };
                let all = all_roots(&tree, k, &limits).unwrap();
                for (root, &got) in all.iter().enumerate() {
                    // Depths from the test's own walk: XOR of the odd steps.
                    let parent = parents(n, &a, &b, root);
                    let depth = |mut v: usize| {
                        let mut d = 0;
                        while parent[v] != usize::MAX {
                            v = parent[v];
                            d += 1;
                        }
                        d as u64
                    };
                    let want = (0..n)
                        .filter(|&v| (depth(v) / k) % 2 == 1)
                        .fold(0u128, |s, v| s ^ u128::from(coins[v]));
                    assert_eq!(got, want, "n={n} k={k} root={root}");
                }
            }
        }
    }

    #[test]
    fn counts_past_64_bits_are_exact_and_totals_bounded() {
        // The path 0 - 1 - 2 rooted at 0 with k = 1: node 1 is on step 1, so the value is
        // its count, here 2^70 (beyond a file's 64-bit counts, as moves can gather).
        let tree = CoinTree {
            adj: Csr::undirected(3, &[0, 1], &[1, 2]),
            coins: vec![0, 0, 0],
        };
        let fam = TreeStair::from_tree("t.txt", 1, tree);
        let big = Nat::from_big(BigUint::from(1u32) << 70u32);
        let p: Pos = smallvec::smallvec![Nat::ZERO, Nat::from(1u64), big.clone()];
        let limits = Limits::default();
        assert_eq!(fam.grundy(&p, &limits).unwrap(), Some(big));
        // Two counts of 2^126 total 2^127: refused, so no move can overflow.
        let half = Nat::from_big(BigUint::from(1u32) << 126u32);
        let p: Pos = smallvec::smallvec![
            Nat::ZERO,
            Nat::from(1u64),
            half.clone(),
            Nat::from(2u64),
            half
        ];
        assert!(matches!(fam.grundy(&p, &limits), Err(SolveError::Input(_))));
    }

    #[test]
    fn endless_files_are_not_read_whole() {
        // Only blanks and no header: at most the slack is read.
        let e = parse("t.txt", std::io::repeat(b' '), &Limits::default()).unwrap_err();
        assert!(
            matches!(e, SolveError::Input(ref m) if m.contains("longer than")),
            "{e}"
        );
        // A header of 3 nodes, then endless comments.
        let endless = "3 2\n".as_bytes().chain(std::io::repeat(b'#'));
        let e = parse("t.txt", endless, &Limits::default()).unwrap_err();
        assert!(
            matches!(e, SolveError::Input(ref m) if m.contains("longer than")),
            "{e}"
        );
    }

    #[test]
    fn tree_files_are_checked_with_lines() {
        let limits = Limits::default();
        let t = parse(
            "t.txt",
            "# sample\n5 4\n0 1\n0 2\n4 1\n3 2\n0 3 2\n4 4".as_bytes(),
            &limits,
        )
        .unwrap();
        assert_eq!(t.coins, [0, 3, 2, 4, 4]);
        let err = |s: &str| match parse("t.txt", s.as_bytes(), &limits) {
            Err(SolveError::Input(m)) => m,
            other => panic!("{other:?}"),
        };
        assert!(err("3 1\n").starts_with("t.txt line 1: a tree of n ≥ 1 nodes has n − 1 edges"));
        assert!(err("3 2\n0 1\n1 5\n").starts_with("t.txt line 3: node 5 out of range"));
        assert!(err("3 2\n0 1\n1 2\n1 2\n").starts_with("t.txt line 4: the file ends before"));
        assert!(err("3 2\n0 1\n1 2\n1 2 3 4\n").starts_with("t.txt line 4: more than the 3"));
        assert!(err("3 2\n0 1\n0 1\n1 2 3\n").starts_with("t.txt: the edges do not form a tree"));
        assert!(err("2 1\n0 1 1\n").starts_with("t.txt line 2: an edge line has more"));
        assert!(err("2 1\n0 x\n").starts_with("t.txt line 2: unexpected 'x'"));
        assert!(err("").starts_with("t.txt: no header"));
        assert!(err("1 0\n99999999999999999999\n").starts_with("t.txt line 2: number too large"));
        let small = Limits {
            max_states: 3,
            ..Limits::default()
        };
        assert!(matches!(
            parse("t.txt", "5 4\n".as_bytes(), &small),
            Err(SolveError::Limit { .. })
        ));
    }
}
