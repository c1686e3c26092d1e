//! Wythoff's game: take any positive number of stones from one heap, or the same
//! positive number from both.
//!
//! # P-positions at any size
//!
//! The positions where the player to move loses are the pairs (Wythoff 1907)
//!
//! ```text
//! (a_k, b_k) = (⌊kφ⌋, ⌊kφ²⌋) = (a_k, a_k + k),   k = 0, 1, 2, …   φ = (1 + √5)/2
//! ```
//!
//! (OEIS A000201 and A001950), in either order of the heaps. Everything here is exact
//! integer arithmetic — no floating point is involved in any decision:
//!
//! * `a_k = ⌊kφ⌋ = ⌊(k + k√5)/2⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋`, because for an integer n and a
//!   real y, `⌊(n + y)/2⌋ = ⌊(n + ⌊y⌋)/2⌋`. The integer square root `⌊√(5k²)⌋` is
//!   estimated from a fixed-point `√5` (128-bit while `5k²` fits in 128 bits, a cached
//!   `BigUint` beyond) and made exact by comparing squares: the largest r with
//!   `r² ≤ 5k²`.
//! * The inverse: for `x ≥ 1` let `j = ⌊(x + 1)/φ⌋ = ⌊(⌊√(5(x+1)²)⌋ − (x + 1))/2⌋`
//!   (as `1/φ = (√5 − 1)/2`). If `x = a_k` then `kφ − 1 < x < kφ` (kφ is irrational),
//!   so `x/φ < k < (x + 1)/φ`, an interval of length `1/φ < 1`: `k = j`. Hence `x` is a
//!   lower number exactly when `a_j = x` (checked by recomputing `a_j`), and its partner
//!   is `b_j = x + j`. Otherwise `x` is an upper number `b_k` (Beatty: the two sequences
//!   partition the positive integers), and the same argument with `φ²` gives
//!   `k = ⌊(x + 1)/φ²⌋`; since `1/φ + 1/φ² = 1` and neither term is an integer,
//!   `⌊(x+1)/φ⌋ + ⌊(x+1)/φ²⌋ = x`, so `k = x − j` and the partner is `a_k = x − k = j`.
//!
//! A P-test is one square root; all winning moves cost at most five.
//!
//! # Winning moves
//!
//! Every number lies in exactly one P-pair, and the pairs have distinct differences, so
//! from `(a, b)` there are at most three moves to a P-position: lower the first heap
//! to the partner of `b`, lower the second heap to the partner of `a`, or take the
//! same from both so that the difference `d = |b − a|` stays and the pair becomes
//! `(a_d, b_d)`. Each is a move when it lowers the heap(s).
//!
//! # Nim-values
//!
//! The values have no known closed form (OEIS A004481); [`GrundyTable`] computes them
//! for all positions up to `(a, b)` when `(a+1)(b+1)` is within `--max-states`. Beyond
//! that the family ([`Wythoff`]) reports the value as unknown but still decides the
//! outcome and lists the winning moves; P-positions have value 0 at any size.

use num_bigint::BigUint;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::exhaustive::GameRules;
use sprague_engine::impartial::exhaustive_family::PositionRules;
use sprague_engine::impartial::family::{Family, MAX_LISTED_MOVES, Move, MoveSink, Pos};
use sprague_engine::picture::{MARKED_BOARD, Picture, Piece};
use std::cell::RefCell;
use std::rc::Rc;

/// The rules of Wythoff's game on heaps that fit in 64 bits, for exhaustive search.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WythoffRules;

impl GameRules for WythoffRules {
    type Position = (u64, u64);
    fn options(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((0..a).map(|x| (x, b)));
        out.extend((0..b).map(|y| (a, y)));
        out.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
    }
}

impl PositionRules for WythoffRules {
    fn name(&self) -> String {
        "wythoff".into()
    }
    fn decode(&self, pos: &Pos) -> Result<(u64, u64), SolveError> {
        match pos.as_slice() {
            [a, b] => match (a.to_u64(), b.to_u64()) {
                (Some(a), Some(b)) => Ok((a, b)),
                _ => Err(SolveError::Input(
                    "exhaustive search of wythoff needs heaps below 2^64".into(),
                )),
            },
            _ => Err(SolveError::Input(
                "wythoff(a,b) takes two heap sizes".into(),
            )),
        }
    }
    fn encode(&self, &(a, b): &(u64, u64)) -> Pos {
        smallvec::smallvec![Nat::from(a), Nat::from(b)]
    }
    fn describe(&self, &(a, b): &(u64, u64), &(x, y): &(u64, u64)) -> String {
        if x != a && y != b {
            MoveKind::Both.text(&Nat::from(a - x))
        } else if x != a {
            MoveKind::First.text(&Nat::from(a - x))
        } else {
            MoveKind::Second.text(&Nat::from(b - y))
        }
    }
}

/// A `u128` as a `Nat`.
fn nat_from_u128(v: u128) -> Nat {
    match u64::try_from(v) {
        Ok(s) => Nat::from(s),
        Err(_) => Nat::from_big(BigUint::from(v)),
    }
}

/// `⌊√5 · 2^126⌋` (checked against `BigUint::sqrt` in the tests). It only speeds up
/// [`floor_sqrt5_u128`]: the result is made exact by comparing squares.
const SQRT5_Q126: u128 = 190_223_625_994_936_052_448_711_836_799_948_219_418;

/// `⌊m√5⌋ = ⌊√(5m²)⌋` in 128-bit arithmetic, or `None` when `5m²` does not fit.
fn floor_sqrt5_u128(m: u128) -> Option<u128> {
    let five_m2 = m.checked_mul(m)?.checked_mul(5)?;
    // Here m < 2^63. m·√5 from the fixed-point constant, a little low (by less than 2):
    // (m·S) >> 126 with S = s1·2^64 + s0, without a 192-bit product.
    let (s1, s0) = (SQRT5_Q126 >> 64, SQRT5_Q126 & u128::from(u64::MAX));
    let mut r = (m * s1 + ((m * s0) >> 64)) >> 62;
    // Exact: the largest r with r² ≤ 5m² (r < 2^64, so r + 1 cannot overflow).
    while r.checked_mul(r).is_none_or(|sq| sq > five_m2) {
        r -= 1;
    }
    while (r + 1).checked_mul(r + 1).is_some_and(|sq| sq <= five_m2) {
        r += 1;
    }
    Some(r)
}

thread_local! {
    /// `(P, ⌊√5 · 2^P⌋)` at the highest precision needed so far on this thread.
    static SQRT5_FIXED: RefCell<(u64, BigUint)> = const { RefCell::new((0, BigUint::ZERO)) };
}

/// `⌊m√5⌋ = ⌊√(5m²)⌋` for any `m`: estimated with a fixed-point `√5` of at least
/// `bits(m) + 64` bits (so from below by at most 1), then made exact by comparing
/// squares. Three multiplications instead of a Newton square root.
fn floor_sqrt5_big(m: &BigUint) -> BigUint {
    let five_m2 = m * m * 5u32;
    let need = m.bits() + 64;
    let mut r = SQRT5_FIXED.with(|cell| {
        let mut c = cell.borrow_mut();
        if c.0 < need {
            let p = need.next_multiple_of(256).max(2 * c.0);
            *c = (p, (BigUint::from(5u32) << (2 * p)).sqrt());
        }
        (m * &c.1) >> c.0
    });
    let mut sq = &r * &r;
    while sq > five_m2 {
        r -= 1u32;
        sq = &r * &r;
    }
    loop {
        let next = &sq + (&r << 1u32) + 1u32;
        if next > five_m2 {
            return r;
        }
        sq = next;
        r += 1u32;
    }
}

/// `a_k = ⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋`, the lower Wythoff number (OEIS A000201), exactly.
///
/// ```
/// use sprague_games::impartial::wythoff::lower_wythoff;
/// use sprague_core::nat::Nat;
/// assert_eq!(lower_wythoff(&Nat::from(4u64)), Nat::from(6u64));
/// ```
pub fn lower_wythoff(k: &Nat) -> Nat {
    if let Some(k) = k.to_u64().map(u128::from)
        && let Some(r) = floor_sqrt5_u128(k)
    {
        // k < 2^63 here, and r < 2^64, so the sum cannot overflow.
        return nat_from_u128((k + r) / 2);
    }
    let k = k.to_big();
    let r = floor_sqrt5_big(&k);
    Nat::from_big((k + r) >> 1u32)
}

/// `⌊(x + 1)/φ⌋ = ⌊(⌊√(5(x+1)²)⌋ − (x + 1))/2⌋`: the only index k for which `a_k`
/// can equal `x` (see the module documentation).
fn lower_index_candidate(x: &Nat) -> Nat {
    if let Some(m) = x.to_u64().map(|x| u128::from(x) + 1)
        && let Some(r) = floor_sqrt5_u128(m)
    {
        return nat_from_u128((r - m) / 2);
    }
    let m = x.to_big() + 1u32;
    let r = floor_sqrt5_big(&m);
    Nat::from_big((r - m) >> 1u32)
}

/// The k-th P-position `(a_k, b_k) = (⌊kφ⌋, ⌊kφ²⌋) = (a_k, a_k + k)`, smaller heap first.
///
/// ```
/// use sprague_games::impartial::wythoff::p_position;
/// use sprague_core::nat::Nat;
/// assert_eq!(p_position(&Nat::from(2u64)), (Nat::from(3u64), Nat::from(5u64)));
/// ```
pub fn p_position(k: &Nat) -> (Nat, Nat) {
    let a = lower_wythoff(k);
    let b = a.add(k);
    (a, b)
}

/// Whether the player to move from `wythoff(a,b)` loses: with `a ≤ b` and
/// `k = b − a`, exactly when `a = a_k`. One integer square root.
///
/// ```
/// use sprague_games::impartial::wythoff::is_p_position;
/// use sprague_core::nat::Nat;
/// assert!(is_p_position(&Nat::from(5u64), &Nat::from(3u64)));
/// assert!(!is_p_position(&Nat::from(3u64), &Nat::from(4u64)));
/// ```
pub fn is_p_position(a: &Nat, b: &Nat) -> bool {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    let k = hi.checked_sub(lo).unwrap_or_default();
    lower_wythoff(&k) == *lo
}

/// The other heap of the unique P-position containing a heap of `x` (`0` for `0`):
/// `b_k` if `x = a_k`, `a_k` if `x = b_k`.
///
/// ```
/// use sprague_games::impartial::wythoff::partner;
/// use sprague_core::nat::Nat;
/// assert_eq!(partner(&Nat::from(4u64)), Nat::from(7u64));
/// assert_eq!(partner(&Nat::from(7u64)), Nat::from(4u64));
/// ```
pub fn partner(x: &Nat) -> Nat {
    if x.is_zero() {
        return Nat::ZERO;
    }
    let j = lower_index_candidate(x);
    if lower_wythoff(&j) == *x {
        // x = a_j: its partner is b_j.
        x.add(&j)
    } else {
        // x = b_k with k = x − j, whose partner is a_k = x − k = j.
        debug_assert!({
            let k = x.checked_sub(&j).unwrap_or_default();
            lower_wythoff(&k).add(&k) == *x && lower_wythoff(&k) == j
        });
        j
    }
}

/// Which heaps a move takes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MoveKind {
    /// Stones taken from the first heap only.
    First,
    /// Stones taken from the second heap only.
    Second,
    /// The same number taken from both heaps.
    Both,
}

impl MoveKind {
    /// The move in words, e.g. "take 3 from the first heap".
    pub fn text(self, take: &Nat) -> String {
        match self {
            MoveKind::First => format!("take {take} from the first heap"),
            MoveKind::Second => format!("take {take} from the second heap"),
            MoveKind::Both => format!("take {take} from both heaps"),
        }
    }
}

/// A move of Wythoff's game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WythoffMove {
    /// Which heaps the move takes from.
    pub kind: MoveKind,
    /// How many stones it takes (from each heap, for [`MoveKind::Both`]).
    pub take: Nat,
    /// The heaps after the move, first heap first.
    pub to: (Nat, Nat),
}

impl WythoffMove {
    /// The move in words, e.g. "take 2 from both heaps".
    pub fn text(&self) -> String {
        self.kind.text(&self.take)
    }

    /// The position after the move in expression syntax, e.g. `wythoff(3,5)`.
    pub fn to_expr(&self) -> String {
        format!("wythoff({},{})", self.to.0, self.to.1)
    }

    /// The position after the move, as the arguments of `wythoff`.
    pub(crate) fn to_pos(&self) -> Pos {
        smallvec::smallvec![self.to.0.clone(), self.to.1.clone()]
    }
}

/// Every move from `wythoff(a,b)` to a P-position (none when `(a,b)` is one), at most
/// three, in the order first heap, second heap, both heaps. Exact at any size.
///
/// ```
/// use sprague_games::impartial::wythoff::winning_moves;
/// use sprague_core::nat::Nat;
/// // (1,2) and (0,0) are P-positions.
/// let moves = winning_moves(&Nat::from(2u64), &Nat::from(2u64));
/// let texts: Vec<String> = moves.iter().map(|m| m.text()).collect();
/// assert_eq!(
///     texts,
///     ["take 1 from the first heap", "take 1 from the second heap", "take 2 from both heaps"]
/// );
/// assert_eq!(moves[1].to_expr(), "wythoff(2,1)");
/// // From (4,6) only the move to (3,5) wins.
/// assert_eq!(winning_moves(&Nat::from(4u64), &Nat::from(6u64)).len(), 1);
/// ```
pub fn winning_moves(a: &Nat, b: &Nat) -> Vec<WythoffMove> {
    let mut out = Vec::with_capacity(3);
    let pa = partner(b);
    if let Some(take) = a.checked_sub(&pa).filter(|t| !t.is_zero()) {
        out.push(WythoffMove {
            kind: MoveKind::First,
            take,
            to: (pa, b.clone()),
        });
    }
    let pb = partner(a);
    if let Some(take) = b.checked_sub(&pb).filter(|t| !t.is_zero()) {
        out.push(WythoffMove {
            kind: MoveKind::Second,
            take,
            to: (a.clone(), pb),
        });
    }
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    let d = hi.checked_sub(lo).unwrap_or_default();
    let (p, q) = p_position(&d);
    if let Some(take) = lo.checked_sub(&p).filter(|t| !t.is_zero()) {
        let to = if a <= b { (p, q) } else { (q, p) };
        out.push(WythoffMove {
            kind: MoveKind::Both,
            take,
            to,
        });
    }
    out
}

/// Positions with at most this many options get a full `mex{…}` line in explanations.
const MEX_LINE_OPTIONS: u64 = 20;

/// Wythoff's game as a family: the outcome and every winning move by the closed form
/// at any size; nim-values from a [`GrundyTable`] while `(a+1)(b+1)` is within
/// `--max-states` (P-positions have value 0 at any size).
///
/// ```
/// use sprague_games::impartial::wythoff::Wythoff;
/// use sprague_engine::impartial::family::{Family, MoveSink, Pos};
/// use sprague_core::Limits;
/// use sprague_core::nat::Nat;
/// let w = Wythoff::default();
/// let pos: Pos = smallvec::smallvec![Nat::from(4u64), Nat::from(6u64)];
/// let limits = Limits::default();
/// assert!(!w.is_p_position(&pos, &limits).unwrap());
/// let mut sink = MoveSink::new(20);
/// w.moves_to_value(&pos, &Nat::ZERO, &limits, &mut sink).unwrap();
/// assert_eq!(sink.moves[0].to_text(&w), "wythoff(3,5)");
/// assert_eq!(sink.moves[0].text, "take 1 from both heaps");
/// ```
#[derive(Debug, Default)]
pub struct Wythoff {
    /// The last table computed, shared by every component of the family.
    table: RefCell<Option<Rc<GrundyTable>>>,
}

impl Wythoff {
    fn decode(pos: &Pos) -> Result<(Nat, Nat), SolveError> {
        match pos.as_slice() {
            [a, b] => Ok((a.clone(), b.clone())),
            _ => Err(SolveError::Input(
                "wythoff(a,b) takes two heap sizes".into(),
            )),
        }
    }

    /// A table of values covering `(a, b)`, computed (and kept) if it has at most
    /// `limits.max_states` cells; `None` when it would be larger. A new table also
    /// covers the previous one's positions when that still fits.
    pub fn table(&self, a: &Nat, b: &Nat, limits: &Limits) -> Option<Rc<GrundyTable>> {
        let (a, b) = (a.to_u64()?, b.to_u64()?);
        if let Some(t) = self.table.borrow().as_ref()
            && t.covers(a, b)
        {
            return Some(t.clone());
        }
        let fits = |w: u64, h: u64| {
            GrundyTable::cells(w, h).is_some_and(|c| c <= limits.max_states)
                && usize::try_from(h).is_ok()
                // Values are at most 2w + h; they are stored as u32.
                && w.checked_mul(2)
                    .and_then(|v| v.checked_add(h))
                    .is_some_and(|v| v < u64::from(u32::MAX))
        };
        let (lo, hi) = (a.min(b), a.max(b));
        let (mut w, mut h) = (lo, hi);
        if let Some(t) = self.table.borrow().as_ref() {
            let (w0, h0) = t.size();
            let (uw, uh) = (lo.max(w0 as u64), hi.max(h0 as u64));
            if fits(uw, uh) {
                (w, h) = (uw, uh);
            }
        }
        if !fits(w, h) {
            return None;
        }
        let t = Rc::new(GrundyTable::within(w as usize, h as usize, limits)?);
        *self.table.borrow_mut() = Some(t.clone());
        Some(t)
    }

    /// The nim-value of `wythoff(a,b)`: 0 for P-positions at any size, else from the
    /// table when it fits in `limits`.
    pub fn value(&self, a: &Nat, b: &Nat, limits: &Limits) -> Option<Nat> {
        if is_p_position(a, b) {
            return Some(Nat::ZERO);
        }
        let t = self.table(a, b, limits)?;
        t.get(a.to_u64()?, b.to_u64()?).map(Nat::from)
    }

    /// The line `sg(wythoff(a,b)) = …` for positions the table covers.
    fn value_line(&self, a: &Nat, b: &Nat, limits: &Limits) -> Option<String> {
        let t = self.table(a, b, limits)?;
        let (x, y) = (a.to_u64()?, b.to_u64()?);
        let v = t.get(x, y)?;
        let options = x.checked_add(y)?.checked_add(x.min(y))?;
        if options > MEX_LINE_OPTIONS {
            let (w, h) = t.size();
            return Some(format!(
                "sg(wythoff({x},{y})) = {v}: the mex of the values of its {options} options, \
                 from the table of values up to ({w},{h}) (OEIS A004481; no closed form is known)"
            ));
        }
        let mut opts = Vec::new();
        WythoffRules.options(&(x, y), &mut opts);
        let names: Vec<String> = opts
            .iter()
            .map(|(p, q)| format!("sg(wythoff({p},{q}))"))
            .collect();
        let vals: Vec<String> = opts
            .iter()
            .map(|&(p, q)| t.get(p, q).map(|g| g.to_string()).unwrap_or_default())
            .collect();
        Some(format!(
            "sg(wythoff({x},{y})) = mex{{{}}} = mex{{{}}} = {v}",
            names.join(", "),
            vals.join(", ")
        ))
    }
}

impl Wythoff {
    /// The move taking `k` stones the way `kind` says from `wythoff(a,b)`, in words
    /// when `words`.
    fn take(a: &Nat, b: &Nat, kind: MoveKind, k: &Nat, words: bool) -> Move {
        let less = |x: &Nat| x.checked_sub(k).unwrap_or_default();
        let (p, q) = match kind {
            MoveKind::First => (less(a), b.clone()),
            MoveKind::Second => (a.clone(), less(b)),
            MoveKind::Both => (less(a), less(b)),
        };
        Move::worded(
            smallvec::smallvec![smallvec::smallvec![p, q]],
            words,
            || kind.text(k),
        )
    }
}

/// The integer square root: the largest `r` with `r² ≤ n`.
fn isqrt(n: u64) -> u64 {
    // Bisection on [lo, hi): lo² ≤ n < hi².
    let (mut lo, mut hi) = (0u64, n.min(u32::MAX as u64) + 1);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if mid * mid <= n {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Wythoff's P-positions `(x, y)` with `x ≤ cols` and `y ≤ rows` (the cells of the
/// board up to a queen there): the pairs `(⌊kφ⌋, ⌊kφ⌋ + k)` and their mirror images
/// (Wythoff 1907), computed exactly as `⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋` (k√5 is
/// irrational for k > 0, so taking the integer part of the root first changes
/// nothing). None when a side exceeds [`MARKED_BOARD`].
pub fn p_positions(cols: &Nat, rows: &Nat) -> Vec<(u64, u64)> {
    let (Some(x), Some(y)) = (cols.to_u64(), rows.to_u64()) else {
        return Vec::new();
    };
    if x > MARKED_BOARD || y > MARKED_BOARD {
        return Vec::new();
    }
    let mut out = Vec::new();
    for k in 0..=x.max(y) {
        let a = (k + isqrt(5 * k * k)) / 2;
        for (i, j) in [(a, a + k), (a + k, a)] {
            if i <= x && j <= y && !out.contains(&(i, j)) {
                out.push((i, j));
            }
        }
    }
    out.sort_unstable();
    out
}

impl Family for Wythoff {
    /// A queen `x` columns and `y` rows from the corner, the P-positions marked
    /// (Wythoff's pairs, [`p_positions`]).
    fn picture(&self, pos: &Pos) -> Picture {
        match pos.as_slice() {
            [x, y] => Picture::Board {
                x: x.clone(),
                y: y.clone(),
                piece: Piece::Queen,
                marks: p_positions(x, y),
            },
            _ => {
                let mut s = String::new();
                self.write_position(pos, &mut s);
                Picture::Text(s)
            }
        }
    }

    fn numbered_heaps(&self) -> bool {
        true
    }

    /// Wythoff's pairs (the module's closed form).
    fn p_positions_rule(&self) -> Option<String> {
        Some(
            "Wythoff's pairs (⌊kφ⌋, ⌊kφ²⌋) = (a_k, a_k + k), k = 0, 1, 2, …, φ = (1 + √5)/2, in either order (Wythoff 1907)"
                .into(),
        )
    }

    /// `K both` or `take K from both`: the queen's diagonal move.
    fn read_move(&self, pos: &Pos, words: &[&str]) -> Option<Result<Pos, String>> {
        let k = match words {
            [k, "both"] | ["take", k, "from", "both"] => k.parse::<Nat>().ok()?,
            _ => return None,
        };
        let mut to = pos.clone();
        for x in to.iter_mut() {
            match x.checked_sub(&k).filter(|_| !k.is_zero()) {
                Some(v) => *x = v,
                None => {
                    let mut here = String::new();
                    self.write_position(pos, &mut here);
                    return Some(Err(format!("cannot take {k} from both heaps of {here}")));
                }
            }
        }
        Some(Ok(to))
    }

    fn move_words(&self) -> Option<&'static str> {
        Some(
            "K both [H], or take K from both [H]: take K from both heaps of a wythoff (the one holding heap H)",
        )
    }

    fn name(&self) -> String {
        "wythoff".into()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        Self::decode(pos).map(|_| ())
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let (a, b) = Self::decode(pos)?;
        Ok(self.value(&a, &b, limits))
    }

    fn is_p_position(&self, pos: &Pos, _limits: &Limits) -> Result<bool, SolveError> {
        let (a, b) = Self::decode(pos)?;
        Ok(is_p_position(&a, &b))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let (a, b) = Self::decode(pos)?;
        if target.is_zero() {
            for m in winning_moves(&a, &b) {
                if !sink.offer_one(m.to_pos(), || m.text()) {
                    break;
                }
            }
            return Ok(());
        }
        let Some(t) = self.table(&a, &b, limits) else {
            return Err(
                limits.states_exceeded(&format!("the table of nim-values for wythoff({a},{b})"))
            );
        };
        // The table covers (a, b), so both fit in u64.
        let (Some(x), Some(y)) = (a.to_u64(), b.to_u64()) else {
            return Ok(());
        };
        // A value beyond u32 is beyond every value in the table.
        let Some(target) = target.to_u64().and_then(|v| u32::try_from(v).ok()) else {
            return Ok(());
        };
        // A value occurs at most once in a row, a column or a diagonal (two equal values
        // on a line would be a move between them), so there is at most one move of each
        // kind; the scans stop at it.
        let first = (1..=x).find(|&k| t.get(x - k, y) == Some(target));
        let second = (1..=y).find(|&k| t.get(x, y - k) == Some(target));
        let both = (1..=x.min(y)).find(|&k| t.get(x - k, y - k) == Some(target));
        let found = [
            first.map(|k| (MoveKind::First, k, (x - k, y))),
            second.map(|k| (MoveKind::Second, k, (x, y - k))),
            both.map(|k| (MoveKind::Both, k, (x - k, y - k))),
        ];
        for (kind, k, (p, q)) in found.into_iter().flatten() {
            let to = smallvec::smallvec![Nat::from(p), Nat::from(q)];
            if !sink.offer_one(to, || kind.text(&Nat::from(k))) {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let (a, b) = Self::decode(pos)?;
        let small = match (a.to_u64(), b.to_u64()) {
            (Some(x), Some(y)) if x.saturating_add(y).saturating_mul(2) <= MAX_LISTED_MOVES => {
                Some((x, y))
            }
            _ => None,
        };
        let Some((x, y)) = small else {
            // Huge heaps: the moves one by one, as far as the sink goes.
            let one = Nat::from(1u64);
            let lo = a.clone().min(b.clone());
            for (kind, top) in [
                (MoveKind::First, &a),
                (MoveKind::Second, &b),
                (MoveKind::Both, &lo),
            ] {
                let mut k = one.clone();
                while k <= *top {
                    if !sink.push(Self::take(&a, &b, kind, &k, sink.wants_words())) {
                        return Ok(());
                    }
                    k = k.add(&one);
                }
            }
            return Ok(());
        };
        let mut opts = Vec::new();
        WythoffRules.options(&(x, y), &mut opts);
        for o in opts {
            let to = smallvec::smallvec![Nat::from(o.0), Nat::from(o.1)];
            if !sink.offer_one(to, || WythoffRules.describe(&(x, y), &o)) {
                break;
            }
        }
        Ok(())
    }

    fn move_count(&self, pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let (a, b) = Self::decode(pos)?;
        let lo = a.clone().min(b.clone());
        Ok(Some(a.add(&b).add(&lo)))
    }

    fn move_to(&self, pos: &Pos, to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        let (a, b) = Self::decode(pos)?;
        let Ok((p, q)) = Self::decode(to) else {
            return Ok(None);
        };
        let (Some(da), Some(db)) = (a.checked_sub(&p), b.checked_sub(&q)) else {
            return Ok(None);
        };
        Ok(match (da.is_zero(), db.is_zero()) {
            (false, true) => Some(Self::take(&a, &b, MoveKind::First, &da, true)),
            (true, false) => Some(Self::take(&a, &b, MoveKind::Second, &db, true)),
            (false, false) if da == db => Some(Self::take(&a, &b, MoveKind::Both, &da, true)),
            _ => None,
        })
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let (a, b) = Self::decode(pos)?;
        let (lo, hi) = if a <= b { (&a, &b) } else { (&b, &a) };
        let d = hi.checked_sub(lo).unwrap_or_default();
        let mut lines = Vec::new();
        if is_p_position(&a, &b) {
            lines.push(format!(
                "wythoff({a},{b}) is a P-position (the player to move loses): ({lo},{hi}) is \
                 Wythoff's pair k = {d}, (a_k, b_k) = (⌊kφ⌋, ⌊kφ²⌋) = (a_k, a_k + k) with \
                 a_k = ⌊(k + √(5k²))/2⌋ = {lo} (exact integer square root); no move leads \
                 from one such pair to another"
            ));
        } else {
            let (p, q) = p_position(&d);
            let moves: Vec<String> = winning_moves(&a, &b)
                .iter()
                .map(|m| format!("{} (to {})", m.text(), m.to_expr()))
                .collect();
            lines.push(format!(
                "wythoff({a},{b}) is an N-position: the heaps differ by {d}, and the P-position \
                 with difference {d} is Wythoff's pair ({p},{q}) = (⌊kφ⌋, ⌊kφ²⌋) for k = {d}, \
                 not ({lo},{hi})"
            ));
            lines.push(format!("every move to a P-position: {}", moves.join("; ")));
        }
        match self.value_line(&a, &b, limits) {
            Some(line) => lines.push(line),
            None if !is_p_position(&a, &b) => lines.push(format!(
                "the nim-value of wythoff({a},{b}) is not computed: its table would hold more \
                 than the bound of {} positions; the outcome and the winning moves need no table",
                limits.max_states
            )),
            None => {}
        }
        Ok(lines)
    }
}

/// The nim-values of Wythoff's game on all positions `(x, y)` with `x ≤ a`, `y ≤ b`
/// (and, by symmetry, their mirror images).
///
/// There is no closed form for these values (OEIS A004481). Each is the mex over its
/// row prefix, column prefix and diagonal prefix. The table is filled row by row; each
/// line (the current row, every column, every diagonal still in use) keeps a bitset of
/// the values it holds and the mex of those values. The mex of the union of three
/// lines is at least the largest of their own mexes, so the scan for the first value
/// absent from all three starts there, a word (64 values) at a time.
///
/// Cost, with `w ≤ h` the sides: `(w+1)(h+1)` cells, each O(1 + s/64) word operations
/// where s is how far the value lies above that starting point (at worst
/// O((w+h)/64); in practice a few words). Memory: 4 bytes per cell plus
/// `2(w+1)` bitsets of `2w + h + 1` bits (a value is at most the number of options,
/// `x + y + min(x, y)`), so under 5 bytes per cell. Only `w + 1` diagonals are in use
/// at a time: a finished diagonal's slot is cleared and reused. Measured (release
/// build, one core): 2000×2000 in about 0.3 s, 7000×7000 (49 million cells, near the
/// default `--max-states`) in about 6.5 s, 2×25 000 000 in about 1.5 s; square tables
/// cost most because their values lie furthest (~20 words) above the lines' mexes.
#[derive(Clone, Debug)]
pub struct GrundyTable {
    /// The shorter side (largest smaller coordinate covered).
    w: usize,
    /// The longer side (largest larger coordinate covered).
    h: usize,
    /// `values[y * (w + 1) + x]` for `x ≤ w`, `y ≤ h`.
    values: Vec<u32>,
}

/// Sets bit `v` of a bitset and advances the set's mex past the values it holds.
#[inline]
fn insert(bits: &mut [u64], mex: &mut u32, v: usize) {
    bits[v / 64] |= 1 << (v % 64);
    let mut m = *mex as usize;
    while m < bits.len() * 64 && bits[m / 64] >> (m % 64) & 1 == 1 {
        m += 1;
    }
    *mex = m as u32;
}

/// Clears bit `v` of a bitset.
#[inline]
fn remove(bits: &mut [u64], v: u32) {
    let v = v as usize;
    bits[v / 64] &= !(1 << (v % 64));
}

impl GrundyTable {
    /// Computes the values of all positions `(x, y)` with `x ≤ a`, `y ≤ b`. The caller
    /// bounds the size (`(a+1)(b+1)` cells); see [`GrundyTable::cells`].
    pub fn new(a: usize, b: usize) -> GrundyTable {
        Self::build(a, b, &mut |_| true).expect("no budget to exceed")
    }

    /// [`GrundyTable::new`] within the command's work budget: every cell and every
    /// word scanned for a mex is a step ([`Limits::charge_work`]), charged row by
    /// row; `None` once the budget is exceeded.
    pub fn within(a: usize, b: usize, limits: &Limits) -> Option<GrundyTable> {
        Self::build(a, b, &mut |steps| {
            limits
                .charge_work(steps, "the table of Wythoff values")
                .is_ok()
        })
    }

    /// The table, calling `charge` with the steps of each row (a cell or a scanned
    /// word each); `None` as soon as it refuses them.
    fn build(a: usize, b: usize, charge: &mut dyn FnMut(u64) -> bool) -> Option<GrundyTable> {
        let (w, h) = if a <= b { (a, b) } else { (b, a) };
        let cols = w + 1;
        // Values are at most 2w + h, the number of options of (w, h).
        let words = (2 * w + h) / 64 + 1;
        let mut values = vec![0u32; cols * (h + 1)];
        let mut row = vec![0u64; words];
        let mut col = vec![0u64; cols * words];
        let mut col_mex = vec![0u32; cols];
        // Diagonal d = y − x + w lives in slot d mod (w + 1); at row y the diagonals in
        // use are d = y ..= y + w, all in distinct slots.
        let mut diag = vec![0u64; cols * words];
        let mut diag_mex = vec![0u32; cols];
        for y in 0..=h {
            if y > 0 {
                for &v in &values[(y - 1) * cols..y * cols] {
                    remove(&mut row, v);
                }
                // Diagonal d = y − 1 ended at (w, y − 1); the new d = y + w takes its slot.
                let slot = (y - 1) % cols;
                let bits = &mut diag[slot * words..(slot + 1) * words];
                let (mut x, mut yy) = (w, y - 1);
                loop {
                    remove(bits, values[yy * cols + x]);
                    if x == 0 || yy == 0 {
                        break;
                    }
                    x -= 1;
                    yy -= 1;
                }
                diag_mex[slot] = 0;
            }
            let mut row_mex = 0u32;
            let mut steps = cols as u64;
            for x in 0..=w {
                let slot = (y + w - x) % cols;
                let c = &mut col[x * words..(x + 1) * words];
                let d = &mut diag[slot * words..(slot + 1) * words];
                let start = row_mex.max(col_mex[x]).max(diag_mex[slot]) as usize;
                let mut i = start / 64;
                let mut taken = row[i] | c[i] | d[i] | ((1u64 << (start % 64)) - 1);
                while taken == u64::MAX {
                    i += 1;
                    taken = row[i] | c[i] | d[i];
                }
                steps += (i - start / 64) as u64;
                let g = i * 64 + taken.trailing_ones() as usize;
                insert(&mut row, &mut row_mex, g);
                insert(c, &mut col_mex[x], g);
                insert(d, &mut diag_mex[slot], g);
                values[y * cols + x] = g as u32;
            }
            if !charge(steps) {
                return None;
            }
        }
        Some(GrundyTable { w, h, values })
    }

    /// Number of cells of a table covering `(a, b)`: `(a+1)(b+1)`, or `None` beyond
    /// `u64`.
    pub fn cells(a: u64, b: u64) -> Option<u64> {
        (a.checked_add(1)?).checked_mul(b.checked_add(1)?)
    }

    /// The sides covered, smaller first.
    pub fn size(&self) -> (usize, usize) {
        (self.w, self.h)
    }

    /// Whether the table holds the value of `(x, y)` (in either order).
    pub fn covers(&self, x: u64, y: u64) -> bool {
        let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
        lo <= self.w as u64 && hi <= self.h as u64
    }

    /// The nim-value of `wythoff(x,y)`, if the table covers it.
    pub fn get(&self, x: u64, y: u64) -> Option<u32> {
        if !self.covers(x, y) {
            return None;
        }
        let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
        Some(self.values[hi as usize * (self.w + 1) + lo as usize])
    }
}

/// `wythoff` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["wythoff"],
    usage: Some(("wythoff(a,b)", "take from one heap, or the same from both")),
    shown: Some(super::Shown {
        group: super::Group::Study,
        rules: "Two heaps; a move takes any number of stones from one heap, or the same number from both. Whoever takes the last stone wins.",
        example: Some("wythoff(3,5)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((reg.shared(Wythoff::default()), 0))
    },
    read: None,
    table: None,
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queen_reads_its_own_words() {
        let w = Wythoff::default();
        let pos: Pos = smallvec::smallvec![Nat::from(3u64), Nat::from(5u64)];
        let after = |words: &[&str]| w.read_move(&pos, words);
        // The rules: the same positive number from both heaps.
        let to: Pos = smallvec::smallvec![Nat::from(1u64), Nat::from(3u64)];
        assert_eq!(after(&["2", "both"]), Some(Ok(to.clone())));
        assert_eq!(after(&["take", "2", "from", "both"]), Some(Ok(to)));
        // All of the smaller heap: the boundary.
        let to: Pos = smallvec::smallvec![Nat::ZERO, Nat::from(2u64)];
        assert_eq!(after(&["3", "both"]), Some(Ok(to)));
        // More than the smaller heap, or nothing: its words, but no move.
        for k in ["4", "0"] {
            assert_eq!(
                after(&[k, "both"]),
                Some(Err(format!(
                    "cannot take {k} from both heaps of wythoff(3,5)"
                )))
            );
        }
        // Not its words.
        for words in [
            &["both"][..],
            &["x", "both"],
            &["2", "3"],
            &["diag"],
            &["2", "both", "1"],
        ] {
            assert_eq!(after(words), None, "{words:?}");
        }
        assert!(w.move_words().unwrap().starts_with("K both"));
    }
    use sprague_core::Bound;
    use sprague_engine::impartial::exhaustive::GrundySearch;
    use sprague_engine::impartial::exhaustive_family::ExhaustiveFamily;
    use std::collections::BTreeSet;

    fn n(v: u64) -> Nat {
        Nat::from(v)
    }

    fn pow10(e: usize) -> Nat {
        format!("1{}", "0".repeat(e)).parse().unwrap()
    }

    /// OEIS A000201 (lower Wythoff sequence ⌊nφ⌋), n = 1..60.
    const A000201: [u64; 60] = [
        1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32, 33, 35, 37, 38,
        40, 42, 43, 45, 46, 48, 50, 51, 53, 55, 56, 58, 59, 61, 63, 64, 66, 67, 69, 71, 72, 74, 76,
        77, 79, 80, 82, 84, 85, 87, 88, 90, 92, 93, 95, 97,
    ];

    /// OEIS A001950 (upper Wythoff sequence ⌊nφ²⌋), n = 1..60.
    const A001950: [u64; 60] = [
        2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52, 54, 57, 60,
        62, 65, 68, 70, 73, 75, 78, 81, 83, 86, 89, 91, 94, 96, 99, 102, 104, 107, 109, 112, 115,
        117, 120, 123, 125, 128, 130, 133, 136, 138, 141, 143, 146, 149, 151, 154, 157,
    ];

    /// The first 105 decimal digits of φ = 1.618… (OEIS A001622). Since
    /// ⌊10^e·φ⌋ is φ truncated after e decimals, a_{10^e} is the first e + 1 digits.
    const PHI_DIGITS: &str = "161803398874989484820458683436563811772030917980576286213544862270526046281890244970720720418939113748475";

    /// An independent check that `a = ⌊kφ⌋`, using only multiplication and comparison.
    ///
    /// For k ≥ 1, kφ = (k + k√5)/2 is irrational, so a = ⌊kφ⌋ ⇔ a < kφ < a + 1
    /// ⇔ 2a − k < k√5 < 2a − k + 2. Both sides are non-negative when 2a ≥ k, so this
    /// is (2a − k)² < 5k² < (2a − k + 2)²; and 2a ≥ k must hold since kφ > k.
    fn is_floor_k_phi(k: &Nat, a: &Nat) -> bool {
        let (k, a) = (k.to_big(), a.to_big());
        if k == BigUint::ZERO {
            return a == BigUint::ZERO;
        }
        let two_a = &a * 2u32;
        if two_a < k {
            return false;
        }
        let lo = two_a - &k;
        let hi = &lo + 2u32;
        let five_k2 = &k * &k * 5u32;
        &lo * &lo < five_k2 && five_k2 < &hi * &hi
    }

    /// The winning moves found by exhaustive search, as (to, text) pairs.
    fn searched_winning_moves(
        family: &ExhaustiveFamily<WythoffRules>,
        a: u64,
        b: u64,
    ) -> BTreeSet<(String, String)> {
        let mut sink = MoveSink::new(usize::MAX);
        let pos: Pos = smallvec::smallvec![n(a), n(b)];
        family
            .moves_to_value(&pos, &Nat::ZERO, &Limits::default(), &mut sink)
            .unwrap();
        sink.moves
            .into_iter()
            .map(|m| (m.to_text(family), m.text))
            .collect()
    }

    #[test]
    fn p_positions_are_the_published_wythoff_pairs() {
        let first = [
            (0, 0),
            (1, 2),
            (3, 5),
            (4, 7),
            (6, 10),
            (8, 13),
            (9, 15),
            (11, 18),
            (12, 20),
        ];
        for (k, &(a, b)) in first.iter().enumerate() {
            assert_eq!(p_position(&n(k as u64)), (n(a), n(b)), "k = {k}");
        }
        for k in 1..=60usize {
            let (a, b) = (A000201[k - 1], A001950[k - 1]);
            assert_eq!(p_position(&n(k as u64)), (n(a), n(b)), "k = {k}");
            assert!(is_p_position(&n(a), &n(b)) && is_p_position(&n(b), &n(a)));
            assert_eq!(partner(&n(a)), n(b));
            assert_eq!(partner(&n(b)), n(a));
        }
    }

    #[test]
    fn picture_marks_the_p_positions_found_by_exhaustive_search() {
        let mut search = GrundySearch::new(WythoffRules);
        let limits = Limits::default();
        for (x, y) in [(0u64, 0u64), (3, 5), (12, 7), (20, 20), (MARKED_BOARD, 40)] {
            let Picture::Board { marks, piece, .. } =
                Wythoff::default().picture(&pos(&n(x), &n(y)))
            else {
                panic!("wythoff({x},{y}) is drawn as a board");
            };
            assert_eq!(piece, Piece::Queen);
            let mut zeros = Vec::new();
            for i in 0..=x {
                for j in 0..=y {
                    if search.grundy(&(i, j), &limits).unwrap() == 0 {
                        zeros.push((i, j));
                    }
                }
            }
            assert_eq!(marks, zeros, "wythoff({x},{y})");
        }
        // The first pairs as published (OEIS A000201 / A001950).
        assert_eq!(
            p_positions(&n(8), &n(13)),
            [
                (0, 0),
                (1, 2),
                (2, 1),
                (3, 5),
                (4, 7),
                (5, 3),
                (6, 10),
                (7, 4),
                (8, 13)
            ]
        );
        // Beyond the bound nothing is marked.
        assert!(p_positions(&n(MARKED_BOARD + 1), &n(0)).is_empty());
    }

    #[test]
    fn closed_form_matches_exhaustive_search() {
        let family = ExhaustiveFamily::new(WythoffRules);
        let mut search = GrundySearch::new(WythoffRules);
        let limits = Limits::default();
        for a in 0u64..60 {
            for b in 0u64..60 {
                let p = search.grundy(&(a, b), &limits).unwrap() == 0;
                assert_eq!(is_p_position(&n(a), &n(b)), p, "({a},{b})");
                let closed: BTreeSet<(String, String)> = winning_moves(&n(a), &n(b))
                    .iter()
                    .map(|m| (m.to_expr(), m.text()))
                    .collect();
                assert_eq!(closed, searched_winning_moves(&family, a, b), "({a},{b})");
                assert_eq!(closed.len(), winning_moves(&n(a), &n(b)).len());
            }
        }
    }

    #[test]
    fn partner_inverts_the_pairs_exactly() {
        // Every positive integer is in exactly one pair (Beatty): build the map from the
        // pairs themselves and compare.
        let limit = 100_000u64;
        let mut expected = vec![u64::MAX; limit as usize];
        expected[0] = 0;
        let mut k = 1u64;
        loop {
            let (a, b) = p_position(&n(k));
            let (a, b) = (a.to_u64().unwrap(), b.to_u64().unwrap());
            if a >= limit {
                break;
            }
            assert!(is_floor_k_phi(&n(k), &n(a)), "a_{k}");
            expected[a as usize] = b;
            if b < limit {
                expected[b as usize] = a;
            }
            k += 1;
        }
        for x in 0..limit {
            assert_ne!(expected[x as usize], u64::MAX, "{x} is in no pair");
            assert_eq!(partner(&n(x)), n(expected[x as usize]), "partner of {x}");
        }
    }

    #[test]
    fn lower_wythoff_agrees_with_the_digits_of_phi() {
        for e in 0..=104 {
            let k = pow10(e);
            let expected: Nat = PHI_DIGITS[..=e].parse().unwrap();
            assert_eq!(lower_wythoff(&k), expected, "a_(10^{e})");
        }
    }

    #[test]
    fn square_roots_are_exact() {
        // The fixed-point constant is ⌊√(5·2^252)⌋.
        let five = BigUint::from(5u32);
        assert_eq!(BigUint::from(SQRT5_Q126), (&five << 252u32).sqrt());
        // ⌊m√5⌋ against BigUint::sqrt, on both paths, small and near powers of two.
        let mut ms: Vec<u128> = (0..2000).collect();
        for e in [32u32, 62, 63, 64, 100, 127] {
            ms.extend((0..5).map(|i| (1u128 << e) - 2 + i));
        }
        for m in ms {
            let big = BigUint::from(m);
            let expected = (&big * &big * 5u32).sqrt();
            if let Some(r) = floor_sqrt5_u128(m) {
                assert_eq!(BigUint::from(r), expected, "m = {m}");
            }
            assert_eq!(floor_sqrt5_big(&big), expected, "m = {m}");
        }
        // Large m, after the cache was filled for a larger precision, and before.
        for e in [300usize, 20, 1000, 100] {
            let m = pow10(e).to_big() + 7u32;
            assert_eq!(floor_sqrt5_big(&m), (&m * &m * 5u32).sqrt(), "10^{e} + 7");
        }
    }

    #[test]
    fn exact_across_the_128_bit_boundary() {
        // 5k² stops fitting in 128 bits at k = ⌊√((2^128 − 1)/5)⌋; check around it and
        // around 2^64, where heaps stop fitting in u64.
        let edge = (u128::MAX / 5).isqrt();
        let mut ks: Vec<Nat> = (edge - 3..=edge + 3).map(nat_from_u128).collect();
        ks.extend((0..4u64).map(|i| nat_from_u128((1u128 << 64) - 2 + u128::from(i))));
        ks.extend((0..4u64).map(|i| nat_from_u128((1u128 << 63) - 2 + u128::from(i))));
        for k in &ks {
            let (a, b) = p_position(k);
            assert!(is_floor_k_phi(k, &a), "a_{k}");
            assert!(is_p_position(&a, &b) && is_p_position(&b, &a));
            assert_eq!(partner(&a), b, "partner of a_{k}");
            assert_eq!(partner(&b), a, "partner of b_{k}");
            let one = n(1);
            assert!(!is_p_position(&a.add(&one), &b));
            assert!(!is_p_position(&a, &b.add(&one)));
        }
    }

    fn check_huge(k: &Nat) {
        let (a, b) = p_position(k);
        assert!(is_floor_k_phi(k, &a), "a_k is not ⌊kφ⌋ for k = {k}");
        assert_eq!(b.checked_sub(&a).as_ref(), Some(k));
        assert!(is_p_position(&a, &b) && is_p_position(&b, &a));
        assert!(winning_moves(&a, &b).is_empty());
        let one = n(1);
        // One more stone in the first heap: taking it back wins.
        let a1 = a.add(&one);
        assert!(!is_p_position(&a1, &b));
        let moves = winning_moves(&a1, &b);
        assert!(moves.contains(&WythoffMove {
            kind: MoveKind::First,
            take: one.clone(),
            to: (a.clone(), b.clone()),
        }));
        // The same in the other order and on the second heap.
        let moves_swapped = winning_moves(&b, &a1);
        assert!(moves_swapped.iter().any(|m| m.to == (b.clone(), a.clone())));
        let b1 = b.add(&one);
        assert!(
            winning_moves(&a, &b1)
                .iter()
                .any(|m| m.kind == MoveKind::Second && m.to == (a.clone(), b.clone()))
        );
        // Every move offered leads to a P-position, checked independently of the code
        // under test: (x, y) with x ≤ y is P iff x = ⌊(y − x)φ⌋.
        for m in moves.iter().chain(&moves_swapped) {
            let (x, y) = &m.to;
            let (x, y) = if x <= y { (x, y) } else { (y, x) };
            assert!(
                is_floor_k_phi(&y.checked_sub(x).unwrap(), x),
                "{}",
                m.to_expr()
            );
        }
    }

    #[test]
    fn huge_positions_are_exact() {
        check_huge(&pow10(18));
        check_huge(&pow10(100));
        check_huge(&pow10(100).add(&n(12345)));
        // a_(10^18) and a_(10^100) are φ's digits (A001622).
        assert_eq!(
            p_position(&pow10(18)).0,
            PHI_DIGITS[..19].parse::<Nat>().unwrap()
        );
        assert_eq!(
            p_position(&pow10(100)).0,
            PHI_DIGITS[..101].parse::<Nat>().unwrap()
        );
    }
    #[test]
    fn table_matches_generic_search() {
        let mut search = GrundySearch::new(WythoffRules);
        let limits = Limits::default();
        let square = GrundyTable::new(39, 39);
        let tall = GrundyTable::new(4, 39);
        let wide = GrundyTable::new(39, 7);
        for a in 0u64..40 {
            for b in 0u64..40 {
                let v = search.grundy(&(a, b), &limits).unwrap();
                assert_eq!(square.get(a, b), Some(v), "({a},{b})");
                for t in [&tall, &wide] {
                    if t.covers(a, b) {
                        assert_eq!(t.get(a, b), Some(v), "({a},{b}) in {:?}", t.size());
                    }
                }
            }
        }
        assert!(!tall.covers(5, 5) && tall.covers(39, 4) && wide.covers(7, 39));
        assert_eq!(GrundyTable::new(0, 0).get(0, 0), Some(0));
        assert_eq!(GrundyTable::new(0, 0).get(0, 1), None);
    }

    #[test]
    fn table_matches_oeis_a004481() {
        // G(n, m) for m ≤ n: the triangle OEIS A317205, the lower half of the square
        // array A004481 (Blass & Fraenkel 1990, Table 2).
        let triangle: [&[u32]; 12] = [
            &[0],
            &[1, 2],
            &[2, 0, 1],
            &[3, 4, 5, 6],
            &[4, 5, 3, 2, 7],
            &[5, 3, 4, 0, 6, 8],
            &[6, 7, 8, 1, 9, 10, 3],
            &[7, 8, 6, 9, 0, 1, 4, 5],
            &[8, 6, 7, 10, 1, 2, 5, 3, 4],
            &[9, 10, 11, 12, 8, 7, 13, 14, 15, 16],
            &[10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14],
            &[11, 9, 10, 7, 12, 14, 2, 13, 17, 6, 18, 15],
        ];
        // The diagonal G(n, n), OEIS A047708.
        let diagonal = [
            0, 2, 1, 6, 7, 8, 3, 5, 4, 16, 14, 15, 10, 9, 11, 20, 13, 21, 12, 25,
        ];
        let t = GrundyTable::new(30, 30);
        for (i, row) in triangle.iter().enumerate() {
            for (j, &v) in row.iter().enumerate() {
                assert_eq!(t.get(i as u64, j as u64), Some(v), "G({i},{j})");
                assert_eq!(t.get(j as u64, i as u64), Some(v), "G({j},{i})");
            }
        }
        for (i, &v) in diagonal.iter().enumerate() {
            assert_eq!(t.get(i as u64, i as u64), Some(v), "G({i},{i})");
        }
        // Row 0 is Nim: G(0, y) = y. Row 1 (from the triangle's second column).
        for y in 0..=30u64 {
            assert_eq!(t.get(0, y), Some(y as u32));
        }
        let row1 = [1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9];
        for (y, &v) in row1.iter().enumerate() {
            assert_eq!(t.get(1, y as u64), Some(v), "G(1,{y})");
        }
    }

    #[test]
    fn table_values_are_zero_exactly_at_p_positions() {
        let t = GrundyTable::new(300, 1000);
        for x in 0..=300u64 {
            for y in 0..=1000u64 {
                let g = t.get(x, y).unwrap();
                assert_eq!(g == 0, is_p_position(&n(x), &n(y)), "({x},{y})");
                // Known bound (OEIS A047708): G(x, y) ≤ x + y.
                assert!(u64::from(g) <= x + y, "({x},{y})");
            }
        }
    }
    fn pos(a: &Nat, b: &Nat) -> Pos {
        smallvec::smallvec![a.clone(), b.clone()]
    }

    fn moves(f: &dyn Family, p: &Pos, target: u64, limits: &Limits) -> Vec<(String, String)> {
        let mut sink = MoveSink::new(usize::MAX);
        f.moves_to_value(p, &n(target), limits, &mut sink).unwrap();
        sink.moves
            .into_iter()
            .map(|m| (m.to_text(f), m.text))
            .collect()
    }

    #[test]
    fn family_matches_exhaustive_search() {
        let w = Wythoff::default();
        let searched = ExhaustiveFamily::new(WythoffRules);
        let limits = Limits::default();
        for a in 0u64..25 {
            for b in 0u64..25 {
                let p = pos(&n(a), &n(b));
                let v = searched.grundy(&p, &limits).unwrap().unwrap();
                assert_eq!(w.grundy(&p, &limits).unwrap(), Some(v.clone()), "({a},{b})");
                assert_eq!(w.is_p_position(&p, &limits).unwrap(), v.is_zero());
                for target in 0..=(a + b + a.min(b) + 1) {
                    let mine = moves(&w, &p, target, &limits);
                    let all = moves(&searched, &p, target, &limits);
                    let set: BTreeSet<_> = mine.iter().cloned().collect();
                    assert_eq!(set.len(), mine.len(), "({a},{b}) → {target}: a move twice");
                    assert_eq!(set, all.into_iter().collect(), "({a},{b}) → {target}");
                }
            }
        }
    }

    #[test]
    fn family_answers_outcome_and_winning_moves_at_huge_sizes() {
        let w = Wythoff::default();
        let limits = Limits::default();
        let (a, b) = p_position(&pow10(100));
        let p = pos(&a, &b);
        assert_eq!(w.grundy(&p, &limits).unwrap(), Some(Nat::ZERO));
        assert!(w.is_p_position(&p, &limits).unwrap());
        assert!(moves(&w, &p, 0, &limits).is_empty());

        let a1 = a.add(&n(1));
        let p1 = pos(&a1, &b);
        assert_eq!(w.grundy(&p1, &limits).unwrap(), None);
        assert!(!w.is_p_position(&p1, &limits).unwrap());
        let won = moves(&w, &p1, 0, &limits);
        assert!(won.contains(&(
            format!("wythoff({a},{b})"),
            "take 1 from the first heap".to_string()
        )));
        let err = w
            .moves_to_value(&p1, &n(1), &limits, &mut MoveSink::new(5))
            .unwrap_err();
        assert!(matches!(
            err,
            SolveError::Limit {
                bound: Bound::States,
                ..
            }
        ));
        let text = w.explain(&p1, &limits).unwrap().join("\n");
        assert!(text.contains("is an N-position"), "{text}");
        assert!(text.contains("take 1 from the first heap"), "{text}");
        assert!(text.contains("not computed"), "{text}");
    }

    #[test]
    fn sums_use_the_closed_form_when_values_are_too_costly() {
        use crate::impartial::nim::Nim;
        use sprague_core::{Outcome, Play};
        use sprague_engine::impartial::heap::HeapFamily;
        use sprague_engine::impartial::sum::{Component, analyse};
        let w: Rc<dyn Family> = Rc::new(Wythoff::default());
        let nim: Rc<dyn Family> = Rc::new(HeapFamily::new(Nim));
        let limits = Limits::default();
        let (a, b) = p_position(&pow10(18));
        let big_p = Component {
            family: w.clone(),
            pos: pos(&a, &b),
        };
        let big_n = Component {
            family: w.clone(),
            pos: pos(&a, &b.add(&n(7))),
        };
        let heap = Component {
            family: nim,
            pos: smallvec::smallvec![n(3)],
        };
        // A P-position has value 0 at any size, so it combines with other components.
        let (c, d) = p_position(&pow10(100));
        let huge_p = Component {
            family: w.clone(),
            pos: pos(&d, &c),
        };
        let r = analyse(&[big_p, huge_p], Play::Normal, &limits, 20).unwrap();
        assert_eq!(r.outcome, Outcome::P);
        assert_eq!(r.grundy, Some(Nat::ZERO));
        assert!(r.winning.is_empty());
        // Alone, an N-position of unknown value still has its outcome and moves.
        let r = analyse(std::slice::from_ref(&big_n), Play::Normal, &limits, 20).unwrap();
        assert_eq!(r.outcome, Outcome::N);
        assert_eq!(r.grundy, None);
        assert!(
            r.winning
                .iter()
                .any(|m| big_n.after_text(&m.mv) == format!("wythoff({a},{b})"))
        );
        // With another component its value is needed: a limit, not a wrong answer.
        assert!(matches!(
            analyse(&[big_n, heap], Play::Normal, &limits, 20),
            Err(SolveError::Limit { .. })
        ));
    }

    #[test]
    fn state_bound_applies_to_values_not_to_outcomes() {
        let w = Wythoff::default();
        let small = Limits {
            max_states: 100,
            ..Limits::default()
        };
        let p = pos(&n(20), &n(20));
        assert_eq!(w.grundy(&p, &small).unwrap(), None);
        assert!(!w.is_p_position(&p, &small).unwrap());
        // 20 = b_8 with a_8 = 12 (A001950, A000201); (0,0) has difference 0.
        let expected = [
            ("wythoff(12,20)", "take 8 from the first heap"),
            ("wythoff(20,12)", "take 8 from the second heap"),
            ("wythoff(0,0)", "take 20 from both heaps"),
        ]
        .map(|(t, m)| (t.to_string(), m.to_string()));
        assert_eq!(moves(&w, &p, 0, &small), expected);
        assert!(
            w.moves_to_value(&p, &n(1), &small, &mut MoveSink::new(5))
                .is_err()
        );
        // (12,20) is a P-position: value 0 without a table.
        assert_eq!(
            w.grundy(&pos(&n(12), &n(20)), &small).unwrap(),
            Some(Nat::ZERO)
        );
        // Within the bound, and a later, larger position reuses or grows the table.
        assert_eq!(w.grundy(&pos(&n(8), &n(8)), &small).unwrap(), Some(n(4)));
        let limits = Limits::default();
        assert_eq!(w.grundy(&pos(&n(9), &n(9)), &limits).unwrap(), Some(n(16)));
        assert_eq!(w.grundy(&pos(&n(8), &n(8)), &small).unwrap(), Some(n(4)));
    }

    #[test]
    fn explanations_name_the_pair_and_the_moves() {
        let w = Wythoff::default();
        let limits = Limits::default();
        let p = w.explain(&pos(&n(5), &n(3)), &limits).unwrap().join("\n");
        assert!(p.contains("is a P-position"), "{p}");
        assert!(p.contains("k = 2"), "{p}");
        assert!(p.contains("= 0"), "{p}");
        let e = w.explain(&pos(&n(4), &n(6)), &limits).unwrap();
        let text = e.join("\n");
        assert!(text.contains("differ by 2"), "{text}");
        assert!(text.contains("(3,5)"), "{text}");
        assert!(
            text.contains("take 1 from both heaps (to wythoff(3,5))"),
            "{text}"
        );
        // G(4, 6) = 9 (A004481).
        assert!(
            e.last().unwrap().starts_with("sg(wythoff(4,6)) = mex{"),
            "{text}"
        );
        assert!(e.last().unwrap().ends_with("= 9"), "{text}");
        let big = w.explain(&pos(&n(30), &n(40)), &limits).unwrap();
        assert!(big.last().unwrap().contains("options"), "{big:?}");
    }

    #[test]
    fn sink_cap_and_arguments_are_respected() {
        let w = Wythoff::default();
        let limits = Limits::default();
        // (2,2): three winning moves, to (1,2), (2,1) and (0,0).
        let mut sink = MoveSink::new(1);
        w.moves_to_value(&pos(&n(2), &n(2)), &Nat::ZERO, &limits, &mut sink)
            .unwrap();
        assert_eq!(sink.moves.len(), 1);
        assert!(sink.truncated);
        assert!(w.check(&smallvec::smallvec![n(1)]).is_err());
        assert!(w.check(&smallvec::smallvec![n(1), n(2), n(3)]).is_err());
        assert!(w.check(&pos(&pow10(100), &n(0))).is_ok());
        assert_eq!(w.name(), "wythoff");
    }
}

#[cfg(test)]
mod floating_point_counterexample {
    use super::*;

    /// The study notes compute a_k = ⌊k·φ⌋ as `(int)((sqrt(5.0) + 1) / 2 * k)` in double
    /// precision. At k = 10^18 that gives 1618033988749894912, while the digits of φ
    /// (OEIS A001622: 1.618033988749894848204…) give ⌊10^18·φ⌋ = 1618033988749894848.
    #[test]
    fn double_precision_golden_ratio_is_wrong_at_10_18() {
        let k = 1_000_000_000_000_000_000u64;
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let float_guess = (phi * k as f64).floor() as u64;
        let from_published_digits = 1_618_033_988_749_894_848u64;
        assert_ne!(float_guess, from_published_digits);
        assert_eq!(
            lower_wythoff(&Nat::from(k)),
            Nat::from(from_published_digits)
        );
        let (a, b) = p_position(&Nat::from(k));
        assert!(is_p_position(&a, &b));
        assert!(!is_p_position(&Nat::from(float_guess), &b));
    }
}
