//! NoGo: `nogo("..X|.O.|...")`, a Go board of points, rows separated by `|`: `X` a
//! black stone, `O` a white stone, `.` an empty point, `#` no point. Left plays Black,
//! Right White: a move places a stone of one's colour on an empty point so that
//! afterwards every group (stones of one colour connected through shared sides) still
//! has a liberty (an empty point beside it): Go without captures and without suicide
//! (as CGSuite's `NoGo`). The player who cannot place a stone loses. Boards have at
//! most 64 points and every group of a board as written needs a liberty.
//!
//! A placed stone only takes liberties from the groups beside it, so a move is legal
//! when the new stone's group and every opponent group beside it keep a liberty.
//!
//! Regions. Groups couple the empty points they touch, so the board does not fall
//! apart along its empty points alone: two empty points belong to one region when
//! they are side by side, or are both liberties of one group (and so on, transitively);
//! a region is its empty points with every group touching them. Regions are
//! independent: a move on a point p of region R (i) only changes the liberties of the
//! groups beside p, which touch p and so belong to R; (ii) is legal or not by the
//! liberties of the new stone's group (p with the groups of its colour beside p, all
//! in R) and of the opponent groups beside p (in R), and every liberty of a group of R
//! is an empty point of R. So a move in R neither changes nor depends on anything
//! outside R, and the board is the sum of its regions. Each region is stored as the
//! least of its eight images under the symmetries of the rectangle and its transpose
//! (the rules do not depend on orientation).

use super::fission::Board;
use super::{Ruleset, args, char_span, no_params};
use sprague_engine::partizan::{Rules, Side};
use sprague_expr::{Arg, FamilyTerm, Span};

/// NoGo's rules (no parameters). In the [`Board`], `a` holds the black stones and
/// `b` the white ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoGo;

fn bit(i: usize) -> u64 {
    1u64 << i
}

/// Whether the group of `stones` through square `i` has a liberty on `p`.
fn breathes(p: &Board, stones: u64, i: usize) -> bool {
    let group = p.flood(stones, i);
    p.spread(group) & p.empty() != 0
}

/// The first square of a group without a liberty, if any.
fn suffocated(p: &Board) -> Option<usize> {
    for stones in [p.a, p.b] {
        let mut rest = stones;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            let group = p.flood(stones, i);
            rest &= !group;
            if p.spread(group) & p.empty() == 0 {
                return Some(i);
            }
        }
    }
    None
}

impl Rules for NoGo {
    type Position = Board;

    fn options(&self, p: &Board, side: Side, out: &mut Vec<Board>) {
        let mut empty = p.empty();
        while empty != 0 {
            let i = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            let mut q = p.clone();
            let (mine, theirs) = match side {
                Side::Left => {
                    q.a |= bit(i);
                    (q.a, q.b)
                }
                Side::Right => {
                    q.b |= bit(i);
                    (q.b, q.a)
                }
            };
            if !breathes(&q, mine, i) {
                continue;
            }
            let mut beside = q.near(i) & theirs;
            let mut ok = true;
            while beside != 0 && ok {
                let j = beside.trailing_zeros() as usize;
                let group = q.flood(theirs, j);
                beside &= !group;
                ok = q.spread(group) & q.empty() != 0;
            }
            if ok {
                out.push(q);
            }
        }
    }

    fn regions(&self, p: &Board, out: &mut Vec<Board>) {
        let empty = p.empty();
        let mut left = empty;
        while left != 0 {
            let start = bit(left.trailing_zeros() as usize);
            let (mut points, mut groups) = (start, 0u64);
            let mut fresh = start;
            while fresh != 0 {
                // The groups beside the new points, whole; then the points beside
                // either (the liberties of those groups among them).
                let mut touched = p.spread(fresh) & (p.a | p.b) & !groups;
                while touched != 0 {
                    let i = touched.trailing_zeros() as usize;
                    let colour = if p.a & bit(i) != 0 { p.a } else { p.b };
                    let g = p.flood(colour, i);
                    groups |= g;
                    touched &= !g;
                }
                let grown = (p.spread(points) | p.spread(groups)) & empty & !points;
                points |= grown;
                fresh = grown;
            }
            left &= !points;
            let region = p.crop(points | groups, &[0, 1, 2, 3, 4, 5, 6, 7]);
            out.push(if region.rows == 1 {
                contract_row(&region)
            } else {
                region
            });
        }
    }
}

/// A board of one row with every run of stones of one colour side by side replaced by
/// a single stone, as the least of its images. On a line a group is a run of stones,
/// and it matters to the rest only through its liberties, the points at its two ends:
/// a single stone has the same, and a stone placed beside it joins it the same way, so
/// the game is unchanged.
fn contract_row(q: &Board) -> Board {
    let mut out = Board {
        rows: 1,
        cols: 0,
        cells: 0,
        a: 0,
        b: 0,
    };
    let mut prev = None;
    for c in 0..q.cols {
        let at = bit(c);
        let kind = if q.cells & at == 0 {
            3
        } else if q.a & at != 0 {
            1
        } else if q.b & at != 0 {
            2
        } else {
            0
        };
        if (kind == 1 || kind == 2) && prev == Some(kind) {
            continue;
        }
        prev = Some(kind);
        let to = bit(out.cols);
        out.cols += 1;
        match kind {
            0 => out.cells |= to,
            1 => {
                out.cells |= to;
                out.a |= to;
            }
            2 => {
                out.cells |= to;
                out.b |= to;
            }
            _ => {}
        }
    }
    if out.cols == q.cols {
        return q.clone();
    }
    out.crop(out.cells, &[0, 2])
}

/// The characters of a NoGo board.
fn nogo_mark(ch: char) -> Option<u8> {
    match ch {
        '.' => Some(0),
        'X' | 'x' | 'B' | 'b' => Some(1),
        'O' | 'o' | 'W' | 'w' => Some(2),
        '#' => Some(3),
        _ => None,
    }
}

impl Ruleset for NoGo {
    const RULES: &'static str = "NoGo: players place stones as in Go, but a move may neither capture nor leave a group of its own without liberties. Whoever cannot move loses.";
    const EXAMPLE: &'static str = "nogo(\"...|...|...\")";
    const NAME: &'static str = "nogo";
    const LEGEND: &'static [(char, &'static str)] = &[
        ('.', "empty"),
        ('X', "Black (Left)"),
        ('O', "White (Right)"),
        ('#', "no point"),
    ];
    const USAGE: &'static str = "nogo takes a board: nogo(\"..X|.O.|...\") (rows separated by |, X black, O white, . empty, # no point), at most 64 points; Left plays Black";

    fn read(f: &FamilyTerm) -> Result<(NoGo, Board), (Span, String)> {
        no_params(f)?;
        let usage = Self::USAGE;
        let (s, span) = match args(f, usage)? {
            [Arg::Str(s, span)] => (s, *span),
            [a, ..] => return Err((a.span(), usage.to_string())),
            [] => return Err((f.span, usage.to_string())),
        };
        let b = Board::parse(
            s,
            nogo_mark,
            "a point is 'X' (black), 'O' (white), '.' (empty) or '#' (no point)",
        )
        .map_err(|(i, m)| (char_span(span, s, i), m.to_string()))?;
        if let Some(i) = suffocated(&b) {
            // Square i is character i + row of the text (one '|' per row before it).
            let at = i + i / b.cols.max(1);
            return Err((
                char_span(span, s, at),
                "this group has no liberty (NoGo allows no such group)".to_string(),
            ));
        }
        Ok((NoGo, b))
    }

    fn show(&self, p: &Board) -> String {
        format!("nogo(\"{}\")", p.text(['.', 'X', 'O', '#']))
    }

    fn method(&self) -> String {
        "NoGo (Left plays Black), from the game tree: each region (empty points joined through their sides and the groups they touch) valued once up to its symmetries, runs of one colour on a line as one stone (at most 64 points)".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::testing::{Plain, shown_value};
    use sprague_engine::partizan::{GameTable, TreeValues};

    fn board(s: &str) -> Board {
        Board::parse(s, nogo_mark, "bad").unwrap()
    }

    fn value(s: &str) -> String {
        shown_value(&NoGo, &board(s))
    }

    #[test]
    fn published_values() {
        // CGSuite's NoGo example (M. Albert, 2011): the empty 3 × 3 board is *.
        assert_eq!(value("...|...|..."), "*");
    }

    #[test]
    fn values_by_hand() {
        // From the rules, by hand. One point: a stone there has no liberty: 0.
        assert_eq!(value("."), "0");
        // Two points: either player's stone leaves a point nobody may fill: {0|0}.
        assert_eq!(value(".."), "*");
        // .X. : Black fills a side (XX. keeps a liberty), then no move: 0; White may
        // not play beside X with no liberty: {0|} = 1.
        assert_eq!(value(".X."), "1");
        // X.. : Black to XX. or X.X (0 each), White to X.O (0): {0|0} = *.
        assert_eq!(value("X.."), "*");
        // ... : Black to X.. (*) or .X. (1), White to their negatives: {1|-1} = ±1.
        assert_eq!(value("..."), "±1");
    }

    /// The rules as stated: place, then every group of the board has a liberty.
    fn legal_by_definition(p: &Board, side: Side) -> Vec<Board> {
        let mut out = Vec::new();
        let mut empty = p.empty();
        while empty != 0 {
            let i = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            let mut q = p.clone();
            match side {
                Side::Left => q.a |= bit(i),
                Side::Right => q.b |= bit(i),
            }
            if suffocated(&q).is_none() {
                out.push(q);
            }
        }
        out
    }

    #[test]
    fn moves_and_symmetries_equal_the_rules() {
        // Every board of up to 2 × 3, 3 × 2, 1 × 5, 1 × 9, 2 × 4 and 3 × 3 points, each point
        // empty, black or white (boards with a group without a liberty skipped): the
        // moves by the definition, and the value by regions and symmetries against
        // the plain tree of the whole board.
        let mut t = GameTable::with_limit(50_000_000);
        let mut fast = TreeValues::new();
        let mut plain = TreeValues::new();
        for (rows, cols) in [(1, 5), (1, 9), (2, 3), (3, 2), (2, 4), (3, 3)] {
            let n = rows * cols;
            for code in 0..3usize.pow(n as u32) {
                let mut c = code;
                let mut b = Board {
                    rows,
                    cols,
                    cells: (1u64 << n) - 1,
                    a: 0,
                    b: 0,
                };
                for i in 0..n {
                    match c % 3 {
                        1 => b.a |= bit(i),
                        2 => b.b |= bit(i),
                        _ => {}
                    }
                    c /= 3;
                }
                if suffocated(&b).is_some() {
                    continue;
                }
                for side in [Side::Left, Side::Right] {
                    let mut got = Vec::new();
                    NoGo.options(&b, side, &mut got);
                    assert_eq!(got, legal_by_definition(&b, side), "{b:?}");
                }
                let want = plain.value(&mut t, &Plain(&NoGo), &b).unwrap();
                assert_eq!(fast.value(&mut t, &NoGo, &b).unwrap(), want, "{b:?}");
            }
        }
    }

    #[test]
    fn regions_split_only_where_no_group_joins_them() {
        let parts = |s: &str| {
            let mut out = Vec::new();
            NoGo.regions(&board(s), &mut out);
            out.iter()
                .map(|r| r.text(['.', 'X', 'O', '#']))
                .collect::<Vec<_>>()
        };
        // A missing point cuts the strip in two equal halves (one up to symmetry).
        assert_eq!(parts("..#.."), ["..", ".."]);
        // The black stone's liberties are on both sides: one region.
        assert_eq!(parts("..X.."), ["..X.."]);
        // The two empty points are not side by side, but both are liberties of the
        // black group: one region.
        assert_eq!(parts("X.|XO|.O").len(), 1);
        // Two groups apart, each with its own liberties: two regions.
        assert_eq!(parts(".X#O.").len(), 2);
        // Regions add up: two copies of .X. (= 1 each) make 2.
        assert_eq!(value(".X.#.X."), "2");
    }

    #[test]
    fn runs_of_stones_on_a_line_contract() {
        // X X . O O O . . : each run of one colour is one stone.
        let mut parts = Vec::new();
        NoGo.regions(&board("XX.OOO.."), &mut parts);
        let mut want = Vec::new();
        NoGo.regions(&board("X.O.."), &mut want);
        assert_eq!(parts, want);
        assert_eq!(value("XX.OOO.."), value("X.O.."));
    }

    #[test]
    fn boards_read_back() {
        let b = board("..X|.O.|#..");
        let text = NoGo.show(&b);
        assert_eq!(text, "nogo(\"..X|.O.|#..\")");
        assert_eq!(super::super::graph::read_back::<NoGo>(&text).1, b);
    }
}
