//! A token on a grid with blocked cells: `grid["ROWS"](r,c)` is a token on the free
//! cell in row r, column c (both from 0, row 0 at the top, column 0 at the left). A move
//! steps the token one cell right (c + 1), down (r + 1) or diagonally down-right
//! (r + 1, c + 1), onto a free cell inside the grid; the player who cannot move loses.
//! Several tokens, `grid["ROWS"](r1,c1,r2,c2,…)`, are a sum: one component per token
//! (tokens do not block each other).
//!
//! The grid is written inline, rows separated by `/`, `.` a free cell and `#` a blocked
//! one: `grid["..#/.#./..."]` has three rows of three cells. A string with any other
//! character names a file (`grid["maze.txt"]`) holding the rows one per line, all of the
//! same length, with the same two characters (no comments: `#` is a blocked cell);
//! blank lines are skipped, `\r\n` line ends accepted. The file is read in chunks,
//! bounded by `--max-states` cells; errors name the file and the line (exit 2).
//!
//! Values: no closed form with obstacles; one pass over the grid from the bottom-right
//! corner computes every cell's value, mex of at most three (so 0 to 3), in
//! O(rows × columns), bounded by `--max-states`. Without obstacles it is the
//! [`king`](super::king) game at distances (rows − 1 − r, columns − 1 − c), which the
//! tests use as a check.

use crate::graph_file;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::family::{Family, MoveSink, Pos};
use std::cell::RefCell;
use std::io::Read;
use std::rc::Rc;

/// A grid of free and blocked cells, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cells {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Whether each cell is blocked, row by row.
    pub blocked: Vec<bool>,
}

impl Cells {
    /// Whether (r, c) is inside the grid and free.
    pub fn free(&self, r: usize, c: usize) -> bool {
        r < self.rows && c < self.cols && !self.blocked[r * self.cols + c]
    }

    /// The cells a token on (r, c) can step to: right, down, diagonally.
    pub fn steps(
        &self,
        r: usize,
        c: usize,
    ) -> impl Iterator<Item = (usize, usize, &'static str)> + '_ {
        [
            (r, c + 1, "right"),
            (r + 1, c, "down"),
            (r + 1, c + 1, "diagonally"),
        ]
        .into_iter()
        .filter(|&(r, c, _)| self.free(r, c))
    }

    /// The value of every cell (blocked cells 0), by one pass from the bottom-right.
    pub fn values(&self) -> Vec<u8> {
        let mut g = vec![0u8; self.rows * self.cols];
        for r in (0..self.rows).rev() {
            for c in (0..self.cols).rev() {
                if !self.free(r, c) {
                    continue;
                }
                let mut seen = 0u8;
                for (r2, c2, _) in self.steps(r, c) {
                    seen |= 1 << g[r2 * self.cols + c2];
                }
                g[r * self.cols + c] = seen.trailing_ones() as u8;
            }
        }
        g
    }
}

/// Whether a grid string is the grid itself (only `.`, `#` and `/`) rather than a path.
pub(crate) fn is_inline(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| matches!(b, b'.' | b'#' | b'/'))
}

/// Reads an inline grid (rows separated by `/`); the error says what is wrong.
pub(crate) fn parse_inline(s: &str) -> Result<Cells, String> {
    let mut rows = Vec::new();
    for row in s.split('/') {
        rows.push(row);
    }
    let cols = rows[0].len();
    if cols == 0 {
        return Err("a grid row is empty (write rows of '.' and '#' separated by '/')".into());
    }
    let mut blocked = Vec::with_capacity(s.len());
    for (i, row) in rows.iter().enumerate() {
        if row.len() != cols {
            return Err(format!(
                "row {} of the grid has {} cells, row 1 has {cols} (rows must be equally long)",
                i + 1,
                row.len()
            ));
        }
        blocked.extend(row.bytes().map(|b| b == b'#'));
    }
    Ok(Cells {
        rows: rows.len(),
        cols,
        blocked,
    })
}

/// Reads a grid file (see the module documentation) from `input`; `name` is used in
/// messages. At most `limits.max_states` cells.
pub(crate) fn parse_file(
    name: &str,
    mut input: impl Read,
    limits: &Limits,
) -> Result<Cells, SolveError> {
    let mut cells = Cells {
        rows: 0,
        cols: 0,
        blocked: Vec::new(),
    };
    let mut line = 1u64;
    let mut row_len = 0usize;
    let mut after_cr = false;
    let mut buf = vec![0u8; 1 << 16];
    // A grid of at most `--max-states` cells needs at most two bytes a cell (a
    // one-column grid) and room for blank lines: nothing longer is read.
    let most = graph_file::SLACK_BYTES.saturating_add(limits.max_states.saturating_mul(2));
    let mut total = 0u64;
    let at = |line: u64, msg: &str| SolveError::Input(format!("{name} line {line}: {msg}"));
    let end_row = |cells: &mut Cells, row_len: &mut usize, line: u64| -> Result<(), SolveError> {
        if *row_len > 0 {
            if cells.rows == 0 {
                cells.cols = *row_len;
            } else if *row_len != cells.cols {
                return Err(at(
                    line,
                    &format!(
                        "a row of {} cells, the rows before have {} (rows must be equally long)",
                        row_len, cells.cols
                    ),
                ));
            }
            cells.rows += 1;
        }
        *row_len = 0;
        Ok(())
    };
    loop {
        let k = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(k) => k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                return Err(SolveError::Input(format!(
                    "cannot read grid file {name}: {e}"
                )));
            }
        };
        total = total.saturating_add(k as u64);
        if total > most {
            return Err(limits.states_exceeded(&format!(
                "grid file {name}: more than {most} bytes; a grid of that size"
            )));
        }
        for &b in &buf[..k] {
            if after_cr && b != b'\n' {
                return Err(at(line, "a carriage return inside a line"));
            }
            after_cr = false;
            match b {
                b'.' | b'#' => {
                    if cells.blocked.len() as u64 >= limits.max_states {
                        return Err(limits.states_exceeded(&format!("the grid in {name}")));
                    }
                    cells.blocked.push(b == b'#');
                    row_len += 1;
                }
                b'\r' => after_cr = true,
                b'\n' => {
                    end_row(&mut cells, &mut row_len, line)?;
                    line += 1;
                }
                c => {
                    let shown = graph_file::shown_byte(c);
                    return Err(at(
                        line,
                        &format!("unexpected {shown} (a grid has '.' free and '#' blocked cells)"),
                    ));
                }
            }
        }
    }
    end_row(&mut cells, &mut row_len, line)?;
    if cells.rows == 0 {
        return Err(SolveError::Input(format!(
            "{name}: the grid file has no rows"
        )));
    }
    Ok(cells)
}

/// The `grid["…"]` family: the grid and, once computed, every cell's value.
pub(crate) struct Grid {
    source: String,
    cells: RefCell<Option<Rc<Cells>>>,
    values: RefCell<Option<Rc<Vec<u8>>>>,
}

impl Grid {
    /// The family of an inline grid or a grid file (read when first needed).
    pub fn new(source: &str) -> Result<Self, String> {
        let cells = if is_inline(source) {
            Some(Rc::new(parse_inline(source)?))
        } else {
            None
        };
        Ok(Grid {
            source: source.to_string(),
            cells: RefCell::new(cells),
            values: RefCell::new(None),
        })
    }

    fn cells(&self, limits: &Limits) -> Result<Rc<Cells>, SolveError> {
        if let Some(c) = self.cells.borrow().as_ref() {
            return Ok(c.clone());
        }
        let (file, _) = sprague_core::files::open_regular(std::path::Path::new(&self.source))
            .map_err(|e| {
                SolveError::Input(format!("cannot read grid file {}: {e}", self.source))
            })?;
        let c = Rc::new(parse_file(&self.source, file, limits)?);
        *self.cells.borrow_mut() = Some(c.clone());
        Ok(c)
    }

    fn values(&self, cells: &Cells, limits: &Limits) -> Result<Rc<Vec<u8>>, SolveError> {
        if let Some(v) = self.values.borrow().as_ref() {
            return Ok(v.clone());
        }
        if (cells.rows as u64).saturating_mul(cells.cols as u64) > limits.max_states {
            return Err(limits.states_exceeded(&format!(
                "the values of the {}×{} grid",
                cells.rows, cells.cols
            )));
        }
        let v = Rc::new(cells.values());
        *self.values.borrow_mut() = Some(v.clone());
        Ok(v)
    }

    /// The token's cell, checked against the grid.
    fn decode(&self, pos: &Pos, limits: &Limits) -> Result<(Rc<Cells>, usize, usize), SolveError> {
        let [r, c] = pos.as_slice() else {
            return Err(self.arity());
        };
        let cells = self.cells(limits)?;
        match (r.to_usize(), c.to_usize()) {
            (Some(r), Some(c)) if cells.free(r, c) => Ok((cells, r, c)),
            _ => Err(SolveError::Input(format!(
                "{}({r},{c}): the token must be on a free cell of the {}×{} grid (rows and \
                 columns from 0)",
                self.name(),
                cells.rows,
                cells.cols
            ))),
        }
    }

    fn arity(&self) -> SolveError {
        SolveError::Input(format!(
            "{}(r,c,…) takes a row and a column per token",
            self.name()
        ))
    }

    fn push(&self, to: (usize, usize, &str), sink: &mut MoveSink) -> bool {
        let pos = smallvec::smallvec![Nat::from(to.0), Nat::from(to.1)];
        sink.offer_one(pos, || {
            format!("step {} to row {}, column {}", to.2, to.0, to.1)
        })
    }
}

impl Family for Grid {
    fn name(&self) -> String {
        format!("grid[\"{}\"]", self.source)
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        if pos.len() != 2 {
            return Err(self.arity());
        }
        Ok(())
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let (cells, r, c) = self.decode(pos, limits)?;
        let v = self.values(&cells, limits)?;
        Ok(Some(Nat::from(u64::from(v[r * cells.cols + c]))))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let (cells, r, c) = self.decode(pos, limits)?;
        let v = self.values(&cells, limits)?;
        for step in cells.steps(r, c) {
            if Nat::from(u64::from(v[step.0 * cells.cols + step.1])) == *target
                && !self.push(step, sink)
            {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let (cells, r, c) = self.decode(pos, limits)?;
        for step in cells.steps(r, c) {
            if !self.push(step, sink) {
                break;
            }
        }
        Ok(())
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let (cells, r, c) = self.decode(pos, limits)?;
        let v = self.values(&cells, limits)?;
        let mut names = Vec::new();
        let mut vals = Vec::new();
        for (r2, c2, _) in cells.steps(r, c) {
            names.push(format!("sg({r2},{c2})"));
            vals.push(v[r2 * cells.cols + c2].to_string());
        }
        Ok(vec![format!(
            "sg({r},{c}) = mex{{{}}} = mex{{{}}} = {}: values by one pass over the grid from \
             its bottom-right corner (a cell's options are the free cells right, below and \
             diagonally below-right)",
            names.join(", "),
            vals.join(", "),
            v[r * cells.cols + c]
        )])
    }

    fn is_heap_family(&self) -> bool {
        true
    }
}

/// `grid["…"]` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["grid"],
    usage: Some((
        "grid[\"..#/...\"](r,c,…)",
        "tokens step right, down or diagonally on free cells",
    )),
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "Tokens on a board with blocked cells; a move steps a token right, down or diagonally onto a free cell. Whoever cannot move loses.",
        example: Some("grid[\"..#/...\"](0,0)"),
    }),
    build: |reg, t| {
        use sprague_expr::Param;
        let usage = "grid takes one parameter: the grid in quotes, rows of '.' (free) and \
                     '#' (blocked) separated by '/', or a file name, e.g. grid[\"..#/...\"](0,0)";
        match t.params.as_deref() {
            Some([Param::Str(s, span)]) => {
                let g = Grid::new(s).map_err(|m| reg.error(*span, &format!("bad grid: {m}")))?;
                Ok((reg.shared(g), 2))
            }
            Some([p, ..]) => Err(reg.error(p.span(), usage)),
            _ => Err(reg.error(t.name_span, usage)),
        }
    },
    read: None,
    table: None,
    names_file: |s| !is_inline(s),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::assert_matches_search;
    use sprague_core::Bound;
    use sprague_engine::impartial::exhaustive::{GameRules, GrundySearch};

    #[test]
    fn endless_grid_files_stop_at_the_bound() {
        let small = Limits {
            max_states: 100,
            ..Limits::default()
        };
        for endless in [b'\n', b'.'] {
            let e = parse_file("g.txt", std::io::repeat(endless), &small).unwrap_err();
            assert!(
                matches!(
                    e,
                    SolveError::Limit {
                        bound: Bound::States,
                        ..
                    }
                ),
                "{e}"
            );
        }
    }

    /// The rules from the module documentation, on a grid given as rows of text.
    struct GridRules(Vec<Vec<u8>>);

    impl GameRules for GridRules {
        type Position = (usize, usize);
        fn options(&self, &(r, c): &(usize, usize), out: &mut Vec<(usize, usize)>) {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1)] {
                let (r2, c2) = (r + dr, c + dc);
                if self.0.get(r2).and_then(|row| row.get(c2)) == Some(&b'.') {
                    out.push((r2, c2));
                }
            }
        }
    }

    #[test]
    fn values_and_moves_match_exhaustive_search_on_random_grids() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..300 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let rows = 1 + (x >> 60) as usize % 6;
            let cols = 1 + (x >> 56) as usize % 7;
            let text: Vec<Vec<u8>> = (0..rows)
                .map(|_| {
                    (0..cols)
                        .map(|_| {
                            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                            if (x >> 61) < 2 { b'#' } else { b'.' }
                        })
                        .collect()
                })
                .collect();
            let src: Vec<String> = text
                .iter()
                .map(|r| String::from_utf8(r.clone()).unwrap())
                .collect();
            let src = src.join("/");
            let fam = Grid::new(&src).unwrap();
            let mut s = GrundySearch::new(GridRules(text.clone()));
            for (r, row) in text.iter().enumerate() {
                for (c, &cell) in row.iter().enumerate() {
                    if cell != b'.' {
                        continue;
                    }
                    let p: Pos = [r as u64, c as u64].map(Nat::from).into_iter().collect();
                    let show = |o: &(usize, usize)| format!("grid[\"{src}\"]({},{})", o.0, o.1);
                    assert_matches_search(&fam, &mut s, &(r, c), &p, show, true);
                }
            }
        }
    }

    #[test]
    fn an_open_grid_is_the_kings_walk() {
        use crate::impartial::king;
        let cells = parse_inline(&["......"; 5].join("/")).unwrap();
        let v = cells.values();
        for r in 0..5u64 {
            for c in 0..6u64 {
                let want = king::value(&Nat::from(4 - r), &Nat::from(5 - c));
                assert_eq!(u32::from(v[(r * 6 + c) as usize]), want, "({r},{c})");
            }
        }
    }

    #[test]
    fn files_and_inline_grids_agree_and_errors_name_the_line() {
        let limits = Limits::default();
        let f = parse_file("g.txt", "..#\r\n.#.\n\n...\n".as_bytes(), &limits).unwrap();
        assert_eq!(f, parse_inline("..#/.#./...").unwrap());
        let err = |s: &str| match parse_file("g.txt", s.as_bytes(), &limits) {
            Err(SolveError::Input(m)) => m,
            other => panic!("{other:?}"),
        };
        assert!(err("..\n...\n").starts_with("g.txt line 2: a row of 3 cells"));
        assert!(err("..\n.x\n").starts_with("g.txt line 2: unexpected 'x'"));
        assert!(err("\n\n").starts_with("g.txt: the grid file has no rows"));
        let small = Limits {
            max_states: 4,
            ..Limits::default()
        };
        assert!(matches!(
            parse_file("g.txt", ".....".as_bytes(), &small),
            Err(SolveError::Limit {
                bound: Bound::States,
                ..
            })
        ));
        assert!(
            parse_inline("../.")
                .unwrap_err()
                .starts_with("row 2 of the grid has 1 cells")
        );
        assert!(!is_inline("maze.txt") && is_inline(".#/.."));
    }
}
