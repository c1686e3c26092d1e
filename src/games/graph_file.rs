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
//! memory beyond the arcs themselves; graphs with more vertices or arcs than
//! `--max-states` are refused with a limit error (exit 3).

use crate::impartial::family::{Limits, SolveError};
use std::io::Read;

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
    /// Builds the lists of `n` vertices from arcs `src[i] → dst[i]`, keeping the order
    /// of the arcs (a counting sort). All vertices must be below `n`.
    pub fn from_arcs(n: u32, src: &[u32], dst: &[u32]) -> Csr {
        let mut offsets = vec![0u32; n as usize + 1];
        for &s in src {
            offsets[s as usize + 1] += 1;
        }
        for i in 0..n as usize {
            offsets[i + 1] += offsets[i];
        }
        let mut next = offsets.clone();
        let mut targets = vec![0u32; dst.len()];
        for (&s, &d) in src.iter().zip(dst) {
            let slot = &mut next[s as usize];
            targets[*slot as usize] = d;
            *slot += 1;
        }
        Csr { offsets, targets }
    }

    /// Builds undirected lists (each edge in both directions), sorted and without
    /// repeated neighbours.
    pub fn undirected(n: u32, a: &[u32], b: &[u32]) -> Csr {
        let mut src = Vec::with_capacity(a.len() * 2);
        src.extend_from_slice(a);
        src.extend_from_slice(b);
        let mut dst = Vec::with_capacity(a.len() * 2);
        dst.extend_from_slice(b);
        dst.extend_from_slice(a);
        let mut g = Csr::from_arcs(n, &src, &dst);
        g.sort_dedup();
        g
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

/// A graph file as read: `n` vertices and the arcs (or edges) `src[i]`, `dst[i]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GraphFile {
    /// Number of vertices.
    pub n: u32,
    /// First endpoints.
    pub src: Vec<u32>,
    /// Second endpoints.
    pub dst: Vec<u32>,
}

/// Most vertices a graph may have (vertex numbers are stored in 32 bits).
pub const MAX_VERTICES: u64 = u32::MAX as u64 - 1;
/// Most edges a graph may have (each undirected edge is stored twice in 32-bit offsets).
pub const MAX_EDGES: u64 = (u32::MAX / 2) as u64;

/// Reads the graph file at `path`. `self_loops` says whether u→u lines are allowed.
pub fn read(path: &str, self_loops: bool, limits: &Limits) -> Result<GraphFile, SolveError> {
    let file = std::fs::File::open(path)
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
    loop {
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
        p.feed(&buf[..k])?;
    }
    p.finish()
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
        for &c in bytes {
            if self.comment {
                if c == b'\n' {
                    self.end_line()?;
                }
                continue;
            }
            match c {
                b'0'..=b'9' => {
                    let d = u64::from(c - b'0');
                    let v = self.cur.unwrap_or(0);
                    match v.checked_mul(10).and_then(|v| v.checked_add(d)) {
                        Some(v) => self.cur = Some(v),
                        None => return Err(self.error("number too large")),
                    }
                }
                b' ' | b'\t' | b'\r' => self.end_number()?,
                b'\n' => self.end_line()?,
                b'#' => {
                    self.end_number()?;
                    self.comment = true;
                }
                c => {
                    let shown = if c.is_ascii_graphic() {
                        format!("'{}'", c as char)
                    } else {
                        format!("byte 0x{c:02x}")
                    };
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
            if n > self.limits.max_states || m > self.limits.max_states {
                return Err(self.limits.states_exceeded(&format!(
                    "the graph in {} ({n} vertices, {m} edges)",
                    self.name
                )));
            }
            self.header = Some((n, m, self.line));
            self.graph.n = n as u32;
            let cap = m.min(1 << 24) as usize;
            self.graph.src.reserve_exact(cap);
            self.graph.dst.reserve_exact(cap);
            return Ok(());
        };
        if count != 2 {
            return Err(self.error("expected an edge 'u v', found one number"));
        }
        if self.graph.src.len() as u64 == m {
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
        self.graph.src.push(u as u32);
        self.graph.dst.push(v as u32);
        Ok(())
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
        let found = self.graph.src.len() as u64;
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
        assert_eq!(g.src, vec![0, 1, 2]);
        assert_eq!(g.dst, vec![1, 2, 0]);
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
        let small = Limits { max_states: 10 };
        let e = parse("g.txt", "11 0\n".as_bytes(), true, &small).unwrap_err();
        assert!(matches!(
            e,
            SolveError::Limit {
                flag: "--max-states",
                ..
            }
        ));
    }

    #[test]
    fn missing_files_are_input_errors() {
        let e = read("/nonexistent/g.txt", true, &Limits::default()).unwrap_err();
        assert!(
            matches!(e, SolveError::Input(m) if m.starts_with("cannot read graph file /nonexistent/g.txt"))
        );
    }

    #[test]
    fn csr_keeps_arcs_and_undirected_dedups() {
        let g = Csr::from_arcs(3, &[2, 0, 2], &[1, 2, 0]);
        assert_eq!(g.neighbours(0), &[2]);
        assert_eq!(g.neighbours(1), &[] as &[u32]);
        assert_eq!(g.neighbours(2), &[1, 0]);
        let u = Csr::undirected(3, &[0, 1, 0], &[1, 0, 2]);
        assert_eq!(u.neighbours(0), &[1, 2]);
        assert_eq!(u.neighbours(1), &[0]);
        assert_eq!(u.neighbours(2), &[0]);
    }
}
