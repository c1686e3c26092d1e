//! Clobber: `clobber("XO.|OX.")` (rows separated by `|`; `X` a stone of Left's, `O` one
//! of Right's, `.` an empty square; at most 64 squares, a single row for 1×n Clobber).
//! A move picks up one of your stones and moves it onto an orthogonally adjacent stone
//! of the opponent's, which is removed ("clobbered"); the player who cannot move loses.
//! Left plays `X` (black, as in CGSuite, where Left is black and writes `x`).
//!
//! The value comes from the game tree: stones only ever move onto stones, so the
//! groups of orthogonally connected stones are independent regions; a group of one
//! colour is 0 (nobody can move in it) and is dropped; each group is valued once up to
//! the eight symmetries of the square (the rules treat rows and columns alike).

use super::Ruleset;
use super::grid::{self, Board, Symmetry, Touch};
use sprague_engine::partizan::{Rules, Side};
use sprague_expr::{FamilyTerm, Span};

/// A Clobber board: layer 0 Left's stones (`X`), layer 1 Right's (`O`).
pub type ClobberBoard = Board<2>;

/// Clobber's rules (no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clobber;

impl Clobber {
    /// Reads a board such as `"XO.|OX."`; on error, the character index and what is
    /// wrong.
    pub fn parse(s: &str) -> Result<ClobberBoard, (usize, String)> {
        grid::parse(
            s,
            |c| match c {
                '.' => Some(0),
                'X' | 'x' => Some(1),
                'O' | 'o' => Some(2),
                _ => None,
            },
            "a Clobber square is X (Left's stone), O (Right's stone) or . (empty)",
        )
    }

    /// The board as rows of `X`, `O` and `.` separated by `|`.
    pub fn board_text(b: &ClobberBoard) -> String {
        grid::show(b, |s| match s {
            1 => 'X',
            2 => 'O',
            _ => '.',
        })
    }
}

impl Rules for Clobber {
    type Position = ClobberBoard;

    fn options(&self, b: &ClobberBoard, side: Side, out: &mut Vec<ClobberBoard>) {
        let (rows, cols) = b.dims();
        let (me, them) = match side {
            Side::Left => (0, 1),
            Side::Right => (1, 0),
        };
        let mut mine = b.layers[me];
        while mine != 0 {
            let i = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            let mut targets = grid::neighbours(rows, cols, i, Touch::Orthogonal) & b.layers[them];
            while targets != 0 {
                let j = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let mut layers = b.layers;
                layers[me] = layers[me] & !(1 << i) | 1 << j;
                layers[them] &= !(1 << j);
                out.push(Board { layers, ..*b });
            }
        }
    }

    fn regions(&self, b: &ClobberBoard, out: &mut Vec<ClobberBoard>) {
        let (rows, cols) = b.dims();
        for part in grid::parts(rows, cols, b.layers[0] | b.layers[1], Touch::Orthogonal) {
            if part & b.layers[0] != 0 && part & b.layers[1] != 0 {
                out.push(b.normalise(part, Symmetry::Square));
            }
        }
    }
}

impl Ruleset for Clobber {
    const RULES: &'static str = "Clobber: a move takes one of your stones onto an orthogonally adjacent stone of the opponent, which is removed. Whoever cannot move loses.";
    const EXAMPLE: &'static str = "clobber(\"XOX|OXO\")";
    const NAME: &'static str = "clobber";
    const LEGEND: &'static [(char, &'static str)] = &[
        ('.', "empty"),
        ('X', "Left's stone"),
        ('O', "Right's stone"),
        ('#', "no square"),
    ];
    const MOVE_CELLS: Option<(&'static str, &'static str)> = Some(("Clobber", "from and to"));
    const USAGE: &'static str = "clobber takes a board: clobber(\"XO.|OX.\") (rows separated by |, X Left's stone, O Right's stone, . empty), at most 64 squares; Left plays X";

    fn read(f: &FamilyTerm) -> Result<(Clobber, ClobberBoard), (Span, String)> {
        Ok((Clobber, grid::read_board(f, Self::USAGE, Clobber::parse)?))
    }

    fn show(&self, b: &ClobberBoard) -> String {
        format!("clobber(\"{}\")", Clobber::board_text(b))
    }

    /// The colours swapped: the rules treat X and O alike, so this is `−G`.
    fn negative(&self, b: &ClobberBoard) -> Option<ClobberBoard> {
        Some(ClobberBoard {
            layers: [b.layers[1], b.layers[0]],
            ..*b
        })
    }

    /// Each move of Left's removes one of Right's stones and the other way round, so a
    /// player's run is at most the opponent's stones.
    fn run_bounds(&self, b: &ClobberBoard) -> Option<[u32; 2]> {
        Some([b.layers[1].count_ones(), b.layers[0].count_ones()])
    }

    fn method(&self) -> String {
        "Clobber (Left plays X), from the game tree: each group of touching stones valued once up to the symmetries of the square, one-colour groups dropped as 0".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::grid::testing;
    use super::*;
    use crate::partizan::testing::shown_value;
    use sprague_core::Outcome;
    use sprague_engine::partizan::{GameTable, TreeValues};

    fn value(s: &str) -> String {
        shown_value(&Clobber, &Clobber::parse(s).unwrap())
    }

    /// Left's (Right's) longest run of moves, Right (Left) never moving, by the rules.
    fn longest_run(b: &ClobberBoard, side: Side) -> u32 {
        let mut out = Vec::new();
        Clobber.options(b, side, &mut out);
        out.iter()
            .map(|o| 1 + longest_run(o, side))
            .max()
            .unwrap_or(0)
    }

    /// The bounds on runs are never below the longest runs, on every board of 2 × 3 and
    /// 1 × 7 squares (each square empty, X or O), and are reached by `XO…XO` strips.
    #[test]
    fn run_bounds_hold() {
        for (rows, cols) in [(2, 3), (1, 7)] {
            for b in testing::boards::<2>(rows, cols, &[0, 1, 2]) {
                let [l, r] = Clobber.run_bounds(&b).unwrap();
                let s = Clobber::board_text(&b);
                assert!(longest_run(&b, Side::Left) <= l, "{s}");
                assert!(longest_run(&b, Side::Right) <= r, "{s}");
            }
        }
        // X O X O: Left takes O twice in a row (X to the right of each), likewise Right.
        let b = Clobber::parse("XOXO").unwrap();
        assert_eq!(Clobber.run_bounds(&b), Some([2, 2]));
        assert_eq!(
            [longest_run(&b, Side::Left), longest_run(&b, Side::Right)],
            [2, 2]
        );
    }

    #[test]
    fn values_from_the_rules() {
        // XO: each player's only move leaves a lone stone, 0: {0|0} = *.
        assert_eq!(value("XO"), "*");
        assert_eq!(value("X|O"), "*");
        // XXO: Left's move leaves X.X = 0, Right's leaves XO = *: {0|*} = ↑
        // (Albert, Nowakowski, Wolfe, Lessons in Play, the first Clobber example).
        assert_eq!(value("XXO"), "^");
        assert_eq!(value("OOX"), "v");
        // XOX: Left's two moves leave .XX or XX., Right's O.X or X.O, all of one
        // colour per group, 0: {0|0} = *.
        assert_eq!(value("XOX"), "*");
        // Empty boards and one-colour boards are 0.
        assert_eq!(value("..."), "0");
        assert_eq!(value("XX|XX"), "0");
    }

    /// Swapping the colours negates: on boards of the rules' own small examples and a
    /// few larger ones.
    #[test]
    fn swapped_colours_are_the_negative() {
        let mut t = GameTable::with_limit(50_000_000);
        let mut v = TreeValues::new();
        for s in [
            "XO",
            "XXO",
            "XOXO",
            "XXO|OX.",
            "XOX|OXO",
            ".XO|XXO|O.X",
            "XXOO|OXOX",
        ] {
            let b = Clobber::parse(s).unwrap();
            let g = v.value(&mut t, &Clobber, &b).unwrap();
            let h = v
                .value(&mut t, &Clobber, &Clobber.negative(&b).unwrap())
                .unwrap();
            let minus_g = t.neg(g).unwrap();
            assert_eq!(t.show(h), t.show(minus_g), "{s}");
        }
    }

    #[test]
    fn published_values() {
        // 1×n (XO)^n is a first-player win for every n ≠ 3 and a second-player win for
        // n = 3 (Chen et al. 2025, checked by MCGS to n = 30).
        let mut t = GameTable::with_limit(50_000_000);
        let mut v = TreeValues::new();
        for n in 1..=7 {
            let b = Clobber::parse(&"XO".repeat(n)).unwrap();
            let g = v.value(&mut t, &Clobber, &b).unwrap();
            let outcome = t.outcome(g).unwrap();
            let want = if n == 3 { Outcome::P } else { Outcome::N };
            assert_eq!(outcome, want, "(XO)^{n}: {}", t.show(g));
        }
        // (XXO)^n = ⌊(n+1)/2⌋·↑ (checked by MCGS to n = 28).
        for (n, want) in [(1, "^"), (2, "^"), (3, "^^"), (4, "^^")] {
            assert_eq!(value(&"XXO".repeat(n)), want, "(XXO)^{n}");
        }
    }

    #[test]
    fn regions_and_symmetries_equal_the_plain_tree() {
        // Every board of 1 × 7, 2 × 3, 3 × 2, 2 × 2 squares, each square X, O or empty.
        for (rows, cols) in [(1, 6), (1, 7), (2, 3), (3, 2), (2, 2)] {
            let boards = testing::boards(rows, cols, &[0, 1, 2]);
            testing::agree_with_plain_tree(&Clobber, &boards);
        }
    }

    #[test]
    fn boards_read_back() {
        let b = Clobber::parse("XO.|OX.").unwrap();
        assert_eq!(Clobber.show(&b), "clobber(\"XO.|OX.\")");
        assert!(Clobber::parse("XO.|OY.").is_err());
    }
}
