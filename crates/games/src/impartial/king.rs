//! A king in a corner: a piece r rows and c columns away from the bottom-right corner
//! moves one step right, down, or diagonally down-right; the player who cannot move
//! (the piece is in the corner) loses.
//!
//! Closed form (checked against exhaustive search in the tests): with r and c both
//! even the value is 0, both odd 2; otherwise 1 when the odd coordinate is the larger,
//! else 3. So the player to move loses exactly when r and c are both even.

use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::exhaustive::GameRules;
use sprague_engine::impartial::exhaustive_family::PositionRules;
use sprague_engine::impartial::family::{Family, MoveSink, Pos};
use sprague_engine::picture::{MARKED_BOARD, Picture, Piece};

/// The rules of the king's walk.
#[derive(Clone, Copy, Debug, Default)]
pub struct King;

impl GameRules for King {
    type Position = (Nat, Nat);

    fn options(&self, (r, c): &(Nat, Nat), out: &mut Vec<(Nat, Nat)>) {
        let one = Nat::from(1u64);
        let r1 = r.checked_sub(&one);
        let c1 = c.checked_sub(&one);
        if let Some(c1) = &c1 {
            out.push((r.clone(), c1.clone()));
        }
        if let Some(r1) = &r1 {
            out.push((r1.clone(), c.clone()));
        }
        if let (Some(r1), Some(c1)) = (r1, c1) {
            out.push((r1, c1));
        }
    }
}

impl PositionRules for King {
    fn name(&self) -> String {
        "king".into()
    }

    fn decode(&self, pos: &Pos) -> Result<(Nat, Nat), SolveError> {
        match pos.as_slice() {
            [r, c] => Ok((r.clone(), c.clone())),
            _ => Err(SolveError::Input(
                "king(r,c) takes two arguments: rows and columns from the corner".into(),
            )),
        }
    }

    fn encode(&self, (r, c): &(Nat, Nat)) -> Pos {
        smallvec::smallvec![r.clone(), c.clone()]
    }

    fn describe(&self, (r, c): &(Nat, Nat), (r2, c2): &(Nat, Nat)) -> String {
        match (r == r2, c == c2) {
            (true, false) => format!("step right (to row {r2}, column {c2})"),
            (false, true) => format!("step down (to row {r2}, column {c2})"),
            _ => format!("step diagonally (to row {r2}, column {c2})"),
        }
    }
}

/// The value of `king(r,c)` by the closed form.
pub fn value(r: &Nat, c: &Nat) -> u32 {
    match (r.bit(0), c.bit(0)) {
        (false, false) => 0,
        (true, true) => 2,
        (true, false) => {
            if r > c {
                1
            } else {
                3
            }
        }
        (false, true) => {
            if c > r {
                1
            } else {
                3
            }
        }
    }
}

/// The P-positions of the king's walk on the board up to `cols` columns and `rows`
/// rows from the corner, as cells `(column, row)`: both distances even (the closed
/// form above). None when a side exceeds [`MARKED_BOARD`].
pub fn p_positions(cols: &Nat, rows: &Nat) -> Vec<(u64, u64)> {
    match (cols.to_u64(), rows.to_u64()) {
        (Some(x), Some(y)) if x <= MARKED_BOARD && y <= MARKED_BOARD => (0..=x)
            .step_by(2)
            .flat_map(|i| (0..=y).step_by(2).map(move |j| (i, j)))
            .collect(),
        _ => Vec::new(),
    }
}

impl Family for King {
    /// A king `r` rows and `c` columns from the corner: `c` columns, `r` rows on the
    /// board, the P-positions marked (both distances even, the closed form above).
    fn picture(&self, pos: &Pos) -> Picture {
        match pos.as_slice() {
            [r, c] => Picture::Board {
                x: c.clone(),
                y: r.clone(),
                piece: Piece::King,
                marks: p_positions(c, r),
            },
            _ => {
                let mut s = String::new();
                self.write_position(pos, &mut s);
                Picture::Text(s)
            }
        }
    }

    fn name(&self) -> String {
        PositionRules::name(self)
    }

    /// Both distances even (the closed form above).
    fn p_positions_rule(&self) -> Option<String> {
        Some("the squares (r, c) with r and c both even".into())
    }

    /// `right`, `down` or `diag`: one step of the king.
    fn read_move(&self, pos: &Pos, words: &[&str]) -> Option<Result<Pos, String>> {
        let dir = match words {
            [dir @ ("right" | "down" | "diag")] => *dir,
            _ => return None,
        };
        let (r, c) = self.decode(pos).ok()?;
        let one = Nat::from(1u64);
        let to = match dir {
            "right" => c.checked_sub(&one).map(|c| (r.clone(), c)),
            "down" => r.checked_sub(&one).map(|r| (r, c.clone())),
            _ => r.checked_sub(&one).zip(c.checked_sub(&one)),
        };
        Some(match to {
            Some(to) => Ok(self.encode(&to)),
            None => {
                let mut here = String::new();
                self.write_position(pos, &mut here);
                Err(format!("the king of {here} cannot step {dir}"))
            }
        })
    }

    fn move_words(&self) -> Option<&'static str> {
        Some("right, down or diag [N]: step the (N-th) king")
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        self.decode(pos).map(|_| ())
    }

    fn grundy(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let (r, c) = self.decode(pos)?;
        Ok(Some(Nat::from(value(&r, &c))))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        _limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let p = self.decode(pos)?;
        let mut opts = Vec::new();
        self.options(&p, &mut opts);
        for o in opts {
            if Nat::from(value(&o.0, &o.1)) == *target
                && !sink.offer_one(self.encode(&o), || self.describe(&p, &o))
            {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let p = self.decode(pos)?;
        let mut opts = Vec::new();
        self.options(&p, &mut opts);
        for o in opts {
            if !sink.offer_one(self.encode(&o), || self.describe(&p, &o)) {
                break;
            }
        }
        Ok(())
    }

    fn explain(&self, pos: &Pos, _limits: &Limits) -> Result<Vec<String>, SolveError> {
        let (r, c) = self.decode(pos)?;
        let v = value(&r, &c);
        let why = match (r.bit(0), c.bit(0)) {
            (false, false) => "both distances are even".to_string(),
            (true, true) => "both distances are odd".to_string(),
            _ => format!(
                "one distance is odd and it is the {} one",
                if v == 1 {
                    "larger"
                } else {
                    "smaller (or equal)"
                }
            ),
        };
        Ok(vec![format!(
            "sg(king({r},{c})) = {v}: {why}; the mover loses exactly when both distances are even"
        )])
    }
}

/// `king` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["king"],
    usage: Some((
        "king(r,c)",
        "a king steps toward the corner (right, down, diagonal)",
    )),
    shown: Some(super::Shown {
        group: super::Group::Study,
        rules: "A king on a board steps one square right, down or diagonally toward the corner. Whoever brings it to the corner wins.",
        example: Some("king(4,6)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((reg.shared(King), 0))
    },
    read: None,
    table: None,
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_king_reads_its_own_words() {
        let pos = |r: u64, c: u64| -> Pos { smallvec::smallvec![Nat::from(r), Nat::from(c)] };
        // One step right (a column less), down (a row less) or both.
        assert_eq!(King.read_move(&pos(2, 3), &["right"]), Some(Ok(pos(2, 2))));
        assert_eq!(King.read_move(&pos(2, 3), &["down"]), Some(Ok(pos(1, 3))));
        assert_eq!(King.read_move(&pos(2, 3), &["diag"]), Some(Ok(pos(1, 2))));
        // At the edge: the bottom row has no step down nor diagonal, the last column
        // none right.
        assert_eq!(
            King.read_move(&pos(0, 3), &["diag"]),
            Some(Err("the king of king(0,3) cannot step diag".into()))
        );
        assert_eq!(
            King.read_move(&pos(0, 3), &["down"]),
            Some(Err("the king of king(0,3) cannot step down".into()))
        );
        assert_eq!(King.read_move(&pos(0, 3), &["right"]), Some(Ok(pos(0, 2))));
        assert_eq!(
            King.read_move(&pos(4, 0), &["right"]),
            Some(Err("the king of king(4,0) cannot step right".into()))
        );
        // Not its words (a number after them is the session's, never passed here).
        for words in [&["left"][..], &["diag", "2"], &["2", "both"], &[]] {
            assert_eq!(King.read_move(&pos(2, 3), words), None, "{words:?}");
        }
    }
    use sprague_engine::impartial::exhaustive::GrundySearch;

    #[test]
    fn closed_form_matches_exhaustive_search() {
        let mut s = GrundySearch::new(King);
        let limits = Limits::default();
        for r in 0u64..40 {
            for c in 0u64..40 {
                let p = (Nat::from(r), Nat::from(c));
                assert_eq!(
                    s.grundy(&p, &limits).unwrap(),
                    value(&p.0, &p.1),
                    "({r},{c})"
                );
            }
        }
    }

    #[test]
    fn picture_marks_the_p_positions_found_by_exhaustive_search() {
        let mut s = GrundySearch::new(King);
        let limits = Limits::default();
        for (r, c) in [(0u64, 0u64), (4, 3), (9, 12), (MARKED_BOARD, 5)] {
            let pos: Pos = smallvec::smallvec![Nat::from(r), Nat::from(c)];
            let Picture::Board { x, y, marks, piece } = King.picture(&pos) else {
                panic!("king({r},{c}) is drawn as a board");
            };
            // Columns across, rows up.
            assert_eq!((x, y, piece), (Nat::from(c), Nat::from(r), Piece::King));
            let mut zeros = Vec::new();
            for i in 0..=c {
                for j in 0..=r {
                    if s.grundy(&(Nat::from(j), Nat::from(i)), &limits).unwrap() == 0 {
                        zeros.push((i, j));
                    }
                }
            }
            assert_eq!(marks, zeros, "king({r},{c})");
        }
        assert!(p_positions(&Nat::from(MARKED_BOARD + 1), &Nat::ZERO).is_empty());
    }

    #[test]
    fn corner_is_lost_and_adjacent_squares_win() {
        // From the rules: the corner has no move; one step away the king reaches it.
        assert_eq!(value(&Nat::ZERO, &Nat::ZERO), 0);
        assert_ne!(value(&Nat::ZERO, &Nat::from(1u64)), 0);
        assert_ne!(value(&Nat::from(1u64), &Nat::from(1u64)), 0);
    }
}
