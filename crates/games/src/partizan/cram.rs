//! Cram: `cram(r,c)` (an empty board of r rows and c columns) or `cram("..#|...")`
//! (rows separated by `|`, `.` empty, `#` filled; at most 64 squares). Both players
//! place a domino on two empty squares side by side, either way (across or down); the
//! player who cannot place one loses. Both players have the same moves, so the game is
//! impartial and every value is a nimber: `value` gives it from the partizan game tree
//! ([`Cram`] is a [`Ruleset`]), and `solve` from the nim-values of its regions
//! ([`CramFamily`], with winning moves).
//!
//! Regions: the parts of the empty squares (orthogonally connected) are independent;
//! a part of one square is 0 and is dropped; each part is valued once up to the eight
//! symmetries of the square (the moves treat rows and columns alike). A 1×n strip is
//! Dawson's Kayles (the octal game 0.07) on a heap of n.

use super::grid::{self, Board, Symmetry, Touch};
use super::{Ruleset, args, char_span, no_params};
use rustc_hash::FxHashMap;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SEARCH_OPTION_STEPS, SolveError};
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};
use sprague_engine::impartial::mex::Mex;
use sprague_engine::partizan::{Rules, Side};
use sprague_expr::{Arg, FamilyTerm, Span};
use std::cell::RefCell;

/// A Cram board: layer 0 the empty squares.
pub(crate) type CramBoard = Board<1>;

/// Cram's rules (no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cram;

impl Cram {
    /// The empty `rows × cols` board, if it has at most 64 squares.
    pub fn empty(rows: usize, cols: usize) -> Option<CramBoard> {
        if rows.checked_mul(cols)? > grid::MAX_SQUARES {
            return None;
        }
        Some(Board {
            rows: rows as u8,
            cols: cols as u8,
            layers: [grid::full(rows, cols)],
        })
    }

    /// Reads a board such as `"..#|..."`; on error, the character index and what is
    /// wrong.
    pub fn parse(s: &str) -> Result<CramBoard, (usize, String)> {
        grid::parse(
            s,
            |c| match c {
                '.' => Some(1),
                '#' => Some(0),
                _ => None,
            },
            "a Cram square is . (empty) or # (filled)",
        )
    }

    /// The board as rows of `.` and `#` separated by `|`.
    pub fn board_text(b: &CramBoard) -> String {
        grid::show(b, |s| if s == 1 { '.' } else { '#' })
    }

    /// Calls `f` with the two squares of every domino that fits on the board.
    fn dominoes(b: &CramBoard, mut f: impl FnMut(usize, usize)) {
        let (rows, cols) = b.dims();
        let empty = b.layers[0];
        let mut bits = empty;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if i % cols + 1 < cols && empty >> (i + 1) & 1 == 1 {
                f(i, i + 1);
            }
            if i / cols + 1 < rows && empty >> (i + cols) & 1 == 1 {
                f(i, i + cols);
            }
        }
    }

    /// The board after every move.
    pub(crate) fn moves(b: &CramBoard, out: &mut Vec<CramBoard>) {
        Cram::dominoes(b, |i, j| {
            out.push(Board {
                layers: [b.layers[0] & !(1 << i) & !(1 << j)],
                ..*b
            })
        });
    }

    /// The regions of the board: parts of at least two empty squares, normalised.
    fn split(b: &CramBoard, out: &mut Vec<CramBoard>) {
        let (rows, cols) = b.dims();
        for part in grid::parts(rows, cols, b.layers[0], Touch::Orthogonal) {
            if part.count_ones() >= 2 {
                out.push(b.normalise(part, Symmetry::Square));
            }
        }
    }
}

#[cfg(test)]
impl Cram {
    /// The nim-value by the plain game tree: the mex of the options' values, with no
    /// regions or symmetries (a memo of whole boards only). For tests.
    pub(crate) fn plain_value(b: &CramBoard) -> u32 {
        Cram::plain_with(b, &mut FxHashMap::default())
    }

    /// [`Cram::plain_value`] with a memo kept by the caller.
    pub(crate) fn plain_with(b: &CramBoard, memo: &mut FxHashMap<CramBoard, u32>) -> u32 {
        if let Some(&v) = memo.get(b) {
            return v;
        }
        let mut options = Vec::new();
        Cram::moves(b, &mut options);
        let values: Vec<u32> = options.iter().map(|o| Cram::plain_with(o, memo)).collect();
        let v = Mex::default().of(values);
        memo.insert(*b, v);
        v
    }
}

impl Rules for Cram {
    type Position = CramBoard;

    fn options(&self, b: &CramBoard, _side: Side, out: &mut Vec<CramBoard>) {
        Cram::moves(b, out);
    }

    fn regions(&self, b: &CramBoard, out: &mut Vec<CramBoard>) {
        Cram::split(b, out);
    }
}

impl Ruleset for Cram {
    const RULES: &'static str = "Cram: both players place dominoes on empty squares, either way round. Whoever cannot place one loses.";
    const EXAMPLE: &'static str = "cram(3,3)";
    const NAME: &'static str = "cram";
    const LEGEND: &'static [(char, &'static str)] = &[('.', "empty"), ('#', "filled")];
    const USAGE: &'static str = "cram takes a board: cram(rows,cols) for an empty one, or cram(\"..#|...\") (rows separated by |, . empty, # filled), at most 64 squares; both players place dominoes either way";
    const IMPARTIAL: bool = true;

    fn read(f: &FamilyTerm) -> Result<(Cram, CramBoard), (Span, String)> {
        no_params(f)?;
        let usage = Self::USAGE;
        let board = match args(f, usage)? {
            [Arg::Int(r, rs), Arg::Int(c, _)] => {
                let (Some(r), Some(c)) = (r.to_usize(), c.to_usize()) else {
                    return Err((*rs, usage.to_string()));
                };
                Cram::empty(r, c).ok_or_else(|| (*rs, usage.to_string()))?
            }
            [Arg::Str(s, span)] => Cram::parse(s).map_err(|(i, m)| (char_span(*span, s, i), m))?,
            [a, ..] => return Err((a.span(), usage.to_string())),
            [] => return Err((f.span, usage.to_string())),
        };
        Ok((Cram, board))
    }

    fn show(&self, b: &CramBoard) -> String {
        format!("cram(\"{}\")", Cram::board_text(b))
    }

    /// Every move fills two empty squares.
    fn height(&self, b: &CramBoard) -> Option<u64> {
        Some(u64::from(b.layers[0].count_ones() / 2))
    }

    fn method(&self) -> String {
        "Cram (both players place dominoes either way), from the game tree: each region of empty squares valued once up to the symmetries of the square".to_string()
    }
}

/// The nim-values of Cram regions, memoised: a region's value is the mex of its
/// options' values, an option's value the nim-sum of its regions' values.
#[derive(Default)]
pub(crate) struct CramValues {
    memo: FxHashMap<CramBoard, u32>,
    mex: Mex,
}

/// A region whose options are being valued.
struct Frame {
    region: CramBoard,
    options: Vec<CramBoard>,
    /// Values of the options valued so far.
    values: Vec<u32>,
    /// The regions of the option being valued, how many are added, and their sum.
    parts: Vec<CramBoard>,
    next_part: usize,
    acc: u32,
    open: bool,
}

impl CramValues {
    /// The nim-value of the board `b`: the nim-sum of its regions' values. At most
    /// `limits.max_states` regions are valued over the life of the memo.
    pub fn value(&mut self, b: &CramBoard, limits: &Limits) -> Result<u32, SolveError> {
        let mut parts = Vec::new();
        Cram::split(b, &mut parts);
        let mut total = 0;
        for p in &parts {
            total ^= self.region(p, limits)?;
        }
        Ok(total)
    }

    fn frame(&self, region: CramBoard, limits: &Limits) -> Result<Frame, SolveError> {
        if self.memo.len() as u64 >= limits.max_states {
            return Err(limits.states_exceeded("the game tree of this Cram board"));
        }
        limits.check_stop()?;
        let mut options = Vec::new();
        Cram::moves(&region, &mut options);
        limits.charge_work(
            (options.len() as u64 + 1) * SEARCH_OPTION_STEPS,
            "the game tree of this Cram board",
        )?;
        Ok(Frame {
            region,
            values: Vec::with_capacity(options.len()),
            options,
            parts: Vec::new(),
            next_part: 0,
            acc: 0,
            open: false,
        })
    }

    /// The nim-value of one normalised region, on an explicit stack.
    fn region(&mut self, region: &CramBoard, limits: &Limits) -> Result<u32, SolveError> {
        if let Some(&v) = self.memo.get(region) {
            return Ok(v);
        }
        let mut stack = vec![self.frame(*region, limits)?];
        loop {
            let top = stack.last_mut().expect("the stack holds the region valued");
            if top.open && top.next_part < top.parts.len() {
                let part = top.parts[top.next_part];
                if let Some(&v) = self.memo.get(&part) {
                    top.acc ^= v;
                    top.next_part += 1;
                } else {
                    let f = self.frame(part, limits)?;
                    stack.push(f);
                }
                continue;
            }
            if top.open {
                top.values.push(top.acc);
                top.open = false;
            }
            if top.values.len() < top.options.len() {
                let i = top.values.len();
                top.parts.clear();
                Cram::split(&top.options[i], &mut top.parts);
                top.next_part = 0;
                top.acc = 0;
                top.open = true;
                continue;
            }
            let done = stack.pop().expect("the stack holds the region valued");
            let v = self.mex.of(done.values.iter().copied());
            self.memo.insert(done.region, v);
            match stack.last_mut() {
                Some(parent) => {
                    parent.acc ^= v;
                    parent.next_part += 1;
                }
                None => return Ok(v),
            }
        }
    }
}

/// Cram as an impartial family for `solve`: a component is `cram(r,c)` or
/// `cram("..#|...")`, its position the arguments `[r, c]` or `[r, c, empty squares]`.
#[derive(Default)]
pub struct CramFamily {
    values: RefCell<CramValues>,
}

impl CramFamily {
    /// The family with an empty memo.
    pub fn new() -> Self {
        Self::default()
    }

    /// The position of a term `cram(…)`: `[r, c]` for `cram(r,c)`, `[r, c, empty
    /// squares]` for a board written out. On error, where and what is wrong.
    pub fn position(f: &FamilyTerm) -> Result<Pos, (Span, String)> {
        let (_, b) = Cram::read(f)?;
        let mut pos: Pos =
            smallvec::smallvec![Nat::from(u64::from(b.rows)), Nat::from(u64::from(b.cols))];
        if matches!(f.args.as_deref(), Some([Arg::Str(..)])) {
            pos.push(Nat::from(b.layers[0]));
        }
        Ok(pos)
    }

    /// The board of a position.
    fn board(pos: &Pos) -> Result<CramBoard, SolveError> {
        let bad = || {
            SolveError::Input(
                "cram takes rows and columns (at most 64 squares), or a board in quotes".into(),
            )
        };
        let (r, c) = match pos.as_slice() {
            [r, c] | [r, c, _] => (r.to_usize().ok_or_else(bad)?, c.to_usize().ok_or_else(bad)?),
            _ => return Err(bad()),
        };
        let mut b = Cram::empty(r, c).ok_or_else(bad)?;
        if let [_, _, m] = pos.as_slice() {
            let m = m.to_u64().ok_or_else(bad)?;
            if m & !b.layers[0] != 0 {
                return Err(bad());
            }
            b.layers[0] = m;
        }
        Ok(b)
    }

    fn text(b: &CramBoard) -> String {
        format!("cram(\"{}\")", Cram::board_text(b))
    }

    /// The position of a board: rows, columns and the empty squares.
    fn pos_of(b: &CramBoard) -> Pos {
        smallvec::smallvec![
            Nat::from(u64::from(b.rows)),
            Nat::from(u64::from(b.cols)),
            Nat::from(b.layers[0])
        ]
    }

    /// Every move from `b`: the board after it and the move in words.
    fn each_move(b: &CramBoard, mut f: impl FnMut(CramBoard, String) -> bool) {
        let cols = usize::from(b.cols);
        let mut go = true;
        Cram::dominoes(b, |i, j| {
            if !go {
                return;
            }
            let (r, c) = (i / cols + 1, i % cols + 1);
            let text = if j == i + 1 {
                format!("place a domino across on row {r}, columns {c}–{}", c + 1)
            } else {
                format!("place a domino down in column {c}, rows {r}–{}", r + 1)
            };
            let after = Board {
                layers: [b.layers[0] & !(1 << i) & !(1 << j)],
                ..*b
            };
            go = f(after, text);
        });
    }
}

impl Family for CramFamily {
    fn name(&self) -> String {
        "cram".into()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        CramFamily::board(pos).map(|_| ())
    }

    fn write_position(&self, pos: &Pos, out: &mut String) {
        match (pos.as_slice(), CramFamily::board(pos)) {
            ([r, c], _) => out.push_str(&format!("cram({r},{c})")),
            (_, Ok(b)) => out.push_str(&CramFamily::text(&b)),
            (_, Err(_)) => out.push_str("cram(?)"),
        }
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let b = CramFamily::board(pos)?;
        let v = self.values.borrow_mut().value(&b, limits)?;
        Ok(Some(Nat::from(v)))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let b = CramFamily::board(pos)?;
        let mut afters = Vec::new();
        CramFamily::each_move(&b, |after, text| {
            afters.push((after, text));
            true
        });
        for (after, text) in afters {
            let v = self.values.borrow_mut().value(&after, limits)?;
            if Nat::from(v) == *target && !sink.push(Move::one(CramFamily::pos_of(&after), text)) {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let b = CramFamily::board(pos)?;
        CramFamily::each_move(&b, |after, text| {
            sink.push(Move::one(CramFamily::pos_of(&after), text))
        });
        Ok(())
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let b = CramFamily::board(pos)?;
        let mut parts = Vec::new();
        Cram::split(&b, &mut parts);
        let mut values = self.values.borrow_mut();
        let mut lines = Vec::new();
        let mut shown = Vec::new();
        let mut total = 0;
        for p in &parts {
            let v = values.value(p, limits)?;
            total ^= v;
            shown.push(format!("sg({}) = {v}", CramFamily::text(p)));
        }
        let me = CramFamily::text(&b);
        match parts.len() {
            0 => lines.push(format!("sg({me}) = 0: no two empty squares touch")),
            1 => {}
            _ => lines.push(format!(
                "sg({me}) = {total}: the nim-sum of its regions of empty squares, {}",
                shown.join(", ")
            )),
        }
        if let [only] = parts.as_slice() {
            let mut options = Vec::new();
            Cram::moves(only, &mut options);
            let mut seen: Vec<u32> = Vec::new();
            for o in &options {
                seen.push(values.value(o, limits)?);
            }
            seen.sort_unstable();
            seen.dedup();
            let list: Vec<String> = seen.iter().map(u32::to_string).collect();
            lines.push(format!(
                "sg({me}) = mex{{{}}} = {total}: the nim-values after its {} moves (one region, valued up to the symmetries of the square)",
                list.join(", "),
                options.len()
            ));
        }
        Ok(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::Bound;
    use sprague_engine::partizan::{GameTable, TreeValues};

    fn nim_value(b: &CramBoard) -> u32 {
        CramValues::default().value(b, &Limits::default()).unwrap()
    }

    #[test]
    fn strips_are_dawsons_kayles() {
        // 1×n Cram is the octal game 0.07, Dawson's Kayles; its nim-values for
        // n = 0, 1, 2, … (Winning Ways, ch. 4; OEIS A002187).
        let want = [
            0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
            0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4,
        ];
        let mut v = CramValues::default();
        for (n, &w) in want.iter().enumerate() {
            let b = Cram::empty(1, n).unwrap();
            assert_eq!(v.value(&b, &Limits::default()).unwrap(), w, "1×{n}");
            let b = Cram::empty(n, 1).unwrap();
            assert_eq!(v.value(&b, &Limits::default()).unwrap(), w, "{n}×1");
        }
        // Further, up to 1×64, the same as the octal-game engine's table of 0.07.
        let dawson = crate::table_family("dawson").unwrap();
        let limits = Limits::default();
        let table = dawson.report(0, 64, &limits).unwrap();
        for n in 0..=64 {
            let b = Cram::empty(1, n).unwrap();
            let got = Nat::from(v.value(&b, &limits).unwrap());
            assert_eq!(got, table.values[n], "1×{n}");
        }
    }

    #[test]
    fn symmetric_boards() {
        // Even × even boards are second-player wins (the second player answers each
        // domino by its image through the centre), even × odd ones first-player wins
        // (a first domino on the centre, then the same answer): Winning Ways, ch. 22.
        for (r, c) in [(2, 2), (2, 4), (4, 4), (2, 6), (2, 8)] {
            assert_eq!(nim_value(&Cram::empty(r, c).unwrap()), 0, "{r}×{c}");
        }
        for (r, c) in [(2, 3), (2, 5), (4, 3), (3, 4), (2, 7)] {
            assert_ne!(nim_value(&Cram::empty(r, c).unwrap()), 0, "{r}×{c}");
        }
    }

    fn plain(b: &CramBoard, memo: &mut FxHashMap<CramBoard, u32>) -> u32 {
        Cram::plain_with(b, memo)
    }

    #[test]
    fn regions_and_symmetries_equal_the_plain_tree() {
        // Every set of empty squares of boards up to 3 × 4 and 2 × 6: the nim-value by
        // regions, and the partizan value from the game tree, which must be that nimber.
        let mut memo = FxHashMap::default();
        let mut values = CramValues::default();
        let mut t = GameTable::with_limit(50_000_000);
        let mut tree = TreeValues::new();
        for (rows, cols) in [
            (1, 8),
            (2, 2),
            (2, 3),
            (3, 3),
            (2, 4),
            (3, 4),
            (4, 3),
            (2, 6),
        ] {
            for empty in 0u64..1 << (rows * cols) {
                let b = Board {
                    rows,
                    cols,
                    layers: [empty],
                };
                let want = plain(&b, &mut memo);
                assert_eq!(values.value(&b, &Limits::default()).unwrap(), want, "{b:?}");
                if rows * cols <= 9 {
                    let g = tree.value(&mut t, &Cram, &b).unwrap();
                    assert_eq!(g, t.nimber(Nat::from(want)).unwrap(), "{b:?}");
                }
            }
        }
    }

    #[test]
    fn the_height_bounds_every_play() {
        fn longest(b: &CramBoard) -> u64 {
            let mut out = Vec::new();
            Cram.options(b, Side::Left, &mut out);
            out.iter().map(|o| 1 + longest(o)).max().unwrap_or(0)
        }
        for (rows, cols) in [(1, 6), (2, 2), (2, 3), (3, 3)] {
            for empty in 0u64..1 << (rows * cols) {
                let b = Board {
                    rows,
                    cols,
                    layers: [empty],
                };
                assert!(Cram.height(&b).unwrap() >= longest(&b), "{b:?}");
            }
        }
    }

    #[test]
    fn the_bound_ends_the_search() {
        let limits = Limits {
            max_states: 100,
            ..Limits::default()
        };
        let e = CramValues::default()
            .value(&Cram::empty(6, 6).unwrap(), &limits)
            .unwrap_err();
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

    #[test]
    fn boards_read_back() {
        let b = Cram::parse("..#|...").unwrap();
        assert_eq!(Cram.show(&b), "cram(\"..#|...\")");
        assert!(Cram::parse("..#|..x").is_err());
    }
}
