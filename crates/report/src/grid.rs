//! The grid of `sprague table` for a game of two numbers (SPEC §3 extended): the
//! nim-values of `F(i,j)` for a family whose positions are pairs of numbers (`wythoff`,
//! `king`, `moore[k]`, …), or of the sum `F(i) + F(j)` for a heap family F, in row i
//! and column j, with the P-positions; in text (the values, or N and P as study notes
//! draw them), JSON and CSV. The web page's grid view asks for the same document.

use super::{Failure, json};
use sprague_core::nat::Nat;
use sprague_core::{Bound, Limits, Raise, SolveError};
use sprague_engine::impartial::family::{Family, Pos};
use sprague_games::ExprError;
use std::fmt::Write as _;
use std::ops::{ControlFlow, Range};

/// Most rows (and most columns) of a grid.
pub const MAX_GRID: u64 = 512;

/// P-positions the text lists by name; the rest are counted.
const LISTED: usize = 40;

/// One cell of a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// The nim-value (0: a P-position).
    Value(Nat),
    /// An N-position whose nim-value is not computed within the limits (the family
    /// decides the outcome by a rule).
    Next,
    /// No position: the family refuses these numbers (`kth(n,0)`, a token off the
    /// board).
    Absent,
}

impl Cell {
    /// Whether the cell is a P-position (value 0).
    pub fn is_p(&self) -> bool {
        matches!(self, Cell::Value(v) if v.is_zero())
    }
}

/// The grid of a family: rows `rows`, columns `cols`, each cell the position of its
/// row and column ([`Grid::cell_at`]).
#[derive(Clone, Debug)]
pub struct Grid {
    /// The family's name, normalised.
    pub family: String,
    /// How a cell is written, with `{i}` for its row and `{j}` for its column:
    /// `wythoff({i},{j})`, `nim({i}) + nim({j})`.
    pub cell: String,
    /// The rows (the first number).
    pub rows: Range<u64>,
    /// The columns (the second number).
    pub cols: Range<u64>,
    /// The cells, row by row.
    pub values: Vec<Vec<Cell>>,
    /// The P-positions in words when a rule gives them all: the family's closed form
    /// ([`Family::p_positions_rule`]), or for sums, equal values.
    pub rule: Option<String>,
    /// Why the first cell that is no position ([`Cell::Absent`]) is refused, if any.
    pub absent: Option<String>,
}

/// Why a grid could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// The family is not one a grid is made of (at a column of its text).
    Input(ExprError),
    /// The rows or columns asked for are too many, or none is a position.
    Size(String),
    /// A limit (or the stop signal) reached while computing.
    Failed(SolveError),
    /// The watcher stopped the computation after this many rows.
    Stopped(usize),
}

impl From<SolveError> for GridError {
    fn from(e: SolveError) -> Self {
        GridError::Failed(e)
    }
}

impl From<ExprError> for GridError {
    fn from(e: ExprError) -> Self {
        GridError::Input(e)
    }
}

impl std::fmt::Display for GridError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GridError::Input(e) => write!(f, "bad family: {e}"),
            GridError::Size(m) => f.write_str(m),
            GridError::Failed(e) => write!(f, "{e}"),
            GridError::Stopped(rows) => write!(f, "stopped after {rows} rows"),
        }
    }
}

impl std::error::Error for GridError {}

impl From<GridError> for Failure {
    fn from(e: GridError) -> Self {
        match e {
            GridError::Input(e) => Failure::Input(format!("bad family: {e}")),
            GridError::Size(m) => Failure::Input(m),
            GridError::Failed(e) => e.into(),
            GridError::Stopped(rows) => {
                Failure::Interrupted(format!("the grid stopped after {rows} rows"))
            }
        }
    }
}

/// The grid of `family` (written without arguments: `wythoff`, `moore[2]`, `nim`) for
/// rows `rows` and columns `cols`: the nim-value of `F(i,j)` in row i, column j for a
/// family whose positions are pairs, of `F(i) + F(j)` for a heap family.
///
/// ```
/// use sprague_core::Limits;
/// use sprague_report::grid::{Cell, grid};
/// let g = grid("nim", 0..3, 0..3, &Limits::default()).unwrap();
/// assert_eq!(g.values[1][2], Cell::Value(3u64.into()));
/// assert_eq!(g.cell, "nim({i}) + nim({j})");
/// let w = grid("wythoff", 0..4, 0..4, &Limits::default()).unwrap();
/// assert_eq!(w.p_positions().collect::<Vec<_>>(), [(0, 0), (1, 2), (2, 1)]);
/// ```
pub fn grid(
    family: &str,
    rows: Range<u64>,
    cols: Range<u64>,
    limits: &Limits,
) -> Result<Grid, GridError> {
    grid_watched(family, rows, cols, limits, &mut |_, _| {
        ControlFlow::Continue(())
    })
}

/// [`grid`], telling `watch` the rows done and the rows wanted before each row; the
/// computation stops ([`GridError::Stopped`]) when it answers `Break`.
pub fn grid_watched(
    family: &str,
    rows: Range<u64>,
    cols: Range<u64>,
    limits: &Limits,
    watch: &mut dyn FnMut(usize, usize) -> ControlFlow<()>,
) -> Result<Grid, GridError> {
    for (range, what) in [(&rows, "rows"), (&cols, "columns")] {
        let n = range.end.saturating_sub(range.start);
        if n > MAX_GRID {
            return Err(GridError::Size(format!(
                "a grid has at most {MAX_GRID} {what}: {n} asked ({}..{})",
                range.start,
                range.end - 1
            )));
        }
    }
    let g = sprague_games::grid_family(family)?;
    let f = &*g.family;
    let name = f.name();
    let (cell, rule) = if g.heaps {
        (
            format!("{name}({{i}}) + {name}({{j}})"),
            Some(format!(
                "the cells where {name}(i) and {name}(j) have the same value (the value of a sum is the XOR of its terms' values)"
            )),
        )
    } else {
        (format!("{name}({{i}},{{j}})"), f.p_positions_rule())
    };
    let (r, c) = (
        rows.end.saturating_sub(rows.start) as usize,
        cols.end.saturating_sub(cols.start) as usize,
    );
    let mut values = Vec::with_capacity(r);
    let mut first_refusal = None;
    if r > 0 && c > 0 {
        if g.heaps {
            let row_values = heap_values(f, &rows, limits, &mut first_refusal)?;
            let col_values = if cols == rows {
                row_values.clone()
            } else {
                heap_values(f, &cols, limits, &mut first_refusal)?
            };
            for (done, a) in row_values.iter().enumerate() {
                stop_or_go(watch, done, r, limits)?;
                values.push(
                    col_values
                        .iter()
                        .map(|b| match (a, b) {
                            (Some(a), Some(b)) => Cell::Value(a ^ b),
                            _ => Cell::Absent,
                        })
                        .collect(),
                );
            }
        } else {
            let pos =
                |i: u64, j: u64| -> Pos { [Nat::from(i), Nat::from(j)].into_iter().collect() };
            // The farthest corner first: a family with a table builds it once, whole.
            // A refused corner is refused again as a cell.
            let corner = pos(rows.end - 1, cols.end - 1);
            if f.check(&corner).is_ok()
                && let Err(e @ SolveError::Limit { .. }) = f.grundy(&corner, limits)
            {
                return Err(e.into());
            }
            for (done, i) in rows.clone().enumerate() {
                stop_or_go(watch, done, r, limits)?;
                let mut row = Vec::with_capacity(c);
                for j in cols.clone() {
                    row.push(pair_cell(f, &pos(i, j), limits, &mut first_refusal)?);
                }
                values.push(row);
            }
        }
        let positions = values.iter().flatten().any(|v| *v != Cell::Absent);
        if let (false, Some(why)) = (positions, &first_refusal) {
            return Err(GridError::Size(format!(
                "no cell of the grid is a position of {name}: {why}"
            )));
        }
    } else {
        values.resize(r, Vec::new());
    }
    Ok(Grid {
        family: name,
        cell,
        rows,
        cols,
        values,
        rule,
        absent: first_refusal,
    })
}

/// Asks `watch` whether to go on with row `done` of `wanted`, and the stop signal.
fn stop_or_go(
    watch: &mut dyn FnMut(usize, usize) -> ControlFlow<()>,
    done: usize,
    wanted: usize,
    limits: &Limits,
) -> Result<(), GridError> {
    limits.check_stop()?;
    match watch(done, wanted) {
        ControlFlow::Continue(()) => Ok(()),
        ControlFlow::Break(()) => Err(GridError::Stopped(done)),
    }
}

/// The cell of the position `p` of a family on pairs: absent when the family refuses
/// the numbers (by its check, or when valuing them); the first refusal is kept in
/// `refused` (it says why when no cell is a position).
fn pair_cell(
    f: &dyn Family,
    p: &Pos,
    limits: &Limits,
    refused: &mut Option<String>,
) -> Result<Cell, GridError> {
    let valued = f.check(p).and_then(|()| match f.grundy(p, limits)? {
        Some(v) => Ok(Cell::Value(v)),
        // The value is out of reach; the outcome may not be.
        None if f.is_p_position(p, limits)? => Ok(Cell::Value(Nat::from(0u64))),
        None => Ok(Cell::Next),
    });
    match valued {
        Ok(cell) => Ok(cell),
        Err(SolveError::Input(why)) => {
            if refused.is_none() {
                let mut at = String::new();
                f.write_position(p, &mut at);
                *refused = Some(refusal(&at, &why));
            }
            Ok(Cell::Absent)
        }
        Err(e) => Err(e.into()),
    }
}

/// A position refused, and why (once: the family's words may name the position).
fn refusal(at: &str, why: &str) -> String {
    if why.starts_with(at) {
        why.to_string()
    } else {
        format!("{at}: {why}")
    }
}

/// The values of the heaps `heaps` of the heap family `f` (`None` for a heap the family
/// refuses); a value out of reach is a limit.
fn heap_values(
    f: &dyn Family,
    heaps: &Range<u64>,
    limits: &Limits,
    refused: &mut Option<String>,
) -> Result<Vec<Option<Nat>>, GridError> {
    let heap = |h: u64| -> Pos { [Nat::from(h)].into_iter().collect() };
    // The largest heap first: a family with a table builds it once, whole.
    let last = heap(heaps.end - 1);
    if f.check(&last).is_ok()
        && let Err(e @ SolveError::Limit { .. }) = f.grundy(&last, limits)
    {
        return Err(e.into());
    }
    let mut out = Vec::with_capacity(heaps.end.saturating_sub(heaps.start) as usize);
    for h in heaps.clone() {
        limits.check_stop()?;
        let p = heap(h);
        let mut at = String::new();
        f.write_position(&p, &mut at);
        match f.check(&p).and_then(|()| f.grundy(&p, limits)) {
            Ok(Some(v)) => out.push(Some(v)),
            Ok(None) => {
                return Err(limits.states_exceeded(&format!("the value of {at}")).into());
            }
            Err(SolveError::Input(why)) => {
                if refused.is_none() {
                    *refused = Some(refusal(&at, &why));
                }
                out.push(None);
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(out)
}

impl Grid {
    /// The position of the cell in row `i`, column `j` (numbers, or any text such as
    /// `i`), as an expression.
    ///
    /// ```
    /// use sprague_core::Limits;
    /// let g = sprague_report::grid::grid("king", 0..2, 0..2, &Limits::default()).unwrap();
    /// assert_eq!(g.cell_at("3", "4"), "king(3,4)");
    /// ```
    pub fn cell_at(&self, i: &str, j: &str) -> String {
        self.cell.replace("{i}", i).replace("{j}", j)
    }

    /// The P-positions `(i, j)`, row by row.
    pub fn p_positions(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.values.iter().enumerate().flat_map(move |(r, row)| {
            row.iter()
                .enumerate()
                .filter(|(_, v)| v.is_p())
                .map(move |(c, _)| (self.rows.start + r as u64, self.cols.start + c as u64))
        })
    }

    /// The JSON document of `table --json` for a grid: `family`, `cell`, `from` (the
    /// first row and column), `rows`, `cols` (how many), `values` (row by row; `null`
    /// where there is no position or the value is not computed), `p_positions` and
    /// `p_rule` (the rule in words, or `null`), with a final newline.
    pub fn json(&self) -> String {
        let mut out = String::with_capacity(64 + 4 * self.values.len() * self.values.len());
        out.push_str("{\"family\":");
        json::string(&mut out, &self.family);
        out.push_str(",\"cell\":");
        json::string(&mut out, &self.cell);
        let _ = write!(
            out,
            ",\"from\":[{},{}],\"rows\":{},\"cols\":{},\"values\":[",
            self.rows.start,
            self.cols.start,
            self.values.len(),
            self.cols.end.saturating_sub(self.cols.start)
        );
        for (r, row) in self.values.iter().enumerate() {
            if r > 0 {
                out.push(',');
            }
            out.push('[');
            for (c, v) in row.iter().enumerate() {
                if c > 0 {
                    out.push(',');
                }
                match v {
                    Cell::Value(v) => json::nat(&mut out, v),
                    Cell::Next | Cell::Absent => out.push_str("null"),
                }
            }
            out.push(']');
        }
        out.push_str("],\"p_positions\":[");
        for (k, (i, j)) in self.p_positions().enumerate() {
            if k > 0 {
                out.push(',');
            }
            let _ = write!(out, "[{i},{j}]");
        }
        out.push_str("],\"p_rule\":");
        match &self.rule {
            Some(r) => json::string(&mut out, r),
            None => out.push_str("null"),
        }
        out.push_str("}\n");
        out
    }

    /// The CSV of `table --csv` for a grid: the header `row,col,value,outcome`, then
    /// one line a cell (the value empty when not computed, both empty where there is
    /// no position).
    pub fn csv(&self) -> String {
        let mut out = String::from("row,col,value,outcome\n");
        for (r, row) in self.values.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                let _ = write!(
                    out,
                    "{},{},",
                    self.rows.start + r as u64,
                    self.cols.start + c as u64
                );
                match v {
                    Cell::Value(n) => {
                        n.write_decimal(&mut out);
                        out.push_str(if n.is_zero() { ",P" } else { ",N" });
                    }
                    Cell::Next => out.push_str(",N"),
                    Cell::Absent => out.push(','),
                }
                out.push('\n');
            }
        }
        out
    }

    /// The text of `table` for a grid: a line saying what the cells are, the column
    /// numbers, then each row after its number, the values aligned, a P-position
    /// written `P` (with `np`, every cell `N` or `P` instead); then the P-positions
    /// and their rule. A limit is said with `raise`'s words for its bound.
    pub fn text(&self, np: bool, raise: Raise) -> String {
        let pattern = self.cell_at("i", "j");
        let last = |r: &Range<u64>| r.end.saturating_sub(1).max(r.start);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{pattern}: {} for rows i = {}..{}, columns j = {}..{}; {}",
            if np {
                "outcomes"
            } else {
                "Sprague–Grundy values"
            },
            self.rows.start,
            last(&self.rows),
            self.cols.start,
            last(&self.cols),
            if np {
                "P: the player to move loses, N: the player to move wins"
            } else {
                "P: value 0, the player to move loses"
            }
        );
        let shown = |v: &Cell| -> String {
            match v {
                Cell::Value(n) if n.is_zero() => "P".into(),
                Cell::Value(_) if np => "N".into(),
                Cell::Value(n) => n.to_string(),
                Cell::Next => "N".into(),
                Cell::Absent => "-".into(),
            }
        };
        let cells: Vec<Vec<String>> = self
            .values
            .iter()
            .map(|row| row.iter().map(shown).collect())
            .collect();
        let corner = "i\\j";
        let label = corner.len().max(last(&self.rows).to_string().len());
        let width = cells
            .iter()
            .flatten()
            .map(|s| s.chars().count())
            .chain(self.cols.clone().map(|j| j.to_string().len()))
            .max()
            .unwrap_or(1);
        let _ = write!(out, "{corner:>label$}");
        for j in self.cols.clone() {
            let _ = write!(out, " {j:>width$}");
        }
        out.push('\n');
        for (r, row) in cells.iter().enumerate() {
            let _ = write!(out, "{:>label$}", self.rows.start + r as u64);
            for s in row {
                let _ = write!(out, " {s:>width$}");
            }
            out.push('\n');
        }
        let total = self.values.iter().flatten().filter(|v| **v != Cell::Absent);
        let ps: Vec<(u64, u64)> = self.p_positions().collect();
        let _ = write!(
            out,
            "P-positions ({} of {} positions)",
            ps.len(),
            total.count()
        );
        if !ps.is_empty() {
            out.push(':');
            for (i, j) in ps.iter().take(LISTED) {
                let _ = write!(out, " ({i},{j})");
            }
            if ps.len() > LISTED {
                out.push_str(" …");
            }
        }
        out.push('\n');
        if let Some(rule) = &self.rule {
            let _ = writeln!(out, "rule: the P-positions are {rule}");
        }
        let cells = || self.values.iter().flatten();
        if !np && cells().any(|v| *v == Cell::Next) {
            let _ = writeln!(
                out,
                "N: an N-position whose value is not computed within {} (raise it with {})",
                Bound::States.words(),
                raise(Bound::States)
            );
        }
        if let Some(why) = &self.absent {
            let _ = writeln!(out, "-: no position ({why})");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(family: &str, n: u64) -> Vec<Vec<u64>> {
        grid(family, 0..n, 0..n, &Limits::default())
            .unwrap()
            .values
            .into_iter()
            .map(|r| {
                r.into_iter()
                    .map(|v| match v {
                        Cell::Value(v) => v.to_u64().unwrap(),
                        v => panic!("{family}: {v:?}"),
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn nim_grid_is_the_xor_of_the_heaps() {
        // Bouton: nim(i) + nim(j) has value i XOR j.
        let g = values("nim", 8);
        for (i, row) in g.iter().enumerate() {
            for (j, v) in row.iter().enumerate() {
                assert_eq!(*v, (i ^ j) as u64);
            }
        }
    }

    #[test]
    fn a_sum_of_two_subtraction_heaps_xors_their_values() {
        // sub[1,2]: sg(n) = n mod 3.
        let g = values("sub[1,2]", 7);
        assert_eq!(g[4][5], (4 % 3) ^ (5 % 3));
    }

    #[test]
    fn a_cell_is_written_as_the_position_whose_value_it_holds() {
        // Each cell's position, written with its numbers, is read back and valued:
        // its nim-value is the grid's.
        for (family, sum) in [
            ("nim", true),
            ("sub[1,2]", true),
            ("wythoff", false),
            ("king", false),
            ("moore[2]", false),
            ("ed", false),
            ("kth", false),
        ] {
            let g = grid(family, 0..6, 2..7, &Limits::default()).unwrap();
            assert_eq!(g.cell.contains(" + "), sum, "{}", g.cell);
            for (r, row) in g.values.iter().enumerate() {
                for (c, v) in row.iter().enumerate() {
                    let text = g.cell_at(&r.to_string(), &(c + 2).to_string());
                    let Ok(comps) = sprague_games::components(&text) else {
                        assert_eq!(*v, Cell::Absent, "{text}");
                        continue;
                    };
                    let sum = comps.iter().fold(0u64, |acc, c| {
                        let v = c.family.grundy(&c.pos, &Limits::default()).unwrap();
                        acc ^ v.unwrap().to_u64().unwrap()
                    });
                    assert_eq!(*v, Cell::Value(sum.into()), "{text}");
                }
            }
        }
    }

    #[test]
    fn the_rules_of_p_positions_are_those_of_the_values() {
        // Each family's words name a rule; the zeros of its grid follow it, as stated
        // in the rules' sources: E&D both piles odd, Moore's Nim_1 (Nim) equal heaps,
        // Moore's Nim_2 on two heaps only (0,0), the king both distances even.
        type Rule = fn(usize, usize) -> bool;
        let rules: [(&str, Rule); 4] = [
            ("ed", |i, j| i % 2 == 1 && j % 2 == 1),
            ("moore[1]", |i, j| i == j),
            ("moore[2]", |i, j| i == 0 && j == 0),
            ("king", |i, j| i % 2 == 0 && j % 2 == 0),
        ];
        for (family, p) in rules {
            let g = grid(family, 0..20, 0..20, &Limits::default()).unwrap();
            assert!(g.rule.is_some(), "{family}");
            for (i, row) in g.values.iter().enumerate() {
                for (j, v) in row.iter().enumerate() {
                    if *v != Cell::Absent {
                        assert_eq!(v.is_p(), p(i, j), "{family}({i},{j})");
                    }
                }
            }
        }
        // Families without a closed form of their P-positions say none.
        assert_eq!(
            grid("ring", 0..2, 0..2, &Limits::default()).unwrap().rule,
            None
        );
    }

    #[test]
    fn text_is_aligned_and_json_lists_the_p_positions() {
        let g = grid("nim", 0..2, 9..11, &Limits::default()).unwrap();
        assert_eq!(
            g.text(false, Bound::words),
            "nim(i) + nim(j): Sprague–Grundy values for rows i = 0..1, columns j = 9..10; P: value 0, the player to move loses\n\
             i\\j  9 10\n\
             \x20 0  9 10\n\
             \x20 1  8 11\n\
             P-positions (0 of 4 positions)\n\
             rule: the P-positions are the cells where nim(i) and nim(j) have the same value (the value of a sum is the XOR of its terms' values)\n"
        );
        let g = grid("king", 1..3, 0..2, &Limits::default()).unwrap();
        assert_eq!(
            g.json(),
            "{\"family\":\"king\",\"cell\":\"king({i},{j})\",\"from\":[1,0],\"rows\":2,\"cols\":2,\"values\":[[1,2],[0,3]],\"p_positions\":[[2,0]],\"p_rule\":\"the squares (r, c) with r and c both even\"}\n"
        );
        assert_eq!(
            g.csv(),
            "row,col,value,outcome\n1,0,1,N\n1,1,2,N\n2,0,0,P\n2,1,3,N\n"
        );
    }

    #[test]
    fn bad_families_and_sizes() {
        let l = Limits::default();
        for bad in [
            "ring(1,2)",
            "nim(",
            "wythof",
            "nim + nim",
            "{1|0}",
            "greenhackenbush",
        ] {
            assert!(
                matches!(grid(bad, 0..2, 0..2, &l), Err(GridError::Input(_))),
                "{bad}"
            );
        }
        assert!(
            matches!(grid("nim", 0..513, 0..2, &l), Err(GridError::Size(m)) if m.contains("512 rows"))
        );
        assert!(
            matches!(grid("nim", 0..2, 5..518, &l), Err(GridError::Size(m)) if m.contains("512 columns"))
        );
        let g = grid("nim", 0..0, 0..0, &l).unwrap();
        assert!(g.values.is_empty());
        assert_eq!(grid("nim", 0..3, 0..0, &l).unwrap().values.len(), 3);
    }

    #[test]
    fn cells_that_are_no_position_are_absent() {
        // kth(n,k) needs k ≥ 1: column 0 is no position; ed needs piles ≥ 1.
        let l = Limits::default();
        let g = grid("kth", 0..3, 0..3, &l).unwrap();
        assert!(g.values.iter().all(|r| r[0] == Cell::Absent));
        assert!(g.values.iter().all(|r| r[1] != Cell::Absent));
        assert!(
            g.text(false, Bound::words)
                .contains("-: no position (kth(0,0): ")
        );
        // A window where no cell is a position says why.
        let e = grid("ed", 0..1, 0..1, &l).unwrap_err();
        assert!(
            matches!(&e, GridError::Size(m) if m.contains("ed(0,0)")),
            "{e:?}"
        );
        let e = grid("circle[5,1]", 10..12, 10..12, &l).unwrap_err();
        assert!(
            matches!(&e, GridError::Size(m) if m.contains("within distance 5")),
            "{e:?}"
        );
    }

    #[test]
    fn the_stop_signal_and_the_watcher_stop_it() {
        let l = Limits {
            stop: Some(std::sync::Arc::new(sprague_core::Stop::after(
                std::time::Duration::ZERO,
            ))),
            ..Limits::default()
        };
        assert!(matches!(
            grid("king", 0..5, 0..5, &l),
            Err(GridError::Failed(SolveError::Limit {
                bound: Bound::Time,
                ..
            }))
        ));
        let mut seen = Vec::new();
        let e = grid_watched(
            "wythoff",
            0..9,
            0..9,
            &Limits::default(),
            &mut |done, of| {
                seen.push((done, of));
                if done == 3 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        assert_eq!(e.unwrap_err(), GridError::Stopped(3));
        assert_eq!(seen, [(0, 9), (1, 9), (2, 9), (3, 9)]);
    }
}
