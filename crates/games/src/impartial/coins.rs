//! Coin-turning games (Winning Ways, ch. 14, "Turn and Turn About"): a row of coins,
//! each heads or tails; a move turns over some coins, as the game's rule allows, and
//! the rightmost coin it turns must go from heads to tails (the others may go either
//! way). The player who cannot move loses.
//!
//! # Writing a row
//!
//! A row is a string, `H` for heads and `T` for tails (`h`, `t`, `1` and `0` are read
//! too, and written back as `H` and `T`): `turtles("THHT")`. Several strings are a sum,
//! one row each. Coins are numbered from 1 at the left, as Winning Ways numbers them,
//! in moves (`turn 3 7`), in tables (heap `n` of `table` is a head on coin `n`; `0` is
//! no coin, worth 0) and in the words of moves. Where the theory numbers from 0
//! (Twins, Mock Turtles), the closed forms below are written for coins from 1.
//!
//! # The games
//!
//! | expression | a move turns | a head on coin `n` is worth |
//! |---|---|---|
//! | `turtles` (Turning Turtles) | one or two coins | `n` (Nim) |
//! | `twins` (Twins) | exactly two coins | `n − 1` (Nim, numbering from 0) |
//! | `mock_turtles` (Mock Turtles) | one, two or three coins | the `n`-th odious number `1, 2, 4, 7, 8, 11, …` |
//! | `ruler` (Ruler) | a run of consecutive coins (one or more) | the largest power of 2 dividing `n` |
//! | `moebius` (Moebius) | one to five coins | by the mex of the rule (`1, 2, 4, 8, 16, 31, 32, …`) |
//! | `mogul` (Mogul) | one to seven coins | by the mex of the rule |
//! | `coins[k]` | one to `k` coins | as its rule says (`coins[2]` is Turning Turtles) |
//! | `coins[k,w]` | one to `k` coins within `w` consecutive places (the rightmost coin and the others at most `w − 1` places to its left) | by the mex of the rule, periodic (proved) |
//!
//! # The coin-turning theorem
//!
//! **Theorem.** In a game where a move turns a set `S` of coins whose largest (rightmost)
//! coin `max S` goes from heads to tails, and where whether `S` is a move depends only on
//! `S` (and on `max S` being heads), the value of a row with heads on the set `H` is
//! `V(H) = g(h1) ⊕ g(h2) ⊕ …`, the XOR over its heads of `g(h) = G({h})`, the value of a
//! row with a single head on coin `h`.
//!
//! *Proof.* A move `S` from `H` leaves `H △ S` (symmetric difference): each coin of `S`
//! is turned. Reading a set of heads as a binary number (coin `i` the bit `i`), `H △ S`
//! is smaller than `H` (its highest changed bit, `max S`, goes from 1 to 0), so every
//! play ends and we may argue by induction on that number that `G(H) = V(H)`. Turning
//! coin `s` adds or removes `s` from the heads, so `V(H △ S) = V(H) ⊕ ⨁_{s∈S} g(s)`.
//! With `h = max S`, `S \ {h}` is the row left by the move `S` from the single head
//! `{h}` (legal there, `h` being heads), and it is a smaller number than `{h}`, so by
//! induction `G(S \ {h}) = V(S \ {h})`; hence `V(H △ S) = V(H) ⊕ g(h) ⊕ G(S \ {h})`,
//! where `G(S \ {h})` runs over the values of the options of `{h}`, whose mex is `g(h)`.
//! (1) No option of `H` has the value `V(H)`: that would need `G(S \ {h}) = g(h)`, the
//! value of an option of `{h}` equal to its mex. (2) For `v < V(H)`, let `d = v ⊕ V(H)`
//! and `2^j` its highest bit. `V(H)` has bit `j` (it is the highest bit where `v` and
//! `V(H)` differ, and `v < V(H)`), so some head `h ∈ H` has `g(h)` with bit `j`; then
//! `g(h) ⊕ d < g(h)`, so `{h}` has an option `S \ {h}` of that value (the mex property),
//! and the move `S` from `H` (legal: `h` is heads) leaves `V(H) ⊕ g(h) ⊕ g(h) ⊕ d = v`.
//! So the values of the options of `H` are all values below `V(H)` and not `V(H)`:
//! `G(H) = V(H)`. ∎
//!
//! The proof also gives every winning move: with `d = V(H)` (to value 0), the moves
//! are the sets `S` with `max S = h` a head and `⨁_{s∈S\{h}} g(s) = g(h) ⊕ d`; the
//! family finds them head by head from the values of single coins, without searching
//! the row's game tree. Every rule here satisfies the hypothesis: its sets depend only
//! on the coins' places.
//!
//! # Single heads: closed forms and their proofs
//!
//! `g(n)` is the mex of the values of the sets `S \ {n}` the rule allows, each worth the
//! XOR of the `g` of its coins (by the theorem), all on coins below `n`.
//!
//! * *Turning Turtles* (`S \ {n}` is empty or one coin `m < n`): the options are worth
//!   `0` and `g(1), …, g(n − 1)`; by induction these are `0, 1, …, n − 1`, so
//!   `g(n) = n`.
//! * *Twins* (exactly one coin `m < n`): the options are `g(1), …, g(n − 1)`, by
//!   induction `0, …, n − 2`: `g(n) = n − 1` (a head on coin 1 cannot move).
//! * *Mock Turtles* (at most two coins below `n`): write `o_0 < o_1 < …` for the odious
//!   numbers (an odd number of 1 bits). Of each pair `{2i, 2i + 1}` exactly one is
//!   odious (their bit counts differ by one), so `o_i` is the odious one of
//!   `{2i, 2i + 1}`: `o_i = 2i + [the bit count of i is even]`. Claim `g(n) = o_{n−1}`.
//!   With `m = n − 1` and `g(k) = o_{k−1}` for `k < n`, the options are worth `0`, the
//!   `o_i` with `i < m`, and the `o_i ⊕ o_j` (`i < j < m`), which are evil (an even
//!   bit count). `o_m` is none of them (odious and not an earlier `o_i`). Every
//!   `x < o_m` is one: `0` is; an odious `x < o_m` is some `o_i`, `i < m`; an evil
//!   `x > 0` lies in the pair `j = ⌊x/2⌋ ≤ m`. If `j < m`, `x ⊕ 1` is the odious `o_j`
//!   and `x = o_j ⊕ o_0` (`j ≥ 1`). If `j = m`, then `x = 2m` and `o_m = 2m + 1`; let
//!   `y` be the lowest bit of `2m` (`y < 2m`, as `2m` is evil and so not a power of two):
//!   `y` and `2m − y = 2m ⊕ y` are even, odious and below `2m`, so both are earlier
//!   `o_i`, and `x = y ⊕ (2m ⊕ y)`. So `g(n) = mex = o_{n−1}`. ∎
//! * *Ruler* (`S \ {n}` is the run `m, m + 1, …, n − 1`, `1 ≤ m ≤ n`): claim
//!   `g(i) = i & −i`, the largest power of two dividing `i`. The XOR `P(j)` of
//!   `g(1), …, g(j)` is then the Gray code `j ⊕ ⌊j/2⌋`: `gray(j) ⊕ gray(j − 1) =
//!   (j ⊕ (j − 1)) ⊕ ((j ⊕ (j − 1)) >> 1) = (2^{s+1} − 1) ⊕ (2^s − 1) = 2^s` with
//!   `2^s = j & −j`. The options of `n` are worth `P(n − 1) ⊕ P(j)` for `0 ≤ j ≤ n − 1`.
//!   Let `2^s = n & −n`: `n − 1` ends in `s` ones, above which it agrees with `n` but
//!   for bit `s`. The `j` that agree with `n − 1` above bit `s − 1` (all `≤ n − 1`) have
//!   Gray codes that agree with `gray(n − 1)` from bit `s` up and run over every value
//!   below bit `s`, so every value below `2^s` is an option. The value `2^s` would need
//!   `gray(j) = gray(n − 1) ⊕ 2^s`, and inverting the Gray code (prefix XORs from the
//!   top) gives `j = (n − 1) ⊕ (2^{s+1} − 1) = n > n − 1`: not an option. ∎
//! * `coins[1]` (and any window of 1): a move turns one coin, `g(n) = 1`.
//!
//! Moebius (`coins[5]`), Mogul (`coins[7]`) and the other `coins[k]` have no closed
//! form here: `g(n)` is the least value that is not an XOR of at most `k − 1` of
//! `g(1), …, g(n − 1)`. The table keeps, for `j < k`, the set of the XORs of at most `j`
//! of the values so far as a bitset, and adds each new value `v` by
//! `R_j ← R_j ∪ (v ⊕ R_{j−1})`; the values increase (each `g(m)`, `m < n`, is an option
//! of `n`, and so is every value below it), and the table stops at `--max-states` or
//! `--max-memory` (Mogul's values pass a million before coin 100). No period is claimed:
//! the values grow without bound.
//!
//! With a window, `coins[k,w]`, a head on coin `n ≥ w` has the options of the coins
//! `n − w + 1, …, n − 1`, so `g(n)` is a function of the `w` values before it (the
//! first of them unused): a repeat of `w` consecutive values `p` places later proves
//! the period `p` from there, exactly as for a subtraction game whose largest move is
//! `w` (`sprague_engine::impartial::period::prove_subtraction`); the values are
//! bounded (by the number of sets), so a period always comes.
//!
//! # Misère play
//!
//! No theory of misère coin-turning is used: `solve --misere` decides small rows by
//! the search of the whole position's game tree (every move listed), and stops at
//! `--max-states` beyond.

use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError, StopPoll, WORK_PER_STATE};
use sprague_engine::impartial::cell::{Cell, Extended};
use sprague_engine::impartial::family::{Family, Move, MoveSink, Pos};
use sprague_engine::impartial::heap::{
    Estimate, HeapFamily, HeapOption, HeapRules, PeriodProof, ResumeError, TableFamily,
};
use sprague_engine::impartial::period::Period;
use sprague_engine::impartial::store::ValueStore;
use sprague_engine::impartial::takebreak::PAIRS_PER_STATE;
use sprague_engine::impartial::watch::{Poll, TableHalt, TableWatch};
use sprague_engine::picture::Picture;
use std::cell::{Ref, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// Which sets of coins a move may turn (the rightmost of them goes from heads to
/// tails).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// One to `most` coins; with a window `w`, all within `w` consecutive places.
    AtMost {
        /// The most coins a move turns (at least 1).
        most: usize,
        /// The places the coins lie in, counted back from the rightmost, if bounded.
        window: Option<usize>,
    },
    /// Exactly two coins (Twins).
    Two,
    /// A run of consecutive coins (Ruler).
    Run,
}

/// The most coins `coins[k]` and `coins[k,w]` may turn, and the widest window.
pub const MAX_PARAM: usize = 1 << 16;

impl Rule {
    /// The rule's family name: `turtles`, `twins`, `mock_turtles`, `ruler`, `moebius`,
    /// `mogul`, or `coins[k]`, `coins[k,w]`.
    pub fn name(self) -> String {
        match self {
            Rule::Two => "twins".into(),
            Rule::Run => "ruler".into(),
            Rule::AtMost { most, window: None } => match most {
                2 => "turtles".into(),
                3 => "mock_turtles".into(),
                5 => "moebius".into(),
                7 => "mogul".into(),
                k => format!("coins[{k}]"),
            },
            Rule::AtMost {
                most,
                window: Some(w),
            } => format!("coins[{most},{w}]"),
        }
    }

    /// `coins[k,w]` with `k` no more than `w` (a window of `w` holds at most `w`
    /// coins), and a window of `w` at least 1.
    fn normalised(self) -> Rule {
        match self {
            Rule::AtMost {
                most,
                window: Some(w),
            } => Rule::AtMost {
                most: most.min(w),
                window: Some(w),
            },
            r => r,
        }
    }

    /// The lowest coin a move whose rightmost coin is `h` may turn.
    fn lowest(self, h: usize) -> usize {
        match self {
            Rule::AtMost {
                window: Some(w), ..
            } => (h + 1).saturating_sub(w).max(1),
            _ => 1,
        }
    }

    /// Whether `coins` (ascending, distinct, at least one) is a set the rule turns.
    fn allows(self, coins: &[usize]) -> bool {
        let (Some(&lo), Some(&hi)) = (coins.first(), coins.last()) else {
            return false;
        };
        match self {
            Rule::AtMost { most, window } => {
                coins.len() <= most && window.is_none_or(|w| hi - lo < w)
            }
            Rule::Two => coins.len() == 2,
            Rule::Run => hi - lo + 1 == coins.len(),
        }
    }

    /// The value of a head on coin `n ≥ 1` by a closed form, when the rule has one.
    fn closed(self, n: u64) -> Option<u64> {
        if n == 0 {
            return Some(0);
        }
        match self {
            Rule::AtMost { most: 1, .. } => Some(1),
            Rule::AtMost {
                window: Some(1), ..
            } => Some(1),
            Rule::AtMost {
                most: 2,
                window: None,
            } => Some(n),
            Rule::AtMost {
                most: 3,
                window: None,
            } => Some(odious(n - 1)),
            Rule::Two => Some(n - 1),
            Rule::Run => Some(n & n.wrapping_neg()),
            Rule::AtMost { .. } => None,
        }
    }

    /// Why the closed form holds, in a few words.
    fn closed_reason(self) -> Option<&'static str> {
        Some(match self {
            Rule::AtMost { most: 1, .. }
            | Rule::AtMost {
                window: Some(1), ..
            } => "a move turns one coin, so a head anywhere is worth mex{0} = 1",
            Rule::AtMost {
                most: 2,
                window: None,
            } => "Turning Turtles is Nim: a head on coin n is worth n",
            Rule::AtMost {
                most: 3,
                window: None,
            } => {
                "Mock Turtles: a head on coin n is worth the n-th odious number, 2(n − 1) + 1 when n − 1 has an even number of 1 bits, else 2(n − 1)"
            }
            Rule::Two => "Twins: a head on coin n is worth n − 1 (Nim numbered from 0)",
            Rule::Run => "Ruler: a head on coin n is worth the largest power of 2 dividing n",
            Rule::AtMost { .. } => return None,
        })
    }
}

/// The `m`-th odious number (from `o_0 = 1`): `2m`, plus 1 when `m` has an even number
/// of 1 bits.
///
/// ```
/// use sprague_games::impartial::coins::odious;
/// assert_eq!((0..8).map(odious).collect::<Vec<_>>(), [1, 2, 4, 7, 8, 11, 13, 14]);
/// ```
pub fn odious(m: u64) -> u64 {
    2 * m + u64::from(m.count_ones().is_multiple_of(2))
}

/// The Gray code of `j`, `j ⊕ ⌊j/2⌋`: the XOR of the Ruler values of coins `1..=j`.
fn gray(j: u64) -> u64 {
    j ^ (j >> 1)
}

/// The `j` whose Gray code is `g`.
fn gray_inverse(mut g: u64) -> u64 {
    let mut shift = 1;
    while shift < 64 {
        g ^= g >> shift;
        shift <<= 1;
    }
    g
}

// ----- Rows --------------------------------------------------------------------------

/// A row of coins: `len` coins, coin `i` (from 1) heads when bit `i − 1` of `words` is
/// set. A position is one number: the bits of the row under a leading 1 at bit `len`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Row {
    pub(crate) len: usize,
    words: Vec<u64>,
}

impl Row {
    /// The row written as `H`/`T` (or `1`/`0`); the error is the index of the first
    /// other character.
    pub(crate) fn parse(s: &str) -> Result<Row, (usize, String)> {
        let mut row = Row {
            len: 0,
            words: Vec::new(),
        };
        for (i, c) in s.chars().enumerate() {
            let heads = match c {
                'H' | 'h' | '1' => true,
                'T' | 't' | '0' => false,
                _ => {
                    return Err((
                        i,
                        format!("{c:?} is no coin (write H for heads, T for tails)"),
                    ));
                }
            };
            row.push(heads);
        }
        Ok(row)
    }

    fn push(&mut self, heads: bool) {
        if self.len.is_multiple_of(64) {
            self.words.push(0);
        }
        if heads {
            self.words[self.len / 64] |= 1 << (self.len % 64);
        }
        self.len += 1;
    }

    /// The row of a position, checked.
    pub(crate) fn of(pos: &Pos, name: &str) -> Result<Row, SolveError> {
        let bad = || {
            SolveError::Input(format!(
                "{name} takes rows of coins, one string per row, e.g. {name}(\"THHT\")"
            ))
        };
        let [n] = pos.as_slice() else {
            return Err(bad());
        };
        if n.is_zero() {
            return Err(bad());
        }
        let len = (n.bits() - 1) as usize;
        let mut words = match n {
            Nat::Small(v) => vec![*v],
            _ => n.to_big().to_u64_digits(),
        };
        words.truncate(len.div_ceil(64));
        if !len.is_multiple_of(64)
            && let Some(last) = words.last_mut()
        {
            *last &= (1u64 << (len % 64)) - 1;
        }
        words.resize(len.div_ceil(64), 0);
        Ok(Row { len, words })
    }

    /// The position of the row.
    pub(crate) fn pos(&self) -> Pos {
        let mut digits: Vec<u32> = Vec::with_capacity(self.len / 32 + 1);
        for w in &self.words {
            digits.push(*w as u32);
            digits.push((*w >> 32) as u32);
        }
        let mut big = num_bigint::BigUint::new(digits);
        big.set_bit(self.len as u64, true);
        smallvec::smallvec![Nat::from_big(big)]
    }

    /// Whether coin `i` (from 1) is heads.
    pub(crate) fn heads(&self, i: usize) -> bool {
        i >= 1 && i <= self.len && self.words[(i - 1) / 64] >> ((i - 1) % 64) & 1 != 0
    }

    /// The coins showing heads, ascending.
    pub(crate) fn head_list(&self) -> Vec<usize> {
        let mut out = Vec::new();
        for (k, &w) in self.words.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                out.push(k * 64 + w.trailing_zeros() as usize + 1);
                w &= w - 1;
            }
        }
        out
    }

    /// The row with the coins `coins` turned over.
    pub(crate) fn turned(&self, coins: &[usize]) -> Row {
        let mut r = self.clone();
        for &i in coins {
            r.words[(i - 1) / 64] ^= 1 << ((i - 1) % 64);
        }
        r
    }

    /// The row as `H`s and `T`s.
    pub(crate) fn text(&self) -> String {
        (1..=self.len)
            .map(|i| if self.heads(i) { 'H' } else { 'T' })
            .collect()
    }
}

/// The words of a move turning `coins` (ascending): "turn coin 7", "turn coins 3 and
/// 7", "turn coins 2, 5 and 7", "turn coins 4 to 7" (a run of more than two).
fn turn_text(coins: &[usize]) -> String {
    match coins {
        [a] => format!("turn coin {a}"),
        [a, b] => format!("turn coins {a} and {b}"),
        [a, .., b] if b - a + 1 == coins.len() => format!("turn coins {a} to {b}"),
        [rest @ .., b] => {
            let rest: Vec<String> = rest.iter().map(usize::to_string).collect();
            format!("turn coins {} and {b}", rest.join(", "))
        }
        [] => "turn no coin".into(),
    }
}

// ----- Single heads: the table ---------------------------------------------------------

/// The value of a head on each coin, as a heap family: heap `n` is a row whose only head
/// is coin `n` (heap 0: no coin). Its options are the sets of coins below `n` a move
/// from coin `n` turns, each a list of "heaps" (the heads it leaves).
pub struct SingleHead {
    rule: Rule,
    state: RefCell<Sets>,
}

/// The sets of XORs the table keeps for `coins[k]` and `coins[k,w]` (see the module
/// documentation).
#[derive(Default, Debug)]
struct Sets {
    /// The table's values had this length when the sets were last brought up to date.
    built: usize,
    /// `log2` of the bits of each set (at least 6).
    bits: u32,
    /// For the rule without a window: `R_1 … R_{k−1}`, each `2^bits` bits.
    levels: Vec<Vec<u64>>,
    /// Where to start looking for the next mex (the values increase).
    from_word: usize,
}

/// Word operations per step of the command's work budget.
const WORDS_PER_STEP: u64 = PAIRS_PER_STATE / WORK_PER_STATE;

/// `out |= v ⊕ set` (bit `b` of `set` sets bit `b ⊕ v` of `out`), `v` below the sets'
/// range.
fn or_xored(out: &mut [u64], set: &[u64], v: u64) {
    const SWAP: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    let high = (v >> 6) as usize;
    let low = v & 63;
    for (k, &w) in set.iter().enumerate() {
        if w == 0 {
            continue;
        }
        let mut w = w;
        for (j, &m) in SWAP.iter().enumerate() {
            if low >> j & 1 != 0 {
                let s = 1u32 << j;
                w = ((w >> s) & m) | ((w & m) << s);
            }
        }
        out[k ^ high] |= w;
    }
}

/// The least value missing from the bitset `set`, looking from word `from` on (every
/// value below is in it).
fn first_zero(set: &[u64], from: usize) -> u64 {
    for (k, &w) in set.iter().enumerate().skip(from) {
        if w != u64::MAX {
            return k as u64 * 64 + u64::from(w.trailing_ones());
        }
    }
    set.len() as u64 * 64
}

impl SingleHead {
    /// The single heads of `rule`.
    pub fn new(rule: Rule) -> SingleHead {
        SingleHead {
            rule: rule.normalised(),
            state: RefCell::default(),
        }
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The bytes of the sets for values below `2^bits`.
    fn set_bytes(&self, bits: u32) -> u64 {
        let levels = match self.rule {
            Rule::AtMost { most, window: None } => most.saturating_sub(1) as u64,
            Rule::AtMost { most, .. } => most as u64,
            _ => 0,
        };
        levels.saturating_mul((1u64 << bits.min(62)) / 8)
    }

    /// Makes room in the sets for values below `2^bits`, within `--max-memory`.
    fn grow(&self, sets: &mut Sets, bits: u32, limits: &Limits) -> Result<(), SolveError> {
        if bits <= sets.bits {
            return Ok(());
        }
        let bytes = self.set_bytes(bits);
        if bits > 32 || bytes > limits.max_memory {
            return Err(limits.memory_exceeded(
                &format!(
                    "the values of {} up to 2^{bits} (sets of XORs of values)",
                    self.rule.name()
                ),
                bytes,
            ));
        }
        let words = 1usize << (bits - 6);
        for l in &mut sets.levels {
            if l.try_reserve_exact(words - l.len()).is_err() {
                return Err(limits.memory_exceeded(&self.rule.name(), bytes));
            }
            l.resize(words, 0);
        }
        sets.bits = bits;
        Ok(())
    }

    /// The bits needed for values up to `v` (and their XORs).
    fn bits_for(v: u64) -> u32 {
        (v + 1).next_power_of_two().trailing_zeros().max(6)
    }

    /// Adds the value `v` of the next coin to the sets `R_j` of the rule without a
    /// window; returns the word operations.
    fn add_value(sets: &mut Sets, v: u64) -> u64 {
        let k = sets.levels.len();
        for j in (1..k).rev() {
            let (lower, upper) = sets.levels.split_at_mut(j);
            or_xored(&mut upper[0], &lower[j - 1], v);
        }
        if let Some(first) = sets.levels.first_mut() {
            first[(v >> 6) as usize] |= 1 << (v & 63);
        }
        (k as u64) << (sets.bits - 6)
    }

    /// The sets for the values `values` (coins `0..values.len()`, coin 0 no coin).
    fn rebuild<C: Cell>(
        &self,
        sets: &mut Sets,
        values: &[C],
        most: usize,
        limits: &Limits,
    ) -> Result<u64, SolveError> {
        *sets = Sets {
            bits: 6,
            levels: vec![vec![1u64]; most.saturating_sub(1)],
            ..Sets::default()
        };
        let max = values.iter().map(|c| u64::from(c.get())).max().unwrap_or(0);
        self.grow(sets, Self::bits_for(max), limits)?;
        let mut work = 0;
        let mut stop = StopPoll::new();
        for c in values.iter().skip(1) {
            let w = Self::add_value(sets, u64::from(c.get()));
            stop.spend(w + 1, limits)?;
            work += w;
        }
        sets.built = values.len();
        Ok(work)
    }

    /// The value of coin `n` of a rule with a window `w`: the mex of the XORs of at
    /// most `most − 1` of the values of the coins `n − w + 1 … n − 1` (from coin 1),
    /// by the sets `T_j` of the XORs of at most `j` of them; with the word operations.
    fn windowed_value<C: Cell>(values: &[C], n: usize, most: usize, w: usize) -> (u64, u64) {
        let lo = (n + 1).saturating_sub(w).max(1);
        let window = &values[lo..n];
        let max = window.iter().map(|c| u64::from(c.get())).max().unwrap_or(0);
        let bits = Self::bits_for(max);
        let words = 1usize << (bits - 6);
        let k = most - 1;
        let mut levels = vec![vec![0u64; words]; k];
        for l in &mut levels {
            l[0] = 1;
        }
        let mut work = 0u64;
        for c in window {
            let v = u64::from(c.get());
            for j in (1..k).rev() {
                let (lower, upper) = levels.split_at_mut(j);
                or_xored(&mut upper[0], &lower[j - 1], v);
            }
            if let Some(first) = levels.first_mut() {
                first[(v >> 6) as usize] |= 1 << (v & 63);
            }
            work += (k * words) as u64;
        }
        let v = match levels.last() {
            Some(top) => first_zero(top, 0),
            None => 1,
        };
        (v, work + 1)
    }

    /// The values `g(0..=max)` of the single heads (coin 0: 0), from the closed form or
    /// the table.
    pub(crate) fn values_to(
        &self,
        table: &HeapFamily<SingleHead>,
        max: usize,
        limits: &Limits,
    ) -> Result<Vec<u64>, SolveError> {
        let mut out = Vec::with_capacity(max + 1);
        if self.rule.closed(1).is_some() {
            for n in 0..=max as u64 {
                out.push(self.rule.closed(n).unwrap_or(0));
            }
            return Ok(out);
        }
        table.value(&Nat::from(max), limits)?;
        for n in 0..=max {
            let v = table.value(&Nat::from(n), limits)?;
            out.push(v.to_u64().unwrap_or(u64::MAX));
        }
        Ok(out)
    }
}

impl HeapRules for SingleHead {
    fn name(&self) -> String {
        self.rule.name()
    }

    /// The sets a move from coin `n` turns besides `n` (the heads it leaves): listed
    /// for small coins only (the table never needs them; a derivation lists them
    /// when few).
    fn options(&self, n: &Nat, out: &mut Vec<HeapOption>) {
        let Some(n) = n.to_usize().filter(|&n| n >= 1) else {
            return;
        };
        let lo = self.rule.lowest(n);
        let mut each = |set: &[usize]| {
            out.push(set.iter().map(|&c| Nat::from(c)).collect());
            true
        };
        every_set(self.rule, lo, n, &mut each);
    }

    fn describe(&self, n: &Nat, option: &HeapOption) -> String {
        let mut coins: Vec<usize> = option.iter().filter_map(Nat::to_usize).collect();
        if let Some(n) = n.to_usize() {
            coins.push(n);
        }
        coins.sort_unstable();
        turn_text(&coins)
    }

    fn closed_form(&self, n: &Nat) -> Option<Nat> {
        let n = n.to_u64()?;
        self.rule.closed(n).map(Nat::from)
    }

    fn closed_form_period(&self) -> Option<Period> {
        match self.rule {
            Rule::AtMost { most: 1, .. }
            | Rule::AtMost {
                window: Some(1), ..
            } => Some(Period {
                preperiod: 1,
                period: 1,
            }),
            _ => None,
        }
    }

    fn closed_form_reason(&self, n: &Nat) -> Option<String> {
        let v = self.closed_form(n)?;
        Some(format!("sg({n}) = {v}: {}", self.rule.closed_reason()?))
    }

    fn period_proof(&self) -> PeriodProof {
        match self.rule {
            // g(n) for n ≥ w is a function of the w values before it.
            Rule::AtMost {
                window: Some(w), ..
            } => PeriodProof::Subtraction { max_move: w },
            _ => PeriodProof::None,
        }
    }

    fn takes_stones(&self) -> bool {
        false
    }

    fn value_bound(&self, n: usize) -> u64 {
        match self.rule {
            Rule::AtMost { most, .. } => {
                // At most 2^min(n, most·log2 n) sets: a loose bound that fits in 64 bits.
                let most = most.min(n.max(1)) as u32;
                let bits = (n.max(2) as u64).ilog2() + 1;
                1u64 << (most.saturating_mul(bits)).min(63)
            }
            _ => n as u64 + 1,
        }
    }

    fn memory_needed(&self, _len: usize, _limits: &Limits) -> u64 {
        // The sets grow with the values, checked whenever they grow: counted here
        // for values below 2^16.
        self.set_bytes(16)
    }

    fn memory_use(&self) -> &'static str {
        "the sets of XORs of values"
    }

    fn extend_values<C: Cell>(
        &self,
        values: &mut Vec<C>,
        len: usize,
        limits: &Limits,
        poll: &mut Poll<'_>,
    ) -> Option<Result<Extended, SolveError>> {
        let Rule::AtMost { most, window } = self.rule else {
            return None;
        };
        Some(self.extend_sets(values, len, most, window, limits, poll))
    }
}

impl SingleHead {
    /// [`HeapRules::extend_values`] for `coins[k]` and `coins[k,w]`.
    fn extend_sets<C: Cell>(
        &self,
        values: &mut Vec<C>,
        len: usize,
        most: usize,
        window: Option<usize>,
        limits: &Limits,
        poll: &mut Poll<'_>,
    ) -> Result<Extended, SolveError> {
        let doing = format!("the values of {}", self.rule.name());
        let budget = limits.max_states.saturating_mul(PAIRS_PER_STATE);
        let mut spent = 0u64;
        let mut pending = 0u64;
        let mut stop = StopPoll::new();
        let mut sets = self.state.borrow_mut();
        if window.is_none() && (sets.built != values.len() || sets.bits == 0) {
            spent += self.rebuild(&mut sets, values, most, limits)?;
        }
        while values.len() < len {
            let n = values.len();
            let (v, work) = if n == 0 {
                (0, 1)
            } else if most <= 1 {
                (1, 1)
            } else if let Some(w) = window {
                Self::windowed_value(values, n, most, w)
            } else {
                let v = match sets.levels.last() {
                    Some(top) => first_zero(top, sets.from_word),
                    None => 1,
                };
                self.grow(&mut sets, Self::bits_for(v), limits)?;
                sets.from_word = (v / 64) as usize;
                let w = Self::add_value(&mut sets, v);
                (v, w + 1)
            };
            spent = spent.saturating_add(work);
            pending += work;
            stop.spend(work, limits)?;
            if spent > budget {
                return Err(
                    limits.states_exceeded(&format!("{doing} (sets of XORs of many values)"))
                );
            }
            if pending >= WORDS_PER_STEP << 16 {
                limits.charge_work(pending / WORDS_PER_STEP, &doing)?;
                pending %= WORDS_PER_STEP;
            }
            if window.is_none() {
                sets.built = n + 1;
            }
            let Ok(v32) = u32::try_from(v) else {
                return Err(limits.memory_exceeded(
                    &format!("{doing}: coin {n} is worth {v}, beyond the 2^32 a table holds"),
                    u64::MAX,
                ));
            };
            match C::new(v32) {
                Some(c) => values.push(c),
                None => {
                    let _ = limits.charge_work(pending / WORDS_PER_STEP, &doing);
                    return Ok(Extended::TooWide(v32));
                }
            }
            if !poll.heap_done(work, values) {
                break;
            }
        }
        let _ = limits.charge_work(pending / WORDS_PER_STEP, &doing);
        Ok(Extended::Done)
    }
}

/// Calls `each` with every set of coins in `lo..hi` that a move whose rightmost coin is
/// `hi` turns besides it (ascending), by size then in lexicographic order, until it
/// returns `false`; returns whether it went to the end.
fn every_set(rule: Rule, lo: usize, hi: usize, each: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    match rule {
        Rule::Two => (lo..hi).all(|a| each(&[a])),
        Rule::Run => {
            let mut run: Vec<usize> = Vec::new();
            for m in (lo..=hi).rev() {
                if m < hi {
                    run.insert(0, m);
                }
                if !each(&run) {
                    return false;
                }
            }
            true
        }
        Rule::AtMost { most, .. } => {
            let span = hi.saturating_sub(lo);
            for size in 0..most.min(span + 1) {
                let mut idx: Vec<usize> = (0..size).collect();
                loop {
                    let set: Vec<usize> = idx.iter().map(|&i| lo + i).collect();
                    if !each(&set) {
                        return false;
                    }
                    // The next combination of `size` of `span` places.
                    let Some(k) = (0..size).rev().find(|&k| idx[k] < span - size + k) else {
                        break;
                    };
                    idx[k] += 1;
                    for l in k + 1..size {
                        idx[l] = idx[l - 1] + 1;
                    }
                }
            }
            true
        }
    }
}

/// The single-head values as `table` shows them: the heap family's table, with
/// derivations and checked resumption of its own (the options of a coin are too many
/// to list for the generic ones).
pub struct SingleHeads {
    inner: HeapFamily<SingleHead>,
}

impl SingleHeads {
    /// The table of `rule`.
    pub fn new(rule: Rule) -> SingleHeads {
        SingleHeads {
            inner: HeapFamily::new(SingleHead::new(rule)),
        }
    }

    /// The values `g(0..=max)`.
    pub(crate) fn values_to(&self, max: usize, limits: &Limits) -> Result<Vec<u64>, SolveError> {
        self.inner.rules().values_to(&self.inner, max, limits)
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.inner.rules().rule
    }

    /// Re-derives `values` from the rules (within `limits`) and adopts them if equal.
    fn check_and_adopt(&self, values: ValueStore, limits: &Limits) -> Result<(), ResumeError> {
        let fresh = SingleHeads::new(self.rule());
        let len = values.len();
        if len == 0 {
            return Ok(());
        }
        let mine = fresh.values_to(len - 1, limits).map_err(|e| match e {
            SolveError::Limit { .. } => ResumeError::TooCostly {
                heaps: len,
                checked: 0,
            },
            e => ResumeError::Wrong(e.to_string()),
        })?;
        if let Some(n) = (0..len).find(|&n| u64::from(values.get(n)) != mine[n]) {
            return Err(ResumeError::Wrong(format!(
                "coin {n} has the value {}, but the rules give {}",
                values.get(n),
                mine[n]
            )));
        }
        self.inner.resume(values).map_err(ResumeError::Wrong)
    }
}

impl TableFamily for SingleHeads {
    fn name(&self) -> String {
        self.rule().name()
    }

    fn estimate(&self, from: usize, to: usize, limits: &Limits) -> Result<Estimate, SolveError> {
        self.inner.estimate(from, to, limits)
    }

    fn prepare_watched(
        &self,
        from: usize,
        to: usize,
        limits: &Limits,
        watch: &mut dyn TableWatch,
    ) -> Result<Option<(Period, bool)>, TableHalt> {
        self.inner.prepare_watched(from, to, limits, watch)
    }

    fn value_at(&self, n: usize) -> Option<Nat> {
        self.inner.value_at(n)
    }

    fn derivation(&self, n: &Nat, limits: &Limits) -> Result<String, SolveError> {
        derivation(&self.inner, n, limits)
    }

    fn resume(&self, values: ValueStore) -> Result<(), String> {
        self.check_and_adopt(values, &Limits::default())
            .map_err(|e| e.to_string())
    }

    fn resume_unvouched(
        &self,
        values: ValueStore,
        max_work: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<(), ResumeError> {
        if stop() {
            return Err(ResumeError::Stopped);
        }
        let limits = Limits {
            max_states: max_work.max(1),
            ..Limits::default()
        };
        self.check_and_adopt(values, &limits)
    }

    fn known_values(&self) -> Ref<'_, ValueStore> {
        self.inner.known_values()
    }
}

/// The line explaining the value of a head on coin `n`.
fn derivation(
    table: &HeapFamily<SingleHead>,
    n: &Nat,
    limits: &Limits,
) -> Result<String, SolveError> {
    let rules = table.rules();
    if let Some(reason) = rules.closed_form_reason(n) {
        return Ok(reason);
    }
    let v = table.value(n, limits)?;
    let Rule::AtMost { most, window } = rules.rule else {
        return Ok(format!("sg({n}) = {v}"));
    };
    let Some(c) = n.to_usize() else {
        return Ok(format!("sg({n}) = {v}"));
    };
    let lo = rules.rule.lowest(c);
    if c <= lo {
        return Ok(format!(
            "sg({n}) = {v}: no coin lies within reach to its left, so a move only turns coin {n} (leaving 0)"
        ));
    }
    let place = match window {
        Some(w) => format!("the coins {lo}..{} (a window of {w})", c.saturating_sub(1)),
        None => format!("the coins 1..{}", c.saturating_sub(1)),
    };
    let mut line = format!(
        "sg({n}) = {v}: the least value that is not an XOR of at most {} of the values of {place} (the heads a move from coin {n} leaves)",
        most - 1
    );
    if c - lo <= 8 {
        let vals: Result<Vec<String>, SolveError> = (lo..c)
            .map(|m| table.value(&Nat::from(m), limits).map(|x| x.to_string()))
            .collect();
        line.push_str(&format!(", which are {}", vals?.join(", ")));
    }
    if let (Some(w), Some(p)) = (window, table.proved_period())
        && c >= p.preperiod + p.period
    {
        line.push_str(&format!(
            "; the values have period {} from coin {} (proved: a window of {w} repeated)",
            p.period, p.preperiod
        ));
    }
    Ok(line)
}

// ----- The rows as a family ----------------------------------------------------------

/// A row of coins of one game: the family of `turtles("THHT")`, `coins[3,5]("HTH")`, ….
pub struct Coins {
    heads: SingleHeads,
}

/// Rows this long or shorter are drawn as a row of coins; longer ones as text.
const DRAWN_COINS: usize = 1024;

/// Steps of search for winning moves allowed per state of `--max-states`.
const STEPS_PER_STATE: u64 = 1;

/// The work of looking for sets of coins, bounded by `--max-states`, with the stop
/// signal polled.
struct Steps<'a> {
    spent: u64,
    limits: &'a Limits,
    poll: StopPoll,
    doing: String,
}

impl Steps<'_> {
    fn spend(&mut self, n: u64) -> Result<(), SolveError> {
        self.spent = self.spent.saturating_add(n);
        self.poll.spend(n, self.limits)?;
        if self.spent > self.limits.max_states.saturating_mul(STEPS_PER_STATE) {
            return Err(self.limits.states_exceeded(&self.doing));
        }
        Ok(())
    }
}

impl Coins {
    /// The rows of `rule`.
    pub fn new(rule: Rule) -> Coins {
        Coins {
            heads: SingleHeads::new(rule),
        }
    }

    fn rule(&self) -> Rule {
        self.heads.rule()
    }

    fn row(&self, pos: &Pos) -> Result<Row, SolveError> {
        Row::of(pos, &self.rule().name())
    }

    /// The value of each coin up to the last head of `row`.
    fn values(&self, row: &Row, limits: &Limits) -> Result<Vec<u64>, SolveError> {
        let last = row.head_list().last().copied().unwrap_or(0);
        self.heads.values_to(last, limits)
    }

    /// Offers the move turning `coins` (ascending) on `row`.
    fn offer(&self, row: &Row, coins: &[usize], sink: &mut MoveSink) -> bool {
        let to = row.turned(coins).pos();
        sink.offer_one(to, || turn_text(coins))
    }

    /// Calls `found` with each set `T` of coins in `lo..hi` a move from the head `hi`
    /// turns besides it whose values XOR to `x`, by size then lexicographically, until
    /// it returns `false` (then `Ok(false)`).
    #[allow(clippy::too_many_arguments)]
    fn sets_with_xor(
        &self,
        g: &[u64],
        index: &HashMap<u64, Vec<usize>>,
        lo: usize,
        hi: usize,
        x: u64,
        steps: &mut Steps<'_>,
        found: &mut dyn FnMut(&[usize]) -> bool,
    ) -> Result<bool, SolveError> {
        let rule = self.rule();
        // The places holding the value y in lo..hi, after `after`.
        let places = |y: u64, after: usize| -> &[usize] {
            match index.get(&y) {
                Some(v) => {
                    let a = v.partition_point(|&p| p < lo.max(after));
                    let b = v.partition_point(|&p| p < hi);
                    &v[a..b.max(a)]
                }
                None => &[],
            }
        };
        match rule {
            Rule::Two => {
                for &p in places(x, lo) {
                    steps.spend(1)?;
                    if !found(&[p]) {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Rule::Run => {
                // The run m..hi − 1 is worth gray(hi − 1) ⊕ gray(m − 1): one m at most.
                steps.spend(1)?;
                let j = gray_inverse(gray(hi as u64 - 1) ^ x);
                if j + 1 >= lo as u64 && j < hi as u64 {
                    let run: Vec<usize> = (j as usize + 1..hi).collect();
                    return Ok(found(&run));
                }
                Ok(true)
            }
            Rule::AtMost { most, window } => {
                if x == 0 && !found(&[]) {
                    return Ok(false);
                }
                // Without a window the values increase: XORs of values below hi stay
                // below the power of two above g(hi − 1).
                if window.is_none() && hi > lo && x >= (g[hi - 1] + 1).next_power_of_two() {
                    return Ok(true);
                }
                let span = hi.saturating_sub(lo);
                for size in 1..most.min(span + 1) {
                    // The first size − 1 coins by combination; the last by its value.
                    let first = size - 1;
                    let mut idx: Vec<usize> = (0..first).collect();
                    loop {
                        steps.spend(1)?;
                        let mut y = x;
                        for &i in &idx {
                            y ^= g[lo + i];
                        }
                        let after = idx.last().map_or(lo, |&i| lo + i + 1);
                        for &p in places(y, after) {
                            let mut set: Vec<usize> = idx.iter().map(|&i| lo + i).collect();
                            set.push(p);
                            if !found(&set) {
                                return Ok(false);
                            }
                        }
                        // The next combination of `first` of the `span − 1` places that
                        // leave room for the last coin.
                        let room = span - 1;
                        let Some(k) = (0..first).rev().find(|&k| idx[k] < room - first + k) else {
                            break;
                        };
                        idx[k] += 1;
                        for l in k + 1..first {
                            idx[l] = idx[l - 1] + 1;
                        }
                    }
                }
                Ok(true)
            }
        }
    }

    /// The positions of each value among the coins `1..g.len()`.
    fn index(g: &[u64]) -> HashMap<u64, Vec<usize>> {
        let mut index: HashMap<u64, Vec<usize>> = HashMap::new();
        for (p, &v) in g.iter().enumerate().skip(1) {
            index.entry(v).or_default().push(p);
        }
        index
    }

    /// The row of a string argument, or why it is none.
    pub(crate) fn parse_row(s: &str) -> Result<Pos, (usize, String)> {
        Ok(Row::parse(s)?.pos())
    }
}

impl Family for Coins {
    fn name(&self) -> String {
        self.rule().name()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        self.row(pos).map(|_| ())
    }

    fn write_position(&self, pos: &Pos, out: &mut String) {
        out.push_str(&self.name());
        out.push_str("(\"");
        match Row::of(pos, "") {
            Ok(r) => out.push_str(&r.text()),
            Err(_) => out.push('?'),
        }
        out.push_str("\")");
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let row = self.row(pos)?;
        let g = self.values(&row, limits)?;
        let v = row.head_list().iter().fold(0u64, |acc, &h| acc ^ g[h]);
        Ok(Some(Nat::from(v)))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let row = self.row(pos)?;
        let heads = row.head_list();
        let g = self.values(&row, limits)?;
        let Some(t) = target.to_u64() else {
            return Ok(());
        };
        let v = heads.iter().fold(0u64, |acc, &h| acc ^ g[h]);
        let d = v ^ t;
        let index = Self::index(&g);
        let mut steps = Steps {
            spent: 0,
            limits,
            poll: StopPoll::new(),
            doing: format!("the winning moves of a row of {} coins", row.len),
        };
        for &h in &heads {
            // The move turns h and a set T below it with XOR g(h) ⊕ d.
            let x = g[h] ^ d;
            let lo = self.rule().lowest(h);
            let mut found = |set: &[usize]| {
                let mut coins = set.to_vec();
                coins.push(h);
                self.offer(&row, &coins, sink)
            };
            if !self.sets_with_xor(&g, &index, lo, h, x, &mut steps, &mut found)? {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let row = self.row(pos)?;
        let mut poll = StopPoll::new();
        let mut stopped = Ok(());
        for h in row.head_list() {
            let lo = self.rule().lowest(h);
            let mut each = |set: &[usize]| {
                if let Err(e) = poll.spend(1, limits) {
                    stopped = Err(e);
                    return false;
                }
                let mut coins = set.to_vec();
                coins.push(h);
                self.offer(&row, &coins, sink)
            };
            if !every_set(self.rule(), lo, h, &mut each) {
                break;
            }
        }
        stopped
    }

    fn move_to(&self, pos: &Pos, to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        let row = self.row(pos)?;
        let Ok(after) = self.row(to) else {
            return Ok(None);
        };
        if after.len != row.len {
            return Ok(None);
        }
        let coins: Vec<usize> = (1..=row.len)
            .filter(|&i| row.heads(i) != after.heads(i))
            .collect();
        let ok = coins
            .last()
            .is_some_and(|&h| row.heads(h) && self.rule().allows(&coins));
        Ok(ok.then(|| Move::one(after.pos(), turn_text(&coins))))
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let row = self.row(pos)?;
        let heads = row.head_list();
        let g = self.values(&row, limits)?;
        let v = heads.iter().fold(0u64, |acc, &h| acc ^ g[h]);
        let mut lines = vec![
            "the coin-turning theorem (Winning Ways, ch. 14): a row is worth the XOR of the values of its heads, each as if alone".to_string(),
        ];
        const SHOWN: usize = 12;
        let shown: Vec<String> = heads
            .iter()
            .take(SHOWN)
            .map(|&h| format!("sg({h})"))
            .collect();
        let vals: Vec<String> = heads
            .iter()
            .take(SHOWN)
            .map(|&h| g[h].to_string())
            .collect();
        lines.push(match heads.len() {
            0 => "no heads: no move, worth 0".to_string(),
            n if n <= SHOWN => format!(
                "heads on coins {}: {} = {} = {v}",
                heads
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
                shown.join(" ⊕ "),
                vals.join(" ⊕ ")
            ),
            n => format!(
                "{n} heads: {} ⊕ … = {} ⊕ … = {v}",
                shown.join(" ⊕ "),
                vals.join(" ⊕ ")
            ),
        });
        if let Some(&h) = heads.last() {
            lines.push(derivation(&self.heads.inner, &Nat::from(h), limits)?);
        }
        Ok(lines)
    }

    fn picture(&self, pos: &Pos) -> Picture {
        match Row::of(pos, "") {
            Ok(r) if r.len <= DRAWN_COINS && r.len > 0 => Picture::Coins {
                heads: (1..=r.len).map(|i| r.heads(i)).collect(),
            },
            _ => {
                let mut s = String::new();
                self.write_position(pos, &mut s);
                Picture::Text(s)
            }
        }
    }

    fn read_move(&self, pos: &Pos, words: &[&str]) -> Option<Result<Pos, String>> {
        let row = Row::of(pos, "").ok()?;
        match words {
            ["turn", coins @ ..] if !coins.is_empty() => {
                let mut list = Vec::new();
                for w in coins {
                    match w.parse::<usize>() {
                        Ok(c) if (1..=row.len).contains(&c) => list.push(c),
                        _ => {
                            return Some(Err(format!(
                                "no coin {w}: the coins are numbered 1 to {} from the left",
                                row.len
                            )));
                        }
                    }
                }
                list.sort_unstable();
                if list.windows(2).any(|w| w[0] == w[1]) {
                    return Some(Err("a coin is named twice".into()));
                }
                Some(Ok(row.turned(&list).pos()))
            }
            [w] if w.len() == row.len && w.chars().all(|c| matches!(c, 'h' | 't' | '0' | '1')) => {
                Some(Row::parse(w).map(|r| r.pos()).map_err(|(_, m)| m))
            }
            _ => None,
        }
    }

    fn move_words(&self) -> Option<&'static str> {
        Some(
            "turn A B …: turn over coins A, B, … (numbered from 1 at the left; the rightmost goes from heads to tails), or type the row after the move (HTTH…)",
        )
    }
}

// ----- The expression language ---------------------------------------------------------

/// The rule a term names: `turtles`, `twins`, `mock_turtles`, `ruler`, `moebius`,
/// `mogul` (no parameters), `coins[k]` or `coins[k,w]`.
fn read_rule(
    reg: &crate::Registry<'_>,
    t: &sprague_expr::FamilyTerm,
) -> Result<Rule, crate::ExprError> {
    use sprague_expr::Param;
    let named = match t.name.as_str() {
        "turtles" => Some(Rule::AtMost {
            most: 2,
            window: None,
        }),
        "twins" => Some(Rule::Two),
        "mock_turtles" => Some(Rule::AtMost {
            most: 3,
            window: None,
        }),
        "ruler" => Some(Rule::Run),
        "moebius" => Some(Rule::AtMost {
            most: 5,
            window: None,
        }),
        "mogul" => Some(Rule::AtMost {
            most: 7,
            window: None,
        }),
        _ => None,
    };
    if let Some(r) = named {
        reg.no_params(t)?;
        return Ok(r);
    }
    const USAGE: &str = "coins takes the most coins a move turns, k ≥ 1, and optionally the window w ≥ 1 they lie in: coins[3](\"THHT\") or coins[3,5](\"THHT\")";
    let int = |p: &Param| -> Result<usize, crate::ExprError> {
        match p {
            Param::Int(n, s) => match n.to_usize() {
                Some(k) if (1..=MAX_PARAM).contains(&k) => Ok(k),
                _ => Err(reg.error(
                    *s,
                    &format!("coins: {n} is out of range (1 to {MAX_PARAM})"),
                )),
            },
            other => Err(reg.error(other.span(), USAGE)),
        }
    };
    match t.params.as_deref() {
        Some([k]) => Ok(Rule::AtMost {
            most: int(k)?,
            window: None,
        }),
        Some([k, w]) => Ok(Rule::AtMost {
            most: int(k)?,
            window: Some(int(w)?),
        }
        .normalised()),
        Some([_, _, third, ..]) => Err(reg.error(third.span(), USAGE)),
        _ => Err(reg.error(t.name_span, USAGE)),
    }
}

/// The coin-turning games in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &[
        "turtles",
        "twins",
        "mock_turtles",
        "ruler",
        "moebius",
        "mogul",
        "coins",
    ],
    usage: Some((
        "turtles(\"THHT\",…)",
        "coin turning: turn coins, the rightmost heads to tails; turtles (1–2 coins), twins (2), mock_turtles (1–3), ruler (a run), moebius (1–5), mogul (1–7), coins[k] (1–k), coins[k,w] (1–k within w places)",
    )),
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "Coin turning: a row of coins; a move turns over some coins, the rightmost from heads to tails, as the game's rule allows (turtles: one or two coins). Whoever cannot move loses.",
        example: Some("turtles(\"THHTH\")"),
    }),
    build: |reg, t| {
        let rule = read_rule(reg, t)?;
        Ok((reg.shared(Coins::new(rule)), 0))
    },
    read: Some(|reg, t, out| {
        use sprague_expr::Arg;
        let (family, _) = (ENTRY.build)(reg, t)?;
        let usage = format!(
            "{} takes rows of coins written as strings of H (heads) and T (tails), e.g. {}(\"THHT\")",
            t.name, t.name
        );
        let args = match t.args.as_deref() {
            Some(a) if !a.is_empty() => a,
            _ => return Err(reg.error(t.span, &usage)),
        };
        for a in args {
            let Arg::Str(s, span) = a else {
                return Err(reg.error(a.span(), &usage));
            };
            let pos = Coins::parse_row(s).map_err(|(i, m)| {
                reg.error(
                    crate::partizan::char_span(*span, s, i),
                    &format!("bad row of coins: {m}"),
                )
            })?;
            out.push(sprague_engine::impartial::sum::Component {
                family: family.clone(),
                pos,
            });
        }
        Ok(())
    }),
    table: Some(|reg, t| Ok(Rc::new(SingleHeads::new(read_rule(reg, t)?)))),
    names_file: super::no_file,
};

/// For tests of other modules: the values of single heads by the table.
#[cfg(test)]
pub(crate) fn single_values(rule: Rule, max: usize) -> Vec<u64> {
    SingleHeads::new(rule)
        .values_to(max, &Limits::default())
        .unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Each game by name, with the sets of coins its rule turns written from its
    /// definition: a set is a bitmask, coin `i` at bit `i − 1`.
    /// A game's name and which sets of coins it turns.
    type Game = (&'static str, Box<dyn Fn(u32) -> bool>);

    fn games() -> Vec<Game> {
        let span = |s: u32| 32 - s.leading_zeros() - s.trailing_zeros();
        vec![
            ("turtles", Box::new(|s: u32| s.count_ones() <= 2)),
            ("twins", Box::new(|s: u32| s.count_ones() == 2)),
            ("mock_turtles", Box::new(|s: u32| s.count_ones() <= 3)),
            ("ruler", Box::new(move |s: u32| span(s) == s.count_ones())),
            ("moebius", Box::new(|s: u32| s.count_ones() <= 5)),
            ("mogul", Box::new(|s: u32| s.count_ones() <= 7)),
            ("coins[1]", Box::new(|s: u32| s.count_ones() == 1)),
            ("coins[4]", Box::new(|s: u32| s.count_ones() <= 4)),
            (
                "coins[3,4]",
                Box::new(move |s: u32| s.count_ones() <= 3 && span(s) <= 4),
            ),
            (
                "coins[2,3]",
                Box::new(move |s: u32| s.count_ones() <= 2 && span(s) <= 3),
            ),
            (
                "coins[5,3]",
                Box::new(move |s: u32| s.count_ones() <= 5 && span(s) <= 3),
            ),
        ]
    }

    /// The options of the row `mask` of `len` coins: every set whose rightmost coin is
    /// heads and that the rule turns.
    fn options(len: u32, mask: u32, legal: &dyn Fn(u32) -> bool) -> Vec<u32> {
        (1..1u32 << len)
            .filter(|&s| mask >> (31 - s.leading_zeros()) & 1 == 1 && legal(s))
            .map(|s| mask ^ s)
            .collect()
    }

    /// The value of every row of `len` coins by the plain game tree (a move lowers the
    /// row read as a binary number, so the rows are valued in increasing order).
    fn plain(len: u32, legal: &dyn Fn(u32) -> bool) -> Vec<u32> {
        let mut g = vec![0u32; 1 << len];
        for mask in 0..1u32 << len {
            let seen: BTreeSet<u32> = options(len, mask, legal)
                .into_iter()
                .map(|o| g[o as usize])
                .collect();
            g[mask as usize] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        g
    }

    fn row_text(len: u32, mask: u32) -> String {
        (0..len)
            .map(|i| if mask >> i & 1 == 1 { 'H' } else { 'T' })
            .collect()
    }

    fn component(name: &str, len: u32, mask: u32) -> sprague_engine::impartial::sum::Component {
        let e = format!("{name}(\"{}\")", row_text(len, mask));
        let mut c = crate::components(&e).unwrap();
        assert_eq!(c.len(), 1);
        c.remove(0)
    }

    #[test]
    fn rows_are_worth_the_xor_of_their_heads_by_the_game_tree() {
        let limits = Limits::default();
        for (name, legal) in games() {
            for len in 0..=10 {
                let g = plain(len, &*legal);
                for mask in 0..1u32 << len {
                    let c = component(name, len, mask);
                    assert_eq!(
                        c.family.grundy(&c.pos, &limits).unwrap(),
                        Some(Nat::from(g[mask as usize])),
                        "{name} {}",
                        row_text(len, mask)
                    );
                }
            }
        }
    }

    #[test]
    fn every_move_and_every_move_to_a_value_is_the_game_trees() {
        let limits = Limits::default();
        for (name, legal) in games() {
            for len in 0..=7 {
                let g = plain(len, &*legal);
                for mask in 0..1u32 << len {
                    let c = component(name, len, mask);
                    let opts = options(len, mask, &*legal);
                    let fam = c.family.name();
                    let text = |m: u32| format!("{fam}(\"{}\")", row_text(len, m));
                    let mut sink = MoveSink::new(1 << 16);
                    c.family.moves(&c.pos, &limits, &mut sink).unwrap();
                    let got: BTreeSet<String> =
                        sink.moves.iter().map(|m| m.to_text(&*c.family)).collect();
                    assert_eq!(got.len(), sink.moves.len(), "{name}: no move twice");
                    let want: BTreeSet<String> = opts.iter().map(|&o| text(o)).collect();
                    assert_eq!(got, want, "{name} {}", row_text(len, mask));
                    for t in 0..=g[mask as usize] + 2 {
                        let mut sink = MoveSink::new(1 << 16);
                        c.family
                            .moves_to_value(&c.pos, &Nat::from(t), &limits, &mut sink)
                            .unwrap();
                        let got: BTreeSet<String> =
                            sink.moves.iter().map(|m| m.to_text(&*c.family)).collect();
                        assert_eq!(got.len(), sink.moves.len(), "{name}: no move twice");
                        let want: BTreeSet<String> = opts
                            .iter()
                            .filter(|&&o| g[o as usize] == t)
                            .map(|&o| text(o))
                            .collect();
                        assert_eq!(got, want, "{name} {} to {t}", row_text(len, mask));
                    }
                    // Each option is a move when typed as the row after it, and
                    // nothing else is.
                    for o in 0..1u32 << len {
                        let to = component(name, len, o);
                        let m = c.family.move_to(&c.pos, &to.pos, &limits).unwrap();
                        assert_eq!(
                            m.is_some(),
                            opts.contains(&o),
                            "{name} {} → {}",
                            row_text(len, mask),
                            row_text(len, o)
                        );
                    }
                }
            }
        }
    }

    /// The single-head values from their definitions, written apart from the family:
    /// the closed forms by plain loops, the rest by the mex over every set of coins.
    #[test]
    fn single_heads_follow_the_closed_forms_and_the_rules() {
        let odious: Vec<u64> = (1u64..)
            .filter(|v| v.count_ones() % 2 == 1)
            .take(200)
            .collect();
        let two_adic = |n: u64| {
            let mut p = 1;
            while n.is_multiple_of(2 * p) {
                p *= 2;
            }
            p
        };
        let check = |rule: Rule, want: &dyn Fn(usize) -> u64, len: usize| {
            let got = single_values(rule, len);
            for (n, &g) in got.iter().enumerate().skip(1) {
                assert_eq!(g, want(n), "{} coin {n}", rule.name());
            }
            assert_eq!(got[0], 0);
        };
        let at_most = |most, window| Rule::AtMost { most, window };
        check(at_most(2, None), &|n| n as u64, 150);
        check(Rule::Two, &|n| n as u64 - 1, 150);
        check(at_most(3, None), &|n| odious[n - 1], 150);
        check(Rule::Run, &|n| two_adic(n as u64), 150);
        check(at_most(1, None), &|_| 1, 20);
        // By the mex over every set of at most k − 1 coins below n (within the window).
        for (most, window, len) in [
            (5, None, 24),
            (7, None, 16),
            (4, None, 30),
            (3, Some(4), 40),
            (4, Some(6), 40),
            (2, Some(5), 40),
            (6, Some(6), 30),
        ] {
            let mut g = vec![0u64];
            for n in 1..=len {
                let n: usize = n;
                let lo = window.map_or(1, |w: usize| (n + 1).saturating_sub(w).max(1));
                let below = &g[lo..n];
                let mut seen = BTreeSet::new();
                for s in 0u32..1 << below.len() {
                    if (s.count_ones() as usize) < most {
                        let x = (0..below.len())
                            .filter(|&i| s >> i & 1 == 1)
                            .fold(0, |acc, i| acc ^ below[i]);
                        seen.insert(x);
                    }
                }
                g.push((0..).find(|v| !seen.contains(v)).unwrap());
            }
            let rule = at_most(most, window);
            check(rule, &|n| g[n], len);
        }
        // Moebius as a table begins 1, 2, 4, 8, 16, 31 (five coins cannot be 1+2+4+8+16).
        assert_eq!(
            single_values(at_most(5, None), 6)[1..],
            [1, 2, 4, 8, 16, 31]
        );
    }

    #[test]
    fn windowed_periods_are_proved_and_hold_far_beyond() {
        let limits = Limits::default();
        for (most, w) in [(3, 4), (2, 5), (4, 6), (5, 7), (3, 9)] {
            let rule = Rule::AtMost {
                most,
                window: Some(w),
            };
            let t = SingleHeads::new(rule);
            let r = t.report(0, 40, &limits).unwrap();
            let (p, proved) = r.period.expect("a period");
            assert!(proved, "{}", rule.name());
            // The values from the rules, far beyond the proof.
            let g = single_values(rule, 2000);
            for n in p.preperiod..2000 - p.period {
                assert_eq!(g[n], g[n + p.period], "{}: {p:?} at {n}", rule.name());
            }
            // A huge coin follows the period.
            let far = Nat::from(10u64.pow(18));
            let v = t.inner.value(&far, &limits).unwrap();
            let r = sprague_engine::impartial::period::reduce(&far, p);
            assert_eq!(v, Nat::from(g[r]), "{}", rule.name());
        }
    }

    #[test]
    fn long_rows_are_valued_and_answered_at_once() {
        let limits = Limits::default();
        // 100 000 coins, heads on every third coin, and a Mock Turtles row.
        let len = 100_000usize;
        let row: String = (1..=len)
            .map(|i| if i % 3 == 0 { 'H' } else { 'T' })
            .collect();
        for (name, g) in [
            ("turtles", Box::new(|i: u64| i) as Box<dyn Fn(u64) -> u64>),
            ("twins", Box::new(|i: u64| i - 1)),
            ("mock_turtles", Box::new(|i: u64| odious(i - 1))),
            ("ruler", Box::new(|i: u64| i & i.wrapping_neg())),
        ] {
            let c = crate::components(&format!("{name}(\"{row}\")")).unwrap();
            let c = &c[0];
            let want = (3..=len as u64).step_by(3).fold(0, |acc, i| acc ^ g(i));
            let v = c.family.grundy(&c.pos, &limits).unwrap().unwrap();
            assert_eq!(v, Nat::from(want), "{name}");
            let mut sink = MoveSink::new(3);
            c.family
                .moves_to_value(&c.pos, &Nat::ZERO, &limits, &mut sink)
                .unwrap();
            assert!(!sink.moves.is_empty() || want == 0, "{name}");
            for m in &sink.moves {
                let after = m.to[0].clone();
                assert_eq!(
                    c.family.grundy(&after, &limits).unwrap(),
                    Some(Nat::ZERO),
                    "{name}: {}",
                    m.text
                );
                assert!(c.family.move_to(&c.pos, &after, &limits).unwrap().is_some());
            }
        }
    }

    #[test]
    fn typed_moves_are_read_as_rows() {
        let c = &crate::components("turtles(\"THHTH\")").unwrap()[0];
        let f = &c.family;
        let text = |p: &Pos| {
            let mut s = String::new();
            f.write_position(p, &mut s);
            s
        };
        let r = f.read_move(&c.pos, &["turn", "5", "1"]).unwrap().unwrap();
        assert_eq!(text(&r), "turtles(\"HHHTT\")");
        let r = f.read_move(&c.pos, &["hhhtt"]).unwrap().unwrap();
        assert_eq!(text(&r), "turtles(\"HHHTT\")");
        assert!(f.read_move(&c.pos, &["turn", "6"]).unwrap().is_err());
        assert!(f.read_move(&c.pos, &["turn", "2", "2"]).unwrap().is_err());
        assert!(f.read_move(&c.pos, &["take", "2"]).is_none());
        assert!(f.read_move(&c.pos, &["hht"]).is_none());
        // The picture: the row of coins, T H H T H from the left.
        assert_eq!(
            f.picture(&c.pos),
            Picture::Coins {
                heads: vec![false, true, true, false, true]
            }
        );
    }

    #[test]
    fn the_picture_is_the_row_and_a_move_names_the_coins_it_turns() {
        use sprague_engine::picture::Target;
        let limits = Limits::default();
        let c = &crate::components("turtles(\"THHTH\")").unwrap()[0];
        // Turning Turtles turns one coin from heads to tails, perhaps with one coin to
        // its left: heads on coins 2, 3 and 5 give the sets {2}, {1, 2}, {3}, {1, 3},
        // {2, 3}, {5}, {1, 5}, …, {4, 5} (numbered from 0 in the picture).
        let mut want: Vec<Vec<usize>> = Vec::new();
        for h in [2usize, 3, 5] {
            want.push(vec![h - 1]);
            want.extend((1..h).map(|l| vec![l - 1, h - 1]));
        }
        want.sort();
        let before = c.family.picture(&c.pos);
        let mut sink = MoveSink::new(100);
        c.family.moves(&c.pos, &limits, &mut sink).unwrap();
        let mut got: Vec<Vec<usize>> = sink
            .moves
            .iter()
            .map(|m| {
                let after = c.family.picture(&m.to[0]);
                let Picture::Coins { heads } = &after else {
                    panic!("{after:?}");
                };
                assert_eq!(heads.len(), 5, "{}", m.text);
                match Picture::target(&before, &after) {
                    Some(Target::Entries(e)) => e,
                    t => panic!("{}: {t:?}", m.text),
                }
            })
            .collect();
        got.sort();
        assert_eq!(got, want);
        // A sum draws each row; the empty row and rows too long to draw are text.
        for (src, heads) in [
            ("twins(\"H\")", vec![true]),
            ("ruler(\"tth\")", vec![false, false, true]),
            ("coins[3,4](\"0101\")", vec![false, true, false, true]),
        ] {
            let c = &crate::components(src).unwrap()[0];
            assert_eq!(c.family.picture(&c.pos), Picture::Coins { heads }, "{src}");
        }
        let long = format!("turtles(\"{}\")", "H".repeat(DRAWN_COINS + 1));
        for src in ["mogul(\"\")", long.as_str()] {
            let c = &crate::components(src).unwrap()[0];
            assert!(
                matches!(c.family.picture(&c.pos), Picture::Text(_)),
                "{src}"
            );
        }
    }

    #[test]
    fn rows_read_and_write_back() {
        for (src, back) in [
            ("turtles(\"thht\")", "turtles(\"THHT\")"),
            ("twins(\"0110\")", "twins(\"THHT\")"),
            ("coins[2](\"H\")", "turtles(\"H\")"),
            ("coins[9,4](\"HT\")", "coins[4,4](\"HT\")"),
            ("mogul(\"\")", "mogul(\"\")"),
            (
                "ruler(\"HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHT\")",
                "ruler(\"HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHT\")",
            ),
        ] {
            let c = crate::components(src).unwrap();
            assert_eq!(c[0].expr(), back, "{src}");
        }
        for bad in [
            "turtles(3)",
            "turtles(\"HX\")",
            "turtles[2](\"H\")",
            "coins(\"H\")",
            "coins[0](\"H\")",
            "coins[3,0](\"H\")",
            "coins[1,2,3](\"H\")",
            "coins[99999999999](\"H\")",
            "turtles",
        ] {
            assert!(crate::components(bad).is_err(), "{bad}");
        }
        let e = crate::components("turtles(\"HTX\")").err().unwrap();
        assert_eq!(e.column, 12);
    }

    #[test]
    fn resumed_tables_are_checked() {
        let t = SingleHeads::new(Rule::AtMost {
            most: 5,
            window: None,
        });
        assert!(t.resume(ValueStore::from(vec![0, 1, 2, 4, 9])).is_err());
        assert!(t.resume(ValueStore::from(vec![0, 1, 2, 4, 8])).is_ok());
        let never = || false;
        assert!(matches!(
            t.resume_unvouched(ValueStore::from(vec![0, 1, 3]), 1000, &never),
            Err(ResumeError::Wrong(_))
        ));
    }
}
