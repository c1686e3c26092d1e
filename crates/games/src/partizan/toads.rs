//! Toads and Frogs: `toads("TT..FF")`, a 1 × n strip of squares, `T` a toad, `F` a
//! frog, `.` empty. Left moves the toads, to the right; Right moves the frogs, to the
//! left (Winning Ways, ch. 1). A move takes one creature of the mover and either
//! slides it one square forward into an empty square, or jumps it over one adjacent
//! creature of the opponent into the empty square just beyond. Jumps capture nothing
//! and are never forced; the player who cannot move loses.
//!
//! The generalised rules `toads[a,b](…)` and `toads[a,b,j](…)`: a creature slides any
//! number k of squares forward, a ≤ k ≤ b, over empty squares only (the k squares
//! ahead of it all empty, it lands on the k-th), or jumps over a line of 1..j
//! adjacent opponent creatures (the squares between it and its landing square all
//! hold opponents, the landing square is empty); j defaults to 1 and may be 0 (no
//! jumps). `toads[1,1]` is the game above; `toads[1,1,j]` is the jump-over-up-to-j
//! generalisation of CGSuite's `GenToadsAndFrogs(j)`.
//!
//! Reductions, each keeping the value (the strip is a sum of the parts):
//! - Stuck creatures. Call a set S of creatures *closed* when no creature of S has a
//!   move even if every square outside S (empty, or holding a creature not in S)
//!   held whatever that move needs: a toad of S is blocked for every slide (one of
//!   its first `a` squares ahead is off the strip or holds a creature of S) and for
//!   every jump over k ≤ j (one of the k squares ahead is off the strip or holds a
//!   toad of S, or the landing square is off the strip or holds a creature of S);
//!   the same for frogs, leftwards. Then no creature of S ever moves: the first one
//!   to move would find the others of S where they were, and them blocking it. The
//!   largest closed set (all creatures, less those that might move, until none
//!   might) is computed on bit sets; its creatures are *stuck*.
//! - A stuck toad next to a stuck frog (in either order) cuts the strip between
//!   them: no toad passes the stuck toad (toads jump frogs only), no frog passes the
//!   stuck frog, a frog jumping the stuck toad would land on or cross the stuck frog
//!   (and a toad jumping the stuck frog on or over the stuck toad); so no creature
//!   crosses the cut, and no move on one side looks at a square of the other side
//!   but the stuck neighbour, which never changes and blocks as the strip's end
//!   would. The strip is the sum of the two sides.
//! - A stuck creature at either end of a part is removed: a square that stays
//!   occupied at the end blocks every move that reaches it just as the end of the
//!   strip does (nothing lies beyond it to jump over it from). This removes the frogs
//!   at the left end and the toads at the right end, and the frozen blocks of j + 1
//!   toads followed by j + 1 frogs. A part whose creatures are all stuck has no
//!   moves (value 0) and is dropped.
//! - A part whose frogs all stand left of all its toads is the sum of the squares up
//!   to its last frog and the squares from its first toad (the empty squares between
//!   are dropped). A toad's moves look only at squares to its right (slides cross
//!   empty squares ahead, jumps cross frogs ahead, and there are none) and land there;
//!   a frog's only at squares to its left. So no creature ever looks at a square of
//!   the other side or at one between, and none ever gets there: no jump is ever
//!   possible again, toads stay right of the first toad, frogs left of the last frog.
//! - A part with creatures of one player only, say toads, when slides start at one
//!   square, is the integer Φ (below): Right has no move, and Left can make exactly
//!   Φ moves, stepping the foremost toad that can step one square at a time until
//!   the toads stand packed at the end (every step passes one empty square, and at
//!   the end no empty square lies ahead of a toad). It is written as `T` followed by
//!   Φ empty squares (several such strips when Φ > 63), so that equal parts share one
//!   value and one short game tree; frogs likewise, mirrored.
//! - Without jumps (j = 0) no creature ever passes another, so a frog and the next
//!   creature after it, when that is a toad, move apart (the frog left, the toad
//!   right), and no creature ever enters the empty squares between them (only these
//!   two could): the strip is the sum of the strip up to the frog and the strip from
//!   the toad.
//!
//! Bounds on runs ([`Ruleset::run_bounds`]): while Right never moves, Left can make at
//! most Φ moves in a row, Φ the number of pairs (toad, empty square ahead of it)
//! with no barrier between them — a barrier being a toad stuck while the frogs stand
//! still (the closed-set rule above, frogs all in S) or a line of more than j frogs.
//! No toad crosses a barrier; a toad's move passes at least its landing square
//! (empty before, its own square after), lowering its count by at least one, and
//! leaves every other toad's count as it was (the square it leaves becomes empty,
//! the one it lands on full, both on the same side of every other toad of its
//! stretch). The same for Right's frogs.

use super::{Ruleset, args, char_span};
use sprague_engine::partizan::{Rules, Side};
use sprague_expr::{Arg, FamilyTerm, Param, Span};

/// Largest number of squares of a strip.
pub const MAX_SQUARES: usize = 64;

/// Largest slide length and jump length of the generalised rules.
pub(crate) const MAX_PARAM: usize = 8;

/// A strip: which of its squares hold toads and which frogs, as bit sets (bit i: the
/// i-th square from the left), and its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip {
    len: u8,
    toads: u64,
    frogs: u64,
}

/// The bits of the squares `0..len`.
fn mask(len: usize) -> u64 {
    if len >= 64 { u64::MAX } else { (1 << len) - 1 }
}

impl Strip {
    /// Reads a strip such as `"TT..FF"` (`□` also empty). On error, the character
    /// index and what is wrong.
    ///
    /// ```
    /// use sprague_games::partizan::toads::Strip;
    /// assert_eq!(Strip::parse("t.F").unwrap(), Strip::parse("T□F").unwrap());
    /// assert!(Strip::parse("T-F").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<Strip, (usize, &'static str)> {
        let mut p = Strip::default();
        for (i, ch) in s.chars().enumerate() {
            if i >= MAX_SQUARES {
                return Err((i, "a strip has at most 64 squares"));
            }
            match ch {
                'T' | 't' => p.toads |= 1 << i,
                'F' | 'f' => p.frogs |= 1 << i,
                '.' | '□' => {}
                _ => return Err((i, "a square is 'T' (toad), 'F' (frog) or '.' (empty)")),
            }
            p.len += 1;
        }
        Ok(p)
    }

    /// The strip as written.
    pub fn text(&self) -> String {
        (0..self.len())
            .map(|i| match self.at(i) {
                b'T' => 'T',
                b'F' => 'F',
                _ => '.',
            })
            .collect()
    }

    /// The number of squares.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the strip has no squares.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `b'T'`, `b'F'` or `b'.'`: what square `i` holds.
    fn at(&self, i: usize) -> u8 {
        if self.toads >> i & 1 == 1 {
            b'T'
        } else if self.frogs >> i & 1 == 1 {
            b'F'
        } else {
            b'.'
        }
    }

    /// The squares `lo..hi` as a strip.
    fn slice(&self, lo: usize, hi: usize) -> Strip {
        let m = mask(hi - lo);
        Strip {
            len: (hi - lo) as u8,
            toads: (self.toads >> lo) & m,
            frogs: (self.frogs >> lo) & m,
        }
    }

    /// The empty squares.
    fn empty(&self) -> u64 {
        mask(self.len()) & !(self.toads | self.frogs)
    }
}

impl Default for Strip {
    /// The strip of no squares.
    fn default() -> Self {
        Strip {
            len: 0,
            toads: 0,
            frogs: 0,
        }
    }
}

/// The rules: slide lengths `min_slide..=max_slide`, jumps over up to `max_jump`
/// opponents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Toads {
    /// Shortest slide (at least 1).
    pub min_slide: usize,
    /// Longest slide.
    pub max_slide: usize,
    /// Longest line of opponent creatures a jump crosses (0: no jumps).
    pub max_jump: usize,
}

impl Default for Toads {
    /// Toads and Frogs as in Winning Ways: slides of one square, jumps over one.
    fn default() -> Self {
        Toads {
            min_slide: 1,
            max_slide: 1,
            max_jump: 1,
        }
    }
}

impl Rules for Toads {
    type Position = Strip;

    fn options(&self, p: &Strip, side: Side, out: &mut Vec<Strip>) {
        let empty = p.empty();
        let (mine, theirs) = match side {
            Side::Left => (p.toads, p.frogs),
            Side::Right => (p.frogs, p.toads),
        };
        // How many squares in a row, from the one next to square i forwards, are in
        // `set` (forwards: rightwards for Left, leftwards for Right).
        let run = |set: u64, i: usize| -> usize {
            match side {
                Side::Left => (!set.checked_shr(i as u32 + 1).unwrap_or(0)).trailing_zeros(),
                Side::Right => (!set.checked_shl(64 - i as u32).unwrap_or(0)).leading_zeros(),
            }
            .min(64) as usize
        };
        let mut rest = mine;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut moved = |k: usize| {
                let to = match side {
                    Side::Left => i + k,
                    Side::Right => i - k,
                };
                let m = mine ^ (1 << i) ^ (1 << to);
                out.push(match side {
                    Side::Left => Strip { toads: m, ..*p },
                    Side::Right => Strip { frogs: m, ..*p },
                });
            };
            // Slides: the squares ahead empty up to the landing square.
            for k in self.min_slide..=self.max_slide.min(run(empty, i)) {
                moved(k);
            }
            // A jump: the whole line of opponents ahead (at most max_jump), then an
            // empty square.
            let line = run(theirs, i);
            if (1..=self.max_jump).contains(&line) {
                let last = match side {
                    Side::Left => i + line,
                    Side::Right => i - line,
                };
                if run(empty, last) > 0 {
                    moved(line + 1);
                }
            }
        }
    }

    fn regions(&self, p: &Strip, out: &mut Vec<Strip>) {
        if self.max_jump == 0 {
            // Without jumps no creature passes another: a frog and the toad after it
            // (empty squares between) move apart and nothing ever enters the squares
            // between them, so the strip falls apart there.
            let mut start = 0;
            let mut last_frog = None;
            for i in 0..p.len() {
                match p.at(i) {
                    b'F' => last_frog = Some(i),
                    b'T' => {
                        if let Some(f) = last_frog.take() {
                            self.split_stuck(&p.slice(start, f + 1), out);
                            start = i;
                        }
                    }
                    _ => {}
                }
            }
            self.split_stuck(&p.slice(start, p.len()), out);
        } else {
            self.split_stuck(p, out);
        }
    }
}

impl Toads {
    /// The creatures of `mine` that might move, when the squares of `fixed` never
    /// change, `own` of them holding the mover's creatures, and `off` are off the
    /// strip; toads if `ahead` (moving to higher squares), else frogs.
    fn might_move(&self, mine: u64, fixed: u64, own: u64, off: u64, ahead: bool) -> u64 {
        // Bit i of `sh(x, k)`: bit i + k of x if ahead, else bit i − k; squares
        // beyond the 64 bits are off the strip.
        let sh = |x: u64, k: usize| {
            if ahead {
                (x >> k) | !(u64::MAX >> k)
            } else {
                (x << k) | !(u64::MAX << k)
            }
        };
        let blocked = fixed | off;
        // A slide needs its first `min_slide` squares free.
        let mut b = 0;
        for k in 1..=self.min_slide {
            b |= sh(blocked, k);
        }
        let mut can = !b;
        // A jump over k needs k squares that may hold opponents, then a free one.
        let not_theirs = own | off;
        let mut line = 0;
        for k in 1..=self.max_jump {
            line |= sh(not_theirs, k);
            can |= !(line | sh(blocked, k + 1));
        }
        mine & can
    }

    /// The stuck toads and frogs of `s`: the largest closed set of the module's doc,
    /// or, if `frozen_frogs`, the same with every frog held in place (the toads stuck
    /// while Right never moves).
    fn stuck(&self, s: &Strip, frozen_frogs: bool) -> (u64, u64) {
        let off = !mask(s.len());
        let (mut st, mut sf) = (s.toads, s.frogs);
        if self.min_slide == 1 {
            // The first round in short: a creature with an empty square just ahead
            // may slide there (and most creatures of a strip have one).
            let e = s.empty();
            st &= !(s.toads & (e >> 1));
            if !frozen_frogs {
                sf &= !(s.frogs & (e << 1));
            }
            if st | sf == 0 {
                return (0, 0);
            }
        }
        loop {
            let fixed = st | sf;
            let mut mt = self.might_move(st, fixed, st, off, true);
            let mut mf = if frozen_frogs {
                0
            } else {
                self.might_move(sf, fixed, sf, off, false)
            };
            if mt | mf == 0 {
                return (st, sf);
            }
            if self.min_slide == 1 {
                // A creature just behind one that leaves the set may slide into its
                // square: it leaves in the same round (the chains of a line of
                // creatures at once, not one a round).
                loop {
                    let gone = mt | mf;
                    let more_t = st & !mt & (gone >> 1);
                    let more_f = if frozen_frogs {
                        0
                    } else {
                        sf & !mf & (gone << 1)
                    };
                    if more_t | more_f == 0 {
                        break;
                    }
                    mt |= more_t;
                    mf |= more_f;
                }
            }
            st &= !mt;
            sf &= !mf;
        }
    }

    /// The parts of `s` between neighbouring stuck toads and frogs, each without the
    /// stuck creatures at its ends; parts whose creatures are all stuck are left out.
    fn split_stuck(&self, s: &Strip, out: &mut Vec<Strip>) {
        let (st, sf) = self.stuck(s, false);
        let stuck = st | sf;
        let movers = (s.toads | s.frogs) & !stuck;
        if movers == 0 {
            return;
        }
        // Bit x: a cut between squares x and x + 1.
        let mut cuts = (st & (sf >> 1)) | (sf & (st >> 1));
        let mut lo = 0;
        loop {
            let hi = if cuts == 0 {
                s.len()
            } else {
                cuts.trailing_zeros() as usize + 1
            };
            cuts &= cuts.wrapping_sub(1);
            let part = mask(hi) & !mask(lo);
            if movers & part != 0 {
                // Trim the stuck creatures at both ends (the part has a mover, so
                // trimming stops before it).
                let (mut a, mut b) = (lo, hi);
                while stuck >> a & 1 == 1 {
                    a += 1;
                }
                while stuck >> (b - 1) & 1 == 1 {
                    b -= 1;
                }
                self.push_part(s.slice(a, b), out);
            }
            if hi == s.len() {
                return;
            }
            lo = hi;
        }
    }

    /// Pushes `part`, or, when only one player has creatures in it and slides start
    /// at one square, the integer it equals written as short strips (see the module's
    /// doc).
    fn push_part(&self, part: Strip, out: &mut Vec<Strip>) {
        if part.toads != 0 && part.frogs != 0 {
            let last_frog = 63 - part.frogs.leading_zeros() as usize;
            let first_toad = part.toads.trailing_zeros() as usize;
            if last_frog < first_toad {
                // Every frog left of every toad: the two players' creatures never
                // meet (see the module's doc), and each side is valued alone.
                self.split_stuck(&part.slice(0, last_frog + 1), out);
                self.split_stuck(&part.slice(first_toad, part.len()), out);
            } else {
                out.push(part);
            }
            return;
        }
        if self.min_slide != 1 {
            out.push(part);
            return;
        }
        let side = if part.toads != 0 {
            Side::Left
        } else {
            Side::Right
        };
        let mut n = self.run_bound(&part, side) as usize;
        while n > 0 {
            let k = n.min(MAX_SQUARES - 1);
            let one = Strip {
                len: k as u8 + 1,
                toads: 1,
                frogs: 0,
            };
            out.push(if side == Side::Left {
                one
            } else {
                one.mirror()
            });
            n -= k;
        }
    }

    /// Φ of the module's doc for `side`: how many moves in a row `side` can make at
    /// most, the opponent never moving.
    fn run_bound(&self, s: &Strip, side: Side) -> u32 {
        // Mirrored for Right: its frogs become toads moving right.
        let s = match side {
            Side::Left => *s,
            Side::Right => s.mirror(),
        };
        let (stuck, _) = self.stuck(&s, true);
        // Barriers: the stuck toads, and the first frog of each line of more than j
        // frogs (bit i: frogs on i..=i + j).
        let mut lines = s.frogs;
        for k in 1..=self.max_jump {
            lines &= s.frogs >> k;
        }
        let barriers = stuck | lines;
        let empty = s.empty();
        let mut total = 0;
        let mut rest = s.toads & !stuck;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // The squares after i, up to the first barrier after i.
            let ahead = !mask(i + 1);
            let next = barriers & ahead;
            let upto = if next == 0 {
                u64::MAX
            } else {
                mask(next.trailing_zeros() as usize)
            };
            total += (empty & ahead & upto).count_ones();
        }
        total
    }
}

impl Strip {
    /// The strip read from right to left with toads and frogs swapped: the position
    /// with the players' roles exchanged (its value is the negative).
    pub fn mirror(&self) -> Strip {
        let rev = |x: u64| {
            if self.len == 0 {
                0
            } else {
                x.reverse_bits() >> (64 - self.len())
            }
        };
        Strip {
            len: self.len,
            toads: rev(self.frogs),
            frogs: rev(self.toads),
        }
    }
}

impl Ruleset for Toads {
    const RULES: &'static str = "Toads and Frogs: Left moves a toad one square right into an empty square or jumps it over one frog; Right does the same with frogs leftwards. Whoever cannot move loses.";
    const EXAMPLE: &'static str = "toads(\"TT..FF\")";
    const NAME: &'static str = "toads";
    const LEGEND: &'static [(char, &'static str)] =
        &[('.', "empty"), ('T', "toad (Left)"), ('F', "frog (Right)")];
    const MOVE_CELLS: Option<(&'static str, &'static str)> =
        Some(("Toads and Frogs", "the square left and the square reached"));
    const USAGE: &'static str = "toads takes a strip: toads(\"TT..FF\") (T toad, F frog, . empty), at most 64 squares; Left moves the toads rightwards, Right the frogs leftwards; toads[a,b](…) or toads[a,b,j](…): slides of a..b squares, jumps over up to j opponents";

    fn read(f: &FamilyTerm) -> Result<(Toads, Strip), (Span, String)> {
        let usage = Self::USAGE;
        let mut rules = Toads::default();
        if let Some(params) = f.params.as_deref() {
            let mut nums = Vec::new();
            for p in params {
                match p {
                    Param::Int(k, span) => match k.to_usize() {
                        Some(k) if k <= MAX_PARAM => nums.push((k, *span)),
                        _ => return Err((*span, "a toads parameter is at most 8".into())),
                    },
                    other => return Err((other.span(), usage.to_string())),
                }
            }
            match nums[..] {
                [(a, sa), (b, sb)] | [(a, sa), (b, sb), _] => {
                    if a == 0 {
                        return Err((sa, "the shortest slide a is at least 1".into()));
                    }
                    if b < a {
                        return Err((sb, "the longest slide b is at least a".into()));
                    }
                    rules.min_slide = a;
                    rules.max_slide = b;
                    if let Some(&(j, _)) = nums.get(2) {
                        rules.max_jump = j;
                    }
                }
                _ => return Err((f.span, usage.to_string())),
            }
        }
        let strip = match args(f, usage)? {
            [Arg::Str(s, span)] => {
                Strip::parse(s).map_err(|(i, m)| (char_span(*span, s, i), m.to_string()))?
            }
            [a, ..] => return Err((a.span(), usage.to_string())),
            [] => return Err((f.span, usage.to_string())),
        };
        Ok((rules, strip))
    }

    fn show(&self, p: &Strip) -> String {
        let params = if *self == Toads::default() {
            String::new()
        } else if self.max_jump == 1 {
            format!("[{},{}]", self.min_slide, self.max_slide)
        } else {
            format!("[{},{},{}]", self.min_slide, self.max_slide, self.max_jump)
        };
        format!("toads{params}(\"{}\")", p.text())
    }

    fn negative(&self, p: &Strip) -> Option<Strip> {
        Some(p.mirror())
    }

    fn run_bounds(&self, p: &Strip) -> Option<[u32; 2]> {
        Some([
            self.run_bound(p, Side::Left),
            self.run_bound(p, Side::Right),
        ])
    }

    fn method(&self) -> String {
        format!(
            "Toads and Frogs (Left's toads move right), from the game tree: creatures that can never move are dropped at the ends of the strip, and a toad and a frog side by side that can never move split it into parts{0}, each valued once",
            if self.max_jump == 0 {
                ", and so does every frog followed by a toad (no jumps: nothing passes them)"
            } else {
                ""
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::ParseValue;
    use crate::partizan::testing::{Plain, shown_value};
    use sprague_engine::partizan::{GameTable, TreeValues};

    fn value_with(rules: Toads, s: &str) -> String {
        shown_value(&rules, &Strip::parse(s).unwrap())
    }

    fn value(s: &str) -> String {
        value_with(Toads::default(), s)
    }

    #[test]
    fn published_values() {
        // Erickson's program's help (jeffe.cs.illinois.edu, HELP_TOADS): |t f| = *,
        // |t tf| = 1/2 (Left to | ttf| = 0, Right to |tft | = 1).
        assert_eq!(value("T.F"), "*");
        assert_eq!(value("T.TF"), "1/2");
        assert_eq!(value(".TTF"), "0");
        assert_eq!(value("TFT."), "1");
        // Positions of Erickson's sample game ("New Toads and Frogs results", Games
        // of No Chance, 1996, p. 299), by hand: TF□TF = 0 (each player's only move leaves the other none: □FTTF→F□TTF and
        // TFFT□→TFF□T), TFT□F = {0|0} = *.
        assert_eq!(value("TF.TF"), "0");
        assert_eq!(value("TFT.F"), "*");
        // By hand: T□TFF: Left to □TTFF (no moves, 0), Right to TFT□F = *: {0|*},
        // which is ^ (ONAG; Winning Ways ch. 2).
        assert_eq!(value("T.TFF"), "^");
    }

    #[test]
    fn ericksons_families() {
        // Erickson's conjectures (Games of No Chance, 1996), proved by Thanatipanonda
        // ("Further hopping with Toads and Frogs", Electron. J. Combin. 18 (2011)):
        // E1: T^a □□ F^b = {{a−3|a−b}|{*|3−b}} for a > b ≥ 2;
        // E2: T^a □□□ FF = {a−2|a−2} for a ≥ 2;
        // E3: T^a □□□ FFF = a − 7/2 for a ≥ 5.
        // The formulas and ranges are the paper's (section 1, as its text reads);
        // that text as stored has lost the □ signs, so the box counts come from the
        // paper's abstract (arXiv:0804.0640), which names the families T^a□□F^b and
        // T^a□□□FFF (E1, E3). E2's count is not in the abstract: it is fixed by E2
        // itself, below — of the gaps 1 to 5 only □□□ gives {a−2|a−2} for every a.
        let mut t = GameTable::with_limit(50_000_000);
        let mut v = TreeValues::new();
        let mut check = |toads: usize, gap: usize, frogs: usize, want: String| {
            let s = format!(
                "{}{}{}",
                "T".repeat(toads),
                ".".repeat(gap),
                "F".repeat(frogs)
            );
            let got = v
                .value(&mut t, &Toads::default(), &Strip::parse(&s).unwrap())
                .unwrap();
            let want_g = t.parse_value(&want).unwrap();
            assert_eq!(got, want_g, "{s}: {} is not {want}", t.show(got));
        };
        for (a, b) in [(3, 2), (4, 2), (5, 2), (4, 3), (5, 3), (5, 4), (6, 3)] {
            let (x, y, z) = (a as i64 - 3, a as i64 - b as i64, 3 - b as i64);
            check(a, 2, b, format!("{{{{{x}|{y}}}|{{*|{z}}}}}"));
        }
        for a in 2..=7 {
            check(a, 3, 2, format!("{{{0}|{0}}}", a - 2));
        }
        for a in 5..=7 {
            check(a, 3, 3, format!("{a} + -7/2"));
        }
        // E2 read with another gap fails for some a in 2..=5.
        let mut t = GameTable::with_limit(50_000_000);
        let mut v = TreeValues::new();
        for gap in [1, 2, 4, 5] {
            let fits = (2..=5).all(|a: usize| {
                let s = format!("{}{}FF", "T".repeat(a), ".".repeat(gap));
                let got = v
                    .value(&mut t, &Toads::default(), &Strip::parse(&s).unwrap())
                    .unwrap();
                got == t.parse_value(&format!("{{{0}|{0}}}", a - 2)).unwrap()
            });
            assert!(!fits, "E2 would also hold with {gap} empty squares");
        }
    }

    #[test]
    fn generalised_rules_by_hand() {
        let long = Toads {
            min_slide: 1,
            max_slide: 2,
            max_jump: 1,
        };
        // A toad with two empty squares ahead slides 1 or 2: {1, 0 |} = 2 (it has two
        // moves in a row at most) — as in the plain game.
        assert_eq!(value_with(long, "T.."), "2");
        // Slides of exactly 2: T.. has one move (to ..T), T... one as well.
        let two = Toads {
            min_slide: 2,
            max_slide: 2,
            max_jump: 1,
        };
        assert_eq!(value_with(two, "T.."), "1");
        assert_eq!(value_with(two, "T..."), "1");
        assert_eq!(value_with(two, "T...."), "2");
        // Jumps over two: in TFF. the toad crosses both frogs to .FFT; with jumps
        // over one only, Left has no move there.
        let far = Toads {
            min_slide: 1,
            max_slide: 1,
            max_jump: 2,
        };
        let p = Strip::parse("TFF.").unwrap();
        let mut out = Vec::new();
        far.options(&p, Side::Left, &mut out);
        assert_eq!(out, [Strip::parse(".FFT").unwrap()]);
        out.clear();
        Toads::default().options(&p, Side::Left, &mut out);
        assert!(out.is_empty());
        // Right's frogs face a frog and a toad with no square beyond: no move.
        far.options(&p, Side::Right, &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn regions_equal_the_plain_tree() {
        let mut t = GameTable::with_limit(50_000_000);
        for rules in [
            Toads::default(),
            Toads {
                min_slide: 1,
                max_slide: 2,
                max_jump: 1,
            },
            Toads {
                min_slide: 2,
                max_slide: 3,
                max_jump: 0,
            },
            Toads {
                min_slide: 1,
                max_slide: 1,
                max_jump: 2,
            },
            Toads {
                min_slide: 1,
                max_slide: 2,
                max_jump: 3,
            },
            Toads {
                min_slide: 2,
                max_slide: 3,
                max_jump: 2,
            },
        ] {
            agree_with_plain_tree(&mut t, &rules, 8);
        }
    }

    /// Every strip of `n` squares, for each `n` up to `max_len`.
    fn strips(max_len: u32) -> impl Iterator<Item = Strip> {
        (0..=max_len).flat_map(|n| {
            (0..3usize.pow(n)).map(move |code| {
                let mut c = code;
                let s: String = (0..n)
                    .map(|_| {
                        let ch = ".TF".as_bytes()[c % 3] as char;
                        c /= 3;
                        ch
                    })
                    .collect();
                Strip::parse(&s).unwrap()
            })
        })
    }

    /// The rules the reductions are checked with: jumps over 0 to 3, slides of 1,
    /// 1..2 and 2..3.
    fn some_rules() -> Vec<Toads> {
        let mut out = Vec::new();
        for (min_slide, max_slide) in [(1, 1), (1, 2), (2, 3)] {
            for max_jump in 0..=3 {
                out.push(Toads {
                    min_slide,
                    max_slide,
                    max_jump,
                });
            }
        }
        out
    }

    #[test]
    fn stuck_creatures_never_move() {
        // Every position reachable from each strip of up to 8 squares (either player
        // moving at each turn) still has the creatures marked stuck on their squares;
        // and the rule finds some stuck creatures that are not at an end.
        let mut inner = 0;
        for rules in some_rules() {
            for p in strips(8) {
                let (st, sf) = rules.stuck(&p, false);
                if (st | sf) & !(1 | 1 << (p.len().max(1) - 1)) != 0 {
                    inner += 1;
                }
                let mut seen = std::collections::HashSet::from([p]);
                let mut todo = vec![p];
                while let Some(q) = todo.pop() {
                    assert!(
                        q.toads & st == st && q.frogs & sf == sf,
                        "{rules:?} {} reaches {}",
                        p.text(),
                        q.text()
                    );
                    let mut out = Vec::new();
                    rules.options(&q, Side::Left, &mut out);
                    rules.options(&q, Side::Right, &mut out);
                    for o in out {
                        if seen.insert(o) {
                            todo.push(o);
                        }
                    }
                }
            }
        }
        assert!(inner > 1000, "{inner}");
    }

    /// Left's (Right's) longest run of moves, Right (Left) never moving, by the rules.
    fn longest_run(
        rules: &Toads,
        p: Strip,
        side: Side,
        memo: &mut std::collections::HashMap<Strip, u32>,
    ) -> u32 {
        if let Some(&r) = memo.get(&p) {
            return r;
        }
        let mut out = Vec::new();
        rules.options(&p, side, &mut out);
        let r = out
            .into_iter()
            .map(|o| 1 + longest_run(rules, o, side, memo))
            .max()
            .unwrap_or(0);
        memo.insert(p, r);
        r
    }

    #[test]
    fn run_bounds_hold() {
        // The bounds are never below the longest runs, on every strip of up to 9
        // squares (both sides' bounds, so the mirror image is checked too).
        let mut tight = 0;
        for rules in some_rules() {
            let mut memo = [
                std::collections::HashMap::new(),
                std::collections::HashMap::new(),
            ];
            for p in strips(9) {
                let [l, r] = rules.run_bounds(&p).unwrap();
                let runs = [
                    longest_run(&rules, p, Side::Left, &mut memo[0]),
                    longest_run(&rules, p, Side::Right, &mut memo[1]),
                ];
                assert!(runs[0] <= l && runs[1] <= r, "{rules:?} {}", p.text());
                tight += usize::from(runs == [l, r]);
            }
        }
        assert!(tight > 10_000, "{tight}");
        // By hand: in TT.. Left moves 4 times (each toad twice); in T.F each player
        // once; in T.FF. the toad slides once and then faces two frogs, more than it
        // may jump, while the frogs slide once each.
        let d = Toads::default();
        let at = |s: &str| d.run_bounds(&Strip::parse(s).unwrap()).unwrap();
        assert_eq!(at("TT.."), [4, 0]);
        assert_eq!(at("T.F"), [1, 1]);
        assert_eq!(at("T.FF."), [1, 2]);
    }

    #[test]
    fn the_mirror_is_the_negative() {
        // Reading a strip backwards with toads and frogs swapped exchanges the
        // players: the values are negatives, on every strip of up to 7 squares.
        let mut t = GameTable::with_limit(50_000_000);
        let mut v = TreeValues::new();
        for rules in some_rules() {
            for p in strips(7) {
                let g = v.value(&mut t, &rules, &p).unwrap();
                let n = v.value(&mut t, &rules, &p.mirror()).unwrap();
                assert_eq!(t.neg(g).unwrap(), n, "{rules:?} {}", p.text());
            }
        }
        assert_eq!(Strip::parse("TT.F").unwrap().mirror().text(), "T.FF");
    }

    /// Asserts that `rules` values every strip of at most `max_len` squares as its plain
    /// game tree does.
    fn agree_with_plain_tree(t: &mut GameTable, rules: &Toads, max_len: u32) {
        let mut fast = TreeValues::new();
        let mut plain = TreeValues::new();
        for p in strips(max_len) {
            let want = plain.value(t, &Plain(rules), &p).unwrap();
            assert_eq!(
                fast.value(t, rules, &p).unwrap(),
                want,
                "{rules:?} {}",
                p.text()
            );
        }
    }

    #[test]
    fn strips_split_at_frozen_blocks() {
        let mut parts = Vec::new();
        Toads::default().regions(&Strip::parse("FFT.TTFF.F.TT").unwrap(), &mut parts);
        let texts: Vec<String> = parts.iter().map(Strip::text).collect();
        assert_eq!(texts, ["T.", ".F"]);
    }

    #[test]
    fn frogs_left_of_every_toad_split_from_the_toads() {
        // With jumps over up to 3: in .F.F..T.T.. the frogs (1 and 2 empty squares
        // behind them: Right's 3 moves) never meet the toads (3 and 2 empty squares
        // ahead: Left's 5), so the strip is 5 − 3 = 2, written as two integers.
        let rules = Toads {
            min_slide: 1,
            max_slide: 2,
            max_jump: 3,
        };
        let mut parts = Vec::new();
        rules.regions(&Strip::parse(".F.F..T.T..").unwrap(), &mut parts);
        let texts: Vec<String> = parts.iter().map(Strip::text).collect();
        assert_eq!(texts, ["...F", "T....."]);
        assert_eq!(value_with(rules, ".F.F..T.T.."), "2");
        // Slides of two or three: the sides are split but left as strips (the frog at
        // the left end, stuck, is dropped).
        let long = Toads {
            min_slide: 2,
            max_slide: 3,
            max_jump: 1,
        };
        parts.clear();
        long.regions(&Strip::parse("F..F...T..").unwrap(), &mut parts);
        let texts: Vec<String> = parts.iter().map(Strip::text).collect();
        assert_eq!(texts, ["..F", "T.."]);
    }

    #[test]
    fn one_players_parts_are_written_as_their_integers() {
        // T.T..: the first toad has 3 empty squares ahead, the second 2: Left moves
        // 5 times in a row (and Right never), so the strip is the integer 5.
        let mut parts = Vec::new();
        Toads::default().regions(&Strip::parse("T.T..").unwrap(), &mut parts);
        let texts: Vec<String> = parts.iter().map(Strip::text).collect();
        assert_eq!(texts, ["T....."]);
        // Frogs: in ..F.F the first frog has 2 empty squares behind it, the second
        // 3: -5.
        parts.clear();
        Toads::default().regions(&Strip::parse("..F.F").unwrap(), &mut parts);
        let texts: Vec<String> = parts.iter().map(Strip::text).collect();
        assert_eq!(texts, [".....F"]);
        assert_eq!(value("..F.F"), "-5");
        // Slides of exactly two are left as they are: T... is 1, not 3.
        let two = Toads {
            min_slide: 2,
            max_slide: 2,
            max_jump: 1,
        };
        parts.clear();
        two.regions(&Strip::parse("T...").unwrap(), &mut parts);
        assert_eq!(parts, [Strip::parse("T...").unwrap()]);
        // 40 toads and 24 empty squares: 960 moves, in strips of at most 64 squares.
        let long = format!("{}{}", "T".repeat(40), ".".repeat(24));
        parts.clear();
        Toads::default().regions(&Strip::parse(&long).unwrap(), &mut parts);
        assert_eq!(parts.iter().map(|p| p.len() - 1).sum::<usize>(), 960);
        assert!(parts.iter().all(|p| p.len() <= MAX_SQUARES));
    }

    #[test]
    fn strips_without_jumps_split_between_a_frog_and_the_next_toad() {
        let rules = Toads {
            min_slide: 1,
            max_slide: 1,
            max_jump: 0,
        };
        let mut parts = Vec::new();
        rules.regions(&Strip::parse("T..F.F..T.TF.T..F").unwrap(), &mut parts);
        let texts: Vec<String> = parts.iter().map(Strip::text).collect();
        // Cut after each frog followed by a toad: "T..F.F" | "T.TF" | "T..F"; in the
        // middle part "TF" is a frozen block, leaving "T.T", whose last toad is
        // stuck behind the frozen frog and is dropped: "T.".
        assert_eq!(texts, ["T..F.F", "T.", "T..F"]);
        // With jumps the toad may jump the frog: no split there.
        let mut parts = Vec::new();
        Toads::default().regions(&Strip::parse("T.FT..F").unwrap(), &mut parts);
        assert_eq!(parts.len(), 1);
        // Every strip of up to 9 squares, slides of 1 or 1..2, against the plain tree.
        let mut t = GameTable::with_limit(50_000_000);
        for max_slide in [1, 2] {
            let rules = Toads {
                min_slide: 1,
                max_slide,
                max_jump: 0,
            };
            agree_with_plain_tree(&mut t, &rules, 9);
        }
    }

    #[test]
    fn strips_read_back() {
        for (rules, s) in [
            (Toads::default(), "TT..FF"),
            (
                Toads {
                    min_slide: 1,
                    max_slide: 3,
                    max_jump: 1,
                },
                "T.F",
            ),
            (
                Toads {
                    min_slide: 2,
                    max_slide: 2,
                    max_jump: 3,
                },
                "T..F",
            ),
        ] {
            let text = rules.show(&Strip::parse(s).unwrap());
            let (r, p) = super::super::graph::read_back::<Toads>(&text);
            assert_eq!((r, p.text()), (rules, s.to_string()), "{text}");
        }
    }
}
