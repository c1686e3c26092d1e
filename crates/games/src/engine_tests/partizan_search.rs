//! Tests of `sprague_engine::search::partizan` on positions of the game families.

use crate::eval::ParseValue;
use crate::partizan::Ruleset;
use crate::partizan::clobber::{Clobber, ClobberBoard};
use crate::partizan::component::Position;
use crate::partizan::domineering::{Board, Domineering};
use sprague_core::Outcome;
use sprague_core::nat::Nat;
use sprague_core::{Bound, Limits, SolveError};
use sprague_engine::partizan::Rules;
use sprague_engine::partizan::TreeValues;
use sprague_engine::partizan::{Game, GameTable, Side};
use sprague_engine::search::partizan::*;
use sprague_expr::{FamilyTerm, Span};
use std::any::Any;
use std::hash::Hash;

fn limits() -> Limits {
    Limits {
        max_states: 50_000_000,
        ..Limits::default()
    }
}

/// Every board of `rows × cols` with the empty squares of `mask`.
fn board(rows: usize, cols: usize, mask: u64) -> Board {
    let s: Vec<String> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    if mask >> (r * cols + c) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect()
        })
        .collect();
    Board::parse(&s.join("|")).unwrap()
}

fn one(b: &Board) -> Sum {
    Sum {
        parts: vec![Part::Position(Box::new(Position::new(
            Domineering,
            b.clone(),
        )))],
    }
}

/// The outcome of the canonical value, from the game tree.
fn canonical(t: &mut GameTable, v: &mut TreeValues<Board>, b: &Board) -> Outcome {
    let g = v.value(t, &Domineering, b).unwrap();
    t.outcome(g).unwrap()
}

#[test]
fn random_sums_match_the_canonical_outcome() {
    // Sums of two to five random boards of up to 3×4 and a literal game: the
    // search against the outcome of the sum of the canonical values.
    let mut t = GameTable::with_limit(50_000_000);
    let mut v = TreeValues::new();
    let literals = ["0", "*", "^", "{1|-1}", "-1/2", "{2|-1/2}", "v + *", "1"];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..300 {
        let n = 2 + (next() % 4) as usize;
        let mut sum = Sum::default();
        let mut total = Game::ZERO;
        for _ in 0..n {
            let (r, c) = [(2, 3), (3, 3), (3, 4), (4, 3), (2, 4)][(next() % 5) as usize];
            let b = board(r, c, next() & ((1 << (r * c)) - 1));
            let g = v.value(&mut t, &Domineering, &b).unwrap();
            total = t.add(total, g).unwrap();
            sum.parts
                .push(Part::Position(Box::new(Position::new(Domineering, b))));
        }
        let lit = t.parse_value(literals[(next() % 8) as usize]).unwrap();
        total = t.add(total, lit).unwrap();
        sum.parts.push(Part::Game(lit));
        let want = t.outcome(total).unwrap();
        let config = Config {
            small_moves: (next() % 16) as usize,
            small_value_work: [0, SMALL_VALUE_WORK, u64::MAX][(next() % 3) as usize],
            table_entries: 1 + (next() % 5000) as usize,
            db: None,
        };
        let mut s = Search::with_config(&mut t, &limits(), config);
        assert_eq!(s.outcome(&sum).unwrap(), want, "round {round}");
    }
}

/// Clobber with its negative known (the colours swapped, Left's stones becoming
/// Right's: the rules treat the colours alike, so the swapped board is `−G`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct SwapClobber;

fn swapped(b: &ClobberBoard) -> ClobberBoard {
    SwapClobber.negative(b).unwrap()
}

#[test]
fn negation_and_root_values_keep_the_canonical_outcome() {
    // Random sums of Clobber boards of up to 2 × 4 squares, often with a board's
    // negative beside it (colours swapped, and mirrored), and a literal: the search
    // with and without cancelling negatives and valuing the regions first, against
    // the outcome of the sum of the canonical values (from the game tree).
    let mut t = GameTable::with_limit(50_000_000);
    let mut v = TreeValues::new();
    let literals = ["0", "*", "^", "{1|-1}", "v", "^ + *", "*2", "-1/2"];
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let random_board = |next: &mut dyn FnMut() -> u64| {
        let (r, c) = [(1, 5), (1, 6), (2, 3), (2, 4), (1, 7)][(next() % 5) as usize];
        let cells: String = (0..r)
            .map(|_| {
                (0..c)
                    .map(|_| ['X', 'O', 'X', 'O', '.'][(next() % 5) as usize])
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("|");
        Clobber::parse(&cells).unwrap()
    };
    for round in 0..150 {
        let n = 1 + (next() % 2) as usize;
        let mut boards = Vec::new();
        for _ in 0..n {
            let b = random_board(&mut next);
            if next() % 2 == 0 {
                let mut m = swapped(&b);
                if next() % 2 == 0 {
                    // Mirrored left-right: the same region after normalising.
                    let (rows, cols) = m.dims();
                    let text = Clobber::board_text(&m);
                    let mirrored: Vec<String> =
                        text.split('|').map(|r| r.chars().rev().collect()).collect();
                    m = Clobber::parse(&mirrored.join("|")).unwrap();
                    assert_eq!(m.dims(), (rows, cols));
                }
                boards.push(m);
            }
            boards.push(b);
        }
        let mut total = Game::ZERO;
        let mut sum = Sum::default();
        for b in &boards {
            let g = v.value(&mut t, &Clobber, b).unwrap();
            total = t.add(total, g).unwrap();
            sum.parts
                .push(Part::Position(Box::new(Position::new(SwapClobber, *b))));
        }
        let lit = t.parse_value(literals[(next() % 8) as usize]).unwrap();
        total = t.add(total, lit).unwrap();
        sum.parts.push(Part::Game(lit));
        let want = t.outcome(total).unwrap();
        for (negation, roots) in [(true, true), (true, false), (false, true), (false, false)] {
            let config = Config {
                small_moves: (next() % 8) as usize,
                small_value_work: [0, SMALL_VALUE_WORK, u64::MAX][(next() % 3) as usize],
                table_entries: 1 + (next() % 3000) as usize,
                db: None,
            };
            let mut s = Search::with_config(&mut t, &limits(), config);
            s.set_negation(negation);
            s.set_root_values(roots);
            assert_eq!(
                s.outcome(&sum).unwrap(),
                want,
                "round {round}, negation {negation}, roots {roots}"
            );
        }
    }
}

/// Domineering with bounds on its runs: a side can make at most as many moves in a
/// row as it has now (a domino only fills squares, and never makes room for
/// another).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct RunDomineering;

/// Clobber with bounds on its runs: each move of Left's removes one of Right's
/// stones (and the other way round), though a move may make room for new ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct RunClobber;

#[test]
fn bounds_keep_the_canonical_outcome() {
    // Random sums of Domineering boards of up to 3 × 4 squares or Clobber strips of
    // up to 7 stones (with bounds on their runs) and a literal, often a large
    // number or a hot game: the search with and without deciding states from the
    // bounds, against the outcome of the sum of the canonical values (from the
    // game tree).
    let mut t = GameTable::with_limit(50_000_000);
    let mut dv = TreeValues::new();
    let mut cv = TreeValues::new();
    let literals = [
        "0", "3", "-3", "5/2", "-7/2", "{4|-4}", "{6|2}", "*", "{-2|-6}", "4 + *", "1/2",
    ];
    let mut seed = 0x1234_5678_9abc_def1u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut bounded = 0;
    for round in 0..200 {
        let n = 1 + (next() % 3) as usize;
        let mut sum = Sum::default();
        let mut total = Game::ZERO;
        for _ in 0..n {
            if next() % 2 == 0 {
                let (r, c) = [(2, 3), (3, 3), (3, 4), (4, 3), (2, 4)][(next() % 5) as usize];
                let b = board(r, c, next() & ((1 << (r * c)) - 1));
                let g = dv.value(&mut t, &Domineering, &b).unwrap();
                total = t.add(total, g).unwrap();
                sum.parts
                    .push(Part::Position(Box::new(Position::new(RunDomineering, b))));
            } else {
                let len = 3 + (next() % 5) as usize;
                let cells: String = (0..len)
                    .map(|_| ['X', 'O', 'X', 'O', '.'][(next() % 5) as usize])
                    .collect();
                let b = Clobber::parse(&cells).unwrap();
                let g = cv.value(&mut t, &Clobber, &b).unwrap();
                total = t.add(total, g).unwrap();
                sum.parts
                    .push(Part::Position(Box::new(Position::new(RunClobber, b))));
            }
        }
        let lit = t.parse_value(literals[(next() % 11) as usize]).unwrap();
        total = t.add(total, lit).unwrap();
        sum.parts.push(Part::Game(lit));
        let want = t.outcome(total).unwrap();
        let small = (next() % 8) as usize;
        for on in [true, false] {
            let config = Config {
                small_moves: small,
                small_value_work: [0, SMALL_VALUE_WORK, u64::MAX][(next() % 3) as usize],
                table_entries: 1 + (next() % 3000) as usize,
                db: None,
            };
            let mut s = Search::with_config(&mut t, &limits(), config);
            s.set_bounds(on);
            s.set_root_values(next() % 2 == 0);
            assert_eq!(s.outcome(&sum).unwrap(), want, "round {round}, bounds {on}");
            if on {
                bounded += s.stats().bounded;
            } else {
                assert_eq!(s.stats().bounded, 0);
            }
        }
    }
    // The shortcut was taken (the test would not see a wrong one otherwise).
    assert!(bounded > 100, "{bounded}");
}

#[test]
fn several_regions_are_valued_before_the_search() {
    // 2 × 3 Domineering is {2|-1/2} and 3 × 4 is −3/2 (REFERENCES: known values).
    // Twelve such boards, each valued alone: nothing is searched, and the outcome
    // is that of 6·{2|-1/2} + 6·(−3/2). Four of them are searched as well without
    // the first valuation, with the same answer.
    let mut t = GameTable::new();
    let a = t.parse_value("{2|-1/2}").unwrap();
    let b = t.parse_value("-3/2").unwrap();
    let config = Config {
        small_moves: 0,
        small_value_work: SMALL_VALUE_WORK,
        table_entries: 100_000,
        db: None,
    };
    for (n, roots) in [(12, true), (4, true), (4, false)] {
        let mut sum = Sum::default();
        let mut total = Game::ZERO;
        for i in 0..n {
            let (board, value) = if i % 2 == 0 {
                (Board::empty(2, 3).unwrap(), a)
            } else {
                (Board::empty(3, 4).unwrap(), b)
            };
            total = t.add(total, value).unwrap();
            sum.parts
                .push(Part::Position(Box::new(Position::new(Domineering, board))));
        }
        let want = t.outcome(total).unwrap();
        let mut s = Search::with_config(&mut t, &limits(), config.clone());
        s.set_root_values(roots);
        assert_eq!(s.outcome(&sum).unwrap(), want, "{n} boards, roots {roots}");
        assert_eq!(s.stats().nodes == 0, roots, "{n} boards, roots {roots}");
    }
}

/// A region as the search sees it, with its hash spoilt (all regions fall into
/// `buckets` hashes) and, if `runs`, bounds on its runs too large to decide anything.
struct Spoilt {
    inner: Box<dyn Component>,
    buckets: u64,
    runs: bool,
}

impl Spoilt {
    fn wrap(&self, inner: Box<dyn Component>) -> Box<dyn Component> {
        Box::new(Spoilt {
            inner,
            buckets: self.buckets,
            runs: self.runs,
        })
    }
}

impl Component for Spoilt {
    fn options(&self, side: Side, out: &mut Vec<Box<dyn Component>>) {
        let mut raw = Vec::new();
        self.inner.options(side, &mut raw);
        out.extend(raw.into_iter().map(|c| self.wrap(c)));
    }
    fn regions(&self, out: &mut Vec<Box<dyn Component>>) {
        let mut raw = Vec::new();
        self.inner.regions(&mut raw);
        out.extend(raw.into_iter().map(|c| self.wrap(c)));
    }
    fn value(&self, t: &mut GameTable) -> Result<Game, SolveError> {
        self.inner.value(t)
    }
    fn show(&self) -> String {
        self.inner.show()
    }
    fn key_hash(&self) -> u64 {
        self.inner.key_hash() % self.buckets
    }
    fn key_eq(&self, other: &dyn Component) -> bool {
        other
            .as_any()
            .downcast_ref::<Spoilt>()
            .is_some_and(|o| self.inner.key_eq(&*o.inner))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn clone_box(&self) -> Box<dyn Component> {
        self.wrap(self.inner.clone_box())
    }
    fn negative(&self) -> Option<Box<dyn Component>> {
        self.inner.negative().map(|n| self.wrap(n))
    }
    fn run_bounds(&self) -> Option<[u32; 2]> {
        // Every board here has fewer than 1000 squares: these bound its runs.
        self.runs.then_some([1000, 1000])
    }
}

#[test]
fn bounds_that_never_decide_stop_being_asked() {
    // Bounds too large to decide anything: after BOUND_TRIAL states looked at,
    // no more are. A Toads and Frogs strip with slides of 1 to 2 and jumps of up
    // to 3 that MCGS's test file `gen_toads_1230.test` gives as a loss for both
    // players moving first (`B loss, W loss`): a P-position, searched over
    // far more than BOUND_TRIAL states.
    let mut t = GameTable::with_limit(50_000_000);
    let text = r#"toads[1,2,3]("..F.FTTTF..F...T..F.")"#;
    let Some(Part::Position(strip)) = crate::partizan::component::read_sum(&mut t, text, &limits())
        .ok()
        .and_then(|s| s.parts.into_iter().next())
    else {
        panic!("{text} reads as a position");
    };
    let sum = Sum {
        parts: vec![Part::Position(Box::new(Spoilt {
            inner: strip,
            buckets: u64::MAX,
            runs: true,
        }))],
    };
    let mut s = Search::new(&mut t, &limits());
    assert_eq!(s.outcome(&sum).unwrap(), Outcome::P);
    assert!(s.stats().nodes > 2 * BOUND_TRIAL, "{:?}", s.stats());
    assert_eq!(s.stats().bounded, 0);
    assert_eq!(s.stats().bound_tries, BOUND_TRIAL);
}

#[test]
fn winning_moves_leave_a_loss_for_the_opponent() {
    // 2×3 Domineering is {2|-1/2} (REFERENCES: known values): Left moving first
    // wins, by a vertical domino in a column; Right moving first wins too.
    let mut t = GameTable::new();
    let mut s = Search::new(&mut t, &limits());
    let sum = one(&Board::empty(2, 3).unwrap());
    assert_eq!(s.outcome(&sum).unwrap(), Outcome::N);
    let (left, more) = s.winning_moves(&sum, Side::Left, 10).unwrap();
    assert!(!more);
    assert!(!left.is_empty());
    for m in &left {
        assert!(!s.wins(&sum.after(m), Side::Right).unwrap());
    }
    let (none, more) = s.winning_moves(&sum, Side::Left, 0).unwrap();
    assert!(none.is_empty() && more);
}

#[test]
fn large_nimbers_beside_regions_keep_the_outcome() {
    // Random sums of Domineering boards (whose heights are known: the nimber is
    // lowered) or Clobber boards (no height: it is not) and a nimber *n, n from 4
    // to 40: the search against the outcome from comparisons of the canonical
    // value X of the boards with *n (Left wins moving first on X + *n exactly
    // when X ≰ *n, Right when *n ≰ X).
    let mut t = GameTable::with_limit(50_000_000);
    let mut dom = TreeValues::new();
    let mut clob = TreeValues::new();
    let mut seed = 0x51_7cc1_b727_220au64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut lowered = 0;
    for round in 0..120 {
        let mut sum = Sum::default();
        let mut x = Game::ZERO;
        for _ in 0..1 + next() % 2 {
            if round % 2 == 0 {
                let (r, c) = [(3, 3), (3, 4), (2, 4)][(next() % 3) as usize];
                let b = board(r, c, next() & ((1 << (r * c)) - 1));
                let g = dom.value(&mut t, &Domineering, &b).unwrap();
                x = t.add(x, g).unwrap();
                sum.parts
                    .push(Part::Position(Box::new(Position::new(Domineering, b))));
            } else {
                let cells: String = (0..6)
                    .map(|_| ['X', 'O', 'X', 'O', '.'][(next() % 5) as usize])
                    .collect();
                let b = Clobber::parse(&cells).unwrap();
                let g = clob.value(&mut t, &Clobber, &b).unwrap();
                x = t.add(x, g).unwrap();
                sum.parts
                    .push(Part::Position(Box::new(Position::new(Clobber, b))));
            }
        }
        let n = 4 + next() % 37;
        let star = t.nimber(Nat::from(n)).unwrap();
        sum.parts.push(Part::Game(star));
        let left = !t.le(x, star).unwrap();
        let right = !t.le(star, x).unwrap();
        let want = match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        };
        // Clobber's boards are all searched (none valued): while a region of
        // unknown height is left the nimber stays as it is.
        let config = Config {
            small_moves: if round % 2 == 0 {
                (next() % 12) as usize
            } else {
                0
            },
            ..Config::new(&limits())
        };
        let mut s = Search::with_config(&mut t, &limits(), config);
        s.set_root_values(round % 2 == 0);
        assert_eq!(s.outcome(&sum).unwrap(), want, "round {round}: *{n}");
        if round % 2 == 0 {
            lowered += s.stats().lowered;
        }
    }
    assert!(lowered > 50, "{lowered}");
}

impl Rules for SwapClobber {
    type Position = ClobberBoard;
    fn options(&self, p: &ClobberBoard, side: Side, out: &mut Vec<ClobberBoard>) {
        Clobber.options(p, side, out);
    }
    fn regions(&self, p: &ClobberBoard, out: &mut Vec<ClobberBoard>) {
        Clobber.regions(p, out);
    }
}

impl Ruleset for SwapClobber {
    const RULES: &'static str = "a test ruleset";
    const EXAMPLE: &'static str = "";
    const NAME: &'static str = "swap_clobber";
    const USAGE: &'static str = "Clobber with its negatives";
    fn read(f: &FamilyTerm) -> Result<(Self, ClobberBoard), (Span, String)> {
        Clobber::read(f).map(|(_, b)| (SwapClobber, b))
    }
    fn show(&self, p: &ClobberBoard) -> String {
        Clobber.show(p)
    }
    fn negative(&self, p: &ClobberBoard) -> Option<ClobberBoard> {
        Some(ClobberBoard {
            layers: [p.layers[1], p.layers[0]],
            ..*p
        })
    }
}

#[test]
fn a_region_and_its_negative_cancel() {
    // XXOXO + (its colours swapped) = G + (−G) = 0: with the negation known the
    // state has no regions left (nothing is searched); both ways it is P.
    let mut t = GameTable::new();
    let b = Clobber::parse("XXOXO|O.X.X").unwrap();
    let sum = Sum {
        parts: vec![
            Part::Position(Box::new(Position::new(SwapClobber, b))),
            Part::Position(Box::new(Position::new(SwapClobber, swapped(&b)))),
        ],
    };
    let config = Config {
        small_moves: 0,
        small_value_work: SMALL_VALUE_WORK,
        table_entries: 1000,
        db: None,
    };
    for negation in [true, false] {
        let mut s = Search::with_config(&mut t, &limits(), config.clone());
        s.set_negation(negation);
        s.set_root_values(false);
        assert_eq!(s.outcome(&sum).unwrap(), Outcome::P);
        assert_eq!(s.stats().nodes == 0, negation, "negation {negation}");
    }
}

impl Rules for RunDomineering {
    type Position = Board;
    fn options(&self, p: &Board, side: Side, out: &mut Vec<Board>) {
        Domineering.options(p, side, out);
    }
    fn regions(&self, p: &Board, out: &mut Vec<Board>) {
        Domineering.regions(p, out);
    }
}

impl Ruleset for RunDomineering {
    const RULES: &'static str = "a test ruleset";
    const EXAMPLE: &'static str = "";
    const NAME: &'static str = "run_domineering";
    const USAGE: &'static str = "Domineering with bounds on its runs";
    fn read(f: &FamilyTerm) -> Result<(Self, Board), (Span, String)> {
        Domineering::read(f).map(|(_, b)| (RunDomineering, b))
    }
    fn show(&self, p: &Board) -> String {
        Domineering.show(p)
    }
    fn run_bounds(&self, p: &Board) -> Option<[u32; 2]> {
        let mut v = Vec::new();
        let mut count = |side| {
            v.clear();
            Domineering.options(p, side, &mut v);
            v.len() as u32
        };
        Some([count(Side::Left), count(Side::Right)])
    }
}

impl Rules for RunClobber {
    type Position = ClobberBoard;
    fn options(&self, p: &ClobberBoard, side: Side, out: &mut Vec<ClobberBoard>) {
        Clobber.options(p, side, out);
    }
    fn regions(&self, p: &ClobberBoard, out: &mut Vec<ClobberBoard>) {
        Clobber.regions(p, out);
    }
}

impl Ruleset for RunClobber {
    const RULES: &'static str = "a test ruleset";
    const EXAMPLE: &'static str = "";
    const NAME: &'static str = "run_clobber";
    const USAGE: &'static str = "Clobber with bounds on its runs";
    fn read(f: &FamilyTerm) -> Result<(Self, ClobberBoard), (Span, String)> {
        Clobber::read(f).map(|(_, b)| (RunClobber, b))
    }
    fn show(&self, p: &ClobberBoard) -> String {
        Clobber.show(p)
    }
    fn run_bounds(&self, p: &ClobberBoard) -> Option<[u32; 2]> {
        Some([p.layers[1].count_ones(), p.layers[0].count_ones()])
    }
}

#[test]
fn asking_for_no_move_says_whether_one_exists() {
    // 3 × 4 Domineering is −3/2 (REFERENCES): Right wins whoever starts.
    let mut t = GameTable::new();
    let mut s = Search::new(&mut t, &limits());
    let sum = one(&Board::empty(3, 4).unwrap());
    let (none, more) = s.winning_moves(&sum, Side::Left, 0).unwrap();
    assert!(none.is_empty() && !more);
    let (none, more) = s.winning_moves(&sum, Side::Right, 0).unwrap();
    assert!(none.is_empty() && more);
    let (some, _) = s.winning_moves(&sum, Side::Right, 1).unwrap();
    assert_eq!(some.len(), 1);
}

#[test]
fn regions_of_one_hash_are_told_apart() {
    // Every board of up to 3×4: the regions fall into three hashes (equal ones
    // are found along a chain of unequal ones), with the table swept again and
    // again (one entry) or not; the outcome is the canonical form's.
    let mut t = GameTable::with_limit(50_000_000);
    let mut v = TreeValues::new();
    let mut want = Vec::new();
    for &(r, c) in &[(2, 5), (3, 3), (3, 4)] {
        for mask in 0..1u64 << (r * c) {
            let b = board(r, c, mask);
            want.push((b.clone(), canonical(&mut t, &mut v, &b)));
        }
    }
    for entries in [1, 100_000] {
        let config = Config {
            small_moves: 0,
            small_value_work: 0,
            table_entries: entries,
            db: None,
        };
        let mut s = Search::with_config(&mut t, &limits(), config);
        for (b, o) in &want {
            let sum = Sum {
                parts: vec![Part::Position(Box::new(Spoilt {
                    inner: Box::new(Position::new(Domineering, b.clone())),
                    buckets: 3,
                    runs: false,
                }))],
            };
            assert_eq!(s.outcome(&sum).unwrap(), *o, "{b:?} entries {entries}");
        }
        assert!(s.stats().regions > 100);
        assert_eq!(s.stats().sweeps > 0, entries == 1);
    }
}

#[test]
fn every_small_domineering_board_matches_its_canonical_outcome() {
    // Every board of at most 12 squares (up to 3×4 and 4×3, 2×6, 1×12…), every set
    // of empty squares: the search (with and without small regions replaced by
    // their values) against the outcome of the canonical form.
    let mut t = GameTable::with_limit(50_000_000);
    let mut v = TreeValues::new();
    let mut want = Vec::new();
    let shapes = [(1, 12), (2, 5), (2, 6), (3, 3), (3, 4), (4, 3), (6, 2)];
    for &(r, c) in &shapes {
        for mask in 0..1u64 << (r * c) {
            let b = board(r, c, mask);
            want.push((b.clone(), canonical(&mut t, &mut v, &b)));
        }
    }
    // With a table of one entry, the regions no state holds are swept away again
    // and again (at most 64 are held between sweeps).
    for (small, entries) in [(0, 1000), (SMALL_MOVES, 1000), (0, 1), (SMALL_MOVES, 1)] {
        let config = Config {
            small_moves: small,
            small_value_work: if entries == 1 { 0 } else { u64::MAX },
            table_entries: entries,
            db: None,
        };
        let mut s = Search::with_config(&mut t, &limits(), config);
        for (b, o) in &want {
            assert_eq!(s.outcome(&one(b)).unwrap(), *o, "{b:?} small {small}");
        }
        if entries == 1 {
            assert!(s.stats().sweeps > 0, "small {small}");
            // States searched again after their entry was dropped try the move
            // that won before first.
            assert!(s.stats().hinted > 0, "small {small}");
        }
    }
}

#[test]
fn the_bound_ends_the_search() {
    let mut t = GameTable::new();
    let l = Limits {
        max_states: 100,
        ..Limits::default()
    };
    let mut s = Search::new(&mut t, &l);
    let e = s.outcome(&one(&Board::empty(6, 6).unwrap())).unwrap_err();
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
