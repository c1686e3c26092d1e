//! Nullify the Matrix (Codeforces 1451F, the study notes' example of "taking from
//! several heaps at once"): `nullify["ROWS"]` is an n×m matrix of natural numbers,
//! written inline with its rows separated by `/` and the numbers of a row by spaces
//! or commas (`nullify["1 2 3/4 5 6/7 8 9"]`), or read from a file (any other
//! string: one row per line, numbers separated by spaces, tabs or commas, `#` starts
//! a comment, blank lines skipped; at most `--max-states` cells). Rows and columns
//! are numbered from 0, row 0 at the top, as in `grid`.
//!
//! A move picks a start cell (r1,c1) with a positive value and lowers it by any
//! positive amount; then it picks an end cell (r2,c2) with r2 ≥ r1 and c2 ≥ c1 and a
//! shortest path from the start to the end (steps right and down), and sets every
//! cell of the path after the start to any natural number (larger, smaller or the
//! same). The end may be the start itself. The player who cannot move (every cell
//! 0) loses. The notation has no Left and Right; the matrix is the same for both.
//!
//! A position is the matrix with some cells changed: `nullify["ROWS"](r,c,v,…)` is
//! the matrix with cell (r,c) set to v, for each triple; positions after moves list
//! the cells that differ from the matrix written, in order (so a large matrix read
//! from a file is never written out).
//!
//! # Anti-diagonals
//!
//! Cell (r,c) lies on anti-diagonal d = r + c (0 ≤ d < L = n + m − 1); a shortest
//! path from the start goes through exactly one cell of each anti-diagonal from the
//! start's to the end's. Let D_d be the XOR of the values on anti-diagonal d. A move
//! changes anti-diagonal d(start) only at the start (it lowers it), changes at most
//! one cell of each later anti-diagonal, and no cell of an earlier one.
//!
//! # Termination
//!
//! Cells may grow, so the sum of the cells does not decrease; but list the cells by
//! anti-diagonal (then by row). A move lowers its start cell and changes only cells
//! on later anti-diagonals, which come after the start in that list: the list
//! decreases lexicographically. Lexicographic order on lists of a fixed length of
//! natural numbers is a well-order, so no play is infinite, and every position has a
//! value by well-founded induction (Sprague–Grundy theory for games with infinitely
//! many options: values are ordinals).
//!
//! # The value
//!
//! Theorem: the position is worth the ordinal ω^(L−1)·D_0 + ω^(L−2)·D_1 + … +
//! ω·D_(L−2) + D_(L−1) (the coefficients are the anti-diagonals' XORs, the first
//! anti-diagonal the highest power). In particular (Codeforces 1451F) the player to
//! move wins exactly when some anti-diagonal XORs to a non-zero value, and the value
//! is a natural number only when every anti-diagonal but the last (the bottom-right
//! cell alone) XORs to 0: it is then that cell. Otherwise the value is infinite (ω
//! for the 1×2 matrix `1 0`, whose options `0 x` are worth every x): such a position
//! has no nim-value, and in sums its value adds by the nim-sum of ordinals (the XOR
//! of the coefficients of each power of ω), which the engine does.
//!
//! Proof, by induction along the well-order above. Write α = (D_0, …, D_(L−1)) for
//! the ordinal, compared lexicographically. A move whose start is on anti-diagonal
//! d1 leaves D_d unchanged for d < d1 and changes D_d1 (one cell of it changes), so
//! by induction no option is worth α. Conversely let β = (B_0, …, B_(L−1)) < α, with
//! d1 the first anti-diagonal where they differ, B_d1 < D_d1, and E_d = D_d ⊕ B_d.
//! As in Nim, some cell of anti-diagonal d1 has the highest bit of E_d1 set (D_d1 has
//! it and B_d1 has not): lower that cell v to v ⊕ E_d1 < v. Take the path from there
//! to the bottom-right corner (every cell may reach it) that passes, on each later
//! anti-diagonal d, through any cell, and set that cell x to x ⊕ E_d. The option has
//! the coefficients B, and is worth β by induction. So the value is the least ordinal
//! not among the options' values: α.
//!
//! # Every winning move
//!
//! The same argument with β = 0 names every winning move (every move to a position
//! where all anti-diagonals XOR to 0), and no other: a move to such a position must
//! start on the first anti-diagonal d1 with D_d1 ≠ 0 (an earlier start would change
//! an anti-diagonal that XORs to 0; a later one would leave D_d1), at a cell v with
//! v ⊕ D_d1 < v — that is, a cell whose value has the highest bit of D_d1 set — and
//! take exactly v − (v ⊕ D_d1). Its path must then meet, on every later
//! anti-diagonal d with D_d ≠ 0, one cell, and change it from x to x ⊕ D_d; every
//! other cell it passes (on anti-diagonals with D_d = 0) must keep its value; so it
//! must reach at least the last anti-diagonal with D_d ≠ 0, and beyond it changes
//! nothing. Distinct winning moves (as positions left) are therefore the pairs of a
//! start cell of that kind and a chain of cells, one on each later anti-diagonal
//! with D_d ≠ 0, each weakly below and to the right of the one before — possibly a
//! great many: they are counted exactly (a sum of products along the anti-diagonals,
//! one pass over the cells) and listed up to `--max-moves`. Moves to any other value
//! β (for sums) are the same with E = D ⊕ B in place of D.
//!
//! # Misère play
//!
//! Theorem: in misère play (the player who cannot move wins) the outcome is the same
//! as in normal play, except when every cell but the bottom-right corner is 0: that
//! is a Nim heap of the corner's value, lost for the player to move exactly when it
//! holds 1. Proof by induction as above, for a position X with a non-zero cell off the
//! corner. If every anti-diagonal of X XORs to 0, the anti-diagonal of that cell has
//! another non-zero cell (one alone would not XOR to 0), and a move changes one cell
//! of it at most, so every option has a non-zero cell off the corner, and is a
//! normal-play win, hence (induction) a misère win: X is lost. Otherwise X has a
//! normal winning move; if it leaves a non-zero cell off the corner, it also wins in
//! misère play (induction). If it leaves the zero matrix, the same move with its path
//! extended to the corner (through cells that are 0) and the corner set to 1 leaves
//! the corner heap of 1, lost for the opponent. So the misère winning moves are the
//! normal ones but the move to the zero matrix, and the move to the corner heap of 1
//! when it is legal.
//!
//! # Checked
//!
//! The tests play the game itself on every matrix of at most 6 cells (1×1 to 1×4, 2×1
//! to 2×3, 3×1 and 3×2) with values at most 2, with the moves restricted to values at most 3 (so the
//! game tree is finite). The restriction keeps the outcomes and the winning moves:
//! the winning moves of the proofs set cells to x ⊕ D_d, which stays below 4, or to
//! the value 1. Against that game the tests check the outcome, the exact set of winning moves
//! in normal and misère play, their count, and that the ordinal value is never the
//! value of an option while every smaller ordinal with coefficients at most 3 is.

use crate::graph_file;
use num_bigint::BigUint;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};
use sprague_engine::impartial::sum::ordinal_text;
use sprague_engine::picture::Picture;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::Read;
use std::rc::Rc;

/// Largest matrix drawn as a picture (more cells are shown as text).
pub const DRAWN_CELLS: usize = 400;

/// Anti-diagonals, start cells and chains named in an explanation before the list
/// is cut short.
const SHOWN: usize = 12;

/// A matrix of natural numbers, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The values, row by row.
    pub cells: Vec<Nat>,
    /// The XOR of each anti-diagonal of the matrix as written.
    xors: Vec<Nat>,
}

impl Matrix {
    /// The matrix of `rows` rows of `cols` values each.
    pub fn new(rows: usize, cols: usize, cells: Vec<Nat>) -> Matrix {
        let mut xors = vec![Nat::ZERO; rows + cols - 1];
        for (i, v) in cells.iter().enumerate() {
            xors[i / cols + i % cols] ^= v;
        }
        Matrix {
            rows,
            cols,
            cells,
            xors,
        }
    }

    /// Number of anti-diagonals.
    fn diagonals(&self) -> usize {
        self.rows + self.cols - 1
    }

    /// The cells of anti-diagonal `d`, top row first.
    fn diagonal(&self, d: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let first = d.saturating_sub(self.cols - 1);
        let last = d.min(self.rows - 1);
        (first..=last).map(move |r| (r, d - r))
    }

    /// The rows of anti-diagonal `d` a chain from (r, c) (on an earlier
    /// anti-diagonal) may go through: the cells (r', d − r') with r' ≥ r and
    /// d − r' ≥ c.
    fn reachable(&self, d: usize, r: usize, c: usize) -> std::ops::Range<usize> {
        let low = r.max(d.saturating_sub(self.cols - 1));
        let high = if d < c {
            0
        } else {
            (d - c).min(self.rows - 1) + 1
        };
        low..high.max(low)
    }
}

/// Whether a matrix string is the matrix itself (digits, spaces, commas and `/`,
/// with a digit) rather than a file name.
pub(crate) fn is_inline(s: &str) -> bool {
    s.bytes().any(|b| b.is_ascii_digit())
        && s.bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b' ' | b',' | b'/'))
}

/// Reads an inline matrix: rows separated by `/`, numbers by spaces or commas. On
/// error, the character index and what is wrong.
pub(crate) fn parse_inline(s: &str) -> Result<Matrix, (usize, String)> {
    let mut cells = Vec::new();
    let mut rows = 0usize;
    let mut cols = None;
    let mut at = 0usize;
    for row in s.split('/') {
        let mut count = 0usize;
        let mut i = 0;
        let b = row.as_bytes();
        while i < b.len() {
            if matches!(b[i], b' ' | b',') {
                i += 1;
                continue;
            }
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let n = Nat::from_decimal_bytes(&b[start..i])
                .ok_or_else(|| (at + start, "expected a number".to_string()))?;
            cells.push(n);
            count += 1;
        }
        match cols {
            _ if count == 0 => {
                return Err((
                    at,
                    format!(
                        "row {} of the matrix is empty (write rows of numbers separated by '/')",
                        rows + 1
                    ),
                ));
            }
            None => cols = Some(count),
            Some(c) if c != count => {
                return Err((
                    at,
                    format!(
                        "row {} of the matrix has {count} numbers, row 1 has {c} (rows must be equally long)",
                        rows + 1
                    ),
                ));
            }
            Some(_) => {}
        }
        rows += 1;
        at += row.len() + 1;
    }
    Ok(Matrix::new(rows, cols.unwrap_or(0), cells))
}

/// Reads a matrix file (see the module documentation) from `input`; `name` is used
/// in messages. At most `limits.max_states` cells and `limits.max_memory` bytes.
pub(crate) fn parse_file(
    name: &str,
    mut input: impl Read,
    limits: &Limits,
) -> Result<Matrix, SolveError> {
    let at = |line: u64, msg: &str| SolveError::Input(format!("{name} line {line}: {msg}"));
    let mut text = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let k = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(k) => k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                return Err(SolveError::Input(format!(
                    "cannot read matrix file {name}: {e}"
                )));
            }
        };
        if (text.len() + k) as u64 > limits.max_memory {
            return Err(
                limits.memory_exceeded(&format!("the matrix file {name}"), (text.len() + k) as u64)
            );
        }
        text.extend_from_slice(&buf[..k]);
    }
    let mut cells = Vec::new();
    let mut rows = 0usize;
    let mut cols = 0usize;
    for (i, raw) in text.split(|&b| b == b'\n').enumerate() {
        let line = i as u64 + 1;
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let raw = match raw.iter().position(|&b| b == b'#') {
            Some(k) => &raw[..k],
            None => raw,
        };
        let mut count = 0usize;
        for word in raw
            .split(|&b| matches!(b, b' ' | b'\t' | b','))
            .filter(|w| !w.is_empty())
        {
            let n = Nat::from_decimal_bytes(word).ok_or_else(|| {
                let bad = word
                    .iter()
                    .find(|b| !b.is_ascii_digit())
                    .copied()
                    .unwrap_or(b'?');
                at(
                    line,
                    &format!(
                        "unexpected {} (a row holds natural numbers)",
                        graph_file::shown_byte(bad)
                    ),
                )
            })?;
            if cells.len() as u64 >= limits.max_states {
                return Err(limits.states_exceeded(&format!("the matrix in {name}")));
            }
            cells.push(n);
            count += 1;
        }
        if count == 0 {
            continue;
        }
        if rows == 0 {
            cols = count;
        } else if count != cols {
            return Err(at(
                line,
                &format!(
                    "a row of {count} numbers, the rows before have {cols} (rows must be equally long)"
                ),
            ));
        }
        rows += 1;
    }
    if rows == 0 {
        return Err(SolveError::Input(format!(
            "{name}: the matrix file has no rows"
        )));
    }
    Ok(Matrix::new(rows, cols, cells))
}

/// A position: the matrix written and the cells changed, with the anti-diagonals'
/// XORs.
struct View {
    base: Rc<Matrix>,
    /// The cells that differ from the matrix written, by (row, column).
    changed: BTreeMap<(usize, usize), Nat>,
    /// The XOR of each anti-diagonal.
    xors: Vec<Nat>,
}

impl View {
    fn get(&self, r: usize, c: usize) -> &Nat {
        self.changed
            .get(&(r, c))
            .unwrap_or(&self.base.cells[r * self.base.cols + c])
    }

    /// The value when it is a natural number: the last anti-diagonal's XOR (the
    /// corner) when every other anti-diagonal XORs to 0.
    fn finite_value(&self) -> Option<Nat> {
        let (last, rest) = self.xors.split_last()?;
        rest.iter().all(Nat::is_zero).then(|| last.clone())
    }

    /// Whether every cell but the bottom-right corner is 0.
    fn corner_only(&self) -> bool {
        let m = &self.base;
        (0..m.rows * m.cols - 1).all(|i| self.get(i / m.cols, i % m.cols).is_zero())
    }

    /// The position with the cells `set` (row, column, value) changed.
    fn after(&self, set: &[(usize, usize, Nat)]) -> Pos {
        let mut changed = self.changed.clone();
        for (r, c, v) in set {
            if *v == self.base.cells[r * self.base.cols + c] {
                changed.remove(&(*r, *c));
            } else {
                changed.insert((*r, *c), v.clone());
            }
        }
        let mut pos = Pos::with_capacity(3 * changed.len());
        for ((r, c), v) in changed {
            pos.push(Nat::from(r));
            pos.push(Nat::from(c));
            pos.push(v);
        }
        pos
    }
}

/// A move: the start, its new value, and the later cells changed (a chain, one
/// per anti-diagonal, each weakly below and right of the one before), with their new
/// values.
struct Change {
    start: (usize, usize),
    lowered: Nat,
    chain: Vec<(usize, usize, Nat)>,
}

impl Change {
    /// The position after the move.
    fn apply(&self, view: &View) -> Pos {
        let mut set = Vec::with_capacity(self.chain.len() + 1);
        set.push((self.start.0, self.start.1, self.lowered.clone()));
        set.extend(self.chain.iter().cloned());
        view.after(&set)
    }

    /// The move in the words a player types, then what it changes: `start 1 0 take 2
    /// path DR set 7 1 — (1,0) 5 → 3, (2,1) 8 → 1`. The path goes right first, then
    /// down, from each changed cell to the next, and ends at the last one.
    fn text(&self, view: &View) -> String {
        let (r0, c0) = self.start;
        let v0 = view.get(r0, c0);
        let take = v0.checked_sub(&self.lowered).unwrap_or_default();
        let mut words = format!("start {r0} {c0} take {take}");
        let mut what = format!("({r0},{c0}) {v0} → {}", self.lowered);
        if !self.chain.is_empty() {
            let mut path = String::new();
            let mut set = Vec::new();
            let (mut r, mut c) = (r0, c0);
            for (tr, tc, v) in &self.chain {
                while c < *tc {
                    c += 1;
                    path.push('R');
                    set.push(if (r, c) == (*tr, *tc) {
                        v.to_string()
                    } else {
                        view.get(r, c).to_string()
                    });
                }
                while r < *tr {
                    r += 1;
                    path.push('D');
                    set.push(if (r, c) == (*tr, *tc) {
                        v.to_string()
                    } else {
                        view.get(r, c).to_string()
                    });
                }
                what.push_str(&format!(", ({tr},{tc}) {} → {v}", view.get(*tr, *tc)));
            }
            words.push_str(&format!(" path {path} set {}", set.join(" ")));
        }
        format!("{words} — {what}")
    }
}

/// The `nullify["…"]` family: the matrix written (read when first needed).
pub struct Nullify {
    source: String,
    base: RefCell<Option<Rc<Matrix>>>,
}

impl Nullify {
    /// The family of an inline matrix or a matrix file (read when first needed).
    pub fn new(source: &str) -> Result<Self, (usize, String)> {
        let base = if is_inline(source) {
            Some(Rc::new(parse_inline(source)?))
        } else {
            None
        };
        Ok(Nullify {
            source: source.to_string(),
            base: RefCell::new(base),
        })
    }

    fn base(&self, limits: &Limits) -> Result<Rc<Matrix>, SolveError> {
        if let Some(m) = self.base.borrow().as_ref() {
            return Ok(m.clone());
        }
        let (file, _) = sprague_core::files::open_regular(std::path::Path::new(&self.source))
            .map_err(|e| {
                SolveError::Input(format!("cannot read matrix file {}: {e}", self.source))
            })?;
        let m = Rc::new(parse_file(&self.source, file, limits)?);
        *self.base.borrow_mut() = Some(m.clone());
        Ok(m)
    }

    fn arity(&self) -> SolveError {
        SolveError::Input(format!(
            "{}(r,c,v,…) takes triples: a row, a column (from 0) and the cell's new value",
            self.name()
        ))
    }

    /// The position of `pos`, checked against the matrix.
    fn view(&self, pos: &Pos, limits: &Limits) -> Result<View, SolveError> {
        if !pos.len().is_multiple_of(3) {
            return Err(self.arity());
        }
        let base = self.base(limits)?;
        if (base.rows as u64).saturating_mul(base.cols as u64) > limits.max_states {
            return Err(limits.states_exceeded(&format!(
                "the {}×{} matrix of {} (one position per cell)",
                base.rows,
                base.cols,
                self.name()
            )));
        }
        let mut changed = BTreeMap::new();
        let mut xors = base.xors.clone();
        for t in pos.chunks(3) {
            let (r, c) = match (t[0].to_usize(), t[1].to_usize()) {
                (Some(r), Some(c)) if r < base.rows && c < base.cols => (r, c),
                _ => {
                    return Err(SolveError::Input(format!(
                        "{}: there is no cell ({},{}) in the {}×{} matrix (rows and columns from 0)",
                        self.name(),
                        t[0],
                        t[1],
                        base.rows,
                        base.cols
                    )));
                }
            };
            let was = changed
                .get(&(r, c))
                .unwrap_or(&base.cells[r * base.cols + c])
                .clone();
            xors[r + c] ^= &was;
            xors[r + c] ^= &t[2];
            if t[2] == base.cells[r * base.cols + c] {
                changed.remove(&(r, c));
            } else {
                changed.insert((r, c), t[2].clone());
            }
        }
        Ok(View {
            base,
            changed,
            xors,
        })
    }

    /// Calls `f` with every move from `view` to a position worth the ordinal whose
    /// coefficients are `target` (one per anti-diagonal), in order of start (by row)
    /// then of the chain's cells (by row, anti-diagonal by anti-diagonal), until `f`
    /// returns false (see "Every winning move").
    fn moves_to(
        view: &View,
        target: &[Nat],
        limits: &Limits,
        mut f: impl FnMut(Change) -> bool,
    ) -> Result<(), SolveError> {
        let m = &view.base;
        let e: Vec<Nat> = view.xors.iter().zip(target).map(|(d, b)| d ^ b).collect();
        let Some(d1) = e.iter().position(|x| !x.is_zero()) else {
            return Ok(());
        };
        if target[d1] > view.xors[d1] {
            return Ok(());
        }
        let high = e[d1].bits() - 1;
        let required: Vec<usize> = (d1 + 1..e.len()).filter(|&d| !e[d].is_zero()).collect();
        let mut offered = 0u64;
        for (r0, c0) in m.diagonal(d1) {
            let v = view.get(r0, c0);
            if !v.bit(high) {
                continue;
            }
            let lowered = v ^ &e[d1];
            // Depth-first over the chains: for each level, the cell chosen and the
            // rows still to try on that anti-diagonal.
            let mut stack: Vec<(usize, std::ops::Range<usize>)> = Vec::new();
            let mut chain: Vec<(usize, usize)> = Vec::new();
            if let Some(&d) = required.first() {
                stack.push((0, m.reachable(d, r0, c0)));
            }
            let emit = |chain: &[(usize, usize)], f: &mut dyn FnMut(Change) -> bool| {
                let chain = chain
                    .iter()
                    .map(|&(r, c)| (r, c, view.get(r, c) ^ &e[r + c]))
                    .collect();
                f(Change {
                    start: (r0, c0),
                    lowered: lowered.clone(),
                    chain,
                })
            };
            if required.is_empty() {
                if !emit(&chain, &mut f) {
                    return Ok(());
                }
                continue;
            }
            while let Some((level, rows)) = stack.last_mut() {
                let level = *level;
                let Some(r) = rows.next() else {
                    stack.pop();
                    continue;
                };
                let d = required[level];
                chain.truncate(level);
                chain.push((r, d - r));
                if level + 1 == required.len() {
                    offered += 1;
                    if offered.is_multiple_of(1 << 12) {
                        limits.check_stop()?;
                    }
                    if !emit(&chain, &mut f) {
                        return Ok(());
                    }
                } else {
                    let next = required[level + 1];
                    stack.push((level + 1, m.reachable(next, r, d - r)));
                }
            }
        }
        Ok(())
    }

    /// The number of moves to a position worth `target` (as [`Nullify::moves_to`]
    /// lists them), by one pass over the anti-diagonals that must change: the chains
    /// from each cell, summed by prefix sums along the next anti-diagonal.
    fn count_to(view: &View, target: &[Nat], limits: &Limits) -> Result<BigUint, SolveError> {
        let m = &view.base;
        let e: Vec<Nat> = view.xors.iter().zip(target).map(|(d, b)| d ^ b).collect();
        let Some(d1) = e.iter().position(|x| !x.is_zero()) else {
            return Ok(BigUint::default());
        };
        if target[d1] > view.xors[d1] {
            return Ok(BigUint::default());
        }
        let high = e[d1].bits() - 1;
        let required: Vec<usize> = (d1 + 1..e.len()).filter(|&d| !e[d].is_zero()).collect();
        // ways[r] for the cells of the anti-diagonal after the current one, by row,
        // as prefix sums: below[r] = Σ ways[r'] for r' < r.
        let mut below: Option<(usize, Vec<BigUint>)> = None;
        for &d in required.iter().rev() {
            limits.check_stop()?;
            let rows: Vec<usize> = m.diagonal(d).map(|(r, _)| r).collect();
            let mut ways = Vec::with_capacity(rows.len());
            for &r in &rows {
                ways.push(match &below {
                    None => BigUint::from(1u8),
                    Some((next, sums)) => Self::span(m, *next, sums, r, d - r),
                });
            }
            let mut sums = Vec::with_capacity(ways.len() + 1);
            sums.push(BigUint::default());
            for w in ways {
                let last = sums.last().cloned().unwrap_or_default();
                sums.push(last + w);
            }
            below = Some((d, sums));
        }
        let mut total = BigUint::default();
        for (r, c) in m.diagonal(d1) {
            if !view.get(r, c).bit(high) {
                continue;
            }
            total += match &below {
                None => BigUint::from(1u8),
                Some((next, sums)) => Self::span(m, *next, sums, r, c),
            };
        }
        Ok(total)
    }

    /// The chains from (r, c) through anti-diagonal `d` onwards: the sum of the ways
    /// of the cells of `d` reachable from it, from the prefix sums `sums` (by row,
    /// from the first row of `d`).
    fn span(m: &Matrix, d: usize, sums: &[BigUint], r: usize, c: usize) -> BigUint {
        let first = d.saturating_sub(m.cols - 1);
        let rows = m.reachable(d, r, c);
        if rows.is_empty() {
            return BigUint::default();
        }
        let (a, b) = (rows.start - first, rows.end - first);
        &sums[b] - &sums[a]
    }

    /// The target coefficients of value `t`: 0 on every anti-diagonal but the last.
    fn finite(view: &View, t: &Nat) -> Vec<Nat> {
        let mut target = vec![Nat::ZERO; view.xors.len()];
        if let Some(last) = target.last_mut() {
            *last = t.clone();
        }
        target
    }

    /// The change that moves `view` to `to`, when it is one legal move: the changed
    /// cells, by anti-diagonal, form a chain whose first cell is lowered.
    fn change_to(view: &View, to: &View) -> Option<Change> {
        let mut cells: Vec<(usize, usize)> = view
            .changed
            .keys()
            .chain(to.changed.keys())
            .copied()
            .filter(|&(r, c)| view.get(r, c) != to.get(r, c))
            .collect();
        cells.sort_by_key(|&(r, c)| (r + c, r));
        cells.dedup();
        let (&(r0, c0), rest) = cells.split_first()?;
        if to.get(r0, c0) >= view.get(r0, c0) {
            return None;
        }
        let mut prev = (r0, c0);
        for &(r, c) in rest {
            if r < prev.0 || c < prev.1 || r + c == prev.0 + prev.1 {
                return None;
            }
            prev = (r, c);
        }
        Some(Change {
            start: (r0, c0),
            lowered: to.get(r0, c0).clone(),
            chain: rest
                .iter()
                .map(|&(r, c)| (r, c, to.get(r, c).clone()))
                .collect(),
        })
    }

    /// The position in which every cell is 0 but the corner, which holds `corner`.
    fn corner_heap(view: &View, corner: &Nat) -> Pos {
        let m = &view.base;
        let last = m.rows * m.cols - 1;
        let set: Vec<(usize, usize, Nat)> = (0..=last)
            .map(|i| {
                let v = if i == last { corner.clone() } else { Nat::ZERO };
                (i / m.cols, i % m.cols, v)
            })
            .collect();
        view.after(&set)
    }

    /// The anti-diagonals' XORs, for an explanation: `D0 = 1, D1 = 0, …`.
    fn xors_text(view: &View) -> String {
        let shown: Vec<String> = view
            .xors
            .iter()
            .enumerate()
            .take(SHOWN)
            .map(|(d, x)| format!("D{d} = {x}"))
            .collect();
        let more = if view.xors.len() > SHOWN {
            format!(", … ({} anti-diagonals)", view.xors.len())
        } else {
            String::new()
        };
        format!("{}{more}", shown.join(", "))
    }
}

impl Family for Nullify {
    fn name(&self) -> String {
        format!("nullify[\"{}\"]", self.source)
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        if pos.len().is_multiple_of(3) {
            Ok(())
        } else {
            Err(self.arity())
        }
    }

    /// The matrix alone (`nullify["…"]`), or with its changed cells.
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

    fn picture(&self, pos: &Pos) -> Picture {
        let shown = self.view(pos, &Limits::default()).ok().and_then(|v| {
            let m = &v.base;
            (m.rows * m.cols <= DRAWN_CELLS).then(|| Picture::Numbers {
                rows: (0..m.rows)
                    .map(|r| (0..m.cols).map(|c| v.get(r, c).clone()).collect())
                    .collect(),
            })
        });
        shown.unwrap_or_else(|| {
            let mut s = String::new();
            self.write_position(pos, &mut s);
            Picture::Text(s)
        })
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let v = self.view(pos, limits)?;
        Ok(v.finite_value())
    }

    fn ordinal(&self, pos: &Pos, limits: &Limits) -> Result<Option<Vec<Nat>>, SolveError> {
        let v = self.view(pos, limits)?;
        Ok(v.finite_value().is_none().then(|| v.xors.clone()))
    }

    fn is_p_position(&self, pos: &Pos, limits: &Limits) -> Result<bool, SolveError> {
        Ok(self.view(pos, limits)?.xors.iter().all(Nat::is_zero))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let v = self.view(pos, limits)?;
        let target = Self::finite(&v, target);
        Self::moves_to(&v, &target, limits, |m| {
            sink.offer_one(m.apply(&v), || m.text(&v))
        })
    }

    fn moves_to_ordinal(
        &self,
        pos: &Pos,
        target: &[Nat],
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let v = self.view(pos, limits)?;
        let l = v.xors.len();
        let (extra, own) = target.split_at(target.len().saturating_sub(l));
        if extra.iter().any(|x| !x.is_zero()) {
            return Ok(());
        }
        let mut aligned = vec![Nat::ZERO; l - own.len()];
        aligned.extend_from_slice(own);
        Self::moves_to(&v, &aligned, limits, |m| {
            sink.offer_one(m.apply(&v), || m.text(&v))
        })
    }

    /// A sample of the moves, for menus (the moves are infinitely many as soon as a
    /// cell other than the bottom-right corner is positive: a path may set its cells
    /// to any value): each positive cell lowered to each smaller value when it is at
    /// most 4, else by one and to 0, with no path; the sink is then marked as holding
    /// only part of them. With only the corner positive, its decreases are all the
    /// moves.
    fn moves(&self, pos: &Pos, limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let v = self.view(pos, limits)?;
        let m = v.base.clone();
        let corner = (m.rows - 1, m.cols - 1);
        let one = Nat::from(1u64);
        let mut infinite = false;
        for d in 0..m.diagonals() {
            limits.check_stop()?;
            for (r, c) in m.diagonal(d) {
                let x = v.get(r, c).clone();
                if x.is_zero() {
                    continue;
                }
                infinite |= (r, c) != corner;
                let all = (r, c) == corner || x <= Nat::from(4u64);
                let mut lowered = x.checked_sub(&one).unwrap_or_default();
                loop {
                    let change = Change {
                        start: (r, c),
                        lowered: lowered.clone(),
                        chain: Vec::new(),
                    };
                    if !sink.offer_one(change.apply(&v), || change.text(&v)) {
                        return Ok(());
                    }
                    if lowered.is_zero() {
                        break;
                    }
                    lowered = if all {
                        lowered.checked_sub(&one).unwrap_or_default()
                    } else {
                        Nat::ZERO
                    };
                }
            }
        }
        if infinite {
            sink.truncated = true;
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let v = self.view(pos, limits)?;
        Ok(v.corner_only().then(|| {
            let m = &v.base;
            v.get(m.rows - 1, m.cols - 1).clone()
        }))
    }

    fn move_to(&self, pos: &Pos, to: &Pos, limits: &Limits) -> Result<Option<Move>, SolveError> {
        let v = self.view(pos, limits)?;
        let Ok(w) = self.view(to, limits) else {
            return Ok(None);
        };
        Ok(Self::change_to(&v, &w).map(|m| Move::one(m.apply(&v), m.text(&v))))
    }

    /// `start R C take K`, then optionally `path P set V1 … Vk`: lower cell (R,C) by
    /// K, and along the path P (letters `r` right and `d` down) set each next cell to
    /// the next value.
    fn read_move(&self, pos: &Pos, words: &[&str]) -> Option<Result<Pos, String>> {
        let ["start", r, c, "take", k, rest @ ..] = words else {
            return None;
        };
        let (r, c) = (r.parse::<usize>().ok()?, c.parse::<usize>().ok()?);
        let k = k.parse::<Nat>().ok()?;
        let (path, values): (&str, &[&str]) = match rest {
            [] => ("", &[]),
            ["path", p, "set", vs @ ..] => (p, vs),
            ["path", p] => (p, &[]),
            _ => return None,
        };
        let v = match self.view(pos, &Limits::default()) {
            Ok(v) => v,
            Err(e) => return Some(Err(e.to_string())),
        };
        let m = &v.base;
        if r >= m.rows || c >= m.cols {
            return Some(Err(format!(
                "there is no cell ({r},{c}) in the {}×{} matrix (rows and columns from 0)",
                m.rows, m.cols
            )));
        }
        let x = v.get(r, c);
        let Some(lowered) = x.checked_sub(&k).filter(|_| !k.is_zero()) else {
            return Some(Err(format!("cell ({r},{c}) holds {x}: take from 1 to {x}")));
        };
        if path.chars().count() != values.len() {
            return Some(Err(format!(
                "the path {} has {} cells after the start: set one value for each (set V1 … V{})",
                path.to_uppercase(),
                path.chars().count(),
                path.chars().count()
            )));
        }
        let mut set = vec![(r, c, lowered)];
        let (mut pr, mut pc) = (r, c);
        for (step, value) in path.chars().zip(values) {
            match step {
                'r' => pc += 1,
                'd' => pr += 1,
                other => {
                    return Some(Err(format!(
                        "a path is letters R (right) and D (down), not '{other}'"
                    )));
                }
            }
            if pr >= m.rows || pc >= m.cols {
                return Some(Err(format!(
                    "the path leaves the {}×{} matrix at ({pr},{pc})",
                    m.rows, m.cols
                )));
            }
            let Ok(value) = value.parse::<Nat>() else {
                return Some(Err(format!("'{value}' is not a natural number")));
            };
            set.push((pr, pc, value));
        }
        Some(Ok(v.after(&set)))
    }

    fn move_words(&self) -> Option<&'static str> {
        Some(
            "start R C take K [path P set V1 … Vk]: lower cell (R,C) of a nullify matrix (from 0) by K, then along the path P (R right, D down) set each next cell to V1, …, Vk",
        )
    }

    fn misere_alone(
        &self,
        pos: &Pos,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<Option<bool>, SolveError> {
        let v = self.view(pos, limits)?;
        let m = v.base.clone();
        let one = Nat::from(1u64);
        if v.corner_only() {
            // A Nim heap: lost at 1; from 2 or more, leave 1.
            let corner = v.get(m.rows - 1, m.cols - 1).clone();
            if corner > one {
                let change = Change {
                    start: (m.rows - 1, m.cols - 1),
                    lowered: one.clone(),
                    chain: Vec::new(),
                };
                sink.offer_one(change.apply(&v), || change.text(&v));
            }
            return Ok(Some(corner == one));
        }
        if v.xors.iter().all(Nat::is_zero) {
            return Ok(Some(true));
        }
        let zero = Self::corner_heap(&v, &Nat::ZERO);
        let heap = Self::corner_heap(&v, &one);
        let target = Self::finite(&v, &Nat::ZERO);
        Self::moves_to(&v, &target, limits, |c| {
            let to = c.apply(&v);
            to == zero || sink.offer_one(to, || c.text(&v))
        })?;
        let to = self.view(&heap, limits)?;
        if let Some(c) = Self::change_to(&v, &to) {
            sink.offer_one(c.apply(&v), || c.text(&v));
        }
        Ok(Some(false))
    }

    fn explain_misere(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let v = self.view(pos, limits)?;
        Ok(vec![if v.corner_only() {
            "every cell but the bottom-right corner is 0: the corner is a Nim heap, and in misère play a heap of 1 is lost, any other heap but 0 is won by leaving 1".to_string()
        } else {
            format!(
                "a cell off the bottom-right corner is not 0, so misère play has the outcome of normal play (anti-diagonals {}): the winning moves are the normal ones but the one that leaves every cell 0, and the move that leaves only the corner at 1 when there is one",
                Self::xors_text(&v)
            )
        }])
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let v = self.view(pos, limits)?;
        let m = v.base.clone();
        let mut lines = vec![format!(
            "the {}×{} matrix: the anti-diagonals (cells with r + c = d) XOR to {}",
            m.rows,
            m.cols,
            Self::xors_text(&v)
        )];
        let value = if let Some(g) = v.finite_value() {
            format!("the nim-value {g}")
        } else {
            format!(
                "the infinite ordinal {}, above every nim-value (a move may set cells to any size)",
                ordinal_text(&v.xors)
            )
        };
        let Some(d1) = v.xors.iter().position(|x| !x.is_zero()) else {
            lines.push(format!(
                "every anti-diagonal XORs to 0, so the player to move loses (Codeforces 1451F): a move lowers its start cell and changes at most one cell of each later anti-diagonal, so the start's anti-diagonal no longer XORs to 0, and the opponent can make every anti-diagonal XOR to 0 again; the position is worth {value}"
            ));
            return Ok(lines);
        };
        let x = &v.xors[d1];
        let high = x.bits() - 1;
        let starts: Vec<String> = m
            .diagonal(d1)
            .filter(|&(r, c)| v.get(r, c).bit(high))
            .take(SHOWN)
            .map(|(r, c)| {
                let y = v.get(r, c);
                let take = y.checked_sub(&(y ^ x)).unwrap_or_default();
                format!("({r},{c}) taking {take}")
            })
            .collect();
        let required: Vec<String> = (d1 + 1..v.xors.len())
            .filter(|&d| !v.xors[d].is_zero())
            .take(SHOWN)
            .map(|d| format!("D{d} = {}", v.xors[d]))
            .collect();
        let count = Self::count_to(&v, &Self::finite(&v, &Nat::ZERO), limits)?;
        let path = if required.is_empty() {
            "it changes no other cell (its path may stop at the start)".to_string()
        } else {
            format!(
                "its path must pass one cell of each later anti-diagonal that does not XOR to 0 ({}) and change that cell x to x ⊕ D, keeping every other cell it passes",
                required.join(", ")
            )
        };
        lines.push(format!(
            "anti-diagonal {d1} is the first that does not XOR to 0 (D{d1} = {x}), so the player to move wins (Codeforces 1451F); the position is worth {value}"
        ));
        lines.push(format!(
            "every winning move starts on anti-diagonal {d1} at a cell with bit {high} set and lowers it to v ⊕ {x}: {}; {path}; {count} winning move{} in all",
            starts.join(", "),
            if count == BigUint::from(1u8) { "" } else { "s" }
        ));
        Ok(lines)
    }
}

/// `nullify["…"]` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["nullify"],
    usage: Some((
        "nullify[\"1 2/3 4\"](r,c,v,…)",
        "lower a cell, then set the cells of a path right/down from it (Codeforces 1451F)",
    )),
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "A matrix of numbers; a move lowers one cell, then sets the cells of a path right or down from it as it likes. Whoever cannot move loses.",
        example: Some("nullify[\"1 2/3 4\"](0,0,1)"),
    }),
    build: |reg, t| {
        use sprague_expr::Param;
        let usage = "nullify takes one parameter: the matrix in quotes, rows of numbers separated by '/', or a file name, e.g. nullify[\"1 2 3/4 5 6\"]";
        match t.params.as_deref() {
            Some([Param::Str(s, span)]) => {
                let f = Nullify::new(s).map_err(|(i, m)| {
                    reg.error(
                        crate::partizan::char_span(*span, s, i),
                        &format!("bad matrix: {m}"),
                    )
                })?;
                Ok((reg.shared(f), 0))
            }
            Some([p, ..]) => Err(reg.error(p.span(), usage)),
            _ => Err(reg.error(t.name_span, usage)),
        }
    },
    // Without arguments, the matrix as written.
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
    use std::collections::{BTreeSet, HashMap};

    /// The largest value a move of the test game may set a cell to: the game itself
    /// with the values kept below 4, so that its tree is finite (see "Checked").
    const CAP: u8 = 3;

    /// The game of the rules on a `rows`×`cols` matrix, values at most [`CAP`].
    struct Game {
        rows: usize,
        cols: usize,
        /// Every shortest path from each cell (the start first).
        paths: Vec<Vec<Vec<usize>>>,
        normal: HashMap<Vec<u8>, bool>,
        misere: HashMap<Vec<u8>, bool>,
    }

    impl Game {
        fn new(rows: usize, cols: usize) -> Game {
            let mut paths = Vec::new();
            for s in 0..rows * cols {
                let mut out = Vec::new();
                let mut stack = vec![vec![s]];
                while let Some(p) = stack.pop() {
                    let last = *p.last().unwrap();
                    let (r, c) = (last / cols, last % cols);
                    if c + 1 < cols {
                        let mut q = p.clone();
                        q.push(last + 1);
                        stack.push(q);
                    }
                    if r + 1 < rows {
                        let mut q = p.clone();
                        q.push(last + cols);
                        stack.push(q);
                    }
                    out.push(p);
                }
                paths.push(out);
            }
            Game {
                rows,
                cols,
                paths,
                normal: HashMap::new(),
                misere: HashMap::new(),
            }
        }

        /// Every position one move away, from the rules: lower a positive start,
        /// then set the cells of a shortest path from it to any value up to CAP.
        fn options(&self, x: &[u8]) -> BTreeSet<Vec<u8>> {
            let mut out = BTreeSet::new();
            for s in 0..x.len() {
                for lowered in 0..x[s] {
                    for p in &self.paths[s] {
                        let rest = &p[1..];
                        let mut values = vec![0u8; rest.len()];
                        loop {
                            let mut y = x.to_vec();
                            y[s] = lowered;
                            for (&cell, &v) in rest.iter().zip(&values) {
                                y[cell] = v;
                            }
                            out.insert(y);
                            // The next assignment of values, as a number in base CAP + 1.
                            let Some(k) = values.iter().position(|&v| v < CAP) else {
                                break;
                            };
                            values[k] += 1;
                            values[..k].fill(0);
                        }
                    }
                }
            }
            out
        }

        /// Whether the player to move wins (normal play when `misere` is false).
        fn wins(&mut self, x: &[u8], misere: bool) -> bool {
            let memo = if misere { &self.misere } else { &self.normal };
            if let Some(&w) = memo.get(x) {
                return w;
            }
            let opts = self.options(x);
            let w = if opts.is_empty() {
                misere
            } else {
                opts.iter().any(|y| !self.wins(y, misere))
            };
            let memo = if misere {
                &mut self.misere
            } else {
                &mut self.normal
            };
            memo.insert(x.to_vec(), w);
            w
        }

        /// The family over the zero matrix of this shape.
        fn family(&self) -> Nullify {
            let row = vec!["0"; self.cols].join(" ");
            Nullify::new(&vec![row; self.rows].join("/")).unwrap()
        }

        /// A matrix as a position of that family: its non-zero cells.
        fn pos(&self, x: &[u8]) -> Pos {
            let mut p = Pos::new();
            for (i, &v) in x.iter().enumerate() {
                if v != 0 {
                    p.extend([i / self.cols, i % self.cols, usize::from(v)].map(Nat::from));
                }
            }
            p
        }

        /// A position of the family as a matrix.
        fn matrix(&self, p: &Pos) -> Vec<u8> {
            let mut x = vec![0u8; self.rows * self.cols];
            for t in p.chunks(3) {
                let (r, c) = (t[0].to_usize().unwrap(), t[1].to_usize().unwrap());
                x[r * self.cols + c] = t[2].to_u64().unwrap() as u8;
            }
            x
        }

        /// The anti-diagonals' XORs, by the definition.
        fn xors(&self, x: &[u8]) -> Vec<u8> {
            let mut d = vec![0u8; self.rows + self.cols - 1];
            for (i, &v) in x.iter().enumerate() {
                d[i / self.cols + i % self.cols] ^= v;
            }
            d
        }
    }

    /// Every matrix of the shape with values at most `max`.
    fn matrices(cells: usize, max: u8) -> Vec<Vec<u8>> {
        let mut out = vec![Vec::new()];
        for _ in 0..cells {
            out = out
                .into_iter()
                .flat_map(|p: Vec<u8>| {
                    (0..=max).map(move |v| {
                        let mut q = p.clone();
                        q.push(v);
                        q
                    })
                })
                .collect();
        }
        out
    }

    const SHAPES: [(usize, usize); 9] = [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 1),
        (2, 2),
        (2, 3),
        (3, 1),
        (3, 2),
    ];

    #[test]
    fn outcomes_and_every_winning_move_match_the_game_on_small_matrices() {
        let limits = Limits::default();
        for (rows, cols) in SHAPES {
            let mut g = Game::new(rows, cols);
            let f = g.family();
            for x in matrices(rows * cols, 2) {
                let at = g.pos(&x);
                let what = format!("{rows}×{cols} {x:?}");
                // Normal play: the outcome, and the winning moves as positions.
                let wins = g.wins(&x, false);
                assert_eq!(!f.is_p_position(&at, &limits).unwrap(), wins, "{what}");
                assert_eq!(g.xors(&x).iter().any(|&d| d != 0), wins, "{what}: 1451F");
                let want: BTreeSet<Vec<u8>> = g
                    .options(&x)
                    .into_iter()
                    .filter(|y| !g.wins(y, false))
                    .collect();
                let mut sink = MoveSink::new(1 << 16);
                f.moves_to_value(&at, &Nat::ZERO, &limits, &mut sink)
                    .unwrap();
                let got: Vec<Vec<u8>> = sink.moves.iter().map(|m| g.matrix(&m.to[0])).collect();
                let set: BTreeSet<Vec<u8>> = got.iter().cloned().collect();
                assert_eq!(set.len(), got.len(), "{what}: a move listed twice");
                assert_eq!(set, want, "{what}");
                let v = f.view(&at, &limits).unwrap();
                let count =
                    Nullify::count_to(&v, &Nullify::finite(&v, &Nat::ZERO), &limits).unwrap();
                assert_eq!(count, BigUint::from(want.len()), "{what}: count");
                // Every listed move is recognised as a move.
                for m in &sink.moves {
                    let back = f.move_to(&at, &m.to[0], &limits).unwrap();
                    assert_eq!(back.map(|b| b.to), Some(m.to.clone()), "{what}");
                }
                // Misère play.
                let wins = g.wins(&x, true);
                let mut sink = MoveSink::new(1 << 16);
                let lost = f.misere_alone(&at, &limits, &mut sink).unwrap();
                assert_eq!(lost, Some(!wins), "{what}: misère");
                let want: BTreeSet<Vec<u8>> = g
                    .options(&x)
                    .into_iter()
                    .filter(|y| !g.wins(y, true))
                    .collect();
                let got: BTreeSet<Vec<u8>> =
                    sink.moves.iter().map(|m| g.matrix(&m.to[0])).collect();
                assert_eq!(got, want, "{what}: misère");
            }
        }
    }

    #[test]
    fn the_ordinal_value_is_the_mex_of_the_options_values() {
        // α(X) is never the value of an option, and every smaller ordinal with
        // coefficients at most CAP is (the options of the test game, whose values the
        // family gives as ordinals: all its coefficients, finite or not).
        let limits = Limits::default();
        for (rows, cols) in SHAPES {
            let g = Game::new(rows, cols);
            let f = g.family();
            let value = |x: &[u8]| -> Vec<u8> {
                let at = g.pos(x);
                let coefficients = match f.ordinal(&at, &limits).unwrap() {
                    Some(c) => c,
                    None => {
                        let mut c = vec![Nat::ZERO; rows + cols - 1];
                        *c.last_mut().unwrap() = f.grundy(&at, &limits).unwrap().unwrap();
                        c
                    }
                };
                coefficients
                    .iter()
                    .map(|c| c.to_u64().unwrap() as u8)
                    .collect()
            };
            let below = matrices(rows + cols - 1, CAP);
            for x in matrices(rows * cols, 2) {
                let alpha = value(&x);
                assert_eq!(alpha, g.xors(&x), "{x:?}");
                let reached: BTreeSet<Vec<u8>> = g.options(&x).iter().map(|y| value(y)).collect();
                assert!(!reached.contains(&alpha), "{rows}×{cols} {x:?}");
                for beta in below.iter().filter(|b| **b < alpha) {
                    assert!(reached.contains(beta), "{rows}×{cols} {x:?}: {beta:?}");
                }
            }
        }
    }

    #[test]
    fn sums_add_ordinals_by_the_nim_sum() {
        // Sums of a 1×2 matrix, a 2×1 matrix and a Nim heap, against the plain game
        // of the sum (the matrices' moves restricted to values at most CAP, which
        // keeps outcomes and winning moves as in "Checked": the winning moves of the
        // nim-sum set coefficients to α ⊕ X, below 4 here): the outcome and every
        // winning move.
        use sprague_core::{Outcome, Play};
        use sprague_engine::impartial::sum::analyse;
        let limits = Limits::default();
        let (a, b) = (Game::new(1, 2), Game::new(2, 1));
        type State = (Vec<u8>, Vec<u8>, u8);
        let options = |s: &State| -> Vec<State> {
            let mut out: Vec<State> = Vec::new();
            out.extend(a.options(&s.0).into_iter().map(|x| (x, s.1.clone(), s.2)));
            out.extend(b.options(&s.1).into_iter().map(|y| (s.0.clone(), y, s.2)));
            out.extend((0..s.2).map(|h| (s.0.clone(), s.1.clone(), h)));
            out
        };
        let mut memo: HashMap<State, bool> = HashMap::new();
        fn wins(
            s: &State,
            options: &dyn Fn(&State) -> Vec<State>,
            memo: &mut HashMap<State, bool>,
        ) -> bool {
            if let Some(&w) = memo.get(s) {
                return w;
            }
            let w = options(s).iter().any(|o| !wins(o, options, memo));
            memo.insert(s.clone(), w);
            w
        }
        let text = |m: &[u8], rows: usize| -> String {
            let cells: Vec<String> = m.iter().map(u8::to_string).collect();
            if rows == 1 {
                cells.join(" ")
            } else {
                cells.join("/")
            }
        };
        for x in matrices(2, 2) {
            for y in matrices(2, 2) {
                for h in 0..=2u8 {
                    let state: State = (x.clone(), y.clone(), h);
                    let e = format!(
                        "nullify[\"{}\"] + nullify[\"{}\"] + nim({h})",
                        text(&x, 1),
                        text(&y, 2)
                    );
                    let c = crate::components(&e).unwrap();
                    let an = analyse(c.as_slice(), Play::Normal, &limits, 1000).unwrap();
                    let w = wins(&state, &options, &mut memo);
                    assert_eq!(an.outcome == Outcome::N, w, "{e}");
                    let want: BTreeSet<State> = options(&state)
                        .into_iter()
                        .filter(|o| !wins(o, &options, &mut memo))
                        .collect();
                    let got: BTreeSet<State> = an
                        .winning
                        .iter()
                        .map(|m| {
                            let to = &m.mv.to[0];
                            let mut s = state.clone();
                            match m.component {
                                0 => s.0 = apply(&x, to, 2),
                                1 => s.1 = apply(&y, to, 1),
                                _ => s.2 = to[0].to_u64().unwrap() as u8,
                            }
                            s
                        })
                        .collect();
                    assert_eq!(got, want, "{e}");
                    assert!(!an.truncated, "{e}");
                }
            }
        }

        /// A matrix written with its changed cells (r, c, v) applied.
        fn apply(m: &[u8], changes: &Pos, cols: usize) -> Vec<u8> {
            let mut out = m.to_vec();
            for t in changes.chunks(3) {
                let (r, c) = (t[0].to_usize().unwrap(), t[1].to_usize().unwrap());
                out[r * cols + c] = t[2].to_u64().unwrap() as u8;
            }
            out
        }
    }

    #[test]
    fn moves_are_recognised_exactly() {
        // Every pair of 2×2 and 1×3 matrices with values at most 3: one move apart
        // exactly when the rules say so.
        let limits = Limits::default();
        for (rows, cols) in [(2, 2), (1, 3)] {
            let g = Game::new(rows, cols);
            let f = g.family();
            let all = matrices(rows * cols, CAP);
            for x in &all {
                let opts = g.options(x);
                for y in &all {
                    let m = f.move_to(&g.pos(x), &g.pos(y), &limits).unwrap();
                    assert_eq!(m.is_some(), opts.contains(y), "{x:?} → {y:?}");
                }
            }
        }
    }

    #[test]
    fn contest_samples_and_typed_moves() {
        // Codeforces 1451F, the four samples: Jeel (second), Ashish, Jeel, Ashish.
        let limits = Limits::default();
        for (m, first_wins) in [
            ("0", false),
            ("0 0 5", true),
            ("0 1/1 0", false),
            ("1 2 3/4 5 6/7 8 9", true),
        ] {
            let f = Nullify::new(m).unwrap();
            assert_eq!(
                !f.is_p_position(&Pos::new(), &limits).unwrap(),
                first_wins,
                "{m}"
            );
        }
        let f = Nullify::new("1 2 3/4 5 6/7 8 9").unwrap();
        let start = Pos::new();
        let read = |w: &str| {
            let words: Vec<&str> = w.split(' ').collect();
            f.read_move(&start, &words)
        };
        let p = |v: &[u64]| -> Pos { v.iter().map(|&x| Nat::from(x)).collect() };
        assert_eq!(read("start 1 1 take 5"), Some(Ok(p(&[1, 1, 0]))));
        assert_eq!(
            read("start 0 0 take 1 path rrd set 2 7 6"),
            Some(Ok(p(&[0, 0, 0, 0, 2, 7])))
        );
        for bad in [
            "start 0 0 take 2",
            "start 3 0 take 1",
            "start 0 0 take 1 path rr set 1",
            "start 0 0 take 1 path rrr set 1 1 1",
            "start 0 0 take 1 path rx set 1 1",
            "start 0 0 take 0",
        ] {
            assert!(matches!(read(bad), Some(Err(_))), "{bad}");
        }
        assert_eq!(read("take 1 from 2"), None);
        // The 3×3 sample: six winning moves, one per path from the corner (0,0).
        let v = f.view(&start, &limits).unwrap();
        let count = Nullify::count_to(&v, &Nullify::finite(&v, &Nat::ZERO), &limits).unwrap();
        assert_eq!(count, BigUint::from(6u8));
    }

    #[test]
    fn big_matrices_are_exact() {
        // A 40×40 matrix of 2^100 + i: many anti-diagonals; the winning moves are
        // counted exactly (far beyond 2^64) and listed up to the cap.
        let big = BigUint::from(1u8) << 100;
        let rows: Vec<String> = (0..40u32)
            .map(|r| {
                (0..40)
                    .map(|c: u32| {
                        let x: BigUint = &big + BigUint::from(40 * r + c + 1);
                        x.to_string()
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let f = Nullify::new(&rows.join("/")).unwrap();
        let limits = Limits::default();
        let start = Pos::new();
        assert!(!f.is_p_position(&start, &limits).unwrap());
        assert_eq!(f.grundy(&start, &limits).unwrap(), None);
        let alpha = f.ordinal(&start, &limits).unwrap().unwrap();
        assert_eq!(alpha.len(), 79);
        // Anti-diagonal 0 is the one cell 2^100 + 1.
        assert_eq!(alpha[0], Nat::from_big(&big + 1u8));
        let mut sink = MoveSink::new(5);
        f.moves_to_value(&start, &Nat::ZERO, &limits, &mut sink)
            .unwrap();
        assert_eq!(sink.moves.len(), 5);
        assert!(sink.truncated);
        let v = f.view(&start, &limits).unwrap();
        let count = Nullify::count_to(&v, &Nullify::finite(&v, &Nat::ZERO), &limits).unwrap();
        assert!(count.bits() > 64, "{count}");
        // Each listed move is legal and leaves every anti-diagonal XORing to 0.
        for m in &sink.moves {
            assert!(f.move_to(&start, &m.to[0], &limits).unwrap().is_some());
            assert!(f.is_p_position(&m.to[0], &limits).unwrap());
        }
    }

    #[test]
    fn files_and_inline_matrices_agree_and_errors_name_the_place() {
        let limits = Limits::default();
        let f = parse_file(
            "m.txt",
            "# a matrix\n1 2 3\r\n\n4,5\t6\n".as_bytes(),
            &limits,
        )
        .unwrap();
        assert_eq!(f, parse_inline("1 2 3/4 5 6").unwrap());
        let err = |s: &str| match parse_file("m.txt", s.as_bytes(), &limits) {
            Err(SolveError::Input(m)) => m,
            other => panic!("{other:?}"),
        };
        assert!(err("1 2\n3\n").starts_with("m.txt line 2: a row of 1 numbers"));
        assert!(err("1 x\n").starts_with("m.txt line 1: unexpected 'x'"));
        assert!(err("# nothing\n").starts_with("m.txt: the matrix file has no rows"));
        let small = Limits {
            max_states: 3,
            ..Limits::default()
        };
        assert!(matches!(
            parse_file("m.txt", "1 2/3 4".replace('/', "\n").as_bytes(), &small),
            Err(SolveError::Limit { .. })
        ));
        assert_eq!(parse_inline("1 2/3").map_err(|e| e.0), Err(4));
        assert_eq!(parse_inline("1 2//3").map_err(|e| e.0), Err(4));
        assert!(is_inline("1 2/3 4") && !is_inline("m.txt") && !is_inline("/"));
    }
}
