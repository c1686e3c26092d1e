//! Turning Corners (Winning Ways, ch. 14): a board of coins, each heads or tails; a move
//! turns over the four corner coins of a rectangle whose sides are parallel to the
//! board's (two different rows, two different columns), and the bottom-right corner
//! must go from heads to tails. The player who cannot move loses.
//!
//! A board is written as its rows, top first, separated by `/`: `corners("TTH/HTH")`,
//! `H` heads and `T` tails (`h`, `t`, `1`, `0` are read too). Rows and columns are
//! numbered from 1 at the top left in moves (`turn 1 2 3 5`: rows 1 and 3, columns 2
//! and 5) and in the words of moves. The theory numbers them from 0: below, `x = r − 1`
//! and `y = c − 1` for the coin in row `r`, column `c`.
//!
//! # Values
//!
//! Order the coins row by row (top first, each row left to right): the bottom-right
//! corner of a rectangle is the last of its four coins, and whether four coins are a
//! move depends only on where they are. So the coin-turning theorem holds (its proof
//! is in [`super::coins`]): a board is worth the XOR over its heads of `g(x, y)`, the
//! value of a board with a single head at `(x, y)`.
//!
//! **Theorem.** `g(x, y) = x ⊗ y`, the nim product.
//!
//! *Proof.* A single head at `(x, y)` has the moves with corners `(x', y')`, `(x', y)`,
//! `(x, y')`, `(x, y)`, `x' < x`, `y' < y`: the head goes and the three other corners,
//! tails before, become heads, worth `g(x', y) ⊕ g(x, y') ⊕ g(x', y')` by the
//! coin-turning theorem. So `g(x, y) = mex{g(x', y) ⊕ g(x, y') ⊕ g(x', y') : x' < x,
//! y' < y}`, which is Conway's definition of `x ⊗ y` (*On Numbers and Games*, ch. 6);
//! by induction on `x + y`, `g(x, y) = x ⊗ y`. ∎ (A head in the top row or the left
//! column cannot move: `0 ⊗ y = x ⊗ 0 = 0`.)
//!
//! Winning moves: a move with corners rows `x' < x`, columns `y' < y` changes the value
//! by `x⊗y ⊕ x'⊗y ⊕ x⊗y' ⊕ x'⊗y' = (x ⊕ x') ⊗ (y ⊕ y')`. To reach the value `t` from
//! `V`, the product must be `d = V ⊕ t`; nimbers form a field, so for each head
//! `(x, y)` and each `x' < x` there is exactly one `y ⊕ y' = d ⊗ (x ⊕ x')⁻¹`, a move
//! when `y' < y`. The inverse of `u` in the field of `2^(2^k)` nimbers holding it is
//! `u^(2^(2^k) − 2)`. The values come from the engine's nim product
//! (`sprague_engine::partizan::nim_product`); the tests compare them and the moves
//! with the plain game tree of every board up to 4 × 4.

use super::coins::Row;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError, StopPoll};
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};
use sprague_engine::partizan::nim_product;
use sprague_engine::picture::Picture;
use std::collections::HashMap;

/// A board: `rows × cols` coins, row by row in one row of coins.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Board {
    rows: usize,
    cols: usize,
    cells: Row,
}

/// Boards of at most this many coins are drawn as cells; larger ones as text.
const DRAWN_COINS: usize = 1024;

impl Board {
    /// The board written as rows of `H`/`T` separated by `/`; the error is the index of
    /// the offending character.
    fn parse(s: &str) -> Result<Board, (usize, String)> {
        let mut cols = None;
        let mut rows = 0;
        let mut start = 0;
        let mut text = String::with_capacity(s.len());
        for (i, part) in s.split('/').enumerate() {
            let len = part.chars().count();
            if len == 0 {
                return Err((
                    start,
                    "a row of the board is empty (rows of H and T separated by /)".into(),
                ));
            }
            match cols {
                None => cols = Some(len),
                Some(c) if c != len => {
                    return Err((
                        start,
                        format!(
                            "row {} has {len} coins, row 1 has {c} (rows must be equally long)",
                            i + 1
                        ),
                    ));
                }
                _ => {}
            }
            Row::parse(part).map_err(|(k, m)| (start + k, m))?;
            text.push_str(part);
            rows += 1;
            start += len + 1;
        }
        let cells = Row::parse(&text)?;
        Ok(Board {
            rows,
            cols: cols.unwrap_or(0),
            cells,
        })
    }

    /// The position `[rows, cols, row of coins]`.
    fn pos(&self) -> Pos {
        let row = self.cells.pos();
        smallvec::smallvec![Nat::from(self.rows), Nat::from(self.cols), row[0].clone()]
    }

    /// The board of a position, checked.
    fn of(pos: &Pos) -> Result<Board, SolveError> {
        let bad = || {
            SolveError::Input(
                "corners takes boards of coins, one string per board, rows separated by /, e.g. corners(\"TTH/HTH\")".into(),
            )
        };
        let [r, c, cells] = pos.as_slice() else {
            return Err(bad());
        };
        let (Some(rows), Some(cols)) = (r.to_usize(), c.to_usize()) else {
            return Err(bad());
        };
        let cells = Row::of(&smallvec::smallvec![cells.clone()], "corners")?;
        if rows == 0 || cols == 0 || rows.checked_mul(cols) != Some(cells.len) {
            return Err(bad());
        }
        Ok(Board { rows, cols, cells })
    }

    /// The coin in row `x`, column `y` (from 0), as a place of the row of coins.
    fn at(&self, x: usize, y: usize) -> usize {
        x * self.cols + y + 1
    }

    /// The heads as `(x, y)`, row by row.
    fn heads(&self) -> Vec<(usize, usize)> {
        self.cells
            .head_list()
            .into_iter()
            .map(|i| ((i - 1) / self.cols, (i - 1) % self.cols))
            .collect()
    }

    /// The rows as text.
    fn lines(&self) -> Vec<String> {
        let t = self.cells.text();
        let chars: Vec<char> = t.chars().collect();
        chars
            .chunks(self.cols.max(1))
            .map(|c| c.iter().collect())
            .collect()
    }

    /// The board with the corners of rows `a`, `b` and columns `c`, `d` turned.
    fn turned(&self, a: usize, b: usize, c: usize, d: usize) -> Board {
        let mut coins = vec![self.at(a, c), self.at(a, d), self.at(b, c), self.at(b, d)];
        coins.sort_unstable();
        Board {
            cells: self.cells.turned(&coins),
            ..self.clone()
        }
    }
}

/// The words of the move turning the corners of rows `a < b`, columns `c < d` (from 0).
fn turn_text(a: usize, b: usize, c: usize, d: usize) -> String {
    format!(
        "turn the corners of rows {} and {}, columns {} and {}",
        a + 1,
        b + 1,
        c + 1,
        d + 1
    )
}

/// The value of a head at `(x, y)` (from 0): `x ⊗ y`.
fn single(x: usize, y: usize) -> u128 {
    nim_product(x as u128, y as u128)
}

/// The nim inverse of `u ≥ 1`: `u^(2^(2^k) − 2)` in the field of `2^(2^k)` nimbers
/// holding `u`, the product of `u^(2^i)` for `1 ≤ i < 2^k`.
fn inverse(u: u128) -> u128 {
    let bits = 128 - u.leading_zeros();
    let field = bits.next_power_of_two().max(1);
    let mut square = u;
    let mut out = 1u128;
    for _ in 1..field {
        square = nim_product(square, square);
        out = nim_product(out, square);
    }
    out
}

/// The Turning Corners family.
pub struct Corners;

impl Corners {
    fn board(&self, pos: &Pos) -> Result<Board, SolveError> {
        Board::of(pos)
    }

    fn value(b: &Board) -> u128 {
        b.heads().iter().fold(0, |acc, &(x, y)| acc ^ single(x, y))
    }

    fn offer(b: &Board, a: usize, x: usize, c: usize, y: usize, sink: &mut MoveSink) -> bool {
        sink.offer_one(b.turned(a, x, c, y).pos(), || turn_text(a, x, c, y))
    }
}

impl Family for Corners {
    fn name(&self) -> String {
        "corners".into()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        self.board(pos).map(|_| ())
    }

    fn write_position(&self, pos: &Pos, out: &mut String) {
        out.push_str("corners(\"");
        match Board::of(pos) {
            Ok(b) => out.push_str(&b.lines().join("/")),
            Err(_) => out.push('?'),
        }
        out.push_str("\")");
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        limits.check_stop()?;
        let b = self.board(pos)?;
        Ok(Some(Nat::from_big(Self::value(&b).into())))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let b = self.board(pos)?;
        let Ok(t) = u128::try_from(target.to_big()) else {
            return Ok(());
        };
        let d = Self::value(&b) ^ t;
        if d == 0 {
            return Ok(());
        }
        let mut inverses: HashMap<u128, u128> = HashMap::new();
        let mut poll = StopPoll::new();
        let mut spent = 0u64;
        for (x, y) in b.heads() {
            for a in 0..x {
                spent += 1;
                poll.spend(8, limits)?;
                if spent > limits.max_states {
                    return Err(limits.states_exceeded(&format!(
                        "the winning moves of a {}×{} board",
                        b.rows, b.cols
                    )));
                }
                let u = (x ^ a) as u128;
                let inv = *inverses.entry(u).or_insert_with(|| inverse(u));
                let v = nim_product(d, inv);
                // y ⊕ c = v with c < y.
                let Ok(v) = usize::try_from(v) else { continue };
                let c = y ^ v;
                if c < y && !Self::offer(&b, a, x, c, y, sink) {
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let b = self.board(pos)?;
        let mut poll = StopPoll::new();
        for (x, y) in b.heads() {
            for a in 0..x {
                for c in 0..y {
                    poll.spend(1, limits)?;
                    if !Self::offer(&b, a, x, c, y, sink) {
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    }

    fn move_to(&self, pos: &Pos, to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        let b = self.board(pos)?;
        let Ok(after) = self.board(to) else {
            return Ok(None);
        };
        if (after.rows, after.cols) != (b.rows, b.cols) {
            return Ok(None);
        }
        let changed: Vec<usize> = (1..=b.cells.len)
            .filter(|&i| b.cells.heads(i) != after.cells.heads(i))
            .collect();
        let [p, q, r, s] = changed.as_slice() else {
            return Ok(None);
        };
        let xy = |i: usize| ((i - 1) / b.cols, (i - 1) % b.cols);
        let ((a, c), (a2, d), (x, c2), (x2, y)) = (xy(*p), xy(*q), xy(*r), xy(*s));
        let rectangle = a == a2 && x == x2 && a < x && c == c2 && d == y && c < d;
        Ok((rectangle && b.cells.heads(*s)).then(|| Move::one(after.pos(), turn_text(a, x, c, y))))
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        limits.check_stop()?;
        let b = self.board(pos)?;
        let heads = b.heads();
        let v = Self::value(&b);
        let mut lines = vec![
            "the coin-turning theorem (Winning Ways, ch. 14): a board is worth the XOR of the values of its heads, each as if alone".to_string(),
            "a head in row r, column c is worth (r − 1) ⊗ (c − 1), the nim product: its options are those of Conway's definition of the product".to_string(),
        ];
        const SHOWN: usize = 12;
        let terms: Vec<String> = heads
            .iter()
            .take(SHOWN)
            .map(|&(x, y)| format!("{x}⊗{y}"))
            .collect();
        let vals: Vec<String> = heads
            .iter()
            .take(SHOWN)
            .map(|&(x, y)| single(x, y).to_string())
            .collect();
        let more = if heads.len() > SHOWN { " ⊕ …" } else { "" };
        lines.push(if heads.is_empty() {
            "no heads: no move, worth 0".into()
        } else {
            format!(
                "{} heads: {}{more} = {}{more} = {v}",
                heads.len(),
                terms.join(" ⊕ "),
                vals.join(" ⊕ ")
            )
        });
        Ok(lines)
    }

    fn picture(&self, pos: &Pos) -> Picture {
        match Board::of(pos) {
            Ok(b) if b.cells.len <= DRAWN_COINS => Picture::Cells {
                rows: b.lines(),
                legend: vec![('H', "heads".into()), ('T', "tails".into())],
            },
            _ => {
                let mut s = String::new();
                self.write_position(pos, &mut s);
                Picture::Text(s)
            }
        }
    }

    fn read_move(&self, pos: &Pos, words: &[&str]) -> Option<Result<Pos, String>> {
        let b = Board::of(pos).ok()?;
        match words {
            ["turn", r1, c1, r2, c2] => {
                let num = |w: &str, most: usize, what: &str| match w.parse::<usize>() {
                    Ok(k) if (1..=most).contains(&k) => Ok(k - 1),
                    _ => Err(format!("no {what} {w}: they are numbered 1 to {most}")),
                };
                let read = || -> Result<Pos, String> {
                    let (a, x) = (num(r1, b.rows, "row")?, num(r2, b.rows, "row")?);
                    let (c, y) = (num(c1, b.cols, "column")?, num(c2, b.cols, "column")?);
                    if a == x || c == y {
                        return Err(
                            "the corners need two different rows and two different columns".into(),
                        );
                    }
                    Ok(b.turned(a.min(x), a.max(x), c.min(y), c.max(y)).pos())
                };
                Some(read())
            }
            ["turn", ..] => Some(Err(
                "turn R1 C1 R2 C2: the rows and columns of two opposite corners".into(),
            )),
            [w] if w.contains('/') || (b.rows == 1 && w.len() == b.cols) => match Board::parse(w) {
                Ok(nb) if (nb.rows, nb.cols) == (b.rows, b.cols) => Some(Ok(nb.pos())),
                Ok(_) => Some(Err(format!(
                    "the board has {} rows of {} coins",
                    b.rows, b.cols
                ))),
                Err((_, m)) => Some(Err(m)),
            },
            _ => None,
        }
    }

    fn move_words(&self) -> Option<&'static str> {
        Some(
            "turn R1 C1 R2 C2: turn the corners of rows R1, R2 and columns C1, C2 (numbered from 1 at the top left; the bottom-right corner goes from heads to tails)",
        )
    }
}

/// `corners("TTH/HTH",…)` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["corners"],
    usage: Some((
        "corners(\"TTH/HTH\",…)",
        "Turning Corners: turn the four corners of a rectangle, the bottom-right one from heads to tails",
    )),
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "Turning Corners: a move turns over the four corner coins of a rectangle, the bottom-right one from heads to tails. Whoever cannot move loses.",
        example: Some("corners(\"TTH/HTH\")"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((reg.shared(Corners), 0))
    },
    read: Some(|reg, t, out| {
        use sprague_expr::Arg;
        let (family, _) = (ENTRY.build)(reg, t)?;
        let usage = "corners takes boards of coins written as strings: rows of H (heads) and T (tails) separated by /, e.g. corners(\"TTH/HTH\")";
        let args = match t.args.as_deref() {
            Some(a) if !a.is_empty() => a,
            _ => return Err(reg.error(t.span, usage)),
        };
        for a in args {
            let Arg::Str(s, span) = a else {
                return Err(reg.error(a.span(), usage));
            };
            let board = Board::parse(s).map_err(|(i, m)| {
                reg.error(
                    crate::partizan::char_span(*span, s, i),
                    &format!("bad board of coins: {m}"),
                )
            })?;
            out.push(sprague_engine::impartial::sum::Component {
                family: family.clone(),
                pos: board.pos(),
            });
        }
        Ok(())
    }),
    table: None,
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The options of the `rows × cols` board `mask` (cell `(x, y)` at bit
    /// `x·cols + y`): the four corners of every rectangle whose bottom-right corner is
    /// heads, turned.
    fn options(rows: usize, cols: usize, mask: u32) -> Vec<u32> {
        let bit = |x: usize, y: usize| 1u32 << (x * cols + y);
        let mut out = Vec::new();
        for x in 0..rows {
            for y in 0..cols {
                if mask & bit(x, y) == 0 {
                    continue;
                }
                for a in 0..x {
                    for c in 0..y {
                        out.push(mask ^ bit(a, c) ^ bit(a, y) ^ bit(x, c) ^ bit(x, y));
                    }
                }
            }
        }
        out
    }

    /// Every board's value by the plain game tree (a move lowers the board read as a
    /// binary number, so boards are valued in increasing order).
    fn plain(rows: usize, cols: usize) -> Vec<u32> {
        let mut g = vec![0u32; 1 << (rows * cols)];
        for mask in 0..1u32 << (rows * cols) {
            let seen: BTreeSet<u32> = options(rows, cols, mask)
                .into_iter()
                .map(|o| g[o as usize])
                .collect();
            g[mask as usize] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        g
    }

    fn text(rows: usize, cols: usize, mask: u32) -> String {
        let rows: Vec<String> = (0..rows)
            .map(|x| {
                (0..cols)
                    .map(|y| {
                        if mask >> (x * cols + y) & 1 == 1 {
                            'H'
                        } else {
                            'T'
                        }
                    })
                    .collect()
            })
            .collect();
        format!("corners(\"{}\")", rows.join("/"))
    }

    #[test]
    fn boards_up_to_four_by_four_are_worth_their_game_trees() {
        let limits = Limits::default();
        for rows in 1..=4 {
            for cols in 1..=4 {
                let g = plain(rows, cols);
                // Every board to 3 × 4 and 4 × 3; on 4 × 4 every third board.
                let step = if rows * cols == 16 { 3 } else { 1 };
                for mask in (0..1u32 << (rows * cols)).step_by(step) {
                    let e = text(rows, cols, mask);
                    let c = &crate::components(&e).unwrap()[0];
                    assert_eq!(c.expr(), e);
                    assert_eq!(
                        c.family.grundy(&c.pos, &limits).unwrap(),
                        Some(Nat::from(g[mask as usize])),
                        "{e}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_move_and_every_move_to_a_value_is_the_game_trees() {
        let limits = Limits::default();
        for (rows, cols) in [(2, 2), (2, 3), (3, 3), (3, 2), (1, 4), (4, 4)] {
            let g = plain(rows, cols);
            let step = if rows * cols == 16 { 37 } else { 1 };
            for mask in (0..1u32 << (rows * cols)).step_by(step) {
                let e = text(rows, cols, mask);
                let c = &crate::components(&e).unwrap()[0];
                let opts = options(rows, cols, mask);
                let mut sink = MoveSink::new(1 << 16);
                c.family.moves(&c.pos, &limits, &mut sink).unwrap();
                let got: BTreeSet<String> =
                    sink.moves.iter().map(|m| m.to_text(&*c.family)).collect();
                let want: BTreeSet<String> = opts.iter().map(|&o| text(rows, cols, o)).collect();
                assert_eq!(got.len(), sink.moves.len());
                assert_eq!(got, want, "{e}");
                for t in 0..=g[mask as usize] + 2 {
                    let mut sink = MoveSink::new(1 << 16);
                    c.family
                        .moves_to_value(&c.pos, &Nat::from(t), &limits, &mut sink)
                        .unwrap();
                    let got: BTreeSet<String> =
                        sink.moves.iter().map(|m| m.to_text(&*c.family)).collect();
                    assert_eq!(got.len(), sink.moves.len());
                    let want: BTreeSet<String> = opts
                        .iter()
                        .filter(|&&o| g[o as usize] == t)
                        .map(|&o| text(rows, cols, o))
                        .collect();
                    assert_eq!(got, want, "{e} to {t}");
                }
                for o in (0..1u32 << (rows * cols)).step_by(step) {
                    let to = &crate::components(&text(rows, cols, o)).unwrap()[0];
                    let m = c.family.move_to(&c.pos, &to.pos, &limits).unwrap();
                    assert_eq!(m.is_some(), opts.contains(&o), "{e} → {o}");
                }
            }
        }
    }

    #[test]
    fn single_heads_are_nim_products_by_the_mex_definition() {
        // g(x, y) = mex{g(x', y) ⊕ g(x, y') ⊕ g(x', y')}, computed here to 20 × 20 from
        // the rule; and the family's value of a single head.
        let n = 20;
        let mut g = vec![vec![0u128; n]; n];
        for x in 0..n {
            for y in 0..n {
                let mut seen = BTreeSet::new();
                for a in 0..x {
                    for c in 0..y {
                        seen.insert(g[a][y] ^ g[x][c] ^ g[a][c]);
                    }
                }
                g[x][y] = (0..).find(|v| !seen.contains(v)).unwrap();
                assert_eq!(single(x, y), g[x][y], "({x}, {y})");
            }
        }
        // Nim inverses: u ⊗ u⁻¹ = 1.
        for u in (1..2000u128).chain([65_535, 65_536, 1 << 40, u64::MAX as u128]) {
            assert_eq!(nim_product(u, inverse(u)), 1, "{u}");
        }
    }

    #[test]
    fn large_boards_answer_winning_moves_that_win() {
        let limits = Limits::default();
        // A 60 × 70 board with a pattern of heads.
        let (rows, cols) = (60usize, 70usize);
        let board: Vec<String> = (0..rows)
            .map(|x| {
                (0..cols)
                    .map(|y| if (x * 7 + y * 3) % 11 == 0 { 'H' } else { 'T' })
                    .collect()
            })
            .collect();
        let e = format!("corners(\"{}\")", board.join("/"));
        let c = &crate::components(&e).unwrap()[0];
        let v = c.family.grundy(&c.pos, &limits).unwrap().unwrap();
        let mut sink = MoveSink::new(5);
        c.family
            .moves_to_value(&c.pos, &Nat::ZERO, &limits, &mut sink)
            .unwrap();
        assert!(v.is_zero() || !sink.moves.is_empty());
        for m in &sink.moves {
            assert_eq!(
                c.family.grundy(&m.to[0], &limits).unwrap(),
                Some(Nat::ZERO),
                "{}",
                m.text
            );
        }
    }

    #[test]
    fn typed_moves_and_bad_boards() {
        let c = &crate::components("corners(\"TTT/THH\")").unwrap()[0];
        let f = &c.family;
        let r = f
            .read_move(&c.pos, &["turn", "2", "3", "1", "1"])
            .unwrap()
            .unwrap();
        let mut s = String::new();
        f.write_position(&r, &mut s);
        assert_eq!(s, "corners(\"HTH/HHT\")");
        assert!(
            f.read_move(&c.pos, &["turn", "1", "1", "1", "2"])
                .unwrap()
                .is_err()
        );
        assert!(
            f.read_move(&c.pos, &["turn", "3", "1", "1", "1"])
                .unwrap()
                .is_err()
        );
        assert!(f.read_move(&c.pos, &["hth/tht"]).unwrap().is_ok());
        for bad in [
            "corners(\"HT/H\")",
            "corners(\"HT//TH\")",
            "corners(\"\")",
            "corners(\"HX\")",
            "corners(1,2)",
        ] {
            assert!(crate::components(bad).is_err(), "{bad}");
        }
        assert_eq!(
            crate::components("corners(\"HT/HX\")")
                .err()
                .unwrap()
                .column,
            14
        );
    }
}
