//! Graph files (SPEC §1), shared by `digraph` and `geography`.
//!
//! Format: `#` starts a comment that runs to the end of the line; blank lines are
//! skipped. The first line with data is the header `n m` (vertex count, edge count);
//! then exactly `m` lines `u v` with `0 ≤ u, v < n`. For `digraph` a line is an arc
//! u→v; for `geography` an undirected edge u–v. Numbers are decimal digits; spaces and
//! tabs separate them; `\r\n` line ends are accepted.
//!
//! Decisions for the cases the format leaves open:
//! - a repeated arc or edge is allowed and means the same move (listed once);
//! - a self-loop u→u is allowed in a `digraph` (a move that leaves the token where it
//!   is) and rejected in a `geography` graph (such a move could never be played, so the
//!   file is probably wrong);
//! - anything else on a line (a third number, a letter, a number too long for 64
//!   bits), a vertex out of range, fewer or more edge lines than `m`: an input error
//!   naming the file and the line (exit 2).
//!
//! The file is read in chunks, never whole, so a huge or malformed file costs bounded
//! memory beyond the arcs themselves. Bounds:
//! - graphs with more arcs than `--max-states` are refused with a limit error (exit 3),
//!   and so is a graph whose arcs cannot be allocated;
//! - a file may have at most [`MAX_BYTES_PER_EDGE`] bytes per announced edge plus
//!   [`SLACK_BYTES`] for comments (exit 2 beyond, without reading further);
//! - the declared vertex count costs nothing by itself: a graph is stored on the
//!   vertices its arcs use ([`Vertices`]), so `100000000 0` takes no more memory
//!   than `1 0`, and the work is proportional to the arcs.

use sprague_core::{Bound, Limits, SolveError};
use std::collections::TryReserveError;
use std::io::Read;

/// A vector of `len` copies of `x`, or the allocation error.
fn filled<T: Clone>(len: usize, x: T) -> Result<Vec<T>, TryReserveError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)?;
    v.resize(len, x);
    Ok(v)
}

/// Adjacency lists in compressed form: the neighbours of `v` are
/// `targets[offsets[v]..offsets[v + 1]]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Csr {
    /// `n + 1` offsets into `targets`.
    pub offsets: Vec<u32>,
    /// All neighbour lists, back to back.
    pub targets: Vec<u32>,
}

impl Csr {
    /// Builds the lists of `n` vertices from arcs `src[i] → dst[i]`. All vertices must
    /// be below `n`.
    pub fn from_arcs(n: u32, src: &[u32], dst: &[u32]) -> Csr {
        let arcs: Vec<u64> = src.iter().zip(dst).map(|(&u, &v)| pack(u, v)).collect();
        Csr::from_packed(n, &arcs, &mut Vec::new(), false)
    }

    /// Builds the lists of `n` vertices from packed arcs `u << 32 | v` (see [`pack`]):
    /// the lists of successors, or with `reverse` of predecessors. Each list keeps the
    /// order of the arcs. `scratch` is working space (reused between calls). All
    /// vertices must be below `n`.
    ///
    /// A two-level counting sort: one pass spreads the arcs into at most 256 buckets of
    /// consecutive vertices, then each bucket, small enough for the cache, is spread
    /// into its lists.
    pub fn from_packed(n: u32, arcs: &[u64], scratch: &mut Vec<u64>, reverse: bool) -> Csr {
        match Csr::try_from_packed(n, arcs, scratch, reverse) {
            Ok(g) => g,
            // As `vec!` does when memory runs out.
            Err(_) => std::alloc::handle_alloc_error(std::alloc::Layout::new::<u64>()),
        }
    }

    /// Like [`Csr::from_packed`], with an error instead of an abort when memory cannot
    /// be allocated.
    pub fn try_from_packed(
        n: u32,
        arcs: &[u64],
        scratch: &mut Vec<u64>,
        reverse: bool,
    ) -> Result<Csr, TryReserveError> {
        let key = |a: u64| if reverse { a as u32 } else { (a >> 32) as u32 };
        let value = |a: u64| if reverse { (a >> 32) as u32 } else { a as u32 };
        let bits = 32 - n.saturating_sub(1).leading_zeros();
        let shift = bits.saturating_sub(8);
        let width = 1usize << shift;
        let buckets = (n as usize).div_ceil(width);
        let mut start = filled(buckets + 1, 0usize)?;
        for &a in arcs {
            start[(key(a) >> shift) as usize + 1] += 1;
        }
        for b in 0..buckets {
            start[b + 1] += start[b];
        }
        if scratch.len() != arcs.len() {
            scratch.clear();
            scratch.try_reserve_exact(arcs.len())?;
            scratch.resize(arcs.len(), 0);
        }
        let mut next = start.clone();
        for &a in arcs {
            let slot = &mut next[(key(a) >> shift) as usize];
            scratch[*slot] = a;
            *slot += 1;
        }
        let mut offsets = filled(n as usize + 1, 0u32)?;
        let mut targets = filled(arcs.len(), 0u32)?;
        let mut local = filled(width + 1, 0u32)?;
        for b in 0..buckets {
            let slice = &scratch[start[b]..start[b + 1]];
            let lo = b * width;
            let hi = (lo + width).min(n as usize);
            local.fill(0);
            for &a in slice {
                local[key(a) as usize - lo + 1] += 1;
            }
            for k in 0..hi - lo {
                local[k + 1] += local[k];
            }
            for (k, o) in offsets[lo..hi].iter_mut().enumerate() {
                *o = (start[b] + local[k] as usize) as u32;
            }
            for &a in slice {
                let k = &mut local[key(a) as usize - lo];
                targets[start[b] + *k as usize] = value(a);
                *k += 1;
            }
        }
        offsets[n as usize] = arcs.len() as u32;
        Ok(Csr { offsets, targets })
    }

    /// Builds undirected lists (each edge in both directions), sorted and without
    /// repeated neighbours.
    pub fn undirected(n: u32, a: &[u32], b: &[u32]) -> Csr {
        let mut arcs: Vec<u64> = a.iter().zip(b).map(|(&u, &v)| pack(u, v)).collect();
        Csr::undirected_packed(n, &mut arcs)
    }

    /// Like [`Csr::undirected`], from packed edges (which it consumes).
    pub fn undirected_packed(n: u32, edges: &mut Vec<u64>) -> Csr {
        match Csr::try_undirected_packed(n, edges) {
            Ok(g) => g,
            Err(_) => std::alloc::handle_alloc_error(std::alloc::Layout::new::<u64>()),
        }
    }

    /// Like [`Csr::undirected_packed`], with an error instead of an abort when memory
    /// cannot be allocated.
    pub fn try_undirected_packed(n: u32, edges: &mut Vec<u64>) -> Result<Csr, TryReserveError> {
        let m = edges.len();
        edges.try_reserve_exact(m)?;
        for i in 0..m {
            let e = edges[i];
            edges.push(e.rotate_left(32));
        }
        let mut g = Csr::try_from_packed(n, edges, &mut Vec::new(), false)?;
        g.sort_dedup();
        Ok(g)
    }

    /// Sorts every list and removes repeated neighbours.
    pub fn sort_dedup(&mut self) {
        let n = self.len();
        let mut write = 0usize;
        let mut start = 0usize;
        for v in 0..n {
            let end = self.offsets[v + 1] as usize;
            let list = &mut self.targets[start..end];
            list.sort_unstable();
            let begin = write;
            let mut last = None;
            for i in start..end {
                let t = self.targets[i];
                if last != Some(t) {
                    self.targets[write] = t;
                    write += 1;
                    last = Some(t);
                }
            }
            self.offsets[v] = begin as u32;
            start = end;
        }
        self.offsets[n] = write as u32;
        self.targets.truncate(write);
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Whether there are no vertices.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The neighbours of `v`.
    pub fn neighbours(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }
}

/// An arc u → v packed in one word: `u << 32 | v`.
pub fn pack(u: u32, v: u32) -> u64 {
    (u64::from(u) << 32) | u64::from(v)
}

/// The vertices of a graph as stored: the vertices its arcs use, numbered compactly.
///
/// A graph declared with many more vertices than its arcs use (more than twice the arcs
/// plus [`DENSE_SLACK`]) is stored *sparse*: compact vertex `x` is the `x`-th smallest
/// vertex with an arc, and one more compact vertex, without arcs, stands for every
/// vertex without arcs (they are all alike). Otherwise it is stored *dense*: every
/// vertex is its own compact vertex. Either way the storage is proportional to the
/// arcs, and compact numbers keep the order of the vertices.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Vertices {
    /// The vertex count of the file's header.
    pub declared: u32,
    /// Sparse form: the vertices with arcs, ascending. `None` in dense form.
    used: Option<Vec<u32>>,
}

/// A graph may be stored dense when its declared vertices are at most twice its arcs
/// plus this many.
pub const DENSE_SLACK: u32 = 1024;

impl Vertices {
    /// Every vertex of `n` its own compact vertex.
    pub fn dense(n: u32) -> Vertices {
        Vertices {
            declared: n,
            used: None,
        }
    }

    /// Number of compact vertices.
    pub fn len(&self) -> u32 {
        match &self.used {
            None => self.declared,
            Some(used) => used.len() as u32 + 1,
        }
    }

    /// Whether there are no compact vertices (a dense graph of no vertices).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The compact vertex of vertex `v < declared`.
    pub fn local(&self, v: u32) -> u32 {
        match &self.used {
            None => v,
            Some(used) => match used.binary_search(&v) {
                Ok(x) => x as u32,
                Err(_) => used.len() as u32,
            },
        }
    }

    /// The vertex of compact vertex `x`; `None` for the stand-in of the vertices
    /// without arcs.
    pub fn global(&self, x: u32) -> Option<u32> {
        match &self.used {
            None => Some(x),
            Some(used) => used.get(x as usize).copied(),
        }
    }

    /// `vertex {v} out of range (FILE has n vertices, numbered 0 to n−1)`, or
    /// `(FILE has no vertices)`.
    pub fn out_of_range(&self, v: &dyn std::fmt::Display, file: &str) -> String {
        match self.declared {
            0 => format!("vertex {v} out of range ({file} has no vertices)"),
            1 => format!("vertex {v} out of range ({file} has 1 vertex, numbered 0)"),
            n => format!(
                "vertex {v} out of range ({file} has {n} vertices, numbered 0 to {})",
                n - 1
            ),
        }
    }
}

/// A graph file as read: `n` vertices and the arcs (or edges), packed by [`pack`] in
/// the order of the file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GraphFile {
    /// Number of vertices.
    pub n: u32,
    /// The arcs u → v (edges u–v) as `u << 32 | v`.
    pub arcs: Vec<u64>,
}

impl GraphFile {
    /// The arcs as pairs (u, v), in file order.
    pub fn pairs(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.arcs.iter().map(|&a| ((a >> 32) as u32, a as u32))
    }

    /// The graph on compact vertices (see [`Vertices`]): the vertex map, and the
    /// graph with `n` the number of compact vertices and the arcs renumbered. Costs
    /// time proportional to the arcs (times their logarithm when sparse), never to
    /// the declared vertices.
    pub fn compact(self) -> Result<(Vertices, GraphFile), TryReserveError> {
        let m = self.arcs.len() as u64;
        if u64::from(self.n) <= 2 * m + u64::from(DENSE_SLACK) {
            return Ok((Vertices::dense(self.n), self));
        }
        let mut used: Vec<u32> = Vec::new();
        used.try_reserve_exact(2 * self.arcs.len())?;
        used.extend(self.pairs().flat_map(|(u, v)| [u, v]));
        used.sort_unstable();
        used.dedup();
        used.shrink_to_fit();
        let vertices = Vertices {
            declared: self.n,
            used: Some(used),
        };
        let mut arcs = self.arcs;
        for a in &mut arcs {
            let (u, v) = ((*a >> 32) as u32, *a as u32);
            *a = pack(vertices.local(u), vertices.local(v));
        }
        let n = vertices.len();
        Ok((vertices, GraphFile { n, arcs }))
    }
}

/// The limit error for a graph whose storage cannot be allocated.
pub fn no_memory(name: &str, edges: usize) -> SolveError {
    SolveError::Limit {
        what: format!(
            "the graph in {name} ({edges} edges) needs more memory than the system gives"
        ),
        bound: Bound::States,
    }
}

/// Most bytes a graph file may have per edge announced in its header.
pub const MAX_BYTES_PER_EDGE: u64 = 64;
/// An unexpected byte of a file as a message shows it: `'x'` when printable, else
/// `byte 0x07`.
pub fn shown_byte(c: u8) -> String {
    if c.is_ascii_graphic() {
        format!("'{}'", c as char)
    } else {
        format!("byte 0x{c:02x}")
    }
}

/// Bytes a graph file may have beyond [`MAX_BYTES_PER_EDGE`] per edge (1 MiB).
pub const SLACK_BYTES: u64 = 1 << 20;

/// Most vertices a graph may have (vertex numbers are stored in 32 bits).
pub const MAX_VERTICES: u64 = u32::MAX as u64 - 1;
/// Most edges a graph may have (each undirected edge is stored twice in 32-bit offsets).
pub const MAX_EDGES: u64 = (u32::MAX / 2) as u64;

/// Reads the graph file at `path`. `self_loops` says whether u→u lines are allowed.
pub fn read(path: &str, self_loops: bool, limits: &Limits) -> Result<GraphFile, SolveError> {
    let (file, _) = sprague_core::files::open_regular(std::path::Path::new(path))
        .map_err(|e| SolveError::Input(format!("cannot read graph file {path}: {e}")))?;
    parse(path, file, self_loops, limits)
}

/// Reads a graph in the file format from `input`; `name` is used in messages.
pub fn parse(
    name: &str,
    mut input: impl Read,
    self_loops: bool,
    limits: &Limits,
) -> Result<GraphFile, SolveError> {
    let mut p = Parser {
        name,
        self_loops,
        limits,
        line: 1,
        nums: [0; 2],
        count: 0,
        cur: None,
        comment: false,
        header: None,
        graph: GraphFile::default(),
    };
    let mut buf = vec![0u8; 1 << 16];
    let mut read = 0u64;
    loop {
        let m = p.header.map_or(0, |h| h.1);
        let most = SLACK_BYTES.saturating_add(m.saturating_mul(MAX_BYTES_PER_EDGE));
        if read > most {
            return Err(SolveError::Input(format!(
                "{name}: longer than {most} bytes, the most a graph file of {m} edges may have \
                 ({MAX_BYTES_PER_EDGE} bytes per edge and {SLACK_BYTES} more)"
            )));
        }
        let k = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(k) => k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                return Err(SolveError::Input(format!(
                    "cannot read graph file {name}: {e}"
                )));
            }
        };
        read += k as u64;
        p.feed(&buf[..k])?;
    }
    p.finish()
}

/// A plain edge line `u v` (spaces or tabs between, `\n` or `\r\n` at the end) at the
/// start of `b`: the two numbers and the bytes used. `None` for anything else (left to
/// the general parser, which also reports errors).
#[inline]
fn fast_line(b: &[u8]) -> Option<(u64, u64, usize)> {
    let mut i = 0;
    let u = fast_number(b, &mut i)?;
    let gap = i;
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    if i == gap {
        return None;
    }
    let v = fast_number(b, &mut i)?;
    if b.get(i) == Some(&b'\r') {
        i += 1;
    }
    (b.get(i) == Some(&b'\n')).then_some((u, v, i + 1))
}

/// A number of at most 19 digits (so it cannot overflow) at `b[*i..]`.
#[inline]
fn fast_number(b: &[u8], i: &mut usize) -> Option<u64> {
    let start = *i;
    let mut v = 0u64;
    while let Some(&c) = b.get(*i) {
        if !c.is_ascii_digit() || *i - start == 19 {
            break;
        }
        v = v * 10 + u64::from(c - b'0');
        *i += 1;
    }
    let more = b.get(*i).is_some_and(u8::is_ascii_digit);
    (*i > start && !more).then_some(v)
}

struct Parser<'a> {
    name: &'a str,
    self_loops: bool,
    limits: &'a Limits,
    /// The current line (1-based).
    line: u64,
    /// The numbers of the current line (the first two).
    nums: [u64; 2],
    /// How many numbers the current line has so far.
    count: usize,
    /// The number being read.
    cur: Option<u64>,
    /// Whether the rest of the line is a comment.
    comment: bool,
    /// `(n, m, line)` once the header is read.
    header: Option<(u64, u64, u64)>,
    graph: GraphFile,
}

impl Parser<'_> {
    fn error(&self, msg: &str) -> SolveError {
        SolveError::Input(format!("{} line {}: {msg}", self.name, self.line))
    }

    fn feed(&mut self, bytes: &[u8]) -> Result<(), SolveError> {
        let mut i = 0;
        while i < bytes.len() {
            if self.header.is_some() && self.count == 0 && self.cur.is_none() && !self.comment {
                // The common case, a whole line `u v`, without the byte-by-byte machine.
                if let Some((u, v, used)) = fast_line(&bytes[i..]) {
                    self.nums = [u, v];
                    self.data_line(2)?;
                    self.line += 1;
                    i += used;
                    continue;
                }
            }
            let c = bytes[i];
            if self.comment {
                match bytes[i..].iter().position(|&b| b == b'\n') {
                    Some(k) => {
                        i += k + 1;
                        self.end_line()?;
                    }
                    None => i = bytes.len(),
                }
                continue;
            }
            i += 1;
            match c {
                b'0'..=b'9' => {
                    // The digits of a number, in a tight loop.
                    let mut v = self.cur.unwrap_or(0);
                    let mut d = u64::from(c - b'0');
                    loop {
                        v = match v.checked_mul(10).and_then(|v| v.checked_add(d)) {
                            Some(v) => v,
                            None => return Err(self.error("number too large")),
                        };
                        match bytes.get(i) {
                            Some(&b) if b.is_ascii_digit() => {
                                d = u64::from(b - b'0');
                                i += 1;
                            }
                            _ => break,
                        }
                    }
                    self.cur = Some(v);
                }
                b' ' | b'\t' | b'\r' => self.end_number()?,
                b'\n' => self.end_line()?,
                b'#' => {
                    self.end_number()?;
                    self.comment = true;
                }
                c => {
                    let shown = shown_byte(c);
                    return Err(self.error(&format!(
                        "unexpected {shown} (expected numbers separated by spaces)"
                    )));
                }
            }
        }
        Ok(())
    }

    fn end_number(&mut self) -> Result<(), SolveError> {
        if let Some(v) = self.cur.take() {
            if self.count == 2 {
                return Err(self.error(if self.header.is_none() {
                    "the header has more than two numbers (expected 'n m')"
                } else {
                    "an edge line has more than two numbers (expected 'u v')"
                }));
            }
            self.nums[self.count] = v;
            self.count += 1;
        }
        Ok(())
    }

    fn end_line(&mut self) -> Result<(), SolveError> {
        self.end_number()?;
        self.comment = false;
        let count = std::mem::replace(&mut self.count, 0);
        if count > 0 {
            self.data_line(count)?;
        }
        self.line += 1;
        Ok(())
    }

    fn data_line(&mut self, count: usize) -> Result<(), SolveError> {
        let Some((n, m, hline)) = self.header else {
            if count != 2 {
                return Err(self.error(
                    "expected the header 'n m' (vertex count, edge count), found one number",
                ));
            }
            let (n, m) = (self.nums[0], self.nums[1]);
            if n > MAX_VERTICES || m > MAX_EDGES {
                return Err(self.error(&format!(
                    "a graph may have at most {MAX_VERTICES} vertices and {MAX_EDGES} edges"
                )));
            }
            // The vertices cost nothing by themselves (see `Vertices`): only the
            // arcs are bounded.
            if m > self.limits.max_states {
                return Err(self.limits.states_exceeded(&format!(
                    "the graph in {} ({n} vertices, {m} edges)",
                    self.name
                )));
            }
            self.header = Some((n, m, self.line));
            self.graph.n = n as u32;
            // Room for the announced arcs, up to a bound: a header may promise more
            // than the file holds (the vector grows if it really does).
            self.reserve(m.min(1 << 26) as usize)?;
            return Ok(());
        };
        if count != 2 {
            return Err(self.error("expected an edge 'u v', found one number"));
        }
        if self.graph.arcs.len() as u64 == m {
            return Err(self.error(&format!(
                "more edge lines than the {m} announced in the header (line {hline})"
            )));
        }
        let [u, v] = self.nums;
        for x in [u, v] {
            if x >= n {
                return Err(self.error(&format!(
                    "vertex {x} out of range (the graph has {n} vertices, numbered 0 to {})",
                    n.saturating_sub(1)
                )));
            }
        }
        if u == v && !self.self_loops {
            return Err(self.error(&format!(
                "self-loop {u}–{u} (geography needs a graph without loops)"
            )));
        }
        let arcs = self.graph.arcs.len();
        if arcs == self.graph.arcs.capacity() {
            // Double, up to the announced count (`arcs < m` here).
            self.reserve(arcs.max(1 << 10).min((m - arcs as u64) as usize))?;
        }
        self.graph.arcs.push(pack(u as u32, v as u32));
        Ok(())
    }

    /// Room for `more` arcs, or the limit error when memory cannot be allocated.
    fn reserve(&mut self, more: usize) -> Result<(), SolveError> {
        let arcs = &mut self.graph.arcs;
        arcs.try_reserve_exact(more)
            .map_err(|_| no_memory(self.name, arcs.len() + more))
    }

    fn finish(mut self) -> Result<GraphFile, SolveError> {
        // A last line without a newline.
        if self.cur.is_some() || self.count > 0 || self.comment {
            self.end_line()?;
        }
        let Some((_, m, hline)) = self.header else {
            return Err(SolveError::Input(format!(
                "{}: no header line 'n m' (vertex count, edge count)",
                self.name
            )));
        };
        let found = self.graph.arcs.len() as u64;
        if found < m {
            return Err(SolveError::Input(format!(
                "{} line {}: the file ends after {found} of the {m} edges announced in the header (line {hline})",
                self.name, self.line
            )));
        }
        Ok(self.graph)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(s: &str, loops: bool) -> Result<GraphFile, SolveError> {
        parse("g.txt", s.as_bytes(), loops, &Limits::default())
    }

    fn err(s: &str, loops: bool) -> String {
        match parse_str(s, loops) {
            Err(SolveError::Input(m)) => m,
            other => panic!("expected an input error, got {other:?}"),
        }
    }

    #[test]
    fn reads_comments_blank_lines_and_crlf() {
        let g = parse_str("# a triangle\n\n3 3 # header\r\n0 1\r\n1 2\n  2\t0", false).unwrap();
        assert_eq!(g.n, 3);
        assert_eq!(g.pairs().collect::<Vec<_>>(), vec![(0, 1), (1, 2), (2, 0)]);
    }

    #[test]
    fn errors_name_the_file_and_line() {
        assert_eq!(
            err("3 2\n0 1\n1 7\n", false),
            "g.txt line 3: vertex 7 out of range (the graph has 3 vertices, numbered 0 to 2)"
        );
        assert!(err("3 2\n0 1\n", false).starts_with(
            "g.txt line 3: the file ends after 1 of the 2 edges announced in the header (line 1)"
        ));
        assert!(err("3 1\n0 1\n1 2\n", false).starts_with("g.txt line 3: more edge lines"));
        assert!(err("3 1\n0 1 2\n", false).starts_with("g.txt line 2: an edge line has more"));
        assert!(err("3 1\n0 x\n", false).starts_with("g.txt line 2: unexpected 'x'"));
        assert!(err("3 1\n0\n", false).starts_with("g.txt line 2: expected an edge"));
        assert!(err("3\n", false).starts_with("g.txt line 1: expected the header"));
        assert!(err("# only a comment\n", false).starts_with("g.txt: no header"));
        assert!(
            err("3 1\n99999999999999999999 1\n", false)
                .starts_with("g.txt line 2: number too large")
        );
        assert!(err("3 1\n1 1\n", false).starts_with("g.txt line 2: self-loop 1–1"));
        assert!(parse_str("3 1\n1 1\n", true).is_ok());
        assert!(err("5000000000 0\n", false).starts_with("g.txt line 1: a graph may have at most"));
    }

    #[test]
    fn big_graphs_hit_the_state_limit() {
        let small = Limits {
            max_states: 10,
            ..Limits::default()
        };
        // Vertices cost nothing by themselves; edges count.
        assert!(parse("g.txt", "4000000000 0\n".as_bytes(), true, &small).is_ok());
        let e = parse("g.txt", "3 11\n".as_bytes(), true, &small).unwrap_err();
        assert!(matches!(
            e,
            SolveError::Limit {
                bound: Bound::States,
                ..
            }
        ));
    }

    #[test]
    fn lists_keep_the_arc_order_in_both_directions() {
        let mut x: u64 = 12345;
        for n in [1u32, 2, 3, 255, 257, 1000, 5000, 3_000_000] {
            let arcs: Vec<(u32, u32)> = (0..3000)
                .map(|_| {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let u = ((x >> 33) % u64::from(n)) as u32;
                    let v = ((x >> 7) % u64::from(n)) as u32;
                    (u, v)
                })
                .collect();
            let packed: Vec<u64> = arcs.iter().map(|&(u, v)| pack(u, v)).collect();
            let mut scratch = Vec::new();
            for reverse in [false, true] {
                let g = Csr::from_packed(n, &packed, &mut scratch, reverse);
                assert_eq!(g.len(), n as usize);
                for v in (0..n).step_by(1 + n as usize / 500) {
                    let want: Vec<u32> = arcs
                        .iter()
                        .filter(|a| if reverse { a.1 == v } else { a.0 == v })
                        .map(|a| if reverse { a.0 } else { a.1 })
                        .collect();
                    assert_eq!(g.neighbours(v), want.as_slice(), "n = {n}, v = {v}");
                }
            }
        }
    }

    #[test]
    fn missing_files_are_input_errors() {
        let e = read("/nonexistent/g.txt", true, &Limits::default()).unwrap_err();
        assert!(
            matches!(e, SolveError::Input(m) if m.starts_with("cannot read graph file /nonexistent/g.txt"))
        );
    }

    #[test]
    fn sparse_graphs_are_stored_on_the_vertices_with_arcs() {
        let g = parse_str("4000000000 3\n7 3999999999\n7 7\n12 7\n", true).unwrap();
        let (vs, c) = g.compact().unwrap();
        assert_eq!(vs.declared, 4_000_000_000);
        // 7, 12, 3999999999, and one stand-in for every vertex without arcs.
        assert_eq!((vs.len(), c.n), (4, 4));
        assert_eq!(c.pairs().collect::<Vec<_>>(), vec![(0, 2), (0, 0), (1, 0)]);
        assert_eq!((vs.local(12), vs.global(1)), (1, Some(12)));
        assert_eq!((vs.local(8), vs.local(0), vs.global(3)), (3, 3, None));
        // A graph with about as many arcs as vertices stays dense.
        let (vs, c) = parse_str("5 2\n0 4\n4 0\n", true)
            .unwrap()
            .compact()
            .unwrap();
        assert_eq!((vs.len(), vs.local(3), vs.global(3)), (5, 3, Some(3)));
        assert_eq!(c.pairs().collect::<Vec<_>>(), vec![(0, 4), (4, 0)]);
    }

    #[test]
    fn files_are_bounded_by_their_edge_count() {
        // A header of 1 edge allows 1 MiB + 64 bytes: a longer stream of comments ends
        // the read (the reader stops, so an endless stream ends too).
        let endless = std::io::repeat(b'#').take(u64::MAX);
        let e = parse(
            "g.txt",
            "2 1\n0 1\n".as_bytes().chain(endless),
            true,
            &Limits::default(),
        );
        assert!(
            matches!(&e, Err(SolveError::Input(m)) if m.starts_with("g.txt: longer than 1048640 bytes")),
            "{e:?}"
        );
        let mut ok = b"2 1\n0 1\n#".to_vec();
        ok.resize(1 << 20, b'#');
        assert!(parse("g.txt", ok.as_slice(), true, &Limits::default()).is_ok());
    }

    #[test]
    fn csr_keeps_arcs_and_undirected_dedups() {
        let g = Csr::from_arcs(3, &[2, 0, 2], &[1, 2, 0]);
        assert_eq!(g.offsets, vec![0, 1, 1, 3]);
        assert_eq!(g.neighbours(0), &[2]);
        assert_eq!(g.neighbours(1), &[] as &[u32]);
        assert_eq!(g.neighbours(2), &[1, 0]);
        let u = Csr::undirected(3, &[0, 1, 0], &[1, 0, 2]);
        assert_eq!(u.neighbours(0), &[1, 2]);
        assert_eq!(u.neighbours(1), &[0]);
        assert_eq!(u.neighbours(2), &[0]);
    }
}
