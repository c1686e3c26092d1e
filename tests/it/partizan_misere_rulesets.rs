//! `solve --misere` of the rulesets the misère test of `cli_solve_partizan_misere`
//! leaves out — Konane, Amazons, Fission, NoGo, Snort, Col, Toppling Dominoes and
//! Cram — checked against a brute-force misère minimax written here from the rules as
//! published (never from the engine): a player with no move wins; otherwise the
//! player to move wins when some move leaves a position the opponent, to move, loses.
//!
//! The rules, as their sources give them (Left first):
//!
//! - Konane (the Hawaiian game, as analysed by Ernst, "Playing Konane Mathematically",
//!   UMAP Journal, 1995; Left is black, as in CGSuite): Left's stones `X`, Right's
//!   `O`. A move jumps one of your stones orthogonally over an adjacent stone of the
//!   opponent's into the empty square just beyond, removing the stone jumped; the same
//!   stone may go on jumping in the same direction, and each number of jumps is a move.
//! - Amazons (Walter Zamkauskas, 1988; Berlekamp, "Sums of N × 2 Amazons"): Left's
//!   amazons `L`, Right's `R`. A move takes one of your amazons like a chess queen over
//!   empty squares to an empty square, then shoots an arrow the same way from where it
//!   lands (its old square is empty by then), burning the square the arrow reaches.
//! - Fission (as CGSuite defines it, Left vertical): stones `X` on a board. Left takes
//!   a stone whose squares just above and just below are both on the board and empty
//!   and splits it into two stones there (its own square empties); Right does the same
//!   with the squares just left and right.
//! - NoGo (Go with neither captures nor suicide, as CGSuite defines it): Left plays
//!   Black `X`, Right White `O`. A move places a stone of one's colour on an empty
//!   point so that afterwards every group (stones of one colour joined through shared
//!   sides) has a liberty.
//! - Snort and Col (Winning Ways, ch. 2): players colour an uncoloured vertex of a
//!   graph, Left `L`, Right `R`; in Snort never next to the opponent's colour, in Col
//!   never next to one's own. Grids are graphs of squares sharing a side.
//! - Toppling Dominoes (Fink, Nowakowski, Siegel, Wolfe, "Toppling conjectures",
//!   *Games of No Chance 4*): a row of dominoes, Left's `L`, Right's `R`, green `G`
//!   for either; a player topples one of theirs or a green one left or right, and it
//!   and every domino on that side leave the row.
//! - Cram (Gardner, "Mathematical Games", Scientific American, 1974; Winning Ways):
//!   both players place a domino on two empty squares side by side, either way.
//!   Impartial: alone, `solve` answers it as an impartial game (N or P); in a sum with
//!   a partizan term (`+ {|}`, whose game tree adds nothing) the partizan misère search
//!   plays it.
//!
//! Every board of each ruleset is checked up to a size (all fillings), the winning
//! moves of both players on one-component positions (each listed move leaves a
//! position the opponent loses, and each such move is listed), random sums of two and
//! three components of different rulesets, random larger boards and a few whole ones
//! of 12 to 25 squares, negatives (`-G`) and copies, and a few answers of the command
//! line in JSON, and whole games of `play --misere` won by the computer. The move
//! generators are themselves checked against published normal-play values (the same
//! minimax with the normal-play rule).

use rustc_hash::FxHashMap;
use sprague::partizan::Side;
use sprague::report::solve::partizan::PartizanSolved;
use sprague::report::solve::{Options, Solved, solve_first};

/// One component, by its rules. Boards are rows × columns, cells row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum C {
    /// Konane: 0 empty, 1 Left's stone, 2 Right's, 3 no square.
    Konane(usize, usize, Vec<u8>),
    /// Amazons: 0 empty, 1 Left's amazon, 2 Right's, 3 burnt.
    Amazons(usize, usize, Vec<u8>),
    /// Fission: 0 empty, 1 stone, 2 no square.
    Fission(usize, usize, Vec<u8>),
    /// NoGo: 0 empty, 1 Black (Left), 2 White (Right), 3 no point.
    NoGo(usize, usize, Vec<u8>),
    /// Snort (`true`) or Col: vertex count, edges, colours (0 none, 1 Left's, 2 Right's).
    Graph(bool, usize, Vec<(usize, usize)>, Vec<u8>),
    /// Toppling Dominoes: 1 Left's, 2 Right's, 3 green.
    Topple(Vec<u8>),
    /// Cram: whether each cell is empty.
    Cram(usize, usize, Vec<bool>),
    /// `-G`: the game with the players' roles swapped.
    Neg(Box<C>),
}

fn board(rows: usize, cols: usize, cell: impl Fn(usize) -> char) -> String {
    (0..rows)
        .map(|r| (0..cols).map(|c| cell(r * cols + c)).collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

/// The cells orthogonally next to `i` on a rows × cols board.
fn near(rows: usize, cols: usize, i: usize) -> Vec<usize> {
    let (r, c) = (i / cols, i % cols);
    let mut out = Vec::new();
    if r > 0 {
        out.push(i - cols);
    }
    if r + 1 < rows {
        out.push(i + cols);
    }
    if c > 0 {
        out.push(i - 1);
    }
    if c + 1 < cols {
        out.push(i + 1);
    }
    out
}

/// The cell `k` steps from `i` in direction `(dr, dc)`, if on the board.
fn step(rows: usize, cols: usize, i: usize, (dr, dc): (isize, isize), k: isize) -> Option<usize> {
    let r = (i / cols) as isize + dr * k;
    let c = (i % cols) as isize + dc * k;
    (r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols)
        .then(|| r as usize * cols + c as usize)
}

const ORTHOGONAL: [(isize, isize); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const QUEEN: [(isize, isize); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// Whether every group of stones on a NoGo board has a liberty.
fn nogo_legal(rows: usize, cols: usize, s: &[u8]) -> bool {
    let mut seen = vec![false; s.len()];
    for i in 0..s.len() {
        if seen[i] || !(s[i] == 1 || s[i] == 2) {
            continue;
        }
        let mut stack = vec![i];
        seen[i] = true;
        let mut liberty = false;
        while let Some(j) = stack.pop() {
            for k in near(rows, cols, j) {
                if s[k] == 0 {
                    liberty = true;
                } else if s[k] == s[i] && !seen[k] {
                    seen[k] = true;
                    stack.push(k);
                }
            }
        }
        if !liberty {
            return false;
        }
    }
    true
}

/// The graph of the squares of a grid (`None` no square) that share a side, and their
/// colours.
fn grid_graph(
    rows: usize,
    cols: usize,
    cells: &[Option<u8>],
) -> (usize, Vec<(usize, usize)>, Vec<u8>) {
    let mut number = vec![usize::MAX; cells.len()];
    let mut colours = Vec::new();
    for (i, c) in cells.iter().enumerate() {
        if let Some(c) = c {
            number[i] = colours.len();
            colours.push(*c);
        }
    }
    let mut edges = Vec::new();
    for i in 0..cells.len() {
        for j in near(rows, cols, i) {
            if i < j && cells[i].is_some() && cells[j].is_some() {
                edges.push((number[i], number[j]));
            }
        }
    }
    (colours.len(), edges, colours)
}

/// A Snort or Col graph as the engine writes it: `snort("0-1 1-2; 0:L")`.
fn read_graph(text: &str) -> C {
    let snort = text.starts_with("snort(");
    let inner = text
        .trim_start_matches("snort(\"")
        .trim_start_matches("col(\"")
        .trim_end_matches("\")");
    let mut n = 0;
    let mut edges = Vec::new();
    let mut colours = Vec::new();
    for item in inner.split([' ', ',', ';']).filter(|s| !s.is_empty()) {
        if let Some((a, b)) = item.split_once('-') {
            let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
            n = n.max(a + 1).max(b + 1);
            edges.push((a.min(b), a.max(b)));
        } else if let Some((a, c)) = item.split_once(':') {
            let a: usize = a.parse().unwrap();
            n = n.max(a + 1);
            colours.push((a, if c == "L" { 1 } else { 2 }));
        } else {
            n = n.max(item.parse::<usize>().unwrap() + 1);
        }
    }
    let mut colour = vec![0; n];
    for (a, c) in colours {
        colour[a] = c;
    }
    edges.sort();
    C::Graph(snort, n, edges, colour)
}

impl C {
    fn text(&self) -> String {
        match self {
            C::Konane(r, c, s) => format!(
                "konane(\"{}\")",
                board(*r, *c, |i| ['.', 'X', 'O', '#'][s[i] as usize])
            ),
            C::Amazons(r, c, s) => format!(
                "amazons(\"{}\")",
                board(*r, *c, |i| ['.', 'L', 'R', '#'][s[i] as usize])
            ),
            C::Fission(r, c, s) => format!(
                "fission(\"{}\")",
                board(*r, *c, |i| ['.', 'X', '#'][s[i] as usize])
            ),
            C::NoGo(r, c, s) => format!(
                "nogo(\"{}\")",
                board(*r, *c, |i| ['.', 'X', 'O', '#'][s[i] as usize])
            ),
            C::Graph(snort, n, edges, colour) => {
                let mut items: Vec<String> =
                    edges.iter().map(|(a, b)| format!("{a}-{b}")).collect();
                for v in 0..*n {
                    if !edges.iter().any(|&(a, b)| a == v || b == v) {
                        items.push(v.to_string());
                    }
                }
                for (v, &c) in colour.iter().enumerate() {
                    if c != 0 {
                        items.push(format!("{v}:{}", if c == 1 { 'L' } else { 'R' }));
                    }
                }
                let name = if *snort { "snort" } else { "col" };
                format!("{name}(\"{}\")", items.join(" "))
            }
            C::Topple(s) => format!(
                "toppling(\"{}\")",
                s.iter()
                    .map(|&x| ['?', 'L', 'R', 'G'][x as usize])
                    .collect::<String>()
            ),
            C::Cram(r, c, e) => format!(
                "cram(\"{}\")",
                board(*r, *c, |i| if e[i] { '.' } else { '#' })
            ),
            C::Neg(g) => format!("-{}", g.text()),
        }
    }

    /// Every position `left` (or Right) can move to, by the rules.
    fn moves(&self, left: bool) -> Vec<C> {
        if let C::Neg(g) = self {
            // Left's moves in −G are Right's in G, negated.
            return g
                .moves(!left)
                .into_iter()
                .map(|m| C::Neg(Box::new(m)))
                .collect();
        }
        let (me, them) = if left { (1, 2) } else { (2, 1) };
        let mut out = Vec::new();
        match self {
            C::Konane(rows, cols, s) => {
                let (rows, cols) = (*rows, *cols);
                for i in (0..s.len()).filter(|&i| s[i] == me) {
                    for d in ORTHOGONAL {
                        let mut n = s.clone();
                        n[i] = 0;
                        let mut k = 1;
                        // The k-th jump goes over the square 2k − 1 away into 2k away.
                        while let (Some(over), Some(to)) = (
                            step(rows, cols, i, d, 2 * k - 1),
                            step(rows, cols, i, d, 2 * k),
                        ) {
                            if s[over] != them || s[to] != 0 {
                                break;
                            }
                            n[over] = 0;
                            let mut after = n.clone();
                            after[to] = me;
                            out.push(C::Konane(rows, cols, after));
                            k += 1;
                        }
                    }
                }
            }
            C::Amazons(rows, cols, s) => {
                let (rows, cols) = (*rows, *cols);
                let slides = |b: &[u8], from: usize| {
                    let mut to = Vec::new();
                    for d in QUEEN {
                        let mut k = 1;
                        while let Some(j) = step(rows, cols, from, d, k) {
                            if b[j] != 0 {
                                break;
                            }
                            to.push(j);
                            k += 1;
                        }
                    }
                    to
                };
                for i in (0..s.len()).filter(|&i| s[i] == me) {
                    for to in slides(s, i) {
                        let mut moved = s.clone();
                        moved[i] = 0;
                        moved[to] = me;
                        for arrow in slides(&moved, to) {
                            let mut after = moved.clone();
                            after[arrow] = 3;
                            out.push(C::Amazons(rows, cols, after));
                        }
                    }
                }
            }
            C::Fission(rows, cols, s) => {
                let (rows, cols) = (*rows, *cols);
                let (a, b) = if left {
                    ((1, 0), (-1, 0))
                } else {
                    ((0, 1), (0, -1))
                };
                for i in (0..s.len()).filter(|&i| s[i] == 1) {
                    if let (Some(x), Some(y)) =
                        (step(rows, cols, i, a, 1), step(rows, cols, i, b, 1))
                        && s[x] == 0
                        && s[y] == 0
                    {
                        let mut n = s.clone();
                        n[i] = 0;
                        n[x] = 1;
                        n[y] = 1;
                        out.push(C::Fission(rows, cols, n));
                    }
                }
            }
            C::NoGo(rows, cols, s) => {
                for i in (0..s.len()).filter(|&i| s[i] == 0) {
                    let mut n = s.clone();
                    n[i] = me;
                    if nogo_legal(*rows, *cols, &n) {
                        out.push(C::NoGo(*rows, *cols, n));
                    }
                }
            }
            C::Graph(snort, n, edges, colour) => {
                // Snort forbids a vertex next to the opponent's colour, Col next to one's own.
                let banned = if *snort { them } else { me };
                for v in (0..*n).filter(|&v| colour[v] == 0) {
                    let next_to_banned = edges.iter().any(|&(a, b)| {
                        (a == v && colour[b] == banned) || (b == v && colour[a] == banned)
                    });
                    if !next_to_banned {
                        let mut c = colour.clone();
                        c[v] = me;
                        out.push(C::Graph(*snort, *n, edges.clone(), c));
                    }
                }
            }
            C::Topple(s) => {
                for i in (0..s.len()).filter(|&i| s[i] == me || s[i] == 3) {
                    // Toppled left: it and every domino left of it go; right likewise.
                    out.push(C::Topple(s[i + 1..].to_vec()));
                    out.push(C::Topple(s[..i].to_vec()));
                }
            }
            C::Neg(_) => unreachable!("negated above"),
            C::Cram(rows, cols, e) => {
                for i in 0..e.len() {
                    for d in [(1, 0), (0, 1)] {
                        if let Some(j) = step(*rows, *cols, i, d, 1)
                            && e[i]
                            && e[j]
                        {
                            let mut n = e.clone();
                            n[i] = false;
                            n[j] = false;
                            out.push(C::Cram(*rows, *cols, n));
                        }
                    }
                }
            }
        }
        out
    }
}

/// The brute-force misère minimax of sums of components.
#[derive(Default)]
struct Brute {
    memo: FxHashMap<(Vec<C>, bool), bool>,
    /// Normal play instead (the player with no move loses), to check the move
    /// generators against published normal-play values.
    normal: bool,
}

impl Brute {
    /// Whether the player to move (`left` or Right) wins the sum in misère play.
    fn wins(&mut self, sum: &[C], left: bool) -> bool {
        let mut key = sum.to_vec();
        key.sort();
        if let Some(&w) = self.memo.get(&(key.clone(), left)) {
            return w;
        }
        let mut any = false;
        let mut win = false;
        'all: for (i, c) in sum.iter().enumerate() {
            for m in c.moves(left) {
                any = true;
                let mut next = sum.to_vec();
                next[i] = m;
                if !self.wins(&next, !left) {
                    win = true;
                    break 'all;
                }
            }
        }
        // The misère rule: a player with no move wins.
        let w = win || (!any && !self.normal);
        self.memo.insert((key, left), w);
        w
    }

    fn outcome(&mut self, sum: &[C]) -> &'static str {
        match (self.wins(sum, true), self.wins(sum, false)) {
            (true, true) => "N",
            (true, false) => "L",
            (false, true) => "R",
            (false, false) => "P",
        }
    }
}

fn options() -> Options {
    Options {
        misere: true,
        max_moves: 10_000,
        ..Options::default()
    }
}

fn solved(text: &str) -> PartizanSolved {
    match solve_first(text, &options(), Side::Left) {
        Ok(Solved::Partizan(p)) => p,
        Ok(_) => panic!("{text}: not partizan"),
        Err(e) => panic!("{text}: {e}"),
    }
}

fn sum_text(sum: &[C]) -> String {
    sum.iter().map(C::text).collect::<Vec<_>>().join(" + ")
}

/// Checks the misère outcome of `sum` (a Cram board alone is also asked as the
/// impartial game it is) and, when `moves`, both players' winning moves in a
/// one-component sum.
fn check(brute: &mut Brute, sum: &[C], moves: bool) {
    let expected = brute.outcome(sum);
    let mut text = sum_text(sum);
    if sum.iter().all(|c| matches!(c, C::Cram(..))) {
        // Impartial: `solve` answers it as an impartial game, N or P.
        let s = solve_first(&text, &options(), Side::Left).unwrap();
        let outcome = s.impartial().expect("impartial").analysis.outcome.letter();
        assert!(expected == "N" || expected == "P", "{text}");
        assert_eq!(outcome, expected, "{text}");
        // With `{|}` beside it (no moves, the same game tree) the partizan search.
        text.push_str(" + {|}");
    }
    let p = solved(&text);
    assert_eq!(p.outcome.letter(), expected, "{text}");
    if !moves {
        return;
    }
    assert_eq!(sum.len(), 1);
    for (left, side) in [(true, &p.left), (false, &p.right)] {
        assert!(!side.truncated, "{text}");
        assert_eq!(side.wins, brute.wins(sum, left), "{text}, left: {left}");
        let winning: Vec<C> = sum[0]
            .moves(left)
            .into_iter()
            .filter(|m| !brute.wins(std::slice::from_ref(m), !left))
            .collect();
        if matches!(&sum[0], C::Graph(..))
            || matches!(&sum[0], C::Neg(g) if matches!(**g, C::Graph(..)))
        {
            // The engine writes the graph after a move with its own numbering: each
            // move it lists is read back and checked, and the counts compared.
            assert_eq!(side.moves.len(), winning.len(), "{text}, left: {left}");
            for w in &side.moves {
                let after = match w.to.strip_prefix('-') {
                    Some(g) => C::Neg(Box::new(read_graph(g))),
                    None => read_graph(&w.to),
                };
                assert!(!brute.wins(&[after], !left), "{text} → {}", w.to);
            }
            continue;
        }
        let mut expected: Vec<String> = winning.iter().map(C::text).collect();
        let mut got: Vec<String> = side.moves.iter().map(|w| w.to.clone()).collect();
        expected.sort();
        expected.dedup();
        got.sort();
        got.dedup();
        assert_eq!(got, expected, "{text}, left: {left}");
    }
}

#[test]
fn the_rules_here_give_published_normal_play_values() {
    // The move generators above, played in normal play, give the outcome classes of
    // published values: Snort on a path of 3 is ±2 (Winning Ways, ch. 2), Col `L..`
    // is −1/2, Toppling Dominoes `LRL` 1/2 and `LR` * (Fink et al.), Amazons `L..` is
    // 2 (Left's two moves), Konane `.OX.|O..X|....` ±1, NoGo on 3 × 3 * and Fission
    // `.|X|.` 1 (CGSuite's examples), Cram 2 × 3 * (its two moves are alike, each
    // leaving a 2 × 1 strip).
    let mut brute = Brute {
        normal: true,
        ..Brute::default()
    };
    let path = vec![(0, 1), (1, 2)];
    let cases = [
        (C::Graph(true, 3, path.clone(), vec![0; 3]), "N"),
        (C::Graph(false, 3, path, vec![1, 0, 0]), "R"),
        (C::Topple(vec![1, 2, 1]), "L"),
        (C::Topple(vec![1, 2]), "N"),
        (C::Amazons(1, 3, vec![1, 0, 0]), "L"),
        (
            C::Konane(3, 4, vec![0, 2, 1, 0, 2, 0, 0, 1, 0, 0, 0, 0]),
            "N",
        ),
        (C::NoGo(3, 3, vec![0; 9]), "N"),
        (C::Fission(3, 1, vec![0, 1, 0]), "L"),
        (C::Cram(2, 3, vec![true; 6]), "N"),
    ];
    for (g, outcome) in cases {
        assert_eq!(
            brute.outcome(std::slice::from_ref(&g)),
            outcome,
            "{}",
            g.text()
        );
    }
    // A number's sign, and a game plus its negative (a second-player win in normal
    // play): 1/2 + −1/2 and ±2 + ±2.
    let half = C::Topple(vec![1, 2, 1]);
    assert_eq!(brute.outcome(&[half.clone(), C::Neg(Box::new(half))]), "P");
    let snort = C::Graph(true, 3, vec![(0, 1), (1, 2)], vec![0; 3]);
    assert_eq!(brute.outcome(&[snort.clone(), snort]), "P");
}

/// Every filling of a rows × cols board with cell values `0..k`.
fn fillings(rows: usize, cols: usize, k: u8) -> impl Iterator<Item = Vec<u8>> {
    let n = rows * cols;
    let total = (k as u64).pow(n as u32);
    (0..total).map(move |mut x| {
        (0..n)
            .map(|_| {
                let d = (x % k as u64) as u8;
                x /= k as u64;
                d
            })
            .collect()
    })
}

/// A small generator of pseudo-random numbers (xorshift), so that the cases are the
/// same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    fn cells(&mut self, n: usize, k: u64) -> Vec<u8> {
        (0..n).map(|_| self.below(k) as u8).collect()
    }

    /// A small position of one of the eight rulesets.
    fn component(&mut self) -> C {
        let (r, c) = (1 + self.below(2) as usize, 1 + self.below(3) as usize);
        match self.below(8) {
            0 => C::Konane(r, c, self.cells(r * c, 4)),
            1 => loop {
                let s = self.cells(r * c, 4);
                if s.iter().filter(|&&x| x == 1 || x == 2).count() <= 2 {
                    break C::Amazons(r, c, s);
                }
            },
            2 => C::Fission(r, c, self.cells(r * c, 3)),
            3 => loop {
                let s = self.cells(r * c, 4);
                if nogo_legal(r, c, &s) {
                    break C::NoGo(r, c, s);
                }
            },
            k @ (4 | 5) => {
                let cells: Vec<Option<u8>> = (0..r * c)
                    .map(|_| match self.below(5) {
                        0 => None,
                        1 => Some(1),
                        2 => Some(2),
                        _ => Some(0),
                    })
                    .collect();
                let (n, edges, colour) = grid_graph(r, c, &cells);
                if n == 0 {
                    return C::Topple(vec![3]);
                }
                C::Graph(k == 4, n, edges, colour)
            }
            6 => C::Topple(
                (0..1 + self.below(5))
                    .map(|_| 1 + self.below(3) as u8)
                    .collect(),
            ),
            _ => C::Cram(r, c, (0..r * c).map(|_| self.below(4) != 0).collect()),
        }
    }
}

/// The board sizes up to `rows × cols` (both ways round).
fn sizes(max: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for &(mr, mc) in max {
        for r in 1..=mr {
            for c in 1..=mc {
                for s in [(r, c), (c, r)] {
                    if !out.contains(&s) {
                        out.push(s);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn konane_every_board_up_to_two_by_four() {
    let mut brute = Brute::default();
    // Every filling (empty, X, O, no square) up to 2 × 3 and 1 × 6; X, O and empty
    // on 2 × 4 and 1 × 7.
    for (rows, cols) in sizes(&[(2, 3), (1, 6)]) {
        for s in fillings(rows, cols, 4) {
            check(&mut brute, &[C::Konane(rows, cols, s)], true);
        }
    }
    for (rows, cols) in [(2, 4), (4, 2), (1, 7)] {
        for s in fillings(rows, cols, 3) {
            check(&mut brute, &[C::Konane(rows, cols, s)], true);
        }
    }
}

#[test]
fn amazons_small_boards_with_one_amazon_each() {
    let mut brute = Brute::default();
    for (rows, cols) in sizes(&[(2, 3), (1, 5)]).into_iter().chain([(3, 3)]) {
        let n = rows * cols;
        for l in 0..n {
            for r in (0..n).filter(|&r| r != l) {
                for burnt in 0u32..(1 << n) {
                    if burnt & (1 << l | 1 << r) != 0 {
                        continue;
                    }
                    let s = (0..n)
                        .map(|i| {
                            if i == l {
                                1
                            } else if i == r {
                                2
                            } else if burnt & (1 << i) != 0 {
                                3
                            } else {
                                0
                            }
                        })
                        .collect();
                    check(&mut brute, &[C::Amazons(rows, cols, s)], rows * cols <= 6);
                }
            }
        }
    }
    // Boards of up to 2 × 3 with every filling: several amazons of one side, or none.
    for (rows, cols) in sizes(&[(2, 3)]) {
        for s in fillings(rows, cols, 4) {
            check(&mut brute, &[C::Amazons(rows, cols, s)], true);
        }
    }
}

#[test]
fn fission_every_board_up_to_three_by_three() {
    let mut brute = Brute::default();
    for (rows, cols) in sizes(&[(3, 3), (2, 4)]) {
        for s in fillings(rows, cols, 3) {
            check(&mut brute, &[C::Fission(rows, cols, s)], true);
        }
    }
    // Empty 3 × 4 and 4 × 4 boards with one stone anywhere.
    for (rows, cols) in [(3, 4), (4, 4)] {
        for i in 0..rows * cols {
            let mut s = vec![0; rows * cols];
            s[i] = 1;
            check(&mut brute, &[C::Fission(rows, cols, s)], true);
        }
    }
}

#[test]
fn nogo_every_legal_board_up_to_two_by_three() {
    let mut brute = Brute::default();
    for (rows, cols) in sizes(&[(2, 3), (1, 6)]) {
        for s in fillings(rows, cols, 4) {
            if nogo_legal(rows, cols, &s) {
                check(&mut brute, &[C::NoGo(rows, cols, s)], true);
            }
        }
    }
    // 3 × 3 and 2 × 4 with stones on the points only, and random holes.
    for (rows, cols) in [(3, 3), (2, 4), (4, 2)] {
        for s in fillings(rows, cols, 3) {
            if nogo_legal(rows, cols, &s) {
                check(&mut brute, &[C::NoGo(rows, cols, s)], rows * cols <= 8);
            }
        }
    }
}

/// Every grid of up to `max` squares, each square absent, uncoloured or of either
/// colour, for Snort (`snort`) or Col, with its winning moves.
fn graph_boards(snort: bool) {
    let mut brute = Brute::default();
    for (rows, cols) in sizes(&[(2, 3), (1, 6)]) {
        for s in fillings(rows, cols, 4) {
            let cells: Vec<Option<u8>> = s.iter().map(|&x| (x < 3).then_some(x)).collect();
            let (n, edges, colour) = grid_graph(rows, cols, &cells);
            if n == 0 {
                continue;
            }
            let grid = board(rows, cols, |i| ['.', 'L', 'R', '#'][s[i] as usize]);
            let g = C::Graph(snort, n, edges, colour);
            // Written as a grid: the same game as the graph.
            let name = if snort { "snort" } else { "col" };
            let p = solved(&format!("{name}(\"{grid}\")"));
            assert_eq!(
                p.outcome.letter(),
                brute.outcome(std::slice::from_ref(&g)),
                "{grid}"
            );
            check(&mut brute, &[g], true);
        }
    }
    // 3 × 3 uncoloured with any squares missing.
    for s in fillings(3, 3, 2) {
        let cells: Vec<Option<u8>> = s.iter().map(|&x| (x == 0).then_some(0)).collect();
        let (n, edges, colour) = grid_graph(3, 3, &cells);
        if n > 0 {
            check(&mut brute, &[C::Graph(snort, n, edges, colour)], true);
        }
    }
    // Every graph on four vertices, uncoloured, and with vertex 0 coloured either way.
    let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    for mask in 0u32..64 {
        let edges: Vec<(usize, usize)> = (0..6)
            .filter(|k| mask & (1 << k) != 0)
            .map(|k| pairs[k])
            .collect();
        for c0 in 0..3 {
            let g = C::Graph(snort, 4, edges.clone(), vec![c0, 0, 0, 0]);
            check(&mut brute, &[g], true);
        }
    }
}

#[test]
fn snort_every_grid_up_to_two_by_three_and_graphs_of_four_vertices() {
    graph_boards(true);
}

#[test]
fn col_every_grid_up_to_two_by_three_and_graphs_of_four_vertices() {
    graph_boards(false);
}

#[test]
fn toppling_dominoes_every_row_up_to_seven() {
    let mut brute = Brute::default();
    for len in 1..=7 {
        for s in fillings(1, len, 3) {
            let row = s.iter().map(|x| x + 1).collect();
            check(&mut brute, &[C::Topple(row)], true);
        }
    }
}

#[test]
fn cram_every_board_up_to_three_by_three() {
    let mut brute = Brute::default();
    for (rows, cols) in sizes(&[(3, 3), (2, 4), (1, 7)]) {
        for s in fillings(rows, cols, 2) {
            let e = s.iter().map(|&x| x == 0).collect();
            check(&mut brute, &[C::Cram(rows, cols, e)], true);
        }
    }
}

#[test]
fn random_sums_of_different_rulesets() {
    let mut brute = Brute::default();
    let mut r = Rng(0x6d69_7365_7265);
    let kinds = |sum: &[C]| {
        let mut k: Vec<_> = sum.iter().map(std::mem::discriminant).collect();
        k.sort_by_key(|d| format!("{d:?}"));
        k.dedup();
        k.len() == sum.len()
    };
    let mut done = 0;
    while done < 300 {
        let sum = [r.component(), r.component()];
        if kinds(&sum) {
            check(&mut brute, &sum, false);
            done += 1;
        }
    }
    done = 0;
    while done < 80 {
        let sum = [r.component(), r.component(), r.component()];
        if kinds(&sum) {
            check(&mut brute, &sum, false);
            done += 1;
        }
    }
}

#[test]
fn the_command_line_answers_in_json() {
    let mut brute = Brute::default();
    let cases = [
        vec![C::Konane(2, 3, vec![1, 2, 0, 0, 2, 1])],
        vec![C::Amazons(2, 3, vec![1, 0, 0, 0, 3, 2])],
        vec![C::Fission(3, 3, vec![0, 0, 0, 0, 1, 0, 0, 0, 0])],
        vec![C::NoGo(2, 3, vec![0; 6])],
        vec![C::Topple(vec![1, 2, 3, 1])],
        vec![
            C::Topple(vec![3, 2]),
            C::Cram(2, 2, vec![true; 4]),
            C::Konane(1, 3, vec![1, 2, 0]),
        ],
    ];
    for sum in &cases {
        let text = sum_text(sum);
        let out = assert_cmd::Command::cargo_bin("sprague")
            .unwrap()
            .args(["solve", "--misere", "--json", &text])
            .output()
            .unwrap();
        assert!(out.status.success(), "{text}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["play"], "misere", "{text}");
        assert_eq!(v["outcome"], brute.outcome(sum), "{text}");
        for (side, left) in [("left", true), ("right", false)] {
            let by = &v["winning_moves_by_side"][side];
            assert_eq!(by["wins"], brute.wins(sum, left), "{text} {side}");
            if sum.len() == 1 {
                let n = sum[0]
                    .moves(left)
                    .into_iter()
                    .filter(|m| !brute.wins(std::slice::from_ref(m), !left))
                    .count();
                assert_eq!(by["moves"].as_array().unwrap().len(), n, "{text} {side}");
            }
        }
    }
    // Snort and Col on grids, as written.
    for (text, sum) in [
        ("snort(\"...|...\")", {
            let (n, e, c) = grid_graph(2, 3, &[Some(0); 6]);
            C::Graph(true, n, e, c)
        }),
        ("col(\"L..|...\")", {
            let mut cells = [Some(0); 6];
            cells[0] = Some(1);
            let (n, e, c) = grid_graph(2, 3, &cells);
            C::Graph(false, n, e, c)
        }),
    ] {
        let out = assert_cmd::Command::cargo_bin("sprague")
            .unwrap()
            .args(["solve", "--misere", "--json", text])
            .output()
            .unwrap();
        assert!(out.status.success(), "{text}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["outcome"], brute.outcome(&[sum]), "{text}");
    }
}

#[test]
fn larger_boards_sampled() {
    // Random boards past the sizes checked whole, with both players' winning moves.
    let mut brute = Brute::default();
    let mut r = Rng(0x1234_5678_9abc);
    for _ in 0..30 {
        let s = r.cells(16, 4);
        check(&mut brute, &[C::Konane(4, 4, s)], true);
        let s = r.cells(12, 3);
        check(&mut brute, &[C::Konane(3, 4, s)], true);
        // Amazons on 3 × 3, two amazons each, burnt squares at random.
        let s = loop {
            let s: Vec<u8> = r.cells(9, 5).iter().map(|&x| x.min(3)).collect();
            let count = |a| s.iter().filter(|&&x| x == a).count();
            if count(1) == 2 && count(2) == 2 {
                break s;
            }
        };
        check(&mut brute, &[C::Amazons(3, 3, s)], true);
        // Fission on 4 × 5, mostly empty.
        let s = r
            .cells(20, 6)
            .iter()
            .map(|&x| x.saturating_sub(3))
            .collect();
        check(&mut brute, &[C::Fission(4, 5, s)], true);
        // NoGo on 4 × 4 with at most 10 empty points.
        let s: Vec<u8> = r
            .cells(16, 6)
            .iter()
            .map(|&x| match x {
                0..=2 => x,
                5 => 3,
                _ => 0,
            })
            .collect();
        if nogo_legal(4, 4, &s) && s.iter().filter(|&&x| x == 0).count() <= 10 {
            check(&mut brute, &[C::NoGo(4, 4, s)], true);
        }
        for snort in [true, false] {
            let cells: Vec<Option<u8>> = (0..16)
                .map(|_| match r.below(8) {
                    0 => None,
                    1 => Some(1),
                    2 => Some(2),
                    _ => Some(0),
                })
                .collect();
            let (n, e, c) = grid_graph(4, 4, &cells);
            if n > 0 {
                check(&mut brute, &[C::Graph(snort, n, e, c)], true);
            }
        }
        let row: Vec<u8> = (0..12).map(|_| 1 + r.below(3) as u8).collect();
        check(&mut brute, &[C::Topple(row)], true);
        let e: Vec<bool> = (0..16).map(|_| r.below(3) != 0).collect();
        check(&mut brute, &[C::Cram(4, 4, e.clone())], true);
        check(&mut brute, &[C::Cram(4, 4, e), C::Topple(vec![3])], false);
    }
    // The empty 3 × 3 NoGo, Snort and Col boards.
    check(&mut brute, &[C::NoGo(3, 3, vec![0; 9])], true);
    let (n, e, c) = grid_graph(3, 3, &[Some(0); 9]);
    check(&mut brute, &[C::Graph(true, n, e.clone(), c.clone())], true);
    check(&mut brute, &[C::Graph(false, n, e, c)], true);
}

#[test]
fn negatives_and_copies() {
    // `-G` swaps the players' roles; in misère play G + (−G) need not be P and
    // G + G is not G doubled: each is searched as its game tree.
    let mut brute = Brute::default();
    let mut r = Rng(0x6e65_6761_7469);
    for _ in 0..150 {
        let a = r.component();
        let b = r.component();
        let neg = |g: &C| C::Neg(Box::new(g.clone()));
        check(&mut brute, &[neg(&a)], true);
        check(&mut brute, &[a.clone(), neg(&a)], false);
        check(&mut brute, &[a.clone(), a.clone()], false);
        check(&mut brute, &[a.clone(), neg(&b), b.clone()], false);
    }
}

#[test]
fn medium_boards() {
    // Whole boards of 12 to 25 squares, with both players' winning moves.
    let mut brute = Brute::default();
    let (n, e, c) = grid_graph(3, 4, &[Some(0); 12]);
    let mut fission = vec![0; 25];
    fission[12] = 1;
    let mut amazons = vec![0; 12];
    amazons[0] = 1;
    amazons[11] = 2;
    for g in [
        C::Graph(true, n, e.clone(), c.clone()),
        C::Graph(false, n, e, c),
        C::NoGo(3, 4, vec![0; 12]),
        C::Fission(5, 5, fission),
        C::Amazons(3, 4, amazons),
        C::Topple((0..20).map(|i| [1, 2, 3, 1, 1, 2, 3][i % 7]).collect()),
        C::Cram(4, 4, vec![true; 16]),
    ] {
        check(&mut brute, &[g], true);
    }
}

/// `play --misere` of each ruleset: the computer, given the side that wins moving
/// first (by the brute force), wins the game against every reply the scripts make
/// (the human always plays the first move listed, or always the last).
#[test]
fn misere_play_the_computer_wins_what_it_should() {
    let mut brute = Brute::default();
    let (n, e, c) = grid_graph(1, 3, &[Some(0); 3]);
    let snort = C::Graph(true, n, e, c);
    let (n, e, c) = grid_graph(2, 3, &[Some(0); 6]);
    let col = C::Graph(false, n, e, c);
    let cases = [
        (C::Konane(2, 3, vec![1, 2, 0, 0, 2, 1]), None),
        (C::Amazons(2, 3, vec![1, 0, 0, 0, 0, 2]), None),
        (C::Fission(3, 3, vec![0, 0, 0, 0, 1, 0, 0, 0, 0]), None),
        (C::NoGo(1, 3, vec![0; 3]), None),
        (snort, Some("snort(\"...\")")),
        (col, Some("col(\"...|...\")")),
        (C::Topple(vec![1, 2, 3, 1]), None),
        (C::Cram(2, 2, vec![true; 4]), None),
    ];
    for (game, written) in &cases {
        let mut played = 0;
        let mut text = written.map_or_else(|| game.text(), str::to_string);
        if matches!(game, C::Cram(..)) {
            // Alone, Cram is played as the impartial game it is; beside `{|}` the
            // partizan misère search plays it, with sides.
            text.push_str(" + {|}");
        }
        for (computer, human, left) in [("left", "right", true), ("right", "left", false)] {
            if !brute.wins(std::slice::from_ref(game), left) {
                continue;
            }
            for script in ["1\n".repeat(30), "9\n8\n7\n6\n5\n4\n3\n2\n1\n".repeat(4)] {
                let out = assert_cmd::Command::cargo_bin("sprague")
                    .unwrap()
                    .args([
                        "play", "--json", "--misere", "--as", human, "--first", "computer", &text,
                    ])
                    .write_stdin(script)
                    .output()
                    .unwrap();
                assert!(
                    out.status.success(),
                    "{text}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                let stdout = String::from_utf8(out.stdout).unwrap();
                let end: serde_json::Value = stdout
                    .lines()
                    .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
                    .find(|v| v["event"] == "end")
                    .unwrap_or_else(|| panic!("{text}: the game did not end: {stdout}"));
                assert_eq!(end["winner"], computer, "{text}: {stdout}");
                assert_eq!(end["you_won"], false, "{text}");
                played += 1;
            }
        }
        // Each position has a side that wins moving first.
        assert!(played >= 2, "{text}: {played} games");
    }
}
