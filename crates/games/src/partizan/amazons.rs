//! Amazons on small boards: `amazons("L..|.#.|..R")` (rows separated by `|`; `L` an
//! amazon of Left's, `R` one of Right's, `#` a burnt square, `.` an empty one; at most
//! 64 squares; cgt's `x` and `o` are read as `L` and `R`). A move takes one of your
//! amazons like a chess queen (any distance in one of the eight directions, over empty
//! squares only) to an empty square, then from where it lands shoots an arrow the same
//! way to an empty square (possibly the one it came from), which is burnt for the rest
//! of the game. The player who cannot move loses.
//!
//! The value comes from the game tree. Amazons and arrows only pass through unburnt
//! squares that touch (also diagonally), so the parts of the unburnt squares joined
//! that way are independent regions; a part without amazons is 0 and is dropped; each
//! part is valued once up to the eight symmetries of the square. A part holding the
//! amazons of one player only is an integer (the other player can never move there),
//! but which integer takes the game tree too: no shortcut is assumed.

use super::Ruleset;
use super::grid::{self, Board, QUEEN, Symmetry, Touch};
use sprague_engine::partizan::{Rules, Side};
use sprague_expr::{FamilyTerm, Span};

/// An Amazons board: layer 0 Left's amazons (`L`), layer 1 Right's (`R`), layer 2 the
/// unburnt squares (with or without an amazon).
pub(crate) type AmazonsBoard = Board<3>;

/// The rules of Amazons (no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Amazons;

impl Amazons {
    /// Reads a board such as `"L..|.#.|..R"`; on error, the character index and what
    /// is wrong.
    pub fn parse(s: &str) -> Result<AmazonsBoard, (usize, String)> {
        grid::parse(
            s,
            |c| match c {
                '.' => Some(4),
                'L' | 'x' => Some(5),
                'R' | 'o' => Some(6),
                '#' => Some(0),
                _ => None,
            },
            "an Amazons square is L (Left's amazon), R (Right's amazon), . (empty) or # (burnt)",
        )
    }

    /// The board as rows of `L`, `R`, `.` and `#` separated by `|`.
    pub fn board_text(b: &AmazonsBoard) -> String {
        grid::show(b, |s| match s {
            5 => 'L',
            6 => 'R',
            4 => '.',
            _ => '#',
        })
    }
}

/// Calls `f` with every square a queen at `from` reaches over the squares of `empty`.
fn queen_moves(rows: usize, cols: usize, from: usize, empty: u64, mut f: impl FnMut(usize)) {
    // Row and column kept as the queen goes (no division a step).
    let (r0, c0) = ((from / cols) as isize, (from % cols) as isize);
    let (rows, cols) = (rows as isize, cols as isize);
    for &(dr, dc) in &QUEEN {
        let (mut r, mut c) = (r0 + dr, c0 + dc);
        while (0..rows).contains(&r) && (0..cols).contains(&c) {
            let at = (r * cols + c) as usize;
            if empty >> at & 1 == 0 {
                break;
            }
            f(at);
            r += dr;
            c += dc;
        }
    }
}

impl Rules for Amazons {
    type Position = AmazonsBoard;

    fn options(&self, b: &AmazonsBoard, side: Side, out: &mut Vec<AmazonsBoard>) {
        let (rows, cols) = b.dims();
        let me = match side {
            Side::Left => 0,
            Side::Right => 1,
        };
        let empty = b.layers[2] & !(b.layers[0] | b.layers[1]);
        let mut mine = b.layers[me];
        while mine != 0 {
            let from = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            // The amazon leaves its square: it is empty for the arrow.
            let empty = empty | 1 << from;
            queen_moves(rows, cols, from, empty & !(1 << from), |to| {
                let empty = empty & !(1 << to);
                queen_moves(rows, cols, to, empty, |arrow| {
                    let mut layers = b.layers;
                    layers[me] = layers[me] & !(1 << from) | 1 << to;
                    layers[2] &= !(1 << arrow);
                    out.push(Board { layers, ..*b });
                });
            });
        }
    }

    fn regions(&self, b: &AmazonsBoard, out: &mut Vec<AmazonsBoard>) {
        let (rows, cols) = b.dims();
        let amazons = b.layers[0] | b.layers[1];
        let mut rest = b.layers[2];
        while rest != 0 {
            let part = grid::flood(rows, cols, rest, Touch::King);
            rest &= !part;
            if part & amazons != 0 {
                out.push(b.normalise(part, Symmetry::Square));
            }
        }
    }
}

impl Ruleset for Amazons {
    const RULES: &'static str = "Amazons: each player moves one of their amazons like a chess queen, then shoots an arrow from it, also like a queen, burning the square it lands on. Whoever cannot move loses.";
    const EXAMPLE: &'static str = "amazons(\"L...|....|...R\")";
    const NAME: &'static str = "amazons";
    const LEGEND: &'static [(char, &'static str)] = &[
        ('.', "empty"),
        ('L', "Left's amazon"),
        ('R', "Right's amazon"),
        ('#', "burnt"),
    ];
    const MOVE_CELLS: Option<(&'static str, &'static str)> =
        Some(("Amazons", "from, to and the arrow"));
    const USAGE: &'static str = "amazons takes a board: amazons(\"L..|.#.|..R\") (rows separated by |, L Left's amazon, R Right's amazon, . empty, # burnt), at most 64 squares; Left plays L";

    fn read(f: &FamilyTerm) -> Result<(Amazons, AmazonsBoard), (Span, String)> {
        Ok((Amazons, grid::read_board(f, Self::USAGE, Amazons::parse)?))
    }

    fn show(&self, b: &AmazonsBoard) -> String {
        format!("amazons(\"{}\")", Amazons::board_text(b))
    }

    /// The amazons' colours swapped.
    fn negative(&self, b: &AmazonsBoard) -> Option<AmazonsBoard> {
        let [l, r, unburnt] = b.layers;
        Some(Board {
            layers: [r, l, unburnt],
            ..*b
        })
    }

    /// Each move burns an empty square that the mover's amazons reach (through empty
    /// squares touching, also diagonally, the other player's amazons never moving), so
    /// a player's run is at most the empty squares joined that way to its amazons.
    fn run_bounds(&self, b: &AmazonsBoard) -> Option<[u32; 2]> {
        let (rows, cols) = b.dims();
        let empty = b.layers[2] & !(b.layers[0] | b.layers[1]);
        let run = |mine: u64| {
            let mut reach = mine;
            loop {
                let grown = reach | grid::spread_king(rows, cols, reach) & empty;
                if grown == reach {
                    return (reach & empty).count_ones();
                }
                reach = grown;
            }
        };
        Some([run(b.layers[0]), run(b.layers[1])])
    }

    fn method(&self) -> String {
        "Amazons (Left plays L), from the game tree: each part of the unburnt squares valued once up to the symmetries of the square".to_string()
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
        shown_value(&Amazons, &Amazons::parse(s).unwrap())
    }

    #[test]
    fn values_from_the_rules() {
        // L. : Left moves to the other square and shoots back where it came from,
        // leaving #L (0); Right has no amazon: {0|} = 1.
        assert_eq!(value("L."), "1");
        assert_eq!(value("R."), "-1");
        // L.. : Left's moves leave #L. or .L# (1), .#L (0) or #.L (1): {0, 1|} = 2.
        assert_eq!(value("L.."), "2");
        // LR: neither amazon has an empty square to go to: 0.
        assert_eq!(value("LR"), "0");
        // L.R : whoever moves takes the middle square and burns the square left: a
        // lone amazon with no empty square: {0|0} = *.
        assert_eq!(value("L.R"), "*");
        // Burnt squares split the board: L.#.R is 1 + (-1) = 0.
        assert_eq!(value("L.#.R"), "0");
    }

    #[test]
    fn published_values() {
        // The value of x..#|....|.#.o (Left plays x) in cgt's tests, confirmed there
        // with CGSuite.
        let want = "{{6|{3|1, {3|0, {1/2|0}}}}, {6|{4*|-3, {3, {3|0, {1/2|0}}|-4}}}|-3, {0, {0|-2}, {1|-3}|-5}, {0, {0, *|0, {0, {1/2, {1|0}|v}|v}}|-5}, {{2, {2|0}|0, {0, {2|0, {2|0}}|0}}, {2, {3|0}|0, {0, {0, ^*|0}|-1}}, {{2|0}, {2|{1|1/4}, {2|0}}|v*, {1/2|{{0|-1}, {*|-1}|-1}}, {{0, ^*|0}|-1}}, {{3|0}, {3|1, {2|0}}, {3, {3|1}|1, {1|0, *}}|-1/16, {0|-1}, {*|-1}}|-5, {v, v*, {0, {0, ^*|0}|-1}|-5}, {{1/2|{-1/4, {0|-1}, {*|-1}|-1}}, {{1|1/4}|{-1/4|-1}}, {{1|{1|0}, {1|*}}|-1/2}|-5}}}";
        // CGSuite writes 4* for 4 + *: our expressions spell the sum out.
        let want = want
            .replace("4*", "4+*")
            .replace("^*", "^+*")
            .replace("v*", "v+*");
        let mut t = GameTable::with_limit(50_000_000);
        let g = t.parse_value("amazons(\"x..#|....|.#.o\")").unwrap();
        assert_eq!(g, t.parse_value(&want).unwrap(), "{}", t.show(g));
        let h = t.parse_value("amazons(\"L..#|....|.#.R\")").unwrap();
        assert_eq!(g, h);
    }

    #[test]
    fn regions_and_symmetries_equal_the_plain_tree() {
        // Every board of 1 × 6, 2 × 3, 3 × 2 and 2 × 2 squares, each square L, R, empty
        // or burnt, with at most one amazon of each player.
        for (rows, cols) in [(1, 6), (2, 3), (3, 2), (2, 2)] {
            let mut boards = testing::boards(rows, cols, &[0, 4, 5, 6]);
            boards.retain(|b| b.layers[0].count_ones() <= 1 && b.layers[1].count_ones() <= 1);
            testing::agree_with_plain_tree(&Amazons, &boards);
        }
    }

    /// `side`'s longest run of moves from `b`, the opponent never moving, by the rules
    /// (memoised in `memo`).
    fn run_in(
        b: &AmazonsBoard,
        side: Side,
        memo: &mut std::collections::HashMap<AmazonsBoard, u32>,
    ) -> u32 {
        if let Some(&r) = memo.get(b) {
            return r;
        }
        let mut out = Vec::new();
        Amazons.options(b, side, &mut out);
        let r = out
            .iter()
            .map(|q| 1 + run_in(q, side, memo))
            .max()
            .unwrap_or(0);
        memo.insert(*b, r);
        r
    }

    fn longest_run(b: &AmazonsBoard, side: Side) -> u32 {
        run_in(b, side, &mut Default::default())
    }

    #[test]
    fn run_bounds_hold() {
        // Every board of 1 × 6, 2 × 3 and 3 × 3 squares with at most three amazons (3 × 3:
        // no burnt squares).
        let mut memo = [Default::default(), Default::default()];
        for (rows, cols, kinds) in [
            (1, 6, &[0, 4, 5, 6][..]),
            (2, 3, &[0, 4, 5, 6]),
            (3, 3, &[4, 5, 6]),
        ] {
            for b in testing::boards(rows, cols, kinds) {
                if (b.layers[0] | b.layers[1]).count_ones() > 3 {
                    continue;
                }
                let [l, r] = Amazons.run_bounds(&b).unwrap();
                let s = Amazons::board_text(&b);
                assert!(run_in(&b, Side::Left, &mut memo[0]) <= l, "{s}");
                assert!(run_in(&b, Side::Right, &mut memo[1]) <= r, "{s}");
            }
        }
        // L.. : Left moves twice (to the middle burning the far end, then back) and
        // burns both empty squares; Right has none.
        let b = Amazons::parse("L..").unwrap();
        assert_eq!(Amazons.run_bounds(&b), Some([2, 0]));
        assert_eq!(longest_run(&b, Side::Left), 2);
        // L.R.. : Right's amazon walls Left in: Left one move, Right two.
        let b = Amazons::parse("L.R..").unwrap();
        assert_eq!(Amazons.run_bounds(&b), Some([1, 3]));
        assert_eq!(longest_run(&b, Side::Left), 1);
    }

    #[test]
    fn negatives_cancel() {
        // G + (−G) = 0 on every 2 × 3 board with at most one amazon each.
        let mut t = GameTable::with_limit(50_000_000);
        let mut v = sprague_engine::partizan::TreeValues::new();
        for b in testing::boards(2, 3, &[0, 4, 5, 6]) {
            if b.layers[0].count_ones() > 1 || b.layers[1].count_ones() > 1 {
                continue;
            }
            let g = v.value(&mut t, &Amazons, &b).unwrap();
            let n = Amazons.negative(&b).unwrap();
            let h = v.value(&mut t, &Amazons, &n).unwrap();
            assert_eq!(t.add(g, h).unwrap(), sprague_engine::partizan::Game::ZERO);
        }
    }

    #[test]
    fn boards_read_back() {
        let b = Amazons::parse("L..|.#.|..R").unwrap();
        assert_eq!(Amazons.show(&b), "amazons(\"L..|.#.|..R\")");
        assert!(Amazons::parse("L..|.#.|..Q").is_err());
    }
}
