//! Konane: `konane("XO.|...")` (rows separated by `|`; `X` a stone of Left's, `O` one
//! of Right's, `.` an empty square, `#` a square that is not part of the board; at most
//! 64 squares). A move jumps one of your stones orthogonally over an adjacent stone of
//! the opponent's into the empty square just beyond, removing the stone jumped; the
//! same stone may go on jumping in the same direction, and each number of jumps is a
//! move of its own. The player who cannot move loses. Left plays `X` (black, as in
//! CGSuite and cgt, where Left writes `x`).
//!
//! The value comes from the game tree. Regions: a square can only ever hold a stone if
//! it holds one now or a stone can land on it, which needs two squares before it in
//! a line that can hold stones; the squares that can never hold a stone are taken off
//! the board, and the parts of the rest (orthogonally connected) are independent,
//! since a jump uses three squares in a row of them. A part with stones of one colour
//! only is 0 (a jump needs an opponent's stone) and is dropped; each part is valued
//! once up to the eight symmetries of the square.

use super::Ruleset;
use super::grid::{self, Board, ORTHOGONAL, Symmetry, Touch};
use sprague_engine::partizan::{Rules, Side};
use sprague_expr::{FamilyTerm, Span};

/// A Konane board: layer 0 Left's stones (`X`), layer 1 Right's (`O`), layer 2 the
/// squares of the board (with or without a stone).
pub(crate) type KonaneBoard = Board<3>;

/// Konane's rules (no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Konane;

impl Konane {
    /// Reads a board such as `"XO.|..#"`; on error, the character index and what is
    /// wrong.
    pub fn parse(s: &str) -> Result<KonaneBoard, (usize, String)> {
        grid::parse(
            s,
            |c| match c {
                '.' => Some(4),
                'X' | 'x' => Some(5),
                'O' | 'o' => Some(6),
                '#' => Some(0),
                _ => None,
            },
            "a Konane square is X (Left's stone), O (Right's stone), . (empty) or # (off the board)",
        )
    }

    /// The board as rows of `X`, `O`, `.` and `#` separated by `|`.
    pub fn board_text(b: &KonaneBoard) -> String {
        grid::show(b, |s| match s {
            5 => 'X',
            6 => 'O',
            4 => '.',
            _ => '#',
        })
    }

    /// The squares that hold a stone now or can hold one later: grown from the
    /// stones by the empty squares that a stone could land on, two live squares
    /// before it in a line (each direction a few whole-board shifts).
    fn live(b: &KonaneBoard) -> u64 {
        let (rows, cols) = b.dims();
        let mut live = b.layers[0] | b.layers[1];
        loop {
            let mut landing = 0;
            for &(dr, dc) in &ORTHOGONAL {
                // Squares e with e − d live, then those with e − 2d live as well.
                let once = grid::shift(rows, cols, live, dr, dc);
                landing |= grid::shift(rows, cols, once & live, dr, dc);
            }
            let grown = live | (landing & b.layers[2]);
            if grown == live {
                return live;
            }
            live = grown;
        }
    }
}

impl Rules for Konane {
    type Position = KonaneBoard;

    fn options(&self, b: &KonaneBoard, side: Side, out: &mut Vec<KonaneBoard>) {
        let (rows, cols) = b.dims();
        let (me, them) = match side {
            Side::Left => (0, 1),
            Side::Right => (1, 0),
        };
        let empty = b.layers[2] & !(b.layers[0] | b.layers[1]);
        let mut mine = b.layers[me];
        while mine != 0 {
            let from = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            for &(dr, dc) in &ORTHOGONAL {
                let mut layers = b.layers;
                layers[me] &= !(1 << from);
                let mut at = from;
                // Jump while the next square holds an opponent's stone and the one
                // beyond is empty (it stays empty: the stone left it or never was there).
                while let Some(over) = grid::step(rows, cols, at, dr, dc)
                    && b.layers[them] >> over & 1 == 1
                    && let Some(to) = grid::step(rows, cols, over, dr, dc)
                    && empty >> to & 1 == 1
                {
                    layers[them] &= !(1 << over);
                    at = to;
                    let mut after = layers;
                    after[me] |= 1 << to;
                    out.push(Board {
                        layers: after,
                        ..*b
                    });
                }
            }
        }
    }

    fn regions(&self, b: &KonaneBoard, out: &mut Vec<KonaneBoard>) {
        let (rows, cols) = b.dims();
        for part in grid::parts(rows, cols, Konane::live(b), Touch::Orthogonal) {
            if part & b.layers[0] != 0 && part & b.layers[1] != 0 {
                out.push(b.normalise(part, Symmetry::Square));
            }
        }
    }
}

impl Ruleset for Konane {
    const RULES: &'static str = "Konane: a move jumps one of your stones over an adjacent stone of the opponent onto an empty square beyond, removing it (several jumps in a line allowed). Whoever cannot move loses.";
    const EXAMPLE: &'static str = "konane(\"XO..|.OX.\")";
    const NAME: &'static str = "konane";
    const LEGEND: &'static [(char, &'static str)] = &[
        ('.', "empty"),
        ('X', "Left's stone"),
        ('O', "Right's stone"),
        ('#', "no square"),
    ];
    const MOVE_CELLS: Option<(&'static str, &'static str)> = Some(("Konane", "from and to"));
    const USAGE: &'static str = "konane takes a board: konane(\"XO.|...\") (rows separated by |, X Left's stone, O Right's stone, . empty, # off the board), at most 64 squares; Left plays X";

    fn read(f: &FamilyTerm) -> Result<(Konane, KonaneBoard), (Span, String)> {
        Ok((Konane, grid::read_board(f, Self::USAGE, Konane::parse)?))
    }

    fn show(&self, b: &KonaneBoard) -> String {
        format!("konane(\"{}\")", Konane::board_text(b))
    }

    fn method(&self) -> String {
        "Konane (Left plays X), from the game tree: squares no stone can reach taken off, each part of the rest valued once up to the symmetries of the square".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::grid::testing;
    use super::*;
    use crate::eval::ParseValue;
    use crate::partizan::testing::shown_value;
    use sprague_engine::partizan::GameTable;

    fn value(s: &str) -> String {
        shown_value(&Konane, &Konane::parse(s).unwrap())
    }

    #[test]
    fn values_from_the_rules() {
        // XO.: Left jumps to ..X (0); Right's O has no square beyond X: {0|} = 1.
        assert_eq!(value("XO."), "1");
        assert_eq!(value("OX."), "-1");
        // Down a column: each player's one jump leaves a lone stone: {0|0} = *.
        assert_eq!(value(".|X|O|."), "*");
        // XO.O.: Left jumps once (..XO., where each side has one jump to 0: *) or
        // twice (....X, 0); Right has no move: {*, 0|} = 1.
        assert_eq!(value("XO.O."), "1");
        // .XO.: Left's X jumps into the last square ("...X", 0), Right's O into the
        // first ("O...", 0): {0|0} = *.
        assert_eq!(value(".XO."), "*");
        // A stone with nothing to jump, or no empty square beyond: 0.
        assert_eq!(value("XO"), "0");
        assert_eq!(value("X.O"), "0");
        // Off-board squares stop a jump.
        assert_eq!(value("XO#"), "0");
    }

    #[test]
    fn published_values() {
        // The values in cgt's tests (crate cgt, games/konane.rs, Left plays x there):
        // ..ox = 1, .ox. = *, and .ox.|o..x|.... = {1|-1}.
        let mut t = GameTable::with_limit(50_000_000);
        for (board, want) in [("..OX", "1"), (".OX.", "*"), (".OX.|O..X|....", "{1|-1}")] {
            let g = t.parse_value(&format!("konane(\"{board}\")")).unwrap();
            assert_eq!(g, t.parse_value(want).unwrap(), "{board}");
        }
    }

    #[test]
    fn jumps_go_on_in_a_line() {
        // The position of cgt's test of multiple jumps: Left's stone in the middle
        // has five moves, one of them a double jump down the middle column.
        let b = Konane::parse(".....|..O..|.OXO.|..O..|.....|..O..|.....").unwrap();
        let mut out = Vec::new();
        Konane.options(&b, Side::Left, &mut out);
        let mut got: Vec<String> = out.iter().map(Konane::board_text).collect();
        got.sort();
        let mut want = vec![
            ".....|..O..|.O..X|..O..|.....|..O..|.....",
            ".....|..O..|X..O.|..O..|.....|..O..|.....",
            ".....|..O..|.O.O.|.....|..X..|..O..|.....",
            ".....|..O..|.O.O.|.....|.....|.....|..X..",
            "..X..|.....|.O.O.|..O..|.....|..O..|.....",
        ];
        want.sort();
        assert_eq!(got, want);
        let mut right = Vec::new();
        Konane.options(&b, Side::Right, &mut right);
        // Beyond the X from each O next to it stands another O: Right cannot jump.
        assert!(right.is_empty());
    }

    #[test]
    fn regions_and_symmetries_equal_the_plain_tree() {
        // Every board of 1 × 7, 2 × 4, 4 × 2, 3 × 3 squares, each square X, O or empty,
        // and of 2 × 3 and 1 × 6 squares with off-board squares too.
        for (rows, cols) in [(1, 7), (2, 4), (4, 2), (3, 3)] {
            let boards = testing::boards(rows, cols, &[4, 5, 6]);
            testing::agree_with_plain_tree(&Konane, &boards);
        }
        for (rows, cols) in [(2, 3), (1, 6)] {
            let boards = testing::boards(rows, cols, &[0, 4, 5, 6]);
            testing::agree_with_plain_tree(&Konane, &boards);
        }
    }

    #[test]
    fn boards_read_back() {
        let b = Konane::parse("XO.|..#").unwrap();
        assert_eq!(Konane.show(&b), "konane(\"XO.|..#\")");
        assert!(Konane::parse("XO.|..?").is_err());
    }
}
