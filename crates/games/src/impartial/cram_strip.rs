//! Cram strips: `cram[r]` is Cram on the empty boards of `r` rows, heap `n` the
//! `r × n` board (`cram[2](5)` is `cram(2,5)`). Both players place a domino on two
//! empty squares side by side, across or down; the player who cannot place one loses.
//!
//! `table 'cram[2]' --to 20` gives the nim-values of the `2 × n` boards for
//! `n = 0..20`, each from the game tree of its board (regions of empty squares valued
//! once up to the symmetries of the square, see [`crate::partizan::cram`]).
//! The values of a strip are not those of a take-and-break game (a domino across
//! leaves a board that is no strip), so no theorem proves a period: a period the
//! table shows is reported as seen, not proved. Boards have at most 64 squares, so
//! `cram[r]` reaches `n = 64 / r`.

use crate::partizan::cram::{Cram, CramFamily, CramValues};
use smallvec::smallvec;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::family::{Family, MoveSink, Pos};
use sprague_engine::impartial::heap::{Estimate, TableFamily, detect};
use sprague_engine::impartial::mex::Mex;
use sprague_engine::impartial::period::Period;
use sprague_engine::impartial::store::ValueStore;
use sprague_engine::impartial::watch::{Poll, TableHalt, TableWatch};
use std::cell::{Ref, RefCell};

/// The most squares of a board (the board is a 64-bit mask).
const MAX_SQUARES: usize = 64;

/// The boards of `rows` rows, as a heap family (`n` columns) with a table.
pub(crate) struct CramStrip {
    rows: usize,
    /// Region values, shared by every board of the table and every component.
    values: RefCell<CramValues>,
    /// The values of the boards `rows × 0`, `rows × 1`, … computed or adopted.
    known: RefCell<ValueStore>,
    /// The boards as components of a sum, valued by the Cram family.
    boards: CramFamily,
}

impl CramStrip {
    /// The strips of `rows` rows; `None` unless `1 ≤ rows ≤ 64`.
    pub fn new(rows: usize) -> Option<CramStrip> {
        (1..=MAX_SQUARES).contains(&rows).then(|| CramStrip {
            rows,
            values: RefCell::default(),
            known: RefCell::default(),
            boards: CramFamily::new(),
        })
    }

    /// The most columns a board of this family may have.
    pub(crate) fn max_columns(&self) -> usize {
        MAX_SQUARES / self.rows
    }

    /// The error for a board of `n` columns, too large for a 64-square board.
    fn too_wide(&self, n: impl std::fmt::Display) -> SolveError {
        SolveError::Input(format!(
            "{}({n}): a Cram board has at most 64 squares, so {} rows reach {} columns",
            self.name_text(),
            self.rows,
            self.max_columns()
        ))
    }

    fn name_text(&self) -> String {
        format!("cram[{}]", self.rows)
    }

    /// The number of moves of the empty `rows × n` board: a bound on its value.
    fn move_count(&self, n: usize) -> u64 {
        let r = self.rows as u64;
        let n = n as u64;
        r * n.saturating_sub(1) + r.saturating_sub(1) * n
    }

    /// The nim-value of the empty `rows × n` board.
    fn board_value(&self, n: usize, limits: &Limits) -> Result<u32, SolveError> {
        let b = Cram::empty(self.rows, n).ok_or_else(|| self.too_wide(n))?;
        self.values.borrow_mut().value(&b, limits)
    }

    /// The position `[rows, n]` of the Cram family for heap `n`.
    fn board_pos(&self, pos: &Pos) -> Result<Pos, SolveError> {
        match pos.as_slice() {
            [n] => match n.to_usize() {
                Some(c) if c <= self.max_columns() => {
                    Ok(smallvec![Nat::from(self.rows), n.clone()])
                }
                _ => Err(self.too_wide(n)),
            },
            _ => Err(SolveError::Input(format!(
                "{} takes numbers of columns, one per board",
                self.name_text()
            ))),
        }
    }

    /// Checks the range `from..=to` of a table: in order and within 64 squares.
    fn check_range(&self, from: usize, to: usize) -> Result<(), SolveError> {
        if to < from {
            return Err(SolveError::Input(format!(
                "the first heap {from} is larger than the last {to}"
            )));
        }
        if to > self.max_columns() {
            return Err(self.too_wide(to));
        }
        Ok(())
    }
}

impl TableFamily for CramStrip {
    fn name(&self) -> String {
        self.name_text()
    }

    fn estimate(&self, from: usize, to: usize, _limits: &Limits) -> Result<Estimate, SolveError> {
        self.check_range(from, to)?;
        let heaps = to + 1;
        Ok(Estimate {
            heaps,
            width: self.known.borrow().width(),
            value_bytes: (heaps * self.known.borrow().width()) as u64,
            other_bytes: 0,
            other_use: "the regions of the boards (no more than the bound on positions)",
        })
    }

    fn prepare_watched(
        &self,
        from: usize,
        to: usize,
        limits: &Limits,
        watch: &mut dyn TableWatch,
    ) -> Result<Option<(Period, bool)>, TableHalt> {
        self.check_range(from, to)?;
        let mut poll = Poll::new(watch);
        poll.want(to + 1);
        loop {
            let n = self.known.borrow().len();
            if n > to {
                break;
            }
            let v = self.board_value(n, limits)?;
            let mut known = self.known.borrow_mut();
            known.push(v);
            // A board costs about its regions' options: counted by the move bound.
            let work = self.move_count(n).saturating_mul(1 << 10);
            let go = match &*known {
                ValueStore::U16(v) => poll.heap_done(work, v),
                ValueStore::U32(v) => poll.heap_done(work, v),
            };
            if !go {
                return Err(TableHalt::Stopped);
            }
        }
        let known = self.known.borrow();
        // No theorem: a period is only what the values show.
        Ok(detect(known.slice().prefix(to + 1)).map(|p| (p, false)))
    }

    fn value_at(&self, n: usize) -> Option<Nat> {
        let known = self.known.borrow();
        (n < known.len()).then(|| Nat::from(known.get(n)))
    }

    fn derivation(&self, n: &Nat, limits: &Limits) -> Result<String, SolveError> {
        let c = n
            .to_usize()
            .filter(|&c| c <= self.max_columns())
            .ok_or_else(|| self.too_wide(n))?;
        let board = Cram::empty(self.rows, c).ok_or_else(|| self.too_wide(n))?;
        let value = self.board_value(c, limits)?;
        let mut options = Vec::new();
        Cram::moves(&board, &mut options);
        let mut seen = Vec::new();
        for o in &options {
            seen.push(self.values.borrow_mut().value(o, limits)?);
        }
        seen.sort_unstable();
        seen.dedup();
        debug_assert_eq!(Mex::default().of(seen.iter().copied()), value);
        let list: Vec<String> = seen.iter().map(u32::to_string).collect();
        Ok(format!(
            "sg({}×{c}) = mex{{{}}} = {value}: the nim-values after its {} moves",
            self.rows,
            list.join(", "),
            options.len()
        ))
    }

    fn resume(&self, values: ValueStore) -> Result<(), String> {
        if values.len() > self.max_columns() + 1 {
            return Err(format!(
                "{} values saved, but {} has boards of at most {} columns",
                values.len(),
                self.name_text(),
                self.max_columns()
            ));
        }
        for n in 0..values.len() {
            if u64::from(values.get(n)) > self.move_count(n) {
                return Err(format!(
                    "the value {} of the {}×{n} board is more than its {} moves allow",
                    values.get(n),
                    self.rows,
                    self.move_count(n)
                ));
            }
        }
        *self.known.borrow_mut() = values;
        Ok(())
    }

    fn known_values(&self) -> Ref<'_, ValueStore> {
        self.known.borrow()
    }
}

impl Family for CramStrip {
    fn name(&self) -> String {
        self.name_text()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        self.board_pos(pos).map(|_| ())
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let b = self.board_pos(pos)?;
        let c = b[1].to_usize().unwrap_or(0);
        if let Some(v) = self.value_at(c) {
            return Ok(Some(v));
        }
        self.board_value(c, limits).map(|v| Some(Nat::from(v)))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        self.boards
            .moves_to_value(&self.board_pos(pos)?, target, limits, sink)
    }

    fn moves(&self, pos: &Pos, limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        self.boards.moves(&self.board_pos(pos)?, limits, sink)
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let b = self.board_pos(pos)?;
        Ok(vec![self.derivation(&b[1], limits)?])
    }

    fn is_heap_family(&self) -> bool {
        true
    }

    fn is_numbered_heap(&self) -> bool {
        false
    }
}

/// `cram` in the expression language: `cram[r](n,…)`, strips of r rows, one
/// component per strip (with tables); `cram("..|..")`, any board, written out.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["cram"],
    usage: None,
    shown: None,
    build: |reg, t| {
        if t.params.is_some() {
            Ok((reg.shared(read_strip(reg, t)?), 1))
        } else {
            Ok((reg.shared(CramFamily::new()), 0))
        }
    },
    read: Some(|reg, t, out| {
        let (family, per_component) = (ENTRY.build)(reg, t)?;
        if t.params.is_some() {
            return reg.push_args(t, family, per_component, out);
        }
        // A board written out is a string: the family reads its own arguments.
        let pos = CramFamily::position(t).map_err(|(span, m)| reg.error(span, &m))?;
        out.push(sprague_engine::impartial::sum::Component { family, pos });
        Ok(())
    }),
    table: Some(|reg, t| Ok(std::rc::Rc::new(read_strip(reg, t)?))),
    names_file: super::no_file,
};

/// The strips `cram[r]` (boards of `r` rows, written by their columns).
fn read_strip(
    reg: &crate::Registry<'_>,
    t: &sprague_expr::FamilyTerm,
) -> Result<CramStrip, crate::ExprError> {
    const USAGE: &str = "cram[r] takes the rows r of its boards, 1 to 64 (cram[2](5) is the 2×5 board); tables: table 'cram[2]'";
    let rows = reg.positive_param(t, USAGE)?;
    rows.to_usize().and_then(CramStrip::new).ok_or_else(|| {
        let at = t.params.as_deref().map_or(t.span, |p| p[0].span());
        reg.error(at, USAGE)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::Bound;
    use sprague_engine::impartial::watch::Unwatched;

    fn table(rows: usize, to: usize) -> Vec<u32> {
        let s = CramStrip::new(rows).unwrap();
        s.report(0, to, &Limits::default())
            .unwrap()
            .values
            .iter()
            .map(|v| v.to_u64().unwrap() as u32)
            .collect()
    }

    #[test]
    fn one_row_is_dawsons_kayles() {
        // 1×n Cram is Dawson's Kayles, the octal game 0.07 on a heap of n (Winning Ways,
        // ch. 4; OEIS A002187 with its offset).
        let dawson = crate::table_family("dawson").unwrap();
        let want = dawson.report(0, 64, &Limits::default()).unwrap().values;
        let got = CramStrip::new(1)
            .unwrap()
            .report(0, 64, &Limits::default())
            .unwrap();
        assert_eq!(got.values, want);
        // 0.07 has period 34 (from heap 52 in this numbering), but nothing proves it here.
        assert!(got.period.is_none_or(|(_, proved)| !proved));
    }

    #[test]
    fn symmetry_decides_even_boards() {
        // Winning Ways, ch. 22 (and Gardner): on an even × even board the second player
        // answers each domino by its image through the centre, so the value is 0; on
        // an even × odd board the first player takes the two centre squares across
        // the even side and then answers likewise, so the value is not 0.
        let two = table(2, 16);
        for (n, &v) in two.iter().enumerate() {
            assert_eq!(v == 0, n % 2 == 0, "2×{n}: {v}");
        }
        let three = table(3, 8);
        for n in (2..=8).step_by(2) {
            assert_ne!(three[n], 0, "3×{n}");
        }
        let four = table(4, 6);
        for (n, &v) in four.iter().enumerate().skip(1) {
            assert_eq!(v == 0, n % 2 == 0, "4×{n}: {v}");
        }
    }

    #[test]
    fn published_values_of_wider_boards() {
        // Nim-values of the empty m × n boards computed by Lemoine and Viennot (Glop),
        // M. Schneider (Das Spiel Juvavum, 2009) and P. Beling, as tabulated in the
        // README of Beling's impartial-games repository (rows 4 and 5): 4×5 = 2,
        // 4×7 = 3, 5×5 = 0.
        let four = table(4, 7);
        assert_eq!((four[5], four[7]), (2, 3));
        assert_eq!(table(5, 5)[5], 0);
        // The same board either way round.
        assert_eq!(table(5, 4)[4], 2);
    }

    #[test]
    fn the_table_equals_the_plain_game_tree() {
        // Each board valued by the mex over its options with no regions or symmetries
        // (the Cram module's plain tree), for every board of at most 16 squares.
        for rows in 1..=4 {
            let max = 16 / rows;
            let t = table(rows, max);
            for (n, &v) in t.iter().enumerate() {
                let b = Cram::empty(rows, n).unwrap();
                assert_eq!(v, Cram::plain_value(&b), "{rows}×{n}");
            }
        }
    }

    #[test]
    fn boards_beyond_64_squares_are_refused() {
        let s = CramStrip::new(3).unwrap();
        let e = s.estimate(0, 22, &Limits::default()).unwrap_err();
        assert!(e.to_string().contains("3 rows reach 21 columns"), "{e}");
        assert!(CramStrip::new(0).is_none());
        assert!(CramStrip::new(65).is_none());
        // A value larger than the board's moves cannot have been saved.
        let s = CramStrip::new(2).unwrap();
        assert!(s.resume(ValueStore::from(vec![0, 1, 0, 9])).is_err());
        assert!(s.resume(ValueStore::from(vec![0, 1, 0, 1])).is_ok());
        assert_eq!(s.value_at(3), Some(Nat::from(1u32)));
    }

    #[test]
    fn the_bound_ends_a_long_table() {
        let limits = Limits {
            max_states: 1000,
            ..Limits::default()
        };
        let s = CramStrip::new(2).unwrap();
        let e = s
            .prepare_watched(0, 30, &limits, &mut Unwatched)
            .unwrap_err();
        assert!(matches!(
            e,
            TableHalt::Failed(SolveError::Limit {
                bound: Bound::States,
                ..
            })
        ));
    }

    #[test]
    fn a_strip_in_a_sum_is_its_board() {
        let s = CramStrip::new(2).unwrap();
        let limits = Limits::default();
        let pos: Pos = smallvec![Nat::from(3u32)];
        assert_eq!(s.grundy(&pos, &limits).unwrap(), Some(Nat::from(1u32)));
        let mut sink = MoveSink::new(100);
        s.moves(&pos, &limits, &mut sink).unwrap();
        // 2×3: three dominoes across in each row pair (2 per row) and three down.
        assert_eq!(sink.moves.len(), 7);
        assert!(s.check(&smallvec![Nat::from(33u32)]).is_err());
    }
}
